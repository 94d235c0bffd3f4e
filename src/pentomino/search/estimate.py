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

The probes (:mod:`pentomino.search.probes`, where their steps are told) go down the counting
search's own tree with the kernel itself, so that a change to the kernel's order or pruning
changes them with it.

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
  :func:`~pentomino.search.probes.choose_cut` picks the shallowest depth at which a probe walks at most
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

One seed gives the same probes, and the same estimate, on every run.
"""

from __future__ import annotations

import math
import threading
import time
from typing import cast

import numpy as np

from pentomino.model.puzzle import Puzzle
from pentomino.model.results import Estimate, Interval
from pentomino.search import kernel
from pentomino.search.probes import (
    R_COST,
    R_COUNT,
    R_NODES,
    R_ROT_ORBITS,
    R_TILINGS,
    choose_cut,
    probe,
    seed_word,
    stratified,
)
from pentomino.search.solver import Solver
from pentomino.tuning import CALIBRATION_CHUNK, CALIBRATION_SECONDS, DEFAULT_SAMPLES, FORECAST_SAMPLES

Z95 = 1.959963984540054  # the standard normal's 97.5% point


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
    rng = seed_word(seed)
    results, strata = probe(solver.packed, samples, cut=choose_cut(solver.packed, rng), rng=rng)
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
