"""The table's controller: the authoritative match plus UI-only state.

Headless (no browser imports): the DOM layer forwards notation strings here
and renders what :mod:`ui.model.present` computes. Nothing here judges a rule:
which cards can be played comes from the engine's ``view.legal``, scores from
the match. The only card knowledge is the notation itself (``"KH"`` is a king
of hearts), needed to turn a click on a K or Q into ``marry:S`` + ``play:..``.
"""

from __future__ import annotations

from sixtysix import Action, Match
from sixtysix.scoring import WINNING_POINTS

from ui.model import story
from ui.model.record import Record, field
from ui.model.stats import Stats, hand_key

HUMAN, COMPUTER = 0, 1
WHO = {HUMAN: "you", COMPUTER: "computer"}
#: The points from which the default mode offers "declare 66".
DECLARE_THRESHOLD = WINNING_POINTS
#: Moves one tap by mistake would make dear (a closed stock, a declaration end
#: the hand): with the player's setting on, a first tap only asks.
COSTLY = ("close", "declare")
#: How long that question stays before it lapses, in seconds.
CONFIRM_SECONDS = 5.0
#: A second tap sooner than this after the first is the same gesture (a double
#: tap or a double click lands on the question, in the button's place), not an answer.
CONFIRM_AFTER_SECONDS = 0.5


def declare_offered(view: dict, count_myself: bool) -> bool:
    """Whether the table offers the player "declare 66" now (a UI choice, not a
    rule: the engine may allow more). By default only with 66 on the count
    shown; a player who counts alone is offered it after their first trick."""
    if "declare" not in view["legal"]:
        return False
    me = view["player"]
    return view["tricks"][me] >= 1 if count_myself else view["points"][me] >= DECLARE_THRESHOLD
#: The engine's reasons (``Game.illegal_reason``) a refused card is explained
#: with in words; any other reason gets a plain "not now".
#: Display order of suits in the player's hand: colours alternate.
HAND_SUIT_ORDER = "CHSD"


def hand_order(hand: list[str]) -> list[str]:
    """The player's hand for display: grouped by suit with colours alternating,
    each suit in the order the engine's view gives (weakest first)."""
    return sorted(hand, key=lambda c: HAND_SUIT_ORDER.index(c[1]))


SAID_REASONS = ("follow_higher", "follow_suit", "trump", "marriage_lead")
#: How many recent event messages the message line keeps.
MESSAGE_LINES = 3
#: The sound cues (js/sound.js plays them), the most telling first: when
#: several things happen between two renders, only the first of them sounds.
CUES = ("won", "lost", "close", "marriage", "trick", "card")


def pick_cue(cue: str, other: str) -> str:
    """The more telling of two cues (``""``: none).

    >>> pick_cue("card", "trick"), pick_cue("won", "card"), pick_cue("", "card")
    ('trick', 'won', 'card')
    """
    return min((c for c in (cue, other) if c), key=CUES.index, default="")


#: The coach's tips (ui/model/flow.py ``coach``): on the message line only until the next event.
TIP = "coach."


class Message(Record):
    """An event to tell the player, kept as a key and raw parameters so it can
    be shown again in another language. Parameters named ``card``/``gave``
    are card codes, ``suit`` a suit letter, ``gp`` a number of game points."""

    key: str
    params: dict = field(default_factory=dict)


def hint_message(notation: str) -> Message:
    """A hint in words to come: "Dica: jogue {card}." and the like (``hint.*``)."""
    kind, _, arg = notation.partition(":")
    if kind == "play":
        return Message("hint.play", {"card": arg})
    if kind == "marry":
        return Message("hint.marry", {"suit": arg})
    return Message(f"hint.{kind}")


class Table:
    """One player's table: the match, the message line, the trick on show, the hint."""

    def __init__(self, match: Match, counted_hands: int | None = None, stats: Stats | None = None,
                 practice: tuple[int, int] | None = None, replay_of=None):
        self.match = match
        #: A replayed deal (``ui.model.replay.Original``): no next hand, nothing saved or counted.
        self.replay_of = replay_of
        self.stats = stats if stats is not None else Stats()
        #: Finished hands already added to the statistics.
        self.counted_hands = len(match.hands) if counted_hands is None else counted_hands
        #: A practice match: ``(hand, action)`` where practice began (see :meth:`start_practice`).
        self.practice = practice
        self.messages: list[Message] = []
        #: Every event not yet said in the live region (:meth:`take_events`),
        #: the computer's cards and the tricks' points included.
        self.events: list[Message] = []
        #: The sound cue of what was played since the last render (:meth:`take_cue`), or ``""``.
        self.cue = ""
        #: A just-completed trick left on the table until :meth:`gather`.
        self.showing_trick: dict | None = None
        #: The notation the hint proposes, while it still applies.
        self.hint: str | None = None
        self._count_finished_hands()
        if self.hand_over:
            self._note_result()

    @classmethod
    def new(cls, seed=None, stats: Stats | None = None, practice: bool = False) -> "Table":
        table = cls(Match.new(seed), 0, stats, (0, 0) if practice else None)
        table._say_new_hand()
        return table

    @classmethod
    def from_saved(cls, saved, stats: Stats | None = None) -> "Table":
        """The table of a :class:`ui.model.storage.SavedGame`."""
        return cls(saved.match, saved.counted_hands, stats, saved.practice)

    def use_stats(self, stats: Stats) -> None:
        """Count into ``stats`` from now on (another tab saved newer ones)."""
        self.stats = stats

    # -- reading ---------------------------------------------------------
    @property
    def game(self):
        return self.match.game

    def view(self, player: int = HUMAN) -> dict:
        return self.game.view(player).to_dict()

    @property
    def hand_over(self) -> bool:
        return self.match.hand_over

    @property
    def match_over(self) -> bool:
        return self.match.winner is not None

    @property
    def lesson(self):
        """The lesson played on this table (:class:`ui.model.lessons.LessonRun`), or ``None``."""
        return self.replay_of.lesson if self.replay_of is not None else None

    @property
    def lesson_over(self) -> bool:
        """A lesson whose every step is made: nobody moves on."""
        return self.lesson is not None and self.lesson.finished(self.game)

    @property
    def to_move(self) -> int | None:
        return None if self.hand_over or self.lesson_over else self.game.to_move

    def result_facts(self) -> dict | None:
        """The engine's facts about the end of the current hand (``None`` while it runs)."""
        result = self.game.result
        return result.facts() if result else None

    @property
    def match_key(self) -> str:
        """The match's key in the statistics' reviews: its first deal's (:func:`ui.model.stats.hand_key`)."""
        return hand_key(self.hand_record(0))

    def match_reviews(self) -> tuple[int, float]:
        """(hands of this match reviewed, what the player's decisions in them cost)."""
        return self.stats.match_reviews(self.match_key)

    def hand_record(self, number: int | None = None) -> dict:
        """The deal and actions of a hand of the match (the current one by default)."""
        g = self.match.games[-1 if number is None else number]
        return {"deck": list(g.deck), "dealer": g.dealer, "actions": g.action_notations()}

    def revealed_cards(self) -> list[str]:
        """The computer's remaining cards, face up once the hand is over (else none)."""
        return self.game.hand(COMPUTER) if self.hand_over else []

    def human_to_move(self) -> bool:
        return self.to_move == HUMAN

    @property
    def in_progress(self) -> bool:
        """Whether leaving this match now would abandon something: the match
        is not over and someone has acted (a fresh deal is nothing to lose)."""
        return not self.match_over and (len(self.match.games) > 1 or bool(self.game.action_notations()))

    def abandon(self) -> None:
        """Give up this match: one in progress counts as lost in the statistics
        (a practice match never counts)."""
        if self.in_progress and self.practice is None:
            self.stats.count_match(False)

    # -- practice ----------------------------------------------------------
    def start_practice(self) -> None:
        """Make this a practice match from here on: nothing from this hand on
        is counted, and the player may take back moves made from now."""
        if self.practice is None:
            self.practice = (len(self.match.games) - 1, len(self.game.actions))

    def can_take_back(self) -> bool:
        """Whether the player has a move in this hand, made in practice, to take back."""
        if self.practice is None:
            return False
        start = self.game.last_move_start(HUMAN)
        hand, action = self.practice
        here = len(self.match.games) - 1
        return start is not None and (here > hand or start >= action)

    def take_back(self) -> bool:
        """Undo the player's last move and the computer's answers (engine
        ``Match.take_back``), so the player is to move where they were."""
        if not self.can_take_back():
            return False
        self.match.take_back(HUMAN)
        self.counted_hands = min(self.counted_hands, len(self.match.hands))
        self.showing_trick = None
        self.hint = None
        self.messages = []  # they told of the moves just undone
        self.say("msg.taken_back")
        return True

    def computer_to_move(self) -> bool:
        return self.to_move == COMPUTER

    def actions_for_card(self, code: str) -> list[str] | None:
        """What a tap on ``code`` sends, or ``None`` if it cannot be played now.

        A K or Q whose marriage can be announced announces it first.
        """
        if not self.human_to_move():
            return None
        legal = self.view(HUMAN)["legal"]
        play = f"play:{code}"
        if play not in legal:
            return None
        marry = f"marry:{code[1]}"
        if code[0] in "KQ" and marry in legal:
            return [marry, play]
        return [play]

    # -- changing --------------------------------------------------------
    def apply(self, player: int, notation: str) -> None:
        """Apply one action for ``player`` and note what the player should be told.

        :raises ValueError: (the engine's ``IllegalAction``) if not legal now,
            or if it is not ``player``'s move.
        """
        if self.to_move != player:
            raise ValueError(f"not player {player}'s move")
        before = self.view(HUMAN)
        self.match.apply(notation)
        self.hint = None
        after = self.view(HUMAN)
        self._note_events(before, after)
        if len(after["completed_tricks"]) > len(before["completed_tricks"]):
            self.showing_trick = after["completed_tricks"][-1]
        if self.hand_over:
            self._note_result()
            self._count_finished_hands()
            won = self.game.result.winner == HUMAN
            self.cue = pick_cue(self.cue, "won" if won else "lost")

    def apply_human(self, notations: list[str], count_myself: bool = False) -> None:
        """Apply the player's actions in order. After a marriage that puts
        "declare 66" on offer, stop before leading the card, so the player can
        declare at once (RULES.md allows it) or tap the K or Q again."""
        for n in notations:
            self.apply(HUMAN, n)
            if n.startswith("marry:") and declare_offered(self.view(HUMAN), count_myself):
                return

    def apply_computer(self, notation: str) -> bool:
        """Apply the computer's choice; an unusable answer falls back to its first
        legal action. Returns ``False`` when it had to fall back."""
        legal = self.view(COMPUTER)["legal"]
        if notation in legal:
            self.apply(COMPUTER, notation)
            return True
        self.apply(COMPUTER, legal[0])
        return False

    def explain_refusal(self, code: str) -> bool:
        """Say why the card ``code`` cannot be played now, from the engine's own
        reason; ``False`` (nothing said) when it can be, or it is not the player's turn."""
        if not self.human_to_move() or self.showing_trick is not None:
            return False
        reason = self.game.illegal_reason(Action.parse(f"play:{code}").code)
        if reason is None:
            return False
        kind, params = reason
        key = f"illegal.{kind}" if kind in SAID_REASONS else "illegal.other"
        self.say(key, **params)  # tapped again: said again, not written twice
        return True

    def refuse_untaught(self, notations: list[str]) -> bool:
        """In a lesson, a legal tap that is not the one taught now: say which is
        (the engine's reason covers the illegal ones); ``False``: it is accepted."""
        lesson = self.lesson
        if lesson is None or lesson.accepts(notations) or lesson.expected() is None:
            return False
        if lesson.mark() is None:  # a free step: a card, not a button
            self.say("lesson.refused.card")
        else:
            self.say("lesson.refused", action=lesson.mark())
        return True

    def gather(self) -> None:
        """Take the trick on show off the table."""
        self.showing_trick = None

    def set_hint(self, notation: str | None) -> bool:
        """Keep the hint if it is still a legal choice for the player, and say it
        in the live region (the message line, silent, shows it too)."""
        if notation and self.human_to_move() and notation in self.view(HUMAN)["legal"]:
            self.hint = notation
            said = hint_message(notation)
            self.tell(said.key, **said.params)
            return True
        self.hint = None
        return False

    def next_hand(self) -> None:
        self.match.next_hand()
        self.showing_trick = None
        self.hint = None
        self.messages = []
        self._say_new_hand()

    def say(self, key: str, **params) -> None:
        """An event for the message line and the live region alike."""
        self.write(key, **params)
        self.tell(key, **params)

    def write(self, key: str, **params) -> None:
        """An event for the message line only; the line never shows the same
        message twice in a row (the live region may say it again)."""
        message = Message(key, params)
        if self.messages and self.messages[-1] == message:
            return
        if not key.startswith(TIP):  # a tip ("you may close now") is stale once anything else happens
            self.messages = [m for m in self.messages if not m.key.startswith(TIP)]
        self.messages.append(message)
        del self.messages[:-MESSAGE_LINES]

    def tell(self, key: str, **params) -> None:
        """An event for the live region only."""
        self.events.append(Message(key, params))

    def take_events(self) -> list[Message]:
        """The events since the last call, each handed out once."""
        events, self.events = self.events, []
        return events

    def take_cue(self) -> str:
        """The sound cue of the moves since the last call (:data:`CUES`), handed out once."""
        cue, self.cue = self.cue, ""
        return cue

    # -- events ----------------------------------------------------------
    def _say_new_hand(self) -> None:
        self.say(f"msg.new_hand.{WHO[self.game.dealer]}")
        # the cards dealt and the trump turned up: seen at a glance, never heard before
        view = self.view(HUMAN)
        self.tell("say.hand", cards=hand_order(view["hand"]), card=view["trump_card"])

    def _note_events(self, before: dict, after: dict) -> None:
        for entry in after["history"][len(before["history"]):]:
            who = WHO[entry["player"]]
            action = entry["action"]
            cue = {"marry": "marriage", "close": "close", "play": "card", "exchange": "card"}.get(action.split(":")[0])
            self.cue = pick_cue(self.cue, cue or "")
            if action.startswith("marry:"):
                m = after["marriages"][-1] if after["marriages"] else {"suit": action[6:], "points": 20}
                self.say(f"msg.marriage.{who}", suit=m["suit"], points=m["points"])
            elif action == "exchange" and after["exchange"]:
                self.say(f"msg.exchange.{who}", gave=after["exchange"]["gave"], took=after["exchange"]["took"])
            elif action == "close":
                self.say(f"msg.close.{who}")
            elif action.startswith("play:") and entry["player"] == COMPUTER:
                self.tell("say.played.computer", card=action[5:])
            if entry["player"] == HUMAN and entry.get("missed_marriage"):
                self.say("msg.missed_marriage")
        if len(after["completed_tricks"]) > len(before["completed_tricks"]):
            winner = after["completed_tricks"][-1]["winner"]
            if winner == HUMAN:
                self.cue = pick_cue(self.cue, "trick")
            if not after["result"]:  # numbered: two tricks in a row never read as one line repeated
                self.write(f"msg.trick.{WHO[winner]}", n=sum(after["tricks"]))  # a problem starts at its own trick
            gained = after["points"][winner] - before["points"][winner]
            self.tell(f"say.trick.{WHO[winner]}", points=gained)
            # the card the player drew from the stock: seen at a glance, never heard before
            drawn = [c for c in after["hand"] if c not in before["hand"]]
            if drawn:
                self.tell("say.drew.you", card=drawn[0])

    def _note_result(self) -> None:
        key, params = story.result_message(self.result_facts())
        self.say(key, **params)
        if self.match.winner is not None:
            s = self.match.scores
            self.say(f"result.match.{WHO[self.match.winner]}", you=s[HUMAN], computer=s[COMPUTER])

    def _count_finished_hands(self) -> None:
        """Add finished hands to the statistics, once each; from the hand in
        which practice began, nothing is counted (the match neither)."""
        hands = self.match.hands
        practice_from = self.practice[0] if self.practice is not None else len(self.match.games)
        while self.counted_hands < len(hands):
            if self.counted_hands < practice_from:
                self.stats.count_hand(self.match.games[self.counted_hands].result.facts())
            self.counted_hands += 1
            if self.counted_hands == len(hands) and self.match.winner is not None and self.practice is None:
                self.stats.count_match(self.match.winner == HUMAN)
