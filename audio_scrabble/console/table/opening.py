"""How a game comes to the table.

A game starts in one of four ways: the set-up questions are answered (or
the command line answered them), ``new`` starts another with the same
seats and rules, ``--position`` starts one from a position (see
:mod:`.position_start`), or a saved game is resumed (the
:class:`~.saving.Saver` rebuilds it). :class:`Opening` builds the game,
its computer players and its opening lines, and counts the games played
(each new game's seed is the base seed plus that count). It never seats
anything itself: it returns a :class:`Seating`, which the session seats,
then saves and says whose turn it is.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Callable, Collection

from ...core.game import Game
from ...errors import ScrabbleError
from ...persistence import TableState
from ...presentation import phrases, prompts, survey_phrases
from .. import services
from . import position_start
from ..files.saving import Resumed
from ..asking.setup import Seat, SetupFlow, parse_players, parse_rules
from .table import Chooser, lone_person

ComputerFactory = Callable[[str, Any, int], Chooser]


@dataclass
class Seating:
    """A game ready for the table: what the session seats and says."""

    game: Game
    seats: list[Seat]
    choosers: dict[int, Chooser]
    setup: SetupFlow  # the seats and rules, kept for ``new``
    lines: list[str]  # the opening, said before whose turn it is
    state: TableState | None = None  # a resumed game's settings and rack order
    saved: bool = False  # a resumed game is on file as it is: no save at once


class Opening:
    """Builds each game of a session and counts them."""

    def __init__(self, options: Any, computer_factory: ComputerFactory | None, think: Callable[[], int],
                 remote: Collection[str] = ()):
        self.options = options
        #: the names of the remote players' seats (a game between homes): not "you"
        self.remote = frozenset(remote)
        #: computer players can be seated: True when a factory was given; None
        #: means "if the engine is installed", looked up only when one is named
        self.computers: bool | None = True if computer_factory is not None else None
        #: makes a computer player (by default the engine's, thinking ``think()`` seconds)
        self.computer_factory = computer_factory or (
            lambda level, lexicon, seed: services.make_computer(level, lexicon, seed, think=think()))
        self.games_played = 0

    def choosers(self, seats: list[Seat], seed: int, lexicon: Any) -> dict[int, Chooser]:
        """The computer players of these seats, each seeded from the game's seed."""
        return {i: self.computer_factory(s.computer, lexicon, seed + 7919 * (i + 1))
                for i, s in enumerate(seats) if s.computer}

    def setup_flow(self) -> tuple[SetupFlow, list[str]]:
        """The set-up questions, with what the command line answered; and
        what to say first (a players or rules option that cannot be read)."""
        said: list[str] = []
        o = self.options
        try:
            seats = parse_players(o.players, self.computers) if o.players else None
            rules = parse_rules(o.rules) if o.rules else None
        except ScrabbleError as e:
            seats, rules = None, None
            said.extend(prompts.refusal_said(str(e)))
        setup = SetupFlow(seats, rules, computers=self.computers)
        if seats is not None and rules is None:
            setup.rules = parse_rules("house")
        return setup, said

    def new_game(self, setup: SetupFlow, lexicon: Any) -> Seating:
        """The next game with the set-up's seats and rules: the rules, then the draw for first."""
        assert setup.rules is not None
        seats, rules = setup.players, setup.rules
        base = self.options.seed if self.options.seed is not None else secrets.randbelow(2**31)
        seed = base + self.games_played
        choosers = self.choosers(seats, seed, lexicon)
        game = Game([s.name for s in seats], rules, seed, lexicon, services.move_finder(lexicon))
        self.games_played += 1
        lines = prompts.rules_title(rules.title)
        you = lone_person(seats, self.remote)
        lines.extend(phrases.first_player_phrases(game.history[0],  # type: ignore[arg-type]
                                                  None if you is None else seats[you].name))
        return Seating(game, seats, choosers, setup, lines)

    def position(self, lexicon: Any) -> Seating:
        """The game of ``--position``: the rules, then the position's scores."""
        ready = position_start.prepare(self.options, self.computers)
        choosers = self.choosers(ready.seats, ready.seed, lexicon)
        game = Game([s.name for s in ready.seats], ready.rules, ready.seed, lexicon,
                    services.move_finder(lexicon), start=ready.start)
        self.games_played += 1
        lines = prompts.rules_title(ready.rules.title)
        lines.extend(survey_phrases.position_opening(game.names, game.scores(),
                                                        lone_person(ready.seats, self.remote)))
        setup = SetupFlow(ready.seats, ready.rules, computers=self.computers)
        return Seating(game, ready.seats, choosers, setup, lines)

    def resumed(self, resumed: Resumed) -> Seating:
        """A saved game as it was left, with its seats and word list; said:
        "Resumed.", the scores, the last move and the bag."""
        game, state = resumed.game, resumed.state
        self.options.lexicon = resumed.lexicon_path  # a new game after this one keeps it too
        seats = [Seat(n, state.computers.get(i)) for i, n in enumerate(game.names)]
        choosers = self.choosers(seats, game.seed, resumed.lexicon)
        self.options.seed = game.seed
        self.games_played = 1
        lines = resumed.lines + prompts.resumed(game.rules.title)
        you = lone_person(seats, self.remote)
        lines.extend(phrases.scores_lines(game.names, game.scores(), you))
        last = phrases.last_move_event(list(game.history))
        if last is not None:
            lines.extend(phrases.clauses(phrases.last_move_sentence(last, you)))
        lines.append(phrases.bag_phrase(len(game.bag)))
        setup = SetupFlow(seats, game.rules, computers=self.computers)
        return Seating(game, seats, choosers, setup, lines, state=state, saved=True)
