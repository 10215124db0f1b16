// js/shared.js in Node: the one parent_origin check (js/guard.js and
// js/embed.js both use it) over a table of origins, the texts loader, and
// the kept table's key and the wait for the first paint.
// Run by tests/test_js.py; alone: node --test tests/js/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("../../js/shared.js", import.meta.url), "utf-8");

// A fresh page for the classic script: window is the global, as in a browser.
const load = (fetch = () => Promise.reject(new Error("no fetch here")), extra = {}) => {
  const page = { URL, fetch, ...extra };
  page.window = page;
  vm.runInNewContext(SOURCE, page, { filename: "js/shared.js" });
  return page.sixtysixShared;
};

// [raw parent_origin, the origin it stands for, or null when refused]
const ORIGINS = [
  // good: the canonical origin comes back
  ["https://example.com", "https://example.com"],
  ["http://example.com", "http://example.com"],
  ["https://example.com/", "https://example.com"], // one trailing slash
  ["https://sub.example.co.uk", "https://sub.example.co.uk"],
  ["http://localhost:8000", "http://localhost:8000"],
  ["http://127.0.0.1:8765", "http://127.0.0.1:8765"],
  ["https://example.com:8443/", "https://example.com:8443"],
  ["https://example.com:443", "https://example.com"], // default port dropped
  ["http://example.com:80", "http://example.com"],
  ["http://[::1]:8000", "http://[::1]:8000"], // IPv6
  ["http://[2001:DB8::1]", "http://[2001:db8::1]"],
  ["https://EXAMPLE.com", "https://example.com"], // uppercase host
  ["HTTPS://Example.COM/", "https://example.com"], // uppercase scheme
  ["https://bücher.example", "https://xn--bcher-kva.example"], // IDN, as the browser names it
  ["https://example.com.", "https://example.com."],
  // bad: credentials
  ["https://user@example.com", null],
  ["https://user:pass@example.com", null],
  ["https://@example.com", null],
  ["https://example.com@evil.example", null],
  // bad: path, query, fragment
  ["https://example.com/path", null],
  ["https://example.com//", null],
  ["https://example.com/.", null],
  ["https://example.com?x=1", null],
  ["https://example.com/?", null],
  ["https://example.com#top", null],
  ["https://example.com/#", null],
  // bad: scheme
  ["ftp://example.com", null],
  ["file:///etc/passwd", null],
  ["javascript:alert(1)", null],
  ["data:text/html,hi", null],
  ["blob:https://example.com/1234", null],
  ["ws://example.com", null],
  ["//example.com", null],
  ["example.com", null],
  // bad: what the parser would only accept after repairing it
  ["https:example.com", null],
  ["https:/example.com", null],
  ["https:///example.com", null],
  ["https://example.com\\", null],
  ["https://example.com\\@evil.example", null],
  [" https://example.com", null],
  ["https://example.com ", null],
  ["https://exa\tmple.com", null],
  ["https://exa\nmple.com", null],
  ["https://ex%61mple.com", null],
  ["https://example.com:", null],
  // bad: no such host or port
  ["https://example.com:65536", null],
  ["https://example.com:123456", null],
  ["https://example.com:-1", null],
  ["https://999.1.1.1", null],
  ["http://[::1", null],
  ["http://[::g]", null],
  ["http://[fe80::1%25eth0]", null],
  ["https://", null],
  // bad: not an origin at all
  ["null", null],
  ["", null],
  ["*", null],
  ["/", null],
  [null, null],
  [undefined, null],
  [42, null],
];

test("plainOrigin accepts exactly a bare http(s) origin, and canonicalizes it", () => {
  const { plainOrigin } = load();
  for (const [raw, expected] of ORIGINS) {
    assert.equal(plainOrigin(raw), expected, `plainOrigin(${JSON.stringify(raw)})`);
  }
});

test("an accepted origin is its own canonical form", () => {
  const { plainOrigin } = load();
  for (const [, expected] of ORIGINS) if (expected) assert.equal(plainOrigin(expected), expected);
});

const response = (texts) => ({ ok: true, json: () => Promise.resolve(texts) });

test("loadTexts fetches each language's file once per page", async () => {
  const asked = [];
  const { loadTexts } = load((url) => {
    asked.push(url);
    return Promise.resolve(response({ "app.title": url }));
  });
  const [a, b] = await Promise.all([loadTexts("it"), loadTexts("it")]);
  assert.deepEqual(a, { "app.title": "locales/it.json" });
  assert.equal(a, b);
  await loadTexts("pt");
  await loadTexts("it");
  assert.deepEqual(asked, ["locales/it.json", "locales/pt.json"]);
});

test("loadTexts gives null for a failed load, and tries again when asked again", async () => {
  const answers = [
    Promise.reject(new TypeError("offline")),
    Promise.resolve({ ok: false }),
    Promise.resolve(response({ "app.title": "ok" })),
  ];
  const { loadTexts } = load(() => answers.shift());
  assert.equal(await loadTexts("pt"), null);
  assert.equal(await loadTexts("pt"), null);
  assert.deepEqual(await loadTexts("pt"), { "app.title": "ok" });
  assert.equal(answers.length, 0);
});

test("loadTexts asks for no file outside the known languages", async () => {
  const { loadTexts, LANGS } = load(() => assert.fail("fetched"));
  assert.deepEqual([...LANGS], ["pt", "it"]);
  for (const lang of ["en", "../sw", "", undefined, "PT"]) assert.equal(await loadTexts(lang), null);
});

// A page whose <script id="boot-words"> holds text (null: no such block).
const pageWith = (block) => ({
  document: { getElementById: (id) => (id === "boot-words" && block !== null ? { textContent: block } : null) },
});

test("bootWords gives a language's words from the page's block, read once", () => {
  let reads = 0;
  const block = JSON.stringify({ pt: { "boot.failed": "falhou" }, it: { "boot.failed": "fallito" } });
  const page = { document: { getElementById: () => { reads += 1; return { textContent: block }; } } };
  const { bootWords } = load(undefined, page);
  assert.equal(bootWords("it")["boot.failed"], "fallito");
  assert.equal(bootWords("pt")["boot.failed"], "falhou");
  assert.equal(reads, 1);
});

test("bootWords gives {} for an unknown language, no block, or a broken one", () => {
  const good = JSON.stringify({ pt: { "boot.stuck": "x" }, en: "not an object" });
  for (const lang of ["en", "fr", "", undefined, "__proto__", "toString"]) {
    assert.deepEqual({ ...load(undefined, pageWith(good)).bootWords(lang) }, {}, String(lang));
  }
  for (const block of [null, "", "{", "null", "[]", "42", '"pt"']) {
    assert.deepEqual({ ...load(undefined, pageWith(block)).bootWords("pt") }, {}, String(block));
  }
});

test("tableKept reads the kept table's key once, the embedded game's its own, and denied storage keeps nothing", () => {
  const items = new Map([["sixtysix.drawn", "{}"]]);
  let reads = 0;
  const localStorage = { getItem: (key) => (reads++, items.has(key) ? items.get(key) : null) };
  const page = (search, storage = localStorage) => load(undefined, { localStorage: storage, location: { search }, URLSearchParams });
  const { tableKept, drawnKey } = page("?seed=3");
  assert.equal(drawnKey(false), "sixtysix.drawn");
  assert.equal(drawnKey(true), "sixtysix.drawn.embed");
  assert.equal(tableKept(), true);
  items.clear(); // what the page found as it opened stands
  assert.equal(tableKept(), true);
  assert.equal(reads, 1);
  items.set("sixtysix.drawn", "{}");
  assert.equal(page("?embed=1").tableKept(), false);
  assert.equal(page("?embed=1&lang=it").embedded(), true);
  assert.equal(page("?seed=3&embed=0").embedded(), false);
  const denied = { getItem: () => { throw new Error("SecurityError"); } };
  assert.equal(page("", denied).tableKept(), false);
});

// A page whose paint entries and timers the test hands out itself.
const painting = ({ visibilityState = "visible", types = ["paint", "element"] } = {}) => {
  const observers = [];
  const timers = [];
  class PerformanceObserver {
    static supportedEntryTypes = types;
    constructor(callback) { this.callback = callback; this.on = false; observers.push(this); }
    observe({ type, buffered }) { assert.equal(type, "paint"); assert.equal(buffered, true); this.on = true; }
    disconnect() { this.on = false; }
  }
  const extra = { document: { visibilityState }, PerformanceObserver, setTimeout: (fn, ms) => timers.push([fn, ms]) };
  const paint = () => observers.filter((o) => o.on).forEach((o) => o.callback({ getEntries: () => [] }, o));
  return { afterFirstPaint: load(undefined, extra).afterFirstPaint, paint, timers };
};

test("afterFirstPaint runs once, when the first frame is on screen or after its wait at the latest", () => {
  let runs = 0;
  const page = painting();
  page.afterFirstPaint(() => runs++);
  assert.equal(runs, 0);
  page.paint();
  assert.equal(runs, 1);
  page.paint();
  page.timers.forEach(([fn]) => fn());
  assert.equal(runs, 1);
  const late = painting();
  late.afterFirstPaint(() => runs++);
  assert.equal(late.timers.length, 1);
  assert.ok(late.timers[0][1] <= 1000, "the wait is short");
  late.timers[0][0]();
  assert.equal(runs, 2);
  late.paint();
  assert.equal(runs, 2);
});

test("afterFirstPaint runs at once in a hidden page or where paints are not reported", () => {
  for (const options of [{ visibilityState: "hidden" }, { types: ["element"] }]) {
    let runs = 0;
    const page = painting(options);
    page.afterFirstPaint(() => runs++);
    assert.equal(runs, 1, JSON.stringify(options));
    assert.equal(page.timers.length, 0);
  }
});

test("a failed start is dispatched each time and its first reason kept for a late listener", () => {
  const heard = [];
  const page = {
    CustomEvent: class { constructor(type, init) { this.type = type; this.detail = init.detail; } },
    dispatchEvent: (event) => heard.push([event.type, event.detail]),
  };
  const shared = load(undefined, page);
  assert.equal(shared.startFailure(), null);
  shared.startFailed("the game's worker: its script did not load");
  shared.startFailed("a second reason");
  assert.equal(shared.startFailure(), "the game's worker: its script did not load");
  assert.deepEqual(heard, [
    ["sixtysix:boot-failed", "the game's worker: its script did not load"],
    ["sixtysix:boot-failed", "a second reason"],
  ]);
});
