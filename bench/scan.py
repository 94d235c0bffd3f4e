"""Benchmark: the scan order of the boxes of cubes (:mod:`pentomino.search.scan`).

    python bench/scan.py --against main            # the counts, this checkout and main
    python bench/scan.py --against ../other/src --rounds 5 --orders

Three tables, on stdout (markdown), with the processor named:

- ``--orders``: the exact nodes of each scan order of each puzzle (its counting tree walked in
  full, :func:`pentomino.search.probes.tree_counts`), with the choice's estimate of each order
  (made with the threshold at 0, so every candidate is estimated) and the order it takes;
- the choice as a count makes it: what it did and its cost in this process, warm (the median
  of ``--rounds`` calls of :func:`pentomino.search.scan.choose`, the puzzle's symmetry group
  found before the clock starts, as a solver finds it anyway), of which the packing of the
  default order, which the counting solver takes instead of packing the puzzle itself;
- ``pentomino count NAME --stats --jobs 1`` with this checkout and with another version of
  pentomino (``--against``: a git revision, whose ``src/`` is taken from git, or a ``src/``
  folder), in alternating rounds, each a new process (numba's cache warm): the nodes and the
  search time that ``--stats`` prints, and the whole process's time, which holds the packing
  and the choice. Best and median of the rounds.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from machine import processor  # noqa: E402
from pentomino import Puzzle  # noqa: E402
from pentomino.search import probes, scan  # noqa: E402
from pentomino.search.tables import pack  # noqa: E402
from versions import exported  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ["solid-pentominoes-2x3x10", "solid-pentominoes-2x5x6", "solid-pentominoes-3x4x5", "soma",
           "slothouber-graatsma"]
AXES = "zyx"  # a cell of cubes is (z, y, x): layer, row, column


def named(axes: tuple[int, ...] | None) -> str:
    return "default" if axes is None else "".join(AXES[d] for d in axes)


def orders_table(puzzles: list[str]) -> list[str]:
    lines = ["| puzzle | order (most significant first) | exact nodes | estimate | chosen |", "|---|---|---|---|---|"]
    for name in puzzles:
        puzzle = Puzzle.load(name)
        choice, _ = scan.choose(puzzle, min_nodes=0)
        estimates = dict(choice.estimates)
        group = list(puzzle.symmetry_group)
        for i, axes in enumerate(scan.candidates(puzzle)):
            nodes = probes.tree_counts(pack(puzzle, group, axes=axes), cut=2)["nodes"]
            estimate = f"{estimates[axes]:,.0f}" if axes in estimates else ""
            chosen = "yes" if axes == choice.axes or (choice.axes is None and i == 0) else ""
            lines.append(f"| {name} | {named(axes)}{' (default)' if i == 0 else ''} | {nodes:,} | {estimate} | "
                         f"{chosen} |")
    return lines


def cost_table(puzzles: list[str], rounds: int) -> list[str]:
    lines = ["| puzzle | orders | estimated nodes, default order | chosen | choice (median) | "
             "of which the default's packing |", "|---|---|---|---|---|---|"]
    for name in puzzles:
        puzzle = Puzzle.load(name)
        puzzle.symmetry_group  # noqa: B018 - found once, as the solver finds it anyway
        took, packing = [], []
        for _ in range(rounds):
            start = time.perf_counter()
            choice, _ = scan.choose(puzzle)
            took.append(time.perf_counter() - start)
            if len(scan.candidates(puzzle)) > 1:
                start = time.perf_counter()
                pack(puzzle, list(puzzle.symmetry_group)).tables  # noqa: B018 - built as the probes build it
                packing.append(time.perf_counter() - start)
        first = f"{choice.estimates[0][1]:,.0f}" if choice.estimates else "(not estimated)"
        spent = f"{statistics.median(packing) * 1e3:.0f} ms" if packing else "none"
        lines.append(f"| {name} | {len(scan.candidates(puzzle))} | {first} | {named(choice.axes)} | "
                     f"{statistics.median(took) * 1e3:.0f} ms | {spent} |")
    return lines


STATS = re.compile(r"nodes: ([\d,]+) .* time: ([\d.]+) s")


def count(src: Path, name: str) -> tuple[int, float, float]:
    """Nodes, search seconds (as --stats prints them) and the whole process's seconds."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(src)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pentomino", "count", name, "--stats", "--jobs", "1"],
                          check=True, capture_output=True, text=True, env=env)
    took = time.perf_counter() - start
    found = STATS.search(done.stderr)  # --stats writes to stderr
    assert found is not None, (done.stdout, done.stderr)
    return int(found[1].replace(",", "")), float(found[2]), took


def versions_table(puzzles: list[str], against: str, rounds: int) -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        other = Path(against) if Path(against, "pentomino").is_dir() else exported(against, Path(folder))
        sides = {"this": ROOT / "src", "other": other}
        for src in sides.values():  # warm: every kernel compiled (or loaded from the cache)
            for name in puzzles:
                count(src, name)
        lines = ["| puzzle | nodes this | nodes other | search this, best / median | search other | "
                 "process this, best / median | process other | process this/other (best) |",
                 "|---|---|---|---|---|---|---|---|"]
        for name in puzzles:
            nodes: dict[str, int] = {}
            search: dict[str, list[float]] = {side: [] for side in sides}
            whole: dict[str, list[float]] = {side: [] for side in sides}
            for _ in range(rounds):
                for side, src in sides.items():
                    n, s, w = count(src, name)
                    nodes[side] = n
                    search[side].append(s)
                    whole[side].append(w)

            def cell(times: list[float]) -> str:
                return f"{min(times):.3f} / {statistics.median(times):.3f} s"

            lines.append(f"| {name} | {nodes['this']:,} | {nodes['other']:,} | {cell(search['this'])} | "
                         f"{cell(search['other'])} | {cell(whole['this'])} | {cell(whole['other'])} | "
                         f"{min(whole['this']) / min(whole['other']):.2f} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", help="another version to count with, against this checkout: a git "
                        "revision, or a folder that holds the package (a src/)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--orders", action="store_true", help="the exact nodes of every order (minutes)")
    parser.add_argument("--puzzles", nargs="+", default=PUZZLES)
    args = parser.parse_args()
    print(f"processor: {processor()}\n", flush=True)
    if args.orders:
        print("\n".join(orders_table(args.puzzles)) + "\n", flush=True)
    print("\n".join(cost_table(args.puzzles, args.rounds)) + "\n", flush=True)
    if args.against:
        print(f"`pentomino count NAME --stats --jobs 1`, this checkout against {args.against}, {args.rounds} "
              "alternating rounds\n", flush=True)
        print("\n".join(versions_table(args.puzzles, args.against, args.rounds)))


if __name__ == "__main__":
    main()
