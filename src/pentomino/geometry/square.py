"""The square grid: cell (row, column), four neighbours, eight symmetries (the dihedral group D4)."""

from __future__ import annotations

from typing import Iterable

from pentomino.geometry.grid import Cell, Grid, Symmetry


class SquareGrid(Grid):
    name = "square"
    dims = 2

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        r, c = cell
        return ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))

    def generators(self) -> tuple[Symmetry, ...]:
        quarter_turn = Symmetry("r90", ((0, 1), (-1, 0)), True)  # (r, c) -> (c, -r)
        mirror = Symmetry("flip", ((1, 0), (0, -1)), False)  # (r, c) -> (r, -c)
        return (quarter_turn, mirror)

    def normalize(self, cells: Iterable[Cell]) -> frozenset:
        cells = list(cells)
        r0 = min(r for r, _ in cells)
        c0 = min(c for _, c in cells)
        return frozenset((r - r0, c - c0) for r, c in cells)

    def translate(self, cells, source: Cell, target: Cell) -> frozenset:
        dr, dc = target[0] - source[0], target[1] - source[1]
        return frozenset((r + dr, c + dc) for r, c in cells)

    def parse_cell_text(self, lines: list[str]) -> dict[Cell, str]:
        return {(r, c): ch for r, line in enumerate(lines) for c, ch in enumerate(line) if ch != " "}

    def bounding_rows_cols(self, cells):
        cells = list(cells)
        return (min(r for r, _ in cells), min(c for _, c in cells),
                max(r for r, _ in cells), max(c for _, c in cells))


SQUARE = SquareGrid()
