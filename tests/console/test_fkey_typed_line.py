"""A function key pressed on a line being typed (issue 22, point 1).

Its answer is drawn as a board key's answer on an empty line is: by the
prompt, on the input line, the caret just after its last word (where
Orca reads it and shows it in braille; see console/output/answer_line.py), not
printed above a prompt drawn again with the typed text (Orca 43 then
read the typed text again after the answer, and its braille line showed
the typed text, not the answer: tests/e2e/test_orca_speech.py).
The line being typed stays on the screen as typed, and in the input: the
next key finds it as it was (typing goes on, the caret where it was,
Enter sends it).

Typed into the real ``ConsoleApp`` through prompt_toolkit's pipe input,
with a terminal that keeps every byte written to it.
"""

from __future__ import annotations

import re
import shutil

import pytest

from piped_terminal_kit import key_answers, typed_at_a_terminal  # type: ignore[import-not-found]
from tmux_terminal import terminal_factory  # noqa: F401 - a fixture

F5, F6, F9 = "\x1b[15~", "\x1b[17~", "\x1b[20~"
LEFT = "\x1b[D"


def _type(keys: str) -> tuple[str, str]:
    """(what the prompt wrote to the terminal, escape codes taken out, each
    write on its own line; what was printed by the speaker)."""
    raw, printed = typed_at_a_terminal(keys)
    written = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "\n", raw).replace("\r", "")
    return written, printed


def test_an_f_key_on_a_typed_line_is_answered_on_the_input_line_and_the_line_kept() -> None:
    rack = key_answers("rack")[0]
    written, printed = _type("sco" + F5 + "res\r")
    # the answer drawn by the prompt, once, after the typed start of the line
    assert written.count(rack) == 1, written
    assert written.index("Bob> sco") < written.index(rack)
    # not printed above the prompt (where Orca does not read it)
    assert rack not in printed
    # the typed text kept: the next keys went on from it, Enter sent "scores"
    assert "Alice 0, Bob 0." in printed.splitlines()
    assert written.index(rack) < written.rindex("scores")


def test_enter_right_after_the_answer_sends_the_line_typed() -> None:
    rack = key_answers("rack")[0]
    written, printed = _type("scores" + F5 + "\r")
    # (Enter draws the input line again, as prompt_toolkit does for any line)
    assert rack in written and rack not in printed
    assert "Alice 0, Bob 0." in printed.splitlines()


def test_the_caret_stays_where_it_was_in_the_typed_line() -> None:
    written, printed = _type("sores" + LEFT * 4 + F6 + "c\r")
    assert "Alice 0, Bob 0." in printed.splitlines()  # "c" went in after the s


def test_two_function_keys_one_after_the_other_each_answered_once() -> None:
    rack = key_answers("rack")[0]
    scores = key_answers("scores")[0]
    written, printed = _type("bag" + F5 + F6 + "\r")
    assert written.count(rack) == 1 and scores in written
    assert written.index(rack) < written.index(scores)
    assert rack not in printed and scores not in printed.split("86 tiles")[0]
    assert any(line.endswith("tiles in the bag.") for line in printed.splitlines())



def test_in_a_real_terminal_the_typed_line_the_answer_and_the_line_again(tmp_path, terminal_factory) -> None:  # type: ignore[no-untyped-def]
    """tmux: what the screen keeps, line by line: the line as typed, the
    answer under it, then the line again, completed and sent."""
    if not shutil.which("tmux"):
        pytest.skip("Debian package tmux is not installed")
    rack = key_answers("rack")[0]
    words = tmp_path / "words.txt"
    words.write_text("QI\nZA\n")
    t = terminal_factory(["--players", "Alice,Bob", "--seed", "1", "--speech", "text", "--lexicon", str(words)])
    t.wait_for("Bob, press Enter")
    t.type("")
    t.wait_for("your rack:")
    t.type("sco", enter=False)
    t.key("F5")
    t.wait_for(rack)
    t.type("res")
    screen = t.wait_for("Alice 0, Bob 0.")
    lines = [line.rstrip() for line in screen.splitlines() if line.strip()]
    at = lines.index(rack)
    assert lines[at - 1] == "Bob> sco" and lines[at + 1] == "scores", lines
    assert lines[at + 2] == "Alice 0, Bob 0.", lines
