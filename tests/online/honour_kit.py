"""Shared by the honour-mode tests: the host's console (a Session with its
online home over any transport), the host and a bare Matrix client of the
friend's over the loopback transport (Loop), and a whole honour game driven from
both sides: the host types through Session.handle_line, the friend types
plain text in the room (as from a phone's Matrix app: no structured
content), each choosing a club player's move on the host's game. For
the tests that build their own: Alice's console over a given network
(alice_host; its connection can be out of reach: OutOfReach), an honour
game invited and accepted (honour_game), two of them (two_games, with
Bob's and Carol's clients: with_bob_and_carol), one with Bob's bare client
(honour_with_bob) and Bob's first move made where the deal has him first
(alices_turn); for the tests that start her program again over the same
data, Bob's and Carol's clients with her console (Restarts),
and a game opened by its room (open_game). For the tests of an honour
game moving between Alice's computers: Computers (her consoles over a
network of late devices, Bob on a phone), with the game invited on the
first (invited) and handed to the second (handed_over); Bob's turn made
where only one computer answers (played_by), the number ``games`` gives a
game moved to the other computer (listed_as_moved, said as LISTED), and
the game asked back from the first with the second off
(asked_with_the_other_off)."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable

from audio_scrabble.console.homes.online_commands import install
from audio_scrabble.console.homes.online_home import OnlineHome
from audio_scrabble.console.session import NEW, Options, Session
from audio_scrabble.engine.players import ComputerPlayer
from audio_scrabble.online.failures import Unreachable
from audio_scrabble.online.honour import HonourLink
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.online.store import OnlineStore
from audio_scrabble.online.transport import Transport
from audio_scrabble.persistence import SaveStore
from audio_scrabble.presentation import prompts_homes

from lines_kit import joined  # type: ignore[import-not-found]
from typed_moves import typed  # type: ignore[import-not-found]

#: the friend of the honour games over the loopback transport (Loop)
BOB = "@bob:loopback"
#: the host (alice_host) and a second friend (another game, so that Bob's is not open)
ALICE, CAROL = "@alice:loopback", "@carol:loopback"
#: the deal of those games (the host's --seed)
SEED = 21


class Host:
    """The inviting player's console and online home."""

    def __init__(self, connect: Callable[[], Transport] | None, folder: Path, lexicon: Any, saves: Any,
                 seed: int | None = None) -> None:
        """``connect``: the transport to sign in to (None: Matrix, as the program does)."""
        self.transports: list[Transport] = []
        self._connect_to = connect
        self.session = Session(Options(saved_game=NEW, seed=seed), lexicon=lexicon, store=saves)
        self.store = OnlineStore(folder)
        given: dict[str, Any] = {}
        if connect is not None:
            given = {"connect": self._connect, "sign_in": lambda server, user, password: self._connect()}
        self.home = install(self.session, OnlineHome(self.session, self.store, **given))
        self.heard: list[str] = []

    def sign_in(self, server: str = "example.org", user: str = "alice", password: str = "a password") -> list[str]:
        """``online``, and its questions answered; what the last answer said."""
        out = self.line("online")
        if self.home.signed_in:
            return out
        self.line(server)
        self.line(user)
        return self.line(password)

    def _connect(self) -> Transport:
        assert self._connect_to is not None
        t = self._connect_to()
        self.transports.append(t)
        return t

    def line(self, text: str) -> list[str]:
        out = self.session.handle_line(text)
        self.heard.extend(out)
        return out

    def idle(self) -> None:
        for t in self.transports:
            wait = getattr(t, "wait_idle", None)
            if callable(wait) and not getattr(t, "closed", False):
                wait()
        self.home.wait_idle()

    def link(self) -> HonourLink:
        return next(iter(self.home.honour.values()))

    def close(self) -> None:
        self.home.close()


class Loop:
    """Alice's console (the host, dealt with ``seed``: SEED by default) and
    Bob's bare Matrix client, over one loopback network."""

    def __init__(self, tmp: Path, lexicon: Any, seed: int = 0) -> None:
        self.seed = seed or SEED
        self.net = LoopbackNetwork()
        self.saves = SaveStore(tmp / "saves")
        self.folder = tmp / "online"
        self.lexicon = lexicon
        self.host = self.new_host()
        self.bob = LoopbackTransport(self.net, BOB)
        self.txn = itertools.count()

    def new_host(self) -> Host:
        return Host(lambda: LoopbackTransport(self.net, "@alice:loopback"), self.folder, self.lexicon, self.saves,
                    seed=self.seed)

    def room(self) -> str:
        return self.host.home.rooms[0]

    def off(self) -> None:
        """Alice's program closed, its connections too (started again by ``again``)."""
        self.host.close()
        for t in self.host.transports:
            t.close()

    def again(self) -> Host:
        """Alice's program started again over the same data: the new console."""
        self.host = self.new_host()
        return self.host

    def bodies(self) -> list[str]:
        return [m.body for m in self.net.messages(self.room())]

    def types(self, text: str) -> None:
        """Bob types a line in the room (a plain message, as any app sends it)."""
        self.bob.send(self.room(), text, None, f"bob.{next(self.txn)}")
        self.host.idle()

    def invited(self) -> None:
        """Alice signs in and invites Bob to an honour game; he accepts it in his app."""
        self.host.sign_in()
        self.host.line(f"invite {BOB} honour")
        self.bob.accept(self.room())


class OutOfReach(LoopbackTransport):
    """A host's connection whose server takes no message while ``down``;
    ``tries``: the sends tried, taken or not."""

    down = False
    tries = 0

    def send(self, room: str, body: str, record: Any, txn_id: str) -> str:
        self.tries += 1
        if self.down:
            raise Unreachable("loopback", "sending")
        return super().send(room, body, record, txn_id)


def alice_host(net: LoopbackNetwork, folder: Path, lexicon: Any, saves: Any, *, seed: int = SEED,
               device: str = "", transport: type[LoopbackTransport] = LoopbackTransport) -> Host:
    """Alice's console (data in ``folder``), each connection a ``transport``
    to ``net`` (naming ``device``), kept in ``host.transports``; another
    call over the same folder is her program's next start."""
    return Host(lambda: transport(net, ALICE, device=device), folder, lexicon, saves, seed=seed)


class Computers:
    """Alice's computers (consoles, each with its own data folder and
    device) over a loopback network made like Matrix's encryption (late
    devices), Bob's phone on it; all closed by ``close``."""

    def __init__(self, tmp: Path, lexicon: Any) -> None:
        self.net = LoopbackNetwork(late_devices=True)
        self.tmp, self.lexicon = tmp, lexicon
        self.saves = SaveStore(tmp / "saves")
        self.bob = LoopbackTransport(self.net, BOB, device="PHONE")
        self.hosts: list[Host] = []
        self.n = 0

    def host(self, folder: str, device: str) -> Host:
        """Alice's console with its data in ``folder`` (again: its next start)."""
        h = Host(lambda: LoopbackTransport(self.net, ALICE, device=device), self.tmp / folder, self.lexicon,
                 self.saves, seed=SEED)
        self.hosts.append(h)
        return h

    def idle(self, *hosts: Host) -> None:
        for _ in range(3):
            for h in hosts:
                h.idle()

    def types(self, room: str, text: str, *hosts: Host) -> None:
        """Bob types a line in ``room``; ``hosts`` settled after."""
        self.n += 1
        self.bob.send(room, text, None, f"bob.{self.n}")
        self.idle(*hosts)

    def bob_passes(self, room: str, *hosts: Host) -> None:
        self.types(room, "pass", *hosts)

    def invited(self, folder: str = "first", device: str = "ALICE1") -> tuple[Host, str]:
        """A computer of Alice's signed in, Bob invited to an honour game
        and accepted in his app: the computer and the game's room."""
        first = self.host(folder, device)
        first.sign_in()
        first.line(f"invite {BOB} honour")
        room = first.home.rooms[0]
        self.bob.accept(room)
        return first, room

    def handed_over(self) -> tuple[Host, Host, str]:
        """The game invited on the first computer (ALICE1), then the
        second (ALICE2) signed in and the game handed to it: the first,
        the second, the room."""
        first, room = self.invited()
        second = self.host("second", "ALICE2")
        second.sign_in()
        self.idle(first, second)
        return first, second, room

    def close(self) -> None:
        for h in self.hosts:
            h.close()
        self.bob.close()


#: how ``games`` lists an honour game with Bob handed to Alice's other computer (after its
#: number; LISTED_ALONE where it is her only game, said with no number)
LISTED = "With Bob (honour): on your other computer; open it to bring it here."
LISTED_ALONE = "1 online game: with Bob (honour), on your other computer; open it to bring it here."


def played_by(homes: Computers, room: str, here: Host, there: Host) -> None:
    """Bob's turn made (Alice passing first where it is hers, at ``here``):
    only ``here`` answers him."""
    link = here.home.honour[room]
    if link.game.current != link.friend_seat:
        here.line("games")
        here.line(f"open {here.home.rooms.index(room) + here.home.first_number}")
        assert any("passed" in line for line in here.line("pass")), here.heard[-6:]
        homes.idle(here, there)
    before = len(homes.net.messages(room))
    actions = len(link.game.actions)
    homes.bob_passes(room, here, there)
    answers = [m for m in homes.net.messages(room)[before:] if m.sender == ALICE]
    assert answers and all(m.device == here.home.need().device_id for m in answers), [m.device for m in answers]
    assert len(link.game.actions) == actions + 1


def listed_as_moved(host: Host) -> int:
    """The number ``games`` gives the moved game (said as moved; 1 where it is said alone)."""
    out = joined(host.line("games"))
    if LISTED_ALONE in out:
        return 1
    assert LISTED in out, out
    return next(n for n in range(1, 9) if f"{n}. {LISTED}" in out)


def asked_with_the_other_off(homes: Computers) -> tuple[Host, str, list[Any]]:
    """Alice's first computer, her game with Bob handed to the second,
    played there, the second closed, then asked back from the first: the
    first, the room and the game's actions as played on the second."""
    first, second, room = homes.handed_over()
    played_by(homes, room, second, first)
    actions = list(second.home.honour[room].game.actions)
    second.close()
    asked = joined(first.line(f"open {listed_as_moved(first)}"))
    assert asked == joined(prompts_homes.honour_asked_back("Bob")), asked
    homes.idle(first)
    return first, room, actions


def honour_game(host: Host, friend: LoopbackTransport) -> str:
    """``host`` invites ``friend`` to an honour game, accepted in the
    friend's app (the new game at the host's table): its room."""
    host.line(f"invite {friend.user_id} honour")
    room = room_of(host, friend.user_id)
    friend.accept(room)
    return room


def honour_with_bob(tmp_path: Path, lexicon: Any, transport: type[LoopbackTransport] = LoopbackTransport
                    ) -> tuple[LoopbackNetwork, LoopbackTransport, Host, str]:
    """Alice's console (see alice_host; data in ``tmp_path``/alice, saves
    in ``tmp_path``/s, each connection a ``transport``) and Bob's bare
    client on one loopback network, she signed in, an honour game with him
    accepted: the network, Bob's client, her console and the game's room.
    The caller closes both (here, if the set-up fails)."""
    net = LoopbackNetwork()
    bob = LoopbackTransport(net, BOB)
    host = alice_host(net, tmp_path / "alice", lexicon, SaveStore(tmp_path / "s"), transport=transport)
    try:
        host.sign_in()
        room = honour_game(host, bob)
    except BaseException:
        host.close()
        bob.close()
        raise
    return net, bob, host, room


def alices_turn(host: Host, bob: LoopbackTransport, room: str, lexicon: Any) -> HonourLink:
    """Where the deal has Bob first, his move (a club player's, seed 9)
    typed in the room, so that it is Alice's turn: the game's link."""
    link = host.link()
    if link.game.current == link.friend_seat:
        bob.send(room, club_move(link, 1, ComputerPlayer("club", lexicon, rng_seed=9)), None, "bob.first")
        host.idle()
        host.line("")
    return link


@contextmanager
def with_bob_and_carol(tmp_path: Path, lexicon: Any) -> Iterator[tuple[Host, LoopbackTransport, LoopbackTransport]]:
    """Alice's console (see alice_host; data in ``tmp_path``/alice) and
    Bob's and Carol's bare clients on one loopback network; all closed when
    the test is done, pass or fail."""
    net = LoopbackNetwork()
    bob, carol = LoopbackTransport(net, BOB), LoopbackTransport(net, CAROL)
    host = alice_host(net, tmp_path / "alice", lexicon, SaveStore(tmp_path / "s"))
    try:
        yield host, bob, carol
    finally:
        host.close()
        bob.close()
        carol.close()


class Restarts:
    """Bob's and Carol's bare clients and Alice's console (see alice_host;
    data in ``tmp_path``/alice, saves in ``tmp_path``/saves) on one
    loopback network, none signed in; her program started again over the
    same data by ``again``; every console and both clients closed by
    ``close``."""

    def __init__(self, tmp_path: Path, lexicon: Any) -> None:
        self.net = LoopbackNetwork()
        self.saves = SaveStore(tmp_path / "saves")
        self.bob, self.carol = LoopbackTransport(self.net, BOB), LoopbackTransport(self.net, CAROL)
        self._folder, self._lexicon = tmp_path / "alice", lexicon
        self.hosts = [alice_host(self.net, self._folder, lexicon, self.saves)]

    def again(self) -> Host:
        """Her program (the last console) closed and started again: the new console."""
        self.hosts[-1].close()
        self.hosts.append(alice_host(self.net, self._folder, self._lexicon, self.saves))
        return self.hosts[-1]

    def close(self) -> None:
        for h in self.hosts:
            h.close()
        self.bob.close()
        self.carol.close()


def open_game(host: Host, room: str) -> list[str]:
    """``games``, then ``open N`` of the game in ``room``: what open said."""
    host.line("games")
    return host.line(f"open {host.home.rooms.index(room) + host.home.first_number}")


def two_games(host: Host, first: LoopbackTransport, second: LoopbackTransport) -> str:
    """``host`` signed in, an honour game with ``first`` then one with
    ``second`` (so that ``first``'s is not open): ``first``'s room."""
    host.sign_in()
    room = honour_game(host, first)
    honour_game(host, second)
    return room


def bob_invited(tmp_path: Path, lexicon: Any) -> Host:
    """Alice's console on her first computer (device ALICE1, data in
    ``tmp_path``/first, on a network of late devices), signed in, Bob
    invited to an honour game (not accepted yet), Enter pressed at its table."""
    net = LoopbackNetwork(late_devices=True)
    host = alice_host(net, tmp_path / "first", lexicon, SaveStore(tmp_path / "saves"), device="ALICE1")
    try:
        host.sign_in()
        host.line(f"invite {BOB} honour")
        host.line("")
    except BaseException:
        host.close()
        raise
    return host


def room_of(host: Host, friend: str) -> str:
    """The room of ``host``'s honour game with ``friend`` (a user id)."""
    return next(room for room, link in host.home.honour.items() if link.friend == friend)


def club_move(link: HonourLink, seat: int, player: ComputerPlayer) -> str:
    """The move a club player chooses for ``seat`` on the host's game, in
    notation (``8D TRAIN``, board letters in parentheses), ``pass`` or
    ``exchange ABC``."""
    with link._lock:
        game = link.copy()
    return typed(player.choose(game, seat), game.board).removeprefix("play ")


def friendly_form(move: str) -> str:
    """A move as a friend on a phone might type it: ``8D TRAIN`` stays;
    with no blank and no board letter, in lower case."""
    position, _, word = move.partition(" ")
    if word.isalpha() and word.isupper():
        return f"{position.lower()} {word.lower()}"
    return move


def wait_until(ready: Callable[[], bool], timeout: float = 30.0, step: float = 0.02) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ready():
            return True
        time.sleep(step)
    return ready()


class Observed:
    """What a whole honour game showed: the friend's actions made, the
    refusal and chat lines sent, and the forms typed."""

    def __init__(self) -> None:
        self.friend_actions = 0
        self.typed: list[str] = []


def play_out(host: Host, friend_types: Callable[[str], None], lexicon: Any, *, limit: int = 120,
             extra: Callable[[int, Observed], None] | None = None) -> Observed:
    """Play the host's honour game to its end: the host (seat 0) types
    through the console, the friend (seat 1) in the room; ``extra(turn,
    seen)`` runs before each turn (a refused move, a chat line...)."""
    link = host.link()
    players = [ComputerPlayer("club", lexicon, rng_seed=5), ComputerPlayer("club", lexicon, rng_seed=9)]
    seen = Observed()
    for turn in range(limit):
        if extra is not None and not link.game.is_over:
            extra(turn, seen)
            host.line("")
        game = link.game
        if game.is_over:
            return seen
        if game.awaiting_final_challenge:
            pending = game.pending_play
            assert pending is not None
            if pending.player == 0:
                friend_types("accept")
                seen.friend_actions += 1
            else:
                host.line("accept")
        elif game.current == 0:
            move = club_move(link, 0, players[0])
            host.line(move if move == "pass" or move.startswith("exchange") else "play " + move)
        else:
            move = club_move(link, 1, players[1])
            typed = friendly_form(move) if len(seen.typed) % 2 else move
            seen.typed.append(typed)
            friend_types(typed)
            seen.friend_actions += 1
        host.line("")
    raise AssertionError("the game did not end")
