// Boot glue for index.html: runs before Python is ready, and nothing else.
//
// - Picks the language the same way ui/model/i18n.py does (?lang=, the saved
//   setting, the browser's languages, else Portuguese), sets <html lang>,
//   and fills every [data-i18n] text from locales/<lang>.json so the table
//   shell reads right at once, and says which language it put in (<html
//   data-texts>), so Python does not do it again at its start. The
//   build has already written Portuguese in; for Italian those texts stay
//   unseen (<html class="relabel">) until the Italian ones are in.
// - Turns PyScript's `py:progress` events into the boot line's texts.
// - Marks ?embed=1 with the class "embed" on <html> before the first paint,
//   and the saved colours (data-theme="light|dark"), so a dark choice never
//   flashes light.
// - Until Python is ready, opens the rules dialog and switches the language
//   itself (the wait can be spent reading the rules); a switch is kept in the
//   URL (?lang=) and tells the game's worker (js/core-link.js); "sixtysix:boot-texts"
//   says a language's texts are in (js/progress.js rewords its line). The
//   texts come through js/shared.js; a locale file that cannot load leaves
//   the build's words seen rather than none. The boot line's own words are
//   the page's (js/shared.js bootWords).
// - Starts the runtime (the <script id="runtime-start"> list) only after the
//   window's load event and a painted frame: on a phone network the runtime's
//   3.7 MB would otherwise compete with the shell's few kilobytes, and the
//   table would paint later. When js/last-table.js draws the table left, only
//   once that frame is on screen (js/shared.js afterFirstPaint). Its big
//   preloads only when the service worker does not serve the page. A runtime
//   script that cannot load is reported ("sixtysix:boot-failed", js/guard.js).
// Everything else (the table, the rules of play) lives in ui/*.py.
(() => {
  "use strict";
  const root = document.documentElement;
  const { LANGS, THEMES, loadTexts, bootWords, embedded, tableKept, afterFirstPaint } = window.sixtysixShared;

  // The saved settings (ui/model/settings.py), or {} when none can be read.
  const readSettings = () => {
    try {
      const data = JSON.parse(localStorage.getItem("sixtysix.settings") || "null");
      return data && typeof data === "object" ? data : {};
    } catch (e) {
      return {};
    }
  };

  const pick = (settings) => {
    const asked = new URLSearchParams(location.search).get("lang");
    const candidates = [asked, settings.lang, ...(navigator.languages || [navigator.language])];
    for (const c of candidates) {
      const base = String(c || "").trim().toLowerCase().replace("_", "-").split("-")[0];
      if (LANGS.includes(base)) return base;
    }
    return "pt";
  };

  // <html> marked for the address and the saved settings; returns the language.
  const markRoot = () => {
    const settings = readSettings();
    const lang = pick(settings);
    // The build wrote the page's own language into the shell (tools/build.py):
    // another language's texts stay unseen until fill() has put them in.
    if (lang !== root.lang) root.classList.add("relabel");
    root.lang = lang;
    root.classList.toggle("embed", embedded());
    // The colours chosen (ui/table.css, "themes"): no light flash before Python applies them.
    if (THEMES.includes(settings.theme)) root.dataset.theme = settings.theme;
    return lang;
  };
  const lang = markRoot();
  // Tests only: the tests' reset (js/core-link.js, ui/dom/split.py) marks <html>
  // for its new address and storage as this load did for its own.
  if (/(^|[?&])test=1(&|$)/.test(location.search)) window.sixtysixMarkRoot = markRoot; // as js/core-link.js asks

  let texts = null;
  let textsLang = null;
  const fill = () => {
    if (!texts || root.classList.contains("ready")) return; // Python has taken over
    // Only what differs: in the build's own language the shell is already written.
    for (const el of document.querySelectorAll("[data-i18n]")) {
      const text = texts[el.dataset.i18n];
      if (text !== undefined && el.textContent !== text) el.textContent = text;
    }
    for (const el of document.querySelectorAll("[data-i18n-label]")) {
      const text = texts[el.dataset.i18nLabel];
      if (text !== undefined && el.getAttribute("aria-label") !== text) el.setAttribute("aria-label", text);
    }
    for (const el of document.querySelectorAll("button.lang[data-lang]")) {
      el.setAttribute("aria-pressed", String(el.dataset.lang === root.lang));
    }
    root.classList.remove("relabel");
    root.dataset.texts = textsLang; // the DOM layer need not put them in again (ui/dom/page.py)
  };
  const load = (wanted) => loadTexts(wanted).then((data) => {
    if (wanted !== root.lang) return; // a later switch won
    if (!data) {
      root.classList.remove("relabel"); // the build's words rather than none
      return;
    }
    texts = data;
    textsLang = wanted;
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fill);
    else fill();
    dispatchEvent(new CustomEvent("sixtysix:boot-texts"));
  });
  load(lang);

  // Before Python is ready: the rules dialog and the language buttons.
  // (Python binds its own handlers; from <html class="ready"> on these stand aside.)
  document.addEventListener("click", (event) => {
    if (root.classList.contains("ready") || !(event.target instanceof Element)) return;
    if (event.target.closest("#btn-rules")) {
      const dialog = document.getElementById("rules-dialog");
      if (dialog && !dialog.open) dialog.showModal();
      return;
    }
    const button = event.target.closest("button.lang[data-lang]");
    const wanted = button && button.dataset.lang;
    if (!wanted || !LANGS.includes(wanted) || wanted === root.lang) return;
    root.lang = wanted;
    const url = new URL(location.href);
    url.searchParams.set("lang", wanted);
    history.replaceState(history.state, "", url);
    load(wanted);
    // The game's worker started in the address's language (js/core-link.js): it switches too.
    if (window.sixtysixCore) window.sixtysixCore.post(JSON.stringify({ do: "choose", name: "lang", value: wanted }));
  });

  // PyScript reports its boot steps as "Loading Pyodide", "Loading files"...
  const STEPS = [
    [/interpreter|pyodide|storage/i, "boot.runtime"],
    [/files|fetch|modules/i, "boot.files"],
    [/^Loaded Pyodide/i, "boot.starting"],
  ];
  let started = false;
  const startRuntime = () => {
    if (started) return;
    started = true;
    let plan;
    try {
      plan = JSON.parse(document.getElementById("runtime-start").textContent);
    } catch (e) {
      return;
    }
    const link = (rel, href) => {
      const el = document.createElement("link");
      el.rel = rel;
      el.href = href;
      if (rel === "preload") {
        el.as = "fetch"; // in the CORS mode of Pyodide's and PyScript's fetch()
        el.crossOrigin = "anonymous";
        // After the scripts: PyScript has to run (its config, then the
        // loader) before it can use the wasm, and a browser opens only six
        // connections to one HTTP/1.1 server.
        el.fetchPriority = "low";
      }
      document.head.append(el);
    };
    const script = document.createElement("script");
    script.type = "module";
    script.src = plan.module;
    // Nothing starts without it: js/guard.js says so at once.
    script.onerror = () => window.sixtysixShared.startFailed(`${plan.module} did not load`);
    document.head.append(script);
    for (const href of plan.modulepreload || []) link("modulepreload", href);
    // The big preloads (the wasm, the stdlib) only for bytes that come over
    // the network. From the service worker they stream out of Cache Storage
    // all at once beside PyScript's chunks, which then arrive later: the
    // runtime asks for them soon enough itself.
    const local = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
    if (!local) for (const href of plan.preload || []) link("preload", href);
  };
  // A revisit that draws the table left waits for that table to be on screen.
  const afterPaint = () => (tableKept() ? afterFirstPaint(startRuntime) : requestAnimationFrame(() => setTimeout(startRuntime, 0)));
  if (document.readyState === "complete") afterPaint();
  else addEventListener("load", afterPaint, { once: true });
  // A shell file that never finishes (a stalled image) must not hold the game back.
  document.addEventListener("DOMContentLoaded", () => setTimeout(startRuntime, 3000), { once: true });

  addEventListener("py:progress", ({ detail }) => {
    if (root.dataset.boot === "stuck") return; // js/guard.js's words stay
    const line = document.getElementById("boot-text");
    const words = bootWords(root.lang);
    let key = null;
    for (const [re, k] of STEPS) if (re.test(String(detail))) key = k;
    if (line && key && words[key]) {
      line.dataset.i18n = key;
      line.textContent = words[key];
    }
  });
})();
