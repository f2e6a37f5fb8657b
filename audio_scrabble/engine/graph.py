"""The move generator's own form of the word list: a DAWG of nested dicts.

The lexicon package keeps its DAWG in flat arrays, which are compact and
load fast. The move generator walks the graph millions of times a second
and wants the cheapest step Python has: one dict lookup. So it converts
the graph once into *nested dicts keyed by letter bits*:

* a node is a ``dict``; for each letter ``L`` that may follow, the key
  ``1 << (ord(L) - 65)`` maps to the child node (itself such a dict);
* the key ``0`` maps to an int *info*: the bits of all child letters,
  plus :data:`TERM` when the path from the root to the node spells a word.

Letter sets are 26-bit ints throughout the engine (cross-checks, racks),
so "letters that may follow here and that the rack holds and that the
cross-check allows" is one ``&`` of three ints, and walking is
``node[bit]``. Shared suffixes stay shared (the dicts are the DAWG's
nodes, not a trie), so the whole default list (247,452 words) is 78,758
dicts.

Any word list can be used: a :class:`audio_scrabble.lexicon.Lexicon` (its
``dawg`` is converted, which takes about 0.15 s for the default list, or
its ``words()`` are compiled), or any iterable of words (compiled here
with the incremental algorithm of Daciuk et al.). A converted graph is
cached on disk next to the lexicon's own cache (same folder, name derived
from the lexicon's content-hashed cache file name and this module's
:data:`FORMAT_VERSION`, written atomically), and in memory per lexicon
object.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
import tempfile
import weakref
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..lexicon.dawg import build_dawg

#: Layout version of the nested-dict graph (bump when its meaning changes).
FORMAT_VERSION = 1

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: letter (upper case) -> its bit
BIT: dict[str, int] = {ch: 1 << i for i, ch in enumerate(LETTERS)}
#: bit -> letter (upper case)
CHAR: dict[int, str] = {b: ch for ch, b in BIT.items()}
#: every letter
ALL_LETTERS = (1 << 26) - 1
#: the "is a word" flag in a node's info (key 0)
TERM = 1 << 26
#: Keys ``HOOK | t`` (t a letter bit) may be added to a node by the move
#: generator, lazily: the letters b such that ``node[b]`` has a child t.
HOOK = 1 << 27
#: Key ``PAIRS`` may be added to a node by the move generator, lazily: an
#: int telling, for each child, its child letters (see movegen._pairs).
PAIRS = 1 << 28
#: Keys ``RUN | code << 30`` may be added to a node by the move generator,
#: lazily: the letters b such that ``node[b]`` goes on with a run of two or
#: more tiles (code: the run's letter indexes plus one, five bits each).
RUN = 1 << 29

Node = dict  # dict[int, "Node" | int]; see the module docstring


def letters_of(mask: int) -> str:
    """The letters of a letter set, alphabetical (for messages and tests)."""
    return "".join(ch for ch, b in BIT.items() if mask & b)


class WordGraph:
    """A word list as a DAWG of nested dicts (see the module docstring).

    Attributes:
        root: the start node.
        source: the object it was made from (for identity checks), if any.
    """

    def __init__(self, root: Node, source: object | None = None) -> None:
        self.root = root
        self.source = source
        self._cross: dict[tuple[str, str], int] = {}

    # -- constructors ------------------------------------------------------

    @classmethod
    def from_words(cls, words: Iterable[str]) -> "WordGraph":
        """Compile any words (any case; those not 2-15 letters A-Z are ignored)."""
        clean = sorted({w.strip().upper() for w in words if _usable(w.strip())})
        return cls(_build(clean))

    @classmethod
    def for_lexicon(cls, lexicon: Any) -> "WordGraph":
        """The graph for a word list, made once per lexicon object.

        ``lexicon`` may be a :class:`~audio_scrabble.lexicon.Lexicon` (or
        anything with a ``dawg`` having ``root``/``edges``/``is_terminal``),
        anything with ``words()`` or a ``words`` collection, or an iterable
        of words. Anything else (a bare ``__contains__``) cannot be searched
        for moves: TypeError.
        """
        if isinstance(lexicon, WordGraph):
            return lexicon
        try:
            cached = _BY_LEXICON.get(lexicon)
        except TypeError:  # not weak-referenceable / not hashable
            cached = None
        if cached is not None:
            return cached
        graph = _make(lexicon)
        try:
            _BY_LEXICON[lexicon] = graph
        except TypeError:
            pass
        return graph

    # -- queries -----------------------------------------------------------

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        node = self.root
        for ch in word.upper():
            b = BIT.get(ch)
            if b is None:
                return False
            node = node.get(b)  # type: ignore[assignment]  # a node, or None: no such word
            if node is None:
                return False
        return bool(node[0] & TERM)

    def walk(self, letters: str, node: Node | None = None) -> Node | None:
        """The node after spelling ``letters`` (upper case) from ``node`` (root)."""
        node = self.root if node is None else node
        for ch in letters:
            node = node.get(BIT[ch])
            if node is None:
                return None
        return node

    def words(self) -> list[str]:
        """Every word, alphabetical (slow; for tests and tools)."""
        out: list[str] = []

        def rec(node: Node, prefix: str) -> None:
            m = node[0] & ALL_LETTERS
            while m:
                b = m & -m
                m ^= b
                child = node[b]
                w = prefix + CHAR[b]
                if child[0] & TERM:
                    out.append(w)
                rec(child, w)

        rec(self.root, "")
        return out

    def cross_mask(self, before: str, after: str) -> int:
        """Letters L such that ``before + L + after`` is a word (upper case)."""
        key = (before, after)
        mask = self._cross.get(key)
        if mask is None:
            mask = 0
            node = self.walk(before)
            if node is not None:
                # Walk the letter bits, not the dict: the move generator may add
                # cache keys to nodes (HOOK), possibly from another thread.
                m = node[0] & ALL_LETTERS
                while m:
                    b = m & -m
                    m ^= b
                    end: Node | None = node[b]
                    for ch in after:
                        end = end.get(BIT[ch])  # type: ignore[union-attr]  # None breaks out below
                        if end is None:
                            break
                    if end is not None and end[0] & TERM:
                        mask |= b
            if len(self._cross) > 200_000:
                self._cross.clear()
            self._cross[key] = mask
        return mask


_BY_LEXICON: "weakref.WeakKeyDictionary[Any, WordGraph]" = weakref.WeakKeyDictionary()


def _usable(word: str) -> bool:
    return 2 <= len(word) <= 15 and word.isascii() and word.isalpha()


def _make(lexicon: Any) -> WordGraph:
    dawg = getattr(lexicon, "dawg", None)
    if dawg is not None and hasattr(dawg, "edges") and hasattr(dawg, "is_terminal"):
        path = _cache_file(lexicon)
        if path is not None:
            root = _load(path)
            if root is not None:
                return WordGraph(root, lexicon)
        root = _convert(dawg)
        if path is not None:
            _store(path, root)
        return WordGraph(root, lexicon)
    words = getattr(lexicon, "words", None)
    if words is not None:
        # ``words()`` (Lexicon), or a collection attribute (the console's fallback WordSet)
        found = words() if callable(words) else words
        return WordGraph(_build(sorted({w.upper() for w in found if _usable(w)})), lexicon)
    if isinstance(lexicon, Iterable) and not isinstance(lexicon, (str, bytes)):
        return WordGraph.from_words(lexicon)
    raise TypeError(f"cannot make a word graph from {type(lexicon).__name__}")


def _convert(dawg: Any) -> Node:
    """Nested-dict copy of a lexicon DAWG (root/edges/is_terminal API)."""
    made: dict[int, Node] = {}
    stack = [dawg.root]
    made[dawg.root] = {}
    while stack:
        n = stack.pop()
        node = made[n]
        mask = 0
        for ch, c in dawg.edges(n):
            child = made.get(c)
            if child is None:
                child = made[c] = {}
                stack.append(c)
            b = BIT[ch]
            node[b] = child
            mask |= b
        node[0] = mask | (TERM if dawg.is_terminal(n) else 0)
    return made[dawg.root]


def _build(words: list[str]) -> Node:
    """The graph of sorted unique upper-case words: the lexicon's own
    minimal-DAWG builder, then the same conversion as a cached lexicon."""
    return _convert(build_dawg(words))


# -- disk cache ---------------------------------------------------------------

def _cache_file(lexicon: Any) -> Path | None:
    """Where the converted graph of a disk-cached lexicon lives, else None."""
    lex_path = getattr(lexicon, "cache_path", None)
    if not lex_path:
        return None
    lex_path = Path(lex_path)
    tag = f"{sys.implementation.cache_tag}-m{marshal.version}"
    return lex_path.with_name(f"movegen-v{FORMAT_VERSION}-{tag}-{lex_path.stem}.marshal")


_MAGIC = b"ASMOVEGEN\x00"


def _load(path: Path) -> Node | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    head = len(_MAGIC) + 32
    if len(data) < head or data[: len(_MAGIC)] != _MAGIC:
        return None
    payload = memoryview(data)[head:]
    if hashlib.sha256(payload).digest() != data[len(_MAGIC) : head]:
        return None  # damaged: rebuild
    try:
        root = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return None
    if not isinstance(root, dict) or not isinstance(root.get(0), int):
        return None
    return root


def _store(path: Path, root: Node) -> bool:
    tmp: str | None = None
    try:
        payload = marshal.dumps(root)
        data = _MAGIC + hashlib.sha256(payload).digest() + payload
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
        tmp = None
        return True
    except (OSError, ValueError):
        return False
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
