"""The console's controller: one game, its players, settings and messages.

``Session.handle_line(text)`` takes any line a player types, in any state,
and returns the lines to say; ``Session.key(name)`` does the same for a
board key. Neither needs prompt_toolkit: the prompt application in
:mod:`audio_scrabble.console.app` only wraps them. The session never
changes the game except through the game's own actions, and a refused
action (a typed error from the core) changes nothing: its sentence is
said as it is.

States, in the order a game meets them:

* resume: with a ``store`` (persistence.SaveStore) holding an unfinished
  game, the first question is whether to resume it (``Options.saved_game``:
  RESUME resumes it at once, NEW puts it away in the games folder); a
  resumed game comes back with its settings (:meth:`Session._saved_settings`);
* set-up: the questions of :class:`~audio_scrabble.console.setup.SetupFlow`;
* playing, with modal questions on top: the letter for a blank, "play
  it?" when the word made is not the word typed (a board letter left out
  inside it, or board letters it runs on into at either end), "leave the
  game?"; ``hint`` when hints are on;
* hand-over: with two or more people at one computer, a player's rack is
  never spoken until that player presses Enter;
* over: the game has ended; scores, history and the board can still be
  read, ``review`` goes through it turn by turn beside the best play
  then (Enter or ``next``, ``back``, ``review N``), ``new`` starts
  another game.

Computer players move as soon as it is their turn. When a player goes
out, the people at the table are asked first whether to challenge; the
computers decide after they accept. The tiles drawn after a play that
may still be challenged are counted, and named only once it is safe.

With a store, the game is saved after every action, after ``set`` and on
leaving, and a finished game leaves its record.
"""

from __future__ import annotations

import random
import secrets
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..core.board import Board, Square
from ..core.events import ChallengeResolved, Event, TilesPlaced
from ..core.game import Game
from ..core.rules import RuleSet
from ..core.scoring import WordScore
from ..core.tiles import BLANK
from ..errors import ActionNotAllowed, IllegalPlay, NotationError, ScrabbleError, WordNotAcceptable
from ..notation import typed
from ..notation.typed import Draft
from ..presentation import phrases, teaching
from ..presentation.phrases import Audience
from . import brailleview, services
from .cursor import Cursor, Move
from .settings import Settings
from .setup import Seat, SetupFlow, parse_players, parse_rules

SETUP = "setup"
PLAYING = "playing"
OVER = "over"
FINISHED = "finished"

_EMPTY_BOARD = Board()


#: ``Options.saved_game``: resume the unfinished game without asking
RESUME = "resume"
#: ``Options.saved_game``: put the unfinished game away and start another
NEW = "new"


@dataclass
class Options:
    """What the command line (or a test) decided before the game starts.

    A setting left as None was not given: it is the default for a new
    game, and a resumed game's own setting (from its save) otherwise.
    """

    players: str | None = None  # "Alice,Bob,computer:club"
    rules: str | None = None
    seed: int | None = None
    lexicon: str | None = None
    verbosity: str | None = None  # normal when not given
    marks: str | None = None  # marks when not given
    braille_width: int | None = None  # off when not given
    speech: str | None = None  # text when not given
    hints: bool | None = None  # off when not given
    #: what to do with an unfinished game: ask (None), RESUME it, or put it away for a NEW one
    saved_game: str | None = None


@dataclass
class _BlankQuestion:
    draft: Draft
    action: str  # "play" or "check"


@dataclass
class _Confirm:
    what: str  # "quit", "new" or "play"
    draft: Draft | None = None  # the play waiting for a yes


@dataclass
class _Table:
    """The seats and who may hear whose tiles."""

    seats: list[Seat]
    #: computer players: ``chooser(game, i) -> ComputerMove``, maybe with ``wants_challenge(game, i)``
    choosers: dict[int, Callable[[Game, int], services.ComputerMove]] = field(default_factory=dict)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_computer]

    @property
    def hot_seat(self) -> bool:
        """Two or more people share the computer: racks need a hand-over."""
        return len(self.humans) >= 2


ComputerFactory = Callable[[str, Any, int], Callable[[Game, int], services.ComputerMove]]


class Replies:
    """The output side of a session, the game's and the review's alike:
    lines fitted to braille mode, the last reply kept for ``repeat``, and
    the screen-only lines waiting to be printed. The session sets
    ``settings``, ``last_reply`` and ``display``."""

    settings: Settings
    last_reply: list[str]
    display: list[str]

    @property
    def braille_mode(self) -> bool:
        """Whether lines are laid out for a braille display (and cells shown)."""
        return self.settings.braille_width is not None

    def fit(self, lines: Sequence[str]) -> list[str]:
        """The lines as printed: in braille mode, fitted to the display
        (see :func:`brailleview.fit`); else as they are."""
        return brailleview.fit(lines, self.settings.braille_width)

    def _reply(self, lines: list[str], remember: bool = True) -> list[str]:
        """Fit the braille display if set, and remember for ``repeat``."""
        out = self.fit(lines)
        if remember and out:
            self.last_reply = out
        return out

    def show(self, lines: list[str]) -> None:
        """Lines for the screen only (the large-print board)."""
        self.display.extend(lines)

    def take_display(self) -> list[str]:
        out, self.display = self.display, []
        return out


class CursorKeys(Replies):
    """The board keys of a session, the game's and the review's alike: the
    cursor moves by its key table (:meth:`Cursor.apply_key`) over ``board``
    and says the square it reaches. The session sets ``cursor``."""

    cursor: Cursor

    @property
    def board(self) -> Board:
        raise NotImplementedError

    def key(self, name: str) -> list[str]:
        """A board key pressed on an empty line (see console/keys.py)."""
        if name == "where":
            return self._reply(phrases.where_phrases(self.cursor.square))
        if name == "repeat":
            return list(self.last_reply)
        move = self.cursor.apply_key(name, self.board)
        if move is None:
            return self._reply([f"The key {name!r} does nothing here."])
        return self._reply([self.move_phrase(move)])

    def move_phrase(self, move: Move) -> str:
        """A cursor movement said as the game says it."""
        said = phrases.square_phrase(self.board, move.square, self.settings.marks)
        if move.edge:
            return f"{move.edge}: {said}"
        if move.nothing:
            return move.nothing
        return said


class Session(CursorKeys):
    """Holds the game, the settings, the cursor and the last message.
    Its output (``fit``, ``show``...) is :class:`Replies`, its board keys :class:`CursorKeys`."""

    def __init__(
        self,
        options: Options | None = None,
        *,
        lexicon: Any = None,
        computer_factory: ComputerFactory | None = None,
        defer_computer: bool = False,
        store: Any = None,
    ):
        self.options = options or Options()
        self.settings = Settings(
            verbosity=self.options.verbosity or phrases.NORMAL,
            marks=self.options.marks or phrases.MARKS,
            braille_width=self.options.braille_width,
            speech=self.options.speech or "text",
            hints=bool(self.options.hints),
        )
        self.cursor = Cursor()
        self.lexicon = lexicon
        self.computer_factory = computer_factory or services.make_computer
        #: computer players can be seated: True when a factory was given; None
        #: means "if the engine is installed", looked up only when one is named
        self._computers_allowed: bool | None = True if computer_factory is not None else None
        #: when True, ``handle_line`` leaves computer turns to ``computer_turn``
        self.defer_computer = defer_computer
        self.game: Game | None = None
        self.table: _Table | None = None
        self.mode = SETUP
        self.setup: SetupFlow | None = None
        self.last_reply: list[str] = []
        self.ready: int | None = None  # the player who pressed Enter for this turn
        self.rack_order: dict[int, list[str]] = {}
        self.blank_question: _BlankQuestion | None = None
        self.confirm: _Confirm | None = None
        self.display: list[str] = []  # printed only (the large-print board), never spoken
        self._shuffler = random.Random()
        self._games_played = 0
        self.speech_change: str | None = None  # set when the player asks for another speech kind
        self.last_error: str | None = None  # the traceback of an internal error, for developers
        self._told_challenge = False  # the first-time hint about challenges has been given
        #: where games are saved (a persistence.SaveStore), or None not to save
        self.store = store
        self._offered: Any = None  # the save offered for resuming (a persistence.LoadResult)
        self._save_failed = False  # a failed save has been reported
        self._warmed = False  # the engine's move generator has been warmed up
        #: the review after the game: every turn beside the best play then
        #: (worked out on the first ``review``), and which is being heard
        #: (an index; ``len`` is the summary at the end; None: not started)
        self._reviews: list[Any] | None = None
        self.review_at: int | None = None
        #: the last play of a player who went out, once the people at the
        #: table have accepted it: the computers decide next
        self._declined: Any = None
        #: a player's play that may still be challenged, and the tiles drawn
        #: after it: said only once the play can no longer be taken back
        #: (a play taken back puts them in the bag again)
        self._withheld: dict[int, TilesPlaced] = {}
        #: each player's arrangement of the rack before their last play,
        #: given back if the play is taken back
        self._order_before: dict[int, list[str]] = {}

    # ================================================================ start
    def start(self) -> list[str]:
        """The opening lines: the first question, or the draw for first player.

        On a session already started, says where things stand instead.
        """
        if self.game is not None:
            return self._reply(self._turn_lines())
        if self.setup is not None:
            return self._reply(self.setup.question())
        out = ["Audio Scrabble. Type help at any time."]
        if self.options.saved_game == NEW:
            out.extend(self._put_away())
        else:
            out.extend(self._look_for_save(at_once=self.options.saved_game == RESUME))
            if self.confirm is not None or self.setup is not None:
                return self._reply(out)  # the question is asked, or the game resumed
        out.extend(self._open_setup())
        return self._reply(out)

    def _open_setup(self) -> list[str]:
        """Begin the questions (or the game, when the command line answered them)."""
        out: list[str] = []
        try:
            seats = parse_players(self.options.players, self._computers_allowed) if self.options.players else None
            rules = parse_rules(self.options.rules) if self.options.rules else None
        except ScrabbleError as e:
            seats, rules = None, None
            out.append(str(e))
        self.setup = SetupFlow(seats, rules, computers=self._computers_allowed)
        if seats is not None and rules is None:
            self.setup.rules = parse_rules("house")
        if self.setup.done:
            out.extend(self._begin_game())
        else:
            out.extend(self.setup.question())
        return out

    # ================================================================ saving and resuming
    def _load_save(self) -> tuple[Any, list[str]]:
        """The unfinished game's save (a persistence.LoadResult, or None), and
        what to say first: saves set aside, or why none can be read."""
        if self.store is None:
            return None, []
        try:
            loaded = self.store.load()
        except ScrabbleError as e:
            return None, [str(e)]
        except OSError as e:
            return None, [f"The saved game cannot be read ({e.strerror or e}); starting a new game."]
        said = phrases.clauses(loaded.notice) if loaded is not None and loaded.notice else []
        if loaded is None or loaded.summary.over:
            return None, said
        return loaded, said

    def _look_for_save(self, at_once: bool = False) -> list[str]:
        """If an unfinished game is saved, describe it and ask to resume it;
        ``at_once`` (``--resume``) resumes it without asking."""
        loaded, said = self._load_save()
        if loaded is None:
            if at_once:
                said += ["No unfinished game to resume.", "A new game, then."]
            return said
        self._offered = loaded
        if at_once:
            return said + self._resume()
        summary = loaded.summary
        self.confirm = _Confirm("resume")
        if summary.awaiting_final:
            state = f"{summary.to_play} went out."
        else:
            state = f"{phrases.possessive(summary.to_play)} turn."
        return said + [
            *phrases.clauses(f"An unfinished game of {phrases.join_and(list(summary.names))}:"),
            *phrases.scores_lines(summary.names, summary.scores),
            state,
            "Resume it? Type yes or no.",
        ]

    def _put_away(self) -> list[str]:
        """``--new``: put the unfinished game away in the games folder, saying so in one line."""
        loaded, said = self._load_save()
        if loaded is None or self.store is None:
            return said
        try:
            kept = self.store.archive_unfinished()
        except ScrabbleError as e:
            return said + [str(e)]
        if kept is None:
            return said
        return said + phrases.clauses(f"Game put away: {phrases.join_and(list(loaded.summary.names))}.")

    def _resume(self) -> list[str]:
        """Rebuild the offered game from its save, exactly as it was left,
        with the settings it was played with (see :meth:`_saved_settings`)."""
        loaded, self._offered = self._offered, None
        assert loaded is not None and self.store is not None
        saved: dict[str, Any] = loaded.settings if isinstance(loaded.settings, dict) else {}
        said: list[str] = []
        try:
            said.extend(self._word_list_of(saved))
            resumed = self.store.resume_game(self.lexicon, services.move_finder(self.lexicon))
        except ScrabbleError as e:
            return [str(e), "Starting a new game instead."] + self._open_setup()
        game = resumed.game
        computers = saved.get("computers")
        levels: dict[str, Any] = computers if isinstance(computers, dict) else {}
        seats = [Seat(n, levels.get(str(i)) if isinstance(levels.get(str(i)), str) else None)
                 for i, n in enumerate(game.names)]
        table = _Table(seats)
        try:
            for i, seat in enumerate(seats):
                if seat.computer:
                    table.choosers[i] = self.computer_factory(seat.computer, self.lexicon, game.seed + 7919 * (i + 1))
        except ScrabbleError as e:
            return [str(e), "Starting a new game instead."] + self._open_setup()
        self._restore_settings(saved)
        self.setup = SetupFlow(seats, game.rules, computers=self._computers_allowed)
        self.options.seed = game.seed
        self._games_played = 1
        self.game = game
        self.table = table
        self.mode = PLAYING
        self.ready = None
        self.rack_order = {i: list(p.rack) for i, p in enumerate(game.players)}
        orders = saved.get("racks")
        if isinstance(orders, dict):
            for i in range(len(game.players)):
                order = orders.get(str(i))
                if isinstance(order, str):
                    self.rack_order[i] = list(order)
                    self._sync_rack(i)  # only the tiles still held, in the player's order
        self._told_challenge = saved.get("told_challenge") is True
        self.cursor = Cursor()
        self._reviews, self.review_at = None, None
        self._withheld, self._order_before, self._declined = {}, {}, None
        lines = (phrases.clauses(resumed.notice) if resumed.notice else []) + said + [f"Resumed. {game.rules.title}."]
        lines.extend(phrases.scores_lines(game.names, game.scores()))
        last = phrases.last_move_event(list(game.history))
        if last is not None:
            lines.extend(phrases.clauses(phrases.last_move_sentence(last)))
        lines.append(phrases.bag_phrase(len(game.bag)))
        lines.extend(self._turn_lines())
        if not self.defer_computer:
            lines.extend(self.run_computers())
        return lines

    def _word_list_of(self, saved: dict[str, Any]) -> list[str]:
        """Load the word list the saved game was played with (its challenges
        replay by it); what to say when it is not the one asked for."""
        path = saved.get("lexicon") if isinstance(saved.get("lexicon"), str) else None
        asked = self.options.lexicon
        if path != asked:
            self.lexicon = services.load_lexicon(path)
            self.options.lexicon = path  # a new game after this one keeps it too
            if asked is not None:
                return ["This game keeps its own word list."]
        elif self.lexicon is None:
            self.lexicon = services.load_lexicon(path)
        return []

    def _restore_settings(self, saved: dict[str, Any]) -> None:
        """The saved game's verbosity, premium names, braille mode and speech,
        each unless the command line named it. A value that is not a valid
        setting (a save from another version) is left out."""
        given = self.options
        for key, value, named in (
            ("verbosity", saved.get("verbosity"), given.verbosity),
            ("marks", saved.get("marks"), given.marks),
            ("speech", saved.get("speech"), given.speech),
        ):
            if named is None and isinstance(value, str):
                before = self.settings.speech
                try:
                    self.settings.change(key, value)
                except ScrabbleError:
                    continue
                if key == "speech" and self.settings.speech != before:
                    self.speech_change = self.settings.speech  # the voice follows it
        if given.hints is None and isinstance(saved.get("hints"), bool):
            self.settings.hints = saved["hints"]
        if given.braille_width is None and "braille" in saved:
            cells = saved["braille"]
            if cells is None or (isinstance(cells, int) and brailleview.valid_cells(cells)):
                self.settings.braille_width = cells

    def _saved_settings(self) -> dict[str, Any]:
        """What a save keeps beside the game, for :meth:`_resume`: the seats'
        computer levels, the word list's path, every setting, each
        player's arrangement of their rack, and whether the challenge
        window has been pointed out."""
        assert self.table is not None
        return {
            "computers": {str(i): s.computer for i, s in enumerate(self.table.seats) if s.computer},
            "lexicon": self.options.lexicon,
            "verbosity": self.settings.verbosity,
            "marks": self.settings.marks,
            "braille": self.settings.braille_width,
            "speech": self.settings.speech,
            "hints": self.settings.hints,
            "racks": {str(i): "".join(order) for i, order in self.rack_order.items()},
            "told_challenge": self._told_challenge,
        }

    def _autosave(self) -> list[str]:
        """Save the game after an action; what to say (a notice, a failure)."""
        if self.store is None or self.game is None:
            return []
        try:
            outcome = self.store.save(self.game, self._saved_settings())
        except (ScrabbleError, OSError) as e:
            if self._save_failed:
                return []
            self._save_failed = True
            return [str(e)]
        self._save_failed = False
        lines = phrases.clauses(outcome.notice) if outcome.notice else []
        if outcome.finished and not self.style.brief:
            lines.append("The game record is saved.")
        return lines

    def _begin_game(self) -> list[str]:
        assert self.setup is not None and self.setup.rules is not None
        seats = self.setup.players
        rules: RuleSet = self.setup.rules
        if self.lexicon is None:
            self.lexicon = services.load_lexicon(self.options.lexicon)
        base = self.options.seed if self.options.seed is not None else secrets.randbelow(2**31)
        seed = base + self._games_played
        table = _Table(seats)
        for i, s in enumerate(seats):
            if s.computer:
                table.choosers[i] = self.computer_factory(s.computer, self.lexicon, seed + 7919 * (i + 1))
        finder = services.move_finder(self.lexicon)
        self.game = Game([s.name for s in seats], rules, seed, self.lexicon, finder)
        self.table = table
        self.mode = PLAYING
        self.ready = None
        self.rack_order = {i: list(p.rack) for i, p in enumerate(self.game.players)}
        self.cursor = Cursor()
        self._reviews, self.review_at = None, None
        self._withheld, self._order_before, self._declined = {}, {}, None
        self._games_played += 1
        lines = [f"{rules.title}."]
        lines.extend(phrases.first_player_phrases(self.game.history[0]))  # type: ignore[arg-type]
        lines.extend(self._autosave())
        lines.extend(self._turn_lines())
        if not self.defer_computer:
            lines.extend(self.run_computers())
        return lines

    # ================================================================ reading state
    @property
    def finished(self) -> bool:
        return self.mode == FINISHED

    @property
    def style(self) -> phrases.Style:
        return self.settings.style

    @property
    def names(self) -> tuple[str, ...]:
        return self.game.names if self.game else ()

    @property
    def audience(self) -> Audience:
        """Whose private tiles may be spoken: the lone human's, else nobody's."""
        assert self.table is not None
        humans = self.table.humans
        reveal = frozenset(humans) if len(humans) == 1 else frozenset()
        return Audience(self.names, reveal)

    def is_computer(self, i: int) -> bool:
        return self.table is not None and self.table.seats[i].is_computer

    @property
    def board(self) -> Board:
        """The game's board (an empty one before the game starts)."""
        return self.game.board if self.game else _EMPTY_BOARD

    def need_game(self) -> Game:
        if self.game is None:
            raise ActionNotAllowed("The game has not started yet; answer the question first.")
        return self.game

    def viewer(self) -> int:
        """The player whose rack may be read now; raises when nobody's may."""
        game = self.need_game()
        assert self.table is not None
        humans = self.table.humans
        if len(humans) == 1:
            return humans[0]
        if game.is_over:
            raise ActionNotAllowed("The game is over; the racks were read out at the end.")
        cur = game.current
        if self.is_computer(cur):
            raise ActionNotAllowed(f"It is {phrases.possessive(self.names[cur])} turn; wait for it to play.")
        if self.ready != cur:
            raise ActionNotAllowed("\n".join(phrases.clauses(f"{self.names[cur]}, press Enter for your rack first.")))
        return cur

    def actor(self) -> int:
        """The human whose turn it is and who is ready to act; raises otherwise."""
        game = self.need_game()
        if game.is_over:
            raise ActionNotAllowed("The game is over; type new for another game, or quit.")
        if game.awaiting_final_challenge:
            raise ActionNotAllowed("\n".join(self._final_question()))
        cur = game.current
        if self.is_computer(cur):
            raise ActionNotAllowed(f"It is {phrases.possessive(self.names[cur])} turn; wait for it to play.")
        assert self.table is not None
        if self.table.hot_seat and self.ready != cur:
            raise ActionNotAllowed("\n".join(phrases.clauses(f"{self.names[cur]}, press Enter for your rack first.")))
        return cur

    def rack_of(self, i: int) -> list[str]:
        """The player's rack in the order the player has arranged it."""
        assert self.game is not None
        self._sync_rack(i)
        return list(self.rack_order[i])

    def _sync_rack(self, i: int) -> None:
        """Keep the player's arrangement; new tiles go to the right end."""
        assert self.game is not None
        actual = self.game.players[i].rack
        remaining = Counter(actual)
        order: list[str] = []
        for t in self.rack_order.get(i, []):
            if remaining[t] > 0:
                order.append(t)
                remaining[t] -= 1
        for t in actual:
            if remaining[t] > 0:
                order.append(t)
                remaining[t] -= 1
        self.rack_order[i] = order

    def set_rack_order(self, i: int, order: Sequence[str]) -> None:
        assert self.game is not None
        assert Counter(order) == Counter(self.game.players[i].rack)
        self.rack_order[i] = list(order)

    def shuffle(self, tiles: list[str]) -> None:
        self._shuffler.shuffle(tiles)

    # ================================================================ input
    def handle_line(self, text: str) -> list[str]:
        """Answer any line typed, in any state. Never raises for bad input."""
        from .commands import dispatch

        try:
            lines = self._handle(text, dispatch)
        except ScrabbleError as e:
            lines = [str(e)]
        except Exception as e:  # a bug must not end the game or show a traceback
            self.last_error = traceback.format_exc()
            lines = [f"Something went wrong inside the game ({type(e).__name__}).", "Type last or scores to hear where things stand."]
        remember = not (text.strip().lower() in ("repeat", "again"))
        if not lines:
            lines = ["Done."]
        return self._reply(lines, remember=remember)

    def _handle(self, text: str, dispatch: Callable[["Session", str], list[str]]) -> list[str]:
        stripped = text.strip()
        if self.confirm is not None:
            return self._answer_confirm(stripped)
        if self.mode == SETUP:
            return self._answer_setup(stripped, dispatch)
        if self.blank_question is not None:
            return self._answer_blank(stripped)
        if not stripped:
            return self.empty_line()
        return dispatch(self, stripped)

    def empty_line(self) -> list[str]:
        """Enter on an empty line: the hand-over, or a reminder of whose turn it is."""
        game = self.need_game()
        if game.is_over:
            if self.review_at is not None:
                return self.review_next()
            return ["The game is over. Type new for another game, or quit."]
        if game.awaiting_final_challenge:
            return self._final_question()
        cur = game.current
        assert self.table is not None
        if not self.is_computer(cur) and self.table.hot_seat and self.ready != cur:
            self.ready = cur
            return ([f"{phrases.possessive(self.names[cur])} turn."] + self.new_tiles_lines(cur)
                    + self._first_word_hint() + self._rack_lines(cur, owner=True) + self._challenge_hint())
        return [f"{phrases.possessive(self.names[cur])} turn. Type help for commands."]

    def _answer_setup(self, text: str, dispatch: Callable[["Session", str], list[str]]) -> list[str]:
        assert self.setup is not None
        if self.setup.asking == "level" and text.lower() in ("help", "h", "?", "commands"):
            text = "help computer"  # what each level is like
        word = text.split()[0].lower() if text else ""
        if word in ("help", "quit", "exit", "repeat", "again", "set", "h", "?", "commands", "q",
                    "games", "files", "folder"):
            out = dispatch(self, text)
            if word in ("quit", "exit", "q", "repeat", "again") or self.finished:
                return out
            return out + self.setup.question()  # then the question still open
        try:
            out = self.setup.answer(text)
        except ScrabbleError as e:
            return [str(e)] + self.setup.question()
        if self.setup.done:
            out.extend(self._begin_game())
        else:
            out.extend(self.setup.question())
        return out

    def _answer_confirm(self, text: str) -> list[str]:
        assert self.confirm is not None
        what, draft = self.confirm.what, self.confirm.draft
        low = text.lower()
        if what == "resume":
            if low in ("y", "yes", "resume"):
                self.confirm = None
                return self._resume()
            if low in ("n", "no", "new"):
                self.confirm = None
                self._offered = None
                return ["A new game, then."] + self._open_setup()
            word = low.split()[0] if low else ""
            if word in ("quit", "exit", "q", "bye"):
                self.confirm = None
                self.mode = FINISHED
                return self._goodbye()
            if word in ("help", "h", "?", "commands", "repeat", "again", "set", "games", "files", "folder"):
                from .commands import dispatch

                again = [] if word in ("repeat", "again") else ["Resume it? Type yes or no."]
                return dispatch(self, text) + again
            return ["Type yes to resume that game, or no for a new one."]
        own_word = {"quit": ("quit", "exit", "leave"), "new": ("new",), "play": ("play",)}.get(what, ())
        if low in ("repeat", "again") and self.last_reply:  # the question stays open
            return list(self.last_reply)
        if low in ("help", "h", "?"):
            meaning = {"play": "Yes plays that word; no keeps your turn.",
                       "new": "Yes ends this game unscored; no stays.",
                       }.get(what, "Yes leaves the game; no stays in it.")
            return [meaning, "Type yes or no."]
        self.confirm = None
        yes = low in ("y", "yes") or low in own_word  # "quit" never says yes to a play
        if yes and what == "play" and draft is not None:
            return self._finish_play(draft, "play", confirmed=True)
        if yes and what == "new":
            return self.new_game()
        if yes:
            self.mode = FINISHED
            return self._goodbye()
        said = ["Not played; the turn is still yours." if what == "play" else "Staying in the game."]
        if low in ("", "n", "no", "cancel", "stay"):
            return said
        # Anything else is a no, and the line is answered as a command.
        from .commands import dispatch

        try:
            return said + self._handle(text, dispatch)
        except ScrabbleError as e:  # a refusal still follows the answer to the question
            return said + [str(e)]

    def ask_confirm(self, what: str) -> list[str]:
        self.confirm = _Confirm(what)
        if what == "new":
            return ["Start a new game? This one ends unscored.", "Type yes or no."]
        return ["Leave the game? Type yes or no."]

    def quit(self) -> list[str]:
        if self.mode in (SETUP, OVER) or (self.game is not None and self.game.is_over):
            self.mode = FINISHED
            return ["Goodbye."]
        return self.ask_confirm("quit")

    def _goodbye(self) -> list[str]:
        """Leaving: an unfinished game is saved once more, with the
        settings and rack order as they are now."""
        if self._offered is not None:
            return ["Goodbye. The unfinished game is kept."]
        if self.store is not None and self.game is not None and not self.game.is_over:
            said = self.keep_settings()
            if not self._save_failed:
                return said + ["Goodbye. The game is saved;", "start again to resume it."]
            return said + ["Goodbye."]
        return ["Goodbye."]

    def keep_settings(self) -> list[str]:
        """Save the game in play again, to keep a setting or a rack order
        changed since its last action; what to say if that fails."""
        if self.store is None or self.game is None or self.game.is_over:
            return []
        return self._autosave()

    def new_game(self) -> list[str]:
        """Another game with the same players and rules."""
        assert self.setup is not None
        self.blank_question = None
        return ["New game."] + self._begin_game()

    def interrupt(self) -> list[str]:
        """Ctrl-C: the typed line is dropped; a modal question is cancelled."""
        if self.blank_question is not None:
            self.blank_question = None
            return self._reply(["Cancelled; nothing was played."])
        if self.confirm is not None:
            what, self.confirm = self.confirm.what, None
            return self._reply(["Not played; the turn is still yours." if what == "play" else "Staying in the game."])
        return self._reply(["Line cleared."], remember=False)

    def end_of_input(self) -> list[str]:
        """Ctrl-D: asks before leaving; a second Ctrl-D leaves."""
        if self.confirm is not None and self.confirm.what in ("quit", "resume"):
            self.confirm = None
            self.mode = FINISHED
            return self._reply(self._goodbye())
        return self._reply(self.quit())

    def prompt_text(self) -> str:
        """The short prompt shown before the cursor.

        In braille mode it leaves room to type on the display's line: a
        long prompt gives way to its short form, or is cut.
        """
        full, short = self._prompt_forms()
        return brailleview.fit_prompt(full, short, self.settings.braille_width)

    #: more Tab candidates than this are counted, not listed
    MAX_CANDIDATES = 30

    def completion_lines(self, candidates: Sequence[str]) -> list[str]:
        """The candidates of a Tab press, as lines that fit the display
        (comma-separated, a candidate never split); a long list is counted
        instead. Not remembered for ``repeat``."""
        if len(candidates) > self.MAX_CANDIDATES:
            lines = [f"{len(candidates)} choices; type a letter or two more, then Tab."]
        else:
            width = self.settings.braille_width or phrases.LINE_WIDTH
            lines = phrases.fit(list(candidates), width=width)
        return self._reply(lines, remember=False)

    def _prompt_forms(self) -> tuple[str, str | None]:
        """The prompt, and its short form for a narrow braille display."""
        if self.confirm is not None:
            full = {"play": "play it> ", "resume": "resume> "}.get(self.confirm.what, "yes or no> ")
            return full, "yes/no> "
        if self.blank_question is not None:
            return "letter> ", "?> "
        if self.mode == SETUP or self.game is None:
            return "> ", None
        if self.game.is_over:
            if self.review_at is not None:
                return "review> ", None
            return "game over> ", "over> "
        if self.game.awaiting_final_challenge:
            return "challenge or accept> ", "accept> "
        return f"{self.names[self.game.current]}> ", None

    # ================================================================ keys
    # ================================================================ the turn
    def _rack_lines(self, i: int, owner: bool = False) -> list[str]:
        return self.rack_reply(self.rack_of(i), self.names[i] if owner else None)

    def rack_reply(self, tiles: Sequence[str], owner: str | None = None) -> list[str]:
        """A rack as it is read, in the order the player keeps it.

        In braille mode the tiles come first as RNIB tiles (letter cell,
        then the value with no numeral sign), then the letters in print;
        for ``owner`` (the hand-over) a line naming the player comes
        before both.
        """
        if not self.braille_mode or not tiles:
            return phrases.rack_phrases(list(tiles), self.style, owner)
        cells = brailleview.rack_lines(tiles, self.settings.braille_width)
        head = [f"{owner}, your rack:"] if owner else []
        return head + cells + phrases.rack_phrases(list(tiles), self.style)

    def _first_word_hint(self) -> list[str]:
        """How to play, while the board is empty (not when brief): a
        first-time player need not know the command yet. Said before the
        rack, so that the rack stays the last line, on the display."""
        game = self.game
        if game is None or self.style.brief or not game.board.is_empty():
            return []
        return ["Type play, a square and a word,", "like play 8D TRAIN, or help for more."]

    def _challenge_hint(self) -> list[str]:
        """That the last play may be challenged: every turn at full
        verbosity, the first time only at normal, never when brief."""
        game = self.game
        if game is None or self.style.brief or (self._told_challenge and not self.style.full):
            return []
        pend = game.pending_play
        if pend is not None and pend.player != game.current and game.why_not_challenge() is None:
            whose = f"{phrases.possessive(pend.name)} play"
            if len(f"You may challenge {whose}:") > phrases.LINE_WIDTH:
                whose = "the last play"  # it was just said whose it is
            if self._told_challenge:
                return [f"You may challenge {whose}."]
            self._told_challenge = True
            return [f"You may challenge {whose}:", "type challenge before you play."]
        return []

    def final_deciders(self) -> tuple[list[int], list[int]]:
        """Who may still challenge the last play of a player who went out:
        (the people, the computers), each in seat order after that player.
        The people are asked first; once they accept, the computers
        decide (each by its level), so a person at the table is never
        left out because a computer sits next."""
        game = self.game
        pend = game.pending_play if game is not None else None
        if game is None or pend is None or not game.awaiting_final_challenge:
            return [], []
        n = len(game.players)
        order = [(pend.player + k) % n for k in range(1, n)]
        computers = [i for i in order if self.is_computer(i)]
        people = [] if self._declined is pend else [i for i in order if not self.is_computer(i)]
        return people, computers

    def final_challenger(self) -> int | None:
        """Who ``challenge`` alone stands for when a player has gone out:
        the first person asked (None: the core's default)."""
        people, _ = self.final_deciders()
        return people[0] if people else None

    def _final_question(self) -> list[str]:
        """Who went out, and who is asked to challenge or accept."""
        assert self.game is not None
        game = self.game
        pend = game.pending_play
        if pend is None:
            return ["Type challenge or accept."]
        people, _ = self.final_deciders()
        if not people:
            return [f"{pend.name} went out."]  # the computers decide next
        asked = " or ".join(self.names[i] for i in people)
        return phrases.clauses(f"{pend.name} went out.") + phrases.clauses(f"{asked}, challenge or accept?")

    def accept_final(self) -> list[str]:
        """``accept`` when a player has gone out: the people at the table
        accept; a computer still to decide then decides, else the game ends."""
        game = self.need_game()
        game.check_accept()
        people, computers = self.final_deciders()
        if people and computers:
            self._declined = game.pending_play
            who = phrases.join_and([self.names[i] for i in people])
            lines = [f"{who} {'accepts' if len(people) == 1 else 'accept'}."]
            if not self.defer_computer:
                lines.extend(self.run_computers())
            return lines
        return self.act(lambda g: g.accept())

    def _turn_lines(self) -> list[str]:
        """Whose turn it is now, and the rack when it may be heard."""
        game = self.game
        assert game is not None and self.table is not None
        if game.is_over:
            self.mode = OVER
            offer = ["Type review to hear what you missed."] if services.engine_available() else []
            return offer + ["Type new for another game, or quit."]
        if game.awaiting_final_challenge:
            return self._final_question()
        cur = game.current
        name = self.names[cur]
        if self.is_computer(cur):
            return [f"{phrases.possessive(name)} turn."]
        if self.table.hot_seat and self.ready != cur:
            return phrases.clauses(f"{name}, press Enter to hear your rack.")
        return ([f"{phrases.possessive(name)} turn."] + self.new_tiles_lines(cur) + self._first_word_hint()
                + self._rack_lines(cur) + self._challenge_hint())

    def act(self, do: Callable[[Game], Event], quiet_turn_of: int | None = None) -> list[str]:
        """Do one game action, then say what happened and whose turn it is.

        The core refuses an illegal action with a typed error before it
        changes anything; that error reaches the player as it is. Whose
        turn it is goes unsaid when it is still ``quiet_turn_of``'s (a
        computer that challenged on its turn, which was just said).
        """
        game = self.need_game()
        before_current = game.current
        before_turn = game.turn
        totals = game.scores()
        order_before = list(self.rack_order.get(before_current, []))
        do(game)
        events = game.last_events
        self._note_draws(events, order_before)
        for i in range(len(game.players)):
            self._sync_rack(i)
        if game.current != before_current or game.turn != before_turn:
            self.ready = None
        lines = phrases.announce(events, self._announce_audience(events), totals, self.style)
        if not self._warmed and len(game.bag) < 20 and game.move_finder is not None:
            self._warmed = True  # the house rule will soon ask whether anyone can move
            services.warm_move_finder(self.lexicon)
        lines.extend(self._autosave())
        quiet = (quiet_turn_of is not None and game.current == quiet_turn_of
                 and not game.is_over and not game.awaiting_final_challenge)
        if not quiet:
            lines.extend(self._turn_lines())
        if not self.defer_computer:
            lines.extend(self.run_computers())
        return lines

    # ---------------------------------------------------------------- drawn tiles
    def _note_draws(self, events: Sequence[Event], order_before: list[str]) -> None:
        """Keep what the tiles drawn after a play may reveal until the play
        is safe: a play that may be challenged has its drawn tiles
        withheld; a play taken back forgets them, and gives the player the
        rack back in the order it was kept."""
        game = self.game
        assert game is not None
        for ev in events:
            if isinstance(ev, TilesPlaced):
                self._order_before[ev.player] = order_before
                may_be_challenged = game.pending_play is ev and game.why_not_challenge() is None
                if ev.drawn and may_be_challenged and ev.player in self.audience.reveal:
                    self._withheld[ev.player] = ev
            elif isinstance(ev, ChallengeResolved) and ev.withdrawn:
                self._withheld.pop(ev.player, None)
                kept = self._order_before.pop(ev.player, None)
                if kept is not None and Counter(kept) == Counter(game.players[ev.player].rack):
                    self.rack_order[ev.player] = kept

    def _announce_audience(self, events: Sequence[Event]) -> Audience:
        """Who may hear whose tiles in this announcement: the tiles drawn
        after a play that may still be challenged are counted, not named."""
        aud = self.audience
        hidden = {ev.player for ev in events if isinstance(ev, TilesPlaced) and self._withheld.get(ev.player) is ev}
        return Audience(aud.names, aud.reveal - hidden) if hidden & aud.reveal else aud

    def new_tiles_lines(self, i: int) -> list[str]:
        """The tiles player ``i`` drew after a play, once that play can no
        longer be challenged (said once, before the rack)."""
        ev = self._withheld.get(i)
        game = self.game
        if ev is None or game is None or game.pending_play is ev or i not in self.audience.reveal:
            return []
        del self._withheld[i]
        return phrases.clauses(f"New tiles: {phrases.tiles_list(ev.drawn)}.")

    # ---------------------------------------------------------------- blanks
    def start_play(self, draft: Draft, action: str) -> list[str]:
        """Play or check a draft; ask for the letters of blanks first."""
        game = self.need_game()
        if draft.open_blanks:
            # Refuse at once what no letter could make legal.
            trial = draft
            for sq in draft.open_blanks:
                trial = trial.with_blank(sq, "E")
            try:
                game.check_place(trial.play())
            except WordNotAcceptable:
                pass
            except ScrabbleError as e:
                return [str(e)]
            self.blank_question = _BlankQuestion(draft, action)
            return [self._blank_prompt(draft.open_blanks[0])]
        return self._finish_play(draft, action)

    @staticmethod
    def _blank_prompt(square: Square) -> str:
        return f"Which letter is the blank on {square.name}?"

    def _answer_blank(self, text: str) -> list[str]:
        q = self.blank_question
        assert q is not None
        square = q.draft.open_blanks[0]
        if text.lower() in ("cancel", "no", "stop"):
            self.blank_question = None
            return ["Cancelled; nothing was played."]
        letter = text.strip()
        if len(letter) != 1 or not letter.isascii() or not letter.isalpha():
            return [f"Type one letter, A to Z, for the blank on {square.name}, or cancel."]
        draft = q.draft.with_blank(square, letter.upper())
        if draft.open_blanks:
            self.blank_question = _BlankQuestion(draft, q.action)
            return [f"Blank on {square.name} is {letter.upper()}.", self._blank_prompt(draft.open_blanks[0])]
        self.blank_question = None
        return [f"Blank on {square.name} is {letter.upper()}."] + self._finish_play(draft, q.action)

    @staticmethod
    def _joined(draft: Draft, made: WordScore | None) -> list[tuple[Square, str]]:
        """Board letters the word formed takes in beyond the typed word's
        ends (``play H5 ZIT`` with an I on H8 makes ZITI)."""
        return list(typed.word_made(draft, made.word if made else None).joined)

    @classmethod
    def _differs(cls, draft: Draft, made: WordScore | None) -> bool:
        """Whether the word formed is not the word typed (see :func:`typed.word_made`)."""
        return typed.word_made(draft, made.word if made else None).differs

    @classmethod
    def _board_letter_lines(cls, draft: Draft, made: WordScore | None) -> list[str]:
        """What the word formed is, then the board letters in it that were
        not typed: said before the play is scored or made."""
        word = typed.word_made(draft, made.word if made else None)
        if word.word is None:
            lines = ["That makes no word."]
        else:
            lines = phrases.play_lines("That makes", word.word.letters,
                                       phrases.where_text(word.word.start, word.word.direction))
        if word.played_through:
            through = phrases.join_and([f"{phrases.tile_phrase(t)} on {sq.name}" for sq, t in word.played_through])
            lines.extend(phrases.clauses(f"That plays through {through}."))
        if word.joined:
            letters = phrases.join_and([f"{phrases.tile_phrase(t.upper())} on {sq.name}" for sq, t in word.joined])
            lines.extend(phrases.clauses(f"That joins {letters}."))
        return lines

    def _finish_play(self, draft: Draft, action: str, confirmed: bool = False) -> list[str]:
        game = self.need_game()
        play = draft.play()
        if action == "check":
            try:
                breakdown = game.check_place(play)
            except IllegalPlay as e:
                return ["Not legal.", self._explain_rack(e)]  # the reason, a sentence of its own
            lines = phrases.check_phrases(breakdown, self.style)
            made = phrases.main_word(breakdown)
            if not self._differs(draft, made):
                return lines
            # The word made is not the word typed: say which word it is
            # first, then its score (not the word a second time).
            head = [] if made is None else phrases.play_lines(
                "", made.word.letters, phrases.where_text(made.word.start, made.word.direction),
                f", would score {breakdown.total}")
            if head and lines[:len(head)] == head:
                lines = [f"It would score {breakdown.total}."] + lines[len(head):]
            return self._board_letter_lines(draft, made) + lines
        if not confirmed:
            # The word made may not be the word typed: a board letter inside
            # it left out, or board letters at either end. Say what it makes
            # and ask first.
            try:
                breakdown = game.check_place(play)
            except IllegalPlay as e:
                return [self._explain_rack(e)]
            made = phrases.main_word(breakdown)
            if self._differs(draft, made):
                self.confirm = _Confirm("play", draft)
                return self._board_letter_lines(draft, made) + ["Play it? Type yes or no."]
        try:
            return self.act(lambda g: g.place(play))
        except IllegalPlay as e:
            return [self._explain_rack(e)]

    def _explain_rack(self, e: ScrabbleError) -> str:
        """A missing letter when the rack holds a blank: say how to use it."""
        msg = str(e)
        if e.code == "not_on_rack" and self.game is not None and BLANK in self.game.current_player.rack:
            if "no blank" not in msg:
                return msg.rstrip(".") + ";\nto use your blank, type ? in its place."  # a clause a line
        return msg

    # ================================================================ teaching
    #: the refusal of ``hint`` while hints are off: one sentence, two lines
    HINTS_OFF = ("Hints are off; a real game forbids them.", "Type set hints on to practise.")

    def hint_lines(self) -> list[str]:
        """The best 3 plays for the rack of the player whose turn it is
        (a person, ready to act), when hints are on. Only the board and
        that player's own rack are looked at."""
        game = self.need_game()
        if not self.settings.hints:
            raise ActionNotAllowed("\n".join(self.HINTS_OFF))
        if game.is_over:
            raise ActionNotAllowed("The game is over;\ntype review for each turn's best play.")
        i = self.actor()
        return teaching.hint_phrases(services.hints(game, i, self.lexicon))

    #: the refusal of ``review`` (and ``next``, ``back``) during the game
    REVIEW_LATER = "The best plays would be a word aid now; type review when the game is over."

    def _finished_game(self, step: str = "") -> Game:
        """The game, once it is over; refused before (a word aid). ``step``
        (next, back) is said to be the review's, not a turn's."""
        game = self.need_game()
        if not game.is_over:
            if step:
                raise ActionNotAllowed(f"{step} steps through the review;\ntype review when the game is over.")
            raise ActionNotAllowed("\n".join(phrases.clauses(self.REVIEW_LATER)))
        return game

    def reviews(self) -> list[Any]:
        """Every turn of the finished game beside the best play then
        (engine.review), worked out once."""
        game = self._finished_game()
        if self._reviews is None:
            self._reviews = services.review_game(game, self.lexicon)
        return self._reviews

    def review_start(self, text: str = "") -> list[str]:
        """``review``: the first turn; ``review N``: turn N."""
        reviews = self.reviews()
        if not reviews:
            return ["No turn was played,", "so there is nothing to review."]
        text = text.strip()
        if not text:
            head = [f"Review of {phrases.plural(len(reviews), 'turn')}; Enter for the next."]
            return head + self.review_step(0)
        from .settings import small_number

        wanted = small_number(text, digits=4)
        last = reviews[-1].turn
        if wanted is None or not 1 <= wanted <= last:
            raise NotationError("\n".join(phrases.clauses(
                f"The game had turns 1 to {last}; type review and a number, like review {min(3, last)}.")))
        index = next(k for k, r in enumerate(reviews) if r.turn >= wanted)
        lost = [] if reviews[index].turn == wanted else [f"Turn {wanted} was lost; the next turn:"]
        return lost + self.review_step(index)

    def review_step(self, index: int) -> list[str]:
        """Say one turn of the review (``index`` into the reviews), or the
        summary when ``index`` is past the last turn."""
        reviews = self.reviews()
        self.review_at = max(0, min(index, len(reviews)))
        if self.review_at == len(reviews):
            names = list(self.names)
            return (["End of the review."] + teaching.review_summary(reviews, names)
                    + ["Type review to hear it again, or new."])
        return teaching.review_move_phrases(reviews[self.review_at])

    def review_next(self) -> list[str]:
        """``next`` (or Enter): the next turn of the review, or its start."""
        self._finished_game("next")
        if self.review_at is None:
            return self.review_start()
        if self._reviews is not None and self.review_at >= len(self._reviews):
            return ["The review is over;", "type review to hear it again."]
        return self.review_step(self.review_at + 1)

    def review_back(self) -> list[str]:
        """``back``: the turn before in the review."""
        self._finished_game("back")
        if self.review_at is None:
            return self.review_start()
        if self.review_at == 0:
            return ["This is the first turn."] + self.review_step(0)
        return self.review_step(self.review_at - 1)

    # ================================================================ computers
    def computer_to_move(self) -> bool:
        """Whether a computer player acts next (its move or its challenge)."""
        game = self.game
        if game is None or game.is_over or self.table is None:
            return False
        if game.awaiting_final_challenge:
            people, computers = self.final_deciders()
            return bool(computers) and not people  # the people first
        return self.is_computer(game.current)

    def computer_turn(self) -> list[str]:
        """One computer decision: a challenge of a phony, or its move."""
        game = self.game
        assert game is not None
        pend = game.pending_play
        if game.awaiting_final_challenge:
            assert pend is not None
            _, computers = self.final_deciders()
            for c in computers:
                if self._wants_challenge(c):
                    return self._reply(self.act(lambda g: g.challenge(c)))
            who = phrases.join_and([self.names[c] for c in computers])
            verb = "accepts" if len(computers) == 1 else "accept"
            return self._reply([f"{who} {verb} the play."] + self.act(lambda g: g.accept()))
        i = game.current
        if pend is not None and pend.player != i and game.why_not_challenge(i) is None:
            if self._wants_challenge(i):
                # Its turn was said just before; after the challenge it is
                # said again only if the turn has moved on.
                return self._reply(self.act(lambda g: g.challenge(i), quiet_turn_of=i))
        assert self.table is not None
        choose = self.table.choosers[i]
        try:
            move = choose(game, i)
            if move.kind == "place" and move.play is not None:
                return self._reply(self.act(lambda g: g.place(move.play)))
            if move.kind == "exchange" and move.tiles:
                return self._reply(self.act(lambda g: g.exchange(list(move.tiles))))
            if move.kind == "pass":
                return self._reply(self.act(lambda g: g.pass_turn()))
        except Exception:  # a computer's mistake must not stop the game
            self.last_error = traceback.format_exc()
        # Its choice could not be made (or was not understood): it passes.
        note = f"{self.names[i]} could not make its move, so it passes."
        return self._reply([note] + self.act(lambda g: g.pass_turn()))

    def _wants_challenge(self, i: int) -> bool:
        """Whether computer player ``i`` challenges the pending play."""
        game = self.game
        assert game is not None and self.table is not None
        chooser = self.table.choosers.get(i)
        wants = getattr(chooser, "wants_challenge", None)
        try:
            if wants is not None:
                return bool(wants(game, i))
            pend = game.pending_play
            return pend is not None and bool(game.unacceptable_words(pend.breakdown))
        except Exception:
            self.last_error = traceback.format_exc()
            return False

    def run_computers(self, limit: int = 400) -> list[str]:
        """Every computer decision due now, until a person must act."""
        lines: list[str] = []
        saved = self.defer_computer
        self.defer_computer = True
        try:
            while limit > 0 and self.computer_to_move():
                lines.extend(self.computer_turn())
                limit -= 1
        finally:
            self.defer_computer = saved
        return lines

    # ================================================================ misc
    def player_named(self, text: str) -> int:
        """A player by name (any case, or the start of the name)."""
        names = self.names
        low = text.strip().casefold()
        exact = [i for i, n in enumerate(names) if n.casefold() == low]
        if exact:
            return exact[0]
        starts = [i for i, n in enumerate(names) if n.casefold().startswith(low)]
        if len(starts) == 1:
            return starts[0]
        raise NotationError(f"No player is called {text.strip()!r}; the players are {phrases.join_and(list(names))}.")

    def history_events(self) -> list[Event]:
        return list(self.game.history) if self.game else []

    def last_turn_event(self) -> Event | None:
        return phrases.last_move_event(self.history_events())
