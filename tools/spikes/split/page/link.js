// The spike's JS glue, classic script, run early (deferred) on split-*.html:
// - window.splitStats: numbers the MicroPython main and the worker report;
// - window.splitDeferred(): a {promise, resolve} pair MicroPython can await;
// - with ?via=post: the plain module worker is made now (not when MicroPython is
//   up), and its messages are queued until the main's listener is given.
(() => {
  "use strict";
  window.splitStats = { renders: [], rtt: [], taps: [], workerTimes: null };
  window.splitDeferred = () => {
    let resolve;
    const promise = new Promise((r) => { resolve = r; });
    return { promise, resolve };
  };
  const via = document.documentElement.dataset.via;
  if (via !== "post") return;
  performance.mark("split:worker-new");
  const worker = new Worker("./split/core-worker.mjs", { type: "module" });
  const queue = [];
  let handler = null;
  worker.onmessage = (e) => (handler ? handler(e.data) : queue.push(e.data));
  worker.onerror = (e) => console.error("split worker: " + (e.message || e));
  window.splitLink = {
    worker,
    listen(fn) {
      handler = fn;
      while (queue.length) fn(queue.shift());
    },
  };
})();
