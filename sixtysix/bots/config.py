"""The search players' settings: one frozen :class:`SearchConfig` per player.

A level is a preset (:data:`HARD`, :data:`MEDIUM`; ``hard-v1``'s lives in
:mod:`.v1`), an experiment a preset with a few fields replaced
(``dataclasses.replace(HARD, depth=1)``, or ``hard:depth=1`` in the arena,
parsed by :func:`parse_options` from the fields' types). The defaults are the
search with the opponent model (issue 14), which the open-hand player and
the hand review use.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass

from . import evaluate as E

#: The evaluation weights a configuration may name.
EVALUATIONS = {"fitted": E.WEIGHTS, "v1": E.WEIGHTS_V1, "hand_set": E.HAND_SET, "refit": E.WEIGHTS_REFIT}
INFERENCES = ("model", "uniform")


@dataclass(frozen=True)
class SearchConfig:
    """How a search player decides (docs/bots.md explains each setting)."""

    budget: int = 40_000          # search nodes per decision (deterministic)
    time_cap: float | None = 0.8  # seconds of wall time, a safety net; None: no cap
    depth: int = 2                # tricks searched before the evaluation while the stock is open ...
    deep_until: int = 6           # ... while at most this many cards were drawn (1 after)
    max_worlds: int = 40
    min_worlds: int = 4
    close_share: float = 0.85     # closing must win in this share of the worlds
    close_worlds: int = 24        # worlds in which each "close and lead c" is scored
    close_depth: int = 1          # plies from the root where the search considers closing
    exact_tail: bool = True       # solve exactly once the stock runs out (else evaluate)
    evaluation: str = "fitted"    # the weights of the evaluation: a key of EVALUATIONS
    inference: str = "model"      # "model": worlds weighed by the opponent's play; "uniform": all the same
    extra_worlds: int = 16        # up to this many more worlds when the call is close ...
    extra_budget: int = 20_000    # ... and this many more nodes
    close_margin: float = 0.05    # game points between the best two moves that make a call close
    postpone: bool = False        # stock closed: my next card chosen once per thing seen, not per world (EPIMC)
    # the opponent model (inference="model"; see .inference)
    horizon: int = 4              # the opponent's last card plays weighed
    temperature: float = 0.3      # softmax temperature, in game points
    floor: float = 0.15           # uniform share mixed in, so no world is ruled out
    missed: float = 0.05          # likelihood of leading a marriage card without announcing it
    kept_nine: float = 0.2        # likelihood of not exchanging the trump nine when allowed
    model_nodes: int = 3000       # node cap of weighing one world

    def __post_init__(self):
        if self.inference not in INFERENCES:
            raise ValueError(f"inference is 'model' or 'uniform', not {self.inference!r}")
        if self.evaluation not in EVALUATIONS:
            raise ValueError(f"evaluation is one of {', '.join(EVALUATIONS)}, not {self.evaluation!r}")

    def evaluate(self):
        """The evaluation function these settings name."""
        return E.evaluate if self.evaluation == "fitted" else E.make_evaluate(EVALUATIONS[self.evaluation])


#: The opponent-model search of issue 14 (the defaults).
MODEL = SearchConfig()
#: The level ``hard``: hard-v1's play (uniform worlds, no extra worlds) with the fitted
#: evaluation; the opponent model drew level with hard-v1 at 1.3x the CPU (docs/bots.md).
HARD = SearchConfig(inference="uniform", extra_worlds=0)
#: The level ``medium``: a shallow search of few worlds with hand-set weights.
MEDIUM = SearchConfig(budget=2_000, inference="uniform", extra_worlds=0, depth=1, max_worlds=6,
                      close_share=0.5, exact_tail=False, evaluation="hand_set")

_ALIASES = {"eval": "evaluation"}   # the arena's older spelling (docs/bots.md's figures)
_TRUE, _FALSE = ("true", "yes", "1"), ("false", "no", "0")


def _parse_value(name: str, kind, text: str):
    optional = typing.get_origin(kind) in (typing.Union, getattr(__import__("types"), "UnionType", None)) \
        and type(None) in typing.get_args(kind)
    if optional:
        if text.lower() == "none":
            return None
        kind = next(a for a in typing.get_args(kind) if a is not type(None))
    try:
        if kind is bool:
            if text.lower() in _TRUE + _FALSE:
                return text.lower() in _TRUE
            raise ValueError
        return kind(text)
    except ValueError:
        expected = {bool: "true or false", int: "an integer", float: "a number", str: "a word"}[kind]
        raise ValueError(f"option {name}={text!r}: expected {expected}" +
                         (" or none" if optional else "")) from None


def parse_options(text: str) -> dict:
    """``"depth=1,close_share=0"`` as typed :class:`SearchConfig` fields.

    >>> parse_options("depth=1,exact_tail=false,time_cap=none,eval=hand_set")
    {'depth': 1, 'exact_tail': False, 'time_cap': None, 'evaluation': 'hand_set'}

    :raises ValueError: on an unknown option or a value of the wrong type.
    """
    kinds = typing.get_type_hints(SearchConfig)
    out = {}
    for item in filter(None, text.split(",")):
        name, eq, value = item.partition("=")
        name = _ALIASES.get(name.strip(), name.strip())
        if name not in kinds:
            raise ValueError(f"unknown option {name!r}; the options are {', '.join(kinds)}")
        if not eq:
            raise ValueError(f"option {name} needs a value ({name}=...)")
        out[name] = _parse_value(name, kinds[name], value.strip())
    return out


def configure(preset: SearchConfig, options: dict) -> SearchConfig:
    """``preset`` with ``options`` replaced; ``budget=None`` keeps the preset's budget.

    :raises ValueError: on an option that is not a field (or a bad value: ``__post_init__``).
    """
    names = {f.name for f in dataclasses.fields(SearchConfig)}
    unknown = sorted(set(options) - names)
    if unknown:
        raise ValueError(f"unknown option {unknown[0]!r}; the options are {', '.join(sorted(names))}")
    if options.get("budget", 0) is None:
        options = {k: v for k, v in options.items() if k != "budget"}
    return dataclasses.replace(preset, **options)
