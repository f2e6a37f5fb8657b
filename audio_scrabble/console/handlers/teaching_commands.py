"""The teaching commands: the tutorial step by step (``tutorial``,
``tutorial N``, ``next``), hints, and the review of a finished game
(``review``, ``next``, ``back``), which share ``next``: in a game not
over with the tutorial under way it is the tutorial's next step, else the
review's next turn.

Handlers take the session's front (:class:`~..front.GameFront`) and the
rest of the line, and return the lines to say; registered in
:mod:`.commands`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import NotationError
from ...presentation import prompts
from ..asking.settings import small_number
from .helptext import tutorial_steps

if TYPE_CHECKING:
    from ..front import GameFront


def cmd_tutorial(session: GameFront, args: str) -> list[str]:
    """A first game, step by step: ``tutorial`` is step 1, ``tutorial N`` step N."""
    steps = tutorial_steps()
    text = args.strip().lower() or "1"
    n = session.out.tutorial_step + 1 if text in _ONWARD else small_number(text)
    if n is None or not 1 <= n <= len(steps):
        raise NotationError(prompts.tutorial_steps(len(steps)))
    session.out.heard_tutorial(n)
    step = steps[n - 1]
    game = session.game
    end = prompts.tutorial_end(game is not None and not game.is_over, game is not None and game.is_over)
    setting_up = game is None and session.setup is not None and not session.setup.done
    by_next = setting_up or (game is not None and not game.is_over)  # where next goes on (cmd_next, SetupQuestion)
    follow = prompts.tutorial_next(n + 1, by_next) if n < len(steps) else end
    return [step.summary, *step.details, follow]


def cmd_hint(session: GameFront, args: str) -> list[str]:
    """The best 3 plays for your rack, when hints are on (a teaching setting)."""
    return session.coach.hint_lines(session.settings.hints, session.playing().actor)


def cmd_review(session: GameFront, args: str) -> list[str]:
    """After the game: each turn beside the best play then (``review N``: turn N)."""
    return session.coach.start(args)


#: ``tutorial next``: the step after the one said last
_ONWARD = frozenset({"next", "n", "on", "continue", "more"})


def cmd_next(session: GameFront, args: str) -> list[str]:
    """The next turn of the review (Enter does the same); in a game not
    over, with the tutorial under way, its next step."""
    game = session.game
    if game is not None and not game.is_over and 0 < session.out.tutorial_step < len(tutorial_steps()):
        return cmd_tutorial(session, "next")
    return session.coach.next()


def cmd_back(session: GameFront, args: str) -> list[str]:
    """The turn before in the review."""
    return session.coach.back()
