"""The command line at the edges: option order, --version, pipes that close
early, legacy console encodings, bad bytes, long input, colour.

Most tests run the real program in a subprocess (``python -m
audio_scrabble``), with this tree first on the path.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import audio_scrabble
from audio_scrabble.presentation import streams
from audio_scrabble.cli import main, split_command
from audio_scrabble.presentation import largeprint

REPO = Path(__file__).resolve().parents[2]
RECORDS = REPO / "tests" / "records"


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env["AUDIO_SCRABBLE_DATA_DIR"] = str(tmp_path / "data")
    env.pop("NO_COLOR", None)
    env.update(extra)
    return env


def run(tmp_path: Path, *args: str, stdin: bytes = b"", **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "audio_scrabble", *args],
        input=stdin,
        capture_output=True,
        env=_env(tmp_path, **env),
        cwd=tmp_path,
        timeout=120,
    )


# ------------------------------------------------------------ option order
def test_options_before_a_command_run_the_command(tmp_path):
    r = run(tmp_path, "--seed", "7", "judge", "QI")
    assert (r.returncode, r.stdout.decode()) == (0, "QI: acceptable\n"), r.stderr.decode()


def test_a_word_list_named_before_judge_is_the_one_judged_by(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("ZA\nQAT\n", encoding="utf-8")
    r = run(tmp_path, "--lexicon", str(words), "judge", "QI", "ZA")
    assert r.stdout.decode().splitlines() == ["QI: not acceptable", "ZA: acceptable"], r.stderr.decode()
    # the command's own --lexicon wins over one given before it
    r = run(tmp_path, "--lexicon", str(tmp_path / "missing.txt"), "judge", "--lexicon", str(words), "ZA")
    assert (r.returncode, r.stdout.decode()) == (0, "ZA: acceptable\n")


def test_where_the_command_is_found():
    assert split_command(["judge", "QI"]) == ([], "judge", ["QI"])
    assert split_command(["--seed", "7", "judge", "QI"]) == (["--seed", "7"], "judge", ["QI"])
    # a word list called "judge" is a value, not the command
    assert split_command(["--lexicon", "judge", "judge", "QI"]) == (["--lexicon", "judge"], "judge", ["QI"])
    assert split_command(["--players", "Ann,Bob"]) == (["--players", "Ann,Bob"], None, [])
    assert split_command(["--hints", "verify", "a.gcg"]) == (["--hints"], "verify", ["a.gcg"])


def test_version(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"audio-scrabble {audio_scrabble.__version__}"


# ------------------------------------------------------------ pipes that close early
def _first_line_then_close(tmp_path: Path, args: list[str], stdin: bytes) -> tuple[bytes, int, bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "audio_scrabble", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(tmp_path),
        cwd=tmp_path,
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    import threading

    feeder = threading.Thread(target=_feed, args=(proc.stdin, stdin), daemon=True)
    feeder.start()
    first = proc.stdout.readline()
    proc.stdout.close()  # the reader goes away, like head -1
    try:
        err = proc.stderr.read()
        code = proc.wait(timeout=120)
    finally:
        if proc.poll() is None:  # pragma: no cover
            proc.kill()
    return first, code, err


def _feed(pipe: io.BufferedWriter, data: bytes) -> None:
    try:
        pipe.write(data)
        pipe.close()
    except (BrokenPipeError, OSError):
        pass


PIPED = {
    "judge": (["judge"], b"QI\n" * 200_000),
    "verify": (["verify", *[str(RECORDS / "partial_racks.gcg")] * 3000], b""),
    "review": (["review", str(RECORDS / "partial_racks.gcg")], b"next\nprevious\n" * 20_000),
    "the game": (["--players", "Ann,Bob", "--seed", "3", "--rules", "double"], b"\n" + b"rack\n" * 40_000),
    "moves": (["moves", "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ??EIRST/ 0/32 0", "--top", "0"], b""),
}


@pytest.mark.parametrize("what", sorted(PIPED))
def test_a_reader_that_closes_early_ends_the_command_quietly(tmp_path, what):
    args, stdin = PIPED[what]
    first, code, err = _first_line_then_close(tmp_path, args, stdin)
    assert first, err.decode()
    assert b"Traceback" not in err and b"Exception ignored" not in err, err.decode()[-2000:]
    assert code in (0, 141, 1), err.decode()


# ------------------------------------------------------------ legacy console encodings
@pytest.mark.parametrize("encoding", ["cp1252", "cp437", "ascii"])
def test_a_legacy_console_encoding_degrades_braille_and_names(tmp_path, encoding):
    """A piped game in braille mode shows the braille board; on cp1252 the
    cells come out as ASCII braille and Łukasz as Lukasz, never a crash."""
    r = run(
        tmp_path,
        "--players", "Łukasz,Zoë", "--seed", "3", "--rules", "double", "--braille-cells", "40",
        stdin=b"board\nrack\nquit\nyes\n",
        PYTHONIOENCODING=encoding,
    )
    out, err = r.stdout.decode(encoding), r.stderr.decode(encoding, "replace")
    assert r.returncode == 0, err
    assert "UnicodeEncodeError" not in err and "Traceback" not in err
    assert "Lukasz" in out and "Braille board:" in out
    if encoding == "ascii":
        assert "Zoe" in out
    # the first board row (a triple word, a double letter, ...) in ASCII braille: = for 3W, ' for an empty square
    header, *rows = out.split("Braille board:")[1].splitlines()[1:17]
    assert header.split() == ["ABCDEFGHIJKLMNO"]  # the column letters, in ASCII braille
    assert rows[0].split()[-1] == "=''9'''='''9''=", rows[0]
    assert all(ch.isascii() for row in rows for ch in row)


def test_the_error_handler_spells_characters_readably():
    streams.register()
    assert "Łukasz Żółć".encode("cp1252", streams.ERRORS) == "Lukasz Zólc".encode("cp1252")  # ó is in cp1252
    assert "Łukasz Żółć".encode("ascii", streams.ERRORS) == b"Lukasz Zolc"
    assert "Straße – “quoted” …".encode("ascii", streams.ERRORS) == b'Strasse - "quoted" ...'
    assert "⠁⠃⠉ ⠀⣿".encode("cp437", streams.ERRORS) == b"ABC  ="  # dots 7-8 dropped: ⣿ -> ⠿ (=)
    assert "a\udcffb".encode("utf-8", streams.ERRORS) == b"a\\xffb"  # a surrogate-escaped byte is named
    assert "日本".encode("ascii", streams.ERRORS) == b"??"


# ------------------------------------------------------------ bad bytes and long input
def test_invalid_utf8_on_stdin_is_named_by_its_line(tmp_path):
    r = run(tmp_path, "judge", stdin=b"QI\nZ\xffA\nQI\n", PYTHONIOENCODING="utf-8")
    err, out = r.stderr.decode(), r.stdout.decode("utf-8")
    assert "Line 2 of the input is not valid UTF-8" in err and "Traceback" not in err
    assert out.splitlines() == ["QI: acceptable", "Z?A: not acceptable", "QI: acceptable"]
    assert "\\udcff" not in out and "\udcff" not in out


def test_a_long_line_is_never_echoed_whole(tmp_path):
    huge = "Q" * 2_000_000
    r = run(tmp_path, "judge", stdin=(huge + "\n").encode())
    assert len(r.stdout) < 200 and r.stdout.decode().endswith(": not acceptable\n")
    long_argument = "Q" * 30_000  # (a command line holds at most 32,767 characters on Windows)
    r = run(tmp_path, "--players", long_argument, stdin=b"")
    assert r.returncode == 2 and len(r.stderr) < 2000, r.stderr[:300]
    r = run(tmp_path, "--speech", long_argument, stdin=b"")
    assert r.returncode == 2 and len(r.stderr) < 2000
    r = run(tmp_path, "moves", "8D " + long_argument)
    assert r.returncode != 0 and len(r.stdout) + len(r.stderr) < 2000


def test_verify_of_a_file_that_is_not_utf8_is_no_crash(tmp_path):
    path = tmp_path / "latin.gcg"
    path.write_bytes((RECORDS / "partial_racks.gcg").read_text("utf-8").replace("doug", "c\xe9sar").encode("latin-1"))
    r = run(tmp_path, "verify", str(path), PYTHONIOENCODING="ascii")
    assert r.returncode == 0 and b"Traceback" not in r.stderr


# ------------------------------------------------------------ colour
class _Stream(io.StringIO):
    def __init__(self, tty: bool):
        super().__init__()
        self._tty = tty

    def isatty(self) -> bool:
        return self._tty


def test_the_large_print_board_is_coloured_only_on_a_terminal_without_no_color():
    assert largeprint.colour_wanted(_Stream(True), {}) is True
    assert largeprint.colour_wanted(_Stream(False), {}) is False
    assert largeprint.colour_wanted(_Stream(True), {"NO_COLOR": "1"}) is False
    assert largeprint.colour_wanted(_Stream(True), {"TERM": "dumb"}) is False
    assert largeprint.colour_wanted(None, {}) is False
    from audio_scrabble.core import Board

    plain = largeprint.board_lines(Board(), colour=largeprint.colour_wanted(_Stream(False), {}))
    assert not any("\x1b" in line for line in plain)


def test_no_command_prints_ansi_escapes_into_a_pipe(tmp_path):
    for args, stdin in (
        (["judge", "QI"], b""),
        (["verify", str(RECORDS / "unknown_racks.gcg")], b""),
        (["review", str(RECORDS / "unknown_racks.gcg")], b"next\nboard\nquit\n"),
        (["--players", "Ann,Bob", "--seed", "3"], b"\nrack\nquit\nyes\n"),
    ):
        r = run(tmp_path, *args, stdin=stdin)
        assert b"\x1b[" not in r.stdout and b"\x1b[" not in r.stderr, args


def test_show_prints_no_ansi_escapes_into_a_pipe(tmp_path):
    r = run(tmp_path, "--players", "Ann,Bob", "--seed", "3", stdin=b"\nshow\nquit\nyes\n")
    assert b"Large-print board shown" in r.stdout or b"2W" in r.stdout
    assert b"\x1b[" not in r.stdout
