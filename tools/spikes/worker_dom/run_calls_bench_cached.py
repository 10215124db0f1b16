"""run_calls_bench.py with reflected-ffi's property cache on (globalThis.reflected_ffi_timeout = 0
before PyScript starts; polyscript/esm/worker/class.js:42 passes it to the worker)."""
import json, sys
import measure
measure.INIT = "globalThis.reflected_ffi_timeout = 0;\n" + measure.INIT
import run_calls_bench  # noqa: runs
