"""The square grid: cell (row, column), four neighbours, eight symmetries (the dihedral group D4)."""

from __future__ import annotations

from pentomino.geometry.grid import Cell, Symmetry, linear
from pentomino.geometry.plane import PlaneGrid


class SquareGrid(PlaneGrid):
    name = "square"

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        r, c = cell
        return ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))

    def polygon(self, cell: Cell) -> tuple[tuple[float, float], ...]:
        r, c = cell
        return ((c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1))

    def generators(self) -> tuple[Symmetry, ...]:
        quarter_turn = linear("r90", ((0, 1), (-1, 0)), True, self.probe())  # (r, c) -> (c, -r)
        mirror = linear("flip", ((1, 0), (0, -1)), False, self.probe())  # (r, c) -> (r, -c)
        return (quarter_turn, mirror)


SQUARE = SquareGrid()
