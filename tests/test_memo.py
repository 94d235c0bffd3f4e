"""Memoised counting (pentomino.search.memo): exact counts of any size, against independent
counts (Fibonacci numbers, a pure-Python transfer-matrix count, the slow reference solver),
tables that grow with the states met, and a clear stop when memory runs short."""

import sys
from pathlib import Path

import pytest

import naive
from conftest import slow
from pentomino import Puzzle
from pentomino.search import memo, runner
from pentomino.search.solver import Solver
from test_cli import run

sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
from transfer_matrix import DOMINO, L_TROMINO, count_tilings  # noqa: E402

I1, I2 = {(0, 0)}, {(0, 0), (0, 1)}


def board_text(rows: int, cols: int) -> str:
    return "\n".join("." * cols for _ in range(rows))


def puzzle(rows: int, cols: int, copies: dict[str, str]) -> Puzzle:
    """A rectangle and built-in pieces with the given copies (e.g. {"I2": "any"})."""
    lines = "\n".join(f"{name} = {value}" for name, value in copies.items())
    names = ", ".join(f'"{name}"' for name in copies)
    return Puzzle.from_toml(f'pieces = [{names}]\nboard = """\n{board_text(rows, cols)}\n"""\n[copies]\n{lines}\n')


def fibonacci(k: int) -> int:
    a, b = 0, 1
    for _ in range(k):
        a, b = b, a + b
    return a


def palindromes(n: int) -> int:
    """Tilings of a 1 x n strip by monominoes and dominoes that read the same backwards: the
    half is tiled freely, with a domino or nothing across the middle (n even) or a monomino
    in the middle (n odd)."""
    if n % 2:
        return fibonacci((n - 1) // 2 + 1)
    return fibonacci(n // 2 + 1) + (fibonacci(n // 2) if n >= 2 else 0)


@pytest.mark.parametrize("n", [1, 2, 3, 10, 62, 63, 64, 65, 92, 100, 128, 129, 200])
def test_strips_of_dominoes_and_monominoes_are_fibonacci_numbers(n):
    p = puzzle(1, n, {"I1": '"any"', "I2": '"any"'})
    result = runner.count(Solver(p, "full", counting=True), method="memo")
    tilings = fibonacci(n + 1)
    # The strip's group: the identity and the reversal (a rotation), so Burnside's mean of
    # the tilings and the palindromes is the count up to symmetry in both modes.
    orbits = (tilings + palindromes(n)) // 2 if n > 1 else 1
    assert result.by_mode == {"none": tilings, "rotations": orbits, "full": orbits}
    assert runner.count(Solver(p, "none", counting=True)).count == tilings


def test_the_palindrome_formula_matches_the_reference():
    for n in range(1, 9):
        board = {(0, c) for c in range(n)}
        spec = [("I1", I1, 0, n), ("I2", I2, 0, n)]
        got = naive.counts(board, spec, False)
        assert got["none"] == fibonacci(n + 1)
        assert got["full"] == ((fibonacci(n + 1) + palindromes(n)) // 2 if n > 1 else 1)


@pytest.mark.parametrize("rows, cols", [(2, 3), (4, 4), (3, 8), (6, 6), (5, 8), (8, 8), (7, 10),
                                        (10, 10), (12, 12), (11, 14), (14, 14), (13, 16), slow(16, 16)])
def test_domino_tilings_match_a_transfer_matrix_count(rows, cols):
    p = puzzle(rows, cols, {"I2": rows * cols // 2})
    assert runner.count(Solver(p, "none", counting=True)).count == count_tilings(rows, cols, [DOMINO])


def test_dominoes_on_14x14_pass_2_to_the_63():
    result = runner.count(Solver(puzzle(14, 14, {"I2": 98}), "none", counting=True))
    assert result.count == 112202208776036178000000 > 2**63
    assert result.method == "memo"


def test_a_mixed_set_matches_a_transfer_matrix_count():
    p = puzzle(7, 8, {"I2": '"any"', "L3": '"any"'})
    assert runner.count(Solver(p, "none", counting=True)).count == count_tilings(7, 8, [DOMINO, L_TROMINO])


SMALL = [
    # board rows x cols, pieces as (name, cells, copies min, max or None for any)
    (4, 4, [("I2", I2, 8, 8)]),
    slow(3, 6, [("I1", I1, 0, None), ("I2", I2, 0, None)]),  # the reference takes seconds
    (4, 4, [("I1", I1, 2, 3), ("I2", I2, 0, None)]),
    (3, 5, [("I2", I2, 0, None), ("L3", {(0, 0), (0, 1), (1, 0)}, 1, None)]),
]


@pytest.mark.parametrize("rows, cols, pieces", SMALL)
def test_every_symmetry_mode_matches_the_reference(rows, cols, pieces):
    from pentomino import Piece, PieceCount

    board = frozenset((r, c) for r in range(rows) for c in range(cols))
    p = Puzzle(board, tuple(PieceCount(Piece(name, frozenset(cells)), lo, hi) for name, cells, lo, hi in pieces),
               (), False, "small")
    want = naive.counts(board, [(name, cells, lo, hi if hi is not None else len(board))
                                for name, cells, lo, hi in pieces], False)
    for mode in ("full", "rotations", "none"):
        result = runner.count(Solver(p, mode, counting=True), method="memo")
        assert result.count == want[mode], mode


def test_pool_and_serial_totals_agree_past_2_to_the_63():
    p = puzzle(14, 14, {"I2": 98})
    serial = runner.count(Solver(p, "full", counting=True), jobs=1)
    pooled = runner.count(Solver(p, "full", counting=True), jobs=2)
    assert pooled.jobs == 2 and serial.jobs == 1
    assert pooled.by_mode == serial.by_mode
    assert serial.by_mode["none"] == 112202208776036178000000
    assert serial.count * 8 > serial.by_mode["none"] > 2**63


def test_small_budgets_grow_and_resume_mid_layer():
    """Stopping after every few states (and growing tables mid-layer) changes nothing."""
    p = puzzle(8, 8, {"I1": '"any"', "I2": '"any"'})
    packed = Solver(p, "full", counting=True).packed
    for g in range(len(packed.group)):
        assert memo.fixed_count(packed, g, budget=7)[0] == memo.fixed_count(packed, g)[0]


def test_memory_follows_the_states_met():
    """80x80 monominoes: one tiling, one state a layer; the tables stay small."""
    result = runner.count(Solver(puzzle(80, 80, {"I1": '"any"'}), "full", counting=True))
    assert result.by_mode == {"full": 1, "rotations": 1, "none": 1}
    assert result.table_states == 1
    assert result.table_bytes < 4 << 20


def test_a_count_that_needs_too_much_memory_stops_with_a_clear_message():
    p = puzzle(14, 14, {"I2": 98})
    with pytest.raises(memo.CountTooLarge, match="more memory than allowed.*over the limit of 0.2 MB"):
        runner.count(Solver(p, "none", counting=True), max_memory=256 << 10)


def test_the_command_line_reports_the_table_and_refuses_to_run_out_of_memory(tmp_path):
    path = tmp_path / "dominoes.toml"
    path.write_text(f'pieces = ["I2"]\nboard = """\n{board_text(14, 14)}\n"""\n[copies]\nI2 = 98\n')
    args = ("count", str(path), "--symmetry", "none")
    ok = run(*args, "--stats", "--json")
    assert ok.exit_code == 0, ok.stderr
    assert '"count": 112202208776036178000000' in ok.stdout
    assert "states: 3,432 (largest layer)" in ok.stderr
    low = run(*args, "--max-memory", "256K")
    assert low.exit_code == 2
    assert low.stdout == ""
    lines = low.stderr.strip().splitlines()
    assert lines[-1].startswith(f"pentomino: error: {path}: the count needs more memory than allowed")
    assert "Traceback" not in low.stderr
