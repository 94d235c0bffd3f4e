"""What the user should know about the compiled kernels: are they in numba's cache yet?

The command line warns of a compile pause (the first run after an install) only when one is
coming, so it asks here whether the functions a run will call are cached. Where a run decides
as it goes which ones it calls (the trials of a count's method, :mod:`pentomino.search.choice`),
it says so just before the first call (:func:`before_first_run`), to whoever listens
(:func:`announced`).

Whether a function is cached is asked of numba's own cache object for it (numba 0.58 to 0.68
alike), not guessed from file names, because where the cache is depends on the install:

* ``NUMBA_CACHE_DIR`` set: only under that folder (a new folder: the first run there compiles,
  whatever the package's own ``__pycache__`` holds);
* else the ``__pycache__`` folder beside the module, if numba can write there;
* else (a read-only install, system-wide say) the user's cache folder
  (``~/.cache/numba``): compiled on a user's first run, loaded on every later one.

The cache object knows which of these it uses; its index holds one entry per compiled
version, each keyed by the signature, the machine (CPU and its features) and a hash of the
function's code, and is void when the source file's hash or numba's version changed. A function
is cached when its index has an entry for this machine and this code, as numba itself looks for
one before it compiles. These are numba's internals, not its public API: should they change,
:func:`is_cached` says "not cached" (the notice is then shown in vain, never missed).
"""

from __future__ import annotations

import contextlib
import os
import types
from collections.abc import Callable, Iterator
from typing import Protocol, cast

from pentomino.search import kernel

_listeners: list[Callable[[], None]] = []


class _Index(Protocol):
    def _load_index(self) -> dict[tuple[object, ...], object]: ...


class _Cache(Protocol):
    """numba's cache of one compiled function (``numba.core.caching.FunctionCache``)."""

    _cache_file: _Index
    """Its index file: ``_load_index()`` is ``{}`` when missing or void (source or numba changed)."""

    def _index_key(self, sig: object, codegen: object) -> tuple[object, ...]: ...


class _Target(Protocol):
    def codegen(self) -> object: ...


class Compiled(Protocol):
    """What is read here of a function compiled with ``njit(cache=True)`` (a numba dispatcher)."""

    py_func: types.FunctionType
    """The Python function it compiles."""
    _cache: _Cache
    targetctx: _Target


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
    """True if numba will load each of ``functions`` (compiled functions, made with
    ``njit(cache=True)``) from its on-disk cache rather than compile it (see the module's
    docstring for where that cache is). Always true when ``NUMBA_DISABLE_JIT=1`` (nothing
    compiles)."""
    if os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return True
    return all(_cached(f) for f in functions)


def _cached(function: Compiled) -> bool:
    try:
        cache = function._cache
        index = cache._cache_file._load_index()
        codegen = function.targetctx.codegen()
        return any(key == cache._index_key(key[0], codegen) for key in index)
    except Exception:  # numba's internals changed (or an index numba could not read either)
        return False


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
