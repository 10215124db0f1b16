"""The course on the page (issue 30): the lessons' list, a lesson put on the
table, resumed after a reload, opened by a ``#lesson=`` link (the rules pages'
"learn by playing" and their FAQ's "try it"), and the first real match at the
end. The lessons' words come from ``locales/lessons/<lang>.json``, fetched
the first time (the service worker keeps them for offline play); the lessons
themselves are :mod:`ui.model.lessons`.
"""

import asyncio

from pyscript import document, window

from ui import on_demand
from ui.dom.elements import by_id, set_text, show_dialog
from ui.model.i18n import LANGUAGES, flatten


class Lessons:
    def __init__(self, flow, keeper, translators, link, spawn):
        self.flow, self.keeper, self.link = flow, keeper, link
        #: ``spawn(coroutine)``: run it, errors logged.
        self.spawn = spawn
        #: Both languages' translators: the lessons' words are added to each.
        self.translators = translators
        self.loaded = False

    async def load_texts(self) -> bool:
        """The lessons' words in both languages (fetched once); ``False`` with a notice if they cannot be."""
        if self.loaded:
            return True
        import json

        try:
            catalogs = {}
            for lang in LANGUAGES:
                response = await window.fetch(f"locales/lessons/{lang}.json")
                if not response.ok:
                    raise ValueError(f"HTTP {response.status}")
                catalogs[lang] = flatten(json.loads(str(await response.text())))
        except Exception as e:  # offline on a first visit, or a damaged file: the match plays on
            window.console.warn(f"Sixty-Six: lessons not loaded ({e})")
            self.flow.tell("notice.lessons_failed")
            self.flow.render()
            return False
        for lang, catalog in catalogs.items():
            self.translators[lang].catalog.update(catalog)
        self.loaded = True
        return True

    # -- the list ------------------------------------------------------------------
    def open_list(self):
        by_id("menu-dialog").close()
        self.spawn(self._open_list())

    async def _open_list(self):
        if await self.load_texts():
            self.fill_list()
            show_dialog("lessons-dialog")

    def fill_list(self):
        """One button per lesson, ticked once done."""
        from ui.model.lessons import LESSONS

        tr = self.translators[self.flow.state.lang]
        done = set(self.keeper.load_lessons().done)
        box = by_id("lessons-list")
        box.replaceChildren()
        for lesson in LESSONS:
            item = document.createElement("li")
            button = document.createElement("button")
            button.type = "button"
            button.className = "lesson-pick"
            button.dataset.lesson = lesson.id
            title = tr.t(f"lesson.{lesson.id}.title")
            set_text(button, title)
            if lesson.id in done:
                button.classList.add("done")
                tick = document.createElement("span")
                tick.className = "sr-only"
                set_text(tick, f" ({tr.t('lessons.done')})")
                button.appendChild(tick)
            item.appendChild(button)
            box.appendChild(item)

    def from_rules(self):
        """The rules' "learn by playing": the course's next lesson on the table."""
        by_id("rules-dialog").close()
        self.start()

    def on_list_click(self, event):
        button = event.target.closest("button[data-lesson]")
        if button:
            by_id("lessons-dialog").close()
            self.start(str(button.dataset.lesson))

    # -- a lesson on the table -----------------------------------------------------
    def start(self, lesson_id=None, resume=False):
        """Put a lesson on the table (the next one not done, without ``lesson_id``);
        with ``resume``, the one left under way, where it was."""
        self.spawn(self._start(lesson_id, resume))

    async def _start(self, lesson_id, resume):
        if not await self.load_texts():
            return
        # The course's module comes with the code fetched just after ready (ui/on_demand.py):
        # a lesson resumed at the start waits for it, since offline a synchronous fetch
        # of it would go unanswered (the service worker answers only the background one).
        for _ in range(100):
            if on_demand.mounted():
                break
            await asyncio.sleep(0.05)
        from ui.model.lessons import find_lesson

        book = self.keeper.load_lessons()
        actions = ()
        if resume:
            if book.current is None:  # (another tab finished it meanwhile)
                return
            lesson_id, actions = book.current["id"], book.current["actions"]
        try:
            lesson = find_lesson(lesson_id) if lesson_id else book.next_lesson()
        except KeyError:
            window.console.warn(f"Sixty-Six: no lesson {lesson_id!r}")
            self.flow.tell("notice.bad_lesson")
            self.flow.render()
            return
        self.flow.start_lesson(lesson, book, actions)  # a computer move under way stops
        await self.flow.play_on_when_idle()

    def next(self):
        following = self.flow.table.lesson.following if self.flow.table.lesson is not None else None
        if following is not None:
            self.start(following.id)

    def first_match(self):
        """The course is done: a real match against the easy computer (asked
        first over a match in progress, which would count as lost)."""
        self.link.send("choose", name="level", value="easy")
        self.link.send("new_match", seed=None, confirmed=False)

    def resume(self):
        """The lesson under way when the page was left, where it was (the course's
        module is loaded only then: it comes with the code fetched on demand)."""
        if self.keeper.lesson_under_way():
            self.start(resume=True)

    def open_link(self, text):
        """``#lesson`` (the course's next lesson) or ``#lesson=marriage`` (that one)."""
        window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
        _, _, lesson_id = text.partition("=")
        self.start(lesson_id or None)
