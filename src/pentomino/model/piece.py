"""A piece: a named, connected set of cells on a grid; and a piece with its numbers of copies."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pentomino.errors import PuzzleError
from pentomino.geometry import SQUARE, Grid, Shape

Turns = Literal["free", "face-up", "face-down", "fixed"]
"""How a piece may be turned: ``"free"`` (rotated and turned over), ``"face-up"`` (rotated
only, as drawn: one-sided), ``"face-down"`` (rotated only, turned over: the mirror image of
the drawing) or ``"fixed"`` (neither: only moved, as drawn)."""
TURNS: tuple[Turns, ...] = ("free", "face-up", "face-down", "fixed")


@dataclass(frozen=True)
class Piece:
    """A polyform: a name and its cells, normalized (translated to the grid's canonical spot)."""

    name: str
    """The piece's name, e.g. ``"F"`` or ``"I4"``."""
    cells: Shape
    """Its cells, as coordinate tuples of ``grid``."""
    grid: Grid = field(default=SQUARE, compare=False)
    """The grid the cells live on."""

    @classmethod
    def from_ascii(cls, name: str, drawing: str, grid: Grid = SQUARE) -> Piece:
        """A piece drawn with ``#`` (any other character is empty), one text line a row."""
        lines = drawing.strip("\n").split("\n")
        cells = [cell for cell, ch in grid.parse_cell_text(lines).items() if ch == "#"]
        if not cells:
            raise PuzzleError(f"shape {name!r} is empty: draw its cells with '#'")
        if not grid.is_connected(cells):
            raise PuzzleError(f"shape {name!r} is not connected: every '#' must touch another by an edge")
        return cls(name, grid.normalize(cells), grid)

    @property
    def size(self) -> int:
        return len(self.cells)

    def to_ascii(self) -> str:
        """Its drawing: one text line a row, '#' for a cell; on a layered grid (cubes) its
        layers (z = 0 first) one after another, separated by an empty line."""
        grid = self.grid
        r0, c0, r1, c1 = grid.bounding_rows_cols(self.cells)
        return "\n\n".join(
            "\n".join("".join("#" if grid.cell_at(z, (r, c)) in self.cells else "." for c in range(c0, c1 + 1))
                      for r in range(r0, r1 + 1))
            for z in sorted({grid.layer(c) for c in self.cells}))

    def orientations(self, one_sided: bool = False) -> tuple[Shape, ...]:
        """Its distinct orientations: rotations, and reflections unless ``one_sided``."""
        return self.grid.orientations(self.cells, proper_only=one_sided)

    def turned(self, turns: Turns) -> tuple[Shape, ...]:
        """Its orientations when it may be turned as ``turns`` says (see :data:`Turns`)."""
        if turns == "fixed":
            return (self.cells,)
        if turns == "face-down":
            up = self.orientations(True)
            return tuple(s for s in self.orientations(False) if s not in up) or up  # no mirror image: as up
        return self.orientations(turns == "face-up")

    def is_mirror_of(self, other: Piece) -> bool:
        """True if turning this piece over gives ``other`` (up to rotation)."""
        return tuple(sorted(other.cells)) in self.grid.mirror_images(self.cells)

    def __repr__(self) -> str:
        return f"Piece.from_ascii({self.name!r}, {self.to_ascii()!r})"


@dataclass(frozen=True)
class PieceCount:
    """A piece and how many copies of it a tiling uses."""

    piece: Piece
    min: int = 1
    """Fewest copies a tiling must use."""
    max: int | None = 1
    """Most copies a tiling may use; None for any number."""
    turns: Turns | None = None
    """How it may be turned (:data:`Turns`); None: as the puzzle's ``one_sided`` says."""

    def how_turned(self, one_sided: bool) -> Turns:
        """How it may be turned in a puzzle whose ``one_sided`` is that."""
        return self.turns if self.turns is not None else "face-up" if one_sided else "free"

    def orientations(self, one_sided: bool) -> tuple[Shape, ...]:
        """Its orientations in a puzzle whose ``one_sided`` is that (see :attr:`turns`)."""
        return self.piece.turned(self.how_turned(one_sided))
