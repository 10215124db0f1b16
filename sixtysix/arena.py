"""Duplicate matches between two bots: ``python -m sixtysix.arena A B --pairs N --seed S``.

Each *pair* deals one deck twice with the seats swapped (same dealer seat,
same cards), so the luck of the deal cancels out. Bots: ``easy``, ``medium``,
``hard``, ``random`` and ``open`` (the open-hand player: the hard search
handed the whole game; evaluation only).

Printed for each side: game points scored per hand (mean and 95% confidence
interval), hands won, how often it closed and how often those closes failed
(the hand ended ``closed_failed``: the closer did not reach 66 before the
cards ran out, or the opponent reached it first), and decision times (mean,
p95, max, median, over every call of the bot; wall time and the process's CPU
time, which other load on the machine disturbs less). Then the per-pair difference:
for each pair, (A's game points - B's) over its two hands / 2, i.e. per hand,
with its mean and 95% CI. Results do not depend on ``--jobs`` (each pair is
played from its own seeds; only the timings differ).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time

from . import cards
from .bots import BOTS, SEARCH_PRESETS, make
from .bots.config import parse_options
from .game import Game

def pair_deck(seed, i: int) -> tuple[list[str], int]:
    rng = random.Random(f"arena:{seed}:pair:{i}")
    deck = list(cards.CODES)
    rng.shuffle(deck)
    return deck, rng.randrange(2)


def parse_bot(spec: str) -> tuple[str, dict]:
    """``hard`` or, for experiments, ``hard:depth=1,close_share=0``: the options of the
    search bots are :class:`SearchConfig` fields, parsed by their types.

    :raises ValueError: on an unknown bot, an unknown option or a value of the wrong type.
    """
    name, _, rest = spec.partition(":")
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(BOTS)}")
    if rest and name not in SEARCH_PRESETS:
        raise ValueError(f"the {name} bot takes no options, not {rest!r}")
    return name, parse_options(rest)


def _make(spec: str, seed, budget):
    name, opts = parse_bot(spec)
    if budget and name in ("hard", "open"):
        opts.setdefault("budget", budget)
    if name in SEARCH_PRESETS:   # no wall-time cap: results depend on the seeds only, never on load
        opts.setdefault("time_cap", None)
    return make(name, seed=seed, **opts)


def play_hand(bots: dict, deck, dealer: int) -> dict:
    """One hand; ``bots`` maps seat to bot. Returns the result and per-seat figures."""
    g = Game.from_deck(deck, dealer)
    times = {0: [], 1: []}
    cpu = {0: [], 1: []}
    while g.result is None:
        p = g.to_move
        bot = bots[p]
        t, c = time.perf_counter(), time.process_time()
        if hasattr(bot, "choose_game"):
            action = bot.choose_game(g)
        else:
            action = bot.choose(g.view(p))
        cpu[p].append(time.process_time() - c)
        times[p].append(time.perf_counter() - t)
        g.apply(action)  # raises on an illegal action: a bot bug must not pass unnoticed
    r = g.result
    return {"winner": r.winner, "game_points": r.game_points, "reason": r.reason,
            "closed_by": g.closed_by, "times": times, "cpu": cpu, "actions": g.action_notations()}


def play_pair(args) -> dict:
    """Both hands of pair ``i``: side A in seat 0 and then in seat 1."""
    a, b, seed, i, budget = args
    deck, dealer = pair_deck(seed, i)
    out = []
    for a_seat in (0, 1):
        bots = {a_seat: _make(a, f"{seed}:{i}:A", budget), 1 - a_seat: _make(b, f"{seed}:{i}:B", budget)}
        h = play_hand(bots, deck, dealer)
        side = {a_seat: "A", 1 - a_seat: "B"}
        out.append({"winner": side[h["winner"]], "game_points": h["game_points"], "reason": h["reason"],
                    "closer": side.get(h["closed_by"]), "a_seat": a_seat,
                    "times": {"A": h["times"][a_seat], "B": h["times"][1 - a_seat]},
                    "cpu": {"A": h["cpu"][a_seat], "B": h["cpu"][1 - a_seat]}})
    return {"pair": i, "hands": out}


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    """Mean and a normal-approximation 95% confidence interval."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, m, m
    half = 1.96 * statistics.stdev(xs) / math.sqrt(n)
    return m, m - half, m + half


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def summarize(a: str, b: str, pairs: list[dict]) -> dict:
    sides = {}
    for side, name in (("A", a), ("B", b)):
        gp, won, closes, failed, close_net, times, cpu = [], 0, 0, 0, [], [], []
        for p in pairs:
            for h in p["hands"]:
                mine = h["game_points"] if h["winner"] == side else 0
                gp.append(mine)
                won += h["winner"] == side
                if h["closer"] == side:
                    closes += 1
                    failed += h["reason"] == "closed_failed"
                    close_net.append(h["game_points"] if h["winner"] == side else -h["game_points"])
                times.extend(h["times"][side])
                cpu.extend(h["cpu"][side])
        m, lo, hi = mean_ci(gp)
        sides[side] = {
            "bot": name, "hands": len(gp), "game_points_per_hand": m, "ci95": [lo, hi],
            "hands_won": won / len(gp), "closes": closes, "close_rate": closes / len(gp),
            "closes_failed": failed, "close_fail_rate": failed / closes if closes else 0.0,
            "close_net_per_close": sum(close_net) / closes if closes else 0.0,
            "decisions": len(times),
            "time_ms": {"mean": 1000 * sum(times) / max(1, len(times)), "median": 1000 * _pct(times, 0.5),
                        "p95": 1000 * _pct(times, 0.95), "max": 1000 * max(times, default=0.0)},
            "cpu_ms": {"mean": 1000 * sum(cpu) / max(1, len(cpu)), "median": 1000 * _pct(cpu, 0.5),
                       "p95": 1000 * _pct(cpu, 0.95), "max": 1000 * max(cpu, default=0.0)}}
    diffs = []
    for p in pairs:
        d = 0
        for h in p["hands"]:
            d += h["game_points"] if h["winner"] == "A" else -h["game_points"]
        diffs.append(d / 2)
    m, lo, hi = mean_ci(diffs)
    return {"A": sides["A"], "B": sides["B"], "pairs": len(pairs),
            "difference_per_hand": {"mean": m, "ci95": [lo, hi]}}


def _progress(results: list[dict], every: int):
    """With ``--progress N``: the running per-pair difference on stderr every N pairs."""
    if every and len(results) % every == 0:
        d = [sum(h["game_points"] if h["winner"] == "A" else -h["game_points"] for h in p["hands"]) / 2
             for p in results]
        m, lo, hi = mean_ci(d)
        print(f"{len(results)} pairs: A - B {m:+.3f} [{lo:+.3f}, {hi:+.3f}]", file=sys.stderr, flush=True)


def run(a: str, b: str, pairs: int, seed, jobs: int = 1, budget=None, progress: int = 0) -> dict:
    tasks = [(a, b, seed, i, budget) for i in range(pairs)]
    start = time.perf_counter()
    if jobs > 1:
        import multiprocessing as mp
        with mp.get_context("spawn" if sys.platform == "win32" else "fork").Pool(jobs) as pool:
            results = []
            for r in pool.imap(play_pair, tasks, chunksize=1):
                results.append(r)
                _progress(results, progress)
    else:
        results = []
        for t in tasks:
            results.append(play_pair(t))
            _progress(results, progress)
    summary = summarize(a, b, results)
    summary.update({"seed": seed, "jobs": jobs, "budget": budget, "wall_seconds": time.perf_counter() - start,
                    "command": "python -m sixtysix.arena " + " ".join(sys.argv[1:])})
    return summary


def report(s: dict) -> str:
    lines = [f"{s['pairs']} duplicate pairs ({2 * s['pairs']} hands), seed {s['seed']}"]
    for side in ("A", "B"):
        x = s[side]
        t, c = x["time_ms"], x["cpu_ms"]
        lines.append(
            f"{side} {x['bot']:>7}: {x['game_points_per_hand']:.3f} game points/hand "
            f"[{x['ci95'][0]:.3f}, {x['ci95'][1]:.3f}], hands won {100 * x['hands_won']:.1f}%, "
            f"closed {x['closes']} ({100 * x['close_rate']:.1f}% of hands), failed {x['closes_failed']} "
            f"({100 * x['close_fail_rate']:.1f}% of closes; net {x['close_net_per_close']:+.2f} gp/close); "
            f"decision ms (wall) mean {t['mean']:.1f} median {t['median']:.1f} p95 {t['p95']:.1f} "
            f"max {t['max']:.1f}, (cpu) mean {c['mean']:.1f} median {c['median']:.1f} p95 {c['p95']:.1f} "
            f"max {c['max']:.1f} over {x['decisions']} decisions")
    d = s["difference_per_hand"]
    lines.append(f"A - B per hand (per-pair difference): {d['mean']:+.3f} [{d['ci95'][0]:+.3f}, {d['ci95'][1]:+.3f}]")
    return "\n".join(lines)


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--pairs", type=int, default=100)
    ap.add_argument("--seed", default="0")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--budget", type=int, default=None, help="node budget for the search bots (default: theirs)")
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    ap.add_argument("--progress", type=int, default=0, metavar="N",
                    help="print the running difference to stderr every N pairs")
    args = ap.parse_args(argv)
    for spec in (args.a, args.b):
        try:
            _make(spec, "check", args.budget)   # a bad name, option or value stops here, before any play
        except ValueError as e:
            ap.error(str(e))
    s = run(args.a, args.b, args.pairs, args.seed, args.jobs, args.budget, args.progress)
    print(json.dumps(s, indent=1) if args.json else report(s))
    return s


if __name__ == "__main__":
    main()
