"""docs/rules.md names the tests that pin each settled point: they must exist.

A reference is ``file.py::Class::test`` or ``file.py::test``; a reference
that starts with ``::`` or with a bare ``Class::`` continues the last file
(and class) named before it, as the page writes them.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "rules.md"


def defined(path: Path) -> set[str]:
    """``Class::test`` and ``test`` names defined in a test file."""
    tree = ast.parse(path.read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names.add(node.name)
            names |= {f"{node.name}::{f.name}" for f in node.body if isinstance(f, ast.FunctionDef)}
    return names


def references(text: str) -> list[tuple[str, str]]:
    """(file, name) for every reference, resolving the short forms."""
    out, file, cls = [], None, None
    for ref in re.findall(r"`([\w.]*(?:::\w+)+|::\w+|\w+::\w+)`", text):
        parts = ref.split("::")
        if parts[0].endswith(".py"):
            file, parts = parts[0], parts[1:]
            cls = None
        elif parts[0] == "":
            parts = parts[1:]
        if len(parts) == 2:
            cls = parts[0]
            out.append((file, f"{parts[0]}::{parts[1]}"))
        elif parts[0].startswith("Test"):
            cls = parts[0]
            out.append((file, parts[0]))
        else:
            out.append((file, f"{cls}::{parts[0]}" if cls else parts[0]))
    return out


def test_every_test_named_in_docs_rules_md_exists():
    refs = references(PAGE.read_text())
    assert len(refs) >= 20
    missing = [f"{f}::{n}" for f, n in refs if f is None or n not in defined(ROOT / "tests" / f)]
    assert not missing, f"docs/rules.md names tests that do not exist: {missing}"
