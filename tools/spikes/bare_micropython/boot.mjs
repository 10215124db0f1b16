// Spike (issue 33): the DOM layer's MicroPython started without PyScript, in
// steps of its own (make_page.py puts this where index.html starts PyScript).
import { loadMicroPython } from "./vendor/micropython/micropython.mjs";

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const bytes = (rel) => fetch(`./${rel}`).then((r) => {
  if (!r.ok) throw new Error(`${rel}: ${r.status}`);
  return r.arrayBuffer();
});

// pyscript.toml's [files]: the DOM layer's bytecode and the texts, fetched side by side.
const config = await (await fetch("./pyscript.toml")).text();
const files = [...config.matchAll(/^"\.\/([^"]+)" = "\.\/([^"]+)"$/gm)].map((m) => m[2]);
const bodies = Promise.all(files.map(bytes));
const main = fetch("./ui/dom/main.py").then((r) => r.text());

const mp = await loadMicroPython({ stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
await nextTask();
const all = await bodies;
files.forEach((rel, i) => {
  const dir = rel.slice(0, rel.lastIndexOf("/"));
  if (dir) mp.FS.mkdirTree(dir);
  mp.FS.writeFile(rel, new Uint8Array(all[i]));
});
await nextTask();
await mp.runPythonAsync(await main);
