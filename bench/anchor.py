"""Benchmark: our count of every tiling against the fastest compiled pentomino solver, in one run.

    python bench/anchor.py                       # 9 rounds, the anchor's five boards
    python bench/anchor.py --rounds 15 --boards 6x10 3x20
    python bench/anchor.py --anchor PATH         # the anchor elsewhere

The anchor is ``sr-pentomino`` (``../shared/anchors/``, next to the checkout; its README says
what it is): it counts every tiling of the 12 pentominoes on five boards and prints the wall time
of its search alone (its tables are built before its clock starts). We time, in this process,
with the compiled kernels warm:

- **ours, search**: ``runner.count`` (counting, ``jobs=1``, the enumerating search) of a fresh
  :class:`Solver` whose tables are built just before the clock starts, as the anchor builds its
  own: the same work as the anchor's clock;
- **ours, whole**: a fresh ``Solver`` of a freshly loaded puzzle (``Puzzle.load``, outside the
  clock), its tables and the count: everything a count of a new puzzle costs after its file is
  read.

Both count every tiling (and, in the same search, the counts up to symmetry). Rounds alternate
the three, each board in turn, so a slow spell of a shared machine hits all alike; the table
gives the medians and the ratios anchor / ours (above 1: ours is faster). Targets (issue 23):
search ratio at least 1.5, whole ratio at least 1.0, on every board.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from machine import processor

ROOT = Path(__file__).resolve().parent.parent
ANCHOR = ROOT.parent / "shared" / "anchors" / "sr-pentomino"
BOARDS = {"6x10": 9356, "5x12": 4040, "4x15": 1472, "3x20": 8, "8x8": 520}  # every tiling
TARGET_SEARCH, TARGET_WHOLE = 1.5, 1.0


def anchor_seconds(anchor: Path, board: str) -> float:
    out = subprocess.run([str(anchor), board, "optimized-small"], check=True, capture_output=True, text=True).stdout
    found = re.search(r"solutions=(\d+) elapsed_s=([0-9.eE+-]+)", out)
    if found is None or int(found[1]) != BOARDS[board]:
        raise SystemExit(f"bench/anchor.py: the anchor printed {out.strip()!r} for {board}")
    return float(found[2])


def ours(board: str, puzzle, whole: bool) -> float:
    """Seconds of one count of every tiling by a fresh solver of ``puzzle``: with its tables
    (``whole``), or of its search alone, the tables built just before the clock starts (as the
    anchor builds its own)."""
    from pentomino.search import runner
    from pentomino.search.solver import Solver

    start = time.perf_counter()
    solver = Solver(puzzle, "full", counting=True)
    if not whole:
        solver.packed.tables  # noqa: B018 (built before the clock)
        start = time.perf_counter()
    result = runner.count(solver, jobs=1, method="search")
    seconds = time.perf_counter() - start
    if result.by_mode["none"] != BOARDS[board]:
        raise SystemExit(f"bench/anchor.py: we counted {result.by_mode['none']} tilings of {board}")
    return seconds


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--boards", nargs="+", default=list(BOARDS), choices=list(BOARDS))
    ap.add_argument("--anchor", type=Path, default=ANCHOR)
    args = ap.parse_args()
    if not args.anchor.is_file():
        print(f"bench/anchor.py: no anchor at {args.anchor} (give its path with --anchor)", file=sys.stderr)
        return 2

    from pentomino import Puzzle

    for b in args.boards:  # compile and warm every kernel first
        ours(b, Puzzle.load(b), True)
    times: dict[tuple[str, str], list[float]] = {}
    for r in range(args.rounds):
        for b in args.boards:
            runs = [("anchor", lambda b=b: anchor_seconds(args.anchor, b)),
                    ("search", lambda b=b: ours(b, Puzzle.load(b), False)),
                    ("whole", lambda b=b: ours(b, Puzzle.load(b), True))]
            if r % 2:
                runs.reverse()
            for what, run in runs:
                times.setdefault((b, what), []).append(run())

    def ms(b: str, what: str) -> float:
        return 1e3 * statistics.median(times[b, what])

    print(f"Processor: {processor()}")
    print(f"Medians of {args.rounds} alternating rounds; ratios anchor / ours (above 1: ours faster); "
          f"targets: search >= {TARGET_SEARCH}, whole >= {TARGET_WHOLE}.\n")
    print("| board | anchor (its search) | ours, search | ours, whole (fresh Solver) | anchor/ours search "
          "| anchor/ours whole |")
    print("|---|---:|---:|---:|---:|---:|")
    met = True
    for b in args.boards:
        a, s, w = ms(b, "anchor"), ms(b, "search"), ms(b, "whole")
        rs, rw = a / s, a / w
        met &= rs >= TARGET_SEARCH and rw >= TARGET_WHOLE
        mark = lambda ok: "" if ok else " (below target)"  # noqa: E731
        print(f"| {b} | {a:.2f} ms | {s:.2f} ms | {w:.2f} ms | {rs:.2f}{mark(rs >= TARGET_SEARCH)} "
              f"| {rw:.2f}{mark(rw >= TARGET_WHOLE)} |")
    print("\nEvery target met." if met else "\nSome targets not met.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
