"""Play mode: the position as a puzzle of its own, a hint or the rest of a completion, and which
of the puzzle's solutions a finished board is (see :mod:`pentomino.web.play`)."""

from __future__ import annotations

from typing import Any

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from pentomino.model.puzzle import Puzzle
from pentomino.web.context import context, flag, seed_of
from pentomino.web.play import completion, finished_tiling, free_cell_count, hint, solution_number
from pentomino.web.tasks import Task


async def position(request: Request) -> Response:
    """``{puzzle, placements}`` -> the position as a puzzle: ``{name, toml, placed, free, fingerprint}``."""
    ctx = context(request)
    data = await ctx.body(request)

    def describe() -> dict[str, Any]:
        puzzle, here = ctx.position_from(data)
        return {"name": here.name, "toml": here.to_toml(), "fingerprint": here.fingerprint,
                "placed": len(here.preplaced) - len(puzzle.preplaced), "free": free_cell_count(here)}

    return JSONResponse(await anyio.to_thread.run_sync(describe))


async def play_hint(request: Request) -> Response:
    """``{puzzle, placements, seed, finish}`` -> the next piece of a completion, or every piece
    left with ``finish``; none, and why, when the position cannot be finished."""
    ctx = context(request)
    data = await ctx.search_body(request)
    seed, finish = seed_of(data), flag(data, "finish")
    _, here = await anyio.to_thread.run_sync(ctx.position_from, data)
    found = await ctx.run(request, "hint", lambda task: completion(task, here, seed))
    return JSONResponse(found if finish else hint(found))


async def solved(request: Request) -> Response:
    """A finished board -> ``{number, of, symmetry, group_order}``: which solution up to
    symmetry it is, in the listing the Solve tab and the gallery show."""
    ctx = context(request)
    data = await ctx.search_body(request)

    def finished() -> tuple[Puzzle, Puzzle]:
        puzzle, here = ctx.position_from(data)
        finished_tiling(puzzle, here)  # a 400 unless the board is finished
        return puzzle, here

    puzzle, here = await anyio.to_thread.run_sync(finished)
    listing = ctx.listings.get(puzzle, "full", False, None)  # the Solve tab's and the gallery's

    def number(task: Task) -> dict[str, Any]:
        index = solution_number(listing, here.preplaced, task)
        return {"number": None if index is None else index + 1, "of": listing.count(task),
                "symmetry": "full", "group_order": puzzle.symmetry_group_order("full")}

    return JSONResponse(await ctx.run(request, "number", number))


routes: list[BaseRoute] = [
    Route("/api/play/position", position, methods=["POST"]),
    Route("/api/play/hint", play_hint, methods=["POST"]),
    Route("/api/play/solved", solved, methods=["POST"]),
]
