"""Published totals ("perft" for puzzles): every entry of known-counts.json, on every grid.

One search gives all three counts (orbits, orbits under rotations, every tiling). On a
mismatch the test prints the count under each first placement, so the wrong branch shows.
"""

import pytest

from conftest import entry_to_puzzle, entry_to_toml, known_entries, slow
from pentomino import Puzzle
from pentomino.search.solver import Solver

ENTRIES = known_entries()


def _breakdown(puzzle) -> str:
    """Count under each first placement (every tiling), to show which branch is wrong."""
    solver = Solver(puzzle, "none", counting=True)
    lines = []
    for sub in solver.parts():
        part = Solver(puzzle, "none", counting=True)
        for _ in part.run_part(sub):
            pass
        lines.append(f"{sub.key}: {part.found}")
    return "\n".join(lines)


# Entries of a second or more, run in the full suite only.
SLOW_ENTRIES = {"pent+O-8x8", "solidpent-2x5x6"}


@pytest.mark.parametrize("entry", [slow(e, id=e["id"]) if e["id"] in SLOW_ENTRIES else pytest.param(e, id=e["id"])
                                   for e in ENTRIES])
def test_known_counts(entry):
    if entry["kind"] == "square":
        puzzle = Puzzle.from_toml(entry_to_toml(entry), entry["id"])
    else:  # puzzle files on other grids are not read yet: built through the API
        puzzle = entry_to_puzzle(entry)
    result = puzzle.count_detail("full")
    expected = {"none": entry["total_solutions"], "full": entry["unique_solutions"],
                "rotations": entry["unique_solutions_rotations_only"]}
    assert puzzle.symmetry_group_order("full") == entry["symmetry_group_order"]
    assert puzzle.symmetry_group_order("rotations") == entry["symmetry_group_proper_order"]
    if result.by_mode != expected:
        pytest.fail(f"{entry['id']}: got {result.by_mode}, expected {expected}\n"
                    f"count under each first placement:\n{_breakdown(puzzle)}")


@pytest.mark.parametrize("name,full,none", [("6x10", 2339, 9356), ("5x12", 1010, 4040), ("4x15", 368, 1472),
                                            ("3x20", 2, 8), ("8x8", 65, 520), ("soma", 240, 11520),
                                            slow("solid-pentominoes-2x5x6", 264, 2112),
                                            ("solid-pentominoes-2x3x10", 12, 96), ("hexiamonds-6x6", 156, 624),
                                            ("hexiamonds-4x9", 74, 148), ("tetrahexes-4x7", 9, 18),
                                            ("slothouber-graatsma", 1, 8),
                                            # Balls: counted here (see the files; the reference
                                            # checks small pyramids in test_reference_grids.py).
                                            slow("kanoodle-pyramid", 306, 2448),
                                            slow("iq-puzzler-pro-pyramid", 3340, 26720),
                                            ("kanoodle-pyramid-start", 1, 1), ("kanoodle-pyramid-two", 1, 1)])
def test_builtin_puzzles_match_published_totals(name, full, none):
    puzzle = Puzzle.load(name)
    assert puzzle.count() == full
    assert puzzle.count(symmetry="none") == none


@pytest.mark.slow
def test_solid_pentominoes_in_3x4x5():
    assert Puzzle.load("solid-pentominoes-3x4x5").count() == 3940  # ~15 s on one core


@pytest.mark.slow
def test_soma_on_the_command_line():
    import sys

    from conftest import run_process

    def run(*args):
        done = run_process([sys.executable, "-m", "pentomino", *args], timeout=300)
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert run("count", "soma") == "240 solutions up to the puzzle's 48 symmetries (rotations and reflections)\n"
    assert run("count", "soma", "--symmetry", "none") == "11520 solutions counting every tiling\n"
    # The solution drawn as three layers side by side: every cell covered, each piece once.
    layers = run("solve", "soma", "--format", "text").split("\n")[:3]
    cells = [row.split("  ") for row in layers]
    assert all(len(layer) == 3 for row in cells for layer in row)
    letters = "".join("".join(row) for row in cells)
    assert sorted(set(letters)) == sorted("VLTZABP") and len(letters) == 27
    assert sorted(letters.count(ch) for ch in set(letters)) == [3, 4, 4, 4, 4, 4, 4]


def test_listing_every_tiling_agrees_with_the_orbit_count():
    # Two routes to the same number: listing with no symmetry breaking, and the orbit-size sum.
    puzzle = Puzzle.load("3x20")
    listed = list(puzzle.solutions(symmetry="none"))
    assert len(listed) == len({s.placements for s in listed}) == 8
    assert len(list(puzzle.solutions(symmetry="rotations"))) == 4
    assert len(list(puzzle.solutions())) == 2
