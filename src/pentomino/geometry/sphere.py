"""The sphere grid: balls in face-centred cubic packing, cells (z, r, c), twelve neighbours,
48 symmetries (24 rotations).

Layer z is a square grid of touching balls, (r, c) its row and column; ball (z + 1, r, c) rests
in the hollow between (z, r, c), (z, r + 1, c), (z, r, c + 1) and (z, r + 1, c + 1). So a ball
touches four in its layer, (z, r +- 1, c) and (z, r, c +- 1), four above, (z + 1, r - a, c - b),
and four below, (z - 1, r + a, c + b), for a, b in {0, 1}. A square pyramid of base n is layer
z an (n - z) x (n - z) square at rows and columns 0 .. n - z - 1.

The symmetries are those of the cube lattice: (u, v, w) = (r + c + z, r - c, z) maps the
cells one to one onto the points of the cube lattice whose coordinates have an even sum (the
sum is 2r + 2z; back, z = w, r = (u + v - w) / 2, c = (u - v - w) / 2), the twelve neighbours
onto the offsets (+-1, +-1, 0) in any order, and the 48 signed permutations of the axes keep
that lattice. Each is a matrix on (u, v, w); read back on cells it is an integer matrix (it maps
the cells' lattice onto itself), so the symmetries are linear in the cells' coordinates.

A solid piece turns by the 24 rotations; its mirror image is another piece. A piece whose balls
all lie in one plane is its own mirror image in space (the reflection in its plane keeps it), so
it may be turned over too: its orientations are its images under all 48 symmetries, in a
puzzle that does not mirror its other pieces as well. In a plane of the lattice's squares (a
layer, or an upright plane r - c or r + c + z constant) that adds nothing, as a reflection of
the lattice keeps the plane; in a plane of its triangles it does.

The 3-D view looks from above, in front and to the right, as the cubes' does, and shows each
ball as a disc (a polygon of twelve corners), painted back to front.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable

from pentomino.geometry.grid import Cell, Coloring, Face, Point, Shape, Symmetry, View, linear
from pentomino.geometry.square import SquareLayers

_TO_LATTICE = ((1, 1, 1), (0, 1, -1), (1, 0, 0))
"""(z, r, c) -> (u, v, w) = (r + c + z, r - c, z)."""
_FROM_LATTICE_TWICE = ((0, 0, 2), (1, 1, -1), (1, -1, -1))
"""(u, v, w) -> 2 (z, r, c) = (2w, u + v - w, u - v - w)."""

_COS30 = math.sqrt(3) / 2
_DISC = 0.5 * math.sqrt(1.5)
"""A ball's radius on the page: the projection below draws lengths across the line of sight
sqrt(3/2) times as long."""
_DISC_CORNERS = tuple((_DISC * math.cos(math.pi * k / 6), _DISC * math.sin(math.pi * k / 6)) for k in range(12))


def _product(a: tuple[tuple[int, ...], ...], b: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)) for i in range(3))


def _on_cells(name: str, on_lattice: tuple[tuple[int, ...], ...], proper: bool, probe: Iterable[Cell]) -> Symmetry:
    """The symmetry that is ``on_lattice`` (a signed permutation of u, v, w) read on cells: to
    the lattice, the matrix, and back (every entry of the product is even)."""
    twice = _product(_FROM_LATTICE_TWICE, _product(on_lattice, _TO_LATTICE))
    return linear(name, tuple(tuple(x // 2 for x in row) for row in twice), proper, probe)


def _lattice(cell: Cell) -> tuple[int, int, int]:
    z, r, c = cell
    return (r + c + z, r - c, z)


def _iso(x: float, y: float, z: float) -> Point:
    """Isometric projection, z up: x runs right and down the page, y left and down."""
    return ((x - y) * _COS30, (x + y) / 2 - z)


class SphereGrid(SquareLayers):
    name = "sphere"
    dims = 3
    plural = "balls"
    title = "Balls (drawn layer by layer)"
    piece_noun = "solids"
    layered = True
    one_sided_by_default = True  # a solid cannot be turned over (a flat one can: see orientations)
    body = "ball"
    turned_over_anyway = "a flat one"

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        z, r, c = cell
        return ((z - 1, r, c), (z - 1, r, c + 1), (z - 1, r + 1, c), (z - 1, r + 1, c + 1),
                (z, r - 1, c), (z, r, c - 1), (z, r, c + 1), (z, r + 1, c),
                (z + 1, r - 1, c - 1), (z + 1, r - 1, c), (z + 1, r, c - 1), (z + 1, r, c))

    def generators(self) -> tuple[Symmetry, ...]:
        probe = self.probe()
        about_w = _on_cells("rz", ((0, -1, 0), (1, 0, 0), (0, 0, 1)), True, probe)  # (z, r, c) -> (z, c, -r - z)
        mirror = _on_cells("flip", ((1, 0, 0), (0, -1, 0), (0, 0, 1)), False, probe)  # (z, r, c) -> (z, c, r)
        about_u = _on_cells("ru", ((1, 0, 0), (0, 0, -1), (0, 1, 0)), True, probe)  # (z, r, c) -> (r - c, c, z + c)
        return (about_w, mirror, about_u)

    def normalize(self, cells: Iterable[Cell]) -> Shape:
        cells = list(cells)
        low = [min(c[d] for c in cells) for d in range(3)]
        return frozenset(tuple(c[d] - low[d] for d in range(3)) for c in cells)

    def translate(self, cells: Iterable[Cell], source: Cell, target: Cell) -> Shape:
        shift = [t - s for s, t in zip(source, target, strict=True)]
        return frozenset(tuple(c[d] + shift[d] for d in range(3)) for c in cells)

    def is_flat(self, cells: Iterable[Cell]) -> bool:
        """True if the balls' centres lie in one plane (a line or a single ball: in many)."""
        points = [_lattice(c) for c in cells]
        steps = [tuple(p[d] - points[0][d] for d in range(3)) for p in points[1:]]
        for a in steps:
            for b in steps:
                normal = (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])
                if any(normal):
                    return all(sum(n * x for n, x in zip(normal, s, strict=True)) == 0 for s in steps)
        return True

    def orientations(self, cells: Iterable[Cell], proper_only: bool) -> tuple[Shape, ...]:
        """As on any grid, but a flat piece turns over even where ``proper_only`` asks for
        rotations only: in space its mirror image is itself turned."""
        shape = frozenset(cells)
        return super().orientations(shape, proper_only and not self.is_flat(shape))

    def mirror_images(self, cells: Iterable[Cell]) -> frozenset[tuple[Cell, ...]]:
        """As on any grid, but a flat piece's mirror images are all its orientations (it is its
        own mirror image, turned)."""
        shape = frozenset(cells)
        if self.is_flat(shape):
            return frozenset(tuple(sorted(o)) for o in self.orientations(shape, False))
        return super().mirror_images(shape)

    def colorings(self) -> tuple[Coloring, ...]:
        # Four balls touch each other (a tetrahedron), so four colors are the fewest that a
        # proper coloring needs; these are the points' parities on the cube lattice.
        return (Coloring("layers checkered, two colors each", ("even-dark", "even-light", "odd-dark", "odd-light"),
                         lambda p: 2 * (p[0] % 2) + (p[1] + p[2]) % 2, proper=True),
                Coloring("layers colored in turn", ("even-layer", "odd-layer"), lambda p: p[0] % 2))

    def centre(self, cell: Cell) -> tuple[float, float, float]:
        z, r, c = cell
        return (c + z / 2, r + z / 2, z / math.sqrt(2))

    def view(self, cells: Collection[Cell]) -> View:
        """Each ball as a disc, back to front: by x + y + z of its centre (the line of sight;
        two balls equally far never overlap on the page). A ball with all its neighbours
        among ``cells`` is hidden and left out."""
        present = set(cells)
        faces: list[Face] = []
        for cell in sorted(present, key=lambda c: (sum(self.centre(c)), c)):
            if all(n in present for n in self.neighbours(cell)):
                continue
            x, y = _iso(*self.centre(cell))
            faces.append(Face(cell, "ball", tuple((x + dx, y + dy) for dx, dy in _DISC_CORNERS), 1.0))
        low = [min(c[d] for c in present) for d in range(3)]
        high = [max(c[d] for c in present) for d in range(3)]
        corners = [_iso(*self.centre((z, r, c))) for z in (low[0], high[0]) for r in (low[1], high[1])
                   for c in (low[2], high[2])]
        width = max(x for x, _ in corners) - min(x for x, _ in corners) + 2 * _DISC
        height = max(y for _, y in corners) - min(y for _, y in corners) + 2 * _DISC
        return View(tuple(faces), width, height)


SPHERE = SphereGrid()
