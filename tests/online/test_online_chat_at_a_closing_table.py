"""A chat line the worker thread hands to a table just as it closes is
said, not dropped. The worker reads the link's callback (the open
table's) when a message comes; the console's thread may close that table
(``open`` another game, ``sign out``) before the callback runs. Before,
the line went into the closed table's queue, which nobody reads again,
and the link had marked it heard: lost, and not said at the next start
either. Now a table closed says what still comes to it above the prompt,
as a game not open at the table says it, for a game between homes and
for an honour game. Over the loopback transport."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console.homes.honour_table import HonourTable
from audio_scrabble.console.homes.online_table import OnlineTable
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.transport import Message
from audio_scrabble.presentation import online_prompts

from homes_kit import clocked_homes, invited, seated, settle  # type: ignore[import-not-found]
from honour_kit import BOB, CAROL, room_of, two_games, with_bob_and_carol  # type: ignore[import-not-found]
from lines_kit import said  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_chat_line_coming_to_an_online_table_as_it_closes_is_said(tmp_path: Path, lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        seated(alice, bob)
        invited(alice, bob)  # a second game
        alice.line("games")
        alice.line("open 1")  # the first game at her table
        settle(alice, bob)
        alice.line("")
        table = alice.home.table
        assert isinstance(table, OnlineTable) and table.link is not None
        late = table.link.on_chat  # as the worker read it, the message in hand
        assert late is not None
        alice.home.open(2)  # the console's thread, meanwhile: another game at the table
        late(Message(table.link.room, BOB, "$late", "are you there?"))
        news = alice.line("") + alice.line("")
        assert said(online_prompts.chat_not_open("Bob", "are you there?"), news), news


def test_a_chat_line_coming_to_an_honour_table_as_it_closes_is_said(tmp_path: Path, lexicon: Any) -> None:
    with with_bob_and_carol(tmp_path, lexicon) as (host, bob, carol):
        two_games(host, carol, bob)  # Bob's game at the table
        host.idle()
        host.line("")
        table = host.home.table
        assert isinstance(table, HonourTable) and table.link is not None and table.link.friend == BOB
        late = table.link.on_chat  # as the worker read it
        assert late is not None
        host.home.open(host.home.rooms.index(room_of(host, CAROL)) + 1)  # meanwhile: Carol's game
        late("Bob", "are you there?")
        news = host.line("") + host.line("")
        assert said(online_prompts.chat_not_open("Bob", "are you there?"), news), news
