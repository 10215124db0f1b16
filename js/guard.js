// Guards for index.html that must work before, and without, Python.
//
// - Frame guard: a host that sends no Content-Security-Policy header lets any
//   site frame the game (and trick a visitor into clicking it). Framed by an
//   origin that is neither ours nor the plain http(s) origin given as
//   ?parent_origin=, the page shows a notice with a link to open the game in
//   its own tab, and the table never starts (<html class="frame-blocked">,
//   data-frame="blocked"; ui/dom/split.py checks the class). Deployers should still
//   send `frame-ancestors` (README, "Deploying").
// - Boot watchdog: if Python is not ready (no <html class="ready">) within a
//   generous time, the boot line says so in the page's language, with what
//   to try (<html data-boot="stuck">). At once, before ready, when the start
//   has failed: the game's own files could not be fetched or loaded
//   ("sixtysix:boot-failed", from js/pyodide-loader.mjs, js/core-link.js,
//   js/boot.js and ui/dom/main.py), PyScript shows its error banner (a file
//   of its [files] or config it could not fetch), or an error nobody caught
//   (MicroPython's wasm that did not load, a fetch PyScript gave up on).
// - Where IndexedDB is refused (PyScript's boot would wait on it for ever),
//   an in-memory stand-in takes its place, so the game starts anyway.
// Texts are the page's own (js/shared.js bootWords: the build writes them in,
// so a locale file that does not load cannot silence a failure), in <html
// lang> as js/boot.js set it; js/shared.js also owns the parent_origin check.
(() => {
  "use strict";
  const root = document.documentElement;
  const params = new URLSearchParams(location.search);
  const { plainOrigin, bootWords, startFailure } = window.sixtysixShared;
  // Long enough for a first visit on a slow phone network (about 75 s measured
  // at Slow 4G, docs/performance.md); tests set window.sixtysixBootTimeoutMs.
  const BOOT_TIMEOUT_MS = Number(window.sixtysixBootTimeoutMs) || 120000;

  const whenBody = (fn) => {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn, { once: true });
    else fn();
  };

  // The origins of every page around this one, nearest first; null for one we
  // cannot tell (so it is not trusted).
  const ancestors = () => {
    if (location.ancestorOrigins) return Array.from(location.ancestorOrigins);
    const found = [];
    for (let w = window; w !== w.parent; w = w.parent) {
      try {
        found.push(w.parent.location.origin);
      } catch (e) { // cross-origin: only the nearest one shows, in the referrer
        let origin = null;
        try {
          if (w === window && document.referrer) origin = new URL(document.referrer).origin;
        } catch (e2) { /* no referrer origin */ }
        found.push(origin);
        break;
      }
    }
    return found;
  };

  // PyScript opens IndexedDB while it boots (a cache for packages, which this
  // game does not use) and waits for ever where that is refused: privacy
  // settings, a cross-site frame with third-party storage blocked. Then it
  // gets a stand-in that keeps nothing in memory, and the game starts all the same.
  const memoryIndexedDB = () => {
    const databases = new Map();
    const later = (result) => {
      const request = {};
      setTimeout(() => request.onsuccess && request.onsuccess({ target: { result } }), 0);
      return request;
    };
    return {
      open(name) {
        if (!databases.has(name)) databases.set(name, new Map());
        const data = databases.get(name);
        const store = {
          count: () => later(data.size),
          clear: () => later(data.clear()),
          delete: (key) => later(data.delete(key)),
          get: (key) => later(data.get(key)),
          getKey: (key) => later(data.has(key) ? key : undefined),
          getAllKeys: () => later([...data.keys()]),
          put: (value, key) => later((data.set(key, value), key)),
        };
        const db = {
          objectStoreNames: { length: 1, contains: () => true },
          createObjectStore: () => store,
          transaction: () => ({ objectStore: () => store }),
          close() {},
        };
        return later(db);
      },
    };
  };
  // Every open goes through here: where the real one fails, the caller gets the
  // stand-in's database instead of the error. (Asking first would not do: the
  // answer may come after PyScript has already asked.)
  const memory = memoryIndexedDB();
  const real = window.indexedDB;
  const openOrStandIn = (name, version) => {
    const request = {};
    const standIn = (why) => {
      console.warn(`Sixty-Six: IndexedDB is refused (${why}); starting without it`);
      const fallback = memory.open(name);
      fallback.onsuccess = (event) => request.onsuccess && request.onsuccess(event);
    };
    let opened;
    try {
      opened = version === undefined ? real.open(name) : real.open(name, version);
    } catch (e) {
      standIn(e && e.name);
      return request;
    }
    const forward = (type) => (event) => {
      request.result = opened.result;
      request.transaction = opened.transaction;
      if (request[type]) request[type]({ target: request, type });
    };
    opened.onupgradeneeded = forward("onupgradeneeded");
    opened.onsuccess = forward("onsuccess");
    opened.onblocked = forward("onblocked");
    opened.onerror = (event) => {
      event.preventDefault();
      standIn(opened.error && opened.error.name);
    };
    return request;
  };
  try {
    if (!real) throw new Error("Sixty-Six: no IndexedDB");
    const factory = { open: openOrStandIn, deleteDatabase: (n) => real.deleteDatabase(n), cmp: (a, b) => real.cmp(a, b) };
    Object.defineProperty(window, "indexedDB", { value: factory, configurable: true });
  } catch (e) {
    try {
      Object.defineProperty(window, "indexedDB", { value: memory, configurable: true });
    } catch (e2) { // the watchdog below will speak if the boot hangs on it
      console.warn("Sixty-Six: IndexedDB is missing and cannot be replaced");
    }
  }

  if (window.parent !== window) {
    const allowed = [location.origin, plainOrigin(params.get("parent_origin"))].filter(Boolean);
    const strangers = ancestors().filter((origin) => !allowed.includes(origin));
    if (strangers.length) {
      root.classList.add("frame-blocked");
      root.dataset.frame = "blocked";
      console.warn(`Sixty-Six: framed by ${strangers[0]}, which is not allowed; showing a link instead`);
      // Python is not even started: the page's py script is disarmed as the parser adds it.
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (node.tagName === "SCRIPT" && node.getAttribute("type") === "py") node.setAttribute("type", "text/plain");
          }
        }
      }).observe(root, { childList: true, subtree: true });
      const own = new URL(location.href);
      for (const name of ["embed", "parent_origin"]) own.searchParams.delete(name);
      whenBody(() => {
        const texts = bootWords(root.lang);
        const box = document.getElementById("boot");
        if (!box) return;
        const text = document.createElement("p");
        text.id = "frame-text";
        text.textContent = texts["frame.blocked"] || "";
        const link = document.createElement("a");
        link.href = own.href;
        link.target = "_blank";
        link.rel = "noopener";
        link.textContent = texts["frame.open"] || own.href;
        box.replaceChildren(text, link);
      });
      return; // the game does not start here, so it needs no watchdog
    }
  }

  // The words: "boot.stuck" (taking too long) from the watchdog, "boot.failed"
  // (it could not start; ui/dom/split.py says the same) for a start that failed.
  let stuck = false;
  const showStuck = (why, key = "boot.stuck") => {
    if (stuck || root.classList.contains("ready")) return;
    stuck = true;
    root.dataset.boot = "stuck";
    console.warn(`Sixty-Six: the game has not started (${why})`);
    whenBody(() => {
      const line = document.getElementById("boot-text");
      const said = bootWords(root.lang)[key];
      if (!line || root.classList.contains("ready") || !said) return;
      root.classList.add("boot-stuck");
      line.dataset.i18n = key;
      line.textContent = said;
    });
  };
  const timer = setTimeout(() => showStuck(`not ready after ${BOOT_TIMEOUT_MS / 1000} s`), BOOT_TIMEOUT_MS);
  // A start that failed: no need to wait. Every listener goes once the page is
  // ready; from then on its errors are the page's to handle.
  const sayFailed = (why) => showStuck(why, "boot.failed");
  const failed = ({ detail }) => sayFailed(String(detail));
  const uncaught = (event) => sayFailed(`uncaught: ${event.message || event.reason}`);
  const banners = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.classList && node.classList.contains("py-error")) sayFailed(`PyScript: ${node.textContent}`);
      }
    }
  });
  addEventListener("sixtysix:boot-failed", failed);
  if (startFailure() !== null) sayFailed(startFailure()); // a failure before this script ran
  addEventListener("error", uncaught);
  addEventListener("unhandledrejection", uncaught);
  whenBody(() => root.classList.contains("ready") || banners.observe(document.body, { childList: true }));
  new MutationObserver((_, observer) => {
    if (!root.classList.contains("ready")) return;
    clearTimeout(timer);
    observer.disconnect();
    banners.disconnect();
    removeEventListener("sixtysix:boot-failed", failed);
    removeEventListener("error", uncaught);
    removeEventListener("unhandledrejection", uncaught);
  }).observe(root, { attributes: true, attributeFilter: ["class"] });

})();
