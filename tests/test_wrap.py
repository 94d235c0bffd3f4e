"""Boards that wrap: tubes, tori and Moebius strips, against the slow reference (tests/naive.py).

Every count is compared in the three symmetry modes with the reference's brute force (its
placements put every orientation at every point twice round, its symmetries every signed
permutation and shift that keeps the board and which cells touch), and every tiling listed is
compared, as a set, with the reference's.
"""

from __future__ import annotations

import pytest

import naive
from conftest import as_tiling
from pentomino import Puzzle, PuzzleError
from pentomino.geometry import SQUARE, TRIANGLE
from pentomino.geometry.wrap import Wrap


def wrapped(rows: int, cols: int, wrap: str, pieces: str, copies: str = "", holes: tuple = (),
            one_sided: bool = False) -> Puzzle:
    drawing = "\n".join("".join("#" if (r, c) in holes else "." for c in range(cols)) for r in range(rows))
    sided = f"one_sided = {'true' if one_sided else 'false'}\n"
    return Puzzle.from_toml(f'pieces = {pieces}\n{sided}wrap = "{wrap}"\nboard = """\n{drawing}\n"""\n{copies}')


def reference(puzzle: Puzzle, rows: int, cols: int, holes: tuple = ()) -> dict[str, int]:
    pieces = [(pc.piece.name, sorted(pc.piece.cells), pc.min, pc.max) for pc in puzzle.pieces]
    assert puzzle.wrap is not None
    return naive.wrap_counts(rows, cols, puzzle.wrap, pieces, puzzle.one_sided, holes)


DOMINOES = ('["I2"]', '[copies]\nI2 = "any"\n')
TROMINOES = ('["I3", "L3"]', '[copies]\nI3 = "any"\nL3 = "any"\n')
MIXED = ('["I2", "L3", "I3"]', '[copies]\nI2 = [0, 3]\nL3 = "any"\nI3 = [0, 2]\n')
TETROMINOES = ('"tetrominoes"', "")

CASES = [
    (2, 4, "columns", DOMINOES, ()),
    (3, 4, "columns", DOMINOES, ()),
    (4, 4, "both", DOMINOES, ()),
    (4, 4, "columns", DOMINOES, ()),
    (3, 4, "rows", DOMINOES, ()),
    (2, 6, "moebius", DOMINOES, ()),
    (3, 4, "moebius", DOMINOES, ()),
    (3, 6, "both", TROMINOES, ()),
    (3, 4, "moebius", TROMINOES, ()),
    (2, 6, "columns", TROMINOES, ()),
    (4, 5, "columns", TETROMINOES, ()),
    (5, 4, "columns", TETROMINOES, ()),
    (4, 5, "both", TETROMINOES, ()),
    (4, 5, "moebius", TETROMINOES, ()),
    (4, 4, "both", MIXED, ((0, 0),)),
    (3, 5, "columns", MIXED, ((1, 2),)),
    (4, 6, "moebius", DOMINOES, ((0, 0), (3, 5))),
]


@pytest.mark.parametrize(("rows", "cols", "wrap", "pieces", "holes"), CASES,
                         ids=[f"{r}x{c}-{w}-{p[0]}-{len(h)}holes" for r, c, w, p, h in CASES])
def test_counts_agree_with_the_reference_in_every_mode(rows, cols, wrap, pieces, holes):
    puzzle = wrapped(rows, cols, wrap, *pieces, holes=holes)
    want = reference(puzzle, rows, cols, holes)
    assert puzzle.symmetry_group_order("full") == want["group_order"]
    for mode in ("none", "full", "rotations"):
        assert puzzle.count(symmetry=mode) == want[mode], mode
        assert puzzle.count_detail(symmetry=mode, method="memo").count == want[mode], mode
    if want["none"] <= 2000:
        tilings = {as_tiling(s) for s in puzzle.solutions(symmetry="none")}
        pieces_spec = [(pc.piece.name, sorted(pc.piece.cells), pc.min, pc.max) for pc in puzzle.pieces]
        assert tilings == set(naive.wrap_tilings(rows, cols, wrap, pieces_spec, False, holes))


def test_one_sided_pieces_on_a_tube_agree_with_the_reference():
    puzzle = wrapped(4, 5, "columns", '"tetrominoes"', '[copies]\n"L4" = 2\n"T4" = 0\n', one_sided=True)
    pieces = [(pc.piece.name, sorted(pc.piece.cells), pc.min, pc.max) for pc in puzzle.pieces]
    want = naive.wrap_counts(4, 5, "columns", pieces, True)
    assert puzzle.count(symmetry="none") == want["none"]


def test_the_12_pentominoes_on_the_3x20_tube():
    """Every tiling of the 3 x 20 tube cuts it somewhere into a 3 x 20 rectangle, so its
    tilings are the rectangle's 2 solutions (8 tilings) turned round the tube: 8 x 20 = 160,
    which the tube's 80 symmetries (20 turns, the mirror, the end-for-end flip) make 2."""
    puzzle = wrapped(3, 20, "columns", '"pentominoes"')
    assert puzzle.symmetry_group_order("full") == 80
    assert puzzle.count(symmetry="none") == 160
    assert puzzle.count() == 2


def test_the_5_tetrominoes_on_the_tube_5_round_and_4_high():
    """Polyform Puzzler (puzzler.sourceforge.net, puzzles/tetrominoes.py, Tetrominoes5x4Tube:
    width 5, height 4, "Short sides joined, forming a loop/tube"): 7 solutions, up to the
    tube's turns and reflections. Four rows of five glued left to right here; the same board
    with an even circumference (4 round) has none, as a checkerboard says."""
    tube = wrapped(4, 5, "columns", '"tetrominoes"')
    assert tube.count() == 7
    assert tube.symmetry_group_order("full") == 20
    assert wrapped(5, 4, "columns", '"tetrominoes"').count() == 0


def test_a_piece_longer_than_the_circumference_does_not_go_round():
    """An I5 cannot lie round a tube 4 cells round (it would cover a cell twice): on a 5 x 4
    tube it stands only upright; placements on the same cells are one."""
    puzzle = wrapped(5, 4, "columns", '["I"]', '[copies]\nI = "any"\n')
    assert puzzle.count(symmetry="none") == 1
    ring = wrapped(2, 2, "columns", '["I2"]', '[copies]\nI2 = "any"\n')
    # a 2-round tube: each row's two cells touch once (not twice), so 2 + 1 tilings
    dominoes = [("I2", [(0, 0), (0, 1)], 0, None)]
    assert ring.count(symmetry="none") == naive.wrap_counts(2, 2, "columns", dominoes)["none"]


def test_the_file_says_how_the_board_wraps():
    puzzle = wrapped(3, 20, "columns", '"pentominoes"')
    assert 'wrap = "columns"' in puzzle.to_toml()
    assert Puzzle.from_toml(puzzle.to_toml()) == puzzle
    assert puzzle.fingerprint != Puzzle.builtin("3x20").fingerprint


@pytest.mark.parametrize(("text", "message"), [
    ('wrap = "tube"', "'wrap' must be 'columns', 'rows', 'both' or 'moebius', not \"tube\""),
    ('wrap = true', "'wrap' must be"),
])
def test_a_bad_wrap_is_one_line_at_its_line(text, message):
    with pytest.raises(PuzzleError, match="puzzle.toml:2: " + message.replace("(", r"\(").replace(")", r"\)")):
        Puzzle.from_toml(f'pieces = ["I2"]\n{text}\nboard = """\n..\n"""\n', "puzzle.toml")


def test_a_moebius_strip_needs_pieces_that_turn_over():
    with pytest.raises(PuzzleError, match="a Moebius strip turns over a piece carried round it"):
        wrapped(4, 5, "moebius", '"tetrominoes"', one_sided=True)


def test_triangles_wrap_only_an_even_number_of_columns():
    Wrap.of("columns", TRIANGLE, {(0, c) for c in range(6)})
    with pytest.raises(PuzzleError, match="give the board an even number of columns"):
        Wrap.of("columns", TRIANGLE, {(0, c) for c in range(5)})
    Wrap.of("moebius", SQUARE, {(r, c) for r in range(3) for c in range(5)})


# -- triangles and hexagons: every tiling against the reference's -----------------------------
def grid_board(grid: str, rows: int, cols: int, wrap: str, pieces: str, copies: str) -> Puzzle:
    """A board of ``grid`` drawn as ``rows`` lines of ``cols`` columns (hexagons: a cell where
    r + c is even, blanks between)."""
    def char(r: int, c: int) -> str:
        return "." if grid != "hexagon" or (r + c) % 2 == 0 else " "
    drawing = "\n".join("".join(char(r, c) for c in range(cols)) for r in range(rows))
    return Puzzle.from_toml(f'grid = "{grid}"\npieces = {pieces}\nwrap = "{wrap}"\n'
                            f'board = """\n{drawing}\n"""\n{copies}')


OTHER_GRIDS = [
    ("triangle", 2, 6, "columns", '["T2", "T3"]', '[copies]\nT2 = "any"\nT3 = "any"\n'),
    ("triangle", 2, 4, "both", '["T2"]', '[copies]\nT2 = "any"\n'),
    ("triangle", 4, 4, "rows", '"tetriamonds"', '[copies]\nT4a = [0, 2]\nT4b = [0, 2]\nT4c = [0, 2]\n'),
    ("triangle", 2, 6, "moebius", '["T2"]', '[copies]\nT2 = "any"\n'),
    ("hexagon", 2, 6, "columns", '["X2"]', '[copies]\nX2 = "any"\n'),
    ("hexagon", 4, 6, "both", '["X2", "X3a", "X3b", "X3c"]',
     '[copies]\nX2 = "any"\nX3a = [0, 1]\nX3b = [0, 1]\nX3c = [0, 1]\n'),
    ("hexagon", 3, 8, "columns", '"trihexes"', '[copies]\nX3a = "any"\nX3b = "any"\nX3c = "any"\n'),
]


@pytest.mark.parametrize(("grid", "rows", "cols", "wrap", "pieces", "copies"), OTHER_GRIDS,
                         ids=[f"{g}-{r}x{c}-{w}" for g, r, c, w, _, _ in OTHER_GRIDS])
def test_triangles_and_hexagons_wrap_as_the_reference_says(grid, rows, cols, wrap, pieces, copies):
    puzzle = grid_board(grid, rows, cols, wrap, pieces, copies)
    spec = [(pc.piece.name, sorted(pc.piece.cells), pc.min, pc.max) for pc in puzzle.pieces]
    want = set(naive.wrap_tilings(rows, cols, wrap, spec, False, grid=grid))
    assert want, "a case with no tiling tests little"
    assert {as_tiling(s) for s in puzzle.solutions(symmetry="none")} == want
    assert puzzle.count_detail(symmetry="none", method="memo").count == len(want)


# -- the rest of the tool on a wrapped board ------------------------------------------------------
def test_processes_checkpoints_and_estimates_take_a_wrapped_board(tmp_path):
    """The search sees cells and which touch: two processes, a checkpointed count (resumed
    from its file, the fingerprint naming the wrap) and an estimate all work on a torus."""
    torus = wrapped(4, 5, "both", '"tetrominoes"')
    assert torus.count_detail("none", jobs=2, method="search").count == 640
    path = tmp_path / "run.db"
    assert torus.count_detail("full", checkpoint=path).count == 8
    assert torus.count_detail("full", checkpoint=path).count == 8  # the finished file, read back
    estimate = torus.estimate(samples=200, seed=1)
    assert estimate.full.low <= 8 <= estimate.full.high
    assert torus.check().solvable


def test_a_board_too_large_to_wrap_is_one_line():
    rows = "." * 32 + "\n"
    with pytest.raises(PuzzleError, match=r"puzzle.toml:2: a board that wraps may span at most 1,024 cells"):
        Puzzle.from_toml(f'pieces = ["I2"]\nwrap = "both"\nboard = """\n{rows * 33}"""\n[copies]\nI2 = "any"\n',
                         "puzzle.toml")
    assert wrapped(32, 32, "both", '["I2"]', '[copies]\nI2 = "any"\n').symmetry_group_order() == 8 * 32 * 32
