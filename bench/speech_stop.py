"""How fast the game's own speech stops, and gives way (issue 22, point 5).

Prints, over N runs each (median and worst, milliseconds):

* screen-reader mode, a private Speech Dispatcher logging what it is told
  (tests/speechd_log.py): F9's spots being spoken, then an arrow key sent
  to the console: from the key to the server receiving the game's CANCEL,
  and to the output module stopped (the server's own log, microseconds);
* the same server: the game's long message being spoken, a screen reader
  (a client named as Orca's, at Orca's priority, message) speaks: from its
  SPEAK to its message starting in the module (the reader never waits
  behind the game; ``--game-priority message`` shows it as it was);
* tts mode, real espeak-ng and a player process: help being played, then
  Backspace sent to the console: from the key to the player process gone;
* Ctrl, the screen reader's stop key, pressed with xdotool on a private
  X server (Xvfb), the tts speaker playing a long message: from the key
  to the player process gone; the screen-reader speaker speaking: from
  the key to the server receiving the CANCEL (xdotool's own start-up
  included in both).

Target: every stop well under 200 ms.

    python bench/speech_stop.py [--runs N]
"""

from __future__ import annotations

import argparse
import io
import re
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import speechd_log  # noqa: E402
from prompt_toolkit.application import create_app_session  # noqa: E402
from prompt_toolkit.data_structures import Size  # noqa: E402
from prompt_toolkit.input import create_pipe_input  # noqa: E402
from prompt_toolkit.output.vt100 import Vt100_Output  # noqa: E402

from audio_scrabble.console.app import ConsoleApp  # noqa: E402
from audio_scrabble.console.session import Options, Session  # noqa: E402
from audio_scrabble.presentation import speech  # noqa: E402
from audio_scrabble.presentation.speech import (  # noqa: E402
    ScreenReaderSpeaker,
    TtsSpeaker,
    load_speechd,
)

F9, RIGHT, LEFT, BACKSPACE = "\x1b[20~", "\x1b[C", "\x1b[D", "\x7f"
_STAMP = re.compile(r"^\[(\w{3} \w{3} +\d+ [\d:]+ \d{4}) : (\d+)\] speechd:\s+(.*)$", re.M)


class AcceptAll:
    def __contains__(self, word: object) -> bool:
        return True


class _Raw(io.StringIO):
    encoding = "utf-8"  # type: ignore[assignment]


def _log_times(log: str, what: str) -> list[float]:
    """Wall-clock times (s) of the server log's lines containing ``what``."""
    times = []
    for stamp, usec, text in _STAMP.findall(log):
        if what in text:
            times.append(time.mktime(time.strptime(stamp, "%a %b %d %H:%M:%S %Y")) + int(usec) / 1e6)
    return times


def _console(speaker, drive: Callable[[Callable[[str], None]], None]) -> None:  # type: ignore[no-untyped-def]
    output = Vt100_Output(_Raw(), lambda: Size(rows=24, columns=80), term="xterm")
    session = Session(Options(players="Alice,Bob", seed=1), lexicon=AcceptAll())
    with create_pipe_input() as inp, create_app_session(input=inp, output=output):
        app = ConsoleApp(session, speaker, screen=io.StringIO(), output=output)

        def typist() -> None:
            time.sleep(0.5)
            drive(inp.send_text)
            inp.send_text("quit\ryes\r")

        thread = threading.Thread(target=typist, daemon=True)
        thread.start()
        app.run()
        thread.join()


def _ms(values: list[float]) -> str:
    if not values:
        return "no figures"
    ms = [v * 1000 for v in values]
    return f"median {statistics.median(ms):.1f} ms, worst {max(ms):.1f} ms, {len(ms)} runs"


def screen_reader(runs: int) -> None:
    server = speechd_log.start()
    try:
        speaker = ScreenReaderSpeaker(io.StringIO(), address=server.address)
        to_cancel: list[float] = []
        to_stop: list[float] = []

        def drive(send: Callable[[str], None]) -> None:
            for k in range(runs):
                before = len(server.texts("game"))
                send(F9)
                assert speechd_log.wait_for(
                    lambda: any(len(t) > 100 for t in server.texts("game")[before:]), 10)
                time.sleep(0.3)
                cancels = len(_log_times(server.server_log(), "Cancel received"))
                stops = len(_log_times(server.server_log(), "got stopped"))
                pressed = time.time()
                send(RIGHT if k % 2 == 0 else LEFT)
                assert speechd_log.wait_for(
                    lambda: len(_log_times(server.server_log(), "got stopped")) > stops, 10)
                log = server.server_log()
                to_cancel.append(_log_times(log, "Cancel received")[cancels] - pressed)
                to_stop.append(_log_times(log, "got stopped")[stops] - pressed)
                time.sleep(0.3)

        _console(speaker, drive)
        print(f"screen reader, key to CANCEL received: {_ms(to_cancel)}")
        print(f"screen reader, key to the module stopped: {_ms(to_stop)}")

        speechd = load_speechd()
        speaker = ScreenReaderSpeaker(io.StringIO(), address=server.address)
        reader = speechd.SSIPClient("Orca", address=server.address)
        reader.set_priority(speechd.Priority.MESSAGE)
        waits: list[float] = []
        for k in range(runs):
            game, others = len(server.texts("game")), len(server.texts("others"))
            speaker.notify(f"Message {k}. " + "The spots, one after another, " * 8)
            assert speechd_log.wait_for(lambda: len(server.texts("game")) > game, 10)
            time.sleep(0.3)
            starts = len(_log_times(server.server_log(), "Module speak!"))
            asked = time.time()
            reader.speak(f"control {k}")
            assert speechd_log.wait_for(lambda: len(server.texts("others")) > others, 10)
            spoken = _log_times(server.server_log(), "Module speak!")
            waits.append((spoken[starts] if len(spoken) > starts else time.time()) - asked)
            assert speechd_log.wait_for(lambda: server.messages("others")[-1].finished, 30)
            speaker.stop()
            assert speaker.wait(10)
        reader.close()
        speaker.close()
        print(f"screen reader's own speech, SPEAK to spoken, the game speaking: {_ms(waits)}")
    finally:
        server.stop()


PLAYER = """
import sys, time, wave
with wave.open(sys.argv[1], "rb") as w:
    rate = w.getframerate()
    while w.readframes(rate // 50):
        time.sleep(0.02)
"""


def tts(runs: int, scratch: Path) -> None:
    script = scratch / "player.py"
    script.write_text(PLAYER)
    speaker = TtsSpeaker(io.StringIO(), player=[sys.executable, str(script), "{wav}"])
    gone: list[float] = []

    def drive(send: Callable[[str], None]) -> None:
        for _ in range(runs):
            before = len(speaker.utterances)
            send("help\r")
            assert speechd_log.wait_for(
                lambda: any(len(u.text) > 200 for u in speaker.utterances[before:]), 20)
            time.sleep(0.5)
            proc = speaker._player._proc  # type: ignore[union-attr]
            pressed = time.perf_counter()
            send(BACKSPACE)
            while proc.poll() is None:
                time.sleep(0.001)
            gone.append(time.perf_counter() - pressed)
            time.sleep(0.3)

    _console(speaker, drive)
    print(f"tts, key to the player process gone: {_ms(gone)}")


def ctrl(runs: int, scratch: Path) -> None:
    import os
    import shutil
    import subprocess

    if not (shutil.which("Xvfb") and shutil.which("xdotool")):
        print("Ctrl figures skipped: Xvfb or xdotool is not installed")
        return
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    os.close(write)
    number = b""
    while not number.endswith(b"\n"):
        number += os.read(read, 16)
    os.close(read)
    display = f":{number.decode().strip()}"
    old_display = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = display
    try:
        script = scratch / "player.py"
        script.write_text(PLAYER)
        speaker = TtsSpeaker(io.StringIO(), player=[sys.executable, str(script), "{wav}"])
        gone: list[float] = []
        for k in range(runs):
            speaker.reply(f"Message {k}. " + "The spots, one after another, " * 8)
            assert speechd_log.wait_for(lambda: speaker._player._proc is not None  # type: ignore[union-attr]
                                        and speaker._player._proc.poll() is None, 20)  # type: ignore[union-attr]
            time.sleep(0.3)
            proc = speaker._player._proc  # type: ignore[union-attr]
            pressed = time.perf_counter()
            subprocess.run(["xdotool", "key", "ctrl"], env=dict(os.environ, DISPLAY=display), check=True)
            while proc.poll() is None:
                time.sleep(0.001)
            gone.append(time.perf_counter() - pressed)
            assert speaker.wait(10)
        speaker.close()
        print(f"tts, Ctrl (xdotool) to the player process gone: {_ms(gone)}")
        if speechd_log.missing():
            return
        sd = speechd_log.start()
        try:
            reader = ScreenReaderSpeaker(io.StringIO(), address=sd.address)
            cancelled: list[float] = []
            for k in range(runs):
                before = len(sd.texts("game"))
                reader.notify(f"Message {k}. " + "The spots, one after another, " * 8)
                assert speechd_log.wait_for(lambda: len(sd.texts("game")) > before, 10)
                time.sleep(0.3)
                cancels = len(_log_times(sd.server_log(), "Cancel received"))
                pressed = time.time()
                subprocess.run(["xdotool", "key", "ctrl"], env=dict(os.environ, DISPLAY=display), check=True)
                assert speechd_log.wait_for(
                    lambda: len(_log_times(sd.server_log(), "Cancel received")) > cancels, 10)
                cancelled.append(_log_times(sd.server_log(), "Cancel received")[cancels] - pressed)
                time.sleep(0.3)
            reader.close()
            print(f"screen reader, Ctrl (xdotool) to CANCEL received: {_ms(cancelled)}")
        finally:
            sd.stop()
    finally:
        if old_display is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = old_display
        server.terminate()
        server.wait(5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--game-priority", default=speech.SPEECHD_PRIORITY,
                        help="the Speech Dispatcher priority of the game's speech (message: as before "
                        "issue 22, the screen reader's own)")
    args = parser.parse_args()
    speech.SPEECHD_PRIORITY = args.game_priority
    reason = speechd_log.missing()
    if reason:
        print(f"screen-reader figures skipped: {reason}")
    else:
        screen_reader(args.runs)
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        tts(args.runs, Path(scratch))
        ctrl(args.runs, Path(scratch))


if __name__ == "__main__":
    main()
