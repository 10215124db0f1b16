// embed.js: lets a page that frames the game size the frame to its content.
//
// Loaded by the game page (index.html) with <script src="./js/embed.js" defer>,
// after js/shared.js. It does nothing unless both hold:
//   - the page is inside a frame (window.parent !== window), and
//   - the URL has embed=1 (index.html?embed=1&lang=pt).
//
// Then it watches the height of the document and, whenever it changes,
// posts exactly one kind of message to the parent:
//
//     {type: "sixtysix:height", height: <integer, CSS pixels>}
//
// always with an explicit target origin, never "*":
//   - the parent_origin URL parameter, when it is a plain http(s) origin
//     (scheme://host[:port], nothing after it: js/shared.js checks it, the
//     same check js/guard.js makes), for third-party hosts;
//   - otherwise this page's own origin, so only a same-origin host (our
//     rules pages) can receive it.
//
// Where the browser exposes the parent's origin (location.ancestorOrigins)
// and it is not the target, nothing is posted (a console warning says why).
//
// It never listens to incoming messages: the host cannot drive the game.
// In embed mode it marks <html> with the class "embedded", so the game's CSS
// can drop any full-viewport sizing (a root as tall as the frame can only
// grow the frame).
// The host side of the protocol is js/embed-host.js.
(() => {
  "use strict";
  const MESSAGE_TYPE = "sixtysix:height";

  const params = new URLSearchParams(location.search);
  if (!window.sixtysixShared.embedded()) return;
  if (window.parent === window) return; // opened on its own: nothing to tell

  // The origin to post to, or null when there is none we may use.
  const targetOrigin = () => {
    const raw = params.get("parent_origin");
    if (raw) {
      const checked = window.sixtysixShared.plainOrigin(raw);
      if (checked) return checked;
      console.warn(`embed.js: ignoring parent_origin, not an http(s) origin: ${raw}`);
    }
    const own = location.origin;
    return own && own !== "null" ? own : null; // file:// pages have no usable origin
  };

  const root = document.documentElement;
  root.classList.add("embedded");

  const target = targetOrigin();
  if (!target) return;

  // Where the browser tells us the parent's origin (Chromium, Safari), post
  // nothing to a parent that could not receive it: the browser would drop the
  // message and log an error on every resize.
  const ancestors = location.ancestorOrigins;
  if (ancestors && ancestors.length && ancestors[0] !== "null" && ancestors[0] !== target) {
    console.warn(
      `embed.js: the framing page is ${ancestors[0]}, not ${target}; ` +
        `pass parent_origin=${ancestors[0]} to report the height to it`
    );
    return;
  }

  // Height of the content in CSS pixels, independent of the frame's height when possible.
  const measure = () => {
    let height = root.getBoundingClientRect().height;
    // Content overflowing the root (html/body at height: 100%) only shows in scrollHeight,
    // which never drops below the frame's height, so use it only when it is larger.
    if (root.scrollHeight > root.clientHeight) height = Math.max(height, root.scrollHeight);
    const body = document.body;
    if (body) {
      const style = getComputedStyle(body);
      const bottom = body.getBoundingClientRect().bottom + scrollY;
      height = Math.max(height, bottom + (parseFloat(style.marginBottom) || 0));
    }
    return Math.ceil(height);
  };

  let lastSent = -1;
  let lastExcess = null;
  let lastTime = 0;
  let growthStreak = 0;

  const send = () => {
    const height = measure();
    if (!(height > 0) || height === lastSent) return;
    // Guard against a feedback loop: content that is always a fixed amount
    // taller than the frame (say min-height: 100vh plus a margin) would grow
    // the frame forever. Growth by the same excess, again and again within
    // moments, is that loop; stop growing then (shrinking stays allowed).
    const now = Date.now();
    const excess = height - innerHeight;
    if (excess > 0 && excess === lastExcess && now - lastTime < 500) growthStreak += 1;
    else growthStreak = 0;
    lastExcess = excess;
    if (growthStreak >= 3 && height > lastSent) return;
    lastSent = height;
    lastTime = now;
    window.parent.postMessage({ type: MESSAGE_TYPE, height }, target);
  };

  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    setTimeout(() => {
      pending = false;
      send();
    }, 16);
  };

  const watch = () => {
    const sizes = new ResizeObserver(schedule);
    sizes.observe(root);
    sizes.observe(document.body);
    // Overflowing content that resizes neither html nor body still mutates the DOM.
    new MutationObserver(schedule).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
    addEventListener("load", schedule);
    addEventListener("resize", schedule);
    schedule();
  };

  if (document.body) watch();
  else document.addEventListener("DOMContentLoaded", watch, { once: true });
})();
