"""The app's modules that are imported only on demand, and the finder that imports them.

The game's worker imports none of these to start, nor for a
computer's move or a hint: only when the player opens something (the
statistics, a hand's review, the deal of the day, a problem, a lesson). tools/build.py
ships them as bytecode in a second zip, ``app-more.zip``, beside app.zip
(which holds the rest), so the first load does not wait for them
(docs/performance.md, "Code on demand: app-more.zip").

js/pyodide-loader.mjs, in the game's worker, calls :func:`install` once
app.zip is on ``sys.path``. The worker then fetches app-more.zip in the
background once its first table is drawn and writes it beside app.zip;
an import of one of :data:`MODULES` that comes first (a ``#daily=`` link
opened at the start, the worker's first review step) asks the loader for it
at once (``mount``, a synchronous request) before importing. The
modules import from the zip in place, as from app.zip (zipimport).

CPython never installs the finder: the tests import the sources.
tests/test_on_demand.py checks the list against the imports (no module
the start imports is here, and every module only imported inside functions
is), e2e/test_on_demand.py in the browser.
"""

import os
import sys
import zipimport

#: The zip the build writes these modules into (beside app.zip in dist/).
ZIP = "app-more.zip"

#: Modules, not packages (their packages come from app.zip).
MODULES = frozenset({
    "sixtysix.problems",  # a problem opened; the worker's defence in one
    "sixtysix.review",  # a hand's review; the worker's review steps
    "ui.model.daily",  # the deal of the day
    "ui.model.lessons",  # the course (a lesson left under way is resumed from it after ready)
    "ui.model.problem_play",  # a problem on the table, the player's own problems
    "ui.model.review",  # a review's words and costs
    "ui.model.stats_table",  # the statistics' table
})


class OnDemand:
    """A ``sys.meta_path`` finder for ``modules``: each is imported from the
    zip at ``path``, which ``mount()`` writes there first if it is not there
    yet. Other names it leaves to the other finders."""

    def __init__(self, path: str, mount, modules=MODULES):
        self.path = path
        self.mount = mount
        self.modules = frozenset(modules)

    def find_spec(self, name, path=None, target=None):
        if name not in self.modules:
            return None
        if not os.path.exists(self.path):
            try:
                self.mount()
            except Exception as e:  # offline before it was ever fetched, a server error
                raise ImportError(f"{name} is in {ZIP}, which could not be loaded ({e})", name=name) from None
            if not os.path.exists(self.path):
                raise ImportError(f"{name} is in {ZIP}, which was not written", name=name)
        package = name.rpartition(".")[0]
        return zipimport.zipimporter(f"{self.path}/{package.replace('.', '/')}/").find_spec(name)


def mounted() -> bool:
    """Whether the second zip is in place (always, where no finder is installed:
    CPython's tests import the sources)."""
    return all(os.path.exists(f.path) for f in sys.meta_path if isinstance(f, OnDemand))


def install(path: str, mount) -> None:
    """Put the finder for :data:`MODULES` last on ``sys.meta_path`` (app.zip,
    on ``sys.path``, comes first: a build that ships everything there still works)."""
    sys.meta_path.append(OnDemand(path, mount))
