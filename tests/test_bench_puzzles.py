"""The puzzle files of bench/records.py are the puzzles whose counts are published: their
boards, pieces and symmetries, and for O'Beirne's hexagon a published count of a part of it
(the whole counts take minutes: bench/records.py checks them)."""

import dataclasses
from pathlib import Path

import pytest

from pentomino import Placement, Puzzle
from pentomino.model.piecesets import piece_sets

PUZZLES = Path(__file__).parent.parent / "bench" / "puzzles"
# O'Beirne's hexagon is 19 small hexagons (1 + 6 + 12); these are the 6 triangles of the
# middle one, in the drawing of bench/puzzles/obeirne-hexagon.toml (rows 4 and 5).
CENTRE = [(r, c) for r in (4, 5) for c in (6, 7, 8)]


def test_obeirne_hexagon_is_19_one_sided_hexiamonds_in_114_triangles():
    puzzle = Puzzle.load(PUZZLES / "obeirne-hexagon.toml")
    assert puzzle.grid.name == "triangle"
    assert puzzle.area == 114
    assert puzzle.one_sided
    assert len(puzzle.pieces) == 19
    assert all(p.min == p.max == 1 and len(p.piece.cells) == 6 for p in puzzle.pieces)
    assert {p.piece for p in puzzle.pieces} == set(piece_sets()["one-sided-hexiamonds"].pieces)
    # The honeycomb has the hexagon's 12 symmetries, and the set is closed under mirroring.
    assert puzzle.symmetry_group_order("full") == 12
    assert puzzle.symmetry_group_order("rotations") == 6
    assert set(CENTRE) <= puzzle.board


@pytest.mark.slow
def test_obeirne_hexagon_with_the_hexagon_piece_in_the_middle_has_its_published_count():
    """Polyform Puzzler (D. Goodger) splits the count of 124,519 by where O6 lies: 1,914 with
    it on the middle hexagon (the puzzle keeps its 12 symmetries)."""
    puzzle = Puzzle.load(PUZZLES / "obeirne-hexagon.toml")
    centred = dataclasses.replace(puzzle, preplaced=(Placement.of("O6", CENTRE),))
    assert centred.symmetry_group_order("full") == 12
    assert centred.count() == 1914


@pytest.mark.parametrize("name,rows,cols,order", [("one-sided-5x18", 5, 18, 4), ("one-sided-6x15", 6, 15, 4),
                                                  ("one-sided-9x10", 9, 10, 4)])
def test_one_sided_pentomino_rectangles(name, rows, cols, order):
    puzzle = Puzzle.load(PUZZLES / f"{name}.toml")
    assert puzzle.board == {(r, c) for r in range(rows) for c in range(cols)}
    assert puzzle.one_sided and len(puzzle.pieces) == 18
    assert puzzle.symmetry_group_order("full") == order
