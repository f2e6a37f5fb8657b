"""The positions of the champion's benchmarks (bench/champion_playouts.py,
bench/sim_ceiling.py): two random mid-game turns (more than 20 tiles in
the bag) of a seeded double-challenge game between two experts, with the
champion's candidates there, as ``ComputerPlayer`` builds them (its
simulation stood in for: the candidates only)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any


class _Capture:
    """Stands in for the simulation: keeps the candidates it is given."""

    think = 0.0
    last: dict = {}

    def choose(self, game: Any, me: int, cands: list) -> int:
        self.cands = cands
        return 0


def champion_turns(lex: Any, g: int) -> Iterator[tuple[int, Any, int, list]]:
    """(turn, game, mover, the champion's candidates) at the two chosen
    turns of game ``g`` (its deal's seed); the experts move on after."""
    from audio_scrabble.core import Game
    from audio_scrabble.core.rules import VARIANTS
    from audio_scrabble.engine.players import ComputerPlayer

    game = Game(["a", "b"], VARIANTS["double"], seed=g, lexicon=lex)
    experts = [ComputerPlayer("expert", lex, 2 * g + j) for j in range(2)]
    picker = ComputerPlayer("champion", lex, g, think=0.1, workers=0)
    cap = _Capture()
    picker._sim = cap
    picker.warm = lambda: None  # type: ignore[method-assign]  # no worker processes: the candidates only
    turns = set(random.Random(g).sample(range(2, 16), 2))
    t = 0
    while not game.is_over and len(game.bag) > 20:
        if game.awaiting_final_challenge:
            game.accept()
            continue
        i = game.current
        if t in turns:
            picker._champion(game, i, list(game.players[i].rack))
            yield t, game, i, cap.cands
        experts[i].choose(game, i).apply(game)
        t += 1
