"""Colored terminal pictures: ANSI 24-bit color, two characters a cell.

A covered cell is its piece's color (the palette of :mod:`pentomino.render.palette`, the same
as in SVG pictures) with the piece's letter on it in black or white, whichever reads better; an
uncovered board cell is dim grey with a dot; a cell off the board is two plain spaces. On
hexagons a cell is two characters too, the rows half a cell apart (a brick wall). Every
line ends with a reset, so the picture never leaks color into what is printed after it.
"""

from __future__ import annotations

from collections.abc import Iterable

from pentomino.geometry.grid import Cell
from pentomino.model.placement import Placement
from pentomino.render.palette import FREE_COLOR_DARK, OPEN_COLOR, RGB, piece_color, text_color
from pentomino.render.text import OPEN_MARK, Drawable, cell_owner, draw_lines, opened, piece_letters, wrap_line

RESET = "\x1b[0m"
_FREE_INK = (170, 170, 170)



def _paint(background: RGB, foreground: RGB, text: str) -> str:
    return ("\x1b[48;2;{};{};{}m".format(*background)
            + "\x1b[38;2;{};{};{}m".format(*foreground) + text)


def render_color(puzzle: Drawable, placements: Iterable[Placement] | None = None, *, dot: str = "·") -> str:
    """The board of ``puzzle`` with ``placements`` on it (by default the pre-placed pieces),
    in ANSI colors, one line a row. ``dot`` marks uncovered cells (``"."`` for plain ASCII)."""
    placed = list(puzzle.preplaced if placements is None else placements)
    letters = piece_letters(sorted({p.piece for p in placed}))
    owner = cell_owner(placed)
    board = puzzle.board
    open_cells, said = opened(puzzle)
    labels = getattr(puzzle, "labels", None)

    def write(cell: Cell | None, columns: int) -> str:
        """Two characters a cell, its letter (or ``dot``) first, in its colors; a blank as
        many plain spaces as it has columns. On hexagons a cell's two characters fill its
        columns, so the cells of a row touch and each row is half a cell right of the one
        above."""
        if cell is None:
            return RESET + " " * columns
        i = owner.get(cell)
        if i is not None:
            name = placed[i].piece
            bg = piece_color(name)
            return _paint(bg, text_color(bg), letters[name] + " ")
        if cell in board:
            return _paint(FREE_COLOR_DARK, _FREE_INK, dot + " ")
        if cell in open_cells:  # left open by choice: its label, as much as two characters hold
            label = (labels.label(cell) if labels is not None else None) or OPEN_MARK
            return _paint(OPEN_COLOR, (0, 0, 0), label[:2].ljust(2))
        return RESET + "  "

    lines = [line + RESET for line in draw_lines(puzzle.grid, set(board) | set(owner) | open_cells, write)]
    return "\n".join(lines + [x for x in (said, wrap_line(puzzle)) if x])


def render_color_board(puzzle: Drawable) -> str:
    """The unsolved board: pre-placed pieces colored, free cells grey."""
    return render_color(puzzle, puzzle.preplaced)
