"""The coach: hints during a game (a teaching setting, off by default)
and the review after it, every turn beside the best play then."""

from __future__ import annotations

from typing import Any, Callable

from ...core.game import Game
from ...errors import ActionNotAllowed, NotationError
from ...presentation import phrases, prompts, record_phrases, teaching
from .. import services
from ..asking.settings import small_number


class Coach:
    """Teaching for one game: ``hint`` while it goes on, ``review`` once it is over."""

    def __init__(self, game: Game, lexicon: Any, you: int | None = None):
        self.game = game
        self.lexicon = lexicon
        #: the seat of the one person at the table, "you" in the review
        self.you = you
        #: every turn beside the best play then, worked out on the first ``review``
        self._reviews: list[Any] | None = None
        #: the turn being heard (``len`` is the summary; None: not started)
        self.at: int | None = None
        #: a game record (GcgRecord) reviewed instead of the game's own events:
        #: a game between homes, its checked record (every rack known then)
        self.record: Any = None
        #: the plays the last hint listed, as typed (None: a pass), and how many
        #: actions the game had then: ``play 1`` is answered with hint 1's play
        self._hinted: tuple[int, list[str | None]] = (-1, [])

    def hint_lines(self, hints_on: bool, actor: Callable[[], int]) -> list[str]:
        """The best 3 plays for the rack of the player whose turn it is
        (a person, ready to act). Only the board and that player's own
        rack are looked at."""
        if not hints_on:
            raise ActionNotAllowed("\n".join(prompts.HINTS_OFF), brief=prompts.HINTS_OFF_BRIEF)
        if self.game.is_over:
            raise ActionNotAllowed(prompts.HINT_GAME_OVER)
        i = actor()
        found = services.hints(self.game, i, self.lexicon)
        typed = [teaching.typed_play(info.placement, self.game.board) if info.placement is not None else None for _, _, info in found]
        self._hinted = (len(self.game.actions), typed)  # as said: TRAIN from D8 across
        return teaching.hint_phrases(found, self.game.board)

    def hinted_play(self, n: int) -> str | None:
        """Hint ``n``'s play as typed (``MILIEU from D8 across``), while the position the
        hint was given in stands; else None."""
        when, plays = self._hinted
        if when != len(self.game.actions) or not 1 <= n <= len(plays):
            return None
        return plays[n - 1]

    # ------------------------------------------------------------ the review
    @property
    def reviewing(self) -> bool:
        return self.at is not None

    def _finished(self, step: str = "") -> Game:
        """The game, once it is over; refused before (a word aid). ``step``
        (next, back) is said to be the review's, not a turn's."""
        if not self.game.is_over:
            if step:
                raise ActionNotAllowed(prompts.review_steps_only(step), brief=prompts.review_steps_only_brief(step))
            raise ActionNotAllowed(prompts.REVIEW_LATER, brief=prompts.REVIEW_LATER_BRIEF)
        return self.game

    def reviews(self) -> list[Any]:
        game = self._finished()
        if self._reviews is None:
            self._reviews = services.review_game(self.record if self.record is not None else game, self.lexicon)
        return self._reviews

    def start(self, text: str = "") -> list[str]:
        """``review``: the first turn; ``review N``: turn N."""
        reviews = self.reviews()
        if not reviews:
            return list(prompts.NOTHING_TO_REVIEW)
        text = text.strip()
        if not text:
            head = [prompts.review_head(phrases.plural(len(reviews), "turn"))]
            start = self.game.start  # begun from a position: turn 1 is the first turn after it
            if start is not None:
                head += phrases.clauses(record_phrases.start_line(self.game.names, start["scores"], self.you))
            return head + teaching.equity_note(reviews) + self.step(0)
        wanted = small_number(text, digits=4)
        last = reviews[-1].turn
        if wanted is None or not 1 <= wanted <= last:
            raise NotationError(prompts.review_turns(last))
        index = next(k for k, r in enumerate(reviews) if r.turn >= wanted)
        lost = [] if reviews[index].turn == wanted else [prompts.turn_lost(wanted)]
        return lost + self.step(index)

    def step(self, index: int) -> list[str]:
        """One turn of the review, or the summary past the last turn."""
        reviews = self.reviews()
        self.at = max(0, min(index, len(reviews)))
        if self.at == len(reviews):
            return [prompts.REVIEW_END] + self.summary() + [prompts.REVIEW_AGAIN_OR_NEW]
        return teaching.review_move_phrases(reviews[self.at], reviews[self.at].player == self.you)

    def summary(self) -> list[str]:
        """Each player's equity (and end-game spread) missed over the game."""
        return teaching.review_summary(self.reviews(), list(self.game.names), self.you)

    def next(self) -> list[str]:
        """``next`` (or Enter): the next turn of the review, or its start."""
        self._finished("next")
        if self.at is None:
            return self.start()
        if self._reviews is not None and self.at >= len(self._reviews):
            return list(prompts.REVIEW_OVER)
        return self.step(self.at + 1)

    def back(self) -> list[str]:
        """``back``: the turn before in the review."""
        self._finished("back")
        if self.at is None:
            return self.start()
        if self.at == 0:
            return [prompts.REVIEW_FIRST_TURN] + self.step(0)
        return self.step(self.at - 1)
