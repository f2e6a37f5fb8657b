"""A game between homes at this table: the console's side of a
:class:`~audio_scrabble.online.match.GameLink`.

One truth: the link's referee holds the game (its view: the racks of the
others unknown); the table plays on a copy of that view, brought to the
room's state each time the room applies a record. A record is applied
when it comes back from the room, never on sending (the room's one order
decides), and the table follows the same rule:

* an action typed here (``play``, ``exchange``, ``pass``, ``challenge``,
  ``accept``) is tried on a copy of the table's game (the core refuses an
  illegal one with its own sentence, nothing sent), then sent through
  :meth:`GameLink.send_action` and *not* made; the table waits (a few
  seconds at most) for it to come back, then says it as any move;
* every record the room applies, whoever sent it, is queued here by the
  link's callbacks (on the transport's thread) with a copy of the view
  taken then, and made at the table by its one loop
  (:meth:`.acting.Acting.steps`, through the :class:`~.seats.Relay` seam):
  "Bob's move has arrived.", the move, whose turn; the app is woken to say
  it above the line being typed (the thinker's wake hook);
* the player's own new tiles are unknown until the other side's next
  record brings their keys: the table's rack holds only the known tiles,
  never a ``?`` for an unknown one, and "2 new tiles still coming." is
  said;
* chat lines and refusals (one sentence each) are said once, in order
  (a chat line counted in the game's log once said, so one still
  waiting when the program ends is said at its next start); what is
  still waiting when the table is closed (another game opened) is said
  above the prompt, naming the game, as a game not open says it;
* at the end, once every seat has shown its keys: "The deal checked
  out." and the final scores.

The remote players sit at the table as :class:`~.seats.RemoteSeat` seats
(so the table waits for them and refuses acting in their turn); their
inboxes stay empty: everything comes through the relay.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from typing import Callable, Sequence

from ...core.events import Event
from ...core.game import Game
from ...errors import OnlineError
from ...online.match import GameLink
from ...online.record import ACTION_KINDS, AGREEMENT_KINDS, known_kind
from ...online.referee import Applied
from ...online.transport import Message
from ...presentation import online_phrases, online_prompts, phrases, prompts, prompts_homes
from ..asking.setup import Seat, SetupFlow
from ..table.opening import Seating
from ..table.seats import Relayed, RemoteSeat
from . import online_end, online_since
from .online_agree import agreement_lines, newer_lines, standing_offer_lines
from .online_away import Host, hear_away, notice, refusal_lines
from .online_view import Heard, action_of, copy_game, quiet_draws, snapshot

__all__ = ["ECHO_WAIT", "Host", "OnlineTable", "action_of", "copy_game", "hear_away", "notice"]

#: at most this many seconds for an action sent here to come back from the room
ECHO_WAIT = 10.0


class OnlineTable:
    """One game between homes at a session's table (a :class:`~.seats.Relay`)."""

    def __init__(self, session: Host) -> None:
        self.session = session
        self.link: GameLink | None = None
        #: the table's game, once seated (the session's match's game)
        self.game: Game | None = None
        #: the log's length the table's game stands at
        self._at = 0
        self._feed: deque[Heard] = deque()
        self._cond = threading.Condition()
        #: closed (signed out, or another online game opened): nothing is sent any more
        self.closed = False
        #: this side's own records come back and refusals of its own so far (an action sent here
        #: waits on these, not on another player's record or a refusal of theirs)
        self._heard = 0
        self._refusals = 0
        #: chat lines heard before the link was attached (its first read of the room, at accept)
        self._early_chat: list[Message] = []
        #: the seat whose offer to end the game was last said here, standing (None: none)
        self._end_offer: int | None = None

    # ------------------------------------------------------------ wiring
    def callbacks(self) -> dict[str, Callable[..., None]]:
        """The link's callbacks (give them to GameLink.offer/join/resume)."""
        return {"on_record": self.on_record, "on_refused": self.on_refused, "on_chat": self.on_chat,
                "on_send_failed": self.on_send_failed}

    def attach(self, link: GameLink) -> None:
        """The link is made: the table follows it from now on (the game is
        seated at once when it has started; else when the deal is done)."""
        with self._cond:  # a chat line heard meanwhile is kept or said, not both
            self.link = link
            early, self._early_chat = self._early_chat, []
        self.session.acting.relay = self
        self._put(Heard("check"))
        for msg in early:  # said now, in the room's order
            self.on_chat(msg)

    def detach(self) -> None:
        """Hear the link no more; an action on this game is refused from now on.
        The chat lines and refusals still waiting to be said go above the
        prompt, as a game not open at the table says them (its moves are
        said when it is opened again)."""
        with self._cond:
            self.closed = True
            left = list(self._feed)
            self._feed.clear()
        self._said_away(left)

    def _said_away(self, heard_here: Sequence[Heard]) -> None:
        """Chat lines and refusals of this closed table, said as a game not open says them."""
        link = self.link
        for heard in [h for h in heard_here if h.kind in ("chat", "refused")]:
            counted = None
            if heard.kind == "chat" and link:
                counted = lambda: online_since.chat_said(link.journal)  # noqa: E731
            elif heard.counted and link:
                counted = lambda: online_since.refusal_said(link.journal)  # noqa: E731
            notice(self.session, heard.away or heard.lines, counted)

    @property
    def at_table(self) -> bool:
        match = self.session.match
        return self.game is not None and match is not None and match.game is self.game

    def owns(self, game: Game) -> bool:
        return self.game is not None and game is self.game and not self.closed

    # ------------------------------------------------------------ on the transport's thread
    def _put(self, heard: Heard, mine: bool = False) -> None:
        """Queue what was heard; ``mine``: this side's own record back, or a refusal of one."""
        with self._cond:
            closed = self.closed  # a callback read before the table closed, run after: not queued here
            if not closed:
                self._feed.append(heard)
                if mine and heard.kind == "record":
                    self._heard += 1
                elif mine and heard.kind == "refused":
                    self._refusals += 1
            self._cond.notify_all()
        if closed:  # nobody reads this table's queue again: said above the prompt (its moves when opened)
            self._said_away([heard])
            return
        hook = self.session.thinker.on_ready  # the app's wake hook (Session.wake_with)
        if hook is not None:
            try:
                hook()
            except Exception:  # the prompt may be gone
                pass

    def on_record(self, applied: Applied) -> None:
        link = self.link
        if link is None:  # the link's first catch-up: the table is seated from the state once attached
            return
        view, coming = snapshot(link) if applied.record.kind in ACTION_KINDS else (None, 0)
        self._put(Heard("record", applied, view, applied.record.seq + 1, coming),
                  mine=applied.record.seat == link.state.my_seat)

    def on_refused(self, error: OnlineError, msg: Message) -> None:
        link = self.link
        if link is None:
            return
        self._put(self._refusal(refusal_lines(link, error, msg), counted=True), mine=link.sent_here(msg))

    def _refusal(self, lines: Sequence[str], counted: bool = False) -> Heard:
        """A refusal to say at this table, and as said once it is closed (naming the game);
        ``counted``: heard in the room (counted in the game's log once said)."""
        link = self.link
        assert link is not None
        others = [n for i, n in enumerate(link.state.names) if i != link.state.my_seat]
        return Heard("refused", lines=tuple(lines), away=tuple(online_prompts.refused_not_open(others, " ".join(lines))),
                     counted=counted)

    def on_send_failed(self, error: OnlineError) -> None:
        """A record of this side's the homeserver would not take (tried
        again all the same): said, unless it is only that the server does
        not answer (said when the move was typed)."""
        if self.link is not None and getattr(error, "code", "") != "unreachable":
            self._put(self._refusal(prompts.refusal_said(str(error))), mine=True)

    def on_chat(self, msg: Message) -> None:
        with self._cond:
            link = self.link
            if link is None:  # the link's first read of the room: said once attached
                self._early_chat.append(msg)
                return
        if msg.sender == link.transport.user_id:
            return
        seat = link.state.seat_of(msg.sender)
        name = link.state.names[seat] if seat is not None else msg.sender
        if msg.body == online_phrases.rematch_body(name):
            rematch = tuple(online_prompts.asks_rematch(name))
            self._put(Heard("chat", lines=rematch, away=rematch))
            return
        self._put(Heard("chat", lines=tuple(online_prompts.chat_line(name, msg.body)),
                        away=tuple(online_prompts.chat_not_open(name, msg.body))))

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
        return self._relayed(heard)

    def _relayed(self, heard: Heard) -> Relayed:
        link = self.link
        assert link is not None
        if heard.kind == "chat":  # counted once said, so one still waiting at the end is said at the next start
            online_since.chat_said(link.journal)
        if heard.counted:  # a refusal heard in the room: the same
            online_since.refusal_said(link.journal)
        if heard.kind in ("refused", "chat"):
            return Relayed(heard.lines)
        if self.game is None:  # the deal's set-up; the game is seated once every record queued is in
            setting = self._setting_up(heard)
            with self._cond:
                more = any(h.kind == "record" for h in self._feed)
            if more or not (link.state.playing or link.state.over):
                return setting
            seated = self._seat(link)
            return Relayed(setting.said + seated.said, None, seated.after)
        applied = heard.applied
        if applied is None or heard.at <= self._at:
            return Relayed()  # in the game already (seated after it)
        record = applied.record
        names = link.state.names
        mine = record.seat == link.state.my_seat
        if record.kind in ACTION_KINDS and heard.view is not None:
            self._at = heard.at
            online_since.note_seen(link.journal, len(heard.view.history))  # said now
            first: tuple[str, ...] = () if mine else tuple(prompts.move_arrived_lines(names[record.seat]))
            if record.kind == "accept":  # its end is said once the deal is checked
                first += tuple(online_prompts.accepted_last_play(names[record.seat], mine))
            after = (online_prompts.tiles_coming(heard.coming),) if heard.coming and mine else ()
            if self._end_offer is not None:  # a turn of the game: the offer to end it lapsed
                self._end_offer = None
                first = (prompts_homes.END_OFFER_LAPSED, *first)
            return Relayed(first, self._sync(heard.view, applied.events), after)
        self._at = heard.at
        said: tuple[str, ...] = agreement_lines(self, record) if record.kind in AGREEMENT_KINDS else ()
        if not known_kind(record) and not mine:  # a later program's step: taken, and said it was missed
            said = newer_lines(link, names[record.seat])  # once a game
        if record.kind == "resign":
            said = tuple(online_prompts.resigned(names[record.seat], mine))
        late = link.state.timed_out
        if record.kind == "claim" and late is not None:
            said = (*online_prompts.lost_on_time(names[late], late == link.state.my_seat),
                    *online_since.unchecked_lines(link))  # the late program's keys not come
        if applied.final is not None:
            assert self.game is not None
            online_end.checked(self.game, applied.final.totals, applied.final.loser, applied.final.agreed)
            said += tuple(applied.final.lines) + online_end.keep_record(self.session, link, names, applied.final.gcg)
            online_end.review_from(self.session, self.game, applied.final)
            online_since.end_said(link.journal)  # said at its table: not at a start
            said += (online_prompts.REMATCH_HOW,)
        return Relayed(said)

    def _setting_up(self, heard: Heard) -> Relayed:
        """A record of the deal's set-up, before the game starts."""
        applied = heard.applied
        link = self.link
        if applied is None or link is None or applied.record.kind != "join":
            return Relayed()
        if applied.record.seat == link.state.my_seat:
            return Relayed()
        return Relayed(tuple(online_prompts.accepted(link.state.names[applied.record.seat])))

    def _seat(self, link: GameLink) -> Relayed:
        """The deal is done (or the game resumed): the game comes to the table."""
        with link._lock:
            view, coming = snapshot(link)
            at = len(link.state.log)
            names = link.state.names
            me = link.state.my_seat
            final = link.state.final
        assert view is not None
        if final is not None:  # it ended while this table was not open: it comes to the table ended
            online_end.checked(view, final.totals, final.loser, final.agreed)
        seats = [Seat(n) for n in names]
        others = [n for i, n in enumerate(names) if i != me]
        session = self.session
        lines = online_prompts.game_with(others)
        last = phrases.last_move_event(list(view.history))
        if final is not None:
            lines += online_end.ended_lines(link, final, online_end.ended_record(session, link, final))
            online_since.end_said(link.journal)
        elif last is not None:  # opened again: every move since the player last saw it, the scores
            lines += online_since.opening_lines(link.journal, view, names, me) + phrases.scores_lines(
                names, view.scores(), me)
        elif view.board.is_empty():
            lines.append(online_phrases.first_player_line(names[view.current]))
        online_since.note_seen(link.journal, len(view.history))
        if final is None:  # ready, and said so by seating it: no news of it later
            online_since.ready_said(link.journal)
        lines += online_since.unchecked_lines(link)  # claimed: the late program's keys not come
        lines += standing_offer_lines(self, view)  # an offer to end it, made while it was not open
        seating = Seating(view, seats, {}, SetupFlow(seats=list(seats), rules=view.rules), lines, saved=True)
        said = session.sit(seating, {n: RemoteSeat() for n in others})
        self.game = session.match.game if session.match is not None else None
        if final is None and session.match is not None and me is not None and view.current != me \
                and not link.seedless:  # the other's turn: the rack read, to think ahead (none here: not "empty")
            said += session.match.rack_reply(session.match.rack_of(me))
        self._at = at
        session.acting.relay = self
        if final is not None:
            online_end.review_from(self.session, self.game, final)
        after: tuple[str, ...] = (online_prompts.tiles_coming(coming),) if coming and final is None else ()
        if link.seedless and final is None:  # they never come here: what the player can do instead
            after = tuple(prompts_homes.SEEDLESS_AT_TABLE)
        return Relayed(tuple(said), None, after)

    def _sync(self, view: Game, events: tuple[Event, ...]) -> Callable[[Game], Event]:
        """The action that brings the table's game to the room's: the view
        taken when the record was applied; its events said as
        :func:`quiet_draws` leaves them."""

        def do(game: Game) -> Event:
            game.__dict__.update(view.__dict__)
            game.bag.game = game  # type: ignore[attr-defined]
            game.last_events = quiet_draws(events)
            return events[-1]

        return do

    # ------------------------------------------------------------ acting here
    def send(self, game: Game, do: Callable[[Game], Event]) -> list[str]:
        """An action typed here: tried on a copy (the core's refusal as it
        is), sent, and waited for until it comes back from the room."""
        link = self.link
        assert link is not None
        trial = copy_game(game)
        do(trial)  # the core refuses an illegal action: nothing is sent
        action = action_of(trial.last_events)
        # the bag's new shuffle after an exchange, or this side's new tiles'
        # keys, may still be on their way when "Your turn." is said: a moment
        end = time.monotonic() + ECHO_WAIT
        while not link.ready_for(action) and time.monotonic() < end:
            with self._cond:  # woken by each record heard (never holding the link's lock here)
                self._cond.wait(0.1)
        # refused (OnlineError, its sentence): nothing sent; else sent from the
        # link's outbox, tried again until the homeserver takes it
        if self._sent_back(lambda: link.send_action(action, queued=True)):
            return []
        return [online_prompts.SEND_WHEN_BACK if link.unsent else online_prompts.SENT_WAITING]

    def _sent_back(self, send: Callable[[], None]) -> bool:
        """``send`` a record of this side's (from the link's outbox), then
        wait until it (or another of this side's) comes back from the room,
        or is refused (True: another player's record, chat line or refusal
        does not end the wait); False at once when
        the homeserver is known not to answer (the transport's
        ``offline``: it goes when the server is back), else after the wait."""
        link = self.link
        assert link is not None
        with self._cond:
            heard, refusals = self._heard, self._refusals
        send()
        end = time.monotonic() + ECHO_WAIT
        back = down = False
        while not (back or down) and time.monotonic() < end:
            with self._cond:
                back = self._cond.wait_for(lambda: self._heard > heard or self._refusals > refusals, 0.2)
            down = not back and bool(link.unsent) and bool(getattr(link.transport, "offline", False))
        return back

    def say(self, text: str) -> None:
        """A chat line to the room."""
        assert self.link is not None
        self.link.say(text)

    def resign(self) -> list[str]:
        """Resign: said as sent once the room has it, or kept and said so
        while the homeserver does not answer (it goes when it is back)."""
        link = self.link
        assert link is not None
        sent = prompts_homes.RESIGNED_KEYS_LOST if link.seedless else online_prompts.RESIGN_SENT
        if self._sent_back(link.resign) or not link.unsent:
            return [sent]
        return list(online_prompts.RESIGN_WHEN_BACK)

    def agreement(self, kind: str) -> bool:
        """Offer to end the game here, agree, or decline (refused at once,
        its sentence, when it may not be sent now): whether the room has it
        back (else it goes when the server is back)."""
        link = self.link
        assert link is not None
        return self._sent_back(lambda: link.agreement(kind)) or not link.unsent

    def claim(self, now_ms: int) -> list[str]:
        """Claim on time (refused at once, its sentence, when too early): as :meth:`resign`."""
        link = self.link
        assert link is not None
        if self._sent_back(lambda: link.claim(now_ms)) or not link.unsent:
            return list(online_prompts.CLAIM_SENT)
        return [online_prompts.CLAIM_WHEN_BACK]
