"""One piece put down: a :class:`Placement`, and a tiling as a set of them.

A plain value, named in the puzzle's own words (a piece's name and board cells), so that it
means the same in every process and every version; the search's numbers for placements stay
inside the search.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pentomino.geometry import Cell


@dataclass(frozen=True, order=True)
class Placement:
    """One piece put on the board: its name and the cells it covers."""

    piece: str
    """The name of the piece."""
    cells: tuple[Cell, ...]
    """The covered cells, sorted."""

    @classmethod
    def of(cls, piece: str, cells: Iterable[Cell]) -> Placement:
        return cls(piece, tuple(sorted(cells)))

    def to_json(self) -> dict[str, Any]:
        return {"piece": self.piece, "cells": [list(c) for c in self.cells]}


Tiling = frozenset[tuple[str, tuple[Cell, ...]]]
"""A tiling as a set of (piece, sorted cells): equal for equal tilings, whatever the order of
its placements."""


def tiling(placements: Iterable[Placement]) -> Tiling:
    """``placements`` as a :data:`Tiling`."""
    return frozenset((p.piece, tuple(sorted(p.cells))) for p in placements)
