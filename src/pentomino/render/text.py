r"""Plain text pictures.

Squares, hexagons and cubes are drawn one character a cell, where a puzzle file draws the cell:
the piece's letter, '.' for an uncovered cell (hexagons: each row half a cell further right;
the layers of a layered grid, the cubes' z = 0, 1, …, side by side). One character a cell
cannot show a triangle's shape, so grids that say so (``grid.one_character_a_cell``) are drawn
as outlines (see :func:`render_triangles`); two rows of six triangles, three pieces and three
uncovered cells::

       __________________
      /  AA  \ BB  \ .. /
     /AA    AA\   BB\  /
    /__________\     \/
    \ CC    CC /\ BB /\
     \   CC   /..\  /..\
      \______/____\/____\

"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from typing import Protocol, TypeAlias, TypeVar

from pentomino.geometry.grid import Cell, Grid, Point, Polygon
from pentomino.geometry.wrap import Wrap
from pentomino.model.piece import Piece
from pentomino.model.placement import Placement

_FREE = -1
_LAYER_GAP = 2
"""Columns between two layers of a solid drawn side by side."""

CellWriter: TypeAlias = Callable[[Cell | None, int], str]
"""What a picture writes for one place of a drawing (see :func:`draw_lines`)."""
End = TypeVar("End", bound=tuple[float, float])
"""An end of an edge, as a picture places a corner (see :func:`edge_sides`)."""


class Drawable(Protocol):
    """What a picture needs of a puzzle: a :class:`~pentomino.model.puzzle.Puzzle`, or one
    piece alone (:func:`pentomino.render.svg.render_puzzle`)."""

    @property
    def grid(self) -> Grid: ...

    @property
    def board(self) -> frozenset[Cell]: ...

    @property
    def preplaced(self) -> Sequence[Placement]: ...


def piece_letters(names: Collection[str]) -> dict[str, str]:
    """One character for each piece name: the name itself if it is one character, else a letter
    or digit not taken yet (so I4 and I3 on one board stay apart)."""
    letters: dict[str, str] = {}
    taken = {n for n in names if len(n) == 1}
    pool = iter([ch for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                 if ch not in taken])
    for n in names:
        if len(n) == 1:
            letters[n] = n
        elif n[0] not in taken:
            letters[n] = n[0]
            taken.add(n[0])
        else:
            letters[n] = next(pool)
            taken.add(letters[n])
    return letters


def cell_owner(placements: Iterable[Placement]) -> dict[Cell, int]:
    """{cell: index of the placement covering it}."""
    return {c: i for i, p in enumerate(placements) for c in p.cells}


def edge_sides(polygons: Mapping[Cell, Polygon], owner: Mapping[Cell, int],
               point: Callable[[Point], End]) -> dict[tuple[End, End], list[int]]:
    """Every edge of the cells' polygons (``{cell: corners}``), as its two end points
    (``point(corner)``, the smaller first), with the owners of the cells on its sides: one
    owner for an edge at the border of the drawing."""
    sides: dict[tuple[End, End], list[int]] = defaultdict(list)
    for c, poly in polygons.items():
        corners = [point(p) for p in poly]
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            sides[(a, b) if a < b else (b, a)].append(owner[c])
    return sides


def _positions(grid: Grid, cells: Collection[Cell]) -> list[list[Cell | None]]:
    """The positions of the bounding box of ``cells``, row by row, as a puzzle file draws them
    (one column each; on hexagons every other one is no cell of the grid): the layers (z = 0
    first) stand side by side, with ``None`` for the gap between two."""
    r0, c0, r1, c1 = grid.bounding_rows_cols(cells)
    layers = grid.layer_range(cells)
    return [[cell for z in layers
             for cell in ([None] if z > layers.start else []) + [grid.cell_at(z, (r, c)) for c in range(c0, c1 + 1)]]
            for r in range(r0, r1 + 1)]


def _span(grid: Grid, cell: Cell) -> int:
    """The columns a cell takes in a drawing: 2 where the position to its right is no cell of
    the grid (a hexagon covers it: the rows are half a cell apart), else 1."""
    r, c = grid.in_layer(cell)
    return 1 if grid.is_cell(grid.cell_at(grid.layer(cell), (r, c + 1))) else 2


def _places(grid: Grid, row: list[Cell | None]) -> Iterator[tuple[Cell | None, int]]:
    """A row of positions as ``(cell, columns)``: each cell with the columns it spans, and
    ``(None, columns)`` for a blank: the gap between two layers, or a half cell starting a row
    of hexagons."""
    k = 0
    while k < len(row):
        position = row[k]
        if position is None:
            yield None, _LAYER_GAP
            k += 1
        elif grid.is_cell(position):
            span = _span(grid, position)
            yield position, span
            k += span
        else:
            yield None, 1
            k += 1


def draw_lines(grid: Grid, cells: Collection[Cell], write: CellWriter) -> list[str]:
    """The drawing of the bounding box of ``cells``, one line a row, each cell where a puzzle
    file draws it: ``write(cell, columns)`` gives the text of each cell of the grid, with the
    columns it spans there (1; 2 for a hexagon), and ``write(None, columns)`` that of a blank
    (a half cell starting a row of hexagons: 1; the gap between two layers of a solid: 2)."""
    return ["".join(write(cell, columns) for cell, columns in _places(grid, row))
            for row in _positions(grid, cells)]


def render_triangles(grid: Grid, owner: dict[Cell, int], letter: Callable[[int], str]) -> str:
    """Triangle cells as outlines (a grid of one layer, whose ``polygon`` gives triangles):
    ``owner`` maps each cell to draw to what covers it (cells with one owner are one region),
    ``letter(owner)`` gives the character written in it.

    A row of triangles is three lines of text and an edge (length 1) six characters: an edge
    between two owners (or at the border) is drawn with '/', '\\' or '_', and each triangle
    has its letter twice at its centre (an up triangle on its middle line, a down triangle on
    its top line). The corners come from ``grid.polygon``: corner (x, y) is column 6 x, line
    3 y / h for triangles h high."""
    polygons = {c: grid.polygon(c) for c in sorted(owner)}
    first = next(iter(polygons.values()))
    h = max(y for _, y in first) - min(y for _, y in first)
    x0 = min(x for poly in polygons.values() for x, _ in poly)
    y0 = min(y for poly in polygons.values() for _, y in poly)

    def col(x: float) -> int:
        return round(6 * (x - x0))

    def line(y: float) -> int:
        return round(3 * (y - y0) / h)

    sides = edge_sides(polygons, owner, lambda p: (line(p[1]), col(p[0])))  # (line, column)
    chars: dict[tuple[int, int], str] = {}
    edges = [((xa, ya), (xb, yb)) for ((ya, xa), (yb, xb)), owners in sides.items()
             if len(owners) == 1 or owners[0] != owners[1]]
    # Underscores first, under the whole edge: a slash at a corner overwrites them, and where
    # no slash meets the corner two edges in a row read as one line.
    for (xa, ya), (xb, yb) in sorted(edges):
        if ya == yb:
            for x in range(min(xa, xb), max(xa, xb)):
                chars[ya, x] = "_"
    for (xa, ya), (xb, yb) in sorted(edges):  # (xa, ya) is the upper end
        if ya != yb:
            for k in range(yb - ya):
                if xb < xa:
                    chars[ya + 1 + k, xa - 1 - k] = "/"
                else:
                    chars[ya + 1 + k, xa + k] = "\\"
    for c, poly in polygons.items():
        x = col(sum(x for x, _ in poly) / len(poly))
        y = line(sum(y for _, y in poly) / len(poly))
        chars[y, x - 1] = chars[y, x] = letter(owner[c])
    top = min(y for y, _ in chars)  # no underscores above the first row: start lower
    width = max(x for _, x in chars) + 1
    return "\n".join("".join(chars.get((y, x), " ") for x in range(width)).rstrip()
                     for y in range(top, max(y for y, _ in chars) + 1))


OPEN_MARK = "*"
"""How text pictures mark a cell left open by choice (a calendar's date)."""


def opened(puzzle: Drawable) -> tuple[frozenset[Cell], str]:
    """The cells a labelled puzzle leaves open (:attr:`~pentomino.model.fields.PuzzleFields.opened`)
    and their labels as a line to print under a picture (empty if none)."""
    cells: frozenset[Cell] = getattr(puzzle, "opened_cells", frozenset())
    labels: tuple[str, ...] = getattr(puzzle, "opened", ())
    return cells, (f"open: {' '.join(labels)}" if labels else "")


def wrap_line(puzzle: Drawable) -> str:
    """A line to print under a picture of a board that wraps (empty if it does not)."""
    surface: Wrap | None = getattr(puzzle, "surface", None)
    return f"wrap: {surface.describe()}" if surface is not None else ""


def render_text(puzzle: Drawable, placements: Sequence[Placement]) -> str:
    """Each cell where the puzzle file draws it, one character a cell ('.' for an uncovered
    cell, ``*`` for one left open by choice, with their labels on a line below); triangles as
    outlines with the pieces' letters in them."""
    letters = piece_letters(sorted({p.piece for p in placements}))
    open_cells, said = opened(puzzle)
    if not puzzle.grid.one_character_a_cell:
        owner = {c: _FREE for c in puzzle.board | open_cells}
        owner.update(cell_owner(placements))
        return "\n".join([render_triangles(puzzle.grid, owner,
                                             lambda i: "." if i == _FREE else letters[placements[i].piece]),
                           *(x for x in (said, wrap_line(puzzle)) if x)])
    marks = {c: letters[placements[i].piece] for c, i in cell_owner(placements).items()}
    marks.update(dict.fromkeys(open_cells, OPEN_MARK))
    board = puzzle.board

    def write(cell: Cell | None, columns: int) -> str:
        """The cell's letter ('.' uncovered, ' ' off the board), then blanks to its width."""
        mark = " " if cell is None else marks.get(cell, "." if cell in board else " ")
        return mark + " " * (columns - 1)

    lines = [line.rstrip() for line in draw_lines(puzzle.grid, board | open_cells, write)]
    return "\n".join(lines + ([f"{said} ({OPEN_MARK})"] if said else []) + [x for x in [wrap_line(puzzle)] if x])


def render_piece(piece: Piece) -> str:
    """A piece alone: '#' for each cell, as :func:`render_text` draws a board (the layers of a
    layered grid one under another, an empty line between two)."""
    if not piece.grid.one_character_a_cell:
        return render_triangles(piece.grid, {c: 0 for c in piece.cells}, lambda _: "#")
    return "\n".join(line.replace(".", " ").rstrip() for line in piece.to_ascii().split("\n"))
