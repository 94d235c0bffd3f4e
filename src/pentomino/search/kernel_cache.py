"""What the user should know about the compiled kernels: are they in numba's cache yet?

The command line warns of a compile pause (the first run after an install) only when one is
coming, so it asks here whether the functions a run will call are cached. Each function is
found by its own name, file and line (what numba names its cache index after), read from the
function itself: renaming or moving a kernel cannot silently break the notice.
"""

from __future__ import annotations

import os
import sys
import types
from pathlib import Path
from typing import Protocol, cast

from pentomino.search import estimate, kernel, memo


class Compiled(Protocol):
    """What is read here of a function compiled with ``njit(cache=True)`` (a numba dispatcher)."""

    py_func: types.FunctionType
    """The Python function it compiles."""


# numba ships no type information: to mypy a compiled function is Any, or the function it compiles.
SEARCH = (cast(Compiled, kernel._search),)
"""What every search calls."""
MEMO = (cast(Compiled, memo._sweep),)
"""What a memoised count calls besides."""
ESTIMATE = (cast(Compiled, estimate._probes),)
"""What an estimate calls besides."""


def is_cached(*functions: Compiled) -> bool:
    """True if numba's on-disk cache holds each of ``functions`` (compiled functions, made with
    ``njit(cache=True)``): in the ``__pycache__`` folder beside their module, or under
    ``NUMBA_CACHE_DIR``. Always true when ``NUMBA_DISABLE_JIT=1`` (nothing compiles)."""
    if os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return True
    return all(_cached(f) for f in functions)


def _cached(function: Compiled) -> bool:
    code = function.py_func.__code__
    source = Path(code.co_filename)
    name = f"{source.stem}.{function.py_func.__qualname__}-{code.co_firstlineno}"
    pattern = f"{name.replace('<', '').replace('>', '')}.py{sys.version_info[0]}{sys.version_info[1]}*.nbi"
    roots = [source.with_name("__pycache__")]
    if os.environ.get("NUMBA_CACHE_DIR"):
        roots.append(Path(os.environ["NUMBA_CACHE_DIR"]))
    return any(any(root.rglob(pattern)) for root in roots if root.exists())
