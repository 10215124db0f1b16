"""Print one line and mark the page ready: the floor under any page's load time."""

import sys

import js  # not PyScript's `pyscript` package: the game's pages never import it (tools/trim_runtime.py)

document, window = js.document, js

ms = window.performance.now()  # since navigation start
document.getElementById("out").textContent = f"Python {sys.version.split()[0]} ready in {ms:.0f} ms"
document.documentElement.dataset.readyMs = str(round(ms))
document.documentElement.classList.add("ready")
