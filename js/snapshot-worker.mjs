// Boots a bare Pyodide and posts a memory snapshot of it (a Uint8Array), or
// {error}; started by js/pyodide-loader.mjs, which keeps the bytes.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

try {
  const pyodide = await loadPyodide({ indexURL: new URL("../vendor/pyodide/", import.meta.url).href, _makeSnapshot: true });
  const bytes = pyodide.makeMemorySnapshot();
  postMessage(bytes, [bytes.buffer]);
} catch (e) {
  postMessage({ error: String(e) });
}
