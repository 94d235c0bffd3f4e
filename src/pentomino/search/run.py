"""One search of the kernel on a packed puzzle, resumable: its state arrays, parameters and
scratch space (:class:`KernelRun`), from the arrays of a search not started (:func:`blank`).

A :class:`~pentomino.search.solver.Solver` starts its searches here; so do the estimator's
probes (:mod:`pentomino.search.probes`), which the solver's choice of scan order uses
(:mod:`pentomino.search.scan`): the two share this module, not each other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from pentomino.search import kernel
from pentomino.search.kernel import NO_LIMIT, SUMMED
from pentomino.search.tables import PackedPuzzle
from pentomino.tuning import CHUNK_NODES

Rows = npt.NDArray[np.int32]
"""Solutions as the kernel writes them: a row of placement ids each, in the order the search put
them down, -1 after the last (``[solutions, depth + 1]``)."""
KernelState = tuple[npt.NDArray[np.uint64], npt.NDArray[np.int32], npt.NDArray[np.int32],
                    npt.NDArray[np.int64], npt.NDArray[np.int32], npt.NDArray[np.int64]]
"""The kernel's state arrays, in the order it takes them: the board's occupancy words, copies
left and slack of each piece, the stack ``[depth + 1, STACK_COLUMNS]``, the placement put down at
each level, and the counters (see :mod:`pentomino.search.kernel`)."""


class Blank(NamedTuple):
    """A search's arrays before it starts (:func:`blank`), copied for each search."""

    occ: npt.NDArray[np.uint64]       # the empty board (PackedPuzzle.empty_board)
    remaining: npt.NDArray[np.int32]  # [T]
    stack: npt.NDArray[np.int64]      # [depth + 1, STACK_COLUMNS]
    placed: npt.NDArray[np.int32]     # [depth + 1], -1: none yet
    counters: npt.NDArray[np.int64]   # [N_COUNTERS]
    mark: npt.NDArray[np.int64]       # [n] scratch (the kernel's mark), -1
    zeros: npt.NDArray[np.int32]      # [n] scratch (its todo and cover), 0
    params: npt.NDArray[np.int64]     # [N_PARAMS]


def blank(p: PackedPuzzle, limit_on: int = kernel.COUNT) -> Blank:
    """The arrays of a search of ``p`` not started yet, whose limit counts ``limit_on`` (a
    counter of :data:`kernel.COUNTERS`). A search copies them (copies are cheaper than building
    them anew: a small count runs a few searches of well under a millisecond each)."""
    n = max(len(p.cells), 1)
    params = np.zeros(kernel.N_PARAMS, dtype=np.int64)
    params[kernel.BUDGET] = CHUNK_NODES
    params[kernel.SYM_PIECE] = p.sym_piece
    params[kernel.CHECK_ALL] = int(p.check_all)
    params[kernel.POCKETS] = int(not p.tables.fillable.all())
    params[kernel.LIMIT_ON] = limit_on
    params[kernel.LOOKAHEAD] = p.lookahead
    params[kernel.SECOND] = p.second_piece
    return Blank(p.empty_board, p.remaining, np.zeros((p.depth + 1, kernel.STACK_COLUMNS), dtype=np.int64),
                 np.full(p.depth + 1, -1, dtype=np.int32), np.zeros(kernel.N_COUNTERS, dtype=np.int64),
                 np.full(n, -1, dtype=np.int64), np.zeros(n, dtype=np.int32), params)


class KernelRun:
    """One search of the kernel (:func:`pentomino.search.kernel._search`) from placements put
    down in advance (a prefix): its state arrays (board, copies left, stack, placed, counters),
    its parameters, scratch space and solution buffer. :meth:`step` runs it for a budget of
    nodes and may be called again until the search is over: a search stops and resumes at any
    node. Get one from :meth:`Solver.start <pentomino.search.solver.Solver.start>`, whose
    arguments these are: it stops once ``limit`` solutions are found, returns at most
    ``out_cap`` solutions a call and, with ``split`` > 0, returns the placements ``split``
    levels down instead of searching below them."""

    def __init__(self, p: PackedPuzzle, blank: Blank, prefix: tuple[int, ...] = (), *, limit: int = NO_LIMIT,
                 out_cap: int = 0, split: int = 0) -> None:
        self.tables, self.sym = p.tables, p.sym
        self.lookahead = p.lookahead
        occ, remaining, stack = blank.occ.copy(), blank.remaining.copy(), blank.stack.copy()
        placed, counters = blank.placed.copy(), blank.counters.copy()
        masks, pl_word, pl_piece = p.tables.masks, p.tables.pl_word, p.tables.pl_piece
        for d, pl in enumerate(prefix):
            w = pl_word[pl]
            for k in range(masks.shape[1]):
                occ[w + k] ^= masks[pl, k]
            remaining[pl_piece[pl]] -= 1
            placed[d] = pl
        counters[kernel.DEPTH] = counters[kernel.BASE] = len(prefix)
        self.state: KernelState = (occ, remaining, p.slack, stack, placed, counters)
        """The kernel's state arrays, in the order it takes them."""
        self.counters = counters
        self.params = blank.params.copy()
        self.params[kernel.LIMIT] = limit
        self.params[kernel.OUT_CAP] = out_cap
        self.params[kernel.SPLIT] = split
        self.scratch = (blank.mark.copy(), blank.zeros.copy(), blank.zeros.copy())
        self.out = np.full((max(out_cap, 1), p.depth + 1), -1, dtype=np.int32)
        self.status = kernel.PAUSED

    def step(self, budget: int | None = None) -> int:
        """Run the kernel for ``budget`` nodes (kept for the calls after, until another is
        given; at first :data:`~pentomino.tuning.CHUNK_NODES`); its status:
        ``kernel.DONE``, ``PAUSED`` (budget spent), ``OUT_FULL`` (the solution buffer is full:
        read :meth:`rows`, then step on) or ``LIMIT_REACHED``."""
        if budget is not None:
            self.params[kernel.BUDGET] = max(1, budget)
        self.status = kernel._search(self.tables, self.sym, *self.state, self.out, self.params, self.scratch)
        return self.status

    def steps(self, budget: Callable[[], int] | None = None) -> Iterator[int]:
        """:meth:`step` until the search is over, yielding each status; ``budget()``, if given,
        sets the nodes of each call."""
        while True:
            yield self.step(None if budget is None else budget())
            if self.status not in (kernel.PAUSED, kernel.OUT_FULL):
                return

    def rows(self) -> Rows:
        """The solutions the last call found: rows of placement ids (-1 ends a row), in the
        order the search put them down; a view, valid until the next call."""
        return self.out[: self.counters[kernel.FOUND]]

    def on_stack(self) -> npt.NDArray[np.int32]:
        """The placement ids down now, from the bottom of the stack (the prefix) to the top."""
        return self.state[4][: self.counters[kernel.DEPTH]]

    def summed(self) -> list[int]:
        """This search's counters that add up over searches (:data:`kernel.COUNTERS`), as Python
        integers."""
        return [int(self.counters[i]) for i in SUMMED]

    def open_levels(self) -> list[tuple[int, list[int]]]:
        """What a paused search has not searched yet (:func:`pentomino.search.kernel.rest_of_stack`):
        ``[(depth, placement ids)]``, deepest first."""
        occ, remaining, _slack, stack, placed, counters = self.state
        levels: list[tuple[int, list[int]]] = kernel.rest_of_stack(self.tables, self.sym, occ, remaining, stack,
                                                                   placed, counters, self.params)
        return levels

