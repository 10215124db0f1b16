"""Perft: the number of legal-action sequences to depth 1..4 from fixed
positions (python-chess's perft files, STYLE.md), in ``tests/data/perft.json``.

A change in these counts means the set of legal actions changed somewhere:
a rules change must update the file on purpose (from the repository's root:
``python -m tests.test_engine_perft``), anything else is a regression.

The counts were computed once with the engine's push/pop, after the rules
had been checked by the tests in ``test_rules_*.py`` and the engine's legal
actions had been compared over thousands of random hands with the oracle
(``RefHand`` in conftest.py). The oracle recounts depths 1-3 here too.

A sequence is counted when it has exactly ``depth`` actions; a hand that
ends sooner (a declaration) adds nothing at greater depths, as a mate does in
chess perft.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sixtysix import Game

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "perft.json"
MAX_DEPTH = 4


def perft(game: Game, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for code in game.legal_codes():
        game.push(code)
        total += perft(game, depth - 1)
        game.pop()
    return total


def ref_perft(ref, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for a in ref.legal():
        child = ref.clone()
        child.apply(a)
        total += ref_perft(child, depth - 1)
    return total


def position(entry) -> Game:
    g = Game.from_deck(entry["deck"], entry["dealer"])
    for a in entry["actions"]:
        g.apply(a)
    return g


def load_positions():
    return json.loads(DATA.read_text())["positions"]


POSITIONS = [] if __name__ == "__main__" else load_positions()


@pytest.mark.parametrize("entry", POSITIONS, ids=lambda e: e["name"])
def test_perft(entry):
    g = position(entry)
    assert [perft(g, d) for d in range(1, MAX_DEPTH + 1)] == entry["counts"]
    assert g.action_notations() == entry["actions"]  # push/pop left the position as it was


@pytest.mark.parametrize("entry", POSITIONS, ids=lambda e: e["name"])
def test_the_oracle_counts_the_same(entry):
    from tests.conftest import RefHand

    ref = RefHand(entry["deck"], entry["dealer"])
    for a in entry["actions"]:
        ref.apply(a)
    assert [ref_perft(ref, d) for d in range(1, 4)] == entry["counts"][:3]


# --- regenerating the file (only for a deliberate rules change) -----------------------


def _first_plays(game: Game, n: int, then=()) -> list[str]:
    """Play the first legal card ``n`` times, then the given actions."""
    done = []
    for _ in range(n):
        a = next(str(x) for x in game.legal_actions() if x.kind == "play")
        game.apply(a)
        done.append(a)
    for a in then:
        game.apply(a)
        done.append(a)
    return done


def _generate() -> dict:
    entries = []

    def add(name, seed, n_plays=0, then=()):
        g = Game.new(seed=seed)
        actions = _first_plays(g, n_plays, then)
        entries.append({"name": name, "deck": list(g.deck), "dealer": g.dealer, "actions": actions,
                        "counts": [perft(g, d) for d in range(1, MAX_DEPTH + 1)]})

    for seed in (1, 2, 3):
        add(f"seed {seed}, the deal", seed)
    add("seed 4, after two tricks", 4, 4)
    add("seed 16, a marriage and the exchange on offer", 16, 4)
    add("seed 5, closed at the first lead", 5, 0, ["close"])
    add("seed 6, after three tricks and closing", 6, 6, ["close"])
    add("seed 7, the stock just ran out", 7, 12)
    add("seed 8, a follower in the strict phase", 8, 13)
    return {
        "comment": ("Legal-action sequence counts to depth 1..4 (push/pop), computed with the engine after "
                    "the rules tests passed and the oracle agreed over thousands of random hands. "
                    "Regenerate only for a deliberate rules change: python -m tests.test_engine_perft"),
        "positions": entries,
    }


if __name__ == "__main__":
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(_generate(), indent=1) + "\n")
    print(f"wrote {DATA}")
