"""Counting on Dask (real worker processes, no mocks): the same parts, the same counts as one
core and the process pool, and a worker killed mid-count changes nothing."""

import os
import signal
import threading
import time

import pytest

from conftest import processes_owned_by_the_fixture
from pentomino import Puzzle
from pentomino.errors import ClusterError, PuzzleError
from pentomino.search import cluster as C
from pentomino.search import parts as P
from pentomino.search import runner
from pentomino.search.parallel import run_pool
from pentomino.search.solver import Solver

distributed = pytest.importorskip("distributed")  # in the test extra: skipped only by hand

PUZZLES = ["4x15", "8x8", "one-sided-3x30", "hexiamonds-6x6", "soma"]
BUDGET = 1 << 11  # nodes per part: hundreds of parts where the default budget gives a handful
LONG = "solid-pentominoes-2x5x6"  # 4.3M nodes: in parts of 2**13 nodes, hundreds of tasks to kill a worker among
LONG_BUDGET = 1 << 13


def tally_of(puzzle) -> tuple[Solver, P.Tally]:
    solver = Solver(puzzle, counting=True)
    return solver, P.Tally(solver.parts())


def recorder(tally: P.Tally, seen: list):
    def record(result: P.PartResult) -> None:
        seen.append(result.part)
        tally.add(result)
    return record


def serial_run(name: str, budget: int) -> tuple[list, list]:
    """(totals, sorted parts) of a count on this process."""
    puzzle = Puzzle.load(name)
    _, tally = tally_of(puzzle)
    seen: list = []
    P.run_serial(puzzle, tally, recorder(tally, seen), budget)
    return tally.totals, sorted(seen)


def pool_run(name: str, budget: int) -> tuple[list, list]:
    solver, tally = tally_of(Puzzle.load(name))
    seen: list = []
    run_pool(solver, tally, 2, recorder(tally, seen), budget)
    return tally.totals, sorted(seen)


@pytest.fixture(scope="module")
def references():
    """Serial and pooled runs, made before the cluster starts (the pool forks this process,
    better done while no Dask thread runs in it)."""
    runs = {name: (serial_run(name, BUDGET), pool_run(name, BUDGET)) for name in PUZZLES}
    runs[LONG] = (None, pool_run(LONG, LONG_BUDGET))
    return runs


@pytest.fixture(scope="module")
def cluster(references):
    """One cluster of two worker processes (one thread each) for the module. Its nannies'
    workers are its own, also those a nanny starts during a test (after a worker is killed)."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=40) as local:
        with processes_owned_by_the_fixture(lambda: [nanny.pid for nanny in local.workers.values()]):
            yield local


def dask_run(address: str, name: str, budget: int, on_result=None) -> tuple[list, list, int, P.Tally]:
    solver, tally = tally_of(Puzzle.load(name))
    seen: list = []

    def note(result):
        seen.append(result.part)
        if on_result is not None:
            on_result(result)

    used = runner.run_tally(solver, tally, on_result=note, runner=C.dask_runner(address), budget=budget)
    return tally.totals, sorted(seen), used, tally


@pytest.mark.slow
@pytest.mark.parametrize("name", PUZZLES)
def test_serial_pool_and_dask_search_the_same_parts(name, references, cluster):
    (serial, serial_parts), (pooled, pooled_parts) = references[name]
    totals, parts, used, tally = dask_run(cluster.scheduler_address, name, BUDGET)
    assert len(serial_parts) > 5 and len(set(serial_parts)) == len(serial_parts)
    # Every counter (nodes and the counts of all three modes) and every part, once each.
    assert totals == pooled == serial
    assert parts == pooled_parts == serial_parts
    assert used == 2 and tally.finished and tally.done == len(serial_parts)
    by_mode = runner.count(Solver(Puzzle.load(name), counting=True), method="search").by_mode
    assert tally.by_mode() == by_mode


@pytest.mark.slow
def test_a_worker_killed_mid_count_changes_nothing(references, cluster):
    _, (pooled, pooled_parts) = references[LONG]
    with distributed.Client(cluster.scheduler_address) as client:
        before = client.run(os.getpid)
        victim = sorted(before.values())[0]
        killed = threading.Event()
        first, later = [], []  # parts recorded before and after the kill

        def kill_once(result):
            # After the first results, while both workers are busy with the rest.
            if killed.is_set():
                later.append(result.part)
            elif len(first) < 20:
                first.append(result.part)
            else:
                os.kill(victim, signal.SIGKILL)
                killed.set()

        totals, parts, _, tally = dask_run(cluster.scheduler_address, LONG, LONG_BUDGET, kill_once)
        assert killed.is_set() and len(later) > 10, "the count ended before a worker could be killed"
        assert totals == pooled and parts == pooled_parts and len(set(parts)) == len(parts)
        assert tally.by_mode() == {"full": 264, "none": 2112, "rotations": 528}
        client.wait_for_workers(2, timeout=60)  # the nanny starts a new worker for the next tests
        after = client.run(os.getpid)
        assert victim not in after.values()


@pytest.mark.slow
def test_a_failing_task_gives_its_parts_back(cluster):
    solver, tally = tally_of(Puzzle.load("8x8"))
    tally.waiting.appendleft(Solver(Puzzle.load("6x10"), counting=True).parts()[0])  # another puzzle's
    with pytest.raises(PuzzleError, match="another puzzle"):
        runner.run_tally(solver, tally, runner=C.dask_runner(cluster.scheduler_address), budget=BUDGET)
    assert not tally.running and tally.waiting


def test_an_unreachable_scheduler_is_a_clear_error(monkeypatch):
    import dask

    monkeypatch.setattr(C, "CONNECT_SECONDS", 1.0)
    solver, tally = tally_of(Puzzle.load("4x15"))
    start = time.perf_counter()
    # Dask's own connect timeout made 120 s: an error within 60 s is CONNECT_SECONDS's (1 s).
    with dask.config.set({"distributed.comm.timeouts.connect": "120s"}):
        with pytest.raises(ClusterError, match=r"cannot reach a Dask scheduler at 'tcp://127.0.0.1:9' within 1 s"):
            runner.run_tally(solver, tally, runner=C.dask_runner("tcp://127.0.0.1:9"))
    assert time.perf_counter() - start < 60
    assert tally.done == 0 and not tally.running and len(tally.waiting) == len(solver.parts())


def test_without_dask_the_error_says_what_to_install(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed raises ImportError
    with pytest.raises(ClusterError, match=r"pip install 'pentomino\[dask\]'"):
        C.dask_runner("local")


@pytest.mark.slow
def test_the_cli_counts_on_a_running_scheduler_and_with_a_checkpoint(cluster, tmp_path):
    """`count --scheduler ADDRESS` in a real process, on the module's cluster: the published
    count, the same parts as a pool; `resume --scheduler` of a finished checkpoint prints it."""
    import json
    import subprocess
    import sys

    db = tmp_path / "run.db"
    cmd = [sys.executable, "-m", "pentomino", "count", "one-sided-3x30", "--json", "-q",
           "--scheduler", cluster.scheduler_address, "--checkpoint", str(db)]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["count"] == 46 and result["jobs"] == 2  # published: 46 (known-counts.json)
    assert result["parts"] == runner.count(Solver(Puzzle.load("one-sided-3x30"), counting=True), jobs=2).parts
    again = subprocess.run([sys.executable, "-m", "pentomino", "resume", str(db), "--symmetry", "none",
                            "--scheduler", cluster.scheduler_address], capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and again.stdout.strip() == "184 solutions counting every tiling", again


def test_the_library_counts_on_a_local_cluster():
    # Its own LocalCluster of two workers, started and closed by the count.
    result = Puzzle.load("hexiamonds-6x6").count_detail("rotations", scheduler="local", jobs=2)
    assert result.count == 312 and result.by_mode["full"] == 156 and result.jobs == 2


def test_cli_errors_with_a_scheduler():
    from test_cli import error_line, run

    assert "--max and --scheduler" in error_line(run("count", "6x10", "--scheduler", "local", "--max", "2"))
    assert "--max-memory and --scheduler" in error_line(
        run("count", "6x10", "--scheduler", "local", "--max-memory", "1G"))
