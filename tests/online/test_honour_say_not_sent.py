"""The honour mode: a chat line the homeserver would not take is refused
as any action is ("The homeserver ... did not answer ...; try again in a
moment."), and "Said." is not said. Before, the player heard both:
"Said." and that the server did not answer, one of them false. Over the
loopback transport (tests/online/honour_kit.py's Host)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import online_prompts

from honour_kit import OutOfReach, honour_with_bob  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_chat_line_not_sent_is_not_said_as_said(tmp_path: Path, lexicon: Any) -> None:
    net, bob, host, room = honour_with_bob(tmp_path, lexicon, OutOfReach)
    try:
        host.idle()
        host.line("")
        host.transports[-1].down = True
        out = host.line("say back in a minute")
        host.idle()
        out += host.line("")
        assert online_prompts.SAID not in out, out
        assert "did not answer" in joined(out), out
        assert not any(m.body == "back in a minute" for m in net.messages(room))
        host.transports[-1].down = False
        assert online_prompts.SAID in host.line("say back in a minute")
        assert any(m.body == "back in a minute" for m in net.messages(room))
    finally:
        host.close()
        bob.close()
