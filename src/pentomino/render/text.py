"""Plain text: one character a cell (the piece's name, or its legend letter), '.' for a gap."""

from __future__ import annotations


def piece_letters(names) -> dict[str, str]:
    """One character for each piece name: the name itself if it is one character, else a letter
    or digit not taken yet (so I4 and I3 on one board stay apart)."""
    letters: dict[str, str] = {}
    taken = {n for n in names if len(n) == 1}
    pool = iter([ch for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                 if ch not in taken])
    for n in names:
        if len(n) == 1:
            letters[n] = n
        elif n[0] not in taken:
            letters[n] = n[0]
            taken.add(n[0])
        else:
            letters[n] = next(pool)
            taken.add(letters[n])
    return letters


def cell_owner(placements) -> dict:
    """{cell: index of the placement covering it}."""
    return {c: i for i, p in enumerate(placements) for c in p.cells}


def drawing_rows(grid, cells) -> list[list]:
    """The cells of the bounding box of ``cells``, row by row, as a puzzle file draws them: a
    solid's layers (z = 0 first) stand side by side, with ``None`` for the gap between two."""
    r0, c0, r1, c1 = grid.bounding_rows_cols(cells)
    if grid.dims != 3:
        return [[(r, c) for c in range(c0, c1 + 1)] for r in range(r0, r1 + 1)]
    z0, z1 = min(c[0] for c in cells), max(c[0] for c in cells)
    return [[cell for z in range(z0, z1 + 1)
             for cell in ([None] if z > z0 else []) + [(z, r, c) for c in range(c0, c1 + 1)]]
            for r in range(r0, r1 + 1)]


def render_text(puzzle, placements) -> str:
    """One character a cell, where the puzzle file draws it ('.' for an uncovered cell)."""
    letters = piece_letters(sorted({p.piece for p in placements}))
    owner = {c: letters[placements[i].piece] for c, i in cell_owner(placements).items()}
    cells = puzzle.board
    rows = ["".join("  " if cell is None else owner.get(cell, "." if cell in cells else " ") for cell in row)
            for row in drawing_rows(puzzle.grid, cells)]
    return "\n".join(line.rstrip() for line in rows)
