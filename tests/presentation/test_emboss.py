"""``audio-scrabble emboss``: real records to real .brf files."""

from __future__ import annotations

from audio_scrabble.cli import main
from audio_scrabble.core import Board, Square
from audio_scrabble.presentation.emboss import square_contents


def brf_pages(text: str) -> list[list[str]]:
    assert text.endswith("\f")
    return [page.split("\r\n")[:-1] if page.endswith("\r\n") else page.split("\r\n") for page in text.split("\f")[:-1]]


def test_every_shared_record_embosses_to_valid_pages(shared_gcg_dir, tmp_path, capsys):
    records = sorted(shared_gcg_dir.glob("*.gcg"))
    assert records
    for gcg in records:
        out = tmp_path / (gcg.stem + ".brf")
        assert main(["emboss", str(gcg), "-o", str(out)]) == 0, gcg.name
        text = out.read_bytes().decode("ascii")
        pages = brf_pages(text)
        assert pages
        for number, page in enumerate(pages, start=1):
            assert len(page) <= 25
            for line in page:
                assert len(line) <= 40, (gcg.name, line)
                assert all(0x20 <= ord(ch) <= 0x5F for ch in line), (gcg.name, line)
            # the page number (numeral sign + letters a-j) ends the last line
            assert page[-1].rstrip().endswith("#" + "".join("JABCDEFGHI"[int(d)] for d in str(number)))
        # the board's fifteen labelled rows are there, and the scores
        body = "\n".join("\n".join(p) for p in pages)
        assert body.count("\n#") >= 15 and ",SCORES" in body and ",MOVES" in body
    printed = capsys.readouterr().out
    assert printed.count("Wrote ") == len(records)


def test_emboss_refuses_a_file_that_is_not_gcg(tmp_path, capsys):
    bad = tmp_path / "bad.gcg"
    bad.write_text(">nobody without colon\n")
    assert main(["emboss", str(bad), "-o", str(tmp_path / "x.brf")]) == 2
    assert "bad.gcg" in capsys.readouterr().err
    assert main(["emboss", str(tmp_path / "missing.gcg")]) == 2


def test_square_contents_show_tiles_blanks_and_live_marks_only():
    b = Board()
    b.put(Square.parse("H8"), "a")
    b.put(Square.parse("D8"), "T")
    rows = square_contents(b)
    assert rows[7][7] == "a" and rows[7][3] == "T"
    assert rows[0][0] == "three bars" and rows[7][11] == "two dots" and rows[0][1] is None


def test_the_moves_name_the_players_as_the_scores_do(tmp_path, capsys):
    """Tester's finding: the scores read ``,CLUB COMPUTER #DEB`` but the
    moves ``,CLUB.-COMPUTER3``: the record's nickname (``Club_computer``,
    ``.-`` the underscore) in the moves. Both now name the player."""
    gcg = tmp_path / "game.gcg"
    gcg.write_text("#player1 Ann Ann\n#player2 Club_computer Club computer\n"
                   ">Ann: AEINRST 8D RETAINS +66 66\n>Club_computer: EQU H7 Q(I) +11 11\n")
    out = tmp_path / "game.brf"
    assert main(["emboss", str(gcg), "-o", str(out)]) == 0
    text = out.read_bytes().decode("ascii")
    assert ",CLUB COMPUTER #AA" in text  # the scores
    assert ',CLUB COMPUTER3 ,H#G ,Q"<,I"> "6#AA #AA' in text  # the move: Club computer: H7 Q(I) +11 11
    assert "CLUB.-COMPUTER" not in text
    assert ',ANN3 #H,D ,,RETAINS "6#FF #FF' in text
