"""What the page's first second pays for at import (docs/performance.md,
"The ui's records, and app.zip imported in place"): Python in the browser runs cold then, and every
``@dataclass`` compiles its methods as the module loads. The ui layer uses
:class:`ui.model.record.Record` instead; the engine's few dataclasses have docstrings."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def names_dataclass(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator  # @dataclass(frozen=True) too
    return isinstance(target, ast.Name) and target.id == "dataclass"


def dataclasses_in(folder: str):
    for path in sorted((ROOT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(map(names_dataclass, node.decorator_list)):
                yield path.relative_to(ROOT).as_posix(), node


def test_there_are_dataclasses_to_check():
    assert len(list(dataclasses_in("sixtysix"))) >= 3


def test_the_ui_layer_generates_no_dataclass_code():
    assert [f"{path}: {node.name}" for path, node in dataclasses_in("ui")] == []
    records = [path for path in sorted((ROOT / "ui").rglob("*.py")) if "(Record):" in path.read_text(encoding="utf-8")]
    assert len(records) >= 6   # the ui's records are still there, as Records


def test_every_dataclass_has_its_own_docstring():
    # Without one, dataclass() writes __doc__ from inspect.signature(cls):
    # 3-11 ms in all at the page's start, measured in Chromium.
    missing = [f"{path}: {node.name}" for path, node in dataclasses_in("sixtysix")
               if ast.get_docstring(node) is None]
    assert missing == []
