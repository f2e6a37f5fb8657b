"""``open`` refused at the table of a game between homes changes nothing
(the sixth review): ``open abc``, ``open`` alone, ``open 0`` went to the
games on file, which refused them, but the online game's table was
closed first, so the player, told only that the number was wrong, found
their next move refused ('This online game is closed here')."""

from __future__ import annotations

import pytest

from audio_scrabble.console import services

from homes_kit import by_turn, pair_at_a_game, settle  # type: ignore[import-not-found]


@pytest.mark.parametrize("typed", ["open abc", "open", "open 0"])
def test_open_refused_leaves_the_online_game_open(tmp_path, typed):
    with pair_at_a_game(tmp_path, services.WordSet(["QI", "ZA"])) as (alice, bob):
        mover, other = by_turn(alice, bob)
        table = mover.home.table
        said = mover.line(typed)
        assert "closed" not in " ".join(said), said
        assert mover.home.table is table  # still open at the table
        out = mover.line("pass")
        assert out[0] == "You passed.", out  # the move goes, as before the refusal
        settle(alice, bob)
        assert any("passed" in line for line in other.line("")), other.heard


def test_the_game_on_file_is_not_in_play_at_an_online_table_and_opens(tmp_path):
    """At an online game's table, this window's unfinished game on file
    was listed 'in play' and 'open 1' refused it ('That game is the one in
    play'): the game in play is the online one; the one on file opens."""
    from audio_scrabble.console.session import Options, Session
    from audio_scrabble.online.loopback import LoopbackNetwork
    from audio_scrabble.persistence import SaveStore

    from homes_kit import seated, signed_in  # type: ignore[import-not-found]

    lexicon = services.WordSet(["QI", "ZA"])
    left = Session(Options(players="Ann,computer:expert", seed=3), lexicon=lexicon, store=SaveStore(tmp_path / "s"),
                   computer_factory=lambda level, lexicon, seed: lambda game, i: services.ComputerMove("pass"))
    left.start()
    left.handle_line("pass")
    left.handle_line("quit")
    left.store.release()
    net = LoopbackNetwork()
    alice = signed_in(net, "Alice", tmp_path / "a", lexicon, saves=SaveStore(tmp_path / "s"))
    bob = signed_in(net, "Bob", tmp_path / "b", lexicon)
    try:
        seated(alice, bob)
        listed = alice.line("games")
        assert any(line.startswith("1. Unfinished: Ann and") for line in listed), listed
        assert not any("in play" in line for line in listed), listed
        said = alice.line("open 1")
        assert alice.session.game.names == ("Ann", "Expert computer"), said
        assert alice.home.table is None  # the online game closed at the table, listed still
    finally:
        alice.close()
        bob.close()
