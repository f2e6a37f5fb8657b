"""What the console says of a game between homes (the console keeps no
sentence of its own): the game seated, a move sent, tiles still coming,
a chat line, a resignation, the commands' answers and refusals.

The records' own bodies (what any chat app shows) are in
:mod:`.online_phrases`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from .layout import wrapped
from .phrases import join_and


def _lines(sentence: str, names: Sequence[str] = ()) -> list[str]:
    """A sentence in lines of at most 40 characters, broken where a reader
    pauses (:func:`.layout.wrapped`: after a clause where the lines stay
    full, no word left alone), a player's name never parted."""
    return wrapped(sentence, names=names)


#: a break of line a text from another home may hold (said as a space)
_BREAKS = re.compile(r"[\s\u2028\u2029\x85]+")
#: what reorders the text shown (bidirectional overrides and isolates): dropped
_REORDERS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def as_typed(text: str) -> str:
    """Words from another home (a chat line, a name an invitation gives)
    as one run of text: its breaks of line said as spaces, so that no line
    of it stands as if the game said it ("Your turn."), and its control
    characters dropped (a terminal's escape sequences: no home clears or
    rewrites another's screen)."""
    spaced = _BREAKS.sub(" ", text)
    kept = "".join(ch for ch in spaced if unicodedata.category(ch) != "Cc" and ch not in _REORDERS)
    return " ".join(kept.split())


def game_with(others: Sequence[str]) -> list[str]:
    """Said when a game between homes comes to the table."""
    return _lines(f"Your game with {join_and(list(others))}, between homes.", others)


def accepted(name: str) -> list[str]:
    """Another player accepted the invitation: the deal goes on."""
    return _lines(f"{name} accepted; the bag is being dealt.", [name])


def tiles_coming(count: int) -> str:
    """This player's new tiles, whose keys come with the next record."""
    return f"{count} new tile{'' if count == 1 else 's'} still coming."


#: a move sent that has not come back from the room yet
SENT_WAITING = "Sent; it is said once the room has it."
#: an action sent from here for a turn another player's record took first (both at once)
OWN_CAME_LATE = tuple(_lines("Another move came first; yours was not made."))
#: an action typed while the homeserver does not answer: kept, sent when it is back
SEND_WHEN_BACK = "Server down; move sent when it is back."


def chat_line(name: str, text: str) -> list[str]:
    """A chat line that arrived (here: the room keeps it whole)."""
    name = as_typed(name)
    return _lines(f"{name} says: {as_typed(text)}", [name])


def resigned(name: str, you: bool) -> list[str]:
    return ["You resigned."] if you else _lines(f"{name} resigned.", [name])


#: an action the table cannot send (none of the game's own)
NOT_AN_ACTION = "That is not an action of the game."
#: ``say`` with nothing after it
SAY_WHAT = "Say what? Type say and the words."
#: ``say`` or ``resign`` with no online game at the table
NO_ONLINE_GAME = "No online game is open; type games, then open and a number."
#: ``resign`` sent
RESIGN_SENT = "Resigned; the keys of the deal follow."
#: ``resign`` while the homeserver does not answer
RESIGN_WHEN_BACK = tuple(_lines("Server down; resignation sent when it is back."))


# ---------------------------------------------------------------- signing in
#: the sign-in questions, one at a time, and their prompts
ASK_HOMESERVER = "Your homeserver? For example matrix.org."
ASK_USER = tuple(_lines("Your user name? For example @bob:matrix.org."))
ASK_PASSWORD = "Your password? It is not shown or kept."
HOMESERVER_PROMPT = ("homeserver> ", "server> ")
USER_PROMPT = ("user> ", None)
PASSWORD_PROMPT = ("password> ", None)
#: an empty answer to a sign-in question
SIGN_IN_EMPTY = "Nothing typed; type it, or press Ctrl-C to stop signing in."
SIGN_IN_STOPPED = "Not signed in."
SIGNED_OUT = "Signed out; your games stay on file."
NOT_SIGNED_IN = "You are not signed in; type online to sign in."
NOT_SIGNED_IN_BRIEF = "Type online to sign in."
#: after the password: what to do, then what to type (the questions are closed by then)
SIGN_IN_REFUSED = "The homeserver refused that user and password; check them, then type online to try again."
SIGN_IN_REFUSED_BRIEF = "User or password refused; type online."
#: the homeserver answered with another refusal (``{base}``, ``{status}``)
SIGN_IN_REFUSED_OTHER = ("The homeserver {base} refused to sign in ({status}); "
                         "check its address, then type online to try again.")
#: Unreachable while signing in: what follows 'did not answer while signing in;'
SIGN_IN_AGAIN = "check the network, then type online to try again."
#: ``online`` again, signed in already
def signed_in(user_id: str) -> list[str]:
    return _lines(f"Signed in as {user_id}.")


def moved_while_away(name: str, games: int) -> list[str]:
    """At start: the games where another player moved while this one was away."""
    where = "a game" if games == 1 else f"{games} games"
    return _lines(f"{name} moved in {where} while you were away.", [name])


def moved_not_open(name: str) -> list[str]:
    """A move that arrived in a game between homes not open at the table:
    said once, as it arrives (``games`` lists the game)."""
    return _lines(f"{name} moved in another game.", [name])


def resigned_not_open(name: str) -> list[str]:
    """A resignation that arrived in a game not open at the table."""
    return _lines(f"{name} resigned in another game.", [name])


def chat_while_away(name: str, text: str) -> list[str]:
    """At start: a chat line that came while this program was not running."""
    name = as_typed(name)
    return _lines(f"{name} said while you were away: {as_typed(text)}", [name])


def chat_not_open(name: str, text: str) -> list[str]:
    """A chat line that arrived in a game between homes not open at the
    table: said once, as it arrives (the room keeps it whole)."""
    name = as_typed(name)
    return _lines(f"{name} says, in another game: {as_typed(text)}", [name])


def refused_not_open(others: Sequence[str], sentence: str) -> list[str]:
    """A refusal heard in a game between homes not open at the table
    (``sentence``: what the table would say), naming the game: said once,
    as it comes."""
    return _lines(f"In your game with {join_and(list(others))}: {sentence}", others)


# ---------------------------------------------------------------- games
def online_heading(count: int) -> str:
    """Above the numbered online games: the count before its noun, as the
    games on file say it (``2 games on file:``), never ``Online games: 1.``
    read on into ``1. With Bob`` (the number twice)."""
    return f"{count} online game{'s' if count != 1 else ''}:"


#: the number a game of ``games`` is given when it is the player's only
#: one (and no game on file is listed before it): said with the count, no
#: number ("1 online game: with Bob, your turn."), not "1 online game:"
#: read on into "1. With Bob" (the number twice); ``open 1`` (and ``open``
#: alone) still open it
ALONE = 0


def _entry(number: int, numbered: str, alone: str) -> str:
    """A game of ``games``: ``numbered`` after its number, or ``alone``
    after the count where it is the only one (``number`` :data:`ALONE`)."""
    return f"{number}. {numbered}" if number != ALONE else f"{online_heading(1)} {alone}"


def _since(since_ms: int, now_ms: int) -> str:
    if since_ms <= 0:
        return ""
    minutes = max(0, (now_ms - since_ms) // 60_000)
    if minutes < 1:
        return ", since just now"
    if minutes < 60:
        return f", for {minutes} min"
    hours = minutes // 60
    if hours < 48:
        return f", for {hours} h"
    return f", for {hours // 24} days"


def game_entry(number: int, others: Sequence[str], state: str, whose: str, since_ms: int, now_ms: int) -> list[str]:
    """One online game of ``games``: with whom, whose turn, since when."""
    who = join_and(list(others)) or "nobody yet"
    if state == "play":
        turn = "your turn"
    elif state == "done":
        turn = "over"
    elif state == "keys":  # over (a claim, a resignation): the deal checked once their program shows its keys
        turn = f"over, {whose}'s keys to come" if whose else "over, keys to come"
    elif state == "join":
        turn = f"waiting for {whose}" if whose else "being dealt"
    elif state == "moved":  # an honour game handed to this player's other computer
        turn = "on your other computer; open it to bring it here"
    elif state == "asked":  # that game asked back (``open``), not come yet
        turn = "asked back from your other computer"
    else:
        turn = f"{whose}'s turn" if whose else "waiting"
    since = _since(since_ms, now_ms) if state not in ("done", "moved", "asked") else ""
    return _lines(_entry(number, f"With {who}: {turn}{since}.", f"with {who}, {turn}{since}."),
                  [*others, whose])


def invitation_line(number: int, who: str) -> list[str]:
    return _lines(f"Invitation {number}: {who} invites you to a game.", [who])


ACCEPT_HOW = "Type accept 1 or decline 1."
NO_ONLINE_GAMES = tuple(_lines("No online games; invite a player: invite @bob:matrix.org."))


def invited(names: Sequence[str]) -> list[str]:
    return _lines(f"Invited {join_and(list(names))}; the game starts when they accept.", names)


def joining_game(who: str) -> list[str]:
    """Said at once as ``accept`` starts, before the room is joined: only
    what is tried, since the join may fail (the offer then stands)."""
    return _lines(f"Joining {who}'s game, one moment.", [who])


def accepted_game(who: str) -> list[str]:
    """``accept``'s answer once the room is joined (the deal takes a moment between homes)."""
    return _lines(f"Accepted; dealing the bag with {who}, this takes a moment.", [who])


def declined(who: str) -> list[str]:
    return _lines(f"You declined {who}'s game.", [who])


def no_invitation(count: int) -> str:
    if count == 0:
        return "No one has invited you; type games to hear your games."
    return f"There is no invitation with that number; choose 1 to {count}." if count > 1 else \
        "There is no invitation with that number; type accept 1."


def no_online_game(count: int) -> str:
    if count == 0:
        return "You have no online games; invite a player first."
    return "There is no online game with that number; type games to hear them."


#: ``open N`` or ``claim N`` as game N moved to the player's other computer (on the tick's thread)
GAME_MOVED_MEANWHILE = "That game just moved to your other computer; play it there."

#: ``invite`` with no one after it
INVITE_WHOM = "Invite whom? Type invite and a user, like invite @bob:matrix.org."
TOO_MANY_INVITED = "A game has two to four players; invite one to three others."
NOT_YOURSELF = "You cannot invite yourself; invite another player."
#: ``accept`` or ``decline`` with a word that is not a number
WHICH_INVITATION = "Which invitation? Type accept and its number, like accept 1."
#: ``online`` with a word that is not ``out``
ONLINE_HOW = "Type online to sign in, or online out to sign out."
#: a chat line sent
SAID = "Sent."
#: ``online`` (to sign in) while a game is played here
SIGN_IN_BETWEEN_GAMES = "Sign in between games: finish this one, or start audio-scrabble online."
#: an action on an online game no longer open (signed out, or another opened)
GAME_CLOSED = "This online game is closed here; type games, then open and its number."
#: ``new`` at a game between homes
NEW_ONLINE = "To play again, invite again: type invite and the players; games lists your games."
#: said at the end of a game between homes: the same, in lines
NEW_ONLINE_LINES = tuple(_lines(NEW_ONLINE))


def accepted_last_play(name: str, you: bool) -> list[str]:
    """The last play of the game accepted (the end said once the deal is checked)."""
    return ["You accepted the last play."] if you else _lines(f"{name} accepted the last play.", [name])
#: ``review`` at a game between homes
REVIEW_ONLINE = "A game between homes is reviewed once it is over and its deal checked; finish it first."


def record_kept(name: str) -> list[str]:
    """The checked record of a game between homes, kept in the games
    folder: the file's name whole, on a line of its own if it must."""
    return _lines(f"Its record is kept in games: {name}.")


def record_not_kept(reason: str) -> list[str]:
    return _lines(f"Its record could not be kept in games ({reason}); the room still holds every move.")


# ---------------------------------------------------------------- days a move, claims, rematches
def clocked_entry(number: int, others: Sequence[str], whose: str, left: str) -> list[str]:
    """A game of ``games`` with days a move: whose turn, how long is left."""
    if not whose:
        mine = f"turn with {join_and(list(others))}, {left} left."
        return _lines(_entry(number, f"Your {mine}", f"your {mine}"), others)
    return _lines(_entry(number, f"{whose}'s turn, {left} left.", f"{whose}'s turn, {left} left."), [whose])


def numbered(number: int, sentence: str) -> list[str]:
    """A game of ``games`` said by one sentence (an offer this program refused)."""
    return _lines(_entry(number, sentence, sentence))


def time_out_entry(number: int, late: str) -> list[str]:
    said = f"{late}'s time ran out; type claim {max(number, 1)} to win."
    return _lines(_entry(number, said, said), [late])


def own_time_out(number: int, others: Sequence[str]) -> list[str]:
    mine = f"turn with {join_and(list(others))}; your time ran out, move now."
    return _lines(_entry(number, f"Your {mine}", f"your {mine}"), others)


def due_soon(others: Sequence[str], left: str) -> list[str]:
    """At start and when a game is opened: a move of this player due soon."""
    return _lines(f"Your move with {join_and(list(others))} is due in {left}.", others)


def may_claim(late: str, number: int) -> list[str]:
    return _lines(f"{late}'s time ran out; type claim {number} to win the game.", [late])


def terms_value_missing(word: str) -> str:
    """``invite @bob:x days`` with nothing after ``days`` (or rules, list)."""
    example = {"days": "days 3", "day": "days 3", "rules": "rules double", "challenge": "rules double"}.get(
        word, "list default")
    return f"{word} what? Type it and its value, like {example}."


#: ``days`` with a value that is not 1 to 365
DAYS_HOW = "Days a move is a number from 1 to 365, like days 3."


def rules_unknown(word: str) -> str:
    return f"There are no rules called {word[:20]}; type rules and single, double, void, five, ten or house."



#: ``claim`` with no game open and no number
CLAIM_WHICH = "Claim which game? Type games, then claim and its number."
#: a claim sent: the end follows once every side has checked it
CLAIM_SENT = tuple(_lines("Claimed on time; the keys of the deal follow."))
#: ``claim`` while the homeserver does not answer
CLAIM_WHEN_BACK = "Server down; claim sent when it is back."
#: ``rematch`` while the game open is not over
REMATCH_NOT_OVER = "The game is not over; finish it first, or resign."
#: ``rematch`` with no finished online game open
REMATCH_WHICH = "No finished online game is open; type games, then open and its number."
#: ``rematch`` again of the same game
REMATCH_ASKED = "You asked for this rematch already; type games to hear it."
#: said with the end of a game between homes
REMATCH_HOW = "Type rematch to play them again."


def rematch_sent(names: Sequence[str]) -> list[str]:
    return _lines(f"Rematch asked of {join_and(list(names))}; it starts when they accept.", names)


def asks_rematch(name: str) -> list[str]:
    """Heard at the finished game's table when the other player asks."""
    return _lines(f"{name} asks for a rematch; type games, then accept and its number.", [name])


def rematch_invitation_line(number: int, who: str) -> list[str]:
    return _lines(f"Invitation {number}: {who} asks for a rematch.", [who])


def lost_on_time(name: str, you: bool) -> list[str]:
    return ["You lost on time."] if you else _lines(f"{name} lost on time.", [name])


def offered_with(terms: str) -> list[str]:
    """Said after ``invite`` with terms: what the game is played by."""
    return _lines(f"Played by {terms}.")

