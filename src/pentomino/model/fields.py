"""What a puzzle is made of, as plain data: :class:`PuzzleFields`.

The puzzle file format reads and writes these fields, and a puzzle's symmetry group is found
from them; :class:`~pentomino.model.puzzle.Puzzle` is the same fields, checked, with the verbs a
user calls. Keeping the record apart lets the modules that make and read puzzles stand below the
puzzle class, so that no import runs in a circle.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pentomino.geometry import SQUARE, Cell, Grid
from pentomino.model.piece import PieceCount
from pentomino.model.placement import Placement


@dataclass(frozen=True)
class PuzzleFields:
    """A board, the pieces to place (with numbers of copies), and pieces already placed."""

    board: frozenset[Cell]
    """Every cell of the board, including those already covered by ``preplaced``."""
    pieces: tuple[PieceCount, ...]
    """The pieces and their numbers of copies (pre-placed copies included)."""
    preplaced: tuple[Placement, ...] = ()
    """Pieces already on the board."""
    one_sided: bool = False
    """True if pieces may only be rotated, not turned over."""
    name: str = ""
    grid: Grid = field(default=SQUARE, compare=False)

    @property
    def area(self) -> int:
        return len(self.board)
