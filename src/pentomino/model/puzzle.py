"""A puzzle: a board, the pieces to place (with numbers of copies), and pieces already placed.

This module holds the puzzle as plain validated data. Solving is delegated to
:mod:`pentomino.search`, imported only when asked, so loading and showing a puzzle stays cheap.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterator, Literal

from pentomino.errors import PuzzleError
from pentomino.geometry import SQUARE, Grid
from pentomino.lazy import lazy
from pentomino.model.piece import Piece
from pentomino.model.solution import Placement
from pentomino.model.validity import puzzle_fault

if TYPE_CHECKING:
    import os

    from pentomino.model.solution import Solution
    from pentomino.model.symmetry import PuzzleSymmetry
    from pentomino.search.estimate import Estimate
    from pentomino.search.results import Check, Count, Proof

SymmetryMode = Literal["full", "rotations", "none"]
"""What a count or a listing is taken up to: the puzzle's whole symmetry group, its rotations, or
nothing (every tiling)."""
CountMethod = Literal["auto", "search", "memo"]
"""How a count is taken: ``"search"`` enumerates the tilings and breaks the symmetry, ``"memo"``
counts the states of the frontier and takes orbits by Burnside's lemma, ``"auto"`` chooses."""
Progress = Callable[[int, int, int, int], None]
"""Called as ``progress(found, nodes, parts_done, parts_known)`` while a search runs."""
SYMMETRY_MODES: tuple[SymmetryMode, ...] = ("full", "rotations", "none")


def symmetry_mode(value: object) -> SymmetryMode:
    """``value`` as a symmetry mode; :class:`PuzzleError` if it is not one."""
    for mode in SYMMETRY_MODES:
        if value == mode:
            return mode
    raise PuzzleError(f"unknown symmetry mode {value!r}: use one of {', '.join(SYMMETRY_MODES)}")


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

    @lazy
    def symmetry_group(self) -> tuple[PuzzleSymmetry, ...]:
        """G: the symmetries of the board that map the pieces placed in advance (and, for
        one-sided pieces, the piece set) onto themselves, identity first; found once. A count
        with ``symmetry="full"`` is taken up to G, with ``"rotations"`` up to its proper part."""
        from pentomino.model.symmetry import symmetry_group

        return symmetry_group(self)

    @lazy
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
    def solutions(self, *, limit: int | None = None, symmetry: SymmetryMode = "full", random: bool = False,
                  seed: int | None = None, jobs: int = 1,
                  progress: Progress | None = None) -> Iterator[Solution]:
        """Solutions, lazily: the first ``limit`` found (None: every one). ``symmetry``:
        ``"full"`` yields one solution per orbit under the puzzle's symmetries, ``"rotations"``
        one per orbit under its rotations, ``"none"`` every tiling. ``random``: search in a
        random order, the same for the same ``seed``.

        ``jobs``: processes for a listing without ``limit``: the parts of the search run on that
        many processes, and their solutions arrive part by part, in no fixed order. With a
        limit the search runs in this process.

        ``progress``, if given, is called as ``progress(found, nodes, parts_done, parts_known)``
        (solutions found, nodes searched): while the search runs, again just before each
        solution is yielded, when the search ends, and when an exception (Ctrl-C) stops it. Its
        last figures are therefore those of the search so far, whenever the caller stops.

        A puzzle with no solution yields none; :meth:`no_solution_proof` and :meth:`check` say why.
        """
        from pentomino.search.solver import Solver

        if limit is not None and limit < 1:
            raise PuzzleError(f"limit must be 1 or more, not {limit}")
        if jobs < 1:
            raise PuzzleError(f"jobs must be 1 or more, not {jobs}")
        solver = Solver(self, symmetry=symmetry, random=random, seed=seed)
        if progress is None:
            return solver.solutions(limit=limit, jobs=jobs)
        parts = [0, 0]  # the latest (parts done, parts known) the search reported

        def tick(found: int, nodes: int, done: int, known: int) -> None:
            parts[:] = done, known
            progress(found, nodes, done, known)

        def report() -> None:
            progress(solver.found, solver.nodes, *parts)

        def reported() -> Iterator[Solution]:
            try:
                for solution in solver.solutions(limit=limit, jobs=jobs, progress=tick):
                    report()
                    yield solution
            except GeneratorExit:  # the caller stopped between solutions: the figures stand
                raise
            except BaseException:
                report()
                raise
            report()

        return reported()

    def solve(self, *, random: bool = False, seed: int | None = None) -> Solution | None:
        """The first solution found, or None if there is none."""
        return next(iter(self.solutions(limit=1, random=random, seed=seed)), None)

    def count(self, symmetry: SymmetryMode = "full", *, max: int | None = None) -> int:
        """The number of solutions: orbits under the symmetry group, or every tiling with ``"none"``.
        0 for a puzzle with no solution (:meth:`count_detail` says why, when it can).

        >>> Puzzle.load("4x15").count()
        368
        """
        return self.count_detail(symmetry, max=max).count

    def no_solution_proof(self) -> Proof | None:
        """A quick proof that the puzzle has no solution, in words, or None when no quick
        argument applies (which proves nothing): the area, a piece that fits nowhere, a cell no
        piece can cover, colourings (a checkerboard, ...), regions the pieces cannot share out.
        Milliseconds for most puzzles; see :mod:`pentomino.search.proofs`.

        >>> print(Puzzle.load("tetrominoes-4x5").no_solution_proof().reason)  # doctest: +ELLIPSIS
        a checkerboard colouring: the board has 10 dark + 10 light cells; ...
        """
        return self._no_solution_proof

    @lazy
    def _no_solution_proof(self) -> Proof | None:
        """:meth:`no_solution_proof`, found once."""
        from pentomino.search.proofs import no_solution_proof

        return no_solution_proof(self)

    def check(self, *, count: bool = False, jobs: int | None = 1, progress: Progress | None = None) -> Check:
        """Can the puzzle be solved, and is its solution unique? The quick proofs of no solution
        first (:meth:`no_solution_proof`), then the search, up to the puzzle's symmetries: it
        stops at the second solution unless ``count``. For a unique puzzle the whole tree is
        searched, and :attr:`Check.nodes` is a rough figure of how hard it is. ``jobs`` and
        ``progress`` as in :meth:`count_detail`.

        >>> c = Puzzle.load("scott-finish").check()
        >>> c.solvable, c.unique, c.solutions
        (True, True, 1)
        """
        import time

        from pentomino.search.results import Check

        start = time.perf_counter()
        proof = self.no_solution_proof()
        if proof is not None:
            return Check(False, proof.reason, 0, True, False, proof.argument, 0,
                         self.symmetry_group_order(), time.perf_counter() - start)
        result = self.count_detail("full", max=None if count else 2, jobs=jobs, progress=progress)
        n = result.count
        reason = argument = None
        if n == 0 and result.reason is not None:  # the packer's placements, short of gaps, prove it
            from pentomino.search.solver import Solver

            packed = Solver(self, counting=True).packed.impossible
            argument, reason = (packed.argument, packed.reason) if packed is not None else ("search", result.reason)
        elif n == 0:
            argument, reason = "search", f"the whole search ({result.nodes:,} nodes) finds no tiling"
        return Check(n > 0, reason, n, result.complete, result.complete and n == 1, argument, result.nodes,
                     result.group_order, time.perf_counter() - start)

    def count_detail(self, symmetry: SymmetryMode = "full", *, max: int | None = None,
                     method: CountMethod = "auto", jobs: int | None = 1,
                     max_memory: int | None = None, progress: Progress | None = None,
                     checkpoint: str | os.PathLike | None = None, scheduler: str | None = None,
                     prove: bool = False) -> Count:
        """:meth:`count` with what the count cost: nodes, seconds, the group's order, every
        symmetry mode's count when one search gave them (:class:`~pentomino.search.results.Count`).

        ``max``: stop once that many solutions are found (then ``complete`` is False and the
        true count is at least ``count``). ``method``: ``"search"`` enumerates the tilings and
        breaks the symmetry; ``"memo"`` counts layer by layer over the states of the frontier
        and takes orbits by Burnside's lemma (for pieces with many copies, see
        :mod:`pentomino.search.memo`); ``"auto"`` (default) takes memo where states repeat, see
        :meth:`counting_method`. ``jobs``: processes (None: one while the count is quick, every
        core once it proves long). ``max_memory``: bytes the memo method's tables of states may
        take in each process (default: what the machine has free; a count that needs more
        raises :class:`~pentomino.errors.CountTooLarge`).

        ``progress``, if given, is called as ``progress(found, nodes, parts_done, parts_known)``
        as the count goes (after each part of the search; the memo method, with ``found`` 0,
        after each slice of its layers). Its last figures are what was counted when Ctrl-C
        stops the count (KeyboardInterrupt passes through; a memoised count has no partial total).

        ``checkpoint``: a file that records each finished part of the count, to go on from if
        the count is stopped (started if it does not exist, resumed if it does; see
        :mod:`pentomino.search.checkpoint`). ``scheduler``: the address of a Dask scheduler
        (``"tcp://host:8786"``) whose workers search the parts, or ``"local"`` for a cluster of
        ``jobs`` worker processes on this machine (see :mod:`pentomino.search.cluster`). Both
        enumerate the whole search: no ``max``, ``max_memory`` or memo method.

        A puzzle with no solution counts 0, and :attr:`Count.reason` says why when a proof does:
        the packing of the puzzle proves the area and placement arguments for free; ``prove``
        tries the other quick proofs first too (:meth:`no_solution_proof`: milliseconds, a tenth
        of a second or so on large puzzles), so that a count they settle takes no search (and writes no checkpoint).
        """
        from pentomino.search.solver import Solver

        self._check_count_arguments(max=max, method=method, max_memory=max_memory, checkpoint=checkpoint,
                                    scheduler=scheduler)
        if prove:
            proved = self._proved_count(symmetry)
            if proved is not None:
                return proved
        solver = Solver(self, symmetry=symmetry, counting=True)  # packed: the free proofs are tried here
        runner = None
        if scheduler is not None:
            from pentomino.search.cluster import LOCAL, dask_runner

            runner = dask_runner(scheduler, workers=jobs if scheduler == LOCAL else None)
        if checkpoint is not None:
            from pentomino.search.checkpoint import count_with_checkpoint

            result = count_with_checkpoint(self, checkpoint, symmetry, jobs=jobs, progress=progress, runner=runner)
        else:
            result = solver.count(max=max, jobs=jobs, progress=progress, method=method, max_memory=max_memory,
                                  runner=runner)
        return result

    def _proved_count(self, symmetry: SymmetryMode) -> Count | None:
        """The count 0 with its reason, when :meth:`no_solution_proof` finds one."""
        import time

        from pentomino.search.results import Count

        start = time.perf_counter()
        proof = self.no_solution_proof()
        if proof is None:
            return None
        return Count(0, symmetry, self.symmetry_group_order(symmetry), 0, time.perf_counter() - start,
                     by_mode=dict.fromkeys(SYMMETRY_MODES, 0), method="proof", reason=proof.reason)

    def counting_method(self, symmetry: SymmetryMode = "full", *, max: int | None = None,
                        method: CountMethod = "auto",
                        checkpoint: str | os.PathLike | None = None,
                        scheduler: str | None = None) -> Literal["search", "memo"]:
        """The method :meth:`count_detail` takes with these arguments: ``"memo"`` or
        ``"search"``. ``"auto"`` takes memo for a whole count in this process (no ``max``,
        checkpoint or scheduler) where states repeat: a piece has copies, or no piece breaks the
        symmetry. It packs the puzzle for the search (milliseconds, a few tenths of a second for
        large ones) and raises what :meth:`count_detail` would for a puzzle it cannot take."""
        from pentomino.search.solver import Solver

        self._check_count_arguments(max=max, method=method, max_memory=None, checkpoint=checkpoint,
                                    scheduler=scheduler)
        solver = Solver(self, symmetry=symmetry, counting=True)
        if checkpoint is not None or scheduler is not None:
            return "search"
        return "memo" if solver.counting_method(method, max) == "memo" else "search"

    @staticmethod
    def _check_count_arguments(*, max: int | None, method: str, max_memory: int | None,
                               checkpoint: str | os.PathLike | None, scheduler: str | None) -> None:
        """:class:`PuzzleError` for arguments of :meth:`count_detail` that do not go together."""
        if method not in ("auto", "search", "memo"):
            raise PuzzleError(f"unknown counting method {method!r}: use auto, search or memo")
        whole = {"checkpoint": (checkpoint, "a checkpoint records a whole count", "a checkpointed count"),
                 "scheduler": (scheduler, "a cluster counts the whole search", "a cluster")}
        for name, (given, why, who) in whole.items():
            if given is None:
                continue
            if max is not None:
                raise PuzzleError(f"max and {name} do not go together: {why}")
            if max_memory is not None:
                raise PuzzleError(f"max_memory and {name} do not go together: {who} enumerates, "
                                  "it keeps no tables of states")
            if method == "memo":
                raise PuzzleError(f"the memo method and {name} do not go together: {who} enumerates")

    def placement_count(self, symmetry: SymmetryMode = "full") -> int:
        """How many placements :meth:`solutions` in mode ``symmetry`` chooses from: every way to
        put a piece on the board, less those that leave a region no piece can fill and, for a
        piece that every symmetry of the mode's group maps to itself, all but one of each of
        its orbits. (A count's is :attr:`Count.placements`: it breaks the whole group.)"""
        from pentomino.search.solver import Solver

        return len(Solver(self, symmetry=symmetry).placements)

    def estimate(self, *, samples: int | None = None, seed: int | None = None) -> Estimate:
        """What :meth:`count_detail` would find and cost (nodes, solutions in every mode,
        seconds on one core here), each with a 95% interval, from ``samples`` random probes of
        the search tree: seconds, where the count may take years. The same ``seed`` gives the
        same estimate. See :mod:`pentomino.search.estimate`."""
        from pentomino.search.estimate import DEFAULT_SAMPLES, estimate

        return estimate(self, DEFAULT_SAMPLES if samples is None else samples, seed)

    def symmetry_group_order(self, symmetry: SymmetryMode = "full") -> int:
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
