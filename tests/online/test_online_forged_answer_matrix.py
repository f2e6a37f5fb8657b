"""A forged catch-up answer over a real homeserver (the ``synapse`` fixture;
skipped with the reason when Synapse is not installed).

Alice and Bob pass twice; both programs stop. Bob's laptop (a new device,
an empty data folder) cannot read the room and asks. A new device of
Alice's answers with the last record left off (``MatrixTransport.events``
lets the laptop see that record's event, which it cannot decrypt): the
laptop says "Alice's answer was false; not taken." and keeps the game
aside. Alice's program runs again (the ask looks answered to it); the
laptop, started again and still behind, asks again and is caught up:
"Caught up: 2 moves from Alice's game."
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from matrix_homes_kit import Home, skip_without_encryption, two_passes  # type: ignore[import-not-found]  # (skips without nio)

skip_without_encryption()

from audio_scrabble.lexicon import Lexicon  # noqa: E402
from audio_scrabble.online import catchup  # noqa: E402
from audio_scrabble.online.matrix import MatrixTransport  # noqa: E402
from audio_scrabble.online.store import OnlineStore  # noqa: E402
from audio_scrabble.online.transport import UNREAD  # noqa: E402
from audio_scrabble.presentation import prompts_homes  # noqa: E402


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_forged_answer_is_refused_over_matrix_and_a_true_one_taken(synapse: Any, tmp_path: Path,
                                                                     lexicon: Any) -> None:
    alice = Home(synapse, "alice", tmp_path, lexicon)
    bob = Home(synapse, "bob", tmp_path, lexicon)
    alice_id, alice_pw, bob_id = alice.user, alice.password, bob.user
    laptop: Home | None = None
    alice2: Home | None = None
    forger: MatrixTransport | None = None
    try:
        room, alice_name = two_passes(alice, bob, synapse.url)
        whole = list(alice.home.links[room].entries)
        bob.home.close()
        alice.home.close()  # neither home answers now

        laptop = Home(synapse, "laptop", tmp_path, lexicon, account=(bob.user, bob.password))
        said = laptop.online(synapse.url)
        assert prompts_homes.CATCHUP_ASKED[0] in said, said
        assert laptop.home.transport is not None
        device = laptop.home.transport.device_id
        # a new device of Alice's, which reads none of the room, answers short
        forger = MatrixTransport.sign_in(synapse.url, alice_id, alice_pw, OnlineStore(tmp_path / "forger"))
        events = forger.events(room)
        assert [e.event_id for e in events if e.event_id in {str(x["event_id"]) for x in whole}] == \
            [str(x["event_id"]) for x in whole]  # every record's event is listed, though unread there
        assert all(e.kind == UNREAD for e in events if e.event_id == whole[-1]["event_id"])
        ask = [e for e in events if e.sender == bob_id][-1]
        for i, part in enumerate(catchup.answer_parts("lie", device, whole[:-1])):
            forger.send(room, "answer", {**part, "ask": ask.event_id}, f"forged.{i}")
        lap = laptop
        line = prompts_homes.forged_answer(alice_name)[0]
        lap.until(lambda: line in lap.heard, "the forged answer said refused")
        assert room in lap.home.catching and room not in lap.home.links
        assert not any(x.startswith("Caught up") for x in lap.heard)
        laptop.home.close()

        alice2 = Home(synapse, "alice", tmp_path, lexicon, account=(alice_id, alice_pw))  # Alice's program again
        alice2.online(synapse.url)
        # the laptop started again: asks again
        laptop = Home(synapse, "laptop", tmp_path, lexicon, account=(bob.user, bob.password))
        laptop.online(synapse.url)
        lap2 = laptop
        lap2.until(lambda: any(x.startswith("Caught up") for x in lap2.heard), "the laptop caught up truly")
        assert " ".join(prompts_homes.caught_up(2, alice_name)) in " ".join(lap2.heard), lap2.heard[-8:]
        assert len(lap2.home.links[room].state.log) == len(whole)
    finally:
        if forger is not None:
            forger.close()
        for p in (alice, bob, laptop, alice2):
            if p is not None:
                p.home.close()
