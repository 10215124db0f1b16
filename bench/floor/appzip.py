"""Report where app.zip was unpacked and what can be imported from it, as JSON."""

import importlib.util
import json
import os
import sys

from pyscript import document

cwd = os.getcwd()
entries = sorted(os.listdir(cwd))
report = {
    "cwd": cwd,
    # "" on sys.path means the working directory.
    "cwd_on_path": cwd in sys.path or "" in sys.path,
    "entries": entries,
    # find_spec locates a package without running it.
    "importable": {name: importlib.util.find_spec(name) is not None for name in entries if os.path.isdir(name)},
}
document.getElementById("out").textContent = json.dumps(report)
document.documentElement.classList.add("ready")
