#!/usr/bin/env python3
"""An external engine for ``bench/strength.py --external``: the protocol's reference.

Reads one CGP position a line on standard input (the mover's rack first,
the opponent's hidden, ``bag N;``), answers one line: the play of this
game's own ``club`` level in tournament notation, ``pass``, or
``exchange TILES``. Wrap Quackle or Macondo the same way to pit them
against the levels:

    python bench/strength.py --pairs expert-external --external "python bench/external_example.py"
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    from audio_scrabble.engine import MoveGenerator
    from audio_scrabble.lexicon import Lexicon
    from audio_scrabble.notation import position_from_cgp

    gen = MoveGenerator(Lexicon.default())
    for line in sys.stdin:
        pos = position_from_cgp(line.strip())
        moves = gen.generate(pos.board, list(pos.racks[0]))
        if moves:
            pos_text, word = moves[0].notation()
            print(f"{pos_text} {word}", flush=True)
        elif int(pos.opcode("bag") or 0) >= 7:
            print("exchange " + "".join(sorted(pos.racks[0])), flush=True)
        else:
            print("pass", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
