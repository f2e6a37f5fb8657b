"""Which word list a saved game is judged by (:func:`word_list_for`), as
the saver resumes or offers it (``saving``): found by its words'
checksum, with the sentence that says which one when it is worth saying.
"""

from __future__ import annotations

from typing import Any, Callable

from ...errors import LexiconError, ScrabbleError
from ...persistence import WordListRef
from ...persistence.table_state import words_checksum
from ...presentation import prompts_saving as say


def word_list_for(ref: WordListRef, lexicon: Any, asked: str | None,
                  load_lexicon: Callable[[str | None], Any]) -> tuple[Any, str | None, list[str]]:
    """The word list a saved game is judged by, found by its words'
    checksum: its own file, or the one given with ``--lexicon`` when
    the file has moved. Returns (list, its path, what to say); raises
    LexiconError with a sentence when neither has the game's words.
    ``lexicon``: the list the session has (None: none loaded yet);
    ``asked``: the path given with ``--lexicon`` (None: none);
    ``load_lexicon(path)`` reads one (None: the built-in list)."""
    if ref.path is None:
        if asked is not None:
            return load_lexicon(None), None, [say.KEEPS_ITS_WORD_LIST]
        return (lexicon if lexicon is not None else load_lexicon(None)), None, []
    name = ref.name or ref.path
    if asked == ref.path:
        own = lexicon if lexicon is not None else load_lexicon(ref.path)
        changed = ref.checksum is not None and words_checksum(own) not in (None, ref.checksum)
        return own, ref.path, [say.word_list_changed(name)] if changed else []
    own, own_error = None, None
    try:
        own = load_lexicon(ref.path)
    except ScrabbleError as e:
        own_error = e
    if own is not None and (ref.checksum is None or words_checksum(own) in (None, ref.checksum)):
        given_same = asked is not None and ref.checksum is not None and words_checksum(lexicon) == ref.checksum
        return own, ref.path, [] if asked is None or given_same else [say.KEEPS_ITS_WORD_LIST]
    if asked is not None and lexicon is not None and ref.checksum is not None \
            and words_checksum(lexicon) == ref.checksum:
        return lexicon, asked, [say.word_list_moved(name)]
    if own is not None:  # the file is there, its words changed: the replay tells if it matters
        return own, ref.path, [say.word_list_changed(name)]
    if asked is not None:
        raise LexiconError(say.word_list_other(name))
    raise LexiconError(say.word_list_missing(name, ref.path)) from own_error
