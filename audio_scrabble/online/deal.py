"""A bag no one can peek into: the tiles dealt by mental poker.

Between copies of this game in different homes, no program, player or
server may learn the order of the bag or another player's rack. The tiles
are dealt by commutative encryption (SRA style) on the prime-order group
of Ed25519 (libsodium through PyNaCl: points made by ``from_uniform`` lie
in that group; scalars are taken mod L, and a scalar's inverse mod L
undoes it, so locks commute: ``a(bM) = b(aM)``).

The protocol, for n players (2 to 4), seat 0 the one who offered:

1. **Tiles as points.** Tile j of the set (``full_tile_set()[j]``, 0 to
   99) is the point ``M_j = from_uniform(H(game id, j))``: public, one per
   tile (two E's are different points, so a tile dealt twice shows).
2. **Lock and shuffle** (one message a seat, in seat order: the offer,
   then each acceptance). Seat s takes the deck the seat before it
   published (seat 0: the 100 tile points), multiplies every point by
   its secret lock ``a_s``, shuffles the deck by its secret permutation
   and publishes it, with a commitment ``H(nonce_s)`` and the public key
   of a per-game Curve25519 box. After the last seat the deck is
   ``a_0...a_{n-1} M_{sigma(k)}``: no one knows sigma, the product of
   every seat's permutation.
3. **Lock each place** (one message a seat, in seat order). Seat s takes
   the deck the seat before it published (seat 0: the last shuffled deck)
   and replaces its lock by one key a place: place k becomes
   ``b_{s,k} a_s^-1 D_k``; it also shows its nonce. Afterwards place k
   holds ``E_k = (b_{0,k}...b_{n-1,k}) M_{sigma(k)}``: every place is
   locked by every seat, each with a key of its own for that place. The
   nonces, each committed before any was shown, decide who plays first
   (their hash mod n): no seat can choose.
4. **Drawing.** Which places a draw takes is fixed by the ledger
   (:class:`Ledger`): from the places still in the bag, picked by the hash
   of the record before the action, its sealed keys and its link to the
   record before it left out (the beacon), so every side picks the same
   places and no player picks by hand. Its sender can steer that hash
   only by the move it makes (choosing among its moves by the places they
   pick), and gains nothing by it: no program knows what any place left
   in the bag holds -- a place's tile needs every seat's key, a draw's keys
   go to its drawer only once its play can no longer be taken back (a
   withdrawn play's draw goes back unseen), and the places an exchange
   puts back are shuffled again before anyone draws (step 6) -- so
   steering picks among places that are alike to everyone, the steerer
   included. (A beacon no one can grind, commit-reveal nonces a draw,
   would cost every seat a message before each draw; it buys nothing while
   no place's content is known.) To let player P see place
   k, every other seat sends P its key ``b_{s,k}``,
   sealed to P's box key (a ``SealedBox``: the room sees only ciphertext);
   the keys ride on the next record that seat sends, after the play can no
   longer be taken back (a play withdrawn after a challenge sends its
   draw back to the bag unseen). P removes every key and finds a tile
   point; a wrong key gives a point that is no tile, and P's game says
   the deal cannot be trusted.
5. **Playing a tile** shows it: the record names each tile's place and
   every seat's key for it (P's own and the ones P received), so every
   program unlocks the place and checks it holds the tile played. A key
   cannot be forged to show another tile: that needs the discrete log
   between two tile points.
6. **Exchanging** puts places back into the bag by their numbers (their
   tiles stay hidden from the others, but not from the exchanger), and
   then the bag is **shuffled again** before anyone draws from it
   (:mod:`.reshuffle`): every seat takes its place keys off the places
   left in the bag, now ElGamal ciphertexts under a joint key (the
   exchanger's strip rides on the exchange), and every seat but the
   exchanger re-randomises and shuffles them; the links send these
   ``shuffle`` records by themselves, and the next turn waits for them.
   A draw from a new deck is opened by every seat's *share*, public and
   with a proof, so a wrong share is refused by every program at once;
   the drawer's own share is shown, with its proof, when the tile is
   played. Each seat's locks, permutation and re-randomisers of a round
   come from its seed and the exchange's number.
7. **The end.** Every seat shows its secret: a 32-byte deal seed from
   which its lock, permutation, place keys, nonce and box key are all
   derived (:class:`Secrets`). Every program then recomputes every seat's
   two published decks from the deck before them and compares
   (:func:`verify_deal`): a deck not locked and shuffled as promised, a
   tile left out or put in twice, a nonce that does not match its
   commitment, a new shuffle after an exchange not done as promised --
   each is found and named; the referee then opens every
   sealed key of the game with its receiver's box key and compares it
   with the sender's (a key sent that was not the place's key).
   With every place unlocked, the whole game is replayed with the real
   tiles: every draw, every score and the final adjustments are checked
   ("The deal checked out.").

Who learns what, and when: after step 3 each seat knows only its own
secrets; a place's content needs every seat's key for it. A player learns
the tiles of the places it draws (from the others' keys or shares), and
everyone learns a tile when it is played. A player who exchanges knows
what the places it put back hold, but after the new shuffle (step 6) it
cannot tell which places of the new deck hold them, so it learns nothing
of what the others draw. The server and any onlooker see points,
ciphertexts, shares and sealed boxes only, until the end shows every
seed. That the locked decks hide their order, and that a new shuffle
cannot be followed, rests on the decisional Diffie-Hellman assumption in
the group (as SRA and ElGamal on elliptic curves do).

What stops a cheat: a player cannot choose the tiles it draws (the
places are picked by the ledger; their content by everyone's shuffle); a
wrong key is found at once by the one who receives it (no tile point) and
by everyone at the end; a re-ordered or doctored bag (a deck not the
locked, shuffled image of the one before) is found at the end, when each
seed must reproduce its seat's published decks exactly; a tile played
that is not the one drawn cannot be shown with valid keys.

Limits, said plainly: a dishonest deck, or a dishonest new shuffle after
an exchange, is caught at the end, not at once (no zero-knowledge shuffle
proof). After an exchange the next turn waits until every other seat's
program has added its step of the new shuffle (they do it by themselves
when they run; with two players that is the next player's own program,
so correspondence play loses nothing; with three or four, the next player
may wait for another player's program to come online). A wrong key sealed
to one player (a draw from the set-up's deck) is found at once by that
player alone: the record is still applied, so every log stays the same;
that player's game is marked broken and cannot go on, and says so; the
player resigns, every seed is shown, and every program then opens every
sealed key with the box key its receiver's seed gives and names the
sender (``FinalCheck.lines``). Proving it at once to the others would
need the receiver to show its box secret, which opens every key ever
sealed to it, its whole rack; the end check names the cheat without
that. Draws from a new deck have no such gap: their shares are public and
proved. A player who stops answering stops the game: the others cannot
draw without its keys.

This module is pure apart from randomness: a :class:`Secrets` is made
from a given seed (tests) or from ``secrets.token_bytes`` (play).
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets as _secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from nacl import bindings as _nacl
from nacl.exceptions import CryptoError
from nacl.public import PrivateKey, PublicKey, SealedBox

from ..core.tiles import full_tile_set
from ..errors import OnlineError
from ..notation.typed import small_number

TILES = full_tile_set()
DECK_SIZE = len(TILES)
#: the group's order L (Ed25519's prime subgroup)
ORDER = 2**252 + 27742317777372353535851937790883648493
POINT_BYTES = 32


class DealError(OnlineError):
    """A deal message that is malformed, or a deal that does not check out."""

    code = "bad_deal"


# ------------------------------------------------------------------ group
def _hash(*parts: bytes | str | int) -> bytes:
    h = hashlib.sha512()
    for p in parts:
        b = p.encode() if isinstance(p, str) else p.to_bytes(8, "big") if isinstance(p, int) else p
        h.update(len(b).to_bytes(4, "big"))
        h.update(b)
    return h.digest()


def _scalar(*parts: bytes | str | int) -> bytes:
    """A non-zero scalar mod L from a hash."""
    s = _nacl.crypto_core_ed25519_scalar_reduce(_hash(*parts))
    if not any(s):  # astronomically unlikely
        s = _nacl.crypto_core_ed25519_scalar_reduce(_hash(b"again", *parts))
    return s


def _mul(scalar: bytes, point: bytes) -> bytes:
    try:
        return _nacl.crypto_scalarmult_ed25519_noclamp(scalar, point)
    except Exception:  # noqa: BLE001 - libsodium refuses a point of small order
        raise DealError("A deal message holds a point that is not in the group.", "bad_point") from None


def _inv(scalar: bytes) -> bytes:
    return _nacl.crypto_core_ed25519_scalar_invert(scalar)


def _smul(a: bytes, b: bytes) -> bytes:
    return _nacl.crypto_core_ed25519_scalar_mul(a, b)


def tile_points(game_id: str) -> list[bytes]:
    """The public point of each of the 100 tiles, for this game."""
    return [_nacl.crypto_core_ed25519_from_uniform(_hash("audio_scrabble tile", game_id, j)[:32])
            for j in range(DECK_SIZE)]


def permutation(seed: bytes, n: int) -> list[int]:
    """A permutation of range(n) from a seed (Fisher-Yates, unbiased)."""
    out = list(range(n))
    counter = 0
    for i in range(n - 1, 0, -1):
        limit = (1 << 64) - ((1 << 64) % (i + 1))
        while True:
            r = int.from_bytes(_hash(seed, "perm", counter)[:8], "big")
            counter += 1
            if r < limit:
                break
        j = r % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def hexes(points: Sequence[bytes]) -> list[str]:
    return [p.hex() for p in points]


def _points(value: Any, what: str) -> list[bytes]:
    """A deck read from a message: 100 distinct valid points."""
    if not isinstance(value, list) or len(value) != DECK_SIZE:
        raise DealError(f"The {what} must hold {DECK_SIZE} locked tiles.", "bad_deck")
    out = []
    for v in value:
        if not (isinstance(v, str) and len(v) == 2 * POINT_BYTES):
            raise DealError(f"The {what} holds something that is not a locked tile.", "bad_deck")
        try:
            b = bytes.fromhex(v)
        except ValueError:
            raise DealError(f"The {what} holds something that is not a locked tile.", "bad_deck") from None
        if not _nacl.crypto_core_ed25519_is_valid_point(b):
            raise DealError(f"The {what} holds a point that is not in the group.", "bad_point")
        out.append(b)
    if len(set(out)) != DECK_SIZE:
        raise DealError(f"The {what} holds the same locked tile twice.", "bad_deck")
    return out


def _hex32(value: Any, what: str, code: str = "bad_deal") -> bytes:
    if not (isinstance(value, str) and len(value) == 64):
        raise DealError(f"The {what} is not 32 bytes written in hexadecimal.", code)
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise DealError(f"The {what} is not 32 bytes written in hexadecimal.", code) from None


def _scalar_of(value: Any) -> bytes:
    b = _hex32(value, "key of a place", "bad_key")
    if int.from_bytes(b, "little") >= ORDER or not any(b):
        raise DealError("A key of a place is not a scalar of the group.", "bad_key")
    return b


# ---------------------------------------------------------------- secrets
@dataclass(frozen=True)
class Secrets:
    """One seat's secrets for one game, all derived from its deal seed."""

    game_id: str
    seat: int
    seed: bytes

    @classmethod
    def new(cls, game_id: str, seat: int) -> "Secrets":
        return cls(game_id, seat, _secrets.token_bytes(32))

    def __repr__(self) -> str:  # never print the seed
        return f"Secrets(game_id={self.game_id!r}, seat={self.seat})"

    @property
    def lock(self) -> bytes:
        return _scalar(self.seed, self.game_id, self.seat, "lock")

    @property
    def order(self) -> list[int]:
        return permutation(_hash(self.seed, self.game_id, self.seat, "shuffle"), DECK_SIZE)

    def place_key(self, k: int) -> bytes:
        return _scalar(self.seed, self.game_id, self.seat, "place", k)

    @property
    def nonce(self) -> bytes:
        return _hash(self.seed, self.game_id, self.seat, "nonce")[:32]

    @property
    def commitment(self) -> str:
        return hashlib.sha256(self.nonce).hexdigest()

    @property
    def box(self) -> PrivateKey:
        return PrivateKey(_hash(self.seed, self.game_id, self.seat, "box")[:32])

    @property
    def box_public(self) -> str:
        return bytes(self.box.public_key).hex()

    # -- the two passes -------------------------------------------------
    def lock_and_shuffle(self, deck: Sequence[bytes]) -> list[bytes]:
        """Step 2: every point locked by this seat's lock, then shuffled."""
        locked = [_mul(self.lock, p) for p in deck]
        return [locked[i] for i in self.order]

    def lock_places(self, deck: Sequence[bytes]) -> list[bytes]:
        """Step 3: this seat's lock replaced by a key for each place."""
        undo = _inv(self.lock)
        return [_mul(_smul(undo, self.place_key(k)), p) for k, p in enumerate(deck)]


def commitment_of(nonce: bytes) -> str:
    return hashlib.sha256(nonce).hexdigest()


# ------------------------------------------------------------ public deal
@dataclass
class PublicDeal:
    """What every side knows of the deal: the published decks, box keys,
    commitments and nonces, in seat order. The same on every side."""

    game_id: str
    players: int
    boxes: list[str] = field(default_factory=list)
    commitments: list[str] = field(default_factory=list)
    shuffled: list[list[bytes]] = field(default_factory=list)
    placed: list[list[bytes]] = field(default_factory=list)
    nonces: list[bytes] = field(default_factory=list)
    _points: list[bytes] | None = field(default=None, repr=False)
    _index: dict[bytes, int] | None = field(default=None, repr=False)

    @property
    def points(self) -> list[bytes]:
        if self._points is None:
            self._points = tile_points(self.game_id)
            self._index = {p: j for j, p in enumerate(self._points)}
        return self._points

    def tile_of_point(self, point: bytes) -> int | None:
        self.points
        assert self._index is not None
        return self._index.get(point)

    @property
    def next_shuffle_seat(self) -> int | None:
        n = len(self.shuffled)
        return n if n < self.players else None

    @property
    def next_place_seat(self) -> int | None:
        if len(self.shuffled) < self.players:
            return None
        n = len(self.placed)
        return n if n < self.players else None

    @property
    def ready(self) -> bool:
        return len(self.placed) == self.players

    def deck_before_shuffle(self) -> list[bytes]:
        return self.shuffled[-1] if self.shuffled else self.points

    def deck_before_places(self) -> list[bytes]:
        return self.placed[-1] if self.placed else self.shuffled[-1]

    @property
    def deck(self) -> list[bytes]:
        """The final deck: place k locked by every seat's key for k."""
        if not self.ready:
            raise DealError("The deal is not finished yet.", "deal_unfinished")
        return self.placed[-1]

    @property
    def first_player(self) -> int:
        """Who plays first: the hash of every nonce, mod the number of players."""
        if not self.ready:
            raise DealError("The deal is not finished yet.", "deal_unfinished")
        return int.from_bytes(hashlib.sha256(b"".join(self.nonces)).digest(), "big") % self.players

    # -- taking messages ------------------------------------------------
    def add_shuffle(self, seat: int, message: Mapping[str, Any]) -> None:
        """Step 2's message of ``seat``: {"box", "commit", "deck"}."""
        if seat != self.next_shuffle_seat:
            raise DealError("A deck was locked and shuffled out of turn.", "deal_order")
        box = _hex32(message.get("box"), "box key")
        commit = _hex32(message.get("commit"), "commitment").hex()
        deck = _points(message.get("deck"), "shuffled deck")
        self.boxes.append(box.hex())
        self.commitments.append(commit)
        self.shuffled.append(deck)

    def add_places(self, seat: int, message: Mapping[str, Any]) -> None:
        """Step 3's message of ``seat``: {"nonce", "deck"}."""
        if seat != self.next_place_seat:
            raise DealError("A deck was locked place by place out of turn.", "deal_order")
        nonce = _hex32(message.get("nonce"), "nonce")
        if commitment_of(nonce) != self.commitments[seat]:
            raise DealError("A nonce does not match its commitment; the deal cannot go on.", "bad_nonce")
        deck = _points(message.get("deck"), "locked deck")
        self.nonces.append(nonce)
        self.placed.append(deck)

    # -- unlocking --------------------------------------------------------
    def unlock(self, place: int, keys: Sequence[bytes]) -> int:
        """The tile (index into the set) at ``place``, given every seat's key
        for it; DealError when the keys do not unlock a tile."""
        if not 0 <= place < DECK_SIZE:
            raise DealError("There is no such place in the bag.", "bad_place")
        if len(keys) != self.players:
            raise DealError("A tile needs every player's key to be shown.", "bad_key")
        product = keys[0]
        for k in keys[1:]:
            product = _smul(product, k)
        point = _mul(_inv(product), self.deck[place])
        tile = self.tile_of_point(point)
        if tile is None:
            raise DealError("A key does not unlock its tile; the deal cannot be trusted.", "wrong_key")
        return tile


def shuffle_message(secrets: Secrets, public: PublicDeal) -> dict[str, Any]:
    deck = secrets.lock_and_shuffle(public.deck_before_shuffle())
    return {"box": secrets.box_public, "commit": secrets.commitment, "deck": hexes(deck)}


def places_message(secrets: Secrets, public: PublicDeal) -> dict[str, Any]:
    deck = secrets.lock_places(public.deck_before_places())
    return {"nonce": secrets.nonce.hex(), "deck": hexes(deck)}


# ---------------------------------------------------------------- sealing
def seal_keys(public: PublicDeal, to_seat: int, keys: Mapping[int, bytes]) -> str:
    """Place keys sealed to one seat's box: only that seat can read them."""
    box = SealedBox(PublicKey(bytes.fromhex(public.boxes[to_seat])))
    plain = json.dumps({str(k): v.hex() for k, v in sorted(keys.items())}, separators=(",", ":")).encode()
    return base64.b64encode(box.encrypt(plain)).decode("ascii")


def open_keys(secrets: Secrets, sealed: Any) -> dict[int, bytes]:
    """Keys sealed to this seat: place -> key."""
    if not isinstance(sealed, str):
        raise DealError("Sealed keys must be text.", "bad_key")
    try:
        plain = SealedBox(secrets.box).decrypt(base64.b64decode(sealed, validate=True))
        data = json.loads(plain)
    except (CryptoError, ValueError, TypeError):
        raise DealError("Keys sealed to you cannot be opened; the deal cannot be trusted.", "bad_key") from None
    if not isinstance(data, dict):
        raise DealError("Keys sealed to you are not a list of places.", "bad_key")
    out = {}
    for k, v in data.items():
        place = small_number(k, 9) if isinstance(k, str) else None  # not int(): '²' passes isdigit
        if place is None or place >= DECK_SIZE:
            raise DealError("Keys sealed to you name a place that does not exist.", "bad_place")
        out[place] = _scalar_of(v)
    return out


def read_keys(value: Any) -> list[bytes]:
    """A tile's keys as a record shows them: one hex scalar a seat."""
    if not isinstance(value, list):
        raise DealError("A tile played must show every player's key for its place.", "bad_key")
    return [_scalar_of(v) for v in value]


# ----------------------------------------------------------------- ledger
@dataclass(repr=False)
class Ledger:
    """Where every place of the bag is: in the bag (``pool``, in order of
    place number), on a player's rack (``held``) or on the board; and,
    for this side, which tiles it knows (``known``: place -> tile index).
    Every side holds the same pool and holdings; ``known`` differs."""

    players: int
    pool: list[int] = field(default_factory=lambda: list(range(DECK_SIZE)))
    held: list[list[int]] = field(default_factory=list)
    known: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.held:
            self.held = [[] for _ in range(self.players)]

    def __repr__(self) -> str:  # never the tiles this side knows
        return f"Ledger(players={self.players}, in_bag={len(self.pool)})"

    def copy(self) -> "Ledger":
        return Ledger(self.players, list(self.pool), [list(h) for h in self.held], dict(self.known))

    def draw(self, seat: int, n: int, beacon: bytes) -> list[int]:
        """Up to ``n`` places from the bag for ``seat``, picked by the beacon."""
        taken = []
        for i in range(min(n, len(self.pool))):
            r = int.from_bytes(_hash(beacon, "draw", seat, i)[:8], "big") % len(self.pool)
            taken.append(self.pool.pop(r))
        self.held[seat].extend(taken)
        return taken

    def put_back(self, seat: int, places: Sequence[int]) -> None:
        for p in places:
            self.held[seat].remove(p)
            self.pool.append(p)
        self.pool.sort()

    def letter(self, place: int) -> str:
        """The tile at ``place`` as this side knows it: its letter, or ``?``
        (a blank, or a tile not known here)."""
        j = self.known.get(place)
        return "?" if j is None else TILES[j]

    def rack(self, seat: int) -> list[str]:
        return [self.letter(p) for p in self.held[seat]]

    def unknown(self, seat: int) -> list[int]:
        return [p for p in self.held[seat] if p not in self.known]


def verify_deal(public: PublicDeal, seeds: Sequence[bytes]) -> list[int]:
    """Step 7: every seat's seed reproduces its box key, commitment,
    shuffled deck and locked deck. Returns the tile at every place (place
    -> tile index). Raises DealError naming the first thing that fails."""
    if not public.ready or len(seeds) != public.players:
        raise DealError("The deal cannot be checked before every player has shown its secret.", "deal_unfinished")
    secrets = [Secrets(public.game_id, s, seed) for s, seed in enumerate(seeds)]
    deck = public.points
    for s, sec in enumerate(secrets):
        if sec.box_public != public.boxes[s] or sec.commitment != public.commitments[s]:
            raise DealError(f"Player {s + 1}'s secret does not match what it published.", "deal_mismatch")
        deck = sec.lock_and_shuffle(deck)
        if deck != public.shuffled[s]:
            raise DealError(f"Player {s + 1} did not lock and shuffle the bag as it promised.", "deal_mismatch")
    for s, sec in enumerate(secrets):
        deck = sec.lock_places(deck)
        if deck != public.placed[s] or sec.nonce != public.nonces[s]:
            raise DealError(f"Player {s + 1} did not lock the places of the bag as it promised.", "deal_mismatch")
    out = []
    for k in range(DECK_SIZE):
        out.append(public.unlock(k, [sec.place_key(k) for sec in secrets]))
    if sorted(out) != list(range(DECK_SIZE)):
        raise DealError("The bag did not hold every tile once.", "deal_mismatch")
    return out
