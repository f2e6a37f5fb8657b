"""A chat line of a game between homes is said when it comes at either
edge of its table's life:

* before this side accepts (the inviting player said it while the deal
  waited): said at ``accept``, once. Before, accepting read the room's
  history before the table was attached, and the table's chat callback
  dropped the line (the link had marked it heard);
* still waiting at the table when another game is opened (it came after
  the news were said, before the command): said above the prompt as a
  game not open at the table says it ("Bob says, in another game:
  ..."), once. Before, the closed table's waiting lines were dropped
  with it.

Over the loopback transport (tests/online/homes_kit.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import online_prompts

from homes_kit import clocked_homes, seated, settle  # type: ignore[import-not-found]
from lines_kit import said, times  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_chat_line_said_before_the_invitation_was_accepted_is_said_at_accept(tmp_path: Path,
                                                                              lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        alice.line("invite @bob:loopback")
        alice.line("say welcome, Bob")
        settle(alice, bob)
        bob.line("games")
        accepted = bob.line("accept 1")
        settle(alice, bob)
        heard = accepted + bob.line("")
        assert any("welcome, Bob" in line for line in heard), heard  # the line, whatever its words
        line = online_prompts.chat_line("Alice", "welcome, Bob")
        assert said(line, heard), heard
        bob.close()
        assert not any("welcome, Bob" in x for x in bob.start())  # said: not again at the next start
        assert times(line, bob.heard) == 1


def test_a_chat_line_waiting_at_the_table_when_another_game_is_opened_is_said(tmp_path: Path,
                                                                             lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        seated(alice, bob)
        seated(alice, bob)  # a second game
        alice.line("games")
        alice.line("open 1")  # the first game at her table
        bob.line("games")
        bob.line("open 1")
        bob.line("say still there?")
        settle(alice, bob)
        alice.home.open(2)  # as ``open 2`` does, the line come after the news were said
        news = alice.line("")
        assert any("still there?" in x for x in news), news
        line = online_prompts.chat_not_open("Bob", "still there?")
        assert said(line, news), news
        alice.close()
        assert not any("still there?" in x for x in alice.start())  # said: not again at the next start
        assert times(line, alice.heard) == 1
