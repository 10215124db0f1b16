"""Problems on the page (issue 31): the order they come in, a try solved or
failed, and a problem played out against the solver's defence."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sixtysix import problems
from tests.test_ui_flow import make_flow, run
from ui.model import botcall
from ui.model.i18n import Translator, load_catalog
from ui.model.present import build
from ui.model.problem_play import COME_BACK, ProblemBook, defend, outcome, player_slip, problem_table
from ui.model.storage import MemoryBackend, Store
from ui.model.table import HUMAN, Table

ROOT = Path(__file__).resolve().parent.parent
PT = Translator("pt", load_catalog("pt", ROOT))


def some_problems(n=6):
    return problems.load((ROOT / "assets" / "problems.json").read_text())[:n]


def test_the_next_problem_is_the_first_not_solved_and_a_failure_comes_back_later():
    shipped = some_problems()
    book = ProblemBook()
    assert book.next(shipped) is shipped[0]
    book.note(shipped[0].id, solved=False)
    assert book.next(shipped) is shipped[1]  # not at once
    for p in shipped[1:COME_BACK + 1]:
        assert book.next(shipped) is p
        book.note(p.id, solved=True)
    assert book.next(shipped) is shipped[0]  # due again
    book.note(shipped[0].id, solved=True)
    assert shipped[0].id not in book.failed and book.failures == 1 and len(book.solved) == COME_BACK + 1
    assert book.lines(PT) == [PT.t("stats.problems", solved=COME_BACK + 1, failed=0, tries=COME_BACK + 2)]
    assert ProblemBook().lines(PT) == []


def test_the_progress_is_saved_and_anything_odd_in_it_is_dropped():
    store = Store(MemoryBackend())
    book = ProblemBook()
    book.note("0123abcd", True)
    book.note("89abcdef", False)
    assert store.save_problems(book) and store.load_problems() == book
    odd = {"solved": ["0123abcd", 5, "short", None], "failed": {"89abcdef": 3, "bad": 1, "deadbeef": -1},
           "failures": "x", "tries": True}
    assert ProblemBook.from_dict(odd) == ProblemBook(["0123abcd"], {"89abcdef": 3})
    store.backend.setItem("sixtysix.problems", "[1, 2")
    assert store.load_problems() == ProblemBook()


def play_out(problem, my_moves):
    """``problem`` on a table against the solver's defence, the player choosing by ``my_moves(view)``."""
    def ask(function, state_json, *rest):
        assert function == "defend"
        return botcall.defend_json(state_json)

    flow, _, _ = make_flow(Table.new(3), ask=ask, save_problems=lambda book: None)
    book = ProblemBook()
    flow.start_problem(problem, book)
    while not flow.table.hand_over:
        run(flow.computer_turns())
        if flow.table.human_to_move():
            run(flow.human([my_moves(flow.table.view(HUMAN))]))
    return flow, book


def test_a_problem_s_tricks_are_numbered_from_its_position_not_from_one():
    problem = some_problems(1)[0]
    flow, _, _ = make_flow(Table.new(3), ask=lambda function, state, *rest: botcall.defend_json(state),
                           save_problems=lambda book: None)
    flow.start_problem(problem, ProblemBook())
    before = sum(flow.table.view(HUMAN)["tricks"])
    assert before > 0  # the position comes after some tricks
    while sum(flow.table.view(HUMAN)["tricks"]) == before and not flow.table.hand_over:
        run(flow.computer_turns())
        if flow.table.human_to_move():
            run(flow.human([next(a for a in flow.table.view(HUMAN)["legal"] if a.startswith("play:"))]))
    said = [m for m in flow.table.messages if m.key.startswith("msg.trick.")]
    assert said and said[-1].params["n"] == before + 1  # the position's next trick, not "the 1st"


def test_the_best_line_solves_it_and_another_move_fails_it_with_the_reason():
    problem = next(p for p in some_problems(40) if all(a.startswith("play:") or a == "declare" for a in p.line[::2]))
    mine = iter(problem.line[::2])  # the solver defends along the same line
    flow, book = play_out(problem, lambda view: next(mine))
    assert outcome(problem, flow.table.result_facts()) and book.solved == [problem.id]
    model = build(flow.table, flow.state, PT)
    assert model.story_lines[0] == PT.t("problem.solved")
    assert model.buttons["next_problem"] and not model.buttons["review"] and model.practice_aids
    worse = next(a for a, v in problem.values.items() if v < problem.values[problem.best[0]])
    moves = iter([worse])
    flow, book = play_out(problem, lambda view: next(moves, None) or view["legal"][0])
    assert not outcome(problem, flow.table.result_facts()) and problem.id in book.failed
    failed = build(flow.table, flow.state, PT).story_lines[0]
    assert failed.startswith(PT.t("problem.failed", best="", gp="")[:12])
    # the best move's words, mid-sentence: "o melhor era jogar ...", never "era Jogar ..."
    best = failed.split(PT.t("problem.failed", best="|", gp="").split("|")[0], 1)[1]
    assert best[:1].islower(), failed


def test_the_defence_is_the_solver_s_best_line():
    problem = some_problems(1)[0]
    game = problems.to_game(problem)
    game.apply(problem.line[0])
    assert defend({"problem": problem.position(), "actions": [problem.line[0]]}) == problem.line[1]
    assert json.loads(json.dumps(problem.position())) == problem.position()  # the worker gets it as JSON


def test_a_problem_table_never_touches_the_match():
    problem = some_problems(1)[0]
    table = problem_table(problem)
    assert table.replay_of.problem is problem and table.to_move == HUMAN
    assert sorted(table.game.hand(HUMAN)) == sorted(problem.you)


def costly_hand():
    """A hand (the first playable card each time, seed 5) with a costly decision the solver decides exactly."""
    from e2e.scenarios import play_out
    from sixtysix.review import review
    sim = play_out(5)
    return sim.table.hand_record(), {d.index: d for d in review(sim.table.game, 0)}


def test_a_costly_exact_decision_becomes_a_personal_problem_offered_first():
    from ui.model.problem_play import personal_problems
    hand, decisions = costly_hand()
    found = personal_problems(hand, decisions)
    assert found and all(problems.is_problem(p.values) for p in found)
    # it is the position before one of the player's costly decisions, where the choice made was not the best
    from sixtysix.review import replay
    index = next(i for i, d in decisions.items() if d.exact and d.loss >= 0.25 and problems.position_of(
        replay(hand["deck"], hand["dealer"], hand["actions"][:i])) == found[0].position())
    assert decisions[index].chosen in found[0].values and decisions[index].chosen not in found[0].best
    book = ProblemBook()
    assert book.add_personal(found, "2026-12-04") == len(found) and book.add_personal(found, "2026-12-05") == 0
    shipped = some_problems()
    assert book.offer(shipped) == (found[0], "2026-12-04")
    # one under way is offered before it, and it is kept when one is left for the other
    book.keep_under_way(shipped[1].id, ["play:AS"])
    assert book.offer(shipped) == (shipped[1], "")
    book.keep_under_way(found[0].id, [])
    assert book.moves_under_way(shipped[1].id) == ["play:AS"]
    assert ProblemBook.from_dict(book.to_dict()).left == {shipped[1].id: ["play:AS"]}
    book.note(shipped[1].id, solved=False)
    assert book.left == {} and book.current.of == found[0].id
    book.note(found[0].id, solved=True)
    assert book.offer(shipped)[0] is not found[0] or len(found) > 1
    # kept across a save; a tampered one dropped, the rest kept
    saved = book.to_dict()
    saved["personal"].append({"day": "2026-12-05", "problem": {**found[0].to_dict(), "values": {"play:AS": 3}}})
    saved["personal"].append({"day": "yesterday", "problem": found[0].to_dict()})
    assert ProblemBook.from_dict(saved).personal == book.personal
    store = Store(MemoryBackend())  # the whole book, personal problems included, goes through storage
    assert store.save_problems(book) and store.load_problems() == book
    table = problem_table(found[0], "2026-12-04")
    assert [m.key for m in table.messages][:1] == ["msg.problem.personal"]


@pytest.mark.parametrize("lang", ["pt", "it"])
def test_the_problems_line_reads_right_for_one_as_for_many(lang):
    # "(1 tentativas)": each count stands after its label, so no plural noun follows a 1
    tr = Translator(lang, load_catalog(lang, ROOT))
    text = tr.t("stats.problems", solved=1, failed=1, tries=1)
    assert not re.search(r"\b1 \w+[si]\b", text), text


def test_a_failure_after_the_right_first_move_names_the_move_that_left_the_best_line():
    # "the best was to announce the marriage", said to a player who had announced it
    from ui.model.review import action_words

    problem = next(p for p in some_problems(40) if p.line[0].startswith("marry:") and p.line[1] == "declare")
    king = "play:K" + problem.line[0][-1]
    moves = iter([problem.line[0], king])  # the marriage, then its king instead of 66 at once
    flow, book = play_out(problem, lambda view: next(moves, None) or view["legal"][0])
    assert problem.id in book.failed and flow.table.game.action_notations()[:2] == [problem.line[0], king]
    assert build(flow.table, flow.state, PT).story_lines[0] == PT.t(
        "problem.failed.later", best=action_words("declare", PT, False, in_sentence=True),
        gp=PT.game_points(abs(problem.values[problem.best[0]])))
    assert player_slip(problem, [king]) == 0  # a first move that was not the best: named as before


def problem_tab(monkeypatch, backend=None):
    """A started tab (the page's model side) whose computer defends problems as the worker does."""
    from tests import test_ui_core

    def bot(function, *args):
        return botcall.defend_json(args[0]) if function == "defend" else botcall.choose_json(args[0], "random")

    monkeypatch.setattr(test_ui_core, "bot", bot)
    tab = test_ui_core.Tab("?seed=3&level=random", backend=backend)
    tab.start()
    return tab


def test_a_problem_under_way_comes_back_where_it_was_after_a_reload_or_when_opened_again(monkeypatch):
    tab = problem_tab(monkeypatch)
    tab.send("problem")
    problem = tab.table.replay_of.problem
    card = next(a for a in tab.table.view(HUMAN)["legal"] if a.startswith("play:"))
    tab.send("tap_card", code=card[5:], focus_at=None)
    made = tab.table.game.action_notations()  # (a marriage's K or Q announces it first)
    assert made and not tab.table.hand_over and tab.core.keeper.load_problems().moves_under_way(problem.id) == made
    again = problem_tab(monkeypatch, tab.backend)  # a reload
    again.send("begin", hash="", today="2026-12-05")
    assert again.table.replay_of.problem.id == problem.id and again.table.game.action_notations() == made
    again.send("back_to_match")
    third = problem_tab(monkeypatch, tab.backend)
    third.send("begin", hash="", today="2026-12-05")
    assert third.table.replay_of is None  # left for the match: a reload shows the match
    third.send("problem")
    assert third.table.replay_of.problem.id == problem.id and third.table.game.action_notations() == made
    assert not again.logged and not third.logged


def test_a_problem_played_out_leaves_nothing_under_way_and_odd_saved_moves_are_dropped():
    from ui.model.replay import UnderWay

    book = ProblemBook(current=UnderWay("abcdefgh", ["play:AS"]))
    book.note("abcdefgh", solved=False)
    assert book.current is None
    for odd in ({"of": "short", "actions": [], "on_table": True}, {"of": "abcdefgh", "actions": [3], "on_table": True}, 7):
        assert ProblemBook.from_dict({"current": odd}).current is None, odd
    kept = ProblemBook.from_dict({"current": {"of": "abcdefgh", "actions": ["play:AS"], "on_table": False}}).current
    assert kept == UnderWay("abcdefgh", ["play:AS"], False)


def test_a_problem_with_a_closed_stock_says_who_closed_it():
    # who closed decides who must declare: a player must not learn it only at the end
    said = {}
    for problem in some_problems(None):  # every shipped one
        said.setdefault(problem.closed_by, [e.key for e in problem_table(problem).take_events()])
    assert "msg.problem.closed.you" in said["you"] and "msg.problem.closed.computer" not in said["you"]
    assert "msg.problem.closed.computer" in said["opponent"]
    assert not any(k.startswith("msg.problem.closed") for k in said[None])
