"""A game begun from a position is as reviewable and embossable as any other.

Such a game is kept as its save file (a GCG record has no starting board).
``audio-scrabble review FILE.json`` steps through it from the position's
board and scores, each turn beside the best play then as the game's own
``review`` judges and says it; ``emboss`` (in the game and on the command
line) writes its board, scores and moves, the start said as such. While
the game goes on, the racks nobody at the computer may hear stay out.

Real parts throughout: the real word list and expert, a real data folder,
the Session front, and the command line's ``main`` with piped input.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from audio_scrabble import cli
from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import SaveStore

from test_records import POS, lexicon  # noqa: F401  the same position and word list

pytestmark = [pytest.mark.skipif(not services.engine_available(), reason="the move engine is not installed"),
              # what the end-game search finds, the same on a loaded machine (conftest.py)
              pytest.mark.usefixtures("counted_search_clock")]

# POS: two club computers' game past the bag's end: you hold U F R, 438 to
# 407, against Q N I; FURO (G4 down, through the board's O) goes out; a
# pass instead lets the expert play Q through the board's I (QI, B2 down)


def _session(lexicon, folder: Path) -> Session:
    s = Session(Options(position=POS, players="Me,computer:expert", seed=7), lexicon=lexicon, store=SaveStore(folder))
    s.start()
    return s


def _main(args: list[str], stdin: str, monkeypatch, capsys) -> tuple[int, list[str], str]:
    """``audio-scrabble ARGS`` with ``stdin`` piped: exit code, lines printed, errors."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = cli.main(args)
    out = capsys.readouterr()
    return code, [line.strip() for line in out.out.splitlines()], out.err


def _brf_rows(path: Path) -> dict[int, str]:
    """The board's 15 rows in a .brf, by number: ``#D  I''7''F9'''7NO9`` -> 4: the 15 squares."""
    rows = {}
    for line in path.read_bytes().decode("ascii").replace("\f", "\r\n").split("\r\n"):
        if line.startswith("#") and line[1:3].strip().isalpha() and len(line) == 19:
            digits = "".join(str("JABCDEFGHI".index(c)) for c in line[1:3].strip())
            rows[int(digits)] = line[4:]
    return rows


def _finished(lexicon, folder: Path) -> tuple[Session, Path]:
    """The position played to its end (you go out with FURO), and its save in the games folder."""
    s = _session(lexicon, folder)
    s.handle_line("play G4 FURO")
    assert s.game.is_over
    kept = list((folder / "games").iterdir())
    assert [p.suffix for p in kept] == [".json"]
    return s, kept[0]


def test_a_finished_position_game_is_reviewed_from_its_save_file(lexicon, tmp_path, monkeypatch, capsys):
    s, kept = _finished(lexicon, tmp_path / "data")
    try:
        in_game = s.handle_line("review")
        # open on it now says how to review it
        assert s.handle_line("games") and s.handle_line("open 1") == ["That game is over; review it with:", "audio-scrabble review", f"{kept.name}"]
    finally:
        s._close_computers()
    code, out, err = _main(["review", str(kept)], "scores\nG4\n\nG4\nrack\n\n\n\n", monkeypatch, capsys)
    assert code == 0 and err == ""
    said = [line.split("> ", 1)[-1] for line in out]
    # the opening: the players by name and where the game began; then the
    # one person at the table of computers is "You", as in the game (was "Me")
    assert said[:3] == ["Saved game: Me and Expert computer.", "Begun from a position: You 438,", "Expert computer 407."]
    assert "3 moves." in said
    # before the first move: the position's scores and board (G4 still empty, the board's O on G7)
    at = said.index("Before the first move:")
    assert said[at + 1] == "You 438, Expert computer 407."
    assert said[at + 2].startswith("G4") and "F" not in said[at + 2]
    # move 1: the real play and its score from the position's totals, then the best play
    # by the in-game review's own measure and words
    m1 = said.index("Move 1 of 3.")
    assert said[m1 + 1:m1 + 4] == ["You played FURO, G4 down, 7.", "You 445, Expert computer 407.",
                                   "That was the best by end-game search."]  # issue 23: one form
    assert "That was the best by end-game search." in in_game
    assert said[m1 + 4].startswith("G4") and "F" in said[m1 + 4]  # the board after it
    # the end of the game from the racks kept, said as the game's own end says it, the final totals
    m3 = said.index("Move 3 of 3.")
    assert said[m3 + 1:m3 + 4] == ["Game end:", "Expert computer loses 12 points", "for I, N and Q."]
    assert "You 457, Expert computer 395." in said
    assert "Your rack before move 1:" in said
    end = said.index("That was the last move, 3 of 3.")
    assert said[end + 1:end + 4] == ["You missed 0 of spread", "in the end game,", "best play 1 of 1 turn."]
    assert "Turn 1, you played FURO," in in_game and not any(line.startswith("Me ") for line in said)
    assert all(len(line) <= 40 for line in said), [line for line in said if len(line) > 40]


def test_a_gcg_record_is_reviewed_with_every_player_by_name(tmp_path, monkeypatch, capsys):
    """A GCG record does not say who sat at the computer: its players are
    said by name, a "Me" too (a save's one person is "You": above)."""
    record = tmp_path / "me.gcg"
    record.write_text("#player1 Me Me\n#player2 Club Club computer\n"
                      ">Me: AEINRST H4 RETAINS +66 66\n>Club: ABCDEFG - +0 0\n", encoding="utf-8")
    code, out, err = _main(["review", str(record)], "\n\nhistory\nrack\n", monkeypatch, capsys)
    said = [line.split("> ", 1)[-1] for line in out]
    assert code == 0 and err == ""
    assert "Me played RETAINS, H4 down, 66." in said and "Me 66, Club 0." in said
    assert "1. Me: RETAINS, H4 down, 66." in said
    assert not any(line.startswith(("You", "Your")) for line in said), said


def test_emboss_of_a_position_game_in_the_game_and_from_its_save(lexicon, tmp_path, monkeypatch, capsys):
    folder = tmp_path / "data"
    s = _session(lexicon, folder)
    try:
        during = tmp_path / "during.brf"
        out = s.handle_line(f"emboss {during}")
        assert out[0].startswith("Braille file saved") and during.exists()
        s.handle_line("play G4 FURO")
        final = tmp_path / "final.brf"
        assert s.handle_line(f"emboss {final}")[0].startswith("Braille file saved")
    finally:
        s._close_computers()
    kept = next((folder / "games").iterdir())
    from_save = tmp_path / "from-save.brf"
    code, out, err = _main(["emboss", str(kept), "-o", str(from_save)], "", monkeypatch, capsys)
    assert code == 0 and err == "" and out == [f"Wrote {from_save}: 2 braille pages."]
    before, after = _brf_rows(during), _brf_rows(final)
    assert len(before) == 15 and len(after) == 15
    # the starting letters (V on O1, WO on N2-O2) on both boards; FURO's F on G4 only after it
    assert before[1][14] == after[1][14] == "V" and before[2][13:] == after[2][13:] == "WO"
    assert before[4][6] != "F" and after[4][6] == "F" and after[5][6] == "U" and after[6][6] == "R"
    # the start said as such, in ASCII braille (",BEGUN" is capital B: ',' is the capital sign)
    for path in (during, final):
        text = path.read_bytes().decode("ascii")
        assert ",BEGUN FROM A POSITION3 ,ME #DCH1" in text and ",EXPERT COMPUTER #DJG4" in text
    text = final.read_bytes().decode("ascii")
    assert ",FINAL BOARD" in text and ",G#D ,,FUR\"<,O\"> \"6#G #DDE" in text  # Me: G4 FUR(O) +7 445
    assert ",FINAL BOARD" not in during.read_bytes().decode("ascii")
    # from the save, the command line writes the same file as the game did at its end
    assert from_save.read_bytes() == final.read_bytes()


def test_an_unfinished_position_game_keeps_the_computers_rack_private(lexicon, tmp_path, monkeypatch, capsys):
    folder = tmp_path / "data"
    s = _session(lexicon, folder)
    save = folder / "current.json"
    code, out, err = _main(["review", str(save)], "", monkeypatch, capsys)
    assert (code, out, err.strip()) == (2, [], f"{save} holds no moves to review.")
    try:
        assert "Expert computer played QI, B2 down, 22." in s.handle_line("pass")  # Q through I: it keeps N I
    finally:
        s._close_computers()
    code, out, err = _main(["review", str(save)], "\n\nrack\nquit\n", monkeypatch, capsys)
    said = [line.split("> ", 1)[-1] for line in out]
    assert code == 0 and err == ""
    at = said.index("The game is not over;")  # no best plays while it goes on
    assert said[at + 1] == "best plays wait for its end."
    assert not any(line.startswith(("That was the best", "Best by")) for line in said)
    m2 = said.index("Move 2 of 2.")
    assert said[m2 + 1:m2 + 3] == ["Expert computer played QI, B2 down, 22.", "You 438, Expert computer 429."]
    # its rack shows only the tile it played: N and I, still on its rack, are nobody's to hear
    assert said[said.index("Expert computer's rack before move 2:") + 1] == "Q."
    brf = tmp_path / "now.brf"
    assert _main(["emboss", str(save), "-o", str(brf)], "", monkeypatch, capsys)[0] == 0
    assert ",BOARD" in brf.read_bytes().decode("ascii") and "INQ" not in brf.read_bytes().decode("ascii")
    assert s.game.players[1].rack and sorted(s.game.players[1].rack) == ["I", "N"]


@pytest.mark.parametrize("content, said", [
    (b"hello there\n", "bad.txt is neither a game record nor a saved game we can read: Line 1:"),
    (b'{"not": "a save"}\n', "bad.txt cannot be used because it is not a save file of audio_scrabble."),
])
def test_a_file_that_is_neither_is_refused_in_one_sentence(tmp_path, monkeypatch, capsys, content, said):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    for command in (["review", str(bad)], ["emboss", str(bad), "-o", str(tmp_path / "x.brf")]):
        code, out, err = _main(command, "", monkeypatch, capsys)
        assert code == 2 and out == [] and not (tmp_path / "x.brf").exists()
        sentence = " ".join(err.split())
        assert said in sentence and sentence.count(". ") == 0, sentence
