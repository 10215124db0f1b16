// lazy-frame.js: the rules pages pay for the game only when the reader asks.
//
// Each .game-slot holds the game's iframe without a src (its data-src says
// where the game is) under a still picture of the table with a play button:
//   - on a first visit (no service worker controls the page, so the runtime
//     is not on this device yet) the frame loads only when the button is
//     pressed, and the picture says how much the game downloads (the build
//     writes the first load's bytes into data-game-bytes);
//   - once the game is on the device (a service worker controls the page),
//     the frame also loads by itself when it comes within 400 px of the
//     viewport, since that costs nothing.
// The iframe keeps its size throughout, so nothing on the page moves.
(() => {
  "use strict";
  const controlled = !!(navigator.serviceWorker && navigator.serviceWorker.controller);

  // "4,3": both languages write a decimal comma (no Intl: its first call loads
  // the locale's data, tens of ms of the main thread; js/progress.js too).
  const megabytes = (bytes) => (bytes / 1e6).toFixed(1).replace(".", ",");

  // The game's own options in this page's address go on to the frame
  // (rules/pt.html?seed=7 deals hand 7 there; the tests' fast=1 and worker=0 too).
  const PASSED_ON = ["seed", "level", "fast", "worker"];

  const passedOn = () => {
    const here = new URLSearchParams(location.search);
    let out = "";
    for (const name of PASSED_ON) {
      const value = here.get(name);
      if (value && /^[a-z0-9]{1,12}$/i.test(value)) out += `&${name}=${value}`;
    }
    return out;
  };

  const setUp = (slot) => {
    const frame = slot.querySelector("iframe[data-src]");
    const still = slot.querySelector("[data-game-still]");
    const button = still && still.querySelector("[data-game-play]");
    if (!frame || !button) return;

    const start = () => {
      if (frame.getAttribute("src")) return;
      frame.setAttribute("src", frame.getAttribute("data-src") + passedOn());
      still.hidden = true;
    };
    button.addEventListener("click", () => {
      start();
      frame.focus();
    });
    // "Learn by playing" and the FAQ's "try it" links: the frame opens (or, already
    // open, goes) to the course or to one lesson (#lesson=marriage); the game
    // hears the new address's hash. Without scripts the link opens the game's own page.
    for (const trigger of document.querySelectorAll("[data-game-lesson]")) {
      trigger.addEventListener("click", (event) => {
        event.preventDefault();
        const lesson = trigger.getAttribute("data-game-lesson");
        const hash = lesson && /^[a-z]{1,12}$/.test(lesson) ? `#lesson=${lesson}` : "#lesson";
        frame.setAttribute("src", frame.getAttribute("data-src") + passedOn() + hash);
        still.hidden = true;
        slot.scrollIntoView({ block: "start", behavior: "smooth" });
        frame.focus({ preventScroll: true });
      });
    }

    if (controlled) {
      const watcher = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          watcher.disconnect();
          start();
        }
      }, { rootMargin: "400px 0px" });
      watcher.observe(slot);
      return;
    }
    const size = still.querySelector("[data-game-size]");
    const mb = still.querySelector("[data-game-mb]");
    const bytes = mb ? Number(mb.getAttribute("data-game-bytes")) : 0;
    if (size && bytes > 0) {
      mb.textContent = megabytes(bytes);
      size.hidden = false;
    }
  };

  for (const slot of document.querySelectorAll(".game-slot")) setUp(slot);
})();
