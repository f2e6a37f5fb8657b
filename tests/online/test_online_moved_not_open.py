"""A move that arrives in a game between homes not open at the table (an
honour game while another game is open, or none; an ordinary game while
an honour game is open) is refereed all the same and said once, in a
short line ("Bob moved in another game."), above the prompt: the app's
wake hook is called, and the next line typed says it first. It is not
said again, and ``open N`` then brings the game as it stands. Over the
loopback transport (tests/online/honour_kit.py's Host)."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.persistence import SaveStore
from audio_scrabble.presentation import honour_prompts, online_prompts, prompts

from lines_kit import joined, said as said_in, times  # type: ignore[import-not-found]

from honour_kit import Host, wait_until

BOB, CAROL = "@bob:loopback", "@carol:loopback"


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def alice(net: LoopbackNetwork, tmp: Path, lexicon: Any, seed: int = 21) -> Host:
    return Host(lambda: LoopbackTransport(net, "@alice:loopback"), tmp / "alice", lexicon, SaveStore(tmp / "saves"),
                seed=seed)


def woken(host: Host) -> list[int]:
    """How many times the app's wake hook was called (the prompt's loop says what waits)."""
    calls: list[int] = []
    host.session.wake_with(lambda: calls.append(1))
    return calls


def honour_room(host: Host, friend: str) -> str:
    return next(room for room, link in host.home.honour.items() if link.friend == friend)


def test_a_friends_move_in_an_honour_game_not_open_is_said_once(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    host = alice(net, tmp_path, lexicon)
    bob, carol = LoopbackTransport(net, BOB), LoopbackTransport(net, CAROL)
    txn = itertools.count()
    try:
        host.sign_in()
        host.line(f"invite {BOB} honour")
        room = honour_room(host, BOB)
        bob.accept(room)
        link = host.home.honour[room]
        if link.game.current == 0:
            host.line("pass")
        assert link.game.current == 1
        # another game comes to the table: Bob's is not open
        opened = host.line(f"invite {CAROL} honour")
        assert said_in(honour_prompts.game_with("Carol"), opened), opened
        carol.accept(honour_room(host, CAROL))
        calls = woken(host)
        count = len(link.game.actions)
        bob.send(room, "pass", None, f"bob.{next(txn)}")
        host.idle()
        assert len(link.game.actions) == count + 1  # refereed all the same
        assert wait_until(lambda: bool(calls), 5)  # the prompt is woken to say it
        assert host.session.acting.arrived()
        said = host.line("")
        assert said == online_prompts.moved_not_open("Bob"), said
        assert not said_in(online_prompts.moved_not_open("Bob"), host.line(""))  # once
        assert prompts.move_arrived("Bob") not in host.heard  # not said as at an open table
        # a refused move and a chat line are said at once too, naming the game (before, nothing
        # was said until it was opened: see test_honour_news_not_open.py)
        bob.send(room, "8D QZQZ", None, f"bob.{next(txn)}")
        bob.send(room, "good luck", None, f"bob.{next(txn)}")
        host.idle()
        news = host.line("")
        assert joined(news).startswith("In your game with Bob: Bob's move refused: "), news
        assert said_in(online_prompts.chat_not_open("Bob", "good luck"), news), news
        # its resignation, which ends the game, is said with the end (test_online_end_said_not_open.py)
        bob.send(room, "resign", None, f"bob.{next(txn)}")
        host.idle()
        assert joined(host.line("")) == "In your game with Bob: Bob resigned; you won."
        assert times(online_prompts.moved_not_open("Bob"), host.heard) == 1
        assert link.game.is_over
    finally:
        host.close()
        bob.close()
        carol.close()


def test_a_friends_move_with_no_game_open_is_said_once(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    host = alice(net, tmp_path, lexicon)
    bob = LoopbackTransport(net, BOB)
    try:
        host.sign_in()
        host.line(f"invite {BOB} honour")
        room = honour_room(host, BOB)
        bob.accept(room)
        if host.home.honour[room].game.current == 0:
            host.line("pass")
        host.close()
        for t in host.transports:
            t.close()
        # Alice comes back: her game is listed, none is open at the table
        again = alice(net, tmp_path, lexicon)
        assert again.sign_in() == online_prompts.signed_in("@alice:loopback")
        assert again.session.match is None
        calls = woken(again)
        bob.send(room, "pass", None, "bob.away")
        again.idle()
        assert wait_until(lambda: bool(calls), 5)
        said = again.line("")
        assert said == online_prompts.moved_not_open("Bob"), said
        assert not said_in(online_prompts.moved_not_open("Bob"), again.line("games"))
        opened = again.line("open 1")
        assert said_in(honour_prompts.game_with("Bob"), opened), opened
        assert again.session.game is not None and again.session.game.current == 0  # as it stands
        assert times(online_prompts.moved_not_open("Bob"), again.heard) == 1
        again.close()
    finally:
        host.close()
        bob.close()


def test_a_move_in_an_ordinary_game_not_open_is_said_once(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    host = alice(net, tmp_path, lexicon)
    ben = Host(lambda: LoopbackTransport(net, BOB), tmp_path / "bob", lexicon, SaveStore(tmp_path / "bob-saves"))
    carol = LoopbackTransport(net, CAROL)
    try:
        host.sign_in()
        ben.sign_in(user=BOB)
        host.line(f"invite {BOB}")
        ben.line("games")
        ben.line("accept 1")

        def dealt() -> bool:
            host.idle()
            ben.idle()
            host.line("")
            ben.line("")
            return host.session.game is not None and ben.session.game is not None

        assert wait_until(dealt, 10)
        room = host.home.rooms[0]
        link = host.home.links[room]
        if host.session.game is not None and host.session.game.current == 0:
            host.line("pass")

            def bobs_turn() -> bool:
                ben.idle()
                ben.line("")
                return ben.session.game is not None and ben.session.game.current == 1

            assert wait_until(bobs_turn, 10)
        # Alice opens another game: the ordinary one is not open
        host.line(f"invite {CAROL} honour")
        carol.accept(honour_room(host, CAROL))
        calls = woken(host)
        before = len(link.state.log)
        ben.line("pass")

        def refereed() -> bool:
            host.idle()
            return len(link.state.log) > before

        assert wait_until(refereed, 10)  # refereed all the same
        assert prompts.move_arrived("Bob") not in host.heard[-3:]
        assert wait_until(lambda: bool(calls), 5)
        said = host.line("")
        assert said == online_prompts.moved_not_open("Bob"), said
        assert times(online_prompts.moved_not_open("Bob"), host.heard) == 1
    finally:
        host.close()
        ben.close()
        carol.close()
