"""Word lists: the default English list, user lists, and their compiled DAWG.

Public API::

    from audio_scrabble.lexicon import Lexicon

    lexicon = Lexicon.default()             # packaged list, cached DAWG
    lexicon = Lexicon.from_path("my.txt")   # a user's list (LexiconError if unusable)
    "TRAIN" in lexicon; len(lexicon); lexicon.name; lexicon.words()

    dawg = lexicon.dawg                     # for the move generator
    node = dawg.root
    dawg.children(node)    # Mapping[str, int]: letter -> child node
    dawg.child(node, "T")  # child node or None
    dawg.is_terminal(node) # does the path to node spell a word?
    dawg.walk("TRA")       # node after a prefix, or None

See ``dawg.py`` for the graph, ``cache.py`` for the disk cache
(``AUDIO_SCRABBLE_CACHE_DIR`` overrides its folder), ``wordlist.py`` for
the word-list file format, and ``judge.py`` for the word judge.
"""

from __future__ import annotations

from ..errors import LexiconError
from .cache import CACHE_DIR_ENV, cache_dir
from .dawg import Dawg, DawgFormatError, build_dawg
from .lexicon import CacheStatus, Lexicon
from .wordlist import DEFAULT_NAME, MAX_WORD_LENGTH, MIN_WORD_LENGTH, parse_word_list

__all__ = [
    "CACHE_DIR_ENV",
    "CacheStatus",
    "DEFAULT_NAME",
    "Dawg",
    "DawgFormatError",
    "Lexicon",
    "LexiconError",
    "MAX_WORD_LENGTH",
    "MIN_WORD_LENGTH",
    "build_dawg",
    "cache_dir",
    "parse_word_list",
]
