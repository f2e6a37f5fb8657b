"""The prompt_toolkit application around a :class:`Session`.

It reads lines (with history and Tab completion, readline style so that
candidates are printed as lines a screen reader can read), sends each
line to the session, and gives the answer to the speaker as one reply
(one utterance where the game speaks it). Board keys on an empty line go
to ``Session.key``; their answers are notifications (see
:class:`~audio_scrabble.presentation.speech.Speaker`): printed in text
mode, spoken and not printed in screen-reader mode. The prompt is not
written again after a board key (a console screen reader would read it
after every arrow): until the next line is typed it is empty. Any key
stops the game's own speech (Escape too; a terminal never sees Ctrl
pressed alone). Ctrl-C clears the line; Ctrl-D asks before leaving.

When standard input is not a terminal (a script piped in, a test), a
plain line loop does the same without prompt_toolkit.
"""

from __future__ import annotations

import asyncio
import contextvars
import os
import sys
import threading
from typing import Any, Callable, Iterable, Protocol, Sequence, TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.application import run_in_terminal
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyPressEvent, merge_key_bindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import Output
from prompt_toolkit.shortcuts import CompleteStyle

from ..presentation.speech import Speaker
from . import services
from ..presentation.braille_lines import is_cells_line
from .commands import complete
from .brailleview import terminal_fit
from .keys import board_key_bindings, completion_list_bindings, quiet_exit_bindings
from .histories import SeatHistories
from .session import Session

#: how long the game waits, at the end, for its own speech to finish the
#: last message ("Goodbye..."), at most (seconds)
LAST_WORDS = 15.0


class SessionCompleter(Completer):
    """Completion of command names and their arguments: by default the
    game's registry (:func:`.commands.complete`); the review passes its own."""

    def __init__(self, session: Any, completions: Callable[[Any, str], list[str]] = complete):
        self.session = session
        self.completions = completions

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        text = document.text_before_cursor
        current = "" if not text or text.endswith(" ") else text.split()[-1]
        for cand in self.completions(self.session, text):
            yield Completion(cand, start_position=-len(current))


class Voiced(Protocol):
    """What :class:`Voice` needs of a session: the game's, or the review's.

    ``fit`` lays lines out for braille mode's width (or leaves them as
    they are), ``take_display`` hands over the screen-only lines waiting
    to be printed (the large-print board), and ``speech_change`` is the
    speech kind the player asked for with ``set speech``, until the voice
    has followed it (then None).
    """

    speech_change: str | None

    def fit(self, lines: Sequence[str]) -> list[str]: ...

    def take_display(self) -> list[str]: ...


class Voice:
    """Gives a session's answers to the speaker and prints screen-only blocks.

    An answer is one reply (one utterance where the game speaks). Lines
    made only of braille cells (board rows and racks in braille mode) are
    printed for the braille display but never spoken. Whatever is printed
    here has been fitted to braille mode's width by the session. The
    speaker should print to the same ``screen``.
    """

    def __init__(self, session: Voiced, speaker: Speaker, screen: TextIO | None = None):
        self.session = session
        self.speaker = speaker
        self.screen = screen or sys.stdout
        #: the game may be speaking (something was given to a speaker that speaks)
        self.may_be_speaking = False
        #: the next reply waits for what is being read aloud (the typed line)
        self._after_reading = False

    def emit(self, lines: list[str], interrupt: bool = True) -> None:
        """Say an answer: one reply, braille-cell lines printed only. Unless
        ``interrupt``, it waits for the speech under way (a computer's move
        that comes while the player reads)."""
        out = getattr(self.session, "out", None)
        if out is not None and out.take_clear() and _is_terminal(self.screen):
            # home, clear the screen and its scrollback: the last rack is gone
            self.screen.write("\x1b[H\x1b[2J\x1b[3J")
        block = self.session.fit(self.session.take_display())
        if block:
            self.print_only(block)
        lines = terminal_fit(lines, _columns(self.screen))
        first = interrupt and not self._after_reading
        self._after_reading = False
        if not any(is_cells_line(line) for line in lines):
            if lines:
                self.speaker.reply("\n".join(lines), interrupt=first)
                self._spoke()
            return
        # braille mode with cell lines: in order, the words said as they come
        run: list[str] = []
        for line in [*lines, None]:
            if line is not None and not is_cells_line(line):
                run.append(line)
                continue
            if run:
                self.speaker.reply("\n".join(run), interrupt=first)
                self._spoke()
                first, run = False, []
            if line is not None:
                self.print_only([line])

    def notify(self, lines: list[str], urgent: bool = False) -> None:
        """Say what the console does not carry by itself (a cursor move, a
        signal): printed in text mode, spoken only in screen-reader mode."""
        lines = terminal_fit(lines, _columns(self.screen))
        words = [line for line in lines if not is_cells_line(line)]
        cells = [line for line in lines if is_cells_line(line)]
        if words:
            self.speaker.notify("\n".join(words), urgent=urgent)
            self._spoke()
        if cells and self.prints_notifications:
            self.print_only(cells)

    @property
    def prints_notifications(self) -> bool:
        """Whether a notification reaches the screen (then the prompt must
        make way for it)."""
        return getattr(self.speaker, "prints_notifications", True)

    def read_aloud(self, text: str, then_reply: bool = False) -> None:
        """What the terminal shows as the player edits: spoken by tts only.
        With ``then_reply`` the next reply is spoken after it, not over it."""
        if text.strip():
            self.speaker.read_aloud(text)
            self._spoke()
            self._after_reading = then_reply

    def _spoke(self) -> None:
        if self.speaker.speaks_replies or not self.prints_notifications:
            self.may_be_speaking = True

    def hush(self) -> None:
        """Stop the game's own speech (a key was pressed)."""
        if self.may_be_speaking:
            self.may_be_speaking = False
            self.speaker.stop()

    def answer(self, lines: list[str]) -> None:
        """Say a session's answer, in the speech the session now asks for:
        a ``set speech`` or a resumed game's own speech is followed first,
        so that its answer is already in the new voice."""
        self.follow_speech_setting()
        self.emit(lines)

    def print_only(self, lines: list[str]) -> None:
        self.screen.write("\n".join(lines) + "\n")
        self.screen.flush()

    def notice(self) -> None:
        """The lines of each step down the speech took at start, one each;
        a speech that fell back is then the setting in force (``set`` says
        the speech that is really used)."""
        lines = list(getattr(self.speaker, "notices", []) or [])
        last = self.speaker.fallback_notice
        settings = getattr(self.session, "settings", None)
        if last and settings is not None:
            settings.speech = self.speaker.name
        if last and last not in lines:
            lines.append(last)
        for line in lines:
            for part in self.session.fit([line]):
                self.speaker.reply(part)

    def follow_speech_setting(self) -> None:
        """``set speech KIND``: swap the speaker, saying so if it falls back."""
        kind = self.session.speech_change
        if kind is None:
            return
        self.session.speech_change = None
        old = self.speaker
        self.speaker = services.make_speaker(kind, self.screen)
        old.close()
        self.may_be_speaking = False
        self.notice()

    def computers(self, session: Session, wait: bool = True, interrupt: bool = True) -> None:
        """Say each computer decision of the game ``session`` as it is made,
        one at a time: "thinking" once before a long think (the champion's),
        then its move. Moves are chosen off the input thread (see
        console/thinking.py); unless ``wait``, a long think is left running
        and the prompt comes back (:class:`ConsoleApp` says the move once
        chosen). ``interrupt`` False: each waits for the speech under way."""
        thinker = session.thinker
        while True:
            if thinker.busy:
                if not (wait or thinker.ready or not thinker.long):
                    return  # the champion thinks; the player's commands are answered meanwhile
                thinker.wait()
                self.emit(session.computer_done(), interrupt)
            elif not session.computer_to_move():
                return
            else:
                self.emit(session.computer_thinking(), interrupt)  # said before a long think, once a move
                made = session.start_computer()
                if made is not None:  # a challenge or an acceptance, made at once
                    self.emit(made, interrupt)

    def close(self) -> None:
        """Let the game's own speech finish the last message (at most
        :data:`LAST_WORDS` seconds; a screen reader is only handed what is
        left), then release the speaker."""
        if self.may_be_speaking:
            self.speaker.wait(LAST_WORDS)
        self.speaker.close()


class Prompted(Voiced, Protocol):
    """What :class:`PromptApp` needs of a session besides :class:`Voiced`:
    the board keys, Tab's candidates as lines, and the prompt's answers."""

    @property
    def braille_mode(self) -> bool: ...

    def key(self, action: str) -> list[str]: ...

    def completion_lines(self, candidates: Sequence[str]) -> list[str]: ...

    def prompt_text(self) -> str: ...

    def interrupt(self) -> list[str]: ...

    def end_of_input(self) -> list[str]: ...


class PromptApp:
    """The prompt_toolkit prompt shared by the game and the review: history,
    readline-style Tab completion, the board keys and the candidate list
    keys, each answer said through ``voice``.

    ``echo_typed`` (read at each line) asks for the typed line to be read
    aloud when it is entered, where the game speaks for itself.
    """

    def __init__(
        self,
        session: Prompted,
        voice: Voice,
        completer: Completer,
        input: Input | None = None,
        output: Output | None = None,
        echo_typed: Callable[[], bool] | None = None,
    ):
        # No cursor-position requests: some terminals and screen readers never
        # answer them, and prompt_toolkit then prints a warning to the player.
        os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
        self.session = session
        self.voice = voice
        self.echo_typed = echo_typed or (lambda: False)
        #: a board key was answered since the line was started: the prompt stays empty
        self.quiet_prompt = False
        #: the prompt's words while a line is read (the game's may change meanwhile)
        self.prompt_words = ""
        self._line_before_key = ""
        braille = Condition(lambda: session.braille_mode)
        self_voicing = Condition(lambda: self.voice.speaker.speaks_replies)
        self.prompt: PromptSession[str] = PromptSession(
            key_bindings=merge_key_bindings(
                [
                    board_key_bindings(self._on_key),
                    quiet_exit_bindings(),
                    completion_list_bindings(self._on_candidates, braille | self_voicing),
                ]
            ),
            completer=completer,
            complete_style=CompleteStyle.READLINE_LIKE,
            complete_while_typing=False,
            history=InMemoryHistory(),
            input=input,
            output=output,
        )
        self.histories = SeatHistories(self.prompt)  # one a seat at a shared computer
        processor = self.prompt.app.key_processor
        processor.before_key_press += self._before_key
        processor.after_key_press += self._after_key

    def _before_key(self, processor: Any) -> None:
        """Any key stops the game's own speech."""
        self.voice.hush()
        self._line_before_key = self.prompt.default_buffer.text

    def _after_key(self, processor: Any) -> None:
        """Tab that typed a completion in: read it aloud (tts)."""
        keys = [press.key for press in getattr(processor, "_previous_key_sequence", [])]
        if keys and keys[-1] in (Keys.Tab, Keys.ControlI):
            now = self.prompt.default_buffer.text
            before = self._line_before_key
            if now != before and now.startswith(before):
                added = now[len(before):]
                word = (before.split(" ")[-1] + added).strip() if not before.endswith(" ") else added
                self.voice.read_aloud(word)

    def _on_key(self, action: str) -> None:
        lines = self.session.key(action)
        if not self.voice.prints_notifications:
            self.voice.notify(lines)  # spoken only: the screen does not change
            return
        self.quiet_prompt = True
        run_in_terminal(lambda: self.voice.notify(lines))

    def _on_candidates(self, candidates: list[str]) -> None:
        lines = self.session.completion_lines(candidates)
        run_in_terminal(lambda: self.voice.emit(lines))

    def _message(self) -> str:
        return "" if self.quiet_prompt else self.prompt_words

    def _prompt_started(self) -> None:
        """Called in the prompt's event loop as it starts (see ConsoleApp)."""

    def _prompt_ended(self) -> None:
        """Called once the prompt has returned (see ConsoleApp)."""

    def read_line(self) -> str | None:
        """The next line typed; None after Ctrl-C or Ctrl-D, whose answer is said."""
        session = self.session
        self.quiet_prompt = False
        self.histories.follow(session)
        self.prompt_words = session.prompt_text()
        try:
            line = self.prompt.prompt(self._message, pre_run=self._prompt_started)
        except KeyboardInterrupt:
            self._prompt_ended()
            self.voice.emit(session.interrupt())
        except EOFError:
            self._prompt_ended()
            self.voice.emit(session.end_of_input())
        else:
            self._prompt_ended()
            if self.echo_typed():
                self.voice.read_aloud(line, then_reply=True)
            return line
        return None


class ConsoleApp(PromptApp):
    """The interactive prompt."""

    session: Session

    def __init__(
        self,
        session: Session,
        speaker: Speaker,
        screen: TextIO | None = None,
        input: Input | None = None,
        output: Output | None = None,
    ):
        session.defer_computer = True
        settings = getattr(session, "settings", None)
        super().__init__(
            session, Voice(session, speaker, screen), SessionCompleter(session), input, output,
            echo_typed=lambda: bool(getattr(settings, "echo", False)),
        )
        #: the running prompt's event loop and context, while a line is read
        self._prompt_loop: tuple[asyncio.AbstractEventLoop, contextvars.Context] | None = None
        self._lock = threading.Lock()

    def run(self) -> int:
        """Read and answer lines until the player leaves. A computer's long
        think (the champion's) never holds the prompt: "thinking" is said
        once, every command that only reads is answered meanwhile (those that
        would change the game are refused, see commands.dispatch), and the
        move is said above the prompt once chosen (:meth:`_say_thought`)."""
        session = self.session
        session.thinker.on_ready = self._thought_ready
        try:
            self.voice.notice()
            self.voice.answer(session.start())
            self.voice.computers(session, wait=False)
            while not session.finished:
                text = self.read_line()
                if text is None:
                    continue
                self.voice.answer(session.handle_line(text))
                self.voice.computers(session, wait=False)
        finally:
            session.thinker.on_ready = None
        self.voice.close()
        return 0

    def _prompt_started(self) -> None:
        loop = asyncio.get_running_loop()
        with self._lock:
            self._prompt_loop = (loop, contextvars.copy_context())
        if self.session.thinker.ready:  # chosen while the last line was answered
            loop.call_soon(self._say_thought)

    def _prompt_ended(self) -> None:
        with self._lock:
            self._prompt_loop = None

    def _thought_ready(self) -> None:
        """On the thinker's thread: a move is chosen; the prompt's loop says it."""
        with self._lock:
            running = self._prompt_loop
        if running is not None:
            loop, context = running
            loop.call_soon_threadsafe(self._say_thought, context=context)

    def _say_thought(self) -> None:
        """In the prompt's loop: the chosen move (and the computers' decisions
        after it) said above the prompt, through the same path as any move;
        then the prompt comes back, with the line being typed kept."""
        if not self.session.thinker.ready or not self.prompt.app.is_running:
            return  # said already, or the line was entered: the run loop says it

        def say() -> None:
            self.voice.computers(self.session, wait=False, interrupt=False)
            self.quiet_prompt = False
            self.prompt_words = self.session.prompt_text()

        run_in_terminal(say)


def read_plain(session: Prompted, voice: Voice, stdin: TextIO) -> str | None:
    """Print the session's prompt and read the next piped line (its newline
    kept); None at the end of the input, once the screen has a new line."""
    out = voice.screen
    out.write(session.prompt_text())
    out.flush()
    line = stdin.readline()
    if not line:
        out.write("\n")
        return None
    return line


def run_plain(session: Session, speaker: Speaker, stdin: TextIO, screen: TextIO | None = None) -> int:
    """The same game over plain lines (no terminal): each prompt, each answer."""
    session.defer_computer = True
    voice = Voice(session, speaker, screen)
    voice.notice()
    voice.answer(session.start())
    voice.computers(session)  # piped lines wait for each computer's move
    while not session.finished:
        line = read_plain(session, voice, stdin)
        if line is None:
            voice.emit(session.end_of_input())
            if not session.finished:
                voice.emit(session.end_of_input())
            break
        voice.answer(session.handle_line(line.rstrip("\n")))
        voice.computers(session)
    voice.close()
    return 0


def _columns(stream: TextIO) -> int | None:
    """The width of the terminal ``stream`` writes to; None for no terminal."""
    try:
        return os.get_terminal_size(stream.fileno()).columns if _is_terminal(stream) else None
    except (AttributeError, ValueError, OSError):
        return None


def _is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
