"""numba, typed: the decorator every compiled function of the package is made with.

numba ships no type information, so to mypy ``njit`` and every function it compiles are Any,
and a call of a compiled function is checked against nothing. :func:`compiled` is ``njit``
typed as what it is for the caller: the compiled function is called as the function it
compiles. It returns numba's own dispatcher, so what numba compiles is the same as with
``njit``.

Where a compiled function returns what mypy sees as Any (an element of an array, a comparison
of NumPy scalars: numpy's stubs type them so), it names the value in a typed local first and
returns that: ``typing.cast`` does not compile, and the local costs nothing once compiled.

This module imports nothing of the package, so that every module with compiled code can
import it without a circle: :mod:`~pentomino.search.kernel` (which imports nothing else of the
package), :mod:`~pentomino.search.memo` and :mod:`~pentomino.search.estimate`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

import numpy as np
from numba import njit

F = TypeVar("F", bound=Callable[..., object])

Int = int | np.int64
"""An integer of compiled code (numba's int64): a Python int or a NumPy int64 when the code
runs as Python (``NUMBA_DISABLE_JIT=1``, and to mypy, where an ``np.int64(...)`` is not an int)."""


def compiled(**options: object) -> Callable[[F], F]:
    """numba's ``njit(**options)``, typed: the compiled function is called as the function it
    compiles. (The dispatcher's own attributes, ``py_func`` and the like, are not in this type:
    see :class:`pentomino.search.kernel_cache.Compiled`.)"""
    return cast("Callable[[F], F]", njit(**options))
