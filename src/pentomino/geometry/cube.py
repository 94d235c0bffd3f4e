"""The cube grid: cells (z, y, x), six neighbours, 48 symmetries (24 rotations).

A solid piece can only be turned (24 rotations); a mirror image is another piece, allowed only
where a puzzle says so (``one_sided = false``).

The cells stand in layers of squares: layer z holds the squares (y, x), drawn as the square
grid draws them. The 3-D view looks from above, in front and to the right, z up, in isometric
projection, and shows each cube as the three faces it turns that way.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable

from pentomino.geometry.grid import Cell, Coloring, Face, Point, Shape, Symmetry, View, linear
from pentomino.geometry.square import SquareLayers

_COS30 = math.sqrt(3) / 2
_FACES: dict[str, tuple[Cell, tuple[tuple[int, int, int], ...], float]] = {
    # side: (the neighbour it faces, its corners as (dx, dy, dz) from the cube's low corner,
    #        how its color is shaded)
    "top": ((1, 0, 0), ((0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)), 1.25),
    "left": ((0, 1, 0), ((0, 1, 0), (1, 1, 0), (1, 1, 1), (0, 1, 1)), 1.0),
    "right": ((0, 0, 1), ((1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 0, 1)), 0.75),
}
"""The faces of a unit cube a viewer above, in front and to the right sees. Cells are
(z, y, x); the neighbour offsets are in that order, the corners in (x, y, z)."""


def _iso(x: float, y: float, z: float) -> Point:
    """Isometric projection, z up: x runs right and down the page, y left and down."""
    return ((x - y) * _COS30, (x + y) / 2 - z)


class CubeGrid(SquareLayers):
    name = "cube"
    dims = 3
    plural = "cubes"
    title = "Cubes (drawn layer by layer)"
    piece_noun = "solids"
    layered = True
    one_sided_by_default = True  # a solid cannot be turned over

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        z, y, x = cell
        return ((z - 1, y, x), (z, y - 1, x), (z, y, x - 1), (z, y, x + 1), (z, y + 1, x), (z + 1, y, x))

    def generators(self) -> tuple[Symmetry, ...]:
        probe = self.probe()
        about_z = linear("rz", ((1, 0, 0), (0, 0, 1), (0, -1, 0)), True, probe)  # (z, y, x) -> (z, x, -y)
        mirror = linear("flip", ((1, 0, 0), (0, 1, 0), (0, 0, -1)), False, probe)  # x -> -x
        about_x = linear("rx", ((0, 1, 0), (-1, 0, 0), (0, 0, 1)), True, probe)  # (z, y, x) -> (y, -z, x)
        return (about_z, mirror, about_x)

    def normalize(self, cells: Iterable[Cell]) -> Shape:
        cells = list(cells)
        low = [min(c[d] for c in cells) for d in range(3)]
        return frozenset(tuple(c[d] - low[d] for d in range(3)) for c in cells)

    def translate(self, cells: Iterable[Cell], source: Cell, target: Cell) -> Shape:
        shift = [t - s for s, t in zip(source, target, strict=True)]
        return frozenset(tuple(c[d] + shift[d] for d in range(3)) for c in cells)

    def colorings(self) -> tuple[Coloring, ...]:
        return (Coloring("a three-dimensional checkerboard coloring", ("dark", "light"),
                         lambda p: (p[0] + p[1] + p[2]) % 2, proper=True),
                Coloring("layers colored in turn", ("even-layer", "odd-layer"), lambda p: p[0] % 2))

    body = "cube"

    def centre(self, cell: Cell) -> tuple[float, float, float]:
        z, y, x = cell
        return (float(x), float(y), float(z))

    def view(self, cells: Collection[Cell]) -> View:
        """Each cube as the faces it shows, leaving out a face another of ``cells`` covers,
        back to front: by x + y + z (cubes with equal sums never overlap on the page)."""
        present = set(cells)
        faces: list[Face] = []
        for cell in sorted(present, key=lambda c: (sum(c), c)):
            z, y, x = cell
            for side, (step, unit_corners, shade) in _FACES.items():
                if (z + step[0], y + step[1], x + step[2]) not in present:
                    corners = tuple(_iso(x + dx, y + dy, z + dz) for dx, dy, dz in unit_corners)
                    faces.append(Face(cell, side, corners, shade))
        nz, ny, nx = (max(c[d] for c in present) - min(c[d] for c in present) + 1 for d in range(3))
        return View(tuple(faces), (nx + ny) * _COS30, (nx + ny) / 2 + nz)


CUBE = CubeGrid()
