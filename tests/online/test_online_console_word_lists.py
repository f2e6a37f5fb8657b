"""The word list of a game between homes, chosen by the inviter (``invite
@bob:x list FILE`` or ``list default``) and named in the offer by its
identity (its words' hash): the invited program plays with the list the
offer names if it has it (its own or the default), and otherwise says
plainly, on ``accept``, which list it lacks and how to get it, sends
nothing, and takes the game up once restarted with that list. Typed
through Session.handle_line over the loopback transport."""

from __future__ import annotations

from pathlib import Path

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork
from audio_scrabble.online.offers import list_identity
from audio_scrabble.presentation import online_phrases, online_prompts, prompts

from homes_kit import Home, settle  # type: ignore[import-not-found]
from lines_kit import joined, said as said_in, starts  # type: ignore[import-not-found]

WORDS = ["AA", "AB", "AD", "AE", "AG", "AH", "AI", "AL", "AM", "AN", "AR", "AS", "AT", "AW", "AX", "AY", "BA",
         "BE", "BI", "BO", "BY", "DE", "DO", "ED", "EF", "EH", "EL", "EM", "EN", "ER", "ES", "EX", "FA", "GO",
         "HA", "HE", "HI", "HO", "ID", "IF", "IN", "IS", "IT", "JO", "KA", "LA", "LI", "LO", "MA", "ME", "MI",
         "MO", "MU", "MY", "NA", "NE", "NO", "NU", "OD", "OE", "OF", "OH", "OM", "ON", "OP", "OR", "OS", "OW",
         "OX", "OY", "PA", "PE", "PI", "RE", "SH", "SI", "SO", "TA", "TI", "TO", "UH", "UM", "UN", "UP", "US",
         "UT", "WE", "WO", "XI", "XU", "YA", "YE", "YO", "ZA", "QI", "CAT", "DOG", "TEA", "EAT"]


def test_a_list_the_invited_lacks_is_said_with_how_to_get_it(tmp_path: Path) -> None:
    listed = tmp_path / "twos.txt"
    listed.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    net = LoopbackNetwork()
    alice = Home(net, "Alice", tmp_path / "a", Lexicon.default())
    bob = Home(net, "Bob", tmp_path / "b", Lexicon.default())
    try:
        out = alice.line(f"invite @bob:loopback list {listed}")
        assert starts(online_prompts.invited(["Bob"]), out), out
        assert "Played by " in joined(out) and "word list twos.txt" in joined(out).split("Played by ", 1)[1], out
        settle(alice, bob)
        room = alice.home.rooms[0]
        offer = alice.home.links[room].state.offer
        assert offer is not None and offer.lexicon == list_identity(Lexicon.from_path(listed))
        bob.line("games")
        out = bob.line("accept 1")
        assert starts(prompts.refusal_said(online_phrases.other_word_list("Alice", "twos.txt")), out), out
        settle(alice, bob)
        assert [m.record["kind"] for m in net.messages(room) if m.record] == ["offer"]  # Bob sent nothing
        assert said_in(online_prompts.numbered(online_prompts.ALONE, online_phrases.other_word_list("Alice", "twos.txt")), bob.line("games"))
        # Bob gets the list (under another name) and starts with it: the game is dealt
        copy = tmp_path / "from-alice.txt"
        copy.write_text("\n".join(reversed(WORDS)) + "\n", encoding="utf-8")
        bob.close()
        bob.start(Lexicon.from_path(copy))
        settle(alice, bob)
        alice.line("")
        bob.line("open 1")
        settle(alice, bob)
        kinds = [m.record["kind"] for m in net.messages(room) if m.record]
        assert kinds[:2] == ["offer", "join"], kinds
        assert alice.session.game is not None and bob.session.game is not None
        assert bob.home.links[room].state.offer == offer
    finally:
        alice.close()
        bob.close()


def test_list_default_is_found_beside_the_programs_own(tmp_path: Path) -> None:
    """Alice plays with her own list but offers the default; Bob's program
    runs with yet another list and plays this game with the default."""
    mine = tmp_path / "mine.txt"
    mine.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    theirs = tmp_path / "theirs.txt"
    theirs.write_text("\n".join(WORDS[:-4]) + "\n", encoding="utf-8")
    net = LoopbackNetwork()
    alice = Home(net, "Alice", tmp_path / "a", Lexicon.from_path(mine))
    bob = Home(net, "Bob", tmp_path / "b", Lexicon.from_path(theirs))
    try:
        alice.line("invite @bob:loopback list default")
        settle(alice, bob)
        bob.line("games")
        out = bob.line("accept 1")
        assert starts(online_prompts.accepted_game("Alice"), out), out
        settle(alice, bob)
        alice.line("")
        bob.line("")
        room = alice.home.rooms[0]
        for h in (alice, bob):
            state = h.home.links[room].state
            assert state.lexicon is Lexicon.default() and state.game is not None
    finally:
        alice.close()
        bob.close()
