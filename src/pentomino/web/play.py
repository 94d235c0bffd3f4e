"""Play mode: a person puts the pieces down one by one; the server says what the position allows.

A *position* is the puzzle with the pieces the player has put down added to its pre-placed
ones: a puzzle in its own right (:func:`position_of`), which the page downloads as a puzzle file
and shares as a link. From it the server finds

- the number of ways to finish it: every tiling that completes it (:func:`ways_to_finish`, a
  streamed task, cancelled by the page's next move), or a proof in words that there is none;
- a completion in a random order (:func:`completion`): all the pieces left for "finish it for
  me", or one of them, chosen by the seed too, for a hint (the search's own first piece is
  often forced, the same whatever the order); another seed, another completion and piece;
- for a finished board, which of the puzzle's solutions up to symmetry it is
  (:func:`solution_number`): its orbit under the puzzle's symmetry group met in the listing
  that the Solve tab and the gallery show, so "solution 1,204 of 2,339" is the gallery's #1,204.
"""

from __future__ import annotations

import dataclasses
import random as _random
import time
from collections.abc import Callable, Iterable
from typing import Any, TypedDict

from pentomino import api
from pentomino.errors import PuzzleError
from pentomino.model.placement import Placement, Tiling, tiling
from pentomino.model.puzzle import Puzzle
from pentomino.model.symmetry import orbit
from pentomino.web.listing import Listing
from pentomino.web.puzzles import check_placements, placement_json, placements_from_json
from pentomino.web.tasks import Task

SEARCHED = "no way of putting down the pieces left fills the free cells (the search tried them all)"
"""Why a position has no completion when no quick proof applies: the search found none."""
LISTING_CHUNK = 500
"""Solutions listed at a time while looking for a finished board among them: the task is
checked, and the listing's lock let go, between chunks."""


class Completion(TypedDict):
    """A completion of a position, as the page gets it (:func:`completion`, :func:`hint`)."""

    placements: list[dict[str, Any]]
    """The pieces that finish it, as :func:`~pentomino.web.puzzles.placement_json` gives them."""
    reason: str | None
    """Why there is none, when there is none."""
    seed: int
    """The random order's seed."""
    cells: list[list[int]]
    """The cells the reason names (the cell no piece can cover), to be marked on the board."""


def position_of(puzzle: Puzzle, placements: object) -> Puzzle:
    """``puzzle`` with ``placements`` (JSON, ``[{"piece", "cells"}, ...]``) put down in advance
    too; :class:`PuzzleError` with a one-line message for a placement that is not one of the
    puzzle's pieces in one of its orientations, lies off the board or on another piece, or uses
    a piece more often than the puzzle has it."""
    placed = check_placements(puzzle, placements_from_json(placements))
    taken = {c for p in puzzle.preplaced for c in p.cells}
    for p in placed:
        if taken & set(p.cells):
            raise PuzzleError(f"placement of {p.piece} lies on a piece the puzzle puts down in advance")
    if not placed:
        return puzzle
    name = f"{puzzle.name or 'puzzle'}, {len(placed)} piece{'s' if len(placed) != 1 else ''} put down"
    return dataclasses.replace(puzzle, preplaced=puzzle.preplaced + tuple(placed), name=name)


def free_cell_count(position: Puzzle) -> int:
    """The cells of ``position`` no piece covers yet."""
    return position.area - sum(len(p.cells) for p in position.preplaced)


def _verdict(position: Puzzle) -> tuple[int | None, str | None, list[list[int]]]:
    """``(1, None, [])`` for a finished board, ``(0, reason, cells)`` when a quick proof shows it
    cannot be finished (``cells``: those the proof names, for the page to mark), ``(None, None,
    [])`` when only a search can tell."""
    if free_cell_count(position) == 0:
        return 1, None, []
    proof = position.no_solution_proof()
    return (0, proof.reason, [list(c) for c in proof.cells]) if proof is not None else (None, None, [])


def ways_to_finish(task: Task, position: Puzzle) -> dict[str, Any]:
    """Every tiling that completes ``position``, counted: ``{"ways", "reason", "nodes",
    "seconds", "free", "cells"}``; ``reason`` says why there is none (``cells``: the cells it
    names, if any). While it counts, ``progress``
    events tell the completions found so far (a lower bound) at most every
    :data:`~pentomino.tuning.PROGRESS_SECONDS`."""
    start = time.perf_counter()
    ways, reason, cells = _verdict(position)
    nodes = 0
    if ways is None:
        result = api.count(position, "none", progress=task.progress())
        ways, nodes = result.count, result.nodes
        reason = (result.reason or SEARCHED) if ways == 0 else None
    return {"ways": ways, "reason": reason, "cells": cells, "nodes": nodes, "free": free_cell_count(position),
            "seconds": round(time.perf_counter() - start, 6)}


def completion(task: Task, position: Puzzle, seed: int) -> Completion:
    """The pieces that finish ``position`` in one completion, found in a random order (the same
    for the same ``seed``), in the order the search put them down: ``{"placements", "reason",
    "seed", "cells"}``; none and the reason (and the cells it names) when it cannot be finished."""
    ways, reason, cells = _verdict(position)
    if ways is not None:  # finished already, or proved unfinishable
        return {"placements": [], "reason": reason, "seed": seed, "cells": cells}
    found = next(iter(api.solutions(position, limit=1, random=True, seed=seed, progress=lambda *_: task.check())),
                 None)
    if found is None:
        return {"placements": [], "reason": SEARCHED, "seed": seed, "cells": []}
    rest = found.in_search_order[len(position.preplaced):]
    return {"placements": [placement_json(p) for p in rest], "reason": None, "seed": seed, "cells": []}


def hint(found: Completion) -> Completion:
    """:func:`completion`'s answer cut to one of its pieces, chosen by its seed."""
    rest = found["placements"]
    return {**found, "placements": [_random.Random(found["seed"]).choice(rest)] if rest else []}


def finished_tiling(puzzle: Puzzle, position: Puzzle) -> Tiling:
    """The tiling a finished position is; :class:`PuzzleError` if cells are still free or a
    piece is used fewer times than the puzzle asks."""
    free = free_cell_count(position)
    if free:
        raise PuzzleError(f"the board is not finished: {free} cell{'s are' if free != 1 else ' is'} still free")
    used: dict[str, int] = {}
    for p in position.preplaced:
        used[p.piece] = used.get(p.piece, 0) + 1
    for pc in puzzle.pieces:
        if used.get(pc.piece.name, 0) < pc.min:
            raise PuzzleError(f"the board is covered but piece {pc.piece.name} must be used at least {pc.min} "
                              f"time{'s' if pc.min != 1 else ''}")
    return tiling(position.preplaced)


def solution_number(listing: Listing, placements: Iterable[Placement], task: Task,
                    found: Callable[[int], None] | None = None) -> int | None:
    """The index (from 0) in ``listing`` (the puzzle's solutions up to its full symmetry group,
    as the Solve tab lists them) of the solution whose orbit holds the tiling ``placements``;
    None if the listing ends, or reaches its cap, without it. ``found(n)`` hears how many are
    listed as the listing grows."""
    images = orbit(listing.puzzle.symmetry_group, placements)
    index = 0
    while True:
        with listing.lock:
            listing.extend(index + LISTING_CHUNK, task)
            rows = len(listing.rows)
            for i in range(index, rows):
                if tiling(listing.solution(i).placements) in images:
                    return i
            ended = listing.done or listing.capped
        index = rows
        if found is not None:
            found(rows)
        if ended:
            return None
        task.check()
