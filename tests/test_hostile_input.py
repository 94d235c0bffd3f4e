"""Hostile and absurd input: every answer comes at once, in one line, and costs no more than the
board it reads.

The quick checks come first, in the library (so the command line, the page and the API answer
alike): the area argument, which reads no cell; then the search's limit on the board
(:data:`~pentomino.tuning.MAX_CELLS`); then the work that grows with the board.
"""

from __future__ import annotations

import resource
import sys

import pytest

from conftest import run_process
from pentomino import Puzzle, PuzzleError, api
from pentomino.search.proofs import no_solution_proof
from pentomino.tuning import MAX_CELLS
from test_cli import error_line, run


def square_board(path, side: int, pieces: str = "pentominoes", copies: str = "") -> str:
    """A file of a side x side board of ``pieces``, written a row at a time."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(f'pieces = "{pieces}"\nboard = """\n')
        row = "." * side + "\n"
        for _ in range(side):
            f.write(row)
        f.write('"""\n' + copies)
    return str(path)


def _pentomino(*args) -> list[str]:
    return [sys.executable, "-m", "pentomino", *map(str, args)]


# -- cheap checks first ---------------------------------------------------------------------------
def test_a_board_the_pieces_cannot_cover_is_answered_without_its_symmetries_or_placements(tmp_path):
    """300 x 300 cells for 12 pentominoes: the area settles it. Neither G's cell maps nor any
    placement is made (they grow faster than the board): the count, the check, the solve and
    the estimate answer from the area alone, with the group's order found on arrays."""
    puzzle = Puzzle.load(square_board(tmp_path / "big.toml", 300))
    count = puzzle.count_detail()  # without prove=True too
    assert (count.count, count.method, count.nodes, count.group_order) == (0, "proof", 0, 8)
    assert count.reason == "area mismatch: the board has 90000 cells but the pieces cover 60"
    check = puzzle.check()
    assert (check.solvable, check.argument, check.group_order) == (False, "area", 8)
    assert puzzle.solve() is None and list(puzzle.solutions(symmetry="none")) == []
    assert puzzle.estimate().reason == count.reason
    assert api.placement_count(puzzle) == 0
    assert "symmetry_group" not in puzzle.__dict__  # no cell map of G was written out


def test_the_area_counts_the_sizes_the_copies_can_add_up_to():
    """63 cells for any number of copies of the 12 pentominoes: no number of copies covers 63,
    which the area argument says at once, before any placement is made (a checkerboard
    coloring said it before, after making them all)."""
    any_copies = "\n".join(f'{name} = "any"' for name in "FILNPTUVWXYZ")
    rows = ".........\n" * 7
    puzzle = Puzzle.from_toml(f'pieces = "pentominoes"\nboard = """\n{rows}"""\n[copies]\n{any_copies}\n')
    proof = no_solution_proof(puzzle)
    assert proof is not None and proof.argument == "area"
    assert proof.reason == ("area mismatch: the board has 63 cells, and no number of copies of each piece "
                            "(within those allowed) covers exactly that many (pieces of 5 cells each)")
    # one I3 and up to two I2 cover 3, 5 or 7 cells: never the 4 of this board
    mixed = Puzzle.from_toml('pieces = ["I2", "I3"]\nboard = """\n....\n"""\n[copies]\nI2 = [0, 2]\nI3 = 1\n')
    proof = no_solution_proof(mixed)
    assert proof is not None and proof.reason == (
        "area mismatch: the board has 4 cells, and no number of copies of each piece (within those allowed) covers "
        "exactly that many (pieces of 2 cells each, besides 3 cells of the copies that must be used)")
    assert mixed.count_detail().reason == proof.reason
    both = Puzzle.from_toml('pieces = ["I2", "I3"]\nboard = """\n.....\n"""\n[copies]\nI2 = "any"\nI3 = "any"\n')
    assert no_solution_proof(both) is None and both.count("none") == 2  # 2 + 3 and 3 + 2


def test_a_board_larger_than_the_search_takes_is_refused_in_one_line(tmp_path):
    """Monominoes on 257 x 257 cells (over MAX_CELLS, and the area matches): one line that names
    the limit, at once, from every command and the library."""
    side = 257
    assert side * side > MAX_CELLS
    path = square_board(tmp_path / "wide.toml", side, "monomino", '[copies]\nI1 = "any"\n')
    for command in (["count"], ["check"], ["solve"], ["estimate"], ["count", "--method", "memo"]):
        line = error_line(run(*command, path))
        assert line == (f"pentomino: error: {path}: the board has {side * side:,} cells, over the {MAX_CELLS:,} "
                        "the search takes (its tables would take 9 to 160 KB a cell, gigabytes in all): give a "
                        "board of at most that many cells"), command
    with pytest.raises(PuzzleError, match="over the 65,536 the search takes"):
        Puzzle.load(path).count()


def test_a_coloring_proof_gives_up_before_it_takes_minutes():
    """6,000 dominoes on a 4 x 3,000 strip: colored by rows, each copy added to each sum made
    so far is tens of millions of sums (the 4 x 1,500 strip's quarter of them took 50 s). The
    proof gives up at its bound of work (no proof); the timeout only catches a hang."""
    script = ("from pentomino import Puzzle\n"
              "p = Puzzle.from_toml('pieces = \"domino\"\\nboard = \"\"\"\\n' + ('.' * 3000 + '\\n') * 4"
              " + '\"\"\"\\n[copies]\\nI2 = 6000\\n')\n"
              "print(p.no_solution_proof())\n")
    done = run_process([sys.executable, "-c", script], timeout=120)
    assert (done.returncode, done.stdout) == (0, "None\n"), done.stderr


@pytest.mark.slow
def test_the_2000_by_2000_board_answers_in_seconds_and_under_a_gigabyte(tmp_path):
    """The issue's board: 4 million cells for 12 pentominoes. count, check and solve each
    answer (0, no solution) as a new user runs them; the timeout only catches a hang (count
    ran for 5 minutes and 6 GB, check over a minute), the memory is the children's peak."""
    path = square_board(tmp_path / "big.toml", 2000)
    reason = "no solution: area mismatch: the board has 4000000 cells but the pieces cover 60"
    count = "0 solutions up to the puzzle's 8 symmetries (rotations and reflections)\n"
    for command, status, out, err in (("count", 0, count, reason), ("check", 1, f"{reason}\n", None),
                                      ("solve", 1, "", reason)):
        done = run_process(_pentomino(command, path), timeout=120)
        assert (done.returncode, done.stdout) == (status, out), (command, done.stderr)
        assert [line for line in done.stderr.splitlines() if not line.startswith("compiling")] == \
            ([err] if err else []), command
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    assert peak < 1.5 * 2**30, peak
