"""The data folder's online part: the account, the device's keys, and a log
per game.

Layout, under the data folder (:func:`persistence.store.data_dir`)::

    online/               0700
      account.json        0600: homeserver, user id, device id, access
                          token, and the key that locks the device's keys
      keys/               0700: the encryption store of this device (nio's)
      seeds.json          0600: the seed of each deal this device takes part in
      catchup_box.key     0600: this computer's catch-up box (online/catchup.py)
      games/              0700: one append-only log per game room
      ends_noted          made at the first start whose program notes in
                          each game's log the end said (a game over
                          before then, with no note, ended earlier)

The password is never written anywhere: signing in trades it for an
access token at once. Signing out forgets the token and the device's keys
(the device is logged out on the server, so its keys are of no more use);
the games' logs stay.

A game's log (:class:`GameLog`) is a JSON-lines file, each line flushed to
disk before ``append`` returns, so a program killed at any moment finds
every record it had sent or received, and the ones it meant to send
(``outbox`` entries without a ``sent`` one: send them again with the same
transaction id, which never makes a second message). A line cut short by
a kill is ignored on reading.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import threading
from collections.abc import Iterator, Mapping, MutableMapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..persistence.files import PRIVATE, atomic_write, fsync_dir
from ..persistence.store import data_dir
from .failures import AccountDamaged

ONLINE_FOLDER = "online"
#: mode of the online folders: the owner's only
PRIVATE_DIR = 0o700


def _private_dir(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIR)
    try:
        os.chmod(path, PRIVATE_DIR)
    except OSError:
        pass  # e.g. a folder on a file system without modes
    return path


@dataclass(frozen=True)
class Account:
    """One signed-in device. ``__repr__`` hides the secrets."""

    homeserver: str
    user_id: str
    device_id: str
    access_token: str
    #: locks the device's keys in the key store
    pickle_key: str

    def __repr__(self) -> str:
        return f"Account({self.user_id} on {self.homeserver}, device {self.device_id})"

    __str__ = __repr__


class OnlineStore:
    """The online part of the data folder (``folder`` for tests)."""

    def __init__(self, folder: str | os.PathLike[str] | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir() / ONLINE_FOLDER

    @property
    def account_path(self) -> Path:
        return self.folder / "account.json"

    @property
    def keys_dir(self) -> Path:
        return self.folder / "keys"

    @property
    def games_dir(self) -> Path:
        return self.folder / "games"

    def ensure(self) -> None:
        """Make the folders (0700) if they are missing."""
        _private_dir(self.folder)
        _private_dir(self.keys_dir)
        _private_dir(self.games_dir)

    # ---------------------------------------------------------- account
    def load_account(self) -> Account | None:
        """The account on file, or None (never signed in, or signed out)."""
        try:
            raw = self.account_path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError:
            raise AccountDamaged() from None
        try:
            data = json.loads(raw)
            return Account(**{k: str(data[k]) for k in Account.__dataclass_fields__})
        except (ValueError, KeyError, TypeError):
            raise AccountDamaged() from None

    def save_account(self, account: Account) -> None:
        self.ensure()
        data = json.dumps(asdict(account), indent=1).encode()
        atomic_write(self.account_path, data, PRIVATE)
        try:
            os.chmod(self.account_path, PRIVATE)
        except OSError:
            pass

    def forget_account(self) -> None:
        """Remove the account file and the device's keys (the games' logs stay)."""
        try:
            self.account_path.unlink()
        except FileNotFoundError:
            pass
        if self.keys_dir.exists():
            shutil.rmtree(self.keys_dir, ignore_errors=True)
        if self.folder.exists():
            fsync_dir(self.folder)

    def protect_keys(self) -> None:
        """Make every file of the key store the owner's only (0600): the
        encryption library creates them with the process's default mode."""
        if not self.keys_dir.exists():
            return
        for path in self.keys_dir.rglob("*"):
            try:
                os.chmod(path, PRIVATE_DIR if path.is_dir() else PRIVATE)
            except OSError:
                pass

    @property
    def seeds_path(self) -> Path:
        return self.folder / "seeds.json"

    def seeds(self) -> "SeedFile":
        """The deals' seeds of this device's games (game id -> 32 bytes), 0600."""
        return SeedFile(self.seeds_path)

    @property
    def box_path(self) -> Path:
        return self.folder / "catchup_box.key"

    def catchup_secret(self) -> bytes:
        """The secret of this computer's catch-up box (32 bytes, 0600, made
        once): a new device asks for a game with its public half, and its
        player's own other device seals the deal's seed to it
        (:mod:`.catchup`). Never logged."""
        try:
            secret = bytes.fromhex(self.box_path.read_text().strip())
            if len(secret) == 32:
                return secret
        except (OSError, ValueError):
            pass
        self.ensure()
        secret = os.urandom(32)
        atomic_write(self.box_path, secret.hex().encode(), PRIVATE)
        return secret

    @property
    def ends_noted_path(self) -> Path:
        return self.folder / "ends_noted"

    def ends_noted(self) -> bool:
        """Whether every game's log here notes its end once said (made by
        :meth:`note_ends` at the first start of a program that does): a
        game over with no such note ended before, unless this is that start."""
        return self.ends_noted_path.exists()

    def note_ends(self) -> None:
        """From now on every game's log here notes its end once said."""
        if not self.ends_noted():
            self.ensure()
            atomic_write(self.ends_noted_path, b"1\n", PRIVATE)

    # ---------------------------------------------------------- games
    def game_log(self, room: str) -> GameLog:
        self.ensure()
        return GameLog(self.games_dir / f"{_room_stem(room)}.jsonl", room)

    def game_logs(self) -> list[GameLog]:
        """The log of every game on file, in no particular order."""
        if not self.games_dir.is_dir():
            return []
        logs = []
        for path in sorted(self.games_dir.glob("*.jsonl")):
            room = GameLog.room_of(path)
            if room is not None:
                logs.append(GameLog(path, room))
        return logs


class SeedFile(MutableMapping[str, bytes]):
    """The seeds of the deals this device takes part in (a game link's
    ``seeds``): kept in one JSON file, 0600, written whole on each change,
    so a restart reads the keys sealed to it. Never logged; its repr shows
    only how many it holds."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        try:
            raw = json.loads(path.read_bytes())
            self._data = {str(k): bytes.fromhex(str(v)) for k, v in raw.items()}
        except FileNotFoundError:
            self._data = {}
        except (OSError, ValueError, AttributeError):
            raise AccountDamaged() from None

    def _write(self) -> None:
        _private_dir(self.path.parent)
        data = json.dumps({k: v.hex() for k, v in self._data.items()}).encode()
        atomic_write(self.path, data, PRIVATE)

    def __getitem__(self, key: str) -> bytes:
        return self._data[key]

    def __setitem__(self, key: str, value: bytes) -> None:
        with self._lock:
            if self._data.get(key) == value:
                return
            self._data[key] = bytes(value)
            self._write()

    def __delitem__(self, key: str) -> None:
        with self._lock:
            del self._data[key]
            self._write()

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._data))

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"SeedFile({len(self._data)} games)"


def _room_stem(room: str) -> str:
    # room ids hold characters that file names cannot (! and : on Windows)
    return hashlib.sha256(room.encode()).hexdigest()[:24]


class GameLog:
    """The append-only log of one game's room on this computer.

    Entries (one JSON object a line, after a first line naming the room):

    * ``{"kind": "outbox", "txn_id", "body", "record"}``: about to be sent;
    * ``{"kind": "sent", "txn_id", "event_id"}``: the server took it;
    * ``{"kind": "dropped", "txn_id"}``: not sent again after a restart (no longer due);
    * ``{"kind": "received", "event_id", "sender", "body", "record", "ts"}``;
    * ``{"kind": "seen", "events": N}``: the game's first N history events
      were said at a table here (:meth:`seen`, :meth:`mark_seen`).
    """

    #: the kind of the mark of what was said at a table
    SEEN = "seen"

    def __init__(self, path: Path, room: str) -> None:
        self.path = path
        self.room = room
        #: the last "seen" mark, once read from the file (None: not read yet)
        self._seen: int | None = None

    def seen(self) -> int:
        """How many of the game's history events were last said at a table
        here (0: no mark noted)."""
        if self._seen is None:
            marks = [e.get("events") for e in self.entries() if e.get("kind") == self.SEEN]
            self._seen = max((m for m in marks if isinstance(m, int)), default=0)
        return self._seen

    def mark_seen(self, count: int) -> None:
        """The game's first ``count`` history events have been said here:
        noted once (a mark no further than the last one is not written)."""
        if count > self.seen():
            self.append(self.SEEN, events=count)
            self._seen = count

    @staticmethod
    def room_of(path: Path) -> str | None:
        try:
            with open(path, "rb") as handle:
                first = json.loads(handle.readline())
            return str(first["room"])
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def _append_line(self, entry: Mapping[str, Any]) -> None:
        line = json.dumps(entry, separators=(",", ":"), ensure_ascii=False) + "\n"
        new = not self.path.exists()
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_BINARY", 0)
        fd = os.open(self.path, flags, PRIVATE)
        try:
            data = line.encode()
            if new or os.fstat(fd).st_size == 0:
                data = (json.dumps({"room": self.room}) + "\n").encode() + data
            else:
                # a line cut short by a kill: start on a fresh line
                with open(self.path, "rb") as tail:
                    tail.seek(-1, os.SEEK_END)
                    if tail.read(1) != b"\n":
                        data = b"\n" + data
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        if new:
            fsync_dir(self.path.parent)

    def append(self, kind: str, **fields: Any) -> None:
        """Add one entry, on disk before this returns."""
        self._append_line({"kind": kind, **fields})

    def replace(self, entries: list[dict[str, Any]]) -> None:
        """The whole log written anew (a game's log that came from this
        player's other computer): on disk, whole or not at all, before
        this returns."""
        lines = [json.dumps({"room": self.room})] + [
            json.dumps(e, separators=(",", ":"), ensure_ascii=False) for e in entries]
        atomic_write(self.path, ("\n".join(lines) + "\n").encode(), PRIVATE)
        self._seen = None

    def entries(self) -> list[dict[str, Any]]:
        """Every whole entry, in the order written (a torn line skipped)."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return []
        out = []
        for line in raw.splitlines()[1:]:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if isinstance(entry, dict) and "kind" in entry:
                out.append(entry)
        return out

    def unsent(self) -> list[dict[str, Any]]:
        """Outbox entries the server has not confirmed, in order: to send
        again with their own ``txn_id``."""
        entries = self.entries()
        sent = {e.get("txn_id") for e in entries if e["kind"] in ("sent", "dropped")}
        return [e for e in entries if e["kind"] == "outbox" and e.get("txn_id") not in sent]

    def received_ids(self) -> set[str]:
        return {e["event_id"] for e in self.entries() if e["kind"] in ("received", "sent")
                and "event_id" in e}
