"""A game between homes opened on the other player's turn reads the
player's own rack, as at their turn, so they can think ahead; before,
only "Alice's turn." was said and the rack had to be asked for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console.homes.online_start import OnlineSession
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork

from homes_kit import Player, by_turn, settle, signed_in  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _rack_line(p: Player) -> str:
    return " ".join(p.line("rack"))


def test_seated_and_opened_on_the_others_turn_the_rack_is_read(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    alice = signed_in(net, "Alice", tmp_path / "a", lexicon)
    bob = signed_in(net, "Bob", tmp_path / "b", lexicon)
    alice.line("invite @bob:loopback")
    settle(alice, bob)
    bob.line("games")
    bob.line("accept 1")
    settle(alice, bob)
    seated = {"Bob": bob.line(""), "Alice": alice.line("")}
    first, second = by_turn(alice, bob)
    second_name = "Bob" if first is alice else "Alice"
    first_name = "Alice" if first is alice else "Bob"
    rack = _rack_line(second)
    assert rack.startswith("Rack: "), rack
    assert f"{first_name}'s turn." in seated[second_name], seated
    assert seated[second_name][-1] == rack, seated  # at the hand-over, the other's turn
    second.close()
    again = Player(net, second_name, second.store.folder, lexicon, OnlineSession)
    again.home.connect()
    out = again.line("open 1")
    assert f"{first_name}'s turn." in out, out
    assert " ".join(out).endswith(rack), out  # opened again, the other's turn
    again.close()
    first.close()
