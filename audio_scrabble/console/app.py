"""The prompt_toolkit application around a :class:`Session`.

It reads lines (with history and Tab completion, readline style so that
candidates are printed as lines a screen reader can read), sends each
line to the session, and says the answer through the speaker, one whole
line at a time, the first line interrupting any speech still going. Board
keys on an empty line go to ``Session.key``. Ctrl-C clears the line;
Ctrl-D asks before leaving.

When standard input is not a terminal (a script piped in, a test), a
plain line loop does the same without prompt_toolkit.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, Iterable, Protocol, Sequence, TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.application import run_in_terminal
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.key_binding import merge_key_bindings
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from prompt_toolkit.shortcuts import CompleteStyle

from . import services
from ..presentation.braille_lines import is_cells_line
from .commands import complete
from .keys import board_key_bindings, completion_list_bindings
from .session import Session


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
    """Says replies through a speaker and prints screen-only blocks.

    Lines made only of braille cells (board rows and racks in braille
    mode) are printed for the braille display but never spoken. Whatever
    is printed here has been fitted to braille mode's width by the session.
    The speaker should print to the same ``screen``.
    """

    def __init__(self, session: Voiced, speaker: services.Speaker, screen: TextIO | None = None):
        self.session = session
        self.speaker = speaker
        self.screen = screen or sys.stdout

    def emit(self, lines: list[str]) -> None:
        out = getattr(self.session, "out", None)
        if out is not None and out.take_clear() and _is_terminal(self.screen):
            # home, clear the screen and its scrollback: the last rack is gone
            self.screen.write("\x1b[H\x1b[2J\x1b[3J")
        block = self.session.fit(self.session.take_display())
        if block:
            self.print_only(block)
        spoken = 0
        for line in lines:
            if is_cells_line(line):
                self.print_only([line])
                continue
            self.speaker.say(line, interrupt=(spoken == 0))
            spoken += 1

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
        if self.speaker.fallback_notice:
            for line in self.session.fit([self.speaker.fallback_notice]):
                self.speaker.say(line, interrupt=False)

    def follow_speech_setting(self) -> None:
        """``set speech KIND``: swap the speaker, saying so if it falls back."""
        kind = self.session.speech_change
        if kind is None:
            return
        self.session.speech_change = None
        old = self.speaker
        self.speaker = services.make_speaker(kind, self.screen)
        old.close()
        self.notice()

    def computers(self, session: Session) -> None:
        """Say each computer decision of the game ``session`` as it is made, one at a time."""
        while session.computer_to_move():
            self.emit(session.computer_turn())


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
    keys, each answer said through ``voice``."""

    def __init__(
        self,
        session: Prompted,
        voice: Voice,
        completer: Completer,
        input: Input | None = None,
        output: Output | None = None,
    ):
        # No cursor-position requests: some terminals and screen readers never
        # answer them, and prompt_toolkit then prints a warning to the player.
        os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
        self.session = session
        self.voice = voice
        braille = Condition(lambda: session.braille_mode)
        self.prompt: PromptSession[str] = PromptSession(
            key_bindings=merge_key_bindings(
                [board_key_bindings(self._on_key), completion_list_bindings(self._on_candidates, braille)]
            ),
            completer=completer,
            complete_style=CompleteStyle.READLINE_LIKE,
            complete_while_typing=False,
            history=InMemoryHistory(),
            input=input,
            output=output,
        )

    def _on_key(self, action: str) -> None:
        lines = self.session.key(action)
        run_in_terminal(lambda: self.voice.emit(lines))

    def _on_candidates(self, candidates: list[str]) -> None:
        lines = self.session.completion_lines(candidates)
        run_in_terminal(lambda: self.voice.emit(lines))

    def read_line(self) -> str | None:
        """The next line typed; None after Ctrl-C or Ctrl-D, whose answer is said."""
        session = self.session
        try:
            return self.prompt.prompt(session.prompt_text())
        except KeyboardInterrupt:
            self.voice.emit(session.interrupt())
        except EOFError:
            self.voice.emit(session.end_of_input())
        return None


class ConsoleApp(PromptApp):
    """The interactive prompt."""

    session: Session

    def __init__(
        self,
        session: Session,
        speaker: services.Speaker,
        screen: TextIO | None = None,
        input: Input | None = None,
        output: Output | None = None,
    ):
        session.defer_computer = True
        super().__init__(session, Voice(session, speaker, screen), SessionCompleter(session), input, output)

    def run(self) -> int:
        session = self.session
        self.voice.notice()
        self.voice.answer(session.start())
        self.voice.computers(session)
        while not session.finished:
            text = self.read_line()
            if text is None:
                continue
            self.voice.answer(session.handle_line(text))
            self.voice.computers(session)
        self.voice.speaker.close()
        return 0


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


def run_plain(session: Session, speaker: services.Speaker, stdin: TextIO, screen: TextIO | None = None) -> int:
    """The same game over plain lines (no terminal): each prompt, each answer."""
    session.defer_computer = True
    voice = Voice(session, speaker, screen)
    voice.notice()
    voice.answer(session.start())
    voice.computers(session)
    while not session.finished:
        line = read_plain(session, voice, stdin)
        if line is None:
            voice.emit(session.end_of_input())
            if not session.finished:
                voice.emit(session.end_of_input())
            break
        voice.answer(session.handle_line(line.rstrip("\n")))
        voice.computers(session)
    voice.speaker.close()
    return 0


def _is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
