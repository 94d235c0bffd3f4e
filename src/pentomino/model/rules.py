"""Tiling rules: which tilings of the board a puzzle counts, beyond covering it exactly.

``no-four-corners`` (the tatami rule): no point of the grid where four pieces meet. On squares,
for every inner corner of the board (its four cells all on the board), the four cells around it
must not be covered by four different pieces. A corner on the board's edge, or beside a hole,
has fewer cells around it, so four pieces never meet there.

``fault-free``: no straight grid line crosses the board without cutting a piece. A grid line
crosses the board where board cells touch across it (the line under row r: the pairs (r, c),
(r + 1, c) on the board; the line right of column c likewise); it is a *fault* when every such
pair, along the board's whole extent, lies in two different pieces. On a rectangle these are
the classic fault lines; on a board with holes a line is taken whole, across every part of the
board it crosses.

Both rules are defined on the square grid only: a grid says where its cells meet
(:meth:`~pentomino.geometry.Grid.meeting_points`) and which lines cross a board
(:meth:`~pentomino.geometry.Grid.straight_lines`), and a rule is refused on a grid that does not
say. They are refused on boards that wrap too (a line round a tube or a Moebius strip is
another question). Each rule is a set of :class:`Constraint`\\ s on which piece covers each cell,
invariant under the board's symmetries, so counting up to symmetry counts the tilings that keep
the rules; the search checks a constraint as soon as all its cells are covered
(:mod:`pentomino.search.tables`, :mod:`pentomino.search.kernel`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable
from dataclasses import dataclass
from typing import Literal, cast

from pentomino.geometry import Cell, Grid

RuleName = Literal["no-four-corners", "fault-free"]
RULES: tuple[RuleName, ...] = ("no-four-corners", "fault-free")
"""The tiling rules by name, in the order a puzzle keeps them."""
RULE_TEXT: dict[RuleName, str] = {
    "no-four-corners": "no point where four pieces meet",
    "fault-free": "no grid line across the board that cuts no piece",
}
"""What each rule asks, in a few words."""

POINT, LINE = 0, 1
"""The kinds of :class:`Constraint`: the cells around a point may not lie in :data:`MEETING`
or more pieces; the pairs across a line may not all lie in two pieces."""
MEETING = 4
"""How many pieces may not meet at a point (the tatami rule)."""


@dataclass(frozen=True)
class Constraint:
    """One thing a tiling must not do, in terms of which piece covers each cell."""

    kind: int
    """:data:`POINT` or :data:`LINE`."""
    cells: tuple[Cell, ...]
    """POINT: the cells around the point; LINE: the pairs across it, one after the other."""

    def kept_by(self, owner: Callable[[Cell], Hashable]) -> bool:
        """True if the tiling whose piece on each cell is ``owner(cell)`` keeps this."""
        if self.kind == POINT:
            return len({owner(c) for c in self.cells}) < MEETING
        pairs = zip(self.cells[::2], self.cells[1::2], strict=True)
        return any(owner(a) == owner(b) for a, b in pairs)


def rule_names(names: Iterable[str]) -> tuple[RuleName, ...]:
    """``names`` in the order of :data:`RULES`, each once (a name that is not a rule last, for
    :func:`rules_problem` to refuse)."""
    given = list(dict.fromkeys(names))
    return tuple(r for r in RULES if r in given) + tuple(cast(RuleName, r) for r in given if r not in RULES)


def rules_problem(rules: Collection[str], grid: Grid, board: Collection[Cell], wraps: bool) -> str | None:
    """Why these rules cannot be asked of this board, or None."""
    for name in rules:
        if name not in RULES:
            return f"unknown rule {name!r}: the rules are {', '.join(RULES)}"
    if rules and wraps:
        return f"rule {next(iter(rules))!r} is not defined on a board that wraps: take out the rule or the wrap"
    for name in rules:
        if _geometry(cast(RuleName, name), grid, board) is None:
            return f"rule {name!r} is not defined on the {grid.name} grid (only on squares)"
    return None


def constraints(rules: Iterable[RuleName], grid: Grid, board: Collection[Cell]) -> list[Constraint]:
    """The constraints of ``rules`` on ``board`` (every cell of it, pre-placed pieces'
    included), rule by rule."""
    out: list[Constraint] = []
    for name in rules:
        found = _geometry(name, grid, board)
        if found is not None:
            out.extend(found)
    return out


def _geometry(name: RuleName, grid: Grid, board: Collection[Cell]) -> list[Constraint] | None:
    if name == "no-four-corners":
        points = grid.meeting_points(board)
        return None if points is None else [Constraint(POINT, cells) for cells in points if len(cells) >= MEETING]
    lines = grid.straight_lines(board)
    return None if lines is None else [Constraint(LINE, tuple(c for pair in line for c in pair))
                                       for line in lines if line]
