"""A burst of news in the self-voicing mode (``--speech tts``), at the
real prompt: Bob's and Carol's moves arrive from elsewhere 30 ms apart
(remote seats) while Alice waits.

Real speech, as tests/presentation/test_tts_every_message.py measures it
(pyttsx3 with espeak-ng renders each message; a player process of the
test's plays it in real time into a raw file, which sox measures). The
burst never holds the prompt: while Bob's move is being spoken the prompt
takes keys, and the first key cuts the speech short (Bob's move
interrupted, Carol's dropped before it is heard: the game's rule, only
the player cuts speech). ``repeat`` then says the whole burst, both
moves in order, heard whole to its end. Skips, saying why, without
espeak-ng or sox (tests/DEBIAN_PACKAGES.speech).
"""

from __future__ import annotations

import io
import threading
import time
from typing import Callable

from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.table.seats import PASS, SeatMove

from pipe_console import remote_table  # type: ignore[import-not-found]
from test_tts_every_message import Playback, playback  # noqa: F401 - the fixture


class Raw(io.StringIO):
    encoding = "utf-8"  # type: ignore[assignment]


def _wait(ok: Callable[[], bool], timeout: float = 60.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if ok():
            return True
        time.sleep(0.005)
    return False


def test_a_burst_never_holds_the_prompt_a_key_cuts_it_and_repeat_says_it_all(playback: Playback) -> None:
    session, (bob, carol) = remote_table("Bob", "Carol")
    speaker = playback.speaker
    output = Vt100_Output(Raw(), lambda: Size(rows=24, columns=80), term="xterm")
    seen: dict = {}
    failed: list[str] = []

    def uttered(words: str, finished: bool = False) -> Callable[[], bool]:
        return lambda: any(words in u.text and (u.finished or not finished) for u in speaker.utterances)

    with create_pipe_input() as inp, create_app_session(input=inp, output=output):
        app = ConsoleApp(session, speaker, screen=playback.out, output=output)

        def typist() -> None:
            try:
                if not _wait(lambda: app.prompt.app.is_running and speaker.wait(0)):
                    failed.append("the first prompt, its words spoken")
                inp.send_text("pass\r")
                if not _wait(lambda: session.game.current == 1 and app.prompt.app.is_running
                             and speaker.wait(0)):
                    failed.append("Bob's turn")
                bob.put(SeatMove(PASS))
                time.sleep(0.03)
                carol.put(SeatMove(PASS))
                if not _wait(uttered("Bob passed.")):  # Bob's move is being spoken
                    failed.append("Bob's move spoken")
                seen["speaking"] = not speaker.wait(0)
                seen["prompt up"] = app.prompt.app.is_running
                seen["carol said"] = _wait(lambda: session.game.current == 0, 10)
                seen["carol spoken yet"] = uttered("Carol passed.")()
                count = len(speaker.utterances)
                inp.send_text("repeat\r")  # its first key cuts the speech
                if not _wait(lambda: len(speaker.utterances) > count and uttered("Carol passed.", True)()):
                    failed.append("the repeat spoken")
                seen["utterances"] = list(speaker.utterances)
            finally:
                inp.send_text("\x15quit\ryes\r")

        thread = threading.Thread(target=typist, daemon=True)
        thread.start()
        assert app.run() == 0
        thread.join(30)
    assert failed == []
    assert seen["speaking"] and seen["prompt up"]  # the burst is spoken while the prompt takes keys
    assert seen["carol said"] and not seen["carol spoken yet"]  # printed, waiting its turn to be spoken
    utterances = seen["utterances"]
    bobs = [u for u in utterances if "Bob passed." in u.text]
    assert bobs[0].interrupted  # the key cut it short
    assert not any(u.text.startswith("Carol's move") for u in utterances)  # dropped with the queue
    again = bobs[-1]
    assert again is not bobs[0] and "Carol passed." in again.text  # repeat: the whole burst, in one
    assert again.text.index("Bob passed.") < again.text.index("Carol passed.")
    assert again.finished and not again.interrupted
    printed = playback.out.getvalue()
    assert printed.count("Bob passed.") == 2 and printed.count("Carol passed.") == 2  # said, then repeated
