"""The ``pentomino`` command, driven in-process: exit codes, output, and the one-line errors.

Every bad input must give exit status 2 and ONE line on stderr that says where (the file, and
the line when it can be told), what is wrong, and how to fix it; never a traceback.

Only what needs a real process (``python -m``, a real pipe) starts one, in the tests marked
slow; each behaviour they check is also checked in-process by a quick test.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import re
import runpy
import signal
import subprocess
import sys
import textwrap

import pytest
from click.testing import CliRunner

from conftest import process, run_process
from pentomino import Puzzle, PuzzleError, api
from pentomino.cli import main

COMPILE_NOTICE = "compiling the search kernel"


def run(*args: str):
    """The command run in this process: ``stdout`` and ``stderr`` apart, ``output`` both in the
    order they were written (click >= 8.2)."""
    return CliRunner().invoke(main, [str(a) for a in args], prog_name="pentomino")


def error_line(result, status: int = 2) -> str:
    """The single error line of a failed run (after checking the status and that there is one)."""
    assert result.exit_code == status, (result.exit_code, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), \
        result.exception
    lines = [ln for ln in result.stderr.splitlines() if ln.strip() and not ln.startswith(COMPILE_NOTICE)]
    assert len(lines) == 1, result.stderr
    return lines[0]


def _without_notice(stderr: str) -> list[str]:
    """The lines of ``stderr`` but a compile notice (shown only while numba's cache is cold)."""
    return [ln for ln in stderr.splitlines() if not ln.startswith(COMPILE_NOTICE)]


def write(tmp_path, text: str, name: str = "puzzle.toml") -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return str(path)


def file_error(tmp_path, text: str, command: str = "show", name: str = "puzzle.toml") -> str:
    """The error line for a puzzle file; it must start (after the program's prefix) with the file."""
    path = write(tmp_path, text, name)
    line = error_line(run(command, path))
    assert line.startswith("pentomino: error: "), line
    assert line[len("pentomino: error: "):].startswith(path), line
    return line


# -- files --------------------------------------------------------------------------------------
def test_missing_file(tmp_path):
    path = tmp_path / "nope.toml"
    line = error_line(run("solve", path))
    assert str(path) in line and "no such file" in line


def test_directory_is_not_a_puzzle(tmp_path):
    line = error_line(run("show", tmp_path))
    assert str(tmp_path) in line and "directory" in line


def test_file_not_utf8(tmp_path):
    path = tmp_path / "binary.toml"
    path.write_bytes(b'pieces = "\xff"\n')
    line = error_line(run("show", path))
    assert str(path) in line and "UTF-8" in line


def test_bad_toml_gives_the_line(tmp_path):
    line = file_error(tmp_path, '''
        name = "x"
        pieces = "pentominoes"
        board = """
        ..........
        """
        oops = = 3
        ''')
    assert "puzzle.toml:6:" in line and "not valid TOML" in line and "column" in line


def test_bad_toml_at_end_of_file(tmp_path):
    line = file_error(tmp_path, '''
        pieces = "pentominoes"
        board = """
        ....
        ''')
    assert "not valid TOML" in line and re.search(r"puzzle\.toml:\d+:", line)


# -- names --------------------------------------------------------------------------------------
def test_unknown_set_suggests_closest(tmp_path):
    line = file_error(tmp_path, '''
        pieces = "pentominos"
        board = "....."
        ''')
    assert "puzzle.toml:1:" in line and "'pentominos'" in line and "did you mean 'pentominoes'" in line


def test_unknown_piece_suggests_something(tmp_path):
    line = file_error(tmp_path, '''
        pieces = ["pentominoes", "Q5"]
        board = "....."
        ''')
    assert "'Q5'" in line and "unknown piece" in line
    # No name is close to Q5, so the hint lists the 5-cell pieces.
    assert "5 cells" in line and "F I L N P T U V W X Y Z" in line


def test_unknown_piece_close_name(tmp_path):
    line = file_error(tmp_path, '''
        pieces = ["I4", "L5"]
        board = "....."
        ''')
    assert "did you mean 'L'" in line


def test_unknown_top_level_key_suggests_closest(tmp_path):
    line = file_error(tmp_path, '''
        pieces = "tetrominoes"
        baord = """
        .....
        """
        ''')
    assert "puzzle.toml:2:" in line and "unknown key 'baord'" in line and "did you mean 'board'" in line


def test_board_character_that_is_no_piece(tmp_path):
    line = file_error(tmp_path, '''
        pieces = "tetrominoes"
        board = """
        .....
        ..?..
        """
        ''')
    assert "puzzle.toml:4:" in line and "'?'" in line and "column 3" in line and "[legend]" in line


def test_board_letter_of_a_longer_name_suggests_it(tmp_path):
    line = file_error(tmp_path, '''
        pieces = "tetrominoes"
        board = """
        .T..
        TTT.
        """
        ''')
    assert "'T'" in line and "did you mean 'T4'" in line


# -- pre-placed pieces, shapes ----------------------------------------------------------------
def test_preplaced_cells_not_the_piece(tmp_path):
    line = file_error(tmp_path, '''
        pieces = "pentominoes"
        board = """
        ..........
        ..........
        ...X......
        ...XX.....
        ....X.....
        ..........
        """
        ''')
    assert "puzzle.toml:5:" in line and "'X'" in line and "do not form one X piece" in line
    assert ".#./###/.#." in line  # the piece drawn on one line


def test_preplaced_too_many_copies(tmp_path):
    line = file_error(tmp_path, '''
        pieces = "tetrominoes"
        board = """
        .T.....
        TTT.TTT
        .....T.
        """
        [legend]
        T = "T4"
        ''')
    assert "puzzle.toml:4:" in line and "T4" in line and "pre-placed 2 times" in line and "[copies]" in line


def test_shape_not_connected(tmp_path):
    line = file_error(tmp_path, '''
        board = """
        ..
        """
        [shapes]
        A = """
        #.
        .#
        """
        ''')
    assert "puzzle.toml:5:" in line and "'A'" in line and "not connected" in line


def test_shape_empty(tmp_path):
    line = file_error(tmp_path, '''
        board = "..."
        [shapes]
        A = """
        ...
        """
        ''')
    assert "puzzle.toml:3:" in line and "'A'" in line and "empty" in line


def test_shape_name_that_is_board_syntax(tmp_path):
    line = file_error(tmp_path, '''
        board = ".."
        [shapes]
        "." = "##"
        ''')
    assert "puzzle.toml:3:" in line and "shape name '.'" in line


def test_shape_not_a_string(tmp_path):
    line = file_error(tmp_path, '''
        board = ".."
        [shapes]
        A = 5
        ''')
    assert "puzzle.toml:3:" in line and "'A'" in line and "string" in line


def test_board_not_a_string(tmp_path):
    line = file_error(tmp_path, '''
        pieces = "tetrominoes"
        board = 3
        ''')
    assert "puzzle.toml:2:" in line and "'board' must be a string" in line


def test_no_board(tmp_path):
    line = file_error(tmp_path, 'pieces = "tetrominoes"\n')
    assert "no board" in line


def test_legend_to_unknown_piece(tmp_path):
    line = file_error(tmp_path, '''
        pieces = "tetrominoes"
        board = "...."
        [legend]
        o = "O5"
        ''')
    assert "puzzle.toml:4:" in line and "'O5'" in line and "did you mean 'O4'" in line


# -- no solution is an answer: area, fitting, proofs, and `check` ------------------------------
AREA_MISMATCH = '''
    pieces = "pentominoes"
    board = """
    ..........
    ..........
    """
    '''
FITS_NOWHERE = '''
    board = """
    ...
    ...
    ...
    """
    [shapes]
    Bar = "####"
    P = """
    ##
    ###
    """
    '''


def test_area_mismatch_counts_zero_and_says_why(tmp_path):
    path = write(tmp_path, AREA_MISMATCH)
    result = run("count", path)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("0 solutions ")
    reason = "no solution: area mismatch: the board has 20 cells but the pieces cover 60"
    assert _without_notice(result.stderr) == [reason]
    data = json.loads(run("count", path, "--json").stdout)
    assert (data["count"], data["method"], data["reason"]) == (0, "proof", reason.removeprefix("no solution: "))
    solved = run("solve", path)
    assert (solved.exit_code, solved.stdout, _without_notice(solved.stderr)) == (1, "", [reason])
    checked = run("check", path)
    assert (checked.exit_code, checked.stdout) == (1, reason + "\n")
    assert run("show", path).exit_code == 0  # a well-formed puzzle


@pytest.mark.parametrize("command, status", [("solve", 1), ("count", 0), ("check", 1)])
def test_piece_that_fits_nowhere_is_an_answer(tmp_path, command, status):
    # 9 cells = a 4-cell bar and a 5-cell P, but a 1x4 bar cannot lie in a 3x3 box.
    result = run(command, write(tmp_path, FITS_NOWHERE))
    assert result.exit_code == status and "Traceback" not in result.stderr
    said = result.stdout if command == "check" else result.stderr
    assert "no solution: piece Bar fits nowhere on the board" in said
    if command == "count":
        assert result.stdout.startswith("0 solutions")


def test_check_proves_the_four_tetrominoes_and_the_coloring_is_in_words():
    result = run("check", "tetrominoes-4x5")
    assert result.exit_code == 1
    assert result.stdout.startswith("no solution: a checkerboard coloring: the board has 10 dark + 10 light cells")
    data = json.loads(run("check", "tetrominoes-4x5", "--json").stdout)
    assert (data["solvable"], data["solutions"], data["unique"], data["argument"]) == (False, 0, False, "coloring")
    assert data["reason"] == result.stdout.removeprefix("no solution: ").rstrip("\n")


def test_check_says_unique_with_the_tree_size_for_scott_finish():
    result = run("check", "scott-finish")
    assert result.exit_code == 0
    nodes = Puzzle.load("scott-finish").count_detail(method="search").nodes
    assert result.stdout == (f"unique: 1 solution (the puzzle has no symmetry); the whole search took {nodes:,} "
                             "nodes (a rough figure of how hard the puzzle is)\n")
    assert _without_notice(result.stderr) == ["no quick proof of no solution applies: searching"]
    data = json.loads(run("check", "scott-finish", "--json").stdout)
    assert {k: data[k] for k in ("solvable", "reason", "solutions", "unique", "nodes")} == {
        "solvable": True, "reason": None, "solutions": 1, "unique": True, "nodes": nodes}


@pytest.mark.parametrize("args, line", [
    (["4x15"], "not unique: at least 2 solutions up to the puzzle's 4 symmetries (rotations and reflections) "
               "(--count counts them all)"),
    (["4x15", "--count"], "not unique: 368 solutions up to the puzzle's 4 symmetries (rotations and reflections)"),
])
def test_check_of_a_puzzle_with_many_solutions(args, line):
    result = run("check", *args)
    assert (result.exit_code, result.stdout) == (0, line + "\n")


def test_check_json_counts_with_count():
    data = json.loads(run("check", "4x15", "--count", "--json").stdout)
    assert (data["solutions"], data["complete"], data["unique"]) == (368, True, False)


# -- copies ------------------------------------------------------------------------------------
@pytest.mark.parametrize("value, shown", [('"lots"', '"lots"'), ("[3, 1]", "[3, 1]"), ("true", "true"),
                                          ("1.5", "1.5"), ("[1]", "[1]")])
def test_bad_copies_value(tmp_path, value, shown):
    line = file_error(tmp_path, f'''
        pieces = "tetrominoes"
        board = "...................."
        [copies]
        I4 = {value}
        ''')
    assert "puzzle.toml:4:" in line and "copies of I4" in line and f"got {shown}" in line
    assert '"any"' in line and "[min, max]" in line


def test_negative_copies(tmp_path):
    line = file_error(tmp_path, '''
        pieces = "tetrominoes"
        board = "...................."
        [copies]
        I4 = -1
        ''')
    assert "puzzle.toml:4:" in line and "copies of I4" in line and "-1" in line and "0 or more" in line


def test_copies_of_unknown_piece(tmp_path):
    line = file_error(tmp_path, '''
        pieces = "tetrominoes"
        board = "...................."
        [copies]
        I4 = 1
        Q4 = 1
        ''')
    assert "puzzle.toml:5:" in line and "'Q4'" in line and "not one of the puzzle's pieces" in line
    assert "did you mean" in line


# -- options -----------------------------------------------------------------------------------
@pytest.mark.parametrize("args, words", [
    (["solve", "--limit", "0"], ["--limit", "0"]),
    (["solve", "--limit", "-1"], ["--limit", "-1"]),
    (["count", "--max", "0"], ["--max", "0"]),
    (["solve", "--bogus"], ["--bogus"]),
    (["solve", "--lmit", "2"], ["--lmit", "--limit"]),
    (["count", "--symmetry", "mirror"], ["--symmetry", "mirror", "full", "rotations", "none"]),
    (["slove"], ["slove", "solve"]),
    (["solve", "6x10", "extra"], ["extra"]),
])
def test_bad_options_are_one_line(args, words):
    line = error_line(run(*args))
    assert line.startswith("pentomino: error: ")
    for w in words:
        assert w in line
    assert "--help" in line


def test_all_and_limit_together():
    line = error_line(run("solve", "--all", "--limit", "2"))
    assert "--all" in line and "--limit" in line


def test_rectangle_of_wrong_area():
    line = error_line(run("solve", "7x9"))
    assert "7x9" in line and "63" in line and "60" in line and "6x10" in line


def test_unknown_builtin_suggests_closest():
    line = error_line(run("show", "8x8-corner"))
    assert "'8x8-corner'" in line and "did you mean '8x8-corners'" in line


def test_set_name_given_as_puzzle():
    line = error_line(run("show", "pentominos"))
    assert "'pentominoes' is a piece set" in line


def test_output_to_missing_folder(tmp_path):
    out = tmp_path / "no" / "such" / "folder.txt"
    line = error_line(run("solve", "6x10", "--format", "text", "-o", out))
    assert str(out) in line and "cannot write" in line


# -- solving -----------------------------------------------------------------------------------
def test_no_solution_exits_1():
    result = run("solve", "tetrominoes-4x5")
    line = error_line(result, status=1)
    assert "no solution" in line
    assert result.stdout == ""


def test_count_json():
    result = run("count", "6x10", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["count"] == 2339
    for key in ("count", "symmetry", "group_order", "nodes", "seconds"):
        assert key in data
    assert data["symmetry"] == "full" and data["group_order"] == 4


def test_count_json_no_symmetry():
    result = run("count", "6x10", "--json", "--symmetry", "none")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["count"] == 9356 and data["symmetry"] == "none" and data["group_order"] == 1


def test_count_text():
    result = run("count", "3x20")
    assert result.exit_code == 0, result.stderr
    assert re.match(r"2 solutions\b", result.stdout)


def test_count_max_stops():
    result = run("count", "6x10", "--max", "2")
    assert result.exit_code == 0, result.stderr
    assert "at least 2" in result.stdout


def test_solve_all_json():
    result = run("solve", "3x20", "--all", "--format", "json", "--symmetry", "none")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 8
    seen = set()
    for ln in lines:
        obj = json.loads(ln)
        assert isinstance(obj, dict) and len(obj["placements"]) == 12
        covered = [tuple(c) for p in obj["placements"] for c in p["cells"]]
        assert len(covered) == len(set(covered)) == 60
        seen.add(frozenset((p["piece"], frozenset(map(tuple, p["cells"]))) for p in obj["placements"]))
    assert len(seen) == 8


def test_solve_text():
    result = run("solve", "6x10", "--format", "text")
    assert result.exit_code == 0, result.stderr
    rows = result.stdout.splitlines()
    assert len(rows) == 6
    assert all(re.fullmatch(r"[FILNPTUVWXYZ]{10}", r) for r in rows), rows
    assert sorted(set("".join(rows))) == sorted("FILNPTUVWXYZ")


def test_solve_limit_text():
    result = run("solve", "6x10", "--limit", "3", "--format", "text")
    assert result.exit_code == 0, result.stderr
    blocks = result.stdout.strip().split("\n\n")
    assert len(blocks) == 3 and len(set(blocks)) == 3


def test_solve_to_file(tmp_path):
    out = tmp_path / "solution.txt"
    result = run("solve", "6x10", "--format", "text", "-o", out)
    assert result.exit_code == 0, result.stderr
    assert len(out.read_text().splitlines()) == 6


def test_solve_svg_file(tmp_path):
    pytest.importorskip("pentomino.render.svg")
    out = tmp_path / "solution.svg"
    result = run("solve", "8x8", "--format", "svg", "-o", out)
    assert result.exit_code == 0, result.stderr
    text = out.read_text()
    assert "<svg" in text and text.rstrip().endswith("</svg>")


def test_seed_is_reproducible():
    first = run("solve", "6x10", "--random", "--seed", "7", "--format", "json")
    again = run("solve", "6x10", "--random", "--seed", "7", "--format", "json")
    assert first.exit_code == again.exit_code == 0
    assert first.stdout == again.stdout and first.stdout.strip()


def test_different_seeds_differ():
    firsts = {run("solve", "6x10", "--random", "--seed", str(s), "--format", "json").stdout for s in range(1, 6)}
    assert "" not in firsts
    assert len(firsts) >= 2


# -- show, list, help --------------------------------------------------------------------------
def test_show():
    result = run("show", "8x8")
    assert result.exit_code == 0, result.stderr
    assert "Scott" in result.stdout and "pieces:" in result.stdout
    assert "60 cells" in result.stdout
    for letter in "FILNPTUVWXYZ":
        assert f"  {letter} (5 cells" in result.stdout


def test_show_file_with_preplaced(tmp_path):
    path = write(tmp_path, '''
        name = "two dominoes, one placed"
        board = """
        ..AA
        """
        [shapes]
        A = "##"
        [copies]
        A = 2
        ''')
    result = run("show", path)
    assert result.exit_code == 0, result.stderr
    assert "two dominoes" in result.stdout and "1 piece pre-placed" in result.stdout
    assert "..AA" in result.stdout


def test_list():
    result = run("list")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for word in ("6x10", "8x8", "pentominoes", "hexominoes", "tetrominoes-4x5"):
        assert re.search(rf"^\s+{re.escape(word)}\s", out, re.M), word


@pytest.mark.parametrize("command", [[], ["solve"], ["count"], ["show"], ["list"]])
def test_help_ends_with_an_example(command):
    result = run(*command, "--help")
    assert result.exit_code == 0
    last = [ln for ln in result.stdout.splitlines() if ln.strip()][-1]
    assert last.strip().startswith("pentomino "), last


def _python_dash_m(monkeypatch, capsys, *args: str) -> tuple[int, str, str]:
    """`python -m pentomino ARGS` in this process: (exit status, stdout, stderr)."""
    monkeypatch.setattr(sys, "argv", ["pentomino", *args])
    with pytest.raises(SystemExit) as stop:
        runpy.run_module("pentomino", run_name="__main__")
    out, err = capsys.readouterr()
    return stop.value.code or 0, out, err


def test_python_dash_m_in_process(monkeypatch, capsys):
    code, out, err = _python_dash_m(monkeypatch, capsys, "--help")
    assert code == 0, err
    assert out.startswith("Usage: pentomino") and "  solve " in out


def test_python_dash_m_error_is_one_line_in_process(monkeypatch, capsys, tmp_path):
    code, out, err = _python_dash_m(monkeypatch, capsys, "show", str(tmp_path / "x.toml"))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "no such file" in err and "Traceback" not in err


@pytest.mark.slow
def test_python_dash_m():
    result = subprocess.run([sys.executable, "-m", "pentomino", "--help"], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Usage: pentomino" in result.stdout and "solve" in result.stdout


@pytest.mark.slow
def test_python_dash_m_error_is_one_line(tmp_path):
    result = subprocess.run([sys.executable, "-m", "pentomino", "show", str(tmp_path / "x.toml")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "no such file" in result.stderr


def test_no_solution_leaves_output_file_alone(tmp_path):
    out = tmp_path / "keep.txt"
    out.write_text("old\n")
    result = run("solve", "tetrominoes-4x5", "-o", out)
    assert "no solution" in error_line(result, status=1)
    assert out.read_text() == "old\n"


@pytest.mark.parametrize("cached, puzzle, notices", [
    ({"kernel"}, "3x20", 0),               # a plain count never runs the memo kernel
    ({"kernel"}, "dominoes-8x8", 1),       # a memoised count does: it is compiled now
    ({"kernel", "memo"}, "dominoes-8x8", 0),
    (set(), "3x20", 1),
    (set(), "dominoes-8x8", 1),            # one notice, even when both kernels compile
])
def test_the_compile_notice_is_shown_for_the_kernels_the_count_will_compile(monkeypatch, cached, puzzle, notices):
    """A fresh install whose memoised-count kernel was never compiled must not announce a
    compile before every plain count, and a count that compiles both kernels says so once."""
    import pentomino.search.kernel_cache as kernel_cache

    def is_cached(*functions) -> bool:
        memo = set(kernel_cache.kernels(memo=True)) - set(kernel_cache.kernels())
        return "kernel" in cached and (not set(functions) & memo or "memo" in cached)

    monkeypatch.setattr(kernel_cache, "is_cached", is_cached)
    result = run("count", puzzle)
    assert result.exit_code == 0, result.stderr
    assert result.stderr.count(COMPILE_NOTICE) == notices, result.stderr


# -- --stats -------------------------------------------------------------------------------------
def test_solve_stats():
    from pentomino.search.solver import Solver

    result = run("solve", "3x20", "--format", "text", "--stats", "--symmetry", "none")
    assert result.exit_code == 0, result.stderr
    solver = Solver(Puzzle.load("3x20"), "none")
    assert len(list(solver.solutions(limit=1))) == 1
    line = result.stderr.strip()
    assert re.fullmatch(rf"solutions: 1  nodes: {solver.nodes:,}  placements: {len(solver.placements):,}  "
                        r"time: \d+\.\d{3} s", line), line


def test_count_stats():
    from pentomino.search.solver import Solver

    result = run("count", "6x10", "--stats", "--jobs", "1")
    assert result.exit_code == 0, result.stderr
    placements = len(Solver(Puzzle.load("6x10"), counting=True).placements)
    assert re.fullmatch(rf"nodes: 1,167,731  placements: {placements:,}  jobs: 1  parts: 7  "
                        r"time: \d+\.\d{3} s", result.stderr.strip()), result.stderr


def test_count_stats_of_a_memoised_count():
    result = run("count", "dominoes-8x8", "--stats", "--symmetry", "none")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "12988816 solutions counting every tiling\n"
    assert re.fullmatch(r"nodes: [\d,]+  placements: 112  jobs: \d+  parts: 1  states: [\d,]+ "
                        r"\(largest layer\)  table memory: \d+\.\d MB \(peak\)  time: \d+\.\d{3} s",
                        result.stderr.strip()), result.stderr


def test_count_stats_with_a_checkpoint(tmp_path):
    result = run("count", "3x20", "--stats", "--checkpoint", tmp_path / "run.db")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("2 solutions ")
    assert re.fullmatch(r"nodes: [\d,]+  placements: [1-9][\d,]*  jobs: \d+  parts: \d+  "
                        r"time: \d+\.\d{3} s \(this run\)", result.stderr.strip()), result.stderr


# -- Ctrl-C (in-process: the library stopped by KeyboardInterrupt; real signals: test_interrupt) --
@pytest.fixture(autouse=True)
def _ctrl_c_handler_kept():
    """The command, run in this process, leaves Ctrl-C as it found it (an ignored SIGINT would
    also be inherited by every process a later test starts)."""
    before = signal.getsignal(signal.SIGINT)
    yield
    assert signal.getsignal(signal.SIGINT) == before


def _interrupted_after(figures):
    """A stand-in for pentomino.api.count that reports ``figures`` and then meets Ctrl-C."""
    def count(puzzle, *args, progress=None, **kwargs):
        progress(*figures)
        raise KeyboardInterrupt
    return count


def test_ctrl_c_during_a_count_says_what_was_counted(monkeypatch):
    monkeypatch.setattr(api, "count", _interrupted_after((1234, 5678901, 3, 7)))
    result = run("count", "6x10")
    assert result.exit_code == 130 and result.stdout == ""
    assert _without_notice(result.stderr) == ["interrupted: at least 1,234 solutions so far (5,678,901 nodes searched)"]


def test_ctrl_c_during_a_memoised_count_says_it_has_no_partial_total(monkeypatch):
    monkeypatch.setattr(api, "count", _interrupted_after((0, 4321, 1, 9)))
    result = run("count", "dominoes-8x8")
    assert result.exit_code == 130 and result.stdout == ""
    assert _without_notice(result.stderr) == ["interrupted before the count was complete (4,321 nodes searched; "
                                              "a memoised count has no partial total)"]


def test_ctrl_c_during_solve_keeps_what_was_shown(monkeypatch):
    solutions = api.solutions

    def two_then_ctrl_c(self, **kwargs):
        def run_():
            for n, s in enumerate(solutions(self, limit=2, symmetry=kwargs["symmetry"]), 1):
                kwargs["progress"](n, 100 * n, 0, 7)
                yield s
            raise KeyboardInterrupt
        return run_()

    monkeypatch.setattr(api, "solutions", lambda puzzle, **kwargs: two_then_ctrl_c(puzzle, **kwargs))
    result = run("solve", "6x10", "--all", "--format", "json")
    assert result.exit_code == 130
    assert len(result.stdout.splitlines()) == 2
    assert _without_notice(result.stderr) == ["interrupted: 2 solutions shown so far (200 nodes searched)"]


# -- a closed output pipe: quiet, status 141 (128 + SIGPIPE), never "no solution" ----------------
class _ClosedPipe(io.StringIO):
    """A stdout whose reader has gone away."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")


class _ClosedPipeRunner(CliRunner):
    @contextlib.contextmanager
    def isolation(self, *args, **kwargs):
        with super().isolation(*args, **kwargs) as streams:
            real, sys.stdout = sys.stdout, _ClosedPipe()
            try:
                yield streams
            finally:
                sys.stdout = real


@pytest.fixture(scope="module")
def finished_checkpoint(tmp_path_factory):
    from pentomino.search.checkpoint import count_with_checkpoint

    path = tmp_path_factory.mktemp("checkpoint") / "run.db"
    count_with_checkpoint(Puzzle.load("3x20"), path, jobs=1)
    return str(path)


WRITERS = [["solve", "--all", "--format", "json"], ["solve", "3x20", "--format", "text"], ["count"],
           ["count", "3x20", "--json"], ["list"], ["show", "8x8"], ["show", "8x8", "--toml"], ["--help"],
           ["count", "--help"], ["--version"], ["estimate", "3x20", "--samples", "100"],
           ["status", "CHECKPOINT"], ["resume", "CHECKPOINT"], ["serve", "--port", "0"]]


@pytest.mark.parametrize("args", WRITERS, ids=" ".join)
def test_a_closed_pipe_ends_quietly(args, finished_checkpoint):
    args = [finished_checkpoint if a == "CHECKPOINT" else a for a in args]
    result = _ClosedPipeRunner().invoke(main, args, prog_name="pentomino")
    assert result.exit_code == 141, (result.exit_code, result.stderr, result.exception)
    assert _without_notice(result.stderr) == []


@pytest.mark.slow
def test_solve_all_into_head_through_a_real_pipe():
    """The issue's own command: `pentomino solve --all --format json | head -1`."""
    script = (f"{sys.executable} -m pentomino solve --all --format json 2>err.txt | head -1; "
              "echo \"status ${PIPESTATUS[0]}\"; cat err.txt >&2")
    done = run_process(["bash", "-c", script], timeout=120, cwd=os.environ.get("TMPDIR", "/tmp"))
    first, status = done.stdout.splitlines()
    assert len(json.loads(first)["placements"]) == 12
    assert status == "status 141"
    assert _without_notice(done.stderr) == []


@pytest.mark.slow
def test_every_writer_meets_a_pipe_closed_before_it_writes(finished_checkpoint):
    """Each command that writes, its stdout a pipe whose reader closed before it wrote a byte:
    all started at once, each must end with status 141 and nothing but a compile notice on stderr."""
    procs = []
    with contextlib.ExitStack() as started:  # on leaving, every process is ended
        for args in WRITERS:
            if args[0] == "serve":
                continue  # in-process only: a server that missed the pipe would not end by itself
            read, write = os.pipe()
            os.close(read)
            args = [finished_checkpoint if a == "CHECKPOINT" else a for a in args]
            try:
                procs.append((args, started.enter_context(process([sys.executable, "-m", "pentomino", *args],
                                                                  stdout=write, stderr=subprocess.PIPE, text=True))))
            finally:
                os.close(write)
        for args, proc in procs:
            _, err = proc.communicate(timeout=300)
            assert proc.returncode == 141, (args, proc.returncode, err)
            assert _without_notice(err) == [], (args, err)


# -- the library API the command line stands on ---------------------------------------------------
def test_solutions_report_progress_up_to_the_last_solution():
    from pentomino.search.solver import Solver

    figures = []
    solutions = Puzzle.load("6x10").solutions(limit=3, progress=lambda *f: figures.append(f))
    assert figures == []  # lazy: nothing searched yet
    shown = [next(solutions), next(solutions)]
    reference = Solver(Puzzle.load("6x10"))
    listing = reference.solutions(limit=3)
    assert [next(listing).placements, next(listing).placements] == [s.placements for s in shown]
    # the figures of the search so far (a slice of the search may find solutions not yet yielded)
    assert figures[-1][:2] == (reference.found, reference.nodes) and reference.nodes > 0
    assert len(list(solutions)) == 1 and len(list(listing)) == 1
    assert figures[-1][:2] == (reference.found, reference.nodes) == (3, reference.nodes)


def test_solutions_report_progress_when_ctrl_c_stops_the_search():
    calls = []

    def progress(*figures):
        calls.append(figures)
        if len(calls) == 1:  # Ctrl-C, in the first slice of the search
            raise KeyboardInterrupt

    solutions = Puzzle.load("6x10").solutions(symmetry="none", progress=progress)
    with pytest.raises(KeyboardInterrupt):
        next(solutions)
    assert len(calls) == 2 and calls[1] == calls[0] and calls[0][1] > 0  # reported again on the way out


def test_solutions_on_two_processes_are_those_of_one():
    p = Puzzle.load("3x20")
    one = {s.placements for s in p.solutions(symmetry="none")}
    two = {s.placements for s in p.solutions(symmetry="none", jobs=2)}
    assert one == two and len(one) == 8


def test_bad_arguments_of_solutions_fail_at_once():
    with pytest.raises(PuzzleError, match="jobs must be a whole number, 1 or more"):
        Puzzle.load("6x10").solutions(jobs=0)
    with pytest.raises(PuzzleError, match="limit must be a whole number, 1 or more"):
        Puzzle.load("6x10").solutions(limit=0)


def test_count_detail_reports_progress_placements_and_method():
    from pentomino.search.solver import Solver

    figures = []
    p = Puzzle.load("6x10")
    result = p.count_detail(progress=lambda *f: figures.append(f))
    assert (result.count, result.nodes, result.method) == (2339, 1167731, "search")
    assert figures[-1][:2] == (2339, 1167731)
    assert result.placements == len(Solver(p, counting=True).placements) > 0
    assert p.counting_method() == "search"
    dominoes = Puzzle.load("dominoes-8x8")
    assert dominoes.counting_method() == "memo" and dominoes.counting_method(max=5) == "search"
    assert dominoes.counting_method(method="search") == "search"
    memo = dominoes.count_detail("none", max_memory=1 << 30)
    search = Puzzle.load("3x20").count_detail("none", method="memo")
    assert (memo.count, memo.method, search.count, search.method) == (12988816, "memo", 8, "memo")


@pytest.mark.parametrize("kwargs, words", [
    ({"method": "fast"}, "method must be one of auto, search, memo"),
    ({"checkpoint": "x.db", "max": 2}, "max and checkpoint"),
    ({"checkpoint": "x.db", "max_memory": 1 << 30}, "max_memory and checkpoint"),
    ({"checkpoint": "x.db", "method": "memo"}, "method and checkpoint do not go together"),
    ({"scheduler": "local", "max": 2}, "max and scheduler"),
    ({"scheduler": "local", "max_memory": 1 << 30}, "max_memory and scheduler"),
])
def test_count_arguments_that_do_not_go_together(tmp_path, monkeypatch, kwargs, words):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(PuzzleError, match=words):
        Puzzle.load("3x20").count_detail(**kwargs)
    assert not (tmp_path / "x.db").exists()
