"""What the page sends and gets about puzzles: a puzzle named in a request, and a puzzle as JSON.

A request names its puzzle in one of three ways, all checked by the same library code as the
command line, so the page shows the CLI's own one-line messages:

- ``{"name": "5x12"}``: a built-in puzzle or an ``RxC`` rectangle (never a file of the server);
- ``{"toml": "...", "source": "my.toml"}``: the text of a puzzle file (``source`` only names it
  in messages);
- ``{"design": {...}}``: a board drawn on the page (see :func:`design_puzzle`).

A labelled board (a calendar) also says which cells are left open, as ``pentomino solve`` does
with ``--date`` and ``--open``: ``"date": "2026-11-26"`` (its month and day, and weekday where
the board has them) or ``"open": ["Nov", "26"]`` (any labels). Without either, a calendar is
*to be opened*: :func:`puzzle_json` says so (``to_open``), and a search on it is refused with
the library's message (see :func:`opened_as_asked`).

The page draws every grid without knowing any: :func:`drawing_json` tells it where each cell's
corners lie (from the grid's own :meth:`~pentomino.geometry.grid.Grid.polygon`), and the
page finds outlines by the corner pairs that cells share; :func:`grid_json` adds what the page
calls the grid.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from pentomino.errors import PuzzleError
from pentomino.geometry import DEFAULT_GRID, GRIDS, Cell, Grid, Polygon, Shape
from pentomino.geometry.wrap import WRAPS
from pentomino.model.fileformat import build_puzzle
from pentomino.model.labels import WEEKDAY, parse_date
from pentomino.model.piece import Piece, Turns
from pentomino.model.piecesets import default_set
from pentomino.model.placement import Placement
from pentomino.model.puzzle import Puzzle
from pentomino.model.symmetry import SYMMETRY_MODES
from pentomino.model.validity import is_placement
from pentomino.render.palette import hex_color, piece_color, text_color
from pentomino.tuning import MAX_CELLS

MAX_SOURCE_NAME = 120
MAX_OPEN = 64  # labels a request may leave open
MAX_SIDE = 256  # rows and columns of a drawn board: its puzzle file stays small
DESIGN_GRIDS = tuple(name for name, g in GRIDS.items() if not g.layered)  # the page draws boards on these
LAYER_GAP = 1  # the layers of a layered grid are drawn side by side, a cell's width apart


def _cell(value: Any) -> Cell:
    if (not isinstance(value, (list, tuple)) or len(value) not in (2, 3)
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)):
        raise PuzzleError(f"a cell must be [row, column] (or [z, y, x] in a solid) with whole numbers, "
                          f"not {value!r}")
    return tuple(value)


def _cells(value: Any, what: str) -> list[Cell]:
    if not isinstance(value, list):
        raise PuzzleError(f"{what} must be a list of [row, column] cells")
    return [_cell(c) for c in value]


def placements_from_json(value: Any) -> list[Placement]:
    """``[{"piece": name, "cells": [[r, c], ...]}, ...]`` as placements (shape checked by the
    caller's puzzle)."""
    if not isinstance(value, list):
        raise PuzzleError("placements must be a list of {\"piece\": name, \"cells\": [[row, column], ...]}")
    out: list[Placement] = []
    for item in value:
        if not isinstance(item, dict) or not isinstance(item.get("piece"), str):
            raise PuzzleError("each placement must be {\"piece\": name, \"cells\": [[row, column], ...]}")
        out.append(Placement.of(item["piece"], _cells(item.get("cells"), f"the cells of {item['piece']}")))
    return out


def check_placements(puzzle: Puzzle, placements: list[Placement]) -> list[Placement]:
    """``placements`` if each is one of the puzzle's pieces, in one of its orientations, on
    board cells no other covers (on a board that wraps, their cells brought round the seams)."""
    pieces = {pc.piece.name: pc for pc in puzzle.pieces}
    seen: set[Cell] = set()
    out = []
    surface = puzzle.surface
    for pl in placements:
        piece = pieces.get(pl.piece)
        if piece is None:
            raise PuzzleError(f"placement of {pl.piece!r}, which is not one of the puzzle's pieces")
        if surface is not None:  # cells given past a seam are the board's cells round it
            pl = Placement.of(pl.piece, [surface.cell(c) for c in pl.cells])
        if not is_placement(puzzle.grid, surface, pl.cells, piece.orientations(puzzle.one_sided)):
            raise PuzzleError(f"the cells given for {pl.piece} do not form the piece {pl.piece}")
        if not set(pl.cells) <= puzzle.board or seen & set(pl.cells):
            raise PuzzleError(f"placement of {pl.piece} lies off the board or on another piece")
        seen |= set(pl.cells)
        out.append(pl)
    return out


@contextlib.contextmanager
def naming_source(spec: dict[str, Any]) -> Iterator[None]:
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

        {"name": "", "grid": "square", "cells": [[r, c], ...], "pieces": ["pentominoes"],
         "copies": {"X": 2}, "one_sided": null, "preplaced": [{"piece": "X", "cells": [[r, c], ...]}],
         "wrap": null, "rules": []}

    ``grid`` is a plane grid (square when left out); ``pieces``, ``copies``, ``wrap`` and
    ``rules`` mean what they mean in a puzzle file; ``one_sided`` null follows the piece sets."""
    if not isinstance(design, dict):
        raise PuzzleError("design must be an object with cells, pieces, copies and preplaced")
    grid_name = design.get("grid", DEFAULT_GRID.name)
    grid = GRIDS.get(grid_name) if isinstance(grid_name, str) and grid_name in DESIGN_GRIDS else None
    if grid is None:
        raise PuzzleError(f"a design's grid must be one of {', '.join(DESIGN_GRIDS)}, not {grid_name!r}")
    cells = _cells(design.get("cells", []), "cells")
    solid = [c for c in cells if len(c) != grid.dims]
    if solid:
        raise PuzzleError(f"a cell of a design must be [row, column], not {list(solid[0])}: "
                          "a solid is written as a puzzle file")
    far = [c for c in cells if not (0 <= c[0] < MAX_SIDE and 0 <= c[1] < MAX_SIDE)]
    if far:
        raise PuzzleError(f"cell {list(far[0])} is off the drawing area: rows and columns go from 0 to "
                          f"{MAX_SIDE - 1}")
    odd = [c for c in cells if not grid.is_cell(c)]
    if odd:
        raise PuzzleError(f"cell {list(odd[0])} is not a cell of the {grid.name} grid: cells are where "
                          f"{grid.cell_rule}")
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
    wrap = design.get("wrap")
    if wrap is not None and wrap not in WRAPS:
        raise PuzzleError(f"wrap must be one of {', '.join(map(repr, WRAPS))} or null")
    rules = design.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise PuzzleError("rules must be a list of rule names")
    preplaced = placements_from_json(design.get("preplaced", []))
    return Puzzle.of(build_puzzle(name=name, pieces=pieces, copies=copies, one_sided=one_sided,
                                  board=cells, preplaced=preplaced, grid=grid, wrap=wrap, rules=rules))


def puzzle_from_request(spec: Any, max_cells: int) -> Puzzle:
    """The puzzle a request names (see the module docstring), within the server's board cap."""
    if not isinstance(spec, dict):
        raise PuzzleError("puzzle must be an object: {\"name\": ...}, {\"toml\": ...} or {\"design\": ...}")
    if isinstance(spec.get("name"), str):
        puzzle = Puzzle.builtin(spec["name"])
    elif isinstance(spec.get("toml"), str):
        source = spec.get("source") or "puzzle.toml"
        if not isinstance(source, str) or len(source) > MAX_SOURCE_NAME:
            raise PuzzleError(f"source must be a file name of at most {MAX_SOURCE_NAME} characters")
        puzzle = Puzzle.from_toml(spec["toml"], source)
    elif "design" in spec:
        puzzle = design_puzzle(spec["design"], max_cells)
    else:
        raise PuzzleError("puzzle must be {\"name\": ...}, {\"toml\": ...} or {\"design\": ...}")
    if puzzle.area > max_cells:
        raise PuzzleError(f"the board has {puzzle.area} cells, over this server's limit of {max_cells} "
                           f"(`pentomino serve --max-cells`); the command line takes up to {MAX_CELLS:,}")
    with naming_source(spec):
        return opened_as_asked(puzzle, spec.get("open"), spec.get("date"))


def opened_as_asked(puzzle: Puzzle, labels: Any, date: Any) -> Puzzle:
    """``puzzle`` with the cells a request leaves open: the labels ``labels`` (a list of
    strings, as ``--open``) or the date ``date`` (``YYYY-MM-DD``, as ``--date``), opened by the
    library (:meth:`Puzzle.open`, :meth:`Puzzle.on_date`); as it is when neither is given."""
    if labels is not None and date is not None:
        raise PuzzleError("give open (labels) or date, not both: each chooses the cells left open")
    if labels is not None:
        if (not isinstance(labels, list) or len(labels) > MAX_OPEN
                or not all(isinstance(x, str) and len(x) <= MAX_SOURCE_NAME for x in labels)):
            raise PuzzleError(f"open must be a list of at most {MAX_OPEN} labels, e.g. [\"Nov\", \"26\"]")
        return puzzle.open(*labels)
    if date is not None:
        if not isinstance(date, str) or len(date) > MAX_SOURCE_NAME:
            raise PuzzleError("date must be a date written YYYY-MM-DD, e.g. \"2026-11-26\"")
        return puzzle.on_date(parse_date(date))
    return puzzle


def placement_json(p: Placement) -> dict[str, Any]:
    """A placement as the page gets and sends it, ``{"piece": name, "cells": [[r, c], ...]}``:
    the CLI's JSON (:meth:`Placement.to_json`), read back by :func:`placements_from_json`."""
    return p.to_json()


def piece_json(piece: Piece, one_sided: bool = False, turns: Turns | None = None) -> dict[str, Any]:
    """A piece for the page: its colors, its orientations (every one, turned over too unless
    ``one_sided``; as ``turns`` says if given) and, for each, the orientation each of the
    grid's generators leads to (``turn``: the first, a rotation; ``flip``: the reflection; a
    cube's second rotation as ``turn2``), so the page turns pieces without knowing the grid."""
    orientations = list(piece.turned(turns) if turns is not None else piece.orientations(one_sided))
    rgb = piece_color(piece.name)
    return {"size": piece.size, "color": hex_color(rgb), "text_color": hex_color(text_color(rgb)),
            "orientations": [[list(c) for c in sorted(o)] for o in orientations],
            **orientation_moves(piece, orientations)}


def orientation_moves(piece: Piece, orientations: Sequence[Shape]) -> dict[str, list[int]]:
    """For each of ``orientations`` (of ``piece``), the index of the orientation each of the
    grid's generators leads to: ``turn`` (the first rotation), ``flip`` (the reflection: left
    out when ``orientations`` lacks the mirror images, as a one-sided puzzle's do), a cube's
    other rotations as ``turn2``, ..."""
    index = {tuple(sorted(o)): i for i, o in enumerate(orientations)}
    gens = piece.grid.generators()
    flip = next(g for g in gens if not g.proper)
    turns = [g for g in gens if g.proper]
    named = [("turn", turns[0]), ("flip", flip), *((f"turn{k + 2}", g) for k, g in enumerate(turns[1:]))]
    moves: dict[str, list[int]] = {}
    for name, g in named:
        moved = [index.get(tuple(sorted(piece.grid.normalize(g(c) for c in o)))) for o in orientations]
        if all(i is not None for i in moved):
            moves[name] = [i for i in moved if i is not None]
    return moves


def drawing_json(grid: Grid, cells: Iterable[Cell] = ()) -> dict[str, Any]:
    """How the page draws the cells of ``grid``, in drawing units (an edge is 1, x right, y
    down): cell (r, c) is the polygon ``cells["r mod 2,c mod 2"]`` moved (r div 2) times by
    ``row_step`` and (c div 2) times by ``col_step`` (every layer repeats itself after two
    rows and after two columns). ``half``: only cells with r + c even exist (hexagons);
    ``step``: a translation (dr, dc) keeps a shape on the grid when dr + dc is a multiple of it.

    On a layered grid (cubes) a cell is drawn at (r, c) in its layer, the layers side by side
    from z = ``first``: cell (z, y, x) is drawn as cell (y, x + (z - first) * ``shift``) of
    layer ``first``. It also has a place in space (``space``, see :func:`space_json`), for the
    page's 3-D view."""
    def polygon(r: int, c: int) -> Polygon:
        return grid.polygon(grid.cell_at(0, (r, c)))

    origin = polygon(0, 0)[0]

    def moved(r: int, c: int) -> list[float]:
        x, y = polygon(r, c)[0]
        return [x - origin[0], y - origin[1]]

    out: dict[str, Any] = {
        "grid": grid.name, "cells": {f"{r},{c}": [list(p) for p in polygon(r, c)] for r in (0, 1) for c in (0, 1)},
        "row_step": moved(2, 0), "col_step": moved(0, 2), "half": not grid.is_cell(grid.cell_at(0, (0, 1))),
        "step": grid.step}
    if grid.layered:
        drawn = list(cells) or [grid.origin]
        columns = [grid.in_layer(c)[1] for c in drawn]
        layers = grid.layer_range(drawn)
        out["layers"] = {"first": layers.start, "count": len(layers),
                         "shift": max(columns) - min(columns) + 1 + LAYER_GAP}
        out["space"] = space_json(grid)
    return out


def space_json(grid: Grid) -> dict[str, Any]:
    """Where the cells of a layered grid sit in space (:meth:`Grid.centre`, x, y, z with z up),
    told as the drawing tells polygons: the centre of a cell is ``centres["a,b,c"]`` for its
    coordinates mod 2, moved (coordinate div 2) times by ``steps[d]`` along each coordinate d.
    ``body``: what a cell is (``"cube"``, ``"ball"``: :attr:`Grid.body`). The page turns and
    projects these without knowing the grid."""
    classes = list(itertools.product((0, 1), repeat=grid.dims))
    origin = grid.centre(grid.origin)

    def step(d: int) -> list[float]:
        far = grid.centre(tuple(2 if k == d else 0 for k in range(grid.dims)))
        return [b - a for a, b in zip(origin, far, strict=True)]

    return {"body": grid.body, "centres": {",".join(map(str, k)): list(grid.centre(k)) for k in classes},
            "steps": [step(d) for d in range(grid.dims)]}


def grid_json(grid: Grid) -> dict[str, Any]:
    """A grid for the page: how it draws cells (:func:`drawing_json`, with no cells), and its
    names: ``title`` for menus, ``plural`` for its cells, ``piece_noun`` for its pieces;
    ``default_pieces``, the piece set a new design starts with; ``design``, whether the page
    designs boards on it."""
    return {**drawing_json(grid), "title": grid.title, "plural": grid.plural, "piece_noun": grid.piece_noun,
            "default_pieces": default_set(grid), "design": grid.name in DESIGN_GRIDS}


def puzzle_json(puzzle: Puzzle) -> dict[str, Any]:
    """Everything the page needs to draw and edit a puzzle."""
    drawn = puzzle.board | puzzle.opened_cells  # the cells left open are drawn too
    r0, c0, r1, c1 = puzzle.grid.bounding_rows_cols(drawn)
    return {
        "name": puzzle.name,
        "fingerprint": puzzle.fingerprint,
        "toml": puzzle.to_toml(),
        "grid": puzzle.grid.name,
        "dims": puzzle.grid.dims,
        "drawing": {**drawing_json(puzzle.grid, drawn), "wrap": _wrap_box(puzzle)},
        "bounds": [r0, c0, r1, c1],
        "cells": [list(c) for c in sorted(puzzle.board)],
        "area": puzzle.area,
        "one_sided": puzzle.one_sided,
        "pieces": [{"name": pc.piece.name, "min": pc.min, "max": pc.max,
                    **piece_json(pc.piece, turns=pc.how_turned(puzzle.one_sided))} for pc in puzzle.pieces],
        "preplaced": [placement_json(p) for p in puzzle.preplaced],
        "group_order": {m: puzzle.symmetry_group_order(m) for m in SYMMETRY_MODES},
        **wrap_json(puzzle),
        "rules": list(puzzle.rules),
        **labels_json(puzzle),
    }


def _wrap_box(puzzle: Puzzle) -> dict[str, Any] | None:
    """The wrap a drawing's moves follow (``kind``, ``low``, ``size``), or None."""
    surface = puzzle.surface
    return None if surface is None else {"kind": surface.kind, "low": list(surface.low), "size": list(surface.size)}


def wrap_json(puzzle: Puzzle) -> dict[str, Any]:
    """How the board wraps, for the page (:mod:`pentomino.geometry.wrap`): ``wrap``, its kind
    or null; ``wrap_text``, the line the pictures print; ``wrap_box``, the box glued (``low``:
    least row and column, ``size``: rows and columns; null if none), from which the page brings
    a piece's cells round the seams as :meth:`Wrap.cell <pentomino.geometry.wrap.Wrap.cell>`
    does; ``seams``, each board cell beside a seam with the cell beyond it in the plane (the
    side they share is drawn dashed)."""
    surface = puzzle.surface
    if surface is None:
        return {"wrap": None, "wrap_text": "", "wrap_box": None, "seams": []}
    cells = puzzle.board | puzzle.opened_cells
    seams = [[list(c), list(n)] for c in sorted(cells) for n in puzzle.grid.neighbours(c)
             if n not in cells and surface.cell(n) in cells]
    return {"wrap": surface.kind, "wrap_text": surface.describe(), "wrap_box": _wrap_box(puzzle), "seams": seams}


def labels_json(puzzle: Puzzle) -> dict[str, Any]:
    """A labelled board's labels for the page (all empty or false for a board without): ``labels``, each
    labelled cell and its text; ``groups``, each ``{name, labels}`` of which one is left open;
    ``dated`` (a date chooses them) and ``weekdays`` (a date's weekday too); ``opened``, the
    labels left open, and their cells (``opened_cells``, not on the board); ``to_open``, true
    while they are still to be chosen (a search would be refused)."""
    labels = puzzle.labels
    if labels is None:
        return {"labels": [], "groups": [], "dated": False, "weekdays": False, "opened": [], "opened_cells": [],
                "to_open": False}
    return {
        "labels": [[list(cell), text] for cell, text in labels.cells],
        "groups": [{"name": name, "labels": list(members)} for name, members in labels.groups],
        "dated": labels.dated,
        "weekdays": labels.dated and WEEKDAY in labels.group_names,
        "opened": list(puzzle.opened),
        "opened_cells": [list(labels.cell(x)) for x in puzzle.opened],
        "to_open": puzzle.to_open,
    }
