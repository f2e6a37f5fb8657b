"""The referee (online/referee.py) on its own, no transport: sides handed
records directly. Any record changed in any way is applied or refused with
a typed error, and a refused record changes nothing."""

from __future__ import annotations

import functools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audio_scrabble.engine.players import ComputerPlayer
from audio_scrabble.errors import OnlineError
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.deal import Secrets
from audio_scrabble.online.match import action_data
from audio_scrabble.online.record import Player, format_record, parse_record
from audio_scrabble.online.referee import OnlineGame, Refused

USERS = ["@alice:x", "@bob:x"]


def _deliver(sides: list[OnlineGame], rec: Any, body: str, seat: int) -> None:
    rec = parse_record(format_record(rec))
    for side in sides:
        side.receive(rec, USERS[seat], body)


def _set_up(lexicon: Any, turns: int) -> tuple[list[OnlineGame], list[ComputerPlayer]]:
    sides = [OnlineGame(u, lexicon) for u in USERS]
    rec, body = sides[0].compose_offer("fuzz", [Player("Alice", USERS[0]), Player("Bob", USERS[1])], "single",
                                       secrets=Secrets("fuzz", 0, b"\x01" * 32))
    _deliver(sides, rec, body, 0)
    rec, body = sides[1].compose_join(Secrets("fuzz", 1, b"\x02" * 32))
    _deliver(sides, rec, body, 1)
    for seat, make in ((0, "places"), (1, "places"), (0, "keys")):
        rec, body = getattr(sides[seat], f"compose_{make}")()
        _deliver(sides, rec, body, seat)
    cps = [ComputerPlayer("club", lexicon, rng_seed=i) for i in range(2)]
    for _ in range(turns):
        seat = sides[0].to_act()
        rec, body = sides[seat].compose_action(action_data(cps[seat].choose(sides[seat].game, seat)))
        _deliver(sides, rec, body, seat)
    return sides, cps


@functools.lru_cache(maxsize=1)
def _prepared() -> tuple[list[OnlineGame], dict, int]:
    lexicon = Lexicon.default()
    sides, cps = _set_up(lexicon, 3)
    seat = sides[0].to_act()
    for _ in range(20):  # a placement, so the record shows tiles and keys
        action = cps[seat].choose(sides[seat].game, seat)
        if action.kind == "place":
            break
    rec, _ = sides[seat].compose_action(action_data(action))
    return sides, format_record(rec), seat


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=70),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=10,
)


def _mutations(record: dict) -> Any:
    shown = record["deal"]["shown"]
    places = list(shown)
    return st.one_of(
        st.dictionaries(st.sampled_from(sorted(record)), _json, min_size=1, max_size=2).map(
            lambda ch: {**record, **ch}),
        st.tuples(st.sampled_from(places), _json).map(
            lambda pv: {**record, "deal": {**record["deal"], "shown": {**shown, pv[0]: pv[1]}}}),
        st.tuples(st.sampled_from(places), st.integers(0, 99).map(str)).map(
            lambda pk: {**record, "deal": {**record["deal"], "shown": {
                (pk[1] if k == pk[0] else k): v for k, v in shown.items()}}}),
        st.tuples(st.sampled_from(places), st.integers(0, 1), st.sampled_from(["00" * 32, "01" + "00" * 31])).map(
            lambda pik: {**record, "deal": {**record["deal"], "shown": {**shown, pik[0]: [
                pik[2] if j == pik[1] else key for j, key in enumerate(shown[pik[0]])]}}}),
        st.text(max_size=40).map(lambda t: {**record, "gcg": t}),
        st.integers(-50, 50).map(lambda d: {**record, "gcg": _rescore(record["gcg"], d)}),
    )


def _rescore(line: str, delta: int) -> str:
    parts = line.split()
    return " ".join(parts[:-2] + [f"+{max(0, int(parts[-2][1:]) + delta)}", str(int(parts[-1]) + delta)])


@pytest.fixture
def prepared() -> tuple[list[OnlineGame], dict, int]:
    return _prepared()


@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_fuzz_a_changed_record_is_applied_or_refused_with_a_typed_error_and_changes_nothing(data: Any) -> None:
    sides, record, seat = _prepared()
    changed = data.draw(_mutations(record))
    side = sides[1 - seat]
    before = (list(side.hashes), side.game.scores(), side.game.board.rows_text(), len(side.game.bag))  # type: ignore[union-attr]
    try:
        parsed = parse_record(changed)
        trial = side._copy()
        trial.receive(parsed, USERS[seat], "")
    except OnlineError:
        after = (list(side.hashes), side.game.scores(), side.game.board.rows_text(), len(side.game.bag))  # type: ignore[union-attr]
        assert after == before
        return
    # accepted: it said the same move as the honest record, with the same result
    honest = side._copy()
    honest.receive(parse_record(record), USERS[seat], "")
    assert trial.game.scores() == honest.game.scores()  # type: ignore[union-attr]
    assert trial.game.board.rows_text() == honest.game.board.rows_text()  # type: ignore[union-attr]


def test_the_honest_record_is_applied_and_a_record_of_another_game_is_refused(
        prepared: tuple[list[OnlineGame], dict, int]) -> None:
    sides, record, seat = prepared
    side = sides[1 - seat]._copy()
    with pytest.raises(Refused) as e:
        side.receive(parse_record({**record, "game": "other"}), USERS[seat])
    assert e.value.code == "wrong_game"
    applied = side.receive(parse_record(record), USERS[seat], "body")
    assert applied.events and applied.body == "body"
    with pytest.raises(Refused) as e:
        side.receive(parse_record(record), USERS[seat])
    assert e.value.code == "repeated"


def test_an_offer_the_core_cannot_set_up_is_refused_at_once() -> None:
    side = OnlineGame("@a:x")
    offer = {"v": 1, "game": "g", "seq": 0, "prev": "", "seat": 0, "kind": "offer",
             "players": [{"name": "Alice", "user": "@a:x"}, {"name": "Alice ", "user": "@b:x"}],
             "rules": "single", "lexicon": "", "edition": 2, "deal": {}}
    with pytest.raises(Refused) as e:
        side.receive(parse_record(offer), "@a:x")
    assert e.value.code == "bad_offer"
    with pytest.raises(Refused) as e:
        side.receive(parse_record({**offer, "players": offer["players"][:1] + [{"name": "Bob", "user": "@b:x"}],
                                   "rules": "chess"}), "@a:x")
    assert e.value.code == "bad_offer"
    assert side.log == []


def test_an_offer_with_another_word_list_is_refused() -> None:
    class Named:
        name = "CSW21"

        def __contains__(self, word: object) -> bool:
            return True

    side = OnlineGame("@b:x", Named())
    offer = {"v": 1, "game": "g", "seq": 0, "prev": "", "seat": 0, "kind": "offer",
             "players": [{"name": "Alice", "user": "@a:x"}, {"name": "Bob", "user": "@b:x"}],
             "rules": "single", "lexicon": "NWL2023", "edition": 2, "deal": {}}
    with pytest.raises(Refused) as e:
        side.receive(parse_record(offer), "@a:x")
    assert e.value.code == "other_word_list" and "NWL2023" in str(e.value)


def test_no_seed_key_or_rack_in_a_repr() -> None:
    sides, record, seat = _prepared()
    side = sides[seat]
    text = repr(side) + repr(side.secrets) + repr(side._ledger)
    assert side.secrets is not None and side.secrets.seed.hex()[:16] not in text
    assert not any(k.hex()[:16] in text for got in side.received.values() for k in got.values())
    assert "".join(side.game.players[seat].rack) not in text  # type: ignore[union-attr]


def test_a_line_that_cannot_be_read_is_refused_with_the_lines_code() -> None:
    sides, record, seat = _prepared()
    side = sides[1 - seat]._copy()
    with pytest.raises(Refused) as e:
        side.receive(parse_record({**record, "gcg": ">Alice: AEINRST 8D NASTIER +64 64"}), USERS[seat])
    assert e.value.code in ("rack_shown", "mismatch")
    with pytest.raises(Refused) as e:
        side.receive(parse_record({**record, "gcg": ">Alice: 8D"}), USERS[seat])
    assert e.value.code == "bad_gcg" and "cannot be read" in str(e.value)
