"""What a session says, and how the board keys are answered.

Both the game's session and the review's hold one of each, by
composition:

* :class:`Transcript`: the one place a reply is fitted to the braille
  display's width (when braille mode is on), the last reply kept for
  ``repeat``, and the screen-only lines (the large-print board) waiting
  to be printed;
* :class:`BoardReader`: the board cursor, moved by the key table of
  :mod:`audio_scrabble.console.keys`, each move said as the game says a
  square.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..core.board import Board
from ..presentation import phrases, prompts
from . import brailleview
from .cursor import Cursor, Move


class Transcript:
    """Lines as printed: fitted once, here, to a braille display of
    ``width()`` cells (None: as they are); the last reply; screen-only lines."""

    def __init__(self, width: Callable[[], int | None]):
        self._width = width
        #: the last reply, for ``repeat`` (and F4)
        self.last_reply: list[str] = []
        #: printed only (the large-print board), never spoken
        self.display: list[str] = []

    @property
    def braille_mode(self) -> bool:
        """Whether lines are laid out for a braille display (and cells shown)."""
        return self._width() is not None

    def fit(self, lines: Sequence[str]) -> list[str]:
        """The lines as printed (see :func:`brailleview.fit`)."""
        return brailleview.fit(lines, self._width())

    def reply(self, lines: Sequence[str], remember: bool = True) -> list[str]:
        """Fit the display, and remember the reply for ``repeat``."""
        out = self.fit(lines)
        if remember and out:
            self.last_reply = out
        return out

    def show(self, lines: Sequence[str]) -> None:
        """Lines for the screen only."""
        self.display.extend(lines)

    def take_display(self) -> list[str]:
        out, self.display = self.display, []
        return out


class BoardReader:
    """The cursor over ``board()``, and what each board key says."""

    def __init__(self, board: Callable[[], Board], marks: Callable[[], str]):
        self._board = board
        self._marks = marks
        self.cursor = Cursor()

    def reset(self) -> None:
        self.cursor = Cursor()

    def key(self, name: str) -> list[str]:
        """The lines a board key says (``repeat`` is the transcript's)."""
        if name == "where":
            return phrases.where_phrases(self.cursor.square)
        move = self.cursor.apply_key(name, self._board())
        if move is None:
            return [prompts.key_does_nothing(name)]
        return [self.move_phrase(move)]

    def move_phrase(self, move: Move) -> str:
        """A cursor movement said as the game says it."""
        said = phrases.square_phrase(self._board(), move.square, self._marks())
        if move.edge:
            return f"{move.edge}: {said}"
        if move.nothing:
            return move.nothing
        return said
