"""Bot benchmark positions and the timing loop, shared by CPython and Pyodide.

Standard library plus ``sixtysix`` and ``ui.model.botcall`` only: ``tools/bench/``
ships this file beside ``bench/bot/worker.py`` (the browser side) and runs it
under CPython on the sources that app.zip's bytecode is compiled from (the
same code the browser runs)::

    PYTHONPATH=. python3 tools/bench_positions.py --positions 24 --json

Positions are views of the player to move, collected from hands played by a
seeded random policy (independent of the bots, so tuning a bot does not move
the benchmark), keeping only decisions with at least two legal actions and
spreading them over the whole hand (stock open, closed, empty). Each is timed
the way the game's bot worker answers a move (``ui.model.botcall.choose_json``:
parse the view JSON, ``make_bot(level, view_seed(view)).choose(view)``, where
``make_bot`` is ``sixtysix.bots.make(level, seed=...)``).
"""

from __future__ import annotations

import json
import random
import time

FIRST_SEED = 1001  # seeds FIRST_SEED, FIRST_SEED + 1, ... deal the hands
LEVELS = ("easy", "medium", "hard")


def positions(count: int = 24, per_hand: int = 3) -> list[dict]:
    """``count`` views (dicts), ``per_hand`` from each seeded hand, spread over it."""
    from sixtysix import Game

    out: list[dict] = []
    seed = FIRST_SEED
    while len(out) < count:
        g = Game.new(seed=seed)
        rng = random.Random(seed)
        found = []
        while g.result is None:
            view = g.view(g.to_move).to_dict()
            if len(view["legal"]) >= 2:
                found.append(view)
            legal = g.legal_actions()
            plays = [a for a in legal if a.kind == "play"] if rng.random() < 0.9 else legal
            g.apply(rng.choice(plays or legal))
        # evenly spaced over the hand, with an offset that moves from hand to hand
        step = max(1, len(found) // per_hand)
        start = (seed - FIRST_SEED) % step
        out += found[start::step][:per_hand]
        seed += 1
    return out[:count]


def decide(view_json: str, level: str, clock=time.perf_counter) -> dict:
    """One decision as the game's worker makes it (``ui.model.botcall.choose_json``:
    parse the view, ``make_bot(level, view_seed(view)).choose(view)``), timed;
    with the search figures of the bot (nodes, worlds, depth) when it has them."""
    from ui.model import botcall

    t = clock()
    view = json.loads(view_json)
    bot = botcall.make_bot(level, botcall.view_seed(view))
    action = str(bot.choose(view))
    ms = (clock() - t) * 1000.0
    row = {"ms": ms, "action": action}
    last = getattr(bot, "last", None)
    if isinstance(last, dict):
        row.update({k: last[k] for k in ("nodes", "worlds", "depth") if k in last})
    return row


def time_level(views_json: list[str], level: str, clock=time.perf_counter) -> list[dict]:
    """Each position answered at ``level``; ``ms`` per decision."""
    return [decide(text, level, clock) for text in views_json]


def engine_speed(seconds: float) -> dict:
    """The figures of ``python -m sixtysix.bench`` (random hands, copy+push) in this interpreter."""
    import sys  # (not platform: the browser's trimmed stdlib does not ship it)

    from sixtysix import bench

    hands = bench.random_hands(seconds)
    cp, pp = bench.copy_push(seconds)
    names = {"cpython": "CPython", "pypy": "PyPy"}
    return {"python": sys.version.split()[0], "implementation": names.get(sys.implementation.name, sys.implementation.name),
            "random_hands_per_s": round(hands), "copy_push_per_s": round(cp), "push_legal_pop_per_s": round(pp)}


def main(argv=None) -> dict:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=24)
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--write", metavar="FILE", help="write the positions (JSON list of views) and stop")
    ap.add_argument("--json", action="store_true", help="print the timings as JSON")
    args = ap.parse_args(argv)
    views = positions(args.positions)
    if args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            json.dump(views, f, separators=(",", ":"))
        return {"positions": len(views)}
    texts = [json.dumps(v) for v in views]
    result = {"positions": len(texts), "levels": {}}
    for level in args.levels.split(","):
        time_level(texts[:1], level)  # warm-up, as in the browser: first-call costs
        result["levels"][level] = time_level(texts, level)
    if args.json:
        print(json.dumps(result))
    else:
        for level, rows in result["levels"].items():
            ms = sorted(r["ms"] for r in rows)
            print(f"{level:7s} median {ms[len(ms) // 2]:8.1f} ms  max {ms[-1]:8.1f} ms")
    return result


if __name__ == "__main__":
    main()
