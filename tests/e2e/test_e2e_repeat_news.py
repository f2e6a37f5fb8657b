"""End to end in a real terminal (tmux): two computers move after the
player's line, one reply each, and ``repeat`` (then F4) prints both moves
again, in order, not only the last one. See tests/tmux_terminal.py for
the terminal."""

from __future__ import annotations

import shutil

import pytest

from tmux_terminal import terminal_factory  # noqa: F401  (the fixture)

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None,
                                reason="tmux is not installed, so the terminal cannot be driven")


def _moves(text: str) -> list[str]:
    """The lines of the computers' moves, in order."""
    return [line.strip() for line in text.splitlines()
            if line.strip().startswith(("Club computer ", "Expert computer ")) and " computer is " not in line]


def test_repeat_prints_both_computers_moves(terminal_factory):  # noqa: F811
    # seed 2: Alice plays first, then the club computer, then the expert
    t = terminal_factory(["--players", "Alice,computer:club,computer:expert", "--seed", "2", "--speech", "text"])
    t.wait_for("Your turn.")
    t.type("pass")
    screen = t.wait_until(lambda sc: "You passed." in sc and len(_moves(sc.split("You passed.")[1])) >= 2
                          and sc.rstrip().endswith("Alice>"), "both computers' moves")
    said = _moves(screen.split("You passed.")[1])
    assert said[0].startswith("Club computer ") and said[-1].startswith("Expert computer "), said
    t.type("repeat")
    screen = t.wait_until(lambda sc: "Alice> repeat" in sc and sc.rstrip().endswith("Alice>")
                          and len(_moves(sc.split("Alice> repeat")[1])) >= len(said), "the repeat")
    assert _moves(screen.split("Alice> repeat")[1]) == said
    t.key("F4")
    screen = t.wait_until(lambda sc: len(_moves(sc.split("Alice> repeat")[1])) >= 2 * len(said), "F4")
    assert _moves(screen.split("Alice> repeat")[1]) == said + said
    t.type("quit")
    t.wait_for("Leave the game?")
    t.type("yes")
    t.wait_for("[exit status 0]")
