"""Splitting and the process pool give the same answers as one serial search."""

import json

import pytest

from conftest import slow
from pentomino import Puzzle
from pentomino.search import runner
from pentomino.search.results import Part
from pentomino.search.solver import Solver

# The quick suite takes two (holes; a board of two words), the full suite all of them.
PUZZLES = ["8x8", "one-sided-3x30", slow("3x20"), slow("4x15"), slow("scott-finish"), slow("tetrominoes-4x5")]


@pytest.mark.parametrize("name", PUZZLES)
def test_pool_counts_equal_serial_counts(name):
    puzzle = Puzzle.load(name)
    serial = runner.count(Solver(puzzle, counting=True))
    pooled = runner.count(Solver(puzzle, counting=True), jobs=2)
    assert pooled.by_mode == serial.by_mode
    assert pooled.jobs == 2 and pooled.parts >= 1
    for mode in ("rotations", "none"):
        assert runner.count(Solver(puzzle, mode, counting=True), jobs=2).count == serial.by_mode[mode]


@pytest.mark.parametrize("levels", [0, 2, slow(1), slow(3)])
def test_parts_partition_the_search(levels):
    puzzle = Puzzle.load("4x15")
    solver = Solver(puzzle, "none")
    parts = solver.parts(levels=levels)
    assert len(parts) == len(set(parts))
    listed = []
    for sub in parts:
        for _, rows in solver.run_part(sub, out_cap=64):
            listed.extend(solver.wrap(r).placements for r in rows)
    # Listing mode "none": every tiling exactly once across the parts.
    assert len(listed) == len(set(listed)) == 1472


def test_parts_of_a_board_finished_above_the_split_depth():
    # scott-finish leaves 9 pieces; splitting 8 levels deep reaches complete tilings early.
    solver = Solver(Puzzle.load("scott-finish"), "none")
    total = 0
    for sub in solver.parts(levels=8):
        for _ in solver.run_part(sub):
            pass
    total = solver.found
    assert total == 1


def test_part_identity_is_stable_and_serializable():
    a = Solver(Puzzle.load("6x10"), counting=True).parts(levels=1)
    b = Solver(Puzzle.load("6x10"), counting=True).parts(levels=1)
    assert a == b and [s.key for s in a] == [s.key for s in b]
    for sub in a[:5]:
        assert Part.from_json(json.loads(json.dumps(sub.to_json()))) == sub
    assert a[0].forced[0][0] == "X"  # the symmetry piece is put down first
    assert a[0].puzzle == Puzzle.load("6x10").fingerprint and a[0].search == "count"


def test_a_foreign_part_is_refused():
    from pentomino.errors import PuzzleError

    solver = Solver(Puzzle.load("8x8"), counting=True)
    other = Solver(Puzzle.load("6x10"), counting=True).parts()[0]
    with pytest.raises(PuzzleError, match="another puzzle"):
        list(solver.run_part(other))
    bad = Part(Puzzle.load("8x8").fingerprint, "count", (("X", ((0, 0), (0, 1))),))
    with pytest.raises(PuzzleError, match="does not belong"):
        list(solver.run_part(bad))


def test_fingerprint_ignores_the_name_but_not_the_board():
    a = Puzzle.load("6x10")
    assert a.fingerprint == Puzzle.from_toml(
        'name = "other"\npieces = "pentominoes"\nboard = """\n' + "\n".join(["." * 10] * 6) + '\n"""\n').fingerprint
    assert a.fingerprint != Puzzle.load("5x12").fingerprint


def test_a_long_count_handed_to_the_pool_midway_gives_the_same_answer(monkeypatch):
    puzzle = Puzzle.load("8x8-corners")
    serial = runner.count(Solver(puzzle, counting=True), jobs=1)
    monkeypatch.setattr(runner, "SERIAL_SECONDS", 0.0)  # hand over after the first root part
    handed = runner.count(Solver(puzzle, counting=True), jobs=None)
    assert handed.by_mode == serial.by_mode and handed.jobs >= 1


@pytest.mark.slow
def test_a_single_root_part_is_split_as_a_whole():
    """No symmetry piece and no first piece (dominoes): 70 million nodes on two processes."""
    dominoes = Puzzle.load("dominoes-8x8")
    assert runner.count(Solver(dominoes, counting=True), jobs=2, method="search").by_mode == \
        runner.count(Solver(dominoes, counting=True), jobs=1, method="memo").by_mode


def test_two_pooled_counts_in_two_threads_do_not_mix():
    """The web server counts in threads: two pools at once, each with its own solver."""
    import threading

    results = {}

    def count(name):
        results[name] = runner.count(Solver(Puzzle.load(name), counting=True), jobs=2).by_mode

    threads = [threading.Thread(target=count, args=(n,)) for n in ("5x12", "8x8", "4x15")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results["5x12"]["full"] == 1010 and results["8x8"]["full"] == 65 and results["4x15"]["full"] == 368
