"""The rack keeper: each player's arrangement of their rack, and the
tiles drawn after a play that may still be challenged.

A player's order is kept across turns (new tiles go to the right end).
The tiles drawn after a play that may be challenged are withheld: counted
in the announcement, named ("New tiles: ...") only once the play can no
longer be taken back; a play taken back gives the player the rack back
in the order it was kept.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Sequence

from ...core.events import ChallengeResolved, Event, TilesPlaced
from ...core.game import Game
from ...presentation import braille_lines, phrases, prompts
from ...presentation.phrases import Audience, Style



class RackKeeper:
    """The racks of one game, in each player's own order."""

    def __init__(self, game: Game):
        self.game = game
        self.order: dict[int, list[str]] = {i: list(p.rack) for i, p in enumerate(game.players)}
        #: a player's play that may still be challenged, and the tiles drawn after it
        self._withheld: dict[int, TilesPlaced] = {}
        #: each player's arrangement of the rack before their last play
        self._order_before: dict[int, list[str]] = {}
        self._shuffler = random.Random()

    # ------------------------------------------------------------ order
    def rack_of(self, i: int) -> list[str]:
        """The player's rack in the order the player has arranged it."""
        self.sync(i)
        return list(self.order[i])

    def sync(self, i: int) -> None:
        """Keep the player's arrangement; new tiles go to the right end."""
        actual = self.game.players[i].rack
        remaining = Counter(actual)
        order: list[str] = []
        for t in [*self.order.get(i, []), *actual]:
            if remaining[t] > 0:
                order.append(t)
                remaining[t] -= 1
        self.order[i] = order

    def sync_all(self) -> None:
        for i in range(len(self.game.players)):
            self.sync(i)

    def set_order(self, i: int, order: Sequence[str]) -> None:
        assert Counter(order) == Counter(self.game.players[i].rack)
        self.order[i] = list(order)

    def restore(self, orders: dict[int, str]) -> None:
        """Orders kept in a save: only the tiles still held, in the player's order."""
        for i, order in orders.items():
            if 0 <= i < len(self.game.players):
                self.order[i] = list(order)
                self.sync(i)

    def shuffle(self, tiles: list[str]) -> None:
        self._shuffler.shuffle(tiles)

    # ------------------------------------------------------------ drawn tiles
    def note_draws(self, events: Sequence[Event], order_before: list[str], reveal: frozenset[int],
                   later: bool = False) -> None:
        """After an action: withhold the tiles drawn after a play that may
        be challenged (``later``: name them before the rack in any case,
        when the draw is not said with the play); a play taken back
        forgets them and gives the rack back in the order it was kept."""
        game = self.game
        for ev in events:
            if isinstance(ev, TilesPlaced):
                self._order_before[ev.player] = order_before
                may_be_challenged = game.pending_play is ev and game.why_not_challenge() is None
                if ev.drawn and (may_be_challenged or later) and ev.player in reveal:
                    self._withheld[ev.player] = ev
            elif isinstance(ev, ChallengeResolved) and ev.withdrawn:
                self._withheld.pop(ev.player, None)
                kept = self._order_before.pop(ev.player, None)
                if kept is not None and Counter(kept) == Counter(game.players[ev.player].rack):
                    self.order[ev.player] = kept
        self.sync_all()

    def announce_audience(self, audience: Audience, events: Sequence[Event]) -> Audience:
        """Who may hear whose tiles in this announcement: the tiles drawn
        after a play that may still be challenged are counted, not named."""
        hidden = {ev.player for ev in events if isinstance(ev, TilesPlaced) and self._withheld.get(ev.player) is ev}
        return replace(audience, reveal=audience.reveal - hidden) if hidden & audience.reveal else audience

    def new_tiles_lines(self, i: int, reveal: frozenset[int]) -> list[str]:
        """The tiles player ``i`` drew after a play, once that play can no
        longer be challenged (said once, before the rack)."""
        ev = self._withheld.get(i)
        if ev is None or self.game.pending_play is ev or i not in reveal:
            return []
        del self._withheld[i]
        return prompts.new_tiles(ev.drawn)


def rack_reply(tiles: Sequence[str], style: Style, braille_width: int | None, owner: str | None = None) -> list[str]:
    """A rack as it is read, in the order the player keeps it.

    In braille mode the tiles come first as RNIB tiles (letter cell, then
    the value with no numeral sign), then the letters in print; for
    ``owner`` (the hand-over) a line naming the player comes before both.
    """
    if braille_width is None or not tiles:
        return phrases.rack_phrases(list(tiles), style, owner)
    cells = braille_lines.rack_lines(tiles, braille_width)
    head = [prompts.rack_head(owner)] if owner else []
    return head + cells + phrases.rack_phrases(list(tiles), style, width=min(braille_width, phrases.LINE_WIDTH))
