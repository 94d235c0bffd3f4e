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


def render_text(puzzle, placements) -> str:
    letters = piece_letters(sorted({p.piece for p in placements}))
    owner = cell_owner(placements)
    cells = puzzle.board
    r0, c0, r1, c1 = puzzle.grid.bounding_rows_cols(cells)
    rows = []
    for r in range(r0, r1 + 1):
        line = ""
        for c in range(c0, c1 + 1):
            if (r, c) in owner:
                line += letters[placements[owner[(r, c)]].piece]
            elif (r, c) in cells:
                line += "."
            else:
                line += " "
        rows.append(line.rstrip())
    return "\n".join(rows)
