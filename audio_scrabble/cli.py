"""Command line: ``audio-scrabble`` starts a game; subcommands do the rest.

Options and the command combine in any order: ``audio-scrabble --seed 7
judge QI`` runs the judge (the game's options before a command are read,
and those the command has too are passed on). The standard streams are
made safe first (:mod:`audio_scrabble.presentation.streams`): a legacy console
encoding degrades characters instead of crashing, bad input bytes are
named, and a reader that closes early ends the command quietly.

Each subcommand lives in its own module, which provides
``configure(parser)`` and ``run(args) -> int`` (the exit code). This file
only wires them together, so that adding a command touches one line here.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import re
import sys
from typing import NoReturn, Sequence

from . import __version__
from .presentation import streams

#: exit status when the reader of our output went away (as a shell shows SIGPIPE)
EXIT_BROKEN_PIPE = 141

#: subcommand -> (module, one-line help)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "judge": ("audio_scrabble.lexicon.judge", "judge words against the word list, as clubs do"),
    "verify": ("audio_scrabble.notation.verify", "replay GCG game records and check every score"),
    "moves": ("audio_scrabble.engine.moves_cli", "list the legal plays in a position, best first"),
    "emboss": ("audio_scrabble.console.files.emboss_cli", "write a game (GCG record or save file) as a braille-ready .brf file"),
    "review": ("audio_scrabble.console.review", "step through a game (GCG record or save file) by ear"),
    "online": ("audio_scrabble.console.homes.online_start", "play between homes: sign in, then your online games"),
}
PLAY_MODULE = "audio_scrabble.console.start"


#: the most characters of one argument that an error message repeats
ECHO_LIMIT = 40


#: argparse's own words for a command line it cannot read, which name no
#: way out (the game's own refusals each say what to do instead)
_ARGPARSE_OWN = re.compile(r"(?:argument \S+: )?(?:expected |invalid |ignored explicit|not allowed with|"
                           r"one of the arguments|the following arguments are required|unrecognized arguments|"
                           r"ambiguous option)")


class _Parser(argparse.ArgumentParser):
    """argparse, but an error is one line, said first: never after the
    usage (a screen reader would read a dozen lines of it before the
    fault), never repeating a long argument whole; argparse's own words
    end with where the options are listed."""

    def error(self, message: str) -> NoReturn:  # type: ignore[override]
        said = _clip_words(message)
        if _ARGPARSE_OWN.match(said):
            said += f"; {self.prog} --help lists the options."
        self.exit(2, f"{self.prog}: error: {said}\n")


def _clip_words(message: str) -> str:
    def clip(m: re.Match[str]) -> str:
        return m.group()[: ECHO_LIMIT - 1] + "\u2026"

    message = re.sub(r"[^\s,]{%d,}" % (ECHO_LIMIT + 1), clip, message)
    return message if len(message) <= 400 else message[:399] + "\u2026"


class _NotOptions(Exception):
    pass


class _Probe(argparse.ArgumentParser):
    """Checks, without printing or exiting, that some arguments are all options of the game."""

    def error(self, message: str) -> NoReturn:  # type: ignore[override]
        raise _NotOptions(message)


def _load(module: str):
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name and module.startswith(e.name):
            return None
        raise


def _game_options_parser(parser_class: type[argparse.ArgumentParser]) -> argparse.ArgumentParser | None:
    play = _load(PLAY_MODULE)
    if play is None:
        return None
    parser = parser_class(prog="audio-scrabble", add_help=False)
    play.configure(parser)
    return parser


def split_command(argv: Sequence[str]) -> tuple[list[str], str | None, list[str]]:
    """``(options before, COMMAND, its arguments)``: the command is the first
    argument naming one that comes after nothing but the game's own options
    (``--seed 7 judge QI``; ``--lexicon judge judge QI`` judges QI with the
    word list called judge). No command: ``(argv, None, [])``."""
    argv = list(argv)
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg not in SUBCOMMANDS:
            continue
        if i == 0:
            return [], arg, argv[1:]
        probe = _game_options_parser(_Probe)
        if probe is None:
            break
        try:
            probe.parse_args(argv[:i])
        except _NotOptions:
            continue
        return argv[:i], arg, argv[i + 1:]
    return argv, None, []


def build_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The parser. Only the module of the subcommand named in ``argv`` (or
    the game's own, when none is named) is imported: start-up stays quick."""
    _, chosen, _ = split_command(argv)
    parser = _Parser(
        prog="audio-scrabble",
        description="Scrabble you can play by ear, by braille display, or with a sighted helper.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
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
        p.set_defaults(_run=mod.run, _parser=p)
    if play is not None:
        parser.set_defaults(_run=play.run)
    return parser


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The parsed command line. Game options written before a command are
    read as the game reads them; those the command has too (``--lexicon``,
    ``--verbosity``...) apply to it unless it is given its own, the others
    (``--seed``...) are left aside."""
    before, command, rest = split_command(argv)
    if command is None:
        return build_parser(argv).parse_args(argv)
    args = build_parser([command]).parse_args([command, *rest])
    if before:
        game = _game_options_parser(_Parser)
        assert game is not None  # split_command found the options to be the game's
        options = game.parse_args(before)
        own: argparse.ArgumentParser | None = getattr(args, "_parser", None)
        for dest, value in vars(options).items():
            if value is None or not hasattr(args, dest):
                continue
            if own is None or getattr(args, dest) == own.get_default(dest):
                setattr(args, dest, value)
    return args


def _reader_gone(error: OSError) -> bool:
    """Whether ``error`` says the reader of our output went away: a broken
    pipe; on Windows, writing to a closed pipe can fail with EINVAL instead
    (an error of a named file, which carries its file name, is not that)."""
    if isinstance(error, BrokenPipeError):
        return True
    return os.name == "nt" and error.errno == errno.EINVAL and error.filename is None


def main(argv: Sequence[str] | None = None) -> int:
    restore_stdin = streams.setup()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = parse(argv)
        run = getattr(args, "_run", None)
        if run is None:
            build_parser(argv).print_help()
            return 2
        code = int(run(args) or 0)
        sys.stdout.flush()
        return code
    except KeyboardInterrupt:
        print("Stopped.", file=sys.stderr)
        return 130
    except OSError as e:
        if not _reader_gone(e):
            raise
        streams.quiet_broken_pipe()
        return EXIT_BROKEN_PIPE
    finally:
        restore_stdin()
