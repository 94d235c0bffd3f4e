"""Every grid in GRIDS provides the whole grid interface, and keeps its promises: colorings
that say they are proper are, layers read back to their cells, cells of a layer are drawn as
polygons that tile it, a layered grid has a 3-D view, and a puzzle on it goes through the file
format and the pictures. A new grid registered in GRIDS is checked here without a change."""

from __future__ import annotations

import math
import pickle

import pytest

from pentomino import InternalError, Piece, PieceCount, Puzzle
from pentomino.geometry import DEFAULT_GRID, GRIDS, Cell, Coloring, Face, Grid, View
from pentomino.model.piecesets import default_set, piece_sets
from pentomino.render.svg import render_svg
from pentomino.render.text import render_piece, render_text

ATTRIBUTES = {"name": str, "dims": int, "plural": str, "title": str, "piece_noun": str, "cell_rule": str,
              "layered": bool, "body": str, "one_sided_by_default": bool, "turned_over_anyway": str,
              "shapes_as_drawings": bool,
              "one_character_a_cell": bool, "step": int}
"""What a grid says of itself, and the type of each."""

METHODS = ("neighbours", "generators", "is_cell", "normalize", "translate", "colorings", "layer", "in_layer",
           "cell_at", "polygon", "view", "centre", "layer_range", "parse_cell_text", "bounding_rows_cols", "symmetries",
           "orientations", "mirror_images", "board_symmetries", "board_motions", "cell_map", "components",
           "is_connected")

grids = pytest.mark.parametrize("grid", list(GRIDS.values()), ids=list(GRIDS))


def patch(grid: Grid, radius: int = 3) -> list[Cell]:
    """The cells within ``radius`` steps of the origin."""
    cells, frontier = {grid.origin}, [grid.origin]
    for _ in range(radius):
        frontier = [n for c in frontier for n in grid.neighbours(c) if n not in cells]
        cells.update(frontier)
    return sorted(cells)


def box(grid: Grid, layers: int = 1) -> list[Cell]:
    """The cells drawn in rows and columns -3 .. 3 of layers 0 .. layers - 1."""
    return [cell for z in range(layers) for r in range(-3, 4) for c in range(-3, 4)
            if grid.is_cell(cell := grid.cell_at(z, (r, c)))]


@grids
def test_a_grid_provides_the_whole_interface(grid):
    assert not type(grid).__abstractmethods__
    for name, kind in ATTRIBUTES.items():
        assert isinstance(getattr(grid, name), kind), name
    for name in METHODS:
        assert callable(getattr(grid, name)), name
    assert GRIDS[grid.name] is grid and pickle.loads(pickle.dumps(grid)) is grid
    assert grid.plural and grid.title and grid.piece_noun and grid.step >= 1
    assert grid.origin == (0,) * grid.dims and grid.is_cell(grid.origin)
    assert default_set(grid) in piece_sets(grid)


@grids
def test_symmetries_apply_to_arrays_of_cells_as_to_each_cell(grid, monkeypatch):
    """A board's motions are found on arrays (a board of millions of cells is answered in
    seconds): each symmetry is affine on each class of cells of the same coordinate parities,
    read off a few cells. Never applied a cell at a time on a grid of today, and the same as
    applied a cell at a time, on cells in every class, far from the origin too."""
    from pentomino.geometry import grid as interface

    def one_by_one(g, cells):
        raise AssertionError(f"{g.name} is not affine on a class of cells of the {grid.name} grid")

    monkeypatch.setattr(interface, "_images_one_by_one", one_by_one)
    far = grid.cell_at(5, (-41, 96)) if grid.layered else grid.cell_at(0, (-41, 97))
    cells = box(grid, 3 if grid.layered else 1) + [c for c in (far, tuple(-x for x in far)) if grid.is_cell(c)]
    array = interface._cell_array(cells, grid.dims)
    for g in grid.symmetries():
        assert [tuple(x) for x in interface._affine_images(grid, g, array).tolist()] == [g(c) for c in cells], g.name
    monkeypatch.undo()
    # A board's motions, found on arrays (as for a large board) and a cell at a time, against a
    # recount: a box, and a row one cell thick (where two grid symmetries may move it alike).
    row = [grid.cell_at(0, (0, c)) for c in range(-6, 7)]
    for board in (frozenset(box(grid, 2 if grid.layered else 1)), frozenset(c for c in row if grid.is_cell(c))):
        kept = [g.name for g in grid.symmetries()  # translated onto the board, or not
                if grid.translate(image := [g(c) for c in board], min(image), min(board)) == board]
        found = []
        for small in (0, interface.SMALL_BOARD):
            monkeypatch.setattr(interface, "SMALL_BOARD", small)
            grid.__dict__.pop("_board_motions", None)  # not the motions kept from the other way
            motions = grid.board_motions(board)
            assert [m.symmetry.name for m in motions] == kept and len(kept) > 1
            maps = [grid.cell_map(board, m) for m in motions]
            assert all(set(cm.values()) == board and cm == {c: m(c) for c in board}
                       for cm, m in zip(maps, motions, strict=True))
            # twins: the same action, the same number, the first motion's
            assert all(m.action == maps.index(cm) for m, cm in zip(motions, maps, strict=True))
            found.append([(m.symmetry.name, m.shift, m.action) for m in motions])
        assert found[0] == found[1]


@grids
def test_neighbours_are_mutual(grid):
    cells = patch(grid)
    assert all(grid.is_cell(c) for c in cells)
    for c in cells:
        near = grid.neighbours(c)
        assert len(set(near)) == len(near) == len(grid.neighbours(grid.origin)) and c not in near
        assert all(c in grid.neighbours(n) for n in near)


@grids
def test_the_rule_for_cells_is_told_where_not_every_tuple_is_a_cell(grid):
    every = all(grid.is_cell(grid.cell_at(0, (r, c))) for r in range(-3, 4) for c in range(-3, 4))
    assert (grid.cell_rule == "") == every


@grids
def test_colorings_color_every_cell_and_proper_ones_are_proper(grid):
    colorings = grid.colorings()
    assert colorings and all(isinstance(k, Coloring) for k in colorings)
    assert colorings[0].proper  # the most telling first
    cells = patch(grid, 4)
    for coloring in colorings:
        colors = {coloring.color(c) for c in cells}
        assert colors == set(range(len(coloring.colors))), coloring.name  # each color used, no other
        clash = [(c, n) for c in cells for n in grid.neighbours(c) if coloring.color(c) == coloring.color(n)]
        assert (not clash) == coloring.proper, (coloring.name, clash[:1])


def test_the_checkerboards_and_the_hexagons_three_coloring_are_proper():
    named = {(g, k.name): k for g, grid in GRIDS.items() for k in grid.colorings()}
    for key in (("square", "a checkerboard coloring"), ("hexagon", "the three-coloring of the hexagons"),
                ("triangle", "triangles colored by which way they point"),
                ("cube", "a three-dimensional checkerboard coloring")):
        assert named[key].proper, key
    assert len(named["hexagon", "the three-coloring of the hexagons"].colors) == 3
    assert not named["square", "rows colored in turn"].proper


@grids
def test_layers_give_each_cell_back(grid):
    cells = patch(grid) + box(grid, 3 if grid.layered else 1)
    for cell in cells:
        r, c = grid.in_layer(cell)
        assert isinstance(r, int) and isinstance(c, int)
        assert grid.cell_at(grid.layer(cell), (r, c)) == cell
    if not grid.layered:
        assert {grid.layer(c) for c in cells} == {0}
        assert grid.one_character_a_cell or len(grid.layer_range(cells)) == 1
    else:
        assert grid.one_character_a_cell  # only a grid of one layer draws outlines
        assert len(grid.layer_range(cells)) > 1


@grids
def test_a_drawing_reads_back_to_its_cells(grid):
    for z in (0, 2):
        cells = [grid.cell_at(z, grid.in_layer(c)) for c in box(grid) if min(grid.in_layer(c)) >= 0]
        r0, c0, r1, c1 = grid.bounding_rows_cols(cells)
        assert (r0, c0) == (0, 0)
        lines = ["".join("#" if grid.cell_at(z, (r, c)) in cells else " " for c in range(c1 + 1))
                 for r in range(r1 + 1)]
        assert grid.parse_cell_text(lines, z) == {c: "#" for c in cells}


@grids
def test_the_cells_of_a_layer_are_polygons_that_tile_it(grid):
    """Unit edges, clockwise on screen; cells of one layer share an edge exactly when they touch."""
    def edges(cell):
        pts = [(round(x, 9), round(y, 9)) for x, y in grid.polygon(cell)]
        return {frozenset((pts[k], pts[(k + 1) % len(pts)])) for k in range(len(pts))}

    cells = box(grid)
    for cell in cells:
        pts = grid.polygon(cell)
        assert len(pts) >= 3
        shoelace = sum(pts[k][0] * pts[(k + 1) % len(pts)][1] - pts[(k + 1) % len(pts)][0] * pts[k][1]
                       for k in range(len(pts)))
        assert shoelace > 0
        assert all(abs(math.dist(pts[k], pts[(k + 1) % len(pts)]) - 1) < 1e-9 for k in range(len(pts)))
        near = set(grid.neighbours(cell))
        for other in cells:
            if other != cell:
                assert len(edges(cell) & edges(other)) == (1 if other in near else 0), (cell, other)


@grids
def test_a_layered_grid_has_a_3d_view(grid):
    cells = patch(grid, 2)
    if not grid.layered:
        with pytest.raises(InternalError):
            grid.view(cells)
        return
    view = grid.view(cells)
    assert isinstance(view, View) and view.width > 0 and view.height > 0
    assert view.faces and all(isinstance(f, Face) and f.cell in cells and len(f.corners) >= 3 for f in view.faces)
    assert {f.cell for f in view.faces} <= set(cells)
    alone = grid.view([grid.origin])
    assert alone.faces and {f.cell for f in alone.faces} == {grid.origin}
    assert len({f.side for f in alone.faces}) == len(alone.faces)
    # A cell between others on every side shows no face.
    inner = [c for c in cells if set(grid.neighbours(c)) <= set(cells)]
    assert inner and not any(f.cell in inner for f in view.faces)


@grids
def test_a_layered_grid_places_its_cells_in_space(grid):
    """Each cell has a centre in space (for the 3-D pictures and the page): touching cells 1
    apart, others farther, and z going up with the layers."""
    cells = patch(grid, 2)
    if not grid.layered:
        assert grid.body == ""
        with pytest.raises(InternalError):
            grid.centre(grid.origin)
        return
    assert grid.body in ("cube", "ball")
    where = {c: grid.centre(c) for c in cells}
    for a in cells:
        for b in cells:
            if a < b:
                d = math.dist(where[a], where[b])
                assert (abs(d - 1) < 1e-9) == (b in grid.neighbours(a)) and d > 1 - 1e-9, (a, b, d)
    low, high = min(cells, key=grid.layer), max(cells, key=grid.layer)
    assert where[low][2] < where[high][2]


@grids
def test_translations_keep_to_the_step(grid):
    cells = patch(grid, 1)
    for dr in range(-2, 3):
        for dc in range(-2, 3):
            moved = grid.translate(cells, grid.origin, grid.cell_at(0, (dr, dc)))
            assert (moved is not None) == ((dr + dc) % grid.step == 0), (dr, dc)
            if moved is not None:
                assert all(grid.is_cell(c) for c in moved)


@grids
def test_a_puzzle_on_the_grid_goes_through_the_file_format_and_the_pictures(grid):
    """A board of the cells near the origin (several layers on a layered grid) and the
    monomino and domino: its file reads back to it, it is one-sided as the grid says, and the
    pictures draw every cell."""
    board = frozenset(patch(grid, 2))
    domino = Piece("D", grid.normalize([grid.origin, grid.neighbours(grid.origin)[-1]]), grid)
    pieces = (PieceCount(Piece("M", frozenset({grid.origin}), grid), 0, None), PieceCount(domino, 1, 2))
    puzzle = Puzzle(board, pieces, (), grid.one_sided_by_default, "", grid)
    text = puzzle.to_toml()
    assert (f'grid = "{grid.name}"' in text) == (grid is not DEFAULT_GRID)
    assert ("board = [" in text) == grid.layered
    assert "one_sided" not in text  # as the grid implies
    back = Puzzle.from_toml(text)
    assert back.grid is grid and back.one_sided == grid.one_sided_by_default
    assert len(back.board) == len(board) and back.pieces == puzzle.pieces
    picture = render_text(puzzle, [])
    if grid.one_character_a_cell:
        assert picture.count(".") == len(board)
    else:  # outlines, two dots in each cell
        assert picture.count(".") == 2 * len(board)
    assert render_piece(domino).count("#") == (2 if grid.one_character_a_cell else 4)
    svg = str(render_svg(puzzle))
    if grid.body == "ball":  # balls as circles, every one
        assert svg.count('<circle class="ball"') == len(board)
    else:
        assert svg.count("<polygon") >= len(board)
