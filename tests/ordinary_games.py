"""Positions of ordinary games, for the tests and the benchmarks of the
board survey (tests/console/test_spots_worth.py, bench/spots_rank.py,
bench/survey.py): two players who take one of the five best moves at
random, else change the whole rack where the bag allows it, else pass."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from audio_scrabble.core import Game


def ordinary_turns(lexicon: Any, gen: Any, seed: int, rng: random.Random) -> Iterator[tuple[Game, list[str], Any]]:
    """(game, rack, moves) at every turn of the game dealt with ``seed``
    (``moves``: the generator's for the mover's rack, best first); the
    move is then made with ``rng``, after the caller has seen the turn."""
    game = Game(["a", "b"], seed=seed, lexicon=lexicon)
    while not game.is_over:
        if game.awaiting_final_challenge:
            game.accept()
            continue
        rack = list(game.current_player.rack)
        moves = gen.generate(game.board, rack)
        yield game, rack, moves
        if moves:
            game.place(moves[rng.randrange(min(5, len(moves)))].play)
        elif game.why_not_exchange(rack) is None:
            game.exchange(rack)
        else:
            game.pass_turn()
