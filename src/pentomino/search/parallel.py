"""Counting on several processes: the parts of a count (:mod:`pentomino.search.parts`) on a
real process pool (``multiprocessing``).

On systems that fork, the workers inherit the packed puzzle and the loaded kernel from the
parent, so they start at once; elsewhere each worker packs the puzzle again from the
(picklable) puzzle itself, once. The solver reaches each worker through the pool's initializer
into the worker's cache (:func:`pentomino.search.parts.remember`), so the parent keeps no
module-level state: two counts in two threads of one process (the web server) each have their
own pool. Workers ignore Ctrl-C: the parent catches it, stops the pool and reports what the
finished parts found.
"""

from __future__ import annotations

import multiprocessing as mp
import multiprocessing.pool
import os
import queue
import signal
from collections.abc import Callable, Iterable, Iterator
from types import TracebackType
from typing import Generic, TypeVar

import numpy as np

from pentomino.model.options import Progress
from pentomino.model.puzzle import Puzzle
from pentomino.model.symmetry import SymmetryMode
from pentomino.search import parts
from pentomino.search.memo import FixedCount, fixed_count
from pentomino.search.results import Part
from pentomino.search.run import Rows
from pentomino.search.solver import Row, Solver
from pentomino.tuning import PART_NODES, PART_SOLUTION_ROWS, TASKS_PER_WORKER

R = TypeVar("R")


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _init_worker(solver: Solver | None, puzzle: Puzzle | None, symmetry: SymmetryMode | None,
                 counting: bool | None) -> None:
    """Give the worker its solver: the parent's own object when forked (nothing is pickled),
    else one built again from the puzzle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if solver is None and puzzle is None:  # tasks that pack what they need (a batch of puzzles)
        return
    if solver is None:
        assert puzzle is not None and symmetry is not None
        solver = Solver(puzzle, symmetry, counting=bool(counting))
    parts.remember(solver)


def _list_part(puzzle: Puzzle, search: str, part: Part) -> tuple[Rows, list[int]]:
    """The solutions of one part (rows of placement ids) and its counters."""
    solver = parts.solver_for(puzzle, search)
    solver.reset_totals()
    rows = [r.copy() for _, chunk in solver.run_part(part, out_cap=PART_SOLUTION_ROWS) for r in chunk]
    width = solver.packed.depth + 1
    return np.array(rows, dtype=np.int32).reshape(-1, width), solver.totals


def _fixed_term(puzzle: Puzzle, g: int, max_memory: int | None) -> tuple[int, FixedCount]:
    """One of Burnside's terms: (g, (Fix(g), nodes, peak table bytes, peak states))."""
    return g, fixed_count(parts.solver_for(puzzle, "count").packed, g, max_memory)


def _pool(solver: Solver | None, jobs: int) -> multiprocessing.pool.Pool:
    ctx: mp.context.BaseContext
    init_args: tuple[Solver | None, Puzzle | None, SymmetryMode | None, bool | None]
    if "fork" in mp.get_all_start_methods():
        ctx = mp.get_context("fork")  # a forked worker's arguments are inherited, not pickled
        init_args = (solver, None, None, None)
    else:  # pragma: no cover - macOS/Windows
        ctx = mp.get_context("spawn")
        init_args = (None, None, None, None) if solver is None else \
            (None, solver.puzzle, solver.symmetry, solver.counting)
    return ctx.Pool(jobs, initializer=_init_worker, initargs=init_args)


class _Workers(Generic[R]):
    """A process pool whose tasks, ``task(puzzle, *args)``, deliver their results (or errors)
    to one queue, in the order they finish; on leaving, the workers are stopped (at once, after
    an error or Ctrl-C). Without a solver (``puzzle`` given instead) the workers are given
    nothing: the tasks pack what they need."""

    def __init__(self, solver: Solver | None, jobs: int, task: Callable[..., R], puzzle: Puzzle | None = None) -> None:
        self.puzzle = solver.puzzle if solver is not None else puzzle
        self.task = task
        self.pool = _pool(solver, jobs)
        self.results: queue.SimpleQueue[R | BaseException] = queue.SimpleQueue()
        self.in_flight = 0

    def submit(self, *args: object) -> None:
        self.pool.apply_async(self.task, (self.puzzle, *args), callback=self.results.put,
                              error_callback=self.results.put)
        self.in_flight += 1

    def next_result(self) -> R:
        result = self.results.get()
        self.in_flight -= 1
        if isinstance(result, BaseException):
            raise result
        return result

    def __enter__(self) -> _Workers[R]:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if kind is None:
            self.pool.close()
        else:
            self.pool.terminate()
        self.pool.join()


def run_pool(solver: Solver, tally: parts.Tally, jobs: int, on_result: parts.OnResult,
             budget: int = PART_NODES) -> None:
    """Search the waiting parts of ``tally`` on ``jobs`` processes until none is left, parts
    handed back included; ``on_result`` sees each part's result as it arrives. On an error or
    Ctrl-C the running parts go back to waiting."""
    try:
        with _Workers(solver, jobs, parts.count_parts) as workers:
            while not tally.finished:
                while tally.waiting and workers.in_flight < TASKS_PER_WORKER * jobs:
                    workers.submit(tally.take(tally.batch_size(jobs)), budget)
                for result in workers.next_result():
                    on_result(result)
    except BaseException:
        tally.give_back()
        raise


def _imap(solver: Solver | None, jobs: int, task: Callable[..., R], items: Iterable[tuple[object, ...]],
          puzzle: Puzzle | None = None) -> Iterator[R]:
    """Yield ``task(puzzle, *item)`` for each item, from a pool of ``jobs`` processes, as they
    finish (the solver's puzzle, or ``puzzle`` without one: see :class:`_Workers`)."""
    with _Workers(solver, jobs, task, puzzle) as workers:
        for item in items:
            workers.submit(*item)
        while workers.in_flight:
            yield workers.next_result()


def fixed_in_pool(solver: Solver, terms: list[int], jobs: int, max_memory: int | None = None,
                  progress: Progress | None = None) -> Iterator[tuple[int, FixedCount]]:
    """Yield ``(g, (Fix(g), nodes, peak bytes, peak states))`` for each element ``g`` in ``terms``
    as the processes finish them (see :mod:`pentomino.search.memo`)."""
    nodes = 0
    items = [(g, max_memory) for g in terms]
    for done, (g, result) in enumerate(_imap(solver, min(jobs, len(terms)), _fixed_term, items), 1):
        nodes += result[1]
        yield g, result
        if progress is not None:
            progress(0, nodes, done, len(terms))


def list_in_pool(solver: Solver, listed: list[Part], jobs: int,
                 progress: Progress | None = None) -> Iterator[Row]:
    """Yield the solution rows of the parts ``listed``, solved on ``jobs`` processes, part by part."""
    solver.reset_totals()
    items = [(solver.search_name, part) for part in listed]
    for done, (rows, counters) in enumerate(_imap(solver, jobs, _list_part, items), 1):
        solver.add_totals(counters)
        yield from rows
        if progress is not None:
            progress(solver.found, solver.nodes, done, len(listed))


def map_in_pool(puzzle: Puzzle, jobs: int, task: Callable[..., R], items: Iterable[tuple[object, ...]]) -> Iterator[R]:
    """Yield ``task(puzzle, *item)`` for each item as ``jobs`` processes finish them: tasks
    that pack what they need themselves (:mod:`pentomino.search.batch`). Leaving early (an
    error, Ctrl-C, a generator closed) stops the workers at once."""
    return _imap(None, jobs, task, items, puzzle)
