"""Benchmark: what each tiling rule costs against the plain count of the same board, in one run.

    python bench/rules.py                   # the default boards, best of 5 runs each
    python bench/rules.py --runs 9 6x10 8x8

For each board the full count (up to symmetry, one process, the search) is taken plain, plain
on the general loop (the loop a board runs whose placements span 64 cells or more, which keeps
the rules too), and with each rule and both, the variants in turn ``--runs`` times. It prints
the best time of each, the nodes, the count, and the time and nodes as ratios to the plain
count, and the processor. A rule's nodes include the placements its check cuts off (a node,
like one that cuts off a pocket).
"""

from __future__ import annotations

import argparse
import sys
import time

from machine import processor

BOARDS = ["6x10", "5x12", "8x8", "dominoes-6x8", "dominoes-7x8"]
RULE_ROWS: list[tuple[str, tuple[str, ...]]] = [
    ("no-four-corners", ("no-four-corners",)), ("fault-free", ("fault-free",)),
    ("both", ("no-four-corners", "fault-free"))]


def board(name: str):  # type: ignore[no-untyped-def]
    """A built-in puzzle, or ``dominoes-RxC``: dominoes, any number, on an R x C rectangle."""
    from pentomino import Puzzle

    if name.startswith("dominoes-") and name != "dominoes-8x8":
        rows, cols = map(int, name.split("-", 1)[1].split("x"))
        drawing = "\n".join("." * cols for _ in range(rows))
        return Puzzle.from_toml(f'name = "{name}"\npieces = ["I2"]\nboard = """\n{drawing}\n"""\n'
                                '[copies]\nI2 = "any"\n')
    return Puzzle.load(name)


def timed(puzzle, general: bool = False) -> tuple[float, int, int]:  # type: ignore[no-untyped-def]
    """Seconds of one full count, its nodes and count (``general``: on the general loop)."""
    from pentomino.search import runner
    from pentomino.search.solver import Solver

    solver = Solver(puzzle, "full", counting=True)
    if general:
        solver.packed.__dict__["tables"] = solver.packed.tables._replace(one_word=False)
    solver.packed.tables  # noqa: B018 (tables outside the clock)
    start = time.perf_counter()
    result = runner.count(solver, method="search", jobs=1)
    return time.perf_counter() - start, result.nodes, result.count


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("boards", nargs="*", default=BOARDS)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()

    print(f"Processor: {processor()}")
    print(f"Full counts (up to symmetry), the search on one core, best of {args.runs} runs.\n")
    print("| board | rules | count | nodes | time | nodes / plain | time / plain |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name in args.boards:
        puzzle = board(name)
        variants = [("plain", puzzle, False), ("plain, general loop", puzzle, True)]
        variants += [(label, puzzle.with_rules(*rules), False) for label, rules in RULE_ROWS]
        for _, p, general in variants:  # compile, warm
            timed(p, general)
        best: dict[str, tuple[float, int, int]] = {}
        for _ in range(args.runs):  # the variants in turn, so that a busy spell hits them alike
            for label, p, general in variants:
                s, n, c = timed(p, general)
                if label not in best or s < best[label][0]:
                    best[label] = (s, n, c)
        plain_s, plain_n, _ = best["plain"]
        for label, _, _ in variants:
            s, n, c = best[label]
            print(f"| {name} | {label} | {c:,} | {n:,} | {s * 1e3:.1f} ms | {n / plain_n:.2f} | "
                  f"{s / plain_s:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
