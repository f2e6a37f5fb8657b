"""A game started from a position: ``audio-scrabble --position CGP``.

The board, racks, scores and bag come from a CGP string or a file holding
one (:mod:`audio_scrabble.notation.cgp`); the unseen tiles form the bag.
The first rack of the position is the player to move, so the first
player named is that player (by default ``You``, against a computer when
the engine is installed). There is no draw for first: the opening says
the position's scores, then whose turn it is.

:func:`prepare` reads the options into a :class:`PositionStart` (pure:
it raises a typed error with a sentence); :func:`begin` seats the game
in the session, as the session's own new game does.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from ..core.game import Game
from ..core.rules import RuleSet
from ..errors import NotationError
from ..notation.cgp import game_start, read_position, rules_name
from ..presentation import survey_phrases
from . import services
from .setup import Seat, SetupFlow, parse_players, parse_rules

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


def begin(session: Any) -> list[str]:
    """Seat the game of ``session.options.position`` in the session and say
    its opening: the rules, the position's scores, whose turn it is."""
    ready = prepare(session.options, session._computers_allowed)
    if session.lexicon is None:
        session.lexicon = services.load_lexicon(session.options.lexicon)
    choosers = session._choosers(ready.seats, ready.seed)
    game = Game([s.name for s in ready.seats], ready.rules, ready.seed, session.lexicon,
                services.move_finder(session.lexicon), start=ready.start)
    session.setup = SetupFlow(ready.seats, ready.rules, computers=session._computers_allowed)
    session._seat(game, ready.seats, choosers)
    session._games_played += 1
    lines = [f"{ready.rules.title}."]
    lines.extend(survey_phrases.position_opening(game.names, game.scores()))
    lines.extend(session._autosave())
    lines.extend(session._turn_lines())
    if not session.defer_computer:
        lines.extend(session.run_computers())
    return lines
