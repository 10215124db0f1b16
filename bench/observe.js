// bench/observe.js: injected by tools/bench.py into every page it opens (Playwright init
// script), before any of the page's own scripts. Collects, in
// window.__bench, times in ms since navigation start (performance.now()):
// - marks: "ready" / "done" (classes on <html>), "sw_ready" (data-sw="ready"),
//   "dcl" (DOMContentLoaded);
// - paints: first-paint, first-contentful-paint; lcp: largest contentful paint;
// - elements: Element Timing of marker elements (the game's <h1> title text
//   and stock card image, the floor's #out line), tagged here as they are
//   parsed, so the pages need no elementtiming attribute of their own;
// - longtasks: [start, duration] of every main-thread task over 50 ms;
// - progress: PyScript's py:progress steps ("Loaded Pyodide"...);
// - moves: [time, value] of every change of <html data-to-move> (the game).
(() => {
  const B = (window.__bench = {marks: {}, paints: {}, elements: {}, lcp: null, longtasks: [], progress: [], moves: []});
  const now = () => performance.now();
  const MARKERS = {"trump-card": "stock", "boot-text": "boot", out: "out"};
  const tag = (el) => {
    if (el.nodeType !== 1) return;
    const name = el.tagName === "H1" ? "title" : MARKERS[el.id];
    if (name) el.setAttribute("elementtiming", name);
  };
  let lastMove = null;
  const check = () => {
    const root = document.documentElement;
    if (!B.marks.ready && root.classList.contains("ready")) B.marks.ready = now();
    if (!B.marks.done && root.classList.contains("done")) B.marks.done = now();
    if (!B.marks.sw_ready && root.dataset.sw === "ready") B.marks.sw_ready = now();
    const move = root.dataset.toMove || null;
    if (move !== lastMove) {
      lastMove = move;
      B.moves.push([now(), move]);
    }
  };
  let watching = false;
  const tree = new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) tag(n);
    if (!watching && document.documentElement) {
      watching = true;
      new MutationObserver(check).observe(document.documentElement,
        {attributes: true, attributeFilter: ["class", "data-sw", "data-to-move"]});
      check();
    }
  });
  tree.observe(document, {childList: true, subtree: true});
  document.addEventListener("DOMContentLoaded", () => {
    tree.disconnect();
    B.marks.dcl = now();
  });
  const observe = (type, fn) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({type, buffered: true});
    } catch (e) {
      B[`no_${type}`] = String(e);
    }
  };
  observe("longtask", (e) => B.longtasks.push([e.startTime, e.duration]));
  observe("paint", (e) => { B.paints[e.name] = e.startTime; });
  observe("element", (e) => {
    if (!(e.identifier in B.elements)) B.elements[e.identifier] = e.renderTime || e.loadTime;
  });
  observe("largest-contentful-paint", (e) => { B.lcp = e.renderTime || e.loadTime || e.startTime; });
  addEventListener("py:progress", (e) => B.progress.push([now(), String(e.detail)]));
})();
