"""Braille display mode of the console: every line fits the display, no word
is cut, and the braille the game shows reads back to the game.

Whole seeded games are played through ``Session.handle_line`` (the path the
prompt application uses) at the display widths braille readers have: 14,
20, 32, 40 and 80 cells. Every message that has to be wrapped passes
through ``layout.wrap`` (the one place the console wraps); the tests
watch it there and check that the words come out whole and in order.
The braille rows, columns and rack lines are decoded with the game's own
braille tables, cell by cell, and compared with the rules core.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from audio_scrabble.presentation import braille_lines, layout
from audio_scrabble.console.asking.questions import BlankQuestion, PlayQuestion
from audio_scrabble.console.output.brailleview import FittedWriter
from audio_scrabble.console.handlers.commands import REGISTRY, complete
from audio_scrabble.console.handlers.helptext import help_entries
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.board import COLUMNS, SIZE, Square, premium_at
from audio_scrabble.core.game import Game
from audio_scrabble.core.rules import rules_named
from audio_scrabble.core.tiles import BLANK, tile_value
from audio_scrabble.presentation.braille import EMPTY, PRINT_SYMBOLS, BrailleTables
from braille_kit import AcceptAll, BLANK_CELL, check_wrapping, single_tile_line, watch, words

WIDTHS = [14, 20, 32, 40, 80]


# ====================================================================== decoding braille
class Decoder:
    """Reads the game's braille back, with the inverse of its own tables."""

    def __init__(self) -> None:
        t = BrailleTables.load()
        self.t = t
        self.square: dict[str, str | None] = {}
        for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            self._add(self.square, t.board.cells[letter], letter)
            self._add(self.square, t.square_cell(letter.lower()), letter.lower())
        for name, symbol in PRINT_SYMBOLS.items():
            self._add(self.square, t.board.cells[symbol], None if name == EMPTY else name)
        self.board_digit = {t.board.cells[d]: d for d in "0123456789"}
        self.tile_letter = {t.tiles.cells[c.lower()]: c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
        self.tile_letter[t.tiles.cells[BLANK]] = BLANK
        self.value_digit = {(t.tiles.litdigits.get(d) or t.tiles.cells[d]): d for d in "0123456789"}

    @staticmethod
    def _add(table: dict, cell: str, meaning) -> None:
        assert len(cell) == 1 and cell not in table, (cell, meaning)
        table[cell] = meaning

    def row(self, line: str) -> tuple[int, list[str | None]]:
        """A row line: (row number, the 15 squares)."""
        assert len(line) == 4 + SIZE, line
        label, squares = line[:4], line[4:]
        assert label[0] == self.t.board.indicators["numsign"], line
        digits = label[1:].rstrip(BLANK_CELL)
        number = int("".join(self.board_digit[c] for c in digits))
        assert label[1 + len(digits):] == BLANK_CELL * (3 - len(digits))
        return number, [self.square[c] for c in squares]

    def column(self, line: str) -> tuple[str, list[str | None]]:
        """A column line: (column letter, the 15 squares from the top)."""
        assert len(line) == 4 + SIZE, line
        label = line[:4]
        assert label[0] == self.t.text.indicators["capsletter"], line
        letter = next(L for L in COLUMNS if self.t.text.cells[L.lower()] == label[1])
        assert label[2:] == BLANK_CELL * 2
        return letter, [self.square[c] for c in line[4:]]

    def rack(self, line: str) -> list[tuple[str, int]]:
        """A rack line: (tile, value) for each RNIB tile."""
        tiles = []
        for tile in line.split(BLANK_CELL):
            assert tile, line
            letter = self.tile_letter[tile[0]]
            value = int("".join(self.value_digit[c] for c in tile[1:]))
            tiles.append((letter, value))
        return tiles


@pytest.fixture(scope="module")
def decoder() -> Decoder:
    return Decoder()


def expected_row(game: Game, row: int) -> list[str | None]:
    """What each square of a row holds: its tile, else a live premium's mark."""
    out: list[str | None] = []
    for col in range(SIZE):
        tile = game.board.cells[row][col]
        prem = premium_at(Square(row, col))
        out.append(tile or (prem.mark if prem else None))
    return out


def join_run_on(lines: list[str]) -> list[str]:
    """Board lines as 19-cell lines: a run-on line (4 blank cells, then the
    rest of the squares) is put back on the end of the line before it."""
    out: list[str] = []
    for line in lines:
        if line.startswith(BLANK_CELL * 4) and out and len(out[-1]) < 4 + SIZE:
            out[-1] += line[4:]
        else:
            out.append(line)
    return out


#: read-only commands typed every few turns: each must fit, whatever it says
PROBES = [
    "rack", "row 8", "column H", "board", "show", "scores", "bag", "unseen", "last",
    "history", "history 3", "summary", "rules", "words", "where", "set", "legend", "repeat",
    "paly 8D AT", "8D AT", "play 1A AT", "xyzzy", "set braille 9", "set verbosity loud",
    "arrange QQQ", "row 16", "goto H8", "H8", "challenge Zed",
]


class Transcript:
    """Everything a session said, and the prompts it showed."""

    def __init__(self, s: Session, width: int):
        self.s = s
        self.width = width
        self.lines: list[str] = []
        self.prompts: list[str] = []

    def say(self, out: list[str]) -> list[str]:
        self.lines.extend(out)
        self.prompts.append(self.s.prompt_text())
        return out

    def type(self, text: str) -> list[str]:
        return self.say(self.s.handle_line(text))

    def check(self) -> None:
        long = [x for x in self.lines if len(x) > self.width]
        assert not long, long[:5]
        room = max(4, self.width - layout.TYPING_ROOM)
        assert all(len(p) <= room for p in self.prompts), [p for p in self.prompts if len(p) > room]


def play_setup(t: Transcript) -> None:
    """The set-up questions, with a wrong answer to each."""
    s = t.s
    t.say(s.start())
    assert s.mode == "setup"
    t.type("7")
    t.type("help")
    t.type("2")
    t.type("")  # no name: refused
    t.type("Alice")
    t.type("alice")  # taken: refused
    t.type("Bob")
    t.type("chess")  # no such rules: refused
    t.type("")  # house rules
    assert s.game is not None and s.game.names == ("Alice", "Bob")


def play_to_the_end(t: Transcript, tmp_path: Path) -> None:
    s = t.s
    g = s.game
    assert g is not None
    for topic in ["", *REGISTRY.names(), "keys", "notation", "premiums", "braille", "marks"]:
        t.type(f"help {topic}".strip())
    t.type("rack")  # before Enter: refused, privately
    turn = 0
    while not g.is_over and turn < 400:
        turn += 1
        if g.awaiting_final_challenge:
            t.type("accept")
            continue
        t.type("")  # the hand-over
        if turn % 9 == 1:
            for probe in PROBES:
                t.type(probe)
            for key in ("right", "down", "next_left", "where", "repeat", "star"):
                t.say(s.key(key))
            for partial in ("", "s", "goto ", "goto H1", "set ", "help "):
                t.say(s.completion_lines(complete(s, partial)))
        if turn == 3:
            t.type("quit")
            t.type("no")
            t.type("emboss " + str(tmp_path / "during.brf"))
            t.type("emboss " + str(tmp_path / "no-such-folder" / "x.brf"))
        out = t.type(single_tile_line(g))
        while isinstance(s.question, BlankQuestion):
            out = t.type("e")
        if isinstance(s.question, PlayQuestion):  # the word made is longer than the tile typed: asked first
            out = t.type("yes")
        assert any("played" in x for x in out) or g.is_over, out
    assert g.is_over
    for line in ("history", "scores", "summary", "board", "row 8", "last", "rack", "",
                 "emboss " + str(tmp_path / "final.brf"), "pass"):
        t.type(line)
    t.type("quit")
    assert s.finished


@pytest.mark.parametrize("width", WIDTHS)
def test_a_whole_game_fits_the_display_and_no_word_is_cut(width, watch, tmp_path, decoder):
    s = Session(Options(seed=11, braille_width=width), lexicon=AcceptAll())
    t = Transcript(s, width)
    play_setup(t)
    play_to_the_end(t, tmp_path)
    t.check()
    calls = check_wrapping(watch, width)
    # the test saw real wrapping: long messages were there to be wrapped (at
    # 80 cells only paths: every sentence comes in lines of at most 40)
    assert calls > (40 if width <= 20 else 5 if width < 80 else 0)
    # wrapping only breaks lines at spaces: joined again, the sentences are whole
    said = " ".join(t.lines)
    for must in ("How many players, 2 to 4?", "'7' is not 2, 3 or 4; type how many are playing.",
                 "Type a name, like Alice, or computer.", "alice is already playing; give this player another name.",
                 "Game over.", "Final scores:", "Type new for another game, or quit.", "Braille board:",
                 "Braille cells:", "Leave the game? Type yes or no.", "Staying in the game.",
                 "Braille file saved, 2 pages:", "type emboss alone to save it in your games folder.",
                 "Goodbye."):
        assert must in said, must
    assert (tmp_path / "during.brf").is_file() and (tmp_path / "final.brf").is_file()
    assert not (tmp_path / "no-such-folder").exists()
    # every board line of the transcript decodes to a row of the final board
    # or of an earlier one: at least the last 'board' reads back exactly
    last_board = max(i for i, x in enumerate(t.lines) if x == "Braille board:")
    lines = join_run_on(t.lines[last_board + 1 : last_board + 1 + 2 * (SIZE + 1)])
    assert lines[0] == BrailleTables.load().column_line()
    rows = lines[1 : SIZE + 1]
    for r, line in enumerate(rows):
        number, squares = decoder.row(line)
        assert number == r + 1
        assert squares == expected_row(s.game, r)
    assert not any("went wrong" in x for x in t.lines)


# ====================================================================== whole sentences, full lines
class Replies(Transcript):
    """A transcript that keeps each reply apart (a sentence never runs on
    from one reply into the next)."""

    def __init__(self, s: Session, width: int):
        super().__init__(s, width)
        self.replies: list[list[str]] = []

    def say(self, out: list[str]) -> list[str]:
        self.replies.append(list(out))
        return super().say(out)


def sentence_groups(lines: list[str]) -> list[list[str]]:
    """Printed lines by sentence: a line of words not ending in . ? ! or :
    (a closing quote or bracket aside) runs on into the next; empty lines
    and lines holding braille cells stand alone."""
    groups: list[list[str]] = []
    runs_on = False
    for line in lines:
        alone = not line.strip() or any(0x2800 <= ord(c) <= 0x28FF for c in line)
        if runs_on and not alone:
            groups[-1].append(line)
        else:
            groups.append([line])
        runs_on = not alone and line.rstrip().rstrip("')\"]")[-1:] not in ".?!:"
    return groups


def fewest_lone_words(sentence: list[str], width: int) -> int:
    """The fewest lines of one word alone that the sentence's words can be
    laid out in, in order, one space apart, at most ``width`` a line."""
    ws = [w for line in sentence for w in line.split()]
    fewest = [0] + [len(ws) + 1] * len(ws)
    for i in range(len(ws)):
        length = -1
        for j in range(i, len(ws)):
            length += 1 + len(ws[j])
            if length > width:
                break
            fewest[j + 1] = min(fewest[j + 1], fewest[i] + (j == i))
    return fewest[-1]


def whole_clause(sentence: list[str], k: int) -> bool:
    """Line k of a sentence is one word that is a clause of its own: after a
    comma, semicolon or colon (or first), ending at a comma or semicolon,
    the sentence's end, or before a bracket ('D5 to K5,' / 'UNSEEING.',
    '29. Alice:' / 'AGLNCIGAO,' / 'A1 across, 39.'); or a word as played,
    closing its clause ('Alice played' / 'AGLNCIGAO,' / 'A1 across, 39.':
    issue 23's one form of a play, "played" at every width)."""
    word = sentence[k].strip()
    after = (k == 0 or sentence[k - 1].rstrip().rstrip("')\"]")[-1:] in ",;:"
             or bool(re.fullmatch(r"[A-Z()]{2,}[,;]?", word)))
    closes = (word.rstrip("')\"]")[-1:] in ",;.?!"
              or k + 1 < len(sentence) and sentence[k + 1].lstrip()[:1] == "(")
    return len(word.split()) == 1 and after and closes


def needless_lone_words(replies: list[list[str]], width: int) -> list[list[str]]:
    """The sentences with more lines of a single word than their words need,
    a word that is a whole clause aside: it is kept alone when that keeps
    a square with its direction, a range or a bracket whole."""
    found = []
    for reply in replies:
        for sentence in sentence_groups(reply):
            if any(len(w) > width for line in sentence for w in line.split()):
                continue  # a word broken to fit: its pieces stand alone
            lone = sum(1 for k, line in enumerate(sentence) if len(line.split()) == 1 and not whole_clause(sentence, k))
            if lone > fewest_lone_words(sentence, width):
                found.append(sentence)
    return found


#: a square of the board (D5, 8D, H15) and the words of a direction
SQUARE_RE = re.compile(r"[A-O](1[0-5]|[1-9])|(1[0-5]|[1-9])[A-O]")
DIRECTIONS = {"across", "down", "to"}
JOINING = {"and", "or", "but", "with", "for", "to", "from", "then", "a", "an", "the"}


def bracket_at_end_fits(sentence: list[str], k: int, width: int) -> bool:
    """Line k ends inside brackets whose group (from its '(' to its ')' and
    the punctuation after) would have fitted a line of its own."""
    text = " ".join(line.strip() for line in sentence)
    upto = len(" ".join(line.strip() for line in sentence[: k + 1]))
    start = text.rfind("(", 0, upto)
    if start < 0 or text.find(")", start) < upto:
        return False  # closed on the line
    end = text.find(")", start)
    group = text[start:] if end < 0 else text[start : end + 1]
    tail = text[start + len(group):].split(" ")[0]
    return len(group + tail) <= width


def bad_breaks(replies: list[list[str]], width: int) -> dict[str, list[str]]:
    """Breaks a braille reader reads badly, by kind, as 'line / next line':
    a sentence's first word left at a line's end after a full stop; a
    number at a line's end parted from the word it counts; a bracket left
    open at a line's end when it could have fitted a line; a square parted
    from its direction; a range broken ('1' / 'to 15', 'A5 to' / 'C5')."""
    found: dict[str, list[str]] = {"first word": [], "number": [], "bracket": [], "square": [], "range": []}
    for reply in replies:
        for sentence in sentence_groups(reply):
            for k, line in enumerate(sentence):
                words = line.split()
                if not words:
                    continue
                both = line + " / " + (sentence[k + 1] if k + 1 < len(sentence) else "")
                if (len(words) > 1 and words[-2].rstrip("')\"]")[-1:] in ".?!" and not words[-2][:-1].isdigit()
                        and words[-1][-1:].isalnum()):
                    found["first word"].append(both)
                if k + 1 == len(sentence) or not sentence[k + 1].split():
                    continue
                after = sentence[k + 1].split()[0]
                if words[-1].isdigit() and after[:1].isalpha() and after.rstrip(".,;:") not in JOINING:
                    found["number"].append(both)
                if bracket_at_end_fits(sentence, k, width):
                    found["bracket"].append(both)
                if SQUARE_RE.fullmatch(words[-1]) and after.rstrip(".,;:") in DIRECTIONS:
                    found["square"].append(both)
                place = re.compile(r"\d+|" + SQUARE_RE.pattern)
                rest = sentence[k + 1].split()
                if (place.fullmatch(words[-1]) and rest[0] == "to" and len(rest) > 1
                        and place.fullmatch(rest[1].rstrip(".,;:?"))
                        or words[-1] == "to" and len(words) > 1 and place.fullmatch(words[-2])
                        and place.fullmatch(after.rstrip(".,;:?"))):
                    found["range"].append(both)
    return {kind: lines for kind, lines in found.items() if lines}


@pytest.mark.parametrize("width", [20, 32, 40, 80])
def test_sentences_are_fitted_whole_no_word_left_alone_that_could_share(width, tmp_path):
    """The lines of one sentence (written at 40 characters) are fitted to
    the display as one sentence: no line longer than the display, and no
    more lines of a single word than the sentence's words need, a word
    that is a whole clause aside (at 20 cells, 'Bob played UI, H8' /
    'down.' becomes 'Bob played UI,' / 'H8 down.'); and none of the breaks
    a braille reader reads badly: a sentence's first word at the end of
    the line before ('Audio Scrabble. Type' / 'help at any time.'), a
    number parted from its noun ('row 8, 5' / 'squares'), a bracket
    opened and left ('(blank' / 'E) 19.'), a square parted from its
    direction ('AGLNCIGAO, A1' / 'across, 39.'), a range broken ('rows are
    numbered 1' / 'to 15 from the top.')."""
    s = Session(Options(seed=11, braille_width=width), lexicon=AcceptAll())
    t = Replies(s, width)
    play_setup(t)
    play_to_the_end(t, tmp_path)
    t.check()
    assert len(t.replies) > 300
    assert needless_lone_words(t.replies, width) == []
    assert bad_breaks(t.replies, width) == {}
    said = [line for reply in t.replies for line in reply]
    if width == 20:
        assert "Play it?" in said and "Type yes or no." in said
        assert not {"down.", "across.", "no."} & set(said)
        # the next sentence starts a line; a square keeps its direction
        assert "Audio Scrabble." in said and "Type help at" in said
        assert "Which rules?" in said and "house rules." in said
        assert "AGLNCIGAO," in said and "A1 across, 39." in said


def test_breaks_keep_sentences_names_numbers_and_ranges_together(tmp_path):
    """What a tester found at 20, 40 and 14 cells: the next sentence starts
    its own line ('Audio Scrabble. Type' / 'help at any time.' was
    broken so); a name of several words stays whole with its number, and
    a name's number never starts a line ('Club computer' / '3 drew N.');
    each score keeps its name; a list's last two items stay together
    ('Braille: legend,' / 'emboss.' left one alone: newcomer 7, where an
    earlier round had kept the heading with its first item); the width keeps its verb ('every
    line fits' / '40 cells.'); a range of squares stays whole ('A5 to' /
    'C5, empty.'); goodbye is a sentence of its own."""
    from audio_scrabble.persistence import SaveStore

    s = Session(Options(players="Ann,computer:club,computer:club,computer:club", seed=1, braille_width=20),
                store=SaveStore(tmp_path / "saves"))
    out = s.start()
    assert out[:3] == ["Audio Scrabble.", "Type help at", "any time."]
    draw = out[out.index("You drew O,"): out.index("drew N.") + 1]
    assert draw == ["You drew O,", "Club computer", "drew M,", "Club computer 2", "drew O,", "Club computer 3",
                    "drew N."]
    assert not [line for line in out if re.match(r"\d ", line) or line.endswith("Club")]
    scores = s.handle_line("scores")
    assert len(scores) == 4 and all(re.fullmatch(r"(You|Club computer( [23])?) \d+[,.]", x) for x in scores), scores
    told = s.handle_line("help")
    # newcomer 7: a list's last two items kept together where they fit ("Braille: legend," / "emboss."
    # left the last item alone); the heading then stands alone, as a heading line does
    assert told[told.index("Braille:") + 1] == "legend, emboss."
    assert s.handle_line("set braille 40") == ["Braille mode on:", "every line fits 40 cells."]
    s.handle_line("set braille 14")
    row = s.handle_line("row 8")
    assert any(re.fullmatch(r"[A-O]\d+ to [A-O]\d+,", line) for line in row), row
    assert not [line for line in row if line.endswith(" to") or line.startswith("to ")], row
    s.handle_line("set braille 20")
    s.handle_line("quit")
    assert s.handle_line("yes") == ["Goodbye.", "The game is saved;", "start again", "to resume it."]
    s._close_computers()


def test_words_that_fit_are_never_cut_even_in_the_longest_help(watch):
    """All the help, at the narrowest display: only words longer than the
    display itself (an option name) may be broken."""
    s = Session(Options(players="Alice,Bob", seed=1, braille_width=14), lexicon=AcceptAll())
    s.start()
    out: list[str] = []
    for key in help_entries():
        out += s.handle_line(f"help {key}")
    assert all(len(x) <= 14 for x in out)
    check_wrapping(watch, 14)
    long_words = {w for text, _, _ in watch.calls for w in words(text) if len(w) > 14}
    assert long_words <= {"--braille-cells"}, long_words


def test_the_resume_question_and_goodbye_fit(tmp_path, watch):
    from audio_scrabble.persistence import SaveStore

    store = SaveStore(tmp_path / "saves")
    s = Session(Options(players="Alexandra,Bartholomew", seed=5, braille_width=14), lexicon=AcceptAll(), store=store)
    lines = s.start()
    lines += s.handle_line("")
    lines += s.handle_line("pass")
    lines += s.handle_line("quit")
    lines += s.handle_line("yes")
    again = Session(Options(braille_width=14), lexicon=AcceptAll(), store=store)
    lines += again.start()
    assert "Resume it? Type yes or no." in " ".join(lines)
    assert len(again.prompt_text()) <= 14 - layout.TYPING_ROOM
    lines += again.handle_line("yes")
    lines += again.handle_line("")
    assert all(len(x) <= 14 for x in lines), [x for x in lines if len(x) > 14]
    check_wrapping(watch, 14)


@pytest.mark.parametrize("width", [14, 20, 27, 40])
def test_a_game_put_away_is_said_by_its_players_not_its_file(tmp_path, width):
    """Declining the resume offer puts the old game away and says so as
    --new does, by its players, the long path of its file not read out
    (it was: 'The unfinished game of Alexandra and Bob was kept as
    games/2026-...-Alexandra-v-Bob.unfinished.json.')."""
    from audio_scrabble.persistence import SaveStore

    first = Session(Options(players="Alexandra,Bob", seed=5, braille_width=width), lexicon=AcceptAll(),
                    store=SaveStore(tmp_path / "saves"))
    first.start()
    first.handle_line("")
    first.handle_line("pass")
    first.store.release()
    # the same players: offered their game (issue 23 item 12: other players start anew, unasked)
    again = Session(Options(players="Alexandra,Bob", seed=6, braille_width=width), lexicon=AcceptAll(),
                    store=SaveStore(tmp_path / "saves"))
    again.start()
    out = again.handle_line("no")
    assert next((tmp_path / "saves" / "games").glob("*-Alexandra-v-Bob.unfinished.json"))
    assert all(len(x) <= width for x in out), out
    assert "Game put away: Alexandra and Bob." in " ".join(out), out
    assert not any("games/" in x or "json" in x for x in out), out


# ====================================================================== braille rows, columns, racks
def blank_game_session(width: int) -> Session:
    """A game whose first play puts a blank (standing for E) on H8."""
    for seed in range(500):
        g = Game(["Alice", "Bob"], rules_named("house"), seed)
        rack = g.current_player.rack
        if BLANK in rack and any(t != BLANK for t in rack):
            break
    else:  # pragma: no cover
        raise AssertionError("no seed with a blank")
    s = Session(Options(players="Alice,Bob", seed=seed, braille_width=width), lexicon=AcceptAll())
    s.start()
    s.handle_line("")
    letter = next(t for t in s.game.current_player.rack if t != BLANK)
    assert " ".join(s.handle_line(f"play 8H ?{letter}")) == "Which letter is the blank on H8?"
    s.handle_line("e")
    assert s.game.board.cells[7][7] == "e" and s.game.board.cells[7][8] == letter
    return s


@pytest.mark.parametrize("width", [20, 32, 40, 80])
def test_row_lines_are_19_cells_and_read_back_to_the_board(width, decoder):
    s = blank_game_session(width)
    g = s.game
    for r in range(SIZE):
        out = s.handle_line(f"row {r + 1}")
        number, squares = decoder.row(out[0])  # the cells come first
        assert number == r + 1
        assert squares == expected_row(g, r)
        assert out[1] == f"Row {r + 1}:"
    # the blank on H8 is the letter with dot 8; its neighbour a plain letter
    _, squares = decoder.row(s.handle_line("row 8")[0])
    assert squares[7] == "e" and squares[8] == g.board.cells[7][8].upper()
    out = s.handle_line("board")
    assert out[0] == "Braille board:"
    assert out[1] == BrailleTables.load().column_line()
    assert len(out) == 2 + SIZE
    for r, line in enumerate(out[2:]):
        assert decoder.row(line) == (r + 1, expected_row(g, r))


def test_columns_read_back_too(decoder):
    s = blank_game_session(40)
    g = s.game
    for c, letter in enumerate(COLUMNS):
        out = s.handle_line(f"column {letter}")
        got_letter, squares = decoder.column(out[0])
        assert got_letter == letter
        assert squares == [expected_row(g, r)[c] for r in range(SIZE)]


def test_on_a_14_cell_display_a_row_runs_on_under_itself(decoder):
    s = blank_game_session(14)
    out = s.handle_line("row 8")
    assert len(out[0]) == 14 and len(out[1]) == 9 and out[1].startswith(BLANK_CELL * 4)
    assert decoder.row(out[0] + out[1][4:]) == (8, expected_row(s.game, 7))
    board = s.handle_line("board")
    assert all(len(x) <= 14 for x in board)
    rows = join_run_on(board[1:])
    assert len(rows) == 1 + SIZE
    for r, line in enumerate(rows[1:]):
        assert decoder.row(line) == (r + 1, expected_row(s.game, r))


@pytest.mark.parametrize("width", WIDTHS)
def test_the_rack_is_shown_as_rnib_tiles_first_then_in_print(width, decoder):
    s = blank_game_session(width)
    s.handle_line("")  # the next player's hand-over
    i = s.game.current
    out = s.handle_line("rack")
    cells = [x for x in out if braille_lines.is_cells_line(x)]
    assert out[: len(cells)] == cells  # the tiles come first
    assert all(len(x) <= width for x in out)
    tiles = decoder.rack(BLANK_CELL.join(cells))
    rack = s.playing().rack_of(i)
    assert tiles == [(t, 0 if t == BLANK else tile_value(t)) for t in rack]
    assert out[len(cells)].startswith("Rack:")
    # a tile is never broken between two lines
    for line in cells:
        decoder.rack(line)
    # sorting keeps showing the tiles, in the new order
    out = s.handle_line("sort")
    assert out[0] == "Sorted."
    cells = [x for x in out if braille_lines.is_cells_line(x)]
    assert [t for t, _ in decoder.rack(BLANK_CELL.join(cells))] == s.playing().rack_of(i)


def test_the_hand_over_names_the_player_then_shows_the_tiles(decoder):
    s = Session(Options(players="Alice,Bob", seed=3, braille_width=40), lexicon=AcceptAll())
    s.start()
    cur = s.game.current
    out = s.handle_line("")
    assert out[0] == f"{s.game.names[cur]}'s turn."
    out = out[:1] + out[3:]  # after how to play, said while the board is empty
    assert out[1] == f"{s.game.names[cur]}, your rack:"
    assert [t for t, _ in decoder.rack(out[2])] == s.playing().rack_of(cur)
    assert out[3].startswith("Rack: ")


def test_without_braille_mode_nothing_changes():
    s = Session(Options(players="Alice,Bob", seed=3), lexicon=AcceptAll())
    s.start()
    s.handle_line("")
    assert not any(braille_lines.is_cells_line(x) for x in s.handle_line("rack") + s.handle_line("row 8"))
    assert s.handle_line("row 8")[0] == "Row 8:"
    # the braille board is there on request, with a spoken heading
    out = s.handle_line("board")
    assert out[0] == "Braille board:" and all(braille_lines.is_cells_line(x) for x in out[1:])


def test_legend_lists_every_mark_with_its_cell():
    s = Session(Options(players="Alice,Bob", seed=3, braille_width=40), lexicon=AcceptAll())
    s.start()
    out = s.handle_line("legend")
    t = BrailleTables.load()
    for name, cell, meaning in t.mark_legend():
        if name == EMPTY:
            assert f"{cell} empty square." in out
        else:
            assert f"{cell} {name}: {meaning}." in out
    assert s.handle_line("marks") == out
    help_out = s.handle_line("help legend")
    assert help_out[0].startswith("The braille cells")
    assert all(line in help_out for line in out[1:])


def test_show_in_braille_mode_gives_the_braille_board_and_says_how_to_get_large_print():
    s = Session(Options(players="Alice,Bob", seed=3, braille_width=20), lexicon=AcceptAll())
    s.start()
    out = s.handle_line("show")
    assert " ".join(out).startswith("Large print: type show large. Here is the braille board.")  # helper2's wording
    assert s.take_display() == []  # nothing wider than the display is printed
    assert all(len(x) <= 20 for x in out)
    s.handle_line("set braille off")
    assert s.handle_line("show") == ["Large-print board shown on screen."]
    assert s.take_display()


def test_prompts_leave_room_to_type():
    s = Session(Options(players="Bartholomew,Alexandra", seed=3, braille_width=14), lexicon=AcceptAll())
    s.start()
    assert len(s.prompt_text()) <= 8 and s.prompt_text().endswith("> ")
    s.handle_line("quit")
    assert s.prompt_text() == "yes/no> "
    s.handle_line("no")
    s.handle_line("set braille 40")
    assert s.prompt_text() == f"{s.game.names[s.game.current]}> "


def test_completion_lists_fit_and_long_lists_are_counted():
    s = Session(Options(players="Alice,Bob", seed=3, braille_width=14), lexicon=AcceptAll())
    s.start()
    out = s.completion_lines(complete(s, "s"))
    assert all(len(x) <= 14 for x in out)
    assert [w.strip(",.") for x in out for w in x.split()] == complete(s, "s")
    assert s.completion_lines(complete(s, "goto ")) == ["226 choices;", "type a letter", "or two more,", "then Tab."]


# ====================================================================== the screen
def test_the_fitted_screen_wraps_what_other_modules_print():
    out = io.StringIO()
    width = [20]
    screen = FittedWriter(out, lambda: width[0])
    screen.write("Speech has stopped working; using text only.\n")
    screen.flush()
    assert out.getvalue().splitlines() == ["Speech has", "stopped working;", "using text only."]
    # a prompt followed by an answer that would not fit after it: a new line
    out.truncate(0), out.seek(0)
    screen.write("Alice> ")
    screen.flush()
    screen.write("Alice's turn now, you know.\nDone.\n")
    assert out.getvalue().splitlines() == ["Alice> ", "Alice's turn now,", "you know.", "Done."]
    # a short answer may stay on the prompt's line; off, nothing is touched
    out.truncate(0), out.seek(0)
    screen.write("> ")
    screen.flush()
    screen.write("Done.\n")
    width[0] = None
    screen.write("x" * 100 + "\n")
    assert out.getvalue().splitlines() == ["> Done.", "x" * 100]
