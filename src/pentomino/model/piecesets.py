"""The built-in piece sets, by name.

Pentominoes use Golomb's letters F I L N P T U V W X Y Z; the one-sided set adds the mirror
images of the six chiral ones as lower-case f l n p y z. Other sets name a piece by a letter for
its shape and a digit for its size (I4, L4, O4, S4, T4; one-sided adds J4 and Z4); the 35
hexominoes, which have no agreed letters, are H01 .. H35 in a fixed order (see ``pentomino list``).

:func:`piece_sets` holds them by name; each is generated the first time it is looked up, so a
puzzle pays only for the sets it uses (see the registry below).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache

from pentomino.errors import InternalError
from pentomino.geometry import CUBE, DEFAULT_GRID, HEXAGON, SPHERE, SQUARE, TRIANGLE, Cell, Grid, Shape
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


def _named(grid: Grid, shapes: Mapping[str, Iterable[Cell]]) -> tuple[Piece, ...]:
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


def _balls(*names: str) -> tuple[Piece, ...]:
    """Pieces of the square grid, by name, as balls in one layer of the sphere grid (as the
    ball puzzles' pieces are: balls joined in a square pattern, flat)."""
    flat = {p.name: p for s in ("pentominoes", "tetrominoes", "trominoes") for p in _pieces(s)}
    return tuple(Piece(n, SPHERE.normalize((0, r, c) for r, c in flat[n].cells), SPHERE) for n in names)


def _mirror(piece: Piece, name: str) -> Piece:
    """The piece turned over (by its grid's reflection), under another name."""
    grid = piece.grid
    flip = next(g for g in grid.symmetries() if not g.proper)
    return Piece(name, grid.normalize(flip(c) for c in piece.cells), grid)


def _one_sided(pieces: tuple[Piece, ...]) -> tuple[Piece, ...]:
    """The pieces and the mirror images of the chiral ones, named in lower case."""
    return pieces + tuple(_mirror(p, p.name.lower()) for p in pieces if not p.is_mirror_of(p))


def free_polyforms(grid: Grid, size: int, proper_only: bool = False) -> list[Shape]:
    """Every polyform of ``size`` cells on ``grid``, up to the grid's symmetries (its rotations
    only with ``proper_only``), each in its canonical orientation, sorted: longest first (along
    the last coordinate), then by cells, a stable order for names."""
    def canonical(cells: Iterable[Cell]) -> tuple[Cell, ...]:
        return min(tuple(sorted(o)) for o in grid.orientations(cells, proper_only=proper_only))

    origin = tuple(0 for _ in range(grid.dims))
    shapes = {canonical([origin])}
    flip = next(g for g in grid.symmetries() if not g.proper)
    for _ in range(size - 1):
        grown: set[tuple[Cell, ...]] = set()
        for shape in shapes:
            # Up to rotations, a shape whose orientations include its mirror image (a flat
            # piece of balls) is grown from that image too: a rotation may not reach it, and
            # what grows from it may be another shape than what grows from the shape.
            mirrored = grid.normalize(flip(c) for c in shape)
            starts = [set(shape)]
            if proper_only and mirrored in grid.orientations(shape, proper_only=True):
                starts.append(set(mirrored))
            for cells in starts:
                for cell in cells:
                    for n in grid.neighbours(cell):
                        if n not in cells:
                            grown.add(canonical(cells | {n}))
        shapes = grown
    return [frozenset(s) for s in sorted(shapes, key=lambda s: (-max(c[-1] for c in s), s))]


def free_polyominoes(size: int) -> list[Shape]:
    """Every free polyomino of ``size`` cells, each in its canonical orientation, sorted."""
    return free_polyforms(SQUARE, size)


# -- the registry ----------------------------------------------------------------------------
# Generating a set can take a while (on a 2-core EPYC the 29 pentacubes take 0.25-0.4 s, the 35
# hexominoes 0.07-0.08 s: all the sets together were most of `pentomino count 6x10`'s load), and
# a puzzle uses one or two sets, so each set is declared with what is known without generating
# it and built the first time it is looked up: loading the 6x10 builds the pentominoes only.


@dataclass(frozen=True)
class SetDeclaration:
    """A built-in set as declared: everything but its pieces, and how to make them."""

    name: str
    summary: str
    """What the set holds, in words; :attr:`description` adds its grid."""
    grid: Grid
    size: int
    """How many pieces: the file writer skips, unbuilt, a set longer than the pieces it has left."""
    build: Callable[[], tuple[Piece, ...]]
    """Makes the pieces; called once per process, when the set is first looked up."""
    one_sided: bool = False
    default: bool = False
    """True for the set a new design on its grid starts with (the page's)."""

    @property
    def description(self) -> str:
        """The summary, and the grid's cells in the plural when it is not the default grid:
        ``"the 3 trihexes X3a X3b X3c (hexagons)"``."""
        return self.summary if self.grid is DEFAULT_GRID else f"{self.summary} ({self.grid.plural})"

    def make(self) -> PieceSet:
        pieces = self.build()
        if len(pieces) != self.size or any(p.grid is not self.grid for p in pieces):
            raise InternalError(f"piece set {self.name!r} is declared as {self.size} pieces of the "
                                f"{self.grid.name} grid but is built otherwise")
        return PieceSet(self.name, self.description, pieces, self.one_sided)


def _pieces(name: str) -> tuple[Piece, ...]:
    """The pieces of another built-in set, for the sets made from it."""
    return piece_sets()[name].pieces


def _mirrored(name: str, grid: Grid, free: int, total: int) -> SetDeclaration:
    """The one-sided version of the set ``name`` of triangles or hexagons: its ``free`` pieces
    and the mirror images of the chiral ones, ``total`` in all."""
    return SetDeclaration(f"one-sided-{name}", f"the {total} one-sided {name}: the {free} and the mirror images, "
                          "in lower case", grid, total, lambda: _one_sided(_pieces(name)), one_sided=True)


# In the order ``pentomino list`` shows them: the square grid's, the triangles', the hexagons',
# then the solids, then the balls. Each states its number of pieces (checked when it is built).
_DECLARED = (
    SetDeclaration("pentominoes", "the 12 pentominoes F I L N P T U V W X Y Z", SQUARE, 12,
                   lambda: tuple(_draw(n, d) for n, d in _PENTOMINOES.items()), default=True),
    SetDeclaration("one-sided-pentominoes", "18 one-sided pentominoes: the 12 and the mirror images f l n p y z",
                   SQUARE, 18, lambda: _one_sided(_pieces("pentominoes")), one_sided=True),
    SetDeclaration("tetrominoes", "the 5 tetrominoes I4 L4 O4 S4 T4", SQUARE, 5,
                   lambda: tuple(_draw(n, d) for n, d in _TETROMINOES.items())),
    SetDeclaration("one-sided-tetrominoes", "the 7 one-sided tetrominoes I4 O4 T4 L4 J4 S4 Z4 (Tetris)", SQUARE, 7,
                   lambda: tuple(_draw(n, d) for n, d in _ONE_SIDED_TETROMINOES.items()), one_sided=True),
    SetDeclaration("trominoes", "the 2 trominoes I3 L3", SQUARE, 2,
                   lambda: tuple(_draw(n, d) for n, d in _TROMINOES.items())),
    SetDeclaration("domino", "the domino I2", SQUARE, 1, lambda: (_draw("I2", "##"),)),
    SetDeclaration("monomino", "the monomino I1", SQUARE, 1, lambda: (_draw("I1", "#"),)),
    SetDeclaration("hexominoes", "the 35 hexominoes H01 .. H35", SQUARE, 35,
                   lambda: tuple(Piece(f"H{i + 1:02d}", s) for i, s in enumerate(free_polyominoes(6)))),
    SetDeclaration("moniamond", "the moniamond T1", TRIANGLE, 1, lambda: _generated(TRIANGLE, 1, "T")),
    SetDeclaration("diamond", "the diamond T2", TRIANGLE, 1, lambda: _generated(TRIANGLE, 2, "T")),
    SetDeclaration("triamond", "the triamond T3", TRIANGLE, 1, lambda: _generated(TRIANGLE, 3, "T")),
    SetDeclaration("tetriamonds", "the 3 tetriamonds T4a T4b T4c", TRIANGLE, 3,
                   lambda: _generated(TRIANGLE, 4, "T")),
    SetDeclaration("pentiamonds", "the 4 pentiamonds T5a .. T5d", TRIANGLE, 4,
                   lambda: _generated(TRIANGLE, 5, "T")),
    SetDeclaration("hexiamonds", "the 12 hexiamonds I6 P6 J6 E6 V6 H6 S6 X6 C6 G6 F6 O6", TRIANGLE, 12,
                   lambda: _named(TRIANGLE, _HEXIAMONDS), default=True),
    *(_mirrored(name, TRIANGLE, free, total)
      for name, free, total in (("tetriamonds", 3, 4), ("pentiamonds", 4, 6), ("hexiamonds", 12, 19))),
    SetDeclaration("monohex", "the monohex X1", HEXAGON, 1, lambda: _generated(HEXAGON, 1, "X")),
    SetDeclaration("dihex", "the dihex X2", HEXAGON, 1, lambda: _generated(HEXAGON, 2, "X")),
    SetDeclaration("trihexes", "the 3 trihexes X3a X3b X3c", HEXAGON, 3,
                   lambda: _generated(HEXAGON, 3, "X")),
    SetDeclaration("tetrahexes", "the 7 tetrahexes I4 J4 P4 S4 U4 Y4 O4", HEXAGON, 7,
                   lambda: _named(HEXAGON, _TETRAHEXES), default=True),
    SetDeclaration("pentahexes", "the 22 pentahexes X5a .. X5v", HEXAGON, 22,
                   lambda: _generated(HEXAGON, 5, "X")),
    *(_mirrored(name, HEXAGON, free, total) for name, free, total in (("tetrahexes", 7, 10), ("pentahexes", 22, 33))),
    # Solids turn by the 24 rotations of space; a mirror image is another piece.
    SetDeclaration("soma", "the 7 Soma cube pieces V L T Z A B P", CUBE, 7,
                   lambda: _named(CUBE, _SOMA), one_sided=True, default=True),
    SetDeclaration("solid-pentominoes", "the 12 pentominoes as solids one cube thick", CUBE, 12,
                   lambda: tuple(_solid(p) for p in _pieces("pentominoes")), one_sided=True),
    SetDeclaration("tetracubes", "the 8 tetracubes C4a .. C4h, the two screws apart", CUBE, 8,
                   lambda: _generated(CUBE, 4, "C", proper_only=True), one_sided=True),
    SetDeclaration("pentacubes", "the 29 pentacubes C5-01 .. C5-29, mirror pairs apart", CUBE, 29,
                   lambda: _generated(CUBE, 5, "C", proper_only=True), one_sided=True),
    SetDeclaration("square-slab", "the 2x2x1 square slab Q4", CUBE, 1,
                   lambda: (Piece("Q4", frozenset((0, y, x) for y in range(2) for x in range(2)), CUBE),),
                   one_sided=True),
    SetDeclaration("brick", "the 1x2x4 brick B8", CUBE, 1,
                   lambda: (Piece("B8", frozenset((0, y, x) for y in range(2) for x in range(4)), CUBE),),
                   one_sided=True),
    # Balls: flat pieces, each its own mirror image in space (see geometry.sphere).
    SetDeclaration("kanoodle", "the 12 Kanoodle pieces L N P U V W X Y L4 I4 O4 L3", SPHERE, 12,
                   lambda: _balls("L", "N", "P", "U", "V", "W", "X", "Y", "L4", "I4", "O4", "L3"),
                   one_sided=True, default=True),
    SetDeclaration("iq-puzzler-pro", "the 12 IQ Puzzler Pro pieces N P F W Y L V U S4 T4 L4 L3", SPHERE, 12,
                   lambda: _balls("N", "P", "F", "W", "Y", "L", "V", "U", "S4", "T4", "L4", "L3"),
                   one_sided=True),
)

# The sets built so far, shared by every view; the lock makes two threads (the web server's)
# asking for the same set build it once. Re-entrant: a one-sided set looks up its two-sided one.
_BUILT: dict[str, PieceSet] = {}
_BUILDING = threading.RLock()


def _new_lock_in_child() -> None:
    """A process forked while another thread was building a set starts with the lock free:
    that thread is not in the child to release it (the pool's workers would hang)."""
    global _BUILDING
    _BUILDING = threading.RLock()


os.register_at_fork(after_in_child=_new_lock_in_child)


class PieceSets(Mapping[str, PieceSet]):
    """Built-in sets by name, in the declared order, each built on first look-up and kept.

    Names, order, membership and :meth:`declaration` cost nothing; ``sets[name]``, ``values()``
    and ``items()`` build what they reach (``values()`` of :func:`piece_sets` builds them all,
    as ``pentomino list`` and the web page need). A name that is not a built-in set is a
    ``KeyError`` there and in :meth:`declaration`, as in any mapping: ask ``name in sets`` first."""

    def __init__(self, declared: tuple[SetDeclaration, ...]) -> None:
        self._declared = {d.name: d for d in declared}

    def __getitem__(self, name: str) -> PieceSet:
        declared = self._declared[name]
        built = _BUILT.get(name)
        if built is None:
            with _BUILDING:
                built = _BUILT.get(name)
                if built is None:
                    built = _BUILT[name] = declared.make()
        return built

    def __iter__(self) -> Iterator[str]:
        return iter(self._declared)

    def __len__(self) -> int:
        return len(self._declared)

    def __contains__(self, name: object) -> bool:
        return name in self._declared

    def declaration(self, name: str) -> SetDeclaration:
        """The set as declared (its grid, one-sidedness, description), without building it."""
        return self._declared[name]

    def built(self) -> list[str]:
        """The names of the sets built so far in this process, in the declared order: how a
        test sees that loading a puzzle generated only the sets it names."""
        return [n for n in self._declared if n in _BUILT]

    def __repr__(self) -> str:
        return f"<PieceSets {list(self._declared)}>"


@cache
def piece_sets(grid: Grid | None = None) -> PieceSets:
    """The built-in sets keyed by name, all of them or those of ``grid``; a set's pieces are
    generated when it is first looked up (see :class:`PieceSets`)."""
    return PieceSets(tuple(d for d in _DECLARED if grid is None or d.grid is grid))


def default_set(grid: Grid) -> str | None:
    """The name of the set a new design on ``grid`` starts with (None if it has no sets)."""
    names = [d.name for d in _DECLARED if d.grid is grid]
    return next((d.name for d in _DECLARED if d.grid is grid and d.default), names[0] if names else None)


def find_piece(name: str, grid: Grid = SQUARE) -> Piece | None:
    """A built-in piece of ``grid`` by name, from the first of its sets that holds it (exact,
    case-sensitive: ``f`` is the mirrored F). Sets after that one are not built."""
    for s in piece_sets(grid).values():
        for p in s.pieces:
            if p.name == name:
                return p
    return None


def all_piece_names(grid: Grid = SQUARE) -> list[str]:
    """Every built-in piece name of ``grid``, sorted (builds all of the grid's sets: for
    messages about a name that is not one)."""
    return sorted({p.name for s in piece_sets(grid).values() for p in s.pieces})
