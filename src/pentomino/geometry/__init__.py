"""Grids and their symmetries: cells, neighbours, rotations and reflections.

Nothing here knows about pieces sets, puzzles or search; a grid implements :class:`Grid` and
the rest of the package works on it unchanged. ``GRIDS`` names them: square, triangle,
hexagon (doubled coordinates) and cube.
"""

from pentomino.geometry.cube import CUBE, CubeGrid
from pentomino.geometry.grid import Cell, Grid, Symmetry
from pentomino.geometry.hexagon import HEXAGON, HexagonGrid
from pentomino.geometry.square import SQUARE, SquareGrid
from pentomino.geometry.triangle import TRIANGLE, TriangleGrid

GRIDS: dict[str, Grid] = {g.name: g for g in (SQUARE, TRIANGLE, HEXAGON, CUBE)}

__all__ = ["Cell", "Grid", "Symmetry", "GRIDS", "SquareGrid", "SQUARE", "TriangleGrid", "TRIANGLE",
           "HexagonGrid", "HEXAGON", "CubeGrid", "CUBE"]
