"""Counting on several processes: the same kernel on independent subproblems, summed.

A real process pool (``multiprocessing``). On systems that fork, the workers inherit the
packed puzzle and the loaded kernel from the parent, so they start at once; elsewhere each
worker packs the puzzle again from the (picklable) puzzle itself. Workers ignore Ctrl-C: the
parent catches it, stops the pool and reports what the finished subproblems found.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal

import numpy as np

from pentomino.search import kernel as K

_SOLVER = None  # the worker's solver: inherited on fork, built by _init_worker on spawn


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _init_worker(puzzle, symmetry, counting) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    global _SOLVER
    if puzzle is not None:
        from pentomino.search.solver import Solver

        _SOLVER = Solver(puzzle, symmetry, counting=counting)


def _count_part(sub) -> np.ndarray:
    from pentomino.search.solver import SUMMED

    solver = _SOLVER
    solver._totals = np.zeros(K.N_COUNTERS, dtype=np.int64)
    for _ in solver.run_subproblem(sub):
        pass
    return solver._totals[SUMMED].copy()


def _list_part(sub) -> tuple[np.ndarray, np.ndarray]:
    """The solutions of one subproblem (rows of placement ids) and its counters."""
    from pentomino.search.solver import SUMMED

    solver = _SOLVER
    solver._totals = np.zeros(K.N_COUNTERS, dtype=np.int64)
    rows = [r.copy() for _, chunk in solver.run_subproblem(sub, out_cap=256) for r in chunk]
    width = solver.packed.depth + 1
    return (np.array(rows, dtype=np.int32).reshape(-1, width), solver._totals[SUMMED].copy())


def _pool(solver, jobs: int):
    global _SOLVER
    if "fork" in mp.get_all_start_methods():
        ctx = mp.get_context("fork")
        _SOLVER = solver
        init_args = (None, None, None)
    else:  # pragma: no cover - macOS/Windows
        ctx = mp.get_context("spawn")
        init_args = (solver.puzzle, solver.symmetry, solver.counting)
    return ctx.Pool(jobs, initializer=_init_worker, initargs=init_args)


def _in_pool(solver, parts, jobs, task, totals, progress):
    """Yield each part's result from a pool, keeping ``totals`` and the solver's running
    figures up to date; stop the workers on any error or Ctrl-C."""
    from pentomino.search.solver import SUMMED

    global _SOLVER
    pool = _pool(solver, jobs)
    try:
        for done, result in enumerate(pool.imap_unordered(task, parts), 1):
            part = result[1] if isinstance(result, tuple) else result
            totals[SUMMED] += part
            solver.nodes = int(totals[K.NODES])
            solver.found = int(totals[solver._limit_on])
            yield result
            if progress is not None:
                progress(solver.found, solver.nodes, done, len(parts))
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
        _SOLVER = None


def count_in_pool(solver, parts, jobs: int, progress=None, totals=None) -> np.ndarray:
    """Run ``parts`` on ``jobs`` processes; return the kernel counters summed onto ``totals``."""
    totals = np.zeros(K.N_COUNTERS, dtype=np.int64) if totals is None else totals
    for _ in _in_pool(solver, parts, jobs, _count_part, totals, progress):
        pass
    return totals


def list_in_pool(solver, parts, jobs: int, progress=None):
    """Yield the solution rows of ``parts``, solved on ``jobs`` processes, part by part."""
    totals = np.zeros(K.N_COUNTERS, dtype=np.int64)
    for rows, _ in _in_pool(solver, parts, jobs, _list_part, totals, progress):
        yield from rows
