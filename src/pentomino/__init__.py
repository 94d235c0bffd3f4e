"""pentomino: solve, count and draw polyform tiling puzzles.

>>> from pentomino import Puzzle
>>> Puzzle.load("6x10").count()
2339

The layers, each importing only those before it (``tests/test_layers.py`` checks it):

1. :mod:`~pentomino.geometry`: grids (cells, neighbours, symmetries, how cells are drawn);
2. :mod:`~pentomino.model`: values: pieces, piece sets, puzzles, solutions, the file format, the
   verbs' options and results;
3. :mod:`~pentomino.search`: packing, the compiled kernels, parts, runners (a process pool, Dask),
   estimates, proofs of no solution, checkpoints;
4. :mod:`~pentomino.api`: the verbs (solve, count, check, estimate, resume), where a user finds
   them; a :class:`Puzzle`'s methods call them;
5. :mod:`~pentomino.render`: text, color and SVG pictures;
6. :mod:`~pentomino.cli` and :mod:`~pentomino.web`: the command line and the page.

:mod:`~pentomino.errors`, :mod:`~pentomino.tuning` and :mod:`~pentomino.lazy` serve every layer.

Kept as they are, on purpose: every tunable number in :mod:`~pentomino.tuning`, each with its
reason; one hierarchy of errors, each a line for the user (:mod:`~pentomino.errors`); the
kernel's resumable design, told in :mod:`~pentomino.search.kernel`'s docstring with what was
tried and did not pay; the tree of parts, a property of the puzzle alone, and
:data:`~pentomino.search.parts.TREE_VERSION`; the test oracles (``tests/naive.py``,
``tests/checker.py``, the Hypothesis tests) and the README's examples, which the tests run; the
server's protections (:mod:`~pentomino.web.guard`, :mod:`~pentomino.web.settings`).

Words, one for each thing:

board, cell
    The cells to fill; a cell is a tuple of ints of its grid.
piece, copies
    A named shape (:class:`Piece`), used between a fewest and a most number of times
    (:class:`PieceCount`).
orientation
    One way a piece lies on its grid: one of its distinct rotations (and, unless one-sided,
    reflections), normalised.
placement
    One piece put down on certain cells (:class:`Placement`); a tiling is a set of placements
    that covers the board once; a solution (:class:`Solution`) is a tiling of a puzzle.
symmetry group, symmetry mode
    A puzzle's symmetry group G is the symmetries of its grid that map the puzzle onto itself;
    a count or listing is taken up to a *symmetry mode*: ``full`` (G), ``rotations`` (its
    rotations) or ``none`` (every tiling).
node
    A placement the search puts down (a dead end included): the measure of a search's work.
part
    An independent subtree of a search, named by the placements forced at its top
    (:class:`~pentomino.search.results.Part`): a count is a tree of parts, searched anywhere and
    added up.
job, process
    ``jobs`` (``--jobs``) is always a number of processes that search at once.
task
    On the page, a search the server runs for a request (a count, a watch, a play position's
    ways to finish): started, streamed and cancelled as one (:mod:`pentomino.web.tasks`).
color
    Colors of pictures and the colorings of the proofs of no solution: spelled ``color``.
"""

from pentomino import api, render  # noqa: F401 - they lend a puzzle its verbs and a solution its pictures
from pentomino.errors import (
    CheckpointError,
    ClusterError,
    CountTooLarge,
    InternalError,
    OptionError,
    PentominoError,
    PuzzleError,
)
from pentomino.model.piece import Piece, PieceCount
from pentomino.model.placement import Placement
from pentomino.model.puzzle import Puzzle, Solution
from pentomino.model.results import Check, Count, Estimate, Interval, Proof
from pentomino.version import __version__

__all__ = ["Puzzle", "Piece", "PieceCount", "Placement", "Solution", "Count", "Check", "Proof", "Estimate",
           "Interval", "PentominoError", "PuzzleError", "OptionError", "CheckpointError", "CountTooLarge",
           "ClusterError", "InternalError", "__version__", "api"]
