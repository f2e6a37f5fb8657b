"""An honour game's end said above the prompt (its table not open) and
still waiting there when the program closes is said at the next start,
once, naming the game; an end taken to be said is not said again. Before,
the start said only an end the friend made while the program was not
running (over after the start's catch-up, not before): the waiting one
was lost. Over the loopback transport (honour_kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon

from honour_kit import alice_host, two_games  # type: ignore[import-not-found]
from honour_kit import BOB, CAROL  # type: ignore[import-not-found]
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.persistence import SaveStore
from lines_kit import joined  # type: ignore[import-not-found]

END = "In your game with Bob: Bob resigned; you won."


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


@pytest.mark.parametrize("taken", [False, True])
def test_an_honour_end_waiting_above_the_prompt_is_said_at_the_next_start(
        tmp_path: Path, lexicon: Any, taken: bool) -> None:
    """``taken``: Enter pressed before the program closes: the end was said, not again."""
    net = LoopbackNetwork()
    bob, carol = LoopbackTransport(net, BOB), LoopbackTransport(net, CAROL)
    saves = SaveStore(tmp_path / "s")
    hosts = [alice_host(net, tmp_path / "alice", lexicon, saves)]
    try:
        room = two_games(hosts[0], bob, carol)  # Bob's game is not open
        bob.send(room, "resign", None, "bob.resign")
        hosts[0].idle()
        assert hosts[0].home.honour[room].game.is_over
        if taken:
            assert END in joined(hosts[0].line(""))
        hosts[0].close()  # the end's sentence still waiting above the prompt (not taken)
        for k in range(2):
            hosts.append(alice_host(net, tmp_path / "alice", lexicon, saves))
            news = joined(hosts[-1].sign_in() + hosts[-1].line(""))
            expected = 1 if not taken and k == 0 else 0  # once, then never again
            assert news.count(END) == expected, news
            hosts[-1].close()
    finally:
        for h in hosts:
            h.close()
        bob.close()
        carol.close()
