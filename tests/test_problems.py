"""The problems (issue 31): the shipped file, its proofs, its checks, the tool.

The fast suite re-proves a seeded sample of 50 shipped problems with the exact
solver; ``python3 -m pytest -m slow tests/test_problems.py`` re-proves them all
(the test marked slow is skipped unless ``-m`` selects it).
"""

from __future__ import annotations

import copy
import gzip
import json
import random
from pathlib import Path

import pytest

from sixtysix import Game, problems
from sixtysix.actions import ACTIONS
from sixtysix.problems import ProblemError

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "assets" / "problems.json"
SAMPLE = 50


@pytest.fixture(scope="module")
def text() -> str:
    return SHIPPED.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def shipped(text) -> list:
    return problems.load(text)


def raw(text) -> list[dict]:
    return json.loads(text)["problems"]


# --- the shipped file ---------------------------------------------------------------------------

def test_the_shipped_file_loads_with_at_least_200_problems(shipped, text):
    assert len(shipped) >= 200
    assert len({p.id for p in shipped}) == len(shipped)
    assert text == problems.dumps(shipped) + "\n"   # compact, sorted keys, the tool's order
    assert [(p.depth, p.id) for p in shipped] == sorted((p.depth, p.id) for p in shipped)


def test_the_shipped_file_stays_small(text):
    data = text.encode()
    assert len(gzip.compress(data, 9)) < 150_000
    brotli = pytest.importorskip("brotli")
    assert len(brotli.compress(data, quality=11)) < 150_000


def test_a_seeded_sample_is_proved_by_the_solver(shipped):
    for p in random.Random("problems-sample").sample(shipped, SAMPLE):
        problems.check(p)


@pytest.mark.slow
def test_every_shipped_problem_is_proved_by_the_solver(shipped, request):
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("slow: run with -m slow")
    for p in shipped:
        problems.check(p)


def test_each_best_move_is_legal_and_beats_every_other_by_a_game_point(shipped):
    for p in shipped:
        g = problems.to_game(p)
        legal = [str(a) for a in g.legal_actions()]
        assert sorted(p.values) == sorted(legal), p.id
        assert len(p.best) == 1 and p.best[0] in legal, p.id
        others = [v for a, v in p.values.items() if a != p.best[0]]
        assert p.values[p.best[0]] - max(others) >= problems.GAP, p.id
        assert p.values[p.best[0]] > 0, p.id   # each shipped problem is a win to find
        assert g.to_move == 0 and g.is_strict() and p.depth >= 1


def test_the_set_is_varied(shipped):
    assert {p.trump for p in shipped} == set("CDHS")
    assert {p.stock for p in shipped} == {"empty", "closed"}
    assert {p.closed_by for p in shipped if p.stock == "closed"} == {"you", "opponent"}
    assert {p.leading for p in shipped} == {True, False}
    assert {len(p.you) for p in shipped} == {2, 3, 4, 5}
    assert len({p.depth for p in shipped}) >= 2
    positions = {json.dumps(p.position(), sort_keys=True) for p in shipped}
    assert len(positions) == len(shipped)


def test_the_reason_says_how_the_line_ends(shipped):
    for p in shipped:
        g = problems.to_game(p)
        for m in p.line:
            g.apply(m)
        r = g.result
        assert (p.reason["winner"], p.reason["game_points"]) == (("you", "opponent")[r.winner], r.game_points)
        assert p.reason["outcome"] == str(r.reason) and p.reason["rule"] == str(r.rule)
        run = p.reason["run"]
        assert run["side"] in problems.SIDES and run["cards"] or p.reason["marriage"] and not p.line[2:]


# --- the solver against a plain minimax over the engine -------------------------------------------

def minimax(g: Game, me: int) -> int:
    """Game points for ``me`` with both sides choosing among *every* legal action
    (declaring at any time, a king or queen led without its marriage...)."""
    if g.result is not None:
        return g.result.game_points * (1 if g.result.winner == me else -1)
    values = []
    for code in g.legal_codes():
        g.push(code)
        values.append(minimax(g, me))
        g.pop()
    return max(values) if g.to_move == me else min(values)


def test_the_values_are_those_of_a_plain_minimax(shipped):
    small = [p for p in shipped if len(p.you) <= 3]
    assert len(small) >= 20
    for p in random.Random("minimax").sample(small, 20):
        g = problems.to_game(p)
        plain = {}
        for code in g.legal_codes():
            g.push(code)
            plain[str(ACTIONS[code])] = minimax(g, 0)
            g.pop()
        assert plain == p.values, p.id


# --- the record, built and read back ------------------------------------------------------------

def test_a_problem_round_trips_through_its_game():
    p = problems.make(problems._example())
    assert problems.position_of(problems.to_game(p)) == p.position()
    assert problems.load(problems.dumps([p]))[0] == p
    assert p.best == ["play:AH"] and p.values == {"play:9C": 1, "play:AH": 2, "declare": -2}


def test_solving_needs_the_strict_phase():
    with pytest.raises(ProblemError, match="strict phase"):
        problems.solve_values(Game.new(seed=1))


# --- tampering -------------------------------------------------------------------------------------

def first_with(shipped, test):
    return copy.deepcopy(next(p.to_dict() for p in shipped if test(p)))


def one(d: dict) -> str:
    return json.dumps({"format": problems.FORMAT, "version": problems.VERSION, "problems": [d]})


def test_an_untouched_problem_loads(shipped):
    assert problems.load(one(first_with(shipped, lambda p: True)))


def tamper_cases(shipped):
    """(name, the tampered record, what the error must say)."""
    leading = first_with(shipped, lambda p: p.leading and len(p.you) >= 3)
    cases = []

    def case(name, change, match, base=leading):
        d = copy.deepcopy(base)
        change(d)
        cases.append((name, d, match))

    best = leading["best"][0]
    other = next(a for a in leading["values"] if a != best)
    case("best value changed", lambda d: d["values"].__setitem__(best, d["values"][best] - 1 if
                                                                   d["values"][best] > 1 else 3),
         "best|line ends|beat every other")
    case("other move made best", lambda d: d["values"].__setitem__(other, 3), "best")
    case("illegal card code", lambda d: d["you"].__setitem__(0, "XH"), "card codes")
    case("card of the opponent's in your hand", lambda d: d["you"].__setitem__(0, d["opponent"][0]), "named twice")
    case("played card in your hand", lambda d: d["you"].__setitem__(0, d["played"][0]), "named twice")
    case("missing field", lambda d: d.pop("depth"), "missing: depth")
    case("unknown field", lambda d: d.__setitem__("hint", "AH"), "unknown: 'hint'")
    case("points as text", lambda d: d.__setitem__("points", [str(d["points"][0]), d["points"][1]]), "points")
    case("value as a float", lambda d: d["values"].__setitem__(other, float(d["values"][other])), "integers")
    case("value as a bool", lambda d: d["values"].__setitem__(other, True), "integers")
    case("depth as text", lambda d: d.__setitem__("depth", str(d["depth"])), "depth")
    case("hand not a list", lambda d: d.__setitem__("you", " ".join(d["you"])), "card codes")
    case("value for an illegal move", lambda d: d["values"].__setitem__("play:" + d["opponent"][0], -1),
         "not legal here")
    case("value missing for a legal move", lambda d: d["values"].pop(other), "missing: " + other)
    case("points that do not add up", lambda d: d["points"].__setitem__(0, d["points"][0] + 1), "do not add up")
    case("tricks that do not add up", lambda d: d["tricks"].__setitem__(0, d["tricks"][0] + 1), "tricks won but")
    case("unknown stock", lambda d: d.__setitem__("stock", "open"), "'stock'")
    case("unknown trump", lambda d: d.__setitem__("trump", "X"), "'trump'")
    case("a card lost", lambda d: d["played"].pop(), "whole tricks|24 cards|do not fit")
    case("unsorted hand", lambda d: d["you"].reverse(), "sorted")
    case("line that is not the best move", lambda d: d.__setitem__("line", [other] + d["line"][1:]), "line")
    case("line with an illegal move", lambda d: d["line"].__setitem__(1, "play:XX"), "line move 2")
    case("line cut short", lambda d: d.__setitem__("line", d["line"][:1]), "does not end the hand")
    case("reason changed", lambda d: d["reason"].__setitem__("rule", "last_trick"), "reason")
    case("id changed", lambda d: d.__setitem__("id", "00000000"), "'id'")
    case("hands swapped (a new position under the old id)",
         lambda d: d.update(you=d["opponent"], opponent=d["you"]), "")
    closed = first_with(shipped, lambda p: p.stock == "closed")
    case("closed stock without a closer", lambda d: d.__setitem__("closed_by", None), "closed_by", closed)
    named = set(closed["you"] + closed["opponent"] + closed["trick"] + closed["played"])
    off_suit = next(c for c in problems.cards.CODES if c not in named and c[1] != closed["trump"])
    case("trump card not a card", lambda d: d.__setitem__("trump_card", ["9D"]), "'trump_card'", closed)
    case("trump card of another suit", lambda d: d.__setitem__("trump_card", off_suit), "'trump_card'", closed)
    case("empty stock with a trump card", lambda d: d.__setitem__("trump_card", d["you"][0]), "",
         first_with(shipped, lambda p: p.stock == "empty"))
    return cases


def test_tampered_problems_are_rejected_with_a_clear_error(shipped):
    for name, d, match in tamper_cases(shipped):
        with pytest.raises(ProblemError, match=match or ".") as e:
            problems.load(one(d))
        assert str(e.value).startswith("problem 1"), (name, str(e.value))


def test_a_changed_value_that_keeps_the_best_is_caught_by_the_solver(shipped):
    d = first_with(shipped, lambda p: len(p.values) >= 3 and min(p.values.values()) > -3)
    low = min(d["values"], key=d["values"].get)
    d["values"][low] -= 1
    p = problems.load(one(d))[0]   # still a consistent record...
    with pytest.raises(ProblemError, match=f"values {low} differently"):
        problems.check(p)          # ...but not what the solver finds


@pytest.mark.parametrize("text, match", [
    ("[1, 2]", "an object"),
    ('{"format": "sixtysix-hand", "version": 1, "problems": []}', "unknown format"),
    ('{"format": "sixtysix-problems", "version": 2, "problems": []}', "unsupported version"),
    ('{"format": "sixtysix-problems", "version": 1, "problems": {}}', "must be a list"),
    ("{", "not JSON"),
    ("[" * 50 + "]" * 50, "nested deeper"),
])
def test_a_bad_file_is_rejected(text, match):
    with pytest.raises(ProblemError, match=match):
        problems.load(text)


def test_a_problem_twice_is_rejected(shipped):
    d = shipped[0].to_dict()
    text = json.dumps({"format": problems.FORMAT, "version": problems.VERSION, "problems": [d, d]})
    with pytest.raises(ProblemError, match="problem 2 .*a second problem with this id"):
        problems.load(text)


# --- the tool -----------------------------------------------------------------------------------

def test_the_tool_is_deterministic(tmp_path):
    from tools import make_problems

    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert make_problems.main(["--count", "2", "--seed", "7", "--out", str(a)]) == 0
    assert make_problems.main(["--count", "2", "--seed", "7", "--out", str(b)]) == 0
    assert a.read_bytes() == b.read_bytes()
    assert len(problems.load(a.read_text())) == 2


def test_the_build_ships_the_file_offline_and_outside_app_zip():
    from tools import build

    assert "assets" in build.COPY                                # dist/assets/problems.json
    assert build.precached("assets/problems.json")               # the service worker precaches it
    assert "assets" not in build.APP_PACKAGES                    # not in app.zip


def test_any_junk_in_any_field_is_a_problem_error(shipped):
    base = shipped[0].to_dict()
    for key in sorted(base):
        for junk in (None, True, 1, 1.5, "x", [], {}, ["AH"], [1, 2], {"a": 1}):
            if junk == base[key]:
                continue
            d = copy.deepcopy(base)
            d[key] = junk
            with pytest.raises(ProblemError):
                problems.load(one(d))
