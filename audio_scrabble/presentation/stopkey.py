"""The screen reader's stop key, seen by the game: Ctrl pressed.

A screen reader silences speech when Ctrl is pressed (Orca, NVDA, JAWS);
a terminal program never sees Ctrl pressed alone, so what the game speaks
itself (tts mode, or the cursor through Speech Dispatcher) would go on
after the player's stop key. Under X11 (Orca in an X session, or
XWayland with the terminal an X client) the X server reports every key
to a client that asks for XInput 2's raw key events, whichever window
has the focus: :class:`StopKeyWatcher` asks for them on a connection and
a thread of its own and calls ``on_stop`` at each press of either Ctrl
key, within a few milliseconds. The server sends it every key press (a
key code and no text); it acts on Ctrl's, and keeps nothing.

Where there is no X display (a text console, Windows, macOS, a Wayland
terminal), or no libX11/libXi, :func:`watch_stop_key` returns None and
the game's own speech stops at the next key the game gets instead.
It uses only ``ctypes``; nothing to install.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import select
import sys
import threading
from typing import Any, Callable

__all__ = ["StopKeyWatcher", "watch_stop_key"]

#: keysyms of the two Ctrl keys
_CONTROL_KEYSYMS = (0xFFE3, 0xFFE4)
_GENERIC_EVENT = 35
_XI_RAW_KEY_PRESS = 13
_XI_ALL_MASTER_DEVICES = 1
_XI_MASK_LEN = 4  # XI_LASTEVENT (26) >> 3, plus one


class _Cookie(ctypes.Structure):
    """XGenericEventCookie."""

    _fields_ = [
        ("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p), ("extension", ctypes.c_int), ("evtype", ctypes.c_int),
        ("cookie", ctypes.c_uint), ("data", ctypes.c_void_p),
    ]


class _Event(ctypes.Union):
    """XEvent: 24 longs, read here only as a cookie."""

    _fields_ = [("cookie", _Cookie), ("pad", ctypes.c_long * 24)]


class _RawEvent(ctypes.Structure):
    """The head of XIRawEvent, up to the key's code (``detail``)."""

    _fields_ = [
        ("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p), ("extension", ctypes.c_int), ("evtype", ctypes.c_int),
        ("time", ctypes.c_ulong), ("deviceid", ctypes.c_int), ("sourceid", ctypes.c_int),
        ("detail", ctypes.c_int), ("flags", ctypes.c_int),
    ]


class _EventMask(ctypes.Structure):
    """XIEventMask."""

    _fields_ = [("deviceid", ctypes.c_int), ("mask_len", ctypes.c_int),
                ("mask", ctypes.POINTER(ctypes.c_ubyte))]


#: Xlib's default handler of a protocol error prints and ends the process;
#: the watcher's requests are few and checked, so an error is ignored
_ERROR_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)
_ignore_error = _ERROR_HANDLER(lambda display, error: 0)
_init_lock = threading.Lock()
_initialised = False


def _libraries() -> tuple[Any, Any]:
    names = []
    for short, soname in (("X11", "libX11.so.6"), ("Xi", "libXi.so.6")):
        names.append(ctypes.util.find_library(short) or soname)
    x11, xi = (ctypes.CDLL(name) for name in names)
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XDefaultRootWindow.restype = ctypes.c_ulong
    x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x11.XQueryExtension.argtypes = [ctypes.c_void_p, ctypes.c_char_p, *[ctypes.POINTER(ctypes.c_int)] * 3]
    x11.XKeysymToKeycode.restype = ctypes.c_ubyte
    x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    for name in ("XFlush", "XPending", "XConnectionNumber", "XCloseDisplay"):
        getattr(x11, name).argtypes = [ctypes.c_void_p]
    x11.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Event)]
    x11.XGetEventData.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Cookie)]
    x11.XFreeEventData.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Cookie)]
    xi.XIQueryVersion.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
    xi.XISelectEvents.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(_EventMask), ctypes.c_int]
    x11.XSetErrorHandler.argtypes = [_ERROR_HANDLER]
    x11.XSetErrorHandler.restype = ctypes.c_void_p
    global _initialised
    with _init_lock:
        if not _initialised:  # each watcher has its own thread and connection
            x11.XInitThreads()
            x11.XSetErrorHandler(_ignore_error)
            _initialised = True
    return x11, xi


class StopKeyWatcher:
    """Calls ``on_stop()`` (on its own thread) at each press of Ctrl, as
    the X server at ``display`` (default: ``$DISPLAY``) reports it.

    The display is opened on the watcher's thread, so that a display that
    does not answer never holds up the game. ``ready`` is set once the
    watcher watches, or has given up (then ``error`` says why).
    :meth:`close` ends the watching; ``presses`` counts the presses seen.
    """

    def __init__(self, on_stop: Callable[[], None], display: str | None = None) -> None:
        self.on_stop = on_stop
        self.presses = 0
        self.error: str | None = None
        self.ready = threading.Event()
        self._display = display if display is not None else os.environ.get("DISPLAY", "")
        self._wake_read, self._wake_write = os.pipe()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="audio_scrabble-stop-key", daemon=True)
        self._thread.start()

    @property
    def watching(self) -> bool:
        return self.ready.is_set() and self.error is None and not self._closed

    def _open(self) -> tuple[Any, Any, int, set[int]]:
        if not self._display:
            raise OSError("no X display")
        x11, xi = _libraries()
        dpy = x11.XOpenDisplay(self._display.encode())
        if not dpy:
            raise OSError(f"cannot open X display {self._display}")
        try:
            opcode, first_event, first_error = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
            if not x11.XQueryExtension(dpy, b"XInputExtension", ctypes.byref(opcode),
                                       ctypes.byref(first_event), ctypes.byref(first_error)):
                raise OSError("the X server has no XInput extension")
            major, minor = ctypes.c_int(2), ctypes.c_int(2)
            if xi.XIQueryVersion(dpy, ctypes.byref(major), ctypes.byref(minor)) != 0:
                raise OSError("the X server has no XInput 2")
            bits = (ctypes.c_ubyte * _XI_MASK_LEN)()
            bits[_XI_RAW_KEY_PRESS >> 3] |= 1 << (_XI_RAW_KEY_PRESS & 7)
            mask = _EventMask(_XI_ALL_MASTER_DEVICES, _XI_MASK_LEN, bits)
            xi.XISelectEvents(dpy, x11.XDefaultRootWindow(dpy), ctypes.byref(mask), 1)
            x11.XFlush(dpy)
            codes = {x11.XKeysymToKeycode(dpy, sym) for sym in _CONTROL_KEYSYMS} - {0}
        except BaseException:
            x11.XCloseDisplay(dpy)
            raise
        return x11, dpy, opcode.value, codes

    def _run(self) -> None:
        try:
            try:
                x11, dpy, opcode, codes = self._open()
            except Exception as err:  # noqa: BLE001 - no display, no library, no XInput 2
                self.error = str(err) or type(err).__name__
                return
            finally:
                self.ready.set()
            try:
                self._watch(x11, dpy, opcode, codes)
            finally:
                x11.XCloseDisplay(dpy)
        finally:
            for end in (self._wake_read, self._wake_write):
                with contextlib.suppress(OSError):
                    os.close(end)

    def _watch(self, x11: Any, dpy: Any, opcode: int, codes: set[int]) -> None:
        fd = x11.XConnectionNumber(dpy)
        event = _Event()
        while not self._closed:
            while x11.XPending(dpy):
                x11.XNextEvent(dpy, ctypes.byref(event))
                if self._is_ctrl(x11, dpy, opcode, codes, event):
                    self.presses += 1
                    with contextlib.suppress(Exception):  # never let a stop end the watch
                        self.on_stop()
            try:
                ready, _, _ = select.select([fd, self._wake_read], [], [])
            except (OSError, ValueError):
                return
            if self._wake_read in ready:
                return

    @staticmethod
    def _is_ctrl(x11: Any, dpy: Any, opcode: int, codes: set[int], event: _Event) -> bool:
        cookie = event.cookie
        if cookie.type != _GENERIC_EVENT or cookie.extension != opcode:
            return False
        if not x11.XGetEventData(dpy, ctypes.byref(cookie)):
            return False
        try:
            if cookie.evtype != _XI_RAW_KEY_PRESS or not cookie.data:
                return False
            return ctypes.cast(cookie.data, ctypes.POINTER(_RawEvent)).contents.detail in codes
        finally:
            x11.XFreeEventData(dpy, ctypes.byref(cookie))

    def close(self) -> None:
        """Stop watching (the thread closes its display and ends)."""
        if self._closed:
            return
        self._closed = True
        with contextlib.suppress(OSError):
            os.write(self._wake_write, b"x")
        if threading.current_thread() is not self._thread:
            self._thread.join(2.0)


def watch_stop_key(on_stop: Callable[[], None]) -> StopKeyWatcher | None:
    """A watcher of Ctrl calling ``on_stop``, or None where the game cannot
    see Ctrl (no X display; see the module doc). Never raises, never waits."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None
    if not os.environ.get("DISPLAY"):
        return None
    try:
        return StopKeyWatcher(on_stop)
    except Exception:  # noqa: BLE001 - no thread, no pipe: no watching
        return None
