"""The compiled search kernel: exact tiling of a set of cells by placements.

The problem. Cells are numbered 0..n-1; a placement is a set of cells and the piece it uses;
each piece may be used a bounded number of times. Find (or count) the sets of placements that
cover every cell exactly once.

The data. The occupancy of the board is a bitboard of ``W`` 64-bit words (cells >= n are set,
so they read as full). Each placement is stored as a window of ``K`` words starting at the word
of its first cell, so testing it against the board is K ANDs whatever the board's size. The
candidates of a node are the placements whose first cell is the branching cell; they are
listed once for every occupancy of the next L cells in scan order (L = 6), keeping only those
that leave the occupied ones alone, so the few bits read at a node select a list in which most
placements fit. Each list is grouped by piece (a *segment*), so a piece with no copies left is
skipped in one step.

The search. Depth-first with an explicit stack (no recursion), so that a call can stop after a
budget of nodes and be resumed later: the Python wrapper uses this to yield solutions lazily, to
answer Ctrl-C at once, to show progress, and (later) to split the tree among processes. At each
node the branching cell is the first empty cell in the cell order; every placement covering it
must start there, because all earlier cells are full. The cell order runs along the board's
short direction first, so the frontier stays short and dead ends show early.

Pruning. Placements that cut off a region nothing can fill are removed before the search
(:mod:`pentomino.search.tables`). During the search, after each placement a flood fill from
the empty cells next to it, given up at the size of the largest piece, rejects a pocket of a
size no pieces add up to (a lone cell, or four cells among pentominoes).

Splitting. With ``params[SPLIT] = d`` the search stops every branch d levels below its start and
writes the placements so far to ``out`` instead of searching on: those prefixes are
independent subproblems that together cover the tree (a tiling completed above depth d is
written as a prefix too, and its subproblem finds exactly it).

Symmetry. The wrapper keeps only one placement per orbit of a chosen piece (one that every
symmetry maps to itself, used once), and puts it down first. The solutions found with that
piece on a placement with a non-trivial stabiliser H are accepted only if they are the smallest
of their images under H, compared cell by cell (the id of the placement covering each cell);
with no such piece, every solution is compared against its images under the whole group G.
Either way each orbit is counted exactly once without storing solutions. The same comparison
gives the solution's stabiliser, hence its orbit's size |G|/|Stab| and whether the orbit splits
in two under the rotations (it does unless a reflection fixes the solution): so one search
under G counts the orbits, the orbits under rotations and every tiling at once, at about
1/|G| of the cost of enumerating every tiling.
"""

from __future__ import annotations

import numpy as np
from numba import config, njit
from numba.cpython.unsafe.numbers import trailing_zeros

if config.DISABLE_JIT:  # NUMBA_DISABLE_JIT=1: the kernel runs as plain Python, for debugging

    def trailing_zeros(x):  # noqa: F811 - the intrinsic has no pure-Python version
        x = int(x)
        return (x & -x).bit_length() - 1

# Columns of the ``stack`` state array: the segment and position reached at a level, the
# level's branching cell and the end of its segments.
SEG, POS, CELL, END = 0, 1, 2, 3
STACK_COLUMNS = 4
# Indices into the int64 ``counters`` state array. COUNT: orbits under the search's group G
# (accepted solutions); TILINGS: every tiling, as the sum of the accepted solutions' orbit
# sizes |G|/|Stab|; ROT_ORBITS: orbits under the rotations in G.
DEPTH, BASE, NODES, COUNT, STARTED, FOUND, TILINGS, ROT_ORBITS = 0, 1, 2, 3, 4, 5, 6, 7
N_COUNTERS = 8
# Indices into the int64 ``params`` array. LIMIT_ON: which counter LIMIT applies to.
BUDGET, LIMIT, OUT_CAP, SYM_PIECE, CHECK_ALL, POCKETS, LIMIT_ON, LOOKAHEAD, SPLIT = range(9)
N_PARAMS = 9
# Return codes.
DONE, PAUSED, OUT_FULL, LIMIT_REACHED = 0, 1, 2, 3

_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)


@njit(cache=True, inline="always")
def _first_empty(occ, start, n):
    """The first cell >= start whose bit is 0, or n if there is none."""
    w = start >> 6
    x = ~occ[w] & (_ONES << np.uint64(start & 63))
    while x == 0:
        w += 1
        if w >= occ.shape[0]:
            return n
        x = ~occ[w]
    return (w << 6) + np.int64(trailing_zeros(x))


@njit(cache=True, inline="always")
def _fits(occ, masks, word, pl, k):
    for j in range(k):
        if occ[word + j] & masks[pl, j]:
            return False
    return True


@njit(cache=True, inline="always")
def _toggle(occ, masks, word, pl, k):
    for j in range(k):
        occ[word + j] ^= masks[pl, j]


@njit(cache=True, inline="always")
def _is_full(occ, x):
    return ((occ[x >> 6] >> np.uint64(x & 63)) & np.uint64(1)) != np.uint64(0)


@njit(cache=True, inline="always")
def _window(occ, start, bits):
    """The ``bits`` occupancy bits of cells start, start+1, ... as an integer."""
    w = start >> 6
    b = np.uint64(start & 63)
    x = occ[w] >> b
    if b != 0:
        x |= occ[w + 1] << (np.uint64(64) - b)
    return np.int64(x & ((np.uint64(1) << np.uint64(bits)) - np.uint64(1)))


@njit(cache=True)
def _stabiliser(placed, depth, tables, sym, cover, sym_piece, check_all):
    """Decide whether the solution in ``placed[:depth]`` represents its orbit: it must be the
    smallest of its images under the group elements chosen for it (the stabiliser of the
    symmetry piece's placement, or all of G), comparing the placement id on each cell.

    Returns 0 if it does not; otherwise the order of its stabiliser in G, negated if the
    stabiliser holds a reflection (which decides how the orbit splits under rotations).
    """
    pl_piece, pl_cells = tables[2], tables[3]
    perm, cell_pre, stab_ptr, stab_elems, proper = sym
    n = cover.shape[0]
    if not check_all and sym_piece < 0:
        return 1
    for c in range(n):
        cover[c] = -1
    sym_pl = -1
    for d in range(depth):
        pl = placed[d]
        for j in range(pl_cells.shape[1]):
            c = pl_cells[pl, j]
            if c < 0:
                break
            cover[c] = pl
        if pl_piece[pl] == sym_piece:
            sym_pl = pl
    if check_all:
        lo, hi = 1, perm.shape[0]
    elif sym_pl >= 0:
        lo, hi = stab_ptr[sym_pl], stab_ptr[sym_pl + 1]
    else:
        return 1
    order = 1
    mirrored = False
    for e in range(lo, hi):
        g = e if check_all else stab_elems[e]
        same = True
        for c in range(n):
            a = cover[c]
            b = cover[cell_pre[g, c]]
            if b >= 0:
                b = perm[g, b]
            if a < b:
                same = False
                break
            if a > b:
                return 0
        if same:
            order += 1
            if not proper[g]:
                mirrored = True
    return -order if mirrored else order


@njit(cache=True)
def _cuts_off_a_pocket(occ, pl, pl_nbr, cell_nbr, fillable, mark, todo, stamp):
    """True if placing ``pl`` closed off a region of empty cells smaller than
    ``fillable.shape[0]`` whose size no combination of pieces adds up to.

    Each empty cell next to the placement starts a flood fill that gives up once the region
    reaches ``fillable.shape[0]`` cells (a big region is assumed fillable). Every fill marks
    its cells with its own tag (``stamp`` makes the tags of each test new): a fill that meets
    an earlier fill's tag has reached a region that was already found big.
    """
    limit = fillable.shape[0]
    width = pl_nbr.shape[1]
    base = stamp * (width + 1)
    for j in range(width):
        x = pl_nbr[pl, j]
        if x < 0:
            break
        if mark[x] >= base or _is_full(occ, x):
            continue
        tag = base + j
        mark[x] = tag
        todo[0] = x
        top = 1
        size = 0
        big = False
        while top > 0 and not big:
            top -= 1
            y = todo[top]
            size += 1
            if size >= limit:
                big = True
                break
            for m in range(cell_nbr.shape[1]):
                z = cell_nbr[y, m]
                if z < 0:
                    break
                if mark[z] == tag or _is_full(occ, z):
                    continue
                if mark[z] >= base:
                    big = True
                    break
                mark[z] = tag
                todo[top] = z
                top += 1
        if not big and not fillable[size]:
            return True
    return False


@njit(cache=True, inline="always")
def _open_level(stack, depth, cell, occ, key_seg, seg, lookahead):
    key = (cell << lookahead) + _window(occ, cell + 1, lookahead)
    lo = key_seg[key]
    hi = key_seg[key + 1]
    stack[depth, SEG] = lo
    stack[depth, END] = hi
    stack[depth, POS] = seg[lo, 1] if lo < hi else 0
    stack[depth, CELL] = cell


@njit(cache=True)
def _accept(remaining, slack, placed, depth, tables, sym, cover, params, counters):
    """Count a full cover if every piece's minimum is met and it represents its orbit."""
    for t in range(remaining.shape[0]):
        if remaining[t] > slack[t]:
            return False
    stab = _stabiliser(placed, depth, tables, sym, cover, params[SYM_PIECE], params[CHECK_ALL] != 0)
    if stab == 0:
        return False
    proper = sym[4]
    group = proper.shape[0]
    rotations = 0
    for g in range(group):
        rotations += proper[g]
    counters[COUNT] += 1
    counters[TILINGS] += group // abs(stab)
    # An orbit splits in two under the rotations unless a reflection fixes the solution.
    counters[ROT_ORBITS] += 1 if (rotations == group or stab < 0) else 2
    return True


@njit(cache=True)
def _emit(out, row, placed, depth):
    for j in range(out.shape[1]):
        out[row, j] = placed[j] if j < depth else -1


@njit(cache=True)
def _search(tables, sym, occ, remaining, slack, stack, placed, counters, out, params, scratch):
    """Run (or resume) the depth-first search; see the module docstring.

    tables:   KernelTables (see :mod:`pentomino.search.tables`); sym: SymmetryTables
    state:    occ uint64[W + pad]; remaining int32[T] copies left; slack int32[T] = copies
              that may stay unused; stack int32[D, 4] = (segment, position, branching cell,
              end of segments) per open level; placed int32[D] the placement chosen at each
              level (the first ``BASE`` are forced); counters int64[N_COUNTERS]
    out:      int32[B, D] the placements of each solution (or prefix) found in this call
    params:   int64[N_PARAMS]
    scratch:  (mark int64[n], todo int32[n], cover int32[n]) work space
    Returns a status code; counters[FOUND] says how many rows of ``out`` were written.
    """
    masks, pl_word, pl_piece = tables[0], tables[1], tables[2]
    cand, seg, key_seg, pl_nbr, cell_nbr, fillable = (tables[4], tables[5], tables[6], tables[7],
                                                      tables[8], tables[9])
    mark, todo, cover = scratch
    lookahead = params[LOOKAHEAD]
    n = (key_seg.shape[0] - 1) >> lookahead
    k = masks.shape[1]
    budget_end = counters[NODES] + params[BUDGET]
    limit = params[LIMIT]
    out_cap = params[OUT_CAP]
    pockets = params[POCKETS] != 0
    depth = counters[DEPTH]
    base = counters[BASE]
    split = base + params[SPLIT] if params[SPLIT] > 0 else -1
    nodes = counters[NODES]
    found = 0
    status = DONE

    if counters[STARTED] == 0:
        counters[STARTED] = 1
        first = _first_empty(occ, 0, n)
        if first >= n:
            # The forced placements (if any) already tile the board: that is the only solution.
            if split > 0:
                _emit(out, 0, placed, depth)
                found = 1
            elif _accept(remaining, slack, placed, depth, tables, sym, cover, params, counters):
                if out_cap > 0:
                    _emit(out, 0, placed, depth)
                    found = 1
            counters[FOUND] = found
            return DONE
        _open_level(stack, depth, first, occ, key_seg, seg, lookahead)

    while True:
        if nodes >= budget_end:
            status = PAUSED
            break
        s = stack[depth, SEG]
        i = stack[depth, POS]
        cell = stack[depth, CELL]
        s_end = stack[depth, END]
        chosen = -1
        while s < s_end:
            if remaining[seg[s, 0]] > 0:
                hi = seg[s, 2]
                while i < hi:
                    pl = cand[i]
                    i += 1
                    if _fits(occ, masks, pl_word[pl], pl, k):
                        chosen = pl
                        break
                if chosen >= 0:
                    break
            s += 1
            if s < s_end:
                i = seg[s, 1]
        if chosen < 0:
            # Every option at this level is tried: undo the placement one level up.
            if depth == base:
                break
            depth -= 1
            pl = placed[depth]
            _toggle(occ, masks, pl_word[pl], pl, k)
            remaining[pl_piece[pl]] += 1
            continue
        stack[depth, SEG] = s
        stack[depth, POS] = i
        w = pl_word[chosen]
        t = pl_piece[chosen]
        _toggle(occ, masks, w, chosen, k)
        remaining[t] -= 1
        placed[depth] = chosen
        nodes += 1
        nxt = _first_empty(occ, cell, n)
        if nxt < n and pockets and _cuts_off_a_pocket(occ, chosen, pl_nbr, cell_nbr, fillable,
                                                      mark, todo, nodes):
            _toggle(occ, masks, w, chosen, k)
            remaining[t] += 1
            continue
        if nxt >= n or depth + 1 == split:
            if split > 0:
                _emit(out, found, placed, depth + 1)
                found += 1
            elif _accept(remaining, slack, placed, depth + 1, tables, sym, cover, params, counters):
                if out_cap > 0:
                    _emit(out, found, placed, depth + 1)
                    found += 1
            _toggle(occ, masks, w, chosen, k)
            remaining[t] += 1
            if counters[params[LIMIT_ON]] >= limit:
                status = LIMIT_REACHED
                break
            if out_cap > 0 and found >= out_cap:
                status = OUT_FULL
                break
            continue
        depth += 1
        _open_level(stack, depth, nxt, occ, key_seg, seg, lookahead)

    counters[FOUND] = found
    counters[DEPTH] = depth
    counters[NODES] = nodes
    return status


@njit(cache=True)
def _dead_placements(pl_cells, pl_piece, cell_nbr, fillable):
    """dead[p]: placement p cuts off a region of free cells of a size that ``fillable[piece]``
    says nothing can fill. Runs once before the search, on the empty board."""
    n_pl = pl_cells.shape[0]
    n = cell_nbr.shape[0]
    dead = np.zeros(n_pl, dtype=np.bool_)
    mark = np.zeros(n, dtype=np.int32)  # == stamp: seen in this placement's fill
    stack = np.empty(n, dtype=np.int32)
    for p in range(n_pl):
        stamp = p + 1
        for j in range(pl_cells.shape[1]):
            c = pl_cells[p, j]
            if c < 0:
                break
            mark[c] = stamp
        for j in range(pl_cells.shape[1]):
            c = pl_cells[p, j]
            if c < 0 or dead[p]:
                break
            for m in range(cell_nbr.shape[1]):
                start = cell_nbr[c, m]
                if start < 0:
                    break
                if mark[start] == stamp:
                    continue
                mark[start] = stamp
                top = 0
                stack[top] = start
                top += 1
                size = 0
                while top > 0:
                    top -= 1
                    x = stack[top]
                    size += 1
                    for q in range(cell_nbr.shape[1]):
                        y = cell_nbr[x, q]
                        if y < 0:
                            break
                        if mark[y] != stamp:
                            mark[y] = stamp
                            stack[top] = y
                            top += 1
                if not fillable[pl_piece[p], size]:
                    dead[p] = True
                    break
    return dead
