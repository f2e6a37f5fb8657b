"""An end by agreement in an honour game (online/honour_agree.py,
honour.py, console/homes/honour_table.py), over the loopback: Bob types
``offer end`` in the room, Alice hears it at her table with the scores
and types ``agree`` (the game over as it stands: said once, the room
told, a restart keeps it ended); Alice types ``offer end``, the room
hears it and Bob types ``decline``, or moves (the offer lapses); a yes
with no offer standing is refused in the room, nothing changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.honour import read_typed

from honour_kit import Loop  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_the_friends_words_are_read() -> None:
    assert read_typed("offer end").kind == "offer_end"
    assert read_typed("Offer end.").kind == "offer_end"
    assert read_typed("agree").kind == "agree_end"
    assert read_typed("Decline").kind == "decline_end"
    assert read_typed("offer you a drink").kind == "chat"


def test_bob_offers_alice_agrees_said_once_and_kept_after_a_restart(tmp_path: Path, lexicon: Any) -> None:
    loop = Loop(tmp_path, lexicon)
    try:
        loop.invited()
        loop.host.line("")
        loop.types("offer end")
        assert "You offered to end the game here; Alice can agree or play on." in loop.bodies()[-1]
        heard = joined(loop.host.line(""))
        assert "Bob offers to end the game here, Bob 0, you 0. Type agree to end it, or play on." in heard, heard
        said = joined(loop.host.line("agree") + loop.host.line(""))
        assert said.count("Ended by agreement: a tie, 0 each.") == 1, said
        assert "Ended by agreement: a tie, 0 each." in loop.bodies()[-1]
        assert loop.host.link().game.is_over and loop.host.link().game.ended.reason == "agreed"
        loop.types("agree")
        assert "The game is over" in loop.bodies()[-1]
        loop.host.close()
        loop.host = loop.new_host()
        loop.host.sign_in()
        assert loop.host.link().game.is_over
    finally:
        loop.host.close()
        loop.bob.close()


def test_alice_offers_bob_declines_then_a_move_lapses_her_next_offer(tmp_path: Path, lexicon: Any) -> None:
    loop = Loop(tmp_path, lexicon)
    try:
        loop.invited()
        loop.host.line("")
        out = joined(loop.host.line("offer end"))
        assert "You offered to end the game here; Bob can agree or play on." in out, out
        assert "Alice offers to end the game here, Alice 0, you 0. Type agree to end it, or play on." \
            in loop.bodies()[-1]
        assert "You offered already" in joined(loop.host.line("offer end"))
        loop.types("decline")
        assert "You declined; play on." in loop.bodies()[-1]
        assert "Bob declined to end the game; play on." in joined(loop.host.line(""))
        loop.types("agree")
        assert "No one has offered to end the game" in loop.bodies()[-1]
        loop.host.line("offer end")
        link = loop.host.link()
        if link.game.current == link.friend_seat:
            loop.types("pass")
        else:
            loop.host.line("pass")
        assert "The offer to end the game lapsed." in joined(loop.host.line("") + loop.host.line(""))
        assert link.end_offered is None and not link.game.is_over
    finally:
        loop.host.close()
        loop.bob.close()


def test_bob_offers_alice_declines_at_her_table(tmp_path: Path, lexicon: Any) -> None:
    loop = Loop(tmp_path, lexicon)
    try:
        loop.invited()
        loop.host.line("")
        loop.types("offer end")
        loop.host.line("")
        said = joined(loop.host.line("decline") + loop.host.line(""))
        assert "You declined; play on." in said, said
        assert "Alice declined to end the game; play on." in loop.bodies()[-1]
        assert loop.host.link().end_offered is None and not loop.host.link().game.is_over
        loop.types("offer end")
        loop.types("offer end")
        assert "You offered already; wait for the answer, or play on." in loop.bodies()[-1]
    finally:
        loop.host.close()
        loop.bob.close()
