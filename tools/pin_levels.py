"""Pin the levels' choices: ``python3 tools/pin_levels.py --check`` (or ``--write``).

``tests/data/level_choices.json`` holds 200 seeded views (a decision with
more than one legal action, from random play of ``Game.new(seed="levels:N")``) and the action
each level (easy, medium, hard) chose in it with the bot seeded ``levels:N``.
A refactoring of the bots must leave every choice as it is; ``--check``
replays all 200 (``tests/test_bots_levels.py`` replays a cheaper share).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sixtysix import Game  # noqa: E402
from sixtysix.bots import LEVELS, make  # noqa: E402

DATA = ROOT / "tests" / "data" / "level_choices.json"
COUNT = 200


def seeded_view(n: int) -> dict:
    """A view with a real choice, picked by a seeded RNG among the decisions of a
    hand played at random from a seeded deal."""
    rng = random.Random(f"levels:{n}")
    g = Game.new(seed=f"levels:{n}")
    views = []
    while g.result is None:
        legal = g.legal_actions()
        if len(legal) > 1:
            views.append(g.view(g.to_move).to_dict())
        plays = [a for a in legal if a.kind != "declare"]
        g.apply(rng.choice(plays or legal))
    return rng.choice(views)


def choice(level: str, seed: str, view: dict) -> str:
    opts = {} if level == "easy" else {"time_cap": None}   # no wall-time cap: choices depend on the seed only
    return str(make(level, seed=seed, **opts).choose(view))


def records(count: int = COUNT) -> list[dict]:
    out = []
    for n in range(count):
        view = seeded_view(n)
        out.append({"seed": f"levels:{n}", "view": view,
                    "choices": {lv: choice(lv, f"levels:{n}", view) for lv in LEVELS}})
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="record the choices of today's bots")
    ap.add_argument("--check", action="store_true", help="replay every pinned view and compare")
    args = ap.parse_args(argv)
    if args.write:
        DATA.write_text(json.dumps(records(), separators=(",", ":")) + "\n")
        print(f"wrote {COUNT} views to {DATA.relative_to(ROOT)}")
        return 0
    pinned = json.loads(DATA.read_text())
    wrong = [(r["seed"], lv, want, got) for r in pinned for lv, want in r["choices"].items()
             if (got := choice(lv, r["seed"], r["view"])) != want]
    decisions = sum(len(r["choices"]) for r in pinned)
    print(f"{decisions - len(wrong)}/{decisions} pinned decisions unchanged")
    for w in wrong:
        print("changed:", *w)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
