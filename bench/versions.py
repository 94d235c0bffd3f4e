"""Benchmark: this checkout against another version of pentomino, side by side in one run.

    python bench/versions.py --against 4711b57          # counts and the CLI, best of 7 rounds
    python bench/versions.py --against HEAD~3 --rounds 15 --puzzles 6x10 8x8

A change that should not touch speed (a restructuring, say) is checked here: the other version's
``src/`` is taken from git (``git archive``) into a temporary folder, and each version runs in a
process of its own (``PYTHONPATH`` pointing at its source), both warm (their numba caches
compiled before the clock starts). The two processes are asked in turn, round after round, so
a slow spell of the machine hits both alike, for:

- each puzzle's count (``Puzzle.count_detail(jobs=1)``: all three symmetry modes in one search),
  its search time as the count reports it, and its nodes (which must be equal);
- the whole-process time of ``python -m pentomino count 6x10`` (start-up included).

It prints each side's best and median and the ratio of the bests (this checkout / the other: below
1 is faster). Best times, as in bench/run.py: on a shared virtual machine medians move by tens of
percent between spells.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from machine import processor

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ["3x20", "4x15", "5x12", "6x10", "8x8", "one-sided-3x30", "hexiamonds-6x6", "soma",
           "solid-pentominoes-2x5x6", "8x8-square"]

# The worker: reads a puzzle name a line, counts it, answers with one JSON line. It uses only
# what every version has: Puzzle.load and Puzzle.count_detail.
WORKER = r"""
import json, sys
from pentomino import Puzzle
for line in sys.stdin:
    name = line.strip()
    result = Puzzle.load(name).count_detail(jobs=1)
    print(json.dumps({"seconds": result.seconds, "nodes": result.nodes, "count": result.count}), flush=True)
"""


def exported(rev: str, into: Path) -> Path:
    """The ``src/`` folder of ``rev``, written under ``into``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "src"], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


class Side:
    """One version's worker process."""

    def __init__(self, name: str, src: Path) -> None:
        self.name = name
        # Bytecode is written and reused, as an installed package's is (pip compiles it): with
        # PYTHONDONTWRITEBYTECODE set, every process would compile the package's source again,
        # and the longer source would seem the slower start-up.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        self.env = {**env, "PYTHONPATH": str(src)}
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, env=self.env)

    def count(self, puzzle: str) -> dict[str, float]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(puzzle + "\n")
        self.proc.stdin.flush()
        answer: dict[str, float] = json.loads(self.proc.stdout.readline())
        return answer

    def cli_seconds(self) -> float:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "pentomino", "count", "6x10"], check=True, capture_output=True,
                       env=self.env)
        return time.perf_counter() - start

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        try:
            self.proc.wait(30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()


def row(label: str, times: dict[str, list[float]], extra: str = "") -> str:
    ours, theirs = times["this"], times["other"]
    return (f"| {label} | {min(ours) * 1e3:.1f} | {statistics.median(ours) * 1e3:.1f} | {min(theirs) * 1e3:.1f} | "
            f"{statistics.median(theirs) * 1e3:.1f} | {min(ours) / min(theirs):.2f} |{extra}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", required=True, help="the git revision to compare with")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--puzzles", nargs="+", default=PUZZLES)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        sides = [Side("this", ROOT / "src"), Side("other", exported(args.against, Path(folder)))]
        try:
            for side in sides:  # warm: compiled (or loaded from the cache) before any clock starts
                side.count("3x20")
                side.cli_seconds()
            lines = [f"processor: {processor()}; this checkout against {args.against}, best and median of "
                     f"{args.rounds} alternating rounds, in ms", "",
                     "| count | this best | this median | other best | other median | this/other (best) |",
                     "|---|---|---|---|---|---|"]
            for puzzle in args.puzzles:
                times: dict[str, list[float]] = {"this": [], "other": []}
                nodes = {}
                for _ in range(args.rounds):
                    for side in sides:
                        answer = side.count(puzzle)
                        times[side.name].append(answer["seconds"])
                        nodes[side.name] = (answer["nodes"], answer["count"])
                same = "" if nodes["this"] == nodes["other"] else f" nodes/count differ: {nodes}"
                lines.append(row(puzzle, times, same))
            cli: dict[str, list[float]] = {"this": [], "other": []}
            for _ in range(args.rounds):
                for side in sides:
                    cli[side.name].append(side.cli_seconds())
            lines.append(row("`pentomino count 6x10` (whole process)", cli))
        finally:
            for side in sides:
                side.close()
    print("\n".join(lines))


if __name__ == "__main__":
    main()
