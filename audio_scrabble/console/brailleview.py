"""Braille display mode: every printed line fits the display, and the board
and racks are shown in braille cells.

A braille display shows one line of 14 to 80 cells (40 is the most
common). With braille mode on (``--braille-cells N`` or ``set braille N``)
everything the console prints goes through :func:`fit`, the one place
where lines are made to fit: a long message is split at word boundaries
(never inside a word that fits a line), and lines that already fit are
left alone. The pieces below are the braille renderings the console adds
in braille mode, all made from the tables of
:mod:`audio_scrabble.presentation.braille`:

* a board row as one line: the row number (numeral sign and digits,
  padded to 4 cells) then one cell per square, 19 cells; on a display
  narrower than 19 cells the row runs on to a second line, indented by
  the 4 cells of the label so that the squares keep their places;
* a column the same way, labelled with its capital letter;
* the board: the column letters, then the 15 rows;
* the rack as RNIB tiles: each tile its letter cell then its value with
  no numeral sign, tiles one blank cell apart (a line breaks only between
  tiles);
* the legend of the cells;
* the prompt, shortened so that a few cells are left for typing;
* a file path, broken only after its own ``/ - _ .`` when it is longer
  than a line.

Lines made only of braille cells are for the display: the console prints
them but does not speak them (:func:`is_cells_line`).

The braille tables are read on first use only, so the console starts as
quickly without braille mode.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any, Callable, Iterable, Iterator, Sequence, TextIO

from ..presentation import prompts_settings
from ..presentation.braille import break_path, is_braille, is_file_name, wrap
from ..presentation.braille_lines import is_cells_line

#: the narrowest and widest braille displays the game lays lines out for
MIN_CELLS = 14
MAX_CELLS = 80
#: cells left free after a prompt, for typing
TYPING_ROOM = 6



def cells_refusal(value: str) -> str:
    """The one sentence that refuses a display width (command line and ``set``)."""
    given = repr(value) if len(value) <= 12 else "that"
    return prompts_settings.cells_refusal(given, MIN_CELLS, MAX_CELLS)


def valid_cells(cells: int | None) -> bool:
    return cells is not None and MIN_CELLS <= cells <= MAX_CELLS


# ---------------------------------------------------------------- fitting lines
def fit(lines: Iterable[str], cells: int | None, names: Sequence[str] = ()) -> list[str]:
    """The lines to print for a display of ``cells`` cells (None: as they are).

    A line holding ``\\n`` becomes several. The phrases are written in
    lines of at most 40 characters, a long sentence over several lines
    (:func:`sentences`); a sentence with a line longer than the display is
    put back together and broken again for the display's width
    (:func:`~audio_scrabble.presentation.braille.wrap`: after a sentence or
    a clause where lines stay nearly full, at word boundaries, no word
    left alone on a line it could share unless it is a whole clause, what
    is read together kept together), so a narrow display gets full
    lines, not a 40-character line broken again into fragments. A single
    word longer than a whole line is the only thing ever broken. Sentences
    whose lines all fit, none of them a word alone, are not touched.
    ``names``: the players' names, kept whole on a line where they can be
    (``Club computer 3``).
    """
    parts = [part for line in lines for part in line.split("\n")]
    if cells is None:
        return parts
    out: list[str] = []
    for sentence in sentences(parts):
        lone = len(sentence) > 1 and any(len(part.split()) == 1 for part in sentence)
        if not lone and all(len(part) <= cells for part in sentence):
            out.extend(sentence)
        else:
            out.extend(wrap(" ".join([sentence[0], *(part.lstrip() for part in sentence[1:])]), cells, names=names))
    return out


def terminal_fit(lines: Sequence[str], columns: int | None) -> list[str]:
    """A line wider than a terminal of ``columns`` (None: no terminal)
    broken between words as a braille display's are (:func:`wrap`), so
    that the terminal never breaks one mid-word ("did you mean pl" /
    "ay?"): a screen reader reads the console row by row. A word wider
    than the terminal (a file's path) stays whole, to be copied, on a
    line of its own (the terminal folds that one; nothing else can be
    done), the words before and after it broken as usual. Lines that fit
    and lines of braille cells are left as they are."""
    if columns is None or columns < 2:
        return list(lines)
    return [part for line in lines
            for part in (wrap(line, columns, whole_words=True)
                         if len(line) > columns and not is_cells_line(line)
                         else [line])]


#: a line ending in one of these (a closing quote or bracket after it
#: aside) ends its sentence, or introduces what follows (``Scores:``)
_SENTENCE_ENDS = ".?!:"


def sentences(lines: Sequence[str]) -> list[list[str]]:
    """The lines grouped by sentence: a line of words that does not end
    in ``.``, ``?``, ``!`` or ``:`` runs on into the next line of words,
    unless it ends in a file's name (said with no full stop after it, so
    that it is copied as it is: ``Save file:`` / ``Eve-v-Fay.json``).
    Empty lines, indented lines and lines holding braille cells stand
    alone."""
    groups: list[list[str]] = []
    runs_on = False
    for line in lines:
        alone = not line.strip() or line[:1].isspace() or any(is_braille(ch) for ch in line)
        if runs_on and not alone:
            groups[-1].append(line)
        else:
            groups.append([line])
        runs_on = (not alone and line.rstrip().rstrip("'\")]")[-1:] not in _SENTENCE_ENDS
                   and not is_file_name(line.split()[-1]))
    return groups


def fit_prompt(full: str, short: str | None, cells: int | None, short_chosen: bool = False) -> str:
    """The prompt, leaving at least :data:`TYPING_ROOM` cells for typing.

    ``short`` is the prompt's short form, used when ``full`` is too long;
    when that is too long as well, its words are cut to fit and it still
    ends in ``> ``. ``short_chosen`` (``set prompt short``): the short
    form always, as little as may be read.
    """
    if short_chosen:
        full = short or "> "
    if cells is None:
        return full
    room = max(4, cells - TYPING_ROOM)
    for prompt in (full, short):
        if prompt is not None and len(prompt) <= room:
            return prompt
    base = (short or full).rstrip().rstrip(">").rstrip()
    return base[: room - 2].rstrip() + "> "


def path_lines(head: str, path: str, cells: int | None) -> list[str]:
    """``head`` and a file path, for saying where a file went.

    Without braille mode, one line. In braille mode, the head on its own
    line and the path broken only after its own ``/``, ``-``, ``_`` or
    ``.`` so that each piece fits (:func:`~audio_scrabble.presentation.
    braille.break_path`): nothing is added to the path, and a piece with
    none of those is cut at the width.
    """
    if cells is None or len(head) + 1 + len(path) <= cells:
        return [f"{head} {path}"]
    return fit([head], cells) + break_path(path, cells)


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
        pieces = fit([line], width)
        if width is not None and self._column and self._column + len(pieces[0]) > width:
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
                self._column += len(self._pending)
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

    def __getattr__(self, name: str) -> Any:  # encoding, isatty, fileno...
        return getattr(self.out, name)
