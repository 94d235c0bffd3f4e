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
from pentomino.model.validity import puzzle_fault

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
    def load(cls, name_or_path: str | os.PathLike[str]) -> Puzzle:
        """A built-in puzzle by name (``"6x10"``, ``"8x8"``, ...) or a puzzle file (TOML); a
        path object is always read as a file."""
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
        fault = puzzle_fault(self.board, self.pieces, self.preplaced, self.one_sided, self.grid)
        if fault is not None:
            raise PuzzleError(fault.message)

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
        """The puzzle's piece called ``name``; :class:`PuzzleError` if it has none.

        >>> Puzzle.load("6x10").piece("X").size
        5
        """
        for pc in self.pieces:
            if pc.piece.name == name:
                return pc.piece
        raise PuzzleError(_no_such_piece(name, [pc.piece.name for pc in self.pieces]))

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


def _no_such_piece(name: str, names: list[str]) -> str:
    """The message for a piece name the puzzle does not have."""
    from pentomino.model.fileformat import suggest

    shown = " ".join(names) if len(names) <= 20 else f"{names[0]} .. {names[-1]}"
    return f"{name!r} is not one of the puzzle's pieces{suggest(name, names)}; its pieces are {shown}"
