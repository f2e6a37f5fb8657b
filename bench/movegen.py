#!/usr/bin/env python3
"""Benchmark of the move generator: speed per position, lexicon and graph start-up,
and (optionally) a large agreement run against the rules core.

    python bench/movegen.py [--repeat R] [--agree GAMES] [--raw] [--backend c|python|both]
                            [--compare REF [--games G]]

Positions (fixed, below): openings (empty board, 10 racks), and 36
midgame boards (after moves 7, 11 and 15 of twelve seeded games between
top-scoring players), each with three racks drawn from its unseen tiles:
no blank, one blank, two blanks. For each position the generator runs
``R`` times (default 5) from a fresh board analysis (so the figure
includes computing cross-checks and anchors), and the best of those runs
counts; CPU time of this process (``time.process_time``) is measured, so
other programs on the machine do not inflate the figures. Printed: the
median, 90th percentile and worst milliseconds per category, and the mean
number of word placements (and of placements counting every choice of
blanks).

Start-up figures come from child interpreters with an empty temporary
cache folder: the lexicon DAWG (shipped built with the game, so "loaded"
even cold) converted to the generator's graph (cold), then both loaded
from the cache (warm).

``--backend``: the speed figures for the compiled search
(engine/_movegen_c.c), the pure-Python one, or both (the default, where
the compiled one is built); the first line says which the game uses.

``--agree GAMES`` plays that many seeded games (moves chosen at random
among the ten best) and checks every generated move of every position
with the core: validate_placement, score_play, the word list, the rack.

``--compare REF`` loads the generator as it was at commit REF (its
movegen.py read with ``git show`` and loaded as a module of the engine)
and checks that both give the same records, in the same order (same
moves, same scores, same choice of blanks), on the fixed positions above
and on every position of ``--games`` seeded games (each rack also with
one and two of its tiles made blanks); then times both on the fixed
positions, each position run alternately by one and the other (CPU time,
best of ``--repeat``), so that a loaded machine slows both alike, and
prints both figures and their ratio.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

OPENING_RACKS = ["AEINRST", "AITRNVR", "QUIZERS", "EEIOUAB", "BCDFGHK", "JXZQAEI", "AEINRS?", "DEGLOR?", "AERTS??", "EINST??"]

# (board rows "/"-joined, "." empty, lower case = blank; rack without blank, one blank, two blanks)
MIDGAME = [
    ('.............../.............../.............../.............../.JILL........../....AZIdO.APPEL/.......OUTGrEW./...CORBE...EWES/......A......../......N......../......D......../......A......../......G......../......E......../......R........', 'EEHMORU', 'FIRRSX?', 'ENOST??'),
    ('..............G/..............R/..............A/..............V/.JILL...FOH...E/....AZIdO.APPEL/.......OUTGrEW./...CORBE...EWES/......A......../......N......../......D......../......AM......./......GI......./.....HEM......./.....ERE.......', 'IKNORRT', 'BINRSV?', 'OUVXY??'),
    ('..............G/.C............R/.O............A/.N.........O..V/.JILL...FOHS..E/.U..AZIdO.APPEL/.R.....OUTGrEW./.E.CORBE...EWES/......A....Y.../....V.N..QIS.../....E.D......../....L.AM......./....D.GI......./....THEM......./.....ERE.......', 'ADIINTT', 'AIKORS?', 'FORRT??'),
    ('.............../.............../.............../.............../.............../.............../.............../....MEZE......B/.....ROPY.....E/.....KAI......F/.......L......I/.......E..ALANT/.......PENNAE../.......s......./.......Y.......', 'IIOOSST', 'ABIIIS?', 'ELOSV??'),
    ('.............../.............../.............../.............../.............../.............../.............../....MEZE......B/.....ROPY.....E/.....KAI......F/.RUERS.L.OMEN.I/.......E..ALANT/.......PENNAE.T/.....JOsS.....E/.......Y......D', 'FGINRSV', 'DEIORX?', 'DGISX??'),
    ('.............../.............../.............../.............../.............../.............../.............../....MEZE......B/.....ROPY.....E/...H.KAI......F/.RUERS.L.OMEN.I/...L...E..ALANT/.TWIG..PENNAE.T/...A.JOsS....WE/ERIC...Y.....ED', 'DFNRVVX', 'ABDGHU?', 'EIIOR??'),
    ('.............../.............../.............../.............../.............../.....JOES....../......ORPINE.../...POTHEAD.FLOW/........ME.F.../...........E.../..........BI.../..........AR.../..........Y..../.............../...............', 'DEIINNU', 'CEITTU?', 'ELMNZ??'),
    ('.............../.............../.............../.............../.............../.....JOES....../......ORPINE.../...POTHEAD.FLOW/...I....ME.F.X./...V.......E.H./...OK.....BI.E./...TA.....AR.A./....V.....Y..R./....A........T./GIRDS..........', 'CEEELOO', 'AEILSU?', 'LQUWY??'),
    ('.............../.............../.............../.............../.............../.....JOES....../......ORPINE.../...POTHEAD.FLOW/...I....ME.F.X./...V.G.....E.H./...OKA....BI.E./...TAM....AR.A./....V.COZEYS.R./.QUEAN.......T./GIRDS..NORITEs.', 'AABELNY', 'ACDNNU?', 'DELLY??'),
    ('..............N/...........E..I/........JUDOIsT/...........C..W/...........E..I/.....ATABRIN..T/......ATE..EW../...FLAXeS...O../............M../............B../.............../.............../.............../.............../...............', 'CDDEHOS', 'ADENNO?', 'AAENO??'),
    ('..............N/...........E..I/........JUDOIsT/...VALUTA..C..W/..........HE..I/.....ATABRIN..T/......ATE.PEW../...FLAXeS...OD./....ODA.....MO./............BY./.............E./.............N./.............N./.............E./...............', 'DEGGSTU', 'GGGOSU?', 'IKOPT??'),
    ('..............N/...........E..I/........JUDOIsT/...VALUTA..C..W/..........HE..I/.....ATABRIN..T/......ATE.PEW../...FLAXeS...ODD/....ODA.....MOO/.QUIP......ABYE/.........FRISE./...........Z.N./...........L.N./...........E.E./...............', 'GILRSSV', 'KLOOTV?', 'EEGRU??'),
    ('.............../.............../.............../.............../.............../.............../.............../...FOEHN......./..WAX........../....I........../...AD........../...FA........../...ON........../...UTTERABLE.../GOELS......HULE', 'EEIKORS', 'AAEIPR?', 'AIJTZ??'),
    ('.............../.............../.............../.............../.............../.............../.............../...FOEHN......./..WAX........../....I........../...AD........../...FA......O.../...ON.REZ..K.../.INUTTERABLE.../GOELS..AGA.HULE', 'BNNOPRW', 'AIIOPY?', 'EERST??'),
    ('.............../.............../.............../.............../.............../.............../.............../...FOEHN...QUOD/..WAX.....GI.../....ID....AS.../...ADO....W..../...FAD....PO.../...ON.REZ..K.../.INUTTERABLE.../GOELS..AGA.HULE', 'ACEEINR', 'EIMNRS?', 'EMRSV??'),
    ('.............../.............../........E....../........Y....../....CONVENT..../....U...L....../....T...A....../...PURIMS....../..ZAP...H....../..AE.........../..TO.........../..IN.........../...I.........../CIDERY........./...S...........', 'ABGIORW', 'ABELOQ?', 'AISVW??'),
    ('.......J......./.......U......./.......NE....../........Y....../....CONVENT..../...MUX..L....../....T.QuAG...../...PURIMS....../..ZAP...H....../..AE.........../..TO.........../W.IN.........../I..I.........../CIDERY........./E..S...........', 'BDEEGOO', 'BEKOOT?', 'EKOST??'),
    ('.......J...F.../.......U...E.../.......NE..L.../........Y..T.../....CONVENTs.../...MUX..L....../....T.QuAG...../...PURIMS....../..ZAP...H....../..AE.........../..TO.........../W.IN..........K/I..I..........A/CIDERY...TAIVER/E..S.ALATE....A', 'ADEFIIS', 'DINOOR?', 'ILNOR??'),
    ('.............../.............../.............../.............../D............../U....BEVUE...../N.SOJA........./C..FORGAT....../HANTED........./.P...YEAH....../.O............./.R............./.I............./.A............./...............', 'EGIIMRY', 'EILSST?', 'LNOTW??'),
    ('.............../.R............./.ED............/.TA............/DEW............/UM...BEVUE...../N.SOJA........./C..FORGAT....../HANTED........./.P...YEAH....../.O....MEINY..../.R............./GIFT.........../.A............./...............', 'BIORTUZ', 'IINNTZ?', 'EILQT??'),
    ('D............../OR............./GED............/.TA............/DEWaX........../UM...BEVUE...../N.SOJA........./C..FORGAT....../HANTED........./.P...YEAH....../.O....MEINY..../.ROUTE..EOAN.../GIFT.........../.A............./...............', 'EIKNTUW', 'LLLQSW?', 'AIPQS??'),
    ('.............../.............../.............../....D........../....A........../.J..T........../.AH.O........../.MUHLIES......./REB.I........../ES..t........../T...E........../OWN............/TOY............/AWE............/L.T............', 'BCEEFIN', 'ADLORR?', 'GILTV??'),
    ('...DECAF......./...R.........../...O.........../...OD........../...PA........../.J..T........../.AH.O........../.MUHLIES......./REB.I........../ES..t........../T...E........../OWN............/TOY............/AWE.TEEN......./L.TRENDY.......', 'ACDIOSZ', 'CEGLSU?', 'EIISU??'),
    ('...DECAF......./...R.........../...O.........../...ODA........./...PAN........./.J..TI........./.AH.O.FIB....../.MUHLIES......./REB.I........../ES..t.G......../T...E.L......../OWNS..O......../TOYO..V......../AWE.TEEN......./L.TRENDY.......', 'EEGIRUZ', 'ACIILO?', 'GIKLV??'),
    ('.............../.............../.............../.............../.............../.............../.............../.....ZAP......./....RATIO....../.......ARVO..../..........WAB../COAL...FORTH.../..bOUNCES....../.............../...............', 'EHNNSWY', 'AEIIJS?', 'BELSU??'),
    ('.............../.............../.............../.............../.............../.............../A.....V......../R....ZAP......./D...RATIO....../E......ARVO..../N.........WAB../COAL...FORTH.../Y.bOUNCES...B../.......DENTURE./............R..', 'IIILLST', 'ALNOSS?', 'EIIMS??'),
    ('.............../.............../.............../.............../.............../.Q............./AI....V......../R....ZAP......./D...RATIO....../EM...G.ARVO..../NOD.......WAB../COAL...FORTH.../Y.bOUNCES...B../.......DENTURE./............R..', 'EEJNOTX', 'EFIMOS?', 'AEINT??'),
    ('.............../.........M...../.........EF..../....T....TE..../....E....OE..../....G....OD..../....U.....b..../....M..VIVAX.../....I.....G..../....NAYSAYS..../...JA........../...E.........../...E.........../...P.........../WAWs...........', 'ACGIORR', 'BOQRTU?', 'ELLNU??'),
    ('.............../.........M...../...Q.....EF..../...IT....TE..../....E....OE..../....G....OD..../....U.....b..../....M..VIVAX.../....I.....G..../....NAYSAYS..../...JA..U......./...E...B......./..TENDRON....../.TOPEE.R......./WAWs...N.......', 'GIOSTUZ', 'AIIORS?', 'FOPUZ??'),
    ('....DOZER....../.P......AM...../.I.Q....KEF..../.G.IT...UTE..../.N..E....OE..../.O..G....OD..../.L..U.....b..../LINUM..VIVAX.../.A..I.....G..../....NAYSAYS..../...JA..U......./...E...B......./..TENDRON....../.TOPEE.R......./WAWs...N.......', 'AEEFHRS', 'CEHLOS?', 'AACHO??'),
    ('.............../.............../.............../.............../..........E..../..........M..../......KEX.E..../W..VEZIR..R..../A....O....I..../U.BROWNIEST..../G....I....A..../HEINIE........./T............../.............../...............', 'DDEFRSY', 'AADLNS?', 'AEILO??'),
    ('.............../............Y../...........QI../...........AN../..........ET.../NACROUs...M..../......KEX.E..../W..VEZIR..R..../A....O....I..../U.BROWNIEST..../G....I....A..../HEINIE........./T............../SIBS.........../...............', 'ADELMUU', 'DFJLMN?', 'AINTU??'),
    ('......FROGLEt../............YU./...........QIS./...........ANE./....C.....ET.D./NACROUs...M..../....M.KEX.E..../W..VEZIR.ARIDLY/A...DO....I..../U.BROWNIEST..../G....I....A..../HEINIE........./T............../SIBS.........../...............', 'LOOPRTU', 'ADENOT?', 'LLNNP??'),
    ('.............../.............../.............../.............../.............../.............../.............../......DALLOPS../............H../.......V....i../...T...A.DUFF../...A..UNDErATE./...L...N....Y../.YEARLIES....../...Q...R.......', 'AEIPRTW', 'BNOOTT?', 'GRTVZ??'),
    ('......B......../......E......../......S......../......N......../......O......../....I.W......../....N.E......../IONIC.DALLOPS../....A.......H../....V..V....i../...TE..A.DUFF../..ZA..UNDErATE./..EL...N....Y../.YEARLIES....../...Q...R.......', 'CEKNSUW', 'IORTTX?', 'EIORU??'),
    ('......BURIED.../.CHOWSE......../......S.JURAT../.EGOMANIA....../......O......../....I.W......../....N.E......../IONIC.DALLOPS../....A.......H../....V..V....i../...TE..A.DUFF../..ZA..UNDErATE./..EL...N....Y../.YEARLIES....../...Q...R.......', 'BGGIIOR', 'BEGKNX?', 'IIKRT??'),
]


def board_of(rows: str):
    from audio_scrabble.core import Board

    return Board([[c if c != "." else "" for c in row] for row in rows.split("/")])


def time_position(gen, board, rack, repeat: int, raw: bool) -> tuple[float, int, int]:
    from audio_scrabble.engine.movegen import BoardAnalysis

    best = float("inf")
    for _ in range(repeat):
        gen.analysis = BoardAnalysis(gen.graph, gen.backend)
        t0 = time.process_time()
        gen.raw(board, rack) if raw else gen.generate(board, rack)
        best = min(best, time.process_time() - t0)
    moves = gen.generate(board, rack)
    return best * 1000, len(moves), moves.placement_count()


def speed(repeat: int, raw: bool, backend: str) -> None:
    from audio_scrabble.core import Board
    from audio_scrabble.engine import MoveGenerator
    from audio_scrabble.lexicon import Lexicon

    gen = MoveGenerator(Lexicon.default(), backend=backend)
    cats: dict[str, list[tuple[float, int, int]]] = {}
    for rack in OPENING_RACKS:
        cats.setdefault("opening", []).append(time_position(gen, Board(), list(rack), repeat, raw))
    names = ("midgame, no blank", "midgame, one blank", "midgame, two blanks")
    for rows, *racks in MIDGAME:
        board = board_of(rows)
        for name, rack in zip(names, racks):
            cats.setdefault(name, []).append(time_position(gen, board, list(rack), repeat, raw))
    what = "raw records" if raw else "Move lists, sorted"
    print(f"Move generation, {backend} search ({what}), CPU ms per position, best of {repeat}, "
          "board analysis included:")
    print(f"  {'category':22} {'n':>3} {'median':>8} {'p90':>8} {'worst':>8} {'words':>7} {'placements':>10}")
    for name in ("opening",) + names:
        rows_ = cats[name]
        ms = sorted(r[0] for r in rows_)
        p90 = ms[min(len(ms) - 1, int(round(0.9 * (len(ms) - 1))))]
        print(f"  {name:22} {len(ms):3d} {statistics.median(ms):8.2f} {p90:8.2f} {ms[-1]:8.2f} "
              f"{statistics.mean(r[1] for r in rows_):7.0f} {statistics.mean(r[2] for r in rows_):10.0f}")


def incremental(repeat: int, backend: str) -> None:
    """Generation during a game: the analysis is updated from the previous board."""
    from audio_scrabble.core import Game
    from audio_scrabble.engine import MoveGenerator
    from audio_scrabble.lexicon import Lexicon

    lex = Lexicon.default()
    gen = MoveGenerator(lex, backend=backend)
    times: dict[int, list[float]] = {0: [], 1: [], 2: []}
    for seed in range(repeat * 2):
        game = Game(["a", "b"], seed=seed, lexicon=lex)
        while not game.is_over:
            if game.awaiting_final_challenge:
                game.accept()
                continue
            rack = game.current_player.rack
            t0 = time.process_time()
            moves = gen.generate(game.board, rack)
            times[min(2, rack.count("?"))].append((time.process_time() - t0) * 1000)
            if moves:
                game.place(moves[0].play)
            else:
                game.pass_turn()
    print(f"During {repeat * 2} games, {backend} search (top-score moves; analysis updated incrementally), "
          "CPU ms per move:")
    for k, label in ((0, "no blank"), (1, "one blank"), (2, "two blanks")):
        if times[k]:
            print(f"  {label:12} n={len(times[k]):4d} median {statistics.median(times[k]):7.2f}  worst {max(times[k]):7.2f}")


def small(gens: list[tuple[str, object]], calls: int = 3000) -> None:
    """Small generations as the end-game search makes them: ``raw(board,
    rack, lines)`` on one board, again and again (its analysis kept)."""
    board = board_of(MIDGAME[5][0])
    print(f"Small racks on one midgame board, CPU us a raw() call, {calls} calls: " + " | ".join(n for n, _ in gens))
    for rack in ("E", "AE", "DEIR"):
        for mask, label in ((1 << 7 | 1 << 22, "2 lines"), ((1 << 30) - 1, "all lines")):
            cells = []
            for _, gen in gens:
                gen.raw(board, list(rack), mask)  # type: ignore[attr-defined]
                t = time.process_time()
                for _ in range(calls):
                    gen.raw(board, list(rack), mask)  # type: ignore[attr-defined]
                cells.append(f"{(time.process_time() - t) * 1e6 / calls:7.1f}")
            print(f"  {rack:5} {label:9} " + " | ".join(cells))


CHILD = r"""
import json, sys, time
t0 = time.perf_counter()
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.engine.graph import WordGraph
t1 = time.perf_counter()
lex = Lexicon.default()
t2 = time.perf_counter()
g = WordGraph.for_lexicon(lex)
t3 = time.perf_counter()
from audio_scrabble.core import Board
from audio_scrabble.engine import MoveGenerator
gen = MoveGenerator(lex)
t4 = time.perf_counter()
gen.generate(Board(), list("AEINRST"))
t5 = time.perf_counter()
print(json.dumps({"status": lex.cache_status, "import": t1 - t0, "lexicon": t2 - t1, "graph": t3 - t2,
                  "first_moves": t5 - t4}))
"""


def startup() -> None:
    with tempfile.TemporaryDirectory(prefix="movegen_bench_cache_") as tmp:
        env = dict(os.environ, AUDIO_SCRABBLE_CACHE_DIR=tmp, PYTHONPATH=str(REPO))
        print("Start-up (fresh interpreter, wall seconds):")
        for phase in ("cold", "warm"):
            out = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, check=True)
            r = json.loads(out.stdout)
            print(f"  {phase}: lexicon {r['lexicon']:.3f} s ({r['status']}), generator graph {r['graph']:.3f} s "
                  f"({'converted and cached' if phase == 'cold' else 'from cache'}), first generation "
                  f"{r['first_moves'] * 1000:.1f} ms, imports {r['import']:.3f} s")
        files = sorted(Path(tmp).iterdir())
        for f in files:
            print(f"  cache file {f.name[:40]}...: {f.stat().st_size / 1e6:.1f} MB")


def agree(games: int) -> None:
    from audio_scrabble.core import Game, score_play, validate_placement
    from audio_scrabble.engine import MoveGenerator
    from audio_scrabble.lexicon import Lexicon

    lex = Lexicon.default()
    gen = MoveGenerator(lex)
    rng = random.Random(2024)
    positions = moves_checked = placements_checked = 0
    t0 = time.perf_counter()
    for g in range(games):
        game = Game(["a", "b"], seed=10_000 + g, lexicon=lex)
        while not game.is_over:
            if game.awaiting_final_challenge:
                game.accept()
                continue
            rack = list(game.current_player.rack)
            moves = gen.generate(game.board, rack)
            positions += 1
            for m in moves:
                for play, score in m.placements():
                    validate_placement(game.board, play)
                    bd = score_play(game.board, play)
                    assert bd.total == score, (m, bd.total)
                    assert all(w.word.word in lex for w in bd.words), m
                    assert not Counter(play.rack_tiles()) - Counter(rack), m
                    placements_checked += 1
                moves_checked += 1
            if moves:
                game.place(moves[rng.randrange(min(10, len(moves)))].play)
            else:
                game.pass_turn()
    print(f"Agreement with the core: {games} games, {positions} positions, {moves_checked} word placements, "
          f"{placements_checked} placements (every choice of blanks) checked, all agree "
          f"({time.perf_counter() - t0:.0f} s).")


def reference_module(ref: str):
    """engine/movegen.py as it was at commit ``ref``, loaded as a module of the engine."""
    code = subprocess.run(["git", "-C", str(REPO), "show", f"{ref}:audio_scrabble/engine/movegen.py"],
                          check=True, capture_output=True, text=True).stdout
    name = "audio_scrabble.engine._movegen_at_" + ref.replace("-", "_")
    spec = importlib.util.spec_from_loader(name, loader=None)
    mod = importlib.util.module_from_spec(spec)
    mod.__package__ = "audio_scrabble.engine"
    sys.modules[name] = mod
    exec(compile(code, name, "exec"), mod.__dict__)
    return mod


def compare(ref: str, games: int, repeat: int) -> None:
    from audio_scrabble.core import Board, Game
    from audio_scrabble.engine import movegen as new
    from audio_scrabble.lexicon import Lexicon

    old = reference_module(ref)
    lex = Lexicon.default()
    gen_old, gen_new = old.MoveGenerator(lex), new.MoveGenerator(lex)
    fixed: dict[str, list[tuple]] = {"opening": [(Board(), list(r)) for r in OPENING_RACKS]}
    names = ("midgame, no blank", "midgame, one blank", "midgame, two blanks")
    for rows, *racks in MIDGAME:
        board = board_of(rows)
        for name, rack in zip(names, racks):
            fixed.setdefault(name, []).append((board, list(rack)))

    # The same records: the fixed positions, then seeded games (incremental analysis on both)
    checked = records = 0
    for cat in fixed.values():
        for board, rack in cat:
            a, b = gen_old.generate(board, rack).records, gen_new.generate(board, rack).records
            assert a == b, (ref, board.rows_text(), rack)
            checked += 1
            records += len(a)
    rng = random.Random(77)
    t0 = time.perf_counter()
    for g in range(games):
        game = Game(["a", "b"], seed=50_000 + g, lexicon=lex)
        while not game.is_over:
            if game.awaiting_final_challenge:
                game.accept()
                continue
            rack = list(game.current_player.rack)
            variants = [rack]
            for n in (1, 2):
                if len(rack) > n:
                    blanked = list(rack)
                    for k in rng.sample(range(len(rack)), n):
                        blanked[k] = "?"
                    variants.append(blanked)
            moves = None
            for v in variants:
                a, b = gen_old.generate(game.board, v).records, gen_new.generate(game.board, v).records
                assert a == b, (ref, game.board.rows_text(), v)
                assert gen_old.exists(game.board, v) == gen_new.exists(game.board, v) == bool(a)
                checked += 1
                records += len(a)
                if moves is None:
                    moves = gen_new.generate(game.board, v)
            if moves:
                game.place(moves[rng.randrange(min(10, len(moves)))].play)
            else:
                game.pass_turn()
    print(f"Same records as at {ref}: {checked} positions ({games} games, {time.perf_counter() - t0:.0f} s), "
          f"{records} records, all identical, in the same order.")

    def once(mod, gen, board, rack) -> float:
        gen.analysis = mod.BoardAnalysis(gen.graph)
        t = time.process_time()
        gen.generate(board, rack)
        return (time.process_time() - t) * 1000

    print(f"CPU ms per position, best of {repeat}, the two run alternately: {ref} | this tree")
    print(f"  {'category':22} {'median':>8} {'worst':>8} | {'median':>8} {'worst':>8} | {'speed-up':>8}")
    for name, cat in fixed.items():
        t_old, t_new = [], []
        for board, rack in cat:
            a = b = float("inf")
            for _ in range(repeat):
                a = min(a, once(old, gen_old, board, rack))
                b = min(b, once(new, gen_new, board, rack))
            t_old.append(a)
            t_new.append(b)
        print(f"  {name:22} {statistics.median(t_old):8.2f} {max(t_old):8.2f} | {statistics.median(t_new):8.2f} "
              f"{max(t_new):8.2f} | {sum(t_old) / sum(t_new):7.2f}x")
    small([(ref, gen_old), ("this tree", gen_new)])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs per position (best counts)")
    ap.add_argument("--raw", action="store_true", help="time the compact records only (no Move objects, no sort)")
    ap.add_argument("--agree", type=int, default=0, metavar="GAMES", help="also check every move of GAMES games")
    ap.add_argument("--no-startup", action="store_true", help="skip the start-up figures")
    ap.add_argument("--compare", metavar="REF", help="check the same records as the generator at commit REF, and time both")
    ap.add_argument("--games", type=int, default=10, help="seeded games for --compare (default 10)")
    ap.add_argument("--backend", choices=("c", "python", "both"), default="both",
                    help="the search timed: the compiled one, the pure-Python one, or both (the default, "
                         "where the compiled one is built)")
    args = ap.parse_args()
    os.environ.setdefault("AUDIO_SCRABBLE_CACHE_DIR", tempfile.mkdtemp(prefix="movegen_bench_"))
    if args.compare:
        compare(args.compare, args.games, args.repeat)
        return 0
    from audio_scrabble.engine import MoveGenerator, movegen
    from audio_scrabble.lexicon import Lexicon

    if args.backend == "both":
        backends = ["c", "python"] if movegen._c is not None else ["python"]
    else:
        backends = [args.backend]
    print(f"Move generator in use by default: {movegen.BACKEND} (movegen.BACKEND); timed here: {', '.join(backends)}"
          + ("" if movegen._c is not None else " (the compiled search is not built or not loaded)"))
    if not args.no_startup:
        startup()
    for backend in backends:
        speed(args.repeat, args.raw, backend)
    small([(f"{b} search", MoveGenerator(Lexicon.default(), backend=b)) for b in backends])
    for backend in backends:
        incremental(2, backend)
    if args.agree:
        agree(args.agree)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
