"""What the console's tests share (tests/console/): a word list that accepts
every word, a session driven line by line, what it said, a snapshot of
the game to compare before and after a refusal."""

from __future__ import annotations

import copy

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.board import Square
from audio_scrabble.core.game import Game
from audio_scrabble.core.rules import rules_named
from audio_scrabble.core.tiles import BLANK


WORDS = ["TRAIN", "AT", "TA", "FEZ", "ZA", "QI", "AA", "AE", "EA", "IN", "TI", "IT", "NA", "AN"]


class AcceptAll:
    """A word list that accepts every word (games that only test the flow)."""

    def __contains__(self, word: object) -> bool:
        return True


def session(players: str = "Alice,Bob", seed: int = 1, lexicon=None, **opts) -> tuple[Session, list[str]]:
    s = Session(Options(players=players, seed=seed, **opts), lexicon=lexicon or services.WordSet(WORDS))
    return s, s.start()


def ready(s: Session) -> list[str]:
    """Press Enter for the hand-over (two people at one computer)."""
    return s.handle_line("")


def snapshot(s: Session):
    g = s.game
    assert g is not None
    return (
        copy.deepcopy(g.actions),
        g.board.rows_text(),
        [list(p.rack) for p in g.players],
        g.scores(),
        len(g.bag),
        g.current,
        len(g.history),
    )


def seed_where(pred, names=("Alice", "Bob"), rules="house", limit=500) -> int:
    for seed in range(limit):
        g = Game(list(names), rules_named(rules), seed)
        if pred(g):
            return seed
    raise AssertionError("no seed found")


def said(lines: list[str]) -> str:
    return "\n".join(lines)



def alice_first_at_a_table():
    """Alice here, Bob and Carol remote (RemoteSeat), at the first seed
    where Alice plays first; the computers deferred, as the application
    does (it says the news itself). The session, Bob's seat, Carol's."""
    from audio_scrabble.console.session import NEW
    from audio_scrabble.console.table.seats import RemoteSeat

    for seed in range(1, 60):
        bob, carol = RemoteSeat(), RemoteSeat()
        s = Session(Options(players="Alice,Bob,Carol", seed=seed, saved_game=NEW), lexicon=AcceptAll(),
                    remotes={"Bob": bob, "Carol": carol}, outward=lambda events: None)
        s.start()
        if s.game.current == 0:
            s.defer_computers()
            return s, bob, carol
    raise AssertionError("no seed where Alice plays first")

# ---------------------------------------------------------------- playing
def _first_two(s: Session) -> str:
    rack = s.game.current_player.rack
    return "".join(t for t in rack if t != BLANK)[:2]


def passers(level, lexicon, seed):
    """A computer factory whose players always pass."""
    return lambda game, i: services.ComputerMove("pass")


def _sixth_scoreless_play(store=None):
    """Ann and Bob under the five-point rule: five passes, then a play of two
    blanks (AA, 0 points), the sixth scoreless turn: the game waits."""
    # seed 407: the second player to move holds both blanks
    s = Session(Options(players="Ann,Bob", rules="five", seed=407), lexicon=services.WordSet(["AA"]), store=store)
    s.start()
    for _ in range(5):
        s.handle_line("")
        s.handle_line("pass")
    player = s.game.names[s.game.current]
    for line in ("", "play H8 ??", "a", "a"):
        s.handle_line(line)
    assert s.game.final_reason == "scoreless_turns"
    return s, player


WORDS_issue23_answers = ["QI", "RUIN", "WINY", "TRAIN", "AIT", "TIAR", "AI", "IT"]


def pair(verbosity: str = "normal", seed: int = 1) -> Session:
    """Alice and Bob at one computer, the first player's rack heard
    (seed 1: Bob first, with V F A T Q I R)."""
    s = Session(Options(players="Alice,Bob", seed=seed, verbosity=verbosity), lexicon=services.WordSet(WORDS_issue23_answers))
    s.start()
    s.handle_line("")
    return s


def joined(lines) -> str:
    return " ".join(lines)


def single_tile_line(g: Game) -> str:
    """A legal play for the current player: one tile beside a tile on the board."""
    rack = g.current_player.rack
    if g.board.is_empty():
        two = "".join("?" if t == BLANK else t for t in rack[:2])
        return f"play 8H {two}"
    tile = "?" if rack[0] == BLANK else rack[0]
    for sq, _ in g.board.occupied():
        for nb in (Square(sq.row + 1, sq.col), Square(sq.row, sq.col + 1),
                   Square(sq.row - 1, sq.col), Square(sq.row, sq.col - 1)):
            if nb.on_board and not g.board[nb]:
                return f"play {nb.name} {tile}"
    raise AssertionError("no square left")
