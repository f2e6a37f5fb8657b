"""The honour mode over a real homeserver (the ``synapse`` fixture:
Synapse from PyPI on 127.0.0.1; skipped with the reason when it or
matrix-nio's encryption is missing). Alice's console signs in and types
``invite @bob:... honour``; Bob has no copy of the game: his side is a
bare Matrix client (the transport's raw send, a plain ``m.text`` with no
structured content, as Element or any phone app sends it) that accepts the
invitation and types moves, a refused one and a chat line. The whole game
is played to its end; Bob reads his rack, every answer and the final
scores in the room; the GCG record is written; the server stored only
encrypted events."""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

import pytest
from honour_synapse_kit import WAIT, friends  # type: ignore[import-not-found]  # (skips without nio)

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.notation.gcg import read_gcg
from audio_scrabble.online.transport import Message
from audio_scrabble.presentation import honour_prompts, online_prompts, prompts
from audio_scrabble.presentation.board_picture import SIDE, board_png

from lines_kit import joined, said as said_in, starts, times  # type: ignore[import-not-found]

from honour_kit import Observed, play_out, wait_until


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_an_honour_game_over_a_real_homeserver(synapse: Any, tmp_path: Path, lexicon: Any) -> None:
    with friends(synapse, tmp_path, lexicon) as two:
        host, saves, alice_id, ann, ben = two.host, two.saves, two.alice_id, two.ann, two.ben
        bob = two.device()
        got: list[Message] = []
        txn = itertools.count()
        assert starts(online_prompts.signed_in(alice_id), two.sign_in())
        out = two.invite()
        assert starts(honour_prompts.invited_here(ben), out), out
        room = host.home.rooms[0]
        two.accept(bob, room)
        bob.listen(got.append)
        link = host.link()

        def alice_said(text: str) -> bool:
            return any(m.sender == alice_id and text in m.body for m in got)

        # Bob reads the welcome (both racks held by Alice's program) and his rack
        assert wait_until(lambda: bool(bob.history(room)), WAIT)
        welcome = bob.history(room)[0]
        assert welcome.sender == alice_id and "holds both racks and the bag" in welcome.body
        assert honour_prompts.rack_message(ben, link.game.players[1].rack) in welcome.body

        def types(text: str) -> None:
            """Bob types a line in his Matrix app; Alice's program has answered it."""
            answers = sum(1 for m in got if m.sender == alice_id)
            event = bob.send(room, text, None, f"bob.{next(txn)}")
            assert wait_until(lambda: event in link.heard, WAIT), text
            host.home.wait_idle()
            if read_typed_kind(text) != "chat":
                assert wait_until(lambda: sum(1 for m in got if m.sender == alice_id) > answers, WAIT), text

        def extra(turn: int, seen: Observed) -> None:
            g = link.game
            if turn == 1:
                types("good luck")
                assert wait_until(lambda: said_in(honour_prompts.chat_here(ben, "good luck"), host.line("")), WAIT)
            if g.current == 1 and not g.awaiting_final_challenge and "(illegal)" not in seen.typed:
                count = len(g.actions)
                types("8D QZQZ")
                assert wait_until(lambda: alice_said(f"Not played, {ben}: "), WAIT)
                assert len(g.actions) == count
                said = host.line("")
                assert said and joined(said).startswith(f"{ben}'s move refused: "), said
                seen.typed.append("(illegal)")

        start = time.monotonic()
        seen = play_out(host, types, lexicon, extra=extra)
        took = time.monotonic() - start
        assert link.game.is_over and host.session.game is not None and host.session.game.is_over
        assert host.heard.count(prompts.move_arrived(ben)) == seen.friend_actions
        assert times(honour_prompts.chat_here(ben, "good luck"), host.heard) == 1
        assert "(illegal)" in seen.typed
        # Bob reads the end in the room
        assert wait_until(lambda: alice_said("Final scores"), WAIT)
        records = list(saves.games_dir.glob("*.gcg"))
        assert len(records) == 1, records
        record = read_gcg(records[0].read_bytes())
        assert [p.full_name for p in record.players] == [ann, ben]
        # with each move a large-print picture of the board (m.image, uploaded
        # encrypted), its alt text the move's sentence: Bob's app downloads and decrypts it
        history = bob.history(room)
        pictures = [m for m in history if m.sender == alice_id and m.record is None]
        assert len(pictures) == len(link.game.actions), (len(pictures), len(link.game.actions))
        texts = [m.body for m in history if m.sender == alice_id and m.record is not None]
        assert all(any(t.startswith(p.body + "\n\n") for t in texts) for p in pictures)
        png = bob.download_image(room, pictures[-1].event_id)
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and png[16:24] == bytes.fromhex("%08x%08x" % (SIDE, SIDE))
        assert png == board_png(link.game.board)
        types_stored = set(synapse.event_types(room))
        assert "m.room.encrypted" in types_stored and "m.room.message" not in types_stored, types_stored
        print(f"honour game over Synapse: {len(link.game.actions)} actions in {took:.1f} s")


def read_typed_kind(text: str) -> str:
    from audio_scrabble.online.honour import read_typed

    return read_typed(text).kind
