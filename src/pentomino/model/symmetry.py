"""The puzzle's symmetry group G, the modes a count is taken up to, and what G does to tilings.

G is the set of grid symmetries that map the board onto itself (and each cell's label, if the
board has labels, onto the same label: a calendar turned round is another picture), map the
piece multiset onto itself (for a one-sided set a reflection swaps each piece with its mirror
image, and is in G only if the set is closed under mirroring with matching numbers of copies;
a piece turned as its [orientation] says must map onto a piece turned so), and map every
pre-placed piece onto a pre-placed piece of the image name.

A *symmetry mode* says what a count or a listing is taken up to: ``"full"`` (G), ``"rotations"``
(the rotations in G) or ``"none"`` (nothing: every tiling).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar

from pentomino.errors import InternalError
from pentomino.geometry import Cell, Shape, Symmetry
from pentomino.geometry.grid import BoardMotion
from pentomino.geometry.wrap import WrappedMotion
from pentomino.model.fields import PuzzleFields
from pentomino.model.labels import Labels
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


def _piece_maps(puzzle: PuzzleFields) -> Callable[[Symmetry], dict[str, str] | None]:
    """For a grid symmetry g: which piece each piece becomes under g, or None if g does not
    map the piece set onto itself. A piece's placements under g are placements of the piece
    whose orientations are the images of its own (with the same copies): a free piece is
    itself; a one-sided piece under a reflection its mirror partner (or itself, if it has no
    mirror image), and not g at all if the set has no partner for it; a fixed piece (moved,
    never turned) the piece drawn as its image, or itself under the symmetries of its shape.
    A piece whose orientations g keeps is always itself, never another piece that allows the
    same ones (a free T beside a face-up T, a free monomino beside a fixed one): the map is one
    to one, as the counts up to symmetry need."""
    grid = puzzle.grid
    turns = {pc.piece.name: pc.how_turned(puzzle.one_sided) for pc in puzzle.pieces}
    identity = {name: name for name in turns}
    own = {pc.piece.name: frozenset(pc.orientations(puzzle.one_sided)) for pc in puzzle.pieces}
    by_key: dict[tuple[frozenset[Shape], int, int | None], list[str]] = {}
    for pc in puzzle.pieces:
        by_key.setdefault((own[pc.piece.name], pc.min, pc.max), []).append(pc.piece.name)
    # A piece turned by the rotations only has the rotations of one shape for orientations; a
    # reflection maps them onto the rotations of its mirror image, whichever reflection it is
    # (the rotations are a normal subgroup): that image, found once a piece.
    mirrored: dict[str, frozenset[Shape]] = {}
    for pc in puzzle.pieces:
        t = turns[pc.piece.name]
        if t == "face-up":
            mirrored[pc.piece.name] = frozenset(frozenset(s) for s in grid.mirror_images(pc.piece.cells))
        elif t == "face-down":
            mirrored[pc.piece.name] = frozenset(pc.piece.orientations(True))

    def piece_map(g: Symmetry) -> dict[str, str] | None:
        # Free pieces, and rotations of pieces turned by every rotation, map to themselves.
        if all(t == "free" or (g.proper and t != "fixed") for t in turns.values()):
            return identity
        taken: dict[tuple[frozenset[Shape], int, int | None], int] = {}
        out: dict[str, str] = {}
        for pc in puzzle.pieces:
            name = pc.piece.name
            t = turns[name]
            if t == "free" or (g.proper and t != "fixed"):
                out[name] = name
                continue
            image = mirrored[name] if t != "fixed" else frozenset([grid.normalize(g(c) for c in pc.piece.cells)])
            if image == own[name]:
                # Orientations g keeps (a symmetric fixed piece, say): the piece is itself, not
                # another of its key (a free piece of the same shape is always itself).
                out[name] = name
                continue
            key = (image, pc.min, pc.max)
            k = taken.get(key, 0)
            names = by_key.get(key, [])
            if k >= len(names):
                return None
            out[name] = names[k]
            taken[key] = k + 1
        return out

    return piece_map


@dataclass(frozen=True)
class GroupElement:
    """One element of G as it is found, before its cell map is written out: the motion of the
    board (a grid symmetry and a translation) and which piece each piece becomes."""

    motion: BoardMotion | WrappedMotion
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
    piece_maps = _piece_maps(puzzle)
    labels = puzzle.labels
    surface = puzzle.surface
    if labels is not None and surface is None and _only_the_identity(puzzle, labels):
        identity = puzzle.grid.symmetries()[0]
        piece_map = piece_maps(identity)
        assert piece_map is not None
        return (GroupElement(BoardMotion(identity, (0,) * puzzle.grid.dims, 0), piece_map),)
    pre = {(p.piece, frozenset(p.cells)) for p in puzzle.preplaced}
    out = []
    seen = set()
    motions = puzzle.grid.board_motions(puzzle.board) if surface is None else surface.motions(puzzle.grid, puzzle.board)
    for motion in motions:
        piece_map = piece_maps(motion.symmetry)
        if piece_map is None:
            continue
        if len(set(piece_map.values())) != len(piece_map):  # the counts walk its orbits: they must end
            raise InternalError(f"symmetry {motion.symmetry.name} maps two pieces onto one: {piece_map}")
        image = {(piece_map[n], frozenset(motion(c) for c in cells)) for n, cells in pre}
        if image != pre:
            continue
        # Labels are part of the board: a calendar turned round is another picture.
        if labels is not None and any(labels.label(motion(c)) != labels.label(c) for c in puzzle.board):
            continue
        # On a board one cell thick two grid symmetries can move the cells alike: G acts on
        # tilings, so such twins are one element.
        action = (motion.action, tuple(sorted(piece_map.items())))
        if action in seen:
            continue
        seen.add(action)
        out.append(GroupElement(motion, piece_map))
    return tuple(out)


def _only_the_identity(puzzle: PuzzleFields, labels: Labels) -> bool:
    """True if no symmetry but the identity can keep the board's labels: each label is on one
    cell, so such a symmetry fixes every labelled cell, and a few of them (five, spread from the
    first to the last in order, so rarely on one line) already rule every other grid symmetry
    out. Asked before the board's symmetries are found (a calendar's every date is a new board:
    3 ms of a year's 366 boards each). False when in doubt: the board then decides."""
    labelled = [c for c in sorted(puzzle.board) if labels.label(c) is not None]
    probe = [labelled[round(k * (len(labelled) - 1) / 4)] for k in range(5)] if labelled else []
    if len(probe) < 2:
        return False
    grid = puzzle.grid
    for g in grid.symmetries()[1:]:
        if all(grid.translate([g(c)], g(probe[0]), probe[0]) == frozenset([c]) for c in probe):
            return False  # this one keeps the probe's cells: the whole board decides
    return True


def symmetry_group(puzzle: PuzzleFields,
                   elements: tuple[GroupElement, ...] | None = None) -> tuple[PuzzleSymmetry, ...]:
    """G, identity first, then the rotations, then the reflections (see
    :attr:`Puzzle.symmetry_group <pentomino.model.puzzle.Puzzle.symmetry_group>`, which keeps it):
    the ``elements`` (default: :func:`group_elements`) with their cell maps."""
    elements = group_elements(puzzle) if elements is None else elements
    return tuple(PuzzleSymmetry(e.name, e.proper, _cell_map(puzzle, e.motion), e.piece_map) for e in elements)


def _cell_map(puzzle: PuzzleFields, motion: BoardMotion | WrappedMotion) -> dict[Cell, Cell]:
    if isinstance(motion, WrappedMotion):
        return motion.cell_map(puzzle.grid, puzzle.board)
    return puzzle.grid.cell_map(puzzle.board, motion)


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
