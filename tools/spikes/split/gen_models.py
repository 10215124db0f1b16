"""Models for check.py, made in CPython by the repo's own presenter: the JSON
the worker would send. Writes dist/split/models.json.

    python3 tools/spikes/split/gen_models.py
"""
import json
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO))
from ui.model import present  # noqa: E402
from ui.model.i18n import Translator, load_catalog  # noqa: E402
from ui.model.page import PageState  # noqa: E402
from ui.model.settings import Settings  # noqa: E402
from ui.model.stats import Stats  # noqa: E402
from ui.model.table import COMPUTER, HUMAN, Table  # noqa: E402

tr = Translator("pt", load_catalog("pt", REPO))
rng = random.Random(5)


def model(table, state):
    return present.model_json(present.build(table, state, tr, table.take_events()))


def step(table):
    if table.showing_trick is not None:
        table.gather()
        return
    who = table.to_move
    legal = table.view(who)["legal"]
    plays = [n for n in legal if n.startswith("play:")] or legal
    n = rng.choice(plays)
    if who == HUMAN:
        table.apply_human([n])
    else:
        table.apply_computer(n)


out = {}
t = Table.new(11, Stats())
state = PageState(lang="pt")
out["start"] = model(t, state)
for _ in range(6):
    step(t)
while t.to_move != HUMAN:
    step(t)
out["mid"] = model(t, state)
focused = PageState(lang="pt", focus=1)
out["mid_focus"] = model(t, focused)
out["mid_four"] = model(t, PageState(lang="pt", settings=Settings(four_colour=True)))
# a whole match, to the score sheet
while not t.match_over:
    if t.hand_over:
        t.next_hand()
    else:
        step(t)
out["over"] = model(t, state)
path = REPO / "dist" / "split" / "models.json"
path.write_text(json.dumps(out))
print("gen_models:", {k: len(v) for k, v in out.items()}, "->", path)
