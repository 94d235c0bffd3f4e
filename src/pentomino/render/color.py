"""Coloured terminal pictures: ANSI 24-bit colour, two characters a cell.

A covered cell is its piece's colour (the palette of :mod:`pentomino.render.palette`, the same
as in SVG pictures) with the piece's letter on it in black or white, whichever reads better; an
uncovered board cell is dim grey with a dot; a cell off the board is two plain spaces. Every
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
    free = _paint(FREE_COLOR_DARK, _FREE_INK, dot + " ")

    def paint(cell) -> str:
        i = owner.get(cell)
        if i is not None:
            name = placements[i].piece
            bg = piece_color(name)
            return _paint(bg, text_color(bg), letters[name] + " ")
        return free if cell in board else RESET + "  "

    return "\n".join("".join(paint(cell) for cell in row) + RESET
                     for row in drawing_rows(puzzle.grid, set(board) | set(owner)))


def render_color_board(puzzle) -> str:
    """The unsolved board: pre-placed pieces coloured, free cells grey."""
    return render_color(puzzle, puzzle.preplaced)
