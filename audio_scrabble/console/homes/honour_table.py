"""An honour game at this table: the console's side of an
:class:`~audio_scrabble.online.honour.HonourLink` (a friend with only a
phone types moves in the game's room; this program deals and referees).

The link holds the game (both racks, the bag); the table plays on a copy
of it, brought to the link's game each time an action is made (the same
seam as a game between homes: a :class:`~.seats.Relay`). An action typed
here goes to the link, which makes it on its game (the core refuses an
illegal one with its own sentence, nothing changed), answers it in the
room and hands it back here to be said as any move. The friend's moves
come the same way from the transport's thread ("Bob's move has
arrived.", the move, whose turn); the friend's refused moves and chat
lines are said once. At the end the GCG record is kept in the games
folder, as a finished game's is. The friend sits at the table as a
:class:`~.seats.RemoteSeat` (the table waits for them and refuses acting
in their turn); their inbox stays empty.
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass
from functools import partial
from typing import Callable, Sequence

from ...core.events import Event, GameEnded
from ...core.game import Game
from ...errors import ScrabbleError
from ...notation.gcg import gcg_bytes, record_from_game
from ...online.honour import OFFER_END, UNSAID_REFUSAL, HonourApplied, HonourLink, keep_unsaid, note_said
from ...presentation import honour_prompts, online_phrases, online_prompts, prompts, prompts_homes
from ...presentation.phrases import last_move_event, scores_lines
from . import online_since
from .online_end import kept_once
from .online_table import Host, notice
from ..table.opening import Seating
from ..table.seats import Relayed, RemoteSeat
from ..asking.setup import Seat, SetupFlow


@dataclass(frozen=True)
class _Heard:
    applied: HonourApplied | None = None
    lines: tuple[str, ...] = ()
    #: a chat line of the friend's (or a refusal of their move), kept in the game's log until it is
    #: said: its key there
    chat: str = ""
    #: the lines as a game not open at the table says them (its table closed first)
    away: tuple[str, ...] = ()


def _kept(link: HonourLink, text: str, kind: str | None = None) -> Callable[[], None]:
    """The friend's chat line (or a refusal of their move: ``kind``) kept
    in the game's log until it is said (a restart before then says it at
    start); what notes it said."""
    key = keep_unsaid(link.journal, text, kind) if kind is not None else keep_unsaid(link.journal, text)
    return lambda: note_said(link.journal, [key])  # this line alone: one kept after it stays unsaid


def _named(link: HonourLink, lines: Sequence[str]) -> tuple[str, ...]:
    """A refusal of ``link``'s game as said while it is not open: naming it."""
    return tuple(online_prompts.refused_not_open([link.friend_name], " ".join(lines)))


def not_sent_lines(link: HonourLink, error: ScrabbleError) -> list[str]:
    """A message of the game's to the friend that did not go: when the
    homeserver does not answer, that it goes by itself (nothing to try
    again here); else the server's refusal as it is."""
    if getattr(error, "code", "") == "unreachable":
        return honour_prompts.not_sent_yet(link.friend_name)
    return prompts.refusal_said(str(error))


def hear_away(session: Host, link: HonourLink) -> None:
    """While ``link``'s game is not open at the table: the friend's move or
    resignation is said once, in a short line; their chat line once, whole,
    as a game between homes' is ("Bob says, in another game: ...", kept in
    the game's log until said); their move refused, or an answer that did
    not reach the room, once, naming the game."""

    def applied(done: HonourApplied) -> None:
        ended = done.view.ended
        if ended is not None:  # the game is over: how, and who won, naming it (once: said as it ends;
            # noted said once taken: one still waiting when the program ends is said at its next start)
            notice(session, _ended_away(link, ended), partial(online_since.end_said, link.journal))
        elif done.seat == link.friend_seat and done.agreement:  # an offer to end, or a no: not a move
            name = link.friend_name
            notice(session, prompts_homes.end_offered_not_open([name], name) if done.agreement == OFFER_END
                   else _named(link, prompts_homes.end_declined(name, False)))
        elif done.seat == link.friend_seat:
            name = link.friend_name
            notice(session, online_prompts.resigned_not_open(name) if done.resigned
                   else online_prompts.moved_not_open(name))

    def chat(name: str, text: str) -> None:
        notice(session, online_prompts.chat_not_open(name, text), _kept(link, text))

    link.on_applied = applied
    link.on_chat = chat
    link.on_refused = lambda sentence: notice(  # noted said once taken: else said at the next start
        session, _named(link, honour_prompts.refused_here(link.friend_name, sentence)),
        _kept(link, sentence, UNSAID_REFUSAL))
    link.on_send_failed = lambda error: notice(session, _named(link, not_sent_lines(link, error)))


def refusals_at_start(link: HonourLink) -> list[str]:
    """At start: the friend's moves refused while no table here followed
    the game (answered as the program started, or still waiting to be said
    when it ended), each naming the game, once."""
    name = link.friend_name
    return [line for sentence in link.take_unsaid_refusals()
            for line in _named(link, honour_prompts.refused_here(name, sentence))]


def ended_at_start(link: HonourLink, was_over: bool, earlier: list[list[str]] | None = None) -> list[str]:
    """At start: an honour game that ended and whose end was never said
    here, how it ended and who won, naming it, noted said: the friend ended
    it while this program was not running (answered as it caught up), or
    its end was still waiting above the prompt when the program ended. An
    end said before (the log notes it) is not said again. ``earlier``: the
    first start that notes ends (:func:`.online_away.start_lines`): a game
    over before this start is put there, named as old, not said as new."""
    ended = link.game.ended
    if ended is None or online_since.end_known(link.journal):
        return []
    online_since.end_said(link.journal)
    if was_over and earlier is not None:
        earlier.append([link.friend_name])
        return []
    return _ended_away(link, ended)


def _ended_away(link: HonourLink, ended: GameEnded) -> list[str]:
    """An honour game that ended while not open: how, and who won ("In your game with Bob: ...")."""
    names = link.names
    resigned = None
    if ended.reason == "resigned":
        left = [i for i in range(len(names)) if i not in ended.winners]
        resigned = left[0] if len(left) == 1 else None
    return prompts_homes.ended_not_open([link.friend_name], names, link.my_seat, ended.totals, ended.winners,
                                        out=ended.out_player if ended.reason == "out" else None,
                                        resigned=resigned, reason=ended.reason, scoreless=ended.scoreless_turns)


class HonourTable:
    """One honour game at a session's table (a :class:`~.seats.Relay`)."""

    def __init__(self, session: Host) -> None:
        self.session = session
        self.link: HonourLink | None = None
        self.game: Game | None = None
        self._feed: deque[_Heard] = deque()
        self._cond = threading.Condition()
        self.closed = False

    # ------------------------------------------------------------ wiring
    def attach(self, link: HonourLink) -> list[str]:
        """Follow ``link`` from now on; the game comes to the table at once."""
        self.link = link
        with link._lock:  # one hold: a move made before is in the copy, one after comes here; never both
            view = link.copy()
            link.on_applied, link.on_refused, link.on_chat = self._applied, self._refused, self._chat
            link.on_send_failed = self._send_failed
        view.between_homes = True  # type: ignore[attr-defined]  # kept by its log (saving.kept_by_room)
        names = view.names
        friend = link.friend_seat
        seats = [Seat(n) for n in names]
        lines = list(honour_prompts.game_with(names[friend]))
        if not view.is_over and last_move_event(list(view.history)) is not None:
            # opened again: every move since the player last saw it, the scores
            lines += online_since.opening_lines(link.journal, view, names, link.my_seat)
            lines += scores_lines(names, view.scores(), link.my_seat)
        elif view.board.is_empty() and not view.is_over:
            lines.append(online_phrases.first_player_line(names[view.current]))
        if view.is_over:  # it ended while its table was not open: the end, and its record once
            lines += self._end_lines(view, link) + list(self._keep_record(view))
            online_since.end_said(link.journal)  # said: not at a start
        offered = link.end_offered
        if offered is not None and offered != link.my_seat and not view.is_over:  # made while it was not open
            lines += prompts_homes.end_offered(names, view.scores(), link.my_seat, offered)
        online_since.note_seen(link.journal, len(view.history))
        seating = Seating(view, seats, {}, SetupFlow(seats=list(seats), rules=view.rules), lines, saved=True)
        said = self.session.sit(seating, {names[friend]: RemoteSeat()})
        match = self.session.match
        self.game = match.game if match is not None else None
        if match is not None:  # moved to the host's other computer: that alone is said to an action
            match.table.played_elsewhere = lambda: prompts_homes.HONOUR_MOVED_AWAY if link.moved_to else None
        self.session.acting.relay = self
        missed = link.take_unsaid_chat()  # what the friend said while the game was not open here
        refused = [line for sentence in link.take_unsaid_refusals()
                   for line in honour_prompts.refused_here(names[friend], sentence)]
        return said + refused + [line for text in missed for line in honour_prompts.chat_here(names[friend], text)]

    def detach(self) -> None:
        """Hear the link no more (another game opened, or signed out): its
        friend's moves are said in a short line from now on."""
        link = self.link
        if link is not None:
            hear_away(self.session, link)
        with self._cond:  # what was still waiting to be said: above the prompt (its moves when opened again)
            self.closed = True
            left = list(self._feed)
            self._feed.clear()
        self._said_away(left)

    def _said_away(self, heard_here: list[_Heard]) -> None:
        """Chat lines and refusals of this closed table, said as a game not open says them."""
        link = self.link
        for heard in [h for h in heard_here if h.applied is None]:
            said = partial(note_said, link.journal, [heard.chat]) if heard.chat and link is not None else None
            notice(self.session, heard.away or heard.lines, said)

    def owns(self, game: Game) -> bool:
        return self.game is not None and game is self.game and not self.closed

    # ------------------------------------------------------------ from the link (any thread)
    def _put(self, heard: _Heard) -> None:
        with self._cond:
            closed = self.closed  # a callback read before the table closed, run after: not queued here
            if not closed:
                self._feed.append(heard)
        if closed:  # nobody reads this table's queue again: said above the prompt (its moves when opened)
            self._said_away([heard])
            return
        hook = self.session.thinker.on_ready  # the app's wake hook
        if hook is not None:
            try:
                hook()
            except Exception:  # the prompt may be gone
                pass

    def _applied(self, applied: HonourApplied) -> None:
        self._put(_Heard(applied))

    def _refused(self, sentence: str) -> None:
        link = self.link
        if link is not None:  # noted said when taken: one waiting when the program ends is said at its next start
            lines = honour_prompts.refused_here(link.friend_name, sentence)
            key = keep_unsaid(link.journal, sentence, UNSAID_REFUSAL)
            self._put(_Heard(lines=tuple(lines), chat=key, away=_named(link, lines)))

    def _chat(self, name: str, text: str) -> None:
        link = self.link
        # noted said when taken: one waiting when the program ends is said at its next start
        key = keep_unsaid(link.journal, text) if link is not None else ""
        self._put(_Heard(lines=tuple(honour_prompts.chat_here(name, text)), chat=key,
                         away=tuple(online_prompts.chat_not_open(name, text))))

    def _send_failed(self, error: ScrabbleError) -> None:
        link = self.link
        lines = not_sent_lines(link, error) if link is not None else prompts.refusal_said(str(error))
        self._put(_Heard(lines=tuple(lines), away=_named(link, lines) if link is not None else ()))

    # ------------------------------------------------------------ the relay (the table's thread)
    @property
    def arrived(self) -> bool:
        with self._cond:
            return bool(self._feed)

    def take(self) -> Relayed | None:
        with self._cond:
            if not self._feed:
                return None
            heard = self._feed.popleft()
        applied = heard.applied
        link = self.link
        if heard.chat and link is not None:
            note_said(link.journal, [heard.chat])
        if applied is None or link is None or self.game is None:
            return Relayed(heard.lines)
        names = link.names
        friend = applied.seat == link.friend_seat
        online_since.note_seen(link.journal, len(applied.view.history))  # said now
        if applied.view.is_over:
            online_since.end_said(link.journal)  # the end said at its table: not at a start
        if applied.agreement:  # an offer to end the game, a yes or a no
            said = link.lines_here(applied)
            if applied.events:  # agreed: over as it stands
                self._bring(self.game, applied.view, applied.events)
                said.extend(honour_prompts.final_here(names, applied.view.scores(), link.my_seat))
                return Relayed(tuple(said) + self._keep_record(applied.view))
            return Relayed(tuple(said))
        if applied.resigned:
            self._bring(self.game, applied.view, applied.events)
            ended = applied.view.ended
            said = prompts.move_arrived_lines(names[applied.seat]) if friend else []
            said.extend(online_prompts.resigned(names[applied.seat], not friend))
            if ended is not None:
                said.extend(honour_prompts.final_here(names, ended.totals, link.my_seat))
            return Relayed(tuple(said) + self._keep_record(applied.view))
        first = tuple(prompts.move_arrived_lines(names[applied.seat])) if friend else ()
        if applied.lapsed:
            first = (prompts_homes.END_OFFER_LAPSED, *first)
        after = self._keep_record(applied.view) if applied.view.is_over else ()
        return Relayed(first, self._sync(applied.view, applied.events), after)

    @staticmethod
    def _bring(game: Game, view: Game, events: tuple[Event, ...]) -> None:
        between = getattr(game, "between_homes", True)
        game.__dict__.update(view.__dict__)
        game.between_homes = between  # type: ignore[attr-defined]
        game.last_events = events

    def _sync(self, view: Game, events: tuple[Event, ...]) -> Callable[[Game], Event]:
        """The action that brings the table's game to the link's."""

        def do(game: Game) -> Event:
            self._bring(game, view, events)
            return events[-1]

        return do

    @staticmethod
    def _end_lines(game: Game, link: HonourLink) -> list[str]:
        """How a game that ended while its table was not open ended: who
        resigned, the final scores."""
        ended = game.ended
        if ended is None:
            return []
        lines: list[str] = []
        if ended.reason == "resigned":
            left = [i for i in range(len(game.names)) if i not in ended.winners]
            if len(left) == 1:
                lines += online_prompts.resigned(game.names[left[0]], left[0] == link.my_seat)
        elif ended.reason == "agreed":
            lines += prompts_homes.ended_by_agreement(game.names, ended.totals, link.my_seat)
        return lines + honour_prompts.final_here(game.names, ended.totals, link.my_seat)

    def _keep_record(self, game: Game) -> tuple[str, ...]:
        """The finished game's GCG record kept in the games folder, once
        (noted in the game's log: opened again, it is not kept again);
        what to say (:func:`.online_end.kept_once`, as a game between homes')."""
        journal = self.link.journal if self.link is not None else None
        return kept_once(self.session.store, journal, game.names, lambda: gcg_bytes(record_from_game(game)))

    # ------------------------------------------------------------ acting here
    def send(self, game: Game, do: Callable[[Game], Event]) -> list[str]:
        """An action typed here: made on the link's game (the core's refusal
        as it is, nothing changed), answered in the room; said when taken."""
        assert self.link is not None
        self.link.act(do)
        return []

    def say(self, text: str) -> None:
        assert self.link is not None
        self.link.say(text)

    def resign(self) -> None:
        assert self.link is not None
        self.link.resign()

    def agreement(self, kind: str) -> bool:
        """Offer to end the game here, agree or decline (refused, its
        sentence, when it may not be now); said when taken."""
        assert self.link is not None
        self.link.agreement(kind)
        return True
