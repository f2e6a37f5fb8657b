"""Reading a file a player named: a regular file only, and never more than
its kind can hold.

A word list, a game record, a save or a position is read whole into
memory, so a name that points at something endless (``/dev/zero``), at a
huge file, or at a FIFO with no writer (which would hang the game for
ever, silently) must be refused before it is read, in one sentence. Every
reader of such a file goes through :func:`read_limited`.

The refusals are ``OSError`` subclasses, so that every reader's existing
handling of a file that cannot be read (missing, not allowed) says them
too, with its own words around the reason (``e.strerror``):

* :class:`NotRegularFile`: a device, FIFO or socket ("it is a device,
  pipe or socket, not a file");
* :class:`FileTooLarge`: over the limit for its kind ("it is over 32 MB,
  too large for a word list").

This module sits just above the rules core in the house plan: it knows
files, not games.
"""

from __future__ import annotations

import errno
import os
import stat

KB = 1024
MB = 1024 * KB

#: the most each kind of file may hold (a word list of some megabytes, a
#: record or a save of some hundred kilobytes, a position of a few)
WORD_LIST_LIMIT = 32 * MB
#: a game's file: a GCG record or a save (a save's own limit, persistence.MAX_SAVE_BYTES, is the same)
GAME_FILE_LIMIT = 8 * MB
POSITION_LIMIT = 64 * KB

_CHUNK = 1 * MB


def size_said(limit: int) -> str:
    """``32 MB``, ``1 MB``, ``64 KB``: a limit as a player hears it."""
    return f"{limit // MB} MB" if limit >= MB else f"{limit // KB} KB"


class NotRegularFile(OSError):
    """A name that is a device, a FIFO or a socket, not a file."""

    def __init__(self, path: str):
        super().__init__(errno.EINVAL, "it is a device, pipe or socket, not a file", path)


class FileTooLarge(OSError):
    """A file over the limit for its kind."""

    def __init__(self, path: str, limit: int, kind: str):
        super().__init__(errno.EFBIG, f"it is over {size_said(limit)}, too large for {kind}", path)


def _check(path: str, st: os.stat_result, limit: int, kind: str) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(errno.EISDIR, "it is a folder", path)
    if not stat.S_ISREG(st.st_mode):
        raise NotRegularFile(path)
    if st.st_size > limit:
        raise FileTooLarge(path, limit, kind)


def read_limited(path: str | os.PathLike[str], limit: int, kind: str) -> bytes:
    """The bytes of the regular file ``path``, if it holds at most ``limit``.

    ``kind`` names what the file should be ("a word list", "a game record")
    for the refusal. Raises :class:`NotRegularFile` for a device, FIFO or
    socket (checked before it is opened, and opened without waiting for a
    writer, so a FIFO never hangs), :class:`FileTooLarge` over the limit
    (also when the file grows while it is read), ``IsADirectoryError`` for
    a folder, and the usual ``OSError`` for a missing or forbidden file.
    """
    shown = os.fspath(path)
    _check(shown, os.stat(shown), limit, kind)
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(shown, flags)
    try:
        _check(shown, os.fstat(fd), limit, kind)  # the name may have changed since the stat
        parts: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - got))
            if not chunk:
                break
            parts.append(chunk)
            got += len(chunk)
        if got > limit:
            raise FileTooLarge(shown, limit, kind)
        return b"".join(parts)
    finally:
        os.close(fd)
