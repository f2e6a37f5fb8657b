"""A game opened on the other player's turn reads the player's rack
(homes12), but not on a device that cannot read the player's tiles (a
new computer caught up without the deal's seed): there homes12 said
"Your rack is empty." before "Your tiles cannot be read here; ...": an
empty rack the player does not have. Over the loopback transport made
like Matrix's encryption (catchup_kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import prompts_homes

from catchup_kit import Device, game, sign_in  # type: ignore[import-not-found]  # noqa: F401 (the fixture)
from homes_kit import settle  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_seedless_device_opened_on_the_others_turn_reads_no_rack(
        game: Any, tmp_path: Path, lexicon: Any) -> None:
    net, alice, bob, room = game
    dealt = alice.session.game
    assert dealt is not None
    if dealt.names[dealt.current] == "Bob":  # one pass more from his first computer: Alice's turn
        assert "You passed." in bob.line("pass")
        settle(alice, bob)
        alice.line("")
    bob.close()  # his first computer is off: the laptop is caught up by Alice's, with no seed
    laptop = Device(net, "Bob", tmp_path / "laptop", lexicon, "LAPTOP")
    try:
        sign_in(laptop)
        settle(alice, laptop)
        laptop.line("")
        link = laptop.home.links[room]
        assert link.seedless
        state = link.state
        assert state.game is not None
        assert state.game.current != state.my_seat
        said = laptop.line("open 1")
        assert "Alice's turn." in said, said
        assert not any(line.startswith("Your rack") or line.startswith("Rack:") for line in said), said
        assert prompts_homes.SEEDLESS_AT_TABLE[0] in said, said
    finally:
        laptop.close()
