"""The puzzle's symmetry group G and what it does to pieces and placements.

G is the set of grid symmetries that map the board onto itself, map the piece multiset onto
itself (for a one-sided set a reflection swaps each piece with its mirror image, and is in G
only if the set is closed under mirroring with matching numbers of copies), and map every
pre-placed piece onto a pre-placed piece of the image name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from pentomino.model.puzzle import Puzzle
from pentomino.model.solution import Placement

Tiling = frozenset[tuple[str, tuple]]
"""A tiling as a set of (piece, sorted cells): equal for equal tilings, whatever the order of
its placements."""


@dataclass(frozen=True)
class PuzzleSymmetry:
    """One element of G: where each board cell goes, and which piece each piece becomes."""

    name: str
    proper: bool
    cell_map: dict
    piece_map: dict

    def is_identity(self) -> bool:
        return all(k == v for k, v in self.cell_map.items()) and all(k == v for k, v in self.piece_map.items())


def _mirror_map(puzzle: Puzzle) -> dict | None:
    """For a one-sided set: each piece's mirror partner (a bijection), or None if the set is not closed."""
    pieces = [pc for pc in puzzle.pieces]
    partner: dict = {}
    taken: set = set()
    for pc in pieces:
        for other in pieces:
            on = other.piece.name
            if on in taken or (other.min, other.max) != (pc.min, pc.max):
                continue
            if pc.piece.is_mirror_of(other.piece):
                partner[pc.piece.name] = on
                taken.add(on)
                break
        else:
            return None
    return partner


def puzzle_symmetries(puzzle: Puzzle, rotations_only: bool = False) -> list[PuzzleSymmetry]:
    """The elements of G (or of its rotation subgroup), identity first."""
    return [g for g in puzzle.symmetry_group if g.proper or not rotations_only]


def symmetry_group(puzzle: Puzzle) -> tuple[PuzzleSymmetry, ...]:
    """G, found (see :attr:`Puzzle.symmetry_group`, which keeps it)."""
    names = {pc.piece.name: pc.piece.name for pc in puzzle.pieces}
    mirror = _mirror_map(puzzle) if puzzle.one_sided else names
    pre = {(p.piece, frozenset(p.cells)) for p in puzzle.preplaced}
    out = []
    seen = set()
    for g, cell_map in puzzle.grid.board_symmetries(puzzle.board):
        piece_map = names if g.proper else mirror
        if piece_map is None:
            continue
        image = {(piece_map[n], frozenset(cell_map[c] for c in cells)) for n, cells in pre}
        if image != pre:
            continue
        # On a board one cell thick two grid symmetries can move the cells alike: G acts on
        # tilings, so such twins are one element.
        action = (tuple(sorted(cell_map.items())), tuple(sorted(piece_map.items())))
        if action in seen:
            continue
        seen.add(action)
        out.append(PuzzleSymmetry(g.name, g.proper, cell_map, piece_map))
    return tuple(out)


def tiling(placements: Iterable[Placement]) -> Tiling:
    """``placements`` as a :data:`Tiling`."""
    return frozenset((p.piece, tuple(sorted(p.cells))) for p in placements)


def orbit(group: Iterable[PuzzleSymmetry], placements: Iterable[Placement]) -> set[Tiling]:
    """The tilings ``placements`` becomes under each symmetry of ``group`` (a puzzle's
    :attr:`~pentomino.model.puzzle.Puzzle.symmetry_group`, say): its orbit. Two solutions are
    the same up to symmetry when one's tiling is in the other's orbit.

    >>> puzzle = Puzzle.load("6x10")
    >>> first = puzzle.solve()
    >>> len(orbit(puzzle.symmetry_group, first.placements))
    4
    """
    placements = list(placements)
    return {frozenset((g.piece_map[p.piece], tuple(sorted(g.cell_map[c] for c in p.cells))) for p in placements)
            for g in group}
