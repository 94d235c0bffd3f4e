"""Which method a count takes: the enumerating search or the memoised count, by their costs.

The problem. A count can enumerate the tilings (:mod:`pentomino.search.kernel`: its time
follows the nodes of its tree) or count the states of the frontier cell by cell
(:mod:`pentomino.search.memo`: its time follows the states met and the placements put down).
Each can be the faster by orders of magnitude: dominoes on 8x8, 5 ms by the memo and 8 s by
the search; Conway's 5x5x5 (13 1x2x4 bricks, a 2x2x2, a 1x2x2, three 1x1x3), 5 s by the search
and past two minutes and 2.7 GB by the memo, whose layers grow to 21 million states. A fixed
rule (the memo where a piece has copies or none breaks the symmetry, so that the search would
compare every tiling with its images) took the memo for Conway's puzzle and for a staircase of 55
cells with each pentomino 0 or 1 times (0.6 s against 0.075 s). Here the choice is made by
pricing both before the count starts, and the count goes on from the work done to price them.

The prices are a model, not a clock. Every process must make the same choice (the command line
asks which method a count takes before and while it runs; a test, a worker, a second run), so
nothing here reads a clock: the trials count work, and fixed prices in
:mod:`pentomino.tuning` turn work into nanoseconds, measured on one machine. A node of the
search costs :data:`~pentomino.tuning.SEARCH_NS_PER_NODE` (more in the general loop, and a
fixed :data:`~pentomino.tuning.SEARCH_NS_FIXED` a count); a unit of the memo's work (a state
visited or a placement put down, what its sweep's budget counts) costs by the size of its
tables of states, from 12 ns in the caches to 50 ns at 64 MB and 250 ns past a gigabyte
(:data:`~pentomino.tuning.MEMO_NS_PER_UNIT`), and a 16th more for each option a state tries
(6x10: 32 options, 150 ns); each of Burnside's terms costs the listing of its options first
(:data:`~pentomino.tuning.MEMO_NS_PER_PLACEMENT`). One fixed price a unit was 8 times wrong on
6x10's layers of half a million states, and a price by size alone 3 to 6 times wrong on the
pentominoes' many options. What the choice needs is the ratio of the two methods' prices,
which moves less from machine to machine than either; the margins below absorb the rest.

The trials, in order; each one's work is kept for the count that follows:

1. A puzzle whose pieces are used at most once each (6x10, the solid pentominoes, the
   staircase) rarely repeats a state: the memo's states carry the set of pieces used. Its
   search runs first, the real count's parts in this process, for up to
   :data:`~pentomino.tuning.CHOICE_SEARCH_NODES` (2 million nodes): 6x10, the staircase and
   most such puzzles end there, and the count is that (the choice costs nothing). A puzzle
   with copies runs the memo first, for :data:`~pentomino.tuning.CHOICE_MEMO_WORK` units
   (about a millisecond): dominoes on 8x8, L-tetrominoes and squares in 4x12 end there. While
   the memo's price of what is left stays under :data:`~pentomino.tuning.CHOICE_QUICK_NS` (50
   ms), it runs on to the end (dominoes on 14x14, the lozenges in a hexagon of side 6):
   probing the search's tree would cost as much. Then the search runs for up to
   :data:`~pentomino.tuning.CHOICE_SMALL_SEARCH_NODES` (131,072 nodes, about 10 ms): a
   search that ends there is the count (the tetrominoes twice each in 5x8, 99,000 nodes,
   where the memo takes 1.5 times as long).
2. The search's price: Knuth's estimate of its tree (:mod:`pentomino.search.estimate`), with
   :data:`~pentomino.tuning.CHOICE_SAMPLES` plain probes from a fixed seed (3 to 45 ms, within
   a factor 2 of the truth on the panel of ``bench/methods.py``, but 4 times over on the solid
   pentominoes in 2x5x6).
3. The memo's trial goes on, in slices that double, and after each its layers are priced
   (:meth:`MemoTrial.forecast`): a term's layers to come each as costly as the costliest of its
   last few (a *plateau*: the frontier is full and the states stop growing), and, as a second
   figure, growing on as its last layers grew until the frontier spans its full width (the
   memo's option window). The search wins as soon as the plateau's price is more than
   :data:`~pentomino.tuning.CHOICE_GIVE_UP` (1.25) times the search's; the memo wins as soon as
   its terms have *settled* (two windows of layers counted: the two figures agree) at less than
   1 / :data:`~pentomino.tuning.CHOICE_MARGIN` (half) the search's price. Otherwise the trial
   stops once it has cost :data:`~pentomino.tuning.CHOICE_SHARE` (1/8) of the search's price
   (1/64 for the puzzles of step 1, where it is only insurance) or
   :data:`~pentomino.tuning.CHOICE_MOST_NS`, and the cheaper price wins, the memo's taken at
   its growing figure. A trial thrown away thus costs at most an eighth of the search it makes
   way for, by the model, and on the panel far less: Conway's memo is given up at its 12th
   layer of 125 (0.24 s for the whole choice, of a 4 s count).
4. Burnside's terms other than the identity's are priced when the trial reaches them; before
   that, together, as much as the identity's whole count (measured: 0 to 1.2 times), and the
   listing of their options.

A memo that outgrows ``max_memory`` during its trial leaves the search, unless the search
would cost more than twice what the memo was heading for: then the limit is in the way, and
:class:`~pentomino.errors.CountTooLarge` says so (dominoes on 14x14 in 256 KB).

Dead ends. Racing the two methods in turns of equal time chose without a model, but not alike
in every process, and an even race costs twice the faster method's time. Trying first the
method the old rule took tried the memo first for the staircase (no piece must be used, so
none breaks the symmetry) and cost half its 75 ms search; what tells is whether a piece has
copies. Trusting the plateau from the first slice took the memo for Conway's puzzle: 65,536
units reach its 7th layer of 9,000 states, whose plateau prices the whole memo at 0.25 s;
hence the second figure and the rule that the memo wins early only once settled (breaking that
rule is what the tests see). The growing figure alone is no better: for dominoes on 18x18 it
grows the first column's doubling to 2^18 states a layer, where C(18, 9) = 48,620 are met.
Knuth's estimator as :func:`~pentomino.search.estimate.estimate` runs it, with pilot probes to
place its cut, took 0.13 to 0.54 s on the trees of dominoes and of monominoes with dominoes:
more than the memo counts it was to be set against; plain probes need no pilot.

A choice is remembered in the process, by puzzle, mode and memory limit
(:data:`~pentomino.tuning.CHOICES_KEPT`), so that asking which method a count takes, before
or while it runs, chooses once; only the count that ran the trials goes on from their work (a
count after :func:`choose` alone starts its method afresh). The trials report no progress and
compile what they run on first use (:func:`pentomino.search.kernel_cache.before_first_run`).
The prices are those of one core: a count on many cores shares the search's parts among them,
the memo only its terms (not modelled).
"""

from __future__ import annotations

import collections
import itertools
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal, cast

import numpy as np

from pentomino.errors import CountTooLarge
from pentomino.model.options import CountMethod
from pentomino.model.puzzle import Puzzle
from pentomino.model.results import Estimate
from pentomino.search import kernel, kernel_cache, memo
from pentomino.search.kernel import COUNTERS
from pentomino.search.kernel_cache import Compiled
from pentomino.search.memo import FrontierCount
from pentomino.search.parts import PartResult, Tally, remember, run_serial, search_roots
from pentomino.search.solver import Solver
from pentomino.tuning import (
    CHOICE_GIVE_UP,
    CHOICE_MARGIN,
    CHOICE_MEMO_WORK,
    CHOICE_MOST_NS,
    CHOICE_QUICK_NS,
    CHOICE_SAMPLES,
    CHOICE_SEARCH_NODES,
    CHOICE_SHARE,
    CHOICE_SHARE_DISTINCT,
    CHOICE_SMALL_SEARCH_NODES,
    CHOICES_KEPT,
    GENERAL_NS_PER_NODE,
    MEMO_CHUNK,
    MEMO_FAN_SCALE,
    MEMO_NS_PER_PLACEMENT,
    MEMO_NS_PER_UNIT,
    SEARCH_NS_FIXED,
    SEARCH_NS_PER_NODE,
)

Road = Literal["search", "memo"]
Tick = Callable[[int, int], None]
"""Hears the trials as they go: ``tick(found, nodes)`` (see :func:`choose`)."""


# -- the prices ----------------------------------------------------------------------------------
def search_ns(solver: Solver, nodes: float) -> float:
    """What the model says an enumerating count of ``nodes`` nodes costs, in nanoseconds."""
    per_node = SEARCH_NS_PER_NODE if solver.packed.tables.one_word else GENERAL_NS_PER_NODE
    return SEARCH_NS_FIXED + per_node * nodes


def memo_ns_per_unit(table_bytes: float, fan: float = 0.0) -> float:
    """What a unit of the memoised count's work costs with tables of ``table_bytes``, where a
    state tries ``fan`` options on average: a slot in the caches at first, a cache miss once
    the tables outgrow them, and more again once they are so large that growing them (new pages,
    every state moved) and the misses of the address translation add up (in between, in
    proportion to the logarithm of the size); each option a state tries adds a 16th."""
    x = math.log2(max(table_bytes, 1))
    points = [(math.log2(b), ns) for b, ns in MEMO_NS_PER_UNIT]
    base: float = points[-1][1]
    if x <= points[0][0]:
        base = points[0][1]
    else:
        for (x0, y0), (x1, y1) in itertools.pairwise(points):
            if x <= x1:
                base = y0 + (y1 - y0) * (x - x0) / (x1 - x0)
                break
    return base * (1 + fan / MEMO_FAN_SCALE)


def _fan(counter: FrontierCount) -> float:
    """The options a state of this count tries, on average: those whose first cell is its cell."""
    return len(counter.masks) / max(counter.n, 1)


def _table_bytes(states: int, row_words: int) -> int:
    """The bytes of the two tables a layer of ``states`` states needs (3/4 full at most, sizes
    powers of two; a row and its slot's place in the order)."""
    slots = 1 << max(int(states * 4 // 3), 1).bit_length()
    return 2 * slots * (row_words + 1) * 8


# -- the memoised count's trial ------------------------------------------------------------------
class MemoTrial:
    """Burnside's terms of a memoised count, begun one after another (the identity first), each
    going on where the last call left it; what they predict of the whole count.

    ``max_memory`` as in :func:`pentomino.search.memo.fixed_count`; ``tick``, if given, hears
    the trials' nodes after each step of their work (see :func:`choose`)."""

    def __init__(self, solver: Solver, max_memory: int | None = None, tick: Tick | None = None) -> None:
        self.packed = solver.packed
        self.terms = memo.terms_for(self.packed, solver.symmetry)
        self.max_memory = max_memory
        self.tick = tick
        self.counters: dict[int, FrontierCount] = {}
        self.seconds = 0.0
        """Time spent in the trial (for what an estimate shows; the choice never reads a clock)."""

    @property
    def work(self) -> int:
        return sum(c.work for c in self.counters.values())

    @property
    def done(self) -> bool:
        return len(self.counters) == len(self.terms) and all(c.done for c in self.counters.values())

    def advance(self, work: int) -> bool:
        """Count on, term after term, for about ``work`` more units; True once every term is counted."""
        if not self.counters:
            kernel_cache.before_first_run(cast(Compiled, memo._sweep))  # numba's dispatchers are Any
        start = time.perf_counter()
        target = self.work + work
        try:
            for g in self.terms:
                counter = self.counters.get(g)
                if counter is None:
                    counter = self.counters[g] = memo.term_counter(self.packed, g, self.max_memory)
                while not counter.done and self.work < target:
                    counter.step(min(target - self.work, MEMO_CHUNK))
                    if self.tick is not None:  # no solutions yet: ways to reach states are not tilings
                        self.tick(0, sum(c.nodes for c in self.counters.values()))
                if self.work >= target:
                    break
        finally:
            self.seconds += time.perf_counter() - start
        return self.done

    def spent_ns(self) -> float:
        """The model's price of the work done so far."""
        return sum(c.work * memo_ns_per_unit(c.peak_bytes, _fan(c)) for c in self.counters.values())

    def forecast(self) -> Forecast:
        """What the model predicts of the work still to do (see :class:`Forecast`); the terms not
        begun cost, together, as much as the identity's whole count, and each the listing of its
        options."""
        low = high = 0.0
        settled = True
        identity = (0.0, 0.0)
        for g, counter in self.counters.items():
            term = _term_forecast(counter)
            low, high = low + term.low, high + term.high
            settled = settled and term.settled
            if g == self.terms[0]:
                identity = (term.spent + term.low, term.spent + term.high)
        others = len(self.terms) - 1
        unstarted = len(self.terms) - len(self.counters)
        if others:
            share = unstarted / others
            low, high = low + identity[0] * share, high + identity[1] * share
        setup = MEMO_NS_PER_PLACEMENT * len(self.packed.placements) * unstarted  # their options, orbit by orbit
        return Forecast(self.spent_ns(), low + setup, high + setup, settled and bool(self.counters))


@dataclass(frozen=True)
class Forecast:
    """The model's price of a memoised count, in nanoseconds: spent so far, and two predictions of
    what is left: ``low``, every layer to come as costly as the costliest of the last few (a
    plateau), and ``high``, the layers growing on as they grew until the frontier is full. Once
    ``settled`` (every term begun is past two frontiers' worth of layers) the two agree."""

    spent: float
    low: float
    high: float
    settled: bool
    left: float = 0.0
    """The units of work the plateau predicts still to do (of the terms begun)."""


def _term_forecast(counter: FrontierCount) -> Forecast:
    """The :class:`Forecast` of one term's count, from the layers it has done."""
    layer, n, window = counter.layer, counter.n, max(counter.window, 1)
    if counter.done:
        spent = counter.work * memo_ns_per_unit(counter.peak_bytes, _fan(counter))
        return Forecast(spent, 0.0, 0.0, True)
    ends = counter.profile[:layer, 0]
    per_layer = np.diff(ends, prepend=0).astype(np.float64)
    recent = slice(max(layer - window, 0), layer)
    if layer:
        plateau = float(per_layer[recent].max())
        states = int(counter.profile[recent, 1].max())
        partial = counter.work - int(ends[-1])
        back = min(4, layer - 1)
        growth = (per_layer[-1] / max(per_layer[-1 - back], 1.0)) ** (1 / back) if back else 2.0
    else:  # not one layer done: what it has cost so far is the least a layer costs
        plateau, states, partial, growth = float(counter.work), counter.peak_states, counter.work, 2.0
    growth = min(max(growth, 1.0), 2.0)
    first, after = max(plateau - partial, 0.0), n - layer - 1  # the rest of this layer; the layers after it
    low = first + plateau * after
    rising = min(max(min(window, n) - layer, 0), after)  # layers still to grow, by ``growth`` each
    grown = plateau * growth ** rising
    high = low if growth == 1.0 else first + plateau * (growth ** (rising + 1) - growth) / (growth - 1) \
        + grown * (after - rising)
    fan = _fan(counter)
    per_unit = memo_ns_per_unit(max(_table_bytes(states, counter.tables.shape[2]), counter.peak_bytes), fan)
    high_unit = memo_ns_per_unit(_table_bytes(int(min(states * grown / max(plateau, 1.0), 1e15)),
                                              counter.tables.shape[2]), fan)
    return Forecast(counter.work * memo_ns_per_unit(counter.peak_bytes, fan), low * per_unit, high * high_unit,
                    layer >= min(2 * window, n), low)


# -- the search's side ---------------------------------------------------------------------------
def search_tree_nodes(solver: Solver, samples: int = CHOICE_SAMPLES) -> float:
    """The nodes of the counting search, by Knuth's estimator: ``samples`` plain probes (no
    walks below a cut) with the seed 0, so that every process gets the same figure."""
    from pentomino.search import probes  # loaded when first needed: most choices never probe

    kernel_cache.before_first_run(cast(Compiled, probes._probes))
    results, strata = probes.probe(solver.packed, max(samples, 2 * len(solver.packed.first_options)), seed=0)
    value, _, _ = probes.stratified(results[:, : probes.R_COST], strata)
    return float(value[probes.R_NODES])


# -- the choice ----------------------------------------------------------------------------------
@dataclass
class Choice:
    """The method a count takes, why, and what its trials left for the count to go on with."""

    method: Road
    why: str
    """In words, for ``estimate`` and the tests."""
    search_ns: float | None = None
    """The model's price of the whole search (None if not predicted)."""
    memo_ns: float | None = None
    """The model's price of the whole memoised count, as the choice weighed it: its work done and
    the layers to come, at the plateau's price when that decided, else at the growing one (see
    :class:`Forecast`); None if not tried."""
    finished: Road | None = None
    """The method whose trial finished the count (its figures are then exact)."""
    memo_seconds: float | None = None
    """The time the memoised count's trial took, when it finished the count."""
    memo_work: int = 0
    """The units of work the memoised count's trial did (states visited, placements put down)."""
    memo_least: bool = False
    """True if :attr:`memo_ns` is the plateau's price, the least the memoised count costs (its
    layers may grow on): the figure that gave it up."""
    memo_trial: MemoTrial | None = field(default=None, repr=False)
    """The memoised count's trial: Burnside's terms begun (the count goes on with them)."""
    tally: Tally | None = field(default=None, repr=False)
    """The search's trial: parts of the real count, searched (the count goes on with them)."""


_kept: collections.OrderedDict[tuple[str, str, int | None], Choice] = collections.OrderedDict()
_kept_lock = threading.Lock()


def forget() -> None:
    """Forget the choices made so far (for the tests)."""
    with _kept_lock:
        _kept.clear()


def choose(solver: Solver, method: CountMethod = "auto", *, max: int | None = None, outside: bool = False,
           max_memory: int | None = None, tick: Tick | None = None) -> Choice:
    """The method a count of ``solver``'s puzzle takes: ``"memo"`` or ``"search"`` when asked;
    the search for what the memoised count cannot do (stop at ``max``, run its parts
    ``outside`` this process, list, count a puzzle a proof settles); else the cheaper by the
    trials and the model (see the module docstring). A choice made before is remembered.

    ``tick(found, nodes)``, if given, is called between the trials' steps (a few milliseconds
    to a part's second apart) with the solutions the search's trial has found and the nodes the
    trials have put down: what it raises (Ctrl-C, a cancelled task) stops them, and the choice
    is not remembered. It must not ask for this choice: it is not made yet."""
    if method != "auto":
        return Choice(method, "asked for")
    if solver.puzzle.rules:
        return Choice("search", "the memoised count counts every tiling: only the search keeps tiling rules")
    if not solver.counting or max is not None or outside or solver.reason is not None or not solver.packed.cells:
        return Choice("search", "the memoised count counts whole puzzles in this process only")
    key = (solver.puzzle.fingerprint, solver.symmetry, max_memory)
    with _kept_lock:
        kept = _kept.get(key)
        if kept is not None:
            _kept.move_to_end(key)
            return _bare(kept)
    choice = _trials(solver, max_memory, tick)
    with _kept_lock:
        _kept[key] = _bare(choice)
        while len(_kept) > CHOICES_KEPT:
            _kept.popitem(last=False)
    return choice


def _bare(choice: Choice) -> Choice:
    """The choice without its trials' work (which only the count that ran them goes on with)."""
    return Choice(choice.method, choice.why, choice.search_ns, choice.memo_ns, choice.finished, choice.memo_seconds,
                  choice.memo_work, choice.memo_least)


def _trials(solver: Solver, max_memory: int | None, tick: Tick | None) -> Choice:
    """The trials and the model's verdict (see the module docstring)."""
    trial = MemoTrial(solver, max_memory, tick)
    chosen = _verdict(solver, trial)
    chosen.memo_work = trial.work
    return chosen


def _verdict(solver: Solver, trial: MemoTrial) -> Choice:
    tally: Tally | None = None
    searched = 0
    repeats = int(solver.packed.remaining.max(initial=0)) > 1  # a piece with copies: states may repeat
    share = CHOICE_SHARE if repeats else CHOICE_SHARE_DISTINCT
    finished = "its trial finished the count"
    try:
        if not repeats:
            def heard(searching: Tally) -> None:
                solver.set_totals(searching.totals)  # the solutions found so far, in the solver's mode
                if trial.tick is not None:
                    trial.tick(solver.found, solver.nodes)

            def record(result: PartResult) -> None:
                searching.add(result)
                heard(searching)

            tally = searching = search_roots(solver, nodes=CHOICE_SEARCH_NODES, on_root=heard)
            remember(solver)
            run_serial(solver.puzzle, tally, record, nodes=CHOICE_SEARCH_NODES)
            if tally.finished:
                return Choice("search", finished, finished="search", tally=tally)
            searched = tally.totals[0]
            outer = trial.tick
            if outer is not None:  # the memo's trial next: what the search found stays heard
                found = solver.found
                trial.tick = lambda _, nodes: outer(found, searched + nodes)
        elif trial.advance(CHOICE_MEMO_WORK):
            return _memo_finished(trial, None)
        else:  # a memoised count predicted to be quick runs on (while its price stays low)
            while (f := trial.forecast()).high <= CHOICE_QUICK_NS and f.spent <= 2 * CHOICE_QUICK_NS:
                if trial.advance(max(trial.work, CHOICE_MEMO_WORK)):
                    return _memo_finished(trial, None)
            tally = _small_search(solver, CHOICE_SMALL_SEARCH_NODES)
            if tally is not None:
                return Choice("search", finished, finished="search", tally=tally)
        nodes = max(search_tree_nodes(solver), searched)
        search_total = search_ns(solver, nodes)
        search_left = search_total - search_ns(solver, searched) + (SEARCH_NS_FIXED if searched else 0)
        while True:
            f = trial.forecast()
            at_least = f.spent + f.low
            if trial.done:
                return _memo_finished(trial, search_total)
            if trial.counters and f.low > CHOICE_GIVE_UP * search_left:
                return Choice("search", "the memoised count would cost more", search_total, at_least, tally=tally,
                              memo_least=True)
            if f.settled and f.high * CHOICE_MARGIN < search_left:
                return Choice("memo", "the search would cost more than twice as much", search_total, f.spent + f.high,
                              memo_trial=trial, tally=tally)
            allowed = min(share * search_total, CHOICE_MOST_NS) - f.spent  # in ns
            if trial.counters and allowed <= 0:
                road: Road = "memo" if f.high < search_left else "search"
                return Choice(road, "the cheaper by the model", search_total, f.spent + f.high, memo_trial=trial,
                              tally=tally)
            per_unit = max((memo_ns_per_unit(c.peak_bytes, _fan(c)) for c in trial.counters.values()),
                           default=memo_ns_per_unit(0))
            trial.advance(max(min(trial.work, int(allowed / per_unit)), CHOICE_MEMO_WORK))
    except CountTooLarge:
        # The memoised count's tables would outgrow the memory allowed. The search needs none:
        # it is taken unless it would cost far more than the memoised count was heading for, in
        # which case the limit is what stands in the way, and the count says so.
        f = trial.forecast()
        search_total = search_ns(solver, max(search_tree_nodes(solver), searched))
        if search_total > CHOICE_MARGIN * (f.spent + f.high):
            raise
        return Choice("search", "the memoised count needs more memory than allowed", search_total,
                      f.spent + f.low, tally=tally, memo_least=True)


def _small_search(solver: Solver, nodes: int) -> Tally | None:
    """The whole search, as the finished tally of its root parts, if it ends within ``nodes``
    nodes; else None (its work is lost: ``nodes`` is small). ``nodes`` is below a part's budget
    (:data:`~pentomino.tuning.PART_NODES`), so no root part would have split: this is the
    count's own tree of parts, counters and all."""
    totals = [0] * len(COUNTERS)
    for prefix in solver.root_prefixes:
        run = solver.start(prefix)
        status = run.step(max(nodes - totals[0], 1))
        totals = [x + y for x, y in zip(totals, run.summed(), strict=True)]
        if status != kernel.DONE:
            return None
    return Tally([], done=len(solver.root_prefixes), totals=totals)


def _memo_finished(trial: MemoTrial, search_total: float | None) -> Choice:
    return Choice("memo", "its trial finished the count", search_total, trial.spent_ns(), "memo", trial.seconds,
                  memo_trial=trial)


def memo_trial_forecast(solver: Solver, max_memory: int | None = None) -> Choice:
    """The memoised count's price alone (``estimate --method memo``): its trial runs until it
    finishes the count, settles (see :class:`Forecast`) or has cost :data:`CHOICE_MOST_NS`."""
    trial = MemoTrial(solver, max_memory)
    while not trial.advance(max(trial.work, CHOICE_MEMO_WORK)):
        f = trial.forecast()
        if f.settled or f.spent >= CHOICE_MOST_NS:
            return Choice("memo", "asked for", None, f.spent + (f.high if f.settled else f.low),
                          memo_least=not f.settled)
    return _memo_finished(trial, None)


def with_method(estimated: Estimate, puzzle: Puzzle, method: CountMethod) -> Estimate:
    """``estimated`` (the search's figures) with the method a count takes with ``method``, and
    the memoised count's time when it was tried: measured if its trial finished the count, else
    the search's estimated time times the ratio of the two prices the choice weighed (or, with
    the memo alone, its price at this machine's speed a node over the model's)."""
    if method == "search":
        return replace(estimated, method="search")
    solver = Solver(puzzle, "full", counting=True)
    chosen = memo_trial_forecast(solver) if method == "memo" else choose(solver)
    if chosen.finished == "memo":
        seconds = chosen.memo_seconds
    elif chosen.memo_ns is not None and chosen.search_ns:  # as many times the search's time as the prices say
        seconds = estimated.seconds.estimate * chosen.memo_ns / chosen.search_ns
    elif chosen.memo_ns is not None:  # this machine's time a node, over the model's
        per_node = SEARCH_NS_PER_NODE if solver.packed.tables.one_word else GENERAL_NS_PER_NODE
        nodes, took = estimated.nodes.estimate, estimated.seconds.estimate
        scale = took / nodes / per_node if nodes > 0 and took > 0 else 1e-9
        seconds = chosen.memo_ns * scale
    else:
        seconds = None
    return replace(estimated, method=chosen.method, memo_seconds=seconds, memo_exact=chosen.finished == "memo",
                   memo_at_least=chosen.memo_least and chosen.finished != "memo")
