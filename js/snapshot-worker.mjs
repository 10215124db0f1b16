// Boots a bare Pyodide, snapshots its memory and keeps the snapshot in Cache
// Storage under this runtime's key, then posts {saved: true}; {skipped: true}
// when a new build that took over meanwhile served it another runtime than
// the page's (its name), or {error}. Started by js/pyodide-loader.mjs; the
// bytes never go through the page's thread.
import { CACHE, INDEX_URL, KEY, RUNTIME_ID } from "./pyodide-loader.mjs";
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

try {
  const pyodide = await loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true });
  const bytes = pyodide.makeMemorySnapshot();
  if (self.name && self.name !== RUNTIME_ID) {
    postMessage({ skipped: true });
  } else {
    const cache = await caches.open(CACHE);
    await cache.put(KEY, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
    postMessage({ saved: true });
  }
} catch (e) {
  postMessage({ error: String(e) });
}
