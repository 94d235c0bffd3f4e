"""Boards that wrap: a board of one layer whose opposite edges are glued.

A board's bounding box has R rows and C columns from its least row and column. Gluing its left
and right edges makes a tube (``"columns"``: column C - 1 touches column 0), its top and bottom
edges a tube the other way (``"rows"``), both a torus (``"both"``), and the left and right
edges with a half twist a Moebius strip (``"moebius"``: a piece that runs off the right edge
comes back on the left upside down, row r as row R - 1 - r).

A cell of the plane is on the wrapped board as :meth:`Wrap.cell` brings it back into the box:
its column modulo C (and, past the twist, its row turned), its row modulo R. Two cells touch
when one touches the other's image in the plane, so a piece may lie across a seam; a piece
that would cover a cell twice (longer than the circumference) lies nowhere.

The motions of a wrapped board (:meth:`Wrap.motions`) are the grid's symmetries and the turns
about the tube's axis (shifts across the seam) that map the board onto itself and cells that
touch onto cells that touch: for a tube of circumference C without holes, the C turns, the
mirror and the end-for-end flip (4C); for an R x C torus 4RC, or 8RC when R = C.

Nothing here knows of pieces or search: a wrap is geometry, like the grid it glues.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pentomino.errors import PuzzleError
from pentomino.geometry.grid import Cell, Grid, Symmetry, _cell_array, _images
from pentomino.tuning import MAX_WRAP_CELLS

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

WrapKind = Literal["columns", "rows", "both", "moebius"]
WRAPS: tuple[WrapKind, ...] = ("columns", "rows", "both", "moebius")
"""How a board may wrap (a puzzle file's ``wrap = "..."``)."""

WRAP_NOUNS: dict[str, str] = {"columns": "tube", "rows": "tube", "both": "torus", "moebius": "Moebius strip"}
"""What a board that wraps so is, in a word or two (a puzzle's name says it: "6x10 (torus)")."""

DESCRIPTIONS: dict[str, str] = {
    "columns": "a tube: its left and right edges are glued",
    "rows": "a tube: its top and bottom edges are glued",
    "both": "a torus: its left and right edges are glued, and its top and bottom edges",
    "moebius": "a Moebius strip: its left and right edges are glued with a half twist",
}


@dataclass(frozen=True)
class Wrap:
    """How a board of one layer wraps: its kind, and the box whose edges are glued."""

    kind: WrapKind
    low: tuple[int, int]
    """The box's least row and column."""
    size: tuple[int, int]
    """Its rows and columns: the circumferences of the wraps."""

    @classmethod
    def of(cls, kind: WrapKind, grid: Grid, board: Collection[Cell]) -> Wrap:
        """The wrap ``kind`` of ``board`` (its bounding box glued); :class:`PuzzleError` if the
        grid cannot glue those edges (a shift by the box's width or a turn across the twist
        that does not move the grid's cells onto cells alike: triangles and hexagons need an
        even number of columns)."""
        if kind not in WRAPS:
            raise PuzzleError(f"wrap must be one of {', '.join(map(repr, WRAPS))}, not {kind!r}")
        if grid.layered:
            raise PuzzleError(f"a board of {grid.plural} cannot wrap: wrap is for boards of one layer")
        if not board:
            raise PuzzleError("an empty board cannot wrap")
        rows = [c[0] for c in board]
        cols = [c[1] for c in board]
        wrap = cls(kind, (min(rows), min(cols)), (max(rows) - min(rows) + 1, max(cols) - min(cols) + 1))
        if wrap.size[0] * wrap.size[1] > MAX_WRAP_CELLS:
            raise PuzzleError(f"a board that wraps may span at most {MAX_WRAP_CELLS:,} cells (rows times columns), "
                              f"and this one spans {wrap.size[0]} x {wrap.size[1]}: its symmetries, every shift "
                              "round the seams, are all tried; wrap a smaller board")
        for what, glue in wrap._glues():
            if not _keeps_the_grid(grid, glue):
                raise PuzzleError(f"the {what} of this board cannot be glued on the {grid.name} grid: "
                                  f"{_why(wrap, what)}")
        return wrap

    @property
    def columns(self) -> bool:
        """True if the columns wrap (column C - 1 touches column 0)."""
        return self.kind != "rows"

    @property
    def rows(self) -> bool:
        """True if the rows wrap (row R - 1 touches row 0)."""
        return self.kind in ("rows", "both")

    @property
    def twisted(self) -> bool:
        return self.kind == "moebius"

    def describe(self) -> str:
        """What the board is, for people: "a tube: its left and right edges are glued"."""
        return DESCRIPTIONS[self.kind]

    def cell(self, cell: Cell) -> Cell:
        """The board's cell that a cell of the plane is, brought back into the box."""
        r, c = cell
        (r0, c0), (rows, cols) = self.low, self.size
        if self.columns:
            turns, c = divmod(c - c0, cols)
            c += c0
            if self.twisted and turns % 2:
                r = 2 * r0 + rows - 1 - r
        if self.rows:
            r = (r - r0) % rows + r0
        return (r, c)

    def cells(self, points: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """:meth:`cell` of every row of an array of points (row, column)."""
        import numpy as np

        (r0, c0), (rows, cols) = self.low, self.size
        r, c = points[:, 0].copy(), points[:, 1].copy()
        if self.columns:
            turns, c = np.divmod(c - c0, cols)
            c += c0
            if self.twisted:
                r = np.where(turns % 2 == 1, 2 * r0 + rows - 1 - r, r)
        if self.rows:
            r = (r - r0) % rows + r0
        return np.stack([r, c], axis=1)

    def neighbours(self, grid: Grid, cell: Cell) -> tuple[Cell, ...]:
        """The cells that touch ``cell`` on the wrapped plane (each once; never itself, as on
        a tube one cell round)."""
        out: list[Cell] = []
        for n in grid.neighbours(cell):
            m = self.cell(n)
            if m != cell and m not in out:
                out.append(m)
        return tuple(out)

    def components(self, grid: Grid, cells: Iterable[Cell]) -> list[list[Cell]]:
        """The groups of ``cells`` connected across edges and seams."""
        return grid.components(cells, functools.partial(self.neighbours, grid))

    def unwrap(self, grid: Grid, cells: Collection[Cell]) -> list[Cell] | None:
        """``cells`` of the board laid out flat in the plane, as a piece across a seam is: from
        the least cell, each next cell where the plane puts the neighbour that touches it (so
        a piece that runs off the right edge goes on to the right); None if they do not hang
        together or would lie on themselves (round a seam shorter than they are)."""
        if not cells:
            return None
        first = min(cells)
        where = {first: first}
        queue = [first]
        left = set(cells) - {first}
        while queue:
            cell = queue.pop()
            for q in grid.neighbours(where[cell]):
                m = self.cell(q)
                if m in left:
                    left.remove(m)
                    where[m] = q
                    queue.append(m)
        placed = list(where.values())
        if left or len(set(placed)) != len(placed):
            return None
        return placed

    def arrays(self) -> npt.NDArray[np.int64]:
        """The wrap as the compiled placement builders read it: int64[5], the box's least row
        and column, the periods of rows and columns (0 where they do not wrap), and the number
        of rows that crossing the columns' seam turns over (0: no twist)."""
        import numpy as np

        (r0, c0), (rows, cols) = self.low, self.size
        return np.array([r0, c0, rows if self.rows else 0, cols if self.columns else 0, rows if self.twisted else 0],
                        dtype=np.int64)

    def motions(self, grid: Grid, board: Collection[Cell]) -> tuple[WrappedMotion, ...]:
        """The motions of the wrapped board, identity first, then the other rotations, then
        the reflections; two that move every cell alike are one.

        Each grid symmetry is tried with each shift round the seams (its image's box put back
        on the box first): kept if it takes the board's cells one to one onto the board's, and
        each cell's neighbours (round the seams) onto its image's. On arrays: a cell's place in
        the box finds it, and a cell's neighbours are a row of a table."""
        import numpy as np

        cells_list = sorted(board)
        n = len(cells_list)
        cells = _cell_array(cells_list, 2)
        (r0, c0), (rows, cols) = self.low, self.size
        in_box = np.full(rows * cols, -1, dtype=np.int64)  # the board cell at each place of the box
        in_box[(cells[:, 0] - r0) * cols + (cells[:, 1] - c0)] = np.arange(n)
        index = {c: i for i, c in enumerate(cells_list)}
        near = [[index[m] for m in self.neighbours(grid, c) if m in index] for c in cells_list]
        degree = max(map(len, near), default=0)
        table = np.full((n, max(degree, 1)), n, dtype=np.int64)  # n pads: it sorts last, maps to itself
        for i, row in enumerate(near):
            table[i, :len(row)] = sorted(row)
        found: list[WrappedMotion] = []
        seen: set[bytes] = set()
        row_turns = range(rows) if self.rows else range(1)
        col_turns = range(2 * cols if self.twisted else cols) if self.columns else range(1)
        for g in sorted(grid.symmetries(), key=lambda s: not s.proper):
            images = _images(grid, g, cells)
            base = np.array([r0, c0]) - images.min(axis=0)  # the image's box put back on the box
            for dr in row_turns:
                for dc in col_turns:
                    shift = (int(base[0]) + dr, int(base[1]) + dc)
                    moved = self.cells(images + np.array(shift))
                    r, c = moved[:, 0] - r0, moved[:, 1] - c0
                    if ((r < 0) | (r >= rows) | (c < 0) | (c >= cols)).any():
                        continue  # off the box (rows that do not wrap)
                    to = in_box[r * cols + c]
                    if (to < 0).any() or np.bincount(to, minlength=n).max() > 1:
                        continue  # off the board, or two cells onto one
                    mapped = np.append(to, n)[table]  # each cell's neighbours' images
                    mapped.sort(axis=1)
                    if not np.array_equal(mapped, table[to]):
                        continue  # cells that touch onto cells that do not
                    action = to.tobytes()
                    if action in seen:
                        continue
                    seen.add(action)
                    found.append(WrappedMotion(g, shift, self, len(found)))
        return tuple(found)

    def _glues(self) -> list[tuple[str, Callable[[Cell], Cell]]]:
        """The maps that glue the box's edges: a shift by the columns (with the twist, turned
        over), a shift by the rows."""
        (r0, _), (rows, cols) = self.low, self.size
        out: list[tuple[str, Callable[[Cell], Cell]]] = []
        if self.columns:
            if self.twisted:
                out.append(("left and right edges", lambda p: (2 * r0 + rows - 1 - p[0], p[1] + cols)))
            else:
                out.append(("left and right edges", lambda p: (p[0], p[1] + cols)))
        if self.rows:
            out.append(("top and bottom edges", lambda p: (p[0] + rows, p[1])))
        return out


@functools.lru_cache(maxsize=64)
def wrap_of(kind: WrapKind, grid: Grid, board: frozenset[Cell]) -> Wrap:
    """:meth:`Wrap.of`, kept: a puzzle asks for its surface often (checked, then packed, then
    drawn), and a frozen board is hashed once."""
    return Wrap.of(kind, grid, board)


@dataclass(frozen=True, eq=False)
class WrappedMotion:
    """One motion of a wrapped board: a grid symmetry, a shift, and the board's wrap."""

    symmetry: Symmetry
    shift: tuple[int, int]
    wrap: Wrap
    action: int

    def __call__(self, cell: Cell) -> Cell:
        r, c = self.symmetry(cell)
        return self.wrap.cell((r + self.shift[0], c + self.shift[1]))

    def cell_map(self, grid: Grid, board: Collection[Cell]) -> dict[Cell, Cell]:
        """Where the motion takes each cell of ``board``."""
        import numpy as np

        cells = list(board)
        moved = self.wrap.cells(_images(grid, self.symmetry, _cell_array(cells, 2)) + np.array(self.shift))
        return dict(zip(cells, map(tuple, moved.tolist()), strict=True))


def _keeps_the_grid(grid: Grid, glue: Callable[[Cell], Cell]) -> bool:
    """True if ``glue`` moves the cells near the origin onto cells, and cells that touch onto
    cells that touch: a motion of the grid, which a seam must be."""
    f = glue
    near = {grid.origin}
    for _ in range(3):
        near |= {n for c in near for n in grid.neighbours(c)}
    for c in near:
        image = f(c)
        if not grid.is_cell(image):
            return False
        if {f(n) for n in grid.neighbours(c)} != set(grid.neighbours(image)):
            return False
    return True


def _why(wrap: Wrap, what: str) -> str:
    rows, cols = wrap.size
    if what.startswith("left"):
        return (f"its cells come in two kinds that alternate along a row, and its {cols} columns would put "
                "one kind beside itself; give the board an even number of columns" if not wrap.twisted else
                f"the half twist turns its {rows} rows over onto cells of the other kind; give the board an "
                "even number of rows, or glue the edges without a twist")
    return (f"its cells come in two kinds that alternate down a column, and its {rows} rows would put one "
            "kind beside itself; give the board an even number of rows")
