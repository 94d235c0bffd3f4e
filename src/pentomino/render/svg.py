"""SVG pictures of boards and solutions (standard library only).

Cells are drawn from ``grid.polygon(cell)``, their outline in their layer: every cell is a
``<polygon>``, and an edge two cells share is found by its two corner points. Edges of one
kind (outline, inner, free grid) are joined into long lines: straight runs become one segment
and each line turns corners with a mitred join, so outlines are unbroken on every grid. The
document is laid out in layers, bottom to top::

    <svg>
      <title>…</title>                                   (only with a title)
      <text class="title">…</text>                       (only with a title)
      <g class="free">  one <polygon> per uncovered board cell (light grey)
      <g class="piece" data-piece="F" data-index="0" fill="#…">  one group per placement,
                        one <polygon> per cell
      <path class="inner">     thin light lines between cells of one piece
      <path class="free-grid"> thin grey lines between uncovered cells
      <path class="outline">   thick dark lines between different pieces / the outside
      <g class="labels"> one <text class="label" data-piece="F"> per placement (show_names)
    </svg>

Cells off the board are not drawn at all, so holes stay empty (transparent).

A puzzle on a layered grid (a solid) is drawn in space, in one of three views (``view``): the
pieces put together (``solid``, the default), pushed apart from the middle (``exploded``, see
:mod:`pentomino.render.solid`), or a small solid with its layers beside it (``layers``)::

    <g class="solid">   cubes: the grid's 3-D view (``grid.view``: from above, in front and to
                        the right, z up): one <polygon class="top|left|right" data-index
                        data-cell> per face seen, shaded from its piece's color, back to front;
                        then its inner, free-grid and outline paths;
                        balls: <defs> of one radial gradient a color, then back to front one
                        <circle class="ball" data-index data-cell> per ball, each followed by
                        the arcs of its rim (<path class="inner|free-grid|outline">);
                        then, with show_names, <g class="labels"> (not in the layers view)
    <g class="layers">  (layers view) one <text class="layer-label" data-z="0">z = 0</text>
                        per layer
    …                   (layers view) the layers: each flat (cubes: as squares), in a column or
                        a row, drawn as a plane board is above (one piece group per placement,
                        all layers)
"""

from __future__ import annotations

import math
import numbers
import os
import re
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, TypeAlias, TypedDict
from xml.sax.saxutils import escape, quoteattr

from pentomino.errors import InternalError, PuzzleError
from pentomino.geometry.grid import Cell, Face, Grid, Point, Polygon
from pentomino.geometry.wrap import Wrap
from pentomino.model.piece import Piece
from pentomino.model.placement import Placement
from pentomino.model.puzzle import Puzzle
from pentomino.render.palette import FREE_COLOR, OPEN_COLOR, OUTLINE_COLOR, hex_color, piece_color, shade, text_color
from pentomino.render.solid import (
    BALL_RADIUS,
    Arc,
    Ball,
    Vector,
    balls,
    check_view,
    explode,
    moved_cell,
    names_at,
    rims,
)
from pentomino.render.text import Drawable, cell_owner, edge_sides, opened

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing has it from Python 3.11

_FREE = -1
_OPEN = -2  # a cell left open by choice (a calendar's date)
"""Owner of a board cell that no placement covers (placements own 0, 1, 2, …)."""
_DIGITS = 6
"""Corner points are compared rounded to this many decimals: touching cells' corners agree up
to float rounding."""

ToPixels: TypeAlias = Callable[[Point], Point]
"""The map from a drawing's units to a picture's pixels."""
Edge: TypeAlias = tuple[Point, Point]
SEAM_COLOR = "#1565c0"
"""The dashes along the edges a wrapping board glues: blue, no piece's color."""
"""An edge of a cell or a face, as its two end points (rounded by :func:`_key`), the smaller first."""


class SvgOptions(TypedDict, total=False):
    """The options of :func:`render_svg`, as :func:`render_sheet` passes them on."""

    cell_size: int
    margin: float
    show_names: bool
    title: str | None
    view: str | None


class SvgImage(str):
    """The text of an SVG document; Jupyter and IPython display it as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return self

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the document to ``path``."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self)


def _num(x: float) -> str:
    """A coordinate, without a useless ``.0``."""
    x = round(x, 2) + 0.0  # + 0.0 turns -0.0 into 0.0
    return str(int(x)) if x.is_integer() else f"{x:.2f}".rstrip("0")


def _key(p: Point) -> Point:
    return (round(p[0], _DIGITS) + 0.0, round(p[1], _DIGITS) + 0.0)


def _area(polygon: Sequence[Point]) -> float:
    """The area of a polygon (shoelace formula)."""
    n = len(polygon)
    return abs(sum(polygon[i][0] * polygon[(i + 1) % n][1] - polygon[(i + 1) % n][0] * polygon[i][1]
                   for i in range(n))) / 2


def _centre(polygon: Sequence[Point]) -> Point:
    return (sum(x for x, _ in polygon) / len(polygon), sum(y for _, y in polygon) / len(polygon))


def _direction(p: Point, q: Point) -> Point:
    length = math.hypot(q[0] - p[0], q[1] - p[1])
    return (round((q[0] - p[0]) / length, 4) + 0.0, round((q[1] - p[1]) / length, 4) + 0.0)


def _lines(segments: Sequence[Edge]) -> list[list[Point]]:
    """Join segments (pairs of points) into polylines: each walk starts where an odd number of
    segments meet if it can, goes straight on where it can, turns only at a corner (where two
    segments meet: the mitred join draws it sharp), and keeps only the points where it turns.
    A walk ends at a junction it cannot cross straight; its round cap hides there under the
    other lines. A closed line ends where it began."""
    at: dict[Point, list[int]] = defaultdict(list)
    for i, (p, q) in enumerate(segments):
        at[p].append(i)
        at[q].append(i)
    used = [False] * len(segments)
    lines: list[list[Point]] = []

    def other(i: int, end: Point) -> Point:
        """The end of segment ``i`` that is not ``end``."""
        p, q = segments[i]
        return q if p == end else p

    heading: Point | None
    for start in sorted(at, key=lambda p: (len(at[p]) % 2 == 0, p)):
        while True:
            here, heading, line = start, None, [start]
            while True:
                free = [i for i in at[here] if not used[i]]
                if not free:
                    break
                straight = [i for i in free if _direction(here, other(i, here)) == heading]
                if not straight and heading is not None and len(at[here]) > 2:
                    break  # a junction: turning here would put a mitre's spike across another line
                pick = (straight or free)[0]
                used[pick] = True
                there = other(pick, here)
                turn = _direction(here, there)
                if turn == heading:
                    line[-1] = there
                else:
                    line.append(there)
                here, heading = there, turn
            if len(line) == 1:
                break
            closed = len(line) > 2 and line[-1] == line[0]
            if closed and _direction(line[-2], line[0]) == _direction(line[0], line[1]):
                line = line[1:-1] + [line[1]]  # the start lies on a straight run: close elsewhere
            lines.append(line)
    return lines


def _path(lines: Iterable[list[Point]], at: ToPixels) -> str:
    """Path data for polylines; ``at`` maps a point to pixels. Horizontal and vertical moves
    are written as H and V, a closed line ends with Z."""
    parts = []
    for line in lines:
        closed = len(line) > 2 and line[-1] == line[0]
        points = [at(p) for p in (line[:-1] if closed else line)]
        x, y = points[0]
        parts.append(f"M{_num(x)} {_num(y)}")
        for nx, ny in points[1:]:
            if _num(ny) == _num(y):
                parts.append(f"H{_num(nx)}")
            elif _num(nx) == _num(x):
                parts.append(f"V{_num(ny)}")
            else:
                parts.append(f"L{_num(nx)} {_num(ny)}")
            x, y = nx, ny
        if closed:
            parts.append("Z")
    return "".join(parts)


def _points(polygon: Iterable[Point]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in polygon)


def _label_cell(cells: Iterable[Cell], centre: Callable[[Cell], Point]) -> Cell:
    """The cell of a piece whose centre is nearest the piece's centroid (ties go to the first in
    sorted order)."""
    ordered = sorted(cells)
    centres = [centre(c) for c in ordered]
    cx = sum(x for x, _ in centres) / len(ordered)
    cy = sum(y for _, y in centres) / len(ordered)
    return min(zip(ordered, centres, strict=True),
               key=lambda item: round((item[1][0] - cx) ** 2 + (item[1][1] - cy) ** 2, _DIGITS))[0]


def _kinds(sides: Mapping[Edge, list[int]]) -> dict[str, list[Edge]]:
    """Edges by kind, from the owners of the cells on their sides: different owners (or one,
    at the border) -> outline; one piece on both sides -> inner; uncovered on both -> free-grid."""
    kinds: dict[str, list[Edge]] = {"outline": [], "inner": [], "free-grid": []}
    for edge, owners in sides.items():
        if len(owners) == 1 or owners[0] != owners[1]:
            kinds["outline"].append(edge)
        else:
            kinds["free-grid" if owners[0] == _FREE else "inner"].append(edge)
    return kinds


def _edges(out: list[str], kinds: Mapping[str, list[Edge]], at: ToPixels, sizes: _Sizes, indent: str = "") -> None:
    """The three paths of edges, bottom to top: inner, free-grid, outline."""
    styles = {"inner": f'fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="{sizes.thin}"',
              "free-grid": f'fill="none" stroke="#bdbdbd" stroke-width="{sizes.thin}"',
              "outline": f'fill="none" stroke="{hex_color(OUTLINE_COLOR)}" '
                         f'stroke-width="{sizes.thick}" stroke-linecap="round"'}
    for kind in ("inner", "free-grid", "outline"):
        if kinds[kind]:
            out.append(f'{indent}<path class="{kind}" {styles[kind]} '
                       f'd="{_path(_lines(sorted(kinds[kind])), at)}"/>')


class _Sizes:
    """Line widths and font sizes for a given cell size."""

    def __init__(self, cs: float) -> None:
        self.thick = max(2, round(cs / 10))
        self.thin = max(1, round(cs / 30))
        self.label = max(8, round(cs * 0.5))


def _to_pixels(points: Iterable[Point], scale: float, origin: Point) -> ToPixels:
    """The map from units to pixels that puts the points' (min x, min y) at ``origin``,
    ``scale`` pixels a unit."""
    points = list(points)
    x_min = min(x for x, _ in points)
    y_min = min(y for _, y in points)

    def at(p: Point) -> Point:
        return (origin[0] + (p[0] - x_min) * scale, origin[1] + (p[1] - y_min) * scale)

    return at


def _shapes(polygons: Mapping[Cell, Polygon], cells: Iterable[Cell], at: ToPixels) -> list[str]:
    """One ``<polygon>`` line per cell, in sorted order."""
    return [f'  <polygon points="{_points([at(p) for p in polygons[c]])}"/>' for c in sorted(cells)]


def _free_cells(out: list[str], polygons: Mapping[Cell, Polygon], owner: Mapping[Cell, int], at: ToPixels) -> None:
    """The uncovered board cells, light grey, in one group (none if every cell is covered);
    the cells left open by choice, white, in another."""
    for kind, who, color in (("free", _FREE, FREE_COLOR), ("open", _OPEN, OPEN_COLOR)):
        cells = [c for c, o in owner.items() if o == who]
        if cells:
            fill = hex_color(color)
            out.append(f'<g class="{kind}" fill="{fill}" stroke="{fill}" stroke-width="1">')
            out += _shapes(polygons, cells, at)
            out.append("</g>")


def _cell_texts(out: list[str], polygons: Mapping[Cell, Polygon], texts: Mapping[Cell, tuple[str, bool]], at: ToPixels,
                size: int) -> None:
    """The labels of the cells no piece covers (a calendar's months and days), small, grey on
    a free cell and black on one left open."""
    if not texts:
        return
    out.append(f'<g class="cell-labels" font-family="sans-serif" font-size="{size}" text-anchor="middle">')
    for cell, (text, is_open) in sorted(texts.items()):
        x, y = at(_centre(polygons[cell]))
        ink = "#000000" if is_open else hex_color(OUTLINE_COLOR)
        out.append(f'  <text class="cell-label{" open" if is_open else ""}" x="{_num(x)}" '
                   f'y="{_num(y + size * 0.36)}" fill="{ink}">{escape(text)}</text>')
    out.append("</g>")


def _piece_cells(out: list[str], polygons: Mapping[Cell, Polygon], placements: Sequence[Placement],
                 at: ToPixels) -> None:
    """One group a placement, its cells filled with its piece's color."""
    for i, p in enumerate(placements):
        color = hex_color(piece_color(p.piece))
        # A stroke of the fill color closes the hairline seams anti-aliasing leaves between
        # the cells of one piece; the outline covers it wherever the piece ends.
        out.append(f'<g class="piece" data-piece={quoteattr(p.piece)} data-index="{i}" '
                   f'fill="{color}" stroke="{color}" stroke-width="1">')
        out.append(f"  <title>{escape(p.piece)}</title>")
        out += _shapes(polygons, p.cells, at)
        out.append("</g>")


def _labels(out: list[str], polygons: Mapping[Cell, Polygon], placements: Sequence[Placement], at: ToPixels,
            size: int) -> None:
    """Each piece's name, on the cell nearest its centroid, black or white on its color."""
    out.append(f'<g class="labels" font-family="sans-serif" font-size="{size}" '
               f'font-weight="bold" text-anchor="middle">')
    for p in placements:
        x, y = at(_centre(polygons[_label_cell(p.cells, lambda c: _centre(polygons[c]))]))
        ink = hex_color(text_color(piece_color(p.piece)))
        # Baseline a little below the middle puts the capitals' centre on the cell's.
        out.append(f'  <text class="label" data-piece={quoteattr(p.piece)} '
                   f'x="{_num(x)}" y="{_num(y + size * 0.36)}" '
                   f'fill="{ink}">{escape(p.piece)}</text>')
    out.append("</g>")


def _flat(out: list[str], owner: dict[Cell, int], placements: Sequence[Placement],
          unit_polygon: Callable[[Cell], Polygon], scale: float, origin: Point, sizes: _Sizes,
          show_names: bool, texts: Mapping[Cell, tuple[str, bool]] | None = None,
          seams: Sequence[Edge] = ()) -> None:
    """Draw cells flat, in the layers of the module docstring (and ``seams``, the edges a
    wrapping board glues, dashed over the outlines). ``owner`` maps every cell to draw
    to its placement's index (or ``_FREE``); ``unit_polygon(cell)`` gives its corners in units
    where touching cells share corners; ``scale`` pixels a unit; ``origin`` the pixel position
    of the units' (min x, min y)."""
    polygons = {c: unit_polygon(c) for c in sorted(owner)}
    at = _to_pixels((p for poly in polygons.values() for p in poly), scale, origin)
    _free_cells(out, polygons, owner, at)
    _piece_cells(out, polygons, placements, at)
    # Each edge is found from both cells that share it. Different owners (or a cell and the
    # outside) -> outline; one piece -> thin line; uncovered on both sides -> grid.
    _edges(out, _kinds(edge_sides(polygons, owner, _key)), at, sizes)
    if seams:
        out.append(f'<path class="seam" d="{_path([list(e) for e in seams], at)}" fill="none" '
                   f'stroke="{SEAM_COLOR}" stroke-width="{sizes.thick}" stroke-dasharray="{sizes.thick * 2} '
                   f'{sizes.thick * 2}"/>')
    if show_names and placements:
        _labels(out, polygons, placements, at, sizes.label)
    if texts:
        _cell_texts(out, polygons, texts, at, max(8, round(sizes.label * 0.8)))


def _seams(grid: Grid, cells: Collection[Cell], wrap: Wrap) -> list[Edge]:
    """The edges of ``cells`` that ``wrap`` glues to an edge across the board: a cell's side
    whose neighbour in the plane is off the board but on it round the seam."""
    out = []
    for c in sorted(cells):
        corners = {_key(p): p for p in grid.polygon(c)}
        for n in grid.neighbours(c):
            if n in cells or wrap.cell(n) not in cells:
                continue
            shared = [corners[k] for k in (_key(p) for p in grid.polygon(n)) if k in corners]
            if len(shared) == 2:
                out.append((shared[0], shared[1]))
    return out


def _extent(polygons: Collection[Polygon]) -> tuple[float, float]:
    xs = [x for poly in polygons for x, _ in poly]
    ys = [y for poly in polygons for _, y in poly]
    return max(xs) - min(xs), max(ys) - min(ys)


def _render_plane(grid: Grid, owner: dict[Cell, int], placements: Sequence[Placement], cs: int, margin: float,
                  top: float, show_names: bool, texts: Mapping[Cell, tuple[str, bool]] | None = None,
                  wrap: Wrap | None = None) -> tuple[list[str], int, int]:
    """The body of a plane picture, its width and its height: the cells at (margin, top),
    scaled so that each has the area of a ``cs`` pixels square; the seams of a board that
    ``wrap`` glues drawn dashed."""
    polygons = [grid.polygon(c) for c in owner]
    scale = cs / math.sqrt(_area(polygons[0]))
    w, h = _extent(polygons)
    body: list[str] = []
    _flat(body, owner, placements, grid.polygon, scale, (margin, top), _Sizes(cs), show_names, texts,
          _seams(grid, owner, wrap) if wrap is not None else ())
    return body, math.ceil(2 * margin + w * scale - 1e-9), math.ceil(top + margin + h * scale - 1e-9)


# -- layered grids: solids in space, and the layers ---------------------------------------------
def _shown(faces: Sequence[Face]) -> dict[frozenset[Point], int]:
    """What the painted faces finally show: fanned out from its first corner, every face is
    triangles of one lattice of the page (see :class:`~pentomino.geometry.grid.Face`), so the
    picture is known triangle by triangle: the index of the face painted last there."""
    shown: dict[frozenset[Point], int] = {}
    for f, face in enumerate(faces):
        first, *rest = (_key(p) for p in face.corners)
        for a, b in pairwise(rest):
            shown[frozenset((first, a, b))] = f
    return shown


def _face_edges(faces: Sequence[Face], owner: Mapping[Cell, int],
                shown: Mapping[frozenset[Point], int]) -> dict[str, list[Edge]]:
    """The edges of what the painted faces show (``shown``, see :func:`_shown`), by kind (see
    :func:`_kinds`)."""
    sides: dict[Edge, list[int]] = defaultdict(list)
    for triangle, f in shown.items():
        a, b, c = sorted(triangle)
        for edge in ((a, b), (a, c), (b, c)):
            sides[edge].append(f)
    # An edge inside a face (the same face on both sides) is no edge.
    return _kinds({edge: [owner[faces[f].cell] for f in fs] for edge, fs in sides.items()
                   if not (len(fs) == 2 and fs[0] == fs[1])})


def _face_labels(faces: Sequence[Face], owner: Mapping[Cell, int],
                 shown: Mapping[frozenset[Point], int]) -> dict[int, Point]:
    """Where to write each piece's name: the centre of the face, of those wholly in sight,
    nearest the centre of all its faces (a piece none of whose faces is wholly seen gets none)."""
    in_sight: dict[int, int] = defaultdict(int)
    for f in shown.values():
        in_sight[f] += 1
    mine: dict[int, list[int]] = defaultdict(list)
    for f, face in enumerate(faces):
        mine[owner[face.cell]].append(f)
    spots: dict[int, Point] = {}
    for who, fs in mine.items():
        whole = [f for f in fs if in_sight[f] == len(faces[f].corners) - 2]
        if who < 0 or not whole:
            continue
        middle = _centre([_centre(faces[f].corners) for f in fs])
        best = min(whole, key=lambda f: (round(math.dist(_centre(faces[f].corners), middle), _DIGITS), f))
        spots[who] = _centre(faces[best].corners)
    return spots


def _space_labels(out: list[str], spots: Mapping[int, Point], placements: Sequence[Placement], at: ToPixels,
                  size: int) -> None:
    """The names of the pieces on a solid, each at its spot (see :func:`_face_labels`)."""
    out.append(f'  <g class="labels" font-family="sans-serif" font-size="{size}" '
               f'font-weight="bold" text-anchor="middle">')
    for i, spot in sorted(spots.items()):
        p = placements[i]
        x, y = at(spot)
        ink = hex_color(text_color(piece_color(p.piece)))
        out.append(f'    <text class="label" data-piece={quoteattr(p.piece)} x="{_num(x)}" '
                   f'y="{_num(y + size * 0.36)}" fill="{ink}">{escape(p.piece)}</text>')
    out.append("  </g>")


def _owner_color(i: int, placements: Sequence[Placement]) -> tuple[tuple[int, int, int], str]:
    """The color of a cell's owner and the attribute that names its piece ("" if free)."""
    if i < 0:
        return FREE_COLOR, ""
    return piece_color(placements[i].piece), f" data-piece={quoteattr(placements[i].piece)}"


def _cell_attribute(cell: Cell) -> str:
    return f'data-cell="{",".join(map(str, cell))}"'


def _solid(out: list[str], faces: Sequence[Face], owner: Mapping[Cell, int], placements: Sequence[Placement],
           scale: float, origin: Point, sizes: _Sizes, cell_of: Mapping[Cell, Cell] | None = None,
           show_names: bool = False) -> None:
    """A 3-D view's ``faces`` of the cells in ``owner`` (their ``data-cell`` the cell of
    ``cell_of``, where an exploded view moved it from).

    The faces are painted in the view's order, back to front. The edges come from what the
    faces finally show: between the visible faces of two owners (or a face and the background)
    an outline, between two faces of one piece a thin line. Drawn after all faces, the lines
    are never hidden, and a cell in front of another hides the lines behind it."""
    at = _to_pixels((_key(p) for face in faces for p in face.corners), scale, origin)
    shown = _shown(faces)
    out.append('<g class="solid">')
    for face in faces:
        i = owner[face.cell]
        rgb, piece = _owner_color(i, placements)
        color = hex_color(shade(rgb, face.shade))
        cell = face.cell if cell_of is None else cell_of[face.cell]
        out.append(f'  <polygon class="{face.side}" data-index="{i}"{piece} {_cell_attribute(cell)} '
                   f'fill="{color}" stroke="{color}" stroke-width="1" '
                   f'points="{_points([at(_key(p)) for p in face.corners])}"/>')
    _edges(out, _face_edges(faces, owner, shown), at, sizes, "  ")
    if show_names:
        _space_labels(out, _face_labels(faces, owner, shown), placements, at, sizes.label)
    out.append("</g>")


def _arc_path(arcs: Iterable[Arc], centre: Point, radius: float) -> str:
    """Path data for arcs of a circle (a whole rim as two halves)."""
    def point(angle: float) -> str:
        return f"{_num(centre[0] + radius * math.cos(angle))} {_num(centre[1] + radius * math.sin(angle))}"

    parts = []
    r = _num(radius)
    for arc in arcs:
        if arc.end - arc.start > 2 * math.pi - 1e-9:
            parts.append(f"M{point(0)}A{r} {r} 0 1 1 {point(math.pi)}A{r} {r} 0 1 1 {point(0)}Z")
        else:
            large = 1 if arc.end - arc.start > math.pi else 0
            parts.append(f"M{point(arc.start)}A{r} {r} 0 {large} 1 {point(arc.end)}")
    return "".join(parts)


def _gradient(rgb: tuple[int, int, int]) -> tuple[str, str]:
    """A ball's shading, lit from the top left: its id (by its color, so that the pictures
    nested in one document may repeat it) and its definition."""
    color = hex_color(rgb)
    name = f"ball-{color[1:]}"
    return name, (f'    <radialGradient id="{name}" cx="0.36" cy="0.32" r="0.7">'
                  f'<stop offset="0" stop-color="{hex_color(shade(rgb, 1.55))}"/>'
                  f'<stop offset="0.55" stop-color="{color}"/>'
                  f'<stop offset="1" stop-color="{hex_color(shade(rgb, 0.7))}"/></radialGradient>')


def _balls(out: list[str], items: Sequence[Ball], placements: Sequence[Placement], scale: float, origin: Point,
           sizes: _Sizes, show_names: bool = False) -> None:
    """Balls, back to front: each a shaded disc and its rim, an outline where it borders
    another piece or the background and a thin line in front of a ball of its own piece
    (see :func:`~pentomino.render.solid.rims`)."""
    at = _to_pixels([(b.at[0] - BALL_RADIUS, b.at[1] - BALL_RADIUS) for b in items], scale, origin)
    radius = BALL_RADIUS * scale
    out.append('<g class="solid">')
    gradients = dict(_gradient(_owner_color(i, placements)[0]) for i in sorted({b.owner for b in items}))
    out += ["  <defs>", *gradients.values(), "  </defs>"]
    for ball, arcs in zip(items, rims(items), strict=True):
        rgb, piece = _owner_color(ball.owner, placements)
        x, y = at(ball.at)
        out.append(f'  <circle class="ball" data-index="{ball.owner}"{piece} {_cell_attribute(ball.cell)} '
                   f'cx="{_num(x)}" cy="{_num(y)}" r="{_num(radius)}" fill="url(#{_gradient(rgb)[0]})"/>')
        kinds: dict[str, list[Arc]] = defaultdict(list)
        for arc in arcs:
            same = arc.behind == ball.owner
            kinds["outline" if not same else "free-grid" if ball.owner == _FREE else "inner"].append(arc)
        styles = {"inner": f'stroke="{hex_color(shade(rgb, 0.6))}" stroke-width="{sizes.thin}"',
                  "free-grid": f'stroke="#bdbdbd" stroke-width="{sizes.thin}"',
                  "outline": f'stroke="{hex_color(OUTLINE_COLOR)}" stroke-width="{sizes.thick}"'}
        for kind in ("inner", "free-grid", "outline"):
            if kinds[kind]:
                out.append(f'  <path class="{kind}" fill="none" {styles[kind]} '
                           f'd="{_arc_path(kinds[kind], (x, y), radius)}"/>')
    if show_names:
        spots = {i: ball.at for i, ball in names_at(items).items() if i >= 0}
        _space_labels(out, spots, placements, at, sizes.label)
    out.append("</g>")


@dataclass
class _Space:
    """A solid ready to draw, and the size of its picture in units: cubes as their faces (the
    grid's view of the cells, moved where an exploded view puts them), or balls."""

    width: float
    height: float
    faces: tuple[Face, ...] = ()
    owner: dict[Cell, int] = field(default_factory=dict)
    """The owner of each cell the faces show."""
    cell_of: dict[Cell, Cell] | None = None
    """Where each cell the faces show was moved from (None: nothing moved)."""
    balls: list[Ball] = field(default_factory=list)


def _space(grid: Grid, owner: dict[Cell, int], offsets: Mapping[int, Vector] | None = None, *,
           boxed: bool = False) -> _Space:
    """The cells of ``owner`` in space, each owner's moved by its offset (see
    :func:`~pentomino.render.solid.explode`), as the grid's body draws them. Its size is what
    the drawing takes, or with ``boxed`` (cubes) the size of the view of their bounding box."""
    if grid.body == "ball":
        items = balls(grid, owner, offsets)
        xs = [b.at[0] for b in items]
        ys = [b.at[1] for b in items]
        return _Space(max(xs) - min(xs) + 2 * BALL_RADIUS, max(ys) - min(ys) + 2 * BALL_RADIUS, balls=items)
    cell_of: dict[Cell, Cell] | None = None
    if offsets and any(any(shift) for shift in offsets.values()):
        firsts: dict[int, tuple[Cell, Cell]] = {}  # owner -> one of its cells, and where it goes
        cell_of = {}
        for cell, who in owner.items():
            if who not in firsts:
                firsts[who] = (cell, moved_cell(grid, cell, offsets[who]))
            source, target = firsts[who]
            put = grid.translate([cell], source, target)
            if put is None:
                raise InternalError(f"the {grid.name} grid cannot move {cell} as {source} moves to {target}")
            (moved,) = put
            cell_of[moved] = cell
        owner = {moved: owner[cell] for moved, cell in cell_of.items()}
    view = grid.view(owner)
    width, height = view.width, view.height
    if not boxed:
        width, height = _extent([face.corners for face in view.faces])
    return _Space(width, height, view.faces, owner, cell_of)


def _draw_space(out: list[str], space: _Space, placements: Sequence[Placement], scale: float, origin: Point,
                sizes: _Sizes, show_names: bool) -> None:
    if space.balls:
        _balls(out, space.balls, placements, scale, origin, sizes, show_names)
    else:
        _solid(out, space.faces, space.owner, placements, scale, origin, sizes, space.cell_of, show_names)


def _render_space(grid: Grid, owner: dict[Cell, int], placements: Sequence[Placement], cs: int, margin: float,
                  top: float, show_names: bool, exploded: bool) -> tuple[list[str], int, int]:
    """The body of a picture of a solid, its width and its height: the pieces in space, put
    together or exploded, ``cs`` pixels a unit (a cube's edge, a ball's diameter)."""
    offsets = None
    if exploded:
        groups: dict[int, list[Cell]] = defaultdict(list)
        for cell, who in owner.items():
            groups[who].append(cell)
        offsets = explode(grid, groups)
    space = _space(grid, owner, offsets)
    out: list[str] = []
    _draw_space(out, space, placements, cs, (margin, top), _Sizes(cs), show_names)
    return (out, math.ceil(2 * margin + space.width * cs - 1e-9),
            math.ceil(top + margin + space.height * cs - 1e-9))


@dataclass
class _Layers:
    """The layers of a layered grid laid out flat, in units of a cell's edge: each layer ``nx``
    wide and ``ny`` high under its caption, a cell apart, ``per_row`` layers to a row."""

    grid: Grid
    first: int
    """z of the first layer."""
    count: int
    x0: float
    y0: float
    """The top-left corner of the cells' polygons in their layers."""
    nx: float
    ny: float
    square: int
    """Pixels a unit."""
    caption: int
    """The captions' font size."""
    per_row: int = 1
    gap: float = 1.0
    """Units between two layers."""

    @classmethod
    def of(cls, grid: Grid, cells: Collection[Cell], cs: int) -> _Layers:
        layers = grid.layer_range(cells)
        points = [p for c in cells for p in grid.polygon(c)]
        x0, y0 = min(x for x, _ in points), min(y for _, y in points)
        return cls(grid=grid, first=layers.start, count=len(layers), x0=x0, y0=y0,
                   nx=max(x for x, _ in points) - x0, ny=max(y for _, y in points) - y0,
                   square=max(8, round(cs * 0.6)), caption=max(10, round(cs * 0.45)))

    @property
    def cap_units(self) -> float:
        """A caption's height, in units."""
        return (self.caption * 1.5) / self.square

    def size(self, per_row: int) -> tuple[float, float]:
        """Width and height in pixels, ``per_row`` layers to a row."""
        rows = -(-self.count // per_row)
        w = per_row * self.nx + (per_row - 1) * self.gap
        h = rows * (self.cap_units + self.ny) + (rows - 1) * self.gap
        return w * self.square, h * self.square

    def offset(self, z: int) -> Point:
        """The units' position of layer ``z``'s top-left corner."""
        k = z - self.first
        return ((k % self.per_row) * (self.nx + self.gap),
                (k // self.per_row) * (self.cap_units + self.ny + self.gap) + self.cap_units)

    def unit_polygon(self, cell: Cell) -> Polygon:
        """The corners of ``cell`` in its layer, in units."""
        dx, dy = self.offset(self.grid.layer(cell))
        return tuple((x - self.x0 + dx, y - self.y0 + dy) for x, y in self.grid.polygon(cell))


def _layer_captions(out: list[str], layers: _Layers, corner: Point) -> None:
    """``z = …`` above each layer; ``corner``: the pixels of the layers' units (0, 0)."""
    left, top = corner
    out.append(f'<g class="layers" font-family="sans-serif" font-size="{layers.caption}" '
               f'fill="{hex_color(OUTLINE_COLOR)}">')
    for z in range(layers.first, layers.first + layers.count):
        dx, dy = layers.offset(z)
        out.append(f'  <text class="layer-label" data-z="{z}" x="{_num(left + dx * layers.square)}" '
                   f'y="{_num(top + (dy - layers.cap_units * 0.3) * layers.square)}">z = {z}</text>')
    out.append("</g>")


def _flat_layers(out: list[str], owner: dict[Cell, int], placements: Sequence[Placement], layers: _Layers,
                 corner: Point, show_names: bool) -> None:
    """The layers drawn flat, as a plane board; ``corner``: the pixels of their units (0, 0)."""
    # _flat anchors the drawn cells' own top-left corner, which may lie further in.
    polys = [layers.unit_polygon(c) for c in owner]
    ux = min(x for p in polys for x, _ in p)
    uy = min(y for p in polys for _, y in p)
    origin = (corner[0] + ux * layers.square, corner[1] + uy * layers.square)
    _flat(out, owner, placements, layers.unit_polygon, layers.square, origin, _Sizes(layers.square),
          show_names)


def _render_layers(grid: Grid, owner: dict[Cell, int], placements: Sequence[Placement], cs: int, margin: float,
                   top: float, show_names: bool) -> tuple[list[str], int, int]:
    """The body of a picture of a layered grid, its width and its height: the solid, and the
    layers beside it, in a column if that is not much taller than the solid, else in a row."""
    layers = _Layers.of(grid, owner, cs)
    space = _space(grid, owner, boxed=True)
    iso_w, iso_h = space.width * cs, space.height * cs
    layers.per_row = 1 if layers.size(1)[1] <= 1.15 * iso_h else layers.count
    lw, lh = layers.size(layers.per_row)
    height = max(iso_h, lh)
    out: list[str] = []
    _draw_space(out, space, placements, cs, (margin, top + (height - iso_h) / 2), _Sizes(cs), False)
    corner = (margin + iso_w + 2 * margin, top + (height - lh) / 2)
    _layer_captions(out, layers, corner)
    _flat_layers(out, owner, placements, layers, corner, show_names)
    return out, math.ceil(corner[0] + lw + margin - 1e-9), math.ceil(top + height + margin - 1e-9)


# -- the picture ----------------------------------------------------------------------------
_XML = '<?xml version="1.0" encoding="UTF-8"?>'


def _svg_tag(width: float, height: float) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">')


def _pixels(cell_size: int) -> int:
    """``cell_size`` as a whole number of pixels, or a PuzzleError."""
    try:
        cs = int(cell_size)
    except (TypeError, ValueError, OverflowError):
        cs = 0
    if isinstance(cell_size, (bool, str)) or cs <= 0:
        raise PuzzleError(f"render_svg: cell_size must be a positive number of pixels, not {cell_size!r}; "
                          "use e.g. cell_size=30")
    return cs


def _margin(margin: float) -> float:
    """``margin``, checked: a number of pixels, 0 or more."""
    try:
        value = float(margin)
    except (TypeError, ValueError):
        value = math.nan
    if isinstance(margin, (bool, str)) or not 0 <= value < math.inf:
        raise PuzzleError(f"render_svg: margin must be a number of pixels, 0 or more, not {margin!r}; "
                          "use e.g. margin=10")
    return margin


def _title_size(cs: int) -> int:
    return max(12, round(cs * 0.6))


def _document(body: list[str], width: float, height: float, title: str | None, cs: int,
              margin: float) -> SvgImage:
    """The SVG document: ``body`` under the title, if there is one (widened to hold it)."""
    size = _title_size(cs)
    heading = []
    if title:
        # Rough width of the caption, so a long one is not cut off.
        width = max(width, 2 * margin + round(len(title) * size * 0.62))
        heading = [f"<title>{escape(title)}</title>",
                   f'<text class="title" x="{margin}" y="{margin + round(size * 1.05)}" '
                   f'font-family="sans-serif" font-size="{size}" font-weight="bold" '
                   f'fill="{hex_color(OUTLINE_COLOR)}">{escape(title)}</text>']
    return SvgImage("\n".join([_XML, _svg_tag(width, height), *heading, *body, "</svg>"]) + "\n")


def render_svg(puzzle: Drawable, placements: Iterable[Placement] | None = None, *, cell_size: int = 30,
               margin: float = 10, show_names: bool = False, title: str | None = None,
               view: str | None = None) -> SvgImage:
    """An SVG picture of ``puzzle``'s board with ``placements`` on it (by default the
    puzzle's pre-placed pieces, i.e. the unsolved board).

    Each placement is filled with its piece's color (see :mod:`pentomino.render.palette`) and
    outlined with thick dark lines; board cells no placement covers are light grey; cells off
    the board are left empty. ``cell_size`` is the side of a square cell in pixels; triangles and
    hexagons get cells of the same area, a solid's isometric cubes that edge (and balls that
    far apart, when they touch, in the same drawing). ``show_names`` writes each piece's name
    on it; ``title`` adds a caption above the board (and a ``<title>`` element).

    ``view`` says how a solid (a board of cubes or balls) is drawn, one of
    :data:`~pentomino.render.solid.VIEWS`: ``"solid"`` (the default) the pieces put together,
    seen from above, in front and to the right, z up; ``"exploded"`` the same with each piece
    pushed away from the middle along the line to its centroid, so that the inner pieces show;
    ``"layers"`` a small solid with each layer beside it, flat, z = 0 first. A flat board has no view to choose.
    """
    chosen = check_view(puzzle.grid, view)
    placed = list(puzzle.preplaced if placements is None else placements)
    cs = _pixels(cell_size)
    margin = _margin(margin)
    owner: dict[Cell, int] = {c: _FREE for c in puzzle.board}
    owner.update(cell_owner(placed))
    top = margin + (round(_title_size(cs) * 1.6) if title else 0)
    grid = puzzle.grid
    if chosen == "layers":
        body, width, height = _render_layers(grid, owner, placed, cs, margin, top, show_names)
    elif chosen:
        body, width, height = _render_space(grid, owner, placed, cs, margin, top, show_names, chosen == "exploded")
    else:
        open_cells, _ = opened(puzzle)
        owner.update(dict.fromkeys(open_cells, _OPEN))
        labels = getattr(puzzle, "labels", None)
        texts = {} if labels is None else {
            c: (text, o == _OPEN) for c, o in owner.items() if o < 0 and (text := labels.label(c)) is not None}
        body, width, height = _render_plane(grid, owner, placed, cs, margin, top, show_names, texts,
                                            getattr(puzzle, "surface", None))
    return _document(body, width, height, title, cs, margin)


class _Shape:
    """What :func:`render_svg` needs of a puzzle, for one piece drawn alone."""

    def __init__(self, grid: Grid, cells: Iterable[Cell]) -> None:
        self.grid = grid
        self.board = frozenset(cells)
        self.preplaced: tuple[Placement, ...] = ()


def render_puzzle(puzzle: Puzzle, *, cell_size: int = 30, margin: int = 10, view: str | None = None) -> SvgImage:
    """The unsolved puzzle: its board (pre-placed pieces on it) under its name, and below it
    each piece in its color with its name, in rows no wider than the board (or four pieces).
    A solid's board and pieces are drawn in ``view`` (see :func:`render_svg`); an exploded
    piece is the piece itself."""
    board = render_svg(puzzle, cell_size=cell_size, margin=margin, title=puzzle.name or None, view=view)
    small = max(8, round(cell_size * 0.6))
    pieces = [render_svg(_Shape(puzzle.grid, pc.piece.cells), [_placement(pc.piece)],
                         cell_size=small, margin=margin, show_names=True, view=view)
              for pc in puzzle.pieces]
    pictures = [board, *pieces]
    sizes = [_size(pic) for pic in pictures]
    width = sizes[0][0]
    row_width = max(width, sum(w for w, _ in sizes[1:5]))
    places, x, y, row_h = [(0, 0)], 0, sizes[0][1], 0
    for w, h in sizes[1:]:
        if x and x + w > row_width:
            x, y, row_h = 0, y + row_h, 0
        places.append((x, y))
        x, row_h = x + w, max(row_h, h)
        width = max(width, x)
    height = y + row_h
    return _combine(pictures, places, width, height)


def _placement(piece: Piece) -> Placement:
    return Placement.of(piece.name, piece.cells)


def _size(picture: str) -> tuple[int, int]:
    """The width and height of a picture made here."""
    found = re.search(r'width="(\d+)" height="(\d+)"', picture)
    if found is None:
        raise InternalError("an SVG picture made by render_svg has no width and height")
    return int(found[1]), int(found[2])


def _combine(pictures: Sequence[str], places: Sequence[tuple[int, int]], width: int, height: int) -> SvgImage:
    """Nest whole pictures in one document, each at its (x, y)."""
    out = [_XML, _svg_tag(width, height)]
    for pic, (x, y) in zip(pictures, places, strict=True):
        body = pic.split("\n", 1)[1]  # drop the XML declaration
        out.append(body.replace("<svg ", f'<svg x="{x}" y="{y}" ', 1).rstrip("\n"))
    out.append("</svg>")
    return SvgImage("\n".join(out) + "\n")


def render_sheet(puzzle: Drawable, solutions: Iterable[Iterable[Placement]], *, columns: int = 4,
                 **options: Unpack[SvgOptions]) -> SvgImage:
    """Several solutions in one SVG, laid out ``columns`` to a row (one alone is just itself)."""
    if isinstance(columns, bool) or not isinstance(columns, numbers.Integral):
        raise PuzzleError(f"render_sheet: columns must be a whole number, not {columns!r}; use e.g. columns=4")
    pictures = [render_svg(puzzle, placements, **options) for placements in solutions]
    if not pictures:
        raise PuzzleError("render_sheet: no solutions to draw; pass at least one list of placements")
    if len(pictures) == 1:
        return pictures[0]
    sizes = [_size(pic) for pic in pictures]
    w = max(s[0] for s in sizes)
    h = max(s[1] for s in sizes)
    columns = max(1, min(columns, len(pictures)))
    rows = (len(pictures) + columns - 1) // columns
    places = [((i % columns) * w, (i // columns) * h) for i in range(len(pictures))]
    return _combine(pictures, places, w * columns, h * rows)
