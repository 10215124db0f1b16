"""The player's moves: taps and buttons handed to the turn loop (:class:`ui.model.flow.Flow`).

Each move is taken at once: the markers say "wait" (:meth:`Renderer.hold`)
before the event that started it returns, so nothing (a person or a test)
acts twice. No rule of the game is decided here: the table says what a tap
sends and why a card is refused.
"""

import asyncio

from pyscript import document

from ui.dom.elements import by_id


class Moves:
    def __init__(self, flow, renderer, confirm, sync, practising):
        self.flow, self.renderer, self.confirm, self.sync = flow, renderer, confirm, sync
        #: ``practising()``: whether a new match starts as a practice match.
        self.practising = practising

    def spawn(self, coro):
        """Run an event's coroutine (errors are logged by the flow)."""
        return asyncio.ensure_future(self.flow.guarded(coro))

    def hold_and(self, coro):
        """Mark the table as busy right away, then run ``coro``."""
        self.renderer.hold()
        return self.spawn(coro)

    # -- the hand ----------------------------------------------------------------
    def refuse(self, code):
        if self.flow.table.explain_refusal(code):  # a dimmed card: say why, in words
            self.flow.render()

    def play_card(self, code, focus_at=None):
        """A tap on a card: its action(s), the focus back at ``focus_at`` in the hand after."""
        actions = self.flow.table.actions_for_card(code)
        if not actions:
            return
        self.flow.focus_hand(focus_at)
        self.take_input(actions)

    def press(self, name):
        """A move's button. A costly one (closing, declaring) may only ask the
        first time (:meth:`ui.model.flow.Flow.tap`): the question lapses by itself."""
        if self.flow.busy or not self.flow.table.human_to_move():
            return
        arming = self.flow.tap(name)
        if arming is None:
            self.take_input([name])
        else:
            self.spawn(self.flow.lapse(arming))

    def withdraw(self):
        """Escape, or a tap anywhere but the button that asks: nothing is played."""
        self.flow.disarm()

    def take_input(self, notations):
        if self.flow.busy or not self.flow.table.human_to_move():
            return
        self.hold_and(self.flow.human(notations))

    def hurry(self):
        self.flow.hurry()

    def ask_hint(self):
        self.spawn(self.flow.ask_hint())

    def take_back(self):
        """Practice: undo the player's last move (and the computer's answers)."""
        self.flow.focus_hand(0)
        if not self.flow.take_back():
            self.flow.focus_hand(None)

    # -- hands and matches ---------------------------------------------------------
    def next_hand(self):
        if document.activeElement == by_id("btn-next-hand"):
            self.flow.focus_hand(0)  # a keyboard player lands on the new hand
        self.hold_and(self.flow.next_hand(takes_over=self.sync.new_version_takes_over))

    def new_match(self, seed=None, confirmed=False):
        """A new match; over one in progress, only once the player confirms (the
        abandoned match counts as lost). Works while the computer thinks."""
        if self.flow.match.in_progress and not confirmed:
            self.confirm.ask("confirm.new_match", lambda yes: yes and self.new_match(seed, confirmed=True))
            return
        self.hold_and(self.flow.new_match(seed, takes_over=self.sync.after_new_match, landing=self.land_focus,
                                          practice=self.practising()))

    def land_focus(self):
        """A new match: focus on the table's heading now and on the first card
        once the player may play, never on <body> (the button pressed may hide)."""
        self.flow.focus_hand(0)
        by_id("app-title").focus()

    def replay(self, other_seat):
        """Deal this hand again apart from the match (ui/model/replay.py); the match waits aside."""
        if self.flow.busy:
            return
        self.flow.replay_this_hand(other_seat)
        self.hold_and(self.flow.computer_turns())

    def back_to_match(self):
        self.hold_and(self.flow.back_to_match())
