"""The honour mode over the loopback transport (online/honour.py,
console/homes/honour_table.py): Alice's console invites Bob with ``invite
@bob:loopback honour``; Bob has no copy of the game and types plain text
in the room (no structured content), as from a phone's Matrix app. The
whole game is played through Alice's Session.handle_line and Bob's
messages: the room says the program holds both racks and the bag, Bob
gets his rack there, each move is answered with its sentence, the scores
and the board; a move out of turn and an illegal one are refused in the
room (one sentence, nothing changed) and said once here; a chat line is
said once as "Bob says: ..."; the end is said on both sides and the GCG
record is written. Then a restart: what Bob typed while Alice was away is
answered, ``games`` lists the game ("honour"), ``open N`` seats it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.notation.gcg import read_gcg
from audio_scrabble.online.honour import read_typed
from audio_scrabble.presentation import honour_prompts, online_prompts, prompts

from lines_kit import joined, said as said_in, starts, times  # type: ignore[import-not-found]

from honour_kit import BOB, Loop, Observed, play_out

#: a deal where Alice goes out (her club player's moves)
OUT_SEED = 1


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_read_what_a_friend_types() -> None:
    assert read_typed("8D NASTIER") == read_typed("8D NASTIER ")
    assert read_typed("8D NASTIER").text == "8D NASTIER"
    assert read_typed("8d nastier").text == "8D NASTIER"  # all lower case: capitals
    assert read_typed("8D NASTiER").text == "8D NASTiER"  # a blank, as in GCG
    assert read_typed("8D Nastier").text == "8D NASTIER"  # a phone's capital: more lower case than blanks
    assert read_typed("8D NAStiER").text == "8D NAStiER"  # two blanks
    assert read_typed("H8 down CAT").text == "H8 CAT"
    assert read_typed("h8 across cat").text == "8H CAT"
    assert read_typed("8H down CAT").text == "H8 CAT"
    assert read_typed("Pass").kind == "pass"
    assert read_typed("exchange abc").text == "ABC"
    assert read_typed("-AB?").text == "AB?"
    for word in ("challenge", "resign", "help", "accept", "board"):
        assert read_typed(word.capitalize()).kind == word
    for chat in ("good one", "pass the salt", "8D is a nice square", "hello"):
        assert read_typed(chat).kind == "chat", chat


def test_a_whole_honour_game_over_the_loopback(tmp_path: Path, lexicon: Any) -> None:
    loop = Loop(tmp_path, lexicon)
    host = loop.host
    try:
        assert starts(online_prompts.signed_in("@alice:loopback"), host.sign_in())
        out = host.line("invite @bob:loopback honour")
        assert starts(honour_prompts.invited_here("Bob"), out), out
        assert said_in(honour_prompts.game_with("Bob"), out)
        assert "holds both racks and the bag" in joined(honour_prompts.game_with("Bob"))
        room = loop.room()
        assert BOB in loop.net.room(room).invited
        loop.bob.accept(room)
        link = host.link()
        game = host.session.game
        assert game is not None and game.names == ("Alice", "Bob")
        welcome = loop.bodies()[0]
        assert "holds both racks and the bag" in welcome and "on trust" in welcome
        assert honour_prompts.rack_message("Bob", link.game.players[1].rack) in welcome
        # no structured content from Bob; Alice's messages carry the honour mark
        assert all(m.record == {"honour": 1} for m in loop.net.messages(room) if m.sender != BOB)

        def extra(turn: int, seen: Observed) -> None:
            g = link.game
            if turn == 1:  # a chat line: said once
                loop.types("good luck!")
                assert host.line("") == honour_prompts.chat_here("Bob", "good luck!")
            if turn == 2:
                loop.types("help")
                assert "exchange ABC" in loop.bodies()[-1]
            if g.current == 0 and not g.awaiting_final_challenge and "(out of turn)" not in seen.typed:
                # Bob moves out of turn: refused in the room, said once here, nothing changed
                before = (len(g.actions), sorted(g.board.occupied()))
                loop.types("8D CAT")
                sentence = honour_prompts.not_your_turn("Alice")
                assert loop.bodies()[-1] == honour_prompts.refused("Bob", sentence)
                assert host.line("") == honour_prompts.refused_here("Bob", sentence)
                assert (len(g.actions), sorted(g.board.occupied())) == before
                seen.typed.append("(out of turn)")
            pending = g.pending_play
            if g.current == 0 and pending is not None and pending.player == 1 and turn > 6 \
                    and "(alice challenges)" not in seen.typed and not g.awaiting_final_challenge:
                # Alice challenges Bob's last play here: made, and answered in the room
                out = host.line("challenge")
                assert any("challenge" in line.lower() for line in out), out
                assert "challenge" in loop.bodies()[-1].lower(), loop.bodies()[-1]
                seen.typed.append("(alice challenges)")
            pending = g.pending_play
            if g.current == 1 and pending is not None and pending.player == 0 and turn > 4 \
                    and "(challenge)" not in seen.typed and not g.awaiting_final_challenge:
                # Bob challenges Alice's last play (single challenge: it stands, no penalty)
                loop.types("challenge")
                seen.friend_actions += 1
                assert "challenge" in loop.bodies()[-1].lower(), loop.bodies()[-1]
                seen.typed.append("(challenge)")
            if g.current == 1 and not g.awaiting_final_challenge and "(illegal)" not in seen.typed:
                # an illegal move in Bob's turn: the core's sentence, nothing changed
                count = len(g.actions)
                loop.types("8D QZQZ")
                answer = loop.bodies()[-1]
                assert answer.startswith("Not played, Bob: "), answer
                assert len(g.actions) == count and g.current == 1
                said = host.line("")
                assert said and joined(said).startswith("Bob's move refused: "), said
                seen.typed.append("(illegal)")

        seen = play_out(host, loop.types, lexicon, extra=extra)
        final = link.game
        assert final.is_over and host.session.game is not None and host.session.game.is_over
        assert host.session.mode == "over"
        # each of Bob's actions said once at Alice's table, as it arrived
        assert host.heard.count(prompts.move_arrived("Bob")) == seen.friend_actions
        assert times(honour_prompts.chat_here("Bob", "good luck!"), host.heard) == 1
        assert "(challenge)" in seen.typed and "(alice challenges)" in seen.typed and "(illegal)" in seen.typed and "(out of turn)" in seen.typed
        assert any(t.islower() for t in seen.typed if t[0].isdigit() or t[0].isalpha()), (seen.typed, final.actions, host.heard[-30:])
        # the room: every move answered with its sentence, the scores and the board
        bodies = loop.bodies()
        assert any("Bob played" in b for b in bodies) and any("Alice played" in b for b in bodies)
        assert any(" 1 2 3" not in b and "\n 8 " in b for b in bodies)  # the board as text
        # a large-print picture of the board with each move, its alt text the move's sentence
        pictures = [m for m in loop.net.messages(room) if m.image is not None]
        assert len(pictures) == len(final.actions), (len(pictures), len(final.actions))
        texts = [m.body for m in loop.net.messages(room) if m.image is None and m.sender != BOB]
        for picture in pictures:
            assert picture.sender == "@alice:loopback" and picture.image is not None
            assert picture.image.startswith(b"\x89PNG\r\n\x1a\n")
            assert any(t.startswith(picture.body + "\n\n") for t in texts), picture.body
        last_picture = next(m for m in reversed(loop.net.messages(room)) if m.image is not None)
        assert "Game over." in last_picture.body
        bodies = [m.body for m in loop.net.messages(room) if m.image is None]
        assert "Game over." in bodies[-1] and "Final scores" in bodies[-1], bodies[-1]
        # the GCG record, written once, the game's own
        records = list(loop.saves.games_dir.glob("*.gcg"))
        assert len(records) == 1, records
        assert said_in(online_prompts.record_kept(records[0].name), host.heard)
        record = read_gcg(records[0].read_bytes())
        assert [p.full_name for p in record.players] == ["Alice", "Bob"]
        # games lists it, over; Bob's message after the end is refused
        listed = host.line("games")
        assert any("With Bob (honour): over." in line for line in listed), listed
        loop.types("pass")
        assert loop.bodies()[-1] == honour_prompts.refused("Bob", honour_prompts.GAME_OVER)
    finally:
        host.close()
        loop.bob.close()


def test_honour_game_resumed_after_a_restart(tmp_path: Path, lexicon: Any) -> None:
    loop = Loop(tmp_path, lexicon)
    host = loop.host
    try:
        loop.invited()
        link = host.link()
        if link.game.current == 0:
            host.line("pass")
        assert link.game.current == 1
        board_before = sorted(link.game.board.occupied())
        actions = list(link.game.actions)
        host.close()
        for t in host.transports:
            t.close()
        # while Alice is away, Bob passes and says something
        loop.bob.send(loop.room(), "pass", None, "away.1")
        loop.bob.send(loop.room(), "back soon", None, "away.2")
        again = loop.new_host()
        loop.host = again
        out = again.sign_in()
        assert said_in(online_prompts.moved_while_away("Bob", 1), out), out
        again.idle()
        relink = again.link()
        assert relink.game.actions == actions + [{"type": "pass"}]
        assert sorted(relink.game.board.occupied()) == board_before
        assert loop.bodies()[-1].startswith("Bob passed.")
        listed = again.line("games")
        # the only game, said with no number ("1 online game: with Bob (honour), your turn"): open 1 opens it
        assert "1 online game: with Bob (honour), your turn" in " ".join(listed), listed
        number = 1
        opened = again.line(f"open {number}")
        assert said_in(honour_prompts.game_with("Bob"), opened), opened
        assert again.session.game is not None and again.session.game.current == 0
        # said at the start, as a game between homes' is, not kept for the game to be opened
        assert said_in(online_prompts.chat_while_away("Bob", "back soon"), out), out
        assert not any("back soon" in line for line in opened), opened
        assert times(online_prompts.chat_while_away("Bob", "back soon"), again.heard) == 1
        out = again.line("pass")
        assert "You passed." in out, out
        assert loop.bodies()[-1].startswith("Alice passed.")
        # the same messages are not answered twice after another restart
        count = len(loop.bodies())
        again.close()
        third = loop.new_host()
        loop.host = third
        third.sign_in()
        third.idle()
        assert len(loop.bodies()) == count
        assert third.link().game.actions == relink.game.actions
        third.close()
    finally:
        loop.host.close()
        loop.bob.close()


@pytest.mark.parametrize("who", ["Bob", "Alice"])
def test_a_resignation_ends_the_honour_game(tmp_path: Path, lexicon: Any, who: str) -> None:
    loop = Loop(tmp_path, lexicon)
    host = loop.host
    try:
        loop.invited()
        if host.link().game.current == 0:
            host.line("pass")
        loop.types("pass")  # Bob: one move each, so the scores are said
        host.line("")
        if who == "Bob":
            loop.types("Resign")
            out = host.line("")
            assert starts([prompts.move_arrived("Bob"), *online_prompts.resigned("Bob", False)], out), out
        else:
            out = host.line("resign")
            assert starts(online_prompts.resigned("Alice", True), out), out
        assert honour_prompts.final_here(("Alice", "Bob"), (0, 0), 0)[0] in out
        game = host.session.game
        assert game is not None and game.is_over and host.session.mode == "over"
        assert loop.bodies()[-1].startswith(honour_prompts.resigned_room(who)), loop.bodies()[-1]
        records = list(loop.saves.games_dir.glob("*.gcg"))
        assert len(records) == 1 and said_in(online_prompts.record_kept(records[0].name), out), out
        # the game stays over after a restart: the resignation is in its log
        host.close()
        again = loop.new_host()
        loop.host = again
        again.sign_in()
        assert again.link().game.is_over
        assert any("(honour): over." in line for line in again.line("games"))
    finally:
        loop.host.close()
        loop.bob.close()


def test_invite_honour_in_completion_and_its_refusals(tmp_path: Path, lexicon: Any) -> None:
    from audio_scrabble.console.handlers.commands import complete

    loop = Loop(tmp_path, lexicon)
    host = loop.host
    try:
        assert complete(host.session, "invite @bob:loopback ho") == ["honour"]
        assert "honour" in "\n".join(host.line("help invite"))
        host.sign_in()
        out = host.line("invite @bob:loopback @cy:loopback honour")
        assert out == prompts.refusal_said(honour_prompts.HONOUR_ONE_FRIEND) or \
            honour_prompts.HONOUR_ONE_FRIEND in " ".join(out), out
        assert host.home.rooms == [] and host.session.game is None  # nothing changed
        out = host.line("invite @bob:loopback honor")  # either spelling
        assert starts(honour_prompts.invited_here("Bob"), out), out
        loop.bob.accept(loop.room())
        assert host.line("say hello from here") == [online_prompts.SAID]
        assert loop.bodies()[-1] == "hello from here"
        loop.types("board")
        assert loop.bodies()[-1].startswith("   A B C D E F G H I J K L M N O\n 1 "), loop.bodies()[-1]
        assert honour_prompts.rack_message("Bob", host.link().game.players[1].rack) in loop.bodies()[-1]
    finally:
        host.close()
        loop.bob.close()


def test_a_move_whose_answer_never_left_is_answered_after_a_restart(tmp_path: Path, lexicon: Any) -> None:
    """The program stops after a move is kept but before the room hears it
    (the send fails): at the next sign-in the game as it stands goes to the
    room, once."""
    loop = Loop(tmp_path, lexicon)
    host = loop.host
    try:
        loop.invited()
        link = host.link()
        if link.game.current == 1:
            loop.types("pass")
            host.line("")
        count = len(loop.bodies())
        transport = host.transports[-1]
        transport.closed = True  # type: ignore[attr-defined]  # the network gone: sends fail
        out = host.line("pass")
        assert "You passed." in out, out
        assert len(loop.bodies()) == count  # the room never heard it
        host.close()
        again = loop.new_host()
        loop.host = again
        again.sign_in()
        again.idle()
        bodies = loop.bodies()
        assert len(bodies) == count + 1, bodies[count:]
        assert bodies[-1].startswith(honour_prompts.your_turn("Bob") + "\n\n   A B C"), bodies[-1]
        assert honour_prompts.rack_message("Bob", again.link().game.players[1].rack) in bodies[-1]
        assert again.link().game.current == 1
        third = loop.new_host()
        loop.host = third
        again.close()
        third.sign_in()
        third.idle()
        assert len(loop.bodies()) == count + 1  # answered once
    finally:
        loop.host.close()
        loop.bob.close()


def test_the_last_play_waits_on_the_friend(tmp_path: Path, lexicon: Any) -> None:
    """Alice goes out (this deal's club players have her do so): a move Bob
    types then is refused with what to type instead; his accept ends it."""
    loop = Loop(tmp_path, lexicon, seed=OUT_SEED)
    host = loop.host
    try:
        loop.invited()
        link = host.link()

        def extra(turn: int, seen: Observed) -> None:
            g = link.game
            pending = g.pending_play
            if g.awaiting_final_challenge and pending is not None and pending.player == 0 \
                    and "(waits)" not in seen.typed:
                loop.types("pass")
                assert loop.bodies()[-1] == honour_prompts.refused("Bob", honour_prompts.LAST_PLAY_WAITS)
                assert host.line("") == honour_prompts.refused_here("Bob", honour_prompts.LAST_PLAY_WAITS)
                seen.typed.append("(waits)")

        seen = play_out(host, loop.types, lexicon, extra=extra)
        assert "(waits)" in seen.typed
        ended = link.game.ended
        assert ended is not None and ended.out_player == 0
    finally:
        host.close()
        loop.bob.close()
