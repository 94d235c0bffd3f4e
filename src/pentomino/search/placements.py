"""Every way to put each piece on the free cells of a board, with placements that can never be
part of a tiling removed in advance.

A placement that cuts off a region of free cells whose size no combination of the remaining
pieces adds up to (a single cell, say, or 7 cells when every piece has 5) is useless: removing
it here costs nothing in the search and saves every subtree that would start with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pentomino.geometry import Grid


@dataclass(frozen=True)
class PieceSlot:
    """What the placement builder needs to know of a piece: its shape and copies still to place."""

    name: str
    orientations: tuple[frozenset, ...]
    size: int
    max_copies: int


def region_sizes_fillable(pieces: list[PieceSlot], limit: int) -> list[bool]:
    """fillable[k]: some multiset of the pieces (within their copies) has total size k."""
    fillable = [False] * (limit + 1)
    fillable[0] = True
    for p in pieces:
        for _ in range(min(p.max_copies, limit // max(p.size, 1))):
            for k in range(limit, p.size - 1, -1):
                if fillable[k - p.size]:
                    fillable[k] = True
    return fillable


def build_placements(grid: Grid, free: frozenset, pieces: list[PieceSlot],
                     prune: bool = True) -> list[tuple[int, tuple]]:
    """``[(piece index, sorted cells), ...]`` for every placement on the free cells.

    With ``prune``, a placement is dropped if it leaves a connected region of free cells whose
    size the other pieces cannot add up to.
    """
    out = []
    fillable_without = {}
    for index, p in enumerate(pieces):
        others = [q if j != index else PieceSlot(q.name, q.orientations, q.size, q.max_copies - 1)
                  for j, q in enumerate(pieces)]
        fillable_without[index] = region_sizes_fillable(others, len(free))
    for index, p in enumerate(pieces):
        if p.max_copies <= 0:
            continue
        seen = set()
        for shape in p.orientations:
            anchor = min(shape)
            for target in free:
                cells = grid.translate(shape, anchor, target)
                if cells is None or not cells <= free or cells in seen:
                    continue
                seen.add(cells)
                if prune and not _leaves_fillable_regions(grid, free, cells, fillable_without[index]):
                    continue
                out.append((index, tuple(sorted(cells))))
    return out


def _leaves_fillable_regions(grid: Grid, free: frozenset, cells: frozenset, fillable: list[bool]) -> bool:
    """False if removing ``cells`` leaves, next to them, a region of a size nothing can fill."""
    seen = set(cells)
    for cell in cells:
        for start in grid.neighbours(cell):
            if start not in free or start in seen:
                continue
            size = 0
            stack = [start]
            seen.add(start)
            while stack:
                c = stack.pop()
                size += 1
                for n in grid.neighbours(c):
                    if n in free and n not in seen:
                        seen.add(n)
                        stack.append(n)
            if not fillable[size]:
                return False
    return True
