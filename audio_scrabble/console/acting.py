"""How an action is made at the table, for the session's front.

Every change to the game goes through :func:`act`: compute (the core
refuses an illegal action with its typed error, changing nothing), save,
then say what happened and whose turn it is. Plays (with their blank and
"play it?" questions, see :mod:`.plays`), the acceptance of a final play
and the computers' decisions (one loop, :func:`run_computers`) are made
through it; a computer's move is chosen off the input thread
(:mod:`.thinking`) and made here once chosen. Like the commands, these
functions work on the session's front; the session's own methods of the
same names call them.
"""

from __future__ import annotations

import traceback
from typing import Any, Callable

from ..core.events import Event
from ..core.game import Game
from ..errors import IllegalPlay, ScrabbleError
from ..notation.typed import Draft
from ..presentation import prompts
from . import plays, services, thinking


def act(session: Any, do: Callable[[Game], Event], quiet_turn_of: int | None = None) -> list[str]:
    """Do one game action, then say what happened and whose turn it is.
    Whose turn it is goes unsaid when it is still ``quiet_turn_of``'s (a
    computer that challenged on its turn, which was just said)."""
    match = session.playing()
    game = match.game
    lines, round_end = match.announce_action(do, session.cues)
    if not session._warmed and len(game.bag) < 20 and game.move_finder is not None:
        session._warmed = True  # the house rule will soon ask whether anyone can move
        services.warm_move_finder(session.lexicon)
    lines.extend(session._autosave())
    quiet = (quiet_turn_of is not None and game.current == quiet_turn_of
             and not game.is_over and not game.awaiting_final_challenge)
    if not quiet:
        lines.extend(session._turn_lines(round_end))
    if match.table.hand_over_due():
        # The turn leaves a person at a shared computer: their rack (and its
        # hints) leave the screen and the screen reader's review buffer
        # before this is printed, so the next person reads all that follows
        # (the computers' moves too, printed after it).
        match.table.rack_shown = None
        session.out.hand_over()
    if not session.defer_computer:
        lines.extend(session.run_computers())
    return lines


def accept_final(session: Any) -> list[str]:
    """``accept`` when a player has gone out: the people at the table
    accept; a computer still to decide then decides, else the game ends.
    With no last play waiting on it, what stands and whose turn it is."""
    match = session.playing()
    stands = match.nothing_to_accept()
    if stands is not None:
        return stands
    said = match.people_accept()
    if said is None:
        return act(session, lambda g: g.accept())
    return said + ([] if session.defer_computer else session.run_computers())


def start_play(session: Any, draft: Draft, action: str) -> list[str]:
    """Play or check a draft; ask for the letters of blanks first."""
    return _carry_play(session, plays.start(session.need_game(), draft, action, session.style, session.settings))


def finish_play(session: Any, draft: Draft, action: str, confirmed: bool = False) -> list[str]:
    """A draft whose blanks are named (and, when asked, confirmed)."""
    return _carry_play(session, plays.finish(session.need_game(), draft, action, session.style, confirmed,
                                             session.settings))


def _carry_play(session: Any, outcome: plays.PlayOutcome) -> list[str]:
    """Open the question the play needs, or make the play."""
    if outcome.question is not None:
        session.question = outcome.question
    if outcome.refused and session.cues is not None:
        session.cues.refused()
    play = outcome.play
    if play is None:
        return outcome.lines
    try:
        return act(session, lambda g: g.place(play))
    except IllegalPlay as e:
        if session.cues is not None:
            session.cues.refused()
        return session.refusal(e) if session.style.brief else prompts.refusal_said(plays.explain_rack(session.game, e, play))


def computer_thinking(session: Any) -> list[str]:
    """Said once before a computer that simulates starts on its move
    (the champion), so the wait is never silent."""
    thinker = session.match.table.thinker() if session.match is not None else None
    return [] if thinker is None else session._reply([prompts.thinking(thinker)], remember=False)


def start_computer(session: Any) -> list[str] | None:
    """Begin the next computer decision. A challenge or an acceptance is
    made at once: its lines. A move of its own is chosen on the thinker's
    thread, on a copy of the game (None: :func:`computer_done` makes it
    once chosen), so the player's input is never held up meanwhile."""
    match = session.playing()
    action = match.table.computer_action()
    if action.mover is None:
        return _make(session, action)
    i, game = action.mover, match.game
    long = match.table.thinks_long(i)
    copy = thinking.snapshot(game)
    thought = thinking.Thought(i, match, len(game.actions), long)
    session.thinker.start(thought, lambda: match.table.choose(i, copy))
    return None


def computer_done(session: Any) -> list[str]:
    """The move chosen on the thinker's thread, made and said (the same
    lines as any computer's move); nothing while it is not chosen yet. A
    move chosen for a game that has changed since is dropped (the commands
    that change the game are refused meanwhile, so only a game left does)."""
    thought = session.thinker.take()
    match = session.match
    if thought is None or match is not thought.match or len(match.game.actions) != thought.actions \
            or match.game.current != thought.mover or match.game.is_over:
        return []
    return _make(session, match.table.move_action(thought.mover, thought.future.result))


def computer_turn(session: Any) -> list[str]:
    """One computer decision, waited for: a challenge, an acceptance or its move."""
    made = start_computer(session)
    if made is not None:
        return made
    session.thinker.wait()
    return computer_done(session)


def _make(session: Any, action: Any) -> list[str]:
    """Carry out a computer's decision through :func:`act`; its move refused
    by the rules (a computer's mistake) becomes a pass."""
    table = session.playing().table
    try:
        lines = action.said + act(session, action.do, action.quiet_turn_of)
    except ScrabbleError:
        if not action.own_move:
            raise
        # Its move was refused by the rules (a computer's mistake): it passes.
        session.last_error = traceback.format_exc()
        action = table.computer_passes(session.need_game().current)
        lines = action.said + act(session, action.do)
    if table.last_error is not None:
        session.last_error, table.last_error = table.last_error, None
    return session._reply(lines)


def run_computers(session: Any, limit: int = 400) -> list[str]:
    """Every computer decision due now, until a person must act: the one
    loop, waiting for each move (a move already being chosen first)."""
    lines: list[str] = []
    saved = session.defer_computer
    session.defer_computer = True
    try:
        if session.thinker.busy:
            session.thinker.wait()
            lines.extend(computer_done(session))
        while limit > 0 and session.computer_to_move():
            lines.extend(computer_thinking(session))
            lines.extend(computer_turn(session))
            limit -= 1
    finally:
        session.defer_computer = saved
    return lines
