"""The rack keeper (console/table/racks.py): each player's own order of the rack,
kept across turns, and the tiles drawn after a play that may still be
challenged, counted but not named until it stands.

Through ``RackKeeper`` and ``rack_reply`` on a real game (single-challenge
rules, a word list of one word so that a challenge can take a play back),
and through the console where the order is heard.
"""

from __future__ import annotations

from audio_scrabble.console import services
from audio_scrabble.console.table.racks import RackKeeper, rack_reply
from audio_scrabble.core.events import TilesPlaced
from audio_scrabble.core.game import Game
from audio_scrabble.core.rules import rules_named
from audio_scrabble.notation.plays import parse_play
from audio_scrabble.presentation.braille_lines import is_cells_line
from audio_scrabble.presentation.phrases import Audience, Style
from console_kit import session

BOTH = frozenset({0, 1})


def _game() -> Game:
    # seed 3: Ann starts with F L E T Z J E
    return Game(["Ann", "Bob"], rules_named("single"), 3, services.WordSet(["QI"]))


def _play_two(game: Game, keeper: RackKeeper) -> tuple[TilesPlaced, list[str]]:
    """Ann plays her first two tiles as she keeps them, on the star."""
    before = keeper.rack_of(0)
    event = game.place(parse_play("8H " + "".join(before[:2]), game.board))
    keeper.note_draws([event], before, BOTH)
    return event, before


def test_a_players_order_is_kept_and_new_tiles_go_to_the_right_end() -> None:
    game = _game()
    keeper = RackKeeper(game)
    assert keeper.rack_of(0) == list(game.players[0].rack)
    keeper.set_order(0, ["Z", "J", "F", "L", "E", "T", "E"])
    event, _ = _play_two(game, keeper)  # Z and J
    assert keeper.rack_of(0) == ["F", "L", "E", "T", "E", *event.drawn]


def test_a_saved_order_keeps_only_the_tiles_still_held() -> None:
    game = _game()
    keeper = RackKeeper(game)
    keeper.restore({0: "QEJ", 5: "ABC"})  # Q is not held; seat 5 does not exist
    assert keeper.rack_of(0) == ["E", "J", "F", "L", "E", "T", "Z"]  # the rest as drawn
    assert set(keeper.order) == {0, 1}


def test_tiles_drawn_after_a_play_that_may_be_challenged_are_counted_not_named() -> None:
    game = _game()
    keeper = RackKeeper(game)
    event, _ = _play_two(game, keeper)
    audience = Audience(game.names, BOTH)
    assert keeper.announce_audience(audience, [event]).reveal == {1}  # Ann's draw: counted only
    assert keeper.new_tiles_lines(0, BOTH) == []  # the play may still be challenged
    game.pass_turn()  # Bob lets it stand
    keeper.note_draws([], [], BOTH)
    said = keeper.new_tiles_lines(0, BOTH)
    assert said and all(t in " ".join(said) for t in event.drawn)
    assert keeper.new_tiles_lines(0, BOTH) == []  # said once


def test_a_play_taken_back_gives_the_rack_back_in_the_order_it_was_kept() -> None:
    game = _game()
    keeper = RackKeeper(game)
    keeper.set_order(0, ["E", "J", "Z", "T", "E", "L", "F"])
    _, before = _play_two(game, keeper)
    challenge = game.challenge(1)  # EJ is not in the word list
    assert challenge.withdrawn
    keeper.note_draws([challenge], [], BOTH)
    assert keeper.rack_of(0) == before
    assert keeper.new_tiles_lines(0, BOTH) == []  # nothing drawn to name


def test_a_draw_for_a_player_not_heard_here_is_never_named() -> None:
    game = _game()
    keeper = RackKeeper(game)
    event, _ = _play_two(game, keeper)
    game.pass_turn()
    assert keeper.new_tiles_lines(0, frozenset({1})) == []


def test_a_rack_as_read_in_print_and_in_braille() -> None:
    tiles = ["E", "Z", "?"]
    assert rack_reply(tiles, Style(), None) == ["Rack: E Z blank."]
    lines = rack_reply(tiles, Style(), 20, owner="Ann")
    assert lines[0] == "Ann, your rack:"
    assert is_cells_line(lines[1]) and lines[-1] == "Rack: E Z blank."
    assert all(len(line) <= 20 for line in lines)
    assert rack_reply([], Style(), 20) == rack_reply([], Style(), None)  # no cells for an empty rack


def test_the_order_arranged_is_the_order_heard_next_turn() -> None:
    s, _ = session("Ann,Bob", seed=3)
    s.handle_line("")  # the hand-over: Ann's rack
    rack = s.match.rack_of(s.game.current)
    wanted = "".join(reversed(rack))
    s.handle_line(f"arrange {wanted}")
    assert s.handle_line("rack")[-1] == "Rack: " + " ".join(wanted) + "."
