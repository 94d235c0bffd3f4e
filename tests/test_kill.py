"""A killed count leaves nothing behind: when the parent of a count on several processes dies
without warning (``kill -9``), its workers end within a second, and none of them writes to the
terminal (no ``BrokenPipeError`` traceback from a pool's worker, no "leaked semaphore objects"
from the resource tracker of a local Dask cluster).

Each count runs as ``python -c STARTED`` (the ``pentomino`` command, which writes a byte to file
descriptor NOTES_FD once it has reported nodes searched, see :mod:`test_interrupt`) in a process
group of its own; its processes are found in ``/proc`` by that group. The test kills the count
itself: the puzzle runs for many minutes, so the workers are in the middle of a part when their
parent dies.
"""

from __future__ import annotations

import contextlib
import logging
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import process, run_process
from test_interrupt import LONG, STARTED, _warm

GONE_SECONDS = 5.0
"""How long the workers may take to end after their parent was killed (they take well under a
second; the margin is for a loaded machine)."""

TRACKER = "from multiprocessing.resource_tracker import main"
"""The command line of multiprocessing's resource tracker, a helper process, not a worker."""


def _stat(pid: int) -> tuple[str, int, int] | None:
    """(state, parent pid, process group) of ``pid`` from ``/proc``, or None if it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    state, ppid, group = text[text.rindex(")") + 2:].split()[:3]  # the name may hold spaces and ')'
    return state, int(ppid), int(group)


def _running_in_group(group: int) -> dict[int, int]:
    """The processes of process group ``group`` still running (not zombies): pid -> parent pid."""
    found = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (stat := _stat(int(entry))) is not None:
            state, ppid, in_group = stat
            if in_group == group and state != "Z":
                found[int(entry)] = ppid
    return found


def _command(pid: int) -> str:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    return f"pid {pid}"


def _killed_while_counting(args: list[str], tmp_path: Path, script: str = STARTED,
                           workers: int = 2) -> tuple[list[str], str]:
    """Start ``python -c SCRIPT ARGS``, wait until it has reported nodes searched and has
    ``workers`` worker processes, SIGKILL it alone: (the command lines of its processes still
    running GONE_SECONDS later, what was written to stderr after the kill: all of it, once none
    is left)."""
    err_path = tmp_path / "stderr.txt"
    notes, note_fd = os.pipe()
    seen: set[int] = set()
    parent = None
    try:
        with open(err_path, "w") as err, \
                process([sys.executable, "-c", script, *args], stdout=subprocess.DEVNULL, stderr=err,
                        pass_fds=(note_fd,), env={**os.environ, "NOTES_FD": str(note_fd)}) as proc:
            parent = proc.pid
            os.close(note_fd)
            note_fd = None
            ready, _, _ = select.select([notes], [], [], 300)
            assert ready, "the count reported no nodes searched in 300 s"
            assert os.read(notes, 1), ("the count ended before it reported nodes", err_path.read_text())
            deadline = time.monotonic() + 60
            while True:
                children = [pid for pid, ppid in _running_in_group(proc.pid).items()
                            if ppid == proc.pid and TRACKER not in _command(pid)]
                if len(children) >= workers or time.monotonic() > deadline:
                    break
                time.sleep(0.05)
            assert len(children) >= workers, ("no workers", err_path.read_text())
            seen.update(_running_in_group(proc.pid))
            said = err_path.stat().st_size
            proc.kill()  # the parent only: its workers are left to end by themselves
            proc.wait(timeout=60)
            deadline = time.monotonic() + GONE_SECONDS
            while (left := _running_in_group(proc.pid)) and time.monotonic() < deadline:
                seen.update(left)
                time.sleep(0.05)
            survivors = [_command(pid) for pid in left]
            with open(err_path) as written:
                written.seek(said)
                after = written.read()
    finally:
        os.close(notes)
        if note_fd is not None:
            os.close(note_fd)
        for pid in seen - {parent}:  # orphans, adopted by this process (conftest._adopt_orphans): reap them
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, os.WNOHANG)
    return survivors, after


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("scheduler", [[], ["--scheduler", "local"]], ids=["pool", "local-dask"])
def test_kill_9_of_a_two_process_count_leaves_no_worker_and_no_message(tmp_path, scheduler):
    if scheduler:
        pytest.importorskip("distributed")
    _warm("3x20")  # the kernels cached: a compile does not delay the workers
    survivors, after = _killed_while_counting(
        ["count", LONG, "--symmetry", "none", "--method", "search", "--jobs", "2", *scheduler], tmp_path)
    assert survivors == [], f"still running {GONE_SECONDS:g} s after their parent was killed"
    assert after == ""


# A count on two processes started by a thread that is not the main one (workers forked by a
# thread are watched differently, see pentomino.search.parallel): the count runs in a thread,
# and a note is written once it has searched nodes, as in STARTED.
_COUNT_IN_A_THREAD = """
import os, sys, threading
from pentomino import Puzzle, api

notes = [int(os.environ["NOTES_FD"])]

def tick(found, nodes, *figures):
    if notes and nodes > 0:
        os.write(notes.pop(), b".")

def count():
    api.count(Puzzle.load(sys.argv[1]), "none", method="search", jobs=2, progress=tick)

thread = threading.Thread(target=count)
thread.start()
thread.join()
"""


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_kill_9_of_a_count_whose_pool_a_thread_started_leaves_no_worker(tmp_path):
    _warm("3x20")
    survivors, after = _killed_while_counting([LONG], tmp_path, _COUNT_IN_A_THREAD)
    assert survivors == [], f"still running {GONE_SECONDS:g} s after their parent was killed"
    assert after == ""


_SOLUTIONS_FROM_TWO_THREADS = """
import sys, threading
from pentomino import Puzzle, api

solutions = api.solutions(Puzzle.load("6x10"), jobs=2)
first = []
thread = threading.Thread(target=lambda: first.append(next(solutions)))  # starts the pool
thread.start()
thread.join()  # and ends, while the pool's workers have parts to search
print(len(first) + sum(1 for _ in solutions))
"""


def test_a_pool_outlives_the_thread_that_started_it():
    """A generator of solutions started by one thread (its pool with it) and read on by another
    after the first ended (as a thread pool serves a stream): its workers stay to the end."""
    # A few seconds; were the workers killed with the first thread, their parts would never
    # come back and the listing would hang: the timeout fails it.
    done = run_process([sys.executable, "-c", _SOLUTIONS_FROM_TWO_THREADS], timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "2339\n"


def test_what_a_local_clusters_worker_logs_is_shown_while_its_parent_lives():
    from pentomino.search.cluster import _UnlessOrphaned

    record = logging.LogRecord("distributed.worker", logging.ERROR, __file__, 1, "connection broken", None, None)
    assert _UnlessOrphaned(os.getppid()).filter(record)  # after a moment: the parent is alive
    assert not _UnlessOrphaned(-1).filter(record)  # another parent than the one it was started by


@pytest.mark.slow
def test_the_workers_of_a_local_cluster_hold_back_what_an_orphan_logs():
    pytest.importorskip("distributed")
    from pentomino.search import cluster

    client, local = cluster.connect("local", 1)
    try:
        filters = client.run(lambda: [type(f).__name__ for h in logging.getLogger("distributed").handlers
                                      for f in h.filters])
    finally:
        client.close()
        local.close()
    assert filters and all("_UnlessOrphaned" in names for names in filters.values()), filters
