"""The move record of a game between homes (online/record.py): parse and
format twins, the hash chain, a typed error with a code for every
malformed record, and no untyped exception from any dict or JSON."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audio_scrabble.errors import OnlineError
from audio_scrabble.notation.gcg import GcgMove, MoveKind
from audio_scrabble.online.record import (
    BadRecord,
    Player,
    Record,
    canonical,
    format_record,
    gcg_line,
    parse_gcg_line,
    parse_record,
    record_hash,
    txn_id,
)

H = "ab" * 32
PLAYERS = (Player("Alice", "@alice:example.org"), Player("Bob", "@bob:example.org"))

SAMPLES = [
    Record("g1", 0, "", 0, "offer", deal={"box": H, "commit": H, "deck": []}, players=PLAYERS, rules="double",
           lexicon="CSW21", edition=2, days=3),
    Record("g1", 1, H, 1, "join", deal={"box": H, "commit": H, "deck": []}),
    Record("g1", 2, H, 0, "places", deal={"nonce": H, "deck": []}),
    Record("g1", 4, H, 0, "keys", deal={"keys": {"1": "c2VhbGVk"}}),
    Record("g1", 5, H, 0, "move", gcg=">Alice: 8D NASTIER +64 64", deal={"shown": {"3": [H, H]}}),
    Record("g1", 6, H, 1, "exchange", gcg=">Bob: -3 +0 0", deal={"returned": [4, 9, 17]}),
    Record("g1", 7, H, 0, "pass", gcg=">Alice: - +0 64"),
    Record("g1", 8, H, 1, "challenge", gcg=">Alice: -- -64 0", withdrawn=True),
    Record("g1", 9, H, 1, "accept"),
    Record("g1", 10, H, 1, "resign"),
    Record("g1", 11, H, 0, "end", deal={"seed": H}),
]


@pytest.mark.parametrize("record", SAMPLES, ids=[r.kind for r in SAMPLES])
def test_every_kind_round_trips_through_dict_and_json(record: Record) -> None:
    assert parse_record(format_record(record)) == record
    assert parse_record(json.dumps(format_record(record))) == record
    assert parse_record(canonical(record)) == record


def test_the_hash_chain_changes_with_any_field_and_txn_ids_are_stable() -> None:
    rec = SAMPLES[4]
    assert record_hash(rec) == record_hash(parse_record(format_record(rec)))
    for changed in (
        Record(rec.game, rec.seq, rec.prev, rec.seat, rec.kind, ">Alice: 8D NASTIER +65 65", rec.deal),
        Record(rec.game, rec.seq + 1, rec.prev, rec.seat, rec.kind, rec.gcg, rec.deal),
        Record(rec.game, rec.seq, "cd" * 32, rec.seat, rec.kind, rec.gcg, rec.deal),
    ):
        assert record_hash(changed) != record_hash(rec)
    assert txn_id(rec) == txn_id(parse_record(format_record(rec))) == "g1.5.0"


def _valid() -> dict:
    return format_record(SAMPLES[4])


@pytest.mark.parametrize("change, code", [
    ({"v": 2}, "bad_version"),
    ({"v": True}, "bad_version"),
    ({"game": "a b"}, "bad_game"),
    ({"game": ""}, "bad_game"),
    ({"seq": -1}, "bad_seq"),
    ({"seq": "5"}, "bad_seq"),
    ({"prev": "xyz"}, "bad_prev"),
    ({"seat": 4}, "bad_seat"),
    ({"seat": True}, "bad_seat"),
    ({"kind": "Teleport!"}, "bad_kind"),
    ({"kind": 7}, "bad_kind"),
    ({"kind": "offer"}, "bad_seq"),
    ({"gcg": ""}, "bad_gcg"),
    ({"gcg": 5}, "bad_gcg"),
    ({"deal": []}, "bad_deal"),
    ({"deal": {"rack": "AEINRST"}}, "bad_deal"),
    ({"deal": {"seed": 7}}, "bad_deal"),
    ({"withdrawn": True}, "bad_withdrawn"),
    ({"rack": "AEINRST"}, "bad_field"),
    ({"days": 3}, "bad_days"),
])
def test_each_malformed_record_is_refused_with_its_code(change: dict, code: str) -> None:
    data = {**_valid(), **change}
    with pytest.raises(BadRecord) as e:
        parse_record(data)
    assert e.value.code == code
    assert isinstance(e.value, OnlineError) and str(e.value).endswith(".")


@pytest.mark.parametrize("change, code", [
    ({"players": [{"name": "Alice", "user": "@a:x"}]}, "bad_players"),
    ({"players": [{"name": "Alice", "user": "@a:x"}, {"name": "alice", "user": "@b:x"}]}, "bad_players"),
    ({"players": [{"name": "Alice", "user": "@a:x"}, "Bob"]}, "bad_players"),
    ({"rules": ""}, "bad_rules"),
    ({"edition": 0}, "bad_edition"),
    ({"seat": 1}, "bad_seat"),
    ({"days": 400}, "bad_days"),
    ({"days": "3"}, "bad_days"),
])
def test_a_malformed_offer_is_refused_with_its_code(change: dict, code: str) -> None:
    data = {**format_record(SAMPLES[0]), **change}
    with pytest.raises(BadRecord) as e:
        parse_record(data)
    assert e.value.code == code


def test_text_that_is_not_a_record() -> None:
    for text, code in (("{", "not_json"), ("[1, 2]", "not_a_record"), (b"\xff", "not_json"), ("7", "not_a_record")):
        with pytest.raises(BadRecord) as e:
            parse_record(text)
        assert e.value.code == code


def test_gcg_line_without_the_rack_round_trips() -> None:
    nicks = ["Alice", "Bob"]
    play = GcgMove("Alice", "AEINRST", MoveKind.PLAY, 64, 64, "8D", "NASTIER")
    assert gcg_line(play) == ">Alice: 8D NASTIER +64 64"
    assert parse_gcg_line(gcg_line(play), nicks) == GcgMove("Alice", "", MoveKind.PLAY, 64, 64, "8D", "NASTIER")
    exchange = GcgMove("Bob", "ABCDEFG", MoveKind.EXCHANGE, 0, 0, tiles="ABC")
    assert gcg_line(exchange) == ">Bob: -3 +0 0"  # the tiles put back are never written
    assert parse_gcg_line(">Bob: -3 +0 0", nicks).count == 3


@pytest.mark.parametrize("line, code", [
    (">Alice: AEINRST 8D NASTIER +64 64", "rack_shown"),
    (">Bob: -ABC +0 0", "rack_shown"),
    (">Carol: 8D NASTIER +64 64", "bad_gcg"),
    (">Alice: 8D NASTIER +64 64\n>Bob: - +0 0", "bad_gcg"),
    ("Alice played", "bad_gcg"),
    (">Alice: 8D NASTIER", "bad_gcg"),
])
def test_a_gcg_line_that_shows_a_rack_or_cannot_be_read_is_refused(line: str, code: str) -> None:
    with pytest.raises(BadRecord) as e:
        parse_gcg_line(line, ["Alice", "Bob"])
    assert e.value.code == code


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 2**70) | st.floats(allow_nan=True) | st.text(max_size=80),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=6),
    max_leaves=20,
)
_fields = st.sampled_from(sorted(_valid()) + ["players", "rules", "lexicon", "edition", "withdrawn", "deal"])


@settings(max_examples=120, deadline=None)
@given(_json)
def test_fuzz_any_json_value_gives_a_record_or_a_typed_error(value: object) -> None:
    try:
        parse_record(value)  # type: ignore[arg-type]
    except BadRecord:
        pass


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SAMPLES), st.dictionaries(_fields, _json, max_size=4))
def test_fuzz_a_valid_record_changed_gives_a_record_or_a_typed_error(record: Record, change: dict) -> None:
    data = {**format_record(record), **change}
    try:
        again = parse_record(data)
    except BadRecord:
        return
    assert parse_record(format_record(again)) == again


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_fuzz_any_gcg_line_gives_a_move_or_a_typed_error(line: str) -> None:
    try:
        parse_gcg_line(">Alice: " + line, ["Alice", "Bob"])
    except BadRecord:
        pass
