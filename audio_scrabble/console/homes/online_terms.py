"""An offer's terms where an invitation shows them before it is accepted:
in the room's name (which a Matrix invitation carries in its stripped
state, so ``games`` reads it before joining; the topic may not be parsed
by the client): ``Scrabble: Alice, Bob (Tournament rules, double
challenge; 3 days a move; word list enable.txt)``. The offer record in
the room stays what the programs play by; the name only says it."""

from __future__ import annotations

from typing import Any

from ...core.rules import rules_named
from ...online.offers import list_identity, list_parts
from ...online.transport import Invitation
from ...presentation import online_phrases, online_prompts, prompts_homes


def named_with_terms(name: str, rules: str, days: int, lexicon: Any) -> str:
    """``name`` with the terms of the game offered (``lexicon`` None: the
    program's own list, not named)."""
    word_list = ""
    if lexicon is not None and callable(getattr(lexicon, "words", None)):
        word_list = list_parts(list_identity(lexicon))[0]
    return prompts_homes.room_with_terms(name, online_phrases.rules_body(rules_named(rules).title, days, word_list))


def invitation_lines(inv: Invitation) -> list[str]:
    """What ``games`` says under an invitation: its terms (or that it is an honour game)."""
    if inv.name.startswith(prompts_homes.HONOUR_ROOM):
        return list(prompts_homes.HONOUR_INVITATION)
    return prompts_homes.invitation_terms(online_prompts.as_typed(prompts_homes.terms_of_room(inv.name)))
