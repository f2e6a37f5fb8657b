"""The engine: move generation, computer players, hints and reviews.

* :mod:`.graph` -- the word list as a DAWG of nested dicts, for speed.
* :mod:`.movegen` -- every legal placement with its score
  (:class:`MoveGenerator`), the legal exchanges (:func:`legal_exchanges`).
* :mod:`.leave` -- the value of the tiles a player keeps (the learned
  table, :mod:`.learn_leaves` rebuilds it by self-play).
* :mod:`.players` -- computer players at four levels
  (:class:`ComputerPlayer`: beginner, club, expert, champion),
  :func:`move_exists` for the core's house rule.
* :mod:`.endgame` -- the exact two-player search once the bag is empty.
* :mod:`.champion` -- the champion's simulation, on worker processes.
* :mod:`.advice` -- :func:`hint` and :func:`review`, by the expert's
  equity (by its end-game search once the bag is empty), with placements
  (square, direction, letters) as data.
* :mod:`.moves_cli` -- the ``audio-scrabble moves`` command.
* :mod:`.survey` -- the board survey: hot spots, lanes, around a square,
  where a named word fits, the cursor's jump targets (geometry, no words
  suggested).
"""

from .graph import WordGraph
from .leave import leave_value
from .movegen import Move, MoveGenerator, MoveList, generator_for, legal_exchanges
from .advice import ENDGAME_EVALUATION, EVALUATION, Placement
from .advice import MoveInfo, MoveReview, describe, hint, review
from .players import LEVELS, Action, ComputerPlayer, move_exists

__all__ = [
    "ENDGAME_EVALUATION",
    "EVALUATION",
    "LEVELS",
    "Placement",
    "Action",
    "ComputerPlayer",
    "Move",
    "MoveGenerator",
    "MoveInfo",
    "MoveList",
    "MoveReview",
    "WordGraph",
    "describe",
    "generator_for",
    "hint",
    "leave_value",
    "legal_exchanges",
    "move_exists",
    "review",
]
