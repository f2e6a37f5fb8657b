"""A chat line sent in a game's room before the invited player accepts
is said when they accept: the link's first read of the room (at
``accept``) comes before the table is attached, and the table dropped
every chat line it heard then (its link was None). Over the loopback
transport (tests/online/homes_kit.py's two homes, one clock)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import online_prompts

from homes_kit import clocked_homes, settle  # type: ignore[import-not-found]
from lines_kit import said, times  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_chat_line_sent_before_the_accept_is_said_once_accepted(tmp_path: Path, lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        alice.line("invite @bob:loopback")
        settle(alice, bob)
        alice.line("say hello Bob, fancy a game?")
        settle(alice, bob)
        bob.line("games")
        out = bob.line("accept 1")
        settle(alice, bob)
        out += bob.line("")
        line = online_prompts.chat_line("Alice", "hello Bob, fancy a game?")
        assert said(line, bob.heard), out
        assert times(line, bob.heard) == 1
        bob.close()
        bob.start()  # counted as said: not said again as a line that came while away
        settle(alice, bob)
        assert not any("fancy a game" in h for h in bob.heard[-20:] if h not in line), bob.heard[-20:]
