"""Statistics per level (ui/model/stats.py), counted from the engine's result facts,
the old saved shape migrated, and the dialog's table (ui/model/stats_table.py)."""

import json
from pathlib import Path

from sixtysix import Game

from ui.model import stats_table as stats_view
from ui.model.i18n import Translator, load_catalog
from ui.model.stats import LevelStats, Stats
from ui.model.storage import STATS_KEY, VERSION, MemoryBackend, Store
from ui.model.table import HUMAN, Table

ROOT = Path(__file__).resolve().parent.parent
PT = Translator("pt", load_catalog("pt", ROOT))


def finished_facts(actions, seed=7):
    """Play ``actions`` (notations; None = the first legal action) until the hand ends."""
    g = Game.new(seed=seed)
    todo = list(actions)
    while g.result is None:
        a = todo.pop(0) if todo else None
        g.apply(a if a else g.legal_actions()[0])
    return g.result.facts()


def test_a_hand_is_counted_from_the_engines_facts():
    s = LevelStats()
    won = {"winner": HUMAN, "game_points": 2, "closer": HUMAN, "declarer": HUMAN, "deemed": False, "reason": "declared"}
    lost = {"winner": 1, "game_points": 3, "closer": None, "declarer": HUMAN, "deemed": False, "reason": "false_declaration"}
    deemed = {"winner": HUMAN, "game_points": 1, "closer": None, "declarer": HUMAN, "deemed": True, "reason": "declared"}
    for facts in (won, deemed, lost, won):
        s.count_hand(facts)
    assert (s.hands_won, s.hands_lost, s.game_points_won, s.game_points_lost) == (3, 1, 5, 3)
    assert (s.closes, s.closes_won) == (2, 2)
    assert (s.declarations, s.false_declarations) == (3, 1)  # a deemed declaration is not the player's
    assert (s.streak, s.best_streak) == (1, 2)


def test_a_closer_beaten_and_a_false_declaration_after_closing():
    s = LevelStats()
    # the player closed, the computer made 66 first: the closing failed, no declaration of the player
    s.count_hand({"winner": 1, "game_points": 2, "closer": HUMAN, "declarer": 1, "deemed": False, "reason": "closed_failed"})
    # the player closed and declared with too few points
    s.count_hand({"winner": 1, "game_points": 3, "closer": HUMAN, "declarer": HUMAN, "deemed": False, "reason": "closed_failed"})
    # the computer closed and the player declared correctly against it
    s.count_hand({"winner": HUMAN, "game_points": 2, "closer": 1, "declarer": HUMAN, "deemed": False, "reason": "closed_failed"})
    assert (s.closes, s.closes_won, s.declarations, s.false_declarations) == (2, 0, 2, 1)


def test_real_hands_count_at_the_level_being_played():
    stats = Stats()
    stats.level = "hard"
    t = Table.new(3, stats)
    while not t.hand_over:
        t.apply(t.to_move, "declare" if "declare" in t.view(t.to_move)["legal"] else t.view(t.to_move)["legal"][0])
    facts = t.result_facts()
    hard = stats.at("hard")
    assert hard.hands == 1 and set(stats.levels) == {"hard"}
    assert (hard.game_points_won if facts["winner"] == HUMAN else hard.game_points_lost) == facts["game_points"]
    assert stats.hands_won + stats.hands_lost == 1  # the totals follow


def test_the_old_saved_shape_is_migrated_not_lost():
    old = json.dumps({"version": VERSION, "hands_won": 12, "hands_lost": 9, "matches_won": 2, "matches_lost": 1})
    store = Store(MemoryBackend({STATS_KEY: old}))
    stats = store.load_stats()
    assert store.discarded == []
    assert (stats.hands_won, stats.hands_lost, stats.matches_won, stats.matches_lost) == (12, 9, 2, 1)
    assert stats.levels == {} and stats.earlier.hands == 21
    stats.level = "easy"
    stats.count_match(True)
    store.save_stats(stats)
    again = Store(store.backend).load_stats()
    assert again == stats and again.matches_won == 3 and again.earlier.matches_won == 2
    saved = json.loads(store.backend.items[STATS_KEY])
    assert saved["matches_won"] == 3  # the totals stay at the top, where older versions read them


def test_odd_saved_values_are_dropped_one_by_one():
    stats = Stats.from_dict({"levels": {"hard": {"hands_won": -1, "closes": 2, "streak": True}, "god": {"hands_won": 5}},
                             "earlier": "x"})
    assert set(stats.levels) == {"hard"} and stats.levels["hard"] == LevelStats(closes=2) and stats.earlier is None


def test_reset_forgets_every_level():
    stats = Stats.from_dict({"levels": {"easy": {"hands_won": 1}}, "earlier": {"hands_lost": 4}})
    stats.reset()
    assert stats == Stats() and stats.hands_lost == 0


def test_the_dialog_table_has_a_column_per_level_played():
    stats = Stats.from_dict({"levels": {"hard": {"hands_won": 3, "hands_lost": 1, "game_points_won": 5,
                                                  "game_points_lost": 2, "closes": 2, "closes_won": 1,
                                                  "declarations": 3, "false_declarations": 1, "best_streak": 2},
                                         "easy": {}},
                             "earlier": {"hands_won": 4}})
    header, rows = stats_view.table(stats, PT)
    assert header == ["Por nível", "Difícil", "Antes (sem nível)"]  # nothing counted at easy: no column
    said = {row[0]: row[1:] for row in rows}
    assert said["Mãos ganhas / perdidas"] == ["3 / 1", "4 / 0"]
    # the old totals never held game points, closes or declarations: a dash, not a zero
    assert said["Pontos de jogo por mão: você / computador"] == ["1,2 / 0,5", "–"]
    assert said["Fechamentos que deram certo"] == ["1 de 2", "–"]
    assert said["Anúncios de 66 falsos"] == ["1 de 3", "–"]
    assert said["Maior sequência de mãos ganhas"] == ["2", "–"]
    assert stats_view.table(Stats(), PT) == (["Por nível"], [[PT.t(k)] for k in stats_view.ROWS])
