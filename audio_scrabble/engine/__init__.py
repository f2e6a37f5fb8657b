"""The engine: move generation, computer players, hints and reviews.

* :mod:`.graph` -- the word list as a DAWG of nested dicts, for speed.
* :mod:`.movegen` -- every legal placement with its score
  (:class:`MoveGenerator`), the legal exchanges (:func:`legal_exchanges`).
* :mod:`.leave` -- the value of the tiles a player keeps.
* :mod:`.players` -- computer players at three levels, ``move_exists``
  for the core's house rule, hints and game reviews.
* :mod:`.moves_cli` -- the ``audio-scrabble moves`` command.
"""

from .graph import WordGraph
from .movegen import Move, MoveGenerator, MoveList, generator_for, legal_exchanges

__all__ = ["Move", "MoveGenerator", "MoveList", "WordGraph", "generator_for", "legal_exchanges"]
