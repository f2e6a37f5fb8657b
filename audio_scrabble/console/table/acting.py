"""How an action is made at the table: :class:`Acting`.

Every change to the game goes through :meth:`Acting.act`: compute (the
core refuses an illegal action with its typed error, changing nothing),
save, then say what happened and whose turn it is. Plays (with their
blank and "play it?" questions, see :mod:`.plays`), the acceptance of a
final play and the decisions of the seats that are not a person's are
made through it: a computer's (its move chosen off the input thread, see
:mod:`.thinking`) and a remote player's (its action arrived in the seat's
inbox, see :mod:`.seats`). :meth:`Acting.steps` is the one loop over
those seats; the application and the session both run it. A game between
homes sets :attr:`Acting.relay` (:mod:`.online_table`): an action made
here goes to the room instead, and is made when it comes back, with
everything else the room applied, in the room's order.

Acting is built with what it needs, not the whole session: a way to
reach the match (:class:`Reach`: the match, its sound cues and word
list, and the question open, nothing else), the saver (as a function that saves and says what
to say), the thinker, the transcript, the settings and a place for a
developer's traceback. It returns what to say, and a question to open as a decision
(:class:`Made`); it never sets the session's state.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Protocol

from ...core.events import Event
from ...core.game import Game
from ...errors import ActionNotAllowed, IllegalPlay, ScrabbleError
from ...notation.typed import DirectionUnclear, Draft
from ...presentation import online_prompts, prompts
from ...presentation.phrases import Style
from .. import services
from . import plays, thinking
from ..output.cues import Cues
from .match import Match, need
from ..output.output import Transcript
from ..files.saving import kept_by_room
from ..asking.questions import Question
from ..asking.settings import Settings
from .seats import Notices, Relay, Relayed
from .table import ComputerAction
from .thinking import Thinker


class Reach(Protocol):
    """How acting reaches the game at the table, which changes as games come and go."""

    @property
    def match(self) -> Match | None: ...

    @property
    def cues(self) -> Cues | None: ...

    @property
    def lexicon(self) -> Any: ...

    @property
    def question(self) -> Question | None: ...


@dataclass
class Made:
    """What came of a play: the lines to say, and the question to open (if any)."""

    lines: list[str]
    question: Question | None = field(default=None)


class Acting:
    """Makes the game's actions at the table: compute, save, then say."""

    def __init__(self, reach: Reach, autosave: Callable[[], list[str]], thinker: Thinker, out: Transcript,
                 settings: Settings, report: Callable[[str], None]):
        self._reach = reach
        self._autosave = autosave
        self.thinker = thinker
        self._out = out
        self._settings = settings
        #: keeps a computer's mistake's traceback, for developers
        self._report = report
        #: the engine's move generator has been warmed up (the house rule will ask)
        self.warmed = False
        #: a game between homes at the table: its actions are made when they come back from the room
        self.relay: Relay | None = None
        #: what arrived in games not open at the table, said once
        self.notices = Notices()

    def _match(self) -> Match | None:
        return self._reach.match

    def _cues(self) -> Cues | None:
        return self._reach.cues

    def _style(self) -> Style:
        return self._settings.style

    def playing(self) -> Match:
        return need(self._match())

    def _refused(self) -> None:
        cues = self._cues()
        if cues is not None:
            cues.refused()

    # ------------------------------------------------------------ one action
    def act(self, do: Callable[[Game], Event], quiet_turn_of: int | None = None,
            arrived: bool = False) -> list[str]:
        """Do one game action: compute, save, then say what happened and
        whose turn it is. Whose turn it is goes unsaid when it is still
        ``quiet_turn_of``'s (a computer that challenged on its turn, which
        was just said). An action made here (not ``arrived`` from a remote
        player) is handed to the table's outward hook once made."""
        match = self.playing()
        game = match.game
        relay = self.relay if self.relay is not None and self.relay.owns(game) else None
        if kept_by_room(game) and not arrived:  # a game between homes: sent, made when it comes back
            if relay is None:
                raise ActionNotAllowed(online_prompts.GAME_CLOSED)
            return relay.send(game, do) + self.relayed_all()
        made = match.announce_action(do)
        lines = made.lines
        if match.table.outward is not None and not arrived:
            match.table.outward(made.events)
        if not self.warmed and len(game.bag) < 20 and game.move_finder is not None:
            self.warmed = True  # the house rule will soon ask whether anyone can move
            services.warm_move_finder(self._reach.lexicon)
        lines.extend(self._autosave())  # not a game between homes: its room keeps it
        cues = self._cues()
        if cues is not None:  # the sound once the game is saved
            cues.after_action(made.events, made.your_turn)
        quiet = (quiet_turn_of is not None and game.current == quiet_turn_of
                 and not game.is_over and not game.awaiting_final_challenge)
        if not quiet:
            review = services.engine_available() and not kept_by_room(game)  # no review between homes yet
            lines.extend(match.turns.lines(made.round_end, engine=review))
        if match.table.hand_over_due():
            # The turn leaves a person at a shared computer: their rack (and its
            # hints) leave the screen and the screen reader's review buffer
            # before this is printed, so the next person reads all that follows
            # (the computers' moves too, printed after it).
            match.table.rack_shown = None
            self._out.hand_over()
        return lines

    def accept_final(self) -> list[str]:
        """``accept`` when a player has gone out: the people at the table
        accept; a computer still to decide then decides, else the game ends.
        With no last play waiting on it, what stands and whose turn it is."""
        match = self.playing()
        match.table.not_elsewhere()  # a game played elsewhere now: that, first and alone
        stands = match.nothing_to_accept()
        if stands is not None:
            return stands
        remote = match.table.remote_due()
        if remote is not None:  # the remote player decides; nobody here accepts for them
            raise match.table.wait_for(remote)
        said = match.people_accept()
        if said is None:
            return self.act(lambda g: g.accept())
        return said

    # ------------------------------------------------------------ plays
    def start_play(self, draft: Draft | DirectionUnclear, action: str) -> Made:
        """Play or check a draft; ask for the letters of blanks first."""
        return self._carry_play(plays.start(self.playing().game, draft, action, self._style(), self._settings,
                                            self._held()))

    def finish_play(self, draft: Draft, action: str, confirmed: bool = False) -> Made:
        """A draft whose blanks are named (and, when asked, confirmed)."""
        return self._carry_play(plays.finish(self.playing().game, draft, action, self._style(), confirmed,
                                             self._settings, self._held()))

    def _held(self) -> list[str]:
        """The rack of the player to move, in the order they keep it."""
        match = self.playing()
        return match.racks.rack_of(match.game.current)

    def _carry_play(self, outcome: plays.PlayOutcome) -> Made:
        """The question the play needs, or the play made."""
        if outcome.refused:
            self._refused()
        play = outcome.play
        if play is None:
            return Made(outcome.lines, outcome.question)
        game = self.playing().game
        try:
            return Made(self.act(lambda g: g.place(play)))
        except IllegalPlay as e:
            self._refused()
            return Made(plays.illegal_play_lines(game, e, play, self._style(), self._held()))

    # ------------------------------------------------------------ the seats that are not a person's
    def due(self) -> bool:
        """Whether a seat that is not a person's acts now: a computer, or a
        remote player whose action has arrived."""
        if self.arrived():
            return True
        match = self._match()
        return match is not None and match.table.remote_due() is None and match.table.computer_to_move()

    def arrived(self) -> bool:
        """Whether the remote player the table waits for has sent their action."""
        match = self._match()
        remote = match.table.remote_due() if match is not None else None
        if self.notices.pending or (self.relay is not None and self.relay.arrived):  # what the room applied
            return True
        return match is not None and remote is not None and match.table.remotes[remote].arrived

    def long_think_due(self) -> bool:
        """Whether a computer is about to think over its move a long while (the champion)."""
        match = self._match()
        return match is not None and match.table.thinker() is not None

    def ready(self) -> bool:
        """Whether something waits to be said: a move chosen, or an action arrived."""
        return self.thinker.ready or self.arrived()

    def steps(self, wait: bool = True, again: bool = False) -> Iterator[list[str]]:
        """The one loop over the seats that are not a person's: each
        decision's lines as it is made, until a person must act. A
        computer's challenge or acceptance is made at once; its move is
        chosen on the thinker's thread ("thinking" said once before a long
        think); unless ``wait``, a long think is left running (the
        application says the move once chosen). A remote player's action is
        made once it has arrived: nothing arrived, the table waits for it.

        ``again`` (the application, saying news on its own): once any was
        said while a question is open (``quit``'s yes or no), the question
        again after it in one short line, once (``Question.again``): the
        prompt alone shows it still open, and speech does not read the
        prompt."""
        said = False
        try:
            for lines in self._decisions(wait):
                said = said or bool(lines)
                yield lines
        except Exception as e:  # a bug must not end the program: said once; the next line goes on
            said = True
            yield self._out.reply(self._failed(e))
        question = self._reach.question if again and said else None
        lines = question.again() if question is not None else []
        if lines:
            yield self._out.reply(lines)

    def _decisions(self, wait: bool) -> Iterator[list[str]]:
        """:meth:`steps`' loop."""
        thinker = self.thinker
        while True:
            if self.notices.pending:  # a move in a game not open here
                yield self._out.reply(self.notices.take())
                continue
            relay = self.relay
            if relay is not None and relay.arrived:  # what the room applied, in its order
                yield self._out.reply(self._relayed_next(relay))
                continue
            match = self._match()
            remote = match.table.remote_due() if match is not None else None
            if thinker.busy:
                if not (wait or thinker.ready or not thinker.long):
                    return  # the champion thinks; the player's commands are answered meanwhile
                thinker.wait()
                yield self.computer_done()
            elif remote is not None:
                if not self.arrived():
                    return  # the table waits for it to arrive
                yield self.take_arrived()
            elif match is not None and match.table.computer_to_move():
                yield self.computer_thinking()  # said before a long think, once a move
                made = self.start_computer()
                if made is not None:  # a challenge or an acceptance, made at once
                    yield made
            else:
                return  # a person here must act

    def run_computers(self, limit: int = 400) -> list[str]:
        """Every decision due now, each waited for, until a person must act."""
        lines: list[str] = []
        for said in self.steps(wait=True):
            lines.extend(said)
            limit -= 1
            if limit <= 0:
                break
        return lines

    def news_waiting(self) -> bool:
        """Whether a line typed may have news to say first: a game at the
        table, a game between homes, or a move in a game not open here."""
        return self._match() is not None or self.relay is not None or self.notices.pending

    def take_arrived(self) -> list[str]:
        """What arrived, made and said once, then whose turn: everything the
        room applied so far (a game between homes), else the action that
        arrived for the remote player the table waits for (nothing arrived:
        nothing); first, what arrived in games not open here."""
        said = self.notices.take()
        try:
            if self.relay is not None and self.relay.arrived:
                return self._out.reply(said + self.relayed_all())
            match = self._match()
            table = match.table if match is not None else None
            seat = table.remote_due() if table is not None else None
            move = table.remotes[seat].take() if table is not None and seat is not None else None
            if seat is None or move is None:
                return self._out.reply(said) if said else []
            return self._arrived(seat, move.action(seat), said)
        except Exception as e:  # a bug must not end the program (nor lose the line typed after it)
            return self._out.reply(said + self._failed(e))

    def _failed(self, error: Exception) -> list[str]:
        """News that could not be said (a bug): its traceback kept for
        developers, one sentence said; the game goes on."""
        self._report(traceback.format_exc())
        return prompts.news_failed(type(error).__name__)

    def _relayed_next(self, relay: Relay) -> list[str]:
        """The next thing the room applied, made and said; one that cannot
        be (a bug) says so in one sentence, and the rest still come."""
        try:
            item = relay.take()
            return self._relayed(item) if item is not None else []
        except Exception as e:
            return self._failed(e)

    def _relayed(self, item: Relayed) -> list[str]:
        """What the room applied, made at the table: its lines, the action
        that brings the table's game to the room's, then its last lines."""
        lines = list(item.said)
        if item.do is not None and self._match() is not None:
            lines += self.act(item.do, arrived=True)
        return lines + list(item.after)

    def relayed_all(self) -> list[str]:
        """Everything the room applied so far, made and said in order."""
        lines: list[str] = []
        relay = self.relay
        while relay is not None and relay.arrived:
            lines += self._relayed_next(relay)
        return lines

    def _arrived(self, seat: int, do: Callable[[Game], Event], said: list[str]) -> list[str]:
        """A remote player's action, arrived: said once, made, then whose turn."""
        name = self.playing().names[seat]
        try:
            lines = prompts.move_arrived_lines(name) + self.act(do, arrived=True)
        except ScrabbleError as e:  # not a legal action here: nothing changes
            lines = prompts.arrived_refused(name, str(e))
        return self._out.reply(said + lines)

    def computer_thinking(self) -> list[str]:
        """Said once before a computer that simulates starts on its move
        (the champion), so the wait is never silent."""
        match = self._match()
        thinker = match.table.thinker() if match is not None else None
        return [] if thinker is None else self._out.reply([prompts.thinking(thinker)], remember=False)

    def start_computer(self) -> list[str] | None:
        """Begin the next computer decision. A challenge or an acceptance is
        made at once: its lines. A move of its own is chosen on the thinker's
        thread, on a copy of the game (None: :meth:`computer_done` makes it
        once chosen), so the player's input is never held up meanwhile."""
        match = self.playing()
        action = match.table.computer_action()
        if action.mover is None:
            return self._make(action)
        i, game = action.mover, match.game
        long = match.table.thinks_long(i)
        copy = thinking.snapshot(game)
        thought = thinking.Thought(i, match, len(game.actions), long)
        self.thinker.start(thought, lambda: match.table.choose(i, copy))
        return None

    def computer_done(self) -> list[str]:
        """The move chosen on the thinker's thread, made and said (the same
        lines as any computer's move); nothing while it is not chosen yet. A
        move chosen for a game that has changed since is dropped (the commands
        that change the game are refused meanwhile, so only a game left does)."""
        thought = self.thinker.take()
        match = self._match()
        if thought is None or match is None or match is not thought.match \
                or len(match.game.actions) != thought.actions \
                or match.game.current != thought.mover or match.game.is_over:
            return []
        return self._make(match.table.move_action(thought.mover, thought.future.result))

    def computer_turn(self) -> list[str]:
        """One computer decision, waited for: a challenge, an acceptance or its move."""
        made = self.start_computer()
        if made is not None:
            return made
        self.thinker.wait()
        return self.computer_done()

    def _make(self, action: ComputerAction) -> list[str]:
        """Carry out a computer's decision through :meth:`act`; its move refused
        by the rules (a computer's mistake) becomes a pass."""
        table = self.playing().table
        assert action.do is not None
        try:
            lines = action.said + self.act(action.do, action.quiet_turn_of)
        except ScrabbleError:
            if not action.own_move:
                raise
            # Its move was refused by the rules (a computer's mistake): it passes.
            self._report(traceback.format_exc())
            action = table.computer_passes(self.playing().game.current)
            assert action.do is not None
            lines = action.said + self.act(action.do)
        if table.last_error is not None:
            self._report(table.last_error)
            table.last_error = None
        return self._out.reply(lines)
