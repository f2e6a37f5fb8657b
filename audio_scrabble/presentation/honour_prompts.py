"""The words of the honour mode: a friend with only a phone plays from
any Matrix app by typing moves in the game's room, and this program deals
and referees, holding both racks and the bag (so the deal is on trust).

Two audiences: the room (what the friend reads on their phone: plain
sentences, no line limit, the board as text) and the player here (the
console's short lines; the console keeps no sentence of its own).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.board import COLUMNS, SIZE, Board, Square
from .layout import wrapped
from .online_prompts import as_typed
from .phrases import scores_line, scores_lines

#: the word after ``invite @bob:example.org`` that asks for the honour mode
HONOUR_WORD = "honour"
#: the other spelling, read the same
HONOUR_WORDS = ("honour", "honor")

# ---------------------------------------------------------------- the room


def room_name(host: str, friend: str) -> str:
    return f"Scrabble (honour): {host}, {friend}"


def welcome(host: str, friend: str) -> str:
    """The first message in the room: what the friend types, and the trust."""
    return (f"Scrabble with {host}, honour mode. {host}'s program deals and referees: "
            f"it holds both racks and the bag, so the deal is on trust. "
            f"{friend}, type your move here, like NASTIER from D8 across, or CAT from H8 down. "
            f"A blank is a lower-case letter, like NASTiER; a word of blanks only names them after it, "
            f"like EH (blanks E and H) from H8 across. "
            f"Also: pass, exchange ABC, challenge, accept, resign, offer end, help. "
            f"Anything else is chat; your rack comes in this room.")


def help_text(friend: str) -> str:
    """The answer to ``help`` typed in the room."""
    return (f"{friend}, type a move like NASTIER from D8 across: the word, from its first square, "
            "then across or down (play before it, or not). "
            "Letters already on the board go in the word too (or as a dot). "
            "A blank is a lower-case letter: NASTiER (a word all in lower case, or with only its first "
            "letter a capital, as a phone writes it, is read as capitals, with a blank for a letter your "
            "rack lacks). A word of blanks only names them after it: EH (blanks E and H) from H8 across. "
            "Other moves: pass; exchange ABC (a blank as ?); challenge (the last play, before your move); "
            "accept (the last play of the game); resign; offer end (to end the game here, as it stands: "
            "the other player can type agree or decline, or play on). Type board to see the board again. "
            "Anything else is chat.")


def rack_message(friend: str, rack: Sequence[str]) -> str:
    """The friend's rack (in the room: only the two players are in it)."""
    return f"{friend}, your rack: {' '.join(rack) or 'empty'}."


def your_turn(friend: str) -> str:
    return f"{friend}, your turn."


def whose_turn(name: str) -> str:
    return f"{name}'s turn."


def scores(names: Sequence[str], totals: Sequence[int]) -> str:
    return scores_line(names, totals)


def board_text(board: Board) -> str:
    """The board as text for a chat app: a header of columns, then each
    row's number and its squares (a dot for an empty one, a blank's
    letter in lower case)."""
    lines = ["   " + " ".join(COLUMNS[:SIZE])]
    for r in range(SIZE):
        cells = []
        for c in range(SIZE):
            tile = board[Square(r, c)]
            cells.append(tile if tile else ".")
        lines.append(f"{r + 1:>2} " + " ".join(cells))
    return "\n".join(lines)


def refused(name: str, sentence: str) -> str:
    """A move the friend typed that the rules refuse; nothing changed."""
    return f"Not played, {name}: {sentence}"


def not_your_turn(current: str) -> str:
    return f"It is {current}'s turn; wait for their move."


#: a ``?`` typed in a move's word: the game cannot ask the friend which letter it stands for
BLANK_AS_LETTER = "Type a blank as the letter it stands for, in lower case, like NASTiER from D8 across."
NOTHING_TO_ACCEPT = "There is no last play to accept now."
#: a move typed while the game waits on the last play (it went out)
LAST_PLAY_WAITS = "The game waits on the last play: type accept, or challenge it."
GAME_OVER = "The game is over; ask for another game to play again."


def resigned_room(name: str) -> str:
    return f"{name} resigned; the game is over."


def final_room(names: Sequence[str], totals: Sequence[int]) -> str:
    return f"Game over. Final scores: {scores_line(names, totals)}"


# ---------------------------------------------------------------- the player here
def _lines(sentence: str, name: str) -> list[str]:
    """A sentence said here in lines of at most 40 characters, broken
    where a reader pauses (:func:`.layout.wrapped`), the name never parted."""
    return wrapped(sentence, names=(name,))


def invited_here(friend: str) -> list[str]:
    """Said at ``invite ... honour``: the game starts at once."""
    return _lines(f"Invited {friend} to an honour game; {friend} types moves in the game's room.", friend)


def game_with(friend: str) -> list[str]:
    """Said when an honour game comes to the table."""
    return _lines(f"Your honour game with {friend}: this program holds both racks and the bag, "
                  "so the deal is on trust.", friend)


def chat_here(name: str, text: str) -> list[str]:
    """What the friend typed that is no move (the room keeps it whole)."""
    name = as_typed(name)
    return _lines(f"{name} says: {as_typed(text)}", name)


def not_sent_yet(friend: str) -> list[str]:
    """A message of the game's to the friend that the homeserver did not
    answer: nothing to try again here (the move is made); it goes by itself."""
    return _lines(f"Not sent to {friend} yet: no answer from the homeserver. "
                  f"The game as it stands goes to {friend} once it answers.", friend)


def refused_here(name: str, sentence: str) -> list[str]:
    """The friend's move refused (answered in the room too)."""
    return _lines(f"{name}'s move refused: {sentence}", name)


def final_here(names: Sequence[str], totals: Sequence[int], you: int) -> list[str]:
    """The final scores said here after a resignation."""
    return ["Final scores:"] + scores_lines(names, totals, you)


#: ``invite`` with ``honour`` and more than one player
HONOUR_ONE_FRIEND = "An honour game is for one friend; invite one player with honour."
#: a transport that sends no pictures (the picture is left out; only logged)
NO_PICTURES = "This connection cannot send pictures."
#: the local player's resignation
RESIGNED_HERE = "You resigned; the game is over."


def games_kind() -> str:
    """How ``games`` marks an honour game."""
    return "honour"

#: ``claim`` of an honour game (it keeps no days a move)
HONOUR_NO_CLAIM = "An honour game has no days a move; nothing to claim."
#: ``rematch`` of an honour game
HONOUR_NO_REMATCH = "No rematch for an honour game; invite the friend again with honour."
