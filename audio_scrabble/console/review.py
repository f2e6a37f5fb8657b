"""``audio-scrabble review FILE.gcg``: step through a game record by ear.

A linear session like the game's console: the player moves through the
record one move at a time (Enter or ``next``, ``back``, ``go to N``,
``first``, ``last``) and hears each move as the scorekeeper would say it
(``Move 3 of 27.``, ``doug played JAVE(LI)N, E3 down.``, ``34 points.``,
``doug 66, emely 16.``), with passes, exchanges, plays taken back,
challenge bonuses and penalties, end-of-game adjustments, time penalties
and the move's ``#note``. At every step the board reading commands of
the game (``square H8`` or just ``H8``, ``row 8``, ``column H``,
``words``, ``board``, the arrows on an empty line) read the board *after*
the move being reviewed; ``scores`` says the recorded totals then and
``rack`` the mover's rack as the record shows it.

How it fits together:

* :func:`review_steps` replays the record once through
  :func:`audio_scrabble.notation.gcg.replay_record` and keeps, for each
  move line, the board after it, the recorded totals and a description
  of the play (:class:`ReviewStep`);
* :class:`ReviewSession` is the controller: ``handle_line(text)`` and
  ``key(name)`` answer anything and never raise, as
  :class:`~audio_scrabble.console.session.Session` does. The board
  commands are the game's own handlers from
  :mod:`audio_scrabble.console.commands` (the session offers what they
  read: ``board``, ``cursor``, ``settings``, ``style``...), and every
  phrase about the board comes from
  :mod:`audio_scrabble.presentation.phrases`;
* :class:`ReviewApp` is the prompt_toolkit prompt (the game's key
  bindings and :class:`~audio_scrabble.console.app.Voice`), and
  :func:`run_plain` the same over piped lines;
* ``configure(parser)`` and ``run(args)`` are the ``review`` subcommand.

The word ``last`` moves to the last move (as the opening says); to hear
the current move again, type ``move`` (or ``repeat``).
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import sys
import textwrap
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence, TextIO

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from ..core.board import CENTRE, Board, Square
from ..core.play import Play
from ..core.scoring import ScoreBreakdown, score_play
from ..errors import NotationError, RecordError, ScrabbleError
from ..notation.gcg import GcgMove, GcgRecord, MoveKind, read_gcg, replay_record
from ..notation.plays import format_play, parse_play, parse_position, parse_rack
from ..presentation import phrases
from ..presentation.phrases import LINE_WIDTH, Style
from . import board_commands, brailleview, registry, services
from .app import PromptApp, SessionCompleter, Voice, read_plain
from .brailleview import FittedWriter
from .helptext import HelpEntry, parse_help
from .output import BoardReader, Transcript
from .settings import SETTING_VALUES, Settings, add_options, small_number

#: exit status of ``review`` when the file cannot be reviewed
EXIT_UNREADABLE = 2


# ====================================================================== the steps
@dataclass(frozen=True)
class ReviewStep:
    """One move line of the record, replayed.

    ``number`` counts from 1. ``board`` is the board after the line (a
    play taken back is off it again). ``totals`` are every player's
    recorded running totals after the line, in player order. For a
    placement, ``word`` and ``where`` are how it is said (``JAVE(LI)N``
    and ``E3 down``) and ``start`` the first square of its word;
    ``breakdown`` is its score by word, from the rules core (None when the
    line could not be placed). For a play taken back, ``word``,
    ``where`` and ``start`` are those of the play taken back.
    ``computed_score`` and ``problem`` are the replay's findings.
    ``letters`` is the word as :func:`phrases.play_lines` takes it
    (``RE(L)IGIoN``: board letters in parentheses, a blank in lower case),
    or None when the line could not be placed.
    """

    number: int
    move: GcgMove
    player: int
    board: Board
    totals: tuple[int, ...]
    word: str | None
    where: str | None
    start: Square | None
    breakdown: ScoreBreakdown | None
    computed_score: int | None
    problem: str | None
    letters: str | None = None

    @property
    def text(self) -> str | None:
        """``JAVE(LI)N, E3 down``: the play (or the play taken back), else None."""
        if self.word is None:
            return None
        return f"{self.word}, {self.where}" if self.where else self.word


#: how a placement is said, where, its first square, its breakdown, and its letters
Described = tuple[str, str | None, Square | None, ScoreBreakdown | None, str | None]


def _describe_play(move: GcgMove, before: Board) -> Described:
    """How a placement is said (word, where), the first square of its word,
    its breakdown, and its letters (see :attr:`ReviewStep.letters`).

    Board letters the word plays through are in parentheses, as players
    write them (``JAVE(LI)N``); blanks are named after the word
    (``RE(L)IGION (blank G)``). A line that cannot be placed is said as
    written.
    """
    assert move.position is not None and move.word is not None
    try:
        start, direction = parse_position(move.position)
    except NotationError:
        return f"{move.position} {move.word}", None, None, None, None
    where = phrases.where_text(start, direction)
    try:
        play: Play = parse_play(f"{move.position} {move.word}", before)
        word = format_play(play, before, style="parens").split(" ", 1)[1]
        breakdown: ScoreBreakdown | None = score_play(before, play)
    except ScrabbleError:
        return move.word.upper(), where, start, None, None
    return phrases.word_text(word), where, start, breakdown, word


def review_steps(record: GcgRecord) -> list[ReviewStep]:
    """Every move line of ``record`` replayed, with the board after it.

    Raises :class:`RecordError` (one sentence) if the record cannot be
    replayed at all.
    """
    index = {p.nick: i for i, p in enumerate(record.players)}
    totals = [0] * len(record.players)
    raw: list[tuple[GcgMove, Board, int | None, str | None]] = []
    replay = replay_record(record)
    try:
        while True:
            try:
                step = next(replay)
            except StopIteration as stop:
                final: Board = stop.value
                break
            raw.append((step.move, step.board_before, step.computed_score, step.problem))
    except ScrabbleError as e:
        raise RecordError(f"The record cannot be replayed: {e}") from None
    steps: list[ReviewStep] = []
    last_play: dict[str, tuple[str | None, str | None, Square | None, str | None]] = {}
    for k, (move, before, computed, problem) in enumerate(raw):
        after = raw[k + 1][1] if k + 1 < len(raw) else final
        player = index[move.nick]
        totals[player] = move.total
        word: str | None = None
        where: str | None = None
        start: Square | None = None
        breakdown: ScoreBreakdown | None = None
        letters: str | None = None
        if move.kind is MoveKind.PLAY:
            word, where, start, breakdown, letters = _describe_play(move, before)
            last_play[move.nick] = (word, where, start, letters)
        elif move.kind is MoveKind.WITHDRAWN:
            word, where, start, letters = last_play.get(move.nick, (None, None, None, None))
        steps.append(
            ReviewStep(k + 1, move, player, after, tuple(totals), word, where, start, breakdown, computed, problem,
                       letters)
        )
    return steps


def load_record(path: str | os.PathLike[str]) -> GcgRecord:
    """Read a GCG file; raises :class:`RecordError` with one sentence naming the file."""
    shown = os.fspath(path)
    try:
        data = Path(path).read_bytes()
    except IsADirectoryError:
        raise RecordError(f"{shown} is a folder; name a .gcg file to review.") from None
    except OSError as e:
        raise RecordError(f"{shown} cannot be read ({e.strerror or type(e).__name__}); check the name.") from None
    try:
        record = read_gcg(data)
    except RecordError as e:
        raise RecordError(f"{shown} is not a game record we can read: {e}") from None
    if not record.moves:
        raise RecordError(f"{shown} holds no moves to review.")
    return record


# ====================================================================== phrases
def _tiles_said(tiles: str) -> str:
    """``OPEG`` -> ``O P E G``; ``?`` is said as blank."""
    return " ".join(phrases.tile_phrase(t) for t in parse_rack(tiles, limit=None))


def _wrapped(text: str, width: int = LINE_WIDTH) -> list[str]:
    out: list[str] = []
    for para in text.split("\n"):
        out.extend(textwrap.wrap(para, width, break_long_words=False, break_on_hyphens=False) or [""])
    return [line for line in out if line]


def move_lines(step: ReviewStep, count: int, names: Sequence[str], style: Style) -> list[str]:
    """What is said about one move line, most important words first.

    ``Move 3 of 27.``, who did what and the points, everyone's recorded
    totals after it, then (unless brief) a difference between the
    record and the rules, and the move's notes.
    """
    mv = step.move
    who = names[step.player]
    n = abs(mv.score)
    k = mv.kind
    lines: list[str] = [f"Move {step.number} of {count}."]
    if k is MoveKind.PLAY:
        letters = step.letters or step.word or f"{mv.position} {mv.word}"
        lines.extend(phrases.played_lines(who, letters, step.where, mv.score, step.breakdown, style))
    elif k is MoveKind.PASS:
        lines.append(f"{who} passed.")
    elif k is MoveKind.EXCHANGE:
        counted = f"{who} exchanged {phrases.plural(mv.exchanged_count, 'tile')}"
        if mv.tiles and not style.brief:
            lines.extend([counted + ":", _tiles_said(mv.tiles) + "."])
        else:
            lines.append(counted + ".")
    elif k is MoveKind.WITHDRAWN:
        lines.append(f"{phrases.possessive(who)} play is taken back:")
        if step.text:
            lines.append(f"{step.text}.")
        lines.append(f"{who} loses {phrases.plural(n, 'point')}." if n else "No points lost.")
    elif k is MoveKind.CHALLENGE:
        if mv.score >= 0:
            lines.append(f"{who}: challenge bonus, {phrases.plural(n, 'point')}.")
        else:
            lines.append(f"{who}: failed challenge, minus {n}.")
    elif k is MoveKind.END_GAIN:
        lines.append(f"Game end: {who} gains {n},")
        lines.append(f"for tiles left: {_tiles_said(mv.tiles)}.")
    elif k is MoveKind.END_LOSS:
        lines.append(f"Game end: {who} loses {n},")
        lines.append(f"for tiles kept: {_tiles_said(mv.tiles)}.")
    elif k is MoveKind.TIME:
        lines.append(f"{who} loses {n} for time.")
    lines.extend(phrases.scores_lines(names, step.totals))
    if not style.brief:
        if step.computed_score is not None and step.computed_score != mv.score:
            lines.append(f"The rules give {step.computed_score}, not {mv.score}.")
        elif step.problem:
            lines.extend(_wrapped(f"Note from the rules: {step.problem}"))
    for note in mv.notes:
        if note.strip():
            lines.extend(_wrapped(f"Note: {note}"))
    if step.number == count and not style.brief:
        lines.append("End of the record.")
    return lines


# ====================================================================== commands
REVIEW_HELP = """\
== help
usage: help
usage: help COMMAND
Review a game record move by move.
== next
usage: next
Hear the next move; Enter on an empty line does the same.
== back
usage: back
Hear the move before this one.
== goto
usage: go to 12
usage: goto H8
Go to move 12, or move the board cursor to H8.
A number alone, like 12, also goes to that move.
Move 0 is the empty board before the first move.
== first
usage: first
Go to the first move.
== last
usage: last
Go to the last move of the record.
To hear the current move again, type move.
== move
usage: move
Hear the current move again.
== square
usage: square H8
usage: H8
What is on a square after this move, or its premium.
== row
usage: row 8
Read a row after this move, left to right.
== column
usage: column H
Read a column after this move, top to bottom.
== where
usage: where
Where the board cursor is.
Arrows on an empty line move it; at a play it goes to the word's first square.
== words
usage: words
Every word on the board after this move.
== board
usage: board
The braille board after this move.
== show
usage: show
The large-print board, on screen for a sighted helper.
== legend
usage: legend
What each braille cell of the board means.
== scores
usage: scores
The recorded scores after this move.
== rack
usage: rack
The rack of the player who made this move, as the record shows it.
== history
usage: history
usage: history 5
The moves so far, one line each; or only the last 5.
== repeat
usage: repeat
Hear the last answer again.
== set
usage: set verbosity brief
usage: set braille 40
Change a setting: verbosity, marks, braille or speech.
== quit
usage: quit
Leave the review.
== keys
Board keys work on an empty line.
Arrows: one square. Home, End: row ends.
Page Up, Page Down: column ends.
Ctrl and an arrow: next tile that way.
Ctrl-Home: the star. F2: where. F4: repeat.
"""


def review_help() -> dict[str, HelpEntry]:
    """The review's help texts, by command (and ``keys``)."""
    return parse_help(REVIEW_HELP)


#: a square typed alone, like H8 (as the game reads it)
_SQUARE_ONLY = re.compile(r"[A-Oa-o](1[0-5]|[1-9])")


def _next(s: "ReviewSession", args: str) -> list[str]:
    return s.next_move()


def _back(s: "ReviewSession", args: str) -> list[str]:
    return s.previous_move()


def _first(s: "ReviewSession", args: str) -> list[str]:
    return s.go(1)


def _last(s: "ReviewSession", args: str) -> list[str]:
    return s.go(s.count)


def _move(s: "ReviewSession", args: str) -> list[str]:
    if args.strip():
        return _goto(s, args)
    return s.current_lines()


def _goto(s: "ReviewSession", args: str) -> list[str]:
    """``go to 12`` (a move) or ``goto H8`` (the board cursor)."""
    text = args.strip()
    low = text.lower()
    if low.startswith("to ") or low == "to":
        text = text[2:].strip()
        low = text.lower()
    if low.startswith("move "):
        text = text[5:].strip()
    number = small_number(text, digits=4)
    if number is not None:
        return s.go(number)
    if not text:
        return [f"Say where to go, like go to 5 (a move, 0 to {s.count}) or goto H8."]
    try:
        return board_commands.cmd_goto(s, text)
    except NotationError:
        return [f"{text!r} is not a move or a square; type go to 5, or goto H8."]


def _scores(s: "ReviewSession", args: str) -> list[str]:
    head = "Before the first move:" if s.position == 0 else f"After move {s.position}:"
    return [head] + phrases.scores_lines(s.names, s.totals)


def _rack(s: "ReviewSession", args: str) -> list[str]:
    step = s.step
    if step is None:
        return ["No move yet; type next to hear the first."]
    who = s.names[step.player]
    if not step.move.rack:
        return [f"The record does not show {phrases.possessive(who)} rack here."]
    tiles = parse_rack(step.move.rack, limit=None)
    head = [f"{phrases.possessive(who)} rack before move {step.number}:"]
    if s.braille_mode:
        head += brailleview.rack_lines(tiles, s.settings.braille_width)
    return head + [" ".join(phrases.tile_phrase(t) for t in tiles) + "."]


def history_line(step: ReviewStep, names: Sequence[str]) -> str:
    """``3. doug: JAVE(LI)N, E3 down, 34.`` and the like, one line a move."""
    mv, who = step.move, names[step.player]
    k = mv.kind
    if k is MoveKind.PLAY:
        return f"{step.number}. {who}: {step.text}, {mv.score}."
    what = {
        MoveKind.PASS: "passed",
        MoveKind.EXCHANGE: f"exchanged {mv.exchanged_count}",
        MoveKind.WITHDRAWN: f"play taken back, {mv.score}",
        MoveKind.CHALLENGE: f"challenge, {mv.score:+d}",
        MoveKind.END_GAIN: f"end of game, {mv.score:+d}",
        MoveKind.END_LOSS: f"end of game, {mv.score:+d}",
        MoveKind.TIME: f"time, {mv.score:+d}",
    }[k]
    return f"{step.number}. {who} {what}."


def _history(s: "ReviewSession", args: str) -> list[str]:
    shown = [history_line(st, s.names) for st in s.steps[: s.position]]
    return board_commands.last_lines(shown, args, "moves") or ["No moves yet; type next to hear the first."]


def _help(s: "ReviewSession", args: str) -> list[str]:
    # (the review's usages never end in a full stop: the game's "Type U." is the same)
    return registry.help_lines(
        REVIEW_COMMANDS,
        review_help(),
        args,
        ["Enter alone: the next move.", "help keys: the board keys.", "help COMMAND: more on one."],
    )


def _quit(s: "ReviewSession", args: str) -> list[str]:
    s.finished = True
    return ["Goodbye."]


_A = registry.Arg
_C = functools.partial(registry.Command, modes=frozenset({registry.REVIEW}))

#: the review's commands; the board ones are the game's own handlers, which
#: read the board after the current move through the session's ``board``
REVIEW_COMMANDS = registry.Registry(
    [
        _C("next", _next, "Moving", ("n", "forward", "f")),
        _C("back", _back, "Moving", ("b", "previous", "prev")),
        _C("goto", _goto, "Moving", ("go",), (_A("move or square", registry.SQUARE),)),
        _C("first", _first, "Moving", ("start",)),
        _C("last", _last, "Moving", ("end",)),
        _C("move", _move, "Moving", ("this", "current")),
        _C("square", board_commands.cmd_square, "Board", ("sq", "read"), (_A("square", registry.SQUARE, True),)),
        _C("row", board_commands.cmd_row, "Board", (), (_A("row", registry.ROW, True),)),
        _C("column", board_commands.cmd_column, "Board", ("col",), (_A("column", registry.COLUMN, True),)),
        _C("where", board_commands.cmd_where, "Board", ("pos", "position")),
        _C("words", board_commands.cmd_words, "Board"),
        _C("board", board_commands.cmd_board, "Board", ("brd",)),
        _C("show", board_commands.cmd_show, "Board", ("print",)),
        _C("scores", _scores, "Ask again", ("score", "s")),
        _C("rack", _rack, "Ask again", ("r", "tiles")),
        _C("history", _history, "Ask again", ("hist",)),
        _C("repeat", board_commands.cmd_repeat, "Ask again", ("again",)),
        _C("legend", board_commands.cmd_legend, "Settings", ("marks", "cells")),
        _C("set", board_commands.cmd_set, "Settings", (),
           (_A("setting", registry.SETTING, True), _A("value", registry.SETTING, True))),
        _C("help", _help, "Settings", ("h", "?", "commands"), (_A("topic", registry.TOPIC, True),)),
        _C("quit", _quit, "Settings", ("exit", "q", "bye")),
    ]
)


# ====================================================================== the session
class ReviewSession:
    """The review controller: the record, where we are in it, the cursor.

    ``position`` is the number of move lines heard: 0 is the empty board
    before the first move, ``count`` the end of the record. It offers
    what the game's board handlers read (``board``, ``cursor``,
    ``settings``, ``style``, ``braille_mode``, ``show``, ``move_phrase``,
    ``speech_change``) so that ``row``, ``column`` and the rest are the
    game's own.
    """

    def __init__(
        self,
        record: GcgRecord,
        *,
        verbosity: str = phrases.NORMAL,
        marks: str = phrases.MARKS,
        braille_width: int | None = None,
        speech: str = "text",
        source: str | None = None,
    ):
        self.record = record
        self.source = source
        self.steps = review_steps(record)
        self.settings = Settings(verbosity=verbosity, marks=marks, braille_width=braille_width, speech=speech)
        self.out = Transcript(lambda: self.settings.braille_width)
        self.reader = BoardReader(lambda: self.board, lambda: self.settings.marks)
        self.position = 0
        self.finished = False
        #: set by ``set speech KIND``; the application swaps the speaker
        self.speech_change: str | None = None
        #: the traceback of an internal error, for developers
        self.last_error: str | None = None

    # ------------------------------------------------------------ what is read
    @property
    def count(self) -> int:
        return len(self.steps)

    @property
    def names(self) -> tuple[str, ...]:
        """The players as the move lines name them."""
        return tuple(p.nick for p in self.record.players)

    @property
    def step(self) -> ReviewStep | None:
        return self.steps[self.position - 1] if self.position else None

    @property
    def board(self) -> Board:
        """The board after the current move (empty before the first)."""
        step = self.step
        return step.board if step is not None else Board()

    @property
    def totals(self) -> tuple[int, ...]:
        step = self.step
        return step.totals if step is not None else tuple(0 for _ in self.names)

    @property
    def style(self) -> Style:
        return self.settings.style

    # ------------------------------------------------------------ output
    @property
    def braille_mode(self) -> bool:
        return self.out.braille_mode

    def _reply(self, lines: Sequence[str], remember: bool = True) -> list[str]:
        return self.out.reply(lines, remember)

    def fit(self, lines: Sequence[str]) -> list[str]:
        return self.out.fit(lines)

    def take_display(self) -> list[str]:
        return self.out.take_display()

    def key(self, name: str) -> list[str]:
        """A board key pressed on an empty line (see console/keys.py)."""
        if name == "repeat":
            return list(self.out.last_reply)
        return self._reply(self.reader.key(name))

    def completion_lines(self, candidates: Sequence[str]) -> list[str]:
        """The candidates of a Tab press, as lines that fit the display
        (comma-separated, a candidate never split). Not remembered for ``repeat``."""
        width = self.settings.braille_width or LINE_WIDTH
        return self.fit(phrases.fit(list(candidates), width=width))

    def keep_settings(self) -> list[str]:
        """A changed setting is kept by the game's session; a review has nothing to save."""
        return []

    def prompt_text(self) -> str:
        """``move 3 of 27> `` (``3/27> `` on a narrow display); ``start> `` before move 1."""
        if self.position == 0:
            full, short = "start> ", None
        else:
            full, short = f"move {self.position} of {self.count}> ", f"{self.position}/{self.count}> "
        return brailleview.fit_prompt(full, short, self.settings.braille_width)

    # ------------------------------------------------------------ moving
    def start(self, move: int | None = None) -> list[str]:
        """The opening: players, moves, how to move; then move ``move`` if given."""
        rec = self.record
        lines = phrases.clauses(f"Game record: {phrases.join_and(list(self.names))}.")
        for p in rec.players:
            if p.full_name and p.full_name != p.nick:
                lines.append(f"{p.nick} is {p.full_name}.")
        for label, value in (("Title", rec.title), ("Description", rec.description), ("Word list", rec.lexicon)):
            if value:
                lines.extend(_wrapped(f"{label}: {value}."))
        for w in rec.warnings:
            lines.extend(_wrapped(w))
        lines.append(f"{phrases.plural(self.count, 'move')}.")
        lines.append("Enter or next: the next move.")
        lines.append("back, go to N, first, last.")
        lines.append("Board: square, row, column, words.")
        lines.append("help for more, quit to leave.")
        if move is not None:
            if move > self.count:
                lines.append(f"The record has {phrases.plural(self.count, 'move')}; here is the last.")
            lines.extend(self._go(min(move, self.count)))
        return self._reply(lines)

    def current_lines(self) -> list[str]:
        """The current move, said again (the empty board before move 1)."""
        step = self.step
        if step is None:
            return [
                "Before the first move;",
                "the board is empty.",
                f"Enter or next for move 1 of {self.count}.",
            ]
        return move_lines(step, self.count, self.names, self.style)

    def _go(self, position: int) -> list[str]:
        self.position = position
        step = self.step
        if step is not None and step.start is not None:
            self.reader.cursor.goto(step.start)
        elif step is None:
            self.reader.cursor.goto(CENTRE)
        return self.current_lines()

    def go(self, number: int) -> list[str]:
        """Go to move ``number`` (0: before the first move) and say it."""
        if not 0 <= number <= self.count:
            raise NotationError(
                f"There is no move {number}; the record has moves 1 to {self.count}, and 0 is the start."
            )
        return self._go(number)

    def next_move(self) -> list[str]:
        if self.position >= self.count:
            return [f"That was the last move, {self.count} of {self.count}.", "Type back, first, or quit."]
        return self._go(self.position + 1)

    def previous_move(self) -> list[str]:
        if self.position == 0:
            return ["This is the start, before move 1.", "Type next or press Enter."]
        return self._go(self.position - 1)

    # ------------------------------------------------------------ input
    def handle_line(self, text: str) -> list[str]:
        """Answer any line typed. Never raises for bad input, never shows a traceback."""
        stripped = text.strip()
        try:
            lines = self._dispatch(stripped)
        except ScrabbleError as e:
            lines = [str(e)]
        except Exception as e:  # a bug must not end the review or show a traceback
            self.last_error = traceback.format_exc()
            lines = [f"Something went wrong inside the review ({type(e).__name__}).", "Type move to hear this move again."]
        remember = stripped.lower() not in ("repeat", "again")
        return self._reply(lines or ["Done."], remember=remember)

    def _dispatch(self, text: str) -> list[str]:
        if not text:
            return self.next_move()
        word, _, rest = text.partition(" ")
        cmd = REVIEW_COMMANDS.get(word)
        if cmd is not None:
            return cmd.handler(self, rest)
        number = small_number(text, digits=4)
        if number is not None:
            return self.go(number)
        if _SQUARE_ONLY.fullmatch(text):
            return board_commands.cmd_square(self, text)
        return REVIEW_COMMANDS.not_a_command(word)

    def interrupt(self) -> list[str]:
        """Ctrl-C: the typed line is dropped."""
        return self._reply(["Line cleared."], remember=False)

    def end_of_input(self) -> list[str]:
        """Ctrl-D or the end of piped input: the review ends (nothing is lost)."""
        self.finished = True
        return self._reply(["Goodbye."])


# ====================================================================== completion
def complete(session: ReviewSession, text: str) -> list[str]:
    """Candidates for the word being typed at the end of ``text``."""

    def candidates(cmd: registry.Command, arg: registry.Arg, words: list[str], index: int) -> list[str]:
        if cmd.name == "goto":
            return ["to"] + [str(n) for n in range(session.count + 1)] + registry.ALL_SQUARES
        if arg.kind == registry.TOPIC:
            return REVIEW_COMMANDS.names() + ["keys"]
        return registry.board_candidates(arg, words, index, SETTING_VALUES) or []

    return REVIEW_COMMANDS.complete(text, candidates)


# ====================================================================== the prompt
class ReviewApp(PromptApp):
    """The interactive review prompt: the game's keys, completion and voice."""

    session: ReviewSession

    def __init__(
        self,
        session: ReviewSession,
        speaker: services.Speaker,
        screen: TextIO | None = None,
        input: Input | None = None,
        output: Output | None = None,
    ):
        super().__init__(session, Voice(session, speaker, screen), SessionCompleter(session, complete), input, output)

    def run(self, move: int | None = None) -> int:
        session = self.session
        self.voice.notice()
        self.voice.emit(session.start(move))
        while not session.finished:
            text = self.read_line()
            if text is None:
                continue
            self.voice.emit(session.handle_line(text))
            self.voice.follow_speech_setting()
        self.voice.speaker.close()
        return 0


def run_plain(
    session: ReviewSession,
    speaker: services.Speaker,
    stdin: TextIO,
    screen: TextIO | None = None,
    move: int | None = None,
) -> int:
    """The same review over plain lines (input piped in): each prompt, each answer."""
    voice = Voice(session, speaker, screen)
    voice.notice()
    voice.emit(session.start(move))
    while not session.finished:
        line = read_plain(session, voice, stdin)
        if line is None:
            voice.emit(session.end_of_input())
            break
        voice.emit(session.handle_line(line.rstrip("\r\n")))
        voice.follow_speech_setting()
    voice.speaker.close()
    return 0


# ====================================================================== the subcommand
def _move_number(text: str) -> int:
    number = small_number(text, digits=4)
    if number is None:
        raise argparse.ArgumentTypeError(f"a move is a number like 3 (0 is the empty board), not {text[:12]!r}")
    return number


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``audio-scrabble review``, parsed as the game parses its own."""
    parser.add_argument("file", metavar="FILE.gcg", help="the game record to step through")
    parser.add_argument("--move", type=_move_number, metavar="N", help="start at move N (0: before the first move)")
    add_options(parser, ("speech", "verbosity", "marks", "braille"),
                defaults={"speech": "text", "verbosity": "normal", "marks": "marks"})


def run(args: argparse.Namespace) -> int:
    """Review the record named on the command line; 2 if it cannot be read."""
    width: int | None = args.braille_width
    try:
        session = ReviewSession(
            load_record(args.file),
            verbosity=args.verbosity,
            marks=args.marks,
            braille_width=width,
            speech=args.speech,
            source=args.file,
        )
    except ScrabbleError as e:
        print("\n".join(brailleview.fit([str(e)], width)), file=sys.stderr)
        return EXIT_UNREADABLE
    screen = FittedWriter(sys.stdout, lambda: session.settings.braille_width)
    speaker = services.make_speaker(args.speech, screen)  # type: ignore[arg-type]
    if not sys.stdin.isatty():
        return run_plain(session, speaker, sys.stdin, screen, move=args.move)  # type: ignore[arg-type]
    return ReviewApp(session, speaker, screen=screen).run(move=args.move)  # type: ignore[arg-type]


__all__ = [
    "ReviewApp",
    "ReviewSession",
    "ReviewStep",
    "REVIEW_COMMANDS",
    "complete",
    "configure",
    "history_line",
    "load_record",
    "move_lines",
    "review_steps",
    "run",
    "run_plain",
]
