"""What to show: the table's model computed from the player's view.

:func:`build` turns a table and the page's state (:class:`ui.model.page.PageState`)
into a :class:`TableModel` of plain values and translated texts, from small
parts (:func:`hand_cards`, :func:`trick_cards`, :func:`stock_fields`,
:func:`buttons_shown`, :func:`turn_words`, :func:`story_fields`...); the DOM
layer copies it onto the page and holds no logic of its own. Nothing here
decides a rule: playable cards and buttons come from ``view["legal"]``.
"""

from __future__ import annotations

import json

from ui.model import replay, story
from ui.model.i18n import Translator
from ui.model.record import Record, field, plain
from ui.model.page import PageState
from ui.model.sheet import SheetModel, model as sheet_model
from ui.model.table import COMPUTER, COSTLY, HUMAN, WHO, Message, Table, declare_offered, hand_order, hint_message


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
    #: Once the hand is over: the story's title (the hand's end, or the match's)...
    story_title: str = ""
    #: ...the full story (why, points, tricks, marriages, cards left)...
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
    #: Where the keyboard focus goes in the hand now (an index), or ``None``.
    focus: int | None = None
    #: The match is over: its score sheet, shown under the story.
    sheet: SheetModel | None = None
    #: The costly move a first tap asked about, while its button shows (``""``: none): ``data-armed``.
    armed: str = ""
    #: Its question may not be answered yet (the gesture that asked is not over): ``aria-disabled``.
    armed_waits: bool = False
    #: The costly moves' buttons' words: their name, or the question while armed.
    button_texts: dict = field(default_factory=dict)
    #: The move buttons shown whose next tap makes the move (not only a question):
    #: the page says "wait" at once on such a tap, as on a card's.
    acts_at_once: list = field(default_factory=list)
    #: The colours chosen (``data-theme``: ``auto``, ``light``, ``dark``).
    theme: str = "auto"
    #: The four-colour deck (``data-deck="four"``).
    four_colour: bool = False
    #: The sound to play now (:data:`ui.model.table.CUES`), ``""`` when none or sound is off.
    cue: str = ""
    #: In a lesson: its id and the step to make, from 1 (``data-lesson``, ``data-lesson-step``)...
    lesson: str = ""
    lesson_step: int = 0
    #: ...its place and name ("Lesson 3 of 8: the marriage")...
    lesson_title: str = ""
    #: ...and what to do now and why, or its last word once done.
    lesson_text: str = ""
    #: The table shows the saved match mid-hand, as a reload would bring it back:
    #: ``data-resumable`` (js/last-table.js keeps it to draw at once next time).
    resumable: bool = False


def model_json(m: TableModel) -> str:
    """The model as JSON text: all the DOM layer is given to draw
    (:mod:`ui.dom.model_view` reads it), as it will be from the worker."""
    return json.dumps(plain(m), ensure_ascii=False, separators=(",", ":"))


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
        elif k == "action":  # a move named inside a sentence ("jogar o ás de espadas")
            from ui.model.review import action_words

            params[k] = action_words(v, tr, False, in_sentence=True)
        else:
            params[k] = v
    return tr.t(msg.key, **params)


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
    return message_text(hint_message(hint), tr)


class Moment(Record):
    """What the presenter's parts share: the view and where the turn stands."""

    v: dict
    legal: set
    hand_over: bool
    human_turn: bool
    #: A finished trick on show, about to be gathered (else ``None``).
    showing: dict | None
    #: The player can act now.
    can_act: bool
    #: Nothing under way: the end-of-hand buttons may show.
    idle: bool


def moment(table: Table, busy: bool) -> Moment:
    v = table.view(HUMAN)
    hand_over = v["result"] is not None or table.lesson_over  # a lesson done stops the hand there
    human_turn = v["to_move"] == HUMAN and not hand_over
    showing = table.showing_trick
    return Moment(v, set(v["legal"]), hand_over, human_turn, showing,
                  human_turn and not busy and showing is None, not busy and showing is None)


def hand_cards(at: Moment, hint: str | None, tr: Translator) -> list[CardModel]:
    hinted, _ = hint_targets(hint if at.can_act else None)
    cards = []
    for code in hand_order(at.v["hand"]):
        playable = at.can_act and f"play:{code}" in at.legal
        name = tr.card(code)
        if playable and code[0] in "KQ" and f"marry:{code[1]}" in at.legal:
            # leading it announces the marriage too (Table.actions_for_card): say so, not only show it
            name = tr.t("hand.card.marriage", card=name, points=40 if code[1] == at.v["trump"] else 20)
        cards.append(CardModel(code, name, playable=playable,
                               dimmed=at.can_act and not playable, hinted=code in hinted))
    return cards


def trick_cards(at: Moment, tr: Translator) -> tuple[list[CardModel], str]:
    """The trick on the table (being played, or a finished one on show) and its winner."""
    if at.showing is not None:
        leader, cards, winner = at.showing["leader"], at.showing["cards"], WHO[at.showing["winner"]]
    else:
        leader, cards, winner = at.v["leader"], at.v["trick"], ""
    trick = [CardModel(c, tr.card(c), owner=WHO[leader if i == 0 else 1 - leader]) for i, c in enumerate(cards)]
    for card in trick:
        if card.owner == winner:
            card.wins = True
            card.name = tr.t("trick.wins", card=card.name)
    return trick, winner


def stock_fields(v: dict, tr: Translator) -> dict:
    """The stock's state, count and words, and the trump card under it."""
    if v["stock"] == 0:
        state = "empty"
    elif v["closed_by"] is not None:
        state = "closed"
    else:
        state = "open"
    trump_card = v["trump_card"]
    face_up = trump_card is not None and state == "open"
    trump_said = tr.card(trump_card).lower() if face_up else tr.suit(v["trump"]).lower()
    text = tr.t("stock.count", n=v["stock"]) if state == "open" else tr.t(f"stock.{state}")
    return {"stock_count": v["stock"], "stock_state": state,
            "stock_aria": tr.t(f"stock.aria.{state}", n=v["stock"], trump=trump_said), "stock_text": text,
            "trump": v["trump"], "trump_text": tr.t("trump.suit", suit=tr.suit(v["trump"])),
            "trump_card": trump_card, "trump_face_up": face_up}


def buttons_shown(at: Moment, table: Table, settings, aids: bool) -> dict:
    """Which buttons show: the moves only when the engine lists them."""
    replaying = table.replay_of is not None
    problem = replaying and table.replay_of.problem is not None
    lesson = table.lesson
    guided = problem or lesson is not None  # no hint, no deal to replay or share
    after_hand = at.hand_over and at.idle
    taught = lesson.expected() or () if lesson is not None else ()
    # a lesson's step offers no button it does not teach (its tap would be refused;
    # a free step asks for a card)
    free = lesson is None
    following = lesson is not None and after_hand and lesson.following is not None
    return {
        "exchange": at.can_act and "exchange" in at.legal and (free or "exchange" in taught),
        "close": at.can_act and "close" in at.legal and (free or "close" in taught),
        "declare": at.can_act and ((free and declare_offered(at.v, settings.count_myself)) or "declare" in taught),
        "hint": at.can_act and not guided,
        "next_hand": after_hand and not table.match_over and not replaying,
        "new_match": table.match_over and at.idle and not replaying,
        "next_problem": after_hand and problem,
        "next_lesson": following,
        "first_match": lesson is not None and after_hand and not following,
        "review": after_hand and not guided,
        "replay": after_hand and not guided,
        "replay_other": after_hand and not guided,
        "share": after_hand and not guided,
        "back": replaying and at.idle and (lesson is None or at.hand_over),  # in a lesson: its own ✕ until its end
        "take_back": aids and at.idle and (at.human_turn or at.hand_over) and table.can_take_back(),
    }


def armed_fields(buttons: dict, state: PageState, tr: Translator) -> dict:
    """The costly move asked about (only while its button shows), the words of
    those buttons, and the move buttons a tap acts on at once."""
    armed = state.armed if state.armed and buttons.get(state.armed) else ""
    return {"armed": armed,
            "armed_waits": bool(armed) and not state.answerable,
            "button_texts": {name: tr.t(f"button.{name}.confirm" if name == armed else f"button.{name}")
                             for name in COSTLY},
            "acts_at_once": [name for name in ("exchange", *COSTLY) if buttons.get(name)
                             and not state.asks_first(name) and not state.echoes_the_ask(name)]}


def lesson_fields(table: Table, tr: Translator) -> dict:
    """A lesson's title and what it says now; the card or button it is about."""
    run = table.lesson
    if run is None:
        return {}
    title = tr.t(f"lesson.{run.lesson.id}.title")
    return {"lesson": run.lesson.id, "lesson_step": run.step + 1,
            "lesson_title": tr.t("lesson.of", n=run.number, total=run.total, title=title),
            "lesson_text": tr.t(run.key())}


def lesson_mark(table: Table) -> str | None:
    """The action a lesson's step is about, marked as a hint is: the card to
    tap (a marriage's K or Q), or the button."""
    return table.lesson.mark() if table.lesson is not None else None


def turn_words(at: Moment, thinking: bool, tr: Translator) -> str:
    if at.showing is not None:
        return tr.t("turn.gather")
    if at.hand_over:
        return tr.t("turn.over")
    if at.human_turn:
        if at.v["pending_marriage"]:
            return tr.t("turn.you.marriage")
        return tr.t("turn.you.follow") if at.v["trick"] else tr.t("turn.you.lead")
    return tr.t("turn.computer") if thinking else tr.t("turn.computer.next")


def message_lines(at: Moment, table: Table, hint_pending: bool, tr: Translator) -> list[str]:
    messages = [message_text(m, tr) for m in table.messages]
    if at.can_act and hint_pending:
        messages.append(tr.t("hint.thinking"))
    elif at.can_act and table.hint:
        messages.append(hint_text(table.hint, tr))
    return messages


def last_trick_fields(v: dict, tr: Translator) -> dict:
    completed = v["completed_tricks"]
    if not completed:
        return {"last_trick": None, "last_trick_text": tr.t("last_trick.none")}
    lt = completed[-1]
    owners = [WHO[lt["leader"] if i == 0 else 1 - lt["leader"]] for i in range(len(lt["cards"]))]
    return {"last_trick": [CardModel(c, tr.card(c), owner=who, owner_name=tr.t(f"player.{who}"))
                           for c, who in zip(lt["cards"], owners)],
            "last_trick_text": tr.t(f"last_trick.by.{WHO[lt['winner']]}")}


def pile_fields(at: Moment, tr: Translator) -> dict:
    """The tricks' piles; during the pause that shows a finished trick its cards are not in one yet."""
    piles = list(at.v["tricks"])
    if at.showing is not None:
        piles[at.showing["winner"]] -= 1
    you, computer = max(piles[HUMAN], 0), max(piles[COMPUTER], 0)
    return {"piles": {"you": you, "computer": computer},
            "pile_texts": {"you": tr.t("pile.you", n=you), "computer": tr.t("pile.computer", n=computer)}}


def daily_lines(table: Table, state: PageState, tr: Translator) -> list[str]:
    """The day's deal, at its end: your result (the day's first), the
    computer's from your seat (or that it is playing), and which was better."""
    from ui.model.daily import shown, signed

    day = table.replay_of.daily
    facts = table.result_facts()
    entry = state.daily.day(day) if state.daily is not None else None
    first = entry.you if entry is not None and entry.you is not None else signed(facts)
    when = shown(day)
    lines = [tr.t("daily.you.won" if first > 0 else "daily.you.lost", date=when, gp=tr.game_points(abs(first)))]
    if signed(facts) != first:
        lines.append(tr.t("daily.first"))
    computer = entry.computer if entry is not None else None
    if computer is None:
        lines.append(tr.t("daily.running" if state.daily_running else "daily.unknown"))
        return lines
    lines.append(tr.t("daily.computer.won" if computer > 0 else "daily.computer.lost", gp=tr.game_points(abs(computer))))
    lines.append(tr.t("daily.better" if first > computer else "daily.worse" if first < computer else "daily.same"))
    return lines


#: The cards that take the last tricks of a problem's best line, by side and number.
RUN_WORDS = {("you", False): "problem.run.you.one", ("you", True): "problem.run.you.many",
             ("opponent", False): "problem.run.opponent.one", ("opponent", True): "problem.run.opponent.many"}


def problem_lines(problem, facts: dict, book, tr: Translator, made=()) -> list[str]:
    """A problem played out: solved or not, what the best move was (or, if the
    player began with it, the first of the player's moves that left the best line),
    how its line ends. ``made``: the moves of the hand since the problem's position."""
    from ui.model.problem_play import outcome, player_slip
    from ui.model.review import action_words

    gp = tr.game_points(abs(problem.values[problem.best[0]]))
    slip = None if outcome(problem, facts) else player_slip(problem, list(made))
    if slip is None:
        lines = [tr.t("problem.solved")]
    else:
        key = "problem.failed" if slip == 0 else "problem.failed.later"
        lines = [tr.t(key, best=action_words(problem.line[slip], tr, False, in_sentence=True), gp=gp)]
    run = problem.reason.get("run") or {}
    if run.get("cards"):
        key = RUN_WORDS[run["side"], len(run["cards"]) > 1]
        lines.append(tr.t(key, cards=tr.listing([tr.card_in_text(c) for c in run["cards"]])))
    if book is not None:
        lines.append(tr.t("problem.progress", solved=len(book.solved), failed=len(book.failed)))
    return lines


def story_fields(at: Moment, table: Table, aids: bool, tr: Translator, state: PageState | None = None) -> dict:
    """The end of the hand told in full, and the computer's cards face up (then,
    or during the hand in practice), with the opponent's hand in words."""
    facts = table.result_facts() if table.lesson is None else None  # a lesson's own words tell its end
    lines, revealed = [], []
    if facts:
        remaining = table.revealed_cards()
        lines = story.lines(facts, at.v["marriages"], remaining, tr)
        recalled = replay.original_key(table.replay_of) if table.replay_of is not None else None
        if recalled:
            lines.append(tr.t(recalled[0], gp=tr.game_points(recalled[1]["gp"])))
        if table.replay_of is not None and table.replay_of.daily and state is not None:
            lines = daily_lines(table, state, tr) + lines  # the day's comparison first
        if table.replay_of is not None and table.replay_of.problem is not None:
            lines = problem_lines(table.replay_of.problem, facts, state.problems if state else None, tr,
                                  table.game.action_notations()) + lines
        revealed = [CardModel(c, tr.card(c), owner="computer") for c in hand_order(remaining)]
    elif aids:
        revealed = [CardModel(c, tr.card(c), owner="computer") for c in hand_order(table.game.hand(COMPUTER))]
    if revealed and facts:
        aria = tr.t("story.remaining.aria")
    elif revealed:
        aria = tr.t("practice.opponent.aria", cards=tr.listing([tr.card_in_text(c.code) for c in revealed]))
    elif at.v["opponent_cards"]:
        aria = tr.t("hand.computer.aria", n=at.v["opponent_cards"])
    else:
        aria = tr.t("hand.computer.empty")
    title = tr.t("story.title.match" if table.match_over else "story.title") if lines else ""
    return {"story_title": title, "story_lines": lines, "revealed": revealed, "opponent_aria": aria}


def build(table: Table, state: PageState, tr: Translator, events=()) -> TableModel:
    """The model of the whole table for the human player (player 0) in the
    page's ``state`` (:class:`ui.model.page.PageState`); ``events``: the
    table's new :class:`Message`s for the live region."""
    settings = state.settings
    at = moment(table, state.busy)
    marked = lesson_mark(table) or table.hint
    v = at.v
    # practice's aids; a problem shows the computer's cards too (every card is known there)
    aids = (settings.practice and table.practice is not None) or (
        table.replay_of is not None and table.replay_of.problem is not None)
    score = state.match_score or table.match.scores  # a deal apart: the match's, waiting aside
    st = table.stats
    hands = len(table.match.games)
    buttons = buttons_shown(at, table, settings, aids)
    return TableModel(
        lang=tr.lang,
        to_move="you" if at.can_act else "none" if at.hand_over and at.idle else "computer",
        can_act=at.can_act,
        hand_number=hands,
        score=list(score),
        score_aria=tr.t("score.aria", you=score[HUMAN], computer=score[COMPUTER]),
        # a replayed deal, the day's, a problem or a lesson is no hand of the match to 7
        hand_number_text=tr.t("score.hand.apart") if table.replay_of is not None else tr.t("score.hand", n=hands),
        my_cards=hand_cards(at, marked, tr),
        my_hand_aria=tr.t("hand.you.aria"),
        opponent_count=v["opponent_cards"],
        **stock_fields(v, tr),
        **dict(zip(("trick", "trick_winner"), trick_cards(at, tr))),
        trick_complete=at.showing is not None,
        **pile_fields(at, tr),
        points_text=tr.t("points.hidden") if settings.count_myself else tr.t("points.you", n=v["points"][HUMAN]),
        turn_text=tr.t("lesson.over") if table.lesson_over else turn_words(at, state.thinking, tr),
        messages=message_lines(at, table, state.hint_pending, tr),
        buttons=buttons,
        **armed_fields(buttons, state, tr),
        hinted_button=hint_targets(marked if at.can_act else None)[1],
        result_reason=v["result"]["reason"] if v["result"] else None,
        hand_over=at.hand_over,
        match_over=table.match_over,
        resumable=table.replay_of is None and not table.hand_over,
        **last_trick_fields(v, tr),
        stats_texts=[tr.t("stats.hands", won=st.hands_won, lost=st.hands_lost),
                     tr.t("stats.matches", won=st.matches_won, lost=st.matches_lost)],
        **story_fields(at, table, aids, tr, state),
        practice=table.practice is not None,
        practice_aids=aids,
        busy=state.busy or state.hint_pending,
        thinking=state.thinking,
        hint_pending=state.hint_pending,
        hint=table.hint or "",
        notice_text=" ".join(tr.t(k) for k in state.notices),
        speed=settings.speed,
        gathered=state.gathered,
        announcements=[message_text(e, tr) for e in events],
        focus=state.focus if at.can_act else None,
        sheet=sheet_model(table.match, tr, table.practice is not None,
                          reviewed=table.match_reviews())
        if table.match_over else None,
        theme=settings.theme,
        four_colour=settings.four_colour,
        cue=state.cue if settings.sound else "",
        **lesson_fields(table, tr),
    )
