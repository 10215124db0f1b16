"""The browser scripts' own tests, run with Node's test runner (tests/js/*.test.mjs).

They test what can run without a page: js/shared.js's parent_origin check
over a table of origins, and its texts loader; and that ui/dom/ compiles
under MicroPython (npm's, as PyScript runs it) with only modules it has. Skipped only where there is no
node on the PATH (the browser tests still cover the scripts in use).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_js_unit_tests_pass():
    files = sorted(str(p) for p in (HERE / "js").glob("*.test.mjs"))
    assert files, "no tests/js/*.test.mjs"
    done = subprocess.run([NODE, "--test", *files], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
