"""A puzzle: a board, the pieces to place (with numbers of copies), and pieces already placed.

This module holds the puzzle as plain validated data. Solving is delegated to
:mod:`pentomino.search`, imported only when asked, so loading and showing a puzzle stays cheap.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterator, Literal

from pentomino.errors import PuzzleError
from pentomino.geometry import SQUARE, Grid
from pentomino.model.piece import Piece
from pentomino.model.solution import Placement

if TYPE_CHECKING:
    import os

    from pentomino.search.estimate import Estimate
    from pentomino.model.solution import Solution
    from pentomino.search.results import Count

SymmetryMode = Literal["full", "rotations", "none"]
"""What a count or a listing is taken up to: the puzzle's whole symmetry group, its rotations, or
nothing (every tiling)."""
SYMMETRY_MODES: tuple[SymmetryMode, ...] = ("full", "rotations", "none")


@dataclass(frozen=True)
class PieceCount:
    """A piece and how many copies of it a tiling uses."""

    piece: Piece
    min: int = 1
    """Fewest copies a tiling must use."""
    max: int | None = 1
    """Most copies a tiling may use; None for any number."""


@dataclass(frozen=True)
class Puzzle:
    """A tiling puzzle. Build one with :meth:`load`, :meth:`from_toml` or directly."""

    board: frozenset
    """Every cell of the board, including those already covered by ``preplaced``."""
    pieces: tuple[PieceCount, ...]
    """The pieces and their numbers of copies (pre-placed copies included)."""
    preplaced: tuple[Placement, ...] = ()
    """Pieces already on the board."""
    one_sided: bool = False
    """True if pieces may only be rotated, not turned over."""
    name: str = ""
    grid: Grid = field(default=SQUARE, compare=False)

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def load(cls, name_or_path: str) -> Puzzle:
        """A built-in puzzle by name (``"6x10"``, ``"8x8"``, ...) or a puzzle file (TOML)."""
        from pentomino.model.library import load_puzzle

        return load_puzzle(name_or_path)

    @classmethod
    def from_toml(cls, text: str, source: str = "<string>") -> Puzzle:
        """A puzzle from the text of a puzzle file."""
        from pentomino.model.fileformat import parse_puzzle

        return parse_puzzle(text, source)

    def to_toml(self) -> str:
        """The text of a puzzle file that :meth:`from_toml` reads back to an equal puzzle.

        >>> p = Puzzle.load("scott-finish")
        >>> Puzzle.from_toml(p.to_toml()) == p
        True
        """
        from pentomino.model.fileformat import write_puzzle

        return write_puzzle(self)

    def __reduce__(self):
        """Pickled as the text of its puzzle file (a grid keeps functions, which do not pickle),
        read back once per process however many tasks carry it."""
        return (_from_pickled_text, (self.to_toml(),))

    def __post_init__(self) -> None:
        names = [pc.piece.name for pc in self.pieces]
        for n in names:
            if not isinstance(n, str) or not n or n in (".", "#") or any(ch.isspace() for ch in n):
                raise PuzzleError(f"piece name {n!r} cannot name a piece: use letters or digits, "
                                  "not '.', '#' or spaces")
        if len(set(names)) != len(names):
            dup = sorted({n for n in names if names.count(n) > 1})
            raise PuzzleError(f"piece {dup[0]!r} is listed twice: give each piece one entry")
        if not self.board:
            raise PuzzleError("the board has no cells: draw cells to fill with '.'")
        by_name = {pc.piece.name: pc for pc in self.pieces}
        covered: set = set()
        used: dict[str, int] = {}
        for pl in self.preplaced:
            pc = by_name.get(pl.piece)
            if pc is None:
                raise PuzzleError(f"pre-placed piece {pl.piece!r} is not among the puzzle's pieces")
            cells = frozenset(pl.cells)
            if not cells <= self.board:
                raise PuzzleError(f"pre-placed piece {pl.piece} lies partly off the board")
            if cells & covered:
                raise PuzzleError(f"pre-placed piece {pl.piece} overlaps another pre-placed piece")
            if self.grid.normalize(cells) not in pc.piece.orientations(self.one_sided):
                raise PuzzleError(
                    f"the cells marked {pl.piece!r} do not form the piece {pl.piece} "
                    f"({len(cells)} cells; the piece is {pc.piece.to_ascii().replace(chr(10), '/')}, "
                    "rows separated by '/')")
            covered |= cells
            used[pl.piece] = used.get(pl.piece, 0) + 1
        for pc in self.pieces:
            if pc.min < 0 or (pc.max is not None and pc.max < pc.min):
                raise PuzzleError(f"copies of {pc.piece.name}: need 0 <= min <= max, got [{pc.min}, {pc.max}]")
            if pc.max is not None and used.get(pc.piece.name, 0) > pc.max:
                raise PuzzleError(f"piece {pc.piece.name} is pre-placed {used[pc.piece.name]} times "
                                  f"but only {pc.max} copies are allowed")
        area = len(self.board)
        low = sum(pc.min * pc.piece.size for pc in self.pieces)
        if all(pc.max is not None for pc in self.pieces):
            high = sum(pc.max * pc.piece.size for pc in self.pieces)
        else:
            high = None
        if low == high and low != area:
            raise PuzzleError(f"area mismatch: the board has {area} cells but the pieces cover {low}; "
                              "add or remove board cells or pieces")
        if low > area:
            raise PuzzleError(f"area mismatch: the board has {area} cells but the pieces must cover at least {low}")
        if high is not None and high < area:
            raise PuzzleError(f"area mismatch: the board has {area} cells but the pieces cover at most {high}")

    # -- facts ------------------------------------------------------------------------------
    @property
    def area(self) -> int:
        return len(self.board)

    @functools.cached_property
    def fingerprint(self) -> str:
        """A short stable identity of what is to be solved (board, pieces, copies, pre-placed
        pieces, one-sidedness; not the name): the same in every process and every run."""
        import hashlib
        import json

        data = {
            "grid": self.grid.name,
            "board": sorted(self.board),
            "pieces": sorted((pc.piece.name, sorted(pc.piece.cells), pc.min, pc.max) for pc in self.pieces),
            "preplaced": sorted((p.piece, list(p.cells)) for p in self.preplaced),
            "one_sided": self.one_sided,
        }
        return hashlib.sha256(json.dumps(data, separators=(",", ":")).encode()).hexdigest()[:16]

    def piece(self, name: str) -> Piece:
        for pc in self.pieces:
            if pc.piece.name == name:
                return pc.piece
        raise KeyError(name)

    # -- solving (delegated to the search layer) -------------------------------------------
    def solutions(self, *, limit: int | None = None, symmetry: str = "full",
                  random: bool = False, seed: int | None = None) -> Iterator[Solution]:
        """Solutions, lazily. ``symmetry="full"`` yields one per orbit under the puzzle's symmetries."""
        from pentomino.search.solver import Solver

        return Solver(self, symmetry=symmetry, random=random, seed=seed).solutions(limit=limit)

    def solve(self, *, random: bool = False, seed: int | None = None) -> Solution | None:
        """The first solution found, or None if there is none."""
        return next(iter(self.solutions(limit=1, random=random, seed=seed)), None)

    def count(self, symmetry: str = "full", *, max: int | None = None) -> int:
        """The number of solutions: orbits under the symmetry group, or every tiling with ``"none"``."""
        return self.count_detail(symmetry, max=max).count

    def count_detail(self, symmetry: str = "full", *, max: int | None = None, jobs: int | None = 1,
                     checkpoint: str | os.PathLike | None = None, scheduler: str | None = None) -> Count:
        """:meth:`count` with the search statistics (nodes, seconds, group order).

        ``jobs``: processes (None: every core once the count proves long).
        ``checkpoint``: a file that records each finished part of the count, to go on from
        if the count is stopped (started if it does not exist, resumed if it does; see
        :mod:`pentomino.search.checkpoint`). ``scheduler``: the address of a Dask scheduler
        (``"tcp://host:8786"``) whose workers search the parts, or ``"local"`` for a cluster of
        ``jobs`` worker processes on this machine (see :mod:`pentomino.search.cluster`)."""
        runner = None
        if scheduler is not None:
            from pentomino.search.cluster import LOCAL, dask_runner

            runner = dask_runner(scheduler, workers=jobs if scheduler == LOCAL else None)
        if checkpoint is not None:
            if max is not None:
                raise PuzzleError("max and checkpoint do not go together: a checkpoint records a whole count")
            from pentomino.search.checkpoint import count_with_checkpoint

            return count_with_checkpoint(self, checkpoint, symmetry, jobs=jobs, runner=runner)
        from pentomino.search.solver import Solver

        return Solver(self, symmetry=symmetry, counting=True).count(max=max, jobs=jobs, runner=runner)

    def estimate(self, *, samples: int | None = None, seed: int | None = None) -> Estimate:
        """What :meth:`count_detail` would find and cost (nodes, solutions in every mode,
        seconds on one core here), each with a 95% interval, from ``samples`` random probes of
        the search tree: seconds, where the count may take years. The same ``seed`` gives the
        same estimate. See :mod:`pentomino.search.estimate`."""
        from pentomino.search.estimate import DEFAULT_SAMPLES, estimate

        return estimate(self, DEFAULT_SAMPLES if samples is None else samples, seed)

    def symmetry_group_order(self, symmetry: str = "full") -> int:
        """The order of the group a count in mode ``symmetry`` is taken up to (1 for ``"none"``),
        as in :attr:`Count.group_order`."""
        if symmetry not in SYMMETRY_MODES:
            raise PuzzleError(f"unknown symmetry mode {symmetry!r}: use one of {', '.join(SYMMETRY_MODES)}")
        if symmetry == "none":
            return 1
        from pentomino.model.symmetry import puzzle_symmetries

        return len(puzzle_symmetries(self, rotations_only=symmetry == "rotations"))

    def __str__(self) -> str:
        return self.name or "puzzle"


@functools.lru_cache(maxsize=8)
def _from_pickled_text(text: str) -> Puzzle:
    return Puzzle.from_toml(text, "<a pickled puzzle>")
