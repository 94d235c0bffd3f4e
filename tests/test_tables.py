"""The compiled table builders (:mod:`pentomino.search.placements`, :mod:`pentomino.search.tables`)
against slow references written here or in ``tests/naive.py``: every placement, the placements
that cut off a region nothing fills, the region sizes the pieces make, and each table the kernel
reads, on the builtin puzzles of every grid and on boards with holes."""

from __future__ import annotations

import datetime
import itertools
import random

import numpy as np
import pytest

import naive
from pentomino import Puzzle
from pentomino.geometry import GRIDS
from pentomino.model.library import builtin_names
from pentomino.search import kernel, placements, tables
from pentomino.search.solver import Solver
from pentomino.tuning import WORD

NAMES = [n for n in builtin_names() if n not in ("6x10", "5x12", "4x15", "3x20")] + ["4x15"]


def holed(puzzle: Puzzle, seed: int, holes: int = 3) -> Puzzle:
    """``puzzle`` with a few of its board's cells taken away (the pieces as they were)."""
    rng = random.Random(seed)
    gone = set(rng.sample(sorted(puzzle.board), holes))
    return Puzzle(frozenset(puzzle.board - gone), puzzle.pieces, (), puzzle.one_sided, f"{puzzle.name}-holed",
                  puzzle.grid)


def puzzles() -> list[Puzzle]:
    out = []
    for name in NAMES:
        p = Puzzle.load(name)
        if p.to_open:  # a calendar: one date's puzzle
            p = p.on_date(datetime.date(2026, 11, 26))
        out.append(p)
        if not p.preplaced:
            out.append(holed(p, len(out)))
    return out


CASES = puzzles()
cases = pytest.mark.parametrize("puzzle", CASES, ids=[p.name for p in CASES])


def parts(puzzle: Puzzle):
    cells = placements.free_cells(puzzle)
    slots, slack = placements.piece_slots(puzzle, len(cells))
    return cells, slots, slack


def as_sets(cells, piece, where, slots):
    return {(slots[t].name, frozenset(cells[c] for c in row if c >= 0)) for t, row in zip(piece, where, strict=True)}


@cases
def test_every_placement_once_as_the_reference_finds_them(puzzle):
    cells, slots, _ = parts(puzzle)
    piece, where = placements.placement_arrays(puzzle.grid, cells, slots)
    found = as_sets(cells, piece, where, slots)
    assert len(found) == len(piece), "a placement is listed twice"
    grid = puzzle.grid.name
    by_name = {pc.piece.name: pc.piece for pc in puzzle.pieces}
    want = {(s.name, shape) for s in slots if s.max_copies > 0
            for shape in naive.placements(frozenset(cells), by_name[s.name].cells, puzzle.one_sided, grid=grid)}
    assert found == want
    # Sorted by first cell, then piece, then cells; each row ascending.
    keys = [(int(row[0]), int(t), tuple(int(c) for c in row)) for t, row in zip(piece, where, strict=True)]
    assert keys == sorted(keys)
    assert all((np.diff(row[row >= 0]) > 0).all() for row in where)


def regions_left(free: set, cells, grid) -> list[int]:
    """Sizes of the regions of ``free`` next to ``cells``: flood fills, to the end."""
    sizes, seen = [], set(cells)
    for start in (m for c in cells for m in grid.neighbours(c)):
        if start not in free or start in seen:
            continue
        seen.add(start)
        todo, size = [start], 0
        while todo:
            x = todo.pop()
            size += 1
            for y in grid.neighbours(x):
                if y in free and y not in seen:
                    seen.add(y)
                    todo.append(y)
        sizes.append(size)
    return sizes


def can_make(sizes_copies, k) -> bool:
    """Some number of copies of each (size, most) adds up to k: every combination, tried."""
    ranges = [range(0, min(most, k // size) + 1) for size, most in sizes_copies if size > 0]
    return any(sum(n * size for n, (size, _) in zip(ns, [sc for sc in sizes_copies if sc[0] > 0], strict=True)) == k
               for ns in itertools.product(*ranges))


@cases
def test_dead_placements_cut_off_a_region_nothing_fills(puzzle):
    cells, slots, _ = parts(puzzle)
    piece, where = placements.placement_arrays(puzzle.grid, cells, slots)
    index = {c: i for i, c in enumerate(cells)}
    nbr = tables._padded([sorted(index[m] for m in puzzle.grid.neighbours(c) if m in index) for c in cells],
                         len(cells))
    fillable = placements.fillable_table(slots, len(cells))
    dead = kernel._dead_placements(where, piece, nbr, fillable)
    free = set(cells)
    rng = random.Random(0)
    for i in rng.sample(range(len(piece)), min(len(piece), 150)):
        mine = [cells[c] for c in where[i] if c >= 0]
        sizes = regions_left(free - set(mine), mine, puzzle.grid)
        want = any(not fillable[piece[i], s] for s in sizes)
        assert bool(dead[i]) == want, (slots[piece[i]].name, mine, sizes)


def test_region_sizes_are_the_sums_of_the_pieces_copies():
    rng = random.Random(1)
    for _ in range(300):
        slots = [placements.PieceSlot("p", (), rng.randint(1, 7), rng.randint(-1, 4)) for _ in range(rng.randint(0, 4))]
        limit = rng.randint(0, 30)
        made = placements.region_sizes_fillable(slots, limit)
        want = [can_make([(s.size, max(s.max_copies, 0)) for s in slots], k) for k in range(limit + 1)]
        assert list(made) == want, ([(s.size, s.max_copies) for s in slots], limit)


@cases
def test_the_kernels_tables_say_what_the_placements_are(puzzle):
    solver = Solver(puzzle, "full", counting=True)
    p = solver.packed
    if not p.cells or p.impossible is not None:
        pytest.skip("nothing to search")
    t = p.tables
    n = len(p.cells)
    nbr = [sorted(int(m) for m in row if m >= 0) for row in t.cell_nbr[:n]]
    for i, (piece, cs) in enumerate(p.placements):
        # its word, mask and neighbours past its first cell
        word = int(t.pl_word[i])
        assert t.pl_piece[i] == piece and word == cs[0] // WORD
        bits = sum(1 << (c - word * WORD) for c in cs)
        assert sum(int(w) << (WORD * k) for k, w in enumerate(t.masks[i])) == bits
        assert [int(x) for x in t.pl_nbr[i] if x >= 0] == sorted({m for c in cs for m in nbr[c]
                                                                  if m not in cs and m > cs[0]})
    # The candidates of each key: the searched placements from that cell that miss the key's cells.
    keys = 1 << p.lookahead
    searched = [i for i in range(len(p.placements)) if p.placements[i][0] != p.first_piece
                and (p.sym_piece < 0 or p.placements[i][0] != p.sym_piece or i in p.first_options)]
    for c in range(n):
        here = [i for i in searched if p.placements[i][1][0] == c]
        for key in range(keys):
            listed = t.cand[t.key_start[c * keys + key]:t.key_start[c * keys + key + 1]]
            want = [i for i in here if not any(1 << (x - c - 1) & key for x in p.placements[i][1][1:]
                                                if x <= c + p.lookahead)]
            assert [int(x) for x in listed if x >= 0] == want
            assert len(listed) % 8 == 0 and (listed[len(want):] == -1).all()
            for k, i in enumerate(want):
                at = t.key_start[c * keys + key] + k
                cs = p.placements[i][1]
                assert t.cand_piece[at] == p.placements[i][0]
                assert t.cand_cells[at] == (sum(1 << (x - c) for x in cs) if cs[-1] - c < WORD else 0)


@pytest.mark.parametrize("name", list(GRIDS))
def test_the_lone_cell_steps_vouch_for_every_pair_they_claim(name):
    puzzle = next(p for p in CASES if p.grid.name == name)
    solver = Solver(puzzle, "none")
    t, n = solver.packed.tables, len(solver.packed.cells)
    pairs = {(int(x), int(y)) for x in range(n) for y in t.cell_nbr[x] if y > x}
    for c in range(n):
        claimed = set()
        for j, d in enumerate(t.lone_step):
            for x in range(c, min(n, c + WORD)):
                if int(t.lone_mask[c, j]) >> (x - c) & 1:
                    assert (x, x + int(d)) in pairs and x + d - c < WORD
                    claimed.add((x, x + int(d)))
        unsure = {x for x in range(c, min(n, c + WORD)) if int(t.lone_safe[c]) >> (x - c) & 1}
        # A pair in the window is claimed by a step, or one of its ends is passed unexamined.
        for x, y in pairs:
            if c <= x < c + WORD and (x, y) not in claimed:
                assert x in unsure or y in unsure


@pytest.mark.parametrize("name", list(GRIDS))
def test_a_translation_adds_coordinates_keeping_the_parity_step(name):
    """What the compiled placement builder assumes of every grid."""
    grid = GRIDS[name]
    rng = random.Random(2)
    cells = sorted({grid.origin, *grid.neighbours(grid.origin)})
    for _ in range(200):
        shift = [rng.randint(-3, 3) for _ in range(grid.dims)]
        source = cells[0]
        target = tuple(s + d for s, d in zip(source, shift, strict=True))
        moved = grid.translate(cells, source, target)
        if sum(shift) % grid.step:
            assert moved is None
        else:
            assert moved == frozenset(tuple(x + d for x, d in zip(c, shift, strict=True)) for c in cells)


@cases
def test_neighbour_lists_are_the_grids_neighbours(puzzle):
    """The compiled lists assume a cell's neighbours are shifts that depend only on its class
    (the sum of its coordinates modulo the grid's step): checked against the grid itself."""
    cells, _, _ = parts(puzzle)
    index = {c: i for i, c in enumerate(cells)}
    lists = placements.neighbour_lists(puzzle.grid, placements.CellBox.of(cells, puzzle.grid.dims))
    for i, c in enumerate(cells):
        assert [int(x) for x in lists[i] if x >= 0] == sorted(index[m] for m in puzzle.grid.neighbours(c)
                                                               if m in index)
