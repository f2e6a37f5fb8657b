"""The move generator agrees exactly with the rules core and the word list.

* Soundness: on thousands of positions from seeded random games, every
  generated move (all of them on small lists, a sample plus the best and
  every blank-heavy one on large lists) is accepted by the core's
  validate_placement, formed words all in the list, the tiles on the rack,
  and scored exactly as score_play scores it.
* Completeness: on a few dozen positions, an independent brute force
  (every window of every line matched against the word list with a
  regular expression, each candidate judged by the core) finds exactly the
  same set of placements, blank choices included, with the same scores.
* Exchanges, ``exists``, the incremental board analysis, notation, and the
  graph's disk cache.
"""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from itertools import combinations

import pytest

from audio_scrabble.core import ACROSS, DOWN, Board, Game, PlacedTile, Play, Square, score_play, validate_placement
from audio_scrabble.core.board import SIZE
from audio_scrabble.core.rules import HOUSE, VARIANTS
from audio_scrabble.engine import MoveGenerator, WordGraph, legal_exchanges
from audio_scrabble.engine import graph as graph_mod
from audio_scrabble.engine.movegen import BoardAnalysis
from audio_scrabble.errors import IllegalPlay
from audio_scrabble.lexicon import Lexicon

from movegen_kit import gen, lexicon  # type: ignore[import-not-found]  # noqa: F401 - fixtures


def board_from(rows: dict[int, tuple[int, str, str]]) -> Board:
    """Board from {n: (row, col, word-across)}; lower case = blank."""
    b = Board()
    for r, c, word in rows.values():
        for k, ch in enumerate(word):
            b.cells[r][c + k] = ch
    return b


def play_key(play: Play) -> frozenset:
    return frozenset((t.square, t.letter, t.blank) for t in play.tiles)


def core_score(board: Board, play: Play, lexicon, rack) -> int:
    """Score by the core; raises if the core or the word list refuses the play."""
    validate_placement(board, play)
    bd = score_play(board, play)
    assert bd.words, play
    for w in bd.words:
        assert w.word.word in lexicon, (play, w.word.word)
    assert not Counter(play.rack_tiles()) - Counter(rack), (play, rack)
    return bd.total


# ---------------------------------------------------------------------------
# Worked examples and notation
# ---------------------------------------------------------------------------

def test_rules_worked_examples(gen, lexicon):
    # RULES.md: TRAIN at 8D from AITRNVR scores 12; TRAINER at 8B scores 66.
    moves = gen.generate(Board(), list("AITRNVR"))
    assert "8D TRAIN 12" in {str(m) for m in moves}
    moves = gen.generate(Board(), list("AEINRRT"))
    texts = {str(m) for m in moves}
    assert "8B TRAINER 66" in texts
    assert moves[0].score == max(m.score for m in moves) >= 66


def test_first_move_is_symmetric_and_covers_the_star(gen):
    moves = gen.generate(Board(), list("QUIZERS"))
    assert moves
    across = sorted((m.word, m.start, m.score) for m in moves if m.direction == ACROSS)
    down = sorted((m.word, m.start, m.score) for m in moves if m.direction == DOWN)
    assert across == down  # the premium layout is symmetric about the diagonal
    for m in moves:
        assert m.line == 7 and m.start <= 7 < m.start + len(m.word)
        assert m.tile_count == len(m.word) >= 2


def test_notation_plays_through_and_blank(gen, lexicon):
    # CAT across at 8G..8I; rack makes SCATTER etc. through it.
    board = board_from({1: (7, 6, "CAT")})
    moves = gen.generate(board, list("SERT?AB"))
    by_text = {m.notation(): m for m in moves}
    # Hooking S on the end: (CAT)S at 8G, across; S on J8 (plain): C3+A1+T1+S1 = 6.
    assert ("8G", "(CAT)S") in by_text and by_text[("8G", "(CAT)S")].score == 6
    # Down through the C of CAT (G8): ACE from G7. A on G7 (double letter) = 2,
    # C = 3, E on G9 (double letter) = 2: 7. BAT through the A (H8): H7 and H9
    # are plain: 3 + 1 + 1 = 5.
    assert "ACE" in lexicon and "BAT" in lexicon
    m = by_text[("G7", "A(C)E")]
    assert m.score == 7 and m.direction == DOWN
    assert by_text[("H7", "B(A)T")].score == 5
    for m in moves[:50]:
        pos, word = m.notation()
        assert word.replace("(", "").replace(")", "").upper() == m.word
        assert sum(1 for ch in word if ch.islower()) == bin(m.blanks).count("1")


def test_single_tile_plays_are_listed_once(gen, lexicon):
    # A lone S can hook CAT (across) and also make a down word with ... nothing: once.
    board = board_from({1: (7, 6, "CAT"), 2: (9, 6, "DOG")})
    moves = gen.generate(board, ["S"])
    keys = [play_key(m.play) for m in moves]
    assert len(keys) == len(set(keys))
    assert all(m.tile_count == 1 for m in moves)
    # every single-tile placement the core accepts is there
    expected = set()
    for r in range(SIZE):
        for c in range(SIZE):
            if board.cells[r][c]:
                continue
            play = Play.of([PlacedTile(Square(r, c), "S")])
            try:
                core_score(board, play, lexicon, ["S"])
            except (IllegalPlay, AssertionError):
                continue
            expected.add(play_key(play))
    assert set(keys) == expected and expected


# ---------------------------------------------------------------------------
# Random positions
# ---------------------------------------------------------------------------

def random_positions(gen: MoveGenerator, lexicon, games: int, seed: int):
    """(board, rack) before every turn of seeded games between random-ish players.

    Moves are picked at random among all moves or among the ten best, so the
    boards are both realistic and odd. Yields also the generated moves.
    """
    rng = random.Random(seed)
    for _ in range(games):
        game = Game(["a", "b"], seed=rng.randrange(1 << 30), lexicon=lexicon)
        greedy = rng.random() < 0.5
        while not game.is_over:
            if game.awaiting_final_challenge:
                game.accept()
                continue
            rack = list(game.current_player.rack)
            board = game.board.copy()
            moves = gen.generate(game.board, rack)
            yield board, rack, moves
            if moves:
                m = moves[rng.randrange(min(len(moves), 10))] if greedy else rng.choice(moves)
                game.place(m.play)
            elif game.why_not_exchange(rack) is None:
                game.exchange(rack)
            else:
                game.pass_turn()


def test_thousands_of_positions_agree_with_core(gen, lexicon):
    rng = random.Random(7)
    positions = 0
    checked = 0
    blanks_checked = 0
    for board, rack, moves in random_positions(gen, lexicon, games=90, seed=11):
        positions += 1
        keys = set()
        for m in moves:
            k = (m.direction, m.line, m.start, m.word)
            assert k not in keys, f"duplicate {m}"
            keys.add(k)
        if len(moves) <= 40:
            sample = list(moves)
        else:
            sample = list(moves[:10]) + rng.sample(list(moves), 25)
        sample += [m for m in moves if bin(m.blanks).count("1") >= 2][:20]
        for m in sample:
            assert core_score(board, m.play, lexicon, rack) == m.score, m
            checked += 1
            if m.blanks or "?" in rack:
                choices = m.placements()
                assert choices[0][1] == m.score == max(s for _, s in choices)
                for play, score in choices[:4]:
                    assert core_score(board, play, lexicon, rack) == score
                    blanks_checked += 1
        assert gen.exists(board, rack) == bool(moves)
    assert positions >= 2000, positions
    assert checked > 40_000 and blanks_checked > 1000


class BruteForce:
    """Every placement the core accepts, found without the generator.

    For every window of every line (bounded by empty squares or the edge,
    holding 1 to 7 empty squares, touching a tile or the star), the word
    list is searched with a regular expression (board letters fixed, empty
    squares matching the rack's letters): where the window holds board
    letters, only the words with its rarest one there (an index); each
    candidate word, with every choice of blanks, is judged by the core.
    """

    def __init__(self, words):
        by_len = defaultdict(list)
        for w in words:
            by_len[len(w)].append(w)
        self.text = {n: "\n".join(ws) + "\n" for n, ws in by_len.items()}
        self.words = set(words)
        self._hits: dict[str, list[str]] = {}  # a window's pattern -> the words that match it
        #: (length, offset, letter) -> the words of that length with that letter there, as text
        at: dict[tuple[int, int, str], list[str]] = defaultdict(list)
        for n, ws in by_len.items():
            for w in ws:
                for k, ch in enumerate(w):
                    at[(n, k, ch)].append(w)
        self._at = {key: "\n".join(ws) + "\n" for key, ws in at.items()}

    def placements(self, board: Board, rack: list[str]) -> dict[frozenset, int]:
        real = Counter(t for t in rack if t != "?")
        nb = rack.count("?")
        out: dict[frozenset, int] = {}
        rack_fits: dict[str, list[str]] = {}  # a window's pattern -> the words this rack can make there
        empty = board.is_empty()
        cls = "." if nb else "[" + "".join(sorted(real)) + "]"
        for d in (ACROSS, DOWN):
            crossing = self._crossings(board, d)
            for i in range(SIZE):
                sqs = [Square(i, j) if d == ACROSS else Square(j, i) for j in range(SIZE)]
                cells = [board[s] for s in sqs]
                for s in range(SIZE):
                    if s > 0 and cells[s - 1]:
                        continue
                    for e in range(s + 1, SIZE):
                        if e < SIZE - 1 and cells[e + 1]:
                            continue
                        empties = [j for j in range(s, e + 1) if not cells[j]]
                        if not empties or len(empties) > len(rack):
                            continue
                        if empty and not (i == 7 and s <= 7 <= e):
                            continue
                        if not empty and not any(board.has_neighbour(sqs[j]) for j in empties):
                            continue
                        pat = "".join(cells[j].upper() if cells[j] else cls for j in range(s, e + 1))
                        fits = rack_fits.get(pat)
                        if fits is None:  # the same pattern recurs in many windows
                            fits = rack_fits[pat] = self._fitting(pat, s, e, empties, real, nb, cls)
                        placed = [sqs[j] for j in empties]
                        runs = [crossing.get(sq) for sq in placed]
                        for letters in fits:
                            # a cross word not in the list: the core would refuse it too (quickly)
                            if any(run is not None and run[0] + ch + run[1] not in self.words
                                   for run, ch in zip(runs, letters)):
                                continue
                            self._judge(board, real, nb, placed, list(letters), d, out)
        return out

    @staticmethod
    def _crossings(board: Board, d: str) -> dict[Square, tuple[str, str]]:
        """For each empty square with tiles beside it across ``d``: the
        letters before and after it that way (a tile placed there makes a
        cross word of them)."""
        other = DOWN if d == ACROSS else ACROSS
        out = {}
        for r in range(SIZE):
            for c in range(SIZE):
                sq = Square(r, c)
                if board[sq]:
                    continue
                before, after = "", ""
                t = sq.step(other, -1)
                while t.on_board and board[t]:
                    before, t = board[t].upper() + before, t.step(other, -1)
                t = sq.step(other, 1)
                while t.on_board and board[t]:
                    after, t = after + board[t].upper(), t.step(other, 1)
                if before or after:
                    out[sq] = (before, after)
        return out

    def _fitting(self, pat, s, e, empties, real, nb, cls) -> list[str]:
        """The tiles each word matching ``pat`` would take from the rack,
        for the words the rack (its blanks too) can make there."""
        n = e - s + 1
        fixed = [(k, ch) for k, ch in enumerate(pat.replace(cls, "_")) if ch != "_"] if cls else []
        words = self._hits.get(pat)
        if words is None:
            # among the words with the window's rarest board letter in place, if it holds one
            text = min((self._at.get((n, k, ch), "") for k, ch in fixed), key=len) if fixed else self.text.get(n, "")
            words = self._hits[pat] = re.findall("^" + pat + "$", text, re.M)
        out = []
        for word in words:
            letters = "".join(word[j - s] for j in empties)
            short = 0  # tiles the rack lacks
            for c in set(letters):
                over = letters.count(c) - real.get(c, 0)
                if over > 0:
                    short += over
            if short <= nb:
                out.append(letters)
        return out

    def _judge(self, board, real, nb, squares, letters, d, out):
        need = Counter(letters)
        short = sum(max(0, need[c] - real[c]) for c in need)
        if short > nb:
            return
        idx = range(len(squares))
        legal = None  # whether the tiles' place and words stand: the same whichever are blanks
        for k in range(short, nb + 1):
            for chosen in combinations(idx, k):
                used = Counter(letters[j] for j in chosen)
                if any(need[c] - used[c] > real[c] for c in need):
                    continue
                tiles = [PlacedTile(squares[j], letters[j], j in chosen) for j in idx]
                play = Play.of(tiles, d if len(tiles) == 1 else None)
                if legal is None:
                    try:
                        validate_placement(board, play)
                    except IllegalPlay:
                        return
                    bd = score_play(board, play)
                    legal = bool(bd.words) and all(w.word.word in self.words for w in bd.words)
                    if not legal:
                        return
                else:
                    bd = score_play(board, play)
                out[play_key(play)] = bd.total


@pytest.fixture(scope="module")
def brute(lexicon) -> BruteForce:
    return BruteForce(list(lexicon.words()))


def test_completeness_against_brute_force(gen, lexicon, brute):
    """Exactly the same placements and scores as the brute force, blanks included."""
    rng = random.Random(5)
    seen = 0
    with_blank = 0
    for k, (board, rack, moves) in enumerate(random_positions(gen, lexicon, games=5, seed=23)):
        if k % 6:
            continue
        if "?" in rack or (rng.random() < 0.25 and len(rack) >= 4):
            # a short rack with a blank keeps the brute force quick
            rack = [t for t in rack if t != "?"][:3] + ["?"]
            moves = gen.generate(board, rack)
        expected = brute.placements(board, rack)
        got: dict[frozenset, int] = {}
        for m, play, score in moves.placements():
            key = play_key(play)
            assert key not in got, f"placement listed twice: {m}"
            got[key] = score
        missing = set(expected) - set(got)
        extra = set(got) - set(expected)
        assert not missing, f"{''.join(rack)}: missing {sorted(next(iter(missing)))}"
        assert not extra, f"{''.join(rack)}: extra {sorted(next(iter(extra)))}"
        assert got == expected
        assert moves.placement_count() == len(expected)
        seen += 1
        with_blank += "?" in rack
    assert seen >= 15 and with_blank >= 3


def test_three_blanks_and_long_racks_against_brute_force(gen, lexicon, brute):
    """Racks a standard game never deals still get exactly the brute
    force's placements: three blanks (the search chains one extension per
    blank left) and eight tiles (seven placed earn the bonus, eight do not)."""
    boards = [board for k, (board, _, _) in enumerate(random_positions(gen, lexicon, games=1, seed=41))
              if k in (4, 9)]
    assert len(boards) == 2
    for board, rack in ((boards[0], "S???"), (boards[0], "AEINRSTS"), (boards[1], "AEINRSTS")):
        expected = brute.placements(board, list(rack))
        got = {play_key(play): score for _, play, score in gen.generate(board, list(rack)).placements()}
        assert got == expected, rack
    opening = gen.generate(Board(), list("AEINRSTS"))
    assert opening and max(m.score for m in opening if m.tile_count == 7) > 50


def test_records_come_in_board_order_so_one_sort_by_score_orders_them(gen, lexicon):
    """raw() gives one record per word placement in the order of (direction,
    line, start, word); generate() sorts them by score only (a stable sort),
    which is then the order of the whole tuples, best score first."""
    racks = 0
    for k, (board, rack, _) in enumerate(random_positions(gen, lexicon, games=2, seed=31)):
        if k % 3:
            continue
        for r in (rack, rack[:5] + ["?", "?"], rack[:6] + ["?"]):
            recs = gen.raw(board, r)
            keys = [x[1:5] for x in recs]
            assert keys == sorted(keys) and len(set(keys)) == len(keys)
            assert gen.generate(board, r).records == sorted(recs, key=lambda x: (-x[0],) + x[1:])
            racks += 1
    for rack in ("AEINRST", "AERTS??", "QUIZ?"):
        recs = gen.raw(Board(), list(rack))
        keys = [x[1:5] for x in recs]
        assert keys == sorted(keys) and len(set(keys)) == len(keys)
        racks += 1
    assert racks > 30


def test_blank_goes_where_it_loses_least(gen, lexicon):
    """With one E and a blank, EYE's blank E belongs on the cheaper square."""
    # Empty board, rack E E? -> e.g. EYE 8G: first E on G8 (plain) last E on I8 (plain)
    board = board_from({1: (7, 6, "DOG")})
    rack = ["E", "?", "Y"]
    moves = gen.generate(board, rack)
    for m in moves:
        choices = m.blank_choices()
        assert m.score == choices[0][0]
        assert m.blanks == choices[0][1] or choices[0][0] == choices[1][0]
        assert core_score(board, m.play, lexicon, rack) == m.score
    # some move must have had to choose (E placed twice, one E on the rack)
    assert any(Counter(m.rack_tiles())["?"] == 1 and "E" in m.rack_tiles() and
               sum(1 for j in m.new_positions() if m.word[j - m.start] == "E") == 2 for m in moves)


def test_incremental_analysis_matches_a_fresh_one(gen, lexicon):
    n = 0
    for board, rack, _ in random_positions(gen, lexicon, games=4, seed=99):
        fresh = BoardAnalysis(gen.graph).update(board)
        for d in (0, 1):
            for i in range(SIZE):
                a, b = gen.analysis.lines[d][i], fresh.lines[d][i]
                assert (a.lt, a.cc, a.xs, a.xw, a.anchors, a.bps) == (b.lt, b.cc, b.xs, b.xw, b.anchors, b.bps)
        n += 1
    assert n > 60
    # a play recomputes only a few lines
    g2 = MoveGenerator(lexicon)
    board = board_from({1: (7, 6, "CAT")})
    g2.analysis.update(board)
    board.cells[8][8] = "O"
    g2.analysis.update(board)
    assert 0 < g2.analysis.recomputed <= 12


def test_exists_and_empty_cases(gen):
    assert not gen.exists(Board(), [])
    assert gen.generate(Board(), []) == []
    assert not gen.exists(Board(), ["Q"])  # one tile cannot open the game
    assert gen.exists(Board(), ["Q", "I"])
    board = board_from({1: (7, 3, "QI")})
    assert gen.exists(board, ["S"]) == bool(gen.generate(board, ["S"]))


# ---------------------------------------------------------------------------
# Exchanges
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("rack", ["AAB", "EEEIIO?", "ABCDEFG", "??", "Q"])
def test_exchanges_are_every_distinct_subset(rack):
    brute = {tuple(sorted(c)) for n in range(1, len(rack) + 1) for c in combinations(rack, n)}
    got = legal_exchanges(list(rack), 100)
    assert len(got) == len(set(got)) == len(brute)
    assert set(got) == brute
    expected = 1
    for c in Counter(rack).values():
        expected *= c + 1
    assert len(got) == expected - 1


def test_exchanges_follow_the_rules():
    rack = list("AABCDE?")
    assert all(len(t) <= 3 for t in legal_exchanges(rack, 3, HOUSE))
    assert max(len(t) for t in legal_exchanges(rack, 3, HOUSE)) == 3
    tournament = VARIANTS["double"]
    assert legal_exchanges(rack, 6, tournament) == []
    assert len(legal_exchanges(rack, 7, tournament)) == len(legal_exchanges(rack, 100))
    assert legal_exchanges(rack, 0) == []
    # the core agrees with each one
    game = Game(["a", "b"], HOUSE, seed=3)
    for tiles in legal_exchanges(game.current_player.rack, len(game.bag), game.rules):
        game.check_exchange(list(tiles))


# ---------------------------------------------------------------------------
# The graph
# ---------------------------------------------------------------------------

def test_graph_from_words_and_cross_checks():
    words = ["CAT", "CATS", "AT", "TA", "SCAT", "ACT", "tact", "x-ray", "A"]
    g = WordGraph.from_words(words)
    assert sorted(g.words()) == ["ACT", "AT", "CAT", "CATS", "SCAT", "TA", "TACT"]
    assert "CAT" in g and "cats" in g and "CA" not in g and "A" not in g
    assert graph_mod.letters_of(g.cross_mask("CA", "")) == "T"
    assert graph_mod.letters_of(g.cross_mask("", "CAT")) == "S"
    assert graph_mod.letters_of(g.cross_mask("", "A")) == "T"
    assert graph_mod.letters_of(g.cross_mask("", "T")) == "A"
    assert graph_mod.letters_of(g.cross_mask("", "C")) == ""
    assert graph_mod.letters_of(g.cross_mask("C", "T")) == "A"


def test_graph_disk_cache_roundtrip_and_damage(tmp_path, monkeypatch, lexicon):
    class Fake:
        def __init__(self, dawg, path):
            self.dawg = dawg
            self.cache_path = path

    words = ["AB", "ABS", "BA", "BAS", "SAB"]
    small = Lexicon.from_words(words)
    fake = Fake(small.dawg, tmp_path / "lexicon-v1-abc.dawg")
    g1 = graph_mod._make(fake)
    files = list(tmp_path.glob("movegen-*.marshal"))
    assert len(files) == 1
    g2 = graph_mod._make(Fake(small.dawg, fake.cache_path))
    assert g1.words() == g2.words() == words
    data = bytearray(files[0].read_bytes())
    data[-3] ^= 0xFF
    files[0].write_bytes(bytes(data))
    assert graph_mod._load(files[0]) is None  # damaged: refused, then rebuilt
    g3 = graph_mod._make(Fake(small.dawg, fake.cache_path))
    assert g3.words() == words
    # the default list converts to the same words
    assert len(WordGraph.for_lexicon(lexicon).words()) == len(lexicon)


# ---------------------------------------------------------------------------
# Notation agrees with the notation package; the ``moves`` command
# ---------------------------------------------------------------------------

def test_move_notation_and_words_match_the_notation_package_and_core(gen, lexicon):
    from audio_scrabble.notation import format_play, parse_play

    n = 0
    for board, rack, moves in random_positions(gen, lexicon, games=2, seed=31):
        for m in list(moves[:15]) + list(moves[-5:]):
            text = " ".join(m.notation())
            assert format_play(m.play, board) == text
            assert m.formed_words() == [w.word.word for w in score_play(board, m.play).words]
            assert play_key(parse_play(text, board)) == play_key(m.play)
            n += 1
    assert n > 500


CGP_WINDY = "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGI?/ 0/32 0 lex NWL20;"
LINE = re.compile(r"^(?:\d{1,2}[A-O]|[A-O]\d{1,2}) [A-Za-z()]+ -?\d+$")


def run_cli(*argv: str):
    import os
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "audio_scrabble", "moves", *argv],
                          capture_output=True, text=True, env=dict(os.environ), timeout=120)


def test_moves_command_lists_best_first_in_tournament_notation(gen):
    from audio_scrabble.notation import parse_play, position_from_cgp

    r = run_cli(CGP_WINDY, "--top", "12")
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    assert len(out) == 12 and all(LINE.match(line) for line in out), out
    pos = position_from_cgp(CGP_WINDY)
    scores = []
    for line in out:
        where, word, score = line.split(" ")
        play = parse_play(f"{where} {word}", pos.board)  # parentheses = board letters
        assert score_play(pos.board, play).total == int(score)
        assert ("(" in word) == any(pos.board[sq] for sq in _word_squares(where, word))
        scores.append(int(score))
    assert scores == sorted(scores, reverse=True)
    best = gen.generate(pos.board, list(pos.racks[0]))[0]
    assert scores[0] == best.score
    # --top 0 lists every placement, blank choices included
    r_all = run_cli(CGP_WINDY, "--top", "0")
    assert len(r_all.stdout.splitlines()) == gen.generate(pos.board, list(pos.racks[0])).placement_count()
    assert r_all.stdout.splitlines()[:12] == out


def _word_squares(where: str, word: str) -> list[Square]:
    start = Square.parse(where if where[0].isalpha() else where[-1] + where[:-1])
    direction = DOWN if where[0].isalpha() else ACROSS
    n = len(word.replace("(", "").replace(")", ""))
    return [start.step(direction, k) for k in range(n)]


def test_moves_command_time_and_help():
    r = run_cli(CGP_WINDY, "--top", "3", "--time", "3")
    assert r.returncode == 0 and len(r.stdout.splitlines()) == 3
    m = re.search(r"median (\d+\.\d+) ms over 3 runs", r.stderr)
    assert m and 0 < float(m.group(1)) < 5000
    h = run_cli("--help")
    assert "15H (T)UTORIAL 77" in h.stdout and "--gcg" in h.stdout and "--time" in h.stdout


def test_moves_command_from_a_gcg_record(shared_gcg_dir, gen):
    from audio_scrabble.notation import MoveKind, parse_rack, read_gcg, replay_record

    path = shared_gcg_dir / "doug_v_emely.gcg"
    r = run_cli("--gcg", str(path), "--turn", "5", "--top", "5")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 5 and all(LINE.match(x) for x in lines)
    steps = [s for s in replay_record(read_gcg(path.read_bytes()))
             if s.move.kind in (MoveKind.PLAY, MoveKind.PASS, MoveKind.EXCHANGE)]
    step = steps[4]
    moves = gen.generate(step.board_before, parse_rack(step.move.rack))
    assert lines[0] == str(moves[0])  # the same rack and board as the record's move 5
    bad = run_cli("--gcg", str(path), "--turn", "999")
    assert bad.returncode == 2 and "moves" in bad.stderr


def test_moves_command_refuses_bad_input(tmp_path):
    r = run_cli("15/15 AB/ 0/0 0")
    assert r.returncode == 2 and r.stderr.strip() and "Traceback" not in r.stderr
    r = run_cli()
    assert r.returncode == 2 and "CGP" in r.stderr
    r = run_cli(CGP_WINDY, "--turn", "3")
    assert r.returncode == 2 and "--gcg" in r.stderr
    r = run_cli(CGP_WINDY, "--lexicon", str(tmp_path / "missing.txt"))
    assert r.returncode == 2 and "does not exist" in r.stderr
    words = tmp_path / "tiny.txt"
    words.write_text("WINDY\nWINDED\nAGED\nDIG\nGID\nIDEA\n")
    r = run_cli(CGP_WINDY, "--lexicon", str(words), "--top", "0")
    assert r.returncode == 0
    for line in r.stdout.splitlines():
        word = re.sub(r"[()]", "", line.split()[1]).upper()
        assert word in {"WINDY", "WINDED", "AGED", "DIG", "GID", "IDEA"}
