"""Questions and set-up: the one open question (``questions``), the
questions before a game (``setup``) and the table of settings
(``settings``).

Nothing is re-exported: import the module.
"""
