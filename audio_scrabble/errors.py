"""Typed errors of audio_scrabble.

Every refusal the game makes is one of these. Each is a ValueError (as in
python-chess), and its message is one sentence a player can act on, said
in lines of at most 40 characters (a braille line), broken after a clause
(presentation.prompts.refusal_said). An error may also carry ``brief``,
its short form (one line, the reason alone: "No Z on your rack."),
said instead at brief verbosity; without one, the console shortens the
sentence to its first clause (presentation.prompts.brief_refusal).
"""

from __future__ import annotations


class ScrabbleError(ValueError):
    """Base of every error the game raises on purpose."""

    #: a short, stable machine-readable code (for tests and for phrases)
    code: str = "error"

    #: the short form said at brief verbosity (None: the sentence's first clause)
    brief: str | None = None

    def __init__(self, message: str, code: str | None = None, brief: str | None = None):
        super().__init__(message)
        if code is not None:
            self.code = code
        if brief is not None:
            self.brief = brief

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

    def __init__(self, message: str, words: tuple[str, ...] = (), brief: str | None = None):
        super().__init__(message, brief=brief)
        self.words = tuple(words)


class ActionNotAllowed(ScrabbleError):
    """An action that is not allowed now (wrong time, wrong player, game over)."""

    code = "not_allowed"


class RecordError(ScrabbleError):
    """A game record (GCG, CGP, save file) that cannot be read."""

    code = "bad_record"

    def __init__(self, message: str, line: int | None = None, brief: str | None = None):
        super().__init__(message if line is None else f"Line {line}: {message}", brief=brief)
        self.line = line


class BegunFromPosition(RecordError):
    """A game begun from a position, asked for as a GCG record: a GCG
    record starts from an empty board, so it cannot hold one. The
    persistence keeps such a game as a save file instead."""

    code = "begun_from_position"


class LexiconError(ScrabbleError):
    """A word list that cannot be loaded."""

    code = "bad_lexicon"


class OnlineError(ScrabbleError):
    """Play between homes that cannot go on: a transport that cannot be
    reached or signed in to, a room that is not what it must be, or a
    record that the referee refuses (``code`` says which)."""

    code = "online"
