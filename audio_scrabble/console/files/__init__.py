"""Files: loading, offering, resuming and saving games (``saving``), what
a save keeps of the table beside the game (``table_settings``), which
word list a saved game is judged by (``word_lists``), a game
on file read into one record (``game_files``) and
``audio-scrabble emboss`` (``emboss_cli``).

Nothing is re-exported: import the module (``saving`` also gives the
session ``restore_settings``).
"""
