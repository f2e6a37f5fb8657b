"""The console's seams to the other parts of audio_scrabble.

The word list, speech, braille wrapping and computer players are written
by other modules. The console reaches them only through the functions
here, so each has one place where it is looked up, and one small fallback
that keeps the game playable while the module is missing:

* word list: ``audio_scrabble.lexicon.Lexicon`` (``default()``,
  ``from_path(p)``); fallback: the packaged word list read into a set;
* speech: ``audio_scrabble.presentation.speech.make_speaker``; fallback:
  a text speaker that prints each message as a whole line;
* braille wrapping: ``audio_scrabble.presentation.braille.wrap``;
  fallback: :func:`textwrap.wrap` at word boundaries;
* computer players: ``audio_scrabble.engine.ComputerPlayer`` and
  ``move_exists``; without them, computer players are refused.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import sys
import textwrap
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Protocol, Sequence, TextIO

from ..errors import ActionNotAllowed, LexiconError

COMPUTER_LEVELS = ("beginner", "club", "expert")


def _optional(module: str) -> Any | None:
    """Import a sibling module if it is there; None when it is not (yet)."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name and module.startswith(e.name):
            return None
        raise


# ---------------------------------------------------------------- word list
class WordSet:
    """The fallback word list: a set of upper-case words."""

    def __init__(self, words: Iterable[str], name: str = "word list"):
        self.words = frozenset(w.strip().upper() for w in words if w.strip() and not w.startswith("#"))
        self.name = name

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.upper() in self.words

    def __len__(self) -> int:
        return len(self.words)


def _packaged_word_list() -> Path:
    from importlib import resources

    return Path(str(resources.files("audio_scrabble.wordlists") / "english.txt"))


def load_lexicon(path: str | None) -> Any:
    """The word list to judge challenges by: ``path``, or the default one.

    Raises :class:`LexiconError` with a sentence when it cannot be read.
    """
    mod = _optional("audio_scrabble.lexicon")
    lex_cls = getattr(mod, "Lexicon", None) if mod is not None else None
    if lex_cls is not None:
        return lex_cls.from_path(path) if path else lex_cls.default()
    p = Path(path) if path else _packaged_word_list()
    try:
        with open(p, encoding="utf-8") as f:
            return WordSet(f, p.name)
    except OSError as e:
        raise LexiconError(f"The word list {str(p)!r} cannot be read ({e.strerror}); give another with --lexicon.") from None


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
class Speaker(Protocol):
    name: str
    fallback_notice: str | None

    def say(self, text: str, interrupt: bool = True) -> None: ...

    def stop(self) -> None: ...

    def close(self) -> None: ...


class TextSpeaker:
    """Prints every message as a whole line (the ``text`` kind)."""

    name = "text"

    def __init__(self, out: TextIO, fallback_notice: str | None = None):
        self.out = out
        self.fallback_notice = fallback_notice

    def say(self, text: str, interrupt: bool = True) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


class ListSpeaker:
    """Keeps every message in a list (for tests and benchmarks)."""

    name = "list"
    fallback_notice: str | None = None

    def __init__(self) -> None:
        self.lines: list[str] = []

    def say(self, text: str, interrupt: bool = True) -> None:
        self.lines.append(text)

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


SPEECH_KINDS = ("text", "screenreader", "tts", "auto")


def make_speaker(kind: str, out: TextIO | None = None) -> Speaker:
    """A speaker of the given kind; falls back to text, saying so once."""
    out = out or sys.stdout
    mod = _optional("audio_scrabble.presentation.speech")
    factory = getattr(mod, "make_speaker", None) if mod is not None else None
    if factory is not None:
        return factory(kind, out)
    notice = None
    if kind != "text":
        notice = "Speech is not available here; messages are printed as text."
    return TextSpeaker(out, notice)


# ---------------------------------------------------------------- braille
def wrap(text: str, cells: int | None) -> list[str]:
    """A message cut at word boundaries to fit a braille display of ``cells``."""
    if not cells or len(text) <= cells:
        return [text]
    mod = _optional("audio_scrabble.presentation.braille")
    fn = getattr(mod, "wrap", None) if mod is not None else None
    if fn is not None:
        out = fn(text, cells)
        return [out] if isinstance(out, str) else list(out)
    return textwrap.wrap(text, cells, break_long_words=False, break_on_hyphens=False) or [text]


# ---------------------------------------------------------------- computers
@dataclass(frozen=True)
class ComputerMove:
    """What a computer player chose: ``kind`` is place, exchange or pass."""

    kind: str
    play: Any = None
    tiles: Sequence[str] = ()


def engine_available() -> bool:
    mod = _optional("audio_scrabble.engine")
    return mod is not None and hasattr(mod, "ComputerPlayer")


class Computer:
    """A computer player backed by the engine's ``ComputerPlayer``.

    Called as ``computer(game, player) -> ComputerMove``; ``wants_challenge``
    says whether it challenges the play that may be challenged now.
    """

    def __init__(self, player: Any):
        self.player = player

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


def make_computer(level: str, lexicon: Any, seed: int) -> Computer:
    """A computer player of ``level`` (beginner, club, expert) from the engine."""
    mod = _optional("audio_scrabble.engine")
    if mod is None or not hasattr(mod, "ComputerPlayer"):
        raise ActionNotAllowed("Computer players need the move engine, which is not installed yet; name a person instead.")
    return Computer(mod.ComputerPlayer(level, resolved(lexicon), seed))


def hints(game: Any, index: int, lexicon: Any, n: int = 3) -> list[tuple[Any, int, Any]]:
    """The ``n`` best plays for player ``index``'s rack, from the engine's
    ``hint`` (only the board and that rack are looked at): (play, score,
    facts) as :func:`audio_scrabble.presentation.teaching.hint_phrases` takes them."""
    mod = _optional("audio_scrabble.engine")
    fn = getattr(mod, "hint", None) if mod is not None else None
    if fn is None:
        raise ActionNotAllowed("Hints need the move engine, which is not installed.")
    return list(fn(game, index, n, resolved(lexicon)))


def review_game(game: Any, lexicon: Any) -> list[Any]:
    """Every turn of a game beside the best play then, from the engine's
    ``review``: a list of ``MoveReview``."""
    mod = _optional("audio_scrabble.engine")
    fn = getattr(mod, "review", None) if mod is not None else None
    if fn is None:
        raise ActionNotAllowed("The review needs the move engine, which is not installed.")
    return list(fn(game, resolved(lexicon)))


def warm_move_finder(lexicon: Any) -> None:
    """Build the engine's move generator on a thread, before the house rule needs it."""
    mod = _optional("audio_scrabble.engine")
    gen = getattr(mod, "generator_for", None) if mod is not None else None
    if gen is None:
        return

    def run() -> None:
        try:
            gen(resolved(lexicon))
        except Exception:  # only a warm-up: the real call reports its own errors
            pass

    threading.Thread(target=run, name="move-generator", daemon=True).start()


def move_finder(lexicon: Any = None) -> Callable[[Any, Sequence[str]], bool] | None:
    """``move_exists(board, rack)`` from the engine, for the house 'no moves' end.

    If the engine's function also takes the word list, it is bound here.
    """
    spec = importlib.util.find_spec("audio_scrabble.engine")
    if spec is None:
        return None
    found: list[Callable[..., Any] | None] = []

    def finder(board: Any, rack: Sequence[str]) -> bool:
        # Imported on first use: the core asks only near the end of a game.
        if not found:
            mod = _optional("audio_scrabble.engine")
            found.append(getattr(mod, "move_exists", None) if mod is not None else None)
        fn = found[0]
        if fn is None:
            return True  # no engine: never end the game for want of moves
        try:
            takes_lexicon = len(inspect.signature(fn).parameters) >= 3
        except (TypeError, ValueError):
            takes_lexicon = False
        try:
            if takes_lexicon:
                return bool(fn(board, rack, resolved(lexicon)))
            return bool(fn(board, rack))
        except Exception:
            # The core asks this in the middle of an action; an error there
            # would leave the action half done. Not knowing, say a move exists:
            # the game then ends the ordinary way.
            return True

    return finder
