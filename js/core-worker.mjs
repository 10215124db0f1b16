// The worker that holds the model side (split.html, issue 33): one Pyodide,
// through js/pyodide-loader.mjs (app.zip on sys.path, the texts in locales/),
// running ui/core_worker.py. Texts from the page (JSON) are queued until
// Python is up, then handed over in order; Python's messages go back as
// JSON text. No SharedArrayBuffer, no PyScript.
import { loadPyodide } from "./pyodide-loader.mjs";

const inbox = [];
let host = null;
self.onmessage = ({ data }) => (host ? host.receive(data) : inbox.push(data));

// A file of the site as text (the problems, the lessons' words).
async function fetchText(path) {
  const response = await fetch(new URL(`../${path}`, import.meta.url));
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${path}`);
  return response.text();
}

try {
  // How the runtime started and app-more.zip came: marks the page sets on <html>.
  const report = (name, value) => self.postMessage(JSON.stringify({ kind: "mark", name, value }));
  const pyodide = await loadPyodide({ texts: true, report, moreInBackground: true });
  const module = pyodide.pyimport("ui.core_worker");
  host = module.CoreHost((text) => self.postMessage(text), fetchText, console);
  module.destroy();
  while (inbox.length) host.receive(inbox.shift());
} catch (e) {
  console.error(`Sixty-Six: the game's worker did not start (${e.message || e})`);
  self.postMessage(JSON.stringify({ kind: "worker_failed", reason: String(e.message || e) }));
}
