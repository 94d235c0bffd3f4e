"""Counting tilings with a transposition table, and orbits by Burnside's lemma.

When a piece comes in many interchangeable copies (32 dominoes on 8x8), the enumerating
kernel visits every one of the 12,988,816 tilings. But the rest of a search depends only on
which cells are full and how many copies of each piece are left, and with copies the same
state is reached along many paths. This module counts the completions of each state once and
remembers them: a first-empty-cell search over *options* (sets of cells, each using some
copies of some pieces) whose state (the occupancy from the first empty cell on, and the copies
left) is looked up in an open-addressing hash table before it is searched, and stored with its
count when it is done. The table has a fixed size; when it is 3/4 full, no more states are
stored (the count stays exact, only slower).

Orbits come from Burnside's lemma: the number of orbits of tilings under a group G is the mean
over g in G of Fix(g), the number of tilings that g maps to themselves. A tiling fixed by g is
a union of whole orbits of placements under the cyclic group <g>, so Fix(g) counts exact covers
by those orbits (an orbit whose members overlap cannot be used), with the same search. Fix of
the identity is the number of every tiling.

Like the main kernel, the search keeps its stack in arrays and stops after a budget of nodes,
so the wrapper can show progress and answer Ctrl-C between calls.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pentomino.search.kernel import _first_empty

# Counters.
M_DEPTH, M_NODES, M_COUNT, M_STARTED, M_STORED = 0, 1, 2, 3, 4
M_COUNTERS = 5
# Stack columns: the branching cell, the position reached in its options, the count on entry.
S_CELL, S_POS, S_ENTRY = 0, 1, 2

TABLE_BITS = 20  # 2**20 states: ~8 MB per key word
MAX_COPIES = 0xFFFF  # copies left must fit the key's 16 bits


@njit(cache=True, inline="always")
def _mix(h, x):
    h ^= x + np.uint64(0x9E3779B97F4A7C15) + (h << np.uint64(6)) + (h >> np.uint64(2))
    return h


@njit(cache=True)
def _make_key(occ, remaining, start_word, key):
    """The state as words: the first word that is not all full, the occupancy from there on,
    and the copies left, sixteen bits each."""
    kw = key.shape[0]
    key[0] = np.uint64(start_word)
    j = 1
    for w in range(start_word, occ.shape[0]):
        key[j] = occ[w]
        j += 1
    while j < kw:
        key[j] = np.uint64(0)
        j += 1
    base = 1 + occ.shape[0]
    for t in range(remaining.shape[0]):
        key[base + (t >> 2)] |= np.uint64(remaining[t] & 0xFFFF) << np.uint64((t & 3) * 16)


@njit(cache=True)
def _find(keys, used, key):
    """The slot holding ``key``, or the empty slot where it belongs (-1 - slot)."""
    cap = keys.shape[0]
    h = np.uint64(0x84222325CBF29CE4)
    for j in range(key.shape[0]):
        h = _mix(h, key[j])
    slot = np.int64(h & np.uint64(cap - 1))
    while True:
        if not used[slot]:
            return -1 - slot
        same = True
        for j in range(key.shape[0]):
            if keys[slot, j] != key[j]:
                same = False
                break
        if same:
            return slot
        slot = (slot + 1) & (cap - 1)


@njit(cache=True)
def _count_covers(opt_masks, opt_word, opt_use, opt_start, opt_list, occ, remaining, slack,
                  stack, placed, counters, table, budget):
    """Count (or resume counting) the exact covers of the empty cells by the options.

    opt_masks uint64[O, K] cells, as a window from word opt_word[o]; opt_use int32[O, U, 2]
    (piece, copies) pairs, -1 padded; opt_list[opt_start[c]:opt_start[c + 1]] the options whose
    first cell is c. table = (keys uint64[cap, KW], values int64[cap], used bool[cap], key scratch
    uint64[KW]). Returns True when the count is complete.
    """
    keys, values, used, key = table
    n = opt_start.shape[0] - 1
    kmask = opt_masks.shape[1]
    cap = keys.shape[0]
    nodes = counters[M_NODES]
    end = nodes + budget
    depth = counters[M_DEPTH]
    count = counters[M_COUNT]
    if counters[M_STARTED] == 0:
        counters[M_STARTED] = 1
        c = _first_empty(occ, 0, n)
        if c >= n:
            ok = True
            for t in range(remaining.shape[0]):
                if remaining[t] > slack[t]:
                    ok = False
            counters[M_COUNT] = 1 if ok else 0
            counters[M_DEPTH] = -1
            return True
        stack[0, S_CELL] = c
        stack[0, S_POS] = opt_start[c]
        stack[0, S_ENTRY] = count
        depth = 0
    if depth < 0:
        return True
    while True:
        if nodes >= end:
            counters[M_DEPTH] = depth
            counters[M_NODES] = nodes
            counters[M_COUNT] = count
            return False
        cell = stack[depth, S_CELL]
        i = stack[depth, S_POS]
        hi = opt_start[cell + 1]
        chosen = -1
        while i < hi:
            o = opt_list[i]
            i += 1
            w = opt_word[o]
            fits = True
            for j in range(kmask):
                if occ[w + j] & opt_masks[o, j]:
                    fits = False
                    break
            if fits:
                for u in range(opt_use.shape[1]):
                    t = opt_use[o, u, 0]
                    if t < 0:
                        break
                    if remaining[t] < opt_use[o, u, 1]:
                        fits = False
                        break
            if fits:
                chosen = o
                break
        stack[depth, S_POS] = i
        if chosen < 0:
            # This state is done: remember its count, then undo the option that led here.
            if counters[M_STORED] * 4 < cap * 3:
                _make_key(occ, remaining, cell >> 6, key)
                slot = _find(keys, used, key)
                if slot < 0:
                    slot = -1 - slot
                    used[slot] = True
                    for j in range(key.shape[0]):
                        keys[slot, j] = key[j]
                    values[slot] = count - stack[depth, S_ENTRY]
                    counters[M_STORED] += 1
            if depth == 0:
                counters[M_DEPTH] = -1
                counters[M_NODES] = nodes
                counters[M_COUNT] = count
                return True
            depth -= 1
            _apply(occ, remaining, opt_masks, opt_word, opt_use, placed[depth], 1)
            continue
        nodes += 1
        _apply(occ, remaining, opt_masks, opt_word, opt_use, chosen, -1)
        placed[depth] = chosen
        nxt = _first_empty(occ, cell, n)
        if nxt >= n:
            ok = True
            for t in range(remaining.shape[0]):
                if remaining[t] > slack[t]:
                    ok = False
                    break
            if ok:
                count += 1
            _apply(occ, remaining, opt_masks, opt_word, opt_use, chosen, 1)
            continue
        _make_key(occ, remaining, nxt >> 6, key)
        slot = _find(keys, used, key)
        if slot >= 0:
            count += values[slot]
            _apply(occ, remaining, opt_masks, opt_word, opt_use, chosen, 1)
            continue
        depth += 1
        stack[depth, S_CELL] = nxt
        stack[depth, S_POS] = opt_start[nxt]
        stack[depth, S_ENTRY] = count


@njit(cache=True, inline="always")
def _apply(occ, remaining, opt_masks, opt_word, opt_use, o, sign):
    """Put option ``o`` down (sign -1: copies are used) or take it up (sign +1)."""
    w = opt_word[o]
    for j in range(opt_masks.shape[1]):
        occ[w + j] ^= opt_masks[o, j]
    for u in range(opt_use.shape[1]):
        t = opt_use[o, u, 0]
        if t < 0:
            break
        remaining[t] += sign * opt_use[o, u, 1]


# -- the Python side: options for each group element, and the Burnside sum ------------------
def worth_it(packed) -> bool:
    """Memoised counting pays when states repeat: a piece has copies, or no piece breaks the
    symmetry (then the enumerating kernel would compare every tiling with its images)."""
    return bool(packed.cells) and int(packed.remaining.max(initial=0)) <= MAX_COPIES and (
        packed.check_all or int(packed.remaining.max(initial=0)) > 1)


def burnside_counts(packed, progress=None, budget: int = 1 << 20) -> tuple[dict, int]:
    """``({"full": .., "rotations": .., "none": ..}, nodes)`` for the group ``packed.group``."""
    group = packed.group
    fixed = []
    nodes = 0
    for g in range(len(group)):
        counter = CoverCounter(packed, orbit_options(packed, g))
        while not counter.step(budget):
            if progress is not None:
                progress(sum(fixed) // len(group), nodes + counter.nodes, g, len(group))
        fixed.append(counter.count)
        nodes += counter.nodes
    proper = [f for f, g in zip(fixed, group) if g.proper]
    full, rest = divmod(sum(fixed), len(group))
    rotations, rest2 = divmod(sum(proper), len(proper))
    if rest or rest2:  # Burnside's sums are always multiples of the group order
        raise AssertionError(f"Burnside sums {fixed} are not divisible by the group order")
    return {"full": full, "rotations": rotations, "none": fixed[0]}, nodes
def orbit_options(packed, g: int) -> list[tuple[tuple[int, ...], dict[int, int]]]:
    """The unions of the orbits of placements under <g> whose members do not overlap:
    ``[(sorted cells, {piece: copies}), ...]``. For the identity: the placements themselves."""
    perm = packed.sym.perm
    seen = set()
    out = []
    for i, (t, cells) in enumerate(packed.placements):
        if i in seen:
            continue
        orbit = [i]
        j = int(perm[g, i])
        while j != i:
            orbit.append(j)
            j = int(perm[g, j])
        seen.update(orbit)
        members = sorted(set(orbit))
        covered: set[int] = set()
        ok = True
        use: dict[int, int] = {}
        for m in members:
            mt, mc = packed.placements[m]
            if covered.intersection(mc):
                ok = False
                break
            covered.update(mc)
            use[mt] = use.get(mt, 0) + 1
        if ok:
            out.append((tuple(sorted(covered)), use))
    return out


class CoverCounter:
    """Resumable count of the exact covers by one list of options (see the module docstring)."""

    def __init__(self, packed, options) -> None:
        n = len(packed.cells)
        options = sorted(options, key=lambda o: (o[0][0], o[0]))
        O = max(len(options), 1)
        kw = max((cs[-1] // 64 - cs[0] // 64 + 1 for cs, _ in options), default=1)
        uses = max((len(u) for _, u in options), default=1)
        self.masks = np.zeros((O, kw), dtype=np.uint64)
        self.word = np.zeros(O, dtype=np.int32)
        self.use = np.full((O, max(uses, 1), 2), -1, dtype=np.int32)
        start = np.zeros(n + 1, dtype=np.int32)
        for o, (cells, use) in enumerate(options):
            w0 = cells[0] // 64
            self.word[o] = w0
            for c in cells:
                self.masks[o, c // 64 - w0] |= np.uint64(1) << np.uint64(c % 64)
            for u, (t, k) in enumerate(sorted(use.items())):
                self.use[o, u] = (t, k)
            start[cells[0] + 1] += 1
        self.start = np.cumsum(start).astype(np.int32)
        self.list = np.arange(O, dtype=np.int32)
        words = max(1, (n + 63) // 64)
        self.occ = np.zeros(words + kw + 1, dtype=np.uint64)
        for c in range(n, 64 * self.occ.shape[0]):
            self.occ[c // 64] |= np.uint64(1) << np.uint64(c % 64)
        self.remaining = packed.remaining.copy()
        self.slack = packed.slack
        depth = n + 2
        self.stack = np.zeros((depth, 3), dtype=np.int64)
        self.placed = np.zeros(depth, dtype=np.int32)
        self.counters = np.zeros(M_COUNTERS, dtype=np.int64)
        key_words = 1 + self.occ.shape[0] + (len(self.remaining) + 3) // 4
        cap = 1 << TABLE_BITS
        self.table = (np.zeros((cap, key_words), dtype=np.uint64), np.zeros(cap, dtype=np.int64),
                      np.zeros(cap, dtype=np.bool_), np.zeros(key_words, dtype=np.uint64))
        self.done = not options and n > 0

    def step(self, budget: int) -> bool:
        """Search up to ``budget`` nodes; True when the count is complete."""
        if self.done:
            return True
        self.done = _count_covers(self.masks, self.word, self.use, self.start, self.list, self.occ,
                                  self.remaining, self.slack, self.stack, self.placed, self.counters,
                                  self.table, budget)
        return self.done

    @property
    def count(self) -> int:
        return int(self.counters[M_COUNT])

    @property
    def nodes(self) -> int:
        return int(self.counters[M_NODES])
