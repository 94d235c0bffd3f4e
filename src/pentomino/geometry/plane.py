"""What the three plane grids share: cells (row, column), one layer, drawn where a puzzle file
draws them (cell (r, c) at line r, character c)."""

from __future__ import annotations

from collections.abc import Iterable

from pentomino.geometry.grid import Cell, Coloring, Grid, Shape

ROWS = Coloring("rows colored in turn", ("even-row", "odd-row"), lambda p: p[0] % 2)
"""Stripes, a row each: a coloring every plane grid can try."""


class PlaneGrid(Grid):
    """A 2-D grid whose cells are (row, column): one layer, itself. ``step`` is the parity
    that translations must keep: 1 for squares (any shift), 2 for triangles and hexagons (a
    shift (dr, dc) with dr + dc even)."""

    dims = 2

    def normalize(self, cells: Iterable[Cell]) -> Shape:
        cells = list(cells)
        r0 = min(r for r, _ in cells)
        c0 = min(c for _, c in cells)
        if (r0 + c0) % self.step:
            c0 -= 1  # a shift must keep r + c's parity: the shape lands one column in
        return frozenset((r - r0, c - c0) for r, c in cells)

    def translate(self, cells: Iterable[Cell], source: Cell, target: Cell) -> Shape | None:
        dr, dc = target[0] - source[0], target[1] - source[1]
        if (dr + dc) % self.step:
            return None
        return frozenset((r + dr, c + dc) for r, c in cells)

    def layer(self, cell: Cell) -> int:
        return 0

    def in_layer(self, cell: Cell) -> tuple[int, int]:
        r, c = cell
        return (r, c)

    def cell_at(self, layer: int, row_col: tuple[int, int]) -> Cell:
        return row_col
