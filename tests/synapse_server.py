"""A real Matrix homeserver (Synapse, from PyPI) for the tests of play
between homes.

Synapse lives in a virtual environment of its own, so that its many
dependencies never touch the game's: ``.ci/run`` makes it at
``$XDG_CACHE_HOME/audio_scrabble/synapse-venv`` (``~/.cache/...``); the
environment variable ``AUDIO_SCRABBLE_SYNAPSE_PYTHON`` may name another
interpreter that can ``import synapse``. :func:`find_python` says where it
is, or why not (the tests skip with that reason).

:class:`Synapse` runs one server on 127.0.0.1 (a free port, SQLite, its
own folder), with registration by shared secret and rate limits raised for
tests; it can be stopped and started again on the same port and data
(the "homeserver stopped mid-game" tests). Only loopback is ever used.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import signal
import socket
import subprocess
import sqlite3
import time
import urllib.error
import urllib.request
from pathlib import Path

#: the server name: user ids are ``@name:localhost``
SERVER_NAME = "localhost"

_ENV = "AUDIO_SCRABBLE_SYNAPSE_PYTHON"


def default_venv() -> Path:
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "audio_scrabble" / "synapse-venv"


def find_python() -> tuple[str | None, str]:
    """The interpreter that runs Synapse, or None and the reason why not."""
    named = os.environ.get(_ENV)
    if named:
        candidates = [Path(named)]
    else:
        venv = default_venv()
        candidates = [venv / "bin" / "python", venv / "Scripts" / "python.exe"]
    for python in candidates:
        if python.is_file():
            probe = subprocess.run(
                [str(python), "-c", "import synapse"], capture_output=True, timeout=120
            )
            if probe.returncode == 0:
                return str(python), ""
            return None, f"{python} cannot import synapse (install matrix-synapse there)"
    where = named or str(default_venv())
    return None, (
        f"Synapse is not installed at {where} (.ci/run installs it: "
        f"python -m venv {default_venv()} && its pip install matrix-synapse; "
        f"or set {_ENV})"
    )


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_PLENTY = {"per_second": 1000, "burst_count": 1000}


def _config(folder: Path, port: int, shared_secret: str) -> dict:
    return {
        "server_name": SERVER_NAME,
        "pid_file": str(folder / "homeserver.pid"),
        "listeners": [
            {
                "port": port,
                "bind_addresses": ["127.0.0.1"],
                "type": "http",
                "tls": False,
                "x_forwarded": False,
                "resources": [{"names": ["client"], "compress": False}],
            }
        ],
        "database": {"name": "sqlite3", "args": {"database": str(folder / "homeserver.db")}},
        "log_config": str(folder / "log.config"),
        "media_store_path": str(folder / "media_store"),
        "signing_key_path": str(folder / "signing.key"),
        "registration_shared_secret": shared_secret,
        "macaroon_secret_key": secrets.token_hex(32),
        "form_secret": secrets.token_hex(32),
        "report_stats": False,
        "enable_metrics": False,
        "trusted_key_servers": [],
        "suppress_key_server_warning": True,
        "presence": {"enabled": False},
        "url_preview_enabled": False,
        # tests make many users, rooms and messages in a few seconds
        "rc_message": _PLENTY,
        "rc_registration": _PLENTY,
        "rc_registration_token_validity": _PLENTY,
        "rc_login": {"address": _PLENTY, "account": _PLENTY, "failed_attempts": _PLENTY},
        "rc_admin_redaction": _PLENTY,
        "rc_joins": {"local": _PLENTY, "remote": _PLENTY},
        "rc_joins_per_room": _PLENTY,
        "rc_invites": {"per_room": _PLENTY, "per_user": _PLENTY, "per_issuer": _PLENTY},
        "rc_3pid_validation": _PLENTY,
        "rc_key_requests": _PLENTY,
        "rc_room_creation": _PLENTY,
    }


def _log_config(folder: Path) -> dict:
    return {
        "version": 1,
        "formatters": {"plain": {"format": "%(asctime)s %(name)s %(levelname)s %(message)s"}},
        "handlers": {
            "file": {
                "class": "logging.FileHandler",
                "formatter": "plain",
                "filename": str(folder / "homeserver.log"),
                "encoding": "utf8",
            }
        },
        "loggers": {"synapse.storage.SQL": {"level": "WARNING"}},
        "root": {"level": "WARNING", "handlers": ["file"]},
        "disable_existing_loggers": False,
    }


class SynapseError(RuntimeError):
    pass


class Synapse:
    """One Synapse on 127.0.0.1 with its data in ``folder``."""

    def __init__(self, folder: Path, python: str, *, ready_timeout: float = 120.0) -> None:
        self.folder = Path(folder)
        self.python = python
        self.ready_timeout = ready_timeout
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.shared_secret = secrets.token_hex(24)
        self._proc: subprocess.Popen | None = None
        self._configure()

    # -- set-up ----------------------------------------------------------

    @property
    def config_path(self) -> Path:
        return self.folder / "homeserver.yaml"

    @property
    def db_path(self) -> Path:
        return self.folder / "homeserver.db"

    def _configure(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        # JSON is YAML: no YAML library needed on the game's side
        self.config_path.write_text(
            json.dumps(_config(self.folder, self.port, self.shared_secret), indent=1)
        )
        (self.folder / "log.config").write_text(json.dumps(_log_config(self.folder), indent=1))
        made = subprocess.run(
            [self.python, "-m", "synapse.app.homeserver", "-c", str(self.config_path),
             "--generate-keys"],
            capture_output=True, text=True, timeout=300,
        )
        if made.returncode != 0:
            raise SynapseError(f"synapse --generate-keys failed: {made.stderr[-2000:]}")

    # -- running -----------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> None:
        if self.running:
            return
        out = open(self.folder / "stdout.log", "ab")
        try:
            self._proc = subprocess.Popen(
                [self.python, "-m", "synapse.app.homeserver", "-c", str(self.config_path)],
                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                cwd=self.folder, start_new_session=True,
            )
        finally:
            out.close()
        self._wait_ready()

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.ready_timeout
        while time.monotonic() < deadline:
            if self._proc is not None and self._proc.poll() is not None:
                raise SynapseError(f"Synapse stopped at start:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + "/_matrix/client/versions", timeout=2) as r:
                    if r.status == 200:
                        return
            except (OSError, urllib.error.URLError):
                pass
            time.sleep(0.2)
        self.stop()
        raise SynapseError(f"Synapse not ready after {self.ready_timeout:.0f} s:\n{self.log_tail()}")

    def stop(self, *, kill: bool = False) -> None:
        proc, self._proc = self._proc, None
        if proc is None or proc.poll() is not None:
            return
        try:
            os.killpg(proc.pid, signal.SIGKILL if kill else signal.SIGTERM)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)

    def restart(self) -> None:
        self.stop()
        self.start()

    def log_tail(self, chars: int = 3000) -> str:
        parts = []
        for name in ("stdout.log", "homeserver.log"):
            p = self.folder / name
            if p.exists():
                parts.append(p.read_text(errors="replace")[-chars:])
        return "\n".join(parts)

    # -- users -------------------------------------------------------------

    def _request(self, method: str, path: str, body: dict | None = None) -> dict:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return json.loads(r.read() or b"{}")
        except urllib.error.HTTPError as e:
            raise SynapseError(f"{method} {path}: {e.code} {e.read()[:500]!r}") from None

    def register(self, localpart: str, password: str, *, admin: bool = False) -> str:
        """A new user by the shared secret (the admin API); its user id."""
        nonce = self._request("GET", "/_synapse/admin/v1/register")["nonce"]
        # HMAC-SHA1 of nonce, user, password, admin flag joined by NULs
        mac = hmac.new(self.shared_secret.encode(), digestmod=hashlib.sha1)
        mac.update(b"\x00".join([nonce.encode(), localpart.encode(), password.encode(),
                                 b"admin" if admin else b"notadmin"]))
        answer = self._request("POST", "/_synapse/admin/v1/register", {
            "nonce": nonce, "username": localpart, "password": password,
            "admin": admin, "mac": mac.hexdigest(),
        })
        return answer["user_id"]

    def new_user(self, name: str) -> tuple[str, str]:
        """A user with a unique id starting with ``name``: (user id, password)."""
        localpart = f"{name}{secrets.token_hex(3)}".lower()
        password = "pw-" + secrets.token_urlsafe(12)
        return self.register(localpart, password), password

    # -- the database, read-only --------------------------------------------

    def event_types(self, room_id: str) -> list[str]:
        """The types of every event the server stored for a room, from its
        own database (read-only, while it runs)."""
        db = sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True, timeout=30)
        try:
            rows = db.execute(
                "SELECT type FROM events WHERE room_id = ? ORDER BY stream_ordering",
                (room_id,),
            ).fetchall()
        finally:
            db.close()
        return [r[0] for r in rows]

    def event_json(self, room_id: str) -> list[str]:
        """The stored JSON of every event of a room (read-only)."""
        db = sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True, timeout=30)
        try:
            rows = db.execute("SELECT json FROM event_json WHERE room_id = ?", (room_id,)).fetchall()
        finally:
            db.close()
        return [r[0] for r in rows]
