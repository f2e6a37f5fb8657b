"""FittedWriter.as_is lets the large-print board through unfitted, but
only the lines the block's own thread writes: a speaker's worker (or any
other thread) writing while the board is printed must still be fitted to
the braille display."""
from __future__ import annotations

import io
import threading

from audio_scrabble.console.output.brailleview import FittedWriter


def test_a_line_from_another_thread_during_as_is_is_still_fitted() -> None:
    out = io.StringIO()
    writer = FittedWriter(out, lambda: 20)
    long_line = "Speech stopped working; the words are printed from now on."
    with writer.as_is():
        writer.write("A" * 60 + "\n")  # the board's own line: whole
        other = threading.Thread(target=writer.write, args=(long_line + "\n",))
        other.start()
        other.join()
    lines = out.getvalue().splitlines()
    assert lines[0] == "A" * 60
    rest = lines[1:]
    assert rest and all(len(line) <= 20 for line in rest), rest


def test_as_is_still_lets_its_own_lines_through_whole() -> None:
    out = io.StringIO()
    writer = FittedWriter(out, lambda: 20)
    with writer.as_is():
        writer.write("B" * 50 + "\n")
    writer.write("C" * 50 + "\n")
    lines = out.getvalue().splitlines()
    assert lines[0] == "B" * 50
    assert all(len(line) <= 20 for line in lines[1:]) and len(lines) > 2
