"""The square grid: cell (row, column), four neighbours, eight symmetries (the dihedral group D4)."""

from __future__ import annotations

from collections.abc import Collection

from pentomino.geometry.grid import Cell, Coloring, Grid, Polygon, Symmetry, linear
from pentomino.geometry.plane import ROWS, PlaneGrid


class SquareGrid(PlaneGrid):
    name = "square"
    plural = "squares"
    title = "Squares"
    shapes_as_drawings = True

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        r, c = cell
        return ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))

    def polygon(self, cell: Cell) -> Polygon:
        r, c = cell
        return ((c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1))

    def generators(self) -> tuple[Symmetry, ...]:
        quarter_turn = linear("r90", ((0, 1), (-1, 0)), True, self.probe())  # (r, c) -> (c, -r)
        mirror = linear("flip", ((1, 0), (0, -1)), False, self.probe())  # (r, c) -> (r, -c)
        return (quarter_turn, mirror)

    def colorings(self) -> tuple[Coloring, ...]:
        return (Coloring("a checkerboard coloring", ("dark", "light"), lambda p: (p[0] + p[1]) % 2, proper=True),
                ROWS,
                Coloring("columns colored in turn", ("even-column", "odd-column"), lambda p: p[1] % 2))

    def meeting_points(self, cells: Collection[Cell]) -> tuple[tuple[Cell, ...], ...]:
        """The corner (r, c) of cell (r, c) is where (r-1, c-1), (r-1, c), (r, c-1) and (r, c) meet."""
        board = frozenset(cells)
        points = {(r + dr, c + dc) for r, c in board for dr in (0, 1) for dc in (0, 1)}
        around = (tuple((r - dr, c - dc) for dr in (1, 0) for dc in (1, 0)) for r, c in sorted(points))
        return tuple(four for four in around if board.issuperset(four))

    def straight_lines(self, cells: Collection[Cell]) -> tuple[tuple[tuple[Cell, Cell], ...], ...]:
        """The line under row r (pairs (r, c), (r + 1, c)) and the line right of column c
        (pairs (r, c), (r, c + 1))."""
        board = frozenset(cells)
        under: dict[int, list[tuple[Cell, Cell]]] = {}
        right: dict[int, list[tuple[Cell, Cell]]] = {}
        for r, c in sorted(board):
            if (r + 1, c) in board:
                under.setdefault(r, []).append(((r, c), (r + 1, c)))
            if (r, c + 1) in board:
                right.setdefault(c, []).append(((r, c), (r, c + 1)))
        return tuple(tuple(pairs) for lines in (under, right) for _, pairs in sorted(lines.items()))


SQUARE = SquareGrid()


class SquareLayers(Grid):
    """A grid of cells (z, r, c) in layers of squares: layer z holds the cells (r, c), each drawn
    as the square grid draws (r, c) (cubes, and balls seen from above)."""

    def layer(self, cell: Cell) -> int:
        return cell[0]

    def in_layer(self, cell: Cell) -> tuple[int, int]:
        return (cell[1], cell[2])

    def cell_at(self, layer: int, row_col: tuple[int, int]) -> Cell:
        return (layer, *row_col)

    def polygon(self, cell: Cell) -> Polygon:
        return SQUARE.polygon(self.in_layer(cell))
