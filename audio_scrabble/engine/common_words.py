"""Common English words, for the beginner computer player.

The beginner plays words a new player would know: the everyday words of
``lexicon/common.txt`` (SCOWL's most common sizes, 10 to 35, that are also
in the default list; built by ``lexicon/build_common.py``, which says
exactly how; licence in ``lexicon/COPYING.scowl``). The list is data,
shipped in the package beside the default word list.
"""

from __future__ import annotations

from functools import lru_cache

from ..lexicon.wordlist import read_packaged_bytes

COMMON_FILE = "common.txt"


@lru_cache(maxsize=1)
def common_words() -> frozenset[str]:
    """The common words, upper case."""
    raw, _ = read_packaged_bytes(COMMON_FILE)
    return frozenset(raw.decode("ascii").split())
