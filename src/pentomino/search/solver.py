"""The public face of the search: validate, pack the puzzle into arrays, run the kernel in
resumable chunks, and wrap what it finds in :class:`Solution` objects.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Iterator

import numpy as np

from pentomino.errors import PuzzleError
from pentomino.model.puzzle import SYMMETRY_MODES, Placement, Puzzle
from pentomino.search import kernel as K
from pentomino.search.placements import PieceSlot, fillable_table, generate_placements, region_sizes_fillable
from pentomino.search.symmetry import puzzle_symmetries

CHUNK_NODES = 1 << 20  # nodes per kernel call: ~10 ms, so Ctrl-C and progress stay responsive


@dataclass(frozen=True)
class Solution:
    """One tiling: every placement, the pre-placed pieces included."""

    puzzle: Puzzle = field(repr=False, compare=False)
    placements: tuple[Placement, ...]
    """The placements, sorted by piece name then cells."""

    def to_text(self) -> str:
        from pentomino.render.text import render_text

        return render_text(self.puzzle, self.placements)

    def to_svg(self, **options) -> str:
        from pentomino.render.svg import render_svg

        return render_svg(self.puzzle, self.placements, **options)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def to_json(self) -> dict:
        return {"placements": [p.to_json() for p in self.placements]}

    def __str__(self) -> str:
        return self.to_text()


@dataclass(frozen=True)
class Count:
    """The result of a count, with what it cost."""

    count: int
    symmetry: str
    group_order: int
    nodes: int
    seconds: float
    complete: bool = True
    """False if the count stopped at ``max`` (then the true count is at least ``count``)."""
    by_mode: dict = field(default_factory=dict)
    """The counts of every symmetry mode the same search gave (``{"full": .., "rotations": ..,
    "none": ..}`` for a complete count)."""

    def to_json(self) -> dict:
        return {"count": self.count, "symmetry": self.symmetry, "group_order": self.group_order,
                "nodes": self.nodes, "seconds": round(self.seconds, 6), "complete": self.complete}


def _cell_order(cells) -> list:
    """Cells sorted so the scan runs along the board's shortest direction first."""
    dims = len(next(iter(cells)))
    extent = [max(c[d] for c in cells) - min(c[d] for c in cells) for d in range(dims)]
    # Most significant coordinate: the longest dimension; least: the shortest.
    axes = sorted(range(dims), key=lambda d: (-extent[d], d))
    return sorted(cells, key=lambda c: tuple(c[d] for d in axes))


class Solver:
    """A puzzle packed for the kernel. Build once; count or list solutions.

    ``symmetry``: ``"full"`` counts each orbit under the puzzle's symmetry group once,
    ``"rotations"`` each orbit under its rotations, ``"none"`` every tiling. With ``counting``,
    the search always breaks the full group and derives the requested count from the orbit
    sizes (see :mod:`pentomino.search.kernel`); otherwise it lists one solution per orbit of
    the requested mode's group.
    """

    def __init__(self, puzzle: Puzzle, symmetry: str = "full", *, random: bool = False,
                 seed: int | None = None, counting: bool = False) -> None:
        if symmetry not in SYMMETRY_MODES:
            raise PuzzleError(f"unknown symmetry mode {symmetry!r}: use one of {', '.join(SYMMETRY_MODES)}")
        self.puzzle = puzzle
        self.symmetry = symmetry
        grid = puzzle.grid
        covered = {c for p in puzzle.preplaced for c in p.cells}
        free = frozenset(puzzle.board - covered)
        self.cells = _cell_order(free) if free else []
        index = {c: i for i, c in enumerate(self.cells)}
        n = len(self.cells)

        used = {}
        for p in puzzle.preplaced:
            used[p.piece] = used.get(p.piece, 0) + 1
        self.piece_names = [pc.piece.name for pc in puzzle.pieces]
        slots, slack = [], []
        for pc in puzzle.pieces:
            most = pc.max if pc.max is not None else used.get(pc.piece.name, 0) + n // pc.piece.size
            left = most - used.get(pc.piece.name, 0)
            need = max(0, pc.min - used.get(pc.piece.name, 0))
            slots.append(PieceSlot(pc.piece.name, pc.piece.orientations(puzzle.one_sided), pc.piece.size, left))
            slack.append(left - need)
        # Neighbour lists of the free cells, by index.
        cell_nbr_lists = [sorted(index[m] for m in grid.neighbours(c) if m in index) for c in self.cells]
        deg = max((len(x) for x in cell_nbr_lists), default=1)
        cell_nbr = np.full((max(n, 1), max(deg, 1)), -1, dtype=np.int32)
        for c, lst in enumerate(cell_nbr_lists):
            cell_nbr[c, :len(lst)] = lst

        # Placements as index lists, sorted by first cell then piece; the useless ones dropped.
        raw = [(t, tuple(sorted(index[c] for c in cells)))
               for t, cells in (generate_placements(grid, free, slots) if n else [])]
        if raw:
            size = max(len(cs) for _, cs in raw)
            cells_arr = np.full((len(raw), size), -1, dtype=np.int32)
            for i, (_, cs) in enumerate(raw):
                cells_arr[i, :len(cs)] = cs
            dead = K._dead_placements(cells_arr, np.array([t for t, _ in raw], dtype=np.int32),
                                      cell_nbr, fillable_table(slots, n))
            raw = [p for p, d in zip(raw, dead) if not d]
        placed_pieces = {t for t, _ in raw}
        for t, pc in enumerate(puzzle.pieces):
            if slack[t] < slots[t].max_copies and t not in placed_pieces:
                raise PuzzleError(f"piece {pc.piece.name} fits nowhere on the board: every way to put it "
                                  "down runs off the board or leaves a gap no other piece can fill")
        pls = sorted(raw, key=lambda p: (p[1][0], p[0], p[1]))
        self.placements = pls
        by_key = {(t, frozenset(cs)): i for i, (t, cs) in enumerate(pls)}

        # The symmetry group, as permutations of cells and placements.
        full = puzzle_symmetries(puzzle)
        mode_group = {"full": full, "rotations": [g for g in full if g.proper], "none": full[:1]}[symmetry]
        group = full if counting else mode_group
        self.group_order = len(mode_group)
        self._limit_on = {"full": K.COUNT, "rotations": K.ROT_ORBITS, "none": K.TILINGS}[symmetry] \
            if counting else K.COUNT
        G = len(group)
        P = len(pls)
        perm = np.zeros((G, P), dtype=np.int32)
        cell_pre = np.zeros((G, max(n, 1)), dtype=np.int32)
        name_index = {nm: t for t, nm in enumerate(self.piece_names)}
        for gi, g in enumerate(group):
            for c in self.cells:
                cell_pre[gi, index[g.cell_map[c]]] = index[c]
            for i, (t, cs) in enumerate(pls):
                key = (name_index[g.piece_map[self.piece_names[t]]],
                       frozenset(index[g.cell_map[self.cells[c]]] for c in cs))
                perm[gi, i] = by_key[key]

        # Symmetry breaking: one placement per orbit for a piece every symmetry fixes.
        sym_piece, check_all = -1, 0
        keep = np.ones(P, dtype=bool)
        stab_ptr = np.zeros(P + 1, dtype=np.int32)
        stab_elems: list[int] = []
        if G > 1:
            sym_piece = self._choose_symmetry_piece(group, slots, slack, perm)
            if sym_piece < 0:
                check_all = 1
            else:
                stabs = {}
                for i, (t, _) in enumerate(pls):
                    if t != sym_piece:
                        continue
                    orbit = set(perm[:, i].tolist())
                    keep[i] = i == min(orbit)
                    if keep[i]:
                        stabs[i] = [g for g in range(1, G) if perm[g, i] == i]
                for i in range(P):
                    stab_elems.extend(stabs.get(i, []))
                    stab_ptr[i + 1] = len(stab_elems)
        self.sym_piece = sym_piece
        first = sym_piece
        if first < 0:
            once = [t for t in range(len(slots)) if slots[t].max_copies == 1 and slack[t] == 0]
            counts = {t: sum(1 for pt, _ in pls if pt == t) for t in once}
            once = [t for t in once if counts[t] > 0]
            first = min(once, key=lambda t: (counts[t], t)) if once else -1
        self._first_piece = first
        self._first_options = [i for i in range(P) if pls[i][0] == first and keep[i]]
        if first >= 0:
            keep[[i for i in range(P) if pls[i][0] == first]] = False

        # Search tables.
        order = [i for i in range(P) if keep[i]]
        if random:
            rng = np.random.default_rng(seed)
        cand: list[int] = []
        segs: list[tuple[int, int, int]] = []
        cell_seg = [0] * (n + 1)
        by_cell: dict[int, dict[int, list[int]]] = {}
        for i in order:
            t, cs = pls[i]
            by_cell.setdefault(cs[0], {}).setdefault(t, []).append(i)
        for c in range(n):
            groups = list(by_cell.get(c, {}).items())
            if random:
                rng.shuffle(groups)
            for t, ids in groups:
                if random:
                    ids = [ids[j] for j in rng.permutation(len(ids))]
                segs.append((t, len(cand), len(cand) + len(ids)))
                cand.extend(ids)
            cell_seg[c + 1] = len(segs)

        words = max(1, (n + 63) // 64)
        kw = 1
        for _, cs in pls:
            kw = max(kw, cs[-1] // 64 - cs[0] // 64 + 1)
        masks = np.zeros((max(P, 1), kw), dtype=np.uint64)
        pl_word = np.zeros(max(P, 1), dtype=np.int32)
        pl_piece = np.zeros(max(P, 1), dtype=np.int32)
        size = max((len(cs) for _, cs in pls), default=1)
        pl_cells = np.full((max(P, 1), size), -1, dtype=np.int32)
        for i, (t, cs) in enumerate(pls):
            w0 = cs[0] // 64
            pl_word[i] = w0
            pl_piece[i] = t
            pl_cells[i, :len(cs)] = cs
            for c in cs:
                masks[i, c // 64 - w0] |= np.uint64(1) << np.uint64(c % 64)
        pl_nbr_lists = []
        for t, cs in pls:
            inside = set(cs)
            around = sorted({m for c in cs for m in cell_nbr_lists[c] if m not in inside and m > cs[0]})
            pl_nbr_lists.append(around)
        width = max((len(x) for x in pl_nbr_lists), default=1)
        pl_nbr = np.full((max(P, 1), max(width, 1)), -1, dtype=np.int32)
        for i, lst in enumerate(pl_nbr_lists):
            pl_nbr[i, :len(lst)] = lst

        self._tables = (masks, pl_word, pl_piece, pl_cells, np.array(cand + [0], dtype=np.int32),
                        np.array(segs or [(0, 0, 0)], dtype=np.int32).reshape(-1, 3),
                        np.array(cell_seg, dtype=np.int32), pl_nbr, cell_nbr)
        self._sym = (perm, cell_pre, stab_ptr, np.array(stab_elems + [0], dtype=np.int32),
                     np.zeros(max(n, 1), dtype=np.int32),
                     np.array([int(g.proper) for g in group], dtype=np.int64))
        self._words = words
        self._remaining0 = np.array([s.max_copies for s in slots], dtype=np.int32)
        self._slack = np.array(slack, dtype=np.int32)
        self._depth = n // max(1, min(s.size for s in slots)) + 1
        self._sym_params = (sym_piece, check_all)
        # Pockets smaller than the largest piece are checked during the search.
        pocket = max(s.size for s in slots) + 1
        self._fillable = np.array(region_sizes_fillable(slots, pocket)[:pocket], dtype=np.bool_)
        self._isolated = int(not self._fillable.all())
        self.nodes = 0
        self.found = 0

    # -- choosing the piece that breaks symmetry --------------------------------------------
    def _choose_symmetry_piece(self, group, slots, slack, perm) -> int:
        """A piece used exactly once that every symmetry maps to itself, with the fewest orbits
        of placements (fewest branches at the top), or -1 if there is none."""
        best, best_key = -1, None
        pl_piece = [t for t, _ in self.placements]
        for t, s in enumerate(slots):
            if s.max_copies != 1 or slack[t] != 0:
                continue
            if any(g.piece_map[s.name] != s.name for g in group):
                continue
            ids = [i for i, pt in enumerate(pl_piece) if pt == t]
            if not ids:
                continue
            reps = {min(perm[:, i].tolist()) for i in ids}
            fixed = sum(1 for r in reps if any(perm[g, r] == r for g in range(1, len(group))))
            key = (len(reps), fixed)
            if best_key is None or key < best_key:
                best, best_key = t, key
        return best

    # -- running the kernel -----------------------------------------------------------------
    def subproblems(self) -> list[tuple[int, ...]]:
        """Independent parts of the search, each a tuple of forced placement ids.

        The first piece (the symmetry piece, or else a piece used exactly once with the fewest
        placements) is put down first in each of its allowed places: constraining the hardest
        piece at the root prunes far more than meeting it wherever the cell scan reaches it,
        and the parts can run anywhere in any order.
        """
        first = self._first_piece
        if first < 0:
            return [()]
        return [(i,) for i in self._first_options]

    def _fresh_state(self, forced: tuple[int, ...] = ()):
        n = len(self.cells)
        masks, pl_word, pl_piece = self._tables[0], self._tables[1], self._tables[2]
        # Cells >= n read as full; the extra words let a placement's window run past the board.
        occ = np.zeros(self._words + masks.shape[1] - 1, dtype=np.uint64)
        for c in range(n, 64 * occ.shape[0]):
            occ[c // 64] |= np.uint64(1) << np.uint64(c % 64)
        remaining = self._remaining0.copy()
        stack = np.zeros((self._depth + 1, 3), dtype=np.int32)
        placed = np.full(self._depth + 1, -1, dtype=np.int32)
        counters = np.zeros(K.N_COUNTERS, dtype=np.int64)
        for d, pl in enumerate(forced):
            w = pl_word[pl]
            occ[w:w + masks.shape[1]] ^= masks[pl]
            remaining[pl_piece[pl]] -= 1
            placed[d] = pl
        counters[K.DEPTH] = counters[K.BASE] = len(forced)
        return occ, remaining, self._slack, stack, placed, counters

    def _run(self, *, limit: int, out_cap: int,
             progress: Callable[[int, int], None] | None = None) -> Iterator[tuple[int, np.ndarray]]:
        """Yield ``(status, rows of solutions)`` after each kernel call until the search ends."""
        out = np.full((max(out_cap, 1), self._depth + 1), -1, dtype=np.int32)
        params = self._params(limit, out_cap)
        if not self.cells:
            # Nothing left to fill: the pre-placed pieces are the one tiling, if minimums are met.
            ok = bool(np.all(self._remaining0 <= self._slack))
            self._counters = np.zeros(K.N_COUNTERS, dtype=np.int64)
            self._counters[[K.COUNT, K.TILINGS, K.ROT_ORBITS]] = int(ok)
            self.found = int(ok)
            yield K.DONE, np.zeros((int(ok), 0), dtype=np.int32)
            return
        self.nodes = self.found = 0
        self._counters = np.zeros(K.N_COUNTERS, dtype=np.int64)
        for forced in self.subproblems():
            for status, rows in self._run_subproblem(forced, params, out, progress):
                yield status, rows
                if status == K.LIMIT_REACHED:
                    return
        yield K.DONE, out[:0]

    def _scratch(self):
        n = max(len(self.cells), 1)
        return (self._fillable, np.full(n, -1, dtype=np.int64), np.zeros(n, dtype=np.int32))

    def _params(self, limit: int, out_cap: int) -> np.ndarray:
        params = np.zeros(K.N_PARAMS, dtype=np.int64)
        params[K.BUDGET] = CHUNK_NODES
        params[K.LIMIT] = limit
        params[K.OUT_CAP] = out_cap
        params[K.SYM_PIECE], params[K.CHECK_ALL] = self._sym_params
        params[K.ISOLATED] = self._isolated
        params[K.LIMIT_ON] = self._limit_on
        return params

    def _run_subproblem(self, forced: tuple[int, ...], params=None, out=None, progress=None):
        """Search one subproblem, adding to the running totals; yield after each kernel call."""
        if params is None:
            params = self._params(np.iinfo(np.int64).max, 0)
            out = np.full((1, self._depth + 1), -1, dtype=np.int32)
            if not hasattr(self, "_counters"):
                self._counters = np.zeros(K.N_COUNTERS, dtype=np.int64)
        occ, remaining, slack, stack, placed, counters = self._fresh_state(forced)
        keep = [K.NODES, K.COUNT, K.TILINGS, K.ROT_ORBITS]
        counters[keep] = self._counters[keep]
        self._counters = counters
        while True:
            status = K._search(self._tables, self._sym, occ, remaining, slack, stack, placed,
                               counters, out, params, self._scratch())
            self.nodes = int(counters[K.NODES])
            self.found = int(counters[self._limit_on])
            if progress is not None:
                progress(self.found, self.nodes)
            yield status, out[: counters[K.FOUND]]
            if status != K.PAUSED and status != K.OUT_FULL:
                return

    def count(self, max: int | None = None,
              progress: Callable[[int, int], None] | None = None) -> Count:
        """Count the solutions (stopping at ``max`` if given)."""
        if max is not None and max < 1:
            raise PuzzleError(f"max must be 1 or more, not {max}")
        start = time.perf_counter()
        status = K.DONE
        for status, _ in self._run(limit=max if max is not None else np.iinfo(np.int64).max,
                                   out_cap=0, progress=progress):
            pass
        c = self._counters
        by_mode = {"full": int(c[K.COUNT]), "rotations": int(c[K.ROT_ORBITS]), "none": int(c[K.TILINGS])} \
            if self._limit_on != K.COUNT or self.symmetry == "full" else {self.symmetry: self.found}
        complete = status == K.DONE
        # Counting whole orbits can pass the maximum by part of an orbit: "at least max" is true.
        found = self.found if complete or max is None else min(self.found, max)
        return Count(found, self.symmetry, self.group_order, self.nodes,
                     time.perf_counter() - start, complete=complete, by_mode=by_mode if complete else {})

    def solutions(self, limit: int | None = None) -> Iterator[Solution]:
        """Solutions lazily, at most ``limit``."""
        if limit is not None and limit < 1:
            raise PuzzleError(f"limit must be 1 or more, not {limit}")
        cap = 64 if limit is None else min(limit, 64)
        for _, rows in self._run(limit=limit if limit is not None else np.iinfo(np.int64).max,
                                 out_cap=cap):
            for row in rows:
                yield self._wrap(row)

    def _wrap(self, row) -> Solution:
        placements = list(self.puzzle.preplaced)
        for i in row:
            if i < 0:
                break
            t, cs = self.placements[i]
            placements.append(Placement.of(self.piece_names[t], (self.cells[c] for c in cs)))
        return Solution(self.puzzle, tuple(sorted(placements)))
