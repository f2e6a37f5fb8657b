"""At sign-in, one move made while this player was away is "1 new move;
open it to hear it.", not "... to hear them." (found playing between two
homes in a terminal: Alice quit, Bob moved once, Alice came back). Over
the loopback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from homes_kit import restarted, seated_her_turn, settle, signed_in  # type: ignore[import-not-found]

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_one_move_while_away_is_it(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    alice = signed_in(net, "Alice", tmp_path / "a", lexicon)
    bob = signed_in(net, "Bob", tmp_path / "b", lexicon)
    try:
        seated_her_turn(alice, bob)
        assert "You passed." in alice.line("pass")
        settle(alice, bob)
        alice.close()
        bob.line("")
        assert "You passed." in bob.line("pass")
        bob.idle()
        said = restarted(alice, bob)
        assert "With Bob: 1 new move; open it to hear it." in said, said
        assert "hear them" not in said, said
    finally:
        alice.close()
        bob.close()
