"""The honour mode over a real homeserver (the ``synapse`` fixture), with a
friend whose Matrix device signs in AFTER the invitation: the room's
first messages (the welcome, the rules, his rack) were encrypted for the
devices there then, so his app cannot read them. When his first message
arrives, the host's program sends the game as it stands again (the
rules, the moves so far in words, the board, his rack, whose turn), once
for that device (online/honour.py, HonourLink._brief). Before, he never
learnt his rack. His side is a bare Matrix client (the transport's raw
send, a plain m.text, as a phone app sends it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from honour_synapse_kit import WAIT, friends  # type: ignore[import-not-found]  # (skips without nio)

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.transport import Message
from audio_scrabble.presentation import honour_prompts, prompts_homes

from honour_kit import wait_until


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_device_signed_in_after_the_invitation_is_sent_the_game_again(synapse: Any, tmp_path: Path,
                                                                        lexicon: Any) -> None:
    with friends(synapse, tmp_path, lexicon) as two:
        host, alice_id, ben = two.host, two.alice_id, two.ben
        two.sign_in()
        two.invite()
        room = host.home.rooms[0]
        link = host.link()
        rack = honour_prompts.rack_message(ben, link.game.players[1].rack)
        assert link.game.current is not None
        # only now does Bob's phone sign in: a new device, after the room's first messages
        bob = two.device()
        two.accept(bob, room)
        # what the new device could not read: the first messages (the host may
        # already have sent the game again, in its own words, when the device appeared)
        again_intro = prompts_homes.honour_again(ben, "", "").split(",")[1]
        readable = [m.body for m in bob.history(room) if again_intro not in m.body]
        assert not any(rack in body for body in readable), readable

        def alice_sent(text: str) -> list[Message]:
            return [m for m in bob.history(room) if m.sender == alice_id and text in m.body]

        bob.send(room, "hello, I cannot see my tiles", None, "bob.1")
        assert wait_until(lambda: bool(alice_sent(rack)), WAIT, step=0.5), [m.body for m in bob.history(room)]
        again = alice_sent(rack)[0].body
        assert "Rules: Tournament rules, single challenge." in again, again
        assert "the board is empty" in again, again  # the board in words
        current = link.game.names[link.game.current]
        turn = honour_prompts.your_turn(ben) if link.game.current == 1 else honour_prompts.whose_turn(current)
        assert turn in again, again
        # once for that device: another line of his is chat only
        count = len(alice_sent(rack))
        bob.send(room, "thanks", None, "bob.2")
        assert wait_until(lambda: len(link.heard) == 2, WAIT)
        host.home.wait_idle()
        assert honour_prompts.chat_here(ben, "thanks")[0] in host.line("") + host.heard
        assert len(alice_sent(rack)) == count


def test_a_new_device_of_the_friends_joining_mid_game_is_sent_the_game(synapse: Any, tmp_path: Path,
                                                                       lexicon: Any) -> None:
    """Bob's second phone signs in during the game and types nothing: the
    host's program trusts it on first use and sends it the game as it
    stands (his rack included), once."""
    with friends(synapse, tmp_path, lexicon) as two:
        alice_id, ben = two.alice_id, two.ben
        _bob, room, link = two.one_move_made()
        before = len(link.briefed)
        phone = two.device("phone")
        rack = honour_prompts.rack_message(ben, link.game.players[1].rack)

        def phone_reads() -> bool:
            return any(m.sender == alice_id and "in case your app could not read" in m.body and rack in m.body
                       for m in phone.history(room))

        assert wait_until(phone_reads, WAIT, step=0.5), [m.body[:40] for m in phone.history(room)]
        assert len(link.briefed) == before + 1 and phone.device_id in link.briefed, link.briefed
