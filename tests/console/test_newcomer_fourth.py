"""What a blind newcomer still tripped on after three playthroughs (tmux,
``--speech text``, 40 and 20 braille cells): ``in play`` parted at 20
cells, two names joined by "and" refused even as one name, a game put
away said by its file's long path when the save found it in the way; and
what the fourth playthrough, a whole game to its end, found. Each is
checked through the console's own paths (a session driven line by line,
as over piped input). The tutorial's step kept past the set-up is
checked in test_newcomer_third.py, where the test it changed lives."""

from __future__ import annotations

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence.store import SaveStore
from console_kit import joined


# ---------------------------------------------------------------- 1. "in play" whole at 20 cells
def test_at_20_cells_in_play_and_put_away_stay_whole_in_the_games_list(tmp_path):
    # "1. Ann and Bob, in" / "play, 28 Nov 2026:": the game's state parted
    s = Session(Options(players="Ann,Bob", seed=3, braille_width=20), lexicon=services.WordSet(["QI"]),
                store=SaveStore(tmp_path))
    s.start()
    s.handle_line("")
    s.handle_line("pass")
    s.handle_line("new")
    s.handle_line("yes")
    s.handle_line("")
    out = s.handle_line("games")
    assert all(len(x) <= 20 for x in out), out
    assert any("in play," in x for x in out), out
    assert any("put away," in x for x in out), out
    assert not any(x.endswith((" in", " put")) for x in out), out


def test_a_kept_phrase_is_parted_only_when_it_cannot_fit_a_line():
    from audio_scrabble.presentation import layout

    text = "1. Ann and Bob, in play, 28 Nov 2026:"
    assert layout.wrap(text, 20) == ["1. Ann and Bob,", "in play,", "28 Nov 2026:"]
    assert "in another window," in layout.wrap("2. Ann and Bob, open in another window, 28 Nov 2026.", 20)
    assert layout.wrap("We play in play mode.", 7) == ["We play", "in play", "mode."]
