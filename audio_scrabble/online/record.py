"""The move record: what one copy of the game tells the others.

A game between homes is a chain of records. Each travels as the
structured content of one message (under ``transport.NAMESPACE``), with a
readable body beside it for any chat app. A record does not depend on
the transport: Matrix carries it today, e-mail could tomorrow.

Every record holds:

* ``v``: the protocol version (:data:`PROTOCOL`);
* ``game``: the game's id (letters, digits, ``-`` and ``_``);
* ``seq``: its place in the chain (0: the offer);
* ``prev``: the hash of the record before it (:func:`record_hash`; empty
  for the offer): a record cannot be moved, dropped or repeated unseen;
* ``seat``: who sent it (0 to 3, in the offer's order of players);
* ``kind``: one of :data:`KINDS`;

and, by kind:

* ``offer``: ``players`` (each ``{"name", "user"}``, seat order),
  ``rules`` (a rule set's name), ``lexicon`` (the word list's id),
  ``edition`` (the rules edition), ``days`` (days a player may take over
  a move: a reminder when half is gone, a claim when all is; 0: no
  limit), and ``deal``: the offerer's lock and
  shuffle (``box``, ``commit``, ``deck``: see :mod:`.deal`);
* ``join``: accepting the offer, with the seat's lock and shuffle in ``deal``;
* ``places``: a seat's per-place locks (``deal``: ``nonce``, ``deck``);
* ``keys``: only keys (``deal.keys``), sent after the set-up;
* ``shuffle``: a seat's step of the bag's new shuffle after an exchange
  (``deal.round``: the deck after its step; see :mod:`.reshuffle`);
* ``move`` (a placement), ``exchange``, ``pass``, ``challenge``,
  ``accept`` (the last play of the game accepted): ``gcg``, the GCG line
  of what the action did, without the rack (``>Alice: 8D NASTIER +64
  64``; an exchange is written by its count, ``-3``; a challenge's line is
  ``--`` for a play taken back, ``(challenge) +5`` for points gained, or
  empty, and ``withdrawn`` says whether the play was taken back; an
  accept has no line); a ``move`` shows its tiles' places and keys
  (``deal.shown``), an ``exchange`` names the places put back
  (``deal.returned``);
* ``resign``: the sender gives up;
* ``claim``: the sender claims the game on time: the player to act has
  let the offer's ``days`` pass since the last record (an offer to end,
  its yes or no, or a kind a later program added, is no turn: it does
  not restart the time; measured between
  the messages' server timestamps, on every side); that player loses;
* ``end``: the sender shows its deal seed (``deal.seed``), once the game
  is over;
* ``offer_end``: the sender offers to end the game here, as it stands (a
  game of two players, while it is played; one offer standing at a time);
  ``agree_end``: the other player agrees (the game is over, scored as it
  stands: no rack penalties, the leader wins, the same score a tie);
  ``decline_end``: the other player declines. An offer lapses with the
  next turn of the game (a move, exchange, pass, challenge or accept).
  A program from before these kinds refuses them as ``bad_kind`` (it
  did not yet take later kinds, :func:`known_kind`, which came with
  them) and cannot follow the game past one: both players need a
  program that knows them.

Any record may carry ``deal.keys``: place keys sealed to the seats that
drew those places (``{"1": "<sealed>"}``), and ``deal.shares``: its
shares, with their proofs, of places drawn from a deck shuffled again
after an exchange (``{"107": {"d", "proof"}}``, public). The offer and
each join also carry the seat's share key (``deal.share``,
``deal.proof``); an exchange carries its sender's first step of the new
shuffle (``deal.round``) when the sender owes one.

A chat line is not a record: its message has a body and no record.

:func:`parse_record` reads a record from a dict or JSON text and raises
:class:`BadRecord` (an :class:`~audio_scrabble.errors.OnlineError`, with a
``code``) for anything malformed; :func:`format_record` writes one back,
and ``parse_record(format_record(r)) == r``.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import OnlineError, ScrabbleError
from ..notation.gcg import GcgMove, MoveKind, read_gcg

PROTOCOL = 1
KINDS = ("offer", "join", "places", "keys", "shuffle", "move", "exchange", "pass", "challenge", "accept", "resign",
         "claim", "end", "offer_end", "agree_end", "decline_end")
#: kinds of an end by agreement: the offer, the other player's yes, its no
AGREEMENT_KINDS = ("offer_end", "agree_end", "decline_end")
#: kinds that are a turn of the game, with a GCG line
ACTION_KINDS = ("move", "exchange", "pass", "challenge", "accept")
MAX_PLAYERS = 4
MAX_TEXT = 200
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: what a kind a later program may add looks like (:func:`known_kind`)
_KIND = re.compile(r"[a-z][a-z_]{0,31}")
_HASH = re.compile(r"[0-9a-f]{64}")
#: the deal's fields a record may carry, and what each must be
_DEAL_FIELDS = {"box": str, "commit": str, "deck": list, "nonce": str, "keys": dict, "shown": dict,
                "returned": list, "seed": str, "share": str, "proof": str, "round": list, "shares": dict,
                "lost": bool}


class BadRecord(OnlineError):
    """A record that cannot be read; ``code`` says what is wrong."""

    code = "bad_record"


@dataclass(frozen=True)
class Player:
    name: str
    user: str


@dataclass(frozen=True)
class Record:
    game: str
    seq: int
    prev: str
    seat: int
    kind: str
    gcg: str = ""
    deal: Mapping[str, Any] = field(default_factory=dict)
    players: tuple[Player, ...] = ()
    rules: str = ""
    lexicon: str = ""
    edition: int = 0
    withdrawn: bool = False
    days: int = 0
    v: int = PROTOCOL

    def __hash__(self) -> int:
        return hash(record_hash(self))


def _fail(sentence: str, code: str) -> BadRecord:
    return BadRecord(sentence, code)


def _int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    v = data.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
        raise _fail(f"The record's {key} is missing or out of range.", f"bad_{key}")
    return v


def _text(data: Mapping[str, Any], key: str, required: bool = True, limit: int = MAX_TEXT) -> str:
    v = data.get(key, None if required else "")
    if not isinstance(v, str) or len(v) > limit or (required and not v):
        raise _fail(f"The record's {key} is missing or not text.", f"bad_{key}")
    return v


def parse_record(source: Mapping[str, Any] | str | bytes) -> Record:
    """A record from its content (a dict) or JSON text; BadRecord if malformed."""
    if isinstance(source, (str, bytes)):
        try:
            source = json.loads(source)
        except (ValueError, RecursionError):
            raise _fail("The record is not JSON.", "not_json") from None
    if not isinstance(source, Mapping):
        raise _fail("The record is not a set of fields.", "not_a_record")
    data = source
    v = data.get("v")
    if v != PROTOCOL or isinstance(v, bool):
        raise _fail(f"The record is of protocol version {str(v)[:10]}; this game speaks version {PROTOCOL}; "
                    "update the game.", "bad_version")
    game = data.get("game")
    if not isinstance(game, str) or not _GAME_ID.fullmatch(game):
        raise _fail("The record's game id is missing or malformed.", "bad_game")
    seq = _int(data, "seq", 0, 10**6)
    prev = data.get("prev")
    if not isinstance(prev, str) or (seq == 0 and prev != "") or (seq > 0 and not _HASH.fullmatch(prev)):
        raise _fail("The record's link to the one before it is malformed.", "bad_prev")
    seat = _int(data, "seat", 0, MAX_PLAYERS - 1)
    kind = data.get("kind")
    if kind not in KINDS and not (isinstance(kind, str) and _KIND.fullmatch(kind) and seq > 0):
        raise _fail("The record is of a kind this game does not know.", "bad_kind")
    if (kind == "offer") != (seq == 0):
        raise _fail("Only the first record of a game is its offer.", "bad_seq")
    gcg = _text(data, "gcg", required=False)
    if gcg and kind not in ACTION_KINDS:
        raise _fail("Only a turn of the game has a GCG line.", "bad_gcg")
    if kind in ("move", "exchange", "pass") and not gcg:
        raise _fail("A turn of the game needs its GCG line.", "bad_gcg")
    deal = data.get("deal", {})
    if not isinstance(deal, Mapping):
        raise _fail("The record's deal is not a set of fields.", "bad_deal")
    for key, value in deal.items():
        want = _DEAL_FIELDS.get(key) if isinstance(key, str) else None
        if want is None or not isinstance(value, want):
            raise _fail("The record's deal holds a field this game does not know.", "bad_deal")
    players: tuple[Player, ...] = ()
    rules = lexicon = ""
    edition = days = 0
    if kind == "offer":
        raw = data.get("players")
        if not isinstance(raw, list) or not 2 <= len(raw) <= MAX_PLAYERS:
            raise _fail("An offer names 2 to 4 players.", "bad_players")
        out = []
        for p in raw:
            if not isinstance(p, Mapping):
                raise _fail("An offer names each player by name and user.", "bad_players")
            out.append(Player(_text(p, "name", limit=40), _text(p, "user")))
        if len({p.name.casefold() for p in out}) != len(out) or len({p.user for p in out}) != len(out):
            raise _fail("An offer names the same player twice.", "bad_players")
        players = tuple(out)
        rules = _text(data, "rules", limit=40)
        lexicon = _text(data, "lexicon", required=False, limit=120)
        edition = _int(data, "edition", 1, 99)
        days = _int(data, "days", 0, 365) if "days" in data else 0
        if seat != 0:
            raise _fail("An offer comes from the first player.", "bad_seat")
    withdrawn = data.get("withdrawn", False)
    if not isinstance(withdrawn, bool) or (withdrawn and kind != "challenge"):
        raise _fail("Only a challenge says whether the play was taken back.", "bad_withdrawn")
    for key in data:
        if key not in _FIELDS:
            raise _fail("The record holds a field this game does not know.", "bad_field")
    if kind != "offer" and "days" in data:
        raise _fail("Only an offer says how many days a move may take.", "bad_days")
    return Record(game, seq, prev, seat, kind, gcg, dict(deal), players, rules, lexicon, edition, withdrawn, days)


_FIELDS = {"v", "game", "seq", "prev", "seat", "kind", "gcg", "deal", "players", "rules", "lexicon", "edition", "days",
           "withdrawn"}


def format_record(record: Record) -> dict[str, Any]:
    """The record as plain data (JSON-ready), the twin of :func:`parse_record`."""
    out: dict[str, Any] = {"v": record.v, "game": record.game, "seq": record.seq, "prev": record.prev,
                           "seat": record.seat, "kind": record.kind}
    if record.gcg:
        out["gcg"] = record.gcg
    if record.deal:
        out["deal"] = dict(record.deal)
    if record.kind == "offer":
        out["players"] = [{"name": p.name, "user": p.user} for p in record.players]
        out["rules"] = record.rules
        out["lexicon"] = record.lexicon
        out["edition"] = record.edition
        if record.days:
            out["days"] = record.days
    if record.withdrawn:
        out["withdrawn"] = True
    return out


def known_kind(record: Record) -> bool:
    """Whether this program knows the record's kind. A record of a kind a
    later program added (well formed: lower-case letters and ``_``, not
    the offer, no GCG line, no field this program does not know) is read
    all the same: the referee takes it, while the game is played, as a
    step that changes nothing but the keys it carries, so an older
    program follows a game a newer one plays (and says it missed
    something)."""
    return record.kind in KINDS


def canonical(record: Record) -> bytes:
    """The record's bytes as hashed: sorted keys, no spaces, ASCII."""
    return json.dumps(format_record(record), sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def record_hash(record: Record) -> str:
    """What the next record names as ``prev``: the SHA-256 of the canonical form."""
    return hashlib.sha256(canonical(record)).hexdigest()


def txn_id(record: Record) -> str:
    """The transport's transaction id of a record: the same on a retry, so
    a record sent again is never a second message."""
    return f"{record.game}.{record.seq}.{record.seat}"


# ------------------------------------------------------------- GCG lines
def gcg_line(move: GcgMove) -> str:
    """A GCG move line without the rack: ``>Alice: 8D NASTIER +64 64``.
    An exchange is written by its count (``-3``), never its tiles."""
    if move.kind is MoveKind.EXCHANGE:
        move = replace(move, tiles="", count=move.exchanged_count)
    return replace(move, rack="", notes=(), extra="").line().replace(":  ", ": ", 1)


def parse_gcg_line(line: str, nicks: Sequence[str]) -> GcgMove:
    """One move line read with the game's nicknames; BadRecord if it
    cannot be read or holds a rack."""
    if not isinstance(line, str) or "\n" in line or "\r" in line or not line.startswith(">"):
        raise _fail("The record's GCG line is not a move line.", "bad_gcg")
    header = "".join(f"#player{i} {nick} {nick}\n" for i, nick in enumerate(nicks, start=1))
    try:
        record = read_gcg(header + line + "\n")
    except ScrabbleError as e:
        raise _fail(f"The record's GCG line cannot be read: {e}", "bad_gcg") from None
    if len(record.moves) != 1 or record.moves[0].notes:
        raise _fail("The record's GCG line is not one move line.", "bad_gcg")
    move = record.moves[0]
    if move.rack:
        raise _fail("The record's GCG line shows a rack; a record never does.", "rack_shown")
    if move.kind is MoveKind.EXCHANGE and move.tiles:
        raise _fail("The record's GCG line shows the tiles exchanged; a record never does.", "rack_shown")
    return move
