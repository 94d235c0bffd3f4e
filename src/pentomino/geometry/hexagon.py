"""The hexagon grid in doubled coordinates: cells (row, column) with row + column even.

A cell touches (r, c +- 2) and (r +- 1, c +- 1). The grid has 12 symmetries: 6 rotations by
60 degrees about a cell's centre, and 6 reflections. A turn sends (r, c) to
((c + r) / 2, (c - 3r) / 2), the mirror sends it to (r, -c).
"""

from __future__ import annotations

import math

from pentomino.geometry.grid import Cell, Coloring, Polygon, Symmetry
from pentomino.geometry.plane import ROWS, PlaneGrid


def _three_coloring(cell: Cell) -> int:
    r, c = cell
    return ((c - 3 * r) // 2) % 3  # neighbours differ: a proper 3-coloring


class HexagonGrid(PlaneGrid):
    name = "hexagon"
    plural = "hexagons"
    title = "Hexagons"
    cell_rule = "row + column is even (count from 0)"
    step = 2

    def is_cell(self, cell: Cell) -> bool:
        return (cell[0] + cell[1]) % 2 == 0

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        r, c = cell
        return ((r - 1, c - 1), (r - 1, c + 1), (r, c - 2), (r, c + 2), (r + 1, c - 1), (r + 1, c + 1))

    def polygon(self, cell: Cell) -> Polygon:
        """A hexagon with a point up, edge 1: centre (r, c) at x = (c + 1) * sqrt(3) / 2,
        y = 1.5 * r + 1, so cell (r, c) sits under character c of line r in a drawing."""
        w = math.sqrt(3) / 2
        x, y = (cell[1] + 1) * w, 1.5 * cell[0] + 1
        return ((x, y - 1), (x + w, y - 0.5), (x + w, y + 0.5), (x, y + 1), (x - w, y + 0.5), (x - w, y - 0.5))

    def generators(self) -> tuple[Symmetry, ...]:
        def turn(cell: Cell) -> Cell:
            r, c = cell
            return ((c + r) // 2, (c - 3 * r) // 2)

        def mirror(cell: Cell) -> Cell:
            return (cell[0], -cell[1])

        probe = self.probe()
        return (Symmetry("r60", True, turn, tuple(turn(p) for p in probe)),
                Symmetry("flip", False, mirror, tuple(mirror(p) for p in probe)))

    def colorings(self) -> tuple[Coloring, ...]:
        return (Coloring("the three-coloring of the hexagons", ("first", "second", "third"), _three_coloring,
                         proper=True),
                ROWS)


HEXAGON = HexagonGrid()
