"""GCG game records: the format of Quackle, Macondo and Woogles.

A GCG file is a list of lines. Lines starting with ``#`` are *pragmas*
(``#player1 nick Full Name``, ``#title``, ``#description``, ``#lexicon``,
``#character-encoding``, ``#id``, ``#rack1``, ``#note``...), lines
starting with ``>`` are *moves*, one per thing that changed a score::

    >doug: DINNVWY 8D WINDY +32 32           a placement (. = a board letter)
    >emely: DEIILTZ - +0 55                  a pass (also a lost turn)
    >emely: DEIILTZ -ZT +0 55                an exchange (-7: only the count known)
    >emely: DEIILTZ -- -24 55                the previous play withdrawn (a phony)
    >jvc: DIMSTTW (challenge) +5 37          a challenge bonus
    >doug: (OPEG) +14 345                    end of game: points for the others' tiles
    >emely: OPEG (OPEG) -14 331              end of game: one's own tiles lost
    >noah: NU (time) -10 422                 a time penalty

Each move line ends with the score of the line and the player's new
running total; anything after the total is kept as an annotation.
``#note`` attaches to the move before it and continues on following lines
that start with neither ``#`` nor ``>``.

This module reads such text into a :class:`GcgRecord` and writes it back
(``read_gcg(write_gcg(r)) == r``); builds a record from a core
:class:`~audio_scrabble.core.Game` (:func:`record_from_game`); and replays
a record through the rules core (:func:`replay_record`), which the
``verify`` command uses.

Under the 5- and 10-point rules the player whose play stands after a
challenge gains the points (RULES.md), written as Woogles and Quackle do:
a ``(challenge) +5`` line of that player, with the rack they hold after
the play: ``>jvc: DIMSTTW (challenge) +5 37``. Games of rules edition 1
(saved before RULES.md said so) took the points from the challenger;
their records have a ``(challenge)`` line of the challenger with a
negative score, ``>ann: AEIRST (challenge) -5 120``, which reads too.

Character encodings: a ``#character-encoding`` pragma names the encoding
(UTF-8 or ISO-8859-1, as the GCG definition allows; another character set
that Python knows and that reads ASCII as ASCII is used if the bytes fit
it; byte transforms such as base64 or rot13 are not character sets). Without the pragma, or when
the bytes do not fit the named encoding, the bytes are read as UTF-8 if
they are valid UTF-8, else as ISO-8859-1; the record's ``warnings`` say
so when a named encoding was not used. A byte-order mark and CRLF line
ends are accepted.
"""

from __future__ import annotations

import codecs
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, Generator, NamedTuple, Protocol, Sequence

from ..core.board import Board
from ..core.events import (
    ChallengeResolved,
    GameEnded,
    TilesExchanged,
    TilesPlaced,
    TurnLost,
    TurnPassed,
)
from ..core.game import unseen_tiles
from ..core.play import Play, apply_play, remove_play, validate_placement
from ..core.scoring import ScoreBreakdown, score_play
from ..core.tiles import BLANK, RACK_SIZE, TILE_COUNTS, rack_value
from ..errors import BegunFromPosition, IllegalPlay, NotationError, RecordError, ScrabbleError
from .names import name_fault
from .plays import (
    clip,
    format_play,
    format_position,
    format_rack,
    parse_play,
    parse_position,
    parse_rack,
    rack_contains,
)

__all__ = [
    "MoveKind",
    "GcgPlayer",
    "GcgPragma",
    "GcgMove",
    "GcgRecord",
    "ReplayStep",
    "StartPosition",
    "read_gcg",
    "write_gcg",
    "gcg_bytes",
    "check_recordable",
    "record_from_game",
    "replay_record",
]

MAX_GCG_PLAYERS = 4


class MoveKind(str, Enum):
    """What a move line records."""

    PLAY = "play"  # >nick: RACK 8D WORD +24 24
    PASS = "pass"  # >nick: RACK - +0 24
    EXCHANGE = "exchange"  # >nick: RACK -ABC +0 24   or  -3
    WITHDRAWN = "withdrawn"  # >nick: RACK -- -24 0
    CHALLENGE = "challenge"  # >nick: RACK (challenge) +5 29
    END_GAIN = "end_gain"  # >nick: (RACK) +14 345   the others' tiles, gained
    END_LOSS = "end_loss"  # >nick: RACK (RACK) -14 331   one's own tiles, lost
    TIME = "time"  # >nick: RACK (time) -10 422


@dataclass(frozen=True)
class GcgPlayer:
    """A ``#playerN nick Full Name`` line. The nickname names the player on move lines."""

    nick: str
    full_name: str = ""


@dataclass(frozen=True)
class GcgPragma:
    """Any other ``#name value`` line, kept as written.

    ``after_moves`` is how many move lines come before it (0 for the
    header), so that ``#rack1`` and the like are written back in place.
    A ``#note`` before the first move is kept here too.
    """

    name: str
    value: str = ""
    after_moves: int = 0


@dataclass(frozen=True)
class GcgMove:
    """One move line.

    ``score`` is signed as written (``-24`` for a withdrawn play); ``total``
    is the player's running total after the line. ``position`` (canonical,
    e.g. ``"8D"``) and ``word`` (as written, ``.`` for board letters) are
    set for placements. ``tiles`` is the exchanged tiles for an exchange
    and the parenthesised rack for end-of-game lines; ``count`` is the
    number of tiles of an exchange written as ``-7``. ``notes`` are the
    ``#note`` texts that follow the line (a note of several lines holds
    ``\\n``). ``line_no`` is where it was read (not compared). ``turn``
    is the game's turn a line made from a game was (a play, exchange or
    pass: :func:`record_from_game`; not written, not compared).
    """

    nick: str
    rack: str
    kind: MoveKind
    score: int
    total: int
    position: str | None = None
    word: str | None = None
    tiles: str = ""
    count: int | None = None
    notes: tuple[str, ...] = ()
    extra: str = ""
    line_no: int = field(default=0, compare=False)
    turn: int | None = field(default=None, compare=False)

    @property
    def note(self) -> str:
        """All notes of the move as one text."""
        return "\n".join(self.notes)

    @property
    def exchanged_count(self) -> int:
        return self.count if self.count is not None else len(self.tiles)

    @property
    def notation(self) -> str:
        """The action part of the line as written: ``8D WINDY``, ``-``, ``-ABC``, ``(challenge)``..."""
        k = self.kind
        if k is MoveKind.PLAY:
            return f"{self.position} {self.word}"
        if k is MoveKind.PASS:
            return "-"
        if k is MoveKind.EXCHANGE:
            return "-" + (self.tiles if self.count is None else str(self.count))
        if k is MoveKind.WITHDRAWN:
            return "--"
        if k is MoveKind.CHALLENGE:
            return "(challenge)"
        if k is MoveKind.TIME:
            return "(time)"
        return f"({self.tiles})"

    def line(self) -> str:
        """The move line, as :func:`write_gcg` writes it."""
        if self.kind in (MoveKind.WITHDRAWN, MoveKind.END_LOSS, MoveKind.TIME):
            sign = "-"  # these take points away, and say so even for 0
        else:
            sign = "-" if self.score < 0 else "+"
        text = f">{self.nick}: {self.rack} {self.notation} {sign}{abs(self.score)} {self.total}"
        return f"{text} {self.extra}" if self.extra else text


@dataclass(frozen=True)
class StartPosition:
    """Where a game begun from a position (``--position``) started: the
    board, every player's score, and the tiles left in the bag then.

    GCG text has no place for it (a record written replays from an empty
    board with every total at 0), so only a record made from such a game
    (:func:`record_from_game`) carries one, and :func:`write_gcg` refuses
    it; replaying, embossing and reviewing the record start from it.
    """

    board: Board
    totals: tuple[int, ...]
    bag: int


@dataclass
class GcgRecord:
    """A whole GCG record: players, other pragmas, and moves (and, made
    from a game begun from a position, where it started: ``start``)."""

    players: list[GcgPlayer] = field(default_factory=list)
    pragmas: list[GcgPragma] = field(default_factory=list)
    moves: list[GcgMove] = field(default_factory=list)
    #: remarks made while reading (e.g. an encoding that did not fit); not compared
    warnings: list[str] = field(default_factory=list, compare=False)
    start: StartPosition | None = None

    def pragma(self, name: str) -> str | None:
        """The value of the first pragma called ``name`` (without ``#``), if any."""
        for p in self.pragmas:
            if p.name == name:
                return p.value
        return None

    @property
    def encoding(self) -> str | None:
        return self.pragma("character-encoding")

    @property
    def title(self) -> str | None:
        return self.pragma("title")

    @property
    def description(self) -> str | None:
        return self.pragma("description")

    @property
    def lexicon(self) -> str | None:
        return self.pragma("lexicon")

    @property
    def game_id(self) -> str | None:
        return self.pragma("id")

    @property
    def final_racks(self) -> dict[int, str]:
        """``#rack1``/``#rack2``... as player index (0-based) -> rack."""
        out = {}
        for p in self.pragmas:
            m = re.fullmatch(r"rack([0-9]{1,2})", p.name)
            if m:
                out[int(m.group(1)) - 1] = p.value
        return out

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's last recorded total, in player order (the start's,
        for a player with no move line)."""
        last = dict(zip((p.nick for p in self.players),
                        self.start.totals if self.start else [0] * len(self.players)))
        for mv in self.moves:
            last[mv.nick] = mv.total
        return tuple(last[p.nick] for p in self.players)

    def player_index(self, nick: str) -> int:
        for i, p in enumerate(self.players):
            if p.nick == nick:
                return i
        raise RecordError(f"No player has the nickname {clip(nick)}.")


# ------------------------------------------------------------- decoding
_ENCODING_LINE = re.compile(rb"^#character-encoding[ \t]+(\S+)", re.MULTILINE)
_UTF8_NAMES = {"utf8", "utf-8"}
_LATIN1_NAMES = {"iso8859-1", "iso-8859-1", "iso88591", "latin1", "latin-1", "l1", "isolatin1", "iso-latin-1"}


def _decode(data: bytes, warnings: list[str]) -> str:
    if data.startswith(codecs.BOM_UTF8):
        rest = data[len(codecs.BOM_UTF8):]
        return _fallback(rest, warnings, "the file starts with a UTF-8 byte-order mark but is not UTF-8", True)
    m = _ENCODING_LINE.search(data)
    if m:
        raw = m.group(1)
        name = _shown_name(raw)
        python_name = _text_encoding(raw)
        if python_name is not None:
            try:
                return data.decode(python_name)
            except (UnicodeError, ValueError, LookupError):
                pass
        line = data[: m.start()].count(b"\n") + 1
        why = "is not an encoding we know" if python_name is None else "does not fit the file's bytes"
        return _fallback(data, warnings, f"line {line}: the encoding {name} {why}")
    return _fallback(data, warnings, None)


#: codecs Python knows that are not character sets a record can be written in
_NOT_CHARSETS = {"idna", "punycode", "unicode-escape", "raw-unicode-escape", "undefined", "utf-7", "mbcs", "oem"}
_ASCII = bytes(range(0x20, 0x7F)) + b"\t\n\r"


def _shown_name(raw: bytes) -> str:
    """The encoding's name as written, fit to show in a warning (printable, short)."""
    text = "".join(ch if ch.isprintable() else "?" for ch in raw.decode("ascii", errors="replace"))
    return text if len(text) <= 30 else text[:29] + "\u2026"


def _text_encoding(raw: bytes) -> str | None:
    """Python's name for the character set ``raw`` names, or None.

    Only text encodings that read ASCII as ASCII qualify (the pragma
    itself is ASCII): not base64, uu, rot13, zlib and the like, not
    UTF-16, and not Python's escape codecs.
    """
    key = raw.decode("ascii", errors="replace").lower().replace("_", "-")
    if key in _UTF8_NAMES:
        return "utf-8"
    if key in _LATIN1_NAMES:
        return "latin-1"
    if len(key) > 40 or not re.fullmatch(r"[a-z0-9][a-z0-9.:-]*", key):
        return None
    try:
        info = codecs.lookup(key)
    except (LookupError, ValueError, TypeError):
        return None
    name = info.name.replace("_", "-")
    if name in _NOT_CHARSETS or not getattr(info, "_is_text_encoding", True):
        return None
    try:
        if _ASCII.decode(info.name) != _ASCII.decode("ascii"):
            return None
    except (UnicodeError, ValueError, LookupError, TypeError):
        return None
    return info.name


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _fallback(data: bytes, warnings: list[str], reason: str | None, quiet_if_utf8: bool = False) -> str:
    """UTF-8 if the bytes are valid UTF-8, else ISO-8859-1 (which reads any bytes).

    ``reason`` says why the fallback was needed; it becomes a warning
    (unless the bytes are UTF-8 and ``quiet_if_utf8``).
    """
    if _is_utf8(data):
        if reason and not quiet_if_utf8:
            warnings.append(f"{reason[0].upper()}{reason[1:]}; read as UTF-8.")
        return data.decode("utf-8")
    if reason:
        warnings.append(f"{reason[0].upper()}{reason[1:]}; read as ISO-8859-1.")
    return data.decode("latin-1")


# --------------------------------------------------------------- reading
_MOVE_LINE = re.compile(r">(\S+):(?:\s+(.*))?")
_PRAGMA_LINE = re.compile(r"#(\S+)(?:\s+(.*))?")
_RACK_TOKEN = re.compile(r"[A-Za-z?]+")
_SCORE_TOKEN = re.compile(r"([+-])([0-9]{1,9})")
_TOTAL_TOKEN = re.compile(r"-?[0-9]{1,9}")
_PLAYER_PRAGMA = re.compile(r"player([0-9]{1,2})")
_RACK_PRAGMA = re.compile(r"rack([0-9]{1,2})")


def _rack_field(text: str, line_no: int, what: str = "rack", limit: int | None = 7) -> str:
    try:
        return format_rack(parse_rack(text, limit=limit))
    except NotationError as e:
        raise RecordError(f"the {what} {clip(text)} cannot be read: {_lower_first(str(e))}", line_no) from None


def _lower_first(s: str) -> str:
    return s[:1].lower() + s[1:] if s[:1].isupper() and not s[1:2].isupper() else s


def _parse_move(body: str, nick: str, line_no: int) -> GcgMove:
    toks = [(m.group(), m.end()) for m in re.finditer(r"\S+", body)]
    i = 0
    rack = ""
    if toks and _RACK_TOKEN.fullmatch(toks[0][0]):
        rack = _rack_field(toks[0][0], line_no)
        i = 1
    if i >= len(toks):
        raise RecordError(
            "the move is missing; after the rack write a position and word, -, --, -TILES, (challenge), (time) or (RACK).",
            line_no,
        )
    action = toks[i][0]
    i += 1
    kind: MoveKind
    position = word = None
    tiles = ""
    count: int | None = None
    low = action.lower()
    if low == "(challenge)":
        kind = MoveKind.CHALLENGE
    elif low == "(time)":
        kind = MoveKind.TIME
    elif action.startswith("(") and action.endswith(")") and len(action) >= 2:
        tiles = _rack_field(action[1:-1], line_no, "rack in parentheses", limit=None)
        kind = MoveKind.END_GAIN  # or END_LOSS: decided by the sign below
    elif action == "--":
        kind = MoveKind.WITHDRAWN
    elif action == "-":
        kind = MoveKind.PASS
    elif action.startswith("-"):
        kind = MoveKind.EXCHANGE
        rest = action[1:]
        if rest.isascii() and rest.isdigit() and len(rest) <= 3:
            count = int(rest)
            if not 1 <= count <= 7:
                raise RecordError(f"an exchange of {count} tiles is impossible; a rack holds 1 to 7 tiles.", line_no)
        else:
            tiles = _rack_field(rest, line_no, "exchanged tiles")
    else:
        try:
            sq, direction = parse_position(action)
        except NotationError:
            raise RecordError(
                f"{clip(action)} is not a move; write a position and word (8D WORD), -, --, -TILES, "
                "(challenge), (time) or (RACK).",
                line_no,
            ) from None
        position = format_position(sq, direction)
        if i >= len(toks) or _SCORE_TOKEN.fullmatch(toks[i][0]):
            raise RecordError(f"the word is missing after {clip(action)}; write it in full, like 8D WINDY.", line_no)
        word = toks[i][0]
        i += 1
        if not re.fullmatch(r"[A-Za-z.()]+", word):
            raise RecordError(
                f"the word {clip(word)} cannot be read; write letters, lower case for a blank, and . for a board letter.",
                line_no,
            )
        kind = MoveKind.PLAY
    if i >= len(toks) or not _SCORE_TOKEN.fullmatch(toks[i][0]):
        got = f"found {clip(toks[i][0])}" if i < len(toks) else "the line ends"
        raise RecordError(f"the score is missing ({got}); write it with its sign, like +24.", line_no)
    m = _SCORE_TOKEN.fullmatch(toks[i][0])
    assert m is not None
    sign, value = m.group(1), int(m.group(2))
    score = -value if sign == "-" else value
    i += 1
    if i >= len(toks) or not _TOTAL_TOKEN.fullmatch(toks[i][0]):
        got = f"found {clip(toks[i][0])}" if i < len(toks) else "the line ends"
        raise RecordError(f"the running total is missing after the score ({got}).", line_no)
    total = int(toks[i][0])
    extra = body[toks[i][1]:].strip()
    if kind is MoveKind.END_GAIN and sign == "-":
        kind = MoveKind.END_LOSS
    _check_sign(kind, sign, value, line_no)
    return GcgMove(nick, rack, kind, score, total, position, word, tiles, count, (), extra, line_no)


def _check_sign(kind: MoveKind, sign: str, value: int, line_no: int) -> None:
    if kind in (MoveKind.PASS, MoveKind.EXCHANGE) and value != 0:
        what = "a pass" if kind is MoveKind.PASS else "an exchange"
        raise RecordError(f"{what} scores nothing; write +0, not {sign}{value}.", line_no)
    if kind is MoveKind.PLAY and sign == "-":
        raise RecordError(f"a placement's score is written with +, like +{value}.", line_no)
    if kind is MoveKind.WITHDRAWN and sign == "+" and value:
        raise RecordError(f"a withdrawn play takes its points away; write -{value}, not +{value}.", line_no)
    if kind is MoveKind.TIME and sign == "+" and value:
        raise RecordError(f"a time penalty takes points away; write -{value}, not +{value}.", line_no)


def read_gcg(source: str | bytes) -> GcgRecord:
    """Read a GCG record from its text or its bytes (see the module doc on encodings).

    Raises :class:`RecordError` naming the line and what is wrong with it.
    """
    warnings: list[str] = []
    text = _decode(source, warnings) if isinstance(source, (bytes, bytearray)) else source
    if text.startswith("\ufeff"):
        text = text[1:]
    numbered: dict[int, GcgPlayer] = {}
    pragmas: list[GcgPragma] = []
    moves: list[GcgMove] = []
    # The note being read: (where it goes, its lines). where: index of the move or -1 (header).
    note_lines: list[str] | None = None
    note_owner = -1

    def close_note() -> None:
        nonlocal note_lines
        if note_lines is None:
            return
        while note_lines and not note_lines[-1]:
            note_lines.pop()
        text_ = "\n".join(note_lines)
        if note_owner >= 0:
            mv = moves[note_owner]
            moves[note_owner] = replace(mv, notes=mv.notes + (text_,))
        else:
            pragmas.append(GcgPragma("note", text_, len(moves)))
        note_lines = None

    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if line.startswith("#"):
            close_note()
            m = _PRAGMA_LINE.fullmatch(line)
            if not m:
                raise RecordError("a pragma needs a name right after #, like #player1 or #note.", line_no)
            name, value = m.group(1), (m.group(2) or "").strip()
            if name == "note":
                note_lines = [value]
                note_owner = len(moves) - 1
                continue
            pm = _PLAYER_PRAGMA.fullmatch(name)
            if pm:
                _read_player(numbered, int(pm.group(1)), value, line_no, bool(moves))
                continue
            rm = _RACK_PRAGMA.fullmatch(name)
            if rm:
                value = _rack_field(value, line_no, f"rack of #{name}")
            pragmas.append(GcgPragma(name, value, len(moves)))
        elif line.startswith(">"):
            close_note()
            m = _MOVE_LINE.fullmatch(line)
            if not m:
                raise RecordError(
                    "a move line starts with > and the player's nickname and a colon, like >doug: ABC 8D CAB +14 14.",
                    line_no,
                )
            nick = m.group(1)
            players = _ordered_players(numbered, line_no)
            if nick not in {p.nick for p in players}:
                known = ", ".join(p.nick for p in players) or "none"
                raise RecordError(
                    f"no player has the nickname {clip(nick)} (players: {clip(known, 60)}); name the players with #player1 and #player2 first.",
                    line_no,
                )
            moves.append(_parse_move(m.group(2) or "", nick, line_no))
        elif note_lines is not None:
            note_lines.append(line)
        elif line.strip():
            raise RecordError(
                f"this line is neither a pragma (#) nor a move (>): {clip(line.strip())}",
                line_no,
            )
    close_note()
    players = _ordered_players(numbered, None)
    return GcgRecord(players, pragmas, moves, warnings)


def _read_player(numbered: dict[int, GcgPlayer], n: int, value: str, line_no: int, after_moves: bool) -> None:
    if after_moves:
        raise RecordError(f"#player{n} comes after the first move; name the players before the moves.", line_no)
    if not 1 <= n <= MAX_GCG_PLAYERS:
        raise RecordError(f"#player{n} is not allowed; a game has players 1 to {MAX_GCG_PLAYERS}.", line_no)
    if n in numbered:
        raise RecordError(f"#player{n} is named twice; name each player once.", line_no)
    parts = value.split(None, 1)
    if not parts:
        raise RecordError(f"#player{n} needs a nickname, like #player{n} doug Doug Smith.", line_no)
    nick = parts[0]
    for said, which in ((nick, "nickname"), (parts[1].strip() if len(parts) > 1 else "x", "name")):
        fault = name_fault(said)
        if fault is not None:  # never said: it would reach the terminal as it is
            raise RecordError(f"the {which} of #player{n} {fault}; a name is letters and spaces.", line_no)
    if nick.endswith(":"):
        raise RecordError(f"the nickname {clip(nick)} ends with a colon, which move lines cannot show; choose another.", line_no)
    if any(p.nick == nick for p in numbered.values()):
        raise RecordError(f"two players have the nickname {clip(nick)}; give each player a different nickname.", line_no)
    numbered[n] = GcgPlayer(nick, parts[1].strip() if len(parts) > 1 else "")


def _ordered_players(numbered: dict[int, GcgPlayer], line_no: int | None) -> list[GcgPlayer]:
    for n in range(1, len(numbered) + 1):
        if n not in numbered:
            raise RecordError(f"#player{n} is missing; number the players from 1 without gaps.", line_no)
    return [numbered[n] for n in range(1, len(numbered) + 1)]


# --------------------------------------------------------------- writing
def write_gcg(record: GcgRecord) -> str:
    """The record as GCG text (``\\n`` line ends, ending with a newline).

    The ``#character-encoding`` pragma, if any, comes first; then the
    players; then the other header pragmas; then the moves, each followed
    by its notes and by the pragmas recorded after it. Raises
    :class:`BegunFromPosition` for a record that starts from a position
    (``start``), which GCG text cannot hold.
    """
    check_recordable(record)
    lines: list[str] = []
    after: dict[int, list[GcgPragma]] = {}
    header: list[GcgPragma] = []
    for p in record.pragmas:
        if p.after_moves <= 0 or p.after_moves > len(record.moves):
            if p.after_moves > len(record.moves):
                after.setdefault(len(record.moves), []).append(p)
            else:
                header.append(p)
        else:
            after.setdefault(p.after_moves, []).append(p)
    for p in header:
        if p.name == "character-encoding":
            lines.append(_pragma_line(p))
    for n, pl in enumerate(record.players, start=1):
        lines.append(f"#player{n} {pl.nick} {pl.full_name}".rstrip())
    for p in header:
        if p.name != "character-encoding":
            lines.extend(_pragma_lines(p))
    for i, mv in enumerate(record.moves, start=1):
        lines.append(mv.line())
        for note in mv.notes:
            lines.extend(_note_lines(note))
        for p in after.get(i, []):
            lines.extend(_pragma_lines(p))
    return "\n".join(lines) + "\n"


def _pragma_line(p: GcgPragma) -> str:
    return f"#{p.name} {p.value}".rstrip()


def _pragma_lines(p: GcgPragma) -> list[str]:
    if p.name == "note":
        return _note_lines(p.value)
    if "\n" in p.value:
        raise RecordError(f"the #{p.name} pragma holds a line break; only notes may run over several lines.")
    return [_pragma_line(p)]


def _note_lines(note: str) -> list[str]:
    first, *rest = note.split("\n")
    for line in rest:
        if line.startswith(("#", ">")):
            raise RecordError("a line of a note cannot start with # or >; it would be read as a pragma or a move.")
    return [f"#note {first}".rstrip()] + rest


def gcg_bytes(record: GcgRecord) -> bytes:
    """The record as bytes to save: ISO-8859-1 when the record says so, else UTF-8."""
    text = write_gcg(record)
    enc = (record.encoding or "").lower().replace("_", "-")
    if enc in _LATIN1_NAMES:
        try:
            return text.encode("latin-1")
        except UnicodeEncodeError:
            raise RecordError(
                "The record says ISO-8859-1 but holds characters that encoding lacks; change #character-encoding to UTF-8."
            ) from None
    return text.encode("utf-8")


# ------------------------------------------------------- from a core game
class _GameLike(Protocol):
    names: tuple[str, ...]
    history: list[Any]
    players: list[Any]
    rules: Any
    lexicon: Any


def _nicks(names: Sequence[str]) -> list[str]:
    out: list[str] = []
    for name in names:
        base = re.sub(r"\s+", "_", name.strip()).rstrip(":") or "player"
        nick, n = base, 2
        while nick in out:
            nick, n = f"{base}_{n}", n + 1
        out.append(nick)
    return out


def check_recordable(game: Any) -> None:
    """Raise :class:`BegunFromPosition` if ``game`` (or a record made from
    it) began from a position: GCG text replays from an empty board with
    every total at 0, so it cannot hold that game (its replay would be wrong)."""
    if getattr(game, "start", None) is not None:
        raise BegunFromPosition(
            "A GCG record starts from an empty board, so it cannot hold a game begun from a position.")


def record_from_game(game: _GameLike) -> GcgRecord:
    """A GCG record of a core game so far (finished or not).

    A game begun from a position gives a record that starts there
    (``start``: its board, scores and bag), which replays, embosses and
    reviews like any other but cannot be written as GCG text
    (:func:`write_gcg` refuses it).

    Each move line shows the rack the player held before it. A play taken
    back after a challenge is written as ``--`` with the play's points
    taken away; a play that stands after a challenge under the 5- or
    10-point rule as a ``(challenge) +5`` line of its player (in games of
    rules edition 1, a ``(challenge) -5`` line of the challenger); a turn lost to a double challenge as a pass; the end
    of the game as ``(RACK) +N`` for the player who went out and
    ``RACK (RACK) -N`` for each player who lost their own tiles'
    value. Adjustments of 0 points are left out.
    """
    names = list(game.names)
    nicks = _nicks(names)
    players = [GcgPlayer(nick, name) for nick, name in zip(nicks, names)]
    pragmas = [GcgPragma("character-encoding", "UTF-8")]
    title = getattr(game.rules, "title", None)
    if title:
        pragmas.append(GcgPragma("description", f"audio_scrabble game; {title}"))
    lex_name = getattr(game.lexicon, "name", None) if game.lexicon is not None else None
    if isinstance(lex_name, str) and lex_name:
        pragmas.append(GcgPragma("lexicon", lex_name))

    history = list(game.history)
    start = _start_of(game)
    totals = list(start.totals) if start else [0] * len(names)
    racks: list[tuple[str, ...] | None] = [None] * len(names)
    board = start.board.copy() if start else Board()
    moves: list[GcgMove] = []
    last_play: dict[int, TilesPlaced] = {}

    def rack_now(i: int, index: int) -> tuple[str, ...]:
        """Player i's rack just after history[index - 1]."""
        if racks[i] is not None:
            return racks[i]  # type: ignore[return-value]
        for ev in history[index:]:
            if isinstance(ev, (TilesPlaced, TilesExchanged, TurnPassed)) and ev.player == i:
                return ev.rack_before
            if isinstance(ev, GameEnded):
                return ev.adjustments[i].rack
        return tuple(game.players[i].rack)

    def add(i: int, rack: Sequence[str], kind: MoveKind, score: int, **kw: Any) -> None:
        totals[i] += score
        moves.append(GcgMove(nicks[i], format_rack(sorted(rack, key=_rack_order)), kind, score, totals[i], **kw))

    for index, ev in enumerate(history):
        if isinstance(ev, TilesPlaced):
            pos, word = format_play(ev.play, board, style="dots").split(" ")
            add(ev.player, ev.rack_before, MoveKind.PLAY, ev.score, position=pos, word=word, turn=ev.turn)
            apply_play(board, ev.play)
            after = Counter(ev.rack_before)
            after.subtract(ev.play.rack_tiles())
            after.update(ev.drawn)
            racks[ev.player] = tuple(after.elements())
            last_play[ev.player] = ev
        elif isinstance(ev, TilesExchanged):
            add(ev.player, ev.rack_before, MoveKind.EXCHANGE, 0,
                tiles=format_rack(sorted(ev.returned, key=_rack_order)), turn=ev.turn)
            after = Counter(ev.rack_before)
            after.subtract(ev.returned)
            after.update(ev.drawn)
            racks[ev.player] = tuple(after.elements())
        elif isinstance(ev, TurnPassed):
            add(ev.player, ev.rack_before, MoveKind.PASS, 0, turn=ev.turn)
            racks[ev.player] = ev.rack_before
        elif isinstance(ev, TurnLost):
            add(ev.player, rack_now(ev.player, index + 1), MoveKind.PASS, 0)
        elif isinstance(ev, ChallengeResolved):
            if ev.withdrawn:
                played = last_play[ev.player]
                remove_play(board, played.play)
                add(ev.player, played.rack_before, MoveKind.WITHDRAWN, -ev.points_lost)
                racks[ev.player] = played.rack_before
            elif ev.points_gained:
                add(ev.player, rack_now(ev.player, index + 1), MoveKind.CHALLENGE, ev.points_gained)
            elif ev.points_lost:  # rules edition 1: the challenger lost the points
                add(ev.challenger, rack_now(ev.challenger, index + 1), MoveKind.CHALLENGE, -ev.points_lost)
        elif isinstance(ev, GameEnded):
            gains = [a for a in ev.adjustments if a.points > 0]
            losses = [a for a in ev.adjustments if a.points < 0]
            for a in gains:
                others = [t for b in ev.adjustments if b.player != a.player for t in b.rack]
                add(a.player, a.rack, MoveKind.END_GAIN, a.points, tiles=format_rack(sorted(others, key=_rack_order)))
            for a in losses:
                own = format_rack(sorted(a.rack, key=_rack_order))
                add(a.player, a.rack, MoveKind.END_LOSS, a.points, tiles=own)
    return GcgRecord(players, pragmas, moves, start=start)


def _start_of(game: Any) -> StartPosition | None:
    """Where a game begun from a position started (its ``start``), else None."""
    start = getattr(game, "start", None)
    if start is None:
        return None
    board = Board.from_rows(start["board"])
    unseen = sum(unseen_tiles(board, *start["racks"]).values())
    filled = sum(RACK_SIZE - len(rack) for rack in start["racks"])  # a rack given short is filled from the bag
    return StartPosition(board, tuple(start["scores"]), max(0, unseen - filled))


def _rack_order(tile: str) -> tuple[int, str]:
    """Racks are written blanks first, then A to Z (as Macondo writes them)."""
    return (0 if tile == BLANK else 1, tile)


# ------------------------------------------------------------- replaying
class WordList(Protocol):
    def __contains__(self, word: object) -> bool: ...


class ReplayStep(NamedTuple):
    """One move line replayed through the rules core.

    ``computed_score`` is what the rules give for the line (``None`` when
    the play could not be read or placed; for challenge bonuses and time
    penalties, which the rules cannot recompute, the recorded score).
    ``computed_total`` is the player's previous *recorded* total plus the
    computed score (the recorded score when none was computed), so that
    one slip in a record is reported once, not on every later line.
    ``problem`` is a short sentence when the line breaks a rule.
    ``play`` is a placement line read against the board (None for other
    lines, or when it could not be read), and ``breakdown`` its score word
    by word, from the rules core: given whenever the tiles can be scored,
    even when the placement breaks a rule (as the record meant it).
    ``rack_note`` is a short clause when the line's rack cannot be checked
    against what was played (no rack, ``UNKNOWN``, a partial rack, or a
    rack that lacks the tiles played, as annotated and multiplayer records
    often have); it is a remark about the record, not a broken rule.
    """

    move: GcgMove
    board_before: Board
    computed_score: int | None
    computed_total: int
    problem: str | None
    rack_note: str | None = None
    play: Play | None = None
    breakdown: ScoreBreakdown | None = None


def _scored_anyway(board: Board, play: Play) -> ScoreBreakdown | None:
    """The score of an illegal placement as the record meant it, if it can be had."""
    try:
        return score_play(board, play)
    except ScrabbleError:
        return None


def _end_factor(record: GcgRecord) -> int:
    """How many times the others' tile values the player who went out gains.

    North American two-player records give twice the value and take
    nothing from the opponent; records where players lose their own tiles
    (``RACK (RACK) -N`` lines) or with more than two players give it once.
    """
    if len(record.players) > 2 or any(m.kind is MoveKind.END_LOSS for m in record.moves):
        return 1
    return 2


def replay_record(record: GcgRecord, lexicon: WordList | None = None) -> Generator[ReplayStep, None, Board]:
    """Replay every move line on a board, recomputing scores and totals.

    Checks each placement's notation against the board, its legality
    (:func:`validate_placement`), the tile counts of the set, and, given a
    ``lexicon``, its words (a play withdrawn on the next line is not held
    against the record). The tiles of plays and exchanges are checked
    against the recorded rack, but a rack that is missing, ``UNKNOWN``,
    partial or lacks the tiles played only earns the step a ``rack_note``:
    records from other programs often write such racks. An illegal
    placement is still put on the board when its squares are free, so that
    later lines are scored as the record meant them. Withdrawn plays are
    taken off the board. End-of-game lines are checked against the tiles
    the players kept (the rack of their last line less what it played) and
    the number they drew from the bag after it.
    """
    start = record.start
    board = start.board.copy() if start else Board()
    bag = start.bag if start else sum(TILE_COUNTS.values()) - RACK_SIZE * len(record.players)
    prev_total: dict[str, int] = dict(zip((p.nick for p in record.players), start.totals)) if start else {}
    # what each player holds after their last line: (tiles kept, tiles drawn unseen), None if unknown
    holding: dict[str, tuple[list[str], int] | None] = {}
    last_play: dict[str, tuple[Play | None, int | None, int]] = {}
    factor = _end_factor(record)
    moves = record.moves
    for idx, mv in enumerate(moves):
        before = board.copy()
        computed: int | None = None
        problem: str | None = None
        rack_note: str | None = None
        rack = parse_rack(mv.rack, limit=None)
        unknown = _unknown_rack(mv.rack)
        k = mv.kind
        play: Play | None = None
        breakdown: ScoreBreakdown | None = None
        if k is MoveKind.PLAY:
            drawn = 0
            try:
                play = parse_play(f"{mv.position} {mv.word}", board)
            except NotationError as e:
                problem = str(e)
            if play is not None:
                try:
                    validate_placement(board, play)
                    breakdown = score_play(board, play)
                    if not breakdown.words:
                        raise IllegalPlay("The play forms no word of two or more letters.", "no_word")
                    computed = breakdown.total
                except IllegalPlay as e:
                    problem = str(e)
                    breakdown = breakdown or _scored_anyway(board, play)
                if problem is None and unknown is None:
                    rack_note = _rack_clause(rack_contains(rack, play.rack_tiles()))
                if problem is None and lexicon is not None and computed is not None and breakdown is not None:
                    withdrawn = idx + 1 < len(moves) and moves[idx + 1].kind is MoveKind.WITHDRAWN
                    if not withdrawn:
                        bad = list(dict.fromkeys(w.word.word for w in breakdown.words if w.word.word not in lexicon))
                        if bad:
                            verb = "is" if len(bad) == 1 else "are"
                            problem = f"{', '.join(bad)} {verb} not in the word list."
                if all(t.square.on_board and not board[t.square] for t in play.tiles):
                    apply_play(board, play)
                    problem = problem or _count_problem(board)
                kept = Counter(rack)
                kept.subtract(play.rack_tiles())
                drawn = min(len(play.tiles), max(bag, 0))
                bag -= drawn
                known = unknown is None and rack_note is None
                holding[mv.nick] = (list((+kept).elements()), drawn) if known else None
            else:
                holding[mv.nick] = None
            last_play[mv.nick] = (play, computed, drawn)
        elif k is MoveKind.WITHDRAWN:
            prev = moves[idx - 1] if idx else None
            if prev is None or prev.kind is not MoveKind.PLAY or prev.nick != mv.nick:
                problem = "A withdrawn play (--) must come right after that player's play."
            else:
                taken, score, drawn = last_play.get(mv.nick, (None, None, 0))
                if taken is not None and all(board[t.square] for t in taken.tiles):
                    remove_play(board, taken)
                bag += drawn
                computed = -score if score is not None else None
            holding[mv.nick] = (rack, 0) if unknown is None else None
        elif k is MoveKind.PASS:
            computed = 0
            holding[mv.nick] = (rack, 0) if unknown is None else None
        elif k is MoveKind.EXCHANGE:
            computed = 0
            if unknown is not None:
                holding[mv.nick] = None
            elif mv.tiles:
                rack_note = _rack_clause(rack_contains(rack, parse_rack(mv.tiles)))
                kept = Counter(rack)
                kept.subtract(parse_rack(mv.tiles))
                holding[mv.nick] = (list((+kept).elements()), mv.exchanged_count) if rack_note is None else None
            else:
                if mv.exchanged_count > len(rack):
                    rack_note = f"{mv.rack} has under {mv.exchanged_count} tiles"
                holding[mv.nick] = None
        elif k is MoveKind.CHALLENGE:
            computed = mv.score
            prev_play = next((m for m in reversed(moves[:idx]) if m.kind is not MoveKind.CHALLENGE), None)
            if prev_play is None or prev_play.kind is not MoveKind.PLAY:
                problem = "A (challenge) line must follow the play that was challenged."
            elif mv.score > 0 and prev_play.nick != mv.nick:
                problem = "A challenge bonus goes to the player whose play was challenged."
            elif mv.score < 0 and prev_play.nick == mv.nick:
                problem = "A challenge penalty is lost by the challenger, not by the player challenged."
            if mv.rack:
                holding[mv.nick] = (rack, 0) if unknown is None else None
        elif k is MoveKind.TIME:
            computed = mv.score
        elif k is MoveKind.END_GAIN:
            tiles = parse_rack(mv.tiles, limit=None)
            computed = factor * rack_value(tiles)
            others = [holding.get(p.nick) for p in record.players if p.nick != mv.nick]
            if others and all(h is not None for h in others):
                rack_note = _holding_problem(mv.tiles, tiles, others)  # type: ignore[arg-type]
        elif k is MoveKind.END_LOSS:
            tiles = parse_rack(mv.tiles, limit=None)
            computed = -rack_value(tiles)
            if unknown is None and mv.rack and Counter(rack) != Counter(tiles):
                rack_note = f"{mv.rack} is not ({_short(mv.tiles)})"
            else:
                own = holding.get(mv.nick)
                if own is not None:
                    rack_note = _holding_problem(mv.tiles, tiles, [own])
        if unknown is not None and k in _RACK_KINDS:
            rack_note = unknown
        base = prev_total.get(mv.nick, 0)
        computed_total = base + (computed if computed is not None else mv.score)
        prev_total[mv.nick] = mv.total
        yield ReplayStep(mv, before, computed, computed_total, problem, rack_note, play, breakdown)
    return board


def final_board(record: GcgRecord) -> Board:
    """The board after the record's last line (withdrawn plays taken off)."""
    steps = replay_record(record)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


#: the move kinds whose rack says what was played or kept
_RACK_KINDS = (MoveKind.PLAY, MoveKind.EXCHANGE, MoveKind.END_LOSS)


def _unknown_rack(rack: str) -> str | None:
    """A clause when a line's rack is not given (no rack, or ``UNKNOWN``), else None."""
    if not rack:
        return "no rack given"
    if rack == "UNKNOWN":
        return "rack UNKNOWN"
    return None


def _rack_clause(clause: str | None) -> str | None:
    """``the rack DINNVWA has no Y`` -> ``DINNVWA has no Y`` (kept short for braille lines)."""
    return None if clause is None else clause.removeprefix("the rack ")


def _short(text: str, limit: int = 12) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _holding_problem(written: str, tiles: list[str], holdings: list[tuple[list[str], int]]) -> str | None:
    """Why ``tiles`` cannot be what the players held (kept tiles plus some drawn), or None."""
    kept = Counter(t for h in holdings for t in h[0])
    drawn = sum(h[1] for h in holdings)
    have = Counter(tiles)
    if (kept - have) or sum(have.values()) != sum(kept.values()) + drawn:
        shown = format_rack(sorted(kept.elements(), key=_rack_order)) or "none"
        more = f"+{drawn}" if drawn else ""
        return f"({_short(written)}) is not {_short(shown)}{more} left"
    return None


def _count_problem(board: Board) -> str | None:
    counts = Counter(BLANK if t.islower() else t for _, t in board.occupied())
    for tile, n in counts.items():
        if n > TILE_COUNTS[tile]:
            what = "blanks" if tile == BLANK else f"{tile} tiles"
            return f"The board now holds {n} {what}; the set has {TILE_COUNTS[tile]}."
    return None
