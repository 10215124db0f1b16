"""The pace a player chooses: a speed saved with the settings and applied at
once, a finished trick gathered by a click or a key, "thinking" only while the
bot computes. The speed test runs without ``?fast=1`` (that mode overrides it)."""

from __future__ import annotations

from playwright.sync_api import expect

from e2e.pages import TablePage

#: The slowest speed leaves a finished trick on show for seconds: a click gathers it first.
SLOW = "seed=3&level=random"


def choose_speed(t: TablePage, speed: str) -> None:
    dialog = t.open_options()
    dialog.get_by_label(t.t("speed.label")).select_option(speed)
    expect(t.html).to_have_attribute("data-speed", speed)
    t.close_dialog(dialog)


def finish_a_trick(t: TablePage) -> None:
    """Play until a completed trick is on show (the player leads or follows)."""
    t.play_first()
    expect(t.page.locator("#trick.complete")).to_be_visible(timeout=60_000)


def test_a_slow_speed_is_saved_and_a_click_or_key_gathers_the_trick_at_once(fresh_table):
    t = fresh_table.open(SLOW)
    choose_speed(t, "slow")
    t.expect_setting("speed", "slow")

    finish_a_trick(t)
    # while the trick is on show nobody thinks, and the table says how to gather it
    expect(t.html).to_have_attribute("data-thinking", "0")
    expect(t.page.locator("#turn")).to_have_text(t.t("turn.gather"))
    t.page.locator("#trick").click()
    expect(t.html).to_have_attribute("data-gathered", "hurried")
    expect(t.page.locator("#trick img.card-img")).to_have_count(0, timeout=60_000)

    t.page.evaluate("document.documentElement.removeAttribute('data-gathered')")
    finish_a_trick(t)
    t.page.keyboard.press("Enter")
    expect(t.html).to_have_attribute("data-gathered", "hurried")

    t.rebuild()
    expect(t.html).to_have_attribute("data-speed", "slow")
    dialog = t.open_options()
    expect(dialog.get_by_label(t.t("speed.label"))).to_have_value("slow")


def test_thinking_shows_only_while_the_computer_computes(page, open_game):
    t = TablePage(page, open_game).open(SLOW)
    choose_speed(t, "normal")
    seen = []
    page.expose_function("sawTurn", lambda text, thinking: seen.append((text, thinking)))
    page.evaluate("""() => new MutationObserver(() => window.sawTurn(
            document.getElementById('turn').textContent, document.documentElement.dataset.thinking))
        .observe(document.getElementById('turn'), {childList: true, characterData: true, subtree: true})""")
    for _ in range(3):
        finish_a_trick(t)
        t.wait_turn()
    thinking_text = t.t("turn.computer")
    assert any(text == thinking_text for text, _ in seen), seen
    assert all(flag == "1" for text, flag in seen if text == thinking_text), seen
