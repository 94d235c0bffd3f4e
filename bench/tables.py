"""Benchmark: what a fresh puzzle's tables cost, before any search.

    python bench/tables.py                      # the default puzzles, median of 21 runs each
    python bench/tables.py --runs 51 6x10 hexiamonds-6x6
    PYTHONPATH=OTHER/src python bench/tables.py  # another version, for a before/after table

For each puzzle, loaded afresh each run (outside the clock, so nothing the puzzle remembers is
reused), the clock runs over ``Solver(puzzle, "full", counting=True)`` and its kernel tables
(``solver.packed.tables``): placements, the gap test, the symmetry tables and the candidate
lists, everything a count builds before its first node. It prints the median, the placements
kept and the time per placement (the builders are compiled: it should stay flat as puzzles
grow), and the processor.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from machine import processor

PUZZLES = ["6x10", "5x12", "4x15", "3x20", "8x8", "one-sided-3x30", "dominoes-8x8", "hexiamonds-6x6",
           "tetrahexes-4x7", "soma", "solid-pentominoes-3x4x5", "solid-pentominoes-2x5x6"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("puzzles", nargs="*", default=PUZZLES)
    ap.add_argument("--runs", type=int, default=21)
    args = ap.parse_args()

    from pentomino import Puzzle
    from pentomino.search.solver import Solver

    print(f"Processor: {processor()}")
    print(f"Median of {args.runs} runs, each on a freshly loaded puzzle.\n")
    print("| puzzle | placements | Solver + tables | per placement |")
    print("|---|---:|---:|---:|")
    for name in args.puzzles:
        Solver(Puzzle.load(name), "full", counting=True).packed.tables  # noqa: B018 (compile, warm)
        times = []
        for _ in range(args.runs):
            puzzle = Puzzle.load(name)
            start = time.perf_counter()
            solver = Solver(puzzle, "full", counting=True)
            solver.packed.tables  # noqa: B018
            times.append(time.perf_counter() - start)
        kept = len(solver.packed.placements)
        median = statistics.median(times)
        print(f"| {name} | {kept:,} | {median * 1e3:.2f} ms | {median / max(kept, 1) * 1e6:.2f} us |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
