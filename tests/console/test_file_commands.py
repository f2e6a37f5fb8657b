"""The file commands (console/handlers/file_commands.py): ``export`` writes a record
that reads back and verifies, ``games`` says where games are kept."""

from __future__ import annotations

import copy
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.asking.questions import ResumeQuestion
from audio_scrabble.console.session import Options, Session, NEW
from audio_scrabble.core.tiles import BLANK
from audio_scrabble.persistence import DATA_DIR_ENV, decode_save
from audio_scrabble.presentation import prompts_saving
from audio_scrabble.presentation.brf import brf_pages

from braille_kit import AcceptAll as AcceptAll_braille, check_wrapping, single_tile_line, watch
from console_kit import AcceptAll, _first_two, ready, seed_where, session, snapshot
from refusal_corpus import joined
from saving_kit import pass_turn, said, stored


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
    assert out == ["Record saved:", f"{tmp_path / 'mid.gcg'}"]  # the path whole on its own line
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
    assert len(kept) == 2 and all(len(x) <= 40 or x in map(str, kept) for x in first)
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
    assert out[:2] == ["Games folder:", f"{tmp_path / 'saves' / 'games'}"]  # the path whole on its line
    assert all(len(x) <= 40 for x in out[2:])
    assert 4 <= len(out) <= 7
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


# ====================================================================== emboss
def test_emboss_writes_a_valid_brf_of_the_game_in_progress(tmp_path):
    from audio_scrabble.persistence import SaveStore

    store = SaveStore(tmp_path / "saves")
    s = Session(Options(players="Alice,Bob", seed=5), lexicon=AcceptAll_braille(), store=store)
    s.start()
    s.handle_line("")
    s.handle_line(single_tile_line(s.game))
    s.handle_line("")
    s.handle_line("exchange all")
    out = s.handle_line("emboss")
    assert out[0] == "Braille file saved, 2 pages:" and len(out) == 2  # the path whole on the next line
    path = Path(out[1])
    assert path.parent == store.games_dir and path.suffix == ".brf"
    assert path.name.endswith("-Alice-v-Bob.brf")
    text = path.read_bytes().decode("ascii")
    pages = brf_pages(text)
    assert 1 <= len(pages)
    for page in pages:
        assert len(page) <= 25
        for line in page:
            assert len(line) <= 40 and all(0x20 <= ord(c) <= 0x5F for c in line), line
    body = "\n".join("\n".join(p) for p in pages)
    assert "\n                 ,BOARD\n" in body and ",FINAL" not in body  # "Board", not "Final board"
    # an exchange while the game goes on is written as a count, not the tiles
    assert ",BOB3 EXCHANGE #G " in body
    # a second emboss does not overwrite the first
    again = s.handle_line("emboss")
    assert Path(" ".join(again).split(": ", 1)[1]) != path


def test_emboss_to_a_folder_or_a_bare_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = Session(Options(players="Alice,Bob", seed=5), lexicon=AcceptAll_braille())
    s.start()
    out = s.handle_line(f"emboss {tmp_path}")
    written = Path(" ".join(out).split(": ", 1)[1])
    assert written.parent == tmp_path and written.suffix == ".brf"
    out = s.handle_line("emboss mygame")
    assert (tmp_path / "mygame.brf").is_file()
    assert out[-1].endswith("mygame.brf")


def test_emboss_without_a_store_uses_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("AUDIO_SCRABBLE_DATA_DIR", str(tmp_path / "data"))
    s = Session(Options(players="Alice,Bob", seed=5), lexicon=AcceptAll_braille())
    s.start()
    out = s.handle_line("emboss")
    assert Path(" ".join(out).split(": ", 1)[1]).parent == tmp_path / "data" / "games"


def test_emboss_refuses_an_unwritable_path_and_changes_nothing(tmp_path):
    s = Session(Options(players="Alice,Bob", seed=5), lexicon=AcceptAll_braille())
    s.start()
    s.handle_line("")
    before = (copy.deepcopy(s.game.actions), s.game.board.rows_text(), s.out.last_reply)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for target in (tmp_path / "missing" / "x.brf", blocker / "x.brf", "bad\x00name"):
        out = s.handle_line(f"emboss {target}")
        assert joined(out).endswith("type emboss alone to save it in your games folder.")
        assert joined(out).count(";") == 1 and joined(out).count(".") == 1
    assert (copy.deepcopy(s.game.actions), s.game.board.rows_text()) == before[:2]
    assert not (tmp_path / "missing").exists()


def test_emboss_says_a_long_path_in_pieces_that_fit(tmp_path, watch):
    deep = tmp_path / "a-rather-long-folder-name" / "and_another_one"
    deep.mkdir(parents=True)
    s = Session(Options(players="Alice,Bob", seed=5, braille_width=20), lexicon=AcceptAll_braille())
    s.start()
    out = s.handle_line(f"emboss {deep}")
    assert out[0] == "Braille file saved,"
    assert all(len(x) <= 20 for x in out)
    path = "".join(out[2:])
    assert Path(path).is_file() and Path(path).parent == deep
    check_wrapping(watch, 20)


def test_emboss_before_the_game_starts_is_refused():
    from audio_scrabble.console.handlers.commands import dispatch
    from audio_scrabble.errors import ActionNotAllowed

    s = Session(Options(seed=5), lexicon=AcceptAll_braille())
    s.start()
    with pytest.raises(ActionNotAllowed, match="The game has not started yet"):
        dispatch(s, "emboss")


# ====================================================================== games and open
def _finished_game(folder: Path) -> None:
    s, _ = stored(folder, players="Eve,Fay", seed=7)
    for _ in range(4):
        out = pass_turn(s)
    record = next((folder / "games").glob("*.gcg"))
    assert out[out.index("Game record saved:") + 1] == record.name


@pytest.mark.parametrize("names, scores, said", [
    (["Ann", "Bob"], [457, 395], "Ann won 457 to 395."),
    (["Ann", "Bob"], [300, 300], "A tie, 300 each."),
    (["Ann", "Bob", "Cy"], [280, 312, 200], "Bob won with 312: Ann 280, Cy 200."),
    (["Ann", "Bob", "Cy"], [300, 300, 200], "Ann and Bob tied on 300: Cy 200."),
])
def test_a_finished_games_result_is_said_winner_first(names, scores, said) -> None:
    assert prompts_saving.final_result(names, scores) == said


def test_games_lists_every_game_on_file_and_open_resumes_any_unfinished_one(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    _finished_game(folder)
    first, _ = stored(folder, players="Alice,Bob", seed=3)
    pass_turn(first)
    second, lines = stored(folder, players="Carol,Dan", seed=4, saved_game=NEW)
    assert "Game put away: Alice and Bob." in lines
    pass_turn(second)
    out = second.handle_line("games")
    text = said(out)
    assert out[:2] == ["Games folder:", f"{folder / 'games'}"]
    assert "3 games on file:" in out
    assert re.search(r"1\. In play: Carol and Dan, \d+ \w+ \d{4}: Carol 0, Dan 0\.", text), text
    assert re.search(r"2\. Put away: Alice and Bob, \d+ \w+ \d{4}: Alice 0, Bob 0\.", text), text
    # a finished game with its result, read from its GCG record (both passed twice: racks counted off)
    assert re.search(r"3\. Finished: Eve and Fay, \d+ \w+ \d{4}: Eve won -13 to -14\.", text), text
    assert out[-1] == "Type open and a number to resume one."
    assert all(len(x) <= 40 for x in out[2:])
    # refusals, each one sentence, and nothing changes
    assert joined(second.handle_line("open")) == prompts_saving.OPEN_WHICH
    assert joined(second.handle_line("open 9")) == "Games are numbered 1 to 3; type games to hear them."
    assert joined(second.handle_line("open 1")) == prompts_saving.in_play_already(1)  # with what to do instead
    assert second.handle_line("open 3")[0] == "That game is over; review it with:"
    assert second.game.names == ("Carol", "Dan")
    # open 2: the game in play is put away, the other resumed as it was left
    out = second.handle_line("open 2")
    assert "Game put away: Carol and Dan." in out
    assert "Resumed. House rules (RNIB leaflet)." in out
    assert second.game.names == ("Alice", "Bob") and len(second.game.actions) == 1
    assert decode_save(second.store.current_path.read_bytes()).summary.names == ("Alice", "Bob")
    text = said(second.handle_line("games"))
    assert "1. In play: Alice and Bob," in text and "2. Put away: Carol and Dan," in text
    assert "3. Finished: Eve and Fay," in text
    # and it plays on, and is saved
    pass_turn(second)
    assert len(decode_save(second.store.current_path.read_bytes()).actions) == 2


@pytest.mark.parametrize("verbosity", ["normal", "brief"])
def test_open_after_open_does_not_use_the_list_heard_before(tmp_path: Path, verbosity) -> None:
    """Once one open N had run, the next used the games list heard before
    it, whose files had moved: "cannot be read (no such file or
    directory)". The number is the game the player heard as N, so a list
    no longer true is refused, saying to type games again; nothing changes;
    the list heard again, open N opens the game heard as N."""
    folder = tmp_path / "saves"
    first, _ = stored(folder, players="Alice,Bob", seed=3)
    pass_turn(first)
    second, lines = stored(folder, players="Carol,Dan", seed=4, saved_game=NEW, verbosity=verbosity)
    assert "Game put away: Alice and Bob." in lines
    pass_turn(second)
    assert "2. Put away: Alice and Bob," in said(second.handle_line("games"))
    out = second.handle_line("open 2")
    assert "Game put away: Carol and Dan." in out and second.game.names == ("Alice", "Bob")
    # open's answer said the number back to the game put away (newcomer3): that list is the one heard
    assert "To resume it, type open 2." in out
    out = second.handle_line("open 2")
    assert "Game put away: Alice and Bob." in out and second.game.names == ("Carol", "Dan")
    assert len(second.game.actions) == 1
    second.handle_line("new")  # a game put away: said with the number back to it (newcomer 7)
    back = next(x for x in second.handle_line("yes") if x.startswith("To resume it, type open "))
    assert f"{back.split()[-1].rstrip('.')}. Put away: Carol and Dan," in said(second.handle_line("games"))
    away = next((folder / "games").glob("*Carol-v-Dan.unfinished.json"))
    (folder / "games" / ("2099-" + away.name[5:])).write_bytes(away.read_bytes())  # a game on file since
    before = (second.game.names, list(second.game.actions), sorted(p.name for p in folder.rglob("*")))
    out = second.handle_line("open 2")  # the list heard before: the games on file have changed
    if verbosity == "brief":
        assert out == ["Games changed; type games again."]
    else:
        assert joined(out) == prompts_saving.GAMES_CHANGED and all(len(x) <= 40 for x in out), out
    assert not any("cannot be read" in x for x in out)
    assert (second.game.names, list(second.game.actions), sorted(p.name for p in folder.rglob("*"))) == before
    # games again: the list as it is now, and open N opens the game heard as N
    listed = second.handle_line("games")
    n = next(x.split(".")[0] for x in listed if x.split(".")[0].isdigit() and "Put away: Alice and Bob," in x)
    out = second.handle_line(f"open {n}")
    assert "Game put away: Carol and Dan." in out and second.game.names == ("Alice", "Bob")


def test_the_review_command_open_gives_works_from_any_folder(tmp_path: Path, monkeypatch, capsys) -> None:
    """open N on a finished game says the command, on a line of its own;
    typed as said from another folder, review and emboss find the bare
    name in the games folder; a name found nowhere is refused naming both
    places looked."""
    from audio_scrabble import cli

    folder = tmp_path / "data"
    _finished_game(folder)
    s, _ = stored(folder, players="Carol,Dan", seed=4)
    s.handle_line("games")
    said = s.handle_line("open 2")
    kept = next((folder / "games").glob("*-Eve-v-Fay.gcg"))
    assert said == ["That game is over; review it with:", "audio-scrabble review", f"{kept.name}"]
    s.store.release()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    monkeypatch.setattr(sys, "stdin", io.StringIO("scores\n"))
    command = " ".join(said[1:]).split()  # the command as shown, the name on its own line
    assert command[0] == "audio-scrabble"
    assert cli.main(command[1:]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "Eve" in out and "Fay" in out
    assert cli.main(["emboss", kept.name]) == 0
    out, err = capsys.readouterr()
    brf = kept.with_suffix(".brf")
    assert err == "" and brf.exists() and out.strip() == f"Wrote {brf}: 2 braille pages."
    # found nowhere: one sentence naming both places
    for words in (["review", "nosuch.gcg"], ["emboss", "nosuch.gcg"]):
        assert cli.main(words) == 2
        out, err = capsys.readouterr()
        assert out == "" and " ".join(err.split()) == (
            f"No file nosuch.gcg here ({elsewhere}) or in your games folder ({folder / 'games'}); check the name.")
    # a file of that name where the player is comes first; a path is taken as given
    (elsewhere / kept.name).write_text("not a record\n")
    assert cli.main(["review", kept.name]) == 2
    assert f"{kept.name} is neither a game record" in capsys.readouterr().err
    assert cli.main(["review", f"sub/{kept.name}"]) == 2
    assert "No such file" in capsys.readouterr().err


@pytest.mark.parametrize("width", [None, 20])
def test_at_brief_open_on_a_finished_game_still_gives_its_review_command(tmp_path: Path, monkeypatch, capsys,
                                                                         width) -> None:
    """At brief verbosity open N on a finished game said only "That game is
    finished.", losing the command to review it: it is kept, short, the
    name whole on a line of its own, and typed as said it reviews the game."""
    from audio_scrabble import cli

    folder = tmp_path / "data"
    _finished_game(folder)
    s, _ = stored(folder, players="Carol,Dan", seed=4, verbosity="brief", braille_width=width)
    s.handle_line("games")
    before = (s.game.names, list(s.game.actions))
    said = s.handle_line("open 2")
    name = next((folder / "games").glob("*-Eve-v-Fay.gcg")).name
    assert (s.game.names, list(s.game.actions)) == before
    if width is None:
        assert said == ["Finished: audio-scrabble review", name]
    else:
        at = next(k for k, x in enumerate(said) if x.startswith("audio-scrabble"))
        assert " ".join(said[:at]) == "Finished:"
        start = next(k for k in range(at, len(said)) if name.startswith(said[k]))
        assert " ".join(said[at:start]) == "audio-scrabble review" and "".join(said[start:]) == name, said
    s.store.release()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    monkeypatch.setattr(sys, "stdin", io.StringIO("scores\n"))
    assert cli.main(["review", name]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "Eve" in out and "Fay" in out


@pytest.mark.parametrize("width", [14, 20, 27, 40])
def test_the_review_command_stays_copyable_on_a_braille_display(tmp_path: Path, width: int) -> None:
    """At any width, the command starts a line after the sentence, the name
    starts a line after the command, and the name is broken only after its
    own - _ . (no hyphen added, no full stop after it)."""
    folder = tmp_path / "data"
    _finished_game(folder)
    s, _ = stored(folder, players="Carol,Dan", seed=4, braille_width=width)
    s.handle_line("games")
    said = s.handle_line("open 2")
    name = next((folder / "games").glob("*-Eve-v-Fay.gcg")).name
    assert all(len(x) <= width for x in said), said
    at = next(k for k, x in enumerate(said) if x.startswith("audio-scrabble"))
    assert " ".join(said[:at]) == "That game is over; review it with:"
    start = next(k for k in range(at, len(said)) if name.startswith(said[k]))
    assert " ".join(said[at:start]) == "audio-scrabble review"
    assert "".join(said[start:]) == name, said
    assert all(x[-1] in "-_." for x in said[start:-1]), said


def test_a_file_name_longer_than_a_line_stands_whole_in_a_refusal(tmp_path):
    """A file's name longer than a line is never broken inside (it is
    copied whole): it stands on a line of its own, the rest of the refusal
    in lines of at most 40 characters; nothing else said, nothing changed."""
    from audio_scrabble.persistence import SaveStore

    s = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]),
                store=SaveStore(tmp_path / "saves"))
    s.start()
    s.handle_line("")
    name = "2026-11-26-203257-Bartholomew-v-Christabella.gcg"
    (tmp_path / "saves" / "games").mkdir()
    (tmp_path / "saves" / "games" / name).write_text("#player1 B Bartholomew\n#player2 C Christabella\n")
    assert "Bartholomew and Christabella," in s.handle_line("games")
    before = (s.game.board.rows_text(), list(s.game.actions), s.playing().rack_of(0))
    out = s.handle_line("open 2")
    assert out == ["That game is over; review it with:", "audio-scrabble review", name]
    assert (s.game.board.rows_text(), list(s.game.actions), s.playing().rack_of(0)) == before


# ---------------------------------------------------------------- issue 11 finding 13, and leaving cleanly
def _two_games_on_file(tmp_path):
    """Alice and Bob put away, Carol and Dan left unfinished: the store's folder."""
    from audio_scrabble.persistence import SaveStore
    from audio_scrabble.console.options import NEW

    folder = tmp_path / "saves"
    for players, seed, saved in (("Alice,Bob", 3, None), ("Carol,Dan", 4, NEW)):
        s = Session(Options(players=players, seed=seed, saved_game=saved), lexicon=services.WordSet(["QI"]),
                    store=SaveStore(folder))
        s.start()
        s.handle_line("")
        s.handle_line("pass")
        s.handle_line("quit")
        s.handle_line("yes")
    return folder


def test_open_n_works_at_the_resume_question_and_at_the_set_up(tmp_path):
    """Finding 13: a put-away game could be listed but not opened before a game began."""
    from audio_scrabble.persistence import SaveStore

    folder = _two_games_on_file(tmp_path)
    s = Session(Options(), lexicon=services.WordSet(["QI"]), store=SaveStore(folder))
    assert s.start()[-1] == "Resume it? Type yes or no."
    listing = " ".join(s.handle_line("games"))
    assert "1. Unfinished: Carol and Dan," in listing and "2. Put away: Alice and Bob," in listing
    out = s.handle_line("open 9")
    assert joined(out[:-1]) == "Games are numbered 1 to 2; type games to hear them."
    assert out[-1] == "Resume it? Type yes or no."
    out = s.handle_line("open 2")
    assert "Game put away: Carol and Dan." in out and "Resumed. House rules (RNIB leaflet)." in out
    assert s.game.names == ("Alice", "Bob") and s.question is None
    s.handle_line("quit")
    s.handle_line("yes")
    # at the set-up, after saying no to the offer
    s = Session(Options(), lexicon=services.WordSet(["QI"]), store=SaveStore(folder))
    s.start()
    assert s.handle_line("no")[-1] == "Press Enter for 2."
    assert s.handle_line("open")[-1] == "Press Enter for 2."  # refused, the question again
    s.handle_line("games")
    out = s.handle_line("open 2")
    assert "Resumed. House rules (RNIB leaflet)." in out and s.game.names == ("Carol", "Dan")
    # and this window's own game, by its number, at the resume question
    s.handle_line("quit")
    s.handle_line("yes")
    s = Session(Options(), lexicon=services.WordSet(["QI"]), store=SaveStore(folder))
    s.start()
    assert "Resumed." in " ".join(s.handle_line("open 1")) and s.game.names == ("Carol", "Dan")


def test_a_game_on_file_with_long_names_is_listed_without_breaking_a_name_or_a_score():
    from datetime import datetime

    from audio_scrabble.presentation import prompts_saving

    lines = prompts_saving.game_entry_line(2, ["Bartholomew Jones", "Christabel Smith"], "put away",
                                           datetime(2026, 11, 21), [10, 200])
    assert lines == ["2. Put away:", "Bartholomew Jones and Christabel Smith,", "21 Nov 2026:",  # "and" kept (newcomer 8)
                     "Bartholomew Jones 10,", "Christabel Smith 200."]
    assert prompts_saving.put_away_line(["Bartholomew Jones", "Christabel Smith", "Max Ortega"]) == [
        "Game put away:", "Bartholomew Jones,", "Christabel Smith and Max Ortega."]  # the "and" kept (newcomer 8)
    offer = prompts_saving.resume_offer_lines(["Bartholomew Jones", "Christabel Smith"], [1, 2], "Christabel Smith",
                                              False)
    assert offer[:2] == ["An unfinished game:", "Bartholomew Jones 1, Christabel Smith 2."]
