"""An honour game handed to the host's second computer comes back to the
first, over a real homeserver (the ``synapse`` fixture; skipped with the
reason when it is missing): the first computer lists it as on the other
computer; ``open`` there asks for it back; the second, running, hands it
back sealed to the first one's box; the first answers Bob's next move and
the second answers it no more (online/honour_moving.py, online_catching.ask_back)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from honour_synapse_kit import WAIT, friends  # noqa: E402

from audio_scrabble.lexicon import Lexicon  # noqa: E402
from audio_scrabble.presentation import prompts_homes  # noqa: E402

from honour_kit import Host, wait_until  # noqa: E402
from lines_kit import joined  # noqa: E402


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_the_game_comes_back_to_the_first_computer(synapse: Any, tmp_path: Path, lexicon: Any) -> None:
    with friends(synapse, tmp_path, lexicon) as two:
        first, alice_id = two.host, two.alice_id
        bob, room, old = two.one_move_made()
        second = Host(None, tmp_path / "alice2", lexicon, two.saves, seed=7)
        try:
            second.sign_in(two.url, alice_id, two.alice_password)
            assert wait_until(lambda: room in second.home.honour, WAIT, step=0.5), second.heard[-6:]
            assert wait_until(lambda: room in first.home.moved, WAIT, step=0.5), first.heard[-6:]
            held = second.home.honour[room]
            listed = joined(first.line("games"))
            assert "on your other computer; open it to bring it here." in listed, listed
            number = first.home.rooms.index(room) + first.home.first_number
            asked = first.line(f"open {number}")
            assert asked == prompts_homes.honour_asked_back(two.ben), asked
            assert wait_until(lambda: room in first.home.honour and room in first.home.rooms, WAIT, step=0.5), \
                first.heard[-6:]
            back = first.home.honour[room]
            assert back.game.actions == held.game.actions and held.moved_to
            if back.game.current == back.my_seat:
                first.line(f"open {first.home.rooms.index(room) + first.home.first_number}")
                first.line("pass")
                assert wait_until(lambda: len(back.game.actions) == len(held.game.actions) + 1, WAIT)
            n = len(back.game.actions)
            bob.send(room, "pass", None, "bob.back")
            assert wait_until(lambda: len(back.game.actions) == n + 1, WAIT, step=0.5), first.heard[-6:]
            second.home.wait_idle()
            assert len(held.game.actions) < n + 1  # the second computer answers Bob no more
        finally:
            second.close()
