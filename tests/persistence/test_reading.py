"""Files that are not what they seem (issue 24, points 3 and 4): every
reader of a file a player names refuses, in one sentence, what is not a
regular file (a device such as /dev/zero, a FIFO with no writer) and what
is over the limit for its kind, instead of reading it whole (11.7 GB of
memory for ``--lexicon /dev/zero``) or waiting for ever on a FIFO.

The programs run with a memory cap, as the issue measured them, so that a
reader that reads /dev/zero whole ends in a MemoryError instead of eating
the machine; and with a time-out, so that a reader stuck on a FIFO fails
the test instead of hanging it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from audio_scrabble import reading
from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import SaveStore

REPO = Path(__file__).resolve().parents[2]
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
needs_devzero = pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")


def _capped() -> None:
    import resource

    cap = 1536 * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env["XDG_DATA_HOME"] = str(cwd / "data")
    try:
        return subprocess.run([sys.executable, "-m", "audio_scrabble", *args], input="", capture_output=True,
                              text=True, timeout=60, cwd=cwd, env=env,
                              preexec_fn=_capped if sys.platform != "win32" else None)
    except subprocess.TimeoutExpired:
        pytest.fail(f"audio-scrabble {' '.join(args)} hung for a minute")


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("FIFOs are a POSIX thing")
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


@pytest.fixture
def huge(tmp_path: Path) -> Path:
    """A sparse file of 2 GB: nothing on disk, 2 GB to read."""
    path = tmp_path / "huge.txt"
    with open(path, "wb") as f:
        f.truncate(2 * 1024 ** 3)
    return path


# ----------------------------------------------------------------- the reader itself
def test_a_regular_file_within_its_limit_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "w.txt"
    path.write_bytes(b"x" * 100)
    assert reading.read_limited(path, 100, "a word list") == b"x" * 100
    with pytest.raises(reading.FileTooLarge) as over:
        reading.read_limited(path, 99, "a word list")
    assert over.value.strerror == "it is over 0 KB, too large for a word list" or "too large for a word list" in str(over.value.strerror)


def test_a_folder_a_device_and_a_fifo_are_refused_before_they_are_read(tmp_path: Path, fifo: Path) -> None:
    with pytest.raises(IsADirectoryError):
        reading.read_limited(tmp_path, 100, "a word list")
    done: list[BaseException] = []

    def read_fifo() -> None:
        try:
            reading.read_limited(fifo, 100, "a word list")
        except BaseException as e:  # noqa: BLE001 - the test looks at it
            done.append(e)

    t = threading.Thread(target=read_fifo, daemon=True)
    t.start()
    t.join(10)
    assert not t.is_alive(), "reading a FIFO with no writer waited for one"
    assert isinstance(done[0], reading.NotRegularFile)
    assert done[0].strerror == "it is a device, pipe or socket, not a file"
    if os.path.exists("/dev/zero"):
        with pytest.raises(reading.NotRegularFile):
            reading.read_limited("/dev/zero", 100, "a word list")


def test_each_kind_has_a_limit_fit_for_it() -> None:
    assert reading.size_said(reading.WORD_LIST_LIMIT) == "32 MB"
    assert reading.POSITION_LIMIT < reading.GAME_FILE_LIMIT < reading.WORD_LIST_LIMIT


# ----------------------------------------------------------------- every reader, as the player runs it
READERS = [
    (["verify", "{f}"], "cannot be read"),
    (["review", "{f}"], "cannot be read"),
    (["emboss", "{f}"], "cannot be read"),
    (["judge", "--lexicon", "{f}", "QI"], "The word list file"),
    (["--lexicon", "{f}", "--players", "Ann,computer:club", "--new"], "The word list file"),
    (["--position", "{f}", "--players", "Ann,computer:club"], "The position file"),
    (["--open", "{f}"], "cannot be read"),
]


def _one_sentence(result: subprocess.CompletedProcess[str], start: str, reason: str) -> None:
    text = " ".join((result.stdout + result.stderr).split())
    assert "Traceback" not in text and "MemoryError" not in text, text
    assert start in text and reason in text, text
    assert result.returncode != 0


@needs_devzero
@pytest.mark.parametrize("args,start", READERS)
def test_a_device_is_refused_in_one_sentence(tmp_path: Path, args: list[str], start: str) -> None:
    result = _run([a.format(f="/dev/zero") for a in args], tmp_path)
    _one_sentence(result, start, "it is a device, pipe or socket, not a file")


@needs_fifo
@pytest.mark.parametrize("args,start", READERS)
def test_a_fifo_with_no_writer_is_refused_at_once(tmp_path: Path, fifo: Path, args: list[str], start: str) -> None:
    result = _run([a.format(f=str(fifo)) for a in args], tmp_path)
    _one_sentence(result, start, "it is a device, pipe or socket, not a file")


@pytest.mark.parametrize("args,start,reason", [
    (["--lexicon", "{f}", "--players", "Ann,computer:club", "--new"], "The word list file",
     "it is over 32 MB, too large for a word list"),
    (["judge", "--lexicon", "{f}", "QI"], "The word list file", "it is over 32 MB, too large for a word list"),
    (["verify", "{f}"], "cannot be read", "it is over 8 MB, too large for a game record"),
    (["review", "{f}"], "cannot be read", "it is over 8 MB, too large for a game's file"),
    (["--position", "{f}", "--players", "Ann,computer:club"], "The position file",
     "it is over 64 KB, too large for a position"),
])
def test_a_huge_file_is_refused_without_being_read(tmp_path: Path, huge: Path, args, start, reason) -> None:
    result = _run([a.format(f=str(huge)) for a in args], tmp_path)
    _one_sentence(result, start, reason)


# ----------------------------------------------------------------- files the game itself keeps
def _left_with(folder: Path, words: Path) -> None:
    s = Session(Options(players="Alice,Bob", seed=5, lexicon=str(words)),
                lexicon=services.load_lexicon(str(words)), store=SaveStore(folder))
    s.start()
    s.handle_line("")
    s.handle_line("pass")
    s.handle_line("quit")
    s.handle_line("yes")


def _within(seconds: float, work):
    got: list[object] = []
    t = threading.Thread(target=lambda: got.append(work()), daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), "the game waited for ever on a FIFO"
    return got[0]


def test_a_save_whose_word_list_became_a_fifo_is_resumed_or_refused_without_hanging(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("FIFOs are a POSIX thing")
    folder = tmp_path / "saves"
    words = tmp_path / "words.txt"
    words.write_text("ZYZZYVA\nQI\nZA\n")
    _left_with(folder, words)
    words.unlink()
    os.mkfifo(words)
    s = Session(Options(), lexicon=None, store=SaveStore(folder))
    _within(20, s.start)
    out = " ".join(_within(20, lambda: s.handle_line("yes")))
    assert "words.txt" in out and "Traceback" not in out
    assert "Starting a new game instead." in out  # the set-up of a new game, and the old one is not lost
    assert "1. Unfinished: Alice and Bob," in s.handle_line("games")


def test_a_fifo_in_place_of_the_save_is_set_aside_not_waited_on(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("FIFOs are a POSIX thing")
    folder = tmp_path / "saves"
    folder.mkdir()
    store = SaveStore(folder)
    os.mkfifo(store.current_path)
    s = Session(Options(players="Carol,Dan", seed=2), lexicon=None, store=SaveStore(folder))
    lines = " ".join(_within(20, s.start))
    assert "Traceback" not in lines
    assert s.game is not None and s.game.names == ("Carol", "Dan")  # the new game began
    # the FIFO is set aside, named, never read; the new game saves in its place
    aside = [p for p in folder.iterdir() if p.is_fifo()]
    assert aside and aside[0].name != store.current_path.name
    s.handle_line("")
    s.handle_line("pass")
    assert store.current_path.is_file()
