"""A piece: a named, connected set of cells on a grid; and a piece with its numbers of copies."""

from __future__ import annotations

from dataclasses import dataclass, field

from pentomino.errors import PuzzleError
from pentomino.geometry import SQUARE, Grid, Shape


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
