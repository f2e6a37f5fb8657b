"""Output to terminal, speech, braille and sound: the transcript and the
board reader (``output``), braille display mode and the screen stream
(``brailleview``), sound cues (``cues``), key bindings (``keys``), a board
key's answer on the input line (``answer_line``), the prompt's line
histories (``histories``) and the board cursor (``cursor``).

Nothing is re-exported: import the module.
"""
