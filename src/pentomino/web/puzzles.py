"""What the page sends and gets about puzzles: a puzzle named in a request, and a puzzle as JSON.

A request names its puzzle in one of three ways, all checked by the same library code as the
command line, so the page shows the CLI's own one-line messages:

- ``{"name": "5x12"}``: a built-in puzzle or an ``RxC`` rectangle (never a file of the server);
- ``{"toml": "...", "source": "my.toml"}``: the text of a puzzle file (``source`` only names it
  in messages);
- ``{"design": {...}}``: a board drawn on the page (see :func:`design_puzzle`).
"""

from __future__ import annotations

import contextlib
from typing import Any

from pentomino.errors import PuzzleError
from pentomino.model.fileformat import build_puzzle, parse_puzzle
from pentomino.model.library import load_builtin
from pentomino.model.piece import Piece
from pentomino.model.puzzle import Placement, Puzzle
from pentomino.render.palette import hex_color, piece_color, text_color

MAX_SOURCE_NAME = 120
MAX_SIDE = 256  # rows and columns of a drawn board: its puzzle file stays small


def _cell(value: Any) -> tuple[int, int]:
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)):
        raise PuzzleError(f"a cell must be [row, column] with two whole numbers, not {value!r}")
    return (value[0], value[1])


def _cells(value: Any, what: str) -> list[tuple[int, int]]:
    if not isinstance(value, list):
        raise PuzzleError(f"{what} must be a list of [row, column] cells")
    return [_cell(c) for c in value]


def placements_from_json(value: Any) -> list[Placement]:
    """``[{"piece": name, "cells": [[r, c], ...]}, ...]`` as placements (shape checked by the
    caller's puzzle)."""
    if not isinstance(value, list):
        raise PuzzleError("placements must be a list of {\"piece\": name, \"cells\": [[row, column], ...]}")
    out = []
    for item in value:
        if not isinstance(item, dict) or not isinstance(item.get("piece"), str):
            raise PuzzleError("each placement must be {\"piece\": name, \"cells\": [[row, column], ...]}")
        out.append(Placement.of(item["piece"], _cells(item.get("cells"), f"the cells of {item['piece']}")))
    return out


def check_placements(puzzle: Puzzle, placements: list[Placement]) -> list[Placement]:
    """``placements`` if each is one of the puzzle's pieces, in one of its orientations, on
    board cells no other covers."""
    pieces = {pc.piece.name: pc.piece for pc in puzzle.pieces}
    seen: set = set()
    for pl in placements:
        piece = pieces.get(pl.piece)
        if piece is None:
            raise PuzzleError(f"placement of {pl.piece!r}, which is not one of the puzzle's pieces")
        if puzzle.grid.normalize(pl.cells) not in piece.orientations(puzzle.one_sided):
            raise PuzzleError(f"the cells given for {pl.piece} do not form the piece {pl.piece}")
        if not set(pl.cells) <= puzzle.board or seen & set(pl.cells):
            raise PuzzleError(f"placement of {pl.piece} lies off the board or on another piece")
        seen |= set(pl.cells)
    return placements


@contextlib.contextmanager
def naming_source(spec: dict):
    """Errors found after loading (while packing) name the puzzle first, as the CLI says them."""
    source = spec.get("name") or (spec.get("source") or "puzzle.toml" if "toml" in spec else None)
    try:
        yield
    except PuzzleError as exc:
        if source and not str(exc).startswith(f"{source}:"):
            raise PuzzleError(f"{source}: {exc}") from None
        raise


def design_puzzle(design: Any, max_cells: int) -> Puzzle:
    """A puzzle drawn on the page::

        {"name": "", "cells": [[r, c], ...], "pieces": ["pentominoes"], "copies": {"X": 2},
         "one_sided": null, "preplaced": [{"piece": "X", "cells": [[r, c], ...]}]}

    ``pieces`` and ``copies`` mean what they mean in a puzzle file; ``one_sided`` null follows
    the piece sets."""
    if not isinstance(design, dict):
        raise PuzzleError("design must be an object with cells, pieces, copies and preplaced")
    cells = _cells(design.get("cells", []), "cells")
    far = [c for c in cells if not (0 <= c[0] < MAX_SIDE and 0 <= c[1] < MAX_SIDE)]
    if far:
        raise PuzzleError(f"cell {list(far[0])} is off the drawing area: rows and columns go from 0 to "
                          f"{MAX_SIDE - 1}")
    if len(cells) > max_cells:
        raise PuzzleError(f"the board has {len(cells)} cells, over this server's limit of {max_cells}; "
                          "draw a smaller board")
    name = design.get("name", "")
    pieces = design.get("pieces", [])
    if isinstance(pieces, str):
        pieces = [pieces]
    copies = design.get("copies", {})
    one_sided = design.get("one_sided")
    if not isinstance(name, str):
        raise PuzzleError("name must be a string")
    if not isinstance(pieces, list) or not all(isinstance(n, str) for n in pieces):
        raise PuzzleError("pieces must be a list of piece set and piece names")
    if not isinstance(copies, dict):
        raise PuzzleError("copies must be an object of name: number, \"any\" or [min, max]")
    if one_sided is not None and not isinstance(one_sided, bool):
        raise PuzzleError("one_sided must be true, false or null")
    preplaced = placements_from_json(design.get("preplaced", []))
    return build_puzzle(name=name, pieces=pieces, copies=copies, one_sided=one_sided,
                        board=cells, preplaced=preplaced)


def puzzle_from_request(spec: Any, max_cells: int) -> Puzzle:
    """The puzzle a request names (see the module docstring), within the server's board cap."""
    if not isinstance(spec, dict):
        raise PuzzleError("puzzle must be an object: {\"name\": ...}, {\"toml\": ...} or {\"design\": ...}")
    if isinstance(spec.get("name"), str):
        puzzle = load_builtin(spec["name"])
    elif isinstance(spec.get("toml"), str):
        source = spec.get("source") or "puzzle.toml"
        if not isinstance(source, str) or len(source) > MAX_SOURCE_NAME:
            raise PuzzleError(f"source must be a file name of at most {MAX_SOURCE_NAME} characters")
        puzzle = parse_puzzle(spec["toml"], source)
    elif "design" in spec:
        puzzle = design_puzzle(spec["design"], max_cells)
    else:
        raise PuzzleError("puzzle must be {\"name\": ...}, {\"toml\": ...} or {\"design\": ...}")
    if puzzle.grid.name != "square":
        raise PuzzleError(f"this page draws square grids only for now, and this puzzle is on the "
                          f"{puzzle.grid.name} grid: solve or count it with the command line")
    if puzzle.area > max_cells:
        raise PuzzleError(f"the board has {puzzle.area} cells, over this server's limit of {max_cells} "
                          "(`pentomino serve --max-cells`); the command line has no such limit")
    return puzzle


def placement_json(p: Placement) -> list:
    """A placement as ``[piece, [[r, c], ...]]``: compact, for frames and galleries."""
    return [p.piece, [list(c) for c in p.cells]]


def piece_json(piece: Piece) -> dict:
    """A piece for the editor: its colours, its orientations (every one, turned over too) and,
    for each, the orientation a turn (the grid's first generator) and a flip (its reflection)
    lead to, so the page turns pieces without knowing the grid."""
    orientations = list(piece.orientations(False))
    index = {tuple(sorted(o)): i for i, o in enumerate(orientations)}
    turn, flip = piece.grid.generators()[:2]
    moved = {name: [index[tuple(sorted(piece.grid.normalize(g(c) for c in o)))] for o in orientations]
             for name, g in (("turn", turn), ("flip", flip))}
    rgb = piece_color(piece.name)
    return {"size": piece.size, "color": hex_color(rgb), "text_color": hex_color(text_color(rgb)),
            "orientations": [[list(c) for c in sorted(o)] for o in orientations], **moved}


def puzzle_json(puzzle: Puzzle) -> dict:
    """Everything the page needs to draw and edit a puzzle."""
    from pentomino.model.puzzle import SYMMETRY_MODES

    r0, c0, r1, c1 = puzzle.grid.bounding_rows_cols(puzzle.board)
    return {
        "name": puzzle.name,
        "fingerprint": puzzle.fingerprint,
        "toml": puzzle.to_toml(),
        "grid": puzzle.grid.name,
        "bounds": [r0, c0, r1, c1],
        "cells": [list(c) for c in sorted(puzzle.board)],
        "area": puzzle.area,
        "one_sided": puzzle.one_sided,
        "pieces": [{
            "name": pc.piece.name, "size": pc.piece.size, "min": pc.min, "max": pc.max,
            "color": hex_color(piece_color(pc.piece.name)),
            "text_color": hex_color(text_color(piece_color(pc.piece.name))),
            "orientations": [[list(c) for c in sorted(o)] for o in pc.piece.orientations(puzzle.one_sided)],
        } for pc in puzzle.pieces],
        "preplaced": [placement_json(p) for p in puzzle.preplaced],
        "group_order": {m: puzzle.symmetry_group_order(m) for m in SYMMETRY_MODES},
    }
