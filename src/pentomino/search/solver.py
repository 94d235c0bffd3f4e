"""The public face of the search: validate, pack the puzzle (:mod:`pentomino.search.tables`),
run the kernel in resumable chunks, and wrap what it finds.

Counting can split the search into :class:`Subproblem` values and run them in a process pool
(:mod:`pentomino.search.parallel`); every route calls the same kernel and adds up the same
counters, so the answers are the same.
"""

from __future__ import annotations

import contextlib
import time
from typing import Callable, Generator, Iterator

import numpy as np

from pentomino.errors import PuzzleError
from pentomino.lazy import lazy
from pentomino.model.puzzle import CountMethod, Progress, Puzzle, SymmetryMode, symmetry_mode
from pentomino.model.solution import Placement, Solution
from pentomino.model.symmetry import puzzle_symmetries
from pentomino.search import kernel as K
from pentomino.search import memo
from pentomino.search.parts import NO_LIMIT, PART_NODES, SUMMED, PartResult, Tally, remember, run_serial
from pentomino.search.results import Count, Frame, Subproblem
from pentomino.search.tables import pack
from pentomino.tuning import (CHUNK_NODES, IDS_MEMO, SERIAL_SECONDS, SOLUTION_ROWS, SPLIT_BRANCHING, SPLIT_MAX_LEVELS,
                              SPLIT_PARTS_PER_JOB, SPLIT_ROWS)

__all__ = ["Solver", "KernelRun", "Solution", "Count", "Subproblem", "Frame", "CountMethod"]



class KernelRun:
    """One search of the kernel (:func:`pentomino.search.kernel._search`) from placements put
    down in advance (a prefix): its state arrays (board, copies left, stack, placed, counters),
    its parameters, scratch space and solution buffer. :meth:`step` runs it for a budget of
    nodes and may be called again until the search is over: a search stops and resumes at any
    node. Get one from :meth:`Solver.start`."""

    def __init__(self, solver: Solver, prefix: tuple[int, ...], params: np.ndarray, out_cap: int) -> None:
        p = solver.packed
        self.tables, self.sym = p.tables, p.sym
        self.lookahead = p.lookahead
        occ, remaining, stack, placed, counters, mark, zeros = (a.copy() for a in solver._blank[:7])
        masks, pl_word, pl_piece = p.tables.masks, p.tables.pl_word, p.tables.pl_piece
        for d, pl in enumerate(prefix):
            w = pl_word[pl]
            for k in range(masks.shape[1]):
                occ[w + k] ^= masks[pl, k]
            remaining[pl_piece[pl]] -= 1
            placed[d] = pl
        counters[K.DEPTH] = counters[K.BASE] = len(prefix)
        self.state = (occ, remaining, p.slack, stack, placed, counters)
        """The kernel's state arrays, in the order it takes them."""
        self.counters = counters
        self.params = params
        self.scratch = (mark, zeros, zeros.copy())
        self.out = np.full((max(out_cap, 1), p.depth + 1), -1, dtype=np.int32)
        self.status = K.PAUSED

    def step(self, budget: int | None = None) -> int:
        """Run the kernel for ``budget`` nodes (kept for the calls after, until another is
        given; at first :data:`~pentomino.tuning.CHUNK_NODES`); its status:
        ``kernel.DONE``, ``PAUSED`` (budget spent), ``OUT_FULL`` (the solution buffer is full:
        read :meth:`rows`, then step on) or ``LIMIT_REACHED``."""
        if budget is not None:
            self.params[K.BUDGET] = max(1, budget)
        self.status = K._search(self.tables, self.sym, *self.state, self.out, self.params, self.scratch)
        return self.status

    def steps(self, budget: Callable[[], int] | None = None) -> Iterator[int]:
        """:meth:`step` until the search is over, yielding each status; ``budget()``, if given,
        sets the nodes of each call."""
        while True:
            yield self.step(None if budget is None else budget())
            if self.status not in (K.PAUSED, K.OUT_FULL):
                return

    def rows(self) -> np.ndarray:
        """The solutions the last call found: rows of placement ids (-1 ends a row), in the
        order the search put them down; a view, valid until the next call."""
        return self.out[: self.counters[K.FOUND]]

    def on_stack(self) -> np.ndarray:
        """The placement ids down now, from the bottom of the stack (the prefix) to the top."""
        return self.state[4][: self.counters[K.DEPTH]]

    def summed(self) -> list[int]:
        """This search's counters that add up over searches (:data:`parts.COUNTERS`), as Python
        integers."""
        return [int(self.counters[i]) for i in SUMMED]

    def open_levels(self) -> list[tuple[int, list[int]]]:
        """What a paused search has not searched yet (:func:`pentomino.search.kernel.rest_of_stack`):
        ``[(depth, placement ids)]``, deepest first."""
        occ, remaining, _slack, stack, placed, counters = self.state
        return K.rest_of_stack(self.tables, occ, remaining, stack, placed, counters, self.lookahead)


class Solver:
    """A puzzle packed for the kernel. Build once; count or list solutions.

    ``symmetry``: ``"full"`` counts each orbit under the puzzle's symmetry group once,
    ``"rotations"`` each orbit under its rotations, ``"none"`` every tiling. With ``counting``,
    the search always breaks the full group and derives the requested count from the orbit
    sizes (see :mod:`pentomino.search.kernel`); otherwise it lists one solution per orbit of
    the requested mode's group.

    While a search runs, :attr:`nodes` and :attr:`found` say how far it has got, and
    :attr:`totals` holds the counters of what it has finished (:data:`parts.COUNTERS`).

    >>> from pentomino import Puzzle
    >>> solver = Solver(Puzzle.load("4x15"), counting=True)
    >>> result = solver.count(method="search")
    >>> result.count, result.by_mode, result.nodes
    (368, {'full': 368, 'rotations': 736, 'none': 1472}, 103636)

    The same search by hand, one part (the X in its first place) in calls of 1,000 nodes:

    >>> run = solver.start(solver.root_prefixes[0])
    >>> run.step(1000) == K.PAUSED, run.summed()  # nodes, orbits, tilings, orbits under rotations
    (True, [1000, 10, 40, 20])
    >>> for status in run.steps():
    ...     pass
    >>> status == K.DONE, run.summed()[1:]
    (True, [145, 580, 290])
    """

    def __init__(self, puzzle: Puzzle, symmetry: SymmetryMode = "full", *, random: bool = False,
                 seed: int | None = None, counting: bool = False) -> None:
        symmetry = symmetry_mode(symmetry)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise PuzzleError(f"seed must be a whole number, 0 or more, not {seed!r}")
        self.puzzle = puzzle
        self.symmetry: SymmetryMode = symmetry
        self.counting = counting
        full = puzzle_symmetries(puzzle)
        mode_group = {"full": full, "rotations": [g for g in full if g.proper], "none": full[:1]}[symmetry]
        self.group_order = len(mode_group)
        self.packed = pack(puzzle, full if counting else mode_group, random=random, seed=seed)
        self._limit_on = {"full": K.COUNT, "rotations": K.ROT_ORBITS, "none": K.TILINGS}[symmetry] \
            if counting else K.COUNT
        self._found_at = SUMMED.index(self._limit_on)  # where found stands in totals
        self._ids = {(t, cs): i for i, (t, cs) in enumerate(self.packed.placements)}
        self.method = "search"  # the counting method of the last count (see count)
        self.totals: list[int] = [0] * len(SUMMED)
        self.nodes = 0
        self.found = 0
        self._ids_memo: dict[Subproblem, tuple[tuple[int, ...], tuple[int, ...]]] = {}

    @property
    def placements(self) -> list:
        return self.packed.placements

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
        :data:`parts.COUNTERS`)."""
        self.totals = list(totals)
        self.nodes = self.totals[0]
        self.found = self.totals[self._found_at]

    def add_totals(self, counters: list[int]) -> None:
        """A finished search's counters (:data:`parts.COUNTERS`) join the running figures."""
        self.set_totals([x + y for x, y in zip(self.totals, counters)])

    # -- subproblems --------------------------------------------------------------------------
    def subproblems(self, levels: int = 0) -> list[Subproblem]:
        """Independent parts that together make the whole search, in search order.

        The first piece (the symmetry piece, or else a piece used once with the fewest
        placements) is put down first in each of its allowed places: constraining the hardest
        piece at the root prunes far more than meeting it wherever the scan reaches it. With
        ``levels`` > 0 each part is split again by the placements of the next ``levels``
        branching cells.
        """
        if levels <= 0 or not self.packed.cells:
            return list(self._roots)
        out: list[Subproblem] = []
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
    def _roots(self) -> tuple[Subproblem, ...]:
        """The root parts (see :meth:`subproblems`), named once."""
        return tuple(self.name_part(f) for f in self.root_prefixes)

    @property
    def search_name(self) -> str:
        """Which search this solver runs: the part of a :class:`Subproblem` that says so."""
        return "count" if self.counting else f"list-{self.symmetry}"

    def name_part(self, forced: tuple[int, ...], choices: tuple[int, ...] | list[int] = ()) -> Subproblem:
        """The subproblem with placement ids ``forced`` down and, if given, only ``choices``
        at the next level (one choice is forced too)."""
        p = self.packed
        if len(choices) == 1:
            forced, choices = (*forced, choices[0]), ()

        def names(ids):
            return tuple((p.piece_names[p.placements[i][0]],
                          tuple(sorted(p.cells[c] for c in p.placements[i][1]))) for i in ids)

        sub = Subproblem(self.puzzle.fingerprint, self.search_name, names(forced), names(choices))
        # A part named here is most often searched here next: keep its ids, so that it need
        # not be looked up by name (bounded: a worker names parts that others search).
        if len(self._ids_memo) >= IDS_MEMO:
            self._ids_memo.clear()
        self._ids_memo[sub] = (tuple(int(i) for i in forced), tuple(int(i) for i in choices))
        return sub

    def part_ids(self, sub: Subproblem) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The placement ids of a part: (forced, choices). :class:`PuzzleError` if the part is
        not one of this solver's puzzle and search."""
        known = self._ids_memo.get(sub)
        if known is not None:
            return known
        return self._ids_of(sub, sub.forced), self._ids_of(sub, sub.choices)

    def part_prefixes(self, sub: Subproblem) -> list[tuple[int, ...]]:
        """The placement ids to put down for each of the part's searches: its forced
        placements, followed by each of its choices in turn if it has any."""
        forced, choices = self.part_ids(sub)
        return [(*forced, c) for c in choices] or [forced]

    def _ids_of(self, sub: Subproblem, placements) -> tuple[int, ...]:
        if (sub.puzzle, sub.search) != (self.puzzle.fingerprint, self.search_name):
            raise PuzzleError(f"subproblem {sub.key} belongs to another puzzle or search "
                              f"(this is {self.puzzle.fingerprint}/{self.search_name})")
        index, names = self._index
        try:
            return tuple(self._ids[(names[name], tuple(sorted(index[c] for c in cells)))]
                         for name, cells in placements)
        except KeyError:
            raise PuzzleError(f"subproblem {sub.key} does not belong to this puzzle") from None

    @lazy
    def _index(self) -> tuple[dict, dict]:
        """(kernel cell of each board cell, piece index of each name)."""
        p = self.packed
        return {c: i for i, c in enumerate(p.cells)}, {n: t for t, n in enumerate(p.piece_names)}

    # -- running the kernel ---------------------------------------------------------------------
    @lazy
    def _blank(self) -> tuple[np.ndarray, ...]:
        """A search's state and scratch arrays and its parameters before it starts, copied for
        each one (copies are cheaper than building them anew: a small count runs a few
        searches of well under a millisecond each)."""
        p = self.packed
        n = max(len(p.cells), 1)
        params = np.zeros(K.N_PARAMS, dtype=np.int64)
        params[K.BUDGET] = CHUNK_NODES
        params[K.SYM_PIECE] = p.sym_piece
        params[K.CHECK_ALL] = int(p.check_all)
        params[K.POCKETS] = int(not p.tables.fillable.all())
        params[K.LIMIT_ON] = self._limit_on
        params[K.LOOKAHEAD] = p.lookahead
        return (p.empty_board, p.remaining, np.zeros((p.depth + 1, K.STACK_COLUMNS), dtype=np.int64),
                np.full(p.depth + 1, -1, dtype=np.int32), np.zeros(K.N_COUNTERS, dtype=np.int64),
                np.full(n, -1, dtype=np.int64), np.zeros(n, dtype=np.int32), params)

    def start(self, prefix: tuple[int, ...] = (), *, limit: int = NO_LIMIT, out_cap: int = 0,
              split: int = 0) -> KernelRun:
        """A search of the placements below ``prefix`` (placement ids put down first), ready
        to :meth:`~KernelRun.step`: it stops once its ``limit`` solutions are found (counted in
        this solver's mode), returns at most ``out_cap`` solutions a call (0: none, it only
        counts) and, with ``split`` > 0, returns the placements ``split`` levels down instead of
        searching below them (see :meth:`subproblems`)."""
        params = self._blank[7].copy()
        params[K.LIMIT] = limit
        params[K.OUT_CAP] = out_cap
        params[K.SPLIT] = split
        return KernelRun(self, prefix, params, out_cap)

    def run_subproblem(self, sub: Subproblem | tuple[int, ...], *, limit: int = NO_LIMIT, out_cap: int = 0,
                       on_chunk: Callable[[], None] | None = None) -> Iterator[tuple[int, np.ndarray]]:
        """Search one subproblem, adding its counters to this solver's totals; yield ``(status,
        solution rows)`` after each kernel call. ``limit`` counts the totals so far too."""
        prefixes = self.part_prefixes(sub) if isinstance(sub, Subproblem) else [sub]
        for prefix in prefixes:
            run = self.start(prefix, limit=min(limit - self.found, NO_LIMIT), out_cap=out_cap)
            before = self.totals
            try:
                for status in run.steps():
                    self.nodes = before[0] + int(run.counters[K.NODES])
                    self.found = before[self._found_at] + int(run.counters[self._limit_on])
                    if on_chunk is not None:
                        on_chunk()
                    yield status, run.rows()
            finally:  # the part's counters join the totals, also when the caller stops early
                self.set_totals(before)
                self.add_totals(run.summed())
            if run.status == K.LIMIT_REACHED:
                return

    def trace(self, budget: Callable[[], int]) -> Iterator[Frame]:
        """The search as it runs, for watching it: after each kernel call of ``budget()``
        nodes, a :class:`Frame` with the placements on the kernel's stack (or the solution just
        found). Frames are samples: a call may put down and take off many pieces in between."""
        nodes = found = 0
        for prefix in (self.root_prefixes if self.packed.cells else []):
            run = self.start(prefix, out_cap=1)
            for _ in run.steps(budget):
                solved = bool(run.counters[K.FOUND] > 0)
                ids = run.rows()[0] if solved else run.on_stack()
                yield Frame(tuple(self._placement(int(i)) for i in ids if i >= 0),
                            nodes + int(run.counters[K.NODES]), found + int(run.counters[K.COUNT]), solved, False)
            nodes += int(run.counters[K.NODES])
            found += int(run.counters[K.COUNT])
        yield Frame((), nodes, found, False, True)

    def _run(self, *, limit: int, out_cap: int,
             progress: Progress | None = None) -> Generator[tuple[int, np.ndarray], None, None]:
        """Search every subproblem in turn; yield ``(status, rows)`` after each kernel call."""
        self.reset_totals()
        if not self.packed.cells:
            # Nothing left to fill: the pre-placed pieces are the one tiling, if minimums are met.
            ok = int(bool(np.all(self.packed.remaining <= self.packed.slack)))
            self.set_totals([0, ok, ok, ok])
            yield K.DONE, np.zeros((ok, 0), dtype=np.int32)
            return
        parts = self.subproblems()
        for done, sub in enumerate(parts):
            tick = None if progress is None else (
                lambda: progress(self.found, self.nodes, done, len(parts)))
            for status, rows in self.run_subproblem(sub, limit=limit, out_cap=out_cap, on_chunk=tick):
                yield status, rows
                if status == K.LIMIT_REACHED:
                    return
        if progress is not None:
            progress(self.found, self.nodes, len(parts), len(parts))
        yield K.DONE, np.zeros((0, 0), dtype=np.int32)

    # -- counting ---------------------------------------------------------------------------------
    def count(self, max: int | None = None, progress: Progress | None = None,
              jobs: int | None = 1, method: CountMethod = "auto", max_memory: int | None = None,
              runner=None) -> Count:
        """Count the solutions (stopping at ``max`` if given).

        ``jobs``: processes to use; None chooses: one while the count is quick, every core once
        it has run for :data:`SERIAL_SECONDS` with enough work left to be worth sharing.
        ``method``: ``"search"`` (enumerate, break symmetry), ``"memo"`` (a layer-by-layer count
        of states and Burnside's lemma, see :mod:`pentomino.search.memo`) or ``"auto"``: memo
        where states repeat (pieces with copies, or no piece to break the symmetry with).
        ``max_memory``: bytes the memo's tables may take in each process (default: what is free).
        ``runner``: runs the parts elsewhere (see :meth:`run_tally`; a Dask cluster,
        :func:`pentomino.search.cluster.dask_runner`); it implies the ``"search"`` method.
        """
        self._check_count_arguments(max, jobs, method, runner)
        start = time.perf_counter()
        if self.counting_method(method, max, runner) == "memo":
            if not self.counting or max is not None:
                raise PuzzleError("the memo method counts a whole puzzle built for counting, with no max")
            self.method = "memo"
            return self._count_memo(jobs, progress, max_memory, start)
        self.method = "search"
        if max is None and self.packed.cells:
            return self.count_tally(Tally(self.subproblems()), jobs, progress, runner=runner, start=start)
        # A maximum, or nothing to search: in turn, stopping at the maximum.
        status = K.DONE
        with contextlib.closing(self._run(limit=max if max is not None else NO_LIMIT, out_cap=0,
                                          progress=progress)) as statuses:  # closed: totals complete
            for status, _ in statuses:
                if status == K.LIMIT_REACHED:
                    break
        return self._search_count(status != K.LIMIT_REACHED, max, 1, 1, start)

    @staticmethod
    def _check_count_arguments(max: int | None, jobs: int | None, method: str, runner) -> None:
        if method not in ("auto", "search", "memo"):
            raise PuzzleError(f"unknown counting method {method!r}: use auto, search or memo")
        if max is not None and max < 1:
            raise PuzzleError(f"max must be 1 or more, not {max}")
        if jobs is not None and jobs < 1:
            raise PuzzleError(f"jobs must be 1 or more, not {jobs}")
        if runner is not None and (method == "memo" or max is not None):
            raise PuzzleError("a count on a cluster enumerates the whole search: no max, no memo method")

    def _search_count(self, complete: bool, max: int | None, jobs: int, parts: int, start: float) -> Count:
        """The :class:`Count` of an enumerating search from the totals."""
        nodes, full, none, rotations = self.totals
        if self._limit_on != K.COUNT or self.symmetry == "full":
            by_mode = {"full": full, "rotations": rotations, "none": none}
        else:
            by_mode = {self.symmetry: self.found}
        # Counting whole orbits can pass the maximum by part of an orbit: "at least max" is true.
        found = self.found if complete or max is None else min(self.found, max)
        return Count(found, self.symmetry, self.group_order, nodes, time.perf_counter() - start,
                     complete=complete, by_mode=by_mode if complete else {}, jobs=jobs, subproblems=parts,
                     placements=len(self.placements), reason=self.reason)

    def counting_method(self, method: CountMethod = "auto", max: int | None = None, runner=None) -> str:
        """The method :meth:`count` will use with these arguments: ``"memo"`` or ``"search"``."""
        if method == "memo" or (method == "auto" and self.counting and max is None and runner is None
                                and self.reason is None and memo.worth_it(self.packed)):
            return "memo"
        return "search"

    def count_tally(self, tally: Tally, jobs: int | None = 1, progress: Progress | None = None,
                    on_result: Callable[[PartResult], None] | None = None, runner=None,
                    budget: int = PART_NODES, start: float | None = None) -> Count:
        """The :class:`Count` of a whole count's parts: :meth:`run_tally` on what is left of
        ``tally`` (a count's parts, perhaps resumed from a checkpoint), timed from ``start``
        (a ``time.perf_counter()``; default: now)."""
        start = time.perf_counter() if start is None else start
        used = 1 if tally.finished else self.run_tally(tally, jobs, progress, on_result, runner, budget)
        self.set_totals(tally.totals)
        return self._search_count(True, None, used, tally.done, start)

    def run_tally(self, tally: Tally, jobs: int | None = 1, progress: Progress | None = None,
                  on_result: Callable[[PartResult], None] | None = None, runner=None,
                  budget: int = PART_NODES) -> int:
        """Search every part of ``tally`` (a count's parts, see :mod:`pentomino.search.parts`),
        parts handed back included; return the processes used. ``on_result`` sees each part's
        result before the tally takes it in (a checkpoint records it there).

        ``jobs``: as in :meth:`count`. ``runner``, if given, runs the parts instead (a Dask
        cluster, :mod:`pentomino.search.cluster`): ``runner(solver, tally, record, budget)``,
        returning the workers it used. ``budget``: nodes per part (:data:`parts.PART_NODES`; another
        budget gives another tree of parts, for tests).
        """
        from pentomino.search.parallel import default_jobs, run_pool

        def record(result: PartResult) -> None:
            if on_result is not None:
                on_result(result)
            tally.add(result)
            self.set_totals(tally.totals)
            if progress is not None:
                progress(self.found, self.nodes, tally.done, tally.known)

        remember(self)  # the parts searched in this process use this solver's tables
        self.set_totals(tally.totals)
        if runner is not None:
            return runner(self, tally, record, budget)
        cores = default_jobs() if jobs is None else jobs
        if cores == 1 or jobs == 1:
            run_serial(self.puzzle, tally, record, budget)
        elif jobs is None:  # every core once the count proves long
            run_serial(self.puzzle, tally, record, budget, until=time.perf_counter() + SERIAL_SECONDS)
        if tally.finished:
            return 1
        run_pool(self, tally, cores, record, budget)
        return cores

    def _count_memo(self, jobs: int | None, progress: Progress | None, max_memory: int | None,
                    start: float) -> Count:
        """Burnside's terms one after another; with ``jobs`` > 1, or with jobs=None once the
        first (largest) term has taken :data:`SERIAL_SECONDS`, the rest on a process pool."""
        from pentomino.search.parallel import default_jobs, fixed_in_pool

        p = self.packed
        terms = memo.terms_for(p, self.symmetry)
        cores = default_jobs() if jobs is None else jobs
        n = len(p.cells)
        fixed: dict[int, int] = {}
        self.nodes = self.found = 0
        peak_bytes = peak_states = 0
        used = 1
        while len(fixed) < len(terms):
            todo = [g for g in terms if g not in fixed]
            if cores > 1 and len(todo) > 1 and (
                    jobs is not None or time.perf_counter() - start > SERIAL_SECONDS):
                base = len(fixed)
                pool_tick = None if progress is None else (
                    lambda found, nodes, d, _t: progress(0, nodes, (base + d) * n, len(terms) * n))
                for g, result in fixed_in_pool(self, todo, cores, max_memory, pool_tick):
                    fixed[g], nodes, tb, ts = result
                    self.nodes += nodes
                    peak_bytes, peak_states = max(peak_bytes, tb), max(peak_states, ts)
                used = cores
                break
            g = todo[0]
            before = self.nodes
            done = len(fixed)
            tick = None if progress is None else (
                lambda layer, _n, nodes: progress(0, before + nodes, done * n + layer, len(terms) * n))
            fixed[g], nodes, tb, ts = memo.fixed_count(p, g, max_memory, tick=tick)
            self.nodes = before + nodes
            peak_bytes, peak_states = max(peak_bytes, tb), max(peak_states, ts)
        by_mode = memo.burnside(p, fixed, self.symmetry)
        self.found = by_mode[self.symmetry]
        if progress is not None:
            progress(self.found, self.nodes, len(terms) * n, len(terms) * n)
        return Count(self.found, self.symmetry, self.group_order, self.nodes, time.perf_counter() - start,
                     by_mode=by_mode, jobs=used, subproblems=len(terms), method="memo",
                     table_bytes=peak_bytes, table_states=peak_states, placements=len(self.placements),
                     reason=self.reason)

    # -- listing ------------------------------------------------------------------------------------
    def solutions(self, limit: int | None = None, jobs: int = 1,
                  progress: Progress | None = None) -> Iterator[Solution]:
        """Solutions lazily, at most ``limit``; with ``jobs`` > 1 (and no limit) the parts are
        solved on that many processes and arrive part by part, in no fixed order."""
        for row in self.rows(limit, jobs, progress):
            yield self.wrap(row)

    def rows(self, limit: int | None = None, jobs: int = 1,
             progress: Progress | None = None) -> Iterator[np.ndarray]:
        """:meth:`solutions` as rows of placement ids (-1 ends a row; see :meth:`wrap`): a
        compact form for keeping many solutions."""
        if limit is not None and limit < 1:
            raise PuzzleError(f"limit must be 1 or more, not {limit}")
        if jobs > 1 and limit is None and self.packed.cells:
            from pentomino.search.parallel import list_in_pool

            parts = self.subproblems(levels=split_levels(self, jobs))
            yield from list_in_pool(self, parts, jobs, progress)
            return
        cap = SOLUTION_ROWS if limit is None else min(limit, SOLUTION_ROWS)
        for _, rows in self._run(limit=limit if limit is not None else NO_LIMIT, out_cap=cap,
                                 progress=progress):
            for row in rows:
                yield row.copy()

    def _placement(self, i: int) -> Placement:
        p = self.packed
        t, cs = p.placements[i]
        return Placement.of(p.piece_names[t], (p.cells[c] for c in cs))

    def wrap(self, row) -> Solution:
        """The solution whose placement ids are ``row`` (-1 ends it), in search order."""
        placed = list(self.puzzle.preplaced)
        for i in row:
            if i < 0:
                break
            placed.append(self._placement(int(i)))
        placements = tuple(sorted(placed))
        return Solution(self.puzzle, placements, tuple(placements.index(x) for x in placed))


def split_levels(solver: Solver, jobs: int, per_job: int = SPLIT_PARTS_PER_JOB) -> int:
    """How many levels below the root to split at so that each job gets many parts (so none
    idles while another finishes a big one)."""
    roots = max(1, len(solver.packed.first_options))
    levels = 0
    estimate = roots
    while estimate < per_job * jobs and levels < SPLIT_MAX_LEVELS:
        levels += 1
        estimate *= SPLIT_BRANCHING
    return levels

