"""The champion's worker processes: ready before its first move, started
even when the program came on standard input, and when they cannot start
the expert's move instead of a wait for ever."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from audio_scrabble.core import Game
from audio_scrabble.core.rules import VARIANTS
from audio_scrabble.engine import ComputerPlayer
from audio_scrabble.lexicon import Lexicon

REPO = Path(__file__).resolve().parents[2]

PROGRAM = textwrap.dedent("""
    from audio_scrabble.core import Game
    from audio_scrabble.core.rules import VARIANTS
    from audio_scrabble.engine import ComputerPlayer
    from audio_scrabble.engine import champion
    from audio_scrabble.lexicon import Lexicon
    champion.START_SECONDS = 120.0  # a loaded machine starts workers slowly; this test is about the hang
    lex = Lexicon.default()
    game = Game(["a", "b"], VARIANTS["double"], seed=3, lexicon=lex)
    p = ComputerPlayer("champion", lex, 1, think=0.3)
    p.warm()
    a = p.choose(game, game.current)
    print("chose", a.kind, p.unavailable, p._sim.last.get("iterations", 0) > 0, flush=True)
    p.close()
""")


def test_a_program_on_piped_standard_input_gets_its_champion_move():
    """``python3 - <<EOF``: the main program is '<stdin>', no file; the
    workers used to try to run it, die, restart for ever, and choose()
    blocked with no error. Now the move comes, simulated by the workers."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    try:
        done = subprocess.run([sys.executable, "-"], input=PROGRAM, text=True, capture_output=True, cwd=REPO,
                              env=env, timeout=240)
    except subprocess.TimeoutExpired as e:  # the old hang
        pytest.fail(f"no move within 240 s: {e.stderr!r}")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "chose place None True" in done.stdout, (done.stdout, done.stderr[-2000:])


def test_workers_that_cannot_start_give_the_expert_move_and_say_why(monkeypatch):
    from audio_scrabble.engine import champion

    lex = Lexicon.default()
    monkeypatch.setattr(champion, "START_SECONDS", 0.0)  # no worker is ready in no time
    game = Game(["a", "b"], VARIANTS["double"], seed=3, lexicon=lex)
    p = ComputerPlayer("champion", lex, 1, think=0.3, workers=1)
    try:
        p.warm()
        assert p.unavailable is not None and "did not start" in p.unavailable
        a = p.choose(game, game.current)
    finally:
        p.close()
    b = ComputerPlayer("expert", lex, 1).choose(game, game.current)
    assert (a.kind, a.play, a.score) == (b.kind, b.play, b.score)
