"""The commands that write files or say where they go: emboss, export, games."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from ..errors import ActionNotAllowed
from ..presentation import phrases
from . import brailleview


def _emboss_target(session, text: str) -> Path:
    """Where ``emboss`` writes: the path typed (a folder gets a named file,
    a name without suffix gets .brf), else the games folder of the saves."""
    from ..persistence import data_dir, record_stem

    name = record_stem(session.names) + ".brf"
    text = text.strip()
    if text:
        target = Path(os.path.expanduser(text))
        if target.is_dir():
            target = target / name
        elif not target.suffix:
            target = target.with_suffix(".brf")
        return target
    folder = Path(session.store.games_dir) if session.store is not None else data_dir() / "games"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    n = 2
    while target.exists():
        target = folder / f"{name[:-4]}-{n}.brf"
        n += 1
    return target


def cmd_emboss(session, args: str) -> list[str]:
    """Write the game so far as a braille-ready .brf file, and say where."""
    from ..notation.gcg import MoveKind, record_from_game
    from ..presentation.brf import brf_pages, save_brf
    from ..presentation.emboss import record_document

    game = session.need_game()
    record = record_from_game(game)
    if not game.is_over:
        # While the game goes on, tiles put back in an exchange stay private,
        # as they are when the history is read.
        hidden = {record.players[i].nick for i in range(len(game.names)) if i not in session.audience.reveal}
        record.moves = [
            dataclasses.replace(m, tiles="", count=m.exchanged_count)
            if m.kind is MoveKind.EXCHANGE and m.nick in hidden else m
            for m in record.moves
        ]
    heading = "Final board" if game.is_over else "Board"
    document = record_document(record, board_heading=heading)
    try:
        target = _emboss_target(session, args)
        save_brf(target, document)
    except OSError as e:
        reason = e.strerror or type(e).__name__
        raise ActionNotAllowed(
            f"The braille file cannot be written there ({reason.lower()}); type emboss alone to save it in your games folder."
        ) from None
    except ValueError:
        raise ActionNotAllowed(
            "That is not a usable file name; type emboss alone to save it in your games folder."
        ) from None
    pages = len(brf_pages(document))
    head = f"Braille file saved, {phrases.plural(pages, 'page')}:"
    return brailleview.path_lines(head, str(target), session.settings.braille_width)


def shown_path(path: Path) -> str:
    """A path as said: the home folder as ``~``, so that it is short."""
    try:
        return "~" + os.sep + str(path.relative_to(Path.home()))
    except (ValueError, RuntimeError):
        return str(path)


def _games_folder(session) -> Path:
    """The folder of finished games, as the store has it (or would)."""
    from ..persistence import data_dir

    return Path(session.store.games_dir) if session.store is not None else data_dir() / "games"


def cmd_export(session, args: str) -> list[str]:
    """Write the game so far as a GCG record, and say where in one line."""
    from ..errors import RecordError
    from ..persistence import SaveFailed, export_record

    game = session.need_game()
    text = args.strip()
    try:
        if text:
            target = Path(os.path.expanduser(text))
        else:
            target = _games_folder(session)
            target.mkdir(parents=True, exist_ok=True)
        # While the game goes on, racks nobody at the computer may hear stay private.
        private = [i for i in range(len(game.names)) if i not in session.audience.reveal]
        written = export_record(game, target, private=private)
    except (SaveFailed, OSError) as e:
        cause = e.__cause__ if isinstance(e, SaveFailed) else e
        reason = cause.strerror if isinstance(cause, OSError) and cause.strerror else "not a usable file name"
        raise ActionNotAllowed(
            f"Cannot write there ({reason.lower()}); type export alone for your games folder."
        ) from None
    except RecordError as e:
        raise ActionNotAllowed(f"The record cannot be written: {e}") from None
    return brailleview.path_lines("Record saved:", shown_path(written), session.settings.braille_width)


def cmd_games(session, args: str) -> list[str]:
    """Where games are kept: the games folder, what goes in it, and the save."""
    width = session.settings.braille_width
    folder = _games_folder(session)
    if session.store is None:
        return ["Games are not saved this time."] + brailleview.path_lines("Files go to:", shown_path(folder), width)
    return brailleview.path_lines("Games folder:", shown_path(folder), width) + [
        "Finished games are kept there (.gcg).",
        "emboss puts braille files there (.brf),",
        "and export alone puts a record there.",
        "The game in play is saved one folder up.",
    ]


