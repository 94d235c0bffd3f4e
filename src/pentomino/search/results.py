"""What a search returns: solutions, counts, proofs and checks, as plain values."""

from __future__ import annotations

from dataclasses import dataclass, field

from pentomino.model.solution import Placement


@dataclass(frozen=True)
class Frame:
    """A sample of a running search (:meth:`~pentomino.search.solver.Solver.trace`)."""

    placements: tuple[Placement, ...]
    """The pieces the search has down at this moment (pre-placed pieces not included), from
    the bottom of its stack to the top; the whole solution when ``solution`` is true."""
    nodes: int
    """Nodes searched so far."""
    solutions: int
    """Solutions found so far (one per orbit under the symmetry mode's group)."""
    solution: bool = False
    """True if the placements complete a solution just found."""
    done: bool = False
    """True once the search has ended (then ``placements`` is empty)."""


@dataclass(frozen=True)
class Count:
    """The result of a count, with what it cost."""

    count: int
    symmetry: str
    group_order: int
    nodes: int
    seconds: float
    complete: bool = True
    """False if the count stopped at ``max`` (then the true count is at least ``count``)."""
    by_mode: dict = field(default_factory=dict)
    """Every count the same search gave: ``{"full": .., "rotations": .., "none": ..}`` when
    the search broke the full group, else just the requested mode's."""
    jobs: int = 1
    subproblems: int = 1
    method: str = "search"
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

    def to_json(self) -> dict:
        return {"count": self.count, "symmetry": self.symmetry, "group_order": self.group_order,
                "nodes": self.nodes, "seconds": round(self.seconds, 6), "complete": self.complete,
                "jobs": self.jobs, "subproblems": self.subproblems, "method": self.method,
                "reason": self.reason}


@dataclass(frozen=True)
class Proof:
    """Why a puzzle has no solution: ``argument`` (``"area"``, ``"fits-nowhere"``,
    ``"uncovered-cell"``, ``"colouring"`` or ``"regions"``) and ``reason``, the proof in words."""

    argument: str
    reason: str


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
    """The quick proof's argument (see :class:`pentomino.search.proofs.Proof`), ``"search"``
    when only the whole search found no solution, None when there is one."""
    nodes: int = 0
    """Nodes the search took (0 when a quick proof settled it). For a unique puzzle the whole
    tree was searched: a rough figure of how hard it is."""
    group_order: int = 1
    """The order of the symmetry group ``solutions`` is taken up to."""
    seconds: float = 0.0

    def to_json(self) -> dict:
        return {"solvable": self.solvable, "reason": self.reason, "solutions": self.solutions,
                "unique": self.unique, "complete": self.complete, "argument": self.argument,
                "nodes": self.nodes, "group_order": self.group_order, "seconds": round(self.seconds, 6)}


@dataclass(frozen=True, order=True)
class Subproblem:
    """An independent part of a search: the puzzle, the search it belongs to, the placements
    forced at its top (in search order) and, optionally, the placements allowed at the level
    below them.

    It names pieces and board cells, not internal numbers, so it means the same thing in every
    process and every version: a stable identity for sending work elsewhere and recording it.
    """

    puzzle: str
    """The puzzle's :attr:`~pentomino.model.puzzle.Puzzle.fingerprint`."""
    search: str
    """Which search: ``"count"`` (breaking the full group) or ``"list-<symmetry mode>"``."""
    forced: tuple[tuple[str, tuple], ...]
    """``((piece name, sorted cells), ...)``."""
    choices: tuple[tuple[str, tuple], ...] = ()
    """If not empty: the part covers only these placements at the first level below
    ``forced`` (the rest of a level handed back by a part that ran out of budget), in search
    order; empty: all of them."""

    @property
    def key(self) -> str:
        def names(placements):
            return ";".join(f"{name}@" + ",".join(":".join(map(str, c)) for c in cells)
                            for name, cells in placements)

        key = f"{self.puzzle}/{self.search}/{names(self.forced) or 'root'}"
        return f"{key}/{names(self.choices)}" if self.choices else key

    def to_json(self) -> dict:
        data = {"puzzle": self.puzzle, "search": self.search, "forced": _placements_json(self.forced)}
        if self.choices:
            data["choices"] = _placements_json(self.choices)
        return data

    @classmethod
    def from_json(cls, data) -> Subproblem:
        def placements(items):
            return tuple((name, tuple(tuple(c) for c in cells)) for name, cells in items)

        return cls(data["puzzle"], data["search"], placements(data["forced"]),
                   placements(data.get("choices", ())))


def _placements_json(placements) -> list:
    return [[name, [list(c) for c in cells]] for name, cells in placements]
