"""A game started from a position: ``audio-scrabble --position CGP``.

The board, racks, scores and bag come from a CGP string or a file holding
one (:mod:`audio_scrabble.notation.cgp`); the unseen tiles form the bag.
The first rack of the position is the player to move, so the first
player named is that player (by default ``You``, against a computer when
the engine is installed). There is no draw for first: the opening says
the position's scores, then whose turn it is.

:func:`prepare` reads the options into a :class:`PositionStart` (pure:
it raises a typed error with a sentence); :class:`~.opening.Opening`
builds the game from it, which the session seats as any other.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from ...core.rules import RuleSet
from ...errors import NotationError
from ...notation.cgp import game_start, read_position, rules_name
from ...presentation import survey_phrases
from .. import services
from ..asking.setup import Seat, parse_players, parse_rules

#: the player to move, when no names are given
YOU = "You"


@dataclass(frozen=True)
class PositionStart:
    seats: list[Seat]
    rules: RuleSet
    seed: int
    start: dict[str, Any]
    scores: tuple[int, ...]


def default_players(count: int, computers: bool) -> str:
    """``You`` against a computer (club level) in every other seat, or, with
    no move engine, ``You`` and players named by number."""
    others = ["computer:club" if computers else f"Player {k + 2}" for k in range(count - 1)]
    return ",".join([YOU, *others])


def prepare(options: Any, computers: bool | None) -> PositionStart:
    """The game a ``--position`` asks for. Raises :class:`RecordError` for a
    position that cannot be read, :class:`NotationError` for players or
    rules that do not fit it."""
    position = read_position(options.position)
    count = len(position.racks)
    allowed = services.engine_available() if computers is None else computers
    seats = parse_players(options.players or default_players(count, allowed), computers)
    if len(seats) != count:
        raise NotationError(survey_phrases.players_for_position(count))
    rules = parse_rules(options.rules or rules_name(position) or "house")
    seed = options.seed if options.seed is not None else secrets.randbelow(2**31)
    return PositionStart(seats, rules, seed, game_start(position), position.scores)

