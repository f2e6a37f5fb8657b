"""What is said of a game between homes that a player could otherwise
miss: the moves made since they last saw the game (said when it is
opened again), what an honour game's friend is sent again when a device
of theirs could not read the opening messages, an offer's terms shown
with its invitation, and a deal that could not be checked at the end.

Every sentence is laid out in lines of at most 40 characters
(:func:`.layout.clauses`), the most important words first.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.events import ChallengeResolved, Event, TilesExchanged, TilesPlaced, TurnLost, TurnPassed
from .layout import clauses, short_lines, wrapped
from .phrases import Audience, does, end_reason, join_and, last_move_sentence, subject
from .record_phrases import history_line

__all__ = [
    "CATCHUP_ASKED",
    "ended_not_open",
    "ended_earlier",
    "who_won",
    "KEYS_CAME",
    "RESIGNED_KEYS_LOST",
    "SEEDLESS_AT_TABLE",
    "honour_asked",
    "HONOUR_MOVED_AWAY",
    "honour_came",
    "honour_asked_back",
    "honour_still_asked",
    "honour_moved",
    "caught_up",
    "forged_answer",
    "seedless",
    "HONOUR_INVITATION",
    "HONOUR_ROOM",
    "MOST_SINCE",
    "deal_unchecked",
    "new_moves_line",
    "invitation_terms",
    "room_with_terms",
    "terms_of_room",
    "honour_again",
    "honour_board_in_words",
    "moves_since",
    "since_lines",
]

#: at most this many moves are said when a game is opened again; the rest: ``history``
MOST_SINCE = 6

_MOVES = (TilesPlaced, TilesExchanged, TurnPassed, ChallengeResolved, TurnLost)


def moves_since(history: Sequence[Event], seen: int) -> list[Event]:
    """The moves (plays, exchanges, passes, challenges, lost turns) among
    the history's events after the first ``seen`` ones, in order."""
    return [ev for ev in list(history)[max(0, seen):] if isinstance(ev, _MOVES)]


def since_lines(history: Sequence[Event], seen: int, names: Sequence[str], you: int | None,
                most: int = MOST_SINCE) -> list[str]:
    """The moves made since the player last saw the game (the history's
    first ``seen`` events), one short line each, in order: ``3 moves
    since you last looked:``, ``4. Bob passed.``, ...; more than ``most``:
    the last ``most``, then ``5 more; type history.``. One move (or none
    new): ``Last move: Bob passed.`` as before. Nothing when no move was
    ever made."""
    new = moves_since(history, seen)
    if len(new) <= 1:
        last = new[-1] if new else next((ev for ev in reversed(list(history)) if isinstance(ev, _MOVES)), None)
        return clauses(last_move_sentence(last, you)) if last is not None else []
    aud = Audience(tuple(names), you=you)
    said = new[-most:] if most > 0 else []
    left = len(new) - len(said)
    head = f"{len(new)} moves since you last looked:" if not left else \
        f"{len(new)} moves since you last looked; the last {len(said)}:"
    lines = [head] + [line for ev in said if (line := history_line(ev, aud))]
    if left:
        lines.append(f"{left} more; type history.")
    return short_lines(lines)


def new_moves_line(others: Sequence[str], count: int) -> list[str]:
    """At sign-in, a game with moves not seen yet: ``With Bob and Carol:
    2 new moves; open it to hear them.`` (one: ``1 new move; open it to hear it.``)"""
    moves = "1 new move" if count == 1 else f"{count} new moves"
    return clauses(f"With {join_and(list(others))}: {moves}; open it to hear {'it' if count == 1 else 'them'}.")


# ---------------------------------------------------------------- an honour game's friend, a new device
def honour_again(friend: str, host: str, rules_title: str) -> str:
    """Sent in the room at the friend's first message (from a device the
    room's first messages may not have reached): the rules, before the
    game as it stands."""
    return (f"{friend}, in case your app could not read the first messages here, "
            f"the game as it stands. {host}'s program deals and referees (honour mode). "
            f"Rules: {rules_title}. Type your move like NASTIER from D8 across, or help.")


def honour_board_in_words(history: Sequence[Event], names: Sequence[str]) -> str:
    """The board in words for the room: the moves so far, one after another."""
    aud = Audience(tuple(names))
    said = [line for ev in history if isinstance(ev, _MOVES) and (line := history_line(ev, aud))]
    return "Moves so far: " + " ".join(said) if said else "No moves yet: the board is empty."


# ---------------------------------------------------------------- an offer's terms, before it is accepted
def room_with_terms(name: str, terms: str) -> str:
    """A game's room named with its terms, which an invitation shows before
    it is accepted: ``Scrabble: Alice, Bob (Tournament rules, double
    challenge; 3 days a move)``."""
    return f"{name} ({terms})" if terms else name


def terms_of_room(name: str) -> str:
    """The terms in a room's name (:func:`room_with_terms`), else empty."""
    if not name.endswith(")") or " (" not in name:
        return ""
    return name[name.rindex(" (") + 2:-1].strip()


def invitation_terms(terms: str) -> list[str]:
    """Said under an invitation in ``games``: what the game is played by."""
    return clauses(f"Played by {terms}.") if terms else []


#: the room name an honour game's room starts with (honour_prompts.room_name)
HONOUR_ROOM = "Scrabble (honour): "
#: under an invitation to an honour game (played from a Matrix app, not accepted here)
HONOUR_INVITATION = ["An honour game: play it by typing", "moves in a Matrix app, not here."]


# ---------------------------------------------------------------- a claim's deal, not checked
def deal_unchecked(name: str) -> list[str]:
    """A game won on time whose deal cannot be checked yet: the late
    player's program has not shown its keys (it may never run again)."""
    return short_lines([
        "The deal is not checked yet:",
        f"{name}'s program has not shown its keys.",
        "Until it runs again, no one can check that the tiles were dealt fairly.",
        "Your win on time stands.",
    ])


# ---------------------------------------------------------------- a new device of this player's
def caught_up(moves: int, name: str) -> list[str]:
    """A game this device could not read, given by another home:
    ``Caught up: 12 moves from Bob's game.`` (``name`` empty: this
    player's own other computer sent it); with no move played yet,
    ``Caught up: no moves yet in Bob's game.``"""
    if moves == 0:
        return clauses(f"Caught up: no moves yet in {name}'s game." if name
                       else "Caught up from your other computer: no moves yet.")
    count = "1 move" if moves == 1 else f"{moves} moves"
    source = f"{name}'s game" if name else "your other computer"
    return clauses(f"Caught up: {count} from {source}.")


def forged_answer(name: str) -> list[str]:
    """An answer to this device whose records do not match the room's own
    messages (records left off, or never sent): not taken, another waited for."""
    source = f"{name}'s answer" if name else "Your other computer's answer"
    return clauses(f"{source} was false; not taken.")


#: a game opened on a device without this player's keys (in place of "7 new tiles still coming.")
SEEDLESS_AT_TABLE = short_lines(["Your tiles cannot be read here;", "play from the computer you began on,",
                                 "or, if it is gone for good,", "type resign to end the game."])
#: a resignation sent from such a device: no keys follow (the end's lines say the deal is not checked)
RESIGNED_KEYS_LOST = "Resigned."

#: this player's keys of the deal came from their other computer, after the game was followed here
KEYS_CAME = short_lines(["With it your keys came: play here."])

#: a game's room this device cannot read yet: the other homes are asked for it
CATCHUP_ASKED = short_lines(["A game here is new to this device;", "asked the other homes for it."])


def seedless(names: Sequence[str]) -> list[str]:
    """Caught up without this player's keys of the deal (only the computer
    that began the game holds them): followed here, not played."""
    return short_lines([f"Your tiles with {join_and(list(names))} cannot be read here:",
                        "only the computer you began on has your keys.",
                        "Play from there; this one follows the game.",
                        "If that computer is gone for good,",
                        "type resign: you lose, the game ends."])


# ---------------------------------------------------------------- an honour game moved to another computer
def honour_asked(friend: str) -> list[str]:
    """The host's honour game found on a new computer: its other computer
    is asked for it; what to do when that computer is gone."""
    return short_lines([f"Your honour game with {friend} is not here;", "asked your other computer for it.",
                        "If that computer is gone for good,", f"so is the game: invite {friend} again."])
#: an action typed on the computer that handed the game over
HONOUR_MOVED_AWAY = ("This game moved to your other computer; "
                     "play it there, where the friend's moves are answered now.")


def honour_came(friend: str) -> list[str]:
    """The honour game came from the host's other computer: played here from now on."""
    return short_lines([f"Your game with {friend} is here now,", "from your other computer; play it here."])


def honour_asked_back(friend: str) -> list[str]:
    """``open`` of an honour game handed to the host's other computer: asked back."""
    return wrapped(f"Asked your other computer for your game with {friend}; it comes here "
                   "when that computer's program runs.", names=[friend])


def honour_still_asked(friend: str) -> list[str]:
    """At each start while an honour game asked back from the host's other
    computer has not come: said once, so the player does not forget it."""
    return wrapped(f"Your game with {friend} is still asked back from your other computer; it comes here "
                   "when that computer's program runs.", names=[friend])


def honour_moved(friend: str) -> list[str]:
    """The honour game went to the host's new computer: no longer played here."""
    return short_lines([f"Your game with {friend} moved", "to your other computer; play it there."])


def ended_not_open(others: Sequence[str], names: Sequence[str], you: int | None, totals: Sequence[int],
                   winners: Sequence[int], *, out: int | None = None, resigned: int | None = None,
                   timed_out: int | None = None, reason: str = "", scoreless: int = 0) -> list[str]:
    """A game between homes (or an honour game) that ended while not open
    at the table, said once as it ends, naming it: how it ended, then who
    won and by how much ("In your game with Bob: Bob went out; you won by
    12."); a resignation or a loss on time decides alone ("...: Bob
    resigned; you won.")."""
    def who(seat: int, verb: str) -> str:
        return does(names[seat], verb, seat == you, start=False) if 0 <= seat < len(names) else verb

    if resigned is not None:
        how = who(resigned, "resigned")
    elif timed_out is not None:
        how = who(timed_out, "lost on time")
    elif out is not None:
        how = who(out, "went out")
    else:
        why = end_reason(reason, scoreless).rstrip(".")
        how = why[:1].lower() + why[1:] if why else "it ended"
    if len(winners) == 1 and 0 <= winners[0] < len(names):
        w = winners[0]
        rest = [t for i, t in enumerate(totals) if i != w]
        margin = totals[w] - max(rest) if rest and w < len(totals) else 0
        decided = resigned is not None or timed_out is not None or margin <= 0
        result = who(w, "won") + ("" if decided else f" by {margin}")
    elif winners:
        result = "a tie" + _tied(names, you, winners, totals)
    else:
        result = "nobody won"
    head = f"In your game with {join_and(list(others))}:"
    return wrapped(f"{head} {how}; {result}.", names=others)


def game_ready(others: Sequence[str], turn: str, yours: bool, number: int | None) -> list[str]:
    """A game between homes whose deal was done while it was not open at
    the table (after a restart, or in another game): said once, as news,
    with whose turn and what to type ("Your game with Alice is ready;
    your turn: type open 1."); ``number`` None: a game not listed (plain open)."""
    whose = "your turn" if yours else f"{turn}'s turn"
    how = "type open" if number is None else f"type open {number}"
    return wrapped(f"Your game with {join_and(list(others))} is ready; {whose}: {how}.", names=[*others, turn])


def ended_earlier(games: Sequence[Sequence[str]]) -> list[str]:
    """Games found over at the first start of a program that notes each
    game's end once said, with no such note: their ends were most likely
    said before, so they are named as old, together, each by its other
    players ("Your game with Bob ended earlier; open it to hear how.",
    "Games that ended earlier: with Bob; with Carol. Open one to hear how.")."""
    if not games:
        return []
    withs = [f"with {join_and(list(others))}" for others in games]
    if len(withs) == 1:
        text = f"Your game {withs[0]} ended earlier; open it to hear how."
    else:
        text = f"Games that ended earlier: {'; '.join(withs)}. Open one to hear how."
    # "with" kept with the name after it, as one name is kept whole: never "...; with" / "Carol; ..."
    kept = [f"with {others[0]}" for others in games if others]
    return wrapped(text, names=[*kept, *(n for others in games for n in others)])


def _tied(names: Sequence[str], you: int | None, winners: Sequence[int], totals: Sequence[int]) -> str:
    """After "a tie": who tied, when not every player did (three or four
    players: ``: you and Carol, 120 each``), else the score alone (``, 250 each``)."""
    each = f", {totals[winners[0]]} each" if 0 <= winners[0] < len(totals) else ""
    if len(winners) >= len(names) or not all(0 <= w < len(names) for w in winners):
        return each
    return ": " + join_and([subject(names[w], w == you, start=False) for w in winners]) + each


def who_won(names: Sequence[str], you: int | None, winners: Sequence[int], totals: Sequence[int] = ()) -> str:
    """Who won a game whose end was said another way ("Alice won.", "You
    won.", "A tie.", "A tie: you and Carol, 120 each." when not every player tied)."""
    if len(winners) == 1 and 0 <= winners[0] < len(names):
        return does(names[winners[0]], "won", winners[0] == you) + "."
    if not winners:
        return "Nobody won."
    tied = _tied(names, you, winners, totals)
    return "A tie" + (tied if tied.startswith(":") else "") + "."


# ------------------------------------------------------------ an end by agreement
def _standing(names: Sequence[str], totals: Sequence[int], you: int | None, first: int) -> str:
    """The scores as they stand, ``first``'s first: ``Bob 212, you 198``."""
    order = [first] + [i for i in range(len(names)) if i != first]
    return ", ".join(f"{subject(names[i], i == you, start=False)} {totals[i]}" for i in order if i < len(totals))


def end_offer_sent(others: Sequence[str]) -> list[str]:
    """``offer end`` sent: "You offered to end the game here; Bob can agree or play on."."""
    return wrapped(f"You offered to end the game here; {join_and(list(others))} can agree or play on.",
                   names=others)


def end_offered(names: Sequence[str], totals: Sequence[int], you: int | None, offerer: int) -> list[str]:
    """The other player's offer, as it comes: "Bob offers to end the game
    here, Bob 212, you 198. Type agree to end it, or play on."."""
    name = names[offerer]
    return wrapped(f"{name} offers to end the game here, {_standing(names, totals, you, offerer)}. "
                   "Type agree to end it, or play on.", names=names)


def end_offered_not_open(others: Sequence[str], name: str) -> list[str]:
    """The other player's offer in a game not open at the table."""
    return wrapped(f"In your game with {join_and(list(others))}: {name} offers to end the game here; "
                   "open it to agree or play on.", names=others)


def ended_by_agreement(names: Sequence[str], totals: Sequence[int], you: int | None) -> list[str]:
    """The end agreed: "Ended by agreement: you won, 212 to 198." (a tie:
    "Ended by agreement: a tie, 200 each.")."""
    best = max(totals, default=0)
    winners = [i for i, t in enumerate(totals) if t == best]
    if len(winners) == 1:
        w = winners[0]
        rest = sorted((t for i, t in enumerate(totals) if i != w), reverse=True)
        how = f"{does(names[w], 'won', w == you, start=False)}, {' to '.join(str(t) for t in [best, *rest])}"
    else:
        how = "a tie" + _tied(names, you, winners, totals)
    return wrapped(f"Ended by agreement: {how}.", names=names)


def end_declined(name: str, you: bool) -> list[str]:
    """The offer to end declined: "Bob declined to end the game; play on."."""
    return ["You declined; play on."] if you else wrapped(f"{name} declined to end the game; play on.", names=[name])


def end_offer_listed(name: str, number: int) -> list[str]:
    """Under a game of ``games`` whose other player's offer to end it
    stands: "Bob offers to end; type open 1 to answer."."""
    return wrapped(f"{name} offers to end; type open {number} to answer.", names=[name])


#: what a record of the game is, in a sentence of two records that crossed
_CROSSED = {"offer_end": "offer to end", "agree_end": "answer to the offer", "decline_end": "answer to the offer",
            "resign": "resignation", "claim": "claim on time"}


def came_first(first: str, first_kind: str, own_kind: str) -> list[str]:
    """This side's record that another's took the turn of (both at once),
    one of them of an end by agreement: "Bob's move came first; your
    answer to the offer was not made."."""
    return wrapped(f"{first}'s {_CROSSED.get(first_kind, 'move')} came first; "
                   f"your {_CROSSED.get(own_kind, 'move')} was not made.", names=[first])


def came_late(name: str, kind: str) -> list[str]:
    """Another player's record of an end by agreement that crossed one
    taken first: "Alice's answer to the offer came too late; it was not made."."""
    return wrapped(f"{name}'s {_CROSSED.get(kind, 'move')} came too late; it was not made.", names=[name])


#: ``decline`` alone with no offer to end standing at the table
DECLINE_WHAT = "No offer to end stands; type decline and an invitation's number, like decline 1."

#: an offer to end, a yes or a no typed while the homeserver does not answer
AGREEMENT_WHEN_BACK = "Server down; sent when it is back."


#: an offer to end, lapsed with the next turn of the game
END_OFFER_LAPSED = "The offer to end the game lapsed."
#: ``offer`` typed with something else than ``end``
OFFER_WHAT = "Type offer end to offer to end the game here."


def newer_program(name: str) -> list[str]:
    """A record of a kind this program does not know, taken (it changes
    nothing here): "Bob's program is newer; update the game to hear all
    it sends." (an offer to end the game, say)."""
    return wrapped(f"{name}'s program is newer; update the game to hear all it sends.", names=[name])
