"""An honour game's host on a new computer, over a real homeserver (the
``synapse`` fixture; skipped with the reason when it is missing): Alice
hosts an honour game with Bob's phone, then signs in on a second
computer with an empty data folder. Her first computer, running, hands
the game over, sealed to the new one's box; the new one answers Bob's
next move; the first one answers it no more (online/honour_moving.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from honour_synapse_kit import WAIT, friends  # noqa: E402

from audio_scrabble.lexicon import Lexicon  # noqa: E402
from audio_scrabble.presentation import prompts_homes  # noqa: E402

from honour_kit import Host, wait_until  # noqa: E402


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_the_host_signs_in_on_a_second_computer_and_the_game_moves_there(synapse: Any, tmp_path: Path,
                                                                          lexicon: Any) -> None:
    with friends(synapse, tmp_path, lexicon) as two:
        first, alice_id = two.host, two.alice_id
        bob, room, old = two.one_move_made()
        rack = list(old.game.players[0].rack)
        second = Host(None, tmp_path / "alice2", lexicon, two.saves, seed=7)
        try:
            said = second.sign_in(two.url, alice_id, two.alice_password)
            assert prompts_homes.honour_asked(two.ben)[0] in said, said
            assert wait_until(lambda: room in second.home.honour, WAIT, step=0.5), second.heard[-6:]
            # known to its worker as its history is read, listed (what `open N` numbers) only once it is
            # read: on a loaded machine `open 1` came between ("You have no online games")
            assert wait_until(lambda: room in second.home.rooms, WAIT, step=0.5), second.heard[-6:]
            assert wait_until(lambda: bool(old.moved_to), WAIT)
            new = second.home.honour[room]
            assert list(new.game.players[0].rack) == rack and new.game.actions == old.game.actions
            if new.game.current == 0:
                second.line("open 1")
                second.line("pass")
                assert wait_until(lambda: len(new.game.actions) == 2, WAIT)
            n = len(new.game.actions)
            bob.send(room, "pass", None, "bob.2")
            assert wait_until(lambda: len(new.game.actions) == n + 1, WAIT, step=0.5), second.heard[-6:]
            first.home.wait_idle()
            assert len(old.game.actions) == 1  # the first computer answers Bob no more
            assert prompts_homes.honour_moved(two.ben)[0] in first.line("") + first.heard
        finally:
            second.close()
