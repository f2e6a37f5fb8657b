"""The bag shuffled again after an exchange, so that the one who put tiles
back cannot follow them.

The leak it closes: after the set-up (:mod:`.deal`) every place of the
bag has a number, and an exchange puts places back by their numbers. The
exchanger knows what those places hold, so when anyone later draws one of
them the exchanger knows which letter that player drew. After an
exchange, therefore, the places left in the bag are put through one
*round*: every seat takes its own lock off them, and then every seat but
the exchanger re-randomises and shuffles them, so that no place of the
new deck can be linked to a place of the old one.

**ElGamal for the new decks.** The set-up's per-place keys (SRA) cannot
follow a shuffle: a seat's key belongs to a place, and after someone
else's shuffle no seat knows where its places went. So a round turns the
bag into ElGamal ciphertexts under a *joint key* ``Y = Y_0 + ... +
Y_{n-1}`` (``Y_s = x_s G``; every seat shows ``Y_s`` with a proof that it
knows ``x_s``, so that no seat can pick its key to cancel the others').
A ciphertext of the point ``M`` is ``(c1, c2) = (rG, M + rY)``; it is
opened with every seat's *share* ``d_s = x_s c1``: ``M = c2 - sum d_s``.
A share depends on the ciphertext, not on the place, so a seat can give
its share for any place of a shuffled deck without knowing where it came
from; and a share comes with a proof (Chaum-Pedersen: ``log_G Y_s =
log_c1 d_s``), so a wrong share is seen at once **by everyone**: shares
need not be sealed, since without the drawer's own share no one else can
open the tile.

A round after exchange number ``e`` (1, 2, ...) by seat ``x``:

1. **Lift** (no message: every side computes it). Each place left in the
   bag, in the ledger's order, becomes a ciphertext. A place of the
   set-up's deck ``E_k`` (locked by every seat's key for it) becomes
   ``(r_k G, E_k + r_k Y)`` with a public ``r_k`` (a hash of the game,
   ``e`` and ``k``); a place of an earlier round keeps its ciphertext.
2. **Strip** (only when a lifted place comes from the set-up's deck):
   every seat in turn, the exchanger first, multiplies the ciphertext of
   each such place by the inverse of its key for that place
   (``b_{s,k}^-1``; a ciphertext times a scalar is the ciphertext of the
   point times it). After the last seat, place ``k`` holds an encryption
   of its tile's point ``M``. The exchanger's strip rides on the exchange
   itself.
3. **Shuffle**: every seat but the exchanger in turn adds an encryption
   of zero to each ciphertext (``+ (rho G, rho Y)``, fresh ``rho`` for
   each) and permutes the deck. The result is the round's deck: places
   ``e * 100 + i``.

A draw from a round's deck is opened by every seat's share for it, with
its proof; the drawer's own share is shown only when the tile is played
(with its proof), so every program checks the tile at once.

Who learns what. The exchanger knows the tiles of the places it put back
and even their ciphertexts after the strip (it knows every key of those
places and the public ``r_k``); but a shuffle by another seat replaces
every ciphertext by a fresh one, and telling which fresh ciphertext
comes from which old one is the decisional Diffie-Hellman problem in the
group. So after the round the exchanger cannot map the new places to its
tiles (``tests/test_online_deal_exchange.py`` plays that attacker). A
coalition learns the new order only if it holds every shuffling seat;
the exchanger's own shuffle would hide nothing from itself, and any
coalition without the exchanger never knew the put-back tiles, so the
exchanger does not shuffle (and need not be there after its exchange: the
round goes on without it).

Everything stays checkable at the end: every lock, key, ``rho`` and
permutation of a round is derived from the seat's deal seed, the round's
number and the position (:func:`step`), so once the seeds are shown
:func:`verify_round` recomputes every published deck, names the first
seat whose deck is not the one promised ("Player 2 did not shuffle the
bag again as it promised after exchange 1."), opens every ciphertext with
every seat's ``x_s`` and checks that the round's deck holds the very
tiles the bag held before it.

Limits: a dishonest round is caught at the end, not at once (no
zero-knowledge shuffle proof), as a dishonest set-up is; a round needs
every seat but the exchanger to add its step before the next draw, so the
player after an exchange waits for the others' programs (with two
players, only for its own, which sends its step by itself).

This module is pure apart from what :class:`~.deal.Secrets` derives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from nacl import bindings as _nacl

from .deal import (
    DECK_SIZE,
    POINT_BYTES,
    DealError,
    PublicDeal,
    Secrets,
    _hash,
    _inv,
    _mul,
    _scalar,
    permutation,
)

Ct = tuple[bytes, bytes]
#: the group's base point
G = _nacl.crypto_scalarmult_ed25519_base_noclamp((1).to_bytes(32, "little"))


def _base(s: bytes) -> bytes:
    return _nacl.crypto_scalarmult_ed25519_base_noclamp(s)


def _add(p: bytes, q: bytes) -> bytes:
    return _nacl.crypto_core_ed25519_add(p, q)


def _sub(p: bytes, q: bytes) -> bytes:
    return _nacl.crypto_core_ed25519_sub(p, q)


def _times(s: bytes, p: bytes) -> bytes:
    return _base(s) if p == G else _mul(s, p)


def place_id(number: int, i: int) -> int:
    """The place of position ``i`` of round ``number``'s deck (round 0: the set-up's)."""
    return number * DECK_SIZE + i


def round_of(place: int) -> int:
    return place // DECK_SIZE


# ------------------------------------------------------------ proofs
def prove(x: bytes, g1: bytes, g2: bytes, context: str) -> str:
    """A proof that ``log_g1 (x g1) == log_g2 (x g2)`` (Chaum-Pedersen,
    made non-interactive with a hash); with ``g1 == g2`` a proof of
    knowing ``x``."""
    y1, y2 = _times(x, g1), _times(x, g2)
    w = _scalar(x, g1, g2, context, "nonce")
    t1, t2 = _times(w, g1), _times(w, g2)
    e = _scalar("dleq", g1, y1, g2, y2, t1, t2, context)
    z = _nacl.crypto_core_ed25519_scalar_add(w, _nacl.crypto_core_ed25519_scalar_mul(e, x))
    return (e + z).hex()


def check_proof(proof: Any, g1: bytes, y1: bytes, g2: bytes, y2: bytes, context: str) -> bool:
    if not (isinstance(proof, str) and len(proof) == 128):
        return False
    try:
        raw = bytes.fromhex(proof)
    except ValueError:
        return False
    e, z = raw[:32], raw[32:]
    try:
        t1 = _sub(_times(z, g1), _times(e, y1))
        t2 = _sub(_times(z, g2), _times(e, y2))
    except Exception:  # noqa: BLE001 - a scalar or point libsodium refuses
        return False
    return _scalar("dleq", g1, y1, g2, y2, t1, t2, context) == e


# ------------------------------------------------------------ keys
def share_key(sec: Secrets) -> bytes:
    """This seat's ElGamal secret ``x_s`` (from its deal seed)."""
    return _scalar(sec.seed, sec.game_id, sec.seat, "share key")


def share_message(sec: Secrets) -> dict[str, str]:
    """This seat's public share key, with a proof that it knows its secret."""
    x = share_key(sec)
    return {"share": _base(x).hex(), "proof": prove(x, G, G, f"{sec.game_id}/{sec.seat}/key")}


def read_share_key(game_id: str, seat: int, message: Mapping[str, Any]) -> bytes:
    raw = message.get("share")
    if not (isinstance(raw, str) and len(raw) == 2 * POINT_BYTES):
        raise DealError("A share key is not a point written in hexadecimal.", "bad_share")
    try:
        y = bytes.fromhex(raw)
    except ValueError:
        raise DealError("A share key is not a point written in hexadecimal.", "bad_share") from None
    if not _nacl.crypto_core_ed25519_is_valid_point(y) or not check_proof(
            message.get("proof"), G, y, G, y, f"{game_id}/{seat}/key"):
        raise DealError(f"Player {seat + 1}'s share key comes without a valid proof.", "bad_share")
    return y


def joint_key(keys: Sequence[bytes]) -> bytes:
    out = keys[0]
    for k in keys[1:]:
        out = _add(out, k)
    return out


# ------------------------------------------------------------ ciphertexts
def ct_hex(ct: Ct) -> str:
    return (ct[0] + ct[1]).hex()


def _ct(value: Any) -> Ct:
    if not (isinstance(value, str) and len(value) == 4 * POINT_BYTES):
        raise DealError("A shuffled deck holds something that is not a locked tile.", "bad_deck")
    try:
        raw = bytes.fromhex(value)
    except ValueError:
        raise DealError("A shuffled deck holds something that is not a locked tile.", "bad_deck") from None
    c1, c2 = raw[:POINT_BYTES], raw[POINT_BYTES:]
    if not (_nacl.crypto_core_ed25519_is_valid_point(c1) and _nacl.crypto_core_ed25519_is_valid_point(c2)):
        raise DealError("A shuffled deck holds a point that is not in the group.", "bad_point")
    return c1, c2


def lift(public: PublicDeal, joint: bytes, number: int, place: int) -> Ct:
    """Step 1 for a place of the set-up's deck: its point as a ciphertext,
    with public randomness."""
    r = _scalar("lift", public.game_id, number, place)
    return _base(r), _add(public.deck[place], _mul(r, joint))


# ------------------------------------------------------------ a round
@dataclass
class Round:
    """One re-shuffle of the bag, after exchange ``number`` by seat
    ``exchanger``: its input (the places left in the bag and their
    ciphertexts), its schedule and the decks published so far. The same
    on every side."""

    game_id: str
    number: int
    exchanger: int
    players: int
    joint: bytes
    places: list[int]
    start: list[Ct]
    decks: list[list[Ct]] = field(default_factory=list)

    @property
    def strips(self) -> bool:
        return any(p < DECK_SIZE for p in self.places)

    @property
    def schedule(self) -> list[tuple[int, tuple[str, ...]]]:
        """Who sends each step, and what it does: strips by every seat from
        the exchanger on, then shuffles by every other seat (the last to
        strip shuffles in the same step)."""
        n, x = self.players, self.exchanger
        others = [(x + i) % n for i in range(1, n)]
        if not self.strips:
            return [(s, ("shuffle",)) for s in others]
        steps: list[tuple[int, tuple[str, ...]]] = [(x, ("strip",))]
        steps += [(s, ("strip",)) for s in others[:-1]]
        steps.append((others[-1], ("strip", "shuffle")))
        steps += [(s, ("shuffle",)) for s in reversed(others[:-1])]
        return steps

    @property
    def next_seat(self) -> int | None:
        k = len(self.decks)
        sched = self.schedule
        return sched[k][0] if k < len(sched) else None

    @property
    def done(self) -> bool:
        return len(self.decks) == len(self.schedule)

    @property
    def deck(self) -> list[Ct]:
        return self.decks[-1] if self.decks else self.start

    @property
    def output(self) -> list[Ct]:
        if not self.done:
            raise DealError("The bag is still being shuffled again.", "deal_unfinished")
        return self.decks[-1]

    def add(self, seat: int, message: Mapping[str, Any]) -> None:
        """A step's message (``{"deck": [ciphertext hex, ...]}``), in schedule order."""
        if seat != self.next_seat:
            raise DealError("A step of the new shuffle came out of turn.", "deal_order")
        value = message.get("deck")
        if not isinstance(value, list) or len(value) != len(self.places):
            raise DealError(f"The shuffled bag must hold {len(self.places)} locked tiles.", "bad_deck")
        deck = [_ct(v) for v in value]
        if len(set(deck)) != len(deck):
            raise DealError("The shuffled bag holds the same locked tile twice.", "bad_deck")
        self.decks.append(deck)


def start_round(public: PublicDeal, joint: bytes, number: int, exchanger: int, places: Sequence[int],
                earlier: Sequence[Round]) -> Round:
    """A round over ``places`` (the bag after the exchange, in order)."""
    start = []
    for p in places:
        e = round_of(p)
        if e == 0:
            start.append(lift(public, joint, number, p))
        else:
            start.append(earlier[e - 1].output[p - place_id(e, 0)])
    return Round(public.game_id, number, exchanger, public.players, joint, list(places), start)


def step(sec: Secrets, rnd: Round) -> list[Ct]:
    """This seat's next step of the round (everything from its seed)."""
    if rnd.next_seat != sec.seat:
        raise DealError("It is not this player's step of the new shuffle.", "deal_order")
    _, ops = rnd.schedule[len(rnd.decks)]
    return _apply_ops(sec, rnd, ops, list(rnd.deck))


def _apply_ops(sec: Secrets, rnd: Round, ops: Sequence[str], deck: list[Ct]) -> list[Ct]:
    if "strip" in ops:
        out = []
        for p, (c1, c2) in zip(rnd.places, deck):
            if p < DECK_SIZE:
                undo = _inv(sec.place_key(p))
                out.append((_mul(undo, c1), _mul(undo, c2)))
            else:
                out.append((c1, c2))
        deck = out
    if "shuffle" in ops:
        tag = _hash(sec.seed, sec.game_id, sec.seat, "reshuffle", rnd.number)
        fresh = []
        for i, (c1, c2) in enumerate(deck):
            rho = _scalar(tag, "rho", i)
            fresh.append((_add(c1, _base(rho)), _add(c2, _mul(rho, rnd.joint))))
        order = permutation(tag, len(deck))
        deck = [fresh[i] for i in order]
    return deck


def step_message(sec: Secrets, rnd: Round) -> dict[str, Any]:
    return {"deck": [ct_hex(c) for c in step(sec, rnd)]}


# ------------------------------------------------------------ opening
def share_for(sec: Secrets, ct: Ct, place: int) -> dict[str, str]:
    """This seat's share of a ciphertext, with its proof (public)."""
    x = share_key(sec)
    return {"d": _mul(x, ct[0]).hex(), "proof": prove(x, G, ct[0], f"{sec.game_id}/{place}")}


def read_share(game_id: str, key: bytes, ct: Ct, place: int, message: Any, seat: int) -> bytes:
    """A seat's share of a ciphertext, checked against its proof; DealError
    naming the seat when it is not that seat's share."""
    d = message.get("d") if isinstance(message, Mapping) else None
    try:
        point = bytes.fromhex(d) if isinstance(d, str) and len(d) == 64 else b""
    except ValueError:
        point = b""
    if (not point or not _nacl.crypto_core_ed25519_is_valid_point(point)
            or not check_proof(message.get("proof"), G, key, ct[0], point, f"{game_id}/{place}")):
        raise DealError(f"Player {seat + 1}'s share for a drawn tile is not its own; the deal cannot be trusted.",
                        "wrong_share")
    return point


def open_ct(public: PublicDeal, ct: Ct, shares: Sequence[bytes]) -> int:
    """The tile (index into the set) of a ciphertext, given every seat's share."""
    point = ct[1]
    for d in shares:
        point = _sub(point, d)
    tile = public.tile_of_point(point)
    if tile is None:
        raise DealError("The shares do not open a tile; the deal cannot be trusted.", "wrong_share")
    return tile


def verify_round(public: PublicDeal, rnd: Round, seeds: Sequence[bytes], tiles_in: Sequence[int]) -> list[int]:
    """At the end: every step of the round recomputed from the seeds (the
    first seat whose deck is not the promised one is named), and the
    round's deck opened: returns its tiles, which must be ``tiles_in``'s
    (the tiles of the round's input places), in some order."""
    secrets = [Secrets(public.game_id, s, seed) for s, seed in enumerate(seeds)]
    if len(rnd.decks) != len(rnd.schedule):
        raise DealError(f"The shuffle after exchange {rnd.number} was never finished.", "deal_unfinished")
    deck = list(rnd.start)
    for (seat, ops), published in zip(rnd.schedule, rnd.decks):
        deck = _apply_ops(secrets[seat], rnd, ops, deck)
        if deck != published:
            raise DealError(f"Player {seat + 1} did not shuffle the bag again as it promised "
                            f"after exchange {rnd.number}.", "deal_mismatch")
        deck = published
    keys = [share_key(s) for s in secrets]
    out = [open_ct(public, ct, [_mul(x, ct[0]) for x in keys]) for ct in deck]
    if sorted(out) != sorted(tiles_in):
        raise DealError(f"The bag after exchange {rnd.number} does not hold the tiles it held before.",
                        "deal_mismatch")
    return out


__all__ = ["G", "Round", "check_proof", "joint_key", "lift", "open_ct", "place_id", "prove", "read_share",
           "read_share_key", "round_of", "share_for", "share_key", "share_message", "start_round", "step",
           "step_message", "verify_round"]
