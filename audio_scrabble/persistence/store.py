"""Where games are kept: saves of unfinished games, and the games folder.

The console calls :meth:`SaveStore.save` after every action that changes
the game (and once when a game starts). Files in the data folder
(:func:`data_dir`)::

    current.json                            the unfinished game
    current.prev.json                       the save before it
    current.lock                            held while a game runs from this slot
    current-2.json, current-2.prev.json     the game of a second window (slot 2)
    current.damaged-20261121T180102.json    a save that could not be used, kept aside
    current.newer-20261121T180102.json      a save from a newer version, kept aside
    games/2026-11-21-180102-Alice-v-Bob.gcg                 a finished game (GCG record)
    games/2026-11-21-180102-Alice-v-Bob.unfinished.json     an unfinished game put away
                                                            to start another one

**Slots.** A running game holds a slot: the save ``<slot>.json``, the save
before it ``<slot>.prev.json``, and an OS lock on ``<slot>.lock``
(:meth:`SaveStore.claim`). The first window takes ``current``; a second
window, finding it locked, takes ``current-2``, and so on, so that two
games played at once from one data folder never archive, overwrite or
hide each other's save. A store that never claims (a script, a test)
works on ``current`` as one process always did. The lock goes when the
process ends, however it ends.

**Atomic.** The new save goes to a temporary file in the same folder, is
flushed to disk (``fsync``), then renamed over ``<slot>.json``, and the
folder itself is flushed; the save before it is first copied to
``<slot>.prev.json`` the same way. A crash or a power cut at any moment
leaves ``<slot>.json`` holding either the old or the new save, whole.

**Never thrown away.** A file that fails to load is renamed with a
timestamp, the player is told in one sentence, and the save before it is
offered instead. A save of a different game found in the slot (the
player started a new game) is moved to ``games/`` as
``*.unfinished.json`` first. :meth:`SaveStore.catalogue` lists every game
on file, and :meth:`SaveStore.adopt` brings any unfinished one back into
this window's slot.

Nothing here prints or prompts; the console speaks the sentences this
module returns (``notice`` fields) or raises (:class:`SaveFileDamaged`,
:class:`SaveFileTooNew`, :class:`SaveFailed`, all ``ScrabbleError``).
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass, replace
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Any, Callable, Mapping

from ..core.game import Game, MoveFinder, WordList
from ..errors import ScrabbleError
from ..notation.gcg import read_gcg
from ..notation.plays import clip
from . import files, records
from .files import FolderLock
from .savefile import (
    APP,
    MAX_SAVE_BYTES,
    LoadResult,
    SaveFailed,
    SaveFileDamaged,
    SaveFileTooNew,
    Summary,
    _Bad,
    _decode,
    _plain,
    _replay_checked,
    encode_save,
)
from ..reading import GAME_FILE_LIMIT, read_limited

#: Environment variable naming another data folder (used by tests).
DATA_DIR_ENV = "AUDIO_SCRABBLE_DATA_DIR"

#: The first slot's name: ``current.json``, ``current.prev.json``, ``current.lock``.
FIRST_SLOT = "current"
CURRENT_NAME = "current.json"
PREVIOUS_NAME = "current.prev.json"
GAMES_FOLDER = "games"
#: A temporary file older than this (seconds) is debris from a crash.
_STALE_TEMP_SECONDS = 60.0
#: Slots tried before giving up on finding a free one.
_MAX_SLOTS = 99
_SLOT_SAVE = re.compile(r"current(?:-(?P<n>[0-9]{1,2}))?\.json")


# ----------------------------------------------------------------- folders
def data_dir() -> Path:
    """The folder for saves and records (it may not exist yet).

    ``AUDIO_SCRABBLE_DATA_DIR`` overrides it; otherwise it is
    ``platformdirs.user_data_dir("audio_scrabble")``, which honours
    ``XDG_DATA_HOME`` on Linux.
    """
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override).expanduser()
    import platformdirs  # only needed when saving

    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def games_folder() -> Path:
    """The games folder of the data folder (:func:`data_dir`): finished
    games' records, games put away, braille files (it may not exist yet)."""
    return data_dir() / GAMES_FOLDER


def _package_dir() -> Path:
    return Path(__file__).resolve().parent.parent


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder)
    except ValueError:
        return False
    return True


def slot_name(n: int) -> str:
    """The name of slot ``n`` (1: ``current``, 2: ``current-2``...)."""
    return FIRST_SLOT if n <= 1 else f"{FIRST_SLOT}-{n}"


# -------------------------------------------------------------- the store
@dataclass(frozen=True)
class SaveOutcome:
    """What :meth:`SaveStore.save` did."""

    path: Path  # the save written, or the game record when the game was over
    finished: bool = False  # the game was over: its record was written, the save removed
    notice: str | None = None  # one sentence about files kept aside, to be spoken
    #: each unfinished game of another found in the way and put away in
    #: ``games/``: its players and its file there (the console says it by
    #: its players, ``Game put away: Ann and Bob.``, never by the path)
    put_away: tuple[tuple[tuple[str, ...], Path], ...] = ()
    #: why a finished game was kept as a save file, not as a GCG record (an
    #: errors.BegunFromPosition for a game begun from a position; None: the
    #: record was written); the console words it (presentation.prompts_saving)
    not_gcg: Exception | None = None


@dataclass(frozen=True)
class ResumedGame:
    """A game rebuilt from its save, with the console's settings."""

    game: Game
    settings: dict[str, Any]
    summary: Summary
    source: Path
    notice: str | None = None  # one sentence about saves set aside, to be spoken


class Kind(Enum):
    """Where a game on file stands (:meth:`SaveStore.catalogue`)."""

    HERE = "here"  # the save of this window's slot
    ELSEWHERE = "elsewhere"  # another slot, held by a game running in another window
    UNFINISHED = "unfinished"  # another slot, its window closed
    PUT_AWAY = "put away"  # games/*.unfinished.json
    FINISHED = "finished"  # games/*.gcg, or a finished game kept as a save

    @property
    def can_open(self) -> bool:
        return self in (Kind.UNFINISHED, Kind.PUT_AWAY)


@dataclass(frozen=True)
class GameOnFile:
    """One game in the data folder, as :meth:`SaveStore.catalogue` lists it."""

    path: Path
    kind: Kind
    names: tuple[str, ...]
    started: datetime | None
    summary: Summary | None = None  # for saves: scores, whose turn
    #: a finished game's GCG record: its final totals (None: unreadable)
    totals: tuple[int, ...] | None = None

    @property
    def scores(self) -> tuple[int, ...] | None:
        """The scores, in the order of ``names`` (a finished game's final ones)."""
        return self.summary.scores if self.summary is not None else self.totals


@dataclass
class _Examined:
    path: Path
    loaded: LoadResult | None = None
    problem: _Bad | None = None
    data: bytes = b""

    @property
    def missing(self) -> bool:
        return self.loaded is None and self.problem is None


@dataclass
class _Problem:
    which: str  # "last save" / "save before the last"
    reason: str
    kept_as: str | None
    too_new: bool


class SaveStore:
    """One slot's save and its previous copy, and the finished games.

    ``directory`` defaults to :func:`data_dir`; it may not be inside the
    program's own folder. Nothing is created until the first save or
    :meth:`claim`.
    """

    def __init__(self, directory: str | os.PathLike[str] | None = None, slot: str = FIRST_SLOT):
        self.directory = Path(os.fspath(directory)).expanduser() if directory is not None else data_dir()
        if _inside(self.directory, _package_dir()):
            raise ValueError(f"Games may not be saved inside the program's folder ({_package_dir()}).")
        self.slot = slot
        self.lock: FolderLock | None = None
        #: what the last catalogue(keep_aside=True) set aside, one sentence each
        self.kept_aside: list[str] = []

    @property
    def current_path(self) -> Path:
        return self.directory / f"{self.slot}.json"

    @property
    def previous_path(self) -> Path:
        return self.directory / f"{self.slot}.prev.json"

    @property
    def games_dir(self) -> Path:
        return self.directory / GAMES_FOLDER

    def _lock_path(self, slot: str) -> Path:
        return self.directory / f"{slot}.lock"

    # ------------------------------------------------------------ slots
    def claim(self) -> bool:
        """Take the first slot no other running game holds, and hold it.

        Returns True when it is the first slot (no other window is
        playing from this folder), False when another window holds it and
        this store moved to a slot of its own (``current-2``...). Calling
        it again keeps the slot held.
        """
        if self.lock is not None:
            return self.slot == FIRST_SLOT
        for n in range(1, _MAX_SLOTS + 1):
            lock = FolderLock.take(self._lock_path(slot_name(n)))
            if lock is not None:
                self.slot, self.lock = slot_name(n), lock
                return n == 1
        return True  # pragma: no cover - 99 windows at once: share the first, as before locks

    def release(self) -> None:
        """Let the slot go (the game is leaving)."""
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def _slot_saves(self) -> list[tuple[str, Path]]:
        """Every slot's save file in the folder, as (slot, path), first slot first."""
        try:
            entries = list(self.directory.iterdir())
        except OSError:
            return []
        found = []
        for entry in entries:
            m = _SLOT_SAVE.fullmatch(entry.name)
            if m and entry.is_file():
                n = int(m["n"] or 1)
                found.append((n, slot_name(n), entry))
        return [(slot, path) for _, slot, path in sorted(found)]

    def _busy(self, slot: str) -> bool:
        return slot != self.slot and FolderLock.busy(self._lock_path(slot))

    def held_elsewhere(self, path: Path) -> bool:
        """Whether ``path`` is the save of a slot another running game holds."""
        m = _SLOT_SAVE.fullmatch(Path(path).name)
        if not m or not Path(path).parent.resolve() == self.directory.resolve():
            return False
        return self._busy(slot_name(int(m["n"] or 1)))

    def waiting_elsewhere(self) -> list[LoadResult]:
        """Unfinished games in other slots whose window is closed, newest first
        (offered when this slot holds none)."""
        out = []
        for slot, path in self._slot_saves():
            if slot == self.slot or self._busy(slot):
                continue
            loaded = self._examine(path).loaded
            if loaded is not None and not loaded.summary.over:
                out.append(loaded)
        return sorted(out, key=lambda x: x.saved_at, reverse=True)

    def catalogue(self, keep_aside: bool = False) -> list[GameOnFile]:
        """Every game on file: this slot's, other slots' (held or not), the
        games put away, and the finished games, in that order, newest first
        within each. Damaged files set aside are not games and are left out.

        ``keep_aside``: a save that cannot be used in a slot no window holds
        (``current-2.json``), or a game put away that cannot be, is renamed
        aside as the first slot's damaged save is, and :attr:`kept_aside`
        says each in one sentence (once: it is not listed again)."""
        self.kept_aside = []
        unfinished: list[GameOnFile] = []
        for slot, path in self._slot_saves():
            ex = self._examine(path)
            loaded = ex.loaded
            if loaded is None:
                if keep_aside and ex.problem is not None and slot != self.slot and not self._busy(slot):
                    self._keep_aside(path, ex.problem, f"Unfinished game in {path.name}")
                continue
            kind = Kind.HERE if slot == self.slot else Kind.ELSEWHERE if self._busy(slot) else Kind.UNFINISHED
            if loaded.summary.over:
                kind = Kind.FINISHED
            unfinished.append(GameOnFile(path, kind, loaded.summary.names, _when(loaded.started), loaded.summary))
        put_away: list[GameOnFile] = []
        finished: list[GameOnFile] = []
        try:
            entries = sorted(self.games_dir.iterdir(), key=lambda p: p.name, reverse=True)
        except OSError:
            entries = []
        for entry in entries:
            name = entry.name
            if name.endswith(".gcg"):
                parts = records.read_stem(name)
                names = tuple(n.replace("_", " ") for n in parts.names) if parts else (name[:-4],)
                names = tuple(clip(n) for n in names)  # a file's name is read too: nothing unprintable said
                finished.append(GameOnFile(entry, Kind.FINISHED, names, parts.started if parts else None,
                                           totals=_final_totals(entry, len(names))))
            elif name.endswith(".json") and ".damaged-" not in name and ".newer-" not in name:
                ex = self._examine(entry)
                loaded = ex.loaded
                if loaded is None:
                    if keep_aside and ex.problem is not None:
                        self._keep_aside(entry, ex.problem, f"The game kept as {GAMES_FOLDER}/{clip(name, 80)}")
                    continue
                kind = Kind.FINISHED if loaded.summary.over else Kind.PUT_AWAY
                item = GameOnFile(entry, kind, loaded.summary.names, _when(loaded.started), loaded.summary)
                (finished if kind is Kind.FINISHED else put_away).append(item)
        order = {Kind.HERE: 0, Kind.ELSEWHERE: 1, Kind.UNFINISHED: 2, Kind.FINISHED: 3}
        unfinished.sort(key=lambda g: order[g.kind])
        head = [g for g in unfinished if g.kind is not Kind.FINISHED]
        tail = [g for g in unfinished if g.kind is Kind.FINISHED]
        by_date = lambda g: g.started or datetime.min  # noqa: E731
        return head + sorted(put_away, key=by_date, reverse=True) + sorted(
            tail + finished, key=by_date, reverse=True)

    def _keep_aside(self, path: Path, problem: _Bad, which: str) -> None:
        kept = self._set_aside(path, problem)
        self.kept_aside.append(_kept_aside_sentence(which, problem, kept))

    def adopt(self, path: Path) -> None:
        """Bring the unfinished game saved in ``path`` into this slot, to be
        resumed with :meth:`resume_game`.

        This slot must hold no unfinished game (put it away first). A save
        in another slot moves here (with the save before it), unless that
        slot's window is still open; a game put away in ``games/`` moves
        here; a save anywhere else is copied (the file is left as it was).
        Raises :class:`SaveFailed` with a sentence when it cannot.
        """
        path = Path(path)
        m = _SLOT_SAVE.fullmatch(path.name)
        try:
            if m and path.parent.resolve() == self.directory.resolve():
                slot = slot_name(int(m["n"] or 1))
                if slot == self.slot:
                    return
                lock = FolderLock.take(self._lock_path(slot))
                if lock is None:
                    raise SaveFailed("That game is open in another window; leave it there first.")
                try:
                    other = SaveStore(self.directory, slot)
                    self._keep_previous_aside()
                    os.replace(other.current_path, self.current_path)
                    if other.previous_path.exists():
                        os.replace(other.previous_path, self.previous_path)
                finally:
                    lock.release()
            elif _inside(path, self.games_dir):
                self._keep_previous_aside()
                os.replace(path, self.current_path)
            else:
                data = read_limited(path, MAX_SAVE_BYTES, "a saved game")
                self.directory.mkdir(parents=True, exist_ok=True)
                self._keep_previous_aside()
                files.atomic_write(self.current_path, data)
        except FileNotFoundError:
            raise SaveFailed("That game is no longer there; it was opened in another window.") from None
        except OSError as e:
            raise SaveFailed(f"That game could not be opened in {self.directory}: {e.strerror or e}.") from e
        files.fsync_dir(self.directory)

    def _keep_previous_aside(self) -> None:
        """Before a game moves into this slot: a save left in the previous
        place is put away (or set aside, if damaged), never overwritten."""
        prev = self._examine(self.previous_path)
        if prev.problem is not None:
            self._set_aside(self.previous_path, prev.problem)
        elif prev.loaded is not None:
            self._archive(self.previous_path, prev.loaded)

    # ------------------------------------------------------------ reading
    def _examine(self, path: Path) -> _Examined:
        ex = _Examined(path)
        try:
            ex.data = read_limited(path, MAX_SAVE_BYTES, "a saved game")
        except FileNotFoundError:
            return ex
        except IsADirectoryError:
            ex.problem = _Bad("it is a folder, not a file")
            return ex
        except OSError as e:
            ex.problem = _Bad(f"it cannot be read ({e.strerror or e})")
            return ex
        try:
            ex.loaded = _decode(ex.data, path)
        except _Bad as e:
            ex.problem = e
        return ex

    def _set_aside(self, path: Path, problem: _Bad) -> str | None:
        """Rename a file that cannot be used; return its new name (None if it could not be moved)."""
        tag = "newer" if problem.too_new else "damaged"
        stem = path.name[: -len(".json")] if path.name.endswith(".json") else path.name
        try:
            target = files.move_to_free_name(path, path.with_name(f"{stem}.{tag}-{files.file_stamp()}.json"))
        except OSError:
            return None
        files.fsync_dir(path.parent)
        return target.name

    def _clean_temporaries(self) -> None:
        """Remove temporary files left by a crash in the middle of a save."""
        try:
            entries = list(self.directory.iterdir())
        except OSError:
            return
        now = time.time()
        for entry in entries:
            n = entry.name
            if n.startswith((f".{self.current_path.name}.", f".{self.previous_path.name}.")) and n.endswith(files.TEMP_SUFFIX):
                try:
                    if now - entry.stat().st_mtime > _STALE_TEMP_SECONDS:
                        entry.unlink()
                except OSError:
                    pass

    def load(self) -> LoadResult | None:
        """The unfinished game's save, checked (all but the replay), or None if there is none.

        A save that cannot be used is renamed with a timestamp
        (``current.damaged-<time>.json``, ``current.newer-<time>.json``)
        and the one before it is tried; the result's ``notice`` says so in
        one sentence, and the good save is copied back to ``current.json``
        so that the next save keeps it as the previous one. If saves
        existed but none can be used, raises
        :class:`SaveFileDamaged` (or :class:`SaveFileTooNew`) with that sentence.
        """
        self._clean_temporaries()
        found = self._load_first_good(None)
        return found[0] if found is not None else None

    def unfinished(self) -> Summary | None:
        """The summary of the unfinished game, if there is one (as :meth:`load`)."""
        loaded = self.load()
        return loaded.summary if loaded is not None and not loaded.summary.over else None

    def resume_game(self, lexicon: WordList | None = None, move_finder: MoveFinder | None = None) -> ResumedGame:
        """The unfinished game, replayed exactly as it was left.

        As :meth:`load`, and a save whose actions do not replay to the
        saved position is set aside too and the one before it tried.
        Pass the word list named in the save's settings. Raises
        :class:`SaveFileDamaged` if no save can be resumed (or there is none).
        """
        self._clean_temporaries()
        found = self._load_first_good(lambda loaded: _replay_checked(loaded, lexicon, move_finder))
        if found is None:
            raise SaveFileDamaged("There is no unfinished game to resume.")
        loaded, game = found
        assert game is not None and loaded.source is not None
        return ResumedGame(game, loaded.settings, loaded.summary, loaded.source, loaded.notice)

    def _load_first_good(
        self, replay: Callable[[LoadResult], Game] | None
    ) -> tuple[LoadResult, Game | None] | None:
        """The first usable save (current, then previous), setting aside the others."""
        problems: list[_Problem] = []
        failed: list[bytes] = []
        for path, which in ((self.current_path, "last save"), (self.previous_path, "save before the last")):
            ex = self._examine(path)
            if ex.missing:
                continue
            if ex.data in failed:
                # A byte-identical copy of a save already set aside: nothing is lost.
                try:
                    path.unlink()
                except OSError:
                    pass
                continue
            game: Game | None = None
            if ex.loaded is not None and replay is not None:
                try:
                    game = replay(ex.loaded)
                except _Bad as e:
                    ex.problem, ex.loaded = e, None
            if ex.loaded is not None:
                notice = _problems_sentence(problems, found=True) if problems else None
                if path != self.current_path:
                    # Make the good save the current one again, so that the next
                    # save rotates it into the previous slot and nothing is lost.
                    try:
                        files.atomic_write(self.current_path, ex.data)
                        path = self.current_path
                    except OSError:
                        pass
                return _with(ex.loaded, source=path, notice=notice), game
            assert ex.problem is not None
            failed.append(ex.data)
            kept = self._set_aside(path, ex.problem)
            problems.append(_Problem(which, ex.problem.reason, kept, ex.problem.too_new))
        if not problems:
            return None
        sentence = _problems_sentence(problems, found=False)
        cls = SaveFileTooNew if all(p.too_new for p in problems) else SaveFileDamaged
        raise cls(sentence)

    # ------------------------------------------------------------ writing
    def save(self, game: Game, settings: Mapping[str, Any] | None = None) -> SaveOutcome:
        """Save the game after an action (or at its start).

        Atomic, and the save before it is kept as ``current.prev.json``. A
        save of another game found in the way is moved to ``games/`` first;
        a damaged one is renamed aside. When the game is over this is
        :meth:`finish`. Raises :class:`SaveFailed` if the disk refuses;
        TypeError if ``settings`` is not plain JSON data.
        """
        if game.is_over:
            return self.finish(game, settings)
        settings = dict(settings or {})
        _plain(settings, "settings")  # a caller's mistake shows before any file is touched
        config, actions = _plain(game.config(), "game set-up"), _plain(game.actions, "actions")
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            self._clean_temporaries()
            notices: list[str] = []
            moved: list[tuple[tuple[str, ...], Path]] = []
            current = self._clear_the_way(config, actions, notices, moved)
            started = current.loaded.started if current is not None and current.loaded else None
            data = encode_save(game, settings, started=started)
            if current is not None and current.loaded is not None and current.loaded.actions != actions:
                files.atomic_write(self.previous_path, current.data)
            files.atomic_write(self.current_path, data)
        except OSError as e:
            raise SaveFailed(f"The game could not be saved in {self.directory}: {e.strerror or e}.") from e
        return SaveOutcome(self.current_path, False, " ".join(notices) or None, put_away=tuple(moved))

    def _clear_the_way(
        self, config: dict[str, Any], actions: list[Any], notices: list[str],
        moved: list[tuple[tuple[str, ...], Path]],
    ) -> _Examined | None:
        """Before writing: keep aside whatever must not be overwritten: a
        save that cannot be used renamed (said in ``notices``), an
        unfinished game of another put away in ``games/`` (its players and
        file added to ``moved``).

        Returns the current save if it is a good save of this same game
        (to become the previous one).
        """
        cur = self._examine(self.current_path)
        prev = self._examine(self.previous_path)
        same_cur = cur.loaded is not None and cur.loaded.same_game(config, actions)
        archived: LoadResult | None = None
        if cur.problem is not None:
            kept = self._set_aside(self.current_path, cur.problem)
            notices.append(_kept_aside_sentence("Last save", cur.problem, kept))
        elif cur.loaded is not None and not same_cur:
            kept_path = self._archive(self.current_path, cur.loaded)
            archived = cur.loaded
            moved.append((tuple(cur.loaded.summary.names), kept_path))
        if prev.problem is not None:
            kept = self._set_aside(self.previous_path, prev.problem)
            notices.append(_kept_aside_sentence("Save before the last", prev.problem, kept))
        elif prev.loaded is not None and not prev.loaded.same_game(config, actions):
            # An older state of the game just put away, or of the current one, adds nothing.
            older_of = [x for x in (archived, cur.loaded) if x is not None]
            if any(x.config == prev.loaded.config and x.actions[: len(prev.loaded.actions)] == prev.loaded.actions
                   for x in older_of):
                self.previous_path.unlink()
            else:
                kept_path = self._archive(self.previous_path, prev.loaded)
                moved.append((tuple(prev.loaded.summary.names), kept_path))
        return cur if same_cur else None

    def _archive(self, path: Path, loaded: LoadResult) -> Path:
        """Move an unfinished game's save into ``games/`` (it is a different game)."""
        self.games_dir.mkdir(parents=True, exist_ok=True)
        target = files.move_to_free_name(
            path, self.games_dir / (records.record_stem(loaded.summary.names, loaded.started) + ".unfinished.json"))
        files.fsync_dir(self.games_dir)
        files.fsync_dir(path.parent)
        return target

    def archive_unfinished(self) -> Path | None:
        """Put the unfinished game away in ``games/`` (the player chose a new game).

        Returns where it went, or None if there was none. A damaged save is
        renamed aside instead (and None returned).
        """
        cur = self._examine(self.current_path)
        try:
            if cur.problem is not None:
                self._set_aside(self.current_path, cur.problem)
                return None
            if cur.loaded is None:
                return None
            prev = self._examine(self.previous_path)
            if prev.loaded is not None and prev.loaded.config == cur.loaded.config:
                self.previous_path.unlink()
            target = self._archive(self.current_path, cur.loaded)
        except OSError as e:
            raise SaveFailed(f"The unfinished game could not be put away in {self.games_dir}: {e.strerror or e}.") from e
        return target

    def finish(self, game: Game, settings: Mapping[str, Any] | None = None) -> SaveOutcome:
        """Keep a game that ended: its GCG record in ``games/``; then remove its save.

        The record is named after the game's start and its players
        (``games/2026-11-21-180102-Alice-v-Bob.gcg``). A game begun from a
        position (which a GCG record cannot hold), or one whose record cannot
        be made, is kept there as its full save (``.json``) instead, so the
        game is never lost; the outcome's ``not_gcg`` says why. Raises
        :class:`SaveFailed` if the disk refuses.
        """
        config, actions = _plain(game.config(), "game set-up"), _plain(game.actions, "actions")
        not_gcg: Exception | None = None
        try:
            self.games_dir.mkdir(parents=True, exist_ok=True)
            cur = self._examine(self.current_path)
            prev = self._examine(self.previous_path)
            mine = [ex for ex in (prev, cur) if ex.loaded is not None and ex.loaded.same_game(config, actions)]
            started = mine[-1].loaded.started if mine and mine[-1].loaded else None
            stem = records.record_stem(game.names, started)
            try:
                data, suffix = records.gcg_bytes(game), ".gcg"
            except (ImportError, ScrabbleError) as e:
                data, suffix, not_gcg = encode_save(game, settings, started=started), ".json", e
            target = self.games_dir / (stem + suffix)
            if not (target.exists() and target.read_bytes() == data):
                # Finished before (its save is gone, so the name's time is now's):
                # the record already kept under another name is the one.
                kept = None if mine else records.same_file(self.games_dir, stem.split("-", 4)[-1], suffix, data)
                if kept is not None:
                    target = kept
                else:
                    # A record is for sharing; a game kept as a save stays private.
                    # Its name is taken exclusively: another window may finish a
                    # game of the same players in the same second.
                    target = files.write_new(target, data, files.SHARED if suffix == ".gcg" else files.PRIVATE)
            for ex in mine:  # previous first: a crash in between leaves the newer save
                ex.path.unlink()
            files.fsync_dir(self.directory)
        except OSError as e:
            raise SaveFailed(f"The finished game could not be kept in {self.games_dir}: {e.strerror or e}.") from e
        return SaveOutcome(target, True, not_gcg=not_gcg)


def _final_totals(path: Path, players: int) -> tuple[int, ...] | None:
    """The final totals a GCG record holds, one a player named in its file
    name (None: unreadable, or other players)."""
    try:
        totals = read_gcg(read_limited(path, GAME_FILE_LIMIT, "a game record")).totals
    except (OSError, ValueError):  # a ScrabbleError is a ValueError
        return None
    return totals if len(totals) == players else None


def _when(started: str) -> datetime | None:
    try:
        return datetime.fromisoformat(started).replace(tzinfo=None)
    except ValueError:
        return None


def _with(loaded: LoadResult, **changes: Any) -> LoadResult:
    return replace(loaded, **changes)


def _state(too_new: bool) -> str:
    """What is wrong with a save, in the words a newcomer knows."""
    return "from a newer version" if too_new else "damaged"


def _kept_where(kept: str | None, reason: str) -> str:
    """Where the file went and why it could not be used, in brackets at
    the sentence's end (``(kept as current.damaged-....json: it is cut
    short ...)``): for whoever helps; the console says the sentence
    without them (``prompts_saving.set_aside_lines``)."""
    if kept:
        return f"(kept as {clip(kept, 80)}: {reason})"
    return f"(left where it was, as it could not be moved: {reason})"


def _kept_aside_sentence(which: str, problem: _Bad, kept: str | None) -> str:
    """A save set aside, in one sentence: short, most important first
    (``Last save damaged; set aside``), then where it went and why."""
    return f"{which} {_state(problem.too_new)}; set aside {_kept_where(kept, problem.reason)}."


def _problems_sentence(problems: list[_Problem], found: bool) -> str:
    """What the player is told of the saves set aside, in one sentence:
    first, short, what happened and what comes now (``Last save damaged;
    the save before it is offered instead``, ``...; no earlier save, so a
    new game starts``), then where each went and why, in brackets."""
    if len(problems) == 1:
        p = problems[0]
        which = f"{p.which[0].upper()}{p.which[1:]}"
        if found:
            now = "the save before it is offered instead"
        elif p.too_new:
            now = "update audio-scrabble to resume it"
        else:
            now = "no earlier save, so a new game starts"
        return f"{which} {_state(p.too_new)}; {now} {_kept_where(p.kept_as, p.reason)}."
    a, b = problems[0], problems[1]
    now = "update audio-scrabble to resume them" if a.too_new and b.too_new else "a new game starts"
    kept = (f"kept as {clip(a.kept_as, 80)} and {clip(b.kept_as, 80)}" if a.kept_as and b.kept_as
            else "left where they were, as they could not be moved")
    head = "Neither save can be used" if a.too_new or b.too_new else "Both saves damaged"
    return f"{head}; {now} ({kept}: the last {a.reason}; the one before {b.reason})."


