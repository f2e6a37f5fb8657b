"""Saving, resuming and keeping games (audio_scrabble.persistence).

Every test works in its own data folder (``AUDIO_SCRABBLE_DATA_DIR`` is
set to a temporary folder for the whole module), so the player's own
saves are never touched.
"""

from __future__ import annotations

import builtins
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import textwrap
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import audio_scrabble
from audio_scrabble import persistence
from audio_scrabble.core import ChallengeResolved, Game, rules_named
from audio_scrabble.core.tiles import full_tile_set
from audio_scrabble.errors import ScrabbleError
from audio_scrabble.notation import read_gcg, replay_record
from audio_scrabble.persistence import DATA_DIR_ENV, FORMAT_VERSION, SaveFailed, SaveFileDamaged, SaveStore, Summary, data_dir, decode_save, export_record, game_state_digest, resume_question
from randplay import step
from persistence_kit import LEX, STAMPED, _two_saves, advance, data_folder, finished_game, game_with_pending_challenge, listing, new_game, one_sentence, snapshot, store

REPO = Path(__file__).resolve().parents[2]
PACKAGE = Path(audio_scrabble.__file__).resolve().parent
FULL = Counter(full_tile_set())


# ------------------------------------------------------------- round trip
@pytest.mark.parametrize("rules", ["house", "double", "five", "single", "void"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_round_trip_resumes_exactly_the_game_that_was_left(store: SaveStore, rules: str, seed: int) -> None:
    game = new_game(rules, seed)
    rng = random.Random(seed * 31)
    store.save(game)
    n = rng.randint(3, 40)
    advance(game, rng, n, store, {"verbosity": "terse"})
    if game.is_over:
        pytest.skip("this seed ends the game too early")  # pragma: no cover
    resumed = store.resume_game(LEX)
    assert resumed.notice is None
    assert resumed.settings == {"verbosity": "terse"}
    assert snapshot(resumed.game) == snapshot(game)
    assert resumed.game.tile_accounting() == FULL
    assert resumed.summary == Summary.of(game, resumed.summary.saved_at)
    # The resumed game plays on exactly as the original would have.
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    for _ in range(15):
        if game.is_over:
            break
        step(game, rng_a)
        step(resumed.game, rng_b)
        assert snapshot(resumed.game) == snapshot(game)


@pytest.mark.parametrize("rules", ["double", "five", "ten", "single", "house"])
def test_pending_challenge_window_survives_resume(store: SaveStore, rules: str) -> None:
    game = game_with_pending_challenge(rules)
    store.save(game)
    resumed = store.resume_game(LEX).game
    assert resumed.pending_play == game.pending_play is not None
    assert resumed.why_not_challenge() is None
    before = game.challenge()
    after = resumed.challenge()
    assert after == before
    assert snapshot(resumed) == snapshot(game)


def test_final_challenge_window_survives_resume(store: SaveStore) -> None:
    for seed in range(300):
        game = new_game("double", seed)
        rng = random.Random(seed)
        while not game.is_over and not game.awaiting_final_challenge:
            step(game, rng)
        if game.awaiting_final_challenge:
            break
    else:  # pragma: no cover
        pytest.fail("no game went out with a final challenge window")
    store.save(game)
    summary = store.unfinished()
    assert summary is not None and summary.awaiting_final
    assert "has gone out" in resume_question(summary)
    resumed = store.resume_game(LEX).game
    assert resumed.awaiting_final_challenge
    assert resumed.accept() == game.accept()
    assert snapshot(resumed) == snapshot(game)


def test_settings_are_kept_as_json_reads_them(store: SaveStore) -> None:
    game = new_game()
    settings = {
        "verbosity": "full", "speech": "tts", "premium_naming": "colour",
        "lexicon_path": "/home/zoë/words.txt", "computer": {"Bob": 3, "levels": [1, 2]},
        "rate": 1.25, "braille": True, "nothing": None,
    }
    store.save(game, settings)
    loaded = store.load()
    assert loaded is not None
    assert loaded.settings == settings
    assert store.resume_game(LEX).settings == settings


def test_settings_that_are_not_plain_data_are_refused_before_any_file_is_touched(store: SaveStore) -> None:
    game = new_game()
    store.save(game, {"a": 1})
    before = store.current_path.read_bytes()
    with pytest.raises(TypeError, match="plain JSON"):
        store.save(game, {"path": Path("/tmp")})
    with pytest.raises(TypeError):
        store.save(game, {"x": float("nan")})
    assert store.current_path.read_bytes() == before


def test_previous_save_is_kept(store: SaveStore) -> None:
    game = new_game()
    rng = random.Random(4)
    store.save(game)
    advance(game, rng, 3, store)
    older = decode_save(store.previous_path.read_bytes())
    newer = decode_save(store.current_path.read_bytes())
    assert newer.actions == game.actions
    assert older.actions == game.actions[:-1]
    # Saving again without an action keeps the previous save as it was.
    store.save(game, {"verbosity": "loud"})
    assert decode_save(store.previous_path.read_bytes()).actions == game.actions[:-1]
    assert decode_save(store.current_path.read_bytes()).settings == {"verbosity": "loud"}


def test_save_file_is_readable_json_with_version_checksum_and_summary(store: SaveStore) -> None:
    game = new_game()
    advance(game, random.Random(2), 4)
    store.save(game, {"k": "v"})
    doc = json.loads(store.current_path.read_text("ascii"))
    assert doc["app"] == "audio_scrabble"
    assert doc["format"] == FORMAT_VERSION
    assert doc["version"] == audio_scrabble.__version__
    assert re.fullmatch(r"sha256:[0-9a-f]{64}", doc["checksum"])
    p = doc["payload"]
    assert p["config"] == game.config()
    assert p["actions"] == game.actions
    assert p["summary"]["names"] == ["Alice", "Bob"]
    assert p["summary"]["scores"] == list(game.scores())
    assert p["summary"]["current"] == game.current
    assert p["state"] == game_state_digest(game)


def test_resume_question() -> None:
    s = Summary(("Alice", "Bob"), (32, 16), 1, 5, 60, False, False, "house", "")
    assert resume_question(s) == "Resume the game of Alice and Bob? Alice 32, Bob 16; Bob to play. Type yes or no."
    s3 = Summary(("Ann", "Ben", "Cat"), (1, 2, 3), 2, 5, 60, False, False, "house", "")
    assert resume_question(s3) == (
        "Resume the game of Ann, Ben and Cat? Ann 1, Ben 2, Cat 3; Cat to play. Type yes or no."
    )


def test_unfinished_summary_without_replaying(store: SaveStore) -> None:
    assert store.unfinished() is None
    assert store.load() is None
    game = new_game()
    advance(game, random.Random(9), 6, store)
    summary = store.unfinished()
    assert summary is not None
    assert summary.names == ("Alice", "Bob")
    assert summary.scores == game.scores()
    assert summary.to_play == game.current_player.name
    assert summary.turn == game.turn and summary.bag == len(game.bag)


def test_resume_without_save_is_a_sentence(store: SaveStore) -> None:
    with pytest.raises(SaveFileDamaged) as e:
        store.resume_game(LEX)
    assert one_sentence(str(e.value))


# ------------------------------------------------------------- atomicity
def test_crash_in_the_rename_leaves_the_last_save_whole(store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game()
    rng = random.Random(5)
    advance(game, rng, 5, store)
    saved = snapshot(game)
    advance(game, rng, 1)
    real_replace = os.replace

    def failing_replace(src: Any, dst: Any) -> None:
        if Path(dst).name == "current.json":
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(SaveFailed) as e:
        store.save(game)
    assert one_sentence(str(e.value)) and "No space left on device" in str(e.value)
    monkeypatch.setattr(os, "replace", real_replace)
    assert not [n for n in listing(store.directory) if n.endswith(".tmp")], "temporary file left behind"
    assert snapshot(store.resume_game(LEX).game) == saved


def test_crash_while_writing_the_data_leaves_the_last_save_whole(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game()
    rng = random.Random(6)
    advance(game, rng, 5, store)
    saved = snapshot(game)
    advance(game, rng, 1)

    def failing_fsync(fd: int) -> None:
        raise OSError(5, "Input/output error")

    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", failing_fsync)
    with pytest.raises(SaveFailed):
        store.save(game)
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert snapshot(store.resume_game(LEX).game) == saved


def test_truncated_temporary_file_from_a_crash_is_ignored_and_cleaned(store: SaveStore) -> None:
    game = new_game()
    advance(game, random.Random(8), 4, store)
    saved = snapshot(game)
    debris = store.directory / ".current.json.abc123.tmp"
    debris.write_bytes(store.current_path.read_bytes()[:100])
    old = time.time() - 3600
    os.utime(debris, (old, old))
    fresh = store.directory / ".current.json.def456.tmp"
    fresh.write_bytes(b"{")
    assert snapshot(store.resume_game(LEX).game) == saved
    assert not debris.exists()
    assert fresh.exists(), "a temporary file of a save in progress must not be removed"


def test_sigkill_at_random_moments_never_loses_or_damages_the_game(tmp_path: Path) -> None:
    """A process saving after every action is killed at random moments, many
    of them in the middle of a save; each time the folder holds a whole
    save of a position the game went through, with all 100 tiles."""
    folder = tmp_path / "killed"
    child = textwrap.dedent(
        """
        import random, sys
        sys.path.insert(0, sys.argv[2])
        from randplay import PseudoLexicon, step
        from audio_scrabble.core import ChallengeResolved, Game, rules_named
        from audio_scrabble.persistence import SaveStore
        store = SaveStore(sys.argv[1])
        seed = 0
        while True:
            seed += 1
            game = Game(["Ann", "Ben"], rules_named("double"), seed=seed, lexicon=PseudoLexicon())
            rng = random.Random(seed)
            store.save(game)
            print("ready", flush=True)
            while not game.is_over:
                step(game, rng)
                store.save(game, {"seed": seed})
        """
    )
    rng = random.Random(1234)
    for _ in range(6):
        proc = subprocess.Popen(
            [sys.executable, "-c", child, str(folder), str(REPO / "tests")],
            stdout=subprocess.PIPE, cwd=tmp_path,
        )
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == b"ready"
        time.sleep(rng.uniform(0.0, 0.4))
        proc.kill()  # SIGKILL on POSIX, TerminateProcess on Windows
        proc.wait()
        proc.stdout.close()
        names = listing(folder)
        assert not [n for n in names if "damaged" in n or "newer" in n], names
        store = SaveStore(folder)
        loaded = store.load()
        if loaded is None:
            # Killed between a game's end (its record kept, its save removed)
            # and the next game's first save: the finished game is in games/.
            records = list((folder / "games").glob("*.gcg"))
            assert records, names
            for record in records:
                read_gcg(record.read_bytes())
            continue
        resumed = store.resume_game(LEX).game
        assert resumed.tile_accounting() == FULL
        # The saved game is a position the same deterministic game went through.
        seed = loaded.config["seed"]
        again = Game(["Ann", "Ben"], rules_named("double"), seed=seed, lexicon=LEX)
        replay_rng = random.Random(seed)
        while len(again.actions) < len(loaded.actions):
            step(again, replay_rng)
        assert snapshot(again) == snapshot(resumed)
        for record in (folder / "games").glob("*.gcg") if (folder / "games").exists() else []:
            read_gcg(record.read_bytes())


# ------------------------------------------------------ a different game
def test_a_new_game_never_overwrites_an_unfinished_one(store: SaveStore) -> None:
    old = new_game(seed=1)
    advance(old, random.Random(1), 5, store)
    kept = snapshot(old)
    new = new_game(seed=2, names=("Carol", "Dan"))
    outcome = store.save(new)
    # the game put away is told as its players and file, not as a sentence of
    # the store's (the console says "Game put away: Alice and Bob.")
    assert outcome.notice is None and [names for names, _ in outcome.put_away] == [("Alice", "Bob")]
    archived = list((store.directory / "games").glob("*-Alice-v-Bob.unfinished.json"))
    assert len(archived) == 1 and archived == [path for _, path in outcome.put_away]
    loaded = decode_save(archived[0].read_bytes(), archived[0])
    assert snapshot(loaded.replay(LEX)) == kept
    assert not store.previous_path.exists(), "the old game's previous save belongs to the archive"
    assert store.unfinished() is not None and store.unfinished().names == ("Carol", "Dan")


def test_archive_unfinished(store: SaveStore) -> None:
    assert store.archive_unfinished() is None
    game = new_game()
    advance(game, random.Random(1), 3, store)
    target = store.archive_unfinished()
    assert target is not None and target.parent == store.games_dir
    assert re.fullmatch(r"\d{4}-\d\d-\d\d-\d{6}-Alice-v-Bob\.unfinished\.json", target.name)
    assert store.load() is None
    assert decode_save(target.read_bytes()).actions == game.actions


# ------------------------------------------------------- finished games
def test_finished_game_is_kept_as_a_gcg_record_and_the_save_removed(store: SaveStore) -> None:
    game = new_game("double", 21, names=("Alice", "Bob"))
    rng = random.Random(21)
    store.save(game)
    started = decode_save(store.current_path.read_bytes()).started
    outcome = None
    while not game.is_over:
        step(game, rng)
        outcome = store.save(game, {"verbosity": "full"})
    assert outcome is not None and outcome.finished and outcome.notice is None
    record_path = outcome.path
    assert record_path.parent == store.games_dir
    assert re.fullmatch(r"\d{4}-\d\d-\d\d-\d{6}-Alice-v-Bob\.gcg", record_path.name)
    assert record_path.name.startswith(persistence.record_stem(game.names, started))
    assert not store.current_path.exists() and not store.previous_path.exists()
    assert store.unfinished() is None
    record = read_gcg(record_path.read_bytes())
    assert [p.full_name for p in record.players] == ["Alice", "Bob"]
    totals = {}
    for move in record.moves:
        totals[move.nick] = move.total
        assert move.rack or move.kind.name.startswith("END"), move
    assert [totals[p.nick] for p in record.players] == list(game.scores())
    problems = [s.problem for s in replay_record(record) if s.problem]  # phonies may stand unchallenged
    assert problems == []


def test_finish_leaves_another_unfinished_game_alone(store: SaveStore) -> None:
    other = new_game(seed=3, names=("Carol", "Dan"))
    advance(other, random.Random(3), 2, store)
    game = finished_game(seed=4)
    outcome = store.finish(game)
    assert outcome.path.suffix == ".gcg"
    assert store.unfinished() is not None and store.unfinished().names == ("Carol", "Dan")


def test_finishing_twice_writes_one_record(store: SaveStore) -> None:
    game = finished_game(seed=5)
    first = store.finish(game).path
    second = store.finish(game).path
    assert first == second
    assert len(list(store.games_dir.iterdir())) == 1


def test_finishing_twice_a_few_seconds_apart_still_writes_one_record(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from datetime import datetime, timedelta

    game = finished_game(seed=5)
    clock = [datetime(2026, 11, 21, 18, 1, 2).astimezone()]

    def now() -> datetime:
        clock[0] += timedelta(seconds=3)
        return clock[0]

    monkeypatch.setattr(persistence.files, "now", now)
    first = store.finish(game).path
    second = store.finish(game).path
    assert first == second
    assert len(list(store.games_dir.iterdir())) == 1


def test_finish_keeps_the_game_as_a_save_when_no_record_can_be_written(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = finished_game(seed=6)

    def broken(game: Game) -> bytes:
        raise ScrabbleError("The record writer is broken.")

    monkeypatch.setattr(persistence.records, "gcg_bytes", broken)
    outcome = store.finish(game)
    assert outcome.path.suffix == ".json" and outcome.notice is None
    assert str(outcome.not_gcg) == "The record writer is broken."  # why, for the console to say
    assert snapshot(decode_save(outcome.path.read_bytes()).replay(LEX)) == snapshot(game)


def test_export_writes_the_game_so_far(tmp_path: Path) -> None:
    game = new_game()
    advance(game, random.Random(12), 5)
    named = export_record(game, tmp_path / "mine")
    assert named == tmp_path / "mine.gcg"
    assert len(read_gcg(named.read_bytes()).moves) >= 1
    into = export_record(game, tmp_path)
    assert into.parent == tmp_path and into.name.endswith("-Alice-v-Bob.gcg")
    assert export_record(game, tmp_path / "x.txt").read_bytes() == named.read_bytes()
    with pytest.raises(SaveFailed) as e:
        export_record(game, tmp_path / "no" / "such" / "folder" / "x.gcg")
    assert one_sentence(str(e.value))
    with pytest.raises(SaveFailed):
        export_record(game, str(tmp_path / "bad\x00name.gcg"))


# ------------------------------------------------------------- folders
def test_data_folder_override(data_folder: Path) -> None:
    assert data_dir() == data_folder
    assert SaveStore().directory == data_folder


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_DATA_HOME is a Linux convention")
def test_xdg_data_home_is_honoured(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != DATA_DIR_ENV}
    env["XDG_DATA_HOME"] = str(tmp_path / "xdg")
    env["HOME"] = str(tmp_path / "home")
    script = (
        "from audio_scrabble.core import Game\n"
        "from audio_scrabble.persistence import SaveStore\n"
        "print(SaveStore().save(Game(['Ann', 'Ben'], seed=3)).path)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], env=env, cwd=tmp_path, capture_output=True,
                         text=True, check=True)
    expected = tmp_path / "xdg" / "audio_scrabble" / "current.json"
    assert Path(out.stdout.strip()) == expected
    assert expected.is_file()
    assert not (tmp_path / "home").exists()


def test_nothing_is_written_inside_the_package(store: SaveStore, monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    touched: list[Path] = []
    real_open, real_os_open, real_replace = builtins.open, os.open, os.replace
    real_mkstemp, real_unlink = tempfile.mkstemp, os.unlink

    def spy_open(file: Any, mode: str = "r", *a: Any, **k: Any) -> Any:
        if isinstance(file, (str, os.PathLike)) and any(c in mode for c in "wax+"):
            touched.append(Path(file))
        return real_open(file, mode, *a, **k)

    def spy_os_open(path: Any, flags: int, *a: Any, **k: Any) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            touched.append(Path(path))
        return real_os_open(path, flags, *a, **k)

    def spy_replace(src: Any, dst: Any, *a: Any, **k: Any) -> None:
        touched.append(Path(dst))
        real_replace(src, dst, *a, **k)

    def spy_mkstemp(*a: Any, **k: Any) -> Any:
        fd, name = real_mkstemp(*a, **k)
        touched.append(Path(name))
        return fd, name

    def spy_unlink(path: Any, *a: Any, **k: Any) -> None:
        touched.append(Path(path))
        real_unlink(path, *a, **k)

    monkeypatch.setattr(builtins, "open", spy_open)
    monkeypatch.setattr(os, "open", spy_os_open)
    monkeypatch.setattr(os, "replace", spy_replace)
    monkeypatch.setattr(tempfile, "mkstemp", spy_mkstemp)
    monkeypatch.setattr(os, "unlink", spy_unlink)
    game = new_game(seed=8)
    rng = random.Random(8)
    store.save(game)
    advance(game, rng, 4, store)
    store.save(new_game(seed=9, names=("Eve", "Fay")))
    store.load()
    store.resume_game(LEX)
    while not game.is_over:
        step(game, rng)
    store.save(game)
    export_record(game, tmp_path / "exported.gcg")
    for module, name, real in ((builtins, "open", real_open), (os, "open", real_os_open),
                               (os, "replace", real_replace), (tempfile, "mkstemp", real_mkstemp),
                               (os, "unlink", real_unlink)):
        monkeypatch.setattr(module, name, real)
    assert touched, "the spies saw nothing"
    inside = [p for p in touched if persistence._inside(p, PACKAGE)]
    assert inside == []
    assert all(persistence._inside(p, store.directory) or persistence._inside(p, tmp_path) for p in touched)


def test_a_save_folder_inside_the_package_is_refused() -> None:
    with pytest.raises(ValueError):
        SaveStore(PACKAGE / "saves")
    assert not persistence._inside(data_dir(), PACKAGE)


def test_files_kept_aside_twice_in_one_second_get_distinct_names(store: SaveStore) -> None:
    for _ in range(3):
        _two_saves(store)
        store.current_path.write_bytes(b"garbage")
        store.previous_path.write_bytes(b"more garbage")
        with pytest.raises(SaveFileDamaged):
            store.load()
    aside = [n for n in listing(store.directory) if ".damaged-" in n]
    assert len(aside) == 6
    assert all(re.fullmatch(rf"current(\.prev)?\.damaged-{STAMPED}\.json", n) for n in aside), aside


def test_export_keeps_private_racks_private_until_the_game_is_over(tmp_path: Path) -> None:
    """``export_record(..., private=[1])``: player 1's lines show only the
    tiles played; the record still reads back and replays without a problem."""
    from audio_scrabble.notation import MoveKind, replay_record
    from audio_scrabble.persistence import export_record

    game = new_game()
    rng = random.Random(12)
    advance(game, rng, 12)
    assert not game.is_over
    open_record = read_gcg(export_record(game, tmp_path / "all.gcg").read_bytes())
    kept = read_gcg(export_record(game, tmp_path / "kept.gcg", private=[1]).read_bytes())
    hidden = kept.players[1].nick
    assert len(kept.moves) == len(open_record.moves)
    for shown, mv in zip(open_record.moves, kept.moves):
        if mv.nick != hidden:
            assert mv == shown
        elif mv.kind is MoveKind.PLAY:
            assert sorted(mv.rack) == sorted(c if c.isupper() else "?" for c in mv.word if c.isalpha())
        elif mv.kind is MoveKind.EXCHANGE:
            assert mv.tiles == "" and mv.count == shown.exchanged_count
        elif mv.kind is not MoveKind.WITHDRAWN:
            assert mv.rack == ""
    assert all(step.problem is None for step in replay_record(kept))
    while not game.is_over:
        advance(game, rng, 1)
    done = read_gcg(export_record(game, tmp_path / "end.gcg", private=[1]).read_bytes())
    assert done.moves == read_gcg(export_record(game, tmp_path / "end2.gcg").read_bytes()).moves


# ------------------------------------------------- saves of earlier versions
def test_a_save_written_before_rules_edition_2_resumes_as_it_was_played(store: SaveStore) -> None:
    # Written by the version before RULES.md said that under the 5-point
    # rule the player challenged gains the points: in this game Ann
    # challenged two good plays of Bob's and lost 5 points each time.
    old = REPO / "tests" / "saves" / "edition1-five-point.json"
    store.current_path.parent.mkdir(parents=True, exist_ok=True)
    store.current_path.write_bytes(old.read_bytes())
    resumed = store.resume_game(LEX)
    game = resumed.game
    assert resumed.notice is None and game.edition == 1 and "edition" not in game.config()
    assert game.scores() == (132, 54)
    lost = [ev.points_lost for ev in game.history if isinstance(ev, ChallengeResolved)]
    assert lost == [5, 5]
    # it plays on and saves as the same game, not as another one
    rng = random.Random(3)
    advance(game, rng, 6, store)
    assert listing(store.current_path.parent) == ["current.json", "current.prev.json"]
    assert snapshot(store.resume_game(LEX).game) == snapshot(game)
