"""The triangle grid: cell (row, column), pointing up when row + column is even.

A cell touches (r, c - 1) and (r, c + 1); an up triangle shares its base with (r + 1, c), a
down one with (r - 1, c). The grid has 12 symmetries (6 rotations by 60 degrees about a
corner, and 6 reflections).

A symmetry of this grid is not linear in (r, c): it is linear on the corners. Corner (i, j)
lies at i * (1, 0) + j * (1/2, h) in the plane (j counts rows of corners downwards); the up
triangle (r, c) has corners (i, r), (i - 1, r + 1), (i, r + 1) with i = (c - r) / 2, the down
triangle (r, c) has (i, r), (i + 1, r), (i, r + 1) with i = (c - r - 1) / 2. A turn by 60
degrees sends corner (i, j) to (-j, i + j); the mirror x -> -x sends it to (-i - j, j).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeAlias

from pentomino.geometry.grid import Cell, Coloring, Polygon, Symmetry
from pentomino.geometry.plane import ROWS, PlaneGrid

Corner: TypeAlias = tuple[int, int]
"""A corner (i, j) of the lattice of triangles (see the module docstring)."""


def corners(cell: Cell) -> tuple[Corner, Corner, Corner]:
    r, c = cell
    if (r + c) % 2 == 0:  # up
        i = (c - r) // 2
        return ((i, r), (i - 1, r + 1), (i, r + 1))
    i = (c - r - 1) // 2
    return ((i, r), (i + 1, r), (i, r + 1))


def from_corners(points: Sequence[Corner]) -> Cell:
    top = min(j for _, j in points)
    upper = sorted(i for i, j in points if j == top)
    if len(upper) == 2:  # a down triangle: two corners on its top row
        return (top, 2 * upper[0] + top + 1)
    return (top, 2 * upper[0] + top)


class TriangleGrid(PlaneGrid):
    name = "triangle"
    plural = "triangles"
    title = "Triangles"
    step = 2
    one_character_a_cell = False  # a character cannot show which way a triangle points

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        r, c = cell
        third = (r + 1, c) if (r + c) % 2 == 0 else (r - 1, c)
        return ((r, c - 1), (r, c + 1), third)

    def polygon(self, cell: Cell) -> Polygon:
        """Corner (i, j) drawn at x = i + j / 2 + 1 / 2, y = j * sqrt(3) / 2: column c of a
        drawing spans x from c / 2 to c / 2 + 1."""
        h = math.sqrt(3) / 2
        top, *bottom = sorted((j * h, i + j / 2 + 0.5) for i, j in corners(cell))
        if (cell[0] + cell[1]) % 2 == 0:  # up: the apex, then the base right to left
            (y0, x0), (y1, xl), (_, xr) = top, *bottom
            return ((x0, y0), (xr, y1), (xl, y1))
        (y0, xl), (_, xr), (y1, x1) = top, *bottom  # down: the top left to right, then the apex
        return ((xl, y0), (xr, y0), (x1, y1))

    def _on_corners(self, name: str, proper: bool, move: Callable[[Corner], Corner]) -> Symmetry:
        def apply(cell: Cell) -> Cell:
            return from_corners([move(p) for p in corners(cell)])

        return Symmetry(name, proper, apply, tuple(apply(p) for p in self.probe()))

    def generators(self) -> tuple[Symmetry, ...]:
        return (self._on_corners("r60", True, lambda p: (-p[1], p[0] + p[1])),
                self._on_corners("flip", False, lambda p: (-p[0] - p[1], p[1])))

    def colorings(self) -> tuple[Coloring, ...]:
        return (Coloring("triangles colored by which way they point", ("one-way", "other-way"),
                         lambda p: (p[0] + p[1]) % 2, proper=True),
                ROWS)


TRIANGLE = TriangleGrid()
