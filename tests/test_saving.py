"""Saving at the edges (issue 13): two games on one data folder, every
game on file within reach, a word list that moved, a disk that refuses,
and the permissions of the files the game writes.

Real parts throughout: real ``audio-scrabble`` processes over pipes on one
``XDG_DATA_HOME``, real Sessions on real folders, and real refusals from
the operating system (a folder replaced by a file, a file-size limit).
"""

from __future__ import annotations

import io
import os
import queue
import re
import shutil
import stat
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import NEW, RESUME, Options, Session
from audio_scrabble.core import Game, rules_named
from audio_scrabble.errors import ScrabbleError
from audio_scrabble.notation import read_gcg
from audio_scrabble.persistence import (
    DATA_DIR_ENV,
    Kind,
    SaveStore,
    TableState,
    WordListRef,
    decode_save,
    export_record,
)
from audio_scrabble.presentation import prompts_saving
from refusal_corpus import joined

REPO = Path(__file__).resolve().parent.parent
TIMEOUT = 30.0


class AcceptAll:
    def __contains__(self, word: object) -> bool:
        return True


def said(lines: list[str]) -> str:
    return " ".join(lines)


def stored(folder: Path, **opts) -> tuple[Session, list[str]]:
    opts.setdefault("players", "Alice,Bob")
    opts.setdefault("seed", 5)
    s = Session(Options(**opts), lexicon=opts.pop("_lexicon", None) or AcceptAll(), store=SaveStore(folder))
    return s, s.start()


def pass_turn(s: Session) -> list[str]:
    s.handle_line("")  # the hand-over: two people at one computer
    return s.handle_line("pass")


def exchange_turn(s: Session) -> list[str]:
    """A turn that never ends the game (passes do, after two rounds)."""
    s.handle_line("")
    return s.handle_line("exchange " + s.playing().rack_of(s.game.current)[0])


# ====================================================================== two processes
def _command() -> list[str]:
    exe = shutil.which("audio-scrabble")
    return [exe] if exe else [sys.executable, "-m", "audio_scrabble"]


class Player:
    """``audio-scrabble`` over pipes (the plain-lines front), read line by line."""

    def __init__(self, args: list[str], env: dict[str, str], cwd: Path):
        self.proc = subprocess.Popen(
            _command() + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            env=env, cwd=cwd, text=True, encoding="utf-8", bufsize=1,
        )
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.mark = 0

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def wait_for(self, pattern: str, timeout: float = TIMEOUT) -> str:
        """The first line printed since the last thing typed that matches."""
        regex = re.compile(pattern)
        end = time.monotonic() + timeout
        while True:
            for line in self.lines[self.mark:]:
                if regex.search(line):
                    return line
            try:
                line = self._queue.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                line = None
            if line is None and (time.monotonic() > end or self.proc.poll() is not None) and self._queue.empty():
                raise AssertionError(f"{pattern!r} was not printed; the game printed:\n" + "\n".join(self.lines))
            if line is not None:
                self.lines.append(line)

    def type(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.mark = len(self.lines)
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def finish(self) -> str:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=TIMEOUT)
        while True:
            try:
                line = self._queue.get(timeout=5)
            except queue.Empty:
                break
            if line is None:
                break
            self.lines.append(line)
        return "\n".join(self.lines)


def _env(xdg: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != DATA_DIR_ENV}
    env["XDG_DATA_HOME"] = str(xdg)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("NO_COLOR", None)
    return env


def _pass(p: Player) -> None:
    p.type("")  # press Enter: the rack
    p.wait_for(r"Your rack|rack:|^[A-Z?](, [A-Z?])*")
    p.type("pass")
    p.wait_for(r"passed\.")


@pytest.mark.skipif(sys.platform.startswith("win"), reason="XDG_DATA_HOME is a Linux convention")
def test_two_games_at_once_on_one_data_folder_keep_each_their_own_save(tmp_path: Path) -> None:
    """Before: the second game's first save filed the first game away as
    'unfinished', and each later save of either filed the other away again."""
    xdg = tmp_path / "xdg"
    env = _env(xdg)
    folder = xdg / "audio_scrabble"
    first = Player(["--players", "Alice,Bob", "--seed", "3"], env, tmp_path)
    first.wait_for(r"press Enter")
    second = Player(["--players", "Carol,Dan", "--seed", "4"], env, tmp_path)
    second.wait_for(r"press Enter")
    for _ in range(2):
        _pass(first)
        _pass(second)
    first.type("quit")
    first.type("yes")
    one = first.finish()
    _pass(second)  # the second goes on after the first has left
    second.type("quit")
    second.type("yes")
    two = second.finish()
    # the second window said, once and in one sentence, what is going on and what to do
    assert "Another window" not in one
    flat = " ".join(two.split("\n"))
    assert flat.count(prompts_saving.ANOTHER_WINDOW) == 1
    for out in (one, two):
        assert "kept as games/" not in out and "put away" not in out, out
        assert "Goodbye. The game is saved;" in out
    # each game is whole in its own slot; nothing was filed away
    mine = decode_save((folder / "current.json").read_bytes())
    theirs = decode_save((folder / "current-2.json").read_bytes())
    assert mine.summary.names == ("Alice", "Bob") and len(mine.actions) == 2
    assert theirs.summary.names == ("Carol", "Dan") and len(theirs.actions) == 3
    assert not list((folder / "games").glob("*")) if (folder / "games").exists() else True
    # a later start offers the game left last (the second window's: issue 23
    # item 12, was the first slot's), and games lists both, numbered
    third = Player([], env, tmp_path)
    third.wait_for(r"Resume it\? Type yes or no\.")
    assert "An unfinished game of Carol and Dan:" in third.lines
    third.type("games")
    third.wait_for(r"Type open and a number")
    listed = " ".join(third.lines[third.mark:])
    assert "1. Alice and Bob, unfinished" in listed and "2. Carol and Dan, unfinished" in listed
    third.type("quit")
    assert "Goodbye. The unfinished game is kept." in third.finish()


@pytest.mark.skipif(sys.platform.startswith("win"), reason="XDG_DATA_HOME is a Linux convention")
def test_a_game_open_in_another_window_cannot_be_opened_twice(tmp_path: Path) -> None:
    xdg = tmp_path / "xdg"
    env = _env(xdg)
    first = Player(["--players", "Alice,Bob", "--seed", "3"], env, tmp_path)
    first.wait_for(r"press Enter")
    _pass(first)
    store = SaveStore(xdg / "audio_scrabble")
    store.claim()
    try:
        assert store.slot == "current-2"  # the first window holds the first slot
        listing = store.catalogue()
        assert [(g.names, g.kind) for g in listing] == [(("Alice", "Bob"), Kind.ELSEWHERE)]
        s = Session(Options(players="Carol,Dan", seed=4), lexicon=AcceptAll(), store=store)
        s.start()
        out = s.handle_line("games")
        assert "1. Carol and Dan, in play," in said(out)
        assert "2. Alice and Bob, open in another window," in said(out)
        assert joined(s.handle_line("open 2")) == prompts_saving.OPEN_ELSEWHERE
        with pytest.raises(ScrabbleError, match="open in another window"):  # --open FILE alike
            s.saver.choose_file(xdg / "audio_scrabble" / "current.json", s.lexicon, None)
        assert s.game.names == ("Carol", "Dan")
    finally:
        store.release()
        first.type("quit")
        first.type("yes")
        first.finish()
    assert decode_save((xdg / "audio_scrabble" / "current.json").read_bytes()).summary.names == ("Alice", "Bob")


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
    assert out[0] == f"Games folder: {folder / 'games'}"
    assert "3 games on file:" in out
    assert re.search(r"1\. Carol and Dan, in play, \d+ \w+ \d{4}: Carol 0, Dan 0\.", text), text
    assert re.search(r"2\. Alice and Bob, put away, \d+ \w+ \d{4}: Alice 0, Bob 0\.", text), text
    # a finished game with its result, read from its GCG record (both passed twice: racks counted off)
    assert re.search(r"3\. Eve and Fay, finished, \d+ \w+ \d{4}: Eve won -13 to -14\.", text), text
    assert out[-1] == "Type open and a number to resume one."
    assert all(len(x) <= 40 for x in out[1:])
    # refusals, each one sentence, and nothing changes
    assert joined(second.handle_line("open")) == prompts_saving.OPEN_WHICH
    assert joined(second.handle_line("open 9")) == "Games are numbered 1 to 3; type games to hear them."
    assert second.handle_line("open 1") == [prompts_saving.IN_PLAY_ALREADY]
    assert second.handle_line("open 3")[0] == "That game is finished; review it with:"
    assert second.game.names == ("Carol", "Dan")
    # open 2: the game in play is put away, the other resumed as it was left
    out = second.handle_line("open 2")
    assert "Game put away: Carol and Dan." in out
    assert "Resumed. House rules (RNIB leaflet)." in out
    assert second.game.names == ("Alice", "Bob") and len(second.game.actions) == 1
    assert decode_save(second.store.current_path.read_bytes()).summary.names == ("Alice", "Bob")
    text = said(second.handle_line("games"))
    assert "1. Alice and Bob, in play" in text and "2. Carol and Dan, put away" in text
    assert "3. Eve and Fay, finished" in text
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
    assert "2. Alice and Bob, put away" in said(second.handle_line("games"))
    out = second.handle_line("open 2")
    assert "Game put away: Carol and Dan." in out and second.game.names == ("Alice", "Bob")
    before = (second.game.names, list(second.game.actions), sorted(p.name for p in folder.rglob("*")))
    out = second.handle_line("open 2")  # the list heard before: game 2 was Alice and Bob, now in play
    if verbosity == "brief":
        assert out == ["Games changed; type games again."]
    else:
        assert joined(out) == prompts_saving.GAMES_CHANGED and all(len(x) <= 40 for x in out), out
    assert not any("cannot be read" in x for x in out)
    assert (second.game.names, list(second.game.actions), sorted(p.name for p in folder.rglob("*"))) == before
    # games again: the list as it is now, and open N opens the game heard as N
    text = said(second.handle_line("games"))
    assert "1. Alice and Bob, in play" in text and "2. Carol and Dan, put away" in text
    out = second.handle_line("open 2")
    assert "Game put away: Alice and Bob." in out and second.game.names == ("Carol", "Dan")
    assert len(second.game.actions) == 1


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
    assert said == ["That game is finished; review it with:", "audio-scrabble review", f"{kept.name}"]
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
    assert " ".join(said[:at]) == "That game is finished; review it with:"
    start = next(k for k in range(at, len(said)) if name.startswith(said[k]))
    assert " ".join(said[at:start]) == "audio-scrabble review"
    assert "".join(said[start:]) == name, said
    assert all(x[-1] in "-_." for x in said[start:-1]), said


def test_a_game_a_closed_window_left_is_offered_when_this_slot_has_none(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    other = SaveStore(folder, slot="current-2")
    game = Game(["Gus", "Hal"], rules_named("house"), seed=9)
    other.save(game, {"verbosity": "full"})
    s, lines = stored(folder, players=None, seed=None)
    assert "An unfinished game of Gus and Hal:" in lines and lines[-1] == "Resume it? Type yes or no."
    out = s.handle_line("yes")
    assert "Resumed. House rules (RNIB leaflet)." in out
    assert s.settings.verbosity == "full"
    assert not (folder / "current-2.json").exists()
    assert decode_save((folder / "current.json").read_bytes()).summary.names == ("Gus", "Hal")


def test_the_open_option_resumes_a_game_put_away(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    env = {**_env(tmp_path / "unused"), DATA_DIR_ENV: str(folder)}
    first, _ = stored(folder, players="Alice,Bob", seed=3)
    pass_turn(first)
    second, _ = stored(folder, players="Carol,Dan", seed=4, saved_game=NEW)
    first.store.release()  # as if both had left: this process holds the slot no more
    second.store.release()
    kept = next((folder / "games").glob("*-Alice-v-Bob.unfinished.json"))
    done = subprocess.run(_command() + ["--open", str(kept)], input="scores\nquit\nyes\n", env=env,
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Game put away:" in done.stdout and "Carol and Dan." in done.stdout
    assert "Resumed. House rules (RNIB leaflet)." in done.stdout
    assert not kept.exists()
    assert decode_save((folder / "current.json").read_bytes()).summary.names == ("Alice", "Bob")
    # a finished game's record cannot be opened: said on stderr, exit status 2
    record = tmp_path / "done.gcg"
    record.write_text("#player1 A A\n#player2 B B\n")
    refused = subprocess.run(_command() + ["--open", str(record)], input="", env=env,
                             capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert refused.returncode == 2
    assert "That game is finished; review it with: audio-scrabble review done.gcg" in " ".join(refused.stderr.split())


# ====================================================================== a word list that moved
def _words(path: Path, words: str = "ZYZZYVA\nQI\nZA\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(words)
    return path


def _left_with(folder: Path, words: Path) -> Session:
    s = Session(Options(players="Alice,Bob", seed=5, lexicon=str(words)),
                lexicon=services.load_lexicon(str(words)), store=SaveStore(folder))
    s.start()
    pass_turn(s)
    s.handle_line("quit")
    s.handle_line("yes")
    return s


def test_a_game_resumes_with_its_word_list_moved_when_the_new_place_is_given(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    words = _words(tmp_path / "a" / "words.txt")
    left = _left_with(folder, words)
    moved = tmp_path / "b" / "mine.txt"
    moved.parent.mkdir()
    words.rename(moved)
    # other line ends, other order and case: the same words
    moved.write_bytes(b"qi\r\nZA\r\nzyzzyva\r\n")
    s = Session(Options(lexicon=str(moved)), lexicon=services.load_lexicon(str(moved)), store=SaveStore(folder))
    lines = s.start()
    assert "Word list: words.txt." in lines  # which list the game used
    out = s.handle_line("yes")
    assert "The word list words.txt was found at its new place." in " ".join(out)  # in lines of 40
    assert "Resumed. House rules (RNIB leaflet)." in out
    assert s.game.actions == left.game.actions
    assert s.options.lexicon == str(moved) and "ZYZZYVA" in s.lexicon
    pass_turn(s)
    saved = TableState.from_json(decode_save(s.store.current_path.read_bytes()).settings, 2)
    assert saved.word_list.path == str(moved)


def test_a_game_whose_word_list_is_gone_says_which_and_how_and_is_kept(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    words = _words(tmp_path / "a" / "words.txt")
    _left_with(folder, words)
    words.unlink()
    # the players named are the saved game's: it is offered (issue 23 item 12:
    # other players named start a new game at once)
    s = Session(Options(players="Alice,Bob", seed=2), lexicon=AcceptAll(), store=SaveStore(folder))
    s.start()
    out = s.handle_line("yes")
    assert said(out).startswith(prompts_saving.word_list_missing("words.txt", str(words)))
    assert "Starting a new game instead." in out
    # another list with other words is refused the same way, naming the list
    other = _words(tmp_path / "c" / "other.txt", "QI\n")
    left = _left_with(tmp_path / "y", _words(tmp_path / "d" / "words.txt"))
    (tmp_path / "d" / "words.txt").unlink()
    t = Session(Options(lexicon=str(other)), lexicon=services.load_lexicon(str(other)), store=SaveStore(tmp_path / "y"))
    t.start()
    assert prompts_saving.word_list_other("words.txt") in said(t.handle_line("yes"))
    # the game was not lost: the new game put it away, and games lists it
    text = said(s.handle_line("games"))
    assert "Alice and Bob, put away" in text
    assert left.game is not None


def test_a_game_on_the_built_in_list_says_so_when_another_list_is_named(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    s, _ = stored(folder)
    pass_turn(s)
    other = _words(tmp_path / "w.txt")
    again = Session(Options(lexicon=str(other)), lexicon=services.load_lexicon(str(other)), store=SaveStore(folder))
    lines = again.start()
    assert "Word list: the built-in list." in lines
    # the game played on the built-in list says nothing about lists when none is named
    plain, lines = stored(folder, players=None, seed=None)
    assert not any(x.startswith("Word list") for x in lines)


# ====================================================================== saving fails
def _break(folder: Path) -> Path:
    """Saving fails for real, for root too: the folder is replaced by a file."""
    aside = folder.with_name(folder.name + ".away")
    folder.rename(aside)
    folder.write_text("a file where the data folder was")
    return aside


def _mend(folder: Path, aside: Path) -> None:
    folder.unlink()
    aside.rename(folder)


def test_saving_that_fails_is_said_every_time_it_matters(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    s, _ = stored(folder, seed=11)
    exchange_turn(s)
    aside = _break(folder)
    out = exchange_turn(s)
    assert said(out).count("could not be saved") == 1 and f"The game could not be saved in {folder}:" in said(out)
    assert all(len(x) <= 40 or " " not in x for x in out), out  # fitted; a long path alone on its line
    for _ in range(2):  # each turn while it fails: briefly
        out = exchange_turn(s)
        assert [x for x in out if "NOT saved" in x] == ["Still NOT saved: file exists."]
        assert not any("could not be saved" in x for x in out)
    _mend(folder, aside)
    out = exchange_turn(s)
    assert out[-2:] != []  # the turn is told as usual
    assert "Saving works again;" in out and "the game is saved." in out
    assert len(decode_save((folder / "current.json").read_bytes()).actions) == len(s.game.actions)
    out = exchange_turn(s)  # said once
    assert not any("saved" in x.lower() for x in out)
    # at goodbye
    aside = _break(folder)
    s.handle_line("quit")
    assert s.handle_line("yes") == ["Goodbye. The game could NOT be saved:", "file exists."]
    _mend(folder, aside)


def test_a_game_that_ends_while_saves_fail_says_its_record_was_not_written(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    s, _ = stored(folder, seed=7)
    pass_turn(s)
    aside = _break(folder)
    pass_turn(s)
    pass_turn(s)
    out = pass_turn(s)  # the fourth scoreless turn ends the game
    assert s.game.is_over
    at = out.index("The game record was NOT written:")
    assert out[at + 1] == "not a directory."
    assert "Game record saved:" not in out
    _mend(folder, aside)
    assert not (folder / "games").exists()


def test_the_first_failure_of_a_game_that_ends_is_said_with_the_record(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    s, _ = stored(folder, seed=7)
    for _ in range(3):
        pass_turn(s)
    aside = _break(folder)
    out = pass_turn(s)
    assert s.game.is_over
    assert any(x.startswith("The finished game could not be kept in") for x in out)
    assert "The game record was NOT written:" in out
    _mend(folder, aside)


def test_a_full_disk_for_real_said_then_mended(tmp_path: Path) -> None:
    """A real refusal from the kernel: a file-size limit (RLIMIT_FSIZE) makes
    every save fail with 'File too large', as a full disk makes it fail with
    'No space left on device'; then the limit is lifted."""
    resource = pytest.importorskip("resource")
    script = textwrap.dedent(
        """
        import resource, signal, sys
        sys.path.insert(0, sys.argv[2])
        from test_saving import AcceptAll, pass_turn
        from audio_scrabble.console.session import Options, Session
        from audio_scrabble.persistence import SaveStore
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        s = Session(Options(players="Alice,Bob", seed=11), lexicon=AcceptAll(), store=SaveStore(sys.argv[1]))
        s.start()
        pass_turn(s)
        soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        resource.setrlimit(resource.RLIMIT_FSIZE, (200, hard))
        for _ in range(2):
            print("|".join(pass_turn(s)))
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        print("|".join(pass_turn(s)))
        """
    )
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "saves"), str(REPO / "tests")],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    failing, still, mended = done.stdout.strip().split("\n")
    assert "The game could not be saved in" in failing and "File too large." in failing
    assert "Still NOT saved: file too large." in still.split("|")
    assert "Saving works again;" in mended.split("|")


# ====================================================================== permissions
@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_records_and_exports_get_normal_permissions_and_saves_stay_private(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        folder = tmp_path / "saves"
        s, _ = stored(folder, seed=7)
        pass_turn(s)
        assert stat.S_IMODE((folder / "current.json").stat().st_mode) == 0o600
        exported = export_record(s.game, tmp_path / "mid.gcg")
        assert stat.S_IMODE(exported.stat().st_mode) == 0o644
        out = s.handle_line("export")
        record = next((folder / "games").glob("*.gcg"))
        assert out[0].startswith("Record saved:")
        assert stat.S_IMODE(record.stat().st_mode) == 0o644
        for _ in range(3):
            pass_turn(s)
        assert s.game.is_over
        records = list((folder / "games").glob("*.gcg"))
        assert len(records) == 2
        assert all(stat.S_IMODE(p.stat().st_mode) == 0o644 for p in records)
        read_gcg(records[0].read_bytes())
        os.umask(0o077)  # the player's umask is respected
        tight = export_record(s.game, tmp_path / "tight.gcg")
        assert stat.S_IMODE(tight.stat().st_mode) == 0o600
    finally:
        os.umask(old)


# ====================================================================== the table state
def test_the_table_state_round_trips_and_refuses_values_of_the_wrong_kind() -> None:
    state = TableState(computers={1: "expert"}, word_list=WordListRef("/w/words.txt", "sha256:ab"),
                       verbosity="full", marks="colours", speech="tts", braille=32, braille_saved=True,
                       hints=True, racks={0: "QIZ?", 1: "AEIOU"}, told_challenge=True)
    assert TableState.from_json(state.to_json(), 2) == state
    junk = {"computers": {"0": 7, "5": "club", "x": "club", "1": "club"}, "lexicon": 3,
            "lexicon_checksum": "md5:xx", "verbosity": "shouting", "marks": ["marks"], "speech": "tts",
            "braille": 900, "hints": "yes", "racks": {"0": "TOOLONGRACK", "1": "AB"}, "told_challenge": 1}
    read = TableState.from_json(junk, 2)
    assert read == TableState(computers={1: "club"}, speech="tts", racks={1: "AB"})
    assert TableState.from_json(None, 2) == TableState()
    assert TableState.from_json({"braille": None}, 2).braille_saved  # braille off, as saved
    assert WordListRef("/w/words.txt").name == "words.txt" and WordListRef().name is None


# ====================================================================== slots and locks (the store)
_HOLDER = textwrap.dedent(
    """
    import sys, time
    from audio_scrabble.persistence import SaveStore
    store = SaveStore(sys.argv[1])
    print("first" if store.claim() else store.slot, flush=True)
    sys.stdin.readline()
    """
)


def _holder(folder: Path) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", _HOLDER, str(folder)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "first"
    return proc


def test_a_slot_is_held_while_its_process_lives_and_freed_however_it_ends(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    holder = _holder(folder)
    try:
        store = SaveStore(folder)
        assert store.claim() is False and store.slot == "current-2"
        assert store.current_path.name == "current-2.json" and store.previous_path.name == "current-2.prev.json"
        again = SaveStore(folder)  # the same process asks again: the same slot, held once
        assert again.claim() is False and again.slot == "current-2"
        again.release()
        store.release()
    finally:
        holder.kill()  # as a crash would: the OS lets the lock go
        holder.wait()
    store = SaveStore(folder)
    assert store.claim() is True and store.slot == "current"
    store.release()


def test_adopt_moves_a_game_in_never_overwriting_a_save_in_the_way(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    store = SaveStore(folder)
    store.claim()
    try:
        # a game put away, and a stray save of another game in this slot's previous place
        away = Game(["Ann", "Ben"], rules_named("house"), seed=1)
        SaveStore(folder).save(away)
        kept = SaveStore(folder).archive_unfinished()
        assert kept is not None and kept.parent == store.games_dir
        stray = Game(["Cy", "Di"], rules_named("house"), seed=2)
        SaveStore(tmp_path / "elsewhere").save(stray)
        (tmp_path / "elsewhere" / "current.json").replace(store.previous_path)
        store.adopt(kept)
        assert not kept.exists()
        assert store.load().summary.names == ("Ann", "Ben")
        assert not store.previous_path.exists()
        names = sorted(g.names for g in store.catalogue())
        assert names == [("Ann", "Ben"), ("Cy", "Di")]  # the stray save was put away, not lost
        # a save outside the data folder is copied in; the file is left as it was
        outside = tmp_path / "mine" / "game.json"
        SaveStore(outside.parent).save(Game(["Eve", "Fay"], rules_named("house"), seed=3))
        (outside.parent / "current.json").rename(outside)
        before = outside.read_bytes()
        store.archive_unfinished()
        store.adopt(outside)
        assert outside.read_bytes() == before
        assert store.load().summary.names == ("Eve", "Fay")
        with pytest.raises(ScrabbleError, match="no longer there"):
            store.adopt(store.games_dir / "gone.unfinished.json")
    finally:
        store.release()


def test_a_computer_turn_after_yours_is_not_reminded_twice(tmp_path: Path) -> None:
    class Exchanger:
        def __call__(self, game, i):
            return services.ComputerMove("exchange", tiles=[game.players[i].rack[0]])

    folder = tmp_path / "saves"
    s = Session(Options(players="Alice,computer:club", seed=3), lexicon=AcceptAll(),
                computer_factory=lambda level, lexicon, seed: Exchanger(), store=SaveStore(folder))
    s.start()
    aside = _break(folder)
    s.handle_line("exchange " + s.playing().rack_of(0)[0])  # the first failure, said in full
    for _ in range(2):
        out = s.handle_line("exchange " + s.playing().rack_of(0)[0])
        assert "Club computer exchanged 1 tile." in out
        # once a round, after the computer's turn that ends it, not after each turn
        assert [x for x in out if "NOT saved" in x] == ["Still NOT saved: file exists."]
        assert out.index("Still NOT saved: file exists.") > out.index("Club computer exchanged 1 tile.")
    _mend(folder, aside)


def test_quit_after_a_game_ended_while_saves_failed_writes_the_record_then(tmp_path: Path) -> None:
    """quit at game over went straight to "Goodbye." without the saver: the
    record a full disk had refused was never tried again."""
    folder = tmp_path / "saves"
    s, _ = stored(folder, seed=7)
    pass_turn(s)
    aside = _break(folder)
    for _ in range(3):
        pass_turn(s)
    assert s.game.is_over and not (folder / "games").exists()
    _mend(folder, aside)
    out = s.handle_line("quit")
    kept = list((folder / "games").iterdir())
    assert out == ["Game record saved:", kept[0].name, "Goodbye."]
    assert s.finished and kept[0].suffix == ".gcg"


def test_at_brief_a_file_that_cannot_be_read_is_said_without_its_name_not_cut(tmp_path: Path) -> None:
    """At brief verbosity a refusal whose first words fit only up to a
    file's name leaves the name out ("The file cannot be read."), rather
    than cutting the sentence to "The file."; nothing changes."""
    folder = tmp_path / "data"
    first, _ = stored(folder, players="Bartholomew,Christabella")
    pass_turn(first)
    first.store.release()
    kept = SaveStore(folder).archive_unfinished()
    s, _ = stored(folder, players="Carol,Dan", seed=4, verbosity="brief")
    listed = s.handle_line("games")
    number = next(line.split(".")[0] for line in listed if "Bartholomew" in line)
    # gone between open's look at the games on file and its reading the file
    # (gone before that look, open says the games have changed)
    look = s.store.catalogue

    def racing():
        games = look()
        kept.unlink()
        return games

    s.store.catalogue = racing
    before = (s.game.board.rows_text(), list(s.game.actions))
    assert s.handle_line(f"open {number}") == ["The file cannot be read."]
    assert (s.game.board.rows_text(), list(s.game.actions)) == before
