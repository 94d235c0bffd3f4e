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
  93-95%.

The interval: the tail no probe reached. Hall's interval reads the skew the probes show, and a
heavy tail hides beyond them. On the solid pentominoes in 3x4x5 a probe reaches a solution once
in 2,900 and what it then adds ranges over four orders of magnitude (its 20 largest values, of
2 million probes, a Hill estimate of the tail index of 1.6; of 200, 0.9): with 2,000 probes 44
seeds in 100 reach no solution, and with 20,000 the estimates spread from a sixtieth of the
truth to 6 times it, their median 0.6. Hall's intervals held the 3,940 solutions 45 times in
100 with 2,000 probes, 86 with 20,000; on the one-sided pentominoes in 5x18 (a Hill index of
1.3-1.8), 86 and 83, and even their nodes 86 and 86. Two additions, from one argument:

* the unseen tail. Let x be the largest result of the n probes, n_r the probes of stratum r
  (the strata share the probes to within one) and q_r the probability that a probe of r
  exceeds x. No probe did, so the expected number that would, the sum of n_r q_r, is below
  MISSED at 97.5% confidence (the rule of three: MISSED = -ln 0.025 = 3.69, at the upper end
  of a two-sided interval). If the results beyond x fall off like a Pareto tail of index
  alpha, their mean is x alpha / (alpha - 1), so the tail no probe reached, the sum of q_r
  times that, adds at most TAIL = MISSED alpha / (alpha - 1) times x / n_r to
  the estimate, x / n_r being the most that one probe added to it. The upper end is Hall's
  plus that, with alpha = 1.5 (:data:`TAIL_INDEX`: 11.1 times the largest term); the lower
  end stays Hall's. When the tail is light (6x10), the largest term is a small share of the
  estimate and so is the addition; when one probe carries half the estimate, the upper end
  moves up by five and a half times the estimate;
* no probe reached a solution. Then the estimate is 0, and the upper end comes from the same
  rule of three: the probes that reach a solution are less than MISSED in expectation over
  all strata, so with p_r their probability in stratum r, the solutions are sum p_r c_r, c_r
  the mean result of a probe that reaches one. A probe's orbits are at most its nodes (every
  orbit counted is a leaf of the tree), and the probes that reach solutions take the heavier
  paths but walk subtrees far from full of them: c_r was at most 0.69 times the stratum's
  mean of nodes m_r in every stratum of the panel below (hexiamonds-4x9's worst; 0.05 on
  3x4x5, 0.19 on 5x18). So the orbits are at most MISSED times the largest m_r / n_r, the
  orbits under rotations twice that and the tilings |G| times (a solution adds at most 2 and
  |G| to them). It is wide (on
  3x4x5 with 2,000 probes, 1.1 million where the truth is 3,940), as it should be: the probes
  cannot tell a few solutions from many. The interval is [0, 0] only when it is exact: a
  search that ended while it was timed, or a proof of no solution (:func:`pentomino.api.estimate`).

Measured over seeds 0-99 (``python bench/estimate_coverage.py``; the tests check seeds 0-39
with 38 of 40 as the floor), the intervals that held the truth (nodes, orbits; the orbits
under rotations and the tilings as the orbits), and the median of the upper end over the
truth, against Hall's interval alone:

==========================  =======  ========  ============  ========  ============
puzzle                      probes   held      high / truth  Hall      Hall's high
==========================  =======  ========  ============  ========  ============
4x15                        5,000    98, 100   1.51, 2.02    94, 93    1.17, 1.32
hexiamonds-4x9              5,000    98, 98    1.42, 2.96    97, 98    1.15, 1.62
soma                        5,000    98, 95    1.09, 1.17    95, 90    1.04, 1.11
6x10                        5,000    99, 100   1.55, 2.37    95, 99    1.19, 1.44
solid-pentominoes-3x4x5     2,000    99, 98    2.03, 84      92, 45    1.32, 0.63
solid-pentominoes-3x4x5     20,000   97, 95    1.29, 6.65    93, 86    1.10, 3.28
one-sided 5x18              2,000    99, 97    4.27, 6.20    86, 86    2.35, 2.83
one-sided 5x18              20,000   97, 99    2.18, 3.51    86, 83    1.31, 2.01
==========================  =======  ========  ============  ========  ============

With 20,000 probes the four light puzzles held 96-99 (4x15 97, 96; hexiamonds-4x9 97, 99;
6x10 99, 98) but soma 92, 94: there the lower end, Hall's, was above the truth 7 times (nodes)
and 5 (orbits). The cost is the width above the estimate: on the light puzzles the upper end
moves from 4-19% above the truth to 9-55% (nodes) and from 11-62% to 17-196% (counts), on
the heavy ones by a factor of about 2 in the upper end's ratio to the truth where probes reached
solutions (3x4x5 with 2,000 probes mostly had none: its median is the rule of three's bound).
The lower ends and the estimates do not move.

The time. The real counting search runs for a short while (:data:`CALIBRATION_SECONDS`) on
one core, in small kernel calls; its nodes per second turn the node estimate and its
interval into seconds. If the search ends within that time, the figures are exact (low =
high = estimate). The seconds are those of the enumerating search on one core; a count that
the memoised method takes (:mod:`pentomino.search.choice` says which a count takes, and how
long the memoised one would), or that runs on several cores, takes a different time.

One seed gives the same probes, and the same estimate, on every run.
"""

from __future__ import annotations

import collections
import math
import threading
import time
from typing import cast

import numpy as np
import numpy.typing as npt

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
from pentomino.tuning import (
    CALIBRATION_CHUNK,
    CALIBRATION_SECONDS,
    DEFAULT_SAMPLES,
    FORECAST_SAMPLES,
    SPEED_STEADY,
    SPEED_WINDOW,
)

Z95 = 1.959963984540054  # the standard normal's 97.5% point
MISSED = -math.log(0.025)
"""3.69: if n independent probes all miss a set, the set's probability is below MISSED / n with
confidence 97.5% (the rule of three, at the upper end of a two-sided 95% interval)."""
TAIL_INDEX = 1.5
"""The tail index assumed of the probes' largest values (see "the interval" in the module
docstring). The Hill estimates on 3x4x5 and 5x18 were 0.9 to 1.8, by how many of the largest
values they took: 1.5 is a choice, which the coverage it gives on the panel checks."""
TAIL = MISSED * TAIL_INDEX / (TAIL_INDEX - 1.0)
"""11.1: the unseen tail's share of an estimate, in units of its largest term."""


def interval(value: float, error: float, skew: float, scale: float = 1.0, *, top: float = 0.0) -> Interval:
    """The 95% interval for a mean with this standard error and skewness: Hall's
    skewness-corrected t interval (P. Hall, "On the removal of skewness by transformation",
    J. R. Stat. Soc. B 54 (1992) 221-228), with the lower end clipped at 0. The transform
    g(t) = ((1 + a t)^3 - 1) / (3a) + a/2, a = skew / 3, makes the studentised mean nearly
    normal; inverting it widens the interval on the side of the long tail. ``top``: the
    largest term of the mean (the most one probe added to it); the upper end grows by
    :data:`TAIL` times it, for the tail that no probe reached (see the module docstring)."""
    a = skew / 3.0
    if abs(a) < 1e-12:
        lo_t, hi_t = -Z95, Z95
    else:
        def inverse(x: float) -> float:
            # cast: a NumPy function's result is Any to mypy (here np.float64, a float)
            return cast(float, (np.cbrt(1.0 + 3.0 * a * (x - a / 2.0)) - 1.0) / a)
        lo_t, hi_t = inverse(-Z95), inverse(Z95)
    low, high = value - hi_t * error, value - lo_t * error + TAIL * top
    return Interval(value * scale, max(0.0, low) * scale, max(0.0, high) * scale)


def intervals(results: npt.NDArray[np.float64], strata: npt.NDArray[np.int64], group: int) -> list[Interval]:
    """The 95% intervals of the nodes, the orbits, the orbits under rotations and the tilings
    (in the order of the columns :data:`~pentomino.search.probes.R_NODES` to
    :data:`~pentomino.search.probes.R_TILINGS`) from the probes' ``results`` and the root
    option (stratum) each started from; ``group``: the order of the puzzle's symmetry group
    (a solution adds at most that many tilings). Hall's interval widened by the unseen tail,
    and when no probe reached a solution, an upper end from the rule of three (see the module
    docstring)."""
    columns = results[:, :R_COST]
    value, error, skew = stratified(columns, strata)
    labels, sizes = np.unique(strata, return_counts=True)
    # The most any one probe added to the estimate: its result over its stratum's probes (the
    # strata's sizes differ by one at most; the smallest is the safe side).
    top = columns.max(axis=0) / sizes.min()
    ivs = [interval(value[i], error[i], skew[i], top=top[i]) for i in range(R_COST)]
    if value[R_COUNT] == 0:
        # No probe reached a solution: in every stratum the probes that do carry at most a
        # share MISSED / n of its probes (jointly: the expected hits sum to MISSED at most),
        # and a probe's orbits are at most its nodes, so the orbits are at most MISSED times
        # the largest of the strata's mean nodes over their probes.
        means = np.bincount(strata, weights=columns[:, R_NODES])[labels] / sizes
        bound = MISSED * float((means / sizes).max())
        ivs[R_COUNT] = Interval(0.0, 0.0, bound)
        ivs[R_ROT_ORBITS] = Interval(0.0, 0.0, 2.0 * bound)  # an orbit is one or two under rotations
        ivs[R_TILINGS] = Interval(0.0, 0.0, group * bound)  # and at most |G| tilings
    return ivs


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
    ivs = intervals(results, strata, int(solver.packed.sym.proper.shape[0]))
    nodes = ivs[R_NODES]
    seconds = Interval(nodes.estimate / rate, nodes.low / rate, nodes.high / rate)
    return Estimate(nodes, ivs[R_COUNT], ivs[R_ROT_ORBITS], ivs[R_TILINGS], seconds, samples=samples)


class Forecast:
    """How far a running count has come and how long it has left, from an estimate of its
    nodes made on a thread (so the count does not wait for it): :meth:`fraction`,
    :meth:`shares` and :meth:`seconds_left` are None until the estimate is ready. The counting
    search's nodes are those of the tree the estimate probes, up to the placements forced at
    the top of handed-back parts (a fraction of a percent).

    The time left is an upper end, not a point: the nodes still to come by the upper end of
    the estimate's 95% interval, at the slower of the count's speeds over the two halves of its
    last :data:`SPEED_WINDOW` seconds, told only while those two agree within a factor
    :data:`SPEED_STEADY`. Not the speed since its start, nor one figure: the choice of the
    method and the first second on one process run slower than the pool that follows, a pool
    starts its processes for a few seconds and then its nodes come in as its parts end, in
    bursts, and the machine's other work comes and goes. Measured on 12 counts of 3x4x5 (one
    and two processes, 7 to 25 s each, the machine shared with other work), this upper end held
    the time the count then took in each of its 236 readings, its median 5.6 times that time
    (the interval's upper end was 1.8 times the nodes); a lower end (the estimate's lower end
    at the faster speed) failed in 10 of them, the count ending sooner as its parts in flight
    came in at once. A count past the interval's upper end has no time left to tell."""

    def __init__(self, puzzle: Puzzle, samples: int = FORECAST_SAMPLES) -> None:
        self.nodes: Interval | None = None
        self._seen: collections.deque[tuple[float, int]] = collections.deque()
        self._thread = threading.Thread(target=self._run, args=(puzzle, samples), daemon=True,
                                        name="pentomino-forecast")
        self._thread.start()

    def _run(self, puzzle: Puzzle, samples: int) -> None:
        try:
            self.nodes = estimate(puzzle, samples, seed=0, calibration=0.0).nodes
        except Exception:  # a forecast is a nicety: without it the line shows parts  # noqa: BLE001
            pass

    def fraction(self, nodes: int) -> float | None:
        """The share of the count done by the estimate (at most 0.99 while it runs: it is an
        estimate)."""
        if self.nodes is None or self.nodes.estimate <= 0:
            return None
        return min(nodes / self.nodes.estimate, 0.99)

    def shares(self, nodes: int) -> tuple[float, float] | None:
        """The share of the count done, as a range: by the upper end of the estimate's interval
        and by its lower end (at most 0.99 while it runs); None if not known, or if the count is
        past the upper end."""
        if self.nodes is None or self.nodes.estimate <= 0 or nodes >= self.nodes.high:
            return None
        return nodes / self.nodes.high, min(nodes / self.nodes.low, 0.99) if self.nodes.low > 0 else 0.99

    def speed(self, nodes: int, seconds: float) -> float | None:
        """Note that the count has ``nodes`` nodes at ``seconds`` (a monotonic clock's reading),
        and return the slower of its speeds (nodes a second) over the two halves of the last
        :data:`SPEED_WINDOW` seconds of these notes: None while they span less than that, and
        while the speed is unsteady (the two halves' differ by more than a factor
        :data:`SPEED_STEADY`, or one saw no node come in)."""
        seen = self._seen
        seen.append((seconds, nodes))
        while len(seen) > 2 and seconds - seen[1][0] >= SPEED_WINDOW:
            seen.popleft()
        start, first = seen[0]
        if seconds - start < SPEED_WINDOW:
            return None
        middle, half = next((t, n) for t, n in reversed(seen) if seconds - t >= SPEED_WINDOW / 2)
        if middle <= start:
            return None
        early, late = (half - first) / (middle - start), (nodes - half) / (seconds - middle)
        if min(early, late) <= 0 or max(early, late) > SPEED_STEADY * min(early, late):
            return None
        return min(early, late)

    def seconds_left(self, nodes: int, seconds: float) -> float | None:
        """The most seconds the count has left: the nodes still to come by the upper end of the
        estimate's 95% interval, at its slower speed of late (see :meth:`speed`, which this
        call notes ``nodes`` and ``seconds`` for). None until the estimate is ready and the
        speed known, and once the count is past the upper end."""
        rate = self.speed(nodes, seconds)
        if self.nodes is None or rate is None or rate <= 0 or nodes >= self.nodes.high:
            return None
        return (self.nodes.high - nodes) / rate

    def close(self, timeout: float = 5.0) -> None:
        """Wait for the estimate's thread (so it does not run while the process exits)."""
        self._thread.join(timeout)
