"""Bot benchmark worker: the game's bot call, timed inside the worker.

Imports what ui/bot_worker.py imports at boot (ui.model.botcall, hence the bots),
then times each decision with tools/bench_positions.py's ``decide``, the
same code CPython runs for the comparison.
"""

import json
import time

_t = time.perf_counter()
from ui.model.botcall import choose_json  # noqa: E402,F401  (what ui/bot_worker.py imports at boot)

IMPORT_MS = (time.perf_counter() - _t) * 1000.0

import bench_positions  # noqa: E402


def choose(view_json, level):
    """One decision as the game asks for it (choose_json's steps), timed here."""
    return json.dumps(bench_positions.decide(str(view_json), str(level)))


def engine(seconds):
    """python -m sixtysix.bench's figures, in this Pyodide."""
    return json.dumps(bench_positions.engine_speed(float(seconds)))


def info():
    import sys

    return json.dumps({"python": sys.version.split()[0], "import_botcall_ms": IMPORT_MS})


__export__ = ["choose", "engine", "info"]
