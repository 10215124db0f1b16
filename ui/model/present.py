"""What to show: the table's model computed from the player's view.

:func:`build` turns a view dict (``game.view(0).to_dict()``) plus UI-only
state into a :class:`TableModel` of plain values and translated texts; the
DOM layer copies it onto the page and holds no logic of its own. Nothing here
decides a rule: playable cards and buttons come from ``view["legal"]``.
"""

from __future__ import annotations

from ui.model import replay
from ui.model import story
from ui.model.i18n import Translator
from ui.model.record import Record, field
from ui.model.settings import Settings
from ui.model.table import COMPUTER, HUMAN, WHO, Message, Table, declare_offered

#: Display order of suits in the player's hand: colours alternate.
HAND_SUIT_ORDER = "CHSD"


class CardModel(Record):
    """One card as the table shows it: its face, and how it may be used now."""

    code: str
    name: str
    playable: bool = False
    dimmed: bool = False
    hinted: bool = False
    #: In a trick: who played it (``"you"``/``"computer"``).
    owner: str = ""
    #: In a finished trick: this card takes it.
    wins: bool = False
    #: In the last-trick view: whose card it was, in words.
    owner_name: str = ""


class TableModel(Record):
    """Everything one render draws, already in words (:func:`build`)."""

    lang: str
    #: ``"you"``, ``"computer"`` or ``"none"``; tests wait on it (``data-to-move``).
    to_move: str
    #: The player can act now (no animation, no computer move pending).
    can_act: bool
    hand_number: int
    score: list[int]
    score_aria: str
    hand_number_text: str
    my_cards: list[CardModel]
    my_hand_aria: str
    opponent_count: int
    opponent_aria: str
    stock_count: int
    stock_state: str  # "open", "closed" or "empty"
    stock_aria: str
    stock_text: str
    trump: str
    trump_text: str
    trump_card: str | None
    trump_face_up: bool
    trick: list[CardModel]
    #: The trick on show was just completed (it is about to be gathered).
    trick_complete: bool
    trick_winner: str
    piles: dict
    pile_texts: dict
    points_text: str
    turn_text: str
    messages: list[str]
    buttons: dict
    hinted_button: str | None
    result_reason: str | None
    hand_over: bool
    match_over: bool
    last_trick: list[CardModel] | None
    last_trick_text: str
    stats_texts: list[str] = field(default_factory=list)
    #: Once the hand is over: the full story (why, points, tricks, marriages, cards left)...
    story_lines: list[str] = field(default_factory=list)
    #: ...and the computer's remaining cards, face up (in practice, during the hand too).
    revealed: list[CardModel] = field(default_factory=list)
    #: A practice match (marked on the table; never counted)...
    practice: bool = False
    #: ...with its aids on: the computer's cards face up, take-backs.
    practice_aids: bool = False
    #: The page is busy (a move under way or a hint asked): ``data-busy``.
    busy: bool = False
    #: The bot is computing a move: ``data-thinking``.
    thinking: bool = False
    #: A hint is being computed (the hint button says it is busy).
    hint_pending: bool = False
    #: The hint on the table as notation, or ``""``: ``data-hint``.
    hint: str = ""
    #: The notices for the player, in one text (``""``: the notice is hidden).
    notice_text: str = ""
    #: The speed chosen in the menu: ``data-speed``.
    speed: str = ""
    #: How the last finished trick left the table (``hurried``/``timed``, ``""`` none yet): ``data-gathered``.
    gathered: str = ""
    #: The events since the last render, in words, for the live region.
    announcements: list[str] = field(default_factory=list)


def message_text(msg: Message, tr: Translator) -> str:
    """A message in the current language (card codes and suits translated;
    cards named as in running text: "o rei de espadas", "pelo valete de copas")."""
    params = {}
    for k, v in msg.params.items():
        if k in ("card", "gave", "led"):
            params[k] = tr.card_in_text(v)
        elif k == "took":
            params[k] = tr.card_for(v)
        elif k == "cards":
            params[k] = tr.listing([tr.card_in_text(c) for c in v])
        elif k == "suit":
            params[k] = tr.suit(v).lower()  # a suit inside a sentence: "casamento de copas"
        elif k == "gp":
            params[k] = tr.game_points(v)
        else:
            params[k] = v
    return tr.t(msg.key, **params)


def hand_order(hand: list[str]) -> list[str]:
    """The player's hand for display: grouped by suit with colours alternating,
    each suit in the order the engine's view gives (weakest first)."""
    return sorted(hand, key=lambda c: HAND_SUIT_ORDER.index(c[1]))


def hint_targets(hint: str | None) -> tuple[set[str], str | None]:
    """Cards and button a hint points at: ``play:X`` marks X, ``marry:S`` marks
    the K and Q of S, other actions mark their button."""
    if not hint:
        return set(), None
    if hint.startswith("play:"):
        return {hint[5:]}, None
    if hint.startswith("marry:"):
        s = hint[6:]
        return {"K" + s, "Q" + s}, None
    return set(), hint


def hint_text(hint: str, tr: Translator) -> str:
    if hint.startswith("play:"):
        return tr.t("hint.play", card=tr.card_in_text(hint[5:]))
    if hint.startswith("marry:"):
        return tr.t("hint.marry", suit=tr.suit(hint[6:]).lower())
    return tr.t(f"hint.{hint}")


def build(table: Table, settings: Settings, tr: Translator, busy: bool = False,
          hint_pending: bool = False, thinking: bool = False, notices=(), gathered: str = "",
          events=()) -> TableModel:
    """The model of the whole table for the human player (player 0); ``thinking``:
    the bot is computing its move right now; ``notices``: ``notice.*`` keys to
    show; ``events``: the table's new :class:`Message`s for the live region."""
    v = table.view(HUMAN)
    legal = set(v["legal"])
    hand_over = v["result"] is not None
    match_over = table.match_over
    human_turn = v["to_move"] == HUMAN and not hand_over
    showing = table.showing_trick
    can_act = human_turn and not busy and showing is None
    hinted_cards, hinted_button = hint_targets(table.hint if can_act else None)

    my_cards = []
    for code in hand_order(v["hand"]):
        playable = can_act and f"play:{code}" in legal
        my_cards.append(CardModel(code, tr.card(code), playable=playable,
                                  dimmed=can_act and not playable, hinted=code in hinted_cards))

    # The trick on the table: the one being played, or a finished one on show.
    if showing is not None:
        leader, cards = showing["leader"], showing["cards"]
        trick_winner = WHO[showing["winner"]]
    else:
        leader, cards = v["leader"], v["trick"]
        trick_winner = ""
    trick = [CardModel(c, tr.card(c), owner=WHO[leader if i == 0 else 1 - leader]) for i, c in enumerate(cards)]
    for card in trick:
        if card.owner == trick_winner:
            card.wins = True
            card.name = tr.t("trick.wins", card=card.name)

    if v["stock"] == 0:
        stock_state = "empty"
    elif v["closed_by"] is not None:
        stock_state = "closed"
    else:
        stock_state = "open"
    trump_card = v["trump_card"]
    face_up = trump_card is not None and stock_state == "open"
    trump_said = tr.card(trump_card).lower() if face_up else tr.suit(v["trump"]).lower()
    stock_aria = tr.t(f"stock.aria.{stock_state}", n=v["stock"], trump=trump_said)
    if stock_state == "empty":
        stock_text = tr.t("stock.empty")
    elif stock_state == "closed":
        stock_text = tr.t("stock.closed")
    else:
        stock_text = tr.t("stock.count", n=v["stock"])

    replaying = table.replay_of is not None
    #: Practice aids on this table: the computer's cards face up, take-backs.
    aids = settings.practice and table.practice is not None
    # Buttons: shown only when the engine lists the action.
    buttons = {
        "exchange": can_act and "exchange" in legal,
        "close": can_act and "close" in legal,
        "declare": can_act and declare_offered(v, settings.count_myself),
        "hint": can_act,
        "next_hand": hand_over and not match_over and not busy and showing is None and not replaying,
        "new_match": match_over and not busy and showing is None and not replaying,
        "review": hand_over and not busy and showing is None,
        "replay": hand_over and not busy and showing is None,
        "replay_other": hand_over and not busy and showing is None,
        "share": hand_over and not busy and showing is None,
        "back": replaying and not busy and showing is None,
        "take_back": aids and not busy and showing is None and (human_turn or hand_over) and table.can_take_back(),
    }

    if showing is not None:
        turn_text = tr.t("turn.gather")
    elif hand_over:
        turn_text = tr.t("turn.over")
    elif human_turn:
        if v["pending_marriage"]:
            turn_text = tr.t("turn.you.marriage")
        elif v["trick"]:
            turn_text = tr.t("turn.you.follow")
        else:
            turn_text = tr.t("turn.you.lead")
    elif thinking:
        turn_text = tr.t("turn.computer")
    else:
        turn_text = tr.t("turn.computer.next")

    messages = [message_text(m, tr) for m in table.messages]
    if can_act and hint_pending:
        messages.append(tr.t("hint.thinking"))
    elif can_act and table.hint:
        messages.append(hint_text(table.hint, tr))

    completed = v["completed_tricks"]
    if completed:
        lt = completed[-1]
        owners = [WHO[lt["leader"] if i == 0 else 1 - lt["leader"]] for i in range(len(lt["cards"]))]
        last_trick = [CardModel(c, tr.card(c), owner=who, owner_name=tr.t(f"player.{who}"))
                      for c, who in zip(lt["cards"], owners)]
        last_trick_text = tr.t(f"last_trick.by.{WHO[lt['winner']]}")
    else:
        last_trick, last_trick_text = None, tr.t("last_trick.none")

    # During the pause that shows a completed trick its cards are not yet in a pile.
    piles = list(v["tricks"])
    if showing is not None:
        piles[showing["winner"]] -= 1
    facts = table.result_facts()
    story_lines, revealed = [], []
    if facts:
        remaining = table.revealed_cards()
        story_lines = story.lines(facts, v["marriages"], remaining, tr)
        recalled = replay.original_key(table.replay_of) if replaying else None
        if recalled:
            story_lines.append(tr.t(recalled[0], gp=tr.game_points(recalled[1]["gp"])))
        revealed = [CardModel(c, tr.card(c), owner="computer") for c in hand_order(remaining)]
    elif aids:
        revealed = [CardModel(c, tr.card(c), owner="computer") for c in hand_order(table.game.hand(COMPUTER))]
    if revealed and facts:
        opponent_aria = tr.t("story.remaining.aria")
    elif revealed:
        opponent_aria = tr.t("practice.opponent.aria", cards=tr.listing([tr.card_in_text(c.code) for c in revealed]))
    else:
        opponent_aria = tr.t("hand.computer.aria", n=v["opponent_cards"])
    score = table.match.scores
    st = table.stats
    return TableModel(
        lang=tr.lang,
        to_move=("you" if can_act else
                 "none" if hand_over and not busy and showing is None else "computer"),
        can_act=can_act,
        hand_number=len(table.match.games),
        score=list(score),
        score_aria=tr.t("score.aria", you=score[HUMAN], computer=score[COMPUTER]),
        hand_number_text=tr.t("score.hand", n=len(table.match.games)),
        my_cards=my_cards,
        my_hand_aria=tr.t("hand.you.aria"),
        opponent_count=v["opponent_cards"],
        opponent_aria=opponent_aria,
        stock_count=v["stock"],
        stock_state=stock_state,
        stock_aria=stock_aria,
        stock_text=stock_text,
        trump=v["trump"],
        trump_text=tr.t("trump.suit", suit=tr.suit(v["trump"])),
        trump_card=trump_card,
        trump_face_up=face_up,
        trick=trick,
        trick_complete=showing is not None,
        trick_winner=trick_winner,
        piles={"you": max(piles[HUMAN], 0), "computer": max(piles[COMPUTER], 0)},
        pile_texts={"you": tr.t("pile.you", n=max(piles[HUMAN], 0)),
                    "computer": tr.t("pile.computer", n=max(piles[COMPUTER], 0))},
        points_text=tr.t("points.hidden") if settings.count_myself else tr.t("points.you", n=v["points"][HUMAN]),
        turn_text=turn_text,
        messages=messages,
        buttons=buttons,
        hinted_button=hinted_button,
        result_reason=v["result"]["reason"] if hand_over else None,
        hand_over=hand_over,
        match_over=match_over,
        last_trick=last_trick,
        last_trick_text=last_trick_text,
        stats_texts=[tr.t("stats.hands", won=st.hands_won, lost=st.hands_lost),
                     tr.t("stats.matches", won=st.matches_won, lost=st.matches_lost)],
        story_lines=story_lines,
        revealed=revealed,
        practice=table.practice is not None,
        practice_aids=aids,
        busy=busy or hint_pending,
        thinking=thinking,
        hint_pending=hint_pending,
        hint=table.hint or "",
        notice_text=" ".join(tr.t(k) for k in notices),
        speed=settings.speed,
        gathered=gathered,
        announcements=[message_text(e, tr) for e in events],
    )
