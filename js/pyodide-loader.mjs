// The runtime for PyScript (pyscript.toml's `interpreter`): Pyodide's own
// loadPyodide, restored from a memory snapshot of a freshly booted
// interpreter that has imported the game's modules, when this device
// already made one.
//
// - A restore takes well under a second where a boot takes about three
//   (docs/performance.md). The snapshot is made on the device, never
//   downloaded: once the game has been ready a while and the page is idle,
//   js/snapshot-worker.mjs boots Pyodide in a worker, imports the game's
//   modules from app.zip (GAME_MODULE and what it imports), snapshots it
//   and keeps the bytes in Cache Storage under this runtime's id (they never
//   come through the page's thread; the build writes RUNTIME_ID from the
//   vendored runtime's bytes and app.zip's), so a new runtime or a new
//   game never restores an old one's memory.
// - Missing: the ordinary boot. Another runtime's: deleted, ordinary boot.
//   Refused (the restore throws): said in the console, deleted, ordinary boot.
// - The game's worker (js/core-worker.mjs) comes through here; the page has
//   the snapshots made (js/core-link.js asks). <html data-runtime="snapshot|boot"> tells tests which ran, and
//   data-snapshot="saved|skipped|failed" what became of the making, and
//   data-game-modules="restored|imported" whether a restore held the game's
//   modules. A start that fails after a restore forgets the snapshot
//   (forgetSnapshot, js/core-worker.mjs: data-snapshot="forgotten").
import { loadPyodide as boot, version } from "../vendor/pyodide/pyodide.mjs";

// No stack switching (JSPI). Pyodide runs asyncio callbacks on JSPI stacks
// where it finds them, and Chromium's garbage collector crashed the tab by
// scanning past the end of one (two crash dumps, docs/performance.md, "No
// stack switching"). The game never suspends Python (no run_sync), and
// Pyodide looks for JSPI only as `"Suspending" in WebAssembly` when it
// boots. The game's worker and the snapshot worker import this first.
for (const name of ["Suspending", "Suspender"]) delete WebAssembly[name];

export { version };

export const RUNTIME_ID = "__RUNTIME_ID__";
// The game's module the worker runs (js/core-worker.mjs); the snapshot holds it
// imported, with all it imports.
export const GAME_MODULE = "ui.core_worker";
export const CACHE = "snapshot-sixtysix"; // not "sixtysix-…": sw.js deletes those of old builds
export const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
export const KEY = new URL(`snapshot-${RUNTIME_ID}.bin`, INDEX_URL).href;
const root = typeof document === "undefined" ? null : document.documentElement;
// What became of the start (data-runtime, data-app-more on <html>): set on the
// page; from a worker, handed to the `report` option (js/core-worker.mjs sends
// it to the page, which sets the same marks).
let report = (name, value) => {
  if (root) root.dataset[name] = value;
};
// How long the table stays ready before the snapshot is made (a worker
// boots in that time, and the snapshot's boot would compete with it).
const MAKE_AFTER_MS = Number(globalThis.sixtysixSnapshotDelayMs) || 5000;

async function openCache() {
  try {
    return globalThis.caches ? await caches.open(CACHE) : null;
  } catch (e) {
    return null; // storage refused (some private modes)
  }
}

// This runtime's snapshot as a response whose bytes are still to be read
// (Pyodide reads them while it loads its own files), or null.
async function saved(cache) {
  try {
    for (const request of await cache.keys()) if (request.url !== KEY) await cache.delete(request);
    return (await cache.match(KEY)) || null;
  } catch (e) {
    return null;
  }
}

function whenReady(then) {
  if (root.classList.contains("ready")) return then();
  const watch = new MutationObserver(() => {
    if (!root.classList.contains("ready")) return;
    watch.disconnect();
    then();
  });
  watch.observe(root, { attributes: true, attributeFilter: ["class"] });
}

function whenIdleAndReady(then) {
  whenReady(() => setTimeout(() => (globalThis.requestIdleCallback || setTimeout)(then), MAKE_AFTER_MS));
}

// A snapshot that could not be made (or kept) for this runtime is not tried
// again on every visit: that would cost a boot's worth of CPU each time.
const FAILED = "snapshot-sixtysix.failed";
const failedBefore = () => {
  try {
    return localStorage.getItem(FAILED) === RUNTIME_ID;
  } catch (e) {
    return true; // no storage: no way to keep a snapshot either
  }
};

// The page: its worker booted without a snapshot (js/core-link.js).
export async function makeSnapshotWhenIdle() {
  const cache = await openCache();
  if (cache) makeSnapshot(cache);
}

function makeSnapshot(cache) {
  if (failedBefore()) return;
  whenIdleAndReady(() => {
    // The worker keeps the snapshot itself (its 31 MB never come through this
    // thread); its name is this page's runtime, which it must have booted too.
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module", name: RUNTIME_ID });
    const failed = (why) => {
      console.warn(`Sixty-Six: no start-up snapshot on this device (${why})`);
      root.dataset.snapshot = "failed";
      worker.terminate();
      try {
        localStorage.setItem(FAILED, RUNTIME_ID);
      } catch (e) {
        // nothing to remember it in
      }
    };
    worker.onerror = (event) => failed(event.message || "worker error");
    worker.onmessage = ({ data }) => {
      if (!data || !(data.saved || data.skipped)) return failed(data && data.error);
      worker.terminate();
      // skipped: a new build took over meanwhile, or app.zip did not come
      root.dataset.snapshot = data.saved ? "saved" : "skipped";
    };
  });
}

// The app's own files, asked for as the runtime starts to boot: PyScript's
// [files] would fetch them only once the interpreter is up, after the wasm
// has compiled (about 60 ms later on a cold localhost load). app.zip goes
// first on sys.path as it is, and Python imports from it (zipimport, as from
// the stdlib's zip): extracting its 54 files through Python's zipfile took
// 40-47 ms under Node's Pyodide, writing it takes 2 (docs/performance.md,
// "The ui's records, and app.zip imported in place"). The texts go into
// locales/, on the page and in the core's worker (js/core-worker.mjs, which
// asks for them with the option `texts`).
export const APP_ZIP = new URL("../app.zip", import.meta.url).href;
const TEXTS = ["pt", "it"].map((lang) => `locales/${lang}.json`);

export function fetchBytes(url) {
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error(`Sixty-Six: ${url} answered ${response.status}`);
    return response.arrayBuffer();
  });
}

// The modules imported only on demand (ui/on_demand.py: the statistics, a
// review, the deal of the day, the problems, the lessons) come in a second zip that the
// first load does not wait for. The game's worker fetches it in the background
// MORE_SETTLE_MS after the first table is drawn (the `moreAfter` promise), or with app.zip when
// the page opens on a link (#hand=, #daily=...) that may need it at once, and
// writes it beside app.zip; ui/on_demand.py's finder imports them from there.
// An import that comes before the zip has a synchronous request fetch it at
// once. (A page running Pyodide itself, as the bench's, fetches it once <html>
// is ready.) <html
// data-app-more="early|later|at-once"> tells tests which wrote it
// (docs/performance.md, "Code on demand: app-more.zip").
const MORE_ZIP = new URL("../app-more.zip", import.meta.url).href;
const MORE_FILE = "app-more.zip"; // in Pyodide's working directory, beside app.zip
// In the worker, js/core-link.js says both in the worker's name ("more=early&moreDelayMs=...").
const WORKER_PARAMS = root ? null : new URLSearchParams(globalThis.name || "");
const MORE_EARLY = root ? location.hash.length > 1 : WORKER_PARAMS.get("more") === "early";
// How long the zip waits after the first table: the start's own work comes
// first (the table's card faces, the player's first tap, the computer's
// answer), and on a phone network the zip's 46 kB would share the line with
// them; make bench counts the first visit's bytes until ready. A test may say
// otherwise (a stand-in for a zip that has not come yet).
const MORE_SETTLE_MS = 1500;
const MORE_AFTER_MS = Number(root ? globalThis.sixtysixMoreDelayMs : WORKER_PARAMS.get("moreDelayMs")) || MORE_SETTLE_MS;

function mountMoreNow(pyodide, file) {
  const request = new XMLHttpRequest();
  request.open("GET", MORE_ZIP, false);
  // A synchronous request on the page cannot ask for an ArrayBuffer; each byte
  // then comes as one character (the x-user-defined charset), in a worker as is.
  if (root) request.overrideMimeType("text/plain; charset=x-user-defined");
  else request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`${MORE_ZIP} answered ${request.status}`);
  let bytes;
  if (root) {
    const text = request.responseText;
    bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  } else {
    bytes = new Uint8Array(request.response);
  }
  pyodide.FS.writeFile(file, bytes);
  report("appMore", "at-once");
}

// On the page once it is ready; in the core's worker (no page to wait for) at once.
function mountMoreLater(pyodide, file, after) {
  const fetchIt = () => fetchBytes(MORE_ZIP).then((data) => {
    if (pyodide.FS.analyzePath(file).exists) return; // written at once meanwhile
    pyodide.FS.writeFile(file, new Uint8Array(data));
    report("appMore", "later");
  }, (e) => console.warn(`${e.message || e}; asked for again when needed`));
  if (root) whenReady(() => setTimeout(fetchIt, MORE_AFTER_MS));
  else after.then(() => setTimeout(fetchIt, MORE_AFTER_MS));
}

function installOnDemand(pyodide, moreAfter) {
  const file = `${pyodide.FS.cwd()}/${MORE_FILE}`;
  const module = pyodide.pyimport("ui.on_demand");
  try {
    module.install(file, () => mountMoreNow(pyodide, file));
  } finally {
    module.destroy();
  }
  if (!MORE_EARLY && (root || moreAfter)) mountMoreLater(pyodide, file, moreAfter);
}

function fetchAppFiles(texts) {
  const files = [[APP_ZIP, null], ...(MORE_EARLY ? [[MORE_ZIP, MORE_FILE]] : []),
    ...(texts ? TEXTS : []).map((rel) => [new URL(`../${rel}`, import.meta.url).href, rel])];
  // Each promise is settled by the time it is awaited; none may reject unheard.
  const fetched = files.map(([url, rel]) => [fetchBytes(url), rel]);
  for (const [bytes] of fetched) bytes.catch(() => {});
  return fetched;
}

// app.zip first on sys.path, once: a snapshot that holds the game's modules
// has it there already (behind the "" Pyodide puts first on every start), and
// its import system holds the zip's directory, read from the same bytes (the
// runtime id names them).
export function putAppOnPath(pyodide, data) {
  const path = `${pyodide.FS.cwd()}/app.zip`;
  const file = JSON.stringify(path); // as a Python string
  pyodide.FS.writeFile(path, new Uint8Array(data));
  pyodide.runPython(`import sys\nif ${file} in sys.path: sys.path.remove(${file})\nsys.path.insert(0, ${file})`);
}

// The game's worker failed after a restore: the next visit boots the usual
// way (and makes a new snapshot) rather than restore the same memory again.
export async function forgetSnapshot() {
  const cache = await openCache();
  if (cache) await cache.delete(KEY).catch(() => {});
}

async function unpackAppFiles(pyodide, fetched, moreAfter) {
  for (const [bytes, rel] of fetched) {
    // app-more.zip is not needed to start: failing, it is asked for again when needed.
    const data = rel === MORE_FILE ? await bytes.catch((e) => console.warn(`${e.message || e}`)) : await bytes;
    if (rel === null) {
      performance.mark("sixtysix:app-files-start"); // app.zip comes first
      putAppOnPath(pyodide, data);
      installOnDemand(pyodide, moreAfter);
    } else if (rel === MORE_FILE) {
      if (!data) continue;
      pyodide.FS.writeFile(`${pyodide.FS.cwd()}/${MORE_FILE}`, new Uint8Array(data));
      report("appMore", "early");
    } else {
      pyodide.FS.mkdirTree(rel.slice(0, rel.lastIndexOf("/")));
      pyodide.FS.writeFile(rel, new Uint8Array(data));
    }
  }
  performance.measure("sixtysix:app-files", "sixtysix:app-files-start"); // make bench's "files"
  return pyodide;
}

// Options of our own: `texts` (the locales too), `report(name, value)` (see
// above) and, in a worker, `moreAfter` (a promise: fetch app-more.zip once it settles).
export async function loadPyodide({ texts = Boolean(root), report: reportTo, moreAfter = null, ...options } = {}) {
  if (reportTo) report = reportTo;
  const appFiles = fetchAppFiles(texts);
  const pyodide = await loadRuntime(options);
  try {
    return await unpackAppFiles(pyodide, appFiles, moreAfter);
  } catch (e) {
    // PyScript would only stop: js/guard.js tells the player at once.
    if (root) dispatchEvent(new CustomEvent("sixtysix:boot-failed", { detail: `the game's files: ${e.message || e}` }));
    throw e;
  }
}

// Pyodide's own hook for its wasm catches a compile that failed (the file did
// not load, or not whole), warns, and never settles: the start would wait for
// ever, and the player with it until js/guard.js's watchdog. Here such a
// failure rejects the start, which says so at once.
async function bootOrFail(config) {
  const real = WebAssembly.instantiateStreaming;
  let fail;
  const failed = new Promise((_, reject) => (fail = reject));
  WebAssembly.instantiateStreaming = function (...args) {
    const result = real.apply(this, args);
    result.catch((e) => fail(new Error(`Pyodide's wasm did not load (${e.message || e})`)));
    return result;
  };
  try {
    return await Promise.race([boot(config), failed]);
  } finally {
    WebAssembly.instantiateStreaming = real;
  }
}

async function loadRuntime(options) {
  const config = { ...options, indexURL: INDEX_URL };
  const cache = await openCache();
  const snapshot = cache && (await saved(cache));
  if (snapshot) {
    try {
      // A promise: Pyodide asks for its wasm and its module meanwhile, and
      // awaits the bytes only when it needs them.
      const bytes = snapshot.arrayBuffer();
      bytes.catch(() => {}); // heard by the boot, which fails with it
      const pyodide = await bootOrFail({ ...config, _loadSnapshot: bytes });
      // The snapshot holds one state of `random`: every restore would repeat it.
      pyodide.runPython("import random; random.seed()");
      report("runtime", "snapshot");
      // Whether the game's modules came with it (tests read data-game-modules).
      const held = pyodide.runPython(`import sys; ${JSON.stringify(GAME_MODULE)} in sys.modules`);
      report("gameModules", held ? "restored" : "imported");
      return pyodide;
    } catch (e) {
      console.warn(`Sixty-Six: the start-up snapshot was refused (${e}); starting the usual way`);
      await cache.delete(KEY).catch(() => {});
    }
  }
  const pyodide = await bootOrFail(config);
  report("runtime", "boot");
  if (root) {
    if (cache) makeSnapshot(cache);
  }
  return pyodide;
}
