"""What is said when a turn comes round: whose turn it is, the new tiles,
the rack, and the first-time hints (how to play while the board is
empty; that the last play may be challenged). The chance to challenge
comes first, right after the play it is about (a bingo's 50 bonus and
the new tiles must not come between them); the rack comes last, where
the braille display shows it."""

from __future__ import annotations

from ...core.events import TilesExchanged, TilesPlaced, TurnLost, TurnPassed
from ...core.game import Game
from ...presentation import online_prompts, prompts
from .racks import RackKeeper, rack_reply
from ..asking.settings import Settings
from .table import Table


class TurnTeller:
    """The lines that open a turn, for one game's table and racks."""

    def __init__(self, game: Game, table: Table, racks: RackKeeper, settings: Settings):
        self.game = game
        self.table = table
        self.racks = racks
        self.settings = settings
        #: the first-time hint about challenges has been given (kept in the save)
        self.told_challenge = False
        #: the pointer to spots and help, at a game begun from a position, was given
        self.told_survey = False

    @property
    def compact(self) -> bool:
        """Whether rounds are said compactly: one person at the table
        (against the computers), below full verbosity."""
        return len(self.table.humans) == 1 and not self.settings.style.full

    def rack_lines(self, i: int, owner: bool = False) -> list[str]:
        tiles = self.racks.rack_of(i)
        return rack_reply(tiles, self.settings.style, self.settings.braille_width,
                          self.game.names[i] if owner else None)

    def new_tiles(self, i: int) -> list[str]:
        """The tiles player ``i`` drew after a play, once it can no longer be challenged."""
        return self.racks.new_tiles_lines(i, self.table.audience.reveal)

    def first_word_hint(self) -> list[str]:
        """How to play, while the board is empty, and at the first turn of
        a person when only computers have moved (one opened the game; not
        when brief): a first-time player need not know the command yet.
        Said before the rack, so that the rack stays the last line, on the
        display."""
        if self.settings.style.brief:
            return []
        if self.game.board.is_empty():
            return list(prompts.FIRST_WORD_HINT)
        if not self.told_survey and self.game.turn == 1:  # begun from a position: where to start
            self.told_survey = True
            return list(prompts.POSITION_HINT if self.settings.aids else prompts.POSITION_HINT_NO_AIDS)
        if not self.told_survey and not self._a_person_moved():  # a computer opened: how to play, no square
            return list(prompts.JOIN_WORD_HINT)
        return []

    def _a_person_moved(self) -> bool:
        """Whether a person at this table has had a turn (and so heard how to play)."""
        turns = (TilesPlaced, TilesExchanged, TurnPassed, TurnLost)
        return any(isinstance(ev, turns) and ev.player in self.table.humans for ev in self.game.history)

    def challenge_hint(self) -> list[str]:
        """That the last play may be challenged: every turn at full
        verbosity, the first time only at normal, never when brief."""
        style, game = self.settings.style, self.game
        if style.brief or (self.told_challenge and not style.full):
            return []
        pend = game.pending_play
        if pend is not None and pend.player != game.current and game.why_not_challenge() is None:
            first = not self.told_challenge
            self.told_challenge = True
            return prompts.may_challenge(pend.name, first, compact=self.compact)
        return []

    def hand_over(self, i: int) -> list[str]:
        """Person ``i`` pressed Enter at the hand-over: the turn and the rack."""
        return ([prompts.turn(self.game.names[i], i == self.table.you, self.settings.braille_width)] + self.challenge_hint() + self.new_tiles(i)
                + self.first_word_hint() + self.rack_lines(i, owner=True))

    def lines(self, round_end: bool = False, engine: bool = True) -> list[str]:
        """Whose turn it is now, and the rack when it may be heard.

        ``round_end``: a computer has just moved and one person plays the
        computers: the rack, last, is the turn signal; a computer's turn
        is not said (it moves at once); when brief, the new tiles are
        heard in the rack. ``engine``: the review can be offered at the end."""
        game, table = self.game, self.table
        if game.is_over:
            if table.remotes:  # a game between homes: new and review are refused there
                return list(online_prompts.NEW_ONLINE_LINES)
            return ([prompts.REVIEW_OFFER] if engine and self._a_person_moved() else []) + [prompts.NEW_OR_QUIT]
        if game.awaiting_final_challenge:
            return table.final_question()
        cur = game.current
        name = game.names[cur]
        if not table.is_person(cur):  # a computer (moves at once) or a remote player (awaited)
            return [] if self.compact and table.is_computer(cur) else [prompts.turn(name, cells=self.settings.braille_width)]
        if table.needs_hand_over(cur):
            return prompts.press_enter_to_hear(name)
        new_tiles = [] if round_end and self.settings.style.brief else self.new_tiles(cur)
        head = [] if round_end else [prompts.turn(name, cur == table.you, self.settings.braille_width)]
        return head + self.challenge_hint() + new_tiles + self.first_word_hint() + self.rack_lines(cur)
