"""The save file: its format, its checksum, and the digest of a position.

A save is a small JSON file that holds the game's set-up
(``game.config()``), the list of actions taken (``game.actions``), a
``settings`` table from the console (see :mod:`.table_state`), a plain
summary (names, scores, whose turn) for the resume question, and a digest
of the position so that a resumed game is checked to be exactly the game
that was left. The whole is protected by a SHA-256 checksum.

Loading checks everything: the JSON, the format version, the checksum, the
shape of every action, and (:meth:`LoadResult.replay`) that the actions
replay through the rules core to the saved position. Nothing here touches
a file: :mod:`.store` reads and writes them.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Mapping, Sequence, TypeGuard

from .. import __version__
from ..core.game import Game, MoveFinder, WordList
from ..core.rules import rules_named
from ..reading import GAME_FILE_LIMIT
from ..errors import RecordError, ScrabbleError
from ..notation.names import name_fault
from . import files

#: Version of the save-file layout. A file with a higher number was written
#: by a newer audio_scrabble and is refused (set aside), never guessed at.
FORMAT_VERSION = 1

#: The "app" field of every save file.
APP = "audio_scrabble"

#: A save file larger than this is not read (a real one is a few kilobytes):
#: a game's file, as every reader of one limits it (audio_scrabble.reading).
MAX_SAVE_BYTES = GAME_FILE_LIMIT

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


# ----------------------------------------------------------------- summary
@dataclass(frozen=True)
class Summary:
    """What the resume question needs, readable without replaying the game."""

    names: tuple[str, ...]
    scores: tuple[int, ...]
    current: int  # index of the player to act
    turn: int
    bag: int  # tiles left in the bag
    awaiting_final: bool  # the player to act made the last play; it may still be challenged
    over: bool
    rules: str
    saved_at: str  # ISO 8601, local time
    #: why the game waits on that last play (Game.final_reason): "out",
    #: "no_moves" or "scoreless_turns"; None when it does not wait (or an
    #: older save, which only waited when a player went out)
    final_reason: str | None = None

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
            game.final_reason if game.awaiting_final_challenge else None,
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
            "final_reason": self.final_reason,
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
        final_reason = d.get("final_reason")
        if final_reason is not None and not isinstance(final_reason, str):
            raise _Bad("its summary holds a reason of the wrong kind")
        return cls(tuple(names), tuple(scores), current, turn, bag, awaiting_final, over, rules, saved_at,
                   final_reason)


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
    elif summary.awaiting_final and summary.final_reason not in (None, "out"):
        state = f"{summary.to_play}'s play ends the game, and it may still be challenged"
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


def encode_save(
    game: Game,
    settings: Mapping[str, Any] | None = None,
    *,
    started: str | None = None,
    saved_at: str | None = None,
) -> bytes:
    """The bytes of a save file for ``game`` (see the module doc)."""
    saved_at = saved_at or files.iso(files.now())
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


def _check_names(names: Sequence[str], where: str) -> None:
    """The check a typed name passes (notation/names.py), for the names a
    save holds: one that would reach the terminal as it is (an escape
    code) makes the save unusable, said without it."""
    for name in names:
        fault = name_fault(name)
        if fault is not None:
            raise _Bad(f"a player's name in {where} {fault}")


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
    _check_names(names, "its game set-up")
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
    _check_names(summary.names, "its summary")
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


