"""Events and game state turned into phrases a player hears or reads.

Pure: no I/O, no printing, no scoring. Every number said about a play is
read from the event (the core computed it); this module only chooses the
words. Each function returns a list of short lines, the most important
words first, most of them 40 characters or fewer so that they fit a
braille display.

Two settings shape the wording:

* verbosity: ``brief`` (the facts), ``normal`` (what a first-time player
  needs; the default) or ``full`` (also premiums, tile values, the bag);
* premium naming: ``marks`` (the braille board's tactile marks: "two
  dots", "three bars", "star"; the default), ``names`` ("double letter
  score") or ``colours`` (names plus the print board's colours, for
  large-print players).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from ..core.board import ACROSS, COLUMNS, SIZE, Board, Premium, Square, premium_at
from ..core.events import (
    ChallengeResolved,
    Event,
    FirstPlayerDrawn,
    GameEnded,
    TilesExchanged,
    TilesPlaced,
    TurnLost,
    TurnPassed,
)
from ..core.scoring import ScoreBreakdown, WordScore
from ..core.tiles import BLANK, tile_value
from .layout import LINE_WIDTH, clauses, short_lines
from .layout import list_lines as fit

BRIEF = "brief"
NORMAL = "normal"
FULL = "full"
VERBOSITIES = (BRIEF, NORMAL, FULL)

MARKS = "marks"
NAMES = "names"
COLOURS = "colours"
MARK_STYLES = (MARKS, NAMES, COLOURS)


@dataclass(frozen=True)
class Style:
    """How to word things: verbosity and premium naming."""

    verbosity: str = NORMAL
    marks: str = MARKS

    @property
    def brief(self) -> bool:
        return self.verbosity == BRIEF

    @property
    def full(self) -> bool:
        return self.verbosity == FULL


# ---------------------------------------------------------------- small parts
def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st."""
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def plural(n: int, word: str, words: str | None = None) -> str:
    """``1 tile``, ``3 tiles``."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def join_and(items: Sequence[str], last: str = "and") -> str:
    """``A``, ``A and B``, ``A, B and C`` (``last``: ``or`` for the answers a question takes)."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def head_then(head: str, rest: str, width: int = LINE_WIDTH) -> list[str]:
    """``head rest`` as one line when it fits, else ``head`` / ``rest``:
    broken before ``rest`` (``Club computer loses 12 points`` / ``for N,
    L and W.``) where the commas of a list inside it would be the worse
    place (a ``rest`` still too long is left to the caller's
    :func:`short_lines`)."""
    line = f"{head} {rest}"
    if len(line) <= width or len(head) > width:
        return [line]
    return [head, rest]


def premium_phrase(premium: Premium, marks: str = MARKS) -> str:
    """A premium square as the player has chosen to hear it named."""
    if marks == MARKS:
        return premium.mark
    name = premium.long_name
    if premium.is_star:
        name = f"star, {name}"
    if marks == COLOURS:
        return f"{name}, {premium.colour}"
    return name


def tile_phrase(tile: str) -> str:
    """A tile as spoken: ``T``, ``blank`` (on a rack), ``blank T`` (on the
    board: a blank standing for T, as a word says its blanks, ``TRAIN
    (blank T)``, and a premium line, ``Blank T on D8``)."""
    if tile == BLANK:
        return "blank"
    if tile.islower():
        return f"blank {tile.upper()}"
    return tile


def word_text(letters: str) -> str:
    """A word as spoken or read: capitals, with its blanks named in
    brackets right after it, the one way a blank in a word is said
    (announcement, hint, review, a record, the words on the board).

    ``TRAiN`` -> ``TRAIN (blank I)``; ``bOAt`` -> ``BOAT (blanks B and T)``.
    """
    label = blank_label(letters)
    word = letters.upper()
    return f"{word} ({label})" if label else word


def direction_word(direction: str) -> str:
    return "across" if direction == ACROSS else "down"


def where_text(start: Square, direction: str) -> str:
    """``E11 across``: where a word starts and which way it runs."""
    return f"{start.name} {direction_word(direction)}"


def placement_text(start: Square, direction: str, letters: str) -> str:
    """``TRAIN, D8 across``: the word, where it starts, which way it runs."""
    return f"{word_text(letters)}, {where_text(start, direction)}"


def blank_label(letters: str) -> str | None:
    """``blank I`` or ``blanks G and N`` for the blanks of a word, else None."""
    blanks = [ch.upper() for ch in letters if ch.islower()]
    if not blanks:
        return None
    return f"{'blank' if len(blanks) == 1 else 'blanks'} {join_and(blanks)}"


def play_lines(lead: str, letters: str, where: str | None, tail: str = "", width: int = LINE_WIDTH) -> list[str]:
    """A play said in as few lines of at most ``width`` as it takes.

    ``lead`` comes first (``Alice played``; empty for none), then the word
    (``letters``: lower case for a blank, board letters maybe in
    parentheses) with its blanks named, then ``where`` (``E11 across``,
    see :func:`where_text`; None when unknown), then ``tail`` (``, 12``
    or ``, would score 12``), ending with a full stop. When the whole
    does not fit, it breaks after the word, keeping who and what first:
    ``Expert computer played ANIMALIC,`` / ``E11 across.``; a word whose
    blanks do not fit beside who played it comes on a line of its own,
    its blanks said as everywhere else: ``whatnoloan played`` /
    ``FIRELOC(K) (blanks F and C),`` / ``H4 down.``
    """
    lead = f"{lead} " if lead else ""
    if where is None:
        return clauses(f"{lead}{word_text(letters)}{tail}.", width)
    where = f"{where}{tail}."
    whole = f"{lead}{word_text(letters)}, {where}"
    if len(whole) <= width:
        return [whole]
    head = f"{lead}{word_text(letters)},"
    if len(head) <= width:
        return [head] + clauses(where, width)
    if lead:  # who alone, then the play as it would be said without them
        return clauses(lead.strip(), width) + play_lines("", letters, where[:-1] if where.endswith(".") else where,
                                                          "", width)
    return clauses(f"{word_text(letters)}, {where}", width)


def main_word(breakdown: ScoreBreakdown) -> WordScore | None:
    """The word a play is known by: the main word, else the first one formed."""
    return breakdown.words[0] if breakdown.words else None


def play_text(breakdown: ScoreBreakdown) -> str:
    """``TRAIN, D8 across`` for a play, from its scored words."""
    w = main_word(breakdown)
    if w is None:
        return "no word"
    return placement_text(w.word.start, w.word.direction, w.word.letters)


#: names that are themselves words for a person (a player who typed "Me"):
#: "Me's turn" jars, so such a name follows the noun ("Turn for Me.")
PRONOUN_NAMES = frozenset({"i", "me", "my", "mine", "myself", "you", "your", "yours", "yourself", "we", "us"})

#: the word a pronoun name follows: "the play by Me", "the rack of Me"
_AFTER = {"turn": "for", "play": "by"}


def is_pronoun(name: str) -> bool:
    """Whether a player's name is a pronoun (``Me``, ``I``, ``you``: any case)."""
    return name.strip().casefold() in PRONOUN_NAMES


def possessive(name: str) -> str:
    """``Alice's``, ``James'`` (a name that is a pronoun is never put so:
    see :func:`whose`)."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def whose(thing: str, name: str, you: bool = False, start: bool = False) -> str:
    """``Alice's play``; ``your play`` when ``name`` is the one person at
    the table (``you``: the person at the keyboard); ``the play by Me``
    for a name that is a pronoun. ``start``: at the start of a sentence
    (``Your play``, ``The play by Me``; a name keeps its own case)."""
    if you:
        return f"{'Your' if start else 'your'} {thing}"
    if is_pronoun(name):
        return f"{'The' if start else 'the'} {thing} {_AFTER.get(thing, 'of')} {name}"
    return f"{possessive(name)} {thing}"


def turn_clause(name: str, you: bool = False, start: bool = False) -> str:
    """Whose turn it is, in a sentence: ``your turn`` to the one person at
    the table (``you``); ``Alice's turn`` at a table of several people (or
    for a computer); ``turn for Me`` for a name that is a pronoun."""
    if not you and is_pronoun(name):
        return f"{'Turn' if start else 'turn'} for {name}"
    return whose("turn", name, you, start)


def turn_line(name: str, you: bool = False) -> str:
    """``Your turn.``, ``Alice's turn.``, ``Turn for Me.`` (see :func:`turn_clause`)."""
    return turn_clause(name, you, start=True) + "."


# ---------------------------------------------------------------- you, or a name
#: the verbs said after a player whose form after "you" is not the third
#: person's without its s (the rest: ``loses``, ``passes`` -> ``lose``, ``pass``)
_AFTER_YOU = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def subject(name: str, you: bool = False, start: bool = True) -> str:
    """A player as the subject of a sentence: the name; ``You`` for the one
    person at the table (``you``: the person at the keyboard); ``you``
    inside a sentence (``start`` False: ``Last move: you played``)."""
    if not you:
        return name
    return "You" if start else "you"


def named_you(name: str) -> bool:
    """Whether a player is named You (any case; a game begun from a
    position names its one person so): the verb after it agrees (``You
    gain``), as for the person at the table."""
    return name.strip().casefold() == "you"


def agree(verb: str, you: bool = False) -> str:
    """A verb in the present after :func:`subject`: as given after a name
    (``loses``, ``wins``, ``has``), agreeing with you (``lose``, ``win``,
    ``have``); a past form (``played``, ``went``) stays as it is."""
    if not you:
        return verb
    if verb in _AFTER_YOU:
        return _AFTER_YOU[verb]
    if verb.endswith(("sses", "shes", "ches", "xes", "zzes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def does(name: str, verb: str, you: bool = False, start: bool = True) -> str:
    """A subject and its verb, agreeing: ``Alice loses``, ``You lose``,
    ``Expert computer played``, ``You played`` (see :func:`subject`)."""
    return f"{subject(name, you, start)} {agree(verb, you)}"


def said_names(names: Sequence[str], you: int | None = None) -> list[str]:
    """The players as a list of scores names them: ``You`` for the one
    person at the table (``you``: their seat), the others by name."""
    return [subject(n, i == you) for i, n in enumerate(names)]


def scores_line(names: Sequence[str], totals: Sequence[int], you: int | None = None) -> str:
    """``Alice 12, Bob 0.`` in player order; ``You 12, Expert computer 30.``
    to the one person at the table (``you``: their seat)."""
    return ", ".join(f"{n} {t}" for n, t in zip(said_names(names, you), totals)) + "."


def scores_lines(names: Sequence[str], totals: Sequence[int], you: int | None = None) -> list[str]:
    """:func:`scores_line` fitted to braille lines."""
    return fit([f"{n} {t}" for n, t in zip(said_names(names, you), totals)])


# ---------------------------------------------------------------- the board
def square_phrase(board: Board, square: Square, marks: str = MARKS) -> str:
    """``H8, star.`` ``D8, T.`` ``I8.``: coordinate, what is there, its mark.

    A premium already covered by a tile is not announced: it no longer counts.
    """
    tile = board[square]
    if tile:
        return f"{square.name}, {tile_phrase(tile)}."
    prem = premium_at(square)
    if prem is not None:
        return f"{square.name}, {premium_phrase(prem, marks)}."
    return f"{square.name}."


def where_phrases(square: Square, board: Board | None = None, marks: str = MARKS) -> list[str]:
    """Where a square is, in the leaflet's peg-counting terms: first the
    square as an arrow key says it (``H8, R.``: what is on it, given the
    ``board``), then its column and row counted."""
    col, row = square.col + 1, square.row + 1
    return [
        square_phrase(board, square, marks) if board is not None else f"{square.name}.",
        f"Column {COLUMNS[square.col]}, {ordinal(col)} from the left.",
        f"Row {row}, {ordinal(row)} from the top.",
    ]


def _line_squares(index: int, direction: str) -> list[Square]:
    if direction == ACROSS:
        return [Square(index, c) for c in range(SIZE)]
    return [Square(r, index) for r in range(SIZE)]


def line_title(index: int, direction: str) -> str:
    return f"Row {index + 1}" if direction == ACROSS else f"Column {COLUMNS[index]}"


def line_phrases(board: Board, index: int, direction: str, style: Style = Style()) -> list[str]:
    """A row (``direction`` across) or column (down) read in order.

    Runs of tiles are read as the word they spell ("D8 to H8, TRAIN."),
    runs of empty squares are grouped ("B8 to C8, empty."), and live
    premium squares are named on their own unless the verbosity is brief.
    """
    squares = _line_squares(index, direction)
    items: list[str] = []
    i = 0
    any_tile = False
    while i < SIZE:
        sq = squares[i]
        if board[sq]:
            j = i
            while j + 1 < SIZE and board[squares[j + 1]]:
                j += 1
            any_tile = True
            if i == j:
                items.append(f"{sq.name}, {tile_phrase(board[sq])}.")
            else:
                letters = "".join(board[s] for s in squares[i : j + 1])
                items.append(f"{sq.name} to {squares[j].name}, {word_text(letters)}.")
            i = j + 1
            continue

        def is_plain(s: Square) -> bool:
            return not board[s] and (style.brief or premium_at(s) is None)

        if is_plain(sq):
            j = i
            while j + 1 < SIZE and is_plain(squares[j + 1]):
                j += 1
            items.append(f"{sq.name}, empty." if i == j else f"{sq.name} to {squares[j].name}, empty.")
            i = j + 1
            continue
        prem = premium_at(sq)
        assert prem is not None
        items.append(f"{sq.name}, {premium_phrase(prem, style.marks)}.")
        i += 1
    title = line_title(index, direction)
    if not any_tile and style.brief:
        return [f"{title}, all empty."]
    return [f"{title}:"] + items


def words_phrases(board: Board) -> list[str]:
    """Every word on the board, where it starts and which way it runs."""
    words = board.words()
    if not words:
        return ["The board is empty."]
    lines = [f"{plural(len(words), 'word')} on board:"]  # one line at 20 cells ("9 words on" / "the board:")
    for start, direction, letters in words:
        lines.append(placement_text(start, direction, letters) + ".")
    return lines


# ---------------------------------------------------------------- racks
def rack_phrases(rack: Sequence[str], style: Style = Style(), owner: str | None = None,
                 width: int = LINE_WIDTH) -> list[str]:
    """The tiles on a rack, in the order the player keeps them; the tiles
    on a line of their own when the line is longer than ``width`` (a
    braille display's cells: ``Rack:`` / ``T P X blank D M E.``, never
    the tiles parted)."""
    if not rack:
        return [f"{owner + ', your' if owner else 'Your'} rack is empty."]
    head = f"{owner}, your rack" if owner else "Rack"
    if style.full:
        items = [f"{tile_phrase(t)} {tile_value(t)}" for t in rack]
        total = sum(tile_value(t) for t in rack)
        return clauses(f"{head}, {plural(len(rack), 'tile')}, worth {total}:") + fit(items)
    letters = " ".join(tile_phrase(t) for t in rack)
    line = f"{head}: {letters}."
    if len(line) <= width:
        return [line]
    return [f"{head}:", f"{letters}."]


def tiles_list(tiles: Sequence[str]) -> str:
    """``A, E and blank``: tiles named for a sentence."""
    return join_and([tile_phrase(t) for t in tiles])


def unseen_phrases(counts: Counter[str], style: Style = Style(), holders: Sequence[str] = ()) -> list[str]:
    """Tiles a player has not seen, by letter: ``A 8, B 2 …``. With the
    bag empty, ``holders`` (the other players with tiles) say where they
    all are: ``6 tiles unseen, all Expert computer's:`` (one), ``13 tiles
    unseen, all on other racks:`` (more)."""
    total = sum(counts.values())
    if total == 0:
        return ["You have seen every tile."]
    head = f"{plural(total, 'tile')} unseen"
    if len(holders) == 1:
        head += f", all {possessive(holders[0])}"
    elif holders:
        head += ", all on other racks"
    if style.brief:
        return [head + "."]
    order = sorted(counts, key=lambda t: (t == BLANK, t))
    items = [f"{tile_phrase(t)} {counts[t]}" for t in order if counts[t]]
    return [head + ":"] + fit(items)


def bag_phrase(left: int) -> str:
    if left == 0:
        return "The bag is empty."
    return f"{plural(left, 'tile')} in the bag."


# ---------------------------------------------------------------- plays
def premium_lines(word: WordScore, marks: str) -> list[str]:
    """``T on D8, two dots.`` for each premium a word used (a blank: ``Blank
    E on M9, two dots.``, a capital starting the line)."""
    return [
        f"{tile_phrase(p.letter) if p.letter.isupper() else 'Blank ' + p.letter.upper()} on {p.square.name}, "
        f"{premium_phrase(p.premium, marks)}."
        for p in word.premiums
    ]


def word_score_line(word: WordScore) -> str:
    """``TRAIN: 6, doubled, 12.`` (read from the breakdown, never computed)."""
    times = {1: "", 2: "doubled", 3: "tripled", 4: "times 4", 6: "times 6", 9: "times 9"}
    mult = times.get(word.word_multiplier, f"times {word.word_multiplier}")
    if not mult:
        return f"{word_text(word.letters)}: {word.score}."
    return f"{word_text(word.letters)}: {word.letter_sum}, {mult}, {word.score}."


def _word_items(breakdown: ScoreBreakdown) -> list[str]:
    """``TRAIN 12``, a word and its score; a word formed twice by one play
    with its way (``EW across 5, EW down 5``: "EW 5, EW 5" told them not apart)."""
    said = [word_text(w.letters) for w in breakdown.words]
    return [f"{text} {direction_word(w.word.direction)} {w.score}" if said.count(text) > 1 else f"{text} {w.score}"
            for text, w in zip(said, breakdown.words)]


def breakdown_lines(breakdown: ScoreBreakdown, style: Style, compact: bool = False) -> list[str]:
    """The words a play formed and how they scored.

    brief and normal: one line of words and scores when more than one word
    counted; full: each word with its letter sum, multiplier and premiums.
    ``compact``: the bonus for all 7 tiles joins the words' line.
    """
    lines: list[str] = []
    if compact and not style.full and len(breakdown.words) > 1:
        items = _word_items(breakdown)
        if breakdown.bingo:
            items.append(f"all 7 tiles {breakdown.bingo}")
        items[0] = "Words: " + items[0]
        return fit(items, end=".")
    if style.full:
        for w in breakdown.words:
            lines.append(word_score_line(w))
            lines.extend(premium_lines(w, style.marks))
    elif len(breakdown.words) > 1:
        items = _word_items(breakdown)
        items[0] = "Words: " + items[0]  # the label stays with the first word, on its line
        lines.extend(fit(items, end="."))
    if breakdown.bingo:
        lines.append(f"All 7 tiles used: {breakdown.bingo} bonus.")
    return lines


def check_phrases(breakdown: ScoreBreakdown, style: Style) -> list[str]:
    """What a play would score and which premiums it would use."""
    w = main_word(breakdown)
    if w is None:
        lines = [f"No word, would score {breakdown.total}."]
    else:
        where = where_text(w.word.start, w.word.direction)
        lines = play_lines("", w.word.letters, where, f", would score {breakdown.total}")
    # one word, not multiplied, is its own total: "TAG: 8." would say it twice
    plain = len(breakdown.words) == 1 and breakdown.words[0].word_multiplier == 1 and not breakdown.bingo
    for w in breakdown.words:
        if not plain:
            lines.append(word_score_line(w))
        lines.extend(premium_lines(w, style.marks))
    if breakdown.bingo:
        lines.append(f"All 7 tiles used: {breakdown.bingo} bonus.")
    return lines


def drawn_line(name: str, drawn: Sequence[str], bag_left: int, reveal: bool, style: Style, you: bool = False) -> str:
    if not drawn:
        return "The bag is empty; no tiles drawn." if not style.brief else "No tiles drawn."
    what = tiles_list(drawn) if reveal else plural(len(drawn), "tile")
    line = f"{subject(name, you)} drew {what}."
    if style.full or (not style.brief and bag_left == 0):
        line = line[:-1] + f"; {bag_left} left in the bag." if bag_left else line[:-1] + "; the bag is empty."
    return line


# ---------------------------------------------------------------- events
@dataclass(frozen=True)
class Audience:
    """Who is listening: decides which private tiles may be spoken.

    ``reveal`` holds the players whose drawn and exchanged tiles may be
    spoken aloud (with one human at the computer, that human).
    ``you`` is that human too: the person at the keyboard, whose turn and
    play are "your turn", "your play", who is the subject "you" ("You
    played TRAIN", "You lose 4 points.") and "You" in the scores.
    """

    names: tuple[str, ...]
    reveal: frozenset[int] = frozenset()
    #: the one person at the table (told "your turn"), if there is one
    you: int | None = None


def first_player_phrases(ev: FirstPlayerDrawn, you: str | None = None) -> list[str]:
    """``Alice drew E, Bob drew A.`` then ``Bob plays first.``: each tile
    is said once, in the draw; after a tie, who draws again (``Bob and Cy
    tie and draw again.``). ``you``: the name of the one person at the
    table, who "drew E", "draw again" and "play first"; names at a table
    are distinct."""
    lines: list[str] = []
    for k, rnd in enumerate(ev.rounds):
        draws = [f"{subject(name, name == you, start=not j)} drew {'a blank' if t == BLANK else t}"
                 for j, (name, t) in enumerate(rnd)]
        lines.extend(fit(draws))
        if k < len(ev.rounds) - 1:  # those tied draw again: the next round's drawers
            tied = join_and([subject(name, name == you, start=not j) for j, (name, _) in enumerate(ev.rounds[k + 1])])
            lines.extend(head_then(f"{tied} tie", "and draw again."))  # the names whole on a line
    yours = ev.first_name == you
    lines.append(f"{subject(ev.first_name, yours)} {agree('plays', yours)} first.")
    return short_lines(lines)


def played_lines(
    name: str, letters: str, where: str | None, score: int, breakdown: ScoreBreakdown | None, style: Style,
    you: bool = False, compact: bool = False,
) -> list[str]:
    """A play as the scorekeeper says it, in the game and in a review: one
    form, the same every time, most important first: who, the word (its
    blanks named), where, the score (:func:`play_lines`): ``Alice played
    TRAIN, H8 across, 12.``; ``You played STRAINED (blank N), H1 down,
    77.`` Brief says it the same way shortened, the verb left out:
    ``Alice: TRAIN, H8 across, 12.`` The words and premiums
    (:func:`breakdown_lines`, when the ``breakdown`` is known) follow
    (``compact``: in as few lines as they take). A play too long for a
    line breaks after the word, the form unchanged: ``Expert computer
    played ANIMALIC,`` / ``E11 across, 74.``
    ``you``: the one person at the table played (``You played TRAIN``).
    """
    who = subject(name, you)
    lead = f"{who}:" if style.brief else f"{who} played"
    lines = play_lines(lead, letters, where, f", {score}")
    if style.brief or breakdown is None:
        return lines
    return lines + breakdown_lines(breakdown, style, compact=compact)


def _placed(ev: TilesPlaced, aud: Audience, style: Style, compact: bool = False) -> list[str]:
    """Who played what, the score, the words that counted and the premiums
    (at full verbosity), in the one form of :func:`played_lines`.
    ``compact`` (a round heard at once): the words that counted in as few
    lines as they take."""
    yours = aud.you == ev.player
    w = main_word(ev.breakdown)
    if w is None:
        return [f"{subject(ev.name, yours)} played no word, {ev.score}."]
    where = where_text(w.word.start, w.word.direction)
    return played_lines(ev.name, w.word.letters, where, ev.score, ev.breakdown, style, yours, compact)


def _after_play(ev: TilesPlaced, aud: Audience, style: Style, compact: bool = False) -> list[str]:
    """The tiles drawn after a play. Going out is said by what follows (the
    challenge question or the end), once; ``compact``: the draw is heard
    in the rack that follows, so only an empty bag is said."""
    if ev.went_out:
        return []
    reveal = ev.player in aud.reveal
    if compact:  # the draw is heard in the rack; only the bag emptying is said, once
        return ["The bag is now empty."] if ev.drawn and ev.bag_left == 0 else []
    if ev.drawn and style.brief and not reveal:
        return []
    return [drawn_line(ev.name, ev.drawn, ev.bag_left, reveal, style, aud.you == ev.player)]


def _exchanged(ev: TilesExchanged, aud: Audience, style: Style) -> list[str]:
    n = len(ev.returned)
    who = subject(ev.name, aud.you == ev.player)
    if ev.player in aud.reveal and not style.brief:
        drew = [f"{who} drew {tiles_list(ev.drawn)}."] if ev.drawn else []  # between homes: they come later
        return [f"{who} put back {tiles_list(ev.returned)}.", *drew]
    return [f"{who} exchanged {plural(n, 'tile')}."]


def _challenged(ev: ChallengeResolved, aud: Audience, style: Style) -> list[str]:
    player, challenger = aud.you == ev.player, aud.you == ev.challenger
    lines = [f"{does(ev.challenger_name, 'challenges', challenger)} {whose('play', ev.name, player)}."]
    if ev.unacceptable:
        verb = "is" if len(ev.unacceptable) == 1 else "are"
        lines.append(f"{join_and(list(ev.unacceptable))} {verb} not acceptable.")
        # the play's own points come off: a play undone, not a penalty
        # ("You lose 70 points." read as one)
        taken = f"{whose('play', ev.name, player, start=True)} is taken back"
        if ev.points_lost:
            lines.extend(clauses(f"{taken}: {plural(ev.points_lost, 'point')} off."))
        else:
            lines.extend(clauses(f"{taken}."))
    else:
        if len(ev.words) == 1:
            lines.append(f"{ev.words[0]} is acceptable.")
        else:
            lines.extend(fit(list(ev.words), end=": all acceptable."))
        if ev.turn_lost:
            lines.append(f"{does(ev.challenger_name, 'loses', challenger)} the next turn.")
        elif ev.points_lost:
            lines.append(f"{does(ev.challenger_name, 'loses', challenger)} {plural(ev.points_lost, 'point')}.")
        elif ev.points_gained:  # the 5- or 10-point rule: the play stands, its player gains
            lines.append(f"{does(ev.name, 'gains', player)} {plural(ev.points_gained, 'point')}.")
        elif not style.brief:
            lines.append("The play stands; no penalty.")
    lines.extend(scores_lines(aud.names, ev.totals, aud.you))
    return lines


def _points_or_nothing(n: int) -> str:
    return plural(n, "point") if n else "nothing"


def adjustment_lines(name: str, points: int, tiles: Sequence[str] = (), you: bool = False,
                     gain: bool | None = None, lead: str = "") -> list[str]:
    """A player's points for the tiles left at the game's end, in the game
    and in a record's review: ``Club computer loses 12 points`` / ``for N,
    L and W.``; ``You gain 12 points.`` (``tiles`` unnamed). ``gain``: the
    verb (None: gains when ``points`` is above 0); ``lead`` goes first
    (``Game end: ``)."""
    gained = points > 0 if gain is None else gain
    head = f"{does(name, 'gains' if gained else 'loses', you)} {_points_or_nothing(abs(points))}"
    first: list[str] = []
    if lead and len(lead + head) > LINE_WIDTH:  # the lead alone, the sentence whole after it
        first, lead = [lead.strip()], ""
    return first + (head_then(lead + head, f"for {tiles_list(tiles)}.") if tiles else [lead + head + "."])


def went_out_line(name: str, you: bool = False) -> str:
    """Who went out, said once: with the question whether to challenge
    the last play, or with the end when there was none."""
    return f"{subject(name, you)} went out with the bag empty."


#: why a game ended, by the core's reason code (going out names the player: went_out_line)
END_REASONS = {
    "all_passed_twice": "Every player passed twice in a row.",
    "no_moves": "No player can make a play.",
    "scoreless_turns": "There were {count} scoreless turns in a row.",
    "agreed": "The players agreed to end the game here.",
}


def end_reason(reason: str, scoreless_turns: int = 0) -> str:
    """Why a game ended but by going out (``GameEnded.reason``; for six
    scoreless turns, their count)."""
    return END_REASONS.get(reason, "").format(count=scoreless_turns)


def _ended(ev: GameEnded, aud: Audience, style: Style) -> list[str]:
    """The end: why (unless said with the wait on the last play), what
    each player loses for the tiles left (``Club computer loses 12
    points`` / ``for N, L and W.``; ``You lose 9 points for X and A.``),
    the one who went out gaining them last (``Bob gains 21 points.``),
    the final scores and who won."""
    out = ev.out_player
    lines = ["Game over."]
    if not ev.waited:  # why the game ends was not said yet
        lines.append(went_out_line(aud.names[out], aud.you == out) if ev.reason == "out" and out is not None
                     else end_reason(ev.reason, ev.scoreless_turns))
    gains: list[str] = []
    for adj in ev.adjustments:
        yours = aud.you == adj.player
        if out == adj.player:  # what the others had, then what going out gains
            gains.extend(adjustment_lines(adj.name, adj.points, (), yours, gain=True))
        elif adj.rack:  # the core's adjustment is a loss, or nothing (the North American rule)
            lines.extend(adjustment_lines(adj.name, adj.points, adj.rack, yours))
        elif not style.brief:
            lines.append(f"{subject(adj.name, yours)} had no tiles left.")
    lines.extend(gains)
    order = sorted(range(len(ev.totals)), key=lambda i: -ev.totals[i])
    said = said_names(aud.names, aud.you)
    lines.append("Final scores:")
    lines.extend(fit([f"{said[i]} {ev.totals[i]}" for i in order]))
    if len(ev.winners) == 1:
        w = ev.winners[0]
        lines.append(f"{does(aud.names[w], 'wins', aud.you == w)} with {ev.totals[w]}.")
    else:
        who = join_and([subject(aud.names[i], aud.you == i, start=False) for i in ev.winners])
        lines.append(f"A tie: {who}, {ev.totals[ev.winners[0]]} each.")
    return lines


def event_phrases(ev: Event, aud: Audience, style: Style = Style()) -> list[str]:
    """What the scorekeeper says about one event (without whose turn is next),
    in lines of at most :data:`LINE_WIDTH` wherever a word allows."""
    return short_lines(_event_phrases(ev, aud, style))


def _event_phrases(ev: Event, aud: Audience, style: Style) -> list[str]:
    if isinstance(ev, FirstPlayerDrawn):
        return first_player_phrases(ev, None if aud.you is None else aud.names[aud.you])
    if isinstance(ev, TilesPlaced):
        return _placed(ev, aud, style) + _after_play(ev, aud, style)
    if isinstance(ev, TilesExchanged):
        return _exchanged(ev, aud, style)
    if isinstance(ev, TurnPassed):
        return [f"{subject(ev.name, aud.you == ev.player)} passed."]
    if isinstance(ev, ChallengeResolved):
        return _challenged(ev, aud, style)
    if isinstance(ev, TurnLost):
        return [f"{does(ev.name, 'loses', aud.you == ev.player)} this turn."]
    if isinstance(ev, GameEnded):
        return _ended(ev, aud, style)
    return []


def announce(
    events: Sequence[Event],
    aud: Audience,
    totals_before: Sequence[int],
    style: Style = Style(),
    next_player: int | None = None,
    *,
    compact: bool = False,
    scores: bool = True,
    challenge: Sequence[str] = (),
) -> list[str]:
    """The scorekeeper's words after an action.

    Every event the action produced, in order. A play is read as the
    leaflet's scorekeeper would: who played what, the words and score, the
    premiums that counted (full verbosity), every player's new total
    (``totals_before`` with the player's total from the event), the tiles
    drawn; then whose turn is next, when ``next_player`` is given.

    ``compact``: one person plays the computers, and hears a whole round
    (their play, the computers' plays, the rack) at once: each play in as
    few lines as it takes, no tiles drawn (the rack follows). ``scores``
    False leaves out the totals after a play (they are said once, after
    the last play of the round). ``challenge``: that the last play may be
    challenged, said right after it, before the totals.

    A pass or an exchange is followed by the totals just as a play is
    (a blind player weighing the end of a game needs them as much when
    the other side passes), unless the game ends with it (the final
    scores follow then) or nobody has scored yet (every total 0 says
    nothing).
    """
    lines: list[str] = []
    totals = list(totals_before)
    ends = any(isinstance(ev, GameEnded) for ev in events)
    last_play = next((ev for ev in reversed(events) if isinstance(ev, TilesPlaced)), None)
    for ev in events:
        if isinstance(ev, TilesPlaced):
            totals[ev.player] = ev.total
            lines.extend(_placed(ev, aud, style, compact))
            if ev is last_play:
                lines.extend(challenge)  # right after the play it is about
            if scores:
                lines.extend(scores_lines(aud.names, totals, aud.you))
            lines.extend(_after_play(ev, aud, style, compact))
        else:
            lines.extend(event_phrases(ev, aud, style))
            if scores and not ends and any(totals) and isinstance(ev, (TurnPassed, TilesExchanged)):
                lines.extend(scores_lines(aud.names, totals, aud.you))
    if next_player is not None:
        lines.append(turn_line(aud.names[next_player], aud.you == next_player))
    return short_lines(lines)


def last_move_event(history: Sequence[Event]) -> Event | None:
    """The last turn-taking event (a play, exchange, pass, challenge, lost turn)."""
    for ev in reversed(history):
        if isinstance(ev, (TilesPlaced, TilesExchanged, TurnPassed, ChallengeResolved, TurnLost)):
            return ev
    return None


def summary_phrases(
    names: Sequence[str],
    totals: Sequence[int],
    current: int | None,
    last: Event | None,
    bag_left: int,
    over: bool,
    you: int | None = None,
    winners: Sequence[int] = (),
) -> list[str]:
    """A short paragraph a sighted helper can read aloud (``you``: the one
    person at the table, whose turn is "your turn", who is "You" in the
    scores and the last move); a game over says who won (``winners``)."""
    lines = []
    if over:
        lines.append("The game is over.")
        if len(winners) == 1:
            lines.append(does(names[winners[0]], "won", you == winners[0]) + ".")
        elif winners:
            lines.append(f"A tie: {join_and([subject(names[i], you == i, start=False) for i in winners])}.")
    elif current is not None:
        name, yours = names[current], you == current
        lines.append(turn_line(name) if is_pronoun(name) and not yours else f"It is {whose('turn', name, yours)}.")
    lines.append("Scores: " + scores_line(names, totals, you))
    lines.append(last_move_sentence(last, you))
    lines.append(bag_phrase(bag_left))
    return short_lines(lines)


def last_move_sentence(last: Event | None, you: int | None = None) -> str:
    """``Last move: Bob played TRAIN, D8 across for 12.`` (see
    :func:`last_move_event`); ``Last move: you passed.`` when the one
    person at the table (``you``: their seat) made it."""
    if isinstance(last, ChallengeResolved):
        result = "the play was taken back" if last.withdrawn else "the play stood"
        return f"Last move: {subject(last.challenger_name, you == last.challenger, False)} challenged and {result}."
    if not isinstance(last, (TilesPlaced, TilesExchanged, TurnPassed, TurnLost)):
        return "No moves yet."
    who = subject(last.name, you == last.player, start=False)
    if isinstance(last, TilesPlaced):
        return f"Last move: {who} played {play_text(last.breakdown)} for {last.score}."
    if isinstance(last, TilesExchanged):
        return f"Last move: {who} exchanged {plural(len(last.returned), 'tile')}."
    if isinstance(last, TurnPassed):
        return f"Last move: {who} passed."
    return f"Last move: {who} lost a turn."


def premium_legend(marks: str = MARKS) -> list[str]:
    """What each premium mark means (for help and for large print)."""
    from ..core.board import DOUBLE_LETTER, DOUBLE_WORD, STAR, TRIPLE_LETTER, TRIPLE_WORD

    out = []
    for p in (DOUBLE_LETTER, TRIPLE_LETTER, DOUBLE_WORD, TRIPLE_WORD, STAR):
        label = p.mark if marks == MARKS else premium_phrase(p, marks)
        meaning = "the centre, double word" if p.is_star else p.name
        out.append(f"{label}: {meaning}." if marks == MARKS else f"{label}.")
    return out


__all__ = [
    "Audience",
    "Style",
    "agree",
    "does",
    "said_names",
    "subject",
    "VERBOSITIES",
    "MARK_STYLES",
    "announce",
    "bag_phrase",
    "check_phrases",
    "clauses",
    "event_phrases",
    "fit",
    "is_pronoun",
    "named_you",
    "last_move_sentence",
    "line_phrases",
    "ordinal",
    "placement_text",
    "play_lines",
    "play_text",
    "played_lines",
    "possessive",
    "premium_phrase",
    "rack_phrases",
    "scores_line",
    "short_lines",
    "square_phrase",
    "summary_phrases",
    "tile_phrase",
    "turn_clause",
    "turn_line",
    "unseen_phrases",
    "went_out_line",
    "where_phrases",
    "where_text",
    "whose",
    "word_text",
    "words_phrases",
]
