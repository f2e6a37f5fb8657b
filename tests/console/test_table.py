"""The table (console/table/table.py): who sits where, who may act, who may hear
whose tiles, and what the computers decide, on a real game; the table
never changes the game itself (a computer's decision comes back as an
action the session carries out).
"""

from __future__ import annotations

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.table.seats import RemoteSeat
from audio_scrabble.console.asking.setup import Seat
from audio_scrabble.console.table.table import Table, lone_person, person_seats
from audio_scrabble.core.events import ChallengeResolved, TilesPlaced, TurnPassed
from audio_scrabble.core.game import Game
from audio_scrabble.core.rules import rules_named
from audio_scrabble.errors import ActionNotAllowed
from audio_scrabble.notation.plays import parse_play


def _table(*seats: Seat, remote: tuple[int, ...] = (), choosers=None, words=("QI",)) -> Table:
    game = Game([s.name for s in seats], rules_named("single"), 3, services.WordSet(list(words)))
    return Table(game, list(seats), choosers, {i: RemoteSeat() for i in remote})


def _phony(table: Table) -> TilesPlaced:
    """The player to move plays two of their tiles on the star (not a word)."""
    game = table.game
    rack = [t for t in game.players[game.current].rack if t != "?"]
    return game.place(parse_play("8H " + "".join(rack[:2]), game.board))


ANN, BOB, CLUB = Seat("Ann"), Seat("Bob"), Seat("Club computer", "club")


def test_the_people_the_computers_and_the_remote_players() -> None:
    seats = [ANN, CLUB, BOB]
    assert person_seats(seats) == [0, 2]
    assert lone_person(seats) is None and lone_person(seats, remote={"Bob"}) == 0
    table = _table(*seats, remote=(2,))
    assert table.humans == [0] and table.you == 0 and not table.hot_seat
    assert table.is_person(0) and not table.is_person(1) and not table.is_person(2)
    assert table.is_computer(1) and not table.is_computer(2)
    assert table.levels() == {1: "club"}
    assert table.audience.reveal == {0} and table.audience.you == 0


def test_at_a_shared_computer_nobodys_tiles_are_said_and_each_presses_enter() -> None:
    table = _table(ANN, BOB)
    assert table.hot_seat and table.you is None and table.audience.reveal == frozenset()
    cur = table.game.current
    name = table.names[cur]
    assert table.line_owner() == name
    assert table.needs_hand_over(cur)
    with pytest.raises(ActionNotAllowed, match=f"{name}, press Enter"):
        table.actor()
    with pytest.raises(ActionNotAllowed, match="press Enter"):
        table.viewer()
    table.ready = cur
    assert not table.needs_hand_over(cur) and table.actor() == cur and table.viewer() == cur
    table.rack_shown = cur
    assert not table.hand_over_due()
    table.game.pass_turn()
    assert table.hand_over_due()  # the rack read must leave the screen before the next person


def test_a_turn_not_a_persons_here_is_refused_saying_whose_it_is() -> None:
    table = _table(ANN, CLUB, BOB, remote=(2,))
    assert "wait for it to play" in str(table.wait_for(1))
    assert "wait for the move" in str(table.wait_for(2))
    while table.game.current == 0:
        table.game.pass_turn()
    with pytest.raises(ActionNotAllowed, match="Club computer"):
        table.actor()
    assert table.viewer() == 0  # the one person here may read the rack at any time


def test_the_table_awaits_a_remote_players_action_not_a_computers() -> None:
    table = _table(ANN, BOB, remote=(1,))
    while table.game.current != 1:
        table.game.pass_turn()
    assert table.remote_due() == 1 and not table.computer_to_move()
    table.game.pass_turn()
    assert table.remote_due() is None


def test_a_computer_challenges_a_phony_else_chooses_its_own_move() -> None:
    table = _table(ANN, CLUB)
    while table.game.current != 0:
        table.game.pass_turn()
    _phony(table)  # Ann's two tiles: not in the word list
    assert table.computer_to_move()
    action = table.computer_action()
    assert action.do is not None and action.quiet_turn_of == 1
    event = action.do(table.game)
    assert isinstance(event, ChallengeResolved) and event.withdrawn
    own = table.computer_action()
    assert own.do is None and own.own_move and own.mover == 1


def test_a_computers_move_becomes_the_games_action_or_a_pass() -> None:
    table = _table(ANN, CLUB)
    chosen = table.move_action(1, lambda: services.ComputerMove("pass"))
    assert chosen.do is not None and chosen.own_move and chosen.said == []

    def broken() -> services.ComputerMove:
        raise RuntimeError("lost its way")

    passes = table.move_action(1, broken)
    assert " ".join(passes.said) == "Club computer could not make its move, so it passes."
    assert "lost its way" in (table.last_error or "")
    while table.game.current != 1:
        table.game.pass_turn()
    assert isinstance(passes.do(table.game), TurnPassed)


class _Champion:
    """A chooser that thinks long, and is closed at the end."""

    def __init__(self) -> None:
        self.closed = False

    def __call__(self, game: Game, i: int) -> services.ComputerMove:
        return services.ComputerMove("pass")

    def thinks_over(self, game: Game) -> bool:
        return True

    def close(self) -> None:
        self.closed = True


def test_a_long_think_is_named_before_it_and_its_workers_let_go() -> None:
    champion = _Champion()
    table = _table(ANN, Seat("Champion computer", "champion"), choosers={1: champion})
    while table.game.current != 1:
        table.game.pass_turn()
    assert table.thinks_long(1) and table.thinker() == "Champion computer"
    assert not table.thinks_long(0)
    assert table.choose(1, table.game).kind == "pass"
    table.close()
    assert champion.closed
