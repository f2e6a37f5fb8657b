"""The console's one voice: :class:`Voice` gives a session's answers to
the speaker (one reply, one utterance where the game speaks it) and
prints what is for the screen only (braille-cell lines, the large-print
board). The prompt_toolkit application (console/app.py) and the plain
line loop (console/plain.py) both speak through it.
"""

from __future__ import annotations

import contextlib
import sys
from typing import Iterator, TextIO

from ...presentation.layout import is_cells_line
from ...presentation.phrases import clauses
from ...presentation.speech import Speaker
from .. import services
from ..prompted import Voiced
from ..session import Session
from .brailleview import columns_of, is_terminal


#: how long the game waits, at the end, for its own speech to finish the
#: last message ("Goodbye..."), at most (seconds)
LAST_WORDS = 15.0


class Voice:
    """Gives a session's answers to the speaker and prints screen-only blocks.

    An answer is one reply (one utterance where the game speaks). Lines
    made only of braille cells (board rows and racks in braille mode) are
    printed for the braille display but never spoken. Whatever is said
    here was laid out once, where it left the session, for braille mode's
    width and the width of this ``screen`` (the session's transcript
    follows its columns: ``Transcript.follow_columns``); it is not laid
    out again. The speaker should print to the same ``screen``.
    """

    def __init__(self, session: Voiced, speaker: Speaker, screen: TextIO | None = None):
        self.session = session
        self.speaker = speaker
        self.screen = screen or sys.stdout
        #: the game may be speaking (something was given to a speaker that speaks)
        self.may_be_speaking = False
        #: the next reply waits for what is being read aloud (the typed line)
        self._after_reading = False
        #: in :meth:`one_reply`: False until its first part was said, then True
        self._reply_said: bool | None = None
        session.out.follow_columns(lambda: columns_of(self.screen))

    def emit(self, lines: list[str], interrupt: bool = True) -> None:
        """Say an answer: one reply, braille-cell lines printed only. Unless
        ``interrupt``, it waits for the speech under way (a computer's move
        that comes while the player reads)."""
        out = self.session.out
        if out.take_clear() and is_terminal(self.screen):
            # home, clear the screen and its scrollback: the last rack is gone
            self.screen.write("\x1b[H\x1b[2J\x1b[3J")
        wide, display = out.take_display_parts()  # the large-print board: printed only
        if wide:
            passing = getattr(self.screen, "as_is", None)  # never fitted to the display (brailleview)
            with passing() if passing is not None else contextlib.nullcontext():
                self.print_only(wide)
        if display:
            self.print_only(display)
        first = interrupt and not self._after_reading and not self._reply_said
        self._after_reading = False
        if self._reply_said is not None:
            self._reply_said = True
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

    def at_once(self, lines: list[str]) -> None:
        """A slow command's first words (``Session.say_at_once``): said, and
        handed on now though the reply goes on (a held screen would keep
        them until the slow part is over)."""
        self.emit(lines)
        release = getattr(self.screen, "release", None)
        if release is not None:
            release()

    def shown(self, lines: list[str]) -> list[str]:
        """A board key's answer that the prompt shows on the input line:
        the lines to show (laid out for the terminal by the session), their
        words given to the speaker as shown (spoken by tts only, never
        printed)."""
        words = [line for line in lines if not is_cells_line(line)]
        if words:
            self.speaker.shown("\n".join(words))
            self._spoke()
        return lines

    @contextlib.contextmanager
    def one_reply(self) -> Iterator[None]:
        """What is said in the block (the answer to a line and the computers'
        moves after it) is one reply: written to the terminal in one write
        where the screen can hold it (brailleview.FittedWriter), its later
        parts never cutting its first short."""
        self._reply_said = False
        try:
            with getattr(self.screen, "held", contextlib.nullcontext)():
                yield
        finally:
            self._reply_said = None

    def notify(self, lines: list[str], urgent: bool = False) -> None:
        """Say what the console does not carry by itself (a cursor move, a
        signal): printed in text mode, spoken only in screen-reader mode."""
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
        """Say that the speech asked for could not start (text is used):
        that is news. The steps down on the way that still left it working
        ("Prism is not installed; using accessible_output2.") are not:
        ``set`` says them, after the speech in force, which a speech that
        fell back then is."""
        lines = list(getattr(self.speaker, "notices", []) or [])
        last = self.speaker.fallback_notice
        settings = getattr(self.session, "settings", None)
        if last and settings is not None:
            settings.speech = self.speaker.name
        if last and last not in lines:
            lines.append(last)
        notes = getattr(settings, "notes", None)
        if notes is not None:
            notes["speech"] = lines
        width = getattr(settings, "braille_width", None)
        # in lines of at most 40, as set says it (a braille display's own width fits the sentence whole)
        parts = self.session.out.fit([last] if width else clauses(last)) if last else []
        if parts:
            self.speaker.reply("\n".join(parts))

    def follow_speech_setting(self) -> None:
        """``set speech KIND``: swap the speaker, saying so if it falls back."""
        kind = self.session.take_speech_change()
        if kind is None:
            return
        old = self.speaker
        self.speaker = services.make_speaker(kind, self.screen)
        old.close()
        self.may_be_speaking = False
        self.notice()

    def computers(self, session: Session, wait: bool = True, interrupt: bool = True) -> None:
        """Say each decision of the seats that are not a person's as it is
        made, one at a time, through the table's one loop
        (:meth:`.acting.Acting.steps`): "thinking" once before a long think
        (the champion's), then its move; a remote player's action once
        arrived. Unless ``wait``, a long think is left running and the prompt
        comes back (:class:`ConsoleApp` says the move once chosen).
        ``interrupt`` False: each waits for the speech under way."""
        if session.finished:
            return
        with session.out.news():  # ``repeat`` says all of it, not the last piece only
            for lines in session.acting.steps(wait, again=True):  # then an open question again, in one line
                self.emit(lines, interrupt)
                if wait and session.acting.long_think_due():  # the reply so far is heard before the wait
                    getattr(self.screen, "release", lambda: None)()

    def close(self) -> None:
        """Let the game's own speech finish the last message (at most
        :data:`LAST_WORDS` seconds; a screen reader is only handed what is
        left), then release the speaker."""
        if self.may_be_speaking:
            self.speaker.wait(LAST_WORDS)
        self.speaker.close()
