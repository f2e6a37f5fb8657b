"""The front a command handler sees: what it may use of the game and of the review.

A handler takes a front and the rest of the line, and returns the lines
to say. It reads through the front and changes things only through the
front's methods (the game's actions, a question asked, a setting kept):
no handler writes a session's fields or reaches a private member.

* :class:`BoardFront`: what the commands the game and the review share
  use (the board, the cursor, the settings, the transcript);
* :class:`GameFront`: the game's session
  (:class:`~audio_scrabble.console.session.Session` is one);
* :class:`ReviewFront`: a game record being reviewed
  (:class:`~audio_scrabble.console.review.ReviewSession` is one).

These are :class:`typing.Protocol` classes: the sessions never name them,
mypy checks that each session offers what its handlers use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

if TYPE_CHECKING:
    from ..core.board import Board
    from ..core.events import Event
    from ..core.game import Game
    from ..errors import ScrabbleError
    from ..notation.replay import RecordStep
    from ..notation.typed import DirectionUnclear, Draft
    from ..persistence import SaveStore
    from ..presentation.phrases import Style
    from .table.coach import Coach
    from .output.cues import Cues
    from .table.match import Match
    from .options import Options
    from .output.output import BoardReader, Transcript
    from .asking.questions import Question
    from .files.saving import Saver
    from .asking.settings import Settings
    from .asking.setup import SetupFlow
    from .table.thinking import Thinker


class BoardFront(Protocol):
    """What the commands the game and the review share may use: reading
    the board, the cursor, the settings, ``repeat`` and ``set``."""

    @property
    def board(self) -> Board: ...

    @property
    def reader(self) -> BoardReader: ...

    @property
    def out(self) -> Transcript: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def style(self) -> Style: ...

    @property
    def braille_mode(self) -> bool: ...

    @property
    def names(self) -> tuple[str, ...]: ...

    def keep_settings(self) -> list[str]:
        """Keep a changed setting (the game saves it; a review has nothing to save)."""
        ...

    def ask_speech(self, kind: str) -> None:
        """``set speech KIND``: the application swaps the speaker once the answer is said."""
        ...

    def refusal(self, error: ScrabbleError) -> list[str]:
        """A refusal as said (its reason first; brief at brief verbosity)."""
        ...

    def report_error(self, trace: str) -> None:
        """Keep an internal error's traceback, for developers (the player hears one sentence)."""
        ...


class GameFront(BoardFront, Protocol):
    """What a command of the game may use of its session."""

    @property
    def game(self) -> Game | None: ...

    @property
    def lexicon(self) -> Any: ...

    @property
    def thinker(self) -> Thinker: ...

    @property
    def cues(self) -> Cues | None: ...

    @property
    def store(self) -> SaveStore | None: ...

    @property
    def saver(self) -> Saver: ...

    @property
    def options(self) -> Options: ...

    @property
    def setup(self) -> SetupFlow | None: ...

    @property
    def coach(self) -> Coach: ...

    def playing(self) -> Match:
        """The game at the table; refused (a typed error) before it starts."""
        ...

    def need_game(self) -> Game: ...

    def act(self, do: Callable[[Game], Event]) -> list[str]:
        """Make one game action (compute, save, then say) and what follows it."""
        ...

    def play(self, draft: Draft | DirectionUnclear, action: str) -> list[str]:
        """Play or check a draft (its blank and "play it?" questions asked first)."""
        ...

    def accept_final(self) -> list[str]: ...

    def ask_confirm(self, what: str | Question) -> list[str]: ...

    @property
    def question(self) -> Question | None:
        """The question open at the prompt, if any (read only)."""
        ...

    def new_game(self) -> list[str]: ...

    def quit(self) -> list[str]: ...

    def resume_chosen(self) -> list[str]:
        """Seat the game the saver was asked to open (``open N``)."""
        ...


class ReviewFront(BoardFront, Protocol):
    """What a command of the review may use of a record being reviewed."""

    @property
    def count(self) -> int: ...

    @property
    def position(self) -> int: ...

    @property
    def steps(self) -> Sequence[RecordStep]: ...

    @property
    def step(self) -> RecordStep | None: ...

    @property
    def totals(self) -> tuple[int, ...]: ...

    @property
    def you(self) -> int | None: ...

    def go(self, number: int) -> list[str]: ...

    def next_move(self) -> list[str]: ...

    def previous_move(self) -> list[str]: ...

    def current_lines(self) -> list[str]: ...

    def leave(self) -> list[str]:
        """``quit``: the review ends."""
        ...
