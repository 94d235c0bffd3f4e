"""What the user should know about the compiled kernels: are they in numba's cache yet?

The command line warns of a compile pause (the first run after an install) only when one is
coming, so it asks here whether the functions a run will call are cached. Where a run decides
as it goes which ones it calls (the trials of a count's method, :mod:`pentomino.search.choice`),
it says so just before the first call (:func:`before_first_run`), to whoever listens
(:func:`announced`). Each function is
found by its own name, file and line (what numba names its cache index after), read from the
function itself: renaming or moving a kernel cannot silently break the notice.
"""

from __future__ import annotations

import contextlib
import os
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Protocol, cast

from pentomino.search import kernel

_listeners: list[Callable[[], None]] = []


class Compiled(Protocol):
    """What is read here of a function compiled with ``njit(cache=True)`` (a numba dispatcher)."""

    py_func: types.FunctionType
    """The Python function it compiles."""


def kernels(*, memo: bool = False, estimate: bool = False) -> tuple[Compiled, ...]:
    """The compiled functions a run calls: every search's kernel and the builders of its
    tables; with ``memo`` the memoised count's, with ``estimate`` the estimate's. (Their modules
    load only when asked for: a plain count need not import the estimate's, a few tens of
    milliseconds of its start-up.)"""
    from pentomino.search import placements, tables

    # numba ships no type information: to mypy a compiled function is Any.
    wanted = [cast(Compiled, f) for f in (
        kernel._search, kernel._dead_placements, placements._put_shapes, placements._sorted_once,
        placements._neighbours, placements._sizes_made, tables._placement_images, tables._bit_windows,
        tables._placement_neighbours, tables._lone_cell_tables, tables._candidate_rows)]
    if memo:
        from pentomino.search import memo as memoised

        wanted.append(cast(Compiled, memoised._sweep))
    if estimate:
        from pentomino.search import probes as probing

        wanted.append(cast(Compiled, probing._probes))
    return tuple(wanted)


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


@contextlib.contextmanager
def announced(say: Callable[[], None]) -> Iterator[None]:
    """While in the block, ``say()`` is called just before compiled code that is not in the
    cache runs for the first time (see :func:`before_first_run`)."""
    _listeners.append(say)
    try:
        yield
    finally:
        _listeners.remove(say)


def before_first_run(*functions: Compiled) -> None:
    """``functions`` are about to run: tell the listeners if one is not in the cache (a compile
    pause is coming). Looks at the cache only while someone listens."""
    if _listeners and not is_cached(*functions):
        for say in list(_listeners):
            say()
