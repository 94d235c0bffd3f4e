"""Coloured terminal pictures: ANSI 24-bit colour, two characters a cell.

A covered cell is its piece's colour (the palette of :mod:`pentomino.render.palette`, the same
as in SVG pictures) with the piece's letter on it in black or white, whichever reads better; an
uncovered board cell is dim grey with a dot; a cell off the board is two plain spaces. On
hexagons a cell is two characters too, the rows half a cell apart (a brick wall). Every
line ends with a reset, so the picture never leaks colour into what is printed after it.
"""

from __future__ import annotations

from pentomino.render.palette import FREE_COLOR_DARK, piece_color, text_color
from pentomino.render.text import cell_owner, drawing_rows, piece_letters

RESET = "\x1b[0m"
_FREE_INK = (170, 170, 170)


def _paint(background, foreground, text: str) -> str:
    return ("\x1b[48;2;{};{};{}m".format(*background)
            + "\x1b[38;2;{};{};{}m".format(*foreground) + text)


def render_color(puzzle, placements=None, *, dot: str = "·") -> str:
    """The board of ``puzzle`` with ``placements`` on it (by default the pre-placed pieces),
    in ANSI colours, one line a row. ``dot`` marks uncovered cells (``"."`` for plain ASCII)."""
    if placements is None:
        placements = puzzle.preplaced
    placements = list(placements)
    letters = piece_letters(sorted({p.piece for p in placements}))
    owner = cell_owner(placements)
    board = puzzle.board

    def paint(cell, width: int) -> str:
        """The cell's first character painted, then ``width - 1`` spaces in its colours."""
        i = owner.get(cell)
        if i is not None:
            name = placements[i].piece
            bg = piece_color(name)
            return _paint(bg, text_color(bg), letters[name] + " " * (width - 1))
        if cell in board:
            return _paint(FREE_COLOR_DARK, _FREE_INK, dot + " " * (width - 1))
        return RESET + " " * width

    grid = puzzle.grid
    rows = drawing_rows(grid, set(board) | set(owner))
    if not any(cell is not None and not grid.is_cell(cell) for row in rows for cell in row):
        return "\n".join("".join(paint(cell, 2) for cell in row) + RESET for row in rows)
    # Hexagons: a cell spans two positions of the drawing, the second not a cell of the grid.
    # One character a position, the second in the colours of the cell to its left, so the
    # cells of a row touch and each row is half a cell further right than the one above.
    lines = []
    for row in rows:
        text = []
        for k, cell in enumerate(row):
            if cell is not None and grid.is_cell(cell):
                continue
            left = row[k - 1] if k else None
            text.append(paint(left, 2) if left is not None and grid.is_cell(left) else RESET + " ")
        if row and row[-1] is not None and grid.is_cell(row[-1]):
            text.append(paint(row[-1], 2))
        lines.append("".join(text) + RESET)
    return "\n".join(lines)


def render_color_board(puzzle) -> str:
    """The unsolved board: pre-placed pieces coloured, free cells grey."""
    return render_color(puzzle, puzzle.preplaced)
