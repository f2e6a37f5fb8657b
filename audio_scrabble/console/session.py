"""The console's front: one game, its players, settings and messages.

``Session.handle_line(text)`` answers any line typed, in any state, with
the lines to say; ``key(name)`` a board key; ``prompt_text``,
``interrupt`` (Ctrl-C) and ``end_of_input`` (Ctrl-D) complete the front
that :mod:`.app` wraps. None of it needs prompt_toolkit.

The session is composed of parts, each in its own module: the
:class:`~.match.Match` (table, racks, turns, coach) of the game at the
table, which :class:`~.opening.Opening` builds and the session seats; at
most one open question (:mod:`.questions`) whose answer is a decision the
session carries out; the :class:`~.output.Transcript` and
:class:`~.output.BoardReader`; the :class:`~.saving.Saver`. Actions go
through :class:`~.acting.Acting` (compute, save, then say), which also
runs the one loop over the seats that are not a person's (computers,
remote players: :mod:`.seats`); a refused action (a typed error) changes
nothing and its sentence is said as it is. The commands see the session
through :class:`~.front.GameFront`. What the
session says lives in :mod:`audio_scrabble.presentation.prompts`.

States: resume (an unfinished game is saved), set-up, playing (with
questions on top), hand-over (a rack is never spoken until its owner
presses Enter), over (the board, scores and ``review`` can still be
read; ``new`` starts another game), finished.
"""

from __future__ import annotations

import re
import traceback
from typing import Any, Callable, Mapping, Sequence

from ..core.events import Event
from ..core.game import Game
from ..errors import IllegalPlay, ScrabbleError, WordNotAcceptable
from ..notation.typed import DirectionUnclear, Draft
from ..presentation import layout, prompts
from . import services
from .files import saving
from .files.table_settings import restore_settings
from .handlers import survey_commands
from .table.acting import Acting, Made
from .handlers.commands import a_command, answered_before_the_game, dispatch
from .handlers.helptext import tutorial_steps
from .output.cues import Cues, follow, notice_once, settle
from .table.opening import ComputerFactory, Opening, Seating
from .options import NEW, RESUME, Options
from .output.output import BoardReader, Replying, Transcript
from .asking.questions import (
    Ask, BeginGame, Command, ConfirmQuestion, DeclineSaved, Decision, Leave, NewGame, OpenSaved,
    PlayDraft, Question, Repeat, ResumeQuestion, ResumeSaved, Say, SetupQuestion,
)
from .asking.settings import Settings
from .asking.setup import SetupFlow
from .table.match import Match, Seated
from .table.seats import Outward, RemoteSeat
from .table.thinking import Thinker

SETUP = "setup"
PLAYING = "playing"
OVER = "over"
FINISHED = "finished"

#: the line breaks a pasted text may hold
_LINE_BREAKS = re.compile(r"\r\n|\r|\n")

__all__ = ["Session", "Options", "RESUME", "NEW", "SETUP", "PLAYING", "OVER", "FINISHED"]


class Session(Seated, Replying):
    """The front of one console game: its parts, its settings and its open question.
    What it reads of the game at the table (``game``, ``board``, ``playing()``...)
    is :class:`~.match.Seated`'s."""

    def __init__(
        self,
        options: Options | None = None,
        *,
        lexicon: Any = None,
        computer_factory: ComputerFactory | None = None,
        defer_computer: bool = False,
        store: Any = None,
        sound_player: Callable[[], Any] | None = None,
        remotes: Mapping[str, RemoteSeat] | None = None,
        outward: Outward | None = None,
    ):
        self.options = options or Options()
        self.settings = Settings.from_options(self.options)
        #: makes a started sound player (None: no sounds in this session)
        self._sound_player = sound_player
        self.cues: Cues | None = None
        self.out = Transcript(lambda: self.settings.braille_width,
                              lambda: self.game.names if self.game is not None else (), lambda: self.game)
        self.reader = BoardReader(lambda: self.board, lambda: self.settings.marks)
        self.lexicon = lexicon
        #: when True, the application runs the computers' loop (``acting.steps``), not ``handle_line``
        self.defer_computer = defer_computer
        #: the game at the table, once it has started (see console/table/match.py)
        self.match: Match | None = None
        self._left = False  # the player has left (the session is finished)
        self.setup: SetupFlow | None = None
        #: the one open question (resume, set-up, blank, play it?, leave?), if any
        self.question: Question | None = None
        self.speech_change: str | None = None  # set when the player asks for another speech kind
        self.last_error: str | None = None  # the traceback of an internal error, for developers
        #: where games are saved (a persistence.SaveStore), or None not to save
        self.store = store
        #: loading, offering, resuming and saving games (console/files/saving.py)
        self.saver = saving.Saver(store)
        self.thinker = Thinker()  # chooses computers' moves off the input thread (console/table/thinking.py)
        self.say_at_once: Callable[[list[str]], None] | None = None  # the app's: said before a slow answer ends
        #: remote players' seats by name (console/table/seats.py); the hook an action made here goes out by
        self.remotes, self.outward = dict(remotes or {}), outward
        #: makes every action (console/table/acting.py): compute, save, then say
        self.acting = Acting(self, self._autosave, self.thinker, self.out, self.settings, self.report_error)
        #: how each game comes to the table, and the games counter (console/table/opening.py)
        self.opening = Opening(self.options, computer_factory, lambda: self.settings.think, self.remotes)

    # ================================================================ start
    def start(self) -> list[str]:
        """The opening lines: the first question, or the draw for first player
        (on a session already started, where things stand)."""
        self.follow_sounds_setting()
        self.cues = settle(self.cues, self.settings)  # sounds that cannot start: no news, set says why
        if self.game is not None:
            return self._reply(self._turn_lines())
        if isinstance(self.question, SetupQuestion):
            return self._reply(self.question.setup.question())
        out = [prompts.WELCOME]
        if self.options.position:
            return self._reply(out + self._begin_position())
        if self.options.saved_game == NEW:
            out.extend(self.saver.put_away())  # --new: the unfinished game is put away
        else:
            out.extend(self._look_for_save(at_once=self.options.saved_game == RESUME))
            if self.question is not None or self.game is not None:
                return self._reply(out)  # the question is asked, or the game resumed
        out.extend(self._open_setup())
        return self._reply(out)

    def _open_setup(self) -> list[str]:
        """Begin the questions (or the game, when the command line answered them)."""
        self.setup, out = self.opening.setup_flow()
        if self.setup.done:
            return out + self._begin_game()
        self.question = SetupQuestion(self.setup, lambda: self.style.brief, answered_before_the_game,
                                      lambda: 0 < self.out.tutorial_step < len(tutorial_steps()))
        return out + self.setup.question()

    def _begin_position(self) -> list[str]:
        """``--position``: an unfinished game is put away, then the game
        starts from the position (see console/table/position_start.py)."""
        out = self.saver.put_away()
        try:
            return out + self.sit(self.opening.position(self._word_list()))
        except ScrabbleError as e:
            return out + prompts.refusal_said(str(e)) + self._open_setup()

    def _word_list(self) -> Any:  # the word list games are judged by, loaded when first needed
        if self.lexicon is None:
            self.lexicon = services.load_lexicon(self.options.lexicon)
        return self.lexicon

    def _begin_game(self) -> list[str]:
        assert self.setup is not None
        return self.sit(self.opening.new_game(self.setup, self._word_list()))

    def sit(self, seating: Seating, remotes: Mapping[str, RemoteSeat] | None = None) -> list[str]:
        """Seat a game the opening built (a new match, its cursor); save it
        unless it is on file as it is; say its opening and whose turn it is. ``remotes``:
        a game between homes' seats (question closed; its relay says what follows)."""
        told = self.match.turns.told_challenge if self.match is not None else False
        self._close_computers()
        if remotes is not None:
            self.remotes, self.question = dict(remotes), None
        self.setup = seating.setup
        state = seating.state
        if state is not None:
            self.speech_change = restore_settings(self.settings, self.options, state) or self.speech_change
            told = state.told_challenge
        seated = {i: self.remotes[s.name] for i, s in enumerate(seating.seats) if s.name in self.remotes}
        self.match = Match(seating.game, seating.seats, seating.choosers, self.lexicon, self.settings, told,
                           seated, self.outward)
        if state is not None:
            self.match.racks.restore(dict(state.racks))
        self.reader.reset()
        # a new game's first save puts this window's unfinished game away first: said before the
        # new game's opening (the draw), where the player left it, not between the draw and the turn
        away = [] if seating.saved else self.saver.before_first_save(seating.game)
        lines = away + list(seating.lines) + ([] if seating.saved else self._autosave()) + self._turn_lines()
        return lines if remotes is not None else self._seats_after(lines)

    # ================================================================ saving and resuming
    # The files are the saver's (console/files/saving.py); the session seats what it returns.
    def _look_for_save(self, at_once: bool = False) -> list[str]:
        """Offer to resume an unfinished game; ``at_once`` (``--resume``) resumes it."""
        offer, said = self.saver.offer(self.options.lexicon, self.options.players)
        if offer is None:
            return said + ([prompts.NO_GAME_TO_RESUME, prompts.NEW_GAME_THEN] if at_once else [])
        if at_once:
            return said + self.resume_chosen()
        self.question = ResumeQuestion(lambda: self.style.brief, answered_before_the_game)
        return said + offer.question(self.settings.braille_width)

    def resume_chosen(self) -> list[str]:
        """Rebuild the offered (or chosen: ``open N``) game from its save, exactly
        as it was left, with the seats, word list and settings it was played with."""
        try:
            resumed = self.saver.resume(self.lexicon, self.options.lexicon)
            self.lexicon = resumed.lexicon
            seating = self.opening.resumed(resumed)
        except ScrabbleError as e:
            return prompts.refusal_said(str(e)) + [prompts.STARTING_NEW_INSTEAD] + self._open_setup()
        return self.sit(seating)

    def _open_saved(self, decision: OpenSaved) -> list[str]:
        """``open N`` at the resume or set-up question; if it cannot be, why, and the question."""
        try:
            self.saver.choose(decision.text, self.lexicon, self.options.lexicon, in_play=False)
        except ScrabbleError as e:
            return self.refusal(e) + list(decision.after)
        self.question = None
        return self.resume_chosen()

    def _saved_settings(self) -> Any:
        """What a save keeps beside the game (see :meth:`Match.table_state`)."""
        return self.match.table_state(self.options.lexicon) if self.match is not None else None

    def _autosave(self) -> list[str]:
        """Save the game after an action; what to say."""
        return self.saver.autosave(self.game, self._saved_settings(), self.style.brief)

    def _goodbye(self) -> list[str]:  # leaving: an unfinished game saved once more, as it is (Saver.goodbye)
        return self.saver.goodbye(self.game, self._saved_settings())

    def keep_settings(self) -> list[str]:
        """Save the game in play again, to keep a setting or rack order changed since."""
        return [] if self.store is None or self.game is None or self.game.is_over else self._autosave()

    # ================================================================ reading state
    @property
    def mode(self) -> str:
        """SETUP, PLAYING, OVER (the board can still be read) or FINISHED."""
        if self._left:
            return FINISHED
        if self.match is None:
            return SETUP
        return OVER if self.match.game.is_over else PLAYING

    @property
    def finished(self) -> bool:
        return self._left

    # ================================================================ output
    # (style, braille_mode, _reply, take_display: output.Replying's)
    def key(self, name: str) -> list[str]:
        """A board key pressed on an empty line (see console/output/keys.py)."""
        if name == "repeat":
            return self.out.repeat()
        return self.out.reply(survey_commands.game_key(self, name, self._command) + self._sounds_notice(), key=True)

    #: more Tab candidates than this are counted, not listed
    MAX_CANDIDATES = 30

    def completion_lines(self, candidates: Sequence[str]) -> list[str]:
        """The candidates of a Tab press (see Transcript.choices); not kept for ``repeat``."""
        return self._reply(self.out.choices(candidates, self.MAX_CANDIDATES), remember=False)

    def prompt_text(self) -> str:
        """The prompt before the cursor: the open question's, or the game's
        (see Match.prompt_forms), fitted by :func:`layout.fit_prompt`,
        never cut to read as another player's (``Tom J> `` beside ``Tom> ``):
        the prompts at the table always differ (``Mary-J 1> ``, ``Mary-J 2> ``)."""
        others: tuple[str, ...] = ()
        seat = None
        if self.question is not None:
            full, short = self.question.prompt
        else:
            full, short = self.match.prompt_forms() if self.match is not None else ("> ", None)
            others = self.match.other_prompts() if self.match is not None else ()
            seat = self.match.game.current if self.match is not None else None
        return layout.fit_prompt(full, short, self.settings.braille_width, self.settings.prompt == "short", others,
                                 seat)

    # ================================================================ input
    def handle_line(self, text: str) -> list[str]:
        """Answer any line typed, in any state. Never raises for bad input.

        Text holding several lines (pasted: ``\n``, ``\r\n`` or ``\r``)
        is taken one line at a time, as if each were typed and entered,
        never glued into one command; blank lines in it are skipped."""
        parts = _LINE_BREAKS.split(text)
        if len(parts) > 1:
            kept = [p for p in parts if p.strip()]
            if len(kept) > prompts.PASTE_LINES:  # a clipboard pasted by mistake: no line of it acts
                return self._reply(prompts.pasted_too_many(len(kept)))
            return self._handle_pasted(kept) if kept else self.handle_line("")
        remember, again = True, text.strip().lower() in ("repeat", "again")
        news = self.acting.take_arrived() if self.acting.news_waiting() else []  # arrived, first
        news = self._seats_after(news) if news else news
        try:  # Enter after news, or repeat (said once, not twice): the news is the answer
            lines, remember = ([], True) if news and (again or not text.strip() and self.question is None) else self._handle(text)
        except ScrabbleError as e:
            lines = self.refusal(e)
            if isinstance(e, (IllegalPlay, WordNotAcceptable)) and self.cues is not None:
                self.cues.refused()
        except Exception as e:  # a bug must not end the game or show a traceback
            self.last_error = traceback.format_exc()
            lines = prompts.internal_error(type(e).__name__) + list(prompts.INTERNAL_ERROR_HELP)
        if again and not news:
            remember = False
        if not (lines or news):
            lines = [prompts.DONE]
        self.follow_sounds_setting()
        return self._reply(news + lines + self._sounds_notice(), remember=remember)

    def _sounds_notice(self) -> list[str]:
        """The one line saying sounds went off (see cues.notice_once)."""
        said, self.cues = notice_once(self.cues, self.settings)
        return said

    def follow_sounds_setting(self) -> None:
        """Start the sound player when sounds are on, close it when off."""
        if self.finished:
            self._close_computers()
        self.cues = follow(self.cues, self.settings.sounds and not self.finished, self._sound_player)

    def _handle_pasted(self, parts: list[str]) -> list[str]:
        """Several lines at once: each answered in turn (the computers'
        moves due between them made first), until one ends the session.
        ``repeat`` then says their answers together, when one of them was
        kept for it; else what it said before, as after those lines typed
        (a wrong answer at a question: the question, not the refusal; a
        pasted ``repeat``: what it offers again). A pasted ``repeat`` that
        would say again what the paste's own reply ends with adds nothing:
        the player has not heard it yet and hears it once (typed after it
        was heard, ``repeat`` says it again)."""
        lines: list[str] = []
        before = self.out.last_reply
        for k, part in enumerate(parts):
            if k and self.finished:
                break  # the lines after the one that ended the session
            if k and self.acting.due():
                lines.extend(self.acting.run_computers())
            said = self.handle_line(part)
            if k and part.strip().lower() in ("repeat", "again") and said and lines[-len(said):] == said:
                continue  # what this paste says already, in the same reply: said once
            lines.extend(said)
        if lines and self.out.last_reply is not before:  # a reply kept: the paste's, whole
            self.out.last_reply = list(lines)
        return lines

    def _handle(self, text: str) -> tuple[list[str], bool]:
        """The lines for a typed line, and whether to keep them for ``repeat``."""
        stripped = text.strip()
        if self.question is not None:
            return self._carry_out(self.question.answer(stripped))
        if not stripped:
            return self.empty_line(), True
        return self._command(stripped), True

    def _command(self, text: str) -> list[str]:
        return dispatch(self, text)

    def _carry_out(self, decision: Decision) -> tuple[list[str], bool]:
        """Do what the answer to the open question decided."""
        if not decision.keep:
            self.question = None
        remember = True
        if isinstance(decision, Say):
            lines, remember = list(decision.lines), decision.remember
            if decision.by_clause:
                lines = self.out.by_clause(lines)
        elif isinstance(decision, Repeat):
            lines = self.out.repeat()
        elif isinstance(decision, Command):
            lines = list(decision.before)
            try:
                # An open question stays open: the line goes to the commands.
                lines += self._command(decision.text) if decision.keep else self._handle(decision.text)[0]
            except ScrabbleError as e:  # a refusal still follows the answer to the question
                lines += self.refusal(e)
            if self.finished:
                self.question = None  # the line ended the session (quit at a question)
            else:
                lines += decision.after
        elif isinstance(decision, Leave):
            self._left = True
            lines = self._goodbye()
        elif isinstance(decision, NewGame):
            lines = self.new_game()
        elif isinstance(decision, ResumeSaved):
            lines = self.resume_chosen()
        elif isinstance(decision, OpenSaved):
            lines = self._open_saved(decision)
        elif isinstance(decision, DeclineSaved):
            self.saver.decline()
            lines = [prompts.NEW_GAME_THEN] + self._open_setup()
        elif isinstance(decision, PlayDraft):
            d = decision
            lines = list(d.before) + self._made(self.acting.finish_play(d.draft, d.action, d.confirmed))
        elif isinstance(decision, Ask):
            self.question = decision.question
            lines = list(decision.lines)
        elif isinstance(decision, BeginGame):
            lines = list(decision.lines) + self._begin_game()
        else:  # pragma: no cover - every decision is handled above
            raise TypeError(f"unknown decision {decision!r}")
        return lines, remember

    def empty_line(self) -> list[str]:
        """Enter on an empty line: the hand-over, or a reminder of whose turn
        it is (no game open and no question: where to go, the online console)."""
        if self.match is None and self.question is None:
            return prompts.refusal_lines(prompts.NO_GAME_HERE, None, self.style.brief)
        return self.playing().empty_line()[0]

    def ask_confirm(self, what: str | Question) -> list[str]:  # quit, new, or a question opened
        kept = self.store is not None  # new puts the game away in the games folder
        self.question = what if isinstance(what, Question) else ConfirmQuestion(what, a_command, kept)
        return self.question.lines()

    def quit(self) -> list[str]:
        if self.mode in (SETUP, OVER):
            self._left = True
            return self._goodbye()  # a record not yet written is tried again; the slot is let go
        return self.ask_confirm("quit")

    def new_game(self) -> list[str]:
        """Another game with the same players and rules."""
        assert self.setup is not None
        self.question = None
        return [prompts.NEW_GAME] + self._begin_game()

    def interrupt(self) -> list[str]:
        """Ctrl-C: the typed line is dropped; an open question is cancelled."""
        if self.question is None:
            return self._reply([prompts.LINE_CLEARED], remember=False)
        lines, remember = self._carry_out(self.question.interrupt())
        return self._reply(lines, remember=remember)

    def end_of_input(self) -> list[str]:
        """Ctrl-D: asks before leaving; a second Ctrl-D leaves."""
        if self.question is not None and self.question.leaves_on_eof:
            self.question = None
            return self._reply(self.leave_at_once())
        return self._reply(self.quit())

    def leave_at_once(self) -> list[str]:
        """Leaving without asking (Ctrl-D twice, SIGTERM, SIGHUP): the game saved once more, the workers ended."""
        self._left = True
        self.follow_sounds_setting()
        return self._goodbye()

    # ================================================================ the turn (actions, plays, seats: self.acting)
    def _turn_lines(self, round_end: bool = False) -> list[str]:  # whose turn, and the rack if it may be heard
        return self.playing().turns.lines(round_end, engine=services.engine_available())

    def _seats_after(self, lines: list[str]) -> list[str]:
        """After an action: the seats that are not a person's due now (unless the app runs them)."""
        return lines if self.defer_computer else lines + self.acting.run_computers()

    def _made(self, made: Made) -> list[str]:
        """A play's outcome carried out: its question opened, then the seats due."""
        if made.question is not None:
            self.question = made.question
        return self._seats_after(made.lines)

    def act(self, do: Callable[[Game], Event]) -> list[str]:
        """Do one game action (compute, save, then say), then the seats due."""
        return self._seats_after(self.acting.act(do))

    def accept_final(self) -> list[str]:
        return self._seats_after(self.acting.accept_final())

    def play(self, draft: Draft | DirectionUnclear, action: str) -> list[str]:
        """Play or check a draft (see :meth:`Acting.start_play`)."""
        return self._made(self.acting.start_play(draft, action))

    def computer_to_move(self) -> bool:
        """Whether a computer player acts next (its move or its challenge)."""
        return self.match is not None and not self.finished and self.match.table.computer_to_move()

    def defer_computers(self) -> None:  # the application runs the seats' loop (acting.steps) itself
        self.defer_computer = True

    def wake_with(self, hook: Callable[[], None] | None, say: Callable[[list[str]], None] | None = None) -> None:
        """Call ``hook`` (on another thread) when a computer's move is chosen
        or a remote player's action arrives (None: no longer); ``say``: the
        front's way to say a slow command's first words at once (accept)."""
        self.thinker.on_ready, self.say_at_once = hook, say
        for seat in self.remotes.values():
            seat.on_arrival = hook

    def _close_computers(self) -> None:
        """Let the computers' worker processes go (the champion's)."""
        self.thinker.drop()  # a move still being chosen is not waited for
        if self.match is not None:
            self.match.table.close()
