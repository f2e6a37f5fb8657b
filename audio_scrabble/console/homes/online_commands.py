"""The commands of play between homes, in the game's one registry
(:mod:`.commands`): ``online`` (sign in, one question at a time, the
password not shown), ``online out``, ``invite``, ``accept N``, ``decline
N``, ``say``, ``resign``; ``games`` and ``open N`` list and open the
online games after the games on file.

Each session has at most one :class:`~.online_home.OnlineHome` (made on
first use with the data folder and Matrix; :func:`install` gives one, e.g.
over the loopback transport in tests). Refusals are typed errors with
one sentence that says what to do instead.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any, Callable, cast

from ...errors import ActionNotAllowed, ScrabbleError
from ...online.matrix import check_user_id, normalise_homeserver, sign_in_user
from ...online.offers import read_terms
from ...presentation import honour_prompts, online_prompts, prompts, prompts_homes
from .. import services
from . import online_games
from .honour_table import HonourTable
from .online_home import MOST_INVITED, OnlineHome
from .online_agree import standing_offer
from .online_table import Host, OnlineTable
from ..asking.questions import HELP_ALONE, Ask, Decision, Question, Say, question_help, wrong_answer
from ..files.saving import kept_by_room
from ...notation.typed import small_number

if TYPE_CHECKING:
    from ..front import GameFront

Handler = Callable[["GameFront", str], list[str]]

_HOMES: "weakref.WeakKeyDictionary[Any, OnlineHome]" = weakref.WeakKeyDictionary()


def install(session: GameFront | Host, home: OnlineHome) -> OnlineHome:
    """Give ``session`` its online home (tests: a loopback transport)."""
    _HOMES[session] = home
    return home


def home_of(session: GameFront) -> OnlineHome:
    """The session's online home, made on first use (the data folder, Matrix)."""
    home = _HOMES.get(session)
    if home is None:  # the front is the session itself, which hosts a game between homes
        home = install(session, OnlineHome(cast(Host, session)))
    return home


def _signed_in_home(session: GameFront) -> OnlineHome | None:
    home = _HOMES.get(session)
    return home if home is not None and home.signed_in else None


def _said_after(home: OnlineHome, lines: list[str]) -> list[str]:
    """A command's lines, then what the room applied meanwhile (the game seated...)."""
    return lines + home.session.acting.relayed_all()


#: the help of the homeserver and user questions (``help.txt``)
_SIGN_IN_HELP = ("ask homeserver", "ask user")


class SignInQuestion(Question):
    """``online`` with no account on file: the homeserver, the user, then
    the password (not shown; traded for a token at once, never kept)."""

    leaves_on_eof = False

    def __init__(self, home: OnlineHome, before: Question | None = None) -> None:
        self.home = home
        #: the question it took the prompt from (set-up, resume): given back once answered
        self.before = before
        self.answers: list[str] = []
        self.prompt = online_prompts.HOMESERVER_PROMPT
        #: the app reads the answer without showing it (a password)
        self.secret = False

    def lines(self) -> list[str]:
        return [online_prompts.ASK_HOMESERVER]

    def answer(self, text: str) -> Decision:
        typed = text.strip()
        if not typed:
            return wrong_answer((online_prompts.SIGN_IN_EMPTY,))
        step = len(self.answers)
        if step < 2 and " ".join(typed.split()).lower() in HELP_ALONE:  # not a password: help, then the question
            asked = (online_prompts.ASK_HOMESERVER,) if step == 0 else online_prompts.ASK_USER
            return Say((*question_help(_SIGN_IN_HELP[step]), *asked), keep=True, remember=False)
        try:  # each answer checked as it is typed: the question stays open
            if step == 0:
                normalise_homeserver(typed)
            elif step == 1:
                sign_in_user(typed)
        except ScrabbleError as e:
            return wrong_answer((str(e),))
        self.answers.append(typed)
        if len(self.answers) == 1:
            self.prompt = online_prompts.USER_PROMPT
            return Say(online_prompts.ASK_USER, keep=True, remember=False)
        if len(self.answers) == 2:
            self.prompt, self.secret = online_prompts.PASSWORD_PROMPT, True
            return Say((online_prompts.ASK_PASSWORD,), keep=True, remember=False)
        homeserver, user, password = self.answers
        self.answers = []
        self.secret = False
        try:
            lines = self.home.sign_in(homeserver, user, password)
        except ScrabbleError as e:
            return self._back(prompts.refusal_said(str(e)))
        return self._back(_said_after(self.home, lines))

    def _back(self, lines: list[str]) -> Decision:
        """Done: the question it took the prompt from, if any, is open again."""
        if self.before is not None and self.home.session.match is None:  # said again: the prompt is not read
            return Ask(self.before, (*lines, *self.before.again()))
        return Say(tuple(lines))

    def interrupt(self) -> Decision:
        self.answers = []
        return self._back([online_prompts.SIGN_IN_STOPPED])


# ====================================================================== handlers
def cmd_online(session: GameFront, args: str) -> list[str]:
    """``online``: sign in (or resume the account on file); ``online out``: sign out."""
    home = home_of(session)
    word = args.strip().lower()
    if word == "out":
        if not home.signed_in:
            if not home.has_account():
                raise ActionNotAllowed(online_prompts.NOT_SIGNED_IN, brief=online_prompts.NOT_SIGNED_IN_BRIEF)
            home.connect()
        return home.sign_out()
    if word:
        raise ActionNotAllowed(online_prompts.ONLINE_HOW)
    question = session.question  # a question before the game stays open: said again after
    again = question.again() if question is not None else []
    if home.signed_in:
        assert home.transport is not None
        return online_prompts.signed_in(home.transport.user_id) + home.away_lines() + again
    if home.has_account():
        return home.connect() + again
    if session.game is not None and not session.game.is_over:  # the questions would take over its prompt
        raise ActionNotAllowed(online_prompts.SIGN_IN_BETWEEN_GAMES)
    return session.ask_confirm(SignInQuestion(home, session.question))


def cmd_invite(session: GameFront, args: str) -> list[str]:
    """``invite @bob:example.org`` (one to three players), then optionally
    ``days 3`` (days a move), ``rules double`` (the rule set), ``list
    FILE`` (the word list; ``list default``): a new game offered;
    ``invite @bob:example.org honour``: an honour game (the friend types
    moves in any Matrix app; this program deals and referees)."""
    home = home_of(session)
    transport = home.need()
    words = args.replace(",", " ").split()
    if words and words[-1].lower() in honour_prompts.HONOUR_WORDS:
        users = words[:-1]
        if len(users) > 1:
            raise ActionNotAllowed(honour_prompts.HONOUR_ONE_FRIEND)
        if not users:
            raise ActionNotAllowed(online_prompts.INVITE_WHOM)
        friend = check_user_id(users[0])
        if friend == transport.user_id:
            raise ActionNotAllowed(online_prompts.NOT_YOURSELF)
        return _said_after(home, home.invite_honour(friend))
    terms = read_terms(args)
    users = list(terms.users)
    if not users:
        raise ActionNotAllowed(online_prompts.INVITE_WHOM)
    if len(users) > MOST_INVITED:
        raise ActionNotAllowed(online_prompts.TOO_MANY_INVITED)
    users = [check_user_id(u) for u in users]
    if transport.user_id in users:
        raise ActionNotAllowed(online_prompts.NOT_YOURSELF)
    lexicon = services.load_lexicon(None if terms.word_list == "default" else terms.word_list) \
        if terms.word_list else None
    return _said_after(home, home.invite(users, terms.rules, terms.days, lexicon))


def _number(args: str) -> int:
    typed = args.strip()
    number = small_number(typed, 4)  # not int(): '²' passes isdigit
    if number is None:
        raise ActionNotAllowed(online_prompts.WHICH_INVITATION)
    return number


def accepting(local: Handler) -> Handler:
    """``accept`` alone accepts the last play (``local``); ``accept N`` an invitation."""

    def cmd_accept(session: GameFront, args: str) -> list[str]:
        if not args.strip():
            return local(session, args)
        home = home_of(session)
        home.need()
        return _said_after(home, home.accept(_number(args)))

    return cmd_accept


def cmd_decline(session: GameFront, args: str) -> list[str]:
    """``decline N``: refuse invitation N."""
    home = home_of(session)
    home.need()
    return home.decline(_number(args))


def _local_count(session: GameFront) -> int:
    """How many games on file ``games`` last listed (the online ones come after)."""
    return len(getattr(session.saver, "listing", None) or []) if session.store is not None else 0


def listing(local: Handler) -> Handler:
    """``games``: the games on file (``local``), then the online games and invitations."""

    def cmd_games(session: GameFront, args: str) -> list[str]:
        lines = local(session, args)
        home = _signed_in_home(session)
        if home is None:
            return lines
        return lines + home.games_lines(_local_count(session) + 1)

    return cmd_games


def _said_alone(home: OnlineHome) -> int | None:
    """The number of the game ``games`` said alone (no number), while it is
    still the only one; else None."""
    rooms = online_games.listed(home)
    return 1 if home.said_alone is not None and rooms == [home.said_alone] else None


def opening(local: Handler, choose: Handler | None = None) -> Handler:
    """``open N``: a game on file (``local``), or an online game, numbered
    after them. With an online game open at the table, the game on file is
    chosen first (``choose``: refused with nothing changed), and only then
    the table closed and the game resumed: a refused ``open`` leaves the
    online game open."""

    def cmd_open(session: GameFront, args: str) -> list[str]:
        home = _signed_in_home(session)
        number = small_number(args, 4)
        if home is not None and not args.strip() and not _local_count(session):
            number = _said_alone(home)  # open alone: the only online game, said with no number
        if home is not None and number is not None and number > _local_count(session):
            return _said_after(home, home.open(number - _local_count(session)))
        if home is not None and choose is not None and home.table is not None:
            said = choose(session, args)  # refused: the online game stays open at the table
            home.close_table()
            return said + session.resume_chosen()
        if home is not None:
            home.close_table()
        return local(session, args)

    return cmd_open


def cmd_say(session: GameFront, args: str) -> list[str]:
    """``say TEXT``: a chat line to the other players of the online game open."""
    text = args.strip()
    if not text:
        raise ActionNotAllowed(online_prompts.SAY_WHAT)
    table = home_of(session).open_table()
    table.say(text)
    return [online_prompts.SAID]


def cmd_resign(session: GameFront, args: str) -> list[str]:
    """``resign``: give up the online game open (the deal's keys follow)."""
    home = home_of(session)
    table = home.open_table()
    if isinstance(table, HonourTable):  # over at once: said as it is made
        table.resign()
        return _said_after(home, [])
    return _said_after(home, table.resign())


def cmd_offer(session: GameFront, args: str) -> list[str]:
    """``offer end``: offer to end the online game open here, as it stands."""
    if args.strip().rstrip(".").lower() != "end":
        raise ActionNotAllowed(prompts_homes.OFFER_WHAT)
    home = home_of(session)
    table = home.open_table()
    state = table.link if isinstance(table, HonourTable) else table.link.state  # type: ignore[union-attr]
    others = [n for i, n in enumerate(state.names) if i != state.my_seat]  # type: ignore[union-attr]
    sent = table.agreement("offer_end")  # refused, its sentence, when it may not be offered now
    return _said_after(home, prompts_homes.end_offer_sent(others) if sent else [prompts_homes.AGREEMENT_WHEN_BACK])


def cmd_agree(session: GameFront, args: str) -> list[str]:
    """``agree``: end the online game open here, as the other player offered."""
    home = home_of(session)
    table = home.open_table()
    sent = table.agreement("agree_end")
    return _said_after(home, [] if sent else [prompts_homes.AGREEMENT_WHEN_BACK])


def declining(invitation: Handler) -> Handler:
    """``decline``: the other player's offer to end the game open here,
    when one stands and no number is typed; else ``decline N`` (``invitation``)."""

    def cmd_decline_either(session: GameFront, args: str) -> list[str]:
        home = _signed_in_home(session)
        table = home.table if home is not None else None
        if args.strip() or not isinstance(table, (OnlineTable, HonourTable)) or not standing_offer(table):
            if not args.strip():  # nothing to decline here: not "Type accept ..." for a decline
                raise ActionNotAllowed(prompts_homes.DECLINE_WHAT)
            return invitation(session, args)
        assert home is not None
        sent = table.agreement("decline_end")
        return _said_after(home, [] if sent else [prompts_homes.AGREEMENT_WHEN_BACK])

    return cmd_decline_either


def renewing(local: Handler, refusal: str) -> Handler:
    """A command of a game at this table (``local``: ``new``, ``review``)
    that a game between homes does not take: refused with ``refusal``
    (``new``: invite again; ``review``: not done yet, the view's unknown
    tiles would be taken for blanks)."""

    def cmd_local_only(session: GameFront, args: str) -> list[str]:
        game = session.game
        if game is not None and kept_by_room(game):
            raise ActionNotAllowed(refusal)
        return local(session, args)

    return cmd_local_only
