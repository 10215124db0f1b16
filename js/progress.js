// The first load's progress in bytes, for index.html's boot line.
//
// A classic script in <head>, after js/boot.js and before PyScript: it wraps
// window.fetch before any module runs. Sizes come from the build: the
// <script type="application/json" id="boot-bytes"> block lists each file of
// the first load as [plain, gzip, br] bytes (tools/build.py).
//
// - Fetched files (the wasm, the stdlib, the app, the texts) count as their
//   bodies stream in: a clone of the response is read alongside, and the
//   share read of the plain size is that share of the bytes on the wire.
// - Module scripts (PyScript, MicroPython...) count when Resource Timing
//   reports them done, with their encoded size.
// - The worker's downloads (Pyodide, the stdlib, app.zip) count the same
//   ways: js/core-worker.mjs reports them ("sixtysix:download" events
//   through js/core-link.js, those before this script in sixtysixDownloads).
// - The bar shows only when bytes really come over the network: never when
//   a service worker controls the page (everything is local), and on other
//   loads only once a file of over 4 kB arrived whole from the network (a
//   revalidated 304 or a cache hit transfers less than its body).
// - "2,1 de 4,4 MB": the boot.progress text of the page's language (<html
//   lang>; js/shared.js bootWords, in the page: the bar never waits for a
//   locale file), with the total for the encoding the server actually uses
//   (Content-Encoding of the first fetched file).
// - Once everything is in, the boot line's own steps show again ("Shuffling"
//   while Python starts, or the failure text); <html class="ready"> hides all.
(() => {
  "use strict";
  const root = document.documentElement;
  const { bootWords } = window.sixtysixShared;
  let files;
  try {
    files = JSON.parse(document.getElementById("boot-bytes").textContent).files;
  } catch (e) {
    return;
  }
  if (!files || !Object.keys(files).length) return;
  const controlled = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  if (controlled) return;

  const COLUMNS = { identity: 0, gzip: 1, br: 2 };
  const base = new URL(".", location.href).pathname;
  const done = new Map();
  const partial = new Map();
  let column = COLUMNS.br;
  let columnKnown = false;
  let shown = false;
  let pending = false;

  // An address's file of the first load, or null. Each address is parsed once:
  // it is asked again for every fetch, every Resource Timing entry and every
  // chunk the worker reports, on a main thread that is busy starting.
  const seen = new Map();
  const parseFile = (url) => {
    let parsed;
    try {
      parsed = new URL(url, location.href);
    } catch (e) {
      return null;
    }
    if (parsed.origin !== location.origin || !parsed.pathname.startsWith(base)) return null;
    const rel = decodeURIComponent(parsed.pathname.slice(base.length));
    return Object.prototype.hasOwnProperty.call(files, rel) ? rel : null;
  };
  const fileOf = (url) => {
    if (!seen.has(url)) seen.set(url, parseFile(url));
    return seen.get(url);
  };

  const big = Object.keys(files).filter((rel) => files[rel][0] > 65536); // the runtime and the app
  const total = () => Object.values(files).reduce((sum, sizes) => sum + sizes[column], 0);
  const loaded = () => Object.keys(files).reduce((sum, rel) => sum + (done.has(rel) ? done.get(rel) : partial.get(rel) || 0), 0);

  // "2,1": both languages write a decimal comma. Not toLocaleString: the page's
  // first Intl call loads the locale's data, tens of ms of the main thread
  // during the first load (docs/performance.md, "The longest task").
  const megabytes = (bytes) => (bytes / 1e6).toFixed(1).replace(".", ",");

  // Whether it drew: not before the bar's first bytes are shown, nor before its markup is parsed.
  const render = () => {
    pending = false;
    const box = document.getElementById("boot");
    const bar = document.getElementById("boot-progress");
    const line = document.getElementById("boot-bytes-text");
    const texts = bootWords(root.lang);
    // The bar's fill may not be parsed yet: this runs while the page still streams in.
    const fill = bar && bar.firstElementChild;
    if (!shown || !box || !fill || !line || !texts["boot.progress"]) return false;
    const all = total();
    const got = Math.min(loaded(), all);
    const complete = big.every((rel) => done.has(rel));
    box.classList.toggle("bytes", !complete);
    const text = texts["boot.progress"].replace("{done}", megabytes(got)).replace("{total}", megabytes(all));
    if (line.textContent !== text) line.textContent = text;
    bar.setAttribute("aria-valuenow", String(Math.round((100 * got) / all)));
    bar.setAttribute("aria-valuetext", text);
    fill.style.transform = `scaleX(${(got / all).toFixed(4)})`;
    return true;
  };

  // At most this often: each redraw of the line is a layout on a thread busy starting.
  const DRAW_EVERY_MS = 250;
  let drawn = -Infinity;
  const draw = () => {
    if (root.classList.contains("ready")) {
      pending = false;
      return; // Python's table is up: the line is gone
    }
    const at = performance.now();
    if (render()) drawn = at;
  };
  const schedule = () => {
    if (pending || root.classList.contains("ready")) return;
    pending = true;
    setTimeout(() => requestAnimationFrame(draw), Math.max(0, drawn + DRAW_EVERY_MS - performance.now()));
  };
  addEventListener("sixtysix:boot-texts", schedule); // a language switch: the line's words

  // A body streaming in: its wire size, then the plain bytes read so far.
  const wireSize = {};
  const started = (rel, encoding, length) => {
    if (!columnKnown && files[rel][0] > 4096) {
      column = COLUMNS[encoding] ?? COLUMNS.br;
      columnKnown = true;
    }
    wireSize[rel] = length || files[rel][column];
  };
  const reading = (rel, read) => {
    partial.set(rel, Math.min(wireSize[rel], (wireSize[rel] * read) / files[rel][0]));
    schedule();
  };
  const finished = (rel, encoded, transfer) => {
    done.set(rel, encoded || files[rel][column]);
    if (!shown && encoded > 4096 && transfer > encoded) shown = true;
  };

  const count = (rel, response) => {
    if (!response.ok || !response.body) return;
    started(rel, response.headers.get("content-encoding") || "identity", Number(response.headers.get("content-length")));
    const reader = response.clone().body.getReader();
    let read = 0;
    const pump = () => reader.read().then(({ done: end, value }) => {
      if (end) return undefined;
      read += value.byteLength;
      reading(rel, read);
      return pump();
    });
    pump().catch(() => {});
  };

  const fromWorker = ({ url, encoding, length, read, encoded, transfer }) => {
    const rel = fileOf(url);
    if (!rel) return;
    if (encoded !== undefined) finished(rel, encoded, transfer);
    else if (encoding !== undefined) started(rel, encoding, length);
    else if (rel in wireSize) reading(rel, read);
    schedule();
  };
  (window.sixtysixDownloads || []).forEach(fromWorker);
  addEventListener("sixtysix:download", ({ detail }) => fromWorker(detail));

  const realFetch = window.fetch;
  window.fetch = function (input, init) {
    const promise = realFetch.apply(this, arguments);
    const rel = fileOf(input instanceof Request ? input.url : String(input));
    if (rel) promise.then((response) => count(rel, response), () => {});
    return promise;
  };

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const rel = fileOf(entry.name);
      if (rel) finished(rel, entry.encodedBodySize, entry.transferSize);
    }
    schedule();
  }).observe({ type: "resource", buffered: true });
})();
