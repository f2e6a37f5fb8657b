"""The honour mode: the friend's move refused (answered in the room) is
told here as a game between homes' refusals are: once, naming the game,
kept in the game's log until it is said (as refusals_seen counts those of
a game between homes). A refusal still waiting above the prompt when the
program ends, or one answered as the program starts (the friend typed it
while the program was not running), is said at the next start, once;
not again when the game is opened, nor at the start after. Before, both
were never said here. Over the loopback transport (honour_kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon

from honour_kit import Restarts, open_game, two_games  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]

REFUSED = "In your game with Bob: Bob's move refused"
#: not a word anywhere (and not Bob's turn, maybe): refused either way
BAD = "8H ZZXQ"


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


@pytest.mark.parametrize("while_away", [False, True])
def test_a_refusal_not_said_before_the_program_ends_is_said_at_the_next_start(
        tmp_path: Path, lexicon: Any, while_away: bool) -> None:
    """``while_away``: Bob types it while Alice's program is not running;
    else while it runs, his game not open, the line not taken yet."""
    restarts = Restarts(tmp_path, lexicon)
    bob, carol, hosts = restarts.bob, restarts.carol, restarts.hosts
    try:
        room = two_games(hosts[0], bob, carol)  # Bob's game is not open
        hosts[0].line("")
        if while_away:
            hosts[0].close()
            for t in hosts[0].transports:
                t.close()
        bob.send(room, BAD, None, "bob.bad")
        if not while_away:
            hosts[0].idle()
            hosts[0].close()  # the refusal's line still waiting above the prompt
        restarts.again()
        start = joined(hosts[-1].sign_in())
        hosts[-1].idle()
        start += " " + joined(hosts[-1].line(""))
        assert start.count(REFUSED) == 1, start
        opened = joined(open_game(hosts[-1], room))
        assert "move refused" not in opened, opened
        restarts.again()
        again = joined(hosts[-1].sign_in() + open_game(hosts[-1], room))
        assert "move refused" not in again, again
    finally:
        restarts.close()


def test_a_refusal_said_at_the_open_table_is_not_said_again_at_start(tmp_path: Path, lexicon: Any) -> None:
    restarts = Restarts(tmp_path, lexicon)
    bob, carol, hosts = restarts.bob, restarts.carol, restarts.hosts
    try:
        room = two_games(hosts[0], bob, carol)
        open_game(hosts[0], room)  # Bob's game at the table
        bob.send(room, BAD, None, "bob.bad")
        hosts[0].idle()
        assert "Bob's move refused" in joined(hosts[0].line("")), hosts[0].heard[-6:]
        hosts[0].close()
        restarts.again()
        again = joined(hosts[-1].sign_in() + hosts[-1].line(""))
        assert "move refused" not in again, again
    finally:
        restarts.close()
