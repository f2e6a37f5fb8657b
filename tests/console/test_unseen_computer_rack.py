"""``unseen`` at a table with a computer counts the computer's rack as
unseen (bag and computer's rack together, by letter), never reads it out
and never takes it away: on the person's turn, and while the computer is
the one to move (its move not made yet, as while the champion thinks)."""

from __future__ import annotations

from collections import Counter

from audio_scrabble.console.session import NEW, Options, Session
from audio_scrabble.presentation import phrases
from console_kit import AcceptAll, passers  # type: ignore[import-not-found]


def _expected(s: Session) -> list[str]:
    game = s.game
    assert game is not None
    hidden = Counter(game.bag.tiles) + Counter(game.players[1].rack)  # the bag and the computer's rack
    return phrases.unseen_phrases(hidden, s.style)


def test_unseen_counts_the_computers_rack_and_never_reads_it():
    for seed in range(1, 80):
        s = Session(Options(players="Alice,computer:club", seed=seed, saved_game=NEW), lexicon=AcceptAll(),
                    computer_factory=passers, defer_computer=True)
        s.start()
        game = s.game
        # Alice first, and a computer's rack that differs from hers (its letters would show)
        if game.current == 0 and Counter(game.players[0].rack) != Counter(game.players[1].rack):
            break
    computer = game.players[1].rack
    assert s.handle_line("unseen") == s.out.last_reply
    assert s.handle_line("unseen") == _expected(s)
    total = len(game.bag) + len(computer)
    assert _expected(s)[0] == f"{total} tiles unseen:"
    s.handle_line("pass")  # the computer to move, its move not made (deferred)
    assert game.current == 1
    assert s.handle_line("unseen") == _expected(s)  # Alice's view still, not the computer's
    said = " ".join(s.handle_line("unseen"))
    assert " ".join(computer) not in said and "".join(computer) not in said
