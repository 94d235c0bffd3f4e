"""Solutions listed for the page (next / previous, jump to #n, the gallery), kept between requests.

A :class:`Listing` is one enumeration (a puzzle, a symmetry mode, a random order and seed): the
library's listing (:class:`pentomino.search.listing.Listing`: the solutions found so far as
compact rows, and the paused search that finds more), shared by the page's requests.
:class:`Listings` keeps the few used last, each capped in length, so memory stays bounded
whatever the pages ask.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

import numpy as np
import numpy.typing as npt

from pentomino import api
from pentomino.model.puzzle import Puzzle, Solution
from pentomino.model.symmetry import SymmetryMode
from pentomino.web.tasks import Task


class Listing:
    """The solutions of one enumeration as the page sees them: the library's listing
    (:func:`pentomino.api.listing`) with a lock for the requests that share it, the task that
    lists now, and the total once a count (or the listing's end) has told it."""

    def __init__(self, puzzle: Puzzle, symmetry: SymmetryMode, random: bool, seed: int | None,
                 cap: int) -> None:
        self.puzzle, self.symmetry, self.random, self.seed, self.cap = puzzle, symmetry, random, seed, cap
        self.lock = threading.Lock()
        self._count_lock = threading.Lock()
        self._counted: int | None = None
        self._solutions = api.listing(puzzle, symmetry, random=random, seed=seed, cap=cap)

    @property
    def rows(self) -> list[npt.NDArray[np.signedinteger[Any]]]:
        """The solutions listed so far, as the library's listing keeps them (rows of placement ids)."""
        return self._solutions.rows

    @property
    def done(self) -> bool:
        return self._solutions.done

    @property
    def capped(self) -> bool:
        return self._solutions.capped

    @property
    def total(self) -> int | None:
        """The number of solutions, once known: from a count, or from a listing to its end."""
        return self._counted if self._counted is not None else len(self._solutions) if self.done else None

    def prepare(self) -> None:
        """Pack the puzzle and build the kernel's tables now (a puzzle being opened), so that
        the first solution asked for costs only its search. Call with the lock."""
        self._solutions.prepare()

    def extend(self, upto: int, task: Task) -> None:
        """List solutions until there are ``upto`` (or all, or the cap). Call with the lock."""
        self._solutions.extend(upto, progress=lambda *_: task.check())

    def count(self, task: Task) -> int:
        """The number of solutions in this listing's mode, by a count (no listing). Takes its
        own lock: pages are listed meanwhile."""
        with self._count_lock:
            if self.total is None:
                self._counted = api.count(self.puzzle, self.symmetry, jobs=1, progress=lambda *_: task.check(),
                                          prove=True).count
            return self._counted if self._counted is not None else len(self._solutions)

    def solution(self, index: int) -> Solution:
        """Solution ``index`` (from 0), already listed."""
        return self._solutions[index]


class Listings:
    """The listings used last, at most ``keep`` of them, each at most ``cap`` solutions long."""

    def __init__(self, keep: int = 4, cap: int = 200_000) -> None:
        self.keep, self.cap = keep, cap
        self._lock = threading.Lock()
        # (fingerprint, name, symmetry, random, seed) -> its listing
        self._items: OrderedDict[tuple[str, str, SymmetryMode, bool, int | None], Listing] = OrderedDict()

    def get(self, puzzle: Puzzle, symmetry: SymmetryMode, random: bool, seed: int | None) -> Listing:
        key = (puzzle.fingerprint, puzzle.name, symmetry, random, seed)
        with self._lock:
            listing = self._items.pop(key, None) or Listing(puzzle, symmetry, random, seed, self.cap)
            self._items[key] = listing
            while len(self._items) > self.keep:
                self._items.popitem(last=False)
            return listing
