"""What a puzzle is made of, as plain data: :class:`PuzzleFields`.

The puzzle file format reads and writes these fields, and a puzzle's symmetry group is found
from them; :class:`~pentomino.model.puzzle.Puzzle` is the same fields, checked, with the verbs a
user calls. Keeping the record apart lets the modules that make and read puzzles stand below the
puzzle class, so that no import runs in a circle.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from pentomino.errors import PuzzleError
from pentomino.geometry import SQUARE, Cell, Grid
from pentomino.geometry.wrap import Wrap, WrapKind, wrap_of
from pentomino.model.labels import Labels
from pentomino.model.piece import PieceCount
from pentomino.model.placement import Placement
from pentomino.model.rules import RuleName


@dataclass(frozen=True)
class PuzzleFields:
    """A board, the pieces to place (with numbers of copies), and pieces already placed."""

    board: frozenset[Cell]
    """Every cell of the board, including those already covered by ``preplaced``."""
    pieces: tuple[PieceCount, ...]
    """The pieces and their numbers of copies (pre-placed copies included)."""
    preplaced: tuple[Placement, ...] = ()
    """Pieces already on the board."""
    one_sided: bool = False
    """True if pieces may only be rotated, not turned over."""
    name: str = ""
    grid: Grid = field(default=SQUARE, compare=False)
    labels: Labels | None = None
    """Text on the board's cells and the groups of labels left open (calendar puzzles), or None."""
    opened: tuple[str, ...] = ()
    """The labels whose cells are left open, as the labels write them: those cells are not on
    :attr:`board` (see :mod:`pentomino.model.labels`)."""
    wrap: WrapKind | None = None
    """How the board wraps (``"columns"``, ``"rows"``, ``"both"``, ``"moebius"``: its bounding
    box's edges glued, see :mod:`pentomino.geometry.wrap`), or None: a board with edges."""
    rules: tuple[RuleName, ...] = ()
    """The tiling rules a solution keeps (``"no-four-corners"``, ``"fault-free"``, in the order
    of :data:`~pentomino.model.rules.RULES`, see :mod:`pentomino.model.rules`)."""

    @property
    def surface(self) -> Wrap | None:
        """The board's :class:`~pentomino.geometry.wrap.Wrap` (None if it does not wrap):
        which cells touch across its seams, and its motions."""
        if self.wrap is None:
            return None
        return wrap_of(self.wrap, self.grid, self.board | self.opened_cells)

    def components(self, cells: Iterable[Cell]) -> list[list[Cell]]:
        """The groups of ``cells`` connected on this board's surface."""
        surface = self.surface
        return self.grid.components(cells) if surface is None else surface.components(self.grid, cells)

    @property
    def opened_cells(self) -> frozenset[Cell]:
        """The cells left open by :attr:`opened`."""
        if self.labels is None:
            return frozenset()
        return frozenset(self.labels.cell(label) for label in self.opened)

    @property
    def to_open(self) -> bool:
        """True if the labels ask for cells to be left open and none are yet (a calendar
        puzzle before its date is chosen)."""
        return self.labels is not None and bool(self.labels.groups) and not self.opened

    def require_opened(self) -> None:
        """:class:`PuzzleError` if the cells to leave open are still to be chosen (:attr:`to_open`)."""
        if self.to_open and self.labels is not None:
            groups = ", ".join(self.labels.group_names)
            how = "a date (--date 2026-11-26, or puzzle.on_date(date)) or " if self.labels.dated else ""
            raise PuzzleError(f"choose the cells to leave open, one of each group ({groups}): {how}"
                              "their labels (--open LABEL ..., or puzzle.open(label, ...))")

    @property
    def area(self) -> int:
        return len(self.board)

