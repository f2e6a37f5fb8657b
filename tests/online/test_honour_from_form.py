"""The honour friend types a move in the one form the game teaches
everywhere else, ``NASTIER from D8 across`` (``play`` before it or not,
across or down in any case), and the old ``8D NASTIER`` still works;
a sentence with ``from``, a square and ``across`` in it stays chat. The
room's welcome, help and the game sent again teach that one form.

A word of blanks only is playable: ``EH (blanks E and H) from H8 across``
(the form the game suggests to players), and a lower-case letter is a
blank where the rack needs it (``8H eh`` from a rack of two blanks,
``nastier from D8 across`` from a rack with a blank and no R).
Before, the from form was chat, the blanks form was chat and ``8H eh``
was read as capitals only ("You have no E"). Over the loopback
transport (honour_kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.honour import HonourLink, read_typed
from audio_scrabble.presentation import honour_prompts, prompts_homes

from honour_kit import Loop  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


@pytest.mark.parametrize("typed, text", [
    ("NASTIER from D8 across", "8D NASTIER"),
    ("play NASTIER from D8 across", "8D NASTIER"),
    ("Play nastier from d8 ACROSS", "8D NASTIER"),
    ("NASTIER from D8 across.", "8D NASTIER"),
    ("CAT from H8 Down", "H8 CAT"),
    ("cat from 8h down", "H8 CAT"),
    ("NASTiER from D8 across", "8D NASTiER"),
    ("(T)RAIN from D8 across", "8D (T)RAIN"),
    ("8D NASTIER", "8D NASTIER"),  # the old form still read
    ("H8 down CAT", "H8 CAT"),
])
def test_the_from_form_is_a_move(typed: str, text: str) -> None:
    got = read_typed(typed)
    assert (got.kind, got.text) == ("place", text), typed


@pytest.mark.parametrize("chat", [
    "I am from D8 across the road",
    "from D8 across",
    "NASTIER from D8",
    "NASTIER from D8 sideways",
    "play ball from D8 across now",
    "we two from D8 across",
    "NASTIER from the D8 across",
    "NAST1ER from D8 across",
])
def test_a_sentence_with_from_stays_chat(chat: str) -> None:
    assert read_typed(chat).kind == "chat", chat


@pytest.mark.parametrize("typed", [
    "EH (blanks E and H) from H8 across",
    "play EH (blanks E and H) from H8 across",
    "eh (blanks E, H) from H8 across",
    "NASTIER (blank R) from D8 across",
])
def test_the_blanks_form_is_a_move(typed: str) -> None:
    assert read_typed(typed).kind == "place", typed


def test_the_friends_messages_teach_the_one_form() -> None:
    for message in (honour_prompts.welcome("Alice", "Bob"), honour_prompts.help_text("Bob"),
                    prompts_homes.honour_again("Bob", "Alice", "Tournament rules")):
        assert "NASTIER from D8 across" in message, message
        assert "8D NASTIER" not in message and "H8 CAT" not in message, message


def _friends_turn_with(loop: Loop, tiles: str) -> HonourLink:
    """Bob's turn on the empty board, his rack ``tiles`` and others than
    those letters and the blank (his tiles swapped with the bag's: the set stays whole)."""
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
        other = next(t for t in bag if t not in tiles + "?" and t not in "AEINRST")
        bag.remove(other)
        rack.append(other)
    return link


def _row_8(link: HonourLink) -> str:
    return "".join(link.game.board.cells[7]).strip(". ")


@pytest.mark.parametrize("tiles, typed, on_board", [
    ("AEINRST", "NASTIER from D8 across", "NASTIER"),
    ("AEINRST", "play nastier from d8 across", "NASTIER"),
    ("??", "EH (blanks E and H) from H8 across", "eh"),
    ("??", "play eh (blanks E and H) from H8 across", "eh"),
    ("E?", "EH (blank H) from H8 across", "Eh"),
    ("??", "8H eh", "eh"),
    ("??", "eh from H8 across", "eh"),
    ("AEINST?", "nastier from D8 across", "NASTIEr"),
    ("AEINST?", "8D Nastier", "NASTIEr"),
    ("CA?", "8G Cat", "CAt"),
])
def test_the_friend_plays_it(tmp_path: Path, lexicon: Any, tiles: str, typed: str, on_board: str) -> None:
    loop = Loop(tmp_path, lexicon)
    try:
        loop.invited()
        link = _friends_turn_with(loop, tiles)
        loop.types(typed)
        assert _row_8(link) == on_board, loop.bodies()[-1]
        assert link.game.current != link.friend_seat
    finally:
        loop.host.close()
        loop.bob.close()


def test_chat_with_from_is_passed_on_and_plays_nothing(tmp_path: Path, lexicon: Any) -> None:
    loop = Loop(tmp_path, lexicon)
    try:
        loop.invited()
        link = _friends_turn_with(loop, "AEINRST")
        loop.types("I am from D8 across the road")
        assert link.game.board.is_empty() and link.game.current == link.friend_seat
        assert loop.host.line("") == honour_prompts.chat_here("Bob", "I am from D8 across the road")
    finally:
        loop.host.close()
        loop.bob.close()


def test_a_square_off_the_board_is_named_as_typed(tmp_path: Path, lexicon: Any) -> None:
    loop = Loop(tmp_path, lexicon)
    try:
        loop.invited()
        link = _friends_turn_with(loop, "AEINRST")
        loop.types("NASTIER from Z8 across")
        assert loop.bodies()[-1] == honour_prompts.refused(
            "Bob", "Z8 is off the board; columns run A to O and rows 1 to 15.")
        assert link.game.board.is_empty() and link.game.current == link.friend_seat
    finally:
        loop.host.close()
        loop.bob.close()


@pytest.mark.parametrize("typed", ["NAST?ER from D8 across", "8D NAST?ER"])
def test_a_question_mark_in_the_word_is_refused_saying_what_to_type(tmp_path: Path, lexicon: Any,
                                                                     typed: str) -> None:
    loop = Loop(tmp_path, lexicon)
    try:
        loop.invited()
        link = _friends_turn_with(loop, "AEINST?")
        loop.types(typed)
        assert loop.bodies()[-1] == honour_prompts.refused("Bob", honour_prompts.BLANK_AS_LETTER)
        assert link.game.board.is_empty() and link.game.current == link.friend_seat
    finally:
        loop.host.close()
        loop.bob.close()


@pytest.mark.parametrize("chat", ["H8 really?", "8D what?", "is that from D8 across?"])
def test_a_question_stays_chat(chat: str) -> None:
    assert read_typed(chat).kind == "chat", chat
