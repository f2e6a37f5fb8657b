"""What the braille display tests share (tests/console/): a wrap that keeps its
calls, a decoder of the braille board, a whole game played to its end
with every line kept (its one-tile plays and the word list that accepts
every word: console_kit's)."""

from __future__ import annotations

import pytest

from audio_scrabble.presentation import layout

from console_kit import AcceptAll, single_tile_line  # type: ignore[import-not-found]  # noqa: F401 (theirs too)



BLANK_CELL = "\u2800"


# ====================================================================== watching the wrapping
class WrapWatch:
    """Stands in for the wrap that fits lines to the display (``layout.wrap``):
    wraps as it does, and keeps every call."""

    def __init__(self, real):
        self.real = real
        self.calls: list[tuple[str, int | None, list[str]]] = []

    def __call__(self, text: str, cells: int | None, **options) -> list[str]:
        out = self.real(text, cells, **options)
        self.calls.append((text, cells, list(out)))
        return out


@pytest.fixture
def watch(monkeypatch) -> WrapWatch:
    w = WrapWatch(layout.wrap)
    monkeypatch.setattr(layout, "wrap", w)
    return w


def assert_words_whole(text: str, pieces: list[str], width: int) -> None:
    """The pieces of a wrapped message hold its words, in order, none cut.

    Only a word longer than a whole line may be broken (it cannot be kept
    whole); its pieces must then join back into it.
    """
    assert pieces, text
    for p in pieces:
        assert len(p) <= width, (width, p, text)
    got = [w for p in pieces for w in words(p)]
    want = words(text)
    i = 0
    for word in want:
        if len(word) <= width:
            assert i < len(got) and got[i] == word, (word, text, pieces)
            i += 1
            continue
        joined = ""
        while joined.replace("-", "") != word.replace("-", ""):
            assert i < len(got), (word, text, pieces)
            joined += got[i]
            i += 1
    assert i == len(got), (text, pieces)


def words(text: str) -> list[str]:
    """Words of print text, or tiles of a braille line (blank cells part them)."""
    return text.replace(BLANK_CELL, " ").split()


def check_wrapping(watch: WrapWatch, width: int) -> int:
    """Every wrap call so far kept its words whole; returns how many there
    were. A call is for the display's width, or for the 40-character line
    a sentence is composed in (layout.wrapped: a turn of the history, whose
    turn with the help)."""
    for text, cells, pieces in watch.calls:
        assert cells in (width, layout.LINE_WIDTH)
        assert cells is not None
        assert_words_whole(text, pieces, cells)
    return len(watch.calls)
