"""What makes a puzzle valid, checked in one place.

Valid is well formed: pieces with names and cells, a board, copies that make sense, pre-placed
pieces of the right shapes on the board. A valid puzzle may still have no solution (an area
that does not match, say): that is an answer, found by the search and told by
:mod:`pentomino.search.proofs`, not a fault.

:func:`puzzle_fault` finds the first thing wrong with a puzzle's parts. :class:`Puzzle` refuses
to be built with one; the puzzle file reader asks before it builds, and turns the part at fault
(a shape's name, a pre-placed piece, the board) into the line of the file that wrote it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from pentomino.errors import PuzzleError
from pentomino.geometry import Cell, Grid, Shape
from pentomino.geometry.wrap import Wrap, WrapKind, wrap_of
from pentomino.model.labels import Labels
from pentomino.model.piece import TURNS, Piece, PieceCount, Turns
from pentomino.model.placement import Placement
from pentomino.model.rules import rules_problem


@dataclass(frozen=True)
class Fault:
    """One thing wrong with a puzzle: what is at fault, what is wrong with it and how to fix
    it, and which part of the puzzle that is, for a reader that knows where each part was
    written and can name it its own way."""

    subject: str
    """What is at fault, as the subject of :attr:`problem`: ``"piece name '#'"``, ``"the 5
    cells marked 'X'"``; empty when the problem says it all."""
    problem: str
    """What is wrong and how to fix it."""
    name: str | None = None
    """The piece name at fault, when the name itself cannot name a piece."""
    preplaced: int | None = None
    """The index of the pre-placed piece at fault."""
    board: bool = False
    """True when the board is at fault."""
    labels: bool = False
    """True when the labels, their groups or the labels left open are at fault."""
    wrap: bool = False
    """True when the board cannot wrap as asked."""
    rules: bool = False
    """True when the tiling rules cannot be asked of this puzzle."""

    @property
    def message(self) -> str:
        """The fault as one line."""
        return f"{self.subject} {self.problem}" if self.subject else self.problem


def puzzle_fault(board: frozenset[Cell], pieces: Sequence[PieceCount], preplaced: Sequence[Placement],
                 one_sided: bool, grid: Grid, labels: Labels | None = None, opened: Sequence[str] = (),
                 wrap: WrapKind | None = None, rules: Sequence[str] = ()) -> Fault | None:
    """The first thing wrong with a puzzle of these parts, or None if there is nothing."""
    return (_pieces_fault(pieces) or _board_fault(board) or _copies_fault(pieces)
            or _labels_fault(board, labels, opened)
            or _wrap_fault(board, labels, opened, pieces, one_sided, grid, wrap)
            or _rules_fault(rules, grid, board, wrap)
            or _PreplacedCheck(board, {pc.piece.name: pc for pc in pieces}, one_sided, grid,
                               _surface(board, labels, opened, grid, wrap)).fault(preplaced))


def _surface(board: frozenset[Cell], labels: Labels | None, opened: Sequence[str], grid: Grid,
             wrap: WrapKind | None) -> Wrap | None:
    """The board's wrap (its fault told already by :func:`_wrap_fault`): its bounding box is
    the whole drawing's, the cells left open included."""
    if wrap is None or not board:
        return None
    drawn = board | (frozenset(labels.cell(x) for x in opened) if labels is not None else frozenset())
    return wrap_of(wrap, grid, drawn)


def _wrap_fault(board: frozenset[Cell], labels: Labels | None, opened: Sequence[str], pieces: Sequence[PieceCount],
                one_sided: bool, grid: Grid, wrap: WrapKind | None) -> Fault | None:
    """Why the board cannot wrap as asked (its grid, its width), or why its pieces cannot go
    round a Moebius strip: a piece carried round it comes back turned over, so a piece that
    may not be turned over has no one orientation there."""
    try:
        if _surface(board, labels, opened, grid, wrap) is None:
            return None
    except PuzzleError as exc:
        return Fault("", str(exc), wrap=True)
    if wrap == "moebius":
        turned = [pc.piece.name for pc in pieces if pc.how_turned(one_sided) != "free"]
        if turned:
            some = ", ".join(turned[:3]) + (" ..." if len(turned) > 3 else "")
            return Fault("", "a Moebius strip turns over a piece carried round it, so every piece must be free "
                             f"to turn over; {some} may not (set one_sided = false, or glue the edges without a "
                             "twist: wrap = \"columns\")", wrap=True)
    return None


def _rules_fault(rules: Sequence[str], grid: Grid, board: frozenset[Cell], wrap: WrapKind | None) -> Fault | None:
    problem = rules_problem(rules, grid, board, wrap is not None)
    return None if problem is None else Fault("", problem, rules=True)


def _labels_fault(board: frozenset[Cell], labels: Labels | None, opened: Sequence[str]) -> Fault | None:
    """What is wrong with the labels, or with the labels left open (each labels a cell, once,
    and that cell is off the board: it is the board's cells to cover)."""
    if labels is None:
        if opened:
            return Fault("", f"'open' names {opened[0]!r}, but the board has no labels: label its cells "
                             "with 'labels'", labels=True)
        return None
    cells: set[Cell] = set()
    for label in opened:
        try:
            cell = labels.cell(label)
        except PuzzleError as exc:
            return Fault("", str(exc), labels=True)
        if cell in board or cell in cells:
            return Fault("", f"label {label!r} is left open twice, or its cell is also on the board",
                         labels=True)
        cells.add(cell)
    problem = labels.fault(board | cells)
    return Fault("the labels:", problem, labels=True) if problem is not None else None


def _can_name_a_piece(name: str) -> bool:
    """True if ``name`` can name a piece: not empty, no space, and not '.' or '#' (which mean a
    cell to fill and no cell on a board)."""
    return isinstance(name, str) and bool(name) and name not in (".", "#") and not any(ch.isspace() for ch in name)


def _pieces_fault(pieces: Sequence[PieceCount]) -> Fault | None:
    names = [pc.piece.name for pc in pieces]
    for pc in pieces:
        name = pc.piece.name
        if not _can_name_a_piece(name):
            return Fault(f"piece name {name!r}", "cannot name a piece: use letters or digits, not '.', '#' or spaces",
                         name=name)
        if not pc.piece.cells:
            return Fault(f"piece {name!r}", "has no cells: give it at least one")
        if pc.turns is not None and pc.turns not in TURNS:
            return Fault(f"piece {name!r}", f"cannot be turned {pc.turns!r}: say \"free\", \"face-up\", "
                         "\"face-down\" or \"fixed\" (or None: as the puzzle's one_sided says)")
    twice = sorted(n for n, k in Counter(names).items() if k > 1)
    if twice:
        return Fault(f"piece {twice[0]!r}", "is listed twice: give each piece one entry")
    return None


def _board_fault(board: frozenset[Cell]) -> Fault | None:
    if not board:
        return Fault("the board", "has no cells: draw cells to fill with '.'", board=True)
    return None


def _copies_fault(pieces: Sequence[PieceCount]) -> Fault | None:
    for pc in pieces:
        if pc.min < 0 or (pc.max is not None and pc.max < pc.min):
            return Fault("", f"copies of {pc.piece.name}: need 0 <= min <= max, got [{pc.min}, {pc.max}]")
    return None



@dataclass
class _PreplacedCheck:
    """The pre-placed pieces, one after another: each one of the puzzle's pieces, on the board,
    on no other, in one of its piece's orientations, and no more copies than allowed."""

    board: frozenset[Cell]
    by_name: dict[str, PieceCount]
    one_sided: bool
    grid: Grid
    surface: Wrap | None = None
    covered: set[Cell] = field(default_factory=set)
    used: Counter[str] = field(default_factory=Counter)

    def fault(self, preplaced: Sequence[Placement]) -> Fault | None:
        totals = Counter(pl.piece for pl in preplaced)
        for k, pl in enumerate(preplaced):
            problem = self._problem(pl, totals[pl.piece])
            if problem is not None:
                return Fault(f"the {len(pl.cells)} cells marked {pl.piece!r}", problem, preplaced=k)
        return None

    def _problem(self, pl: Placement, total: int) -> str | None:
        """What is wrong with ``pl``, put down after those before it (``total`` copies of its
        piece are pre-placed in all), as a predicate of its cells; None if nothing."""
        pc = self.by_name.get(pl.piece)
        cells = frozenset(pl.cells)
        if pc is None:
            return "name no piece of this puzzle: mark them with the name of one of its pieces"
        if not cells <= self.board:
            return "lie partly off the board"
        if cells & self.covered:
            return "overlap another pre-placed piece"
        if not cells or not is_placement(self.grid, self.surface, cells, pc.orientations(self.one_sided)):
            return _shape_problem(pc.piece, pc.how_turned(self.one_sided))
        self.covered |= cells
        self.used[pl.piece] += 1
        if pc.max is not None and self.used[pl.piece] > pc.max:
            return _copies_problem(pl.piece, total, pc.max)
        return None


def is_placement(grid: Grid, surface: Wrap | None, cells: Collection[Cell], orientations: Collection[Shape]) -> bool:
    """True if ``cells`` (of the board) are a piece of these ``orientations``: in the plane, or
    laid out flat across the seams of a board that wraps (:meth:`Wrap.unwrap`)."""
    if grid.normalize(cells) in orientations:
        return True
    flat = surface.unwrap(grid, cells) if surface is not None else None
    return flat is not None and grid.normalize(flat) in orientations


_TURNED = {"free": "in any rotation or reflection", "face-up": "in any rotation", "face-down":
           "turned over, in any rotation", "fixed": "as drawn (it may not be turned)"}


def _shape_problem(piece: Piece, turns: Turns) -> str:
    drawing = piece.to_ascii().replace("\n", "/")
    sided = {"free": "", "face-up": " (one-sided)", "face-down": " (face down)", "fixed": " (fixed)"}[turns]
    return (f"do not form one {piece.name} piece{sided}; {piece.name} is {drawing} (rows separated by '/'), "
            f"{_TURNED[turns]}")


def _copies_problem(name: str, total: int, allowed: int) -> str:
    limit = "it is left out by [copies] (0)" if allowed == 0 else f"only {allowed} allowed"
    return (f"make piece {name} pre-placed {total} times but {limit}; "
            "raise its copies under [copies] or remove pre-placed cells")
