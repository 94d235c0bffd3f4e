"""The ``pentomino`` command, driven in-process: exit codes, output, and the one-line errors.

Every bad input must give exit status 2 and ONE line on stderr that says where (the file, and
the line when it can be told), what is wrong, and how to fix it; never a traceback.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap

import pytest
from click.testing import CliRunner

from pentomino.cli import main

COMPILE_NOTICE = "compiling the search kernel"


def _runner() -> CliRunner:
    try:  # click < 8.2 mixes stderr into stdout unless told not to
        return CliRunner(mix_stderr=False)
    except TypeError:  # click >= 8.2 always keeps result.stderr apart
        return CliRunner()


def run(*args: str):
    return _runner().invoke(main, [str(a) for a in args], prog_name="pentomino")


def error_line(result, status: int = 2) -> str:
    """The single error line of a failed run (after checking the status and that there is one)."""
    assert result.exit_code == status, (result.exit_code, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), \
        result.exception
    lines = [ln for ln in result.stderr.splitlines() if ln.strip() and not ln.startswith(COMPILE_NOTICE)]
    assert len(lines) == 1, result.stderr
    return lines[0]


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


# -- areas and fitting -------------------------------------------------------------------------
def test_area_mismatch_gives_both_areas(tmp_path):
    line = file_error(tmp_path, '''
        pieces = "pentominoes"
        board = """
        ..........
        ..........
        """
        ''')
    assert "area" in line and "20" in line and "60" in line


@pytest.mark.parametrize("command", ["solve", "count"])
def test_piece_that_fits_nowhere(tmp_path, command):
    # 9 cells = a 4-cell bar and a 5-cell P, but a 1x4 bar cannot lie in a 3x3 box.
    line = file_error(tmp_path, '''
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
        ''', command=command)
    assert "Bar" in line and "fits nowhere" in line


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
    firsts = {run("solve", "6x10", "--seed", str(s), "--format", "json").stdout for s in range(1, 6)}
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


def test_python_dash_m():
    result = subprocess.run([sys.executable, "-m", "pentomino", "--help"], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Usage: pentomino" in result.stdout and "solve" in result.stdout


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


def test_the_compile_notice_asks_for_the_kernels_the_count_will_use(monkeypatch):
    """A fresh install whose memoised-count kernel was never compiled must not announce a
    compile before every plain count: count asks for the memo kernel only when it will run it."""
    import pentomino.search.kernel_cache as kernel_cache

    asked = []
    monkeypatch.setattr(kernel_cache, "kernel_is_cached", lambda *also: asked.append(also) or True)
    assert run("count", "3x20").exit_code == 0
    assert asked == [()]
    asked.clear()
    assert run("count", "dominoes-8x8").exit_code == 0
    assert asked == [(), ("memo._sweep",)]
