"""The fast solver against the slow reference on every grid (tests/naive.py), and the
reference and the verifier (tests/checker.py) against facts known by hand or published.

Random small puzzles on the square, triangle, hexagon, cube and sphere grids are built through the
public API; in each symmetry mode the counts of both counting methods, the group orders and the
listed solutions must equal the reference's, and every listed solution passes the verifier.
(tests/test_search.py does the same on squares with more examples, and tests/test_reference.py
checks the reference and the verifier on squares by hand.)
"""

import random
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import checker
import naive
from conftest import as_tiling, examples, known_entries, random_tiling, slow
from pentomino import Piece, PieceCount, Placement, Puzzle
from pentomino.geometry import GRIDS
from pentomino.model.piecesets import free_polyforms
from pentomino.search import runner
from pentomino.search.solver import Solver

MODES = ("full", "rotations", "none")


# -- boards --------------------------------------------------------------------------------------
def triangle_hexagon(n):
    """The regular hexagon of side n made of 6 n^2 triangles, centred on a corner: the triangles
    whose corners all satisfy |Y| <= n, |X + Y| <= 2n, |X - Y| <= 2n (module naive's points)."""
    return frozenset((r, c) for r in range(-n - 1, n + 2) for c in range(-3 * n - 3, 3 * n + 4)
                     if all(abs(y) <= n and abs(x + y) <= 2 * n and abs(x - y) <= 2 * n
                            for x, y in naive.body((r, c), grid="triangle")))


def triangle_triangle(n):
    """The triangle of side n: row r holds the 2r + 1 triangles (r, -r) .. (r, r)."""
    return frozenset((r, c) for r in range(n) for c in range(-r, r + 1))


def triangle_rhombus(rows, width):
    """A rhombus like the hexiamonds' 6x6: row r holds 2 * width triangles from (r, -r)."""
    return frozenset((r, c) for r in range(rows) for c in range(-r, -r + 2 * width))


def hexagon_hexagon(n):
    """The hexagon of 3n(n + 1) + 1 hexagons around (0, 0)."""
    return frozenset((r, c) for r in range(-n, n + 1) for c in range(-2 * n, 2 * n + 1)
                     if (r + c) % 2 == 0 and abs(c + r) <= 2 * n and abs(c - r) <= 2 * n)


def hexagon_rhombus(rows, width):
    """Rows of ``width`` hexagons, each row half a cell further right (like tetrahexes-4x7)."""
    return frozenset((r, r + 2 * j) for r in range(rows) for j in range(width))


def hexagon_triangle(n):
    """The triangle of n (n + 1) / 2 hexagons: rows of n, n - 1, ..., 1, each half a cell in."""
    return frozenset((r, r + 2 * j) for r in range(n) for j in range(n - r))


def box(depth, height, width):
    return frozenset((z, y, x) for z in range(depth) for y in range(height) for x in range(width))


def pyramid(n):
    """The square pyramid of balls of base n: layer z an (n - z) x (n - z) square."""
    return frozenset((z, r, c) for z in range(n) for r in range(n - z) for c in range(n - z))


@cache
def base_boards(grid):
    if grid == "square":
        return [frozenset((r, c) for r in range(h) for c in range(w)) for h in range(2, 5) for w in range(2, 5)]
    if grid == "triangle":
        return ([triangle_hexagon(1), triangle_hexagon(2), triangle_triangle(3), triangle_triangle(4)]
                + [triangle_rhombus(h, w) for h in range(1, 5) for w in range(2, 5) if 6 <= 2 * h * w <= 24])
    if grid == "hexagon":
        return ([hexagon_hexagon(1), hexagon_hexagon(2), hexagon_triangle(3), hexagon_triangle(4),
                 hexagon_triangle(5), hexagon_triangle(6)]
                + [hexagon_rhombus(h, w) for h in range(1, 5) for w in range(2, 6) if 6 <= h * w <= 20])
    boxes = [box(a, b, c) for a in range(1, 4) for b in range(a, 5) for c in range(b, 5) if 6 <= a * b * c <= 24]
    if grid == "sphere":  # a box of balls leans: each layer rests on the one below, a half step on
        return [pyramid(2), pyramid(3), *boxes]
    return boxes


def random_blob(rng, grid, size):
    origin = tuple([0] * naive.dims(grid=grid))
    cells = {origin}
    while len(cells) < size:
        cells.add(rng.choice([n for c in sorted(cells) for n in naive.neighbours(c, grid=grid) if n not in cells]))
    return frozenset(cells)


def random_board(rng, grid):
    if rng.random() < 0.25:
        return random_blob(rng, grid, rng.randint(6, 16))
    board = set(rng.choice(base_boards(grid)))
    symmetric = rng.random() < 0.5
    for _ in range(rng.randint(0, 2)):
        if len(board) < 8:
            break
        cell = rng.choice(sorted(board))
        if symmetric:  # the cell's whole orbit, so the board keeps its symmetry
            group = naive.symmetry_group(board, [], False, grid=grid)
            board -= {g(cell) for g in group}
        else:
            board.discard(cell)
    return frozenset(board)


# -- pieces and puzzles ----------------------------------------------------------------------------
SIZES = {"square": (2, 3, 4, 5), "triangle": (2, 3, 4, 5, 6), "hexagon": (2, 3, 4), "cube": (2, 3, 4),
         "sphere": (2, 3, 4)}
MOST_TILINGS = 800  # puzzles with more are skipped: the reference would take seconds


@cache
def polyforms(grid_name, size, one_sided):
    return tuple(naive.polyforms(size, one_sided, grid=grid_name))


@cache
def shape_class(grid_name, cells, one_sided):
    """:func:`naive.shape_class`, remembered: the random puzzles ask often."""
    return naive.shape_class(cells, one_sided, grid=grid_name)


def shapes(grid_name, sizes):
    return [s for n in sizes for s in polyforms(grid_name, n, False)]


def random_puzzle(grid_name, seed):
    """A small random puzzle, usually with a solution: (Puzzle, reference spec). Some have no
    solution (a swapped piece, copies that cannot cover the board): a puzzle all the same."""
    rng = random.Random(seed)
    grid = GRIDS[grid_name]
    for _ in range(200):
        board = random_board(rng, grid_name)
        # A few kinds of pieces; a monoform now and then.
        pool = shapes(grid_name, SIZES[grid_name])
        kinds = rng.sample(pool, min(len(pool), rng.randint(2, 5)))
        if rng.random() < 0.1:
            kinds.append(shapes(grid_name, (1,))[0])
        tiling = random_tiling(rng, board, kinds, grid=grid_name)
        if tiling is not None and len(tiling) >= 2:
            break
    else:  # pragma: no cover - some board always works
        raise AssertionError("no tiling found")
    one_sided = rng.random() < (0.6 if grid_name in ("cube", "sphere") else 0.4)
    classes = {}
    for cells in tiling:
        classes.setdefault(shape_class(grid_name, cells, one_sided), []).append(cells)
    entries = []  # [shape, lo, hi or None, its placements in the tiling]
    for _, members in sorted(classes.items()):
        k = len(members)
        mode = rng.random()
        lo, hi = (k, k) if mode < 0.6 else (max(0, k - 1), k + 1) if mode < 0.8 else (0, None)
        if hi is None and len(members[0]) == 1:
            lo, hi = k, k  # any number of monoforms makes too many tilings for the reference
        entries.append([rng.choice(members), lo, hi, members])
    if rng.random() < 0.15:
        # Swap one piece for another of its size: the puzzle may then have no solution at all.
        e = rng.choice(entries)
        others = [s for s in polyforms(grid_name, len(e[0]), False)
                  if s != shape_class(grid_name, e[0], False)]
        if others:
            e[0], e[3] = rng.choice(others), []
    if one_sided and rng.random() < 0.4:
        # Close the set under mirroring, so that reflections can be symmetries of the puzzle.
        present = {shape_class(grid_name, e[0], True) for e in entries}
        for e in list(entries):
            mirror = mirrored(grid_name, e[0])
            if shape_class(grid_name, mirror, True) not in present:
                top = e[2] if e[2] is not None else len(e[3])
                e[1], e[2] = 0, top
                entries.append([mirror, 0, top, []])
    pieces, spec, preplaced = [], [], []
    for i, (cells, lo, hi, members) in enumerate(entries):
        name = "ABCDEFGHJKMNOPQRSTUVWXYZ"[i]
        pieces.append(PieceCount(Piece(name, grid.normalize(cells), grid), lo, hi))
        spec.append((name, frozenset(cells), lo, hi if hi is not None else len(board)))
        if members and rng.random() < 0.2:
            preplaced.append((name, rng.choice(members)))
    reference = (frozenset(board), spec, one_sided, [(n, frozenset(c)) for n, c in preplaced])
    puzzle = Puzzle(frozenset(board), tuple(pieces), tuple(sorted(Placement.of(n, c) for n, c in preplaced)),
                    one_sided, f"random-{grid_name}-{seed}", grid)
    return puzzle, reference


def mirrored(grid_name, cells):
    """``cells`` turned over, by the reference's first reflection, somewhere on the grid."""
    flip = next(g for g in naive.point_group(grid=grid_name) if not g.proper)
    turned = [frozenset(flip(p) for p in naive.body(c, grid=grid_name)) for c in cells]
    return naive.normalize([naive.cell_of(b, grid=grid_name) for b in turned], grid=grid_name)


def library_counts(puzzle):
    """Every count the library gives, by route: both counting methods, and each mode alone."""
    out = {}
    for method in ("search", "memo"):
        out[method] = runner.count(Solver(puzzle, counting=True), method=method).by_mode
    out["each mode"] = {mode: puzzle.count_detail(mode).count for mode in MODES}
    return out


def compare_with_reference(grid_name, puzzle, spec, limit=None):
    """Counts, group orders and listed solutions of the library against the reference; with
    ``limit``, a puzzle with more tilings is rejected as a Hypothesis example."""
    board, pieces, one_sided, pre = spec
    try:
        tilings = naive.all_tilings(board, pieces, one_sided, pre, grid=grid_name, limit=limit)
    except naive.TooManyTilings:
        assume(False)
    expected = naive.counts(board, pieces, one_sided, pre, grid=grid_name, tilings=tilings)
    want = {mode: expected[mode] for mode in MODES}
    assert (puzzle.symmetry_group_order("full"), puzzle.symmetry_group_order("rotations")) == (
        expected["group_order"], expected["proper_order"])
    for route, got in library_counts(puzzle).items():
        assert got == want, route
    reason = Solver(puzzle, counting=True).reason  # the packer's proof of no solution, if any
    assert reason is None or want["none"] == 0, reason

    listed = [as_tiling(s) for s in puzzle.solutions(symmetry="none")]
    assert len(listed) == len(set(listed)) and set(listed) == set(tilings)
    for t in listed:
        assert checker.check_solution(board, pieces, one_sided, pre, [(n, sorted(c)) for n, c in t],
                                      grid=grid_name) == t
    for mode, rotations_only in (("full", False), ("rotations", True)):
        group = naive.symmetry_group(board, pieces, one_sided, pre, grid=grid_name, rotations_only=rotations_only)
        reps = [as_tiling(s) for s in puzzle.solutions(symmetry=mode)]
        assert set(reps) <= set(tilings)
        assert len({naive.canonical(t, group) for t in reps}) == len(reps) == want[mode], mode
    return expected


# -- the random comparisons ----------------------------------------------------------------------------
@pytest.mark.parametrize("grid_name", naive.GRID_NAMES)
@settings(max_examples=examples(30, 4), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_puzzles_match_the_reference(grid_name, seed):
    puzzle, spec = random_puzzle(grid_name, seed)
    compare_with_reference(grid_name, puzzle, spec, limit=MOST_TILINGS)


# -- the reference against published numbers ---------------------------------------------------------
# Polyforms up to the grid's symmetries ("free"), up to rotations ("one-sided"; for solids the
# usual count, mirror pairs apart) and up to translation only ("fixed"), from the OEIS:
# squares A000105, A000988, A001168; triangles A000577, A006534, A001420; hexagons A000228,
# A006535, A001207; cubes A038119, A000162, A001931.
POLYFORM_COUNTS = {
    "square": ([1, 1, 2, 5, 12, 35], [1, 1, 2, 7, 18, 60], [1, 2, 6, 19, 63, 216]),
    "triangle": ([1, 1, 1, 3, 4, 12], [1, 1, 1, 4, 6, 19], [2, 3, 6, 14, 36, 94]),
    "hexagon": ([1, 1, 3, 7, 22], [1, 1, 3, 10, 33], [1, 3, 11, 44, 186]),
    "cube": ([1, 1, 2, 7, 23], [1, 1, 2, 8, 29], [1, 3, 15, 86, 534]),
}
# Balls, as counted here by the reference (tests/naive.py) and by the library, each checking the
# other (we found no published table): "one-sided" is up to rotations, a flat piece turned over
# too. Size 5 gives 131, 210 and 4881 (about 10 s for the reference).
BALL_COUNTS = ([1, 1, 4, 20], [1, 1, 4, 25], [1, 6, 50, 475])


def polyform_counts(grid_name):
    return BALL_COUNTS if grid_name == "sphere" else POLYFORM_COUNTS[grid_name]


@pytest.mark.parametrize("grid_name", [g if g != "cube" else slow(g) for g in naive.GRID_NAMES])
def test_reference_polyform_counts_are_the_published_ones(grid_name):
    free, one_sided, fixed = polyform_counts(grid_name)
    sizes = range(1, len(free) + 1)
    assert [len(polyforms(grid_name, n, False)) for n in sizes] == free
    rotated = [polyforms(grid_name, n, True) for n in sizes]
    assert [len(shapes) for shapes in rotated] == one_sided
    # Every orientation of every one-sided polyform is one fixed polyform, each met once.
    assert [sum(len(naive.orientations(s, True, grid=grid_name)) for s in shapes) for shapes in rotated] == fixed


@pytest.mark.parametrize("grid_name", naive.GRID_NAMES)
def test_library_polyforms_are_the_reference_ones(grid_name):
    grid = GRIDS[grid_name]
    for proper_only in (False, True):
        for n in range(1, len(polyform_counts(grid_name)[0]) + (grid_name not in ("cube", "sphere"))):
            library = free_polyforms(grid, n, proper_only)
            classes = {naive.shape_class(s, proper_only, grid=grid_name) for s in library}
            assert len(classes) == len(library), (grid_name, n, proper_only)
            assert classes == set(polyforms(grid_name, n, proper_only)), (grid_name, n, proper_only)


def patch(grid_name, radius=3):
    if grid_name in ("cube", "sphere"):
        return [(z, y, x) for z in range(-radius + 1, radius) for y in range(-radius + 1, radius)
                for x in range(-radius + 1, radius)]
    return [(r, c) for r in range(-radius, radius + 1) for c in range(-2 * radius, 2 * radius + 1)
            if naive.is_cell((r, c), grid=grid_name)]


@pytest.mark.parametrize("grid_name", naive.GRID_NAMES)
def test_neighbours_share_a_side(grid_name):
    """The README's neighbour rules are the geometric ones, and the library's too."""
    cells = patch(grid_name)
    for a in cells:
        near = set(naive.neighbours(a, grid=grid_name))
        assert len(near) == {"square": 4, "triangle": 3, "hexagon": 6, "cube": 6, "sphere": 12}[grid_name]
        assert near == {b for b in cells + list(near) if naive.share_a_side(a, b, grid=grid_name)}
        assert near == set(GRIDS[grid_name].neighbours(a))
        assert all(naive.cell_of(naive.body(b, grid=grid_name), grid=grid_name) == b for b in near)


@pytest.mark.parametrize("grid_name,order", [("square", 8), ("triangle", 12), ("hexagon", 12), ("cube", 48),
                                              ("sphere", 48)])
def test_point_group_maps_the_tiling_onto_itself(grid_name, order):
    group = naive.point_group(grid=grid_name)
    assert len(group) == order and sum(g.proper for g in group) == order // 2
    cells = patch(grid_name, 2)
    probe = [p for c in cells for p in naive.body(c, grid=grid_name)]
    assert [group[0](p) for p in probe] == probe  # the identity comes first
    actions = {tuple(g(p) for p in probe) for g in group}
    assert len(actions) == order
    for g in group:
        for h in group:  # closed under composition
            assert tuple(h(g(p)) for p in probe) in actions
        image = {c: naive.cell_of(frozenset(g(p) for p in naive.body(c, grid=grid_name)), grid=grid_name)
                 for c in cells}
        assert None not in image.values()
        for a in cells:
            for b in naive.neighbours(a, grid=grid_name):
                if b in image:
                    assert image[b] in naive.neighbours(image[a], grid=grid_name)


def test_orientations_of_small_pieces():
    tri, hexa, cube = "triangle", "hexagon", "cube"
    cases = [(tri, [(0, 0)], 2), (tri, [(0, 0), (0, 1)], 3), (tri, [(0, 0), (0, 1), (0, 2)], 6),
             (tri, sorted(triangle_hexagon(1)), 1),
             (hexa, [(0, 0)], 1), (hexa, [(0, 0), (0, 2)], 3), (hexa, [(0, 0), (0, 2), (1, 1)], 2),
             (hexa, [(0, 0), (0, 2), (0, 4)], 3),
             (cube, [(0, 0, 0)], 1), (cube, [(0, 0, 0), (0, 0, 1)], 3), (cube, [(0, 0, 0), (0, 0, 1), (0, 1, 0)], 12)]
    for grid_name, cells, count in cases:
        for one_sided in (False, True):
            shapes = naive.orientations(cells, one_sided, grid=grid_name)
            assert len(shapes) == count, (grid_name, cells)
            assert naive.normalize(cells, grid=grid_name) in shapes
    # An up and a down triangle are two orientations of the moniamond, not one.
    assert naive.normalize([(0, 0)], grid=tri) != naive.normalize([(0, 1)], grid=tri)
    # The tripod tetracube has a 3-fold axis and mirror planes: 24 / 3 orientations either way.
    tripod = [(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0)]
    assert len(naive.orientations(tripod, True, grid=cube)) == 8
    assert len(naive.orientations(tripod, False, grid=cube)) == 8
    # A screw (steps along x, y, z) has a 2-fold axis: 12 rotations; turned over, the other screw.
    screw = [(0, 0, 0), (0, 0, 1), (0, 1, 1), (1, 1, 1)]
    assert len(naive.orientations(screw, True, grid=cube)) == 12
    assert len(naive.orientations(screw, False, grid=cube)) == 24
    assert naive.shape_class(screw, True, grid=cube) != naive.shape_class(mirrored(cube, screw), True, grid=cube)
    assert naive.shape_class(screw, False, grid=cube) == naive.shape_class(mirrored(cube, screw), False, grid=cube)


def test_orientations_of_balls():
    """Twelve neighbours make six orientations of two balls; three touching balls lie in one of
    the four slanted planes of triangles, pointing one of two ways; a straight row of four, along
    one of six lines. A piece in one plane turns over even one-sided (here one in a plane of
    triangles, whose 24 rotations do not reach its mirror image); a tetrahedron of four cannot
    be turned over and needs not be."""
    ball = "sphere"
    for cells, count in (([(0, 0, 0)], 1), ([(0, 0, 0), (0, 0, 1)], 6), ([(0, 0, 0), (0, 0, 1), (1, 0, 0)], 8),
                         ([(0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 0, 3)], 6),
                         ([(0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 1, 0)], 2)):
        for one_sided in (False, True):
            assert len(naive.orientations(cells, one_sided, grid=ball)) == count, cells
            assert len(GRIDS[ball].orientations(cells, one_sided)) == count, cells
    slanted = [(0, 1, 3), (1, 1, 2), (2, 1, 1), (3, 0, 0)]
    assert naive.is_flat(slanted, grid=ball) and GRIDS[ball].is_flat(slanted)
    rotations = {naive.image(slanted, g, grid=ball) for g in naive.point_group(grid=ball) if g.proper}
    assert len(rotations) == 24 and mirrored(ball, slanted) not in rotations
    assert len(naive.orientations(slanted, True, grid=ball)) == len(GRIDS[ball].orientations(slanted, True)) == 48
    assert checker.congruent(slanted, mirrored(ball, slanted), True, grid=ball)
    # Not flat: a twisted row of four over three layers; its mirror image is another piece.
    bent = [(0, 1, 2), (1, 1, 1), (2, 0, 0), (2, 0, 1)]
    assert not naive.is_flat(bent, grid=ball) and not GRIDS[ball].is_flat(bent)
    assert naive.shape_class(bent, True, grid=ball) != naive.shape_class(mirrored(ball, bent), True, grid=ball)
    assert not checker.congruent(bent, mirrored(ball, bent), True, grid=ball)
    assert checker.congruent(bent, mirrored(ball, bent), False, grid=ball)


# -- small tilings known by hand or published ---------------------------------------------------------
def macmahon(a, b, c):
    """Lozenge tilings of the hexagon with sides a, b, c, a, b, c (MacMahon's box formula)."""
    total = Fraction(1)
    for i in range(1, a + 1):
        for j in range(1, b + 1):
            for k in range(1, c + 1):
                total *= Fraction(i + j + k - 1, i + j + k - 2)
    return int(total)


def monoform_puzzle(grid_name, board, piece_cells, lo=0, hi=None, one_sided=False):
    grid = GRIDS[grid_name]
    piece = Piece("P", grid.normalize(piece_cells), grid)
    puzzle = Puzzle(frozenset(board), (PieceCount(piece, lo, hi),), (), one_sided, "hand", grid)
    spec = (frozenset(board), [("P", frozenset(piece_cells), lo, hi if hi is not None else len(board))],
            one_sided, [])
    return puzzle, spec


@pytest.mark.parametrize("grid_name,board,piece,expected", [
    # A hexagon of 6 triangles (or of 6 hexagons around a hole) is a ring: two perfect
    # matchings, swapped by the 60-degree turn.
    ("triangle", triangle_hexagon(1), [(0, 0), (0, 1)],
     {"none": 2, "full": 1, "rotations": 1, "group_order": 12, "proper_order": 6}),
    ("hexagon", hexagon_hexagon(1) - {(0, 0)}, [(0, 0), (0, 2)],
     {"none": 2, "full": 1, "rotations": 1, "group_order": 12, "proper_order": 6}),
    # Lozenge tilings of the hexagon of side 2 (MacMahon: 20).
    ("triangle", triangle_hexagon(2), [(0, 0), (0, 1)], {"none": macmahon(2, 2, 2)}),
    # A parallelogram is the hexagon with a side of length 0: a single lozenge tiling.
    ("triangle", triangle_rhombus(2, 3), [(0, 0), (0, 1)], {"none": macmahon(2, 3, 0)}),
    # Perfect matchings of the 3-cube's graph: 9 (3 with all dominoes parallel, 6 with the two
    # layers across one axis matched in the two other directions).
    ("cube", box(2, 2, 2), [(0, 0, 0), (0, 0, 1)], {"none": 9, "group_order": 48, "proper_order": 24}),
    # A slab one cube thick: its 8 symmetries act on its cells as the rectangle's 4, all rotations.
    ("cube", box(1, 2, 3), [(0, 0, 0), (0, 0, 1)], {"none": 3, "group_order": 4, "proper_order": 4}),
    # Six balls around a hollow (four in a square, one above, one below) make an octahedron:
    # 8 perfect matchings (the top ball's 4 partners, then 2 ways each), its 48 symmetries.
    ("sphere", pyramid(2) | {(-1, 1, 1)}, [(0, 0, 0), (0, 0, 1)], {"none": 8, "group_order": 48, "proper_order": 24}),
    # One layer of balls is a layer of squares: the 2x3 rectangle's 3 matchings again.
    ("sphere", box(1, 2, 3), [(0, 0, 0), (0, 0, 1)], {"none": 3, "group_order": 4, "proper_order": 4}),
])
def test_small_tilings_known_by_hand(grid_name, board, piece, expected):
    puzzle, spec = monoform_puzzle(grid_name, board, piece)
    got = compare_with_reference(grid_name, puzzle, spec)
    assert {k: got[k] for k in expected} == expected


def ball_puzzle(board, pieces):
    """A one-sided puzzle of balls (as the grid's puzzles are) with ``pieces``, each (name,
    cells, lo, hi), for the library and the reference."""
    grid = GRIDS["sphere"]
    counts = tuple(PieceCount(Piece(n, grid.normalize(c), grid), lo, hi) for n, c, lo, hi in pieces)
    puzzle = Puzzle(frozenset(board), counts, (), True, "balls", grid)
    return puzzle, (frozenset(board), [(n, frozenset(c), lo, hi) for n, c, lo, hi in pieces], True, [])


def flat_balls(drawing):
    """A piece of balls in one layer, drawn as on squares: "##|#." is the L of three."""
    return [(0, r, c) for r, line in enumerate(drawing.split("|")) for c, ch in enumerate(line) if ch == "#"]


KANOODLE = {"L": "####|#...", "N": "##..|.###", "P": "##|##|#.", "U": "#.#|###", "L4": "###|#..", "I4": "####",
            "O4": "##|##", "L3": "##|#."}


# Small pyramids and boxes of balls, counted by the reference and the library (the counts are
# theirs: we found none published); a pyramid of base n has 8 symmetries, 4 of them turns.
@pytest.mark.parametrize("board,pieces,expected", [
    (pyramid(3), [("D", flat_balls("##"), 0, 14)], (128, 16, 32)),  # perfect matchings of 14 balls
    (pyramid(3), [("L", flat_balls("##|#."), 0, 14), ("I", flat_balls("###"), 0, 14), ("D", flat_balls("##"), 1, 1)],
     (144, 19, 36)),
    (box(2, 2, 3), [("L", flat_balls("##|#."), 0, 4)], (4, 3, 4)),
    (box(2, 3, 3), [("L", flat_balls("##|#."), 0, 6)], (1, 1, 1)),
    (pyramid(4), [("L", flat_balls("##|#."), 0, 10)], (6, 2, 2)),
    # Seven Kanoodle pieces fill the pyramid of 30 balls (base 4).
    (pyramid(4), [(n, flat_balls(KANOODLE[n]), 1, 1) for n in ("I4", "L", "L3", "L4", "O4", "P", "U")], (8, 1, 2)),
    (pyramid(4), [(n, flat_balls(KANOODLE[n]), 1, 1) for n in ("I4", "L", "L3", "L4", "N", "O4", "P")], (32, 4, 8)),
])
def test_small_ball_puzzles_counted_both_ways(board, pieces, expected):
    puzzle, spec = ball_puzzle(board, pieces)
    got = compare_with_reference("sphere", puzzle, spec)
    assert (got["none"], got["full"], got["rotations"]) == expected


@pytest.mark.parametrize("name", ["kanoodle-pyramid-start", "kanoodle-pyramid-two"])
def test_the_reference_finishes_the_pyramids_as_the_library_does(name):
    """The built-in Kanoodle pyramids with pieces placed in advance: 55 balls, the whole
    geometry of the toy, each finished one way by the reference too (a second or so)."""
    puzzle = Puzzle.load(name)
    spec = (frozenset(puzzle.board), [(pc.piece.name, pc.piece.cells, pc.min, pc.max) for pc in puzzle.pieces],
            puzzle.one_sided, [(pl.piece, frozenset(pl.cells)) for pl in puzzle.preplaced])
    got = compare_with_reference("sphere", puzzle, spec)
    assert (got["none"], got["full"], got["rotations"]) == (1, 1, 1)


def spec_of_entry(entry):
    """A known-counts entry as the reference's input."""
    if entry["kind"] == "cube":
        board = {(z, y, x) for z, layer in enumerate(entry["board"]) for y, line in enumerate(layer)
                 for x, ch in enumerate(line) if ch == "."}
    else:
        board = {(r, c) for r, line in enumerate(entry["board"]) for c, ch in enumerate(line) if ch == "."}
    pieces = [(p["name"], frozenset(tuple(c) for c in p["cells"]), 0 if p["count"] == "any" else p["count"],
               len(board) if p["count"] == "any" else p["count"]) for p in entry["pieces"]]
    return frozenset(board), pieces, entry["orientation"] != "free", []


# The reference also gives hexiamonds-6x6 (624, 156, 312) in about 5 minutes and soma-3x3x3
# (11520, 240, 480) in about 2: too slow for the suite.
@pytest.mark.parametrize("entry_id", ["tetrahexes-4x7", "slothouber-graatsma"])
def test_reference_reproduces_published_counts(entry_id):
    entry = {e["id"]: e for e in known_entries()}[entry_id]
    board, pieces, one_sided, pre = spec_of_entry(entry)
    tilings = naive.all_tilings(board, pieces, one_sided, pre, grid=entry["kind"])
    for t in tilings:
        checker.check_solution(board, pieces, one_sided, pre, [(n, sorted(c)) for n, c in t],
                               grid=entry["kind"])
    assert naive.counts(board, pieces, one_sided, pre, grid=entry["kind"], tilings=tilings) == {
        "none": entry["total_solutions"], "full": entry["unique_solutions"],
        "rotations": entry["unique_solutions_rotations_only"],
        "group_order": entry["symmetry_group_order"], "proper_order": entry["symmetry_group_proper_order"]}


# -- symmetry groups of boards, in both implementations ----------------------------------------------
def known_board(entry_id):
    return spec_of_entry({e["id"]: e for e in known_entries()}[entry_id])[0]


@pytest.mark.parametrize("grid_name,board,order,proper", [
    ("triangle", triangle_rhombus(6, 6), 4, 2),  # the hexiamonds' 6x6 rhombus
    ("triangle", known_board("hexiamonds-6x6"), 4, 2),
    ("triangle", triangle_hexagon(2), 12, 6),
    ("triangle", triangle_hexagon(2) - triangle_hexagon(1), 12, 6),
    ("triangle", triangle_triangle(3), 6, 3),
    ("triangle", triangle_rhombus(2, 4), 2, 2),
    ("triangle", triangle_rhombus(1, 3), 2, 2),  # a strip: the half turn, and nothing else
    ("hexagon", hexagon_hexagon(2), 12, 6),
    ("hexagon", hexagon_triangle(4), 6, 3),
    ("hexagon", hexagon_rhombus(3, 3), 4, 2),
    ("hexagon", known_board("tetrahexes-4x7"), 2, 2),
    ("hexagon", hexagon_rhombus(1, 4), 2, 2),  # a row: its mirrors move its cells as its turns do
    ("cube", box(2, 2, 2), 48, 24),
    ("cube", box(2, 2, 3), 16, 8),
    ("cube", box(1, 2, 3), 4, 4),
    ("cube", box(1, 1, 3), 2, 2),
    ("cube", box(3, 3, 3) - {(1, 1, 1)}, 48, 24),
    ("sphere", pyramid(3), 8, 4),  # a square pyramid: its four turns and four mirrors
    ("sphere", pyramid(2) | {(-1, 1, 1)}, 48, 24),  # an octahedron
    ("sphere", box(2, 2, 2), 4, 2),  # a leaning box: a half turn, the inversion through its centre, a mirror
    ("sphere", box(1, 3, 3), 8, 8),  # one layer: the square's 8 motions, each a turn in space
])
def test_board_symmetry_groups(grid_name, board, order, proper):
    grid = GRIDS[grid_name]
    monoform = min(naive.normalize([min(board)], grid=grid_name))
    puzzle, (b, pieces, one_sided, pre) = monoform_puzzle(grid_name, board, [monoform])
    group = naive.symmetry_group(b, pieces, one_sided, pre, grid=grid_name)
    assert (len(group), sum(g.proper for g in group)) == (order, proper)
    assert (puzzle.symmetry_group_order("full"), puzzle.symmetry_group_order("rotations")) == (order, proper)
    assert len(naive.symmetry_group(b, pieces, one_sided, pre, grid=grid_name, rotations_only=True)) == proper
    # The library's own list of board symmetries moves the cells as the reference's do.
    library = {tuple(sorted(m.items())) for _, m in grid.board_symmetries(board)}
    assert {tuple(sorted(g.cell_map.items())) for g in group} == library


def test_one_sided_reflections_need_the_mirror_pieces():
    """A chiral tetriamond alone on a rhombus: the rhombus's reflections are no symmetries of
    the puzzle; with its mirror image (same copies) they are, and they swap the two names."""
    grid = GRIDS["triangle"]
    chiral = [s for s in polyforms("triangle", 4, True) if is_chiral("triangle", s)]
    assert len(chiral) == 2
    board = triangle_rhombus(4, 4)
    for names in ("A", "AB"):  # "A": the first chiral piece alone (zip stops at the names)
        pieces = [PieceCount(Piece(n, grid.normalize(s), grid), 0, 8) for n, s in zip(names, chiral, strict=False)]
        puzzle = Puzzle(board, tuple(pieces), (), True, "chiral", grid)
        spec = (board, [(n, frozenset(s), 0, 8) for n, s in zip(names, chiral, strict=False)], True, [])
        got = compare_with_reference("triangle", puzzle, spec)
        assert (got["group_order"], got["proper_order"]) == ((2, 2) if names == "A" else (4, 2))
        assert got["none"] > 0
    group = naive.symmetry_group(board, spec[1], True, grid="triangle")
    assert all(g.map_name("A") == ("A" if g.proper else "B") for g in group)


# -- the verifier rejects what it must -------------------------------------------------------------------
def rejects(match, grid, *args):
    with pytest.raises(AssertionError, match=match):
        checker.check_solution(*args, grid=grid)


def test_checker_on_triangles():
    board = triangle_hexagon(1)
    diamond = [("D", [(0, 0), (0, 1)], 0, 9)]
    tilings = naive.all_tilings(board, diamond, False, grid="triangle")
    assert len(tilings) == 2
    for t in tilings:
        assert checker.check_solution(board, diamond, False, [], [(n, c) for n, c in t], grid="triangle") == t
    good = [("D", [(0, -1), (0, 0)]), ("D", [(-1, 0), (-1, 1)]), ("D", [(0, 1), (-1, -1)])]
    rejects("not a valid", "triangle", board, diamond, False, [], good)  # (0, 1), (-1, -1) do not touch
    rejects("not covered", "triangle", board, diamond, False, [], good[:2])
    rejects("more than once", "triangle", board, diamond, False, [],
            [("D", [(0, -1), (0, 0)]), ("D", [(0, 0), (0, 1)]), ("D", [(-1, 0), (-1, 1)])])
    rejects("used 3 times, allowed 0..2", "triangle", board, [("D", [(0, 0), (0, 1)], 0, 2)], False, [],
            [(n, c) for n, c in tilings[0]])


def test_checker_tells_up_from_down():
    """Three up triangles around a down one, and the three down triangles around an up one, have
    congruent centres (a translation by half a triangle) but no symmetry of the grid maps one
    onto the other; the reference agrees."""
    ups = [(0, 0), (0, 2), (1, 1)]
    downs = [(0, 1), (0, 3), (1, 2)]
    board = set(ups) | set(downs) | {(1, 3)}
    assert not checker.congruent(ups, downs, False, grid="triangle")
    assert naive.normalize(downs, grid="triangle") not in naive.orientations(ups, False, grid="triangle")
    assert checker.congruent(ups, [(1, 1), (1, 3), (2, 2)], True, grid="triangle")  # a translation
    rejects("not a valid free", "triangle", board, [("U", ups, 0, 1), ("M", [(0, 0)], 0, 9)], False, [],
            [("U", downs), ("M", [(0, 0)]), ("M", [(0, 2)]), ("M", [(1, 1)]), ("M", [(1, 3)])])


def is_chiral(grid_name, cells):
    return shape_class(grid_name, mirrored(grid_name, cells), True) != shape_class(grid_name, cells, True)


def test_checker_one_sided_mirror_images():
    for grid_name, size in (("triangle", 4), ("hexagon", 4), ("cube", 4)):
        chiral = next(s for s in polyforms(grid_name, size, True) if is_chiral(grid_name, s))
        other = mirrored(grid_name, chiral)
        assert checker.congruent(chiral, other, False, grid=grid_name)
        assert not checker.congruent(chiral, other, True, grid=grid_name)
        for turned in naive.orientations(chiral, True, grid=grid_name):
            assert checker.congruent(chiral, turned, True, grid=grid_name)
        spec = [("A", chiral, 1, 1)]
        checker.check_solution(other, spec, False, [], [("A", sorted(other))], grid=grid_name)
        rejects("not a valid one-sided", grid_name, other, spec, True, [], [("A", sorted(other))])


def test_checker_rejects_cells_that_are_not_cells():
    rejects("r \\+ c odd", "hexagon", [(0, 0), (0, 1)], [("X", [(0, 0)], 0, 9)], False, [], [("X", [(0, 1)])])
    rejects("bad cube cell", "cube", [(0, 0, 0)], [("X", [(0, 0, 0)], 0, 9)], False, [], [("X", [(0, 0)])])
    rejects("off the board", "hexagon", [(0, 0)], [("X", [(0, 0)], 0, 9)], False, [],
            [("X", [(0, 0)]), ("X", [(0, 2)])])
    # Pre-placed pieces are added when missing, and count as copies.
    pre = [("X", [(0, 0)])]
    assert len(checker.check_solution([(0, 0), (0, 2)], [("X", [(0, 0)], 0, 9)], False, pre, [("X", [(0, 2)])],
                                      grid="hexagon")) == 2
    rejects("used 2 times", "hexagon", [(0, 0), (0, 2)], [("X", [(0, 0)], 0, 1)], False, pre, [("X", [(0, 2)])])
