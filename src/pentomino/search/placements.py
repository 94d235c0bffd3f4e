"""Every way to put each piece on the free cells of a board, and the facts needed to remove in
advance the placements that can never be part of a tiling.

A placement that cuts off a region of free cells whose size no combination of the remaining
pieces adds up to (a single cell, say, or 7 cells when every piece has 5) is useless: removing
it before the search costs nothing there and saves every subtree that would start with it. The
flood fill that finds such regions runs compiled (:func:`pentomino.search.kernel._dead_placements`).

The placements are built compiled as well (:func:`placement_arrays`): the cells are given
coordinates in their bounding box (:class:`CellBox`), and each orientation of each piece is put
with its least cell on every free cell by adding coordinates, which is what a translation is on
every grid (a triangle grid's or a hexagon grid's keeps the parity of row + column, the grid's
``step``: ``tests/test_tables.py`` checks it on each grid). So a grid needs nothing new here.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pentomino.errors import PuzzleError
from pentomino.geometry import Cell, Grid, Shape
from pentomino.geometry.wrap import Wrap
from pentomino.model.puzzle import Puzzle
from pentomino.search.jit import Int, compiled
from pentomino.tuning import MAX_CELLS

Axes = tuple[int, ...]
"""A scan order: the axes of the cells' coordinates, the most significant first."""


@dataclass(frozen=True)
class PieceSlot:
    """What the placement builder needs to know of a piece: its shape and copies still to place."""

    name: str
    orientations: tuple[Shape, ...]
    size: int
    max_copies: int


def check_size(puzzle: Puzzle) -> None:
    """Refuse, in one line, a board larger than the search takes (:data:`~pentomino.tuning.MAX_CELLS`
    says why that many): asked after the area argument (which settles a board of any size the
    pieces cannot cover) and before anything that grows with the board."""
    if puzzle.area > MAX_CELLS:
        raise PuzzleError(f"the board has {puzzle.area:,} cells, over the {MAX_CELLS:,} the search takes "
                          "(its tables would take 9 to 160 KB a cell, gigabytes in all): "
                          "give a board of at most that many cells")


def region_sizes_fillable(pieces: list[PieceSlot], limit: int) -> npt.NDArray[np.bool_]:
    """fillable[k]: some multiset of the pieces (within their copies) has total size k."""
    made: npt.NDArray[np.bool_] = _sizes_made(np.array([p.size for p in pieces], dtype=np.int64),
                                              np.array([[p.max_copies for p in pieces]], dtype=np.int64), limit)[0]
    return made


@compiled(cache=True)
def _sizes_made(sizes: npt.NDArray[np.int64], copies: npt.NDArray[np.int64], limit: Int) -> npt.NDArray[np.bool_]:
    """made[r, k]: some multiset of the pieces, within the copies of row ``r`` of ``copies``
    ([rows, T]), has total size k (0 <= k <= limit). For each piece a size is made with some
    number of its copies up to the limit if it was made, before the piece, with fewer; ``last``
    counts the copies since the last size made without it, a pass per piece."""
    out = np.zeros((copies.shape[0], limit + 1), dtype=np.bool_)
    reach = np.zeros(limit + 1, dtype=np.bool_)
    for r in range(copies.shape[0]):
        reach[:] = False
        reach[0] = True
        for t in range(len(sizes)):
            size, most = sizes[t], copies[r, t]
            if size <= 0 or most <= 0:
                continue
            for phase in range(min(size, limit + 1)):  # sizes phase, phase + size, ...: one chain each
                run = -1  # copies of this piece since the last size made without it; -1: none yet
                for k in range(phase, limit + 1, size):
                    if reach[k]:
                        run = 0
                    elif run >= 0:
                        run += 1
                        if run <= most:
                            reach[k] = True
                        else:
                            run = -1
        out[r] = reach
    return out


@dataclass(frozen=True)
class CellBox:
    """Cells as the compiled builders read them: their coordinates, and the index of each cell
    of their bounding box (-1 where no cell is)."""

    at: npt.NDArray[np.int64]      # [n, dims] the coordinates of cell i
    lo: npt.NDArray[np.int64]      # [dims] the box's least corner
    extent: npt.NDArray[np.int64]  # [dims] its size
    index: npt.NDArray[np.int32]   # [prod(extent)] cell at each point of the box (row-major), or -1

    @classmethod
    def of(cls, cells: Sequence[Cell], dims: int) -> CellBox:
        at = np.array(cells, dtype=np.int64).reshape(len(cells), dims)
        lo = at.min(axis=0) if len(cells) else np.zeros(dims, dtype=np.int64)
        extent = at.max(axis=0) - lo + 1 if len(cells) else np.zeros(dims, dtype=np.int64)
        index = np.full(int(np.prod(extent)), -1, dtype=np.int32)
        if len(cells):
            index[np.ravel_multi_index(tuple((at - lo).T), tuple(extent))] = np.arange(len(cells), dtype=np.int32)
        return cls(at, lo, extent, index)


def neighbour_lists(grid: Grid, box: CellBox, wrap: Wrap | None = None) -> npt.NDArray[np.int32]:
    """int32[n, most] (at least 1 x 1): the neighbours of each cell among the box's cells,
    ascending, -1 after the last. A cell's neighbours are the cell moved by its class's shifts,
    the class being the sum of its coordinates modulo ``grid.step`` (a triangle pointing up
    or down); each class's shifts are read off a cell of it (:func:`_neighbour_shifts`). On a
    board that ``wrap`` glues, across the seams too."""
    shifts, counts = _neighbour_shifts(grid)
    return _neighbours(box.index, box.lo, box.extent, box.at, shifts, counts, grid.step, _wrap_array(wrap))


def _wrap_array(wrap: Wrap | None) -> npt.NDArray[np.int64]:
    """The wrap as the builders read it (:meth:`Wrap.arrays`; all 0: no wrap)."""
    return wrap.arrays() if wrap is not None else np.zeros(5, dtype=np.int64)


@compiled(cache=True, inline="always")
def _wrap_point(point: npt.NDArray[np.int64], wrap: npt.NDArray[np.int64]) -> None:
    """``point`` (row, column) brought back into the box that ``wrap`` glues
    (:meth:`Wrap.cell <pentomino.geometry.wrap.Wrap.cell>`), in place."""
    if wrap[3] > 0:
        turns = (point[1] - wrap[1]) // wrap[3]
        point[1] -= turns * wrap[3]
        if wrap[4] > 0 and turns % 2 != 0:
            point[0] = 2 * wrap[0] + wrap[4] - 1 - point[0]
    if wrap[2] > 0:
        point[0] = (point[0] - wrap[0]) % wrap[2] + wrap[0]


@functools.lru_cache(maxsize=16)
def _neighbour_shifts(grid: Grid) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The shifts from a cell to its neighbours, by class (``[step, most, dims]``), and how
    many each class has (0 for a class with no cells: half the (r, c) pairs of hexagons)."""
    cells = [grid.origin, *grid.neighbours(grid.origin)]
    most = max(len(grid.neighbours(c)) for c in cells)
    shifts = np.zeros((grid.step, most, grid.dims), dtype=np.int64)
    counts = np.zeros(grid.step, dtype=np.int64)
    for cell in cells:
        k = sum(cell) % grid.step
        if counts[k] or not grid.is_cell(cell):
            continue
        near = grid.neighbours(cell)
        counts[k] = len(near)
        shifts[k, :len(near)] = [[x - y for x, y in zip(m, cell, strict=True)] for m in near]
    return shifts, counts


@compiled(cache=True)
def _neighbours(box: npt.NDArray[np.int32], lo: npt.NDArray[np.int64], extent: npt.NDArray[np.int64],
                cells: npt.NDArray[np.int64], shifts: npt.NDArray[np.int64], counts: npt.NDArray[np.int64],
                step: Int, wrap: npt.NDArray[np.int64]) -> npt.NDArray[np.int32]:
    """The lists of :func:`neighbour_lists`."""
    n, dims = cells.shape
    out = np.full((max(n, 1), shifts.shape[1]), -1, dtype=np.int32)
    point = np.empty(dims, dtype=np.int64)
    wraps = wrap[2] > 0 or wrap[3] > 0
    widest = 1
    for i in range(n):
        total = 0
        for d in range(dims):
            total += cells[i, d]
        k = total % step
        found = 0
        for s in range(counts[k]):
            for d in range(dims):
                point[d] = cells[i, d] + shifts[k, s, d]
            if wraps:
                _wrap_point(point, wrap)
            flat = 0
            inside = True
            for d in range(dims):
                x = point[d] - lo[d]
                if x < 0 or x >= extent[d]:
                    inside = False
                    break
                flat = flat * extent[d] + x
            if not inside or box[flat] < 0:
                continue
            y = box[flat]
            if y == i:
                continue  # itself, across a seam one cell round
            at = found  # insertion: the row stays sorted
            while at > 0 and out[i, at - 1] > y:
                out[i, at] = out[i, at - 1]
                at -= 1
            if at > 0 and out[i, at - 1] == y:  # met again across a seam: once is enough
                for m in range(at, found):
                    out[i, m] = out[i, m + 1]
                out[i, found] = -1
                continue
            out[i, at] = y
            found += 1
        widest = max(widest, found)
    result: npt.NDArray[np.int32] = out[:, :widest].copy()
    return result


def placement_arrays(grid: Grid, cells: Sequence[Cell], pieces: list[PieceSlot], box: CellBox | None = None,
                     wrap: Wrap | None = None) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Every way to put each piece with copies left on ``cells``, once each, sorted by first
    cell, then piece, then cells: ``(piece index [P], cell indices into cells [P, widest],
    ascending, -1 after the last)``. ``box``: the cells' :class:`CellBox`, if made already.

    A translation of a grid adds a vector to the cells' coordinates; it moves cells onto cells
    when the vector's coordinates add up to a multiple of ``grid.step`` (triangles and hexagons
    keep the parity of row + column). Each orientation is put with its least cell on every free
    cell, compiled (:func:`_put_shapes`): no cell is looked up in Python. On a board that
    ``wrap`` glues, a piece may lie across a seam, but not cover a cell twice."""
    dims = grid.dims
    offsets, start, parity, shape_piece, widest = _shapes(tuple(p.orientations if p.max_copies > 0 else ()
                                                                for p in pieces), dims, grid.step)
    if not cells or not len(shape_piece):
        return np.zeros(0, dtype=np.int32), np.full((0, widest), -1, dtype=np.int32)
    if box is None:
        box = CellBox.of(cells, dims)
    piece, where = _put_shapes(box.index, box.lo, box.extent, box.at, offsets, start, parity, shape_piece,
                               grid.step, widest, _wrap_array(wrap))
    return _sorted_once(piece, where, len(cells))


@functools.lru_cache(maxsize=64)
def _shapes(orientations: tuple[tuple[Shape, ...], ...], dims: int, step: int
            ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int32], int]:
    """The orientations of each piece as :func:`_put_shapes` reads them: the offsets of each
    shape's cells from its least cell, where each shape's rows start, the parity (modulo
    ``step``) of its least cell, its piece, and the most cells of one (kept for the next
    puzzle with these pieces: read them, do not change them)."""
    shapes = [(t, sorted(shape)) for t, shapes in enumerate(orientations) for shape in shapes]
    start = np.zeros(len(shapes) + 1, dtype=np.int64)
    start[1:] = np.cumsum([len(s) for _, s in shapes])
    offsets = np.array([c for _, s in shapes for c in s], dtype=np.int64).reshape(-1, dims)
    anchors = offsets[start[:-1]]  # each shape's least cell: its offsets are taken from it
    offsets -= np.repeat(anchors, np.diff(start), axis=0)
    return (offsets, start, anchors.sum(axis=1) % step, np.array([t for t, _ in shapes], dtype=np.int32),
            max((len(s) for _, s in shapes), default=1))


@compiled(cache=True)
def _put_shapes(box: npt.NDArray[np.int32], lo: npt.NDArray[np.int64], extent: npt.NDArray[np.int64],
                cells: npt.NDArray[np.int64], offsets: npt.NDArray[np.int64], start: npt.NDArray[np.int64],
                parity: npt.NDArray[np.int64], shape_piece: npt.NDArray[np.int32], step: Int, widest: Int,
                wrap: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Each shape (rows ``start[s]:start[s + 1]`` of ``offsets``, from its least cell, whose
    coordinates add up to ``parity[s]`` modulo ``step``) put with its least cell on each of
    ``cells`` where all its cells are free (``box``: the index of each cell of the bounding box
    from ``lo`` of size ``extent``, -1 if not free). Returns (piece, sorted cell indices, -1
    padded), in no particular order. ``wrap``: the seams (:func:`_wrap_point`)."""
    n, dims = cells.shape
    shapes = len(start) - 1
    # Round a twist a cell is also the cell turned over one circumference on: a piece put
    # there is not the piece put on the cell moved (the twist is no translation), so both.
    sides = 2 if wrap[4] > 0 else 1
    out_piece = np.empty(shapes * n * sides, dtype=np.int32)
    out_cells = np.full((shapes * n * sides, widest), -1, dtype=np.int32)
    row = np.empty(widest, dtype=np.int32)
    point = np.empty(dims, dtype=np.int64)
    anchor = np.empty(dims, dtype=np.int64)
    wraps = wrap[2] > 0 or wrap[3] > 0
    found = 0
    for s in range(shapes):
        size = start[s + 1] - start[s]
        for i in range(n * sides):
            for d in range(dims):
                anchor[d] = cells[i % n, d]
            if i >= n:
                anchor[0] = 2 * wrap[0] + wrap[4] - 1 - anchor[0]
                anchor[1] += wrap[3]
            total = 0
            for d in range(dims):
                total += anchor[d]
            if (total - parity[s]) % step != 0:
                continue  # no translation puts the least cell here
            fits = True
            for j in range(size):
                for d in range(dims):
                    point[d] = anchor[d] + offsets[start[s] + j, d]
                if wraps:
                    _wrap_point(point, wrap)
                flat = 0
                for d in range(dims):
                    x = point[d] - lo[d]
                    if x < 0 or x >= extent[d]:
                        fits = False
                        break
                    flat = flat * extent[d] + x
                if not fits or box[flat] < 0:
                    fits = False
                    break
                c = box[flat]
                k = j  # insertion: the row stays sorted
                while k > 0 and row[k - 1] > c:
                    row[k] = row[k - 1]
                    k -= 1
                if k > 0 and row[k - 1] == c:  # a cell twice: round a seam shorter than the piece
                    fits = False
                    break
                row[k] = c
            if fits:
                out_piece[found] = shape_piece[s]
                out_cells[found, :size] = row[:size]
                found += 1
    return out_piece[:found], out_cells[:found]


@compiled(cache=True)
def _sorted_once(piece: npt.NDArray[np.int32], where: npt.NDArray[np.int32], n: Int
                 ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """The placements sorted by first cell, then piece, then cells, each once (one orientation
    may repeat another's placement): by first cell with a counting sort, then each cell's few
    by insertion."""
    P, width = where.shape
    start = np.zeros(n + 1, dtype=np.int64)
    for p in range(P):
        start[where[p, 0] + 1] += 1
    for c in range(n):
        start[c + 1] += start[c]
    at = start[:n].copy()
    order = np.empty(P, dtype=np.int64)
    for p in range(P):
        order[at[where[p, 0]]] = p
        at[where[p, 0]] += 1
    keep = np.ones(P, dtype=np.bool_)
    for c in range(n):
        for i in range(start[c] + 1, start[c + 1]):
            p = order[i]
            k = i
            while k > start[c]:
                q = order[k - 1]
                cmp = piece[q] - piece[p]  # q after p: cmp > 0
                j = 1
                while cmp == 0 and j < width:
                    cmp = where[q, j] - where[p, j]
                    j += 1
                if cmp < 0:
                    break
                if cmp == 0:
                    keep[p] = False  # the same placement again
                    break
                order[k] = q
                k -= 1
            order[k] = p
    kept = 0
    for i in range(P):
        if keep[order[i]]:
            order[kept] = order[i]
            kept += 1
    out_piece = np.empty(kept, dtype=np.int32)
    out_where = np.empty((kept, width), dtype=np.int32)
    for i in range(kept):
        out_piece[i] = piece[order[i]]
        out_where[i] = where[order[i]]
    return out_piece, out_where


def fillable_table(pieces: list[PieceSlot], limit: int) -> npt.NDArray[np.bool_]:
    """bool[T, limit+1]: row t says which region sizes the pieces can fill with one copy of
    piece t already used (by the placement being judged)."""
    copies = np.repeat(np.array([[p.max_copies for p in pieces]], dtype=np.int64), len(pieces), axis=0)
    copies[np.arange(len(pieces)), np.arange(len(pieces))] -= 1
    return _sizes_made(np.array([p.size for p in pieces], dtype=np.int64), copies, limit)


def longest_first(cells: Collection[Cell]) -> Axes:
    """The axes of ``cells``, the longest first: the scan order that runs along the board's
    shortest direction first, the default."""
    dims = len(next(iter(cells)))
    extent = [max(c[d] for c in cells) - min(c[d] for c in cells) for d in range(dims)]
    return tuple(sorted(range(dims), key=lambda d: (-extent[d], d)))


def cell_order(cells: Collection[Cell], axes: Axes | None = None) -> list[Cell]:
    """Cells sorted by their coordinates along ``axes``, the most significant first (by
    default :func:`longest_first`)."""
    key = longest_first(cells) if axes is None else axes
    return sorted(cells, key=lambda c: tuple(c[d] for d in key))


def free_cells(puzzle: Puzzle, axes: Axes | None = None) -> list[Cell]:
    """The cells left to fill, in scan order (cell i of the kernel is the i-th; ``axes``: see
    :func:`cell_order`)."""
    covered = {c for p in puzzle.preplaced for c in p.cells}
    free = puzzle.board - covered
    return cell_order(free, axes) if free else []


def piece_slots(puzzle: Puzzle, n: int) -> tuple[list[PieceSlot], list[int]]:
    """Each piece with the copies left after the pre-placed pieces, and how many of those may
    stay unused (its slack)."""
    used: dict[str, int] = {}
    for p in puzzle.preplaced:
        used[p.piece] = used.get(p.piece, 0) + 1
    slots: list[PieceSlot] = []
    slack: list[int] = []
    for pc in puzzle.pieces:
        done = used.get(pc.piece.name, 0)
        left = (pc.max if pc.max is not None else done + n // pc.piece.size) - done
        slots.append(PieceSlot(pc.piece.name, pc.orientations(puzzle.one_sided), pc.piece.size, left))
        slack.append(left - max(0, pc.min - done))
    return slots, slack
