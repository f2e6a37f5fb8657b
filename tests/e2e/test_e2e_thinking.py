"""End to end in a real terminal (tmux): the champion thinks while the
player's commands are answered, and its move is printed above the prompt,
the line being typed kept (issue 14). See tests/tmux_terminal.py for the terminal."""

from __future__ import annotations

import shutil

import pytest

from tmux_terminal import terminal_factory  # noqa: F401  (the fixture)

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed, so the terminal cannot be driven")


def test_the_terminal_answers_while_the_champion_thinks(terminal_factory):  # noqa: F811
    t = terminal_factory(["--players", "Alice,computer:champion", "--seed", "2", "--think", "3", "--speech", "text"])
    t.wait_for("Rack: M R blank M I E A.")  # seed 2: Alice plays first
    t.type("pass")
    t.wait_for("Champion computer is thinking.")
    t.type("scores")
    t.wait_for("You 0, Champion computer 0.")  # the one person at the table is "You"
    t.type("pass")
    t.wait_for("Champion computer is still thinking;\nwait for its move.")  # one sentence, lines of 40 at most
    t.type("sco", enter=False)  # half a line when the move comes
    screen = t.wait_until(lambda sc: "Champion computer played" in sc, "the champion's move", timeout=30)
    assert screen.index("You 0, Champion computer 0.") < screen.index("still thinking") \
        < screen.index("Champion computer played")
    assert screen.count("Champion computer is thinking.") == 1
    lines = [line for line in screen.splitlines() if line.strip()]
    assert lines[-1].rstrip() == "Alice> sco", lines[-4:]  # the prompt back, the typed part kept
    t.type("res")
    t.wait_until(lambda sc: sc.count("Alice> scores") == 1 and "You 0, Champion computer" in sc.split("Alice> scores")[1],
                 "the scores after its move")
    t.type("quit")
    t.wait_for("Leave the game?")
    t.type("yes")
    t.wait_for("[exit status 0]")
