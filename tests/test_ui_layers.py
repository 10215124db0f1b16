"""The layers of ui/ kept by tests, not by a list in a doc.

- Only the DOM layer (``ui/dom/``) may import ``pyscript``, ``js`` or
  ``jsffi``: the model side (``ui/model/``), the bot worker and the engine
  run in CPython as in the browser. Inside it, only ``ui/dom/web.py`` does,
  and nothing imports ``pyscript``: that import compiles PyScript's whole
  package at every start, the page's longest task (ui/dom/web.py).
- The model never imports the DOM layer.
- The DOM modules that draw from the JSON model alone (``DRAWING_ONLY``:
  the renderer, the elements, the events...) import nothing of the model
  side or the engine, so they can move to MicroPython as they are.
- No ui object's attribute is assigned from outside it: an object changes
  its own fields (``self.x = ...``); the page's state (``PageState``) is
  changed only by its owner, the turn loop (``ui/model/flow.py``). Assigning
  through another object (``self.flow.busy = ...``) or to a parameter's
  attribute (``table.stats = ...``), or wiring an object after building it
  (``renderer.fill_sheet = ...``), fails here. DOM elements are the
  exception in ``ui/dom/`` (``el.textContent = ...``): they are the browser's.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "ui"
BROWSER_MODULES = {"pyscript", "js", "jsffi"}
#: Objects whose fields one other module owns: (owner file, the chain it writes through).
OWNERS = {("model/flow.py", "self.state")}


def sources(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.py"))}


def imported(source: str) -> set[str]:
    """Every module a source imports, at any depth (inside functions too)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def fence_breaches(files: dict[str, str], allowed_prefix: str = "dom/") -> list[str]:
    return sorted(f"{name}: imports {m}" for name, src in files.items() if not name.startswith(allowed_prefix)
                  for m in imported(src) if m.split(".")[0] in BROWSER_MODULES)


def chain(node) -> str | None:
    """``self.a.b`` for an attribute chain rooted at a name, else ``None``."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id, *reversed(parts)])


def outside_writes(name: str, source: str) -> list[str]:
    """Assignments to another object's attribute in one file of ui/."""
    found = []
    dom = name.startswith("dom/")
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        params = {a.arg for a in fn.args.args + fn.args.kwonlyargs} - {"self", "cls"}
        # Objects the function built with a class (``renderer = Renderer(...)``):
        # wiring them afterwards by assignment is what constructors are for.
        built = {t.id for n in ast.walk(fn) if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call)
                 and isinstance(n.value.func, ast.Name) and n.value.func.id[:1].isupper()
                 for t in n.targets if isinstance(t, ast.Name)}
        for node in ast.walk(fn):
            targets = node.targets if isinstance(node, ast.Assign) else (
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
            for target in targets:
                for t in ast.walk(target):
                    if not isinstance(t, ast.Attribute) or not isinstance(t.ctx, ast.Store):
                        continue
                    path = chain(t)
                    if path is None:
                        continue
                    parts = path.split(".")
                    through_self = parts[0] == "self" and len(parts) > 2
                    through_param = parts[0] in params and not dom
                    wired = parts[0] in built
                    owner = any(name == f and path.startswith(w + ".") for f, w in OWNERS)
                    if (through_self or through_param or wired) and not owner:
                        found.append(f"{name}:{node.lineno}: {path} = ...")
    return found


def test_only_the_dom_layer_imports_the_browser():
    assert fence_breaches(sources(UI)) == []
    assert fence_breaches({f"sixtysix/{k}": v for k, v in sources(ROOT / "sixtysix").items()}) == []


def test_the_dom_layer_reaches_the_browser_through_web_py_alone():
    dom = {f"dom/{k}": v for k, v in sources(UI / "dom").items()}
    # main.py too: the page's script takes the browser from MicroPython's `js` and
    # `jsffi` before the modules (web.py among them) are mounted from their pack (tools/dom_layer.py)
    assert fence_breaches(dom, allowed_prefix="dom/web.py") == ["dom/main.py: imports js", "dom/main.py: imports jsffi"]
    assert {m.split(".")[0] for m in imported(dom["dom/main.py"])} == {"asyncio", "io", "os", "sys", "js", "jsffi", "ui"}
    assert "pyscript" not in {m.split(".")[0] for src in sources(UI).values() for m in imported(src)}
    assert {m.split(".")[0] for m in imported(dom["dom/web.py"])} == {"js", "jsffi"}


def test_the_model_never_imports_the_dom_layer():
    model = sources(UI / "model")
    assert sorted(f"{n}: {m}" for n, src in model.items() for m in imported(src) if m.startswith("ui.dom")) == []


def test_no_ui_object_writes_another_ones_fields():
    assert [w for name, src in sources(UI).items() for w in outside_writes(name, src)] == []


@pytest.mark.parametrize("source, breach", [
    ("from pyscript import window\n", True),
    ("def f():\n    import js\n", True),
    ("from pyscript.ffi import create_proxy\n", True),
    ("import json\nfrom ui.model import flow\n", False),
])
def test_the_fence_sees_a_browser_import_anywhere(source, breach):
    assert bool(fence_breaches({"model/x.py": source})) is breach
    assert fence_breaches({"dom/x.py": source}) == []


@pytest.mark.parametrize("source, caught", [
    ("class C:\n    def f(self):\n        self.flow.busy = True\n", True),
    ("class C:\n    def f(self):\n        self.renderer.refocus_hand += 1\n", True),
    ("def f(table, stats):\n    table.stats = stats\n", True),
    ("class C:\n    def f(self):\n        self.busy = True\n", False),
    ("def f(rows):\n    for card in rows:\n        card.wins = True\n", False),
])
def test_the_write_check_sees_a_write_through_another_object(source, caught):
    assert bool(outside_writes("model/x.py", source)) is caught


def test_the_write_check_sees_wiring_by_assignment_in_the_dom_layer():
    wiring = "def build():\n    renderer = Renderer(1)\n    renderer.fill_sheet = print\n"
    element = "def draw():\n    img = document.createElement('img')\n    img.alt = 'x'\n"
    assert outside_writes("dom/page.py", wiring) != []
    assert outside_writes("dom/render.py", element) == []


def test_the_flow_alone_writes_the_page_state():
    source = "class F:\n    def f(self):\n        self.state.busy = True\n"
    assert outside_writes("model/flow.py", source) == []
    assert outside_writes("dom/events.py", source) != []


#: The DOM modules that draw from the JSON model alone (ui/dom/model_view.py),
#: import nothing of the model side or the engine, and hold none of its
#: objects (no ``flow``, ``keeper`` or ``store``): they reach it only through
#: ui/dom/link.py's commands, so they can move to the main thread's
#: MicroPython as they are (issue 33): every DOM module.
DRAWING_ONLY = {name for name in sources(UI) if name.startswith("dom/")}
#: The model side's objects a drawing module must not hold.
MODEL_OBJECTS = {"flow", "keeper", "store"}


def model_objects(source: str) -> set[str]:
    """The names of model-side objects a source uses (as a name, an attribute or a parameter)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return names & MODEL_OBJECTS


def test_the_drawing_modules_import_nothing_of_the_model_side():
    files = sources(UI)
    assert {"dom/render.py", "dom/review.py", "dom/dialogs.py", "dom/lessons.py"} <= DRAWING_ONLY
    breaches = sorted(f"{name}: imports {m}" for name in DRAWING_ONLY for m in imported(files[name])
                      if m.split(".")[0] == "sixtysix" or m.startswith("ui.model") or m == "ui.on_demand")
    assert breaches == []
    assert {name: model_objects(files[name]) for name in DRAWING_ONLY if model_objects(files[name])} == {}


def test_the_model_objects_check_sees_a_flow_held_or_reached():
    assert model_objects("class E:\n    def __init__(self, flow):\n        pass\n") == {"flow"}
    assert model_objects("def f(page):\n    page.keeper.save()\n") == {"keeper"}
    assert model_objects("def f(link):\n    link.send('hint')\n") == set()


def test_the_renderers_seats_are_the_models():
    from ui.model.table import COMPUTER, HUMAN

    tree = ast.parse((UI / "dom" / "render.py").read_text(encoding="utf-8"))
    seats = next(node for node in tree.body if isinstance(node, ast.Assign)
                 and [t.id for t in node.targets[0].elts] == ["YOU", "COMPUTER"])
    assert ast.literal_eval(seats.value) == (HUMAN, COMPUTER)

