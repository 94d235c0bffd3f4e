"""The grid interface: what every kind of cell (square, triangle, hexagon, cube, ball) provides.

A *cell* is a tuple of ints. A grid says which cells touch, which point symmetries it has
(rotations and reflections about the origin, as a finite group), and how to translate a set of
cells to a canonical position. From those few facts this module derives the orientations of a
shape and the symmetries of a board.

Everything else the package does differently from grid to grid is asked of the grid too, so
that no other module tests which grid it has:

- the colorings the proofs of no solution try (:class:`Coloring`, :meth:`Grid.colorings`);
- *layers*: a grid's cells stand in layers of (row, column) drawings. A plane grid is one
  layer, itself; the cube and sphere grids are layers of squares, z = 0 first. A puzzle file
  writes a board as one drawing or as a list of layers (:attr:`Grid.layered`), the text pictures put
  the layers side by side, the SVG pictures and the page draw each cell as its polygon in its
  layer (:meth:`Grid.polygon`), and a layered grid adds a 3-D view (:meth:`Grid.view`);
- names for people: the grid's cells in the plural, a title for the page's menus, the noun
  for its pieces, the rule that says which coordinates are cells.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from itertools import chain
from typing import TYPE_CHECKING, TypeAlias, TypeVar

from pentomino.errors import InternalError
from pentomino.tuning import SHAPES_KEPT, SMALL_BOARD

Cell: TypeAlias = tuple[int, ...]
"""A cell: its coordinates on its grid."""
Shape: TypeAlias = frozenset[Cell]
"""A set of cells, as a piece or one of its orientations (normalized or put down somewhere)."""
Point: TypeAlias = tuple[float, float]
"""A point of a drawing, in units where a cell's edge is 1: x to the right, y down."""
Polygon: TypeAlias = tuple[Point, ...]
"""A cell's corners in a drawing (:meth:`Grid.polygon`)."""
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
    key: tuple[Cell, ...]
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
        return tuple(sum(m * x for m, x in zip(row, cell, strict=True)) for row in matrix)

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


@dataclass(frozen=True)
class Coloring:
    """A coloring of a grid's cells, for the proofs of no solution (:mod:`pentomino.search.proofs`):
    ``color(cell)`` is an index into ``colors``."""

    name: str
    """What a proof calls it: ``"a checkerboard coloring"``."""
    colors: tuple[str, ...]
    """The colors' names, as a proof counts cells: ``("dark", "light")``."""
    color: Callable[[Cell], int]
    """The color of a cell."""
    proper: bool = False
    """True if two cells that touch never have one color (a checkerboard; not stripes)."""


@dataclass(frozen=True)
class Face:
    """A face of a cell, as a grid's 3-D view shows it (see :meth:`Grid.view`)."""

    cell: Cell
    side: str
    """Which side of the cell it is (``"top"``, ``"left"``, ``"right"`` on cubes): a picture's
    class for it."""
    corners: tuple[Point, ...]
    """Its corners on the page, in units of a cell's edge. Fanned out from the first corner,
    the faces of a view are triangles of one lattice, so two faces that overlap on the page
    cover whole triangles of each other (on cubes: each face is split along its short
    diagonal, from corner 0 to corner 2)."""
    shade: float
    """How its cell's color is lit: 1 as it is, more lighter, less darker."""


@dataclass(frozen=True)
class View:
    """A 3-D view of some cells: the faces a viewer sees, back to front (painted in this
    order, a face hides those behind it), and the size of the view of the box that holds the
    cells, in units of an edge (a picture leaves that much room, whatever the cells' shape)."""

    faces: tuple[Face, ...]
    width: float
    height: float


_BY_NAME: dict[str, Grid] = {}
"""Every grid made, by name: a grid is one object per process, and an unpickled grid is that
object (see :meth:`Grid.__reduce__`)."""


class Grid(ABC):
    """A kind of cell. Subclasses give neighbours, generators, the translation rule, the
    colorings, the layers and the drawing of a cell, and the names below."""

    name: str
    """The grid's name in puzzle files (``grid = "hexagon"``) and on the page."""
    dims: int
    """The number of a cell's coordinates."""

    # -- names for people ------------------------------------------------------------------
    plural: str
    """Its cells in the plural, as a piece set's description names them: ``"hexagons"``."""
    title: str
    """Its name in the page's menus: ``"Hexagons"``."""
    piece_noun: str = "pieces"
    """What its pieces are called where it matters (``"solids"`` for cubes)."""
    cell_rule: str = ""
    """Which coordinates are cells, where not all are, told after "cells are where"."""

    # -- the file format and drawings --------------------------------------------------------
    layered: bool = False
    """True if a board is several layers: a puzzle file writes it as a list of drawings, one a
    layer, and pictures draw the layers side by side (and a 3-D view, :meth:`view`)."""
    one_sided_by_default: bool = False
    """True if a piece cannot be turned over (a solid: its mirror image is another piece), so
    that puzzles are one-sided unless a file says ``one_sided = false``."""
    turned_over_anyway: str = ""
    """Which pieces turn over even where pieces may not, in words (balls: "a flat one"; empty
    where none does): the grid's :meth:`orientations` give those their mirror images too."""
    shapes_as_drawings: bool = False
    """True if a puzzle file writes a shape as a drawing of '#' (else as its list of cells,
    which needs no drawing convention)."""
    one_character_a_cell: bool = True
    """True if a text picture writes one character a cell, where a puzzle file draws it; False
    if a character cannot show a cell's shape, and cells are drawn as outlines (triangles).
    Only a grid of one layer may draw outlines."""
    step: int = 1
    """A shift of (dr, dc) rows and columns of a layer's drawing moves cells onto cells when
    dr + dc is a multiple of ``step``: 1 for squares and cubes, 2 for triangles and hexagons."""

    def __init__(self) -> None:
        _BY_NAME[self.name] = self

    @abstractmethod
    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The cells that share an edge (a face in 3-D) with ``cell``."""

    @abstractmethod
    def generators(self) -> tuple[Symmetry, ...]:
        """The grid's smallest turn first, then a reflection (then any other turn needed)."""

    def __reduce__(self) -> tuple[Callable[[str], Grid], tuple[str]]:
        """Each grid is one object: a pickled grid is its name (not its tables, kept here)."""
        return (_grid_named, (self.name,))

    def is_cell(self, cell: Cell) -> bool:
        """True if ``cell`` names a cell of this grid (hexagons use half the (r, c) pairs)."""
        return True

    def probe(self) -> tuple[Cell, ...]:
        """Cells whose images tell the grid's symmetries apart: the origin and its neighbours."""
        return (self.origin, *self.neighbours(self.origin))

    @abstractmethod
    def normalize(self, cells: Iterable[Cell]) -> Shape:
        """Translate ``cells`` to a canonical position (same shape, same position every time)."""

    @abstractmethod
    def translate(self, cells: Iterable[Cell], source: Cell, target: Cell) -> Shape | None:
        """Translate ``cells`` so that ``source`` lands on ``target``; None if no translation does."""

    @abstractmethod
    def colorings(self) -> tuple[Coloring, ...]:
        """The colorings the proofs of no solution try on this grid, most telling first."""

    # -- layers: where a cell is drawn ------------------------------------------------------
    @abstractmethod
    def layer(self, cell: Cell) -> int:
        """The layer the cell lies in (0 on a plane grid)."""

    @abstractmethod
    def in_layer(self, cell: Cell) -> tuple[int, int]:
        """Where the cell is drawn in its layer: (row, column), line and character of a drawing."""

    @abstractmethod
    def cell_at(self, layer: int, row_col: tuple[int, int]) -> Cell:
        """The cell drawn at ``row_col`` (row, column) of layer ``layer``: the inverse of
        :meth:`layer` and :meth:`in_layer`."""

    @abstractmethod
    def polygon(self, cell: Cell) -> Polygon:
        """The cell's corners in its layer's drawing (x to the right, y down), clockwise on
        screen, in units where an edge is 1 long. Cells of a layer that touch share an edge
        exactly (the same two corner points)."""

    def view(self, cells: Collection[Cell]) -> View:
        """The 3-D view of ``cells``, which every layered grid gives (a plane grid has none)."""
        raise InternalError(f"the {self.name} grid has no 3-D view")

    body: str = ""
    """What a cell of a layered grid is in space, for 3-D pictures that place bodies at
    :meth:`centre` (``"cube"``: a unit cube, axis-aligned; ``"ball"``: a ball of diameter 1);
    empty on a plane grid."""

    def centre(self, cell: Cell) -> tuple[float, float, float]:
        """Where a cell of a layered grid sits in space, (x, y, z) with z up, in units where
        two touching cells are 1 apart (a 3-D picture, or the page, turns and projects these)."""
        raise InternalError(f"the {self.name} grid has no cells in space")

    # -- tiling rules (see pentomino.model.rules) --------------------------------------------
    def meeting_points(self, cells: Collection[Cell]) -> tuple[tuple[Cell, ...], ...] | None:
        """For each point of the grid where cells of ``cells`` meet with no cell missing
        around it (an inner corner), those cells; None if this grid does not say (a tiling
        rule about corners is then refused on it)."""
        return None

    def straight_lines(self, cells: Collection[Cell]) -> tuple[tuple[tuple[Cell, Cell], ...], ...] | None:
        """For each straight grid line that crosses ``cells``, the pairs of their cells on its
        two sides, touching across it (a line with no such pair is left out); None if this
        grid does not say (a tiling rule about lines is then refused on it)."""
        return None

    # -- derived ---------------------------------------------------------------------------
    @property
    def origin(self) -> Cell:
        """The cell whose coordinates are all 0."""
        return tuple(0 for _ in range(self.dims))

    def layer_range(self, cells: Iterable[Cell]) -> range:
        """The layers from the cells' lowest to their highest, empty ones between included."""
        layers = [self.layer(c) for c in cells]
        return range(min(layers), max(layers) + 1)

    def parse_cell_text(self, lines: list[str], layer: int = 0) -> dict[Cell, str]:
        """Read a drawing of layer ``layer`` (one string a row: character c of line r is the
        cell drawn at (r, c)) into ``{cell: character}`` for its non-blank characters."""
        return {self.cell_at(layer, (r, c)): ch
                for r, line in enumerate(lines) for c, ch in enumerate(line) if ch != " "}

    def bounding_rows_cols(self, cells: Iterable[Cell]) -> tuple[int, int, int, int]:
        """(min_row, min_col, max_row, max_col) of where the cells are drawn in their layers
        (over every layer), for drawing."""
        places = [self.in_layer(c) for c in cells]
        return (min(r for r, _ in places), min(c for _, c in places),
                max(r for r, _ in places), max(c for _, c in places))

    def symmetries(self) -> tuple[Symmetry, ...]:
        """The grid's point-symmetry group, identity first."""
        cached: tuple[Symmetry, ...] | None = getattr(self, "_symmetries", None)
        if cached is None:
            cached = close_group(self.generators(), self.probe())
            self._symmetries = cached
        return cached

    def orientations(self, cells: Iterable[Cell], proper_only: bool) -> tuple[Shape, ...]:
        """The distinct orientations of a shape, normalized, in a stable order.

        ``proper_only`` keeps rotations only (one-sided pieces; solids that cannot be mirrored),
        but for the pieces a grid turns over anyway (:attr:`turned_over_anyway`).
        """
        shape = frozenset(cells)

        def find() -> tuple[Shape, ...]:
            seen: dict[tuple[Cell, ...], Shape] = {}
            for g in self.symmetries():
                if proper_only and not g.proper:
                    continue
                image = self.normalize(g(c) for c in shape)
                seen.setdefault(tuple(sorted(image)), image)
            return tuple(seen.values())

        return self._remembered("_orientations", (shape, proper_only), find)

    def mirror_images(self, cells: Iterable[Cell]) -> frozenset[tuple[Cell, ...]]:
        """The shape turned over, in each orientation, normalized (sorted cell tuples; kept
        for the next puzzle with this shape)."""
        shape = frozenset(cells)

        def find() -> frozenset[tuple[Cell, ...]]:
            return frozenset(tuple(sorted(self.normalize(g(c) for c in shape)))
                             for g in self.symmetries() if not g.proper)

        return self._remembered("_mirror_images", shape, find)

    def board_symmetries(self, cells: Iterable[Cell]) -> tuple[tuple[Symmetry, dict[Cell, Cell]], ...]:
        """The grid symmetries that map a set of cells onto itself, each with its cell map (see
        :meth:`board_motions`, which finds them without the maps)."""
        board = frozenset(cells)
        return tuple((m.symmetry, self.cell_map(board, m)) for m in self.board_motions(board))

    def board_motions(self, cells: Iterable[Cell]) -> tuple[BoardMotion, ...]:
        """The grid symmetries that map a set of cells onto itself, each with the translation
        that puts the image back in place, identity first (kept for the next puzzle on this
        board).

        Found on arrays, for a board of millions of cells as for a small one: the cells' images
        (:func:`_images`), moved by the difference of the two bounding boxes' corners, are the
        board itself or not; a symmetry that the ones found already generate needs no test."""
        board = frozenset(cells)
        return self._remembered("_board_motions", board, lambda: _board_motions(self, board))

    def cell_map(self, cells: Collection[Cell], motion: BoardMotion) -> dict[Cell, Cell]:
        """Where ``motion`` (one of :meth:`board_motions` of ``cells``) takes each cell."""
        board = list(cells)
        moved = _images(self, motion.symmetry, _cell_array(board, self.dims)) + motion.shift
        return dict(zip(board, map(tuple, moved.tolist()), strict=True))

    def _remembered(self, table: str, key: object, find: Callable[[], T]) -> T:
        """``find()``, kept in this grid's ``table`` under ``key``: a shape's orientations and a
        board's symmetries are asked for again each time a puzzle is packed."""
        memo: dict[object, T] = self.__dict__.setdefault(table, {})
        if key not in memo:
            if len(memo) >= SHAPES_KEPT:  # a server shown endless designs stays small
                memo.clear()
            memo[key] = find()
        return memo[key]

    def components(self, cells: Iterable[Cell],
                   neighbours: Callable[[Cell], Iterable[Cell]] | None = None) -> list[list[Cell]]:
        """The edge-connected groups of the cells (``neighbours``: which cells touch a cell, if
        not the grid's: a board that wraps, across its seams)."""
        near = self.neighbours if neighbours is None else neighbours
        left = set(cells)
        out: list[list[Cell]] = []
        while left:
            stack = [left.pop()]
            group: list[Cell] = []
            while stack:
                c = stack.pop()
                group.append(c)
                for n in near(c):
                    if n in left:
                        left.remove(n)
                        stack.append(n)
            out.append(group)
        return out

    def is_connected(self, cells: Iterable[Cell]) -> bool:
        """True if the cells form one edge-connected piece (and there is at least one)."""
        return len(self.components(cells)) == 1


@dataclass(frozen=True, eq=False)
class BoardMotion:
    """A grid symmetry that maps a board onto itself, then the translation that puts the image
    back in place: one motion of the board (:meth:`Grid.board_motions`)."""

    symmetry: Symmetry
    shift: tuple[int, ...]
    """What is added to a cell's image."""
    action: int
    """The index of the first motion of the board that moves its cells alike: two grid
    symmetries may (on a board one cell thick; on a single cell, every one)."""

    def __call__(self, cell: Cell) -> Cell:
        return tuple(x + d for x, d in zip(self.symmetry(cell), self.shift, strict=True))


if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Cells = npt.NDArray[np.int64]
    """Cells as the rows of an array, one coordinate a column."""


def _cell_array(cells: Collection[Cell], dims: int) -> Cells:
    import numpy as np

    return np.fromiter(chain.from_iterable(cells), dtype=np.int64, count=len(cells) * dims).reshape(len(cells), dims)


def _images(grid: Grid, g: Symmetry, cells: Cells) -> Cells:
    """``g`` of every row of ``cells``: a cell at a time for a board of a few hundred cells (as
    quick as reading ``g`` off), else on arrays (:func:`_affine_images`)."""
    if len(cells) <= SMALL_BOARD:
        return _images_one_by_one(g, cells)
    return _affine_images(grid, g, cells)


def _affine_images(grid: Grid, g: Symmetry, cells: Cells) -> Cells:
    """``g`` of every row of ``cells``. Every grid's symmetries are affine on each class of
    cells whose coordinates have the same parities (linear on squares and cubes; on hexagons
    and triangles, whose formulas halve a sum of coordinates, once those parities are fixed):
    on each class ``g(x) = (L x + T) / 2`` exactly, with ``L`` and ``T`` read off a cell of the
    class and its neighbours two steps along each axis, and applied to the whole class at once.
    The reading is checked on more cells of the class and on a sample of the rows; a symmetry
    it does not fit (no grid's, today) is applied a cell at a time."""
    import numpy as np

    dims = grid.dims
    axes = np.eye(dims, dtype=np.int64)
    kind = cells[:, 0] & 1  # the class of each cell: its coordinates' parities, as bits
    for i in range(1, dims):
        kind = kind | (cells[:, i] & 1) << i
    maps: dict[int, tuple[Cells, Cells]] = {}  # class -> (L, T)
    for k in range(1 << dims):
        first = int(np.argmax(kind == k))
        if kind[first] != k:
            continue
        base = cells[first]
        at = np.array(g(tuple(base.tolist())), dtype=np.int64)
        linear = np.array([np.array(g(tuple((base + 2 * e).tolist()))) - at for e in axes], dtype=np.int64).T
        checks = [2 * (a + b) for a in axes for b in axes] + [-2 * a for a in axes] + [2 * axes.sum(axis=0)]
        if any(tuple((at + linear @ (d // 2)).tolist()) != g(tuple((base + d).tolist())) for d in checks):
            return _images_one_by_one(g, cells)
        maps[k] = (linear, 2 * at - linear @ base)
    first_map = next(iter(maps.values()))
    if all(np.array_equal(m[0], first_map[0]) and np.array_equal(m[1], first_map[1]) for m in maps.values()):
        linear, shift = first_map  # one map for every class (squares, cubes, hexagons)
        if not (linear % 2).any() and not (shift % 2).any():  # an integer map (squares, cubes): no halving
            out = cells @ (linear // 2).T
            out += shift // 2
        else:
            out = cells @ linear.T
            out += shift
            out //= 2
    else:
        out = np.empty_like(cells)
        for k, (linear, shift) in maps.items():
            rows = kind == k
            out[rows] = (cells[rows] @ linear.T + shift) // 2
    sample = np.linspace(0, len(cells) - 1, num=min(len(cells), 64), dtype=np.int64)
    if any(tuple(out[i].tolist()) != g(tuple(cells[i].tolist())) for i in sample.tolist()):
        return _images_one_by_one(g, cells)
    images: Cells = out
    return images


def _images_one_by_one(g: Symmetry, cells: Cells) -> Cells:
    import numpy as np

    return np.array([g(tuple(c)) for c in cells.tolist()], dtype=np.int64).reshape(cells.shape)


def _board_motions(grid: Grid, board: frozenset[Cell]) -> tuple[BoardMotion, ...]:
    """:meth:`Grid.board_motions` of ``board``.

    A symmetry is tested on its images of every cell: their bounding box must be the board's
    moved, and each moved image a cell of the board. Once some pass, the symmetries they
    generate pass too (the motions of a board make a group): their translation is read off one
    cell. Two motions that move a sample of cells alike are compared on every cell (twins)."""
    import numpy as np

    cells = _cell_array(board, grid.dims)
    box = _Box.of(cells)
    sample = [tuple(cells[i].tolist())
              for i in np.linspace(0, len(board) - 1, num=min(len(board), 16), dtype=np.int64).tolist()]
    group = grid.symmetries()
    by_key = {g.key: g for g in group}
    passed: dict[tuple[Cell, ...], tuple[int, ...]] = {}  # symmetry key -> shift, for every motion known
    generators: list[tuple[Cell, ...]] = []
    found: list[BoardMotion] = []
    by_sample: dict[tuple[Cell, ...], list[BoardMotion]] = {}  # the sample's images -> the motions that give them
    passed[group[0].key] = (0,) * grid.dims  # the identity, first
    for g in group:
        if g.key not in passed:
            shift = box.shift(grid, _images(grid, g, cells))
            if shift is None:
                continue
            generators.append(g.key)
            passed[g.key] = shift
            _close(passed, generators, by_key, sample[0])
        motion = BoardMotion(g, passed[g.key], len(found))
        alike = by_sample.setdefault(tuple(motion(c) for c in sample), [])
        twin = next((m for m in alike if _alike(grid, cells, m, motion)), None)
        if twin is not None:
            motion = BoardMotion(g, motion.shift, twin.action)
        alike.append(motion)
        found.append(motion)
    return tuple(found)


@dataclass(frozen=True)
class _Box:
    """A board's cells as numbers within their bounding box (row-major), to tell whether cells
    moved there are the board: a flag a place of the box, when it is not much larger than the
    board, else the numbers sorted."""

    low: Cells
    high: Cells
    stride: Cells
    inside: npt.NDArray[np.bool_] | None
    keys: Cells | None

    @classmethod
    def of(cls, cells: Cells) -> _Box:
        import numpy as np

        low, high = cells.min(axis=0), cells.max(axis=0)
        span = high - low + 1
        stride = np.cumprod(np.concatenate(([1], span[:0:-1])))[::-1]
        keys = _numbered(cells, low, stride)
        if float(np.prod(span, dtype=np.float64)) > 8 * len(cells) + 64:
            keys.sort()
            return cls(low, high, stride, None, keys)
        inside = np.zeros(int(np.prod(span)), dtype=np.bool_)
        inside[keys] = True
        return cls(low, high, stride, inside, None)

    def shift(self, grid: Grid, image: Cells) -> tuple[int, ...] | None:
        """The translation that moves ``image`` (the images of the board's cells under a grid
        symmetry) onto the board, or None if none does."""
        import numpy as np

        low = image.min(axis=0)
        if not np.array_equal(image.max(axis=0) - low, self.high - self.low):
            return None
        corner = tuple(low.tolist())
        if grid.translate([corner], corner, tuple(self.low.tolist())) is None:
            return None
        moved = _numbered(image, low, self.stride)
        if self.inside is not None:
            if not self.inside[moved].all():  # as many cells, none twice: all inside is the board
                return None
        elif self.keys is None or not np.array_equal(np.sort(moved), self.keys):
            return None
        return tuple((self.low - low).tolist())


def _numbered(cells: Cells, low: Cells, stride: Cells) -> Cells:
    """Each cell's number in the box from ``low`` (row-major, ``stride`` a step of each
    coordinate), a column at a time."""
    out: Cells = (cells[:, 0] - low[0]) * stride[0]
    for i in range(1, cells.shape[1]):
        out += (cells[:, i] - low[i]) * stride[i]
    return out


def _close(passed: dict[tuple[Cell, ...], tuple[int, ...]], generators: list[tuple[Cell, ...]],
           by_key: dict[tuple[Cell, ...], Symmetry], cell: Cell) -> None:
    """Add to ``passed`` every product of the motions in it with the ``generators``, each
    with its translation: what the two motions in turn do to ``cell``, less the product's
    symmetry's image of it (the same for every cell)."""
    frontier = list(passed)
    while frontier:
        nxt = []
        for a in frontier:
            for b in generators:
                product = by_key[a].then(by_key[b])
                if product.key in passed:
                    continue
                first = tuple(x + d for x, d in zip(by_key[a](cell), passed[a], strict=True))
                then = tuple(x + d for x, d in zip(by_key[b](first), passed[b], strict=True))
                passed[product.key] = tuple(x - y for x, y in zip(then, by_key[product.key](cell), strict=True))
                nxt.append(product.key)
        frontier = nxt


def _alike(grid: Grid, cells: Cells, m1: BoardMotion, m2: BoardMotion) -> bool:
    """Whether two motions move every cell alike."""
    import numpy as np

    return np.array_equal(_images(grid, m1.symmetry, cells) + m1.shift, _images(grid, m2.symmetry, cells) + m2.shift)


def _grid_named(name: str) -> Grid:
    """The grid called ``name`` (unpickling a grid)."""
    return _BY_NAME[name]
