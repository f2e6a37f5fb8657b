"""A tile's place sent by another player as text that str.isdigit takes
but int() does not ('²', digits of another script) or cannot (5,000
digits): refused with the deal's or referee's typed error, never a bare
ValueError that would end the worker's reading of the room."""

from __future__ import annotations

import base64
import json

import pytest
from nacl.public import PublicKey, SealedBox

from audio_scrabble.errors import OnlineError
from audio_scrabble.online.deal import DealError, PublicDeal, Secrets, open_keys, places_message, shuffle_message
from audio_scrabble.online.record import parse_record

from test_online_referee import USERS, _prepared

ODD = ["²", "٣", "9" * 5000]


def _sealed_with_place(public: PublicDeal, seat: int, place: str) -> str:
    box = SealedBox(PublicKey(bytes.fromhex(public.boxes[seat])))
    plain = json.dumps({place: "00" * 32}).encode()
    return base64.b64encode(box.encrypt(plain)).decode("ascii")


@pytest.mark.parametrize("place", ODD)
def test_keys_sealed_to_an_odd_place_are_refused_as_a_place_that_does_not_exist(place: str) -> None:
    public = PublicDeal("g1", 2)
    secrets = [Secrets("g1", s, bytes([s + 1]) * 32) for s in range(2)]
    for s in secrets:
        public.add_shuffle(s.seat, shuffle_message(s, public))
    for s in secrets:
        public.add_places(s.seat, places_message(s, public))
    with pytest.raises(DealError) as e:
        open_keys(secrets[1], _sealed_with_place(public, 1, place))
    assert e.value.code == "bad_place"


@pytest.mark.parametrize("place", ODD)
def test_a_move_showing_an_odd_place_is_refused_and_changes_nothing(place: str) -> None:
    sides, record, seat = _prepared()
    shown = record["deal"]["shown"]
    first = next(iter(shown))
    changed = {**record, "deal": {**record["deal"], "shown": {
        (place if k == first else k): v for k, v in shown.items()}}}
    side = sides[1 - seat]
    trial = side._copy()
    before = (list(trial.hashes), trial.game.scores())  # type: ignore[union-attr]
    with pytest.raises(OnlineError) as e:
        trial.receive(parse_record(changed), USERS[seat], "")
    assert e.value.code == "bad_tiles"
    assert (list(trial.hashes), trial.game.scores()) == before  # type: ignore[union-attr]
