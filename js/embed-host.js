// embed-host.js: sizes embedded Sixty-Six frames to the height the game reports.
//
// Mark each frame with data-sixtysix-embed:
//
//     <iframe data-sixtysix-embed src="../index.html?embed=1&lang=pt" title="..."></iframe>
//
// The game (embed.js, loaded by index.html) posts
//
//     {type: "sixtysix:height", height: <number of CSS pixels>}
//
// A message changes a frame only if all of these hold:
//   - event.source is that frame's contentWindow (not another frame, not this page);
//   - event.origin equals the origin of the frame's src;
//   - event.data is an object whose type is "sixtysix:height" and whose height
//     is a finite number (clamped to MIN_HEIGHT..MAX_HEIGHT).
// Anything else is ignored without a word. Nothing is ever sent to the frame.
//
// Frames are looked up when a message arrives, so frames added later work too.
// The script needs no DOM when it runs: load it in <head>, so its listener is
// in place before any frame can report. It stands alone (no js/shared.js):
// other sites may copy it onto their pages.
(() => {
  "use strict";
  const MESSAGE_TYPE = "sixtysix:height";
  const MIN_HEIGHT = 200;
  const MAX_HEIGHT = 4000;

  // The origin a frame's document must have, or null when it has none we trust.
  const expectedOrigin = (frame) => {
    const src = frame.getAttribute("src");
    if (!src) return null;
    let url;
    try {
      url = new URL(src, document.baseURI);
    } catch (e) {
      return null;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.origin;
  };

  // The height to apply, or null if data is not a valid height message.
  const heightFrom = (data) => {
    if (!data || typeof data !== "object" || data.type !== MESSAGE_TYPE) return null;
    const height = data.height;
    if (typeof height !== "number" || !Number.isFinite(height)) return null;
    return Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, height)));
  };

  addEventListener("message", (event) => {
    if (!event.source) return;
    const frame = [...document.querySelectorAll("iframe[data-sixtysix-embed]")]
      .find((candidate) => candidate.contentWindow === event.source);
    if (!frame) return;
    const origin = expectedOrigin(frame);
    if (!origin || event.origin !== origin) return;
    const height = heightFrom(event.data);
    if (height === null) return;
    frame.style.height = `${height}px`;
    frame.setAttribute("data-sixtysix-height", String(height));
  });
})();
