"""The prompt_toolkit application around a :class:`Session`.

It reads lines (with history and Tab completion, readline style so that
candidates are printed as lines a screen reader can read), sends each
line to the session, and gives the answer to the speaker as one reply
(one utterance where the game speaks it). Board keys go to
``Session.key``; their answers are shown on the input line itself, the
caret after them (see console/output/answer_line.py: that is where Orca reads
them; a function key on a line being typed keeps the line, shown again
at the next key), spoken besides by tts; in screen-reader mode they are spoken
through the screen reader and not printed. The prompt is not written
again after a board key (a console screen reader would read it after
every arrow): until the next line is typed it is empty. Any key
stops the game's own speech (Escape too; a terminal never sees Ctrl
pressed alone). Ctrl-C clears the line; Ctrl-D asks before leaving.

The answers reach the speaker and the screen through
:class:`~.output.voice.Voice` (console/output/voice.py). When standard
input is not a terminal (a script piped in, a test), a plain line loop
does the same without prompt_toolkit (console/plain.py).
"""

from __future__ import annotations

import asyncio
import contextvars
import os
import threading
from typing import Any, Callable, TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.application import run_in_terminal
from prompt_toolkit.completion import Completer
from prompt_toolkit.filters import Condition
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import merge_key_bindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import Output
from prompt_toolkit.shortcuts import CompleteStyle

from ..presentation.prompts_settings import prompt_when_changed
from ..presentation.speech import Speaker
from .output.answer_line import AnswerLine, news_on_the_line
from .handlers.commands import complete
from .output.keys import CARET_ACTIONS, board_key_bindings, completion_list_bindings, quiet_exit_bindings
from .output.histories import SeatHistories
from .prompted import Prompted, SessionCompleter
from .output.voice import Voice
from .session import Session

#: Voice is output/voice.py's, named here too for those that take it with the app
__all__ = ["ConsoleApp", "PromptApp", "Voice"]


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
        #: the prompt last written, for ``set prompt changes``
        self._last_prompt: str | None = None
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
        #: a board key's answer on the input line; typing moves below it
        self.answer_line = AnswerLine(self.prompt)
        self.prompt.input_processors = [self.answer_line.hides_typed()]
        self.prompt.default_buffer.on_text_changed += lambda _: self.answer_line.close()
        self._key_answered = False  # the key being processed was a board key

    def _before_key(self, processor: Any) -> None:
        """Any key stops the game's own speech; a blanked answer line is written back."""
        self.voice.hush()
        self.answer_line.restore()
        self._line_before_key, self._key_answered = self.prompt.default_buffer.text, False

    def _after_key(self, processor: Any) -> None:
        """Tab that typed a completion in: read it aloud (tts). A key other
        than a board key shows again the line typed under a key's answer."""
        if self.answer_line.hidden and not self._key_answered and not self.prompt.app.is_done:
            self.answer_line.close()
        keys = [press.key for press in getattr(processor, "_previous_key_sequence", [])]
        if keys and keys[-1] in (Keys.Tab, Keys.ControlI):
            self.answer_line.close()  # the candidates are printed below a key's answer
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
        self._key_answered = True
        self.answer_line.show(self.voice.shown(lines), action not in CARET_ACTIONS)  # on a typed line: below it
        self.quiet_prompt = True

    def _on_candidates(self, candidates: list[str]) -> None:
        lines = self.session.completion_lines(candidates)
        self.answer_line.close()
        run_in_terminal(lambda: self.voice.emit(lines))

    def _message(self) -> str:
        if self.answer_line.lines:
            return self.answer_line.text()
        return "" if self.quiet_prompt else self.prompt_words

    def _prompt_now(self) -> str:
        """The prompt before the cursor. With ``set prompt changes`` there
        is none: its words are a line of their own, told when they change
        (:meth:`_tell_prompt`)."""
        if getattr(getattr(self.session, "settings", None), "prompt", "") != "changes":
            self._last_prompt = None
            return self.session.prompt_text()
        self._tell_prompt()
        return ""

    def _tell_prompt(self) -> None:
        """``set prompt changes``: the prompt's words, without its ``>``, as
        the reply's last line when they are not the ones told last; inside
        the reply's :meth:`Voice.one_reply`, in the same write (a prompt
        drawn after the reply was read twice by Orca)."""
        words = self._prompt_change()
        if words:
            self.voice.print_only([words])

    def _prompt_change(self) -> str:
        """``set prompt changes``: the prompt's words if not the last told."""
        prompt = self.session.prompt_text()
        if getattr(getattr(self.session, "settings", None), "prompt", "") != "changes" or prompt == self._last_prompt:
            return ""
        self._last_prompt = prompt
        return prompt_when_changed(prompt) or ""

    def _prompt_started(self) -> None:
        """Called in the prompt's event loop as it starts (see ConsoleApp)."""

    def _prompt_ended(self) -> None:
        """Called once the prompt has returned (see ConsoleApp)."""

    def read_line(self) -> str | None:
        """The next line typed; None after Ctrl-C or Ctrl-D, whose answer is said."""
        session = self.session
        self.quiet_prompt = False
        self.histories.follow(session)
        self.answer_line.forget()
        self.prompt_words = self._prompt_now()
        # a password (online sign-in) is not shown, kept in the history or read aloud
        secret = bool(getattr(getattr(session, "question", None), "secret", False))
        try:
            if secret:
                hidden: PromptSession[str] = PromptSession(input=self.prompt.input, output=self.prompt.output)
                line = hidden.prompt(self._message, pre_run=self._prompt_started, is_password=True)
            else:
                line = self.prompt.prompt(self._message, pre_run=self._prompt_started)
        except KeyboardInterrupt:
            self._prompt_ended()
            self.voice.emit(session.interrupt())
        except EOFError:
            self._prompt_ended()
            self.voice.emit(session.end_of_input())
        else:
            self._prompt_ended()
            if self.echo_typed() and not secret:
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
        session.defer_computers()
        settings = getattr(session, "settings", None)
        super().__init__(
            session, Voice(session, speaker, screen), SessionCompleter(session, complete), input, output,
            echo_typed=lambda: bool(getattr(settings, "echo", False)),
        )
        #: the running prompt's event loop and context, while a line is read
        self._prompt_loop: tuple[asyncio.AbstractEventLoop, contextvars.Context] | None = None
        self._lock = threading.Lock()
        self.news_on_the_line = False  # a screen reader reads the console (start.py): see _say_thought
        #: said first at start-up: which way speech goes (start.py)
        self.speech_way: str | None = None

    def run(self) -> int:
        """Read and answer lines until the player leaves. A computer's long
        think (the champion's) never holds the prompt: "thinking" is said
        once, every command that only reads is answered meanwhile (those that
        would change the game are refused, see commands.dispatch), and the
        move is said once chosen (:meth:`_say_thought`)."""
        session = self.session
        session.wake_with(self._thought_ready, self.voice.at_once)  # and a slow command's first words
        try:
            with self.voice.one_reply():
                self.voice.notice()
                if self.speech_way:
                    self.voice.emit(session.out.fit([self.speech_way]))
                self.voice.answer(session.start())
                self.voice.computers(session, wait=False)
                self._tell_prompt()
            while not session.finished:
                text = self.read_line()
                if text is None:
                    continue
                with self.voice.one_reply():
                    self.voice.answer(session.handle_line(text))
                    self.voice.computers(session, wait=False)
                    self._tell_prompt()
        finally:
            session.wake_with(None)
        self.voice.close()
        return 0

    def _prompt_started(self) -> None:
        loop = asyncio.get_running_loop()
        with self._lock:
            self._prompt_loop = (loop, contextvars.copy_context())
        if self.session.acting.ready():  # chosen (or arrived) while the last line was answered
            loop.call_soon(self._say_thought)

    def _prompt_ended(self) -> None:
        with self._lock:
            self._prompt_loop = None

    def _thought_ready(self) -> None:
        """On the thinker's (or a transport's) thread: a move is chosen (or
        arrived); the prompt's loop says it."""
        with self._lock:
            running = self._prompt_loop
        if running is not None:
            loop, context = running
            loop.call_soon_threadsafe(self._say_thought, context=context)

    def _say_thought(self) -> None:
        """In the prompt's loop: the chosen move (and the decisions after it)
        said on the input line (``news_on_the_line``) or above the prompt."""
        session, voice = self.session, self.voice
        if not session.acting.ready() or not self.prompt.app.is_running or session.finished:
            return  # said already, or the line was entered: the run loop says it
        with session.out.news():  # ``repeat`` says all of it
            parts = list(session.acting.steps(False, again=True))
        out, lines = session.out, [line for part in parts for line in part]
        if self.news_on_the_line and news_on_the_line(lines, out.clear_requested or bool(out.display),
                                                      voice.speaker.speaks_replies):
            told, self.quiet_prompt = self._prompt_change(), False  # the caret after its last word: Orca reads it
            self.prompt_words = self._prompt_now() if not told else ""
            parts[-1] = parts[-1] + [w for w in [told or self.prompt_words] if w]  # the prompt, else hidden
            self.answer_line.show([line for part in parts for line in voice.shown(part)], None,
                                  not told and bool(self.prompt_words))  # the prompt last
            return
        self.answer_line.close()

        def say() -> None:
            with voice.one_reply():
                for part in parts:
                    voice.emit(part, interrupt=False)
                self.quiet_prompt = False
                self.prompt_words = self._prompt_now()

        run_in_terminal(say)

