"""Never lose a game: autosave, resume, set-aside saves and game records.

The console calls :meth:`SaveStore.save` after every action that changes
the game (and once when a game starts). A save is a small JSON file that
holds the game's set-up (``game.config()``), the list of actions taken
(``game.actions``), a free-form ``settings`` dict from the console
(verbosity, speech, lexicon path, computer levels...), a plain summary
(names, scores, whose turn) for the resume question, and a digest of the
position so that a resumed game is checked to be exactly the game that
was left. The whole is protected by a SHA-256 checksum.

Files in the data folder (:func:`data_dir`)::

    current.json                            the unfinished game
    current.prev.json                       the save before it
    current.damaged-20261121T180102.json    a save that could not be used, kept aside
    current.newer-20261121T180102.json      a save from a newer version, kept aside
    games/2026-11-21-180102-Alice-v-Bob.gcg                 a finished game (GCG record)
    games/2026-11-21-180102-Alice-v-Bob.unfinished.json     an unfinished game put away
                                                            to start another one

Writing is atomic: the new save goes to a temporary file in the same
folder, is flushed to disk (``fsync``), then renamed over ``current.json``,
and the folder itself is flushed; the save before it is first copied to
``current.prev.json`` the same way. A crash or a power cut at any moment
leaves ``current.json`` holding either the old or the new save, whole.

Loading checks everything: the JSON, the format version, the checksum, the
shape of every action, and (in :meth:`SaveStore.resume_game`) that the
actions replay through the rules core to the saved position. A file that
fails is never thrown away: it is renamed with a timestamp, the player is
told in one sentence, and the save before it is offered instead.

A save whose game is different from the one being saved (the player
started a new game) is never overwritten either: it is moved to
``games/`` as ``*.unfinished.json`` first.

Nothing here prints or prompts; the console speaks the sentences this
module returns (``notice`` fields) or raises (:class:`SaveFileDamaged`,
:class:`SaveFileTooNew`, :class:`SaveFailed`, all ``ScrabbleError``).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import time
import unicodedata
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Collection, Mapping, Sequence, TypeGuard

from . import __version__
from .core.game import Game, MoveFinder, WordList
from .core.rules import rules_named
from .errors import RecordError, ScrabbleError

__all__ = [
    "APP",
    "DATA_DIR_ENV",
    "FORMAT_VERSION",
    "LoadResult",
    "ResumedGame",
    "SaveFailed",
    "SaveFileDamaged",
    "SaveFileTooNew",
    "SaveOutcome",
    "SaveStore",
    "Summary",
    "data_dir",
    "decode_save",
    "encode_save",
    "export_record",
    "game_state_digest",
    "resume_question",
]

#: Environment variable naming another data folder (used by tests).
DATA_DIR_ENV = "AUDIO_SCRABBLE_DATA_DIR"

#: Version of the save-file layout. A file with a higher number was written
#: by a newer audio_scrabble and is refused (set aside), never guessed at.
FORMAT_VERSION = 1

#: The "app" field of every save file.
APP = "audio_scrabble"

#: A save file larger than this is not read (a real one is a few kilobytes).
MAX_SAVE_BYTES = 8 * 1024 * 1024

CURRENT_NAME = "current.json"
PREVIOUS_NAME = "current.prev.json"
GAMES_FOLDER = "games"
_TEMP_SUFFIX = ".tmp"
#: A temporary file older than this (seconds) is debris from a crash.
_STALE_TEMP_SECONDS = 60.0

_ACTION_TYPES = ("place", "exchange", "pass", "challenge", "accept")
_DIRECTIONS = (None, "across", "down")


# ------------------------------------------------------------------ errors
class SaveFileDamaged(RecordError):
    """A save file that cannot be used: unreadable, damaged or not replayable."""

    code = "save_damaged"


class SaveFileTooNew(RecordError):
    """A save file written by a newer version of audio_scrabble."""

    code = "save_too_new"


class SaveFailed(ScrabbleError):
    """The game could not be written to disk (full disk, no permission...)."""

    code = "save_failed"


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


def _package_dir() -> Path:
    return Path(__file__).resolve().parent


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder)
    except ValueError:
        return False
    return True


# ----------------------------------------------------------------- summary
@dataclass(frozen=True)
class Summary:
    """What the resume question needs, readable without replaying the game."""

    names: tuple[str, ...]
    scores: tuple[int, ...]
    current: int  # index of the player to act
    turn: int
    bag: int  # tiles left in the bag
    awaiting_final: bool  # the player to act went out; their last play may be challenged
    over: bool
    rules: str
    saved_at: str  # ISO 8601, local time

    @property
    def to_play(self) -> str:
        return self.names[self.current]

    @classmethod
    def of(cls, game: Game, saved_at: str = "") -> "Summary":
        return cls(
            tuple(game.names),
            tuple(game.scores()),
            game.current,
            game.turn,
            len(game.bag),
            game.awaiting_final_challenge,
            game.is_over,
            game.rules.name,
            saved_at,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "names": list(self.names),
            "scores": list(self.scores),
            "current": self.current,
            "turn": self.turn,
            "bag": self.bag,
            "awaiting_final": self.awaiting_final,
            "over": self.over,
            "rules": self.rules,
            "saved_at": self.saved_at,
        }

    @classmethod
    def from_json(cls, data: object) -> "Summary":
        """Read a summary; raises :class:`_Bad` (a reason phrase) if malformed."""
        d = _expect_dict(data, "its summary")
        names = _expect_list(d.get("names"), "its summary")
        scores = _expect_list(d.get("scores"), "its summary")
        if not 2 <= len(names) <= 4 or len(scores) != len(names):
            raise _Bad("its summary does not list two to four players with their scores")
        if not all(isinstance(n, str) for n in names) or not all(_is_int(s) for s in scores):
            raise _Bad("its summary holds a name or score of the wrong kind")
        current, turn, bag = d.get("current"), d.get("turn"), d.get("bag")
        if not (_is_int(current) and 0 <= current < len(names)):
            raise _Bad("its summary names no player to act")
        if not (_is_int(turn) and _is_int(bag)):
            raise _Bad("its summary holds a turn or bag count of the wrong kind")
        awaiting_final, over = d.get("awaiting_final"), d.get("over")
        if not (isinstance(awaiting_final, bool) and isinstance(over, bool)):
            raise _Bad("its summary holds a flag of the wrong kind")
        rules, saved_at = d.get("rules"), d.get("saved_at")
        if not isinstance(rules, str) or not isinstance(saved_at, str):
            raise _Bad("its summary holds rules or a date of the wrong kind")
        return cls(tuple(names), tuple(scores), current, turn, bag, awaiting_final, over, rules, saved_at)


def _join_names(names: Sequence[str]) -> str:
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def resume_question(summary: Summary) -> str:
    """The question asked at start, e.g. ``"Resume the game of Alice and Bob?
    Alice 32, Bob 16; Bob to play. Type yes or no."``"""
    scores = ", ".join(f"{n} {s}" for n, s in zip(summary.names, summary.scores))
    if summary.over:
        state = "the game is over"
    elif summary.awaiting_final:
        state = f"{summary.to_play} has gone out, and the last play may still be challenged"
    else:
        state = f"{summary.to_play} to play"
    return f"Resume the game of {_join_names(summary.names)}? {scores}; {state}. Type yes or no."


# ------------------------------------------------------------ the format
class _Bad(Exception):
    """Internal: why a save file cannot be used, as a phrase that follows "because"."""

    def __init__(self, reason: str, too_new: bool = False):
        super().__init__(reason)
        self.reason = reason
        self.too_new = too_new


def _is_int(x: object) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


def _expect_dict(x: object, what: str) -> dict[str, Any]:
    if not isinstance(x, dict):
        raise _Bad(f"{what} is missing or is not a table")
    return x


def _expect_list(x: object, what: str) -> list[Any]:
    if not isinstance(x, list):
        raise _Bad(f"{what} is missing or is not a list")
    return x


def _canonical(obj: Any) -> bytes:
    """The canonical JSON bytes of plain data (sorted keys, no spaces, ASCII)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False).encode("ascii")


def _checksum(doc: Mapping[str, Any]) -> str:
    """``sha256:<hex>`` of everything in the document but the checksum itself."""
    body = {k: v for k, v in doc.items() if k != "checksum"}
    return "sha256:" + hashlib.sha256(_canonical(body)).hexdigest()


def _plain(obj: Any, what: str) -> Any:
    """``obj`` as it will read back from JSON (tuples as lists, keys as strings).

    Raises TypeError if it is not plain JSON data (a programming error of
    the caller, not a player's mistake).
    """
    try:
        return json.loads(json.dumps(obj, allow_nan=False))
    except (TypeError, ValueError, RecursionError) as e:
        raise TypeError(f"The {what} cannot be saved: they must be plain JSON data ({e}).") from e


def game_state_digest(game: Game) -> str:
    """A SHA-256 over everything a player can tell about the position.

    Board, racks (in order), bag (tiles in order and the generator's state),
    scores, the player to act, the turn, the challenge window and the end.
    Two games with the same digest play on identically.
    """
    state = {
        "board": game.board.rows_text(),
        "racks": [list(p.rack) for p in game.players],
        "scores": list(game.scores()),
        "bag": list(game.bag.tiles),
        "bag_state": game.bag.state,
        "current": game.current,
        "turn": game.turn,
        "pending": game.pending_play is not None,
        "awaiting_final": game.awaiting_final_challenge,
        "over": game.is_over,
        "events": len(game.history),
    }
    return hashlib.sha256(_canonical(state)).hexdigest()


def _now() -> datetime:
    return datetime.now().astimezone()


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


def encode_save(
    game: Game,
    settings: Mapping[str, Any] | None = None,
    *,
    started: str | None = None,
    saved_at: str | None = None,
) -> bytes:
    """The bytes of a save file for ``game`` (see the module doc)."""
    saved_at = saved_at or _iso(_now())
    payload = {
        "started": started or saved_at,
        "saved_at": saved_at,
        "config": _plain(game.config(), "game set-up"),
        "actions": _plain(game.actions, "actions"),
        "settings": _plain(dict(settings or {}), "settings"),
        "summary": Summary.of(game, saved_at).to_json(),
        "state": game_state_digest(game),
    }
    doc: dict[str, Any] = {"app": APP, "format": FORMAT_VERSION, "version": __version__, "payload": payload}
    doc["checksum"] = _checksum(doc)
    return _layout(doc).encode("ascii")


def _layout(doc: Mapping[str, Any]) -> str:
    """The save as JSON text a person can read: one field per line, one action per line."""

    def c(x: Any) -> str:
        return json.dumps(x, sort_keys=True, ensure_ascii=True, allow_nan=False)

    fields = [f" {c(k)}: {c(v)}" for k, v in sorted(doc.items()) if k != "payload"]
    payload = doc["payload"]
    inner = []
    for k, v in sorted(payload.items()):
        if k == "actions" and v:
            v_text = "[\n" + ",\n".join(f"   {c(a)}" for a in v) + "\n  ]"
        else:
            v_text = c(v)
        inner.append(f"  {c(k)}: {v_text}")
    fields.append(' "payload": {\n' + ",\n".join(inner) + "\n }")
    return "{\n" + ",\n".join(fields) + "\n}\n"


@dataclass(frozen=True)
class LoadResult:
    """A save file read and checked (all but the replay)."""

    config: dict[str, Any]  # {"names", "rules", "seed"}
    actions: list[dict[str, Any]]
    settings: dict[str, Any]
    summary: Summary
    started: str  # when the game started (ISO 8601)
    saved_at: str
    state: str  # game_state_digest of the saved position
    version: str  # the audio_scrabble version that wrote it
    source: Path | None = None  # the file it was read from
    notice: str | None = None  # one sentence about saves set aside, to be spoken

    def same_game(self, config: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> bool:
        """Whether a game with this set-up and actions continues this save."""
        return dict(config) == self.config and list(actions[: len(self.actions)]) == self.actions

    def replay(self, lexicon: WordList | None = None, move_finder: MoveFinder | None = None) -> Game:
        """The saved game, rebuilt through the rules core and checked against
        the saved position. Raises :class:`SaveFileDamaged` if it does not replay."""
        name = self.source.name if self.source else "the save"
        try:
            return _replay_checked(self, lexicon, move_finder)
        except _Bad as e:
            raise SaveFileDamaged(f"The game in {name} cannot be resumed because {e.reason}.") from None


def _replay_checked(loaded: LoadResult, lexicon: WordList | None, move_finder: MoveFinder | None) -> Game:
    try:
        rules = rules_named(loaded.config["rules"])
        game = Game.replay(loaded.config, loaded.actions, rules, lexicon, move_finder)
    except ScrabbleError as e:
        raise _Bad(f"its actions do not replay ({_unsentence(str(e))})") from e
    except Exception as e:  # a damaged file must never crash the game at start
        raise _Bad(f"its actions do not replay ({type(e).__name__})") from e
    if game_state_digest(game) != loaded.state:
        raise _Bad(
            "its actions do not lead to the position that was saved (was the word list changed?)"
        )
    return game


def _unsentence(text: str) -> str:
    """A sentence made into a phrase to embed in another sentence ("The game..." -> "the game...")."""
    text = text.strip().rstrip(".").replace(". ", "; ")
    if len(text) > 1 and (text[1].islower() or text[1] == " ") and text[0] != "I":
        return text[0].lower() + text[1:]
    return text


def _check_action(action: object, n: int) -> None:
    where = f"its action {n}"
    a = _expect_dict(action, where)
    kind = a.get("type")
    if kind not in _ACTION_TYPES:
        raise _Bad(f"{where} is of no known kind")
    if kind == "place":
        tiles = a.get("tiles")
        if not isinstance(tiles, list) or not 1 <= len(tiles) <= 7:
            raise _Bad(f"{where} places no tiles or too many")
        for t in tiles:
            if not (
                isinstance(t, list)
                and len(t) == 4
                and _is_int(t[0])
                and _is_int(t[1])
                and isinstance(t[2], str)
                and isinstance(t[3], bool)
            ):
                raise _Bad(f"{where} holds a tile of the wrong shape")
        if a.get("direction") not in _DIRECTIONS:
            raise _Bad(f"{where} has no known direction")
    elif kind == "exchange":
        if not isinstance(a.get("tiles"), str):
            raise _Bad(f"{where} names no tiles to exchange")
    elif kind == "challenge":
        who = a.get("challenger")
        if who is not None and not _is_int(who):
            raise _Bad(f"{where} names no challenger")


def decode_save(data: bytes, source: Path | None = None) -> LoadResult:
    """Read the bytes of a save file and check them (all but the replay).

    Raises :class:`SaveFileDamaged` or :class:`SaveFileTooNew` with a
    sentence naming the file (``source``) and what is wrong.
    """
    name = source.name if source else "The save file"
    try:
        return _decode(data, source)
    except _Bad as e:
        cls = SaveFileTooNew if e.too_new else SaveFileDamaged
        raise cls(f"{name} cannot be used because {e.reason}.") from None


def _decode(data: bytes, source: Path | None) -> LoadResult:
    if not data.strip():
        raise _Bad("it is empty")
    if len(data) > MAX_SAVE_BYTES:
        raise _Bad("it is far too large to be a save file")
    try:
        doc = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise _Bad("it is not text (it may be damaged)") from None
    except (ValueError, RecursionError):
        raise _Bad("it is cut short or damaged (it is not valid JSON)") from None
    if not isinstance(doc, dict) or doc.get("app") != APP:
        raise _Bad("it is not a save file of audio_scrabble")
    fmt, version = doc.get("format"), doc.get("version")
    if not _is_int(fmt) or fmt < 1:
        raise _Bad("its format number is damaged")
    if fmt > FORMAT_VERSION:
        shown = f"version {version}" if isinstance(version, str) and len(version) < 40 else "a newer version"
        raise _Bad(
            f"it was written by a newer audio_scrabble ({shown}, save format {fmt}; this one reads format {FORMAT_VERSION})",
            too_new=True,
        )
    try:
        ok = doc.get("checksum") == _checksum(doc)
    except (ValueError, TypeError, RecursionError):
        ok = False
    if not ok:
        raise _Bad("its checksum does not match its content (it was damaged or edited)")
    p = _expect_dict(doc.get("payload"), "its content")
    config = _expect_dict(p.get("config"), "its game set-up")
    names = config.get("names")
    if not (isinstance(names, list) and 2 <= len(names) <= 4 and all(isinstance(x, str) for x in names)):
        raise _Bad("its game set-up does not name two to four players")
    if not isinstance(config.get("rules"), str) or not _is_int(config.get("seed")):
        raise _Bad("its game set-up has no rules or seed")
    try:
        rules_named(config["rules"])
    except ScrabbleError:
        raise _Bad(f"its rules {config['rules'][:40]!r} are unknown") from None
    actions = _expect_list(p.get("actions"), "its list of actions")
    for n, a in enumerate(actions, start=1):
        _check_action(a, n)
    settings = _expect_dict(p.get("settings"), "its settings")
    summary = Summary.from_json(p.get("summary"))
    started, saved_at, state = p.get("started"), p.get("saved_at"), p.get("state")
    if not (isinstance(started, str) and isinstance(saved_at, str) and isinstance(state, str)):
        raise _Bad("its dates or position digest are missing")
    try:
        datetime.fromisoformat(started)
    except ValueError:
        raise _Bad("its starting date is damaged") from None
    return LoadResult(
        config, actions, settings, summary, started, saved_at, state, str(version), source
    )


# ------------------------------------------------------------ atomic files
def _fsync_dir(folder: Path) -> None:
    """Flush a folder's entries (renames) to disk; a no-op where unsupported."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # e.g. Windows: folders cannot be opened, and renames are durable there
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that it holds the old bytes or the new, whole.

    A temporary file in the same folder is written and flushed to disk,
    then renamed over ``path``; then the folder is flushed. On failure the
    temporary file is removed and the OSError raised.
    """
    folder = path.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=_TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(folder)


def _file_stamp(moment: datetime | None = None) -> str:
    return (moment or _now()).strftime("%Y%m%dT%H%M%S")


_SUFFIXES = (".unfinished.json", ".json", ".gcg")


def _unique(path: Path) -> Path:
    """``path``, or the same name with ``-2``, ``-3``... before its suffix if taken
    (``x.damaged-20261121T180102-2.json``, ``...-Alice-v-Bob-2.gcg``)."""
    if not path.exists():
        return path
    name = path.name
    ext = next((e for e in _SUFFIXES if name.endswith(e) and len(name) > len(e)), path.suffix)
    base = name[: len(name) - len(ext)] if ext else name
    n = 2
    while True:
        candidate = path.with_name(f"{base}-{n}{ext}")
        if not candidate.exists():
            return candidate
        n += 1


def _safe_name(name: str, limit: int = 32) -> str:
    """A player's name as a piece of a file name (ASCII letters, digits, - and _)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    plain = re.sub(r"[^A-Za-z0-9]+", "_", plain).strip("_")
    return plain[:limit] or "player"


def record_stem(names: Sequence[str], started: str | None = None) -> str:
    """``2026-11-21-180102-Alice-v-Bob``: the name of a game's files in ``games/``."""
    try:
        moment = datetime.fromisoformat(started) if started else _now()
    except ValueError:
        moment = _now()
    return moment.strftime("%Y-%m-%d-%H%M%S") + "-" + "-v-".join(_safe_name(n) for n in names)


def export_record(game: Game, path: str | os.PathLike[str], *, private: Collection[int] = ()) -> Path:
    """Write the game so far as a GCG record to ``path`` (the console's ``export``).

    ``private`` are the players whose racks are not to be shown while the
    game goes on (in a game against the computer, the computer's; with
    several people at one computer, everyone's): their move lines show only
    the tiles they played, and their exchanges only how many tiles, so the
    record still verifies. Once the game is over, every rack is shown.

    ``~`` is expanded; a folder gets a new file named after the time and
    the players (never one already there); a name without a suffix gets
    ``.gcg``. Returns the path written. Raises :class:`SaveFailed` (a
    sentence, with the OSError as its cause when the disk refused) if it
    cannot be written, or a RecordError from the GCG writer.
    """
    target = Path(os.fspath(path)).expanduser()
    if target.is_dir():
        target = _unique(target / (record_stem(game.names) + ".gcg"))
    elif not target.suffix:
        target = target.with_suffix(".gcg")
    hidden = [] if game.is_over else sorted(set(private))
    data = _gcg_bytes(game, hidden)
    try:
        _atomic_write(target, data)
    except OSError as e:
        raise SaveFailed(f"The game could not be written to {target}: {e.strerror or e}.") from e
    except ValueError:  # e.g. a NUL character in the name
        raise SaveFailed(f"The game could not be written to {str(target)!r}: that is not a usable file name.") from None
    return target


def _gcg_bytes(game: Game, private: Sequence[int] = ()) -> bytes:
    """The game's GCG record, the racks of ``private`` players kept private
    (see :func:`export_record`)."""
    from .notation import gcg_bytes, record_from_game

    record = record_from_game(game)
    if private:
        nicks = {record.players[i].nick for i in private if 0 <= i < len(record.players)}
        record.moves = _racks_kept_private(record.moves, nicks)
    return gcg_bytes(record)


def _racks_kept_private(moves: Sequence[Any], nicks: set[str]) -> list[Any]:
    """Move lines (notation.GcgMove) with the racks of ``nicks`` left out.

    A play's rack becomes the tiles it played (a blank as ``?``), and a
    play taken back keeps that; an exchange says only how many tiles went
    back; other lines show no rack.
    """
    from .notation import MoveKind

    out: list[Any] = []
    played: dict[str, str] = {}
    for m in moves:
        if m.nick not in nicks:
            out.append(m)
        elif m.kind is MoveKind.PLAY:
            tiles = "".join(c if c.isupper() else "?" for c in (m.word or "") if c.isalpha())
            played[m.nick] = tiles
            out.append(replace(m, rack=tiles))
        elif m.kind is MoveKind.WITHDRAWN:
            out.append(replace(m, rack=played.get(m.nick, "")))
        elif m.kind is MoveKind.EXCHANGE:
            out.append(replace(m, rack="", tiles="", count=m.exchanged_count))
        else:
            out.append(replace(m, rack=""))
    return out


# -------------------------------------------------------------- the store
@dataclass(frozen=True)
class SaveOutcome:
    """What :meth:`SaveStore.save` did."""

    path: Path  # the save written, or the game record when the game was over
    finished: bool = False  # the game was over: its record was written, the save removed
    notice: str | None = None  # one sentence about files kept aside, to be spoken


@dataclass(frozen=True)
class ResumedGame:
    """A game rebuilt from its save, with the console's settings."""

    game: Game
    settings: dict[str, Any]
    summary: Summary
    source: Path
    notice: str | None = None  # one sentence about saves set aside, to be spoken


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
    which: str  # "the last save" / "the save before it"
    reason: str
    kept_as: str | None
    too_new: bool


class SaveStore:
    """The unfinished game's save, its previous copy, and the finished games.

    ``directory`` defaults to :func:`data_dir`; it may not be inside the
    program's own folder. Nothing is created until the first save.
    """

    def __init__(self, directory: str | os.PathLike[str] | None = None):
        self.directory = Path(os.fspath(directory)).expanduser() if directory is not None else data_dir()
        if _inside(self.directory, _package_dir()):
            raise ValueError(f"Games may not be saved inside the program's folder ({_package_dir()}).")

    @property
    def current_path(self) -> Path:
        return self.directory / CURRENT_NAME

    @property
    def previous_path(self) -> Path:
        return self.directory / PREVIOUS_NAME

    @property
    def games_dir(self) -> Path:
        return self.directory / GAMES_FOLDER

    # ------------------------------------------------------------ reading
    def _examine(self, path: Path) -> _Examined:
        ex = _Examined(path)
        try:
            with open(path, "rb") as handle:
                ex.data = handle.read(MAX_SAVE_BYTES + 1)
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
        target = _unique(path.with_name(f"{stem}.{tag}-{_file_stamp()}.json"))
        try:
            os.replace(path, target)
        except OSError:
            return None
        _fsync_dir(path.parent)
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
            if n.startswith((f".{CURRENT_NAME}.", f".{PREVIOUS_NAME}.")) and n.endswith(_TEMP_SUFFIX):
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
        for path, which in ((self.current_path, "the last save"), (self.previous_path, "the save before it")):
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
                        _atomic_write(self.current_path, ex.data)
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
            current = self._clear_the_way(config, actions, notices)
            started = current.loaded.started if current is not None and current.loaded else None
            data = encode_save(game, settings, started=started)
            if current is not None and current.loaded is not None and current.loaded.actions != actions:
                _atomic_write(self.previous_path, current.data)
            _atomic_write(self.current_path, data)
        except OSError as e:
            raise SaveFailed(f"The game could not be saved in {self.directory}: {e.strerror or e}.") from e
        return SaveOutcome(self.current_path, False, " ".join(notices) or None)

    def _clear_the_way(
        self, config: dict[str, Any], actions: list[Any], notices: list[str]
    ) -> _Examined | None:
        """Before writing: keep aside whatever must not be overwritten.

        Returns the current save if it is a good save of this same game
        (to become the previous one).
        """
        cur = self._examine(self.current_path)
        prev = self._examine(self.previous_path)
        same_cur = cur.loaded is not None and cur.loaded.same_game(config, actions)
        archived: LoadResult | None = None
        if cur.problem is not None:
            kept = self._set_aside(self.current_path, cur.problem)
            notices.append(_kept_aside_sentence("The last save", cur.problem, kept))
        elif cur.loaded is not None and not same_cur:
            kept_path = self._archive(self.current_path, cur.loaded)
            archived = cur.loaded
            notices.append(
                f"The unfinished game of {_join_names(cur.loaded.summary.names)} was kept as "
                f"{GAMES_FOLDER}/{kept_path.name}."
            )
        if prev.problem is not None:
            kept = self._set_aside(self.previous_path, prev.problem)
            notices.append(_kept_aside_sentence("The save before the last", prev.problem, kept))
        elif prev.loaded is not None and not prev.loaded.same_game(config, actions):
            # An older state of the game just put away, or of the current one, adds nothing.
            older_of = [x for x in (archived, cur.loaded) if x is not None]
            if any(x.config == prev.loaded.config and x.actions[: len(prev.loaded.actions)] == prev.loaded.actions
                   for x in older_of):
                self.previous_path.unlink()
            else:
                kept_path = self._archive(self.previous_path, prev.loaded)
                notices.append(
                    f"The unfinished game of {_join_names(prev.loaded.summary.names)} was kept as "
                    f"{GAMES_FOLDER}/{kept_path.name}."
                )
        return cur if same_cur else None

    def _archive(self, path: Path, loaded: LoadResult) -> Path:
        """Move an unfinished game's save into ``games/`` (it is a different game)."""
        self.games_dir.mkdir(parents=True, exist_ok=True)
        target = _unique(self.games_dir / (record_stem(loaded.summary.names, loaded.started) + ".unfinished.json"))
        os.replace(path, target)
        _fsync_dir(self.games_dir)
        _fsync_dir(path.parent)
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
        (``games/2026-11-21-180102-Alice-v-Bob.gcg``). If the record cannot
        be made, the full save is kept there as ``.json`` instead, so the
        game is never lost. Raises :class:`SaveFailed` if the disk refuses.
        """
        config, actions = _plain(game.config(), "game set-up"), _plain(game.actions, "actions")
        notice = None
        try:
            self.games_dir.mkdir(parents=True, exist_ok=True)
            cur = self._examine(self.current_path)
            prev = self._examine(self.previous_path)
            mine = [ex for ex in (prev, cur) if ex.loaded is not None and ex.loaded.same_game(config, actions)]
            started = mine[-1].loaded.started if mine and mine[-1].loaded else None
            stem = record_stem(game.names, started)
            try:
                data, suffix = _gcg_bytes(game), ".gcg"
            except (ImportError, ScrabbleError) as e:
                data, suffix = encode_save(game, settings, started=started), ".json"
                notice = f"The game could not be written as a GCG record ({_unsentence(str(e))}), so it was kept as a save file."
            target = self.games_dir / (stem + suffix)
            if not (target.exists() and target.read_bytes() == data):
                # Finished before (its save is gone, so the name's time is now's):
                # the record already kept under another name is the one.
                kept = None if mine else _same_file(self.games_dir, stem.split("-", 4)[-1], suffix, data)
                if kept is not None:
                    target = kept
                else:
                    target = _unique(target)
                    _atomic_write(target, data)
            for ex in mine:  # previous first: a crash in between leaves the newer save
                ex.path.unlink()
            _fsync_dir(self.directory)
        except OSError as e:
            raise SaveFailed(f"The finished game could not be kept in {self.games_dir}: {e.strerror or e}.") from e
        return SaveOutcome(target, True, notice)


def _same_file(folder: Path, players: str, suffix: str, data: bytes) -> Path | None:
    """A file in ``folder`` of these players' games (``...-Alice-v-Bob[-N].gcg``) holding ``data``."""
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return None
    pattern = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{6}-" + re.escape(players) + r"(-[0-9]+)?" + re.escape(suffix))
    for entry in entries:
        if pattern.fullmatch(entry.name):
            try:
                if entry.stat().st_size == len(data) and entry.read_bytes() == data:
                    return entry
            except OSError:
                continue
    return None


def _with(loaded: LoadResult, **changes: Any) -> LoadResult:
    return replace(loaded, **changes)


def _kept_aside_sentence(which: str, problem: _Bad, kept: str | None) -> str:
    where = f"it was kept as {kept}" if kept else "it could not be moved aside and was left as it is"
    return f"{which} could not be used because {problem.reason}; {where}."


def _problems_sentence(problems: list[_Problem], found: bool) -> str:
    """One sentence telling the player which saves were set aside, and why."""

    def kept(p: _Problem) -> str:
        return f"kept as {p.kept_as}" if p.kept_as else "left where it was (it could not be moved)"

    if len(problems) == 1:
        p = problems[0]
        head = f"{p.which[0].upper()}{p.which[1:]} could not be used because {p.reason}; it was {kept(p)}"
        if found:
            return head + ", and the save before it is offered instead."
        return head + ", and there is no earlier save to offer."
    a, b = problems[0], problems[1]
    return (
        f"Neither save could be used, the last because {a.reason} and the one before because {b.reason}; "
        f"the last was {kept(a)} and the one before {kept(b)}."
    )

