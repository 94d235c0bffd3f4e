"""Proofs that a puzzle has no solution (pentomino.search.proofs): the classic examples are
proved at once, every proof's figures are recounted here independently (with the reference's
placements, tests/naive.py), and on random small puzzles a proof is never given for a puzzle
the reference can tile."""

import itertools

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import naive
import test_reference_grids as grids
import test_search as squares
from conftest import examples
from pentomino import Puzzle
from pentomino.search.proofs import no_solution_proof


def _rectangle(rows: int, cols: int, holes=()) -> str:
    return "\n".join("".join(" " if (r, c) in holes else "." for c in range(cols)) for r in range(rows))


def _puzzle(pieces: str, board: str, copies: str = "") -> Puzzle:
    return Puzzle.from_toml(f'pieces = {pieces}\nboard = """\n{board}\n"""\n{copies}', "test")


def _dark_counts_reachable(puzzle: Puzzle) -> tuple[int, set[int]]:
    """Recounted with the reference's placements: the board's dark cells (checkerboard) and
    every number of dark cells the pieces can cover together (each piece once, as these
    puzzles use each piece once)."""
    board = puzzle.board
    dark = sum((r + c) % 2 == 0 for r, c in board)
    sums = {0}
    for pc in puzzle.pieces:
        assert pc.min == pc.max
        options = {sum((r + c) % 2 == 0 for r, c in cells)
                   for cells in naive.placements(board, pc.piece.cells, puzzle.one_sided)}
        for _ in range(pc.min):
            sums = {s + o for s, o in itertools.product(sums, options)}
    return dark, sums


@pytest.mark.parametrize("name, puzzle", [
    ("the 5 tetrominoes in 4x5", lambda: Puzzle.load("tetrominoes-4x5")),
    ("the 35 hexominoes in 15x14", lambda: _puzzle('"hexominoes"', _rectangle(15, 14))),
    ("31 dominoes on a chessboard without two opposite corners",
     lambda: _puzzle('["I2"]', _rectangle(8, 8, {(0, 0), (7, 7)}), "[copies]\nI2 = 31\n")),
])
def test_the_classic_impossible_puzzles_are_proved_by_the_checkerboard(name, puzzle):
    puzzle = puzzle()
    proof = no_solution_proof(puzzle)
    assert proof is not None and proof.argument == "colouring", name
    dark, reachable = _dark_counts_reachable(puzzle)
    light = puzzle.area - dark
    assert dark not in reachable  # the proof holds, recounted
    assert proof.reason.startswith(f"a checkerboard colouring: the board has {dark} dark + {light} light cells")
    assert proof.reason.endswith("so there is no solution")


def test_regions_that_no_share_of_the_pieces_fills():
    """Two regions of 4 and 5 cells, three straight trominoes (9 cells): each colouring
    balances, but 4 and 5 are not sums of 3."""
    puzzle = _puzzle('["I3"]', "....\n\n.....", "[copies]\nI3 = 3\n")
    proof = no_solution_proof(puzzle)
    assert proof is not None and proof.argument == "regions", proof
    assert "regions of 4, 5 cells" in proof.reason
    assert naive.all_tilings(puzzle.board, [("I3", {(0, 0), (0, 1), (0, 2)}, 3, 3)], False) == []


@pytest.mark.parametrize("name", ["6x10", "8x8", "scott-finish", "one-sided-3x30", "hexiamonds-4x9",
                                  "tetrahexes-4x7", "soma", "solid-pentominoes-2x3x10"])
def test_puzzles_with_solutions_get_no_proof(name):
    assert no_solution_proof(Puzzle.load(name)) is None


@settings(max_examples=examples(100, 20), deadline=None)
@given(st.integers(0, 2**32))
def test_no_proof_for_a_random_square_puzzle_the_reference_tiles(seed):
    puzzle, (board, spec, one_sided, pre) = squares.random_puzzle(seed)
    if no_solution_proof(puzzle) is not None:
        assert naive.all_tilings(board, spec, one_sided, pre) == []


@pytest.mark.parametrize("grid_name", naive.GRID_NAMES)
@settings(max_examples=examples(40, 8), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_proof_on_any_grid_means_the_reference_finds_no_tiling(grid_name, seed):
    puzzle, (board, pieces, one_sided, pre) = grids.random_puzzle(grid_name, seed)
    assume(not isinstance(puzzle, Exception))
    proof = no_solution_proof(puzzle)
    if proof is not None:
        assert naive.all_tilings(board, pieces, one_sided, pre, grid=grid_name, limit=1) == [], proof
