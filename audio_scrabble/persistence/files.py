"""Files that are whole or not there: atomic writes, unique names, and locks.

Two kinds of file are written, and they differ only in who may read them:

* ``PRIVATE`` (0600): saves. A save of a game in play holds every rack
  and the order of the bag, that is every tile each player will draw;
  reading it is looking into the bag. Other people on the computer have
  no business with it, so it is readable by its owner only.
* ``SHARED`` (0666 less the umask, so 0644 typically): game records,
  exports, braille files. They are meant to be passed on, printed,
  opened by other programs; they get the permissions any other program's
  new file gets.

A lock (:class:`FolderLock`) says "this game's files are in use by a
running game": it is an OS lock on a small file (``fcntl`` on POSIX,
``msvcrt`` on Windows, imported only when a lock is taken), released by
the OS when the process ends however it ends, so a crash never leaves a
game locked.
"""

from __future__ import annotations

import errno
import os
import secrets
from datetime import datetime
from pathlib import Path
from typing import Callable, TypeVar

_T = TypeVar("_T")

#: Mode of a file only its owner may read (before the umask).
PRIVATE = 0o600
#: Mode of a file anyone may read, as the umask allows (0644 typically).
SHARED = 0o666

TEMP_SUFFIX = ".tmp"
_SUFFIXES = (".unfinished.json", ".json", ".gcg")


def now() -> datetime:
    """The local time, with its zone (tests replace it to move the clock)."""
    return datetime.now().astimezone()


def iso(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


def file_stamp(moment: datetime | None = None) -> str:
    return (moment or now()).strftime("%Y%m%dT%H%M%S")


def fsync_dir(folder: Path) -> None:
    """Flush a folder's entries (renames) to disk; a no-op where unsupported."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # e.g. Windows: folders cannot be opened, and renames are durable there
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _new_temporary(path: Path, mode: int) -> tuple[int, str]:
    """A new, empty temporary file beside ``path`` (``.<name>.<random>.tmp``),
    created with ``mode`` less the umask, as an open descriptor and its name."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
    for _ in range(100):
        name = str(path.parent / f".{path.name}.{secrets.token_hex(4)}{TEMP_SUFFIX}")
        try:
            return os.open(name, flags, mode), name
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {path}")


def _written_then(path: Path, data: bytes, mode: int, place: Callable[[str], _T]) -> _T:
    """Write ``data`` to a new temporary file beside ``path`` (see
    :func:`_new_temporary`), flush it to disk, and ``place`` it (given its
    name): what ``place`` returns. On any failure the temporary file is
    removed and the error raised."""
    fd, tmp = _new_temporary(path, mode)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        return place(tmp)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def atomic_write(path: Path, data: bytes, mode: int = PRIVATE) -> None:
    """Write ``data`` to ``path`` so that it holds the old bytes or the new, whole.

    A temporary file in the same folder (created with ``mode``, less the
    umask) is written and flushed to disk, then renamed over ``path``;
    then the folder is flushed. On failure the temporary file is removed
    and the OSError raised.
    """
    _written_then(path, data, mode, lambda tmp: os.replace(tmp, path))
    fsync_dir(path.parent)


def numbered(path: Path, n: int) -> Path:
    """``path`` with ``-n`` before its suffix (``x.damaged-...-2.json``,
    ``...-Alice-v-Bob-2.gcg``, ``notes-2.txt``); ``path`` itself for 1."""
    if n <= 1:
        return path
    name = path.name
    ext = next((e for e in _SUFFIXES if name.endswith(e) and len(name) > len(e)), path.suffix)
    base = name[: len(name) - len(ext)] if ext else name
    return path.with_name(f"{base}-{n}{ext}")


def unique(path: Path) -> Path:
    """``path``, or the same name with ``-2``, ``-3``... before its suffix if taken."""
    n = 1
    while os.path.lexists(numbered(path, n)):
        n += 1
    return numbered(path, n)


def replace_file(path: Path, data: bytes, mode: int = SHARED) -> Path:
    """Write ``data`` over the file at ``path``, whole or not at all, as
    the player asked: a link is followed (the file it names is replaced,
    the link stays), and a file that is there keeps its permissions (a
    private 0600 file stays private). A new file gets ``mode``. Returns
    the file written. Raises ``OSError`` for what is not a regular file.
    """
    import stat as _stat

    target = Path(os.path.realpath(path))
    try:
        st = os.stat(target)
    except FileNotFoundError:
        atomic_write(target, data, mode)
        return target
    if _stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(errno.EISDIR, "it is a folder", str(path))
    if not _stat.S_ISREG(st.st_mode):
        raise OSError(errno.EINVAL, "it is a device, pipe or socket, not a file", str(path))
    kept = _stat.S_IMODE(st.st_mode)
    atomic_write(target, data, kept & PRIVATE)  # never more open than it was, while it is written
    os.chmod(target, kept)
    return target


def write_new(path: Path, data: bytes, mode: int = PRIVATE) -> Path:
    """Write ``data`` whole (as :func:`atomic_write`) to ``path``, or to the
    next free name if it is taken, never replacing a file another process
    writes at the same moment (see :func:`move_to_free_name`). Returns the
    name written."""
    written = _written_then(path, data, mode, lambda tmp: move_to_free_name(Path(tmp), path))
    fsync_dir(path.parent)
    return written


def move_to_free_name(src: Path, target: Path) -> Path:
    """Move ``src`` to ``target``, or to the next free name :func:`unique`
    gives, never onto a name another process is taking at the same moment
    (two windows putting away games of the same players begun in the same
    second chose one name, and the second rename replaced the first game).

    The name is taken by a hard link, which fails if the name exists; then
    ``src`` is removed (a crash in between leaves the game under both names,
    never under none). Where links cannot be made, the name is created
    exclusively first and ``src`` renamed onto it. Returns where it went;
    raises OSError as ``os.replace`` would.
    """
    for _ in range(1000):
        taken = unique(target)
        try:
            os.link(src, taken)
        except FileExistsError:
            continue  # another process took it after unique() looked: the next one
        except OSError as e:
            if isinstance(e, FileNotFoundError) or not _links_unsupported(e):
                raise
            if os.path.isdir(src) and not os.path.islink(src):
                os.rename(src, taken)  # a folder is neither linked nor renamed onto a file
                return taken
            try:
                os.close(os.open(taken, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), PRIVATE))
            except FileExistsError:
                continue
            try:
                os.replace(src, taken)  # onto the empty file this process made
            except OSError:
                os.unlink(taken)
                raise
            return taken
        os.unlink(src)
        return taken
    raise FileExistsError(f"no free name for {target.name} in {target.parent}")


def _links_unsupported(e: OSError) -> bool:
    """Whether a failed link means this file system makes no hard links."""
    import errno

    return e.errno in {errno.EPERM, errno.EACCES, errno.EXDEV, errno.EMLINK,
                       getattr(errno, "ENOTSUP", -1), getattr(errno, "EOPNOTSUPP", -1)}


# ------------------------------------------------------------------ locks
#: Locks this process holds, by lock file: a process holds a lock once,
#: however many stores ask for it (so a test that restarts a session in
#: the same process finds its game, on every system alike).
_HELD: dict[str, "FolderLock"] = {}


class FolderLock:
    """An exclusive lock on ``path`` (created if missing), held by this process.

    ``FolderLock.take(path)`` returns the lock, or None if another process
    holds it. Where the folder cannot hold a lock file (read-only, or a
    file system without locks) the lock is taken "on trust" (``trusted``
    is False): the game goes on, and saving says what is wrong.
    """

    def __init__(self, path: Path, fd: int | None):
        self.path = path
        self._fd = fd
        self.users = 1

    @property
    def trusted(self) -> bool:
        return self._fd is not None

    @classmethod
    def take(cls, path: Path) -> "FolderLock | None":
        key = os.path.abspath(path)
        held = _HELD.get(key)
        if held is not None:
            held.users += 1
            return held
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), PRIVATE)
        except OSError:
            lock = cls(path, None)  # no lock can be made here: nothing to protect either
            _HELD[key] = lock
            return lock
        try:
            busy = not _lock_fd(fd)
        except OSError:
            busy = False  # locks unsupported: behave as one process did before locks
        if busy:
            os.close(fd)
            return None
        lock = cls(path, fd)
        _HELD[key] = lock
        return lock

    @staticmethod
    def busy(path: Path) -> bool:
        """Whether another process holds the lock on ``path`` (False if none does,
        or this process does). Takes and drops it to find out."""
        if os.path.abspath(path) in _HELD:
            return False
        try:
            fd = os.open(path, os.O_RDWR | getattr(os, "O_BINARY", 0))
        except OSError:
            return False  # no lock file: nobody ever locked it
        try:
            try:
                free = _lock_fd(fd)
            except OSError:
                return False
            if free:
                _unlock_fd(fd)
            return not free
        finally:
            os.close(fd)

    def release(self) -> None:
        """Give the lock up (when the last user in this process lets go)."""
        self.users -= 1
        if self.users > 0:
            return
        _HELD.pop(os.path.abspath(self.path), None)
        if self._fd is not None:
            try:
                _unlock_fd(self._fd)
            except OSError:
                pass
            os.close(self._fd)
            self._fd = None


def _lock_fd(fd: int) -> bool:
    """Try to lock ``fd`` exclusively without waiting: True if locked, False if
    another process holds it. OSError if the system cannot lock it."""
    if os.name == "nt":
        import msvcrt

        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]  # Windows only
        except PermissionError:
            return False
        except OSError as e:
            if e.errno in (13, 36):  # EACCES, EDEADLOCK: held elsewhere
                return False
            raise
        return True
    import fcntl

    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except (BlockingIOError, PermissionError):
        return False
    except OSError as e:
        if e.errno in (11, 13, 35):  # EAGAIN, EACCES, EWOULDBLOCK (BSD)
            return False
        raise
    return True


def _unlock_fd(fd: int) -> None:
    if os.name == "nt":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]  # Windows only
        return
    import fcntl

    fcntl.lockf(fd, fcntl.LOCK_UN)
