"""Shared by the tests of tables between homes without the online home
(test_online_console_loopback.py, test_online_console_three_homes.py):
two or more consoles in one process over one loopback network, each a
Session with its OnlineTable and GameLink (the first player offers the
game, the others join it), every line typed through Session.handle_line
and the network left idle after it."""

from __future__ import annotations

from typing import Any

from audio_scrabble.console.homes.online_table import OnlineTable
from audio_scrabble.console.session import NEW, Options, Session
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.online.match import PLAY, GameLink


class Homes:
    """The consoles of ``names`` (the first offers), linked over one
    loopback network. ``flush``: idle also waits until each link has sent
    what it holds."""

    def __init__(self, lexicon: Any, names: tuple[str, ...] = ("Alice", "Bob"), rules: str = "single",
                 flush: bool = False) -> None:
        self.net = LoopbackNetwork()
        self._flush = flush
        self.users = [f"@{n.lower()}:loopback" for n in names]
        self.transports = [LoopbackTransport(self.net, u) for u in self.users]
        self.sessions = [Session(Options(saved_game=NEW), lexicon=lexicon) for _ in names]
        self.tables = [OnlineTable(s) for s in self.sessions]
        self.seeds: list[dict[str, bytes]] = [{} for _ in names]
        first = GameLink.offer(self.transports[0], names[0], list(zip(names[1:], self.users[1:])), rules, lexicon,
                               self.seeds[0], **self.tables[0].callbacks())
        self.tables[0].attach(first)
        first.listen()
        self.room = first.room
        self.links = [first]
        for i in range(1, len(names)):
            link = GameLink.join(self.transports[i], self.room, lexicon, self.seeds[i], **self.tables[i].callbacks())
            self.tables[i].attach(link)
            link.listen()
            self.links.append(link)
        self.heard: list[list[str]] = [[] for _ in names]
        self.idle()

    def idle(self) -> None:
        while True:
            count = len(self.net.messages(self.room))
            for t in self.transports:
                t.wait_idle()
            if self._flush:
                for link in self.links:
                    assert link.flush()
            if len(self.net.messages(self.room)) == count:
                return

    def line(self, i: int, text: str) -> list[str]:
        out = self.sessions[i].handle_line(text)
        self.heard[i].extend(out)
        self.idle()
        return out

    def to_play(self) -> int | None:
        """The side whose move it is, if any."""
        return next((i for i, link in enumerate(self.links) if link.pending() == PLAY), None)

    def seated(self) -> tuple[int, int]:
        """Enter at the first two tables (the game opens): the side whose
        move it is, and the other."""
        self.line(0, "")
        self.line(1, "")
        first = self.to_play()
        assert first is not None
        return first, 1 - first

    def close(self) -> None:
        for t in self.transports:
            t.close()
