"""A tiling and its parts: a :class:`Placement` is one piece on the board, a :class:`Solution`
every placement of one tiling. Plain values: no search is needed to build, compare or draw them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pentomino.model.puzzle import Puzzle


@dataclass(frozen=True, order=True)
class Placement:
    """One piece put on the board: its name and the cells it covers."""

    piece: str
    """The name of the piece."""
    cells: tuple
    """The covered cells, sorted."""

    @classmethod
    def of(cls, piece: str, cells) -> Placement:
        return cls(piece, tuple(sorted(cells)))

    def to_json(self) -> dict:
        return {"piece": self.piece, "cells": [list(c) for c in self.cells]}



@dataclass(frozen=True)
class Solution:
    """One tiling: every placement, the pre-placed pieces included."""

    puzzle: Puzzle = field(repr=False, compare=False)
    placements: tuple[Placement, ...]
    """The placements, sorted by piece name then cells."""
    order: tuple[int, ...] = field(default=(), compare=False)
    """Indices into ``placements`` in the order the search put them down (pre-placed pieces
    first); empty if not known."""

    @property
    def in_search_order(self) -> tuple[Placement, ...]:
        """The placements in the order the search put them down (sorted if that is not known)."""
        return tuple(self.placements[i] for i in self.order) if self.order else self.placements

    def to_text(self) -> str:
        from pentomino.render.text import render_text

        return render_text(self.puzzle, self.placements)

    def to_svg(self, **options) -> str:
        from pentomino.render.svg import render_svg

        return render_svg(self.puzzle, self.placements, **options)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def to_json(self) -> dict:
        return {"placements": [p.to_json() for p in self.placements]}

    def __str__(self) -> str:
        return self.to_text()
