"""Counting on a Dask cluster (``pip install 'pentomino[dask]'``): the parts of a count
(:mod:`pentomino.search.parts`) as Dask tasks, on as many machines as the scheduler has workers.

:func:`dask_runner` gives a runner for :func:`pentomino.search.runner.run_tally`; the
tree of parts is the same as on one core or on the process pool, so are the counts. The runner
keeps about two tasks per worker thread in flight, each task a batch of parts
(:meth:`~pentomino.search.parts.Tally.batch_size`), and adds tasks as finished parts hand work
back. Each part's result goes to ``record`` as it arrives: the checkpoint and the progress line
see the whole cluster's work.

How the work reaches the workers:

* a task carries its parts (a few placements named by piece and cells, see
  :class:`~pentomino.search.results.Part`), the budget, and the puzzle pickled once by the
  runner: the text of its puzzle file (:meth:`Puzzle.__reduce__`), a few hundred bytes;
* a worker process reads that text back once (the puzzle is cached by its text) and packs the
  puzzle's tables once (:func:`~pentomino.search.parts.solver_for` keeps them per process), so
  every later task of the count finds them ready: no tables travel over the network, and no
  task packs them again;
* the kernel is compiled once per machine (numba's cache on disk), on the first task.

A worker that dies mid-count has its tasks run again elsewhere by Dask: a task is a pure
function of its parts, and each task's result is recorded once (by the future that delivered
it), so the count is unchanged. Every part is taken from the tally once and sent in one task
only; a task's key is unique (``pure=False``), so Dask never merges two tasks either.

A count on a local cluster killed without warning (``kill -9``) leaves nothing behind either,
and nothing on the terminal:

* each Dask worker process watches its nanny (here, this process) and ends the moment it is
  gone (Dask's own doing). In that moment a worker may also find its connection to the
  scheduler (here too) broken and log an error with a traceback. Each worker of a local
  cluster runs :func:`dask_setup` as it starts (a Dask *preload*), which holds back a logged
  error until it is clear that the parent is alive (:class:`_UnlessOrphaned`): an error a
  worker logs while its parent lives is shown as before, an orphan's is not;
* the nannies' queues are named semaphores, which multiprocessing's resource tracker (a helper
  process) deletes once every process that used them has ended, and then warns on the terminal
  that it found "leaked semaphore objects": a warning about a clean-up that went as it should.
  :func:`connect` turns that warning off for the tracker it starts (:data:`TRACKER_WARNINGS`);
  the deletion still happens.

On an error or Ctrl-C the runner cancels its tasks, puts the parts still running back to
waiting (:meth:`~pentomino.search.parts.Tally.give_back`), closes its client (and the local
cluster it started) and raises again.
"""

from __future__ import annotations

import importlib
import logging
import os
import pickle
import sys
import time
import types
from typing import TYPE_CHECKING

from pentomino.errors import ClusterError, InternalError, Term, literal
from pentomino.model.options import LOCAL
from pentomino.search import parts
from pentomino.search.parallel import default_jobs
from pentomino.search.results import Part
from pentomino.search.runner import Runner
from pentomino.search.solver import Solver
from pentomino.tuning import CONNECT_SECONDS, ORPHAN_GRACE_SECONDS, PART_NODES, TASKS_PER_WORKER, WORKERS_EVERY

if TYPE_CHECKING:  # Dask's types, for annotations only (it is imported when a count first needs it)
    import distributed as dask_types


def _distributed() -> types.ModuleType:
    """Dask's ``distributed``, imported on first use (a count without a cluster needs no Dask)."""
    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise ClusterError("Dask is not installed: pip install 'pentomino[dask]'") from None


TRACKER_WARNINGS = "ignore::UserWarning:multiprocessing.resource_tracker"
"""A warnings filter (``python -W``) for multiprocessing's resource tracker: quiet about the
semaphores it deletes after a kill. The tracker is a new Python process, started by the first
named semaphore of a process (the local cluster's) with this process's ``-W`` options
(``sys.warnoptions``). Its only other warning, a deletion that failed, names a semaphore the
user could do nothing about either."""


def _quiet_tracker() -> None:
    """Give the resource tracker this process starts next :data:`TRACKER_WARNINGS` (one
    already running keeps its own filters)."""
    if TRACKER_WARNINGS not in sys.warnoptions:
        sys.warnoptions.append(TRACKER_WARNINGS)


class _UnlessOrphaned(logging.Filter):
    """Lets a log record through once it is clear that this process's parent, ``parent``, is
    alive: it still is after :data:`~pentomino.tuning.ORPHAN_GRACE_SECONDS` (a killed parent's
    connections close a moment before its children are given to another parent)."""

    def __init__(self, parent: int) -> None:
        super().__init__()
        self.parent = parent

    def filter(self, record: logging.LogRecord) -> bool:
        deadline = time.monotonic() + ORPHAN_GRACE_SECONDS
        while os.getppid() == self.parent:
            if time.monotonic() >= deadline:
                return True
            time.sleep(ORPHAN_GRACE_SECONDS / 20)
        return False


def dask_setup(worker: object) -> None:
    """Run by Dask in each worker process of a local cluster as it starts (:func:`connect`
    names this module as the workers' preload): the errors the worker logs after its parent
    died are not shown (:class:`_UnlessOrphaned`). Only the worker's own records are held
    back, and only those the cluster shows at all (errors: ``silence_logs``)."""
    quiet = _UnlessOrphaned(os.getppid())
    for handler in logging.getLogger("distributed").handlers:
        handler.addFilter(quiet)


def _count_batch(puzzle_pickle: bytes, batch: list[Part], budget: int) -> list[parts.PartResult]:
    """A task: the parts of ``batch`` searched on a worker (the puzzle comes as its pickled
    text, read back once per process)."""
    return parts.count_parts(pickle.loads(puzzle_pickle), batch, budget)


def connect(address: str, workers: int | None = None
            ) -> tuple[dask_types.Client, dask_types.LocalCluster | None]:
    """A Dask client of the scheduler at ``address`` (``tcp://host:8786``), or of a new cluster
    on this machine if ``address`` is :data:`LOCAL` (``workers`` processes, default: one per
    core, one thread each). Returns ``(client, cluster)``; ``cluster`` is None unless started
    here, and the caller closes both."""
    distributed = _distributed()
    if address == LOCAL:
        _quiet_tracker()
        cluster = distributed.LocalCluster(n_workers=workers or default_jobs(), threads_per_worker=1,
                                           processes=True, dashboard_address=None,
                                           silence_logs=logging.ERROR, preload=[__name__])
        try:
            return distributed.Client(cluster), cluster
        except BaseException:
            cluster.close()
            raise
    try:
        return distributed.Client(address, timeout=CONNECT_SECONDS), None
    except (OSError, TimeoutError, ValueError) as e:
        raise ClusterError(f"cannot reach a Dask scheduler at {literal(repr(address))} within {CONNECT_SECONDS:g} s "
                           f"({literal(e)}): start one with `dask scheduler` and give its address, "
                           "tcp://HOST:8786, or use {local}", local=Term("scheduler", value=LOCAL)) from None


def _threads(client: dask_types.Client) -> int:
    """Worker threads the cluster has now (at least 1, so that work queues while none has
    joined yet)."""
    threads: dict[str, int] = client.nthreads()  # worker address -> its threads
    return max(1, sum(threads.values()))


def dask_runner(address: str, workers: int | None = None) -> Runner:
    """A runner for :func:`pentomino.search.runner.run_tally` that
    searches the parts on the Dask scheduler at ``address`` (``"tcp://host:8786"``), or on a
    cluster started on this machine for the count if ``address`` is ``"local"`` (``workers``
    processes, default one per core). ``run_tally`` passes the budget: nodes per part (see
    :data:`~pentomino.tuning.PART_NODES`; a different budget gives a different tree).

    The runner returns the most worker threads the cluster had during the count.
    """
    _distributed()  # a missing Dask is reported before the count starts

    def run(solver: Solver, tally: parts.Tally, record: parts.OnResult, budget: int = PART_NODES) -> int:
        client, cluster = connect(address, workers)
        try:
            return _run(client, solver, tally, record, budget)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()

    return run


def _run(client: dask_types.Client, solver: Solver, tally: parts.Tally, record: parts.OnResult, budget: int) -> int:
    distributed = _distributed()
    blob = pickle.dumps(solver.puzzle)
    futures: dict[dask_types.Future, list[Part]] = {}  # future -> its batch of parts
    # The client's own loop (by default as_completed takes the default client's, maybe another);
    # results are fetched as tasks finish, not one by one when the loop below asks for them.
    done = distributed.as_completed(loop=client.loop, with_results=True)
    threads = most = _threads(client)
    looked = time.monotonic()

    def submit() -> None:
        while tally.waiting and len(futures) < TASKS_PER_WORKER * threads:
            batch = tally.take(tally.batch_size(threads))
            future = client.submit(_count_batch, blob, batch, budget, pure=False)
            futures[future] = batch
            done.add(future)

    try:
        submit()
        for future, results in done:  # a task's error is raised here
            del futures[future]  # one future, one result: its parts are recorded once
            for result in results:
                record(result)
            if time.monotonic() - looked > WORKERS_EVERY:
                threads, looked = _threads(client), time.monotonic()
                most = max(most, threads)
            submit()
        if not tally.finished:  # pragma: no cover - every part taken is in a future
            raise InternalError("the Dask runner stopped with parts not searched")
    except BaseException:
        client.cancel(list(futures))
        tally.give_back()
        raise
    return most
