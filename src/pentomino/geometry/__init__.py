"""Grids and their symmetries: cells, neighbours, rotations and reflections.

Nothing here knows about pieces sets, puzzles or search; a new grid (triangles, hexagons,
cubes) implements :class:`Grid` and the rest of the package works on it unchanged.
"""

from pentomino.geometry.grid import Cell, Grid, Symmetry
from pentomino.geometry.square import SQUARE, SquareGrid

__all__ = ["Cell", "Grid", "Symmetry", "SquareGrid", "SQUARE"]
