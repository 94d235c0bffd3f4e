"""The peers: general exact-cover programs, run on our own placements, each in a process of its
own that is stopped at a cap.

A peer gets the exact-cover matrix built from the placements our kernel searches (pruned the
same way): one primary item per board cell and one per piece used exactly once; options =
placements. It enumerates every tiling.

A run is a child process, this file run as a script (``python bench/peers.py PEER PUZZLE``):
it builds the matrix and loads the peer (not timed), says ``ready``, starts the clock, then
says every quarter second how many tilings it has found and when, and at the end ``done``
with its total and time. The parent reads those lines on a thread; when the cap passes it
kills the child (SIGKILL: the peers run in C and do not look at signals between solutions) and
waits for it, on Ctrl-C too, so no process is left behind. A run stopped at the cap still
tells its rate: the tilings found by the last report over the seconds they took.
"""

from __future__ import annotations

import importlib.util
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

PEERS = ("xcover", "miniexact")
REPORT_SECONDS = 0.25
"""How often a running peer says how far it has got."""
SETUP_SECONDS = 600.0
"""How long a peer may take to build its matrix and load (not part of its time)."""


@dataclass(frozen=True)
class PeerRun:
    """What one run of a peer found by the time it finished or was stopped."""

    peer: str
    found: int
    """Tilings found (every tiling, no symmetry)."""
    seconds: float
    """Seconds the peer had searched when it last reported (at the end, if it finished)."""
    finished: bool
    """True if it enumerated every tiling before the cap; ``found`` is then the whole count."""

    @property
    def rate(self) -> float:
        """Tilings a second."""
        return self.found / self.seconds if self.seconds > 0 else 0.0


def exact_cover_matrix(name: str) -> tuple[list[list[int]], int]:
    """(options as lists of item numbers, number of items) from our own placements."""
    from pentomino import Puzzle
    from pentomino.search.solver import Solver

    solver = Solver(Puzzle.load(name), "none")
    p = solver.packed
    n = len(p.cells)
    once = {t: n + k for k, t in enumerate(t for t in range(len(p.piece_names))
                                           if p.remaining[t] == 1 and p.slack[t] == 0)}
    options = []
    for t, cells in p.placements:
        options.append(list(cells) + ([once[t]] if t in once else []))
    return options, n + len(once)


def _tilings(peer: str, options: list[list[int]], items: int) -> Iterator[None]:
    """One step for each tiling the peer finds; nothing runs before the first ``next``."""
    if peer == "xcover":
        import xcover

        for _ in xcover.covers(options, primary=list(range(items))):
            yield
        return
    import miniexact

    solver = miniexact.miniexacts_x()
    ids = [solver.primary(f"i{i}") for i in range(items)]
    for opt in options:
        solver.add([ids[i] for i in opt])
    while solver.solve() == 10:
        yield


def _serve(peer: str, name: str) -> None:
    """The child's side: build, load, say ready, enumerate, report."""
    options, items = exact_cover_matrix(name)
    if peer == "xcover":
        import xcover

        list(xcover.covers([[0, 1], [1]]))  # compile before timing
    else:
        import miniexact  # noqa: F401 - loaded before timing
    print("ready", flush=True)
    start = last = time.perf_counter()
    found = 0
    for _ in _tilings(peer, options, items):
        found += 1
        now = time.perf_counter()
        if now - last >= REPORT_SECONDS:
            print(found, now - start, flush=True)
            last = now
    print("done", found, time.perf_counter() - start, flush=True)


def installed(peer: str) -> bool:
    return importlib.util.find_spec(peer) is not None


def run_peer(peer: str, name: str, cap: float) -> PeerRun | None:
    """One run of ``peer`` on puzzle ``name`` (a built-in name or a file) in a child process,
    stopped after ``cap`` seconds of search; None if the peer is not installed."""
    if not installed(peer):
        return None
    child = subprocess.Popen([sys.executable, __file__, peer, name], stdout=subprocess.PIPE, text=True)
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert child.stdout is not None
        for line in child.stdout:
            lines.put(line)
        lines.put(None)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        deadline, found, seconds = time.monotonic() + SETUP_SECONDS, 0, 0.0
        searching = False
        while True:
            try:
                line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                raise SystemExit(f"{peer} on {name} stopped before it finished (exit status {child.wait()})")
            words = line.split()
            if words[0] == "ready":
                deadline, searching = time.monotonic() + cap, True
            elif words[0] == "done":
                return PeerRun(peer, int(words[1]), float(words[2]), True)
            else:
                found, seconds = int(words[0]), float(words[1])
        if not searching:
            raise SystemExit(f"{peer} on {name} did not build its matrix in {SETUP_SECONDS:.0f} s")
        return PeerRun(peer, found, seconds, False)
    finally:
        child.kill()
        child.wait()
        reader.join()


if __name__ == "__main__":
    _serve(*sys.argv[1:3])
