"""The second piece (``kernel.ALIAS``; :func:`pentomino.search.tables._second_piece`): in the
parts whose symmetry piece sits on an axis of the board, a second piece is put only on the first
placement of each of its orbits under what the first leaves. Counts in every mode and the
solutions listed (one an orbit) against the reference on boards where it happens."""

from __future__ import annotations

import random

import pytest

import naive
from conftest import slow
from pentomino import PieceCount, Puzzle
from pentomino.model.symmetry import orbit
from pentomino.search import runner
from pentomino.search.solver import Solver

PENTOMINOES = {pc.piece.name: pc.piece for pc in Puzzle.load("6x10").pieces}


def restricted_puzzles(count: int, seed: int) -> list[Puzzle]:
    """Rectangles of a few pentominoes (used once each), kept where the restriction happens."""
    rng = random.Random(seed)
    out: list[Puzzle] = []
    while len(out) < count:
        h, k = rng.choice([3, 4, 5]), rng.choice([2, 3, 4, 5])
        if (5 * k) % h or 5 * k // h < 3:
            continue
        names = sorted(rng.sample(sorted(PENTOMINOES), k))
        board = frozenset((r, c) for r in range(h) for c in range(5 * k // h))
        puzzle = Puzzle(board, tuple(PieceCount(PENTOMINOES[n], 1, 1) for n in names), (), rng.random() < 0.3,
                        f"{h}x{5 * k // h}-{''.join(names)}")
        packed = Solver(puzzle, "full", counting=True).packed
        if packed.second_piece >= 0 and packed.sym.restricted.any():
            out.append(puzzle)
    return out


CASES = restricted_puzzles(24, 1)


def spec(puzzle: Puzzle):
    return puzzle.board, [(pc.piece.name, pc.piece.cells, 1, 1) for pc in puzzle.pieces], puzzle.one_sided


@pytest.mark.parametrize("puzzle", CASES, ids=[p.name for p in CASES])
def test_counts_with_a_second_piece_match_the_reference(puzzle):
    board, pieces, one_sided = spec(puzzle)
    tilings = naive.all_tilings(board, pieces, one_sided)
    want = naive.counts(board, pieces, one_sided, tilings=tilings)
    assert runner.count(Solver(puzzle, counting=True), method="search").by_mode == \
        {k: want[k] for k in ("full", "rotations", "none")}
    # Listing: one solution an orbit, every orbit once, in each mode.
    for mode in ("full", "rotations"):
        group = [g for g in puzzle.symmetry_group if mode == "full" or g.proper]
        listed = [orbit(group, s.placements) for s in Solver(puzzle, mode).solutions()]
        assert len(listed) == want[mode]
        assert len({min(sorted(t) for t in o).__repr__() for o in listed}) == want[mode]


@pytest.mark.parametrize("name, published, nodes, before", [
    ("3x20", (2, 4, 8), 1902, 3476), ("5x12", (1010, 2020, 4040), 403378, 505476),
    ("8x8", (65, 130, 520), 144216, 171933), slow("4x15", (368, 736, 1472), 100120, 103636)])
def test_the_second_piece_cuts_the_parts_on_an_axis(name, published, nodes, before):
    """Where the symmetry piece (X) can sit on an axis, its parts there are about halved, and
    the published counts stand; ``before``: the nodes without the second piece."""
    solver = Solver(Puzzle.load(name), counting=True)
    assert solver.packed.second_piece >= 0
    result = runner.count(solver, method="search")
    assert result.by_mode == dict(zip(("full", "rotations", "none"), published, strict=True))
    assert result.nodes == nodes < before


def test_no_second_piece_where_the_symmetry_piece_never_sits_on_an_axis():
    solver = Solver(Puzzle.load("6x10"), counting=True)
    assert not solver.packed.sym.restricted.any()
    assert runner.count(solver, method="search").nodes == 1167731
