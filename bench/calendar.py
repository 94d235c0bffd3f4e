"""Benchmark: a calendar puzzle's whole year, every solution of every date counted.

    python bench/calendar.py                    # a-puzzle-a-day, 5 rounds
    python bench/calendar.py --rounds 9 --puzzle daily-calendar-weekday

Times, alternating in each round:

- **the command, whole process**: ``pentomino count PUZZLE --each-date --json --quiet`` as a
  child process (start-up, imports, the shared tables, every date, the output): the figure the
  target (2 s) is about; by default one process while the batch is quick, then every core; and
  the same with ``--jobs 1`` and ``--jobs 2`` (a pool from the start);
- **in this process, shared tables**: :func:`pentomino.api.count_each` on one process, the
  kernels warm;
- **in this process, a solver a date**: each date's puzzle packed and counted alone
  (``Solver`` + ``runner.count``), as a loop over ``--date`` would: what sharing the tables saves.

Every route must give the same total (the script stops otherwise). Prints medians and the
processor.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from machine import processor

ROOT = Path(__file__).resolve().parent.parent


def command(puzzle: str, *extra: str) -> tuple[float, int]:
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "pentomino", "count", puzzle, "--each-date", "--json", "--quiet",
                          *extra], check=True, capture_output=True, text=True, cwd=ROOT).stdout
    return time.perf_counter() - start, int(json.loads(out)["solutions"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--puzzle", default="a-puzzle-a-day")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()

    from pentomino import Puzzle, api
    from pentomino.search import runner
    from pentomino.search.solver import Solver

    p = Puzzle.load(args.puzzle)
    assert p.labels is not None
    named = p.labels.date_openings()
    openings = [o for _, o in named]

    def shared() -> tuple[float, int]:
        start = time.perf_counter()
        rows = api.count_each(p, openings, jobs=1)
        return time.perf_counter() - start, sum(r.count for r in rows)

    def one_by_one() -> tuple[float, int]:
        start = time.perf_counter()
        total = sum(runner.count(Solver(p.open(*o), counting=True), jobs=1, method="search").count for o in openings)
        return time.perf_counter() - start, total

    runs = {"command": lambda: command(args.puzzle), "command, --jobs 1": lambda: command(args.puzzle, "--jobs", "1"),
            "command, --jobs 2": lambda: command(args.puzzle, "--jobs", "2"),
            "in process, shared tables, 1 process": shared, "in process, a solver a date, 1 process": one_by_one}
    shared(), one_by_one()  # warm
    times: dict[str, list[float]] = {k: [] for k in runs}
    totals = set()
    for r in range(args.rounds):
        order = list(runs.items())
        for name, run in (order if r % 2 == 0 else order[::-1]):
            seconds, total = run()
            times[name].append(seconds)
            totals.add(total)
    if len(totals) != 1:
        print(f"bench/calendar.py: the routes disagree: {sorted(totals)}", file=sys.stderr)
        return 1
    print(f"Processor: {processor()}")
    print(f"{args.puzzle}: {len(openings)} dates, {totals.pop():,} solutions; medians of {args.rounds} "
          "alternating rounds\n")
    print("| route | wall time |")
    print("|---|---:|")
    for name, ts in times.items():
        print(f"| {name} | {statistics.median(ts):.2f} s |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
