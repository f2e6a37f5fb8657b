"""The commands of play between homes (console/homes/online_commands.py,
console/homes/online_home.py), typed through Session.handle_line over the
loopback transport: ``online`` asks the homeserver, the user and the
password one at a time (the password never said, kept or logged),
``invite``, ``games`` (the invitation, then whose turn), ``accept N``,
``decline N``, a move heard as it arrives, ``say``, ``resign`` and the
deal checked on both sides; a restart says who moved while the player
was away, and ``open N`` catches up from the room. Refusals in one
sentence."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console.homes.online_start import OnlineSession
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork
from audio_scrabble.presentation import online_prompts, prompts

from homes_kit import PASSWORD, Player, by_turn, seated, seated_pair, settle, signed_in  # type: ignore[import-not-found]
from lines_kit import said as said_in, starts, times  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_sign_in_invite_accept_play_chat_resign(tmp_path: Path, lexicon: Any, caplog: Any) -> None:
    caplog.set_level(logging.DEBUG)
    net = LoopbackNetwork()
    alice = signed_in(net, "Alice", tmp_path / "a", lexicon)
    bob = signed_in(net, "Bob", tmp_path / "b", lexicon)
    try:
        assert alice.passwords == [PASSWORD]
        out = alice.line("invite @bob:loopback")
        assert starts(online_prompts.invited(["Bob"]), out), out
        settle(alice, bob)
        listed = bob.line("games")
        assert said_in(online_prompts.invitation_line(1, "Alice"), listed), listed
        assert said_in(["Invitation 1: Alice invites you", "to a game."], listed)
        out = bob.line("accept 1")
        assert starts(online_prompts.accepted_game("Alice"), out), out
        settle(alice, bob)
        bob.line("")
        alice_open = alice.line("")
        assert said_in(online_prompts.accepted("Bob"), alice_open), alice_open
        assert said_in(online_prompts.game_with(["Bob"]), alice.heard)
        assert said_in(online_prompts.game_with(["Alice"]), bob.heard)
        assert alice.session.game is not None and bob.session.game is not None
        first, second = by_turn(alice, bob)
        # games: whose turn
        games = first.line("games")
        assert any(line.startswith("1 online game: with ") and "your turn" in line for line in games), games
        games = second.line("games")
        assert any(line.startswith("1 online game: with ") and "'s turn" in line for line in games), games
        # a move heard as it arrives, once
        out = first.line("pass")
        assert "You passed." in out, out
        settle(alice, bob)
        heard = second.line("")
        first_name = "Alice" if first is alice else "Bob"
        assert heard[0] == prompts.move_arrived(first_name), heard
        assert f"{first_name} passed." in heard and "Your turn." in heard, heard
        # chat, said once
        assert second.line("say good one") == [online_prompts.SAID]
        settle(alice, bob)
        second_name = "Bob" if first is alice else "Alice"
        said = first.line("")
        assert said_in(online_prompts.chat_line(second_name, "good one"), said), said
        assert times(online_prompts.chat_line(second_name, "good one"), first.heard) == 1
        assert not said_in(online_prompts.chat_line(second_name, "good one"), second.heard)
        # resign: the keys follow, the deal is checked on both sides
        out = second.line("resign")
        assert out[0] == online_prompts.RESIGN_SENT, out
        settle(alice, bob)
        alice.line("")
        bob.line("")
        for p in (alice, bob):
            assert p.heard.count("The deal checked out.") == 1, p.heard[-8:]
            assert p.session.game is not None and p.session.game.is_over  # the table's game ends with it
            assert p.session.mode == "over"
        finals = [p.home.links[p.home.rooms[0]].state.final for p in (alice, bob)]
        assert finals[0] is not None and finals[0] == finals[1]
        assert "resigned" in finals[0].gcg
        # the password is said nowhere, kept nowhere, logged nowhere
        for p in (alice, bob):
            assert not any(PASSWORD in line for line in p.heard)
            for f in p.store.folder.rglob("*"):
                if f.is_file():
                    assert PASSWORD.encode() not in f.read_bytes(), f
        assert PASSWORD not in caplog.text
    finally:
        alice.close()
        bob.close()


def test_decline_and_refusals(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    alice = Player(net, "Alice", tmp_path / "a", lexicon)
    try:
        out = " ".join(alice.line("invite @bob:loopback"))
        assert out == online_prompts.NOT_SIGNED_IN, out
        alice = signed_in(net, "Alice", tmp_path / "a2", lexicon)
        bob = signed_in(net, "Bob", tmp_path / "b", lexicon)
        said = lambda p, text: " ".join(p.line(text))  # noqa: E731 - a refusal, whole
        assert said(alice, "invite") == online_prompts.INVITE_WHOM
        assert said(alice, "invite bob").startswith("bob is not a user id")
        assert said(alice, "invite @alice:loopback") == online_prompts.NOT_YOURSELF
        assert said(alice, "invite @b:x @c:x @d:x @e:x") == online_prompts.TOO_MANY_INVITED
        assert said(alice, "say hello") == online_prompts.NO_ONLINE_GAME
        assert said(bob, "accept x") == online_prompts.WHICH_INVITATION
        assert said(bob, "accept 1") == online_prompts.no_invitation(0)
        alice.line("invite @bob:loopback")
        settle(alice, bob)
        bob.line("games")
        out = bob.line("decline 1")
        assert out == online_prompts.declined("Alice"), out
        assert all("invites you" not in line for line in bob.line("games"))
        assert alice.line("online out") == [online_prompts.SIGNED_OUT]
        assert alice.line("games")[-1] != online_prompts.NO_ONLINE_GAMES[-1]
        bob.close()
    finally:
        alice.close()


def test_a_restart_says_who_moved_and_open_catches_up(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    alice, bob = seated_pair(net, tmp_path, lexicon)
    assert alice.session.game is not None
    first, second = by_turn(alice, bob)
    second_name = "Bob" if first is alice else "Alice"
    first_name = "Alice" if first is alice else "Bob"
    # the second player goes away; the first moves meanwhile
    second.close()
    first.line("pass")
    settle(first)
    # the second comes back: a new program, the same data folder (its account kept: connect)
    folder = second.store.folder
    again = Player(net, second_name, folder, lexicon, OnlineSession)
    again.store.save_account  # the loopback keeps no account: connect is given
    opening = again.home.connect()
    assert said_in(online_prompts.moved_while_away(first_name, 1), opening), opening
    assert f"{first_name} moved in a game while you were away." in " ".join(opening)
    games = again.line("games")
    assert any(line.startswith("1 online game: with ") and "your turn" in line for line in games), games
    out = again.line("open 1")
    assert said_in(online_prompts.game_with([first_name]), out), out
    assert again.session.game is not None and again.session.game.current == (1 if first is alice else 0)
    assert "Your turn." in out
    # the game goes on from here
    assert "You passed." in again.line("pass")
    settle(again, first)
    heard = first.line("")
    assert heard[0] == prompts.move_arrived(second_name), heard
    # signed out, the game left on the table is never changed here
    assert first.line("online out") == [online_prompts.SIGNED_OUT]
    actions = len(first.session.game.actions)
    assert " ".join(first.line("pass")) == online_prompts.GAME_CLOSED
    assert len(first.session.game.actions) == actions
    again.close()
    first.close()


def test_online_at_the_set_up_question_gives_it_back_once_signed_in(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    p = Player(net, "Alice", tmp_path / "a", lexicon)
    try:
        asked = p.session.start()
        setup_prompt = p.session.prompt_text()
        assert p.session.question is not None
        out = p.line("online")
        assert out == [online_prompts.ASK_HOMESERVER], out  # the set-up question is not asked over it
        p.line("example.org")
        p.line("alice")
        out = p.line(PASSWORD)
        assert starts(online_prompts.signed_in(p.user), out)
        assert p.session.prompt_text() == setup_prompt  # the set-up question is open again
        assert asked
    finally:
        p.close()


def test_three_homes_invite_accept_and_hear_each_move(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    names = ("Alice", "Bob", "Cy")
    ps = [signed_in(net, n, tmp_path / n, lexicon) for n in names]
    try:
        out = ps[0].line("invite @bob:loopback @cy:loopback")
        assert starts(online_prompts.invited(["Bob", "Cy"]), out), out
        settle(*ps)
        for p in ps[1:]:
            assert said_in(["Invitation 1: Alice invites you", "to a game."], p.line("games"))
            p.line("accept 1")
            settle(*ps)
        settle(*ps)
        for p in ps:
            p.line("")
            assert p.session.game is not None, p.heard[-6:]
            others = [n for n in names if n != p.user[1:].split(":")[0].capitalize()]
            assert said_in(online_prompts.game_with(others), p.heard)
        for _ in range(3):  # each passes in turn; the two others hear it once
            current = ps[0].session.game.current
            mover = next(p for p in ps if p.home.links[p.home.rooms[0]].state.my_seat == current)
            before = [len(p.heard) for p in ps]
            assert "You passed." in mover.line("pass")
            settle(*ps)
            mover_name = ps[0].session.game.names[current]
            for p, n in zip(ps, before):
                if p is not mover:
                    new = p.line("")
                    assert new.count(prompts.move_arrived(mover_name)) == 1, new
                    assert p.heard[n:].count(f"{mover_name} passed.") == 1
        ps[2].line("resign")
        settle(*ps)
        for p in ps:
            p.line("")
            assert p.heard.count("The deal checked out.") == 1, p.heard[-6:]
    finally:
        for p in ps:
            p.close()


def test_both_sides_keep_the_same_checked_record_in_their_games_folder(tmp_path: Path, lexicon: Any) -> None:
    from audio_scrabble.persistence import SaveStore

    net = LoopbackNetwork()
    alice = signed_in(net, "Alice", tmp_path / "a", lexicon, SaveStore(tmp_path / "a-saves"))
    bob = signed_in(net, "Bob", tmp_path / "b", lexicon, SaveStore(tmp_path / "b-saves"))
    try:
        seated(alice, bob)
        current = alice.session.game.current
        mover = alice if current == 0 else bob
        mover.line("pass")
        settle(alice, bob)
        alice.line("")
        bob.line("")
        alice.line("resign")
        settle(alice, bob)
        alice.line("")
        bob.line("")
        records = [sorted((tmp_path / f"{x}-saves" / "games").glob("*.gcg")) for x in ("a", "b")]
        assert [len(r) for r in records] == [1, 1], records
        assert records[0][0].read_text() == records[1][0].read_text()
        assert "resigned" in records[0][0].read_text()
        for p, r in zip((alice, bob), records):
            assert said_in(online_prompts.record_kept(r[0].name), p.heard)
            kept = [f for f in (tmp_path / ("a-saves" if p is alice else "b-saves")).rglob("*") if f.is_file()]
            assert [f.suffix for f in kept if f.suffix not in (".lock",)] == [".gcg"], kept  # no local save
    finally:
        alice.close()
        bob.close()
