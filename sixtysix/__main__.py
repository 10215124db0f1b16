"""Play a match in the terminal: ``python -m sixtysix [--level hard] [--seed N]``.

Plain text, no colours. Type an action's number or its notation
(``play:QH``, ``marry:H``, ``exchange``, ``close``, ``declare``); ``q`` quits.
"""

from __future__ import annotations

import argparse
import sys

from . import bots
from .actions import IllegalAction
from .match import Match

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
REASONS = {"declared": "declared 66", "false_declaration": "a false declaration",
           "closed_failed": "the closing failed", "last_trick": "the last trick"}


def describe(view, you: int) -> str:
    opp = 1 - you
    lines = [f"Trump: {SUIT_NAMES[view.trump]}"
             + (f" (card under the stock: {view.trump_card})" if view.trump_card else "")
             + f"   stock: {view.stock}" + ("  CLOSED" if view.closed_by is not None else ""),
             f"Points: you {view.points[you]} ({view.tricks[you]} tricks), "
             f"computer {view.points[opp]} ({view.tricks[opp]} tricks)",
             f"Computer holds {view.opponent_cards} cards.",
             f"Your hand: {' '.join(view.hand)}"]
    if view.trick:
        lines.append(f"On the table: {view.trick[0]}")
    return "\n".join(lines)


def ask(view, read=input, write=print) -> str:
    for i, a in enumerate(view.legal, 1):
        write(f"  {i:2}. {a}")
    while True:
        text = read("Your action: ").strip()
        if text in ("q", "quit"):
            raise KeyboardInterrupt
        if text.isdigit() and 1 <= int(text) <= len(view.legal):
            return view.legal[int(text) - 1]
        if text in view.legal:
            return text
        write("Not a legal action here; type its number or its notation.")


def play(level: str = "random", seed=None, you: int = 0, read=input, write=print) -> Match:
    match = Match.new(seed)
    try:
        bot = bots.make(level, seed=match.seed)
    except ValueError:
        bot = bots.make("random", seed=match.seed)
    write(f"Sixty-Six, match seed {match.seed}; first to {match.target} game points. You are player {you}.")
    while True:
        game = match.game
        write(f"\n=== Hand {len(match.games)}: you {match.scores[you]} - computer {match.scores[1 - you]} "
              f"({'you deal' if game.dealer == you else 'the computer deals'}) ===")
        while game.result is None:
            view = game.view(game.to_move)
            if game.to_move == you:
                write("\n" + describe(view, you))
                action = ask(view, read, write)
            else:
                action = str(bot.choose(view))
                write(f"Computer: {action}")
            before = len(game.completed)
            try:
                match.apply(action)
            except IllegalAction as e:  # cannot happen for listed actions; say so rather than crash
                write(str(e))
                continue
            if len(game.completed) > before:
                trick = game.view(you).completed_tricks[-1]
                write(f"Trick {' '.join(trick['cards'])}: "
                      f"{'you' if trick['winner'] == you else 'the computer'} won it.")
        r = game.result
        write(f"Hand over: {'you' if r.winner == you else 'the computer'} scored {r.game_points} "
              f"game point{'s' if r.game_points > 1 else ''} by {REASONS[r.reason]}.")
        if match.winner is not None:
            write(f"Match over: {'you win' if match.winner == you else 'the computer wins'} "
                  f"{match.scores[match.winner]}-{match.scores[1 - match.winner]}.")
            return match
        match.next_hand()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Play Sixty-Six against the computer in the terminal.")
    ap.add_argument("--level", default="hard", help="easy, medium, hard or random")
    ap.add_argument("--seed", type=int, default=None)
    args = ap.parse_args(argv)
    try:
        play(args.level, args.seed)
    except (KeyboardInterrupt, EOFError):
        print("\nBye.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
