"""Hostile and absurd input: every answer comes at once, in one line, and costs no more than the
board it reads.

The quick checks come first, in the library (so the command line, the page and the API answer
alike): the area argument, which reads no cell; then the search's limit on the board
(:data:`~pentomino.tuning.MAX_CELLS`); then the work that grows with the board. Puzzle files
are read with a size cap, only if they are regular files; deep nesting, a byte-order mark and
an empty name are told in one line. ``--jobs`` is capped at the cores, ``--max-memory`` has a
floor, ``--seed`` needs ``--random``, and a finished checkpoint of another puzzle is not offered
to be resumed.
"""

from __future__ import annotations

import json
import os
import resource
import sys

import pytest

from conftest import run_process
from pentomino import OptionError, Puzzle, PuzzleError, api
from pentomino.model import options
from pentomino.search.proofs import no_solution_proof
from pentomino.tuning import MAX_CELLS, MAX_FILE_BYTES, MIN_MAX_MEMORY
from test_cli import error_line, run

PENTOMINOES_6X10 = 'name = "mine"\npieces = "pentominoes"\nboard = """\n' + "..........\n" * 6 + '"""\n'


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


def test_a_coloring_proof_stops_at_its_bound_of_work():
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


# -- puzzle files ---------------------------------------------------------------------------------
def test_a_byte_order_mark_is_read_past(tmp_path):
    path = tmp_path / "notepad.toml"
    path.write_bytes(b"\xef\xbb\xbf" + PENTOMINOES_6X10.encode())
    result = run("count", path)
    assert (result.exit_code, result.stdout) == (0, "2339 solutions up to the puzzle's 4 symmetries "
                                                    "(rotations and reflections)\n"), result.stderr
    assert Puzzle.from_toml("\ufeff" + PENTOMINOES_6X10) == Puzzle.load(path)
    # ... and a line number after it is still the file's own
    path.write_bytes(b"\xef\xbb\xbf" + b'pieces = "pentominoes"\nboard = 3\n')
    assert error_line(run("show", path)).startswith(f"pentomino: error: {path}:2: 'board' must be a string")


def test_deep_nesting_is_one_line_not_a_traceback(tmp_path):
    path = tmp_path / "nested.toml"
    path.write_text("pieces = " + "[" * 600 + "]" * 600 + "\n")
    line = error_line(run("count", path))
    assert line.startswith(f"pentomino: error: {path}: not valid as a puzzle file: lists or tables nested too "
                           "deeply")
    with pytest.raises(PuzzleError, match="nested too deeply"):
        Puzzle.from_toml("x = " + "{a = " * 400 + "1" + "}" * 400)


def test_a_file_larger_than_a_puzzle_file_is_not_read(tmp_path):
    path = tmp_path / "huge.toml"
    with open(path, "wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)  # sparse: no disk, and no way to parse it
    line = error_line(run("show", path))
    assert line == (f"pentomino: error: {path}: is larger than a puzzle file may be (8 MB): give a puzzle file, "
                    "not another kind of file")


@pytest.mark.parametrize("kind", ["device", "fifo"])
def test_a_device_or_a_fifo_is_refused_not_read(tmp_path, kind):
    """/dev/zero never ends, and a FIFO without a writer never begins: each was read for ever
    (a MemoryError traceback; a hang). A real process, so that a hang fails the test."""
    if kind == "device":
        path, what = "/dev/zero", "a device"
        if not os.path.exists(path):
            pytest.skip("no /dev/zero here")
    else:
        path, what = str(tmp_path / "fifo"), "a FIFO (a pipe)"
        os.mkfifo(path)
    done = run_process(_pentomino("count", path), timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"pentomino: error: {path}: is {what}, not a puzzle file: give a .toml file\n"


def test_an_empty_puzzle_name_is_said_as_such():
    line = error_line(run("count", ""))
    assert line == ("pentomino: error: the puzzle is an empty name (''): give a built-in name (`pentomino list`), "
                    "RxC such as 6x10, or a .toml file")


# -- options --------------------------------------------------------------------------------------
def test_jobs_beyond_the_cores_are_capped_with_a_warning():
    cores = options.cores()
    assert options.jobs(1000) == cores and options.jobs(1) == 1 and options.jobs(None) is None
    result = run("count", "4x15", "--jobs", "1000", "--method", "search", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["count"] == 368 and json.loads(result.stdout)["jobs"] <= cores
    assert result.stderr.splitlines()[0] == (f"pentomino: warning: --jobs 1000 is more than the {cores} cores of "
                                             f"this machine: {cores} processes are used")
    quiet = run("count", "4x15", "--jobs", "1", "--json")
    assert "warning" not in quiet.stderr


def test_max_memory_below_the_floor_is_refused():
    line = error_line(run("count", "6x10", "--max-memory", "1"))
    assert line == ("pentomino: error: --max-memory must be at least 65,536 bytes (64 KB: the memoised count's "
                    "first tables take that much), not 1; give a size such as 500M or 2G (see `pentomino count "
                    "--help`)")
    with pytest.raises(OptionError, match="max_memory must be at least"):
        Puzzle.load("6x10").count_detail(max_memory=MIN_MAX_MEMORY - 1)
    assert Puzzle.load("4x15").count_detail(max_memory=MIN_MAX_MEMORY).count == 368


def test_a_seed_needs_a_random_order():
    line = error_line(run("solve", "6x10", "--seed", "5"))
    assert line == ("pentomino: error: --seed needs --random: the seed chooses a random order of the search; ask "
                    "for one, or leave the seed out (see `pentomino solve --help`)")
    with pytest.raises(OptionError, match=r"seed needs random=True"):
        Puzzle.load("6x10").solve(seed=5)
    assert run("solve", "6x10", "--random", "--seed", "5").exit_code == 0
