"""Frozen records of what happened, returned by every game action.

Announcers turn these into phrases; game records are written from them.
They carry names as well as player numbers so that they read on their own.
Tiles in ``drawn``/``returned`` are private to their player: an announcer
decides who may hear them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .play import Play
from .scoring import ScoreBreakdown


@dataclass(frozen=True)
class Event:
    turn: int  # the number of the turn this belongs to (1 = first turn)


@dataclass(frozen=True)
class FirstPlayerDrawn(Event):
    rounds: tuple[tuple[tuple[str, str], ...], ...]  # each round: (name, tile) per drawer
    first: int
    first_name: str


@dataclass(frozen=True)
class TilesPlaced(Event):
    player: int
    name: str
    play: Play
    breakdown: ScoreBreakdown
    rack_before: tuple[str, ...]
    drawn: tuple[str, ...]
    total: int
    bag_left: int
    next_player: int | None  # None while the game waits for a last challenge or has ended
    went_out: bool
    #: why the game ends after this play once it is accepted or survives a
    #: challenge ("out", "no_moves", "scoreless_turns"); None if it does not
    final: str | None = None

    @property
    def score(self) -> int:
        return self.breakdown.total


@dataclass(frozen=True)
class TilesExchanged(Event):
    player: int
    name: str
    returned: tuple[str, ...]
    drawn: tuple[str, ...]
    rack_before: tuple[str, ...]
    total: int
    bag_left: int
    next_player: int | None


@dataclass(frozen=True)
class TurnPassed(Event):
    player: int
    name: str
    rack_before: tuple[str, ...]
    total: int
    next_player: int | None


@dataclass(frozen=True)
class ChallengeResolved(Event):
    challenger: int
    challenger_name: str
    player: int  # whose play was challenged
    name: str
    words: tuple[str, ...]  # every word the play formed
    unacceptable: tuple[str, ...]  # those not in the word list
    withdrawn: bool  # the play was taken back
    #: by the player (their play's score, when withdrawn); or, in games of
    #: rules edition 1 only, by the challenger (the 5- or 10-point penalty)
    points_lost: int
    turn_lost: bool  # the challenger loses their next turn (double challenge)
    totals: tuple[int, ...]
    next_player: int | None
    #: gained by the player whose play stood (5- or 10-point rule)
    points_gained: int = 0


@dataclass(frozen=True)
class TurnLost(Event):
    """A player's turn skipped because they lost a double challenge."""

    player: int
    name: str
    total: int
    next_player: int | None


@dataclass(frozen=True)
class Adjustment:
    player: int
    name: str
    rack: tuple[str, ...]
    points: int  # added to the score (negative for a loss)


@dataclass(frozen=True)
class GameEnded(Event):
    #: why it ended, a code the presentation words: "out", "all_passed_twice",
    #: "no_moves", "scoreless_turns"
    reason: str
    out_player: int | None
    adjustments: tuple[Adjustment, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    #: the game had waited on its last play (accepted, or challenged and
    #: standing): why it ends (``reason``) was given then, with the wait
    waited: bool = False
    #: how many scoreless turns in a row ended it (reason "scoreless_turns"; else 0)
    scoreless_turns: int = 0
