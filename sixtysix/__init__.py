"""Sixty-Six (Sechsundsechzig): a pure-Python rules engine, bots and records.

See ``docs/engine-api.md`` for the contract that the UI and outside tools use.
"""

from .actions import Action, IllegalAction, MalformedAction
from .game import Game
from .match import Match
from .records import RecordError
from .scoring import Result
from .view import View

__all__ = ["Action", "Game", "IllegalAction", "MalformedAction", "Match", "RecordError", "Result", "View"]
