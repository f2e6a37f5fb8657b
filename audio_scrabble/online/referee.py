"""Every program referees: a record is checked with the rules core before
the game sees it.

:class:`OnlineGame` is one side's copy of a game between homes: the chain
of records accepted so far (``log``), the public deal, the ledger of where
every place of the bag is, and a *view* of the game -- a core
:class:`~audio_scrabble.core.game.Game` whose bag is the dealt bag
(:class:`DealtBag`) and whose racks hold the tiles this side knows (its
own, and any tile once played) and ``?`` for the others. Every side's view
agrees on everything but the racks' hidden letters: board, scores, turn,
bag size, the end.

:meth:`OnlineGame.receive` takes an arriving record and either applies
it -- through the game's own actions (``place``, ``exchange``,
``pass_turn``, ``challenge``, ``accept``) -- or refuses it with
:class:`Refused` (an OnlineError with a ``code`` and one sentence) and
changes nothing: every check runs on a copy, which replaces the state
only when all passed. Refused: a record of another game (``wrong_game``),
one already played (``repeated``), one that does not follow the last
(``out_of_order``), one sent by someone else than the seat it names
(``wrong_sender``), out of turn (``out_of_turn``), an illegal play
(``illegal``), a score or total that is not what the play makes
(``wrong_score``), a line that does not say what the action did
(``mismatch``), tiles that are not the ones drawn (``bad_tiles``), keys
that do not unlock (``bad_deal`` and the deal's codes), a share of a
drawn tile whose proof fails (``wrong_share``), an exchange without its
sender's strip of the bag or a step of the new shuffle out of turn
(``bad_deal``, ``deal_order``, ``out_of_turn``), after the end
(``over``).

After an exchange the bag is shuffled again (:mod:`.reshuffle`) before
anyone draws: :meth:`OnlineGame.expected` asks for ``shuffle`` records
from the seats in the round's order (the links send them by themselves)
and no turn is taken until the round is done. The same records in the same order give every side the same
log, and the same refusals of everything the room holds.

The ``compose_*`` methods make this side's records: each is tried on a
copy first, so the GCG line, the score and the keys owed are the ones
the referee of every side will compute.

The view has no move finder (it would need the racks it does not know):
the house rule's end "no one can move" does not apply between homes;
such a game ends when every player has passed twice, as the house rules
also say.

At the end every seat shows its deal seed; with all of them the whole
deal is checked (:func:`~.deal.verify_deal`), every key shown during the
game is compared with the one the seed gives, and the game is replayed
with every tile known: the final scores and the GCG record come from that
replay (:class:`FinalCheck`), the same on every side.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.events import Event, FirstPlayerDrawn
from ..core.board import Square
from ..core.game import Game
from ..core.play import PlacedTile, Play
from ..core.rules import RuleSet, rules_named
from ..core.tiles import RACK_SIZE, Bag
from ..errors import OnlineError, ScrabbleError
from ..notation.gcg import MoveKind, record_from_game, write_gcg
from ..notation.plays import parse_play
from ..notation.typed import small_number
from ..presentation import online_phrases
from .deal import (
    DECK_SIZE,
    TILES,
    DealError,
    Ledger,
    PublicDeal,
    Secrets,
    open_keys,
    places_message,
    read_keys,
    seal_keys,
    shuffle_message,
    verify_deal,
)
from . import reshuffle as R
from .offers import DAY_MS as _DAY_MS, list_parts, same_list
from .record import (
    ACTION_KINDS,
    AGREEMENT_KINDS,
    PROTOCOL,
    Player,
    Record,
    gcg_line,
    known_kind,
    parse_gcg_line,
    record_hash,
)


class Refused(OnlineError):
    """An arriving record the referee will not apply; ``code`` says why."""

    code = "refused"


# ------------------------------------------------------------- the view
class DealtBag(Bag):
    """The core's bag, drawn by the deal: places picked by the ledger, seen
    as their letters where this side knows them and ``?`` where not."""

    def __init__(self, ledger: Ledger, beacon: bytes) -> None:
        self.ledger = ledger
        self.beacon = beacon
        self.game: Game | None = None
        #: the places an exchange puts back (set just before it)
        self.returning: list[int] | None = None
        #: the last draw: (seat, places), put back if its play is withdrawn
        self.last_draw: tuple[int, list[int]] = (0, [])

    @property
    def tiles(self) -> list[str]:
        """The bag as this side sees it (``?`` where it does not know)."""
        return [self.ledger.letter(p) for p in self.ledger.pool]

    @tiles.setter
    def tiles(self, value: list[str]) -> None:
        raise AttributeError("the dealt bag is changed only by drawing and putting back")

    @property
    def state(self) -> int:
        return 0

    def __len__(self) -> int:
        return len(self.ledger.pool)

    def counts(self) -> Counter[str]:
        return Counter(self.tiles)

    def draw_for(self, seat: int, n: int) -> list[str]:
        places = self.ledger.draw(seat, n, self.beacon)
        self.last_draw = (seat, places)
        return [self.ledger.letter(p) for p in places]

    def draw(self, n: int = 1) -> list[str]:
        assert self.game is not None
        return self.draw_for(self.game.current, n)

    def put_back(self, tiles: Any) -> None:
        if self.returning is not None:
            assert self.game is not None
            self.ledger.put_back(self.game.current, self.returning)
            self.returning = None
        else:  # a play withdrawn: its draw goes back unseen
            seat, places = self.last_draw
            self.ledger.put_back(seat, places)
            self.last_draw = (seat, [])

    def copy(self) -> "DealtBag":
        return copy.deepcopy(self)


class DealtGame(Game):
    """A core game whose first player and racks come from the deal."""

    def __init__(self, names: Sequence[str], rules: RuleSet, lexicon: Any, edition: int, bag: DealtBag,
                 first: int) -> None:
        self._dealt = bag
        self._first = first
        super().__init__(names, rules, 0, lexicon, None, edition)

    def _draw_for_first(self) -> None:
        self.bag = self._dealt
        self._dealt.game = self
        self.current = self._first
        n = len(self.players)
        for k in range(n):
            seat = (self._first + k) % n
            self.players[seat].rack = self._dealt.draw_for(seat, RACK_SIZE)
        ev = FirstPlayerDrawn(1, (), self._first, self.players[self._first].name)
        self.history.append(ev)
        self.last_events = (ev,)


# ------------------------------------------------------------- results
@dataclass(frozen=True)
class Applied:
    """What an accepted record did, for the link and the console."""

    record: Record
    #: the view's events of a turn (empty for the set-up, keys and the end)
    events: tuple[Event, ...] = ()
    #: the readable body of the record (as its sender wrote it)
    body: str = ""
    # A GameEnded among ``events`` is provisional: the view does not know the
    # other racks, so its adjustments leave them out. The end is said from
    # ``final``, which comes once every seat has shown its keys (the link
    # sends them by itself, right after the end).
    #: set once the last seed is in: the whole deal and every score checked
    final: "FinalCheck | None" = None


def _keys_lost(record: Record) -> bool:
    """A resignation sent without the seat's keys (:meth:`OnlineGame.compose_resign_keys_lost`)."""
    return record.kind == "resign" and record.deal.get("lost") is True


@dataclass(frozen=True)
class FinalCheck:
    """The end, checked: the real final scores, who resigned, the GCG record."""

    totals: tuple[int, ...]
    gcg: str
    resigned: int | None = None
    lines: tuple[str, ...] = ()
    #: the whole deal and every score checked out (False: ``lines`` say what failed)
    checked: bool = True
    #: the seat that lost on time (a claim), if any
    timed_out: int | None = None
    #: the players agreed to end the game here (scored as it stood)
    agreed: bool = False

    @property
    def loser(self) -> int | None:
        """Who lost by resigning or on time (None: the scores decide)."""
        return self.resigned if self.resigned is not None else self.timed_out


@dataclass(repr=False)
class OnlineGame:
    """One side's copy of a game between homes (see the module doc)."""

    def __repr__(self) -> str:  # never the keys, seeds or racks it holds
        return f"OnlineGame(me={self.me!r}, game={self.game_id!r}, records={len(self.log)})"

    me: str
    lexicon: Any = None
    secrets: Secrets | None = None
    #: every place's tile, for the replay of the final check (no secrets then)
    known_all: Mapping[int, int] | Sequence[int] | None = None
    log: list[Record] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    public: PublicDeal | None = None
    game: DealtGame | None = None
    keys_done: int = 0
    #: (sender seat, place, receiver seat) whose key the sender has sent
    sent: set[tuple[int, int, int]] = field(default_factory=set)
    #: keys sealed to this side: place -> {sender seat: key}
    received: dict[int, dict[int, bytes]] = field(default_factory=dict)
    #: keys shown with tiles played: place -> every seat's key
    shown: dict[int, list[bytes]] = field(default_factory=dict)
    #: the places of the last play on the board (seat, places), back to the rack if withdrawn
    last_played: tuple[int, list[int]] = (0, [])
    seeds: dict[int, bytes] = field(default_factory=dict)
    #: every seat's public share key (for the bag shuffled again after an exchange)
    share_keys: list[bytes] = field(default_factory=list)
    #: the bag's new shuffles, one after each exchange (see :mod:`.reshuffle`)
    rounds: list[R.Round] = field(default_factory=list)
    #: shares of places of a new deck, every seat's, as they arrive: place -> {seat: share}
    shares: dict[int, dict[int, bytes]] = field(default_factory=dict)
    resigned: int | None = None
    #: the seat that lost on time (a claim applied)
    timed_out: int | None = None
    #: the seat whose offer to end the game here stands (None: no offer)
    end_offered: int | None = None
    #: the players agreed to end the game here (an ``agree_end`` applied)
    agreed: bool = False
    #: the server timestamp (ms) of each record of ``log`` (0: not known); one that
    #: restarts no clock (an offer to end, a later kind) notes the one before it
    times: list[int] = field(default_factory=list)
    #: set when keys sent to this side do not unlock its tiles: the sentence
    broken: str | None = None
    final: FinalCheck | None = None

    # ------------------------------------------------------------ reading
    @property
    def offer(self) -> Record | None:
        return self.log[0] if self.log else None

    @property
    def players(self) -> tuple[Player, ...]:
        return self.offer.players if self.offer else ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @property
    def game_id(self) -> str:
        return self.offer.game if self.offer else ""

    @property
    def rules(self) -> RuleSet:
        assert self.offer is not None
        return rules_named(self.offer.rules)

    def seat_of(self, user: str) -> int | None:
        for i, p in enumerate(self.players):
            if p.user == user:
                return i
        return None

    @property
    def my_seat(self) -> int | None:
        return self.seat_of(self.me)

    @property
    def head(self) -> str:
        return self.hashes[-1] if self.hashes else ""

    @property
    def playing(self) -> bool:
        return (self.game is not None and not self.game.is_over and self.resigned is None and self.timed_out is None
                and not self.agreed and self.keys_done_all)

    @property
    def keys_done_all(self) -> bool:
        return bool(self.players) and self.keys_done >= len(self.players) - 1

    @property
    def over(self) -> bool:
        return self.game is not None and (self.game.is_over or self.resigned is not None or self.timed_out is not None
                                          or self.agreed)

    def expected(self) -> tuple[tuple[str, ...], int | None]:
        """The kinds of record that may come next, and from which seat (None: any)."""
        if not self.log:
            return ("offer",), 0
        assert self.public is not None
        if self.public.next_shuffle_seat is not None:
            return ("join",), self.public.next_shuffle_seat
        if self.public.next_place_seat is not None:
            return ("places",), self.public.next_place_seat
        if not self.keys_done_all:
            return ("keys",), self.keys_done
        if self.final is not None:
            return (), None
        if self.over:
            return ("end",), len(self.seeds)
        if self.rounds and not self.rounds[-1].done:
            return ("shuffle", "resign", "claim"), self.rounds[-1].next_seat
        return ACTION_KINDS + ("resign", "claim") + AGREEMENT_KINDS, self.to_act()

    def to_act(self) -> int:
        """The seat that acts now: the player to move, or, while the last
        play waits for a challenge, the player after the one who made it."""
        assert self.game is not None
        pending = self.game.pending_play
        if self.game.awaiting_final_challenge and pending is not None:
            return (pending.player + 1) % len(self.players)
        return self.game.current

    def my_rack_known(self) -> bool:
        """Every tile of this side's rack has come (its keys arrived)."""
        seat = self.my_seat
        if self.game is None or seat is None:
            return False
        ledger = self._ledger
        return not ledger.unknown(seat)

    @property
    def _ledger(self) -> Ledger:
        assert self.game is not None
        bag = self.game.bag
        assert isinstance(bag, DealtBag)
        return bag.ledger

    # ------------------------------------------------------------ copying
    def _copy(self) -> "OnlineGame":
        """A copy to try a record on. What is never changed once made is
        shared, not copied: the word list, the records, the published
        decks, the game's events (frozen) and its past actions."""
        memo: dict[int, Any] = {}
        shared: list[Any] = [self.lexicon, *self.log]
        if self.public is not None:
            shared += [self.public._points, self.public._index, *self.public.shuffled, *self.public.placed]
        for rnd in self.rounds:
            shared += [rnd.start, *rnd.decks]
        if self.game is not None:
            shared += [*self.game.history, *self.game.actions, self.game.ended, self.game.start]
        for obj in shared:
            if obj is not None:
                memo[id(obj)] = obj
        return copy.deepcopy(self, memo)

    def _take(self, other: "OnlineGame") -> None:
        self.__dict__.update(other.__dict__)

    # ------------------------------------------------------------ receiving
    def receive(self, record: Record, sender: str, body: str = "", ts: int = 0) -> Applied:
        """Check an arriving record and apply it; Refused (nothing changed) if
        it may not be. ``sender``: who the transport says sent it; ``ts``:
        the server timestamp of its message (ms; a claim on time is checked
        against it)."""
        self._check_chain(record, sender)
        if record.kind == "claim":
            self.check_claim(record.seat, ts)
        trial = self._copy()
        applied = trial._apply(record, body)
        trial.times.append(self.clock_since() if _keeps_clock(record) and self.times else ts)
        self._take(trial)
        return applied

    # ------------------------------------------------------------ the clock
    @property
    def days(self) -> int:
        """Days a player may take over a move (0: no limit)."""
        return self.offer.days if self.offer is not None else 0

    def late_seat(self) -> int | None:
        """The seat whose time runs now: the one to act while the game is played."""
        if not self.playing:
            return None
        return self.expected()[1]

    def clock_since(self) -> int:
        """The server timestamp the running time is counted from: the last
        record's, but an offer to end the game, its yes or no, or a later
        program's kind, is no turn and restarts no one's time (noted with
        the time it found, :func:`_keeps_clock`)."""
        return self.times[-1] if self.times else 0

    def clock_at(self) -> int:
        """The log's length at the record the running time is counted from
        (the last that restarted it): one turn's time, whatever offers to
        end, answers or later kinds came since."""
        n = len(self.log)
        while n > 0 and _keeps_clock(self.log[n - 1]):
            n -= 1
        return n

    def check_claim(self, seat: int, now_ms: int) -> None:
        """Whether ``seat`` may claim the game on time at ``now_ms`` (the
        claim's server timestamp on arrival; the local clock before sending).
        Refused with the sentence when not."""
        if not self.days:
            raise Refused("This game has no days per move; no one can win it on time.", "no_clock")
        late = self.late_seat()
        if late is None:
            raise Refused("The game is not being played; there is no time to claim.", "over")
        if late == seat:
            raise Refused("It is your own turn; no one claims a game on their own time.", "own_time")
        left = self.clock_since() + self.days * _DAY_MS - now_ms
        if self.clock_since() <= 0 or left > 0:
            raise Refused(online_phrases.time_not_out(self._name(late), max(left, 0)), "too_early")

    def _name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Player {seat + 1}"

    def _check_chain(self, record: Record, sender: str) -> None:
        if self.log and record.game != self.game_id:
            raise Refused("A record of another game came into this game's room; it was refused.", "wrong_game")
        h = record_hash(record)
        if h in self.hashes:
            raise Refused(f"{self._name(record.seat)}'s record came again; a record counts once.", "repeated")
        if record.seq != len(self.log) or record.prev != self.head:
            raise Refused(f"{self._name(record.seat)}'s record does not follow the last one; it was refused.",
                          "out_of_order")
        if self.final is not None:
            raise Refused("The game is over and checked; the record was refused.", "over")
        if record.kind == "offer":
            if not record.players or record.players[0].user != sender:
                raise Refused("An offer must come from its first player; it was refused.", "wrong_sender")
        elif self.seat_of(sender) != record.seat:
            raise Refused(f"A record names {self._name(record.seat)} but was sent by someone else; it was refused.",
                          "wrong_sender")
        kinds, seat = self.expected()
        if not known_kind(record):  # a later program's kind: taken, from any player, while the game is played
            if not self.playing:
                raise Refused(f"{self._name(record.seat)}'s record is of a kind this game does not know; "
                              "it was refused.", "bad_kind")
            return
        if record.kind not in kinds or (seat is not None and record.seat != seat
                                        and record.kind not in ("resign", "claim", *AGREEMENT_KINDS)):
            if self.over and record.kind in ACTION_KINDS:
                raise Refused("The game is over; the record was refused.", "over")
            raise Refused(f"{self._name(record.seat)} moved out of turn; the record was refused.", "out_of_turn")

    def _apply(self, record: Record, body: str) -> Applied:
        """Apply a record to this copy (checked: raises on anything wrong)."""
        try:
            events, final = self._apply_kind(record)
            self._take_step(record)
            if self.game is not None and record.kind != "end" and not _keys_lost(record):
                self._take_keys(record)
        except Refused:
            raise
        except ScrabbleError as e:  # a core refusal: the play is not legal
            who = self._name(record.seat)
            if isinstance(e, DealError):
                raise Refused(f"{who}'s record fails the deal: {e}", e.code) from None
            if isinstance(e, OnlineError):  # a line or field that cannot be read
                raise Refused(f"{who}'s record cannot be read: {e}", e.code) from None
            raise Refused(f"{who}'s move is not legal: {e}", "illegal") from None
        self.log.append(record)
        self.hashes.append(record_hash(record))
        return Applied(record, tuple(events), body, final)

    def _apply_kind(self, record: Record, own: Mapping[str, Any] | None = None) -> tuple[list[Event], FinalCheck | None]:
        kind = record.kind
        deal = record.deal
        if kind == "offer":
            self._check_offer(record)
            self.public = PublicDeal(record.game, len(record.players))
            self.public.add_shuffle(0, deal)
            self.share_keys = [R.read_share_key(record.game, 0, deal)]
            return [], None
        assert self.public is not None
        if kind == "join":
            self.public.add_shuffle(record.seat, deal)
            self.share_keys.append(R.read_share_key(record.game, record.seat, deal))
            return [], None
        if kind == "shuffle":
            return [], None
        if kind == "places":
            self.public.add_places(record.seat, deal)
            if self.public.ready:
                self._start(record)
            return [], None
        if kind == "keys":
            self.keys_done += 1
            return [], None
        if kind in ("resign", "claim"):
            self.end_offered = None  # over: an offer to end it no longer stands
        if kind == "resign":
            self.resigned = record.seat
            if _keys_lost(record):  # its keys are gone: over now, the deal never checked
                assert self.game is not None
                totals = tuple(self.game.scores())
                self.final = FinalCheck(totals, "", record.seat, tuple(online_phrases.keys_lost_lines(
                    self._name(record.seat), self.names, totals)), checked=False)
                return [], self.final
            return [], None
        if kind == "claim":
            self.timed_out = self.expected()[1]
            return [], None
        if kind == "end":
            return [], self._take_seed(record)
        if kind in AGREEMENT_KINDS:
            self._agreement(record)
            return [], None
        if not known_kind(record):  # a later program's: nothing but the keys it carries
            return [], None
        self.end_offered = None  # a turn of the game: an offer to end it lapses
        return self._turn(record, own), None

    def check_agreement(self, kind: str, seat: int) -> None:
        """Whether ``seat`` may send a record of ``kind`` (one of
        :data:`~.record.AGREEMENT_KINDS`) now; Refused with the sentence if
        not. An offer: a game of two, while it is played, no offer
        standing; a yes or a no: only to the other player's offer."""
        if not self.playing:
            raise Refused(online_phrases.END_NOT_PLAYED, "over")
        standing = self.end_offered
        if kind == "offer_end":
            if len(self.players) != 2:
                raise Refused(online_phrases.END_OFFER_TWO_ONLY, "two_only")
            if standing == seat:
                raise Refused(online_phrases.END_OFFERED_ALREADY, "offered")
            if standing is not None:
                raise Refused(online_phrases.end_offered_to_you(self._name(standing)), "offered")
            return
        if standing is None or standing == seat:
            raise Refused(online_phrases.END_NO_OFFER, "no_offer")

    def _agreement(self, record: Record) -> None:
        """An offer to end the game here, the other player's yes, or its no."""
        try:
            self.check_agreement(record.kind, record.seat)
        except Refused as e:
            raise Refused(online_phrases.agreement_refused(self._name(record.seat), e.code), e.code) from None
        if record.kind == "offer_end":
            self.end_offered = record.seat
        elif record.kind == "agree_end":
            self.end_offered = None
            self.agreed = True
        else:
            self.end_offered = None

    def _check_offer(self, record: Record) -> None:
        """The offer's game can be set up here: rules, edition and names
        that the core takes (checked now, not when the deal is done)."""
        try:
            Game([p.name for p in record.players], rules_named(record.rules), 0, None, None, record.edition)
        except ScrabbleError as e:
            raise Refused(f"The offer cannot be played here: {e}", "bad_offer") from None
        if record.lexicon and self.lexicon is not None and not same_list(record.lexicon, self.lexicon):
            theirs = list_parts(record.lexicon)[0]
            raise Refused(online_phrases.other_word_list(record.players[0].name, theirs[:40]),
                          "other_word_list")

    def _start(self, record: Record) -> None:
        assert self.public is not None
        ledger = Ledger(len(self.players))
        if self.known_all is not None:
            ledger.known = (dict(self.known_all) if isinstance(self.known_all, Mapping)
                            else dict(enumerate(self.known_all)))
        bag = DealtBag(ledger, beacon_of(self.log[-1]))
        offer = self.offer
        assert offer is not None
        self.game = DealtGame(self.names, rules_named(offer.rules), self.lexicon, offer.edition, bag,
                              self.public.first_player)

    # ------------------------------------------------------------ a turn
    def _turn(self, record: Record, own: Mapping[str, Any] | None = None) -> list[Event]:
        """Apply a turn; ``own``: this side's action being composed (its
        line and outcome are filled in, not compared: ``_made``)."""
        game = self.game
        assert game is not None
        ledger = self._ledger
        seat = record.seat
        bag = game.bag
        assert isinstance(bag, DealtBag)
        bag.beacon = beacon_of(self.log[-1])
        so_far = record_from_game(game)
        before = so_far.moves
        totals_before = game.scores()
        nicks = [p.nick for p in so_far.players]
        claimed = parse_gcg_line(record.gcg, nicks) if record.gcg and own is None else None
        if claimed is not None and record.kind != "challenge" and claimed.nick != nicks[seat]:
            raise Refused(f"{self._name(seat)}'s record names another player in its line; it was refused.",
                          "mismatch")
        kind = record.kind
        if kind == "move":
            if own is not None:
                play = _play_of(own)
            elif claimed is None or claimed.kind is not MoveKind.PLAY:
                raise Refused(f"{self._name(seat)}'s move does not say what it played; it was refused.", "mismatch")
            else:
                play = parse_play(f"{claimed.position} {claimed.word}", game.board)
            places = self._show(record, seat, play.rack_tiles())
            self._sync()
            game.check_place(play)
            game.place(play)
            for p in places:
                ledger.held[seat].remove(p)
            self.last_played = (seat, places)
        elif kind == "exchange":
            returned = record.deal.get("returned")
            count = claimed.exchanged_count if claimed is not None and claimed.kind is MoveKind.EXCHANGE else -1
            if own is not None:
                count = len(own["tiles"])
            if (not isinstance(returned, list) or len(returned) != count
                    or len(set(map(str, returned))) != len(returned)
                    or not all(isinstance(p, int) and not isinstance(p, bool) and p in ledger.held[seat]
                               for p in returned)):
                raise Refused(f"{self._name(seat)}'s exchange does not name tiles on its rack; it was refused.",
                              "bad_tiles")
            tiles = [ledger.letter(p) for p in returned]
            game.check_exchange(tiles)
            bag.returning = list(returned)
            game.exchange(tiles)
            assert self.public is not None
            self.rounds.append(R.start_round(self.public, R.joint_key(self.share_keys), len(self.rounds) + 1, seat,
                                             list(ledger.pool), self.rounds))
        elif kind == "pass":
            game.pass_turn()
        elif kind == "challenge":
            game.check_challenge(seat)
            game.challenge(seat)
            ev = game.last_events[0]
            withdrawn = bool(getattr(ev, "withdrawn", False))
            if withdrawn != record.withdrawn and own is None:
                raise Refused(f"{self._name(seat)}'s challenge claims the wrong outcome; it was refused.", "mismatch")
            if withdrawn:
                who, places = self.last_played
                ledger.held[who].extend(places)
                self.last_played = (who, [])
        elif kind == "accept":
            game.accept()
        self._sync()
        events = list(game.last_events)
        after = record_from_game(game).moves[len(before):]
        made = next((m for m in after if m.kind not in (MoveKind.END_GAIN, MoveKind.END_LOSS)), None)
        line = gcg_line(made) if made is not None else ""
        self._events = (events, totals_before)
        if own is not None:
            self._made = (line, bool(getattr(events[0], "withdrawn", False)) if kind == "challenge" else False)
            return events
        if line != (gcg_line(claimed) if claimed is not None else ""):
            if claimed is not None and made is not None and claimed.kind == made.kind and (
                    claimed.position, claimed.word) == (made.position, made.word):
                raise Refused(f"{self._name(seat)}'s record claims {claimed.score} points and a total of "
                              f"{claimed.total}; the move makes {made.score} and {made.total}; it was refused.",
                              "wrong_score")
            raise Refused(f"{self._name(seat)}'s record does not say what the move did; it was refused.", "mismatch")
        return events

    def _show(self, record: Record, seat: int, tiles: Sequence[str]) -> list[int]:
        """The places of the tiles a move plays, unlocked with the keys it shows."""
        assert self.public is not None
        ledger = self._ledger
        shown = record.deal.get("shown")
        if not isinstance(shown, Mapping) or len(shown) != len(tiles):
            raise Refused(f"{self._name(seat)}'s move does not show its tiles' keys; it was refused.", "bad_tiles")
        places: list[int] = []
        letters: list[str] = []
        for key, value in shown.items():
            place = small_number(key, 9) if isinstance(key, str) else None  # not int(): '²' passes isdigit
            if place is None or place not in ledger.held[seat]:
                raise Refused(f"{self._name(seat)} played a tile it did not draw; the record was refused.",
                              "bad_tiles")
            if place >= DECK_SIZE:  # a place of a new deck: the player's own share, the others' came before
                ct = self._ct(place)
                given = dict(self.shares.get(place, {}))
                given[seat] = R.read_share(self.game_id, self.share_keys[seat], ct, place, value, seat)
                if len(given) != len(self.players):
                    raise Refused(f"{self._name(seat)} played a tile whose shares have not all come; "
                                  "it was refused.", "bad_tiles")
                tile = R.open_ct(self.public, ct, [given[s] for s in range(len(self.players))])
                keys = []
            else:
                keys = read_keys(value)
                tile = self.public.unlock(place, keys)
            if place in ledger.known and ledger.known[place] != tile:
                raise Refused(f"{self._name(seat)}'s keys show another tile than the one drawn; it was refused.",
                              "bad_tiles")
            ledger.known[place] = tile
            if keys:
                self.shown[place] = list(keys)
            places.append(place)
            letters.append(TILES[tile])
        if Counter(letters) != Counter(tiles):
            raise Refused(f"{self._name(seat)}'s play uses tiles other than the ones it shows; it was refused.",
                          "bad_tiles")
        return places

    def _sync(self) -> None:
        """Every rack of the view as the ledger holds it."""
        assert self.game is not None
        ledger = self._ledger
        for s, p in enumerate(self.game.players):
            p.rack = ledger.rack(s)

    # ------------------------------------------------------------ keys
    def owed(self, seat: int) -> dict[int, list[int]]:
        """The place keys ``seat`` owes now: receiver -> places it holds whose
        key ``seat`` has not sent it. A play's draw is owed once the play
        can no longer be taken back."""
        if self.game is None:
            return {}
        ledger = self._ledger
        out: dict[int, list[int]] = {}
        pending = self.game.pending_play
        for other in range(len(self.players)):
            if other == seat:
                continue
            hold = [p for p in ledger.held[other] if (seat, p, other) not in self.sent]
            if pending is not None and pending.player == other:  # its draw may still go back
                _, drawn = self.game.bag.last_draw  # type: ignore[attr-defined]
                hold = [p for p in hold if p not in drawn]
            if hold:
                out[other] = sorted(hold)
        return out

    def _take_keys(self, record: Record) -> None:
        """Check the record carries the keys its sender owes, and keep those
        sealed to this side."""
        owed = self.owed(record.seat)
        old = {o: ps for o, places in owed.items() if (ps := [p for p in places if p < DECK_SIZE])}
        new = {p: o for o, places in owed.items() for p in places if p >= DECK_SIZE}
        keys = record.deal.get("keys", {})
        shares = record.deal.get("shares", {})
        if (not isinstance(keys, Mapping) or set(keys) != {str(s) for s in old}
                or not isinstance(shares, Mapping) or set(shares) != {str(p) for p in new}):
            raise Refused(f"{self._name(record.seat)}'s record does not carry the keys it owes; it was refused.",
                          "bad_keys")
        for p, o in new.items():  # public shares: every side checks each proof now
            try:
                d = R.read_share(self.game_id, self.share_keys[record.seat], self._ct(p), p, shares[str(p)],
                                 record.seat)
            except DealError:
                raise Refused(f"{self._name(record.seat)}'s share for a tile {self._name(o)} drew is not its "
                              "own; the record was refused.", "wrong_share") from None
            self.shares.setdefault(p, {})[record.seat] = d
        mine = self.my_seat
        for other, places in owed.items():
            for p in places:
                self.sent.add((record.seat, p, other))
        if mine is None or self.secrets is None:
            return
        if str(mine) not in keys:
            if any(o == mine for o in new.values()):
                try:
                    self._learn()
                except DealError:
                    self.broken = self.broken or ("A tile drawn from the bag shuffled again is no tile; "
                                                  "the deal cannot be trusted, so the game cannot go on.")
            return
        old_mine = old[mine]
        # What fails here is seen by this side alone: the record is applied
        # (every side keeps the same log) and the game is marked broken; the
        # end shows every sealed key to everyone (_check_sealed).
        wrong = (f"{self._name(record.seat)}'s keys for your tiles do not unlock them; "
                 "the deal cannot be trusted, so the game cannot go on.")
        try:
            opened = open_keys(self.secrets, keys[str(mine)])
        except DealError:
            self.broken = self.broken or wrong
            return
        if sorted(opened) != old_mine:
            self.broken = self.broken or wrong
            return
        for p, k in opened.items():
            self.received.setdefault(p, {})[record.seat] = k
        try:
            self._learn()
        except DealError:
            self.broken = self.broken or wrong

    def _ct(self, place: int) -> R.Ct:
        """The ciphertext of a place of a new deck (see :mod:`.reshuffle`)."""
        e = R.round_of(place)
        return self.rounds[e - 1].output[place - R.place_id(e, 0)]

    def _take_step(self, record: Record) -> None:
        """The step of the bag's new shuffle a record carries: required from
        the seat whose step it is (an exchange's sender, a ``shuffle``),
        refused from anyone else."""
        step = record.deal.get("round")
        rnd = self.rounds[-1] if self.rounds else None
        due = (rnd is not None and not rnd.done and rnd.next_seat == record.seat
               and record.kind in ("exchange", "shuffle"))
        name = self._name(record.seat)
        if not due:
            if step is not None or record.kind == "shuffle":
                raise Refused(f"{name}'s record carries a shuffle it does not owe; it was refused.", "deal_order")
            return
        if step is None:
            raise Refused(f"{name}'s record does not carry its shuffle of the bag; it was refused.", "bad_deal")
        assert rnd is not None
        rnd.add(record.seat, {"deck": step})
        if rnd.done:
            ledger = self._ledger
            assert ledger.pool == rnd.places
            ledger.pool = [R.place_id(rnd.number, i) for i in range(len(rnd.places))]

    def _learn(self) -> None:
        """Unlock every place of this side's rack whose keys have all come."""
        assert self.public is not None and self.secrets is not None
        seat = self.secrets.seat
        ledger = self._ledger
        for p in ledger.unknown(seat):
            if p >= DECK_SIZE:
                given = self.shares.get(p, {})
                if len(given) == len(self.players) - 1:
                    ct = self._ct(p)
                    own = R.share_key(self.secrets)
                    ledger.known[p] = R.open_ct(self.public, ct, [given.get(s) or R._mul(own, ct[0])
                                                                  for s in range(len(self.players))])
                continue
            got = self.received.get(p, {})
            if len(got) == len(self.players) - 1:
                keys = [got.get(s, self.secrets.place_key(p)) for s in range(len(self.players))]
                ledger.known[p] = self.public.unlock(p, keys)
        self._sync()

    # ------------------------------------------------------------ the end
    def _take_seed(self, record: Record) -> FinalCheck | None:
        assert self.public is not None
        raw = record.deal.get("seed")
        try:
            seed = bytes.fromhex(raw) if isinstance(raw, str) and len(raw) == 64 else b""
        except ValueError:
            seed = b""
        if not seed:
            raise Refused(f"{self._name(record.seat)}'s end does not show its secret; it was refused.", "bad_deal")
        sec = Secrets(self.game_id, record.seat, seed)
        if sec.box_public != self.public.boxes[record.seat] or sec.commitment != self.public.commitments[record.seat]:
            raise Refused(f"{self._name(record.seat)}'s secret is not the one it dealt with; the deal failed.",
                          "deal_mismatch")
        self.seeds[record.seat] = seed
        if len(self.seeds) < len(self.players) or self.known_all is not None:
            return None
        self.final = self._check_all()
        return self.final

    def _check_all(self) -> FinalCheck:
        """The whole deal and every score; a FinalCheck that says the deal
        did not check out (and why) when anything fails."""
        try:
            return self._check_everything()
        except (DealError, Refused) as e:
            assert self.game is not None
            lines = online_phrases.deal_failed_lines(str(e))
            return FinalCheck(self.game.scores(), "", self.resigned, tuple(lines), checked=False,
                              timed_out=self.timed_out, agreed=self.agreed)

    def _check_sealed(self, secrets: Sequence[Secrets]) -> None:
        """Every key sealed to anyone during the game, opened with the
        receiver's box (its key comes from its seed), is the sender's key."""
        assert self.public is not None
        for rec in self.log:
            sealed = rec.deal.get("keys", {})
            for to, blob in sealed.items():
                try:
                    opened = open_keys(secrets[int(to)], blob)
                except DealError:
                    raise DealError(f"{self._name(rec.seat)} sent keys that cannot be opened.", "deal_mismatch") from None
                for place, key in opened.items():
                    if key != secrets[rec.seat].place_key(place):
                        raise DealError(f"{self._name(rec.seat)} sent a key that was not the key dealt.",
                                        "deal_mismatch")

    def _check_everything(self) -> FinalCheck:
        assert self.public is not None
        seeds = [self.seeds[s] for s in range(len(self.players))]
        tiles = verify_deal(self.public, seeds)
        secrets = [Secrets(self.game_id, s, seed) for s, seed in enumerate(seeds)]
        for place, keys in self.shown.items():
            if keys != [sec.place_key(place) for sec in secrets]:
                raise DealError("A key shown with a tile played was not the key dealt.", "deal_mismatch")
        self._check_sealed(secrets)
        known = dict(enumerate(tiles))
        for rnd in self.rounds:
            if not rnd.done:  # cut short by a resignation: no tile of it was drawn
                break
            out = R.verify_round(self.public, rnd, seeds, [known[p] for p in rnd.places])
            known.update({R.place_id(rnd.number, i): t for i, t in enumerate(out)})
        full = OnlineGame(self.me, self.lexicon, None, known)
        ends = [i for i, r in enumerate(self.log) if r.kind in ("end", "resign", "claim", "agree_end")]
        for rec in self.log[: ends[0] if ends else len(self.log)]:
            full._check_chain(rec, full.players[rec.seat].user if full.players else rec.players[0].user)
            full._apply(rec, "")
        assert full.game is not None
        totals = full.game.scores()
        if self.resigned is None and self.timed_out is None and not self.agreed and not full.game.is_over:
            raise DealError("The game replayed with every tile known does not end where it ended.", "deal_mismatch")
        text = write_gcg(record_from_game(full.game))
        if self.resigned is not None:
            text += f"#note {self._name(self.resigned)} resigned.\n"
        if self.timed_out is not None:
            text += f"#note {online_phrases.lost_on_time(self._name(self.timed_out), self.days)}\n"
        if self.agreed:
            text += f"#note {online_phrases.agreed_note(self.names, totals)}\n"
        lines = online_phrases.deal_checked_lines(self.names, totals)
        return FinalCheck(tuple(totals), text, self.resigned, tuple(lines), timed_out=self.timed_out,
                          agreed=self.agreed)

    # ------------------------------------------------------------ composing
    def _base(self, kind: str, **kw: Any) -> Record:
        seat = self.my_seat
        if seat is None:
            raise Refused("You are not a player of this game.", "not_a_player")
        return Record(self.game_id, len(self.log), self.head, seat, kind, **kw)

    def _finish(self, base: Record, own: Mapping[str, Any] | None = None) -> tuple[Record, str]:
        """The record with the keys its sender owes, tried on a copy; its
        body. ``own``: the action of a turn, whose line is filled in."""
        trial = self._copy()
        trial._check_chain(base, self.me)
        applied_events, _ = trial._apply_kind(base, own)
        if own is not None:
            line, withdrawn = trial._made
            base = replace(base, gcg=line, withdrawn=withdrawn)
        record = base
        seat = base.seat
        rnd = trial.rounds[-1] if trial.rounds else None
        if (rnd is not None and not rnd.done and rnd.next_seat == seat and base.kind in ("exchange", "shuffle")):
            assert self.secrets is not None
            record = base = replace(base, deal={**base.deal, **{"round": R.step_message(self.secrets, rnd)["deck"]}})
        if trial.game is not None and base.kind != "end":
            owed = trial.owed(seat)
            assert self.secrets is not None and trial.public is not None
            sealed = {str(to): seal_keys(trial.public, to, {p: self.secrets.place_key(p) for p in old})
                      for to, places in owed.items() if (old := [p for p in places if p < DECK_SIZE])}
            new = sorted(p for places in owed.values() for p in places if p >= DECK_SIZE)
            deal = {**base.deal, "keys": sealed}
            if new:
                deal["shares"] = {str(p): R.share_for(self.secrets, trial._ct(p), p) for p in new}
            record = replace(base, deal=deal)
        body = self._body(trial, record, applied_events)
        return record, body

    def _body(self, trial: "OnlineGame", record: Record, events: list[Event]) -> str:
        name = self._name(record.seat)
        kind = record.kind
        if kind == "offer":
            return online_phrases.offer_body(trial.names, online_phrases.rules_body(trial.rules.title, trial.days, ""))
        if kind == "join":
            return online_phrases.join_body(name)
        if kind == "places":
            if trial.game is not None:
                first = trial.game.current
                return online_phrases.places_body(name) + " " + online_phrases.first_player_line(trial._name(first))
            return online_phrases.places_body(name)
        if kind == "keys":
            return online_phrases.keys_body(name)
        if kind == "shuffle":
            return online_phrases.shuffle_body(name)
        if kind == "resign":
            return online_phrases.resign_body(name)
        if kind == "claim" and trial.timed_out is not None:
            return online_phrases.claim_body(name, trial._name(trial.timed_out), trial.days)
        if kind == "end":
            return online_phrases.end_body(name)
        if not known_kind(record):
            return online_phrases.later_kind_body(name)
        if kind in AGREEMENT_KINDS:
            return online_phrases.agreement_body(kind, name, trial.names, trial.game.scores() if trial.game else ())
        _, totals_before = trial._events
        return online_phrases.action_body(events, trial.names, totals_before)

    def compose_offer(self, game_id: str, players: Sequence[Player], rules: str, lexicon_id: str = "",
                      edition: int = 2, secrets: Secrets | None = None, days: int = 0) -> tuple[Record, str]:
        """The offer of a new game; this side is seat 0 (its user first)."""
        if self.log:
            raise Refused("This game has already been offered.", "over")
        if players[0].user != self.me:
            raise Refused("The one who offers a game is its first player.", "not_a_player")
        self.secrets = secrets or Secrets.new(game_id, 0)
        public = PublicDeal(game_id, len(players))
        record = Record(game_id, 0, "", 0, "offer",
                        deal={**shuffle_message(self.secrets, public), **R.share_message(self.secrets)},
                        players=tuple(players), rules=rules_named(rules).name, lexicon=lexicon_id, edition=edition,
                        days=days)
        names = [p.name for p in players]
        return record, online_phrases.offer_body(names, online_phrases.rules_body(rules_named(rules).title, days, ""))

    def compose_join(self, secrets: Secrets | None = None) -> tuple[Record, str]:
        seat = self.my_seat
        assert self.public is not None and seat is not None
        self.secrets = secrets or self.secrets or Secrets.new(self.game_id, seat)
        return self._finish(self._base("join", deal={**shuffle_message(self.secrets, self.public),
                                                     **R.share_message(self.secrets)}))

    def compose_places(self) -> tuple[Record, str]:
        assert self.public is not None and self.secrets is not None
        return self._finish(self._base("places", deal=places_message(self.secrets, self.public)))

    def compose_keys(self) -> tuple[Record, str]:
        return self._finish(self._base("keys"))

    def compose_shuffle(self) -> tuple[Record, str]:
        """This seat's step of the bag's new shuffle after an exchange."""
        return self._finish(self._base("shuffle"))

    def compose_resign(self) -> tuple[Record, str]:
        return self._finish(self._base("resign"))

    def compose_resign_keys_lost(self) -> tuple[Record, str]:
        """Resign from a device without this seat's keys of the deal (the
        computer that held them gone): no keys owed are sent, none shown at
        the end; the game is over at once, its deal never checked. Every
        side takes it: a resignation loses, whatever it hides."""
        base = self._base("resign", deal={"lost": True})
        if self.game is None:
            raise Refused("The game has not started yet.", "not_started")
        trial = self._copy()
        trial._check_chain(base, self.me)
        trial._apply(base, "")
        return base, online_phrases.resign_keys_lost_body(self._name(base.seat))

    def compose_claim(self, now_ms: int) -> tuple[Record, str]:
        """The game claimed on time (checked first against ``now_ms``, this
        side's clock; every side checks it again against the server's)."""
        seat = self.my_seat
        if seat is None:
            raise Refused("You are not a player of this game.", "not_a_player")
        self.check_claim(seat, now_ms)
        return self._finish(self._base("claim"))

    def compose_agreement(self, kind: str) -> tuple[Record, str]:
        """This side's offer to end the game here (``offer_end``), its yes
        to the other player's (``agree_end``) or its no (``decline_end``);
        Refused with the sentence when it may not be sent now."""
        seat = self.my_seat
        if seat is None:
            raise Refused("You are not a player of this game.", "not_a_player")
        if kind not in AGREEMENT_KINDS:
            raise Refused("That is not an action of the game.", "mismatch")
        if self.game is not None and self.rounds and not self.rounds[-1].done and not self.over:
            raise Refused("The bag is being shuffled again after the exchange; wait for it.", "shuffling")
        self.check_agreement(kind, seat)
        return self._finish(self._base(kind))

    def compose_end(self) -> tuple[Record, str]:
        assert self.secrets is not None
        return self._finish(self._base("end", deal={"seed": self.secrets.seed.hex()}))

    def compose_action(self, action: Mapping[str, Any]) -> tuple[Record, str]:
        """This side's turn, given as the game's own action data
        (``{"type": "place", "tiles": [[row, col, letter, blank], ...]}``,
        ``{"type": "exchange", "tiles": "ABC"}``, ``{"type": "pass"}``,
        ``{"type": "challenge"}``, ``{"type": "accept"}``). Refused, with
        the core's sentence, when it may not be made now."""
        game = self.game
        seat = self.my_seat
        if game is None or seat is None or not self.keys_done_all:
            raise Refused("The game has not started yet.", "not_started")
        kinds, to_act = self.expected()
        base_kind = {"place": "move", "exchange": "exchange", "pass": "pass", "challenge": "challenge",
                     "accept": "accept"}.get(str(action.get("type")))
        if base_kind is None:
            raise Refused("That is not an action of the game.", "mismatch")
        if kinds[:1] == ("shuffle",):
            raise Refused("The bag is being shuffled again after the exchange; wait for it.", "shuffling")
        if base_kind not in kinds:
            raise Refused("The game is over.", "over")
        if to_act != seat:
            raise Refused(f"It is {self._name(to_act if to_act is not None else 0)}'s turn; wait for their move.",
                          "out_of_turn")
        ledger = self._ledger
        if base_kind in ("move", "exchange") and ledger.unknown(seat):
            raise Refused("Your tiles have not all come yet; wait for the other players' keys.", "keys_missing")
        deal: dict[str, Any] = {}
        if base_kind == "move":
            play = _play_of(action)
            game.check_place(play)  # the core's own sentence, before anything
            places = _places_for(ledger, seat, play.rack_tiles())
            deal["shown"] = {str(p): self._keys_of(p) for p in places}
        elif base_kind == "exchange":
            game.check_exchange(list(action["tiles"]))
            deal["returned"] = _places_for(ledger, seat, list(action["tiles"]))
        elif base_kind == "pass":
            game.check_pass()
        elif base_kind == "challenge":
            game.check_challenge(seat)
        else:
            game.check_accept()
        return self._finish(self._base(base_kind, deal=deal), action)

    def _keys_of(self, place: int) -> list[str] | dict[str, str]:
        assert self.secrets is not None
        if place >= DECK_SIZE:  # a place of a new deck: this side's share, with its proof
            return R.share_for(self.secrets, self._ct(place), place)
        got = self.received.get(place, {})
        return [(got[s] if s != self.secrets.seat else self.secrets.place_key(place)).hex()
                for s in range(len(self.players))]


def _keeps_clock(record: Record) -> bool:
    """Whether a record leaves the clock running from the record before it:
    an offer to end the game, its yes or no, a later program's kind (else
    the player to move would keep their time from running out by sending
    them, and the other could never claim the game on time)."""
    return record.kind in AGREEMENT_KINDS or not known_kind(record)


def beacon_of(record: Record) -> bytes:
    """What picks the places of the draws that follow ``record``: its hash
    without the keys it carries and without its link to the record before
    (which holds keys too): sealing is random, so leaving them out keeps a
    game the same for the same seeds, and leaves a sender nothing to steer
    the draws with but its move itself."""
    plain = replace(record, prev="", deal={k: v for k, v in record.deal.items() if k != "keys"})
    return bytes.fromhex(record_hash(plain))


def _play_of(action: Mapping[str, Any]) -> Play:
    """A placement from the game's own action data."""
    tiles = [PlacedTile(Square(int(r), int(c)), str(letter), bool(blank)) for r, c, letter, blank in action["tiles"]]
    return Play.of(tiles, action.get("direction"))


def _places_for(ledger: Ledger, seat: int, tiles: Sequence[str]) -> list[int]:
    """Places on ``seat``'s rack holding ``tiles`` (each place once)."""
    free = list(ledger.held[seat])
    out = []
    for t in tiles:
        for p in free:
            if ledger.letter(p) == t:
                out.append(p)
                free.remove(p)
                break
        else:
            raise Refused(f"You have no {t} on your rack.", "bad_tiles")
    return out


__all__ = ["Applied", "DealtBag", "DealtGame", "FinalCheck", "OnlineGame", "Refused", "PROTOCOL"]
