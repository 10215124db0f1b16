"""The player's settings from the menu: language, level, speed, counting alone, practice,
confirming costly moves, the colours, the deck and the sound.

Each change goes through the turn loop, which owns the page's state
(:meth:`ui.model.flow.Flow.choose`), and is saved at once.
"""

from ui.model.i18n import LANGUAGES
from ui.model.pace import SPEEDS
from ui.model.settings import PLAYER_LEVELS, THEMES


class Options:
    def __init__(self, flow, keeper, renderer, texts, dialogs, sync, practising):
        self.flow, self.keeper, self.renderer, self.sync = flow, keeper, renderer, sync
        #: ``texts()``: the translator in force.
        self.texts = texts
        self.dialogs = dialogs
        #: ``practising()``: practice is on here (the embedded game never practises).
        self.practising = practising

    def choose(self, **changes):
        self.keeper.save_settings(self.flow.choose(**changes))

    def switch_language(self, lang):
        if lang not in LANGUAGES:
            return
        self.choose(lang=lang)
        self.sync.show_language(lang)  # a reload keeps it
        self.renderer.apply_static_texts(self.texts())
        self.renderer.clear_announcements()  # said already, and in the other language
        self.flow.render()
        self.dialogs.refresh()

    def on_level(self, event):
        level = str(event.target.value)
        if level in PLAYER_LEVELS:
            self.choose(level=level)

    def on_speed(self, event):
        """A new speed applies at once, even to a turn under way."""
        speed = str(event.target.value)
        if speed in SPEEDS:
            self.choose(speed=speed)
            self.flow.render()

    def on_count_myself(self, event):
        self.choose(count_myself=bool(event.target.checked))
        self.flow.render()

    def on_confirm_moves(self, event):
        """Closing and declaring take two taps (on), or one (off)."""
        self.choose(confirm_moves=bool(event.target.checked))
        self.flow.render()

    def on_coach(self, event):
        """The first match's one-time lines on (a new player's default) or off."""
        self.choose(coach=bool(event.target.checked))

    def on_practice(self, event):
        """Practice on: this match becomes a practice match (never counted) and
        the computer's cards show; off: they hide, the match stays practice."""
        self.choose(practice=bool(event.target.checked))
        if self.practising():
            self.flow.start_practice()
        self.flow.render()

    def on_theme(self, event):
        """Light, dark, or the system's colours: at once, and before the first paint next time (js/boot.js)."""
        theme = str(event.target.value)
        if theme in THEMES:
            self.choose(theme=theme)
            self.flow.render()

    def on_four_colour(self, event):
        self.choose(four_colour=bool(event.target.checked))
        self.flow.render()

    def on_sound(self, event):
        """Sound on or off. Turned on, a card's sound says so (the tap lets the page play sound)."""
        on = bool(event.target.checked)
        self.choose(sound=on)
        if on:
            self.renderer.play("card")
