"""What the newcomer rounds' tests share (tests/console/test_newcomer_*.py):
computers that pass (console_kit.passers, named here too), Ann's game
against the expert played to its end, and a start with the last save cut
short."""

from __future__ import annotations

from pathlib import Path

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from console_kit import passers  # type: ignore[import-not-found]


def over(tmp_path: Path, width: int | None = None) -> Session:
    """Ann against the expert (who passes) at seed 3, saved in ``tmp_path``,
    with a pass each twice: the game is over; ``width`` braille cells."""
    from audio_scrabble.persistence import SaveStore

    s = Session(Options(players="Ann,computer:expert", seed=3, braille_width=width), lexicon=services.WordSet(["QI"]),
                store=SaveStore(tmp_path), computer_factory=passers)
    s.start()
    s.handle_line("pass")
    s.handle_line("pass")  # every player passed twice: the game is over
    assert s.game.is_over
    return s


def damaged_start(tmp_path: Path, width: int | None = None, cut_to: int | None = None) -> tuple[Session, list[str]]:
    """A new session (``width`` braille cells) started where Ann's game
    against the expert was left after a pass, its current save cut short
    (to ``cut_to`` bytes; half of it by default); what its start said."""
    from audio_scrabble.persistence import SaveStore

    first = Session(Options(players="Ann,computer:expert", seed=3), lexicon=services.WordSet(["QI"]),
                    store=SaveStore(tmp_path), computer_factory=passers)
    first.start()
    first.handle_line("pass")
    first.handle_line("quit")
    current = tmp_path / "current.json"
    data = current.read_bytes()
    current.write_bytes(data[: len(data) // 2 if cut_to is None else cut_to])  # cut short
    s = Session(Options(seed=3, braille_width=width), lexicon=services.WordSet(["QI"]), store=SaveStore(tmp_path),
                computer_factory=passers)
    return s, s.start()
