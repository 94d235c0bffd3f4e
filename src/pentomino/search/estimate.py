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

The tree is exactly the one the counting search explores (:mod:`pentomino.search.kernel`,
``Solver(puzzle, "full", counting=True)``): the children of a node are the candidates of the
kernel's candidate list at the first empty cell that fit, have a copy left and pass the
kernel's own lone-cell test (the one-word loop), or that fit and have a copy left, a child
that cuts off a pocket being a leaf (the general loop); a full cover is judged by the
kernel's ``_accept`` with the symmetry tables, which says what it adds to the orbits, the
orbits under rotations and the tilings. The first piece is forced at the root
(``PackedPuzzle.first_options``), and those placements are not nodes, as in the kernel, whose
subproblems start with them down. :func:`_tree_counts` walks the same tree in full; the tests
check that it gives the kernel's nodes and counts.

Three refinements, all keeping the estimate unbiased:

* stratified roots: probe ``i`` takes root option ``(offset + i) mod R`` instead of a random
  one, and the estimate is the sum over the R roots of the mean of that root's probes (with
  variance the sum of each stratum's variance of the mean). The roots' subtrees differ in
  size widely, so this removes a large term of the variance;
* complete subtrees at the bottom: a probe chooses at random only down to a depth ``cut``
  and there walks the whole subtree below its node (:func:`_subtree`), adding W times its
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
the memoised method takes, or that runs on several cores, takes a different time.

The random numbers are a xorshift64* generator whose one-word state lives in an array the
caller seeds, so one seed gives the same probes (and the same estimate) on every run.
"""

from __future__ import annotations

import math
import os
import threading
import time

import numpy as np
from numba import njit

from pentomino.model.puzzle import Puzzle
from pentomino.model.results import Estimate, Interval
from pentomino.search import kernel as K
from pentomino.search import memo
from pentomino.search.kernel import trailing_zeros
from pentomino.search.solver import Solver
from pentomino.tuning import (CALIBRATION_CHUNK, CALIBRATION_SECONDS, DEFAULT_SAMPLES, FORECAST_SAMPLES, PILOT_BATCH,
                              PILOT_SAMPLES, WALK_BUDGET)

Z95 = 1.959963984540054  # the standard normal's 97.5% point
# Columns of a probe's row of results.
# R_COST: the nodes the probe walked (its cost), not an estimate.
R_NODES, R_COUNT, R_ROT_ORBITS, R_TILINGS, R_COST = 0, 1, 2, 3, 4
R_COLUMNS = 5

_ONE = np.uint64(1)
_ZERO = np.uint64(0)


# -- the compiled probes ------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _uniform(rng, k):
    """A number in [0, k) from the xorshift64* generator whose state is ``rng[0]`` (k < 2^32;
    the bias of taking the high bits times k is below k / 2^32)."""
    x = rng[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[0] = x
    r = (x * np.uint64(0x2545F4914F6CDD1D)) >> np.uint64(32)
    return np.int64((r * np.uint64(k)) >> np.uint64(32))


@njit(cache=True, inline="always")
def _children(tables, occ, remaining, cell, params, out):
    """Write the candidate indices (into ``tables.cand``) of the node whose branching cell is
    ``cell`` to ``out``, as the kernel would try them; return how many."""
    cand, cand_piece, key_start = tables.cand, tables.cand_piece, tables.key_start
    lookahead = params[K.LOOKAHEAD]
    k = 0
    if tables.one_word:
        avail = _ZERO
        for t in range(remaining.shape[0]):
            if remaining[t] > 0:
                avail |= _ONE << np.uint64(t)
        lone = params[K.POCKETS] != 0 and tables.fillable.shape[0] > 1 and not tables.fillable[1]
        win = K._window64(occ, cell)
        key = (cell << lookahead) + np.int64((win >> _ONE) & np.uint64((1 << lookahead) - 1))
        start = np.int64(key_start[key])
        end = np.int64(key_start[key + 1])
        chunk = start
        while chunk < end:
            fit = K._fit_mask(tables.cand_bit, tables.cand_cells, chunk, min(end, chunk + 64), win, avail,
                              lone, tables.lone_step, tables.lone_mask[cell], tables.lone_safe[cell])
            while fit != _ZERO:
                out[k] = chunk + np.int64(trailing_zeros(fit))
                fit &= fit - _ONE
                k += 1
            chunk += 64
    else:
        masks, pl_word = tables.masks, tables.pl_word
        key = (cell << lookahead) + K._window(occ, cell + 1, lookahead)
        for i in range(key_start[key], key_start[key + 1]):
            pl = cand[i]
            if pl >= 0 and remaining[cand_piece[i]] > 0 and K._fits(occ, masks, pl_word[pl], pl,
                                                                    masks.shape[1]):
                out[k] = i
                k += 1
    return k


@njit(cache=True, inline="always")
def _put(tables, occ, remaining, pl, sign):
    """Put placement ``pl`` down (sign -1) or take it off (sign +1)."""
    K._toggle(occ, tables.masks, tables.pl_word[pl], pl, tables.masks.shape[1])
    remaining[tables.pl_piece[pl]] += sign


@njit(cache=True, inline="always")
def _dead_end(tables, occ, pl, cell, params, scratch, stamp):
    """The general loop's pocket test after putting ``pl`` down (a node, but a leaf)."""
    n = scratch[0].shape[0]
    if tables.one_word or params[K.POCKETS] == 0 or K._first_empty(occ, cell, n) >= n:
        return False
    stamp[0] += 1
    return K._cuts_off_a_pocket(occ, pl, tables.pl_nbr, tables.cell_nbr, tables.fillable, scratch[0],
                                scratch[1], stamp[0])


@njit(cache=True)
def _solution_value(tables, sym, remaining, slack, placed, depth, params, cover, counters, row, w):
    """Add ``w`` times what the full cover ``placed[:depth]`` adds to each count to ``row``."""
    counters[K.COUNT] = counters[K.TILINGS] = counters[K.ROT_ORBITS] = 0
    K._accept(remaining, slack, placed, depth, tables, sym, cover, params, counters)
    row[R_COUNT] += w * counters[K.COUNT]
    row[R_ROT_ORBITS] += w * counters[K.ROT_ORBITS]
    row[R_TILINGS] += w * counters[K.TILINGS]


@njit(cache=True)
def _widest_list(tables):
    width = 1
    for key in range(tables.key_start.shape[0] - 1):
        width = max(width, tables.key_start[key + 1] - tables.key_start[key])
    return width


@njit(cache=True)
def _subtree(tables, sym, params, occ, remaining, slack, placed, base, scratch, kids, nkids, pos,
             counters, stamp, row, w):
    """Walk the whole subtree below the node whose placements are ``placed[:base]`` (the
    board and copies as they leave them, not a full cover): add ``w`` times its nodes (itself
    not included) and its counts to ``row``, and its nodes to ``row[R_COST]``. Leaves the
    board as it found it."""
    n = scratch[0].shape[0]
    cand = tables.cand
    cover = scratch[2]
    depth = base
    nkids[depth] = _children(tables, occ, remaining, K._first_empty(occ, 0, n), params, kids[depth])
    pos[depth] = 0
    while True:
        if pos[depth] == nkids[depth]:
            if depth == base:
                return
            depth -= 1
            _put(tables, occ, remaining, placed[depth], 1)
            continue
        pl = cand[kids[depth, pos[depth]]]
        pos[depth] += 1
        row[R_NODES] += w
        row[R_COST] += 1
        _put(tables, occ, remaining, pl, -1)
        placed[depth] = pl
        nxt = K._first_empty(occ, 0, n)
        if nxt >= n:
            _solution_value(tables, sym, remaining, slack, placed, depth + 1, params, cover, counters, row, w)
            _put(tables, occ, remaining, pl, 1)
            continue
        if _dead_end(tables, occ, pl, nxt, params, scratch, stamp):
            _put(tables, occ, remaining, pl, 1)
            continue
        depth += 1
        nkids[depth] = _children(tables, occ, remaining, nxt, params, kids[depth])
        pos[depth] = 0


@njit(cache=True)
def _walk_state(tables, n, occ0, remaining0):
    """Fresh work arrays for a walk down the tree: the board, the copies left, the placement
    and the children (their list, how many, which is next) at each depth, the kernel's
    counters and the pocket test's stamp."""
    return (occ0.copy(), remaining0.copy(), np.full(n + 2, -1, dtype=np.int32),
            np.empty((n + 2, _widest_list(tables)), dtype=np.int64), np.zeros(n + 2, dtype=np.int64),
            np.zeros(n + 2, dtype=np.int64), np.zeros(K.N_COUNTERS, dtype=np.int64),
            np.zeros(1, dtype=np.int64))


@njit(cache=True, nogil=True)
def _probes(tables, sym, params, roots, occ0, remaining0, slack, offset, cut, rng, results, scratch):
    """Probe ``results.shape[0]`` random paths. Probe i starts with root option
    ``roots[(offset + i) % R]`` put down (no forced piece if ``roots`` is empty), chooses at
    random down to ``cut`` placements and walks the whole subtree there; it writes to
    ``results[i]`` its estimate of that root's subtree (nodes, the three counts) and, in the
    last column, the nodes it walked (see the module docstring; the caller stratifies by
    root)."""
    n = scratch[0].shape[0]
    cand = tables.cand
    occ, remaining, placed, kids, nkids, pos, counters, stamp = _walk_state(tables, n, occ0, remaining0)
    cover = scratch[2]
    for i in range(results.shape[0]):
        row = results[i]
        row[:] = 0.0
        occ[:] = occ0
        remaining[:] = remaining0
        depth = 0
        if roots.shape[0] > 0:
            pl = roots[(offset + i) % roots.shape[0]]
            _put(tables, occ, remaining, pl, -1)
            placed[0] = pl
            depth = 1
        w = 1.0
        cell = 0
        while True:
            cell = K._first_empty(occ, cell, n)
            if cell >= n:
                _solution_value(tables, sym, remaining, slack, placed, depth, params, cover, counters, row, w)
                break
            if depth >= cut:
                _subtree(tables, sym, params, occ, remaining, slack, placed, depth, scratch, kids, nkids, pos,
                         counters, stamp, row, w)
                break
            k = _children(tables, occ, remaining, cell, params, kids[0])
            if k == 0:
                break
            w *= k
            row[R_NODES] += w
            row[R_COST] += 1
            pl = cand[kids[0, _uniform(rng, k)]]
            _put(tables, occ, remaining, pl, -1)
            placed[depth] = pl
            depth += 1
            if _dead_end(tables, occ, pl, cell, params, scratch, stamp):
                break


@njit(cache=True, nogil=True)
def _tree_counts(tables, sym, params, roots, occ0, remaining0, slack, scratch):
    """Walk the whole tree that :func:`_probes` samples: (nodes, orbits, orbits under
    rotations, tilings), to check that it is the kernel's."""
    n = scratch[0].shape[0]
    occ, remaining, placed, kids, nkids, pos, counters, stamp = _walk_state(tables, n, occ0, remaining0)
    total = np.zeros(R_COLUMNS, dtype=np.float64)
    for r in range(max(roots.shape[0], 1)):
        base = 0
        if roots.shape[0] > 0:
            _put(tables, occ, remaining, roots[r], -1)
            placed[0] = roots[r]
            base = 1
        if K._first_empty(occ, 0, n) >= n:
            _solution_value(tables, sym, remaining, slack, placed, base, params, scratch[2], counters,
                            total, 1.0)
        else:
            _subtree(tables, sym, params, occ, remaining, slack, placed, base, scratch, kids, nkids, pos,
                     counters, stamp, total, 1.0)
        if roots.shape[0] > 0:
            _put(tables, occ, remaining, roots[r], 1)
    return total


# -- the wrapper ----------------------------------------------------------------------------------
def _seed_word(seed: int | None) -> np.ndarray:
    """The generator's state from ``seed`` (splitmix64, so nearby seeds start far apart), or
    from the system's entropy."""
    x = int.from_bytes(os.urandom(8), "little") if seed is None else seed
    mask = (1 << 64) - 1
    x = (x + 0x9E3779B97F4A7C15) & mask
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & mask
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & mask
    x ^= x >> 31
    return np.array([x or 1], dtype=np.uint64)


def _kernel_inputs(solver):
    """What the probes need from a counting solver: tables, params, root options, the empty
    board (cells past the board full) and the scratch arrays."""
    p = solver.packed
    run = solver.start(limit=0)
    occ, remaining, slack = run.state[:3]
    roots = np.array(p.first_options if p.first_piece >= 0 else [], dtype=np.int32)
    return p.tables, p.sym, run.params, roots, occ, remaining, slack, run.scratch


def tree_counts(solver) -> dict[str, int]:
    """The exact size of the tree the probes sample, walked in full (for the tests)."""
    tables, sym, params, roots, occ, remaining, slack, scratch = _kernel_inputs(solver)
    if solver.packed.first_piece >= 0 and roots.shape[0] == 0:
        return {"nodes": 0, "full": 0, "rotations": 0, "none": 0}
    total = _tree_counts(tables, sym, params, roots, occ, remaining, slack, scratch)
    return {"nodes": int(total[R_NODES]), "full": int(total[R_COUNT]),
            "rotations": int(total[R_ROT_ORBITS]), "none": int(total[R_TILINGS])}


def probe(solver, samples: int, seed: int | None = None, *, cut: int | None = None,
          rng: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``samples`` probes of the counting search of ``solver``, choosing at random down to
    ``cut`` placements (the root's included; None: to the leaves) and walking the subtree
    there in full: their results (one row each: nodes, orbits, orbits under rotations,
    tilings of their root's subtree, and the nodes the probe walked) and the index of the
    root option each started from. ``rng``: the generator's state, to go on from."""
    tables, sym, params, roots, occ, remaining, slack, scratch = _kernel_inputs(solver)
    if rng is None:
        rng = _seed_word(seed)
    r = max(roots.shape[0], 1)
    offset = int(rng[0] % np.uint64(r))
    results = np.zeros((samples, R_COLUMNS), dtype=np.float64)
    if solver.packed.first_piece >= 0 and roots.shape[0] == 0:
        return results, np.zeros(samples, dtype=np.int64)  # the first piece fits nowhere: no tree
    deepest = solver.packed.depth + 2
    _probes(tables, sym, params, roots, occ, remaining, slack, offset, deepest if cut is None else cut, rng,
            results, scratch)
    return results, (offset + np.arange(samples)) % r


def choose_cut(solver, rng: np.ndarray, budget: float = WALK_BUDGET, pilot: int = PILOT_SAMPLES) -> int:
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


def stratified(results: np.ndarray, strata: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each column: the sum over strata of the mean, its standard error (each stratum's
    variance of the mean, summed) and its skewness (third cumulant over the cube of the
    standard error; each stratum's third central moment over its size squared, summed). Every
    stratum needs two probes or more."""
    labels, sizes = np.unique(strata, return_counts=True)
    means = np.zeros(results.shape[1])
    var = np.zeros(results.shape[1])
    third = np.zeros(results.shape[1])
    for label, size in zip(labels, sizes):
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
            return (np.cbrt(1.0 + 3.0 * a * (x - a / 2.0)) - 1.0) / a
        lo_t, hi_t = inverse(-Z95), inverse(Z95)
    low, high = value - hi_t * error, value - lo_t * error
    return Interval(value * scale, max(0.0, low) * scale, max(0.0, high) * scale)


def _calibrate(solver, seconds: float) -> tuple[float, dict | None]:
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
        totals = [x + y for x, y in zip(totals, run.summed())]
        if run.status != K.DONE:
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
                        samples=0, exact=True, memo=memo.worth_it(solver.packed))
    rng = _seed_word(seed)
    results, strata = probe(solver, samples, cut=choose_cut(solver, rng), rng=rng)
    value, error, skew = stratified(results[:, :R_COST], strata)
    ivs = [interval(value[i], error[i], skew[i]) for i in range(R_COST)]
    return Estimate(ivs[R_NODES], ivs[R_COUNT], ivs[R_ROT_ORBITS], ivs[R_TILINGS],
                    interval(value[R_NODES], error[R_NODES], skew[R_NODES], 1.0 / rate), samples=samples,
                    memo=memo.worth_it(solver.packed))


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
