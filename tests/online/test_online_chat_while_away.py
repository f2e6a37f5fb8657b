"""A chat line of a game between homes that came while this program was
not running is said at its next start ("Bob said while you were away:
..."), once: the game's log counts the others' chat lines said here, so
a later start says none of them again, nor one said at the table. A log
kept before the lines were counted says none (no flood of old lines).
Before, the room's history read at start marked every line heard and
none was ever said. Over the loopback transport (tests/online/homes_kit.py)."""

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


def test_a_chat_line_sent_while_the_program_was_closed_is_said_at_start_once(tmp_path: Path,
                                                                            lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        seated(alice, bob)
        bob.line("say hello at the table")
        settle(alice, bob)
        alice.line("")  # said at her table
        alice.close()
        bob.line("say see you next week")
        settle(bob)
        start = alice.start()
        assert any("see you next week" in x for x in start), start  # the line, whatever its words
        line = online_prompts.chat_while_away("Bob", "see you next week")
        assert said(line, start), start
        assert not any("hello at the table" in x for x in start), start  # said already, at the table
        alice.close()
        again = alice.start()
        assert not said(line, again), again  # once
        assert times(line, alice.heard) == 1


def test_the_first_chat_line_of_a_new_game_sent_while_away_is_said(tmp_path: Path, lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        seated(alice, bob)
        alice.close()
        bob.line("say my first line")
        settle(bob)
        start = alice.start()
        assert any("my first line" in x for x in start), start
        assert said(online_prompts.chat_while_away("Bob", "my first line"), start), start


def test_a_log_kept_before_chat_lines_were_counted_says_none_of_the_old_ones(tmp_path: Path,
                                                                            lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        seated(alice, bob)
        room = alice.home.rooms[0]
        alice.close()
        bob.line("say an old line")
        settle(bob)
        log = alice.store.game_log(room).path  # as a log of before the count: no count in it
        kept = [line for line in log.read_text().splitlines() if '"chats_seen"' not in line]
        log.write_text("\n".join(kept) + "\n")
        start = alice.start()
        assert not any("an old line" in x for x in start), start
        alice.close()
        bob.line("say a new line")
        settle(bob)
        start = alice.start()
        assert said(online_prompts.chat_while_away("Bob", "a new line"), start), start
        assert not any("an old line" in x for x in start), start
