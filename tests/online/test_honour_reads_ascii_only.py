"""The honour friend's from form is read in plain letters only: Python's
case-blind matching lets ``ſ`` (long s) stand for ``s`` and ``K`` (the
Kelvin sign) for ``k``, so ``CAT from H8 acroſſ`` matched the form, and
its way, not equal to ``across`` once lowered, was taken for down: a move
played the other way than typed. Now a way that is not across or down
once lowered leaves the message chat (a square with a Kelvin sign was
chat already: checked too)."""

from __future__ import annotations

import pytest

from audio_scrabble.online.honour import read_typed


@pytest.mark.parametrize("typed", [
    "CAT from H8 acro\u017f\u017f",   # long s
    "CAT from \u212a8 down",           # Kelvin sign for K
])
def test_letters_outside_a_to_z_are_chat(typed: str) -> None:
    got = read_typed(typed)
    assert got.kind == "chat", (typed, got)


def test_plain_across_still_across() -> None:
    assert read_typed("CAT from H8 ACROSS").text == "8H CAT"
