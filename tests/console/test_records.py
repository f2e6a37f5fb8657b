"""How a finished game is kept, and what the player is told of it.

A GCG record replays from an empty board with every total at 0, so it
cannot hold a game begun from a position (``--position``): such a game is
kept as a save file, the player is told so plainly at its end, and
``export`` (a GCG record) refuses it in one sentence, writing nothing. A record that cannot be written for another
reason is still kept as a save file, and said in lines of at most 40
characters like every saving notice.

Real parts throughout: the real word list and expert against a position
from a real game, a real data folder, and a word list whose file name
holds a line break (which a GCG record's ``#lexicon`` line cannot hold),
played through the Session front and through the prompt_toolkit console
over a pipe.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from audio_scrabble.console import services
from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import SaveStore, decode_save
from refusal_corpus import joined

pytestmark = [pytest.mark.skipif(not services.engine_available(), reason="the move engine is not installed"),
              # what the end-game search finds, the same on a loaded machine (conftest.py)
              pytest.mark.usefixtures("counted_search_clock")]

#: two club computers' game (seed 909) past the bag's end: you hold U F R,
#: 438 to 407, against Q N I; FURO (G4 down, through the board's O) goes out
POS = ("14V/13WO/CIVIC7ION/I11NO1/E8SLIDE1/n8MOTED1/A2JATO1WO2X2/GELADA1TOUGH3/A1I2DROPS5/S1B4U7/"
       "1TE1LiNGULAE3/1AR4H2MY3/1BA2FREAKIER2/1ET1EYES1INN3/PREZ3T7 UFR/QNI 438/407 0")

POSITION_KEPT = ["A game begun from a position is kept", "in the games folder as a save file:",
                 "a GCG record has no starting board."]
EXPORT_REFUSED = "A game begun from a position has no GCG record; games lists its save file."


@pytest.fixture(scope="module")
def lexicon():
    return services.load_lexicon(None)


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if p.is_file() and p.suffix in (".gcg", ".brf", ".json"))


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_a_game_begun_from_a_position_is_kept_as_a_save_file_and_said_so(lexicon, tmp_path: Path, verbosity):
    folder = tmp_path / "data"
    s = Session(Options(position=POS, players="Me,computer:expert", seed=7, verbosity=verbosity),
                lexicon=lexicon, store=SaveStore(folder))
    try:
        s.start()
        games = folder / "games"
        before = _files(folder)
        # export, to the games folder or to a file named: refused in one sentence, nothing written
        # (emboss is made from the game itself: tests/console/test_position_review.py)
        for line, refusal, brief in (("export", EXPORT_REFUSED, "A position game has no GCG record."),
                                     (f"export {tmp_path / 'mine.gcg'}", EXPORT_REFUSED, "A position game has no GCG record."),
                                     ("gcg", EXPORT_REFUSED, "A position game has no GCG record.")):
            out = s.handle_line(line)
            assert out == [brief] if verbosity == "brief" else joined(out) == refusal, (line, out)
        assert _files(folder) == before and not (tmp_path / "mine.gcg").exists() and not games.exists()

        out = s.handle_line("play G4 FURO")  # through the board's O: you go out, the expert accepts
        assert s.game.is_over
        at = out.index(POSITION_KEPT[0])
        assert out[at:at + 3] == POSITION_KEPT
        assert "Game record saved:" not in out
        assert all(len(x) <= 40 or x == out[at + 4] for x in out), out
        # kept as its save, named, which replays to the game as it ended (from the position's scores)
        kept = list(games.iterdir())
        assert [p.suffix for p in kept] == [".json"]
        assert out[at + 3:at + 5] == ["Save file:", kept[0].name]
        replayed = decode_save(kept[0].read_bytes()).replay(lexicon)
        assert replayed.scores() == s.game.scores() and replayed.scores()[0] > 438
        assert replayed.board.cells == s.game.board.cells

        # once over too, export refuses it; games lists it, and open says how to review it
        assert s.handle_line("export")[0].startswith("A position game" if verbosity == "brief" else "A game begun")
        assert [p.name for p in games.iterdir()] == [kept[0].name]
        listed = s.handle_line("games")
        assert "1 game on file:" in listed
        refused = s.handle_line("open 1")
        if verbosity != "brief":
            assert refused == ["That game is over; review it with:", "audio-scrabble review", f"{kept[0].name}"]
        else:  # short, the command kept (its save file reviews as a record does)
            assert refused == ["Finished: audio-scrabble review", kept[0].name]
    finally:
        s._close_computers()


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_an_ordinary_game_is_still_kept_as_its_gcg_record(tmp_path: Path, verbosity):
    """The same end, a game begun on an empty board: its record, said so
    and named as a save file is ("Game record saved:" / its bare name, on
    a line of its own, whole), except at brief, where it goes unsaid."""
    folder = tmp_path / "data"
    s = Session(Options(players="Alice,Bob", seed=5, verbosity=verbosity), lexicon=_AcceptAll(),
                store=SaveStore(folder))
    s.start()
    out: list[str] = []
    while not s.game.is_over:
        s.handle_line("")  # the hand-over
        out = s.handle_line("pass")
    kept = list((folder / "games").iterdir())
    assert [p.suffix for p in kept] == [".gcg"]
    assert not any("save file" in x.lower() for x in out)
    if verbosity == "brief":
        assert not any("record" in x.lower() or kept[0].name in x for x in out), out
    else:
        at = out.index("Game record saved:")
        assert out[at + 1] == kept[0].name, out
        assert all(len(x) <= 40 or x == kept[0].name for x in out), out
    assert " ".join(s.handle_line("export")).startswith("Record saved: ")


class _AcceptAll:
    def __contains__(self, word: object) -> bool:
        return True


# ------------------------------------------------------------ a record that cannot be written
def _unwritable_words(folder: Path) -> Path:
    """A word list whose file name holds a line break: the game plays on it,
    but a GCG record's #lexicon line cannot hold its name."""
    folder.mkdir(parents=True, exist_ok=True)
    words = folder / "club\nwords.txt"
    words.write_text("QI\nZA\nAA\n", encoding="utf-8")
    return words


GENUINE = ["The game is kept in the games folder", "as a save file, not a GCG record:",
           "the #lexicon pragma holds a line break;", "only notes may run over several lines."]


def test_a_record_that_cannot_be_written_is_said_in_lines_that_fit(tmp_path: Path):
    words = _unwritable_words(tmp_path / "lists")
    folder = tmp_path / "data"
    s = Session(Options(players="Me,computer:expert", seed=7, lexicon=str(words)), store=SaveStore(folder))
    try:
        s.start()
        out: list[str] = []
        while not s.game.is_over:
            out = s.handle_line("pass")
        at = out.index(GENUINE[0])
        assert out[at:at + 4] == GENUINE
        assert "Game record saved:" not in out
        kept = list((folder / "games").iterdir())
        assert [p.suffix for p in kept] == [".json"]
        assert out[at + 4:at + 6] == ["Save file:", kept[0].name]  # a name longer than 40 stays whole
        assert all(len(x) <= 40 or x == kept[0].name for x in out), [x for x in out if len(x) > 40]
    finally:
        s._close_computers()


@pytest.mark.parametrize("cells", [None, 40, 20])
def test_the_consoles_end_of_game_lines_fit_the_display(tmp_path: Path, cells):
    """Through the prompt_toolkit console over a pipe, at the default (lines
    of 40 characters at most) and on braille displays of 40 and 20 cells:
    the end of the game, which a computer's pass brings, and the record's
    notice, every line within the width."""
    words = _unwritable_words(tmp_path / "lists")
    folder = tmp_path / "data"
    s = Session(Options(players="Me,computer:expert", seed=7, lexicon=str(words), braille_width=cells),
                store=SaveStore(folder))
    speaker = services.ListSpeaker()
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        app = ConsoleApp(s, speaker, screen=io.StringIO())
        inp.send_text("pass\r" * 12 + "quit\r")
        assert app.run() == 0
    # the game to its end (the passes typed after it are refused, in a sentence each)
    heard = speaker.lines[:next(i for i, x in enumerate(speaker.lines) if x.startswith("Type new")) + 1]
    assert s.game.is_over and "Game over." in heard
    width = cells or 40
    name = next((folder / "games").iterdir()).name
    # without a display, the file's name (wider than 40) stays whole, to be copied
    assert all(len(x) <= width or (cells is None and x == name) for x in heard), [x for x in heard if len(x) > width]
    said = " ".join(heard)
    assert ("The game is kept in the games folder as a save file, not a GCG record: "
            "the #lexicon pragma holds a line break; only notes may run over several lines.") in said
    assert "Game record saved:" not in heard
    # the file named, on lines of its own, broken only after its own - _ . on a display
    at = heard.index("Save file:") + 1
    end = next((k for k in range(at, len(heard)) if "".join(heard[at:k + 1]) == name), None)
    assert end is not None, heard[at - 1:]
    assert all(x[-1] in "-_." for x in heard[at:end]), heard[at:end + 1]
