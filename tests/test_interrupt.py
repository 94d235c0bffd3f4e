"""Ctrl-C: a real SIGINT to a real process stops it at once with what was found so far.

The signal goes once the search runs, not after a fixed time (a loaded machine may spend that
time starting Python): the count runs as ``python -c STARTED`` (the ``pentomino`` command, which
also writes a byte to file descriptor NOTES_FD the first time the count reports nodes searched).
"""

import os
import re
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import process, run_process

LONG = str(Path(__file__).parent / "data" / "long-8x10.toml")  # many minutes, on any core count

STOP_SECONDS = 60
"""Time allowed between Ctrl-C and the end of the process: a hang guard. Stopping takes a
fraction of a second; the counts interrupted here would run for many minutes."""

STARTED = """
import os
from pentomino import api
from pentomino.cli import main

count = api.count

def noted(puzzle, *args, progress=None, **kwargs):
    notes = [int(os.environ["NOTES_FD"])]

    def tick(found, nodes, *figures):
        if progress is not None:
            progress(found, nodes, *figures)  # first: the command reports the figures it was given
        if notes and nodes > 0:
            os.write(notes.pop(), b".")

    return count(puzzle, *args, progress=tick, **kwargs)

api.count = noted
main(prog_name="pentomino")
"""


def _warm(*puzzles: str) -> None:
    """Count each puzzle once, so that the kernels are cached: no compile notice on stderr."""
    for puzzle in puzzles:
        done = run_process([sys.executable, "-m", "pentomino", "count", puzzle], timeout=300)
        assert done.returncode == 0, done.stderr


def _interrupted_once_counting(args) -> tuple[int, str, str]:
    """`pentomino ARGS` (a count), sent SIGINT once its search has reported nodes searched:
    (exit status, stdout, stderr)."""
    notes, note_fd = os.pipe()
    try:
        with process([sys.executable, "-c", STARTED, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                     text=True, pass_fds=(note_fd,), env={**os.environ, "NOTES_FD": str(note_fd)}) as proc:
            os.close(note_fd)
            note_fd = None
            ready, _, _ = select.select([notes], [], [], 300)
            assert ready, "the count reported no nodes searched in 300 s"
            assert os.read(notes, 1), ("the count ended before it reported nodes", proc.communicate(timeout=60))
            proc.send_signal(signal.SIGINT)
            try:
                out, err = proc.communicate(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                pytest.fail(f"the count still ran {STOP_SECONDS} s after Ctrl-C")
    finally:
        os.close(notes)  # only now: the process never writes its note into a closed pipe
        if note_fd is not None:
            os.close(note_fd)
    return proc.returncode, out, err


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_during_a_count_reports_the_count_so_far(jobs):
    """On one process and on a pool (whose workers the parent stops)."""
    _warm("3x20")
    code, out, err = _interrupted_once_counting(["count", LONG, "--symmetry", "none", "--jobs", jobs])
    assert code == 130, err
    assert out == "" and "Traceback" not in err
    assert re.fullmatch(r"interrupted: at least [\d,]+ solutions? so far \(([\d,]+) nodes searched\)\n", err), err
    assert int(re.search(r"([\d,]+) nodes", err).group(1).replace(",", "")) > 0


@pytest.mark.slow
def test_ctrl_c_during_solve_all_keeps_what_was_printed():
    # Interrupted once the first solution is out (not after a fixed time: a loaded machine may
    # not have started the search by then).
    with process([sys.executable, "-m", "pentomino", "solve", LONG, "--all", "--format", "json"],
                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        assert select.select([proc.stdout], [], [], 300)[0], "no solution printed in 300 s"
        first = proc.stdout.readline()
        proc.send_signal(signal.SIGINT)
        # Read on from the same buffered file (communicate() would skip what readline() read
        # ahead); stderr says one line, so reading stdout to its end first cannot block.
        out, err = proc.stdout.read(), proc.stderr.read()
        proc.wait(timeout=STOP_SECONDS)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    shown = [line for line in (first + out).splitlines() if line.startswith("{")]
    assert shown and f"{len(shown)} solution" in err


@pytest.mark.slow
def test_ctrl_c_during_a_memoised_count_says_it_has_no_partial_total(tmp_path):
    _warm("3x20", "dominoes-8x8")  # both kernels cached: no compile notice
    board = "\n".join("." * 22 for _ in range(22))
    path = tmp_path / "dominoes.toml"
    path.write_text(f'pieces = ["I2"]\nboard = """\n{board}\n"""\n[copies]\nI2 = "any"\n')
    code, out, err = _interrupted_once_counting(["count", str(path), "--jobs", "1"])
    assert code == 130 and out == "", err
    assert err.strip() == err.strip().splitlines()[-1]  # one line
    assert "interrupted before the count was complete" in err and "no partial total" in err
    assert re.search(r"\(([1-9][\d,]*) nodes searched;", err), err
