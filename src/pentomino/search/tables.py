"""Packing a puzzle for the kernel: cells numbered in scan order, placements, the symmetry
group as permutations, and the candidate lists the search walks.

Everything the compiled kernel reads is built here, once per puzzle, as a few NumPy arrays
(:class:`KernelTables`, :class:`SymmetryTables`: the kernel's input format, so they are defined
in :mod:`pentomino.search.kernel`, which imports nothing of the package, and named here too).
Nothing here searches.

The loops that build them are compiled too (``_placement_images``, ``_candidate_rows``,
``_placement_neighbours``, ``_lone_cell_tables``, ``_bit_windows``, with the placements'
builders in :mod:`pentomino.search.placements`): a fresh 6x10 is packed in about 2 ms, where
Python that looked up cells one by one took 30 (``bench/tables.py``). A placement is two
arrays (``PackedPuzzle.piece_of``, ``cells_of``); the list of tuples the slower paths read is
made on first use.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

import numpy as np
import numpy.typing as npt

from pentomino.errors import InternalError
from pentomino.geometry import Cell
from pentomino.lazy import lazy
from pentomino.model.puzzle import Puzzle
from pentomino.model.results import Proof
from pentomino.model.rules import constraints
from pentomino.model.symmetry import PuzzleSymmetry
from pentomino.search import kernel
from pentomino.search.jit import Int, compiled
from pentomino.search.kernel import ALIAS

# The kernel's input format, named here too (``X as X``: a name this module exports).
from pentomino.search.kernel import KernelTables as KernelTables
from pentomino.search.kernel import SymmetryTables as SymmetryTables
from pentomino.search.placements import (
    Axes,
    CellBox,
    PieceSlot,
    fillable_table,
    free_cells,
    neighbour_lists,
    piece_slots,
    placement_arrays,
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
    piece_of: npt.NDArray[np.int32]   # [P] each placement's piece
    cells_of: npt.NDArray[np.int32]   # [P, widest] its cells, ascending, -1 after the last
    group: list[PuzzleSymmetry]     # the group the search breaks (identity first)
    sym_piece: int                  # piece whose placements are cut to one per orbit, or -1
    second_piece: int               # piece cut to one placement per orbit in restricted parts, or -1
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
    def placements(self) -> list[PackedPlacement]:
        """Each placement as (piece index, sorted cell indices), by id (built on first use)."""
        return [(t, tuple(c for c in row if c >= 0)) for t, row in zip(self.piece_of.tolist(),
                                                                        self.cells_of.tolist(), strict=True)]

    def placement(self, i: int) -> PackedPlacement:
        """Placement ``i`` as (piece index, sorted cell indices)."""
        row = self.cells_of[i]
        return int(self.piece_of[i]), tuple(int(c) for c in row[row >= 0])

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
         seed: int | None = None, axes: Axes | None = None, shared: bool = False) -> PackedPuzzle:
    """Pack ``puzzle`` for a search that counts orbits under ``group``, its cells in scan order
    along ``axes`` (see :func:`~pentomino.search.placements.cell_order`).

    ``shared``: tables for the searches of many puzzles that each leave some of this board's
    cells open (filled before the search starts: :mod:`pentomino.search.batch`). No placement
    is left out because it cuts off a region or by a proof: with a cell open the region and
    the proof may be another."""
    cells = free_cells(puzzle, axes)
    index = {c: i for i, c in enumerate(cells)}
    n = len(cells)
    slots, slack = piece_slots(puzzle, n)
    box = CellBox.of(cells, puzzle.grid.dims)
    cell_nbr = neighbour_lists(puzzle.grid, box, puzzle.surface)
    every_piece, every_cells = placement_arrays(puzzle.grid, cells, slots, box, puzzle.surface)
    dead = kernel._dead_placements(every_cells, every_piece, cell_nbr, fillable_table(slots, n)) \
        if len(every_piece) and not shared else np.zeros(len(every_piece), dtype=np.bool_)
    piece_of, cells_of = every_piece[~dead], every_cells[~dead]
    # Without the gap test first: a cell no piece can reach is named, not a piece its gap shuts out.
    impossible = None if shared else (
        area_proof(puzzle) or placements_proof(cells, slots, slack, every_piece, every_cells)
        or placements_proof(cells, slots, slack, piece_of, cells_of))
    if impossible is not None:  # no tiling: the search ends at its first cell, and says so at once
        piece_of, cells_of = piece_of[:0], cells_of[:0]
    sym, sym_piece, keep = _symmetry(group, cells, index, slots, slack, piece_of, cells_of)
    rules = _rule_tables(puzzle, index)
    one_word = len(slots) <= ALIAS and bool((cells_of.max(axis=1, initial=0) - cells_of[:, 0] < WORD).all()) \
        if len(piece_of) else False
    sym, second, bit_of = _second_piece(group, slots, slack, piece_of, sym, sym_piece, keep, one_word)
    # A batch's searches put no piece down first: on A-Puzzle-A-Day's year 8.7 million nodes
    # against 12.7 million with the rectangle first in each of its places (see search.batch).
    first = sym_piece if sym_piece >= 0 else -1 if shared else _first_piece(slots, slack, piece_of)
    first_options = np.flatnonzero(keep & (piece_of == first)).tolist()
    searched = np.flatnonzero(keep & (piece_of != first))
    rng = np.random.default_rng(seed) if random else None
    lookahead = LOOKAHEAD if n else 0
    return PackedPuzzle(
        cells=cells, piece_names=[s.name for s in slots], piece_of=piece_of, cells_of=cells_of,
        group=group, sym_piece=sym_piece, second_piece=second, check_all=len(group) > 1 and sym_piece < 0,
        first_piece=first, first_options=first_options,
        remaining=np.array([s.max_copies for s in slots], dtype=np.int32),
        slack=np.array(slack, dtype=np.int32), sizes=np.array([s.size for s in slots], dtype=np.int32),
        depth=n // max(1, min(s.size for s in slots)) + 1, lookahead=lookahead, sym=sym,
        build_tables=partial(_kernel_tables, piece_of, cells_of, searched, n, lookahead, rng, cell_nbr, slots,
                             bit_of, rules),
        impossible=impossible)


def _symmetry(group: list[PuzzleSymmetry], cells: list[Cell], index: dict[Cell, int], slots: list[PieceSlot],
              slack: list[int], piece_of: npt.NDArray[np.int32], cells_of: npt.NDArray[np.int32]
              ) -> tuple[SymmetryTables, int, npt.NDArray[np.bool_]]:
    """The group's tables with the stabilisers of the symmetry piece's kept placements, the
    symmetry piece (or -1) and which placements the search keeps (see :func:`_break_symmetry`)."""
    sym = _symmetry_tables(group, cells, index, [s.name for s in slots], piece_of, cells_of)
    sym_piece, keep, stabs = _break_symmetry(group, slots, slack, piece_of, sym.perm)
    stab_ptr = np.zeros(len(piece_of) + 1, dtype=np.int32)
    stab_elems: list[int] = []
    for i in sorted(stabs):
        stab_elems.extend(stabs[i])
        stab_ptr[i + 1] = len(stabs[i])
    np.cumsum(stab_ptr, out=stab_ptr)
    sym = sym._replace(stab_ptr=stab_ptr, stab_elems=np.array(stab_elems + [0], dtype=np.int32))
    return sym, sym_piece, keep


def _second_piece(group: list[PuzzleSymmetry], slots: list[PieceSlot], slack: list[int],
                  piece_of: npt.NDArray[np.int32], sym: SymmetryTables, sym_piece: int, keep: npt.NDArray[np.bool_],
                  one_word: bool) -> tuple[SymmetryTables, int, npt.NDArray[np.uint8]]:
    """Break what symmetry the symmetry piece leaves (see "Symmetry" in
    :mod:`pentomino.search.kernel`): in the parts whose symmetry piece sits on its most common
    non-trivial stabiliser H (on an axis of the board), a second piece used once and mapped to
    itself by H is put only on the first placement of each of its orbits under H, and a
    solution is compared with its images under the elements of H that fix that placement too.
    The left-out placements get the candidate bit :data:`~pentomino.search.kernel.ALIAS`.

    Returns the symmetry tables with the restriction, the second piece (or -1) and each
    placement's candidate bit (its piece's, or the alias)."""
    P = len(piece_of)
    bit_of = piece_of.astype(np.uint8)
    none = (sym._replace(restricted=np.zeros(max(P, 1), dtype=np.int8), second_ptr=np.zeros(P + 1, dtype=np.int32),
                         second_elems=np.zeros(1, dtype=np.int32)), -1, bit_of)
    if sym_piece < 0 or not one_word or P == 0:
        return none
    roots = [i for i in np.flatnonzero(keep & (piece_of == sym_piece)).tolist()
             if sym.stab_ptr[i + 1] > sym.stab_ptr[i]]
    if not roots:
        return none
    stabs = [tuple(sym.stab_elems[sym.stab_ptr[i]:sym.stab_ptr[i + 1]].tolist()) for i in roots]
    h = max(set(stabs), key=lambda x: (stabs.count(x), x))  # the most common stabiliser
    places = np.bincount(piece_of, minlength=len(slots))
    eligible = [t for t, s in enumerate(slots) if t != sym_piece and s.max_copies == 1 and slack[t] == 0
                and places[t] and all(group[g].piece_map[s.name] == s.name for g in h)]
    if not eligible:
        return none
    second = max(eligible, key=lambda t: (places[t], -t))  # the most placements: the most to leave out
    perm = sym.perm[:, :P]
    mine = np.flatnonzero(piece_of == second)
    first = perm[list(h)][:, mine].min(axis=0)
    left_out = mine[first < mine]
    bit_of[left_out] = ALIAS
    second_ptr = np.zeros(P + 1, dtype=np.int32)
    elems: list[int] = []
    for y in mine[first >= mine].tolist():
        fixing = [g for g in h if perm[g, y] == y]
        elems.extend(fixing)
        second_ptr[y + 1] = len(fixing)
    np.cumsum(second_ptr, out=second_ptr)
    restricted = np.zeros(max(P, 1), dtype=np.int8)
    restricted[[i for i, st in zip(roots, stabs, strict=True) if st == h]] = 1
    return (sym._replace(restricted=restricted, second_ptr=second_ptr,
                         second_elems=np.array(elems + [0], dtype=np.int32)), second, bit_of)


def _first_piece(slots: list[PieceSlot], slack: list[int], piece_of: npt.NDArray[np.int32]) -> int:
    """Without a symmetry piece, the piece put down first: the once-used piece with the fewest
    places (constraining the hardest piece at the root prunes most), or -1 if none."""
    places = np.bincount(piece_of, minlength=len(slots))
    once = [t for t, s in enumerate(slots) if s.max_copies == 1 and slack[t] == 0 and places[t]]
    return min(once, key=lambda t: (places[t], t)) if once else -1


RuleTables = tuple[npt.NDArray[np.int8], npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32]]
"""The tiling rules' constraints as the kernel reads them: rule_kind, rule_ptr, rule_cells, rule_at
(see :class:`KernelTables`)."""


def _rule_tables(puzzle: Puzzle, index: dict[Cell, int]) -> RuleTables:
    """The constraints of the puzzle's tiling rules (:mod:`pentomino.model.rules`), ordered by
    the cell that decides each: its last free cell in scan order (a cell of pre-placed piece k
    is numbered n + k, and decides nothing)."""
    n = len(index)
    number = dict(index)
    for k, pl in enumerate(puzzle.preplaced):
        number.update(dict.fromkeys(pl.cells, n + k))
    decided: list[tuple[int, int, list[int]]] = []  # (deciding cell or -1, kind, cells)
    for con in constraints(puzzle.rules, puzzle.grid, puzzle.board):
        cells = [number[c] for c in con.cells]
        decided.append((max((c for c in cells if c < n), default=-1), con.kind, cells))
    decided.sort(key=lambda d: d[0])
    kind = np.array([d[1] for d in decided], dtype=np.int8)
    ptr = np.zeros(len(decided) + 1, dtype=np.int32)
    ptr[1:] = np.cumsum([len(d[2]) for d in decided])
    members = np.array([c for d in decided for c in d[2]], dtype=np.int32)
    at = np.searchsorted(np.array([d[0] for d in decided], dtype=np.int64), np.arange(-1, n + 1)).astype(np.int32)
    return kind, ptr, members, at


def _kernel_tables(piece_of: npt.NDArray[np.int32], cells_of: npt.NDArray[np.int32], searched: npt.NDArray[np.int64],
                   n: int, lookahead: int, rng: np.random.Generator | None, cell_nbr: npt.NDArray[np.int32],
                   slots: list[PieceSlot], bit_of: npt.NDArray[np.uint8], rules: RuleTables) -> KernelTables:
    pocket = max(s.size for s in slots) + 1  # pockets smaller than the largest piece are tested
    masks, pl_word, pl_piece, pl_cells = _placement_arrays(piece_of, cells_of)
    cand, cand_piece, cand_bit, cand_cells, key_start = _candidate_lists(piece_of, bit_of, cells_of, searched, n,
                                                                         lookahead, rng)
    lone_step, lone_mask, lone_safe = _lone_cell_tables(cell_nbr)
    span = cells_of.max(axis=1, initial=0) - cells_of[:, 0] if len(cells_of) else np.zeros(0, dtype=np.int32)
    return KernelTables(
        masks=masks, pl_word=pl_word, pl_piece=pl_piece, pl_cells=pl_cells,
        cand=cand, cand_piece=cand_piece, cand_bit=cand_bit, cand_cells=cand_cells, key_start=key_start,
        pl_nbr=_placement_neighbours(pl_cells, cell_nbr),
        cell_nbr=cell_nbr,
        fillable=np.array(region_sizes_fillable(slots, pocket)[:pocket], dtype=np.bool_),
        lone_step=lone_step, lone_mask=lone_mask, lone_safe=lone_safe,
        rule_kind=rules[0], rule_ptr=rules[1], rule_cells=rules[2], rule_at=rules[3],
        one_word=len(slots) <= WORD_PIECES and bool((span < WORD).all()),
    )


def _padded(lists: Sequence[Sequence[int]], rows: int) -> npt.NDArray[np.int32]:
    """The lists as the rows of an int32 array, -1 after each list's end (at least 1x1)."""
    width = max(max((len(x) for x in lists), default=1), 1)
    out = np.full((max(rows, 1), width), -1, dtype=np.int32)
    if lists:
        out[:len(lists)] = np.array([list(x) + [-1] * (width - len(x)) for x in lists], dtype=np.int32)
    return out


def _symmetry_tables(group: list[PuzzleSymmetry], cells: list[Cell], index: dict[Cell, int], names: list[str],
                     piece_of: npt.NDArray[np.int32], cells_of: npt.NDArray[np.int32]) -> SymmetryTables:
    """The group as permutations of cells and of placements (:func:`_placement_images`)."""
    G, P, n = len(group), len(piece_of), len(cells)
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
        keys = np.random.default_rng(0x5EED).integers(0, 2**63, size=n + 1 + piece_to.shape[1], dtype=np.uint64)
        perm[:, :P] = _placement_images(piece_of, cells_of, to, piece_to, keys[:n + 1], keys[n + 1:])
        if (perm[:, :P] < 0).any():
            raise InternalError("a symmetry maps a placement onto no placement")
    return SymmetryTables(perm, cell_pre, np.zeros(1, dtype=np.int32), np.zeros(1, dtype=np.int32),
                          np.array([int(g.proper) for g in group], dtype=np.int64), np.zeros(max(P, 1), dtype=np.int8),
                          np.zeros(P + 1, dtype=np.int32), np.zeros(1, dtype=np.int32))


@compiled(cache=True)
def _placement_images(piece_of: npt.NDArray[np.int32], cells_of: npt.NDArray[np.int32], to: npt.NDArray[np.int32],
                      piece_to: npt.NDArray[np.int32], cell_key: npt.NDArray[np.uint64],
                      piece_key: npt.NDArray[np.uint64]) -> npt.NDArray[np.int32]:
    """perm[g, p]: the id of placement p's image under group element g (cell c goes to
    ``to[g, c]``, piece t to ``piece_to[g, t]``), -1 if it is no placement.

    A placement's hash is the XOR of its piece's key and its cells' keys (random 64-bit
    values, ``cell_key[c]`` and ``piece_key[t]``, drawn by the caller from a fixed seed): the
    image's hash needs no sorting, only the images of the cells. The placements sit in an
    open-addressed table by hash; a hit is confirmed by piece and cells (a placement's cells
    are as many as its image's), so a collision of hashes costs a probe, never a wrong id."""
    G = to.shape[0]
    P, width = cells_of.shape
    slots = 1
    while slots < 2 * P:
        slots *= 2
    mask = np.uint64(slots - 1)
    table = np.full(slots, -1, dtype=np.int32)
    for p in range(P):
        h = piece_key[piece_of[p]]
        for j in range(width):
            c = cells_of[p, j]
            if c < 0:
                break
            h ^= cell_key[c]
        i = h & mask
        while table[i] >= 0:
            i = (i + np.uint64(1)) & mask
        table[i] = p
    perm = np.full((G, P), -1, dtype=np.int32)
    for g in range(G):
        for p in range(P):
            t = piece_to[g, piece_of[p]]
            h = piece_key[t]
            for j in range(width):
                c = cells_of[p, j]
                if c < 0:
                    break
                h ^= cell_key[to[g, c]]
            i = h & mask
            while table[i] >= 0:
                q = table[i]
                same = piece_of[q] == t
                j = 0
                while same and j < width and cells_of[p, j] >= 0:
                    x = to[g, cells_of[p, j]]
                    found = False
                    for k in range(width):
                        if cells_of[q, k] == x:
                            found = True
                            break
                    same = found
                    j += 1
                if same:
                    perm[g, p] = q
                    break
                i = (i + np.uint64(1)) & mask
    return perm


def _break_symmetry(group: list[PuzzleSymmetry], slots: list[PieceSlot], slack: list[int],
                    piece: npt.NDArray[np.int32], perm: npt.NDArray[np.int32]
                    ) -> tuple[int, npt.NDArray[np.bool_], dict[int, list[int]]]:
    """Choose the symmetry piece; keep one placement per orbit of it (the first in scan order,
    so it constrains the search early) and list each kept one's stabiliser."""
    P = len(piece)
    keep = np.ones(P, dtype=bool)
    if len(group) < 2:
        return -1, keep, {}
    perm = perm[:, :P]
    first = perm.min(axis=0)  # the first placement of each one's orbit
    fixed = (perm[1:] == np.arange(P)).any(axis=0)  # held in place by some symmetry
    # A candidate piece is mapped onto itself by the group: its orbits hold only its own
    # placements, each orbit counted once by its first.
    own = first == np.arange(P)
    orbits = np.bincount(piece[own], minlength=len(slots))
    on_axis = np.bincount(piece[own & fixed], minlength=len(slots))
    best, best_key = -1, None
    for t, s in enumerate(slots):
        if s.max_copies != 1 or slack[t] != 0 or not orbits[t] \
                or any(g.piece_map[s.name] != s.name for g in group):
            continue
        key = (int(orbits[t]), int(on_axis[t]))  # fewest branches at the root, then fewest on an axis
        if best_key is None or key < best_key:
            best, best_key = t, key
    stabs = {}
    if best >= 0:
        mine = piece == best
        keep[mine] = own[mine]
        for i in np.flatnonzero(mine & own).tolist():
            stabs[i] = (np.flatnonzero(perm[1:, i] == i) + 1).tolist()
    return best, keep, stabs


def bit_windows(lists: Sequence[Sequence[int]], origins: Sequence[int] | npt.NDArray[np.int64],
                words: int) -> npt.NDArray[np.uint64]:
    """uint64[len(lists), words]: row i has bit c - origins[i] set (counted across the words,
    least significant first) for each cell c of lists[i] (see :func:`_bit_windows`)."""
    return _bit_windows(_padded(lists, len(lists)), np.asarray(origins, dtype=np.int64), words)


@compiled(cache=True)
def _bit_windows(rows: npt.NDArray[np.int32], origins: npt.NDArray[np.int64], words: Int) -> npt.NDArray[np.uint64]:
    """uint64[len(origins), words] (at least 1x1): row i has bit c - origins[i] set (counted
    across the words, least significant first) for each cell c >= 0 of ``rows[i]`` that falls
    in them. How every placement mask is packed: the kernel's (from the word of its first
    cell), its candidates' (from the first cell) and the memoised count's options (from the
    first cell)."""
    out = np.zeros((max(len(origins), 1), max(words, 1)), dtype=np.uint64)
    for i in range(len(origins)):
        for j in range(rows.shape[1]):
            c = rows[i, j]
            if c < 0:
                break
            bit = c - origins[i]
            if 0 <= bit < WORD * words:
                out[i, bit // WORD] |= np.uint64(1) << np.uint64(bit % WORD)
    return out


def _placement_arrays(piece_of: npt.NDArray[np.int32], cells_of: npt.NDArray[np.int32]
                      ) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int32], npt.NDArray[np.int32],
                                 npt.NDArray[np.int32]]:
    """Each placement's cells as bits from the word of its first cell, that word, its piece and
    its cells (-1 padded)."""
    P = len(piece_of)
    last = cells_of.max(axis=1, initial=0) if P else np.zeros(0, dtype=np.int32)
    kw = int((last // WORD - cells_of[:, 0] // WORD).max(initial=0)) + 1 if P else 1
    pl_word = np.zeros(max(P, 1), dtype=np.int32)
    pl_piece = np.zeros(max(P, 1), dtype=np.int32)
    pl_cells = np.full((max(P, 1), max(cells_of.shape[1], 1)), -1, dtype=np.int32)
    pl_word[:P] = cells_of[:, 0] // WORD
    pl_piece[:P] = piece_of
    pl_cells[:P] = cells_of
    masks = _bit_windows(cells_of, pl_word[:P].astype(np.int64) * WORD, kw)
    return masks, pl_word, pl_piece, pl_cells


@compiled(cache=True)
def _placement_neighbours(pl_cells: npt.NDArray[np.int32], cell_nbr: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
    """Each placement's neighbours after its first cell, ascending, -1 padded (the kernel's
    ``pl_nbr``: where its pocket tests start): the cells next to it, not in it, past its first."""
    rows, width = pl_cells.shape
    found = np.full((rows, width * cell_nbr.shape[1]), -1, dtype=np.int32)
    widest = 1
    for p in range(rows):
        k = 0
        for j in range(width):
            c = pl_cells[p, j]
            if c < 0:
                break
            for m in range(cell_nbr.shape[1]):
                x = cell_nbr[c, m]
                if x < 0:
                    break
                if x <= pl_cells[p, 0]:
                    continue
                inside = False
                for jj in range(width):
                    if pl_cells[p, jj] == x:
                        inside = True
                        break
                at = k  # insertion, once each: the row stays sorted
                while at > 0 and found[p, at - 1] > x:
                    at -= 1
                if inside or (at > 0 and found[p, at - 1] == x):
                    continue
                for q in range(k, at, -1):
                    found[p, q] = found[p, q - 1]
                found[p, at] = x
                k += 1
        widest = max(widest, k)
    out: npt.NDArray[np.int32] = found[:, :widest].copy()
    return out


@compiled(cache=True)
def _lone_cell_tables(cell_nbr: npt.NDArray[np.int32]
                      ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint64], npt.NDArray[np.uint64]]:
    """Adjacency for the lone-cell test, as the search sees it: four index steps (the most
    common ones: a rectangle of squares has two, 1 and its height; triangles two; hexagons
    three) and, for the 64-cell window from each cell, which cells have their neighbour by
    each step inside the window, and which cells the test must pass unexamined (a neighbour
    past the window or by another step)."""
    n, degree = cell_nbr.shape
    pairs = np.zeros(n + 1, dtype=np.int64)  # pairs[d]: neighbours x, x + d
    for x in range(n):
        for m in range(degree):
            y = cell_nbr[x, m]
            if y > x:
                pairs[y - x] += 1
    steps = np.zeros(4, dtype=np.int64)
    slot = np.full(n + 1, -1, dtype=np.int64)  # which of the steps d is, or -1
    for j in range(4):  # the most pairs first, then the shorter step
        best = 0
        for d in range(1, min(n + 1, WORD)):
            if pairs[d] > 0 and slot[d] < 0 and (best == 0 or pairs[d] > pairs[best]):
                best = d
        if best == 0:
            break
        steps[j] = best
        slot[best] = j
    masks = np.zeros((max(n, 1), 4), dtype=np.uint64)
    safe = np.zeros(max(n, 1), dtype=np.uint64)
    for c in range(n):
        for x in range(c, min(n, c + WORD)):
            bit = np.uint64(1) << np.uint64(x - c)
            for m in range(degree):
                y = cell_nbr[x, m]
                if y < 0:
                    break
                d = abs(y - x)
                if slot[d] < 0:
                    safe[c] |= bit  # an end of a pair by a step not chosen
                elif y > x:
                    if x - c < WORD - d:
                        masks[c, slot[d]] |= bit
                    else:
                        safe[c] |= bit  # its neighbour is past the window
    return steps, masks, safe


def _candidate_lists(piece_of: npt.NDArray[np.int32], bit_of: npt.NDArray[np.uint8], cells_of: npt.NDArray[np.int32],
                     searched: npt.NDArray[np.int64], n: int, lookahead: int, rng: np.random.Generator | None
                     ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.uint8],
                                npt.NDArray[np.uint64], npt.NDArray[np.int32]]:
    """The candidates of each key (cell, occupancy of the next ``lookahead`` cells): the
    searched placements starting at the cell that leave those occupied cells alone, by piece
    (or in a random order with ``rng``), and what each contributes (:func:`_candidate_rows`)."""
    order = searched  # placements are sorted by first cell: so are the searched ones
    if rng is not None:
        bounds = np.searchsorted(cells_of[searched, 0], np.arange(n + 1))
        order = np.concatenate([searched[bounds[c]:bounds[c + 1]][rng.permutation(bounds[c + 1] - bounds[c])]
                                for c in range(n)] + [np.zeros(0, dtype=np.int64)])
    return _candidate_rows(piece_of, bit_of, cells_of, order, n, lookahead,
                           int(piece_of.max(initial=0)) >= WORD_PIECES)


@compiled(cache=True)
def _candidate_rows(piece_of: npt.NDArray[np.int32], bit_of: npt.NDArray[np.uint8], cells_of: npt.NDArray[np.int32],
                    order: npt.NDArray[np.int64],
                    n: Int, lookahead: Int, many: bool
                    ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.uint8],
                               npt.NDArray[np.uint64], npt.NDArray[np.int32]]:
    """The lists of :func:`_candidate_lists`: ``order`` (placement ids, by first cell) split by
    first cell and by key. Each list is padded to a multiple of 8 by candidates that never fit
    (-1; piece bit 63: none), so the one-word search's vectorised pass has no scalar tail; an
    end marker after the last. Returns (cand, its pieces, their bits (63 for all with ``many``
    pieces), their cells as bits from the first (0 if they span a word or more), key_start
    [n * keys + 1])."""
    keys = 1 << lookahead
    # For each placement in order: its first cell, and its cells among the next ``lookahead``.
    # Its cells as bits from the first, unless it spans a word or more.
    first = np.empty(len(order), dtype=np.int64)
    window = np.zeros(len(order), dtype=np.int64)
    bits = np.zeros(len(order), dtype=np.uint64)
    for i in range(len(order)):
        p = order[i]
        first[i] = cells_of[p, 0]
        for j in range(cells_of.shape[1]):
            x = cells_of[p, j] - first[i]
            if x < 0:
                break
            if 0 < x <= lookahead:
                window[i] |= 1 << (x - 1)
            if x >= WORD:
                bits[i] = 0
                break
            bits[i] |= np.uint64(1) << np.uint64(x)
    key_start = np.zeros(n * keys + 1, dtype=np.int32)
    total = 0
    at = 0
    for c in range(n):  # sizes first
        end = at
        while end < len(order) and first[end] == c:
            end += 1
        for key in range(keys):
            size = 0
            for i in range(at, end):
                if window[i] & key == 0:
                    size += 1
            total += size + (-size % 8)
            key_start[c * keys + key + 1] = total
        at = end
    cand = np.full(total + 1, -1, dtype=np.int32)
    cand_piece = np.zeros(total + 1, dtype=np.int32)
    cand_bit = np.full(total + 1, 63, dtype=np.uint8)
    cand_cells = np.zeros(total + 1, dtype=np.uint64)
    cand[total] = 0  # the end marker: read as padding
    cand_bit[total] = 0
    at = 0
    for c in range(n):
        end = at
        while end < len(order) and first[end] == c:
            end += 1
        for key in range(keys):
            k = key_start[c * keys + key]
            for i in range(at, end):
                if window[i] & key == 0:
                    p = order[i]
                    cand[k] = p
                    cand_piece[k] = piece_of[p]
                    if not many:
                        cand_bit[k] = bit_of[p]
                    cand_cells[k] = bits[i]
                    k += 1
        at = end
    return cand, cand_piece, cand_bit, cand_cells, key_start
