"""Quick proofs that a puzzle has no solution, found before any search, told in words.

The arguments, each sound for any board and piece set (they only read the placements that fit),
from the quickest:

- **Area.** The pieces must cover more cells than the board has, or can cover fewer, or no
  number of copies of each (within those allowed) adds up to the board's cells. It reads no
  cell, so every verb asks it first: a board of millions of cells is answered at once.
- **Placements.** A piece that must be used fits nowhere, or a free cell is covered by no way
  of putting down any piece.
- **Colorings.** Color the cells (a checkerboard, stripes of rows or columns, the three
  colors of the hexagons, ...: each grid's ``colorings()``). Every way to put a piece on the board covers some number of
  cells of each color; a tiling adds one such count vector for each piece it uses. When no
  choice of one vector for each copy (within the copies allowed) adds up to the board's own
  counts, there is no tiling. The check is a small dynamic programme over the sums that can be
  made, piece by piece, given up (no proof) past :data:`~pentomino.tuning.PROOF_WORK` sums.
- **Regions.** The free cells fall apart into edge-connected regions, each filled by pieces of
  its own. When the pieces' sizes cannot be shared out so that each region gets exactly its
  size (within the copies allowed), there is no tiling.

:func:`no_solution_proof` tries them in turn and returns the first that applies, or None: None
proves nothing (the search decides). After the area it refuses a board larger than the search
takes (:data:`~pentomino.tuning.MAX_CELLS`), as the search does: the rest grows with the board.
The packer (:func:`pentomino.search.tables.pack`) tries the first two on the placements it
keeps, so every search of such a puzzle ends at once, and a count of it is 0 with the reason.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pentomino.geometry import Cell, Coloring, Shape
from pentomino.model.puzzle import Puzzle
from pentomino.model.results import Proof
from pentomino.search.placements import PieceSlot, check_size, free_cells, piece_slots, placement_arrays
from pentomino.tuning import PROOF_STATES, PROOF_WORK


@dataclass(frozen=True)
class _Piece:
    name: str
    size: int
    least: int  # copies that must be used
    most: int  # copies that may be used


def no_solution_proof(puzzle: Puzzle) -> Proof | None:
    """A quick proof that ``puzzle`` has no solution, or None when no argument here applies
    (which proves nothing): area, placements, colorings, regions, in that order.

    >>> from pentomino import Puzzle
    >>> no_solution_proof(Puzzle.load("tetrominoes-4x5")).argument
    'coloring'
    >>> no_solution_proof(Puzzle.load("6x10")) is None
    True
    """
    proof = area_proof(puzzle)
    if proof is not None:
        return proof
    check_size(puzzle)  # what follows grows with the board
    cells = free_cells(puzzle)
    if not cells:
        return None
    free = frozenset(cells)
    slots, slack = piece_slots(puzzle, len(free))
    piece, where = placement_arrays(puzzle.grid, cells, slots, wrap=puzzle.surface)
    proof = placements_proof(cells, slots, slack, piece, where)
    if proof is not None:
        return proof
    placements = [(int(t), frozenset(cells[c] for c in row if c >= 0)) for t, row in zip(piece, where, strict=True)]
    pieces = [_Piece(s.name, s.size, s.max_copies - sl, s.max_copies) for s, sl in zip(slots, slack, strict=True)]
    for coloring in puzzle.grid.colorings():
        proof = coloring_proof(coloring, free, pieces, placements)
        if proof is not None:
            return proof
    return regions_proof(puzzle, free, pieces)


# -- area and placements ------------------------------------------------------------------------
def area_proof(puzzle: Puzzle) -> Proof | None:
    """The area argument: the pieces' copies must cover more cells than the board has, or can
    cover fewer, or no number of copies of each (within those allowed) adds up to the board's
    cells (61 cells for pentominoes); None if some can. It reads the area and the pieces
    only, never the cells: asked first, it answers for a board of any size at once. A calendar
    whose cells to leave open are not chosen yet has no area to compare: a
    :class:`~pentomino.errors.PuzzleError` says to choose them."""
    puzzle.require_opened()
    area = puzzle.area
    low = sum(pc.min * pc.piece.size for pc in puzzle.pieces)
    high = None if any(pc.max is None for pc in puzzle.pieces) else \
        sum(pc.max * pc.piece.size for pc in puzzle.pieces if pc.max is not None)
    if low == high and low != area:
        why = f"the board has {area} cells but the pieces cover {low}"
    elif low > area:
        why = f"the board has {area} cells but the pieces must cover at least {low}"
    elif high is not None and high < area:
        why = f"the board has {area} cells but the pieces cover at most {high}"
    elif not _sums_to(area - low, puzzle):
        sizes = sorted({pc.piece.size for pc in puzzle.pieces if pc.max != pc.min})  # of the copies that may vary
        shown = f"{sizes[0]} cells each" if len(sizes) == 1 else \
            ", ".join(map(str, sizes[:-1])) + f" and {sizes[-1]} cells"
        besides = f", besides {low} cells of the copies that must be used" if low else ""
        why = (f"the board has {area} cells, and no number of copies of each piece (within those allowed) "
               f"covers exactly that many (pieces of {shown}{besides})")
    else:
        return None
    return Proof("area", f"area mismatch: {why}")


def _sums_to(target: int, puzzle: Puzzle) -> bool:
    """Whether copies beyond each piece's fewest, within its most, can cover ``target`` cells
    exactly: the sums that can be made, as the bits of one integer, shifted in by doubling
    numbers of copies (a few big-integer shifts per piece size, for any area)."""
    extra: dict[int, int | None] = {}  # piece size -> copies beyond the fewest (None: any number)
    for pc in puzzle.pieces:
        more = None if pc.max is None else pc.max - pc.min
        if more != 0:
            before = extra.get(pc.piece.size, 0)
            extra[pc.piece.size] = None if more is None or before is None else before + more
    mask = (1 << (target + 1)) - 1
    sums = 1  # bit i: i cells can be covered
    for size, copies in extra.items():
        most = target // size if copies is None else min(copies, target // size)
        taken, step = 0, 1
        while taken < most:  # steps of 1, 2, 4, ... copies (the last what is left) reach every number up to most
            step = min(step, most - taken)
            sums = (sums | (sums << (step * size))) & mask
            taken += step
            step *= 2
    return bool(sums >> target & 1)


def placements_proof(cells: Sequence[Cell], slots: list[PieceSlot], slack: Sequence[int],
                     piece: npt.NDArray[np.int32], where: npt.NDArray[np.int32]) -> Proof | None:
    """The placements argument: a piece that must be used has no placement, or a free cell is in
    none; None otherwise. The placements as :func:`~pentomino.search.placements.placement_arrays`
    gives them: each one's piece, and its cells as indices into ``cells`` (-1 padded)."""
    placed = np.zeros(len(slots), dtype=np.bool_)
    placed[piece] = True
    for t, s in enumerate(slots):
        if slack[t] < s.max_copies and not placed[t]:
            return Proof("fits-nowhere", f"piece {s.name} fits nowhere on the board: every way to put it "
                                         "down runs off the board or leaves a gap no other piece can fill")
    covered = np.zeros(len(cells) + 1, dtype=np.bool_)  # the last: the padding's -1
    covered[where] = True
    bare = np.flatnonzero(~covered[:len(cells)])
    if len(bare):
        return Proof("uncovered-cell", f"the cell at {cell_words(cells[int(bare[0])])} can no longer be covered: "
                                       "every way to put a piece over it runs off the board, overlaps a piece "
                                       "already down or leaves a gap no other piece can fill",
                     (cells[int(bare[0])],))
    return None


def cell_words(cell: Cell) -> str:
    """A cell as a person counts it, from 1: ``"row 3, column 7"`` (``"layer 1, row 2, column
    3"`` in a solid)."""
    names = ("row", "column") if len(cell) == 2 else ("layer", "row", "column")
    return ", ".join(f"{name} {x + 1}" for name, x in zip(names, cell, strict=True))


# -- colorings ---------------------------------------------------------------------------------
def coloring_proof(coloring: Coloring, free: Collection[Cell], pieces: list[_Piece],
                   placements: list[tuple[int, Shape]]) -> Proof | None:
    """The coloring argument (see the module docstring) on the free cells, or None."""
    def counts(cells: Iterable[Cell]) -> tuple[int, ...]:
        out = [0] * len(coloring.colors)
        for cell in cells:
            out[coloring.color(cell)] += 1
        return tuple(out)

    board = list(counts(free))
    vectors: list[set[tuple[int, ...]]] = [set() for _ in pieces]
    for t, cells in placements:
        vectors[t].add(counts(cells))
    if not _reachable(board, pieces, vectors):
        return Proof("coloring", _coloring_words(coloring, board, pieces, vectors))
    return None


def _reachable(board: list[int], pieces: list[_Piece], vectors: list[set[tuple[int, ...]]]) -> bool:
    """Whether one count vector for each copy used (within each piece's copies) adds up to
    ``board``; True also when the sums grow too many to follow, or following them would take
    too long (:data:`~pentomino.tuning.PROOF_WORK`: thousands of copies of a piece, each
    adding to thousands of sums), with no proof then."""
    target = tuple(board)
    sums = {tuple(0 for _ in board)}
    work = 0
    for p, options in zip(pieces, vectors, strict=True):
        if p.most == 0:
            continue
        if not options:  # a piece with no place: another argument's business
            if p.least > 0:
                return True
            continue
        done = sums if p.least == 0 else set()
        for used in range(1, p.most + 1):
            work += len(sums) * len(options)
            if work > PROOF_WORK:
                return True
            sums = {tuple(a + b for a, b in zip(s, v, strict=True)) for s in sums for v in options}
            sums = {s for s in sums if all(x <= y for x, y in zip(s, target, strict=True))}
            if len(sums) + len(done) > PROOF_STATES:
                return True
            if used >= p.least:
                done |= sums
            if not sums:
                break
        sums = done
    return target in sums


def _coloring_words(coloring: Coloring, board: list[int], pieces: list[_Piece],
                     vectors: list[set[tuple[int, ...]]]) -> str:
    def counts(v: tuple[int, ...]) -> str:
        return " + ".join(f"{n} {name}" for n, name in zip(v, coloring.colors, strict=True))

    ways: dict[tuple[tuple[int, ...], ...], list[str]] = {}
    for p, options in zip(pieces, vectors, strict=True):
        if p.most > 0 and options:
            ways.setdefault(tuple(sorted(options)), []).append(p.name)
    covers = "; ".join(f"{', '.join(names)} cover{'s' if len(names) == 1 else ''} "
                       f"{' or '.join(counts(v) for v in options)}"
                       for options, names in ways.items())
    return (f"{coloring.name}: the board has {counts(tuple(board))} cells; wherever they go, {covers} "
            "cells; no choice for each piece adds up to the board's counts")


# -- regions ------------------------------------------------------------------------------------
def regions_proof(puzzle: Puzzle, free: Collection[Cell], pieces: list[_Piece]) -> Proof | None:
    """The regions argument (see the module docstring) on the free cells, or None."""
    regions = sorted(len(r) for r in puzzle.components(free))
    if len(regions) < 2:
        return None
    sizes = sorted({p.size for p in pieces if p.most > 0})
    least = [sum(p.least for p in pieces if p.size == s) for s in sizes]
    most = [sum(p.most for p in pieces if p.size == s) for s in sizes]
    used = {tuple(0 for _ in sizes)}
    for region in regions:
        fills = _fills(region, sizes)
        if fills is None:
            return None
        used = {tuple(a + b for a, b in zip(u, f, strict=True)) for u in used for f in fills}
        used = {u for u in used if all(x <= m for x, m in zip(u, most, strict=True))}
        if len(used) > PROOF_STATES:
            return None
        if not used:
            break
    if any(all(least[i] <= u[i] for i in range(len(sizes))) for u in used):
        return None
    shown = ", ".join(map(str, regions))
    return Proof("regions", f"the free cells fall apart into regions of {shown} cells, each to be filled "
                            f"on its own, and no way of sharing out the pieces (sizes "
                            f"{', '.join(map(str, sizes))}) fills each exactly")


def _fills(total: int, sizes: list[int]) -> list[tuple[int, ...]] | None:
    """Every way to write ``total`` as a sum of the sizes (counts of each size); None when there
    are too many to follow."""
    out: list[tuple[int, ...]] = []

    def walk(i: int, left: int, chosen: tuple[int, ...]) -> None:
        if len(out) > PROOF_STATES:
            return
        if i == len(sizes):
            if left == 0:
                out.append(chosen)
            return
        for n in range(left // sizes[i] + 1):
            walk(i + 1, left - n * sizes[i], chosen + (n,))

    walk(0, total, ())
    return None if len(out) > PROOF_STATES else out
