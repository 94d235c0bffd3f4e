"""The verbs: solve, list, count, check and estimate a puzzle; resume a checkpointed count.

This is the library's one way from a puzzle to its solutions and counts. A puzzle's methods
(``puzzle.count()``, ...) call these functions (:mod:`pentomino.model.puzzle` says how), and so
do the command line and the page, so all three take the same road:

1. the options are checked, once (:mod:`pentomino.model.options`), with errors that name the
   library's arguments;
2. what settles a question cheaply comes first: in every verb the area argument, which reads
   no cell (a board of millions of cells that the pieces cannot cover is answered in the time
   it takes to read it), then the search's limit on the board's size
   (:data:`~pentomino.tuning.MAX_CELLS`), then the other quick proofs that a puzzle has no
   solution (:mod:`pentomino.search.proofs`), where a verb asks for them; nothing that grows
   faster than the board (its symmetry group's cell maps, the placements, the tables) before;
3. the search (:mod:`pentomino.search`) does the rest: one method choice, one tree of parts.

The search's modules load NumPy and numba; they are imported when a verb first needs them, so
``import pentomino`` (and ``pentomino --help``) stays quick.

>>> from pentomino import Puzzle
>>> count(Puzzle.load("4x15")).count
368
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Literal

from pentomino.errors import OptionError, PuzzleError
from pentomino.model import options
from pentomino.model.options import CountMethod, Progress
from pentomino.model.puzzle import Puzzle, Solution, lend_search
from pentomino.model.results import Check, Count, Estimate, Interval, OpeningCount, Proof
from pentomino.model.symmetry import SYMMETRY_MODES, SymmetryMode
from pentomino.tuning import DEFAULT_SAMPLES

if TYPE_CHECKING:  # the search's types, for annotations only (the modules load on first use)
    from pentomino.search.checkpoint import Status
    from pentomino.search.estimate import Forecast
    from pentomino.search.listing import Listing
    from pentomino.search.results import Frame
    from pentomino.search.runner import Runner
    from pentomino.search.solver import Solver


# -- listing ------------------------------------------------------------------------------------
def solutions(puzzle: Puzzle, *, limit: int | None = None, symmetry: SymmetryMode = "full", random: bool = False,
              seed: int | None = None, jobs: int = 1, progress: Progress | None = None) -> Iterator[Solution]:
    """Solutions, lazily: the first ``limit`` found (None: every one). ``symmetry``:
    ``"full"`` yields one solution per orbit under the puzzle's symmetries, ``"rotations"``
    one per orbit under its rotations, ``"none"`` every tiling. ``random``: search in a
    random order, the same for the same ``seed`` (which goes only with ``random``).

    ``jobs``: processes for a listing without ``limit``: the parts of the search run on that
    many processes (at most the machine's cores, see :func:`~pentomino.model.options.jobs`),
    and their solutions arrive part by part, in no fixed order. With a limit the search runs
    in this process.

    ``progress``, if given, is called as ``progress(found, nodes, parts_done, parts_known)``
    (solutions found, nodes searched): while the search runs, again just before each
    solution is yielded, when the search ends, and when an exception (Ctrl-C) stops it. Its
    last figures are therefore those of the search so far, whenever the caller stops.

    A puzzle with no solution yields none; :func:`prove_no_solution` and :func:`check` say why.
    """
    limit = options.maybe_at_least(limit, 1, "limit")
    symmetry = options.symmetry_mode(symmetry)
    seed = options.order(random=random, seed=seed)
    jobs = options.jobs(options.at_least(jobs, 1, "jobs")) or 1
    if _area_proof(puzzle) is not None:
        return _no_solutions(progress)
    from pentomino.search import runner
    from pentomino.search.solver import Solver

    solver = Solver(puzzle, symmetry, random=random, seed=seed)
    if progress is None:
        return runner.solutions(solver, limit, jobs)
    seen = _PartsSeen(progress)
    return _reported(solver, runner.solutions(solver, limit, jobs, seen), seen)


def _area_proof(puzzle: Puzzle) -> Proof | None:
    """The area argument (:func:`~pentomino.search.proofs.area_proof`): it reads the area and
    the pieces, never the cells, so every verb asks it first."""
    from pentomino.search.proofs import area_proof

    return area_proof(puzzle)


def _no_solutions(progress: Progress | None) -> Iterator[Solution]:
    """The solutions of a puzzle the area argument settles: none, told to ``progress`` once."""
    if progress is not None:
        progress(0, 0, 0, 0)
    yield from ()


class _PartsSeen:
    """A progress callback that remembers the parts done and known it last heard."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.parts = (0, 0)

    def __call__(self, found: int, nodes: int, done: int, known: int) -> None:
        self.parts = (done, known)
        self.progress(found, nodes, done, known)


def _reported(solver: Solver, found: Iterator[Solution], seen: _PartsSeen) -> Iterator[Solution]:
    """``found``, the search's figures told before each solution, at the end, and when an
    exception stops the search (see :func:`solutions`)."""
    def report() -> None:
        seen.progress(solver.found, solver.nodes, *seen.parts)

    try:
        for solution in found:
            report()
            yield solution
    except GeneratorExit:  # the caller stopped between solutions: the figures stand
        raise
    except BaseException:
        report()
        raise
    report()


def solve(puzzle: Puzzle, *, random: bool = False, seed: int | None = None) -> Solution | None:
    """The first solution found, or None if there is none."""
    return next(iter(solutions(puzzle, limit=1, random=random, seed=seed)), None)


def listing(puzzle: Puzzle, symmetry: SymmetryMode = "full", *, random: bool = False, seed: int | None = None,
            cap: int | None = None) -> Listing:
    """The solutions of :func:`solutions` (with ``jobs=1``, in the same order), kept to be
    asked for by number and found as far as asked (:class:`~pentomino.search.listing.Listing`),
    at most ``cap`` of them."""
    symmetry = options.symmetry_mode(symmetry)
    seed = options.order(random=random, seed=seed)
    from pentomino.search.listing import Listing
    from pentomino.search.solver import Solver

    return Listing(Solver(puzzle, symmetry, random=random, seed=seed), cap)


def trace(puzzle: Puzzle, budget: Callable[[], int]) -> Iterator[Frame]:
    """The listing search as it runs, for watching it: after each kernel call of ``budget()``
    nodes, a :class:`~pentomino.search.results.Frame` (see
    :meth:`Solver.trace <pentomino.search.solver.Solver.trace>`)."""
    from pentomino.search.solver import Solver

    return Solver(puzzle, "full").trace(budget)


# -- counting -----------------------------------------------------------------------------------
def count(puzzle: Puzzle, symmetry: SymmetryMode = "full", *, max: int | None = None,
          method: CountMethod = "auto", jobs: int | None = 1, max_memory: int | None = None,
          progress: Progress | None = None, checkpoint: str | os.PathLike[str] | None = None,
          scheduler: str | None = None, prove: bool = False) -> Count:
    """The number of solutions, with what the count cost: nodes, seconds, the group's order,
    every symmetry mode's count when one search gave them (:class:`~pentomino.model.results.Count`).

    ``symmetry``: ``"full"`` counts orbits under the puzzle's symmetry group, ``"rotations"``
    under its rotations, ``"none"`` every tiling. ``max``: stop once that many solutions are
    found (then ``complete`` is False and the true count is at least ``count``). ``method``:
    ``"search"`` enumerates the tilings and breaks the symmetry; ``"memo"`` counts layer by
    layer over the states of the frontier and takes orbits by Burnside's lemma (for pieces with
    many copies, see :mod:`pentomino.search.memo`); ``"auto"`` (default) takes the one that
    costs less: it runs both for a little while and prices what is left (see
    :func:`counting_method`), and the count goes on from there. ``jobs``: processes (None: one while the count is
    quick, every core once it proves long). ``max_memory``: bytes the memo method's tables of
    states may take in each process (default: what the machine has free; a count that needs
    more raises :class:`~pentomino.errors.CountTooLarge`).

    ``progress``, if given, is called as ``progress(found, nodes, parts_done, parts_known)``
    as the count goes (after each part of the search; the memo method, with ``found`` 0,
    after each slice of its layers). Its last figures are what was counted when Ctrl-C
    stops the count (KeyboardInterrupt passes through; a memoised count has no partial total).

    ``checkpoint``: a file that records each finished part of the count, to go on from if
    the count is stopped (started if it does not exist, resumed if it does; see
    :mod:`pentomino.search.checkpoint`). ``scheduler``: the address of a Dask scheduler
    (``"tcp://host:8786"``) whose workers search the parts, or ``"local"`` for a cluster of
    ``jobs`` worker processes on this machine (see :mod:`pentomino.search.cluster`). Both
    enumerate the whole search: no ``max``, ``max_memory`` or memo method.

    A puzzle with no solution counts 0, and :attr:`Count.reason` says why when a proof does:
    the area argument first, always (it reads no cell), then packing the puzzle proves the
    placement arguments for free; ``prove`` tries the other quick proofs first too
    (:func:`prove_no_solution`: milliseconds, a tenth of a second or so on large puzzles), so
    that a count they settle takes no search (and writes no checkpoint). A board larger than
    the search takes (:data:`~pentomino.tuning.MAX_CELLS` cells) that no argument settles is
    refused with a :class:`~pentomino.errors.PuzzleError`.
    """
    symmetry, method, jobs, max, max_memory = _count_options(symmetry, method, jobs, max, max_memory, checkpoint,
                                                             scheduler, puzzle.rules)
    start = time.perf_counter()
    proof = puzzle.no_solution_proof() if prove else _area_proof(puzzle)
    if proof is not None:
        return _proved_count(puzzle, symmetry, proof, time.perf_counter() - start)
    dask = _dask(scheduler, jobs)
    if checkpoint is not None:
        from pentomino.search.checkpoint import count_with_checkpoint

        return count_with_checkpoint(puzzle, checkpoint, symmetry, jobs=jobs, progress=progress, runner=dask)
    from pentomino.search import runner
    from pentomino.search.solver import Solver

    solver = Solver(puzzle, symmetry, counting=True)
    return runner.count(solver, max=max, progress=progress, jobs=jobs, method=method, max_memory=max_memory,
                        runner=dask)


_count = count  # check's argument ``count`` hides the function there


def count_each(puzzle: Puzzle, openings: Sequence[Sequence[str]], symmetry: SymmetryMode = "full", *,
               jobs: int | None = 1, progress: Progress | None = None,
               dates: Sequence[str] | None = None) -> list[OpeningCount]:
    """The count of each opening of a labelled board (a calendar puzzle's dates): for each
    list of labels in ``openings``, the solutions with those cells left open, in mode
    ``symmetry``. The openings share the board's tables and are shared out among ``jobs``
    processes (None: one while the batch is quick, then every core; see
    :mod:`pentomino.search.batch`); ``progress(solutions,
    nodes, openings done, openings)`` hears them; ``dates``, if given, names each opening
    (YYYY-MM-DD or MM-DD) in the rows.

    >>> rows = count_each(Puzzle.load("a-puzzle-a-day"), [["Jan", "1"], ["Jan", "2"]])
    >>> [(r.opened, r.count) for r in rows]
    [(('Jan', '1'), 64), (('Jan', '2'), 109)]
    """
    from pentomino.search.batch import count_openings

    symmetry = options.symmetry_mode(symmetry)
    processes = options.jobs(jobs)
    if puzzle.labels is None:
        raise PuzzleError("this puzzle's board has no labels: there are no openings to count")
    if puzzle.rules:  # a batch's tables fill the open cells with no placement to name them
        raise PuzzleError("openings are not counted with tiling rules: count each date's puzzle alone")
    if dates is not None and len(dates) != len(openings):
        raise OptionError(("dates",), f"must name each opening: {len(dates)} dates for {len(openings)} openings")
    named = [tuple(puzzle.labels.canonical(x) for x in o) for o in openings]  # an unknown label, before any work
    rows = count_openings(puzzle, named, symmetry, jobs=processes, heard=progress)
    if dates is not None:
        rows = [dataclasses.replace(r, date=d) for r, d in zip(rows, dates, strict=True)]
    return rows


def _count_options(symmetry: object, method: object, jobs: object, max: object, max_memory: object,
                   checkpoint: object, scheduler: object, rules: Sequence[str] = ()
                   ) -> tuple[SymmetryMode, CountMethod, int | None, int | None, int | None]:
    """A count's options, checked (see :func:`count`)."""
    mode = options.symmetry_mode(symmetry)
    how = options.count_method(method)
    options.rules_method(rules=rules, method=how)
    processes = options.jobs(jobs)
    most, memory = options.bounds(max=max, max_memory=max_memory)
    options.whole_count(max=most, max_memory=memory, method=how, checkpoint=checkpoint, scheduler=scheduler)
    return mode, how, processes, most, memory


def _proved_count(puzzle: Puzzle, symmetry: SymmetryMode, proof: Proof, seconds: float) -> Count:
    """The count 0 that ``proof`` settles, with its reason."""
    return Count(0, symmetry, puzzle.symmetry_group_order(symmetry), 0, seconds,
                 by_mode=dict.fromkeys(SYMMETRY_MODES, 0), method="proof", reason=proof.reason,
                 argument=proof.argument)


def _dask(scheduler: str | None, jobs: int | None) -> Runner | None:
    """The runner that searches a count's parts on the Dask cluster at ``scheduler`` (None for
    none); ``jobs``: the worker processes of a ``"local"`` cluster."""
    if scheduler is None:
        return None
    from pentomino.search.cluster import dask_runner

    return dask_runner(scheduler, workers=jobs if scheduler == options.LOCAL else None)


def counting_method(puzzle: Puzzle, symmetry: SymmetryMode = "full", *, max: int | None = None,
                    method: CountMethod = "auto", max_memory: int | None = None,
                    checkpoint: str | os.PathLike[str] | None = None,
                    scheduler: str | None = None) -> Literal["search", "memo"]:
    """The method :func:`count` takes with these arguments: ``"memo"`` or ``"search"``.
    ``"auto"`` takes the search for what only it can do (stop at ``max``, a checkpoint, a
    cluster); else the method that costs less, by trials of both and a model of their costs
    (:mod:`pentomino.search.choice`): the same answer in every process, found in milliseconds
    for most puzzles and in a second or two for the longest. A choice is remembered in the
    process, so a :func:`count` after it (or this again) does not choose again; the trials'
    work is not kept, as a count's is. It packs the puzzle for the search and raises what
    :func:`count` would for options it cannot take."""
    symmetry, method, _, max, max_memory = _count_options(symmetry, method, 1, max, max_memory, checkpoint,
                                                          scheduler, puzzle.rules)
    if checkpoint is not None or scheduler is not None or _area_proof(puzzle) is not None:
        return "search"
    from pentomino.search import runner
    from pentomino.search.solver import Solver

    return runner.counting_method(Solver(puzzle, symmetry, counting=True), method, max, max_memory=max_memory)


def placement_count(puzzle: Puzzle, symmetry: SymmetryMode = "full") -> int:
    """How many placements :func:`solutions` in mode ``symmetry`` chooses from: every way to
    put a piece on the board, less those that leave a region no piece can fill and, for a
    piece that every symmetry of the mode's group maps to itself, all but one of each of
    its orbits. (A count's is :attr:`Count.placements`: it breaks the whole group.)"""
    symmetry = options.symmetry_mode(symmetry)
    if _area_proof(puzzle) is not None:  # packed, such a puzzle keeps none
        return 0
    from pentomino.search.solver import Solver

    return len(Solver(puzzle, symmetry).packed.piece_of)


# -- is there a solution, and is it unique? ------------------------------------------------------
def prove_no_solution(puzzle: Puzzle) -> Proof | None:
    """A quick proof that ``puzzle`` has no solution, in words, or None when no quick argument
    applies (which proves nothing): the area, a piece that fits nowhere, a cell no piece can
    cover, colorings (a checkerboard, ...), regions the pieces cannot share out. Milliseconds
    for most puzzles; see :mod:`pentomino.search.proofs`. (:meth:`Puzzle.no_solution_proof
    <pentomino.model.puzzle.Puzzle.no_solution_proof>` keeps it.)"""
    from pentomino.search.proofs import no_solution_proof

    return no_solution_proof(puzzle)


def check(puzzle: Puzzle, *, count: bool = False, method: CountMethod = "auto", jobs: int | None = 1,
          progress: Progress | None = None) -> Check:
    """Can the puzzle be solved, and is its solution unique? The quick proofs of no solution
    first (:func:`prove_no_solution`), then the search, up to the puzzle's symmetries: it
    stops at the second solution unless ``count``. For a unique puzzle the whole tree is
    searched, and :attr:`Check.nodes` is a rough figure of how hard it is. ``method``,
    ``jobs`` and ``progress`` as in :func:`count` (a check that stops at the second solution
    searches: ``method`` chooses only with ``count``)."""
    method = options.count_method(method)
    options.check_method(count=count, method=method)
    options.rules_method(rules=puzzle.rules, method=method)
    start = time.perf_counter()
    proof = puzzle.no_solution_proof()
    if proof is not None:
        return Check(False, proof.reason, 0, True, False, proof.argument, 0, puzzle.symmetry_group_order(),
                     time.perf_counter() - start)
    result = _count(puzzle, "full", max=None if count else 2, method=method, jobs=jobs, progress=progress)
    n = result.count
    reason = argument = None
    if n == 0 and result.reason is not None:  # the packer's placements, short of gaps, prove it
        argument, reason = result.argument, result.reason
    elif n == 0 and puzzle.rules:
        argument, reason = "search", (f"the whole search ({result.nodes:,} nodes) finds no tiling that keeps the "
                                      f"rule{'s' if len(puzzle.rules) > 1 else ''} {' and '.join(puzzle.rules)}")
    elif n == 0:
        argument, reason = "search", f"the whole search ({result.nodes:,} nodes) finds no tiling"
    return Check(n > 0, reason, n, result.complete, result.complete and n == 1, argument, result.nodes,
                 result.group_order, time.perf_counter() - start)


# -- estimating ---------------------------------------------------------------------------------
def estimate(puzzle: Puzzle, *, samples: int | None = None, seed: int | None = None,
             method: CountMethod = "auto") -> Estimate:
    """What :func:`count` would find and cost (nodes, solutions in every mode, seconds on one
    core here), each with a 95% interval, from ``samples`` random probes of the search tree
    (default :data:`~pentomino.tuning.DEFAULT_SAMPLES`): seconds, where the count may take
    years. The same ``seed`` gives the same estimate. A puzzle that a quick proof shows to have
    no solution is not probed: every figure is an exact 0, and ``reason`` says why. See
    :mod:`pentomino.search.estimate`.

    ``method``: which method's time to tell, as :func:`count` takes it with that ``method``
    (``"auto"``: the one it would choose, see :func:`counting_method`): :attr:`Estimate.method`
    names it, and for the memoised count :attr:`Estimate.memo_seconds` is its time, from a
    trial of its first layers (:mod:`pentomino.search.choice`). The search's figures are
    given whichever it is."""
    samples = options.at_least(DEFAULT_SAMPLES if samples is None else samples, 2, "samples")
    seed = options.seed(seed)
    method = options.count_method(method)
    options.rules_method(rules=puzzle.rules, method=method)
    proof = puzzle.no_solution_proof()  # before any probe: such a tree may be huge and barren
    if proof is not None:
        zero = Interval(0, 0, 0)
        return Estimate(zero, zero, zero, zero, zero, samples=0, exact=True, reason=proof.reason)
    from pentomino.search import choice
    from pentomino.search import estimate as estimating

    return choice.with_method(estimating.estimate(puzzle, samples, seed), puzzle, method)


def forecast(puzzle: Puzzle) -> Forecast:
    """An estimate of a running count's nodes, made on a thread, for a progress display (see
    :class:`~pentomino.search.estimate.Forecast`)."""
    from pentomino.search.estimate import Forecast

    return Forecast(puzzle)


# -- checkpointed counts ------------------------------------------------------------------------
def resume(path: str | os.PathLike[str], symmetry: SymmetryMode | None = None, *, jobs: int | None = None,
           progress: Progress | None = None, scheduler: str | None = None) -> Count:
    """Go on with the count recorded in the checkpoint at ``path`` (its own puzzle), as
    :func:`count` with ``checkpoint`` does: ``symmetry`` is the mode of the count returned
    (default: the one the count was started with; all three are counted)."""
    mode = None if symmetry is None else options.symmetry_mode(symmetry)
    jobs = options.jobs(jobs)
    from pentomino.search import checkpoint

    return checkpoint.resume(path, mode, jobs=jobs, progress=progress, runner=_dask(scheduler, jobs))


def status(path: str | os.PathLike[str], *, estimate: bool = False, samples: int | None = None,
           seed: int = 0) -> Status:
    """Where the count recorded in the checkpoint at ``path`` stands (read only: a running
    count may be writing it). ``estimate``: also estimate the whole count (a few seconds; see
    :func:`estimate`, whose ``samples`` and ``seed`` these are), so that the status tells how
    much is left."""
    samples = options.at_least(DEFAULT_SAMPLES if samples is None else samples, 2, "samples")
    seed = options.at_least(seed, 0, "seed")
    from pentomino.search import checkpoint

    return checkpoint.status(path, estimate=estimate, samples=samples, seed=seed)


def checkpointed_puzzle(path: str | os.PathLike[str]) -> Puzzle:
    """The puzzle the checkpoint at ``path`` counts."""
    from pentomino.search.checkpoint import puzzle_of

    return puzzle_of(path)


# -- the compiled kernels -----------------------------------------------------------------------
def kernels_cached(*, memo: bool = False, estimate: bool = False) -> bool:
    """True if the compiled code a search will run is in numba's cache already (so no compile
    pause is coming): the search's kernel, and with ``memo`` the memoised count's, with
    ``estimate`` the estimate's."""
    from pentomino.search import kernel_cache

    return kernel_cache.is_cached(*kernel_cache.kernels(memo=memo, estimate=estimate))


def compile_notice(say: Callable[[], None]) -> contextlib.AbstractContextManager[None]:
    """A block in which ``say()`` is called just before a compiled kernel that is not in numba's
    cache runs for the first time: for the kernels a count's method trials decide to run as they
    go (:func:`counting_method`), which no one can name before."""
    from pentomino.search import kernel_cache

    return kernel_cache.announced(say)


lend_search(sys.modules[__name__])  # a puzzle's methods call these (see pentomino.model.puzzle)
