"""News of a game between homes is never lost for want of a table:

* a refusal heard in a game not open at the table (the player opened
  another) is said once, naming the game ("In your game with Bob: Another
  move came first; yours was not made."); before, the link's refusal
  callback was cleared with the table and the sentence never said;
* the others' chat line is counted in the game's log (``chats_seen``)
  once it is said, not as it comes: a line still waiting to be said when
  the program ends (at the table or above the prompt) is said at the next
  start ("Bob said while you were away: ..."), once. Before, it was
  counted as it came, and lost.

Over the loopback transport (tests/online/homes_kit.py's homes, one clock)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console.homes import online_table
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import online_prompts

from homes_kit import Flaky, Player, clocked_homes, seated, settle  # type: ignore[import-not-found]
from lines_kit import joined, said, times  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_refusal_in_a_game_not_open_is_said_naming_the_game(tmp_path: Path, lexicon: Any,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Player, "transport_type", Flaky)
    monkeypatch.setattr(online_table, "ECHO_WAIT", 600.0)  # only the transport's word ends the wait early
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        seated(alice, bob)
        first = alice.home.links[alice.home.rooms[0]]
        alice.line("invite @bob:loopback")  # a second game, open at her table
        settle(alice, bob)
        bob.line("games")
        bob.line("accept 1")
        settle(alice, bob)
        alice.line("")
        bob.line("")
        alice.line("games")
        alice.line("open 1")
        if first.pending() != "play":  # Bob to move first in the first game: he passes
            bob.line("games")
            bob.line("open 1")
            bob.line("pass")
            settle(alice, bob)
            alice.line("")
        assert first.pending() == "play"
        transport = alice.transports[-1]
        assert isinstance(transport, Flaky)
        transport.down = True
        assert alice.line("pass") == [online_prompts.SEND_WHEN_BACK]  # kept, sent when the server is back
        alice.line("open 2")  # the first game is not open at her table now
        bob.line("games")
        bob.line("open 1")
        bob.line("resign")  # his record takes the turn her pass was sent for
        settle(alice, bob)
        transport.down = False
        assert first.flush(60)
        settle(alice, bob)
        news = alice.line("")
        assert "yours was not made" in joined(news), news  # heard at all, whatever its words
        line = online_prompts.refused_not_open(["Bob"], joined(online_prompts.OWN_CAME_LATE))
        assert said(line, news), news
        alice.line("games")
        alice.line("open 1")
        alice.line("")
        assert times(line, alice.heard) == 1  # once: not again when the game is opened


def test_a_chat_line_not_said_when_the_program_ends_is_said_at_the_next_start(tmp_path: Path,
                                                                              lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        seated(alice, bob)
        alice.close()
        alice.start()  # her game is listed, none is open at the table
        settle(alice, bob)
        bob.line("say are you there")
        settle(alice, bob)
        alice.close()  # the line waits above the prompt, not said: the program ends (Ctrl-D twice)
        start = alice.start()
        assert any("are you there" in x for x in start), start  # the line, whatever its words
        line = online_prompts.chat_while_away("Bob", "are you there")
        assert said(line, start), start
        alice.close()
        assert not said(line, alice.start())  # once
        assert times(line, alice.heard) == 1


def test_a_chat_line_waiting_at_the_table_when_the_program_ends_is_said_at_the_next_start(
        tmp_path: Path, lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        seated(alice, bob)
        bob.line("say see you at the table")
        settle(alice, bob)
        alice.close()  # the line waits at her table, not said yet
        start = alice.start()
        assert any("see you at the table" in x for x in start), start
        assert said(online_prompts.chat_while_away("Bob", "see you at the table"), start), start


def test_a_chat_line_said_above_the_prompt_is_not_said_again_at_the_next_start(tmp_path: Path,
                                                                               lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        seated(alice, bob)
        alice.close()
        alice.start()
        settle(alice, bob)
        bob.line("say only once")
        settle(alice, bob)
        news = alice.line("")
        assert said(online_prompts.chat_not_open("Bob", "only once"), news), news
        alice.close()
        start = alice.start()
        assert not any("only once" in x for x in start), start
