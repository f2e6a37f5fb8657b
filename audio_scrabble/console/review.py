"""``audio-scrabble review FILE``: step through a game record by ear.

A linear session like the game's console: the player moves through the
record one move at a time (Enter or ``next``, ``back``, ``go to N``,
``first``, ``last``) and hears each move as the scorekeeper would say it
(``Move 3 of 27.``, ``doug played JAVELIN, E3 down.``, ``34 points.``,
``doug 66, emely 16.``), with passes, exchanges, plays taken back,
challenge bonuses and penalties, end-of-game adjustments, time penalties
and the move's ``#note``. The file may be a game's save (``.json``), as a
game begun from a position is kept: its record then starts from the
position (:mod:`.game_files`), and once the game is over each turn is
said beside the best play then, by the in-game ``review``'s own
measure and words (:class:`~.coach.Coach`), with what each player
missed past the last move. At every step the board reading commands of
the game (``square H8`` or just ``H8``, ``row 8``, ``column H``,
``words``, ``board``, the arrows on an empty line) read the board *after*
the move being reviewed; ``scores`` says the recorded totals then and
``rack`` the mover's rack as the record shows it.

How it fits together:

* :func:`audio_scrabble.notation.replay.replay_steps` replays the record
  once (the rules core scores each play there) into data, and
  :mod:`audio_scrabble.presentation.record_phrases` says each step;
* :class:`ReviewSession` is the controller: ``handle_line(text)`` and
  ``key(name)`` answer anything and never raise, as the game's
  :class:`~audio_scrabble.console.session.Session` does. The board
  commands are the game's own (:mod:`.board_commands`), reading the
  board after the current move through the session's ``board``;
* :class:`ReviewApp` is the prompt_toolkit prompt, :func:`run_plain` the
  same over piped lines; ``configure(parser)`` and ``run(args)`` are the
  ``review`` subcommand.

The word ``last`` moves to the last move (as the opening says); to hear
the current move again, type ``move`` (or ``repeat``).
"""

from __future__ import annotations

import argparse
import sys
import traceback
from typing import Any, Sequence, TextIO

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from ..core.board import CENTRE, Board
from ..core.game import Game
from ..errors import NotationError, ScrabbleError
from ..notation.gcg import GcgRecord
from ..notation.replay import RecordStep, load_record, replay_steps, reviewable
from ..notation.typed import looks_like_square
from ..presentation import layout, phrases, prompts, record_phrases, teaching
from ..presentation.phrases import LINE_WIDTH
from . import services
from .handlers import board_commands, survey_commands
from .app import PromptApp
from .output.voice import Voice
from .prompted import SessionCompleter
from .plain import read_plain
from .output.brailleview import FittedWriter
from .table.coach import Coach
from .files.game_files import find_game_file, read_game_file
from .output.output import BoardReader, Replying, Transcript
from .handlers.review_commands import REVIEW_COMMANDS, complete, facing_rack, rack_size
from .asking.settings import Settings, add_options, small_number

#: exit status of ``review`` when the file cannot be reviewed
EXIT_UNREADABLE = 2


# ====================================================================== the session
class ReviewSession(Replying):
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
        game: Game | None = None,
        lexicon: Any = None,
        you: int | None = None,
    ):
        self.record = record
        self.source = source
        self.steps = replay_steps(record)
        #: a saved game (its record made from it): its names, and once it
        #: is over the in-game review's coach, for each turn's best play
        self.game = game
        #: a saved game's one person at a table of computers (their seat),
        #: said "You" as the game says them; a record's players by name
        self.you = you if game is not None else None
        self.coach = Coach(game, lexicon, self.you) if game is not None and game.is_over else None
        self._best: dict[int, Any] | None = None
        self.settings = Settings(verbosity=verbosity, marks=marks, braille_width=braille_width, speech=speech)
        self.out = Transcript(lambda: self.settings.braille_width, lambda: self.names)
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
        """The players as the move lines name them (a saved game's own names)."""
        if self.game is not None:
            return tuple(self.game.names)
        return tuple(p.nick for p in self.record.players)

    def best(self, step: RecordStep) -> Any:
        """The in-game review's judgement of the turn ``step`` was (a saved
        game, once over), or None. Worked out for every turn on first use."""
        if self.coach is None or step.move.turn is None:
            return None
        if self._best is None:
            self._best = {r.turn: r for r in self.coach.reviews()}
        return self._best.get(step.move.turn)

    @property
    def step(self) -> RecordStep | None:
        return self.steps[self.position - 1] if self.position else None

    @property
    def board(self) -> Board:
        """The board after the current move (before the first: empty, or
        the position the game began from)."""
        step = self.step
        if step is not None:
            return step.board
        start = self.record.start
        return start.board if start is not None else Board()

    @property
    def totals(self) -> tuple[int, ...]:
        step = self.step
        if step is not None:
            return step.totals
        start = self.record.start
        return start.totals if start is not None else tuple(0 for _ in self.names)

    # ------------------------------------------------------------ output
    # (style, braille_mode, _reply, take_display: output.Replying's)
    def key(self, name: str) -> list[str]:
        """A board key pressed on an empty line (see console/output/keys.py)."""
        if name == "repeat":
            return self.out.repeat()
        lines = survey_commands.answer_key(self, name, survey_commands.REVIEW_QUICK, self._dispatch, rack_size(self),
                                           facing_rack(self))
        return self._reply(lines)

    def completion_lines(self, candidates: Sequence[str]) -> list[str]:
        """The candidates of a Tab press, as lines that fit the display
        (comma-separated, a candidate never split). Not remembered for ``repeat``."""
        width = self.settings.braille_width or LINE_WIDTH
        return self._reply(phrases.fit(list(candidates), width=width), remember=False)

    def keep_settings(self) -> list[str]:
        """A changed setting is kept by the game's session; a review has nothing to save."""
        return []

    def leave(self) -> list[str]:
        """``quit``: the review ends."""
        self.finished = True
        return [prompts.GOODBYE]

    def prompt_text(self) -> str:
        """``move 3 of 27> `` (``3/27> `` on a narrow display); ``start> `` before move 1."""
        if self.position == 0:
            full, short = "start> ", None
        else:
            full, short = f"move {self.position} of {self.count}> ", f"{self.position}/{self.count}> "
        return layout.fit_prompt(full, short, self.settings.braille_width)

    # ------------------------------------------------------------ moving
    def start(self, move: int | None = None) -> list[str]:
        """The opening: players, moves, how to move; then move ``move`` if given."""
        if self.game is not None:
            lines = record_phrases.opening_lines(self.record, self.count, self.names, self.game.is_over, self.you)
        else:
            lines = record_phrases.opening_lines(self.record, self.count)
        if move is not None:
            if move > self.count:
                lines.extend(record_phrases.only_moves(self.count))
            lines.extend(self._go(min(move, self.count)))
        return self._reply(lines)

    def current_lines(self) -> list[str]:
        """The current move, said again (the empty board before move 1)."""
        step = self.step
        if step is None:
            return record_phrases.before_first_lines(self.count, self.record.start is not None)
        lines = record_phrases.move_lines(step, self.count, self.names, self.style, self.you)
        judged = self.best(step)
        return lines + teaching.best_phrases(judged) if judged is not None else lines

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
            raise NotationError(record_phrases.no_such_move(number, self.count))
        return self._go(number)

    def next_move(self) -> list[str]:
        if self.position >= self.count:
            return record_phrases.end_reached(self.count, self.coach.summary() if self.coach is not None else ())
        return self._go(self.position + 1)

    def previous_move(self) -> list[str]:
        if self.position == 0:
            return list(record_phrases.AT_START)
        return self._go(self.position - 1)

    # ------------------------------------------------------------ input
    def handle_line(self, text: str) -> list[str]:
        """Answer any line typed. Never raises for bad input, never shows a
        traceback. Pasted lines are answered one at a time, never glued."""
        parts = [p for p in text.replace("\r\n", "\n").replace("\r", "\n").split("\n") if p.strip()]
        if len(parts) > 1:
            lines: list[str] = []
            for part in parts:
                if self.finished:
                    break
                lines.extend(self.handle_line(part))
            self.out.last_reply = list(lines)
            return lines
        stripped = text.strip()
        try:
            lines = self._dispatch(stripped)
        except ScrabbleError as e:
            lines = self.refusal(e)
        except Exception as e:  # a bug must not end the review or show a traceback
            self.last_error = traceback.format_exc()
            lines = [record_phrases.review_went_wrong(type(e).__name__), record_phrases.REVIEW_HEAR_AGAIN]
        remember = stripped.lower() not in ("repeat", "again")
        return self._reply(lines or [prompts.DONE], remember=remember)

    def _dispatch(self, text: str) -> list[str]:
        if not text:
            return self.next_move()
        word, _, rest = text.partition(" ")
        cmd = REVIEW_COMMANDS.get(word)
        if cmd is not None:
            cmd, rest = REVIEW_COMMANDS.words_after(word, cmd, rest)  # "board row 8" is row 8
            return cmd.handler(self, rest)
        number = small_number(text, digits=4)
        if number is not None:
            return self.go(number)
        if looks_like_square(text):
            return board_commands.cmd_square(self, text)
        return REVIEW_COMMANDS.not_a_command(word, self.style.brief)

    def interrupt(self) -> list[str]:
        """Ctrl-C: the typed line is dropped."""
        return self._reply([prompts.LINE_CLEARED], remember=False)

    def end_of_input(self) -> list[str]:
        """Ctrl-D or the end of piped input: the review ends (nothing is lost)."""
        self.finished = True
        return self._reply([prompts.GOODBYE])


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
        self.voice.close()
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
    voice.close()
    return 0


# ====================================================================== the subcommand
def _move_number(text: str) -> int:
    number = small_number(text, digits=4)
    if number is None:
        raise argparse.ArgumentTypeError(f"a move is a number like 3 (0 is the empty board), not {text[:12]!r}")
    return number


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``audio-scrabble review``, parsed as the game parses its own."""
    parser.add_argument("file", metavar="FILE", help=record_phrases.REVIEW_FILE_HELP)
    parser.add_argument("--move", type=_move_number, metavar="N", help="start at move N (0: before the first move)")
    parser.add_argument("--lexicon", metavar="PATH", help=record_phrases.REVIEW_LEXICON_HELP)
    add_options(parser, ("speech", "verbosity", "marks", "braille"),
                defaults={"speech": "text", "verbosity": "normal", "marks": "marks"})
    parser.epilog = record_phrases.REVIEW_EPILOG


def run(args: argparse.Namespace) -> int:
    """Review the record or saved game named on the command line; 2 if it cannot be read."""
    width: int | None = args.braille_width
    try:
        words = services.load_lexicon(args.lexicon) if args.lexicon else None
        on_file = read_game_file(find_game_file(args.file), words)
        session = ReviewSession(
            reviewable(on_file.record, args.file),
            verbosity=args.verbosity,
            marks=args.marks,
            braille_width=width,
            speech=args.speech,
            source=args.file,
            game=on_file.game,
            lexicon=on_file.game.lexicon if on_file.game is not None else None,
            you=on_file.you,
        )
    except ScrabbleError as e:
        print("\n".join(layout.fit_cells([str(e)], width)), file=sys.stderr)
        return EXIT_UNREADABLE
    screen = FittedWriter(sys.stdout, lambda: session.settings.braille_width)
    speaker = services.make_speaker(args.speech, screen)  # type: ignore[arg-type]
    if not sys.stdin.isatty():
        return run_plain(session, speaker, sys.stdin, screen, move=args.move)  # type: ignore[arg-type]
    return ReviewApp(session, speaker, screen=screen).run(move=args.move)  # type: ignore[arg-type]


__all__ = [
    "ReviewApp",
    "ReviewSession",
    "REVIEW_COMMANDS",
    "complete",
    "configure",
    "load_record",
    "run",
    "run_plain",
]
