"""One game at the table: the game and the parts that serve it while it
is played (the table, the racks, what opens a turn, the coach), what the
commands read of it (who may act, whose rack may be heard, a player by
name, the last move), and how an action's events are announced.

A :class:`Match` never saves and never asks: the session makes every
action through :meth:`Session.act` (compute, save, then say), which
calls :meth:`Match.announce_action` for the words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from ...core.board import Board

from ...core.events import Event
from ...core.game import Game
from ...errors import ActionNotAllowed, NotationError
from ...presentation import phrases, prompts
from ...presentation.phrases import Audience
from .coach import Coach
from .racks import RackKeeper, rack_reply
from ..files.table_settings import table_state
from ..asking.settings import Settings
from ..asking.setup import Seat
from .seats import Outward, RemoteSeat
from .table import Chooser, Table
from .turns import TurnTeller


@dataclass
class Announced:
    """An action made and said: its lines, whether a round heard at once ends
    with it, its events and whether it gives a person here the turn (for the
    sound cue, played after the save)."""

    lines: list[str]
    round_end: bool
    events: Sequence[Event]
    your_turn: bool


class Match:
    """A game at the table, and everything read of it while it is played."""

    def __init__(self, game: Game, seats: list[Seat], choosers: dict[int, Chooser], lexicon: Any,
                 settings: Settings, told_challenge: bool = False, remotes: Mapping[int, RemoteSeat] | None = None,
                 outward: Outward | None = None):
        self.game = game
        self.settings = settings
        self.table = Table(game, seats, choosers, remotes)
        self.table.outward = outward
        self.racks = RackKeeper(game)
        self.turns = TurnTeller(game, self.table, self.racks, settings)
        self.turns.told_challenge = told_challenge  # the first-time hint is given once a session
        self.coach = Coach(game, lexicon, self.table.you)

    def table_state(self, lexicon_path: str | None) -> Any:
        """What a save keeps beside the game (a persistence.TableState): the
        seats' computer levels, the word list, every setting, each player's
        arrangement of their rack, and whether the challenge window has
        been pointed out."""
        return table_state(self.table.levels(), lexicon_path, self.coach.lexicon, self.settings,
                           self.racks.order, self.turns.told_challenge)

    def prompt_forms(self) -> tuple[str, str | None]:
        """The prompt, and its short form for a narrow braille display."""
        game = self.game
        if game.is_over:
            return (prompts.REVIEW_PROMPT, None) if self.coach.reviewing else prompts.OVER_PROMPT
        if game.awaiting_final_challenge:
            return prompts.FINAL_PROMPT
        if not self.table.is_person(game.current):  # it moves (the champion thinks; a remote move is awaited)
            you = self.table.you
            return prompts.waiting_prompt(None if you is None else self.names[you])
        return prompts.player_prompt(self.names[game.current]), None

    def other_prompts(self) -> tuple[str, ...]:
        """The prompts of the players whose turn it is not: a prompt cut
        for a narrow display must not read as one of theirs."""
        game = self.game
        return tuple(prompts.player_prompt(name) for i, name in enumerate(game.names) if i != game.current)

    # ------------------------------------------------------------ what the commands read
    @property
    def names(self) -> tuple[str, ...]:
        return self.game.names

    @property
    def audience(self) -> Audience:
        """Whose private tiles may be spoken: the lone human's, else nobody's."""
        return self.table.audience

    def is_computer(self, i: int) -> bool:
        return self.table.is_computer(i)

    def viewer(self) -> int:
        """The player whose rack may be read now; raises when nobody's may."""
        return self.table.viewer()

    def actor(self) -> int:
        """The human whose turn it is and who is ready to act; raises otherwise."""
        return self.table.actor()

    def rack_of(self, i: int) -> list[str]:
        """The player's rack in the order the player has arranged it."""
        return self.racks.rack_of(i)

    def rack_reply(self, tiles: Sequence[str], owner: str | None = None) -> list[str]:
        """A rack as it is read (see :func:`racks.rack_reply`)."""
        return rack_reply(tiles, self.settings.style, self.settings.braille_width, owner)

    def final_challenger(self) -> int | None:
        """Who ``challenge`` alone stands for when a player has gone out."""
        return self.table.final_challenger()

    def new_tiles_lines(self, i: int) -> list[str]:
        """The tiles player ``i`` drew after a play, once it can no longer be challenged."""
        return self.turns.new_tiles(i)

    def player_named(self, text: str) -> int:
        """A player by name (any case, or the start of the name)."""
        names = self.names
        low = text.strip().casefold()
        exact = [i for i, n in enumerate(names) if n.casefold() == low]
        if exact:
            return exact[0]
        starts = [i for i, n in enumerate(names) if n.casefold().startswith(low)]
        if len(starts) == 1:
            return starts[0]
        raise NotationError(prompts.no_such_player(text.strip(), names), brief=prompts.no_such_player_brief(text.strip()))

    def history_events(self) -> list[Event]:
        return list(self.game.history)

    def last_turn_event(self) -> Event | None:
        return phrases.last_move_event(self.history_events())

    # ------------------------------------------------------------ turns
    def empty_line(self) -> tuple[list[str], bool]:
        """Enter on an empty line: the lines, and whether a rack was handed
        over (the screen is then cleared first, so that the last player's
        rack does not stay readable)."""
        game, table = self.game, self.table
        if game.is_over:
            if self.coach.reviewing:
                return self.coach.next(), False
            return list(prompts.GAME_OVER_LINES), False
        if game.awaiting_final_challenge:
            return table.final_question(), False
        cur = game.current
        if table.needs_hand_over(cur):
            table.ready = table.rack_shown = cur
            return self.turns.hand_over(cur), True
        return prompts.turn_with_help(self.names[cur], cur == table.you), False

    def announce_action(self, do: Callable[[Game], Event]) -> Announced:
        """Do one game action and say what happened (not yet whose turn it
        is); also whether a round heard at once ends here (a computer moved),
        and what the sound cue after it is to say (played once it is saved).

        One person against the computers hears a round at once: the totals
        once, after the last play of it; no turn line for a computer, which
        moves at once; the tiles drawn, named before the rack."""
        game, table, racks = self.game, self.table, self.racks
        before_current, before_turn = game.current, game.turn
        totals = game.scores()
        order_before = list(racks.order.get(before_current, []))
        do(game)  # the core refuses before it changes anything
        events = game.last_events
        compact = self.turns.compact
        racks.note_draws(events, order_before, table.audience.reveal, later=compact)
        if game.current != before_current or game.turn != before_turn:
            table.ready = None
        computer_next = table.computer_to_move()
        your_turn = (not game.is_over and not computer_next and game.current != before_current
                     and table.is_person(game.current))
        # a round heard at once: the chance to challenge the computer's play
        # right after it, before the totals (then not again with the rack)
        challenge = (self.turns.challenge_hint() if compact and your_turn and table.is_computer(before_current)
                     and not game.awaiting_final_challenge else [])
        lines = phrases.announce(events, racks.announce_audience(table.audience, events), totals,
                                 self.settings.style, compact=compact, scores=not (compact and computer_next),
                                 challenge=challenge)
        return Announced(lines, compact and table.is_computer(before_current), events, your_turn)

    def people_accept(self) -> list[str] | None:
        """``accept`` when a player went out (see :meth:`Table.people_accept`)."""
        return self.table.people_accept()

    def nothing_to_accept(self) -> list[str] | None:
        """``accept`` when no last play waits on it (the core would refuse:
        "nothing to accept"): that the last play stands, when another
        player's play could still be challenged, and whose turn it is;
        nothing changes. None: there is a play to accept."""
        game, you = self.game, self.table.you
        if game.awaiting_final_challenge:
            return None
        if game.is_over:
            raise ActionNotAllowed(prompts.GAME_OVER_NEW_OR_QUIT)
        pend, cur = game.pending_play, game.current
        played = pend.name if pend is not None and pend.player != cur else None
        return prompts.nothing_to_accept(played, self.names[cur], pend is not None and pend.player == you,
                                         cur == you, self.settings.style.brief)


def need(match: Match | None) -> Match:
    """The match, or the refusal of a command that needs a game."""
    if match is None:
        raise ActionNotAllowed(prompts.NOT_STARTED)
    return match


_EMPTY_BOARD = Board()


class Seated:
    """What is read of the game at a table that may have none yet (before
    the game starts): the session's ``game``, ``board``, ``playing()``..."""

    match: Match | None

    @property
    def game(self) -> Game | None:
        return self.match.game if self.match is not None else None

    @property
    def table(self) -> Table | None:
        return self.match.table if self.match is not None else None

    @property
    def racks(self) -> RackKeeper | None:
        return self.match.racks if self.match is not None else None

    @property
    def names(self) -> tuple[str, ...]:
        return self.match.names if self.match is not None else ()

    @property
    def board(self) -> Board:
        """The game's board (an empty one before the game starts)."""
        return self.match.game.board if self.match is not None else _EMPTY_BOARD

    @property
    def coach(self) -> Coach:
        """Hints and the review; refused before the game starts."""
        return self.playing().coach

    def playing(self) -> Match:
        """The game at the table; refused (a typed error) before it starts."""
        return need(self.match)

    def need_game(self) -> Game:
        return self.playing().game
