"""Engine speed in this interpreter: ``python -m sixtysix.bench [--seconds S]``.

Prints random hands per second (checked path: legal_actions + apply) and
copy-plus-push operations per second (what search costs), each measured for
about S seconds of wall time.
"""

from __future__ import annotations

import json
import random
import time

from .game import Game


def random_hands(seconds: float) -> float:
    rng, n, start = random.Random(1), 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = Game.new(seed=n)
        while g.result is None:
            legal = g.legal_actions()
            plays = [a for a in legal if a.kind == "play"] if rng.random() < 0.95 else legal
            g.apply(rng.choice(plays or legal))
        n += 1
    return n / (time.perf_counter() - start)


def copy_push(seconds: float) -> tuple[float, float]:
    """(copy+push per second, push+pop per second) over positions of random hands."""
    rng = random.Random(2)
    positions = []
    for s in range(50):
        g = Game.new(seed=10_000 + s)
        for _ in range(rng.randrange(0, 10)):
            codes = [c for c in g.legal_codes() if c < 24]
            g.push(rng.choice(codes))
            if g.result:
                break
        if g.result is None:
            positions.append((g, g.legal_codes()))
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for g, codes in positions:
            g.copy().push(codes[0])
        n += len(positions)
    cp = n / (time.perf_counter() - start)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for g, codes in positions:
            g.push(codes[0])
            g.legal_codes()
            g.pop()
        n += len(positions)
    return cp, n / (time.perf_counter() - start)


def main(argv=None) -> dict:
    # Command-line only: the bench's browser worker imports this module on
    # the trimmed stdlib, which has neither (tools/runtime-trace.json).
    import argparse
    import platform

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    hands = random_hands(args.seconds)
    cp, pp = copy_push(args.seconds)
    figures = {"python": platform.python_version(), "implementation": platform.python_implementation(),
               "random_hands_per_s": round(hands), "copy_push_per_s": round(cp),
               "push_legal_pop_per_s": round(pp)}
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"Python {figures['python']}")
        print(f"random hands per second:           {hands:10.0f}")
        print(f"copy + push per second:            {cp:10.0f}")
        print(f"push + legal_codes + pop per second: {pp:8.0f}")
    return figures


if __name__ == "__main__":
    main()
