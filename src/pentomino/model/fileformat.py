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
        pieces, set_one_sided = _builtin_pieces(names)
    except _Bad as exc:
        raise fail(str(exc), "pieces") from None
    shapes = data.get("shapes", {})
    if not isinstance(shapes, dict):
        raise fail("[shapes] must be a table of name = drawing", "shapes")
    for n, drawing in shapes.items():
        if n in (".", "#") or not n.strip() or n != n.strip() or any(ch.isspace() for ch in n):
            raise fail(f"shape name {n!r} cannot name a piece: use letters or digits, not '.', '#' "
                       "or spaces", n, "shapes")
        if not isinstance(drawing, str):
            raise fail(f"shape {n!r} must be a string drawn with '#', one text line a row "
                       "(put several lines between triple quotes \"\"\" ... \"\"\")", n, "shapes")
        try:
            pieces[n] = Piece.from_ascii(n, drawing)
        except PuzzleError as exc:
            raise fail(str(exc), n, "shapes") from None
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
    if "board" in data and not isinstance(board_text, str):
        raise fail("'board' must be a string: board = \"\"\" ... \"\"\" with one text line a row, "
                   "'.' for each cell to fill", "board")
    if board_text is None:
        raise fail("no board: add board = \"\"\" ... \"\"\" with '.' for each cell to fill")
    first = _board_first_line(text)
    lines = board_text.split("\n")
    board = set()
    marked: dict[str, list] = {}  # board character -> its cells
    for cell, ch in SQUARE.parse_cell_text(lines).items():
        if ch == "#":
            continue
        board.add(cell)
        if ch == ".":
            continue
        if legend.get(ch, ch) not in pieces:
            raise PuzzleError(
                f"{source}:{first + cell[0]}: board character {ch!r} (column {cell[1] + 1}) is not a piece; "
                f"use '.' for a cell to fill, '#' or space for no cell, a piece name for a pre-placed "
                f"piece, or map it under [legend]{suggest(ch, pieces)}")
        marked.setdefault(ch, []).append(cell)
    # Each connected group of one character is one copy: two copies of a piece that touch are
    # told apart by drawing them with two characters that [legend] maps to the same piece.
    groups_of: dict[str, list] = {}
    for ch, cells in marked.items():
        for component in SQUARE.components(cells):
            groups_of.setdefault(legend.get(ch, ch), []).append((min(component), ch, component))
    preplaced = []
    for piece_name, groups in groups_of.items():
        allowed = counts[piece_name][1]
        for k, (_, ch, component) in enumerate(sorted(groups)):
            row = min(component)[0]
            marks = repr(ch) if ch == piece_name else f"{ch!r} (for {piece_name})"
            if SQUARE.normalize(component) not in pieces[piece_name].orientations(one_sided):
                raise PuzzleError(
                    f"{source}:{first + row}: the {len(component)} cells marked {marks} starting on this "
                    f"line do not form one {piece_name} piece{' (one-sided)' if one_sided else ''}; "
                    f"{piece_name} is {_inline(pieces[piece_name])} (rows separated by '/'), "
                    f"in any {'rotation' if one_sided else 'rotation or reflection'}")
            if allowed is not None and k >= allowed:
                raise PuzzleError(
                    f"{source}:{first + row}: piece {piece_name} is pre-placed {len(groups)} times but "
                    f"{'it is left out by [copies] (0)' if allowed == 0 else f'only {allowed} allowed'}; "
                    f"raise its copies under [copies] or remove pre-placed cells")
            preplaced.append(Placement.of(piece_name, component))
    if not board:
        raise fail("the board has no cells: draw cells to fill with '.'", "board")

    piece_counts = tuple(PieceCount(p, counts[n][0], counts[n][1]) for n, p in pieces.items()
                         if counts[n][1] is None or counts[n][1] > 0)
    try:
        return Puzzle(frozenset(board), piece_counts, tuple(sorted(preplaced)), one_sided, name)
    except PuzzleError as exc:
        raise PuzzleError(f"{source}: {exc}") from None


class _Bad(Exception):
    """A problem with one value; the caller says where it is."""


def _builtin_pieces(names: list[str]) -> tuple[dict[str, Piece], bool]:
    """The pieces of built-in sets and pieces named, and whether a named set is one-sided."""
    pieces: dict[str, Piece] = {}
    one_sided = False
    sets = piece_sets()
    for n in names:
        if n in sets:
            one_sided |= sets[n].one_sided
            for p in sets[n].pieces:
                pieces[p.name] = p
        elif (p := find_piece(n)) is not None:
            pieces[p.name] = p
        else:
            raise _Bad(f"unknown piece set or piece {n!r}{_suggest_piece(n, sets, all_piece_names())}; "
                       f"`pentomino list` shows them")
    return pieces, one_sided


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
                 board, preplaced: list[Placement]) -> Puzzle:
    """A puzzle from its parts, with the meanings and messages of a puzzle file: ``pieces``
    names built-in sets and pieces, ``copies`` maps names to a number, ``"any"`` or
    ``[min, max]``, ``one_sided`` None follows the sets. For boards drawn elsewhere (the web
    page); write it out with :meth:`Puzzle.to_toml`."""
    try:
        found, set_one_sided = _builtin_pieces(pieces)
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
    return Puzzle(frozenset(board), piece_counts, tuple(sorted(preplaced)),
                  set_one_sided if one_sided is None else one_sided, name)


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
    builtin = 0
    while builtin < len(pieces) and find_piece(pieces[builtin].name) == pieces[builtin]:
        builtin += 1
    names: list[str] = []
    i = 0
    sets = piece_sets()
    while i < builtin:
        for s in sets.values():  # a whole set, in order, is written as the set's name
            k = len(s.pieces)
            if tuple(pieces[i:i + k]) == s.pieces and i + k <= builtin:
                names.append(s.name)
                i += k
                break
        else:
            names.append(pieces[i].name)
            i += 1
    shapes = []
    for p in pieces[builtin:]:
        drawing = p.to_ascii()
        text = _toml_string(drawing) if "\n" not in drawing else '"""\n' + drawing + '\n"""'
        shapes.append(f"{_toml_string(p.name)} = {text}")
    return names, shapes


def write_puzzle(puzzle: Puzzle) -> str:
    """The text of a puzzle file that :func:`parse_puzzle` reads back to an equal puzzle.

    Built-in pieces are named (whole sets by the set's name), other pieces drawn under
    ``[shapes]``; pre-placed pieces are drawn on the board, with a ``[legend]`` character for
    each copy whose name is longer than one character or that is not the piece's first copy.
    A board with negative coordinates is moved so that its top row and left column are 0.
    """
    names, shapes = _pieces_lines(puzzle)
    implied = any(piece_sets()[n].one_sided for n in names if n in piece_sets())
    lines = []
    if puzzle.name:
        lines.append(f"name = {_toml_string(puzzle.name)}")
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
    r0, c0, r1, c1 = SQUARE.bounding_rows_cols(puzzle.board)
    r0, c0 = min(r0, 0), min(c0, 0)
    rows = []
    for r in range(r0, r1 + 1):
        row = "".join(owner.get((r, c), ".") if (r, c) in puzzle.board else "#" for c in range(c0, c1 + 1))
        rows.append(row.rstrip("#") or "#")
    lines.append('board = """\n' + "\n".join(rows) + '\n"""')

    if shapes:
        lines += ["", "[shapes]", *shapes]
    copies = [(pc.piece.name, v) for pc in puzzle.pieces if (v := _copies_value(pc)) is not None]
    if copies:
        lines += ["", "[copies]", *(f"{_toml_string(n)} = {v}" for n, v in copies)]
    if legend:
        lines += ["", "[legend]", *(f"{_toml_string(ch)} = {_toml_string(n)}" for ch, n in legend.items())]
    return "\n".join(lines) + "\n"
