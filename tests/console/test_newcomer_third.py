"""What a blind newcomer still tripped on after two playthroughs (tmux,
``--speech text``, 40 and 20 braille cells): names parted at 20 cells, a
refusal's tiles parted, words after a command that takes none, the long
path said when a game was put away, review offered with no person
playing, the tutorial's step kept into a new game, a question left open
under news, ``open N`` putting the game in play away unsaid. Each is
checked through the console's own paths (a session driven line by line,
as over piped input)."""

from __future__ import annotations

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence.store import SaveStore
from console_kit import joined


def _passers(level, lexicon, seed):
    return lambda game, i: services.ComputerMove("pass")


# ---------------------------------------------------------------- 1. a name kept whole at 20 cells
@pytest.mark.skipif(not services.engine_available(), reason="computer players need the move engine")
def test_at_20_cells_the_scores_keep_beginner_computer_on_one_line():
    # "You 11, Beginner" / "computer 28,": the computer's name parted
    # (seed 5: the beginner answers a pass with RAVE for 14)
    s = Session(Options(players="Ann,computer:beginner", seed=5, braille_width=20))
    s.start()
    s.handle_line("pass")
    assert s.game.scores()[1] >= 10
    for command in ("scores", "summary"):
        out = s.handle_line(command)
        assert all(len(x) <= 20 for x in out), out
        assert "Beginner computer" in out, out
        assert not any(x.endswith("Beginner") for x in out), out


def test_at_20_cells_the_games_list_keeps_the_players_of_a_game_together(tmp_path):
    # "1. Ann" / "and Bob, finished,": the game's players parted
    s = Session(Options(players="Ann,Bob", seed=3, braille_width=20), lexicon=services.WordSet(["QI"]),
                store=SaveStore(tmp_path))
    s.start()
    for _ in range(4):  # every player passes twice: the game is over
        s.handle_line("")
        s.handle_line("pass")
    assert s.game.is_over
    out = s.handle_line("games")
    entry = next(k for k, x in enumerate(out) if x.startswith("1."))
    assert out[entry] == "1. Ann and Bob,", out
    assert all(len(x) <= 20 for x in out), out


# ---------------------------------------------------------------- 2. a refusal's tiles on one line
def test_at_20_cells_the_tiles_to_play_from_stay_whole_on_their_own_line():
    # "...; play from your tiles: N I M" / "I U L E.": the tiles parted
    from console_kit import session, snapshot

    s, _ = session(players="Ann,Bob", seed=11, braille_width=20)
    s.handle_line("")
    s.handle_line("arrange NIMIULE")
    before = snapshot(s)
    for typed in ("play 8H QI", "exchange Q"):
        out = s.handle_line(typed)
        assert out[-1] == "N I M I U L E.", out
        assert out[-2].endswith("tiles:"), out
        assert all(len(x) <= 20 for x in out), out
    assert snapshot(s) == before
