"""Fitting the evaluation weights: ``python -m sixtysix.bots.fit --hands N``.

Plays ``N`` hands of bot self-play, records every position where a player is
about to lead while the stock is open (or empty and not closed), with the
features of :func:`sixtysix.bots.evaluate.features` from the leader's side
(true hands: the evaluation runs inside a world, where both hands are known),
and the game points the hand finally gave the leader (negative when lost).
Fits one least-squares weight vector per stock state and prints ``WEIGHTS``
for evaluate.py. Deterministic for a given seed. ``--save FILE`` also writes
the positions and outcomes; ``--load FILE`` fits those again without playing
(self-play is the slow part: about 0.8 s a hand of hard on 2 cores);
``--folds K`` prints the refit's out-of-sample error beside the error of
hard-v1's weights on the same positions.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp

from ..game import STOCK_START, Game
from ..scoring import WINNING_POINTS
from . import make
from .evaluate import N_FEATURES, WEIGHTS_V1, features


def _hand(args):
    i, bot, seed = args
    g = Game.new(seed=f"fit:{seed}:{i}")
    players = [make(bot, seed=f"fit:{seed}:{i}:0"), make(bot, seed=f"fit:{seed}:{i}:1")]
    rows = []
    while g.result is None:
        p = g.to_move
        if g.led < 0 and g.pending_marriage < 0 and g.closed_by < 0 and g.points(p) < WINNING_POINTS:
            l, f = p, 1 - p
            rows.append(([g.hands[l], g.hands[f], g.points(l), g.points(f), int(g.tricks[l] > 0),
                          int(g.tricks[f] > 0), g.drawn, g.trump_card, g.trump], l))
        g.apply(players[p].choose(g.view(p)))
    r = g.result
    return [(pos, r.game_points if r.winner == l else -r.game_points) for pos, l in rows]


def solve(xs, ys, ridge=1e-3):
    n = len(xs[0])
    a = [[ridge * (i == j) for j in range(n)] + [0.0] for i in range(n)]
    for x, y in zip(xs, ys):
        for i in range(n):
            xi = x[i]
            row = a[i]
            for j in range(n):
                row[j] += xi * x[j]
            row[n] += xi * y
    for c in range(n):  # Gauss-Jordan with partial pivoting
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        piv = a[c][c]
        a[c] = [v / piv for v in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [v - f * w for v, w in zip(a[r], a[c])]
    return [a[i][n] for i in range(n)]


def _mse(w, rows) -> float:
    return sum((sum(wi * xi for wi, xi in zip(w, x)) - y) ** 2 for x, y in rows) / len(rows)


def out_of_sample(rows, folds: int, block: int = 40) -> float:
    """Mean squared error of the refit on positions it was not fitted on:
    ``folds`` folds of blocks of consecutive positions (a hand's positions
    are consecutive, so a hand rarely straddles two folds)."""
    total = 0.0
    for k in range(folds):
        train = [r for i, r in enumerate(rows) if i // block % folds != k]
        test = [r for i, r in enumerate(rows) if i // block % folds == k]
        if not test or not train:   # fewer positions than folds x block
            continue
        w = solve([x for x, _ in train], [y for _, y in train])
        total += _mse(w, test) * len(test)
    return total / len(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--bot", default="hard")
    ap.add_argument("--seed", default="0")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--save", metavar="FILE", help="also write the positions and outcomes (JSON) here")
    ap.add_argument("--load", metavar="FILE", help="fit the positions of a --save file instead of playing")
    ap.add_argument("--folds", type=int, default=0,
                    help="also print the out-of-sample error of the refit over this many folds, beside hard-v1's")
    args = ap.parse_args(argv)
    if args.load:
        with open(args.load) as f:
            positions = json.load(f)
    else:
        tasks = [(i, args.bot, args.seed) for i in range(args.hands)]
        with mp.get_context("fork").Pool(args.jobs) as pool:
            positions = [r for hand in pool.map(_hand, tasks, chunksize=4) for r in hand]
        if args.save:
            with open(args.save, "w") as f:
                json.dump(positions, f)
    rows = [(pos[6] >> 1, features(*pos), y) for pos, y in positions]
    weights = []
    for b in range(STOCK_START // 2 + 1):
        sel = [(x, y) for bb, x, y in rows if bb == b]
        if len(sel) < 5 * N_FEATURES:
            weights.append(None)
            continue
        w = solve([x for x, _ in sel], [y for _, y in sel])
        var = sum(y * y for _, y in sel) / len(sel)
        line = f"# d={2 * b:2} n={len(sel)} mse={_mse(w, sel):.3f} (E[y^2]={var:.3f})"
        if args.folds > 1:   # hard-v1's weights read the first ten features and were fitted elsewhere
            line += (f" out of sample {out_of_sample(sel, args.folds):.4f},"
                     f" hard-v1's weights {_mse(WEIGHTS_V1[b], sel):.4f}")
        print(line)
        weights.append([round(v, 4) for v in w])
    print("WEIGHTS = [")
    for w in weights:
        print(f"    {w},")
    print("]")


if __name__ == "__main__":
    main()
