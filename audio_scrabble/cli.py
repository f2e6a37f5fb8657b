"""Command line: ``audio-scrabble`` starts a game; subcommands do the rest.

Each subcommand lives in its own module, which provides
``configure(parser)`` and ``run(args) -> int`` (the exit code). This file
only wires them together, so that adding a command touches one line here.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Sequence

#: subcommand -> (module, one-line help)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "judge": ("audio_scrabble.lexicon.judge", "judge words against the word list, as clubs do"),
    "verify": ("audio_scrabble.notation.verify", "replay GCG game records and check every score"),
    "moves": ("audio_scrabble.engine.moves_cli", "list the legal plays in a position, best first"),
    "emboss": ("audio_scrabble.presentation.emboss", "write a GCG game as a braille-ready .brf file"),
    "review": ("audio_scrabble.console.review", "step through a GCG game record by ear"),
}
PLAY_MODULE = "audio_scrabble.console.start"


def _load(module: str):
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name and module.startswith(e.name):
            return None
        raise


def build_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The parser. Only the module of the subcommand named in ``argv`` (or
    the game's own, when none is named) is imported: start-up stays quick."""
    chosen = next((a for a in argv if not a.startswith("-")), None)
    chosen = chosen if chosen in SUBCOMMANDS else None
    parser = argparse.ArgumentParser(
        prog="audio-scrabble",
        description="Scrabble you can play by ear, by braille display, or with a sighted helper.",
    )
    play = _load(PLAY_MODULE) if chosen is None else None
    if play is not None:
        play.configure(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text[0].upper() + help_text[1:] + ".")
        if name != chosen:
            continue
        mod = _load(module)
        if mod is None:
            parser.error(f"the {name} command is not available in this installation")
        mod.configure(p)
        p.set_defaults(_run=mod.run)
    if play is not None:
        parser.set_defaults(_run=play.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    run = getattr(args, "_run", None)
    if run is None:
        parser.print_help()
        return 2
    try:
        return int(run(args) or 0)
    except KeyboardInterrupt:
        print("Stopped.", file=sys.stderr)
        return 130
