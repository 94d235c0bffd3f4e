"""The cube grid: cells (z, y, x), six neighbours, 48 symmetries (24 rotations).

A solid piece can only be turned (24 rotations); a mirror image is another piece, allowed only
where a puzzle says so (``one_sided = false``).
"""

from __future__ import annotations

from typing import Iterable

from pentomino.geometry.grid import Cell, Grid, Symmetry, linear


class CubeGrid(Grid):
    name = "cube"
    dims = 3

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        z, y, x = cell
        return ((z - 1, y, x), (z, y - 1, x), (z, y, x - 1), (z, y, x + 1), (z, y + 1, x), (z + 1, y, x))

    def generators(self) -> tuple[Symmetry, ...]:
        probe = self.probe()
        about_z = linear("rz", ((1, 0, 0), (0, 0, 1), (0, -1, 0)), True, probe)  # (z, y, x) -> (z, x, -y)
        mirror = linear("flip", ((1, 0, 0), (0, 1, 0), (0, 0, -1)), False, probe)  # x -> -x
        about_x = linear("rx", ((0, 1, 0), (-1, 0, 0), (0, 0, 1)), True, probe)  # (z, y, x) -> (y, -z, x)
        return (about_z, mirror, about_x)

    def normalize(self, cells: Iterable[Cell]) -> frozenset:
        cells = list(cells)
        low = [min(c[d] for c in cells) for d in range(3)]
        return frozenset(tuple(c[d] - low[d] for d in range(3)) for c in cells)

    def translate(self, cells, source: Cell, target: Cell) -> frozenset:
        shift = [t - s for s, t in zip(source, target)]
        return frozenset(tuple(c[d] + shift[d] for d in range(3)) for c in cells)

    def parse_cell_text(self, lines: list[str]) -> dict[Cell, str]:
        """One layer (z = 0): character x of line y is cell (0, y, x)."""
        return {(0, y, x): ch for y, line in enumerate(lines) for x, ch in enumerate(line) if ch != " "}

    def bounding_rows_cols(self, cells):
        """Rows and columns (y, x) over every layer."""
        cells = list(cells)
        return (min(c[1] for c in cells), min(c[2] for c in cells),
                max(c[1] for c in cells), max(c[2] for c in cells))


CUBE = CubeGrid()
