"""What a search returns: solutions and counts, as plain values."""

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
    counted layer by layer over the states of the frontier, orbits by Burnside's lemma."""
    table_states: int = 0
    """``"memo"``: the most states one layer held (in any process)."""
    table_bytes: int = 0
    """``"memo"``: the peak memory of one process's tables of states, in bytes."""
    placements: int = 0
    """The placements the search chose from: every way to put a piece on the board, less those
    that leave a region no piece can fill and, for a piece every symmetry maps to itself, all
    but one of each orbit (0 if not reported). Not part of :meth:`to_json`."""

    def to_json(self) -> dict:
        return {"count": self.count, "symmetry": self.symmetry, "group_order": self.group_order,
                "nodes": self.nodes, "seconds": round(self.seconds, 6), "complete": self.complete,
                "jobs": self.jobs, "subproblems": self.subproblems, "method": self.method}


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
