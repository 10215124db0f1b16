"""Code on demand: app-more.zip (ui/on_demand.py, js/pyodide-loader.mjs).

The game's worker starts, and the computer moves and hints, without any
module of ui/on_demand.py's list; the worker fetches app-more.zip only once
its first table is drawn, in the background (``<html
data-app-more="later">``), and a module of the list then imports from it.
One imported before the zip came fetches it at once (``at-once``); a page
opened on a link fetches it with app.zip (``early``). Offline, the service
worker answers the worker's requests.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e import import_paths, scenarios
from e2e.pages import BOT_MS, TablePage
from ui import on_demand
from ui.model import share

#: When the worker's first table came to the page, and when each message about
#: app-more.zip did (js/core-link.js stamps both; the worker fetches the zip).
TIMES_JS = """() => ({ready: window.sixtysixCore.firstTableAt,
                      more: window.sixtysixDownloads.filter((d) => d.url.endsWith("/app-more.zip")).map((d) => d.at)})"""
#: A stand-in for a zip that has not arrived yet: the worker waits an hour after its first table to fetch it.
NEVER_LATER = "globalThis.sixtysixMoreDelayMs = 3600000;"
#: The review has valued at least one decision (in the bot worker).
STEPPED = re.compile(r"^([1-9]\d*/\d+|done)$")


def review_link(seed: int = 3) -> str:
    hand = scenarios.play_out(seed).table.hand_record()
    return share.PREFIX + share.encode(hand["deck"], hand["dealer"], hand["actions"])


def open_stats(table: TablePage) -> None:
    options = table.open_options()
    options.get_by_role("button", name=table.t("button.stats"), exact=True).click()
    expect(table.page.get_by_role("dialog", name=table.t("stats.title"))).to_be_visible()


def test_the_start_needs_nothing_on_demand_and_the_zip_comes_after_ready(page, context, open_game):
    trace = import_paths.ImportTrace()
    import_paths.route_traced(context)
    trace.watch(page)
    asked = []
    context.on("request", lambda r: asked.append(r.url) if r.url.endswith("/app-more.zip") else None)
    table = TablePage(page, open_game)
    table.open("seed=4&fast=1")  # the computer leads (tools/bench/site.py)
    table.press("hint")  # after the computer's first move
    expect(table.html).to_have_attribute("data-hint", re.compile(".+"), timeout=BOT_MS)
    assert "worker" in trace.sources
    assert "ui.model.botcall" in trace.names and "sixtysix.bots.pimc" in trace.names
    assert trace.names & on_demand.MODULES == set()
    expect(table.html).to_have_attribute("data-app-more", "later")
    times = page.evaluate(TIMES_JS)
    assert times["more"] and min(times["more"]) >= times["ready"] > 0, times
    assert len(asked) == 1
    open_stats(table)  # the statistics' table and the rest of its dialog, from the zip
    assert {"ui.model.stats_table", "ui.model.daily", "sixtysix.problems"} <= trace.names
    assert len(asked) == 1


def test_a_module_wanted_before_the_zip_came_has_it_fetched_at_once(page, context, open_game):
    context.add_init_script(NEVER_LATER)
    table = TablePage(page, open_game)
    table.open("fast=1")
    open_stats(table)
    expect(table.html).to_have_attribute("data-app-more", "at-once")


def test_a_link_fetches_it_with_app_zip_and_the_worker_fetches_it_when_it_needs_it(page, context, open_game):
    context.add_init_script(NEVER_LATER)  # no background fetch: the link's own
    asked = []
    context.on("request", lambda r: asked.append(r.url) if r.url.endswith("/app-more.zip") else None)
    # A review link: the worker opens the review at its start and values its decisions
    table = TablePage(page, open_game)
    table.open("fast=1" + review_link())
    dialog = page.get_by_role("dialog", name=table.t("review.title"))
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("data-progress", STEPPED, timeout=BOT_MS)
    expect(table.html).to_have_attribute("data-app-more", "early")
    times = page.evaluate(TIMES_JS)
    assert times["more"] and min(times["more"]) < times["ready"], times
    assert len(asked) == 1


@pytest.mark.offline
def test_offline_the_modules_on_demand_come_from_the_precache(page, context, open_game):
    from e2e.test_sw import PAGE, wait_sw_ready

    open_game(page, path=PAGE)
    wait_sw_ready(page)
    context.set_offline(True)
    table = TablePage(page, open_game)
    table.open("fast=1")
    expect(table.html).to_have_attribute("data-app-more", "later")
    open_stats(table)
    table.open("lang=pt&fast=1" + review_link())  # another address: a new page, the zip fetched early
    dialog = page.get_by_role("dialog", name=table.t("review.title"))
    expect(dialog).to_have_attribute("data-progress", STEPPED, timeout=BOT_MS)
    expect(table.html).to_have_attribute("data-app-more", "early")
