"""Benchmark: each counting method on a panel of puzzles, and the method ``auto`` chooses.

    python bench/methods.py                 # the panel, each count capped at 60 s (about 7 minutes)
    python bench/methods.py --cap 120       # a longer cap
    python bench/methods.py --only conway   # the puzzles whose name holds a word

For each puzzle, ``api.count(puzzle, method=m, jobs=1)`` for m = search, memo and auto, each in a
process of its own (its compiled kernels loaded and run once on a small puzzle before the clock
starts), timed from the puzzle to the count: packing, auto's trials and the count. A count still
running at the cap is killed (its process ended) and shown as ">cap". Every count a method
finished must agree with the others. The last columns: the method auto took, and auto's time over
the faster method's (the faster one's time includes nothing auto does not do; under 1.5 on every
row is the goal, and below a few tens of milliseconds the ratio is mostly the decision's fixed
cost). One core each: the counts run one after another.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from machine import processor

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = [
    ("Conway's 5x5x5", str(ROOT / "bench/puzzles/conway-5x5x5.toml")),
    ("staircase of 55, pentominoes 0 or 1 each", str(ROOT / "bench/puzzles/staircase-55.toml")),
    ("dominoes 8x8", "dominoes-8x8"),
    ("dominoes 14x14", str(ROOT / "bench/puzzles/dominoes-14x14.toml")),
    ("monominoes and dominoes 8x8", str(ROOT / "bench/puzzles/monominoes-dominoes-8x8.toml")),
    ("L4 and O4 in 4x12", str(ROOT / "bench/puzzles/L4-O4-4x12.toml")),
    ("lozenges in a hexagon of side 6", str(ROOT / "bench/puzzles/lozenges-hexagon-6.toml")),
    ("pentominoes 6x10", "6x10"),
    ("solid pentominoes 3x4x5", "solid-pentominoes-3x4x5"),
]
METHODS = ("search", "memo", "auto")

# One count in a process of its own: warm the kernels first (cached compiles load, the first call of
# each runs), then time the count from the puzzle file to the result.
WORKER = r"""
import json, sys, time
from pentomino import Puzzle, api
from pentomino.search import choice, estimate
from pentomino.search.solver import Solver
name, method = sys.argv[1], sys.argv[2]
small = Puzzle.load("4x15")
api.count(small, method="search"); api.count(Puzzle.load("dominoes-8x8"), method="memo")
estimate.probe(Solver(small, counting=True), 10, seed=0)
choice.forget()
start = time.perf_counter()
result = api.count(Puzzle.load(name), method=method, jobs=1)
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "count": result.count, "by_mode": result.by_mode, "method": result.method}))
"""


@dataclass(frozen=True)
class Run:
    """A finished count: its time, its counts by symmetry mode, the method it took."""

    seconds: float
    by_mode: dict[str, int]
    method: str


def run(puzzle: str, method: str, cap: float) -> Run | None:
    """One timed count, or None if it ran past the cap (its process is killed)."""
    try:
        done = subprocess.run([sys.executable, "-c", WORKER, puzzle, method], capture_output=True, text=True,
                              timeout=cap, check=True)
    except subprocess.TimeoutExpired:
        return None
    except subprocess.CalledProcessError as exc:
        raise SystemExit(f"{puzzle} --method {method} failed:\n{exc.stderr}") from None
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    return Run(float(answer["seconds"]), {k: int(v) for k, v in answer["by_mode"].items()}, str(answer["method"]))


def seconds(run: Run | None, cap: float) -> str:
    if run is None:
        return f">{cap:g} s"
    return f"{run.seconds * 1000:.1f} ms" if run.seconds < 1 else f"{run.seconds:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cap", type=float, default=60.0, help="seconds a count may run (default 60)")
    parser.add_argument("--only", help="only the puzzles whose label holds this word")
    args = parser.parse_args()
    print(f"processor: {processor()}, Python {platform.python_version()}; one core a count, capped at "
          f"{args.cap:g} s\n")
    print("| puzzle | solutions (up to symmetry) | tilings | search | memo | auto | auto took | auto / faster |")
    print("|---|---|---|---|---|---|---|---|")
    for label, puzzle in PUZZLES:
        if args.only and args.only.lower() not in label.lower():
            continue
        runs = {m: run(puzzle, m, args.cap) for m in METHODS}
        finished = [r for r in runs.values() if r is not None]
        if len({json.dumps(r.by_mode, sort_keys=True) for r in finished}) > 1:
            raise SystemExit(f"{label}: the methods disagree: {[r.by_mode for r in finished]}")
        full, none = (f"{finished[0].by_mode[m]:,}" if finished else "?" for m in ("full", "none"))
        faster = min((r.seconds for m, r in runs.items() if m != "auto" and r is not None), default=None)
        auto = runs["auto"]
        ratio = "-" if faster is None or auto is None else f"{auto.seconds / faster:.2f}"
        print(f"| {label} | {full} | {none} | {seconds(runs['search'], args.cap)} | {seconds(runs['memo'], args.cap)} "
              f"| {seconds(auto, args.cap)} | {'-' if auto is None else auto.method} | {ratio} |", flush=True)


if __name__ == "__main__":
    main()
