"""The bag shuffled again after an exchange (online/reshuffle.py): the
exchanger cannot follow the tiles it put back; every draw from the new
deck opens with shares every program can check at once; at the end the
whole round is recomputed from the seeds and a seat that cheated in it
is named."""

from __future__ import annotations

import pytest

from audio_scrabble.online import reshuffle as R
from audio_scrabble.online.deal import (
    DECK_SIZE,
    DealError,
    Ledger,
    PublicDeal,
    Secrets,
    _inv,
    _mul,
    _scalar,
    _smul,
    places_message,
    shuffle_message,
    verify_deal,
)


def _deal(n: int, game: str = "gx") -> tuple[PublicDeal, list[Secrets], bytes]:
    public = PublicDeal(game, n)
    secrets = [Secrets(game, s, bytes([s + 7]) * 32) for s in range(n)]
    for s in secrets:
        public.add_shuffle(s.seat, shuffle_message(s, public))
    for s in secrets:
        public.add_places(s.seat, places_message(s, public))
    keys = [R.read_share_key(game, s.seat, R.share_message(s)) for s in secrets]
    return public, secrets, R.joint_key(keys)


def _run_round(public: PublicDeal, secrets: list[Secrets], joint: bytes, number: int, x: int,
               pool: list[int], earlier: list[R.Round]) -> R.Round:
    rnd = R.start_round(public, joint, number, x, pool, earlier)
    while not rnd.done:
        seat = rnd.next_seat
        assert seat is not None
        rnd.add(seat, R.step_message(secrets[seat], rnd))
    return rnd


def _exchange(n: int, x: int = 0) -> tuple[PublicDeal, list[Secrets], bytes, Ledger, list[int], R.Round]:
    """Every seat draws 7; seat x puts back 3 of its places; the round runs."""
    public, secrets, joint = _deal(n)
    ledger = Ledger(n)
    for s in range(n):
        ledger.draw(s, 7, bytes([s]) * 32)
    returned = ledger.held[x][:3]
    ledger.put_back(x, returned)
    rnd = _run_round(public, secrets, joint, 1, x, list(ledger.pool), [])
    return public, secrets, joint, ledger, returned, rnd


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_exchanger_cannot_tell_which_new_places_hold_its_tiles(n: int) -> None:
    public, secrets, joint, ledger, returned, rnd = _exchange(n, x=1 % n)
    x = rnd.exchanger
    me = secrets[x]
    # What the exchanger knows: every key of the places it drew (the others
    # sent them), hence their tiles, and the public lift of each.
    tiles = {}
    randomness = {}
    for p in returned:
        keys = [s.place_key(p) for s in secrets]
        tiles[p] = public.unlock(p, keys)
        product = keys[0]
        for k in keys[1:]:
            product = _smul(product, k)
        # after every strip the place holds (R G, M + R Y) with R = r / product
        randomness[p] = _smul(_scalar("lift", public.game_id, 1, p), _inv(product))
    before = {c for ct in rnd.start for c in ct}
    # the attack works on the bag before the shuffles: after every strip the
    # exchanger finds each of its tiles by the randomness it knows...
    stripped = list(rnd.start)
    for s in secrets:
        stripped = R._apply_ops(s, rnd, ("strip",), stripped)
    for p, r in randomness.items():
        c1, c2 = stripped[rnd.places.index(p)]
        assert c1 == R._base(r) and public.tile_of_point(R._sub(c2, _mul(r, joint))) == tiles[p]
    # ...but not through the others' shuffles: every new place changed, no
    # stored value matches, and no guess by its knowledge opens a tile.
    out = rnd.output
    assert len(out) == len(rnd.places)
    assert not ({c for ct in out for c in ct} & before)
    my_x = R.share_key(me)
    for c1, c2 in out:
        assert public.tile_of_point(c2) is None
        assert public.tile_of_point(R._sub(c2, _mul(my_x, c1))) is None
        for p, r in randomness.items():
            assert c1 != R._base(r)
            assert public.tile_of_point(R._sub(c2, _mul(r, joint))) is None
    # the exchanger does not shuffle; every other seat does
    shufflers = [seat for seat, ops in rnd.schedule if "shuffle" in ops]
    assert sorted(shufflers) == sorted(s for s in range(n) if s != x)
    assert rnd.schedule[0] == (x, ("strip",))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_draws_from_the_new_deck_open_by_shares_and_the_whole_deal_checks_out(n: int) -> None:
    public, secrets, joint, ledger, returned, rnd = _exchange(n, x=0)
    shares = [R.share_key(s) for s in secrets]
    keys = [R.read_share_key(public.game_id, s.seat, R.share_message(s)) for s in secrets]
    # the next player draws 4 from the new deck; every share is checked at once
    drawn = [R.place_id(1, i) for i in range(4)]
    seen = []
    for place in drawn:
        ct = rnd.output[place - R.place_id(1, 0)]
        got = [R.read_share(public.game_id, keys[s], ct, place, R.share_for(secrets[s], ct, place), s)
               for s in range(n)]
        seen.append(R.open_ct(public, ct, got))
    # a second exchange puts back a place of the set-up's deck and one of the
    # new deck: its round strips again, then shuffles
    pool2 = sorted([p for p in range(DECK_SIZE, DECK_SIZE + len(rnd.places)) if p not in drawn]
                   + [ledger.held[1][0]])
    pool2.append(drawn[0])
    rnd2 = _run_round(public, secrets, joint, 2, 1, pool2, [rnd])
    assert rnd2.strips and rnd2.schedule[0] == (1, ("strip",))
    # the end: every seed shown, the set-up and both rounds recomputed
    seeds = [s.seed for s in secrets]
    tiles = verify_deal(public, seeds)
    out1 = R.verify_round(public, rnd, seeds, [tiles[p] for p in rnd.places])
    assert seen == out1[:4]
    sorted_returned = sorted(tiles[p] for p in returned)
    assert all(t in out1 for t in sorted_returned)
    known = dict(enumerate(tiles))
    known.update({R.place_id(1, i): t for i, t in enumerate(out1)})
    out2 = R.verify_round(public, rnd2, seeds, [known[p] for p in pool2])
    assert sorted(out2) == sorted(known[p] for p in pool2)
    assert shares == [R.share_key(s) for s in secrets]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_seat_that_cheats_in_the_new_shuffle_is_named_at_the_end(n: int) -> None:
    public, secrets, joint = _deal(n)
    ledger = Ledger(n)
    ledger.draw(0, 7, b"\x00" * 32)
    ledger.put_back(0, ledger.held[0][:2])
    rnd = R.start_round(public, joint, 1, 0, list(ledger.pool), [])
    cheat = rnd.schedule[-1][0]
    while not rnd.done:
        seat = rnd.next_seat
        assert seat is not None
        msg = R.step_message(secrets[seat], rnd)
        if seat == cheat and len(rnd.decks) == len(rnd.schedule) - 1:
            # re-encrypts a ciphertext of a tile it likes in place of one
            c1, c2 = R._ct(msg["deck"][0])
            blank = public.points[99]
            r = _scalar("mine")
            msg = {"deck": [R.ct_hex((R._base(r), R._add(blank, _mul(r, joint))))] + msg["deck"][1:]}
        rnd.add(seat, msg)
    seeds = [s.seed for s in secrets]
    tiles = verify_deal(public, seeds)
    with pytest.raises(DealError) as e:
        R.verify_round(public, rnd, seeds, [tiles[p] for p in rnd.places])
    assert e.value.code == "deal_mismatch" and f"Player {cheat + 1}" in str(e.value)


def test_a_wrong_share_is_seen_at_once_by_everyone() -> None:
    public, secrets, joint, ledger, returned, rnd = _exchange(2)
    a, b = secrets
    ya = R.read_share_key(public.game_id, 0, R.share_message(a))
    place = R.place_id(1, 5)
    ct = rnd.output[5]
    good = R.share_for(a, ct, place)
    # a share moved to make the ciphertext open another tile: its proof fails
    other = R._add(bytes.fromhex(good["d"]), R._sub(public.points[0], public.points[1]))
    for bad in ({**good, "d": other.hex()}, R.share_for(a, rnd.output[6], place), {"d": good["d"]}, None):
        with pytest.raises(DealError) as e:
            R.read_share(public.game_id, ya, ct, place, bad, 0)
        assert e.value.code == "wrong_share" and "Player 1" in str(e.value)
    # a share key chosen to cancel the other's (no knowledge of its secret) is refused
    yb = R.read_share_key(public.game_id, 1, R.share_message(b))
    rogue = R._sub(R._base(_scalar("rogue")), yb)
    with pytest.raises(DealError) as e:
        R.read_share_key(public.game_id, 0, {"share": rogue.hex(), "proof": R.share_message(a)["proof"]})
    assert e.value.code == "bad_share"


def test_round_steps_out_of_turn_or_malformed_are_refused() -> None:
    public, secrets, joint = _deal(3)
    rnd = R.start_round(public, joint, 1, 2, list(range(20, 40)), [])
    assert [s for s, _ in rnd.schedule] == [2, 0, 1, 0]
    with pytest.raises(DealError) as e:
        rnd.add(0, R.step_message(secrets[2], rnd))
    assert e.value.code == "deal_order"
    msg = R.step_message(secrets[2], rnd)
    for bad, code in (({"deck": msg["deck"][:-1]}, "bad_deck"), ({"deck": ["zz"] * 20}, "bad_deck"),
                      ({"deck": [msg["deck"][0]] * 20}, "bad_deck")):
        with pytest.raises(DealError) as e:
            rnd.add(2, bad)
        assert e.value.code == code
    assert not rnd.decks
    # a round over places of an earlier round only: no strips, one shuffle a seat but the exchanger's
    later = R.Round(public.game_id, 2, 1, 3, joint, [R.place_id(1, i) for i in range(3)], [])
    assert later.schedule == [(2, ("shuffle",)), (0, ("shuffle",))]
