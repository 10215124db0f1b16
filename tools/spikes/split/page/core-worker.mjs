// The spike's plain module worker: one Pyodide (through the repo's
// js/pyodide-loader.mjs, app.zip on sys.path), the model, JSON strings over
// postMessage. No SharedArrayBuffer, no PyScript.
import { loadPyodide } from "../js/pyodide-loader.mjs";

const t0 = performance.now();
const inbox = [];
let handle = null;
self.onmessage = (e) => (handle ? handle(e.data) : inbox.push(e.data));

const fetchBytes = (url) => fetch(new URL(url, import.meta.url)).then((r) => {
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return r.arrayBuffer();
});
const extra = [["../locales/pt.json", "locales/pt.json"], ["../locales/it.json", "locales/it.json"],
  ["./split_core.py", "split_core.py"]].map(([url, to]) => [fetchBytes(url), to]);

try {
  const py = await loadPyodide({});
  const tBoot = performance.now();
  py.FS.mkdirTree("locales");
  for (const [bytes, to] of extra) py.FS.writeFile(to, new Uint8Array(await bytes));
  py.runPython("import sys; sys.path.insert(0, '.')");
  const mod = py.pyimport("split_core");
  const core = mod.Core((text) => self.postMessage(text));
  const tImport = performance.now();
  handle = (text) => {
    try {
      const answer = core.handle(text);
      if (answer !== undefined && answer !== null) self.postMessage(answer);
      core.after(text);
    } catch (e) {
      self.postMessage(`error|0|${e.message || e}`);
    }
  };
  self.postMessage(`ready|0|${JSON.stringify({ boot: tBoot - t0, imports: tImport - tBoot, origin: performance.timeOrigin })}`);
  while (inbox.length) handle(inbox.shift());
} catch (e) {
  self.postMessage(`error|0|boot: ${e.message || e}`);
}
