"""Pictures of the other grids: SVG of triangles, hexagons, cubes and balls (structure checked by
parsing the document), their text and color forms on small known examples (exact strings),
and the command line drawing them."""

from __future__ import annotations

import math
import re

import pytest
from click.testing import CliRunner

from conftest import NS, parse, path_length, path_segments, polygon_points
from pentomino import Placement, Puzzle
from pentomino.cli import main
from pentomino.render.color import render_color
from pentomino.render.svg import render_puzzle, render_svg
from pentomino.render.text import render_piece, render_text

ANSI = re.compile(r"\x1b\[[0-9;]*m")

# Two rows of six triangles (up where r + c is even): three pieces, three cells left free.
TRIANGLES = Puzzle.from_toml('''
grid = "triangle"
pieces = "triamond"
board = """
......
......
"""
[copies]
T3 = 4
''')
TRIANGLE_PLACEMENTS = [Placement.of("A", [(0, 0), (0, 1), (0, 2)]),
                       Placement.of("B", [(0, 3), (0, 4), (1, 4)]),
                       Placement.of("C", [(1, 0), (1, 1), (1, 2)])]
# Two rows of three hexagons, the second half a cell to the right: three dihexes.
HEXAGONS = Puzzle.from_toml('''
grid = "hexagon"
pieces = "dihex"
board = """
. . .
 . . .
"""
[copies]
X2 = 3
''')
HEXAGON_PLACEMENTS = [Placement.of("A", [(0, 0), (0, 2)]),
                      Placement.of("B", [(0, 4), (1, 5)]),
                      Placement.of("C", [(1, 1), (1, 3)])]
# A 2x2x2 box with one cell missing (a hole), two layers.
CUBES = Puzzle.from_toml('''
grid = "cube"
pieces = "soma"
board = ["""
..
..
""", """
..
.
"""]
[copies]
T = 0
Z = 0
A = 0
B = 0
P = 0
''')
CUBE_PLACEMENTS = [Placement.of("L", [(0, 0, 0), (0, 0, 1), (0, 1, 1), (1, 0, 1)]),
                   Placement.of("V", [(0, 1, 0), (1, 0, 0), (1, 1, 0)])]
# The pyramid of five balls: an L of three in the base, two balls (the last of the base and the
# apex, which touches every ball of the base) for the other piece.
BALLS = Puzzle.from_toml('''
grid = "sphere"
board = ["""
..
..
""", """
.
"""]
[shapes]
L = [[0, 0, 0], [0, 0, 1], [0, 1, 0]]
D = [[0, 0, 0], [0, 0, 1]]
''')
BALL_PLACEMENTS = [Placement.of("L", [(0, 0, 0), (0, 0, 1), (0, 1, 0)]), Placement.of("D", [(0, 1, 1), (1, 0, 0)])]


def by_class(root, tag: str, name: str) -> list:
    return [e for e in root.iter(NS + tag) if name in (e.get("class") or "").split()]


def centre(pts) -> tuple[float, float]:
    return (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))


def inside(p, polygon) -> bool:
    """Point in a convex polygon (on the same side of every edge)."""
    signs = set()
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        cross = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
        if abs(cross) > 1e-9:
            signs.add(cross > 0)
    return len(signs) <= 1


# -- plane grids ----------------------------------------------------------------------------
@pytest.fixture(scope="module", params=["6x10", "hexiamonds-6x6", "hexiamonds-4x9", "tetrahexes-4x7"])
def solved(request):
    puzzle = Puzzle.load(request.param)
    return puzzle, puzzle.solve().placements


def expected_centres(puzzle, cell_size=30, margin=10):
    """Where each board cell's centre must be drawn: grid.polygon scaled to cells of
    cell_size² area, its top-left corner at (margin, margin)."""
    polys = {c: puzzle.grid.polygon(c) for c in puzzle.board}
    first = next(iter(polys.values()))
    area = abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(first, first[1:] + first[:1], strict=True))) / 2
    scale = cell_size / math.sqrt(area)
    x_min = min(x for p in polys.values() for x, _ in p)
    y_min = min(y for p in polys.values() for _, y in p)
    return {c: centre([(margin + (x - x_min) * scale, margin + (y - y_min) * scale) for x, y in p])
            for c, p in polys.items()}, scale


def test_plane_svg_draws_each_cell_once_in_its_piece(solved):
    puzzle, placements = solved
    root = parse(render_svg(puzzle, placements))
    groups = by_class(root, "g", "piece")
    assert [g.get("data-piece") for g in groups] == [p.piece for p in placements]
    corners = len(puzzle.grid.polygon(next(iter(puzzle.board))))
    where, _ = expected_centres(puzzle)
    drawn = []
    for g, p in zip(groups, placements, strict=True):
        polygons = list(g.iter(NS + "polygon"))
        assert len(polygons) == len(p.cells)
        assert all(len(polygon_points(poly)) == corners for poly in polygons)
        for poly in polygons:   # each polygon is drawn where one of the piece's cells is
            at = centre(polygon_points(poly))
            assert sum(math.dist(at, where[c]) < 0.05 for c in p.cells) == 1
        drawn += [centre(polygon_points(poly)) for poly in polygons]
    assert len(drawn) == len(puzzle.board)
    assert all(sum(math.dist(at, spot) < 0.05 for at in drawn) == 1 for spot in where.values())
    assert not by_class(root, "g", "free")


def test_plane_svg_outline_and_inner_lines_follow_the_pieces(solved):
    puzzle, placements = solved
    root = parse(render_svg(puzzle, placements))
    _, scale = expected_centres(puzzle)
    owner = {c: i for i, p in enumerate(placements) for c in p.cells}
    sides = len(puzzle.grid.polygon(next(iter(puzzle.board))))
    between = same = border = 0
    for c, i in owner.items():
        touching = [n for n in puzzle.grid.neighbours(c) if n in owner]
        border += sides - len(touching)
        between += sum(owner[n] != i for n in touching)
        same += sum(owner[n] == i for n in touching)
    (outline,) = by_class(root, "path", "outline")
    (inner,) = by_class(root, "path", "inner")
    assert path_length(outline.get("d")) == pytest.approx((border + between // 2) * scale, abs=0.1)
    assert path_length(inner.get("d")) == pytest.approx(same // 2 * scale, abs=0.1)
    # The edges are joined into long lines, and edges in a straight line are one segment.
    d = outline.get("d")
    assert d.count("M") < len(path_segments(d))
    if puzzle.grid.name == "hexagon":  # no two edges of a hexagon grid are in line
        assert d.count("M") * 3 < len(path_segments(d))
    else:
        assert len(path_segments(d)) < (border + between // 2) * 0.75


def test_plane_svg_labels_sit_inside_their_piece(solved):
    puzzle, placements = solved
    root = parse(render_svg(puzzle, placements, show_names=True))
    labels = by_class(root, "text", "label")
    assert len(labels) == len(placements)
    groups = {g.get("data-index"): g for g in by_class(root, "g", "piece")}
    for i, (label, p) in enumerate(zip(labels, placements, strict=True)):
        assert label.text == p.piece
        spot = (float(label.get("x")), float(label.get("y")))
        assert any(inside(spot, polygon_points(poly)) for poly in groups[str(i)].iter(NS + "polygon"))


@pytest.mark.parametrize("name, sides", [("hexiamonds-6x6", 4), ("8x8-corners", 12)])
def test_empty_board_outline_is_one_closed_line(name, sides):
    puzzle = Puzzle.load(name)
    root = parse(render_svg(puzzle))
    (outline,) = by_class(root, "path", "outline")
    d = outline.get("d")
    assert d.count("M") == 1 and d.endswith("Z")
    assert len(path_segments(d)) == sides
    (free,) = by_class(root, "g", "free")
    assert len(list(free.iter(NS + "polygon"))) == len(puzzle.board)
    assert by_class(root, "path", "free-grid")


def test_triangle_svg_partly_covered():
    root = parse(render_svg(TRIANGLES, TRIANGLE_PLACEMENTS))
    groups = by_class(root, "g", "piece")
    assert [len(list(g.iter(NS + "polygon"))) for g in groups] == [3, 3, 3]
    (free,) = by_class(root, "g", "free")
    assert len(list(free.iter(NS + "polygon"))) == 3
    # Cells of the same area as a 30 px square: edge 30 / sqrt(sqrt(3) / 4) ~ 45.6 px.
    edge = 30 / math.sqrt(math.sqrt(3) / 4)
    for poly in root.iter(NS + "polygon"):
        a, b, c = polygon_points(poly)
        assert math.dist(a, b) == pytest.approx(edge, abs=0.02)
        assert math.dist(b, c) == pytest.approx(edge, abs=0.02)


def test_square_pictures_keep_their_size_and_grid():
    puzzle = Puzzle.load("6x10")
    root = parse(render_svg(puzzle))
    assert (root.get("width"), root.get("height")) == ("320", "200")
    (outline,) = by_class(root, "path", "outline")
    assert outline.get("d") == "M10 10V190H310V10Z"


# -- cubes ----------------------------------------------------------------------------------
def test_cube_svg_has_the_solid_and_its_layers():
    puzzle = Puzzle.load("soma")
    placements = puzzle.solve().placements
    root = parse(render_svg(puzzle, placements, show_names=True, view="layers"))
    (solid,) = by_class(root, "g", "solid")
    faces = list(solid.iter(NS + "polygon"))
    # A full 3x3x3 box shows 9 tops, 9 left and 9 right faces.
    assert sorted(f.get("class") for f in faces) == ["left"] * 9 + ["right"] * 9 + ["top"] * 9
    for f in faces:
        cell = tuple(int(v) for v in f.get("data-cell").split(","))
        assert cell in placements[int(f.get("data-index"))].cells
        side = {"top": 0, "left": 1, "right": 2}[f.get("class")]
        assert cell[side] == 2   # only the outer layer on each visible side shows
    # Each piece has its own face colors: three shades, the front-left one the piece's color.
    for i, _ in enumerate(placements):
        shades = {f.get("class"): f.get("fill") for f in faces if f.get("data-index") == str(i)}
        assert len(set(shades.values())) == len(shades)
    assert by_class(solid, "path", "outline") and by_class(solid, "path", "inner")
    # The exploded view: the layers z = 0, 1, 2, each cell once, one group per placement.
    captions = by_class(root, "text", "layer-label")
    assert [t.text for t in captions] == ["z = 0", "z = 1", "z = 2"]
    groups = by_class(root, "g", "piece")
    assert [g.get("data-piece") for g in groups] == [p.piece for p in placements]
    assert [len(list(g.iter(NS + "polygon"))) for g in groups] == [len(p.cells) for p in placements]
    squares = [polygon_points(q) for g in groups for q in g.iter(NS + "polygon")]
    assert len({centre(s) for s in squares}) == 27
    assert all(len(s) == 4 for s in squares)
    assert len(by_class(root, "text", "label")) == 7
    # The layers stand beside the solid, not on it.
    solid_right = max(x for f in faces for x, _ in polygon_points(f))
    assert min(x for s in squares for x, _ in s) > solid_right


def test_cube_svg_greys_free_cells_and_leaves_holes_out():
    # L alone on the 2x2x2 box that lacks (1, 1, 1): V's three cells are uncovered.
    root = parse(render_svg(CUBES, CUBE_PLACEMENTS[:1], view="layers"))
    (solid,) = by_class(root, "g", "solid")
    faces = list(solid.iter(NS + "polygon"))
    shown = {f.get("data-cell") for f in faces}
    assert "1,1,1" not in shown                       # the hole
    assert "0,1,1" in shown                           # seen through the hole, from above
    assert {f.get("data-cell") for f in faces if f.get("class") == "top"} == {"1,0,0", "1,0,1", "1,1,0", "0,1,1"}
    free_faces = {f.get("data-cell") for f in faces if f.get("data-index") == "-1"}
    assert free_faces == {"0,1,0", "1,0,0", "1,1,0"}
    assert by_class(solid, "path", "free-grid")
    (free,) = by_class(root, "g", "free")
    (piece,) = by_class(root, "g", "piece")
    assert len(list(free.iter(NS + "polygon"))) == 3
    assert len(list(piece.iter(NS + "polygon"))) == 4
    assert [t.text for t in by_class(root, "text", "layer-label")] == ["z = 0", "z = 1"]


def test_cube_faces_are_painted_back_to_front():
    root = parse(render_svg(CUBES, CUBE_PLACEMENTS))
    cells = [tuple(int(v) for v in f.get("data-cell").split(","))
             for f in by_class(root, "g", "solid")[0].iter(NS + "polygon")]
    assert [sum(c) for c in cells] == sorted(sum(c) for c in cells)


# -- balls ----------------------------------------------------------------------------------
def test_ball_svg_has_a_disc_a_ball_back_to_front_and_the_layers():
    root = parse(render_svg(BALLS, BALL_PLACEMENTS, view="layers"))  # the solid, and the layers beside it
    (solid,) = by_class(root, "g", "solid")
    discs = list(solid.iter(NS + "circle"))
    assert [d.get("class") for d in discs] == ["ball"] * 5
    cells = [tuple(int(v) for v in d.get("data-cell").split(",")) for d in discs]
    assert sorted(cells) == sorted(BALLS.board)
    # Back to front: by x + y + z of the centres, the apex (1.71) before the front ball (2).
    depth = [sum(BALLS.grid.centre(c)) for c in cells]
    assert depth == sorted(depth) and cells.index((1, 0, 0)) < cells.index((0, 1, 1))
    assert {d.get("data-cell"): d.get("data-piece") for d in discs}["1,0,0"] == "D"
    # A disc is a ball's outline: (0, 0, 1) and (0, 1, 0) lie sqrt 2 apart across the line of
    # sight, so their discs are drawn sqrt 2 diameters apart.
    centres = {c: (float(d.get("cx")), float(d.get("cy"))) for c, d in zip(cells, discs, strict=True)}
    radius = float(discs[0].get("r"))
    assert math.dist(centres[(0, 0, 1)], centres[(0, 1, 0)]) == pytest.approx(2 * math.sqrt(2) * radius, abs=0.05)
    # The layers as squares, z = 0 and z = 1.
    assert [t.text for t in by_class(root, "text", "layer-label")] == ["z = 0", "z = 1"]
    squares = [polygon_points(q) for g in by_class(root, "g", "piece") for q in g.iter(NS + "polygon")]
    assert len(squares) == 5 and all(len(q) == 4 for q in squares)


def test_a_ball_hidden_on_every_side_shows_no_disc():
    grid = BALLS.grid
    inner = (0, 0, 0)
    view = grid.view([inner, *grid.neighbours(inner)])
    assert len(view.faces) == 12 and inner not in {f.cell for f in view.faces}


def test_ball_text_lists_the_layers_side_by_side():
    assert render_text(BALLS, BALL_PLACEMENTS) == "LL  D\nLD"
    assert render_text(BALLS, BALL_PLACEMENTS[:1]) == "LL  .\nL."


# -- text and color ------------------------------------------------------------------------
TRIANGLE_TEXT = r"""
   __________________
  /  AA  \ BB  \ .. /
 /AA    AA\   BB\  /
/__________\     \/
\ CC    CC /\ BB /\
 \   CC   /..\  /..\
  \______/____\/____\
"""


def test_triangle_text_is_drawn_with_slashes():
    assert render_text(TRIANGLES, TRIANGLE_PLACEMENTS) == TRIANGLE_TEXT.strip("\n")


def test_triangle_board_and_piece_text():
    assert render_text(TRIANGLES, []) == r"""
   __________________
  /  ..    ..    .. /
 /..    ..    ..   /
/                 /
\ ..    ..    ..  \
 \   ..    ..    ..\
  \_________________\
""".strip("\n")
    assert render_piece(TRIANGLES.pieces[0].piece) == r"""
   ______
  /  ##  \
 /##    ##\
/__________\
""".strip("\n")


def test_hexagon_text_and_color_are_offset():
    assert render_text(HEXAGONS, HEXAGON_PLACEMENTS) == "A A B\n C C B"
    # In color a hexagon is two characters and the rows touch: a brick wall.
    assert ANSI.sub("", render_color(HEXAGONS, HEXAGON_PLACEMENTS)) == "A A B \n C C B "
    assert ANSI.sub("", render_color(HEXAGONS, HEXAGON_PLACEMENTS[:1])) == "A A · \n · · · "
    lines = render_color(HEXAGONS, HEXAGON_PLACEMENTS).split("\n")
    assert lines[1].startswith("\x1b[0m ") and all(line.endswith("\x1b[0m") for line in lines)


def test_cube_text_lists_the_layers_side_by_side():
    assert render_text(CUBES, CUBE_PLACEMENTS) == "LL  VL\nVL  V"
    assert render_text(CUBES, CUBE_PLACEMENTS[:1]) == "LL  .L\n.L  ."


def test_file_drawings_stay_one_character_a_cell():
    text = TRIANGLES.to_toml()
    assert "......\n......" in text and "/" not in text


# -- the command line -----------------------------------------------------------------------
def run(*args: str):
    try:  # click < 8.2 mixes stderr into stdout unless told not to
        runner = CliRunner(mix_stderr=False)
    except TypeError:
        runner = CliRunner()
    return runner.invoke(main, [str(a) for a in args], prog_name="pentomino")


@pytest.mark.parametrize("name, pieces", [("hexiamonds-4x9", 12), ("tetrahexes-4x7", 7), ("soma", 7),
                                          ("kanoodle-pyramid-start", 12)])
def test_solve_svg_on_every_grid(tmp_path, name, pieces):
    out = tmp_path / "x.svg"
    result = run("solve", name, "--format", "svg", "-o", out)
    assert result.exit_code == 0, result.stderr
    root = parse(out.read_text())
    # A flat board: a group a piece; a solid: each piece's faces, named by data-piece.
    drawn = {e.get("data-piece") for e in root.iter() if e.get("data-piece")}
    assert len(drawn) == pieces
    assert (by_class(root, "g", "solid") != []) == Puzzle.load(name).grid.layered
    assert by_class(root, "path", "outline")


@pytest.mark.parametrize("name", ["8x8", "hexiamonds-6x6", "tetrahexes-4x7", "soma", "kanoodle-pyramid-two"])
def test_show_in_every_format(tmp_path, name):
    puzzle = Puzzle.load(name)
    out = tmp_path / "x.svg"
    result = run("show", name, "--format", "svg", "-o", out)
    assert result.exit_code == 0, result.stderr
    root = parse(out.read_text())
    assert len(root.findall(NS + "svg")) == 1 + len(puzzle.pieces)   # the board, then each piece
    assert out.read_text() == render_puzzle(puzzle)
    for fmt in ("text", "color"):
        result = run("show", name, "--format", fmt)
        assert result.exit_code == 0, result.stderr
        plain = ANSI.sub("", result.stdout)
        assert plain.startswith(puzzle.name) and "pieces:" in plain
        assert all(f"  {pc.piece.name} (" in plain for pc in puzzle.pieces)


def test_show_draws_triangles_with_slashes():
    result = run("show", "hexiamonds-6x6")
    assert result.exit_code == 0
    lines = result.stdout.split("\n")
    assert lines[2] == " " * 18 + "_" * 36 and lines[3].startswith(" " * 17 + "/  ..")
    i6 = lines.index("  I6 (6 cells, copies: 1)")
    assert lines[i6 + 1:i6 + 5] == ["       __________________", "      /  ##    ##    ## /",
                                    "     /##    ##    ##   /", "    /_________________/"]
    toml = run("show", "hexiamonds-6x6", "--toml").stdout
    assert "/" not in toml.split("board")[1]
