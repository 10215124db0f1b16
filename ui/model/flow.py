"""The turn loop: who acts next, and the pauses between the steps (no browser imports).

:class:`Flow` holds the table (and the match kept aside while a deal is
replayed), applies the player's action, lets the computer act until it is the
player's turn, and paces it all: the bot's least think time, a card's travel,
a finished trick left on show (a click, tap or key cuts it short: :meth:`hurry`)
and its gathering. Everything the browser does is injected, so CPython tests
run the same loop with a fake clock and the real bots:

- ``ask(function, view_json, [level], [capped])``: the bot call (the worker's
  ``choose``/``hint``), sync or async; it may fail (raise) or answer garbage;
  ``capped=False`` is passed only when the flow was made with ``capped=False``;
- ``sleep(seconds)`` (async) and ``clock()`` (seconds);
- ``render()``, ``save(table)``, ``gather(winner)`` (async: the sweep of a
  finished trick towards ``"you"``/``"computer"``), ``log(where, exc)``.

A table replaced while a turn is under way (a new match, a replay, another
tab's newer match) raises :attr:`generation`: the old turn stops at its next step.
No rule is decided here: the table and the engine behind it do.
"""

from __future__ import annotations

import asyncio
import json

from ui.model.table import COMPUTER, HUMAN, Table


async def _no_gather(winner):
    return None


def _no_log(where, exc):
    return None


class Flow:
    def __init__(self, table: Table, settings, *, ask, sleep, clock, render=lambda: None,
                 save=lambda table: None, gather=_no_gather, log=_no_log, pace=None, level="medium",
                 capped=True):
        self.table = table
        #: The match's own table, kept aside while a deal is replayed.
        self.match_table: Table | None = None
        self.settings = settings
        self.ask, self.sleep, self.clock = ask, sleep, clock
        self.render, self.save_table, self.gather_animation, self.log = render, save, gather, log
        self.pace = pace or {"think": 0, "travel": 0, "show_trick": 0, "gather": 0}
        self.level = level
        #: ``False``: the bots search without their wall-time cap (``?timecap=0``, tests only).
        self.capped = capped
        #: Raised whenever the table is replaced: a computer turn under way stops.
        self.generation = 0
        self.busy = False
        #: The bot is computing a move (the only time the table says "thinking").
        self.thinking = False
        self.hint_pending = False
        #: How the last finished trick left the table: ``"hurried"`` or ``"timed"``.
        self.gathered = ""
        #: Notice keys for the page (``notice.*``), newest last.
        self.notices: list[str] = []
        #: The pause under way that a click, tap or key may cut short...
        self._hurry_wait: asyncio.Event | None = None
        #: ...or a click that came while the trick's last card was still landing.
        self.hurried = False

    @property
    def match(self) -> Table:
        """The table of the match itself (not a replayed deal)."""
        return self.match_table or self.table

    def tell(self, key: str) -> None:
        self.notices.append(key)

    def save(self) -> None:
        self.save_table(self.table)

    def replace(self, table: Table) -> None:
        self.table = table
        self.generation += 1
        self.hurried = False

    # -- the bot -------------------------------------------------------------
    async def call_bot(self, function: str, view: dict, level: str | None = None) -> str | None:
        """The bot's answer as text; ``None`` (logged) when the call fails."""
        try:
            args = ([level] if level else []) + ([] if self.capped else [False])
            answer = self.ask(function, json.dumps(view), *args)
            if hasattr(answer, "__await__"):  # an async call (the worker's promise)
                answer = await answer
            return None if answer is None else str(answer)
        except Exception as exc:  # the worker or the bot broke: the table plays on
            self.log(f"bot {function}", exc)
            return None

    # -- the player's action -------------------------------------------------
    async def human(self, notations: list[str]) -> None:
        """The player's action(s): a card (maybe with its marriage) or a button."""
        if self.busy or not self.table.human_to_move() or notations[0] not in self.table.view(HUMAN)["legal"]:
            self.render()
            return
        self.busy = True
        try:
            self.table.apply_human(notations, self.settings.count_myself)
            self.save()
            self.render()
            if notations[-1].startswith("play:") and self.pace["travel"]:
                await self.sleep(self.pace["travel"])
            await self.show_finished_trick()
        finally:
            self.busy = False
        await self.computer_turns()

    # -- the computer's turns ------------------------------------------------
    async def computer_turns(self) -> None:
        """Let the computer act until it is the player's turn or the hand ends."""
        if self.busy:
            return
        self.busy = True
        generation = self.generation
        try:
            while generation == self.generation and self.table.computer_to_move():
                self.thinking = True
                self.render()
                started = self.clock()
                view = self.table.view(COMPUTER)
                try:
                    notation = await self.call_bot("choose", view, self.level)
                    elapsed = self.clock() - started
                    if elapsed < self.pace["think"]:  # a fast answer still takes the pace's time
                        await self.sleep(self.pace["think"] - elapsed)
                finally:
                    self.thinking = False
                if generation != self.generation or not self.table.computer_to_move():
                    break  # the table changed meanwhile (new match, another tab)
                if not self.table.apply_computer(notation or ""):
                    if notation is not None:  # a failed call is logged already
                        self.log("bot choose", ValueError(f"unusable answer {notation!r}"))
                    self.tell("notice.bot_failed")
                self.save()
                self.render()
                if notation and notation.startswith("play:") and self.pace["travel"]:
                    await self.sleep(self.pace["travel"])
                await self.show_finished_trick()
        finally:
            self.busy = False
            self.render()

    async def show_finished_trick(self) -> None:
        """Leave a completed trick on the table for a moment, then gather it."""
        table = self.table
        if table.showing_trick is None:
            return
        hurried = await self.pause(self.pace["show_trick"])
        self.hurried = False
        winner = "you" if table.showing_trick["winner"] == HUMAN else "computer"
        if not hurried and self.pace["gather"]:
            await self.gather_animation(winner)
        self.gathered = "hurried" if hurried else "timed"
        if table is self.table:  # not replaced meanwhile
            table.gather()
        self.render()

    async def pause(self, seconds: float) -> bool:
        """Wait ``seconds``, or less if :meth:`hurry` is called; True if it was."""
        if self.hurried:
            return True
        if seconds <= 0:
            return False
        wait = self._hurry_wait = asyncio.Event()
        sleeper = asyncio.ensure_future(self.sleep(seconds))
        hurry = asyncio.ensure_future(wait.wait())
        try:
            done, _ = await asyncio.wait({sleeper, hurry}, return_when=asyncio.FIRST_COMPLETED)
            return hurry in done
        finally:
            sleeper.cancel()
            hurry.cancel()
            self._hurry_wait = None

    def hurry(self) -> None:
        """The player clicked, tapped or pressed a key on a finished trick: gather it now."""
        if self.table.showing_trick is None:
            return
        self.hurried = True
        if self._hurry_wait is not None:
            self._hurry_wait.set()

    # -- hints ---------------------------------------------------------------
    async def ask_hint(self) -> None:
        if self.hint_pending or not self.table.human_to_move() or self.busy:
            return
        self.hint_pending = True
        self.render()
        view = self.table.view(HUMAN)
        try:
            notation = await self.call_bot("hint", view)
        finally:
            self.hint_pending = False
        if self.table.view(HUMAN)["history"] == view["history"]:
            self.table.set_hint(notation)
        self.render()

    # -- between hands and matches -------------------------------------------
    async def next_hand(self, takes_over=lambda: False) -> None:
        """Deal the next hand; ``takes_over()`` (after the save) may hand the
        page to a new version instead of playing on."""
        table = self.table
        if self.busy or not table.hand_over or table.match_over or table.replay_of is not None:
            return
        table.next_hand()
        self.save()
        if takes_over():
            return
        self.render()
        await self.computer_turns()

    async def new_match(self, seed=None, takes_over=lambda: False, landing=lambda: None,
                        practice: bool = False) -> None:
        """Abandon the match (it counts as lost if in progress: the caller asked
        first) and deal a new one (a practice match with ``practice``). Works
        while the computer thinks: that turn stops at its next step, and this waits for it."""
        match = self.match
        match.abandon()
        self.match_table = None  # a replay in progress ends with the old match
        self.replace(Table.new(seed, match.stats, practice=practice))
        self.save()  # at once: the old turn's last render already shows the new table
        if takes_over():
            return
        while self.busy:
            await self.sleep(0.02)
        landing()
        self.render()
        await self.computer_turns()

    def take_back(self) -> bool:
        """Practice: undo the player's last move and the computer's answers
        (:meth:`ui.model.table.Table.take_back`), never while a move is under way."""
        if self.busy or self.table.replay_of is not None or not self.table.take_back():
            return False
        self.save()
        self.render()
        return True

    def start_replay(self, table: Table) -> None:
        """Put a replayed deal on the table; the match waits aside."""
        if self.match_table is None:
            self.match_table = self.table
        self.replace(table)
        self.render()

    async def back_to_match(self) -> None:
        if self.busy or self.match_table is None:
            return
        table, self.match_table = self.match_table, None
        self.replace(table)
        self.render()
        await self.computer_turns()  # the match resumes where it was

    async def play_on_when_idle(self) -> None:
        """Let the computer move in a table swapped in while a turn was running
        (that turn stops when it sees the table changed)."""
        while self.busy:
            await self.sleep(0.05)
        await self.computer_turns()

    def adopt(self, table: Table) -> None:
        """Another tab's newer match: it replaces ours (aside, if a replay is on the table)."""
        if self.match_table is not None:
            self.match_table = table
        else:
            self.replace(table)


def run_now(coro):
    """Run a coroutine that never waits (zero pace, a sync bot) to its end, without
    an event loop: what the CPython scenarios need thousands of times a second."""
    try:
        coro.send(None)
    except StopIteration as stop:
        return stop.value
    coro.close()
    raise RuntimeError("the flow waited: run_now needs a zero pace and a sync bot")
