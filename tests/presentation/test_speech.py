"""Tests of the speech backends, against the real parts.

* tts: real pyttsx3 + espeak-ng rendering WAV files, measured; playback
  through a real player process (a small paced player written by the test,
  since a headless box has no sound card that plays in real time), killed
  when a new message interrupts.
* screen reader: a real, private, headless Speech Dispatcher server (its
  own config, socket, log, and an ALSA file sink for audio), spoken to
  through accessible_output2.
* text and fallbacks: exact output, captured at the file-descriptor level.

Tests needing Debian packages (see tests/DEBIAN_PACKAGES.speech) skip with
the reason when those are missing.
"""

from __future__ import annotations

import array
import contextlib
import io
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

from speechd_kit import skip_without_speechd_client  # type: ignore[import-not-found]
from speechd_log import accepts  # type: ignore[import-not-found]
from tts_kit import PACED_PLAYER, tts_speaker  # type: ignore[import-not-found]

from audio_scrabble.errors import ScrabbleError
from audio_scrabble.presentation.speech import (
    RecordingSpeaker,
    ScreenReaderSpeaker,
    SpeechUnavailable,
    TextSpeaker,
    TtsSpeaker,
    make_speaker,
    message_lines,
    wav_duration,
)


#: How long say(), stop() or close() may take and still count as "never
#: blocks": far below any utterance (the shortest here lasts 0.7 s) and any
#: give-up timeout (0.5 s or more), with room for a loaded CI machine.
NEVER_BLOCKS = 0.25

SHORT = "Your turn."
LONG = (
    "The word quizzical, played from H 8 going down, scores one hundred and "
    "twelve points, including the fifty point bonus for using all seven tiles."
)


# ---------------------------------------------------------------------------
# helpers


def _peak(raw: bytes) -> int:
    """Largest absolute 16-bit sample in raw little-endian audio."""
    samples = array.array("h")
    samples.frombytes(raw[: len(raw) // 2 * 2])
    if sys.byteorder == "big":
        samples.byteswap()
    return max((abs(s) for s in samples), default=0)


def _wav_peak(path: Path) -> int:
    with wave.open(os.fspath(path), "rb") as w:
        assert w.getsampwidth() == 2
        return _peak(w.readframes(w.getnframes()))


def _no_speech_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No Speech Dispatcher reachable, none spawned, no audio player on PATH."""
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path}/nothing.sock")
    monkeypatch.setenv("SPEECHD_CMD", str(tmp_path / "no-speech-dispatcher"))
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))


@pytest.fixture(scope="module")
def tts_file(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TtsSpeaker]:
    """A TtsSpeaker that renders into a WAV file (real pyttsx3 + espeak-ng)."""
    out = tmp_path_factory.mktemp("tts") / "speech.wav"
    try:
        speaker = TtsSpeaker(io.StringIO(), to_file=out)
    except SpeechUnavailable as err:
        pytest.skip(f"pyttsx3 cannot start a speech engine (Debian espeak-ng missing?): {err}")
    yield speaker
    speaker.close()


@dataclass
class PacedPlayback:
    speaker: TtsSpeaker
    played: Path
    out: io.StringIO

    def files(self) -> list[Path]:
        return sorted(self.played.glob("*.raw"))


@pytest.fixture
def paced(tmp_path: Path) -> Iterator[PacedPlayback]:
    """A TtsSpeaker playing through a real-time paced player process."""
    played = tmp_path / "played"
    played.mkdir()
    out = io.StringIO()
    speaker = tts_speaker(tmp_path, played, PACED_PLAYER, out)
    yield PacedPlayback(speaker, played, out)
    speaker.close()


# ---------------------------------------------------------------------------
# text


def test_text_prints_exact_lines() -> None:
    out = io.StringIO()
    speaker = TextSpeaker(out)
    speaker.say("Line one\nLine two\n")
    speaker.say("\x1b[1mBold\x1b[0m word\x07 \r\n\tindented")
    speaker.say("First\n\nThird")
    assert out.getvalue() == "Line one\nLine two\nBold word\n\tindented\nFirst\n\nThird\n"
    assert "\x1b" not in out.getvalue()
    assert speaker.name == "text" and speaker.fallback_notice is None


def test_text_empty_message_prints_nothing() -> None:
    out = io.StringIO()
    speaker = TextSpeaker(out)
    for text in ("", "   ", "\n\n", " \t\n  "):
        speaker.say(text)
    assert out.getvalue() == ""
    assert message_lines("  \n ") == []


def test_text_goes_to_real_stdout_and_nothing_else(capfd: pytest.CaptureFixture[str]) -> None:
    speaker = make_speaker("text")
    speaker.say("Rack: A E I Q S T U")
    speaker.say("Score 0 to 0", interrupt=False)
    speaker.stop()
    speaker.close()
    captured = capfd.readouterr()
    assert captured.out == "Rack: A E I Q S T U\nScore 0 to 0\n"
    assert captured.err == ""


def test_text_survives_a_narrow_encoding() -> None:
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii")
    TextSpeaker(out).say("Blank tile: \u2423")
    assert raw.getvalue() == b"Blank tile: ?\n"


def test_recording_speaker_records_and_optionally_prints() -> None:
    out = io.StringIO()
    rec = RecordingSpeaker(out)
    rec.say("One\nTwo")
    rec.say("Three", interrupt=False)
    rec.stop()
    rec.close()
    assert rec.messages == ["One\nTwo", "Three"]
    assert rec.interrupts == [True, False]
    assert rec.lines == ["One", "Two", "Three"]
    assert rec.stops == 1 and rec.closed
    assert out.getvalue() == "One\nTwo\nThree\n"
    silent = RecordingSpeaker()
    silent.say("Quiet")
    assert silent.messages == ["Quiet"]


# ---------------------------------------------------------------------------
# factory and fallbacks


def test_import_is_silent() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", "import audio_scrabble.presentation.speech"],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0
    assert proc.stdout == "" and proc.stderr == ""


def test_unknown_kind_is_refused() -> None:
    with pytest.raises(ScrabbleError) as info:
        make_speaker("braille-robot")
    assert info.value.code == "bad_speech_kind"
    assert "text, screenreader, tts, auto" in str(info.value)


@pytest.mark.parametrize("kind", ["screenreader", "tts", "auto"])
def test_unavailable_speech_falls_back_to_text_with_one_notice(
    kind: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
) -> None:
    _no_speech_env(monkeypatch, tmp_path)
    speaker = make_speaker(kind)
    captured = capfd.readouterr()
    # accessible_output2 prints "Cannot find ..." lines and speechd may
    # complain: none of it may reach the player.
    assert captured.out == "" and captured.err == ""
    assert isinstance(speaker, TextSpeaker)
    notice = speaker.fallback_notice
    assert notice is not None and "\n" not in notice
    assert notice.startswith("Speech is not available (") and notice.endswith("; using text only.")
    speaker.say("Hello")
    speaker.close()
    captured = capfd.readouterr()
    assert captured.out == "Hello\n" and captured.err == ""


def test_kind_names_are_forgiving(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _no_speech_env(monkeypatch, tmp_path)
    assert isinstance(make_speaker(" Text "), TextSpeaker)
    assert make_speaker("Screen-Reader").fallback_notice is not None


def test_tts_without_a_working_player_is_unavailable() -> None:
    false = shutil.which("false")
    if false is None:
        pytest.skip("no 'false' command")
    try:
        TtsSpeaker(io.StringIO(), player=[false])
    except SpeechUnavailable as err:
        assert err.reason in ("no sound device is working", "no speech engine found")
    else:
        pytest.fail("a player that fails must make the tts backend unavailable")


def test_tts_on_this_machine_starts_or_falls_back_quietly(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """The real default player: on a box without sound (CI) aplay fails, and
    its ALSA complaints must not reach the console."""
    speaker = make_speaker("tts")
    try:
        captured = capfd.readouterr()
        assert captured.out == "" and captured.err == ""
        if isinstance(speaker, TtsSpeaker):
            speaker.say("Testing.")
            assert speaker.wait(20)
            assert [u.text for u in speaker.utterances] == ["Testing."]
        else:
            assert speaker.fallback_notice and speaker.fallback_notice.endswith("using text only.")
            speaker.say("Testing.")
    finally:
        speaker.close()
    captured = capfd.readouterr()
    assert captured.out == "Testing.\n" and captured.err == ""


# ---------------------------------------------------------------------------
# tts, rendered to WAV files


def test_tts_renders_longer_message_to_longer_wav(tts_file: TtsSpeaker) -> None:
    path = tts_file.to_file
    assert path is not None
    durations = {}
    for text in (SHORT, LONG):
        tts_file.say(text)
        assert tts_file.wait(20)
        durations[text] = wav_duration(path)
        assert _wav_peak(path) > 1000, "the WAV must hold speech, not silence"
    assert 0.3 < durations[SHORT] < 3.0
    assert durations[LONG] > 4 * durations[SHORT]
    assert durations[LONG] > 5.0
    assert [u.text for u in tts_file.utterances[-2:]] == [SHORT, LONG]
    assert [round(u.duration or 0, 3) for u in tts_file.utterances[-2:]] == [
        round(durations[SHORT], 3), round(durations[LONG], 3)
    ]
    soxi = shutil.which("soxi")
    if soxi:  # cross-check our measure with sox
        measured = float(subprocess.run([soxi, "-D", str(path)], capture_output=True,
                                        text=True, check=True).stdout)
        assert abs(measured - durations[LONG]) < 0.01


def test_tts_empty_message_speaks_nothing(tts_file: TtsSpeaker) -> None:
    before = len(tts_file.utterances)
    assert tts_file.to_file is not None
    tts_file.to_file.unlink(missing_ok=True)
    for text in ("", "  ", "\n \n", "\x1b[0m"):
        tts_file.say(text)
    assert tts_file.wait(10)
    assert len(tts_file.utterances) == before
    assert not tts_file.to_file.exists()


def test_tts_say_returns_at_once(tts_file: TtsSpeaker) -> None:
    text = " ".join([LONG] * 3)
    start = time.perf_counter()
    tts_file.say(text)
    latency = time.perf_counter() - start
    assert tts_file.wait(30)
    rendered = tts_file.utterances[-1]
    assert rendered.text == text and rendered.duration is not None
    assert rendered.duration > 15
    assert latency < NEVER_BLOCKS, f"say() took {latency:.3f} s"


def test_tts_prints_each_message_once_and_speaks_it_once(tmp_path: Path) -> None:
    out = io.StringIO()
    try:
        speaker = TtsSpeaker(out, to_file=tmp_path / "x.wav")
    except SpeechUnavailable as err:
        pytest.skip(f"pyttsx3 cannot start: {err}")
    with speaker:
        texts = ["One.", "Two,\nthree.", "Four."]
        for text in texts:
            speaker.say(text, interrupt=False)
        assert speaker.wait(20)
    assert out.getvalue() == "One.\nTwo,\nthree.\nFour.\n"
    # a sentence broken over two printed lines is one run of speech
    assert [u.text for u in speaker.utterances] == ["One.", "Two, three.", "Four."]
    assert all(u.finished and not u.interrupted for u in speaker.utterances)


# ---------------------------------------------------------------------------
# tts, played in real time


def _wait_for(predicate, timeout: float) -> bool:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.01)
    return False


def test_tts_new_message_interrupts_the_old(paced: PacedPlayback) -> None:
    speaker = paced.speaker
    start = time.perf_counter()
    speaker.say(LONG)
    say_latency = time.perf_counter() - start
    assert say_latency < NEVER_BLOCKS
    assert _wait_for(lambda: paced.files() and paced.files()[0].stat().st_size > 0, 10)
    time.sleep(0.6)
    speaker.say(SHORT)
    assert speaker.wait(20)
    elapsed = time.perf_counter() - start
    first, second = speaker.utterances
    assert (first.text, second.text) == (LONG, SHORT)
    assert first.interrupted and not second.interrupted
    assert first.duration and second.duration
    # the long message lasts > 5 s; it was cut after ~0.6 s
    assert elapsed < first.duration * 0.6
    files = paced.files()
    assert len(files) == 2
    full_long = first.duration * 22050 * 2
    assert files[0].stat().st_size < 0.4 * full_long
    assert files[1].stat().st_size == pytest.approx(second.duration * 22050 * 2, rel=0.02)
    assert _peak(files[1].read_bytes()) > 1000
    assert paced.out.getvalue() == f"{LONG}\n{SHORT}\n"


def test_tts_without_interrupt_queues(paced: PacedPlayback) -> None:
    speaker = paced.speaker
    speaker.say("Alpha.")
    speaker.say("Bravo.", interrupt=False)
    assert speaker.wait(20)
    assert [(u.text, u.interrupted) for u in speaker.utterances] == [
        ("Alpha.", False), ("Bravo.", False)
    ]
    sizes = [f.stat().st_size for f in paced.files()]
    assert sizes == [pytest.approx(u.duration * 44100, rel=0.02) for u in speaker.utterances]


def test_tts_stop_silences_and_drops_the_queue(paced: PacedPlayback) -> None:
    speaker = paced.speaker
    speaker.say(LONG)
    speaker.say("Never heard.", interrupt=False)
    assert _wait_for(lambda: bool(paced.files()), 10)
    time.sleep(0.3)
    t0 = time.perf_counter()
    speaker.stop()
    assert speaker.wait(5)
    assert time.perf_counter() - t0 < 1.0
    assert [u.text for u in speaker.utterances] == [LONG]
    assert speaker.utterances[0].interrupted
    speaker.close()
    speaker.say("After closing, printed only.")
    assert paced.out.getvalue().endswith("After closing, printed only.\n")
    assert len(speaker.utterances) == 1


# ---------------------------------------------------------------------------
# screen reader, against a real headless Speech Dispatcher


@dataclass
class SpeechDispatcherServer:
    address: str
    log: Path
    audio: Path
    proc: subprocess.Popen[bytes]

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def queued(self, text: str) -> int:
        """How many times the server queued this message for speech."""
        return self.log_text().count(f"Queueing message |{text}|")

    def cancels(self) -> int:
        """How many CANCEL commands the server received."""
        return self.log_text().count("Cancel received from fd")


def _module_dir() -> Path | None:
    for d in ("/usr/lib/speech-dispatcher-modules", "/usr/libexec/speech-dispatcher-modules",
              "/usr/lib/x86_64-linux-gnu/speech-dispatcher-modules"):
        if Path(d, "sd_espeak-ng").exists():
            return Path(d)
    return None


@pytest.fixture
def speechd_server() -> Iterator[SpeechDispatcherServer]:
    """A private speech-dispatcher: own config, socket, log; audio to a file.

    The espeak-ng output module speaks through ALSA into a "file" PCM
    (slave "null"), defined in a private ~/.asoundrc (HOME points at the
    private folder), so the test can measure the audio it produced.
    """
    if not sys.platform.startswith("linux"):
        pytest.skip("Speech Dispatcher is the Linux screen-reader path")
    exe = shutil.which("speech-dispatcher")
    if exe is None:
        pytest.skip("Debian package speech-dispatcher is not installed")
    modules = _module_dir()
    if modules is None:
        pytest.skip("Debian package speech-dispatcher-espeak-ng is not installed")
    skip_without_speechd_client()

    root = Path(tempfile.mkdtemp(prefix="sd-"))  # short: socket paths are limited
    conf, home, run, logdir = root / "conf", root / "home", root / "run", root / "log"
    for d in (conf / "modules", home, run, logdir):
        d.mkdir(parents=True)
    sock, audio = run / "speechd.sock", root / "audio.raw"
    module_conf = Path("/etc/speech-dispatcher/modules/espeak-ng.conf")
    (conf / "modules" / "espeak-ng.conf").write_text(
        module_conf.read_text() if module_conf.exists() else "EspeakIndexing 1\n"
    )
    (conf / "speechd.conf").write_text(textwrap.dedent(f'''\
        CommunicationMethod "unix_socket"
        SocketPath "{sock}"
        Timeout 0
        LogLevel 5
        LogDir "{logdir}"
        AudioOutputMethod "alsa"
        AudioALSADevice "filesink"
        AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
        DefaultModule espeak-ng
        '''))
    (home / ".asoundrc").write_text(textwrap.dedent(f'''\
        pcm.filesink {{
          type file
          slave.pcm "null"
          file "{audio}"
          format "raw"
        }}
        '''))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SPEECHD_", "ALSA_"))}
    env.update(HOME=str(home), XDG_RUNTIME_DIR=str(run), XDG_CONFIG_HOME=str(home / ".config"))
    with open(root / "server.out", "wb") as server_out:
        proc = subprocess.Popen(
            [exe, "-s", "-C", str(conf), "-m", str(modules), "-S", str(sock), "-L", str(logdir),
             "-l", "5", "-t", "0", "-P", str(run / "speechd.pid")],
            env=env, stdin=subprocess.DEVNULL, stdout=server_out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        if not _wait_for(lambda: accepts(sock) or proc.poll() is not None, 15) or not accepts(sock):
            pytest.fail("speech-dispatcher did not start: "
                        + (root / "server.out").read_text(errors="replace")[-2000:])
        yield SpeechDispatcherServer(
            f"unix_socket:{sock}", logdir / "speech-dispatcher.log", audio, proc
        )
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)
        # the output module runs in the server's session; make sure it is gone
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        _ssip_readers_end()
        shutil.rmtree(root, ignore_errors=True)


def _ssip_readers_end(timeout: float = 5.0) -> None:
    """Wait for the speechd library's reader threads to end.

    They end (with SystemExit, see below) once their server has gone; waiting
    keeps that inside the test that made them rather than the next one.
    """
    _wait_for(lambda: not any(t.name == "SSIP client communication thread"
                              for t in threading.enumerate()), timeout)


def _client_names(log: str) -> list[str]:
    """The names Speech Dispatcher's clients gave themselves (user:client:component)."""
    return re.findall(r'CLIENT_NAME "?([^"\s]+)', log)


def _screen_reader_threads() -> set[threading.Thread]:
    """Live worker threads of screen-reader speakers (those given up on, stuck
    in a call to a stalled server, stay: they are left behind on purpose)."""
    return {t for t in threading.enumerate() if t.name == "audio_scrabble-screen-reader"}


def _settled_size(path: Path, timeout: float = 15.0, quiet_for: float = 0.5) -> int:
    """Size of a growing file once it has stopped growing."""
    end = time.monotonic() + timeout
    last, since = -1, time.monotonic()
    while time.monotonic() < end:
        size = path.stat().st_size if path.exists() else 0
        if size != last:
            last, since = size, time.monotonic()
        elif size > 0 and time.monotonic() - since >= quiet_for:
            return size
        time.sleep(0.05)
    return max(last, 0)


# The speechd library's reader thread ends with SystemExit when a client
# closes; threading ignores that, pytest's thread-exception hook reports it.
pytestmark_speechd = pytest.mark.filterwarnings(
    "ignore::pytest.PytestUnhandledThreadExceptionWarning"
)


@pytestmark_speechd
def test_screen_reader_speaks_through_speech_dispatcher(
    speechd_server: SpeechDispatcherServer, capfd: pytest.CaptureFixture[str],
) -> None:
    out = io.StringIO()
    before = _screen_reader_threads()
    speaker = ScreenReaderSpeaker(out, address=speechd_server.address, autospawn=False)
    try:
        assert capfd.readouterr() == ("", "")  # accessible_output2's prints were silenced
        assert speaker.name == "screen reader"
        assert speaker.output_name == "Linux Speech Dispatcher"
        text = "Quiz at H 8 across, 42 points."
        speaker.say(text)
        size = _settled_size(speechd_server.audio)
        assert size > 22050, "expected at least half a second of audio"
        assert _peak(speechd_server.audio.read_bytes()) > 1000
        assert _wait_for(lambda: speechd_server.queued(text) == 1, 5)
        assert out.getvalue() == text + "\n"
        speaker.say("   ")  # nothing to say: nothing sent
        time.sleep(0.3)
        assert "Queueing message |   |" not in speechd_server.log_text()
        assert speechd_server.queued(text) == 1, "never spoken twice"
        assert speaker.sent == [text]
    finally:
        speaker.close()
    assert capfd.readouterr() == ("", "")
    assert _screen_reader_threads() == before, "the worker ends when the speaker closes"


@pytestmark_speechd
def test_screen_reader_interrupts_and_never_repeats(
    speechd_server: SpeechDispatcherServer,
) -> None:
    speaker = ScreenReaderSpeaker(io.StringIO(), address=speechd_server.address, autospawn=False)
    try:
        # accessible_output2 cancels before every interrupting message
        speaker.say(LONG)
        assert _wait_for(lambda: speechd_server.queued(LONG) == 1, 5)
        assert speechd_server.cancels() == 1
        speaker.say(SHORT)  # cuts the long one short
        assert _wait_for(lambda: speechd_server.queued(SHORT) == 1, 5)
        assert speechd_server.cancels() == 2
        speaker.say("And then.", interrupt=False)  # waits its turn, cancels nothing
        assert _wait_for(lambda: speechd_server.queued("And then.") == 1, 5)
        _settled_size(speechd_server.audio)
        assert speechd_server.cancels() == 2
        assert [speechd_server.queued(t) for t in (LONG, SHORT, "And then.")] == [1, 1, 1]
        speaker.stop()
        assert _wait_for(lambda: speechd_server.cancels() == 3, 5)
    finally:
        speaker.close()


@pytestmark_speechd
def test_screen_reader_losing_its_server_says_so_once(
    speechd_server: SpeechDispatcherServer, capfd: pytest.CaptureFixture[str],
) -> None:
    out = io.StringIO()
    speaker = ScreenReaderSpeaker(out, address=speechd_server.address, autospawn=False)
    try:
        speaker.say("Hello.")
        assert _wait_for(lambda: speechd_server.queued("Hello.") == 1, 5)
        speechd_server.proc.kill()  # a server that dies (terminate could take its modules' time)
        speechd_server.proc.wait(15)
        time.sleep(0.2)
        start = time.perf_counter()
        speaker.say("Still here.")
        assert time.perf_counter() - start < NEVER_BLOCKS, "a dead server must not block the game"
        # the worker finds the connection gone; the notice comes with the next message
        assert speaker.wait(5)
        speaker.say("And again.")
        speaker.say("And once more.")
        assert time.perf_counter() - start < 1.0
        assert out.getvalue() == (
            "Hello.\nStill here.\nSpeech stopped; using text only.\n"
            "And again.\nAnd once more.\n"
        )
        assert speaker.sent == ["Hello.", "Still here."]
    finally:
        speaker.close()
    assert capfd.readouterr() == ("", "")


@pytestmark_speechd
def test_screen_reader_echo_off_speaks_without_printing(
    speechd_server: SpeechDispatcherServer,
) -> None:
    out = io.StringIO()
    with ScreenReaderSpeaker(out, echo=False, address=speechd_server.address,
                             autospawn=False) as speaker:
        speaker.say("Only heard.")
        assert _wait_for(lambda: speechd_server.queued("Only heard.") == 1, 5)
    assert out.getvalue() == ""


@pytestmark_speechd
def test_auto_takes_a_speech_server_alone_for_no_screen_reader(
    speechd_server: SpeechDispatcherServer, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A speech server running with no screen reader reading (other
    programs start Speech Dispatcher too): auto is not the silent text a
    screen reader would read (it was, before issue s27 sr8): the game's
    own voice, or text saying why speech is not available. The server is
    not even asked (a screen reader is looked for where it reads:
    tests/e2e/test_speech_way_said.py, test_orca_speech_way.py)."""
    monkeypatch.setenv("SPEECHD_ADDRESS", speechd_server.address)
    from audio_scrabble.presentation import speech as speech_module

    monkeypatch.setattr(speech_module, "screen_reader_name", lambda timeout=3.0: None)
    out = io.StringIO()
    speaker = make_speaker("auto", out)
    try:
        assert speaker.speaks_replies or speaker.fallback_notice, "auto chose silent text"
    finally:
        speaker.close()
    time.sleep(0.3)
    assert not [n for n in _client_names(speechd_server.log_text()) if n.endswith(":probe")]


@pytestmark_speechd
def test_screen_reader_mode_speaks_only_what_is_not_printed(
    speechd_server: SpeechDispatcherServer,
) -> None:
    """screenreader: a reply is printed and not sent; a notification (a
    cursor move) is sent and not printed; each once, as one message."""
    out = io.StringIO()
    with ScreenReaderSpeaker(out, address=speechd_server.address) as speaker:
        speaker.reply("Ann plays QUIZ\nfor 42 points.")
        speaker.notify("H8, double word, empty.")
        speaker.read_aloud("challenge")
        assert speaker.wait(5)
        assert _wait_for(lambda: speechd_server.queued("H8, double word, empty.") == 1, 5)
        assert speaker.sent == ["H8, double word, empty."]
        assert speaker.library == "accessible_output2"
    assert out.getvalue() == "Ann plays QUIZ\nfor 42 points.\n"
    time.sleep(0.3)
    log = speechd_server.log_text()
    assert "QUIZ" not in log and "challenge" not in log
    assert log.count("Queueing message") == 1
    # every client names itself, so a player can give the game its own voice
    names = _client_names(log)
    assert len(names) == 2 and {n.split(":")[1] for n in names} == {"audio_scrabble"}


# ---------------------------------------------------------------------------
# screen reader, against servers that stop answering


# ---------------------------------------------------------------------------
# Prism, accessible_output2 and the steps down, against a logging server
