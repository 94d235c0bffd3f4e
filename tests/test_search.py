"""The fast solver against the slow reference (tests/naive.py) on many small random puzzles:
every symmetry mode, copies (exact, ranges, any), one-sided sets, holes, pre-placed pieces.
Every solution listed is also verified by the independent checker (tests/checker.py)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import naive
from checker import check_solution
from conftest import as_tiling, examples, random_tiling, slow
from pentomino import Piece, PieceCount, Placement, Puzzle
from pentomino.geometry import SQUARE
from pentomino.search import runner
from pentomino.search.solver import Solver

SHAPES = [
    {(0, 0), (0, 1)},                          # domino
    {(0, 0), (0, 1), (0, 2)},                  # I3
    {(0, 0), (0, 1), (1, 0)},                  # L3
    {(0, 0), (0, 1), (0, 2), (0, 3)},          # I4
    {(0, 0), (0, 1), (0, 2), (1, 0)},          # L4
    {(0, 0), (0, 1), (1, 0), (1, 1)},          # O4
    {(0, 0), (0, 1), (1, 1), (1, 2)},          # S4
    {(0, 0), (0, 1), (0, 2), (1, 1)},          # T4
    {(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)},  # P5
]


def _random_board(rng):
    h, w = rng.randint(2, 4), rng.randint(2, 4)
    box = {(r, c) for r in range(h) for c in range(w)}
    board = set(box)
    symmetric = rng.random() < 0.5
    for _ in range(rng.randint(0, 3)):
        if len(board) < 4:
            break
        cell = rng.choice(sorted(board))
        if symmetric:
            # Remove the cell's whole orbit under the box's symmetries, keeping them.
            images = {cell, (h - 1 - cell[0], cell[1]), (cell[0], w - 1 - cell[1]), (h - 1 - cell[0], w - 1 - cell[1])}
            if h == w:
                images |= {(c, r) for r, c in images}
            board -= images
        else:
            board.discard(cell)
    return board


def random_puzzle(seed):
    """A small random puzzle with at least one solution, as (Puzzle, naive spec)."""
    rng = random.Random(seed)
    for _ in range(100):
        board = _random_board(rng)
        if len(board) < 2:
            continue
        tiling = random_tiling(rng, board, SHAPES)
        if tiling is not None:
            break
    else:  # pragma: no cover - the boards are small enough
        raise AssertionError("no tiling found")
    one_sided = rng.random() < 0.4
    classes = {}
    for cells in tiling:
        classes.setdefault(naive.shape_class(cells, one_sided), []).append(cells)
    pieces, spec = [], []
    preplaced = []
    for i, (cls, members) in enumerate(sorted(classes.items())):
        name = "ABCDEFGHJKMNOPQRSTUVWXYZ"[i]
        k = len(members)
        mode = rng.random()
        lo, hi = (k, k) if mode < 0.6 else (max(0, k - 1), k + 1) if mode < 0.8 else (0, None)
        pieces.append(PieceCount(Piece(name, SQUARE.normalize(cls)), lo, hi))
        spec.append((name, frozenset(cls), lo, hi if hi is not None else len(board)))
        if rng.random() < 0.25:
            preplaced.append((name, rng.choice(members)))
    puzzle = Puzzle(frozenset(board), tuple(pieces),
                    tuple(sorted(Placement.of(n, c) for n, c in preplaced)), one_sided, f"random-{seed}")
    return puzzle, (frozenset(board), spec, one_sided, [(n, frozenset(c)) for n, c in preplaced])


@settings(max_examples=examples(150, 15), deadline=None)
@given(st.integers(0, 2**32))
def test_counts_match_the_reference_in_every_symmetry_mode(seed):
    puzzle, (board, spec, one_sided, pre) = random_puzzle(seed)
    expected = naive.counts(board, spec, one_sided, pre)
    assert puzzle.symmetry_group_order("full") == expected["group_order"]
    assert puzzle.symmetry_group_order("rotations") == expected["proper_order"]
    want = {k: expected[k] for k in ("full", "rotations", "none")}
    # Both counting methods: enumeration with symmetry breaking, and memo with Burnside.
    for method in ("search", "memo"):
        assert runner.count(Solver(puzzle, counting=True), method=method).by_mode == want, method
    assert puzzle.count_detail("full").by_mode == want
    # Counting under each mode on its own agrees too.
    for mode in ("rotations", "none"):
        assert puzzle.count(mode) == expected[mode]


@settings(max_examples=examples(100, 10), deadline=None)
@given(st.integers(0, 2**32))
def test_listed_solutions_are_valid_and_complete(seed):
    puzzle, (board, spec, one_sided, pre) = random_puzzle(seed)
    tilings = set(naive.all_tilings(board, spec, one_sided, pre))
    listed = [as_tiling(s) for s in puzzle.solutions(symmetry="none")]
    assert len(listed) == len(set(listed))
    assert set(listed) == tilings
    for s in listed:
        check_solution(board, spec, one_sided, pre, [(n, sorted(c)) for n, c in s])
    # One per orbit: as many as there are orbits, and no two in the same orbit.
    for mode, rotations_only in (("full", False), ("rotations", True)):
        group = naive.symmetry_group(board, spec, one_sided, pre, rotations_only=rotations_only)
        reps = [as_tiling(s) for s in puzzle.solutions(symmetry=mode)]
        assert len({naive.canonical(t, group) for t in reps}) == len(reps) == naive.count_orbits(tilings, group)
        assert set(reps) <= tilings


@settings(max_examples=examples(40, 5), deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 1000))
def test_random_order_lists_the_same_solutions(seed, order_seed):
    puzzle, _ = random_puzzle(seed)
    plain = {s.placements for s in puzzle.solutions(symmetry="none")}
    shuffled = [s.placements for s in puzzle.solutions(symmetry="none", random=True, seed=order_seed)]
    assert set(shuffled) == plain and len(shuffled) == len(plain)


def test_limits_and_maximum():
    puzzle = Puzzle.load("4x15")
    assert len(list(puzzle.solutions(limit=5))) == 5
    c = puzzle.count_detail(max=10)
    assert c.count == 10 and not c.complete
    c = Puzzle.load("3x20").count_detail(max=10)
    assert c.count == 2 and c.complete
    assert Puzzle.load("3x20").count_detail("none", max=3).count == 3


def test_seed_makes_random_reproducible():
    p = Puzzle.load("6x10")
    firsts = {p.solve(random=True, seed=s).placements for s in range(1, 6)}
    assert len(firsts) >= 2
    assert p.solve(random=True, seed=3).placements == p.solve(random=True, seed=3).placements


def test_boards_larger_than_64_cells():
    # Multi-word bitboards: 18 one-sided pentominoes in 3x30 (90 cells) against published 46.
    assert Puzzle.load("one-sided-3x30").count() == 46
    # A tall thin board whose placements straddle word boundaries, against the reference.
    text = 'pieces = "domino"\nboard = """\n' + "\n".join(["..."] * 24) + '\n"""\n[copies]\nI2 = 36\n'
    board = frozenset((r, c) for r in range(24) for c in range(3))
    spec = [("I2", frozenset({(0, 0), (0, 1)}), 36, 36)]
    # 3 x 2k domino tilings: a(k) = 4 a(k-1) - a(k-2); a(0)=1, a(1)=3 -> a(12) for 3x24.
    a = [1, 3]
    for _ in range(11):
        a.append(4 * a[-1] - a[-2])
    assert Puzzle.from_toml(text).count("none") == a[12]
    del board, spec


@pytest.mark.parametrize("name", ["8x8", "scott-finish", slow("6x10"), slow("one-sided-3x30")])
def test_solutions_of_builtin_puzzles_pass_the_checker(name):
    puzzle = Puzzle.load(name)
    spec = [(pc.piece.name, pc.piece.cells, pc.min, pc.max if pc.max is not None else puzzle.area)
            for pc in puzzle.pieces]
    pre = [(p.piece, frozenset(p.cells)) for p in puzzle.preplaced]
    for s in puzzle.solutions(limit=20):
        check_solution(puzzle.board, spec, puzzle.one_sided, pre, [(p.piece, list(p.cells)) for p in s.placements])


# -- watching the search, and the order it placed pieces in -------------------------------------
@pytest.mark.parametrize("name", ["scott-finish", slow("5x12")])
def test_trace_frames_are_the_search_as_it_runs(name):
    """Every frame is a valid partial tiling; solution frames are the listed solutions, in
    order; the last frame says the search is done, with the listing's nodes and count."""
    from pentomino.search.solver import Solver

    puzzle = Puzzle.load(name)
    spec = [(pc.piece.name, pc.piece.cells, 0, pc.max) for pc in puzzle.pieces]
    pre = [(p.piece, frozenset(p.cells)) for p in puzzle.preplaced]
    listed = [frozenset(s.placements) for s in puzzle.solutions(limit=5)]
    budgets = iter(lambda: 977, None)
    frames = Solver(puzzle).trace(lambda: next(budgets))
    solutions, count = [], 0
    for frame in frames:
        count += 1
        cells = [c for p in frame.placements for c in p.cells]
        assert len(cells) == len(set(cells)) and set(cells) <= puzzle.board
        names = [p.piece for p in frame.placements] + [p.piece for p in puzzle.preplaced]
        assert len(names) == len(set(names))
        if frame.solution:
            placed = frozenset(frame.placements) | frozenset(puzzle.preplaced)
            check_solution(puzzle.board, [(n, c, 1, 1) for n, c, _, _ in spec], puzzle.one_sided, pre,
                           [(p.piece, list(p.cells)) for p in placed])
            solutions.append(placed)
        if frame.done:
            break
    assert frame.done and not frame.placements and count > 3
    assert solutions[:5] == listed
    detail = Puzzle.load(name).count_detail()
    assert frame.solutions == detail.count == len(solutions)


def test_trace_steps_one_node_at_a_time():
    from pentomino.search.solver import Solver

    frames = Solver(Puzzle.load("6x10")).trace(lambda: 1)
    nodes = [next(frames).nodes for _ in range(50)]
    assert nodes == sorted(nodes) and nodes[-1] - nodes[0] < 200 and len(set(nodes)) > 25


def test_solutions_know_the_order_the_search_placed_them_in():
    puzzle = Puzzle.load("scott-finish")
    s = puzzle.solve()
    order = s.in_search_order
    assert sorted(order) == list(s.placements) and sorted(s.order) == list(range(len(s.placements)))
    assert set(order[:3]) == set(puzzle.preplaced)  # pre-placed pieces come first
    first = Puzzle.load("6x10").solve()
    assert first.in_search_order[0].piece == "X"  # the symmetry piece goes down first
