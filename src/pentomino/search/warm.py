"""Loading the compiled kernels before anyone waits for them.

Each compiled function (:mod:`pentomino.search.kernel_cache` names them) is loaded on its first
call: from numba's cache in a fraction of a second, or, the first time after an install,
compiled, some 20-40 s in all. The page's server runs :func:`main` (``python -m
pentomino.search.warm PID``) as it starts when they are not cached, so that the first Solve on
the page does not take that pause (the page says "preparing the solver" meanwhile; see
:mod:`pentomino.web.warmup`).

In a process of its own, for two reasons: numba compiles holding a lock, and a process that
forks while another of its threads holds that lock gives its children a lock no one will
release (a pool's worker that had to load a kernel would wait forever); and what it compiles
reaches the server through numba's cache on disk anyway, which the server's first search loads
in a fraction of a second.

:func:`warm` runs each of them once on a small puzzle, with the types a real search gives
them, through the code that runs them: the search's count (with parts that hand work back)
and listing, the memoised count (with tables that grow), the estimate's probes. (A compiled
function is compiled for the types of its arguments: calling it as the searches do is what
loads the version they use.)
"""

from __future__ import annotations

import sys

from pentomino.model.puzzle import Puzzle
from pentomino.search import parallel, parts, probes, runner
from pentomino.search.solver import Solver

PUZZLE = """\
name = "warm-up: the 4 L-tetrominoes in 4x4"
one_sided = false
board = \"\"\"
....
....
....
....
\"\"\"
[shapes]
L = \"\"\"
#.
#.
##
\"\"\"
[copies]
L = 4
"""
"""A puzzle that every kernel finishes at once (a few solutions, a tree of tens of nodes)
and no quick proof answers without a search: its kernels all run."""

DOMINOES = 'pieces = ["I2"]\nboard = """\n' + "\n".join(["." * 12] * 12) + '\n"""\n[copies]\nI2 = "any"\n'
"""Dominoes in 12x12: a memoised count (a fiftieth of a second) whose frontier outgrows the
first size of its tables, so that they grow (another compiled function)."""


def warm() -> None:
    """Call every compiled function the searches call, once each, on :data:`PUZZLE`: each is
    loaded from numba's cache, or compiled if it is not there. Takes a fraction of a second
    when all are cached."""
    puzzle = Puzzle.from_toml(PUZZLE, "<warm-up>")
    runner.count(Solver(puzzle, counting=True), method="search")  # its tables' builders run first
    counting = Solver(puzzle, counting=True)
    tally = parts.Tally(counting.parts())
    parts.run_serial(puzzle, tally, tally.add, budget=4)  # parts stop for their budget: hand work back
    next(Solver(puzzle).rows(limit=1), None)
    probes.probe(counting.packed, 2, seed=1)
    runner.count(Solver(Puzzle.from_toml(DOMINOES, "<warm-up>"), "none", counting=True), method="memo")



def main(argv: list[str]) -> None:
    """``python -m pentomino.search.warm PID``: :func:`warm`, in a process that ends early,
    silently, if the process PID (its parent) dies."""
    parallel.watch_parent(int(argv[0]))
    warm()


if __name__ == "__main__":
    main(sys.argv[1:])
