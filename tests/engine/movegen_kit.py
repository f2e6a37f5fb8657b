"""Shared by the tests that hold the move generator to the same records
(test_movegen_backends.py, test_movegen_same_records.py): the positions
of seeded games between players choosing at random among the ten best,
and a rack with one and with two of its tiles made blanks. The module-wide
fixtures of the default word list and a move generator over it
(``lexicon``, ``gen``), for a test module to import."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from audio_scrabble.core import Board, Game
from audio_scrabble.engine import MoveGenerator
from audio_scrabble.lexicon import Lexicon


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.default()


@pytest.fixture(scope="module")
def gen(lexicon: Lexicon) -> MoveGenerator:
    return MoveGenerator(lexicon)


def blank_variants(rack: list[str], rng: random.Random) -> list[list[str]]:
    """The rack as dealt, then with one and with two of its tiles (chosen
    by ``rng``) made blanks, where it holds more tiles than that."""
    out = [rack]
    for n in (1, 2):
        if len(rack) > n:
            blanked = list(rack)
            for k in rng.sample(range(len(rack)), n):
                blanked[k] = "?"
            out.append(blanked)
    return out


def seeded_turns(lexicon: Any, games: int, seed: int,
                 gen: Any = None) -> Iterator[tuple[int, Board, list[str], random.Random]]:
    """(game, board, rack, rng) of every turn of ``games`` seeded games
    (game g: seed + g), each turn's move chosen with ``rng`` at random among
    the ten best that ``gen`` (default: a MoveGenerator of its own) finds
    for the rack, after the caller has used ``rng`` as it would."""
    if gen is None:
        gen = MoveGenerator(lexicon)
    for g in range(games):
        rng = random.Random(seed + g)
        game = Game(["a", "b"], seed=seed + g, lexicon=lexicon)
        while not game.is_over:
            if game.awaiting_final_challenge:
                game.accept()
                continue
            rack = list(game.current_player.rack)
            yield g, game.board, rack, rng
            moves = gen.generate(game.board, rack)
            if moves:
                game.place(moves[rng.randrange(min(10, len(moves)))].play)
            else:
                game.pass_turn()
