"""Counting many puzzles that differ only in which cells of one board are left open: a calendar
puzzle's every date (:mod:`pentomino.model.labels`).

A year of A-Puzzle-A-Day is 366 puzzles of 41 cells on one board of 43. Packed one by one, each
costs more to pack than to count (here 2.7 ms of tables against 1.6 ms of search a date). But
they differ only in their open cells, so they share one set of tables: the whole board's,
packed once (:func:`pentomino.search.tables.pack` with ``shared``: every placement of every
piece, none left out for the region it cuts off, since a cell left open changes the regions),
and each opening's search starts with its open cells already full. The kernel needs nothing
else: a placement over an open cell never fits, the first empty cell passes over them, the
lone-cell test sees them as full. No piece is put down first in each of its places (as a single
count does, :meth:`~pentomino.search.solver.Solver.parts`): on A-Puzzle-A-Day's year the search
from the first empty cell alone puts down 8.7 million pieces against 12.7 million with the
rectangle first, and is one kernel run a date instead of 36.

Such a search counts every tiling. That is the count up to symmetry too when the opening's
board has no symmetry (no calendar board has); an opening whose board has one is counted by a
solver of its own (:class:`~pentomino.search.solver.Solver`), with its own group. An opening
whose area cannot be covered is answered by the proof (count 0, the reason) without a search.

Openings are shared out among processes in chunks; each process packs the board once (a forked
worker inherits the parent's tables).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence

import numpy as np

from pentomino.model.puzzle import Puzzle
from pentomino.model.results import OpeningCount
from pentomino.model.symmetry import SymmetryMode, mode_group
from pentomino.search import kernel
from pentomino.search.kernel import NO_LIMIT
from pentomino.search.parallel import default_jobs, map_in_pool
from pentomino.search.proofs import area_proof
from pentomino.search.run import Blank, KernelRun, blank
from pentomino.search.runner import count as count_one
from pentomino.search.solver import Solver
from pentomino.search.tables import PackedPuzzle, pack
from pentomino.tuning import PART_NODES, SERIAL_SECONDS

Opening = tuple[str, ...]
"""The labels left open, as the board writes them."""
Heard = Callable[[int, int, int, int], None]
"""Hears the batch as it goes: ``(solutions, nodes, openings done, openings)``."""

CHUNKS_PER_JOB = 4
"""Openings are sent to the processes in this many chunks each (the last ones even out)."""


class SharedBoard:
    """The tables of a labelled board with every cell on it, shared by its openings."""

    def __init__(self, puzzle: Puzzle) -> None:
        whole = dataclasses.replace(puzzle, board=puzzle.board | puzzle.opened_cells, labels=None, opened=())
        self.puzzle = puzzle
        self.packed: PackedPuzzle = pack(whole, [whole.symmetry_group[0]], shared=True)
        self.index = {c: i for i, c in enumerate(self.packed.cells)}
        self.blank: Blank = blank(self.packed, kernel.TILINGS)

    def count(self, opening: Opening, symmetry: SymmetryMode) -> OpeningCount:
        """The count of ``opening`` in mode ``symmetry``."""
        opened = self.puzzle.open(*opening)
        proof = area_proof(opened)
        if proof is not None:
            return OpeningCount(opened.opened, 0, 0, 1, proof.reason)
        order = len(mode_group(opened.symmetry_group, symmetry))
        if order > 1:  # a board with a symmetry: counted with its own group
            result = count_one(Solver(opened, symmetry, counting=True), jobs=1, method="search")
            return OpeningCount(opened.opened, result.count, result.nodes, order, result.reason)
        occ = self.blank.occ.copy()
        for c in (self.index[c] for c in opened.opened_cells if c in self.index):
            occ[c // 64] |= np.uint64(1) << np.uint64(c % 64)
        # The shared tables put no piece down first (tables.pack): one search from the empty cells.
        run = KernelRun(self.packed, self.blank._replace(occ=occ), (), limit=NO_LIMIT)
        while run.step(PART_NODES) == kernel.PAUSED:
            pass
        return OpeningCount(opened.opened, int(run.counters[kernel.TILINGS]), int(run.counters[kernel.NODES]), 1)


_boards: dict[str, SharedBoard] = {}


def shared_board(puzzle: Puzzle) -> SharedBoard:
    """The shared tables of ``puzzle``'s board, packed once per process."""
    key = puzzle.fingerprint
    board = _boards.get(key)
    if board is None:
        _boards.clear()  # one board at a time is all a batch needs
        board = _boards[key] = SharedBoard(puzzle)
    return board


def _count_chunk(puzzle: Puzzle, chunk: list[tuple[int, Opening]], symmetry: SymmetryMode
                 ) -> list[tuple[int, OpeningCount]]:
    board = shared_board(puzzle)
    return [(i, board.count(o, symmetry)) for i, o in chunk]


def count_openings(puzzle: Puzzle, openings: Sequence[Opening], symmetry: SymmetryMode = "full", *,
                   jobs: int | None = 1, heard: Heard | None = None) -> list[OpeningCount]:
    """The count of each opening of ``puzzle``'s labelled board, in order, on ``jobs``
    processes (None: one while the batch is quick, every core for what is left once it has
    run :data:`~pentomino.tuning.SERIAL_SECONDS`: a year of A-Puzzle-A-Day takes 0.4 s, less
    than a pool costs to start); ``heard`` hears the figures as they come (after each opening
    on one process, after each chunk on several)."""
    board = shared_board(puzzle)  # packed here: forked workers inherit it
    out: list[OpeningCount | None] = [None] * len(openings)
    found = nodes = done = 0

    def took(i: int, result: OpeningCount) -> None:
        nonlocal found, nodes, done
        out[i] = result
        found += result.count
        nodes += result.nodes
        done += 1

    numbered = list(enumerate(openings))
    until = time.perf_counter() + SERIAL_SECONDS if jobs is None else None
    cores = default_jobs() if jobs is None else jobs
    while numbered and (cores <= 1 or len(numbered) < 2 or (until is not None and time.perf_counter() < until)):
        i, o = numbered.pop(0)
        took(i, board.count(o, symmetry))
        if heard is not None:
            heard(found, nodes, done, len(openings))
    if numbered:
        jobs = cores
        size = max(1, -(-len(numbered) // (CHUNKS_PER_JOB * jobs)))
        items = [(numbered[k:k + size], symmetry) for k in range(0, len(numbered), size)]
        for results in map_in_pool(puzzle, min(jobs, len(items)), _count_chunk, items):
            for i, r in results:
                took(i, r)
            if heard is not None:
                heard(found, nodes, done, len(openings))
    return [r for r in out if r is not None]
