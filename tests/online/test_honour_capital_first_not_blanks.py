"""A move the friend types with a phone's capital first letter (``8G Qi``,
``H8 down Cat``) is read as capitals, not as GCG's blanks: the blank stays
on the rack when the rack holds the letters; a rack with a blank and not
the letter plays the blank (GCG's reading, when the capitals are
refused). The honour game's log carries each tile's blank flag: the game
rebuilt from it (Game.replay of its actions) places the same blanks. Before, ``Qi`` and
``Cat`` were read as blanks (only a word with more lower-case letters
than a set has blanks was capitals). Over the loopback transport (honour_kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.honour import HonourLink, read_typed

from honour_kit import Loop  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_phones_capital_first_letter_is_read_as_capitals() -> None:
    assert read_typed("8G Qi").text == "8G QI"
    assert read_typed("H8 down Cat").text == "H8 CAT"
    assert read_typed("8G QI").blanks == "" and read_typed("8D NASTiER").text == "8D NASTiER"  # GCG as before
    assert read_typed("8G qI").text == "8G qI"  # a blank first: not a phone's capital


def _friends_turn_with(loop: Loop, tiles: str) -> HonourLink:
    """Bob's turn on the empty board, his rack ``tiles`` and others than
    Q, I and the blank (his tiles swapped with the bag's: the set stays whole)."""
    link = loop.host.link()
    if link.game.current != link.friend_seat:
        loop.host.line("pass")
        loop.host.idle()
    game = link.game
    rack, bag = game.players[link.friend_seat].rack, game.bag.tiles
    assert game.board.is_empty() and game.current == link.friend_seat
    bag.extend(rack)
    rack.clear()
    for tile in tiles:
        bag.remove(tile)
        rack.append(tile)
    while len(rack) < 7:
        other = next(t for t in bag if t not in "QI?")
        bag.remove(other)
        rack.append(other)
    return link


@pytest.mark.parametrize("tiles, on_board, blank_kept", [("QI?", "QI", True), ("QI", "QI", False),
                                                          ("Q?", "Qi", False)])
def test_qi_typed_by_the_friend(tmp_path: Path, lexicon: Any, tiles: str, on_board: str, blank_kept: bool) -> None:
    loop = Loop(tmp_path, lexicon)
    try:
        loop.invited()
        link = _friends_turn_with(loop, tiles)
        loop.types("8G Qi")
        board = link.game.board.cells
        assert board[7][6] + board[7][7] == on_board, loop.bodies()[-1]
        assert ("?" in link.game.players[link.friend_seat].rack) == blank_kept
        kept = [e["action"] for e in link.journal.entries() if e.get("kind") == "honour_action"][-1]
        assert [(letter, blank) for _, _, letter, blank in kept["tiles"]] == [
            ("Q", False), ("I", on_board[1] == "i")]  # the log keeps which tile is a blank (its replay's)
    finally:
        loop.host.close()
        loop.bob.close()
