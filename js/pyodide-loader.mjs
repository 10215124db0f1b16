// The runtime for PyScript (pyscript.toml's `interpreter`): Pyodide's own
// loadPyodide, restored from a memory snapshot of a freshly booted
// interpreter when this device already made one.
//
// - A restore takes well under a second where a boot takes about three
//   (docs/performance.md). The snapshot is made on the device, never
//   downloaded: once the game has been ready a while and the page is idle,
//   js/snapshot-worker.mjs boots a bare Pyodide in a worker and snapshots
//   it, and the page keeps the bytes in Cache Storage under this runtime's
//   id (the build writes RUNTIME_ID from the vendored runtime's bytes), so a
//   new runtime never restores an old one's memory.
// - Missing: the ordinary boot. Another runtime's: deleted, ordinary boot.
//   Refused (the restore throws): said in the console, deleted, ordinary boot.
// - The page and the bot worker both come through here; only the page makes
//   snapshots. <html data-runtime="snapshot|boot"> tells tests which ran, and
//   data-snapshot="saved|failed" what became of the making.
import { loadPyodide as boot, version } from "../vendor/pyodide/pyodide.mjs";

// No stack switching (JSPI). Pyodide runs asyncio callbacks on JSPI stacks
// where it finds them, and Chromium's garbage collector crashed the tab by
// scanning past the end of one (two crash dumps, docs/performance.md, "No
// stack switching"). The game never suspends Python (no run_sync), and
// Pyodide looks for JSPI only as `"Suspending" in WebAssembly` when it
// boots. The page, the bot worker and the snapshot worker import this first.
for (const name of ["Suspending", "Suspender"]) delete WebAssembly[name];

export { version };

export const RUNTIME_ID = "__RUNTIME_ID__";
const CACHE = "snapshot-sixtysix"; // not "sixtysix-…": sw.js deletes those of old builds
export const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const KEY = new URL(`snapshot-${RUNTIME_ID}.bin`, INDEX_URL).href;
const root = typeof document === "undefined" ? null : document.documentElement;
// How long the table stays ready before the snapshot is made (a bot worker
// boots in that time, and the snapshot's boot would compete with it).
const MAKE_AFTER_MS = Number(globalThis.sixtysixSnapshotDelayMs) || 5000;

async function openCache() {
  try {
    return globalThis.caches ? await caches.open(CACHE) : null;
  } catch (e) {
    return null; // storage refused (some private modes)
  }
}

async function saved(cache) {
  try {
    for (const request of await cache.keys()) if (request.url !== KEY) await cache.delete(request);
    const hit = await cache.match(KEY);
    return hit ? await hit.arrayBuffer() : null;
  } catch (e) {
    return null;
  }
}

function whenIdleAndReady(then) {
  const start = () => setTimeout(() => (globalThis.requestIdleCallback || setTimeout)(then), MAKE_AFTER_MS);
  if (root.classList.contains("ready")) return start();
  const watch = new MutationObserver(() => {
    if (!root.classList.contains("ready")) return;
    watch.disconnect();
    start();
  });
  watch.observe(root, { attributes: true, attributeFilter: ["class"] });
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

function makeSnapshot(cache) {
  if (failedBefore()) return;
  whenIdleAndReady(() => {
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
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
      if (!data || !(data.bytes instanceof Uint8Array)) return failed(data && data.error);
      worker.terminate();
      // A new build that took over meanwhile may have served the worker its runtime.
      if (data.id !== RUNTIME_ID) return;
      cache.put(KEY, new Response(data.bytes, { headers: { "Content-Type": "application/octet-stream" } }))
        .then(() => { root.dataset.snapshot = "saved"; }, (e) => failed(e));
    };
  });
}

export async function loadPyodide(options) {
  const config = { ...options, indexURL: INDEX_URL };
  const cache = await openCache();
  const snapshot = cache && (await saved(cache));
  if (snapshot) {
    try {
      const pyodide = await boot({ ...config, _loadSnapshot: snapshot });
      // The snapshot holds one state of `random`: every restore would repeat it.
      pyodide.runPython("import random; random.seed()");
      if (root) root.dataset.runtime = "snapshot";
      return pyodide;
    } catch (e) {
      console.warn(`Sixty-Six: the start-up snapshot was refused (${e}); starting the usual way`);
      await cache.delete(KEY).catch(() => {});
    }
  }
  const pyodide = await boot(config);
  if (root) {
    root.dataset.runtime = "boot";
    if (cache) makeSnapshot(cache);
  }
  return pyodide;
}
