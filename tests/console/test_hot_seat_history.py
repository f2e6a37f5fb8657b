"""Hot seat: a person's typed lines stay theirs (issue 23, item 2).

At a shared computer, the line history is the last thing on the screen
that may still hold another person's rack: ``arrange HUMIIE?`` typed by
one player came back by Ctrl-P, or by Ctrl-R's search, at the next
person's prompt, after the hand-over had cleared the screen. Each seat
keeps its own history now. Typed through the real prompt_toolkit prompt
(pipe input), as tests/test_console_keys.py does, one line to each
prompt once its history has loaded (as a person types).
"""

from __future__ import annotations

import asyncio
import io

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from audio_scrabble.console import services
from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.session import Options, Session
from test_keys import CTRL_P, AcceptAll

CTRL_R = "\x12"
SECRET = "xyzzy QJXZ"  # stands for "arrange" and a rack: it may not reach the other player


class _Paced(ConsoleApp):
    """Types the next of ``lines`` into each prompt once the prompt's
    history has loaded (prompt_toolkit loads it in the background)."""

    def __init__(self, *args, lines: list[str], pipe, **kwargs):
        super().__init__(*args, **kwargs)
        self._lines, self._pipe = list(lines), pipe

    def _prompt_started(self) -> None:
        super()._prompt_started()
        if self._lines:
            asyncio.get_running_loop().create_task(self._type(self._lines.pop(0)))

    async def _type(self, keys: str) -> None:
        buffer = self.prompt.default_buffer
        for _ in range(500):
            task = buffer._load_history_task
            if task is not None and task.done():
                break
            await asyncio.sleep(0.01)
        self._pipe.send_text(keys)


def _play(lines: list[str]) -> list[tuple[str, str]]:
    """Ann and Bob at one computer (Bob plays first with seed 1): each line
    handled, with the name of the player whose turn it was."""
    s = Session(Options(players="Ann,Bob", seed=1), lexicon=AcceptAll())
    typed: list[tuple[str, str]] = []
    handle = s.handle_line

    def log(text: str) -> list[str]:
        typed.append((s.game.names[s.game.current] if s.game is not None else "", text))
        return handle(text)

    s.handle_line = log  # type: ignore[method-assign]
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        app = _Paced(s, services.ListSpeaker(), screen=io.StringIO(), lines=[*lines, "quit\r", "yes\r"], pipe=inp)
        assert app.run() == 0
    return typed


def test_ctrl_p_at_the_next_persons_prompt_never_brings_back_the_last_persons_line():
    # Bob: Enter for his rack, a line holding his tiles, a pass. Ann: Enter,
    # then Ctrl-P (Bob's pass, were the history shared: it would pass her
    # turn), Ctrl-P twice (his secret line); her own line, and Ctrl-P for
    # it; a pass. Bob again: Enter, Ctrl-P twice is his own secret line.
    bob = ["\r", "rack\r", SECRET + "\r", "pass\r"]
    ann = ["\r", CTRL_P + "\r", CTRL_P + CTRL_P + "\r", "bag\r", CTRL_P + "\r", "pass\r"]
    typed = _play(bob + ann + ["\r", CTRL_P + CTRL_P + "\r"])
    anns = [text for who, text in typed if who == "Ann"]
    assert anns == ["", "", "", "bag", "bag", "pass"], typed  # nothing of Bob's; her own line comes back
    assert typed[len(bob) + len(ann):] == [("Bob", ""), ("Bob", SECRET), ("Bob", "quit"), ("Bob", "yes")], typed


def test_ctrl_r_at_the_next_persons_prompt_finds_nothing_of_the_last_persons():
    typed = _play(["\r", SECRET + "\r", "pass\r", "\r", CTRL_R + "QJXZ" + "\r" + "\r"])
    anns = [text for who, text in typed if who == "Ann"]
    assert anns and not any("QJXZ" in text for text in anns), typed
