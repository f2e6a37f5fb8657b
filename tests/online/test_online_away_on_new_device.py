"""A game caught up on a new device counts the other players' moves from
when it came here: at the device's next start, "Alice moved in a game
while you were away." is said only for a move made after it came (and
not heard here), not for those made before it existed (heard on the
player's other computer). Before, the game's seen mark started at 0 on
the new device, so every earlier move counted as unheard. Over the
loopback transport (catchup_kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import online_prompts

from catchup_kit import Device, play_some, sign_in, two_devices  # type: ignore[import-not-found]
from homes_kit import settle  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def restart(laptop: Device, *others: Device) -> str:
    laptop.close()
    laptop.heard.clear()
    laptop.start()
    out = laptop.home.connect()
    settle(laptop, *others)
    return joined(out)


def test_moves_from_before_the_new_device_are_not_said_as_while_away(tmp_path: Path, lexicon: Any) -> None:
    net, alice, bob = two_devices(tmp_path, lexicon)
    laptop: Device | None = None
    try:
        play_some(alice, bob)
        room = alice.home.rooms[0]
        game = alice.session.game
        assert game is not None
        if game.names[game.current] == "Alice":  # Bob's turn as the laptop comes
            alice.line("pass")
            settle(alice, bob)
            alice.line("")
            bob.line("")
        laptop = Device(net, "Bob", tmp_path / "laptop", lexicon, "LAPTOP")
        sign_in(laptop)
        settle(alice, bob, laptop)
        assert room in laptop.home.links  # caught up
        away = joined(online_prompts.moved_while_away("Alice", 1))
        first = restart(laptop, alice, bob)
        assert away not in first, first  # Alice's moves were all made before the laptop came
        bob.line("pass")  # from the first computer; then Alice moves while the laptop is off
        settle(alice, bob, laptop)
        laptop.close()
        alice.line("")
        alice.line("pass")
        settle(alice, bob)
        second = restart(laptop, alice, bob)
        assert away in second, second  # made after it came, never heard on it
    finally:
        for p in (alice, bob, laptop):
            if p is not None:
                p.close()
