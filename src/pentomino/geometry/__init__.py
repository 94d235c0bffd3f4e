"""Grids and their symmetries: cells, neighbours, rotations and reflections.

Nothing here knows about pieces sets, puzzles or search; a grid implements :class:`Grid` and
the rest of the package works on it unchanged. ``GRIDS`` names them: square, triangle,
hexagon (doubled coordinates) and cube.

A grid is one module: whatever differs from grid to grid is a method or an attribute of the
grid (:mod:`pentomino.geometry.grid` lists them), and no other module asks which grid it has.
"""

from pentomino.geometry.cube import CUBE, CubeGrid
from pentomino.geometry.grid import Cell, Coloring, Face, Grid, Point, Symmetry, View
from pentomino.geometry.hexagon import HEXAGON, HexagonGrid
from pentomino.geometry.plane import PlaneGrid
from pentomino.geometry.square import SQUARE, SquareGrid
from pentomino.geometry.triangle import TRIANGLE, TriangleGrid

GRIDS: dict[str, Grid] = {g.name: g for g in (SQUARE, TRIANGLE, HEXAGON, CUBE)}

DEFAULT_GRID: Grid = SQUARE
"""The grid of a puzzle file that names none; a piece set's description names any other."""

__all__ = ["Cell", "Coloring", "Face", "Grid", "Point", "Symmetry", "View", "GRIDS", "DEFAULT_GRID", "PlaneGrid",
           "SquareGrid", "SQUARE", "TriangleGrid", "TRIANGLE", "HexagonGrid", "HEXAGON", "CubeGrid", "CUBE"]
