"""pentomino: solve, count and draw polyomino tiling puzzles.

>>> from pentomino import Puzzle
>>> Puzzle.load("6x10").count()
2339
"""

from pentomino.errors import (CheckpointError, ClusterError, CountTooLarge, InternalError, PentominoError,
                              PuzzleError)
from pentomino.model.piece import Piece
from pentomino.model.puzzle import PieceCount, Puzzle
from pentomino.model.solution import Placement, Solution
from pentomino.search.results import Check, Count, Proof

__all__ = ["Puzzle", "Piece", "PieceCount", "Placement", "Solution", "Count", "Check", "Proof", "PentominoError",
           "PuzzleError",
           "CheckpointError", "CountTooLarge", "ClusterError", "InternalError"]
__version__ = "0.1.0"
