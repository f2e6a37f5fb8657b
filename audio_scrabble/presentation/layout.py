"""Line layout: the one place where text becomes lines for a width.

The game speaks and prints short lines, the most important words first,
each at most 40 characters (:data:`LINE_WIDTH`, a common braille line) or
the cells of the player's braille display, and never wider than the
terminal. Everything that makes lines lives here, in two steps:

* composing (the phrases, at :data:`LINE_WIDTH`): a list's items joined
  into lines (:func:`list_lines`), a long sentence broken after its
  clauses (:func:`clauses`, :func:`short_lines`), a record's note in
  lines (:func:`wrapped`);
* laying out a reply, ONCE, where its lines leave the game for the
  terminal, the speech and the braille display (:func:`lay_out`: the
  console's :class:`~audio_scrabble.console.output.output.Transcript`): for a
  braille display of N cells (:func:`fit_cells`: a sentence with a line
  too long put back together and broken again by :func:`wrap`), then
  for the terminal's columns (:func:`fit_columns`: never a word broken by
  the terminal). What is said again (``repeat``) is the same lines.

:func:`wrap` is the breaker under both: at word boundaries, after a
sentence or a clause where lines stay nearly full, keeping together what
is read together (a number and its noun, a square and its direction, a
player's name). :func:`fit_prompt` shortens a prompt so that cells are
left for typing; :func:`path_lines` says a file's path in pieces that
fit. Pure: no I/O.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

#: the width a routine line aims for (a common braille display)
LINE_WIDTH = 40
#: cells left free after a prompt, for typing
TYPING_ROOM = 6

_BRAILLE_BASE = 0x2800

#: Cells that only make sense together with the cell after them (UEB
#: indicators and prefixes); :func:`wrap` never ends a broken word on one.
_PREFIX_CELLS = frozenset("\u2820\u283c\u2830\u2810\u2818\u2838\u2808\u2828")

_NUMSIGN_CELL = "\u283c"  # ⠼ dots 3-4-5-6
#: the digits 1-0 (cells of a-j), full stop and comma: numeric mode goes on
_NUMERIC_CELLS = frozenset("\u2801\u2803\u2809\u2819\u2811\u280b\u281b\u2813\u280a\u281a\u2832\u2802")
_HYPHEN_PRINT = "-"
_HYPHEN_CELL = "\u2824"  # ⠤ dots 3-6
_SPACES = " \u2800"
_BLANK = "\u2800"


def is_braille(text: str) -> bool:
    """True if *text* is non-empty and made only of Unicode braille cells."""
    return bool(text) and all(_BRAILLE_BASE <= ord(c) <= _BRAILLE_BASE + 0xFF for c in text)


def is_cells_line(line: str) -> bool:
    """True for a line of braille cells only (a board row, a rack line):
    printed for the display, never spoken."""
    stripped = line.strip(" " + _BLANK)
    return bool(stripped) and all(_BRAILLE_BASE <= ord(c) <= _BRAILLE_BASE + 0xFF or c == " " for c in stripped)


# ---------------------------------------------------------------- composing lines (the phrases)
def list_lines(items: Iterable[str], width: int = LINE_WIDTH, sep: str = ", ", end: str = ".") -> list[str]:
    """Join items into lines no wider than ``width`` (an item never splits).

    Every line but the last ends with the separator's punctuation, the last
    with ``end``, so that a line read alone still makes sense.
    """
    lines: list[str] = []
    current = ""
    tail = sep.rstrip()
    for item in items:
        candidate = item if not current else current + sep + item
        if current and len(candidate) + len(end) > width:
            lines.append(current + tail)
            current = item
        else:
            current = candidate
    if current:
        lines.append(current + end)
    return lines


#: punctuation after which a long sentence is best broken
_CLAUSE_ENDS = ",;:.?!"
#: words before which a long clause is best broken
_JOINING_WORDS = frozenset({"and", "or", "but", "with", "for", "to", "from", "then"})


def _tokens(text: str) -> list[str]:
    """The words of ``text``; a group in parentheses (``(blanks G, N),``)
    stays one word. A parenthesis never closed groups nothing."""
    out: list[str] = []
    depth = 0
    for word in text.split(" "):
        if depth and out:
            out[-1] += " " + word
        else:
            out.append(word)
        depth = max(0, depth + word.count("(") - word.count(")"))
    if depth and out:  # the last group never closed: its words stand alone
        out[-1:] = out[-1].split(" ")
    return [w for w in out if w]


def clauses(text: str, width: int = LINE_WIDTH) -> list[str]:
    """A sentence as lines of at most ``width`` characters, for a braille line.

    A sentence that fits is one line. A longer one breaks after a comma,
    colon, semicolon or full stop, the latest that leaves a first line
    that fits, so that each line is a whole clause and the first words
    stay first (``Bartholomew Jones,`` / ``press Enter to hear your
    rack.``); a clause still too long breaks before a joining word
    (``Expert computer went out`` / ``with the bag empty.``), else after as
    many words as fit. A group in parentheses is kept whole when it fits a
    line (longer, it breaks like any words, so that no line is ever longer
    than ``width`` but a single word), and no single word is ever broken.
    """
    if len(text) <= width:
        return [text]
    tokens = [word for token in _tokens(text) for word in (token.split(" ") if len(token) > width else [token])]
    lines: list[str] = []
    while tokens:
        k, used = 0, -1
        while k < len(tokens) and used + 1 + len(tokens[k]) <= width:
            used += 1 + len(tokens[k])
            k += 1
        if k == len(tokens):
            lines.append(" ".join(tokens))
            break
        ends = [i for i in range(k) if tokens[i][-1] in _CLAUSE_ENDS]
        if ends:
            k = ends[-1] + 1
            lines.append(" ".join(tokens[:k]))
            tokens = tokens[k:]
            continue
        # No clause ends in reach: break before a joining word ("and
        # plays", "with the bag empty"), else after as many words as fit.
        joins = [i for i in range(1, k + 1) if tokens[i].lower() in _JOINING_WORDS]
        k = joins[-1] if joins else max(k, 1)  # a word longer than a line is alone on it
        lines.append(" ".join(tokens[:k]))
        tokens = tokens[k:]
    return lines


def short_lines(lines: Iterable[str], width: int = LINE_WIDTH) -> list[str]:
    """Every line through :func:`clauses`."""
    return [part for line in lines for part in clauses(line, width)]


def wrapped(text: str, width: int = LINE_WIDTH, names: Iterable[str] = ()) -> list[str]:
    """A long sentence (a record's note, title, a line said of a game
    between homes...) in lines of ``width``, broken as every other
    sentence is (:func:`wrap`: where a reader pauses, no word left alone
    on a line it could share), a word longer than a line (an address)
    kept whole on a line of its own; white space tidied (a tab or a run
    of spaces is one space), no empty line. ``names``: the players'
    names, each kept on one line where it can be."""
    tidy = "\n".join(" ".join(paragraph.split()) for paragraph in text.split("\n"))
    return [line for line in wrap(tidy, width, whole_words=True, names=names) if line]


# ---------------------------------------------------------------- breaking a paragraph for a width
def wrap(text: str, cells: int, whole_words: bool = False, names: Iterable[str] = ()) -> list[str]:
    """Split *text* into lines of at most *cells* cells, at word boundaries.

    Works on print text and on braille alike. One character counts as one
    cell. That is exact for braille cells, and for print text that the
    screen reader shows in computer braille (one cell per character, the
    usual way a console line reaches a braille display). A screen reader
    that translates to literary braille adds cells for numbers and
    capitals, so where the count must be exact, translate first
    (:func:`text_to_grade1`) and wrap the cells.

    Words are separated by spaces or blank cells; the spaces inside a line
    are kept as they are. A word is never split unless it is longer than a
    whole line: then a file name or path (:func:`is_path`) is broken only
    after one of its own ``/ - _ .`` (:func:`break_path`), never given a
    hyphen it does not have; another word is broken after one of its own
    hyphens if it has one, else hyphenated (``-`` in print, ⠤ in
    braille), never right after a braille indicator. With
    ``whole_words``, a word of print longer than a line (a file's path,
    to be copied) is never split: it stands whole on a line of its own,
    the words before and after it broken as usual. Each ``\\n`` starts a
    new line; an empty paragraph gives an empty line.

    A line of braille cells only (a rack, a board row) fills each line in
    turn. Print text
    is broken where a reader would pause (:func:`_sentence_lines`): after a
    sentence, then after a semicolon or comma, then before a joining word,
    as long as the lines stay nearly full; never leaving a word alone on a
    line when the words could share, unless it is a whole sentence or
    clause; and keeping together what is read together (a sentence's
    first words, a number and its noun, a square and its direction, a
    bracket, a name: see :func:`_break_costs`). ``names``: the players'
    names, each kept on one line where it can be.
    """
    names = tuple(names)
    if isinstance(cells, bool) or not isinstance(cells, int) or cells < 2:
        raise ValueError(f"A line needs at least 2 cells, not {cells!r}.")
    lines: list[str] = []
    for paragraph in text.split("\n"):
        paragraph = paragraph.rstrip(_SPACES + "\t\r")
        if is_braille(paragraph.replace(" ", "").replace(_BLANK, "")):  # cells only
            lines.extend(_wrap_paragraph(paragraph, cells))
        else:
            lines.extend(_sentence_lines(paragraph, cells, whole_words, names))
    return lines


_WORD_RE = re.compile(f"([{_SPACES}\t\r]*)([^{_SPACES}\t\r]+)")


def _wrap_paragraph(paragraph: str, width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    first = True
    for match in _WORD_RE.finditer(paragraph):
        sep, word = match.group(1), match.group(2)
        if first:
            first = False
            if len(sep) + len(word) <= width:  # keep the indentation if it fits
                line = sep + word
                continue
        elif line:
            if len(line) + len(sep) + len(word) <= width:
                line += sep + word
                continue
            lines.append(line)
            line = ""
        if len(word) <= width:
            line = word
        else:
            pieces = _break_word(word, width)
            lines.extend(pieces[:-1])
            line = pieces[-1]
    lines.append(line)
    return lines


#: where a line of print is best broken: after a sentence (a bonus: the
#: next line starts a sentence), a semicolon or colon, a comma; before a
#: joining word; anywhere else costs most, after an article or a joining
#: word (left hanging) more still
_AFTER_SENTENCE, _AFTER_SEMICOLON, _AFTER_COMMA, _BEFORE_JOIN, _AFTER_WORD, _AFTER_ARTICLE = -15, 1, 4, 10, 15, 25
#: words that belong together, added to the cost of parting them (see
#: :func:`_break_costs`): a sentence's first word left at the end of the
#: line before; a number and its noun, a square and its direction, a
#: range, a word and the value or letter that closes its clause; what
#: reads as a name; a word and the number after it; and most of all,
#: anything inside brackets and a player's name. All but a word before its
#: number cost more than a line: a reader would rather pan once more than
#: read a broken group
_SENTENCE_HEAD, _BOUND, _NAME, _FIGURE, _WHOLE = 90, 90, 90, 30, 150
#: a break inside a player's name that fits a line: never chosen while
#: the name can start a line of its own (:func:`_unsplit`)
_NEVER = 1_000_000
#: two names joined by ``and`` that cannot share a line are parted after
#: the ``and`` (``1. Ann and`` / ``Expert computer,``): a line ending in
#: ``and`` says that someone follows, where ``1. Ann`` alone reads as
#: Ann's game; so much cheaper that a line more is taken for it
#: (``Game put away:`` / ``Ann and`` / ``Expert computer.``, not ``Game
#: put away: Ann`` / ``and Expert computer.``)
_AND_LAST = 80
#: a pronoun that closes its clause (``challenge it:``, ``play them.``):
#: kept with the word before it, as a value is
_CLOSING_PRONOUNS = frozenset({"it", "them"})
#: a line that ends one sentence and starts the next, which runs on
_PULLED_UP = 40
_ARTICLES = frozenset({"a", "an", "the"})
_NUMBERED = re.compile(r"^\(?\d+[.)]$")  # "39." numbers a line; it ends no sentence
_CLOSERS = "'\")]"
_NUMBER = re.compile(r"\d+")
#: a number or a single capital letter (a tile, a column), maybe followed by punctuation
_FIGURE_WORD = re.compile(r"(\d+|[A-Z])[.,;:?!)]*")
#: a square of the board, either way round: D5, 8D, H15
_SQUARE = re.compile(r"[A-Z]\d{1,2}|\d{1,2}[A-Z]")
_COLUMN = re.compile(r"[A-O]")
_DIRECTIONS = frozenset({"across", "down", "up", "left", "right"})
#: a word telling what a row or column is, kept with it (``empty column
#: I``, a lane ``spots`` names, not ``G1 to G14; empty`` / ``column I``)
_LINE_STATES = frozenset({"empty"})
_BOARD_LINES = frozenset({"row", "column"})
_CAPITALISED = re.compile(r"[A-Z][a-z]+(?:'s)?")
#: each line costs this much (fewer lines are better); a line of one word
#: where words could share costs far more, unless that word is a whole
#: clause (``UNSEEING.`` after ``D5 to K5,``; a whole sentence costs
#: nothing more)
_PER_LINE, _ONE_WORD, _CLAUSE_ALONE = 30, 1000, 40


def _sentence_ends(words: Sequence[str]) -> list[bool]:
    """Which of ``words`` end a sentence: a full stop, question or
    exclamation mark (a closing quote or bracket after it aside), but not
    the number of a numbered line (``39.``, first or after a sentence)."""
    ends: list[bool] = []
    for k, word in enumerate(words):
        numbered = _NUMBERED.match(word) and (k == 0 or ends[k - 1])
        ends.append(word.rstrip(_CLOSERS)[-1:] in (".", "?", "!") and not numbered)
    return ends


def _is_place(word: str) -> bool:
    """A number, a square or a column's letter: the ends of a range (``2
    to 4``, ``A5 to C5``, ``A to O``)."""
    return bool(_NUMBER.fullmatch(word) or _SQUARE.fullmatch(word) or _COLUMN.fullmatch(word))


def _name_spans(words: Sequence[str], names: Sequence[str]) -> list[tuple[int, int]]:
    """Where each of ``names`` of several words is said in ``words``: the
    first and last word of each (``Club computer 2``, ``Club computer's``,
    ``Club computer,`` with what follows it)."""
    spans: list[tuple[int, int]] = []
    for name in names:
        parts = name.split()
        if len(parts) < 2:
            continue
        for k in range(len(words) - len(parts) + 1):
            last = words[k + len(parts) - 1]
            if (list(words[k : k + len(parts) - 1]) == parts[:-1] and last.startswith(parts[-1])
                    and not last[len(parts[-1]) :][:1].isalnum()):
                spans.append((k, k + len(parts) - 1))
    return spans


def _inside_names(words: Sequence[str], names: Sequence[str]) -> tuple[set[int], set[int]]:
    """The places (after word k) that fall inside one of ``names`` (names
    of one word aside), wherever it is said (:func:`_name_spans`); and
    the places right after such a name."""
    inside: set[int] = set()
    after: set[int] = set()
    for first, last in _name_spans(words, names):
        inside.update(range(first, last))
        after.add(last)
    return inside, after


#: a tile as a list of them says it: a letter, or ``blank``
_TILE_WORD = re.compile(r"[A-Z]|blank")


def _tile_runs(words: Sequence[str]) -> list[tuple[int, int]]:
    """The first and last word of each list of tiles said one after
    another (``N I M I U L E.``, ``T P X blank D M E.``): three or more
    letters or blanks, punctuation only after the last."""
    runs: list[tuple[int, int]] = []
    start: int | None = None
    for k, word in enumerate(words):
        bare = word.rstrip(".,;:?!" + _CLOSERS)
        if _TILE_WORD.fullmatch(bare) is None:
            if start is not None and k - 1 - start >= 2:
                runs.append((start, k - 1))
            start = None
            continue
        start = k if start is None else start
        if bare != word:  # punctuation ends the list
            if k - start >= 2:
                runs.append((start, k))
            start = None
    if start is not None and len(words) - 1 - start >= 2:
        runs.append((start, len(words) - 1))
    return runs


#: the computers' names (``Expert computer``, console/asking/setup.py's
#: ``computer_name``), kept whole wherever they are said, as a player's
#: name is, though not a player of the game at the table (``games``:
#: ``1. Ann and`` / ``Expert computer,``, never ``... Expert`` /
#: ``computer, ...``)
COMPUTER_NAMES = ("Beginner computer", "Club computer", "Expert computer", "Champion computer")
#: the premium squares' names, by the braille board's marks and by the
#: standard names (core/board.py): one thing, with a count before it
#: (``spots``: ``10 two bars,``, never ``10 two`` / ``bars,``)
PREMIUM_NAMES = ("two dots", "three dots", "two bars", "three bars",
                 "double letter", "triple letter", "double word", "triple word")
#: what a game on file is, said as one thing (``games``: ``1. Ann and
#: Bob,`` / ``in play, 28 Nov 2026:``, never ``... in`` / ``play, ...``),
#: and the review's terms (``in the end game,`` / ``best play 10 of``,
#: ``Searched`` / ``4 turns deep.``), a hint's bingo (``76 points with``
#: / ``all seven tiles;``): kept on one line as a player's name is
#: (:func:`_unsplit`)
KEPT_PHRASES: tuple[str, ...] = ("in play", "put away", "in another window", "end game", "best play",
                                 "turns deep", "turn deep", "all seven tiles", *COMPUTER_NAMES, *PREMIUM_NAMES)


def _tile_lists(words: Sequence[str]) -> list[tuple[int, int]]:
    """The first and last word of each list of tiles said with commas and
    ``and`` (``E and R.``, ``A, S and T.``, ``blank and D.``: the tiles a
    play keeps, a hint's), as one thing to read."""
    def tile(k: int) -> bool:
        return 0 <= k < len(words) and _TILE_WORD.fullmatch(words[k].rstrip(".,;:?!" + _CLOSERS)) is not None

    runs: list[tuple[int, int]] = []
    k = 0
    while k < len(words):
        if not tile(k) or (k and words[k - 1].endswith(",") and tile(k - 1)):
            k += 1
            continue
        end, joined = k, False
        while True:
            if words[end].endswith(",") and tile(end + 1):
                end += 1
            elif words[end] == words[end].rstrip(".,;:?!") and end + 2 < len(words) and words[end + 1] == "and" \
                    and tile(end + 2):
                end, joined = end + 2, True
            else:
                break
        if joined:
            runs.append((k, end))
        k = end + 1
    return runs


#: a word as played, and its blanks in brackets after it: ``URE (blank E)``
_PLAYED = re.compile(r"[A-Z]{2,}")
_VALUE = re.compile(r"\d+[.,;:]?")


def _blank_groups(words: Sequence[str]) -> list[tuple[int, int]]:
    """The first and last word of each word as played with its blanks in
    brackets after it, and its value if one follows (``URE (blank E) 3,``
    in a play's words, ``DATABUS (blank U),`` in a hint, with the number
    of the hint before it), as one thing. After a word of lower case
    with no mark after it (``played``), only the brackets and the value
    are one thing: ``Expert computer`` / ``played GLOTTAL`` / ``(blank
    L),``, not ``played`` alone on a line."""
    spans: list[tuple[int, int]] = []
    for k in range(len(words) - 1):
        if not (_PLAYED.fullmatch(words[k]) and words[k + 1].startswith("(blank")):
            continue
        end = next((j for j in range(k + 1, min(k + 6, len(words))) if ")" in words[j]), None)
        if end is None:
            continue
        if end + 1 < len(words) and words[end].endswith(")") and _VALUE.fullmatch(words[end + 1]):
            end += 1
        numbered = k > 0 and _NUMBERED.match(words[k - 1]) is not None  # "1." stays with its play
        if k > 0 and not numbered and words[k - 1][-1:].isalpha() and words[k - 1].islower():
            spans.append((k + 1, end))  # "played GLOTTAL" / "(blank L),": the word may stay with its verb
            continue
        spans.append((k - 1 if numbered else k, end))
    return spans


def _counted(words: Sequence[str], names: Sequence[str]) -> list[tuple[int, int]]:
    """A count and its noun (``4 turns``, ``12 points``), as one thing:
    ``Searched`` / ``4 turns deep.``, never ``Searched 4`` / ``turns
    deep.``, where the line read alone counts nothing. A number that ends
    a name (``Club computer 2``) counts nothing."""
    _, name_ends = _inside_names(words, names)
    spans: list[tuple[int, int]] = []
    for k in range(len(words) - 1):
        nxt = words[k + 1]
        if (_NUMBER.fullmatch(words[k]) and nxt[:1].isalpha() and k not in name_ends
                and nxt.rstrip(".,;:?!" + _CLOSERS).lower() not in _JOINING_WORDS | _ARTICLES):
            spans.append((k, k + 1))
    return spans


def _unsplit(words: Sequence[str], names: Sequence[str], width: int) -> set[int]:
    """The places (after word k) a line is never broken at while what
    they part fits a line of ``width`` as it is said: inside a name of
    several words (``You 0,`` / ``Beginner computer`` / ``14.``, not
    ``You 0, Beginner`` / ``computer 14.``), inside one of
    :data:`KEPT_PHRASES` (``in play``, ``put away``), and inside a list of
    tiles (``tiles:`` / ``N I M I U L E.``, as the rack's own line;
    ``16 points;`` / ``keeps E and R.``, :func:`_tile_lists`), a
    word as played with its blanks (``URE (blank E) 3,``,
    :func:`_blank_groups`), and a count and its noun (``4 turns``,
    :func:`_counted`)."""
    spans = [*_name_spans(words, (*names, *KEPT_PHRASES)), *_tile_runs(words), *_tile_lists(words),
             *_blank_groups(words), *_counted(words, names)]
    return {k for first, last in spans
            if len(" ".join(words[first : last + 1])) <= width for k in range(first, last)}


def _named(word: str, ends_a_name: bool = False) -> bool:
    """Whether ``word`` reads as a name (``Bob,``, ``Ann's``), or ends one
    of the players' names."""
    return ends_a_name or _CAPITALISED.fullmatch(word.rstrip(".,;:?!" + _CLOSERS)) is not None


def _break_costs(words: Sequence[str], names: Sequence[str] = ()) -> list[int]:
    """What breaking the line after each of ``words`` costs (after the last: 0).

    The kind of break comes first: after a sentence (a bonus), a semicolon
    or colon, a comma, before a joining word, after any word, after an
    article or a joining word. Words that a reader takes in together cost
    more to part, whatever the kind of break (the largest that applies):

    * :data:`_WHOLE`: anything inside brackets (``(blank`` / ``Y)``), and
      a name of several words among ``names`` (the players' names the
      console passes: ``Club computer`` / ``3 drew E``);
    * :data:`_SENTENCE_HEAD`: a sentence's first word left at the end of
      the line after the sentence before (``Goodbye. The`` /
      ``unfinished game``);
    * :data:`_BOUND`: a number and the word after it (``5`` /
      ``squares``), unless a joining word or an article, or the number
      ends a name (``Club computer 2`` / ``drew O,``); a word and the
      number or single capital letter that closes its clause, its value or
      the letter it names (``AIH`` / ``6,``, ``(blank E)`` / ``19.``,
      ``drew`` / ``R,``, ``row`` / ``8,``); a square and its direction
      (``D5`` / ``across``); a range, on either side of its ``to`` (``2``
      / ``to 4``, ``A5 to`` / ``C5``); ``empty`` and the row or column
      it tells (``empty`` / ``column I``);
    * :data:`_NAME`: a capitalised word and a lower-case word after it
      that is not a joining word or an article. The breaker knows no
      names but those it is given, yet a name of several words reads so
      (``Club`` / ``computer``), and so does a sentence's first word and
      its second (``Type`` / ``help``, ``Screen`` / ``cleared``);
    * :data:`_FIGURE`: a word and a number that goes on (``fits`` / ``40
      cells``, ``loses`` / ``12 points``): the number is better kept
      with what follows it; a word and the brackets after it (``COBURG``
      / ``(blank U)``).

    Only a word with no punctuation after it (a closing bracket aside) is
    held to the next: a comma or a full stop is itself a place to pause.
    """
    costs: list[int] = []
    ends = _sentence_ends(words)
    named, name_ends = _inside_names(words, names)
    lists = {first for first, _ in _tile_lists(words)}  # a list of tiles starts here: it may start a line
    depth = 0
    for k, word in enumerate(words):
        depth = max(0, depth + word.count("(") - word.count(")"))
        if k == len(words) - 1:
            costs.append(0)
            break
        nxt = words[k + 1]
        end = word.rstrip(_CLOSERS)[-1:]
        if ends[k]:
            cost = _AFTER_SENTENCE
        elif end in (".", "?", "!"):  # the number of a numbered line
            cost = _AFTER_WORD
        elif end in (";", ":"):
            cost = _AFTER_SEMICOLON
        elif end == ",":
            cost = _AFTER_COMMA
        elif nxt.lower() in _JOINING_WORDS:
            cost = _BEFORE_JOIN
        elif word.lower() in _ARTICLES or word.lower() in _JOINING_WORDS:  # left hanging
            cost = _AFTER_ARTICLE
        else:
            cost = _AFTER_WORD
        bond = _WHOLE if depth > 0 or k in named else 0
        if word.rstrip(")")[-1:].isalnum():  # no punctuation: held to the next word
            bare = nxt.rstrip(".,;:?!" + _CLOSERS)
            after = words[k + 2].rstrip(".,;:?!" + _CLOSERS) if k + 2 < len(words) else ""
            if k and ends[k - 1]:
                bond = max(bond, _SENTENCE_HEAD)
            if _FIGURE_WORD.fullmatch(nxt) and bare != nxt and k + 1 not in lists:  # its value or name, ending a clause
                bond = max(bond, _BOUND)
            elif _NUMBER.fullmatch(nxt) or nxt[:1] == "(":
                bond = max(bond, _FIGURE)
            if (_NUMBER.fullmatch(word) and nxt[:1].isalpha() and bare.lower() not in _JOINING_WORDS | _ARTICLES
                    and k not in name_ends):
                bond = max(bond, _BOUND)
            if _SQUARE.fullmatch(word) and bare.lower() in _DIRECTIONS:
                bond = max(bond, _BOUND)
            if word.lower() in _LINE_STATES and bare.lower() in _BOARD_LINES:  # empty / column I
                bond = max(bond, _BOUND)
            if bare == "to" and _is_place(word) and _is_place(after):  # a range: 2 to 4, A5 to C5
                bond = max(bond, _BOUND)
            if word == "to" and k and _is_place(words[k - 1]) and _is_place(bare):
                bond = max(bond, _BOUND)
            if (_CAPITALISED.fullmatch(word) and nxt[:1].islower()
                    and bare.lower() not in _JOINING_WORDS | _ARTICLES):
                bond = max(bond, _NAME)
            if bare.lower() in _CLOSING_PRONOUNS and bare != nxt:  # challenge / it: type ...
                bond = max(bond, _BOUND)
            if nxt == "and" and k + 2 < len(words) and _named(word, k in name_ends) and _named(words[k + 2]):
                bond = max(bond, _WHOLE)  # two names joined: Ann / and Bob
            if word == "and" and k and _named(words[k - 1], k - 1 in name_ends) and _named(nxt):
                bond = max(bond, _WHOLE - _AND_LAST)  # Ann and / Bob: the line says more follows
        costs.append(cost + bond)
    return costs


#: a word as played, in capitals (board letters maybe in brackets): alone
#: on a line it reads as the clause it ends (``Alice played`` /
#: ``AGLNCIGAO,`` / ``A1 across, 39.``)
_BOARD_WORD = re.compile(r"[A-Z()]{2,}[,;]?")


def _shares_with_the_clause_before(words: Sequence[str], ends: Sequence[bool], j: int, width: int) -> bool:
    """Whether ``words[j]``, a sentence's last word after a comma (a
    list's last item: ``Braille: legend, emboss.``), fits one line with
    the clause before it (``legend, emboss.``): alone it reads as cut off
    from the list it ends."""
    if j == 0 or not ends[j] or not words[j - 1].rstrip(_CLOSERS).endswith(","):
        return False
    p = j - 1
    while p > 0 and not ends[p - 1] and words[p - 1].rstrip(_CLOSERS)[-1:] not in (",", ";", ":"):
        p -= 1
    return len(" ".join(words[p : j + 1])) <= width


def _alone_cost(words: Sequence[str], ends: Sequence[bool], j: int, width: int = LINE_WIDTH) -> int:
    """What a line holding only ``words[j]`` costs beyond any line: nothing
    for a whole sentence (``Goodbye.``); :data:`_CLAUSE_ALONE` for a whole
    clause: first, or after a sentence, a comma, semicolon or colon, and
    ending its sentence, at a comma or semicolon, or before a bracket
    (``UNSEEING.`` after ``D5 to K5,``; ``AGLNCIGAO,`` after ``29.
    Alice:``; ``EDTTFMNNNS`` before ``(blank E),``), and a word as played
    closing its clause (``AGLNCIGAO,`` after ``Alice played``); :data:`_ONE_WORD` for
    any other word, which could share a line. Alone at the very end, worse
    still."""
    last = _PER_LINE if j == len(words) - 1 else 0
    if ends[j] and (j == 0 or ends[j - 1]):
        return 0
    if _shares_with_the_clause_before(words, ends, j, width):
        return _ONE_WORD + last
    after_clause = j == 0 or ends[j - 1] or words[j - 1].rstrip(_CLOSERS)[-1:] in (",", ";", ":")
    heading = (j == 0 or ends[j - 1]) and words[j][-1:] == ":"  # "Braille:" / "legend, emboss."
    closes = ends[j] or words[j][-1:] in (",", ";") or heading or (j + 1 < len(words) and words[j + 1][:1] == "(")
    if (after_clause or _BOARD_WORD.fullmatch(words[j])) and closes:
        return _CLAUSE_ALONE + last
    return _ONE_WORD + last


def _sentence_lines(paragraph: str, width: int, whole_words: bool = False,
                    names: Sequence[str] = ()) -> list[str]:
    """A paragraph of print in lines of at most ``width``, broken at the
    best places for the whole paragraph at once.

    Each line but the last costs its emptiness (squared, as a share of the
    width) and the cost of its break (:func:`_break_costs`); every line
    costs :data:`_PER_LINE`, and a word alone on a line :data:`_ONE_WORD`
    unless it cannot share, or it is a whole sentence or clause
    (:func:`_alone_cost`), so that ``D5 to K5,`` / ``UNSEEING.`` keeps
    the range whole. A line that ends one sentence and starts another
    that runs on to the next line costs :data:`_PULLED_UP` (``Goodbye.
    The game is`` / ``saved; ...``). The cheapest set of breaks wins, so
    a short clause gets its own line only when that keeps the lines full
    enough, and the last word of a sentence is never left alone when a
    line before it can give it company. A word longer than a line is broken into
    pieces (:func:`_break_word`), or with ``whole_words`` kept whole on a
    line of its own; a long path's first piece starts a line,
    and a file name alone on a line costs no more than any line (a name
    alone on its line is easily copied: ``audio-scrabble review`` /
    ``NAME.gcg``).
    """
    # (space before, word, ends its line, part of a word too long for a line, starts its line)
    tokens: list[tuple[str, str, bool, bool, bool]] = []
    for match in _WORD_RE.finditer(paragraph):
        sep, word = match.group(1), match.group(2)
        if len(word) <= width:
            tokens.append((sep, word, False, False, False))
            continue
        if whole_words:
            tokens.append((sep, word, True, True, True))
            continue
        pieces = _break_word(word, width)
        path = is_path(word)  # a long path starts a line, so that its start is found
        for k, piece in enumerate(pieces):
            tokens.append((sep if k == 0 else "", piece, k < len(pieces) - 1, True, path and k == 0))
    if not tokens:
        return [paragraph]
    n = len(tokens)
    words = [word for _, word, *_ in tokens]
    breaks = _break_costs(words, names)
    for k in _unsplit(words, names, width):
        breaks[k] += _NEVER
    ends = [end and not piece for end, (_, _, _, piece, _) in zip(_sentence_ends(words), tokens)]
    best: list[float] = [0.0] + [float("inf")] * n
    start_of = [0] * (n + 1)
    lead = tokens[0][0] if len(tokens[0][0]) + len(tokens[0][1]) <= width else ""  # indentation kept if it fits
    for i in range(n):
        if best[i] == float("inf"):
            continue
        length = -len(tokens[i][0]) + (len(lead) if i == 0 else 0)
        ended = False  # a sentence ends on this line before its last word
        for j in range(i, n):
            sep, word, hard, broken, fresh = tokens[j]
            length += len(sep) + len(word)
            if length > width and not (j == i and len(word) > width):  # a whole word wider than a line: alone
                break
            if fresh and j > i:
                break
            cost = best[i] + _PER_LINE
            if j == i and n > 1 and not broken and not is_file_name(word):  # alone
                cost += _alone_cost(words, ends, j, width)
            if j < n - 1:
                cost += 50 * ((width - length) / width) ** 2
                cost += 0 if hard else breaks[j]
                if ended and not ends[j]:
                    cost += _PULLED_UP
            if cost < best[j + 1]:
                best[j + 1], start_of[j + 1] = cost, i
            if hard:  # a piece of a long word ends its line
                break
            ended = ended or ends[j]
    lines: list[str] = []
    j = n
    while j > 0:
        i = start_of[j]
        text = (lead if i == 0 else "") + tokens[i][1] + "".join(sep + word for sep, word, *_ in tokens[i + 1 : j])
        lines.append(text)
        j = i
    return lines[::-1]


#: the marks after which a file name or path may be broken: its own
#: folder separators, hyphens, underscores and full stops
PATH_MARKS = "/\\-_."
_PATH_MARK_INSIDE = re.compile(r"[^\W_][/\\\-_.]+[^\W_]")
#: a file's name or path, not merely a hyphenated word: ``/ \ _ .`` inside
_FILE_NAME = re.compile(r"[^\W_][/\\_.]+[^\W_]")


def is_path(word: str) -> bool:
    """Whether a word of print is a file name or path: it holds ``/``,
    ``\\``, ``-``, ``_`` or ``.`` between letters or digits
    (``games/2026-11-26-Al-v-Bob.gcg``, ``Club_computer.json``)."""
    return not is_braille(word) and _PATH_MARK_INSIDE.search(word) is not None


def is_file_name(word: str) -> bool:
    """Whether a word of print is a file's name or path, not merely a
    hyphenated word: it holds ``/``, ``\\``, ``_`` or ``.`` between
    letters or digits (``Eve-v-Fay.gcg``; not ``audio-scrabble``)."""
    return not is_braille(word) and _FILE_NAME.search(word) is not None


#: between two players in a game's file name (``Ann-v-Expert_computer.gcg``):
#: the name is broken after it first, so that each player's name is whole
_VERSUS = "-v-"
#: a game's file name (maybe after its folders): the date and time it began, then the players
_STAMPED = re.compile(r"(?:.*[/\\])?\d{4}-\d{2}-\d{2}-\d{4,6}-(?=.)")


#: the moment a save was set aside, in its file's name (``current.damaged-20261128T053012.json``):
#: the day, then ``T``, then the time of day
_SET_ASIDE_MOMENT = re.compile(r"(?<!\d)\d{8}T(?=\d{6}(?!\d))")


def break_path(word: str, width: int) -> list[str]:
    """Pieces of a file name or path longer than *width*, each fitting it,
    broken only after one of its own ``/ \\ - _ .`` (the last that fits,
    wherever it falls), so that nothing is added to the name: a hyphen at a
    line's end is the name's own. A stretch with none of those longer than
    the width is cut at the width, with nothing added either. The name's
    extension is never left alone on the last line (``v-Expert_computer.``
    / ``gcg``) while an earlier mark can break the line instead
    (``v-Expert_`` / ``computer.gcg``). A game's file name that starts
    with the moment it began (``2026-11-28-053033-Ann-v-Expert_computer.gcg``)
    is broken first after that moment, so that the players and the
    extension are read together (``2026-11-28-053033-`` /
    ``Ann-v-Expert_computer.gcg``), not ``...Expert_`` / ``computer.gcg``;
    then, longer than the width, after the ``-v-`` between two players
    (``Ann-v-`` / ``Expert_computer.gcg``, a player's name whole).
    A save set aside, whose moment has no mark before its extension, is
    broken between the day and the time of day rather than leave the
    extension alone (``20261128T`` / ``053012.json:``, not
    ``20261128T053012.`` / ``json:``)."""
    pieces: list[str] = []
    stamp = _STAMPED.match(word)
    if len(word) > width and stamp is not None and stamp.end() <= width:
        pieces.append(word[:stamp.end()])
        word = word[stamp.end():]
    while len(word) > width:
        own = max(word.rfind(mark, 0, width) for mark in PATH_MARKS)
        before = own
        if own > 0 and word[own] == "." and not any(m in word[own + 1:] for m in PATH_MARKS):
            before = max(word.rfind(mark, 0, own) for mark in PATH_MARKS)
            own = before if before > 0 else own  # the extension stays with the name before it
        if before <= 0:  # no mark to break at, or only the extension's dot
            moment = _SET_ASIDE_MOMENT.search(word)
            if moment is not None and moment.end() <= width:
                own = moment.end() - 1  # between the day and the time of day
        cut = own + 1 if own > 0 else width
        players = word.rfind(_VERSUS, 0, width)  # the whole -v- within the line
        if players > 0:  # a game's players: each name whole, the -v- after it
            cut = players + len(_VERSUS)
        pieces.append(word[:cut])
        word = word[cut:]
    pieces.append(word)
    return pieces


def _break_word(word: str, width: int) -> list[str]:
    """Pieces of a word longer than *width*; every piece fits the width.

    A file name or path is broken only after its own marks
    (:func:`break_path`). Another word is broken after one of its own
    hyphens if that uses at least half the line, else hyphenated. In
    braille, a number broken in the middle starts again with the numeral
    sign on the next line, so that its digits are not read as letters.
    """
    if is_path(word):
        return break_path(word, width)
    braille = is_braille(word)
    hyphen = _HYPHEN_CELL if braille else _HYPHEN_PRINT
    pieces: list[str] = []
    while len(word) > width:
        own = max(word.rfind(_HYPHEN_PRINT, 0, width), word.rfind(_HYPHEN_CELL, 0, width))
        if own + 1 >= max(1, width // 2):
            pieces.append(word[: own + 1])
            word = word[own + 1 :]
            continue
        cut = width - 1
        if braille:
            while cut > 1 and word[cut - 1] in _PREFIX_CELLS:
                cut -= 1
        pieces.append(word[:cut] + hyphen)
        rest = word[cut:]
        if braille and cut > 1 and _ends_in_number(word[:cut]):
            rest = _NUMSIGN_CELL + rest
        word = rest
    pieces.append(word)
    return pieces


def _ends_in_number(cells: str) -> bool:
    """True if UEB numeric mode is still on after *cells* (a numeral sign,
    then only digits and the full stop or comma inside numbers)."""
    start = cells.rfind(_NUMSIGN_CELL)
    after = cells[start + 1 :]
    return start >= 0 and bool(after) and all(c in _NUMERIC_CELLS for c in after)


# ---------------------------------------------------------------- laying out a reply
def fit_cells(lines: Iterable[str], cells: int | None, names: Sequence[str] = ()) -> list[str]:
    """The lines to print for a display of ``cells`` cells (None: as they are).

    A line holding ``\\n`` becomes several. The phrases are written in
    lines of at most 40 characters, a long sentence over several lines
    (:func:`sentences`); a sentence with a line longer than the display is
    put back together and broken again for the display's width
    (:func:`wrap`: after a sentence or
    a clause where lines stay nearly full, at word boundaries, no word
    left alone on a line it could share unless it is a whole clause, what
    is read together kept together), so a narrow display gets full
    lines, not a 40-character line broken again into fragments. A single
    word longer than a whole line is the only thing ever broken. Sentences
    whose lines all fit, none of them a word alone, are not touched.
    ``names``: the players' names, kept whole on a line where they can be
    (``Club computer 3``).
    """
    parts = [part for line in lines for part in line.split("\n")]
    if cells is None:
        return parts
    out: list[str] = []
    for sentence in sentences(parts):
        lone = len(sentence) > 1 and any(len(part.split()) == 1 for part in sentence)
        if not lone and all(len(part) <= cells for part in sentence) and not _splits_name(sentence, names, cells):
            out.extend(sentence)
        else:
            out.extend(wrap(" ".join([sentence[0], *(part.lstrip() for part in sentence[1:])]), cells, names=names))
    return out


def _splits_name(parts: Sequence[str], names: Sequence[str], cells: int) -> bool:
    """Whether lines of one sentence part one of ``names``, or a list of
    tiles, that would fit a line of ``cells`` (``Scores: You 0,
    Beginner`` / ``computer 14.``; see :func:`_unsplit`)."""
    if len(parts) < 2:
        return False
    words: list[str] = []
    ends: set[int] = set()
    for part in parts:
        words.extend(part.split())
        ends.add(len(words) - 1)
    return bool(ends & _unsplit(words, names, cells))


def fit_columns(lines: Sequence[str], columns: int | None, names: Sequence[str] = ()) -> list[str]:
    """A line wider than a terminal of ``columns`` (None: no terminal)
    broken between words as a braille display's are (:func:`wrap`), so
    that the terminal never breaks one mid-word ("did you mean pl" /
    "ay?"): a screen reader reads the console row by row. A word wider
    than the terminal (a file's path) stays whole, to be copied, on a
    line of its own (the terminal folds that one; nothing else can be
    done), the words before and after it broken as usual. Lines that fit
    and lines of braille cells are left as they are. ``names``: the
    players' names, kept whole on a line where they can be, as on a
    braille display."""
    if columns is None or columns < 2:
        return list(lines)
    return [part for line in lines
            for part in (wrap(line, columns, whole_words=True, names=names)
                         if len(line) > columns and not is_cells_line(line)
                         else [line])]


#: a line ending in one of these (a closing quote or bracket after it
#: aside) ends its sentence, or introduces what follows (``Scores:``)
_SENTENCE_ENDS = ".?!:"


def sentences(lines: Sequence[str]) -> list[list[str]]:
    """The lines grouped by sentence: a line of words that does not end
    in ``.``, ``?``, ``!`` or ``:`` runs on into the next line of words,
    unless it ends in a file's name (said with no full stop after it, so
    that it is copied as it is: ``Save file:`` / ``Eve-v-Fay.json``).
    Empty lines, indented lines and lines holding braille cells stand
    alone."""
    groups: list[list[str]] = []
    runs_on = False
    for line in lines:
        alone = not line.strip() or line[:1].isspace() or any(is_braille(ch) for ch in line)
        if runs_on and not alone:
            groups[-1].append(line)
        else:
            groups.append([line])
        runs_on = (not alone and line.rstrip().rstrip("'\")]")[-1:] not in _SENTENCE_ENDS
                   and not is_file_name(line.split()[-1]))
    return groups


def fit_prompt(full: str, short: str | None, cells: int | None, short_chosen: bool = False,
               others: Sequence[str] = (), seat: int | None = None) -> str:
    """The prompt, leaving at least :data:`TYPING_ROOM` cells for typing.

    ``short`` is the prompt's short form, used when ``full`` is too long;
    when that is too long as well, a name's ``and`` becomes ``&`` where
    that fits (``Tom & Jerry> ``), else it is cut to its first whole words
    that fit (``Tom> `` for ``Tom and Jerry> ``, no joining word left
    last), a single word too long cut to fit, and it still ends in
    ``> ``. ``others``: the other players' prompts, which a cut prompt
    must not read as (``Tom> `` is Tom's, not Tom and Jerry's): a cut
    that would keeps the first letters of the words it drops (``Tom
    J> ``). Two players' prompts that would still be fitted alike
    (``Mary-Jane &`` and ``Mary-Jane Zoë Mary-Jane``, both ``Mary-Jan> ``
    at 16 cells) are each cut a little more and end with their seat's
    number (``Mary-J 1> ``, ``Mary-J 2> ``), so that the prompts at a table
    always differ: ``seat`` is where ``full`` sits among them (``others``
    being the rest, in seat order); None: ordered by name. The table's
    prompts are fitted together, so each is the same whoever's turn it is.
    ``short_chosen`` (``set prompt short``): the short form always, as
    little as may be read.
    """
    if short_chosen:
        full = short or "> "
    if cells is None:
        return full
    if not others:
        return _fit_one(full, short, cells, ())
    if seat is None or not 0 <= seat <= len(others):
        table = sorted([full, *others], key=lambda p: (p.casefold(), p))
        seat = table.index(full)
    else:
        table = [*others[:seat], full, *others[seat:]]
    return _told_apart(table, seat, short, cells)


def _told_apart(table: Sequence[str], seat: int, short: str | None, cells: int) -> str:
    """The prompt of ``table[seat]`` among the table's prompts fitted
    together (:func:`fit_prompt`): each fitted as it would be alone beside
    the others, and those still alike, then any alike with those,
    numbered by seat until no two are alike."""
    fits = [_fit_one(p, short if i == seat else None, cells, [q for j, q in enumerate(table) if j != i])
            for i, p in enumerate(table)]
    room = max(4, cells - TYPING_ROOM)
    numbered: set[int] = set()
    while True:
        final = [_numbered(table[i], i + 1, room) if i in numbered else fits[i] for i in range(len(table))]
        keys = [f.casefold() for f in final]
        alike = {i for i, k in enumerate(keys) if keys.count(k) > 1} - numbered
        if not alike:
            return final[seat]
        numbered |= alike


def _numbered(prompt: str, number: int, room: int) -> str:
    """``prompt`` cut to leave room for its seat's number (``Mary-J 1> ``)."""
    base = " ".join(prompt.rstrip().rstrip(">").split())
    tag = f" {number}"
    head = _cut_prompt(base, room - len(tag))[:-2].rstrip()
    return f"{head}{tag}> " if head else f"{number}> "


def _fit_one(full: str, short: str | None, cells: int, others: Sequence[str]) -> str:
    """One prompt fitted (:func:`fit_prompt`), cut not to read as one of ``others`` fitted alone."""
    room = max(4, cells - TYPING_ROOM)
    for prompt in (full, short):
        if prompt is not None and len(prompt) <= room:
            return prompt
    base = " ".join((short or full).rstrip().rstrip(">").split())
    ampersand = _JOINED_BY_AND.sub(" & ", base)
    if ampersand != base and len(ampersand) <= room - 2:
        return ampersand + "> "
    cut = _cut_prompt(base, room)
    taken = {_fit_one(other, None, cells, ()).casefold() for other in others}
    if cut.casefold() not in taken:
        return cut
    words = base.split()
    for n in range(len(words) - 1, 0, -1):  # the first whole words, then the initials of the rest
        head = list(words[:n])
        while len(head) > 1 and head[-1].lower().rstrip(",") in _JOINING_WORDS:
            head.pop()
        initials = [w[0].upper() for w in words[n:] if w.lower().rstrip(",") not in _JOINING_WORDS and w[0].isalnum()]
        prompt = " ".join([*head, "".join(initials)]).rstrip(",") + "> "
        if initials and len(prompt) <= room and prompt.casefold() not in taken:
            return prompt
    return cut


#: ``and`` between two words of a name (``Tom and Jerry``)
_JOINED_BY_AND = re.compile(r"(?<=\S) and (?=\S)", re.IGNORECASE)


def _cut_prompt(base: str, room: int) -> str:
    """``base`` cut to its first whole words that fit ``room`` with ``> ``
    (no joining word left last), a single word too long cut to fit."""
    words = base.split()
    while words and len(" ".join(words)) > room - 2:  # whole words where they fit (a name's first)
        words.pop()
    while len(words) > 1 and words[-1].lower().rstrip(",") in _JOINING_WORDS:  # "Tom and" reads as cut
        words.pop()
    kept = " ".join(words).rstrip(",") if words else base[: room - 2].rstrip()
    return kept + "> "


def path_lines(head: str, path: str, cells: int | None) -> list[str]:
    """``head`` and a file path, for saying where a file went.

    One line when both fit a line (:data:`LINE_WIDTH`, or the display's
    ``cells``). Else the head on its own line and the path whole on the
    next, a line of its own: without braille mode a word longer than a
    line, to be copied as it is; in braille mode :func:`lay_out` breaks
    it only after its own ``/``, ``-``, ``_`` or ``.`` so that each piece
    fits (:func:`break_path`): nothing is added to the path, a piece with
    none of those is cut at the width, and its last piece is never run
    on into the sentence after it (``games`` / ``2 games on file:``, not
    ``games 2 games`` / ``on file:``), as broken here it was.
    """
    if len(head) + 1 + len(path) <= (cells or LINE_WIDTH):
        return [f"{head} {path}"]
    return [head, path]


def lay_out(lines: Iterable[str], cells: int | None = None, columns: int | None = None,
            names: Sequence[str] = ()) -> list[str]:
    """A reply's lines as they leave the game: laid out for a braille
    display of ``cells`` cells (:func:`fit_cells`; None: no display), then
    for a terminal of ``columns`` (:func:`fit_columns`; None: no
    terminal). The one layout of a reply: called once for it, where it
    leaves for the terminal, the speech and the braille display, and the
    lines kept for ``repeat``. ``names``: the players' names, kept whole
    on a line where they can be."""
    return fit_columns(fit_cells(lines, cells, names), columns, names)
