"""Problems: strict-phase positions with one best move, proved by the exact solver.

A problem is a position in the strict phase where every card is known and
the player to move ("you", seat 0 of :func:`to_game`) has exactly one best
move, at least :data:`GAP` game point better than every other legal move:

- ``stock: "empty"``: all unseen cards are in the opponent's hand, so a
  player who counts knows them (a real single-dummy position, solved exactly);
- ``stock: "closed"``: someone closed; the opponent's hand is *shown*
  (double dummy), the stock's cards and the trump card are out of play.

Values are exact game points of the hand for you (+ won, - lost) with both
sides playing perfectly (:class:`sixtysix.bots.search.Searcher`'s exact
strict-phase solver; its card-point tie-break only orders equal lines).

A problem record (JSON, RULES.md notation; sides are ``[you, opponent]``):

=============================  ============================================================
``id``                         8 hex digits: a hash of the position (:func:`position_id`)
``stock``                      ``"empty"`` or ``"closed"`` (then the opponent's hand is shown)
``trump``                      trump suit letter
``trump_card``                 the card under the closed stock (out of play); ``null`` if empty
``closed_by``                  ``"you"``, ``"opponent"`` or ``null``
``non_closer_tricks_at_close`` the non-closer's tricks when the stock was closed (rule 3); ``null``
``you``, ``opponent``          both hands, sorted
``trick``                      ``[]`` when you lead, ``["KS"]`` the opponent's lead you answer
``played``                     cards of the completed tricks, sorted
``points``, ``tricks``         ``[you, opponent]``: points (cards + marriages), tricks won
``marriages``                  ``[["you", "H"], ...]`` marriages announced so far
``values``                     every legal move (notation) -> exact game points for you
``best``                       the winning move(s): the moves of the highest value (one)
``depth``                      how many moves to see (:func:`depth`), the difficulty
``line``                       the principal variation to the end of the hand (:func:`line`)
``reason``                     how the line ends, for the page to say (:func:`reason`)
=============================  ============================================================

:func:`load` reads a problems file and checks every record strictly (shape,
cards, a position the rules can reach, values for exactly the legal moves,
the line and the reason replayed); :func:`check` re-proves the values with the
solver. ``tools/make_problems.py`` makes the shipped set from seeded self-play.

>>> p = load(dumps([make(_example())]))[0]
>>> p.best, p.values, p.depth, p.line
(['play:AH'], {'declare': -2, 'play:9C': 1, 'play:AH': 2}, 1, ['play:AH', 'play:TH', 'declare'])
>>> p.reason["rule"], p.reason["run"]
('opponent_under_33', {'cards': ['AH'], 'side': 'you'})
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from . import cards
from .actions import ACTIONS, DECLARE, Action
from .game import FACE_DOWN, STOCK_START, Game
from .quoting import quote
from .safejson import JSONLimitError, bounded_loads
from .scoring import WINNING_POINTS

FORMAT = "sixtysix-problems"
VERSION = 1
#: The best move beats every other legal move by at least this many game points.
GAP = 1
#: Bounds on a problems file, checked before parsing (the shipped one is ~150 kB).
MAX_CHARS = 2_000_000
MAX_DEPTH = 6
SIDES = ("you", "opponent")
STOCKS = ("empty", "closed")
#: The position's fields (hashed into the id) and the solution's.
POSITION_KEYS = ("stock", "trump", "trump_card", "closed_by", "non_closer_tricks_at_close", "you", "opponent",
                 "trick", "played", "points", "tricks", "marriages")
SOLUTION_KEYS = ("values", "best", "depth", "line", "reason")
KEYS = frozenset(("id",) + POSITION_KEYS + SOLUTION_KEYS)


class ProblemError(ValueError):
    """A problem (or problems file) that is malformed, inconsistent or wrong; the message says what."""


@dataclass
class Problem:
    """One problem; the fields are the record's (see the module doc), lists as JSON has them."""

    id: str
    stock: str
    trump: str
    trump_card: str | None
    closed_by: str | None
    non_closer_tricks_at_close: int | None
    you: list
    opponent: list
    trick: list
    played: list
    points: list
    tricks: list
    marriages: list
    values: dict
    best: list
    depth: int
    line: list
    reason: dict

    def to_dict(self) -> dict:
        return {k: getattr(self, k) for k in sorted(KEYS)}

    def position(self) -> dict:
        return {k: getattr(self, k) for k in POSITION_KEYS}

    @property
    def leading(self) -> bool:
        """You lead (no card on the table)."""
        return not self.trick


# --- the position <-> the engine ----------------------------------------------------------

def position_id(position: dict) -> str:
    """The id of a position: 8 hex digits, the 32-bit FNV-1a hash of its canonical JSON
    (plain Python: the page's trimmed runtime has no ``hashlib``).

    >>> position_id(position_of(_example()))
    'ceb2567f'
    """
    text = json.dumps({k: position[k] for k in POSITION_KEYS}, sort_keys=True, separators=(",", ":"))
    h = 0x811C9DC5
    for byte in text.encode():
        h = (h ^ byte) * 0x01000193 & 0xFFFFFFFF
    return f"{h:08x}"


def position_of(game: Game) -> dict:
    """The record's position fields for the player to move in ``game`` (strict phase,
    player to move = "you").

    :raises ProblemError: if the stock is open, the hand is over or a marriage was
        just announced.
    """
    me = game.to_move
    if me is None or not game.is_strict() or game.pending_marriage >= 0:
        raise ProblemError("a problem is a position in the strict phase with a player to move "
                           "(not between a marriage and its card)")
    side = {me: "you", 1 - me: "opponent"}
    closed = game.closed_by >= 0
    out = game.hands[0] | game.hands[1] | (1 << game.led if game.led >= 0 else 0)
    out |= cards.mask_of(map(cards.index, game.stock_cards()))   # (the closed stock and its trump card)
    played = cards.ALL_CARDS & ~out
    return {
        "stock": "closed" if closed else "empty",
        "trump": game.trump_suit,
        "trump_card": cards.CODES[game.trump_card] if closed else None,
        "closed_by": side[game.closed_by] if closed else None,
        "non_closer_tricks_at_close": game.non_closer_tricks_at_close if closed else None,
        "you": game.hand(me),
        "opponent": game.hand(1 - me),
        "trick": [cards.CODES[game.led]] if game.led >= 0 else [],
        "played": cards.codes_in(played),
        "points": [game.points(me), game.points(1 - me)],
        "tricks": [game.tricks[me], game.tricks[1 - me]],
        "marriages": [[side[p], cards.SUITS[s]] for p, s in game.marriages],
    }


def to_game(problem) -> Game:
    """The engine position of a problem (a :class:`Problem` or its position dict):
    you are player 0, the opponent player 1 (the dealer: it does not matter in
    the strict phase). The position is checked as :func:`load` checks it.

    :raises ProblemError: if the position is not one the rules can reach.
    """
    pos = problem.position() if isinstance(problem, Problem) else problem
    _check_position(pos)
    return _game(pos)


def _game(pos: dict) -> Game:
    idx = cards.index
    you, opp, trick, played = (list(map(idx, pos[k])) for k in ("you", "opponent", "trick", "played"))
    trump = cards.suit_index(pos["trump"])
    in_play = cards.mask_of(you + opp + trick + played)
    if pos["stock"] == "empty":
        drawn, trump_card, stock = STOCK_START, trump * 6, []
    else:
        drawn = len(you) + len(opp) + len(trick) + len(played) - 12
        trump_card = idx(pos["trump_card"])
        stock = [c for c in range(24) if not in_play >> c & 1 and c != trump_card]
    side = {"you": 0, "opponent": 1, None: -1}
    marriages = [(side[p], cards.suit_index(s)) for p, s in pos["marriages"]]
    bonus = [0, 0]
    for p, s in marriages:
        bonus[p] += cards.marriage_points(s, trump)
    return Game.from_position(
        dealer=1, hands=[cards.mask_of(you), cards.mask_of(opp)], trump_card=trump_card, stock=stock, drawn=drawn,
        leader=1 if trick else 0, to_move=0, led=trick[0] if trick else -1,
        won=[pos["points"][0] - bonus[0], pos["points"][1] - bonus[1]], tricks=list(pos["tricks"]),
        closed_by=side[pos["closed_by"]], non_closer_tricks_at_close=pos["non_closer_tricks_at_close"] or 0,
        marriages=marriages)


# --- the exact values ------------------------------------------------------------------------

# The solver (sixtysix.bots.search) is imported where it is used: reading problems
# (load, to_game) must not load the bots, which the page's main thread never imports.

def _searcher(game: Game):
    """The exact solver for ``game``'s trump (its transposition table lives as long as it)."""
    from .bots.search import Searcher

    return Searcher(game.trump, evaluate=None)


def _terminal(game: Game, me: int) -> int:
    from .bots.search import TB, G

    r = game.result
    gp = r.game_points if r.winner == me else -r.game_points
    return gp * G + TB * (game.points(me) - game.points(1 - me))


def _value(game: Game, me: int, s) -> int:
    """The solver's value (``G`` per game point + the card-point tie-break) of ``game`` for ``me``.

    A leader below 66 with no marriage pending is :meth:`Searcher.strict`'s; a
    leader with 66 declares at once (waiting can only give the opponent more
    points or tricks); anything else (an answer, the card after a marriage) is
    tried move by move through the engine.
    """
    from .bots.search import closing_state

    if game.result is not None:
        return _terminal(game, me)
    p = game.to_move
    if game.led < 0 and game.pending_marriage < 0:
        if game.points(p) >= WINNING_POINTS:
            game.push(DECLARE)
            v = _terminal(game, me)
            game.pop()
            return v
        o = 1 - p
        v = s.strict(game.hands[p], game.hands[o], game.points(p), game.points(o), int(game.tricks[p] > 0),
                     int(game.tricks[o] > 0), closing_state(game.closed_by, p, game.non_closer_tricks_at_close))
        return v if p == me else -v
    values = _children(game, me, s).values()
    return max(values) if p == me else min(values)


def _children(game: Game, me: int, s) -> dict[int, int]:
    """Each legal action code of the player to move -> :func:`_value` for ``me`` after it."""
    out = {}
    for code in game.legal_codes():
        game.push(code)
        out[code] = _value(game, me, s)
        game.pop()
    return out


def game_points(value: int) -> int:
    """A solver value in whole game points (the tie-break is under half a game point)."""
    from .bots.search import G

    return (value + G // 2) // G


def solve_values(game: Game, searcher=None) -> dict[str, int]:
    """Every legal action of the player to move (notation) -> its exact game points for
    that player, every card known (the game's true hands: what a counting player knows
    once the stock is empty; double dummy when it is closed).

    :raises ProblemError: if the stock is open or the hand is over.
    """
    if game.to_move is None or not game.is_strict():
        raise ProblemError("only a position in the strict phase with a player to move can be solved exactly")
    s = searcher or _searcher(game)
    g = game.copy()
    return {str(ACTIONS[c]): game_points(v) for c, v in _children(g, g.to_move, s).items()}


def is_problem(values: dict) -> bool:
    """The selection rule: one move, and only one, beats every other by :data:`GAP` or more."""
    if len(values) < 2:
        return False
    first, second = sorted(values.values(), reverse=True)[:2]
    return first - second >= GAP


def line(game: Game, searcher=None) -> list[str]:
    """The principal variation from ``game`` to the end of the hand: each side's best
    move by the solver (game points, then anything but a false declaration, then the
    tie-break, then the first in legal order), a player with 66 on lead declaring at once."""
    s = searcher or _searcher(game)
    g = game.copy()
    out = []
    while g.result is None:
        p = g.to_move
        codes = g.legal_codes()
        if DECLARE in codes and g.points(p) >= WINNING_POINTS:
            code = DECLARE
        else:
            children = _children(g, p, s)
            # max keeps the first of equals; a false declaration only if nothing else scores as much
            code = max(codes, key=lambda c: (game_points(children[c]), c != DECLARE, children[c]))
        out.append(str(ACTIONS[code]))
        g.push(code)
    return out


def depth(game: Game, searcher=None) -> int:
    """How many moves to see: the number of decisions of the player to move, from this
    one to the end of the hand, at which some legal move would cost at least one game
    point, along the player's easiest best moves and the opponent's most testing
    defence among its best ones. A decision where nothing can go wrong, or where the
    best move is declaring 66 once reached, does not count.
    """
    s = searcher or _searcher(game)
    g = game.copy()
    return _depth(g, g.to_move, s)


def _depth(g: Game, me: int, s) -> int:
    if g.result is not None:
        return 0
    children = {c: game_points(v) for c, v in _children(g, me, s).items()}
    if g.to_move == me:
        top = max(children.values())
        obvious = g.points(me) >= WINNING_POINTS and children.get(DECLARE) == top   # 66: declare
        here = int(min(children.values()) < top and not obvious)
        return here + min(_after(g, c, me, s) for c, v in children.items() if v == top)
    low = min(children.values())
    return max(_after(g, c, me, s) for c, v in children.items() if v == low)


def _after(g: Game, code: int, me: int, s) -> int:
    g.push(code)
    try:
        return _depth(g, me, s)
    finally:
        g.pop()


def reason(game: Game, moves: list[str]) -> dict:
    """How ``moves`` (a line from ``game``, ending the hand) end it, seen from the player
    to move in ``game`` ("you"), for the page to put in words:

    - ``outcome``, ``rule``: the result's reason and rule (``sixtysix.scoring``);
    - ``winner`` (``"you"``/``"opponent"``) and ``game_points``;
    - ``points``, ``tricks``: ``[you, opponent]`` at the end;
    - ``marriage``: the suit of a marriage announced on the line, else ``None``;
    - ``run``: the tricks at the end of the line won by one side, ``side`` and the
      cards that side took them with (``{"side": "you", "cards": ["AH", "TH"]}``:
      your ace and ten of hearts take the last two tricks).

    :raises ProblemError: if a move is illegal or the line does not end the hand.
    """
    me = game.to_move
    g = game.copy()
    side = {me: "you", 1 - me: "opponent"}
    start = len(g.completed)
    marriage = None
    for i, m in enumerate(moves):
        try:
            g.apply(m)
        except ValueError as e:
            raise ProblemError(f"line move {i + 1} ({quote(m)}): {e}") from None
        if m.startswith("marry:"):
            marriage = m[-1]
    r = g.result
    if r is None:
        raise ProblemError(f"the line {quote(moves)} does not end the hand")
    run_side, run = None, []
    for leader, led, answer, winner in reversed(g.completed[start:]):
        if run_side is not None and winner != run_side:
            break
        run_side = winner
        run.insert(0, cards.CODES[led if winner == leader else answer])
    return {"outcome": str(r.reason), "rule": str(r.rule), "winner": side[r.winner], "game_points": r.game_points,
            "points": [g.points(me), g.points(1 - me)], "tricks": [g.tricks[me], g.tricks[1 - me]],
            "marriage": marriage, "run": {"side": side[run_side] if run else None, "cards": run}}


def make(game: Game) -> Problem:
    """The problem of ``game``'s position for the player to move, solved (whether it
    meets the selection rule is :func:`is_problem`'s to say)."""
    pos = position_of(game)
    g = to_game(pos)
    s = _searcher(g)
    values = solve_values(g, s)
    top = max(values.values())
    moves = line(g, s)
    return Problem(id=position_id(pos), **pos, values=values, best=[a for a in values if values[a] == top],
                   depth=depth(g, s), line=moves, reason=reason(g, moves))


def check(problem: Problem) -> None:
    """Re-prove a problem with the solver: its values (hence its best move), depth and line
    (:func:`load` has checked that the line ends as ``reason`` says).

    :raises ProblemError: naming the problem and what the solver found instead.
    """
    g = to_game(problem)
    s = _searcher(g)
    values = solve_values(g, s)
    if values != problem.values:
        wrong = sorted(a for a in values if problem.values.get(a) != values[a])
        raise ProblemError(f"problem {problem.id}: the solver values {', '.join(wrong)} differently: "
                           f"{ {a: values[a] for a in wrong} }, not { {a: problem.values.get(a) for a in wrong} }")
    d = depth(g, s)
    if d != problem.depth:
        raise ProblemError(f"problem {problem.id}: the solver finds depth {d}, not {problem.depth}")
    moves = line(g, s)
    if moves != problem.line:
        raise ProblemError(f"problem {problem.id}: the solver's line is {moves}, not {problem.line}")


# --- files --------------------------------------------------------------------------------------

def dumps(problems: list[Problem]) -> str:
    """The problems file: compact JSON, sorted keys, by difficulty (depth) then id."""
    ordered = sorted(problems, key=lambda p: (p.depth, p.id))
    return json.dumps({"format": FORMAT, "version": VERSION, "problems": [p.to_dict() for p in ordered]},
                      sort_keys=True, separators=(",", ":"))


def load(text) -> list[Problem]:
    """The problems of a problems file, each checked (not re-solved: :func:`check` does that).

    :raises ProblemError: on anything malformed, inconsistent or tampered, naming the
        problem (its index and id) and the fault.
    """
    try:
        data = bounded_loads(text, MAX_CHARS, MAX_DEPTH)
    except JSONLimitError as e:
        raise ProblemError(f"problems file: not JSON within the limits: {e}") from None
    if not isinstance(data, dict) or set(data) != {"format", "version", "problems"}:
        raise ProblemError("problems file: an object with 'format', 'version' and 'problems' only")
    if data["format"] != FORMAT:
        raise ProblemError(f"problems file: unknown format {quote(data['format'])}")
    if type(data["version"]) is not int or data["version"] != VERSION:
        raise ProblemError(f"problems file: unsupported version {quote(data['version'])} (this build reads {VERSION})")
    if not isinstance(data["problems"], list):
        raise ProblemError("problems file: 'problems' must be a list")
    out, seen = [], set()
    for i, d in enumerate(data["problems"]):
        where = f"problem {i + 1}" + (f" ({quote(d.get('id'))})" if isinstance(d, dict) and "id" in d else "")
        try:
            p = from_dict(d)
        except ProblemError as e:
            raise ProblemError(f"{where}: {e}") from None
        if p.id in seen:
            raise ProblemError(f"{where}: a second problem with this id")
        seen.add(p.id)
        out.append(p)
    return out


def from_dict(d) -> Problem:
    """One checked problem from its record dict.

    :raises ProblemError: saying what is wrong.
    """
    if not isinstance(d, dict):
        raise ProblemError("a problem is a JSON object")
    if set(d) != KEYS:
        missing, extra = sorted(KEYS - set(d)), sorted(set(d) - KEYS)
        raise ProblemError("fields " + "; ".join(x for x in (f"missing: {', '.join(missing)}" if missing else "",
                                                             f"unknown: {', '.join(map(quote, extra))}" if extra else "")
                                                  if x))
    _check_position(d)
    g = _game(d)
    legal = [str(a) for a in g.legal_actions()]
    values, best = d["values"], d["best"]
    if not isinstance(values, dict) or any(type(v) is not int for v in values.values()):
        raise ProblemError("'values' maps moves to whole game points (integers)")
    if set(values) != set(legal):
        missing, extra = sorted(set(legal) - set(values)), sorted(set(values) - set(legal))
        raise ProblemError("'values' must value exactly the legal moves"
                           + (f"; missing: {', '.join(missing)}" if missing else "")
                           + (f"; not legal here: {', '.join(map(quote, extra))}" if extra else ""))
    if any(abs(v) > 3 for v in values.values()):
        raise ProblemError(f"a hand is worth 1 to 3 game points, not {quote(values)}")
    top = max(values.values())
    if not _strs(best) or best != [a for a in legal if values[a] == top]:
        raise ProblemError(f"'best' {quote(best)} must list the moves of the highest value, in legal order")
    if not is_problem(values):
        raise ProblemError(f"the best move must beat every other by {GAP} game point or more: {quote(values)}")
    if type(d["depth"]) is not int or not 1 <= d["depth"] <= 12:
        raise ProblemError(f"'depth' must be an integer from 1 to 12, not {quote(d['depth'])}")
    moves = d["line"]
    if not _strs(moves) or not moves or moves[0] != best[0]:
        raise ProblemError(f"'line' must be a list of moves starting with the best move, not {quote(moves)}")
    found = reason(g, moves)
    if found["winner"] != ("you" if top > 0 else "opponent") or found["game_points"] != abs(top):
        raise ProblemError(f"the line ends {found['winner']} +{found['game_points']}, not the best move's value {top}")
    if d["reason"] != found:
        raise ProblemError(f"'reason' {quote(d['reason'])} is not how the line ends: {quote(found)}")
    if d["id"] != position_id(d):
        raise ProblemError(f"'id' {quote(d['id'])} does not match the position (the position was changed?)")
    return Problem(**{k: d[k] for k in KEYS})


def _strs(x) -> bool:
    return isinstance(x, list) and all(isinstance(s, str) for s in x)


def _check_position(d: dict) -> None:
    """A position the rules can reach, or :class:`ProblemError` naming the fault."""
    if not isinstance(d, dict) or not set(POSITION_KEYS) <= set(d):
        raise ProblemError(f"a position has the fields {', '.join(POSITION_KEYS)}")
    if d["stock"] not in STOCKS:
        raise ProblemError(f"'stock' must be one of {', '.join(STOCKS)}, not {quote(d['stock'])}")
    if d["trump"] not in tuple(cards.SUITS):
        raise ProblemError(f"'trump' must be a suit letter of {cards.SUITS}, not {quote(d['trump'])}")
    if d["trump_card"] is not None and d["trump_card"] not in cards.CODES:
        raise ProblemError(f"'trump_card' must be a card code or null, not {quote(d['trump_card'])}")
    hands = {}
    for k in ("you", "opponent", "trick", "played"):
        if not _strs(d[k]) or not all(c in cards.CODES for c in d[k]):
            raise ProblemError(f"{quote(k)} must be a list of card codes, not {quote(d[k])}")
        hands[k] = d[k]
    named = [c for k in hands for c in hands[k]]
    if d["trump_card"] is not None:
        named.append(d["trump_card"])
    twice = sorted({c for c in named if named.count(c) > 1})
    if twice:
        raise ProblemError(f"a card named twice: {', '.join(map(quote, twice))}")
    for k in ("you", "opponent", "played"):
        if hands[k] != sorted(hands[k], key=cards.index):
            raise ProblemError(f"{quote(k)} must be sorted by suit, then rank: {quote(hands[k])}")
    you, opp, trick, played = (len(hands[k]) for k in ("you", "opponent", "trick", "played"))
    if trick > 1 or not 1 <= you <= 6 or you != opp + trick:
        raise ProblemError(f"hands of {you} and {opp} cards with {trick} on the table: "
                           "you lead with as many cards as the opponent, or answer its lead with one more")
    if played % 2:
        raise ProblemError(f"'played' holds whole tricks (an even number of cards), not {played}")
    total = you + opp + trick + played
    if d["stock"] == "empty":
        if d["trump_card"] is not None or d["closed_by"] is not None or d["non_closer_tricks_at_close"] is not None:
            raise ProblemError("an empty stock has no trump card under it and was not closed: "
                               "'trump_card', 'closed_by' and 'non_closer_tricks_at_close' are null")
        if total != 24:
            raise ProblemError(f"with the stock empty the hands, the trick and the played cards are all 24 cards, "
                               f"not {total}")
    else:
        drawn = total - 12
        if d["trump_card"] is None or d["trump_card"][1] != d["trump"]:
            raise ProblemError(f"'trump_card' must be a card of the trump suit, not {quote(d['trump_card'])}")
        if drawn % 2 or not 0 <= drawn <= FACE_DOWN - 1:
            raise ProblemError(f"a closed stock still holds 2 to 12 cards: {total} cards in play do not fit")
        if d["closed_by"] not in SIDES:
            raise ProblemError(f"'closed_by' must be one of {', '.join(SIDES)}, not {quote(d['closed_by'])}")
    points, tricks = d["points"], d["tricks"]
    for k in ("points", "tricks"):
        if not isinstance(d[k], list) or len(d[k]) != 2 or any(type(x) is not int or x < 0 for x in d[k]):
            raise ProblemError(f"{quote(k)} must be [you, opponent], two whole numbers, not {quote(d[k])}")
    if sum(tricks) * 2 != played:
        raise ProblemError(f"{sum(tricks)} tricks won but {played} cards played")
    if d["stock"] == "closed":
        at_close = d["non_closer_tricks_at_close"]
        non_closer = tricks[1 - SIDES.index(d["closed_by"])]
        if type(at_close) is not int or not 0 <= at_close <= min(non_closer, drawn // 2):
            raise ProblemError(f"'non_closer_tricks_at_close' must be a count of tricks up to {non_closer}, "
                               f"not {quote(at_close)}")
    marriages = d["marriages"]
    if not isinstance(marriages, list) or any(not _strs(m) or len(m) != 2 or m[0] not in SIDES
                                              or m[1] not in tuple(cards.SUITS) for m in marriages):
        raise ProblemError(f"'marriages' must be a list of [side, suit], not {quote(marriages)}")
    if len({m[1] for m in marriages}) != len(marriages):
        raise ProblemError(f"a suit married twice: {quote(marriages)}")
    bonus = [0, 0]
    trump = cards.suit_index(d["trump"])
    for who, suit in marriages:
        p = SIDES.index(who)
        pair = {"Q" + suit, "K" + suit}
        shown = set(hands["played"]) | (set(hands["trick"]) if who == "opponent" else set())
        if pair & set(hands["opponent" if p == 0 else "you"]) or not pair & shown or not tricks[p]:
            raise ProblemError(f"{who} cannot have announced the marriage in {suit} (it needs both cards, "
                               "one of them led, and a trick won)")
        bonus[p] += cards.marriage_points(cards.suit_index(suit), trump)
    won = [points[0] - bonus[0], points[1] - bonus[1]]
    in_tricks = sum(cards.POINTS[cards.index(c)] for c in hands["played"])
    if min(won) < 0 or sum(won) != in_tricks or any(w and not t for w, t in zip(won, tricks)):
        raise ProblemError(f"points {points} (marriages {bonus}) do not add up to the {in_tricks} card points "
                           f"of the played cards won in {tricks} tricks")


def _example() -> Game:
    """The doctest's position: hearts are trumps, you lead with 64 points against 25.
    The ace of trumps takes the ten and you declare 85 against 25 (2 game points);
    the 9 of clubs first gives the opponent 10 more, 35: one game point."""
    return to_game({"stock": "empty", "trump": "H", "trump_card": None, "closed_by": None,
                    "non_closer_tricks_at_close": None, "you": ["9C", "AH"], "opponent": ["TC", "TH"], "trick": [],
                    "played": sorted(set(cards.CODES) - {"9C", "AH", "TC", "TH"}, key=cards.index),
                    "points": [64, 25], "tricks": [6, 4], "marriages": []})
