"""Speech backends: how a message reaches the player.

The console hands every message to one :class:`Speaker`, saying what it is
for: a ``reply`` to what the player did, a ``notify`` for what the console
does not carry by itself (a cursor move, a signal), a ``read_aloud`` for
what the player is editing. The speech mode decides what is printed and
what is spoken, so that nothing is heard twice:

``TextSpeaker`` (``text``)
    prints everything, speaks nothing: the player's own screen reader
    reads the console once, in the player's voice, stops on the player's
    key and shows it in braille. ``auto`` picks it whenever a screen
    reader (on Linux: its speech server) is running.
``ScreenReaderSpeaker`` (``screenreader``)
    prints replies (the screen reader reads them) and speaks through the
    screen reader's interface only what is not printed: Prism first
    (NVDA, JAWS, SAPI/OneCore, VoiceOver, Orca over D-Bus), then
    accessible_output2 (on Linux: Speech Dispatcher, as the client
    ``audio_scrabble``), each call on a worker thread of its own with a
    time limit, so that a screen reader that stops answering never
    blocks input (speech is then given up, saying so once). On Linux it
    never starts a Speech Dispatcher server that is not running.
``TtsSpeaker`` (``tts``)
    prints everything and speaks it by itself with pyttsx3 (espeak-ng on
    Linux, SAPI 5 on Windows, NSSpeechSynthesizer on macOS) on a worker
    thread, one utterance a message, so that speaking never blocks input:
    every message in turn, none dropped; only :meth:`Speaker.stop` (a key
    the player pressed) cuts speech short.
``RecordingSpeaker``
    records messages for tests.

:func:`make_speaker` builds one by name and falls back to text when speech
cannot start; the fallback carries a one-line ``fallback_notice``, and
``notices`` holds one line for each step down, for the console to print.

Rules every backend keeps:

* a message is spoken at most once;
* an empty or whitespace-only message prints nothing and speaks nothing;
* nothing but the message text is printed: no escape codes, and a
  library's own noise (stray prints, warnings, ALSA complaints of an audio
  player) is kept away from the player's console, at the level of the
  operating system's file descriptors where a library writes there.
"""

from __future__ import annotations

import abc
import contextlib
import ctypes
import glob
import importlib.machinery
import importlib.util
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import types
import warnings
import wave
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence, TextIO

from audio_scrabble.errors import ScrabbleError
from audio_scrabble.presentation.layout import wrapped
from audio_scrabble.presentation.stopkey import watch_stop_key

__all__ = [
    "SpeechUnavailable",
    "Speaker",
    "TextSpeaker",
    "ScreenReaderSpeaker",
    "TtsSpeaker",
    "RecordingSpeaker",
    "Utterance",
    "SPEAKER_KINDS",
    "SPEECH_STOPPED_NOTICE",
    "stopped_lines",
    "make_speaker",
    "message_lines",
    "speech_text",
    "CLIENT_NAME",
    "load_speechd",
]

#: the names :func:`make_speaker` understands
SPEAKER_KINDS: tuple[str, ...] = ("text", "screenreader", "tts", "auto")


class SpeechUnavailable(ScrabbleError):
    """A speech backend cannot start (or has stopped working).

    ``reason`` is a short phrase ("no screen reader is running") that fits in
    the fallback notice: ``Speech is not available (<reason>); using text only.``
    """

    code = "speech_unavailable"

    def __init__(self, reason: str):
        super().__init__(f"Speech is not available ({reason}).")
        self.reason = reason
        #: lines of the steps down taken before giving up (one each)
        self.notices: list[str] = []

    @property
    def notice(self) -> str:
        """The one line the console prints when it falls back to text."""
        return f"Speech is not available ({self.reason}); using text only."


# ---------------------------------------------------------------------------
# Text of a message


# CSI (ESC [ ... final), OSC (ESC ] ... BEL or ESC \), and two-byte ESC codes
_ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"
    r"|\x1b[@-Z\\-_]?"
)
# C0 and C1 control characters other than tab (line breaks are split first)
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]")


def message_lines(text: str) -> list[str]:
    """The lines a message prints as.

    Escape sequences and control characters are removed, each line loses its
    trailing blanks, and a final line break does not make an extra empty
    line. A message that is empty or only blanks gives no lines at all.
    Blank lines inside a message are kept.
    """
    clean = _ESCAPES.sub("", text)
    lines = [_CONTROLS.sub("", line).rstrip() for line in clean.splitlines()]
    if not any(line.strip() for line in lines):
        return []
    return lines


#: how a line may end when the next line goes on with the same sentence
_SENTENCE_END = re.compile(r"[.!?:;]['\")\]]*$")


def speech_text(text: str) -> str:
    """The text a message is spoken as: one utterance.

    Lines broken only to fit a braille display (a line that does not end a
    sentence, followed by one that goes on with it) are joined with a
    space, so that speech runs on as the sentence does; other lines keep
    their line break (a pause). Empty lines are left out.
    """
    parts: list[str] = []
    for line in message_lines(text):
        line = line.strip()
        if not line:
            continue
        if parts and not _SENTENCE_END.search(parts[-1]) and not line[0].isupper():
            parts[-1] = f"{parts[-1]} {line}"
        else:
            parts.append(line)
    return "\n".join(parts)


_speech_text = speech_text


def _write_lines(out: TextIO, lines: Sequence[str]) -> None:
    """Write whole lines to ``out`` and flush, surviving a narrow encoding."""
    if not lines:
        return
    data = "\n".join(lines) + "\n"
    try:
        out.write(data)
    except UnicodeEncodeError:
        encoding = getattr(out, "encoding", None) or "ascii"
        out.write(data.encode(encoding, errors="replace").decode(encoding))
    out.flush()


# ---------------------------------------------------------------------------
# Keeping a library's noise away from the player


def _flush_c_stdio() -> None:
    """Flush the C library's stdout and stderr (so they do not leak later).

    Only those two: ``fflush(NULL)`` takes the lock of every open stream,
    and a library's reader thread blocked on a stream of its own (a
    socket opened as a FILE) would hold that lock for ever.
    """
    if os.name != "posix":
        return
    try:
        libc = ctypes.CDLL(None)
        for name in ("stdout", "stderr"):
            stream = ctypes.c_void_p.in_dll(libc, name)
            if stream.value:
                libc.fflush(stream)
    except Exception:  # noqa: BLE001 - best effort only (e.g. macOS names them __stdoutp)
        pass


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """Silence everything a library says while the block runs.

    Python-level ``print`` (sys.stdout/sys.stderr swapped for buffers),
    ``warnings``, and C-level writes to file descriptors 1 and 2 (pointed at
    the null device) are all swallowed. The descriptors are process-wide, so
    this is used only around short set-up steps (imports, construction),
    never around the game's own output.
    """
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001 - a closed or odd stream
            pass
    saved: list[tuple[int, int]] = []
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        for fd in (1, 2):
            try:
                copy = os.dup(fd)
            except OSError:  # no such descriptor (e.g. pythonw)
                continue
            saved.append((fd, copy))
            os.dup2(devnull, fd)
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(
            io.StringIO()
        ), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        _flush_c_stdio()
        for fd, copy in saved:
            os.dup2(copy, fd)
            os.close(copy)
        os.close(devnull)


# ---------------------------------------------------------------------------
# The interface


class Speaker(abc.ABC):
    """Where the console's messages go. One small interface.

    The console tells the speaker what a message is for, and the speaker
    (that is, the speech mode the player chose) decides whether it is
    printed, spoken, or both:

    ``reply(text)``
        the answer to what the player typed or pressed: printed; spoken
        too by a self-voicing speaker (tts), after what it is saying (the
        key that asked for it has stopped that already); a screen-reader
        speaker only prints it, since the screen reader reads the console.
    ``notify(text, urgent=False)``
        what the console does not carry by itself: a cursor move on the
        board, the turn signal, the computer's move arriving while the
        player types, an urgent error. Printed by text; spoken (and shown
        in braille where the screen reader's interface has braille) but
        not printed by a screen-reader speaker; printed and spoken by tts.
    ``read_aloud(text)``
        what the terminal shows as the player edits (a Tab completion
        typed in, the typed line on request): spoken only by a
        self-voicing speaker, never printed (the terminal shows it, and a
        screen reader reads it there).
    ``shown(text)``
        a board key's answer that the console shows on its input line by
        itself (where a screen reader reads it): spoken only by a
        self-voicing speaker, never printed.
    ``say(text, interrupt=True)``
        the backend's own act: print (when echoing) and speak.

    ``stop`` silences speech; ``close`` releases the backend; ``wait``
    blocks until what was said has been spoken. ``name`` is a short label
    for the player ("text", "screen reader", "tts"), ``speaks_replies``
    says whether replies are spoken by the game itself (so that a key
    should stop them), and ``fallback_notice`` is ``None`` or one line
    telling the player that the speech asked for could not start and text
    is used instead (the console prints it). ``notices`` are the lines of
    every step down on the way (one line each).
    """

    name: str = "speaker"
    #: replies are spoken by the game (a key press should silence them)
    speaks_replies: bool = False
    #: notifications reach the screen (the prompt must make way for them)
    prints_notifications: bool = True

    #: one line saying that the speech asked for could not start, or None
    fallback_notice: str | None = None

    def __init__(self) -> None:
        self.notices: list[str] = []

    @abc.abstractmethod
    def say(self, text: str, interrupt: bool = True) -> None:
        """Print and/or speak one message (one or more whole lines).

        With ``interrupt`` (the default) the message cuts short whatever is
        being spoken; without, it is spoken after it. Never blocks for the
        length of the speech.
        """

    def reply(self, text: str, interrupt: bool = True) -> None:
        """The answer to the player's command or key (see the class doc)."""
        self.say(text, interrupt=interrupt)

    def notify(self, text: str, urgent: bool = False) -> None:
        """What the console does not carry by itself (see the class doc)."""
        self.say(text, interrupt=True)

    def read_aloud(self, text: str) -> None:
        """What the terminal shows as the player edits: spoken only by tts."""

    def shown(self, text: str) -> None:
        """A key's answer the console shows on its input line by itself
        (where a screen reader reads it): spoken only by tts, never printed."""
        self.read_aloud(text)

    def stop(self) -> None:
        """Silence speech now and drop messages not yet spoken."""

    def close(self) -> None:
        """Release the backend. Saying more after closing only prints."""

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every message said so far has been spoken.

        Returns False if ``timeout`` seconds passed first. Backends that do
        not speak by themselves return True at once.
        """
        return True

    #: the watcher of Ctrl (None: not started yet; False: none can be had)
    _stop_key: Any = None

    def _watch_stop_key(self) -> None:
        """Once the game speaks: Ctrl, the screen reader's stop key, stops
        it too, where the game can see Ctrl pressed alone (X11; see
        :mod:`audio_scrabble.presentation.stopkey`). Elsewhere the next
        key the game gets does (the console calls :meth:`stop`)."""
        if self._stop_key is None:
            self._stop_key = watch_stop_key(self._stop_key_pressed) or False

    def _stop_key_pressed(self) -> None:
        """On the watcher's thread: Ctrl was pressed."""
        self.stop()

    def _unwatch_stop_key(self) -> None:
        watcher, self._stop_key = self._stop_key, False
        if watcher:
            watcher.close()

    def __enter__(self) -> "Speaker":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class TextSpeaker(Speaker):
    """Prints every message as whole lines, nothing else."""

    name = "text"

    def __init__(self, out: TextIO | None = None) -> None:
        super().__init__()
        self.out: TextIO = out if out is not None else sys.stdout

    def say(self, text: str, interrupt: bool = True) -> None:
        _write_lines(self.out, message_lines(text))

    def close(self) -> None:
        try:
            self.out.flush()
        except (OSError, ValueError):
            pass


class RecordingSpeaker(Speaker):
    """Records messages for tests; prints them too when given ``out``.

    It behaves as the text speaker does (every message is a printed
    message) and records each one: ``messages`` holds the texts in order,
    ``kinds`` what each was for ("say", "reply", "notify", "shown": a key's
    answer the console shows on its input line, recorded, not printed; what
    is read aloud is kept apart in ``read``), ``interrupts`` the matching ``interrupt``
    flags; ``stops`` counts calls of ``stop``.
    """

    name = "recording"

    def __init__(self, out: TextIO | None = None) -> None:
        super().__init__()
        self.out = out
        self.messages: list[str] = []
        self.kinds: list[str] = []
        self.interrupts: list[bool] = []
        self.read: list[str] = []
        self.stops = 0
        self.closed = False

    def _record(self, text: str, kind: str, interrupt: bool) -> None:
        self.messages.append(text)
        self.kinds.append(kind)
        self.interrupts.append(interrupt)
        if self.out is not None:
            _write_lines(self.out, message_lines(text))

    def say(self, text: str, interrupt: bool = True) -> None:
        self._record(text, "say", interrupt)

    def reply(self, text: str, interrupt: bool = True) -> None:
        self._record(text, "reply", interrupt)

    def notify(self, text: str, urgent: bool = False) -> None:
        self._record(text, "notify", True)

    def read_aloud(self, text: str) -> None:
        self.read.append(text)

    def shown(self, text: str) -> None:
        self.messages.append(text)
        self.kinds.append("shown")
        self.interrupts.append(True)

    def stop(self) -> None:
        self.stops += 1

    def close(self) -> None:
        self.closed = True

    @property
    def lines(self) -> list[str]:
        """All recorded messages as printed lines."""
        return [line for text in self.messages for line in message_lines(text)]


# ---------------------------------------------------------------------------
# Screen readers, through accessible_output2


#: folders where a distribution's own Python packages live (Debian first)
_SYSTEM_PACKAGE_DIRS: tuple[str, ...] = (
    "/usr/lib/python3/dist-packages",
    "/usr/local/lib/python3/dist-packages",
)
_SYSTEM_PACKAGE_GLOBS: tuple[str, ...] = (
    "/usr/lib/python3*/site-packages",
    "/usr/lib64/python3*/site-packages",
)


def load_speechd() -> types.ModuleType:
    """Import Speech Dispatcher's Python client, ``speechd``.

    It is not on PyPI; distributions ship it (Debian: ``python3-speechd``
    in /usr/lib/python3/dist-packages), while our interpreter may be a
    separate build that does not see that folder. Rather than putting the
    whole system folder on ``sys.path`` (which would let every other
    system package shadow our own dependencies), the one package is found
    there with ``PathFinder.find_spec`` and loaded under its own name, so
    that ``import speechd`` (as accessible_output2 does) finds it. It is
    pure Python using only the standard library, so any Python 3 can run it.

    Raises :class:`SpeechUnavailable` when it cannot be found or loaded.
    """
    existing = sys.modules.get("speechd")
    if existing is not None and hasattr(existing, "SSIPClient"):
        return existing
    try:
        spec = importlib.util.find_spec("speechd")
    except (ImportError, ValueError):
        spec = None
    if spec is None:
        dirs = [d for d in _SYSTEM_PACKAGE_DIRS if os.path.isdir(d)]
        for pattern in _SYSTEM_PACKAGE_GLOBS:
            dirs.extend(sorted(glob.glob(pattern), reverse=True))
        spec = importlib.machinery.PathFinder.find_spec("speechd", dirs) if dirs else None
    if spec is None or spec.loader is None:
        raise SpeechUnavailable(
            "the Speech Dispatcher Python library, Debian package python3-speechd, "
            "is not installed"
        )
    module = importlib.util.module_from_spec(spec)
    sys.modules["speechd"] = module
    dont_write = sys.dont_write_bytecode
    sys.dont_write_bytecode = True  # never write into system folders
    try:
        spec.loader.exec_module(module)
    except Exception as err:  # noqa: BLE001 - any failure means "not usable"
        sys.modules.pop("speechd", None)
        for name in [n for n in sys.modules if n.startswith("speechd.")]:
            sys.modules.pop(name, None)
        raise SpeechUnavailable(
            f"the Speech Dispatcher Python library cannot be loaded: {err}"
        ) from err
    finally:
        sys.dont_write_bytecode = dont_write
    if not hasattr(module, "SSIPClient"):
        sys.modules.pop("speechd", None)
        raise SpeechUnavailable("the Speech Dispatcher Python library is unusable")
    return module


#: SPEECHD_CMD while accessible_output2 connects without autospawn: a spawn
#: command that does not exist, so the speechd library cannot start a server
_NO_SPAWN_COMMAND = "/nonexistent/audio_scrabble/speech-dispatcher-autospawn-off"


@contextlib.contextmanager
def _speechd_environment(address: str | None, autospawn: bool) -> Iterator[None]:
    """Set the speechd library's environment while the block runs.

    accessible_output2 connects with ``speechd.SSIPClient("")``, which reads
    the server's address only from ``SPEECHD_ADDRESS`` and always may
    autospawn a server; without ``autospawn`` the spawn command it reads from
    ``SPEECHD_CMD`` is pointed at a file that does not exist, so it cannot.
    """
    changes: dict[str, str] = {}
    if address is not None:
        changes["SPEECHD_ADDRESS"] = address
    if not autospawn:
        changes["SPEECHD_CMD"] = _NO_SPAWN_COMMAND
    old = {name: os.environ.get(name) for name in changes}
    os.environ.update(changes)
    try:
        yield
    finally:
        for name, value in old.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


class _Abandoned(Exception):
    """The caller stopped waiting for the screen reader to start."""


class _SetUp:
    """Context managers a worker enters that the caller can exit early.

    The screen reader is set up on its worker thread inside :func:`quiet`
    (process-wide: file descriptors 1 and 2, ``sys.stdout``) and with the
    speechd environment. If set-up hangs, the caller, tired of waiting,
    calls :meth:`close` itself so that the game's output and environment
    are its own again; the worker's later :meth:`enter` then raises
    :class:`_Abandoned`, and its own :meth:`close` does nothing.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._stack = contextlib.ExitStack()
        self._closed = False

    def enter(self, manager: contextlib.AbstractContextManager[Any]) -> None:
        """Enter ``manager`` until :meth:`close` (any thread) exits it."""
        with self._lock:
            if self._closed:
                raise _Abandoned()
            self._stack.enter_context(manager)

    def close(self) -> None:
        """Exit everything entered, once, from whichever thread comes first."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            with contextlib.suppress(Exception):
                self._stack.close()


#: outputs of accessible_output2 that are plain speech engines, not screen readers
_NOT_SCREEN_READERS = frozenset({"sapi4", "sapi5", "linux espeak"})

#: the name the game's Speech Dispatcher clients give themselves, so that a
#: player can give the game a voice and rate of its own (speechd.conf's
#: ``BeginClient "*:audio_scrabble:*"``)
CLIENT_NAME = "audio_scrabble"

#: the screen-reader libraries :class:`ScreenReaderSpeaker` tries, in turn
SCREEN_READER_LIBRARIES: tuple[str, ...] = ("prism", "accessible_output2")

#: what each library is called in a line to the player
_LIBRARY_NAMES = {"prism": "Prism", "accessible_output2": "accessible_output2"}

#: Prism's backends that are speech engines rather than screen readers
_PRISM_ENGINES = frozenset({"SAPI", "AV_SPEECH", "ONE_CORE", "ANDROID_TTS", "WEB_SPEECH"})


class _NothingHere(Exception):
    """A screen-reader library works but finds nothing to speak to here."""


class _Output:
    """One screen reader as the worker speaks to it, whatever the library."""

    def __init__(self, library: str, name: str, engine: bool, speak: Callable[[str, bool], None],
                 silence: Callable[[], None] | None, close: Callable[[], None] | None = None,
                 alive: Callable[[], bool] | None = None) -> None:
        self.library = library
        self.name = name
        #: a plain speech engine (SAPI, ...), not a screen reader
        self.engine = engine
        self.speak = speak
        self.silence = silence
        self._close = close
        self._alive = alive

    def alive(self) -> bool:
        return self._alive() if self._alive is not None else True

    def close(self) -> None:
        if self._close is not None:
            self._close()


def _open_prism(linux: bool, speech_dispatcher: bool) -> _Output:
    """The first screen reader Prism can speak to (on the worker).

    Prism goes through its registry in its own order of preference (Orca
    before Speech Dispatcher; NVDA, JAWS... before SAPI). On Linux its
    Speech Dispatcher backend is used only with ``speech_dispatcher``
    (the caller has checked that a server runs): that client names itself
    ``PRISM``, so the game's own named client (accessible_output2's,
    through the speechd library) is preferred there.
    """
    import prism  # ImportError: no wheel for this system; OSError: old glibc

    context = prism.Context()
    for index in range(context.backends_count):
        backend_id = context.id_of(index)
        label = getattr(backend_id, "name", str(backend_id))
        if linux and backend_id == prism.BackendId.SPEECH_DISPATCHER and not speech_dispatcher:
            continue
        try:
            backend = context.create(backend_id)
        except Exception:  # noqa: BLE001 - not available here
            continue
        features = backend.features
        if not (features.supports_output or features.supports_speak):
            continue
        speak_call = backend.output if features.supports_output else backend.speak
        holder = {"context": context, "backend": backend}

        def speak(text: str, interrupt: bool, call: Any = speak_call) -> None:
            call(text, interrupt)

        def silence(backend: Any = backend) -> None:
            with contextlib.suppress(Exception):  # "not speaking" is no failure
                backend.stop()

        return _Output("prism", str(backend.name), label in _PRISM_ENGINES, speak,
                       silence if features.supports_stop else None, holder.clear)
    raise _NothingHere("no screen reader is running")


#: the Speech Dispatcher priority of everything the game says itself:
#: ``text``, below the ``message`` a screen reader speaks at (Orca does),
#: so that the reader's own speech (its echo of a key, the line it reads)
#: cuts the game's short at once instead of waiting behind it. A server
#: gives a client that sets none ``message``, the reader's own.
SPEECHD_PRIORITY = "text"


@contextlib.contextmanager
def _named_speechd_clients() -> Iterator[None]:
    """accessible_output2 connects with ``speechd.SSIPClient("")``: while the
    block runs, a client without a name is named :data:`CLIENT_NAME` and
    speaks at :data:`SPEECHD_PRIORITY`."""
    speechd = sys.modules.get("speechd")
    original = getattr(speechd, "SSIPClient", None)
    if speechd is None or original is None:
        yield
        return

    class Named(original):  # type: ignore[misc, valid-type]
        def __init__(self, name: str = "", *args: Any, **kwargs: Any) -> None:
            super().__init__(name or CLIENT_NAME, *args, **kwargs)
            with contextlib.suppress(Exception):  # an old server: its default, then
                self.set_priority(SPEECHD_PRIORITY)

    speechd.SSIPClient = Named  # type: ignore[attr-defined]
    try:
        yield
    finally:
        speechd.SSIPClient = original  # type: ignore[attr-defined]


def _open_accessible_output2(setup: "_SetUp", linux: bool) -> _Output:
    """accessible_output2's first active output (on the worker)."""
    if linux:
        setup.enter(_named_speechd_clients())
    from accessible_output2.outputs.auto import Auto

    auto = Auto()
    setup.close()  # set-up is over: stop silencing the process

    def first() -> Any:
        try:
            return auto.get_first_available_output()
        except Exception:  # noqa: BLE001
            return None

    output = first()
    if output is None:
        for each in getattr(auto, "outputs", []):
            with contextlib.suppress(Exception):
                each.close()
        raise _NothingHere("no screen reader is running")
    name = str(getattr(output, "name", type(output).__name__))
    try:
        system = bool(output.is_system_output())
    except Exception:  # noqa: BLE001
        system = False

    def speak(text: str, interrupt: bool) -> None:
        current = first()
        if current is None:
            raise RuntimeError("the screen reader has gone")
        current.speak(text, interrupt=interrupt)

    def silence() -> None:
        current = first()
        if current is None:
            raise RuntimeError("the screen reader has gone")
        stop = getattr(current, "silence", None)
        if stop is not None:
            stop()

    def close() -> None:
        for each in getattr(auto, "outputs", []):
            close_one = getattr(each, "close", None)
            if close_one is not None:
                with contextlib.suppress(Exception):
                    close_one()

    return _Output("accessible_output2", name, system or name.lower() in _NOT_SCREEN_READERS,
                   speak, silence, close)

#: the line the screen-reader speaker prints, once, when speech stops working
SPEECH_STOPPED_NOTICE = "Speech stopped; using text only."


def stopped_lines(why: str) -> list[str]:
    """The notice that the voice failed, with why, in braille lines: the
    why is for the sighted helper who mends it, so it comes second."""
    return [SPEECH_STOPPED_NOTICE, *wrapped(f"Why: {why}.")]


@dataclass
class _Message:
    """One message waiting for the screen reader."""

    text: str
    #: cut short what is being spoken before speaking this
    interrupt: bool


class ScreenReaderSpeaker(Speaker):
    """The screen-reader mode: prints replies, speaks only what is not printed.

    The screen reader reads the console by itself (and shows it in
    braille, and stops it with its own key), so a reply is printed and not
    also spoken: speaking it too would make the player hear it twice.
    What the console does not carry goes through the screen reader's
    interface: :meth:`notify` speaks (and, where the interface has braille,
    flashes) without printing. :meth:`say` prints and speaks, for callers
    that want both (``speak_replies=True`` makes :meth:`reply` do that too).

    **Libraries.** Prism (``prismatoid``: NVDA, JAWS, SAPI/OneCore on
    Windows, VoiceOver on macOS, Orca over D-Bus on Linux; its ``output``
    speaks and brailles) is tried first, then accessible_output2 (where
    Prism has no wheel; on Linux it speaks through Speech Dispatcher with
    a client named :data:`CLIENT_NAME`). A library that cannot start
    (not installed, or failing) adds one line to ``notices`` and the next
    is tried; one that works but finds no screen reader steps down
    quietly. ``libraries`` changes the order or the choice.

    **Never blocking.** A screen reader can stop answering: a Speech
    Dispatcher server without a working sound device has been seen to hang
    on a CANCEL for ever, and the speechd library then waits for ever too.
    So one dedicated worker thread owns the output and makes every call into
    the library (construction and connection, speaking, silencing,
    closing); the caller's thread never does. ``say`` prints the message
    at once, on the caller's thread and in order (that line is what a
    braille display reads), and only hands the text to the worker's queue.
    An interrupting message drops the messages still queued and has the
    worker cancel the current speech first; several interrupting messages
    in a row therefore cancel once and only the last is spoken. A message
    is handed to the screen reader at most once, in the order said, as one
    call (a library's interrupt stops only the current message).

    If a call has not returned after ``call_timeout`` seconds, or raises,
    the speaker gives up on speech: the next message prints one line,
    :data:`SPEECH_STOPPED_NOTICE`, before its own text, and from then on the
    speaker only prints. A worker stuck in a call is left behind (it is a
    daemon thread; its connection is closed from another thread so that the
    server, should it wake, sees the client gone) and nothing waits for it.
    Starting waits at most ``start_timeout`` seconds, after which the
    speaker is unavailable (:class:`SpeechUnavailable`) and the process's
    output, silenced during set-up, is given back at once.

    **Linux.** The server is Speech Dispatcher. ``address`` (as in
    ``SPEECHD_ADDRESS``, e.g.
    ``"unix_socket:/run/user/1000/speech-dispatcher/speechd.sock"``)
    chooses a server other than the default. A server is normally started
    by the desktop session, by the screen reader (Orca) or by systemd's
    socket activation; when none is running, no screen reader is either,
    and a server started by us would be one no screen reader set up - on a
    box without a working sound device it hangs (Prism's backend can then
    block in ``stop()``). So before any library is asked, the speaker
    checks that a server answers (the speaker is unavailable with "Speech
    Dispatcher is not running" otherwise); ``autospawn=True`` lets the
    speechd library start one. ``prism_speech_dispatcher=True`` lets Prism
    speak through its own Speech Dispatcher client (named ``PRISM``, which
    the player cannot tell from other programs), tried before
    accessible_output2's named one. The named client speaks at
    :data:`SPEECHD_PRIORITY` (``text``), below the screen reader's own
    ``message``: the reader's speech cuts the game's short, never waits
    behind it; and :meth:`stop` (the console calls it on any key the game
    gets, and Ctrl, the reader's stop key, where the game can see it:
    X11) cancels the game's speech.

    ``require_screen_reader`` refuses outputs that are only speech engines
    (SAPI on Windows). ``echo=False`` speaks without printing.

    ``sent`` lists every message handed to the screen reader, in order;
    ``output_name`` and ``library`` say what speaks.

    Raises :class:`SpeechUnavailable` when no output can speak.
    """

    name = "screen reader"
    prints_notifications = False

    def __init__(
        self,
        out: TextIO | None = None,
        *,
        echo: bool = True,
        address: str | None = None,
        autospawn: bool = False,
        require_screen_reader: bool = False,
        start_timeout: float = 5.0,
        call_timeout: float = 2.0,
        libraries: Sequence[str] = SCREEN_READER_LIBRARIES,
        prism_speech_dispatcher: bool = False,
        speak_replies: bool = False,
    ) -> None:
        super().__init__()
        self.out: TextIO = out if out is not None else sys.stdout
        self.echo = echo
        self.speak_replies = speak_replies
        self.speaks_replies = speak_replies
        self.call_timeout = call_timeout
        self.output_name: str = ""
        self.library: str = ""
        self.sent: list[str] = []
        self._cond = threading.Condition()
        self._queue: deque[_Message] = deque()
        self._silence_pending = False
        self._spoken_since_stop = False
        self._busy = False
        #: when the worker entered its current call (monotonic), or None
        self._call_since: float | None = None
        self._failure: str | None = None
        self._failure_told = False
        self._closed = False
        self._output: _Output | None = None
        self._outputs_closed = False
        self._setup = _SetUp()
        self._started = threading.Event()
        self._start_error: SpeechUnavailable | None = None
        self._thread = threading.Thread(
            target=self._run,
            args=(address, bool(autospawn), require_screen_reader, tuple(libraries),
                  bool(prism_speech_dispatcher)),
            name="audio_scrabble-screen-reader",
            daemon=True,
        )
        self._thread.start()
        if not self._started.wait(start_timeout):
            self._setup.close()  # the game's output is its own again, now
            with self._cond:
                self._abandon_locked("did not start in time")
            server = "Speech Dispatcher" if sys.platform.startswith("linux") else "the screen reader"
            raise SpeechUnavailable(f"{server} did not answer in time")
        if self._start_error is not None:
            raise self._start_error

    # -- the caller's side

    def say(self, text: str, interrupt: bool = True) -> None:
        self._say(text, interrupt, self.echo, True)

    def reply(self, text: str, interrupt: bool = True) -> None:
        self._say(text, interrupt, self.echo, self.speak_replies)

    def notify(self, text: str, urgent: bool = False) -> None:
        self._say(text, True, False, True)

    def _say(self, text: str, interrupt: bool, printed: bool, spoken_too: bool) -> None:
        lines = message_lines(text)
        with self._cond:
            self._check_stuck_locked()
            tell = self._failure is not None and not self._failure_told and not self._closed
            if tell:
                self._failure_told = True
        if tell:
            _write_lines(self.out, [SPEECH_STOPPED_NOTICE])
        if printed:
            _write_lines(self.out, lines)
        spoken = speech_text(text) if spoken_too else ""
        if not spoken:
            return
        self._watch_stop_key()
        with self._cond:
            if self._closed or self._failure is not None:
                return
            if interrupt:
                self._queue.clear()
                self._silence_pending = False  # speaking with interrupt cancels
            self._queue.append(_Message(spoken, bool(interrupt)))
            self._spoken_since_stop = True
            self._cond.notify_all()

    def _stop_key_pressed(self) -> None:
        """Ctrl: cancel the game's speech, if it spoke since the last stop."""
        with self._cond:
            spoke, self._spoken_since_stop = self._spoken_since_stop, False
        if spoke:
            self.stop()

    def stop(self) -> None:
        with self._cond:
            self._check_stuck_locked()
            if self._closed or self._failure is not None:
                return
            self._queue.clear()
            self._silence_pending = True
            self._cond.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the worker has handed over every message said so far.

        Also True once speech has been given up or the speaker closed (there
        is nothing left to wait for); False if ``timeout`` passed first.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while True:
                self._check_stuck_locked()
                if (
                    self._closed
                    or self._failure is not None
                    or not (self._queue or self._silence_pending or self._busy)
                ):
                    return True
                remaining = 0.05 if deadline is None else deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._cond.wait(min(remaining, 0.05))

    def close(self) -> None:
        self._unwatch_stop_key()
        with self._cond:
            if self._closed:
                return
            self._closed = True
            self._queue.clear()
            self._silence_pending = False
            self._check_stuck_locked()
            given_up = self._failure is not None
            self._cond.notify_all()
        if given_up:
            return  # the outputs are being closed already; the worker may be stuck
        # The worker closes the outputs on its way out; wait for it, bounded.
        self._thread.join(self.call_timeout)
        if self._thread.is_alive():
            with self._cond:
                self._abandon_locked("did not close in time")

    def _check_stuck_locked(self) -> None:
        """Give up if the worker's current call has run too long (lock held)."""
        since = self._call_since
        if (
            self._failure is None
            and since is not None
            and time.monotonic() - since > self.call_timeout
        ):
            self._abandon_locked("stopped answering")

    def _abandon_locked(self, reason: str) -> None:
        """Stop using speech; close the outputs from a thread of their own.

        The worker may be stuck in a call for ever, so it is not waited for,
        and the outputs are closed by a short-lived daemon thread, since
        closing could block too.
        """
        if self._failure is None:
            self._failure = reason
        self._queue.clear()
        self._silence_pending = False
        self._cond.notify_all()
        threading.Thread(
            target=self._close_outputs, name="audio_scrabble-screen-reader-close", daemon=True
        ).start()

    # -- the worker's side

    def _run(self, address: str | None, autospawn: bool, require_screen_reader: bool,
             libraries: tuple[str, ...], prism_speech_dispatcher: bool) -> None:
        try:
            if sys.platform == "win32":  # pragma: no cover - SAPI, JAWS are COM
                with contextlib.suppress(Exception):
                    ctypes.windll.ole32.CoInitialize(None)  # type: ignore[attr-defined]
            try:
                self._open(address, autospawn, require_screen_reader, libraries,
                           prism_speech_dispatcher)
            except _Abandoned:
                return
            except SpeechUnavailable as err:
                self._start_error = err
                return
            finally:
                self._setup.close()
            with self._cond:
                if self._failure is not None:
                    return  # the caller gave up waiting
            self._started.set()
            self._serve()
        finally:
            self._started.set()  # the caller never waits for a worker that has ended
            self._close_outputs()

    def _open(self, address: str | None, autospawn: bool, require_screen_reader: bool,
              libraries: tuple[str, ...], prism_speech_dispatcher: bool) -> None:
        """Connect to the screen reader (on the worker, inside ``_setup``):
        each library in turn, one line in ``notices`` for each that fails."""
        linux = sys.platform.startswith("linux")
        self._setup.enter(quiet())
        if linux:
            self._check_speech_dispatcher(address, autospawn)
        self._setup.enter(_speechd_environment(address, autospawn))
        reason = "no screen reader is running"
        for position, library in enumerate(libraries):
            later = libraries[position + 1:]
            try:
                if library == "prism":
                    output = _open_prism(linux, prism_speech_dispatcher)
                elif library == "accessible_output2":
                    output = _open_accessible_output2(self._setup, linux)
                else:
                    raise ValueError(f"unknown screen-reader library {library!r}")
            except _Abandoned:
                raise
            except _NothingHere as err:
                reason = str(err)
                continue
            except Exception as err:  # noqa: BLE001 - missing, old system, broken
                reason = _library_failure(library, err)
                if later:  # the last step down, to text, is the caller's line
                    self.notices.append(
                        f"{reason}; "
                        f"using {_LIBRARY_NAMES.get(later[0], later[0])}."
                    )
                continue
            if require_screen_reader and output.engine:
                with contextlib.suppress(Exception):
                    output.close()
                reason = "no screen reader is running"
                continue
            with self._cond:
                self._output = output
            self.output_name = output.name
            self.library = output.library
            return
        unavailable = SpeechUnavailable(reason)
        unavailable.notices = list(self.notices)
        raise unavailable

    @staticmethod
    def _check_speech_dispatcher(address: str | None, autospawn: bool) -> None:
        """Make sure a Speech Dispatcher server answers (Linux; on the worker)."""
        speechd = load_speechd()
        try:
            probe = speechd.SSIPClient(
                CLIENT_NAME, component="probe", address=address, autospawn=autospawn
            )
        except Exception as err:  # noqa: BLE001 - SSIPCommunicationError, SpawnError, ...
            if not autospawn:
                raise SpeechUnavailable("Speech Dispatcher is not running") from err
            raise SpeechUnavailable("Speech Dispatcher cannot be reached or started") from err
        with contextlib.suppress(Exception):
            probe.close()

    def _serve(self) -> None:
        """Hand queued messages (and cancels) to the screen reader, one by one."""
        while True:
            with self._cond:
                self._busy = False
                self._cond.notify_all()
                self._cond.wait_for(
                    lambda: self._closed
                    or self._failure is not None
                    or bool(self._queue)
                    or self._silence_pending
                )
                if self._closed or self._failure is not None:
                    return
                message: _Message | None
                if self._silence_pending and not (self._queue and self._queue[0].interrupt):
                    message = None
                else:
                    message = self._queue.popleft()
                    self.sent.append(message.text)
                self._silence_pending = False
                self._busy = True
                self._call_since = time.monotonic()
                output = self._output
            try:
                if output is None:
                    raise RuntimeError("the screen reader has gone")
                if message is None:
                    if output.silence is not None:
                        output.silence()
                else:
                    output.speak(message.text, message.interrupt)
            except Exception as err:  # noqa: BLE001 - never let speech break the game
                with self._cond:
                    self._call_since = None
                    if self._failure is None:
                        self._failure = str(err) or type(err).__name__
                    self._queue.clear()
                    self._cond.notify_all()
                return
            with self._cond:
                self._call_since = None

    def _close_outputs(self) -> None:
        """Close the screen reader's output once (any thread)."""
        with self._cond:
            output = self._output
            if output is None or self._outputs_closed:
                return
            self._outputs_closed = True
        with contextlib.suppress(Exception):
            output.close()


def _first_line(err: BaseException) -> str:
    text = str(err).strip()
    return text.splitlines()[0][:80] if text else ""


def _library_failure(library: str, err: BaseException) -> str:
    name = _LIBRARY_NAMES.get(library, library)
    if isinstance(err, ImportError):
        return f"{name} is not installed"
    return f"{name} cannot start: {_first_line(err) or type(err).__name__}"


# ---------------------------------------------------------------------------
# Self-voicing, with pyttsx3


@dataclass
class Utterance:
    """One message as the tts backend spoke it (or rendered it to a file)."""

    text: str
    #: seconds of audio rendered, when the file could be measured
    duration: float | None
    #: it was cut short by a newer message or by ``stop``
    interrupted: bool = False
    #: playback (or rendering) has ended, either way
    finished: bool = False


def wav_duration(path: str | os.PathLike[str]) -> float:
    """Length in seconds of a WAV file."""
    with wave.open(os.fspath(path), "rb") as wav:
        rate = wav.getframerate()
        return wav.getnframes() / float(rate) if rate else 0.0


def _has_audio(path: str | os.PathLike[str]) -> bool:
    """Whether a rendered file exists and, if it is a WAV, holds frames
    (another format, such as macOS's AIFF, counts once it exists)."""
    if not os.path.exists(path):
        return False
    try:
        with wave.open(os.fspath(path), "rb") as wav:
            return wav.getnframes() > 0
    except (wave.Error, EOFError):
        return os.path.getsize(path) > 0
    except OSError:
        return False


def _write_silence(path: Path, seconds: float = 0.05, rate: int = 22050) -> None:
    with wave.open(os.fspath(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(b"\0\0" * int(rate * seconds))


class _Synthesizer:
    """The one pyttsx3 engine of the process, on one thread.

    pyttsx3 keeps one engine per driver and espeak-ng has one global
    synthesis callback, and some drivers (SAPI through COM) belong to the
    thread that made them; so every call happens on a single executor
    thread, and speakers ask it to render text into WAV files.
    """

    _instance: "_Synthesizer | None" = None
    _instance_lock = threading.Lock()

    def __init__(self) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="audio_scrabble-tts")
        self._engine: Any = None
        self.error: str | None = None

    @classmethod
    def shared(cls) -> "_Synthesizer":
        with cls._instance_lock:
            if cls._instance is None:
                cls._instance = cls()
            return cls._instance

    def _start_engine(self) -> None:
        if self._engine is not None:
            return
        if sys.platform == "win32":  # pragma: no cover - SAPI 5 is COM
            # comtypes initialises COM only in the thread that first imports
            # it, which may not be this one.
            with contextlib.suppress(Exception):
                ctypes.windll.ole32.CoInitialize(None)  # type: ignore[attr-defined]
        try:
            with quiet():
                import pyttsx3

                engine = pyttsx3.init()
        except ImportError as err:
            raise SpeechUnavailable("pyttsx3 is not installed") from err
        except Exception as err:  # noqa: BLE001 - no espeak-ng, no SAPI, ...
            raise SpeechUnavailable("no speech engine found") from err
        # pyttsx3's drivers print progress ("Audio saved to ...") with the
        # builtin print; give the driver module a silent one of its own.
        driver = getattr(getattr(engine, "proxy", None), "_driver", None)
        module = sys.modules.get(type(driver).__module__) if driver is not None else None
        if module is not None:
            module.print = lambda *args, **kwargs: None  # type: ignore[attr-defined]
        self._engine = engine

    def start(self, timeout: float = 20.0) -> None:
        """Start the engine (once); raise SpeechUnavailable if it cannot."""
        future = self._executor.submit(self._start_engine)
        try:
            future.result(timeout)
        except FutureTimeout as err:
            raise SpeechUnavailable("the speech engine did not start in time") from err

    def _render(self, text: str, path: str, rate: int | None, voice: str | None) -> None:
        self._start_engine()
        engine = self._engine
        if rate is not None:
            engine.setProperty("rate", rate)
        if voice is not None:
            engine.setProperty("voice", voice)
        # pyttsx3's espeak driver now and then writes no file, or a WAV of
        # no frames at all (about one render in a hundred): that message
        # would be lost in silence, so it is rendered again.
        for _attempt in range(3):
            with contextlib.suppress(FileNotFoundError):
                os.remove(path)
            engine.save_to_file(text, path)
            engine.runAndWait()
            if _has_audio(path):
                return
        raise RuntimeError("the speech engine wrote no audio")

    def render(
        self, text: str, path: Path, *, rate: int | None = None, voice: str | None = None,
        timeout: float = 60.0,
    ) -> None:
        """Render ``text`` into the audio file ``path`` (blocks; any thread)."""
        future: Future[None] = self._executor.submit(self._render, text, os.fspath(path), rate, voice)
        future.result(timeout)


class _Player(abc.ABC):
    """Plays one audio file at a time; can be stopped from another thread."""

    @abc.abstractmethod
    def start(self, path: Path) -> None: ...

    @abc.abstractmethod
    def wait(self) -> bool:
        """Block until playback ends; True if it ran to its end."""

    @abc.abstractmethod
    def stop(self) -> None: ...

    @abc.abstractmethod
    def probe(self, path: Path, timeout: float = 10.0) -> bool:
        """Play ``path`` (a short silence) to the end; True if that worked."""


class _CommandPlayer(_Player):
    """Plays with a command such as ``aplay -q {wav}``, killed to stop.

    Its output (ALSA's complaints and such) goes to the null device.
    """

    def __init__(self, command: Sequence[str]) -> None:
        self.command = list(command)
        if not any("{wav}" in part for part in self.command):
            self.command.append("{wav}")
        self._proc: subprocess.Popen[bytes] | None = None
        self._stopped = False
        self._lock = threading.Lock()

    def start(self, path: Path) -> None:
        argv = [part.replace("{wav}", os.fspath(path)) for part in self.command]
        with self._lock:
            self._stopped = False
            self._proc = subprocess.Popen(
                argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )

    def wait(self) -> bool:
        proc = self._proc
        if proc is None:
            return False
        code = proc.wait()
        with self._lock:
            return code == 0 and not self._stopped

    def stop(self) -> None:
        with self._lock:
            proc = self._proc
            if proc is not None and proc.poll() is None:
                self._stopped = True
                with contextlib.suppress(OSError):
                    proc.terminate()

    def probe(self, path: Path, timeout: float = 10.0) -> bool:
        try:
            self.start(path)
        except OSError:
            return False
        proc = self._proc
        assert proc is not None
        try:
            return proc.wait(timeout) == 0
        except subprocess.TimeoutExpired:
            self.stop()
            return False


class _WinsoundPlayer(_Player):  # pragma: no cover - Windows only
    """Plays with winsound (asynchronously), stopped with SND_PURGE."""

    def __init__(self) -> None:
        import winsound

        self._winsound = winsound
        self._done = threading.Event()
        self._seconds = 0.0
        self._stopped = False

    def start(self, path: Path) -> None:
        ws = self._winsound
        try:
            self._seconds = wav_duration(path)
        except (OSError, wave.Error, EOFError):
            self._seconds = 0.0
        self._done.clear()
        self._stopped = False
        ws.PlaySound(os.fspath(path), ws.SND_FILENAME | ws.SND_ASYNC | ws.SND_NODEFAULT)

    def wait(self) -> bool:
        self._done.wait(self._seconds + 0.1)
        return not self._stopped

    def stop(self) -> None:
        self._stopped = True
        with contextlib.suppress(RuntimeError):
            self._winsound.PlaySound(None, self._winsound.SND_PURGE)  # type: ignore[attr-defined]  # Windows only
        self._done.set()

    def probe(self, path: Path, timeout: float = 10.0) -> bool:
        ws = self._winsound
        try:
            ws.PlaySound(os.fspath(path), ws.SND_FILENAME | ws.SND_NODEFAULT)
        except RuntimeError:
            return False
        return True


#: audio players tried in turn on Linux and other Unixes
_UNIX_PLAYERS: tuple[tuple[str, ...], ...] = (
    ("aplay", "-q", "{wav}"),
    ("paplay", "{wav}"),
    ("pw-play", "{wav}"),
    ("play", "-q", "{wav}"),
)


def _default_player() -> _Player:
    if sys.platform == "win32":  # pragma: no cover
        return _WinsoundPlayer()
    if sys.platform == "darwin":  # pragma: no cover
        candidates: tuple[tuple[str, ...], ...] = (("afplay", "{wav}"),)
    else:
        candidates = _UNIX_PLAYERS
    for command in candidates:
        found = shutil.which(command[0])
        if found:
            return _CommandPlayer([found, *command[1:]])
    raise SpeechUnavailable("no audio player was found; install alsa-utils")


@dataclass
class _Job:
    text: str
    generation: int


class TtsSpeaker(Speaker):
    """Prints each message and speaks it with pyttsx3, never blocking.

    Each message is printed at once and put on a queue; a worker thread
    takes them in order, renders each to a WAV file with pyttsx3 (a
    fraction of a second with espeak-ng) and plays the file with an audio
    player process (``aplay`` on Linux, ``afplay`` on macOS, winsound on
    Windows). Every message is heard, whole and in order: a reply, a
    notification and what is read aloud wait for the one being spoken,
    however close behind it they come. Only the player cuts speech short:
    :meth:`stop` (the console calls it on any key the player presses; Ctrl, the
    screen reader's stop key, calls it where the game can see Ctrl: X11)
    kills the playing process and drops the queue, so the old message
    truly stops at once; :meth:`say` with ``interrupt`` (an explicit ask)
    does the same before its own message. pyttsx3's own ``say``/``stop``
    are not used: on Linux it plays through ``aplay`` under ``os.system``,
    which nothing can interrupt.

    Options: ``to_file`` renders each message into that WAV file instead
    of playing it (for tests and recordings); ``player`` is a command line
    with ``{wav}`` standing for the file (default: found on the system);
    ``rate`` (words per minute) and ``voice`` (a pyttsx3 voice id) set the
    voice; ``echo=False`` speaks without printing.

    Every message spoken (or rendered) is recorded in ``utterances``, once.

    Raises :class:`SpeechUnavailable` when the engine or (unless
    ``to_file``) the audio output cannot start; the latter is checked by
    playing a twentieth of a second of silence.
    """

    name = "tts"
    speaks_replies = True

    def __init__(
        self,
        out: TextIO | None = None,
        *,
        echo: bool = True,
        to_file: str | os.PathLike[str] | None = None,
        player: Sequence[str] | None = None,
        rate: int | None = None,
        voice: str | None = None,
    ) -> None:
        super().__init__()
        self.out: TextIO = out if out is not None else sys.stdout
        self.echo = echo
        self.to_file: Path | None = Path(to_file) if to_file is not None else None
        self.rate = rate
        self.voice = voice
        self.utterances: list[Utterance] = []
        self._synth = _Synthesizer.shared()
        self._synth.start()
        self._tmp = Path(tempfile.mkdtemp(prefix="audio_scrabble-tts-"))
        self._player: _Player | None = None
        try:
            if self.to_file is None:
                self._player = _CommandPlayer(player) if player else _default_player()
                probe = self._tmp / "probe.wav"
                _write_silence(probe)
                if not self._player.probe(probe):
                    raise SpeechUnavailable("no sound device is working")
        except BaseException:
            shutil.rmtree(self._tmp, ignore_errors=True)
            raise
        self._cond = threading.Condition()
        self._queue: deque[_Job] = deque()
        self._generation = 0
        self._busy = False
        self._closed = False
        self._count = 0
        self._failure: str | None = None
        self._failure_told = False
        self._thread = threading.Thread(
            target=self._run, name="audio_scrabble-speaker", daemon=True
        )
        self._thread.start()

    # -- the caller's side

    def say(self, text: str, interrupt: bool = True) -> None:
        """Print and speak; with ``interrupt`` (an explicit ask) it cuts
        short what is being spoken and drops what waits."""
        self._print(text)
        self._speak_later(speech_text(text), interrupt)

    def reply(self, text: str, interrupt: bool = True) -> None:
        """Print, and speak after what is being spoken: a reply never cuts
        a message short, whatever ``interrupt`` says; only :meth:`stop`
        (a key the player pressed) or :meth:`say` does."""
        self._print(text)
        self._speak_later(speech_text(text), False)

    def notify(self, text: str, urgent: bool = False) -> None:
        """As :meth:`reply`: printed, and spoken in its turn."""
        self.reply(text)

    def read_aloud(self, text: str) -> None:
        """Spoken in its turn, never printed (the terminal shows it)."""
        self._speak_later(speech_text(text), False)

    def _print(self, text: str) -> None:
        if self._failure is not None and not self._failure_told:
            self._failure_told = True
            _write_lines(self.out, stopped_lines(self._failure))
        if self.echo:
            _write_lines(self.out, message_lines(text))

    def _speak_later(self, spoken: str, interrupt: bool) -> None:
        if not spoken:
            return
        self._watch_stop_key()
        with self._cond:
            if self._closed or self._failure is not None:
                return
            if interrupt:
                self._cancel_locked()
            self._queue.append(_Job(spoken, self._generation))
            self._cond.notify_all()

    def stop(self) -> None:
        with self._cond:
            self._cancel_locked()
            self._cond.notify_all()

    def _cancel_locked(self) -> None:
        self._queue.clear()
        self._generation += 1
        if self._player is not None:
            self._player.stop()

    def wait(self, timeout: float | None = None) -> bool:
        with self._cond:
            return self._cond.wait_for(
                lambda: self._closed or (not self._queue and not self._busy), timeout
            )

    def close(self) -> None:
        self._unwatch_stop_key()
        with self._cond:
            if self._closed:
                return
            self._closed = True
            self._cancel_locked()
            self._cond.notify_all()
        self._thread.join(5.0)
        shutil.rmtree(self._tmp, ignore_errors=True)

    # -- the worker's side

    def _run(self) -> None:
        while True:
            with self._cond:
                self._busy = False
                self._cond.notify_all()
                self._cond.wait_for(lambda: self._closed or bool(self._queue))
                if self._closed:
                    return
                job = self._queue.popleft()
                self._busy = True
            try:
                self._speak(job)
            except Exception as err:  # noqa: BLE001 - report once, keep the game going
                with self._cond:
                    self._failure = str(err) or type(err).__name__
                    self._queue.clear()

    def _speak(self, job: _Job) -> None:
        self._count += 1
        if self.to_file is not None:
            path = self.to_file
        else:
            path = self._tmp / f"utterance-{self._count}.wav"
        if job.generation != self._generation:
            return
        self._synth.render(job.text, path, rate=self.rate, voice=self.voice)
        try:
            duration: float | None = wav_duration(path)
        except (OSError, wave.Error, EOFError):
            duration = None  # e.g. AIFF from macOS
        utterance = Utterance(job.text, duration)
        if self.to_file is not None or self._player is None:
            utterance.finished = True
            self.utterances.append(utterance)
            return
        player = self._player
        with self._cond:
            if job.generation != self._generation or self._closed:
                self._remove(path)
                return
            self.utterances.append(utterance)
            player.start(path)
        completed = player.wait()
        utterance.interrupted = not completed
        utterance.finished = True
        self._remove(path)

    @staticmethod
    def _remove(path: Path) -> None:
        with contextlib.suppress(OSError):
            os.remove(path)


# ---------------------------------------------------------------------------
# The factory


def _normal_kind(kind: str) -> str:
    key = re.sub(r"[\s_-]+", "", kind.strip().lower())
    return {"screenreader": "screenreader", "sr": "screenreader", "speech": "tts"}.get(key, key)


def screen_reader_name(timeout: float = 3.0) -> str | None:
    """The screen reader that reads this console (``"Orca"``, ``"NVDA"``,
    ...), or None.

    On Linux: one on the session's accessibility bus that reads new text,
    else a screen reader's process of this user where the session has no
    such bus (see :mod:`.screen_readers`); a Speech Dispatcher that answers
    is no sign of one (other programs start it too). Elsewhere: the
    screen-reader interface reaches one, at most ``timeout`` seconds
    (plain speech engines such as SAPI do not count).
    """
    if sys.platform.startswith("linux"):
        from .screen_readers import SOME_SCREEN_READER, bus_cannot_be_asked, linux_screen_reader

        name = linux_screen_reader(timeout=timeout)
        if name is None and bus_cannot_be_asked() and _speech_dispatcher_answers(timeout):
            return SOME_SCREEN_READER  # gdbus missing: the old sign, not to lose Orca's users
        return name
    try:
        speaker = ScreenReaderSpeaker(io.StringIO(), echo=False, require_screen_reader=True,
                                      start_timeout=timeout)
    except SpeechUnavailable:
        return None
    output = speaker._output
    name = output.name if output is not None and output.name else "your screen reader"
    speaker.close()
    return name


def _speech_dispatcher_answers(timeout: float) -> bool:
    """Whether a Speech Dispatcher answers where the screen-reader speaker
    would connect (never starting one), at most ``timeout`` seconds."""
    answered = threading.Event()

    def probe() -> None:
        with contextlib.suppress(Exception):
            ScreenReaderSpeaker._check_speech_dispatcher(None, autospawn=False)
            answered.set()

    with quiet(), _speechd_environment(None, autospawn=False):
        worker = threading.Thread(target=probe, name="audio_scrabble-probe", daemon=True)
        worker.start()
        worker.join(timeout)
    return answered.is_set()


def screen_reader_running(timeout: float = 3.0) -> bool:
    """Whether a screen reader reads this console (:func:`screen_reader_name`)."""
    return screen_reader_name(timeout) is not None


def make_speaker(kind: str = "auto", out: TextIO | None = None) -> Speaker:
    """The speaker of the given kind: "text", "screenreader", "tts" or "auto".

    "auto" prints only (text) whenever a screen reader reads the console
    (:func:`screen_reader_name`; on Linux a Speech Dispatcher alone is none): the screen reader then speaks every line
    once, in the player's own voice, and stops on the player's key. With
    no screen reader it picks our own tts if it can start and make sound,
    else text. Neither "auto" nor "screenreader" starts a Speech
    Dispatcher server that is not running (see :class:`ScreenReaderSpeaker`).

    When the kind asked for cannot start, the result is a
    :class:`TextSpeaker` whose ``fallback_notice`` is one line saying so;
    ``notices`` holds one line for each step down on the way (a screen
    reader library that failed before the next was tried) and the
    fallback notice last, for the console to print. The factory itself
    prints nothing.

    Raises :class:`~audio_scrabble.errors.ScrabbleError` for an unknown kind.
    """
    key = _normal_kind(kind)
    if key not in SPEAKER_KINDS:
        raise ScrabbleError(
            f"Unknown speech kind {kind!r}; choose one of {', '.join(SPEAKER_KINDS)}.",
            code="bad_speech_kind",
        )
    if key == "text":
        return TextSpeaker(out)
    if key == "auto" and screen_reader_running():
        return TextSpeaker(out)
    try:
        if key == "screenreader":
            return ScreenReaderSpeaker(out)
        return TtsSpeaker(out)
    except SpeechUnavailable as err:
        fallback = TextSpeaker(out)
        if key == "auto":
            fallback.fallback_notice = (
                f"Speech is not available (no screen reader running and {err.reason}); "
                "using text only."
            )
        else:
            fallback.fallback_notice = err.notice
        fallback.notices = [*err.notices, fallback.fallback_notice]
        return fallback
