"""A game between homes opened again says every move made since the
player last saw it, in order, one short line each, then the scores and
whose turn (console/homes/online_since.py, presentation/prompts_homes.py);
more than a few: the last ones and "N more; type history.". Before, only
the last move was said, so with three players the move between was
missed; an honour game opened again said neither the move nor the
scores. Over the loopback transport."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console.homes.online_start import OnlineSession
from audio_scrabble.core.events import TurnPassed
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.persistence import SaveStore
from audio_scrabble.presentation import honour_prompts, online_prompts, prompts_homes

from homes_kit import Player, settle, signed_in  # type: ignore[import-not-found]
from honour_kit import Host


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_three_homes_the_two_moves_made_while_away_are_both_said_in_order(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    homes = {n: signed_in(net, n, tmp_path / n, lexicon) for n in ("Alice", "Bob", "Carol")}
    alice, bob, carol = homes["Alice"], homes["Bob"], homes["Carol"]
    everyone = list(homes.values())
    try:
        alice.line("invite @bob:loopback @carol:loopback")
        settle(*everyone)
        for p in (bob, carol):
            p.line("games")
            p.line("accept 1")
            settle(*everyone)
        for p in everyone:
            p.line("")
        settle(*everyone)
        game = alice.session.game
        assert game is not None
        names = list(game.names)

        def mover() -> Player:
            g = alice.session.game
            assert g is not None
            return homes[names[g.current]]

        for _ in range(2):  # up to Alice's turn (passes: at most five in a row here)
            if mover() is alice:
                break
            assert "You passed." in mover().line("pass")
            settle(*everyone)
            for p in everyone:
                p.line("")  # each table has made what the room applied
        assert mover() is alice
        alice.line("pass")
        settle(*everyone)
        alice.line("")
        alice.close()  # Alice is away: the two others move
        order = []
        for _ in range(2):
            bob.line("")
            carol.line("")  # each table has made what the room applied
            seat = bob.session.game.current  # type: ignore[union-attr]
            order.append(names[seat])
            assert "You passed." in homes[names[seat]].line("pass")
            settle(bob, carol)
        again = Player(net, "Alice", alice.store.folder, lexicon, OnlineSession)
        signed = again.home.connect()
        assert prompts_homes.new_moves_line(["Bob", "Carol"], 2)[0] in signed, signed  # at sign-in: how many
        out = again.line("open 1")
        text = "\n".join(out)
        assert "2 moves since you last looked:" in out, out
        first, second = (text.index(f"{n} passed.") for n in order)
        assert first < second, out  # in order
        assert "Last move:" not in text, out
        assert text.index(f"{order[1]} passed.") < text.index("You 0"), out  # then the scores
        assert "Your turn." in out, out  # then whose turn
        mine = out[out.index("2 moves since you last looked:"):out.index(next(x for x in out if x.endswith(f"{order[1]} passed."))) + 1]
        assert len(mine) == 3 and all(len(line) <= 40 for line in mine), out
        # seen now: opened once more, no move since: the last move only, no list
        again2 = again.line("open 1")
        assert "2 moves since you last looked:" not in again2, again2
        assert f"Last move: {order[1]} passed." in again2, again2
        again.close()
    finally:
        for p in everyone:
            p.close()


def test_many_moves_since_are_capped_with_a_line_saying_how_many_more() -> None:
    names = ("Alice", "Bob", "Carol")
    history = [TurnPassed(turn, seat, names[seat], (), 0, None) for turn, seat in zip(range(1, 11), itertools.cycle((1, 2)))]
    lines = prompts_homes.since_lines(history, 0, names, 0)
    assert lines[0].startswith("10 moves since you last looked"), lines
    said = [line for line in lines if line.endswith("passed.")]
    assert len(said) == prompts_homes.MOST_SINCE, lines
    assert said[0].startswith("5. ") and said[-1].startswith("10. "), lines  # the last ones, in order
    assert lines[-1] == "4 more; type history.", lines
    assert all(len(line) <= 40 for line in lines), lines
    # two seen of ten: eight said, capped the same way
    assert prompts_homes.since_lines(history, 2, names, 0)[-1] == "2 more; type history."


def test_an_honour_game_opened_again_says_the_friends_move_and_the_scores(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    host = Host(lambda: LoopbackTransport(net, "@alice:loopback"), tmp_path / "alice", lexicon,
                SaveStore(tmp_path / "saves"), seed=21)
    bob = LoopbackTransport(net, "@bob:loopback")
    try:
        host.sign_in()
        host.line("invite @bob:loopback honour")
        link = host.link()
        bob.accept(link.room)
        if link.game.current == 0:
            host.line("pass")
            host.line("")
        host.line("invite @carol:loopback honour")  # another game at the table: Bob's is not open
        bob.send(link.room, "pass", None, "bob.1")
        host.idle()
        host.line("")
        host.line("games")
        number = 1 + next(i for i, room in enumerate(host.home.rooms) if room == link.room)
        out = host.line(f"open {number}")
        assert honour_prompts.game_with("Bob")[0] in out, out
        assert "Last move: Bob passed." in out, out
        assert any(line.startswith("Scores:") or line.startswith("You 0") for line in out), out
        assert online_prompts.moved_not_open("Bob")[0] in host.heard
    finally:
        host.close()
        bob.close()
