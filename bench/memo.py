"""Benchmark: pentomino's memoised count against the transfer-matrix yardstick, side by side.

    python bench/memo.py              # dominoes 12x12 to 18x18, dominoes and L-trominoes 10x10
    python bench/memo.py --quick      # fewer repeats, up to 16x16

For each board: the yardstick (``bench/transfer_matrix.py``, pure Python, every tiling) and
``runner.count(Solver(counting=True))`` with the JIT cache warm, in the same run, alternating, median
of several runs each. Ours is timed twice: ``none`` (every tiling: the like-for-like figure)
and ``full`` (Burnside's lemma over the whole group: the three counts). Both counts are checked
to agree. Also the largest layer of states and the peak memory of the tables.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from machine import processor  # noqa: E402
from transfer_matrix import DOMINO, L_TROMINO, count_tilings  # noqa: E402

CASES = [("dominoes", 12, [DOMINO]), ("dominoes", 14, [DOMINO]), ("dominoes", 16, [DOMINO]),
         ("dominoes", 18, [DOMINO]), ("dominoes + L-trominoes", 10, [DOMINO, L_TROMINO])]


def puzzle_text(size: int, shapes) -> str:
    names = ["I2", "L3"][: len(shapes)]
    rows = "\n".join("." * size for _ in range(size))
    copies = "\n".join(f'{n} = "any"' for n in names)
    return f'pieces = {names!r}\nboard = """\n{rows}\n"""\n[copies]\n{copies}\n'.replace("'", '"')


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def seconds(x: float) -> str:
    return f"{x * 1000:.1f} ms" if x < 1 else f"{x:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    from pentomino import Puzzle
    from pentomino.search import runner
    from pentomino.search.solver import Solver

    print(f"{processor()}, Python {platform.python_version()}\n")
    print("| board | tilings | yardstick | ours none | ratio | ours full | ratio | largest layer | tables |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, size, shapes in CASES:
        if args.quick and size > 16:
            continue
        puzzle = Puzzle.from_toml(puzzle_text(size, shapes))
        solvers = {mode: Solver(puzzle, mode, counting=True) for mode in ("none", "full")}
        for s in solvers.values():
            runner.count(s, jobs=1)  # load the compiled code before timing
        runs = 1 if size >= 18 or args.quick else 5
        times: dict[str, list[float]] = {"yard": [], "none": [], "full": []}
        for _ in range(runs):
            t, want = timed(partial(count_tilings, size, size, shapes))
            times["yard"].append(t)
            for mode, s in solvers.items():
                t, got = timed(partial(runner.count, s, jobs=1))
                times[mode].append(t)
                if mode == "none" and got.count != want:
                    raise SystemExit(f"{name} {size}x{size}: ours {got.count}, yardstick {want}")
                if mode == "full":
                    detail = got
        yard, none, full = (statistics.median(times[k]) for k in ("yard", "none", "full"))
        print(f"| {name} {size}x{size} | {want:.3e} | {seconds(yard)} | {seconds(none)} | {yard / none:.1f}x "
              f"| {seconds(full)} | {yard / full:.1f}x | {detail.table_states:,} | "
              f"{detail.table_bytes / 2**20:.1f} MB |", flush=True)


if __name__ == "__main__":
    main()
