"""An exchange between homes, end to end over the loopback transport: the
bag is shuffled again before anyone draws from it (issue 21, leak 1), the
next draws come from the new deck, and the whole game still checks out at
the end on every side, with 2, 3 and 4 players; a seat that cheats in the
new shuffle is named at the end."""

from __future__ import annotations

from typing import Any

import pytest
from test_online_loopback import Table, _assert_finished_alike  # type: ignore[import-not-found]

from audio_scrabble.errors import OnlineError
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online import reshuffle as R
from audio_scrabble.online.deal import DECK_SIZE
from audio_scrabble.online.match import PLAY


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _exchange(table: Table, count: int = 3) -> int:
    i = table.to_play()
    assert i is not None
    rack = table.links[i].state.game.players[i].rack  # type: ignore[union-attr]
    table.links[i].send_action({"type": "exchange", "tiles": "".join(rack[:count])})
    table.idle()
    return i


@pytest.mark.parametrize("n", [2, 3, 4])
def test_after_an_exchange_the_bag_is_shuffled_again_and_the_game_checks_out(lexicon: Any, n: int) -> None:
    table = Table(lexicon, n)
    try:
        x = _exchange(table)
        states = [link.state for link in table.links]
        log = states[0].log
        ex = next(k for k, r in enumerate(log) if r.kind == "exchange")
        # the exchanger's strip rides on its exchange; every other seat adds its step by itself
        assert "round" in log[ex].deal
        steps = [r.seat for r in log[ex + 1:] if r.kind == "shuffle"]
        assert sorted(set(steps)) == sorted(s for s in range(n) if s != x)
        assert x not in steps
        for st in states:
            assert len(st.rounds) == 1 and st.rounds[0].done and st.rounds[0].exchanger == x
            # the bag now holds only places of the new deck: no place the exchanger put back
            assert st.game is not None and all(p >= DECK_SIZE for p in st.game.bag.ledger.pool)  # type: ignore[attr-defined]
        assert all(st.hashes == states[0].hashes for st in states)
        # the next player may play at once
        assert table.links[(x + 1) % n].pending() == PLAY
        # a second exchange a little later: a round over places of the new deck
        # (and over any place of the set-up's deck put back: stripped again)
        for _ in range(2):
            assert table.step()
        _exchange(table, 2)
        assert all(len(st.rounds) == 2 and st.rounds[1].done for st in states)
        table.play_to_end()
        _assert_finished_alike(table)
        gcg = states[0].final.gcg  # type: ignore[union-attr]
        assert " -" in gcg
        # tiles were drawn from the new deck and shown with shares when played
        assert any(int(p) >= DECK_SIZE for r in states[0].log if r.kind == "move" for p in r.deal.get("shown", {}))
        assert any("shares" in r.deal for r in states[0].log)
    finally:
        table.close()


def test_a_seat_that_cheats_in_the_new_shuffle_is_named_at_the_end(lexicon: Any, monkeypatch: Any) -> None:
    honest = R.step_message

    def cheat(sec: Any, rnd: Any) -> dict[str, Any]:
        msg = honest(sec, rnd)
        if sec.seat == 1:  # a permutation of its own choosing, not the one its seed promised
            deck = msg["deck"]
            msg = {"deck": [deck[1], deck[0]] + deck[2:]}
        return msg

    monkeypatch.setattr(R, "step_message", cheat)
    table = Table(lexicon, 2)
    try:
        x = _exchange(table)
        if x == 1:  # the cheat must be a shuffler: let seat 0 exchange too
            assert table.step()
            x = _exchange(table)
        assert x == 0
        table.play_to_end()
        finals = [link.state.final for link in table.links]
        assert all(f is not None and not f.checked for f in finals)
        # every side says the same (the totals are each view's own: the deal failed)
        assert all(f.lines == finals[0].lines for f in finals)  # type: ignore[union-attr]
        said = " ".join(finals[0].lines)  # type: ignore[union-attr]
        assert said.startswith("The deal did not check out.")
        assert "Player 2" in said and "shuffle" in said
    finally:
        table.close()


def test_a_wrong_share_or_a_missing_strip_is_refused_on_every_side_and_never_applied(lexicon: Any) -> None:
    table = Table(lexicon, 2)
    try:
        # an exchange that leaves out its sender's strip of the bag
        i = table.to_play()
        assert i is not None
        rack = table.links[i].state.game.players[i].rack  # type: ignore[union-attr]
        record, body = table.next_record(i, {"type": "exchange", "tiles": "".join(rack[:3])})
        assert "round" in record["deal"]
        before = table.logs()
        table.inject(i, dict(record, deal={k: v for k, v in record["deal"].items() if k != "round"}))
        assert table.refused == [["bad_deal"], ["bad_deal"]] and table.logs() == before
        table.inject(i, record, body)  # the honest exchange stands; the other side shuffles by itself
        assert table.links[0].state.log[-1].kind == "shuffle"
        # play on until a record owes shares of tiles drawn from the new deck; change one
        for _ in range(30):
            j = table.to_play()
            assert j is not None
            record, body = table.next_record(j)
            if record["deal"].get("shares"):
                break
            table.links[j].send_action(table.choose(j))
            table.idle()
        assert j is not None and record["deal"].get("shares")
        shares = record["deal"]["shares"]
        place = sorted(shares)[0]
        other = next(p for p in sorted(shares) if p != place) if len(shares) > 1 else None
        wrong = dict(shares[place], d=shares[other]["d"]) if other else dict(shares[place], proof="00" * 64)
        before = table.logs()
        table.refused[0].clear()
        table.refused[1].clear()
        table.inject(j, dict(record, deal={**record["deal"], "shares": {**shares, place: wrong}}))
        assert table.refused == [["wrong_share"], ["wrong_share"]] and table.logs() == before
        table.inject(j, record, body)
        assert table.logs()[0] == table.logs()[1] and len(table.logs()[0]) == len(before[0]) + 1
        table.play_to_end()
        _assert_finished_alike(table)
    finally:
        table.close()


def test_a_program_away_during_the_new_shuffle_adds_its_step_when_it_comes_back(lexicon: Any) -> None:
    from audio_scrabble.online.loopback import LoopbackTransport
    from audio_scrabble.online.match import WAIT, GameLink

    table = Table(lexicon, 3)
    try:
        x = table.to_play()
        assert x is not None
        away = (x + 2) % 3  # neither the exchanger nor the next player
        table.links[away].close()
        table.transports[away].close()  # its program is not running
        _exchange(table)
        states = [link.state for link in table.links]
        rnd = states[x].rounds[0]
        assert not rnd.done and rnd.next_seat == away
        assert table.links[(x + 1) % 3].pending() == WAIT  # the next player waits for the shuffle
        with pytest.raises(OnlineError) as e:
            table.links[(x + 1) % 3].send_action({"type": "pass"})
        assert e.value.code == "shuffling"
        # the program comes back: it catches up and adds its step by itself
        table.transports[away] = LoopbackTransport(table.net, table.users[away])
        table.links[away] = GameLink.resume(table.transports[away], table.room, lexicon, table.seeds[away],
                                            **table.callbacks(away))
        table.links[away].listen()
        table.idle()
        assert all(link.state.rounds[0].done for link in table.links)
        assert table.links[(x + 1) % 3].pending() == PLAY
        table.play_to_end()
        _assert_finished_alike(table)
    finally:
        table.close()
