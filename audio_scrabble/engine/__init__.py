"""The engine: move generation, computer players, hints and reviews.

* :mod:`.graph` -- the word list as a DAWG of nested dicts, for speed.
* :mod:`.movegen` -- every legal placement with its score
  (:class:`MoveGenerator`), the legal exchanges (:func:`legal_exchanges`).
* :mod:`.leave` -- the value of the tiles a player keeps.
* :mod:`.players` -- computer players at three levels
  (:class:`ComputerPlayer`), :func:`move_exists` for the core's house rule,
  :func:`hint` and :func:`review`.
* :mod:`.moves_cli` -- the ``audio-scrabble moves`` command.
"""

from .graph import WordGraph
from .leave import leave_value
from .movegen import Move, MoveGenerator, MoveList, generator_for, legal_exchanges
from .advice import EVALUATION, Placement
from .players import LEVELS, Action, ComputerPlayer, MoveInfo, MoveReview, describe, hint, move_exists, review

__all__ = [
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
