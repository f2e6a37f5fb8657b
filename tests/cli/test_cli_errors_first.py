"""A command line the game cannot read is refused in one line, said first:
argparse printed a dozen lines of usage before the fault, which a screen
reader reads in full before the one line that matters."""

from __future__ import annotations

import pytest

from audio_scrabble.cli import main


@pytest.mark.parametrize("argv, said", [
    (["--bogus"], "audio-scrabble: error: unrecognized arguments: --bogus; audio-scrabble --help lists the options."),
    (["--speech"], "audio-scrabble: error: argument --speech: expected one argument; "
                   "audio-scrabble --help lists the options."),
    (["--players", "Alice"], "audio-scrabble: error: argument --players: "
                             "A game needs 2 to 4 players; 1 was named: give names like Alice,Bob."),
])
def test_a_command_line_refused_is_one_line_with_the_way_out(argv, said, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert capsys.readouterr().err.splitlines() == [said]


def test_players_take_a_level_as_the_level_question_does():
    # the question took "hard" (expert), --players refused computer:hard
    from audio_scrabble.console.asking.setup import parse_players

    seats = parse_players("Alice,computer:hard,computer 1", computers=True)
    assert [(s.name, s.computer) for s in seats] == [
        ("Alice", None), ("Expert computer", "expert"), ("Beginner computer", "beginner")]
    with pytest.raises(Exception, match="Computer players are beginner, club, expert, champion"):
        parse_players("Alice,computer:mighty", computers=True)
