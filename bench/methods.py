"""Benchmark: each counting method on a panel of puzzles, and the method ``auto`` chooses.

    PYTHONPATH=src python bench/methods.py              # the panel, counts capped at 60 s (6-8 minutes)
    PYTHONPATH=src python bench/methods.py --cap 120    # a longer cap
    PYTHONPATH=src python bench/methods.py --only conway
    PYTHONPATH=src python bench/methods.py --more --cap 15   # more puzzles, most of them quick (about 5 minutes)

For each puzzle, ``api.count(puzzle, method=m, jobs=1)`` for m = search, memo and auto, each in a
process of its own (its compiled kernels loaded and run once on a small puzzle before the clock
starts), timed from the puzzle to the count: packing, auto's trials and the count. A count still
running at the cap is killed (its process ended) and shown as ">cap". Every count a method
finished must agree with the others. The last columns: the method auto took, and auto's time over
the faster method's (under 1.5 on every row is the goal).

The times are the processes' CPU times (``time.process_time``), best of 3 rounds that take the
three methods in turn (one round for a puzzle with a count past 2 s): on a shared machine, other
processes stretch the wall-clock time of a count by up to 2x from run to run, and its CPU time
far less. ``--wall`` shows the wall-clock times instead. One core a count, one count at a time.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import tempfile
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
MORE = [  # --more: more puzzles, built in, in bench/puzzles, or rectangles (rows, columns, {piece: copies})
    ("pentominoes 5x12", "5x12"), ("pentominoes 8x8 with a hole", "8x8"), ("8x8 without corners", "8x8-corners"),
    ("hexiamonds 6x6", "hexiamonds-6x6"), ("soma", "soma"), ("tetrahexes 4x7", "tetrahexes-4x7"),
    ("slothouber-graatsma", "slothouber-graatsma"), ("solid pentominoes 2x5x6", "solid-pentominoes-2x5x6"),
    ("one-sided pentominoes 3x30", "one-sided-3x30"),
    ("pentominoes, L4 and O4 in 6x12", str(ROOT / "bench/puzzles/pentominoes-L4-O4-6x12.toml")),
    ("dominoes 6x10", (6, 10, {"I2": '"any"'})),
    ("dominoes and L-trominoes 8x9", (8, 9, {"I2": '"any"', "L3": '"any"'})),
    ("L4 and O4 in 8x12", (8, 12, {"L4": '"any"', "O4": '"any"'})),
    ("the 5 tetrominoes, any number, 6x8", (6, 8, dict.fromkeys(["I4", "L4", "O4", "S4", "T4"], '"any"'))),
    ("I3 and L3 trominoes 6x6", (6, 6, {"I3": '"any"', "L3": '"any"'})),
    ("pentominoes 0 or 1 each, 5x11", (5, 11, dict.fromkeys("FILNPTUVWXYZ", "[0, 1]"))),
    ("the 5 tetrominoes twice each, 5x8", (5, 8, dict.fromkeys(["I4", "L4", "O4", "S4", "T4"], "2"))),
    ("Y pentominoes 10x10", (10, 10, {"Y": '"any"'})),
    ("3 monominoes and 11 dominoes 5x5", (5, 5, {"I1": "3", "I2": "11"})),
]
METHODS = ("search", "memo", "auto")
LONG = 2.0
"""Seconds past which a puzzle's methods are timed once (a round of the long ones is minutes)."""

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
start, cpu = time.perf_counter(), time.process_time()
result = api.count(Puzzle.load(name), method=method, jobs=1)
wall, cpu = time.perf_counter() - start, time.process_time() - cpu
print(json.dumps({"wall": wall, "cpu": cpu, "count": result.count, "by_mode": result.by_mode, "method": result.method}))
"""


@dataclass(frozen=True)
class Run:
    """A finished count: its times, its counts by symmetry mode, the method it took."""

    wall: float
    cpu: float
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
    return Run(float(answer["wall"]), float(answer["cpu"]), {k: int(v) for k, v in answer["by_mode"].items()},
               str(answer["method"]))


def best_runs(puzzle: str, cap: float, rounds: int, wall: bool) -> dict[str, Run | None]:
    """Each method's best run of ``rounds`` rounds that take them in turn (one round if a count
    passes :data:`LONG` seconds or the cap)."""
    runs: dict[str, list[Run]] = {m: [] for m in METHODS}
    capped: set[str] = set()
    for turn in range(rounds):
        for method in METHODS:
            if method not in capped:
                result = run(puzzle, method, cap)
                if result is None:
                    capped.add(method)
                else:
                    runs[method].append(result)
        if turn == 0 and (capped or any(r.wall > LONG for rs in runs.values() for r in rs)):
            break
    key = (lambda r: r.wall) if wall else (lambda r: r.cpu)
    return {m: min(rs, key=key) if rs else None for m, rs in runs.items()}


def seconds(x: float | None, cap: float) -> str:
    if x is None:
        return f">{cap:g} s"
    return f"{x * 1000:.1f} ms" if x < 1 else f"{x:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cap", type=float, default=60.0, help="seconds a count may run (default 60)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds for the puzzles whose counts are short")
    parser.add_argument("--wall", action="store_true", help="wall-clock times instead of CPU times")
    parser.add_argument("--only", help="only the puzzles whose label holds this word")
    parser.add_argument("--more", action="store_true", help="the puzzles of MORE instead of the panel")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        table(args, [(label, where(puzzle, Path(folder))) for label, puzzle in (MORE if args.more else PUZZLES)])


def where(puzzle: str | tuple[int, int, dict[str, str]], folder: Path) -> str:
    """A puzzle's name or file; a rectangle is written as a puzzle file into ``folder``."""
    if isinstance(puzzle, str):
        return puzzle
    rows, cols, copies = puzzle
    path = folder / f"{rows}x{cols}-{'-'.join(copies)}.toml"
    board = "\n".join("." * cols for _ in range(rows))
    names = ", ".join(f'"{name}"' for name in copies)
    counts = "\n".join(f"{name} = {value}" for name, value in copies.items())
    path.write_text(f'pieces = [{names}]\nboard = """\n{board}\n"""\n[copies]\n{counts}\n', encoding="utf-8")
    return str(path)


def table(args: argparse.Namespace, puzzles: list[tuple[str, str]]) -> None:
    """Count each puzzle by each method and print the table (see the module docstring)."""
    clock = "wall-clock" if args.wall else "CPU"
    print(f"processor: {processor()}, Python {platform.python_version()}; {clock} times, best of "
          f"{args.rounds} rounds (1 past {LONG:g} s); one core a count, capped at {args.cap:g} s\n")
    print("| puzzle | solutions (up to symmetry) | tilings | search | memo | auto | auto took | auto / faster |")
    print("|---|---|---|---|---|---|---|---|")
    for label, puzzle in puzzles:
        if args.only and args.only.lower() not in label.lower():
            continue
        runs = best_runs(puzzle, args.cap, args.rounds, args.wall)
        finished = [r for r in runs.values() if r is not None]
        if len({json.dumps(r.by_mode, sort_keys=True) for r in finished}) > 1:
            raise SystemExit(f"{label}: the methods disagree: {[r.by_mode for r in finished]}")
        took = {m: None if r is None else (r.wall if args.wall else r.cpu) for m, r in runs.items()}
        full, none = (f"{finished[0].by_mode[m]:,}" if finished else "?" for m in ("full", "none"))
        faster = min((t for m, t in took.items() if m != "auto" and t is not None), default=None)
        auto = runs["auto"]
        ratio = "-" if faster is None or took["auto"] is None else f"{took['auto'] / faster:.2f}"
        print(f"| {label} | {full} | {none} | {seconds(took['search'], args.cap)} | "
              f"{seconds(took['memo'], args.cap)} | {seconds(took['auto'], args.cap)} | "
              f"{'-' if auto is None else auto.method} | {ratio} |", flush=True)


if __name__ == "__main__":
    main()
