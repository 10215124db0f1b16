"""Chromium switches shared by the e2e suite and the bench.

Headless Chromium 156 starts its own omnibox popup WebUI
(``chrome://omnibox-popup.top-chrome``, hundreds of JavaScript modules) in a
renderer beside the pages it is driven to, which took 40 % of the CPU of a
game page's start here (docs/performance.md, "The e2e suite's time").
:func:`disabled_features` turns that off without losing Playwright's own
``--disable-features`` list: Chromium keeps only the last such switch.
"""

from __future__ import annotations

import os

#: Debian's Chromium (``playwright install`` cannot download browsers here);
#: where it is missing, Playwright's own browser is used.
CHROMIUM = "/usr/bin/chromium"

#: Debian's old headless shell (package chromium-headless-shell), the browser
#: Playwright itself runs headless tests in: no browser UI behind the pages, so
#: a game page's start costs about a fifth less CPU and the e2e suite runs
#: about an eighth faster (docs/performance.md, "The headless shell").
#: The bench keeps :data:`CHROMIUM`: it measures the browser a player has.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"


def e2e_browser(headless: bool = True) -> str | None:
    """The executable the e2e tests launch: the headless shell when installed
    and the run is headless, else Debian's Chromium, else None (Playwright's own)."""
    for path in ([HEADLESS_SHELL] if headless else []) + [CHROMIUM]:
        if os.path.exists(path):
            return path
    return None

#: For a sandboxed root user on a machine with no internet: without the
#: networking switches Chromium keeps calling Google's services and failing.
BASE_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run"]

#: Chromium's own pages that a headless browser runs for nothing.
IDLE_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup", "PreloadTopChromeWebUI"]


def disabled_features(browser_type, launch_args: dict) -> str:
    """One ``--disable-features`` switch: Playwright's own list plus :data:`IDLE_FEATURES`.

    Playwright's list is read from a probe browser's command line
    (``Browser.getBrowserCommandLine``, which needs ``--enable-automation``),
    never copied here, so a newer Playwright's list is kept too."""
    probe = browser_type.launch(**{**launch_args, "args": [*launch_args.get("args", []), "--enable-automation"]})
    try:
        line = probe.new_browser_cdp_session().send("Browser.getBrowserCommandLine")["arguments"]
    finally:
        probe.close()
    theirs = [name for arg in line if arg.startswith("--disable-features=")
              for name in arg.split("=", 1)[1].split(",") if name]
    return "--disable-features=" + ",".join(dict.fromkeys(theirs + IDLE_FEATURES))
