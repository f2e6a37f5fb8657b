"""Saving at the edges (issue 13): two games on one data folder, every
game on file within reach, a word list that moved, a disk that refuses,
and the permissions of the files the game writes.

Real parts throughout: real ``audio-scrabble`` processes over pipes on one
``XDG_DATA_HOME``, real Sessions on real folders, and real refusals from
the operating system (a folder replaced by a file, a file-size limit).
"""

from __future__ import annotations

import os
import queue
import re
import stat
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core import Game, rules_named
from audio_scrabble.errors import ScrabbleError
from audio_scrabble.notation import read_gcg
from audio_scrabble.persistence import Kind, SaveStore, TableState, WordListRef, decode_save, export_record
from audio_scrabble.presentation import prompts_saving
from refusal_corpus import joined
from saving_kit import AcceptAll, REPO, _command, _env, pass_turn, said, stored

TIMEOUT = 30.0


def exchange_turn(s: Session) -> list[str]:
    """A turn that never ends the game (passes do, after two rounds)."""
    s.handle_line("")
    return s.handle_line("exchange " + s.playing().rack_of(s.game.current)[0])


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
    assert "1. Unfinished: Alice and Bob," in listed and "2. Unfinished: Carol and Dan," in listed
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
        assert "1. In play: Carol and Dan," in said(out)
        assert "2. Open in another window: Alice and Bob," in said(out)
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
    pytest.importorskip("resource")
    script = textwrap.dedent(
        """
        import resource, signal, sys
        sys.path.insert(0, sys.argv[2])
        from saving_kit import AcceptAll, pass_turn
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
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "saves"), str(Path(__file__).parent)],
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
    number = re.search(r"(\d+)\. [A-Za-z ]+: Bartholomew", " ".join(listed)).group(1)
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


def test_quit_at_the_set_up_and_after_the_game_lets_the_slot_go(tmp_path):
    """Session.quit in set-up or game over said Goodbye without the saver:
    the data folder's slot stayed held, and a record that failed was not tried again."""
    from audio_scrabble.persistence import SaveStore

    s = Session(Options(), lexicon=services.WordSet(["QI"]), store=SaveStore(tmp_path / "saves"))
    s.start()
    assert s.store.lock is not None
    assert s.handle_line("quit") == ["Goodbye."]
    assert s.finished and s.store.lock is None
    s = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]), store=SaveStore(tmp_path / "s2"))
    s.start()
    while not s.game.is_over:
        s.handle_line("")
        s.handle_line("pass")
    assert s.handle_line("quit") == ["Goodbye."] and s.store.lock is None
