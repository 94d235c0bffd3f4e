"""Every way to put each piece on the free cells of a board, and the facts needed to remove in
advance the placements that can never be part of a tiling.

A placement that cuts off a region of free cells whose size no combination of the remaining
pieces adds up to (a single cell, say, or 7 cells when every piece has 5) is useless: removing
it before the search costs nothing there and saves every subtree that would start with it. The
flood fill that finds such regions runs compiled (:func:`pentomino.search.kernel._dead_placements`).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pentomino.geometry import Cell, Grid, Shape
from pentomino.model.puzzle import Puzzle

Axes = tuple[int, ...]
"""A scan order: the axes of the cells' coordinates, the most significant first."""


@dataclass(frozen=True)
class PieceSlot:
    """What the placement builder needs to know of a piece: its shape and copies still to place."""

    name: str
    orientations: tuple[Shape, ...]
    size: int
    max_copies: int


def region_sizes_fillable(pieces: list[PieceSlot], limit: int) -> list[bool]:
    """fillable[k]: some multiset of the pieces (within their copies) has total size k."""
    reach = 1  # bit k set: size k can be made
    everything = (1 << (limit + 1)) - 1
    for p in pieces:
        copies = min(p.max_copies, limit // max(p.size, 1))
        chunk = 1
        while copies > 0:  # copies in chunks of 1, 2, 4, ...: any number up to copies is a sum
            take = min(chunk, copies)
            reach |= (reach << (take * p.size)) & everything
            copies -= take
            chunk *= 2
    return [bool(reach >> k & 1) for k in range(limit + 1)]


def generate_placements(grid: Grid, free: frozenset[Cell], pieces: list[PieceSlot]) -> list[tuple[int, Shape]]:
    """``[(piece index, cells), ...]``: every way to put each piece with copies left on the free cells."""
    out: list[tuple[int, Shape]] = []
    for index, p in enumerate(pieces):
        if p.max_copies <= 0:
            continue
        seen: set[Shape] = set()
        for shape in p.orientations:
            anchor = min(shape)
            for target in free:
                cells = grid.translate(shape, anchor, target)
                if cells is None or not cells <= free or cells in seen:
                    continue
                seen.add(cells)
                out.append((index, cells))
    return out


def fillable_table(pieces: list[PieceSlot], limit: int) -> npt.NDArray[np.bool_]:
    """bool[T, limit+1]: row t says which region sizes the pieces can fill with one copy of
    piece t already used (by the placement being judged)."""
    table = np.zeros((len(pieces), limit + 1), dtype=np.bool_)
    for t in range(len(pieces)):
        others = [q if j != t else PieceSlot(q.name, q.orientations, q.size, q.max_copies - 1)
                  for j, q in enumerate(pieces)]
        table[t] = region_sizes_fillable(others, limit)
    return table


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
        slots.append(PieceSlot(pc.piece.name, pc.piece.orientations(puzzle.one_sided), pc.piece.size, left))
        slack.append(left - max(0, pc.min - done))
    return slots, slack
