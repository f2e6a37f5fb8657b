"""Chat lines between homes in a burst, at the real prompt: Alice's
console (prompt_toolkit pipe input) with her online home over the
loopback transport; Bob (through ``Session.handle_line``) says two lines
one after the other while Alice has half a line typed. Each is said once
above her prompt, her half line kept; ``repeat`` then says both, in
order, not only the last (before, the first was lost to ``repeat`` once
the second came)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork
from audio_scrabble.presentation import online_prompts, prompts

from homes_kit import Player, seated, settle  # type: ignore[import-not-found]
from pipe_console import run_at_prompt, wait  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_two_chat_lines_in_a_row_are_each_said_once_and_repeat_says_both(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    alice = Player(net, "Alice", tmp_path / "a", lexicon)
    bob = Player(net, "Bob", tmp_path / "b", lexicon)
    try:
        for h in (alice, bob):
            for text in ("online", "example.org", h.name.lower(), "a password"):
                h.line(text)
        seated(alice, bob)
        settle(alice, bob)
        assert alice.session.game is not None and bob.session.game is not None
        first, second = online_prompts.chat_line("Bob", "well played"), online_prompts.chat_line("Bob", "your go")
        seen: dict = {}

        def script(app: Any, inp: Any, speaker: Any, failed: list[str]) -> None:
            wait(lambda: app.prompt.app.is_running, failed, "Alice's prompt")
            inp.send_text("sco")
            wait(lambda: app.prompt.default_buffer.text == "sco", failed, "the half line")
            bob.line("say well played")
            bob.line("say your go")
            settle(alice, bob)
            wait(lambda: any(second[-1] in m for m in speaker.messages), failed, "the chat said")
            time.sleep(0.2)
            seen["typed"] = app.prompt.default_buffer.text
            seen["said"] = list(speaker.messages)
            n = len(speaker.messages)
            inp.send_text("\x15repeat\r")
            wait(lambda: len(speaker.messages) > n, failed, "the repeat")
            seen["repeat"] = speaker.messages[n:]

        speaker, failed = run_at_prompt(alice.session, script)
        assert failed == []
        assert seen["typed"] == "sco"
        said = "\n".join(seen["said"])
        assert said.count("\n".join(first)) == 1 and said.count("\n".join(second)) == 1, seen["said"]
        assert said.index("\n".join(first)) < said.index("\n".join(second))
        # both lines, in order; then, when the reply before them was long
        # (the seating's lines), the way back to it (a line of its own)
        news = "\n".join([*first, *second])
        assert seen["repeat"] in (
            [news], [news + "\n" + prompts.REPEAT_AGAIN_BEFORE_NEWS]), seen["repeat"]
    finally:
        alice.close()
        bob.close()
