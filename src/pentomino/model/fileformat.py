"""Reading puzzle files (TOML). The format is a contract: see the README.

Every problem is reported as one :class:`PuzzleError` line naming the file, the line where it
can be told, what is wrong and how to fix it. Reading goes in steps, one a key or table
(:func:`parse_puzzle` lists them); what makes the puzzle valid as a whole is checked once, by
:func:`pentomino.model.validity.puzzle_fault`, whose fault is told at the line that wrote it.

Reading gives, and writing takes, a puzzle's fields (:class:`~pentomino.model.fields.PuzzleFields`);
:meth:`Puzzle.from_toml <pentomino.model.puzzle.Puzzle.from_toml>` and
:meth:`Puzzle.to_toml <pentomino.model.puzzle.Puzzle.to_toml>` are the way in for users.
"""

from __future__ import annotations

import difflib
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import chain, filterfalse, repeat
from typing import Any, cast

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from pentomino.errors import PuzzleError
from pentomino.geometry import DEFAULT_GRID, GRIDS, SQUARE, Cell, Grid
from pentomino.geometry.wrap import WRAPS, WrapKind, wrap_of
from pentomino.model.fields import PuzzleFields
from pentomino.model.labels import Labels
from pentomino.model.piece import TURNS, Piece, PieceCount, Turns
from pentomino.model.piecesets import PieceSets, all_piece_names, find_piece, piece_sets
from pentomino.model.placement import Placement
from pentomino.model.rules import RULES, RuleName, rule_names
from pentomino.model.validity import Fault, puzzle_fault

KEYS = ("name", "grid", "pieces", "one_sided", "board", "wrap", "rules", "labels", "open", "shapes", "copies",
        "orientation", "legend", "groups")

Copies = tuple[int, int | None]
"""A piece's fewest and most copies (None: any number), as :class:`PieceCount` holds them."""


def suggest(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'X'?)`` for the closest choice, or nothing."""
    choices = list(choices)
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.5)
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


def _suggest_piece(word: str, sets: PieceSets, names: list[str]) -> str:
    """A hint for an unknown set or piece name: the closest name, or the pieces of that size."""
    hint = suggest(word, list(sets) + names)
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


def _board_first_line(text: str, key: str = "board") -> int:
    """The file line holding board row 0 (after the opening newline of a multi-line string);
    with ``key``, the first line of that drawing instead (``labels``)."""
    line = _key_line(text, key) or 1
    opening = text.split("\n")[line - 1]
    after = re.split(r'=\s*("""|\'\'\')', opening, maxsplit=1)
    if len(after) == 3 and after[2].strip() == "":
        return line + 1
    return line


# -- reading, step by step --------------------------------------------------------------------
def parse_puzzle(text: str, source: str = "<string>") -> PuzzleFields:
    """Parse a puzzle file's text into a valid puzzle's fields; ``source`` names it in messages."""
    file = _File.read(text, source)
    _check_keys(file)
    name = _name(file)
    grid = _grid(file)
    one_sided, all_turn = _one_sided(file)
    pieces, set_one_sided = _pieces(file, grid)
    counts = _copies(file, pieces)
    turns = _orientation(file, pieces, all_turn)
    wrap = _wrap(file)
    board = _board(file, grid, pieces, _legend(file, pieces), wrap)
    labels = _labels(file, grid, board.cells)
    opened = _open(file, labels)
    parts = _Parts(name, grid, _piece_counts(pieces, counts, turns), _sidedness(one_sided, set_one_sided, grid),
                   board.cells, board.preplaced, labels, opened, wrap, _rules(file))
    return parts.puzzle(lambda fault: _located(fault, file, board))


@dataclass(frozen=True)
class _File:
    """A puzzle file being read: its text, its name in messages, and its TOML table."""

    text: str
    source: str
    data: dict[str, Any]

    @classmethod
    def read(cls, text: str, source: str) -> _File:
        """The file's text as TOML; a syntax error as a :class:`PuzzleError` at its line. A
        byte-order mark at the start (as Notepad saves UTF-8) is read past; brackets nested
        deeper than the parser can follow are refused."""
        text = text.removeprefix("\ufeff")
        try:
            return cls(text, source, tomllib.loads(text))
        except tomllib.TOMLDecodeError as exc:
            raise _toml_error(exc, text, source) from None
        except RecursionError:  # the parser descends once a bracket: [[[[ ... ]]]] runs out of stack
            raise PuzzleError(f"{source}: not valid as a puzzle file: lists or tables nested too deeply "
                              "(a shape's list of cells, the deepest a puzzle file needs, is two deep); "
                              "remove the extra brackets") from None

    def error(self, msg: str, key: str | None = None, table: str = "") -> PuzzleError:
        """``msg`` at the line of ``key`` (in ``table``), else of ``table``, else of no line."""
        line = _key_line(self.text, key, table) if key else None
        if line is None and table:
            line = _key_line(self.text, table)
        where = f"{self.source}:{line}" if line else self.source
        return PuzzleError(f"{where}: {msg}")


def _check_keys(file: _File) -> None:
    for key in file.data:
        if key not in KEYS:
            raise file.error(f"unknown key {key!r}{suggest(key, KEYS)}; the keys are {', '.join(KEYS)}", key)


def _name(file: _File) -> str:
    name = file.data.get("name", "")
    if not isinstance(name, str):
        raise file.error("'name' must be a string", "name")
    return name


def _grid(file: _File) -> Grid:
    grid_name = file.data.get("grid", DEFAULT_GRID.name)
    if not isinstance(grid_name, str) or grid_name not in GRIDS:
        raise file.error(f"unknown grid {grid_name!r}{suggest(str(grid_name), GRIDS)}; the grids are "
                         f"{', '.join(GRIDS)}", "grid")
    return GRIDS[grid_name]


def _wrap(file: _File) -> WrapKind | None:
    """``wrap`` as written: which edges of the board are glued (None: none)."""
    wrap = file.data.get("wrap")
    if wrap is None:
        return None
    if wrap not in WRAPS:
        raise file.error(f"'wrap' must be {', '.join(repr(w) for w in WRAPS[:-1])} or {WRAPS[-1]!r}, not "
                         f"{_toml_value(wrap)}{suggest(str(wrap), WRAPS)}", "wrap")
    return cast(WrapKind, wrap)


def _rules(file: _File) -> tuple[RuleName, ...]:
    """``rules`` as written: the tiling rules a solution keeps (a list of names)."""
    rules = file.data.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise file.error(f"'rules' must be a list of rule names ({', '.join(RULES)}), not {_toml_value(rules)}",
                         "rules")
    for name in rules:
        if name not in RULES:
            raise file.error(f"unknown rule {name!r}{suggest(name, RULES)}; the rules are {', '.join(RULES)}",
                             "rules")
    return rule_names(rules)


def _one_sided(file: _File) -> tuple[bool | None, Turns | None]:
    """``one_sided`` as written (None if it is not: the piece sets say), and how every piece
    turns where it names that (``"face-down"``, say) rather than true or false."""
    one_sided = file.data.get("one_sided")
    if isinstance(one_sided, str) and one_sided in TURNS:
        turns: Turns = one_sided
        return turns != "free", turns if turns in ("face-down", "fixed") else None
    if one_sided is not None and not isinstance(one_sided, bool):
        raise file.error("'one_sided' must be true, false, \"face-up\", \"face-down\" or \"fixed\"", "one_sided")
    return one_sided, None


def _orientation(file: _File, pieces: dict[str, Piece], all_turn: Turns | None) -> dict[str, Turns | None]:
    """[orientation]: how each piece named may be turned (see :data:`~pentomino.model.piece.Turns`)."""
    table = file.data.get("orientation", {})
    if not isinstance(table, dict):
        raise file.error("[orientation] must be a table of piece name = \"free\", \"face-up\", \"face-down\" "
                         "or \"fixed\"", "orientation")
    turns: dict[str, Turns | None] = dict.fromkeys(pieces, all_turn)
    for n, v in table.items():
        if n not in pieces:
            raise file.error(f"[orientation] names {n!r}, which is not one of the puzzle's pieces"
                             f"{suggest(n, pieces)}", n, "orientation")
        if v not in TURNS:
            raise file.error(f"[orientation] of {n}: {_toml_value(v)} is not one of \"free\" (turned and turned "
                             "over), \"face-up\" (turned only), \"face-down\" (turned over, then turned only) or "
                             "\"fixed\" (not turned)", n, "orientation")
        turns[n] = cast(Turns, v)
    return turns


def _labels(file: _File, grid: Grid, cells: frozenset[Cell]) -> Labels | None:
    """``labels`` (a drawing of words, the k-th word of a line labelling the k-th cell of the
    board's line, '.' none) and ``[groups]`` (name = [labels]), or None without labels."""
    drawing = file.data.get("labels")
    groups = file.data.get("groups", {})
    if not isinstance(groups, dict) or not all(
            isinstance(v, list) and all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in v)
            for v in groups.values()):
        raise file.error("[groups] must be a table of name = [labels], e.g. month = [\"Jan\", \"Feb\", ...]",
                         "groups")
    if drawing is None:
        if groups:
            raise file.error("[groups] names labels, but there are none: label the board's cells with "
                             "labels = \"\"\" ... \"\"\"", "groups")
        return None
    if grid.layered:
        if not (isinstance(drawing, list) and all(isinstance(x, str) for x in drawing)):
            raise file.error("on a layered grid 'labels' is a list of drawings, one a layer, as 'board' is", "labels")
        layers = [layer.split("\n") for layer in drawing]
    elif isinstance(drawing, str):
        layers = [drawing.split("\n")]
    else:
        raise file.error("'labels' must be a drawing: labels = \"\"\" ... \"\"\" with a word for each cell of "
                         "the board's line, '.' for none", "labels")
    rows: dict[tuple[int, int], list[Cell]] = {}
    for cell in cells:
        rows.setdefault((grid.layer(cell), grid.in_layer(cell)[0]), []).append(cell)
    first = _board_first_line(file.text, "labels")
    labelled: list[tuple[Cell, str]] = []
    for z, lines in enumerate(layers):
        for r, line in enumerate(lines):
            words = line.split()
            row = sorted(rows.get((z, r), []), key=lambda c: grid.in_layer(c)[1])
            if len(words) != len(row):
                where = f"{file.source}:{first + r}:" if not grid.layered else \
                    f"{file.source}:{first}: (layer {z + 1}, row {r + 1})"
                raise PuzzleError(f"{where} labels line {r + 1} has {len(words)} words for the board's "
                                  f"{len(row)} cells in that line: write one word a cell, '.' for no label")
            labelled += [(c, w) for c, w in zip(row, words, strict=True) if w != "."]
    return Labels(tuple(sorted(labelled)), tuple((str(n), tuple(str(x) for x in v)) for n, v in groups.items()))


def _open(file: _File, labels: Labels | None) -> tuple[str, ...]:
    """``open``: the labels whose cells are left open (a list, or words in a string)."""
    value = file.data.get("open", [])
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list) or not all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in value):
        raise file.error("'open' must be a list of labels, e.g. open = [\"Nov\", \"26\"]", "open")
    if value and labels is None:
        raise file.error("'open' names labels, but the board has none: label its cells with labels = \"\"\" ... \"\"\"",
                         "open")
    if labels is None:
        return ()
    try:
        return tuple(labels.canonical(str(x)) for x in value)
    except PuzzleError as exc:
        raise file.error(str(exc), "open") from None


def _sidedness(one_sided: bool | None, set_one_sided: bool, grid: Grid) -> bool:
    """Whether pieces may only be turned, not over: as written; else as a named set is meant
    to be used, and always where the grid's pieces cannot be turned over (solids)."""
    if one_sided is None:
        return set_one_sided or grid.one_sided_by_default
    return one_sided


def _pieces(file: _File, grid: Grid) -> tuple[dict[str, Piece], bool]:
    """The pieces by name: the built-in sets and pieces ``pieces`` names, then the shapes drawn
    under [shapes] (one of a built-in piece's name replaces it); and whether a named set is
    one-sided."""
    names = file.data.get("pieces", [])
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise file.error("'pieces' must be a set or piece name, or a list of them", "pieces")
    try:
        pieces, set_one_sided = _builtin_pieces(names, grid)
    except PuzzleError as exc:
        raise file.error(str(exc), "pieces") from None
    pieces.update(_shapes(file, grid))
    if not pieces:
        raise file.error("no pieces: name a set with 'pieces = \"pentominoes\"' or draw some under [shapes]")
    return pieces, set_one_sided


def _shapes(file: _File, grid: Grid) -> dict[str, Piece]:
    shapes = file.data.get("shapes", {})
    if not isinstance(shapes, dict):
        raise file.error("[shapes] must be a table of name = drawing", "shapes")
    out: dict[str, Piece] = {}
    for name, drawing in shapes.items():
        try:
            out[name] = _shape(name, drawing, grid)
        except PuzzleError as exc:
            raise file.error(str(exc), name, "shapes") from None
    return out


def _copies(file: _File, pieces: dict[str, Piece]) -> dict[str, Copies]:
    """Each piece's copies: one, unless [copies] says otherwise."""
    copies = file.data.get("copies", {})
    if not isinstance(copies, dict):
        raise file.error("[copies] must be a table of name = number", "copies")
    counts: dict[str, Copies] = {n: (1, 1) for n in pieces}
    for n, v in copies.items():
        if n not in pieces:
            raise file.error(f"[copies] names {n!r}, which is not one of the puzzle's pieces"
                             f"{suggest(n, pieces)}; add it to 'pieces' or [shapes], or fix the name",
                             n, "copies")
        try:
            counts[n] = _copies_range(n, v)
        except PuzzleError as exc:
            raise file.error(str(exc), n, "copies") from None
    return counts


def _legend(file: _File, pieces: dict[str, Piece]) -> dict[str, str]:
    """[legend]: board characters standing for (longer) piece names."""
    legend = file.data.get("legend", {})
    if not isinstance(legend, dict):
        raise file.error("[legend] must be a table of character = \"piece name\"", "legend")
    for ch, target in legend.items():
        if len(ch) != 1 or not isinstance(target, str):
            raise file.error(f"[legend] entry {ch!r}: use one character = \"piece name\", e.g. o = \"O4\"",
                             ch, "legend")
        if ch in ".# ":
            raise file.error(f"[legend] cannot map {ch!r}: '.', '#' and space already mean a cell to fill "
                             "and no cell; pick another character", ch, "legend")
        if target not in pieces:
            raise file.error(f"[legend] maps {ch!r} to {target!r}, which is not one of the puzzle's pieces"
                             f"{suggest(target, pieces)}", ch, "legend")
    return legend


@dataclass(frozen=True)
class _Board:
    """A board as drawn: its cells, the pre-placed pieces drawn on it (sorted) with the
    character each is drawn with, and where a cell was drawn, to begin a message."""

    cells: frozenset[Cell]
    preplaced: tuple[Placement, ...]
    drawn_with: dict[Placement, str]
    where: Callable[[Cell], str]


def _board(file: _File, grid: Grid, pieces: dict[str, Piece], legend: dict[str, str],
           wrap: WrapKind | None = None) -> _Board:
    where = _where_drawn(file, grid)
    marked: dict[str, list[Cell]] = {}  # board character -> its cells
    cells = frozenset(chain.from_iterable(_drawn_cells(_board_layers(file, grid), grid, pieces, legend, where,
                                                       marked)))
    components = grid.components
    if wrap is not None and marked:  # a piece drawn across a seam is one piece
        try:
            surface = wrap_of(wrap, grid, cells)
        except PuzzleError as exc:
            raise file.error(str(exc), "wrap") from None
        components = partial(surface.components, grid)
    drawn_with = _drawn_pieces(marked, legend, components)
    return _Board(cells, tuple(sorted(drawn_with)), drawn_with, where)


def _board_layers(file: _File, grid: Grid) -> list[list[str]]:
    """The board's drawing as lines of text, a list of them a layer: one drawing, or on a
    layered grid (cubes) one a layer."""
    drawing = file.data.get("board")
    if drawing is None:
        raise file.error("no board: add board = \"\"\" ... \"\"\" with '.' for each cell to fill")
    if grid.layered:
        if not (isinstance(drawing, list) and drawing and all(isinstance(x, str) for x in drawing)):
            raise file.error(f"a {grid.name} board is a list of layers, one drawing a layer (z = 0 first): "
                             "board = [\"\"\" ... \"\"\", \"\"\" ... \"\"\"]", "board")
        return [layer.split("\n") for layer in drawing]
    if not isinstance(drawing, str):
        raise file.error("'board' must be a string: board = \"\"\" ... \"\"\" with one text line a row, "
                         "'.' for each cell to fill", "board")
    return [drawing.split("\n")]


def _where_drawn(file: _File, grid: Grid) -> Callable[[Cell], str]:
    """Where a board cell was drawn, as a message begins: its file line, or on a layered grid
    (cubes) the line of ``board`` with the cell's layer and row."""
    if grid.layered:
        line = _key_line(file.text, "board") or 1
        return lambda cell: f"{file.source}:{line}: (layer {grid.layer(cell) + 1}, row {grid.in_layer(cell)[0] + 1})"
    first = _board_first_line(file.text)
    return lambda cell: f"{file.source}:{first + grid.in_layer(cell)[0]}:"


_PLAIN = re.compile(r"[.# ]*")
"""A line of a board drawing with no pre-placed piece on it: cells to fill, and no cells."""
_TO_FILL = re.compile(r"\.+")


def _drawn_cells(layers: list[list[str]], grid: Grid, pieces: dict[str, Piece], legend: dict[str, str],
                 where: Callable[[Cell], str], marked: dict[str, list[Cell]]) -> Iterator[list[Cell]]:
    """The cells drawn on the board, a run of them at a time, in the order they are drawn, each
    checked (:func:`_check_board_character`); those of pre-placed pieces also go to ``marked``
    under their character. Blanks and '#' are no cells.

    A board may be drawn millions of cells large, only to be told that the pieces cannot cover
    it: a line of '.' alone (the most of any board) is taken a run at a time, its cells made by
    the interpreter's own loops, its column numbers shared."""
    for z, lines in enumerate(layers):
        columns = list(range(max(map(len, lines), default=0)))
        for r, line in enumerate(lines):
            if _PLAIN.fullmatch(line):
                for run in _TO_FILL.finditer(line):
                    cells = list(map(grid.cell_at, repeat(z), zip(repeat(r), columns[run.start():run.end()])))
                    odd = next(filterfalse(grid.is_cell, cells), None)
                    if odd is not None:
                        _check_board_character(odd, ".", grid, pieces, legend, where)
                    yield cells
                continue
            for c, ch in enumerate(line):
                if ch in " #":
                    continue
                cell = grid.cell_at(z, (r, c))
                _check_board_character(cell, ch, grid, pieces, legend, where)
                if ch != ".":
                    marked.setdefault(ch, []).append(cell)
                yield [cell]


def _check_board_character(cell: Cell, ch: str, grid: Grid, pieces: dict[str, Piece], legend: dict[str, str],
                           where: Callable[[Cell], str]) -> None:
    """That ``ch``, drawn at ``cell``, is on a cell of the grid and is '.' or a piece's."""
    column = grid.in_layer(cell)[1] + 1
    if not grid.is_cell(cell):
        raise PuzzleError(
            f"{where(cell)} character {ch!r} at column {column} is between cells: on a {grid.name} board "
            f"cells are where {grid.cell_rule}; leave the others blank")
    if ch != "." and legend.get(ch, ch) not in pieces:
        raise PuzzleError(
            f"{where(cell)} board character {ch!r} (column {column}) is not a piece; "
            f"use '.' for a cell to fill, '#' or space for no cell, a piece name for a pre-placed "
            f"piece, or map it under [legend]{suggest(ch, pieces)}")


def _drawn_pieces(marked: dict[str, list[Cell]], legend: dict[str, str],
                  components: Callable[[list[Cell]], list[list[Cell]]]) -> dict[Placement, str]:
    """Each pre-placed piece with the character it is drawn with. Each connected group of one
    character (``components``: across the seams of a board that wraps) is one copy: two copies
    of a piece that touch are told apart by drawing them with two characters that [legend] maps
    to the same piece."""
    return {Placement.of(legend.get(ch, ch), component): ch
            for ch, cells in marked.items() for component in components(cells)}


def _located(fault: Fault, file: _File, board: _Board) -> PuzzleError:
    """A fault of the puzzle read, told where the file wrote the part at fault: a shape's name
    at its line under [shapes], a pre-placed piece by its character where it starts."""
    if fault.name is not None:
        return file.error(f"shape name {fault.name!r} {fault.problem}", fault.name, "shapes")
    if fault.labels:
        return file.error(fault.message, "labels")
    if fault.wrap:
        return file.error(fault.message, "wrap")
    if fault.rules:
        return file.error(fault.message, "rules")
    if fault.preplaced is not None:
        pl = board.preplaced[fault.preplaced]
        ch = board.drawn_with[pl]
        marks = repr(ch) if ch == pl.piece else f"{ch!r} (for {pl.piece})"
        return PuzzleError(f"{board.where(pl.cells[0])} the {len(pl.cells)} cells marked {marks} starting on "
                           f"this line {fault.problem}")
    return file.error(fault.message, "board" if fault.board else None)


# -- the parts of a puzzle, from a file or a design -------------------------------------------
@dataclass(frozen=True)
class _Parts:
    """What makes a puzzle, as read: every piece named, those [copies] leaves out (0) too, so
    that a pre-placed copy of one is told as a copy too many."""

    name: str
    grid: Grid
    pieces: tuple[PieceCount, ...]
    one_sided: bool
    board: frozenset[Cell]
    preplaced: tuple[Placement, ...]
    labels: Labels | None = None
    opened: tuple[str, ...] = ()
    wrap: WrapKind | None = None
    rules: tuple[RuleName, ...] = ()

    def puzzle(self, locate: Callable[[Fault], PuzzleError]) -> PuzzleFields:
        """The valid puzzle's fields, without the pieces left out; ``locate``'s error for its
        first fault. ``board`` is every cell drawn: those of the labels left open come off it."""
        opened = frozenset(self.labels.cell(x) for x in self.opened) if self.labels is not None else frozenset()
        board = self.board - opened
        fault = puzzle_fault(board, self.pieces, self.preplaced, self.one_sided, self.grid, self.labels, self.opened,
                             self.wrap, self.rules)
        if fault is not None:
            raise locate(fault)
        kept = tuple(pc for pc in self.pieces if pc.max is None or pc.max > 0)
        return PuzzleFields(board, kept, self.preplaced, self.one_sided, self.name, self.grid, self.labels,
                            self.opened, self.wrap, self.rules)


def _piece_counts(pieces: dict[str, Piece], counts: dict[str, Copies],
                  turns: dict[str, Turns | None] | None = None) -> tuple[PieceCount, ...]:
    return tuple(PieceCount(p, *counts[n], (turns or {}).get(n)) for n, p in pieces.items())


def _builtin_pieces(names: list[str], grid: Grid = SQUARE) -> tuple[dict[str, Piece], bool]:
    """The pieces of built-in sets and pieces of ``grid`` named, and whether a named set is
    one-sided."""
    pieces: dict[str, Piece] = {}
    one_sided = False
    sets = piece_sets(grid)  # only the sets named are built
    for n in names:
        if n in sets:
            one_sided |= sets[n].one_sided
            pieces.update((p.name, p) for p in sets[n].pieces)
        elif (piece := find_piece(n, grid)) is not None:
            pieces[piece.name] = piece
        elif n in piece_sets():
            other = piece_sets().declaration(n).grid.name
            raise PuzzleError(f"piece set {n!r} is made for the {other} grid, and this puzzle's grid is "
                              f"{grid.name}: add grid = \"{other}\" (or pick a set of the {grid.name} grid)")
        else:
            raise PuzzleError(f"unknown piece set or piece {n!r}{_suggest_piece(n, sets, all_piece_names(grid))}; "
                              f"`pentomino list` shows them")
    return pieces, one_sided


def _shape(name: str, value: object, grid: Grid) -> Piece:
    """A ``[shapes]`` entry: a drawing with '#' (its grid's layer 0), or a list of cells, each a
    list of coordinates."""
    if isinstance(value, str):
        return Piece.from_ascii(name, value, grid)
    if not (isinstance(value, list) and value and all(
            isinstance(c, list) and len(c) == grid.dims and all(isinstance(x, int) and not isinstance(x, bool)
                                                               for x in c) for c in value)):
        example = _cells_text([grid.origin, (*grid.origin[:-1], 1)])  # how such a list looks
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


def _copies_range(n: str, v: object) -> Copies:
    """``(min, max)`` for a ``[copies]`` value: a number, ``"any"`` or ``[min, max]``."""
    if isinstance(v, int) and not isinstance(v, bool):
        if v < 0:
            raise PuzzleError(f"copies of {n} must be 0 or more, not {v} (0 leaves the piece out)")
        return (v, v)
    if v == "any":
        return (0, None)
    if (isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
            and 0 <= v[0] <= v[1]):
        return (v[0], v[1])
    raise PuzzleError(f"copies of {n} must be a number, \"any\" or [min, max] with 0 <= min <= max; "
                      f"got {_toml_value(v)}")


def build_puzzle(*, name: str, pieces: list[str], copies: dict[str, object], one_sided: bool | None,
                 board: Iterable[Cell], preplaced: list[Placement], grid: Grid = SQUARE,
                 wrap: WrapKind | None = None, rules: Iterable[str] = ()) -> PuzzleFields:
    """A puzzle from its parts, with the meanings and messages of a puzzle file: ``pieces``
    names built-in sets and pieces of ``grid``, ``copies`` maps names to a number, ``"any"`` or
    ``[min, max]``, ``one_sided`` None follows the sets. For boards drawn elsewhere (the web
    page); write it out with :func:`write_puzzle`."""
    found, set_one_sided = _builtin_pieces(pieces, grid)
    counts: dict[str, Copies] = {n: (1, 1) for n in found}
    for n, v in copies.items():
        if n not in found:
            raise PuzzleError(f"copies name {n!r}, which is not one of the puzzle's pieces{suggest(n, found)}")
        counts[n] = _copies_range(n, v)
    if not found:
        raise PuzzleError("no pieces: choose a piece set")
    if wrap is not None and wrap not in WRAPS:
        raise PuzzleError(f"wrap must be one of {', '.join(map(repr, WRAPS))}, not {wrap!r}")
    rules = list(rules)
    for rule in rules:
        if rule not in RULES:
            raise PuzzleError(f"unknown rule {rule!r}{suggest(rule, RULES)}; the rules are {', '.join(RULES)}")
    parts = _Parts(name, grid, _piece_counts(found, counts), _sidedness(one_sided, set_one_sided, grid),
                   frozenset(board), tuple(sorted(preplaced)), wrap=wrap, rules=rule_names(rules))
    return parts.puzzle(lambda fault: PuzzleError(fault.message))


def _toml_value(v: object) -> str:
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


def _pieces_lines(puzzle: PuzzleFields) -> tuple[list[str], list[str]]:
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
        if grid.shapes_as_drawings:
            drawing = p.to_ascii()
            text = _toml_string(drawing) if "\n" not in drawing else '"""\n' + drawing + '\n"""'
        else:  # the cells themselves, which need no drawing convention
            text = _cells_text(sorted(p.cells))
        shapes.append(f"{_toml_string(p.name)} = {text}")
    return names, shapes


def _cells_text(cells: Iterable[Cell]) -> str:
    """Cells as a puzzle file lists them: ``[[0, 0], [0, 1]]``."""
    return "[" + ", ".join("[" + ", ".join(map(str, c)) + "]" for c in cells) + "]"


def _board_text(puzzle: PuzzleFields, owner: dict[Cell, str]) -> str:
    """The ``board = ...`` line(s): '.' a free cell, a character for a pre-placed one, '#' for
    no cell (space where the grid has no cell, between hexagons); on a layered grid (cubes) the
    layers as a list. Layers, rows and columns are moved to start at 0 when they start below."""
    grid = puzzle.grid
    board = puzzle.board | puzzle.opened_cells  # the cells left open are drawn: 'open' takes them off
    layers = grid.layer_range(board)
    r0, c0, r1, c1 = grid.bounding_rows_cols(board)
    top, left, first = min(r0, 0), min(c0, 0), min(layers.start, 0)
    if grid.translate([], grid.cell_at(first, (top, left)), grid.origin) is None:
        left -= 1  # the shift must move cells onto cells: keep r + c's parity on triangles and hexagons

    def drawing(z: int) -> str:
        """Layer ``z`` of the board (the board itself on a plane grid)."""
        rows = []
        for r in range(top, r1 + 1):
            row = ""
            for c in range(left, c1 + 1):
                cell = grid.cell_at(z, (r, c))
                row += owner.get(cell, ".") if cell in board else "#" if grid.is_cell(cell) else " "
            rows.append(row.rstrip("# ") or "#")
        return '"""\n' + "\n".join(rows) + '\n"""'

    if grid.layered:
        return "board = [" + ", ".join(drawing(z) for z in range(first, layers.stop)) + "]"
    return "board = " + drawing(layers.start)


def _preplaced_marks(puzzle: PuzzleFields) -> tuple[dict[Cell, str], dict[str, str]]:
    """The character each pre-placed cell is drawn with, and the [legend] of those that are
    not the piece's name: a name longer than one character, or a copy after the first."""
    owner: dict[Cell, str] = {}
    legend: dict[str, str] = {}
    taken = {pc.piece.name for pc in puzzle.pieces}
    pool = (ch for ch in _LEGEND_POOL if ch not in taken)
    seen: set[str] = set()
    for pl in puzzle.preplaced:
        ch = pl.piece
        if len(ch) != 1 or ch in seen:
            spare = next(pool, None)
            if spare is None:
                raise PuzzleError("too many pre-placed pieces to draw on one board")
            ch = spare
            legend[ch] = pl.piece
        seen.add(pl.piece)
        owner.update((cell, ch) for cell in pl.cells)
    return owner, legend


def _top_lines(puzzle: PuzzleFields, names: list[str]) -> list[str]:
    """The lines before the board: name, grid, pieces, and one_sided where the sets do not
    imply it."""
    sets = piece_sets(puzzle.grid)
    implied = any(sets.declaration(n).one_sided for n in names if n in sets) or puzzle.grid.one_sided_by_default
    lines = []
    if puzzle.name:
        lines.append(f"name = {_toml_string(puzzle.name)}")
    if puzzle.grid is not DEFAULT_GRID:
        lines.append(f"grid = {_toml_string(puzzle.grid.name)}")
    if names:
        value = _toml_string(names[0]) if len(names) == 1 else \
            "[" + ", ".join(_toml_string(n) for n in names) + "]"
        lines.append(f"pieces = {value}")
    if puzzle.one_sided != implied:
        lines.append(f"one_sided = {'true' if puzzle.one_sided else 'false'}")
    if puzzle.wrap is not None:
        lines.append(f"wrap = {_toml_string(puzzle.wrap)}")
    if puzzle.rules:
        lines.append(f"rules = [{', '.join(_toml_string(r) for r in puzzle.rules)}]")
    return lines


def write_puzzle(puzzle: PuzzleFields) -> str:
    """The text of a puzzle file that :func:`parse_puzzle` reads back to an equal puzzle.

    Built-in pieces are named (whole sets by the set's name), other pieces drawn under
    ``[shapes]``; pre-placed pieces are drawn on the board, with a ``[legend]`` character for
    each copy whose name is longer than one character or that is not the piece's first copy.
    A board with negative coordinates is moved so that its top row and left column are 0 (on
    triangles and hexagons, by a shift that keeps each cell's kind).
    """
    names, shapes = _pieces_lines(puzzle)
    owner, legend = _preplaced_marks(puzzle)
    lines = [*_top_lines(puzzle, names), _board_text(puzzle, owner)]
    if puzzle.labels is not None:
        lines.append(_labels_text(puzzle, puzzle.labels))
        if puzzle.opened:
            lines.append("open = [" + ", ".join(_toml_string(x) for x in puzzle.opened) + "]")
    if shapes:
        lines += ["", "[shapes]", *shapes]
    copies = [(pc.piece.name, v) for pc in puzzle.pieces if (v := _copies_value(pc)) is not None]
    if copies:
        lines += ["", "[copies]", *(f"{_toml_string(n)} = {v}" for n, v in copies)]
    turned = [(pc.piece.name, pc.turns) for pc in puzzle.pieces if pc.turns is not None]
    if turned:
        lines += ["", "[orientation]", *(f"{_toml_string(n)} = {_toml_string(t)}" for n, t in turned)]
    if legend:
        lines += ["", "[legend]", *(f"{_toml_string(ch)} = {_toml_string(n)}" for ch, n in legend.items())]
    if puzzle.labels is not None and puzzle.labels.groups:
        lines += ["", "[groups]", *(f"{_toml_string(n)} = [" + ", ".join(_toml_string(x) for x in members) + "]"
                                    for n, members in puzzle.labels.groups)]
    return "\n".join(lines) + "\n"


def _labels_text(puzzle: PuzzleFields, labels: Labels) -> str:
    """The ``labels = ...`` drawing: a word a cell of each board line ('.' none), lined up in
    columns, the lines as the board's (:func:`_board_text` draws every cell, those left open too)."""
    grid = puzzle.grid
    cells = puzzle.board | puzzle.opened_cells
    layers = grid.layer_range(cells)
    r0, _, r1, _ = grid.bounding_rows_cols(cells)
    top, first = min(r0, 0), min(layers.start, 0)
    width = max((len(label) for _, label in labels.cells), default=1)

    def drawing(z: int) -> str:
        rows = []
        for r in range(top, r1 + 1):
            row = sorted((c for c in cells if grid.layer(c) == z and grid.in_layer(c)[0] == r),
                         key=lambda c: grid.in_layer(c)[1])
            rows.append(" ".join((labels.label(c) or ".").ljust(width) for c in row).rstrip())
        return '"""\n' + "\n".join(rows) + '\n"""'

    if grid.layered:
        return "labels = [" + ", ".join(drawing(z) for z in range(first, layers.stop)) + "]"
    return "labels = " + drawing(layers.start)
