"""What a game between homes is offered with, and its correspondence clock.

* The terms of an ``invite`` (:func:`read_terms`): the players' ids, the
  rule set (``rules double``; the challenge rule at least), the days a
  player may take over a move (``days 3``) and the word list (``list
  default`` or ``list FILE``). The offer record carries them all
  (``record.Record``: ``rules``, ``lexicon``, ``days``).
* A word list is named in an offer by its identity (:func:`list_identity`:
  its name and a hash of its words, ``enable.txt#1f2e...``): the invited
  side plays only with a list whose words hash the same
  (:func:`same_list`), whatever its file is called.
* The clock (:class:`Clock`): time is counted from the server timestamp
  of the last record of the room to the server timestamp of the claim,
  never by one computer's clock alone. Half the time gone: the waiting
  side's program sends one reminder to the room; all of it gone: a
  waiting player may claim the game (``claim`` record), which every side
  checks against the timestamps.
"""

from __future__ import annotations

import hashlib
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.rules import rules_named
from ..errors import ActionNotAllowed, OnlineError, ScrabbleError
from ..presentation import online_prompts
from ..notation.typed import small_number
from .record import parse_record

DAY_MS = 86_400_000
#: the most days a move may take (the record's own limit)
MOST_DAYS = 365
#: the digits of a word list's hash an offer names it by
LIST_DIGITS = 16

_IDENTITIES: "weakref.WeakKeyDictionary[Any, str]" = weakref.WeakKeyDictionary()


def list_identity(lexicon: Any) -> str:
    """``name#hash``: the list's name and the SHA-256 of its words (first
    16 hex digits), the same for the same words under any file name.
    Worked out once a list (about half a second for 250,000 words)."""
    target = getattr(lexicon, "_value", None) or lexicon  # a list loading in the background: the list
    try:
        return _IDENTITIES[target]
    except (KeyError, TypeError):
        pass
    digest = hashlib.sha256()
    for word in target.words():
        digest.update(word.encode("utf-8") + b"\n")
    name = str(getattr(target, "name", "") or "word list").replace("#", " ")[:80]
    identity = f"{name}#{digest.hexdigest()[:LIST_DIGITS]}"
    try:
        _IDENTITIES[target] = identity
    except TypeError:
        pass
    return identity


def list_parts(identity: str) -> tuple[str, str]:
    """(name, hash) of an offer's list; the hash is empty for an offer that
    names its list by name alone."""
    name, sep, digest = identity.rpartition("#")
    if not sep:
        return identity, ""
    return name, digest


def same_list(identity: str, lexicon: Any) -> bool:
    """Whether ``lexicon`` is the list an offer names (by hash; by name
    for an offer without one; any list for an offer naming none)."""
    if not identity:
        return True
    name, digest = list_parts(identity)
    if digest and callable(getattr(lexicon, "words", None)):
        return list_parts(list_identity(lexicon))[1] == digest
    return name == getattr(lexicon, "name", None)  # an older offer, or a list that cannot be hashed


def choose_list(transport: Any, room: str, mine: Any, default: Callable[[], Any]) -> Any:
    """The word list to play a room's game with: the one its offer names,
    of those this program has (``mine``, or ``default()``); ``mine`` when
    it has neither (the referee then refuses the offer, saying how to get
    the list) or the offer cannot be read yet."""
    try:
        first = next((m for m in transport.history(room) if m.record is not None), None)
        offer = parse_record(first.record) if first is not None else None
    except OnlineError:
        return mine
    if offer is None or offer.kind != "offer" or same_list(offer.lexicon, mine):
        return mine
    other = default()
    return other if same_list(offer.lexicon, other) else mine


@dataclass(frozen=True)
class Terms:
    """What ``invite`` asked for."""

    users: tuple[str, ...]
    rules: str = ""
    days: int = 0
    #: ``default``, a word list file, or empty (the list the program plays with)
    word_list: str = ""


def _days_typed(word: str) -> bool:
    """A count of days as typed: ASCII digits, few enough for int() ('²'
    is a digit to str.isdigit, not to int(); 5,000 digits are past its
    limit)."""
    return small_number(word, 9) is not None


def read_terms(text: str) -> Terms:
    """``@bob:x.org [@carol:x.org] [days 3] [rules double] [list FILE]``;
    ActionNotAllowed with the sentence for a setting without its value or
    with a wrong one (any other word is taken for a user id)."""
    words = text.replace(",", " ").split()
    users: list[str] = []
    rules, days, word_list = "", 0, ""
    i = 0
    while i < len(words):
        word = words[i]
        key = word.lower()
        if key in ("days", "day", "rules", "challenge", "list"):
            if i + 1 >= len(words):
                raise ActionNotAllowed(online_prompts.terms_value_missing(key))
            value = words[i + 1]
            if key in ("days", "day"):
                if not _days_typed(value) or not 1 <= int(value) <= MOST_DAYS:
                    raise ActionNotAllowed(online_prompts.DAYS_HOW)
                days = int(value)
            elif key in ("rules", "challenge"):
                try:
                    rules = rules_named(value).name
                except ScrabbleError:
                    raise ActionNotAllowed(online_prompts.rules_unknown(value)) from None
            else:
                word_list = value
            i += 2
            continue
        if _days_typed(word) and i > 0 and words[i - 1].lower() not in ("days", "day"):
            if len(words) > i + 1 and words[i + 1].lower() in ("days", "day"):  # "3 days"
                if not 1 <= int(word) <= MOST_DAYS:
                    raise ActionNotAllowed(online_prompts.DAYS_HOW)
                days = int(word)
                i += 2
                continue
        users.append(word)  # a user id, checked by the caller (its own sentence for anything else)
        i += 1
    return Terms(tuple(users), rules, days, word_list)


@dataclass(frozen=True)
class Clock:
    """A game's correspondence clock: ``days`` a move, counted from
    ``since_ms`` (the server timestamp of the room's last record)."""

    days: int
    since_ms: int

    @property
    def limit_ms(self) -> int:
        return self.days * DAY_MS

    def left_ms(self, now_ms: int) -> int:
        """Time left to the player to act (negative: run out)."""
        return self.since_ms + self.limit_ms - now_ms

    def run_out(self, now_ms: int) -> bool:
        return self.days > 0 and self.since_ms > 0 and now_ms - self.since_ms >= self.limit_ms

    def half_gone(self, now_ms: int) -> bool:
        """When the reminder is due: half of the time is gone."""
        return self.days > 0 and self.since_ms > 0 and now_ms - self.since_ms >= self.limit_ms // 2

    def due_soon(self, now_ms: int) -> bool:
        """Said at start and when a game is opened: half the time gone."""
        return self.half_gone(now_ms)


__all__ = ["Clock", "DAY_MS", "Terms", "choose_list", "list_identity", "list_parts", "read_terms", "same_list"]
