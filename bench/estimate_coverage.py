"""How often the estimate's 95% intervals hold the truth, and how wide they are, over many seeds.

    python bench/estimate_coverage.py                  # the panel, 100 seeds (about 10 minutes on 2 cores)
    python bench/estimate_coverage.py --seeds 40 --rows solid-pentominoes-3x4x5:2000

The panel is the tests' (tests/test_estimate.py): 4x15, hexiamonds-4x9, soma and 6x10 with
5,000 probes, the solid pentominoes in 3x4x5 and the one-sided pentominoes in 5x18 (whose
solution counts are heavy-tailed) with 2,000 and 20,000. Each puzzle is counted once by the
enumerating search for the truth (nodes, and the solutions in the three symmetry modes); then
every seed draws the probes ``pentomino estimate --seed S`` draws (a row with fewer probes than
another of the same puzzle takes the first ones of the same seed: what the estimate with that
many probes takes). Prints a markdown table: for each row, the intervals that held the truth
(nodes, orbits, orbits under rotations, tilings), the seeds where no probe reached a solution,
the median of the upper end over the truth, and the same for Hall's interval alone (the
estimate before the unseen tail and the rule of three were added to it).
"""

from __future__ import annotations

import argparse
import platform
import time
from pathlib import Path

import numpy as np

from machine import processor
from pentomino import Puzzle
from pentomino.search import probes as P
from pentomino.search import runner
from pentomino.search.estimate import interval, intervals
from pentomino.search.solver import Solver

BENCH = Path(__file__).parent / "puzzles"
PANEL = [("4x15", 5000), ("hexiamonds-4x9", 5000), ("soma", 5000), ("6x10", 5000),
         ("solid-pentominoes-3x4x5", 2000), ("solid-pentominoes-3x4x5", 20000),
         ("one-sided-5x18", 2000), ("one-sided-5x18", 20000)]


def load(name: str) -> Puzzle:
    path = BENCH / f"{name}.toml"
    return Puzzle.load(str(path) if path.exists() else name)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=100)
    ap.add_argument("--rows", nargs="+", help="PUZZLE:SAMPLES rows (default: the panel)")
    ap.add_argument("--jobs", type=int, default=2, help="processes of the counts that give the truth")
    a = ap.parse_args()
    rows = PANEL if not a.rows else [(r.rsplit(":", 1)[0], int(r.rsplit(":", 1)[1])) for r in a.rows]
    print(f"Processor: {processor()}; Python {platform.python_version()}; seeds 0-{a.seeds - 1}\n")
    print("| puzzle | probes | held (nodes, orbits, rotations, tilings) | no solution reached | "
          "median high / truth (nodes, orbits) | Hall alone: held | Hall alone: median high / truth |")
    print("|---|---|---|---|---|---|---|")
    for name in dict.fromkeys(n for n, _ in rows):
        sizes = sorted(s for n, s in rows if n == name)
        solver = Solver(load(name), "full", counting=True)
        c = runner.count(solver, jobs=a.jobs, method="search")
        truth = np.array([c.nodes, c.by_mode["full"], c.by_mode["rotations"], c.by_mode["none"]], dtype=float)
        group = int(solver.packed.sym.proper.shape[0])
        stats = {s: {"held": np.zeros(4, int), "hall": np.zeros(4, int), "none": 0, "high": [], "hall_high": []}
                 for s in sizes}
        start = time.perf_counter()
        for seed in range(a.seeds):
            rng = P.seed_word(seed)
            results, strata = P.probe(solver.packed, sizes[-1], cut=P.choose_cut(solver.packed, rng), rng=rng)
            for s in sizes:
                st = stats[s]
                ivs = intervals(results[:s], strata[:s], group)
                value, error, skew = P.stratified(results[:s, :P.R_COST], strata[:s])
                hall = [interval(value[i], error[i], skew[i]) for i in range(4)]
                st["held"] += [truth[i] in ivs[i] for i in range(4)]
                st["hall"] += [truth[i] in hall[i] for i in range(4)]
                st["none"] += value[P.R_COUNT] == 0
                st["high"].append([ivs[i].high / truth[i] for i in range(2)])
                st["hall_high"].append([hall[i].high / truth[i] for i in range(2)])
        took = time.perf_counter() - start
        for s in sizes:
            st = stats[s]
            high = np.median(st["high"], axis=0)
            hall_high = np.median(st["hall_high"], axis=0)
            print(f"| {name} | {s:,} | {', '.join(str(x) for x in st['held'])} of {a.seeds} | {st['none']} | "
                  f"{high[0]:.2f}, {high[1]:.2f} | {', '.join(str(x) for x in st['hall'])} | "
                  f"{hall_high[0]:.2f}, {hall_high[1]:.2f} |", flush=True)
        print(f"<!-- {name}: truth {truth.astype(int).tolist()}, {took:.0f} s of probes -->", flush=True)


if __name__ == "__main__":
    main()
