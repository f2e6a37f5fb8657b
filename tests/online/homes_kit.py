"""Shared by the tests of games between homes at the console over the
loopback transport: a home (a Session with its online home, typed through
Session.handle_line), the network settled, a player signed in through the
``online`` questions, two homes seated at a game (invite, games, accept,
Enter at both tables), and, for the tests that move days on, one clock
for the server and both homes with the two homes made and closed around
the test. A transport that fails its sends while the server is "down"
stands here too (Flaky), a seated pair at Alice's turn (seated_her_turn),
the two seated players in turn order (by_turn), and a player's program
started again with what its start said (restarted)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from audio_scrabble.console.homes.online_commands import install
from audio_scrabble.console.homes.online_home import OnlineHome
from audio_scrabble.console.session import NEW, Options, Session
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.online.match import GameLink
from audio_scrabble.online.store import OnlineStore
from audio_scrabble.presentation import online_prompts

from honour_kit import OutOfReach  # type: ignore[import-not-found]
from lines_kit import joined, starts  # type: ignore[import-not-found]

PASSWORD = "correct horse battery"


class Clock:
    """The one clock of a test: the server's and both homes' (ms); a test moves ``now`` on."""

    def __init__(self) -> None:
        self.now = 1_800_000_000_000

    def __call__(self) -> int:
        return self.now


class Player:
    """One home: a session, its online home over the shared loopback
    network. It signs in through the ``online`` questions (see
    signed_in), or resumes the account on file with ``home.connect()``.
    ``transport_type``: what its connections are (a test may set a
    failing one on the class)."""

    transport_type: type[LoopbackTransport] = LoopbackTransport

    def __init__(self, net: LoopbackNetwork, name: str, folder: Path, lexicon: Any,
                 session_type: type[Session] = Session, saves: Any = None, *, clock: Clock | None = None) -> None:
        self.net, self.name, self.folder, self.lexicon, self.clock = net, name, folder, lexicon, clock
        self.user = f"@{name.lower()}:loopback"
        self.transports: list[LoopbackTransport] = []
        self.passwords: list[str] = []
        self.heard: list[str] = []
        self._session_type, self._saves = session_type, saves
        self.start()

    def start(self, lexicon: Any = None) -> list[str]:
        """A new program over the same data folder (with ``lexicon``: with that word list)."""
        if lexicon is not None:
            self.lexicon = lexicon
        self.session = self._session_type(Options(saved_game=NEW), lexicon=self.lexicon, store=self._saves)
        self.store = OnlineStore(self.folder)
        self.home = install(self.session, OnlineHome(self.session, self.store, connect=self._connect,
                                                     sign_in=self._sign_in, clock=self.clock))
        return []

    def _connect(self) -> LoopbackTransport:
        t = self.transport_type(self.net, self.user)
        self.transports.append(t)
        return t

    def _sign_in(self, homeserver: str, user: str, password: str) -> LoopbackTransport:
        self.passwords.append(password)
        assert user.lower() in self.user
        return self._connect()

    def line(self, text: str) -> list[str]:
        out = self.session.handle_line(text)
        self.heard.extend(out)
        return out

    def idle(self) -> None:
        """Until what this side queued is sent (a claim, a resignation: a
        link's outbox thread, which a loaded machine runs late) and what
        came is handled; a server that is down (``down``) is not waited for."""
        if not any(getattr(t, "down", False) for t in self.transports):
            for link in list(self.home.links.values()):
                link.flush(timeout=5.0)
        for t in self.transports:
            if not t.closed:
                t.wait_idle()
        self.home.wait_idle()

    def close(self) -> None:
        self.home.close()
        for t in self.transports:
            t.close()


class Home(Player):
    """A home whose program connects at start with the account on file (the
    loopback keeps none: connect is given); ``close()`` then ``start()`` is
    a restart, what it said at start heard as any line."""

    def __init__(self, net: LoopbackNetwork, name: str, folder: Path, lexicon: Any, *,
                 clock: Clock | None = None) -> None:
        super().__init__(net, name, folder, lexicon, clock=clock)

    def start(self, lexicon: Any = None) -> list[str]:
        super().start(lexicon)
        out = self.home.connect()
        self.heard.extend(out)
        return out


def settle(*players: Player) -> None:
    """Until every transport and every home has handled what came."""
    for _ in range(6):
        for p in players:
            p.idle()


def invited(alice: Player, bob: Player, terms: str = "") -> None:
    """Alice invites Bob (with ``terms``: ``days 1``, ``rules double``...)
    and he accepts it from ``games`` (Enter not pressed yet at the hand-over)."""
    alice.line(f"invite {bob.user} {terms}".rstrip())
    settle(alice, bob)
    bob.line("games")
    bob.line("accept 1")
    settle(alice, bob)


def seated(alice: Player, bob: Player, terms: str = "") -> None:
    """Alice invites Bob (see invited), he accepts it, and both tables are
    seated (each player has pressed Enter at the hand-over)."""
    invited(alice, bob, terms)
    alice.line("")
    bob.line("")


def dealt_while_closed_in_turn(alice: Player, bob: Player) -> None:
    """Alice invites Bob and closes her program; Bob accepts and closes
    his; Alice starts again and does her part of the deal (what she heard
    before forgotten), then Bob starts again (what he heard before
    forgotten) and does the rest: the game is ready on both sides, neither
    table open (no games typed in his run)."""
    alice.line(f"invite {bob.user}")
    settle(alice, bob)
    alice.close()
    bob.line("games")
    bob.line("accept 1")
    settle(bob)
    bob.close()
    alice.heard.clear()
    alice.start()  # her program does its part of the deal; Bob's is not running
    settle(alice)
    bob.heard.clear()
    bob.start()  # his does the rest, after a restart
    for _ in range(4):
        settle(bob, alice)


def by_turn(alice: Player, bob: Player) -> tuple[Player, Player]:
    """The player whose turn it is in Alice's open game, then the other."""
    return (alice, bob) if alice.session.game.current == 0 else (bob, alice)


def seated_her_turn(alice: Player, bob: Player) -> GameLink:
    """Alice and Bob seated (see seated) and her game's link, her turn now
    (Bob passes first when the deal gave him the first move)."""
    seated(alice, bob)
    link = alice.home.links[alice.home.rooms[0]]
    if link.pending() != "play":
        bob.line("pass")
        settle(alice, bob)
        alice.line("")
    assert link.pending() == "play"
    return link


def signed_in(net: LoopbackNetwork, name: str, folder: Path, lexicon: Any, saves: Any = None) -> Player:
    """A player signed in through the ``online`` questions, each checked as asked."""
    p = Player(net, name, folder, lexicon, saves=saves)
    assert p.line("online") == [online_prompts.ASK_HOMESERVER]
    assert p.session.prompt_text() == "homeserver> "
    assert p.line("example.org") == list(online_prompts.ASK_USER)
    assert p.line(name.lower()) == [online_prompts.ASK_PASSWORD]
    assert getattr(p.session.question, "secret", False)  # the app reads it unseen
    out = p.line(PASSWORD)
    assert starts(online_prompts.signed_in(p.user), out), out
    assert p.session.question is None
    return p


def seated_pair(net: LoopbackNetwork, folder: Path, lexicon: Any) -> tuple[Player, Player]:
    """Alice and Bob signed in (see signed_in; data in ``folder``/a and /b)
    and seated at one game (see seated)."""
    alice = signed_in(net, "Alice", folder / "a", lexicon)
    bob = signed_in(net, "Bob", folder / "b", lexicon)
    seated(alice, bob)
    return alice, bob



@contextmanager
def pair_at_a_game(folder: Path, lexicon: Any) -> Iterator[tuple[Player, Player]]:
    """Alice and Bob seated at one game over a new loopback network (see
    seated_pair); both closed when the test is done, pass or fail."""
    alice, bob = seated_pair(LoopbackNetwork(), folder, lexicon)
    try:
        yield alice, bob
    finally:
        alice.close()
        bob.close()


def resigns(p: Player, *others: Player, rounds: int = 1) -> None:
    """``p`` resigns (and confirms); the messages then delivered ``rounds``
    times (see settle) among ``p`` and ``others``."""
    p.line("resign")
    p.line("yes")
    for _ in range(rounds):
        settle(p, *others)


def restarted(p: Player, *others: Player, rounds: int = 1) -> str:
    """``p``'s program closed and started again (what it heard before
    forgotten), connected, the messages delivered ``rounds`` times among
    ``p`` and ``others``, then Enter pressed ``rounds`` times: all it said,
    joined."""
    p.close()
    p.heard.clear()
    p.start()
    out = list(p.home.connect())
    for _ in range(rounds):
        settle(p, *others)
    for _ in range(rounds):
        out += p.line("")
    return joined(out)


@contextmanager
def clocked_homes(folder: Path, lexicon: Any,
                  names: tuple[str, str] = ("Alice", "Bob")) -> Iterator[tuple[Clock, LoopbackNetwork, Home, Home]]:
    """One clock for the server and two homes (data in ``folder``/a and
    /b), connected; both closed when the test is done, pass or fail."""
    clock = Clock()
    net = LoopbackNetwork(clock=clock)
    alice = Home(net, names[0], folder / "a", lexicon, clock=clock)
    bob = Home(net, names[1], folder / "b", lexicon, clock=clock)
    try:
        yield clock, net, alice, bob
    finally:
        alice.close()
        bob.close()


class Flaky(OutOfReach):
    """A loopback transport whose server can be down: its sends fail and it
    says it is offline, as the Matrix transport does from its first failed
    request."""

    @property
    def offline(self) -> bool:
        return self.down
