"""Scoring an open-stock position of a world in expected game points.

When the search stops while the stock is still open it asks :func:`evaluate`
for the value of the position for the player on lead: expected game points
(times ``search.G``) plus the usual small card-point tie-break. The estimate
is linear in a few features of both hands, with one weight vector per stock
size, clipped to the possible range. The weights were fitted by least squares
to the final game points of positions from self-play (``tools`` not needed:
see ``fit`` below and docs/bots.md).
"""

from __future__ import annotations

from ..cards import POINTS, marriage_points
from ..scoring import HALF_POINTS as HALF, WINNING_POINTS as WIN
from .search import G, TB

_PC = [sum(POINTS[c] for c in range(6) if m >> c & 1) for m in range(64)]   # points of a 6-bit chunk
_BITS = [bin(m).count("1") for m in range(64)]

N_FEATURES = 10


def features(hl: int, hf: int, pl: int, pf: int, tl: int, tf: int, d: int, tc: int, trump: int) -> list[float]:
    """Features of a position from the leader's side (differences leader - follower)."""
    ts = 6 * trump
    return [1.0,
            pl - pf,
            _hand_points(hl) - _hand_points(hf),
            _BITS[hl >> ts & 63] - _BITS[hf >> ts & 63],
            _BITS[hl >> ts & 48] - _BITS[hf >> ts & 48],           # trump ten and ace
            _aces(hl, trump) - _aces(hf, trump),
            _marriages(hl, trump) - _marriages(hf, trump),
            tl - tf,
            (pl >= HALF) - (pf >= HALF),
            (pl + _hand_points(hl) >= WIN) - (pf + _hand_points(hf) >= WIN)]


def _hand_points(h: int) -> int:
    return _PC[h & 63] + _PC[h >> 6 & 63] + _PC[h >> 12 & 63] + _PC[h >> 18 & 63]


def _aces(h: int, trump: int) -> int:
    n = 0
    for s in range(4):
        if s != trump and h >> (6 * s + 5) & 1:
            n += 1
    return n


def _marriages(h: int, trump: int) -> int:
    v = 0
    for s in range(4):
        if h >> (6 * s + 2) & 3 == 3:
            v += marriage_points(s, trump)
    return v


# One weight vector per stock state d = 0, 2, ..., 12 (index d // 2), fitted by
# ``python -m sixtysix.bots.fit --hands 600 --bot hard`` (hard self-play, hand-set start weights).
# hard-v1 (the frozen yardstick, .v1) keeps these for good; a refit replaces WEIGHTS only.
WEIGHTS_V1 = (
    [-0.1034, 0.0, 0.0301, 0.4365, -0.0418, 0.0271, 0.0203, 0.0, 0.0, 0.0],
    [0.11, 0.0241, 0.023, 0.4893, -0.0051, 0.1292, 0.025, 0.11, 0.0, 0.4466],
    [-0.0244, 0.0277, 0.0317, 0.4656, 0.0727, 0.0711, 0.0229, 0.3102, 0.2858, 0.0038],
    [-0.013, 0.0258, 0.0218, 0.4319, 0.2892, 0.1715, 0.0225, 0.1054, 0.5053, 0.025],
    [0.0294, 0.024, 0.0219, 0.4472, 0.3403, 0.2928, 0.0206, -0.0836, 0.3571, 0.163],
    [0.2228, 0.0191, 0.026, 0.4804, 0.3839, 0.274, 0.0207, 0.1414, 0.4478, -0.0733],
    [0.291, 0.013, 0.0293, 0.5201, 0.2508, 0.1665, 0.015, -0.3746, 0.2494, -0.0351],
)
WEIGHTS = list(WEIGHTS_V1)
HAND_SET = [[0.10, 0.025, 0.012, 0.10, 0.10, 0.05, 0.012, 0.25, 0.0, 0.1] for _ in range(7)]


def make_evaluate(weights):
    """The evaluation with the given weights (one vector per stock state)."""
    half, win = HALF, WIN   # closure cells: cheaper than globals at every leaf of the search

    def evaluate(hl, hf, pl, pf, tl, tf, d, tc, trump) -> int:
        w = weights[d >> 1]
        ts = 6 * trump
        hpl, hpf = _hand_points(hl), _hand_points(hf)
        x = (w[0]
             + w[1] * (pl - pf)
             + w[2] * (hpl - hpf)
             + w[3] * (_BITS[hl >> ts & 63] - _BITS[hf >> ts & 63])
             + w[4] * (_BITS[hl >> ts & 48] - _BITS[hf >> ts & 48])
             + w[5] * (_aces(hl, trump) - _aces(hf, trump))
             + w[6] * (_marriages(hl, trump) - _marriages(hf, trump))
             + w[7] * (tl - tf)
             + w[8] * ((pl >= half) - (pf >= half))
             + w[9] * ((pl + hpl >= win) - (pf + hpf >= win)))
        if x > 2.5:
            x = 2.5
        elif x < -2.5:
            x = -2.5
        return int(G * x) + TB * (pl - pf)
    return evaluate


evaluate = make_evaluate(WEIGHTS)
