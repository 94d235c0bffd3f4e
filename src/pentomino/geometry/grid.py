"""The grid interface: what every kind of cell (square, triangle, hexagon, cube) provides.

A *cell* is a tuple of ints. A grid says which cells touch, which point symmetries it has
(rotations and reflections about the origin, as a finite group), and how to translate a set of
cells to a canonical position. From those few facts this module derives everything the rest of
the package needs: the orientations of a shape and the symmetries of a board.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Callable, Iterable, TypeVar

from pentomino.errors import InternalError
from pentomino.tuning import SHAPES_KEPT

Cell = tuple[int, ...]
T = TypeVar("T")


@dataclass(frozen=True, eq=False)
class Symmetry:
    """A point symmetry of a grid: a map on cells that sends the grid onto itself.

    It is any function on cells (a linear map for squares and cubes; for triangles it acts on
    the corners of the cell, so it is not linear in the cell's coordinates). Two symmetries are
    the same when they move the grid's probe cells alike, which ``key`` records."""

    name: str
    """Short name, e.g. ``"r90"`` or ``"flip*r90"``."""
    proper: bool
    """True for rotations; False for reflections."""
    apply: Callable[[Cell], Cell]
    """The map on cells."""
    key: tuple
    """The images of the grid's probe cells: equal keys, equal symmetries."""

    def __call__(self, cell: Cell) -> Cell:
        return self.apply(cell)

    def then(self, other: Symmetry) -> Symmetry:
        """The symmetry ``other ∘ self`` (apply self first)."""
        first, second = self.apply, other.apply
        name = other.name if self.name == "id" else f"{self.name}*{other.name}"
        return Symmetry(name, self.proper == other.proper, lambda c: second(first(c)),
                        tuple(second(k) for k in self.key))


def linear(name: str, matrix: tuple[tuple[int, ...], ...], proper: bool, probe: Iterable[Cell]) -> Symmetry:
    """The symmetry that multiplies a cell (a column vector) by an integer matrix."""
    def apply(cell: Cell) -> Cell:
        return tuple(sum(m * x for m, x in zip(row, cell)) for row in matrix)

    return Symmetry(name, proper, apply, tuple(apply(p) for p in probe))


def close_group(generators: Iterable[Symmetry], probe: Iterable[Cell]) -> tuple[Symmetry, ...]:
    """All products of the generators: the group they generate, identity first, then the
    rotations, then the reflections (each in the order they are first reached)."""
    probe = tuple(probe)
    identity = Symmetry("id", True, lambda c: c, probe)
    group = {identity.key: identity}
    frontier = [identity]
    gens = list(generators)
    while frontier:
        nxt = []
        for g in frontier:
            for h in gens:
                p = g.then(h)
                if p.key not in group:
                    group[p.key] = p
                    nxt.append(p)
        frontier = nxt
    elems = list(group.values())
    elems.sort(key=lambda s: (s.key != identity.key, not s.proper, s.name.count("*")))
    return tuple(elems)


_BY_NAME: dict[str, Grid] = {}
"""Every grid made, by name: a grid is one object per process, and an unpickled grid is that
object (see :meth:`Grid.__reduce__`)."""


class Grid(ABC):
    """A kind of cell. Subclasses give neighbours, generators and the translation rule."""

    name: str
    dims: int

    def __init__(self) -> None:
        _BY_NAME[self.name] = self

    @abstractmethod
    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The cells that share an edge (a face in 3-D) with ``cell``."""

    @abstractmethod
    def generators(self) -> tuple[Symmetry, ...]:
        """The grid's smallest turn first, then a reflection (then any other turn needed)."""

    def __reduce__(self) -> tuple:
        """Each grid is one object: a pickled grid is its name (not its tables, kept here)."""
        return (_grid_named, (self.name,))

    def is_cell(self, cell: Cell) -> bool:
        """True if ``cell`` names a cell of this grid (hexagons use half the (r, c) pairs)."""
        return True

    def probe(self) -> tuple[Cell, ...]:
        """Cells whose images tell the grid's symmetries apart: the origin and its neighbours."""
        origin = tuple(0 for _ in range(self.dims))
        return (origin, *self.neighbours(origin))

    @abstractmethod
    def normalize(self, cells: Iterable[Cell]) -> frozenset:
        """Translate ``cells`` to a canonical position (same shape, same position every time)."""

    @abstractmethod
    def translate(self, cells: Iterable[Cell], source: Cell, target: Cell) -> frozenset | None:
        """Translate ``cells`` so that ``source`` lands on ``target``; None if no translation does."""

    @abstractmethod
    def parse_cell_text(self, lines: list[str]) -> dict[Cell, str]:
        """Read a drawing (one string a row) into ``{cell: character}`` for its non-blank cells."""

    @abstractmethod
    def bounding_rows_cols(self, cells: Iterable[Cell]) -> tuple[int, int, int, int]:
        """(min_row, min_col, max_row, max_col) of the cells, for drawing."""

    # -- derived ---------------------------------------------------------------------------
    def symmetries(self) -> tuple[Symmetry, ...]:
        """The grid's point-symmetry group, identity first."""
        cached = getattr(self, "_symmetries", None)
        if cached is None:
            cached = close_group(self.generators(), self.probe())
            self._symmetries = cached
        return cached

    def orientations(self, cells: Iterable[Cell], proper_only: bool) -> tuple[frozenset, ...]:
        """The distinct orientations of a shape, normalized, in a stable order.

        ``proper_only`` keeps rotations only (one-sided pieces; solids that cannot be mirrored).
        """
        shape = frozenset(cells)

        def find() -> tuple[frozenset, ...]:
            seen: dict[tuple, frozenset] = {}
            for g in self.symmetries():
                if proper_only and not g.proper:
                    continue
                image = self.normalize(g(c) for c in shape)
                seen.setdefault(tuple(sorted(image)), image)
            return tuple(seen.values())

        return self._remembered("_orientations", (shape, proper_only), find)

    def board_symmetries(self, cells: Iterable[Cell]) -> tuple[tuple[Symmetry, dict[Cell, Cell]], ...]:
        """The grid symmetries that map a set of cells onto itself, each with its cell map (kept
        for the next puzzle on this board: read it, do not change it)."""
        board = frozenset(cells)

        def find() -> tuple[tuple[Symmetry, dict[Cell, Cell]], ...]:
            out = []
            for g in self.symmetries():
                image = [g(c) for c in board]
                # Translate the image so that it coincides with the board, if any translation does.
                target = min(board)
                src = min(image)
                moved = self.translate(image, src, target)
                if moved is None or moved != board:
                    continue
                # Recover the translation by mapping one cell at a time.
                out.append((g, {c: self._translated_cell(gc, src, target) for c, gc in zip(board, image)}))
            return tuple(out)

        return self._remembered("_board_symmetries", board, find)

    def _remembered(self, table: str, key: object, find: Callable[[], T]) -> T:
        """``find()``, kept in this grid's ``table`` under ``key``: a shape's orientations and a
        board's symmetries are asked for again each time a puzzle is packed."""
        memo = self.__dict__.setdefault(table, {})
        if key not in memo:
            if len(memo) >= SHAPES_KEPT:  # a server shown endless designs stays small
                memo.clear()
            memo[key] = find()
        return memo[key]

    def _translated_cell(self, cell: Cell, source: Cell, target: Cell) -> Cell:
        """Where the translation that takes ``source`` to ``target`` takes ``cell``, for a
        translation known to exist."""
        moved = self.translate([cell], source, target)
        if moved is None or len(moved) != 1:
            raise InternalError(f"the {self.name} grid translated a shape from {source} to {target} "
                                "but not one cell of it")
        (image,) = moved
        return image

    def components(self, cells: Iterable[Cell]) -> list[list[Cell]]:
        """The edge-connected groups of the cells."""
        left = set(cells)
        out = []
        while left:
            stack = [left.pop()]
            group = []
            while stack:
                c = stack.pop()
                group.append(c)
                for n in self.neighbours(c):
                    if n in left:
                        left.remove(n)
                        stack.append(n)
            out.append(group)
        return out

    def is_connected(self, cells: Iterable[Cell]) -> bool:
        """True if the cells form one edge-connected piece (and there is at least one)."""
        return len(self.components(cells)) == 1


def _grid_named(name: str) -> Grid:
    """The grid called ``name`` (unpickling a grid)."""
    return _BY_NAME[name]
