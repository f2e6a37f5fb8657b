"""The commands that write files or say where they go: emboss, export, games, open;
and aside, the last save set aside and why."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import ActionNotAllowed
from ...presentation import layout, phrases, prompts
from ..files.saving import kept_by_room

if TYPE_CHECKING:
    from ...core.game import Game
    from ..front import GameFront


def _emboss_target(session: GameFront, text: str) -> Path:
    """Where ``emboss`` writes: the path typed (a folder gets a named file,
    a name without suffix gets .brf), else the games folder of the saves."""
    from ...persistence.records import named_file, record_stem

    stem = record_stem(session.names)
    text = text.strip()
    if text:
        target = Path(os.path.expanduser(text))
        if target.is_dir():
            target = target / (stem + ".brf")
        elif not target.suffix:
            target = target.with_suffix(".brf")
        return target
    folder = _games_folder(session)
    folder.mkdir(parents=True, exist_ok=True)
    return named_file(folder, stem, ".brf")


def _recordable(session: GameFront) -> Game:
    """The game, to be written as its GCG record (export); refused in one
    sentence, nothing written, when it began from a position, which a GCG
    record cannot hold."""
    from ...errors import BegunFromPosition
    from ...notation import check_recordable

    game = session.need_game()
    try:
        check_recordable(game)
    except BegunFromPosition:
        raise ActionNotAllowed(prompts.EXPORT_FROM_POSITION, brief=prompts.EXPORT_FROM_POSITION_BRIEF) from None
    return game


def _private(session: GameFront, game: Game) -> list[int]:
    """The players whose racks nobody at the computer may hear: kept out of
    every file written while the game goes on (the one filter,
    persistence.records.private_record)."""
    return [i for i in range(len(game.names)) if i not in session.playing().audience.reveal]


def _replacing(args: str) -> tuple[str, bool]:
    """``export notes.txt replace``: the name, and whether to write over a
    file already there (the word ``replace`` after a name)."""
    words = args.split()
    if len(words) >= 2 and words[-1].lower() == "replace":
        return args.strip()[: -len(words[-1])].strip(), True
    return args.strip(), False


def _kept_lines(asked: Path | None, written: Path) -> list[str]:
    """After a file was written under a free name because the one asked
    for was there: which file was kept, and how to write over it."""
    if asked is None or written == asked:
        return []
    return prompts.refusal_said(prompts.file_kept(asked.name))


def cmd_emboss(session: GameFront, args: str) -> list[str]:
    """Write the game so far as a braille-ready .brf file, and say where
    (a game begun from a position too: its record starts there). A file
    already there is kept unless ``replace`` follows its name."""
    from ...persistence import files
    from ...persistence.records import private_record
    from ...presentation.brf import brf_bytes, brf_pages
    from ...presentation.emboss import record_document

    game = session.need_game()
    record = private_record(game, _private(session, game))
    document = record_document(record, over=game.is_over)
    text, replace = _replacing(args)
    try:
        target = _emboss_target(session, text)
        asked = target if text else None
        if replace:
            written = files.replace_file(target, brf_bytes(document))
        else:
            written = files.write_new(target, brf_bytes(document), files.SHARED)
    except OSError as e:
        reason = e.strerror or type(e).__name__
        raise ActionNotAllowed(prompts.emboss_cannot_write(reason.lower())) from None
    except ValueError:
        raise ActionNotAllowed(prompts.EMBOSS_BAD_NAME) from None
    pages = len(brf_pages(document))
    head = prompts.braille_file_saved(phrases.plural(pages, 'page'))
    shown = target if replace else target.with_name(written.name)  # a link replaced is said by its own name
    return (layout.path_lines(head, str(shown), session.settings.braille_width)
            + _kept_lines(None if replace else asked, written))


def shown_path(path: Path) -> str:
    """A path as said: the home folder as ``~``, so that it is short."""
    try:
        return "~" + os.sep + str(path.relative_to(Path.home()))
    except (ValueError, RuntimeError):
        return str(path)


def _games_folder(session: GameFront) -> Path:
    """The folder of finished games, as the store has it (or would)."""
    from ...persistence import games_folder

    return Path(session.store.games_dir) if session.store is not None else games_folder()


def cmd_export(session: GameFront, args: str) -> list[str]:
    """Write the game so far as a GCG record, and say where in one line.
    Racks nobody at the computer may hear stay private (persistence.records).
    A file already there is kept unless ``replace`` follows its name."""
    from ...errors import RecordError
    from ...persistence import SaveFailed, export_record
    from ...persistence.records import record_target

    game = _recordable(session)
    text, replace = _replacing(args)
    asked = None
    try:
        if text:
            target = Path(os.path.expanduser(text))
            if not target.is_dir():
                asked = target = record_target(target)
        else:
            target = _games_folder(session)
            target.mkdir(parents=True, exist_ok=True)
        written = export_record(game, target, private=_private(session, game), replace=replace)
    except (SaveFailed, OSError) as e:
        cause = e.__cause__ if isinstance(e, SaveFailed) else e
        reason = cause.strerror if isinstance(cause, OSError) and cause.strerror else "not a usable file name"
        raise ActionNotAllowed(prompts.export_cannot_write(reason.lower())) from None
    except RecordError as e:
        raise ActionNotAllowed(prompts.record_not_written(e)) from None
    if replace and asked is not None:
        written = asked  # a link replaced is said by its own name
    return (layout.path_lines(prompts.RECORD_SAVED, shown_path(written), session.settings.braille_width)
            + _kept_lines(None if replace else asked, written))


def cmd_games(session: GameFront, args: str) -> list[str]:
    """Where games are kept, and every game on file, numbered for ``open``."""
    width = session.settings.braille_width
    folder = _games_folder(session)
    if session.store is None:
        return session.saver.games_lines(False) + layout.path_lines(prompts.FILES_GO_TO, shown_path(folder), width)
    return layout.path_lines(prompts.GAMES_FOLDER, shown_path(folder), width) + session.saver.games_lines(
        _in_play_here(session))


def _in_play_here(session: GameFront) -> bool:
    """Whether this window's game on file is the one in play: a game not
    over at the table, and not one between homes (its room keeps it; the
    game on file is then only unfinished, and opens)."""
    game = session.game
    return game is not None and not game.is_over and not kept_by_room(game)


def cmd_open(session: GameFront, args: str) -> list[str]:
    """Resume game N of the ``games`` list; the game in play is put away
    first (``games`` still lists it)."""
    return choose_to_open(session, args) + session.resume_chosen()


def choose_to_open(session: GameFront, args: str) -> list[str]:
    """``open N``'s choice, before the game is resumed (:meth:`resume_chosen`):
    game N read from file, the game in play saved as it is; refused with
    nothing changed (an online game open at the table stays open)."""
    said = session.keep_settings()  # the game in play as it is now, in case it is put away
    session.saver.choose(args, session.lexicon, session.options.lexicon, in_play=_in_play_here(session))
    return said


def cmd_aside(session: GameFront, args: str) -> list[str]:
    """The last save set aside this time (``Last save damaged; ...``): its
    file and why it could not be used, in one sentence."""
    return session.saver.aside_lines()
