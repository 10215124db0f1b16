// Boots a bare Pyodide and posts a memory snapshot of it, {id, bytes} (the id
// of the runtime it booted, as the loader served alongside it names it), or
// {error}; started by js/pyodide-loader.mjs, which keeps the bytes.
import { INDEX_URL, RUNTIME_ID } from "./pyodide-loader.mjs";
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

try {
  const pyodide = await loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true });
  const bytes = pyodide.makeMemorySnapshot();
  postMessage({ id: RUNTIME_ID, bytes }, [bytes.buffer]);
} catch (e) {
  postMessage({ error: String(e) });
}
