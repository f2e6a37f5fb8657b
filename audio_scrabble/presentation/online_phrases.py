"""What a game between homes says: the readable body of each record (what
any chat app shows beside the structured record), and the lines said when
the deal is checked at the end.

A body never holds a rack, a key or the bag's order: a move is said as
the scorekeeper says it to a table where no one's tiles are revealed.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.events import Event, GameEnded
from .phrases import Audience, Style, announce, join_and, scores_line, short_lines

COMPACT = Style()


def action_body(events: Sequence[Event], names: Sequence[str], totals_before: Sequence[int]) -> str:
    """A turn as one paragraph: ``Alice played NASTIER, 8D across, 64
    points. Alice 64, Bob 0.`` No one's tiles are named (the end's
    adjustments are said once the deal is checked)."""
    shown = [ev for ev in events if not isinstance(ev, GameEnded)]
    lines = announce(shown, Audience(tuple(names)), totals_before, COMPACT, compact=True)
    if any(isinstance(ev, GameEnded) for ev in events):
        lines.append("The game is over; the keys of the deal follow.")
    return " ".join(lines)


def offer_body(names: Sequence[str], rules_title: str) -> str:
    return f"{names[0]} invites {join_and(list(names[1:]))} to a game of Scrabble: {rules_title}."


def join_body(name: str) -> str:
    return f"{name} accepts and shuffles the bag."


def places_body(name: str) -> str:
    return f"{name} locks the bag."


def keys_body(name: str) -> str:
    return f"{name} sends the keys of the tiles drawn."


def shuffle_body(name: str) -> str:
    return f"{name} shuffles the bag again after the exchange."


def resign_body(name: str) -> str:
    return f"{name} resigns."


def resign_keys_lost_body(name: str) -> str:
    """A resignation from a new device of a player whose keys of the deal
    were lost with their first computer."""
    return f"{name} resigns: their keys of the deal were lost with their first computer."


def keys_lost_lines(name: str, names: Sequence[str], totals: Sequence[int]) -> list[str]:
    """Said at the end of a game a player resigned without their keys:
    the deal cannot be checked, the scores as they stood."""
    return short_lines([f"{name}'s keys of the deal were lost,", "so the deal cannot be checked.",
                        "Scores as they stood: " + scores_line(names, totals)])


def end_body(name: str) -> str:
    return f"{name} shows the keys of the deal."


# ------------------------------------------------------------ an end by agreement
def agreement_body(kind: str, name: str, names: Sequence[str], totals: Sequence[int]) -> str:
    """The body of an offer to end the game here, its yes or its no."""
    if kind == "offer_end":
        return f"{name} offers to end the game here: {scores_line(names, totals)}"
    if kind == "agree_end":
        return f"{name} agrees: the game ends here. {scores_line(names, totals)}"
    return f"{name} declines to end the game here; play on."


def later_kind_body(name: str) -> str:
    """The body of a record of a kind a later program added (a test makes one)."""
    return f"{name} sends a step of a later version of the game."


def agreed_note(names: Sequence[str], totals: Sequence[int]) -> str:
    """The GCG record's note of a game ended by agreement (no rack penalties)."""
    return f"Ended by agreement, scored as it stood: {scores_line(names, totals)}"


#: an offer to end (or a yes, a no) when the game is not being played
END_NOT_PLAYED = "The game is not being played; there is nothing to end."
#: an offer to end a game of three or four
END_OFFER_TWO_ONLY = "Only a game of two can end by agreement; play on, or resign."
#: a second offer while one's own stands
END_OFFERED_ALREADY = "You offered already; wait for the answer, or play on."
#: a yes or a no with no offer of the other player's standing
END_NO_OFFER = "No one has offered to end the game; type offer end to offer it."


def end_offered_to_you(name: str) -> str:
    """An offer to end while the other player's stands."""
    return f"{name} offered already; type agree to end the game, or decline."


def agreement_refused(name: str, code: str) -> str:
    """Another player's offer to end, yes or no, refused by the referee
    (``code``: ``over``, ``two_only``, ``offered``, ``no_offer``): who, and why."""
    why = {"over": "an offer to end a game not being played",
           "two_only": "an offer to end a game of more than two",
           "offered": "an offer to end while one stood"}.get(code, "an answer to an offer to end that was not made")
    return f"{name} sent {why}; it was refused."


def deal_checked_lines(names: Sequence[str], totals: Sequence[int]) -> list[str]:
    """Said when every program has checked the whole deal and every score."""
    return short_lines(["The deal checked out.", "Final scores: " + scores_line(names, totals)])


def deal_failed_lines(why: str) -> list[str]:
    """Said when the check at the end found something wrong (``why``: its sentence)."""
    return short_lines(["The deal did not check out.", why])


def first_player_line(name: str) -> str:
    return f"{name} plays first."


# ---------------------------------------------------------------- the clock, claims, rematches
def span(ms: int) -> str:
    """A stretch of time as said: ``2 days``, ``20 hours``, ``40 minutes``
    (to the nearest; at least a minute): a move just made leaves "2 days"."""
    minutes = max(1, round(ms / 60_000))
    hours = round(minutes / 60)
    if hours >= 48:
        n, unit = round(hours / 24), "day"
    elif minutes >= 120:
        n, unit = hours, "hour"
    else:
        n, unit = minutes, "minute"
    return f"{n} {unit}{'' if n == 1 else 's'}"


def days_a_move(days: int) -> str:
    return f"{days} day{'' if days == 1 else 's'} a move"


def time_not_out(name: str, left_ms: int) -> str:
    """A claim made before the late player's time ran out."""
    return f"{name} still has {span(left_ms)}; claim once the time has run out."


def lost_on_time(name: str, days: int) -> str:
    """The end note of a game lost on time (the GCG record's #note too)."""
    return f"{name} lost on time ({days_a_move(days)})."


def claim_body(claimer: str, late: str, days: int) -> str:
    return f"{claimer} claims the game: {late}'s time ran out ({days_a_move(days)})."


def reminder_body(late: str, user: str, left_ms: int, others: Sequence[str]) -> str:
    """The one reminder sent to the room when half the time is gone (the
    late player's id in it, so their phone's app notifies them)."""
    return f"Reminder for {late} ({user}): your move with {join_and(list(others))}, {span(left_ms)} left."


#: the head of a rematch's room name (any chat app shows it): ``Scrabble rematch: Alice, Bob``
REMATCH_ROOM = "Scrabble rematch: "


def rematch_body(name: str) -> str:
    """Sent to the finished game's room: a new game offered to the same players."""
    return f"{name} asks for a rematch."


def rules_body(rules_title: str, days: int, word_list: str) -> str:
    """What an offer is played by, said beside it: rules, days a move, word list."""
    parts = [rules_title]
    if days:
        parts.append(days_a_move(days))
    if word_list:
        parts.append(f"word list {word_list}")
    return "; ".join(parts)


def other_word_list(inviter: str, name: str) -> str:
    """The invited side lacks the list an offer plays with: what to do."""
    return (f"{inviter}'s game plays with the word list {name}, which this program does not have; "
            f"get that file, start audio-scrabble --lexicon with it, then open the game.")


# ---------------------------------------------------------------- a new device's catch-up
#: a move typed on a device without this player's keys of the deal (a new one, caught up)
SEEDLESS_REFUSAL = ("Your tiles cannot be read on this device; play from the computer you began "
                    "the game on, or, if it is gone for good, type resign to end the game.")
#: the readable body of a new device's ask for the game (any chat app shows it)
CATCHUP_ASK_BODY = "A new device of mine asks for the game so far (sent by the game itself)."


def catchup_answer_body(part: int, parts: int) -> str:
    """The readable body of one message of an answer to a new device."""
    of = f", part {part} of {parts}" if parts > 1 else ""
    return f"The game so far, for a new device{of} (sent by the game itself)."
