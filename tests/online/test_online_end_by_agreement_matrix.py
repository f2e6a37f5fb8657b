"""An end by agreement over a real homeserver (the ``synapse`` fixture:
Synapse from PyPI on 127.0.0.1; skipped with the reason when it or
matrix-nio is missing): two passes, Bob types ``offer end``, Alice hears
the offer and types ``agree``; both hear "Ended by agreement: a tie, 0
each." once and the deal checked; ``games`` lists the game over."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from matrix_homes_kit import Home, two_passes  # type: ignore[import-not-found]  # (skips without nio)

from audio_scrabble.lexicon import Lexicon

from lines_kit import joined  # type: ignore[import-not-found]


def test_an_end_agreed_over_a_real_homeserver(synapse: Any, tmp_path: Path) -> None:
    lexicon = Lexicon.default()
    alice = Home(synapse, "alice", tmp_path, lexicon)
    bob = Home(synapse, "bob", tmp_path, lexicon)
    try:
        room, _ = two_passes(alice, bob, synapse.url)
        out = joined(bob.line("offer end"))
        assert "You offered to end the game here;" in out, out
        alice.until(lambda: "offers to end the game here," in joined(alice.heard[-6:]), "the offer heard")
        alice.line("agree")
        for h in (alice, bob):
            h.until(lambda: "The deal checked out." in h.heard, "the end, checked")
            assert joined(h.heard).count("Ended by agreement: a tie, 0 each.") == 1, h.heard[-10:]
            final = h.home.links[room].state.final
            assert final is not None and final.agreed and "#note Ended by agreement" in final.gcg
        assert "over" in joined(alice.line("games"))
    finally:
        alice.home.close()
        bob.home.close()
