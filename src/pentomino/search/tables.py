"""Packing a puzzle for the kernel: cells numbered in scan order, placements, the symmetry
group as permutations, and the candidate lists the search walks.

Everything the compiled kernel reads is built here, once per puzzle, as a few NumPy arrays
(:class:`KernelTables`, :class:`SymmetryTables`: the kernel's input format, so they are defined
in :mod:`pentomino.search.kernel`, which imports nothing of the package, and named here too).
Nothing here searches.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

import numpy as np
import numpy.typing as npt

from pentomino.errors import InternalError
from pentomino.geometry import Cell, Grid
from pentomino.lazy import lazy
from pentomino.model.puzzle import Puzzle
from pentomino.model.results import Proof
from pentomino.model.symmetry import PuzzleSymmetry
from pentomino.search import kernel

# The kernel's input format, named here too (``X as X``: a name this module exports).
from pentomino.search.kernel import KernelTables as KernelTables
from pentomino.search.kernel import SymmetryTables as SymmetryTables
from pentomino.search.placements import (
    Axes,
    PieceSlot,
    fillable_table,
    free_cells,
    generate_placements,
    piece_slots,
    region_sizes_fillable,
)
from pentomino.search.proofs import area_proof, placements_proof
from pentomino.tuning import LOOKAHEAD, WORD, WORD_PIECES

PackedPlacement = tuple[int, tuple[int, ...]]
"""A placement as the kernel numbers it: (piece index, sorted cell indices)."""


@dataclass
class PackedPuzzle:
    """A puzzle as the kernel sees it, with the names to translate its answers back."""

    cells: list[Cell]               # in scan order: cell i of the kernel is cells[i]
    piece_names: list[str]
    placements: list[PackedPlacement]
    group: list[PuzzleSymmetry]     # the group the search breaks (identity first)
    sym_piece: int                  # piece whose placements are cut to one per orbit, or -1
    check_all: bool                 # no such piece: compare every solution with all of G
    first_piece: int                # piece put down first (forced at the root), or -1
    first_options: list[int]        # its placements that the search tries
    remaining: npt.NDArray[np.int32]  # [T] copies left to place
    slack: npt.NDArray[np.int32]      # [T] copies that may stay unused
    sizes: npt.NDArray[np.int32]      # [T] cells of each piece
    depth: int                      # most placements in one tiling
    lookahead: int
    sym: SymmetryTables
    build_tables: Callable[[], KernelTables] = field(repr=False)
    impossible: Proof | None = None
    """Why the puzzle has no solution, when packing saw it (the area does not match, a piece
    fits nowhere, a cell nothing covers): then there are no placements, and every search finds
    nothing at once."""

    @lazy
    def tables(self) -> KernelTables:
        """The search's tables, built on first use (memoised counting does without them)."""
        return self.build_tables()

    @property
    def words(self) -> int:
        return max(1, (len(self.cells) + WORD - 1) // WORD)

    @lazy
    def empty_board(self) -> npt.NDArray[np.uint64]:
        """The kernel's occupancy words of the empty board: cells >= n read as full; the extra
        words let a placement's window and the look-ahead run past the board. Copy it before
        writing."""
        occ = np.zeros(self.words + self.tables.masks.shape[1] + 1, dtype=np.uint64)
        n = len(self.cells)
        occ[n // WORD] = ~np.uint64(0) << np.uint64(n % WORD)
        occ[n // WORD + 1:] = ~np.uint64(0)
        return occ


def pack(puzzle: Puzzle, group: list[PuzzleSymmetry], *, random: bool = False,
         seed: int | None = None, axes: Axes | None = None) -> PackedPuzzle:
    """Pack ``puzzle`` for a search that counts orbits under ``group``, its cells in scan order
    along ``axes`` (see :func:`~pentomino.search.placements.cell_order`)."""
    cells = free_cells(puzzle, axes)
    index = {c: i for i, c in enumerate(cells)}
    n = len(cells)
    slots, slack = piece_slots(puzzle, n)
    nbr_lists = [sorted(index[m] for m in puzzle.grid.neighbours(c) if m in index) for c in cells]
    cell_nbr = _padded(nbr_lists, n)
    every, placements = _useful_placements(puzzle.grid, frozenset(cells), index, slots, cell_nbr, n)
    # Without the gap test first: a cell no piece can reach is named, not a piece its gap shuts out.
    impossible = (area_proof(puzzle) or placements_proof(cells, slots, slack, every, indices=True)
                  or placements_proof(cells, slots, slack, placements, indices=True))
    if impossible is not None:
        placements = []  # no tiling: the search ends at its first cell, and says so at once
    sym, sym_piece, keep = _symmetry(group, cells, index, slots, slack, placements)
    first = sym_piece if sym_piece >= 0 else _first_piece(slots, slack, placements)
    first_options = [i for i, (t, _) in enumerate(placements) if t == first and keep[i]]
    searched = [i for i, (t, _) in enumerate(placements) if keep[i] and t != first]
    rng = np.random.default_rng(seed) if random else None
    lookahead = LOOKAHEAD if n else 0
    return PackedPuzzle(
        cells=cells, piece_names=[s.name for s in slots], placements=placements,
        group=group, sym_piece=sym_piece, check_all=len(group) > 1 and sym_piece < 0,
        first_piece=first, first_options=first_options,
        remaining=np.array([s.max_copies for s in slots], dtype=np.int32),
        slack=np.array(slack, dtype=np.int32), sizes=np.array([s.size for s in slots], dtype=np.int32),
        depth=n // max(1, min(s.size for s in slots)) + 1, lookahead=lookahead, sym=sym,
        build_tables=partial(_kernel_tables, placements, searched, n, lookahead, rng, nbr_lists,
                             cell_nbr, slots),
        impossible=impossible)


def _symmetry(group: list[PuzzleSymmetry], cells: list[Cell], index: dict[Cell, int], slots: list[PieceSlot],
              slack: list[int], placements: list[PackedPlacement]
              ) -> tuple[SymmetryTables, int, npt.NDArray[np.bool_]]:
    """The group's tables with the stabilisers of the symmetry piece's kept placements, the
    symmetry piece (or -1) and which placements the search keeps (see :func:`_break_symmetry`)."""
    sym = _symmetry_tables(group, cells, index, [s.name for s in slots], placements)
    sym_piece, keep, stabs = _break_symmetry(group, slots, slack, placements, sym.perm)
    stab_ptr = np.zeros(len(placements) + 1, dtype=np.int32)
    stab_elems: list[int] = []
    for i in range(len(placements)):
        stab_elems.extend(stabs.get(i, []))
        stab_ptr[i + 1] = len(stab_elems)
    sym = sym._replace(stab_ptr=stab_ptr, stab_elems=np.array(stab_elems + [0], dtype=np.int32))
    return sym, sym_piece, keep


def _first_piece(slots: list[PieceSlot], slack: list[int], placements: list[PackedPlacement]) -> int:
    """Without a symmetry piece, the piece put down first: the once-used piece with the fewest
    places (constraining the hardest piece at the root prunes most), or -1 if none."""
    once = [t for t, s in enumerate(slots) if s.max_copies == 1 and slack[t] == 0
            and any(pt == t for pt, _ in placements)]
    return min(once, key=lambda t: (sum(pt == t for pt, _ in placements), t)) if once else -1


def _kernel_tables(placements: list[PackedPlacement], searched: list[int], n: int, lookahead: int,
                   rng: np.random.Generator | None, nbr_lists: list[list[int]], cell_nbr: npt.NDArray[np.int32],
                   slots: list[PieceSlot]) -> KernelTables:
    pocket = max(s.size for s in slots) + 1  # pockets smaller than the largest piece are tested
    masks, pl_word, pl_piece, pl_cells = _placement_arrays(placements)
    cand, cand_piece, cand_bit, cand_cells, key_start = _candidate_lists(placements, searched, n, lookahead, rng)
    lone_step, lone_mask, lone_safe = _lone_cell_tables(nbr_lists, n)
    return KernelTables(
        masks=masks, pl_word=pl_word, pl_piece=pl_piece, pl_cells=pl_cells,
        cand=cand, cand_piece=cand_piece, cand_bit=cand_bit, cand_cells=cand_cells, key_start=key_start,
        pl_nbr=_padded([sorted({m for c in cs for m in nbr_lists[c] if m not in cs and m > cs[0]})
                        for _, cs in placements], len(placements)),
        cell_nbr=cell_nbr,
        fillable=np.array(region_sizes_fillable(slots, pocket)[:pocket], dtype=np.bool_),
        lone_step=lone_step, lone_mask=lone_mask, lone_safe=lone_safe,
        one_word=len(slots) <= WORD_PIECES and all(cs[-1] - cs[0] < WORD for _, cs in placements),
    )


def _padded(lists: Sequence[Sequence[int]], rows: int) -> npt.NDArray[np.int32]:
    """The lists as the rows of an int32 array, -1 after each list's end (at least 1x1)."""
    width = max(max((len(x) for x in lists), default=1), 1)
    out = np.full((max(rows, 1), width), -1, dtype=np.int32)
    if lists:
        out[:len(lists)] = np.array([list(x) + [-1] * (width - len(x)) for x in lists], dtype=np.int32)
    return out


def _useful_placements(grid: Grid, free: frozenset[Cell], index: dict[Cell, int], slots: list[PieceSlot],
                       cell_nbr: npt.NDArray[np.int32], n: int
                       ) -> tuple[list[PackedPlacement], list[PackedPlacement]]:
    """Every placement as (piece, sorted cell indices); and, sorted by first cell then piece,
    those that do not cut off a region nothing can fill."""
    raw = [(t, tuple(sorted(index[c] for c in cells)))
           for t, cells in (generate_placements(grid, free, slots) if n else [])]
    useful = raw
    if raw:
        dead = kernel._dead_placements(_padded([cs for _, cs in raw], len(raw)),
                                  np.array([t for t, _ in raw], dtype=np.int32),
                                  cell_nbr, fillable_table(slots, n))
        useful = [p for p, d in zip(raw, dead, strict=True) if not d]
    return raw, sorted(useful, key=lambda p: (p[1][0], p[0], p[1]))


def _symmetry_tables(group: list[PuzzleSymmetry], cells: list[Cell], index: dict[Cell, int], names: list[str],
                     placements: list[PackedPlacement]) -> SymmetryTables:
    """The group as permutations of cells and of placements. A placement's image is found by
    matching rows (piece, sorted cells) with NumPy, all group elements at once."""
    G, P, n = len(group), len(placements), len(cells)
    perm = np.zeros((G, max(P, 1)), dtype=np.int32)
    cell_pre = np.zeros((G, max(n, 1)), dtype=np.int32)
    to = np.zeros((G, n + 1), dtype=np.int32)  # the image of each cell; n (padding) stays n
    to[:, n] = n
    name_index = {nm: t for t, nm in enumerate(names)}
    piece_to = np.array([[name_index[g.piece_map[nm]] for nm in names] for g in group], dtype=np.int32)
    for gi, g in enumerate(group):
        to[gi, :n] = [index[g.cell_map[c]] for c in cells]
        cell_pre[gi, to[gi, :n]] = np.arange(n, dtype=np.int32)
    if P:
        rows = np.full((P, 1 + max(len(cs) for _, cs in placements)), n, dtype=np.int32)
        rows[:, 0] = [t for t, _ in placements]
        for i, (_, cs) in enumerate(placements):
            rows[i, 1:len(cs) + 1] = cs
        images = np.empty((G, P, rows.shape[1]), dtype=np.int32)
        images[:, :, 0] = piece_to[:, rows[:, 0]]
        images[:, :, 1:] = np.sort(to[:, rows[:, 1:]], axis=2)
        # Rows are matched by a 64-bit hash (wrapping products), and every match is checked.
        mix = np.random.default_rng(0).integers(1, 1 << 62, size=rows.shape[1], dtype=np.int64) | 1
        keys = rows.astype(np.int64) @ mix
        order = np.argsort(keys, kind="stable")
        at = np.searchsorted(keys[order], images.astype(np.int64) @ mix).clip(0, P - 1)
        perm[:, :P] = order[at]
        if not (rows[perm[:, :P]] == images).all():
            raise InternalError("a symmetry maps a placement onto no placement, or a hash collided")
    return SymmetryTables(perm, cell_pre, np.zeros(1, dtype=np.int32), np.zeros(1, dtype=np.int32),
                          np.array([int(g.proper) for g in group], dtype=np.int64))


def _break_symmetry(group: list[PuzzleSymmetry], slots: list[PieceSlot], slack: list[int],
                    placements: list[PackedPlacement], perm: npt.NDArray[np.int32]
                    ) -> tuple[int, npt.NDArray[np.bool_], dict[int, list[int]]]:
    """Choose the symmetry piece; keep one placement per orbit of it (the first in scan order,
    so it constrains the search early) and list each kept one's stabiliser."""
    P = len(placements)
    keep = np.ones(P, dtype=bool)
    if len(group) < 2:
        return -1, keep, {}
    perm = perm[:, :P]
    piece = np.array([t for t, _ in placements], dtype=np.int32)
    first = perm.min(axis=0)  # the first placement of each one's orbit
    fixed = (perm[1:] == np.arange(P)).any(axis=0)  # held in place by some symmetry
    best, best_key = -1, None
    for t, s in enumerate(slots):
        if s.max_copies != 1 or slack[t] != 0 or any(g.piece_map[s.name] != s.name for g in group):
            continue
        reps = np.unique(first[piece == t])
        if not len(reps):
            continue
        key = (len(reps), int(fixed[reps].sum()))  # fewest branches at the root, then fewest on an axis
        if best_key is None or key < best_key:
            best, best_key = t, key
    stabs = {}
    if best >= 0:
        for i in np.flatnonzero(piece == best):
            keep[i] = i == first[i]
            if keep[i]:
                stabs[int(i)] = [g for g in range(1, len(group)) if perm[g, i] == i]
    return best, keep, stabs


def bit_windows(lists: Sequence[Sequence[int]], origins: Sequence[int] | npt.NDArray[np.int64],
                words: int) -> npt.NDArray[np.uint64]:
    """uint64[len(lists), words]: row i has bit c - origins[i] set (counted across the words,
    least significant first) for each cell c of lists[i]. How every placement mask is packed:
    the kernel's (from the word of its first cell), its candidates' (from the first cell) and
    the memoised count's options (from the first cell)."""
    out = np.zeros((max(len(lists), 1), max(words, 1)), dtype=np.uint64)
    if len(lists):
        row = np.repeat(np.arange(len(lists)), [len(x) for x in lists])
        offset = np.fromiter((c for x in lists for c in x), dtype=np.int64, count=len(row)) \
            - np.repeat(np.asarray(origins, dtype=np.int64), [len(x) for x in lists])
        np.bitwise_or.at(out, (row, offset // WORD), np.left_shift(np.uint64(1), (offset % WORD).astype(np.uint64)))
    return out


def _placement_arrays(placements: list[PackedPlacement]) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int32],
                                                                   npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Each placement's cells as bits from the word of its first cell, that word, its piece and
    its cells (-1 padded)."""
    P = len(placements)
    kw = max((cs[-1] // WORD - cs[0] // WORD + 1 for _, cs in placements), default=1)
    pl_word = np.zeros(max(P, 1), dtype=np.int32)
    pl_piece = np.zeros(max(P, 1), dtype=np.int32)
    if P:
        pl_word[:] = [cs[0] // WORD for _, cs in placements]
        pl_piece[:] = [t for t, _ in placements]
    masks = bit_windows([cs for _, cs in placements], pl_word[:P].astype(np.int64) * WORD, kw)
    return masks, pl_word, pl_piece, _padded([cs for _, cs in placements], P)


def _lone_cell_tables(nbr_lists: list[list[int]], n: int
                      ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint64], npt.NDArray[np.uint64]]:
    """Adjacency for the lone-cell test, as the search sees it: four index steps (the most
    common ones: a rectangle of squares has two, 1 and its height; triangles two; hexagons
    three) and, for the 64-cell window from each cell, which cells have their neighbour by
    each step inside the window, and which cells the test must pass unexamined (a neighbour
    past the window or by another step)."""
    pairs: dict[int, int] = {}   # step -> bits x with x, x + step neighbours
    for x, nbrs in enumerate(nbr_lists):
        for y in nbrs:
            if y > x:
                pairs[y - x] = pairs.get(y - x, 0) | (1 << x)
    chosen = sorted((d for d in pairs if d < WORD), key=lambda d: (-pairs[d].bit_count(), d))[:4]
    other_low = other_high = 0   # both ends of the pairs by steps not chosen
    for d, bits in pairs.items():
        if d not in chosen:
            other_low |= bits
            other_high |= bits << d
    steps = np.zeros(4, dtype=np.int64)
    masks = np.zeros((max(n, 1), 4), dtype=np.uint64)
    safe = np.zeros(max(n, 1), dtype=np.uint64)
    word = (1 << 64) - 1
    for c in range(n):
        unsure = ((other_low | other_high) >> c) & word
        for j, d in enumerate(chosen):
            inside = (1 << (64 - d)) - 1     # x + d still in the window
            bits = (pairs[d] >> c) & word
            masks[c, j] = bits & inside
            unsure |= bits & ~inside
        safe[c] = unsure
    steps[:len(chosen)] = chosen
    return steps, masks, safe


def _candidate_lists(placements: list[PackedPlacement], searched: list[int], n: int, lookahead: int,
                     rng: np.random.Generator | None
                     ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.uint8],
                                npt.NDArray[np.uint64], npt.NDArray[np.int32]]:
    """The candidates of each key (cell, occupancy of the next ``lookahead`` cells): the
    searched placements starting at the cell that leave those occupied cells alone, by piece
    (or in a random order with ``rng``). Each list is padded to a multiple of 8 by candidates
    that never fit (-1; piece bit 63: none), so the one-word search's vectorised pass has no
    scalar tail. Built with NumPy, a cell at a time (it is most of the start-up of a count)."""
    keys = 1 << lookahead
    pl_ids = np.asarray(list(searched), dtype=np.int64)
    first = np.array([placements[i][1][0] for i in searched], dtype=np.int64)
    # For each placement: the cells among the next ``lookahead`` after its first, as bits.
    window = np.array([sum(1 << (x - cs[0] - 1) for x in cs[1:] if x <= cs[0] + lookahead)
                       for _, cs in (placements[i] for i in searched)], dtype=np.int64)
    order = np.argsort(first, kind="stable")  # by cell, keeping the search order within one
    bounds = np.searchsorted(first[order], np.arange(n + 1))
    occupancy = np.arange(keys, dtype=np.int64)[:, None]
    lists = []
    key_start = np.zeros(n * keys + 1, dtype=np.int64)
    end = 0
    for c in range(n):
        at = order[bounds[c]:bounds[c + 1]]
        if rng is not None:
            at = at[rng.permutation(len(at))]
        fits = (window[at][None, :] & occupancy) == 0  # [key, candidate]
        sizes = fits.sum(axis=1)
        padded = sizes + (-sizes % 8)
        starts = np.concatenate(([0], np.cumsum(padded)[:-1]))
        out = np.full(int(padded.sum()), -1, dtype=np.int64)
        rows, cols = np.nonzero(fits)  # row by row, each in the cell's order
        rank = np.arange(len(rows)) - np.concatenate(([0], np.cumsum(sizes)[:-1]))[rows]
        out[starts[rows] + rank] = pl_ids[at][cols]
        lists.append(out)
        key_start[c * keys + 1:(c + 1) * keys + 1] = end + np.cumsum(padded)
        end += int(padded.sum())
    cand = np.concatenate(lists + [np.zeros(1, dtype=np.int64)]) if lists else np.zeros(1, dtype=np.int64)
    # What each placement contributes to a candidate, looked up by id (the padding last, at -1).
    many = max((t for t, _ in placements), default=0) >= WORD_PIECES
    piece = np.array([t for t, _ in placements] + [0], dtype=np.int32)
    bit = np.array([63 if many else t for t, _ in placements] + [63], dtype=np.uint8)
    narrow = [cs if cs[-1] - cs[0] < WORD else () for _, cs in placements]
    cells = np.concatenate([bit_windows(narrow, [cs[0] for _, cs in placements], 1)[:len(placements), 0],
                            np.zeros(1, dtype=np.uint64)])
    ids = np.where(cand >= 0, cand, len(placements))
    ids[-1] = len(placements)  # the end marker reads as padding
    cand_bit = bit[ids]
    cand_bit[-1] = 0
    return (cand.astype(np.int32), piece[ids], cand_bit, cells[ids], key_start.astype(np.int32))
