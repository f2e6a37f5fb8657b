"""Braille display mode: the display's width, the braille renderings the
console adds, and the screen stream every printed line fits.

A braille display shows one line of 14 to 80 cells (40 is the most
common). With braille mode on (``--braille-cells N`` or ``set braille N``)
every reply is laid out for the display once, where it leaves the game
(:func:`audio_scrabble.presentation.layout.lay_out`, called by the
console's ``Transcript``): a long message is split at word boundaries
(never inside a word that fits a line), and lines that already fit are
left alone. :class:`FittedWriter` lays out only what reaches the screen
some other way and does not fit (a speaker's own notice). The pieces
below are the braille renderings the console adds in braille mode, all
made from the tables of :mod:`audio_scrabble.presentation.braille`:

* a board row as one line: the row number (numeral sign and digits,
  padded to 4 cells) then one cell per square, 19 cells; on a display
  narrower than 19 cells the row runs on to a second line, indented by
  the 4 cells of the label so that the squares keep their places;
* a column the same way, labelled with its capital letter;
* the board: the column letters, then the 15 rows;
* the rack as RNIB tiles: each tile its letter cell then its value with
  no numeral sign, tiles one blank cell apart (a line breaks only between
  tiles);
* the legend of the cells.

The prompt shortened so that a few cells are left for typing, and a file
path broken only after its own ``/ - _ .``, are the layout's
(:func:`~audio_scrabble.presentation.layout.fit_prompt`,
:func:`~audio_scrabble.presentation.layout.path_lines`).

Lines made only of braille cells are for the display: the console prints
them but does not speak them
(:func:`~audio_scrabble.presentation.layout.is_cells_line`).

The braille tables are read on first use only, so the console starts as
quickly without braille mode.
"""

from __future__ import annotations

import contextlib
import os
import re
import threading
from typing import Any, Callable, Iterator, TextIO

from ...presentation import layout, prompts_settings

#: the narrowest and widest braille displays the game lays lines out for
MIN_CELLS = 14
MAX_CELLS = 80



#: a terminal's control sequence (the screen cleared before a hand-over):
#: it takes no cell on the display
_CONTROL = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")


def _cells(text: str) -> int:
    """How many cells ``text`` takes on the display: its control sequences none."""
    return len(_CONTROL.sub("", text))


def cells_refusal(value: str) -> str:
    """The one sentence that refuses a display width (command line and ``set``)."""
    given = repr(value) if len(value) <= 12 else "that"
    return prompts_settings.cells_refusal(given, MIN_CELLS, MAX_CELLS)


def valid_cells(cells: int | None) -> bool:
    return cells is not None and MIN_CELLS <= cells <= MAX_CELLS


# ---------------------------------------------------------------- the screen
class FittedWriter:
    """A text stream that makes every whole line written to it fit the display.

    The console's own lines already fit; this catches what other modules
    print on the same screen (a speaker saying that speech stopped working)
    and a prompt followed, on the same printed line, by an answer (input
    piped in is not echoed, so the answer would follow the prompt). A
    partial line (a prompt) is passed on at ``flush``; the column it
    leaves is remembered, and a line that would run past the display after
    it starts on a new line instead. Writes from several threads (a
    speaker's worker) are serialised.

    Each write reaches the terminal in one piece, and while :meth:`held`
    everything written waits and goes out in one write at the end: a reply
    written in two bursts (the player's move, then the computer's 30 ms
    later) has been seen to make Orca read text that had moved twice and
    lose the rest.
    """

    def __init__(self, out: TextIO, cells: Callable[[], int | None]):
        self.out = out
        self.cells = cells
        self._pending = ""
        self._column = 0
        self._lock = threading.RLock()
        #: fitted text not yet handed on (while held)
        self._ready: list[str] = []
        self._holds = 0
        #: inside :meth:`as_is` (its ``depth``): that thread's lines pass
        #: whole; another thread's (a speaker's worker) are still fitted
        self._as_is = threading.local()

    def write(self, text: str) -> int:
        with self._lock:
            self._pending += text
            while "\n" in self._pending:
                line, self._pending = self._pending.split("\n", 1)
                self._write_line(line)
            if not self._holds:
                self._hand_on()
        return len(text)

    def _write_line(self, line: str) -> None:
        width = self.cells()
        # a reply's lines were laid out where they left the game: only a
        # line that does not fit (another module's print) is laid out here
        if width is None or getattr(self._as_is, "depth", 0) > 0 or _cells(line) <= width:
            pieces = [line]
        else:  # control sequences before the words (the screen cleared) stay before them
            controls = re.match(f"(?:{_CONTROL.pattern})*", line)
            head = controls.group(0) if controls else ""
            pieces = layout.fit_cells([line[len(head):]], width)
            pieces[0] = head + pieces[0]
        if width is not None and self._column and self._column + _cells(pieces[0]) > width:
            self._ready.append("\n")
            self._column = 0
        self._ready.append("\n".join(pieces) + "\n")
        self._column = 0

    def _hand_on(self) -> None:
        if self._ready:
            text, self._ready = "".join(self._ready), []
            try:
                self.out.write(text)
            except UnicodeEncodeError:  # a narrow terminal encoding: as the speakers do
                encoding = getattr(self.out, "encoding", None) or "ascii"
                self.out.write(text.encode(encoding, errors="replace").decode(encoding))

    def flush(self) -> None:
        with self._lock:
            if self._holds:
                return
            if self._pending:
                self._ready.append(self._pending)
                self._column += _cells(self._pending)
                self._pending = ""
            self._hand_on()
            self.out.flush()

    def release(self) -> None:
        """Write what is held now, though the block goes on (a wait begins:
        the player hears the reply so far before it, never after)."""
        with self._lock:
            self._hand_on()
            self.out.flush()

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Keep what is written until the block ends, then write it at once."""
        with self._lock:
            self._holds += 1
        try:
            yield
        finally:
            with self._lock:
                self._holds -= 1
            if not self._holds:
                self.flush()

    @contextlib.contextmanager
    def as_is(self) -> Iterator[None]:
        """Lines this thread writes in the block pass whole, wider than the
        display: the large-print board a sighted helper asked for (``show
        large``); other threads' lines are fitted all the same."""
        self._as_is.depth = getattr(self._as_is, "depth", 0) + 1
        try:
            yield
        finally:
            self._as_is.depth -= 1

    def __getattr__(self, name: str) -> Any:  # encoding, isatty, fileno...
        return getattr(self.out, name)


def columns_of(stream: TextIO) -> int | None:
    """The width of the terminal ``stream`` writes to; None for no terminal."""
    try:
        return os.get_terminal_size(stream.fileno()).columns if is_terminal(stream) else None
    except (AttributeError, ValueError, OSError):
        return None


def is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
