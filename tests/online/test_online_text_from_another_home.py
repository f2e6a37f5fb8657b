"""Words typed at another home (a chat line, the name of an invitation's
room) are said as one run of text: a break of line in them is said as a
space, so no line of theirs stands alone as if the game said it ("Your
turn.", "Bob resigned."), and their control characters are dropped (a
terminal's escape sequence from another home would clear or rewrite this
player's screen, and the screen reader's review buffer with it). Before,
a chat line "hi\\nYour turn." was said as two lines, the second one the
game's own words, and an escape sequence reached the terminal. Over the
loopback transport (tests/online/homes_kit.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackTransport
from audio_scrabble.presentation import honour_prompts, online_prompts

from homes_kit import clocked_homes, seated, settle  # type: ignore[import-not-found]
from lines_kit import said  # type: ignore[import-not-found]

SPOOF = "hi\nYour turn.\r\n\x1b[2J\u202eBob resigned."
PLAIN = "hi Your turn. [2JBob resigned."


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _clean(lines: list[str]) -> None:
    assert not any(ch in line for line in lines for ch in "\x1b\n\r\u202e"), lines
    assert "Your turn." not in lines and "Bob resigned." not in lines, lines  # no line of the chat stands alone


def test_a_chat_line_with_breaks_and_escapes_is_one_run_of_text(tmp_path: Path, lexicon: Any) -> None:
    assert online_prompts.chat_line("Bob", SPOOF) == online_prompts.chat_line("Bob", PLAIN)
    assert honour_prompts.chat_here("Bob", SPOOF) == honour_prompts.chat_here("Bob", PLAIN)
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        seated(alice, bob)
        room = alice.home.rooms[0]
        bob.home.links[room].say(SPOOF)  # as any Matrix app can send it
        settle(alice, bob)
        news = alice.line("")
        assert any("[2JBob" in line for line in news), news  # the line heard at all
        _clean(news)
        assert said(online_prompts.chat_line("Bob", PLAIN), news), news
        alice.close()
        alice.start()  # not open at the table now
        settle(alice, bob)
        bob.home.links[room].say(SPOOF)
        settle(alice, bob)
        news = alice.line("")
        _clean(news)
        assert said(online_prompts.chat_not_open("Bob", PLAIN), news), news


def test_an_invitations_room_name_with_breaks_and_escapes_is_said_plainly(tmp_path: Path, lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (_clock, net, alice, _bob):
        eve = LoopbackTransport(net, "@eve:loopback")
        try:
            eve.create_room("Scrabble: \x1b[2JEve\nYour turn., Alice (single\nBob resigned.)", ["@alice:loopback"])
            settle(alice)
            listed = alice.line("games")
            assert any("Invitation 1:" in line for line in listed), listed
            _clean(listed)
        finally:
            eve.close()
