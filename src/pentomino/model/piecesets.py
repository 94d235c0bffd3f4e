"""The built-in piece sets, by name.

Pentominoes use Golomb's letters F I L N P T U V W X Y Z; the one-sided set adds the mirror
images of the six chiral ones as lower-case f l n p y z. Other sets name a piece by a letter for
its shape and a digit for its size (I4, L4, O4, S4, T4; one-sided adds J4 and Z4); the 35
hexominoes, which have no agreed letters, are H01 .. H35 in a fixed order (see ``pentomino list``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pentomino.geometry import CUBE, HEXAGON, SQUARE, TRIANGLE, Grid
from pentomino.model.piece import Piece


@dataclass(frozen=True)
class PieceSet:
    """A named collection of pieces."""

    name: str
    description: str
    pieces: tuple[Piece, ...]
    one_sided: bool = False
    """True if the set is meant to be used without turning pieces over (solids: always)."""

    @property
    def grid(self) -> Grid:
        return self.pieces[0].grid


def _draw(name: str, drawing: str) -> Piece:
    return Piece.from_ascii(name, drawing.replace("|", "\n"))


_PENTOMINOES = {
    "F": ".##|##.|.#.", "I": "#####", "L": "####|#...", "N": "##..|.###",
    "P": "##|##|#.", "T": "###|.#.|.#.", "U": "#.#|###", "V": "#..|#..|###",
    "W": "#..|##.|.##", "X": ".#.|###|.#.", "Y": "####|.#..", "Z": "##.|.#.|.##",
}
_TETROMINOES = {"I4": "####", "L4": "###|#..", "O4": "##|##", "S4": ".##|##.", "T4": "###|.#."}
_ONE_SIDED_TETROMINOES = {**_TETROMINOES, "J4": "###|..#", "Z4": "##.|.##"}
_TROMINOES = {"I3": "###", "L3": "##|#."}


# The Soma cube's pieces (Piet Hein), as (z, y, x) cells: A and B are mirror images.
_SOMA = {
    "V": [(0, 0, 0), (0, 0, 1), (0, 1, 0)],
    "L": [(0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 1, 0)],
    "T": [(0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 1, 1)],
    "Z": [(0, 0, 1), (0, 0, 2), (0, 1, 0), (0, 1, 1)],
    "A": [(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 1)],
    "B": [(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 1, 0)],
    "P": [(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0)],
}


# The 12 hexiamonds by their usual names, and the 7 tetrahexes, as cells of their grids.
_HEXIAMONDS = {
    "I6": [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5)],
    "P6": [(0, 4), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5)],
    "J6": [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0)],
    "E6": [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 2)],
    "V6": [(0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (1, 4)],
    "H6": [(0, 0), (0, 1), (0, 2), (0, 3), (1, 2), (1, 3)],
    "S6": [(0, 4), (1, 1), (1, 2), (1, 3), (1, 4), (2, 1)],
    "X6": [(0, 2), (1, 1), (1, 2), (1, 3), (1, 4), (2, 3)],
    "C6": [(0, 4), (0, 5), (1, 1), (1, 2), (1, 3), (1, 4)],
    "G6": [(0, 3), (0, 4), (1, 1), (1, 2), (1, 3), (1, 4)],
    "F6": [(0, 2), (0, 4), (1, 1), (1, 2), (1, 3), (1, 4)],
    "O6": [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)],
}
_TETRAHEXES = {
    "I4": [(0, 0), (0, 2), (0, 4), (0, 6)], "J4": [(0, 0), (0, 2), (0, 4), (1, 5)],
    "P4": [(0, 0), (0, 2), (0, 4), (1, 3)], "S4": [(0, 0), (0, 2), (1, 3), (1, 5)],
    "U4": [(0, 2), (0, 4), (1, 1), (1, 5)], "Y4": [(0, 4), (1, 1), (1, 3), (2, 4)],
    "O4": [(0, 0), (0, 2), (1, 1), (1, 3)],
}


def _named(grid: Grid, shapes: dict) -> tuple[Piece, ...]:
    return tuple(Piece(n, grid.normalize(c), grid) for n, c in shapes.items())


def _generated(grid: Grid, size: int, prefix: str, proper_only: bool = False) -> tuple[Piece, ...]:
    """Every polyform of ``size`` cells (up to rotations only with ``proper_only``), named
    prefix + size, then a, b, c, ... if there are several (01, 02, ... past 26)."""
    shapes = free_polyforms(grid, size, proper_only)
    letters = "abcdefghijklmnopqrstuvwxyz"

    def tag(i: int) -> str:
        return "" if len(shapes) == 1 else letters[i] if len(shapes) <= 26 else f"-{i + 1:02d}"

    return tuple(Piece(f"{prefix}{size}{tag(i)}", s, grid) for i, s in enumerate(shapes))


def _solid(piece: Piece) -> Piece:
    """A flat piece of the square grid as a solid one cube thick."""
    return Piece(piece.name, CUBE.normalize((0, r, c) for r, c in piece.cells), CUBE)


def _mirror(piece: Piece, name: str) -> Piece:
    """The piece turned over (by its grid's reflection), under another name."""
    grid = piece.grid
    flip = next(g for g in grid.symmetries() if not g.proper)
    return Piece(name, grid.normalize(flip(c) for c in piece.cells), grid)


def _one_sided(pieces: tuple[Piece, ...]) -> tuple[Piece, ...]:
    """The pieces and the mirror images of the chiral ones, named in lower case."""
    return pieces + tuple(_mirror(p, p.name.lower()) for p in pieces if not p.is_mirror_of(p))


def free_polyforms(grid: Grid, size: int, proper_only: bool = False) -> list[frozenset]:
    """Every polyform of ``size`` cells on ``grid``, up to the grid's symmetries (its rotations
    only with ``proper_only``), each in its canonical orientation, sorted: longest first (along
    the last coordinate), then by cells, a stable order for names."""
    def canonical(cells):
        return min(tuple(sorted(o)) for o in grid.orientations(cells, proper_only=proper_only))

    origin = tuple(0 for _ in range(grid.dims))
    shapes = {canonical([origin])}
    for _ in range(size - 1):
        grown = set()
        for shape in shapes:
            cells = set(shape)
            for cell in shape:
                for n in grid.neighbours(cell):
                    if n not in cells:
                        grown.add(canonical(cells | {n}))
        shapes = grown
    return [frozenset(s) for s in sorted(shapes, key=lambda s: (-max(c[-1] for c in s), s))]


def free_polyominoes(size: int) -> list[frozenset]:
    """Every free polyomino of ``size`` cells, each in its canonical orientation, sorted."""
    return free_polyforms(SQUARE, size)


@lru_cache(maxsize=None)
def piece_sets() -> dict[str, PieceSet]:
    """All built-in sets, keyed by name."""
    pent = tuple(_draw(n, d) for n, d in _PENTOMINOES.items())
    one_sided_pent = _one_sided(pent)
    hexominoes = tuple(Piece(f"H{i + 1:02d}", s) for i, s in enumerate(free_polyominoes(6)))
    sets = [
        PieceSet("pentominoes", "the 12 pentominoes F I L N P T U V W X Y Z", pent),
        PieceSet("one-sided-pentominoes",
                 "18 one-sided pentominoes: the 12 and the mirror images f l n p y z", one_sided_pent,
                 one_sided=True),
        PieceSet("tetrominoes", "the 5 tetrominoes I4 L4 O4 S4 T4",
                 tuple(_draw(n, d) for n, d in _TETROMINOES.items())),
        PieceSet("one-sided-tetrominoes", "the 7 one-sided tetrominoes I4 O4 T4 L4 J4 S4 Z4 (Tetris)",
                 tuple(_draw(n, d) for n, d in _ONE_SIDED_TETROMINOES.items()), one_sided=True),
        PieceSet("trominoes", "the 2 trominoes I3 L3", tuple(_draw(n, d) for n, d in _TROMINOES.items())),
        PieceSet("domino", "the domino I2", (_draw("I2", "##"),)),
        PieceSet("monomino", "the monomino I1", (_draw("I1", "#"),)),
        PieceSet("hexominoes", "the 35 hexominoes H01 .. H35", hexominoes),
        PieceSet("moniamond", "the moniamond T1 (triangles)", _generated(TRIANGLE, 1, "T")),
        PieceSet("diamond", "the diamond T2 (triangles)", _generated(TRIANGLE, 2, "T")),
        PieceSet("triamond", "the triamond T3 (triangles)", _generated(TRIANGLE, 3, "T")),
        PieceSet("tetriamonds", "the 3 tetriamonds T4a T4b T4c (triangles)", _generated(TRIANGLE, 4, "T")),
        PieceSet("pentiamonds", "the 4 pentiamonds T5a .. T5d (triangles)", _generated(TRIANGLE, 5, "T")),
        PieceSet("hexiamonds", "the 12 hexiamonds I6 P6 J6 E6 V6 H6 S6 X6 C6 G6 F6 O6 (triangles)",
                 _named(TRIANGLE, _HEXIAMONDS)),
        *(PieceSet(f"one-sided-{name}", f"the {len(_one_sided(pieces))} one-sided {name}: the {len(pieces)} and "
                   f"the mirror images, in lower case (triangles)", _one_sided(pieces), one_sided=True)
          for name, pieces in (("tetriamonds", _generated(TRIANGLE, 4, "T")),
                               ("pentiamonds", _generated(TRIANGLE, 5, "T")),
                               ("hexiamonds", _named(TRIANGLE, _HEXIAMONDS)))),
        PieceSet("monohex", "the monohex X1 (hexagons)", _generated(HEXAGON, 1, "X")),
        PieceSet("dihex", "the dihex X2 (hexagons)", _generated(HEXAGON, 2, "X")),
        PieceSet("trihexes", "the 3 trihexes X3a X3b X3c (hexagons)", _generated(HEXAGON, 3, "X")),
        PieceSet("tetrahexes", "the 7 tetrahexes I4 J4 P4 S4 U4 Y4 O4 (hexagons)", _named(HEXAGON, _TETRAHEXES)),
        PieceSet("pentahexes", "the 22 pentahexes X5a .. X5v (hexagons)", _generated(HEXAGON, 5, "X")),
        *(PieceSet(f"one-sided-{name}", f"the {len(_one_sided(pieces))} one-sided {name}: the {len(pieces)} and "
                   f"the mirror images, in lower case (hexagons)", _one_sided(pieces), one_sided=True)
          for name, pieces in (("tetrahexes", _named(HEXAGON, _TETRAHEXES)),
                               ("pentahexes", _generated(HEXAGON, 5, "X")))),
        # Solids turn by the 24 rotations of space; a mirror image is another piece.
        PieceSet("soma", "the 7 Soma cube pieces V L T Z A B P (cubes)",
                 tuple(Piece(n, CUBE.normalize(c), CUBE) for n, c in _SOMA.items()), one_sided=True),
        PieceSet("solid-pentominoes", "the 12 pentominoes as solids one cube thick (cubes)",
                 tuple(_solid(p) for p in pent), one_sided=True),
        PieceSet("tetracubes", "the 8 tetracubes C4a .. C4h, the two screws apart (cubes)",
                 _generated(CUBE, 4, "C", proper_only=True), one_sided=True),
        PieceSet("pentacubes", "the 29 pentacubes C5-01 .. C5-29, mirror pairs apart (cubes)",
                 _generated(CUBE, 5, "C", proper_only=True), one_sided=True),
        PieceSet("square-slab", "the 2x2x1 square slab Q4 (cubes)",
                 (Piece("Q4", frozenset((0, y, x) for y in range(2) for x in range(2)), CUBE),), one_sided=True),
        PieceSet("brick", "the 1x2x4 brick B8 (cubes)",
                 (Piece("B8", frozenset((0, y, x) for y in range(2) for x in range(4)), CUBE),), one_sided=True),
    ]
    return {s.name: s for s in sets}


def find_piece(name: str, grid: Grid = SQUARE) -> Piece | None:
    """A built-in piece of ``grid`` by name, from any of its sets (exact, case-sensitive: ``f``
    is the mirrored F)."""
    for s in piece_sets().values():
        for p in s.pieces:
            if p.name == name and p.grid is grid:
                return p
    return None


def all_piece_names(grid: Grid = SQUARE) -> list[str]:
    return sorted({p.name for s in piece_sets().values() for p in s.pieces if p.grid is grid})
