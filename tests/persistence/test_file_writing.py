"""A player's own files are never replaced without asking (issue 24,
point 2): ``export`` and ``emboss`` to a name already there keep that
file as it was (its bytes, its permissions, a link stays a link) and
write to the next free name, saying both; ``replace`` after the name
writes over it, keeping its permissions (a private file stays private)
and following a link to its file. ``audio-scrabble emboss -o`` likewise,
``--replace`` for scripts. Two writers choosing the same name at once
never write one over the other.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import files
from refusal_corpus import joined

REPO = Path(__file__).resolve().parents[2]


class AcceptAll:
    def __contains__(self, word: object) -> bool:
        return True


def _session(tmp_path: Path, monkeypatch) -> Session:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("AUDIO_SCRABBLE_DATA_DIR", str(tmp_path / "data"))
    s = Session(Options(players="Alice,Bob", seed=5), lexicon=AcceptAll())
    s.start()
    return s


def _mine(path: Path, text: str = "my own notes\n", mode: int = 0o600) -> Path:
    path.write_text(text)
    os.chmod(path, mode)
    return path


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.mark.parametrize("command,head", [("export", "Record saved:"), ("emboss", "Braille file saved")])
def test_a_file_already_there_is_kept_and_the_new_one_takes_a_free_name(tmp_path, monkeypatch, command, head):
    s = _session(tmp_path, monkeypatch)
    notes = _mine(tmp_path / "notes.txt")
    out = s.handle_line(f"{command} notes.txt")
    text = joined(out)
    assert notes.read_text() == "my own notes\n" and _mode(notes) == 0o600
    assert (tmp_path / "notes-2.txt").is_file()
    assert text.startswith(head) and "notes-2.txt" in out[0]
    assert "notes.txt was there already and is kept; add replace after the name to write over it." in text
    assert all(len(line) <= 40 for line in out)
    s.handle_line(f"{command} notes.txt")  # and again: the next free name
    assert (tmp_path / "notes-3.txt").is_file() and notes.read_text() == "my own notes\n"


@pytest.mark.parametrize("command", ["export", "emboss"])
def test_a_link_is_not_replaced_by_a_file(tmp_path, monkeypatch, command):
    if not hasattr(os, "symlink"):
        pytest.skip("no symbolic links here")
    s = _session(tmp_path, monkeypatch)
    notes = _mine(tmp_path / "notes.txt")
    link = tmp_path / "game.gcg"
    link.symlink_to(notes.name)
    s.handle_line(f"{command} game.gcg")
    assert link.is_symlink() and os.readlink(link) == "notes.txt"
    assert notes.read_text() == "my own notes\n"
    assert (tmp_path / "game-2.gcg").is_file()


@pytest.mark.parametrize("command,start", [("export", "#character-encoding"), ("emboss", "")])
def test_replace_writes_over_it_keeping_its_permissions_and_its_link(tmp_path, monkeypatch, command, start):
    s = _session(tmp_path, monkeypatch)
    notes = _mine(tmp_path / "notes.txt")
    out = s.handle_line(f"{command} notes.txt replace")
    assert "notes.txt" in out[0] and "kept" not in joined(out)
    assert notes.read_text() != "my own notes\n" and notes.read_text().startswith(start)
    assert _mode(notes) == 0o600  # a private file stays private
    assert not (tmp_path / "notes-2.txt").exists()
    if hasattr(os, "symlink"):
        _mine(notes)
        link = tmp_path / "link.gcg"
        link.symlink_to(notes.name)
        s.handle_line(f"{command} link.gcg replace")
        assert link.is_symlink() and notes.read_text() != "my own notes\n" and _mode(notes) == 0o600


def test_a_file_named_replace_is_still_a_name(tmp_path, monkeypatch):
    s = _session(tmp_path, monkeypatch)
    s.handle_line("export replace")
    assert (tmp_path / "replace.gcg").is_file()


def _emboss_cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "audio_scrabble", "emboss", *args], capture_output=True,
                          text=True, timeout=120, cwd=cwd, env=env)


def test_the_emboss_command_keeps_an_output_already_there_unless_told_to_replace(tmp_path):
    record = tmp_path / "game.gcg"
    record.write_text("#player1 Ann Ann\n#player2 Bob Bob\n>Ann: AEINRST 8D TRAINS +16 16\n")
    out = _mine(tmp_path / "game.brf", "embossed by hand\n", 0o640)
    done = _emboss_cli([str(record)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert out.read_text() == "embossed by hand\n" and _mode(out) == 0o640
    assert (tmp_path / "game-2.brf").is_file()
    assert "game-2.brf" in done.stdout and "was there already and is kept" in done.stdout
    again = _emboss_cli([str(record), "-o", str(out), "--replace"], tmp_path)
    assert again.returncode == 0, again.stderr
    assert out.read_text() != "embossed by hand\n" and _mode(out) == 0o640


def test_two_writers_of_one_name_at_once_never_write_one_over_the_other(tmp_path):
    """The race behind issue 24's lost game, on the one primitive that
    places a new file: many threads write different bytes to one name at
    the same moment, many times; every one of them is on disk."""
    for round_ in range(30):
        folder = tmp_path / str(round_)
        folder.mkdir()
        barrier = threading.Barrier(6)
        written: list[Path] = []

        def write(k: int) -> None:
            barrier.wait()
            written.append(files.write_new(folder / "game.gcg", f"game {k}\n".encode(), files.SHARED))

        threads = [threading.Thread(target=write, args=(k,)) for k in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(set(written)) == 6
        assert sorted(p.read_text() for p in folder.iterdir()) == sorted(f"game {k}\n" for k in range(6))
