"""The file commands (console/file_commands.py): ``export`` writes a record
that reads back and verifies, ``games`` says where games are kept."""

from __future__ import annotations

import subprocess
import sys

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.questions import ResumeQuestion
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.tiles import BLANK

from console_kit import AcceptAll, _first_two, ready, seed_where, session, snapshot
from refusal_corpus import joined


# ---------------------------------------------------------------- export and games
def _verify_cli(path) -> subprocess.CompletedProcess:
    import shutil
    import sys

    exe = shutil.which("audio-scrabble")
    argv = [exe] if exe else [sys.executable, "-m", "audio_scrabble"]
    return subprocess.run(argv + ["verify", str(path)], capture_output=True, text=True, timeout=60)


def test_export_writes_a_record_that_reads_back_and_verifies(tmp_path):
    from audio_scrabble.notation import read_gcg
    from audio_scrabble.notation.gcg import MoveKind
    from audio_scrabble.persistence import SaveStore

    seed = seed_where(lambda g: sum(t != BLANK for t in g.current_player.rack) >= 2)
    s = Session(Options(players="Alice,Bob", seed=seed), lexicon=services.WordSet(["QI"]),
                store=SaveStore(tmp_path / "saves"))
    s.start()
    g = s.game
    ready(s)
    s.handle_line(f"play 8H {_first_two(s)}")  # not in the list: challenged and taken back
    s.handle_line("challenge")
    ready(s)
    s.handle_line("exchange all")
    ready(s)
    s.handle_line(f"play 8H {_first_two(s)}")
    ready(s)
    s.handle_line("pass")
    before = snapshot(s)
    out = s.handle_line(f"export {tmp_path / 'mid'}")
    assert out == [f"Record saved: {tmp_path / 'mid.gcg'}"]
    assert snapshot(s) == before  # writing the record changes nothing
    record = read_gcg((tmp_path / "mid.gcg").read_bytes())
    assert [p.full_name for p in record.players] == list(g.names)
    kinds = [m.kind for m in record.moves]
    assert MoveKind.WITHDRAWN in kinds and MoveKind.EXCHANGE in kinds and MoveKind.PASS in kinds
    # two people at one computer: while the game goes on, no rack is told
    # beyond the tiles played, and no exchanged tile is named
    for m in record.moves:
        if m.kind is MoveKind.PLAY:
            assert sorted(m.rack) == sorted(c if c.isupper() else "?" for c in m.word if c.isalpha())
        elif m.kind is MoveKind.EXCHANGE:
            assert m.rack == "" and m.tiles == "" and m.count == 7
        elif m.kind is MoveKind.PASS:
            assert m.rack == ""
    assert record.moves[-1].total == g.scores()[g.names.index(record.moves[-1].nick)]
    done = _verify_cli(tmp_path / "mid.gcg")
    assert done.returncode == 0, done.stdout + done.stderr
    # export alone: a new file in the games folder each time
    first = s.handle_line("export")
    second = s.handle_line("export")
    assert first != second
    kept = sorted((tmp_path / "saves" / "games").glob("*.gcg"))
    assert len(kept) == 2 and all(len(x) <= 40 or x.startswith("Record saved: ") for x in first)
    # to the end, and the finished game exports and verifies too
    for _ in range(6):
        if g.is_over:
            break
        ready(s)
        s.handle_line("pass")
    assert g.is_over
    s.handle_line(f"export {tmp_path}")
    ends = [p for p in tmp_path.glob("*.gcg") if p.name != "mid.gcg"]
    assert len(ends) == 1
    final = read_gcg(ends[0].read_bytes())
    assert any(m.kind in (MoveKind.END_GAIN, MoveKind.END_LOSS) for m in final.moves)
    assert any(len(m.rack) == 7 for m in final.moves)  # the game is over: every rack is shown
    assert _verify_cli(ends[0]).returncode == 0


@pytest.mark.parametrize("where, reason", [
    ("{tmp}/no/such/folder/x.gcg", "no such file or directory"),
    ("{tmp}/afile/x.gcg", "not a directory"),
    ("{tmp}/bad\x00name", "not a usable file name"),
])
def test_export_to_an_unwritable_place_is_refused_in_one_sentence(tmp_path, where, reason):
    (tmp_path / "afile").write_text("a file, not a folder")
    s, _ = session()
    ready(s)
    before = snapshot(s)
    listing = sorted(p.name for p in tmp_path.iterdir())
    out = s.handle_line("export " + where.format(tmp=tmp_path))
    assert joined(out) == f"Cannot write there ({reason}); type export alone for your games folder."
    assert snapshot(s) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == listing


def test_games_says_where_games_are_kept(tmp_path, monkeypatch):
    from audio_scrabble.persistence import SaveStore

    s = Session(Options(players="Alice,Bob", seed=3), lexicon=AcceptAll(), store=SaveStore(tmp_path / "saves"))
    s.start()
    out = s.handle_line("games")
    assert out[0] == f"Games folder: {tmp_path / 'saves' / 'games'}"
    assert all(len(x) <= 40 for x in out[1:])
    assert 3 <= len(out) <= 6
    assert s.handle_line("files") == out
    assert "Say where your games are kept." == s.handle_line("help files")[0]
    # the home folder is said as ~
    monkeypatch.setenv("HOME", str(tmp_path))
    assert s.handle_line("games")[0] == "Games folder: ~/saves/games"
    # at the resume question, and before the game starts, during the questions
    r = Session(Options(seed=3), lexicon=AcceptAll(), store=SaveStore(tmp_path / "saves"))
    r.start()
    answer = r.handle_line("games")
    assert answer[0] == "Games folder: ~/saves/games"
    assert answer[-1] == "Resume it? Type yes or no." and isinstance(r.question, ResumeQuestion)
    q = Session(Options(seed=3), lexicon=AcceptAll(), store=SaveStore(tmp_path / "other"))
    q.start()
    answer = q.handle_line("games")
    assert answer[0] == "Games folder: ~/other/games" and q.setup.asking == "count"
    # without saving
    n = Session(Options(players="Alice,Bob", seed=3), lexicon=AcceptAll())
    n.start()
    assert n.handle_line("games")[0] == "Games are not saved this time."
