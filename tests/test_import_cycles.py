"""No import cycle among the modules of ``sixtysix/``, imports inside functions included.

An import moved into a function hides a cycle from import time, not from the
design: the two modules still need each other, and the order they load in
decides whether it works. So every ``import`` in a module counts, wherever it
stands.

Packages: importing ``sixtysix.bots.pimc`` first runs ``sixtysix/bots/__init__.py``,
which imports ``pimc`` itself. That implicit import of the parent is not an
edge: Python finishes setting up the parent's module object before the child
runs, and every package with re-exports works that way. An edge to a package
comes only from an explicit import of a name its ``__init__`` defines
(``from . import make``): that is a real cycle if the ``__init__`` imports the
module back, since whichever is imported first finds the other half-built.
``from . import inference`` names a submodule: an edge to the submodule, not
to the package.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_files(top: Path) -> dict[str, Path]:
    """Every module of the package in the folder ``top``, by dotted name (a package's
    ``__init__.py`` under the package's own name)."""
    out = {}
    for path in sorted(top.rglob("*.py")):
        parts = path.relative_to(top.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def import_targets(node, package: str, modules: dict[str, Path]) -> set[str]:
    """The modules of ``modules`` that one import statement ``node`` (in ``package``) imports."""
    if isinstance(node, ast.Import):
        targets = [alias.name for alias in node.names]
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            up = package.split(".")[:len(package.split(".")) - (node.level - 1)]
            base = ".".join(up + ([node.module] if node.module else []))
        # ``from base import x``: the submodule base.x if there is one, else a name of base
        targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
    else:
        return set()
    out = set()
    for target in targets:
        while target and target not in modules:   # ``import a.b.c``'s own module, or a name in it
            target = target.rpartition(".")[0]
        if target:
            out.add(target)
    return out


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of ``modules`` that module ``name`` (its file ``path``) imports, anywhere in it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        out |= import_targets(node, package, modules)
    out.discard(name)
    return out


def import_graph(top: Path) -> dict[str, set[str]]:
    modules = module_files(top)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of ``graph``: its strongly connected components of more than one
    module, each sorted (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def write_package(tmp_path: Path, files: dict[str, str]) -> Path:
    top = tmp_path / "pkg"
    for rel, text in {"__init__.py": "", **files}.items():
        (top / rel).parent.mkdir(parents=True, exist_ok=True)
        (top / rel).write_text(text, encoding="utf-8")
    return top


# --- the rule ----------------------------------------------------------------------------------


def test_no_import_cycle_among_the_modules_of_sixtysix():
    graph = import_graph(ROOT / "sixtysix")
    assert cycles(graph) == []


def test_the_graph_sees_the_imports_that_used_to_make_the_bots_cycle():
    """A detector that read no edges would pass the rule above: these edges are real."""
    graph = import_graph(ROOT / "sixtysix")
    assert "sixtysix.bots.rootmoves" in graph["sixtysix.bots.inference"]
    assert {"sixtysix.bots.inference", "sixtysix.bots.rootmoves", "sixtysix.bots.rng"} <= graph["sixtysix.bots.pimc"]
    assert "sixtysix.bots.pimc" in graph["sixtysix.review"]   # an import inside a function
    assert "sixtysix.bots" in graph["sixtysix.bots.fit"]       # ``from . import make``: the package


# --- the detector can fail ---------------------------------------------------------------------


def test_a_cycle_hidden_inside_a_function_is_found(tmp_path):
    top = write_package(tmp_path, {
        "a.py": "from .b import helper\n",
        "b.py": "def helper():\n    from .a import thing\n    return thing\n",
        "c.py": "from . import a\n",
    })
    assert cycles(import_graph(top)) == [["pkg.a", "pkg.b"]]


def test_a_longer_cycle_through_absolute_and_subpackage_imports_is_found(tmp_path):
    top = write_package(tmp_path, {
        "sub/__init__.py": "",
        "sub/x.py": "import pkg.y\n",
        "y.py": "from .sub import z\n",
        "sub/z.py": "from ..sub.x import f\n",
    })
    assert cycles(import_graph(top)) == [["pkg.sub.x", "pkg.sub.z", "pkg.y"]]


def test_the_parent_package_counts_only_when_a_module_imports_a_name_from_it(tmp_path):
    """``__init__`` re-exporting a submodule that imports a sibling submodule is no cycle;
    a submodule importing a name the ``__init__`` defines, while the ``__init__`` imports
    it, is one."""
    files = {
        "__init__.py": "from .a import A\n\ndef make():\n    return A()\n",
        "a.py": "from . import b\n\nclass A:\n    pass\n",
        "b.py": "",
    }
    assert cycles(import_graph(write_package(tmp_path / "one", files))) == []
    files["b.py"] = "from . import make\n"
    assert cycles(import_graph(write_package(tmp_path / "two", files))) == [["pkg", "pkg.a", "pkg.b"]]
