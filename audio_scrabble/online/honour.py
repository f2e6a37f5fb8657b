"""The honour mode: a friend with only a phone, playing from any Matrix app.

The inviting player's program deals and referees: it holds an ordinary
game of the rules core (an ordinary shuffled bag, both racks), says in the
room that it holds both racks and the bag (so the deal is on trust), and
reads the friend's plain-text messages in the game's room:

* a move in the form the game teaches, ``NASTIER from D8 across`` (the
  word, ``from``, a square, ``across`` or ``down``, ``play`` before it or
  not, and nothing else: a sentence with ``from`` in it stays chat), its
  blanks named after the word as the game says them (``EH (blanks E and
  H) from H8 across``, a word of blanks only); or tournament notation,
  ``8D NASTIER`` (row first: across), ``H8 CAT`` (column first: down),
  ``H8 down CAT`` or ``8H across CAT`` (a direction word after a square).
  Lower case too: a word all in lower case, or with more lower-case
  letters than a set has blanks, or a capital first and the rest lower
  case (``Nastier``, ``Qi``: a phone's capital first letter), is read as
  capitals; otherwise a lower-case letter is a blank, as in GCG
  (``NASTiER``). A word with a lower-case letter that the rack cannot
  play as capitals is played with the lower-case letters as blanks where
  the rack lacks the letter, when that is legal (``Qi`` from a rack with a
  blank and no I, ``8H eh`` from two blanks); letters already on the
  board written out or as ``.``;
* ``pass``, ``exchange ABC`` (``?`` a blank), ``challenge``, ``accept``
  (the last play of the game), ``resign``, ``help``, ``board``;
  ``offer end``, ``agree``, ``decline`` (an end by agreement:
  :mod:`.honour_agree`);
* anything else is chat, passed on once (``on_chat``).

A move is checked with the rules core on the game itself (the core
refuses before it changes anything): applied, and answered in the room
with the move's sentence, the scores, the board and the friend's rack;
or refused, answered in the room with the refusal sentence
(``on_refused`` tells the player here too). The player here acts through
:meth:`HonourLink.act` (the game's own action), answered in the room the
same way.

With each move goes a large-print picture of the board (an image whose
alt text is the move's sentence; :mod:`..presentation.board_picture`),
when the transport sends pictures.

Where the friend's rack goes: in the game's room. Only the two players
are in it, and this program (the other player's) holds the rack anyway,
so a direct message would hide nothing more; a phone's Matrix app shows
it with the moves, where the friend looks.

The game is kept on this computer, not in a save slot: the game's log of
the data folder (:class:`~.store.GameLog`, 0600) holds its set-up (the
seed, which never goes into the room) and every action as it is made,
and which of the friend's messages have been answered; :meth:`resume`
rebuilds the game from it and answers whatever the friend typed while
this program was away. The room's messages from this program carry a
small structured part (``NAMESPACE``: ``{"honour": 1, ...}``) so they are
never taken for the friend's.
"""

from __future__ import annotations

import logging
from itertools import combinations
import re
import secrets as _secrets
import threading
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.board import ACROSS, DOWN, SIZE
from ..core.events import Event, GameEnded
from ..core.game import Game
from ..core.rules import rules_named
from ..errors import ActionNotAllowed, NotationError, ScrabbleError
from ..core.play import PlacedTile, Play
from ..core.scoring import score_play
from ..notation.plays import parse_play, parse_position, parse_rack
from ..notation.typed import PlayRequest, build_draft, named_blanks
from ..presentation import honour_prompts as say
from ..presentation import prompts_homes as homes_say
from ..presentation.board_picture import SIDE, board_png
from ..presentation.phrases import Audience, announce
from . import honour_agree as agree
from . import honour_moving
from .catchup import is_catchup
from .store import GameLog
from .transport import Message, Transport

log = logging.getLogger(__name__)

#: a game log's first entry for an honour game (its set-up)
SETUP_KIND = "honour"
#: the log's entries of a chat line kept until its game is opened, and of those said
UNSAID, UNSAID_SAID = "unsaid_chat", "unsaid_chat_said"
#: the log's entry of the friend's move refused, kept until it is said here (its mark: UNSAID_SAID's)
UNSAID_REFUSAL = "unsaid_refusal"


def keep_unsaid(journal: GameLog, text: str, kind: str = UNSAID) -> str:
    """The friend's chat line (or, ``kind`` :data:`UNSAID_REFUSAL`, the
    sentence refusing their move) kept in the game's log until it is said
    (a restart before then says it at start); its key, for :func:`note_said`."""
    key = _secrets.token_hex(6)
    journal.append(kind, text=text, key=key)
    return key


def note_said(journal: GameLog, keys: list[str]) -> None:
    """The lines kept by :func:`keep_unsaid` under ``keys`` were said: each
    marked alone (a line kept after them, not said yet, stays unsaid)."""
    if keys:
        journal.append(UNSAID_SAID, keys=list(keys))


def unsaid_in(entries: list[dict[str, Any]], kind: str = UNSAID) -> list[tuple[str, str]]:
    """The chat lines (or refusals: ``kind``) a game's log keeps as not
    said yet, in order (key, text): those after the last mark covering
    every earlier line (a log kept before the lines were marked one by
    one) whose own mark is not in it."""
    bare = max((k for k, e in enumerate(entries) if e.get("kind") == UNSAID_SAID and "keys" not in e), default=-1)
    said = {str(key) for e in entries if e.get("kind") == UNSAID_SAID for key in e.get("keys") or ()}
    return [(str(e.get("key", "")), str(e.get("text", ""))) for e in entries[bare + 1:]
            if e.get("kind") == kind and (not e.get("key") or str(e.get("key")) not in said)]


#: the log's notes of a resignation's room message the server would not take, and of it sent since
RESIGN_UNSENT, RESIGN_SENT = "resign_unsent", "resign_sent"
#: the blanks of a set: a word with more lower-case letters is read as capitals
BLANKS_IN_SET = 2
#: what the structured part of this program's room messages says
MARK = {"honour": 1}

PLACE, PASS, EXCHANGE, CHALLENGE, ACCEPT, RESIGN, HELP, BOARD, CHAT = (
    "place", "pass", "exchange", "challenge", "accept", "resign", "help", "board", "chat")
OFFER_END, AGREE_END, DECLINE_END = agree.OFFER_END, agree.AGREE_END, agree.DECLINE_END

_WORDS = {"pass": PASS, "challenge": CHALLENGE, "accept": ACCEPT, "resign": RESIGN, "help": HELP,
          "board": BOARD, "exchange": EXCHANGE, "swap": EXCHANGE, "agree": AGREE_END, "decline": DECLINE_END}
_SQUARE_ACROSS = re.compile(r"([0-9]{1,2})([A-Za-z])")
_SQUARE_DOWN = re.compile(r"([A-Za-z])([0-9]{1,2})")
_WORD = re.compile(r"[A-Za-z.()?]+")
#: the form the game teaches, ``NASTIER from D8 across``: ``play`` before it or not, the blanks named
#: after the word as the game says them (``EH (blanks E and H)``), nothing else (a sentence is chat)
_FROM_FORM = re.compile(r"(?:play\s+)?(?P<word>[A-Za-z.()?]+?)(?:\s*(?P<named>\(\s*blanks?\s[^()]*\)))?"
                        r"\s+from\s+(?P<square>[A-Za-z][0-9]{1,2}|[0-9]{1,2}[A-Za-z])\s+(?P<way>across|down)\.?",
                        re.IGNORECASE)


@dataclass(frozen=True)
class Typed:
    """What the friend typed, read: its kind and, for a move, the play in
    tournament notation (``8D NASTIER``) or the tiles to exchange."""

    kind: str
    text: str = ""
    #: a move with lower-case letters read as capitals (``8G Qi``, ``8H eh``): as typed, its lower-case
    #: letters the blanks for letters the rack lacks when ``text`` (capitals) is refused ("" none)
    blanks: str = ""
    #: the letters named blanks after the word (``EH (blanks E and H) from H8 across``)
    named: tuple[str, ...] = ()


def _square(token: str) -> tuple[int, int] | None:
    """(row, column) of a square written either way (``H8``, ``8H``)."""
    m = _SQUARE_DOWN.fullmatch(token) or _SQUARE_ACROSS.fullmatch(token)
    if m is None:
        return None
    a, b = m.group(1), m.group(2)
    col, row = (a, b) if a.isalpha() else (b, a)
    return int(row), ord(col.upper()) - ord("A") + 1


def _word(token: str) -> str | None:
    if not _WORD.fullmatch(token) or not any(ch.isalpha() for ch in token) or token.endswith("?"):
        return None  # a ? last is a question ("H8 really?"), chat; inside a word, a blank (refused)
    lower = sum(1 for ch in token if ch.islower())
    # all lower case (a phone's keyboard), or more lower-case letters than
    # the set has blanks, or a capital first and the rest lower case (a
    # phone's capital first letter, "Nastier", "Qi"): capitals
    return token.upper() if token == token.lower() or lower > BLANKS_IN_SET or _capital_first(token) else token


def _capital_first(token: str) -> bool:
    """A phone's capital first letter: the first letter a capital, every other lower case (``Qi``, ``Cat``)."""
    letters = [ch for ch in token if ch.isalpha()]
    return len(letters) > 1 and letters[0].isupper() and all(ch.islower() for ch in letters[1:])


def _place(square: str, token: str, word: str) -> Typed:
    """A move; with lower-case letters read as capitals, the word as typed kept beside it."""
    return Typed(PLACE, f"{square} {word}", f"{square} {token}" if word != token else "")


def _position(square: str, way: str) -> str | None:
    """The start square written as tournament notation reads ``way``: ``8H`` across, ``H8`` down."""
    at = _square(square)
    if at is None:
        return None
    row, col = at
    if not (1 <= row <= SIZE and 1 <= col <= SIZE):  # off the board: refused naming it as typed
        return square.upper()
    letter = chr(ord("A") + col - 1)
    return f"{row}{letter}" if way.lower() == ACROSS else f"{letter}{row}"


def _from_form(body: str) -> Typed | None:
    """``NASTIER from D8 across`` (see :data:`_FROM_FORM`), or None."""
    m = _FROM_FORM.fullmatch(body.strip())
    if m is None:
        return None
    if m.group("way").lower() not in (ACROSS, DOWN):  # case-blind, "acroſſ" matched: not taken for down
        return None
    token, position = m.group("word"), _position(m.group("square"), m.group("way"))
    word = _word(token)
    if position is None or word is None:
        return None
    if m.group("named"):
        named = named_blanks(m.group("named"))
        return Typed(PLACE, f"{position} {word}", named=named) if named else None  # as read: Nastier, NASTIER
    return _place(position, token, word)


def read_typed(body: str) -> Typed:
    """Read one message of the friend's (see the module doc)."""
    parts = body.strip().split()
    if not parts:
        return Typed(CHAT, body)
    first = parts[0].lower().rstrip(".!")
    kind = _WORDS.get(first)
    if kind == EXCHANGE:
        return Typed(EXCHANGE, "".join(parts[1:]).upper())
    if kind is not None and len(parts) == 1:
        return Typed(kind)
    if first == "offer" and len(parts) == 2 and parts[1].lower().rstrip(".!") == "end":
        return Typed(OFFER_END)
    if first.startswith("-") and len(parts) == 1:  # GCG's exchange, "-ABC"; "-" a pass
        return Typed(EXCHANGE, parts[0][1:].upper()) if len(parts[0]) > 1 else Typed(PASS)
    from_form = _from_form(body)
    if from_form is not None:
        return from_form
    if len(parts) == 2 and (_SQUARE_ACROSS.fullmatch(parts[0]) or _SQUARE_DOWN.fullmatch(parts[0])):
        word = _word(parts[1])
        if word is not None:
            return _place(parts[0].upper(), parts[1], word)
    if len(parts) == 3 and parts[1].lower() in (ACROSS, DOWN):
        position, word = _position(parts[0], parts[1]), _word(parts[2])
        if position is not None and word is not None:
            return _place(position, parts[2], word)
    return Typed(CHAT, body)


@dataclass(frozen=True)
class HonourApplied:
    """An action the game made (the friend's or this side's): whose, its
    events, a private copy of the game right after it, and the log's
    count of actions then."""

    seat: int
    events: tuple[Event, ...]
    view: Game
    resigned: bool = False
    #: an end by agreement: ``offer_end``, ``agree_end`` or ``decline_end`` (its events: the end, when agreed)
    agreement: str = ""
    #: the action lapsed an offer to end the game
    lapsed: bool = False


def copy_of(game: Game) -> Game:
    """A private copy of a game (the word list and move finder shared)."""
    import copy

    memo: dict[int, Any] = {}
    for shared in (game.lexicon, game.move_finder):
        if shared is not None:
            memo[id(shared)] = shared
    return copy.deepcopy(game, memo)


class HonourLink:
    """One honour game: the game, its room and its log (see the module doc)."""

    def __init__(self, transport: Transport, room: str, game: Game, friend: str, journal: GameLog,
                 game_id: str, *, heard: set[str] | None = None) -> None:
        self.transport = transport
        self.room = room
        self.game = game
        #: the friend's user id
        self.friend = friend
        self.journal = journal
        self.game_id = game_id
        self.my_seat = 0
        self.friend_seat = 1
        #: the friend's messages answered (event ids), kept in the log
        self.heard: set[str] = set(heard or ())
        self._lock = threading.RLock()
        self._sent = 0
        self.on_applied: Callable[[HonourApplied], None] | None = None
        self.on_refused: Callable[[str], None] | None = None
        self.on_chat: Callable[[str, str], None] | None = None
        #: a send that failed (the move stands: it is in the log), for the player here
        self.on_send_failed: Callable[[ScrabbleError], None] | None = None
        #: the last move's answer never reached the room (sent again at catch-up)
        self._unanswered = False
        #: the seat whose offer to end the game stands (None: none), from the log
        self.end_offered, agreed = agree.replayed(journal.entries())
        if agreed is not None and not game.is_over:
            agree.end_agreed(self)
        #: the agreement's messages the homeserver would not take, to send again (answer_again)
        self._agree_unsent = agree.unsent(journal.entries())
        #: the friend's chat lines that came while no table followed the game
        self.unsaid_chat: list[str] = []
        #: their keys in the game's log (:func:`keep_unsaid`), in the same order
        self._unsaid_keys: list[str] = []
        #: the sentences refusing the friend's moves that came while no table followed the game, and their keys
        self.unsaid_refusals: list[str] = []
        self._unsaid_refusal_keys: list[str] = []
        #: a large-print picture of the board goes with each move
        self.pictures = True
        #: the friend's devices sent the game as it stands (:meth:`_brief`), kept in the log
        self.briefed: set[str] = {str(e.get("device", "")) for e in journal.entries() if e.get("kind") == "briefed"}
        #: the device of this player's the game was handed over to ("" here): it answers the friend from
        #: now on, not this computer (:mod:`.honour_moving`)
        self.moved_to = honour_moving.moved_away(journal.entries())
        #: an ask of this player's new computer whose hand-over the server would not take
        self._ask_waiting: Message | None = None
        #: told once the game moved to this player's other computer
        self.on_moved: Callable[[str], None] | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return self.game.names

    @property
    def friend_name(self) -> str:
        return self.game.names[self.friend_seat]

    def take_unsaid_chat(self) -> list[str]:
        """The friend's chat lines that came while no table followed the
        game, once (the log notes them said)."""
        with self._lock:
            missed, self.unsaid_chat = self.unsaid_chat, []
            keys, self._unsaid_keys = self._unsaid_keys, []
            if missed:  # a line of an old log, kept with no key, marked by a mark with none
                if all(keys):
                    note_said(self.journal, keys)
                else:
                    self.journal.append(UNSAID_SAID)
            return missed

    def take_unsaid_refusals(self) -> list[str]:
        """The sentences refusing the friend's moves that came while no
        table followed the game (answered as the program started), once
        (the log notes them said)."""
        with self._lock:
            missed, self.unsaid_refusals = self.unsaid_refusals, []
            keys, self._unsaid_refusal_keys = self._unsaid_refusal_keys, []
            note_said(self.journal, keys)
            return missed

    def game_and_others(self) -> tuple[Game, list[str]]:
        """The game as it stands and the other player's name (the friend),
        read under the link's lock."""
        with self._lock:
            return self.game, [self.friend_name]

    def copy(self) -> Game:
        """A private copy of the game as it stands."""
        with self._lock:
            return copy_of(self.game)

    # ------------------------------------------------------------ opening
    @classmethod
    def offer(cls, transport: Transport, my_name: str, friend_name: str, friend: str, rules: str,
              lexicon: Any, move_finder: Any, journal_of: Callable[[str], GameLog], *,
              seed: int | None = None) -> "HonourLink":
        """A new honour game: the room made (encrypted), the friend invited,
        the game dealt here, the welcome, the draw and the friend's rack sent."""
        if seed is None:
            seed = _secrets.randbelow(2**31)
        game = Game([my_name, friend_name], rules_named(rules), seed, lexicon, move_finder)
        room = transport.create_room(say.room_name(my_name, friend_name), [friend], encrypted=True)
        journal = journal_of(room)
        game_id = _secrets.token_hex(8)
        journal.append(SETUP_KIND, game=game_id, config=game.config(), friend=friend)
        link = cls(transport, room, game, friend, journal, game_id)
        first = game.names[game.current]
        opening = [say.welcome(my_name, friend_name),
                   say.your_turn(friend_name) if game.current == link.friend_seat else say.whose_turn(first),
                   say.rack_message(friend_name, link.game.players[link.friend_seat].rack)]
        link._note_welcomed(link._post("\n\n".join(opening)))
        return link

    def _note_welcomed(self, sent: bool = True) -> None:
        """The friend's devices the welcome went to (known to the transport
        once it sent it; none when it was not ``sent``), kept in the log as
        briefed: a device that is not among them, found at a later start
        or heard from, is sent the game (:meth:`brief_new_devices`)."""
        for device in self._friend_devices() if sent else []:
            if device not in self.briefed:
                self.briefed.add(device)
                self.journal.append("briefed", device=device, welcome=True)
        if not any(e.get("kind") == "welcomed" for e in self.journal.entries()):
            self.journal.append("welcomed")

    def _friend_devices(self) -> list[str]:
        known = getattr(self.transport, "devices", None)
        try:
            return [str(d) for d in known(self.friend)] if callable(known) else []
        except ScrabbleError:  # the homeserver does not answer: at the next start
            return []

    def brief_new_devices(self) -> list[str]:
        """At start: the friend's devices that the host has not briefed (one
        that signed in while this program was not running, noticed otherwise
        only at its first message) are sent the game as it stands, once
        each. A game whose log does not say which devices the welcome went
        to (begun before they were noted) briefs them only once it has
        begun (the welcome may have reached them). The devices briefed now."""
        with self._lock:
            if self.game.is_over or self.moved_to or not self._may_brief():
                return []
            out = []
            for device in self._friend_devices():
                if device and device not in self.briefed:
                    self._send_brief(device)
                    if device in self.briefed:
                        out.append(device)
            return out

    @classmethod
    def resume(cls, transport: Transport, journal: GameLog, lexicon: Any, move_finder: Any) -> "HonourLink":
        """The game rebuilt from its log (raises ScrabbleError if it cannot be)."""
        entries = journal.entries()
        setup = next((e for e in entries if e.get("kind") == SETUP_KIND), None)
        if setup is None:
            raise ActionNotAllowed("That is not an honour game.")
        config = setup["config"]
        actions = [e["action"] for e in entries if e.get("kind") == "honour_action"]
        game = Game.replay(config, actions, rules_named(config["rules"]), lexicon, move_finder)
        heard = {str(e["event"]) for e in entries if e.get("event")}
        link = cls(transport, journal.room, game, str(setup["friend"]), journal, str(setup.get("game", "")),
                   heard=heard)
        resigned = next((e for e in entries if e.get("kind") == "honour_resign"), None)
        if resigned is not None:
            link._end_by_resignation(int(resigned["seat"]))
        unsaid = unsaid_in(entries)
        link.unsaid_chat = [text for _, text in unsaid]
        link._unsaid_keys = [key for key, _ in unsaid]
        refusals = unsaid_in(entries, UNSAID_REFUSAL)
        link.unsaid_refusals = [text for _, text in refusals]
        link._unsaid_refusal_keys = [key for key, _ in refusals]
        answered = max((int(e.get("actions", 0)) for e in entries if e.get("kind") == "answered"), default=0)
        link._unanswered = bool(actions) and answered < len(actions) and resigned is None
        if resigned is not None:  # its room message did not go (noted so), and has not since
            kinds = [e.get("kind") for e in entries]
            link._unanswered = RESIGN_UNSENT in kinds and RESIGN_SENT not in kinds[kinds.index(RESIGN_UNSENT):]
        link._unanswered = link._unanswered or bool(link._agree_unsent)
        return link

    def catch_up(self) -> None:
        """What the friend typed while this program was away: answered now,
        in order (first, the game as it stands, if the last move's answer
        never reached the room: the program stopped before it was sent)."""
        self.answer_again()
        for msg in self.transport.history(self.room):
            self.handle(msg)

    def answer_again(self) -> None:
        """The game as it stands sent to the room, when the last move's
        answer never reached it (the homeserver would not take it, or the
        program stopped first): the friend's rack and whose turn. At start,
        at the friend's next message, and at the home's tick. First, a
        hand-over to this player's new computer that did not go."""
        waiting = self._ask_waiting
        if waiting is not None and not self.moved_to:
            self._hand_over(waiting)  # not taken again: still waiting, for the next time
        with self._lock:
            if self._unanswered and not self.moved_to:
                game = self.game
                ended = game.ended
                if ended is not None and ended.reason == "resigned":
                    self._post_resigned(ended, again=True)
                    return
                current = game.names[game.current]
                turn = say.your_turn(current) if game.current == self.friend_seat else say.whose_turn(current)
                body = self._board_message() if game.is_over else turn + "\n\n" + self._board_message()
                agreement = self._agree_unsent  # an offer to end, a yes or a no: said first, as it was
                if agreement:
                    body = "\n\n".join([*agreement, body])
                if self._post(body, again=True):  # its failure was told as the move was made
                    self.journal.append("answered", actions=len(self.game.actions))
                    self._agreement_gone()
                    self._unanswered = False

    # ------------------------------------------------------------ hearing the friend
    def handle(self, msg: Message) -> None:
        """One message of the room (another room's, or this program's own, is
        ignored); an ask of this player's new computer is sent the game
        (:mod:`.honour_moving`), which moves there."""
        if msg.room == self.room and msg.sender == self.transport.user_id and is_catchup(msg.record):
            self._hand_over(msg)
            return
        if msg.room != self.room or msg.sender != self.friend or msg.record is not None:
            return
        with self._lock:
            if msg.event_id in self.heard or self.moved_to:
                return
            self.answer_again()  # the server answers again: a move's answer it would not take goes first
            if self.moved_to:  # handed over just now: the new computer answers it
                return
            self._brief(msg)
            typed = read_typed(msg.body)
            if typed.kind == CHAT:
                self._heard(msg.event_id)
                if self.on_chat is not None:
                    self.on_chat(self.friend_name, msg.body.strip())
                else:  # nothing hears the game yet (its program starting): kept in the log, said with
                    # the start's news (take_unsaid_chat), or at the next start if the program ends first
                    self.unsaid_chat.append(msg.body.strip())
                    self._unsaid_keys.append(keep_unsaid(self.journal, msg.body.strip()))
                return
            if typed.kind in (HELP, BOARD):
                self._heard(msg.event_id)
                self._post(say.help_text(self.friend_name) if typed.kind == HELP else self._board_message())
                return
            try:
                self._friend_acts(typed, msg.event_id)
            except ScrabbleError as e:
                self._heard(msg.event_id)
                self._post(say.refused(self.friend_name, str(e)))
                if self.on_refused is not None:
                    self.on_refused(str(e))
                else:  # nothing hears the game yet (its program starting): kept in the log, said with the
                    # start's news (take_unsaid_refusals), or at the next start if the program ends first
                    self.unsaid_refusals.append(str(e))
                    self._unsaid_refusal_keys.append(keep_unsaid(self.journal, str(e), UNSAID_REFUSAL))

    def _hand_over(self, msg: Message) -> None:
        with self._lock:
            if self.moved_to:
                return
            try:
                self.moved_to = honour_moving.hand_over(self.transport, self.room, self.journal, msg)
            except ScrabbleError:  # the server would not take it: tried again (answer_again), as the ask
                self._ask_waiting = msg  # comes once (asked again with the same id, nothing new is sent);
                log.info("an honour game's hand-over could not be sent in %s", self.room)  # played here till then
                return
            if self.moved_to:
                self._ask_waiting = None
        if self.moved_to and self.on_moved is not None:
            self.on_moved(self.moved_to)

    def _refuse_moved(self) -> None:
        if self.moved_to:
            raise ActionNotAllowed(homes_say.HONOUR_MOVED_AWAY)

    def _brief(self, msg: Message) -> None:
        """The friend's first message (from a device not heard before, when
        the transport says which): the game as it stands is sent again,
        the rules, the board in words, their rack and whose turn, for a
        device that signed in after the invitation cannot read the room's
        first messages (the room's keys went to the devices there then)."""
        self.brief_device(msg.device or "first")

    def _may_brief(self) -> bool:
        """Whether a device of the friend's not briefed is sent the game: the
        log says which devices the welcome went to, or the game has begun."""
        return bool(self.heard or self.game.actions
                    or any(e.get("kind") == "welcomed" for e in self.journal.entries()))

    def brief_trusted(self, device: str) -> None:
        """A device of the friend's the transport has just trusted (a new
        one): sent the game as it stands, once (see :meth:`_may_brief`)."""
        with self._lock:
            if self._may_brief():
                self.brief_device(device)

    def brief_device(self, device: str) -> None:
        """Send the game as it stands (see :meth:`_brief`) for ``device``, a
        device of the friend's (a new one joins: the transport trusts it),
        once a device."""
        with self._lock:
            if device in self.briefed or self.game.is_over or self.moved_to:
                return
            self._send_brief(device)

    def _send_brief(self, device: str) -> None:
        game = self.game
        current = game.names[game.current]
        turn = say.your_turn(current) if game.current == self.friend_seat else say.whose_turn(current)
        body = "\n\n".join([
            homes_say.honour_again(self.friend_name, self.names[self.my_seat], game.rules.title),
            homes_say.honour_board_in_words(game.history, game.names), self._board_message(), turn])
        if self._post(body):
            self.briefed.add(device)
            self.journal.append("briefed", device=device)

    def _heard(self, event_id: str) -> None:
        self.heard.add(event_id)
        self.journal.append("heard", event=event_id)

    def _friend_acts(self, typed: Typed, event_id: str) -> None:
        game, seat = self.game, self.friend_seat
        if game.is_over:
            raise ActionNotAllowed(say.GAME_OVER)
        if typed.kind == RESIGN:
            self._resign(seat, event_id)
            return
        if typed.kind in (OFFER_END, AGREE_END, DECLINE_END):
            self._agreement(typed.kind, seat, event_id)
            return
        if typed.kind == CHALLENGE:
            do: Callable[[Game], Event] = lambda g: g.challenge(seat)
        elif typed.kind == ACCEPT:
            pending = game.pending_play
            if not game.awaiting_final_challenge or pending is None or pending.player == seat:
                raise ActionNotAllowed(say.NOTHING_TO_ACCEPT)
            do = lambda g: g.accept()
        else:
            if game.awaiting_final_challenge:
                pending = game.pending_play
                if pending is not None and pending.player == seat:  # the other player decides
                    raise ActionNotAllowed(say.not_your_turn(game.names[self.my_seat]))
                raise ActionNotAllowed(say.LAST_PLAY_WAITS)
            if game.current != seat:
                raise ActionNotAllowed(say.not_your_turn(game.names[game.current]))
            if typed.kind == PLACE:
                if "?" in typed.text:  # no way to ask the friend the blank's letter
                    raise NotationError(say.BLANK_AS_LETTER)
                if typed.blanks:  # lower case read as capitals: as capitals, else blanks where the rack needs
                    self._place_either(seat, typed, event_id)
                    return
                play = self._named_play(typed) if typed.named else parse_play(typed.text, game.board)
                do = lambda g: g.place(play)
            elif typed.kind == EXCHANGE:
                tiles = parse_rack(typed.text)
                do = lambda g: g.exchange(tiles)
            else:
                do = lambda g: g.pass_turn()
        self._make(seat, do, event_id)

    def _named_play(self, typed: Typed) -> Play:
        """``EH (blanks E and H) from H8 across``: the new tiles of the letters named are the blanks."""
        square, word = typed.text.split()
        start, direction = parse_position(square)
        return build_draft(self.game.board, PlayRequest(start, direction, word, typed.named)).play()

    def _place_either(self, seat: int, typed: Typed, event_id: str) -> None:
        """A move with lower-case letters read as capitals (``8G Qi``, ``8H
        eh``): played as capitals; refused so (the core changes nothing),
        played with lower-case letters as blanks for the letters the rack
        lacks (:meth:`_rack_blanks`) when that is legal; else the first refusal."""
        try:
            play = parse_play(typed.text, self.game.board)
            self._make(seat, lambda g: g.place(play), event_id)
        except ScrabbleError as first:
            try:
                blanks = self._rack_blanks(seat, typed.blanks)
                if blanks is None:
                    raise first from None
                self._make(seat, lambda g: g.place(blanks), event_id)
            except ScrabbleError:
                raise first from None

    def _rack_blanks(self, seat: int, as_typed: str) -> Play | None:
        """The play ``as_typed`` with, of each letter the rack lacks, that many
        of its new tiles typed in lower case made blanks (the highest
        scoring choice), or None when the rack has too few blanks for them,
        or the letters short were not typed in lower case."""
        board = self.game.board
        typed = parse_play(as_typed, board)  # the lower-case letters typed: blank=True
        rack = self.game.players[seat].rack
        short = Counter(t.letter for t in typed.tiles) - Counter(t for t in rack if t != "?")
        if not short or sum(short.values()) > rack.count("?"):
            return None
        choices: list[list[int]] = [[]]
        for letter, count in short.items():
            lower = [k for k, t in enumerate(typed.tiles) if t.letter == letter and t.blank]
            if len(lower) < count:
                return None
            choices = [done + list(more) for done in choices for more in combinations(lower, count)]
        direction = parse_position(as_typed.split()[0])[1] if len(typed.tiles) == 1 else None
        best: tuple[int, Play] | None = None
        for chosen in choices:
            play = Play.of([PlacedTile(t.square, t.letter, k in chosen) for k, t in enumerate(typed.tiles)], direction)
            try:
                points = score_play(board, play).total
            except ScrabbleError:
                continue
            if best is None or points > best[0]:
                best = (points, play)
        return best[1] if best is not None else None

    # ------------------------------------------------------------ acting
    def act(self, do: Callable[[Game], Event]) -> HonourApplied:
        """An action of the player here (the core refuses an illegal one,
        changing nothing): made, kept in the log, answered in the room."""
        with self._lock:
            self._refuse_moved()
            if self.game.is_over:
                raise ActionNotAllowed(say.GAME_OVER)
            return self._make(self.my_seat, do, None)

    def _make(self, seat: int, do: Callable[[Game], Event], event_id: str | None) -> HonourApplied:
        game = self.game
        totals = game.scores()
        before = len(game.actions)
        do(game)  # the core refuses before it changes anything
        events = tuple(game.last_events)
        new = game.actions[before:]
        for i, action in enumerate(new):
            last = i == len(new) - 1
            self.journal.append("honour_action", action=action, **({"event": event_id} if last and event_id else {}))
        if event_id:
            self.heard.add(event_id)
        lapsed, self.end_offered = self.end_offered is not None, None  # a move: an offer to end lapses
        applied = HonourApplied(seat, events, copy_of(game), lapsed=lapsed)
        if self.on_applied is not None:  # said here at once; the room's answer follows
            self.on_applied(applied)
        sentence = " ".join(announce(events, Audience(game.names), totals))
        self._agreement_gone()  # an offer, a yes or a no not sent: no longer due (the move lapsed the offer)
        if self._post(self._move_message(sentence)):  # else sent again once the server answers (answer_again)
            self.journal.append("answered", actions=len(game.actions))
            self._unanswered = False
        self._post_picture(sentence)
        return applied

    def agreement(self, kind: str) -> HonourApplied:
        """The player here offers to end the game (``offer_end``), agrees to
        the friend's offer (``agree_end``) or declines it (``decline_end``);
        ActionNotAllowed, its sentence, when it may not be now."""
        with self._lock:
            self._refuse_moved()
            return self._agreement(kind, self.my_seat, None)

    def _agreement(self, kind: str, seat: int, event_id: str | None) -> HonourApplied:
        agree.check(self, kind, seat)
        note = {"event": event_id} if event_id else {}
        totals = tuple(self.game.scores())
        events: tuple[Event, ...] = ()
        if kind == OFFER_END:
            self.journal.append(agree.OFFERED, seat=seat, **note)
            self.end_offered = seat
        elif kind == AGREE_END:
            self.journal.append(agree.AGREED, seat=seat, **note)
            self.end_offered = None
            events = (agree.end_agreed(self),)
        else:
            self.journal.append(agree.DECLINED, seat=seat, **note)
            self.end_offered = None
        if event_id:
            self.heard.add(event_id)
        text = agree.room_text(self, kind, seat)
        if not self._post(text):  # sent again once the server answers (answer_again), its words kept
            self.journal.append(agree.UNSENT, text=text)
            self._agree_unsent.append(text)
        applied = HonourApplied(seat, events, copy_of(self.game), agreement=kind)
        if self.on_applied is not None:
            self.on_applied(applied)
        return applied

    def _agreement_gone(self) -> None:
        """The agreement's messages not sent: gone now, or no longer due."""
        if self._agree_unsent:
            self.journal.append(agree.SENT)
            self._agree_unsent = []

    def lines_here(self, applied: HonourApplied) -> list[str]:
        """What the table here says of an offer to end, a yes or a no."""
        return agree.lines_here(self, applied.agreement, applied.seat, applied.view.scores())

    def resign(self) -> HonourApplied:
        """The player here resigns: the game is over."""
        with self._lock:
            self._refuse_moved()
            if self.game.is_over:
                raise ActionNotAllowed(say.GAME_OVER)
            return self._resign(self.my_seat, None)

    def _resign(self, seat: int, event_id: str | None) -> HonourApplied:
        self.journal.append("honour_resign", seat=seat, **({"event": event_id} if event_id else {}))
        if event_id:
            self.heard.add(event_id)
        ended = self._end_by_resignation(seat)
        applied = HonourApplied(seat, (ended,), copy_of(self.game), resigned=True)
        self._post_resigned(ended)
        if self.on_applied is not None:
            self.on_applied(applied)
        return applied

    def _post_resigned(self, ended: GameEnded, again: bool = False) -> None:
        """Who resigned and the final scores, to the room; one the server
        would not take is noted in the log and sent again (:meth:`answer_again`,
        ``again``: its failure not told again)."""
        left = [i for i in range(len(self.names)) if i not in ended.winners]
        who = self.names[left[0]] if len(left) == 1 else self.names[self.friend_seat]
        kinds = [e.get("kind") for e in self.journal.entries()]
        if self._post(say.resigned_room(who) + " " + say.final_room(self.names, ended.totals), again=again):
            if RESIGN_UNSENT in kinds and RESIGN_SENT not in kinds:
                self.journal.append(RESIGN_SENT)
            self._unanswered = False
        elif RESIGN_UNSENT not in kinds:
            self.journal.append(RESIGN_UNSENT)

    def _end_by_resignation(self, seat: int) -> GameEnded:
        self.end_offered = None  # over: an offer to end it no longer stands
        game = self.game
        totals = game.scores()
        best = max((t for i, t in enumerate(totals) if i != seat), default=0)
        winners = tuple(i for i, t in enumerate(totals) if t == best and i != seat)
        game.ended = GameEnded(game.turn, "resigned", None, (), tuple(totals), winners)
        game.last_events = (game.ended,)
        return game.ended

    def say(self, text: str) -> None:
        """A chat line from the player here; one the homeserver would not
        take raises its error (its sentence said as a refusal: not sent)."""
        self._refuse_moved()
        self._post(text, told=False)

    # ------------------------------------------------------------ the room
    def _move_message(self, sentence: str) -> str:
        game = self.game
        parts = [sentence]
        if not game.is_over:
            current = game.names[game.current]
            parts.append(say.your_turn(current) if game.current == self.friend_seat else say.whose_turn(current))
        parts.append(self._board_message())
        return "\n\n".join(parts)

    def _board_message(self) -> str:
        game = self.game
        text = say.board_text(game.board) + "\n" + say.scores(game.names, game.scores())
        if not game.is_over:
            text += "\n" + say.rack_message(self.friend_name, game.players[self.friend_seat].rack)
        return text

    def _post_picture(self, alt: str) -> None:
        """The board as a large-print picture, its alt text the move's
        sentence (when the transport sends pictures; a failure only logged:
        the move and the board as text went already)."""
        if not self.pictures:
            return
        send = getattr(self.transport, "send_image", None)
        if not callable(send):
            return
        self._sent += 1
        txn = f"honour.{self.game_id}.{len(self.game.actions)}.{self._sent}.{_secrets.token_hex(4)}"
        try:
            send(self.room, board_png(self.game.board), alt, txn, (SIDE, SIDE))
        except ScrabbleError:
            log.info("a picture of the board could not be sent in %s", self.room)

    def _post(self, body: str, told: bool = True, again: bool = False) -> bool:
        """A message of this program's to the room (its structured mark never
        taken for the friend's typing); a failure is told, the game stands
        (not ``told``: raised, for the caller to say; ``again``: an answer
        tried again, whose failure was told when it first did not go, at
        every try since only logged: the tick tries each minute). Whether
        it was sent."""
        self._sent += 1
        txn = f"honour.{self.game_id}.{len(self.game.actions)}.{self._sent}.{_secrets.token_hex(4)}"
        record: Mapping[str, Any] = dict(MARK)
        try:
            self.transport.send(self.room, body, record, txn)
        except ScrabbleError as e:
            log.info("an honour message could not be sent in %s", self.room)
            if not told:
                raise
            self._unanswered = True  # the game as it stands goes once the server answers (answer_again)
            if self.on_send_failed is not None and not again:
                self.on_send_failed(e)
            return False
        return True


__all__ = ["HonourLink", "HonourApplied", "Typed", "read_typed", "copy_of", "SETUP_KIND"]
