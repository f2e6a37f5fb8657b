"""The large-print picture of the board (presentation/board_picture.py):
a valid PNG (signature, IHDR, CRCs, one IDAT that inflates to the rows),
the size it says, the large-print set's colours where the squares are:
a tile yellow, each premium in its print-board colour, the centre star
pink; a blank a pale tile; nothing but zlib."""

from __future__ import annotations

import struct
import zlib

from audio_scrabble.core.board import Board, Square
from audio_scrabble.presentation import board_picture as bp


def decode(png: bytes) -> tuple[int, int, list[bytes]]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, chunks = 8, []
    while at < len(png):
        (length,) = struct.unpack(">I", png[at:at + 4])
        kind, data = png[at + 4:at + 8], png[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", png[at + 8 + length:at + 12 + length])
        assert crc == zlib.crc32(kind + data) & 0xFFFFFFFF, kind
        chunks.append((kind, data))
        at += 12 + length
    assert [k for k, _ in chunks] == [b"IHDR", b"IDAT", b"IEND"]
    width, height, depth, colour, _, _, _ = struct.unpack(">IIBBBBB", chunks[0][1])
    assert (depth, colour) == (8, 2)
    raw = zlib.decompress(chunks[1][1])
    stride = width * 3 + 1
    assert len(raw) == stride * height
    rows = [raw[i * stride + 1:(i + 1) * stride] for i in range(height)]
    assert all(raw[i * stride] == 0 for i in range(height))
    return width, height, rows


def pixel(rows: list[bytes], x: int, y: int) -> tuple[int, ...]:
    return tuple(rows[y][x * 3:x * 3 + 3])


def corner_of(sq: Square) -> tuple[int, int]:
    """A pixel inside the square, clear of its text."""
    return bp.CELL * (sq.col + 1) + 3, bp.CELL * (sq.row + 1) + 3


def test_the_picture_is_a_png_in_the_large_print_colours() -> None:
    board = Board()
    board.put(Square(7, 3), "C")
    board.put(Square(7, 4), "a")  # a blank
    width, height, rows = decode(bp.board_png(board))
    assert width == height == bp.SIDE
    assert pixel(rows, *corner_of(Square(7, 3))) == bp.TILE
    assert pixel(rows, *corner_of(Square(7, 4))) == bp.BLANK_TILE
    assert pixel(rows, *corner_of(Square(0, 0))) == bp.PREMIUMS["TW"][1]  # A1: triple word, red
    assert pixel(rows, *corner_of(Square(0, 3))) == bp.PREMIUMS["DL"][1]  # D1: double letter
    assert pixel(rows, *corner_of(Square(1, 5))) == bp.PREMIUMS["TL"][1]  # F2: triple letter
    assert pixel(rows, *corner_of(Square(1, 1))) == bp.PREMIUMS["DW"][1]  # B2: double word
    assert pixel(rows, *corner_of(Square(7, 7))) == bp.STAR[1]
    assert pixel(rows, *corner_of(Square(0, 1))) == bp.EMPTY
    # the letter is inked on its tile: black pixels inside C's square
    x0, y0 = bp.CELL * 4, bp.CELL * 8
    inked = {pixel(rows, x, y) for x in range(x0, x0 + bp.CELL) for y in range(y0, y0 + bp.CELL)}
    assert bp.BLACK in inked


def test_every_letter_and_digit_has_a_glyph() -> None:
    for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789*":
        glyph = bp.FONT[ch]
        assert len(glyph) == 7 and all(len(r) == 5 for r in glyph) and any("#" in r for r in glyph), ch
    assert len({bp.FONT[ch] for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"}) == 36  # all distinct
