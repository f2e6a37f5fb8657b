"""A minimised DAWG (directed acyclic word graph) in flat arrays.

The graph is the smallest deterministic automaton that accepts exactly the
words of a list: common prefixes *and* common suffixes are shared. It is
built once from a sorted word list with the incremental algorithm of
Daciuk, Mihov, Watson and Watson (2000), then frozen into four flat
arrays, which load from the disk cache with a single ``frombytes`` each:

* ``first_edge`` (uint32, one per node plus one): the edges of node ``n``
  are the positions ``first_edge[n] .. first_edge[n + 1] - 1``;
* ``edge_letters`` (bytes, one per edge): the edge's letter, ASCII 'A'-'Z',
  sorted within a node;
* ``edge_targets`` (uint32, one per edge): the node the edge leads to;
* ``terminal`` (bytes, one per node): 1 if the path from the root to the
  node spells a word.

Walking API, for the move generator (Appel & Jacobson) and anything else
that needs prefixes:

* ``dawg.root`` -- the start node (an ``int``; nodes are plain ints);
* ``dawg.children(node)`` -- ``Mapping[str, int]``, letter -> child node,
  letters upper case, in alphabetical order; built once per node and
  cached, so it is cheap to call repeatedly. Do not modify it;
* ``dawg.child(node, letter)`` -- the child node, or ``None``;
* ``dawg.is_terminal(node)`` -- whether the path to ``node`` is a word;
* ``dawg.walk(prefix, node=root)`` -- the node reached by spelling
  ``prefix`` from ``node``, or ``None``;
* ``word in dawg``, ``len(dawg)``, ``dawg.words()``.

Because suffixes are shared, a node does not know its own prefix: carry
the letters spelt so far while walking.
"""

from __future__ import annotations

import hashlib
import struct
import sys
from array import array
from collections.abc import Iterable, Iterator, Mapping

#: Version of the binary layout written by :meth:`Dawg.to_bytes`. Bump it
#: whenever the layout or the meaning of the arrays changes.
FORMAT_VERSION = 1

_MAGIC = b"ASDAWG\x00\x01"
# magic, format version, node count, edge count, word count, sha256 of payload
_HEADER = struct.Struct("<8sIIII32s")
_ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_MAX_WORD_LENGTH = 255  # the builder's sanity limit; the game uses <= 15


class DawgFormatError(ValueError):
    """Bytes that are not a valid serialised DAWG (wrong version, damaged)."""


def _uint32_array(values: Iterable[int] = ()) -> array[int]:
    for code in ("I", "L"):
        if array(code).itemsize == 4:
            return array(code, values)
    raise RuntimeError("this platform has no 4-byte unsigned array type")  # pragma: no cover


class Dawg:
    """An immutable minimised DAWG over the upper-case letters A-Z.

    Build one with :func:`build_dawg` (sorted words) or load one with
    :meth:`from_bytes`. Nodes are ``int``; :attr:`root` is the start node.
    """

    __slots__ = ("_first", "_letters", "_targets", "_terminal", "_word_count",
                 "_children", "root")

    def __init__(self, first_edge: array[int], edge_letters: bytes, edge_targets: array[int],
                 terminal: bytes, word_count: int, root: int) -> None:
        self._first = first_edge
        self._letters = bytes(edge_letters)
        self._targets = edge_targets
        self._terminal = bytes(terminal)
        self._word_count = word_count
        self._children: list[dict[str, int] | None] = [None] * len(self._terminal)
        #: the start node
        self.root: int = root

    # -- sizes -------------------------------------------------------------

    @property
    def node_count(self) -> int:
        return len(self._terminal)

    @property
    def edge_count(self) -> int:
        return len(self._letters)

    def __len__(self) -> int:
        """Number of words the graph accepts."""
        return self._word_count

    def __repr__(self) -> str:
        return f"<Dawg {self._word_count} words, {self.node_count} nodes, {self.edge_count} edges>"

    # -- walking -----------------------------------------------------------

    def is_terminal(self, node: int) -> bool:
        """True if the letters spelt from the root to *node* form a word."""
        return self._terminal[node] == 1

    def children(self, node: int) -> Mapping[str, int]:
        """Letter -> child node for *node* (upper-case letters, alphabetical).

        The mapping is built on first use and cached: treat it as read-only.
        """
        cached = self._children[node]
        if cached is None:
            letters, targets = self._letters, self._targets
            cached = {chr(letters[i]): targets[i]
                      for i in range(self._first[node], self._first[node + 1])}
            self._children[node] = cached
        return cached

    def edges(self, node: int) -> Iterator[tuple[str, int]]:
        """The (letter, child) pairs of *node*, in alphabetical order."""
        letters, targets = self._letters, self._targets
        for i in range(self._first[node], self._first[node + 1]):
            yield chr(letters[i]), targets[i]

    def child(self, node: int, letter: str) -> int | None:
        """The node reached from *node* by *letter* ('A'-'Z' or 'a'-'z'), or None."""
        code = ord(letter)
        if 97 <= code <= 122:
            code -= 32
        elif not 65 <= code <= 90:
            return None
        i = self._letters.find(code, self._first[node], self._first[node + 1])
        return None if i < 0 else self._targets[i]

    def walk(self, prefix: str, node: int | None = None) -> int | None:
        """The node reached by spelling *prefix* from *node* (default: root), or None.

        Case-insensitive. ``walk("")`` is the start node itself.
        """
        if node is None:
            node = self.root
        if not prefix.isascii():
            return None
        first, letters, targets = self._first, self._letters, self._targets
        for code in prefix.upper().encode("ascii"):
            i = letters.find(code, first[node], first[node + 1])
            if i < 0:
                return None
            node = targets[i]
        return node

    def __contains__(self, word: object) -> bool:
        """Whether *word* (any case) is one of the graph's words."""
        if not isinstance(word, str) or not word.isascii():
            return False
        first, letters, targets = self._first, self._letters, self._targets
        node = self.root
        for code in word.upper().encode("ascii"):
            i = letters.find(code, first[node], first[node + 1])
            if i < 0:
                return False
            node = targets[i]
        return self._terminal[node] == 1

    def words(self, node: int | None = None, prefix: str = "") -> Iterator[str]:
        """Every word below *node* (default: root), alphabetically, each prefixed by *prefix*."""
        first, letters, targets, terminal = self._first, self._letters, self._targets, self._terminal
        start = self.root if node is None else node
        if terminal[start] and prefix:
            yield prefix
        # stack of (node, next edge index, word so far)
        stack: list[tuple[int, int, str]] = [(start, first[start], prefix)]
        while stack:
            current, i, spelt = stack.pop()
            if i >= first[current + 1]:
                continue
            stack.append((current, i + 1, spelt))
            target = targets[i]
            word = spelt + chr(letters[i])
            if terminal[target]:
                yield word
            stack.append((target, first[target], word))

    # -- serialisation -----------------------------------------------------

    def to_bytes(self) -> bytes:
        """The graph as bytes (header with a SHA-256 of the payload, then the arrays)."""
        first, targets = self._first, self._targets
        if sys.byteorder == "big":  # pragma: no cover - the cache is little-endian everywhere
            first, targets = array(first.typecode, first), array(targets.typecode, targets)
            first.byteswap()
            targets.byteswap()
        payload = b"".join((first.tobytes(), targets.tobytes(), self._letters, self._terminal))
        header = _HEADER.pack(_MAGIC, FORMAT_VERSION, self.node_count, self.edge_count,
                              self._word_count, hashlib.sha256(payload).digest())
        return header + payload

    @classmethod
    def from_bytes(cls, data: bytes) -> Dawg:
        """Load a graph written by :meth:`to_bytes`.

        Raise :class:`DawgFormatError` if the data is truncated, damaged, of
        another format version, or not a well-formed graph.
        """
        if len(data) < _HEADER.size:
            raise DawgFormatError("The DAWG data is truncated.")
        magic, version, nodes, edges, word_count, digest = _HEADER.unpack_from(data)
        if magic != _MAGIC:
            raise DawgFormatError("The data is not a DAWG.")
        if version != FORMAT_VERSION:
            raise DawgFormatError(f"The DAWG has format version {version}, not {FORMAT_VERSION}.")
        payload = memoryview(data)[_HEADER.size:]
        if len(payload) != 4 * (nodes + 1) + 4 * edges + edges + nodes:
            raise DawgFormatError("The DAWG data has the wrong length.")
        if hashlib.sha256(payload).digest() != digest:
            raise DawgFormatError("The DAWG data is damaged (checksum mismatch).")
        if nodes == 0:
            raise DawgFormatError("The DAWG has no nodes.")
        first, targets = _uint32_array(), _uint32_array()
        offset = 4 * (nodes + 1)
        first.frombytes(payload[:offset])
        targets.frombytes(payload[offset:offset + 4 * edges])
        offset += 4 * edges
        letters = bytes(payload[offset:offset + edges])
        terminal = bytes(payload[offset + edges:])
        if sys.byteorder == "big":  # pragma: no cover
            first.byteswap()
            targets.byteswap()
        # Structural checks: cheap, and they keep a damaged-but-checksummed
        # (or hand-made) file from causing IndexErrors deep in a game.
        if first[0] != 0 or first[nodes] != edges:
            raise DawgFormatError("The DAWG edge index is inconsistent.")
        if edges and max(targets) >= nodes:
            raise DawgFormatError("A DAWG edge points outside the graph.")
        if letters.translate(None, _ALPHABET):
            raise DawgFormatError("A DAWG edge has a letter outside A-Z.")
        if terminal.translate(None, b"\x00\x01"):
            raise DawgFormatError("A DAWG node has a bad terminal flag.")
        # The builder numbers nodes children-first, so the root is the last node.
        return cls(first, letters, targets, terminal, word_count, root=nodes - 1)


class _Node:
    """A node while building: mutable until registered."""

    __slots__ = ("terminal", "edges", "id")

    def __init__(self) -> None:
        self.terminal = False
        self.edges: dict[str, _Node] = {}
        self.id = -1  # set when the node becomes the representative of its class


def build_dawg(words: Iterable[str]) -> Dawg:
    """Build the minimised DAWG of *words*.

    *words* must be upper-case A-Z, strictly increasing (sorted, no
    duplicates), and non-empty strings; a ValueError says otherwise. The
    build is linear in the total number of letters (about 1.2 s for a
    quarter of a million words in CPython 3.11).
    """
    root = _Node()
    # Equivalence classes of finished nodes: (terminal, ((letter, child id), ...)) -> node.
    register: dict[tuple[bool, tuple[tuple[str, int], ...]], _Node] = {}
    path: list[tuple[_Node, str, _Node]] = []  # (parent, letter, child) along the last word
    previous = ""
    count = 0

    def minimise(down_to: int) -> None:
        while len(path) > down_to:
            parent, letter, child = path.pop()
            key = (child.terminal, tuple([(k, v.id) for k, v in child.edges.items()]))
            same = register.get(key)
            if same is None:
                child.id = len(register)
                register[key] = child
            else:
                parent.edges[letter] = same

    for word in words:
        if not word or word <= previous:
            if not word:
                raise ValueError("build_dawg: empty word")
            raise ValueError(f"build_dawg: words not sorted and unique at {previous!r}, {word!r}")
        if len(word) > _MAX_WORD_LENGTH or not (word.isascii() and word.isalpha() and word.isupper()):
            raise ValueError(f"build_dawg: {word!r} is not upper-case letters A-Z")
        common = 0
        limit = min(len(word), len(previous))
        while common < limit and word[common] == previous[common]:
            common += 1
        minimise(common)
        node = path[-1][2] if path else root
        for letter in word[common:]:
            child = _Node()
            node.edges[letter] = child
            path.append((node, letter, child))
            node = child
        node.terminal = True
        previous = word
        count += 1
    minimise(0)

    # Registered nodes are numbered children-first; the root comes last.
    nodes = list(register.values())
    root.id = len(nodes)
    nodes.append(root)
    first = _uint32_array()
    targets = _uint32_array()
    letters = bytearray()
    terminal = bytearray()
    for node in nodes:
        first.append(len(targets))
        terminal.append(1 if node.terminal else 0)
        for letter, child in node.edges.items():
            letters.append(ord(letter))
            targets.append(child.id)
    first.append(len(targets))
    return Dawg(first, bytes(letters), targets, bytes(terminal), count, root=root.id)
