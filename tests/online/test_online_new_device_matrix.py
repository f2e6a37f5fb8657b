"""A new device of a seated player gets the whole game between homes,
over a real homeserver (the ``synapse`` fixture; skipped with the reason
when Synapse is not installed). Matrix's encryption is the reason: the
room's keys went to the devices there when each record was sent, and
matrix-nio has no key backup, so Bob's laptop, signed in mid-game with an
empty data folder, cannot read a single record of the room.

1. Bob's first computer is off. The laptop finds the game's room among
   the rooms it has joined, asks (online/catchup.py), and Alice's running
   program answers with every record it applied: "Caught up: N moves from
   Alice's game."; without Bob's seed (Alice has none) the laptop follows
   the game and says it cannot play it.
2. Bob's first computer starts again: it answers the ask still owed its
   seed, sealed to the laptop's box; the laptop then holds Bob's rack and
   plays; Alice's program applies the laptop's move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from matrix_homes_kit import Home, skip_without_encryption, two_passes  # type: ignore[import-not-found]  # (skips without nio)

skip_without_encryption()

from audio_scrabble.lexicon import Lexicon  # noqa: E402
from audio_scrabble.online import catchup  # noqa: E402
from audio_scrabble.presentation import online_prompts, prompts_homes  # noqa: E402


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_new_device_is_caught_up_over_matrix_then_given_its_seed(synapse: Any, tmp_path: Path,
                                                                   lexicon: Any) -> None:
    alice = Home(synapse, "alice", tmp_path, lexicon)
    bob = Home(synapse, "bob", tmp_path, lexicon)
    laptop: Home | None = None
    bob2: Home | None = None
    try:
        room, alice_name = two_passes(alice, bob, synapse.url)
        game_id = alice.home.links[room].state.game_id
        bob_link = bob.home.links[room]
        seat = bob_link.state.my_seat
        assert seat is not None and bob_link.state.game is not None
        bob_rack = sorted(bob_link.state.game.players[seat].rack)
        bob.home.close()  # Bob's first computer is off

        laptop = Home(synapse, "laptop", tmp_path, lexicon, account=(bob.user, bob.password))
        said = laptop.online(synapse.url)
        assert prompts_homes.CATCHUP_ASKED[0] in said, said
        lap = laptop
        lap.until(lambda: any(x.startswith("Caught up") for x in lap.heard), "the laptop caught up by Alice's program")
        link = lap.home.links[room]
        assert len(link.state.log) >= len(alice.home.links[room].state.log) - 1
        text = " ".join(lap.heard)
        assert " ".join(prompts_homes.caught_up(2, alice_name)) in text, (link.caught_up, lap.heard)
        assert link.seedless and "cannot be read here" in text

        # Bob's first computer again
        bob2 = Home(synapse, "bob", tmp_path, lexicon, account=(bob.user, bob.password))
        out = bob2.online(synapse.url)  # the account on file: no question
        assert out[0].startswith(online_prompts.signed_in(bob.user)[0][:10]), out
        lap.until(lambda: not link.seedless, "the laptop given Bob's seed by his first computer")
        assert lap.home.seeds[game_id] == bob2.home.seeds[game_id]
        assert link.state.game is not None and sorted(link.state.game.players[seat].rack) == bob_rack
        # the seed went sealed: Alice's program cannot open it
        sealed = [m.record["seed"] for m in alice.home.transport.history(room)  # type: ignore[union-attr]
                  if m.record is not None and catchup.is_catchup(m.record) and m.record.get("seed")]
        assert sealed and all(catchup.open_seed(alice.home.store.catchup_secret(), s) is None for s in sealed)

        # the laptop plays: its move is applied at Alice's
        lap.line("open 1")
        game = lap.session.game
        assert game is not None
        if game.current != seat:
            alice.line("pass")
            lap.until(lambda: lap.session.game is not None and lap.session.game.current == seat, "Bob's turn")
        before = len(alice.home.links[room].state.log)
        assert "You passed." in lap.line("pass"), lap.heard[-6:]
        alice.until(lambda: len(alice.home.links[room].state.log) > before, "the laptop's pass at Alice's")
        assert alice.home.links[room].refusals == []
    finally:
        for p in (alice, bob, laptop, bob2):
            if p is not None:
                p.home.close()
