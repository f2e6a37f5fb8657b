"""A failure while news is said (a bug where a record, a chat line or a
remote player's move is made at the table) says one sentence ("Some news
could not be said (RuntimeError); ...") and the game goes on: the rest
of the news is still said, the line typed after it answered, the program
not ended. Before, the exception left the news loop (``Voice.computers``
inside ``ConsoleApp.run``; ``take_arrived`` in ``Session.handle_line``,
outside its try) and ended the program. The failure is forced here by
making the table's first relayed chat line (or a remote move) raise.
Over the loopback transport (tests/online/homes_kit.py) and the
pipe_console table (a remote seat filled by hand)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.app import Voice
from audio_scrabble.console.homes.online_table import OnlineTable
from audio_scrabble.console.table.seats import Relayed
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import online_prompts, prompts

from homes_kit import clocked_homes, seated, settle  # type: ignore[import-not-found]
from lines_kit import said  # type: ignore[import-not-found]
from pipe_console import remote_table  # type: ignore[import-not-found]

FAILED = prompts.news_failed("RuntimeError")


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _first_chat_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    relayed = OnlineTable._relayed
    failed: list[bool] = []

    def once(self: OnlineTable, heard: Any) -> Relayed:
        if heard.kind == "chat" and not failed:
            failed.append(True)
            raise RuntimeError("forced")
        return relayed(self, heard)

    monkeypatch.setattr(OnlineTable, "_relayed", once)


@contextmanager
def _two_lines_the_first_fails(tmp_path: Path, lexicon: Any,
                               monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, Any]]:
    """Alice and Bob seated; Bob's two chat lines heard at her side, the
    first of them to fail when her table says it."""
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        seated(alice, bob)
        _first_chat_fails(monkeypatch)
        bob.line("say first line")
        bob.line("say second line")
        settle(alice, bob)
        yield alice, bob


def test_a_failure_in_the_news_before_a_line_typed_says_one_sentence_and_goes_on(
        tmp_path: Path, lexicon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    with _two_lines_the_first_fails(tmp_path, lexicon, monkeypatch) as (alice, _bob):
        news = alice.line("scores")  # the news first, then the answer to the line typed
        assert said(FAILED, news), news
        assert said(online_prompts.chat_line("Bob", "second line"), news), news  # the rest of the news
        assert any(line.startswith("Alice") or line.startswith("You") for line in news[-3:]), news  # scores
        assert alice.session.last_error is not None and "forced" in alice.session.last_error
        assert not alice.session.finished and alice.session.game is not None


def test_a_failure_in_the_news_said_on_its_own_says_one_sentence_and_goes_on(
        tmp_path: Path, lexicon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    with _two_lines_the_first_fails(tmp_path, lexicon, monkeypatch) as (alice, bob):
        speaker = services.ListSpeaker()
        Voice(alice.session, speaker).computers(alice.session, wait=False)  # as ConsoleApp.run does
        heard = [line for message in speaker.messages for line in message.split("\n")]
        assert said(FAILED, heard), heard
        assert said(online_prompts.chat_line("Bob", "second line"), heard), heard
        assert not alice.session.finished
        assert alice.line("say still here")  # the game goes on
        settle(alice, bob)
        assert said(online_prompts.chat_line("Alice", "still here"), bob.line("")), bob.heard


class _Broken:
    """A remote player's move that cannot be made (a bug, not a refusal)."""

    def action(self, seat: int) -> Any:
        raise RuntimeError("forced")


def test_a_remote_move_that_fails_says_one_sentence_and_the_table_goes_on() -> None:
    s, (bob,) = remote_table("Bob")
    s.handle_line("pass")
    assert s.game is not None and s.game.current == 1
    bob.put(_Broken())  # type: ignore[arg-type]
    out = s.handle_line("scores")
    assert said(FAILED, out), out
    assert not s.finished and s.game is not None
