"""The friend's chat lines of an honour game not open at the table are
marked said one by one in the game's log (online/honour.py keep_unsaid,
note_said): a line kept after another, still waiting when the first is
said, is said at the next start if the program ends first. Before, one
mark covered every earlier line kept, so the second line was taken as
said and lost at the restart. The moment is made exact: of Bob's two
lines waiting above the prompt, only the first is taken to be said
before the program ends. And a log kept before the lines had keys still
reads its one mark as covering every earlier line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.honour import UNSAID, UNSAID_SAID, unsaid_in
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.persistence import SaveStore
from audio_scrabble.presentation import online_prompts

from honour_kit import BOB, CAROL, Host, alice_host, two_games  # type: ignore[import-not-found]
from lines_kit import said  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_line_kept_after_one_said_is_said_at_the_next_start(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    saves = SaveStore(tmp_path / "s")
    bob, carol = LoopbackTransport(net, BOB), LoopbackTransport(net, CAROL)

    def host() -> Host:
        return alice_host(net, tmp_path / "alice", lexicon, saves)

    first = host()
    try:
        room = two_games(first, bob, carol)  # Bob's game is not open now
        first.idle()
        first.line("")
        bob.send(room, "first line", None, "bob.chat1")
        bob.send(room, "second line", None, "bob.chat2")
        first.idle()
        waiting = first.session.acting.notices._lines
        while True:  # the first line's notice taken to be said, the second's not
            line, noted = waiting.get_nowait()
            if noted is not None:  # on the notice's last line
                noted()
                break
        first.close()  # the program ends, the second line not said
        again = host()
        start = again.sign_in()
        assert said(online_prompts.chat_while_away("Bob", "second line"), start), start
        assert not said(online_prompts.chat_while_away("Bob", "first line"), start), start
        again.close()
    finally:
        bob.close()
        carol.close()


def test_a_log_kept_before_the_keys_reads_its_one_mark_as_before() -> None:
    entries = [{"kind": UNSAID, "text": "old one"}, {"kind": UNSAID_SAID},
               {"kind": UNSAID, "text": "old two"}, {"kind": UNSAID, "text": "new", "key": "k1"},
               {"kind": UNSAID, "text": "newer", "key": "k2"}, {"kind": UNSAID_SAID, "keys": ["k1"]}]
    assert [text for _, text in unsaid_in(entries)] == ["old two", "newer"]
