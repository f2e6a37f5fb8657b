"""The online home's one worker (every message of every game goes through
it) goes on when sending an honour friend's newly trusted device its game
fails with an error it did not expect (a log that cannot be written, a
bug): before, the exception ended the worker's thread, and every later
move and chat line of every game was never handled, never said, until
the program was restarted. Over the loopback transport
(tests/online/homes_kit.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import online_prompts

from homes_kit import clocked_homes, seated, settle  # type: ignore[import-not-found]
from lines_kit import said  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


class _Failing:
    """An honour game whose friend's new device cannot be briefed."""

    friend = "@carol:loopback"

    def brief_trusted(self, device: str) -> None:
        raise OSError(28, "No space left on device")


def test_a_failed_brief_of_a_trusted_device_does_not_stop_the_games(tmp_path: Path, lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        seated(alice, bob)
        alice.home.honour["!honour:loopback"] = _Failing()  # type: ignore[assignment]
        alice.home._inbox.put(("@carol:loopback", "PHONE"))  # as the transport's on_trust hands it
        settle(alice, bob)
        bob.line("say still with me?")
        settle(alice, bob)
        news = alice.line("")
        assert said(online_prompts.chat_line("Bob", "still with me?"), news), news
