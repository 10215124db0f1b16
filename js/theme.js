// The rules and strategy pages' colours: the choice saved in the game's
// options (ui/model/settings.py `theme`) as data-theme="light|dark" on <html>,
// before the first paint; without one, rules/rules.css follows the system's
// prefers-color-scheme. (The game page does the same in js/boot.js.)
// A classic script, loaded without defer in <head>; it does nothing else.
(() => {
  "use strict";
  try {
    const data = JSON.parse(localStorage.getItem("sixtysix.settings") || "null");
    const theme = data && data.theme;
    if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
  } catch (e) {
    // no storage (blocked, or unreadable): the system's colours
  }
})();
