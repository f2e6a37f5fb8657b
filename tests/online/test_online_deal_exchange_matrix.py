"""An exchange between two homes over a real homeserver (Synapse on
127.0.0.1, the fixture of tests/conftest.py): the exchange with its strip
of the bag and the other side's new shuffle (records of some 12 KB each)
go through the encrypted room, and the whole game still checks out on
both sides (issue 21, leak 1)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

nio = pytest.importorskip("nio", reason="matrix-nio is not installed (the online extra)")
from nio.crypto import ENCRYPTION_ENABLED  # noqa: E402

if not ENCRYPTION_ENABLED:
    pytest.skip("matrix-nio has no encryption here (vodozemac missing)", allow_module_level=True)

from audio_scrabble.engine.players import ComputerPlayer  # noqa: E402
from audio_scrabble.lexicon import Lexicon  # noqa: E402
from audio_scrabble.online.match import DONE, PLAY, GameLink  # noqa: E402
from audio_scrabble.online.matrix import MatrixTransport  # noqa: E402
from audio_scrabble.online.store import OnlineStore  # noqa: E402


def wait_until(predicate: Any, timeout: float = 60.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or predicate}")
        time.sleep(0.05)


def test_an_exchange_over_matrix_shuffles_the_bag_again_and_the_game_checks_out(synapse: Any,
                                                                               tmp_path: Path) -> None:
    lexicon = Lexicon.default()
    users = [synapse.new_user(name) for name in ("alicex", "bobx")]
    transports = [MatrixTransport.sign_in(synapse.url, u, pw, OnlineStore(tmp_path / u.split(":")[0][1:]))
                  for u, pw in users]
    links: list[GameLink] = []
    try:
        seeds: list[dict[str, bytes]] = [{}, {}]
        alice = GameLink.offer(transports[0], "Alice", [("Bob", users[1][0])], "single", lexicon, seeds[0],
                               background=True)
        alice.listen()
        links.append(alice)
        wait_until(lambda: any(i.room == alice.room for i in transports[1].invitations()), what="the invitation")
        bob = GameLink.join(transports[1], alice.room, lexicon, seeds[1], background=True)
        bob.listen()
        links.append(bob)

        def to_play() -> int | None:
            return next((i for i, link in enumerate(links) if link.pending() == PLAY), None)

        wait_until(lambda: to_play() is not None, what="the deal")
        x = to_play()
        assert x is not None
        rack = links[x].state.game.players[x].rack  # type: ignore[union-attr]
        links[x].send_action({"type": "exchange", "tiles": "".join(rack[:3])})
        wait_until(lambda: all(link.state.rounds and link.state.rounds[0].done for link in links),
                   what="the new shuffle")
        wait_until(lambda: to_play() == 1 - x, what="the next turn")
        assert links[0].state.hashes == links[1].state.hashes
        assert [r.kind for r in links[0].state.log[-2:]] == ["exchange", "shuffle"]
        cps = [ComputerPlayer("club", lexicon, rng_seed=i) for i in range(2)]
        deadline = time.monotonic() + 240
        while not all(link.pending() == DONE for link in links):
            assert time.monotonic() < deadline, [link.pending() for link in links]
            i = to_play()
            if i is None:
                time.sleep(0.05)
                continue
            link = links[i]
            with link._lock:
                game = link.state.game
                assert game is not None
                action = {"type": "accept"} if game.awaiting_final_challenge else cps[i].choose(game, i)
                count = len(link.state.log)
            link.send_action(action)
            wait_until(lambda: all(len(lk.state.log) > count for lk in links), what="the move")
        finals = [link.state.final for link in links]
        assert finals[0] is not None and finals[0] == finals[1]
        assert finals[0].checked and finals[0].lines[0] == "The deal checked out."
    finally:
        for link in links:
            link.close()
        for t in transports:
            t.close()
