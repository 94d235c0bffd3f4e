"""The package's exceptions: one hierarchy, each message one line for the user.

Every error pentomino raises on purpose is a :class:`PentominoError`; catch that to catch
them all. The command line prints its message and exits with status 2.

* :class:`PuzzleError` (also a ``ValueError``): bad input, a puzzle, a file or an argument.
  The message says where (file, line), what is wrong and how to fix it.

  * :class:`CheckpointError`: a checkpoint file that cannot be used as asked.

* :class:`CountTooLarge` (also a ``MemoryError``): a memoised count would need more memory
  than it may take.
* :class:`ClusterError` (also a ``ConnectionError``): no Dask, or no scheduler to reach.
* :class:`InternalError` (also a ``RuntimeError``): a check inside pentomino failed: a bug,
  never the input's fault.

>>> from pentomino import Puzzle, PentominoError
>>> try:
...     Puzzle.load("7x9")
... except PentominoError as error:
...     print(type(error).__name__, isinstance(error, ValueError))
...     print(error)
PuzzleError True
7x9 has 63 cells, but the 12 pentominoes cover 60: use 6x10, 5x12, 4x15, 3x20 (or their transposes), or a puzzle file
"""

from __future__ import annotations


class PentominoError(Exception):
    """Base of every error pentomino raises on purpose."""


class PuzzleError(PentominoError, ValueError):
    """Bad input: the message says where (file, line), what is wrong, and how to fix it."""


class CheckpointError(PuzzleError):
    """A checkpoint file that is missing, damaged, locked, or of another puzzle or version."""


class CountTooLarge(PentominoError, MemoryError):
    """A memoised count's tables of states would need more memory than allowed."""


class ClusterError(PentominoError, ConnectionError):
    """Dask is not installed, or its scheduler cannot be reached."""


class InternalError(PentominoError, RuntimeError):
    """A check of pentomino's own work failed: a bug to report, not a fault of the input."""
