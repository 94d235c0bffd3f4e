"""One puzzle's search: pack the puzzle (:mod:`pentomino.search.tables`) in its scan order
(:mod:`pentomino.search.scan`), run the kernel in resumable chunks (:mod:`pentomino.search.run`)
from any prefix of placements, name its parts, and wrap what it finds.

A :class:`Solver` takes its options as given (:mod:`pentomino.api` checks them, once). It runs in
this process; :mod:`pentomino.search.runner` runs a whole count or listing, here, on a process
pool (:mod:`pentomino.search.parallel`) or a cluster (:mod:`pentomino.search.cluster`), through
the parts a solver names (:class:`~pentomino.search.results.Part`): every route calls the same
kernel and adds up the same counters, so the answers are the same.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

from pentomino.errors import PuzzleError
from pentomino.geometry import Cell
from pentomino.lazy import lazy
from pentomino.model.options import Progress
from pentomino.model.placement import Placement
from pentomino.model.puzzle import Puzzle, Solution
from pentomino.model.symmetry import SymmetryMode, mode_group
from pentomino.search import kernel
from pentomino.search.kernel import NO_LIMIT, SUMMED
from pentomino.search.placements import check_size
from pentomino.search.results import Frame, Named, Part
from pentomino.search.run import Blank, KernelRun, Rows, blank
from pentomino.search.scan import pack_in_scan_order
from pentomino.search.tables import PackedPlacement
from pentomino.tuning import IDS_MEMO, SOLUTION_ROWS, SPLIT_ROWS

Row = npt.NDArray[np.signedinteger[Any]]
"""One solution as such a row: int32 from the kernel, int16 where a listing keeps it and its ids fit."""


class Solver:
    """A puzzle packed for the kernel. Build once; search any part of it, any number of times.

    ``symmetry``: ``"full"`` counts each orbit under the puzzle's symmetry group once,
    ``"rotations"`` each orbit under its rotations, ``"none"`` every tiling. With ``counting``,
    the search always breaks the full group and derives the requested count from the orbit
    sizes (see :mod:`pentomino.search.kernel`); otherwise it lists one solution per orbit of
    the requested mode's group.

    While a search runs, :attr:`nodes` and :attr:`found` say how far it has got, and
    :attr:`totals` holds the counters of what it has finished (:data:`kernel.COUNTERS`).

    >>> from pentomino import Puzzle
    >>> solver = Solver(Puzzle.load("4x15"), counting=True)
    >>> sum(1 for _ in solver.rows()), solver.totals  # one row an orbit; nodes, orbits, tilings, rotation orbits
    (368, [100120, 368, 1472, 736])

    One part (the X in its first place) by hand, in calls of 1,000 nodes:

    >>> run = solver.start(solver.root_prefixes[0])
    >>> run.step(1000) == kernel.PAUSED, run.summed()  # nodes, orbits, tilings, orbits under rotations
    (True, [1000, 10, 40, 20])
    >>> for status in run.steps():
    ...     pass
    >>> status == kernel.DONE, run.summed()[1:]
    (True, [145, 580, 290])
    """

    def __init__(self, puzzle: Puzzle, symmetry: SymmetryMode = "full", *, random: bool = False,
                 seed: int | None = None, counting: bool = False) -> None:
        puzzle.require_opened()
        check_size(puzzle)  # before the group and the placements, which grow with the board
        self.puzzle = puzzle
        self.symmetry: SymmetryMode = symmetry
        self.counting = counting
        full = puzzle.symmetry_group
        group = mode_group(full, symmetry)
        self.group_order = len(group)
        self.packed = pack_in_scan_order(puzzle, list(full if counting else group), random=random, seed=seed)
        self._limit_on = {"full": kernel.COUNT, "rotations": kernel.ROT_ORBITS, "none": kernel.TILINGS}[symmetry] \
            if counting else kernel.COUNT
        self._found_at = SUMMED.index(self._limit_on)  # where found stands in totals
        self.totals: list[int] = [0] * len(SUMMED)
        self.nodes = 0
        self.found = 0
        self._ids_memo: dict[Part, tuple[tuple[int, ...], tuple[int, ...]]] = {}

    @property
    def placements(self) -> list[PackedPlacement]:
        return self.packed.placements

    @lazy
    def _ids(self) -> dict[PackedPlacement, int]:
        """Each placement's id, by (piece index, sorted cell indices): how parts named by
        cells are searched (built on first use: a count in one process names its parts but
        never looks them up)."""
        return {placement: i for i, placement in enumerate(self.packed.placements)}

    @property
    def reason(self) -> str | None:
        """Why the puzzle has no solution, when packing it proved so (see
        :attr:`~pentomino.search.tables.PackedPuzzle.impossible`); None otherwise."""
        return None if self.packed.impossible is None else self.packed.impossible.reason

    # -- running figures ------------------------------------------------------------------------
    def reset_totals(self) -> None:
        """Start the running figures from zero."""
        self.set_totals([0] * len(SUMMED))

    def set_totals(self, totals: list[int]) -> None:
        """The running figures from counters summed elsewhere (a tally's, see
        :data:`kernel.COUNTERS`)."""
        self.totals = list(totals)
        self.nodes = self.totals[0]
        self.found = self.totals[self._found_at]

    def add_totals(self, counters: list[int]) -> None:
        """A finished search's counters (:data:`kernel.COUNTERS`) join the running figures."""
        self.set_totals([x + y for x, y in zip(self.totals, counters, strict=True)])

    # -- parts --------------------------------------------------------------------------
    def parts(self, levels: int = 0) -> list[Part]:
        """Independent parts that together make the whole search, in search order.

        The first piece (the symmetry piece, or else a piece used once with the fewest
        placements) is put down first in each of its allowed places: constraining the hardest
        piece at the root prunes far more than meeting it wherever the scan reaches it. With
        ``levels`` > 0 each part is split again by the placements of the next ``levels``
        branching cells.
        """
        if levels <= 0 or not self.packed.cells:
            return list(self._roots)
        out: list[Part] = []
        for forced in self.root_prefixes:
            run = self.start(forced, out_cap=SPLIT_ROWS, split=levels)
            for _ in run.steps():
                out.extend(self.name_part(tuple(int(x) for x in r if x >= 0)) for r in run.rows())
        return out

    @property
    def root_prefixes(self) -> list[tuple[int, ...]]:
        """The placements forced at the top of each root part: the first piece in each place."""
        p = self.packed
        return [(i,) for i in p.first_options] if p.first_piece >= 0 else [()]

    @lazy
    def _roots(self) -> tuple[Part, ...]:
        """The root parts (see :meth:`parts`), named once."""
        return tuple(self.name_part(f) for f in self.root_prefixes)

    @property
    def search_name(self) -> str:
        """Which search this solver runs: the part of a :class:`Part` that says so."""
        return "count" if self.counting else f"list-{self.symmetry}"

    def name_part(self, forced: tuple[int, ...], choices: tuple[int, ...] | list[int] = ()) -> Part:
        """The part with placement ids ``forced`` down and, if given, only ``choices``
        at the next level (one choice is forced too)."""
        p = self.packed
        if len(choices) == 1:
            forced, choices = (*forced, choices[0]), ()

        def names(ids: Iterable[int]) -> tuple[Named, ...]:
            return tuple((p.piece_names[t], tuple(sorted(p.cells[c] for c in cs)))
                         for t, cs in map(p.placement, ids))

        part = Part(self.puzzle.fingerprint, self.search_name, names(forced), names(choices))
        # A part named here is most often searched here next: keep its ids, so that it need
        # not be looked up by name (bounded: a worker names parts that others search).
        if len(self._ids_memo) >= IDS_MEMO:
            self._ids_memo.clear()
        self._ids_memo[part] = (tuple(int(i) for i in forced), tuple(int(i) for i in choices))
        return part

    def part_ids(self, part: Part) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The placement ids of a part: (forced, choices). :class:`PuzzleError` if the part is
        not one of this solver's puzzle and search."""
        known = self._ids_memo.get(part)
        if known is not None:
            return known
        return self._ids_of(part, part.forced), self._ids_of(part, part.choices)

    def part_prefixes(self, part: Part) -> list[tuple[int, ...]]:
        """The placement ids to put down for each of the part's searches: its forced
        placements, followed by each of its choices in turn if it has any."""
        forced, choices = self.part_ids(part)
        return [(*forced, c) for c in choices] or [forced]

    def _ids_of(self, part: Part, placements: tuple[Named, ...]) -> tuple[int, ...]:
        if (part.puzzle, part.search) != (self.puzzle.fingerprint, self.search_name):
            raise PuzzleError(f"part {part.key} belongs to another puzzle or search "
                              f"(this is {self.puzzle.fingerprint}/{self.search_name})")
        index, names = self._index
        try:
            return tuple(self._ids[(names[name], tuple(sorted(index[c] for c in cells)))]
                         for name, cells in placements)
        except KeyError:
            raise PuzzleError(f"part {part.key} does not belong to this puzzle") from None

    @lazy
    def _index(self) -> tuple[dict[Cell, int], dict[str, int]]:
        """(kernel cell of each board cell, piece index of each name)."""
        p = self.packed
        return {c: i for i, c in enumerate(p.cells)}, {n: t for t, n in enumerate(p.piece_names)}

    # -- running the kernel ---------------------------------------------------------------------
    @lazy
    def _blank(self) -> Blank:
        """A search's arrays before it starts (:func:`~pentomino.search.run.blank`), built once."""
        return blank(self.packed, self._limit_on)

    def start(self, prefix: tuple[int, ...] = (), *, limit: int = NO_LIMIT, out_cap: int = 0,
              split: int = 0) -> KernelRun:
        """A search of the placements below ``prefix`` (placement ids put down first), ready
        to :meth:`~KernelRun.step`: it stops once its ``limit`` solutions are found (counted in
        this solver's mode), returns at most ``out_cap`` solutions a call (0: none, it only
        counts) and, with ``split`` > 0, returns the placements ``split`` levels down instead of
        searching below them (see :meth:`parts`)."""
        return KernelRun(self.packed, self._blank, prefix, limit=limit, out_cap=out_cap, split=split)

    def run_part(self, part: Part | tuple[int, ...], *, limit: int = NO_LIMIT, out_cap: int = 0,
                 on_chunk: Callable[[], None] | None = None) -> Iterator[tuple[int, Rows]]:
        """Search one part, adding its counters to this solver's totals; yield ``(status,
        solution rows)`` after each kernel call. ``limit`` counts the totals so far too."""
        prefixes = self.part_prefixes(part) if isinstance(part, Part) else [part]
        for prefix in prefixes:
            run = self.start(prefix, limit=min(limit - self.found, NO_LIMIT), out_cap=out_cap)
            before = self.totals
            try:
                for status in run.steps():
                    self.nodes = before[0] + int(run.counters[kernel.NODES])
                    self.found = before[self._found_at] + int(run.counters[self._limit_on])
                    if on_chunk is not None:
                        on_chunk()
                    yield status, run.rows()
            finally:  # the part's counters join the totals, also when the caller stops early
                self.set_totals(before)
                self.add_totals(run.summed())
            if run.status == kernel.LIMIT_REACHED:
                return

    def trace(self, budget: Callable[[], int]) -> Iterator[Frame]:
        """The search as it runs, for watching it: after each kernel call of ``budget()``
        nodes, a :class:`Frame` with the placements on the kernel's stack (or the solution just
        found). Frames are samples: a call may put down and take off many pieces in between."""
        nodes = found = 0
        for prefix in (self.root_prefixes if self.packed.cells else []):
            run = self.start(prefix, out_cap=1)
            for _ in run.steps(budget):
                solved = bool(run.counters[kernel.FOUND] > 0)
                ids = run.rows()[0] if solved else run.on_stack()
                yield Frame(tuple(self._placement(int(i)) for i in ids if i >= 0),
                            nodes + int(run.counters[kernel.NODES]), found + int(run.counters[kernel.COUNT]),
                            solved, False)
            nodes += int(run.counters[kernel.NODES])
            found += int(run.counters[kernel.COUNT])
        yield Frame((), nodes, found, False, True)

    def run_all(self, *, limit: int, out_cap: int,
                progress: Progress | None = None) -> Generator[tuple[int, Rows], None, None]:
        """Search every part in turn, in this process, until ``limit`` solutions are found;
        yield ``(status, rows)`` after each kernel call (``out_cap``: rows a call may return)."""
        self.reset_totals()
        if not self.packed.cells:
            # Nothing left to fill: the pre-placed pieces are the one tiling, if minimums are met.
            ok = int(bool(np.all(self.packed.remaining <= self.packed.slack)))
            self.set_totals([0, ok, ok, ok])
            yield kernel.DONE, np.zeros((ok, 0), dtype=np.int32)
            return
        parts = self.parts()
        for done, part in enumerate(parts):
            tick = None if progress is None else functools.partial(self._report, progress, done, len(parts))
            for status, rows in self.run_part(part, limit=limit, out_cap=out_cap, on_chunk=tick):
                yield status, rows
                if status == kernel.LIMIT_REACHED:
                    return
        if progress is not None:
            self._report(progress, len(parts), len(parts))
        yield kernel.DONE, np.zeros((0, 0), dtype=np.int32)

    def _report(self, progress: Progress, done: int, known: int) -> None:
        progress(self.found, self.nodes, done, known)

    # -- listing ------------------------------------------------------------------------------------
    def solutions(self, limit: int | None = None, progress: Progress | None = None) -> Iterator[Solution]:
        """Solutions lazily, at most ``limit``, in this process (:mod:`pentomino.search.runner`
        lists on several)."""
        for row in self.rows(limit, progress):
            yield self.wrap(row)

    def rows(self, limit: int | None = None, progress: Progress | None = None) -> Iterator[Row]:
        """:meth:`solutions` as rows of placement ids (-1 ends a row; see :meth:`wrap`): a
        compact form for keeping many solutions."""
        cap = SOLUTION_ROWS if limit is None else min(limit, SOLUTION_ROWS)
        for _, rows in self.run_all(limit=limit if limit is not None else NO_LIMIT, out_cap=cap,
                                 progress=progress):
            for row in rows:
                yield row.copy()

    def _placement(self, i: int) -> Placement:
        p = self.packed
        t, cs = p.placements[i]
        return Placement.of(p.piece_names[t], (p.cells[c] for c in cs))

    def wrap(self, row: Row) -> Solution:
        """The solution whose placement ids are ``row`` (-1 ends it), in search order."""
        placed = list(self.puzzle.preplaced)
        for i in row:
            if i < 0:
                break
            placed.append(self._placement(int(i)))
        placements = tuple(sorted(placed))
        return Solution(self.puzzle, placements, tuple(placements.index(x) for x in placed))

