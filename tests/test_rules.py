"""Tiling rules (no-four-corners, fault-free) against the slow reference and published counts.

The reference (tests/naive.py) lists every tiling and keeps those that keep the rules, judged
from the pieces (four pieces touching one point; a line no piece spans) rather than from the
board's points and lines, as the search does; counts are compared in the three symmetry modes.
"""

from __future__ import annotations

import datetime

import pytest
from click.testing import CliRunner

import naive
from conftest import as_tiling
from pentomino import CheckpointError, OptionError, Puzzle, PuzzleError
from pentomino.cli import main
from pentomino.search import runner
from pentomino.search.solver import Solver

DOMINOES = ('["I2"]', '[copies]\nI2 = "any"\n')
MONO_DOMINOES = ('["I1", "I2"]', '[copies]\nI1 = "any"\nI2 = "any"\n')
TROMINOES = ('["I3", "L3"]', '[copies]\nI3 = "any"\nL3 = "any"\n')
MIXED = ('["I2", "L3", "I3"]', '[copies]\nI2 = [0, 3]\nL3 = "any"\nI3 = [0, 2]\n')
TETROMINOES = ('"tetrominoes"', '[copies]\nI4 = "any"\nL4 = "any"\nT4 = "any"\nO4 = "any"\nS4 = "any"\n')
TETRO_ONCE = ('"tetrominoes"', "")
RULE_SETS = (("no-four-corners",), ("fault-free",), ("no-four-corners", "fault-free"))


def board_puzzle(drawing: str, pieces: str, copies: str, rules: tuple[str, ...]) -> Puzzle:
    listed = ", ".join(f'"{r}"' for r in rules)
    return Puzzle.from_toml(f'pieces = {pieces}\nrules = [{listed}]\nboard = """\n{drawing}\n"""\n{copies}')


def rectangle(rows: int, cols: int, holes: tuple = ()) -> str:
    return "\n".join("".join("#" if (r, c) in holes else "." for c in range(cols)) for r in range(rows))


def specs(puzzle: Puzzle) -> list[tuple]:
    """The reference's pieces: (name, cells, fewest, most copies)."""
    return [(pc.piece.name, sorted(pc.piece.cells), pc.min, puzzle.area if pc.max is None else pc.max)
            for pc in puzzle.pieces]


def reference(puzzle: Puzzle, rules: tuple[str, ...]) -> dict[str, int]:
    pieces = specs(puzzle)
    preplaced = [(p.piece, p.cells) for p in puzzle.preplaced]
    return naive.rule_counts(puzzle.board, pieces, puzzle.one_sided, rules, preplaced)


CASES = [
    ("3x4", rectangle(3, 4), DOMINOES),
    ("4x4", rectangle(4, 4), DOMINOES),
    ("4x5", rectangle(4, 5), DOMINOES),
    ("5x6", rectangle(5, 6), DOMINOES),
    ("6x6", rectangle(6, 6), DOMINOES),
    ("3x5-md", rectangle(3, 5), MONO_DOMINOES),
    ("5x5-hole", rectangle(5, 5, ((2, 2),)), DOMINOES),
    ("6x6-holes", rectangle(6, 6, ((0, 0), (5, 5))), DOMINOES),
    ("4x6-tri", rectangle(4, 6), TROMINOES),
    ("5x6-tri", rectangle(5, 6), TROMINOES),
    ("4x5-mixed-hole", rectangle(4, 5, ((1, 1),)), MIXED),
    ("4x5-tetro", rectangle(4, 5), TETRO_ONCE),
    ("4x6-tetro", rectangle(4, 6), TETROMINOES),
    ("L-board", "....\n....\n....\n........\n........", TETROMINOES),
    ("6x6-cross", ".#..#.\n......\n......\n......\n......\n.#..#.", DOMINOES),
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=["+".join(r) for r in RULE_SETS])
@pytest.mark.parametrize(("name", "drawing", "pieces"), CASES, ids=[c[0] for c in CASES])
def test_counts_agree_with_the_reference_in_every_mode(name, drawing, pieces, rules):
    puzzle = board_puzzle(drawing, *pieces, rules)
    want = reference(puzzle, rules)
    for mode in ("none", "full", "rotations"):
        assert puzzle.count(symmetry=mode) == want[mode], mode
    detail = puzzle.count_detail("full", method="search")
    assert detail.by_mode == {"none": want["none"], "full": want["full"], "rotations": want["rotations"]}


GENERAL_CASES = [CASES[i] for i in (2, 4, 6, 9, 11, 13, 14)]


@pytest.mark.parametrize("rules", RULE_SETS, ids=["+".join(r) for r in RULE_SETS])
@pytest.mark.parametrize(("name", "drawing", "pieces"), GENERAL_CASES, ids=[c[0] for c in GENERAL_CASES])
def test_the_general_loop_keeps_the_rules_too(name, drawing, pieces, rules):
    """Each loop checks the rules in its own place (see "Tiling rules" in the kernel)."""
    puzzle = board_puzzle(drawing, *pieces, rules)
    want = reference(puzzle, rules)
    solver = Solver(puzzle, "full", counting=True)
    solver.packed.__dict__["tables"] = solver.packed.tables._replace(one_word=False)
    assert runner.count(solver, method="search").by_mode == \
        {"none": want["none"], "full": want["full"], "rotations": want["rotations"]}


@pytest.mark.parametrize(("rows", "cols", "rules"), [(5, 6, ("fault-free",)), (4, 7, ("no-four-corners",))])
def test_the_tilings_listed_are_the_references(rows, cols, rules):
    puzzle = board_puzzle(rectangle(rows, cols), *DOMINOES, rules)
    want = {t for t in naive.all_tilings(puzzle.board, specs(puzzle), False) if naive.keeps_rules(t, rules)}
    assert {as_tiling(s) for s in puzzle.solutions(symmetry="none")} == want
    assert len(want) > 0


@pytest.mark.parametrize("drawing", ["ab....\nab....\n......\n......", "......\n.aab..\n...b..\n......",
                                     "ef..\ncd..\n....\n...."])
def test_pre_placed_pieces_count_as_pieces(drawing):
    legend = '[legend]\na = "I2"\nb = "I2"\nc = "I1"\nd = "I1"\ne = "I1"\nf = "I1"\n'
    text = f'pieces = ["I1", "I2"]\nboard = """\n{drawing}\n"""\n[copies]\nI1 = [0, 4]\nI2 = "any"\n{legend}'
    for rules in RULE_SETS:
        puzzle = Puzzle.from_toml(text).with_rules(*rules)
        assert puzzle.preplaced
        want = reference(puzzle, rules)
        for mode in ("none", "full"):
            assert puzzle.count(symmetry=mode) == want[mode], (rules, mode)


def test_pre_placed_pieces_alone_can_break_a_rule():
    text = 'pieces = ["I1", "I2"]\nboard = """\nab..\ncd..\n....\n"""\n[copies]\nI1 = "any"\nI2 = "any"\n' \
           '[legend]\na = "I1"\nb = "I1"\nc = "I1"\nd = "I1"\n'
    puzzle = Puzzle.from_toml(text)
    assert puzzle.count(symmetry="none") > 0
    assert puzzle.with_rules("no-four-corners").count(symmetry="none") == 0


@pytest.mark.parametrize("jobs", [1, 2])
def test_parts_on_processes_give_the_same_count(jobs):
    puzzle = Puzzle.load("6x10").with_rules("no-four-corners")
    assert puzzle.count_detail("full", method="search", jobs=jobs).by_mode == \
        {"full": 563, "rotations": 1126, "none": 2252}


def test_a_checkpointed_count_keeps_the_rules(tmp_path):
    puzzle = Puzzle.load("5x12").with_rules("fault-free")
    first = puzzle.count_detail(checkpoint=tmp_path / "run.db")
    assert first.count == 746
    again = puzzle.count_detail(checkpoint=tmp_path / "run.db")  # read back, not searched again
    assert again.count == 746
    with pytest.raises(CheckpointError, match="the finished count of another puzzle"):
        Puzzle.load("5x12").count_detail(checkpoint=tmp_path / "run.db")


def test_an_estimate_of_a_puzzle_with_rules_runs_the_search_with_them():
    puzzle = board_puzzle(rectangle(6, 8), *DOMINOES, ("fault-free",))
    estimate = puzzle.estimate(samples=50, seed=1)
    exact = puzzle.count_detail("full")
    assert estimate.method == "search"
    assert estimate.nodes.low <= exact.nodes <= estimate.nodes.high or estimate.exact


# -- published counts -----------------------------------------------------------------------
# Each figure below was checked by running this package's count (see the commit's report).
# OEIS A068928: incongruent tatami tilings of a 3 x 2n room by dominoes, n = 1..10.
A068928 = [2, 2, 2, 4, 5, 9, 12, 21, 30, 51]
# OEIS A068923: tatami tilings of a 4 x n room by dominoes, n = 1..15.
A068923 = [1, 4, 4, 2, 3, 3, 3, 5, 5, 6, 8, 8, 11, 13, 14]
# OEIS A068924 / A068930: tatami tilings of a 5 x 2n room, all and incongruent, n = 1..10.
A068924 = [6, 3, 2, 2, 4, 4, 6, 8, 10, 14]
A068930 = [4, 2, 1, 1, 1, 2, 2, 3, 3, 5]
# OEIS A180970: monomer-dimer tatami tilings of a 3 x n grid, n = 1..10.
A180970 = [3, 13, 22, 44, 90, 196, 406, 852, 1778, 3740]
# OEIS A334396: fault-free tilings of a 3 x n rectangle by squares and dominoes, n = 1..11.
A334396 = [0, 0, 2, 2, 10, 16, 52, 104, 286, 634, 1622]
# OEIS A084477: fault-free tilings of a 4 x 3n rectangle by right trominoes, n = 2..5 (its first
# term, 4 for 4 x 3, counts tilings that all have a fault: every tiling of 4 x 3 by L
# trominoes is two 2 x 3 blocks).
A084477 = [2, 8, 48, 288]


def _counts(rows: int, cols: list[int], pieces: tuple[str, str], rule: str, mode: str) -> list[int]:
    return [board_puzzle(rectangle(rows, c), *pieces, (rule,)).count(mode) for c in cols]


def test_tatami_domino_tilings_agree_with_the_oeis():
    assert _counts(3, [2 * n for n in range(1, 11)], DOMINOES, "no-four-corners", "full") == A068928
    assert _counts(4, list(range(1, 16)), DOMINOES, "no-four-corners", "none") == A068923
    assert _counts(5, [2 * n for n in range(1, 11)], DOMINOES, "no-four-corners", "none") == A068924
    assert _counts(5, [2 * n for n in range(1, 11)], DOMINOES, "no-four-corners", "full") == A068930
    assert _counts(3, list(range(1, 11)), MONO_DOMINOES, "no-four-corners", "none") == A180970
    # OEIS A068926 (its diagonal): an n x n square, n even, has 1 incongruent tatami tiling.
    assert [board_puzzle(rectangle(n, n), *DOMINOES, ("no-four-corners",)).count() for n in (2, 4, 6, 8, 10)] \
        == [1] * 5


def test_fault_free_tilings_agree_with_the_oeis():
    assert _counts(3, list(range(1, 12)), MONO_DOMINOES, "fault-free", "none") == A334396
    assert _counts(4, [3 * n for n in range(2, 6)], ('["L3"]', '[copies]\nL3 = "any"\n'), "fault-free",
                   "none") == A084477


@pytest.mark.slow
def test_tatami_pentomino_rectangles():
    """The 12 pentominoes with no point where four meet: 6x10 563, 5x12 325, 4x15 238, 3x20 2
    (Puzzlart's collection on muuseo.com, "Pentomino tatami", counts by Adachi)."""
    for name, want in (("6x10", 563), ("5x12", 325), ("4x15", 238), ("3x20", 2)):
        assert Puzzle.load(name).with_rules("no-four-corners").count() == want, name


# -- refusals and messages ------------------------------------------------------------------
def test_rules_are_refused_where_they_are_not_defined():
    with pytest.raises(PuzzleError, match="not defined on the hexagon grid"):
        Puzzle.load("tetrahexes-4x7").with_rules("fault-free")
    with pytest.raises(PuzzleError, match="not defined on the triangle grid"):
        Puzzle.load("hexiamonds-6x6").with_rules("no-four-corners")
    with pytest.raises(PuzzleError, match="not defined on the cube grid"):
        Puzzle.load("soma").with_rules("no-four-corners")
    with pytest.raises(PuzzleError, match="wraps"):
        Puzzle.load("3x20").wrapped("columns").with_rules("no-four-corners")
    with pytest.raises(PuzzleError, match="unknown rule 'tatami'"):
        Puzzle.load("6x10").with_rules("tatami")
    with pytest.raises(PuzzleError, match=r"<string>:2: unknown rule 'fault-fre' \(did you mean 'fault-free'\?\)"):
        Puzzle.from_toml('pieces = "pentominoes"\nrules = ["fault-fre"]\nboard = """\n' + rectangle(6, 10) + '\n"""\n')


def test_the_memo_cannot_keep_rules():
    puzzle = Puzzle.load("6x10").with_rules("fault-free")
    with pytest.raises(OptionError, match="memo"):
        puzzle.count_detail(method="memo")
    assert puzzle.counting_method() == "search"


def test_a_puzzle_file_keeps_its_rules():
    puzzle = Puzzle.load("6x10").with_rules("fault-free", "no-four-corners")
    assert puzzle.rules == ("no-four-corners", "fault-free")
    assert 'rules = ["no-four-corners", "fault-free"]' in puzzle.to_toml()
    assert Puzzle.from_toml(puzzle.to_toml()) == puzzle
    assert puzzle.fingerprint != Puzzle.load("6x10").fingerprint
    assert puzzle.with_rules().fingerprint == Puzzle.load("6x10").fingerprint


def test_check_names_the_rule_that_leaves_no_solution():
    puzzle = board_puzzle(rectangle(4, 4), *DOMINOES, ("fault-free",))  # 4x4 dominoes always have a fault
    result = puzzle.check()
    assert not result.solvable
    assert "fault-free" in result.reason


def test_the_command_line_takes_rules():
    runner = CliRunner()
    result = runner.invoke(main, ["count", "3x20", "--rule", "no-four-corners"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("2 solutions")
    result = runner.invoke(main, ["count", "6x10", "--rule", "fault-free", "--method", "memo"])
    assert result.exit_code != 0
    assert "cannot be 'memo' for a puzzle with tiling rules" in result.output
    result = runner.invoke(main, ["count", "3x20", "--rule", "none"])
    assert result.output.startswith("2 solutions")


def test_a_calendar_day_with_rules_agrees_with_the_reference():
    """An irregular board with a date's cells left open: the corners beside them are not inner."""
    puzzle = Puzzle.load("a-puzzle-a-day").on_date(datetime.date(2026, 11, 26))
    for rules in RULE_SETS:
        assert puzzle.with_rules(*rules).count("none") == reference(puzzle, rules)["none"], rules
