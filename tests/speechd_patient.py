"""An output module for the logging Speech Dispatcher that never refuses.

Speech Dispatcher's ``sd_generic`` answers "301 ERROR CANT SPEAK" to a
message that arrives while it is still ending the one before (between its
"702 END" and the moment it is ready again), and the server drops that
message: under load Orca's reading of a reply was lost so (the stop-key
tests had to ask again). This sits between the server and ``sd_generic``
(tests/speechd_log.py names it as the modules' program), passes every line
both ways unchanged, and when ``sd_generic`` refuses a message it offers
it again a few milliseconds later, until it is taken (at most
:data:`TRIES` times); the server sees only the last answer. Each message
offered again is counted in ``<log>.retried`` beside the module's log,
and each stop the module confirms ("703 STOP") is marked in the log
(``<<<STOPPED>>>``): the message being said then was cut, not still going.

Usage (by Speech Dispatcher): ``speechd_patient.py SD_GENERIC CONFIG...``.
"""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import BinaryIO

#: commands whose data block is a message to speak
SPEAKING = (b"SPEAK", b"CHAR", b"KEY", b"SOUND_ICON")
REFUSED = b"301"
#: how many times a refused message is offered (about 2 s in all)
TRIES = 100
PAUSE = 0.02


def _messages(stream: BinaryIO):  # type: ignore[no-untyped-def]
    """The module's answers and events, whole ("299-..." lines up to "299 ...")."""
    lines: list[bytes] = []
    for line in iter(stream.readline, b""):
        lines.append(line)
        if len(line) < 4 or line[3:4] != b"-":
            yield b"".join(lines)
            lines = []


def main(argv: list[str]) -> int:
    real, args = argv[0], argv[1:]
    retried = spoken = None
    for arg in args:  # the module's configuration (conf/modules/NAME.conf) names its log
        conf = Path(arg)
        if conf.suffix == ".conf" and conf.exists():
            spoken = conf.parents[2] / f"{conf.stem}.spoken"
            retried = conf.parents[2] / f"{conf.stem}.spoken.retried"
    module = subprocess.Popen([real, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert module.stdin is not None and module.stdout is not None
    server_in, server_out = sys.stdin.buffer, sys.stdout.buffer
    out_lock = threading.Lock()
    answers: queue.Queue[bytes] = queue.Queue()
    speaking = threading.Event()  # answers go to this program, not the server

    def to_server(data: bytes) -> None:
        with out_lock:
            server_out.write(data)
            server_out.flush()

    route = threading.Lock()  # a message goes to the queue or the server, in order

    def from_module() -> None:
        for message in _messages(module.stdout):  # type: ignore[arg-type]
            if message.startswith(b"703") and spoken is not None:
                # speech stopped: what was being said is cut, not still going
                with open(spoken, "ab") as log:
                    log.write(b"<<<STOPPED>>>\n")
            with route:
                if speaking.is_set():
                    answers.put(message)
                else:
                    to_server(message)
        answers.put(b"")

    def answer() -> bytes:
        """The module's answer; its events before it passed on, in order."""
        while True:
            message = answers.get()
            if not message.startswith(b"7"):
                return message
            to_server(message)

    def to_module(data: bytes) -> None:
        module.stdin.write(data)  # type: ignore[union-attr]
        module.stdin.flush()  # type: ignore[union-attr]

    threading.Thread(target=from_module, daemon=True).start()
    for line in iter(server_in.readline, b""):
        if line.strip() not in SPEAKING:
            to_module(line)
            continue
        speaking.set()
        tries = 1
        to_module(line)
        first = answer()  # "202 OK RECEIVING MESSAGE" (or a refusal already)
        while first.startswith(REFUSED) and tries < TRIES:
            time.sleep(PAUSE)
            tries += 1
            to_module(line)
            first = answer()
        to_server(first)
        if first.startswith(REFUSED):  # refused throughout: the server sends no text
            with route:
                speaking.clear()
                while not answers.empty():
                    to_server(answers.get())
            continue
        block = []
        for data in iter(server_in.readline, b""):
            block.append(data)
            if data.rstrip(b"\r\n") == b".":
                break
        to_module(b"".join(block))
        last = answer()
        while last.startswith(REFUSED) and tries < TRIES:
            time.sleep(PAUSE)
            tries += 1
            to_module(line)
            if answer().startswith(REFUSED):
                continue
            to_module(b"".join(block))
            last = answer()
        if tries > 1 and retried is not None:
            with open(retried, "a") as note:
                note.write(f"{tries} {last[:3].decode(errors='replace')}\n")
        with route:
            to_server(last)
            speaking.clear()
            while not answers.empty():  # events that came after the answer
                to_server(answers.get())
    module.stdin.close()
    return module.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
