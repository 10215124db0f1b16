// The table as the player left it, drawn at once when the page opens again.
//
// Python takes seconds to start on a phone; until it does, a revisit shows
// the position the player left (dimmed: <html class="restored">) instead of
// an empty felt, and one tap on a card is held for Python to play once it is
// up (window.sixtysixHeld, taken by ui/dom/page.py; a second tap on the same
// card lets go). Python then draws the same table over it from the saved
// match, reusing these very elements.
//
// Kept when the page is hidden (pagehide, or hidden on a phone that may never
// fire pagehide): the table's regions as drawn, but only while they show the
// saved match mid-hand (<html data-resumable="1">, ui/dom/render.py). Drawn
// only if nothing has changed since: the same build (<html data-build>,
// tools/build.py), the same language, no other deal asked for (?seed= or a
// #link), and the saved match the very text it was (another tab may have
// played on). Anything else: the page starts as a first visit does.
//
// A classic script right after the table's markup, not deferred: the table
// is drawn before the page's first paint. For make bench: the performance
// mark "sixtysix:restored" when drawn, and the Element Timing "restored"
// when the hand's first card painted.
(() => {
  "use strict";
  const root = document.documentElement;
  const embed = new URLSearchParams(location.search).get("embed") === "1";
  const GAME = embed ? "sixtysix.game.embed" : "sixtysix.game"; // ui/model/storage.py
  const KEY = embed ? "sixtysix.drawn.embed" : "sixtysix.drawn";
  // What shows the position; everything else (dialogs, the story, buttons) waits for Python.
  const REGIONS = ["score", "opp-pile", "opp-hand", "stock", "trump-text", "trick", "points", "my-pile", "hand"];
  // Classes of a moment, not of the position (a trick on its way to a pile).
  const PASSING = ["gather-you", "gather-computer"];
  const MAX_CHARS = 60000;

  // A short fingerprint of the saved match's text (FNV-1a, 32 bits, and its length).
  const fingerprint = (text) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return `${text.length}:${h.toString(16)}`;
  };

  const seedAsked = () => new URLSearchParams(location.search).get("seed");

  // Whether the table changed since it was last kept: a reload fires visibilitychange
  // (hidden) and then pagehide in the same task, and the second keep would redo the
  // first on the way out, where every millisecond delays the next page. Watched: what
  // keep() reads, <html>'s attributes and the table (#app), not the dialogs beside it.
  let changed = true;
  const watch = new MutationObserver(() => {
    changed = true;
  });
  watch.observe(root, { attributes: true });
  watch.observe(document.getElementById("app"), { attributes: true, childList: true, characterData: true, subtree: true });

  const keep = () => {
    if (!changed) return;
    changed = false;
    try {
      if (!root.classList.contains("ready")) return; // Python never drew: what was kept still stands
      const game = localStorage.getItem(GAME);
      if (root.dataset.resumable !== "1" || !game) {
        localStorage.removeItem(KEY);
        return;
      }
      const regions = {};
      for (const id of REGIONS) {
        const el = document.getElementById(id);
        if (!el) continue;
        const copy = el.cloneNode(true);
        for (const name of PASSING) copy.classList.remove(name);
        // style="" is a moment's too (the trick's --gather-x/-y), and the page's policy
        // refuses style attributes parsed from markup: drawn again, each would be a violation.
        for (const styled of [copy, ...copy.querySelectorAll("[style]")]) styled.removeAttribute("style");
        regions[id] = copy.outerHTML;
      }
      const drawn = JSON.stringify({
        build: root.dataset.build || "", lang: root.lang, seed: seedAsked(), game: fingerprint(game),
        toMove: root.dataset.toMove, regions,
      });
      if (drawn.length <= MAX_CHARS) localStorage.setItem(KEY, drawn);
      else localStorage.removeItem(KEY);
    } catch (e) {
      // storage full or denied: the next visit starts as a first one does
    }
  };
  addEventListener("pagehide", keep);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") keep();
  });

  window.sixtysixHeld = null;

  const kept = () => {
    try {
      const text = localStorage.getItem(KEY) || "null";
      if (text.length > MAX_CHARS) return null; // never kept so long: not ours to parse
      const drawn = JSON.parse(text);
      const game = localStorage.getItem(GAME);
      const asked = seedAsked();
      const fits = drawn && typeof drawn === "object" && drawn.regions && typeof drawn.regions === "object"
        && game && drawn.game === fingerprint(game)
        && drawn.build === (root.dataset.build || "") && drawn.lang === root.lang
        && (asked === null || asked === drawn.seed) && !location.hash;
      return fits ? drawn : null;
    } catch (e) {
      return null;
    }
  };

  const hold = (event) => {
    if (root.classList.contains("ready")) return; // Python's own listener plays it
    const button = event.target.closest("#hand button.card");
    if (!button) return;
    const code = button.dataset.code;
    for (const b of document.querySelectorAll("#hand button.card.held")) b.classList.remove("held");
    window.sixtysixHeld = window.sixtysixHeld === code ? null : code;
    if (window.sixtysixHeld) button.classList.add("held");
  };

  const draw = (drawn) => {
    const template = document.createElement("template");
    for (const id of REGIONS) {
      const el = document.getElementById(id);
      const html = drawn.regions[id];
      if (!el || typeof html !== "string") continue;
      template.innerHTML = html;
      const copy = template.content.firstElementChild;
      if (!copy || copy.id !== id || copy.tagName !== el.tagName) continue;
      const card = id === "hand" && copy.querySelector("img");
      if (card) card.setAttribute("elementtiming", "restored"); // when it painted (make bench)
      el.replaceWith(copy);
    }
    root.classList.add("restored");
    if (drawn.toMove === "you") document.getElementById("hand").addEventListener("click", hold);
    performance.mark("sixtysix:restored");
  };
  const drawn = kept();
  if (drawn) draw(drawn);
})();
