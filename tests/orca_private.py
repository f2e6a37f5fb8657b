"""Run Orca for the end-to-end test without touching any other Orca.

Orca's launcher (``/usr/bin/orca``) names its process ``orca``, refuses to
start while another process of that name runs for the same user, and with
``--replace`` kills every one of them: a blind developer running the tests
would lose their own screen reader. This runs the same launcher, under
the system's Python, with two of its functions changed:

* the process is named :data:`NAME`, never ``orca``, so that neither the
  player's Orca (``orca --replace``) nor a ``pgrep -x orca`` counts it;
* it looks for no other Orca (``otherOrcas`` finds none): it runs on its
  own display and session bus, where no other is;
* its debug log (``--debug-file``) is written line by line, so that the
  test can read it as it goes.

``--replace`` and ``--setup`` (which kill the other Orcas too) are refused.
Usage: ``python3 tests/orca_private.py [orca's options]``.
"""

from __future__ import annotations

import builtins
import importlib.machinery
import importlib.util
import shutil
import sys

#: the process name of the test's Orca (at most 15 characters, as the kernel keeps)
NAME = "scrabble-orca"

#: options of Orca's that end other Orcas of the user
REFUSED = ("--replace", "-r", "--setup", "-s")


def _line_buffered_open(file, mode="r", *args, **kwargs):  # type: ignore[no-untyped-def]
    if "w" in mode and "b" not in mode and not args:
        kwargs.setdefault("buffering", 1)
    return builtins.open(file, mode, *args, **kwargs)


def main(argv: list[str]) -> int:
    refused = [a for a in argv if a in REFUSED]
    if refused:
        print(f"orca_private: {refused[0]} would end other Orcas; refused", file=sys.stderr)
        return 2
    path = shutil.which("orca")
    if path is None:
        print("orca_private: orca is not installed", file=sys.stderr)
        return 2
    loader = importlib.machinery.SourceFileLoader("orca_launcher", path)
    spec = importlib.util.spec_from_loader("orca_launcher", loader)
    assert spec is not None
    launcher = importlib.util.module_from_spec(spec)
    loader.exec_module(launcher)
    rename = getattr(launcher, "setProcessName")
    setattr(launcher, "setProcessName", lambda name: rename(NAME))
    setattr(launcher, "otherOrcas", lambda: [])
    setattr(launcher, "open", _line_buffered_open)  # the debug file, opened by the launcher
    sys.argv = [NAME, *argv]
    return int(getattr(launcher, "main")() or 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
