"""The lenient reader of what a player types: squares and plays.

:mod:`.plays` reads tournament notation exactly, as records write it.
A player at the keyboard, or speaking to a screen reader, types more
loosely; this module reads that, on top of :mod:`.plays`, and every
mistake the two readers share is refused with :mod:`.plays`' one sentence.

Squares (:func:`read_square`): ``H8``, ``h8``, the row first ``8H``, or
said in two parts, ``H 8``, ``8 h``, ``H-8``.

Plays (:func:`parse_request`, :func:`build_draft`, :func:`parse_draft`),
in any mix of case and order:

* tournament notation: ``8D TRAIN`` (row first: the word runs across from
  D8), ``H8 THROB`` (column first: it runs down from H8);
* a spoken-friendly form: ``TRAIN from D8 across``, ``TRAIN at D8 down``,
  ``D8 across TRAIN``, ``TRAIN at H 8``; with no square at all, ``TRAIN
  across`` starts at the board cursor.

In the word, a lower-case letter among capitals is a blank standing for
that letter (``TRAiN``), as in tournament notation; a word typed all in
lower case is read as ordinary tiles, because that is how most people
type. ``?`` is a blank whose letter the game will ask for. A play typed
back as the game says it (a hint, a computer's move) names its blanks
after the word, ``SPATHED (blanks S and E)``, ``THEOW (blank O)``: the new
tiles of those letters are the blanks (:func:`build_draft`). Letters already
on the board may be typed, put in brackets (``(T)HROB``), written as
``.``, or left out altogether: the word is laid from the start square, and
every occupied square it meets is played through.

The word a draft really forms may not be the word typed: a board letter
left out inside it, board letters joined at either end (``play H5 ZIT``
with an I on H8 makes ZITI), or one tile that only makes a word the other
way. :func:`word_made` works that out from the play's scored main word.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from ..core.board import ACROSS, DOWN, Board, Square
from ..core.play import PlacedTile, Play, WordFormed
from ..core.scoring import ScoreBreakdown
from ..errors import NotationError
from .plays import (
    clip,
    format_position,
    marked_empty_sentence,
    marked_mismatch_sentence,
    no_letters_sentence,
    blank_not_placed_sentence,
    no_tile_sentence,
    not_a_letter_sentence,
    off_board_sentence,
    parse_position,
    runs_off_sentence,
    split_word,
    which_blank_sentence,
)

__all__ = [
    "DirectionUnclear",
    "Draft",
    "PlayRequest",
    "WordMade",
    "build_draft",
    "join_split_squares",
    "looks_like_position",
    "looks_like_square",
    "named_blanks",
    "parse_draft",
    "parse_request",
    "read_square",
    "small_number",
    "word_made",
]

#: a start square as the game reads it: a column A to O and a row, either order
_POSITION = re.compile(r"[A-Oa-o][0-9]{1,2}|[0-9]{1,2}[A-Oa-o]")
#: a square on the board, either order: "H8", "8H", "O15"
_ON_BOARD = re.compile(r"[A-Oa-o](1[0-5]|[1-9])|(1[0-5]|[1-9])[A-Oa-o]")
#: a square's shape with any letter, to catch columns past O ("8P", "Z8")
_ANY_SQUARE = re.compile(r"[A-Za-z][0-9]{1,2}|[0-9]{1,2}[A-Za-z]")
#: a square said in two parts, "H 8", "8 D", "D-8": joined before reading
_SPLIT_SQUARE = re.compile(r"(?<!\S)(?:([A-Za-z])[\s-]+([0-9]{1,2})|([0-9]{1,2})[\s-]+([A-Za-z]))(?!\S)")
_WORD = re.compile(r"[A-Za-z?.()]+")
_DIRECTIONS = {"across": ACROSS, "down": DOWN, "ac": ACROSS, "dn": DOWN, "horizontal": ACROSS,
               "horizontally": ACROSS, "vertical": DOWN, "vertically": DOWN}
_FILLERS = {"from", "at", "on", "starting", "start", "going", "to"}
#: words a player may type for a direction the game does not take: a
#: token close to one of these, where a direction goes, is a direction
#: not understood ("acros", "sideways"), never a second word
_DIRECTION_LIKE = ("across", "down", "sideways", "horizontal", "horizontally", "vertical", "vertically",
                   "right", "left", "up", "over", "crossways", "crosswise")
_EXAMPLE = "like play TRAIN from D8 across"  # the one form taught (help play, the hints)
#: a play's blanks as the game says them, after the word: ``(blanks S, E)``, ``(blank O)``
_BLANKS_SAID = re.compile(r"\(\s*blanks?\s+([A-Za-z](?:(?:\s*,\s*|\s+and\s+|\s+)[A-Za-z])*)\s*\)", re.IGNORECASE)


def small_number(text: str, digits: int = 3) -> int | None:
    """A whole number typed in ASCII digits, at most ``digits`` long; else None.

    ``str.isdigit`` is not enough: it accepts ``²`` and digits of other
    scripts, and a line of 5000 digits, none of which a player means (and
    ``int()`` raises on them). The console reads typed numbers with it, and
    a save's seat numbers are read with it too.
    """
    t = text.strip()
    if t and len(t) <= digits and all("0" <= c <= "9" for c in t):
        return int(t)
    return None


def _blanks_said(text: str) -> tuple[tuple[str, ...], str]:
    """The letters of ``(blanks S, E)`` in ``text`` (the first such group),
    and the text without it."""
    m = _BLANKS_SAID.search(text)
    if m is None:
        return (), text
    letters = tuple(w.upper() for w in re.split(r"[\s,]+", m.group(1)) if w and w.lower() != "and")
    return letters, f"{text[:m.start()]} {text[m.end():]}"


def named_blanks(group: str) -> tuple[str, ...] | None:
    """The letters of a whole ``(blanks E and H)`` group as the game says
    it (``(blank O)``, ``(blanks S, E)``), or None when ``group`` is not one."""
    if _BLANKS_SAID.fullmatch(group.strip()) is None:
        return None
    return _blanks_said(group)[0]


# ----------------------------------------------------------------- squares
def join_split_squares(text: str) -> str:
    """``TRAIN at H 8`` as ``TRAIN at H8``: a square said in two parts, joined."""
    return _SPLIT_SQUARE.sub(lambda m: "".join(g for g in m.groups() if g), text)


def looks_like_position(token: str) -> bool:
    """Whether ``token`` is a start square, ``8D`` or ``D8`` (a column A to O)."""
    return bool(_POSITION.fullmatch(token))


def looks_like_square(text: str) -> bool:
    """Whether ``text`` is one square on the board, ``H8`` or ``8H``
    (typed alone, it asks what is there)."""
    return bool(_ON_BOARD.fullmatch(text.strip()))


def looks_off_board(text: str) -> bool:
    """Whether ``text`` is written as a square but lies past the edge
    (``Z9``, ``H16``, ``16H``, ``H0``)."""
    token = text.strip()
    return bool(_ANY_SQUARE.fullmatch(token)) and not _ON_BOARD.fullmatch(token)


def read_square(text: str) -> Square:
    """A square as a player types it: ``H8``, ``8H``, ``h 8``, ``8-h``.

    The order does not matter for a square alone (it matters for a play:
    it gives the direction). Raises :class:`NotationError`: off the board,
    or not a square at all.
    """
    t = join_split_squares(text.strip())
    if _ANY_SQUARE.fullmatch(t):
        return parse_position(t)[0]  # off the board: plays' one sentence
    try:
        return Square.parse(t)
    except NotationError:  # the core's sentence repeats the text whole
        raise NotationError(f"{clip(t)!r} is not a square; name a square by column and row, like H8.",
                            brief=f"{clip(t, 12)!r} is not a square.") from None


# ----------------------------------------------------------------- plays
@dataclass(frozen=True)
class PlayRequest:
    """A play as typed: where it starts, which way, and its letters."""

    start: Square
    direction: str
    word: str  # as typed, e.g. "(T)HRoB", "TR?IN", "TRAIN"
    #: letters named blanks after the word, as the game says a play: ``SPATHED (blanks S, E)``
    blanks: tuple[str, ...] = ()

    @property
    def typed(self) -> str:
        """The word as it may be typed again, its blanks named after it."""
        if not self.blanks:
            return self.word
        return f"{self.word} (blank{'s' if len(self.blanks) > 1 else ''} {' '.join(self.blanks)})"


@dataclass(frozen=True)
class Draft:
    """Tiles ready to place; blanks with ``letter == ""`` still need a letter."""

    tiles: tuple[PlacedTile, ...]
    direction: str
    start: Square
    #: board squares inside the word that were played through without being typed
    untyped: tuple[tuple[Square, str], ...] = ()
    #: every square the typed word covers, from the start square on (the
    #: word the player means); the word formed may run on past either end
    covered: tuple[Square, ...] = ()

    @property
    def open_blanks(self) -> tuple[Square, ...]:
        return tuple(t.square for t in self.tiles if t.blank and not t.letter)

    def with_blank(self, square: Square, letter: str) -> "Draft":
        tiles = tuple(
            PlacedTile(t.square, letter.upper(), True) if t.square == square and t.blank and not t.letter else t
            for t in self.tiles
        )
        return Draft(tiles, self.direction, self.start, self.untyped, self.covered)

    def play(self) -> Play:
        return Play.of(self.tiles, self.direction)


class DirectionUnclear(NotationError):
    """A start square written row first (``11N``: tournament notation for
    a word across) with ``down`` typed: the two disagree, so the player is
    asked which they meant. ``readings`` holds the play each would be,
    by direction (``across``, ``down``); ``square`` the square as typed
    and ``typed`` the direction word typed."""

    code = "direction_unclear"

    def __init__(self, square: str, typed: str, readings: dict[str, "PlayRequest"]):
        super().__init__(f"{clip(square)} runs across, row first, but you typed {typed}; type across or down.",
                         brief="Across or down? Type one.")
        self.square = square
        self.typed = typed
        self.readings = readings


def _direction_not_understood(words: list[tuple[int, str]], pos_index: int | None) -> str | None:
    """Of two words left where one word and a direction were wanted, the
    one typed for a direction the game did not understand (``acros``,
    ``sideways``), or None when neither is: the one nearest a direction
    word, else the one just after the start square when the other comes
    before it (``RUIN from N5 acros``)."""
    best: tuple[float, str] | None = None
    for _, t in words:
        low = t.lower()
        if not low.isalpha():
            continue
        ratio = max(difflib.SequenceMatcher(None, low, d).ratio() for d in _DIRECTION_LIKE)
        if ratio >= 0.75 and (best is None or ratio > best[0]):
            best = (ratio, t)
    if best is not None:
        return best[1]
    if pos_index is not None and len(words) == 2:
        (i, first), (j, second) = words
        if i < pos_index and j == pos_index + 1:
            return second
    return None


def parse_request(text: str, cursor: Square | None = None, verb: str = "play") -> PlayRequest:
    """Read ``8D TRAIN``, ``TRAIN from D8 across`` and the like.

    Raises :class:`NotationError` with a sentence saying what to type, its
    example the command typed (``verb``: ``play`` or ``check``).
    """
    example = _EXAMPLE.replace("play", verb)
    blanks, text = _blanks_said(text)
    tokens = join_split_squares(text.replace(",", " ")).split()
    if len(tokens) >= 3 and tokens[-1][-1:] in ".!" and tokens[-1].lower().rstrip(".!") in _DIRECTIONS:
        tokens[-1] = tokens[-1].rstrip(".!")  # "TRAIN from D8 across." as dictation writes it
    if not tokens:
        raise NotationError(f"Say what to {verb} and where, {example}.", brief=f"No play: {verb} TRAIN from D8 across.")
    for t in tokens:
        if _ANY_SQUARE.fullmatch(t) and not looks_like_position(t):
            raise NotationError(off_board_sentence(t))
    positions = [i for i, t in enumerate(tokens) if looks_like_position(t)]
    if len(positions) > 1:
        raise NotationError(f"Give one start square only, {example}.", brief=f"Two squares: {verb} TRAIN from D8 across.")
    pos = parse_position(tokens[positions[0]]) if positions else None
    pos_index = positions[0] if positions else None
    rest: list[tuple[int, str]] = []
    for i, t in enumerate(tokens):
        if i == pos_index:
            continue
        if pos_index is not None and i == pos_index - 1 and t.lower() in _FILLERS and i > 0:
            continue  # "TRAIN at D8"; but "AT 8H" plays the word AT
        rest.append((i, t))
    direction_tokens = [(i, t) for i, t in rest if t.lower() in _DIRECTIONS]
    direction: str | None = None
    words = list(rest)
    if direction_tokens and len(rest) >= 2:
        chosen = None
        if pos_index is not None:
            chosen = next(((i, t) for i, t in direction_tokens if i == pos_index + 1), None)
        if chosen is None:
            chosen = direction_tokens[-1]
        direction = _DIRECTIONS[chosen[1].lower()]
        words = [(i, t) for i, t in rest if (i, t) != chosen]
    # spoken filler words left over ("play TRAIN going across")
    words = [(i, t) for i, t in words if not (t.lower() in _FILLERS and len(words) > 1)]
    if not words:
        raise NotationError(f"Say which word to {verb}, {example}.", brief=f"No word: {verb} TRAIN from D8 across.")
    if len(words) == 2 and direction is None:
        unknown = _direction_not_understood(words, pos_index)
        if unknown is not None:
            raise NotationError(f"{clip(unknown)!r} is not a direction; type across or down.",
                                brief=f"{clip(unknown, 10)!r} is not across or down.")
    if direction is not None and len(words) > 1 and any(t.lower() in _DIRECTIONS for _, t in words):
        # "8H FEZ across down": two ways, not a second word
        word = next((t for _, t in words if t.lower() not in _DIRECTIONS), words[0][1])
        where = f" from {clip(tokens[pos_index])}" if pos_index is not None else ""
        raise NotationError(f"A play goes one way only; type across or down, not both, like {verb} "
                            f"{clip(word)}{where} across.", brief="Two directions: type one.")
    if len(words) > 1:
        extra = " ".join(t for _, t in words)
        raise NotationError(f"Which is the word in {clip(extra)!r}? Type one word,\n{example}.",
                            brief=f"Two words: {verb} TRAIN from D8 across.")
    word = words[0][1]
    if not _WORD.fullmatch(word):
        bad = next(ch for ch in word if not (ch.isascii() and (ch.isalpha() or ch in "?.()")))
        raise NotationError(not_a_letter_sentence(bad, word), brief=f"{clip(bad, 4)!r} is not a letter.")
    split_word(word)  # brackets gone wrong: plays' sentences
    if not any(ch.isalpha() or ch == "?" for ch in word):
        raise NotationError(no_letters_sentence(word), brief="The word has no letters.")
    if pos is None:
        if direction is None or cursor is None:
            raise NotationError(f"Say where it goes, like {verb} TRAIN from D8 across.",
                                brief=f"No square: {verb} TRAIN from D8 across.")
        start = cursor
    else:
        start = pos[0]
        if direction == DOWN and pos[1] == ACROSS:  # "11N down": the square's order says across
            assert pos_index is not None  # a square was read, so its place is known
            square = tokens[pos_index]
            raise DirectionUnclear(square, "down", {"across": PlayRequest(start, ACROSS, word, blanks),
                                                    "down": PlayRequest(start, DOWN, word, blanks)})
        direction = direction or pos[1]
    return PlayRequest(start, direction, word, blanks)


def _letters(word: str) -> list[tuple[str, bool]]:
    """The word as (character, known to be on the board) pairs; a dot is
    ``(".", True)``. A word typed all in lower case is ordinary tiles."""
    all_lower = word.replace("?", "").replace(".", "").replace("(", "").replace(")", "").islower()
    out: list[tuple[str, bool]] = []
    for ch, marked in split_word(word):  # plays' sentences for brackets gone wrong
        if not ch:
            out.append((".", True))
        else:
            out.append((ch.upper() if all_lower and ch != "?" else ch, marked))
    return out


def build_draft(board: Board, request: PlayRequest) -> Draft:
    """Lay the typed word on the board from the start square.

    Occupied squares are played through: a typed letter that matches the
    tile there is taken as that tile; a letter that does not match is
    taken as the next new tile (the board letter was left out). Raises
    :class:`NotationError` when the word runs off the board, a bracketed
    letter is not there, or no tile at all would be placed.
    """
    letters = _letters(request.word)
    sq = request.start
    tiles: list[PlacedTile] = []
    typed_at: list[int] = []  # each new tile's place among the letters typed
    untyped: list[tuple[Square, str]] = []
    covered: list[Square] = []
    i = 0
    while i < len(letters):
        ch, through = letters[i]
        if not sq.on_board:
            raise NotationError(runs_off_sentence("".join(c for c, _ in letters[i:]), request.direction),
                                brief="The word runs off the board.")
        on_board = board[sq]
        if through:
            letter = "" if ch == "." else ch
            if not on_board:
                raise NotationError(marked_empty_sentence(sq, request.word, letter),
                                    brief=f"{sq.name} is empty; type the letter.")
            if letter and on_board.upper() != letter.upper():
                raise NotationError(marked_mismatch_sentence(sq, on_board, request.word, letter),
                                    brief=f"{sq.name} holds {on_board.upper()}, not {letter.upper()}.")
            i += 1
        elif on_board:
            if ch != "?" and on_board.upper() == ch.upper():
                i += 1  # the typed letter is the tile already there
            else:  # the board letter was left out: play through it
                untyped.append((sq, on_board))
        else:
            typed_at.append(i)
            if ch == "?":
                tiles.append(PlacedTile(sq, "", True))
            elif ch.islower():
                tiles.append(PlacedTile(sq, ch.upper(), True))
            else:
                tiles.append(PlacedTile(sq, ch, False))
            i += 1
        covered.append(sq)
        sq = sq.step(request.direction)
    if not tiles:
        raise NotationError(no_tile_sentence(request.word, format_position(request.start, request.direction)),
                            brief="Every square is filled already.")
    if request.blanks:
        tiles = _blanks_named(tiles, typed_at, letters, request)
    return Draft(tuple(tiles), request.direction, request.start, tuple(untyped), tuple(covered))


def _blanks_named(tiles: list[PlacedTile], typed_at: list[int], letters: list[tuple[str, bool]],
                  request: PlayRequest) -> list[PlacedTile]:
    """The new tiles with the letters named blanks (``SPATHED (blanks S,
    E)``) made blanks: of each letter, as many new tiles as are named
    (those typed in lower case count). Refused, with what to type, when
    the word has no new tile of a letter named, or more than are named
    (which of two new Es is the blank?)."""
    tiles = list(tiles)
    word = "".join(ch for ch, _ in letters)
    for letter in sorted(set(request.blanks)):
        named = request.blanks.count(letter) - sum(1 for t in tiles if t.blank and t.letter == letter)
        at = [k for k, t in enumerate(tiles) if not t.blank and t.letter == letter]
        if named <= 0:
            continue
        if len(at) < named:
            raise NotationError(blank_not_placed_sentence(word, letter), brief=f"No new {letter} in {clip(word, 16)}.")
        if len(at) > named:
            first = typed_at[at[0]]
            example = "".join(ch.lower() if k == first else ch for k, (ch, _) in enumerate(letters))
            raise NotationError(which_blank_sentence(word, letter, example), brief=f"Which {letter}? Type it as {letter.lower()}.")
        for k in at:
            tiles[k] = PlacedTile(tiles[k].square, letter, True)
    return tiles


def parse_draft(text: str, board: Board, cursor: Square | None = None, verb: str = "play") -> Draft:
    """``parse_request`` then ``build_draft``."""
    return build_draft(board, parse_request(text, cursor, verb))


# ------------------------------------------------------- the word it makes
@dataclass(frozen=True)
class WordMade:
    """The word a draft really forms, against the word typed.

    ``word`` is the play's main word (None when it forms none);
    ``played_through`` the board letters inside the typed word that were
    not typed; ``joined`` the board letters the word takes in beyond the
    typed word's ends. ``differs`` says whether the word formed is not the
    word typed, so that it must be said before the play is scored or made.
    """

    word: WordFormed | None
    played_through: tuple[tuple[Square, str], ...]
    joined: tuple[tuple[Square, str], ...]
    differs: bool


def _main_word(made: ScoreBreakdown | WordFormed | None) -> WordFormed | None:
    if isinstance(made, ScoreBreakdown):
        return made.words[0].word if made.words else None
    return made


def word_made(draft: Draft, made: ScoreBreakdown | WordFormed | None) -> WordMade:
    """What ``draft`` makes, given the play's score breakdown (its first
    word is the main word) or that main word itself.

    It differs from the word typed when a board letter inside it was left
    out, when it runs on past either end of the typed word, or when it runs
    the other way (one tile that only makes a word down when typed across).
    """
    word = _main_word(made)
    joined: tuple[tuple[Square, str], ...] = ()
    if word is not None:
        covered = set(draft.covered)
        joined = tuple((sq, letter) for sq, letter, new in zip(word.squares, word.letters, word.new)
                       if not new and sq not in covered)
    differs = word is None or bool(draft.untyped) or tuple(word.squares) != draft.covered
    return WordMade(word, draft.untyped, joined, differs)
