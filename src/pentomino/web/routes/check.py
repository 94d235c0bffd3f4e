"""Is the puzzle solvable, and is its solution unique? What ``pentomino check`` answers
(:func:`pentomino.api.check`: the quick proofs first, then the search)."""

from __future__ import annotations

from typing import Any

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from pentomino import api
from pentomino.model.puzzle import Puzzle
from pentomino.model.results import Check
from pentomino.web.context import context
from pentomino.web.tasks import Task


async def _checked(request: Request) -> Check:
    """The check of the puzzle the request names, run as a task."""
    ctx = context(request)
    data = await ctx.search_body(request)
    puzzle: Puzzle = await anyio.to_thread.run_sync(ctx.puzzle_of, data)

    def check(task: Task) -> Check:
        return api.check(puzzle, progress=lambda *_: task.check())

    return await ctx.run(request, "check", check)


async def unique(request: Request) -> Response:
    """The Design tab's question: is the solution unique (the check, stopping at the second)?"""
    c = await _checked(request)
    verdict = "no solution" if not c.solvable else "unique" if c.unique else "not unique"
    answer: dict[str, Any] = {"solutions": c.solutions, "complete": c.complete, "answer": verdict,
                              "group_order": c.group_order, "nodes": c.nodes}
    return JSONResponse(answer)


async def check(request: Request) -> Response:
    """``pentomino check --json``'s object."""
    return JSONResponse((await _checked(request)).to_json())


routes: list[BaseRoute] = [Route("/api/unique", unique, methods=["POST"]), Route("/api/check", check, methods=["POST"])]
