// The worker that holds the model side (issue 33): the page's one Pyodide,
// through js/pyodide-loader.mjs (app.zip on sys.path, the texts in locales/),
// running ui/core_worker.py. Texts from the page (JSON) are queued until
// Python is up, then handed over in order; Python's messages go back as
// JSON text. No SharedArrayBuffer, no PyScript.
import { GAME_MODULE, forgetSnapshot, loadPyodide } from "./pyodide-loader.mjs";

// When this worker's code began to run, as the page's clock would say it
// (js/core-link.js measures "sixtysix:worker-start" from it).
self.postMessage(JSON.stringify({ kind: "started", at: performance.timeOrigin + performance.now() }));

// What this worker downloads, for the page's first-load progress (js/progress.js,
// through js/core-link.js): each body as it streams in, and each file done.
// Only when the page asks ("progress=1" in the worker's name): on a page the
// service worker serves, reading a copy of every body would be work for nothing.
const tell = (message) => self.postMessage(JSON.stringify({ kind: "download", ...message }));
// A body's bytes so far, at most this often: each message is work on the page's
// thread too, which is starting its own runtime meanwhile (its end comes from
// Resource Timing below).
const TELL_EVERY_MS = 250;

function reportDownloads() {
  const realFetch = self.fetch;
  self.fetch = function (input) {
    const promise = realFetch.apply(this, arguments);
    const url = input instanceof Request ? input.url : String(input);
    promise.then((response) => {
      if (!response.ok || !response.body) return;
      tell({ url, encoding: response.headers.get("content-encoding") || "identity",
        length: Number(response.headers.get("content-length")) || 0, read: 0 });
      const reader = response.clone().body.getReader();
      let read = 0;
      let told = -Infinity; // the first chunk is told at once
      let toldRead = 0;
      // `sent`: when, on this worker's clock (tests count the messages against it).
      const tellRead = () => {
        told = performance.now();
        toldRead = read;
        tell({ url, read, sent: told });
      };
      const pump = () => reader.read().then(({ done, value }) => {
        if (done) {
          if (read !== toldRead) tellRead(); // the last bytes, whatever the clock says
          return undefined;
        }
        read += value.byteLength;
        if (performance.now() - told >= TELL_EVERY_MS) tellRead();
        return pump();
      });
      pump().catch(() => {});
    }, () => {});
    return promise;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      tell({ url: entry.name, encoded: entry.encodedBodySize, transfer: entry.transferSize });
    }
  }).observe({ type: "resource", buffered: true });
}
if (new URLSearchParams(self.name).get("progress")) reportDownloads();

const inbox = [];
let host = null;
self.onmessage = ({ data }) => (host ? host.receive(data) : inbox.push(data));

// A file of the site as text (the problems, the lessons' words).
async function fetchText(path) {
  const response = await fetch(new URL(`../${path}`, import.meta.url));
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${path}`);
  return response.text();
}

// How the runtime started and app-more.zip came: marks the page sets on <html>.
let restored = false; // from the start-up snapshot, which holds the game's modules
const report = (name, value) => {
  if (name === "runtime") restored = value === "snapshot";
  self.postMessage(JSON.stringify({ kind: "mark", name, value }));
};

try {
  // app-more.zip comes in the background once the first table is drawn.
  let drawn;
  const firstTable = new Promise((resolve) => (drawn = resolve));
  const pyodide = await loadPyodide({ texts: true, report, moreAfter: firstTable });
  performance.mark("sixtysix:worker-runtime"); // Pyodide up, app.zip on sys.path (the worker's own clock)
  const module = pyodide.pyimport(GAME_MODULE); // already there when the snapshot held it
  host = module.CoreHost((text) => {
    self.postMessage(text);
    if (text.startsWith('{"kind":"render"')) drawn();
  }, fetchText, console);
  module.destroy();
  performance.mark("sixtysix:worker-host"); // the game's modules imported
  while (inbox.length) host.receive(inbox.shift());
} catch (e) {
  console.error(`Sixty-Six: the game's worker did not start (${e.message || e})`);
  self.postMessage(JSON.stringify({ kind: "worker_failed", reason: String(e.message || e) }));
  if (restored) forgetSnapshot().then(() => report("snapshot", "forgotten"));
}
