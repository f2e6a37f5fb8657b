"""Sound cues: the board heard as well as read.

Every cue is made in code from the small note table :data:`CUES` (no
sound files): a list of notes, each a pitch (or a glide), a wave shape and
an envelope. :func:`render` turns a cue into a :class:`Sound` (stereo float
samples), :func:`write_wav` writes one to a WAV file, and
:class:`SoundPlayer` plays them on a worker thread.

The board in sound
    :func:`cursor_tone` is the short tone played when the cursor moves.
    Its pitch follows the row the way a hand feels the board: the top row
    is the highest note. The fifteen rows are two octaves of the major
    scale, row 1 on C6 (1047 Hz), row 8 (the star's row) on C5, row 15 on
    C4 (262 Hz): each row down is one step of the scale down. Its place
    between the ears follows the column: column A is fully left, H in the
    middle, O fully right (equal-power panning).

    :func:`square_sound` is the tone followed by what is on the square:
    a knock for a tile; for a premium square its braille-board mark
    played as it reads: two or three short high *dots* (double and triple
    letter; the triple's a little lower), two or three longer low *bars*
    (double and triple word; the triple's lower still), a rising sweep for
    the star. An empty plain square is the tone alone.

Cue names (:data:`CUE_NAMES`)
    ``tile``, ``edge`` (the cursor bumped the frame), ``double_letter``,
    ``triple_letter``, ``double_word``, ``triple_word``, ``star``,
    ``accepted`` (a word was taken), ``refused`` (a play or word was
    refused), ``bingo``, ``your_turn``. :func:`event_cue` picks the cue for
    a game event; :func:`chain` joins cues that must not cut each other.

The player
    :class:`SoundPlayer` opens the audio output with ``sounddevice``
    (PortAudio) on a worker thread. ``play``, ``play_cue`` and
    ``play_square`` never block: the newest sound cuts the one playing.
    When no audio output can be opened the player turns itself off and
    says so in one line (:attr:`SoundPlayer.notice`, also handed once to
    ``on_off``) for the console to print. ``bench/sounds.py`` measures it
    and says why this library.
"""

from __future__ import annotations

import array
import math
import random
import sys
import threading
import time
import wave
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, Union

from audio_scrabble.core.board import SIZE, Board, Premium, Square, premium_at

__all__ = [
    "RATE",
    "Note",
    "Sound",
    "CUES",
    "CUE_NAMES",
    "ROW_NOTES",
    "row_pitch",
    "column_pan",
    "render",
    "cue",
    "cursor_tone",
    "square_sound",
    "premium_cue_name",
    "chain",
    "event_cue",
    "square_mark",
    "write_wav",
    "read_wav",
    "SoundPlayer",
    "NO_DEVICE",
    "NO_LIBRARY",
    "NO_PORTAUDIO",
    "DEVICE_STOPPED",
    "SOUNDS_ON",
]

#: samples a second of every sound
RATE = 44100

#: how loud the loudest note is (of full scale): cues sit under speech
LEVEL = 0.45

# ---------------------------------------------------------------------------
# The data: notes and cues


@dataclass(frozen=True)
class Note:
    """One note of a cue.

    ``at`` and ``length`` are in seconds; ``pitch`` in Hz (``glide`` is the
    pitch at the end, for a sweep); ``wave`` is ``sine``, ``buzz`` (odd
    harmonics, a reedy sound), ``bell`` (partials of a small bell) or
    ``noise`` (a seeded hiss, for a knock); ``level`` is relative to
    :data:`LEVEL`; ``attack`` and ``release`` are linear fades in seconds;
    ``decay``, when given, is the time constant of an exponential fall (a
    plucked or struck sound).
    """

    at: float
    length: float
    pitch: float
    wave: str = "sine"
    level: float = 1.0
    glide: float | None = None
    attack: float = 0.004
    release: float = 0.012
    decay: float | None = None


def _repeat(note: Note, times: int, every: float) -> tuple[Note, ...]:
    return tuple(
        Note(note.at + i * every, note.length, note.pitch, note.wave, note.level,
             note.glide, note.attack, note.release, note.decay)
        for i in range(times)
    )


_DOT = Note(0.0, 0.022, 1760.0, "sine", 0.8, release=0.008)
_LOW_DOT = Note(0.0, 0.022, 1318.5, "sine", 0.8, release=0.008)
_BAR = Note(0.0, 0.070, 440.0, "buzz", 0.7, attack=0.006, release=0.02)
_LOW_BAR = Note(0.0, 0.070, 329.6, "buzz", 0.7, attack=0.006, release=0.02)

#: every cue by name: its notes (start times from the cue's own start)
CUES: Mapping[str, tuple[Note, ...]] = {
    # a wooden knock: a short hiss over a low thump, both dying fast
    "tile": (
        Note(0.0, 0.045, 0.0, "noise", 0.5, attack=0.001, release=0.01, decay=0.008),
        Note(0.0, 0.060, 180.0, "sine", 1.0, attack=0.001, release=0.015, decay=0.018),
    ),
    # the frame of the board: a low dull buzz
    "edge": (Note(0.0, 0.090, 98.0, "buzz", 1.0, glide=82.0, attack=0.002, release=0.03),),
    # premium squares, played as their braille-board marks
    "double_letter": _repeat(_DOT, 2, 0.050),
    "triple_letter": _repeat(_LOW_DOT, 3, 0.050),
    "double_word": _repeat(_BAR, 2, 0.100),
    "triple_word": _repeat(_LOW_BAR, 3, 0.100),
    "star": (Note(0.0, 0.150, 660.0, "sine", 0.8, glide=1320.0, attack=0.01, release=0.03),),
    # events
    "accepted": (
        Note(0.0, 0.090, 659.26, "sine", 0.9, decay=0.08),
        Note(0.090, 0.140, 987.77, "sine", 0.9, decay=0.10, release=0.04),
    ),
    "refused": (
        Note(0.0, 0.120, 311.13, "buzz", 0.8, release=0.02),
        Note(0.130, 0.160, 233.08, "buzz", 0.8, release=0.05),
    ),
    "bingo": (
        Note(0.000, 0.070, 523.25, "sine", 0.8, release=0.02),
        Note(0.065, 0.070, 659.26, "sine", 0.8, release=0.02),
        Note(0.130, 0.070, 783.99, "sine", 0.8, release=0.02),
        Note(0.195, 0.300, 1046.50, "sine", 0.7, decay=0.15, release=0.08),
        Note(0.195, 0.300, 1318.51, "sine", 0.5, decay=0.15, release=0.08),
    ),
    "your_turn": (Note(0.0, 0.320, 392.0, "bell", 1.0, attack=0.002, decay=0.09, release=0.06),),
}

#: the cue names, in the order the help lists them
CUE_NAMES: tuple[str, ...] = tuple(CUES)

#: row index (0 = row 1, top) -> semitones above C4: two octaves of the
#: major scale, highest at the top
_MAJOR = (0, 2, 4, 5, 7, 9, 11, 12, 14, 16, 17, 19, 21, 23, 24)
ROW_NOTES: tuple[int, ...] = tuple(reversed(_MAJOR))

_C4 = 261.6256
_TONE = 0.050  # seconds of the cursor tone
_MARK_GAP = 0.065  # where a square's mark starts after the tone's start


def row_pitch(row: int) -> float:
    """The cursor tone's pitch in Hz for ``row`` (0 = row 1, the top)."""
    if not 0 <= row < SIZE:
        raise ValueError(f"Row {row + 1} is off the board.")
    return _C4 * 2.0 ** (ROW_NOTES[row] / 12.0)


def column_pan(col: int) -> float:
    """Where column ``col`` (0 = A) sits: -1 fully left, 0 middle, 1 right."""
    if not 0 <= col < SIZE:
        raise ValueError(f"Column {col + 1} is off the board.")
    return -1.0 + 2.0 * col / (SIZE - 1)


# ---------------------------------------------------------------------------
# Sounds


@dataclass(frozen=True, eq=False)
class Sound:
    """A stereo sound: float samples in -1..1 for each ear."""

    name: str
    left: array.array
    right: array.array
    rate: int = RATE
    _bytes: list[bytes] = field(default_factory=list, repr=False, compare=False)

    @property
    def frames(self) -> int:
        return len(self.left)

    @property
    def duration(self) -> float:
        """Length in seconds."""
        return len(self.left) / self.rate

    def interleaved(self) -> bytes:
        """Frames as native float32, left then right (what the device takes)."""
        if not self._bytes:
            both = array.array("f", bytes(8 * len(self.left)))
            both[0::2] = self.left
            both[1::2] = self.right
            self._bytes.append(both.tobytes())
        return self._bytes[0]


def _wave_value(shape: str, phase: float, rng: random.Random) -> float:
    if shape == "sine":
        return math.sin(phase)
    if shape == "buzz":  # odd harmonics, softened: a reed, not a harsh square
        return (math.sin(phase) + math.sin(3 * phase) / 3 + math.sin(5 * phase) / 5) * 0.8
    if shape == "bell":  # a small bell's partials
        return (math.sin(phase) + 0.6 * math.sin(2.76 * phase) + 0.35 * math.sin(5.4 * phase)) / 1.95
    if shape == "noise":
        return rng.uniform(-1.0, 1.0)
    raise ValueError(f"Unknown wave shape {shape!r}.")


def _mix_note(buf: list[float], note: Note, offset: float, rng: random.Random, rate: int) -> None:
    start = int(round((offset + note.at) * rate))
    n = int(round(note.length * rate))
    if start + n > len(buf):
        buf.extend([0.0] * (start + n - len(buf)))
    f0 = note.pitch
    f1 = note.glide if note.glide is not None else f0
    attack = max(1, int(note.attack * rate))
    release = max(1, int(note.release * rate))
    level = note.level * LEVEL
    two_pi = 2.0 * math.pi
    phase = 0.0
    decay_k = math.exp(-1.0 / (note.decay * rate)) if note.decay else 1.0
    fall = 1.0
    for i in range(n):
        env = level * fall
        if i < attack:
            env *= i / attack
        left_over = n - i
        if left_over < release:
            env *= left_over / release
        buf[start + i] += env * _wave_value(note.wave, phase, rng)
        freq = f0 + (f1 - f0) * (i / n)
        phase += two_pi * freq / rate
        fall *= decay_k


def _mono(notes: tuple[Note, ...], seed: int = 1, rate: int = RATE) -> list[float]:
    rng = random.Random(seed)
    mono: list[float] = []
    for note in notes:
        _mix_note(mono, note, 0.0, rng, rate)
    return mono


def render(notes: tuple[Note, ...], *, pan: float = 0.0, name: str = "", seed: int = 1,
           rate: int = RATE) -> Sound:
    """Render notes into a :class:`Sound` placed at ``pan`` (-1 left .. 1 right)."""
    return _place(_mono(notes, seed, rate), pan, name, rate)


def _place(mono: Sequence[float], pan: float, name: str, rate: int = RATE) -> Sound:
    pan = max(-1.0, min(1.0, pan))
    angle = (pan + 1.0) * math.pi / 4.0  # equal power: 0 = left, pi/2 = right
    peak = max((abs(v) for v in mono), default=0.0)
    scale = 0.99 / peak if peak > 0.99 else 1.0  # never clip
    gl, gr = math.cos(angle) * scale, math.sin(angle) * scale
    left = array.array("f", [v * gl for v in mono])
    right = array.array("f", [v * gr for v in mono])
    return Sound(name, left, right, rate)


# A cue's notes are synthesised once, in mono (kept: 26 of them, about
# 0.5 MB), then placed at a column as asked for (a multiplication a
# sample). The most recently used placed sounds are kept too, at most
# PLACED_KEPT of them (a few MB at most), so memory stays bounded however
# long the cursor wanders.
PLACED_KEPT = 32
_MONO: dict[tuple[Any, ...], array.array] = {}
_CACHE: OrderedDict[tuple[Any, ...], Sound] = OrderedDict()
_CACHE_LOCK = threading.Lock()


def _mono_of(key: tuple[Any, ...], make: Callable[[], list[float]]) -> array.array:
    with _CACHE_LOCK:
        found = _MONO.get(key)
    if found is None:
        found = array.array("f", make())
        with _CACHE_LOCK:
            _MONO[key] = found
    return found


def _cached(key: tuple[Any, ...], make: Callable[[], Sound]) -> Sound:
    found = _ready(key)
    if found is None:
        found = make()
        with _CACHE_LOCK:
            _CACHE[key] = found
            while len(_CACHE) > PLACED_KEPT:
                _CACHE.popitem(last=False)
    return found


def _ready(key: tuple[Any, ...]) -> Sound | None:
    """The sound for ``key`` if already rendered (never renders)."""
    with _CACHE_LOCK:
        found = _CACHE.get(key)
        if found is not None:
            _CACHE.move_to_end(key)
        return found


def _cue_key(name: str, col: int | None) -> tuple[Any, ...]:
    if name not in CUES:
        raise ValueError(f"No sound is called {name!r}.")
    if col is not None:
        column_pan(col)  # refuses a column off the board
    return ("cue", name, col)


def cue(name: str, col: int | None = None) -> Sound:
    """The cue ``name`` (see :data:`CUE_NAMES`), placed at column ``col``
    (0 = A; ``None`` for the middle)."""
    key = _cue_key(name, col)
    pan = 0.0 if col is None else column_pan(col)
    return _cached(key, lambda: _place(_mono_of(("cue", name), lambda: _mono(CUES[name])), pan, name))


def _tone_note(row: int) -> Note:
    return Note(0.0, _TONE, row_pitch(row), "sine", 0.9, attack=0.003, release=0.015)


def cursor_tone(row: int, col: int) -> Sound:
    """The cursor tone for the square at ``row``, ``col`` (0-based)."""
    pan = column_pan(col)
    mono = _mono_of(("tone", row), lambda: _mono((_tone_note(row),)))
    return _cached(("tone", row, col), lambda: _place(mono, pan, f"tone {Square(row, col).name}"))


def premium_cue_name(premium: Premium) -> str:
    """The cue that says a premium square: its braille-board mark."""
    if premium.is_star:
        return "star"
    return {"DL": "double_letter", "TL": "triple_letter", "DW": "double_word",
            "TW": "triple_word"}[premium.code]


def square_mark(square: Square, board: Board | None = None) -> str | None:
    """The cue for what is on ``square``: ``tile``, a live premium's cue, or
    ``None`` for an empty plain square (``board`` ``None``: an empty board)."""
    if board is not None and board[square]:
        return "tile"
    premium = premium_at(square) if board is None else board.premium(square)
    return premium_cue_name(premium) if premium else None


def _square_key(square: Square, board: Board | None, mark: str | None) -> tuple[Any, ...]:
    column_pan(square.col)  # refuse a square off the board first
    row_pitch(square.row)
    if mark == "auto":
        mark = square_mark(square, board)
    if mark is None:
        return ("tone", square.row, square.col)
    if mark not in CUES:
        raise ValueError(f"No sound is called {mark!r}.")
    return ("square", square.row, square.col, mark)


def _make(key: tuple[Any, ...]) -> Sound:
    """Render the sound ``key`` stands for (cached)."""
    if key[0] == "cue":
        return cue(key[1], key[2])
    if key[0] == "tone":
        return cursor_tone(key[1], key[2])
    _, row, col, mark = key

    def make() -> Sound:
        tone = cursor_tone(row, col)
        then = cue(mark, col)
        gap = array.array("f", bytes(4 * (int(_MARK_GAP * RATE) - tone.frames)))
        return Sound(f"{Square(row, col).name} {mark}", tone.left + gap + then.left,
                     tone.right + gap + then.right)

    return _cached(key, make)


def square_sound(square: Square, board: Board | None = None, *, mark: str | None = "auto") -> Sound:
    """The sound of the cursor arriving on ``square``: its tone, then what
    is there (a tile's knock or a live premium's mark).

    ``board`` says what is on the square (``None``: an empty board).
    ``mark`` may name the cue to follow the tone instead (``None`` for the
    tone alone, e.g. at brief verbosity).
    """
    return _make(_square_key(square, board, mark))


def chain(*sounds: Sound, gap: float = 0.04) -> Sound:
    """One sound that plays ``sounds`` one after another, ``gap`` seconds
    apart: for two cues that must not cut each other (the computer's word
    accepted, then "your turn"). Quick: the samples are only joined."""
    if not sounds:
        raise ValueError("Chain at least one sound.")
    silence = array.array("f", bytes(4 * int(gap * RATE)))
    left, right = array.array("f"), array.array("f")
    for i, sound in enumerate(sounds):
        if i:
            left += silence
            right += silence
        left += sound.left
        right += sound.right
    return Sound(" then ".join(s.name for s in sounds), left, right)


def event_cue(event: Any) -> str | None:
    """The cue for a game event, or ``None``: a play made is ``accepted``
    (``bingo`` with the 50-point bonus); a challenged play taken back is
    ``refused``, one that stands ``accepted``."""
    from audio_scrabble.core.events import ChallengeResolved, TilesPlaced

    if isinstance(event, TilesPlaced):
        return "bingo" if event.breakdown.bingo else "accepted"
    if isinstance(event, ChallengeResolved):
        return "refused" if event.withdrawn else "accepted"
    return None


# ---------------------------------------------------------------------------
# WAV files


def write_wav(sound: Sound, path: str | Path) -> Path:
    """Write ``sound`` to ``path`` as 16-bit stereo PCM."""
    path = Path(path)
    frames = array.array("h", bytes(4 * sound.frames))
    frames[0::2] = array.array("h", (int(round(v * 32767)) for v in sound.left))
    frames[1::2] = array.array("h", (int(round(v * 32767)) for v in sound.right))
    if sys.byteorder == "big":  # pragma: no cover - WAV is little-endian
        frames.byteswap()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(sound.rate)
        out.writeframes(frames.tobytes())
    return path


def read_wav(path: str | Path) -> Sound:
    """Read a 16-bit mono or stereo WAV file back into a :class:`Sound`."""
    with wave.open(str(path), "rb") as src:
        if src.getsampwidth() != 2:
            raise ValueError(f"{path} is not a 16-bit WAV file.")
        channels = src.getnchannels()
        rate = src.getframerate()
        data = array.array("h", src.readframes(src.getnframes()))
    if sys.byteorder == "big":  # pragma: no cover
        data.byteswap()
    left = data[0::channels]
    right = data[1::2] if channels == 2 else left
    return Sound(
        Path(path).stem,
        array.array("f", (v / 32767 for v in left)),
        array.array("f", (v / 32767 for v in right)),
        rate,
    )


# ---------------------------------------------------------------------------
# The player

#: the one line said when sounds turn themselves off (each fits 40 cells)
NO_DEVICE = "Sounds off: no audio device found."
NO_LIBRARY = "Sounds off: sounddevice is missing."
NO_PORTAUDIO = "Sounds off: PortAudio is missing."
DEVICE_STOPPED = "Sounds off: the audio device stopped."
SOUNDS_ON = "Sounds on."

Playable = Union[Sound, str]


def _open_sounddevice(callback: Callable[..., None], *, rate: int, blocksize: int,
                      latency: float | str, stopped: Callable[[], None]) -> Any:
    """Open and start a PortAudio output stream that pulls from ``callback``;
    ``stopped`` is called if the stream ends by itself (device lost)."""
    import sounddevice

    stream = sounddevice.RawOutputStream(
        samplerate=rate, channels=2, dtype="float32", blocksize=blocksize,
        latency=latency, callback=callback, finished_callback=stopped,
    )
    stream.start()
    return stream


def _why_off(error: BaseException) -> str:
    """The one line that says why sounds could not start."""
    text = str(error)
    if isinstance(error, ImportError):
        return NO_LIBRARY
    if isinstance(error, OSError) and "PortAudio library not found" in text:
        return NO_PORTAUDIO
    return NO_DEVICE


class SoundPlayer:
    """Plays sounds on a worker thread; never blocks the caller.

    ``start()`` returns at once; a worker thread opens the audio output
    (``opener``, by default PortAudio through ``sounddevice``: float32
    stereo at :data:`RATE`, ``blocksize`` frames a callback, ``latency``
    seconds of device buffer). The audio callback plays the newest sound
    asked for, cutting whatever was playing.

    ``play(sound)``, ``play_cue(name, col)`` and ``play_square(square,
    board)`` return at once. A sound already rendered goes straight to the
    audio callback (an assignment); one still to be rendered goes through
    a one-place mailbox to the worker, which renders it (a few ms, once)
    and hands it over unless a newer sound was asked for meanwhile. While
    idle the worker renders every cue, so later plays go straight through.

    When the output cannot be opened the player is off: ``state`` is
    ``"off"``, :attr:`notice` holds one line saying why (e.g. "Sounds off:
    no audio device found.") and ``on_off(notice)`` is called once from the
    worker thread. Playing on a player that is off does nothing.

    For benchmarks: ``last_play`` is the ``time.perf_counter()`` of the
    latest play call, ``last_pickup`` the time the audio callback first
    copied the newest sound towards the device, ``underflows`` the blocks
    PortAudio reported late.
    """

    def __init__(
        self,
        *,
        opener: Callable[..., Any] | None = None,
        on_off: Callable[[str], None] | None = None,
        blocksize: int = 256,
        latency: float | str = 0.005,
        rate: int = RATE,
    ) -> None:
        self._opener = opener or _open_sounddevice
        self._on_off = on_off
        self.blocksize = blocksize
        self.latency = latency
        self.rate = rate
        self.state = "new"  # new -> starting -> on | off; closed
        self.notice: str | None = None
        self._notice_taken = False
        self._stream: Any = None
        self._cv = threading.Condition()  # guards state, _pending, _asked
        self._asked = 0  # how many plays were asked for: the newest wins
        self._pending: tuple[int, tuple[Any, ...] | Sound] | None = None
        self._lock = threading.Lock()  # guards _current (worker/caller vs callback)
        self._current: tuple[memoryview, int] | None = None
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self.last_play = 0.0
        self.last_pickup = 0.0
        self.device_latency: float | None = None  # seconds, as the device reports it
        self.underflows = 0
        self.errors: list[str] = []

    # --- the caller's side ------------------------------------------------
    def start(self) -> "SoundPlayer":
        """Open the audio output on a worker thread; returns at once."""
        if self._thread is None:
            self.state = "starting"
            self._thread = threading.Thread(target=self._run, name="audio_scrabble-sounds", daemon=True)
            self._thread.start()
        return self

    @property
    def on(self) -> bool:
        """True while sounds can play (or the output is still opening)."""
        return self.state in ("new", "starting", "on")

    def play(self, sound: Playable) -> None:
        """Play ``sound`` (a :class:`Sound`, or a cue name for the cue in the
        middle), cutting the one playing."""
        if isinstance(sound, str):
            self.play_cue(sound)
        else:
            self._ask(sound)

    def play_cue(self, name: str, col: int | None = None) -> None:
        """Play the cue ``name`` placed at column ``col`` (``None``: middle).
        An unknown name is refused at once (ValueError)."""
        self._ask(_cue_key(name, col))

    def play_square(self, square: Square, board: Board | None = None, *,
                    mark: str | None = "auto") -> None:
        """Play the sound of the cursor arriving on ``square`` (see
        :func:`square_sound`): its tone, then what is on it."""
        self._ask(_square_key(square, board, mark))

    def _ask(self, what: tuple[Any, ...] | Sound) -> None:
        if self.state in ("off", "closed"):
            return
        now = time.perf_counter()
        ready = what if isinstance(what, Sound) else _ready(what)
        with self._cv:
            self._asked += 1
            self.last_play = now
            if ready is not None and self.state == "on":
                self._pending = None
                self._hand_over(ready)
                return
            self._pending = (self._asked, ready if ready is not None else what)
            self._cv.notify()

    def _hand_over(self, sound: Sound) -> None:
        data = memoryview(sound.interleaved()).cast("B")
        with self._lock:
            self._current = (data, 0)

    def silence(self) -> None:
        """Stop the sound playing now (and any waiting)."""
        with self._cv:
            self._asked += 1
            self._pending = None
        with self._lock:
            self._current = None

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Wait until the output is open or has failed; True if sounds are on."""
        self._ready.wait(timeout)
        return self.state == "on"

    def take_notice(self) -> str | None:
        """The line saying sounds are off, once (then ``None``)."""
        if self.notice is None or self._notice_taken:
            return None
        self._notice_taken = True
        return self.notice

    def close(self) -> None:
        """Stop playing and close the output (the worker ends)."""
        with self._cv:
            was = self.state
            self.state = "closed"
            self._pending = None
            self._cv.notify()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(2.0)
        stream = self._stream
        self._stream = None
        if stream is not None and was == "on":
            self._close_quietly(stream)

    # --- the worker ---------------------------------------------------------
    def _turn_off(self, line: str) -> None:
        with self._cv:
            if self.state == "closed":
                return
            self.state = "off"
            self._pending = None
        self.notice = line
        self._ready.set()
        if self._on_off is not None:
            try:
                self._on_off(line)
            except Exception as exc:  # noqa: BLE001 - the console's callback
                self.errors.append(repr(exc))

    def _run(self) -> None:
        try:
            stream = self._opener(self._callback, rate=self.rate, blocksize=self.blocksize,
                                  latency=self.latency, stopped=self._stopped)
        except BaseException as exc:  # noqa: BLE001 - any failure means: no sounds
            self.errors.append(f"{type(exc).__name__}: {exc}")
            self._turn_off(_why_off(exc))
            return
        with self._cv:
            self._stream = stream
            if self.state == "closed":
                self._close_quietly(stream)
                return
            self.state = "on"
            self.device_latency = getattr(stream, "latency", None)
        self._ready.set()
        # rendered while idle: every cue in the middle, the tone of every row
        warm = [("cue", name, None) for name in CUE_NAMES] + [("tone", row, 7) for row in range(SIZE)]
        while True:
            with self._cv:
                while self._pending is None and self.state == "on" and not warm:
                    self._cv.wait()
                if self.state != "on":
                    return
                job, self._pending = self._pending, None
            if job is None:
                _make(warm.pop(0))
                continue
            asked, what = job
            try:
                sound = what if isinstance(what, Sound) else _make(what)
            except ValueError as exc:
                self.errors.append(str(exc))
                continue
            with self._cv:
                if asked == self._asked and self.state == "on":  # nothing newer
                    self._hand_over(sound)

    def _stopped(self) -> None:
        """The stream ended: by ``close`` (fine) or by itself (device lost)."""
        if self.state == "on":
            self._turn_off(DEVICE_STOPPED)

    @staticmethod
    def _close_quietly(stream: Any) -> None:
        try:
            stream.stop()
            stream.close()
        except Exception:  # noqa: BLE001
            pass

    def _callback(self, outdata: Any, frames: int, time_info: Any, status: Any) -> None:
        """The audio thread: copy the current sound's next block, or silence."""
        n = len(outdata)
        if status:
            self.underflows += 1
        with self._lock:
            current = self._current
            if current is None:
                outdata[:] = bytes(n)
                return
            data, pos = current
            chunk = data[pos:pos + n]
            m = len(chunk)
            outdata[:m] = chunk
            if m < n:
                outdata[m:] = bytes(n - m)
            if pos == 0:
                self.last_pickup = time.perf_counter()
            self._current = (data, pos + m) if pos + m < len(data) else None
