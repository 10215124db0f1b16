// Compiles Python sources to bytecode with the vendored Pyodide itself, so the
// .pyc files match the browser's Python exactly (magic number, marshal format).
// Called by tools/bytecode.py for app.zip and the trimmed python_stdlib.zip:
//
//   node tools/compile_pyc.mjs PYODIDE_DIR < {"files": {"ui/x.py": "source", ...}, "stdlib": false}
//   > {"ui/x.py": "<base64 of the .pyc>", ...}
//
// The build ships each as ui/x.pyc in the source's place: Python imports
// a .pyc that sits where its source would (no __pycache__) as it is, checking
// only its magic number. They are marked "unchecked-hash" (PEP 552), which
// names no timestamp. Compiled in a fresh interpreter, in sorted order, with
// a fixed hash seed (frozenset constants are marshalled in hash order): the
// same sources give the same bytes on every build. Each code object names its
// file as the interpreter would have on compiling the source in the browser:
// the app's relative to the working directory, the stdlib's inside the zip on
// sys.path (/lib/python314.zip/json/decoder.py), so tracebacks read the same.
// The app's code (not the stdlib's) is compiled without its docstrings: the
// page never reads them, and they were a third of app.zip. Everything else
// (asserts, line numbers) is kept: the same as the source, less its docs.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const dir = process.argv[2];
const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
const { files, stdlib } = JSON.parse(readFileSync(0, "utf8"));
const pyodide = await loadPyodide({ indexURL: `${dir}/`, env: { PYTHONHASHSEED: "0" }, stdout: () => {} });
pyodide.globals.set("sources", pyodide.toPy(files));
pyodide.globals.set("stdlib", !!stdlib);
const out = pyodide.runPython(`
import ast, base64, importlib.util, os, py_compile, sys
from importlib._bootstrap_external import _code_to_hash_pyc
assert sys.flags.hash_randomization == 0, "PYTHONHASHSEED did not reach the interpreter"
prefix = next(p for p in sys.path if p.endswith(".zip")) + "/" if stdlib else ""
DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)

def without_docstrings(source, name):
    tree = ast.parse(source, name)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, DOCUMENTED) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass(lineno=body[0].lineno, col_offset=body[0].col_offset,
                                              end_lineno=body[0].lineno, end_col_offset=body[0].col_offset)]
    return compile(tree, name, "exec", dont_inherit=True)

compiled = {}
for rel in sorted(sources):
    if stdlib:
        src = "/tmp/src/" + rel
        os.makedirs(os.path.dirname(src), exist_ok=True)
        with open(src, "w", encoding="utf-8") as f:
            f.write(sources[rel])
        py_compile.compile(src, cfile="/tmp/out.pyc", dfile=prefix + rel, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        with open("/tmp/out.pyc", "rb") as f:
            data = f.read()
    else:
        source = sources[rel].encode("utf-8")
        code = without_docstrings(source, rel)
        data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
    compiled[rel] = base64.b64encode(data).decode()
compiled
`).toJs({ dict_converter: Object.fromEntries });
process.stdout.write(JSON.stringify(out));
