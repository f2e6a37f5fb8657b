"""A record of a kind this program does not know (one a later version of
the game adds, as this one added the end by agreement) does not break a
game between homes: well formed, it is taken as a step that changes
nothing but the keys it carries (record.known_kind), the game goes on
and its deal still checks out at the end, and the table says once that
the other player's program is newer. Before, it was refused (bad_kind)
and every record after it was refused too (out_of_order): the game
stalled. A malformed kind is still refused, the chain left as it was.
An offer to end the game, heard by a program that does not know the
kind, is nothing there: play goes on. Over the loopback transport."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online import record as record_module
from audio_scrabble.online import referee as referee_module
from audio_scrabble.online.match import DONE
from audio_scrabble.online.record import Record, format_record

from homes_kit import by_turn, pair_at_a_game, settle  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]
from test_online_end_by_agreement import Pair  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


@pytest.fixture
def pair(lexicon: Any) -> Any:
    p = Pair(lexicon)
    yield p
    p.close()


def later_step(pair: Pair, seat: int, kind: str = "wave") -> None:
    """``seat`` sends a record of a kind a later program added (the keys it owes in it)."""
    link = pair.links[seat]
    with link._lock:
        record, body = link.state._finish(link.state._base(kind))
    link._send(record, body)
    pair.idle()


def test_a_later_kind_is_taken_the_game_goes_on_and_checks_out(pair: Pair) -> None:
    pair.passes()
    before = len(pair.links[0].state.log)
    later_step(pair, pair.mover())
    later_step(pair, 1 - pair.mover())
    assert [len(link.state.log) for link in pair.links] == [before + 2] * 2
    assert pair.refused == [[], []]
    pair.passes()
    pair.passes()
    pair.links[0].resign()
    pair.idle()
    for link in pair.links:
        assert link.pending() == DONE and link.state.final is not None and link.state.final.checked
    assert pair.refused == [[], []]


def test_a_malformed_kind_is_refused_and_the_chain_goes_on(pair: Pair) -> None:
    st = pair.links[1].state
    record, _ = st._finish(st._base("wave"))
    bad = {**format_record(record), "kind": "Wave!"}
    pair.net.inject(pair.room, pair.users[1], "?", bad)
    pair.idle()
    assert pair.refused == [["bad_kind"], ["bad_kind"]]
    pair.passes()  # follows the last record taken: not stalled
    assert pair.refused == [["bad_kind"], ["bad_kind"]]
    assert len(pair.links[0].state.log) == len(pair.links[1].state.log) == len(st.log)


def test_a_later_kind_after_the_end_is_refused(pair: Pair) -> None:
    pair.links[0].resign()
    pair.idle()
    st = pair.links[1].state
    pair.net.inject(pair.room, pair.users[1], "?", format_record(Record(st.game_id, len(st.log), st.head, 1, "wave")))
    pair.idle()
    assert pair.refused == [["over"], ["over"]]
    assert all(link.state.final is not None and link.state.final.checked for link in pair.links)


def test_an_end_offer_heard_by_a_program_without_the_kinds_is_nothing_there(
        tmp_path: Path, lexicon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        first, second = by_turn(alice, bob)
        link = second.home.links[second.home.rooms[0]]
        with link._lock:
            offer, body = link.state.compose_agreement("offer_end")
        # from here both programs are as one that never knew the end by agreement
        monkeypatch.setattr(record_module, "KINDS", tuple(k for k in record_module.KINDS
                                                          if k not in record_module.AGREEMENT_KINDS))
        monkeypatch.setattr(referee_module, "AGREEMENT_KINDS", ())
        link._send(offer, body)
        settle(alice, bob)
        heard = joined(first.line(""))
        assert heard.count(f"{second.name}'s program is newer; update the game to hear all it sends.") == 1, heard
        assert "offers to end" not in heard
        assert first.home.links[first.home.rooms[0]].state.end_offered is None
        first.line("pass")  # play goes on
        settle(alice, bob)
        assert "pass" in joined(second.line("")).lower()
        assert not alice.home.links[alice.home.rooms[0]].refusals
