"""``open N`` and ``claim N`` while the home's tick (another thread)
hands the honour game N to this player's other computer
(online_catching.honour_moved): each looked the room list up twice, once
to check the number and once to find the room, and looked the room up
among the honour games after it had left them, so a move in between
raised IndexError or KeyError ('Something went wrong inside the game').
Each list is now looked up once, and a game gone meanwhile is refused in
one sentence, nothing changed (since homes8 a game moved to the other computer stays listed: open asks it back, claim says an honour game has no claim). The moment is made exact here: the move
runs inside the look-up it races with (as
test_honour_moved_while_listed.py does for ``games``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from audio_scrabble.console.homes import online_catching
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import honour_prompts, prompts_homes

from honour_kit import Host, bob_invited  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _mover(host: Host) -> Callable[[], None]:
    """The honour game's move to ALICE2, once, as the tick makes it."""
    link = host.link()
    done: list[bool] = []

    def move() -> None:
        if not done:
            done.append(True)
            link.moved_to = "ALICE2"
            online_catching.honour_moved(host.home, link)
    return move


class _MovesAfterLength(list):  # type: ignore[type-arg]
    """The room list: the game moves away just after its length is read."""

    move: Callable[[], None] = staticmethod(lambda: None)

    def __len__(self) -> int:
        n = super().__len__()
        self.move()
        return n


class _MovesAtLookUp(dict):  # type: ignore[type-arg]
    """A room table: the game moves away as a room is looked up in it."""

    move: Callable[[], None] = staticmethod(lambda: None)

    def get(self, key: Any, default: Any = None) -> Any:
        self.move()
        return super().get(key, default)

    def __getitem__(self, key: Any) -> Any:
        self.move()
        return super().__getitem__(key)


def _no_crash(said: list[str]) -> None:
    assert not any("went wrong" in line for line in said), said


def _said_once(said: list[str], sentence: str) -> None:
    assert " ".join(said).count(sentence.split(";")[0]) == 1, said


def _online_number(host: Host) -> str:
    listed = host.line("games")
    if any(line.startswith("1 online game: with Bob") for line in listed):
        return "1"  # the only online game, said with no number (open 1 opens it)
    return next(line.split(".")[0] for line in listed if "Bob" in line and line[:1].isdigit())


@pytest.mark.parametrize("where", ["rooms", "honour"])
def test_open_as_the_honour_game_moves_away(tmp_path: Path, lexicon: Any, where: str) -> None:
    host = bob_invited(tmp_path, lexicon)
    try:
        number = _online_number(host)
        room = host.link().room
        host.home.close_table()
        move = _mover(host)
        if where == "rooms":  # between the number's check and the room's look-up: IndexError before
            rooms = _MovesAfterLength(host.home.rooms)
            rooms.move = move  # type: ignore[method-assign]
            host.home.rooms = rooms
        else:  # as the room is looked up among the honour games
            honour = _MovesAtLookUp(host.home.honour)
            honour.move = move  # type: ignore[method-assign]
            host.home.honour = honour
        said = host.line(f"open {number}")
        _no_crash(said)
        assert host.home.table is None, said  # nothing opened
        if where == "honour":  # listed as on the other computer (homes8): open asks it back
            _said_once(said, " ".join(prompts_homes.honour_asked_back("Bob")))
        # listed while asked back (homes9; unlisted before): "With Bob (honour): asked back ..."
        assert list(host.home.rooms) == [room] and room in host.home.asked and not host.home.honour
    finally:
        host.close()


def test_claim_as_the_honour_game_moves_away(tmp_path: Path, lexicon: Any) -> None:
    host = bob_invited(tmp_path, lexicon)
    try:
        number = _online_number(host)
        links = _MovesAtLookUp(host.home.links)  # the honour game is no game between homes: looked up next
        links.move = _mover(host)  # type: ignore[method-assign]
        host.home.links = links
        said = host.line(f"claim {number}")
        _no_crash(said)
        _said_once(said, honour_prompts.HONOUR_NO_CLAIM)  # listed as on the other computer (homes8)
    finally:
        host.close()
