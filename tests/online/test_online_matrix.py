"""The Matrix transport (audio_scrabble.online.matrix) against a real
Synapse on 127.0.0.1 (tests/synapse_server.py; the ``synapse`` fixture
skips, saying why, where it is not installed; these tests skip too without
matrix-nio's encryption, the ``online`` extra).

What they hold the transport to: sign in once and keep a token, never the
password; an encrypted room, invited and accepted; records both ways in
the room's one order; a message sent while the other was away is in its
history; a retried transaction id makes no second message; simultaneous
sends in the same order on both sides; the homeserver stopped and started
mid-exchange loses and doubles nothing; the server stores only encrypted
events; an unencrypted room is refused; no secret in files or logs.
"""

from __future__ import annotations

import json
import logging
import os
import stat
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

nio = pytest.importorskip("nio", reason="matrix-nio is not installed (the online extra)")
from nio.crypto import ENCRYPTION_ENABLED  # noqa: E402

if not ENCRYPTION_ENABLED:
    pytest.skip("matrix-nio has no encryption here (vodozemac missing)", allow_module_level=True)

from audio_scrabble.online.failures import (  # noqa: E402
    NotSignedIn,
    RoomRefused,
    SignInRefused,
    Unreachable,
)
from audio_scrabble.online.matrix import MatrixTransport  # noqa: E402
from audio_scrabble.online.store import OnlineStore  # noqa: E402
from audio_scrabble.online.transport import NAMESPACE, Message  # noqa: E402


def wait_until(predicate, timeout: float = 60.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or predicate}")
        time.sleep(0.05)


class Player:
    """One user with a store of their own and a transport."""

    def __init__(self, synapse, name: str, tmp_path: Path) -> None:
        self.synapse = synapse
        self.user_id, self.password = synapse.new_user(name)
        self.store = OnlineStore(tmp_path / name / "online")
        self.got: list[Message] = []
        self.transport: MatrixTransport | None = None

    def sign_in(self, **options) -> MatrixTransport:
        self.transport = MatrixTransport.sign_in(self.synapse.url, self.user_id, self.password,
                                                 self.store, **options)
        return self.transport

    def connect(self, **options) -> MatrixTransport:
        self.transport = MatrixTransport.connect(self.store, **options)
        return self.transport

    def listen(self) -> None:
        assert self.transport is not None
        self.transport.listen(self.got.append)

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()
            self.transport = None


@pytest.fixture
def players(synapse, tmp_path):
    made: list[Player] = []

    def make(name: str) -> Player:
        p = Player(synapse, name, tmp_path)
        made.append(p)
        return p

    yield make
    for p in made:
        p.close()


def game_room(alice: Player, *others: Player) -> str:
    """Alice makes an encrypted room, invites the others, who accept."""
    room = alice.transport.create_room("Scrabble", [o.user_id for o in others])
    for o in others:
        wait_until(lambda o=o: any(i.room == room for i in o.transport.invitations()),
                   what="the invitation")
        o.transport.accept(room)
    wait_until(lambda: len(alice.transport.members(room)) == 1 + len(others), what="members")
    return room


def record(turn: int) -> dict:
    return {"v": 1, "game": "g1", "turn": turn, "prev": f"h{turn - 1}", "gcg": f">A: X 8D WORD +{turn}"}


def test_two_players_invite_accept_and_exchange_records_in_order(players):
    alice, bob = players("alice"), players("bob")
    alice.sign_in()
    bob.sign_in()
    room = alice.transport.create_room("Scrabble: Alice v Bob", [bob.user_id])
    wait_until(lambda: bob.transport.invitations(), what="bob's invitation")
    [invitation] = bob.transport.invitations()
    assert invitation.room == room
    assert invitation.inviter == alice.user_id
    assert invitation.name == "Scrabble: Alice v Bob"
    bob.transport.accept(room)
    assert bob.transport.invitations() == []
    assert alice.transport.members(room) == sorted([alice.user_id, bob.user_id])
    alice.listen()
    bob.listen()

    sent = []
    for turn in range(1, 7):
        who = alice if turn % 2 else bob
        body = f"{who.user_id} played turn {turn}."
        rec = record(turn)
        event_id = who.transport.send(room, body, rec, f"txn-{turn}")
        sent.append((event_id, who.user_id, body, rec))
    bob.transport.send(room, "good one", None, "chat-1")

    wait_until(lambda: len(alice.got) == 7 and len(bob.got) == 7, what="seven messages each")
    for got in (alice.got, bob.got):
        assert [(m.event_id, m.sender, m.body, m.record) for m in got[:6]] == sent
        assert got[6].body == "good one" and got[6].record is None
        assert all(m.room == room for m in got)
    assert [m.event_id for m in alice.transport.history(room)] == [m.event_id for m in bob.got]
    assert bob.transport.history(room) == alice.transport.history(room)
    # each trusted the other's device on first use, and said so
    assert (bob.user_id, bob.transport.device_id) in alice.transport.newly_trusted
    assert (alice.user_id, alice.transport.device_id) in bob.transport.newly_trusted


def test_a_message_sent_while_the_other_is_away_is_in_its_history(players):
    alice, bob = players("alice"), players("bob")
    alice.sign_in()
    bob.sign_in()
    room = game_room(alice, bob)
    first = alice.transport.send(room, "one", record(1), "a1")
    bob.close()  # Bob quits
    second = alice.transport.send(room, "two", record(2), "a2")
    third = alice.transport.send(room, "three", record(3), "a3")
    # Bob comes back, from his data folder alone (no password asked)
    bob.connect()
    # the devices he trusted on first use are still trusted (kept in his key store)
    assert bob.transport.newly_trusted == []
    history = bob.transport.history(room)
    assert [m.event_id for m in history] == [first, second, third]
    assert [m.record["turn"] for m in history] == [1, 2, 3]
    # what came before he connected is history, not handed again as new
    bob.listen()
    fourth = alice.transport.send(room, "four", record(4), "a4")
    wait_until(lambda: bob.got, what="the fourth message")
    time.sleep(0.5)
    assert [m.event_id for m in bob.got] == [fourth]


def test_a_retried_transaction_id_makes_no_second_message(players):
    alice, bob = players("alice"), players("bob")
    alice.sign_in()
    bob.sign_in()
    room = game_room(alice, bob)
    first = alice.transport.send(room, "move", record(1), "same-txn")
    again = alice.transport.send(room, "move", record(1), "same-txn")
    assert again == first
    # and after the program is restarted (same device, from the data folder)
    alice.close()
    alice.connect()
    assert alice.transport.send(room, "move", record(1), "same-txn") == first
    other = alice.transport.send(room, "next", record(2), "other-txn")
    history = bob.transport.history(room)
    assert [m.event_id for m in history] == [first, other]


def test_two_sends_at_once_arrive_in_the_same_order_on_both_sides(players):
    alice, bob = players("alice"), players("bob")
    alice.sign_in()
    bob.sign_in()
    room = game_room(alice, bob)
    alice.listen()
    bob.listen()
    start = threading.Barrier(2)

    def burst(who: Player, n: int) -> None:
        start.wait()
        for i in range(n):
            who.transport.send(room, f"{who.user_id} {i}", record(i), f"{who.user_id}-{i}")

    threads = [threading.Thread(target=burst, args=(p, 5)) for p in (alice, bob)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    wait_until(lambda: len(alice.got) == 10 and len(bob.got) == 10, what="ten messages each")
    order = [m.event_id for m in alice.got]
    assert order == [m.event_id for m in bob.got]
    assert len(set(order)) == 10
    assert [m.event_id for m in alice.transport.history(room)] == order
    # each one's own messages in the order sent
    for p in (alice, bob):
        mine = [m.body for m in alice.got if m.sender == p.user_id]
        assert mine == [f"{p.user_id} {i}" for i in range(5)]


def test_homeserver_stopped_and_started_mid_exchange_loses_and_doubles_nothing(players, synapse):
    alice, bob = players("alice"), players("bob")
    alice.sign_in()
    bob.sign_in()
    room = game_room(alice, bob)
    bob.listen()
    one = alice.transport.send(room, "one", record(1), "r1")
    wait_until(lambda: len(bob.got) == 1, what="the first message")

    synapse.stop()
    # a send while the server is down gives up after its timeout, saying so
    alice.transport.timeout = 3
    with pytest.raises(Unreachable) as refused:
        alice.transport.send(room, "two", record(2), "r2")
    assert "did not answer" in str(refused.value)
    alice.transport.timeout = 120
    # a send that goes on trying while the server comes back
    result: dict = {}
    sender = threading.Thread(
        target=lambda: result.setdefault("id", alice.transport.send(room, "two", record(2), "r2")))
    sender.start()
    time.sleep(2)
    synapse.start()
    sender.join(150)
    two = result["id"]
    # the caller's retry of the same transaction after the restart: the same message
    assert alice.transport.send(room, "two", record(2), "r2") == two
    three = bob.transport.send(room, "three", record(3), "r3")
    wait_until(lambda: len(bob.got) >= 3, what="three messages after the restart")
    time.sleep(1)
    assert [m.event_id for m in bob.got] == [one, two, three]
    assert [m.event_id for m in alice.transport.history(room)] == [one, two, three]


def test_the_server_stores_only_encrypted_events_for_a_game_room(players, synapse):
    alice, bob = players("alice"), players("bob")
    alice.sign_in()
    bob.sign_in()
    room = game_room(alice, bob)
    alice.transport.send(room, "Alice played NASTIER, 8D across, 64.",
                         {"v": 1, "gcg": ">Alice: AEINRST 8D NASTIER +64 64"}, "m1")
    bob.transport.send(room, "Bob says: good one", None, "m2")
    wait_until(lambda: len(bob.transport.history(room)) == 2, what="both messages")
    types = synapse.event_types(room)
    assert types.count("m.room.encrypted") == 2
    assert "m.room.message" not in types
    stored = "\n".join(synapse.event_json(room))
    for secret in ("NASTIER", "good one", NAMESPACE):
        assert secret not in stored


def test_an_unencrypted_room_is_refused(players):
    alice, bob = players("alice"), players("bob")
    alice.sign_in()
    bob.sign_in()
    with pytest.raises(RoomRefused):
        alice.transport.create_room("plain", [bob.user_id], encrypted=False)
    # a room made without encryption (as another app could) ...
    alice.close()
    alice.connect(allow_unencrypted=True)
    room = alice.transport.create_room("plain", [bob.user_id], encrypted=False)
    alice.transport.send(room, "hello in the clear", None, "p1")
    wait_until(lambda: bob.transport.invitations(), what="the invitation")
    # ... is refused by a game that did not ask for one, and left
    with pytest.raises(RoomRefused) as refused:
        bob.transport.accept(room)
    assert "not encrypted" in str(refused.value)
    assert alice.transport.members(room) == [alice.user_id]
    with pytest.raises(RoomRefused):
        bob.transport.send(room, "x", None, "p2")


def _all_files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file()]


def test_the_token_is_kept_private_and_the_password_never(players, caplog):
    caplog.set_level(logging.DEBUG)
    alice, bob = players("alice"), players("bob")
    alice.sign_in()
    bob.sign_in()
    room = game_room(alice, bob)
    alice.transport.send(room, "move", record(1), "s1")
    wait_until(lambda: bob.transport.history(room), what="the message")
    account = json.loads(alice.store.account_path.read_text())
    token = account["access_token"]
    assert account["user_id"] == alice.user_id
    assert "password" not in json.dumps(account)
    if os.name == "posix":
        assert stat.S_IMODE(alice.store.account_path.stat().st_mode) == 0o600
        for folder in (alice.store.folder, alice.store.keys_dir, alice.store.games_dir):
            assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        for path in _all_files(alice.store.keys_dir):
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    # every file name is one Windows can hold (no user id's colon)
    assert _all_files(alice.store.keys_dir)
    assert all(":" not in p.name for p in _all_files(alice.store.folder))
    for path in _all_files(alice.store.folder):
        data = path.read_bytes()
        assert alice.password.encode() not in data, path
        if path != alice.store.account_path:
            assert token.encode() not in data, path
    logged = caplog.text + "\n".join(str(r.args) for r in caplog.records)
    assert token not in logged
    assert alice.password not in logged
    assert bob.password not in logged
    assert token not in repr(alice.transport) and token not in repr(alice.store.load_account())


def test_sign_in_refused_and_sign_out(players, synapse):
    alice = players("alice")
    with pytest.raises(SignInRefused) as refused:
        MatrixTransport.sign_in(synapse.url, alice.user_id, "wrong-" + alice.password, alice.store)
    assert alice.password not in str(refused.value)
    assert not alice.store.account_path.exists()
    with pytest.raises(NotSignedIn):
        MatrixTransport.connect(alice.store)

    alice.sign_in()
    token = alice.store.load_account().access_token
    first_device = alice.transport.device_id
    alice.transport.sign_out()
    alice.transport = None
    assert not alice.store.account_path.exists()
    assert not alice.store.keys_dir.exists()
    with pytest.raises(NotSignedIn):
        MatrixTransport.connect(alice.store)
    # the server forgot the device: its token no longer works
    req = urllib.request.Request(synapse.url + "/_matrix/client/v3/account/whoami",
                                 headers={"Authorization": f"Bearer {token}"})
    with pytest.raises(urllib.error.HTTPError) as gone:
        urllib.request.urlopen(req, timeout=10)
    assert gone.value.code == 401
    # signing in again makes a new device (a device id is never re-used)
    again = alice.sign_in()
    assert again.user_id == alice.user_id
    assert again.device_id != first_device


def test_a_homeserver_that_does_not_answer(tmp_path):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(Unreachable) as unreachable:
        MatrixTransport.sign_in(f"http://127.0.0.1:{port}", "@a:localhost", "secret-pw",
                                OnlineStore(tmp_path / "online"), timeout=5)
    assert "secret-pw" not in str(unreachable.value)
    assert "did not answer" in str(unreachable.value)


def test_a_record_sent_before_the_invitation_is_accepted_can_be_read(players):
    # the inviting game sends its first record (the deal) at once
    alice, bob = players("alice"), players("bob")
    alice.sign_in()
    bob.sign_in()
    room = alice.transport.create_room("Scrabble", [bob.user_id])
    first = alice.transport.send(room, "Alice deals.", record(0), "deal")
    wait_until(lambda: bob.transport.invitations(), what="the invitation")
    bob.transport.accept(room)
    history = bob.transport.history(room)
    assert [(m.event_id, m.record) for m in history] == [(first, record(0))]
    assert bob.transport.undecryptable == 0


def test_three_players_see_one_order(players):
    alice, bob, carol = players("alice"), players("bob"), players("carol")
    for p in (alice, bob, carol):
        p.sign_in()
    room = game_room(alice, bob, carol)
    for p in (alice, bob, carol):
        p.listen()
    start = threading.Barrier(3)

    def burst(who: Player) -> None:
        start.wait()
        for i in range(3):
            who.transport.send(room, f"{who.user_id} {i}", record(i), f"t{i}")

    threads = [threading.Thread(target=burst, args=(p,)) for p in (alice, bob, carol)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    wait_until(lambda: all(len(p.got) == 9 for p in (alice, bob, carol)), what="nine each")
    orders = [[m.event_id for m in p.got] for p in (alice, bob, carol)]
    assert orders[0] == orders[1] == orders[2]
    assert len(set(orders[0])) == 9


def test_a_slow_listener_misses_nothing_when_a_sync_skips_events(players, monkeypatch):
    # a sync with more new events than its timeline holds is "limited":
    # the skipped ones are read from the room's history, in order
    import audio_scrabble.online.matrix as matrix

    monkeypatch.setattr(matrix, "TIMELINE_LIMIT", 2)
    alice, bob = players("alice"), players("bob")
    alice.sign_in()
    bob.sign_in()
    room = game_room(alice, bob)
    bob_got: list[Message] = []
    held = threading.Event()

    def slow(message: Message) -> None:
        bob_got.append(message)
        if len(bob_got) == 1:
            held.wait(20)  # holds Bob's sync loop, as a slow machine would

    bob.transport.listen(slow)
    sent = [alice.transport.send(room, "first", record(1), "s1")]
    wait_until(lambda: bob_got, what="the first message")
    sent += [alice.transport.send(room, f"m{i}", record(i), f"s{i}") for i in range(2, 8)]
    held.set()
    wait_until(lambda: len(bob_got) >= 7, what="all seven")
    time.sleep(1)
    assert [m.event_id for m in bob_got] == sent


_SENDER = """
import sys, time
from audio_scrabble.online.matrix import MatrixTransport
from audio_scrabble.online.store import OnlineStore
t = MatrixTransport.connect(OnlineStore(sys.argv[1]))
room = sys.argv[2]
for i in range(int(sys.argv[3])):
    t.send(room, f"m{i}", {"turn": i}, f"k{i}")
    print(i, flush=True)
    time.sleep(0.2)
t.close()
"""


def test_a_program_killed_while_sending_resumes_and_doubles_nothing(players, tmp_path):
    import subprocess
    import sys

    alice, bob = players("alice"), players("bob")
    alice.sign_in()
    bob.sign_in()
    room = game_room(alice, bob)
    alice.close()  # the device now belongs to the process below
    script = tmp_path / "sender.py"
    script.write_text(_SENDER)
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    child = subprocess.Popen([sys.executable, str(script), str(alice.store.folder), room, "30"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    try:
        for _ in range(3):
            child.stdout.readline()
    finally:
        child.kill()  # SIGKILL: no clean-up at all
        child.wait(30)
    before = [m.record["turn"] for m in bob.transport.history(room)]
    assert before == list(range(len(before))) and len(before) >= 3
    # the program starts again and sends every message again, same ids
    alice.connect()
    for i in range(6):
        alice.transport.send(room, f"m{i}", {"turn": i}, f"k{i}")
    wait_until(lambda: len(bob.transport.history(room)) >= 6, what="six messages")
    assert [m.record["turn"] for m in bob.transport.history(room)] == list(range(max(6, len(before))))


def test_an_invitation_declined_and_a_listener_that_calls_back_in(players):
    alice, bob = players("alice"), players("bob")
    alice.sign_in()
    bob.sign_in()
    room = alice.transport.create_room("Scrabble", [bob.user_id])
    wait_until(lambda: bob.transport.invitations(), what="the invitation")
    bob.transport.decline(room)
    assert bob.transport.invitations() == []
    wait_until(lambda: bob.user_id not in _room_users(alice, room), what="the refusal")
    assert alice.transport.members(room) == [alice.user_id]
    with pytest.raises(RoomRefused):
        bob.transport.send(room, "x", None, "d1")

    # a listener must not block: one that sends from the transport's own
    # thread is told so at once (it would wait for itself for ever)
    errors: list[BaseException] = []

    def calls_back(message: Message) -> None:
        try:
            alice.transport.send(room, "echo", None, "e1")
        except RuntimeError as exc:
            errors.append(exc)

    alice.transport.listen(calls_back)
    alice.transport.send(room, "hello", None, "h1")
    wait_until(lambda: errors, what="the refusal of a call from the callback")
    assert "own thread" in str(errors[0])


def _room_users(player: Player, room: str) -> list[str]:
    return player.transport._on_loop(lambda: list(player.transport._client.rooms[room].users))


def test_a_domain_that_names_its_homeserver_elsewhere(players, synapse):
    # example.org's /.well-known/matrix/client says matrix.example.org
    import http.server

    class WellKnown(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802
            if self.path == "/.well-known/matrix/client":
                body = json.dumps({"m.homeserver": {"base_url": synapse.url}}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(body)
            else:
                self.send_response(404)
                self.end_headers()

        def log_message(self, *args):
            pass

    domain = http.server.HTTPServer(("127.0.0.1", 0), WellKnown)
    serving = threading.Thread(target=domain.serve_forever, daemon=True)
    serving.start()
    try:
        alice = players("alice")
        transport = MatrixTransport.sign_in(f"http://127.0.0.1:{domain.server_port}",
                                            alice.user_id, alice.password, alice.store)
        alice.transport = transport
        assert alice.store.load_account().homeserver == synapse.url
        assert transport.homeserver == synapse.url
    finally:
        domain.shutdown()
