"""The prompt's line history, one a seat at a shared computer.

At a hot seat the line history is the last place another person's rack may
linger after the hand-over has cleared the screen: ``arrange HUMIIE?``
came back by Ctrl-P, or by Ctrl-R's search, at the next person's prompt.
Each seat keeps its own history (:meth:`Table.line_owner
<audio_scrabble.console.table.table.Table.line_owner>` says whose lines are
typed now); one history serves otherwise.
"""

from __future__ import annotations

from prompt_toolkit.history import History, InMemoryHistory
from prompt_toolkit.shortcuts import PromptSession

from ..prompted import Prompted


class SeatHistories:
    """The histories of one prompt, by the name of the seat typing."""

    def __init__(self, prompt: PromptSession[str]):
        self.prompt = prompt
        self._by_owner: dict[str | None, History] = {None: prompt.history}
        self._owner: str | None = None

    def follow(self, session: Prompted) -> None:
        """Give the prompt the history of whoever types next (a session
        without a table, as the review's, keeps the one history)."""
        table = getattr(session, "table", None)
        owner = table.line_owner() if table is not None else None
        if owner == self._owner:
            return
        self._owner = owner
        history = self._by_owner.setdefault(owner, InMemoryHistory())
        self.prompt.history = self.prompt.default_buffer.history = history
        self.prompt.default_buffer.reset()  # its working lines came from the last history
