"""The perfect-information solver agrees with brute force over the engine; the arena is deterministic."""

import json
import random

from sixtysix import Game, cards
from sixtysix.actions import CLOSE
from sixtysix.bots.rootmoves import strict_lead
from sixtysix.bots.search import G, Searcher
from sixtysix import arena
from tests.conftest import brute


def strict_args(g):
    l = g.leader
    cl = 0
    if g.closed_by >= 0:
        cl = (1 if g.closed_by == l else 2) + (3 if g.non_closer_tricks_at_close == 0 else 0)
    return (g.hands[l], g.hands[1 - l], g.points(l), g.points(1 - l),
            int(g.tricks[l] > 0), int(g.tricks[1 - l] > 0), cl)


def test_strict_solver_matches_brute_force():
    rng = random.Random(5)
    checked = 0
    for seed in range(150):
        g = Game.new(seed=f"solver:{seed}")
        close_at = rng.randrange(0, 14)
        plays = 0
        while g.result is None:
            if (g.led < 0 and g.pending_marriage < 0 and g.is_strict()
                    and bin(g.hands[g.leader]).count("1") <= 4 and g.points(g.leader) < 66):
                break
            legal = g.legal_codes()
            if CLOSE in legal and plays >= close_at:
                g.push(CLOSE)
                continue
            g.push(rng.choice([c for c in legal if c < CLOSE - 1]))
            plays += 1
        if g.result is not None:
            continue
        v = Searcher(g.trump, None).strict(*strict_args(g))
        assert round(v / G) == brute(g, g.leader), seed
        checked += 1
    assert checked > 50


def test_arena_results_do_not_depend_on_jobs():
    one = arena.run("easy", "random", 3, seed="t", jobs=1)
    two = arena.run("easy", "random", 3, seed="t", jobs=2)
    for s in (one, two):
        for k in ("seed", "jobs", "budget", "wall_seconds", "command"):
            s.pop(k)
        for side in ("A", "B"):
            s[side].pop("time_ms")
            s[side].pop("cpu_ms")
    assert one == two
    assert one["pairs"] == 3 and one["A"]["hands"] == 6
    json.dumps(one)


def test_arena_prints_both_sides_and_the_difference(capsys):
    arena.main(["easy", "random", "--pairs", "2", "--seed", "x"])
    out = capsys.readouterr().out
    assert "easy" in out and "random" in out and "per-pair difference" in out
    arena.main(["open", "easy", "--pairs", "1", "--seed", "x", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["A"]["bot"] == "open" and data["pairs"] == 1


def test_the_solvers_inlined_marriage_bonus_agrees_with_the_rule_in_cards():
    """``Searcher._strict`` inlines ``cards.marriage_bonus`` (a call costs the exact solver
    3-4 %): its value must be the best of the leads as ``rootmoves.strict_lead`` scores them
    with the helper, over strict-phase positions where marriages can be announced."""
    rng = random.Random(7)
    with_marriage = 0
    for seed in range(300):
        g = Game.new(seed=f"marriages:{seed}")
        close_at = rng.randrange(2, 10)
        plays = 0
        while g.result is None and not (g.is_strict() and g.led < 0 and g.pending_marriage < 0):
            legal = g.legal_codes()
            if CLOSE in legal and plays >= close_at:
                g.push(CLOSE)
                continue
            g.push(rng.choice([c for c in legal if c < CLOSE - 1]))
            plays += 1
        if g.result is not None or g.points(g.leader) >= 66:
            continue
        hl, hf, pl, pf, tl, tf, cl = strict_args(g)
        with_marriage += any(cards.marriage_bonus(hl, c, tl, g.trump) for c in cards.cards_in(hl))
        leads = [strict_lead(Searcher(g.trump, None), hl, hf, pl, pf, tl, tf, cl, c) for c in cards.cards_in(hl)]
        assert Searcher(g.trump, None).strict(hl, hf, pl, pf, tl, tf, cl) == max(leads), seed
    assert with_marriage >= 30
