"""The browser as the DOM layer reaches it: MicroPython's own ``js`` and
``jsffi`` modules, not PyScript's ``pyscript`` package.

Importing ``pyscript`` compiles its package (context, display, events,
fetch, storage, websocket, workers...) from source on every start, in what
was the page's longest main-thread task (docs/performance.md, "The longest
task": 124 against 60 ms cold without it, ``python3 -m tools.before_after``).
The layer needs four names, and on the main thread PyScript's are these very
objects (its ``context.py``: ``window = js``, ``document = js.document``;
its ``ffi.py`` re-exports ``jsffi``'s ``create_proxy`` and ``to_js``).
"""

import js
from jsffi import create_proxy, to_js

window = js
document = js.document


__all__ = ["create_proxy", "document", "to_js", "window"]
