"""The options of the verbs (solve, count, check, estimate, resume), each checked here, once.

Every way in (a program calling :mod:`pentomino.api` or a puzzle's methods, the command line,
the page) passes its options through these functions, so a rule lives in one place and its
message names the library's argument (:class:`~pentomino.errors.OptionError`); the command line
and the page say it with their own names (``--jobs``, a request's field). The search below
takes its options as given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pentomino.errors import OptionError
from pentomino.model.symmetry import SYMMETRY_MODES, SymmetryMode

CountMethod = Literal["auto", "search", "memo"]
"""How a count is taken: ``"search"`` enumerates the tilings and breaks the symmetry, ``"memo"``
counts the states of the frontier and takes orbits by Burnside's lemma, ``"auto"`` takes the one
that costs less (:mod:`pentomino.search.choice`)."""
COUNT_METHODS: tuple[CountMethod, ...] = ("auto", "search", "memo")

Progress = Callable[[int, int, int, int], None]
"""Called as ``progress(found, nodes, parts_done, parts_known)`` while a search runs."""

LOCAL = "local"
"""The scheduler address that starts a Dask cluster on this machine instead of reaching one."""


def symmetry_mode(value: object, argument: str = "symmetry") -> SymmetryMode:
    """``value`` as a symmetry mode."""
    for mode in SYMMETRY_MODES:
        if value == mode:
            return mode
    raise OptionError((argument,), f"must be one of {', '.join(SYMMETRY_MODES)}, not {value!r}")


def count_method(value: object) -> CountMethod:
    """``value`` as a counting method."""
    for method in COUNT_METHODS:
        if value == method:
            return method
    raise OptionError(("method",), f"must be one of {', '.join(COUNT_METHODS)}, not {value!r}")


def at_least(value: object, least: int, argument: str) -> int:
    """``value``, a whole number of at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise OptionError((argument,), f"must be a whole number, {least} or more, not {value!r}")
    return value


def maybe_at_least(value: object, least: int, argument: str) -> int | None:
    """``value``, None or a whole number of at least ``least``."""
    return None if value is None else at_least(value, least, argument)


def jobs(value: object) -> int | None:
    """Processes: None (one while the work is quick, every core once it proves long) or 1 or more."""
    return maybe_at_least(value, 1, "jobs")


def seed(value: object) -> int | None:
    """A random order's seed: None (a new order each time) or a whole number, 0 or more."""
    return maybe_at_least(value, 0, "seed")


def bounds(*, max: object = None, max_memory: object = None) -> tuple[int | None, int | None]:
    """A count's ``max`` (solutions, 1 or more) and ``max_memory`` (bytes, 1 or more)."""
    return maybe_at_least(max, 1, "max"), maybe_at_least(max_memory, 1, "max_memory")


def check_method(*, count: bool, method: CountMethod) -> None:
    """A check stops at the second solution unless it counts them all: the memo method only
    counts them all."""
    if method == "memo" and not count:
        raise OptionError(("method", "count"), "go together with method 'memo': a check stops at the second "
                                               "solution unless it counts them all, and the memo method counts "
                                               "them all")


def whole_count(*, max: int | None, max_memory: int | None, method: CountMethod,
                checkpoint: object, scheduler: object) -> None:
    """The memo method counts the whole puzzle: no ``max`` with it. A checkpoint or a cluster
    enumerates the whole search: no ``max``, ``max_memory`` or memo method with them."""
    if method == "memo" and max is not None:
        raise OptionError(("method", "max"), "do not go together: the memo method counts the whole puzzle "
                                             "(method 'memo' takes no max)")
    for name, given, why, who in (("scheduler", scheduler, "a cluster counts the whole search", "a cluster"),
                                  ("checkpoint", checkpoint, "a checkpoint records a whole count",
                                   "a checkpointed count")):
        if given is None:
            continue
        if max is not None:
            raise OptionError(("max", name), f"do not go together: {why}")
        if max_memory is not None:
            raise OptionError(("max_memory", name), f"do not go together: {who} enumerates, it keeps no "
                                                    "tables of states")
        if method == "memo":
            raise OptionError(("method", name), f"do not go together: {who} enumerates (method 'memo' "
                                                "counts states)")
