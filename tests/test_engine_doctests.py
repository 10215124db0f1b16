"""The ``>>>`` examples in the engine's docstrings run as tests (python-chess
runs its README the same way). Only ``sixtysix/`` itself, not ``bots/``."""

from __future__ import annotations

import doctest
import importlib

import pytest

ENGINE_MODULES = ["cards", "actions", "game", "scoring", "view", "match", "records", "__main__", "bench", "safejson", "quoting", "levels", "problems"]


@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"sixtysix.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in sixtysix.{name}"


def test_the_engine_has_examples():
    attempted = sum(doctest.testmod(importlib.import_module(f"sixtysix.{n}")).attempted for n in ENGINE_MODULES)
    assert attempted >= 10


def test_the_test_kit_examples():
    from tests import conftest as testkit

    assert doctest.testmod(testkit).failed == 0


def test_the_readme_examples():
    from pathlib import Path

    readme = Path(__file__).resolve().parent.parent / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3 and result.failed == 0
