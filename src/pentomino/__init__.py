"""pentomino: solve, count and draw polyomino tiling puzzles.

>>> from pentomino import Puzzle
>>> Puzzle.load("6x10").count()
2339
"""

from pentomino.errors import PuzzleError
from pentomino.model.piece import Piece
from pentomino.model.puzzle import PieceCount, Placement, Puzzle

__all__ = ["Puzzle", "Piece", "PieceCount", "Placement", "PuzzleError", "Solution", "Count"]
__version__ = "0.1.0"


def __getattr__(name):
    # Solution and Count live with the search; import it only when they are asked for.
    if name in ("Solution", "Count"):
        from pentomino.search import solver

        return getattr(solver, name)
    raise AttributeError(name)
