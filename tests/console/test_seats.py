"""A seat whose moves come from elsewhere (console/table/seats.py): the seam a
game between homes plugs into. A two-player game, one person at this
table and one remote seat whose actions are put in its inbox from another
thread (as a transport's thread would), driven through Session.handle_line:
the arrived action is made through the game's own actions (compute, save,
say), said once, then whose turn; while it has not arrived the person can
read the game, and a command that would change it is refused in one
sentence saying whose turn it is; every action made at this table (not
one that arrived) is handed to the outward hook.
"""

from __future__ import annotations

import threading

from audio_scrabble.console.table.seats import ACCEPT, PASS, PLACE, RemoteSeat, SeatMove
from audio_scrabble.console.session import NEW, RESUME, Options, Session
from audio_scrabble.core.events import TilesPlaced, TurnPassed
from audio_scrabble.notation.typed import parse_draft
from audio_scrabble.persistence import SaveStore
from audio_scrabble.presentation import prompts


class AcceptAll:
    """A word list that accepts every word (games that only test the flow)."""

    def __contains__(self, word: object) -> bool:
        return True


def remote_game(store: SaveStore | None = None) -> tuple[Session, RemoteSeat, list, list[str]]:
    """Alice here, Bob remote; a seed where Alice plays first."""
    for seed in range(1, 40):
        bob = RemoteSeat()
        sent: list = []
        s = Session(Options(players="Alice,Bob", seed=seed, saved_game=NEW), lexicon=AcceptAll(), store=store,
                    remotes={"Bob": bob}, outward=sent.append)
        opening = s.start()
        if s.game.current == 0:
            return s, bob, sent, opening
        s.handle_line("quit")
        s.handle_line("yes")
    raise AssertionError("no seed where Alice plays first")


def arrive(bob: RemoteSeat, move: SeatMove) -> None:
    """The move arrives on another thread (a transport's)."""
    t = threading.Thread(target=bob.put, args=(move,))
    t.start()
    t.join()


def bobs_play(s: Session) -> tuple[SeatMove, str]:
    """Bob's play at H8 of two tiles of his rack (any word is good here), and the word."""
    word = "".join([t for t in s.game.players[1].rack if t != "?"][:2])
    return SeatMove(PLACE, parse_draft(f"H8 {word}", s.game.board).play()), word


def test_the_person_here_is_you_and_the_remote_player_is_named():
    s, _, _, opening = remote_game()
    assert "Your turn." in opening and "You play first." in opening  # the remote player is not a person here
    assert any(line.startswith("You drew ") for line in opening)
    out = s.handle_line("pass")
    assert out[0] == "You passed."
    assert s.game.current == 1 and out == ["You passed.", "Bob's turn."]  # Bob's rack is never said here
    assert s.prompt_text() == "Alice, waiting> "


def test_an_action_made_here_is_handed_outward_and_an_arrived_one_is_not():
    s, bob, sent, _ = remote_game()
    s.handle_line("pass")
    assert len(sent) == 1 and isinstance(sent[0][0], TurnPassed) and sent[0][0].player == 0
    arrive(bob, bobs_play(s)[0])
    s.handle_line("")
    assert len(s.game.actions) == 2 and len(sent) == 1  # Bob's play came from elsewhere: not sent back


def test_while_the_move_has_not_arrived_the_table_waits_and_reads():
    s, bob, _, _ = remote_game()
    s.handle_line("pass")
    actions = len(s.game.actions)
    for command in ("pass", "exchange all", "play H8 AT"):
        out = s.handle_line(command)
        assert " ".join(out) == prompts.wait_for_remote("Bob") == "It is Bob's turn; wait for the move.", (command, out)
    assert s.handle_line("scores")[0].startswith("You 0")  # reading goes on
    assert s.handle_line("bag")
    assert len(s.game.actions) == actions and s.game.current == 1
    assert not bob.arrived


def test_an_arrived_move_is_said_once_then_whose_turn():
    s, bob, _, _ = remote_game()
    s.handle_line("pass")
    move, word = bobs_play(s)
    arrive(bob, move)
    out = s.handle_line("")
    assert out[0] == prompts.move_arrived("Bob")
    assert out[1].startswith(f"Bob played {word}, H8"), out
    assert any("Your turn" in line for line in out), out
    assert isinstance(s.game.history[-1], TilesPlaced) and s.game.current == 0
    # said once: the next line is answered on its own
    again = s.handle_line("scores")
    assert prompts.move_arrived("Bob") not in again
    assert again[0].startswith("You 0, Bob ")


def test_an_arrived_move_comes_before_the_answer_to_the_line_typed():
    s, bob, _, _ = remote_game()
    s.handle_line("pass")
    arrive(bob, SeatMove(PASS))
    out = s.handle_line("bag")
    assert out[0] == prompts.move_arrived("Bob")
    assert out[1] == "Bob passed." and out[-1] == s.handle_line("bag")[0], out
    assert s.game.current == 0


def test_an_arrived_action_the_rules_refuse_changes_nothing():
    s, bob, _, _ = remote_game()
    s.handle_line("pass")
    actions = len(s.game.actions)
    arrive(bob, SeatMove(ACCEPT))  # nothing to accept
    out = s.handle_line("")
    assert out[0].startswith("Bob's move arrived but cannot be made")
    assert len(s.game.actions) == actions and s.game.current == 1


def test_the_wake_hook_is_called_on_the_arriving_thread():
    s, bob, _, _ = remote_game()
    woke = threading.Event()
    s.wake_with(woke.set)
    s.handle_line("pass")
    arrive(bob, SeatMove(PASS))
    assert woke.is_set()
    assert s.acting.ready() and s.acting.due()
    s.wake_with(None)
    assert bob.on_arrival is None


def test_the_application_loop_says_an_arrived_move(tmp_path):
    """Deferred (as the application runs it): the one loop says it."""
    s, bob, _, _ = remote_game()
    s.defer_computers()
    s.handle_line("pass")
    assert list(s.acting.steps(wait=False)) == []  # nothing arrived: the table waits
    arrive(bob, SeatMove(PASS))
    said = list(s.acting.steps(wait=False))
    assert len(said) == 1 and said[0][0] == prompts.move_arrived("Bob")
    assert s.game.current == 0


def test_an_arrived_move_is_saved(tmp_path):
    s, bob, _, _ = remote_game(SaveStore(tmp_path))
    s.handle_line("pass")
    arrive(bob, bobs_play(s)[0])
    s.handle_line("")
    actions = len(s.game.actions)
    s.handle_line("quit")
    s.handle_line("yes")
    again = Session(Options(saved_game=RESUME), lexicon=AcceptAll(), store=SaveStore(tmp_path))
    again.start()
    assert again.game is not None and len(again.game.actions) == actions


def test_nobody_here_accepts_for_the_remote_player_when_a_play_ends_the_game():
    """Alice goes out: Bob (remote) is the one to challenge or accept; "accept"
    typed here is refused, saying whose decision it is; his acceptance,
    arrived, ends the game."""
    s, bob, _, _ = remote_game()
    g = s.game
    g.bag.draw(len(g.bag))  # an empty bag
    g.players[0].rack[:] = ["A", "T"]
    s.racks.order[0] = ["A", "T"]
    s.handle_line("play H8 AT")
    assert g.awaiting_final_challenge
    out = s.handle_line("accept")
    assert " ".join(out) == prompts.wait_for_remote("Bob"), out
    assert g.awaiting_final_challenge
    arrive(bob, SeatMove(ACCEPT))
    s.handle_line("")
    assert g.is_over


def test_nobody_here_challenges_in_the_remote_players_name():
    s, bob, _, _ = remote_game()
    s.handle_line("pass")
    arrive(bob, bobs_play(s)[0])
    s.handle_line("")
    actions = len(s.game.actions)
    out = s.handle_line("challenge Bob")
    assert " ".join(out) == prompts.decides_at_own_table("Bob") == "Bob decides at their own table; type challenge alone."
    assert len(s.game.actions) == actions


def test_piped_lines_hear_the_arrived_move_before_the_next_answer():
    """The plain line loop of the application (defer_computer: the app runs
    the seats' loop): a move that arrived while the next line was typed is
    said before that line's answer, once."""
    import io

    from audio_scrabble.console import services
    from audio_scrabble.console.plain import run_plain

    s, bob, _, _ = remote_game()

    class Typed(io.StringIO):
        """The lines typed; Bob's pass arrives (another thread) while the second is typed."""

        def __init__(self) -> None:
            super().__init__("pass\nbag\nquit\nyes\n")
            self.count = 0

        def readline(self, *args: object) -> str:  # type: ignore[override]
            self.count += 1
            if self.count == 2:
                arrive(bob, SeatMove(PASS))
            return super().readline()

    screen = io.StringIO()
    run_plain(s, services.make_speaker("text", screen), Typed(), screen)
    text = screen.getvalue()
    assert text.count(prompts.move_arrived("Bob")) == 1
    assert text.index("You passed.") < text.index(prompts.move_arrived("Bob")) < text.index("Bob passed.")
    assert text.index("Bob passed.") < text.index(s.handle_line("bag")[0])
