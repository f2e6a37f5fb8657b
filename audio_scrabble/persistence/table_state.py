"""The console's half of a save: who sits where, which word list, which settings.

A save holds the game (set-up and actions, see :mod:`.savefile`) and,
beside it, a ``settings`` table the console writes: the computer players'
levels, the word list, every setting, each player's arrangement of their
rack, and whether the challenge window has been pointed out. This module
is that table as a typed record, :class:`TableState`, written by
:meth:`TableState.to_json` and read back, checked value by value, by
:meth:`TableState.from_json`: a value of the wrong kind (a save from
another version, a hand edit the checksum let through) is left out, never
trusted, so the console gets only values it can use.

The word list is kept by its path *and* the checksum of its words
(:func:`words_checksum`), so that a game resumes with the same words even
when the file has moved: the path given with ``--lexicon`` is accepted if
its words are the same.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from typing import Any, Mapping

from ..notation.typed import small_number
from ..presentation.phrases import MARK_STYLES, VERBOSITIES

#: Speech kinds a save may name (the console's own list, as data here).
SPEECH_KINDS = ("text", "screenreader", "tts", "auto")
#: The widest braille display a save may name.
MAX_BRAILLE_CELLS = 80
#: The longest rack a save may keep an order for.
MAX_RACK = 7

_CHECKSUMS: dict[int, tuple[Any, str | None]] = {}


def words_checksum(lexicon: Any) -> str | None:
    """``sha256:<hex>`` of the words of ``lexicon`` (upper case, alphabetical,
    one a line), or None if it cannot list its words.

    Two files with the same words (another folder, other line ends, other
    order or case) have the same checksum. Worked out once per word list
    object (about 0.16 s for 247,000 words).
    """
    if lexicon is None:
        return None
    known = _CHECKSUMS.get(id(lexicon))
    if known is not None and known[0] is lexicon:
        return known[1]
    words = getattr(lexicon, "words", None)
    if not callable(words):
        return None
    try:
        digest = hashlib.sha256()
        for w in sorted(words()) if not hasattr(lexicon, "dawg") else words():
            digest.update(str(w).upper().encode("utf-8") + b"\n")
        value: str | None = "sha256:" + digest.hexdigest()
    except Exception:  # a word list that cannot be read out: no checksum
        value = None
    _CHECKSUMS[id(lexicon)] = (lexicon, value)
    return value


@dataclass(frozen=True)
class WordListRef:
    """The word list a game is judged by: None for the built-in one."""

    path: str | None = None
    checksum: str | None = None  # words_checksum of the list (None: not known, an older save)

    @property
    def name(self) -> str | None:
        """The file's name (``words.txt``), or None for the built-in list."""
        return os.path.basename(self.path) if self.path else None


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


@dataclass(frozen=True)
class TableState:
    """The console's state that a save keeps beside the game.

    A setting left as None was not in the save (or not usable), so the
    console keeps its own; ``braille_saved`` tells a saved "braille off"
    (``braille`` None) from no braille setting at all.
    """

    computers: dict[int, str] = field(default_factory=dict)  # seat -> level
    word_list: WordListRef = WordListRef()
    verbosity: str | None = None
    marks: str | None = None
    speech: str | None = None
    braille: int | None = None  # cells of the braille display, None: off
    braille_saved: bool = False
    hints: bool | None = None
    aids: bool | None = None  # the survey aids (spots, fit); None: not in the save
    confirm: bool | None = None  # the typo guard (set confirm); None: not in the save
    sounds: bool | None = None
    racks: dict[int, str] = field(default_factory=dict)  # seat -> tiles in the player's order
    told_challenge: bool = False

    def to_json(self) -> dict[str, Any]:
        """The ``settings`` table of a save (the keys earlier versions wrote, and the checksum)."""
        out: dict[str, Any] = {
            "computers": {str(i): level for i, level in sorted(self.computers.items())},
            "lexicon": self.word_list.path,
            "lexicon_checksum": self.word_list.checksum,
            "verbosity": self.verbosity,
            "marks": self.marks,
            "speech": self.speech,
            "hints": self.hints,
            "aids": self.aids,
            "confirm": self.confirm,
            "sounds": self.sounds,
            "racks": {str(i): order for i, order in sorted(self.racks.items())},
            "told_challenge": self.told_challenge,
        }
        if self.braille_saved:
            out["braille"] = self.braille
        return out

    @classmethod
    def from_json(cls, data: object, players: int) -> "TableState":
        """Read a save's ``settings`` for a game of ``players`` players,
        keeping only the values of the right kind and range."""
        d: Mapping[str, Any] = data if isinstance(data, dict) else {}

        def seats(raw: object, ok: Any) -> dict[int, str]:
            out: dict[int, str] = {}
            if isinstance(raw, dict):
                for key, value in raw.items():
                    # small_number, not int() after isdigit: a key like "²" or of
                    # 5,000 digits is left out, as any other odd value is
                    seat = small_number(key) if isinstance(key, str) else None
                    if seat is not None and seat < players and ok(value):
                        out[seat] = value
            return out

        def one_of(key: str, choices: tuple[str, ...]) -> str | None:
            value = d.get(key)
            return value if isinstance(value, str) and value in choices else None

        path = d.get("lexicon")
        checksum = d.get("lexicon_checksum")
        word_list = WordListRef(
            path if isinstance(path, str) and path and "\x00" not in path else None,
            checksum if isinstance(checksum, str) and checksum.startswith("sha256:") else None,
        )
        braille = d.get("braille")
        braille_ok = braille is None or (_is_int(braille) and 1 <= braille <= MAX_BRAILLE_CELLS)
        hints = d.get("hints")
        aids = d.get("aids")
        confirm = d.get("confirm")
        sounds = d.get("sounds")
        return cls(
            computers=seats(d.get("computers"), lambda v: isinstance(v, str) and 0 < len(v) <= 40),
            word_list=word_list,
            verbosity=one_of("verbosity", VERBOSITIES),
            marks=one_of("marks", MARK_STYLES),
            speech=one_of("speech", SPEECH_KINDS),
            braille=braille if braille_ok else None,
            braille_saved="braille" in d and braille_ok,
            hints=hints if isinstance(hints, bool) else None,
            aids=aids if isinstance(aids, bool) else None,
            confirm=confirm if isinstance(confirm, bool) else None,
            sounds=sounds if isinstance(sounds, bool) else None,
            racks=seats(d.get("racks"), lambda v: isinstance(v, str) and len(v) <= MAX_RACK),
            told_challenge=d.get("told_challenge") is True,
        )
