"""Matrix, the transport of play between homes (the only module that knows it).

:class:`MatrixTransport` implements :class:`.transport.Transport` with
matrix-nio (``matrix-nio[e2e]``, the ``online`` extra): a synchronous
facade over nio's asyncio client, whose loop runs on a thread of its own
("matrix"), with a sync loop that hands new messages to ``listen``'s
callback. It carries Messages and knows nothing of the game.

Choices, and why:

* **Sign in once.** :meth:`MatrixTransport.sign_in` trades the password
  for an access token at once and keeps only the token (and the device's
  keys, locked with a random key kept beside the token, 0600) in the data
  folder (:class:`.store.OnlineStore`); :meth:`connect` resumes from it.
  Each sign-in makes a new device with a fresh id, its own keys: a device
  id is never re-used (re-using one broke encryption in trials).
* **Encrypted rooms only.** A game's room is made with end-to-end
  encryption (Megolm), so the homeserver stores only ``m.room.encrypted``
  events. A room without encryption is refused (to make, join, send to or
  read) unless the transport was made with ``allow_unencrypted=True``; a
  plain message that turns up in an encrypted room is dropped.
* **Trust on first use.** Two installations of the game talk encrypted
  without anyone comparing emoji: every device of every member of our
  rooms is trusted (verified in the key store) the first time it is seen.
  Each newly trusted device is reported to ``on_trust(user_id,
  device_id)`` so the game can say so to the player ("Trusting Bob's
  device ABCD from now on."); it is also kept in :attr:`newly_trusted`.
  A device whose keys change under the same id is not trusted again (nio
  keeps the first keys and refuses the new ones), which is the point of
  trust on first use.
* **Never lose, never double.** ``send`` carries the caller's transaction
  id to the server, which answers a repeat with the first message's id
  (also after a homeserver restart: Synapse keeps transaction ids in its
  database for a day). Connection failures and server errors (5xx, 429)
  are retried with backoff until ``timeout`` runs out, then
  :class:`.failures.Unreachable` is raised: the caller retries later with
  the same id. The sync loop retries forever with backoff (up to 10 s
  between tries), so a cut network or a restarted homeserver only delays
  messages. A sync that skipped events (a "limited" timeline after a long
  absence) is filled in from the room's history, so ``listen`` hands
  every message in order.
* **Order.** Messages of a room are handed in the room's order (the
  server's), own messages included, so two clients see two simultaneous
  sends in the same order. "New" means arrived after the transport
  connected (its first sync): what came before, while the program was
  away, is read with ``history``; a message ``history`` has returned is
  not handed to ``listen`` again, and none is handed twice. A message that cannot be decrypted yet (its key
  not arrived) holds the room's later messages back until it can be (its
  key is asked for after a few seconds), for a minute at most: then it is
  skipped (counted in :attr:`undecryptable`), and the room's later
  messages are handed on. ``history`` waits a few seconds
  for such keys, then skips what it still cannot read (counted in
  :attr:`undecryptable`, logged without content).
* **What a device can read.** A message is readable by the devices its
  sender knew of when sending: those of every member, invited ones
  included. A device made later (a player who signed out and in again,
  or reinstalled) cannot read the room's earlier messages: nio forwards
  keys only between one user's own devices. The other homes give such a
  device the game (:mod:`.catchup`).
* **Secrets.** No token, key or password is put in a log or an error's
  sentence; :class:`.store.Account`'s repr hides them.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import io
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from urllib.parse import urlparse

from ..presentation import online_prompts
from .failures import BadUserId, NotSignedIn, RoomRefused, SignInRefused, Unreachable
from .store import Account, OnlineStore
from .catchup import is_catchup
from .transport import NAMESPACE, OTHER, RECORD, UNREAD, Invitation, Message, RoomEvent

logger = logging.getLogger(__name__)

#: seconds a blocking call waits for the homeserver before Unreachable
DEFAULT_TIMEOUT = 60.0
#: the long-poll of the sync loop (ms): how long the server may hold a sync
SYNC_POLL_MS = 25_000
#: events per room in one sync before it is "limited" (and the gap filled)
TIMELINE_LIMIT = 100
#: seconds a message that cannot be decrypted waits before its key is asked for
KEY_REQUEST_AFTER = 3.0
#: seconds history() waits for the keys of messages it cannot decrypt yet,
#: and at least until a sync has come in since it began (the keys travel in
#: syncs, which a loaded machine makes slowly)...
HISTORY_KEY_WAIT = 8.0
#: ... but never longer than this
HISTORY_KEY_WAIT_MOST = 30.0
#: seconds a message heard live that cannot be decrypted holds its room's
#: later messages back: then it is skipped (counted in ``undecryptable``),
#: so one whose key never comes does not silence the room until a restart
LIVE_KEY_WAIT_MOST = 60.0
DEVICE_NAME = "Audio Scrabble"

#: one lock for every nio key store of this process (see _locked_store)
_STORE_LOCK = threading.RLock()
_LOCKED_STORES: dict[type, type] = {}


def _locked_store(base: type) -> type:
    """nio's SQLite key store, each call made under one process-wide lock.

    The store binds its model classes, which are shared by the whole
    process, to its own database for the length of each call; two
    transports in one process (each on its own thread: two players in one
    test, or a tool) would otherwise read and write each other's database
    ("DeviceKeys instance matching query does not exist", and a sync loop
    failing for ever)."""
    if base in _LOCKED_STORES:
        return _LOCKED_STORES[base]

    def locked(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            with _STORE_LOCK:
                return fn(*args, **kwargs)

        return call

    methods: dict[str, Any] = {}
    for klass in base.__mro__:
        for name, value in vars(klass).items():
            if name in methods or (name.startswith("__") and name != "__init__") or not inspect.isfunction(value):
                continue
            methods[name] = locked(value)
    made = type(f"Locked{base.__name__}", (base,), methods)
    _LOCKED_STORES[base] = made
    return made


_USER_ID = re.compile(r"^@[a-z0-9._=\-/+]+:[A-Za-z0-9.\-]+(:[0-9]{1,5})?$")
_MESSAGE_TYPES = ["m.room.message", "m.room.encrypted"]
_ENCRYPTION = "m.megolm.v1.aes-sha2"


def check_user_id(text: str) -> str:
    """``text`` if it is a Matrix user id (``@bob:example.org``), else BadUserId."""
    text = text.strip()
    if not _USER_ID.match(text):
        raise BadUserId(text)
    return text


def sign_in_user(text: str) -> str:
    """The user as signing in takes it: a user id (``@bob:example.org``),
    or a name on the homeserver typed (``bob``, lower-cased); else BadUserId."""
    user = text.strip()
    if user.startswith("@"):
        return check_user_id(user)
    if not re.fullmatch(r"[a-z0-9._=\-/+]+", user.lower()):
        raise BadUserId(user)
    return user.lower()


def normalise_homeserver(text: str) -> str:
    """An address as typed (``example.org``, ``https://matrix.example.org/``)
    as a base URL; plain ``http`` only for this computer (tests)."""
    text = text.strip().rstrip("/")
    if not text:
        raise SignInRefused("Type the homeserver's address, like matrix.org.", brief="No address.")
    if "://" not in text:
        host = text.split("/")[0].split(":")[0]
        text = ("http://" if host in ("localhost", "127.0.0.1", "::1") else "https://") + text
    parsed = urlparse(text)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise SignInRefused(
            f"{text[:60]} is not a homeserver address; type one like matrix.org.",
            brief="Not an address.",
        )
    return text


class _SecretFilter(logging.Filter):
    """Keeps secrets out of every log record of nio and its store: a
    record that holds one (a token in a logged server answer) has it
    replaced; the store's SQL log (pickled keys) is dropped below WARNING."""

    secrets: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING and record.name.startswith(_QUIET):
            return False
        try:
            text = record.getMessage()
        except Exception:  # noqa: BLE001 - a record that cannot format: drop it
            return False
        hidden = _TOKEN_FIELD.sub(r"\1[hidden]", text)
        for secret in list(self.secrets):
            if secret and secret in hidden:
                hidden = hidden.replace(secret, "[hidden]")
        if hidden != text:
            record.msg, record.args = hidden, ()
        return True


#: loggers whose chatter below WARNING holds whole server answers (tokens,
#: ciphertexts) or the key store's SQL (pickled keys): dropped
_QUIET = ("peewee", "nio.responses")
_TOKEN_FIELD = re.compile(
    r"""((?:access_token|refresh_token|password|pickle_key)['"]?\s*[:=]\s*['"]?)[^'",\s}&]+""")


_FILTER = _SecretFilter()


def _guard_logs() -> None:
    """Put the filter on every logger of nio and peewee (filters do not
    reach child loggers, so each one gets it)."""
    names = [n for n in list(logging.root.manager.loggerDict)
             if n.split(".")[0] in ("nio", "peewee", "aiohttp")]
    for name in names + ["nio", "peewee"]:
        found = logging.getLogger(name)
        if _FILTER not in found.filters:
            found.addFilter(_FILTER)


def _need_nio():
    try:
        import nio
        from nio.crypto import ENCRYPTION_ENABLED
    except ImportError:
        ENCRYPTION_ENABLED = False
    if not ENCRYPTION_ENABLED:
        from ..errors import OnlineError

        raise OnlineError(
            "Playing online needs the online extra; "
            "install it with pip install audio_scrabble[online].",
            code="online_missing",
            brief="Online play not installed.",
        )
    _guard_logs()
    return nio


class _Retry(Exception):
    """A failure worth trying again (connection, 5xx, 429)."""

    def __init__(self, wait: float = 0.0) -> None:
        super().__init__("retry")
        self.wait = wait


class MatrixTransport:
    """A signed-in Matrix device: see the module's docstring.

    Make one with :meth:`sign_in` (first time) or :meth:`connect` (from
    the account on file); :meth:`close` it when done.
    """

    def __init__(
        self,
        account: Account,
        store: OnlineStore,
        *,
        allow_unencrypted: bool = False,
        on_trust: Callable[[str, str], None] | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> None:
        self._nio = _need_nio()
        _FILTER.secrets.update((account.access_token, account.pickle_key))
        self._account = account
        self._store = store
        self.allow_unencrypted = allow_unencrypted
        self.on_trust = on_trust
        self.timeout = timeout
        #: devices trusted on first use since this transport started: (user, device)
        self.newly_trusted: list[tuple[str, str]] = []
        #: messages that could not be decrypted and were skipped by history()
        self.undecryptable = 0
        #: the homeserver did not answer the last request (connection refused or
        #: cut, 5xx, 429); True from the first failure until an answer comes
        self.offline = False
        self._callback: Callable[[Message], None] | None = None
        self._undelivered: list[Message] = []
        self._seen: set[str] = set()
        self._pending: dict[str, list[Any]] = {}  # room -> events awaiting delivery
        self._waiting_since: dict[str, float] = {}  # event id -> first failed decryption
        self._asked_keys: set[str] = set()
        self._lock = threading.Lock()
        self._synced = threading.Condition(self._lock)
        self._sync_count = 0
        self._sync_error: BaseException | None = None
        self._closing = False
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="matrix", daemon=True)
        self._thread.start()
        self._client: Any = None
        try:
            self._client = self._run(self._make_client(), timeout=30)
            self._sync_task = self._run(self._start_sync(), timeout=self.timeout + 5)
        except BaseException:
            self.close()
            raise

    # ------------------------------------------------------------ making
    @classmethod
    def sign_in(
        cls,
        homeserver: str,
        user: str,
        password: str,
        store: OnlineStore | None = None,
        *,
        device_name: str = DEVICE_NAME,
        timeout: float = DEFAULT_TIMEOUT,
        **options: Any,
    ) -> MatrixTransport:
        """Sign in with a password (never kept), keep the account, and
        connect. ``user`` is ``@bob:example.org`` or just ``bob`` (on the
        homeserver typed)."""
        nio = _need_nio()
        store = store or OnlineStore()
        base = normalise_homeserver(homeserver)
        user = sign_in_user(user)
        device_id = "AS" + secrets.token_hex(5).upper()

        async def login() -> Any:
            client = nio.AsyncClient(base, user, device_id=device_id,
                                     config=nio.AsyncClientConfig(max_timeouts=0, encryption_enabled=False,
                                                                  store_sync_tokens=False))
            try:
                # a domain's .well-known may name its homeserver elsewhere
                # (example.org -> matrix.example.org); https stays https
                found = await client.discovery_info()
                if isinstance(found, nio.DiscoveryInfoResponse):
                    url = (found.homeserver_url or "").rstrip("/")
                    if url.startswith("https://") or (url.startswith("http://")
                                                      and base.startswith("http://")):
                        client.homeserver = url
                return await client.login(password, device_name=device_name), client.homeserver
            finally:
                await client.close()

        _FILTER.secrets.add(password)
        try:
            answer, base = asyncio.run(asyncio.wait_for(login(), timeout))
        except Exception as exc:  # noqa: BLE001 - no answer, whatever the cause
            logger.info("sign-in to %s failed: %s", base, type(exc).__name__)
            raise Unreachable(base, "signing in", online_prompts.SIGN_IN_AGAIN) from None
        finally:
            _FILTER.secrets.discard(password)
        if not isinstance(answer, nio.LoginResponse):
            status = getattr(answer, "status_code", "")
            logger.info("sign-in to %s refused: %s", base, status)
            if status in ("M_FORBIDDEN", "M_INVALID_USERNAME", "M_USER_DEACTIVATED"):
                raise SignInRefused(online_prompts.SIGN_IN_REFUSED, brief=online_prompts.SIGN_IN_REFUSED_BRIEF)
            raise SignInRefused(
                online_prompts.SIGN_IN_REFUSED_OTHER.format(base=base, status=status or "no reason"),
                brief="Sign-in refused; type online.",
            )
        account = Account(
            homeserver=base,
            user_id=answer.user_id,
            device_id=answer.device_id,
            access_token=answer.access_token,
            pickle_key=secrets.token_urlsafe(32),
        )
        store.save_account(account)
        return cls(account, store, timeout=timeout, **options)

    @classmethod
    def connect(cls, store: OnlineStore | None = None, **options: Any) -> MatrixTransport:
        """Resume the signed-in device on file (NotSignedIn if none)."""
        store = store or OnlineStore()
        account = store.load_account()
        if account is None:
            raise NotSignedIn()
        return cls(account, store, **options)

    # ------------------------------------------------------------ the loop
    def _run(self, coro: Any, timeout: float | None = None) -> Any:
        if threading.current_thread() is self._thread:
            coro.close()
            # a listener that calls back in would wait for itself for ever
            raise RuntimeError("MatrixTransport called from its own thread (a listen callback); "
                               "hand the message to another thread first")
        future = asyncio.run_coroutine_threadsafe(coro, self._loop)
        try:
            return future.result(self.timeout if timeout is None else timeout)
        except TimeoutError:
            future.cancel()
            raise Unreachable(self._account.homeserver) from None

    async def _make_client(self) -> Any:
        import nio.store  # the SqliteStore below; nio is self._nio (_need_nio's)

        self._store.ensure()
        config = nio.AsyncClientConfig(
            max_timeouts=0,  # retries are ours (_retrying), with a deadline
            max_limit_exceeded=0,
            encryption_enabled=True,
            store_sync_tokens=True,
            pickle_key=self._account.pickle_key,
            # nio's default name holds the user id's colon, which Windows
            # file names cannot hold
            store_name=f"device-{self._account.device_id}.db",
            # trust kept in that one database (nio's default store keeps it
            # in plain files named after the user id)
            store=_locked_store(nio.store.SqliteStore),
            request_timeout=SYNC_POLL_MS / 1000 + 20,
        )
        client = nio.AsyncClient(
            self._account.homeserver,
            self._account.user_id,
            device_id=self._account.device_id,
            store_path=str(self._store.keys_dir),
            config=config,
        )
        client.restore_login(self._account.user_id, self._account.device_id,
                             self._account.access_token)
        self._store.protect_keys()
        return client

    async def _retrying(self, make: Callable[[], Any], doing: str, deadline: float | None) -> Any:
        """Await ``make()`` until it answers (not a connection failure,
        5xx or 429), with backoff; Unreachable after ``deadline``."""
        nio = self._nio
        wait = 0.25
        while True:
            try:
                answer = await make()
                status = getattr(answer, "transport_response", None)
                code = getattr(status, "status", 200) if status is not None else 200
                if isinstance(answer, nio.ErrorResponse):
                    if answer.status_code in ("M_UNKNOWN_TOKEN",):
                        raise SignInRefused(
                            "The homeserver has signed this device out; type online to sign in again.",
                            brief="Signed out by the server.",
                        )
                    if answer.status_code == "M_LIMIT_EXCEEDED" or code == 429:
                        raise _Retry((getattr(answer, "retry_after_ms", 0) or 1000) / 1000)
                    if code >= 500:
                        raise _Retry()
                self.offline = False
                return answer
            except _Retry as retry:
                self.offline = True
                pause = max(wait, retry.wait)
            except (OSError, asyncio.TimeoutError, self._nio_connection_errors()) as exc:
                self.offline = True
                logger.info("%s: %s; trying again", doing, type(exc).__name__)
                pause = wait
            if deadline is not None and time.monotonic() + pause > deadline:
                raise Unreachable(self._account.homeserver, doing)
            await asyncio.sleep(pause)
            wait = min(wait * 2, 10.0)

    @staticmethod
    def _nio_connection_errors() -> type[BaseException]:
        from aiohttp import ClientError

        return ClientError

    def _deadline(self) -> float:
        return time.monotonic() + self.timeout

    # ------------------------------------------------------------ sync
    def _sync_filter(self) -> dict[str, Any]:
        return {
            "room": {
                "timeline": {"limit": TIMELINE_LIMIT},
                "state": {"lazy_load_members": False},
            },
            "presence": {"not_types": ["*"]},
            "account_data": {"not_types": ["*"]},
        }

    async def _start_sync(self) -> asyncio.Task:
        # the first sync before any call, so that rooms and invitations are
        # known and "new" means after this moment
        await self._sync_once(first=True, deadline=self._deadline())
        return asyncio.ensure_future(self._sync_forever())

    async def _sync_forever(self) -> None:
        while not self._closing:
            try:
                await self._sync_once(first=False, deadline=None)
            except asyncio.CancelledError:
                raise
            except SignInRefused as exc:
                with self._lock:
                    self._sync_error = exc
                    self._synced.notify_all()
                return
            except Exception:  # noqa: BLE001 - never let the loop die
                logger.exception("sync failed; trying again")
                await asyncio.sleep(2)

    async def _sync_once(self, *, first: bool, deadline: float | None) -> None:
        nio = self._nio
        client = self._client
        since = client.next_batch or client.loaded_sync_token
        answer = await self._retrying(
            lambda: client.sync(timeout=0 if first else SYNC_POLL_MS,
                                sync_filter=self._sync_filter(), full_state=first or None),
            "syncing", deadline,
        )
        if not isinstance(answer, nio.SyncResponse):
            logger.info("sync answered %s", getattr(answer, "status_code", "?"))
            await asyncio.sleep(1)
            return
        await self._housekeeping(deadline)
        for room_id, info in answer.rooms.join.items():
            events = list(info.timeline.events)
            if info.timeline.limited and since and not first:
                events = await self._fill_gap(room_id, info.timeline.prev_batch, since) + events
            if not first:
                self._pending.setdefault(room_id, []).extend(
                    e for e in events if self._is_message(e)
                )
        self._store.protect_keys()
        await self._deliver()
        with self._lock:
            self._sync_count += 1
            self._synced.notify_all()

    async def _housekeeping(self, deadline: float | None) -> None:
        client = self._client
        if client.should_upload_keys:
            await self._retrying(client.keys_upload, "sending keys", deadline)
        if client.should_query_keys:
            await self._retrying(client.keys_query, "asking for keys", deadline)
        if client.should_claim_keys:
            users = client.get_users_for_key_claiming()
            await self._retrying(lambda: client.keys_claim(users), "claiming keys", deadline)
        await self._retrying(client.send_to_device_messages, "sending to devices", deadline)
        self._trust_new_devices()

    def _trust_new_devices(self) -> None:
        client = self._client
        users: set[str] = {self._account.user_id}
        for room in client.rooms.values():
            users.update(room.users)
        for user in sorted(users):
            for device in list(client.device_store.active_user_devices(user)):
                if device.id == client.device_id and user == client.user_id:
                    continue
                if device.verified or device.blacklisted:
                    continue
                client.verify_device(device)
                self.newly_trusted.append((user, device.id))
                logger.info("trusting %s's device %s on first use", user, device.id)
                if self.on_trust is not None:
                    try:
                        self.on_trust(user, device.id)
                    except Exception:  # noqa: BLE001
                        logger.exception("on_trust failed")

    async def _fill_gap(self, room_id: str, prev_batch: str | None, since: str) -> list[Any]:
        """Events a limited sync skipped, between ``since`` and ``prev_batch``."""
        nio = self._nio
        events: list[Any] = []
        token = prev_batch
        while token:
            answer = await self._retrying(
                functools.partial(
                    self._client.room_messages, room_id, start=token, end=since,
                    direction=nio.MessageDirection.back, limit=100, message_filter={"types": _MESSAGE_TYPES}),
                "catching up", None,
            )
            if not isinstance(answer, nio.RoomMessagesResponse) or not answer.chunk:
                break
            events.extend(answer.chunk)
            if not answer.end or answer.end == token:
                break
            token = answer.end
        events.reverse()
        return events

    def _is_message(self, event: Any) -> bool:
        nio = self._nio
        return isinstance(event, (nio.RoomMessage, nio.MegolmEvent))

    async def _deliver(self) -> None:
        nio = self._nio
        now = time.monotonic()
        ready: list[Message] = []
        for room_id, queue in self._pending.items():
            while queue:
                event = queue[0]
                if isinstance(event, nio.MegolmEvent):
                    decrypted = self._try_decrypt(event, now)
                    if decrypted is None and now - self._waiting_since.get(event.event_id, now) < LIVE_KEY_WAIT_MOST:
                        break  # hold the room's later messages back: order first
                    if decrypted is None:  # its key never came: the room's later messages go on
                        queue.pop(0)
                        self._waiting_since.pop(event.event_id, None)
                        self.undecryptable += 1
                        logger.warning("a message that could not be decrypted was skipped")
                        continue
                    event = decrypted
                queue.pop(0)
                message = self._message(room_id, event)
                if message is not None:
                    ready.append(message)
        for message in ready:
            self._hand(message)

    def _try_decrypt(self, event: Any, now: float) -> Any | None:
        nio = self._nio
        try:
            decrypted = self._client.decrypt_event(event)
        except Exception:  # noqa: BLE001 - EncryptionError and kin: key not there yet
            decrypted = None
        if decrypted is not None and not isinstance(decrypted, nio.MegolmEvent):
            self._waiting_since.pop(event.event_id, None)
            return decrypted
        first = self._waiting_since.setdefault(event.event_id, now)
        if now - first >= KEY_REQUEST_AFTER and event.session_id not in self._asked_keys:
            self._asked_keys.add(event.session_id)
            asyncio.ensure_future(self._ask_key(event))
        return None

    async def _ask_key(self, event: Any) -> None:
        try:
            await self._client.request_room_key(event)
        except Exception:  # noqa: BLE001 - already asked, or no network: later syncs try again
            logger.info("asking for a room key failed")

    def _message(self, room_id: str, event: Any) -> Message | None:
        """A nio event as a Message, or None when it is not one to hand on."""
        nio = self._nio
        if not isinstance(event, nio.RoomMessage):
            return None
        room = self._client.rooms.get(room_id)
        encrypted = room is not None and room.encrypted
        if encrypted and not event.decrypted:
            logger.warning("a plain message in an encrypted room was dropped")
            return None
        if not encrypted and not self.allow_unencrypted:
            return None
        content = event.source.get("content", {}) if isinstance(event.source, dict) else {}
        record = content.get(NAMESPACE)
        body = content.get("body", "")
        return Message(
            room=room_id,
            sender=event.sender,
            event_id=event.event_id,
            body=body if isinstance(body, str) else "",
            record=record if isinstance(record, Mapping) else None,
            timestamp_ms=int(getattr(event, "server_timestamp", 0) or 0),
            device=self._device_of(event.sender, getattr(event, "sender_key", None)) if encrypted else "",
        )

    def _device_of(self, user: str, key: Any) -> str:
        """The id of ``user``'s device with the identity key ``key`` (the
        key itself when the device is not known yet; empty without one)."""
        if not isinstance(key, str) or not key:
            return ""
        if user == self._client.user_id:  # our own devices' store leaves this one out
            olm = getattr(self._client, "olm", None)
            account = getattr(olm, "account", None)
            if account is not None and account.identity_keys.get("curve25519") == key:
                return str(self._client.device_id)
        for device in list(self._client.device_store.active_user_devices(user)):
            if device.curve25519 == key:
                return str(device.id)
        return key

    def _hand(self, message: Message) -> None:
        with self._lock:
            if message.event_id in self._seen:
                return
            self._seen.add(message.event_id)
            callback = self._callback
            if callback is None:
                self._undelivered.append(message)
                return
        try:
            callback(message)
        except Exception:  # noqa: BLE001 - the listener's bug must not stop the sync
            logger.exception("the message listener failed")

    def _wait_for(self, ready: Callable[[], bool], doing: str) -> None:
        """Wait (syncs go on) until ``ready()``; Unreachable after the timeout."""
        deadline = time.monotonic() + self.timeout
        with self._lock:
            while not ready():
                if self._sync_error is not None:
                    raise self._sync_error
                left = deadline - time.monotonic()
                if left <= 0:
                    raise Unreachable(self._account.homeserver, doing)
                self._synced.wait(min(left, 1.0))

    def _on_loop(self, fn: Callable[[], Any]) -> Any:
        async def call() -> Any:
            return fn()

        return self._run(call())

    # ------------------------------------------------------------ Transport
    @property
    def user_id(self) -> str:
        return self._account.user_id

    @property
    def device_id(self) -> str:
        return self._account.device_id

    @property
    def homeserver(self) -> str:
        return self._account.homeserver

    def devices(self, user: str) -> list[str]:
        """The ids of ``user``'s devices this device knows of (its key store,
        brought up to date by each sync), in a stable order."""
        def read() -> list[str]:
            return sorted(str(d.id) for d in self._client.device_store.active_user_devices(user))

        return list(self._on_loop(read))

    def create_room(self, name: str, invitees: Sequence[str], *, encrypted: bool = True) -> str:
        nio = self._nio
        invitees = [check_user_id(u) for u in invitees]
        if not encrypted and not self.allow_unencrypted:
            raise RoomRefused(
                "A game's room must be encrypted; this transport was not asked to allow others.",
                brief="Unencrypted room refused.",
            )
        state: list[dict[str, Any]] = [
            {"type": "m.room.history_visibility", "state_key": "",
             "content": {"history_visibility": "shared"}},
        ]
        if encrypted:
            state.append({"type": "m.room.encryption", "state_key": "",
                          "content": {"algorithm": _ENCRYPTION}})
        client = self._client
        answer = self._run(self._retrying(
            lambda: client.room_create(name=name, invite=invitees, initial_state=state,
                                       preset=nio.RoomPreset.private_chat),
            "making the game's room", self._deadline()))
        if not isinstance(answer, nio.RoomCreateResponse):
            raise RoomRefused(
                f"The homeserver would not make the game's room ({answer.status_code}); "
                "check the user ids and try again.",
                brief="Room not made.",
            )
        room_id = answer.room_id
        # the room, its encryption and every invitation known before a first
        # send: the keys are then shared with the invited players' devices
        self._wait_for(lambda: self._room_ready(room_id, encrypted, invitees),
                       "making the game's room")
        return room_id

    def _room_ready(self, room_id: str, encrypted: bool, invitees: Sequence[str]) -> bool:
        room = self._client.rooms.get(room_id)
        return (room is not None and (room.encrypted or not encrypted)
                and all(u in room.users for u in invitees))

    def invitations(self) -> list[Invitation]:
        def read() -> list[Invitation]:
            out = []
            for room_id, room in sorted(self._client.invited_rooms.items()):
                members = tuple(sorted(room.users))
                out.append(Invitation(room=room_id, inviter=room.inviter or "",
                                      name=room.name or "", members=members))
            return out

        return self._on_loop(read)

    def joined_rooms(self) -> list[Invitation]:
        """The rooms this user has joined (their ids and names), as the last sync knows them."""
        def read() -> list[Invitation]:
            return [Invitation(room=room_id, inviter="", name=room.name or "", members=tuple(sorted(room.users)))
                    for room_id, room in sorted(self._client.rooms.items())]

        return list(self._on_loop(read))

    def accept(self, room: str) -> None:
        nio = self._nio
        client = self._client
        answer = self._run(self._retrying(lambda: client.join(room), "joining the game's room",
                                          self._deadline()))
        if not isinstance(answer, nio.JoinResponse):
            raise RoomRefused(
                f"That game's room cannot be joined ({answer.status_code}); "
                "ask for a new invitation.",
                brief="Cannot join.",
            )
        self._wait_for(lambda: room in self._client.rooms, "joining the game's room")
        encrypted = self._room_encrypted_on_server(room)
        if not encrypted and not self.allow_unencrypted:
            self.decline(room)
            raise RoomRefused(
                "That game's room is not encrypted, so it was refused; "
                "ask for a new game.",
                brief="Unencrypted room refused.",
            )
        if encrypted:
            self._wait_for(lambda: self._client.rooms[room].encrypted, "joining the game's room")

    def _room_encrypted_on_server(self, room: str) -> bool:
        nio = self._nio
        client = self._client
        answer = self._run(self._retrying(
            lambda: client.room_get_state_event(room, "m.room.encryption"),
            "reading the game's room", self._deadline()))
        return (isinstance(answer, nio.RoomGetStateEventResponse)
                and answer.content.get("algorithm") == _ENCRYPTION)

    def decline(self, room: str) -> None:
        client = self._client
        self._run(self._retrying(lambda: client.room_leave(room), "leaving the room",
                                 self._deadline()))
        self._run(self._retrying(lambda: client.room_forget(room), "leaving the room",
                                 self._deadline()))

        def drop() -> None:
            self._client.invited_rooms.pop(room, None)

        self._on_loop(drop)

    def members(self, room: str) -> list[str]:
        nio = self._nio
        client = self._client
        answer = self._run(self._retrying(lambda: client.joined_members(room),
                                          "reading the room's members", self._deadline()))
        if not isinstance(answer, nio.JoinedMembersResponse):
            raise self._not_in(room)
        return sorted(m.user_id for m in answer.members)

    def _not_in(self, room: str) -> RoomRefused:
        return RoomRefused(
            "You are not in that game's room; accept its invitation first.",
            brief="Not in that room.",
        )

    def _check_room(self, room: str) -> None:
        """Joined, and encrypted unless allowed (runs on the loop)."""
        found = self._client.rooms.get(room)
        if found is None:
            raise self._not_in(room)
        if not found.encrypted and not self.allow_unencrypted:
            raise RoomRefused(
                "That game's room is not encrypted, so nothing is sent to it or read from it.",
                brief="Unencrypted room refused.",
            )

    def send(self, room: str, body: str, record: Mapping[str, Any] | None, txn_id: str) -> str:
        content: dict[str, Any] = {"msgtype": "m.text", "body": body}
        if record is not None:
            content[NAMESPACE] = dict(record)
        return self._run(self._send(room, content, txn_id, self._deadline()), self.timeout + 5)

    def send_image(self, room: str, png: bytes, alt: str, txn_id: str, size: tuple[int, int]) -> str:
        """A PNG picture (``m.image``), its alt text the body any app shows
        or reads aloud; in an encrypted room the file is uploaded encrypted
        (the server holds only ciphertext) and its key rides in the
        encrypted event. Idempotent per ``txn_id`` as :meth:`send` is."""
        return self._run(self._send_image(room, bytes(png), alt, txn_id, size, self._deadline()),
                         self.timeout + 5)

    async def _send_image(self, room: str, png: bytes, alt: str, txn_id: str, size: tuple[int, int],
                          deadline: float) -> str:
        nio = self._nio
        client = self._client
        self._check_room(room)
        encrypted = client.rooms[room].encrypted

        async def upload() -> Any:
            answer, keys = await client.upload(lambda *_: io.BytesIO(png), content_type="image/png",
                                               filename="board.png", encrypt=encrypted, filesize=len(png))
            return (answer, keys) if isinstance(answer, nio.UploadResponse) else answer

        result = await self._retrying(upload, "sending a picture", deadline)
        if not isinstance(result, tuple):
            raise RoomRefused("The homeserver refused the picture; the move itself was sent.",
                              brief="Picture refused.")
        answer, keys = result
        width, height = size
        content: dict[str, Any] = {"msgtype": "m.image", "body": alt,
                                   "info": {"mimetype": "image/png", "size": len(png), "w": width, "h": height}}
        if keys:
            content["file"] = {"url": answer.content_uri, "key": keys["key"], "iv": keys["iv"],
                               "hashes": keys["hashes"], "v": keys.get("v", "v2"), "mimetype": "image/png"}
        else:
            content["url"] = answer.content_uri
        return await self._send(room, content, txn_id, deadline)

    def download_image(self, room: str, event_id: str) -> bytes:
        """The picture of an ``m.image`` message of ``room``, decrypted."""
        return self._run(self._download_image(room, event_id, self._deadline()), self.timeout + 5)

    async def _download_image(self, room: str, event_id: str, deadline: float) -> bytes:
        nio = self._nio
        client = self._client
        answer = await self._retrying(lambda: client.room_get_event(room, event_id), "reading a picture", deadline)
        if not isinstance(answer, nio.RoomGetEventResponse):
            raise RoomRefused("That picture cannot be read.", brief="No picture.")
        event = answer.event
        if isinstance(event, nio.MegolmEvent):
            event = client.decrypt_event(event)
        content = event.source.get("content", {}) if isinstance(event.source, dict) else {}
        file = content.get("file")
        url = file.get("url") if isinstance(file, dict) else content.get("url")
        if not isinstance(url, str):
            raise RoomRefused("That message holds no picture.", brief="No picture.")
        got = await self._retrying(lambda: client.download(url), "reading a picture", deadline)
        if not isinstance(got, nio.DownloadResponse):
            raise RoomRefused("That picture cannot be read.", brief="No picture.")
        data = bytes(got.body)
        if isinstance(file, dict):
            from nio.crypto.attachments import decrypt_attachment

            data = decrypt_attachment(data, file["key"]["k"], file["hashes"]["sha256"], file["iv"])
        return data

    async def _send(self, room: str, content: dict[str, Any], txn_id: str, deadline: float) -> str:
        nio = self._nio
        client = self._client
        self._check_room(room)
        if client.olm is not None and client.rooms[room].encrypted:
            # every member, invited ones too, gets the room's key
            client.olm.update_tracked_users(client.rooms[room])
        if client.should_query_keys:
            await self._retrying(client.keys_query, "asking for keys", deadline)
        self._trust_new_devices()
        answer = await self._retrying(
            lambda: client.room_send(room, "m.room.message", content, tx_id=txn_id,
                                     ignore_unverified_devices=True),
            "sending", deadline,
        )
        if not isinstance(answer, nio.RoomSendResponse):
            raise RoomRefused(
                f"The homeserver refused the message ({answer.status_code}); "
                "check you are still in the game's room.",
                brief="Message refused.",
            )
        return answer.event_id

    def history(self, room: str) -> list[Message]:
        messages = self._run(self._history(room, self._deadline()), self.timeout + 5)
        returned = {m.event_id for m in messages}
        with self._lock:
            self._seen.update(returned)
            self._undelivered = [m for m in self._undelivered if m.event_id not in returned]
        return messages

    async def _room_messages(self, room: str, deadline: float) -> list[Any]:
        """Every message event of the room, oldest first, read page by page
        (encrypted ones as they came)."""
        nio = self._nio
        client = self._client
        self._check_room(room)
        events: list[Any] = []
        token: str | None = None
        while True:
            answer = await self._retrying(
                functools.partial(
                    client.room_messages, room, start=token, direction=nio.MessageDirection.front, limit=100,
                    message_filter={"types": _MESSAGE_TYPES}),
                "reading the game's room", deadline,
            )
            if not isinstance(answer, nio.RoomMessagesResponse):
                raise self._not_in(room)
            events.extend(answer.chunk)
            if not answer.chunk or not answer.end or answer.end == token:
                return events
            token = answer.end

    async def _history(self, room: str, deadline: float) -> list[Message]:
        nio = self._nio
        events = await self._room_messages(room, deadline)
        # messages whose keys are late: wait a little for them (the syncs go on)
        began = time.monotonic()
        key_deadline = min(deadline - 1, began + HISTORY_KEY_WAIT)
        last_deadline = min(deadline - 1, began + HISTORY_KEY_WAIT_MOST)
        syncs_before = self._sync_count
        while True:
            now = time.monotonic()
            missing = False
            for i, event in enumerate(events):
                if isinstance(event, nio.MegolmEvent):
                    decrypted = self._try_decrypt(event, now)
                    if decrypted is None:
                        missing = True
                    else:
                        events[i] = decrypted
            now = time.monotonic()
            if not missing or now > last_deadline or (now > key_deadline and self._sync_count > syncs_before):
                break
            await asyncio.sleep(0.5)
        out = []
        for event in events:
            if isinstance(event, nio.MegolmEvent):
                self.undecryptable += 1
                logger.warning("a message of the room could not be decrypted and was skipped")
                continue
            message = self._message(room, event)
            if message is not None:
                out.append(message)
        return out

    def events(self, room: str) -> list[RoomEvent]:
        """Every message of the room as its metadata shows it (a transport's
        ``ListsEvents``): those this device cannot decrypt too, UNREAD; no
        wait for late keys (a new device checks a catch-up answer with it)."""
        return self._run(self._events(room, self._deadline()), self.timeout + 5)  # type: ignore[no-any-return]

    async def _events(self, room: str, deadline: float) -> list[RoomEvent]:
        nio = self._nio
        out: list[RoomEvent] = []
        now = time.monotonic()
        for event in await self._room_messages(room, deadline):
            kind = UNREAD
            if isinstance(event, nio.MegolmEvent):
                event = self._try_decrypt(event, now) or event
            if isinstance(event, nio.RoomMessage):
                content = event.source.get("content", {}) if isinstance(event.source, dict) else {}
                record = content.get(NAMESPACE) if isinstance(content, dict) else None
                kind = RECORD if isinstance(record, Mapping) and not is_catchup(record) else OTHER
            elif not isinstance(event, nio.MegolmEvent):
                continue
            out.append(RoomEvent(event.event_id, event.sender, int(getattr(event, "server_timestamp", 0) or 0),
                                 kind))
        return out

    def listen(self, on_message: Callable[[Message], None]) -> None:
        with self._lock:
            self._callback = on_message
            waiting, self._undelivered = self._undelivered, []
        for message in waiting:
            try:
                on_message(message)
            except Exception:  # noqa: BLE001
                logger.exception("the message listener failed")

    def wait_synced(self, count: int = 1) -> None:
        """Block until ``count`` more syncs have been handled (tests, tools)."""
        with self._lock:
            target = self._sync_count + count
        self._wait_for(lambda: self._sync_count >= target, "syncing")

    def sign_out(self) -> None:
        """Log this device out on the server and forget the token and keys
        on this computer (the games' logs stay)."""
        nio = self._nio
        client = self._client
        try:
            answer = self._run(self._retrying(client.logout, "signing out", self._deadline()))
            if not isinstance(answer, nio.LogoutResponse):
                logger.info("logout answered %s", getattr(answer, "status_code", "?"))
        except (Unreachable, SignInRefused):
            logger.info("logout not confirmed by the server; forgetting the token anyway")
        finally:
            self.close()
            self._store.forget_account()

    def close(self) -> None:
        if self._closing:
            return
        self._closing = True

        async def stop() -> None:
            task = getattr(self, "_sync_task", None)
            if task is not None:
                task.cancel()
                try:
                    await task
                except (asyncio.CancelledError, Exception):  # noqa: BLE001
                    pass
            await self._client.close()

        try:
            if getattr(self, "_client", None) is not None:
                asyncio.run_coroutine_threadsafe(stop(), self._loop).result(10)
        except Exception:  # noqa: BLE001
            logger.info("closing the connection did not finish cleanly")
        finally:
            self._store.protect_keys()
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)

    def __enter__(self) -> MatrixTransport:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"MatrixTransport({self._account!r})"
