"""Records: a hand or a match as versioned JSON, and replaying them.

A record holds only the inputs (decks, dealers, actions); loading replays
every action through the checked path, so a loaded game is always one the
rules can reach. Anything malformed, tampered or impossible raises
:class:`RecordError` and never yields a half-built game.

>>> from sixtysix import Game
>>> g = Game.new(seed=1); g.apply("close")
>>> loads(dumps(g)).action_notations()
['close']
"""

from __future__ import annotations

import json

from .actions import IllegalAction
from .game import Game
from .match import TARGET, Match, seeded_deck, seeded_first_dealer
from .quoting import quote
from .safejson import JSONLimitError, bounded_loads

VERSION = 1
#: Bounds on a record's text, checked before parsing (records come from
#: storage and links). A finished match record is about 10 KB, 4 levels deep.
MAX_CHARS = 100_000
MAX_DEPTH = 6
HAND_FORMAT = "sixtysix-hand"
MATCH_FORMAT = "sixtysix-match"


class RecordError(ValueError):
    """A record that cannot be loaded; the message says what is wrong."""


def hand_dict(game: Game) -> dict:
    d = {"deck": list(game.deck), "dealer": game.dealer, "actions": game.action_notations()}
    if game.result:
        d["result"] = game.result.to_dict()
    return d


def to_dict(obj) -> dict:
    """The record of a :class:`Game` or :class:`Match` as a JSON-ready dict."""
    if isinstance(obj, Game):
        return {"format": HAND_FORMAT, "version": VERSION, **hand_dict(obj)}
    if isinstance(obj, Match):
        return {"format": MATCH_FORMAT, "version": VERSION, "seed": obj.seed, "target": obj.target,
                "first_dealer": obj.first_dealer, "hands": [hand_dict(g) for g in obj.games]}
    raise TypeError(f"cannot record {type(obj).__name__}")


def dumps(obj) -> str:
    return json.dumps(to_dict(obj), separators=(",", ":"))


def loads(text):
    """A :class:`Game` or :class:`Match` from its record text.

    :raises RecordError: when the text is not a valid, reachable record.
    """
    try:
        data = bounded_loads(text, MAX_CHARS, MAX_DEPTH)
    except JSONLimitError as e:
        raise RecordError(f"not JSON within the limits: {e}") from None
    return from_dict(data)


def from_dict(data):
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    fmt = data.get("format")
    if fmt not in (HAND_FORMAT, MATCH_FORMAT):
        raise RecordError(f"unknown record format {quote(fmt)}")
    version = data.get("version")
    if type(version) is not int or version != VERSION:  # not True, not 1.0
        raise RecordError(f"unsupported {fmt} version {quote(version)} (this build reads {VERSION})")
    if fmt == HAND_FORMAT:
        return _replay_hand(data, "hand")
    return _replay_match(data)


def _replay_hand(data, where: str) -> Game:
    if not isinstance(data, dict):
        raise RecordError(f"{where}: a hand is a JSON object")
    deck, dealer, actions = data.get("deck"), data.get("dealer"), data.get("actions")
    if not isinstance(actions, list):
        raise RecordError(f"{where}: 'actions' must be a list")
    try:
        game = Game.from_deck(deck, dealer)
    except (TypeError, ValueError) as e:
        raise RecordError(f"{where}: bad deal: {e}") from None
    for i, a in enumerate(actions):
        try:
            game.apply(a)
        except IllegalAction as e:
            raise RecordError(f"{where}, action {i + 1} ({quote(a)}): {e}") from None
    if "result" in data:
        stored = data["result"]
        actual = game.result.to_dict() if game.result else None
        if stored != actual:
            raise RecordError(f"{where}: the stored result {quote(stored)} does not match the replay {quote(actual)}")
    return game


def _replay_match(data) -> Match:
    seed, target, first, hands = data.get("seed"), data.get("target"), data.get("first_dealer"), data.get("hands")
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise RecordError("match: 'seed' must be an integer or a string")
    if type(target) is not int or target != TARGET:  # a match is to 7; not 7.0, not True
        raise RecordError(f"match: 'target' must be {TARGET}, not {quote(target)}")
    if type(first) is not int or first not in (0, 1):  # not 1.0, not False
        raise RecordError("match: 'first_dealer' must be 0 or 1")
    # A match's deals come from its seed: a record whose deals differ was edited.
    if first != seeded_first_dealer(seed):
        raise RecordError("match: 'first_dealer' does not match the seed")
    if not isinstance(hands, list) or not hands:
        raise RecordError("match: 'hands' must be a non-empty list")
    games: list[Game] = []
    for n, h in enumerate(hands):
        where = f"match hand {n + 1}"
        if games:
            so_far = Match.from_games(seed, games, first, target)
            if not so_far.hand_over or so_far.winner is not None:
                raise RecordError(f"{where}: comes after a hand that is unfinished or ended the match")
        if isinstance(h, dict) and h.get("deck") != seeded_deck(seed, n):
            raise RecordError(f"{where}: the deck does not match the match seed")
        game = _replay_hand(h, where)
        if game.dealer != first ^ (n & 1):
            raise RecordError(f"{where}: the dealer must alternate (expected {first ^ (n & 1)})")
        games.append(game)
    return Match.from_games(seed, games, first, target)
