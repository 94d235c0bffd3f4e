"""What the verbs answer, as plain values: a count (of one puzzle, or of each opening of a
labelled board), a check, a proof of no solution, an estimate.

Each has ``to_json()``, the one place its JSON is built: ``pentomino count --json`` prints
:meth:`Count.to_json`, and the page shows the same object.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pentomino.model.symmetry import SymmetryMode

Method = Literal["search", "memo", "proof"]
"""How a count was taken: the enumerating search, the memoised count, or a quick proof that
there is nothing to count."""


@dataclass(frozen=True)
class Count:
    """The result of a count, with what it cost."""

    count: int
    symmetry: SymmetryMode
    group_order: int
    nodes: int
    seconds: float
    complete: bool = True
    """False if the count stopped at ``max`` (then the true count is at least ``count``)."""
    by_mode: dict[str, int] = field(default_factory=dict)
    """Every count the same search gave: ``{"full": .., "rotations": .., "none": ..}`` when
    the search broke the full group, else just the requested mode's."""
    jobs: int = 1
    """Processes (or cluster worker threads) that searched."""
    parts: int = 1
    """Parts the count was searched in (see :mod:`pentomino.search.parts`); for the memoised
    count, the terms of Burnside's lemma."""
    method: Method = "search"
    """``"search"``: the enumerating kernel, orbits by symmetry breaking; ``"memo"``: covers
    counted layer by layer over the states of the frontier, orbits by Burnside's lemma;
    ``"proof"``: no search, a quick proof of no solution (``reason``)."""
    table_states: int = 0
    """``"memo"``: the most states one layer held (in any process)."""
    table_bytes: int = 0
    """``"memo"``: the peak memory of one process's tables of states, in bytes."""
    placements: int = 0
    """The placements the search chose from: every way to put a piece on the board, less those
    that leave a region no piece can fill and, for a piece every symmetry maps to itself, all
    but one of each orbit (0 if not reported). Not part of :meth:`to_json`."""
    reason: str | None = None
    """Why there is no solution, in words, when a proof says so (see
    :mod:`pentomino.search.proofs`): the count is then 0 whatever the search. None otherwise,
    also for a count of 0 that only the search found."""
    argument: str | None = None
    """The argument of that proof (see :class:`Proof`), with ``reason``. Not part of :meth:`to_json`."""

    def to_json(self, puzzle: str | None = None) -> dict[str, Any]:
        """The count as ``pentomino count --json`` prints it (``puzzle``: the name it gives the
        puzzle, first, if given)."""
        named = {} if puzzle is None else {"puzzle": puzzle}
        return {**named, "count": self.count, "symmetry": self.symmetry, "group_order": self.group_order,
                "nodes": self.nodes, "seconds": round(self.seconds, 6), "complete": self.complete,
                "jobs": self.jobs, "parts": self.parts, "method": self.method, "reason": self.reason}


@dataclass(frozen=True)
class OpeningCount:
    """One row of a count of many openings of a labelled board (``count --each-date``): the
    labels left open and the count of that puzzle, in the mode asked."""

    opened: tuple[str, ...]
    count: int
    nodes: int
    group_order: int = 1
    """The order of the group this opening's count is taken up to."""
    reason: str | None = None
    """Why there is no solution, when a quick proof says so (the area, say)."""
    date: str | None = None
    """The date these labels stand for (YYYY-MM-DD), when the openings are dates."""

    def to_json(self) -> dict[str, Any]:
        dated = {} if self.date is None else {"date": self.date}
        return {**dated, "open": list(self.opened), "count": self.count, "nodes": self.nodes,
                "group_order": self.group_order, "reason": self.reason}


@dataclass(frozen=True)
class Proof:
    """Why a puzzle has no solution: ``argument`` (``"area"``, ``"fits-nowhere"``,
    ``"uncovered-cell"``, ``"coloring"`` or ``"regions"``) and ``reason``, the proof in words."""

    argument: str
    reason: str
    cells: tuple[tuple[int, ...], ...] = ()
    """The cells the proof names, to be shown on the board (the cell no piece can cover), if any."""


@dataclass(frozen=True)
class Check:
    """What :meth:`~pentomino.model.puzzle.Puzzle.check` finds: can the puzzle be solved, why
    not, and is its solution unique."""

    solvable: bool
    reason: str | None
    """Why there is no solution, in words: a quick proof's, or the exhausted search's. None
    when there is a solution."""
    solutions: int
    """Solutions up to the puzzle's symmetries: all of them if ``complete``, else at least this
    many (the check stops at 2 unless asked to count)."""
    complete: bool
    unique: bool
    """True if the puzzle has exactly one solution up to its symmetries."""
    argument: str | None = None
    """The quick proof's argument (see :class:`Proof`), ``"search"`` when only the whole
    search found no solution, None when there is one."""
    nodes: int = 0
    """Nodes the search took (0 when a quick proof settled it). For a unique puzzle the whole
    tree was searched: a rough figure of how hard it is."""
    group_order: int = 1
    """The order of the symmetry group ``solutions`` is taken up to."""
    seconds: float = 0.0

    def to_json(self, puzzle: str | None = None) -> dict[str, Any]:
        """The check as ``pentomino check --json`` prints it (``puzzle`` first, if given)."""
        named = {} if puzzle is None else {"puzzle": puzzle}
        return {**named, "solvable": self.solvable, "reason": self.reason, "solutions": self.solutions,
                "unique": self.unique, "complete": self.complete, "argument": self.argument,
                "nodes": self.nodes, "group_order": self.group_order, "seconds": round(self.seconds, 6)}


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% interval (low = high = estimate when it is exact)."""

    estimate: float
    """The point estimate (unbiased)."""
    low: float
    """The lower end of the 95% interval."""
    high: float
    """The upper end."""

    def to_json(self) -> dict[str, float]:
        return {"estimate": self.estimate, "low": self.low, "high": self.high}

    def __contains__(self, value: float) -> bool:
        return self.low <= value <= self.high


@dataclass(frozen=True)
class Estimate:
    """What a count of a puzzle would find and cost, from random probes of its search tree
    (see :mod:`pentomino.search.estimate`)."""

    nodes: Interval
    """Nodes of the counting search (as ``Count.nodes``)."""
    full: Interval
    """Solutions up to the puzzle's symmetries."""
    rotations: Interval
    """Solutions up to its rotations."""
    none: Interval
    """Every tiling."""
    seconds: Interval
    """Time of the enumerating search's count on one core of this machine."""
    samples: int
    """Probes taken (0 if the search finished while measuring the machine's speed)."""
    exact: bool = False
    """True if the search finished while measuring the speed: the figures are the counts."""
    method: Literal["search", "memo"] = "search"
    """The method ``count`` takes (see :func:`pentomino.api.estimate`'s ``method``): when it is
    ``"memo"``, the count's time is :attr:`memo_seconds`, not :attr:`seconds`."""
    memo_seconds: float | None = None
    """The memoised count's time on one core of this machine: measured when its trial counted
    the whole puzzle (:attr:`memo_exact`), else predicted from the layers the trial counted
    (:mod:`pentomino.search.choice`); None when it was not tried (the search's trial finished
    the count first, or the search was asked for)."""
    memo_exact: bool = False
    """True if :attr:`memo_seconds` is the time a memoised count of the whole puzzle took."""
    memo_at_least: bool = False
    """True if :attr:`memo_seconds` is the least the memoised count takes (its layers counted so
    far priced the rest too high for it already; they may grow on)."""
    reason: str | None = None
    """Why the puzzle has no solution, when a quick proof says so (then every figure is an
    exact 0: ``count`` searches nothing either); None otherwise."""

    @property
    def memo(self) -> bool:
        """True if ``count`` takes the memoised method (then its time is :attr:`memo_seconds`)."""
        return self.method == "memo"

    @property
    def solutions(self) -> dict[str, Interval]:
        """The three solution counts by symmetry mode."""
        return {"full": self.full, "rotations": self.rotations, "none": self.none}

    def to_json(self) -> dict[str, Any]:
        memo = None if self.memo_seconds is None else round(self.memo_seconds, 6)
        return {"nodes": self.nodes.to_json(),
                "solutions": {mode: iv.to_json() for mode, iv in self.solutions.items()},
                "seconds": self.seconds.to_json(), "samples": self.samples, "method": self.method,
                "memo_seconds": memo, "memo_exact": self.memo_exact, "memo_at_least": self.memo_at_least,
                "reason": self.reason}
