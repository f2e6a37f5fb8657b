"""A random but legal player for property tests of the rules core.

It knows no words: the word list used with it is a pseudo-lexicon that
accepts a fixed, arbitrary three quarters of all letter strings, so that
challenges succeed and fail in a reproducible way.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter

from audio_scrabble.core import ACROSS, DOWN, Game, PlacedTile, Play, Square
from audio_scrabble.core.events import ChallengeResolved, GameEnded, TilesPlaced
from audio_scrabble.core.tiles import full_tile_set

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class PseudoLexicon:
    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and zlib.crc32(word.upper().encode()) % 4 != 0


def random_play(game: Game, rng: random.Random, tries: int = 40) -> Play | None:
    board = game.board
    rack = game.current_player.rack
    occupied = [sq for sq, _ in board.occupied()]
    for _ in range(tries):
        k = rng.randint(1, len(rack))
        tiles_from_rack = rng.sample(rack, k)
        direction = rng.choice((ACROSS, DOWN))
        if not occupied:
            if k < 2:
                continue
            offset = rng.randint(0, k - 1)
            start = Square(7, 7 - offset) if direction == ACROSS else Square(7 - offset, 7)
        else:
            base = rng.choice(occupied)
            start = base.step(rng.choice((ACROSS, DOWN)), rng.choice((-1, 1)))
            start = start.step(direction, -rng.randint(0, k - 1))
        placed = []
        sq = start
        for tile in tiles_from_rack:
            while sq.on_board and board[sq]:
                sq = sq.step(direction)
            if not sq.on_board:
                break
            if tile == "?":
                placed.append(PlacedTile(sq, rng.choice(LETTERS), True))
            else:
                placed.append(PlacedTile(sq, tile))
            sq = sq.step(direction)
        if len(placed) != k:
            continue
        play = Play.of(placed, direction if k == 1 else None)
        if game.why_not_place(play) is None:
            return play
    return None


def step(game: Game, rng: random.Random) -> None:
    """Make one random legal action for whoever should act."""
    if game.awaiting_final_challenge:
        if rng.random() < 0.5 and game.why_not_challenge() is None:
            game.challenge()
        else:
            game.accept()
        return
    if game.pending_play is not None and rng.random() < 0.3 and game.why_not_challenge() is None:
        game.challenge()
        return
    r = rng.random()
    if r < 0.85:
        play = random_play(game, rng)
        if play is not None:
            game.place(play)
            return
    rack = game.current_player.rack
    if r < 0.95 and rack:
        tiles = rng.sample(rack, rng.randint(1, len(rack)))
        if game.why_not_exchange(tiles) is None:
            game.exchange(tiles)
            return
    game.pass_turn()


def scores_from_events(game: Game) -> list[int]:
    """Rebuild every player's score from the events alone."""
    totals = [0] * len(game.players)
    for ev in game.history:
        if isinstance(ev, TilesPlaced):
            totals[ev.player] += ev.score
        elif isinstance(ev, ChallengeResolved):
            if ev.withdrawn:
                totals[ev.player] -= ev.points_lost
            else:
                totals[ev.challenger] -= ev.points_lost  # rules edition 1 only
                totals[ev.player] += ev.points_gained
        elif isinstance(ev, GameEnded):
            for a in ev.adjustments:
                totals[a.player] += a.points
    return totals


def play_to_end(game: Game, rng: random.Random, limit: int = 2000, check=None) -> None:
    full = Counter(full_tile_set())
    for _ in range(limit):
        if game.is_over:
            return
        step(game, rng)
        assert game.tile_accounting() == full
        if check:
            check(game)
    raise AssertionError("the game did not end")
