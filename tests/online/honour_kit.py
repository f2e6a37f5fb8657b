"""Shared by the honour-mode tests: the host's console (a Session with its
online home over any transport), the host and a bare Matrix client of the
friend's over the loopback transport (Loop), and a whole honour game driven from
both sides: the host types through Session.handle_line, the friend types
plain text in the room (as from a phone's Matrix app: no structured
content), each choosing a club player's move on the host's game."""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any, Callable

from audio_scrabble.console.homes.online_commands import install
from audio_scrabble.console.homes.online_home import OnlineHome
from audio_scrabble.console.session import NEW, Options, Session
from audio_scrabble.engine.players import ComputerPlayer
from audio_scrabble.online.honour import HonourLink
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.online.store import OnlineStore
from audio_scrabble.online.transport import Transport
from audio_scrabble.persistence import SaveStore

from typed_moves import typed  # type: ignore[import-not-found]

#: the friend of the honour games over the loopback transport (Loop)
BOB = "@bob:loopback"
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
