"""The page itself, what the server offers (``/api/info``), a puzzle as JSON and a picture."""

from __future__ import annotations

import functools
from importlib import resources
from typing import Any

import anyio
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from pentomino.geometry import DEFAULT_GRID, GRIDS
from pentomino.model.library import builtin_names, load_builtin
from pentomino.model.piecesets import piece_sets
from pentomino.render.svg import render_sheet
from pentomino.version import __version__
from pentomino.web.context import context
from pentomino.web.puzzles import (
    check_placements,
    grid_json,
    naming_source,
    piece_json,
    placements_from_json,
    puzzle_json,
)

STATIC = resources.files("pentomino.web") / "static"


async def index(request: Request) -> Response:
    return FileResponse(str(STATIC / "index.html"), headers={"cache-control": "no-cache"})


@functools.cache
def catalogue() -> dict[str, Any]:
    """What /api/info tells besides the server's limits: the built-in puzzles, the piece sets
    with every orientation of every piece, and how each grid is drawn. The same for every app
    in a process, so built once (the piece sets' orientations take about half a second)."""
    builtins = {n: load_builtin(n) for n in builtin_names()}
    return {
        "version": __version__,
        "puzzles": [{"name": n, "description": p.name, "grid": p.grid.name} for n, p in builtins.items()],
        "piece_sets": [{"name": s.name, "description": s.description, "one_sided": s.one_sided,
                        "grid": s.grid.name, "pieces": [p.name for p in s.pieces],
                        "shapes": {p.name: piece_json(p) for p in s.pieces}}
                       for s in piece_sets().values()],
        # every grid: how the page draws it (a puzzle brings its own drawing), what it calls it,
        # and whether a design may use it
        "grids": {name: grid_json(grid) for name, grid in GRIDS.items()},
        "default_grid": DEFAULT_GRID.name,
    }


async def info(request: Request) -> Response:
    settings = context(request).settings
    limits = {"max_cells": settings.max_cells, "max_seconds": settings.max_seconds,
              "max_searches": settings.max_searches, "max_listed": settings.max_listed}
    built = await anyio.to_thread.run_sync(catalogue)  # built once, off the event loop
    return JSONResponse({**built, "limits": limits})


async def puzzle(request: Request) -> Response:
    """The puzzle as the page draws it, with a quick proof that it has no solution, if any (a
    calendar whose open cells are still to be chosen has none yet: ``to_open``)."""
    ctx = context(request)
    data = await ctx.body(request)

    def describe() -> dict[str, Any]:
        p = ctx.puzzle_of(data)
        if p.to_open:  # a calendar with no date chosen: the page chooses one, nothing is searched
            return {**puzzle_json(p), "no_solution": None}
        listing = ctx.listings.get(p, "full", False, None)  # what Solve will list
        with naming_source(data["puzzle"]), listing.lock:
            listing.prepare()  # packed now: the first solution asked for costs only its search
        proof = p.no_solution_proof()
        return {**puzzle_json(p), "no_solution": proof.reason if proof is not None else None}

    return JSONResponse(await anyio.to_thread.run_sync(describe))


async def render(request: Request) -> Response:
    """``{puzzle, placements}`` as the CLI's SVG picture (what ``solve --format svg`` writes)."""
    ctx = context(request)
    data = await ctx.body(request)

    def draw() -> str:
        p = ctx.puzzle_of(data)
        placed = check_placements(p, placements_from_json(data.get("placements", [])))
        return render_sheet(p, [placed]) + "\n"

    svg = await anyio.to_thread.run_sync(draw)
    return Response(svg, media_type="image/svg+xml")


routes: list[BaseRoute] = [
    Route("/", index),
    Route("/api/info", info),
    Route("/api/puzzle", puzzle, methods=["POST"]),
    Route("/api/render", render, methods=["POST"]),
    Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
]
