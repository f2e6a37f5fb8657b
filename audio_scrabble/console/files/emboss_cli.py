"""``audio-scrabble emboss FILE``: a game on file as a braille-ready .brf.

The file is a GCG record or a game's save (``.json``, as a game begun
from a position is kept): :mod:`.game_files` reads either into a record
(a saved game's starting from where it began, the racks nobody at its
table may hear left out while it goes on) and
:func:`~audio_scrabble.presentation.emboss.record_document` makes the one
document, as the game's own ``emboss`` does.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ...errors import ScrabbleError
from ...persistence import files
from ...presentation.brf import brf_bytes
from ...presentation import emboss as say
from ...presentation.emboss import record_document
from .game_files import find_game_file, read_game_file


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help=say.FILE_HELP)
    parser.add_argument("-o", "--output", metavar="OUT.brf", help="where to write (default: FILE.brf beside it)")
    parser.add_argument("--replace", action="store_true",
                        help="write over OUT.brf if it is there (else a free name, OUT-2.brf, is taken)")
    parser.epilog = say.EPILOG


def run(args: argparse.Namespace) -> int:
    try:
        found = find_game_file(args.file)
        out_path = args.output or os.path.splitext(found)[0] + ".brf"
        on_file = read_game_file(found)
        game = on_file.game
        document = record_document(on_file.record, over=game is None or game.is_over)
    except ScrabbleError as e:
        print(str(e), file=sys.stderr)
        return 2
    try:
        if args.replace:
            files.replace_file(Path(out_path), brf_bytes(document))
            written = out_path
        else:
            written = str(files.write_new(Path(out_path), brf_bytes(document), files.SHARED))
    except OSError as e:
        print(say.cannot_write(out_path, str(e.strerror or e)), file=sys.stderr)
        return 2
    pages = document.count("\f")
    print(say.wrote(written, pages))
    if written != out_path:
        print(say.kept(out_path))
    return 0
