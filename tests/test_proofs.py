"""Proofs that a puzzle has no solution (pentomino.search.proofs): the classic examples are
proved at once, every proof's figures are recounted here independently (with the reference's
placements, tests/naive.py), and on random small puzzles a proof is never given for a puzzle
the reference can tile."""

import dataclasses
import itertools

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import naive
import test_reference_grids as grids
import test_search as squares
from conftest import examples
from pentomino import Placement, Puzzle
from pentomino.search.proofs import cell_words, no_solution_proof
from pentomino.search.solver import Solver


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
    assert proof is not None and proof.argument == "coloring", name
    dark, reachable = _dark_counts_reachable(puzzle)
    light = puzzle.area - dark
    assert dark not in reachable  # the proof holds, recounted
    assert proof.reason.startswith(f"a checkerboard coloring: the board has {dark} dark + {light} light cells")
    assert proof.reason.endswith("no choice for each piece adds up to the board's counts")


def test_regions_that_no_share_of_the_pieces_fills():
    """Two regions of 4 and 5 cells, three straight trominoes (9 cells): each coloring
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
    proof = no_solution_proof(puzzle)
    if proof is not None:
        assert naive.all_tilings(board, pieces, one_sided, pre, grid=grid_name, limit=1) == [], proof


# -- area and placements: the quickest arguments, also found by the packer for every search ------
def test_area_mismatch_is_proved_and_counts_zero():
    full = Puzzle.load("6x10")
    puzzle = dataclasses.replace(full, board=full.board - {(0, 0)})
    area, pieces = len(puzzle.board), sum(pc.min * pc.piece.size for pc in puzzle.pieces)
    assert (area, pieces) == (59, 60)  # recounted
    proof = no_solution_proof(puzzle)
    assert proof is not None and proof.argument == "area"
    assert proof.reason == "area mismatch: the board has 59 cells but the pieces cover 60"
    result = puzzle.count_detail()
    assert (result.count, result.reason, result.nodes) == (0, proof.reason, 0)
    assert list(puzzle.solutions()) == [] and puzzle.solve() is None


def test_a_piece_that_fits_nowhere_is_proved():
    puzzle = Puzzle.from_toml('board = """\n...\n...\n...\n"""\n[shapes]\nBar = "####"\nP5 = """\n##\n###\n"""\n')
    bar = puzzle.piece("Bar")
    assert not list(naive.placements(puzzle.board, bar.cells, False))  # recounted: no room for it
    proof = no_solution_proof(puzzle)
    assert proof is not None and proof.argument == "fits-nowhere" and proof.reason.startswith("piece Bar fits nowhere")
    assert puzzle.count_detail().reason == proof.reason


def test_a_cell_no_piece_covers_is_named_as_a_person_counts():
    puzzle = _puzzle('["I3"]', "....\n ..", "[copies]\nI3 = 2\n")
    covered = set().union(*naive.placements(puzzle.board, puzzle.piece("I3").cells, False))
    assert sorted(puzzle.board - covered) == [(1, 1), (1, 2)]  # recounted
    proof = no_solution_proof(puzzle)
    assert proof is not None and proof.argument == "uncovered-cell"
    assert proof.reason.startswith("the cell at row 2, column 2 can no longer be covered")
    assert cell_words((0, 4, 2)) == "layer 1, row 5, column 3"


def test_a_position_that_cuts_off_a_corner_has_no_way_to_finish():
    # L along the top and I down the side leave the corner cell alone
    puzzle = Puzzle.load("6x10")
    position = dataclasses.replace(puzzle, preplaced=(
        Placement.of("L", [(0, 1), (0, 2), (0, 3), (0, 4), (1, 4)]),
        Placement.of("I", [(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)])))
    proof = position.no_solution_proof()
    assert proof is not None and proof.reason.startswith("the cell at row 1, column 1 can no longer be covered")
    assert position.count() == 0 and position.count_detail().reason == proof.reason


def test_the_packer_proves_what_only_its_gap_test_sees():
    # X fits a 3x3 box only in the middle, which leaves four single corners the O4 cannot fill
    puzzle = _puzzle('["X", "O4"]', _rectangle(3, 3))
    result = puzzle.count_detail()
    assert (result.count, result.nodes) == (0, 0) and result.reason.startswith("piece X fits nowhere")
    assert Solver(puzzle).placements == []
    assert naive.all_tilings(puzzle.board,
                             [("X", puzzle.piece("X").cells, 1, 1), ("O4", puzzle.piece("O4").cells, 1, 1)],
                             False, []) == []


@pytest.mark.parametrize("name, solvable, unique, solutions", [
    ("tetrominoes-4x5", False, False, 0), ("scott-finish", True, True, 1), ("3x20", True, False, 2)])
def test_check(name, solvable, unique, solutions):
    result = Puzzle.load(name).check()
    assert (result.solvable, result.unique, result.solutions) == (solvable, unique, solutions)
    assert (result.reason is None) == solvable
    data = result.to_json()
    assert {k: data[k] for k in ("solvable", "unique", "solutions")} == {
        "solvable": solvable, "unique": unique, "solutions": solutions}


def test_check_counts_when_asked_and_names_the_tree_of_a_unique_puzzle():
    assert Puzzle.load("4x15").check(count=True).solutions == 368
    unique = Puzzle.load("scott-finish").check()
    assert unique.complete and unique.nodes == Puzzle.load("scott-finish").count_detail(method="search").nodes


def test_check_says_when_only_the_whole_search_finds_no_tiling():
    # 4x4 with an S4, an O4 and two I4: no quick argument applies, and there is no tiling
    puzzle = _puzzle('["S4", "O4", "I4"]', _rectangle(4, 4), "[copies]\nI4 = 2\n")
    assert no_solution_proof(puzzle) is None
    spec = [(pc.piece.name, pc.piece.cells, pc.min, pc.max) for pc in puzzle.pieces]
    assert naive.all_tilings(puzzle.board, spec, False, []) == []
    result = puzzle.check()
    assert not result.solvable and result.argument == "search" and "finds no tiling" in result.reason


@pytest.mark.parametrize("grid_name", naive.GRID_NAMES)
@settings(max_examples=examples(25, 5), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_check_agrees_with_the_reference_on_any_grid(grid_name, seed):
    puzzle, (board, pieces, one_sided, pre) = grids.random_puzzle(grid_name, seed)
    try:
        tilings = naive.all_tilings(board, pieces, one_sided, pre, grid=grid_name, limit=grids.MOST_TILINGS)
    except naive.TooManyTilings:
        assume(False)
    full = naive.counts(board, pieces, one_sided, pre, grid=grid_name, tilings=tilings)["full"]
    result = puzzle.check(count=True)
    assert (result.solvable, result.solutions, result.unique, result.complete) == (full > 0, full, full == 1, True)
    assert (result.reason is None) == result.solvable
    first = puzzle.check()  # stopping at the second solution
    assert (first.solvable, first.unique, first.solutions) == (full > 0, full == 1, min(full, 2))
