"""Orientation per piece (``[orientation]``: free, face-up, face-down, fixed) against the slow
reference (tests/naive.py), which builds each piece's allowed orientations and the puzzle's
symmetry group its own way, and the verifier of one solution (tests/checker.py).

Random small puzzles mix the ways of turning: a class of congruent pieces of a random tiling is
split into pieces each turned its own way (a fixed piece per orientation used, a face-up piece
and a face-down one drawn alike, a free piece beside a face-up copy of the same shape), some
given partners so that symmetries survive (a face-down partner for a face-up piece, fixed
pieces in every orientation of a board symmetry's orbit). Then counts in every mode, group
orders, listed solutions, and the file format's round trip must agree. Cases known by hand
show the general rule's interesting corners: a symmetry kept because a fixed piece is
symmetric, a reflection kept because a face-up piece has a face-down partner.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import checker
import naive
from conftest import examples, random_tiling
from pentomino import Piece, PieceCount, Placement, Puzzle, PuzzleError, api
from pentomino.geometry import GRIDS
from test_cli import file_error, run, write
from test_reference_grids import MODES, MOST_TILINGS, SIZES, compare_with_reference, random_board, shapes

BIG = 10 ** 6
L4 = frozenset({(0, 0), (1, 0), (2, 0), (2, 1)})
T4 = frozenset({(0, 0), (0, 1), (0, 2), (1, 1)})
S4 = frozenset({(0, 1), (0, 2), (1, 0), (1, 1)})
O4 = frozenset({(0, 0), (0, 1), (1, 0), (1, 1)})
H2 = frozenset({(0, 0), (0, 1)})
V2 = frozenset({(0, 0), (1, 0)})
MONO = frozenset({(0, 0)})


def rect(h, w):
    return frozenset((r, c) for r in range(h) for c in range(w))


# -- puzzles: the library's and the reference's, from one list of pieces ---------------------------
def build(board, pieces, one_sided=False, preplaced=(), *, grid_name="square", name="turns"):
    """(Puzzle, reference spec) of ``pieces``: (name, cells, lo, hi or None, turns or None)."""
    grid = GRIDS[grid_name]
    counts = tuple(PieceCount(Piece(n, grid.normalize(cells), grid), lo, hi, turns)
                   for n, cells, lo, hi, turns in pieces)
    puzzle = Puzzle(frozenset(board), counts, tuple(sorted(Placement.of(n, c) for n, c in preplaced)),
                    one_sided, name, grid)
    spec = [(n, frozenset(cells), lo, hi if hi is not None else len(board), turns)
            for n, cells, lo, hi, turns in pieces]
    return puzzle, (frozenset(board), spec, one_sided, [(n, frozenset(c)) for n, c in preplaced])


def turned_puzzle(grid_name, seed):
    """A small random puzzle with a solution whose pieces turn in mixed ways: (Puzzle, spec)."""
    rng = random.Random(seed)
    for _ in range(200):
        board = random_board(rng, grid_name)
        pool = shapes(grid_name, SIZES[grid_name])
        kinds = rng.sample(pool, min(len(pool), rng.randint(1, 4)))
        tiling = random_tiling(rng, board, kinds, grid=grid_name)
        if tiling is not None and len(tiling) >= 2:
            break
    else:  # pragma: no cover - some board always works
        raise AssertionError("no tiling found")
    one_sided = rng.random() < (0.6 if grid_name == "cube" else 0.3)
    classes = {}
    for cells in tiling:
        classes.setdefault(naive.shape_class(cells, False, grid=grid_name), []).append(cells)
    entries = []  # [drawn cells, turns, lo, hi, members placed in the tiling]
    for _, members in sorted(classes.items()):
        mine = []
        for cells in rng.sample(members, len(members)):
            fits = [e for e in mine if naive.normalize(cells, grid=grid_name) in allowed(e, one_sided, grid_name)]
            if fits and rng.random() < 0.7:
                rng.choice(fits)[4].append(cells)
                continue
            turns = rng.choice((None, *naive.TURNS))
            drawn = naive.mirror_image(cells, grid=grid_name) if turns == "face-down" else cells
            mine.append([drawn, turns, 0, 0, [cells]])
        entries += mine
    for e in entries:
        k = len(e[4])
        mode = rng.random()
        e[2], e[3] = (k, k) if mode < 0.6 else (max(0, k - 1), k + 1) if mode < 0.8 else (0, None)
        if e[3] is None and len(e[0]) == 1:
            e[2], e[3] = k, k  # any number of monoforms: too many tilings for the reference
    if rng.random() < 0.5:
        entries += partners(rng, entries, board, one_sided, grid_name)
    pieces, preplaced = [], []
    for i, (drawn, turns, lo, hi, members) in enumerate(entries):
        name = "ABCDEFGHJKMNOPQRSTUVWXYZabcdefghjkmnopqrstuvwxyz"[i]
        pieces.append((name, drawn, lo, hi, turns))
        if members and rng.random() < 0.2:
            preplaced.append((name, rng.choice(members)))
    rng.shuffle(pieces)  # the library's pairing of pieces must not hang on their order
    return build(board, pieces, one_sided, preplaced, grid_name=grid_name, name=f"turned-{grid_name}-{seed}")


def allowed(entry, one_sided, grid_name):
    return naive.allowed_orientations(entry[0], naive.how_turned(entry[1], one_sided), grid=grid_name)


def partners(rng, entries, board, one_sided, grid_name):
    """Pieces that let symmetries of the board survive, and copies to match: for some pieces,
    the images of their allowed orientations under each symmetry of the board are made the
    allowed orientations of a piece (one there already, or a new one: a face-up piece drawn
    alike and turned face down, a fixed piece drawn as the image), and all of them given the
    same copies (0 to as many as any had)."""
    group = naive.symmetry_group(board, [], False, grid=grid_name)
    by_set = {}
    for e in entries:
        by_set.setdefault(frozenset(allowed(e, one_sided, grid_name)), e)
    out = []
    for e in list(entries):
        how = naive.how_turned(e[1], one_sided)
        if how == "free":
            continue
        family = [e]
        for g in group:
            shapes = frozenset(naive.image(o, g.point_map, grid=grid_name) for o in allowed(e, one_sided, grid_name))
            if shapes not in by_set:
                if how == "fixed":
                    made = [naive.image(e[0], g.point_map, grid=grid_name), "fixed", 0, 0, []]
                else:  # face up or face down: the same drawing turned the other way, or as it is
                    other = {"face-up": "face-down", "face-down": "face-up"}[how]
                    made = [e[0], how if g.point_map.proper else other, 0, 0, []]
                assert frozenset(allowed(made, one_sided, grid_name)) == shapes
                by_set[shapes] = made
                out.append(made)
            family.append(by_set[shapes])
        top = max(f[3] if f[3] is not None else len(f[4]) + 1 for f in family)
        for f in family:
            f[2], f[3] = 0, top
    return out


# -- the reference's own ways of turning, by hand ------------------------------------------------------
def test_reference_orientations_by_hand():
    ways = {t: naive.allowed_orientations(L4, t) for t in naive.TURNS}
    assert {t: len(o) for t, o in ways.items()} == {"free": 8, "face-up": 4, "face-down": 4, "fixed": 1}
    assert ways["face-up"].isdisjoint(ways["face-down"]) and ways["face-up"] | ways["face-down"] == ways["free"]
    assert ways["fixed"] == {L4} and L4 in ways["face-up"]
    # A shape with no mirror image: face down is face up.
    assert naive.allowed_orientations(T4, "face-down") == naive.allowed_orientations(T4, "face-up")
    assert naive.allowed_orientations(O4, "fixed") == naive.allowed_orientations(O4, "free") == {O4}
    # On the other grids: a chiral tetriamond (triangles), a chiral tetrahex, a chiral tetracube.
    for grid_name, cells in (("triangle", {(0, 0), (0, 1), (0, 2), (0, 3)}),
                             ("hexagon", {(0, 0), (0, 2), (1, 3), (1, 5)}),
                             ("cube", {(0, 0, 0), (0, 0, 1), (0, 1, 1), (1, 1, 1)})):
        up, down = (naive.allowed_orientations(cells, t, grid=grid_name) for t in ("face-up", "face-down"))
        assert up.isdisjoint(down) and up | down == naive.allowed_orientations(cells, "free", grid=grid_name)
        assert naive.allowed_orientations(cells, "fixed", grid=grid_name) == {naive.normalize(cells, grid=grid_name)}


def test_reference_counts_by_hand():
    """Dominoes fixed lying tile a 2 x n strip one way, a 1 x n strip standing none; lying and
    standing, as many ways as free dominoes (5 on 2 x 4), each domino named by how it lies."""
    assert len(naive.all_tilings(rect(2, 4), [("H", H2, 0, BIG, "fixed")], False)) == 1
    assert len(naive.all_tilings(rect(1, 4), [("V", V2, 0, BIG, "fixed")], False)) == 0
    assert len(naive.all_tilings(rect(1, 4), [("V", V2, 0, BIG, "free")], False)) == 1
    both = [("H", H2, 0, BIG, "fixed"), ("V", V2, 0, BIG, "fixed")]
    assert len(naive.all_tilings(rect(2, 4), both, False)) == 5
    # The 4 x 4 square: 36 domino tilings; a quarter turn swaps lying and standing dominoes,
    # unless they have other copies (at most 7 standing: all but the tiling of 8 standing).
    assert {k: naive.counts(rect(4, 4), both, False)[k] for k in ("none", "group_order")} == {
        "none": 36, "group_order": 8}
    uneven = [("H", H2, 0, 8, "fixed"), ("V", V2, 0, 7, "fixed")]
    assert {k: naive.counts(rect(4, 4), uneven, False)[k] for k in ("none", "group_order", "proper_order")} == {
        "none": 35, "group_order": 4, "proper_order": 2}


def test_checker_knows_how_pieces_turn():
    j4 = naive.mirror_image(L4)
    moved = [(r + 1, c + 2) for r, c in L4]
    turned = sorted(next(iter(naive.allowed_orientations(L4, "face-up") - {L4})))
    for turns, ok in (("free", {L4, j4, "turned"}), ("face-up", {L4, "turned"}), ("face-down", {j4}),
                      ("fixed", {L4})):
        assert checker.congruent(L4, moved, False, turns=turns) == (L4 in ok), turns
        assert checker.congruent(L4, j4, False, turns=turns) == (j4 in ok), turns
        assert checker.congruent(L4, turned, False, turns=turns) == ("turned" in ok), turns
    with pytest.raises(AssertionError, match="not a valid fixed orientation"):
        checker.check_solution(rect(2, 4), [("H", H2, 0, BIG, "fixed")], False, [],
                               [("H", [(0, 0), (1, 0)]), ("H", [(0, 1), (1, 1)]), ("H", [(0, 2), (0, 3)]),
                                ("H", [(1, 2), (1, 3)])])


# -- cases known by hand, through the library --------------------------------------------------------
def group_orders(puzzle):
    return puzzle.symmetry_group_order("full"), puzzle.symmetry_group_order("rotations")


def agree(puzzle, spec):
    """The library's counts, group orders and solutions are the reference's; return its counts."""
    return compare_with_reference(puzzle.grid.name, puzzle, spec)


@pytest.mark.parametrize("shape,orders", [
    (O4, (8, 4)),   # the square: every symmetry of the board
    (H2, (4, 2)),   # a lying domino: the half turn and the two mirrors along the axes
    (T4, (2, 1)),   # a T pointing down: its mirror across the upright axis
    (S4, (2, 2)),   # an S: the half turn, no mirror
    (L4, (1, 1)),   # an L: nothing
])
def test_a_fixed_piece_keeps_the_symmetries_it_has(shape, orders):
    """4 x 4, one fixed piece, two monominoes and dominoes (free): G is the board's symmetries
    that fix the fixed piece's shape."""
    puzzle, spec = build(rect(4, 4), [("F", shape, 1, 1, "fixed"), ("M", MONO, 2, 2, None), ("D", H2, 0, BIG, None)])
    assert group_orders(puzzle) == orders
    agree(puzzle, spec)
    free, _ = build(rect(4, 4), [("F", shape, 1, 1, None), ("M", MONO, 2, 2, None), ("D", H2, 0, BIG, None)])
    assert group_orders(free) == (8, 4)


@pytest.mark.parametrize("board,up_only,with_partner", [
    (rect(4, 4), (4, 4), (8, 4)),
    (rect(2, 8), (2, 2), (4, 2)),
])
def test_a_face_down_partner_keeps_the_reflections(board, up_only, with_partner):
    """L tetrominoes face up: only the board's rotations; with the same L face down beside it
    (same copies), every symmetry, a reflection swapping the two; with other copies, not."""
    up = [("L", L4, 0, 4, "face-up"), ("O", O4, 0, 4, None)]
    puzzle, spec = build(board, up)
    assert group_orders(puzzle) == up_only
    agree(puzzle, spec)
    puzzle, spec = build(board, up + [("J", L4, 0, 4, "face-down")])
    assert group_orders(puzzle) == with_partner
    assert {g.piece_map["L"] for g in puzzle.symmetry_group} == {"L", "J"}
    agree(puzzle, spec)
    # The same puzzle as a one-sided set with the mirror image drawn: the same answers.
    same, _ = build(board, [("L", L4, 0, 4, None), ("O", O4, 0, 4, None),
                            ("J", naive.mirror_image(L4), 0, 4, None)], True)
    assert same.count_detail("full").by_mode == puzzle.count_detail("full").by_mode
    puzzle, spec = build(board, up + [("J", L4, 0, 3, "face-down")])
    assert group_orders(puzzle) == up_only
    agree(puzzle, spec)


@pytest.mark.parametrize("second", ["fixed", "face-up", "face-down"])
@pytest.mark.parametrize("first_listed", [True, False])
def test_pieces_no_tiling_tells_apart_but_by_name(second, first_listed):
    """A free piece and another of the same shape turned a way that allows the same
    orientations (a fixed monomino, a face-up or face-down T, with the same copies): each is
    itself under every symmetry, whichever is listed first."""
    shape = MONO if second == "fixed" else T4
    pieces = [("A", shape, 1, 1, None), ("B", shape, 1, 1, second), ("D", H2, 0, BIG, None)]
    puzzle, spec = build(rect(4, 4) if shape == T4 else rect(2, 2), pieces if first_listed else pieces[::-1])
    for g in puzzle.symmetry_group:
        assert g.piece_map == {"A": "A", "B": "B", "D": "D"}, g
    assert group_orders(puzzle) == (8, 4)
    agree(puzzle, spec)


# -- random puzzles ------------------------------------------------------------------------------------
@settings(max_examples=examples(300, 80), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_turned_puzzles_on_squares(seed):
    puzzle, spec = turned_puzzle("square", seed)
    compare_with_reference("square", puzzle, spec, limit=MOST_TILINGS)


@pytest.mark.parametrize("grid_name", ["triangle", "hexagon", "cube"])
@settings(max_examples=examples(60, 10), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_turned_puzzles_on_other_grids(grid_name, seed):
    puzzle, spec = turned_puzzle(grid_name, seed)
    compare_with_reference(grid_name, puzzle, spec, limit=MOST_TILINGS)


@pytest.mark.parametrize("grid_name", naive.GRID_NAMES)
@settings(max_examples=examples(60, 10), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_turned_puzzles_read_back_from_their_files(grid_name, seed):
    """The file keeps each piece's drawing, copies and way of turning; the board may move (to
    start at row 0), so the puzzle read back is the same puzzle moved: the same counts."""
    puzzle, _ = turned_puzzle(grid_name, seed)
    text = puzzle.to_toml()
    again = Puzzle.from_toml(text)
    assert (again.pieces, again.one_sided) == (puzzle.pieces, puzzle.one_sided), text
    assert [pc.how_turned(again.one_sided) for pc in again.pieces] == [
        pc.how_turned(puzzle.one_sided) for pc in puzzle.pieces]
    assert Puzzle.from_toml(again.to_toml()) == again
    assert group_orders(again) == group_orders(puzzle)
    assert again.count_detail("full").by_mode == puzzle.count_detail("full").by_mode


# -- puzzle files: [orientation] and one_sided = "face-down" -----------------------------------------
TETROMINOES_4X5 = '''
pieces = "tetrominoes"
{top}board = """
{board}
"""

[legend]
L = "L4"
{orientation}'''


def tetromino_file(board=".....\n.....\n.....\n.....", top="", orientation=""):
    return TETROMINOES_4X5.format(board=board, top=top, orientation=orientation).lstrip("\n")


def test_one_sided_face_down_turns_every_piece_over():
    """one_sided = "face-down": every piece turned over, then turned only; the same counts as
    the reference's with every piece face down, and as the pieces drawn mirrored and one-sided."""
    copies = "\n[copies]\nL4 = 2\nO4 = 2\nS4 = 0\nT4 = 0\n"  # I, L, L, O, O in 5 x 4
    p = Puzzle.from_toml(tetromino_file(board="....\n" * 4 + "....", top='one_sided = "face-down"\n',
                                        orientation=copies))
    assert {pc.how_turned(p.one_sided) for pc in p.pieces} == {"face-down"}
    board = sorted(p.board)
    spec = [(pc.piece.name, pc.piece.cells, pc.min, pc.max, "face-down") for pc in p.pieces]
    expected = naive.counts(board, spec, False)
    # The half turn only: an L face down has no partner face up to swap with under a mirror.
    assert (expected["none"], expected["group_order"]) == (12, 2)
    assert p.count_detail("full").by_mode == {m: expected[m] for m in ("full", "rotations", "none")}
    mirrored, _ = build(board, [(n, naive.mirror_image(c), lo, hi, None) for n, c, lo, hi, _ in spec], True)
    assert mirrored.count_detail("full").by_mode == p.count_detail("full").by_mode
    assert Puzzle.from_toml(p.to_toml()) == p
    fixed = Puzzle.from_toml(tetromino_file(top='one_sided = "fixed"\n'))
    assert {pc.how_turned(fixed.one_sided) for pc in fixed.pieces} == {"fixed"}


def test_orientation_in_a_file_is_the_pieces_turns(tmp_path):
    text = tetromino_file(orientation='\n[orientation]\nL4 = "face-down"\nS4 = "fixed"\nT4 = "face-up"\n')
    p = Puzzle.from_toml(text)
    assert {pc.piece.name: pc.turns for pc in p.pieces} == {
        "I4": None, "L4": "face-down", "O4": None, "S4": "fixed", "T4": "face-up"}
    assert Puzzle.from_toml(p.to_toml()) == p
    shown = run("show", write(tmp_path, text))
    assert shown.exit_code == 0, shown.stderr
    assert "pieces turned as each says below ([orientation])" in shown.stdout
    assert "L4 (4 cells, copies: 1, face down (turned over))" in shown.stdout
    assert "S4 (4 cells, copies: 1, fixed (never turned))" in shown.stdout


@pytest.mark.parametrize("text,line,message", [
    (tetromino_file(orientation='\n[orientation]\nL4 = "sideways"\n'), 13,
     '[orientation] of L4: "sideways" is not one of "free" (turned and turned over), "face-up"'),
    (tetromino_file(orientation="\n[orientation]\nL4 = 3\n"), 13, '[orientation] of L4: 3 is not one of "free"'),
    (tetromino_file(orientation='\n[orientation]\nQ = "fixed"\n'), 13,
     "[orientation] names 'Q', which is not one of the puzzle's pieces"),
    (tetromino_file(orientation='\n[orientation]\nL = "fixed"\n'), 13,
     "[orientation] names 'L', which is not one of the puzzle's pieces (did you mean 'L4'?)"),
    (tetromino_file(top='orientation = "fixed"\n'), 2, "[orientation] must be a table of piece name = "),
    (tetromino_file(top='one_sided = "sideways"\n'), 2,
     "'one_sided' must be true, false, \"face-up\", \"face-down\" or \"fixed\""),
], ids=["bad-value", "not-a-string", "unknown-piece", "near-name", "not-a-table", "bad-one-sided"])
def test_bad_orientation_is_a_one_line_error(tmp_path, text, line, message):
    error = file_error(tmp_path, text)
    assert f"puzzle.toml:{line}: {message}" in error


L_TURNED = ".L...\n.L...\n.LL..\n....."   # L4 (###/#..) turned a quarter
L_MIRRORED = "LLL..\n..L..\n.....\n....."  # L4 turned over
L_AS_DRAWN = "LLL..\nL....\n.....\n....."


@pytest.mark.parametrize("board,turns,allowed", [
    (L_TURNED, "fixed", False), (L_AS_DRAWN, "fixed", True),
    (L_MIRRORED, "face-up", False), (L_TURNED, "face-up", True),
    (L_AS_DRAWN, "face-down", False), (L_TURNED, "face-down", False), (L_MIRRORED, "face-down", True),
    (L_MIRRORED, "free", True),
])
def test_a_pre_placed_piece_must_be_turned_as_its_piece_may(tmp_path, board, turns, allowed):
    """The message says how the piece may turn."""
    how = {"fixed": "(fixed); L4 is ###/#.. (rows separated by '/'), as drawn (it may not be turned)",
           "face-up": "(one-sided); L4 is ###/#.. (rows separated by '/'), in any rotation",
           "face-down": "(face down); L4 is ###/#.. (rows separated by '/'), turned over, in any rotation"}
    for text in (tetromino_file(board=board, orientation=f'\n[orientation]\nL4 = "{turns}"\n'),
                 tetromino_file(board=board, top=f'one_sided = "{turns}"\n')):
        if allowed:
            assert Puzzle.from_toml(text).preplaced[0].piece == "L4"
            continue
        error = file_error(tmp_path, text)
        row = 1 + text.split("\n").index(board.split("\n")[0])
        assert f"puzzle.toml:{row}: the 4 cells marked 'L' (for L4) starting on this line do not form one L4 " \
               f"piece {how[turns]}" in error, error


def test_the_library_refuses_what_the_file_would():
    l4 = Piece.from_ascii("L4", "###\n#..")
    board = frozenset((r, c) for r in range(4) for c in range(5))
    with pytest.raises(PuzzleError, match="cannot be turned 'face_up': say \"free\", \"face-up\""):
        Puzzle(board, (PieceCount(l4, 0, 5, "face_up"),))  # type: ignore[arg-type]
    turned = Placement.of("L4", [(0, 1), (1, 1), (2, 1), (2, 2)])
    with pytest.raises(PuzzleError, match=r"do not form one L4 piece \(fixed\).*as drawn \(it may not be turned\)"):
        Puzzle(board, (PieceCount(l4, 0, 5, "fixed"),), (turned,))
    assert Puzzle(board, (PieceCount(l4, 0, 5, "face-up"),), (turned,)).preplaced == (turned,)


# -- a labelled board (a calendar's kind) with pieces turned every way ----------------------------------
LABELLED = '''
board = """
.....
.....
.....
.....
##.##
"""
labels = """
. . 1 . .
. . 2 . .
. . 3 . .
. . . . .
.
"""

[shapes]
L = """
#.
#.
##
"""
J = """
#.
#.
##
"""
T = """
###
.#.
"""
I = "####"
O = """
##
##
"""
S = """
.##
##.
"""
Z = """
##.
.##
"""

[copies]
L = [0, 2]
J = [0, 2]
T = [0, 2]
I = [0, 2]
O = [0, 2]
S = [0, 1]
Z = [0, 1]

[orientation]
L = "face-up"
J = "face-down"
T = "fixed"
S = "fixed"
Z = "fixed"

[groups]
x = ["1", "2", "3"]
'''


def test_each_opening_of_a_labelled_board_with_turned_pieces():
    """A board whose one symmetry is a mirror that keeps its labelled cells (on its axis):
    each opening keeps the mirror while the face-up L has its face-down J, the fixed S its
    fixed Z (swapped by it) and the fixed T is symmetric; the batch of openings (one process
    and two), and each opening alone, count as the reference does, in every mode."""
    p = Puzzle.from_toml(LABELLED)
    openings = [["1"], ["2"], ["3"]]
    for x, in openings:
        q = p.open(x)
        spec = [(pc.piece.name, pc.piece.cells, pc.min, pc.max if pc.max is not None else BIG, pc.turns)
                for pc in q.pieces]
        expected = agree(q, (frozenset(q.board), spec, False, []))
        assert expected["group_order"] == 2 and expected["none"] > 0
        flip = q.symmetry_group[1].piece_map
        assert (flip["L"], flip["S"], flip["T"]) == ("J", "Z", "T")
        for mode in MODES:
            for jobs in (1, 2):
                (row,) = api.count_each(p, [[x]], mode, jobs=jobs)
                assert row.count == expected[mode], (x, mode, jobs)
    # Without the partner's copies the mirror is gone: every tiling counts once in every mode.
    lone = Puzzle.from_toml(LABELLED.replace("J = [0, 2]", "J = [0, 1]")).open("2")
    assert group_orders(lone) == (1, 1)
    assert len({lone.count(mode) for mode in MODES}) == 1


def test_the_readme_example_counts_as_the_readme_says():
    """README.md, "How pieces turn": 7 solutions up to 2 symmetries, 12 in all; without the J,
    or with other copies of it, no mirror."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    (text,) = [block for block in re.findall(r"^```toml\n(.*?)^```$", readme, re.M | re.S) if "[orientation]" in block]
    p = Puzzle.from_toml(text)
    assert group_orders(p) == (2, 1)
    assert p.count_detail("full").by_mode == {"full": 7, "rotations": 12, "none": 12}
    assert "says 7 solutions up to those 2 symmetries, 12\ncounting every tiling" in readme
    spec = [(pc.piece.name, pc.piece.cells, pc.min, pc.max, pc.turns) for pc in p.pieces]
    assert naive.counts(p.board, spec, False)["full"] == 7
    without_j = re.sub(r'^J = .*\n', "", text, flags=re.M)
    assert "J" not in {pc.piece.name for pc in Puzzle.from_toml(without_j).pieces}
    for other in (without_j, text.replace("J = [0, 2]", "J = [0, 1]")):
        assert group_orders(Puzzle.from_toml(other)) == (1, 1)


def test_the_page_gets_each_piece_in_the_orientations_it_may_take():
    """The page's pieces (puzzle_json): each in its allowed orientations, the reference's, with
    a "flip" move only where turning over keeps it in them (free, or fixed and symmetric)."""
    from pentomino.web.puzzles import puzzle_json

    p = Puzzle.from_toml(LABELLED)
    by_name = {pc.piece.name: pc for pc in p.pieces}
    pieces = puzzle_json(p)["pieces"]
    for piece in pieces:
        pc = by_name[piece["name"]]
        want = naive.allowed_orientations(pc.piece.cells, pc.how_turned(p.one_sided))
        assert {naive.normalize([tuple(c) for c in o]) for o in piece["orientations"]} == want, piece["name"]
        flips = {naive.mirror_image(o) for o in want} == want
        assert ("flip" in piece) == flips, piece["name"]
    assert {piece["name"] for piece in pieces if "flip" in piece} == {"I", "O", "T"}
