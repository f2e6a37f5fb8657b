"""Typed errors of audio_scrabble.

Every refusal the game makes is one of these. Each is a ValueError (as in
python-chess), and its message is one sentence a player can act on: it is
spoken and printed as it is.
"""

from __future__ import annotations


class ScrabbleError(ValueError):
    """Base of every error the game raises on purpose."""

    #: a short, stable machine-readable code (for tests and for phrases)
    code: str = "error"

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def sentence(self) -> str:
        return str(self)


class NotationError(ScrabbleError):
    """Text that cannot be read as a square, play, rack, or record line."""

    code = "bad_notation"


class IllegalPlay(ScrabbleError):
    """A placement that the rules forbid. ``code`` says which rule."""

    code = "illegal_play"


class WordNotAcceptable(IllegalPlay):
    """A play forms one or more words that are not in the word list."""

    code = "word_not_acceptable"

    def __init__(self, message: str, words: tuple[str, ...] = ()):
        super().__init__(message)
        self.words = tuple(words)


class ActionNotAllowed(ScrabbleError):
    """An action that is not allowed now (wrong time, wrong player, game over)."""

    code = "not_allowed"


class RecordError(ScrabbleError):
    """A game record (GCG, CGP, save file) that cannot be read."""

    code = "bad_record"

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message if line is None else f"Line {line}: {message}")
        self.line = line


class LexiconError(ScrabbleError):
    """A word list that cannot be loaded."""

    code = "bad_lexicon"
