"""Board keys, in small factories of prompt_toolkit key bindings.

The keys act only on an empty input line: there the arrows move the board
cursor like a finger from peg to peg. As soon as the line holds text they
edit it as usual (and Up/Down recall history). Function keys ask or
survey (F2 where, F3 around, F7 hot spots, F8 words, F9 spots...) on any
line, since they edit nothing; Alt and a letter answers the common
questions at once (Alt-R rack, Alt-S scores...). Each binding calls
``on_key(name)``, which returns nothing; the application decides how the
answer is said.
"""

from __future__ import annotations

from typing import Callable

from prompt_toolkit.application.current import get_app
from prompt_toolkit.completion import CompleteEvent, get_common_complete_suffix
from prompt_toolkit.filters import Condition, Filter
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase

OnKey = Callable[[str], None]
#: is given the candidates of a Tab press that has several, to say them
OnCandidates = Callable[[list[str]], None]


@Condition
def line_is_empty() -> bool:
    return not get_app().current_buffer.text


#: key -> cursor action, for movement one square at a time
ARROWS = {"left": "left", "right": "right", "up": "up", "down": "down"}
#: key -> action, to the ends of the row and column and to the star
JUMPS = {
    "home": "row_start",
    "end": "row_end",
    "pageup": "column_top",
    "pagedown": "column_bottom",
    "c-home": "star",
}
#: Ctrl and an arrow: to the next tile that way
NEXT_TILE = {"c-left": "next_left", "c-right": "next_right", "c-up": "next_up", "c-down": "next_down"}
#: the actions of keys that move Orca's caret (its "caret navigation")
CARET_ACTIONS = frozenset((*ARROWS.values(), *JUMPS.values(), *NEXT_TILE.values()))
#: function keys that ask again
ASK = {"f2": "where", "f4": "repeat"}
#: function keys that survey the board from the cursor or answer at once
#: (Shift-F7 and Shift-F8 reach prompt_toolkit as F19 and F20)
SURVEY = {
    "f3": "around",
    "f5": "rack",
    "f6": "scores",
    "f7": "next_hot_spot",
    "f19": "previous_hot_spot",
    "f8": "next_word",
    "f20": "previous_word",
    "f9": "spots",
    "f12": "last",
}
#: Alt and a letter (or Escape, then the letter), empty line only: the
#: quick keys, by initial, and the mark
ALT = {
    "escape r": "rack",
    "escape s": "scores",
    "escape q": "square",
    "escape w": "row",
    "escape c": "column",
    "escape a": "around",
    "escape l": "last",
    "escape b": "bag",
    "escape p": "spots",
    "escape m": "set_mark",
    "escape j": "to_mark",
}


def _bindings(table: dict[str, str], on_key: OnKey, when: Filter) -> KeyBindings:
    kb = KeyBindings()
    for key, action in table.items():

        def handler(event: KeyPressEvent, action: str = action) -> None:
            on_key(action)

        kb.add(*key.split(), filter=when, eager=True)(handler)
    return kb


def arrow_bindings(on_key: OnKey) -> KeyBindings:
    """Arrows move the cursor one square (empty line only)."""
    return _bindings(ARROWS, on_key, line_is_empty)


def jump_bindings(on_key: OnKey) -> KeyBindings:
    """Home/End, Page Up/Down, Ctrl-Home (empty line only)."""
    return _bindings(JUMPS, on_key, line_is_empty)


def next_tile_bindings(on_key: OnKey) -> KeyBindings:
    """Ctrl and an arrow: the next tile that way (empty line only)."""
    return _bindings(NEXT_TILE, on_key, line_is_empty)


def ask_bindings(on_key: OnKey) -> KeyBindings:
    """F2 (where am I) and F4 (repeat), on any line: they do not edit it."""
    return _bindings(ASK, on_key, Condition(lambda: True))


def survey_bindings(on_key: OnKey) -> KeyBindings:
    """The survey and quick function keys, on any line: they do not edit it."""
    return _bindings(SURVEY, on_key, Condition(lambda: True))


def alt_bindings(on_key: OnKey) -> KeyBindings:
    """Alt and a letter: the quick keys and the mark (empty line only, where
    they edit nothing)."""
    return _bindings(ALT, on_key, line_is_empty)


def completion_list_bindings(on_candidates: OnCandidates, when: Filter) -> KeyBindings:
    """Tab as readline does it (one candidate is typed in, a common start is
    added), except that a list of candidates goes to ``on_candidates``
    instead of being printed in columns across the terminal. Braille mode
    uses it, so that the list is laid out to fit the display."""
    kb = KeyBindings()

    @kb.add("tab", filter=when, eager=True)
    def _complete(event: KeyPressEvent) -> None:
        buffer = event.current_buffer
        if buffer.completer is None:
            return
        found = list(buffer.completer.get_completions(buffer.document, CompleteEvent(completion_requested=True)))
        common = get_common_complete_suffix(buffer.document, found)
        if len(found) == 1:
            buffer.delete_before_cursor(-found[0].start_position)
            buffer.insert_text(found[0].text)
        elif common:
            buffer.insert_text(common)
        elif found:
            on_candidates([c.text for c in found])

    return kb


def quiet_exit_bindings() -> KeyBindings:
    """Ctrl-C (and Ctrl-D on an empty line) end the line as prompt_toolkit's
    own keys do, but without its "aborted" look: that repaints the prompt
    greyed and padded with blanks to the terminal's width, a line of
    blank cells on a braille display."""
    kb = KeyBindings()

    @kb.add("c-c", eager=True)
    def _interrupt(event: KeyPressEvent) -> None:
        event.app.exit(exception=KeyboardInterrupt, style="")

    @kb.add("c-d", filter=line_is_empty, eager=True)
    def _end(event: KeyPressEvent) -> None:
        event.app.exit(exception=EOFError, style="")

    return kb


def board_key_bindings(on_key: OnKey) -> KeyBindingsBase:
    """Every board key, merged."""
    return merge_key_bindings(
        [arrow_bindings(on_key), jump_bindings(on_key), next_tile_bindings(on_key), ask_bindings(on_key),
         survey_bindings(on_key), alt_bindings(on_key)]
    )


#: every key and what it does, for tests and for the help text (a key of
#: two presses is written with a space: ``escape r`` is Alt-R)
ALL_KEYS: dict[str, str] = {**ARROWS, **JUMPS, **NEXT_TILE, **ASK, **SURVEY, **ALT}
