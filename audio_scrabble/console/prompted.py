"""What the console's voice and prompt (console/app.py) need of a session,
the game's or the review's, as protocols; and Tab's completer for either."""

from __future__ import annotations

from typing import Callable, Generic, Iterable, Protocol, Sequence, TypeVar

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from .output.output import Transcript

#: the front of the session a completer completes for (the game's, the review's)
F = TypeVar("F")


class Voiced(Protocol):
    """What :class:`Voice` needs of a session: the game's, or the review's.

    ``out`` is its transcript, where each reply is laid out once (the
    voice tells it the terminal's width: ``out.follow_columns``) and the
    screen-only lines (the large-print board) wait to be printed; and
    ``take_speech_change`` hands over the speech kind the player asked
    for with ``set speech`` (None: none since the voice last followed it).
    """

    @property
    def out(self) -> Transcript: ...

    def take_speech_change(self) -> str | None: ...


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


class SessionCompleter(Completer, Generic[F]):
    """Completion of command names and their arguments for a session's
    front: the game's registry (:func:`.commands.complete`) or the review's."""

    def __init__(self, session: F, completions: Callable[[F, str], list[str]]):
        self.session = session
        self.completions = completions

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        text = document.text_before_cursor
        current = "" if not text or text.endswith(" ") else text.split()[-1]
        for cand in self.completions(self.session, text):
            yield Completion(cand, start_position=-len(current))
