"""Find seeds and clicks that reach a given situation, by playing in CPython.

The page is deterministic: ``?seed=N`` deals the same match, and the bot
worker seeds each decision from the view (``ui.model.botcall``). So this module can
play exactly what the browser will play, with the same ``ui.model.table.Table`` and
turn loop (``ui.model.flow``) the page uses, and hand the tests the clicks to make
and what to expect.

    >>> s = find(lambda sim: "exchange" in sim.legal())
    >>> s.seed, s.intents   # the clicks that lead there, then the test clicks "Trocar"

An *intent* is what a person does: ``("card", "QH")`` (tap a card; a K/Q with
its marriage announceable announces it, as on the page) or ``("button",
"exchange" | "close" | "declare")``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ui.model import botcall
from ui.model.flow import Flow, run_now
from ui.model.i18n import Translator, load_catalog
from ui.model.page import PageState
from ui.model.present import build, message_text
from ui.model.table import hand_order
from ui.model.settings import Settings
from ui.model.table import HUMAN, Table

ROOT = Path(__file__).resolve().parent.parent

#: The computer's level in the tests: fast and deterministic.
TEST_LEVEL = "random"


def ask_now(function: str, view_json: str, *args):
    """The worker's bot call, made at once in CPython (``ui.model.botcall``'s answers)."""
    if function == "choose":
        return botcall.choose_json(view_json, *args)
    raise ValueError(f"the scenarios ask no {function!r}")


async def no_sleep(seconds: float) -> None:
    return None


def translator(lang: str) -> Translator:
    return Translator(lang, load_catalog(lang, ROOT))


class Sim:
    """A table driven like the page, through its turn loop (``ui.model.flow`` at zero
    pace with a sync bot): the player's intents, then the computer's answers."""

    def __init__(self, seed: int, level: str = TEST_LEVEL):
        self.seed = seed
        self.level = level
        #: The player's settings, as the page's menu sets them (:meth:`set_count_myself`).
        self.flow = Flow(Table.new(seed), Settings(), ask=ask_now, sleep=no_sleep, clock=lambda: 0.0,
                         log=self._failed, level=level)
        self.intents: list[tuple[str, str]] = []
        self.computer_moves()

    @property
    def table(self) -> Table:
        return self.flow.table

    @staticmethod
    def _failed(where, exc):
        raise AssertionError(f"the scenario's bot failed ({where}): {exc}") from exc

    # what the player sees
    def view(self) -> dict:
        return self.table.view(HUMAN)

    def legal(self) -> list[str]:
        return self.view()["legal"] if self.table.human_to_move() else []

    def hand(self) -> list[str]:
        return hand_order(self.view()["hand"])

    def playable(self) -> list[str]:
        legal = self.legal()
        return [c for c in self.hand() if f"play:{c}" in legal]

    def model(self, lang: str = "pt", settings: Settings | None = None):
        return build(self.table, PageState(settings=settings or self.flow.settings), translator(lang))

    # what the player does
    def do(self, kind: str, what: str) -> None:
        if kind == "card":
            actions = self.table.actions_for_card(what)
            if not actions:
                raise ValueError(f"{what} cannot be played now")
        elif what in self.legal():
            actions = [what]
        else:
            raise ValueError(f"{what!r} is not the player's to do now")
        self.intents.append((kind, what))
        run_now(self.flow.human(actions))  # the computer answers until it is the player's turn

    def computer_moves(self) -> None:
        run_now(self.flow.computer_turns())

    def play_first(self) -> None:
        """The plainest player: tap the first playable card from the left."""
        self.do("card", self.playable()[0])

    @property
    def over(self) -> bool:
        return self.table.hand_over

    # -- what the page does around a tap, for the UI-logic tests in CPython ------
    # (tests/test_ui_table_actions.py; only Sim's own methods, so the tests
    # do not depend on how Flow and present.build are called)
    def replay(self, intents) -> None:
        """Do ``intents`` (a :class:`Scenario`'s) in order."""
        for kind, what in intents:
            self.do(kind, what)

    def set_count_myself(self, on: bool = True) -> None:
        """The menu's "count myself" box (the flow reads the same settings)."""
        self.flow.choose(count_myself=on)

    def tap(self, code: str) -> bool:
        """A tap on a card of the hand, as ui/dom/events.py handles it: a dimmed
        card is explained (``False``), a playable one played (``True``)."""
        if not self.table.actions_for_card(code):
            if not self.table.explain_refusal(code):
                raise ValueError(f"{code} is neither playable nor refused now")
            return False
        self.do("card", code)
        return True

    def said(self, lang: str = "pt") -> list[str]:
        """What the live region says since the last call (the table's new events, in words)."""
        tr = translator(lang)
        return [message_text(m, tr) for m in self.table.take_events()]

    def log(self, lang: str = "pt") -> list[str]:
        """The message line (the page's role="log")."""
        return self.model(lang).messages

    def card(self, code: str, lang: str = "pt"):
        """The player's card ``code`` as the table shows it (playable, dimmed...)."""
        return next(c for c in self.model(lang).my_cards if c.code == code)

    def last_trick(self) -> list[str]:
        """The cards of the last finished trick (the "last trick" dialog)."""
        model = self.model()
        return [c.code for c in model.last_trick or []]


@dataclass
class Scenario:
    seed: int
    intents: list = field(default_factory=list)
    sim: Sim | None = None


def find(goal, step=Sim.play_first, seeds=range(1, 400), max_steps: int = 20, level: str = TEST_LEVEL) -> Scenario:
    """The first seed where, playing with ``step``, the player's turn meets ``goal(sim)``."""
    for seed in seeds:
        sim = Sim(seed, level)
        for _ in range(max_steps):
            if sim.over:
                break
            if goal(sim):
                return Scenario(seed, list(sim.intents), sim)
            step(sim)
    raise LookupError("no seed reaches that situation; widen the search")


def play_out(seed: int, step=Sim.play_first, level: str = TEST_LEVEL) -> Sim:
    """Play the first hand of ``seed`` to its end with ``step``."""
    sim = Sim(seed, level)
    while not sim.over:
        step(sim)
    return sim


# -- the situations the browser tests need ------------------------------------
def close_when_possible(sim: Sim) -> None:
    """Close the stock at the first chance, otherwise tap the first playable card."""
    if "close" in sim.legal() and sim.view()["closed_by"] is None:
        sim.do("button", "close")
    else:
        sim.play_first()


def can_exchange() -> Scenario:
    return find(lambda sim: "exchange" in sim.legal())


def can_marry(points: int) -> Scenario:
    """The player may announce a marriage worth ``points`` (20, or 40 in trumps)."""
    def goal(sim):
        trump = sim.view()["trump"]
        return any(a.startswith("marry:") and (a[6:] == trump) == (points == 40) for a in sim.legal())
    return find(goal)


def missed_marriage() -> Scenario:
    """The player leads holding a K and Q of one suit, with no trick won yet."""
    def goal(sim):
        v = sim.view()
        pairs = [s for s in "CDHS" if f"K{s}" in v["hand"] and f"Q{s}" in v["hand"]]
        return bool(pairs) and not v["trick"] and v["tricks"][0] == 0 and v["to_move"] == 0
    return find(goal)


def strict_follow() -> Scenario:
    """After the player closed, the computer leads and some cards may not be played."""
    def goal(sim):
        v = sim.view()
        return (v["closed_by"] == 0 and len(v["trick"]) == 1
                and len(sim.playable()) < len(sim.hand()))
    return find(goal, step=close_when_possible)


def can_declare() -> Scenario:
    """The player has 66 or more and is on lead: "Anunciar 66" shows."""
    return find(lambda sim: "declare" in sim.legal() and sim.view()["points"][0] >= 66)


def can_declare_falsely() -> Scenario:
    """The player has a trick but fewer than 66 and may declare."""
    return find(lambda sim: "declare" in sim.legal() and sim.view()["tricks"][0] >= 1
                and sim.view()["points"][0] < 66)


def every_button_intent(sim: Sim) -> tuple[str, str]:
    """The next intent of a player who uses every button: exchanges the trump,
    announces a marriage (tapping its K), declares from 66, closes once the
    exchange is done, and otherwise taps the first playable card."""
    v, legal = sim.view(), sim.legal()
    marriages = [a[6:] for a in legal if a.startswith("marry:")]
    if "exchange" in legal:
        return ("button", "exchange")
    if marriages and not v["pending_marriage"]:
        return ("card", "K" + marriages[0])
    if "declare" in legal and v["points"][0] >= 66:
        return ("button", "declare")
    if "close" in legal and v["closed_by"] is None and ("button", "exchange") in sim.intents:
        return ("button", "close")
    return ("card", sim.playable()[0])


def refusing(sim: Sim) -> bool:
    """The player follows after closing, and some cards may not be played."""
    v = sim.view()
    return v["closed_by"] == 0 and len(v["trick"]) == 1 and len(sim.playable()) < len(sim.hand())


def every_button() -> Scenario:
    """A first hand, counting myself, where the player of :func:`every_button_intent`
    exchanges, announces a marriage, closes, meets a card refused and wins by
    declaring 66: the browser's smoke test of the table's buttons."""
    for seed in range(1, 400):
        sim = Sim(seed)
        sim.set_count_myself(True)
        refused = False
        for _ in range(30):
            if sim.over:
                break
            refused = refused or refusing(sim)
            sim.do(*every_button_intent(sim))
        done = {what for _, what in sim.intents}
        if (sim.over and refused and {"exchange", "close", "declare"} <= done
                and sim.view()["marriages"] and sim.view()["result"]["reason"] == "declared"):
            return Scenario(seed, list(sim.intents), sim)
    raise LookupError("no seed uses every button; widen the search")


def nearly_finished_match() -> tuple[str, str, dict]:
    """A saved game (the page's localStorage text) one tap before the match ends:
    the player's last card of the deciding hand. Returns (saved text, card, the
    finished match's scores and winner)."""
    return _one_tap_before(lambda t: t.match_over)


def nearly_finished_hand() -> tuple[str, str, dict]:
    """Like :func:`nearly_finished_match`, one tap before a hand ends on its
    last trick with the match going on (a score sheet of a few hands)."""
    return _one_tap_before(lambda t: t.hand_over and not t.match_over
                           and t.view(HUMAN)["result"]["reason"] == "last_trick")


def _one_tap_before(finished) -> tuple[str, str, dict]:
    import json

    from sixtysix import records

    from ui.model.storage import VERSION

    for seed in range(1, 300):
        t = Table.new(seed)
        while not finished(t) and not t.match_over:
            if t.hand_over:
                t.next_hand()
                continue
            p = t.to_move
            v = t.view(p)
            t.apply(p, "declare" if "declare" in v["legal"] and v["points"][p] >= 66 else v["legal"][0])
        last = t.view(HUMAN)["history"][-1]
        if not finished(t) or last["player"] != HUMAN or not last["action"].startswith("play:"):
            continue
        rec = records.to_dict(t.match)
        rec["hands"][-1]["actions"] = rec["hands"][-1]["actions"][:-1]
        rec["hands"][-1].pop("result", None)
        saved = json.dumps({"version": VERSION, "match": json.dumps(rec), "counted_hands": len(rec["hands"]) - 1})
        return saved, last["action"][5:], {"scores": t.match.scores, "winner": t.match.winner}
    raise LookupError("no hand or match ends with the player's card")
