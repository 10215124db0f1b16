// Boots Pyodide, imports the game's modules from app.zip as the game's worker
// does (js/pyodide-loader.mjs GAME_MODULE), snapshots its memory and keeps the
// snapshot in Cache Storage under this runtime's key, then posts {saved: true};
// {skipped: why} when a new build that took over meanwhile served it another
// runtime or another app.zip than the page's (its name, and APP_ZIP_SHA256) or
// app.zip could not be fetched, or {error}. Started by js/pyodide-loader.mjs;
// the bytes never go through the page's thread. A restore then skips the
// imports too: about 90 ms of a revisit's worker (docs/performance.md).
import { APP_ZIP, CACHE, GAME_MODULE, INDEX_URL, KEY, RUNTIME_ID, fetchBytes, putAppOnPath } from "./pyodide-loader.mjs";
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

// app.zip's SHA-256, written by tools/build.py: the modules a snapshot holds
// must be the ones its key names.
const APP_ZIP_SHA256 = "__APP_ZIP_SHA256__";

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

try {
  if (self.name && self.name !== RUNTIME_ID) {
    postMessage({ skipped: "another runtime" }); // known before any boot
  } else {
    const booting = loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true });
    booting.catch(() => {}); // awaited below, unless the zip ends this first
    // The zip is checked as soon as it comes: the page ends this worker on a
    // skip, and its boot with it. Not fetched: skipped too (tried again on a
    // later visit), since the device itself can make snapshots.
    const zip = await fetchBytes(APP_ZIP).catch(() => null);
    if (!zip) {
      postMessage({ skipped: "app.zip not fetched" });
    } else if (hex(await crypto.subtle.digest("SHA-256", zip)) !== APP_ZIP_SHA256) {
      postMessage({ skipped: "another app.zip" });
    } else {
      const pyodide = await booting;
      putAppOnPath(pyodide, zip);
      pyodide.runPython(`import ${GAME_MODULE}`); // no proxy kept: a snapshot holds no JavaScript object
      const bytes = pyodide.makeMemorySnapshot();
      const cache = await caches.open(CACHE);
      await cache.put(KEY, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
      postMessage({ saved: true });
    }
  }
} catch (e) {
  postMessage({ error: String(e) });
}
