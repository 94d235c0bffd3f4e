"""The kernel's one-word window loop on boards of more than 64 cells, and its lone-cell test.

The window loop sees the board through 64 cells from the branching cell; these tests check it
against the general loop (the board as an array of words, a flood-fill pocket test) and the slow
reference, where the window's edges matter: boards of 72 to 120 cells, a run of more than 64
full cells, a solution found with the window full. They also check the lone-cell test is on
(it prunes) on every grid and on boards with holes, where steps other than the four the test
knows occur.
"""

import pytest

import naive
from checker import check_solution
from conftest import as_tiling, slow
from pentomino import Piece, PieceCount, Puzzle
from pentomino.model.symmetry import orbit
from pentomino.search import runner
from pentomino.search.solver import Solver


def _general(solver: Solver) -> Solver:
    """The same solver made to run the general loop (the board as an array of words)."""
    solver.packed.__dict__["tables"] = solver.packed.tables._replace(one_word=False)
    return solver


def _without_lone_test(solver: Solver) -> Solver:
    """The same solver with the lone-cell test off (as if a piece of one cell existed)."""
    tables = solver.packed.tables
    fillable = tables.fillable.copy()
    fillable[1] = True
    solver.packed.__dict__["tables"] = tables._replace(fillable=fillable)
    return solver


def _orbits(solver: Solver) -> list:
    """The orbits of the solutions listed, one a solution: the loops may list different members
    of an orbit (the one-word loop puts a second piece only on the first of its orbit)."""
    group = solver.puzzle.symmetry_group
    return sorted(sorted(min(sorted(t) for t in orbit(group, s.placements))) for s in solver.solutions())


@pytest.mark.parametrize("name", ["hexiamonds-4x9", "tetrahexes-4x7", "8x8", "scott-finish",
                                  slow("one-sided-3x30"), slow("solid-pentominoes-2x3x10")])
def test_the_window_loop_runs_and_agrees_with_the_general_loop(name):
    puzzle = Puzzle.load(name)
    fast = Solver(puzzle, "full", counting=True)
    assert fast.packed.tables.one_word
    slow = _general(Solver(puzzle, "full", counting=True))
    assert runner.count(fast).by_mode == runner.count(slow).by_mode
    assert _orbits(Solver(puzzle, "full")) == _orbits(_general(Solver(puzzle, "full")))


@pytest.mark.parametrize("name", ["6x10", "8x8", "scott-finish", "hexiamonds-4x9", "tetrahexes-4x7",
                                  "one-sided-3x30", slow("solid-pentominoes-2x3x10")])
def test_the_lone_cell_test_is_on_and_prunes(name):
    """Every grid, boards with holes (8x8) and with pieces placed in advance (scott-finish):
    the test knows the board's main steps and cuts the tree; the counts do not change."""
    puzzle = Puzzle.load(name)
    on = Solver(puzzle, "full", counting=True)
    assert (on.packed.tables.lone_step > 0).sum() >= 2
    off = _without_lone_test(Solver(puzzle, "full", counting=True))
    with_test, without = runner.count(on), runner.count(off)
    assert with_test.by_mode == without.by_mode
    assert with_test.nodes < without.nodes


def _bars_board():
    """A 2x40 board: two 1x32 bars and two 2x4 blocks, K and L. In the tiling with the bars at
    the left and K beside them, 72 cells in a row are full after the second bar (K is put down
    first, at the root), so the window loop must look past its window for the next empty cell."""
    board = frozenset((r, c) for r in range(2) for c in range(40))
    bar = frozenset((0, c) for c in range(32))
    block = frozenset((r, c) for r in range(2) for c in range(4))
    pieces = (PieceCount(Piece("B", bar), 2, 2), PieceCount(Piece("K", block), 1, 1),
              PieceCount(Piece("L", block), 1, 1))
    spec = [("B", bar, 2, 2), ("K", block, 1, 1), ("L", block, 1, 1)]
    return Puzzle(board, pieces, (), False, "bars"), board, spec


def test_a_run_of_more_than_64_full_cells_against_the_reference():
    puzzle, board, spec = _bars_board()
    assert Solver(puzzle, "full").packed.tables.one_word
    expected = naive.counts(board, spec, False)
    want = {k: expected[k] for k in ("full", "rotations", "none")}
    assert want["none"] == 6  # bars at columns 0, 4 or 8 of both rows, the blocks either way
    assert runner.count(Solver(puzzle, counting=True)).by_mode == want
    assert runner.count(_general(Solver(puzzle, counting=True))).by_mode == want
    listed = [as_tiling(s) for s in puzzle.solutions(symmetry="none")]
    assert set(listed) == set(naive.all_tilings(board, spec, False)) and len(listed) == len(set(listed))
    for s in listed:
        check_solution(board, spec, False, [], [(n, sorted(c)) for n, c in s])
    # The case in the docstring is among them: block at columns 32-35, bars at 0-31.
    assert any(("K", frozenset((r, c) for r in range(2) for c in range(32, 36))) in s
               and ("B", frozenset((0, c) for c in range(32))) in s for s in listed)


def test_pieces_spanning_64_cells_or_more_take_the_general_loop():
    """A 3x30 board scanned by columns: a bar of 24 reaches 3 * 23 = 69 cells past its first
    (and leaves an even number of cells for the dominoes)."""
    board = frozenset((r, c) for r in range(3) for c in range(30))
    bar = frozenset((0, c) for c in range(24))
    pieces = (PieceCount(Piece("B", bar), 0, 1), PieceCount(Piece("D", frozenset({(0, 0), (0, 1)})), 0, None))
    puzzle = Puzzle(board, pieces, (), False, "long")
    solver = Solver(puzzle, "full")
    assert max(cs[-1] - cs[0] for _, cs in solver.packed.placements) == 69
    assert not solver.packed.tables.one_word
