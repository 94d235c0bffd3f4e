"""Counting tilings by dynamic programming over the frontier, and orbits by Burnside's lemma.

When a piece comes in many interchangeable copies (98 dominoes on 14x14), the enumerating
kernel would visit every one of the 1.1 * 10^23 tilings. But how a partial tiling can be
completed depends only on its *state*: which cells are full and how many copies of each piece
are left. This module counts the tilings of a board by the number of ways to reach each state,
a cell at a time (the transfer-matrix or broken-profile method, for any pieces):

* Cells are numbered in scan order (along the board's short direction first). Layer c holds the
  states in which every cell before c is full, each with the number of ways to reach it. A
  state's key is the occupancy of the window of cells from c on that a placement begun before c
  can reach (a few words: the frontier), and the copies that still matter, packed into bit
  fields.
* Layer c + 1 comes from layer c: a state whose cell c is full goes on unchanged; otherwise
  each option (a set of cells, using some copies of some pieces) whose first cell is c and that
  fits is put down, and the new state receives the count. The count of the board is the sum
  over the last layer's states whose copies meet every piece's minimum.
* Copies: a piece that cannot run out (its maximum is at least the board's area over its size,
  e.g. ``any``) keeps only the copies it still *needs* (its minimum not yet met), so that
  "dominoes and monominoes, any number" has one state per frontier, not one per mix.
* Each layer is an open-addressing hash table (linear probing) that grows as it fills; only two are
  alive at once, so memory follows the largest layer actually met, not the board. Before each
  growth the new size is checked against the free memory (and the caller's limit): a count too
  large for the machine stops with :class:`CountTooLarge` instead of being killed.

Orbits come from Burnside's lemma: the number of orbits of tilings under a group G is the mean
over g in G of Fix(g), the number of tilings that g maps to themselves. A tiling fixed by g is a
union of whole orbits of placements under the cyclic group <g>, so Fix(g) counts exact covers
by those orbits (an orbit whose members overlap cannot be used), with the same sweep. Fix of
the identity is the number of every tiling. Only the terms a mode needs are counted: the
identity for ``none``, the rotations for ``rotations``, all of G for ``full``. Each term
numbers the cells orbit by orbit under <g> (see :func:`orbit_options`), so that an orbit of
placements spans a short window, not the whole board.

Exact counts of any size. Counts are unsigned multi-word integers (limbs of 64 bits, least
significant first), added with carries. Every addition checks the carry out of the top limb;
on a carry the sweep stops, the wrapper widens every count by one limb and the layer is redone
from its start (the previous layer is intact), so no count ever wraps and no bound has to be
known in advance. Residues modulo a few 61-bit primes would need such a bound to choose how many
primes, and a reduction per prime at every addition; limbs cost almost nothing: dominoes on
12x12 (an answer of one limb) run in 6.0 ms with one limb and 6.2 ms with three (median of 9,
AMD EPYC), because the time goes to finding the state's slot, not to adding. Burnside's sums,
the division by |G| and the totals across processes are Python integers.

Speed. The work is one hash-table insert per state carried on and per option put down. The
loop is written out in one function, with unsigned indices and no calls that pass arrays (numba
reference-counts array arguments and checks signed indices for wrapping around); a layer visits
its states through the list of the slots it filled while its table is sparse, and slot by slot
(memory read in sequence) once the table is a quarter full; the key is one bit string (window,
then copies), a single word for dominoes on boards up to 50 cells wide. What remains is mostly
the wait for the slot's cache line once the tables outgrow the caches, so tables grow when 3/4
full rather than half (smaller tables, longer probes within a cache line or two: dominoes on
18x18 in 1.7 s instead of 2.3 s, AMD EPYC).

Like the main kernel, the sweep stops after a budget of work and resumes, so the wrapper can
show progress, grow tables and answer Ctrl-C between calls.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from pentomino.errors import CountTooLarge, InternalError, Term
from pentomino.search.jit import compiled
from pentomino.search.tables import PackedPuzzle, bit_windows
from pentomino.tuning import FIRST_CAPACITY, MEMO_CHUNK, RESERVE

# Return codes of _sweep.
DONE, PAUSED, GROW, OVERFLOW = 0, 1, 2, 3
# The int64 ``st`` state array: the layer, the position reached in its states, nodes so far,
# nodes when the layer began (to undo a layer that overflowed), the size of each table, the
# largest layer so far, the limbs of a count, and how the layer visits its states: 0 by their
# order (a sparse table), else slot by slot up to this slot (a dense one: memory is read in
# sequence, which pays once the table outgrows the caches), and the work done so far (states
# visited and placements put down: what the sweep's budget counts, and what a count costs).
S_LAYER, S_POS, S_NODES, S_LAYER_NODES, S_SIZE0, S_SIZE1, S_PEAK, S_LIMBS, S_SCAN, S_WORK = range(10)
N_STATE = 10

Option = tuple[tuple[int, ...], dict[int, int]]
"""A set of cells a cover may use, and what using it takes: (sorted cells, {piece: copies})."""
Tick = Callable[[int, int, int], None]
"""Hears a memoised count as it goes: ``tick(layer, cells, nodes)``."""

@compiled(cache=True, nogil=True)
def _sweep(masks: npt.NDArray[np.uint64], top: np.uint64, use: npt.NDArray[np.int32], start: npt.NDArray[np.int64],
           f_word: npt.NDArray[np.uint64], f_shift: npt.NDArray[np.uint64], f_mask: npt.NDArray[np.uint64],
           f_limited: npt.NDArray[np.bool_], tables: npt.NDArray[np.uint64], order: npt.NDArray[np.int64],
           key: npt.NDArray[np.uint64], st: npt.NDArray[np.int64], profile: npt.NDArray[np.int64],
           budget: int) -> int:
    """Advance the layers (see the module docstring) until done or a budget of work is spent.

    The key of a state in layer c is a bit string: bit i < W says whether cell c + i is full;
    then the copies of piece t are (key[f_word[t]] >> f_shift[t]) & f_mask[t]. masks uint64[O,
    KO]: each option's cells as such a window from its first cell (``top``: the window's bits in
    word KO - 1); use int32[O, U, 2]: its (piece, copies) pairs, -1 padded; start int64[n + 1]:
    the options of cell c are start[c]:start[c + 1].

    tables uint64[2, cap, 1 + KW + L]: the hash tables of two layers (layer c reads table c & 1,
    slot by slot, and writes the other). A row is [tag (0: empty, else the key's hash, odd),
    key words, count limbs, least significant first]; order int64[2, cap]: each table's used
    slots in the order they were filled, so a layer visits its states, not its empty slots;
    ``key`` is a row's worth of scratch; profile int64[n, 2]: for each layer done, the work
    done by its end (st[S_WORK] then) and its states. Returns
    DONE, PAUSED, GROW (the next table is 3/4 full: the wrapper grows the tables) or OVERFLOW
    (a count needs another limb). Everything is written out in this one function: a call that
    passes arrays pays for reference counting them at every state.
    """
    # Indices are unsigned: numba checks a signed index for wrapping around at every access.
    u0, one = np.uint64(0), np.uint64(1)
    n = start.shape[0] - 1
    ko = np.uint64(masks.shape[1])
    width = np.uint64(tables.shape[2])
    kw = width - one - np.uint64(st[S_LIMBS])
    slots = np.uint64(tables.shape[1] - 1)
    uses = np.uint64(use.shape[1])
    nodes = st[S_NODES]
    work = np.int64(0)
    c = st[S_LAYER]
    i = st[S_POS]
    while c < n:
        prev, nxt = tables[c & 1], tables[1 - (c & 1)]
        filled, filling = order[c & 1], order[1 - (c & 1)]
        psize = st[S_SIZE0 + (c & 1)]
        nsize = st[S_SIZE0 + 1 - (c & 1)]
        lo = np.uint64(start[c])
        hi = np.uint64(start[c + 1])
        room = tables.shape[1] * 3 // 4 - max(start[c + 1] - start[c], 1)
        if i == 0:
            st[S_SCAN] = prev.shape[0] if psize * 4 > prev.shape[0] else 0
        scan = st[S_SCAN]
        while i < (scan if scan else psize):
            if scan:
                if prev[i, u0] == u0:
                    i += 1
                    continue
                k = np.uint64(i)
            else:
                k = np.uint64(filled[i])
            if nsize > room or work >= budget:
                st[S_LAYER], st[S_POS], st[S_NODES], st[S_SIZE0 + 1 - (c & 1)] = c, i, nodes, nsize
                st[S_WORK] += work
                return GROW if nsize > room else PAUSED
            work += 1
            # Cell c full: the state goes on as it is (one pass); else each option that fits.
            full = (prev[k, one] & one) != u0
            o = lo
            end = lo + one if full else hi
            while o < end:
                if full:
                    for j in range(one, one + kw):
                        key[j] = prev[k, j]
                else:
                    fits = True
                    for j in range(ko):
                        if prev[k, one + j] & masks[o, j]:
                            fits = False
                            break
                    for u in range(uses):
                        t = use[o, u, 0]
                        if not fits or t < 0:
                            break
                        tu = np.uint64(t)
                        have = (prev[k, one + f_word[tu]] >> f_shift[tu]) & f_mask[tu]
                        fits = not f_limited[tu] or have >= np.uint64(use[o, u, 1])
                    if not fits:
                        o += one
                        continue
                    nodes += 1
                    work += 1
                    for j in range(one, one + kw):
                        key[j] = prev[k, j]
                    for j in range(ko):
                        key[one + j] |= masks[o, j]
                    for u in range(uses):
                        t = use[o, u, 0]
                        if t < 0:
                            break
                        tu = np.uint64(t)
                        w = one + f_word[tu]
                        have = (key[w] >> f_shift[tu]) & f_mask[tu]
                        need = np.uint64(use[o, u, 1])
                        left = have - need if have > need else u0
                        key[w] = (key[w] & ~(f_mask[tu] << f_shift[tu])) | (left << f_shift[tu])
                o += one
                # The window moves one cell on: cell c leaves it, its last cell enters empty.
                for j in range(one, ko):
                    key[j] = (key[j] >> one) | (key[j + one] << np.uint64(63))
                x = key[ko]
                key[ko] = (x & ~top) | ((x & top) >> one)
                # Add the count to the new state's row in the next table.
                h = np.uint64(0x9E3779B97F4A7C15)
                for j in range(one, one + kw):
                    h = (h ^ key[j]) * np.uint64(0xBF58476D1CE4E5B9)
                    h ^= h >> np.uint64(31)
                h *= np.uint64(0x94D049BB133111EB)  # a last multiply and shift, so that every key
                tag = (h ^ (h >> np.uint64(32))) | one  # bit reaches the low bits that pick the slot
                slot = tag & slots
                while True:
                    t0 = nxt[slot, u0]
                    if t0 == u0:
                        nxt[slot, u0] = tag
                        for j in range(one, one + kw):
                            nxt[slot, j] = key[j]
                        for j in range(one + kw, width):
                            nxt[slot, j] = prev[k, j]
                        filling[nsize] = slot
                        nsize += 1
                        break
                    if t0 == tag:
                        same = True
                        for j in range(one, one + kw):
                            if nxt[slot, j] != key[j]:
                                same = False
                                break
                        if same:
                            carry = u0
                            for j in range(one + kw, width):
                                a = nxt[slot, j]
                                b = a + prev[k, j]
                                x = b + carry
                                carry = np.uint64(b < a or x < b)
                                nxt[slot, j] = x
                            if carry:
                                st[S_LAYER], st[S_NODES] = c, nodes
                                st[S_WORK] += work
                                return OVERFLOW
                            break
                    slot = (slot + one) & slots
            i += 1
        for i in range(psize):  # layer c is done: its table is the next layer's to fill
            prev[filled[i], u0] = u0
        st[S_SIZE0 + (c & 1)] = 0
        st[S_SIZE0 + 1 - (c & 1)] = nsize
        st[S_PEAK] = max(st[S_PEAK], nsize)
        profile[c, 0] = st[S_WORK] + work
        profile[c, 1] = psize
        c += 1
        i = 0
        st[S_LAYER_NODES] = nodes
    st[S_LAYER], st[S_POS], st[S_NODES] = c, 0, nodes
    st[S_WORK] += work
    return DONE


@compiled(cache=True)
def _rehash(old: npt.NDArray[np.uint64], old_order: npt.NDArray[np.int64], new: npt.NDArray[np.uint64],
            new_order: npt.NDArray[np.int64], q: int, size: int) -> None:
    """Move the tables ``old`` into the empty, larger ``new``. The ``size`` states of table
    ``q`` (being filled) are rehashed, in their order: keys are distinct, so each goes to the
    first empty slot from its hash (its tag). The other table (being read) keeps its slots and
    order, so the position reached in it stays valid."""
    slots = np.uint64(new.shape[1] - 1)
    new[1 - q, :old.shape[1]] = old[1 - q]
    new_order[1 - q, :old.shape[1]] = old_order[1 - q]
    for i in range(size):
        row = old[q, old_order[q, i]]
        slot = row[0] & slots
        while new[q, slot, 0] != 0:
            slot = (slot + np.uint64(1)) & slots
        new[q, slot] = row
        new_order[q, i] = slot


def _to_int(limbs: npt.NDArray[np.uint64]) -> int:
    return sum(int(x) << (64 * j) for j, x in enumerate(limbs))


def free_memory() -> int | None:
    """Bytes the kernel says are available to new allocations (Linux), or None if unknown."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:  # pragma: no cover - not Linux
        pass
    return None  # pragma: no cover


def _megabytes(b: int) -> str:
    return f"{b / 2**30:.1f} GB" if b >= 2**30 else f"{b / 2**20:.1f} MB"


class FrontierCount:
    """Resumable count of the exact covers of a puzzle's free cells by a list of options
    (see the module docstring). ``options``: ``[(sorted cells, {piece: copies}), ...]``.

    ``max_memory``: bytes the two tables may take together (None: what the machine has free).
    """

    def __init__(self, packed: PackedPuzzle, options: list[Option], max_memory: int | None = None) -> None:
        n = len(packed.cells)
        self.n = n
        self.max_memory = max_memory
        options = sorted(options, key=lambda o: o[0][0])  # by first cell
        n_options = max(len(options), 1)
        window = max((cs[-1] - cs[0] + 1 for cs, _ in options), default=1)
        self.window = window
        """The most cells an option spans, from its first: how far a state's frontier reaches."""
        ko = (window + 63) // 64
        uses = max((len(u) for _, u in options), default=1)
        self.masks = bit_windows([cs for cs, _ in options], [cs[0] for cs, _ in options], ko)
        self.top = np.uint64((1 << (window - 64 * (ko - 1))) - 1)
        self.use = np.full((n_options, max(uses, 1), 2), -1, dtype=np.int32)
        if options:
            for o, (_, use) in enumerate(options):
                for u, tk in enumerate(sorted(use.items())):
                    self.use[o, u] = tk
        firsts = np.array([cs[0] for cs, _ in options], dtype=np.int64)
        self.start = np.searchsorted(firsts, np.arange(n + 1), side="left").astype(np.int64)
        self.fan = int(max(np.diff(self.start).max(initial=1), 1))

        # The copies that matter, as bit fields after the window (see the module docstring).
        remaining = [int(x) for x in packed.remaining]
        slack = [int(x) for x in packed.slack]
        limited = [r < n // int(s) for r, s in zip(remaining, packed.sizes, strict=True)]
        first = [r if lim else max(r - sl, 0) for r, sl, lim in zip(remaining, slack, limited, strict=True)]
        self.done_at = [sl if lim else 0 for sl, lim in zip(slack, limited, strict=True)]  # copies left at the end
        self.f_word = np.zeros(len(first), dtype=np.uint64)  # unsigned, as the sweep indexes
        self.f_shift = np.zeros(len(first), dtype=np.uint64)
        self.f_mask = np.zeros(len(first), dtype=np.uint64)
        self.f_limited = np.array(limited, dtype=np.bool_)
        bit = window
        for t, v in enumerate(first):
            bits = v.bit_length()  # 0 for a count that stays 0: no field at all
            if bit % 64 + bits > 64:
                bit += -bit % 64
            self.f_word[t], self.f_shift[t], self.f_mask[t] = bit // 64, bit % 64, (1 << bits) - 1
            bit += bits
        self.key_words = (bit + 63) // 64

        self.tables = np.zeros((2, FIRST_CAPACITY, self.key_words + 2), dtype=np.uint64)
        self.order = np.zeros((2, FIRST_CAPACITY), dtype=np.int64)
        self.key = np.zeros(self.key_words + 2, dtype=np.uint64)
        self.st = np.zeros(N_STATE, dtype=np.int64)
        self.profile = np.zeros((max(n, 1), 2), dtype=np.int64)
        self.st[S_LIMBS] = 1
        # Layer 0: the empty board, reached once. Its slot needs no hash: the table is empty.
        start = self.tables[0, 0]
        start[0] = 1
        for t, v in enumerate(first):
            start[1 + self.f_word[t]] |= np.uint64(v) << self.f_shift[t]
        start[-1] = 1
        self.st[S_SIZE0] = self.st[S_PEAK] = 1
        self.peak_bytes = self._bytes()
        self.done = False
        self._count: int | None = None

    def _bytes(self) -> int:
        return self.tables.nbytes + self.order.nbytes

    @property
    def layer(self) -> int:
        return int(self.st[S_LAYER])

    @property
    def peak_states(self) -> int:
        return int(self.st[S_PEAK])

    @property
    def nodes(self) -> int:
        return int(self.st[S_NODES])

    @property
    def work(self) -> int:
        """States visited and placements put down so far: what the count's time follows."""
        return int(self.st[S_WORK])

    def step(self, budget: int) -> bool:
        """Work on up to about ``budget`` states and placements; True when the count is complete."""
        if self.done:
            return True
        status = _sweep(self.masks, self.top, self.use, self.start, self.f_word, self.f_shift, self.f_mask,
                        self.f_limited, self.tables, self.order, self.key, self.st, self.profile, budget)
        if status == GROW:
            self._grow()
        elif status == OVERFLOW:
            self._widen()
        elif status == DONE:
            self.done = True
        return self.done

    def _grow(self) -> None:
        """Double the tables (or more) until the next layer has room; rehash both."""
        c = self.layer
        size = int(self.st[S_SIZE0 + 1 - (c & 1)])
        cap = self.tables.shape[1] * 2
        while size + self.fan > cap * 3 // 4:
            cap *= 2
        self._check_memory(2 * cap * (self.tables.shape[2] + 1) * 8, size, c)
        new = np.zeros((2, cap, self.tables.shape[2]), dtype=np.uint64)
        order = np.zeros((2, cap), dtype=np.int64)
        _rehash(self.tables, self.order, new, order, 1 - (c & 1), size)
        self.tables, self.order = new, order
        self.peak_bytes = max(self.peak_bytes, self._bytes())

    def _check_memory(self, new: int, states: int, c: int) -> None:
        """Refuse to allocate tables of ``new`` bytes (beside the current ones) past the limit."""
        after = self._bytes() + new
        where = f"{states:,} states at cell {c + 1} of {self.n}"
        if self.max_memory is not None and after > self.max_memory:
            raise CountTooLarge(
                f"the count needs more memory than allowed: its table of states would grow to "
                f"{_megabytes(after)} ({where}), over the limit of {_megabytes(self.max_memory)}; "
                "raise the limit ({max_memory}) or count a smaller puzzle", max_memory=Term("max_memory"))
        free = free_memory()
        if free is not None and new > free - RESERVE:
            raise CountTooLarge(
                f"the count needs more memory than this machine has free: its table of states "
                f"would grow to {_megabytes(after)} ({where}), with {_megabytes(max(free, 0))} "
                "free; free some memory, or count on a machine with more")

    def _widen(self) -> None:
        """One more limb for every count; redo the current layer from its start."""
        c = self.layer
        shape = self.tables.shape
        self._check_memory(shape[0] * shape[1] * (shape[2] + 1) * 8, int(self.st[S_SIZE0 + (c & 1)]), c)
        wider = np.zeros((shape[0], shape[1], shape[2] + 1), dtype=np.uint64)
        wider[:, :, :-1] = self.tables
        wider[1 - (c & 1), :, 0] = 0
        self.tables = wider
        self.key = np.zeros(shape[2] + 1, dtype=np.uint64)
        self.st[S_LIMBS] += 1
        self.st[S_SIZE0 + 1 - (c & 1)] = 0
        self.st[S_POS] = 0
        self.st[S_NODES] = self.st[S_LAYER_NODES]
        self.peak_bytes = max(self.peak_bytes, self._bytes())

    @property
    def count(self) -> int:
        """The number of covers (once :meth:`step` has returned True)."""
        if self._count is None:
            if not self.done:
                raise InternalError("the count is not complete")
            rows = self.tables[self.n & 1]
            rows = rows[rows[:, 0] != 0]
            ok = np.ones(len(rows), dtype=bool)
            for t, d in enumerate(self.done_at):  # every piece's minimum is met
                ok &= (rows[:, 1 + self.f_word[t]] >> self.f_shift[t]) & self.f_mask[t] <= np.uint64(d)
            total = sum(_to_int(r) for r in rows[ok, 1 + self.key_words:])
            self._count = total
        return self._count


# -- the Python side: options for each group element, and the Burnside sum ------------------
def terms_for(packed: PackedPuzzle, symmetry: str) -> list[int]:
    """The elements of ``packed.group`` whose Fix a mode's count needs."""
    group = packed.group
    if symmetry == "none":
        return [0]
    if symmetry == "rotations":
        return [g for g in range(len(group)) if group[g].proper]
    return list(range(len(group)))


FixedCount = tuple[int, int, int, int]
"""What counting one of Burnside's terms Fix(g) gives: (Fix(g), nodes, peak table bytes, peak states)."""


def fixed_count(packed: PackedPuzzle, g: int, max_memory: int | None = None, budget: int = MEMO_CHUNK,
                tick: Tick | None = None, counter: FrontierCount | None = None) -> FixedCount:
    """Fix(g): the tilings that element ``g`` of the group maps to themselves. Returns
    ``(count, nodes, peak table bytes, peak states)``; ``tick(layer, n, nodes)`` after each call.
    ``counter``: the term's count begun already (by :func:`term_counter`), to go on with."""
    if counter is None:
        counter = term_counter(packed, g, max_memory)
    while not counter.step(budget):
        if tick is not None:
            tick(counter.layer, counter.n, counter.nodes)
    return counter.count, counter.nodes, counter.peak_bytes, counter.peak_states


def term_counter(packed: PackedPuzzle, g: int, max_memory: int | None = None) -> FrontierCount:
    """The count of Fix(g), ready to :meth:`~FrontierCount.step`."""
    return FrontierCount(packed, orbit_options(packed, g), max_memory)


def burnside(packed: PackedPuzzle, fixed: dict[int, int], symmetry: str) -> dict[str, int]:
    """The counts that the Fix values of ``terms_for(packed, symmetry)`` give, by mode."""
    group = packed.group
    out = {"none": fixed[0]}
    modes = {"none": [0], "rotations": [g for g in range(len(group)) if group[g].proper],
             "full": list(range(len(group)))}
    for mode in ("rotations", "full"):
        if all(g in fixed for g in modes[mode]):
            total = sum(fixed[g] for g in modes[mode])
            orbits, rest = divmod(total, len(modes[mode]))
            if rest:  # Burnside's sums are always multiples of the group order
                raise InternalError(f"Burnside sum {total} for {mode} is not a multiple of "
                                   f"{len(modes[mode])}: the count is wrong")
            out[mode] = orbits
    return out


def orbit_options(packed: PackedPuzzle, g: int) -> list[Option]:
    """The unions of the orbits of placements under <g> whose members do not overlap:
    ``[(sorted cells, {piece: copies}), ...]``. For the identity: the placements themselves.

    Cells are renumbered so that each orbit of cells under <g> is consecutive, in the order of
    its first cell: an option's cells then lie close together (a half-turn pairs cell x with
    the far cell n - 1 - x), so the frontier stays as short as the identity's and its key a
    word or two instead of the whole board. Counting covers does not depend on the numbering.
    """
    if g == 0:
        return [(cells, {t: 1}) for t, cells in packed.placements]
    pre = packed.sym.cell_pre[g]
    first = list(range(len(packed.cells)))  # the first cell of each cell's orbit
    for x in range(len(first)):
        y = int(pre[x])
        while y != x:
            first[x] = min(first[x], y)
            y = int(pre[y])
    order = sorted(range(len(first)), key=lambda x: (first[x], x))
    number = [0] * len(order)
    for k, x in enumerate(order):
        number[x] = k
    perm = packed.sym.perm
    seen = set()
    out = []
    for i in range(len(packed.placements)):
        if i in seen:
            continue
        orbit = [i]
        j = int(perm[g, i])
        while j != i:
            orbit.append(j)
            j = int(perm[g, j])
        seen.update(orbit)
        covered: set[int] = set()
        ok = True
        use: dict[int, int] = {}
        for m in orbit:
            mt, mc = packed.placements[m]
            if covered.intersection(mc):
                ok = False
                break
            covered.update(mc)
            use[mt] = use.get(mt, 0) + 1
        if ok:
            out.append((tuple(sorted(number[c] for c in covered)), use))
    return out
