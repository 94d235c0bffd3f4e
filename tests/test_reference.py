"""Self-tests of the reference solver (naive.py) and the verifier (checker.py) on squares
(tests/test_reference_grids.py has those of the other grids).

Every expected number here is known by hand or from the literature (domino
tiling counts of small rectangles, the 2 essentially different pentomino
tilings of the 3x20 rectangle), so these tests check the test tools
themselves; they do not touch the ``pentomino`` package.
"""

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import checker  # noqa: E402
import naive  # noqa: E402

BIG = 10 ** 6


def rect(h, w):
    return frozenset((r, c) for r in range(h) for c in range(w))


DOMINO = frozenset({(0, 0), (0, 1)})
MONOMINO = frozenset({(0, 0)})
L3 = frozenset({(0, 0), (1, 0), (1, 1)})
L4 = frozenset({(0, 0), (1, 0), (2, 0), (2, 1)})
J4 = frozenset({(0, 1), (1, 1), (2, 1), (2, 0)})

PENTOMINOES = {
    "F": {(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)},
    "I": {(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)},
    "L": {(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)},
    "N": {(0, 0), (0, 1), (1, 1), (1, 2), (1, 3)},
    "P": {(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)},
    "T": {(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)},
    "U": {(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)},
    "V": {(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)},
    "W": {(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)},
    "X": {(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)},
    "Y": {(0, 0), (0, 1), (0, 2), (0, 3), (1, 1)},
    "Z": {(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)},
}
PENTOMINO_SET = [(n, frozenset(c), 1, 1) for n, c in sorted(PENTOMINOES.items())]


def dominoes(lo=0, hi=BIG):
    return [("D", DOMINO, lo, hi)]


def check_all(board, pieces, one_sided, preplaced=()):
    """Run the checker on every naive tiling and make sure it round-trips."""
    tilings = naive.all_tilings(board, pieces, one_sided, preplaced)
    for t in tilings:
        placements = [(name, sorted(cells)) for name, cells in t]
        assert checker.check_solution(board, pieces, one_sided, preplaced, placements) == t
    assert len(set(tilings)) == len(tilings)
    return tilings


# ---------------------------------------------------------------------------
# orientations
# ---------------------------------------------------------------------------


def test_orientation_counts_pentominoes():
    free = {"F": 8, "I": 2, "L": 8, "N": 8, "P": 8, "T": 4,
            "U": 4, "V": 4, "W": 4, "X": 1, "Y": 8, "Z": 4}
    one_sided = {"F": 4, "I": 2, "L": 4, "N": 4, "P": 4, "T": 4,
                 "U": 4, "V": 4, "W": 4, "X": 1, "Y": 4, "Z": 2}
    for name, cells in PENTOMINOES.items():
        assert len(naive.orientations(cells, False)) == free[name], name
        assert len(naive.orientations(cells, True)) == one_sided[name], name
    assert sum(len(naive.orientations(c, False)) for c in PENTOMINOES.values()) == 63


def test_orientations_are_normalized_and_contain_the_piece():
    """Normalised: the first cell in (row, col) order is moved to (0, 0)."""
    for cells in list(PENTOMINOES.values()) + [L3, L4, DOMINO, MONOMINO]:
        first = min(cells)
        as_given = frozenset((r - first[0], c - first[1]) for r, c in cells)
        assert naive.normalize(cells) == as_given
        for one_sided in (False, True):
            orients = naive.orientations(cells, one_sided)
            assert as_given in orients
            for o in orients:
                assert min(o) == (0, 0)
                assert len(o) == len(cells)


def test_orientations_small_pieces():
    assert naive.orientations(DOMINO, False) == {DOMINO, frozenset({(0, 0), (1, 0)})}
    assert len(naive.orientations(L3, False)) == 4
    assert len(naive.orientations(L3, True)) == 4
    assert len(naive.orientations(L4, False)) == 8
    assert naive.orientations(L4, True).isdisjoint(naive.orientations(J4, True))
    assert naive.orientations(L4, False) == naive.orientations(J4, False)


# ---------------------------------------------------------------------------
# all_tilings
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("h,w,expected", [
    (1, 2, 1), (2, 2, 2), (2, 3, 3), (2, 4, 5), (2, 5, 8), (3, 4, 11), (4, 4, 36),
    (3, 3, 0), (1, 1, 0),
])
def test_domino_counts(h, w, expected):
    assert len(check_all(rect(h, w), dominoes(), False)) == expected
    # Transposed board, same count.
    assert len(naive.all_tilings(rect(w, h), dominoes(), False)) == expected


def test_domino_2x2_explicit():
    tilings = naive.all_tilings(rect(2, 2), dominoes(), False)
    horizontal = frozenset({("D", frozenset({(0, 0), (0, 1)})), ("D", frozenset({(1, 0), (1, 1)}))})
    vertical = frozenset({("D", frozenset({(0, 0), (1, 0)})), ("D", frozenset({(0, 1), (1, 1)}))})
    assert set(tilings) == {horizontal, vertical}


def test_empty_board_has_one_tiling():
    assert naive.all_tilings(frozenset(), dominoes(), False) == [frozenset()]
    assert naive.all_tilings(frozenset(), dominoes(lo=1), False) == []


def test_copy_bounds():
    board = rect(1, 3)
    pieces = [("A", MONOMINO, 0, BIG), ("B", DOMINO, 0, BIG)]
    assert len(check_all(board, pieces, False)) == 3  # AAA, AB, BA
    pieces = [("A", MONOMINO, 0, BIG), ("B", DOMINO, 1, BIG)]
    assert len(check_all(board, pieces, False)) == 2
    pieces = [("A", MONOMINO, 0, 2), ("B", DOMINO, 0, BIG)]
    assert len(check_all(board, pieces, False)) == 2
    assert naive.all_tilings(rect(2, 2), dominoes(lo=3), False) == []
    assert naive.all_tilings(rect(2, 4), dominoes(hi=3), False) == []
    assert len(naive.all_tilings(rect(2, 4), dominoes(lo=4, hi=4), False)) == 5


def test_impossible_area():
    assert naive.all_tilings(rect(3, 3), dominoes(), False) == []
    assert naive.all_tilings(rect(1, 5), [("L", L3, 0, BIG)], False) == []
    assert naive.counts(rect(3, 3), dominoes(), False)["none"] == 0
    assert naive.counts(rect(3, 3), dominoes(), False)["full"] == 0


def test_board_with_hole():
    ring = rect(3, 3) - {(1, 1)}
    tilings = check_all(ring, dominoes(), False)
    assert len(tilings) == 2
    assert naive.counts(ring, dominoes(), False) == {
        "none": 2, "full": 1, "rotations": 2, "group_order": 8, "proper_order": 4}


def test_l_tromino_2x3():
    for one_sided in (False, True):
        tilings = check_all(rect(2, 3), [("L", L3, 0, BIG)], one_sided)
        assert len(tilings) == 2
        # Mirror images of each other, but each is fixed by the half turn.
        assert naive.counts(rect(2, 3), [("L", L3, 0, BIG)], one_sided) == {
            "none": 2, "full": 1, "rotations": 2, "group_order": 4, "proper_order": 2}
    assert len(naive.all_tilings(rect(2, 6), [("L", L3, 0, BIG)], False)) == 4
    assert len(naive.all_tilings(rect(3, 3), [("L", L3, 0, BIG)], False)) == 0


def test_one_sided_versus_free():
    board = rect(2, 4)
    assert len(check_all(board, [("L", L4, 0, BIG)], False)) == 2
    assert len(check_all(board, [("L", L4, 0, BIG)], True)) == 1
    assert len(check_all(board, [("J", J4, 0, BIG)], True)) == 1
    both = [("J", J4, 0, BIG), ("L", L4, 0, BIG)]
    tilings = check_all(board, both, True)
    assert len(tilings) == 2
    # Each tiling uses two copies of the same chirality.
    assert sorted(sorted(n for n, _ in t) for t in tilings) == [["J", "J"], ["L", "L"]]


# ---------------------------------------------------------------------------
# symmetry_group and counts
# ---------------------------------------------------------------------------


def test_group_orders():
    free = dominoes()
    assert len(naive.symmetry_group(rect(2, 2), free, False)) == 8
    assert len(naive.symmetry_group(rect(2, 3), free, False)) == 4
    assert len(naive.symmetry_group(rect(2, 2), free, False, rotations_only=True)) == 4
    assert len(naive.symmetry_group(rect(2, 3), free, False, rotations_only=True)) == 2
    l_shape = frozenset({(0, 0), (1, 0), (1, 1)})
    assert len(naive.symmetry_group(l_shape, free, False)) == 2  # identity + diagonal
    # One-sided: chiral set not closed under mirroring -> rotations only.
    assert len(naive.symmetry_group(rect(2, 2), [("L", L4, 0, BIG)], True)) == 4
    assert len(naive.symmetry_group(rect(2, 2), [("J", J4, 0, BIG), ("L", L4, 0, BIG)], True)) == 8
    # Mirror partners must have the same (lo, hi).
    assert len(naive.symmetry_group(rect(2, 2), [("J", J4, 0, 1), ("L", L4, 0, BIG)], True)) == 4
    # Achiral pieces are their own mirror partners.
    assert len(naive.symmetry_group(rect(2, 2), [("X", PENTOMINOES["X"], 0, 1)], True)) == 8


def test_group_is_a_group():
    board = rect(4, 4)
    group = naive.symmetry_group(board, [("J", J4, 0, BIG), ("L", L4, 0, BIG)], True)
    assert len(group) == 8
    assert group[0].point_map.name == "matrix((1, 0), (0, 1))" and group[0].name_map == {}
    assert all(group[0](cell) == cell for cell in board)
    signatures = {}
    for g in group:
        signatures[(tuple(g(cell) for cell in sorted(board)), tuple(sorted(g.name_map.items())))] = g
    assert len(signatures) == 8
    for g in group:
        assert {g(cell) for cell in board} == board
        if g.proper:
            assert g.name_map == {}
        else:
            assert naive.piece_map(g, "L") == "J" and naive.piece_map(g, "J") == "L"
        for h in group:
            comp_cells = tuple(g(h(cell)) for cell in sorted(board))
            comp_names = {n: g.map_name(h.map_name(n)) for n in ("J", "L")}
            comp_names = tuple(sorted((a, b) for a, b in comp_names.items() if a != b))
            assert (comp_cells, comp_names) in signatures


def test_counts_dominoes():
    assert naive.counts(rect(2, 2), dominoes(), False) == {
        "none": 2, "full": 1, "rotations": 1, "group_order": 8, "proper_order": 4}
    assert naive.counts(rect(2, 3), dominoes(), False) == {
        "none": 3, "full": 2, "rotations": 2, "group_order": 4, "proper_order": 2}
    # 2x4 tilings: VVVV; HH at cols 0-1 + VV; VV + HH at cols 2-3; V HH V; HH HH.
    # The middle two are swapped by both the half turn and the left-right flip.
    assert naive.counts(rect(2, 4), dominoes(), False) == {
        "none": 5, "full": 4, "rotations": 4, "group_order": 4, "proper_order": 2}


def test_counts_one_sided_with_name_mapping():
    both = [("J", J4, 0, BIG), ("L", L4, 0, BIG)]
    # Tilings {L, L} and {J, J} are mirror images (with names swapped); each
    # is fixed by the half turn.
    assert naive.counts(rect(2, 4), both, True) == {
        "none": 2, "full": 1, "rotations": 2, "group_order": 4, "proper_order": 2}
    assert naive.counts(rect(2, 4), [("L", L4, 0, BIG)], True) == {
        "none": 1, "full": 1, "rotations": 1, "group_order": 2, "proper_order": 2}
    assert naive.counts(rect(2, 4), [("L", L4, 0, BIG)], False) == {
        "none": 2, "full": 1, "rotations": 2, "group_order": 4, "proper_order": 2}


def test_preplaced():
    pre = [("D", frozenset({(0, 0), (1, 0)}))]
    tilings = check_all(rect(2, 3), dominoes(), False, pre)
    assert len(tilings) == 2
    for t in tilings:
        assert pre[0] in t
    # Only identity and the top-bottom flip keep the preplaced domino.
    assert naive.counts(rect(2, 3), dominoes(), False, pre) == {
        "none": 2, "full": 2, "rotations": 2, "group_order": 2, "proper_order": 1}
    group = naive.symmetry_group(rect(2, 3), dominoes(), False, pre)
    assert sorted(g((0, 0)) for g in group) == [(0, 0), (1, 0)]


def test_preplaced_uses_a_copy():
    pre = [("D", frozenset({(0, 0), (0, 1)}))]
    assert naive.all_tilings(rect(2, 2), dominoes(hi=1), False, pre) == []
    assert len(naive.all_tilings(rect(2, 2), dominoes(hi=2), False, pre)) == 1
    assert naive.all_tilings(rect(1, 2), dominoes(lo=2), False, pre) == []
    assert len(naive.all_tilings(rect(1, 2), dominoes(lo=1, hi=1), False, pre)) == 1
    # Preplaced copies beyond hi make the puzzle unsolvable.
    two = [("D", frozenset({(0, 0), (0, 1)})), ("D", frozenset({(1, 0), (1, 1)}))]
    assert naive.all_tilings(rect(2, 2), dominoes(hi=1), False, two) == []
    assert len(naive.all_tilings(rect(2, 2), dominoes(hi=2), False, two)) == 1


def test_preplaced_one_sided_reflection_maps_names():
    both = [("J", J4, 0, BIG), ("L", L4, 0, BIG)]
    board = rect(2, 4)
    [t_ll] = [t for t in naive.all_tilings(board, both, True) if {n for n, _ in t} == {"L"}]
    pre = [min(t_ll, key=lambda pair: sorted(pair[1]))]
    # The half turn maps one preplaced L onto the other cells: not a symmetry;
    # reflections turn it into a J: not a symmetry either.
    assert naive.counts(board, both, True, pre) == {
        "none": 1, "full": 1, "rotations": 1, "group_order": 1, "proper_order": 1}
    # With both L pieces preplaced the half turn swaps them.
    assert naive.counts(board, both, True, list(t_ll)) == {
        "none": 1, "full": 1, "rotations": 1, "group_order": 2, "proper_order": 2}


def test_bad_preplaced_is_rejected():
    with pytest.raises(ValueError):
        naive.all_tilings(rect(2, 2), dominoes(), False, [("D", frozenset({(0, 0), (1, 1)}))])
    with pytest.raises(ValueError):
        naive.all_tilings(rect(2, 2), dominoes(), False, [("Q", frozenset({(0, 0), (0, 1)}))])
    with pytest.raises(ValueError):
        naive.all_tilings(rect(2, 2), dominoes(), False, [("D", frozenset({(0, 1), (0, 2)}))])


@pytest.mark.slow
def test_pentominoes_20x3():
    # The 3x20 rectangle, given as 20 rows x 3 columns so that the naive
    # row-major search stays fast (the 3-row orientation is far slower).
    board = rect(20, 3)
    tilings = check_all(board, PENTOMINO_SET, False)
    assert len(tilings) == 8
    assert naive.counts(board, PENTOMINO_SET, False) == {
        "none": 8, "full": 2, "rotations": 4, "group_order": 4, "proper_order": 2}


def test_pentomino_small_boxes():
    one_each = [(n, c, 0, 1) for n, c, _, _ in PENTOMINO_SET]
    assert len(check_all(rect(1, 5), one_each, False)) == 1
    # A 2x5 box splits into two congruent pieces only: I+I (1 way), L+L (2),
    # P+P (2); so with one copy each there is no tiling.
    assert naive.all_tilings(rect(2, 5), one_each, False) == []
    two_each = [(n, c, 0, 2) for n, c, _, _ in PENTOMINO_SET]
    tilings = check_all(rect(2, 5), two_each, False)
    kinds = sorted("".join(sorted(n for n, _ in t)) for t in tilings)
    assert kinds == ["II", "LL", "LL", "PP", "PP"]


# ---------------------------------------------------------------------------
# checker
# ---------------------------------------------------------------------------

H_TOP = ("D", [(0, 0), (0, 1)])
H_BOTTOM = ("D", [(1, 0), (1, 1)])


def rejects(match, *args):
    with pytest.raises(AssertionError, match=match):
        checker.check_solution(*args)


def test_checker_accepts_valid():
    t = checker.check_solution(rect(2, 2), dominoes(), False, [], [H_TOP, H_BOTTOM])
    assert t == frozenset({("D", frozenset(H_TOP[1])), ("D", frozenset(H_BOTTOM[1]))})
    # Cells may be lists and in any order.
    checker.check_solution(rect(2, 2), dominoes(), False, [], [("D", [[0, 1], [0, 0]]), H_BOTTOM])


def test_checker_rejects_overlap():
    rejects("more than once", rect(2, 2), dominoes(), False, [],
            [H_TOP, H_BOTTOM, ("D", [(0, 0), (1, 0)])])


def test_checker_rejects_missing_cell():
    rejects("not covered", rect(2, 2), dominoes(), False, [], [H_TOP])


def test_checker_rejects_off_board():
    rejects("off the board", rect(2, 2), dominoes(), False, [], [H_TOP, H_BOTTOM, ("D", [(2, 0), (2, 1)])])


def test_checker_rejects_wrong_shape():
    rejects("not a valid", rect(2, 2), dominoes(), False, [], [("D", [(0, 0), (1, 1)]), ("D", [(0, 1), (1, 0)])])
    rejects("not a valid", rect(1, 3), dominoes(), False, [], [("D", [(0, 0), (0, 1), (0, 2)])])
    rejects("unknown piece", rect(2, 2), dominoes(), False, [], [("Q", [(0, 0), (0, 1)]), H_BOTTOM])
    rejects("twice", rect(1, 2), [("A", MONOMINO, 0, 9)], False, [], [("A", [(0, 0), (0, 0)]), ("A", [(0, 1)])])


def test_checker_one_sided_mirror():
    board = rect(2, 4)
    [t_jj] = naive.all_tilings(board, [("J", J4, 0, BIG)], True)
    as_l = [("L", sorted(cells)) for _, cells in t_jj]
    # Free L pieces: a J-shaped placement is fine; one-sided: it is not.
    checker.check_solution(board, [("L", L4, 0, BIG)], False, [], as_l)
    rejects("not a valid one-sided", board, [("L", L4, 0, BIG)], True, [], as_l)
    # Rotations are fine in a one-sided set.
    rotated = [("L", [(0, 0), (0, 1), (0, 2), (1, 0)])]
    checker.check_solution(rotated[0][1], [("L", L4, 0, 1)], True, [], rotated)


def test_checker_copy_counts():
    rejects("used 2 times, allowed 0..1", rect(2, 2), dominoes(hi=1), False, [], [H_TOP, H_BOTTOM])
    rejects("used 2 times, allowed 3..", rect(2, 2), dominoes(lo=3), False, [], [H_TOP, H_BOTTOM])
    pieces = [("A", MONOMINO, 1, 1), ("D", DOMINO, 0, 9)]
    rejects("piece A used 0 times", rect(1, 2), pieces, False, [], [("D", [(0, 0), (0, 1)])])


def test_checker_preplaced_included_or_not():
    pre = [("D", frozenset({(0, 0), (0, 1)}))]
    expected = frozenset({("D", frozenset(H_TOP[1])), ("D", frozenset(H_BOTTOM[1]))})
    assert checker.check_solution(rect(2, 2), dominoes(), False, pre, [H_BOTTOM]) == expected
    assert checker.check_solution(rect(2, 2), dominoes(), False, pre, [H_TOP, H_BOTTOM]) == expected
    # The preplaced piece counts as a copy.
    rejects("used 2 times", rect(2, 2), dominoes(hi=1), False, pre, [H_BOTTOM])
    # A solution that moves the preplaced piece overlaps it.
    rejects("more than once", rect(2, 2), dominoes(), False, pre,
            [("D", [(0, 0), (1, 0)]), ("D", [(0, 1), (1, 1)])])


def test_checker_json_line():
    board = rect(2, 2)
    line = json.dumps({"placements": [{"piece": "D", "cells": [[0, 0], [0, 1]]},
                                      {"piece": "D", "cells": [[1, 0], [1, 1]]}]})
    assert len(checker.check_json_line(board, dominoes(), False, [], line)) == 2
    bad = json.dumps({"placements": [{"piece": "D", "cells": [[0, 0], [0, 1]]}]})
    with pytest.raises(AssertionError, match="not covered"):
        checker.check_json_line(board, dominoes(), False, [], bad)
    for junk in ["not json", "[]", '{"solution": []}', '{"placements": [{"cells": []}]}']:
        with pytest.raises(AssertionError):
            checker.check_json_line(board, dominoes(), False, [], junk)


def test_checker_round_trips_pentomino_json():
    board = rect(20, 3)
    for t in naive.all_tilings(board, PENTOMINO_SET, False)[:2]:
        line = json.dumps({"placements": [{"piece": n, "cells": [list(c) for c in sorted(cells)]}
                                          for n, cells in sorted(t, key=lambda p: (p[0], sorted(p[1])))]})
        assert checker.check_json_line(board, PENTOMINO_SET, False, [], line) == t
