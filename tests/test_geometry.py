"""Group laws of the grid symmetries, orientations, board and puzzle symmetry groups."""

import itertools
import math

import pytest

from conftest import slow
from pentomino import Piece, PieceCount, Placement, Puzzle
from pentomino.geometry import HEXAGON, SQUARE, TRIANGLE
from pentomino.model.piecesets import free_polyominoes, piece_sets

CELLS = [(r, c) for r in range(-2, 3) for c in range(-2, 3)]


def _table(group):
    return {g.key: g for g in group}


def test_square_symmetries_form_the_dihedral_group_of_order_8():
    group = SQUARE.symmetries()
    assert len(group) == 8 and len(_table(group)) == 8
    assert sum(g.proper for g in group) == 4
    identity = group[0]
    assert all(identity(c) == c for c in CELLS)
    table = _table(group)
    for g, h in itertools.product(group, repeat=2):
        gh = g.then(h)
        assert gh.key in table  # closed
        assert all(gh(c) == h(g(c)) for c in CELLS)  # composition is "g first"
        assert gh.proper == (g.proper == h.proper)
    for g in group:
        assert any(all(g.then(h)(c) == c for c in CELLS) for h in group)  # inverses exist
    for f, g, h in itertools.product(group[:4], group[4:], group):
        assert f.then(g).then(h).key == f.then(g.then(h)).key  # associative


@pytest.mark.parametrize("size,count", [(1, 1), (2, 1), (3, 2), (4, 5), (5, 12), (6, 35), (7, 108)])
def test_free_polyomino_counts(size, count):
    assert len(free_polyominoes(size)) == count


def test_pentomino_orientations():
    pent = {p.name: p for p in piece_sets()["pentominoes"].pieces}
    free = {n: len(p.orientations()) for n, p in pent.items()}
    assert free == {"F": 8, "I": 2, "L": 8, "N": 8, "P": 8, "T": 4, "U": 4, "V": 4, "W": 4, "X": 1, "Y": 8, "Z": 4}
    assert sum(free.values()) == 63  # the fixed pentominoes
    one_sided = {n: len(p.orientations(one_sided=True)) for n, p in pent.items()}
    assert one_sided == {"F": 4, "I": 2, "L": 4, "N": 4, "P": 4, "T": 4, "U": 4, "V": 4, "W": 4, "X": 1, "Y": 4, "Z": 2}
    for p in pent.values():
        assert all(len(o) == 5 for o in p.orientations())


def test_piece_sets():
    sets = piece_sets()
    assert [len(sets[n].pieces) for n in ("pentominoes", "one-sided-pentominoes", "tetrominoes",
                                          "one-sided-tetrominoes", "trominoes", "domino", "monomino",
                                          "hexominoes")] == [12, 18, 5, 7, 2, 1, 1, 35]
    one_sided = {p.name: p for p in sets["one-sided-pentominoes"].pieces}
    for upper in "FLNPYZ":
        assert one_sided[upper.lower()].is_mirror_of(one_sided[upper])
        assert not one_sided[upper].is_mirror_of(one_sided[upper])
    # No two pieces of a set are the same free shape (one-sided: the same up to rotation).
    for s in sets.values():
        seen = {min(tuple(sorted(o)) for o in p.orientations(s.one_sided)) for p in s.pieces}
        assert len(seen) == len(s.pieces)


def test_piece_repr_round_trips():
    p = piece_sets()["pentominoes"].pieces[0]
    assert eval(repr(p), {"Piece": Piece}) == p


@pytest.mark.parametrize("rows,cols,order", [(6, 10, 4), (8, 8, 8), (1, 1, 8), (3, 20, 4)])
def test_rectangle_board_symmetries(rows, cols, order):
    board = [(r, c) for r in range(rows) for c in range(cols)]
    syms = SQUARE.board_symmetries(board)
    assert len(syms) == order
    for _, mapping in syms:
        assert sorted(mapping.values()) == sorted(board)


def test_irregular_board_symmetries():
    # An L-shaped board is symmetric only in its diagonal.
    board = [(r, c) for r in range(4) for c in range(4) if r < 2 or c < 2]
    syms = SQUARE.board_symmetries(board)
    assert len(syms) == 2 and not syms[1][0].proper


def _puzzle(set_name, board_rows, cols, one_sided, preplaced=()):
    pieces = tuple(PieceCount(p) for p in piece_sets()[set_name].pieces)
    board = frozenset((r, c) for r in range(board_rows) for c in range(cols))
    return Puzzle(board, pieces, preplaced, one_sided)


def test_puzzle_group_of_one_sided_sets():
    # The 18 one-sided pentominoes are closed under mirroring: reflections count.
    assert len(_puzzle("one-sided-pentominoes", 3, 30, True).symmetry_group) == 4
    # The 12 pentominoes used one-sided are not: rotations only.
    assert len(_puzzle("pentominoes", 6, 10, True).symmetry_group) == 2
    # Free pentominoes: all four symmetries of the rectangle.
    assert len(_puzzle("pentominoes", 6, 10, False).symmetry_group) == 4
    # The Tetris set is closed under mirroring (L4/J4, S4/Z4); a reflection swaps the names.
    group = _puzzle("one-sided-tetrominoes", 4, 7, True).symmetry_group
    assert len(group) == 4
    reflection = next(g for g in group if not g.proper)
    assert reflection.piece_map["L4"] == "J4" and reflection.piece_map["S4"] == "Z4"
    assert reflection.piece_map["T4"] == "T4"


def test_preplaced_pieces_restrict_the_group():
    x = Placement.of("X", [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)])
    # An X in the corner area breaks every symmetry but the identity.
    assert len(_puzzle("pentominoes", 6, 10, False, (x,)).symmetry_group) == 1
    # An I across the middle of 5x12's long axis keeps the flip that fixes its row.
    i = Placement.of("I", [(2, c) for c in range(0, 5)])
    assert len(_puzzle("pentominoes", 5, 12, False, (i,)).symmetry_group) == 2


def test_a_one_cell_thick_board_counts_each_distinct_symmetry_once():
    # On 1x4, "flip top-bottom" moves no cell: G is {identity, end-to-end flip}.
    pieces = (PieceCount(Piece("D", frozenset({(0, 0), (0, 1)})), 2, 2),)
    puzzle = Puzzle(frozenset((0, c) for c in range(4)), pieces)
    assert puzzle.symmetry_group_order() == 2
    assert puzzle.count_detail().by_mode == {"full": 1, "rotations": 1, "none": 1}


# -- every grid ----------------------------------------------------------------------------------
from pentomino.geometry import GRIDS  # noqa: E402
from pentomino.model.piecesets import free_polyforms  # noqa: E402


def _patch(grid, radius=3):
    """The cells within ``radius`` steps of the origin."""
    origin = tuple(0 for _ in range(grid.dims))
    cells, frontier = {origin}, [origin]
    for _ in range(radius):
        frontier = [n for c in frontier for n in grid.neighbours(c) if n not in cells]
        cells.update(frontier)
    return sorted(cells)


@pytest.mark.parametrize("name,order,proper", [("square", 8, 4), ("triangle", 12, 6), ("hexagon", 12, 6),
                                               slow("cube", 48, 24), slow("sphere", 48, 24)])  # 48 x 48
def test_every_grid_has_its_point_group(name, order, proper):
    grid = GRIDS[name]
    group = grid.symmetries()
    cells = _patch(grid)
    assert len(group) == order and len({g.key for g in group}) == order
    assert sum(g.proper for g in group) == proper
    assert all(group[0](c) == c for c in cells)
    keys = {g.key for g in group}
    for g, h in itertools.product(group, repeat=2):
        gh = g.then(h)
        assert gh.key in keys and gh.proper == (g.proper == h.proper)
        assert all(gh(c) == h(g(c)) for c in cells[:8])
    for g in group:
        image = {g(c) for c in cells}
        assert len(image) == len(cells)  # one to one
        for c in cells:  # neighbours stay neighbours: the map is a symmetry of the grid
            assert {g(n) for n in grid.neighbours(c)} == set(grid.neighbours(g(c)))
        assert any(all(g.then(h)(c) == c for c in cells) for h in group)  # inverses exist


@pytest.mark.parametrize("name", ["square", "triangle", "hexagon", "cube", "sphere"])
def test_normalize_and_translate_agree(name):
    grid = GRIDS[name]
    shape = _patch(grid, 2)[:7]
    base = grid.normalize(shape)
    for target in _patch(grid, 3):
        moved = grid.translate(shape, shape[0], target)
        if moved is None:  # triangles and hexagons: only shifts that keep r + c's parity
            assert name in ("triangle", "hexagon")
            continue
        assert grid.normalize(moved) == base


# Published numbers of polyforms (OEIS): free, and up to rotations only (one-sided; for cubes, solids).
@pytest.mark.parametrize("name,proper_only,counts", [
    ("square", False, [1, 1, 2, 5, 12, 35]),      # A000105
    ("square", True, [1, 1, 2, 7, 18, 60]),       # A000988
    ("triangle", False, [1, 1, 1, 3, 4, 12]),     # A000577
    ("triangle", True, [1, 1, 1, 4, 6, 19]),      # A006534
    ("hexagon", False, [1, 1, 3, 7, 22]),         # A000228
    ("hexagon", True, [1, 1, 3, 10, 33]),         # A006535
    ("cube", True, [1, 1, 2, 8, 29]),             # A000162
    ("cube", False, [1, 1, 2, 7, 23]),            # A038119
    # Balls: none published that we found; as the reference counts them (tests/test_reference_grids.py),
    # one-sided with a flat piece turned over too.
    ("sphere", False, [1, 1, 4, 20, 131]),
    ("sphere", True, [1, 1, 4, 25, 210]),
])
def test_polyform_counts_on_every_grid(name, proper_only, counts):
    grid = GRIDS[name]
    assert [len(free_polyforms(grid, n, proper_only)) for n in range(1, len(counts) + 1)] == counts



@pytest.mark.parametrize("name,grid,size,count", [
    ("moniamond", "triangle", 1, 1), ("diamond", "triangle", 2, 1), ("triamond", "triangle", 3, 1),
    ("tetriamonds", "triangle", 4, 3), ("pentiamonds", "triangle", 5, 4), ("hexiamonds", "triangle", 6, 12),
    ("monohex", "hexagon", 1, 1), ("dihex", "hexagon", 2, 1), ("trihexes", "hexagon", 3, 3),
    ("tetrahexes", "hexagon", 4, 7), ("pentahexes", "hexagon", 5, 22),
    ("soma", "cube", None, 7), ("solid-pentominoes", "cube", 5, 12),
    ("tetracubes", "cube", 4, 8), ("pentacubes", "cube", 5, 29),
    ("kanoodle", "sphere", None, 12), ("iq-puzzler-pro", "sphere", None, 12),
])
def test_piece_sets_of_the_other_grids(name, grid, size, count):
    """Each set holds every free polyform of its size once (the named ones too), on its grid."""
    s = piece_sets()[name]
    assert s.grid is GRIDS[grid] and len(s.pieces) == count
    assert len({p.name for p in s.pieces}) == count
    canonical = {min(tuple(sorted(o)) for o in p.orientations(s.one_sided)) for p in s.pieces}
    assert len(canonical) == count  # no shape twice
    if size is not None and name != "solid-pentominoes":
        assert canonical == {tuple(sorted(f)) for f in free_polyforms(GRIDS[grid], size, s.one_sided)}



@pytest.mark.parametrize("name,grid,size,count", [
    ("one-sided-pentominoes", "square", 5, 18), ("one-sided-tetriamonds", "triangle", 4, 4),
    ("one-sided-pentiamonds", "triangle", 5, 6), ("one-sided-hexiamonds", "triangle", 6, 19),
    ("one-sided-tetrahexes", "hexagon", 4, 10), ("one-sided-pentahexes", "hexagon", 5, 33),
])
def test_one_sided_sets_hold_every_one_sided_polyform_once(name, grid, size, count):
    s = piece_sets()[name]
    assert s.one_sided and s.grid is GRIDS[grid] and len(s.pieces) == count
    canonical = {min(tuple(sorted(o)) for o in p.orientations(True)) for p in s.pieces}
    assert canonical == {tuple(sorted(f)) for f in free_polyforms(GRIDS[grid], size, proper_only=True)}
    for p in s.pieces:  # the mirror image of X is lower(X)
        twins = [q for q in s.pieces if q is not p and q.name.lower() == p.name]
        assert all(p.is_mirror_of(q) and not p.is_mirror_of(p) for q in twins)
    assert sum(p.name == p.name.lower() and any(q.name.lower() == p.name for q in s.pieces if q is not p)
               for p in s.pieces) == count - len(piece_sets()[name.removeprefix("one-sided-")].pieces)


@pytest.mark.parametrize("grid", [SQUARE, TRIANGLE, HEXAGON], ids=lambda g: g.name)
def test_polygons_tile_the_plane(grid):
    """Every cell is drawn clockwise with unit edges; touching cells share exactly one edge;
    other cells near it share none and do not overlap (their areas add up)."""
    def edges(cell):
        pts = [(round(x, 9), round(y, 9)) for x, y in grid.polygon(cell)]
        return {frozenset((pts[k], pts[(k + 1) % len(pts)])) for k in range(len(pts))}

    cells = [(r, c) for r in range(-3, 4) for c in range(-4, 5) if grid.is_cell((r, c))]
    for cell in cells:
        pts = grid.polygon(cell)
        assert len(pts) == {"square": 4, "triangle": 3, "hexagon": 6}[grid.name]
        shoelace = sum(pts[k][0] * pts[(k + 1) % len(pts)][1] - pts[(k + 1) % len(pts)][0] * pts[k][1]
                       for k in range(len(pts)))
        assert shoelace > 0  # clockwise with y pointing down
        for k in range(len(pts)):
            (x0, y0), (x1, y1) = pts[k], pts[(k + 1) % len(pts)]
            assert abs(math.hypot(x1 - x0, y1 - y0) - 1) < 1e-9
        near = set(grid.neighbours(cell))
        for other in cells:
            if other != cell:
                shared = len(edges(cell) & edges(other))
                assert shared == (1 if other in near else 0), (cell, other)
        centre = (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))
        for other in cells:
            if other != cell:
                o = grid.polygon(other)
                oc = (sum(x for x, _ in o) / len(o), sum(y for _, y in o) / len(o))
                assert math.dist(centre, oc) > 0.5  # no two cells drawn on one spot


# -- the registry of built-in sets: built on first use, the same sets as ever ----------------

SET_ORDER = [
    "pentominoes", "one-sided-pentominoes", "tetrominoes", "one-sided-tetrominoes", "trominoes", "domino",
    "monomino", "hexominoes", "moniamond", "diamond", "triamond", "tetriamonds", "pentiamonds", "hexiamonds",
    "one-sided-tetriamonds", "one-sided-pentiamonds", "one-sided-hexiamonds", "monohex", "dihex", "trihexes",
    "tetrahexes", "pentahexes", "one-sided-tetrahexes", "one-sided-pentahexes", "soma", "solid-pentominoes",
    "tetracubes", "pentacubes", "square-slab", "brick", "kanoodle", "iq-puzzler-pro",
]


@pytest.fixture
def unbuilt(monkeypatch):
    """The registry as a fresh process sees it: no set built yet."""
    from pentomino.model import piecesets

    monkeypatch.setattr(piecesets, "_BUILT", {})
    return piece_sets()


def test_piece_sets_keep_their_order_and_piece_names(unbuilt):
    """The order and names ``pentomino list``, puzzle files and the web page rely on."""
    assert list(unbuilt) == SET_ORDER and len(unbuilt) == 32 and unbuilt.built() == []
    names = {n: " ".join(p.name for p in s.pieces) for n, s in unbuilt.items()}
    assert names["one-sided-pentominoes"] == "F I L N P T U V W X Y Z f l n p y z"
    assert names["one-sided-tetrominoes"] == "I4 L4 O4 S4 T4 J4 Z4"
    assert names["hexominoes"] == " ".join(f"H{i:02d}" for i in range(1, 36))
    assert names["one-sided-pentiamonds"] == "T5a T5b T5c T5d t5b t5c"
    assert names["pentahexes"] == " ".join(f"X5{c}" for c in "abcdefghijklmnopqrstuv")
    assert names["tetracubes"] == " ".join(f"C4{c}" for c in "abcdefgh")
    assert names["pentacubes"] == " ".join(f"C5-{i:02d}" for i in range(1, 30))
    assert names["solid-pentominoes"] == names["pentominoes"]
    assert names["kanoodle"] == "L N P U V W X Y L4 I4 O4 L3"
    assert names["iq-puzzler-pro"] == "N P F W Y L V U S4 T4 L4 L3"
    assert unbuilt.built() == SET_ORDER


def test_a_set_is_built_once_and_only_when_looked_up(unbuilt):
    from pentomino.geometry import CUBE

    assert "pentacubes" in unbuilt and unbuilt.declaration("pentacubes").grid is CUBE
    assert unbuilt.built() == []  # names, membership and declarations build nothing
    solids = unbuilt["solid-pentominoes"]
    assert unbuilt.built() == ["pentominoes", "solid-pentominoes"]  # made from the pentominoes
    assert unbuilt["solid-pentominoes"] is solids and piece_sets(CUBE)["solid-pentominoes"] is solids
    with pytest.raises(KeyError):
        unbuilt["pentacube"]


def test_the_sets_of_one_grid():
    from pentomino.geometry import CUBE, GRIDS

    for grid in GRIDS.values():
        view = piece_sets(grid)
        assert list(view) == [n for n in SET_ORDER if piece_sets()[n].grid is grid]
        assert all(view[n] is piece_sets()[n] and view.declaration(n).grid is grid for n in view)
        assert all(p.grid is grid for s in view.values() for p in s.pieces)
    assert "pentominoes" not in piece_sets(CUBE) and "pentominoes" in piece_sets(SQUARE)


def test_each_declaration_matches_its_set():
    """What is said of a set before it is built (grid, size, one-sidedness, the number in its
    description) holds for its pieces."""
    import re

    for name, s in piece_sets().items():
        declared = piece_sets().declaration(name)
        assert (s.name, s.description, s.one_sided, s.grid, len(s.pieces)) == \
            (name, declared.description, declared.one_sided, declared.grid, declared.size)
        number = re.search(r"(?<![\w.])(\d+)(?![\w.])", s.description)
        if number:
            assert int(number.group(1)) == declared.size, name


def test_find_piece_finds_every_piece_of_every_grid():
    """Each name gives the piece of the first set that holds it, on its own grid only."""
    from pentomino.geometry import GRIDS
    from pentomino.model.piecesets import all_piece_names, find_piece

    for grid in GRIDS.values():
        first = {}
        for s in piece_sets().values():
            for p in s.pieces:
                if p.grid is grid:
                    first.setdefault(p.name, p)
        assert first and all(find_piece(n, grid) == p and find_piece(n, grid).grid is grid for n, p in first.items())
        assert all_piece_names(grid) == sorted(first)
        others = {p.name for s in piece_sets().values() for p in s.pieces} - set(first)
        assert all(find_piece(n, grid) is None for n in others)
    assert find_piece("f") is piece_sets()["one-sided-pentominoes"].pieces[12]
    assert find_piece("no such piece") is None


def test_find_piece_stops_at_the_first_set_that_holds_the_name(unbuilt):
    from pentomino.model.piecesets import find_piece

    find_piece("I4")
    assert unbuilt.built() == ["pentominoes", "one-sided-pentominoes", "tetrominoes"]


def test_a_set_built_otherwise_than_declared_is_an_internal_error():
    """A built-in set whose pieces do not match its declaration is pentomino's bug, not bad input."""
    from pentomino import InternalError, PuzzleError
    from pentomino.geometry import CUBE
    from pentomino.model.piecesets import SetDeclaration

    domino = Piece("I2", frozenset({(0, 0), (0, 1)}))
    assert SetDeclaration("ok", "a domino", SQUARE, 1, lambda: (domino,)).make().pieces == (domino,)
    for declared in (SetDeclaration("short", "two dominoes", SQUARE, 2, lambda: (domino,)),
                     SetDeclaration("flat", "a solid domino", CUBE, 1, lambda: (domino,))):
        with pytest.raises(InternalError, match=rf"piece set '{declared.name}' is declared as") as info:
            declared.make()
        assert not isinstance(info.value, PuzzleError)


def test_the_ball_sets_are_flat_and_turn_over():
    """The Kanoodle and IQ Puzzler Pro pieces are balls joined in a square pattern, flat: each
    turns over though the sets are one-sided (solids), so a pentomino that is chiral on squares
    has its 24 orientations (8 in each of the lattice's three planes of squares), never 48."""
    from pentomino.geometry import SPHERE

    for name in ("kanoodle", "iq-puzzler-pro"):
        s = piece_sets()[name]
        assert s.one_sided and s.grid is SPHERE
        for p in s.pieces:
            assert SPHERE.is_flat(p.cells) and p.is_mirror_of(p)
            assert p.orientations(True) == p.orientations(False)
            square = piece_sets()["pentominoes"].pieces + piece_sets()["tetrominoes"].pieces
            flat = next(q for q in square + piece_sets()["trominoes"].pieces if q.name == p.name)
            assert len(p.orientations(True)) == 3 * len(flat.orientations(False))
