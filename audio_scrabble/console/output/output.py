"""What a session says, and how the board keys are answered.

Both the game's session and the review's hold one of each, by
composition:

* :class:`Transcript`: the one place a reply is laid out, once, for the
  braille display's width (when braille mode is on) and the terminal's
  (:func:`audio_scrabble.presentation.layout.lay_out`), the last reply
  kept for ``repeat`` (the same lines; news that came on its own since
  the player's last line, all of it: :meth:`Transcript.news`), and the
  screen-only lines (the large-print board) waiting to be printed;
* :class:`BoardReader`: the board cursor, moved by the key table of
  :mod:`audio_scrabble.console.output.keys`, each move said as the game says a
  square.

Both also take :class:`Replying`, the few members they had alike: those
that reach their transcript and settings (``style``, ``braille_mode``,
``_reply``, ``take_display``, ``refusal``) and the application's (the
speech kind asked for, an internal error kept).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

from ...core.board import Board, Square
from ...errors import ScrabbleError
from ...presentation import layout, phrases, prompts
from .cursor import Cursor, Move

#: a reply of this many lines or more takes a screen reader a while: news
#: coming on it may cut it short, and ``repeat`` offers it again
LONG_REPLY = 3

if TYPE_CHECKING:
    from ..asking.settings import Settings


class Transcript:
    """Lines as they leave the game: laid out once, here, for a braille
    display of ``width()`` cells (None: no display) and a terminal of
    ``columns()`` (None: no terminal; the voice that prints the replies
    says which, :meth:`follow_columns`), the players' ``names()`` kept
    whole on a line where they can be; the last reply; screen-only lines;
    the tutorial's step, kept with the ``game()`` at the table."""

    def __init__(self, width: Callable[[], int | None], names: Callable[[], Sequence[str]] = tuple,
                 game: Callable[[], object] = lambda: None):
        self._width = width
        self._names = names
        self._game = game
        self._columns: Callable[[], int | None] = lambda: None
        #: the last reply, for ``repeat`` (and F4): the answer to the player's
        #: last line, or every piece of news said on its own since it
        self.last_reply: list[str] = []
        #: replies now are news that came on their own (see :meth:`news`)
        self._news = False
        #: ``last_reply`` holds such news (the next piece is added to it)
        self._news_kept = False
        #: the news said since the player's last line (a board key's answer
        #: is said after it, never in its place)
        self._news_run: list[str] = []
        #: the reply the news came on, when long (see :meth:`repeat`)
        self._before_news: list[str] = []
        #: what ``repeat`` said last, and whether it offered (or went back to) that reply
        self._repeated: list[str] = []
        self._going_back = False
        #: printed only (the large-print board), never spoken
        self.display: list[str] = []
        #: which lines of :attr:`display` are printed as they are, never
        #: fitted to the braille display (the large-print board, asked for
        #: a sighted helper with ``show large``)
        self._as_is: set[int] = set()
        #: the screen is to be cleared before the next reply (a rack handed
        #: over at a shared computer: the last player's rack must not stay
        #: readable in the screen reader's review buffer)
        self.clear_requested = False
        #: the tutorial's step said last (0: none yet), for ``tutorial next``,
        #: and the game it was said in (None: before any game)
        self._tutorial: tuple[int, object] = (0, None)

    def heard_tutorial(self, step: int) -> None:
        """Note the tutorial's step just said: ``next`` goes on from it."""
        self._tutorial = (step, self._game())

    @property
    def tutorial_step(self) -> int:
        """The tutorial's step said last (0: none yet) where it was said:
        at the set-up questions (no game yet), or in the game at the table.
        A step is forgotten once a game comes to the table (the first
        game after the set-up, ``new``, ``open``), so that a game's
        ``next`` never goes on with a tutorial heard elsewhere: the set-up's
        ``next`` is not the first game's."""
        self._follow_game()
        return self._tutorial[0]

    def _follow_game(self) -> None:
        step, heard_in = self._tutorial
        if step and self._game() is not heard_in:
            self._tutorial = (0, None)

    @property
    def braille_mode(self) -> bool:
        """Whether lines are laid out for a braille display (and cells shown)."""
        return self._width() is not None

    def follow_columns(self, columns: Callable[[], int | None]) -> None:
        """Lay replies out for a terminal as wide as ``columns()`` says."""
        self._columns = columns

    def columns(self) -> int | None:
        """The terminal's columns (None: not known)."""
        return self._columns()

    def fit(self, lines: Sequence[str]) -> list[str]:
        """Lines printed besides a reply (the large-print board, a notice)
        laid out for the braille display (see :func:`layout.fit_cells`)."""
        return layout.fit_cells(lines, self._width(), self._names())

    def by_clause(self, lines: Sequence[str]) -> list[str]:
        """On a braille display, long lines broken after a clause (see
        :func:`layout.clauses`), not wherever the width falls."""
        width = self._width()
        return list(lines) if width is None else layout.short_lines(lines, width)

    def reply(self, lines: Sequence[str], remember: bool = True, key: bool = False) -> list[str]:
        """The reply laid out, once, for the display and the terminal
        (:func:`layout.lay_out`), and remembered for ``repeat``. A reply
        not remembered that says the last reply again (``repeat`` typed)
        says its lines as they were, not laid out a second time (laying
        out laid-out lines can break them otherwise); only what comes
        with them (news before, a notice after) is laid out. A board
        ``key``'s answer is no line typed: remembered after the news said
        since the player's last line, not in its place."""
        self._follow_game()  # a game that came to the table since the tutorial's last step
        lines = list(lines)
        said = self._repeated if not remember and self._repeated and self._repeated != self.last_reply else self.last_reply
        if remember:
            self._going_back = False
        n = len(said)
        at = next((k for k in range(len(lines) - n + 1) if lines[k:k + n] == said), None) if said else None
        if remember or at is None:
            out = self._lay_out(lines)
        else:
            before, after = lines[:at], lines[at + n:]
            out = [*(self._lay_out(before) if before else []), *said, *(self._lay_out(after) if after else [])]
        if remember and out:
            if self._news:
                if not self._news_kept:  # the reply the news came on: cut short if long
                    self._before_news = self.last_reply if len(self.last_reply) >= LONG_REPLY else []
                self._news_run = [*self._news_run, *out] if self._news_kept else out
                self.last_reply, self._news_kept = list(self._news_run), True
            elif key and self._news_kept:
                self.last_reply = [*self._news_run, *out]
            else:
                self.last_reply, self._news_kept, self._news_run, self._before_news = out, False, [], []
        return out

    def repeat(self) -> list[str]:
        """What ``repeat`` (typed, F4, at a question) says: the last reply.
        News that came on a long reply cut it short (a screen reader
        speaks new text with interrupt): then the news, and one line
        saying ``repeat`` once more gives the reply before it, whole."""
        if self._going_back:
            said = list(self._before_news)
        elif self._news_kept and self._before_news:
            said, self._going_back = [*self.last_reply, *self._lay_out([prompts.REPEAT_AGAIN_BEFORE_NEWS])], True
        else:
            said = list(self.last_reply)
        self._repeated = said
        return list(said)

    @contextlib.contextmanager
    def news(self) -> Iterator[None]:
        """The replies in the block are news that came on its own, not
        asked for by the line typed (the computers' moves, a remote
        player's, what a game's room sent): ``repeat`` says every piece of
        it since the player's last line, not only the last piece (a burst:
        the key that cut its speech short, the first piece as well)."""
        self._news = True
        try:
            yield
        finally:
            self._news = False

    def _lay_out(self, lines: Sequence[str]) -> list[str]:
        return layout.lay_out(lines, self._width(), self._columns(), self._names())

    def choices(self, candidates: Sequence[str], most: int) -> list[str]:
        """Tab's candidates as lines that fit the display (comma-separated,
        a candidate never split); more than ``most`` are counted instead."""
        if len(candidates) > most:
            return [prompts.too_many_choices(len(candidates))]
        return layout.list_lines(list(candidates), width=self._width() or layout.LINE_WIDTH)

    def show(self, lines: Sequence[str], as_is: bool = False) -> None:
        """Lines for the screen only; ``as_is``: never fitted to the braille
        display (a sighted helper's large print)."""
        if as_is:
            self._as_is.update(range(len(self.display), len(self.display) + len(lines)))
        self.display.extend(lines)

    def take_display(self) -> list[str]:
        out, self.display = self.display, []
        self._as_is = set()
        return out

    def take_display_parts(self) -> tuple[list[str], list[str]]:
        """The lines for the screen only: those shown as they are, then the
        others fitted to the braille display (:meth:`fit`)."""
        as_is = self._as_is
        out = self.take_display()
        wide = [line for k, line in enumerate(out) if k in as_is]
        rest = [line for k, line in enumerate(out) if k not in as_is]
        return wide, (self.fit(rest) if rest else [])

    def request_clear(self) -> None:
        self.clear_requested = True

    def hand_over(self) -> None:
        """A rack handed over: the last player's leaves the screen (and the
        screen reader's buffer) first; the screen says so, not spoken."""
        self.request_clear()
        self.show([prompts.SCREEN_CLEARED])

    def take_clear(self) -> bool:
        """Whether to clear the screen before printing the next reply (once)."""
        wanted, self.clear_requested = self.clear_requested, False
        return wanted


class Replying:
    """What a session says goes through its transcript (``out``), in its
    settings' style, a refusal too; the speech kind the player asked for
    waits here for the application, an internal error's trace for
    developers: the game's Session and the review's share it."""

    out: Transcript
    settings: Settings
    #: the speech kind the player asked for (``set speech``), until the application takes it
    speech_change: str | None
    #: the traceback of an internal error, for developers
    last_error: str | None

    @property
    def style(self) -> phrases.Style:
        return self.settings.style

    @property
    def braille_mode(self) -> bool:
        return self.out.braille_mode

    def _reply(self, lines: Sequence[str], remember: bool = True) -> list[str]:
        return self.out.reply(lines, remember)

    def take_display(self) -> list[str]:
        """The screen-only lines (the large-print board) waiting to be printed."""
        return self.out.take_display()

    def refusal(self, error: ScrabbleError) -> list[str]:
        """A refusal as said: its reason first; at brief verbosity one line
        of at most 40 characters (the error's short form, or its first clause)."""
        return prompts.refusal_lines(str(error), error.brief, self.style.brief)

    def report_error(self, trace: str) -> None:
        """Keep an internal error's traceback, for developers."""
        self.last_error = trace

    def ask_speech(self, kind: str) -> None:
        """``set speech KIND``: the application follows it once the answer is said."""
        self.speech_change = kind

    def take_speech_change(self) -> str | None:
        """The speech kind asked for since the application last looked (then None)."""
        kind, self.speech_change = self.speech_change, None
        return kind


class BoardReader:
    """The cursor over ``board()``, and what each board key says."""

    def __init__(self, board: Callable[[], Board], marks: Callable[[], str]):
        self._board = board
        self._marks = marks
        self.cursor = Cursor()
        #: the square the mark key set (the jump-to-mark key returns to it)
        self.mark: Square | None = None
        #: the word the last word jump landed on (see engine.survey.word_jump)
        self.last_word: Any = None
        #: the last move a key made (None: the key moved nothing), for the sound cues
        self.last_move: Move | None = None

    def reset(self) -> None:
        self.cursor = Cursor()
        self.mark = None
        self.last_word = None

    def key(self, name: str) -> list[str]:
        """The lines a board key says (``repeat`` is the transcript's)."""
        self.last_move = None
        if name == "where":
            return phrases.where_phrases(self.cursor.square, self._board(), self._marks())
        move = self.last_move = self.cursor.apply_key(name, self._board())
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
