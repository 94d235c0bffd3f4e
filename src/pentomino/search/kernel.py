"""The compiled search kernel: exact tiling of a set of cells by placements.

The problem. Cells are numbered 0..n-1; a placement is a set of cells and the piece it uses;
each piece may be used a bounded number of times. Find (or count) the sets of placements that
cover every cell exactly once.

The data. The candidates of a node are the placements whose first cell is the branching cell;
they are listed once for every occupancy of the next L cells in scan order (L = 6), keeping
only those that leave the occupied ones alone, so the few bits read at a node select a list in
which many placements fit (:mod:`pentomino.search.tables`).

The search. Depth-first with an explicit stack (no recursion), so that a call can stop after a
budget of nodes and be resumed later: the Python wrapper uses this to yield solutions lazily, to
answer Ctrl-C at once, to show progress, to split the tree among processes, and to let a
watcher see the stack as it runs. It releases the GIL (``nogil``), so searches in threads (the
web server's) run side by side; all its state lives in the arrays it is given. At each
node the branching cell is the first empty cell in the cell order; every placement covering it
must start there, because all earlier cells are full. The cell order runs along the board's
short direction first, so the frontier stays short and dead ends show early. A *node* is a
placement put down (including one found to be a dead end).

Two versions of the loop. In nearly every puzzle of interest a placement spans fewer than 64
cells from its first (in scan order) and there are at most 63 pieces; for those
:func:`_search_word` sees the board through one 64-bit window from the branching cell, whatever
the board's size: every cell before the branching cell is full and no placement begun before it
reaches 64 cells past it, so the window and the next one hold all that can change (6x10, the
hexiamonds' 72 cells, the 3x30 board's 90). Everything else (longer spans, more than 63 pieces)
goes to :func:`_search_words`, the general version: the board is an array of 64-bit words (cells
>= n set, so they read as full) and a placement is a window of ``K`` words from the word of its
first cell, tested and toggled with K ANDs/XORs whatever the board's size.

Why the one-word loop is shaped the way it is (6x10 count, 1 core; the time per node was ~180 ns
at first, ~35 ns now). The cost of a node is not arithmetic but branches the processor cannot
predict (does this candidate fit? is this piece used? is this a dead end?) and the chain of
dependent loads from one node to the next. So:

* the pieces with copies left are a bit mask, and a candidate's test is branch-free: it fits,
  its piece has a copy left, and it leaves no lone empty cell (an empty cell whose neighbours
  are all full, tested on the whole window at once by shifting the empty cells by each
  neighbour step: a rectangle of squares has two steps, 1 and its height; triangles two,
  hexagons three; a board with holes a few more, of which the test takes the four most
  common and lets the cells it cannot judge pass; with two steps, a loop of its own does half
  the shifts: 8-12% less time on 4x15, 5x12 and 6x10). One pass over a list of
  candidates, which LLVM vectorises (lists are padded to a multiple of 8 with candidates that
  never fit, so there is no scalar tail), gives the mask of those that pass; a level then takes
  its set bits in turn;
* before taking any candidate of a level, the level computes for each the mask of the next
  level's candidates. Those with none are dead ends (about 60% of all nodes): they are counted
  and dropped without touching the stack, and the masks of the others are kept for when the
  search goes down. Doing these computations for all candidates at once lets the processor
  overlap them, instead of waiting for each one in turn (6x10: 48 -> 38 ms);
* the lone-cell test rejects a candidate before it becomes a node (1.81M -> 1.17M nodes on
  6x10); the flood fill of the general version found a few more pockets (1.67M nodes with it,
  counting its rejections) at a far higher cost per node;
* array indices in the vectorised loops are unsigned: with a signed index numba wraps negative
  values around, lane by lane, and the loads turn into gathers (about 25% of the time);
* that loop is written out in the main loop rather than called: a call (inlined or not) pays
  for reference counting its array arguments at every node (atomic updates, about 8%);
* uint64 values are compared with uint64 constants: comparing with a plain ``0`` made numba
  convert to float64;
* a candidate's piece is stored as a byte (its bit in ``avail``), not a 64-bit mask, which
  halves the memory the vectorised pass reads (the lists of 6x10 take ~0.5 MB).

Tried and not kept (6x10, warm, best of several runs; the machine's noise is about 15%):
grouping a list into per-piece segments and skipping a used piece's segment (an unpredictable
branch per segment, 5.1 segments visited per node: 87 ms vs 80 ms for the piece mask); testing
candidates one by one with early exit (2 tests per node but ~45 ns per node); testing lone
cells only on the candidates that fit, in scalar code (56 vs 53 ms: the vectorised test on
every candidate is cheaper than the extra branches); L = 3, 4, 5, 7, 8, 10 (within noise or
slower: shorter lists against larger tables); the flood-fill pocket test of sizes 2-4 (at most
8% fewer nodes, for a test far dearer than the lone-cell one); a test for lone pairs (two empty
neighbours with no other empty neighbour) in the vectorised pass (20% fewer nodes on 6x10 but
twice the time a node) or once per child in the look-ahead (3-5% fewer nodes, no faster).
Before the window, the one-word loop took boards of at most 64 cells and the rest ran the
general loop: hexiamonds 6x6 went from 150 to 33 ms, the one-sided pentominoes in 3x30 from 152
to 24 ms (CPU time, 2-core AMD EPYC, in one run).

Pruning. Placements that cut off a region nothing can fill are removed before the search
(:mod:`pentomino.search.tables`). During the search the one-word version rejects candidates
that leave a lone empty cell (when no piece has one cell); the general version, after each
placement, runs a flood fill from the empty cells next to it, given up at the size of the
largest piece, and rejects a pocket of a size no pieces add up to (a lone cell, or four cells
among pentominoes).

Tiling rules. A puzzle may ask its tilings to keep rules (:mod:`pentomino.model.rules`): no
point where four pieces meet, no fault line. Each rule is a list of constraints on which
placement covers which cells (the cells around a point may not lie in four placements; the
pairs across a line may not all lie in two), and a constraint is decided once its cells are all
covered. Since every cell before the branching cell is full, the constraints whose last cell (in
scan order) lies between the branching cell and the next empty cell are exactly those a node
newly decides: ``rule_at`` lists them by that last cell, and a node looks up that range, after
writing its placement's id on its cells (``cover``, which the symmetry test rewrites with the
same ids at a leaf, so it is never reset). A broken constraint cuts the branch at once: the
node counts, like one that cuts off a pocket. Both loops check when a placement is put down (the
one-word loop when it takes a candidate: its look-ahead, which judges the next level's
candidates in bulk, does not judge rules, so a candidate a rule cuts off may have been looked
ahead at; at the split level such a candidate is a node but not a row, as a pocket is in the
general loop). A search that starts from placements put down in advance (a part) rebuilds
``cover`` from them and checks what they decide before its first node. Counting up to symmetry
stays exact because the rules are invariant under the board's symmetries: the solutions the
search keeps are a union of orbits. A puzzle without rules has no constraints, and pays one
predictable branch a node.

Splitting. With ``params[SPLIT] = d`` the search stops every branch d levels below its start and
writes the placements so far to ``out`` instead of searching on: those prefixes are
independent parts that together cover the tree (a tiling completed above depth d is
written as a prefix too, and its part finds exactly it). The estimator
(:mod:`pentomino.search.estimate`) takes a node's children from a split of one level: at the
split level the one-word loop does not look ahead, so every candidate that passes its test is a
node and a row, and the general loop counts a candidate that cuts off a pocket as a node without
writing it. The loops write a prefix themselves rather than through :func:`_full_cover`, whose
call reference-counts every array of the tables, once per row.

Handing back. After a call that stops for its budget (PAUSED), :func:`rest_of_stack` lists,
for each open level, the placements it has not tried yet: with the placements below that level
forced, each such list is an independent part, and together with what the call searched
they make the whole tree. So a long part can be cut into pieces that other processes take.

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

A second piece takes up what the first leaves. Where the symmetry piece sits on an axis of the
board (X on the middle row of 5x12: half of that count's nodes, all of 3x20's), its stabiliser
H would make the search find every solution and its mirror image. In the parts whose symmetry
piece has the most common such H, a second piece (used once, mapped to itself by H: the one with
the most placements) is put only on the first placement of each of its orbits under H; the
others carry the candidate bit ``ALIAS``, which ``avail`` holds exactly when it holds the second
piece's own bit, except in those parts. A solution there is compared only with its images under
the elements of H that fix the second piece's placement too. Nodes: 3x20 3,476 -> 1,902, 5x12
505,476 -> 403,378, 8x8 171,933 -> 144,216, 4x15 103,636 -> 100,120 (the second piece goes down
late there); 6x10, where X is never on an axis, is unchanged. Only the one-word loop leaves
placements out; the general loop searches them all and compares with all of H.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from numba import config
from numba.cpython.unsafe.numbers import trailing_zeros

from pentomino.search.jit import Int, compiled

if config.DISABLE_JIT:  # NUMBA_DISABLE_JIT=1: the kernel runs as plain Python, for debugging

    def trailing_zeros(x: np.uint64) -> int:  # noqa: F811 - the intrinsic has no pure-Python version
        y = int(x)
        return (y & -y).bit_length() - 1

# Columns of the int64 ``stack`` state array. In _search_words: the next candidate of a level,
# the end of its list and its branching cell. In _search_word: the level's key, the start of
# its chunk of (at most 64) candidates and the chunk's candidates not yet taken, as bits.
POS, END, CELL = 0, 1, 2
W_KEY, W_CHUNK, W_TODO, W_CHILD = 0, 1, 2, 3
STACK_COLUMNS = W_CHILD + 64
# Indices into the int64 ``counters`` state array. COUNT: orbits under the search's group G
# (accepted solutions); TILINGS: every tiling, as the sum of the accepted solutions' orbit
# sizes |G|/|Stab|; ROT_ORBITS: orbits under the rotations in G.
DEPTH, BASE, NODES, COUNT, STARTED, FOUND, TILINGS, ROT_ORBITS = 0, 1, 2, 3, 4, 5, 6, 7
N_COUNTERS = 8
# Why int64 counters cannot wrap around: each node adds at most |G| to a counter (1 to COUNT,
# ROT_ORBITS and FOUND, |G|/|Stab| <= |G| to TILINGS), |G| <= 48 on every grid, and a node
# costs more than a nanosecond, so reaching 2^63 would take one part over 2^63 / 48 ns,
# six years of one core. The counters of each part start at zero; totals over
# parts and processes are Python integers (``Solver.totals``), and LIMIT is clamped
# to 2^63 - 1, which no enumeration reaches. Counts that can pass 2^63 (many copies of a piece)
# come from :mod:`pentomino.search.memo`, which counts with integers of any size.
# Indices into the int64 ``params`` array. LIMIT_ON: which counter LIMIT applies to.
BUDGET, LIMIT, OUT_CAP, SYM_PIECE, CHECK_ALL, POCKETS, LIMIT_ON, LOOKAHEAD, SPLIT, SECOND = range(10)
N_PARAMS = 10
# Return codes.
DONE, PAUSED, OUT_FULL, LIMIT_REACHED = 0, 1, 2, 3

NO_LIMIT = np.iinfo(np.int64).max
"""A limit no enumeration reaches (see the counters above): a search counts every solution."""
COUNTERS = ("nodes", "full", "none", "rotations")
"""The counters that add up over searches (a part's, a count's totals), in this order: nodes,
orbits under the full group, every tiling, orbits under the rotations."""
SUMMED = (NODES, COUNT, TILINGS, ROT_ORBITS)
"""The indices of :data:`COUNTERS` in the ``counters`` state array, in the same order."""



class KernelTables(NamedTuple):
    """The read-only arrays of the search (see :func:`_search`), built by
    :mod:`pentomino.search.tables`."""

    masks: npt.NDArray[np.uint64]      # [P, K]  placement bits, window from the word of its first cell
    pl_word: npt.NDArray[np.int32]     # [P]     that word
    pl_piece: npt.NDArray[np.int32]    # [P]
    pl_cells: npt.NDArray[np.int32]    # [P, S]  cells, -1 padded
    cand: npt.NDArray[np.int32]        # [C]     placement ids: the candidate list of each key, in turn
                                       #         (-1: padding)
    cand_piece: npt.NDArray[np.int32]  # [C]     their pieces
    cand_bit: npt.NDArray[np.uint8]    # [C]     the piece again, as a bit index (63: padding)
    cand_cells: npt.NDArray[np.uint64]  # [C]    their cells as bits from the first (bit 0), if one_word
    key_start: npt.NDArray[np.int32]   # [n * 2**L + 1]  list of (cell, occupancy of the next L cells)
    pl_nbr: npt.NDArray[np.int32]      # [P, M]  empty cells next to a placement, for the pocket test
    cell_nbr: npt.NDArray[np.int32]    # [n, D]  neighbours of each cell, -1 padded
    fillable: npt.NDArray[np.bool_]    # [Q]     which small pocket sizes the pieces can fill
    lone_step: npt.NDArray[np.int64]   # [4]     index steps d with cells x, x + d neighbours (0: unused)
    lone_mask: npt.NDArray[np.uint64]  # [n, 4]  for the 64-cell window from each cell: the x whose
                                       #         neighbour by each step is in the window too
    lone_safe: npt.NDArray[np.uint64]  # [n]     ... and the cells the steps cannot vouch for
    rule_kind: npt.NDArray[np.int8]    # [Q]     each constraint of the tiling rules: POINT or LINE
    rule_ptr: npt.NDArray[np.int32]    # [Q + 1] its cells in rule_cells (a line's in pairs)
    rule_cells: npt.NDArray[np.int32]  # [R]     cells; n + k: a cell of pre-placed piece k
    rule_at: npt.NDArray[np.int32]     # [n + 2] the constraints decided by cell x (its last, in scan order):
                                       #         rule_at[x + 1]..rule_at[x + 2]; those of no free cell first
    one_word: bool                     # every placement spans < 64 cells and pieces <= 63: the window loop


class SymmetryTables(NamedTuple):
    """The symmetry group as the kernel reads it (see "Symmetry" above), built by
    :mod:`pentomino.search.tables`."""

    perm: npt.NDArray[np.int32]        # [G, P]  image of each placement under each element of G
    cell_pre: npt.NDArray[np.int32]    # [G, n]  preimage of each cell
    stab_ptr: npt.NDArray[np.int32]    # [P + 1] stabiliser elements of each symmetry-piece placement
    stab_elems: npt.NDArray[np.int32]  # [E]
    proper: npt.NDArray[np.int64]      # [G]     1 for a rotation
    restricted: npt.NDArray[np.int8]   # [P]     1: a symmetry-piece placement whose part restricts the second piece
    second_ptr: npt.NDArray[np.int32]  # [P + 1] ... then the elements of its stabiliser that fix each
    second_elems: npt.NDArray[np.int32]  # [E2]  second-piece placement


_POINT, _MEETING = 0, 4  # pentomino.model.rules.POINT and MEETING: the kernel imports nothing of the package

ALIAS = 62
"""The candidate bit of the second piece's placements that a restricted part leaves out (see
"Symmetry" above): set in ``avail`` exactly when the second piece's own bit is, except in a
restricted part, where it is never set."""


Scratch = tuple[npt.NDArray[np.int64], npt.NDArray[np.int32], npt.NDArray[np.int32]]
"""The search's work space, ``n`` cells long each: the pocket test's marks and its fill's
stack, and the cover of a solution that the symmetry test compares."""

_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)
_ZERO = np.uint64(0)
_ONE = np.uint64(1)


@compiled(cache=True, inline="always")
def _first_empty(occ: npt.NDArray[np.uint64], start: Int, n: Int) -> Int:
    """The first cell >= start whose bit is 0, or n if there is none."""
    w = start >> 6
    x = ~occ[w] & (_ONES << np.uint64(start & 63))
    while x == 0:
        w += 1
        if w >= occ.shape[0]:
            return n
        x = ~occ[w]
    first: Int = (w << 6) + np.int64(trailing_zeros(x))
    return first


@compiled(cache=True, inline="always")
def _fits(occ: npt.NDArray[np.uint64], masks: npt.NDArray[np.uint64], word: Int, pl: Int, k: Int) -> bool:
    for j in range(k):
        if occ[word + j] & masks[pl, j]:
            return False
    return True


@compiled(cache=True, inline="always")
def _toggle(occ: npt.NDArray[np.uint64], masks: npt.NDArray[np.uint64], word: Int, pl: Int, k: Int) -> None:
    for j in range(k):
        occ[word + j] ^= masks[pl, j]


@compiled(cache=True, inline="always")
def _is_full(occ: npt.NDArray[np.uint64], x: Int) -> bool:
    full: bool = ((occ[x >> 6] >> np.uint64(x & 63)) & np.uint64(1)) != np.uint64(0)
    return full


@compiled(cache=True, inline="always")
def _window(occ: npt.NDArray[np.uint64], start: Int, bits: Int) -> np.int64:
    """The ``bits`` occupancy bits of cells start, start+1, ... as an integer."""
    w = start >> 6
    b = np.uint64(start & 63)
    x = occ[w] >> b
    if b != 0:
        x |= occ[w + 1] << (np.uint64(64) - b)
    bits_of: np.int64 = np.int64(x & ((np.uint64(1) << np.uint64(bits)) - np.uint64(1)))
    return bits_of


@compiled(cache=True)
def _stabiliser(placed: npt.NDArray[np.int32], depth: Int, tables: KernelTables, sym: SymmetryTables,
                cover: npt.NDArray[np.int32], sym_piece: Int, check_all: bool, second: Int) -> int:
    """Decide whether the solution in ``placed[:depth]`` represents its orbit: it must be the
    smallest of its images under the group elements chosen for it (the stabiliser of the
    symmetry piece's placement, or all of G), comparing the placement id on each cell.

    Returns 0 if it does not; otherwise the order of its stabiliser in G, negated if the
    stabiliser holds a reflection (which decides how the orbit splits under rotations).
    """
    pl_piece, pl_cells = tables.pl_piece, tables.pl_cells
    perm, cell_pre, stab_ptr, stab_elems, proper = sym.perm, sym.cell_pre, sym.stab_ptr, sym.stab_elems, sym.proper
    n = cover.shape[0]
    if not check_all and sym_piece < 0:
        return 1
    for c in range(n):
        cover[c] = -1
    sym_pl = -1
    second_pl = -1
    for d in range(depth):
        pl = placed[d]
        for j in range(pl_cells.shape[1]):
            c = pl_cells[pl, j]
            if c < 0:
                break
            cover[c] = pl
        if pl_piece[pl] == sym_piece:
            sym_pl = pl
        if pl_piece[pl] == second:
            second_pl = pl
    elems = stab_elems
    if check_all:
        lo, hi = 1, perm.shape[0]
    elif sym_pl >= 0 and second_pl >= 0 and sym.restricted[sym_pl] != 0 and tables.one_word:
        # The second piece on a representative of its orbit: only the elements that fix it too
        # (the one-word loop leaves the others out; the general loop searches them all).
        lo, hi = sym.second_ptr[second_pl], sym.second_ptr[second_pl + 1]
        elems = sym.second_elems
    elif sym_pl >= 0:
        lo, hi = stab_ptr[sym_pl], stab_ptr[sym_pl + 1]
    else:
        return 1
    order = 1
    mirrored = False
    for e in range(lo, hi):
        g = e if check_all else elems[e]
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


@compiled(cache=True)
def _cuts_off_a_pocket(occ: npt.NDArray[np.uint64], pl: Int, pl_nbr: npt.NDArray[np.int32],
                       cell_nbr: npt.NDArray[np.int32], fillable: npt.NDArray[np.bool_], mark: npt.NDArray[np.int64],
                       todo: npt.NDArray[np.int32], stamp: Int) -> bool:
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


@compiled(cache=True)
def _breaks_a_rule(tables: KernelTables, cover: npt.NDArray[np.int32], lo: Int, hi: Int, n: Int) -> bool:
    """True if a constraint decided by cells ``lo`` .. ``hi - 1`` (``lo`` = -1: and by none)
    is broken, ``cover`` holding the placement on each cell (see "Tiling rules" above)."""
    kind, ptr, cells, at = tables.rule_kind, tables.rule_ptr, tables.rule_cells, tables.rule_at
    for q in range(at[lo + 1], at[hi + 1]):
        a, b = ptr[q], ptr[q + 1]
        if kind[q] == _POINT:
            distinct = 0
            for i in range(a, b):
                oi = _owner(cover, cells[i], n)
                seen = False
                for j in range(a, i):
                    if _owner(cover, cells[j], n) == oi:
                        seen = True
                        break
                if not seen:
                    distinct += 1
            if distinct >= _MEETING:
                return True
        else:
            cut = False
            for i in range(a, b, 2):
                if _owner(cover, cells[i], n) == _owner(cover, cells[i + 1], n):
                    cut = True
                    break
            if not cut:
                return True
    return False


@compiled(cache=True, inline="always")
def _owner(cover: npt.NDArray[np.int32], cell: Int, n: Int) -> Int:
    """The placement on ``cell`` (a pre-placed piece k's cells, numbered n + k: -2 - k)."""
    o: Int = cover[cell] if cell < n else n - 2 - cell
    return o


@compiled(cache=True)
def _cover_placed(tables: KernelTables, cover: npt.NDArray[np.int32], placed: npt.NDArray[np.int32],
                  depth: Int) -> None:
    """Write the id of each placement of ``placed[:depth]`` on its cells."""
    pl_cells = tables.pl_cells
    for d in range(depth):
        pl = placed[d]
        for j in range(pl_cells.shape[1]):
            c = pl_cells[pl, j]
            if c < 0:
                break
            cover[c] = pl


@compiled(cache=True)
def _accept(remaining: npt.NDArray[np.int32], slack: npt.NDArray[np.int32], placed: npt.NDArray[np.int32], depth: Int,
            tables: KernelTables, sym: SymmetryTables, cover: npt.NDArray[np.int32], params: npt.NDArray[np.int64],
            counters: npt.NDArray[np.int64]) -> bool:
    """Count a full cover if every piece's minimum is met and it represents its orbit."""
    for t in range(remaining.shape[0]):
        if remaining[t] > slack[t]:
            return False
    stab = _stabiliser(placed, depth, tables, sym, cover, params[SYM_PIECE], params[CHECK_ALL] != 0, params[SECOND])
    if stab == 0:
        return False
    proper = sym.proper
    group = proper.shape[0]
    rotations = 0
    for g in range(group):
        rotations += proper[g]
    counters[COUNT] += 1
    counters[TILINGS] += group // abs(stab)
    # An orbit splits in two under the rotations unless a reflection fixes the solution.
    counters[ROT_ORBITS] += 1 if (rotations == group or stab < 0) else 2
    return True


@compiled(cache=True)
def _full_cover(out: npt.NDArray[np.int32], row: Int, placed: npt.NDArray[np.int32], depth: Int, split: Int,
                remaining: npt.NDArray[np.int32], slack: npt.NDArray[np.int32], tables: KernelTables,
                sym: SymmetryTables, cover: npt.NDArray[np.int32], params: npt.NDArray[np.int64],
                counters: npt.NDArray[np.int64]) -> int:
    """The placements ``placed[:depth]`` cover the board (or, when splitting, reach the split
    depth): count the solution if it is one, and write it (or the prefix) to ``out[row]`` if
    asked. Returns how many rows were written (0 or 1)."""
    if split > 0:
        _emit(out, row, placed, depth)
        return 1
    if _accept(remaining, slack, placed, depth, tables, sym, cover, params, counters) and params[OUT_CAP] > 0:
        _emit(out, row, placed, depth)
        return 1
    return 0


@compiled(cache=True, inline="always")
def _stop_after_leaf(counters: npt.NDArray[np.int64], params: npt.NDArray[np.int64], found: Int) -> int:
    """LIMIT_REACHED or OUT_FULL if the search must return after a leaf, else DONE."""
    if counters[params[LIMIT_ON]] >= params[LIMIT]:
        return LIMIT_REACHED
    if params[OUT_CAP] > 0 and found >= params[OUT_CAP]:
        return OUT_FULL
    return DONE


@compiled(cache=True)
def _emit(out: npt.NDArray[np.int32], row: Int, placed: npt.NDArray[np.int32], depth: Int) -> None:
    for j in range(out.shape[1]):
        out[row, j] = placed[j] if j < depth else -1


@compiled(cache=True)
def _restricted(sym: SymmetryTables, placed: npt.NDArray[np.int32], base: Int, second: Int) -> bool:
    """True in a restricted part: the symmetry piece's placement at the bottom of the stack has
    the stabiliser whose parts put the second piece only on representatives of its orbits."""
    if second < 0 or base <= 0:
        return False
    ok: bool = sym.restricted[placed[0]] != 0
    return ok


@compiled(cache=True, nogil=True)
def _search(tables: KernelTables, sym: SymmetryTables, occ: npt.NDArray[np.uint64], remaining: npt.NDArray[np.int32],
            slack: npt.NDArray[np.int32], stack: npt.NDArray[np.int64], placed: npt.NDArray[np.int32],
            counters: npt.NDArray[np.int64], out: npt.NDArray[np.int32], params: npt.NDArray[np.int64],
            scratch: Scratch) -> int:
    """Run (or resume) the depth-first search; see the module docstring.

    tables:   KernelTables; sym: SymmetryTables (above; :mod:`pentomino.search.tables` builds them)
    state:    occ uint64[W + pad]; remaining int32[T] copies left; slack int32[T] = copies
              that may stay unused; stack int64[D, STACK_COLUMNS] the state of each open level;
              placed int32[D] the placement chosen at each level (the first ``BASE`` are
              forced); counters int64[N_COUNTERS]
    out:      int32[B, D] the placements of each solution (or prefix) found in this call
    params:   int64[N_PARAMS]
    scratch:  (mark int64[n], todo int32[n], cover int32[n]) work space
    Returns a status code; counters[FOUND] says how many rows of ``out`` were written.
    A puzzle is always searched by the same one of the two versions below, which read the
    stack differently.
    """
    if tables.one_word:
        return _search_word(tables, sym, occ, remaining, slack, stack, placed, counters, out, params,
                            scratch[2])
    return _search_words(tables, sym, occ, remaining, slack, stack, placed, counters, out, params,
                         scratch)


@compiled(cache=True, inline="always")
def _window64(occ: npt.NDArray[np.uint64], start: Int) -> np.uint64:
    """The occupancy of cells start .. start + 63 as one word (bit k: cell start + k)."""
    w = start >> 6
    b = np.uint64(start & 63)
    # Two shifts for the upper word: one by 64 - b would be undefined when b = 0.
    window: np.uint64 = (occ[w] >> b) | ((occ[w + 1] << (np.uint64(63) - b)) << _ONE)
    return window


@compiled(cache=True, inline="always")
def _next_empty(occ: npt.NDArray[np.uint64], cell: Int, covered: np.uint64, ext: np.uint64, n: Int
                ) -> tuple[Int, np.uint64]:
    """(first empty cell, the window from it) after a placement at ``cell``: ``covered`` is the
    window at ``cell`` with the placement in it, ``ext`` the window at cell + 64 (which no
    placement starting at ``cell`` reaches). Only a run of 64 full cells needs the board."""
    if covered != _ONES:
        d = np.uint64(trailing_zeros(~covered))
        return cell + np.int64(d), (covered >> d) | ((ext << (np.uint64(63) - d)) << _ONE)
    nxt = _first_empty(occ, cell + 64, n)
    return nxt, _window64(occ, nxt)


@compiled(cache=True, inline="always")
def _empty_and_left(window: np.uint64, cells: np.uint64, avail: np.uint64, bit: np.uint8) -> np.bool_:
    """A candidate's test before the lone-cell one: its ``cells`` are empty in ``window`` and
    its piece (``bit`` in ``avail``) has a copy left. Branch-free, on scalars only, so that
    inlined in a loop over candidates it vectorises and costs no reference counting."""
    ok: np.bool_ = ((window & cells) == _ZERO) & ((avail >> np.uint64(bit)) & _ONE != _ZERO)
    return ok


@compiled(cache=True, inline="always")
def _no_lone_cell(window: np.uint64, step0: np.uint64, mask0: np.uint64, step1: np.uint64, mask1: np.uint64,
                  step2: np.uint64, mask2: np.uint64, step3: np.uint64, mask3: np.uint64, safe: np.uint64) -> np.bool_:
    """True if every empty cell of ``window`` (the 64 cells from the branching cell, all cells
    before it full) has an empty neighbour. Cells k and k + d of the window are neighbours for
    the k in the mask of step d, so the empty cells shifted by each step, both ways, cover
    every empty cell that has an empty neighbour; ``safe`` holds the cells the steps cannot
    vouch for (a neighbour past the window, or by a fifth step), which pass. Unused steps have
    mask 0."""
    empty = ~window
    near = safe | (mask0 & (empty >> step0)) | ((mask0 & empty) << step0)
    near |= (mask1 & (empty >> step1)) | ((mask1 & empty) << step1)
    near |= (mask2 & (empty >> step2)) | ((mask2 & empty) << step2)
    near |= (mask3 & (empty >> step3)) | ((mask3 & empty) << step3)
    ok: np.bool_ = (empty & ~near) == _ZERO
    return ok


@compiled(cache=True, inline="always")
def _no_lone_cell2(window: np.uint64, step0: np.uint64, mask0: np.uint64, step1: np.uint64, mask1: np.uint64,
                   safe: np.uint64) -> np.bool_:
    """:func:`_no_lone_cell` for a board whose cells have neighbours by two steps only (a
    rectangle of squares, triangles): half the shifts."""
    empty = ~window
    near = safe | (mask0 & (empty >> step0)) | ((mask0 & empty) << step0)
    near |= (mask1 & (empty >> step1)) | ((mask1 & empty) << step1)
    ok: np.bool_ = (empty & ~near) == _ZERO
    return ok


@compiled(cache=True)
def _search_word(tables: KernelTables, sym: SymmetryTables, occ: npt.NDArray[np.uint64],
                 remaining: npt.NDArray[np.int32], slack: npt.NDArray[np.int32], stack: npt.NDArray[np.int64],
                 placed: npt.NDArray[np.int32], counters: npt.NDArray[np.int64], out: npt.NDArray[np.int32],
                 params: npt.NDArray[np.int64], cover: npt.NDArray[np.int32]) -> int:
    """The search when every placement spans fewer than 64 cells (from its first) and there are
    at most 63 pieces: a board of any size, seen through a one-word window.

    All cells before the branching cell are full, and no placement begun before it reaches 64
    cells past it, so the 64-cell window from the branching cell (``win``) and the next one
    (``ext``) say all the search needs; a candidate is a word of cells relative to its first.
    The pieces with copies left are a bit mask ``avail``, so testing a candidate is
    branch-free: it fits, has a copy left and leaves no empty cell without an empty neighbour.
    A level works on its list in chunks of 64: one vectorised pass gives the mask ``todo`` of
    the candidates of the chunk that pass. Before taking any of them, it looks one level ahead
    for each (the mask of the next level's candidates), drops the dead ends and keeps the
    masks of the others in its stack row, so going down needs no new pass. The board itself
    (``occ``, cells >= n full) is written only when the search goes down or back up. A level's
    stack row is (its key, the start of its chunk, the chunk's candidates not yet taken, the
    64 masks).
    """
    cand, cand_piece, key_start = tables.cand, tables.cand_piece, tables.key_start
    cand_bit, cand_cells = tables.cand_bit, tables.cand_cells
    masks, pl_word, pl_piece = tables.masks, tables.pl_word, tables.pl_piece
    lone_step, lone_mask, lone_safe = tables.lone_step, tables.lone_mask, tables.lone_safe
    lookahead = params[LOOKAHEAD]
    n = (key_start.shape[0] - 1) >> lookahead
    kw = masks.shape[1]
    look_mask = np.uint64((1 << lookahead) - 1)
    budget_end = counters[NODES] + params[BUDGET]
    depth = counters[DEPTH]
    base = counters[BASE]
    split = base + params[SPLIT] if params[SPLIT] > 0 else -1
    nodes = counters[NODES]
    # The lone-cell test: on unless a piece of one cell can fill a lone cell.
    lone = params[POCKETS] != 0 and tables.fillable.shape[0] > 1 and not tables.fillable[1]
    step0, step1 = np.uint64(lone_step[0]), np.uint64(lone_step[1])
    step2, step3 = np.uint64(lone_step[2]), np.uint64(lone_step[3])
    two_steps = lone_step[2] == 0  # (unused steps are 0, at the end)
    rules = tables.rule_kind.shape[0] > 0
    pl_cells = tables.pl_cells
    found = 0
    status = DONE
    if rules:
        _cover_placed(tables, cover, placed, depth)
    # Each piece's bits in avail: its own, and for the second piece outside a restricted part
    # the alias bit of the placements such a part leaves out (see ALIAS).
    bits = np.empty(remaining.shape[0], dtype=np.uint64)
    second = params[SECOND]
    restricted = _restricted(sym, placed, base, second)
    avail = _ZERO
    for t in range(remaining.shape[0]):
        bits[t] = np.uint64(1) << np.uint64(t)
        if t == second and not restricted:
            bits[t] |= np.uint64(1) << np.uint64(ALIAS)
        if remaining[t] > 0:
            avail |= bits[t]

    if counters[STARTED] == 0:
        counters[STARTED] = 1
        cell = _first_empty(occ, 0, n)
        if rules and _breaks_a_rule(tables, cover, -1, cell, n):
            # The placements put down in advance (or the pre-placed pieces) break a rule.
            counters[FOUND] = 0
            return DONE
        if cell >= n:
            # The forced placements (if any) already tile the board: the only solution.
            counters[FOUND] = _full_cover(out, 0, placed, depth, split, remaining, slack, tables, sym,
                                          cover, params, counters)
            return DONE
        win = _window64(occ, cell)
        key = (cell << lookahead) + np.int64((win >> _ONE) & look_mask)
        chunk = np.int64(key_start[key]) - 64
        todo = _ZERO
    else:
        key = stack[depth, W_KEY]
        chunk = stack[depth, W_CHUNK]
        todo = np.uint64(stack[depth, W_TODO])
        cell = key >> lookahead
        win = _window64(occ, cell)
    ext = _window64(occ, cell + 64)
    fresh = False  # todo is a new chunk whose children are not looked at yet

    while True:
        if todo == _ZERO:
            # The chunk is used up: on to the next one, or back up if there is none.
            chunk += 64
            end = np.int64(key_start[key + 1])
            if chunk < end:
                todo = _fit_mask(cand_bit, cand_cells, chunk, min(end, chunk + 64), win, avail, lone,
                                 lone_step, lone_mask[cell], lone_safe[cell])
                fresh = True
            else:
                if depth == base:
                    break
                depth -= 1
                key = stack[depth, W_KEY]
                chunk = stack[depth, W_CHUNK]
                todo = np.uint64(stack[depth, W_TODO])
                cell = key >> lookahead
                pl = placed[depth]
                for k in range(kw):
                    occ[pl_word[pl] + k] ^= masks[pl, k]
                win = _window64(occ, cell)
                ext = _window64(occ, cell + 64)
                t = pl_piece[pl]
                if remaining[t] == 0:
                    avail |= bits[t]
                remaining[t] += 1
                continue
        if fresh:
            # Look one level ahead for every candidate of the chunk at once: the candidates of
            # the next empty cell after it. Those with none are dead ends, counted as nodes and
            # dropped; the others' masks are kept in the stack row for when we go down. The
            # candidates' computations are independent, so the processor overlaps them.
            fresh = False
            if depth + 1 != split:
                rest = todo
                while rest != _ZERO:
                    x = np.int64(trailing_zeros(rest))
                    rest &= rest - _ONE
                    j = chunk + x
                    child_cell, child_win = _next_empty(occ, cell, win | cand_cells[j], ext, n)
                    if child_cell >= n:
                        continue  # a solution
                    t = cand_piece[j]
                    child_avail = avail & ~bits[t] if remaining[t] == 1 else avail
                    child_key = (child_cell << lookahead) + np.int64((child_win >> _ONE) & look_mask)
                    child_chunk = np.int64(key_start[child_key])
                    child_end = np.int64(key_start[child_key + 1])
                    # _fit_mask(...) written out: as a call it would pay for reference counting
                    # its array arguments, at every node.
                    child_todo = _ZERO
                    x0 = np.uint64(child_chunk)
                    if lone and two_steps:
                        mask0, mask1 = lone_mask[child_cell, 0], lone_mask[child_cell, 1]
                        safe = lone_safe[child_cell]
                        for y in range(min(child_end - child_chunk, 64)):
                            cc = cand_cells[x0 + np.uint64(y)]
                            ok = _empty_and_left(child_win, cc, child_avail, cand_bit[x0 + np.uint64(y)])
                            ok &= _no_lone_cell2(child_win | cc, step0, mask0, step1, mask1, safe)
                            child_todo |= np.uint64(ok) << np.uint64(y)
                    elif lone:
                        mask0, mask1 = lone_mask[child_cell, 0], lone_mask[child_cell, 1]
                        mask2, mask3 = lone_mask[child_cell, 2], lone_mask[child_cell, 3]
                        safe = lone_safe[child_cell]
                        for y in range(min(child_end - child_chunk, 64)):
                            cc = cand_cells[x0 + np.uint64(y)]
                            ok = _empty_and_left(child_win, cc, child_avail, cand_bit[x0 + np.uint64(y)])
                            ok &= _no_lone_cell(child_win | cc, step0, mask0, step1, mask1, step2, mask2,
                                                step3, mask3, safe)
                            child_todo |= np.uint64(ok) << np.uint64(y)
                    else:
                        for y in range(min(child_end - child_chunk, 64)):
                            cc = cand_cells[x0 + np.uint64(y)]
                            ok = _empty_and_left(child_win, cc, child_avail, cand_bit[x0 + np.uint64(y)])
                            child_todo |= np.uint64(ok) << np.uint64(y)
                    stack[depth, W_CHILD + x] = np.int64(child_todo)
                    if child_todo == _ZERO and child_end - child_chunk <= 64:
                        todo ^= _ONE << np.uint64(x)
                        nodes += 1
            if nodes >= budget_end:
                status = PAUSED
                break
            continue
        x = np.int64(trailing_zeros(todo))
        todo &= todo - _ONE
        j = chunk + x
        nodes += 1
        t = cand_piece[j]
        placed[depth] = cand[j]
        child_cell, child_win = _next_empty(occ, cell, win | cand_cells[j], ext, n)
        if rules:  # see "Tiling rules" above: the look-ahead did not judge them
            for k in range(pl_cells.shape[1]):
                c = pl_cells[cand[j], k]
                if c < 0:
                    break
                cover[c] = cand[j]
            if _breaks_a_rule(tables, cover, cell, child_cell, n):
                continue
        if child_cell >= n or depth + 1 == split:
            if split > 0:  # a split's prefix (see "Splitting" above)
                _emit(out, found, placed, depth + 1)
                found += 1
            else:
                remaining[t] -= 1
                found += _full_cover(out, found, placed, depth + 1, split, remaining, slack, tables, sym,
                                     cover, params, counters)
                remaining[t] += 1
            status = _stop_after_leaf(counters, params, found)
            if status != DONE:
                break
            continue
        stack[depth, W_KEY] = key
        stack[depth, W_CHUNK] = chunk
        stack[depth, W_TODO] = np.int64(todo)
        child_todo = np.uint64(stack[depth, W_CHILD + x])
        remaining[t] -= 1
        if remaining[t] == 0:
            avail &= ~bits[t]
        pl = cand[j]
        for k in range(kw):
            occ[pl_word[pl] + k] |= masks[pl, k]
        cell = child_cell
        win = child_win
        ext = _window64(occ, cell + 64)
        key = (cell << lookahead) + np.int64((win >> _ONE) & look_mask)
        chunk = np.int64(key_start[key])
        todo = child_todo
        depth += 1
        fresh = True

    stack[depth, W_KEY] = key
    stack[depth, W_CHUNK] = chunk
    stack[depth, W_TODO] = np.int64(todo)
    counters[FOUND] = found
    counters[DEPTH] = depth
    counters[NODES] = nodes
    return status


@compiled(cache=True)
def _fit_mask(cand_bit: npt.NDArray[np.uint8], cand_cells: npt.NDArray[np.uint64], lo: Int, hi: Int, win: np.uint64,
              avail: np.uint64, lone: bool, lone_step: npt.NDArray[np.int64], lone_mask: npt.NDArray[np.uint64],
              safe: np.uint64) -> np.uint64:
    """Bit j: candidate lo + j (< hi, at most 64 of them) fits in the window ``win`` at its
    branching cell, has a copy left in ``avail`` and (if ``lone``) leaves no lone empty cell
    (``lone_mask`` and ``safe``: that cell's rows of the tables)."""
    # Unsigned indices: a signed one might be negative, so numba would wrap it around, lane by
    # lane, and the loads would not vectorise.
    base = np.uint64(lo)
    fit: np.uint64 = _ZERO
    if lone and lone_step[2] == 0:
        step0, step1 = np.uint64(lone_step[0]), np.uint64(lone_step[1])
        mask0, mask1 = lone_mask[0], lone_mask[1]
        for j in range(hi - lo):
            x = base + np.uint64(j)
            c = cand_cells[x]
            ok = _empty_and_left(win, c, avail, cand_bit[x])
            ok &= _no_lone_cell2(win | c, step0, mask0, step1, mask1, safe)
            fit |= np.uint64(ok) << np.uint64(j)
    elif lone:
        step0, step1 = np.uint64(lone_step[0]), np.uint64(lone_step[1])
        step2, step3 = np.uint64(lone_step[2]), np.uint64(lone_step[3])
        mask0, mask1, mask2, mask3 = lone_mask[0], lone_mask[1], lone_mask[2], lone_mask[3]
        for j in range(hi - lo):
            x = base + np.uint64(j)
            c = cand_cells[x]
            ok = _empty_and_left(win, c, avail, cand_bit[x])
            ok &= _no_lone_cell(win | c, step0, mask0, step1, mask1, step2, mask2, step3, mask3, safe)
            fit |= np.uint64(ok) << np.uint64(j)
    else:
        for j in range(hi - lo):
            x = base + np.uint64(j)
            c = cand_cells[x]
            ok = _empty_and_left(win, c, avail, cand_bit[x])
            fit |= np.uint64(ok) << np.uint64(j)
    return fit


@compiled(cache=True)
def _search_words(tables: KernelTables, sym: SymmetryTables, occ: npt.NDArray[np.uint64],
                  remaining: npt.NDArray[np.int32], slack: npt.NDArray[np.int32], stack: npt.NDArray[np.int64],
                  placed: npt.NDArray[np.int32], counters: npt.NDArray[np.int64], out: npt.NDArray[np.int32],
                  params: npt.NDArray[np.int64], scratch: Scratch) -> int:
    """The search on a board of any size: the occupancy is an array of words, a placement a
    window of ``K`` words from the word of its first cell (see the module docstring). A
    level's stack row is (the next candidate to try, the end of its list, its cell)."""
    masks, pl_word, pl_piece = tables.masks, tables.pl_word, tables.pl_piece
    cand, cand_piece, key_start = tables.cand, tables.cand_piece, tables.key_start
    pl_nbr, cell_nbr, fillable = tables.pl_nbr, tables.cell_nbr, tables.fillable
    mark, todo, cover = scratch
    pl_cells = tables.pl_cells
    lookahead = params[LOOKAHEAD]
    n = (key_start.shape[0] - 1) >> lookahead
    k = masks.shape[1]
    budget_end = counters[NODES] + params[BUDGET]
    pockets = params[POCKETS] != 0
    rules = tables.rule_kind.shape[0] > 0
    depth = counters[DEPTH]
    base = counters[BASE]
    split = base + params[SPLIT] if params[SPLIT] > 0 else -1
    nodes = counters[NODES]
    found = 0
    status = DONE
    if rules:
        _cover_placed(tables, cover, placed, depth)

    if counters[STARTED] == 0:
        counters[STARTED] = 1
        first = _first_empty(occ, 0, n)
        if rules and _breaks_a_rule(tables, cover, -1, first, n):
            # The placements put down in advance (or the pre-placed pieces) break a rule.
            counters[FOUND] = 0
            return DONE
        if first >= n:
            # The forced placements (if any) already tile the board: the only solution.
            counters[FOUND] = _full_cover(out, 0, placed, depth, split, remaining, slack, tables, sym,
                                          cover, params, counters)
            return DONE
        _open_level(stack, depth, first, occ, key_start, lookahead)

    while True:
        if nodes >= budget_end:
            status = PAUSED
            break
        i = stack[depth, POS]
        end = stack[depth, END]
        cell = stack[depth, CELL]
        chosen = -1
        while i < end:
            pl = cand[i]
            if pl >= 0 and remaining[cand_piece[i]] > 0 and _fits(occ, masks, pl_word[pl], pl, k):
                chosen = pl
                i += 1
                break
            i += 1
        if chosen < 0:
            # Every option at this level is tried: undo the placement one level up.
            if depth == base:
                break
            depth -= 1
            pl = placed[depth]
            _toggle(occ, masks, pl_word[pl], pl, k)
            remaining[pl_piece[pl]] += 1
            continue
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
        if rules:
            for j in range(pl_cells.shape[1]):
                c = pl_cells[chosen, j]
                if c < 0:
                    break
                cover[c] = chosen
            if _breaks_a_rule(tables, cover, cell, nxt, n):
                _toggle(occ, masks, w, chosen, k)
                remaining[t] += 1
                continue
        if nxt >= n or depth + 1 == split:
            if split > 0:  # a split's prefix (see "Splitting" above)
                _emit(out, found, placed, depth + 1)
                found += 1
            else:
                found += _full_cover(out, found, placed, depth + 1, split, remaining, slack, tables, sym,
                                     cover, params, counters)
            _toggle(occ, masks, w, chosen, k)
            remaining[t] += 1
            status = _stop_after_leaf(counters, params, found)
            if status != DONE:
                break
            continue
        depth += 1
        _open_level(stack, depth, nxt, occ, key_start, lookahead)

    counters[FOUND] = found
    counters[DEPTH] = depth
    counters[NODES] = nodes
    return status


@compiled(cache=True, inline="always")
def _open_level(stack: npt.NDArray[np.int64], depth: Int, cell: Int, occ: npt.NDArray[np.uint64],
                key_start: npt.NDArray[np.int32], lookahead: Int) -> None:
    key = (cell << lookahead) + _window(occ, cell + 1, lookahead)
    stack[depth, POS] = key_start[key]
    stack[depth, END] = key_start[key + 1]
    stack[depth, CELL] = cell


@compiled(cache=True)
def _dead_placements(pl_cells: npt.NDArray[np.int32], pl_piece: npt.NDArray[np.int32], cell_nbr: npt.NDArray[np.int32],
                     fillable: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """dead[p]: placement p cuts off a region of free cells of a size that ``fillable[piece]``
    says nothing can fill. Runs once before the search, on the empty board.

    The regions beside a placement are filled from all its free neighbours at once, breadth
    first, a fill from each; fills that meet are one region (union-find). A region is judged
    when its fill has nowhere left to go, and once one region alone is still open, the rest of
    the board's part is that region: its size is what the others leave, so it is never
    walked. Where the placement leaves one region, the fills meet around it within a step or
    two and nothing else is walked; where it cuts the board (a thin board), only the smaller
    side is."""
    n_pl = pl_cells.shape[0]
    n = cell_nbr.shape[0]
    dead = np.zeros(n_pl, dtype=np.bool_)
    mark = np.zeros(n, dtype=np.int32)  # == stamp: seen in this placement's fills
    stack = np.empty(n, dtype=np.int32)
    # The board's connected parts: part[c] and their sizes (a placement lies in one).
    part = np.full(n, -1, dtype=np.int64)
    part_size = np.zeros(n + 1, dtype=np.int64)
    parts = 0
    for c in range(n):
        if part[c] >= 0:
            continue
        part[c] = parts
        stack[0] = c
        top = 1
        while top > 0:
            top -= 1
            x = stack[top]
            part_size[parts] += 1
            for q in range(cell_nbr.shape[1]):
                y = cell_nbr[x, q]
                if y < 0:
                    break
                if part[y] < 0:
                    part[y] = parts
                    stack[top] = y
                    top += 1
        parts += 1
    # The largest region size that cannot be filled, among those that can occur beside a
    # placement of each piece (at most n minus its cells).
    piece_size = np.zeros(fillable.shape[0], dtype=np.int64)
    for p in range(n_pl):
        piece_size[pl_piece[p]] = np.sum(pl_cells[p] >= 0)
    largest = np.full(fillable.shape[0], -1, dtype=np.int64)
    for t in range(fillable.shape[0]):
        for k in range(min(fillable.shape[1], n - piece_size[t] + 1)):
            if not fillable[t, k]:
                largest[t] = k
    owner = np.zeros(n, dtype=np.int64)  # the fill that reached the cell (-1: the placement)
    parent = np.zeros(n, dtype=np.int64)  # fills met are merged: union-find over them
    size = np.zeros(n, dtype=np.int64)     # cells of a fill (at its root)
    pending = np.zeros(n, dtype=np.int64)  # cells of a fill reached but not yet expanded
    for p in range(n_pl):
        t = pl_piece[p]
        if largest[t] < 0:
            continue
        stamp = p + 1
        fills = 0
        tail = 0
        for j in range(pl_cells.shape[1]):
            c = pl_cells[p, j]
            if c < 0:
                break
            mark[c] = stamp
            owner[c] = -1
        for j in range(pl_cells.shape[1]):  # a fill from each free neighbour
            c = pl_cells[p, j]
            if c < 0:
                break
            for m in range(cell_nbr.shape[1]):
                y = cell_nbr[c, m]
                if y < 0:
                    break
                if mark[y] != stamp:
                    mark[y] = stamp
                    owner[y] = parent[fills] = fills
                    size[fills] = pending[fills] = 1
                    fills += 1
                    stack[tail] = y
                    tail += 1
        open_ = fills  # fills not merged and not at their end
        small = 0      # cells of the regions at their end
        head = 0
        while head < tail and open_ > 1:
            x = stack[head]
            head += 1
            r = owner[x]
            while parent[r] != r:
                r = parent[r]
            pending[r] -= 1
            for q in range(cell_nbr.shape[1]):
                y = cell_nbr[x, q]
                if y < 0:
                    break
                if mark[y] != stamp:
                    mark[y] = stamp
                    owner[y] = r
                    size[r] += 1
                    pending[r] += 1
                    stack[tail] = y
                    tail += 1
                elif owner[y] >= 0:
                    o = owner[y]
                    while parent[o] != o:
                        o = parent[o]
                    if o != r:  # two fills met: one region
                        parent[r] = o
                        size[o] += size[r]
                        pending[o] += pending[r]
                        r = o
                        open_ -= 1
            if pending[r] == 0:  # a region walked to its end
                open_ -= 1
                if not fillable[t, size[r]]:
                    dead[p] = True
                    break
                small += size[r]
        if not dead[p] and open_ == 1:  # the last region is what the others leave
            rest = part_size[part[pl_cells[p, 0]]] - piece_size[t]
            dead[p] = not fillable[t, rest - small]
    return dead


_WORD = (1 << 64) - 1


def rest_of_stack(tables: KernelTables, sym: SymmetryTables, occ: npt.NDArray[np.uint64],
                  remaining: npt.NDArray[np.int32], stack: npt.NDArray[np.int64], placed: npt.NDArray[np.int32],
                  counters: npt.NDArray[np.int64], params: npt.NDArray[np.int64]) -> list[tuple[int, list[int]]]:
    """What a PAUSED search has not searched yet: ``[(d, ids)]`` for each open level ``d``
    (deepest first) with placements left to try, ``ids`` those placements (each one fits on
    the board as it is at that level, with ``placed[:d]`` down). The subtrees below
    ``placed[:d] + (i,)`` for each such ``i``, and what the search has already counted, are the
    whole tree, without overlap. Plain Python: it runs once per pause, not per node.

    A level's rest is read from its stack row (see the two loops): in :func:`_search_word` the
    candidates of its chunk not taken yet (already tested and looked ahead at) and those of its
    later chunks (tested here: they fit and their piece has a copy left); in
    :func:`_search_words` its candidates from the next one on.
    """
    words = [int(w) for w in occ]  # Python integers: no uint64 arithmetic to watch
    remaining = remaining.copy()
    masks, pl_word, pl_piece = tables.masks, tables.pl_word, tables.pl_piece
    cand, cand_piece, key_start = tables.cand, tables.cand_piece, tables.key_start
    kw = masks.shape[1]
    base, depth = int(counters[BASE]), int(counters[DEPTH])
    lookahead = int(params[LOOKAHEAD])
    # In a restricted part the second piece's placements on the alias bit are left out.
    left_out = ALIAS if _restricted(sym, placed, base, int(params[SECOND])) else 63
    out: list[tuple[int, list[int]]] = []
    for d in range(depth, base - 1, -1):
        if d < depth:  # back to level d: take off the placement it had put down
            pl = int(placed[d])
            w = int(pl_word[pl])
            for k in range(kw):
                words[w + k] ^= int(masks[pl, k])
            remaining[pl_piece[pl]] += 1
        ids: list[int] = []
        if tables.one_word:
            key, chunk, todo = int(stack[d, W_KEY]), int(stack[d, W_CHUNK]), int(stack[d, W_TODO]) & _WORD
            while todo:
                x = (todo & -todo).bit_length() - 1
                todo &= todo - 1
                ids.append(int(cand[chunk + x]))
            cell = key >> lookahead
            w, b = cell >> 6, cell & 63
            win = ((words[w] >> b) | (words[w + 1] << (64 - b))) & _WORD
            for j in range(chunk + 64, int(key_start[key + 1])):
                if tables.cand_bit[j] not in (63, left_out) and win & int(tables.cand_cells[j]) == 0 \
                        and remaining[cand_piece[j]] > 0:
                    ids.append(int(cand[j]))
        else:
            for j in range(int(stack[d, POS]), int(stack[d, END])):
                pl = int(cand[j])
                if pl >= 0 and remaining[cand_piece[j]] > 0 and all(
                        words[int(pl_word[pl]) + k] & int(masks[pl, k]) == 0 for k in range(kw)):
                    ids.append(pl)
        if ids:
            out.append((d, ids))
    return out
