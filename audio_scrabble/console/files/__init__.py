"""Files: loading, offering, resuming and saving games (``saving``), a
game on file read into one record (``game_files``) and
``audio-scrabble emboss`` (``emboss_cli``).

Nothing is re-exported: import the module.
"""
