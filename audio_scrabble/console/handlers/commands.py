"""The game's commands: the one registry that drives dispatch, help and
completion, and the handlers of the turn, the rack, asking again,
teaching and the program.

Handlers take the session's front (:class:`~.front.GameFront`) and the
rest of the line, and return the lines to say; they change the game only
through the front's actions (``act``, ``play``, ``accept_final``), so a
refusal changes nothing. The board commands the review shares are in
:mod:`.board_commands`, the file commands in :mod:`.file_commands`, the
tutorial, hints and the review's steps in :mod:`.teaching_commands`, the
registry itself in :mod:`.registry`.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from typing import TYPE_CHECKING

from ...core.events import ChallengeResolved, TilesExchanged, TurnPassed
from ...core.tiles import BLANK, parse_tiles
from ...errors import ActionNotAllowed, IllegalPlay, NotationError, ScrabbleError
from ...notation.plays import off_board_sentence
from ...notation.typed import (DirectionUnclear, join_split_squares, looks_like_position, looks_like_square,
                               looks_off_board, parse_draft)
from ...presentation import braille_lines, online_prompts, phrases, prompts, record_phrases
from ...presentation.honour_prompts import HONOUR_WORD

from .board_commands import (
    cmd_board, cmd_column, cmd_goto, cmd_legend, cmd_repeat, cmd_row, cmd_set, cmd_show, cmd_square, SHOW_LARGE,
    cmd_where, cmd_words, last_lines,
)
from .file_commands import choose_to_open, cmd_aside, cmd_emboss, cmd_export, cmd_games, cmd_open
from .helptext import help_entries
from ..homes.online_corresp import cmd_claim, cmd_rematch, offer_candidates, reviewing
from ..homes.online_commands import (
    accepting, cmd_agree, cmd_decline, cmd_invite, cmd_offer, cmd_online, cmd_resign, cmd_say, declining, listing, opening,
    renewing,
)
from .registry import (
    ALL_SQUARES, AREA, BEFORE, COLUMN, GAME, HELP_TOPICS, OFFER, PATH, PLAY, PLAYER, QUESTION, ROW, SETTING, SQUARE, TILES,
    TOPIC, TURN, WORDS, Arg, Command, Registry, board_candidates, help_lines,
)
from ..services import COMPUTER_LEVELS
from ..asking.settings import SETTING_VALUES, small_number, value_lines
from ..asking.setup import rule_names
from .survey_commands import cmd_around, cmd_fit, cmd_spots, place_to_type
from .teaching_commands import cmd_back, cmd_hint, cmd_next, cmd_review, cmd_tutorial
from ..table.table import answer_first

if TYPE_CHECKING:
    from ..front import GameFront

# ====================================================================== handlers
# Each takes (session, rest of the line) and returns lines to say.


def cmd_rack(session: GameFront, args: str) -> list[str]:
    i = session.playing().viewer()
    return session.playing().new_tiles_lines(i) + session.playing().rack_reply(session.playing().rack_of(i))


def cmd_shuffle(session: GameFront, args: str) -> list[str]:
    i = session.playing().viewer()
    tiles = session.playing().rack_of(i)
    session.playing().racks.shuffle(tiles)
    session.playing().racks.set_order(i, tiles)
    return ["Shuffled."] + session.playing().rack_reply(tiles)


def cmd_sort(session: GameFront, args: str) -> list[str]:
    i = session.playing().viewer()
    tiles = sorted(session.playing().rack_of(i), key=lambda t: (t == BLANK, t))
    session.playing().racks.set_order(i, tiles)
    return ["Sorted."] + session.playing().rack_reply(tiles)


_BLANK_WORD = re.compile(r"\bblanks?\b", re.IGNORECASE)


def _typed_tiles(text: str) -> str:
    """Tiles as typed, the word ``blank`` (as the rack is read) taken for ``?``;
    commas between tiles are spaces."""
    return _BLANK_WORD.sub("?", text).replace(",", " ")


def cmd_arrange(session: GameFront, args: str) -> list[str]:
    i = session.playing().viewer()
    wanted = parse_tiles(_typed_tiles(args))
    if not wanted:
        raise NotationError(prompts.ARRANGE_HOW, brief=prompts.ARRANGE_HOW_BRIEF)
    rack = session.playing().rack_of(i)
    rest = list(rack)
    for t in wanted:
        if t not in rest:
            what = "blank" if t == BLANK else t
            more = t in rack
            raise NotationError(prompts.none_to_arrange(what, more), brief=prompts.none_to_arrange_brief(what, more))
        rest.remove(t)
    order = wanted + rest
    session.playing().racks.set_order(i, order)
    return [prompts.ARRANGED] + session.playing().rack_reply(order)


def cmd_play(session: GameFront, args: str) -> list[str]:
    session.playing().actor()
    return _play_typed(session, args, "play")


def cmd_check(session: GameFront, args: str) -> list[str]:
    session.playing().actor()
    return _play_typed(session, args, "check")


def _play_typed(session: GameFront, args: str, action: str) -> list[str]:
    """Play or check what was typed; a square written row first with
    ``down`` typed (``11N down``) asks which way first (issue 23). A
    number alone (``play 1``, a hint's number) is refused saying what a
    play needs: just after a hint, hint 1's play as it is typed."""
    if args.strip().rstrip(".").isdigit():
        number = small_number(args.strip().rstrip("."))  # not int(): "²", or 5,000 digits, raise ValueError
        hinted = session.coach.hinted_play(number) if number is not None else None  # play 1 after a hint: its play
        if hinted is not None:
            raise NotationError(prompts.play_the_hint(args.strip(), action, hinted),
                                brief=prompts.play_the_hint_brief(action, hinted))
        raise NotationError(prompts.play_a_number(args.strip(), action), brief=prompts.PLAY_A_NUMBER_BRIEF)
    try:
        draft = parse_draft(args, session.board, session.reader.cursor.square, action)
    except DirectionUnclear as unclear:
        return session.play(unclear, action)  # across or down? asked, nothing played
    return session.play(draft, action)


def cmd_exchange(session: GameFront, args: str) -> list[str]:
    i = session.playing().actor()
    text = args.strip()
    if not text:
        raise ActionNotAllowed(prompts.EXCHANGE_WHICH, brief=prompts.EXCHANGE_WHICH_BRIEF)
    if text.lower() == "all":
        tiles = session.playing().rack_of(i)
    else:
        tiles = parse_tiles(_typed_tiles(text))
    try:
        session.need_game().check_exchange(tiles)
    except IllegalPlay as e:  # a tile not held: the reason, then the tiles there are
        if e.code != "not_on_rack":
            raise
        rack = session.playing().rack_of(i)
        raise IllegalPlay(prompts.exchange_from(str(e), rack), e.code, brief=e.brief) from None
    return session.act(lambda g: g.exchange(tiles))


def cmd_pass(session: GameFront, args: str) -> list[str]:
    session.playing().actor()
    return session.act(lambda g: g.pass_turn())


def cmd_challenge(session: GameFront, args: str) -> list[str]:
    game = session.need_game()
    last = session.playing().last_turn_event()
    if isinstance(last, ChallengeResolved) and not game.is_over and game.rules.challenges_allowed:
        raise ActionNotAllowed(prompts.challenged_already(last.withdrawn))
    if not game.is_over and game.rules.challenges_allowed and game.lexicon is not None:
        if last is None:
            raise ActionNotAllowed(prompts.NOTHING_TO_CHALLENGE)
        if isinstance(last, (TurnPassed, TilesExchanged)):
            raise ActionNotAllowed(prompts.last_turn_was(isinstance(last, TurnPassed)))
    who = session.playing().player_named(args) if args.strip() else session.playing().final_challenger()
    if who is not None and session.playing().is_computer(who):
        raise ActionNotAllowed(prompts.decides_for_itself(session.names[who]))
    if who is not None and who in session.playing().table.remotes:
        raise ActionNotAllowed(prompts.decides_at_own_table(session.names[who]))
    game.check_challenge(who)
    return session.act(lambda g: g.challenge(who))


def cmd_accept(session: GameFront, args: str) -> list[str]:
    return session.accept_final()


def cmd_scores(session: GameFront, args: str) -> list[str]:
    game = session.need_game()
    you = session.playing().table.you
    lines = phrases.scores_lines(session.names, game.scores(), you)
    if session.style.full and not game.is_over:
        totals = game.scores()
        order = sorted(range(len(totals)), key=lambda i: -totals[i])
        lead = totals[order[0]] - totals[order[1]]
        if lead:
            lines.append(prompts.leads_by(session.names[order[0]], lead, order[0] == you))
        else:
            lines.append(prompts.LEVEL_AT_THE_TOP)
    return lines


def cmd_bag(session: GameFront, args: str) -> list[str]:
    return [phrases.bag_phrase(len(session.need_game().bag))]


def cmd_unseen(session: GameFront, args: str) -> list[str]:
    i = session.playing().viewer()
    game = session.need_game()
    holders = [] if len(game.bag) else [n for k, n in enumerate(session.names) if k != i
                                         and game.players[k].rack]
    return phrases.unseen_phrases(game.unseen(i), session.style, holders)


def cmd_last(session: GameFront, args: str) -> list[str]:
    full = phrases.Style(phrases.FULL, session.settings.marks)
    return record_phrases.last_move_lines(session.playing().history_events(), session.playing().audience, full)


def cmd_history(session: GameFront, args: str) -> list[str]:
    aud = session.playing().audience
    lines = [line for ev in session.playing().history_events() if (line := record_phrases.history_line(ev, aud))]
    return last_lines(lines, args, "turns", session.names) or [prompts.NO_MOVES_YET]


def cmd_summary(session: GameFront, args: str) -> list[str]:
    """Whose turn, the scores, the last move, the bag; while the last play
    waits on challenge or accept, no one's turn but that question."""
    game = session.need_game()
    table = session.playing().table
    waiting = game.awaiting_final_challenge
    current = None if game.is_over or waiting else game.current
    lines = phrases.summary_phrases(
        session.names, game.scores(), current, session.playing().last_turn_event(), len(game.bag), game.is_over,
        table.you, game.ended.winners if game.ended is not None else (),
    )
    return lines + (table.final_question() if waiting else [])


def cmd_rules(session: GameFront, args: str) -> list[str]:
    game = session.need_game()
    r = game.rules
    lines = [*prompts.rules_title(r.title), prompts.challenge_rule(r.challenge, r.challenge_penalty)]
    if r.exchange_needs_seven:
        lines.append(prompts.EXCHANGE_NEEDS_SEVEN)
    else:
        lines.append(prompts.EXCHANGE_WHILE_ENOUGH)
    if r.end_all_passed_twice:
        lines.append(prompts.ENDS_ALL_PASSED_TWICE)
    if r.scoreless_turns_limit:
        lines.append(prompts.ends_after_scoreless(r.scoreless_turns_limit))
    lines.append(prompts.seed_line(game.seed))
    return phrases.short_lines(lines)


def cmd_help(session: GameFront, args: str) -> list[str]:
    game = session.game
    if not args.strip() and game is not None and game.awaiting_final_challenge:
        # help alone while the last play waits on challenge or accept: that
        # question's help, then the question (as at a question before the game)
        entry = help_entries()["ask final"]
        return [entry.summary, *entry.details, *session.playing().table.final_question()]
    topic = " ".join(args.split()).lower()
    if not topic and game is not None and game.is_over and session.coach.reviewing:
        # help alone at the review> prompt: the review's own commands and how to leave it
        entry = help_entries()["at review"]
        return [entry.summary, *entry.details]
    return help_lines(
        REGISTRY,
        help_entries(),
        "" if topic == "all" else args,  # help all: every command, as help alone elsewhere
        list(prompts.HELP_FOOT),
        more={"legend": braille_lines.legend_lines, "set": value_lines},
        brief=session.style.brief,
    )


def cmd_new(session: GameFront, args: str) -> list[str]:
    game = session.need_game()
    if game.is_over:
        return session.new_game()
    return session.ask_confirm("new")


def cmd_quit(session: GameFront, args: str) -> list[str]:
    return session.quit()


#: commands that also work before the game: at its questions, and with none open
ANY_TIME = frozenset({QUESTION, BEFORE, GAME})
#: the board can be read before the game starts (it is empty)
BOARD_TIME = frozenset({BEFORE, GAME})

REGISTRY: Registry[GameFront] = Registry(
    [
        # the turn
        Command("play", cmd_play, "Turn", ("p",), (Arg("word and square", PLAY),), changes=True),
        Command("check", cmd_check, "Turn", ("try",), (Arg("word and square", PLAY),)),
        Command("exchange", cmd_exchange, "Turn", ("ex", "swap", "change"), (Arg("tiles", TILES),), changes=True),
        Command("pass", cmd_pass, "Turn", ("skip",), changes=True),
        Command("challenge", cmd_challenge, "Turn", ("ch",), (Arg("player", PLAYER, True),), changes=True),
        Command("accept", accepting(cmd_accept), "Turn", (), (Arg("invitation", TURN, True),), changes=True,
                modes=BOARD_TIME),
        # the rack
        Command("rack", cmd_rack, "Rack", ("r", "tiles")),
        Command("shuffle", cmd_shuffle, "Rack", ("mix",)),
        Command("sort", cmd_sort, "Rack"),
        Command("arrange", cmd_arrange, "Rack", ("order",), (Arg("tiles", TILES),)),
        # the board
        Command("square", cmd_square, "Board", ("sq", "read"), (Arg("square", SQUARE, True),), modes=BOARD_TIME),
        Command("row", cmd_row, "Board", (), (Arg("row", ROW, True),), modes=BOARD_TIME),
        Command("column", cmd_column, "Board", ("col",), (Arg("column", COLUMN, True),), modes=BOARD_TIME),
        Command("goto", cmd_goto, "Board", ("go",), (Arg("square", SQUARE),), modes=BOARD_TIME),
        Command("where", cmd_where, "Board", ("pos", "position"), modes=BOARD_TIME),
        Command("words", cmd_words, "Board"),
        Command("board", cmd_board, "Board", ("brd",), modes=BOARD_TIME),
        Command("show", cmd_show, "Board", ("print",), said_with=("board", "the board"),
                options=SHOW_LARGE),
        # surveying the board
        Command("spots", cmd_spots, "Survey", ("spot", "hot"), (Arg("area", AREA, True),), modes=BOARD_TIME),
        Command("around", cmd_around, "Survey", ("near",), (Arg("square", SQUARE, True),), modes=BOARD_TIME),
        Command("fit", cmd_fit, "Survey", (), (Arg("word", WORDS),)),
        # asking again
        Command("scores", cmd_scores, "Ask again", ("score", "s")),
        Command("bag", cmd_bag, "Ask again"),
        Command("unseen", cmd_unseen, "Ask again", ("u",)),
        Command("last", cmd_last, "Ask again", ("l",)),
        Command("history", cmd_history, "Ask again", ("hist",), (Arg("turns", TURN, True),)),
        Command("repeat", cmd_repeat, "Ask again", ("again",), modes=ANY_TIME),
        Command("summary", cmd_summary, "Ask again", ("sum", "whose"), said_with=("turn", "turn is it", "is it")),
        Command("rules", cmd_rules, "Ask again"),
        # teaching
        Command("hint", cmd_hint, "Teaching", ("hints",)),
        Command("tutorial", cmd_tutorial, "Teaching", ("tour", "lesson"), (Arg("step", TURN, True),), modes=ANY_TIME),
        Command("review", reviewing(cmd_review), "Teaching", (), (Arg("turn", TURN, True),)),
        Command("next", cmd_next, "Teaching", ("n",)),
        Command("back", cmd_back, "Teaching", ("previous", "prev")),
        # braille
        Command("legend", cmd_legend, "Braille", ("marks", "cells"), modes=BOARD_TIME),
        Command("emboss", cmd_emboss, "Braille", ("brf",), (Arg("file", PATH, True),)),
        # files
        Command("export", cmd_export, "Files", ("gcg", "record"), (Arg("file", PATH, True),)),
        Command("games", listing(cmd_games), "Files", ("files", "folder"), modes=ANY_TIME),
        Command("aside", cmd_aside, "Files", ("damaged", "why"), modes=ANY_TIME),
        Command("open", opening(cmd_open, choose_to_open), "Files", (), (Arg("number", TURN),), changes=True, modes=BOARD_TIME),
        # play between homes (console/homes/online_commands.py)
        Command("online", cmd_online, "Online", (), (Arg("out", TURN, True),), modes=ANY_TIME),
        Command("invite", cmd_invite, "Online", (), (Arg("players", OFFER),), modes=BOARD_TIME),
        Command("decline", declining(cmd_decline), "Online", (), (Arg("invitation", TURN, True),), modes=BOARD_TIME),
        Command("say", cmd_say, "Online", ("chat",), (Arg("words", TURN),), modes=BOARD_TIME),
        Command("resign", cmd_resign, "Online", (), changes=True, modes=BOARD_TIME),
        Command("claim", cmd_claim, "Online", (), (Arg("number", TURN, True),), changes=True, modes=BOARD_TIME),
        Command("rematch", cmd_rematch, "Online", (), changes=True, modes=BOARD_TIME),
        Command("offer", cmd_offer, "Online", (), (Arg("end", TURN),), changes=True, modes=BOARD_TIME),
        Command("agree", cmd_agree, "Online", (), changes=True, modes=BOARD_TIME),
        # the program
        Command("set", cmd_set, "Settings", (), (Arg("setting", SETTING, True), Arg("value", SETTING, True)), modes=ANY_TIME),
        Command("help", cmd_help, "Settings", ("h", "?", "commands"), (Arg("topic", TOPIC, True),), modes=ANY_TIME),
        Command("new", renewing(cmd_new, online_prompts.NEW_ONLINE), "Settings", changes=True,
                said_with=("game", "game please")),
        Command("quit", cmd_quit, "Settings", ("exit", "q", "bye"), modes=ANY_TIME, said_with=("game", "now")),
    ]
)

#: the marks dictation (and a sentence typed) ends a line with: dropped after
#: a command's name, and after the squares, numbers and names some take
#: (never after a play's letters, where ``?`` is a blank and ``.`` a board letter)
_SAID_ENDS = ".?!"
_ENDS_DROPPED = frozenset({"row", "column", "square", "goto", "around", "history", "help", "tutorial", "review",
                           "spots", "set"})


def dispatch(session: GameFront, text: str) -> list[str]:
    """Run one typed line: a command, a bare square (``H8``), or a suggestion."""
    joined = join_split_squares(text.strip())
    if " " not in joined and joined != text.strip():  # "h 8" is the square H8, not help on 8
        return cmd_square(session, joined)
    word, _, rest = text.strip().partition(" ")
    cmd = REGISTRY.get(word)
    if cmd is None and word.rstrip(_SAID_ENDS) and REGISTRY.get(word.rstrip(_SAID_ENDS)) is not None:
        cmd = REGISTRY.get(word.rstrip(_SAID_ENDS))  # "Rack." as dictation writes it
    if cmd is None:
        return _not_a_command(session, text.strip(), word)
    cmd, rest = REGISTRY.words_after(word.rstrip(_SAID_ENDS) or word, cmd, rest)  # "board row 8": row 8
    if cmd.name in _ENDS_DROPPED:
        rest = rest.rstrip().rstrip(_SAID_ENDS)  # "row 8.", "help play?"
    if (GAME if session.game is not None else BEFORE) not in cmd.modes:
        raise ActionNotAllowed(prompts.NOT_STARTED if session.question is not None else prompts.NO_GAME_HERE)
    if cmd.changes and session.thinker.busy:  # a computer is choosing its move (console/table/thinking.py)
        thought = session.thinker.thought
        assert thought is not None
        raise ActionNotAllowed(prompts.still_thinking(session.names[thought.mover]), brief=prompts.STILL_THINKING_BRIEF)
    return cmd.handler(session, rest)


def a_command(text: str) -> bool:
    """Whether a line typed at a yes-or-no question is a command (or a
    square, ``H8``) rather than an answer mistyped (``maybe``, ``yse``)."""
    joined = join_split_squares(text.strip())
    return bool(joined) and (REGISTRY.get(joined.split()[0]) is not None or looks_like_square(joined))


def answered_before_the_game(word: str) -> bool:
    """Whether ``word`` is a command answered while a question before the
    game (set-up, resume) stays open."""
    return REGISTRY.in_mode(word, QUESTION) is not None


def _from_own_rack(session: GameFront, word: str) -> bool:
    """Could the player whose turn it is (and who has heard the rack) be
    typing a word to play? Its letters are on the rack, but for blanks and
    one letter that may be on the board already."""
    try:
        rack = session.playing().rack_of(session.playing().actor())
    except ScrabbleError:
        return False
    spare = rack.count(BLANK) + (0 if session.board.is_empty() else 1)
    missing = Counter(word.upper()) - Counter(rack)
    return sum(missing.values()) <= spare


def _reads_as_a_play(session: GameFront, text: str) -> bool:
    """Whether ``text`` reads as a play on the board (said back whole:
    clipped, a suggestion like ``EH (blanks E and H) from H8 across`` could not be typed)."""
    try:
        parse_draft(text, session.board)
    except (ScrabbleError, AttributeError):  # AttributeError: no board yet
        return False
    return True


def _not_a_command(session: GameFront, text: str, word: str) -> list[str]:
    text = join_split_squares(text)  # "H 8", "8 D TRAIN"
    word = text.split()[0]
    if looks_like_square(text.rstrip(_SAID_ENDS) or text):  # "H8", "H8?"
        return cmd_square(session, text.rstrip(_SAID_ENDS))
    if session.game is not None and session.coach.reviewing and text.rstrip(_SAID_ENDS).isdigit():  # "19" at the review> prompt: review 19
        return session.coach.start(text.rstrip(_SAID_ENDS))
    if looks_off_board(text.rstrip(_SAID_ENDS)):  # "H16", "Z9": a square past the edge, not a command
        raise NotationError(off_board_sentence(text.rstrip(_SAID_ENDS)))
    tokens = text.split()
    brief = session.style.brief
    near = REGISTRY.suggest(word)
    close = any(difflib.SequenceMatcher(None, word.lower(), n).ratio() >= 0.75 for n in near)
    if session.game is not None and session.game.awaiting_final_challenge and not close:
        # a wrong answer to the question the last play waits on: its two answers, not the question again
        return session.refusal(answer_first())
    if text.lower() in ("yes", "y", "no", "ok"):
        return prompts.refusal_lines(prompts.NO_QUESTION_OPEN, None, brief)
    if len(tokens) >= 2 and (looks_like_position(tokens[0]) or (not near and any(map(looks_like_position, tokens)))):
        return prompts.play_it_how(text, brief, whole=_reads_as_a_play(session, text))
    if not close and len(tokens) == 1 and word.isalpha() and len(word) >= 2 and _from_own_rack(session, word):
        return prompts.give_its_square(word, brief, place_to_type(session, word))
    return REGISTRY.not_a_command(word, brief)


# ====================================================================== completion
def complete(session: GameFront, text: str) -> list[str]:
    """Candidates for the word being typed at the end of ``text``."""
    if session.game is None and session.setup is not None and session.setup.asking in ("rules", "level"):
        prefix = text.strip().lower()
        choices = rule_names() if session.setup.asking == "rules" else list(COMPUTER_LEVELS)
        return [n for n in choices if n.startswith(prefix)]
    return REGISTRY.complete(text, lambda cmd, arg, words, index: _candidates(session, arg, words, index))


def _candidates(session: GameFront, arg: Arg, words: list[str], index: int) -> list[str]:
    shared = board_candidates(arg, words, index, SETTING_VALUES)
    if shared is not None:
        return shared
    if arg.kind == PLAY:
        return ALL_SQUARES + ["across", "down", "from"]
    if arg.kind == TILES:
        return ["all"]
    if arg.kind == PLAYER:
        return list(session.names)
    if arg.kind == TOPIC:
        return REGISTRY.names() + HELP_TOPICS
    if arg.kind == OFFER:
        offered = offer_candidates(words, index)
        if index == 1 and words[1].startswith("@") and offered[:1] == ["days"]:
            offered.append(HONOUR_WORD)  # right after one friend: an honour game
        return offered
    return []
