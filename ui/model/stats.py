"""The player's statistics on this device, per level of the computer.

Every count comes from the engine's facts about a finished hand
(:meth:`sixtysix.scoring.Result.facts`: winner, game points, closer,
declarer, reason, deemed); nothing here decides a rule. No browser imports.

Saved shape (``to_dict``): the totals at the top (what versions before
per-level statistics read and write), ``levels`` with one block per level,
and ``earlier`` for totals saved before levels were counted: an old save is
migrated into ``earlier``, never dropped.
"""

from __future__ import annotations

import json
import zlib

from ui.model.record import Record, field

HUMAN = 0
#: The levels statistics are kept for (``random`` only through ``?level=``, for tests).
LEVELS = ("easy", "medium", "hard", "random")
TOTALS = ("hands_won", "hands_lost", "matches_won", "matches_lost")
#: Reviewed hands kept for the trend of what the player's decisions cost (the newest last).
REVIEWS_KEPT = 40
#: The trend compares the mean cost of the last TREND reviewed hands with the TREND before.
TREND = 10


def _count(v) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else None


class LevelStats(Record):
    """What happened in the hands and matches played at one level."""

    hands_won: int = 0
    hands_lost: int = 0
    matches_won: int = 0
    matches_lost: int = 0
    game_points_won: int = 0
    game_points_lost: int = 0
    closes: int = 0
    closes_won: int = 0
    declarations: int = 0
    false_declarations: int = 0
    streak: int = 0  # hands won in a row, now
    best_streak: int = 0

    @classmethod
    def from_dict(cls, data) -> "LevelStats":
        s = cls()
        if isinstance(data, dict):
            for name in cls._fields:
                if (v := _count(data.get(name))) is not None:
                    setattr(s, name, v)
        return s

    def to_dict(self) -> dict:
        return self.as_dict()

    @property
    def hands(self) -> int:
        return self.hands_won + self.hands_lost

    def count_hand(self, facts: dict, me: int = HUMAN) -> None:
        """Count a finished hand from its result facts, for player ``me``."""
        won = facts["winner"] == me
        if won:
            self.hands_won += 1
            self.game_points_won += facts["game_points"]
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.hands_lost += 1
            self.game_points_lost += facts["game_points"]
            self.streak = 0
        if facts["closer"] == me:
            self.closes += 1
            self.closes_won += won
        if facts["declarer"] == me and not facts["deemed"]:
            self.declarations += 1
            # a declaration that lost the hand was false: the engine's reason says so
            self.false_declarations += facts["reason"] in ("false_declaration", "closed_failed") and not won

    def count_match(self, won: bool) -> None:
        if won:
            self.matches_won += 1
        else:
            self.matches_lost += 1


def hand_key(hand: dict) -> str:
    """A short key for a hand's record (``{"deck", "dealer", "actions"}``): the same hand, the same key."""
    text = json.dumps([list(hand["deck"]), hand["dealer"], list(hand["actions"])])
    return f"{zlib.crc32(text.encode()):08x}"


def _review(entry) -> dict | None:
    """A saved review entry, or ``None`` if it is not one."""
    if not isinstance(entry, dict):
        return None
    hand, match, cost = entry.get("hand"), entry.get("match"), entry.get("cost")
    if not (isinstance(hand, str) and 0 < len(hand) <= 16 and isinstance(match, str) and len(match) <= 16):
        return None
    if isinstance(cost, bool) or not isinstance(cost, (int, float)) or not 0 <= cost <= 6:
        return None
    return {"hand": hand, "match": match, "cost": float(cost)}


class Stats(Record):
    """Per-level statistics; ``level`` (not saved) is where the next counts go:
    the turn loop points it at the level in force (:meth:`count_at`).
    ``reviews``: what the player's decisions cost in each reviewed hand of
    their own matches (``{"hand", "match", "cost"}``, the newest last)."""

    levels: dict = field(default_factory=dict)
    earlier: LevelStats | None = None
    reviews: list = field(default_factory=list)
    level: str = field(default="medium", compare=False)

    @classmethod
    def from_dict(cls, data) -> "Stats":
        s = cls()
        if not isinstance(data, dict):
            return s
        levels = data.get("levels")
        if isinstance(levels, dict):
            s.levels = {lv: LevelStats.from_dict(d) for lv, d in levels.items() if lv in LEVELS}
            if isinstance(data.get("earlier"), dict):
                s.earlier = LevelStats.from_dict(data["earlier"])
        else:  # saved before levels were counted: keep those totals as they were
            old = LevelStats.from_dict({k: data.get(k) for k in TOTALS})
            s.earlier = old if old.hands or old.matches_won or old.matches_lost else None
        if isinstance(data.get("reviews"), list):
            s.reviews = [r for r in map(_review, data["reviews"]) if r is not None][-REVIEWS_KEPT:]
        return s

    def to_dict(self) -> dict:
        out = {k: getattr(self, k) for k in TOTALS}
        out["levels"] = {lv: st.to_dict() for lv, st in self.levels.items()}
        if self.earlier is not None:
            out["earlier"] = self.earlier.to_dict()
        if self.reviews:
            out["reviews"] = [dict(r) for r in self.reviews]
        return out

    def _all(self):
        return [*self.levels.values(), *([self.earlier] if self.earlier else [])]

    def __getattr__(self, name):  # the totals: hands_won, hands_lost, matches_won, matches_lost
        if name in TOTALS:
            return sum(getattr(st, name) for st in self._all())
        raise AttributeError(name)

    def at(self, level: str) -> LevelStats:
        return self.levels.setdefault(level if level in LEVELS else "medium", LevelStats())

    def count_at(self, level: str) -> None:
        """Count the next hands and matches at ``level``."""
        self.level = level

    def count_hand(self, facts: dict) -> None:
        self.at(self.level).count_hand(facts)

    def count_match(self, won: bool) -> None:
        self.at(self.level).count_match(won)

    def reset(self) -> None:
        self.levels.clear()
        self.earlier = None
        self.reviews.clear()

    # -- what the player's decisions cost, from the hand reviews --------------
    def note_review(self, hand: str, match: str, cost: float) -> None:
        """A reviewed hand (``hand``: its key) of the match ``match``: its
        decisions cost ``cost`` game points. A hand reviewed again is counted once, as the newest."""
        self.reviews = [r for r in self.reviews if r["hand"] != hand]
        # kept whole: rounded here and again when shown, 5.149 was said 5,1 in the review and 5,2 here
        self.reviews.append({"hand": hand, "match": match, "cost": float(cost)})
        del self.reviews[:-REVIEWS_KEPT]

    def review_trend(self) -> tuple[int, float | None, float | None]:
        """(hands reviewed, the mean cost of the last :data:`TREND`, of the
        :data:`TREND` before them; ``None`` where there are none)."""
        costs = [r["cost"] for r in self.reviews]
        recent, before = costs[-TREND:], costs[-2 * TREND:-TREND]
        mean = (lambda xs: sum(xs) / len(xs) if xs else None)
        return len(costs), mean(recent), mean(before)

    def match_reviews(self, match: str) -> tuple[int, float]:
        """(hands of ``match`` reviewed, what their decisions cost in all)."""
        costs = [r["cost"] for r in self.reviews if r["match"] == match]
        return len(costs), sum(costs)
