"""Computer moves chosen off the input thread.

A computer's move is chosen on the :class:`Thinker`'s one thread, on a
copy of the game (:func:`snapshot`), so the player's input is never held
up: the champion simulates for seconds, and meanwhile every command that
only reads the game is answered. The move is then made on the input
thread through the game's own action, like a person's (see
:mod:`.acting`). Only one move is chosen at a time (the engine's players
are not thread-safe); while one is being chosen the commands that would
change the game are refused (``changes`` in the registry), so the
move chosen still fits the game when it is made.

The thread is a daemon: leaving the game while a computer thinks never
waits for it (the thought is dropped; the game was saved as it stands,
and the computer thinks again when the game is resumed).
"""

from __future__ import annotations

import copy
import queue
import threading
from concurrent.futures import Future
from concurrent.futures import TimeoutError as NotYet
from dataclasses import dataclass, field
from typing import Any, Callable

from ...core.game import Game


def snapshot(game: Game) -> Game:
    """A copy of ``game`` for a computer to think over while the player
    reads the real one; the word list and the move finder are shared
    (read-only), the rest copied (about 2 ms in mid-game)."""
    shared = {id(game.lexicon): game.lexicon, id(game.move_finder): game.move_finder}
    return copy.deepcopy(game, shared)


@dataclass
class Thought:
    """One computer's move being chosen: who, for which game and action
    count (a move is made only on the game it was chosen for), whether it
    takes long (the champion: the prompt comes back while it thinks), and
    the chosen move or the error, once done."""

    mover: int
    match: Any
    actions: int
    long: bool
    future: Future[Any] = field(default_factory=Future)


class Thinker:
    """Chooses computer moves, one at a time, on one daemon thread."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[tuple[Thought, Callable[[], Any]]] = queue.Queue()
        self._thread: threading.Thread | None = None
        #: the move being chosen (or chosen and not yet made), if any
        self.thought: Thought | None = None
        #: called on the thread when a move is chosen (the app wakes its prompt)
        self.on_ready: Callable[[], None] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> "Thinker":
        """A copy of a session (tests try a line on one) starts with no move being chosen."""
        return Thinker()

    @property
    def busy(self) -> bool:
        """Whether a computer's move is being chosen or waits to be made."""
        return self.thought is not None

    @property
    def ready(self) -> bool:
        """Whether the move being chosen is chosen (or failed)."""
        return self.thought is not None and self.thought.future.done()

    @property
    def long(self) -> bool:
        """Whether the move being chosen takes long (the prompt comes back meanwhile)."""
        return self.thought is not None and self.thought.long

    def start(self, thought: Thought, choose: Callable[[], Any]) -> None:
        """Begin choosing: ``choose()`` runs on the thread; its result (or
        its error) lands in ``thought.future``."""
        if self.thought is not None:
            raise RuntimeError("a computer is already choosing its move")
        self.thought = thought
        if self._thread is None:
            self._jobs = queue.Queue()
            self._thread = threading.Thread(target=self._run, args=(self._jobs,), name="computer-move", daemon=True)
            self._thread.start()
        self._jobs.put((thought, choose))

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the move being chosen; whether it is ready."""
        thought = self.thought
        if thought is None:
            return False
        try:
            thought.future.exception(timeout)
        except NotYet:
            return False
        return True

    def take(self) -> Thought | None:
        """The chosen move's thought, once ready, handed over (the thinker is free again)."""
        if not self.ready:
            return None
        thought, self.thought = self.thought, None
        return thought

    def drop(self) -> None:
        """Forget the move being chosen (leaving the game): nothing waits
        for it, and its thread is left to finish alone (a fresh one chooses
        the next move: the engine's workers may be gone under it)."""
        if self.thought is not None and not self.thought.future.done():
            self._thread = None
        self.thought = None

    def _run(self, jobs: queue.Queue[tuple[Thought, Callable[[], Any]]]) -> None:
        while True:
            thought, choose = jobs.get()
            try:
                thought.future.set_result(choose())
            except BaseException as e:  # handed to whoever makes the move
                thought.future.set_exception(e)
            hook = self.on_ready
            if hook is not None:
                try:
                    hook()
                except Exception:  # the prompt may be gone (the game was left)
                    pass
