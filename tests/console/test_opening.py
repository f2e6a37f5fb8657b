"""How a game comes to the table (console/table/opening.py): the set-up the
command line answered, ``new`` with the same seats and rules, a
``--position`` and a resumed save. ``Opening`` builds each game, its
computers and its opening lines, and counts the games; it seats nothing
(it returns a ``Seating``).
"""

from __future__ import annotations

from audio_scrabble.console import services
from audio_scrabble.console.table.opening import Opening
from audio_scrabble.console.options import Options
from audio_scrabble.console.files.saving import Resumed
from audio_scrabble.console.asking.setup import Seat
from audio_scrabble.core.game import Game
from audio_scrabble.core.rules import rules_named
from audio_scrabble.persistence import TableState
from console_kit import session

WORDS = services.WordSet(["QI"])
WINDY = "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 0 lex NWL20;"


class Factory:
    """Makes computer players that pass, and keeps what each was made with."""

    def __init__(self) -> None:
        self.made: list[tuple[str, int]] = []

    def __call__(self, level: str, lexicon: object, seed: int):
        self.made.append((level, seed))
        return lambda game, i: services.ComputerMove("pass")


def test_the_command_line_answers_the_set_up_and_house_rules_are_the_default() -> None:
    opening = Opening(Options(players="Ann,computer:club", seed=5), Factory(), lambda: 3)
    setup, said = opening.setup_flow()
    assert said == []
    assert setup.players == [Seat("Ann"), Seat("Club computer", "club")]
    assert setup.rules is not None and setup.rules.name == "house"


def test_a_players_or_rules_option_that_cannot_be_read_is_said_and_asked_again() -> None:
    setup, said = Opening(Options(players="Ann,Ann"), Factory(), lambda: 3).setup_flow()
    assert setup.seats is None and " ".join(said) == "Ann is named twice; give each player a different name."
    setup, said = Opening(Options(players="Ann,Bob", rules="bogus"), Factory(), lambda: 3).setup_flow()
    assert setup.rules is None and said[0].startswith("No rules called 'bogus'")


def test_each_new_game_takes_the_next_seed_and_its_computers_their_own() -> None:
    factory = Factory()
    opening = Opening(Options(players="Ann,computer:club", seed=5), factory, lambda: 3)
    setup, _ = opening.setup_flow()
    first = opening.new_game(setup, WORDS)
    second = opening.new_game(setup, WORDS)
    assert (first.game.seed, second.game.seed, opening.games_played) == (5, 6, 2)
    assert factory.made == [("club", 5 + 7919 * 2), ("club", 6 + 7919 * 2)]
    assert set(first.choosers) == {1} and first.seats == setup.players and first.setup is setup
    assert first.state is None and not first.saved


def test_the_opening_lines_say_the_rules_then_the_draw_for_first() -> None:
    opening = Opening(Options(players="Ann,computer:club", seed=5), Factory(), lambda: 3)
    setup, _ = opening.setup_flow()
    lines = opening.new_game(setup, WORDS).lines
    assert lines == ["House rules (RNIB leaflet).", "You drew E, Club computer drew R.", "You play first."]


def test_a_remote_player_is_never_you() -> None:
    opening = Opening(Options(players="Ann,Bob", rules="double", seed=2), Factory(), lambda: 3, remote={"Bob"})
    setup, _ = opening.setup_flow()
    lines = opening.new_game(setup, WORDS).lines
    assert lines[:2] == ["North American tournament rules,", "double challenge."]
    assert lines[2:] == ["You drew B, Bob drew O.", "You play first."]
    both_here = Opening(Options(players="Ann,Bob", seed=2), Factory(), lambda: 3)
    setup, _ = both_here.setup_flow()
    assert both_here.new_game(setup, WORDS).lines[1] == "Ann drew B, Bob drew O."


def test_a_position_starts_with_its_scores() -> None:
    opening = Opening(Options(position=WINDY, seed=9), Factory(), lambda: 3)
    seating = opening.position(WORDS)
    assert seating.lines == ["House rules (RNIB leaflet).", "Position: You 0, Club computer 32."]
    assert seating.game.scores() == (0, 32) and opening.games_played == 1
    assert seating.game.board.rows_text()[7] == "...WINDY......."


def test_a_resumed_game_is_said_as_it_was_left_and_counts_as_played() -> None:
    game = Game(["Ann", "Club computer"], rules_named("house"), 11, WORDS)
    game.pass_turn()
    factory = Factory()
    options = Options(players="Ann,computer:club")
    opening = Opening(options, factory, lambda: 3)
    seating = opening.resumed(Resumed(game, TableState(computers={1: "club"}), WORDS, "/tmp/words.txt",
                                      ["A damaged save was set aside."]))
    assert seating.lines == ["A damaged save was set aside.", "Resumed. House rules (RNIB leaflet).",
                             "You 0, Club computer 0.", "Last move: you passed.", "86 tiles in the bag."]
    assert seating.seats == [Seat("Ann"), Seat("Club computer", "club")]
    assert seating.saved and seating.state is not None
    # a new game after it keeps its word list and goes on from its seed
    assert (options.lexicon, options.seed, opening.games_played) == ("/tmp/words.txt", 11, 1)
    assert factory.made == [("club", 11 + 7919 * 2)]


def test_new_at_the_table_opens_the_next_game_with_the_same_seats() -> None:
    s, _ = session("Ann,computer:club", seed=5)
    first_seed = s.game.seed
    s.handle_line("new")
    said = s.handle_line("yes")
    assert s.game.seed == first_seed + 1
    assert any(line == "House rules (RNIB leaflet)." for line in said)
    assert s.game.names == ("Ann", "Club computer")
