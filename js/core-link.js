// The page's end of the line to the model side's worker (issue 33).
//
// A classic script in <head>: the worker (js/core-worker.mjs) starts while
// the page is still parsing (on a revisit that draws the table left, once
// that has painted), long before the DOM layer's MicroPython is up, and is
// sent at once what it needs to build the table: the address, the
// saved items (localStorage exists only here) and the browser's languages.
// Storage stays on this thread: the worker's writes ({"kind":"store",...})
// are made here, and another tab's writes are sent on to the worker. Every
// other message is queued until ui/dom/main.py listens; commands sent before
// the worker is up wait in its own queue, so a tap is never lost.
// window.sixtysixCore = {post(text), listen(fn)}; tests also use it for
// their reset and to hold the computer mid-thought (e2e/conftest.py).
(() => {
  "use strict";
  const PREFIX = "sixtysix."; // ui/model/storage.py's keys
  const STORE = '{"kind":"store",'; // ui/core_worker.py writes it so
  const BOOTED = '{"kind":"booted"}';
  const MARK = '{"kind":"mark",'; // js/core-worker.mjs: how its runtime started
  const FAILED = '{"kind":"worker_failed",';
  const TIMING = '{"kind":"timing",'; // a bot call's time in the worker (ui/core_worker.py)
  const STARTED = '{"kind":"started",'; // the worker's first line ran (js/core-worker.mjs)
  const DOWNLOAD = '{"kind":"download",'; // the worker's downloads, for js/progress.js
  const RENDER = '{"kind":"render",'; // a table drawn (ui/model/core.py)
  const root = document.documentElement;
  // A page opened on a link (#hand=, #daily=...) may need the code on demand at once.
  // (sixtysixMoreDelayMs: a test's stand-in for a zip that has not come yet.)
  const params = new URLSearchParams();
  if (location.hash.length > 1) params.set("more", "early");
  if (globalThis.sixtysixMoreDelayMs) params.set("moreDelayMs", String(globalThis.sixtysixMoreDelayMs));
  // The worker reports its downloads only where js/progress.js may show them:
  // not on a page the service worker serves (everything is local there).
  if (!(navigator.serviceWorker && navigator.serviceWorker.controller)) params.set("progress", "1");
  // In the worker's name, not its address: a worker served from the service
  // worker's cache takes the cached response's address, without the query.
  // Started at once, or, on a revisit that draws the table left (js/last-table.js),
  // once that table is on screen (js/shared.js afterFirstPaint): on two cores the
  // worker's start took the CPU the frame's raster needed. What is sent before
  // it exists waits in `early`, in order.
  let worker = null;
  let created = 0;
  const early = [];
  const send = (text) => (worker ? worker.postMessage(text) : early.push(text));
  const queue = [];
  let handler = null;

  const saved = () => {
    try {
      const items = {};
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key.startsWith(PREFIX)) items[key] = localStorage.getItem(key);
      }
      return items;
    } catch (e) {
      return null; // storage blocked: the game plays without saving
    }
  };

  const store = (text) => {
    const { key, value } = JSON.parse(text);
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch (e) {
      console.warn(`Sixty-Six: ${key} not saved (${e.name || e})`);
      let kept = null; // what storage still holds under that key, for the worker's copy
      try {
        kept = localStorage.getItem(key);
      } catch (e2) {
        // storage blocked altogether
      }
      send(JSON.stringify({ do: "refused", key, value: kept }));
    }
  };

  // data-runtime, data-app-more as on index.html; a worker that booted without a
  // snapshot gets one made on this device once the page is idle (js/pyodide-loader.mjs).
  const mark = (text) => {
    const { name, value } = JSON.parse(text);
    root.dataset[name] = value;
    if (name === "runtime" && value === "boot") {
      // The loader (and Pyodide's own module with it) is evaluated on this thread
      // only once the table is ready: nothing needs it before. It then waits for
      // the page to be idle a while (its sixtysixSnapshotDelayMs) before it starts.
      const load = () => import("./pyodide-loader.mjs").then((loader) => loader.makeSnapshotWhenIdle(),
        (e) => console.warn(`Sixty-Six: no start-up snapshot (${e.message || e})`));
      if (root.classList.contains("ready")) load();
      else {
        new MutationObserver((_, watch) => {
          if (!root.classList.contains("ready")) return;
          watch.disconnect();
          load();
        }).observe(root, { attributes: true, attributeFilter: ["class"] });
      }
    }
  };

  // The worker could not start (its files missing or broken): js/guard.js tells the player at once.
  const failed = (text) => {
    const { reason } = JSON.parse(text);
    window.sixtysixShared.startFailed(`the game's worker: ${reason}`);
  };

  // performance.getEntriesByName("sixtysix:choose") on the page (make bench, the e2e tests).
  const timing = (text) => {
    const { name, ms } = JSON.parse(text);
    const end = performance.now();
    performance.measure(name, { start: Math.max(0, end - ms), end });
  };

  // How long the worker took to start: from new Worker() to its first line, its
  // files fetched and its modules evaluated (make bench's "worker start"). The
  // worker says when on its own clock; both clocks count from the same epoch.
  const started = (text) => {
    const { at } = JSON.parse(text);
    const end = Math.max(created, at - performance.timeOrigin);
    performance.measure("sixtysix:worker-start", { start: created, end });
  };

  // js/progress.js (deferred) takes what came before it from window.sixtysixDownloads,
  // then the "sixtysix:download" events.
  // Each stamped with when it came (tests: e2e/test_on_demand.py).
  const downloads = (window.sixtysixDownloads = []);
  const download = (text) => {
    const detail = { ...JSON.parse(text), at: performance.now() };
    downloads.push(detail);
    dispatchEvent(new CustomEvent("sixtysix:download", { detail }));
  };

  const boot = () => send(JSON.stringify({
    do: "boot", query: location.search, storage: saved(), langs: [...(navigator.languages || [])],
  }));

  // After the tests' reset, what the stopped table still had in flight is dropped
  // until the worker says it boots afresh (an old write must not land in the
  // storage the reset just cleared; the new table's own writes come after it).
  let resetting = false;
  const receive = ({ data }) => {
    if (!window.sixtysixCore.firstTableAt && data.startsWith(RENDER)) window.sixtysixCore.firstTableAt = performance.now();
    if (resetting) {
      if (data !== BOOTED) return;
      resetting = false;
    }
    if (data.startsWith(STORE)) store(data);
    else if (data.startsWith(MARK)) mark(data);
    else if (data.startsWith(FAILED)) failed(data);
    else if (data.startsWith(TIMING)) timing(data);
    else if (data.startsWith(STARTED)) started(data);
    else if (data.startsWith(DOWNLOAD)) download(data);
    else if (handler) handler(data);
    else queue.push(data);
  };
  const spawn = () => {
    created = performance.now();
    worker = new Worker("./js/core-worker.mjs", { type: "module", name: String(params) });
    worker.onmessage = receive;
    worker.onerror = (event) => {
      // A script of its own that did not load (no message then), or an error nobody caught.
      const why = event.message || "its script did not load";
      console.error(`Sixty-Six: the game's worker failed (${why})`);
      window.sixtysixShared.startFailed(`the game's worker: ${why}`);
    };
    for (const text of early.splice(0)) worker.postMessage(text);
  };
  addEventListener("storage", (event) => {
    if (event.storageArea !== localStorage || !event.key || !event.key.startsWith(PREFIX)) return;
    send(JSON.stringify({ do: "stored", key: event.key, value: event.newValue }));
  });
  boot();
  const { tableKept, afterFirstPaint } = window.sixtysixShared;
  if (tableKept()) afterFirstPaint(spawn);
  else spawn();

  window.sixtysixCore = {
    post: send,
    // Whether the DOM layer (ui/dom/split.py) listens yet.
    listening: false,
    // When the worker's first table came (performance.now()), whether drawn yet or not.
    firstTableAt: 0,
    listen(fn) {
      handler = fn;
      window.sixtysixCore.listening = true;
      while (queue.length) fn(queue.shift());
    },
  };
  const post = window.sixtysixCore.post;

  if (!/(^|[?&])test=1(&|$)/.test(location.search)) return;
  // Tests only (?test=1, e2e/conftest.py), for one booted page to serve many tests:
  // - window.sixtysixReset(query, storage): storage cleared and refilled, the
  //   address replaced, the worker's table built afresh from them, and the DOM
  //   side built afresh by ui/dom/split.py (window.sixtysixRestart: the markup
  //   as before the first start, <html> marked by js/boot.js for the new
  //   address and storage, window.sixtysixMarkRoot); resolves
  //   once <html class="ready"> is back;
  // - window.sixtysixHoldBot = a pending Promise: the computer's answers wait
  //   in the worker until it settles (or is set to null).
  let hold = null;
  const holding = (promise) => {
    hold = promise;
    post(JSON.stringify({ do: "hold_bot", on: Boolean(promise) }));
    if (promise && promise.then) promise.then(() => hold === promise && holding(null));
  };
  Object.defineProperty(window, "sixtysixHoldBot", { get: () => hold, set: holding });
  window.sixtysixReset = (query, storage) => new Promise((resolve, reject) => {
    holding(null);
    for (const area of [localStorage, sessionStorage]) area.clear();
    for (const [key, text] of Object.entries(storage || {})) localStorage.setItem(key, text);
    history.replaceState(null, "", query.startsWith("?") ? query : `?${query}`);
    root.classList.remove("ready");
    resetting = true;
    queue.length = 0;
    boot();
    try {
      window.sixtysixRestart(); // the DOM side, built afresh; it sends "begin"
    } catch (e) {
      reject(new Error(`sixtysixReset failed: ${e.message || e}`));
      return;
    }
    const done = () => root.classList.contains("ready");
    if (done()) return resolve();
    const watch = new MutationObserver(() => done() && (watch.disconnect(), resolve()));
    watch.observe(root, { attributes: true, attributeFilter: ["class"] });
  });
})();
