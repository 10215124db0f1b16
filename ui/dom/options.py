"""The player's settings from the menu: language, level, speed, counting alone, practice,
confirming costly moves, the colours, the deck and the sound.

Each change is a ``choose`` command to the model side (:class:`ui.model.core.Core`
checks it, puts it in force at once, saves it and draws the table); a
language changed comes back as a ``language`` message (:meth:`Options.show_language`).
"""


class Options:
    def __init__(self, link, renderer, texts):
        self.link, self.renderer = link, renderer
        #: ``texts()``: the translator in force.
        self.texts = texts

    def choose(self, name, value):
        self.link.send("choose", name=name, value=value)

    def switch_language(self, lang):
        self.choose("lang", lang)

    def show_language(self, lang):
        """The model side switched to ``lang``: the page's fixed texts follow (the
        open dialogs with the table drawn next)."""
        self.renderer.apply_static_texts(self.texts())
        self.renderer.clear_announcements()  # said already, and in the other language

    def on_level(self, event):
        self.choose("level", str(event.target.value))

    def on_speed(self, event):
        """A new speed applies at once, even to a turn under way."""
        self.choose("speed", str(event.target.value))

    def on_count_myself(self, event):
        self.choose("count_myself", bool(event.target.checked))

    def on_confirm_moves(self, event):
        """Closing and declaring take two taps (on), or one (off)."""
        self.choose("confirm_moves", bool(event.target.checked))

    def on_coach(self, event):
        """The first match's one-time lines on (a new player's default) or off."""
        self.choose("coach", bool(event.target.checked))

    def on_practice(self, event):
        """Practice on: this match becomes a practice match (never counted) and
        the computer's cards show; off: they hide, the match stays practice."""
        self.choose("practice", bool(event.target.checked))

    def on_theme(self, event):
        """Light, dark, or the system's colours: at once, and before the first paint next time (js/boot.js)."""
        self.choose("theme", str(event.target.value))

    def on_four_colour(self, event):
        self.choose("four_colour", bool(event.target.checked))

    def on_sound(self, event):
        """Sound on or off. Turned on, a card's sound says so (the tap lets the page play sound)."""
        on = bool(event.target.checked)
        self.choose("sound", on)
        if on:
            self.renderer.play("card")
