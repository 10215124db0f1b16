"""What the table keeps and recovers: languages, reloads, damaged saves,
settings, a new match, and a new version waiting between hands."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from e2e import scenarios
from e2e.pages import CATALOGS

FAST = "level=random&fast=1"


def visible_labels(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('[aria-label], img[alt]')]
        .filter((e) => e.getClientRects().length)
        .map((e) => e.getAttribute('aria-label') || e.getAttribute('alt')).filter(Boolean)""")


def only_in(lang: str) -> list[str]:
    """Texts (or their fixed part before a placeholder) that only ``lang`` uses."""
    other = "it" if lang == "pt" else "pt"
    out = []
    for key, text in CATALOGS[lang].items():
        if text == CATALOGS[other][key]:
            continue
        fixed = text.split("{")[0].strip()
        if len(fixed) >= 5 and fixed not in CATALOGS[other].values():
            out.append(fixed)
    return out


def test_switching_language_changes_every_text_and_persists(fresh_table):
    table = fresh_table.open(f"seed=3&{FAST}")
    expect(table.html).to_have_attribute("lang", "pt")
    table.play_first()
    table.wait_turn()
    table.switch_language("it")
    page = table.page
    expect(page).to_have_title(CATALOGS["it"]["app.title"])
    # every static text is the Italian one
    for key, text in page.evaluate("""() => [...document.querySelectorAll('[data-i18n]')]
            .map((e) => [e.dataset.i18n, e.textContent])"""):
        assert text == CATALOGS["it"][key], (key, text)
    # nothing visible or announced is still Portuguese
    body = page.locator("body").inner_text()
    labels = visible_labels(page)
    for pt_text in only_in("pt"):
        assert pt_text not in body, pt_text
        assert not any(pt_text in label for label in labels), pt_text
    # card names and the live texts follow
    for code in table.hand():
        expect(table.card(code)).to_be_visible()
    expect(page.locator("#turn")).to_have_text(table.t("turn.you.lead"))
    # the choice is kept (across a real reload: e2e/test_slips.py)
    table.rebuild()
    expect(table.html).to_have_attribute("lang", "it")
    table.switch_language("pt")
    expect(page.locator("#turn")).to_have_text(CATALOGS["pt"]["turn.you.lead"])
    table.expect_setting("lang", "pt")


def test_lang_parameter_picks_the_language(fresh_table):
    table = fresh_table
    table.open(f"lang=it&seed=3&{FAST}")
    expect(table.html).to_have_attribute("lang", "it")
    expect(table.button("hint")).to_be_visible()
    assert table.t("button.hint") == "Suggerimento"


def test_a_reload_mid_hand_restores_the_same_hand(fresh_table):
    # what a reload rebuilds (TablePage.rebuild), then a link without the seed
    # (a real reload's paint and runtime: e2e/test_last_table.py, e2e/test_one_runtime.py)
    table = fresh_table.open(f"seed=5&{FAST}")
    table.play_first()
    table.play_first()
    table.wait_turn()
    hand = table.hand()
    marks = {k: table.html.get_attribute(k) for k in ("data-stock", "data-score", "data-hand", "data-stock-state")}
    trick = table.page.locator("#trick img").evaluate_all("(imgs) => imgs.map((i) => i.alt)")
    saved = table.stored("sixtysix.game")
    assert saved["version"] == 1 and json.loads(saved["match"])["seed"] == 5
    for reopen in (table.rebuild, lambda: table.visit(FAST)):  # same address, then without the seed
        reopen()
        table.wait_turn()
        assert table.hand() == hand
        for k, v in marks.items():
            expect(table.html).to_have_attribute(k, v)
        assert table.page.locator("#trick img").evaluate_all("(imgs) => imgs.map((i) => i.alt)") == trick
        table.expect_message(table.t("msg.resumed"))
    table.play_first()
    expect(table.card(hand[0])).to_have_count(0)


@pytest.mark.parametrize("damage", [
    "{not json",
    json.dumps({"version": 99, "match": "{}"}),
    json.dumps({"version": 1, "match": json.dumps({"format": "sixtysix-match", "version": 1, "seed": 5,
                                                  "target": 7, "first_dealer": 0,
                                                  "hands": [{"deck": ["AH"] * 24, "dealer": 0, "actions": []}]})}),
])
def test_a_damaged_saved_game_starts_fresh_with_a_notice(fresh_table, damage):
    table = fresh_table.open(f"seed=5&{FAST}")
    table.play_first()
    table.wait_turn()
    table.store_raw("sixtysix.game", damage)
    table.store_raw("sixtysix.settings", "[]")
    table.rebuild()
    notice = table.page.get_by_role("status").filter(has_text=table.t("notice.corrupt"))
    expect(notice).to_be_visible()
    expect(table.html).to_have_attribute("data-hand", "1")
    table.expect_score(0, 0)
    table.play_first()  # the table plays on
    notice.get_by_role("button", name=table.t("button.dismiss")).click()
    expect(notice).to_be_hidden()
    assert table.stored("sixtysix.game")["version"] == 1


def test_level_choice_is_kept_and_a_new_match_starts_fresh(fresh_table):
    table = fresh_table.open("seed=5&fast=1")
    table.play_first()
    table.wait_turn()
    dialog = table.open_options()
    dialog.get_by_label(table.t("level.label")).select_option(label=table.t("level.hard"))
    table.close_dialog(dialog)
    table.expect_setting("level", "hard")
    table.rebuild()
    dialog = table.open_options()
    expect(dialog.get_by_label(table.t("level.label"))).to_have_value("hard")
    dialog.get_by_role("button", name=table.t("button.new_match")).click()
    expect(dialog).to_be_hidden()
    confirm = table.page.get_by_role("dialog", name=table.t("confirm.title"))  # a match is in progress
    confirm.get_by_role("button", name=table.t("confirm.replace"), exact=True).click()
    expect(confirm).to_be_hidden()
    expect(table.html).to_have_attribute("data-hand", "1")
    table.expect_score(0, 0)
    # Hand 1 at 0:0 was on the table already: wait until the new match is saved.
    table.page.wait_for_function("""() => {
        const game = JSON.parse(localStorage.getItem("sixtysix.game") || "null");
        return game !== null && JSON.parse(game.match).seed !== 5;
    }""")
    assert table.stored("sixtysix.stats")["matches_lost"] == 1  # the abandoned match
    expect(table.page).not_to_have_url(re.compile(r"[?&]seed="))  # a reload resumes the new match, not seed 5
    assert json.loads(table.stored("sixtysix.game")["match"])["seed"] != 5


def test_a_waiting_update_is_applied_between_hands_and_stats_count_the_hand(fresh_table):
    table = fresh_table
    table.open(f"seed=3&{FAST}")
    # What sw-register.js does when a new version is installed and waiting.
    table.page.evaluate("""() => {
        window.applied = 0;
        window.sixtysixApplyUpdate = () => { window.applied += 1; return true; };
        document.documentElement.dataset.swUpdate = "ready";
        document.dispatchEvent(new CustomEvent("sixtysix:update-ready", {bubbles: true}));
    }""")
    expect(table.page.get_by_role("status").filter(has_text=table.t("notice.update"))).to_be_visible()
    while table.html.get_attribute("data-to-move") != "none":
        table.play_first()
        table.page.wait_for_selector("html[data-to-move='you'], html[data-to-move='none']")
    assert table.page.evaluate("window.applied") == 0  # never in the middle of a hand
    stats = table.stored("sixtysix.stats")
    assert stats["hands_won"] + stats["hands_lost"] == 1
    dialog = table.open_options()
    expect(dialog).to_contain_text(table.t("stats.hands", won=stats["hands_won"], lost=stats["hands_lost"]))
    table.close_dialog(dialog)
    table.button("next_hand").click()
    table.page.wait_for_function("window.applied === 1")
    assert table.stored("sixtysix.game") and json.loads(table.stored("sixtysix.game")["match"])["hands"][1]


def test_the_end_of_a_match_is_told_and_offers_a_new_one(fresh_table):
    saved, card, final = scenarios.nearly_finished_match()
    table = fresh_table.open(FAST, storage={"sixtysix.game": saved})
    table.play(card)
    table.wait_hand_over()
    table.expect_score(*final["scores"])
    who = "you" if final["winner"] == 0 else "computer"
    you, computer = final["scores"]
    table.expect_message(table.t(f"result.match.{who}", you=you, computer=computer))
    expect(table.button("next_hand")).to_be_hidden()
    stats = table.stored("sixtysix.stats")
    assert stats["matches_won"] + stats["matches_lost"] == 1
    assert stats["matches_won"] == (1 if who == "you" else 0)
    table.button("new_match").click()
    expect(table.html).to_have_attribute("data-hand", "1")
    # (the random test opponent may end the new hand at once, so the score is not checked)
    assert len(json.loads(table.stored("sixtysix.game")["match"])["hands"]) == 1


@pytest.mark.offline
def test_once_loaded_the_game_plays_a_whole_hand_offline(table, context):
    table.open(f"seed=3&{FAST}")
    expect(table.html).to_have_attribute("data-sw", "ready", timeout=60_000)
    table.play_first()
    table.wait_turn()
    hand = table.hand()
    context.set_offline(True)
    table.reload()
    table.wait_turn()
    assert table.hand() == hand
    # the computer (its worker loaded from the cache) answers, to the end of the hand
    for _ in range(30):
        table.page.wait_for_function(
            "() => ['you', 'none'].includes(document.documentElement.dataset.toMove)", timeout=60_000)
        if table.html.get_attribute("data-to-move") == "none":
            break
        table.play_first()
    expect(table.html).to_have_attribute("data-result", re.compile(r"^(declared|false_declaration|closed_failed|last_trick)$"))


@pytest.mark.offline
def test_a_second_visit_fetches_no_runtime_over_the_network(table):
    fetched = []  # responses that crossed the network (not answered by the service worker)
    table.page.on("response", lambda r: None if r.from_service_worker else fetched.append(r.url))
    table.open(f"seed=3&{FAST}")
    expect(table.html).to_have_attribute("data-sw", "ready", timeout=60_000)
    assert any("/vendor/pyodide/" in u for u in fetched)  # the first visit did use the network
    fetched.clear()
    table.reload()
    table.play_first()
    table.wait_turn()  # the bot worker has booted and answered
    runtime = [u for u in fetched if "/vendor/" in u or u.endswith((".zip", ".wasm"))]
    assert runtime == [], runtime