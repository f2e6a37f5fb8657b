"""The game's sound cues, heard before (or instead of) the words.

The session tells :class:`Cues` what happened (a cursor move, an action's
events, a refused play); a :class:`~audio_scrabble.presentation.sounds.SoundPlayer`
plays the matching sound on its own thread, never holding up input. The
cursor's tone rises toward the top row and pans with the column; a tile
knocks, a premium square sounds its braille mark; an edge bumps.
"""

from __future__ import annotations

from typing import Any, Sequence

from ...core.board import Board
from ...presentation import sounds
from .cursor import Move


def follow(cues: "Cues | None", wanted: bool, make: Any) -> "Cues | None":
    """The cues as the sounds setting wants them: started (when ``make``
    makes a sound player) when on, closed when off."""
    if wanted and cues is None and make is not None:
        return Cues(make())
    if not wanted and cues is not None:
        cues.close()
        return None
    return cues


def notice_once(cues: "Cues | None", settings: Any) -> "tuple[list[str], Cues | None]":
    """The one line saying sounds went off (no audio device), once, and the
    cues kept: none after it, and the setting then says what is really in
    use (sounds off), as speech does; ``set`` says the line after it."""
    said = cues.notice() if cues is not None else []
    if said:
        settings.sounds = False
        notes = getattr(settings, "notes", None)
        if notes is not None:
            notes["sounds"] = list(said)
        return said, None
    return said, cues


def settle(cues: "Cues | None", settings: Any) -> "Cues | None":
    """At start-up: the cues once the sound player has opened (waiting at
    most a second), or none when it could not. Why it could not ("Sounds
    off: PortAudio is missing.") is no news to the player then, so it is
    not said: ``set`` says it, after the sounds setting."""
    if cues is None:
        return None
    cues.player.wait_ready(1.0)
    _said, kept = notice_once(cues, settings)
    return kept


class Cues:
    """Sound cues for one session, over a started player."""

    def __init__(self, player: Any):
        self.player = player

    @property
    def on(self) -> bool:
        return bool(self.player.on)

    def notice(self) -> list[str]:
        """The one line saying sounds went off (no device...), once."""
        said = self.player.take_notice()
        return [said] if said else []

    def cursor(self, move: Move | None, board: Board, brief: bool) -> None:
        """A board key: the square's tone, a tile's knock or a premium's mark;
        a bump at the edge. When brief, the tone alone for a plain step."""
        if move is None:
            return
        if move.edge:
            self.player.play_cue("edge", move.square.col)
        else:
            self.player.play_square(move.square, board, mark=None if brief and not board[move.square] else "auto")

    def after_action(self, events: Sequence[Any], your_turn: bool) -> None:
        """A play accepted (a bingo), a challenged play taken back; then
        "your turn" when a person's turn has come round."""
        names = [n for n in (sounds.event_cue(ev) for ev in events) if n]
        if your_turn:
            parts = ([sounds.cue(names[-1])] if names else []) + [sounds.cue("your_turn")]
            self.player.play(sounds.chain(*parts) if len(parts) > 1 else parts[0])
        elif names:
            self.player.play(names[-1])

    def refused(self) -> None:
        """A play refused by the rules."""
        self.player.play("refused")

    def close(self) -> None:
        self.player.close()


def make_player() -> Any:
    """The real player: PortAudio through sounddevice, started (it opens
    the device on its own thread and turns itself off if there is none)."""
    return sounds.SoundPlayer().start()
