"""Problems on the page (issue 31): one position at a time from the shipped
set (``assets/problems.json``, :mod:`sixtysix.problems`), played out on a
table of its own against the solver's defence, then said solved or failed
with the reason; the player's progress kept apart from the match (no
browser imports).

The order: the set is shipped easiest first (how many moves to see); the
next problem is the first failed one that is due again (a failure comes back
after :data:`COME_BACK` other problems), else the first not yet solved.
"""

from __future__ import annotations

from sixtysix import Match, problems
from sixtysix.match import TARGET

from ui.model.record import Record, field
from ui.model.replay import KeepsUnderWay, Original, UnderWay, parse_left, play_moves
from ui.model.stats import Stats
from ui.model.table import Table

#: A failed problem comes back after this many other problems tried.
COME_BACK = 5
#: Problems remembered as solved or failed (more than the shipped set).
KEPT = 2000
#: Personal problems kept (from the player's own costly decisions), the newest.
PERSONAL_KEPT = 30


#: Who closed a problem's stock, said as it starts (``closed_by`` of :mod:`sixtysix.problems`).
CLOSER_SAID = {"you": "msg.problem.closed.you", "opponent": "msg.problem.closed.computer"}


def problem_table(problem, day: str = "", actions=()) -> Table:
    """``problem``'s position on a table of its own (never saved as the match,
    never counted): you are player 0. ``day``: the date of the player's own hand
    it comes from; ``actions``: its moves so far, played again to resume it.

    :raises ValueError: if the moves do not fit the problem (the caller starts it afresh)."""
    game = problems.to_game(problem)
    match = Match.from_games(None, [game], game.dealer, TARGET)
    table = Table(match, 0, Stats(), replay_of=Original({}, False, problem=problem))
    if day:
        from ui.model.daily import shown
        table.say("msg.problem.personal", date=shown(day))
    table.say("msg.problem.start", n=problem.depth, you=problem.points[0], computer=problem.points[1])
    closer = CLOSER_SAID.get(problem.closed_by)
    if closer:  # who closed decides who must declare (RULES.md, scoring rule 3): said at once
        table.say(closer)
    return play_moves(table, actions)


def personal_problems(hand: dict, decisions: dict) -> list:
    """The player's costly decisions in ``hand`` that the solver decides exactly
    (stock closed or empty) as problems of their own: the position before each,
    kept where one move beats every other by a game point (:func:`sixtysix.problems.is_problem`)."""
    from sixtysix.review import replay

    from ui.model.review import is_costly

    out = []
    for index in sorted(decisions):
        d = decisions[index]
        if d.player != 0 or not d.exact or not is_costly(d):
            continue
        try:
            problem = problems.make(replay(hand["deck"], hand["dealer"], hand["actions"][:index]))
        except (problems.ProblemError, ValueError):  # a position no problem can hold (a marriage pending...)
            continue
        if problems.is_problem(problem.values):
            out.append(problem)
    return out


def defend(state: dict) -> str:
    """The solver's move for the side to move in a problem being played
    (``{"problem": its position, "actions": [...]}``): the best line's first move."""
    game = problems.to_game(state["problem"])
    for action in state["actions"]:
        game.apply(action)
    return problems.line(game)[0]


def player_slip(problem, made: list[str]) -> int:
    """Where the player's moves (``made``, from the problem's position) first left
    the best line: that move's index in ``problem.line``; 0 when the first move
    was not the best one, or where the line cannot say (the defence left it first)."""
    game = problems.to_game(problem)
    for index, (move, best) in enumerate(zip(made, problem.line)):
        if move != best:
            return index if game.to_move == 0 else 0
        game.apply(move)
    return 0


def outcome(problem, facts: dict) -> bool:
    """Solved: the hand ended with as many game points as the best move promised."""
    points = facts["game_points"] if facts["winner"] == 0 else -facts["game_points"]
    return points >= problem.values[problem.best[0]]


def _problem_id(text: str) -> None:
    """:raises ValueError: for anything but a problem's id (eight characters)."""
    if len(text) != 8:
        raise ValueError(f"not a problem id: {text!r}")


class ProblemBook(Record, KeepsUnderWay):
    """The player's progress: problems solved, and the failed ones with when they come back."""

    solved: list = field(default_factory=list)
    #: id -> the number of tries after which it is due again.
    failed: dict = field(default_factory=dict)
    failures: int = 0
    tries: int = 0
    #: The player's own problems, newest last: ``{"day": "2026-12-05", "problem": record}``.
    personal: list = field(default_factory=list)
    #: The problem under way (``of``: its id), resumed where it was.
    current: UnderWay | None = None
    #: Other problems left under way for another: id -> moves (ui/model/replay.py).
    left: dict = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data) -> "ProblemBook":
        """The saved progress, keeping only what is well formed (never raises)."""
        book = cls()
        if not isinstance(data, dict):
            return book
        ok = (lambda x: isinstance(x, str) and len(x) == 8)
        count = (lambda x: isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 10**7)
        if isinstance(data.get("solved"), list):
            book.solved = [x for x in data["solved"] if ok(x)][-KEPT:]
        if isinstance(data.get("failed"), dict):
            book.failed = {k: v for k, v in data["failed"].items() if ok(k) and count(v)}
        for name in ("failures", "tries"):
            if count(data.get(name)):
                setattr(book, name, data[name])
        for entry in data.get("personal") or [] if isinstance(data.get("personal"), list) else []:
            try:
                from ui.model.daily import parse_date
                book.personal.append({"day": parse_date(entry["day"]),
                                      "problem": problems.from_dict(entry["problem"]).to_dict()})
            except (problems.ProblemError, ValueError, KeyError, TypeError):
                continue  # a damaged or tampered one is dropped, the rest kept
        book.personal = book.personal[-PERSONAL_KEPT:]
        book.current = UnderWay.parse(data.get("current"), _problem_id)
        book.left = parse_left(data.get("left"), _problem_id)
        return book

    def to_dict(self) -> dict:
        return {"solved": list(self.solved), "failed": dict(self.failed), "failures": self.failures,
                "tries": self.tries, "personal": [dict(e) for e in self.personal],
                "current": self.current.as_dict() if self.current else None, "left": dict(self.left)}

    def lines(self, tr) -> list[str]:
        """The statistics' words on the problems (none before a first try)."""
        if not self.tries:
            return []
        return [tr.t("stats.problems", solved=len(self.solved), failed=len(self.failed), tries=self.tries)]

    def add_personal(self, found: list, day: str) -> int:
        """Keep ``found`` (problems from the player's own hand of ``day``) not kept yet; returns how many."""
        known = {e["problem"]["id"] for e in self.personal} | set(self.solved)
        new = [p for p in found if p.id not in known]
        self.personal += [{"day": day, "problem": p.to_dict()} for p in new]
        del self.personal[:-PERSONAL_KEPT]
        return len(new)

    def offer(self, shipped: list):
        """The problem to offer now and, for the player's own, the day of its hand (else ``""``):
        the one under way, then a new personal one, then :meth:`next` over the shipped set
        and the personal ones."""
        mine = [(problems.from_dict(e["problem"]), e["day"]) for e in self.personal]
        days = {p.id: day for p, day in mine}
        tried = set(self.solved) | set(self.failed)
        every = shipped + [p for p, _ in mine]
        under_way = next((p for p in every if p.id == self.current.of), None) if self.current is not None else None
        fresh = next((p for p, _ in mine if p.id not in tried), None)
        chosen = under_way or fresh or self.next(every)
        return chosen, days.get(chosen.id, "") if chosen is not None else ""

    def next(self, shipped: list):
        """The problem to offer now: a failed one that is due, else the first not solved; ``None``: all solved."""
        by_id = {p.id: p for p in shipped}
        for pid, due in sorted(self.failed.items(), key=lambda kv: kv[1]):
            if due <= self.tries and pid in by_id:
                return by_id[pid]
        done = set(self.solved) | set(self.failed)
        return next((p for p in shipped if p.id not in done), None) or next(
            (by_id[pid] for pid in sorted(self.failed, key=self.failed.get) if pid in by_id), None)

    def note(self, pid: str, solved: bool) -> None:
        """A try: solved (a failure of it is forgiven) or failed (it comes back later)."""
        self.played_out(pid)  # nothing left to resume
        self.tries += 1
        if solved:
            self.failed.pop(pid, None)
            if pid not in self.solved:
                self.solved.append(pid)
        else:
            self.failures += 1
            self.failed[pid] = self.tries + COME_BACK
