"""What a blind newcomer tripped on in the fifth round of playthroughs,
the ones the fourth left (tests/console/test_newcomer_fourth.py) and new
ones. Each is checked through the console's own paths (a session driven
line by line, as over piped input) or the layout the lines go through."""

from __future__ import annotations

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from console_kit import AcceptAll, joined, seed_where


def _passers(level, lexicon, seed):
    return lambda game, i: services.ComputerMove("pass")


# ---------------------------------------------------------------- the chance to challenge, before the rack
def test_after_the_computers_play_the_challenge_chance_comes_before_the_rack():
    # "MOPOKE (blank O), H8 across, 36." / "You 0, Club computer 36." /
    # "Type play, ..." / "Rack: C D A F R I E." / "You may challenge it:
    # type challenge.": the chance to challenge heard last, after the rack
    import pytest

    if not services.engine_available():
        pytest.skip("the club computer needs the move engine")
    s = Session(Options(players="Ann,computer:club", seed=7))
    out = s.start()
    at = out.index("You may challenge it: type challenge.")
    assert out[at - 1].startswith("You 0, Club computer"), out  # right after the play and the scores
    assert out[-1].startswith("Rack: "), out  # the rack last, where the display shows it


def test_after_a_bingo_at_a_shared_computer_the_challenge_chance_comes_first():
    # "Bob's turn." / "Bob, your rack: ..." / "You may challenge Ann's play:" / "type challenge before you play."
    from audio_scrabble.core.tiles import BLANK

    seed = seed_where(lambda g: BLANK not in g.current_player.rack)
    s = Session(Options(players="Ann,Bob", seed=seed), lexicon=AcceptAll())
    s.start()
    s.handle_line("")
    out = s.handle_line(f"play 8H {''.join(s.game.current_player.rack)}")
    assert any("50 bonus" in x for x in out), out
    out = s.handle_line("")
    assert out[:3] == ["Bob's turn.", "You may challenge Ann's play:", "type challenge before you play."], out
    assert out[-1].startswith("Bob, your rack:"), out
