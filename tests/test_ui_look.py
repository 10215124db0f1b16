"""Look and sound: the colours, the four-colour deck and the sound effects are
settings saved like the others (odd saved values fall back), and which sound
a render plays is the model's choice (ui/model/table.py ``CUES``), made once
per move and never for a table merely loaded or redrawn."""

import json
import random
from pathlib import Path

import pytest
from tests.conftest import match_from
from tests.test_ui_flow import Clock, run
from tests.test_ui_storage import MemoryBackend

from ui.model import botcall
from ui.model.flow import Flow
from ui.model.i18n import Translator, load_catalog
from ui.model.present import build
from ui.model.settings import THEMES, Settings
from ui.model.storage import SETTINGS_KEY, VERSION, Store
from ui.model.table import COMPUTER, CUES, HUMAN, Table, pick_cue

ROOT = Path(__file__).resolve().parent.parent


# -- settings -------------------------------------------------------------

def test_the_look_settings_default_to_the_systems_colours_two_colours_and_silence():
    s = Settings()
    assert (s.theme, s.four_colour, s.sound) == ("auto", False, False)
    assert THEMES == ("auto", "light", "dark")


@pytest.mark.parametrize("theme", THEMES)
def test_each_theme_is_kept(theme):
    assert Settings.from_dict({"theme": theme}).theme == theme


@pytest.mark.parametrize("saved", [
    {"theme": "purple"}, {"theme": "DARK"}, {"theme": 1}, {"theme": None}, {"theme": ["dark"]},
    {"four_colour": "yes"}, {"four_colour": 1}, {"sound": "on"}, {"sound": 1}, {"sound": None},
])
def test_odd_saved_values_fall_back(saved):
    assert Settings.from_dict(saved) == Settings()


def test_the_choices_are_saved_and_read_back_and_older_saves_get_the_defaults():
    chosen = Settings(theme="dark", four_colour=True, sound=True, lang="it")
    store = Store(MemoryBackend())
    store.save_settings(chosen)
    assert store.load_settings() == chosen
    old = Store(MemoryBackend({SETTINGS_KEY: json.dumps({"version": VERSION, "lang": "pt", "speed": "fast"})}))
    assert (old.load_settings().theme, old.load_settings().four_colour, old.load_settings().sound) == (
        "auto", False, False)
    # one odd field does not cost the others
    mixed = Settings.from_dict({"theme": "dark", "four_colour": "x", "sound": True})
    assert (mixed.theme, mixed.four_colour, mixed.sound) == ("dark", False, True)


# -- which sound ------------------------------------------------------------

def test_the_more_telling_cue_wins():
    assert CUES == ("won", "lost", "close", "marriage", "trick", "card")
    assert pick_cue("", "") == ""
    assert pick_cue("card", "") == pick_cue("", "card") == "card"
    assert pick_cue("card", "trick") == pick_cue("trick", "card") == "trick"
    assert pick_cue("marriage", "trick") == "marriage"
    assert pick_cue("close", "marriage") == "close"
    assert pick_cue("card", "lost") == "lost"


def lead_table() -> Table:
    """The player leads the ace of spades; the computer holds only low spades and clubs."""
    return Table(match_from("AS KH QH 9D JD TD", "9S JS QS KS 9C JC", "AC"), 0)


def test_a_card_played_sounds_once_and_a_trick_won_sounds_instead():
    t = lead_table()
    assert t.take_cue() == ""  # the deal itself is silent
    t.apply_human(["play:AS"])
    assert t.take_cue() == "card"
    assert t.take_cue() == ""  # handed out once
    t.apply_computer("play:9S")  # the player's ace takes it
    assert t.take_cue() == "trick"


def test_a_trick_the_computer_takes_sounds_as_a_card():
    t = lead_table()
    t.apply_human(["play:AS"])
    t.take_cue()
    t.apply_computer("play:9S")
    t.take_cue()
    t.gather()
    # the player leads again; the computer can take a diamond lead only by trumping
    t.apply_human(["play:9D"])
    t.apply_computer("play:9C")  # clubs are trumps: the computer takes it
    assert t.view(HUMAN)["completed_tricks"][-1]["winner"] == COMPUTER
    assert t.take_cue() == "card"


def deal_where(test, settings=None):
    """A flow (sound on) at the player's turn where ``test(legal)`` holds."""
    tr = Translator("pt", load_catalog("pt", ROOT))
    for seed in range(1, 400):
        clock = Clock()
        models = []
        flow = Flow(Table.new(seed), settings or Settings(sound=True), ask=lambda f, v, *a: botcall.choose_json(v, "random"),
                    sleep=clock.sleep, clock=clock, level="random",
                    draw=lambda table, state, events: models.append(build(table, state, tr, events)) and False)
        run(flow.computer_turns())
        legal = flow.table.view(HUMAN)["legal"]
        if flow.table.human_to_move() and test(legal):
            return flow, models, legal
    raise AssertionError("no such deal")


def test_a_marriage_and_a_close_sound_as_themselves():
    t = lead_table()
    t.apply_human(["play:AS"])
    t.apply_computer("play:9S")
    t.gather()
    t.take_cue()
    assert "marry:H" in t.view(HUMAN)["legal"]
    t.apply_human(["marry:H", "play:KH"])
    assert t.take_cue() == "marriage"  # the marriage, not the king laid with it

    flow, models, _ = deal_where(lambda legal: "close" in legal, Settings(sound=True, confirm_moves=False))
    models.clear()
    run(flow.human(["close"]))
    assert models[0].cue == "close"


def test_the_end_of_a_hand_sounds_won_or_lost_as_it_went():
    rng = random.Random(5)
    heard = set()
    for seed in range(1, 40):
        t = Table.new(seed)
        while not t.hand_over:
            t.take_cue()
            player = t.to_move
            t.apply(player, rng.choice(t.view(player)["legal"]))
            t.gather()
        won = t.game.result.winner == HUMAN
        cue = t.take_cue()
        assert cue == ("won" if won else "lost")
        heard.add(cue)
        if heard == {"won", "lost"}:
            break
    assert heard == {"won", "lost"}


def test_a_finished_hand_loaded_from_a_save_is_silent():
    t = Table.new(3)
    while not t.hand_over:
        t.apply(t.to_move, t.view(t.to_move)["legal"][0])
        t.gather()
    again = Table(t.match, 0)
    assert again.hand_over and again.take_cue() == ""


def test_the_model_carries_the_cue_once_and_only_with_sound_on():
    flow, models, legal = deal_where(lambda legal: True)
    card = next(a for a in legal if a.startswith("play:"))
    models.clear()
    run(flow.human([card]))
    cues = [m.cue for m in models]
    assert cues[0] in ("card", "trick")
    flow.render()  # a redraw (an option changed, a dialog closed) plays nothing
    assert models[-1].cue == ""

    quiet, models, legal = deal_where(lambda legal: True, Settings())
    models.clear()
    run(quiet.human([next(a for a in legal if a.startswith("play:"))]))
    assert models and all(m.cue == "" for m in models)
    assert quiet.state.cue == ""  # nothing is left over for a later render


def test_the_model_names_the_colours_and_the_deck():
    tr = Translator("it", load_catalog("it", ROOT))
    from ui.model.page import PageState

    m = build(lead_table(), PageState(settings=Settings(theme="dark", four_colour=True)), tr)
    assert (m.theme, m.four_colour, m.cue) == ("dark", True, "")
    m = build(lead_table(), PageState(settings=Settings()), tr)
    assert (m.theme, m.four_colour) == ("auto", False)
