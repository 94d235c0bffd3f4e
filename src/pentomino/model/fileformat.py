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
from pentomino.geometry import SQUARE
from pentomino.model.piece import Piece
from pentomino.model.piecesets import all_piece_names, find_piece, piece_sets
from pentomino.model.puzzle import PieceCount, Placement, Puzzle

KEYS = ("name", "pieces", "one_sided", "board", "shapes", "copies", "legend")


def suggest(word: str, choices) -> str:
    """`` (did you mean 'X'?)`` for the closest choice, or nothing."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.5)
    if not close:
        close = [c for c in choices if c.lower() == word.lower()]
    return f" (did you mean {close[0]!r}?)" if close else ""


def _key_line(text: str, key: str) -> int | None:
    """1-based line of ``key =`` in the file, for messages."""
    for i, line in enumerate(text.split("\n"), 1):
        if re.match(rf"\s*{re.escape(key)}\s*=", line):
            return i
    return None


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
        raise PuzzleError(f"{source}: not valid TOML: {exc}") from None

    def fail(msg: str, key: str | None = None) -> PuzzleError:
        line = _key_line(text, key) if key else None
        where = f"{source}:{line}" if line else source
        return PuzzleError(f"{where}: {msg}")

    for key in data:
        if key not in KEYS:
            raise fail(f"unknown key {key!r}{suggest(key, KEYS)}; the keys are {', '.join(KEYS)}", key)

    name = data.get("name", "")
    if not isinstance(name, str):
        raise fail("'name' must be a string", "name")
    one_sided = data.get("one_sided")
    if one_sided is not None and not isinstance(one_sided, bool):
        raise fail("'one_sided' must be true or false", "one_sided")

    # Pieces: built-in sets and pieces, then custom shapes.
    pieces: dict[str, Piece] = {}
    set_one_sided = False
    names = data.get("pieces", [])
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise fail("'pieces' must be a set or piece name, or a list of them", "pieces")
    sets = piece_sets()
    for n in names:
        if n in sets:
            set_one_sided |= sets[n].one_sided
            for p in sets[n].pieces:
                pieces[p.name] = p
        elif (p := find_piece(n)) is not None:
            pieces[p.name] = p
        else:
            choices = list(sets) + all_piece_names()
            raise fail(f"unknown piece set or piece {n!r}{suggest(n, choices)}; "
                       f"`pentomino list` shows them", "pieces")
    shapes = data.get("shapes", {})
    if not isinstance(shapes, dict):
        raise fail("[shapes] must be a table of name = drawing", "shapes")
    for n, drawing in shapes.items():
        if not isinstance(drawing, str):
            raise fail(f"shape {n!r} must be a string drawn with '#'", n)
        try:
            pieces[n] = Piece.from_ascii(n, drawing)
        except PuzzleError as exc:
            raise fail(str(exc), n) from None
    if not pieces:
        raise fail("no pieces: name a set with 'pieces = \"pentominoes\"' or draw some under [shapes]")
    if one_sided is None:
        one_sided = set_one_sided

    # Copies.
    counts = {n: (1, 1) for n in pieces}
    copies = data.get("copies", {})
    if not isinstance(copies, dict):
        raise fail("[copies] must be a table of name = number", "copies")
    for n, v in copies.items():
        if n not in pieces:
            raise fail(f"[copies] names {n!r}, which is not one of the puzzle's pieces"
                       f"{suggest(n, pieces)}", n)
        if isinstance(v, bool):
            v = None
        if isinstance(v, int):
            if v < 0:
                raise fail(f"copies of {n} must be 0 or more, not {v}", n)
            counts[n] = (v, v)
        elif v == "any":
            counts[n] = (0, None)
        elif (isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool)
                                                          for x in v) and 0 <= v[0] <= v[1]):
            counts[n] = (v[0], v[1])
        else:
            raise fail(f"copies of {n} must be a number, \"any\" or [min, max] with 0 <= min <= max; "
                       f"got {v!r}", n)

    # Legend: board characters standing for longer names.
    legend = data.get("legend", {})
    if not isinstance(legend, dict):
        raise fail("[legend] must be a table of character = \"piece name\"", "legend")
    for ch, target in legend.items():
        if len(ch) != 1 or not isinstance(target, str):
            raise fail(f"[legend] entry {ch!r}: use one character = \"piece name\"", "legend")
        if target not in pieces:
            raise fail(f"[legend] maps {ch!r} to {target!r}, which is not one of the puzzle's pieces"
                       f"{suggest(target, pieces)}", "legend")

    # Board.
    board_text = data.get("board")
    if not isinstance(board_text, str):
        raise fail("no board: add board = \"\"\" ... \"\"\" with '.' for each cell to fill", "board"
                   if "board" in data else None)
    first = _board_first_line(text)
    lines = board_text.split("\n")
    board = set()
    marked: dict[str, list] = {}
    for cell, ch in SQUARE.parse_cell_text(lines).items():
        if ch == "#":
            continue
        board.add(cell)
        if ch == ".":
            continue
        piece_name = legend.get(ch, ch)
        if piece_name not in pieces:
            raise PuzzleError(
                f"{source}:{first + cell[0]}: board character {ch!r} (column {cell[1] + 1}) is not a piece; "
                f"use '.' for a cell to fill, '#' or space for no cell, a piece name for a pre-placed "
                f"piece, or map it under [legend]{suggest(ch, pieces)}")
        marked.setdefault(piece_name, []).append(cell)
    preplaced = []
    for piece_name, cells in marked.items():
        for component in _components(cells):
            if SQUARE.normalize(component) not in pieces[piece_name].orientations(one_sided):
                row = min(component)[0]
                raise PuzzleError(
                    f"{source}:{first + row}: the {len(component)} cells marked {piece_name!r} "
                    f"do not form one {piece_name} piece{' (one-sided)' if one_sided else ''}; "
                    f"it looks like {pieces[piece_name].to_ascii()!r}")
            preplaced.append(Placement.of(piece_name, component))
    if not board:
        raise fail("the board has no cells: draw cells to fill with '.'", "board")

    piece_counts = tuple(PieceCount(p, counts[n][0], counts[n][1]) for n, p in pieces.items()
                         if counts[n][1] is None or counts[n][1] > 0)
    try:
        return Puzzle(frozenset(board), piece_counts, tuple(sorted(preplaced)), one_sided, name)
    except PuzzleError as exc:
        raise PuzzleError(f"{source}: {exc}") from None


def _components(cells) -> list[list]:
    """Edge-connected groups of cells: each group marked with one letter is one placed piece."""
    left = set(cells)
    out = []
    while left:
        stack = [left.pop()]
        group = []
        while stack:
            c = stack.pop()
            group.append(c)
            for n in SQUARE.neighbours(c):
                if n in left:
                    left.remove(n)
                    stack.append(n)
        out.append(group)
    return out
