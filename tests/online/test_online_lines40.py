"""Every line the console prints is a braille line: at most 40 characters
(or N after ``set braille N``), whatever the game, between homes or on
trust, and whatever the players are called.

The checker drives the real console (Session.handle_line over the
loopback transport, one injected clock) through whole games between
homes (invite with terms, games, accept, moves, chat, days and a
reminder, a restart, a claim before and after the time, the deal
checked, rematch, review, new, a resignation, the server down), honour
games (invite, the friend's chat, help, moves out of turn and illegal,
claim and rematch refused, a resignation, the record kept) and a local
game's commands, and collects every printed line longer than the line.
Before, these games printed 49 distinct lines of 42 to 112 characters
at the 40-character line (some 25 sentences, the others the same with
other names): "Invited Bob to an honour game; Bob types moves in the
game's room." (66), "Your honour game with Bob: this program holds both
racks and the bag, so the deal is on trust." (94), "1. With Bob (honour):
your turn, for 20784 days.", "Your user name? For example
@bob:matrix.org."; at ``set braille 20`` the layout already broke them.

A word longer than a whole line (a file's path, a name longer than the
display) cannot be broken without changing it: it may stand alone on
its line, nothing else with it."""

from __future__ import annotations

import itertools
import threading
from pathlib import Path
from typing import Any

import pytest
from homes_kit import Flaky, Home, Player, by_turn, clocked_homes, seated, settle, signed_in  # type: ignore[import-not-found]
from honour_kit import Host

from audio_scrabble.console.homes import online_table
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.online.offers import DAY_MS
from audio_scrabble.persistence import SaveStore

HOUR_MS = 3_600_000
#: (inviting, invited): short names, names that fill a third of a line, a name of 21 letters
NAMES = [("Alice", "Bob"), ("Bartholomew", "Christabella"), ("Annunziata", "Maximilianbartholomew")]
#: the braille display's cells (None: braille mode off, the 40-character line)
WIDTHS = [None, 20]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def too_long(lines: list[str], width: int | None) -> list[str]:
    """The lines wider than the line, but a single word too long for any line."""
    limit = width or 40
    return sorted({line for line in lines if len(line) > limit and len(line.split()) > 1})


def braille(width: int | None, *players: Any) -> None:
    """``set braille N`` at each console (None: braille mode stays off);
    what it hears from now on is held to that width."""
    for p in players:
        if width is not None:
            p.line(f"set braille {width}")
        p.widths = [*getattr(p, "widths", []), (len(p.heard), width)]


def restart(home: Home, width: int | None) -> None:
    """The program started again: braille mode off until set again."""
    home.widths = [*getattr(home, "widths", []), (len(home.heard), None)]
    home.close()
    home.start()
    braille(width, home)


def over(*players: Any) -> list[str]:
    """What the players heard wider than the line: 40, or the display's
    width while braille mode was on."""
    found: list[str] = []
    for p in players:
        marks = [(0, None), *getattr(p, "widths", [])]
        for (start, width), (end, _) in zip(marks, [*marks[1:], (len(p.heard), None)]):
            found += too_long(p.heard[start:end], width)
    return sorted(set(found))


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("names", NAMES)
def test_a_game_between_homes_with_days_claim_rematch_and_resignation(
        tmp_path: Path, lexicon: Any, names: tuple[str, str], width: int | None) -> None:
    with clocked_homes(tmp_path, lexicon, names) as (clock, _, alice, bob):
        braille(width, alice, bob)
        alice.line("games")
        alice.line("invite")
        alice.line("rematch")
        alice.line(f"invite {bob.user} days 3 rules double")
        settle(alice, bob)
        bob.line("games")
        bob.line("accept 7")
        bob.line("accept 1")
        settle(alice, bob)
        alice.line("")
        bob.line("")
        assert alice.session.game is not None and bob.session.game is not None
        late, waiting = by_turn(alice, bob)
        late.line("games")
        waiting.line("games")
        waiting.line("say good luck, and may the bag be kind to both of us tonight")
        late.line("pass")
        settle(alice, bob)
        waiting.line("")
        waiting.line("pass")
        settle(alice, bob)
        late.line("")
        for typed in ("review", "rematch", "new", "claim", "claim 1", "say", "scores", "history"):
            late.line(typed)
        # a day and a half: the reminder; a restart of the late side: its move is due
        clock.now += DAY_MS + DAY_MS // 2
        waiting.home.tick()
        late.home.tick()
        waiting.home.tick()
        settle(alice, bob)
        late.line("")
        restart(late, width)
        late.line("open 1")
        waiting.line("claim")
        # the time has run out: the waiting side hears it may claim, and claims
        clock.now += 36 * HOUR_MS
        waiting.line("games")
        composed = waiting.home.due_lines()  # said at start (laid out there): composed at 40
        waiting.line("claim 1")
        settle(alice, bob)
        waiting.line("")
        late.line("")
        waiting.line("review")
        waiting.line("rematch")
        waiting.line("open 1")
        waiting.line("rematch")
        settle(alice, bob)
        late.line("")
        late.line("games")
        late.line("accept 1")
        settle(alice, bob)
        late.line("")
        waiting.line("")
        late.line("resign")
        settle(alice, bob)
        waiting.line("")
        late.line("")
        late.line("games")
        heard = alice.heard + bob.heard
        assert any("claim" in line for line in heard) and any("ematch" in line for line in heard), heard
        assert over(alice, bob) == []
        assert composed and too_long(composed, None) == []


@pytest.mark.parametrize("width", WIDTHS)
def test_a_game_between_homes_with_the_server_down(
        tmp_path: Path, lexicon: Any, width: int | None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Player, "transport_type", Flaky)
    monkeypatch.setattr(online_table, "ECHO_WAIT", 600.0)
    net = LoopbackNetwork()
    alice = signed_in(net, "Alice", tmp_path / "a", lexicon)
    bob = signed_in(net, "Bob", tmp_path / "b", lexicon)
    try:
        braille(width, alice, bob)
        seated(alice, bob)
        assert alice.session.game is not None
        first, second = by_turn(alice, bob)
        transport = first.transports[-1]
        assert isinstance(transport, Flaky)
        transport.down = True
        for typed in ("pass", "resign"):
            typing = threading.Thread(target=lambda: first.line(typed), daemon=True)
            typing.start()
            typing.join(60)
            assert not typing.is_alive()
        transport.down = False
        assert first.home.links[first.home.rooms[0]].flush(60)
        settle(first, second)
        first.line("")
        second.line("")
        first.line("games")
        heard = alice.heard + bob.heard
        assert any("erver down" in line for line in heard), heard
        assert over(alice, bob) == []
    finally:
        alice.close()
        bob.close()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("names", NAMES)
def test_an_honour_game(tmp_path: Path, lexicon: Any, names: tuple[str, str], width: int | None) -> None:
    net = LoopbackNetwork()
    me, friend_user = (f"@{name.lower()}:loopback" for name in names)
    host = Host(lambda: LoopbackTransport(net, me), tmp_path / "online", lexicon, SaveStore(tmp_path / "saves"),
                seed=21)
    friend = LoopbackTransport(net, friend_user)
    txn = itertools.count()

    def types(text: str) -> None:
        friend.send(host.home.rooms[0], text, None, f"friend.{next(txn)}")
        host.idle()
        host.line("")

    try:
        braille(width, host)
        host.sign_in(user=names[0].lower())
        host.line(f"invite {friend_user} {friend_user} honour")
        host.line(f"invite {friend_user} honour")
        friend.accept(host.home.rooms[0])
        host.line("")
        types("good luck, and may the bag be kind to both of us tonight")
        types("help")
        game = host.link().game
        if game.current == 0:
            types("8D CAT")  # out of turn
            host.line("pass")
        types("H8 QZQZ")  # not a word the rack holds
        types("pass")
        for typed in ("games", "claim", "claim 1", "rematch", "review", "new", "scores"):
            host.line(typed)
        host.line("resign")
        host.line("rematch")
        host.line("games")
        assert any("honour" in line for line in host.heard), host.heard
        assert over(host) == []
    finally:
        host.close()
        friend.close()
