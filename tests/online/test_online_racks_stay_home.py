"""A rack never leaves its home while the game is on: two homes (Alice's
and Bob's consoles, each with its data folder and its save folder) play
over the loopback transport through ``Session.handle_line`` (plays chosen
by a club player on each side's own view, an exchange, chat, ``games``,
``unseen``, ``history``, ``summary``, ``export``); after every step, none
of the other home's racks held so far is in anything this home's program
wrote (every file of its data folder and its saves), in anything it said,
or in any message of the room (bodies and structured records), in any
of the forms a rack is written in (``AEINRST``, ``A E I N R S T``, a JSON
list). Each side's own rack is found in its own words (the check can see
a rack), never in the room. The deal is random (each side's secrets), so
each run plays another game; a rack planted in a home's file fails it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.engine.players import ComputerPlayer
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork
from audio_scrabble.persistence import SaveStore

from homes_kit import Player, seated, settle  # type: ignore[import-not-found]
from typed_moves import typed  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def home(net: LoopbackNetwork, name: str, folder: Path, lexicon: Any) -> Player:
    """A home whose program writes in ``folder`` alone: its data folder
    (``data``) and its saves (``saves``)."""
    return Player(net, name, folder / "data", lexicon, saves=SaveStore(folder / "saves"))


def me(home: Player) -> int:
    game = home.session.game
    assert game is not None
    return list(game.names).index(home.name)


def forms(rack: list[str]) -> list[str]:
    tiles = list(rack)
    return ["".join(tiles), " ".join(tiles), json.dumps(tiles), json.dumps(tiles, separators=(",", ":"))]


def written(home: Player) -> str:
    """Everything this home's program has written: every file it keeps."""
    parts = []
    for f in sorted(home.folder.parent.rglob("*")):
        if f.is_file():
            parts.append(f.read_bytes().decode("utf-8", errors="replace"))
    return "\n".join(parts)


def room_text(net: LoopbackNetwork) -> str:
    rooms = list(getattr(net, "_rooms", {}).keys()) or []
    out = []
    for room in rooms:
        for m in net.messages(room):
            out.append(m.body)
            out.append(json.dumps(getattr(m, "record", None), ensure_ascii=False))
    return "\n".join(out)


def own_rack(home: Player) -> list[str]:
    game = home.session.game
    assert game is not None
    return [t for t in game.players[me(home)].rack]


def move_for(home: Player, player: ComputerPlayer) -> str:
    game = home.session.game
    assert game is not None
    if game.awaiting_final_challenge:
        return "accept"
    return typed(player.choose(game, me(home)), game.board)


def test_no_rack_of_the_other_home_in_its_files_its_words_or_the_room(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    alice = home(net, "Alice", tmp_path / "alice", lexicon)
    bob = home(net, "Bob", tmp_path / "bob", lexicon)
    homes = (alice, bob)
    held: dict[str, list[list[str]]] = {"Alice": [], "Bob": []}
    try:
        for h in homes:
            h.line("online")
            h.line("example.org")
            h.line(h.name.lower())
            h.line("a password")
        seated(alice, bob)
        settle(alice, bob)
        assert alice.session.game is not None and bob.session.game is not None
        players = {h.name: ComputerPlayer("club", lexicon, 7 + k) for k, h in enumerate(homes)}

        def check() -> None:
            if any(h.session.game is None or h.session.game.is_over for h in homes):
                return  # once the game is over the racks may be told
            for h in homes:
                rack = own_rack(h)
                if "?" in rack and len(set(rack)) == 1:
                    continue  # tiles not known yet (an exchange's keys under way)
                if rack and rack not in held[h.name]:
                    held[h.name].append(rack)
            room = room_text(net)
            for h, other in ((alice, bob), (bob, alice)):
                files, words = written(h), "\n".join(h.heard)
                for rack in held[other.name]:
                    if len(rack) < 5:
                        continue  # too short to tell from chance
                    for form in forms(rack):
                        assert form not in files, (h.name, "file", form)
                        assert form not in words, (h.name, "said", form)
                        assert form not in room, ("room", other.name, form)

        check()
        exchanged = False
        for step in range(14):
            settle(alice, bob)
            for h in homes:
                h.line("")
            settle(alice, bob)
            game_a = alice.session.game
            if game_a is None or game_a.is_over:
                break
            mover = next((h for h in homes if h.session.game is not None and h.session.game.current == me(h)
                          and "waiting" not in h.session.prompt_text()), None)
            if mover is None:
                continue
            if not exchanged and step >= 2:
                tiles = "".join(t for t in own_rack(mover) if t != "?")[:3]
                mover.line("exchange " + tiles)
                exchanged = True
            else:
                mover.line(move_for(mover, players[mover.name]))
            mover.line("say nice rack here")
            for h in homes:
                for asked in ("unseen", "history", "summary", "games", "export"):
                    h.line(asked)
            settle(alice, bob)
            check()
        # the check can see a rack: each side said its own
        for h in homes:
            assert held[h.name], h.name
            assert any(" ".join(r) in "\n".join(h.heard) for r in held[h.name]), h.name
        assert exchanged
        game = alice.session.game
        assert game is not None and len(game.actions) >= 6, len(game.actions)  # moves were made
        assert all(len(held[h.name]) >= 3 for h in homes), held  # racks changed as tiles were drawn
    finally:
        alice.close()
        bob.close()
