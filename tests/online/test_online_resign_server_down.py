"""A resignation typed while the homeserver does not answer is kept, said
so at once ("Server down; resignation sent when it is back."), and goes
once when the server answers again: the game ends on both sides. Before,
it waited up to a minute on the prompt and could be lost, and
"Resigned; the keys of the deal follow." was said before the room had
it."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from test_online_console_server_down import lexicon  # type: ignore[import-not-found]  # noqa: F401

from audio_scrabble.console.homes import online_table
from audio_scrabble.online.loopback import LoopbackNetwork
from audio_scrabble.presentation import online_prompts

from homes_kit import Flaky, Player, seated, settle, signed_in  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


def test_a_resignation_typed_while_the_server_is_down_is_kept_and_goes_once(
        tmp_path: Path, lexicon: Any, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    monkeypatch.setattr(Player, "transport_type", Flaky)
    monkeypatch.setattr(online_table, "ECHO_WAIT", 600.0)  # only the transport's word ends the wait early
    net = LoopbackNetwork()
    alice = signed_in(net, "Alice", tmp_path / "a", lexicon)
    bob = signed_in(net, "Bob", tmp_path / "b", lexicon)
    try:
        seated(alice, bob)
        assert alice.session.game is not None and bob.session.game is not None
        transport = alice.transports[-1]
        assert isinstance(transport, Flaky)
        room = alice.home.rooms[0]
        messages = len(net.messages(room))
        transport.down = True
        said: list[str] = []
        typing = threading.Thread(target=lambda: said.extend(alice.line("resign")), daemon=True)
        typing.start()
        typing.join(60)
        assert not typing.is_alive(), "the prompt waited for a resignation that cannot go"
        assert joined(online_prompts.RESIGN_WHEN_BACK) in joined(said), said
        assert online_prompts.RESIGN_SENT not in said, said
        assert len(net.messages(room)) == messages  # nothing reached the room yet
        transport.down = False  # the server is back: the outbox sends it, once
        link = alice.home.links[room]
        assert link.flush(60)
        settle(alice, bob)
        alice.line("")
        bob.line("")
        settle(alice, bob)
        resignations = [m for m in net.messages(room) if m.record is not None and m.record.get("kind") == "resign"]
        assert len(resignations) == 1, [m.body for m in net.messages(room)[messages:]]
        assert bob.home.links[room].state.over or bob.session.game.is_over
    finally:
        alice.close()
        bob.close()
