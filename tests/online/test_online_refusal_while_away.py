"""A refusal in a game between homes that was not said when the program
ended (it came as the program exited, or while it was not running) is
said at the next start, naming the game ("In your game with Bob: Another
move came first; yours was not made."), once: the game's log counts the
refusals said here, as it counts chat lines. Before, the next start's
read of the room refused the record again and said nothing. Over the
loopback transport (tests/online/homes_kit.py's homes, one clock; Alice's
server down while she passes, so Bob's resignation takes the turn)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console.homes import online_table
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import online_prompts

from homes_kit import Flaky, Player, clocked_homes, seated_her_turn, settle  # type: ignore[import-not-found]
from lines_kit import joined, said  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


@pytest.mark.parametrize("said_first", [False, True])
def test_a_refusal_not_said_when_the_program_ends_is_said_at_the_next_start_once(
        tmp_path: Path, lexicon: Any, monkeypatch: pytest.MonkeyPatch, said_first: bool) -> None:
    monkeypatch.setattr(Player, "transport_type", Flaky)
    monkeypatch.setattr(online_table, "ECHO_WAIT", 600.0)  # only the transport's word ends the wait early
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        link = seated_her_turn(alice, bob)
        transport = alice.transports[-1]
        assert isinstance(transport, Flaky)
        transport.down = True
        assert alice.line("pass") == [online_prompts.SEND_WHEN_BACK]
        bob.line("resign")  # his record takes the turn her pass was sent for
        settle(alice, bob)
        transport.down = False
        assert link.flush(60)
        settle(alice, bob)
        assert link.refusals  # heard at her table
        line = online_prompts.refused_not_open(["Bob"], joined(online_prompts.OWN_CAME_LATE))
        if said_first:  # said at her table: not again at the next start
            assert "yours was not made" in joined(alice.line("")), alice.heard
            alice.close()
            assert "yours was not made" not in joined(alice.start())
            return
        alice.close()  # not said: the program ends
        start = alice.start()
        assert "yours was not made" in joined(start), start  # heard at all, whatever its words
        assert said(line, start), start
        alice.close()
        again = alice.start()
        assert "yours was not made" not in joined(again), again  # once
