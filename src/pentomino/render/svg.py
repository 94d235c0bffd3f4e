"""SVG pictures of boards and solutions (standard library only).

Plane grids (squares, triangles, hexagons) are drawn from ``grid.polygon(cell)``: every cell is
a ``<polygon>``, and an edge two cells share is found by its two corner points. Edges of one
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

A cube puzzle (cells (z, y, x)) is drawn twice, side by side::

    <g class="solid">   the solid seen from above, in front and to the right (z up): one
                        <polygon class="top|left|right" data-index data-cell> per face seen,
                        shaded from its piece's colour, back to front; then its inner,
                        free-grid and outline paths
    <g class="layers">  one <text class="layer-label" data-z="0">z = 0</text> per layer
    …                   the layers, exploded: each flat as squares, in a column or a row, drawn
                        as a plane board is above (one piece group per placement, all layers)
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from xml.sax.saxutils import escape, quoteattr

from pentomino.render.palette import (FREE_COLOR, OUTLINE_COLOR, hex_color, piece_color,
                                      text_color)
from pentomino.render.text import cell_owner, edge_sides

_FREE = -1
"""Owner of a board cell that no placement covers (placements own 0, 1, 2, …)."""
_DIGITS = 6
"""Corner points are compared rounded to this many decimals: touching cells' corners agree up
to float rounding."""

Point = tuple[float, float]


class SvgImage(str):
    """The text of an SVG document; Jupyter and IPython display it as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return self

    def save(self, path) -> None:
        """Write the document to ``path``."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self)


def _num(x: float) -> str:
    """A coordinate, without a useless ``.0``."""
    x = round(x, 2) + 0.0  # + 0.0 turns -0.0 into 0.0
    return str(int(x)) if x.is_integer() else f"{x:.2f}".rstrip("0")


def _key(p: Point) -> Point:
    return (round(p[0], _DIGITS) + 0.0, round(p[1], _DIGITS) + 0.0)


def _area(polygon) -> float:
    """The area of a polygon (shoelace formula)."""
    n = len(polygon)
    return abs(sum(polygon[i][0] * polygon[(i + 1) % n][1] - polygon[(i + 1) % n][0] * polygon[i][1]
                   for i in range(n))) / 2


def _centre(polygon) -> Point:
    return (sum(x for x, _ in polygon) / len(polygon), sum(y for _, y in polygon) / len(polygon))


def _direction(p: Point, q: Point) -> Point:
    length = math.hypot(q[0] - p[0], q[1] - p[1])
    return (round((q[0] - p[0]) / length, 4) + 0.0, round((q[1] - p[1]) / length, 4) + 0.0)


def _lines(segments) -> list[list[Point]]:
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
    lines = []
    for start in sorted(at, key=lambda p: (len(at[p]) % 2 == 0, p)):
        while True:
            here, heading, line = start, None, [start]
            while True:
                free = [i for i in at[here] if not used[i]]
                if not free:
                    break

                def other(i):
                    p, q = segments[i]
                    return q if p == here else p

                straight = [i for i in free if _direction(here, other(i)) == heading]
                if not straight and heading is not None and len(at[here]) > 2:
                    break  # a junction: turning here would put a mitre's spike across another line
                pick = (straight or free)[0]
                used[pick] = True
                there = other(pick)
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


def _path(lines, at) -> str:
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


def _points(polygon) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in polygon)


def _label_cell(cells, centre):
    """The cell of a piece whose centre is nearest the piece's centroid (ties go to the first in
    sorted order)."""
    cells = sorted(cells)
    centres = [centre(c) for c in cells]
    cx = sum(x for x, _ in centres) / len(cells)
    cy = sum(y for _, y in centres) / len(cells)
    return min(zip(cells, centres),
               key=lambda item: round((item[1][0] - cx) ** 2 + (item[1][1] - cy) ** 2, _DIGITS))[0]


def _kinds(sides: dict) -> dict[str, list]:
    """Edges by kind, from the owners of the cells on their sides: different owners (or one,
    at the border) -> outline; one piece on both sides -> inner; uncovered on both -> free-grid."""
    kinds: dict[str, list] = {"outline": [], "inner": [], "free-grid": []}
    for edge, owners in sides.items():
        if len(owners) == 1 or owners[0] != owners[1]:
            kinds["outline"].append(edge)
        else:
            kinds["free-grid" if owners[0] == _FREE else "inner"].append(edge)
    return kinds


def _edges(out: list[str], kinds: dict, at, sizes, indent: str = "") -> None:
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


def _flat(out: list[str], owner: dict, placements, unit_polygon, scale: float, origin: Point,
          sizes: _Sizes, show_names: bool) -> None:
    """Draw cells flat, in the layers of the module docstring. ``owner`` maps every cell to draw
    to its placement's index (or ``_FREE``); ``unit_polygon(cell)`` gives its corners in units
    where touching cells share corners; ``scale`` pixels a unit; ``origin`` the pixel position
    of the units' (min x, min y)."""
    polygons = {c: unit_polygon(c) for c in sorted(owner)}
    x_min = min(x for poly in polygons.values() for x, _ in poly)
    y_min = min(y for poly in polygons.values() for _, y in poly)

    def at(p: Point) -> Point:
        return (origin[0] + (p[0] - x_min) * scale, origin[1] + (p[1] - y_min) * scale)

    def shapes(cells, indent="  "):
        return [f'{indent}<polygon points="{_points([at(p) for p in polygons[c]])}"/>'
                for c in sorted(cells)]

    free = [c for c, o in owner.items() if o == _FREE]
    if free:
        grey = hex_color(FREE_COLOR)
        out.append(f'<g class="free" fill="{grey}" stroke="{grey}" stroke-width="1">')
        out += shapes(free)
        out.append("</g>")

    for i, p in enumerate(placements):
        colour = hex_color(piece_color(p.piece))
        # A stroke of the fill colour closes the hairline seams anti-aliasing leaves between
        # the cells of one piece; the outline covers it wherever the piece ends.
        out.append(f'<g class="piece" data-piece={quoteattr(p.piece)} data-index="{i}" '
                   f'fill="{colour}" stroke="{colour}" stroke-width="1">')
        out.append(f"  <title>{escape(p.piece)}</title>")
        out += shapes(p.cells)
        out.append("</g>")

    # Each edge is found from both cells that share it. Different owners (or a cell and the
    # outside) -> outline; one piece -> thin line; uncovered on both sides -> grid.
    _edges(out, _kinds(edge_sides(polygons, owner, _key)), at, sizes)

    if show_names and placements:
        size = sizes.label
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


def _extent(polygons) -> tuple[float, float]:
    xs = [x for poly in polygons for x, _ in poly]
    ys = [y for poly in polygons for _, y in poly]
    return max(xs) - min(xs), max(ys) - min(ys)


# -- cubes ----------------------------------------------------------------------------------
_COS30 = math.sqrt(3) / 2
_FACES = {
    # name: (the neighbour it faces, its corners as (dx, dy, dz) from the cube's low corner,
    #        how its colour is shaded)
    "top": ((1, 0, 0), ((0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)), 1.25),
    "left": ((0, 1, 0), ((0, 1, 0), (1, 1, 0), (1, 1, 1), (0, 1, 1)), 1.0),
    "right": ((0, 0, 1), ((1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 0, 1)), 0.75),
}
"""The faces of a unit cube a viewer above, in front and to the right sees. Cells are
(z, y, x); the neighbour offsets are in that order, the corners in (x, y, z)."""


def _iso(x: float, y: float, z: float) -> Point:
    """Isometric projection, z up: x runs right and down the page, y left and down."""
    return ((x - y) * _COS30, (x + y) / 2 - z)


def _shade(rgb, factor: float) -> str:
    if factor > 1:  # towards white
        return hex_color(tuple(round(v + (255 - v) * (factor - 1)) for v in rgb))
    return hex_color(tuple(round(v * factor) for v in rgb))


def _solid(out: list[str], owner: dict, placements, scale: float, origin: Point, sizes: _Sizes) -> None:
    """The isometric view of the cells in ``owner`` (cube cells (z, y, x)).

    Cubes are painted back to front (by x + y + z: cubes with equal sums never overlap on the
    page), each as its top, left and right faces, leaving out a face that a cell of the drawing
    covers. Every face is two triangles of the page's triangular lattice, so what the picture
    finally shows is known triangle by triangle: the face painted last there. The edges come
    from that: between the visible faces of two owners (or a face and the background) an
    outline, between two faces of one piece a thin line. Drawn after all faces, the lines are
    never hidden, and a cube in front of another hides the lines behind it."""
    faces = []  # (cell, face name, corners on the page), back to front
    for cell in sorted(owner, key=lambda c: (sum(c), c)):
        z, y, x = cell
        for name, (step, corners, _) in _FACES.items():
            if (z + step[0], y + step[1], x + step[2]) not in owner:
                faces.append((cell, name, tuple(_key(_iso(x + dx, y + dy, z + dz)) for dx, dy, dz in corners)))
    shown: dict[frozenset, int] = {}  # lattice triangle -> the face painted last on it
    for f, (_, _, (p0, p1, p2, p3)) in enumerate(faces):
        # p0-p2 is each face's short diagonal: the two triangles are lattice triangles.
        shown[frozenset((p0, p1, p2))] = shown[frozenset((p0, p2, p3))] = f
    sides: dict[tuple, list] = defaultdict(list)
    for triangle, f in shown.items():
        a, b, c = sorted(triangle)
        for edge in ((a, b), (a, c), (b, c)):
            sides[edge].append(f)
    # The diagonal inside a face (the same face on both sides) is no edge.
    kinds = _kinds({edge: [owner[faces[f][0]] for f in fs] for edge, fs in sides.items()
                    if not (len(fs) == 2 and fs[0] == fs[1])})

    x_min = min(x for _, _, corners in faces for x, _ in corners)
    y_min = min(y for _, _, corners in faces for _, y in corners)

    def at(p: Point) -> Point:
        return (origin[0] + (p[0] - x_min) * scale, origin[1] + (p[1] - y_min) * scale)

    out.append('<g class="solid">')
    for cell, name, corners in faces:
        i = owner[cell]
        rgb = FREE_COLOR if i == _FREE else piece_color(placements[i].piece)
        piece = "" if i == _FREE else f" data-piece={quoteattr(placements[i].piece)}"
        colour = _shade(rgb, _FACES[name][2])
        out.append(f'  <polygon class="{name}" data-index="{i}"{piece} data-cell="{",".join(map(str, cell))}" '
                   f'fill="{colour}" stroke="{colour}" stroke-width="1" '
                   f'points="{_points([at(p) for p in corners])}"/>')
    _edges(out, kinds, at, sizes, "  ")
    out.append("</g>")


def _render_solid(grid, owner, placements, cs, margin, top, show_names) -> tuple[list[str], int, int]:
    """The body of a cube picture, its width and its height: the isometric view, and the layers
    beside it, in a column if that is not much taller than the view, else in a row."""
    from pentomino.geometry import GRIDS

    square = GRIDS["square"]
    r0, c0, r1, c1 = grid.bounding_rows_cols(owner)
    z0, z1 = min(c[0] for c in owner), max(c[0] for c in owner)
    layers = z1 - z0 + 1
    # The isometric view's size, from the box that holds the cells.
    nx, ny, nz = c1 - c0 + 1, r1 - r0 + 1, layers
    iso_w, iso_h = (nx + ny) * _COS30 * cs, ((nx + ny) / 2 + nz) * cs
    # The layers, in units of a layer's square: each layer nx wide, ny high under a caption.
    lcs = max(8, round(cs * 0.6))
    lsizes = _Sizes(lcs)
    caption = max(10, round(cs * 0.45))
    gap = 1.0
    cap_units = (caption * 1.5) / lcs

    def layout(per_row):
        rows = -(-layers // per_row)
        w = per_row * nx + (per_row - 1) * gap
        h = rows * (cap_units + ny) + (rows - 1) * gap
        return w * lcs, h * lcs

    # A column of layers if it is not much taller than the solid, else a row.
    per_row = 1 if layout(1)[1] <= 1.15 * iso_h else layers
    lw, lh = layout(per_row)
    height = max(iso_h, lh)
    out: list[str] = []
    _solid(out, owner, placements, cs, (margin, top + (height - iso_h) / 2), _Sizes(cs))

    left = margin + iso_w + 2 * margin
    ltop = top + (height - lh) / 2

    def offset(z: int) -> Point:
        k = z - z0
        return ((k % per_row) * (nx + gap), (k // per_row) * (cap_units + ny + gap) + cap_units)

    def unit_polygon(cell):
        dx, dy = offset(cell[0])
        return tuple((x + dx, y + dy) for x, y in square.polygon((cell[1] - r0, cell[2] - c0)))

    out.append(f'<g class="layers" font-family="sans-serif" font-size="{caption}" '
               f'fill="{hex_color(OUTLINE_COLOR)}">')
    for z in range(z0, z1 + 1):
        dx, dy = offset(z)
        out.append(f'  <text class="layer-label" data-z="{z}" x="{_num(left + dx * lcs)}" '
                   f'y="{_num(ltop + (dy - cap_units * 0.3) * lcs)}">z = {z}</text>')
    out.append("</g>")
    # The layers' corner (0, 0) in units is at (left, ltop); _flat anchors the drawn cells' own
    # top-left corner, which may lie further in.
    polys = [unit_polygon(c) for c in owner]
    ux = min(x for p in polys for x, _ in p)
    uy = min(y for p in polys for _, y in p)
    _flat(out, owner, placements, unit_polygon, lcs, (left + ux * lcs, ltop + uy * lcs), lsizes, show_names)
    return out, math.ceil(left + lw + margin - 1e-9), math.ceil(top + height + margin - 1e-9)


# -- the picture ----------------------------------------------------------------------------
def render_svg(puzzle, placements=None, *, cell_size: int = 30, margin: int = 10,
               show_names: bool = False, title: str | None = None) -> SvgImage:
    """An SVG picture of ``puzzle``'s board with ``placements`` on it (by default the
    puzzle's pre-placed pieces, i.e. the unsolved board).

    Each placement is filled with its piece's colour (see :mod:`pentomino.render.palette`) and
    outlined with thick dark lines; board cells no placement covers are light grey; cells off
    the board are left empty. ``cell_size`` is the side of a square cell in pixels; triangles and
    hexagons get cells of the same area, a cube picture's isometric cubes that edge. ``show_names``
    writes each piece's name on it; ``title`` adds a caption above the board (and a ``<title>``
    element).
    """
    if placements is None:
        placements = puzzle.preplaced
    placements = list(placements)
    cs = int(cell_size)
    if cs <= 0:
        raise ValueError("cell_size must be positive")

    owner: dict = {c: _FREE for c in puzzle.board}
    owner.update(cell_owner(placements))
    grid = puzzle.grid

    title_size = max(12, round(cs * 0.6))
    title_h = round(title_size * 1.6) if title else 0
    top = margin + title_h
    if grid.dims == 3:
        body, width, height = _render_solid(grid, owner, placements, cs, margin, top, show_names)
    else:
        polygons = [grid.polygon(c) for c in owner]
        scale = cs / math.sqrt(_area(polygons[0]))
        w, h = _extent(polygons)
        body = []
        _flat(body, owner, placements, grid.polygon, scale, (margin, top), _Sizes(cs), show_names)
        width = math.ceil(2 * margin + w * scale - 1e-9)
        height = math.ceil(top + margin + h * scale - 1e-9)
    if title:
        # Rough width of the caption, so a long one is not cut off.
        width = max(width, 2 * margin + round(len(title) * title_size * 0.62))

    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
    ]
    if title:
        out.append(f"<title>{escape(title)}</title>")
        out.append(f'<text class="title" x="{margin}" y="{margin + round(title_size * 1.05)}" '
                   f'font-family="sans-serif" font-size="{title_size}" font-weight="bold" '
                   f'fill="{hex_color(OUTLINE_COLOR)}">{escape(title)}</text>')
    out += body
    out.append("</svg>")
    return SvgImage("\n".join(out) + "\n")


class _Shape:
    """What :func:`render_svg` needs of a puzzle, for one piece drawn alone."""

    def __init__(self, grid, cells) -> None:
        self.grid, self.board, self.preplaced = grid, frozenset(cells), ()


def render_puzzle(puzzle, *, cell_size: int = 30, margin: int = 10) -> SvgImage:
    """The unsolved puzzle: its board (pre-placed pieces on it) under its name, and below it
    each piece in its colour with its name, in rows no wider than the board (or four pieces)."""
    board = render_svg(puzzle, cell_size=cell_size, margin=margin, title=puzzle.name or None)
    small = max(8, round(cell_size * 0.6))
    pieces = [render_svg(_Shape(puzzle.grid, pc.piece.cells), [_placement(pc.piece)],
                         cell_size=small, margin=margin, show_names=True)
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


def _placement(piece):
    from pentomino.model.solution import Placement

    return Placement.of(piece.name, piece.cells)


def _size(picture: str) -> tuple[int, int]:
    """The width and height of a picture made here."""
    return tuple(int(v) for v in re.search(r'width="(\d+)" height="(\d+)"', picture).groups())


def _combine(pictures, places, width: int, height: int) -> SvgImage:
    """Nest whole pictures in one document, each at its (x, y)."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}">']
    for pic, (x, y) in zip(pictures, places):
        body = pic.split("\n", 1)[1]  # drop the XML declaration
        out.append(body.replace("<svg ", f'<svg x="{x}" y="{y}" ', 1).rstrip("\n"))
    out.append("</svg>")
    return SvgImage("\n".join(out) + "\n")


def render_sheet(puzzle, solutions, *, columns: int = 4, **options) -> SvgImage:
    """Several solutions in one SVG, laid out ``columns`` to a row (one alone is just itself)."""
    pictures = [render_svg(puzzle, placements, **options) for placements in solutions]
    if len(pictures) == 1:
        return pictures[0]
    sizes = [_size(pic) for pic in pictures]
    w = max(s[0] for s in sizes)
    h = max(s[1] for s in sizes)
    columns = max(1, min(columns, len(pictures)))
    rows = (len(pictures) + columns - 1) // columns
    places = [((i % columns) * w, (i // columns) * h) for i in range(len(pictures))]
    return _combine(pictures, places, w * columns, h * rows)
