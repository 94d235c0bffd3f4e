"""The scan order (:mod:`pentomino.search.scan`): which orders are compared, that every process
chooses the same one, that a far better order is taken and a search too small is left alone,
and that every order counts and lists the same solutions as the reference."""

from __future__ import annotations

import collections
import itertools
import subprocess
import sys

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import naive
from conftest import as_tiling, examples
from pentomino.model.puzzle import Puzzle
from pentomino.search import probes, runner, scan
from pentomino.search.placements import cell_order, free_cells
from pentomino.search.solver import Solver
from pentomino.search.tables import pack
from test_reference_grids import MODES, MOST_TILINGS, library_counts, random_puzzle

BOX = "solid-pentominoes-2x5x6"
FLAT = 'grid = "cube"\npieces = "solid-pentominoes"\nboard = ["""\n' + "\n".join(["......"] * 10) + '\n"""]\n'


@pytest.fixture
def fresh(monkeypatch):
    """No order chosen in this process before the test, and none kept after it."""
    monkeypatch.setattr(scan, "_choices", collections.OrderedDict())
    monkeypatch.setattr(scan, "_spares", {})


def test_the_orders_compared():
    """A box's six orders, the default first; one order for the plane, for a one-layer board of
    cubes and for the cube (a symmetry maps each of its orders onto the others)."""
    box = scan.candidates(Puzzle.load(BOX))
    assert box[0] == (2, 1, 0) and sorted(box) == sorted(itertools.permutations(range(3)))
    assert scan.candidates(Puzzle.load("6x10")) == [(1, 0)]
    assert scan.candidates(Puzzle.from_toml(FLAT)) == [(1, 2, 0)]
    assert scan.candidates(Puzzle.load("soma")) == [(0, 1, 2)]
    for name in ("6x10", "soma", "slothouber-graatsma"):
        assert scan.choose(Puzzle.load(name)) == (scan.ScanChoice(None), None), name


def test_the_choice_is_the_same_in_every_process():
    """The choice, estimates and all, again in this process and in a new one (as a spawned
    worker or a resumed count would make it)."""
    first, _ = scan.choose(Puzzle.load(BOX), min_nodes=0)
    assert first.axes is not None and len(first.estimates) == 6
    assert scan.choose(Puzzle.load(BOX), min_nodes=0)[0] == first
    code = ("from pentomino import Puzzle; from pentomino.search import scan; "
            f"print(repr(scan.choose(Puzzle.load({BOX!r}), min_nodes=0)[0]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300)
    assert out.stdout.strip() == repr(first)


def test_the_far_better_order_is_chosen():
    """On the 2x5x6 box, layer by layer is three times better than the default (exact nodes,
    by walking each order's tree): the choice takes an order with under half the default's
    nodes, and packs the puzzle in it."""
    puzzle = Puzzle.load(BOX)
    choice, packed = scan.choose(puzzle, min_nodes=0)
    assert choice.axes is not None and packed is not None
    assert packed.cells == cell_order(free_cells(puzzle), choice.axes)
    group = list(puzzle.symmetry_group)
    default = probes.tree_counts(pack(puzzle, group), cut=2)["nodes"]
    chosen = probes.tree_counts(packed, cut=2)["nodes"]
    assert default == 3_659_953 and chosen < default / 2, (choice, chosen)


def test_a_small_search_keeps_the_default_order(fresh, monkeypatch):
    """Below SCAN_MIN_NODES only the default is estimated, and a counting solver takes the
    choice's packing of it instead of packing the puzzle again."""
    packs = []
    monkeypatch.setattr(scan, "pack", lambda *args, **kw: packs.append(kw.get("axes")) or pack(*args, **kw))
    puzzle = Puzzle.load(BOX)
    solver = Solver(puzzle, counting=True)
    choice = scan.scan_choice(puzzle)
    assert choice.axes is None and [axes for axes, _ in choice.estimates] == [(2, 1, 0)]
    assert 0 < choice.estimates[0][1] < scan.SCAN_MIN_NODES
    assert packs == [None] and solver.packed.cells == cell_order(free_cells(puzzle))
    Solver(puzzle, "none")  # another group: packed again, in the same order
    assert packs == [None, None]


def test_a_count_in_the_chosen_order_is_the_same(fresh, monkeypatch):
    """With the choice made (its threshold at 0), the count of the 2x5x6 box is the published
    one, in fewer nodes, the same on one process and on two."""
    monkeypatch.setattr(scan, "SCAN_MIN_NODES", 0)
    puzzle = Puzzle.load(BOX)
    solver = Solver(puzzle, counting=True)
    axes = scan.scan_choice(puzzle).axes
    assert axes is not None and solver.packed.cells == cell_order(free_cells(puzzle), axes)
    serial = runner.count(solver, jobs=1)
    assert serial.by_mode == {"full": 264, "rotations": 528, "none": 2112}
    assert serial.nodes < 3_659_953 / 2
    pooled = runner.count(Solver(puzzle, counting=True), jobs=2)
    assert (pooled.by_mode, pooled.nodes) == (serial.by_mode, serial.nodes)


@settings(max_examples=examples(8, 3), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_order_counts_and_lists_as_the_reference(seed):
    """Random small puzzles of cubes, searched in each of the six orders (forced): the counts of
    every route and the tilings listed are the reference's."""
    puzzle, (board, pieces, one_sided, pre) = random_puzzle("cube", seed)
    try:
        tilings = naive.all_tilings(board, pieces, one_sided, pre, grid="cube", limit=MOST_TILINGS)
    except naive.TooManyTilings:
        assume(False)
    expected = naive.counts(board, pieces, one_sided, pre, grid="cube", tilings=tilings)
    want = {mode: expected[mode] for mode in MODES}
    for axes in itertools.permutations(range(3)):
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(scan, "_choices", collections.OrderedDict())
            mp.setattr(scan, "_spares", {})
            mp.setattr(scan, "choose", lambda puzzle, min_nodes=None, axes=axes: (scan.ScanChoice(axes), None))
            assert Solver(puzzle).packed.cells == cell_order(free_cells(puzzle), axes)
            for route, got in library_counts(puzzle).items():
                assert got == want, (axes, route)
            assert {as_tiling(s) for s in puzzle.solutions(symmetry="none")} == set(tilings), axes
