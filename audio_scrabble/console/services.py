"""The console's seams to the other parts of audio_scrabble.

The word list, speech and computer players are written
by other modules; the console reaches them through the functions here,
so each is looked up in one place:

* word list: ``audio_scrabble.lexicon.Lexicon`` (``default()``,
  ``from_path(p)``), loaded on a thread with :class:`BackgroundLexicon`;
* speech: ``audio_scrabble.presentation.speech`` (the one speaker
  interface; the names here are that module's, for the console's callers);
* computer players, hints, the review and the house no-move check:
  ``audio_scrabble.engine`` (imported on first use: it is the heaviest
  part to load).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from ..lexicon import Lexicon
from ..presentation.speech import SPEAKER_KINDS as SPEECH_KINDS
from ..presentation.speech import (
    RecordingSpeaker, Speaker, TextSpeaker, make_speaker, screen_reader_name, screen_reader_running,
)

__all__ = [
    "COMPUTER_LEVELS", "THINKING_LEVELS", "WordSet", "load_lexicon", "BackgroundLexicon", "resolved",
    "SPEECH_KINDS", "Speaker", "TextSpeaker", "ListSpeaker", "make_speaker", "screen_reader_running",
    "screen_reader_name", "speaker_reader_name",
    "ComputerMove", "engine_available", "Computer", "make_computer", "hints", "review_game",
    "warm_move_finder", "move_finder",
]

def speaker_reader_name(speaker: Speaker) -> str:
    """The screen reader a screenreader speaker reached (NVDA, JAWS, ...)."""
    output = getattr(speaker, "_output", None)
    name = getattr(output, "name", "") or ""
    return name if name and not getattr(output, "engine", False) else "your screen reader"


COMPUTER_LEVELS = ("beginner", "club", "expert", "champion")
#: the levels that think for a while (simulation): "thinking" is said first
THINKING_LEVELS = ("champion",)


# ---------------------------------------------------------------- word list
class WordSet:
    """A small word list held as a set of upper-case words (tests, tools)."""

    def __init__(self, words: Iterable[str], name: str = "word list"):
        self.words = frozenset(w.strip().upper() for w in words if w.strip() and not w.startswith("#"))
        self.name = name

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.upper() in self.words

    def __len__(self) -> int:
        return len(self.words)


def load_lexicon(path: str | None) -> Any:
    """The word list to judge challenges by: ``path``, or the default one.

    Raises :class:`~audio_scrabble.errors.LexiconError` with a sentence
    when it cannot be read.
    """
    return Lexicon.from_path(path) if path else Lexicon.default()


class BackgroundLexicon:
    """A word list that loads on a thread while the player reads the opening.

    The first use (a challenge, a void-rules play, a computer player) waits
    for the load to finish; a load that failed raises its error there.
    Attribute access is passed on to the loaded word list.
    """

    def __init__(self, load: Callable[[], Any]):
        self._load = load
        self._value: Any = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="word-list", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._value = self._load()
        except BaseException as e:  # handed to the first user of the word list
            self._error = e

    def get(self) -> Any:
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._value

    def __contains__(self, word: object) -> bool:
        return word in self.get()

    def __len__(self) -> int:
        return len(self.get())

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.get(), name)


def resolved(lexicon: Any) -> Any:
    """The word list itself (waiting for a background load if need be)."""
    return lexicon.get() if isinstance(lexicon, BackgroundLexicon) else lexicon


# ---------------------------------------------------------------- speech
#: a speaker that records what it is given, printing nothing (tests, benchmarks)
ListSpeaker = RecordingSpeaker


# ---------------------------------------------------------------- computers
@dataclass(frozen=True)
class ComputerMove:
    """What a computer player chose: ``kind`` is place, exchange or pass."""

    kind: str
    play: Any = None
    tiles: Sequence[str] = ()


def engine_available() -> bool:
    """Whether computer players can be offered (always; tests switch it off)."""
    return True


class Computer:
    """A computer player backed by the engine's ``ComputerPlayer``.

    Called as ``computer(game, player) -> ComputerMove``; ``wants_challenge``
    says whether it challenges the play that may be challenged now.
    """

    def __init__(self, player: Any):
        self.player = player

    @property
    def thinks(self) -> bool:
        """Whether a move may take a while (the champion simulates)."""
        return getattr(self.player, "level", None) in THINKING_LEVELS

    def thinks_over(self, game: Any) -> bool:
        """Whether its move in ``game`` takes a while: the champion's with
        two players (with three or four it plays the expert's move at once)."""
        return bool(self.player.takes_long(game))

    def close(self) -> None:
        """Stop the player's worker processes, if it has any."""
        close = getattr(self.player, "close", None)
        if close is not None:
            close()

    def __call__(self, game: Any, index: int) -> ComputerMove:
        action = self.player.choose(game, index)
        kind = str(getattr(action, "kind", "pass")).lower()
        if kind in ("place", "play"):
            return ComputerMove("place", play=getattr(action, "play", None))
        if kind == "exchange":
            return ComputerMove("exchange", tiles=tuple(getattr(action, "tiles", ()) or ()))
        return ComputerMove("pass")

    def wants_challenge(self, game: Any, index: int) -> bool:
        wants = getattr(self.player, "wants_challenge", None)
        if wants is not None:
            return bool(wants(game, index))
        pend = game.pending_play
        return pend is not None and bool(game.unacceptable_words(pend.breakdown))


def make_computer(level: str, lexicon: Any, seed: int, think: float | None = None) -> Computer:
    """A computer player of ``level`` (beginner, club, expert, champion)
    from the engine; ``think``: the champion's seconds a move."""
    from ..engine import ComputerPlayer

    computer = Computer(ComputerPlayer(level, resolved(lexicon), seed, think=think))
    if computer.thinks:
        # the champion's worker processes start while the game is set up,
        # not in its first move's budget
        threading.Thread(target=computer.player.warm, name="champion-warm", daemon=True).start()
    return computer


def hints(game: Any, index: int, lexicon: Any, n: int = 3) -> list[tuple[Any, int, Any]]:
    """The ``n`` best plays for player ``index``'s rack, from the engine's
    ``hint`` (only the board and that rack are looked at): (play, score,
    facts) as :func:`audio_scrabble.presentation.teaching.hint_phrases` takes them."""
    from ..engine import hint

    return list(hint(game, index, n, resolved(lexicon)))


def review_game(game: Any, lexicon: Any) -> list[Any]:
    """Every turn of a game beside the best play then, from the engine's
    ``review``: a list of ``MoveReview``."""
    from ..engine import review

    return list(review(game, resolved(lexicon)))


def warm_move_finder(lexicon: Any) -> None:
    """Build the engine's move generator on a thread, before the house rule needs it."""

    def run() -> None:
        from ..engine import generator_for

        try:
            generator_for(resolved(lexicon))
        except Exception:  # only a warm-up: the real call reports its own errors
            pass

    threading.Thread(target=run, name="move-generator", daemon=True).start()


def move_finder(lexicon: Any = None) -> Callable[[Any, Sequence[str]], bool]:
    """``move_exists(board, rack)`` from the engine, for the house 'no moves' end,
    with the word list bound."""

    def finder(board: Any, rack: Sequence[str]) -> bool:
        # Imported on first use: the core asks only near the end of a game.
        from ..engine import move_exists

        try:
            return bool(move_exists(board, rack, resolved(lexicon)))
        except Exception:
            # The core asks this in the middle of an action; an error there
            # would leave the action half done. Not knowing, say a move exists:
            # the game then ends the ordinary way.
            return True

    return finder
