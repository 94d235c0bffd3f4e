"""The progress line: shown on a terminal for long counts, never in a pipe or with --quiet."""

import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import process, run_process
from test_cli import run

PUZZLE = str(Path(__file__).parent / "data" / "pentominoes-L4-8x8.toml")
LONG = ["count", PUZZLE, "--jobs", "1"]  # a count of a few seconds


def _stderr_on_a_terminal(args):
    master, slave = pty.openpty()
    chunks = []
    try:
        with process([sys.executable, "-m", "pentomino", *args], stdout=subprocess.PIPE, stderr=slave,
                     text=True) as proc:
            os.close(slave)
            slave = None
            while True:
                assert select.select([master], [], [], 300)[0], "nothing on the terminal for 300 s"
                try:
                    data = os.read(master, 4096)
                except OSError:  # EIO: the process has closed the terminal
                    break
                if not data:
                    break
                chunks.append(data.decode(errors="replace"))
            out, _ = proc.communicate(timeout=120)
    finally:
        os.close(master)
        if slave is not None:
            os.close(slave)
    return proc.returncode, out, "".join(chunks)


@pytest.mark.slow
def test_progress_on_a_terminal():
    code, out, err = _stderr_on_a_terminal(LONG)
    assert code == 0 and out.split()[0].isdigit()
    assert "parts" in err and "solutions" in err and "\r" in err
    assert err.rstrip().endswith("\x1b[K")  # the line is cleared before the answer


@pytest.mark.slow
def test_quiet_on_a_terminal():
    code, out, err = _stderr_on_a_terminal(LONG + ["--quiet"])
    assert code == 0 and "parts" not in err


@pytest.mark.slow
def test_quiet_in_a_pipe():
    proc = run_process([sys.executable, "-m", "pentomino", *LONG], timeout=300)
    assert proc.returncode == 0 and proc.stderr == ""


def test_jobs_on_the_command_line():
    # (--method search: with auto, the search's trial, in this process, finishes a count this quick)
    ok = run("count", "8x8", "--jobs", "2", "--method", "search", "--json")
    assert ok.exit_code == 0
    assert '"count": 65' in ok.stdout and '"jobs": 2' in ok.stdout
    quick = run("count", "8x8", "--jobs", "2", "--json")
    assert quick.exit_code == 0 and '"count": 65' in quick.stdout and '"jobs": 1' in quick.stdout
    ok = run("solve", "3x20", "--all", "--jobs", "2", "--format", "json", "--symmetry", "none")
    assert ok.exit_code == 0 and len(ok.stdout.splitlines()) == 8
