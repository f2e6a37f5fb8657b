"""What the console's voice and prompt (console/app.py) need of a session,
the game's or the review's, as protocols."""

from __future__ import annotations

from typing import Protocol, Sequence


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
