"""``audio-scrabble verify``: through the real command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from audio_scrabble.cli import main

REPO = Path(__file__).resolve().parents[2]
GCG_DIR = REPO.parent / "shared" / "gcg"
SHARED = sorted(GCG_DIR.glob("*.gcg")) if GCG_DIR.is_dir() else []
needs_shared = pytest.mark.skipif(not SHARED, reason=f"the shared GCG records are not at {GCG_DIR}")

GOOD = """#character-encoding UTF-8
#player1 doug Doug
#player2 emely Emely
>doug: DINNVWY 8D WINDY +32 32
>emely: ADEEGIL 7C GALE +16 16
>doug: AEJNOSV E3 JAVE..N +34 66
#note a note
>emely: DEILOVX F2 VOX +39 55
"""


def verify(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code = main(["verify", *argv])
    return code, capsys.readouterr().out.splitlines()


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@needs_shared
def test_every_shared_record_verifies_through_the_cli():
    proc = subprocess.run(
        [sys.executable, "-m", "audio_scrabble", "verify", *map(str, SHARED)],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    summaries = [line for line in lines if line.endswith(("agree", "agrees"))]
    assert len(summaries) == len(SHARED) + 1 and lines[-1] == f"All {len(SHARED)} records agree"
    assert all(": note: " in line or line in summaries for line in lines)
    assert proc.stderr == ""
    assert f"{GCG_DIR / 'josh2.gcg'}: 34 moves agree" in lines


def test_a_good_record(tmp_path, capsys):
    path = write(tmp_path, "good.gcg", GOOD)
    code, out = verify(capsys, path)
    assert (code, out) == (0, [f"{path}: 4 moves agree"])


def test_a_tampered_score_is_reported_with_its_line(tmp_path, capsys):
    path = write(tmp_path, "bad.gcg", GOOD.replace("GALE +16 16", "GALE +19 16"))
    code, out = verify(capsys, path)
    assert code == 1
    assert out == [f"{path}:5: recorded 19, computed 16", f"{path}: 1 of 4 moves differ"]


def test_a_tampered_total_is_reported(tmp_path, capsys):
    path = write(tmp_path, "bad.gcg", GOOD.replace("+34 66", "+34 67"))
    code, out = verify(capsys, path)
    assert code == 1
    assert out == [f"{path}:6: total recorded 67, computed 66", f"{path}: 1 of 4 moves differ"]


def test_an_illegal_play_is_reported_with_its_reason(tmp_path, capsys):
    path = write(tmp_path, "bad.gcg", GOOD.replace("8D WINDY", "8A WINDY"))
    code, out = verify(capsys, path)
    assert code == 1
    assert out[0] == f"{path}:4: The first word must cover the star, H8."
    assert out[-1].endswith("moves differ")


def test_a_rack_without_the_tiles_played_is_said_once_and_is_no_error(tmp_path, capsys):
    path = write(tmp_path, "rack.gcg", GOOD.replace("DINNVWY 8D", "DINNVWA 8D").replace("DEILOVX", "DEILOV"))
    code, out = verify(capsys, path)
    assert (code, out) == (0, [f"{path}:4: racks not checked: DINNVWA has no Y", f"{path}: 4 moves agree"])


RECORDS = REPO / "tests" / "records"


@pytest.mark.parametrize(
    "name, first_unchecked",
    [
        ("partial_racks.gcg", "5: racks not checked: WIN has no D"),
        ("unknown_racks.gcg", "5: racks not checked: rack UNKNOWN"),
        ("multiplayer_racks.gcg", "6: racks not checked: ABEQRST has no W"),
    ],
)
def test_records_with_racks_that_cannot_be_checked_verify(capsys, name, first_unchecked):
    """Annotated and multiplayer records (partial, unknown, or other racks): one line says
    the racks were not checked; scores and totals still are, and they agree."""
    path = str(RECORDS / name)
    code, out = verify(capsys, path)
    assert code == 0, out
    assert out[0] == f"{path}:{first_unchecked}"
    assert out[-1].endswith("moves agree") and len(out) == 2


@pytest.mark.parametrize("name", ["partial_racks.gcg", "unknown_racks.gcg", "multiplayer_racks.gcg"])
def test_unchecked_racks_still_have_their_scores_and_placements_checked(tmp_path, capsys, name):
    text = (RECORDS / name).read_text(encoding="utf-8")
    bad_score = write(tmp_path, "score.gcg", text.replace("GALE +16 16", "GALE +17 17"))
    code, out = verify(capsys, bad_score)
    assert code == 1 and any(line.endswith(": recorded 17, computed 16") for line in out)
    bad_total = write(tmp_path, "total.gcg", text.replace("+39 ", "+39 1"))
    code, out = verify(capsys, bad_total)
    assert code == 1 and any(": total recorded 1" in line for line in out)
    illegal = write(tmp_path, "illegal.gcg", text.replace("8D WINDY", "8A WINDY"))
    code, out = verify(capsys, illegal)
    assert code == 1 and any(line.endswith(": The first word must cover the star, H8.") for line in out)


def test_several_files_end_with_a_one_line_summary(tmp_path, capsys):
    good = write(tmp_path, "good.gcg", GOOD)
    bad = write(tmp_path, "bad.gcg", GOOD.replace("+39 55", "+38 54"))
    code, out = verify(capsys, good, good, good)
    assert code == 0 and out[-1] == "All 3 records agree"
    code, out = verify(capsys, good, bad, str(tmp_path / "none.gcg"))
    assert code == 2 and out[-1] == "1 of 3 records agree, 1 differ, 1 unreadable"


def test_a_malformed_file_exits_2_naming_the_line(tmp_path, capsys):
    path = write(tmp_path, "broken.gcg", GOOD.replace(">emely: ADEEGIL 7C GALE +16 16", ">emely: ADEEGIL 7C GALE 16"))
    code = main(["verify", path])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert captured.err.splitlines() == [
        f"{path}: Line 5: the score is missing (found 16); write it with its sign, like +24."
    ]


def test_a_missing_file_exits_2_saying_so_on_stderr(tmp_path, capsys):
    path = str(tmp_path / "nothing.gcg")
    code = main(["verify", path])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == "" and captured.err.startswith(f"{path}: cannot be read")


def test_every_file_is_checked_and_the_worst_status_wins(tmp_path, capsys):
    good = write(tmp_path, "good.gcg", GOOD)
    bad = write(tmp_path, "bad.gcg", GOOD.replace("+39 55", "+38 54"))
    broken = write(tmp_path, "broken.gcg", "#player1 a\n#player1 b\n")
    code, out = verify(capsys, bad, good)
    assert code == 1 and f"{good}: 4 moves agree" in out and f"{bad}:8: recorded 38, computed 39" in out
    code, out = verify(capsys, broken, bad, good)
    assert code == 2 and len([line for line in out if line.endswith(("agree", "differ"))]) == 2
    assert out[-1] == "1 of 3 records agree, 1 differ, 1 unreadable"


def test_latin1_file_without_pragma_and_encoding_note(tmp_path, capsys):
    path = tmp_path / "latin.gcg"
    path.write_bytes(GOOD.replace("#character-encoding UTF-8\n", "").replace("doug", "céleste").encode("latin-1"))
    code, out = verify(capsys, str(path))
    assert (code, out) == (0, [f"{path}: 4 moves agree"])
    path.write_bytes(GOOD.replace("UTF-8", "ISO8859-6").replace("doug", "céleste").encode("utf-8"))
    code, out = verify(capsys, str(path))
    assert code == 0
    assert out[0] == f"{path}:1: note: the encoding ISO8859-6 does not fit the file's bytes; read as UTF-8."


def test_lines_are_short_for_braille_displays(tmp_path, capsys):
    path = write(tmp_path, "g.gcg", GOOD.replace("+39 55", "+38 54"))
    _, out = verify(capsys, path)
    assert all(len(line) - len(path) <= 40 for line in out)


def test_word_list_option(tmp_path, capsys):
    pytest.importorskip("audio_scrabble.lexicon")
    words = tmp_path / "words.txt"
    words.write_text("WINDY\nGALE\nJAVELIN\nVOX\nOX\n", encoding="utf-8")
    path = write(tmp_path, "good.gcg", GOOD)
    code, out = verify(capsys, path, "--lexicon", str(words))
    assert code == 1, out
    assert f"{path}:5: AW, LI, EN are not in the word list." in out  # GALE's cross words
    assert f"{path}:8: JO, AX are not in the word list." in out
    missing = str(tmp_path / "none.txt")
    code = main(["verify", path, "--lexicon", missing])
    assert code == 2 and capsys.readouterr().err.startswith(f"{missing}:")
