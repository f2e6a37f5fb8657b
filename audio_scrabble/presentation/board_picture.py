"""A large-print picture of the board, as a PNG (pure Python: zlib only).

Sent with each move of an honour game (a friend on a phone sees the
board as a picture; its alt text is the move's sentence). The large-print
set's colours (:mod:`.largeprint`): tiles yellow with a bold black letter
and its points below right; double letter light blue, triple letter dark
blue (white code), double word pink, triple word red (white code), the
centre star pink; a blank a pale tile with its letter and no points.
Nothing depends on colour alone: every premium square carries its code
(``2L 3L 2W 3W``, ``**``), as the printed large-print board does. Column
letters run along the top, row numbers down the left.
"""

from __future__ import annotations

import struct
import zlib

from ..core.board import COLUMNS, SIZE, Board, Square, premium_at
from ..core.tiles import tile_value

#: pixels a square takes each way
CELL = 54
#: the picture's width and height (a label row and column, then the board)
SIDE = CELL * (SIZE + 1)

RGB = tuple[int, int, int]
BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)
GRID: RGB = (60, 60, 60)
EMPTY: RGB = (238, 236, 224)
LABEL_BACK: RGB = (255, 255, 255)
TILE: RGB = (255, 221, 51)  # the large-print set's yellow tiles
BLANK_TILE: RGB = (255, 248, 214)
BLANK_INK: RGB = (90, 90, 90)
#: premium code -> (label, background, ink): the print board's colours
PREMIUMS: dict[str, tuple[str, RGB, RGB]] = {
    "DL": ("2L", (150, 220, 255), BLACK),  # light blue
    "TL": ("3L", (20, 70, 170), WHITE),  # dark blue
    "DW": ("2W", (255, 170, 215), BLACK),  # pink
    "TW": ("3W", (200, 20, 30), WHITE),  # red
}
STAR = ("**", (255, 170, 215), BLACK)

# A 5 by 7 font: each glyph seven rows of five, "#" inked.
_FONT_ROWS = {
    "A": ".###.#...##...#######...##...##...#",
    "B": "####.#...##...#####.#...##...#####.",
    "C": ".###.#...##....#....#....#...#.###.",
    "D": "####.#...##...##...##...##...#####.",
    "E": "######....#....####.#....#....#####",
    "F": "######....#....####.#....#....#....",
    "G": ".###.#...##....#.####...##...#.####",
    "H": "#...##...##...#######...##...##...#",
    "I": ".###...#....#....#....#....#...###.",
    "J": "..###...#....#....#....#.#..#..##..",
    "K": "#...##..#.#.#..##...#.#..#..#.#...#",
    "L": "#....#....#....#....#....#....#####",
    "M": "#...###.###.#.##.#.##...##...##...#",
    "N": "#...###..##.#.##..###...##...##...#",
    "O": ".###.#...##...##...##...##...#.###.",
    "P": "####.#...##...#####.#....#....#....",
    "Q": ".###.#...##...##...##.#.##..#..##.#",
    "R": "####.#...##...#####.#.#..#..#.#...#",
    "S": ".#####....#.....###.....#....#####.",
    "T": "#####..#....#....#....#....#....#..",
    "U": "#...##...##...##...##...##...#.###.",
    "V": "#...##...##...##...##...#.#.#...#..",
    "W": "#...##...##...##.#.##.#.##.#.#.#.#.",
    "X": "#...##...#.#.#...#...#.#.#...##...#",
    "Y": "#...##...#.#.#...#....#....#....#..",
    "Z": "#####....#...#...#...#...#....#####",
    "0": ".###.#...##..###.#.###..##...#.###.",
    "1": "..#...##....#....#....#....#...###.",
    "2": ".###.#...#....#...#...#...#...#####",
    "3": "#####...#...#.....#.....##...#.###.",
    "4": "...#...##..#.#.#..#.#####...#....#.",
    "5": "######....####.....#....##...#.###.",
    "6": "..##..#...#....####.#...##...#.###.",
    "7": "#####....#...#...#...#....#....#...",
    "8": ".###.#...##...#.###.#...##...#.###.",
    "9": ".###.#...##...#.####....#...#..##..",
    "*": ".....#.#.#.###.#####.###.#.#.#.....",
}
FONT: dict[str, tuple[str, ...]] = {}
for _ch, _bits in _FONT_ROWS.items():
    FONT[_ch] = tuple(_bits[r * 5:(r + 1) * 5] for r in range(7))


class _Canvas:
    """An RGB picture being drawn (rows of bytes)."""

    def __init__(self, width: int, height: int, back: RGB) -> None:
        self.width, self.height = width, height
        self.rows = [bytearray(bytes(back) * width) for _ in range(height)]

    def fill(self, x: int, y: int, w: int, h: int, colour: RGB) -> None:
        span = bytes(colour) * w
        for row in self.rows[y:y + h]:
            row[x * 3:(x + w) * 3] = span

    def text(self, x: int, y: int, text: str, scale: int, ink: RGB) -> None:
        for ch in text:
            glyph = FONT.get(ch.upper())
            if glyph is not None:
                for r, line in enumerate(glyph):
                    for c, bit in enumerate(line):
                        if bit == "#":
                            self.fill(x + c * scale, y + r * scale, scale, scale, ink)
            x += 6 * scale

    def png(self) -> bytes:
        raw = b"".join(b"\x00" + bytes(row) for row in self.rows)
        return png_bytes(self.width, self.height, raw)


def text_width(text: str, scale: int) -> int:
    return (6 * len(text) - 1) * scale


def png_bytes(width: int, height: int, raw: bytes) -> bytes:
    """A PNG of 8-bit RGB rows already filtered (a 0 byte before each row)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def _square(canvas: _Canvas, board: Board, sq: Square, x: int, y: int) -> None:
    inner = CELL - 2
    tile = board[sq]
    if tile:
        blank = tile.islower()
        canvas.fill(x, y, inner, inner, BLANK_TILE if blank else TILE)
        ink = BLANK_INK if blank else BLACK
        canvas.text(x + 6, y + 5, tile.upper(), 5, ink)
        if not blank:
            points = str(tile_value(tile))
            canvas.text(x + inner - 3 - text_width(points, 2), y + inner - 3 - 14, points, 2, ink)
        return
    prem = premium_at(sq)
    if prem is None:
        canvas.fill(x, y, inner, inner, EMPTY)
        return
    label, back, ink = STAR if prem.is_star else PREMIUMS[prem.code]
    canvas.fill(x, y, inner, inner, back)
    canvas.text(x + (inner - text_width(label, 3)) // 2, y + (inner - 21) // 2, label, 3, ink)


def board_png(board: Board) -> bytes:
    """The board as a large-print PNG picture (:data:`SIDE` pixels square)."""
    canvas = _Canvas(SIDE, SIDE, LABEL_BACK)
    canvas.fill(CELL, CELL, CELL * SIZE, CELL * SIZE, GRID)
    for i in range(SIZE):
        letter, number = COLUMNS[i], str(i + 1)
        canvas.text(CELL * (i + 1) + (CELL - text_width(letter, 4)) // 2, (CELL - 28) // 2, letter, 4, BLACK)
        scale = 4 if len(number) == 1 else 3
        canvas.text((CELL - text_width(number, scale)) // 2, CELL * (i + 1) + (CELL - 7 * scale) // 2, number, scale,
                    BLACK)
    for r in range(SIZE):
        for c in range(SIZE):
            _square(canvas, board, Square(r, c), CELL * (c + 1) + 1, CELL * (r + 1) + 1)
    return canvas.png()


__all__ = ["board_png", "png_bytes", "SIDE", "CELL"]
