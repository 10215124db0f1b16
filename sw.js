// Sixty-Six offline service worker.
//
// tools/build.py writes dist/sw.js from this file: it fills PRECACHE with
// every file of dist/ (paths relative to this script) and CACHE with a name
// holding a hash of all of them, so each build gets a cache of its own.
//
// - install: precache everything; do NOT skipWaiting, so a new version
//   never swaps code under a hand in progress. It waits until the page
//   sends {type: "skip-waiting"} (sw-register.js, between hands).
// - activate: delete the caches of older builds, take control of open pages.
// - fetch: same-origin GETs are answered from the cache first, ignoring the
//   query string (index.html?lang=it and /?seed=3 are index.html); a folder
//   URL ("/") means its index.html. Misses go to the network. Where the
//   browser has static routes (addRoutes below), files without a query skip
//   this handler and come from the same cache.
// - message {type: "precache-status"}: reply whether every listed file is
//   cached (tests wait for this before going offline).

const CACHE = "__CACHE_NAME__";
const PRECACHE = ["__PRECACHE__"];
const PREFIX = "sixtysix-";

// Static routes (Chromium 123+): the browser itself answers every URL without
// a query from this build's cache, without starting this worker or a round
// trip through its fetch handler; a miss goes to the network. Folder URLs
// are in the cache too (install), and URLs with a query (/?lang=it) still
// come to the handler, which knows their keys.
function addRoutes(event) {
  if (!event.addRoutes) return;
  const base = new URL("./", self.location).pathname;
  // A browser that refuses the route still has the fetch handler: nothing to do then.
  event.addRoutes([
    { condition: { urlPattern: new URLPattern({ pathname: base + "*", search: "" }) }, source: { cacheName: CACHE } },
  ]).catch(() => {});
}

// Each index.html also under its folder's URL ("rules/pt/" as "rules/pt/index.html"),
// copied, not downloaded again, so a static route finds the page a visitor opens.
async function addFolders(cache) {
  for (const path of PRECACHE.filter((p) => p === "index.html" || p.endsWith("/index.html"))) {
    const page = await cache.match(path);
    if (page) await cache.put(path.slice(0, -"index.html".length) || "./", page);
  }
}

self.addEventListener("install", (event) => {
  addRoutes(event);
  // cache: "no-cache" revalidates every file with the server (so a new build
  // never stores a stale copy) but lets an unchanged file come from the HTTP
  // cache as a 304: the first visit does not download the runtime twice.
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "no-cache" }))).then(() => addFolders(cache))
    )
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))
      ))
      .then(() => self.clients.claim())
  );
});

// The cache key for a request: same origin, no query, "/" -> "/index.html".
function cacheKey(url) {
  const key = new URL(url);
  key.search = "";
  key.hash = "";
  if (key.pathname.endsWith("/")) key.pathname += "index.html";
  return key.href;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(cacheKey(request.url)))
      .then((hit) => hit || fetch(request))
  );
});

async function precacheStatus() {
  const cache = await caches.open(CACHE);
  const keys = new Set((await cache.keys()).map((r) => r.url));
  const missing = PRECACHE.filter((p) => !keys.has(new URL(p, self.location).href));
  return { type: "precache-status", cache: CACHE, total: PRECACHE.length, missing: missing.length, complete: missing.length === 0 };
}

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "skip-waiting") {
    self.skipWaiting();
  } else if (type === "precache-status") {
    // Reply on the MessageChannel port if one was sent, else to the sender.
    const reply = (msg) => (event.ports[0] || event.source).postMessage(msg);
    event.waitUntil(precacheStatus().then(reply));
  }
});
