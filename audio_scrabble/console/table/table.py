"""The table: who sits where, who may act, who may hear whose tiles, and
what the computers decide.

Built with the :class:`~audio_scrabble.core.game.Game` and reading the
names from it. It never changes the game: a computer's decision comes
back as a :class:`ComputerAction` that the session carries out through
the game's own actions, like a person's command. A seat may also be a
remote player's (:class:`~.seats.RemoteSeat`, a game between homes): its
actions arrive in its inbox, and :meth:`Table.remote_due` says when one is
awaited. The one loop that asks each seat that is not a person's for its
action is :meth:`.acting.Acting.steps`.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Mapping

from ...core.events import Event
from ...core.game import Game
from ...errors import ActionNotAllowed
from ...presentation import prompts
from ...presentation.phrases import Audience, join_and
from .. import services
from .seats import Outward, RemoteSeat
from ..asking.setup import Seat

#: a computer player: ``chooser(game, i) -> ComputerMove``, maybe with ``wants_challenge(game, i)``
Chooser = Callable[[Game, int], services.ComputerMove]


@dataclass
class ComputerAction:
    """What a computer does now: the game action, the lines said before
    its announcement, and (after a challenge on its own turn) whose turn
    goes unsaid because it was just said."""

    do: Callable[[Game], Event] | None
    said: list[str] = field(default_factory=list)
    quiet_turn_of: int | None = None
    #: a move of its own (not a challenge or an acceptance): when it
    #: cannot be made, the computer passes instead
    own_move: bool = False
    #: a move of its own still to choose (``do`` is None until then): the
    #: seat whose chooser :meth:`Table.choose` runs (off the input thread)
    mover: int | None = None


def _challenge_by(i: int) -> Callable[[Game], Event]:
    """Seat ``i`` challenges the last play."""
    return lambda g: g.challenge(i)


def answer_first() -> ActionNotAllowed:
    """The refusal of what cannot be done while the game's last play waits
    on challenge or accept: one sentence naming the two answers (the
    question is not asked again)."""
    return ActionNotAllowed(prompts.ANSWER_CHALLENGE_FIRST, brief=prompts.CHALLENGE_OR_ACCEPT)


def person_seats(seats: list[Seat]) -> list[int]:
    """The seats of the people (not computers)."""
    return [i for i, s in enumerate(seats) if not s.is_computer]


def lone_person(seats: list[Seat], remote: Collection[str] = ()) -> int | None:
    """The seat of the one person at a table of computers (and of remote
    players, named in ``remote``): "you" in what is said (None: several
    people here, or none)."""
    found = [i for i in person_seats(seats) if seats[i].name not in remote]
    return found[0] if len(found) == 1 else None


class Table:
    """The seats of one game and the turn policy around them."""

    def __init__(self, game: Game, seats: list[Seat], choosers: dict[int, Chooser] | None = None,
                 remotes: Mapping[int, RemoteSeat] | None = None):
        self.game = game
        self.seats = seats
        self.choosers: dict[int, Chooser] = dict(choosers or {})
        #: the seats of remote players (a game between homes): their actions arrive
        self.remotes: dict[int, RemoteSeat] = dict(remotes or {})
        #: handed each action made at this table (not one that arrived), to send on
        self.outward: Outward | None = None
        #: the sentence refusing every action here, first and alone, when the game is
        #: played elsewhere now (an honour game moved to its host's other computer), else None
        self.played_elsewhere: Callable[[], str | None] | None = None
        #: the player who pressed Enter for this turn (hand-over)
        self.ready: int | None = None
        #: the person whose rack was read since the screen was last cleared
        #: (a shared computer): it must leave the screen before another
        #: person sits down
        self.rack_shown: int | None = None
        #: the last play of a player who went out, once the people at the
        #: table have accepted it: the computers decide next
        self.declined: Any = None
        #: the traceback of a computer's mistake, for developers
        self.last_error: str | None = None

    # ------------------------------------------------------------ seats
    @property
    def names(self) -> tuple[str, ...]:
        return self.game.names

    @property
    def humans(self) -> list[int]:
        """The seats of the people at this table (not computers, not remote players)."""
        return [i for i in person_seats(self.seats) if i not in self.remotes]

    @property
    def you(self) -> int | None:
        """The one person at the table, if only one sits there: the person
        at the keyboard, told "your turn" (None: several people, or none)."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    @property
    def hot_seat(self) -> bool:
        """Two or more people share the computer: racks need a hand-over."""
        return len(self.humans) >= 2

    def is_computer(self, i: int) -> bool:
        return self.seats[i].is_computer

    def is_person(self, i: int) -> bool:
        """Whether seat ``i`` is a person at this table (not a computer, not remote)."""
        return not self.seats[i].is_computer and i not in self.remotes

    def wait_for(self, i: int) -> ActionNotAllowed:
        """The refusal of an action in seat ``i``'s turn, not a person's here."""
        name = self.names[i]
        return ActionNotAllowed(prompts.wait_for_remote(name) if i in self.remotes else prompts.wait_for(name))

    @property
    def audience(self) -> Audience:
        """Whose private tiles may be spoken: the lone human's, else nobody's;
        that human is "you"."""
        you = self.you
        return Audience(self.names, frozenset() if you is None else frozenset({you}), you)

    def levels(self) -> dict[int, str]:
        """The computer seats and their levels (for the save)."""
        return {i: s.computer for i, s in enumerate(self.seats) if s.computer}

    def line_owner(self) -> str | None:
        """Whose typed lines these are, at a shared computer: the player
        whose turn it is (each keeps their own line history, so that Ctrl-P
        or a search never brings back another's ``arrange`` of their rack);
        None where one history serves (one person, or the game over)."""
        game = self.game
        if not self.hot_seat or game.is_over:
            return None
        return self.names[game.current]

    # ------------------------------------------------------------ who may act
    def needs_hand_over(self, i: int) -> bool:
        """Whether person ``i`` must press Enter before the rack is heard."""
        return self.is_person(i) and self.hot_seat and self.ready != i

    def hand_over_due(self) -> bool:
        """Whether the rack on screen must leave it now: at a shared
        computer, the turn has left the person who read it (a computer may
        move next; the screen is cleared once, before what follows that
        person's action, so the next person reads all of it)."""
        game, shown = self.game, self.rack_shown
        return self.hot_seat and shown is not None and not game.is_over and game.current != shown

    def viewer(self) -> int:
        """The player whose rack may be read now; raises when nobody's may."""
        self.not_elsewhere()
        game = self.game
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        if game.is_over:
            raise ActionNotAllowed(prompts.RACKS_READ_AT_END)
        if game.awaiting_final_challenge:  # no hand-over until it is answered: no rack to read
            raise answer_first()
        cur = game.current
        if not self.is_person(cur):
            raise self.wait_for(cur)
        if self.ready != cur:
            raise ActionNotAllowed(prompts.press_enter_first(self.names[cur]))
        return cur

    def not_elsewhere(self) -> None:
        """Refuses, first and alone, when the game is played elsewhere now
        (:attr:`played_elsewhere`): not whose turn it is, nor that it is over."""
        elsewhere = self.played_elsewhere() if self.played_elsewhere is not None else None
        if elsewhere:
            raise ActionNotAllowed(elsewhere)

    def actor(self) -> int:
        """The human whose turn it is and who is ready to act; raises otherwise."""
        game = self.game
        self.not_elsewhere()
        if game.is_over:
            raise ActionNotAllowed(prompts.GAME_OVER_NEW_OR_QUIT)
        if game.awaiting_final_challenge:
            raise answer_first()
        cur = game.current
        if not self.is_person(cur):
            raise self.wait_for(cur)
        if self.hot_seat and self.ready != cur:
            raise ActionNotAllowed(prompts.press_enter_first(self.names[cur]))
        return cur

    # ------------------------------------------------------------ going out
    def final_deciders(self) -> tuple[list[int], list[int]]:
        """Who may still challenge the last play of a player who went out:
        (the people, the others: computers and remote players), each in
        seat order after that player. The people are asked first; once
        they accept, the others decide (each computer by its level, a
        remote player by what arrives), so a person at the table is never
        left out because a computer sits next. Between homes (remote
        seats) only the player after the one who went out decides, as
        every side's referee expects (two sides each waiting for the other
        to accept would wait for ever)."""
        game = self.game
        pend = game.pending_play
        if pend is None or not game.awaiting_final_challenge:
            return [], []
        n = len(game.players)
        order = [(pend.player + k) % n for k in range(1, 2 if self.remotes else n)]
        others = [i for i in order if not self.is_person(i)]
        people = [] if self.declined is pend else [i for i in order if self.is_person(i)]
        return people, others

    def final_challenger(self) -> int | None:
        """Who ``challenge`` alone stands for when a player has gone out:
        the first person asked (None: the core's default)."""
        people, _ = self.final_deciders()
        return people[0] if people else None

    def final_question(self) -> list[str]:
        """Why the last play ends the game (who went out, or that no one
        can move, or the sixth scoreless turn), and who is asked to
        challenge or accept."""
        pend = self.game.pending_play
        if pend is None:
            return [prompts.CHALLENGE_OR_ACCEPT]
        people, _ = self.final_deciders()
        asked = [self.names[i] for i in people]
        # who went out, that no one can move after it, or the last scoreless turn
        return prompts.final_question(self.game.final_reason, pend.name, asked,
                                      self.game.rules.scoreless_turns_limit or 0, you=pend.player == self.you,
                                      asking_you=people == [self.you])

    def people_accept(self) -> list[str] | None:
        """``accept`` by the people when a computer is still to decide:
        what to say (None: the acceptance ends the game, for the game to do)."""
        self.game.check_accept()
        people, computers = self.final_deciders()
        if people and computers:
            self.declined = self.game.pending_play
            return [prompts.people_accept([self.names[i] for i in people], people == [self.you])]
        return None

    # ------------------------------------------------------------ computers
    def thinks_long(self, i: int) -> bool:
        """Whether seat ``i``'s computer takes a while over its move now
        (choosers that are plain functions never do)."""
        thinks_over = getattr(self.choosers.get(i), "thinks_over", None)
        return thinks_over is not None and bool(thinks_over(self.game))

    def thinker(self) -> str | None:
        """The name of the computer about to think over its move (the
        champion simulates), to say so before the wait; else None."""
        if not self.computer_to_move() or self.game.awaiting_final_challenge:
            return None
        i = self.game.current
        if not self.thinks_long(i):
            return None
        pend = self.game.pending_play
        if pend is not None and pend.player != i and self.game.why_not_challenge(i) is None \
                and self.game.unacceptable_words(pend.breakdown):
            return None  # it challenges the phony first (no long think); said before its move, after
        return self.names[i]

    def close(self) -> None:
        """Let the computers' worker processes go (the champion's)."""
        for chooser in self.choosers.values():
            close = getattr(chooser, "close", None)
            if close is not None:
                close()

    def computer_to_move(self) -> bool:
        """Whether a computer player acts next (its move or its challenge)."""
        game = self.game
        if game.is_over or self.remote_due() is not None:
            return False
        if game.awaiting_final_challenge:
            people, computers = self.final_deciders()
            return bool(computers) and not people  # the people first
        return self.is_computer(game.current)

    def remote_due(self) -> int | None:
        """The remote player whose action the table awaits now (None: none
        is). When a player has gone out and the people here have accepted,
        the first remote player asked decides for the others."""
        game = self.game
        if game.is_over or not self.remotes:
            return None
        if game.awaiting_final_challenge:
            people, others = self.final_deciders()
            remote = [i for i in others if i in self.remotes]
            return remote[0] if remote and not people else None
        return game.current if game.current in self.remotes else None

    def computer_action(self) -> ComputerAction:
        """The next computer decision: a challenge of a phony, an
        acceptance, or its own move, still to choose (``mover``)."""
        game = self.game
        pend = game.pending_play
        if game.awaiting_final_challenge:
            _, computers = self.final_deciders()
            for c in computers:
                if self.wants_challenge(c):
                    return ComputerAction(_challenge_by(c))
            who = join_and([self.names[c] for c in computers])
            return ComputerAction(lambda g: g.accept(), [prompts.computers_accept(who, len(computers))])
        i = game.current
        if pend is not None and pend.player != i and game.why_not_challenge(i) is None and self.wants_challenge(i):
            # Its turn was said just before; after the challenge it is
            # said again only if the turn has moved on.
            return ComputerAction(lambda g: g.challenge(i), quiet_turn_of=i)
        return ComputerAction(None, own_move=True, mover=i)

    def choose(self, i: int, game: Game) -> services.ComputerMove:
        """Computer ``i``'s move on ``game`` (a copy of the game at the
        table: this runs on the thinker's thread, see console/table/thinking.py)."""
        return self.choosers[i](game, i)

    def move_action(self, i: int, chosen: Callable[[], services.ComputerMove]) -> ComputerAction:
        """The action of computer ``i``'s chosen move (``chosen()`` gives it,
        or raises the error met choosing it): a pass when it could not choose one."""
        try:
            move = chosen()
            if move.kind == "place" and move.play is not None:
                play = move.play
                return ComputerAction(lambda g: g.place(play), own_move=True)
            if move.kind == "exchange" and move.tiles:
                tiles = list(move.tiles)
                return ComputerAction(lambda g: g.exchange(tiles), own_move=True)
            if move.kind == "pass":
                return ComputerAction(lambda g: g.pass_turn(), own_move=True)
        except Exception:  # a computer's mistake must not stop the game
            self.last_error = traceback.format_exc()
        return self.computer_passes(i)

    def computer_passes(self, i: int) -> ComputerAction:
        """Its choice could not be made (or was not understood): it passes."""
        return ComputerAction(lambda g: g.pass_turn(), prompts.could_not_move(self.names[i]))

    def wants_challenge(self, i: int) -> bool:
        """Whether computer player ``i`` challenges the pending play."""
        game = self.game
        wants = getattr(self.choosers.get(i), "wants_challenge", None)
        try:
            if wants is not None:
                return bool(wants(game, i))
            pend = game.pending_play
            return pend is not None and bool(game.unacceptable_words(pend.breakdown))
        except Exception:
            self.last_error = traceback.format_exc()
            return False
