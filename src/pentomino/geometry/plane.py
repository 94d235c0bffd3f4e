"""What the three plane grids share: cells (row, column) drawn one character a cell."""

from __future__ import annotations

from abc import abstractmethod
from typing import Iterable

from pentomino.geometry.grid import Cell, Grid

Point = tuple[float, float]


class PlaneGrid(Grid):
    """A 2-D grid whose cells are (row, column) and whose drawings put cell (r, c) at line r,
    character c. ``step`` is the parity that translations must keep: 1 for squares (any
    shift), 2 for triangles and hexagons (a shift (dr, dc) with dr + dc even)."""

    dims = 2
    step = 1

    def normalize(self, cells: Iterable[Cell]) -> frozenset:
        cells = list(cells)
        r0 = min(r for r, _ in cells)
        c0 = min(c for _, c in cells)
        if (r0 + c0) % self.step:
            c0 -= 1  # a shift must keep r + c's parity: the shape lands one column in
        return frozenset((r - r0, c - c0) for r, c in cells)

    def translate(self, cells, source: Cell, target: Cell) -> frozenset | None:
        dr, dc = target[0] - source[0], target[1] - source[1]
        if (dr + dc) % self.step:
            return None
        return frozenset((r + dr, c + dc) for r, c in cells)

    def parse_cell_text(self, lines: list[str]) -> dict[Cell, str]:
        return {(r, c): ch for r, line in enumerate(lines) for c, ch in enumerate(line) if ch != " "}

    @abstractmethod
    def polygon(self, cell: Cell) -> tuple[Point, ...]:
        """The cell's corners (x to the right, y down), clockwise on screen, in units where an
        edge is 1 long. Cells that touch share an edge exactly (same two corner points)."""

    def bounding_rows_cols(self, cells):
        cells = list(cells)
        return (min(r for r, _ in cells), min(c for _, c in cells),
                max(r for r, _ in cells), max(c for _, c in cells))
