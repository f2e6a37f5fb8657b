"""Play between homes.

A game across homes is a list of move records (``record``) exchanged
through a transport (``transport``: the seam; ``matrix``: Matrix, the only
module that knows it). The bag is dealt so that no one can peek into it
(``deal``), and every arriving record is checked with the rules core
before the game sees it (``referee``). Tokens, device keys and each
game's log are kept by ``store``. This layer imports core, notation and
persistence, never the console.
"""
