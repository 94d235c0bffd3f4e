"""A count as a tree of parts: the one seam between what is counted and where it runs.

A count starts from the root parts (:meth:`Solver.parts <pentomino.search.solver.Solver.parts>`:
the first piece put down in each of its places). :func:`count_part` searches one part for at most
:data:`~pentomino.tuning.PART_NODES` nodes; if the part is not finished by then, it hands back
the rest of its search as new parts (:func:`pentomino.search.kernel.rest_of_stack`): the
placements it had not started, one part each, the shallowest open level of the kernel's stack
one part per placement, and each deeper level one part. Splitting the top finely and the
bottom coarsely keeps the chains of parts short (a part's largest leftovers run at once, side by
side) and the parts few (the deep levels are nearly done): on the one-sided pentominoes in 5x18,
684 parts whose longest chain takes 2.6 s, against 747 parts and 5.0 s when every level was one
part (docs/cluster.md). So:

* the tree of parts is a property of the puzzle (and of the budget, a constant): the same
  puzzle always gives the same parts, whether they run in one process, on a process pool or
  on a cluster, all at once or resumed from a checkpoint with a different number of workers,
  and the counters, nodes included, add up to the same totals;
* no part runs much longer than the budget, so no worker idles at the end while one long part
  runs, and the number of parts follows the work (a quick puzzle is a few parts, a long one
  thousands), not a guess.

:func:`count_part` is a pure function of (puzzle, part): serial runs, the process pool
(:mod:`pentomino.search.parallel`) and Dask (:mod:`pentomino.search.cluster`) all call it. The
one thing it keeps between calls is a per-process cache of packed puzzles (:func:`solver_for`),
so a worker packs a puzzle once, not once per part. :class:`Tally` keeps a count's state: the
parts waiting, the parts running, the counters of the parts done (Python integers, which
cannot wrap around).
"""

from __future__ import annotations

import collections
import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from pentomino.model.options import symmetry_mode
from pentomino.model.puzzle import Puzzle
from pentomino.search import kernel
from pentomino.search.kernel import COUNTERS
from pentomino.search.results import Part
from pentomino.search.run import KernelRun
from pentomino.search.solver import Solver
from pentomino.tuning import BATCH_SHARE, MAX_BATCH, PART_NODES, SOLVERS_KEPT

TREE_VERSION = 4
"""Changes whenever the same puzzle would give another tree of parts (the budget, the kernel's
scan order, its candidate lists): parts of two trees must never be added up, so a checkpoint
written with another tree version is refused. 3: the scan order of a board that extends along
three axes is chosen by the estimated size of its tree (:mod:`pentomino.search.scan`)."""

@dataclass(frozen=True)
class PartResult:
    """What searching one part found."""

    part: Part
    counters: tuple[int, ...]
    """See :data:`~pentomino.search.kernel.COUNTERS`: of the part's own search, not of its children."""
    children: tuple[Part, ...] = ()
    """The rest of the part's search, handed back unsearched (empty if it finished)."""


_solvers: collections.OrderedDict[tuple[str, str], Solver] = collections.OrderedDict()
_solvers_lock = threading.Lock()  # the web server counts in threads


def _new_lock_in_child() -> None:
    """A worker forked while another thread held the lock (two counts at once in the web
    server) starts with it free: that thread is not in the worker to release it."""
    global _solvers_lock
    _solvers_lock = threading.Lock()


os.register_at_fork(after_in_child=_new_lock_in_child)


def solver_for(puzzle: Puzzle, search: str) -> Solver:
    """The solver of ``puzzle`` for ``search`` (``"count"`` or ``"list-<mode>"``), packed once
    per process and kept for the next parts."""
    key = (puzzle.fingerprint, search)
    with _solvers_lock:
        solver = _solvers.get(key)
        if solver is not None:
            _solvers.move_to_end(key)
            return solver
    if search == "count":
        solver = Solver(puzzle, "full", counting=True)
    else:
        solver = Solver(puzzle, symmetry_mode(search.removeprefix("list-")))
    remember(solver)
    return solver


def remember(solver: Solver) -> None:
    """Keep ``solver`` for :func:`solver_for` (a forked worker inherits the parent's)."""
    with _solvers_lock:
        _solvers[(solver.puzzle.fingerprint, solver.search_name)] = solver
        while len(_solvers) > SOLVERS_KEPT:
            _solvers.popitem(last=False)


def count_part(puzzle: Puzzle, part: Part, budget: int = PART_NODES) -> PartResult:
    """Search ``part`` of a count of ``puzzle`` for at most about ``budget`` nodes: its
    counters, and the rest of its search as new parts if it did not finish."""
    solver = solver_for(puzzle, part.search)
    forced, choices = solver.part_ids(part)
    totals = [0] * len(COUNTERS)
    children: list[Part] = []
    for i, prefix in enumerate(solver.part_prefixes(part)):
        if totals[0] >= budget:  # the budget is spent: the choices not started go back, one by one
            children.extend(solver.name_part(forced, (c,)) for c in choices[i:])
            break
        run = solver.start(prefix)
        status = run.step(budget - totals[0])
        totals = [x + y for x, y in zip(totals, run.summed(), strict=True)]
        if status == kernel.PAUSED:
            children.extend(solver.name_part(forced, (c,)) for c in choices[i + 1:])
            children.extend(_rest(solver, run))
            break
    return PartResult(part, tuple(totals), tuple(children))


def _rest(solver: Solver, run: KernelRun) -> list[Part]:
    """The rest of a paused search as parts, largest first: the open levels from the top,
    the shallowest one part per placement (its subtrees are the largest, and each may run at
    once elsewhere), each deeper level one part (most of them are nearly done)."""
    placed = run.state[4]
    out: list[Part] = []
    for n, (d, ids) in enumerate(run.open_levels()[::-1]):
        head = tuple(int(x) for x in placed[:d])
        if n == 0:
            out.extend(solver.name_part(head, (i,)) for i in ids)
        else:
            out.append(solver.name_part(head, ids))
    return out


def count_parts(puzzle: Puzzle, parts: Iterable[Part], budget: int = PART_NODES) -> list[PartResult]:
    """:func:`count_part` on each of ``parts``: one task that carries several small parts."""
    return [count_part(puzzle, part, budget) for part in parts]


class Tally:
    """The state of a count: parts waiting, parts running, and the summed counters of the parts
    done. Resuming a count is building a Tally from what a checkpoint recorded."""

    def __init__(self, todo: Iterable[Part], done: int = 0, totals: Iterable[int] | None = None) -> None:
        self.waiting: collections.deque[Part] = collections.deque(todo)
        self.running: dict[Part, None] = {}
        self.done = done
        self.totals = list(totals) if totals is not None else [0] * len(COUNTERS)

    @property
    def finished(self) -> bool:
        return not self.waiting and not self.running

    @property
    def known(self) -> int:
        """Parts known so far: done, running and waiting (it grows as parts hand work back)."""
        return self.done + len(self.running) + len(self.waiting)

    def take(self, n: int) -> list[Part]:
        """Up to ``n`` waiting parts, now running."""
        batch = [self.waiting.popleft() for _ in range(min(n, len(self.waiting)))]
        self.running.update(dict.fromkeys(batch))
        return batch

    def add(self, result: PartResult) -> None:
        """A part is done: its counters join the totals, its children wait."""
        del self.running[result.part]
        self.done += 1
        for i, x in enumerate(result.counters):
            self.totals[i] += x
        self.waiting.extend(result.children)

    def give_back(self) -> None:
        """The running parts wait again (their runner stopped before they finished)."""
        self.waiting.extendleft(reversed(list(self.running)))
        self.running.clear()

    def batch_size(self, workers: int) -> int:
        """Parts per task: one while parts are few, more once many are waiting (so the cost
        of sending a task is shared by several small parts), never so many that a worker
        holds work another could take."""
        return max(1, min(MAX_BATCH, len(self.waiting) // (BATCH_SHARE * max(workers, 1))))

    def by_mode(self) -> dict[str, int]:
        return dict(zip(COUNTERS[1:], self.totals[1:], strict=True))


OnResult = Callable[[PartResult], None]
"""Hears each part's result as it arrives (a checkpoint records it, a tally takes it in)."""


def search_roots(solver: Solver, budget: int = PART_NODES, *, nodes: int | None = None,
                 on_root: Callable[[Tally], None] | None = None) -> Tally:
    """The root parts searched in this process, in order, each as :func:`count_part` would
    search it, but without naming them (a quick count is mostly roots that finish within
    their budget, and naming a part costs more than searching a small one): until a root
    hands work back, or the nodes reach ``nodes`` (checked between roots). Returns the tally
    the parts would have at that point: the roots done (counters summed), the roots not
    started and the children of the one that paused waiting, in the order the parts would
    take. ``on_root`` sees the tally after each root."""
    roots = solver.root_prefixes if solver.packed.cells else []
    tally = Tally([], done=0)
    for i, prefix in enumerate(roots):
        if nodes is not None and tally.totals[0] >= nodes:
            tally.waiting.extend(solver.name_part(r) for r in roots[i:])
            break
        run = solver.start(prefix)
        status = run.step(budget)
        tally.done += 1
        tally.totals = [x + y for x, y in zip(tally.totals, run.summed(), strict=True)]
        if status == kernel.PAUSED:
            tally.waiting.extend(solver.name_part(r) for r in roots[i + 1:])
            tally.waiting.extend(_rest(solver, run))
        if on_root is not None:
            on_root(tally)
        if status == kernel.PAUSED:
            break
    return tally


def run_serial(puzzle: Puzzle, tally: Tally, on_result: OnResult, budget: int = PART_NODES,
               until: float | None = None, nodes: int | None = None) -> None:
    """Search the waiting parts in this process, one after another, until none is left (or
    ``time.perf_counter()`` passes ``until``, or the tally's nodes reach ``nodes``)."""
    while tally.waiting:
        if until is not None and time.perf_counter() > until:
            return
        if nodes is not None and tally.totals[0] >= nodes:
            return
        (part,) = tally.take(1)
        try:
            result = count_part(puzzle, part, budget)
        except BaseException:
            tally.give_back()
            raise
        on_result(result)
