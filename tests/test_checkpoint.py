"""Checkpoint and resume: a count recorded part by part in an SQLite file, stopped at any
moment (an exception, Ctrl-C, SIGKILL), resumed with any number of processes, adds up to the
uninterrupted count; files that are not this puzzle's checkpoint are refused and left as they
were.

The library tests use a small budget per part, so that small puzzles make many parts; the CLI
tests run the real ``pentomino`` command with the real budget.
"""

from __future__ import annotations

import json
import os
import select
import signal
import sqlite3
import subprocess
import sys

import pytest

from conftest import process, run_process, slow
from pentomino import Puzzle, PuzzleError
from pentomino.search import checkpoint as C
from pentomino.search import parts as P
from pentomino.search import runner
from pentomino.search.solver import Solver
from test_cli import error_line, run

BUDGET = 1 << 15  # nodes per part: 6x10 makes about 150 parts


class Stop(Exception):
    """Raised from a progress callback: the count stops where it is, as after a crash."""


def _stopping_after(parts: int):
    seen = []

    def progress(found, nodes, done, known):
        seen.append(done)
        if len(seen) >= parts:
            raise Stop

    return progress


def _count_in_stops(puzzle, path, symmetry, every: int, budget: int):
    """Count with a checkpoint, stopped after every ``every`` parts, resumed each time: the
    final Count and the number of stops."""
    stops = 0
    while True:
        try:
            return C.count_with_checkpoint(puzzle, path, symmetry, jobs=1, budget=budget,
                                           progress=_stopping_after(every)), stops
        except Stop:
            stops += 1


@pytest.mark.parametrize("name,symmetry,budget", [("soma", "none", 1 << 9),
                                                  slow("hexiamonds-4x9", "rotations", 1 << 11),
                                                  slow("6x10", "full", BUDGET), slow("8x8", "full", 1 << 13)])
def test_a_count_stopped_again_and_again_adds_up_to_the_uninterrupted_count(tmp_path, name, symmetry, budget):
    puzzle = Puzzle.load(name)
    whole = runner.count(Solver(puzzle, symmetry, counting=True), jobs=1, method="search")
    straight = C.count_with_checkpoint(puzzle, tmp_path / "straight.db", symmetry, jobs=1, budget=budget)
    assert straight.by_mode == whole.by_mode and straight.count == whole.count
    assert straight.parts > 20  # the small budget made many parts

    result, stops = _count_in_stops(puzzle, tmp_path / "run.db", symmetry, max(1, straight.parts // 5), budget)
    assert stops >= 3
    for field in ("count", "symmetry", "group_order", "nodes", "by_mode", "parts", "complete"):
        assert getattr(result, field) == getattr(straight, field), field
    assert result.group_order == whole.group_order
    s = C.status(tmp_path / "run.db")
    assert (s.finished, s.parts_done, s.parts_known, s.nodes, s.by_mode) == \
        (True, straight.parts, straight.parts, straight.nodes, straight.by_mode)


def test_with_the_real_budget_the_totals_are_the_solvers_to_the_node(tmp_path):
    puzzle = Puzzle.load("6x10")
    whole = runner.count(Solver(puzzle, "full", counting=True), jobs=1, method="search")
    result = puzzle.count_detail("full", checkpoint=tmp_path / "run.db")
    assert (result.count, result.nodes, result.by_mode, result.parts) == \
        (whole.count, whole.nodes, whole.by_mode, whole.parts)
    again = C.count_with_checkpoint(puzzle, tmp_path / "run.db", "none")  # finished: read back
    assert (again.count, again.nodes) == (whole.by_mode["none"], whole.nodes)


def test_resumed_on_two_processes_after_one_the_count_is_the_same(tmp_path):
    puzzle = Puzzle.load("6x10")
    straight = C.count_with_checkpoint(puzzle, tmp_path / "straight.db", jobs=1, budget=BUDGET)
    path = tmp_path / "run.db"
    with pytest.raises(Stop):
        C.count_with_checkpoint(puzzle, path, jobs=1, budget=BUDGET, progress=_stopping_after(20))
    s = C.status(path)
    assert s.parts_done == 20 and not s.finished and s.nodes < straight.nodes
    result = C.count_with_checkpoint(puzzle, path, jobs=2)  # the budget is the checkpoint's
    assert result.jobs == 2
    assert (result.count, result.nodes, result.by_mode, result.parts) == \
        (straight.count, straight.nodes, straight.by_mode, straight.parts)


def test_a_checkpoint_holds_what_it_should(tmp_path):
    puzzle = Puzzle.load("5x12")
    path = tmp_path / "run.db"
    with pytest.raises(Stop):
        C.count_with_checkpoint(puzzle, path, "rotations", jobs=1, budget=BUDGET, progress=_stopping_after(3))
    db = sqlite3.connect(path)
    meta = dict(db.execute("SELECT key, value FROM meta"))
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert Puzzle.from_toml(meta["puzzle"]) == puzzle
    assert (meta["fingerprint"], meta["symmetry"], meta["tree_version"], meta["part_nodes"]) == \
        (puzzle.fingerprint, "rotations", str(P.TREE_VERSION), str(BUDGET))
    done = db.execute('SELECT nodes, "full", "none", rotations FROM done').fetchall()
    assert len(done) == 3 and all(isinstance(x, str) for row in done for x in row)
    db.close()
    with C.Checkpoint.open(path, write=False) as cp:
        tally = cp.tally()
        assert tally.done == 3 and tally.totals == [sum(int(r[i]) for r in done) for i in range(4)]
        assert tally.waiting and all(sub.puzzle == puzzle.fingerprint for sub in tally.waiting)
    # Counters beyond 64 bits are kept exactly.
    with C.Checkpoint.open(path, puzzle) as cp:
        part = cp.tally().waiting[0]
        cp.record(P.PartResult(part, (2**70, 2**65 + 1, 3, 2**64)))
        with pytest.raises(PuzzleError, match="not waiting"):  # a part is recorded once
            cp.record(P.PartResult(part, (1, 1, 1, 1)))
    s = C.status(path)
    assert s.parts_done == 4 and s.nodes > 2**70 and s.by_mode["full"] > 2**65


def test_the_library_refuses_what_is_not_this_puzzles_checkpoint(tmp_path):
    path = tmp_path / "run.db"
    C.count_with_checkpoint(Puzzle.load("3x20"), path, jobs=1)
    before = path.read_bytes()
    with pytest.raises(PuzzleError, match="another puzzle"):
        C.count_with_checkpoint(Puzzle.load("4x15"), path)
    with pytest.raises(PuzzleError, match="budget|nodes"):
        C.count_with_checkpoint(Puzzle.load("3x20"), path, budget=BUDGET)
    with pytest.raises(PuzzleError, match="already exists"):
        C.Checkpoint.create(path, Puzzle.load("3x20"))
    with pytest.raises(PuzzleError, match="max and checkpoint"):
        Puzzle.load("3x20").count_detail(max=1, checkpoint=path)
    assert path.read_bytes() == before


# -- the command --------------------------------------------------------------------------------
def _pentomino(*args):
    return [sys.executable, "-m", "pentomino", *map(str, args)]


# `python -m pentomino`, which also writes a byte to file descriptor NOTES_FD each time its
# checkpoint has recorded a finished part: the test waits for those bytes, not for time to pass.
_NOTED_COMMAND = """
import os
from pentomino.cli import main
from pentomino.search.checkpoint import Checkpoint

record = Checkpoint.record

def noted(self, result):
    record(self, result)
    os.write(int(os.environ["NOTES_FD"]), b".")

Checkpoint.record = noted
main(prog_name="pentomino")
"""


def _stopped_count(path, parts: int, sig, jobs: int = 1) -> tuple[int, str, str]:
    """Start `count solid-pentominoes-3x4x5 --checkpoint path` on ``jobs`` processes and send
    ``sig`` to the command's own process once ``parts`` parts are recorded: (exit status,
    stdout, stderr; stderr read to its end, when the workers too have closed it)."""
    notes, note_fd = os.pipe()
    try:
        with process([sys.executable, "-c", _NOTED_COMMAND, "count", "solid-pentominoes-3x4x5",
                      "--checkpoint", str(path), "-q", "-j", str(jobs)],
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, pass_fds=(note_fd,),
                     env={**os.environ, "NOTES_FD": str(note_fd)}) as proc:
            os.close(note_fd)
            note_fd = None
            recorded = 0
            while recorded < parts:
                ready, _, _ = select.select([notes], [], [], 120)
                note = os.read(notes, parts - recorded) if ready else b""
                assert note, ("no part recorded in 120 s" if not ready else "the count ended",
                              proc.communicate(timeout=60))
                recorded += len(note)
            assert C.status(path).parts_done >= parts
            proc.send_signal(sig)
            out, err = proc.communicate(timeout=60)
    finally:
        os.close(notes)  # only now: the process never writes its notes into a closed pipe
        if note_fd is not None:
            os.close(note_fd)
    return proc.returncode, out, err


@pytest.mark.slow
def test_sigkill_in_the_middle_then_resume_on_two_processes_gives_the_published_count(tmp_path):
    # 12 solid pentominoes in a 3x4x5 box: 3,940 solutions (published), some 17 s and 160
    # parts on one core.
    path = tmp_path / "run.db"
    status, _, _ = _stopped_count(path, 3, signal.SIGKILL)
    assert status == -signal.SIGKILL
    left = C.status(path)
    assert 3 <= left.parts_done < left.parts_known and not left.finished and not left.running

    done = run_process(_pentomino("resume", path, "--jobs", "2", "--json"), timeout=600)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["puzzle"] == "12 solid pentominoes in a 3x4x5 box"
    assert (result["count"], result["symmetry"], result["complete"], result["jobs"]) == (3940, "full", True, 2)
    status = run_process(_pentomino("status", path, "--json"), timeout=120)
    assert status.returncode == 0, status.stderr
    s = json.loads(status.stdout)
    assert s["finished"] and s["solutions"]["full"] == 3940 and s["parts_done"] == result["parts"]
    assert s["nodes"] == result["nodes"]
    # What resume prints is what count prints.
    again = run_process(_pentomino("resume", path), timeout=120)
    assert again.returncode == 0, again.stderr
    assert again.stdout == "3940 solutions up to the puzzle's 8 symmetries (rotations and reflections)\n"


@pytest.mark.slow
def test_sigkill_of_a_count_on_two_processes_then_resume_gives_the_published_count(tmp_path):
    # The workers die with their parent, silently (see pentomino.search.parallel), and the
    # parts they were searching are searched again on resuming.
    path = tmp_path / "run.db"
    status, _, err = _stopped_count(path, 3, signal.SIGKILL, jobs=2)
    assert status == -signal.SIGKILL
    assert set(err.splitlines()) <= {"compiling the search kernel (first run after install only; cached)..."}, err
    left = C.status(path)
    assert 3 <= left.parts_done < left.parts_known and not left.finished and not left.running

    done = run_process(_pentomino("resume", path, "--jobs", "2", "--json"), timeout=600)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert (result["count"], result["complete"], result["jobs"]) == (3940, True, 2)
    assert json.loads(run_process(_pentomino("status", path, "--json"), timeout=120).stdout)["finished"]


@pytest.mark.slow
def test_ctrl_c_says_what_is_recorded_and_how_to_resume(tmp_path):
    path = tmp_path / "run.db"
    status, out, err = _stopped_count(path, 1, signal.SIGINT)
    assert status == 130, err
    assert out == "" and "Traceback" not in err
    s = C.status(path)
    assert not s.finished and not s.running
    assert err.strip() == (f"interrupted: {s.parts_done} parts of {s.parts_known} done, {s.by_mode['full']:,} "
                           f"solutions so far; resume with: pentomino resume {path}")
    text = run("status", path, "--no-estimate").stdout
    assert f"stopped, {s.parts_done} parts of {s.parts_known} done" in text
    assert f"resume with: pentomino resume {path}" in text


def test_count_checkpoint_resume_and_status_print_as_count_does(tmp_path):
    path = tmp_path / "run.db"
    plain = run("count", "6x10", "--json")
    first = run("count", "6x10", "--checkpoint", path, "--json")
    assert first.exit_code == 0, first.stderr
    drop = ("seconds", "jobs")
    expected = {k: v for k, v in json.loads(plain.stdout).items() if k not in drop}
    assert {k: v for k, v in json.loads(first.stdout).items() if k not in drop} == expected
    again = run("resume", path, "--json")
    assert {k: v for k, v in json.loads(again.stdout).items() if k not in drop} == expected
    assert run("resume", path).stdout == run("count", "6x10").stdout
    assert run("resume", path, "--symmetry", "none").stdout == run("count", "6x10", "--symmetry", "none").stdout
    assert run("count", "6x10", "--checkpoint", path, "--symmetry", "rotations").stdout == \
        run("count", "6x10", "--symmetry", "rotations").stdout
    status = run("status", path)
    assert status.exit_code == 0
    assert status.stdout.splitlines() == [
        "12 pentominoes, 6x10: finished, 7 parts of 7 done",
        "1,167,731 nodes; 2,339 solutions up to symmetry, 4,678 up to rotations, 9,356 tilings"]
    data = json.loads(run("status", path, "--json").stdout)
    assert data["finished"] and data["solutions"] == {"full": 2339, "rotations": 4678, "none": 9356}


def test_status_of_an_unfinished_count_estimates_what_is_left(tmp_path):
    path = tmp_path / "run.db"
    with pytest.raises(Stop):
        C.count_with_checkpoint(Puzzle.load("6x10"), path, jobs=1, budget=BUDGET, progress=_stopping_after(40))
    result = run("status", path)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("12 pentominoes, 6x10: stopped, 40 parts of ")
    assert "% done by the estimate of its nodes (95%: " in lines[2] and "left on one core" in lines[2]
    assert lines[3] == f"resume with: pentomino resume {path}"
    s = C.status(path, estimate=True, samples=2000)
    low, mid, high = s.fraction_done[1], s.fraction_done[0], s.fraction_done[2]
    assert 0 < low <= mid <= high <= 1 and s.seconds_left > 0


def test_a_file_of_a_named_puzzle_keeps_the_name_count_prints(tmp_path):
    toml = tmp_path / "mine.toml"
    toml.write_text('pieces = ["pentominoes"]\nboard = """\n' + ("." * 20 + "\n") * 3 + '"""\n')
    path = tmp_path / "run.db"
    first = run("count", toml, "--checkpoint", path, "--json")
    assert json.loads(first.stdout)["puzzle"] == str(toml)
    assert json.loads(run("resume", path, "--json").stdout)["puzzle"] == str(toml)


# -- errors: one line, exit status 2, the file left as it was ------------------------------------
def test_a_checkpoint_of_another_puzzle_is_refused_and_left_unchanged(tmp_path):
    path = tmp_path / "run.db"
    C.Checkpoint.create(path, Puzzle.load("3x20")).close()  # its parts all still to do
    before = path.read_bytes()
    line = error_line(run("count", "4x15", "--checkpoint", path))
    assert line.startswith(f"pentomino: error: {path}: a checkpoint of another puzzle (12 pentominoes, 3x20")
    assert line.endswith(f"resume it with `pentomino resume {path}`, or give another checkpoint file")
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["run.db"]


def test_a_finished_checkpoint_of_another_puzzle_is_not_offered_to_resume(tmp_path):
    path = tmp_path / "run.db"
    assert run("count", "3x20", "--checkpoint", path).exit_code == 0
    before = path.read_bytes()
    line = error_line(run("count", "4x15", "--checkpoint", path))
    fingerprints = f"fingerprint {Puzzle.load('3x20').fingerprint}; this one is {Puzzle.load('4x15').fingerprint}"
    assert line == (f"pentomino: error: {path}: the finished count of another puzzle (12 pentominoes, 3x20, "
                    f"{fingerprints}): `pentomino status {path}` shows it; give another checkpoint file to count "
                    "this one")
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["run.db"]


def test_a_file_that_is_not_a_checkpoint_is_refused(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n")
    other = tmp_path / "other.db"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE meta (key TEXT, value TEXT)")
    db.commit()
    db.close()
    for path in (text, other):
        before = path.read_bytes()
        for args in (("resume", path), ("status", path), ("count", "3x20", "--checkpoint", path)):
            assert error_line(run(*args)) == (f"pentomino: error: {path}: not a pentomino checkpoint: give the "
                                              "file that `pentomino count PUZZLE --checkpoint FILE` wrote")
        assert path.read_bytes() == before


@pytest.mark.parametrize("version", [P.TREE_VERSION + 1, P.TREE_VERSION - 1], ids=["newer", "older"])
def test_a_checkpoint_of_another_tree_of_parts_is_refused(tmp_path, version):
    """A checkpoint of a newer tree, or of the one before (tree 2: one scan order for every
    box, where tree 3 chooses it by the estimated size of the box's tree)."""
    path = tmp_path / "run.db"
    with pytest.raises(Stop):
        C.count_with_checkpoint(Puzzle.load("6x10"), path, jobs=1, budget=BUDGET, progress=_stopping_after(2))
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE meta SET value = ? WHERE key = 'tree_version'", (str(version),))
    db.close()
    before = path.read_bytes()
    for args in (("resume", path), ("status", path), ("count", "6x10", "--checkpoint", path)):
        line = error_line(run(*args))
        assert line.startswith(f"pentomino: error: {path}: written by pentomino ")
        assert f"tree of parts {version})" in line and "cannot resume it" in line
    assert path.read_bytes() == before


def test_missing_files_and_options_that_do_not_go_together(tmp_path):
    missing = tmp_path / "missing.db"
    for command in ("resume", "status"):
        assert error_line(run(command, missing)) == (
            f"pentomino: error: {missing}: no such checkpoint file: start one with "
            f"`pentomino count PUZZLE --checkpoint {missing}`")
    assert "--max and --checkpoint" in error_line(run("count", "6x10", "--max", "2", "--checkpoint", missing))
    assert "--max-memory and --checkpoint" in error_line(
        run("count", "6x10", "--max-memory", "1G", "--checkpoint", missing))
    line = error_line(run("count", "6x10", "--checkpoint", tmp_path / "no-such-folder" / "run.db"))
    assert "cannot create the checkpoint" in line
    assert not missing.exists()


def test_a_checkpoint_a_count_is_writing_is_not_written_by_another(tmp_path):
    path = tmp_path / "run.db"
    with pytest.raises(Stop):
        C.count_with_checkpoint(Puzzle.load("6x10"), path, jobs=1, budget=BUDGET, progress=_stopping_after(2))
    with process([sys.executable, "-c", "import sys; from pentomino.search.checkpoint import Checkpoint; "
                  "c = Checkpoint.open(sys.argv[1]); print('open', flush=True); sys.stdin.read()", str(path)],
                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as holder:
        assert holder.stdout.readline() == "open\n"
        line = error_line(run("resume", path))
        assert line == (f"pentomino: error: {path}: another count is writing this checkpoint now: "
                        f"wait for it, or watch it with `pentomino status {path}`")
        status = run("status", path, "--no-estimate")
        assert status.exit_code == 0 and ": running now, 2 parts of " in status.stdout
        holder.communicate("", timeout=60)  # the holder reads to the end of its input, and ends
    assert C.status(path).parts_done == 2 and not C.status(path).running
