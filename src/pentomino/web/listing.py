"""Solutions listed for the page (next / previous, jump to #n, the gallery), kept between requests.

A :class:`Listing` is one enumeration (a puzzle, a symmetry mode, a random order and seed): the
solutions found so far, kept as rows of placement ids (a few bytes each), and the paused search
that finds more when a page asks for a solution further on. :class:`Listings` keeps the few
used last, each capped in length, so memory stays bounded whatever the pages ask.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Iterator

import numpy as np

from pentomino.errors import InternalError
from pentomino.model.puzzle import Puzzle, SymmetryMode
from pentomino.model.solution import Solution
from pentomino.search.solver import Solver
from pentomino.web.jobs import Job


class Listing:
    """The solutions of one enumeration, in the order the search finds them."""

    def __init__(self, puzzle: Puzzle, symmetry: SymmetryMode, random: bool, seed: int | None,
                 cap: int) -> None:
        self.puzzle, self.symmetry, self.random, self.seed, self.cap = puzzle, symmetry, random, seed, cap
        self.lock = threading.Lock()
        self._count_lock = threading.Lock()
        self.rows: list[np.ndarray] = []
        self.done = False
        self.total: int | None = None  # from a count once asked for, or a listing to the end
        self._solver: Solver | None = None
        self._rows: Iterator[np.ndarray] | None = None  # the paused search
        self._job: Job | None = None  # the job that asked for the rows being listed now

    def prepare(self) -> None:
        """Pack the puzzle and build the kernel's tables now (a puzzle being opened), so that
        the first solution asked for costs only its search. Call with the lock."""
        self._solver_made().packed.tables  # noqa: B018 - built on first use, here

    def extend(self, upto: int, job: Job) -> None:
        """List solutions until there are ``upto`` (or all, or the cap). Call with the lock."""
        upto = min(upto, self.cap)
        if self.done or len(self.rows) >= upto:
            return
        self._job = job
        rows = self._search()
        try:
            while len(self.rows) < upto:
                row = next(rows, None)
                if row is None:
                    self.done = True
                    self.total = len(self.rows)  # every solution listed: the total is known
                    return
                self.rows.append(row.astype(np.int16 if row.max(initial=0) < 2**15 else np.int32))
        except BaseException:
            # The search was stopped inside: start again from the top next time (keeping the
            # rows, which the new search finds again in the same order).
            self._solver = self._rows = None
            self.rows.clear()
            raise

    def _solver_made(self) -> Solver:
        """The listing's solver, made on first use."""
        if self._solver is None:
            self._solver = Solver(self.puzzle, self.symmetry, random=self.random, seed=self.seed)
        return self._solver

    def _search(self) -> Iterator[np.ndarray]:
        """The paused search that lists the rows, started on first use."""
        if self._rows is None:
            self._rows = self._solver_made().rows(progress=self._check_job)
        return self._rows

    def _check_job(self, *_: int) -> None:
        """The search's progress callback: it stops if the job listing now was cancelled."""
        if self._job is not None:
            self._job.check()

    def count(self, job: Job) -> int:
        """The number of solutions in this listing's mode, by a count (no listing). Takes its
        own lock: pages are listed meanwhile."""
        with self._count_lock:
            if self.total is None:
                solver = Solver(self.puzzle, self.symmetry, counting=True)
                self.total = solver.count(jobs=1, progress=lambda *_: job.check()).count
            return self.total

    def solution(self, index: int) -> Solution:
        """Solution ``index`` (from 0), already listed (so the solver that listed it exists)."""
        if self._solver is None or not 0 <= index < len(self.rows):
            raise InternalError(f"solution {index} of a listing was asked for before it was listed")
        return self._solver.wrap(self.rows[index])

    @property
    def capped(self) -> bool:
        return len(self.rows) >= self.cap and not self.done


class Listings:
    """The listings used last, at most ``keep`` of them, each at most ``cap`` solutions long."""

    def __init__(self, keep: int = 4, cap: int = 200_000) -> None:
        self.keep, self.cap = keep, cap
        self._lock = threading.Lock()
        self._items: OrderedDict[tuple, Listing] = OrderedDict()

    def get(self, puzzle: Puzzle, symmetry: SymmetryMode, random: bool, seed: int | None) -> Listing:
        key = (puzzle.fingerprint, puzzle.name, symmetry, random, seed)
        with self._lock:
            listing = self._items.pop(key, None) or Listing(puzzle, symmetry, random, seed, self.cap)
            self._items[key] = listing
            while len(self._items) > self.keep:
                self._items.popitem(last=False)
            return listing
