"""Pictures of solids in space (render/solid.py and the 3-D views of render/svg.py): the
assembled solid, the exploded one and the layers, for cubes and for balls.

Balls are drawn on a grid made here, the cube grid's cells placed as a face-centred cubic
packing (x = c + z/2, y = r + z/2, height z/√2 for the cell (z, r, c)), so that these tests need
no grid of balls from the package."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from conftest import NS, parse, polygon_points
from pentomino import Placement, Puzzle
from pentomino.errors import OptionError
from pentomino.geometry.cube import CubeGrid
from pentomino.render.palette import OUTLINE_COLOR, hex_color, luminance
from pentomino.render.solid import BALL_RADIUS, BALLS_APART, CUBES_APART, explode, moved_cell
from pentomino.render.svg import render_puzzle, render_sheet, render_svg
from test_cli import error_line, run
from test_render_grids import CUBE_PLACEMENTS, CUBES, by_class, centre, inside

DATA = Path(__file__).parent / "data"
COS30 = math.sqrt(3) / 2


class BallGrid(CubeGrid):
    """The cube grid's cells as balls in a face-centred cubic packing (a test's grid)."""

    name = "test-balls"
    body = "ball"

    def centre(self, cell):
        z, r, c = cell
        return (c + z / 2, r + z / 2, z / math.sqrt(2))


BALLS = BallGrid()


class Board:
    """What render_svg needs of a puzzle: a grid, a board, no piece placed."""

    def __init__(self, grid, cells):
        self.grid = grid
        self.board = frozenset(cells)
        self.preplaced = ()


# A square pyramid of 14 balls (3x3, 2x2, 1), cut into pieces in reading order: A-C of four
# balls, D of two.
PYRAMID = sorted((z, r, c) for z in range(3) for r in range(3 - z) for c in range(3 - z))
PYRAMID_PLACEMENTS = [Placement.of(name, PYRAMID[i:i + 4]) for name, i in zip("ABCD", range(0, 14, 4), strict=True)]


@pytest.fixture(scope="module")
def soma():
    puzzle = Puzzle.load("soma")
    return puzzle, puzzle.solve().placements


def faces_of(root):
    (solid,) = by_class(root, "g", "solid")
    return list(solid.iter(NS + "polygon"))


def cell_of(element) -> tuple[int, ...]:
    return tuple(int(v) for v in element.get("data-cell").split(","))


def iso(x, y, z) -> tuple[float, float]:
    return ((x - y) * COS30, (x + y) / 2 - z)


FACE_MIDDLE = {"top": (0.5, 0.5, 1), "left": (0.5, 1, 0.5), "right": (1, 0.5, 0.5)}
"""Where the middle of each side of a cube is, from its low corner (x, y, z)."""


# -- cubes, assembled -------------------------------------------------------------------------------
def test_solid_is_the_default_and_shows_only_the_solid(soma):
    puzzle, placements = soma
    svg = render_svg(puzzle, placements)
    assert svg == render_svg(puzzle, placements, view="solid")
    root = parse(svg)
    assert not by_class(root, "text", "layer-label") and not by_class(root, "g", "piece")
    faces = faces_of(root)
    # A full 3x3x3 box shows exactly its 9 top faces at z = 2, its 9 left at y = 2, 9 right at x = 2.
    for side, axis in (("top", 0), ("left", 1), ("right", 2)):
        cells = {cell_of(f) for f in faces if f.get("class") == side}
        assert len([f for f in faces if f.get("class") == side]) == 9
        assert {c[axis] for c in cells} == {2} and len(cells) == 9
    # Every piece of the Soma cube shows on its outside, each face in its piece's colors.
    assert {f.get("data-piece") for f in faces} == {p.piece for p in placements}
    for f in faces:
        assert cell_of(f) in placements[int(f.get("data-index"))].cells
    # 3 x 3 cells of 30 px: the hexagon of the cube, margins 10.
    assert (root.get("width"), root.get("height")) == (str(math.ceil(20 + 6 * COS30 * 30)), str(20 + 6 * 30))


def test_solid_draws_piece_borders_darker_than_inner_edges(soma):
    puzzle, placements = soma
    (solid,) = by_class(parse(render_svg(puzzle, placements)), "g", "solid")
    (outline,) = by_class(solid, "path", "outline")
    (inner,) = by_class(solid, "path", "inner")
    assert float(outline.get("stroke-width")) > float(inner.get("stroke-width"))
    assert outline.get("stroke") == hex_color(OUTLINE_COLOR)
    assert inner.get("stroke-opacity")  # a light line over the piece's own color


def test_solid_faces_are_shaded_and_painted_back_to_front(soma):
    puzzle, placements = soma
    faces = faces_of(parse(render_svg(puzzle, placements)))
    assert [sum(cell_of(f)) for f in faces] == sorted(sum(cell_of(f)) for f in faces)
    for i, _ in enumerate(placements):
        shades = {f.get("class"): f.get("fill") for f in faces if f.get("data-index") == str(i)}
        assert len(set(shades.values())) == len(shades)  # top, left and right each their own shade


def test_solid_names_sit_on_a_face_of_their_piece(soma):
    puzzle, placements = soma
    root = parse(render_svg(puzzle, placements, show_names=True))
    faces = faces_of(root)
    labels = by_class(root, "text", "label")
    assert labels and len({t.text for t in labels}) == len(labels)
    for label in labels:
        spot = (float(label.get("x")), float(label.get("y")) - 0.36 * 15)
        mine = [polygon_points(f) for f in faces if f.get("data-piece") == label.text]
        assert any(inside(spot, poly) for poly in mine), label.text


def test_solid_of_a_board_with_a_hole_and_free_cells():
    root = parse(render_svg(CUBES, CUBE_PLACEMENTS[:1]))
    faces = faces_of(root)
    assert "1,1,1" not in {f.get("data-cell") for f in faces}
    assert {f.get("data-cell") for f in faces if f.get("data-index") == "-1"} == {"0,1,0", "1,0,0", "1,1,0"}
    assert by_class(root, "path", "free-grid")


# -- cubes, exploded --------------------------------------------------------------------------------
def test_exploded_moves_each_piece_whole_and_apart(soma):
    puzzle, placements = soma
    root = parse(render_svg(puzzle, placements, view="exploded"))
    faces = faces_of(root)
    assert {f.get("data-piece") for f in faces} == {p.piece for p in placements}
    # Each face is where its cell's face is, moved by one page vector for the whole piece.
    moves: dict[str, list[tuple[float, float]]] = {}
    for f in faces:
        z, y, x = cell_of(f)
        dx, dy, dz = FACE_MIDDLE[f.get("class")]
        px, py = iso(x + dx, y + dy, z + dz)
        at = centre(polygon_points(f))
        moves.setdefault(f.get("data-piece"), []).append((at[0] - 30 * px, at[1] - 30 * py))
    for m in moves.values():
        assert max(math.dist(a, b) for a in m for b in m) < 0.1, m
    firsts = [m[0] for m in moves.values()]
    assert min(math.dist(a, b) for a in firsts for b in firsts if a is not b) > 10
    # In space no two pieces touch, not even at a corner.
    groups = {i: p.cells for i, p in enumerate(placements)}
    offsets = explode(puzzle.grid, groups)
    where = {i: {tuple(a + b for a, b in zip((x, y, z), offsets[i], strict=True)) for z, y, x in p.cells}
             for i, p in enumerate(placements)}
    for i in where:
        for j in where:
            if i < j:
                assert min(max(abs(a - b) for a, b in zip(p, q, strict=True))
                           for p in where[i] for q in where[j]) >= CUBES_APART


def test_exploded_shows_more_than_the_assembled_solid(soma):
    puzzle, placements = soma
    together = faces_of(parse(render_svg(puzzle, placements)))
    apart = faces_of(parse(render_svg(puzzle, placements, view="exploded")))
    assert len(apart) > len(together)
    for p in placements:  # every piece shows at least as many faces as when put together
        assert (sum(f.get("data-piece") == p.piece for f in apart)
                >= sum(f.get("data-piece") == p.piece for f in together))
    # Pushed apart, every piece is named: each has a face wholly in sight.
    labels = by_class(parse(render_svg(puzzle, placements, view="exploded", show_names=True)), "text", "label")
    assert sorted(t.text for t in labels) == sorted(p.piece for p in placements)


def test_moved_cell_walks_to_the_cell_at_the_shift():
    grid = Puzzle.load("soma").grid
    assert moved_cell(grid, (0, 1, 2), (3.0, -2.0, 1.0)) == (1, -1, 5)
    assert moved_cell(grid, (0, 1, 2), (0.0, 0.0, 0.0)) == (0, 1, 2)


# -- cubes, layers ------------------------------------------------------------------------------------
def test_layers_view_is_the_picture_of_before():
    """The layers view draws exactly what every picture of a solid was before the views (the
    files were written then)."""
    layers = render_svg(CUBES, CUBE_PLACEMENTS, show_names=True, title="layers", view="layers")
    assert layers == (DATA / "cubes-layers.svg").read_text(encoding="utf-8")
    assert render_puzzle(CUBES, view="layers") == (DATA / "cubes-layers-show.svg").read_text(encoding="utf-8")


# -- show: pieces as small solids ---------------------------------------------------------------------
def test_show_draws_each_solid_piece_in_space():
    puzzle = Puzzle.load("soma")
    root = parse(render_puzzle(puzzle))
    pictures = root.findall(NS + "svg")
    assert len(pictures) == 1 + len(puzzle.pieces)
    assert not by_class(root, "text", "layer-label")   # nothing drawn flat, layer by layer
    for picture, pc in zip(pictures[1:], puzzle.pieces, strict=True):
        faces = faces_of(picture)
        assert {f.get("data-piece") for f in faces} == {pc.piece.name}
        assert {cell_of(f) for f in faces} <= set(pc.piece.cells)
        assert [t.text for t in by_class(picture, "text", "label")] == [pc.piece.name]
    # A, B and P stand two layers high: one drawing each, with tops at both heights.
    for picture, pc in zip(pictures[1:], puzzle.pieces, strict=True):
        if pc.piece.name in "ABP":
            tops = {cell_of(f)[0] for f in faces_of(picture) if f.get("class") == "top"}
            assert tops == {0, 1}


# -- balls ------------------------------------------------------------------------------------------
def balls_of(root):
    (solid,) = by_class(root, "g", "solid")
    return by_class(solid, "circle", "ball")


@pytest.mark.parametrize("view", ["solid", "exploded", "layers"])
def test_every_ball_is_drawn_once(view):
    root = parse(render_svg(Board(BALLS, PYRAMID), PYRAMID_PLACEMENTS, view=view))
    drawn = balls_of(root)
    assert sorted(cell_of(b) for b in drawn) == PYRAMID
    owner = {c: i for i, p in enumerate(PYRAMID_PLACEMENTS) for c in p.cells}
    assert all(int(b.get("data-index")) == owner[cell_of(b)] for b in drawn)
    assert {float(b.get("r")) for b in drawn} == {round(BALL_RADIUS * 30, 2)}
    assert not by_class(root, "polygon", "top")
    assert bool(by_class(root, "text", "layer-label")) == (view == "layers")


def test_balls_are_painted_back_to_front_and_touch_on_the_page():
    root = parse(render_svg(Board(BALLS, PYRAMID), PYRAMID_PLACEMENTS))
    drawn = balls_of(root)
    depths = [sum(BALLS.centre(cell_of(b))) for b in drawn]
    assert depths == sorted(depths)
    at = {cell_of(b): (float(b.get("cx")), float(b.get("cy"))) for b in drawn}
    # Seen along (1, 1, 1), every distance across the line of sight is stretched by √(3/2), so
    # the discs of two touching balls touch where the line between them is across the sight
    # line, and overlap otherwise.
    for a in PYRAMID:
        for b in PYRAMID:
            d = [p - q for p, q in zip(BALLS.centre(a), BALLS.centre(b), strict=True)]
            along = sum(d) / 3
            across = math.dist(d, (along, along, along))
            assert math.dist(at[a], at[b]) == pytest.approx(30 * math.sqrt(1.5) * across, abs=0.03)
            if math.dist(BALLS.centre(a), BALLS.centre(b)) == pytest.approx(1):
                assert math.dist(at[a], at[b]) <= 2 * BALL_RADIUS * 30 + 0.03
    # The top ball, nearest the viewer of its column, is drawn last of all that cover its centre.
    assert cell_of(drawn[-1]) in {(0, 2, 2), (1, 1, 1), (2, 0, 0)}
    # Each ball's shading is its color's gradient, defined once.
    ids = [g.get("id") for g in root.iter(NS + "radialGradient")]
    assert len(ids) == len(set(ids)) == len(PYRAMID_PLACEMENTS)
    assert {b.get("fill") for b in drawn} == {f"url(#{i})" for i in ids}


def rims(root):
    """The rim paths after each ball: {cell: {class: d}}."""
    (solid,) = by_class(root, "g", "solid")
    out, here = {}, None
    for e in solid:
        if e.tag == NS + "circle":
            here = cell_of(e)
            out[here] = {}
        elif e.tag == NS + "path" and here is not None:
            out[here][e.get("class")] = e
    return out


def test_ball_rims_outline_pieces_and_thinly_mark_their_own():
    two = [Placement.of("A", [(0, 0, 0), (0, 0, 1)]), Placement.of("B", [(0, 1, 0)])]
    root = parse(render_svg(Board(BALLS, [(0, 0, 0), (0, 0, 1), (0, 1, 0)]), two))
    rim = rims(root)
    # The first ball painted borders only the background: its whole rim is an outline (two halves).
    assert set(rim[(0, 0, 0)]) == {"outline"}
    assert rim[(0, 0, 0)]["outline"].get("d").count("A") == 2
    # Its piece's second ball, in front of it, is thinly marked where it covers it; B, of another
    # piece, is outlined all round.
    assert set(rim[(0, 0, 1)]) == {"outline", "inner"}
    assert set(rim[(0, 1, 0)]) == {"outline"}
    thick = float(rim[(0, 0, 1)]["outline"].get("stroke-width"))
    assert thick > float(rim[(0, 0, 1)]["inner"].get("stroke-width"))
    assert luminance(tuple(int(rim[(0, 0, 1)]["outline"].get("stroke")[i:i + 2], 16) for i in (1, 3, 5))) < \
        luminance(tuple(int(rim[(0, 0, 1)]["inner"].get("stroke")[i:i + 2], 16) for i in (1, 3, 5)))


def test_ball_arcs_end_where_the_ball_behind_ends():
    two = [Placement.of("A", [(0, 0, 0), (0, 0, 1)])]
    root = parse(render_svg(Board(BALLS, [(0, 0, 0), (0, 0, 1)]), two))
    inner = rims(root)[(0, 0, 1)]["inner"].get("d")
    start, end = ([float(v) for v in m.split()] for m in re.findall(r"[MA]([-\d. ]+)", inner)[0:2])
    back = [float(b.get(k)) for b in balls_of(root) for k in ("cx", "cy") if cell_of(b) == (0, 0, 0)]
    r = BALL_RADIUS * 30
    # The inner arc runs on the front ball's rim from one crossing of the two rims to the other.
    assert math.dist(start, back) == pytest.approx(r, abs=0.2)
    assert math.dist((end[-2], end[-1]), back) == pytest.approx(r, abs=0.2)


def test_exploded_balls_are_apart_and_named():
    groups = {i: p.cells for i, p in enumerate(PYRAMID_PLACEMENTS)}
    offsets = explode(BALLS, groups)
    where = {i: [tuple(a + b for a, b in zip(BALLS.centre(c), offsets[i], strict=True)) for c in p.cells]
             for i, p in enumerate(PYRAMID_PLACEMENTS)}
    for i in where:
        for j in where:
            if i < j:
                assert min(math.dist(p, q) for p in where[i] for q in where[j]) >= BALLS_APART - 1e-9
    root = parse(render_svg(Board(BALLS, PYRAMID), PYRAMID_PLACEMENTS, view="exploded", show_names=True))
    labels = by_class(root, "text", "label")
    assert sorted(t.text for t in labels) == list("ABCD")
    at = {cell_of(b): (float(b.get("cx")), float(b.get("cy"))) for b in balls_of(root)}
    for t in labels:  # on a ball of its piece
        spot = (float(t.get("x")), float(t.get("y")) - 0.36 * 15)
        p = next(p for p in PYRAMID_PLACEMENTS if p.piece == t.text)
        assert min(math.dist(spot, at[c]) for c in p.cells) < 0.5


def test_free_balls_are_grey_with_light_lines():
    root = parse(render_svg(Board(BALLS, PYRAMID), PYRAMID_PLACEMENTS[:1]))
    free = [b for b in balls_of(root) if b.get("data-index") == "-1"]
    assert len(free) == len(PYRAMID) - 4
    assert any("free-grid" in r for r in rims(root).values())


# -- the view option ----------------------------------------------------------------------------------
def test_view_is_checked_in_the_library(soma):
    puzzle, placements = soma
    with pytest.raises(OptionError, match=r"^view must be one of solid, exploded, layers, not 'side'$"):
        render_svg(puzzle, placements, view="side")
    with pytest.raises(OptionError, match=r"^view draws a solid, and a board of squares is flat: leave it out$"):
        render_svg(Puzzle.load("6x10"), view="solid")
    with pytest.raises(OptionError, match="^view "):
        render_puzzle(Puzzle.load("6x10"), view="layers")
    flat = Puzzle.load("6x10")
    assert render_svg(flat, view=None) == render_svg(flat)
    sheet = render_sheet(puzzle, [placements, placements], view="exploded")
    assert sheet.count('<g class="solid">') == 2 and "layer-label" not in sheet
    assert puzzle.solve().to_svg(view="layers") == render_svg(puzzle, placements, view="layers")


def test_cli_view(tmp_path, soma):
    puzzle, placements = soma
    out = tmp_path / "soma.svg"
    result = run("solve", "soma", "--format", "svg", "--view", "exploded", "-o", out)
    assert result.exit_code == 0, result.stderr
    assert out.read_text() == render_sheet(puzzle, [placements], view="exploded") + "\n"
    result = run("solve", "soma", "--format", "svg", "-o", out)
    assert result.exit_code == 0 and out.read_text() == render_svg(puzzle, placements) + "\n"
    result = run("show", "soma", "--format", "svg", "--view", "layers")
    assert result.exit_code == 0 and result.stdout == render_puzzle(puzzle, view="layers")


@pytest.mark.parametrize("args, message", [
    (("solve", "6x10", "--format", "svg", "--view", "solid"),
     "pentomino: error: --view draws a solid, and a board of squares is flat: leave it out "
     "(see `pentomino solve --help`)"),
    (("show", "8x8", "--format", "svg", "--view", "exploded"),
     "pentomino: error: --view draws a solid, and a board of squares is flat: leave it out "
     "(see `pentomino show --help`)"),
    (("solve", "soma", "--view", "exploded"),
     "pentomino: error: --view goes with --format svg: it chooses how a picture draws a solid, not --format text"),
    (("show", "soma", "--toml", "--view", "layers"),
     "pentomino: error: --view draws a picture; --toml writes the puzzle file: give one"),
    (("solve", "soma", "--format", "svg", "--view", "side"),
     "pentomino: error: Invalid value for '--view': 'side' is not one of 'solid', 'exploded', 'layers'. "
     "(see `pentomino solve --help`)"),
])
def test_cli_view_errors_are_one_line(args, message):
    assert error_line(run(*args)) == message
