// Registers the offline service worker (sw.js) for a Sixty-Six page.
//
// Include it as a classic script (it finds sw.js beside itself):
//   <script src="./js/sw-register.js" defer></script>
//
// Contract with the page and the tests:
// - Registration waits for <html class="ready"> (the page is live), so the
//   precache never competes with the first load.
// - <html data-sw="...">: "off" (URL has ?nosw=1), "unsupported",
//   "unavailable" (registration refused, e.g. Playwright blocks workers),
//   "failed", "registering", then "ready" once this page is controlled by
//   the worker AND its precache is complete (safe to go offline).
//   "failed" also when the install fails (a precached file did not load):
//   a console warning says so, "sixtysix:offline-failed" is dispatched on
//   document, and the browser tries the install again on the next visit.
// - When another tab applied an update, this tab's code is older than the
//   worker now serving it: <html data-sw-update="outdated"> and the event
//   "sixtysix:outdated" (the page reloads at its next hand boundary).
// - When a new version is installed and waiting, <html data-sw-update="ready">
//   is set and the event "sixtysix:update-ready" is dispatched on document
//   (it bubbles to window). The page may have missed the event while Python
//   was loading, so check the attribute at startup too.
// - window.sixtysixApplyUpdate(): call it between hands. It tells the
//   waiting worker to take over and reloads once it controls the page.
//   Returns false if no update is waiting. If the new worker has not taken
//   over within TAKEOVER_MS, the page stays on its version: the event
//   "sixtysix:update-stalled" (the table plays on), and a later takeover
//   counts as another tab's ("outdated" above).
(() => {
  "use strict";
  const root = document.documentElement;
  const swUrl = new URL("../sw.js", document.currentScript.src);   // sw.js sits at the site root, for its scope
  let registration = null;
  let applying = null;   // the timer that gives up waiting for the new worker
  // A test on a loaded machine may wait longer (window.sixtysixTakeoverMs).
  const TAKEOVER_MS = Number(window.sixtysixTakeoverMs) || 5000;

  window.sixtysixApplyUpdate = () => {
    if (!registration || !registration.waiting) return false;
    if (applying) return true;
    const waiting = registration.waiting;
    applying = setTimeout(() => {
      applying = null;
      console.warn("Sixty-Six: the new version did not take over; this page plays on");
      document.dispatchEvent(new CustomEvent("sixtysix:update-stalled", { bubbles: true }));
    }, TAKEOVER_MS);
    // Chromium swaps workers once the old one is idle, and hurries it only if
    // it is running when the new one asks: one still starting (woken by a
    // request) holds the swap until it idles by itself (30 s; never while
    // DevTools is attached), and asking again changes nothing (Chromium acts on
    // a worker's first skipWaiting() only). An answer from the old worker shows
    // it running (precache-status: every build's worker answers it, the old one
    // included), however long its start takes on a busy device; with no answer
    // by TAKEOVER_MS nothing is asked, and the page plays on.
    askStatus(TAKEOVER_MS).then((status) => {
      if (applying && status !== null) waiting.postMessage({ type: "skip-waiting" });
    });
    return true;
  };

  if (new URLSearchParams(location.search).get("nosw") === "1") {
    root.dataset.sw = "off";
    return;
  }
  if (!("serviceWorker" in navigator)) {
    root.dataset.sw = "unsupported";
    return;
  }
  const container = navigator.serviceWorker;
  root.dataset.sw = "registering";
  // The worker this page's code came with (none on a first visit, until it claims the page).
  let controller = container.controller;

  const fail = (why) => {
    if (root.dataset.sw === "failed") return;
    console.warn(`Sixty-Six: offline play is not ready (${why}); the game still plays online`);
    root.dataset.sw = "failed";
    document.dispatchEvent(new CustomEvent("sixtysix:offline-failed", { bubbles: true }));
  };

  const announceUpdate = () => {
    // Only an update if an older worker controls this page; the very first
    // install is not an update.
    if (!container.controller || root.dataset.swUpdate === "ready") return;
    root.dataset.swUpdate = "ready";
    document.dispatchEvent(new CustomEvent("sixtysix:update-ready", { bubbles: true }));
  };

  // Resolves when worker's install fails (it turns "redundant" before it ever
  // activated), so the page need not wait for a controller that never comes.
  let installFailed = null;
  const failedInstall = new Promise((resolve) => { installFailed = resolve; });
  const watch = (worker) => {
    if (!worker) return;
    let installed = false;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") {
        installed = true;
        announceUpdate();
      } else if (worker.state === "redundant" && !installed) {
        installFailed("a file of the precache did not load");
      }
    });
  };

  // Ask the controlling worker whether every file is cached.
  // (No answer within waitMs counts as "not yet": the caller asks again.)
  const askStatus = (waitMs = 2000) => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    setTimeout(() => resolve(null), waitMs);
    if (container.controller) container.controller.postMessage({ type: "precache-status" }, [channel.port2]);
    else resolve(null);
  });

  const whenControlled = () => container.controller ? Promise.resolve() :
    new Promise((resolve) => container.addEventListener("controllerchange", resolve, { once: true }));

  container.addEventListener("controllerchange", () => {
    // The new worker took over because we asked: load the new build.
    if (applying) {
      clearTimeout(applying);
      location.reload();
    } else if (controller && root.dataset.swUpdate !== "outdated") {
      // Another tab applied an update: this page runs the old code.
      root.dataset.swUpdate = "outdated";
      document.dispatchEvent(new CustomEvent("sixtysix:outdated", { bubbles: true }));
    }
    controller = container.controller;
  });

  // Register once the page is ready (<html class="ready">): an install that
  // precaches while the runtime still downloads would fetch it twice and
  // share a phone's bandwidth with the load the player waits for.
  const whenPageReady = () => new Promise((resolve) => {
    const check = () => root.classList.contains("ready") && (observer.disconnect(), resolve());
    const observer = new MutationObserver(check);
    observer.observe(root, { attributes: true, attributeFilter: ["class"] });
    check();
  });

  whenPageReady().then(() => container.register(swUrl)).then(async (reg) => {
    if (!reg) {
      root.dataset.sw = "unavailable";
      return;
    }
    registration = reg;
    if (!reg.installing && !reg.waiting && !reg.active) {
      fail("the install failed at once");
      return;
    }
    if (reg.waiting) announceUpdate();
    if (reg.installing) watch(reg.installing);
    reg.addEventListener("updatefound", () => watch(reg.installing));
    // Look for a new build whenever the player comes back to the tab.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") reg.update().catch(() => {});
    });
    const failure = await Promise.race([whenControlled().then(() => null), failedInstall]);
    if (failure) {
      fail(failure);
      return;
    }
    for (let tries = 0; tries < 50; tries++) {
      const status = await askStatus();
      if (status && status.complete) {
        root.dataset.sw = "ready";
        return;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    fail("the precache is incomplete");
  }).catch((error) => {
    // A warning, not an error: the game still plays online without a worker.
    fail(`registration failed: ${error}`);
  });
})();
