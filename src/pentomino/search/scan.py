"""The kernel's scan order, chosen for each puzzle by the estimated size of its search tree.

The problem. The kernel fills the first empty cell in a scan order of the free cells
(:func:`~pentomino.search.placements.cell_order`): the cells sorted by their coordinates along
the axes in some order, the most significant first. The default, the longest axis first (so
the scan runs along the board's shortest direction first), is the best order of every plane
puzzle measured: the other order of 6x10, 5x12, 4x15, 3x20, hexiamonds in 4x9 and in 6x6 and
one-sided pentominoes in 3x30 has an estimated tree 2 to 1,000 times larger (8x8 is square,
tetrahexes in 4x7 a tie), so a plane puzzle keeps it, untouched. A box has six orders, and no
rule of its sides names the best: solid pentominoes in 2x5x6 take 4.33 M nodes in the default
order and 1.39 M scanning layer by layer (the side of 2 most significant), while on 2x3x10 and
3x4x5 the default is the best order or within 7% of it (the exact nodes of each order:
``bench/scan.py --orders``).

The choice. For a board that extends along three axes or more, each candidate order (a
permutation of the axes; of two orders that a symmetry of the puzzle maps onto each other, the
first alone: the cube has one) is packed and its counting tree's nodes estimated by seeded
probes (:mod:`pentomino.search.probes`, Knuth's estimator, as ``pentomino estimate`` runs it,
with fewer probes). The default is kept unless another order's estimate is under
:data:`~pentomino.tuning.SCAN_MARGIN` times its own: the estimates are good to some 10-20%,
and the default is a good order. The counting tree decides; a listing of the puzzle scans in
the same order.

What it costs. Each candidate is a packing of the puzzle (about 0.1 s on a box of 60 cells
today, most of it finding the placements) and its probes (a few tens of milliseconds), so the
choice is made only when the default's tree is estimated at
:data:`~pentomino.tuning.SCAN_MIN_NODES` nodes or more, a search of seconds; the estimate of
the default is the one cost of a smaller box (the plane and the cube pay nothing), and its
packing is not wasted: the solver that asked takes it (:func:`pack_in_scan_order`). A puzzle
whose states repeat (a piece with copies, or no piece to break the symmetry with), which the
memoised method may well count, keeps the default, whose short frontier that method wants.

The same order everywhere. The order decides the tree of parts, so every process that packs
the puzzle (the pool's workers, a cluster's, a resumed count) must reach the same one: the
choice is a pure function of the puzzle (the probes' seed and number are constants; the
estimates are sums of the kernel's node counts in a fixed order), made once per process and
kept by the puzzle's fingerprint. Anything that changes the choice (the candidates, the
constants, the estimator, the kernel's tree) changes trees of parts: bump
:data:`~pentomino.search.parts.TREE_VERSION`.
"""

from __future__ import annotations

import collections
import itertools
import os
import threading
from dataclasses import dataclass

from pentomino.model.puzzle import Puzzle
from pentomino.model.symmetry import PuzzleSymmetry
from pentomino.search.placements import Axes, cell_order, free_cells, longest_first
from pentomino.search.tables import PackedPuzzle, pack
from pentomino.tuning import SCAN_KEPT, SCAN_MARGIN, SCAN_MIN_NODES, SCAN_PILOT, SCAN_SAMPLES, SCAN_SEED


@dataclass(frozen=True)
class ScanChoice:
    """The scan order of a puzzle and how it was chosen."""

    axes: Axes | None
    """The order: axes, the most significant first; None: the default
    (:func:`~pentomino.search.placements.longest_first`)."""
    estimates: tuple[tuple[Axes, float], ...] = ()
    """The estimated nodes of each order tried, the default first (empty if none was)."""


def candidates(puzzle: Puzzle) -> list[Axes]:
    """The scan orders worth comparing, the default first: every order of the axes along which
    the free cells extend, if there are three or more of them (else the default alone), less
    each that a symmetry of the puzzle maps onto one before it (their searches are the same
    up to the symmetry)."""
    free = free_cells(puzzle)
    if not free:
        return []
    default = longest_first(free)
    spread = [d for d in default if len({c[d] for c in free}) > 1]
    if len(spread) < 3:
        return [default]
    flat = tuple(d for d in default if d not in spread)  # one coordinate: anywhere in the key
    out: list[Axes] = []
    seen: set[tuple[tuple[int, ...], ...]] = set()
    for order in itertools.permutations(spread):
        axes = (*order, *flat)
        cells = cell_order(free, axes)
        if tuple(cells) in seen:
            continue
        out.append(axes)
        seen.update(tuple(g.cell_map[c] for c in cells) for g in puzzle.symmetry_group)
    return out


def tree_size(packed: PackedPuzzle) -> float:
    """The estimated nodes of the counting search of ``packed`` (a puzzle packed with its full
    symmetry group), by :data:`~pentomino.tuning.SCAN_SAMPLES` probes of a fixed seed: the
    same on every run."""
    # Loaded here, when a box's orders are compared: a plane puzzle's start-up is spared them.
    from pentomino.search.probes import R_COST, R_NODES, choose_cut, probe, seed_word, stratified

    rng = seed_word(SCAN_SEED)
    cut = choose_cut(packed, rng, pilot=SCAN_PILOT)
    results, strata = probe(packed, max(SCAN_SAMPLES, 2 * len(packed.first_options)), cut=cut, rng=rng)
    return float(stratified(results[:, :R_COST], strata)[0][R_NODES])


def choose(puzzle: Puzzle, min_nodes: float | None = None) -> tuple[ScanChoice, PackedPuzzle | None]:
    """The scan order of ``puzzle`` (see the module docstring), comparing orders only if the
    default's tree is estimated at ``min_nodes`` (default :data:`~pentomino.tuning.SCAN_MIN_NODES`)
    or more; and the puzzle packed for counting in that order, if the choice packed it."""
    min_nodes = SCAN_MIN_NODES if min_nodes is None else min_nodes
    orders = candidates(puzzle)
    if len(orders) < 2:
        return ScanChoice(None), None
    group = list(puzzle.symmetry_group)
    default = pack(puzzle, group)
    repeats = default.check_all or int(default.remaining.max(initial=0)) > 1
    if default.impossible is not None or repeats:
        return ScanChoice(None), default
    first = tree_size(default)
    estimates = [(orders[0], first)]
    if first < min_nodes:
        return ScanChoice(None, tuple(estimates)), default
    best: tuple[Axes | None, float, PackedPuzzle] = (None, first * SCAN_MARGIN, default)
    for axes in orders[1:]:
        packed = pack(puzzle, group, axes=axes)
        size = tree_size(packed)
        estimates.append((axes, size))
        if size < best[1]:
            best = (axes, size, packed)
    return ScanChoice(best[0], tuple(estimates)), best[2]


# -- once per process ---------------------------------------------------------------------------
_choices: collections.OrderedDict[str, ScanChoice] = collections.OrderedDict()
_spares: dict[str, PackedPuzzle] = {}
"""The puzzle packed for counting in its chosen order, while the choice's packing of it waits
for the solver that asked (a count's): taken once."""
_lock = threading.Lock()  # the web server packs puzzles in threads


def _new_lock_in_child() -> None:
    """A worker forked while another thread held the lock starts with it free."""
    global _lock
    _lock = threading.Lock()


os.register_at_fork(after_in_child=_new_lock_in_child)


def scan_choice(puzzle: Puzzle) -> ScanChoice:
    """The scan order of ``puzzle``, chosen once per process (:func:`choose`)."""
    key = puzzle.fingerprint
    with _lock:
        known = _choices.get(key)
    if known is not None:
        return known
    choice, spare = choose(puzzle)
    with _lock:
        _choices[key] = choice
        while len(_choices) > SCAN_KEPT:
            _choices.popitem(last=False)
        _spares.clear()  # one spare at most: a pack can take megabytes
        if spare is not None:
            _spares[key] = spare
    return choice


def pack_in_scan_order(puzzle: Puzzle, group: list[PuzzleSymmetry], *, random: bool = False,
                       seed: int | None = None) -> PackedPuzzle:
    """:func:`~pentomino.search.tables.pack` in the scan order of ``puzzle`` (:func:`scan_choice`):
    how a solver packs a puzzle."""
    choice = scan_choice(puzzle)
    full = puzzle.symmetry_group
    if not random and len(group) == len(full) and all(g is h for g, h in zip(group, full, strict=True)):
        with _lock:
            spare = _spares.pop(puzzle.fingerprint, None)
        if spare is not None:
            return spare
    return pack(puzzle, group, random=random, seed=seed, axes=choice.axes)
