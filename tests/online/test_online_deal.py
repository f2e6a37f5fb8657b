"""The fair deal (online/deal.py): mental poker on Ed25519's prime-order
group. Every seat locks and shuffles the bag, then locks each place; a
place is unlocked only with every seat's key for it; keys go sealed to the
one who draws; at the end every seed must reproduce its seat's decks."""

from __future__ import annotations

import pytest

from audio_scrabble.online.deal import (
    DECK_SIZE,
    TILES,
    DealError,
    Ledger,
    PublicDeal,
    Secrets,
    hexes,
    open_keys,
    places_message,
    seal_keys,
    shuffle_message,
    verify_deal,
)


def _deal(n: int, game: str = "g1") -> tuple[PublicDeal, list[Secrets]]:
    public = PublicDeal(game, n)
    secrets = [Secrets(game, s, bytes([s + 1]) * 32) for s in range(n)]
    for s in secrets:
        public.add_shuffle(s.seat, shuffle_message(s, public))
    for s in secrets:
        public.add_places(s.seat, places_message(s, public))
    return public, secrets


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_deal_holds_every_tile_once_and_checks_out(n: int) -> None:
    public, secrets = _deal(n)
    assert public.ready and 0 <= public.first_player < n
    tiles = verify_deal(public, [s.seed for s in secrets])
    assert sorted(tiles) == list(range(DECK_SIZE))
    assert tiles != list(range(DECK_SIZE))  # shuffled
    again, _ = _deal(n)
    assert again.deck == public.deck  # seeded: the same seeds deal the same bag


def test_a_place_needs_every_seats_key_and_a_wrong_key_shows_no_tile() -> None:
    public, (a, b) = _deal(2)
    tile = public.unlock(7, [a.place_key(7), b.place_key(7)])
    assert TILES[tile] in TILES
    with pytest.raises(DealError) as e:
        public.unlock(7, [a.place_key(7), b.place_key(8)])
    assert e.value.code == "wrong_key"
    with pytest.raises(DealError):
        public.unlock(7, [a.place_key(7)])


def test_keys_sealed_to_one_seat_open_only_for_it() -> None:
    public, (a, b, c) = _deal(3)
    sealed = seal_keys(public, 2, {5: a.place_key(5), 9: a.place_key(9)})
    assert open_keys(c, sealed) == {5: a.place_key(5), 9: a.place_key(9)}
    assert a.place_key(5).hex() not in sealed
    with pytest.raises(DealError) as e:
        open_keys(b, sealed)
    assert e.value.code == "bad_key"


def test_a_shuffle_not_done_as_promised_is_found_at_the_end() -> None:
    public = PublicDeal("g1", 2)
    a, b = Secrets("g1", 0, b"\x01" * 32), Secrets("g1", 1, b"\x02" * 32)
    public.add_shuffle(0, shuffle_message(a, public))
    honest = shuffle_message(b, public)
    deck = honest["deck"]
    cheat = dict(honest, deck=[deck[1], deck[0]] + deck[2:])  # two places swapped after the shuffle
    public.add_shuffle(1, cheat)
    public.add_places(0, places_message(a, public))
    public.add_places(1, places_message(b, public))
    with pytest.raises(DealError) as e:
        verify_deal(public, [a.seed, b.seed])
    assert e.value.code == "deal_mismatch" and "Player 2" in str(e.value)


def test_a_seed_that_is_not_the_one_dealt_with_is_found() -> None:
    public, (a, b) = _deal(2)
    with pytest.raises(DealError) as e:
        verify_deal(public, [a.seed, b"\x09" * 32])
    assert e.value.code == "deal_mismatch"


def test_malformed_deal_messages_are_refused_with_codes() -> None:
    public = PublicDeal("g1", 2)
    a = Secrets("g1", 0, b"\x01" * 32)
    good = shuffle_message(a, public)
    for bad, code in (
        (dict(good, deck=good["deck"][:99]), "bad_deck"),
        (dict(good, deck=[good["deck"][0]] * 100), "bad_deck"),
        (dict(good, deck=["zz" * 32] + good["deck"][1:]), "bad_deck"),
        (dict(good, deck=["00" * 32] + good["deck"][1:]), "bad_point"),
        (dict(good, box="12"), "bad_deal"),
    ):
        with pytest.raises(DealError) as e:
            public.add_shuffle(0, bad)
        assert e.value.code == code
    with pytest.raises(DealError) as e:
        public.add_shuffle(1, good)
    assert e.value.code == "deal_order"
    public.add_shuffle(0, good)
    b = Secrets("g1", 1, b"\x02" * 32)
    public.add_shuffle(1, shuffle_message(b, public))
    with pytest.raises(DealError) as e:
        public.add_places(0, dict(places_message(a, public), nonce=b.nonce.hex()))
    assert e.value.code == "bad_nonce"


def test_secrets_never_print_their_seed() -> None:
    s = Secrets("g1", 0, b"\x07" * 32)
    assert "07" * 8 not in repr(s) and "07" * 8 not in str(s)


def test_the_ledger_draws_from_the_bag_by_the_beacon_and_puts_back() -> None:
    led = Ledger(2)
    a = led.draw(0, 7, b"beacon")
    assert len(set(a)) == 7 and not set(a) & set(led.pool) and len(led.pool) == 93
    assert Ledger(2).draw(0, 7, b"beacon") == a  # the same for every side
    assert Ledger(2).draw(0, 7, b"other") != a
    led.put_back(0, a[:3])
    assert len(led.pool) == 96 and led.pool == sorted(led.pool) and led.held[0] == a[3:]
    led.known[a[3]] = 0
    assert led.rack(0)[0] == TILES[0] and led.rack(0)[1] == "?"
    assert hexes([b"\x01\x02"]) == ["0102"]
