"""Correspondence over a real homeserver (the ``synapse`` fixture: Synapse
from PyPI on 127.0.0.1; skipped with the reason when it is not
installed): Alice invites Bob with days a move and double challenge;
``games`` says how long is left; Bob resigns; at the end both are offered
a rematch; Alice's ``rematch`` reaches Bob's table ("Alice asks for a
rematch") and his ``games`` ("asks for a rematch"); he accepts, and the
new game, in a new room, has the same rules and days."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from matrix_homes_kit import Home  # type: ignore[import-not-found]  # (skips without nio)

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import online_prompts

from lines_kit import said as said_in, starts  # type: ignore[import-not-found]


def test_a_rematch_over_a_real_homeserver(synapse: Any, tmp_path: Path) -> None:
    lexicon = Lexicon.default()
    alice = Home(synapse, "alice", tmp_path, lexicon)
    bob = Home(synapse, "bob", tmp_path, lexicon)
    try:
        alice.sign_in(synapse.url)
        bob.sign_in(synapse.url)
        out = alice.line(f"invite {bob.user} days 2 rules double")
        assert "Played by " in " ".join(out) and " ".join(out).endswith("2 days a move."), out
        bob.until(lambda: any("invites you" in x for x in bob.heard[-8:]), "the invitation", "games")
        bob.line("accept 1")
        bob.until(lambda: bob.session.game is not None, "Bob's game seated")
        alice.until(lambda: alice.session.game is not None, "Alice's game seated")
        games = alice.line("games")
        assert " ".join(games).endswith(", 2 days left."), games  # the time left, lines of 40
        bob.line("resign")
        for h in (alice, bob):
            h.until(lambda: online_prompts.REMATCH_HOW in h.heard, "the end, with the rematch offered")
            assert h.heard.count("The deal checked out.") == 1
        first_room = alice.home.rooms[0]
        out = alice.line("rematch")
        assert starts(online_prompts.rematch_sent([bob.name]), out), out
        bob.until(lambda: said_in(online_prompts.asks_rematch(alice.name), bob.heard), "the rematch heard")
        bob.until(lambda: said_in(online_prompts.rematch_invitation_line(1, alice.name), bob.heard[-10:]),
                  "the rematch listed", "games")
        bob.line("accept 1")
        bob.until(lambda: bob.session.game is not None and not bob.session.game.is_over, "the rematch seated")
        new_room = bob.home.rooms[-1]
        assert new_room != first_room
        offer = bob.home.links[new_room].state.offer
        assert offer is not None and offer.days == 2 and offer.rules == "double"
        assert offer.players[0].user == alice.user
    finally:
        alice.home.close()
        bob.home.close()
