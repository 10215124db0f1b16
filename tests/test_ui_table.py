"""ui.model.table: taps become notation, events become messages, results are told
with the right reason, and statistics count each hand once."""


from sixtysix import Match
from tests.conftest import match_from
from ui.model.stats import Stats
from ui.model.storage import decode_game, encode_game
from ui.model.table import COMPUTER, HUMAN, Table


def table_from(non_dealer_hand, dealer_hand, trump_card, stock=(), dealer=1, stats=None) -> Table:
    """A Table whose first hand is this deal (see ``match_from``)."""
    return Table(match_from(non_dealer_hand, dealer_hand, trump_card, stock, dealer), 0, stats)


def keys(table):
    return [m.key for m in table.messages]


def test_a_king_with_its_queen_announces_the_marriage_after_a_trick():
    t = table_from("AS KH QH 9D JD TD", "9S JS QS KS 9C JC", "AC")
    # No trick yet: the king is just played, and the player is told why.
    assert t.actions_for_card("KH") == ["play:KH"]
    # Win a trick first: lead AS, the computer answers 9S.
    t.apply_human(t.actions_for_card("AS"))
    t.apply(COMPUTER, "play:9S")
    assert t.showing_trick["winner"] == HUMAN
    t.gather()
    assert t.actions_for_card("QH") == ["marry:H", "play:QH"]
    t.apply_human(t.actions_for_card("QH"))
    msg = t.messages[-1]
    assert msg.key == "msg.marriage.you" and msg.params == {"suit": "H", "points": 20}
    assert t.view(HUMAN)["points"][HUMAN] == 11 + 20


def test_a_marriage_led_before_any_trick_is_explained():
    t = table_from("KH QH 9D JD TD AS", "9S JS QS KS 9C JC", "AC")
    t.apply_human(t.actions_for_card("KH"))
    assert "msg.missed_marriage" in keys(t)


def test_only_legal_cards_can_be_tapped():
    t = table_from("AS KH QH 9D JD TD", "9S JS QS KS 9C JC", "AC", dealer=0)
    # The computer (non-dealer) leads: nothing of the person's is playable.
    assert not t.human_to_move()
    assert t.actions_for_card("9S") is None  # not the person's card, and not their turn
    assert t.actions_for_card("AS") is None


def test_a_false_declaration_is_told_and_counted():
    stats = Stats()
    t = table_from("AS KH QH 9D JD TD", "9S JS QS KS 9C JC", "AC", stats=stats)
    t.apply(HUMAN, "declare")
    assert t.hand_over
    last = t.messages[-1]
    assert last.key == "result.false.you"
    assert last.params == {"points": 0, "gp": 3}  # the computer has no trick: 3
    assert (stats.hands_won, stats.hands_lost) == (0, 1)
    assert stats.at("medium").false_declarations == stats.at("medium").declarations == 1
    assert t.match.scores == [0, 3]


def test_closing_then_declaring_falsely_is_a_closing_failure():
    t = table_from("AS KH QH 9D JD TD", "9S JS QS KS 9C JC", "AC")
    t.apply(HUMAN, "close")
    assert keys(t)[-1] == "msg.close.you"
    t.apply(HUMAN, "declare")
    assert t.view(HUMAN)["result"]["reason"] == "closed_failed"
    assert t.messages[-1].key == "result.closed_false.you"


def test_every_finished_hand_gets_a_result_message_naming_its_game_points():
    reasons = set()
    for seed in range(60):
        t = Table.new(seed)
        while not t.hand_over:
            player = t.to_move
            legal = t.view(player)["legal"]
            # a simple line: declare when possible, otherwise the first action
            t.apply(player, "declare" if "declare" in legal and t.view(player)["points"][player] >= 66
                    else legal[-1] if seed % 2 else legal[0])
        res = t.view(HUMAN)["result"]
        reasons.add(res["reason"])
        result_msgs = [m for m in t.messages if m.key.startswith("result.")]
        assert result_msgs, t.messages
        assert result_msgs[0].params["gp"] == res["game_points"]
    assert {"declared", "false_declaration", "last_trick"} <= reasons


def test_statistics_count_each_hand_once_even_across_a_reload():
    stats = Stats()
    t = Table.new(3, stats)
    while not t.hand_over:
        t.apply(t.to_move, t.view(t.to_move)["legal"][0])
    assert stats.hands_won + stats.hands_lost == 1
    # save and reload as the page does
    match, counted, _ = decode_game(encode_game(t.match, t.counted_hands))
    again = Table(match, counted, stats)
    assert stats.hands_won + stats.hands_lost == 1
    # a reload shows the finished hand's result again
    assert again.messages and again.messages[-1].key.startswith("result.")


def test_a_match_won_is_counted_once():
    stats = Stats()
    t = Table.new(11, stats)
    while not t.match_over:
        if t.hand_over:
            t.next_hand()
            continue
        t.apply(t.to_move, t.view(t.to_move)["legal"][0])
    assert stats.matches_won + stats.matches_lost == 1
    assert stats.hands_won + stats.hands_lost == len(t.match.hands)
    assert t.messages[-1].key.startswith("result.match.")
    Table(t.match, t.counted_hands, stats)
    assert stats.matches_won + stats.matches_lost == 1


def test_the_computer_fallback_keeps_the_game_going():
    t = table_from("AS KH QH 9D JD TD", "9S JS QS KS 9C JC", "AC", dealer=0)
    assert t.apply_computer("play:XX") is False
    assert len(t.view(HUMAN)["trick"]) == 1


def test_a_hint_is_kept_only_while_it_is_legal():
    t = table_from("AS KH QH 9D JD TD", "9S JS QS KS 9C JC", "AC")
    assert t.set_hint("play:AS") and t.hint == "play:AS"
    assert not t.set_hint("play:9S") and t.hint is None
    t.set_hint("play:AS")
    t.apply_human(["play:AS"])
    assert t.hint is None


def test_a_hint_kept_is_said_in_the_live_region_once():
    # The message line is silent (role=log, aria-live off): a hint only there
    # was never heard by a screen reader's user.
    from ui.model.table import Message

    t = table_from("AS KH QH 9D JD TD", "9S JS QS KS 9C JC", "AC")
    t.take_events()
    assert t.set_hint("play:AS")
    assert t.take_events() == [Message("hint.play", {"card": "AS"})]
    assert not t.set_hint("play:9S") and t.take_events() == []  # refused: nothing said
    assert t.set_hint("close") and t.take_events() == [Message("hint.close")]


def test_the_card_drawn_after_a_trick_is_said_in_the_live_region():
    # A screen reader's user had to walk the hand after every trick to find it.
    from ui.model.table import Message

    t = table_from("AS KH QH 9D JD TD", "9S JS QS KS 9C JC", "AC", stock=("TH", "9H"))
    t.take_events()
    t.apply_human(["play:AS"])
    t.apply(COMPUTER, "play:9S")
    said = t.take_events()
    assert Message("say.drew.you", {"card": "TH"}) in said  # the winner draws the top card
    assert said.index(Message("say.drew.you", {"card": "TH"})) > [m.key for m in said].index("say.trick.you")
    assert "TH" in t.view(HUMAN)["hand"]


def test_new_hand_message_says_who_deals():
    m = Match.new(5)
    t = Table.new(5)
    expected = "msg.new_hand.you" if m.game.dealer == HUMAN else "msg.new_hand.computer"
    assert keys(t) == [expected]


def test_a_marriage_that_reaches_66_waits_so_the_player_can_declare():
    # Hearts are trumps: after two tricks (21 + 12 points) the trump marriage
    # (40) reaches 73, so a tap on the queen announces it and stops there.
    t = table_from("AS TS KH QH 9D JD", "TC JS 9C JC QS KS", "AH", stock=("9S", "JH", "QC", "KC"))
    for mine, theirs in (("AS", "TC"), ("TS", "JS")):
        t.apply_human(t.actions_for_card(mine))
        t.apply(COMPUTER, f"play:{theirs}")
        t.gather()
    t.apply_human(t.actions_for_card("QH"))
    v = t.view(HUMAN)
    assert v["pending_marriage"] == "H" and v["points"][HUMAN] == 73
    assert "QH" in v["hand"] and "declare" in v["legal"]
    t.apply_human(["declare"])
    assert t.match.game.result.reason == "declared"


def test_a_marriage_short_of_66_leads_the_card_at_once():
    t = table_from("AS KH QH 9D JD TD", "9S JS QS KS 9C JC", "AC")
    t.apply_human(t.actions_for_card("AS"))
    t.apply(COMPUTER, "play:9S")
    t.gather()
    t.apply_human(t.actions_for_card("QH"))
    assert t.view(HUMAN)["trick"] == ["QH"]


def test_counting_myself_every_marriage_waits_for_the_declare_choice():
    t = table_from("AS KH QH 9D JD TD", "9S JS QS KS 9C JC", "AC")
    t.apply_human(t.actions_for_card("AS"))
    t.apply(COMPUTER, "play:9S")
    t.gather()
    t.apply_human(t.actions_for_card("QH"), count_myself=True)
    v = t.view(HUMAN)
    assert v["pending_marriage"] == "H" and v["trick"] == []


def test_the_rules_pages_say_when_a_marriage_tap_waits():
    # The three tests above, in the rules pages' words: the tap on the K or Q
    # announces and leads at once, except when the declare button comes up.
    import json
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    for lang, tap in (("pt", "tocar no rei ou na dama"), ("it", "toccare il re o la donna")):
        page = (root / "rules" / f"{lang}.html").read_text(encoding="utf-8")
        said = next(p for p in re.findall(r"<p>(.*?)</p>", page, re.S) if tap in p)
        catalog = json.loads((root / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
        assert catalog["button.declare"] in said, said  # when it waits: the button that comes up
        assert catalog["settings.count_myself"].split()[-1] in said, said  # ...and why ("cabeça" / "mente")


class TestLeavingAMatch:
    def test_a_fresh_deal_is_not_in_progress_and_leaving_it_costs_nothing(self):
        table = Table.new(5, Stats())
        assert not table.in_progress
        table.abandon()
        assert table.stats == Stats()

    def test_an_abandoned_match_in_progress_counts_as_lost(self):
        table = Table.new(5, Stats())
        table.match.apply(table.game.legal_actions()[0])
        assert table.in_progress
        table.abandon()
        assert table.stats.matches_lost == 1 and table.stats.matches_won == 0
