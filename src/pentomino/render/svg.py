"""SVG pictures of boards and solutions (standard library only).

The document is laid out in layers, bottom to top::

    <svg>
      <title>…</title>                                   (only with a title)
      <text class="title">…</text>                       (only with a title)
      <g class="free">  one <rect> per uncovered board cell (light grey)
      <g class="piece" data-piece="F" data-index="0" fill="#…">  one group per placement,
                        one <rect> per cell
      <path class="inner">     thin light lines between cells of one piece
      <path class="free-grid"> thin grey lines between uncovered cells
      <path class="outline">   thick dark lines between different pieces / the outside
      <g class="labels"> one <text class="label" data-piece="F"> per placement (show_names)
    </svg>

Cells off the board are not drawn at all, so holes stay empty (transparent).
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape, quoteattr

from pentomino.render.palette import (FREE_COLOR, OUTLINE_COLOR, hex_color, piece_color,
                                      text_color)
from pentomino.render.text import cell_owner

_FREE = -1
"""Owner of a board cell that no placement covers (placements own 0, 1, 2, …)."""


class SvgImage(str):
    """The text of an SVG document; Jupyter and IPython display it as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return self

    def save(self, path) -> None:
        """Write the document to ``path``."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self)


def _num(x: float) -> str:
    """A coordinate, without a useless ``.0``."""
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}".rstrip("0")


def _merge(segments: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """Join unit segments ``(line, start, start + 1)`` that continue each other on one line."""
    merged: list[tuple[int, int, int]] = []
    for line, a, b in sorted(segments):
        if merged and merged[-1][0] == line and merged[-1][2] == a:
            merged[-1] = (line, merged[-1][1], b)
        else:
            merged.append((line, a, b))
    return merged


def _path(vertical, horizontal, x0: float, y0: float, cs: int) -> str:
    """Path data for merged edges; coordinates are in cell units from (x0, y0)."""
    parts = []
    for col, a, b in _merge(vertical):
        parts.append(f"M{_num(x0 + col * cs)} {_num(y0 + a * cs)}V{_num(y0 + b * cs)}")
    for row, a, b in _merge(horizontal):
        parts.append(f"M{_num(x0 + a * cs)} {_num(y0 + row * cs)}H{_num(x0 + b * cs)}")
    return "".join(parts)


def _label_cell(cells):
    """The cell of a piece nearest its centroid (ties go to the first in sorted order)."""
    cells = sorted(cells)
    cr = sum(r for r, _ in cells) / len(cells)
    cc = sum(c for _, c in cells) / len(cells)
    return min(cells, key=lambda rc: (rc[0] - cr) ** 2 + (rc[1] - cc) ** 2)


def render_svg(puzzle, placements=None, *, cell_size: int = 30, margin: int = 10,
               show_names: bool = False, title: str | None = None) -> SvgImage:
    """An SVG picture of ``puzzle``'s board with ``placements`` on it (by default the
    puzzle's pre-placed pieces, i.e. the unsolved board).

    Each placement is filled with its piece's colour (see :mod:`pentomino.render.palette`) and
    outlined with thick dark lines; board cells no placement covers are light grey; cells off
    the board are left empty. ``show_names`` writes each piece's name on it; ``title`` adds a
    caption above the board (and a ``<title>`` element).
    """
    if puzzle.grid.name != "square":
        from pentomino.errors import PuzzleError

        raise PuzzleError(f"SVG pictures of {puzzle.grid.name} puzzles are not made yet: "
                          "use --format text, color or json")
    if placements is None:
        placements = puzzle.preplaced
    placements = list(placements)
    cs = int(cell_size)
    if cs <= 0:
        raise ValueError("cell_size must be positive")

    owner: dict = {c: _FREE for c in puzzle.board}
    owner.update(cell_owner(placements))
    r0, c0, r1, c1 = puzzle.grid.bounding_rows_cols(owner)
    rows, cols = r1 - r0 + 1, c1 - c0 + 1

    title_size = max(12, round(cs * 0.6))
    title_h = round(title_size * 1.6) if title else 0
    board_w = cols * cs
    width = 2 * margin + board_w
    if title:
        # Rough width of the caption, so a long one is not cut off.
        width = max(width, 2 * margin + round(len(title) * title_size * 0.62))
    height = 2 * margin + title_h + rows * cs
    x0, y0 = margin, margin + title_h

    def xy(cell):
        r, c = cell
        return x0 + (c - c0) * cs, y0 + (r - r0) * cs

    thick = max(2, round(cs / 10))
    thin = max(1, round(cs / 30))
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
    ]
    if title:
        out.append(f"<title>{escape(title)}</title>")
        out.append(f'<text class="title" x="{margin}" y="{margin + round(title_size * 1.05)}" '
                   f'font-family="sans-serif" font-size="{title_size}" font-weight="bold" '
                   f'fill="{hex_color(OUTLINE_COLOR)}">{escape(title)}</text>')

    def rects(cells, indent="  "):
        return [f'{indent}<rect x="{_num(x)}" y="{_num(y)}" width="{cs}" height="{cs}"/>'
                for x, y in (xy(c) for c in sorted(cells))]

    free = [c for c, o in owner.items() if o == _FREE]
    if free:
        grey = hex_color(FREE_COLOR)
        out.append(f'<g class="free" fill="{grey}" stroke="{grey}" stroke-width="1">')
        out += rects(free)
        out.append("</g>")

    for i, p in enumerate(placements):
        colour = hex_color(piece_color(p.piece))
        # A stroke of the fill colour closes the hairline seams anti-aliasing leaves between
        # the cells of one piece; the outline covers it wherever the piece ends.
        out.append(f'<g class="piece" data-piece={quoteattr(p.piece)} data-index="{i}" '
                   f'fill="{colour}" stroke="{colour}" stroke-width="1">')
        out.append(f"  <title>{escape(p.piece)}</title>")
        out += rects(p.cells)
        out.append("</g>")

    # Edges: compare every cell of the box (one wider all round) with its right and lower
    # neighbour. Different owners -> outline; same piece -> thin line; same free area -> grid.
    outline_v, outline_h, inner_v, inner_h, grid_v, grid_h = [], [], [], [], [], []
    for r in range(r0 - 1, r1 + 1):
        for c in range(c0 - 1, c1 + 1):
            here = owner.get((r, c))
            for (nr, nc), vertical in (((r, c + 1), True), ((r + 1, c), False)):
                there = owner.get((nr, nc))
                if here is None and there is None:
                    continue
                # Vertical edge: at column c+1 (cell units from c0), rows r..r+1.
                # Horizontal edge: at row r+1, columns c..c+1.
                seg = ((c + 1 - c0, r - r0, r - r0 + 1) if vertical
                       else (r + 1 - r0, c - c0, c - c0 + 1))
                if here != there:
                    (outline_v if vertical else outline_h).append(seg)
                elif here == _FREE:
                    (grid_v if vertical else grid_h).append(seg)
                else:
                    (inner_v if vertical else inner_h).append(seg)

    if inner_v or inner_h:
        out.append(f'<path class="inner" fill="none" stroke="#ffffff" stroke-opacity="0.45" '
                   f'stroke-width="{thin}" d="{_path(inner_v, inner_h, x0, y0, cs)}"/>')
    if grid_v or grid_h:
        out.append(f'<path class="free-grid" fill="none" stroke="#bdbdbd" '
                   f'stroke-width="{thin}" d="{_path(grid_v, grid_h, x0, y0, cs)}"/>')
    if outline_v or outline_h:
        out.append(f'<path class="outline" fill="none" stroke="{hex_color(OUTLINE_COLOR)}" '
                   f'stroke-width="{thick}" stroke-linecap="square" '
                   f'd="{_path(outline_v, outline_h, x0, y0, cs)}"/>')

    if show_names and placements:
        size = max(8, round(cs * 0.5))
        out.append(f'<g class="labels" font-family="sans-serif" font-size="{size}" '
                   f'font-weight="bold" text-anchor="middle">')
        for p in placements:
            x, y = xy(_label_cell(p.cells))
            ink = hex_color(text_color(piece_color(p.piece)))
            # Baseline a little below the middle puts the capitals' centre on the cell's.
            out.append(f'  <text class="label" data-piece={quoteattr(p.piece)} '
                       f'x="{_num(x + cs / 2)}" y="{_num(y + cs / 2 + size * 0.36)}" '
                       f'fill="{ink}">{escape(p.piece)}</text>')
        out.append("</g>")

    out.append("</svg>")
    return SvgImage("\n".join(out) + "\n")


def render_sheet(puzzle, solutions, *, columns: int = 4, **options) -> SvgImage:
    """Several solutions in one SVG, laid out ``columns`` to a row (one alone is just itself)."""
    pictures = [render_svg(puzzle, placements, **options) for placements in solutions]
    if len(pictures) == 1:
        return pictures[0]
    sizes = [tuple(int(v) for v in re.search(r'width="(\d+)" height="(\d+)"', pic).groups()) for pic in pictures]
    w = max(s[0] for s in sizes)
    h = max(s[1] for s in sizes)
    columns = max(1, min(columns, len(pictures)))
    rows = (len(pictures) + columns - 1) // columns
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * columns}" height="{h * rows}" '
           f'viewBox="0 0 {w * columns} {h * rows}">']
    for i, pic in enumerate(pictures):
        body = pic.split("\n", 1)[1]  # drop the XML declaration
        x, y = (i % columns) * w, (i // columns) * h
        out.append(body.replace("<svg ", f'<svg x="{x}" y="{y}" ', 1).rstrip("\n"))
    out.append("</svg>")
    return SvgImage("\n".join(out) + "\n")
