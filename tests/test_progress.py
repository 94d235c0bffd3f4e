"""The progress line: shown on a terminal for long counts, never in a pipe or with --quiet."""

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from test_cli import run

PUZZLE = str(Path(__file__).parent / "data" / "pentominoes-L4-8x8.toml")
LONG = ["count", PUZZLE, "--jobs", "1"]  # a count of a few seconds


def _stderr_on_a_terminal(args):
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "pentomino", *args], stdout=subprocess.PIPE,
                            stderr=slave, text=True)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data.decode(errors="replace"))
    out, _ = proc.communicate(timeout=120)
    os.close(master)
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
    proc = subprocess.run([sys.executable, "-m", "pentomino", *LONG], capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stderr == ""


def test_jobs_on_the_command_line():
    ok = run("count", "8x8", "--jobs", "2", "--json")
    assert ok.exit_code == 0
    assert '"count": 65' in ok.stdout and '"jobs": 2' in ok.stdout
    ok = run("solve", "3x20", "--all", "--jobs", "2", "--format", "json", "--symmetry", "none")
    assert ok.exit_code == 0 and len(ok.stdout.splitlines()) == 8
