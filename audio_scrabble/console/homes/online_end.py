"""A game between homes at its end, at this table: the real final scores
once the deal is checked (:func:`checked`), the checked GCG record kept
in the games folder, once (:func:`keep_record`; an honour game's too:
:func:`kept_once`), what a game that ended
while its table was not open says (:func:`ended_lines`,
:func:`ended_record`), and ``review`` from the checked record
(:func:`review_from`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from ...core.events import GameEnded
from ...core.game import Game
from ...errors import ScrabbleError
from ...notation.gcg import read_gcg
from ...online.match import GameLink
from ...online.referee import FinalCheck
from ...online.store import GameLog
from ...persistence import files
from ...persistence.records import record_stem
from ...presentation import online_prompts, prompts_homes
from .online_away import Host
from .online_since import RECORD_KEPT

__all__ = ["RECORD_KEPT", "checked", "ended_lines", "ended_record", "keep_record", "kept_once", "review_from"]


def keep_record(session: Host, link: GameLink, names: tuple[str, ...], gcg: str) -> tuple[str, ...]:
    """The checked GCG record (the same on every side) kept in the games
    folder, as a finished game's is, once: wherever the game's end is
    first said at a table here (as it came, or, ended while its table was
    not open, when it is opened), noted in its log; what to say."""
    if not gcg:  # no record: a deal that was never checked
        return ()
    return kept_once(session.store, link.journal, names, lambda: gcg.encode("utf-8"))


def kept_once(store: Any, journal: GameLog | None, names: Sequence[str],
              data: Callable[[], bytes]) -> tuple[str, ...]:
    """A finished game's GCG record (``data``: its bytes, made only when
    it is kept) in the store's games folder, under a name of its players
    never taking another file's, once: noted in the game's log
    (:data:`RECORD_KEPT`), not kept again. What to say: where it went,
    or why it could not be kept (nothing without a games folder). A game
    between homes' (:func:`keep_record`) and an honour game's."""
    folder = getattr(store, "games_dir", None)
    if not isinstance(folder, Path):
        return ()
    if journal is not None and any(e.get("kind") == RECORD_KEPT for e in journal.entries()):
        return ()
    try:
        payload = data()
        folder.mkdir(parents=True, exist_ok=True)
        target = files.write_new(folder / (record_stem(names) + ".gcg"), payload, files.SHARED)
    except (OSError, ScrabbleError) as e:
        reason = (e.strerror or type(e).__name__) if isinstance(e, OSError) else str(e)
        return tuple(online_prompts.record_not_kept(reason))
    if journal is not None:
        journal.append(RECORD_KEPT, file=target.name)
    return tuple(online_prompts.record_kept(target.name))


def checked(game: Game, totals: tuple[int, ...], resigned: int | None, agreed: bool = False) -> None:
    """The deal checked: ``game`` ends with the real final scores (the
    view's own end left out the racks it could not see; a resignation or
    a loss on time ends it too, the loser winning nothing; ``agreed``: the
    players agreed to end it, the leader winning)."""
    for player, total in zip(game.players, totals):
        player.score = total
    best = max((t for i, t in enumerate(totals) if i != resigned), default=0)
    winners = tuple(i for i, t in enumerate(totals) if t == best and i != resigned)
    if game.ended is None:
        game.ended = GameEnded(game.turn, "agreed" if agreed else "resigned", None, (), tuple(totals), winners)
    else:
        game.ended = replace(game.ended, adjustments=(), totals=tuple(totals), winners=winners)


def ended_lines(link: GameLink, final: FinalCheck, record: Sequence[str] = ()) -> list[str]:
    """A game that ended while its table was not open, as it comes to the
    table: who resigned or lost on time, the deal checked, where its
    ``record`` went (:func:`ended_record`), the rematch."""
    state = link.state
    lines: list[str] = []
    if final.resigned is not None:
        lines.extend(online_prompts.resigned(state.names[final.resigned], final.resigned == state.my_seat))
    elif final.timed_out is not None:
        lines.extend(online_prompts.lost_on_time(state.names[final.timed_out], final.timed_out == state.my_seat))
    elif final.agreed:
        lines.extend(prompts_homes.ended_by_agreement(state.names, final.totals, state.my_seat))
    return lines + list(final.lines) + list(record) + [online_prompts.REMATCH_HOW]


def ended_record(session: Host, link: GameLink, final: FinalCheck) -> list[str]:
    """A game that ended while its table was not open, as it comes to the
    table: its checked record kept now, unless it was (:func:`keep_record`)."""
    if not final.checked or not final.gcg:
        return []
    return list(keep_record(session, link, tuple(link.state.names), final.gcg))


def review_from(session: Host, game: Game | None, final: FinalCheck) -> None:
    """``review`` of the ended game reads its checked record (every rack known then)."""
    match = session.match
    if final.checked and final.gcg and match is not None and match.game is game:
        match.coach.record = read_gcg(final.gcg)
