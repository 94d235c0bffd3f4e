"""The options of the verbs (solve, count, check, estimate, resume), each checked here, once.

Every way in (a program calling :mod:`pentomino.api` or a puzzle's methods, the command line,
the page) passes its options through these functions, so a rule lives in one place and its
message names the library's argument (:class:`~pentomino.errors.OptionError`); the command line
and the page say it with their own names (``--jobs``, a request's field). The search below
takes its options as given.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection
from typing import Literal

from pentomino.errors import OptionError, Term
from pentomino.model.symmetry import SYMMETRY_MODES, SymmetryMode
from pentomino.tuning import MIN_MAX_MEMORY

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


def cores() -> int:
    """The cores this process may use (those its CPU affinity allows, where the system tells)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def jobs(value: object) -> int | None:
    """Processes: None (one while the work is quick, every core once it proves long) or 1 or
    more, and no more than the machine's :func:`cores`: more processes than cores only take
    turns on them, each with its own tables and start-up (1000 of them on 2 cores made a count
    of 6x10 ten times as long, as issue 24 reports), so more are taken as that many
    (:func:`jobs_beyond_cores` tells, for a front end to say)."""
    given = maybe_at_least(value, 1, "jobs")
    return None if given is None else min(given, cores())


def jobs_beyond_cores(value: object) -> str | None:
    """Why ``value`` (jobs that :func:`jobs` takes) is not the number of processes used, or None
    when it is: the words of a warning, after the argument's name."""
    if isinstance(value, int) and not isinstance(value, bool) and value > cores():
        return f"is more than the {cores()} cores of this machine: {cores()} processes are used"
    return None


def seed(value: object) -> int | None:
    """A random order's seed: None (a new order each time) or a whole number, 0 or more."""
    return maybe_at_least(value, 0, "seed")


_seed = seed  # order's argument ``seed`` hides the function there


def order(*, random: object, seed: object) -> int | None:
    """A listing's order: ``seed`` (:func:`seed`) goes with ``random`` only; a seed without a
    random order would be ignored, or (as it once did on the command line) turn the order
    random unasked."""
    chosen = _seed(seed)
    if chosen is not None and not random:
        raise OptionError(("seed",), "needs {random}: the seed chooses a random order of the search; "
                                     "ask for one, or leave the seed out",
                          random=Term("random", spelled="random=True"))
    return chosen


def bounds(*, max: object = None, max_memory: object = None) -> tuple[int | None, int | None]:
    """A count's ``max`` (solutions, 1 or more) and ``max_memory`` (bytes, at least
    :data:`~pentomino.tuning.MIN_MAX_MEMORY`, which says why)."""
    memory = maybe_at_least(max_memory, 1, "max_memory")
    if memory is not None and memory < MIN_MAX_MEMORY:
        raise OptionError(("max_memory",), f"must be at least {MIN_MAX_MEMORY:,} bytes ({MIN_MAX_MEMORY >> 10} KB: "
                                           f"the memoised count's first tables take that much), not {memory:,}; "
                                           "give a size such as 500M or 2G")
    return maybe_at_least(max, 1, "max"), memory


def check_method(*, count: bool, method: CountMethod) -> None:
    """A check stops at the second solution unless it counts them all: the memo method only
    counts them all."""
    if method == "memo" and not count:
        raise OptionError(("method", "count"), "go together with method 'memo': a check stops at the second "
                                               "solution unless it counts them all, and the memo method counts "
                                               "them all")


def rules_method(*, rules: Collection[str], method: CountMethod) -> None:
    """The memo method counts every tiling: it cannot keep tiling rules."""
    if rules and method == "memo":
        raise OptionError(("method",), "cannot be 'memo' for a puzzle with tiling rules "
                                       f"({', '.join(rules)}): the memoised count counts every tiling; "
                                       "the search keeps the rules")


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
