"""The course on the page (issue 30), the DOM side: the lessons' list drawn
from the model side's words (a ``lessons`` message), and the buttons that put
a lesson on the table, go to the next one or to the first real match. The
model side (ui/model/core_dialogs.py) fetches the lessons' words, puts a
lesson on the table, resumes one left under way after a reload and opens a
``#lesson=`` link (the rules pages' "learn by playing" and their FAQ's "try it").
"""

from ui.dom.elements import by_id, set_text, show_dialog
from ui.dom.web import document


class Lessons:
    def __init__(self, link):
        self.link = link

    def open_list(self):
        """Ask for the course's list; its ``lessons`` message opens it."""
        by_id("menu-dialog").close()
        self.link.send("lessons")

    def show_list(self, lessons):
        """One button per lesson, ticked once done; the dialog opened if it is not."""
        box = by_id("lessons-list")
        box.replaceChildren()
        for lesson in lessons.lessons:
            item = document.createElement("li")
            button = document.createElement("button")
            button.type = "button"
            button.className = "lesson-pick"
            button.dataset.lesson = lesson.id
            set_text(button, lesson.title)
            if lesson.done:
                button.classList.add("done")
                tick = document.createElement("span")
                tick.className = "sr-only"
                set_text(tick, f" ({lessons.done})")
                button.appendChild(tick)
            item.appendChild(button)
            box.appendChild(item)
        if not by_id("lessons-dialog").open:
            show_dialog("lessons-dialog")

    def from_rules(self):
        """The rules' "learn by playing": the course's next lesson on the table."""
        by_id("rules-dialog").close()
        self.link.send("lesson", id=None)

    def on_list_click(self, event):
        button = event.target.closest("button[data-lesson]")
        if button:
            by_id("lessons-dialog").close()
            self.link.send("lesson", id=str(button.dataset.lesson))

    def next(self):
        self.link.send("next_lesson")

    def first_match(self):
        """The course is done: a real match against the easy computer (asked
        first over a match in progress, which would count as lost)."""
        self.link.send("first_match", confirmed=False)
