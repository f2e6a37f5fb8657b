"""``audio-scrabble``: start a game at the console.

``configure(parser)`` adds the options to the top-level parser;
``run(args)`` plays the game and returns the exit code.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Callable, Sequence

from ..core.rules import rules_named
from ..errors import ScrabbleError
from ..notation.cgp import read_position, rules_name
from . import services
from ..presentation.layout import fit_cells as fit
from ..presentation.prompts_settings import speech_way
from .output.brailleview import FittedWriter
from .output.cues import make_player
from .session import NEW, RESUME, Options, Session
from .asking import settings
from .asking.setup import parse_players


def _checked_by(check: Callable[[str], object]) -> Callable[[str], str]:
    """An argparse type that keeps the text as typed once ``check`` reads it,
    and refuses it with ``check``'s own words when it raises."""

    def argument(text: str) -> str:
        try:
            check(text)
        except ScrabbleError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
        return text

    return argument


_players = _checked_by(parse_players)
_rules = _checked_by(rules_named)


#: ``--players``' help (argparse's, the command line's own words)
PLAYERS_HELP = ("2 to 4 names, comma-separated, e.g. Alice,Bob; computer:beginner|club|expert "
                "for a computer player (when the engine is installed). Asked if left out.")


def configure(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("starting a game (without a command)")
    g.add_argument(
        "--players",
        type=_players,
        metavar="NAMES",
        help=PLAYERS_HELP,
    )
    g.add_argument(
        "--rules",
        type=_rules,
        metavar="RULES",
        help="house (the RNIB leaflet's, the default), naspa, wespa, single, void, "
        "or the core's names double, five, ten",
    )
    g.add_argument("--seed", type=int, metavar="N", help="shuffle the bag reproducibly from this number")
    g.add_argument(
        "--position",
        metavar="CGP",
        help="start from a position: a CGP string (board, racks, scores) or a file holding one; "
        "the first rack is yours and you move first, the unseen tiles form the bag",
    )
    settings.add_options(g)
    g.add_argument("--lexicon", metavar="PATH", help="the word list to judge challenges by (one word per line)")
    saved = g.add_mutually_exclusive_group()
    saved.add_argument(
        "--resume",
        dest="saved_game",
        action="store_const",
        const=RESUME,
        help="resume the unfinished game without asking, with its settings "
        "(an option named here still wins); with none, start a new one",
    )
    saved.add_argument(
        "--new",
        dest="saved_game",
        action="store_const",
        const=NEW,
        help="put the unfinished game away in the games folder without asking, and start a new one",
    )
    saved.add_argument(
        "--open",
        dest="open_file",
        metavar="FILE",
        help="resume the unfinished game saved in FILE (the games command lists them); "
        "the game in the slot is put away first",
    )


def options_from(args: argparse.Namespace) -> Options:
    """The session's options from the parsed command line. The word list's
    path is made absolute, so that a save names it wherever the game is
    resumed from."""
    lexicon = os.path.abspath(os.path.expanduser(args.lexicon)) if args.lexicon else None
    return Options(
        players=args.players,
        rules=args.rules,
        seed=args.seed,
        lexicon=lexicon,
        position=args.position,
        saved_game=args.saved_game,
        # every setting with a command-line option, by the settings table
        **{s.attr: getattr(args, s.attr) for s in settings.SETTINGS if s.flags},
    )


def _store() -> object | None:
    """Where games are saved: the player's data folder (AUDIO_SCRABBLE_DATA_DIR to change)."""
    try:
        from ..persistence import SaveStore

        return SaveStore()
    except (ImportError, ValueError, OSError):
        return None


def _screen_reader(speaker: services.Speaker) -> str | None:
    """The screen reader that reads the console (``"Orca"``, ...), or None:
    none when the game speaks its replies itself; else the one found
    really reading (a Speech Dispatcher that merely answers is none), or
    the one screenreader speech reached outside Linux."""
    if speaker.speaks_replies:
        return None
    name = services.screen_reader_name()
    if name is None and not speaker.prints_notifications and not sys.platform.startswith("linux"):
        name = services.speaker_reader_name(speaker)
    return name


def run(args: argparse.Namespace, session_type: type[Session] = Session) -> int:
    options = options_from(args)
    lexicon: object
    if options.lexicon:
        # A list the player named is read now, so that a bad path is said at once.
        try:
            lexicon = services.load_lexicon(options.lexicon)
        except ScrabbleError as e:
            print("\n".join(fit([str(e)], options.braille_width)), file=sys.stderr)
            return 2
    else:
        # The default list loads while the opening is read out.
        lexicon = services.BackgroundLexicon(lambda: services.load_lexicon(None))
    if options.position:
        # A position that cannot be read is said at once, as a bad word list is.
        try:
            position = read_position(options.position)
            if not options.rules:
                rules_name(position)
        except ScrabbleError as e:
            print("\n".join(fit([str(e)], options.braille_width)), file=sys.stderr)
            return 2
    session = session_type(options, lexicon=lexicon, store=_store(), sound_player=make_player)
    if getattr(args, "open_file", None):
        try:
            session.saver.choose_file(args.open_file, lexicon, options.lexicon)
        except ScrabbleError as e:
            print("\n".join(fit([str(e)], options.braille_width)), file=sys.stderr)
            return 2
        options.saved_game = RESUME
    # Everything printed goes through one stream that fits braille mode's width.
    screen = FittedWriter(sys.stdout, lambda: session.settings.braille_width)
    speaker = services.make_speaker(session.settings.speech, screen)  # type: ignore[arg-type]
    before_leaving: list[Callable[[], None]] = []
    restore = _leave_on_signals(before_leaving)
    try:
        if not sys.stdin.isatty():
            from .plain import run_plain

            return run_plain(session, speaker, sys.stdin, screen)  # type: ignore[arg-type]
        from .app import ConsoleApp

        reader = _screen_reader(speaker)
        read = reader is not None
        if options.prompt is None and read:
            # it would read the prompt after every reply: told only when it changes
            session.settings.prompt = "changes"
        app = ConsoleApp(session, speaker, screen=screen)  # type: ignore[arg-type]
        # an answer's line blanked for a moment is written back before leaving on a signal
        before_leaving.append(app.answer_line.write_back)
        app.news_on_the_line = read  # where the screen reader reads it whatever key came last
        if not speaker.fallback_notice:  # (that notice says it)
            app.speech_way = speech_way(reader, speaker.speaks_replies)
        return app.run()
    except Leaving as signalled:
        return _goodbye_on_signal(session, screen, signalled.signum)
    finally:
        restore()


class Leaving(SystemExit):
    """SIGTERM or SIGHUP arrived (the window closed, the system shuts down):
    a goodbye. A SystemExit, so that no handler of the game's own errors
    takes it for one, and so that asyncio lets it through: raised while a
    key was answered in the prompt's event loop, a plain BaseException was
    taken for an error of the loop's ("Unhandled exception in event loop",
    "Press ENTER to continue...") and the game hung."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _leave_on_signals(first: Sequence[Callable[[], None]] = ()) -> Callable[[], None]:
    """Take SIGTERM and SIGHUP as a goodbye (:class:`Leaving`), each of
    ``first`` done before (while the prompt still runs, the screen as it
    left it); returns what puts the handlers before back."""
    import signal

    def leave(signum: int, frame: object) -> None:
        for done in first:
            try:
                done()
            except Exception:  # the goodbye comes whatever happens here  # noqa: BLE001
                pass
        raise Leaving(signum)

    before: dict[int, object] = {}
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is None:
            continue  # Windows has no SIGHUP
        try:
            before[signum] = signal.signal(signum, leave)
        except (ValueError, OSError):  # not the main thread (a test's), or not allowed
            pass

    def restore() -> None:
        for signum, handler in before.items():
            try:
                signal.signal(signum, handler)  # type: ignore[arg-type]
            except (ValueError, OSError, TypeError):
                pass

    return restore


def _goodbye_on_signal(session: Session, screen: object, signum: int) -> int:
    """Leaving on a signal as on ``quit``: the game saved once more, its
    slot let go, the computers' worker processes ended; the goodbye said
    where the screen is still there. The exit code says which signal."""
    import signal

    signal.signal(signum, signal.SIG_IGN)  # a second one while saving is not a second goodbye
    lines = session.leave_at_once()  # the computers' workers and the sounds go with it
    try:
        print("\n".join(lines), file=screen, flush=True)  # type: ignore[call-overload]
    except (OSError, ValueError):
        pass  # the terminal is gone (SIGHUP): the save is what matters
    return 128 + signum
