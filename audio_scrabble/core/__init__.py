"""The rules core: pure, no I/O, imports nothing of ours but ``errors``."""

from .board import ACROSS, CENTRE, COLUMNS, DOWN, PREMIUMS, SIZE, Board, Premium, Square, premium_at
from .events import (
    Adjustment,
    ChallengeResolved,
    Event,
    FirstPlayerDrawn,
    GameEnded,
    TilesExchanged,
    TilesPlaced,
    TurnLost,
    TurnPassed,
)
from .game import Game, Player
from .play import PlacedTile, Play, WordFormed, validate_placement, words_formed
from .rules import VARIANTS, RuleSet, rules_named
from .scoring import ScoreBreakdown, WordScore, score_play
from .tiles import BLANK, RACK_SIZE, TILE_COUNTS, TILE_VALUES, Bag, parse_tiles, tile_value

__all__ = [name for name in dir() if not name.startswith("_")]
