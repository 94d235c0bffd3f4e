"""Ctrl-C: a real SIGINT to a real process stops it at once with what was found so far."""

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

LONG = str(Path(__file__).parent / "data" / "long-8x10.toml")


def _interrupt_after(args, seconds):
    proc = subprocess.Popen([sys.executable, "-m", "pentomino", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    time.sleep(seconds)
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    return proc.returncode, out, err, time.perf_counter() - sent


@pytest.mark.slow
def test_ctrl_c_during_a_count_reports_the_count_so_far():
    # Warm the kernel cache first so the signal lands in the search, not the compiler.
    subprocess.run([sys.executable, "-m", "pentomino", "count", "3x20"], check=True, capture_output=True)
    code, out, err, waited = _interrupt_after(["count", LONG, "--symmetry", "none"], 3.0)
    assert code == 130
    assert "interrupted" in err and "Traceback" not in err
    assert waited < 5
    assert err.strip().count("\n") == 0


@pytest.mark.slow
def test_ctrl_c_during_solve_all_keeps_what_was_printed():
    # Interrupted once the first solution is out (not after a fixed time: a loaded machine may
    # not have started the search by then).
    proc = subprocess.Popen([sys.executable, "-m", "pentomino", "solve", LONG, "--all", "--format", "json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = proc.stdout.readline()
    proc.send_signal(signal.SIGINT)
    # Read on from the same buffered file (communicate() would skip what readline() read ahead);
    # stderr says one line, so reading stdout to its end first cannot block.
    out, err = proc.stdout.read(), proc.stderr.read()
    proc.wait(timeout=30)
    assert proc.returncode == 130
    assert "Traceback" not in err
    shown = [line for line in (first + out).splitlines() if line.startswith("{")]
    assert shown and f"{len(shown)} solution" in err


@pytest.mark.slow
def test_ctrl_c_during_a_memoised_count_says_it_has_no_partial_total(tmp_path):
    for warm in ("3x20", "dominoes-8x8"):  # both kernels cached: no compile notice
        subprocess.run([sys.executable, "-m", "pentomino", "count", warm], check=True, capture_output=True)
    board = "\n".join("." * 22 for _ in range(22))
    path = tmp_path / "dominoes.toml"
    path.write_text(f'pieces = ["I2"]\nboard = """\n{board}\n"""\n[copies]\nI2 = "any"\n')
    code, out, err, waited = _interrupt_after(["count", str(path), "--jobs", "1"], 3.0)
    assert code == 130 and out == ""
    assert err.strip() == err.strip().splitlines()[-1]  # one line
    assert "interrupted before the count was complete" in err and "no partial total" in err
    assert waited < 5
