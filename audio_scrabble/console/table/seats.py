"""Seats whose actions come from elsewhere: a remote player's.

At the table a seat is a person at this keyboard, a computer (its move
chosen on the thinker's thread, see :mod:`.thinking`), or a remote player
(a game between homes): a :class:`RemoteSeat`, whose actions arrive as
events. A transport's thread puts each action that arrives in the seat's
inbox (:meth:`RemoteSeat.put`, thread-safe); the table's one loop
(:meth:`.acting.Acting.steps`) asks each seat that is not a person's for
its action, and takes what has arrived: it is made through the game's own
actions, the path a computer's move takes (compute, save, then say: "Bob's
move has arrived.", the move, whose turn). While nothing has arrived the
table waits for it: the person here can still read the game; a command
that would change it is refused, saying whose turn it is.

Outward, the other way: every action made at this table (not one that
arrived) is handed to the table's :data:`Outward` hook with the events it
made, for the online layer to send.

A game between homes whose records are applied when they come back from
the room (the link's one order decides) plugs in as a :class:`Relay`
instead (see :mod:`.online_table`): an action made here is handed to it
*instead* of being made; everything the room applies, whoever sent it,
waits in the relay as a :class:`Relayed` and is made, in order, by the
table's one loop.
"""

from __future__ import annotations

import logging
import queue
from dataclasses import dataclass
from typing import Callable, Protocol, Sequence

from ...core.events import Event
from ...core.game import Game
from ...core.play import Play

log = logging.getLogger(__name__)

PLACE, EXCHANGE, PASS, CHALLENGE, ACCEPT = "place", "exchange", "pass", "challenge", "accept"

#: a hook handed each action made at this table (its events), to send it on
Outward = Callable[[Sequence[Event]], None]


@dataclass(frozen=True)
class SeatMove:
    """An action that arrived for a seat: a play, an exchange, a pass, a
    challenge of the last play, or the acceptance of a player's going out."""

    kind: str
    play: Play | None = None
    tiles: tuple[str, ...] = ()

    def action(self, seat: int) -> Callable[[Game], Event]:
        """The game's own action for it, made for ``seat`` (the core refuses
        an illegal one with its typed error, changing nothing)."""
        kind, play, tiles = self.kind, self.play, list(self.tiles)
        if kind == PLACE and play is not None:
            return lambda g: g.place(play)
        if kind == EXCHANGE:
            return lambda g: g.exchange(tiles)
        if kind == PASS:
            return lambda g: g.pass_turn()
        if kind == CHALLENGE:
            return lambda g: g.challenge(seat)
        if kind == ACCEPT:
            return lambda g: g.accept()
        raise ValueError(f"not an action a seat can make: {kind!r}")


class RemoteSeat:
    """A seat whose actions arrive from elsewhere: an inbox that a
    transport's thread fills, and the table's loop empties."""

    def __init__(self) -> None:
        self._inbox: queue.SimpleQueue[SeatMove] = queue.SimpleQueue()
        #: called on the putting thread after an action arrives (the app wakes its prompt)
        self.on_arrival: Callable[[], None] | None = None

    def put(self, move: SeatMove) -> None:
        """An action arrived (any thread)."""
        self._inbox.put(move)
        hook = self.on_arrival
        if hook is not None:
            try:
                hook()
            except Exception:  # the prompt may be gone (the game was left)
                pass

    @property
    def arrived(self) -> bool:
        """Whether an action waits to be made."""
        return not self._inbox.empty()

    def take(self) -> SeatMove | None:
        """The first action that arrived and is not made yet (None: nothing)."""
        try:
            return self._inbox.get_nowait()
        except queue.Empty:
            return None


@dataclass(frozen=True)
class Relayed:
    """What the room applied, for the table: lines said first, the game
    action that brings the table's game to the room's (None: nothing on the
    board changes), and lines said after it."""

    said: tuple[str, ...] = ()
    do: Callable[[Game], Event] | None = None
    after: tuple[str, ...] = ()


class Relay(Protocol):
    """A game between homes at this table (see the module doc)."""

    def owns(self, game: Game) -> bool:
        """Whether ``game`` is the game this relay keeps in step with its room."""
        ...

    def send(self, game: Game, do: Callable[[Game], Event]) -> list[str]:
        """An action made here: tried, sent to the room and not made; what
        to say while it has not come back (nothing when it has)."""
        ...

    @property
    def arrived(self) -> bool:
        """Whether something the room applied waits to be said."""
        ...

    def take(self) -> Relayed | None:
        """The first thing the room applied that is not said yet."""
        ...


class Notices:
    """Lines from games not open at the table (a move that arrived in
    another game between homes): put on any thread, said once by the
    table's one loop (:meth:`.acting.Acting.steps`) above the prompt. A
    line may carry what to note once it is taken to be said (``said``: a
    chat line counted in its game's log then, not as it came, so a line
    still waiting when the program ends is said at its next start)."""

    def __init__(self) -> None:
        self._lines: queue.SimpleQueue[tuple[str, Callable[[], None] | None]] = queue.SimpleQueue()

    def __deepcopy__(self, memo: dict[int, object]) -> "Notices":
        """A copied table (a session tried on a copy) starts with none
        waiting: the lines waiting are the original's, said once, there."""
        return Notices()

    def put(self, line: str, said: Callable[[], None] | None = None) -> None:
        self._lines.put((line, said))

    @property
    def pending(self) -> bool:
        return not self._lines.empty()

    def take(self) -> list[str]:
        """Every line waiting, once (each ``said`` noted as it is taken)."""
        out: list[str] = []
        while True:
            try:
                line, said = self._lines.get_nowait()
            except queue.Empty:
                return out
            out.append(line)
            if said is not None:
                try:
                    said()
                except Exception:  # a note that could not be kept: the line is said all the same
                    log.exception("a line's note could not be kept")
