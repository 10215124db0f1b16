"""The review as the page shows it (ui/model/review.py): frames trick by trick and
the values in words, in both languages."""

from __future__ import annotations

from pathlib import Path

from sixtysix import Game, bots
from sixtysix.review import Decision, review
from tests.conftest import deal, play, play_tricks
from ui.model import review as review_view
from ui.model.i18n import LANGUAGES, Translator, load_catalog

ROOT = Path(__file__).resolve().parent.parent
TR = {lang: Translator(lang, load_catalog(lang, ROOT)) for lang in LANGUAGES}


def played_hand(seed=6):
    g = Game.new(seed=seed)
    b = bots.make("medium", seed=1)
    while g.result is None:
        g.apply(b.choose(g.view(g.to_move)))
    return g


def test_frames_follow_the_hand_trick_by_trick():
    g = played_hand()
    fs = review_view.frames(g.deck, g.dealer, g.action_notations())
    assert sum(1 for f in fs if f.winner is not None) == len(g.completed)
    assert [i for f in fs for i, _, _ in f.actions] == list(range(len(g.actions)))
    for f, (leader, led, answer, winner) in zip(fs, g.completed):
        assert f.winner == winner and f.trick[0][0] == leader and len(f.trick) == 2
        assert all(c in f.hands[p] for p, c in f.trick)  # the hands are shown before the trick
    first = fs[0]
    assert first.stock == list(g.deck[13:]) + [g.deck[12]]  # top first, the trump card last
    assert first.trump_card == g.deck[12]


def test_a_declaration_after_the_last_trick_has_its_own_frame():
    g = deal("AC TC KH QH JS 9D", "9C JC QD 9S KD JD", "AH")
    play_tricks(g, "AC/9C TC/JC JS/QD")
    play(g, "marry:H declare")
    fs = review_view.frames(g.deck, g.dealer, g.action_notations())
    assert len(fs) == 4 and fs[-1].trick == [] and [a for _, _, a in fs[-1].actions] == ["marry:H", "declare"]


def test_numbers_are_signed_with_a_decimal_comma():
    assert review_view.number(1.84, "pt") == "+1,8"
    assert review_view.number(-0.36, "it") == "\u22120,4"
    assert review_view.number(0.02, "pt") == "0,0"


def test_a_costly_decision_is_said_in_words():
    d = Decision(4, 0, "play:JH", {"close": 1.8, "play:JH": -0.4, "play:AS": 0.2}, "close", 2.2)
    assert review_view.costly_text(d, TR["pt"]) == (
        "Fechar era a melhor escolha aqui, com +1,8 pontos de jogo esperados; você jogou o valete de copas: \u22120,4.")
    assert review_view.costly_text(d, TR["it"]).startswith(
        "Chiudere era la scelta migliore, con +1,8 punti partita attesi; tu hai giocato")
    lines = review_view.decision_text(d, TR["pt"])
    assert lines[0] == "Fechar: +1,8" and lines[-1].endswith("(sua escolha)") and len(lines) == 3
    assert review_view.is_costly(d)


def test_a_choice_without_a_value_is_still_listed_as_the_choice():
    # A forced last card with the stock closed: its trick turns on a card still
    # hidden, and only declaring has a value; the card played still shows.
    d = Decision(22, 0, "play:JD", {"declare": -2.0, "play:JD": None}, "declare", None)
    assert review_view.decision_text(d, TR["pt"]) == [
        "Anunciar 66: \u22122,0", "Jogar o valete de ouros (sua escolha; sem valor calculado)"]


def test_declaring_shows_only_where_it_was_chosen_or_the_best():
    lead = {"declare": -3.0, "play:JH": 0.5, "play:AS": 0.2}
    assert review_view.decision_text(Decision(0, 0, "play:AS", lead, "play:JH", 0.3), TR["pt"]) == [
        "Jogar o valete de copas: +0,5", "Jogar o ás de espadas: +0,2 (sua escolha)"]
    lines = review_view.decision_text(Decision(0, 0, "declare", lead, "play:JH", 3.5), TR["pt"])
    assert lines[-1] == "Anunciar 66: \u22123,0 (sua escolha)"
    conceding = {"declare": -2.0, "play:JH": -3.0}  # a hand lost anyway: declaring loses less
    assert review_view.decision_text(Decision(0, 0, "play:JH", conceding, "declare", 1.0), TR["pt"])[0] == (
        "Anunciar 66: \u22122,0")


def test_every_decision_of_a_real_review_has_words_in_both_languages():
    g = played_hand(2)
    ds = review(g, 0, budget=4_000) + review(g, 1, budget=4_000)
    for lang in LANGUAGES:
        tr = Translator(lang, TR[lang].catalog)
        for d in ds:
            review_view.decision_text(d, tr)
            if d.best != d.chosen and d.loss is not None:
                review_view.costly_text(d, tr)
        assert not tr.missing


# -- the chart and the marks (issue 32) ----------------------------------------
def whose(fs, frame: int, player: int) -> int:
    """The index of ``player``'s first action in ``fs[frame]``."""
    return next(i for i, p, _ in fs[frame].actions if p == player)


def valued(actions, fs, losses: dict) -> dict:
    """Decisions at the given action indexes, each giving away ``loss``
    against a best of "play:AS" (itself when the loss is 0)."""
    players = {i: p for f in fs for i, p, _ in f.actions}
    out = {}
    for index, loss in losses.items():
        chosen = actions[index]
        best = "play:AS" if loss else chosen
        out[index] = Decision(index, players[index], chosen, {chosen: -loss, best: 0.0}, best, loss)
    return out


def test_the_chart_has_a_bar_per_trick_with_what_its_decisions_cost():
    g = played_hand()
    actions = g.action_notations()
    fs = review_view.frames(g.deck, g.dealer, actions)
    you = [whose(fs, k, 0) for k in range(4)]
    decisions = valued(actions, fs, {you[0]: 0.0, you[1]: 1.2, you[2]: 0.1})
    tr = TR["pt"]
    bars = review_view.chart(fs, decisions, shown=set(you), tr=tr)
    assert [b.frame for b in bars] == list(range(len(fs)))
    assert [b.you for b in bars[:4]] == [0.0, 1.2, 0.1, None]
    assert [b.costly for b in bars[:4]] == [False, True, False, False]
    assert bars[3].pending and not bars[2].pending  # asked for, not valued yet
    tricks = len(g.completed)
    assert bars[1].label == f"{tr.t('review.trick', n=2, total=tricks)}: {tr.t('review.bar.cost', value='1,2')}"
    assert bars[3].label.endswith(tr.t("review.bar.pending"))
    # the computer's decisions are drawn only when asked for (the box ticked)
    theirs = whose(fs, 0, 1)
    assert review_view.chart(fs, valued(actions, fs, {theirs: 2.0}), shown=set(), tr=tr)[0].computer is None
    assert review_view.chart(fs, valued(actions, fs, {theirs: 2.0}), shown={theirs}, tr=tr)[0].computer == 2.0
    assert review_view.hand_cost(decisions) == 1.2 + 0.1


def test_the_played_card_and_the_best_one_are_marked():
    g = played_hand()
    actions = g.action_notations()
    fs = review_view.frames(g.deck, g.dealer, actions)
    mine = whose(fs, 0, 0)
    card = actions[mine][5:]
    assert review_view.card_marks(fs[0], {}) == {}
    assert review_view.card_marks(fs[0], valued(actions, fs, {mine: 0.0})) == {card: "both"}
    assert review_view.card_marks(fs[0], valued(actions, fs, {mine: 0.8})) == {card: "played", "AS": "best"}
    # the computer's decision marks nothing in the player's hand
    assert review_view.card_marks(fs[0], valued(actions, fs, {whose(fs, 0, 1): 0.8})) == {}


def test_a_row_with_marked_cards_has_the_key_to_its_outlines_and_no_other():
    tr = TR["it"]
    hand = ["9S", "AS", "KH"]
    row = review_view.cards_row(hand, "mine", tr, marks={"9S": "played", "AS": "best"})
    assert [(k["mark"], k["words"]) for k in row["legend"]] == [
        ("played", tr.t("review.mark.played")), ("best", tr.t("review.mark.best"))]
    assert [k["mark"] for k in review_view.cards_row(hand, "mine", tr, marks={"AS": "both"})["legend"]] == ["both"]
    assert review_view.cards_row(hand, "mine", tr)["legend"] == []
    assert review_view.cards_row(hand, "mine", tr, marks={})["legend"] == []
