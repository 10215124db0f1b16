"""Report where app.zip was unpacked, what can be imported from it, and how
its bytecode modules and the stdlib's were loaded, as JSON."""

import importlib.machinery
import importlib.util
import json
import os
import sys
import zipimport

from js import document  # not `pyscript`: see bench/floor/main.py

cwd = os.getcwd()
entries = sorted(os.listdir(cwd))

# Every module shipped as bytecode (tools/build.py), imported while
# source_to_code counts who still had to be compiled from source.
compiled = []
to_code = importlib.machinery.SourceFileLoader.source_to_code


def counting_source_to_code(self, data, path, *args, **kwargs):
    compiled.append(path)
    return to_code(self, data, path, *args, **kwargs)


importlib.machinery.SourceFileLoader.source_to_code = counting_source_to_code
with_bytecode = []
for folder, _dirs, files in sorted(os.walk(cwd)):
    package = os.path.relpath(folder, cwd).replace(os.sep, ".")
    if package.split(".")[0] == "pyscript":
        # PyScript wrote its package here as source, beside app.zip's bytecode of
        # it: the source wins in a folder (the game imports the zip in place,
        # where the bytecode does: e2e/test_stdlib_trim.py).
        continue
    with_bytecode += [f"{package}.{name[:-4]}".removesuffix(".__init__") for name in sorted(files) if name.endswith(".pyc")]
#: The game page's own script: importing it starts the game (on this page,
#: without its texts), so only its loader is looked up.
PAGE_SCRIPT = "ui.dom.app"
loaders = {}
for name in with_bytecode:
    spec = importlib.util.find_spec(name) if name == PAGE_SCRIPT else importlib.import_module(name).__spec__
    loaders[name] = type(spec.loader).__name__
importlib.machinery.SourceFileLoader.source_to_code = to_code

# The stdlib's modules come through zipimport from python_stdlib.zip, whose
# entries tools/build.py also compiled: __file__ says which one was found.
# (The interpreter's frozen modules, os, io, site..., name a source they never read.)
stdlib_zip = next(p for p in sys.path if p.endswith(".zip")) + "/"
from_stdlib = {name: module.__file__ for name, module in sorted(sys.modules.items())
               if isinstance(getattr(module, "__loader__", None), zipimport.zipimporter)
               and module.__file__.startswith(stdlib_zip)}

report = {
    "cwd": cwd,
    # "" on sys.path means the working directory.
    "cwd_on_path": cwd in sys.path or "" in sys.path,
    "entries": entries,
    # find_spec locates a package without running it.
    "importable": {name: importlib.util.find_spec(name) is not None for name in entries if os.path.isdir(name)},
    "loaders": loaders,
    "compiled_from_source": [os.path.relpath(path, cwd) for path in compiled],
    "stdlib_files": {name: path[len(stdlib_zip):] for name, path in from_stdlib.items()},
}
document.getElementById("out").textContent = json.dumps(report)
document.documentElement.classList.add("ready")
