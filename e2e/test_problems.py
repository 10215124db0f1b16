"""Problems as a player meets them (issue 31): from the options, a position
with every card known, played out by clicks against the solver's defence;
solved along the best line, failed with a worse move, the next one offered,
the progress kept, the match untouched."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from e2e.pages import BOT_MS
from sixtysix import problems
from ui.model.problem_play import ProblemBook
from ui.model.review import action_words

FAST = "level=random&fast=1"
SHIPPED = problems.load((Path(__file__).resolve().parent.parent / "assets" / "problems.json").read_text())


def taps(problem) -> list[tuple[str, str]]:
    """The player's taps along the problem's best line: a marriage is the tap on the
    card led with it (its king when the marriage makes 66 and the card waits for
    the declaration); declaring is the button."""
    g, moves, out, i = problems.to_game(problem), problem.line, [], 0
    while i < len(moves):
        move = moves[i]
        if g.to_move == 0:
            if move.startswith("marry:"):
                card = moves[i + 1]
                out.append(("card", card[5:] if card.startswith("play:") else "K" + move[6:]))
            elif move == "declare":
                out.append(("button", "declare"))
            elif not (i and moves[i - 1].startswith("marry:")):  # (the card of a marriage: tapped already)
                out.append(("card", move[5:]))
        g.apply(move)
        i += 1
    return out


def open_problems(t) -> None:
    menu = t.open_options()
    menu.get_by_role("button", name=t.t("button.problems"), exact=True).click()
    expect(menu).to_be_hidden()
    expect(t.button("hint")).to_be_hidden()  # the problem is on the table (no hint in a problem)
    t.wait_turn()


def play_to_the_end(t, intents) -> None:
    for intent in intents:
        if t.html.get_attribute("data-to-move") == "none":
            return
        t.do(intent)
        t.page.wait_for_function("() => ['you', 'none'].includes(document.documentElement.dataset.toMove)",
                                 timeout=BOT_MS)
    while t.html.get_attribute("data-to-move") != "none":
        t.play_first()
        t.page.wait_for_function("() => ['you', 'none'].includes(document.documentElement.dataset.toMove)",
                                 timeout=BOT_MS)


@pytest.mark.parametrize("lang", ["pt", "it"])
def test_a_problem_solved_and_the_next_one_failed_by_clicks(fresh_table, lang):
    t, page = fresh_table, fresh_table.page
    first, second = SHIPPED[0], SHIPPED[1]
    t.open(f"lang={lang}&seed=3&{FAST}")
    match_hand = t.hand()
    open_problems(t)
    assert sorted(t.hand()) == sorted(first.you)
    # every card known: the computer's cards face up
    expect(page.locator("#opp-hand img")).to_have_count(len(first.opponent))
    expect(t.button("hint")).to_be_hidden()
    play_to_the_end(t, taps(first))
    story = page.locator("#story")
    expect(story).to_contain_text(t.t("problem.solved"))
    expect(story).to_contain_text(t.t("problem.progress", solved=1, failed=0))
    # the next one, failed with a worse move: the best move said
    t.button("next_problem").click()
    t.wait_turn()
    assert sorted(t.hand()) == sorted(second.you)
    best = second.values[second.best[0]]
    # (a card that announces no marriage: a tap plays it as it is)
    worse = next(m for m, v in second.values.items() if v < best and m.startswith("play:") and m[5] not in "KQ")
    play_to_the_end(t, [("card", worse[5:])])
    expect(story).to_contain_text(t.t("problem.failed", best=action_words(second.best[0], t.tr, False, in_sentence=True),
                                      gp=t.tr.game_points(abs(best))))
    expect(story).to_contain_text(t.t("problem.progress", solved=1, failed=1))
    saved = ProblemBook.from_dict(t.stored("sixtysix.problems"))
    assert saved.solved == [first.id] and second.id in saved.failed
    # back to the match, as it was; the statistics count the tries
    t.button("back").click()
    t.wait_turn()
    assert t.hand() == match_hand
    menu = t.open_options()
    menu.get_by_role("button", name=t.t("button.stats"), exact=True).click()
    expect(page.get_by_role("dialog", name=t.t("stats.title"))).to_contain_text(
        t.t("stats.problems", solved=1, failed=1, tries=2))


def test_a_costly_decision_of_a_reviewed_hand_comes_back_as_a_problem(fresh_table):
    from e2e import scenarios
    from sixtysix.review import review
    from ui.model.problem_play import personal_problems

    sim = scenarios.play_out(5)
    hand = sim.table.hand_record()
    mine = personal_problems(hand, {d.index: d for d in review(sim.table.game, 0)})[0]
    t, page = fresh_table, fresh_table.page
    t.open(f"lang=pt&seed={sim.seed}&{FAST}")
    t.replay(sim.intents)
    t.wait_hand_over()
    t.button("review").click()
    dialog = page.get_by_role("dialog", name=t.t("review.title"))
    expect(dialog).to_have_attribute("data-progress", "done", timeout=120_000)
    page.wait_for_function("() => (JSON.parse(localStorage.getItem('sixtysix.problems') || '{}').personal || []).length > 0")
    t.close_dialog(dialog)
    open_problems(t)
    expect(page.get_by_role("log")).to_contain_text(t.t("msg.problem.personal", date="").split("(")[0])
    assert sorted(t.hand()) == sorted(mine.you)
