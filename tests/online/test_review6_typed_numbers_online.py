"""Numbers typed to the commands between homes that raised instead of
refusing (the sixth review): a digit str.isdigit takes and int() does not
('²', '1²'), or more digits than int() reads (5,000). Each is refused
with a sentence, nothing sent; typed through the console's own dispatch
(without handle_line's catch-all that would hide the exception)."""

from __future__ import annotations

import pytest

from audio_scrabble.console import services
from audio_scrabble.errors import ScrabbleError
from audio_scrabble.online.loopback import LoopbackNetwork
from audio_scrabble.online.offers import read_terms

from homes_kit import signed_in  # type: ignore[import-not-found]

ODD = ["\u00b2", "1\u00b2", "9" * 5000]


@pytest.mark.parametrize("days", ODD, ids=["superscript", "digit-superscript", "5000-digits"])
def test_invite_days_odd_number_refused(days):
    for text in (f"@bob:x.org days {days}", f"@bob:x.org {days} days"):
        try:
            terms = read_terms(text)
        except ScrabbleError:
            continue
        assert terms.days == 0, text  # taken for a user id, checked by the caller


def test_accept_decline_open_claim_with_odd_numbers_refused(tmp_path):
    alice = signed_in(LoopbackNetwork(), "Alice", tmp_path / "a", services.WordSet(["QI"]))
    try:
        for command in ("accept", "decline", "open", "claim"):
            for number in ODD:
                with pytest.raises(ScrabbleError):
                    alice.session._handle(f"{command} {number}")
    finally:
        alice.close()
