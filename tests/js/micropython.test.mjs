// The DOM layer (ui/dom/, and ui/words.py) in the Python both runtimes run: every module
// compiles under MicroPython (npm @micropython/micropython-webassembly-pyscript,
// the interpreter PyScript runs as type="mpy"), and every standard-library
// module it imports exists there. Its imports of ui.model are the seam the
// one-worker split (issue 33) cuts; pyscript is PyScript's own. Run by
// tests/test_js.py; alone: node --test tests/js/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";

const ROOT = new URL("../../", import.meta.url);
const DOM = new URL("ui/dom/", ROOT);
// Not the standard library: the game's own packages and PyScript's.
const OWN = new Set(["ui", "sixtysix", "pyscript", "js"]);

// The DOM layer's modules, and the texts' lookup it shares with the model side.
const modules = [...readdirSync(DOM).filter((name) => name.endsWith(".py")).sort(), "../words.py"];

// The imported top-level names of a module's source (at any depth: some import inside functions).
const imported = (source) => {
  const names = new Set();
  for (const match of source.matchAll(/^\s*(?:from\s+([\w.]+)\s+import\b|import\s+([\w.]+(?:\s*,\s*[\w.]+)*))/gm)) {
    for (const name of (match[1] || match[2]).split(",")) names.add(name.trim().split(".")[0]);
  }
  return names;
};

const micropython = async () => {
  const require = createRequire(import.meta.url);
  const path = require.resolve("@micropython/micropython-webassembly-pyscript/micropython.mjs", { paths: [ROOT.pathname] });
  const { loadMicroPython } = await import(path);
  return loadMicroPython({ stdout: () => {}, stderr: () => {} });
};

test("the regex finds the imports of a module", () => {
  const names = imported("import json\nfrom ui.model import present\n    import asyncio, re\nx = 'import not'\n");
  assert.deepEqual([...names].sort(), ["asyncio", "json", "re", "ui"]);
});

test("every ui/dom module compiles under MicroPython and imports only what it has", async () => {
  assert.ok(modules.length >= 10, `ui/dom/ has ${modules.length} modules`);
  const mp = await micropython();
  mp.runPython(`
def check(source, name, wanted):
    try:
        compile(source, name, "exec")
    except SyntaxError as e:
        return "does not compile: " + str(e)
    for module in wanted:
        try:
            __import__(module)
        except ImportError:
            return "imports " + module + ", which MicroPython lacks"
    return ""
`);
  const check = mp.globals.get("check");
  const failures = [];
  for (const name of modules) {
    const source = readFileSync(new URL(name, DOM), "utf-8");
    const wanted = [...imported(source)].filter((module) => !OWN.has(module));
    const why = check(source, `ui/dom/${name}`, wanted);
    if (why) failures.push(`ui/dom/${name} ${why}`);
  }
  assert.deepEqual(failures, []);
});

test("MicroPython refuses what the DOM layer must not use", async () => {
  // the check above can fail: a star in a tuple display and the modules CPython alone has
  const mp = await micropython();
  assert.throws(() => mp.runPython("compile('x = (*a, 1)', 't', 'exec')"));
  assert.throws(() => mp.runPython("import dataclasses"));
  assert.throws(() => mp.runPython("from __future__ import annotations"));
});

test("main.py's PackFS lets MicroPython import the pack's modules from memory, and only them", async () => {
  // The pack as tools/dom_layer.py writes it (an index line of path:size, then the bytes),
  // here with source modules; PyScript's [files] puts it and the texts in the working folder.
  const files = [["ui/__init__.py", ""], ["ui/dom/__init__.py", ""], ["ui/dom/packed.py", "WHERE = 'pack'\n"]];
  const body = files.map(([, text]) => text).join("");
  const index = files.map(([rel, text]) => `${rel}:${Buffer.byteLength(text)}`).join(" ");
  const mp = await micropython();
  mp.FS.mkdirTree("ui/dom");
  mp.FS.mkdirTree("locales");
  mp.FS.writeFile("ui/dom-layer.pack", `${index}\n${body}`);
  mp.FS.writeFile("locales/pt.json", '{"k": "v"}');
  mp.FS.writeFile("ui/dom/decoy.py", "WHERE = 'cwd'\n"); // not in the pack: never imported
  const main = readFileSync(new URL("main.py", DOM), "utf-8");
  const setup = main.slice(main.indexOf("PACK = "), main.indexOf("def next_task"));
  mp.runPython(`import io, os, sys\n${setup}\nmount()
from ui.dom import packed
where = packed.WHERE + " " + packed.__file__
try:
    from ui.dom import decoy
    decoy_found = True
except ImportError:
    decoy_found = False
with open("locales/pt.json") as f:
    texts = f.read()
try:
    open("/dom-layer/ui/dom/packed.py", "w")
    written = True
except OSError:
    written = False
`);
  assert.equal(mp.globals.get("where"), "pack /dom-layer/ui/dom/packed.py");
  assert.equal(mp.globals.get("decoy_found"), false);
  assert.equal(mp.globals.get("texts"), '{"k": "v"}');
  assert.equal(mp.globals.get("written"), false);
});
