"""The square grid: cell (row, column), four neighbours, eight symmetries (the dihedral group D4)."""

from __future__ import annotations

from pentomino.geometry.grid import Cell, Coloring, Polygon, Symmetry, linear
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


SQUARE = SquareGrid()
