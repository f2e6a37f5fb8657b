"""How the board survey is said: hot spots, lanes, around a square, fit, jumps.

Pure: the analysis is in ``engine/survey.py``; this module only chooses
the words, most important first, in lines of at most 40 characters where
a word allows (a square's name, its premium, then how to get there).

* :func:`spots_phrases` -- ``spots [area]``;
* :func:`around_phrases` -- ``around [square]``;
* :func:`fit_phrases` -- ``fit WORD``;
* :func:`hot_spot_jump_phrases`, :func:`word_jump_phrases` -- the cursor's
  jumps to the next or previous hot spot or word.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from ..core.board import COLUMNS, Board, Square
from ..engine.survey import (
    DOWN_WAY,
    LEFT,
    RIGHT,
    UP,
    Around,
    BoardWord,
    FitResult,
    Lane,
    Side,
    Spot,
    Survey,
    around,
    fit_word,
    parse_spots,
    premium_rank,
    survey,
)
from .phrases import (
    LINE_WIDTH,
    Style, blank_label, clauses, fit, join_and, placement_text, plural, premium_phrase, said_names, short_lines,
)

#: how many hot spots, lanes and fits are said unless the player asks for all
SPOT_LIMITS = {"brief": 3, "normal": 3, "full": 8}
LANE_LIMITS = {"brief": 1, "normal": 2, "full": 4}
FIT_LIMIT = 5
#: a limit larger than any list: every spot and lane
SIZE_ALL = 15 * 15


def _tile_name(tile: str) -> str:
    """``N``, or ``blank N`` for a blank standing for N."""
    return f"blank {tile.upper()}" if tile.islower() else tile


def _line_name(sq: Square, way: str) -> str:
    """``down column H``, ``right along row 8``: which way the finger goes."""
    if way in (UP, DOWN_WAY):
        return f"{way} column {COLUMNS[sq.col]}"
    return f"{way} along row {sq.row + 1}"


def _relation(end: Square, tile_square: Square) -> str:
    """Where ``end`` lies from the tile beside it: ``above``, ``left of``..."""
    if end.row < tile_square.row:
        return "above"
    if end.row > tile_square.row:
        return "below"
    return "left of" if end.col < tile_square.col else "right of"


# ---------------------------------------------------------------- spots
def spot_sentence(spot: Spot, style: Style = Style()) -> str:
    """One hot spot: its square and premium first, then how to reach it.

    ``H1, three bars: down column H, 7 squares to the N on H8.``
    ``G7, two dots: next to the U on G8.``
    ``E5, two bars: down column E, 4 squares to E8, left of the Q.``
    ``D8, two dots: right along row 8, 5 squares to the star.``
    Brief: ``H1 three bars: 7 down to H8.``
    """
    r = spot.route
    mark = premium_phrase(spot.premium, style.marks)
    sq = spot.square.name
    if style.brief:
        if r.to_star and spot.square == r.tile_square:
            return f"{sq} {mark}: the first word covers it."
        if r.tiles == 1:
            return f"{sq} {mark}: next to {r.tile_square.name}."
        target = r.tile_square.name if r.in_line else r.end.name
        return f"{sq} {mark}: {r.tiles} {r.way} to {target}."
    if r.to_star:
        if spot.square == r.tile_square:
            return f"{sq}, {mark}: the first word covers it."
        return f"{sq}, {mark}: {_line_name(spot.square, r.way)}, {r.tiles} squares to the star."
    tile = _tile_name(r.tile)
    if r.tiles == 1:
        return f"{sq}, {mark}: next to the {tile} on {r.tile_square.name}."
    line = _line_name(spot.square, r.way)
    if r.in_line:
        return f"{sq}, {mark}: {line}, {r.tiles} squares to the {tile} on {r.tile_square.name}."
    return f"{sq}, {mark}: {line}, {r.tiles} squares to {r.end.name}, {_relation(r.end, r.tile_square)} the {tile}."


def lane_text(lane: Lane) -> str:
    """``A7 to O7, 15 free``."""
    return f"{lane.start.name} to {lane.end.name}, {lane.length} free"


def _where(sv: Survey) -> str:
    return f" in {sv.area.name}" if sv.area is not None else ""


def spots_phrases(sv: Survey, style: Style = Style(), limit: int | None = None, lane_limit: int | None = None) -> list[str]:
    """The answer to ``spots``: how many hot spots, the best few, the lanes.

    ``limit`` (default by verbosity: 3, full 8) is how many spots are
    said; the rest are counted. Lines of at most 40 characters.
    """
    if limit is None:
        limit = SPOT_LIMITS.get(style.verbosity, 3)
    if lane_limit is None:
        lane_limit = LANE_LIMITS.get(style.verbosity, 2)
    where = _where(sv)
    lines: list[str] = []
    spots = sv.spots
    if sv.rack_size < 1:
        return ["No hot spots: your rack is empty."]
    if not spots:
        lines.append(f"No hot spot{where} can be reached.")
    elif len(spots) <= limit:
        lines.append(f"{plural(len(spots), 'hot spot')}{where}:")
    else:
        lines.append(f"{plural(len(spots), 'hot spot')}{where}, best {limit}:")
    for spot in spots[:limit]:
        lines.extend(clauses(spot_sentence(spot, style)))
    rest = spots[limit:]
    if rest:
        if style.brief:
            lines.append(f"And {len(rest)} more.")
        else:
            kinds = Counter(premium_phrase(s.premium, style.marks) for s in rest)
            rank = {premium_phrase(s.premium, style.marks): premium_rank(s.premium) for s in rest}
            order = sorted(kinds, key=lambda k: -rank[k])
            lines.extend(clauses(f"And {len(rest)} more: " + ", ".join(f"{kinds[k]} {k}" for k in order) + "."))
    chosen = sv.lanes[:lane_limit]
    if chosen:
        items = [lane_text(ln) for ln in chosen]
        items[0] = ("Lanes: " if len(chosen) > 1 else "Lane: ") + items[0]
        lines.extend(fit(items, sep="; "))
    elif not style.brief and spots:
        lines.append("No long open lanes.")
    return lines


def hot_spot_jump_phrases(spot: Spot | None, origin: Square, forward: bool = True, style: Style = Style()) -> list[str]:
    """What the next/previous hot spot key says: the spot, or that there is none."""
    if spot is None:
        return [f"No hot spot {'after' if forward else 'before'} {origin.name}."]
    return clauses(spot_sentence(spot, style))


def word_jump_phrases(word: BoardWord | None, origin: Square, forward: bool = True, any_words: bool = True) -> list[str]:
    """What the next/previous word key says: ``TRAIN, D8 across.``"""
    if word is None:
        if not any_words:
            return ["There are no words on the board yet."]
        return [f"No word {'after' if forward else 'before'} {origin.name}."]
    return clauses(placement_text(word.start, word.direction, word.letters) + ".")


# ---------------------------------------------------------------- around
def _side_text(side: Side) -> str:
    way = side.way
    if side.at_edge:
        return f"{way} {side.free} free" if side.free else f"{way} edge"
    tile = side.tile.upper()  # a blank beside is said by its letter, to keep the line short
    return f"{way} {side.free} to {tile}" if side.free else f"{way} {tile}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def around_phrases(a: Around, style: Style = Style()) -> list[str]:
    """A square's neighbourhood in two lines: the square and what is up
    and down, then left and right.

    ``H7, two dots: up 6 free, down N.`` / ``Left 7 free, right 2 to T.``
    The square is named as everywhere else (``H8, star``, ``J8, blank T``);
    the comma after it goes only where the line would pass 40 characters
    (``F14 three dots: up 13 free, down 1 free.``), so it stays one line.
    A side reads ``N`` (a tile right there), ``2 to T`` (two free squares,
    then a T), ``6 free`` (free to the edge) or ``edge``. With the
    braille-board marks every line fits 40 characters.
    """
    sq = a.square.name
    vertical = f"{_side_text(a.side(UP))}, {_side_text(a.side(DOWN_WAY))}."
    if a.tile:
        head = f"{sq}, {_tile_name(a.tile)}:"
    elif a.premium is not None:
        mark = premium_phrase(a.premium, style.marks)
        head = f"{sq}, {mark}:"
        if len(f"{head} {vertical}") > LINE_WIDTH:
            head = f"{sq} {mark}:"
    else:
        head = f"{sq}:"
    across = f"{_cap(_side_text(a.side(LEFT)))}, {_side_text(a.side(RIGHT))}."
    return short_lines([f"{head} {vertical}", across])


# ---------------------------------------------------------------- fit
def fit_phrases(result: FitResult, style: Style = Style(), limit: int | None = FIT_LIMIT) -> list[str]:
    """``QUIZ: 4 places.`` then the best ``limit`` (None: all), one a line:
    ``J4 down, 44 points, three bars.``; or the reason it fits nowhere."""
    word = result.word.upper()
    if not result.fits:
        return clauses(result.reason or f"{word} fits nowhere.")
    n = len(result.fits)
    lines = [f"{word}: {plural(n, 'place')}."]
    shown = result.fits if limit is None else result.fits[:limit]
    for f in shown:
        parts = [f"{f.start.name} {'across' if f.direction == 'across' else 'down'}"]
        parts.append(f"{f.score}" if style.brief else f"{f.score} points")
        marks = Counter(premium_phrase(p, style.marks) for p in f.premiums)
        parts.extend(_times(k, n) for k, n in marks.items())
        label = blank_label("".join(t.letter.lower() for t in f.play.tiles if t.blank and t.square not in f.wild))
        if label:
            parts.append(label)
        if f.wild:
            parts.append(f"{'blank' if len(f.wild) == 1 else 'blanks'} on {join_and([sq.name for sq in f.wild])}")
        text = ", ".join(parts) + "."
        if style.full and f.other_words:
            text += " Also " + ", ".join(w.upper() for w in f.other_words) + "."
        lines.extend(clauses(text))
    if len(shown) < n:
        lines.append(f"And {n - len(shown)} more.")
    return lines



# ---------------------------------------------------------------- whole answers
def aids_off_phrase(command: str) -> str:
    """What ``spots``, ``fit`` (and the hot-spot keys) say with ``set aids off``."""
    return f"{command[:1].upper()}{command[1:]} is off: set aids on to use it."


def spots_answer(board: Board, rack_size: int, args: str = "", style: Style = Style()) -> list[str]:
    """The whole answer to ``spots [area] [all]``. Raises NotationError for
    an area it cannot read (its sentence says what to type)."""
    area, show_all = parse_spots(args)
    limit = SIZE_ALL if show_all else None
    return spots_phrases(survey(board, rack_size, area), style, limit=limit, lane_limit=limit)


def around_answer(board: Board, square: Square, style: Style = Style()) -> list[str]:
    """The whole answer to ``around [square]`` and to the around key."""
    return around_phrases(around(board, square), style)


def fit_answer(
    board: Board,
    rack: Sequence[str],
    word: str,
    lexicon: Any = None,
    check_word: bool = False,
    style: Style = Style(),
    show_all: bool = False,
) -> list[str]:
    """The whole answer to ``fit WORD``. Raises NotationError for text that
    is not a word (its sentence says what to type)."""
    result = fit_word(board, rack, word, lexicon, check_word)
    return fit_phrases(result, style, limit=None if show_all else FIT_LIMIT)



def _times(text: str, n: int) -> str:
    """``two dots``, ``two dots twice``, ``two dots 3 times``."""
    return text if n == 1 else f"{text} twice" if n == 2 else f"{text} {n} times"


# ---------------------------------------------------------------- the console's survey sentences
#: ``set aids on`` and ``set aids off``
AIDS_ON = "Aids on: spots and fit answer."
AIDS_OFF = "Aids off: no spots, fit or hot spots."
#: the hot-spot keys with ``set aids off``
HOT_SPOT_KEYS_OFF = "Hot-spot keys are off: set aids on."
#: ``fit`` in the review when the record does not show the rack facing the board
NO_RACK_TO_FIT = "The record does not show the next rack; fit needs it."
#: ``fit`` with more than one word
FIT_ONE_WORD = "Name one word to fit, like fit QUIZ."


def players_for_position(racks: int) -> str:
    """``--players`` naming more or fewer players than the position has racks."""
    return f"The position has {racks} racks; name {racks} players, the one to move first."


def mark_set_phrase(square: Square) -> str:
    """The mark key: ``Mark on H8.``"""
    return f"Mark on {square.name}."


def no_mark_phrase() -> str:
    return "No mark yet: Alt-M marks the cursor's square."


def position_opening(names: Sequence[str], scores: Sequence[int], you: int | None = None) -> list[str]:
    """A game from a position has no draw for first: ``Position: You 0,
    Computer 32.`` (the turn lines then say whose turn it is; ``you``: the
    seat of the one person at the table, "You" whatever their name)."""
    items = [f"{n} {s}" for n, s in zip(said_names(names, you), scores)]
    items[0] = "Position: " + items[0]
    return fit(items)
