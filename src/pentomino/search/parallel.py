"""Counting on several processes: the same kernel on independent subproblems, summed.

A real process pool (``multiprocessing``). On systems that fork, the workers inherit the
packed puzzle and the loaded kernel from the parent, so they start at once; elsewhere each
worker packs the puzzle again from the (picklable) puzzle itself. The solver reaches each
worker through the pool's initializer, so the parent keeps no module-level state: two counts
in two threads of one process (the web server) each have their own pool and solver. Workers ignore Ctrl-C: the
parent catches it, stops the pool and reports what the finished subproblems found.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal

import numpy as np

from pentomino.search import kernel as K

_SOLVER = None  # in a worker process only: its solver, set by _init_worker


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _init_worker(solver, puzzle, symmetry, counting) -> None:
    """Set the worker's solver: the parent's own object when forked (nothing is pickled), else
    one built again from the puzzle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    global _SOLVER
    if solver is None:
        from pentomino.search.solver import Solver

        solver = Solver(puzzle, symmetry, counting=counting)
    _SOLVER = solver


def _count_part(sub) -> list[int]:
    """The summed counters of one subproblem, as Python integers."""
    from pentomino.search.solver import SUMMED, no_totals

    solver = _SOLVER
    solver._totals = no_totals()
    for _ in solver.run_subproblem(sub):
        pass
    return [solver._totals[i] for i in SUMMED]


def _list_part(sub) -> tuple[np.ndarray, list[int]]:
    """The solutions of one subproblem (rows of placement ids) and its counters."""
    from pentomino.search.solver import SUMMED, no_totals

    solver = _SOLVER
    solver._totals = no_totals()
    rows = [r.copy() for _, chunk in solver.run_subproblem(sub, out_cap=256) for r in chunk]
    width = solver.packed.depth + 1
    return (np.array(rows, dtype=np.int32).reshape(-1, width), [solver._totals[i] for i in SUMMED])


def _fixed_term(args) -> tuple[int, tuple[int, int, int, int]]:
    """One of Burnside's terms: (g, (Fix(g), nodes, peak table bytes, peak states))."""
    from pentomino.search.memo import fixed_count

    g, max_memory = args
    return g, fixed_count(_SOLVER.packed, g, max_memory)


def _pool(solver, jobs: int):
    if "fork" in mp.get_all_start_methods():
        ctx = mp.get_context("fork")  # a forked worker's arguments are inherited, not pickled
        init_args = (solver, None, None, None)
    else:  # pragma: no cover - macOS/Windows
        ctx = mp.get_context("spawn")
        init_args = (None, solver.puzzle, solver.symmetry, solver.counting)
    return ctx.Pool(jobs, initializer=_init_worker, initargs=init_args)


def _imap(solver, jobs: int, task, items):
    """Yield ``task(item)`` for each item, from a pool of ``jobs`` processes, as they finish;
    stop the workers on any error or Ctrl-C."""
    pool = _pool(solver, jobs)
    try:
        yield from pool.imap_unordered(task, items)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def _in_pool(solver, parts, jobs, task, totals, progress):
    """Yield each part's result, keeping ``totals`` and the solver's running figures up to date."""
    from pentomino.search.solver import SUMMED

    for done, result in enumerate(_imap(solver, jobs, task, parts), 1):
        part = result[1] if isinstance(result, tuple) else result
        for i, x in zip(SUMMED, part):
            totals[i] += x
        solver.nodes = totals[K.NODES]
        solver.found = totals[solver._limit_on]
        yield result
        if progress is not None:
            progress(solver.found, solver.nodes, done, len(parts))


def count_in_pool(solver, parts, jobs: int, progress=None, totals=None) -> list[int]:
    """Run ``parts`` on ``jobs`` processes; return the kernel counters summed onto ``totals``
    (Python integers)."""
    from pentomino.search.solver import no_totals

    totals = no_totals() if totals is None else totals
    for _ in _in_pool(solver, parts, jobs, _count_part, totals, progress):
        pass
    return totals


def fixed_in_pool(solver, terms, jobs: int, max_memory=None, progress=None):
    """Yield ``(g, (Fix(g), nodes, peak bytes, peak states))`` for each element ``g`` in ``terms``
    as the processes finish them (see :mod:`pentomino.search.memo`)."""
    nodes = 0
    items = [(g, max_memory) for g in terms]
    for done, (g, result) in enumerate(_imap(solver, min(jobs, len(terms)), _fixed_term, items), 1):
        nodes += result[1]
        yield g, result
        if progress is not None:
            progress(0, nodes, done, len(terms))


def list_in_pool(solver, parts, jobs: int, progress=None):
    """Yield the solution rows of ``parts``, solved on ``jobs`` processes, part by part."""
    from pentomino.search.solver import no_totals

    totals = no_totals()
    for rows, _ in _in_pool(solver, parts, jobs, _list_part, totals, progress):
        yield from rows
