"""Ctrl-C: a real SIGINT to a real process stops it at once with what was found so far."""

import signal
import subprocess
import sys
import time
from pathlib import Path

LONG = str(Path(__file__).parent / "data" / "long-8x10.toml")


def _interrupt_after(args, seconds):
    proc = subprocess.Popen([sys.executable, "-m", "pentomino", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    time.sleep(seconds)
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    return proc.returncode, out, err, time.perf_counter() - sent


def test_ctrl_c_during_a_count_reports_the_count_so_far():
    # Warm the kernel cache first so the signal lands in the search, not the compiler.
    subprocess.run([sys.executable, "-m", "pentomino", "count", "3x20"], check=True, capture_output=True)
    code, out, err, waited = _interrupt_after(["count", LONG, "--symmetry", "none"], 3.0)
    assert code == 130
    assert "interrupted" in err and "Traceback" not in err
    assert waited < 5
    assert err.strip().count("\n") == 0


def test_ctrl_c_during_solve_all_keeps_what_was_printed():
    subprocess.run([sys.executable, "-m", "pentomino", "count", "3x20"], check=True, capture_output=True)
    code, out, err, _ = _interrupt_after(["solve", LONG, "--all", "--format", "json"], 3.0)
    assert code == 130
    assert "Traceback" not in err
    shown = [line for line in out.splitlines() if line.startswith("{")]
    assert f"{len(shown)} solution" in err
