"""What a save keeps of the table beside the game (the console's half of
a save, :class:`~audio_scrabble.persistence.TableState`): built from the
session's parts (:func:`table_state`) and put back into the settings
when a game is resumed (:func:`restore_settings`). Split from
:mod:`.saving`, which loads, offers, resumes and saves."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...errors import ScrabbleError
from ...persistence import TableState, WordListRef
from ...persistence.table_state import words_checksum


def table_state(
    seats_computers: Mapping[int, str],
    lexicon_path: str | None,
    lexicon: Any,
    settings: Any,
    rack_order: Mapping[int, Sequence[str]],
    told_challenge: bool,
) -> TableState:
    """The console's half of a save, from the session's parts."""
    checksum = words_checksum(lexicon) if lexicon_path else None
    return TableState(
        computers=dict(seats_computers),
        word_list=WordListRef(lexicon_path, checksum),
        verbosity=settings.verbosity,
        marks=settings.marks,
        speech=settings.speech,
        braille=settings.braille_width,
        braille_saved=True,
        hints=settings.hints,
        aids=settings.aids,
        confirm=settings.confirm,
        sounds=settings.sounds,
        racks={i: "".join(order) for i, order in rack_order.items()},
        told_challenge=told_challenge,
    )


def restore_settings(settings: Any, given: Any, state: TableState) -> str | None:
    """Put the saved game's settings back, each unless the command line
    (``given``, the session's Options) named it. Returns the speech kind
    to switch to, if the saved one differs from the speech in use."""
    from ..output.brailleview import valid_cells

    speech_change = None
    for key, value, named in (
        ("verbosity", state.verbosity, given.verbosity),
        ("marks", state.marks, given.marks),
        ("speech", state.speech, given.speech),
    ):
        if named is None and value is not None:
            before = settings.speech
            try:
                settings.change(key, value)
            except ScrabbleError:
                continue
            if key == "speech" and settings.speech != before:
                speech_change = settings.speech  # the voice follows it
    if given.hints is None and state.hints is not None:
        settings.hints = state.hints
    if getattr(given, "aids", None) is None and state.aids is not None:
        settings.aids = state.aids
    if getattr(given, "confirm", None) is None and state.confirm is not None:
        settings.confirm = state.confirm
    if given.sounds is None and state.sounds is not None:
        settings.sounds = state.sounds
    if given.braille_width is None and state.braille_saved:
        if state.braille is None or valid_cells(state.braille):
            settings.braille_width = state.braille
    return speech_change
