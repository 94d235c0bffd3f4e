"""Counting on several processes: the parts of a count (:mod:`pentomino.search.parts`) on a
real process pool (``multiprocessing``).

On systems that fork, the workers inherit the packed puzzle and the loaded kernel from the
parent, so they start at once; elsewhere each worker packs the puzzle again from the
(picklable) puzzle itself, once. The solver reaches each worker through the pool's initializer
into the worker's cache (:func:`pentomino.search.parts.remember`), so the parent keeps no
module-level state: two counts in two threads of one process (the web server) each have their
own pool. Workers ignore Ctrl-C: the parent catches it, stops the pool and reports what the
finished parts found.

A worker does not outlive its parent. When the parent dies without stopping the pool (``kill
-9``, any signal it does not catch), nothing stops the workers: each would finish its part, then
find the parent's end of the result pipe closed and print two ``BrokenPipeError`` tracebacks.
So each worker, as it starts, arranges to end, silently, when its parent is gone
(:func:`_die_with`):

* on Linux, for a pool started by the parent's main thread, the kernel kills it (SIGKILL, even
  in the middle of compiled code) when that thread ends (``PR_SET_PDEATHSIG``). The kernel
  watches the thread that forked the worker, not the process: a pool started by another thread
  (a generator of solutions iterated from a thread pool, say) would lose its workers when that
  thread ended, so such a pool takes the next way;
* elsewhere, a thread of the worker looks at its parent every
  :data:`~pentomino.tuning.PARENT_POLL_SECONDS` and ends the worker (``os._exit``) once it has
  another parent (the kernels release the GIL, so the thread runs during a part).

And every worker that finishes a task looks at its parent before it sends the result
(:func:`_run_task`), so that none finishes a part between two looks of its thread (or in the
moment between a killed parent's pipes closing and the kernel's signal) and fails to send it.

Either way the worker ends within a second of its parent, and writes nothing: a checkpointed
count killed so is resumed as after any other stop (only the parent writes the checkpoint).
"""

from __future__ import annotations

import multiprocessing as mp
import multiprocessing.pool
import os
import queue
import signal
import sys
import threading
import time
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
from pentomino.tuning import PARENT_POLL_SECONDS, PART_NODES, PART_SOLUTION_ROWS, TASKS_PER_WORKER

R = TypeVar("R")


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


_parent: int | None = None
"""In a worker: its parent's pid (the pool's process)."""


_PR_SET_PDEATHSIG = 1
"""Linux's prctl option: the signal this process gets when its parent (thread) dies."""


def _die_with(parent: int, main_thread: bool) -> None:
    """End this process, silently, as soon as its parent, the process ``parent``, is gone
    (``main_thread``: the parent's main thread started this process)."""
    global _parent
    _parent = parent
    if main_thread and sys.platform.startswith("linux"):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
            if os.getppid() != parent:  # it died before the call: no signal will come
                os._exit(0)
            return
    watch_parent(parent)


def _orphaned() -> bool:
    """In a worker: True once its parent has died."""
    return _parent is not None and os.getppid() != _parent


def _run_task(task: Callable[..., R], *args: object) -> R:
    """``task(*args)``, in a worker; a worker whose parent died meanwhile ends here, silently,
    instead of failing to send the result."""
    result = task(*args)
    if _orphaned():
        os._exit(0)
    return result


def watch_parent(parent: int) -> None:
    """Start a daemon thread that ends this process (``os._exit``: no traceback, no clean-up
    to print) once its parent is no longer the process ``parent``: the orphan was adopted by
    another. It looks every :data:`~pentomino.tuning.PARENT_POLL_SECONDS`, when it gets the GIL."""
    global _parent
    _parent = parent

    def watch() -> None:
        while not _orphaned():
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def _init_worker(parent: tuple[int, bool], solver: Solver | None, puzzle: Puzzle | None,
                 symmetry: SymmetryMode | None, counting: bool | None) -> None:
    """Give the worker its solver: the parent's own object when forked (nothing is pickled),
    else one built again from the puzzle. The worker ends with its ``parent`` (its pid, and
    whether its main thread started the pool)."""
    _die_with(*parent)
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
    init_args: tuple[tuple[int, bool], Solver | None, Puzzle | None, SymmetryMode | None, bool | None]
    parent = (os.getpid(), threading.current_thread() is threading.main_thread())
    if "fork" in mp.get_all_start_methods():
        ctx = mp.get_context("fork")  # a forked worker's arguments are inherited, not pickled
        init_args = (parent, solver, None, None, None)
    else:  # pragma: no cover - macOS/Windows
        ctx = mp.get_context("spawn")
        init_args = (parent, None, None, None, None) if solver is None else \
            (parent, None, solver.puzzle, solver.symmetry, solver.counting)
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
        self.pool.apply_async(_run_task, (self.task, self.puzzle, *args), callback=self.results.put,
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
