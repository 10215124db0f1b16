"""The text mode (``python -m sixtysix``) and the benchmark (``python -m sixtysix.bench``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sixtysix import __main__ as cli
from sixtysix import bench

ROOT = Path(__file__).resolve().parent.parent


def run(args, stdin: str, timeout=120) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, *args], input=stdin, capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env=env)


class TestTextMode:
    def test_a_match_to_the_end_typing_1(self):
        p = run(["-m", "sixtysix", "--level", "random", "--seed", "3"], "1\n" * 5000)
        assert p.returncode == 0, p.stderr
        assert p.stderr == ""
        out = p.stdout
        assert out.startswith("Sixty-Six, match seed 3; first to 7 game points. You are player 0.")
        assert "=== Hand 1: you 0 - computer 0" in out
        assert "Match over: " in out and "Bye." not in out
        last = out.strip().splitlines()[-1]
        assert last.startswith("Match over: you win") or last.startswith("Match over: the computer wins")

    def test_invalid_input_is_asked_again(self):
        junk = ["x", "0", "99", "", "-1", "play:ZZ", "1.5", "marry:Q"]
        p = run(["-m", "sixtysix", "--level", "random", "--seed", "3"], "\n".join(junk) + "\n" + "1\n" * 5000)
        assert p.returncode == 0, p.stderr
        assert p.stdout.count("Not a legal action here; type its number or its notation.") == len(junk)
        assert "Match over: " in p.stdout and "Traceback" not in p.stderr

    def test_the_end_of_input_says_goodbye(self):
        p = run(["-m", "sixtysix", "--level", "random", "--seed", "3"], "1\n1\n")
        assert p.returncode == 0 and p.stdout.rstrip().endswith("Bye.") and "Traceback" not in p.stderr

    def test_q_quits(self):
        p = run(["-m", "sixtysix", "--seed", "3"], "q\n")
        assert p.returncode == 0 and p.stdout.rstrip().endswith("Bye.")


class TestPlayInProcess:
    def lines(self, *first):
        feed = iter([*first] + ["1"] * 5000)
        return lambda prompt="": next(feed)

    def test_notation_is_accepted_as_well_as_numbers(self):
        out = []
        m = cli.play("random", seed=3, read=self.lines("declare"), write=out.append)
        text = "\n".join(out)
        assert m.winner is not None
        # The first action typed was a declaration at player 0's first lead (seed 3: the computer deals).
        assert m.games[0].action_notations()[0] == "declare"
        assert "Hand over: the computer scored 3 game points by a false declaration." in text

    def test_an_unknown_level_falls_back_to_the_random_bot(self):
        m = cli.play("no-such-level", seed=4, read=self.lines(), write=lambda s: None)
        assert m.winner is not None

    def test_ask_shows_the_numbered_actions(self):
        from sixtysix import Game

        v = Game.new(seed=1, dealer=1).view(0)
        out = []
        typed = iter(["9", str(len(v.legal))])
        answer = cli.ask(v, read=lambda prompt: next(typed), write=out.append)
        assert answer == v.legal[-1]
        assert out[:len(v.legal)] == [f"  {i:2}. {a}" for i, a in enumerate(v.legal, 1)]
        assert out[-1] == "Not a legal action here; type its number or its notation."


class TestBench:
    def test_json_figures(self):
        p = run(["-m", "sixtysix.bench", "--seconds", "0.2", "--json"], "", timeout=60)
        assert p.returncode == 0, p.stderr
        figures = json.loads(p.stdout)
        assert set(figures) == {"python", "implementation", "random_hands_per_s", "copy_push_per_s",
                                "push_legal_pop_per_s"}
        assert all(figures[k] > 0 for k in ("random_hands_per_s", "copy_push_per_s", "push_legal_pop_per_s"))

    def test_main_returns_the_figures(self, capsys):
        figures = bench.main(["--seconds", "0.05"])
        assert figures["random_hands_per_s"] > 0
        assert "random hands per second" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["--help"]])
def test_help(argv):
    p = run(["-m", "sixtysix", *argv], "")
    assert p.returncode == 0 and "--level" in p.stdout and "--seed" in p.stdout
