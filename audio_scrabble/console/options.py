"""What the command line (or a test) decides before a game starts."""

from __future__ import annotations

from dataclasses import dataclass

#: ``Options.saved_game``: resume the unfinished game without asking
RESUME = "resume"
#: ``Options.saved_game``: put the unfinished game away and start another
NEW = "new"


@dataclass
class Options:
    """What the command line (or a test) decided before the game starts.

    A setting left as None was not given: it is the default for a new
    game, and a resumed game's own setting (from its save) otherwise.
    """

    players: str | None = None  # "Alice,Bob,computer:club"
    rules: str | None = None
    seed: int | None = None
    lexicon: str | None = None
    verbosity: str | None = None  # normal when not given
    marks: str | None = None  # marks when not given
    braille_width: int | None = None  # off when not given
    speech: str | None = None  # text when not given
    hints: bool | None = None  # off when not given
    aids: bool | None = None  # on when not given (spots, fit, the hot-spot keys)
    confirm: bool | None = None  # off when not given (aids on: ask before a word not in the list)
    #: a CGP position (string or file) to start the game from (``--position``)
    position: str | None = None
    sounds: bool | None = None  # off when not given, unless speech is tts
    think: int | None = None  # the champion's seconds a move; 3 when not given
    echo: bool | None = None  # tts: read the typed line aloud (off when not given)
    prompt: str | None = None  # full, short or changes (see start.run when not given)
    #: what to do with an unfinished game: ask (None), RESUME it, or put it away for a NEW one
    saved_game: str | None = None
