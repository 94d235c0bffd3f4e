"""Big counts, in one run: the estimate against the truth, and the count on one process, on
two, and on a Dask cluster of two local worker processes.

    pip install ".[bench,dask]"
    python bench/big_counts.py                      # both puzzles (about 15 minutes on 2 cores)
    python bench/big_counts.py --puzzles one-sided-5x18 --no-dask

The puzzles are the 18 one-sided pentominoes in 5x18 and in 6x15 (``bench/puzzles/``), whose
counts up to the board's symmetries are published (Polyform Puzzler, D. Goodger: 686,628 and
2,567,183). Prints a markdown table: for each run its counts in the three symmetry modes, nodes,
parts, wall time and speed-up over one process; then the estimate (``pentomino estimate``,
seed 1) and whether each of its 95% intervals holds the true figure.
"""

from __future__ import annotations

import argparse
import platform
import time
from pathlib import Path

from machine import processor
from pentomino import Puzzle, api
from pentomino.search.estimate import estimate

HERE = Path(__file__).parent / "puzzles"
PUBLISHED = {"one-sided-5x18": 686_628, "one-sided-6x15": 2_567_183}


def run(puzzle: Puzzle, jobs: int = 1, dask: bool = False,
        checkpoint: str | None = None) -> tuple[dict, int, int, float]:
    """(counts by mode, nodes, parts, wall seconds) of one whole count by the enumerating
    search: on ``jobs`` processes, or a local Dask cluster of ``jobs`` worker processes; with a
    ``checkpoint`` file, recorded there as it goes (resumed if it exists: the seconds are then
    this run's)."""
    start = time.perf_counter()
    c = api.count(puzzle, method="search", jobs=jobs, scheduler="local" if dask else None, checkpoint=checkpoint)
    return c.by_mode, c.nodes, c.parts, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", nargs="+", default=list(PUBLISHED))
    ap.add_argument("--no-dask", action="store_true", help="Skip the Dask run.")
    a = ap.parse_args()
    print(f"Processor: {processor()}; Python {platform.python_version()}\n")
    for name in a.puzzles:
        puzzle = Puzzle.load(str(HERE / f"{name}.toml"))
        t = time.perf_counter()
        est = estimate(puzzle, seed=1)
        est_seconds = time.perf_counter() - t
        runs = [("1 process", dict(jobs=1)), ("2 processes", dict(jobs=2))]
        if not a.no_dask:
            runs.append(("Dask, 2 local workers", dict(jobs=2, dask=True)))
        print(f"### {puzzle.name}\n")
        print("| run | up to symmetry | up to rotations | tilings | nodes | parts | seconds | speed-up |")
        print("|---|---|---|---|---|---|---|---|")
        one = None
        truth = None
        for label, kw in runs:
            by_mode, nodes, parts, seconds = run(puzzle, **kw)
            one = one or seconds
            truth = truth or (by_mode, nodes, seconds)
            assert by_mode == truth[0] and nodes == truth[1], (label, by_mode, nodes, truth)
            print(f"| {label} | {by_mode['full']:,} | {by_mode['rotations']:,} | {by_mode['none']:,} | "
                  f"{nodes:,} | {parts:,} | {seconds:.1f} | {one / seconds:.2f}x |", flush=True)
        published = PUBLISHED.get(name)
        if published is not None:
            print(f"\nPublished count up to symmetry: {published:,} "
                  f"({'agrees' if published == truth[0]['full'] else 'DIFFERS'}).")
        by_mode, nodes, seconds = truth
        print(f"\nEstimate (20,000 probes, seed 1, {est_seconds:.1f} s) against the count:\n")
        print("| figure | estimate | 95% interval | true | inside |")
        print("|---|---|---|---|---|")
        rows = [("nodes", est.nodes, nodes), ("up to symmetry", est.full, by_mode["full"]),
                ("up to rotations", est.rotations, by_mode["rotations"]), ("tilings", est.none, by_mode["none"]),
                ("seconds, 1 process", est.seconds, seconds)]
        for label, iv, true in rows:
            print(f"| {label} | {iv.estimate:,.0f} | {iv.low:,.0f} to {iv.high:,.0f} | {true:,.0f} | "
                  f"{'yes' if true in iv else 'no'} |")
        print()


if __name__ == "__main__":
    main()
