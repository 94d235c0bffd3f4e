"""Running a whole count or listing of one puzzle: which method, which processes, which parts.

A :class:`~pentomino.search.solver.Solver` searches parts in this process. This module takes a
count or a listing to its end, through the same parts whoever searches them:

* in this process, part after part (:func:`pentomino.search.parts.run_serial`), the root parts
  first without naming them (:func:`pentomino.search.parts.search_roots`: a quick count is a
  few roots, and naming a part cost more than searching it);
* on a process pool (:mod:`pentomino.search.parallel`), from the start (``jobs`` > 1) or once the
  count has run for :data:`~pentomino.tuning.SERIAL_SECONDS` (``jobs=None``);
* on a Dask cluster (:mod:`pentomino.search.cluster`), through a *runner* that takes the parts;
* by the memoised method (:mod:`pentomino.search.memo`), where :mod:`pentomino.search.choice`
  finds it the cheaper (or when asked), going on from the work of the trials that chose it.

Every route adds up the same kernel counters (:data:`~pentomino.search.kernel.COUNTERS`), so a
count is the same, nodes included, however it runs. The options come checked
(:mod:`pentomino.api`).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from typing import Literal

from pentomino.model.options import CountMethod, Progress
from pentomino.model.puzzle import Solution
from pentomino.model.results import Count
from pentomino.search import choice, kernel, memo
from pentomino.search.kernel import NO_LIMIT
from pentomino.search.parallel import default_jobs, fixed_in_pool, list_in_pool, run_pool
from pentomino.search.parts import OnResult, PartResult, Tally, remember, run_serial, search_roots
from pentomino.search.solver import Row, Solver
from pentomino.tuning import PART_NODES, SERIAL_SECONDS, SPLIT_BRANCHING, SPLIT_MAX_LEVELS, SPLIT_PARTS_PER_JOB

Runner = Callable[[Solver, Tally, OnResult, int], int]
"""Searches a tally's parts elsewhere (a Dask cluster, :func:`pentomino.search.cluster.dask_runner`):
``runner(solver, tally, record, budget)`` calls ``record`` on each part's result and returns the
workers it used."""


def counting_method(solver: Solver, method: CountMethod = "auto", max: int | None = None,
                    runner: Runner | None = None, max_memory: int | None = None) -> Literal["search", "memo"]:
    """The method :func:`count` takes with these arguments: the one asked for, or with
    ``"auto"`` the cheaper (:func:`pentomino.search.choice.choose`: it may run both methods
    for a while; a choice is remembered, so asking again, or counting after, costs nothing)."""
    return choice.choose(solver, method, max=max, outside=runner is not None, max_memory=max_memory).method


def count(solver: Solver, *, max: int | None = None, progress: Progress | None = None, jobs: int | None = 1,
          method: CountMethod = "auto", max_memory: int | None = None, runner: Runner | None = None) -> Count:
    """Count the solutions of ``solver``'s puzzle (stopping at ``max`` if given).

    ``jobs``: processes to use; None chooses: one while the count is quick, every core once
    it has run for :data:`SERIAL_SECONDS` with enough work left to be worth sharing.
    ``method``: see :func:`counting_method` and :mod:`pentomino.search.memo` (it needs a solver
    built for counting, and no ``max``); with ``"auto"`` the count goes on from the work of the
    trials that chose it. ``max_memory``: bytes the memo's tables may take in each process
    (default: what is free). ``runner``: runs the parts elsewhere (see :data:`Runner`); it
    implies the ``"search"`` method.
    """
    start = time.perf_counter()
    # While the method is chosen, the progress hears the trials (and may stop them), with no parts yet.
    tick = None if progress is None else (lambda found, nodes: progress(found, nodes, 0, 0))
    chosen = choice.choose(solver, method, max=max, outside=runner is not None, max_memory=max_memory, tick=tick)
    if chosen.method == "memo":
        begun = chosen.memo_trial.counters if chosen.memo_trial is not None else {}
        return _count_memo(solver, jobs, progress, max_memory, start, begun)
    if max is None and solver.packed.cells:
        if chosen.tally is not None:
            tally = chosen.tally
        elif runner is None and (jobs == 1 or default_jobs() == 1):  # in this process: the roots first, unnamed
            tally = search_roots(solver, on_root=None if progress is None else lambda t: _heard(solver, t, progress))
        else:
            tally = Tally(solver.parts())
        return count_tally(solver, tally, jobs, progress, runner=runner, start=start)
    # A maximum, or nothing to search: in turn, stopping at the maximum.
    status = kernel.DONE
    with contextlib.closing(solver.run_all(limit=max if max is not None else NO_LIMIT, out_cap=0,
                                           progress=progress)) as statuses:  # closed: totals complete
        for status, _ in statuses:
            if status == kernel.LIMIT_REACHED:
                break
    return _search_count(solver, status != kernel.LIMIT_REACHED, max, 1, 1, start)


def _heard(solver: Solver, tally: Tally, progress: Progress) -> None:
    """The progress hears a tally's figures (as :func:`run_tally` tells them after each part)."""
    solver.set_totals(tally.totals)
    progress(solver.found, solver.nodes, tally.done, tally.known)


def _search_count(solver: Solver, complete: bool, max: int | None, jobs: int, parts: int, start: float) -> Count:
    """The :class:`Count` of an enumerating search from the solver's totals."""
    nodes, full, none, rotations = solver.totals
    if solver.counting or solver.symmetry == "full":
        by_mode = {"full": full, "rotations": rotations, "none": none}
    else:
        by_mode = {solver.symmetry: solver.found}
    # Counting whole orbits can pass the maximum by part of an orbit: "at least max" is true.
    found = solver.found if complete or max is None else min(solver.found, max)
    impossible = solver.packed.impossible
    return Count(found, solver.symmetry, solver.group_order, nodes, time.perf_counter() - start,
                 complete=complete, by_mode=by_mode if complete else {}, jobs=jobs, parts=parts,
                 placements=len(solver.packed.piece_of), reason=solver.reason,
                 argument=None if impossible is None else impossible.argument)


def count_tally(solver: Solver, tally: Tally, jobs: int | None = 1, progress: Progress | None = None,
                on_result: OnResult | None = None, runner: Runner | None = None,
                budget: int = PART_NODES, start: float | None = None) -> Count:
    """The :class:`Count` of a whole count's parts: :func:`run_tally` on what is left of
    ``tally`` (a count's parts, perhaps resumed from a checkpoint), timed from ``start``
    (a ``time.perf_counter()``; default: now)."""
    start = time.perf_counter() if start is None else start
    used = 1 if tally.finished else run_tally(solver, tally, jobs, progress, on_result, runner, budget)
    solver.set_totals(tally.totals)
    if progress is not None:  # the last figures, also of parts searched before (a trial's, a checkpoint's)
        progress(solver.found, solver.nodes, tally.done, tally.known)
    return _search_count(solver, True, None, used, tally.done, start)


def run_tally(solver: Solver, tally: Tally, jobs: int | None = 1, progress: Progress | None = None,
              on_result: OnResult | None = None, runner: Runner | None = None,
              budget: int = PART_NODES) -> int:
    """Search every part of ``tally`` (a count's parts, see :mod:`pentomino.search.parts`),
    parts handed back included; return the processes used. ``on_result`` sees each part's
    result before the tally takes it in (a checkpoint records it there).

    ``jobs``: as in :func:`count`. ``runner``, if given, runs the parts instead. ``budget``:
    nodes per part (:data:`~pentomino.tuning.PART_NODES`; another budget gives another tree of
    parts, for tests).
    """
    def record(result: PartResult) -> None:
        if on_result is not None:
            on_result(result)
        tally.add(result)
        solver.set_totals(tally.totals)
        if progress is not None:
            progress(solver.found, solver.nodes, tally.done, tally.known)

    remember(solver)  # the parts searched in this process use this solver's tables
    solver.set_totals(tally.totals)
    if runner is not None:
        return runner(solver, tally, record, budget)
    cores = default_jobs() if jobs is None else jobs
    if cores == 1 or jobs == 1:
        run_serial(solver.puzzle, tally, record, budget)
    elif jobs is None:  # every core once the count proves long
        run_serial(solver.puzzle, tally, record, budget, until=time.perf_counter() + SERIAL_SECONDS)
    if tally.finished:
        return 1
    run_pool(solver, tally, cores, record, budget)
    return cores


def _count_memo(solver: Solver, jobs: int | None, progress: Progress | None, max_memory: int | None,
                start: float, begun: dict[int, memo.FrontierCount] | None = None) -> Count:
    """Burnside's terms one after another; with ``jobs`` > 1, or with jobs=None once the
    first (largest) term has taken :data:`SERIAL_SECONDS`, the rest on a process pool.
    ``begun``: terms whose counts a trial began (those it finished are not counted again; the
    others go on here, or start again in the pool)."""
    p = solver.packed
    terms = memo.terms_for(p, solver.symmetry)
    cores = default_jobs() if jobs is None else jobs
    n = len(p.cells)
    begun = begun or {}
    fixed: dict[int, int] = {}
    solver.nodes = solver.found = 0
    peak_bytes = peak_states = 0
    for g, counter in begun.items():
        if counter.done:
            fixed[g] = counter.count
            solver.nodes += counter.nodes
            peak_bytes, peak_states = max(peak_bytes, counter.peak_bytes), max(peak_states, counter.peak_states)
    used = 1
    while len(fixed) < len(terms):
        todo = [g for g in terms if g not in fixed]
        if cores > 1 and len(todo) > 1 and (jobs is not None or time.perf_counter() - start > SERIAL_SECONDS):
            base = len(fixed)

            def pool_tick(found: int, nodes: int, done: int, known: int, base: int = base) -> None:
                if progress is not None:
                    progress(0, nodes, (base + done) * n, len(terms) * n)

            for g, result in fixed_in_pool(solver, todo, cores, max_memory, pool_tick):
                fixed[g], nodes, tb, ts = result
                solver.nodes += nodes
                peak_bytes, peak_states = max(peak_bytes, tb), max(peak_states, ts)
            used = cores
            break
        g = todo[0]
        before = solver.nodes
        done = len(fixed)

        def tick(layer: int, _n: int, nodes: int, before: int = before, done: int = done) -> None:
            if progress is not None:
                progress(0, before + nodes, done * n + layer, len(terms) * n)

        fixed[g], nodes, tb, ts = memo.fixed_count(p, g, max_memory, tick=tick, counter=begun.get(g))
        solver.nodes = before + nodes
        peak_bytes, peak_states = max(peak_bytes, tb), max(peak_states, ts)
    by_mode = memo.burnside(p, fixed, solver.symmetry)
    solver.found = by_mode[solver.symmetry]
    if progress is not None:
        progress(solver.found, solver.nodes, len(terms) * n, len(terms) * n)
    return Count(solver.found, solver.symmetry, solver.group_order, solver.nodes, time.perf_counter() - start,
                 by_mode=by_mode, jobs=used, parts=len(terms), method="memo",
                 table_bytes=peak_bytes, table_states=peak_states, placements=len(solver.packed.piece_of),
                 reason=solver.reason)


# -- listing ------------------------------------------------------------------------------------
def rows(solver: Solver, limit: int | None = None, jobs: int = 1,
         progress: Progress | None = None) -> Iterator[Row]:
    """The solutions of ``solver``'s puzzle as rows of placement ids (see
    :meth:`Solver.rows <pentomino.search.solver.Solver.rows>`), at most ``limit``; with ``jobs``
    > 1 (and no limit) the parts are solved on that many processes and arrive part by part, in
    no fixed order."""
    if jobs > 1 and limit is None and solver.packed.cells:
        yield from list_in_pool(solver, solver.parts(levels=split_levels(solver, jobs)), jobs, progress)
        return
    yield from solver.rows(limit, progress)


def solutions(solver: Solver, limit: int | None = None, jobs: int = 1,
              progress: Progress | None = None) -> Iterator[Solution]:
    """:func:`rows`, each as a :class:`~pentomino.model.puzzle.Solution`."""
    for row in rows(solver, limit, jobs, progress):
        yield solver.wrap(row)


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
