"""A sound card made of ALSA's file plugin and a named pipe (Linux only).

For a machine with no sound card (this project's build machine), so that
tests and ``bench/sounds.py`` can drive the real PortAudio and ALSA: the
default ALSA device becomes ``type file`` over the ``null`` device, writing
every frame into a FIFO. A reader thread drains the FIFO at the sample
rate, as a card's converter would, so the FIFO (one 4,096-byte page: 512
float32 stereo frames, 11.6 ms at 44.1 kHz) acts as the card's buffer:
the time the reader takes a non-silent block out is "the sound came out".

Call :func:`install` in a fresh process *before* ``sounddevice`` is
imported (PortAudio reads the ALSA set-up once, when it starts).
"""

from __future__ import annotations

import array
import fcntl
import os
import tempfile
import threading
import time
from dataclasses import dataclass, field

F_SETPIPE_SZ = 1031  # from <fcntl.h> on Linux


@dataclass
class Card:
    fifo: str
    rate: int
    frame_bytes: int
    #: (perf_counter time taken out, the block's bytes), in order
    blocks: list[tuple[float, bytes]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def first_sound_after(self, since: float) -> float | None:
        """When the first non-silent block taken out after ``since`` came out."""
        with self.lock:
            for when, block in self.blocks:
                if when >= since and any(block):
                    return when
        return None

    def floats(self, since: float = 0.0) -> array.array:
        """Every float32 sample taken out since ``since`` (interleaved L, R)."""
        with self.lock:
            data = b"".join(block for when, block in self.blocks if when >= since)
        usable = len(data) - len(data) % 4
        return array.array("f", data[:usable])

    def clear(self) -> None:
        with self.lock:
            self.blocks.clear()


def install(rate: int = 44100, frame_bytes: int = 8, *, keep: bool = True) -> Card:
    """Point ALSA's default device at a FIFO drained at ``rate`` frames a second.

    ``keep=False`` keeps only the times (not the bytes) of silent blocks,
    for long runs.
    """
    home = tempfile.mkdtemp(prefix="audio_scrabble-card-")
    fifo = os.path.join(home, "card.raw")
    os.mkfifo(fifo)
    with open(os.path.join(home, ".asoundrc"), "w", encoding="ascii") as f:
        f.write('pcm.!default { type file; slave.pcm "null"; file "%s"; format "raw" }\n' % fifo)
    os.environ["HOME"] = home
    # open the reading end first (not blocking), so the pipe can be made one
    # page small before any writer fills it
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    fcntl.fcntl(fd, F_SETPIPE_SZ, 4096)
    os.set_blocking(fd, True)
    card = Card(fifo, rate, frame_bytes)

    def drain() -> None:
        due = time.perf_counter()
        while True:
            block = os.read(fd, 4096)
            if not block:  # no writer yet, or the writer closed
                time.sleep(0.002)
                due = time.perf_counter()
                continue
            now = time.perf_counter()
            with card.lock:
                card.blocks.append((now, block if (keep or any(block)) else b""))
            due += len(block) / frame_bytes / rate
            wait = due - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            else:
                due = time.perf_counter()

    threading.Thread(target=drain, name="fake-soundcard", daemon=True).start()
    return card
