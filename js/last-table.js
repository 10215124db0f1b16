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
// is drawn before the page's first paint. The card faces in it are drawn
// inline (an <svg> beside each hidden <img>), from the faces' own files read
// while the table was up and kept with it: an image is a document of its
// own, made a task at a time once its bytes come, and its face painted
// 80-100 ms after the rest of the table (docs/performance.md, "The faces
// of a reload drawn inline"). Python's table takes the images back. For make
// bench: the performance mark "sixtysix:restored" when drawn, and the
// Element Timing "restored" when the hand's first card painted.
(() => {
  "use strict";
  const root = document.documentElement;
  const embed = window.sixtysixShared.embedded();
  const GAME = embed ? "sixtysix.game.embed" : "sixtysix.game"; // ui/model/storage.py
  const KEY = window.sixtysixShared.drawnKey(embed);
  // What shows the position; everything else (dialogs, the story, buttons) waits for Python.
  const REGIONS = ["score", "opp-pile", "opp-hand", "stock", "trump-text", "trick", "points", "my-pile", "hand"];
  // Classes of a moment, not of the position (a trick on its way to a pile).
  const PASSING = ["gather-you", "gather-computer"];
  const MAX_CHARS = 120000;
  // The faces drawn inline: the hand's, the trick's and the trump's (ui/dom/elements.py's card_src).
  const FACE_IMGS = "#hand img.card-img, #trick img.card-img, #stock img.card-img";
  const FACE_PATH = /^assets\/cards\/[a-z]+\/[0-9A-Z]+\.svg$/;
  const MAX_FACE_CHARS = 8000;
  // What a face's file holds (tools/make_cards.py); anything else kept is not drawn.
  const FACE_TAGS = new Set(["svg", "defs", "symbol", "g", "path", "rect", "circle", "clipPath", "text", "use"]);
  const FACE_ATTRS = new Set(["xmlns", "viewBox", "width", "height", "id", "class", "href", "clip-path", "x", "y",
    "cx", "cy", "r", "rx", "d", "fill", "stroke", "stroke-width", "transform", "font-family", "font-size",
    "font-weight", "text-anchor", "letter-spacing", "data-four"]);

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
    if (!root.classList.contains("ready")) return;
    if (early && !root.classList.contains("restored")) handOver();
    if (engaged) learnFaces();
  });
  watch.observe(root, { attributes: true });
  watch.observe(document.getElementById("app"), { attributes: true, childList: true, characterData: true, subtree: true });

  // A face's file as markup fit to sit in the page: no <style> (the page's
  // policy refuses it; its one rule, the four-colour deck's, kept as data-four
  // and applied by draw) and its ids made the card's own (two faces share a
  // symbol's name). path -> markup, or null while it is read.
  const faces = new Map();
  let early = false; // inline faces drawn, not yet handed over
  window.sixtysixFaces = faces; // for the tests
  const inlineFace = (path, text) => {
    if (!text.startsWith("<svg") || text.length > MAX_FACE_CHARS) return null;
    const code = path.slice(path.lastIndexOf("/") + 1, -4);
    const four = /:target \.f\{fill:(#[0-9a-fA-F]{3,6})\}/.exec(text);
    let markup = text.replace(/<style>[^<]*<\/style>/g, "");
    for (const [, id] of markup.matchAll(/ id="([\w-]+)"/g)) {
      const own = `face-${code}-${id}`;
      markup = markup.replaceAll(`id="${id}"`, `id="${own}"`).replaceAll(`"#${id}"`, `"#${own}"`)
        .replaceAll(`url(#${id})`, `url(#${own})`);
    }
    return four ? markup.replace("<svg ", `<svg data-four="${four[1]}" `) : markup;
  };
  const pathOf = (img) => (img.getAttribute("src") || "").split("#")[0];
  // Read, once each, the faces the table shows (local files: the service worker's or the HTTP cache's);
  // only once the player has touched the page: a visit that never plays asks for nothing more.
  let engaged = false;
  const learnFaces = () => {
    for (const img of document.querySelectorAll(FACE_IMGS)) {
      const path = pathOf(img);
      if (!FACE_PATH.test(path) || faces.has(path)) continue;
      faces.set(path, null);
      fetch(path)
        .then((response) => (response.ok ? response.text() : ""))
        .then((text) => faces.set(path, inlineFace(path, text)))
        .catch(() => {}); // offline and not cached: the image will do (not asked again on every change)
    }
  };

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
      const shown = {};
      // Copied into a document that loads nothing: a copy made in this page
      // would ask for each of its images again, on the way out of it.
      const inert = document.implementation.createHTMLDocument("");
      for (const id of REGIONS) {
        const el = document.getElementById(id);
        if (!el) continue;
        const copy = inert.importNode(el, true);
        for (const face of copy.querySelectorAll(".early-face")) face.remove();
        for (const img of copy.querySelectorAll(".face-later")) unhide(img);
        // draw() says which card make bench times, each time anew
        for (const timed of copy.querySelectorAll("[elementtiming]")) timed.removeAttribute("elementtiming");
        for (const name of PASSING) copy.classList.remove(name);
        // style="" is a moment's too (the trick's --gather-x/-y), and the page's policy
        // refuses style attributes parsed from markup: drawn again, each would be a violation.
        for (const styled of [copy, ...copy.querySelectorAll("[style]")]) styled.removeAttribute("style");
        regions[id] = copy.outerHTML;
      }
      for (const img of document.querySelectorAll(FACE_IMGS)) {
        const path = pathOf(img);
        if (faces.get(path)) shown[path] = faces.get(path);
      }
      const drawn = JSON.stringify({
        build: root.dataset.build || "", lang: root.lang, seed: seedAsked(), game: fingerprint(game),
        toMove: root.dataset.toMove, regions, faces: shown,
      });
      if (drawn.length <= MAX_CHARS) localStorage.setItem(KEY, drawn);
      else localStorage.removeItem(KEY);
    } catch (e) {
      // storage full or denied: the next visit starts as a first one does
    }
  };
  const engage = () => {
    engaged = true;
    if (root.classList.contains("ready")) learnFaces();
  };
  addEventListener("pointerdown", engage, { capture: true, passive: true });
  addEventListener("keydown", engage, { capture: true, passive: true });
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

  // The kept markup as an <svg> of this page, or null: only a face's elements
  // and attributes, its links inside itself. Both are looked for in the text
  // before it is parsed at all (an <img onerror> or <svg onload> parsed even
  // in a template tries its handler), then in the elements parsed.
  const faceTemplate = document.createElement("template"); // draw() parses the regions in its own
  const parseFace = (markup) => {
    for (const [, tag] of markup.matchAll(/<\/?([^\s/>]*)/g)) if (!FACE_TAGS.has(tag)) return null;
    for (const [, name] of markup.matchAll(/\s([^\s=/>]+)\s*=/g)) if (!FACE_ATTRS.has(name)) return null;
    faceTemplate.innerHTML = markup;
    const svg = faceTemplate.content.firstElementChild;
    if (!svg || faceTemplate.content.childElementCount !== 1 || svg.namespaceURI !== "http://www.w3.org/2000/svg"
      || svg.localName !== "svg") return null;
    for (const el of [svg, ...svg.querySelectorAll("*")]) {
      if (!FACE_TAGS.has(el.localName)) return null;
      for (const { name, value } of el.attributes) {
        if (!FACE_ATTRS.has(name)) return null;
        if ((name === "href" && !value.startsWith("#")) || (value.includes("url(") && !value.startsWith("url(#"))) return null;
      }
    }
    return document.importNode(svg, true);
  };

  // An inline face after each face image of copy whose markup was kept. The
  // image waits hidden and unloaded (.face-later, its address kept aside): a
  // reload's busy main thread would make its document too, for nothing.
  const drawFaces = (copy, kept) => {
    for (const img of copy.querySelectorAll("img.card-img")) {
      const src = img.getAttribute("src") || "";
      const [path, fragment] = src.split("#");
      const markup = kept && typeof kept[path] === "string" ? kept[path] : null;
      if (!markup) continue;
      const face = parseFace(markup);
      if (!face) continue;
      faces.set(path, markup); // not read again for the next reload
      engaged = true; // the player was here before
      const four = face.getAttribute("data-four");
      if (fragment === "four" && four) {
        for (const part of face.querySelectorAll(".f")) part.setAttribute("fill", four);
        for (const part of face.querySelectorAll(".t")) part.setAttribute("stroke", four);
      }
      face.setAttribute("class", `${img.getAttribute("class") || ""} early-face`);
      const name = img.getAttribute("alt");
      if (name) {
        face.setAttribute("role", "img");
        face.setAttribute("aria-label", name);
      } else face.setAttribute("aria-hidden", "true"); // as its image is: the trump, named by the stock
      face.dataset.src = src;
      img.classList.add("face-later");
      img.dataset.laterSrc = src;
      img.removeAttribute("src");
      img.after(face);
      early = true;
    }
  };

  // An image drawn inline, as it was: its address back, then shown.
  const restoreSrc = (img) => {
    if (!img.hasAttribute("src") && img.dataset.laterSrc) img.setAttribute("src", img.dataset.laterSrc);
    delete img.dataset.laterSrc;
  };
  const unhide = (img) => {
    restoreSrc(img);
    img.classList.remove("face-later");
  };

  // Python's table is up: each inline face gives way to its image once the
  // image can paint (at once if Python drew another card there, or none).
  const handOver = () => {
    early = false;
    for (const face of document.querySelectorAll(".early-face")) {
      const img = face.previousElementSibling;
      if (!img || !img.classList.contains("face-later")) {
        face.remove();
        continue;
      }
      const same = !img.hasAttribute("src") || img.getAttribute("src") === face.dataset.src;
      restoreSrc(img);
      const swap = () => {
        img.classList.remove("face-later");
        face.remove();
      };
      if (same) img.decode().then(swap, swap);
      else swap();
    }
  };

  const draw = (drawn) => {
    const template = document.createElement("template");
    const kept = drawn.faces && typeof drawn.faces === "object" ? drawn.faces : null;
    for (const id of REGIONS) {
      const el = document.getElementById(id);
      const html = drawn.regions[id];
      if (!el || typeof html !== "string") continue;
      template.innerHTML = html;
      const copy = template.content.firstElementChild;
      if (!copy || copy.id !== id || copy.tagName !== el.tagName) continue;
      drawFaces(copy, kept);
      // when the hand's first card painted (make bench): an inline face's first text, or the image
      const card = id === "hand" && (copy.querySelector(".card .early-face text") || copy.querySelector(".card img"));
      if (card) card.setAttribute("elementtiming", "restored");
      el.replaceWith(copy);
    }
    root.classList.add("restored");
    if (drawn.toMove === "you") document.getElementById("hand").addEventListener("click", hold);
    performance.mark("sixtysix:restored");
  };
  const drawn = kept();
  if (drawn) draw(drawn);
})();
