"""The puzzle's symmetry group G, the modes a count is taken up to, and what G does to tilings.

G is the set of grid symmetries that map the board onto itself, map the piece multiset onto
itself (for a one-sided set a reflection swaps each piece with its mirror image, and is in G
only if the set is closed under mirroring with matching numbers of copies), and map every
pre-placed piece onto a pre-placed piece of the image name.

A *symmetry mode* says what a count or a listing is taken up to: ``"full"`` (G), ``"rotations"``
(the rotations in G) or ``"none"`` (nothing: every tiling).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar

from pentomino.geometry import Cell
from pentomino.geometry.grid import BoardMotion
from pentomino.model.fields import PuzzleFields
from pentomino.model.placement import Placement, Tiling

SymmetryMode = Literal["full", "rotations", "none"]
"""What a count or a listing is taken up to: the puzzle's whole symmetry group, its rotations, or
nothing (every tiling)."""
SYMMETRY_MODES: tuple[SymmetryMode, ...] = ("full", "rotations", "none")


@dataclass(frozen=True)
class PuzzleSymmetry:
    """One element of G: where each board cell goes, and which piece each piece becomes."""

    name: str
    proper: bool
    cell_map: dict[Cell, Cell]
    piece_map: dict[str, str]

    def is_identity(self) -> bool:
        return all(k == v for k, v in self.cell_map.items()) and all(k == v for k, v in self.piece_map.items())


def _mirror_map(puzzle: PuzzleFields) -> dict[str, str] | None:
    """For a one-sided set: each piece's mirror partner (a bijection), or None if the set is not closed."""
    pieces = list(puzzle.pieces)
    partner: dict[str, str] = {}
    taken: set[str] = set()
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


@dataclass(frozen=True)
class GroupElement:
    """One element of G as it is found, before its cell map is written out: the motion of the
    board (a grid symmetry and a translation) and which piece each piece becomes."""

    motion: BoardMotion
    piece_map: dict[str, str]

    @property
    def name(self) -> str:
        return self.motion.symmetry.name

    @property
    def proper(self) -> bool:
        return self.motion.symmetry.proper


def group_elements(puzzle: PuzzleFields) -> tuple[GroupElement, ...]:
    """G's elements, identity first, then the rotations, then the reflections, without their
    cell maps: enough for G's order (:meth:`Puzzle.symmetry_group_order
    <pentomino.model.puzzle.Puzzle.symmetry_group_order>`), found on arrays for a board of any
    size (:meth:`Grid.board_motions <pentomino.geometry.Grid.board_motions>`)."""
    names = {pc.piece.name: pc.piece.name for pc in puzzle.pieces}
    mirror = _mirror_map(puzzle) if puzzle.one_sided else names
    pre = {(p.piece, frozenset(p.cells)) for p in puzzle.preplaced}
    out = []
    seen = set()
    for motion in puzzle.grid.board_motions(puzzle.board):
        piece_map = names if motion.symmetry.proper else mirror
        if piece_map is None:
            continue
        image = {(piece_map[n], frozenset(motion(c) for c in cells)) for n, cells in pre}
        if image != pre:
            continue
        # On a board one cell thick two grid symmetries can move the cells alike: G acts on
        # tilings, so such twins are one element.
        action = (motion.action, tuple(sorted(piece_map.items())))
        if action in seen:
            continue
        seen.add(action)
        out.append(GroupElement(motion, piece_map))
    return tuple(out)


def symmetry_group(puzzle: PuzzleFields,
                   elements: tuple[GroupElement, ...] | None = None) -> tuple[PuzzleSymmetry, ...]:
    """G, identity first, then the rotations, then the reflections (see
    :attr:`Puzzle.symmetry_group <pentomino.model.puzzle.Puzzle.symmetry_group>`, which keeps it):
    the ``elements`` (default: :func:`group_elements`) with their cell maps."""
    elements = group_elements(puzzle) if elements is None else elements
    return tuple(PuzzleSymmetry(e.name, e.proper, puzzle.grid.cell_map(puzzle.board, e.motion), e.piece_map)
                 for e in elements)


class _Element(Protocol):
    @property
    def proper(self) -> bool: ...


E = TypeVar("E", bound=_Element)


def mode_group(group: tuple[E, ...], mode: SymmetryMode) -> tuple[E, ...]:
    """The part of ``group`` (G, identity first) that a count in ``mode`` is taken up to: all
    of it, its rotations, or the identity alone."""
    if mode == "none":
        return group[:1]
    return tuple(g for g in group if g.proper or mode == "full")


def orbit(group: Iterable[PuzzleSymmetry], placements: Iterable[Placement]) -> set[Tiling]:
    """The tilings ``placements`` becomes under each symmetry of ``group`` (a puzzle's
    :attr:`~pentomino.model.puzzle.Puzzle.symmetry_group`, say): its orbit. Two solutions are
    the same up to symmetry when one's tiling is in the other's orbit.

    >>> from pentomino import Puzzle
    >>> puzzle = Puzzle.load("6x10")
    >>> first = puzzle.solve()
    >>> len(orbit(puzzle.symmetry_group, first.placements))
    4
    """
    placements = list(placements)
    return {frozenset((g.piece_map[p.piece], tuple(sorted(g.cell_map[c] for c in p.cells))) for p in placements)
            for g in group}
