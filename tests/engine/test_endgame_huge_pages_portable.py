"""The end-game's tables on huge pages (eg4) must leave the C move
generator compiling where there is no aligned_alloc: MinGW's C library on
Windows has none, nor macOS before 10.15. Here such a platform is
pretended: the file is compiled with Linux's macros taken away and
aligned_alloc poisoned (any use of it an error)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[2] / "audio_scrabble" / "engine" / "_movegen_c.c"


def _compile_without_aligned_alloc(tmp_path: Path) -> subprocess.CompletedProcess[str]:
    gcc = shutil.which("gcc")
    include = sysconfig.get_paths().get("include")
    if gcc is None:
        pytest.skip("gcc is not installed (Debian package gcc)")
    if not include or not os.path.exists(os.path.join(include, "Python.h")):
        pytest.skip("Python.h is missing (Debian package python3-dev)")
    wrap = tmp_path / "no_aligned_alloc.c"
    wrap.write_text(f'#include <stdlib.h>\n#pragma GCC poison aligned_alloc\n#include "{SOURCE}"\n')
    return subprocess.run([gcc, "-fsyntax-only", "-U__linux__", "-U__linux", "-Ulinux", f"-I{include}", str(wrap)],
                          capture_output=True, text=True, timeout=120)


def test_the_generator_compiles_where_there_is_no_aligned_alloc(tmp_path: Path) -> None:
    done = _compile_without_aligned_alloc(tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
