// What the game page's scripts share, as window.sixtysixShared:
//
// - plainOrigin(raw): the check of the ?parent_origin= parameter, for
//   js/guard.js (which framing page may show the game) and js/embed.js (where
//   to post the height). One check, so the two can never disagree.
// - loadTexts(lang): locales/<lang>.json, fetched once per page and language,
//   for js/boot.js (the shell's words).
// - bootWords(lang): the boot line's and js/guard.js's texts of a language,
//   written into the page by the build (its "boot-words" block): the byte bar
//   and a failure's words never wait for a locale file, which may be the one
//   that does not come. {} for a language or a page without them.
// - LANGS: the languages there are texts for; THEMES: the colours one may
//   choose (ui/model/settings.py THEMES).
// - embedded(): whether this is the game embedded in a rules page (?embed=1).
// - drawnKey(embed), tableKept(): where js/last-table.js keeps the table
//   left (the embedded game keeps its own), and whether this page found one.
// - afterFirstPaint(fn): fn once the page's first frame is on screen. On a
//   revisit that draws the table left, js/boot.js (the DOM layer's runtime)
//   and js/core-link.js (the game's worker) start only then: on two cores
//   their start took the CPU that frame's raster needed (docs/performance.md,
//   "The runtime's start after a kept table's paint").
// - startFailed(why): the game cannot start (a file of its own that did not
//   load): "sixtysix:boot-failed" on window, and the first reason kept
//   (startFailure()) for js/guard.js, a deferred script that may listen only
//   after a failure as early as the worker's own script.
//
// A classic script, loaded without defer just before js/boot.js: boot.js
// must run before the first paint (it sets <html lang>), so it cannot wait
// for a module, and a classic script can use only what is on window. It
// defines and does nothing else. tests/js/shared.test.mjs runs it in Node.
(() => {
  "use strict";
  const LANGS = Object.freeze(["pt", "it"]);
  const THEMES = Object.freeze(["auto", "light", "dark"]);

  // scheme://host[:port] and at most a "/" after it. Anything the URL parser
  // would repair or drop is refused before it parses: no credentials (@),
  // path, query or fragment, no white space or backslash ("https://a\b"),
  // no percent-escapes in the host, no missing "//" ("https:a.com").
  const ORIGIN_SHAPE = /^https?:\/\/(?:\[[0-9a-f:.]+\]|[^\/?#@%\s\\:[\]]+)(?::\d{1,5})?\/?$/i;

  // raw as a canonical origin (as location.origin writes it) if it is exactly an
  // http(s) origin, else null. After the shape, the parser has the last word
  // (a port over 65535, a bad IPv4 or IPv6 address) and canonicalizes:
  // lowercase, the default port dropped, so the result compares equal to
  // location.origin and to location.ancestorOrigins' entries.
  const plainOrigin = (raw) => {
    if (typeof raw !== "string" || !ORIGIN_SHAPE.test(raw)) return null;
    try {
      return new URL(raw).origin;
    } catch (e) {
      return null;
    }
  };

  // lang -> promise of its texts (an object), or of null when they could not
  // be had. A failed load is forgotten, so asking again tries again.
  const loads = new Map();
  const loadTexts = (lang) => {
    if (!LANGS.includes(lang)) return Promise.resolve(null);
    if (!loads.has(lang)) {
      const loading = fetch(`locales/${lang}.json`)
        .then((r) => (r.ok ? r.json() : null))
        .catch(() => null);
      loads.set(lang, loading);
      loading.then((texts) => {
        if (!texts) loads.delete(lang);
      });
    }
    return loads.get(lang);
  };

  let words = null;
  const bootWords = (lang) => {
    if (words === null) {
      try {
        words = JSON.parse(document.getElementById("boot-words").textContent);
      } catch (e) {
        words = {}; // no block (another page) or a broken one
      }
      if (!words || typeof words !== "object") words = {};
    }
    const said = Object.prototype.hasOwnProperty.call(words, lang) ? words[lang] : null;
    return said && typeof said === "object" ? said : {};
  };

  const embedded = () => new URLSearchParams(location.search).get("embed") === "1";
  const drawnKey = (embed) => (embed ? "sixtysix.drawn.embed" : "sixtysix.drawn");
  // Read once, as the page opens (js/boot.js and js/core-link.js both ask).
  let kept = null;
  const tableKept = () => {
    if (kept === null) {
      try {
        kept = localStorage.getItem(drawnKey(embedded())) !== null;
      } catch (e) {
        kept = false; // storage denied: nothing was kept
      }
    }
    return kept;
  };

  // Paint timing entries carry the frame's presentation time, and come only once
  // it is known. A hidden page never paints: fn runs at once there. And at the
  // latest after FIRST_PAINT_WAIT_MS, whatever the browser reports.
  const FIRST_PAINT_WAIT_MS = 500;
  const afterFirstPaint = (fn) => {
    let done = false;
    const run = () => {
      if (!done) {
        done = true;
        fn();
      }
    };
    const types = (typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes) || [];
    if (document.visibilityState !== "visible" || !types.includes("paint")) return run();
    const watch = new PerformanceObserver(() => {
      watch.disconnect();
      run();
    });
    watch.observe({ type: "paint", buffered: true });
    setTimeout(() => {
      watch.disconnect();
      run();
    }, FIRST_PAINT_WAIT_MS);
  };

  let failure = null;
  const startFailed = (why) => {
    if (failure === null) failure = String(why);
    dispatchEvent(new CustomEvent("sixtysix:boot-failed", { detail: String(why) }));
  };
  const startFailure = () => failure;

  window.sixtysixShared = Object.freeze({
    LANGS, THEMES, plainOrigin, loadTexts, bootWords, embedded, drawnKey, tableKept, afterFirstPaint, startFailed,
    startFailure,
  });
})();
