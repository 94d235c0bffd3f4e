"""Start-up of ``pentomino count 6x10``: where the whole process's time goes, and how it compares
with the smallest numba program that calls a cached compiled function.

    python bench/startup.py              # 7 runs of each, medians
    python bench/startup.py --runs 15    # steadier on a noisy machine

Every figure is measured in fresh processes, with the JIT caches warm (each program is run once,
untimed, first), the two programs of a pair alternating so that a slow spell of the machine
falls on both. Prints:

- the processor's model and whether Python may write ``.pyc`` files (with
  ``PYTHONDONTWRITEBYTECODE=1`` and no ``__pycache__``, our modules are compiled from source on
  every start: the line "compiling our source" says what that costs);
- the breakdown of one count, steps timed inside the process and medians over the runs: python
  start (and exit: the process's wall time less the steps), ``import numba``, our imports, numba's
  first compiled call (its target set up and one small function loaded from the cache, which any
  numba program pays), puzzle load, pack (the placement tables), search, output;
- the ratio wanted by issue 10: the whole ``python -m pentomino count 6x10`` (stdout to a pipe)
  over ``python one.py``, where one.py is a one-line cached numba script, both timed in this run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from machine import processor  # noqa: E402

TARGET = 1.2  # issue 10: whole count / one-line numba script, at most

ONE_LINE = "from numba import njit\n@njit(cache=True)\ndef f(x): return x + 1\nprint(f(1))\n"

# Run in a fresh process: the steps of `pentomino count 6x10` (cli.count) one by one, each timed;
# the one-line script's import stands for numba's first compiled call, so that pack and search
# are not charged for numba setting itself up.
STEPS = """
import json, sys, time
marks, last = {}, time.perf_counter()
def mark(step):
    global last
    now = time.perf_counter()
    marks[step], last = now - last, now
import numba
mark("import numba")
import pentomino.cli
from pentomino.search import runner
from pentomino.search.solver import Solver
mark("our imports")
sys.path.insert(0, sys.argv[1])
import one
mark("numba's first compiled call")
from pentomino import Puzzle
puzzle = Puzzle.load("6x10")
pentomino.cli._warn_compile()
mark("puzzle load")
solver = Solver(puzzle, symmetry="full", counting=True)
mark("pack")
result = runner.count(solver)
mark("search")
pentomino.cli._print_count(puzzle.name, result, "full", False)
sys.stdout.flush()
mark("output")
ours = [m.__file__ for name, m in list(sys.modules.items()) if name.startswith("pentomino") and m.__file__]
start = time.perf_counter()
for path in ours:
    compile(open(path, encoding="utf-8").read(), path, "exec")
marks["compiling our source"] = time.perf_counter() - start
print(json.dumps({"marks": marks, "modules": len(ours), "pyc": sum(map(_cached, ours))}), file=sys.stderr)
"""
CACHED = """
import importlib.util, os
def _cached(path):
    pyc = importlib.util.cache_from_source(path)
    return os.path.exists(pyc) and os.path.getmtime(pyc) >= os.path.getmtime(path)
"""


def timed(args: list[str]) -> tuple[float, subprocess.CompletedProcess]:
    """Wall time of a fresh process, its stdout and stderr to pipes."""
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, done


def ms(seconds: float) -> str:
    return f"{seconds * 1000:6.0f} ms"


def breakdown(steps: list[str], runs: int) -> None:
    walls, marks, details = [], {}, {}
    for _ in range(runs):
        wall, done = timed(steps)
        details = json.loads(done.stderr.strip().splitlines()[-1])
        walls.append(wall - sum(details["marks"].values()))  # what the steps do not cover
        for step, seconds in details["marks"].items():
            marks.setdefault(step, []).append(seconds)
    compiling = marks.pop("compiling our source")
    rows = {"python start and exit": walls, **marks}
    print(f"\nBreakdown of one count (steps timed inside fresh processes, medians of {runs}):")
    for step, values in rows.items():
        print(f"  {step:<30} {ms(statistics.median(values))}")
    print(f"  {'sum':<30} {ms(sum(statistics.median(v) for v in rows.values()))}")
    print(f"  of which compiling our source {ms(statistics.median(compiling))} "
          f"({details['modules']} modules, {details['pyc']} with an up-to-date .pyc)")


def ratio(count: list[str], one: list[str], runs: int) -> None:
    times: dict[str, list[float]] = {"count": [], "one": []}
    for _ in range(runs):  # alternating, so a slow spell of the machine falls on both
        times["count"].append(timed(count)[0])
        times["one"].append(timed(one)[0])
    mid = {k: statistics.median(v) for k, v in times.items()}
    pairs = [c / o for c, o in zip(times["count"], times["one"], strict=True)]
    print(f"\nWhole processes (medians of {runs}, alternating):")
    for key, label in (("count", "python -m pentomino count 6x10"), ("one", "python one.py (cached numba)")):
        print(f"  {label:<31} {ms(mid[key])}  (from {ms(min(times[key])).strip()} to {ms(max(times[key])).strip()})")
    print(f"  ratio {mid['count'] / mid['one']:.2f} (target <= {TARGET}: "
          f"{'met' if mid['count'] / mid['one'] <= TARGET else 'not met'}); "
          f"pair by pair {min(pairs):.2f} .. {max(pairs):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each program (default 7)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="startup-") as folder:
        (Path(folder) / "one.py").write_text(ONE_LINE)
        count = [sys.executable, "-m", "pentomino", "count", "6x10"]
        one = [sys.executable, str(Path(folder) / "one.py")]
        steps = [sys.executable, "-c", CACHED + STEPS, folder]
        for program in (count, one, steps):  # warm: numba's caches written, files in the page cache
            timed(program)
        print(f"Processor: {processor()}; Python {sys.version.split()[0]}; "
              f"writes .pyc: {'no (PYTHONDONTWRITEBYTECODE)' if sys.flags.dont_write_bytecode else 'yes'}")
        breakdown(steps, args.runs)
        ratio(count, one, args.runs)


if __name__ == "__main__":
    main()
