"""A listing of solutions kept for asking by number: found as far as asked, resumed to go further.

:class:`Listing` is one enumeration (a puzzle, a symmetry mode, a random order and seed): the
solutions found so far, kept as rows of placement ids (a few bytes each), and the paused search
that finds more when someone asks for a solution further on (the page's next, previous, jump to
#n and gallery). It is not thread-safe: its user holds a lock around it.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from pentomino.errors import InternalError
from pentomino.model.options import Progress
from pentomino.model.puzzle import Solution
from pentomino.search.solver import Row, Solver


class Listing:
    """The solutions of one enumeration, in the order the search finds them (the order of
    :func:`pentomino.api.solutions` with ``jobs=1``), at most ``cap`` of them."""

    def __init__(self, solver: Solver, cap: int | None = None) -> None:
        self.solver = solver
        self.cap = cap
        self.rows: list[Row] = []
        self.done = False
        """True once the search has listed every solution (then ``len(self)`` is their number)."""
        self._search: Iterator[Row] | None = None  # the paused search
        self._progress: Progress | None = None  # whom the search running now reports to

    def prepare(self) -> None:
        """Build the kernel's tables now (a puzzle being opened), so that the first solution
        asked for costs only its search."""
        self.solver.packed.tables  # noqa: B018 - built on first use, here

    def extend(self, upto: int, progress: Progress | None = None) -> None:
        """List solutions until there are ``upto`` (or all, or the cap); ``progress`` hears the
        search as it goes (and may stop it by raising: the listing then starts again from the
        top next time, and finds the same solutions in the same order)."""
        if self.cap is not None:
            upto = min(upto, self.cap)
        if self.done or len(self.rows) >= upto:
            return
        self._progress = progress
        if self._search is None:
            self._search = self.solver.rows(progress=self._report)
        try:
            while len(self.rows) < upto:
                row = next(self._search, None)
                if row is None:
                    self.done = True
                    return
                self.rows.append(row.astype(np.int16 if row.max(initial=0) < 2**15 else np.int32))
        except BaseException:
            self._search = None
            self.rows.clear()
            raise

    def _report(self, found: int, nodes: int, done: int, known: int) -> None:
        if self._progress is not None:
            self._progress(found, nodes, done, known)

    @property
    def capped(self) -> bool:
        """True if the listing stopped at its cap with solutions left to find."""
        return self.cap is not None and len(self.rows) >= self.cap and not self.done

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, index: int) -> Solution:
        """Solution ``index`` (from 0), already listed."""
        if not 0 <= index < len(self.rows):
            raise InternalError(f"solution {index} of a listing was asked for before it was listed")
        return self.solver.wrap(self.rows[index])
