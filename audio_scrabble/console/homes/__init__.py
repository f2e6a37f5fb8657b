"""Play between homes: a game between homes at the table
(``online_table``; the link's view as the table takes it, ``online_view``;
a game not open at the table, ``online_away``; its checked end,
``online_end``), an honour game at the table (``honour_table``), the
signed-in player's games (``online_home``, ``online_watch``; resumed
from the logs at sign-in, ``online_resuming``; as ``games``
lists them, ``online_games``; a game this device cannot
read yet, asked for, ``online_catching``; what the
player has seen of each, ``online_since``; an offer's terms shown with
its invitation, ``online_terms``), their
commands (``online_commands``), ``audio-scrabble online``
(``online_start``), and correspondence games (``online_clock``,
``online_corresp``).

Nothing is re-exported: import the module.
"""
