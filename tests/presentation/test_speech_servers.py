"""The screen-reader speaker (presentation/speech.py) against servers that
misbehave: a fake SSIP server that stalls, is slow, stops or stays silent
never blocks the game; Speech Dispatcher started only when asked; Prism
through Speech Dispatcher, and each step down said in one line.

Tests needing Debian packages (see tests/DEBIAN_PACKAGES.speech) skip with
the reason when they are missing."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import pytest

from audio_scrabble.presentation import speech
from audio_scrabble.presentation.speech import ScreenReaderSpeaker, SpeechUnavailable, TextSpeaker, make_speaker

import speechd_log
from speechd_kit import skip_without_speechd_client  # type: ignore[import-not-found]
from speechd_log import logging_speechd
from test_speech import NEVER_BLOCKS, SpeechDispatcherServer, _screen_reader_threads, _ssip_readers_end, _wait_for, pytestmark_speechd, speechd_server


@dataclass
class FakeSsipServer:
    """A Speech Dispatcher stand-in on a Unix socket that stops answering.

    It answers the handshake of the speechd library (client name, client id,
    notifications) at once unless ``handshake`` is False, and answers
    anything else (SPEAK and its data, CANCEL, ...) only while ``answering``
    is set: cleared, it is a server that has stalled, as one without a
    working sound device does; set again, it answers what it held back, in
    order, like a stopped process continued. Every line received is kept in
    ``lines``.
    """

    path: Path
    handshake: bool = True

    def __post_init__(self) -> None:
        self.lines: list[str] = []
        self.answering = threading.Event()
        self._lock = threading.Lock()
        self._conns: list[socket.socket] = []
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._listener.bind(os.fspath(self.path))
        self._listener.listen(8)
        threading.Thread(target=self._accept, name="fake-ssip-accept", daemon=True).start()

    @property
    def address(self) -> str:
        return f"unix_socket:{self.path}"

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self._listener.accept()
            except OSError:
                return
            with self._lock:
                self._conns.append(conn)
            threading.Thread(target=self._serve, args=(conn,), name="fake-ssip", daemon=True).start()

    @staticmethod
    def _handshake_reply(line: str) -> bytes | None:
        words = line.split()
        if words[:3] == ["SET", "self", "CLIENT_NAME"]:
            return b"208 OK CLIENT NAME SET\r\n"
        if words[:3] == ["HISTORY", "GET", "CLIENT_ID"]:
            return b"245-7\r\n245 OK CLIENT ID SENT\r\n"
        if words[:3] == ["SET", "self", "NOTIFICATION"]:
            return b"220 OK NOTIFICATION SET\r\n"
        if words[:3] == ["SET", "self", "PRIORITY"]:  # the game's client sets text (issue 22)
            return b"202 OK PRIORITY SET\r\n"
        return None

    def _serve(self, conn: socket.socket) -> None:
        conn.settimeout(0.02)
        buffer = b""
        in_data = False
        queued = 0
        held: list[bytes] = []
        while True:
            if held and self.answering.is_set():
                with contextlib.suppress(OSError):
                    conn.sendall(b"".join(held))
                held.clear()
            try:
                data = conn.recv(4096)
            except socket.timeout:
                continue
            except OSError:
                return
            if not data:
                return
            buffer += data
            while b"\r\n" in buffer:
                raw, buffer = buffer.split(b"\r\n", 1)
                line = raw.decode("utf-8", "replace")
                with self._lock:
                    self.lines.append(line)
                reply = self._handshake_reply(line) if self.handshake and not in_data else None
                if reply is not None:
                    with contextlib.suppress(OSError):
                        conn.sendall(reply)
                    continue
                if in_data:
                    if line != ".":
                        continue
                    in_data = False
                    queued += 1
                    reply = b"225-%d\r\n225 OK MESSAGE QUEUED\r\n" % queued
                elif line == "SPEAK":
                    in_data = True
                    reply = b"230 OK RECEIVING DATA\r\n"
                elif line.startswith("CANCEL"):
                    reply = b"210 OK CANCELED\r\n"
                else:
                    reply = b"200 OK\r\n"
                held.append(reply)

    def commands(self) -> list[str]:
        """Lines received other than the handshake's (data lines included)."""
        with self._lock:
            return [line for line in self.lines if self._handshake_reply(line) is None]

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._listener.close()
        with self._lock:
            for conn in self._conns:
                with contextlib.suppress(OSError):
                    conn.shutdown(socket.SHUT_RDWR)
                conn.close()


@pytest.fixture
def fake_ssip() -> Iterator[Callable[..., FakeSsipServer]]:
    """Makes FakeSsipServers on short socket paths; closes them after."""
    skip_without_speechd_client()
    root = Path(tempfile.mkdtemp(prefix="ssip-"))
    servers: list[FakeSsipServer] = []

    def make(handshake: bool = True) -> FakeSsipServer:
        server = FakeSsipServer(root / f"s{len(servers)}.sock", handshake)
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.close()
    _ssip_readers_end()
    shutil.rmtree(root, ignore_errors=True)


def _say_timed(speaker: ScreenReaderSpeaker, text: str, interrupt: bool = True) -> float:
    start = time.perf_counter()
    speaker.say(text, interrupt=interrupt)
    return time.perf_counter() - start


@pytestmark_speechd
@pytest.mark.parametrize("interrupt", [True, False], ids=["stalls-on-cancel", "stalls-on-speak"])
def test_screen_reader_stalled_server_never_blocks(
    interrupt: bool, fake_ssip: Callable[..., FakeSsipServer],
    capfd: pytest.CaptureFixture[str],
) -> None:
    server = fake_ssip()
    out = io.StringIO()
    speaker = ScreenReaderSpeaker(out, address=server.address, call_timeout=0.5)
    assert capfd.readouterr() == ("", "")
    texts = [f"Message {n}." for n in range(12)]
    latencies = []
    said_at = []
    start = time.monotonic()
    try:
        for text in texts:
            latencies.append(_say_timed(speaker, text, interrupt))
            said_at.append(time.monotonic() - start)
            time.sleep(0.1)
        assert max(latencies) < NEVER_BLOCKS, f"say() took up to {max(latencies):.3f} s"
        lines = out.getvalue().splitlines()
        notice = speech.SPEECH_STOPPED_NOTICE
        assert lines.count(notice) == 1
        assert [line for line in lines if line != notice] == texts, "every message, in order"
        # the notice comes with the first message said after the call had hung 0.5 s
        position = lines.index(notice)
        assert 0.5 <= said_at[position] < 0.5 + 0.25
        assert lines[position + 1:] == texts[position:]
        # the stuck call was the first message's; nothing after it was sent
        assert speaker.sent == texts[:1]
        expected = "CANCEL self" if interrupt else "SPEAK"
        assert server.commands() == [expected]
        assert speaker.wait(0.05)
        t0 = time.perf_counter()
        speaker.stop()
        speaker.close()
        assert time.perf_counter() - t0 < NEVER_BLOCKS, "closing never waits for a stuck worker"
        speaker.say("After closing.")
        assert out.getvalue().endswith("After closing.\n")
        assert out.getvalue().count(notice) == 1
    finally:
        speaker.close()
    assert capfd.readouterr() == ("", "")


@pytestmark_speechd
def test_screen_reader_slow_server_gets_each_message_once(
    fake_ssip: Callable[..., FakeSsipServer],
) -> None:
    """A server that answers late (within the time limit): what was said
    meanwhile is handed over in order, each message once; an interrupting
    message drops those queued before it and cancels once."""
    server = fake_ssip()
    out = io.StringIO()
    before = _screen_reader_threads()
    speaker = ScreenReaderSpeaker(out, address=server.address, call_timeout=2.0)
    try:
        assert _say_timed(speaker, "First.") < NEVER_BLOCKS  # the worker waits on its CANCEL
        assert _wait_for(lambda: server.commands() == ["CANCEL self"], 2)
        latencies = [
            _say_timed(speaker, "Second.", interrupt=False),
            _say_timed(speaker, "Third."),  # drops Second
            _say_timed(speaker, "Fourth.", interrupt=False),
        ]
        assert max(latencies) < NEVER_BLOCKS
        time.sleep(0.3)
        assert server.commands() == ["CANCEL self"]
        server.answering.set()
        assert speaker.wait(5)
        assert speaker.sent == ["First.", "Third.", "Fourth."]
        assert server.commands() == [
            "CANCEL self", "SPEAK", "First.", ".",
            "CANCEL self", "SPEAK", "Third.", ".",
            "SPEAK", "Fourth.", ".",
        ]
        speaker.stop()
        assert _wait_for(lambda: server.commands()[-1] == "CANCEL self", 2)
        assert speaker.wait(2)
    finally:
        speaker.close()
    assert out.getvalue() == "First.\nSecond.\nThird.\nFourth.\n"
    assert _screen_reader_threads() == before


@pytestmark_speechd
def test_screen_reader_stopped_speech_dispatcher_never_blocks(
    speechd_server: SpeechDispatcherServer,
) -> None:
    """The real server, frozen with SIGSTOP after it connected and spoke."""
    out = io.StringIO()
    speaker = ScreenReaderSpeaker(out, address=speechd_server.address)
    assert speaker.call_timeout == 2.0
    pid = speechd_server.proc.pid
    try:
        speaker.say("Hello.")
        assert _wait_for(lambda: speechd_server.queued("Hello.") == 1, 5)
        assert speaker.wait(5)
        os.kill(pid, signal.SIGSTOP)
        texts = [f"Turn {n}." for n in range(12)]
        latencies = []
        start = time.monotonic()
        said_at = []
        for n, text in enumerate(texts):
            latencies.append(_say_timed(speaker, text, interrupt=n % 3 != 2))
            said_at.append(time.monotonic() - start)
            time.sleep(0.25)
        assert max(latencies) < NEVER_BLOCKS, f"say() took up to {max(latencies):.3f} s"
        lines = out.getvalue().splitlines()
        notice = speech.SPEECH_STOPPED_NOTICE
        assert lines.count(notice) == 1
        assert [line for line in lines if line != notice] == ["Hello.", *texts]
        position = lines.index(notice) - 1  # index in texts of the message after it
        assert 2.0 <= said_at[position] < 2.0 + 0.5
        assert speaker.sent == ["Hello.", "Turn 0."]
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGCONT)
        speaker.close()
    # the server, awake again, got each message at most once
    time.sleep(0.5)
    assert speechd_server.queued("Hello.") == 1
    assert speechd_server.queued("Turn 0.") <= 1
    assert all(speechd_server.queued(t) == 0 for t in texts[1:])


@pytestmark_speechd
def test_screen_reader_silent_server_fails_start_in_time(
    fake_ssip: Callable[..., FakeSsipServer], capfd: pytest.CaptureFixture[str],
) -> None:
    """A server that accepts but never answers: the speaker gives up after
    start_timeout, and the output silenced during set-up is back at once."""
    server = fake_ssip(handshake=False)
    start = time.perf_counter()
    with pytest.raises(SpeechUnavailable) as info:
        ScreenReaderSpeaker(io.StringIO(), address=server.address, start_timeout=0.5)
    assert 0.5 <= time.perf_counter() - start < 0.75
    assert info.value.reason == "Speech Dispatcher did not answer in time"
    assert server.lines and server.lines[0].startswith("SET self CLIENT_NAME")
    print("printed")
    os.write(1, b"written\n")
    os.write(2, b"to stderr\n")
    assert capfd.readouterr() == ("printed\nwritten\n", "to stderr\n")
    assert os.environ.get("SPEECHD_ADDRESS") != server.address


@pytest.fixture
def spawn_marker(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """SPEECHD_CMD: a spawn command that notes it ran, and fails; no server."""
    skip_without_speechd_client()
    marker = tmp_path / "spawned"
    script = tmp_path / "fake-speech-dispatcher"
    script.write_text(f'#!/bin/sh\necho "$@" >> "{marker}"\nexit 1\n')
    script.chmod(0o755)
    monkeypatch.setenv("SPEECHD_CMD", str(script))
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path}/none.sock")
    return marker


def test_screen_reader_does_not_start_speech_dispatcher_unless_asked(
    spawn_marker: Path, capfd: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SpeechUnavailable) as info:
        ScreenReaderSpeaker(io.StringIO())
    assert info.value.reason == "Speech Dispatcher is not running"
    assert not spawn_marker.exists()
    speaker = make_speaker("screenreader", io.StringIO())
    assert isinstance(speaker, TextSpeaker)
    assert speaker.fallback_notice == (
        "Speech is not available (Speech Dispatcher is not running); using text only."
    )
    assert not spawn_marker.exists()
    assert capfd.readouterr() == ("", "")


def test_screen_reader_starts_speech_dispatcher_when_asked(
    spawn_marker: Path, capfd: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SpeechUnavailable) as info:
        ScreenReaderSpeaker(io.StringIO(), autospawn=True)
    assert info.value.reason == "Speech Dispatcher cannot be reached or started"
    assert spawn_marker.read_text().startswith("--spawn ")
    assert capfd.readouterr() == ("", "")


def _need_prism() -> None:
    if importlib.util.find_spec("prism") is None:
        pytest.skip("Prism (prismatoid on PyPI) is not installed")
    try:
        import prism  # noqa: F401
    except (ImportError, OSError) as err:
        pytest.skip(f"Prism cannot load here: {err}")


def _need_ao2() -> None:
    if importlib.util.find_spec("accessible_output2") is None:
        pytest.skip("accessible_output2 is not installed")


@pytestmark_speechd
def test_prism_speaks_through_speech_dispatcher_and_stops(
    logging_speechd: speechd_log.Server, capfd: pytest.CaptureFixture[str],
) -> None:
    """Prism's own Speech Dispatcher backend, behind the worker: one call a
    message, a stop cuts the message short, nothing printed but the text."""
    _need_prism()
    out = io.StringIO()
    speaker = ScreenReaderSpeaker(out, libraries=("prism",), prism_speech_dispatcher=True)
    try:
        assert speaker.library == "prism" and speaker.output_name == "Speech Dispatcher"
        assert speaker.notices == []
        speaker.notify("H8, double word square,\nempty.")
        assert speechd_log.wait_for(lambda: logging_speechd.messages("others"), 5)
        assert speechd_log.wait_for(lambda: logging_speechd.messages("others")[0].finished, 5)
        long = "The rules of the game, " * 12
        speaker.notify(long)
        assert speechd_log.wait_for(lambda: len(logging_speechd.messages("others")) == 2, 5)
        start = time.perf_counter()
        speaker.stop()
        assert time.perf_counter() - start < NEVER_BLOCKS
        assert speaker.wait(5)
        time.sleep(len(long) / 100 + 0.5)  # longer than the message would have lasted
    finally:
        speaker.close()
    said = logging_speechd.messages("others")
    # one utterance a message, the broken line joined; the long one cut short
    assert [m.text for m in said] == ["H8, double word square, empty.", long.strip()]
    assert said[0].finished and not said[1].finished
    assert out.getvalue() == ""  # notifications are not printed
    assert logging_speechd.messages("game") == []
    # Prism's client names itself PRISM: why the game prefers its own named one
    assert any(name.split(":")[1] == "PRISM" for name in logging_speechd.client_names())
    assert capfd.readouterr() == ("", "")


def test_prism_is_never_asked_without_a_running_server(
    spawn_marker: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
) -> None:
    """Prism's backend would start a server through libspeechd (which can
    then block in stop()): the speaker checks for a running one first."""
    _need_prism()
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "speech-dispatcher").write_text(f'#!/bin/sh\necho "$@" >> "{spawn_marker}"\nexit 1\n')
    (fake / "speech-dispatcher").chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake}:{os.environ['PATH']}")
    with pytest.raises(SpeechUnavailable) as info:
        ScreenReaderSpeaker(io.StringIO(), libraries=("prism",), prism_speech_dispatcher=True)
    assert info.value.reason == "Speech Dispatcher is not running"
    assert not spawn_marker.exists()
    assert capfd.readouterr() == ("", "")


@pytestmark_speechd
def test_linux_speaks_through_the_named_client_when_prism_finds_no_orca(
    logging_speechd: speechd_log.Server,
) -> None:
    """Prism first: without Orca's D-Bus service it finds nothing, and the
    speaker steps down to accessible_output2 quietly (no line), whose
    client names itself audio_scrabble."""
    _need_prism()
    _need_ao2()
    with ScreenReaderSpeaker(io.StringIO()) as speaker:
        assert speaker.library == "accessible_output2"
        assert speaker.notices == []
        speaker.notify("Ann's turn.")
        assert speechd_log.wait_for(lambda: logging_speechd.texts("game") == ["Ann's turn."], 5)
    assert logging_speechd.messages("others") == []


@pytestmark_speechd
def test_each_step_down_says_one_line(
    logging_speechd: speechd_log.Server, monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    """Prism missing: one line, and accessible_output2 speaks. Both missing:
    one line for each step, the last one to text; the console prints the
    last once, before the game's first words: the steps before it are no
    news (issue 22, point 7), and ``set`` says them."""
    _need_ao2()
    monkeypatch.setitem(sys.modules, "prism", None)  # as if not installed
    speaker = make_speaker("screenreader", io.StringIO())
    try:
        assert isinstance(speaker, ScreenReaderSpeaker)
        assert speaker.notices == ["Prism is not installed; using accessible_output2."]
        speaker.notify("H8.")
        assert speechd_log.wait_for(lambda: logging_speechd.texts("game") == ["H8."], 5)
    finally:
        speaker.close()

    monkeypatch.setitem(sys.modules, "accessible_output2", None)
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", None)
    screen = io.StringIO()
    speaker = make_speaker("screenreader", screen)
    assert isinstance(speaker, TextSpeaker)
    assert speaker.notices == [
        "Prism is not installed; using accessible_output2.",
        "Speech is not available (accessible_output2 is not installed); using text only.",
    ]
    from audio_scrabble.console import services
    from audio_scrabble.console.plain import run_plain
    from audio_scrabble.console.session import Options, Session

    session = Session(Options(players="Ann,Bob", seed=1), lexicon=services.WordSet(["QI"]))
    run_plain(session, speaker, io.StringIO("set\nquit\nyes\n"), screen)
    lines = screen.getvalue().splitlines()
    title = lines.index("Audio Scrabble. Type help at any time.")  # the last step before it, in lines of 40 at most
    assert " ".join(lines[:title]) == speaker.notices[-1] and all(len(line) <= 40 for line in lines[:title])
    # set says every step, after the speech in force (in lines of 40 at most)
    described = [line.split("> ")[-1] for line in lines]
    at = described.index("speech text.")
    told = described[at + 1:described.index("hints off.")]
    assert " ".join(told) == " ".join(speaker.notices) and all(len(line) <= 40 for line in told)
    assert screen.getvalue().count("Prism is not installed;") == 1
    assert capfd.readouterr() == ("", "")
