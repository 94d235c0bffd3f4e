"""Calendar puzzles: labelled cells, the cells left open at run time, a count of every date.

The counts are checked against the published tables (tests/data/a-puzzle-a-day-counts.txt: every
month and day of A-Puzzle-A-Day, from two independent solvers; sh1ura's Daily Puzzle and IQ
Puzzler Pro, named below), and the shared tables of a batch against a solver of each date's
own (:mod:`pentomino.search.batch` against :class:`~pentomino.search.solver.Solver`)."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

import checker
from pentomino import Puzzle, PuzzleError, api
from pentomino.search import runner
from pentomino.search.solver import Solver
from test_cli import error_line, run

DATA = Path(__file__).parent / "data"
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def published() -> dict[tuple[str, str], tuple[int, bool]]:
    """(month, day) -> (count, the date exists), from the published table."""
    out = {}
    for line in (DATA / "a-puzzle-a-day-counts.txt").read_text().splitlines():
        words = line.split()
        if not words or line.startswith("#") or words[0] == "day":
            continue
        for month, word in zip(MONTHS, words[1:], strict=True):
            out[(month, words[0])] = (int(word.lstrip("*")), not word.startswith("*"))
    return out


def test_every_month_and_day_of_a_puzzle_a_day_counts_as_published():
    """All 372 pairs of a month and a day, the six dates that do not exist too (sh1ura's
    table; on the 366 real dates anowell's), counted as one batch on two processes."""
    table = published()
    p = Puzzle.load("a-puzzle-a-day")
    rows = api.count_each(p, p.labels.product(["month", "day"]), jobs=2)
    assert {r.opened: r.count for r in rows} == {k: v for k, (v, _) in table.items()}
    assert sum(r.count for r in rows) == 25061
    real = [r for r in rows if table[r.opened][1]]
    assert len(real) == 366 and sum(r.count for r in real) == 24405
    assert min(real, key=lambda r: r.count).opened == ("Oct", "6") and max(r.count for r in real) == 216


def test_the_year_on_the_command_line(tmp_path):
    """--each-date: 366 rows (29 February too), the hardest and easiest named; JSON and CSV."""
    ok = run("count", "a-puzzle-a-day", "--each-date", "--quiet")
    assert ok.exit_code == 0, ok.stderr
    lines = ok.stdout.splitlines()
    assert len(lines) == 367 and lines[0].split() == ["01-01", "Jan", "1", "64"]
    assert lines[-1] == ("366 dates: 24,405 solutions in all, 66.7 on average; fewest: 10-06 (7); "
                         "most: 01-25 (216); every one has a solution")
    as_json = json.loads(run("count", "a-puzzle-a-day", "--each-date", "--json", "--quiet").stdout)
    assert (as_json["openings"], as_json["solutions"], len(as_json["rows"])) == (366, 24405, 366)
    assert as_json["rows"][59] == {"date": "02-29", "open": ["Feb", "29"], "count": 64,
                                   "nodes": as_json["rows"][59]["nodes"], "group_order": 1, "reason": None}
    csv = run("count", "a-puzzle-a-day", "--each", "month day", "--csv", "--quiet").stdout.splitlines()
    assert csv[0] == "open,count,nodes,date_exists" and len(csv) == 373
    assert csv[2 * 31 - 1 + 1].startswith("Feb 31,77,") and csv[2 * 31].endswith(",False")


def test_a_batch_counts_as_a_solver_of_each_date():
    """The shared tables (every placement, the open cells filled before the search) against a
    solver packed for each date alone (its placements pruned, its proofs): a date in each month
    and the dates whose count is published as the fewest."""
    p = Puzzle.load("a-puzzle-a-day")
    dates = [datetime.date(2024, m, d) for m, d in [(1, 1), (2, 29), (3, 6), (4, 6), (5, 24), (6, 30), (7, 6),
                                                     (8, 28), (9, 2), (10, 6), (11, 5), (12, 31)]]
    rows = api.count_each(p, [p.labels.for_date(d) for d in dates])
    alone = [runner.count(Solver(p.on_date(d), counting=True), method="search").count for d in dates]
    assert [r.count for r in rows] == alone
    assert [r.count for r in rows] == [64, 64, 16, 8, 14, 39, 12, 189, 18, 7, 178, 77]


def test_a_solution_on_a_date_is_a_tiling_of_that_date():
    """Every solution of one date covers the board but that date's two cells, each piece once
    (the independent checker); the cells left open are the date's."""
    p = Puzzle.load("a-puzzle-a-day").on_date(datetime.date(2026, 10, 6))
    assert p.opened == ("Oct", "6") and p.area == 41
    found = list(p.solutions(symmetry="none"))
    assert len(found) == 7
    pieces = [(pc.piece.name, sorted(pc.piece.cells), pc.min, pc.max) for pc in p.pieces]
    for s in found:
        checker.check_solution(p.board, pieces, False, [], [(pl.piece, pl.cells) for pl in s.placements])
        covered = {c for pl in s.placements for c in pl.cells}
        assert not covered & p.opened_cells and covered == p.board


def test_other_boards_count_as_published():
    """sh1ura's Daily Puzzle (results/num-8p.txt): months and days mixed, six cells always
    covered; its dates are counted as every tiling even where the board turned round would be
    the same, since labels are part of the board (18 Nov: 2)."""
    p = Puzzle.load("daily-puzzle-sh1ura")
    openings = [("Jan", "1"), ("Jan", "2"), ("Oct", "26"), ("Oct", "31"), ("Nov", "18"), ("Dec", "23")]
    assert [r.count for r in api.count_each(p, openings)] == [83, 153, 7, 180, 2, 2]
    assert p.open("Nov", "18").symmetry_group_order() == 1
    rows = api.count_each(p, p.labels.product(["month", "day"]), jobs=2)
    assert sum(r.count for r in rows) == 16813 and min(r.count for r in rows) == 2


def test_the_weekday_edition_leaves_three_cells_open():
    """The Daily Calendar Puzzle: month, day and weekday. royvanrijn's published solution of
    Thursday 8 April (2021) is one of ours."""
    p = Puzzle.load("daily-calendar-weekday").on_date(datetime.date(2021, 4, 8))
    assert p.opened == ("Apr", "8", "Thu") and p.area == 47
    drawing = ["000X11X", "220041X", "2233411", "X234455", "7633559", "7666689", "7778889", "XXXXX89"]
    # (the blog's digits, a piece each, 8 rows of 7; X: off the board or left open)
    cells: dict[str, set[tuple[int, int]]] = {}
    for r, row in enumerate(drawing):
        for c, ch in enumerate(row):
            if ch != "X" and (r, c) in p.board:
                cells.setdefault(ch, set()).add((r, c))
    assert sum(len(v) for v in cells.values()) == 47 and len(cells) == 10
    ours = {frozenset(frozenset(pl.cells) for pl in s.placements) for s in p.solutions(symmetry="none")}
    assert frozenset(frozenset(v) for v in cells.values()) in ours


def test_classic_flat_puzzles_count_as_published():
    """IQ Puzzler Pro: 1,082,785 up to the board's symmetries (deverw/IQpuzzler), 4,331,140
    tilings."""
    c = Puzzle.load("iq-puzzler-pro").count(symmetry="full")
    assert c == 1082785


# -- the command line -------------------------------------------------------------------------
def test_solve_shows_todays_date_by_default():
    today = datetime.date.today()
    ok = run("solve", "a-puzzle-a-day", "--format", "text")
    assert ok.exit_code == 0, ok.stderr
    assert ok.stdout.splitlines()[-1] == f"open: {MONTHS[today.month - 1]} {today.day} (*)"
    assert sum(line.count("*") for line in ok.stdout.splitlines()[:-1]) == 2


@pytest.mark.parametrize("args, line", [
    (["--date", "2026-01-01"], "64 solutions with Jan 1 open (the puzzle has no symmetry)"),
    (["--open", "jan", "--open", "2"], "109 solutions with Jan 2 open (the puzzle has no symmetry)"),
    (["--open", "Feb,31"], "77 solutions with Feb 31 open (the puzzle has no symmetry)"),
])
def test_count_leaves_the_labels_asked_for_open(args, line):
    ok = run("count", "a-puzzle-a-day", *args)
    assert ok.exit_code == 0, ok.stderr
    assert ok.stdout.strip() == line


def test_any_labels_may_be_left_open(tmp_path):
    """Two months: the same count as the board drawn without those two cells (no labels)."""
    text = Puzzle.load("a-puzzle-a-day").to_toml()
    holed = text.replace('board = """\n......', 'board = """\n##....').split("labels =")[0]
    path = tmp_path / "holed.toml"
    path.write_text(holed + '\n[shapes]\n"O6" = """\n###\n###\n"""\n')
    alone = run("count", path)
    assert alone.exit_code == 0, alone.stderr
    ok = run("count", "a-puzzle-a-day", "--open", "Jan Feb")
    assert ok.stdout.strip() == alone.stdout.strip().replace("solutions", "solutions with Jan Feb open")


@pytest.mark.parametrize("args, message", [
    (["count", "a-puzzle-a-day", "--open", "Fob"], "no cell is labelled 'Fob' (did you mean 'Feb'?)"),
    (["count", "a-puzzle-a-day", "--date", "2026-02-30"], "'2026-02-30' is not a date"),
    (["count", "a-puzzle-a-day", "--date", "2026-01-01", "--open", "Jan"], "--open and --date do not go together"),
    (["count", "6x10", "--open", "X"], "this puzzle's board has no labels"),
    (["count", "a-puzzle-a-day", "--each-date", "--max", "2"], "--max does not go with --each-date or --each"),
    (["count", "a-puzzle-a-day", "--each", "weeks"], "no group of labels is called 'weeks'"),
    (["count", "a-puzzle-a-day", "--each-date", "--date", "2026-01-01"], "--open and --date choose one opening"),
])
def test_bad_openings_get_one_line(args, message):
    assert message in error_line(run(*args))


def test_the_library_asks_for_the_cells_to_leave_open():
    p = Puzzle.load("a-puzzle-a-day")
    with pytest.raises(PuzzleError, match="choose the cells to leave open, one of each group"):
        p.count()
    assert p.on_date(datetime.date(2026, 1, 3)).count() == 47
    assert p.open("Jan", "3").open("Jan", "4").opened == ("Jan", "4")  # a new opening replaces the old


def test_show_and_svg_draw_the_labels():
    svg = run("show", "a-puzzle-a-day", "--format", "svg").stdout
    assert svg.count('class="cell-label"') == 43 and ">Jan</text>" in svg
    solved = run("solve", "a-puzzle-a-day", "--date", "2026-11-26", "--format", "svg").stdout
    assert solved.count('class="cell-label open"') == 2 and ">Nov</text>" in solved and ">26</text>" in solved


# -- the file format -------------------------------------------------------------------------
LABELLED = '''
name = "two by three, labelled"
pieces = ["I2", "L3"]
board = """
...
...
"""
labels = """
a b c
d e f
"""
open = ["a"]

[groups]
corner = ["a", "c"]
'''


def test_a_labelled_puzzle_reads_and_writes_back():
    p = Puzzle.from_toml(LABELLED)
    assert p.opened == ("a",) and p.area == 5 and p.labels.label((1, 2)) == "f"
    assert Puzzle.from_toml(p.to_toml()) == p
    assert p.open("c").count(symmetry="none") == Puzzle.from_toml(LABELLED.replace('["a"]', '["c"]')).count(
        symmetry="none")


@pytest.mark.parametrize("old, new, message", [
    ("a b c\n", "a b\n", "<string>:9: labels line 1 has 2 words for the board's 3 cells in that line"),
    ('corner = ["a", "c"]', 'corner = ["a", "z"]', "group 'corner' names 'z', which labels no cell"),
    ('open = ["a"]', 'open = ["q"]', "no cell is labelled 'q'"),
    ("d e f", "d e a", "label 'a' is on two cells"),
    ('open = ["a"]', 'open = 3', "'open' must be a list of labels"),
])
def test_bad_labels_get_one_line_at_their_line(old, new, message):
    with pytest.raises(PuzzleError) as caught:
        Puzzle.from_toml(LABELLED.replace(old, new))
    assert message in str(caught.value) and "\n" not in str(caught.value)
