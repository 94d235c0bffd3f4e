"""What the search hands out besides the model's results: frames of a running search for
watching it, and the parts a search is cut into."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pentomino.geometry import Cell
from pentomino.model.placement import Placement


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


Named = tuple[str, tuple[Cell, ...]]
"""A placement named by its piece and its sorted cells."""


@dataclass(frozen=True, order=True)
class Part:
    """An independent part of a search (a subtree of it): the puzzle, the search it belongs to,
    the placements forced at its top (in search order) and, optionally, the placements allowed
    at the level below them.

    It names pieces and board cells, not internal numbers, so it means the same thing in every
    process and every version: a stable identity for sending work elsewhere and recording it.
    """

    puzzle: str
    """The puzzle's :attr:`~pentomino.model.puzzle.Puzzle.fingerprint`."""
    search: str
    """Which search: ``"count"`` (breaking the full group) or ``"list-<symmetry mode>"``."""
    forced: tuple[Named, ...]
    """``((piece name, sorted cells), ...)``."""
    choices: tuple[Named, ...] = ()
    """If not empty: the part covers only these placements at the first level below
    ``forced`` (the rest of a level handed back by a part that ran out of budget), in search
    order; empty: all of them."""

    @property
    def key(self) -> str:
        def names(placements: tuple[Named, ...]) -> str:
            return ";".join(f"{name}@" + ",".join(":".join(map(str, c)) for c in cells)
                            for name, cells in placements)

        key = f"{self.puzzle}/{self.search}/{names(self.forced) or 'root'}"
        return f"{key}/{names(self.choices)}" if self.choices else key

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"puzzle": self.puzzle, "search": self.search, "forced": _placements_json(self.forced)}
        if self.choices:
            data["choices"] = _placements_json(self.choices)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Part:
        def placements(items: Iterable[tuple[str, Iterable[Iterable[int]]]]) -> tuple[Named, ...]:
            return tuple((name, tuple(tuple(c) for c in cells)) for name, cells in items)

        return cls(data["puzzle"], data["search"], placements(data["forced"]),
                   placements(data.get("choices", ())))


def _placements_json(placements: tuple[Named, ...]) -> list[list[Any]]:
    return [[name, [list(c) for c in cells]] for name, cells in placements]
