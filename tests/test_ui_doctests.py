"""The ``>>>`` examples in ui/ and sixtysix/bots/ run as tests, like the
engine's (tests/test_engine_doctests.py). Every module is collected, so an
example added later runs too; only the DOM layer (ui/dom/, which runs in
the browser alone) is left out."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def modules(package: str) -> list[str]:
    folder = ROOT.joinpath(*package.split("."))
    return [f"{package}.{p.stem}" for p in sorted(folder.glob("*.py"))
            if "from pyscript" not in p.read_text(encoding="utf-8")]


UI_MODULES = modules("ui") + modules("ui.model")  # ui/dom/ runs in the browser alone
BOT_MODULES = modules("sixtysix.bots")


@pytest.mark.parametrize("name", UI_MODULES + BOT_MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_every_browser_free_module_is_collected():
    assert "ui.model.botcall" in UI_MODULES and "ui.dom.app" not in UI_MODULES
    assert "sixtysix.bots.search" in BOT_MODULES


def test_the_ui_has_examples():
    attempted = sum(doctest.testmod(importlib.import_module(n)).attempted for n in UI_MODULES)
    assert attempted >= 10
