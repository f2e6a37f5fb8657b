"""The one command registry: it drives dispatch, help and completion.

Each :class:`Command` names its handler, its aliases, its arguments (whose
kinds drive completion), its group (for the help list) and the key of its
help text in ``audio_scrabble/data/help.txt``. Handlers take the session
and the rest of the line, and return the lines to say; they change the
game only through :meth:`Session.act`, so a refusal changes nothing.
"""

from __future__ import annotations

import dataclasses
import difflib
import os
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..core.board import ACROSS, COLUMNS, DOWN, SIZE, Square
from ..core.events import ChallengeResolved, TilesExchanged, TurnPassed
from ..core.tiles import BLANK, parse_tiles
from ..errors import ActionNotAllowed, NotationError, ScrabbleError
from ..notation.typed import join_split_squares, looks_like_position, looks_like_square, parse_draft, read_square
from ..presentation import largeprint, phrases, record_phrases
from . import brailleview
from .helptext import HelpEntry, help_entries
from .services import COMPUTER_LEVELS
from .settings import SETTING_VALUES, small_number
from .setup import rule_names

#: a handler takes the session and the rest of the line. The session is the
#: game's (session.Session) or, for the board handlers the review shares,
#: the review's (review.ReviewSession): both offer what those handlers read.
Handler = Callable[[Any, str], list[str]]

# argument kinds, for completion
SQUARE = "square"
ROW = "row"
COLUMN = "column"
PLAY = "play"
TILES = "tiles"
PLAYER = "player"
SETTING = "setting"
TOPIC = "topic"
WORDS = "words"
PATH = "path"
TURN = "turn"  # a turn of the game (no candidates)


@dataclass(frozen=True)
class Arg:
    name: str
    kind: str
    optional: bool = False


@dataclass(frozen=True)
class Command:
    name: str
    handler: Handler
    group: str
    aliases: tuple[str, ...] = ()
    args: tuple[Arg, ...] = ()
    help_key: str = ""

    @property
    def key(self) -> str:
        return self.help_key or self.name


class Registry:
    """Commands by name and alias; suggestions for a mistyped name."""

    def __init__(self, commands: Iterable[Command] = ()):
        self.commands: list[Command] = []
        self._by_name: dict[str, Command] = {}
        for c in commands:
            self.add(c)

    def add(self, command: Command) -> None:
        for n in (command.name, *command.aliases):
            if n in self._by_name:
                raise ValueError(f"command name {n!r} is used twice")
            self._by_name[n] = command
        self.commands.append(command)

    def get(self, word: str) -> Command | None:
        return self._by_name.get(word.lower())

    def names(self) -> list[str]:
        return [c.name for c in self.commands]

    def suggest(self, word: str, n: int = 3) -> list[str]:
        """The commands closest to a mistyped word (by name, then alias)."""
        low = word.lower()
        found: list[str] = []
        for cand in difflib.get_close_matches(low, list(self._by_name), n=n * 2, cutoff=0.6):
            name = self._by_name[cand].name
            if cand != name and difflib.SequenceMatcher(None, low, cand).ratio() < 0.75:
                continue  # only a near miss of an alias ("train" and print) would mislead
            if name not in found:
                found.append(name)
        for c in self.commands:
            if c.name.startswith(low) and c.name not in found and len(low) >= 2:
                found.append(c.name)
        return found[:n]

    def groups(self) -> dict[str, list[Command]]:
        out: dict[str, list[Command]] = {}
        for c in self.commands:
            out.setdefault(c.group, []).append(c)
        return out


# ====================================================================== handlers
# Each takes (session, rest of the line) and returns lines to say.


def _square_arg(session, text: str) -> Square:
    text = text.strip()
    if not text:
        return session.reader.cursor.square
    if text.lower() in ("star", "centre", "center"):
        return Square(7, 7)
    return read_square(text)


def cmd_square(session, args: str) -> list[str]:
    sq = _square_arg(session, args)
    return [phrases.square_phrase(session.board, sq, session.settings.marks)]


def _row_index(session, text: str) -> int:
    text = text.strip()
    if not text:
        return session.reader.cursor.square.row
    row = small_number(text)
    if row is not None and 1 <= row <= SIZE:
        return row - 1
    if text.upper() in COLUMNS:
        raise NotationError(f"{text.upper()} is a column; type column {text.upper()}.")
    raise NotationError(f"{text!r} is not a row; rows are numbered 1 to 15 from the top.")


def _column_index(session, text: str) -> int:
    text = text.strip().upper()
    if not text:
        return session.reader.cursor.square.col
    if len(text) == 1 and text in COLUMNS:
        return COLUMNS.index(text)
    number = small_number(text)
    if number is not None and 1 <= number <= SIZE:
        raise NotationError(f"{number} is a row; type row {number}.")
    raise NotationError(f"{text!r} is not a column; columns are lettered A to O from the left.")


def _line_answer(session, index: int, direction: str, cells: Callable[..., list[str]]) -> list[str]:
    """A row or column in words; in braille mode its line of ``cells`` comes first."""
    words = phrases.line_phrases(session.board, index, direction, session.style)
    if not session.braille_mode:
        return words
    return cells(session.board, index, session.settings.braille_width) + words


def cmd_row(session, args: str) -> list[str]:
    """A row in words; in braille mode its line of cells comes first."""
    return _line_answer(session, _row_index(session, args), ACROSS, brailleview.row_lines)


def cmd_column(session, args: str) -> list[str]:
    """A column in words; in braille mode its line of cells comes first."""
    return _line_answer(session, _column_index(session, args), DOWN, brailleview.column_lines)


def cmd_goto(session, args: str) -> list[str]:
    if not args.strip():
        raise NotationError("Say which square to go to, like goto H8, or goto star.")
    move = session.reader.cursor.goto(_square_arg(session, args))
    return [session.reader.move_phrase(move)]


def cmd_where(session, args: str) -> list[str]:
    return phrases.where_phrases(session.reader.cursor.square)


def cmd_words(session, args: str) -> list[str]:
    return phrases.words_phrases(session.board)


def cmd_board(session, args: str) -> list[str]:
    """The braille board: the column letters, then a line of cells a row."""
    return ["Braille board:"] + brailleview.board_lines(session.board, session.settings.braille_width)


def cmd_show(session, args: str) -> list[str]:
    """The large-print board for a sighted helper (on screen only).

    In braille mode its lines would not fit the display, so the braille
    board is shown instead, after a line saying how to get large print.
    """
    if session.braille_mode:
        return ["Large print needs set braille off first;", "here is the braille board."] + cmd_board(session, args)[1:]
    colour = not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
    session.out.show(largeprint.board_lines(session.board, colour=colour, cursor=session.reader.cursor.square))
    return ["Large-print board shown on screen."]


def cmd_legend(session, args: str) -> list[str]:
    """What each braille cell of the board and rack lines means."""
    return ["Braille cells:"] + brailleview.legend_lines()


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


def cmd_rack(session, args: str) -> list[str]:
    i = session.viewer()
    return session.new_tiles_lines(i) + session.rack_reply(session.rack_of(i))


def cmd_shuffle(session, args: str) -> list[str]:
    i = session.viewer()
    tiles = session.rack_of(i)
    session.racks.shuffle(tiles)
    session.racks.set_order(i, tiles)
    return ["Shuffled."] + session.rack_reply(tiles)


def cmd_sort(session, args: str) -> list[str]:
    i = session.viewer()
    tiles = sorted(session.rack_of(i), key=lambda t: (t == BLANK, t))
    session.racks.set_order(i, tiles)
    return ["Sorted."] + session.rack_reply(tiles)


_BLANK_WORD = re.compile(r"\bblanks?\b", re.IGNORECASE)


def _typed_tiles(text: str) -> str:
    """Tiles as typed, the word ``blank`` (as the rack is read) taken for ``?``;
    commas between tiles are spaces."""
    return _BLANK_WORD.sub("?", text).replace(",", " ")


def cmd_arrange(session, args: str) -> list[str]:
    i = session.viewer()
    wanted = parse_tiles(_typed_tiles(args))
    if not wanted:
        raise NotationError("Type the tiles in the order you want them, like arrange RETAIN; ? is a blank.")
    rack = session.rack_of(i)
    rest = list(rack)
    for t in wanted:
        if t not in rest:
            what = "blank" if t == BLANK else t
            raise NotationError(f"You have no {'more ' if t in rack else ''}{what} on your rack to arrange.")
        rest.remove(t)
    order = wanted + rest
    session.racks.set_order(i, order)
    return ["Arranged."] + session.rack_reply(order)


def cmd_play(session, args: str) -> list[str]:
    session.actor()
    draft = parse_draft(args, session.board, session.reader.cursor.square)
    return session.start_play(draft, "play")


def cmd_check(session, args: str) -> list[str]:
    session.actor()
    draft = parse_draft(args, session.board, session.reader.cursor.square)
    return session.start_play(draft, "check")


def cmd_exchange(session, args: str) -> list[str]:
    i = session.actor()
    text = args.strip()
    if not text:
        raise ActionNotAllowed("Say which tiles, like exchange AEI or all.")
    if text.lower() == "all":
        tiles = session.rack_of(i)
    else:
        tiles = parse_tiles(_typed_tiles(text))
    try:
        session.need_game().check_exchange(tiles)
    except ActionNotAllowed as e:  # the bag's long sentence, a clause a line
        raise ActionNotAllowed("\n".join(phrases.clauses(str(e)))) from None
    return session.act(lambda g: g.exchange(tiles))


def cmd_pass(session, args: str) -> list[str]:
    session.actor()
    return session.act(lambda g: g.pass_turn())


def cmd_challenge(session, args: str) -> list[str]:
    game = session.need_game()
    last = session.last_turn_event()
    if isinstance(last, ChallengeResolved) and not game.is_over and game.rules.challenges_allowed:
        outcome = "it was taken back" if last.withdrawn else "it stands"
        raise ActionNotAllowed(f"That play was challenged already; {outcome}.")
    if not game.is_over and game.rules.challenges_allowed and game.lexicon is not None:
        if last is None:
            raise ActionNotAllowed("Nothing to challenge: no word is played yet.")
        if isinstance(last, (TurnPassed, TilesExchanged)):
            kind = "a pass" if isinstance(last, TurnPassed) else "an exchange"
            raise ActionNotAllowed(f"Nothing to challenge: the last turn was {kind}.")
    who = session.player_named(args) if args.strip() else session.final_challenger()
    if who is not None and session.is_computer(who):
        raise ActionNotAllowed(f"{session.names[who]} decides for itself; name a person, or type challenge alone.")
    try:
        game.check_challenge(who)
    except ActionNotAllowed as e:  # a long sentence of the rules, a clause a line
        raise ActionNotAllowed("\n".join(phrases.clauses(str(e)))) from None
    return session.act(lambda g: g.challenge(who))


def cmd_accept(session, args: str) -> list[str]:
    return session.accept_final()


def cmd_scores(session, args: str) -> list[str]:
    game = session.need_game()
    lines = phrases.scores_lines(session.names, game.scores())
    if session.style.full and not game.is_over:
        totals = game.scores()
        order = sorted(range(len(totals)), key=lambda i: -totals[i])
        lead = totals[order[0]] - totals[order[1]]
        if lead:
            lines.append(f"{session.names[order[0]]} leads by {lead}.")
        else:
            lines.append("Level at the top.")
    return lines


def cmd_bag(session, args: str) -> list[str]:
    return [phrases.bag_phrase(len(session.need_game().bag))]


def cmd_unseen(session, args: str) -> list[str]:
    i = session.viewer()
    return phrases.unseen_phrases(session.need_game().unseen(i), session.style)


def cmd_last(session, args: str) -> list[str]:
    full = phrases.Style(phrases.FULL, session.settings.marks)
    return record_phrases.last_move_lines(session.history_events(), session.audience, full)


def last_lines(lines: list[str], args: str, unit: str) -> list[str]:
    """``history``: all the lines; ``history N``: the last N (of the game's
    turns or the review's moves, ``unit``); any other N is refused."""
    text = args.strip()
    if text:
        count = small_number(text, digits=4)
        if count is None or count < 1:
            raise NotationError(f"Say how many {unit} to hear, like history 5, or just history for all.")
        lines = lines[-count:]
    return lines


def cmd_history(session, args: str) -> list[str]:
    aud = session.audience
    lines = [line for ev in session.history_events() if (line := record_phrases.history_line(ev, aud))]
    return last_lines(lines, args, "turns") or ["No moves yet."]


def cmd_repeat(session, args: str) -> list[str]:
    return list(session.out.last_reply) or ["Nothing has been said yet."]


def cmd_summary(session, args: str) -> list[str]:
    game = session.need_game()
    current = None if game.is_over else game.current
    return phrases.summary_phrases(
        session.names, game.scores(), current, session.last_turn_event(), len(game.bag), game.is_over
    )


def cmd_rules(session, args: str) -> list[str]:
    game = session.need_game()
    r = game.rules
    challenge = r.describe_challenge()
    lines = [f"{r.title}.", f"{challenge[:1].upper()}{challenge[1:]}."]
    if r.exchange_needs_seven:
        lines.append("Exchanges need 7 tiles in the bag.")
    else:
        lines.append("Exchange while the bag holds enough.")
    if r.end_all_passed_twice:
        lines.append("The game also ends when every player passes twice running.")
    if r.scoreless_turns_limit:
        lines.append(f"The game also ends after {r.scoreless_turns_limit} scoreless turns in a row.")
    lines.append(f"Seed {game.seed}, for a replay.")
    cells = session.settings.braille_width  # a smaller display: break once, at its width
    return phrases.short_lines(lines, min(cells or phrases.LINE_WIDTH, phrases.LINE_WIDTH))


def cmd_set(session, args: str) -> list[str]:
    parts = args.split()
    if not parts:
        return ["Settings:"] + session.settings.describe()
    if len(parts) == 1:
        key = parts[0].lower()
        values = SETTING_VALUES.get(key)
        if values:
            return [f"set {key} takes {phrases.join_and(list(values))}."]
        raise NotationError(f"Type set, a setting and a value, like set verbosity full.")
    said = session.settings.change(parts[0], " ".join(parts[1:]))
    if parts[0].lower() == "speech":
        session.speech_change = session.settings.speech
    return [said] + session.keep_settings()


def help_lines(
    registry: Registry,
    entries: Mapping[str, HelpEntry],
    args: str,
    index_tail: Sequence[str],
    more: Mapping[str, Callable[[], list[str]]] | None = None,
) -> list[str]:
    """``help`` and ``help TOPIC`` over a registry and its help texts (the
    game's and the review's alike). ``help`` alone: the summary, the
    commands by group, then ``index_tail``; a topic's entry ends with
    ``more[key]()`` when given."""
    topic = args.strip().lower()
    if not topic:
        lines = [entries["help"].summary]
        for group, cmds in registry.groups().items():
            names = [c.name for c in cmds]
            names[0] = f"{group}: {names[0]}"
            lines.extend(phrases.fit(names))
        lines.extend(index_tail)
        return lines
    cmd = registry.get(topic)
    key = cmd.key if cmd else topic
    entry = entries.get(key)
    if entry is None:
        near = registry.suggest(topic)
        hint = f" Did you mean {phrases.join_and(near)}?" if near else ""
        return [f"There is no help on {topic!r}.{hint}", "Type help for the list."]
    lines = [entry.summary]
    lines.extend(f"Type {u}" + ("." if not u.endswith(".") else "") for u in entry.usages)
    lines.extend(entry.details)
    if cmd and cmd.aliases:
        lines.append(f"Also: {', '.join(cmd.aliases)}.")
    if more and key in more:
        lines.extend(more[key]())
    return lines


def cmd_help(session, args: str) -> list[str]:
    return help_lines(
        REGISTRY,
        help_entries(),
        args,
        ["help keys: the board keys.", "help braille: braille mode.", "help computer: its levels.", "help COMMAND: more on one."],
        more={"legend": brailleview.legend_lines},
    )


def cmd_hint(session, args: str) -> list[str]:
    """The best 3 plays for your rack, when hints are on (a teaching setting)."""
    return session.coach.hint_lines(session.settings.hints, session.actor)


def cmd_review(session, args: str) -> list[str]:
    """After the game: each turn beside the best play then (``review N``: turn N)."""
    return session.coach.start(args)


def cmd_next(session, args: str) -> list[str]:
    """The next turn of the review (Enter does the same)."""
    return session.coach.next()


def cmd_back(session, args: str) -> list[str]:
    """The turn before in the review."""
    return session.coach.back()


def cmd_new(session, args: str) -> list[str]:
    game = session.need_game()
    if game.is_over:
        return session.new_game()
    return session.ask_confirm("new")


def cmd_quit(session, args: str) -> list[str]:
    return session.quit()


REGISTRY = Registry(
    [
        # the turn
        Command("play", cmd_play, "Turn", ("p",), (Arg("word and square", PLAY),)),
        Command("check", cmd_check, "Turn", ("try",), (Arg("word and square", PLAY),)),
        Command("exchange", cmd_exchange, "Turn", ("ex", "swap", "change"), (Arg("tiles", TILES),)),
        Command("pass", cmd_pass, "Turn", ("skip",)),
        Command("challenge", cmd_challenge, "Turn", ("ch",), (Arg("player", PLAYER, True),)),
        Command("accept", cmd_accept, "Turn"),
        # the rack
        Command("rack", cmd_rack, "Rack", ("r", "tiles")),
        Command("shuffle", cmd_shuffle, "Rack", ("mix",)),
        Command("sort", cmd_sort, "Rack"),
        Command("arrange", cmd_arrange, "Rack", ("order",), (Arg("tiles", TILES),)),
        # the board
        Command("square", cmd_square, "Board", ("sq", "read"), (Arg("square", SQUARE, True),)),
        Command("row", cmd_row, "Board", (), (Arg("row", ROW, True),)),
        Command("column", cmd_column, "Board", ("col",), (Arg("column", COLUMN, True),)),
        Command("goto", cmd_goto, "Board", ("go",), (Arg("square", SQUARE),)),
        Command("where", cmd_where, "Board", ("pos", "position")),
        Command("words", cmd_words, "Board"),
        Command("board", cmd_board, "Board", ("brd",)),
        Command("show", cmd_show, "Board", ("print",)),
        # asking again
        Command("scores", cmd_scores, "Ask again", ("score", "s")),
        Command("bag", cmd_bag, "Ask again"),
        Command("unseen", cmd_unseen, "Ask again", ("u",)),
        Command("last", cmd_last, "Ask again", ("l",)),
        Command("history", cmd_history, "Ask again", ("hist",)),
        Command("repeat", cmd_repeat, "Ask again", ("again",)),
        Command("summary", cmd_summary, "Ask again", ("sum",)),
        Command("rules", cmd_rules, "Ask again"),
        # teaching
        Command("hint", cmd_hint, "Teaching", ("hints",)),
        Command("review", cmd_review, "Teaching", (), (Arg("turn", TURN, True),)),
        Command("next", cmd_next, "Teaching", ("n",)),
        Command("back", cmd_back, "Teaching", ("previous", "prev")),
        # braille
        Command("legend", cmd_legend, "Braille", ("marks", "cells")),
        Command("emboss", cmd_emboss, "Braille", ("brf",), (Arg("file", PATH, True),)),
        # files
        Command("export", cmd_export, "Files", ("gcg", "record"), (Arg("file", PATH, True),)),
        Command("games", cmd_games, "Files", ("files", "folder")),
        # the program
        Command("set", cmd_set, "Settings", (), (Arg("setting", SETTING, True), Arg("value", SETTING, True))),
        Command("help", cmd_help, "Settings", ("h", "?", "commands"), (Arg("topic", TOPIC, True),)),
        Command("new", cmd_new, "Settings"),
        Command("quit", cmd_quit, "Settings", ("exit", "q", "bye")),
    ]
)

#: commands that work before the game has started
SETUP_COMMANDS = {"help", "quit", "repeat", "set", "games"}


def dispatch(session, text: str) -> list[str]:
    """Run one typed line: a command, a bare square (``H8``), or a suggestion."""
    joined = join_split_squares(text.strip())
    if " " not in joined and joined != text.strip():  # "h 8" is the square H8, not help on 8
        return cmd_square(session, joined)
    word, _, rest = text.strip().partition(" ")
    cmd = REGISTRY.get(word)
    if cmd is None:
        return _not_a_command(session, text.strip(), word)
    if session.game is None and cmd.name not in SETUP_COMMANDS:
        if cmd.name in ("square", "row", "column", "goto", "where", "board", "legend"):
            return cmd.handler(session, rest)
        raise ActionNotAllowed("The game has not started yet; answer the question first.")
    return cmd.handler(session, rest)


def _from_own_rack(session, word: str) -> bool:
    """Could the player whose turn it is (and who has heard the rack) be
    typing a word to play? Its letters are on the rack, but for blanks and
    one letter that may be on the board already."""
    try:
        rack = session.rack_of(session.actor())
    except ScrabbleError:
        return False
    spare = rack.count(BLANK) + (0 if session.board.is_empty() else 1)
    missing = Counter(word.upper()) - Counter(rack)
    return sum(missing.values()) <= spare


def _not_a_command(session, text: str, word: str) -> list[str]:
    text = join_split_squares(text)  # "H 8", "8 D TRAIN"
    word = text.split()[0]
    if looks_like_square(text):
        return cmd_square(session, text)
    tokens = text.split()
    if text.lower() in ("yes", "y", "no", "ok"):
        return ["No question is open; type help for the list."]
    near = REGISTRY.suggest(word)
    if len(tokens) >= 2 and (looks_like_position(tokens[0]) or (not near and any(map(looks_like_position, tokens)))):
        return [f"To play that, type play {text}; to test it first, check {text}."]
    close = any(difflib.SequenceMatcher(None, word.lower(), n).ratio() >= 0.75 for n in near)
    if not close and len(tokens) == 1 and word.isalpha() and len(word) >= 2 and _from_own_rack(session, word):
        return [f"To play {word.upper()}, give its square: play 8D {word.upper()}."]
    if near:
        return [f"{word!r} is not a command; did you mean {phrases.join_and(near)}?", "Type help for the list."]
    return [f"{word!r} is not a command; type help for the list."]


# ====================================================================== completion
ALL_SQUARES = [f"{c}{r}" for c in COLUMNS for r in range(1, SIZE + 1)]


def complete(session, text: str) -> list[str]:
    """Candidates for the word being typed at the end of ``text``."""
    if session.game is None and session.setup is not None and session.setup.asking in ("rules", "level"):
        prefix = text.strip().lower()
        choices = rule_names() if session.setup.asking == "rules" else list(COMPUTER_LEVELS)
        return [n for n in choices if n.startswith(prefix)]
    words = text.split()
    if not text or (len(words) == 1 and not text.endswith(" ")):
        prefix = words[0].lower() if words else ""
        return [n for n in REGISTRY.names() if n.startswith(prefix)]
    cmd = REGISTRY.get(words[0])
    if cmd is None:
        return []
    current = "" if text.endswith(" ") else words[-1]
    index = len(words) - 1 if current == "" else len(words) - 2
    if not cmd.args:
        return []
    arg = cmd.args[min(index, len(cmd.args) - 1)]
    return [c for c in _candidates(session, arg, words, index) if c.lower().startswith(current.lower())]


def _candidates(session, arg: Arg, words: list[str], index: int) -> list[str]:
    if arg.kind == SQUARE:
        return ALL_SQUARES + ["star"]
    if arg.kind == ROW:
        return [str(r) for r in range(1, SIZE + 1)]
    if arg.kind == COLUMN:
        return list(COLUMNS)
    if arg.kind == PLAY:
        return ALL_SQUARES + ["across", "down", "from"]
    if arg.kind == TILES:
        return ["all"]
    if arg.kind == PLAYER:
        return list(session.names)
    if arg.kind == SETTING:
        if index == 0:
            return list(SETTING_VALUES)
        return list(SETTING_VALUES.get(words[1].lower(), ()))
    if arg.kind == TOPIC:
        return REGISTRY.names() + ["keys", "notation", "premiums", "braille", "computer"]
    return []
