"""Reading puzzle files (TOML). The format is a contract: see the README.

Every problem is reported as one :class:`PuzzleError` line naming the file, the line where it
can be told, what is wrong and how to fix it.
"""

from __future__ import annotations

import difflib
import re
import sys

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from pentomino.errors import PuzzleError
from pentomino.geometry import GRIDS, SQUARE, Grid
from pentomino.model.piece import Piece
from pentomino.model.piecesets import all_piece_names, find_piece, piece_sets
from pentomino.model.puzzle import PieceCount, Puzzle
from pentomino.model.solution import Placement

KEYS = ("name", "grid", "pieces", "one_sided", "board", "shapes", "copies", "legend")


def suggest(word: str, choices) -> str:
    """`` (did you mean 'X'?)`` for the closest choice, or nothing."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.5)
    if not close:
        close = [c for c in choices if c.lower() == word.lower()]
    return f" (did you mean {close[0]!r}?)" if close else ""


def _key_line(text: str, key: str, table: str = "") -> int | None:
    """1-based line of ``key =`` (or of the header ``[key]``) in the file, for messages.

    ``table`` names the table the key lives in (``"copies"`` for ``[copies] I4 = 2``); ``""`` is
    the top level. The search is a plain line scan, good enough to point a message at a line.
    """
    current = ""
    quoted = rf"(?:{re.escape(key)}|\"{re.escape(key)}\"|'{re.escape(key)}')"
    for i, line in enumerate(text.split("\n"), 1):
        header = re.match(r"\s*\[\s*([^\[\]]*?)\s*\]", line)
        if header:
            current = header.group(1)
            if not table and re.fullmatch(quoted, current):
                return i
            if table and re.fullmatch(rf"{re.escape(table)}\s*\.\s*{quoted}", current):
                return i
            continue
        if current == table and re.match(rf"\s*{quoted}\s*=", line):
            return i
        if not table and current == "" and re.match(rf"\s*{quoted}\s*\.", line):
            return i
        if table and current == "" and re.match(rf"\s*{re.escape(table)}\s*\.\s*{quoted}\s*=", line):
            return i
    return None


def _inline(piece: Piece) -> str:
    """A piece's drawing on one line, rows separated by '/': ``.#./###/.#.``."""
    return piece.to_ascii().replace("\n", "/")


def _suggest_piece(word: str, sets, names) -> str:
    """A hint for an unknown set or piece name: the closest name, or the pieces of that size."""
    hint = suggest(word, list(sets) + list(names))
    if hint:
        return hint
    m = re.fullmatch(r"([A-Za-z]+)0*(\d+)", word)
    if m:
        size = int(m.group(2))
        same = sorted({p.name for s in sets.values() for p in s.pieces if p.size == size})
        if same:
            letter = [n for n in same if n[0].upper() == m.group(1)[0].upper()]
            if letter:
                return f" (did you mean {letter[0]!r}?)"
            shown = " ".join(same) if len(same) <= 20 else f"{same[0]} .. {same[-1]}"
            return f" (the built-in pieces of {size} cells are {shown})"
    return ""


def _toml_error(exc: Exception, text: str, source: str) -> PuzzleError:
    """A TOML syntax error as ``file:line: ...`` (tomllib only puts the place in its message)."""
    msg = str(exc)
    line = None
    m = re.search(r"\s*\(at line (\d+), column (\d+)\)\s*$", msg)
    if m:
        line = int(m.group(1))
        msg = f"{msg[:m.start()]} at column {m.group(2)}"
    else:
        m = re.search(r"\s*\(at end of document\)\s*$", msg)
        if m:
            line = text.count("\n") + 1
            msg = f"{msg[:m.start()]} at the end of the file"
    where = f"{source}:{line}" if line else source
    return PuzzleError(f"{where}: not valid TOML: {msg}; check the quotes and brackets there "
                       "(strings need quotes; drawings go between triple quotes \"\"\" ... \"\"\")")


def _board_first_line(text: str) -> int:
    """The file line holding board row 0 (after the opening newline of a multi-line string)."""
    line = _key_line(text, "board") or 1
    opening = text.split("\n")[line - 1]
    after = re.split(r'=\s*("""|\'\'\')', opening, maxsplit=1)
    if len(after) == 3 and after[2].strip() == "":
        return line + 1
    return line


def parse_puzzle(text: str, source: str = "<string>") -> Puzzle:
    """Parse a puzzle file's text; ``source`` names it in messages."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _toml_error(exc, text, source) from None

    def fail(msg: str, key: str | None = None, table: str = "") -> PuzzleError:
        line = _key_line(text, key, table) if key else None
        if line is None and table:
            line = _key_line(text, table)
        where = f"{source}:{line}" if line else source
        return PuzzleError(f"{where}: {msg}")

    for key in data:
        if key not in KEYS:
            raise fail(f"unknown key {key!r}{suggest(key, KEYS)}; the keys are {', '.join(KEYS)}", key)

    name = data.get("name", "")
    if not isinstance(name, str):
        raise fail("'name' must be a string", "name")
    grid_name = data.get("grid", "square")
    if not isinstance(grid_name, str) or grid_name not in GRIDS:
        raise fail(f"unknown grid {grid_name!r}{suggest(str(grid_name), GRIDS)}; the grids are "
                   f"{', '.join(GRIDS)}", "grid")
    grid = GRIDS[grid_name]
    one_sided = data.get("one_sided")
    if one_sided is not None and not isinstance(one_sided, bool):
        raise fail("'one_sided' must be true or false", "one_sided")

    # Pieces: built-in sets and pieces, then custom shapes.
    names = data.get("pieces", [])
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise fail("'pieces' must be a set or piece name, or a list of them", "pieces")
    try:
        pieces, set_one_sided = _builtin_pieces(names, grid)
    except _Bad as exc:
        raise fail(str(exc), "pieces") from None
    shapes = data.get("shapes", {})
    if not isinstance(shapes, dict):
        raise fail("[shapes] must be a table of name = drawing", "shapes")
    for n, drawing in shapes.items():
        if n in (".", "#") or not n.strip() or n != n.strip() or any(ch.isspace() for ch in n):
            raise fail(f"shape name {n!r} cannot name a piece: use letters or digits, not '.', '#' "
                       "or spaces", n, "shapes")
        try:
            pieces[n] = _shape(n, drawing, grid)
        except PuzzleError as exc:
            raise fail(str(exc), n, "shapes") from None
    if not pieces:
        raise fail("no pieces: name a set with 'pieces = \"pentominoes\"' or draw some under [shapes]")
    if one_sided is None:
        one_sided = set_one_sided or grid.dims == 3  # a solid cannot be turned over

    # Copies.
    counts = {n: (1, 1) for n in pieces}
    copies = data.get("copies", {})
    if not isinstance(copies, dict):
        raise fail("[copies] must be a table of name = number", "copies")
    for n, v in copies.items():
        if n not in pieces:
            raise fail(f"[copies] names {n!r}, which is not one of the puzzle's pieces"
                       f"{suggest(n, pieces)}; add it to 'pieces' or [shapes], or fix the name",
                       n, "copies")
        try:
            counts[n] = _copies_range(n, v)
        except _Bad as exc:
            raise fail(str(exc), n, "copies") from None

    # Legend: board characters standing for longer names.
    legend = data.get("legend", {})
    if not isinstance(legend, dict):
        raise fail("[legend] must be a table of character = \"piece name\"", "legend")
    for ch, target in legend.items():
        if len(ch) != 1 or not isinstance(target, str):
            raise fail(f"[legend] entry {ch!r}: use one character = \"piece name\", e.g. o = \"O4\"",
                       ch, "legend")
        if ch in ".# ":
            raise fail(f"[legend] cannot map {ch!r}: '.', '#' and space already mean a cell to fill "
                       "and no cell; pick another character", ch, "legend")
        if target not in pieces:
            raise fail(f"[legend] maps {ch!r} to {target!r}, which is not one of the puzzle's pieces"
                       f"{suggest(target, pieces)}", ch, "legend")

    # Board.
    board_text = data.get("board")
    if board_text is None:
        raise fail("no board: add board = \"\"\" ... \"\"\" with '.' for each cell to fill")
    if grid.dims == 3:
        if not (isinstance(board_text, list) and board_text and all(isinstance(x, str) for x in board_text)):
            raise fail("a cube board is a list of layers, one drawing a layer (z = 0 first): "
                       "board = [\"\"\" ... \"\"\", \"\"\" ... \"\"\"]", "board")
        layers = [layer.split("\n") for layer in board_text]
    elif not isinstance(board_text, str):
        raise fail("'board' must be a string: board = \"\"\" ... \"\"\" with one text line a row, "
                   "'.' for each cell to fill", "board")
    else:
        layers = [board_text.split("\n")]
    first = _board_first_line(text)

    def where(cell) -> str:
        """Where a board cell was drawn: the file line, or for a cube the layer and row."""
        if grid.dims == 3:
            return f"{source}:{_key_line(text, 'board') or 1}: (layer {cell[0] + 1}, row {cell[1] + 1})"
        return f"{source}:{first + cell[0]}:"

    board = set()
    marked: dict[str, list] = {}  # board character -> its cells
    for z, lines in enumerate(layers):
        for cell, ch in grid.parse_cell_text(lines).items():
            if grid.dims == 3:
                cell = (z, cell[1], cell[2])
            if ch == "#":
                continue
            column = cell[-1] + 1
            if not grid.is_cell(cell):
                raise PuzzleError(
                    f"{where(cell)} character {ch!r} at column {column} is between cells: on a hexagon board "
                    "cells are where row + column is even (count from 0); leave the others blank")
            board.add(cell)
            if ch == ".":
                continue
            if legend.get(ch, ch) not in pieces:
                raise PuzzleError(
                    f"{where(cell)} board character {ch!r} (column {column}) is not a piece; "
                    f"use '.' for a cell to fill, '#' or space for no cell, a piece name for a pre-placed "
                    f"piece, or map it under [legend]{suggest(ch, pieces)}")
            marked.setdefault(ch, []).append(cell)
    # Each connected group of one character is one copy: two copies of a piece that touch are
    # told apart by drawing them with two characters that [legend] maps to the same piece.
    groups_of: dict[str, list] = {}
    for ch, cells in marked.items():
        for component in grid.components(cells):
            groups_of.setdefault(legend.get(ch, ch), []).append((min(component), ch, component))
    preplaced = []
    for piece_name, groups in groups_of.items():
        allowed = counts[piece_name][1]
        for k, (_, ch, component) in enumerate(sorted(groups)):
            at = where(min(component))
            marks = repr(ch) if ch == piece_name else f"{ch!r} (for {piece_name})"
            if grid.normalize(component) not in pieces[piece_name].orientations(one_sided):
                raise PuzzleError(
                    f"{at} the {len(component)} cells marked {marks} starting on this "
                    f"line do not form one {piece_name} piece{' (one-sided)' if one_sided else ''}; "
                    f"{piece_name} is {_inline(pieces[piece_name])} (rows separated by '/'), "
                    f"in any {'rotation' if one_sided else 'rotation or reflection'}")
            if allowed is not None and k >= allowed:
                raise PuzzleError(
                    f"{at} piece {piece_name} is pre-placed {len(groups)} times but "
                    f"{'it is left out by [copies] (0)' if allowed == 0 else f'only {allowed} allowed'}; "
                    f"raise its copies under [copies] or remove pre-placed cells")
            preplaced.append(Placement.of(piece_name, component))
    if not board:
        raise fail("the board has no cells: draw cells to fill with '.'", "board")

    piece_counts = tuple(PieceCount(p, counts[n][0], counts[n][1]) for n, p in pieces.items()
                         if counts[n][1] is None or counts[n][1] > 0)
    try:
        return Puzzle(frozenset(board), piece_counts, tuple(sorted(preplaced)), one_sided, name, grid)
    except PuzzleError as exc:
        raise PuzzleError(f"{source}: {exc}") from None


class _Bad(Exception):
    """A problem with one value; the caller says where it is."""


def _builtin_pieces(names: list[str], grid: Grid = SQUARE) -> tuple[dict[str, Piece], bool]:
    """The pieces of built-in sets and pieces of ``grid`` named, and whether a named set is
    one-sided."""
    pieces: dict[str, Piece] = {}
    one_sided = False
    sets = piece_sets(grid)  # only the sets named are built
    for n in names:
        if n in sets:
            one_sided |= sets[n].one_sided
            for p in sets[n].pieces:
                pieces[p.name] = p
        elif (p := find_piece(n, grid)) is not None:
            pieces[p.name] = p
        elif n in piece_sets():
            other = piece_sets().declaration(n).grid.name
            raise _Bad(f"piece set {n!r} is made for the {other} grid, and this puzzle's grid is "
                       f"{grid.name}: add grid = \"{other}\" (or pick a set of the {grid.name} grid)")
        else:
            raise _Bad(f"unknown piece set or piece {n!r}{_suggest_piece(n, sets, all_piece_names(grid))}; "
                       f"`pentomino list` shows them")
    return pieces, one_sided


def _shape(name: str, value, grid: Grid) -> Piece:
    """A ``[shapes]`` entry: a drawing with '#' (2-D grids; one layer of a cube), or a list of
    cells, each a list of coordinates."""
    if isinstance(value, str):
        return Piece.from_ascii(name, value, grid)
    if not (isinstance(value, list) and value and all(
            isinstance(c, list) and len(c) == grid.dims and all(isinstance(x, int) and not isinstance(x, bool)
                                                               for x in c) for c in value)):
        example = "[[0, 0, 0], [0, 0, 1]]" if grid.dims == 3 else "[[0, 0], [0, 1]]"
        raise PuzzleError(f"shape {name!r} must be a drawing with '#' (several lines between triple quotes "
                          f"\"\"\" ... \"\"\") or a list of cells such as {example}")
    cells = [tuple(c) for c in value]
    bad = [c for c in cells if not grid.is_cell(c)]
    if bad:
        raise PuzzleError(f"shape {name!r}: {list(bad[0])} is not a cell of the {grid.name} grid")
    if len(set(cells)) != len(cells):
        raise PuzzleError(f"shape {name!r} lists a cell twice")
    if not grid.is_connected(cells):
        raise PuzzleError(f"shape {name!r} is not connected: every cell must touch another by a side")
    return Piece(name, grid.normalize(cells), grid)


def _copies_range(n: str, v) -> tuple[int, int | None]:
    """``(min, max)`` for a ``[copies]`` value: a number, ``"any"`` or ``[min, max]``."""
    if isinstance(v, int) and not isinstance(v, bool):
        if v < 0:
            raise _Bad(f"copies of {n} must be 0 or more, not {v} (0 leaves the piece out)")
        return (v, v)
    if v == "any":
        return (0, None)
    if (isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
            and 0 <= v[0] <= v[1]):
        return (v[0], v[1])
    raise _Bad(f"copies of {n} must be a number, \"any\" or [min, max] with 0 <= min <= max; "
               f"got {_toml_value(v)}")


def build_puzzle(*, name: str, pieces: list[str], copies: dict, one_sided: bool | None,
                 board, preplaced: list[Placement], grid: Grid = SQUARE) -> Puzzle:
    """A puzzle from its parts, with the meanings and messages of a puzzle file: ``pieces``
    names built-in sets and pieces of ``grid``, ``copies`` maps names to a number, ``"any"`` or
    ``[min, max]``, ``one_sided`` None follows the sets. For boards drawn elsewhere (the web
    page); write it out with :meth:`Puzzle.to_toml`."""
    try:
        found, set_one_sided = _builtin_pieces(pieces, grid)
        counts = {n: (1, 1) for n in found}
        for n, v in copies.items():
            if n not in found:
                raise _Bad(f"copies name {n!r}, which is not one of the puzzle's pieces{suggest(n, found)}")
            counts[n] = _copies_range(n, v)
    except _Bad as exc:
        raise PuzzleError(str(exc)) from None
    if not found:
        raise PuzzleError("no pieces: choose a piece set")
    piece_counts = tuple(PieceCount(p, counts[n][0], counts[n][1]) for n, p in found.items()
                         if counts[n][1] is None or counts[n][1] > 0)
    if one_sided is None:
        one_sided = set_one_sided or grid.dims == 3  # a solid cannot be turned over
    return Puzzle(frozenset(board), piece_counts, tuple(sorted(preplaced)), one_sided, name, grid)


def _toml_value(v) -> str:
    """A value as it was written in TOML, for messages."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return repr(v)


# -- writing ----------------------------------------------------------------------------------
# Characters that may stand for pre-placed pieces through [legend]: none of them needs quoting
# in a TOML string, and none means something else on a board.
_LEGEND_POOL = "".join(chr(c) for c in range(0x21, 0x7F) if chr(c) not in ".#\"'\\ ") + \
    "".join(chr(c) for c in range(0xC0, 0x250))


def _toml_string(s: str) -> str:
    import json

    return json.dumps(s, ensure_ascii=False)  # a JSON string is a valid TOML basic string


def _copies_value(pc: PieceCount) -> str | None:
    if (pc.min, pc.max) == (1, 1):
        return None
    if pc.max is None:
        if pc.min == 0:
            return '"any"'
        raise PuzzleError(f"copies of {pc.piece.name}: at least {pc.min} and no maximum cannot be "
                          "written to a puzzle file; give a maximum")
    return str(pc.min) if pc.min == pc.max else f"[{pc.min}, {pc.max}]"


def _pieces_lines(puzzle: Puzzle) -> tuple[list[str], list[str]]:
    """The ``pieces = [...]`` names (built-in sets and pieces, in the puzzle's order, as long
    as they are built-in) and the ``[shapes]`` lines for the rest."""
    pieces = [pc.piece for pc in puzzle.pieces]
    grid = puzzle.grid
    builtin = 0
    while builtin < len(pieces) and find_piece(pieces[builtin].name, grid) == pieces[builtin]:
        builtin += 1
    names: list[str] = []
    i = 0
    sets = piece_sets(grid)
    while i < builtin:
        # A whole set, in order, is written as the set's name. The first set that matches wins,
        # and a set longer than the pieces left is passed over unbuilt: writing a puzzle of
        # pentominoes does not generate the hexominoes.
        for name in sets:
            k = sets.declaration(name).size
            if i + k <= builtin and tuple(pieces[i:i + k]) == sets[name].pieces:
                names.append(name)
                i += k
                break
        else:
            names.append(pieces[i].name)
            i += 1
    shapes = []
    for p in pieces[builtin:]:
        if grid is SQUARE:
            drawing = p.to_ascii()
            text = _toml_string(drawing) if "\n" not in drawing else '"""\n' + drawing + '\n"""'
        else:  # other grids: the cells themselves, which need no drawing convention
            text = "[" + ", ".join("[" + ", ".join(map(str, c)) + "]" for c in sorted(p.cells)) + "]"
        shapes.append(f"{_toml_string(p.name)} = {text}")
    return names, shapes


def _board_text(puzzle: Puzzle, owner: dict) -> str:
    """The ``board = ...`` line(s): '.' a free cell, a character for a pre-placed one, '#' for
    no cell (space where the grid has no cell, between hexagons); a solid's layers as a list."""
    grid = puzzle.grid
    low = [min(min(c[d] for c in puzzle.board), 0) for d in range(grid.dims)]
    if grid.dims == 2 and (low[0] + low[1]) % getattr(grid, "step", 1):
        low[1] -= 1  # a shift must keep r + c's parity on triangles and hexagons
    high = [max(c[d] for c in puzzle.board) for d in range(grid.dims)]

    def drawing(cell_at) -> str:
        rows = []
        for r in range(low[-2], high[-2] + 1):
            row = ""
            for c in range(low[-1], high[-1] + 1):
                cell = cell_at(r, c)
                row += owner.get(cell, ".") if cell in puzzle.board else "#" if grid.is_cell(cell) else " "
            rows.append(row.rstrip("# ") or "#")
        return '"""\n' + "\n".join(rows) + '\n"""'

    if grid.dims == 3:
        return "board = [" + ", ".join(drawing(lambda r, c, z=z: (z, r, c))
                                       for z in range(low[0], high[0] + 1)) + "]"
    return "board = " + drawing(lambda r, c: (r, c))


def write_puzzle(puzzle: Puzzle) -> str:
    """The text of a puzzle file that :func:`parse_puzzle` reads back to an equal puzzle.

    Built-in pieces are named (whole sets by the set's name), other pieces drawn under
    ``[shapes]``; pre-placed pieces are drawn on the board, with a ``[legend]`` character for
    each copy whose name is longer than one character or that is not the piece's first copy.
    A board with negative coordinates is moved so that its top row and left column are 0 (on
    triangles and hexagons, by a shift that keeps each cell's kind).
    """
    names, shapes = _pieces_lines(puzzle)
    sets = piece_sets(puzzle.grid)
    implied = any(sets.declaration(n).one_sided for n in names if n in sets) or puzzle.grid.dims == 3
    lines = []
    if puzzle.name:
        lines.append(f"name = {_toml_string(puzzle.name)}")
    if puzzle.grid is not SQUARE:
        lines.append(f"grid = {_toml_string(puzzle.grid.name)}")
    if names:
        value = _toml_string(names[0]) if len(names) == 1 else \
            "[" + ", ".join(_toml_string(n) for n in names) + "]"
        lines.append(f"pieces = {value}")
    if puzzle.one_sided != implied:
        lines.append(f"one_sided = {'true' if puzzle.one_sided else 'false'}")

    # The board, with the pre-placed pieces drawn on it.
    owner: dict = {}
    legend: dict[str, str] = {}
    taken = {pc.piece.name for pc in puzzle.pieces}
    pool = (ch for ch in _LEGEND_POOL if ch not in taken)
    seen: set[str] = set()
    for pl in puzzle.preplaced:
        ch = pl.piece
        if len(ch) != 1 or ch in seen:
            ch = next(pool, None)
            if ch is None:
                raise PuzzleError("too many pre-placed pieces to draw on one board")
            legend[ch] = pl.piece
        seen.add(pl.piece)
        for cell in pl.cells:
            owner[cell] = ch
    lines.append(_board_text(puzzle, owner))

    if shapes:
        lines += ["", "[shapes]", *shapes]
    copies = [(pc.piece.name, v) for pc in puzzle.pieces if (v := _copies_value(pc)) is not None]
    if copies:
        lines += ["", "[copies]", *(f"{_toml_string(n)} = {v}" for n, v in copies)]
    if legend:
        lines += ["", "[legend]", *(f"{_toml_string(ch)} = {_toml_string(n)}" for ch, n in legend.items())]
    return "\n".join(lines) + "\n"
