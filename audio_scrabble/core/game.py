"""The game: players, bag, racks, turns, challenges and the end.

Every action has a check that raises a typed error saying why not
(``check_place``, ``check_exchange``, ``check_pass``, ``check_challenge``,
``check_accept``) and a ``why_not_*`` twin that returns the sentence or
``None``. Doing the action returns the event that says what happened; every
event the action produced (a play that ends the game produces two) is in
``last_events``. A refused action changes nothing.

The last play of a game can still be challenged before the game ends
(RULES.md, End of the game): a play that goes out, a play after which no
player can move (house rule), and a 0-point play that is the last of the
scoreless turns that end a tournament game. After such a play the game
waits (``awaiting_final_challenge``; why in ``final_reason``): the only
actions are ``challenge`` and ``accept`` (``check_accept``,
``why_not_accept``). A play that stands, or is accepted, ends the game
(:class:`GameEnded`); a play taken back lets the game go on, unless the
end still holds without it.

The game is deterministic given its set-up (names, rules, seed, rules
edition) and the list of actions taken, which it keeps in ``actions`` as
plain data: replaying them with :meth:`Game.replay` gives back exactly the
same game.

Rules editions: the set-up (``config()``) records the edition of the rules
reference the game follows. Edition 2 (every new game): under the 5- and
10-point rules the player whose play stands after a challenge gains the
points. Edition 1 (games saved before edition 2 existed, whose set-up has
no edition): the challenger lost them; such saves replay as they were
played.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Protocol, Sequence, TypeVar

from ..errors import ActionNotAllowed, IllegalPlay, ScrabbleError, WordNotAcceptable
from .board import SIZE, Board, Square
from .events import (
    Adjustment,
    ChallengeResolved,
    Event,
    FirstPlayerDrawn,
    GameEnded,
    TilesExchanged,
    TilesPlaced,
    TurnLost,
    TurnPassed,
)
from .play import PlacedTile, Play, apply_play, remove_play, validate_placement
from .rules import DOUBLE, HOUSE, NORTH_AMERICAN, POINTS, RuleSet
from .scoring import ScoreBreakdown, score_play
from .tiles import BLANK, RACK_SIZE, Bag, full_tile_set, rack_value

_E = TypeVar("_E", bound=Event)

MIN_PLAYERS = 2
MAX_PLAYERS = 4

#: The rules edition of new games (see the module doc).
EDITION = 2
EDITIONS = (1, 2)

#: The game waits for a last challenge before it ends (RULES.md, End of the game)
#: because its player went out (or ``"no_moves"``, ``"scoreless_turns"``: see ``final_reason``).
FINAL_OUT = "out"


class WordList(Protocol):
    def __contains__(self, word: object) -> bool: ...


#: ``move_finder(board, rack) -> bool``: whether any placement exists for the rack.
MoveFinder = Callable[[Board, Sequence[str]], bool]


@dataclass
class Player:
    name: str
    rack: list[str] = field(default_factory=list)
    score: int = 0


@dataclass
class _Pending:
    """The last play, while it may still be challenged."""

    player: int
    play: Play
    breakdown: ScoreBreakdown
    rack_before: tuple[str, ...]
    drawn: tuple[str, ...]
    turn_index: int  # index into Game._turns


def _draw_key(tile: str) -> int:
    return -1 if tile == BLANK else ord(tile)


def _count_phrase(n: int) -> str:
    return {1: "one", 2: "two", 3: "three", 4: "four"}.get(n, str(n))



def unseen_tiles(board: Board, *racks: Sequence[str]) -> Counter[str]:
    """The tiles of the set not on ``board`` (a blank played counts as
    ``?``) and not on ``racks``: what a player holding the racks cannot
    see -- the bag and the others' racks."""
    counts = Counter(full_tile_set())
    counts.subtract(BLANK if t.islower() else t for _, t in board.occupied())
    for rack in racks:
        counts.subtract(rack)
    return +counts

class Game:
    def __init__(
        self,
        names: Sequence[str],
        rules: RuleSet = HOUSE,
        seed: int = 0,
        lexicon: WordList | None = None,
        move_finder: MoveFinder | None = None,
        edition: int = EDITION,
        start: dict[str, Any] | None = None,
    ):
        if isinstance(edition, bool) or edition not in EDITIONS:
            raise ActionNotAllowed(f"There is no rules edition {edition!r}; the editions are 1 and 2.")
        names = [n.strip() for n in names]
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise ActionNotAllowed(f"A game needs 2 to 4 players; {len(names)} were named.")
        if any(not n for n in names):
            raise ActionNotAllowed("Every player needs a name.")
        if len({n.casefold() for n in names}) != len(names):
            raise ActionNotAllowed("Two players have the same name; give each player a different name.")
        self.names = tuple(names)
        self.rules = rules
        self.seed = seed
        self.edition = edition
        self.lexicon = lexicon
        self.move_finder = move_finder
        self.board = Board()
        self.bag = Bag(seed)
        self.players = [Player(n) for n in names]
        self.history: list[Event] = []
        self.actions: list[dict[str, Any]] = []
        self.last_events: tuple[Event, ...] = ()
        self.ended: GameEnded | None = None
        self._turns: list[list[Any]] = []  # [player, kind, score]
        self._skips = [0] * len(names)
        self._pending: _Pending | None = None
        self._final: str | None = None  # why the game waits for a last challenge
        self.current = 0
        self._zero_turns_before = 0
        self.start = start_position(start, len(names)) if start is not None else None
        if self.start is None:
            self._draw_for_first()
        else:
            self._set_up_position(self.start)

    # ------------------------------------------------------------ set-up
    def _draw_for_first(self) -> None:
        contenders = list(range(len(self.players)))
        rounds = []
        while True:
            draws = [(i, self.bag.draw(1)[0]) for i in contenders]
            self.bag.put_back(t for _, t in draws)
            rounds.append(tuple((self.players[i].name, t) for i, t in draws))
            best = min(_draw_key(t) for _, t in draws)
            contenders = [i for i, t in draws if _draw_key(t) == best]
            if len(contenders) == 1:
                break
        self.current = contenders[0]
        for k in range(len(self.players)):
            p = self.players[(self.current + k) % len(self.players)]
            p.rack = self.bag.draw(RACK_SIZE)
        ev = FirstPlayerDrawn(1, tuple(rounds), self.current, self.players[self.current].name)
        self.history.append(ev)
        self.last_events = (ev,)

    def _set_up_position(self, start: dict[str, Any]) -> None:
        """Start from a position: its board, racks and scores; the bag holds
        the unseen tiles, and a rack given short is filled from it, in turn
        order from the player to move. No draw for first: the position says
        who moves."""
        self.board = Board.from_rows(start["board"])
        self.current = start["to_move"]
        for p, rack, score in zip(self.players, start["racks"], start["scores"]):
            p.rack = list(rack)
            p.score = score
        unseen = unseen_tiles(self.board, *(p.rack for p in self.players))
        self.bag = Bag(self.seed, sorted(unseen.elements(), key=_draw_key))
        for k in range(len(self.players)):
            p = self.players[(self.current + k) % len(self.players)]
            p.rack.extend(self.bag.draw(RACK_SIZE - len(p.rack)))
        self._zero_turns_before = start["zero_turns"]
        self.last_events = ()

    # ------------------------------------------------------------ reading
    @property
    def turn(self) -> int:
        return len(self._turns) + 1

    @property
    def current_player(self) -> Player:
        return self.players[self.current]

    @property
    def is_over(self) -> bool:
        return self.ended is not None

    @property
    def awaiting_final_challenge(self) -> bool:
        """The last play ends the game once it is accepted or survives a challenge."""
        return self._final is not None

    @property
    def final_reason(self) -> str | None:
        """Why the game waits for a last challenge: ``"out"`` (the player went
        out), ``"no_moves"`` (no player could move after the play) or
        ``"scoreless_turns"`` (the play was the last scoreless turn); else None."""
        return self._final

    @property
    def pending_play(self) -> TilesPlaced | None:
        """The play that may be challenged now, if any."""
        if self._pending is None:
            return None
        for ev in reversed(self.history):
            if isinstance(ev, TilesPlaced):
                return ev
        return None

    def scores(self) -> tuple[int, ...]:
        return tuple(p.score for p in self.players)

    def scoreless_streak(self) -> int:
        n = 0
        for _, _, score in reversed(self._turns):
            if score:
                return n
            n += 1
        return n + self._zero_turns_before

    def unseen(self, player: int | None = None) -> Counter[str]:
        """Tiles the player has not seen: not on the board, not on their rack."""
        p = self.current if player is None else player
        return unseen_tiles(self.board, self.players[p].rack)

    def tile_accounting(self) -> Counter[str]:
        """Bag + racks + board, blanks on the board counted as ``?``."""
        counts = Counter(self.bag.tiles)
        for p in self.players:
            counts.update(p.rack)
        counts.update(BLANK if t.islower() else t for _, t in self.board.occupied())
        return counts

    # ------------------------------------------------------------ checks
    def _check_turn_open(self) -> None:
        if self.ended is not None:
            raise ActionNotAllowed("The game is over; start a new game to play again.")
        if self._final is not None:
            name = self.players[self._pending.player].name if self._pending else "The player"
            if self._final == FINAL_OUT:
                raise ActionNotAllowed(
                    f"{name} has gone out; challenge the last play or accept it to end the game."
                )
            raise ActionNotAllowed(
                f"{_possessive(name)} play ends the game; challenge it, or accept it to end the game."
            )

    def _check_rack(self, tiles: Iterable[str], rack: Sequence[str], verb: str) -> None:
        have = Counter(rack)
        need = Counter(tiles)
        for tile, n in need.items():
            if have[tile] >= n:
                continue
            what = "a blank" if tile == BLANK else tile
            if have[tile] == 0:
                raise IllegalPlay(f"You have no {what.removeprefix('a ')} on your rack to {verb}.", "not_on_rack",
                                  brief=f"No {what.removeprefix('a ')} on your rack.")
            raise IllegalPlay(
                f"You have only {_count_phrase(have[tile])} {'blank' if tile == BLANK else tile} on your rack.",
                "not_on_rack",
                brief=f"Only {_count_phrase(have[tile])} {'blank' if tile == BLANK else tile} on your rack.",
            )

    def unacceptable_words(self, breakdown: ScoreBreakdown) -> tuple[str, ...]:
        if self.lexicon is None:
            return ()
        out = []
        for w in breakdown.words:
            word = w.word.word
            if word not in self.lexicon and word not in out:
                out.append(word)
        return tuple(out)

    def check_place(self, play: Play) -> ScoreBreakdown:
        """Why this play may not be made now (raises), else its score."""
        self._check_turn_open()
        validate_placement(self.board, play)
        self._check_rack(play.rack_tiles(), self.current_player.rack, "play")
        breakdown = score_play(self.board, play)
        if not breakdown.words:
            raise IllegalPlay("The play forms no word of two or more letters.", "no_word")
        if not self.rules.challenges_allowed:
            bad = self.unacceptable_words(breakdown)
            if bad:
                raise WordNotAcceptable(_not_acceptable_sentence(bad), bad)
        return breakdown

    def check_exchange(self, tiles: Sequence[str]) -> None:
        self._check_turn_open()
        if not tiles:
            raise ActionNotAllowed("Name at least one tile to exchange, or say pass.")
        self._check_rack(tiles, self.current_player.rack, "exchange")
        need = self.rules.exchange_minimum(len(tiles))
        if len(self.bag) < need:
            if not self.bag:  # nothing to exchange for, however few are named
                raise ActionNotAllowed("The bag is empty, so no tiles can be exchanged; play or pass.")
            held = f"it holds {len(self.bag)}"
            if self.rules.exchange_needs_seven:
                raise ActionNotAllowed(
                    f"You can exchange only while the bag holds at least 7 tiles; {held}. Play or pass."
                )
            raise ActionNotAllowed(
                f"The bag must hold at least as many tiles as you exchange; {held}. Exchange fewer, play or pass."
            )

    def check_pass(self) -> None:
        self._check_turn_open()

    def check_challenge(self, challenger: int | None = None) -> None:
        if self.ended is not None:
            raise ActionNotAllowed("The game is over; there is nothing to challenge.")
        if not self.rules.challenges_allowed:
            raise ActionNotAllowed("These rules have no challenges; words not in the list are refused when played.")
        if self.lexicon is None:
            raise ActionNotAllowed("Challenges need a word list, and this game has none.")
        if self._pending is None:
            raise ActionNotAllowed("There is no play to challenge now; a play can be challenged only before the next turn starts.")
        who = self._default_challenger() if challenger is None else challenger
        if not 0 <= who < len(self.players):
            raise ActionNotAllowed("There is no such player to challenge.")
        if who == self._pending.player:
            raise ActionNotAllowed("You cannot challenge your own play.", brief="Your own play cannot be challenged.")

    def check_accept(self) -> None:
        if self._final is None:
            raise ActionNotAllowed("There is nothing to accept now.")

    def _why(self, check: Callable[[], Any]) -> str | None:
        try:
            check()
        except ScrabbleError as e:
            return str(e)
        return None

    def why_not_place(self, play: Play) -> str | None:
        return self._why(lambda: self.check_place(play))

    def why_not_exchange(self, tiles: Sequence[str]) -> str | None:
        return self._why(lambda: self.check_exchange(tiles))

    def why_not_pass(self) -> str | None:
        return self._why(self.check_pass)

    def why_not_challenge(self, challenger: int | None = None) -> str | None:
        return self._why(lambda: self.check_challenge(challenger))

    def why_not_accept(self) -> str | None:
        return self._why(self.check_accept)

    def _default_challenger(self) -> int:
        """The player who would challenge by default: the next to act."""
        if self._pending is not None and self._final is not None:
            return (self._pending.player + 1) % len(self.players)
        return self.current

    # ------------------------------------------------------------ actions
    def place(self, play: Play) -> TilesPlaced:
        breakdown = self.check_place(play)
        self._close_window()
        i = self.current
        p = self.players[i]
        rack_before = tuple(p.rack)
        for t in play.rack_tiles():
            p.rack.remove(t)
        apply_play(self.board, play)
        p.score += breakdown.total
        drawn = tuple(self.bag.draw(RACK_SIZE - len(p.rack)))
        p.rack.extend(drawn)
        went_out = not p.rack
        self._turns.append([i, "place", breakdown.total])
        turn_no = len(self._turns)  # before any lost turns that follow it
        self._pending = _Pending(i, play, breakdown, rack_before, drawn, len(self._turns) - 1)
        self.actions.append(
            {"type": "place", "tiles": [[t.square.row, t.square.col, t.letter, t.blank] for t in play.tiles],
             "direction": play.direction}
        )
        events: list[Event] = []
        # A play that ends the game may still be challenged first.
        ending = FINAL_OUT if went_out else self._end_reason()
        if ending is not None and self.rules.challenges_allowed and self.lexicon is not None:
            self._final = ending
            nxt = None
        elif went_out:
            nxt = None
        else:
            nxt = self._advance(events)
        ev = TilesPlaced(
            turn_no, i, p.name, play, breakdown, rack_before, drawn, p.score, len(self.bag), nxt, went_out,
            self._final,
        )
        events.insert(0, ev)
        if self._final is not None:
            pass  # the game waits for a challenge or an accept
        elif went_out:
            self._pending = None
            events.append(self._end(FINAL_OUT, i))
        elif ending is not None or len(events) > 1:
            # the end holds (no challenges), or turns lost to a double
            # challenge followed the play: asked again only then, since
            # the move finder may be slow
            self._check_end(events)
        return self._record(events, TilesPlaced)

    def exchange(self, tiles: Sequence[str]) -> TilesExchanged:
        tiles = list(tiles)
        self.check_exchange(tiles)
        self._close_window()
        i = self.current
        p = self.players[i]
        rack_before = tuple(p.rack)
        for t in tiles:
            p.rack.remove(t)
        drawn = tuple(self.bag.draw(len(tiles)))
        p.rack.extend(drawn)
        self.bag.put_back(tiles)
        self._turns.append([i, "exchange", 0])
        turn_no = len(self._turns)
        self.actions.append({"type": "exchange", "tiles": "".join(tiles)})
        events: list[Event] = []
        nxt = self._advance(events)
        events.insert(0, TilesExchanged(turn_no, i, p.name, tuple(tiles), drawn, rack_before, p.score, len(self.bag), nxt))
        self._check_end(events)
        return self._record(events, TilesExchanged)

    def pass_turn(self) -> TurnPassed:
        self.check_pass()
        self._close_window()
        i = self.current
        p = self.players[i]
        self._turns.append([i, "pass", 0])
        turn_no = len(self._turns)
        self.actions.append({"type": "pass"})
        events: list[Event] = []
        nxt = self._advance(events)
        events.insert(0, TurnPassed(turn_no, i, p.name, tuple(p.rack), p.score, nxt))
        self._check_end(events)
        return self._record(events, TurnPassed)

    def challenge(self, challenger: int | None = None) -> ChallengeResolved:
        self.check_challenge(challenger)
        assert self._pending is not None and self.lexicon is not None
        who = self._default_challenger() if challenger is None else challenger
        pend = self._pending
        self._pending = None
        self.actions.append({"type": "challenge", "challenger": who})
        words = tuple(dict.fromkeys(w.word.word for w in pend.breakdown.words))
        bad = tuple(w for w in words if w not in self.lexicon)
        events: list[Event] = []
        player = self.players[pend.player]
        turn_lost = False
        points_lost = points_gained = 0
        final = self._final
        self._final = None
        if bad:
            # Take the play back: tiles to the rack, the drawn tiles to the bag.
            remove_play(self.board, pend.play)
            for t in pend.drawn:
                player.rack.remove(t)
            self.bag.put_back(pend.drawn)
            player.rack = list(pend.rack_before)
            player.score -= pend.breakdown.total
            points_lost = pend.breakdown.total
            self._turns[pend.turn_index][1:] = ["withdrawn", 0]
            nxt = self._advance(events) if final else self.current
        else:
            nxt = None if final else self.current
            if self.rules.challenge == POINTS and self.edition == 1:
                self.players[who].score -= self.rules.challenge_penalty
                points_lost = self.rules.challenge_penalty
            elif self.rules.challenge == POINTS:
                player.score += self.rules.challenge_penalty
                points_gained = self.rules.challenge_penalty
            elif self.rules.challenge == DOUBLE and not final:
                turn_lost = True
                self._skips[who] += 1
                if who == self.current:
                    nxt = self._advance(events, skip_current=True)
        ev = ChallengeResolved(
            pend.turn_index + 1, who, self.players[who].name, pend.player, player.name, words, bad,
            bool(bad), points_lost, turn_lost, self.scores(), nxt, points_gained,
        )
        events.insert(0, ev)
        if final and not bad:
            events.append(self._end(final, pend.player if final == FINAL_OUT else None, waited=True))
        else:
            self._check_end(events)
        return self._record(events, ChallengeResolved)

    def accept(self) -> GameEnded:
        """Accept the last play of the game (see ``final_reason``): the game ends."""
        self.check_accept()
        assert self._pending is not None and self._final is not None
        self.actions.append({"type": "accept"})
        reason = self._final
        out = self._pending.player if reason == FINAL_OUT else None
        self._pending = None
        self._final = None
        ev = self._end(reason, out, waited=True)
        self._record([ev], Event)
        return ev

    # ------------------------------------------------------------ helpers
    def _record(self, events: list[Event], kind: type[_E]) -> _E:
        """Keep the action's events; the first, the action's own (a ``kind``)."""
        self.history.extend(events)
        self.last_events = tuple(events)
        first = events[0]
        assert isinstance(first, kind)
        return first

    def _close_window(self) -> None:
        self._pending = None

    def _advance(self, events: list[Event], skip_current: bool = False) -> int | None:
        """Move the turn on; players who lost a turn (double challenge) are skipped."""
        if skip_current:
            events.append(self._lose_turn(self.current))
        n = len(self.players)
        nxt = (self.current + 1) % n
        while self._skips[nxt] > 0 and not self._game_should_end():
            self.current = nxt
            events.append(self._lose_turn(nxt))
            nxt = (nxt + 1) % n
        self.current = nxt
        return nxt

    def _lose_turn(self, i: int) -> TurnLost:
        self._skips[i] -= 1
        self._turns.append([i, "lost", 0])
        p = self.players[i]
        return TurnLost(len(self._turns), i, p.name, p.score, (i + 1) % len(self.players))

    def _game_should_end(self) -> bool:
        return self._end_reason() is not None

    def _end_reason(self) -> str | None:
        r = self.rules
        n = len(self.players)
        if r.end_all_passed_twice and len(self._turns) >= 2 * n and all(
            t[1] == "pass" for t in self._turns[-2 * n:]
        ):
            return "all_passed_twice"
        if r.scoreless_turns_limit and not self.board.is_empty() and self.scoreless_streak() >= r.scoreless_turns_limit:
            return "scoreless_turns"
        if r.end_no_moves and self.move_finder is not None and not self.bag and self._turns:
            if not any(self._can_move(p.rack) for p in self.players):
                return "no_moves"
        return None

    def _can_move(self, rack: Sequence[str]) -> bool:
        """Ask the move finder; one that fails counts as "a move exists".

        It is asked after an action has changed the game, so it must not be
        able to leave the action half done: the game simply goes on.
        """
        assert self.move_finder is not None
        try:
            return bool(self.move_finder(self.board.copy(), tuple(rack)))
        except Exception:  # noqa: BLE001 - a broken helper must not break the game
            return True

    def _check_end(self, events: list[Event]) -> None:
        reason = self._end_reason()
        if reason is not None:
            self._pending = None
            # the game is over: no event of this action may name a next player
            no_next: dict[str, Any] = {"next_player": None}  # the events that name one have the field
            events[:] = [
                replace(e, **no_next) if getattr(e, "next_player", None) is not None else e
                for e in events
            ]
            events.append(self._end(reason, None))

    def _end(self, reason: str, out: int | None, waited: bool = False) -> GameEnded:
        players = self.players
        leftovers = [rack_value(p.rack) for p in players]
        points = [0] * len(players)
        if out is not None and self.rules.adjustment == NORTH_AMERICAN and len(players) == 2:
            points[out] = 2 * sum(leftovers)
        else:
            for i, v in enumerate(leftovers):
                points[i] -= v
            if out is not None:
                points[out] += sum(leftovers)
        adjustments = []
        for i, p in enumerate(players):
            p.score += points[i]
            adjustments.append(Adjustment(i, p.name, tuple(p.rack), points[i]))
        totals = self.scores()
        best = max(totals)
        winners = tuple(i for i, s in enumerate(totals) if s == best)
        # why it ended is a code (and its count), worded by the presentation
        scoreless = (self.rules.scoreless_turns_limit or 0) if reason == "scoreless_turns" else 0
        self.ended = GameEnded(len(self._turns), reason, out, tuple(adjustments), totals, winners, waited, scoreless)
        self._pending = None
        self._final = None
        return self.ended

    # ------------------------------------------------------------ replay
    def config(self) -> dict[str, Any]:
        """The set-up, as plain data; a game of edition 1 has no ``edition`` key."""
        out: dict[str, Any] = {"names": list(self.names), "rules": self.rules.name, "seed": self.seed}
        if self.edition != 1:
            out["edition"] = self.edition
        if self.start is not None:
            out["start"] = self.start
        return out

    def apply_action(self, action: dict[str, Any]) -> Event:
        """Do an action given as plain data (as kept in ``actions``)."""
        kind = action.get("type")
        if kind == "place":
            tiles = [PlacedTile(Square(int(r), int(c)), str(l), bool(b)) for r, c, l, b in action["tiles"]]
            return self.place(Play.of(tiles, action.get("direction")))
        if kind == "exchange":
            return self.exchange(list(action["tiles"]))
        if kind == "pass":
            return self.pass_turn()
        if kind == "challenge":
            return self.challenge(action.get("challenger"))
        if kind == "accept":
            return self.accept()
        raise ActionNotAllowed(f"Unknown action {kind!r}.")

    @classmethod
    def replay(
        cls,
        config: dict[str, Any],
        actions: Iterable[dict[str, Any]],
        rules: RuleSet,
        lexicon: WordList | None = None,
        move_finder: MoveFinder | None = None,
    ) -> "Game":
        game = cls(config["names"], rules, int(config["seed"]), lexicon, move_finder, config.get("edition", 1),
                   config.get("start"))
        for a in actions:
            game.apply_action(a)
        return game


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def start_position(start: Any, players: int) -> dict[str, Any]:
    """A game's starting position checked and made plain data (for saves):
    ``{"board": 15 rows of 15 characters ("." empty, lower case a blank),
    "racks": one rack per player in seat order ("AEI?RST"; a short rack is
    filled from the bag), "scores": one per player, "to_move": the seat
    of the player to move, "zero_turns": scoreless turns just before}``.
    Raises :class:`ActionNotAllowed` with a sentence saying what is wrong."""
    if not isinstance(start, dict):
        raise ActionNotAllowed("A starting position must give the board, racks and scores.")
    rows = start.get("board")
    if not (isinstance(rows, (list, tuple)) and len(rows) == SIZE and all(isinstance(r, str) and len(r) == SIZE for r in rows)):
        raise ActionNotAllowed("A starting position needs 15 rows of 15 squares.")
    for r in rows:
        for ch in r:
            if ch != "." and not ("a" <= ch.lower() <= "z" and ch.isascii()):
                raise ActionNotAllowed(f"{ch!r} on the starting board is not a tile; use letters and . for empty.")
    racks, scores = start.get("racks"), start.get("scores")
    if not (isinstance(racks, (list, tuple)) and isinstance(scores, (list, tuple))) or not (
        len(racks) == len(scores) == players
    ):
        raise ActionNotAllowed(f"A starting position needs a rack and a score for each of the {players} players.")
    plain_racks = []
    for rack in racks:
        tiles: list[Any] = list(rack) if isinstance(rack, (str, list, tuple)) else [None]
        if len(tiles) > RACK_SIZE or any(t != BLANK and not (isinstance(t, str) and len(t) == 1 and "A" <= t <= "Z") for t in tiles):
            raise ActionNotAllowed("A starting rack holds at most 7 tiles, capital letters and ? for a blank.")
        plain_racks.append("".join(tiles))
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in scores):
        raise ActionNotAllowed("Each starting score must be a whole number.")
    to_move, zero = start.get("to_move", 0), start.get("zero_turns", 0)
    if not (isinstance(to_move, int) and 0 <= to_move < players):
        raise ActionNotAllowed("The player to move must be one of the players.")
    if not (isinstance(zero, int) and zero >= 0):
        raise ActionNotAllowed("The number of scoreless turns must be 0 or more.")
    counts = Counter(BLANK if ch.islower() else ch for r in rows for ch in r if ch != ".")
    for rack in plain_racks:
        counts.update(rack)
    over = +(counts - Counter(full_tile_set()))
    if over:
        tile = min(over)
        what = "blanks" if tile == BLANK else f"{tile} tiles"
        raise ActionNotAllowed(f"The starting position holds too many {what} for one set.")
    return {"board": list(rows), "racks": plain_racks, "scores": list(scores), "to_move": to_move, "zero_turns": zero}


def _not_acceptable_sentence(words: Sequence[str]) -> str:
    if len(words) == 1:
        return f"{words[0]} is not in the word list; try another word."
    return f"{', '.join(words[:-1])} and {words[-1]} are not in the word list; try other words."
