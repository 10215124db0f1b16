"""Make the problems file from seeded self-play (issue 31, sixtysix/problems.py).

    python3 tools/make_problems.py --count 240 --seed 1 --out assets/problems.json

Hand ``n`` is ``Game.new(seed="problems:<seed>:<n>")``, played out by two search
bots (``--bots``, cycled per hand; seeded per hand and seat, without their
wall-time cap, so a loaded machine plays the same moves). Every strict-phase
position on the way with 2 to 5 cards in the mover's hand is solved; those where
one move wins (a positive value) and beats every other by a game point or more
qualify. Each hand gives at most one problem: half the set has the stock
empty, half closed; among a hand's new qualifiers whose half is not full, the
one of the kind the set holds fewest of so far (the stock, then leading or
answering, then cards in hand), ties broken by an RNG seeded from ``--seed``.
So the same arguments write the same bytes.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sixtysix import Game, bots, problems  # noqa: E402
from sixtysix.scoring import WINNING_POINTS  # noqa: E402

#: The pairs of players, one per hand in turn (seat 0, seat 1).
BOTS = "medium/medium,hard/medium,medium/hard"
MIN_CARDS, MAX_CARDS = 2, 5


def kinds(pos: dict) -> tuple:
    """What the set is balanced over, coarsest first: the stock (empty or closed); it and
    leading or answering; those and the cards held."""
    stock, answering, held = pos["stock"], bool(pos["trick"]), len(pos["you"])
    return (stock,), (stock, answering), (stock, answering, held)


def candidate(g: Game) -> bool:
    """A strict-phase decision worth solving: 2-5 cards, a choice, not simply "declare", not
    the card after a marriage (the marriage was the decision)."""
    p = g.to_move
    n = bin(g.hands[p]).count("1")
    return (g.is_strict() and MIN_CARDS <= n <= MAX_CARDS and len(g.legal_codes()) > 1 and g.pending_marriage < 0
            and not (g.led < 0 and g.points(p) >= WINNING_POINTS))


def play(game: Game, players) -> list[Game]:
    """Play ``game`` out; the candidate positions met on the way (copies)."""
    found = []
    while game.to_move is not None:
        p = game.to_move
        if candidate(game):
            found.append(game.copy())
        game.apply(players[p].choose(game.view(p)))
    return found


def qualifies(g: Game) -> bool:
    values = problems.solve_values(g)
    return problems.is_problem(values) and max(values.values()) > 0


def generate(count: int, seed: int, pairs: list[tuple[str, str]], max_hands: int, progress=None) -> list:
    """``count`` problems from seeded self-play (fewer if ``max_hands`` run out): at most
    one per hand, half with the stock empty and half closed, each half as evenly spread
    over leading or answering and cards held as the hands allow."""
    rng = random.Random(f"problems:{seed}")
    quota = {("empty",): count - count // 2, ("closed",): count // 2}
    out, seen, counts = [], set(), Counter()
    for n in range(max_hands):
        if len(out) >= count:
            break
        tag = f"problems:{seed}:{n}"
        names = pairs[n % len(pairs)]
        players = [bots.make(name, seed=f"{tag}:{i}", time_cap=None) for i, name in enumerate(names)]
        options = []
        for g in play(Game.new(seed=tag), players):
            pos = problems.position_of(g)
            pid = problems.position_id(pos)
            keys = kinds(pos)
            if pid not in seen and counts[keys[0]] < quota[keys[0]] and qualifies(g):
                options.append((tuple(counts[k] for k in keys), pid, g))
        if not options:
            continue
        fewest = min(o[0] for o in options)
        _, pid, g = rng.choice([o for o in options if o[0] == fewest])
        p = problems.make(g)
        seen.add(pid)
        counts.update(kinds(p.position()))
        out.append(p)
        if progress:
            progress(f"hand {n + 1}: {len(out)}/{count} problems")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=240, help="problems to make (default 240)")
    ap.add_argument("--seed", type=int, default=1, help="the seed of the whole set (default 1)")
    ap.add_argument("--out", type=Path, default=ROOT / "assets" / "problems.json", help="where to write the JSON")
    ap.add_argument("--bots", default=BOTS, help=f"seat0/seat1 pairs, cycled per hand (default {BOTS})")
    ap.add_argument("--max-hands", type=int, default=None, help="give up after this many hands (default 40 x count)")
    ap.add_argument("--progress", action="store_true", help="report each problem found on stderr")
    args = ap.parse_args(argv)
    pairs = [tuple(p.split("/")) for p in args.bots.split(",")]
    if any(len(p) != 2 for p in pairs):
        ap.error("--bots takes pairs like medium/hard, separated by commas")
    start = time.perf_counter()
    say = (lambda m: print(m, file=sys.stderr, flush=True)) if args.progress else None
    found = generate(args.count, args.seed, pairs, args.max_hands or 40 * args.count, say)
    text = problems.dumps(found)
    problems.load(text)   # what we ship must load
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text + "\n", encoding="utf-8")
    spread = Counter(p.stock + ("" if p.stock == "empty" else f" by {p.closed_by}") for p in found)
    print(f"make_problems: {len(found)} problems in {time.perf_counter() - start:.0f} s, {len(text) + 1} bytes "
          f"-> {args.out}; " + ", ".join(f"{k}: {v}" for k, v in sorted(spread.items())), file=sys.stderr)
    return 0 if len(found) >= args.count else 1


if __name__ == "__main__":
    sys.exit(main())
