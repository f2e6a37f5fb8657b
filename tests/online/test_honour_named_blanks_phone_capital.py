"""The honour friend's blanks form read as the rest of the word is: a
phone's capital first letter (``Nastier (blank R) from D8 across``) is
capitals with the blanks named, as ``nastier (blank R)`` and ``NASTIER
(blank R)`` are. Before, the named form kept the word as typed, so the
lower-case letters after the phone's capital were taken for six blanks
more ("You have only one blank on your rack."). Over the loopback
transport (honour_kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.honour import read_typed

from honour_kit import Loop  # type: ignore[import-not-found]
from test_honour_from_form import _friends_turn_with, _row_8  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


@pytest.mark.parametrize("typed", ["Nastier (blank R) from D8 across", "nastier (blank R) from D8 across",
                                   "NASTIER (blank R) from D8 across"])
def test_read_as_capitals_with_the_blank_named(typed: str) -> None:
    got = read_typed(typed)
    assert (got.kind, got.text, got.named) == ("place", "8D NASTIER", ("R",)), got


def test_the_friend_plays_it_with_a_phones_capital(tmp_path: Path, lexicon: Any) -> None:
    loop = Loop(tmp_path, lexicon)
    try:
        loop.invited()
        link = _friends_turn_with(loop, "AEINST?")
        loop.types("Nastier (blank R) from D8 across")
        assert _row_8(link) == "NASTIEr", loop.bodies()[-1]
    finally:
        loop.host.close()
        loop.bob.close()
