"""What a game between homes uses of the session (:class:`Host`), and what
a game not open at the table says: a line above the prompt, once
(:func:`notice`), for another player's move, resignation or chat line,
and a refusal or a send that failed, naming the game (:func:`hear_away`);
what a refusal says (:func:`refusal_lines`)."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol, Sequence

from ...errors import OnlineError
from ...online.match import GameLink
from ...online.record import ACTION_KINDS, AGREEMENT_KINDS
from ...online.referee import Applied, FinalCheck
from ...online.transport import Message
from ...presentation import online_phrases, online_prompts, prompts, prompts_homes
from ..options import Options
from ..table.acting import Acting
from ..table.match import Match
from ..table.opening import Seating
from ..table.seats import RemoteSeat
from ..table.thinking import Thinker
from . import online_games, online_since

__all__ = ["Host", "early_final", "ended_lines", "hear_away", "notice", "ready_lines", "refusal_lines", "result",
           "start_lines"]


class Host(Protocol):
    """What a game between homes uses of the session (a :class:`~.session.Session`)."""

    acting: Acting
    thinker: Thinker
    match: Match | None
    lexicon: Any
    options: Options
    store: Any

    def sit(self, seating: Seating, remotes: Mapping[str, RemoteSeat] | None = None) -> list[str]: ...


def notice(session: Host, lines: Sequence[str], said: Callable[[], None] | None = None) -> None:
    """Lines from a game not open at the table: said once, above the
    prompt; ``said`` noted once they are taken to be said."""
    for k, line in enumerate(lines):
        session.acting.notices.put(line, said if k == len(lines) - 1 else None)
    hook = session.thinker.on_ready  # the app's wake hook
    if hook is not None:
        try:
            hook()
        except Exception:  # the prompt may be gone
            pass


def refusal_lines(link: GameLink, error: OnlineError, msg: Message) -> tuple[str, ...]:
    """What a refusal heard in ``link``'s room says (at its table)."""
    if getattr(error, "code", "") == "out_of_order":
        crossed = _crossed(link, msg)
        if crossed is not None:  # an end by agreement's record in a crossing (both at once)
            return crossed
    if getattr(error, "code", "") == "out_of_order" and link.sent_here(msg):
        # sent from here for a turn another player's record took first (both at once)
        return online_prompts.OWN_CAME_LATE
    return tuple(prompts.refusal_said(str(error)))


def _crossed(link: GameLink, msg: Message) -> tuple[str, ...] | None:
    """A record that lost a crossing (it follows a record of the log, not
    the last: another took its turn), one of the two an offer to end, a
    yes or a no: said for what each was (None: not such a crossing)."""
    record = msg.record if isinstance(msg.record, dict) else {}
    kind, seq = record.get("kind"), record.get("seq")
    log, hashes = link.state.log, link.state.hashes
    if not isinstance(seq, int) or not 0 < seq < len(log) or record.get("prev") != hashes[seq - 1]:
        return None  # not a record that crossed one taken (a forged or a stale one)
    first = log[seq]
    if kind not in AGREEMENT_KINDS and first.kind not in AGREEMENT_KINDS:
        return None
    names = link.state.names
    if link.sent_here(msg):
        return tuple(prompts_homes.came_first(names[first.seat], first.kind, str(kind)))
    seat = record.get("seat")
    if not isinstance(seat, int) or link.state.seat_of(msg.sender) != seat:
        return None  # not the named player's own record: said as any refusal
    return tuple(prompts_homes.came_late(names[seat], str(kind)))


def ready_lines(home: Any, link: GameLink) -> list[str]:
    """The deal done while the game was not open: that it is ready, whose
    turn, and what to type: its number as ``open N`` reads it (after the
    games on file ``games`` listed), even when it is the only game (plain
    ``open`` opens that only after ``games`` said it alone)."""
    state = link.state
    names, me = state.names, state.my_seat
    game = state.game
    turn = game.current if game is not None else 0
    rooms = online_games.listed(home) if home is not None else []
    first = getattr(home, "first_number", 1)
    number = first + rooms.index(link.room) if link.room in rooms else None
    others = [n for i, n in enumerate(names) if i != me]
    return prompts_homes.game_ready(others, names[turn], turn == me, number)


def hear_away(session: Host, link: GameLink, home: Any = None) -> None:
    """While ``link``'s game is not open at the table: another player's
    move, resignation or win on time is said once, in a short line (refereed all the
    same); their chat line once, whole (marked heard by the link, it would
    not come again when the game is opened; counted in the game's log once
    taken to be said, so one still waiting when the program ends is said
    at its next start); a refusal, or a record of this side's the
    homeserver would not take, once, naming the game (the link hears each
    message once: it would not come again either; a refusal counted in the
    game's log once said, as a chat line)."""

    def named(sentence: str) -> list[str]:
        others = [n for i, n in enumerate(link.state.names) if i != link.state.my_seat]
        return online_prompts.refused_not_open(others, sentence)

    def on_refused(error: OnlineError, msg: Message) -> None:  # counted once said (else said at the next start)
        notice(session, named(" ".join(refusal_lines(link, error, msg))), lambda: online_since.refusal_said(link.journal))

    def on_send_failed(error: OnlineError) -> None:
        if getattr(error, "code", "") != "unreachable":  # said when the move was typed
            notice(session, named(str(error)))

    said_end: list[tuple[Any, ...]] = []  # the end said as a resignation or a claim came, before its check

    def say_end(final: FinalCheck) -> None:
        notice(session, ended_lines(link, final), lambda: online_since.end_said(link.journal))

    ready: list[bool] = []  # said (or waiting above the prompt) once

    def on_record(applied: Applied) -> None:
        record = applied.record
        final = applied.final
        if not ready and online_since.ready_due(link):  # the deal done here, no table open: news, once
            ready.append(True)
            notice(session, ready_lines(home, link), lambda: online_since.ready_said(link.journal))
        if final is not None:  # the end, checked (whoever's keys came last): how, who won, once
            known = said_end or online_since.end_known(link.journal)  # said already, here or at a start
            if final.checked and known and (not said_end or said_end[-1] == result(final)):
                return  # the check agrees with what was said: nothing new
            say_end(final)
            return
        if record.seat == link.state.my_seat or not 0 <= record.seat < len(link.state.names):
            return
        name = link.state.names[record.seat]
        if record.kind in ACTION_KINDS:
            notice(session, online_prompts.moved_not_open(name))
        elif record.kind in ("resign", "claim"):  # the end, said at once (its check may be slow or never come)
            early = early_final(link, record.seat if record.kind == "resign" else None)
            if early is not None:
                said_end.append(result(early))
                if record.kind == "resign":
                    say_end(early)
                else:  # who lost on time, naming the game, and who won
                    late, state = early.timed_out, link.state
                    assert late is not None
                    lost = online_prompts.lost_on_time(state.names[late], late == state.my_seat)
                    won = prompts_homes.who_won(state.names, state.my_seat, _winners(early), early.totals)
                    notice(session, named(" ".join((*lost, won))), lambda: online_since.end_said(link.journal))
            elif record.kind == "resign":
                notice(session, online_prompts.resigned_not_open(name))
        elif record.kind == "offer_end":  # answered when the game is opened (or lapsed by then)
            others = [n for i, n in enumerate(link.state.names) if i != link.state.my_seat]
            notice(session, prompts_homes.end_offered_not_open(others, name))
        elif record.kind == "decline_end":  # the no to this player's offer: said, naming the game
            notice(session, named(" ".join(prompts_homes.end_declined(name, False))))

    def on_chat(msg: Message) -> None:
        if msg.sender == link.transport.user_id:
            return  # this player's own, from another of their devices
        seat = link.state.seat_of(msg.sender)
        name = link.state.names[seat] if seat is not None else msg.sender
        counted = lambda: online_since.chat_said(link.journal)  # noqa: E731  # said: not at the next start
        if msg.body == online_phrases.rematch_body(name):
            notice(session, online_prompts.asks_rematch(name), counted)
        else:
            notice(session, online_prompts.chat_not_open(name, msg.body), counted)

    link.on_record = on_record
    link.on_chat = on_chat
    link.on_refused = on_refused
    link.on_send_failed = on_send_failed


def early_final(link: GameLink, resigned: int | None) -> FinalCheck | None:
    """The end of a game decided by a resignation (``resigned``) or a loss
    on time (the state's), as it comes, before the deal is checked: the
    scores as they stand (the check replays the same moves, the loser
    winning nothing); None when the game has no scores yet."""
    state = link.state
    game = state.game
    late = state.timed_out if resigned is None else None
    if game is None or (resigned is None and late is None):
        return None
    return FinalCheck(tuple(game.scores()), "", resigned, timed_out=late)


def result(final: FinalCheck) -> tuple[Any, ...]:
    """What an end sentence says of ``final``: who lost by resigning or on time, who won."""
    return final.resigned, final.timed_out, _winners(final)


def _winners(final: FinalCheck) -> tuple[int, ...]:
    loser = final.loser
    best = max((t for i, t in enumerate(final.totals) if i != loser), default=0)
    return tuple(i for i, t in enumerate(final.totals) if t == best and i != loser)


def start_lines(link: GameLink, earlier: list[list[str]] | None = None) -> list[str]:
    """At start: a game between homes that ended while this program was
    not running (its end never said here), how it ended and who won,
    naming it; noted said. ``earlier``: the first start that notes ends
    (the logs' ends were not noted before, :meth:`~.OnlineStore.ends_noted`):
    such a game most likely ended before, its end said then; its other
    players are put there, to be named together as old, not said as new."""
    final = link.state.final
    if final is None or online_since.end_known(link.journal):
        return []
    online_since.end_said(link.journal)
    if earlier is not None:
        earlier.append([n for i, n in enumerate(link.state.names) if i != link.state.my_seat])
        return []
    return ended_lines(link, final)


def ended_lines(link: GameLink, final: FinalCheck) -> list[str]:
    """A game between homes that ended while not open, as its end is
    checked: naming it, how it ended and who won ("In your game with Bob:
    Bob went out; you won by 12."); a deal that did not check out, what
    went wrong."""
    state = link.state
    names, me = state.names, state.my_seat
    others = [n for i, n in enumerate(names) if i != me]
    if not final.checked:
        return online_prompts.refused_not_open(others, " ".join(final.lines))
    ended = getattr(state.game, "ended", None)
    winners = _winners(final)
    out = ended.out_player if ended is not None and ended.reason == "out" else None
    return prompts_homes.ended_not_open(others, names, me, final.totals, winners, out=out, resigned=final.resigned,
                                        timed_out=final.timed_out,
                                        reason="agreed" if final.agreed else ended.reason if ended is not None else "",
                                        scoreless=ended.scoreless_turns if ended is not None else 0)
