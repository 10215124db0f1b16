"""The table's model crosses as JSON (ui.model.present.model_json, ui.dom.model_view):
nothing is lost on the way in any phase, and the DOM side reads it as it read the model."""

from pathlib import Path

import json

import pytest

from e2e.scenarios import Sim, find
from ui.dom.model_view import ModelView, read_model
from ui.model.i18n import Translator, load_catalog
from ui.model.lessons import find_lesson, lesson_table
from ui.model.page import PageState
from ui.model.present import build, model_json
from ui.model.record import plain
from ui.model.settings import Settings
from ui.model.table import Table

ROOT = Path(__file__).resolve().parent.parent
TR = {lang: Translator(lang, load_catalog(lang, ROOT)) for lang in ("pt", "it")}


def play_to_the_end(table):
    while not table.hand_over:
        table.apply(table.to_move, table.view(table.to_move)["legal"][0])
    return table


def match_over():
    table = Table.new(4)
    while True:
        play_to_the_end(table)
        if table.match_over:
            return table
        table.next_hand()


def strict_phase():
    return find(lambda sim: sim.playable() and set(sim.playable()) != set(sim.hand())).sim.table


def mid_hand():
    sim = Sim(7)
    for _ in range(3):
        sim.play_first()
    return sim.table


PHASES = {
    "start": lambda: Table.new(3),
    "mid-hand": mid_hand,
    "strict phase, cards dimmed": strict_phase,
    "hand over": lambda: play_to_the_end(Table.new(5)),
    "match over, with its sheet": match_over,
    "a lesson": lambda: lesson_table(find_lesson("marriage")),
}


@pytest.mark.parametrize("lang", ["pt", "it"])
@pytest.mark.parametrize("phase", list(PHASES))
def test_the_model_crosses_as_json_with_nothing_lost(phase, lang):
    table = PHASES[phase]()
    m = build(table, PageState(settings=Settings(practice=phase == "start")), TR[lang])
    text = model_json(m)
    # every value is JSON's own: no tuple, no record, no key that is not a string
    assert json.loads(text) == plain(m)
    view = read_model(text)
    for name in type(m)._fields:
        assert plain(getattr(m, name)) == _plain_view(getattr(view, name)), name
    if phase == "match over, with its sheet":
        assert view.sheet.rows and view.sheet.rows[0][2] == 1  # (cells, winner, number) unpack as before
    if phase == "a lesson":
        assert view.lesson == "marriage" and view.lesson_text


def _plain_view(value):
    if isinstance(value, ModelView):
        return {k: _plain_view(getattr(value, k)) for k in value._data}
    if isinstance(value, list):
        return [_plain_view(v) for v in value]
    return value


def test_a_view_reads_members_as_attributes_and_items_and_compares_by_content():
    view = read_model('{"piles": {"you": 2}, "trick": [{"code": "QH"}], "focus": null}')
    assert view.piles["you"] == 2 and view.trick[0].code == "QH" and view.focus is None
    assert view.trick == read_model('{"t": [{"code": "QH"}]}').t
    assert view.trick != read_model('{"t": [{"code": "KH"}]}').t
    with pytest.raises(AttributeError):
        view.missing
    assert getattr(view, "missing", "default") == "default"
    buttons = read_model('{"b": {"close": true, "hint": false}}').b
    assert buttons.items() == [("close", True), ("hint", False)] and list(buttons) == ["close", "hint"]
    assert "close" in buttons and buttons.get("nope", 1) == 1 and len(buttons) == 2


def test_no_field_of_the_model_is_hidden_by_a_mapping_method():
    from ui.model.present import CardModel, TableModel
    from ui.model.sheet import SheetModel

    hidden = {name for name in dir(ModelView) if not name.startswith("__")}
    for record in (TableModel, CardModel, SheetModel):
        assert not hidden & set(record._fields), record
