"""Estimating a count before running it: random probes of the search tree.

The problem. How many nodes will ``pentomino count`` visit, how many solutions will it find
(in each symmetry mode) and how long will it take? A count can run for seconds or for years;
a few seconds of sampling should tell which.

The estimator. Knuth's (D. E. Knuth, "Estimating the efficiency of backtrack programs",
Math. Comp. 29 (1975) 121-136): walk one random path from the root, at each node choosing
one of its d children uniformly. With W the product of the branching factors d met so far,
the sum of W over the path's nodes is an unbiased estimate of the number of nodes of the tree
(a node at depth k is reached with probability 1/W), and if the path ends in a solution, W
times what that solution adds to a count is an unbiased estimate of the count. The mean of N
independent probes is unbiased too, with a variance that the probes' sample variance
estimates.

The tree is the counting search's own (:mod:`pentomino.search.kernel`,
``Solver(puzzle, "full", counting=True)``), and the probes go down it with the kernel itself,
not with a copy of its rules, so that a change to the kernel's order or pruning changes the
probes with it. Every step is a call of ``kernel._search`` from the node, its placements
forced as a count forces those of a part:

* the children of a node: a call split one level down (``params[SPLIT] = 1``). At the split
  level the one-word loop does not look ahead, so every candidate of the first empty cell
  that fits, has a copy left and passes the kernel's lone-cell test is put down, counted as a
  node and written as a row; the general loop counts a candidate that cuts off a pocket as a
  node but does not write it (a leaf). A node's d children are the nodes the call counts, and
  a probe that picks one of the d uniformly past the written rows has reached a leaf;
* below the cut (see below), and at a full cover met on the way down: a call with no split,
  whose counters give the nodes of the subtree and what its solutions add to the orbits, the
  orbits under rotations and the tilings (the kernel's start judges a board already full).

The first piece is forced at the root (``PackedPuzzle.first_options``), and those placements
are not nodes, as in the kernel, whose parts start with them down. :func:`_tree_counts`
walks the tree in full by the probes' own steps; the tests check that it gives the kernel's
nodes and counts, in total and level by level. The rows come in the kernel's order (that of
its candidate list), so a seed gives the one-word loop's probes the paths it gave them when
they had a walker of their own.

A step costs a kernel call: about a microsecond, mostly numba reference-counting the arrays
the kernel is given, where the walker of our own took a fraction of that; the kernel searches
the subtrees below the cut faster than that walker did, which makes up for it (20,000 probes
of 6x10 at its cut: 0.12 s of CPU instead of 0.29 s; the pilot probes, which go deeper, take
up to 1.6 times as long; a whole estimate of 6x10, 8x8, the 6x12 of bench/puzzles,
solid-pentominoes-3x4x5 and hexiamonds-6x6 takes 0.55 to 1.05 times the CPU time it took, on
a 2-core AMD EPYC). The kernel's loops write a split's rows themselves: through
``kernel._full_cover``, whose arguments hold the tables, a row cost about 150 ns, and the
probes of solid-pentominoes-3x4x5 took 3.4 times as long.

Three refinements, all keeping the estimate unbiased:

* stratified roots: probe ``i`` takes root option ``(offset + i) mod R`` instead of a random
  one, and the estimate is the sum over the R roots of the mean of that root's probes (with
  variance the sum of each stratum's variance of the mean). The roots' subtrees differ in
  size widely, so this removes a large term of the variance;
* complete subtrees at the bottom: a probe chooses at random only down to a depth ``cut``
  and there has the kernel search the whole subtree below its node, adding W times its
  nodes and counts. This is Knuth's estimator with the last levels' randomness taken out
  (the idea of Purdom's partial backtracking, P. W. Purdom, "Tree size by partial
  backtracking", SIAM J. Comput. 7 (1978) 481-491, taken to its end). Solutions are rare
  leaves: a plain probe of 6x10 reaches one about once in 1,500 tries, so plain Knuth
  estimates of the counts are wildly heavy-tailed; walking the levels below depth 6 in full
  (6x10's cut), one probe in 17 finds solutions, and all of those below its node.
  :func:`choose_cut` picks the shallowest depth at which a probe walks at most
  :data:`WALK_BUDGET` nodes on average, from pilot probes drawn before (and apart from) the
  probes that make the estimate;
* the interval is Hall's skewness-corrected one (P. Hall, "On the removal of skewness by
  transformation", J. R. Stat. Soc. B 54 (1992) 221-228), not estimate +- 1.96 standard
  errors. The estimates stay right-skewed (a few probes that take rare narrow paths carry
  large weights), and then the mean and the sample variance are small together: the plain
  normal interval held the truth in 83-85% of 60 seeds on 4x15 with 5,000 probes, Hall's in
  93-95%. Its coverage measured over 60 seeds with 20,000 probes (4x15, 5x12, hexiamonds in
  4x9, soma) was 90-97%, and over the tests' 40 seeds with 5,000 probes (4x15, hexiamonds in
  4x9, soma, 6x10) 90-100%, for nodes and for counts. A solution count that no probe reached
  is estimated as 0 with the interval [0, 0]: it says only that solutions are rare, or that
  there are none.

The time. The real counting search runs for a short while (:data:`CALIBRATION_SECONDS`) on
one core, in small kernel calls; its nodes per second turn the node estimate and its
interval into seconds. If the search ends within that time, the figures are exact (low =
high = estimate). The seconds are those of the enumerating search on one core; a count that
the memoised method takes (:mod:`pentomino.search.choice` says which a count takes, and how
long the memoised one would), or that runs on several cores, takes a different time.

The random numbers are a xorshift64* generator whose one-word state lives in an array the
caller seeds, so one seed gives the same probes (and the same estimate) on every run.
"""

from __future__ import annotations

import math
import os
import threading
import time
from typing import TypedDict, cast

import numpy as np
import numpy.typing as npt

from pentomino.model.puzzle import Puzzle
from pentomino.model.results import Estimate, Interval
from pentomino.search import kernel
from pentomino.search.jit import Int, compiled
from pentomino.search.kernel import KernelTables, Scratch, SymmetryTables
from pentomino.search.solver import KernelState, Solver
from pentomino.tuning import (
    CALIBRATION_CHUNK,
    CALIBRATION_SECONDS,
    DEFAULT_SAMPLES,
    FORECAST_SAMPLES,
    PILOT_BATCH,
    PILOT_SAMPLES,
    WALK_BUDGET,
)

Z95 = 1.959963984540054  # the standard normal's 97.5% point
# Columns of a probe's row of results.
# R_COST: the nodes the probe walked (its cost), not an estimate.
R_NODES, R_COUNT, R_ROT_ORBITS, R_TILINGS, R_COST = 0, 1, 2, 3, 4
R_COLUMNS = 5


# -- the compiled probes ------------------------------------------------------------------------
# Every step down the tree is a call of the kernel (see the module docstring). Its state arrays
# travel as one tuple, ``state`` = (occ, remaining, slack, stack, placed, counters), the order
# in which the kernel takes them (``KernelRun.state``); ``split`` and ``whole`` are the
# parameters of its two calls, ``out`` the buffer of the split call's rows. The helpers around
# the kernel call are inlined: a call of their own would reference-count the tables once more
# (the probes took 15-20% longer).
_UNBOUNDED = 1 << 62
"""A kernel call's budget of nodes: more than any probe walks, and the nodes counted so far can
be added to it without overflow."""


@compiled(cache=True, inline="always")
def _uniform(rng: npt.NDArray[np.uint64], k: Int) -> np.int64:
    """A number in [0, k) from the xorshift64* generator whose state is ``rng[0]`` (k < 2^32;
    the bias of taking the high bits times k is below k / 2^32)."""
    x = rng[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[0] = x
    r = (x * np.uint64(0x2545F4914F6CDD1D)) >> np.uint64(32)
    pick: np.int64 = np.int64((r * np.uint64(k)) >> np.uint64(32))
    return pick


@compiled(cache=True, inline="always")
def _put(tables: KernelTables, state: KernelState, depth: Int, pl: Int, sign: int) -> None:
    """Put placement ``pl`` down as the ``depth``-th (sign -1), or take it off again (sign
    +1)."""
    occ, remaining, placed = state[0], state[1], state[4]
    kernel._toggle(occ, tables.masks, tables.pl_word[pl], pl, tables.masks.shape[1])
    remaining[tables.pl_piece[pl]] += sign
    placed[depth] = pl


@compiled(cache=True, inline="always")
def _kernel_from(tables: KernelTables, sym: SymmetryTables, state: KernelState, out: npt.NDArray[np.int32],
                 params: npt.NDArray[np.int64], scratch: Scratch, depth: Int) -> Int:
    """Search below the node whose placements ``placed[:depth]`` are down, from the start, as
    a count searches a part with those placements forced: return the nodes it put down. The
    counters run on from call to call (as in a resumed search), so the general loop's pocket
    test, whose marks are stamped with the node count, never meets a mark of an earlier call
    as its own; COUNT, TILINGS and ROT_ORBITS hold this call's solutions."""
    occ, remaining, slack, stack, placed, counters = state
    counters[kernel.DEPTH] = counters[kernel.BASE] = depth
    counters[kernel.STARTED] = 0
    counters[kernel.COUNT] = counters[kernel.TILINGS] = counters[kernel.ROT_ORBITS] = 0
    before = counters[kernel.NODES]
    if kernel._search(tables, sym, occ, remaining, slack, stack, placed, counters, out, params, scratch) != kernel.DONE:
        raise RuntimeError("a kernel call of the probes stopped before the end of its search")
    nodes: Int = counters[kernel.NODES] - before
    return nodes


@compiled(cache=True, inline="always")
def _open(tables: KernelTables, sym: SymmetryTables, state: KernelState, out: npt.NDArray[np.int32],
          split: npt.NDArray[np.int64], whole: npt.NDArray[np.int64], scratch: Scratch, depth: Int, cut: Int,
          row: npt.NDArray[np.float64], w: float) -> tuple[Int, Int]:
    """The node whose placements ``placed[:depth]`` are down, as the probes see it: (k, rows),
    k its children (the nodes the kernel puts down below it), of which the first ``rows`` are
    ``out[:rows, depth]`` (the others, which the general loop counts but does not write, cut
    off a pocket: leaves). At ``depth >= cut``, and at a full cover, the kernel searches the
    node whole instead: ``w`` times its nodes and solutions go to ``row``, the nodes to
    ``row[R_COST]``, and there are no children to choose from, (0, 0)."""
    counters = state[5]
    if depth < cut:
        k = _kernel_from(tables, sym, state, out, split, scratch, depth)
        rows = counters[kernel.FOUND]
        # A row without a child: the board was full, and the split call wrote the node itself
        # (a tiling completed above the split depth is written as a prefix).
        if k > 0 or rows == 0:
            return k, rows
    nodes = _kernel_from(tables, sym, state, out, whole, scratch, depth)
    row[R_NODES] += w * nodes
    row[R_COUNT] += w * counters[kernel.COUNT]
    row[R_ROT_ORBITS] += w * counters[kernel.ROT_ORBITS]
    row[R_TILINGS] += w * counters[kernel.TILINGS]
    row[R_COST] += nodes
    return 0, 0


@compiled(cache=True, nogil=True)
def _probes(tables: KernelTables, sym: SymmetryTables, state: KernelState, out: npt.NDArray[np.int32],
            split: npt.NDArray[np.int64], whole: npt.NDArray[np.int64], scratch: Scratch, roots: npt.NDArray[np.int32],
            offset: int, cut: int, rng: npt.NDArray[np.uint64], results: npt.NDArray[np.float64]) -> None:
    """Probe ``results.shape[0]`` random paths from the empty board that ``state`` holds.
    Probe i starts with root option ``roots[(offset + i) % R]`` put down (no forced piece if
    ``roots`` is empty), chooses at random among each node's children down to ``cut``
    placements and there has the kernel search the whole subtree; it writes to ``results[i]``
    its estimate of that root's subtree (nodes, the three counts) and, in the last column, the
    nodes it walked (see the module docstring; the caller stratifies by root)."""
    occ, remaining = state[0], state[1]
    occ0, remaining0 = occ.copy(), remaining.copy()
    for i in range(results.shape[0]):
        row = results[i]
        row[:] = 0.0
        occ[:] = occ0
        remaining[:] = remaining0
        depth = 0
        if roots.shape[0] > 0:
            _put(tables, state, 0, roots[(offset + i) % roots.shape[0]], -1)
            depth = 1
        w = 1.0
        while True:
            k, rows = _open(tables, sym, state, out, split, whole, scratch, depth, cut, row, w)
            if k == 0:
                break
            w *= k
            row[R_NODES] += w
            row[R_COST] += 1
            pick = _uniform(rng, k)
            if pick >= rows:
                break  # a child that cuts off a pocket: a leaf
            _put(tables, state, depth, out[pick, depth], -1)
            depth += 1


@compiled(cache=True, nogil=True)
def _tree_counts(tables: KernelTables, sym: SymmetryTables, state: KernelState, out: npt.NDArray[np.int32],
                 split: npt.NDArray[np.int64], whole: npt.NDArray[np.int64], scratch: Scratch,
                 roots: npt.NDArray[np.int32], cut: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """Walk in full the tree that :func:`_probes` samples, by the probes' own steps: every
    child of every node that :func:`_open` gives, down to ``cut`` placements, and the kernel's
    whole search there. Returns a row of results (nodes, orbits, orbits under rotations,
    tilings; the nodes the kernel searched whole) and the nodes at each depth above the cut
    (the root options are depth 0), for the tests to set against a count."""
    placed = state[4]
    total = np.zeros(R_COLUMNS, dtype=np.float64)
    levels = np.zeros(placed.shape[0] + 1, dtype=np.int64)
    kids = np.empty((placed.shape[0] + 1, out.shape[0]), dtype=np.int32)
    nkids = np.zeros(placed.shape[0] + 1, dtype=np.int64)
    pos = np.zeros(placed.shape[0] + 1, dtype=np.int64)
    for r in range(max(roots.shape[0], 1)):
        base = 0
        if roots.shape[0] > 0:
            _put(tables, state, 0, roots[r], -1)
            base = 1
        depth = base
        fresh = True  # placed[:depth] is a node whose children are not known yet
        while True:
            if fresh:
                k, rows = _open(tables, sym, state, out, split, whole, scratch, depth, cut, total, 1.0)
                total[R_NODES] += k
                levels[depth + 1] += k
                kids[depth, :rows] = out[:rows, depth]
                nkids[depth] = rows
                pos[depth] = 0
                fresh = False
            if pos[depth] == nkids[depth]:
                if depth == base:
                    break
                depth -= 1
                _put(tables, state, depth, placed[depth], 1)
                continue
            _put(tables, state, depth, kids[depth, pos[depth]], -1)
            pos[depth] += 1
            depth += 1
            fresh = True
        if roots.shape[0] > 0:
            _put(tables, state, 0, roots[r], 1)
    return total, levels


# -- the wrapper ----------------------------------------------------------------------------------
_Inputs = tuple[KernelTables, SymmetryTables, KernelState, npt.NDArray[np.int32], npt.NDArray[np.int64],
                npt.NDArray[np.int64], Scratch, npt.NDArray[np.int32]]
"""What the probes take (:func:`_kernel_inputs`): tables, symmetry tables, state, out, split, whole,
scratch and the root options."""


class TreeCounts(TypedDict):
    """The exact size of the tree the probes sample (:func:`tree_counts`)."""

    nodes: int
    full: int
    rotations: int
    none: int
    levels: list[int]


def _seed_word(seed: int | None) -> npt.NDArray[np.uint64]:
    """The generator's state from ``seed`` (splitmix64, so nearby seeds start far apart), or
    from the system's entropy."""
    x = int.from_bytes(os.urandom(8), "little") if seed is None else seed
    mask = (1 << 64) - 1
    x = (x + 0x9E3779B97F4A7C15) & mask
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & mask
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & mask
    x ^= x >> 31
    return np.array([x or 1], dtype=np.uint64)


def _kernel_inputs(solver: Solver) -> _Inputs:
    """What the probes need from a counting solver: its tables, a search's state on the empty
    board with a buffer for the most children a node can have (its candidate list), the
    parameters of the two kernel calls (``split``: a node's children, one level down;
    ``whole``: its subtree), scratch space and the root options."""
    p = solver.packed
    # A row for every candidate of the longest list, and one more: the kernel stops for a
    # full buffer as soon as its rows reach the cap, even after a node's last child.
    widest = int(np.diff(p.tables.key_start).max(initial=1))
    run = solver.start(out_cap=widest + 1, split=1)
    split = run.params
    split[kernel.BUDGET] = _UNBOUNDED
    whole = split.copy()
    whole[kernel.SPLIT] = whole[kernel.OUT_CAP] = 0
    roots = np.array(p.first_options if p.first_piece >= 0 else [], dtype=np.int32)
    return p.tables, p.sym, run.state, run.out, split, whole, run.scratch, roots


def tree_counts(solver: Solver, cut: int | None = None) -> TreeCounts:
    """The exact size of the tree the probes sample, walked in full by the probes' steps (for
    the tests): every node's children one by one down to ``cut`` placements (the root's
    included; None: to the leaves), and the kernel's whole search there. Besides the nodes and
    the three counts, ``levels``: the nodes at depth 1, 2, ... (placements below the root
    options, if the first piece is forced) that the walk met above the cut."""
    tables, sym, state, out, split, whole, scratch, roots = _kernel_inputs(solver)
    if solver.packed.first_piece >= 0 and roots.shape[0] == 0:
        return {"nodes": 0, "full": 0, "rotations": 0, "none": 0, "levels": []}
    deepest = solver.packed.depth + 2
    total, levels = _tree_counts(tables, sym, state, out, split, whole, scratch, roots,
                                 deepest if cut is None else cut)
    base = 1 if roots.shape[0] > 0 else 0
    depths = [int(x) for x in levels[base + 1:]]
    while depths and depths[-1] == 0:
        depths.pop()
    return {"nodes": int(total[R_NODES]), "full": int(total[R_COUNT]), "rotations": int(total[R_ROT_ORBITS]),
            "none": int(total[R_TILINGS]), "levels": depths}


def probe(solver: Solver, samples: int, seed: int | None = None, *, cut: int | None = None,
          rng: npt.NDArray[np.uint64] | None = None) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """``samples`` probes of the counting search of ``solver``, choosing at random down to
    ``cut`` placements (the root's included; None: to the leaves) and walking the subtree
    there in full: their results (one row each: nodes, orbits, orbits under rotations,
    tilings of their root's subtree, and the nodes the probe walked) and the index of the
    root option each started from. ``rng``: the generator's state, to go on from."""
    tables, sym, state, out, split, whole, scratch, roots = _kernel_inputs(solver)
    if rng is None:
        rng = _seed_word(seed)
    r = max(roots.shape[0], 1)
    offset = int(rng[0] % np.uint64(r))
    results = np.zeros((samples, R_COLUMNS), dtype=np.float64)
    if solver.packed.first_piece >= 0 and roots.shape[0] == 0:
        return results, np.zeros(samples, dtype=np.int64)  # the first piece fits nowhere: no tree
    deepest = solver.packed.depth + 2
    _probes(tables, sym, state, out, split, whole, scratch, roots, offset, deepest if cut is None else cut, rng,
            results)
    return results, (offset + np.arange(samples)) % r


def choose_cut(solver: Solver, rng: npt.NDArray[np.uint64], budget: float = WALK_BUDGET,
               pilot: int = PILOT_SAMPLES) -> int:
    """The shallowest depth at which to start walking subtrees in full such that a probe
    walks about ``budget`` nodes on average, found by pilot probes (their own random
    numbers, so the estimate that follows stays unbiased). The pilot at a depth stops as soon
    as its batches show it too costly, so a level whose subtrees are huge costs little."""
    base = 1 if solver.packed.first_piece >= 0 else 0
    cut = solver.packed.depth + 2
    while cut > base:
        walked = 0.0
        for done in range(PILOT_BATCH, pilot + 1, PILOT_BATCH):
            results, _ = probe(solver, PILOT_BATCH, cut=cut - 1, rng=rng)
            walked += results[:, R_COST].sum()
            if walked > budget * max(done, pilot // 2):
                return cut
        if walked > budget * pilot:
            return cut
        cut -= 1
    return cut


def stratified(results: npt.NDArray[np.float64], strata: npt.NDArray[np.int64]
               ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """For each column: the sum over strata of the mean, its standard error (each stratum's
    variance of the mean, summed) and its skewness (third cumulant over the cube of the
    standard error; each stratum's third central moment over its size squared, summed). Every
    stratum needs two probes or more."""
    labels, sizes = np.unique(strata, return_counts=True)
    means = np.zeros(results.shape[1])
    var = np.zeros(results.shape[1])
    third = np.zeros(results.shape[1])
    for label, size in zip(labels, sizes, strict=True):
        part = results[strata == label]
        mean = part.mean(axis=0)
        means += mean
        var += part.var(axis=0, ddof=1) / size
        third += ((part - mean) ** 3).mean(axis=0) / size ** 2
    error = np.sqrt(var)
    skew = np.divide(third, error ** 3, out=np.zeros_like(third), where=error > 0)
    return means, error, skew


def interval(value: float, error: float, skew: float, scale: float = 1.0) -> Interval:
    """The 95% interval for a mean with this standard error and skewness: Hall's
    skewness-corrected t interval (P. Hall, "On the removal of skewness by transformation",
    J. R. Stat. Soc. B 54 (1992) 221-228), with the lower end clipped at 0. The transform
    g(t) = ((1 + a t)^3 - 1) / (3a) + a/2, a = skew / 3, makes the studentised mean nearly
    normal; inverting it widens the interval on the side of the long tail."""
    a = skew / 3.0
    if abs(a) < 1e-12:
        lo_t, hi_t = -Z95, Z95
    else:
        def inverse(x: float) -> float:
            # cast: a NumPy function's result is Any to mypy (here np.float64, a float)
            return cast(float, (np.cbrt(1.0 + 3.0 * a * (x - a / 2.0)) - 1.0) / a)
        lo_t, hi_t = inverse(-Z95), inverse(Z95)
    low, high = value - hi_t * error, value - lo_t * error
    return Interval(value * scale, max(0.0, low) * scale, max(0.0, high) * scale)


def _calibrate(solver: Solver, seconds: float) -> tuple[float, dict[str, int] | None]:
    """Run the real counting search for about ``seconds``: its nodes per second, and its
    counts if it finished."""
    p = solver.packed
    if not p.cells:
        counts = {m: int(bool(np.all(p.remaining <= p.slack))) for m in ("full", "rotations", "none")}
        return math.inf, {"nodes": 0, **counts}
    prefixes = solver.root_prefixes
    solver.start(prefixes[0] if prefixes else ()).step(1)  # load the kernel before timing it
    totals = [0] * 4  # nodes, full, none, rotations (parts.COUNTERS)
    start = time.perf_counter()
    elapsed = 0.0
    for prefix in prefixes:
        run = solver.start(prefix)
        for _ in run.steps(lambda: CALIBRATION_CHUNK):
            elapsed = time.perf_counter() - start
            if elapsed > seconds:
                break
        totals = [x + y for x, y in zip(totals, run.summed(), strict=True)]
        if run.status != kernel.DONE:
            return totals[0] / max(elapsed, 1e-9), None
    return totals[0] / max(elapsed, 1e-9), {
        "nodes": totals[0], "full": totals[1], "rotations": totals[3], "none": totals[2]}


def estimate(puzzle: Puzzle, samples: int = DEFAULT_SAMPLES, seed: int | None = None, *,
             calibration: float | None = None) -> Estimate:
    """Estimate the nodes, solutions and time of counting ``puzzle`` (see the module docstring).
    ``calibration``: seconds the real search runs to time this machine (default
    :data:`CALIBRATION_SECONDS`); if it ends by then, the figures are exact. (The quick proofs
    of no solution come first, in :func:`pentomino.api.estimate`: the tree of a puzzle they
    settle may be huge and barren.)"""
    solver = Solver(puzzle, "full", counting=True)
    # Two probes at least from every root option, for each stratum's variance.
    samples = max(samples, 2 * len(solver.packed.first_options))
    rate, exact = _calibrate(solver, CALIBRATION_SECONDS if calibration is None else calibration)
    if exact is not None:
        took = exact["nodes"] / rate if 0 < rate < math.inf else 0.0
        iv = {key: Interval(value, value, value) for key, value in exact.items()}
        return Estimate(iv["nodes"], iv["full"], iv["rotations"], iv["none"], Interval(took, took, took),
                        samples=0, exact=True)
    rng = _seed_word(seed)
    results, strata = probe(solver, samples, cut=choose_cut(solver, rng), rng=rng)
    value, error, skew = stratified(results[:, :R_COST], strata)
    ivs = [interval(value[i], error[i], skew[i]) for i in range(R_COST)]
    return Estimate(ivs[R_NODES], ivs[R_COUNT], ivs[R_ROT_ORBITS], ivs[R_TILINGS],
                    interval(value[R_NODES], error[R_NODES], skew[R_NODES], 1.0 / rate), samples=samples)


class Forecast:
    """How far a running count has come and how long it has left, from an estimate of its
    nodes made on a thread (so the count does not wait for it): ``fraction(nodes)`` and
    ``seconds_left(nodes, rate)`` are None until the estimate is ready. The counting
    search's nodes are those of the tree the estimate probes, up to the placements forced at
    the top of handed-back parts (a fraction of a percent)."""

    def __init__(self, puzzle: Puzzle, samples: int = FORECAST_SAMPLES) -> None:
        self.nodes: Interval | None = None
        self._thread = threading.Thread(target=self._run, args=(puzzle, samples), daemon=True,
                                        name="pentomino-forecast")
        self._thread.start()

    def _run(self, puzzle: Puzzle, samples: int) -> None:
        try:
            self.nodes = estimate(puzzle, samples, seed=0, calibration=0.0).nodes
        except Exception:  # a forecast is a nicety: without it the line shows parts  # noqa: BLE001
            pass

    def fraction(self, nodes: int) -> float | None:
        """The share of the count done (at most 0.99 while it runs: it is an estimate)."""
        if self.nodes is None or self.nodes.estimate <= 0:
            return None
        return min(nodes / self.nodes.estimate, 0.99)

    def seconds_left(self, nodes: int, rate: float) -> float | None:
        """Seconds left at ``rate`` nodes a second, or None if not known (or already past
        the estimate)."""
        if self.nodes is None or rate <= 0 or nodes >= self.nodes.estimate:
            return None
        return (self.nodes.estimate - nodes) / rate

    def close(self, timeout: float = 5.0) -> None:
        """Wait for the estimate's thread (so it does not run while the process exits)."""
        self._thread.join(timeout)
