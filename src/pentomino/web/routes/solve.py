"""Solutions by number, for the Solve tab (next, previous, jump to #n) and the gallery: pages
of a listing kept between requests (:mod:`pentomino.web.listing`)."""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass
from typing import Any

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from pentomino.model import options
from pentomino.model.symmetry import SymmetryMode
from pentomino.tuning import PAGE_LIMIT
from pentomino.web.context import BadRequest, context, seed_of
from pentomino.web.listing import Listing
from pentomino.web.puzzles import placement_json
from pentomino.web.tasks import Task


@dataclass(frozen=True)
class Page:
    """What ``/api/solutions`` asks for: solutions ``offset`` .. ``offset + limit - 1`` of a
    listing (``seed``: None unless ``random``), and its total if ``total``."""

    symmetry: SymmetryMode
    offset: int
    limit: int
    random: bool
    seed: int | None
    total: bool

    @classmethod
    def of(cls, data: dict[str, Any]) -> Page:
        symmetry = options.symmetry_mode(data.get("symmetry", "full"))
        offset, limit = data.get("offset", 0), data.get("limit", 1)
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (offset, limit)) \
                or offset < 0 or not 1 <= limit <= PAGE_LIMIT:
            raise BadRequest(f"offset must be 0 or more and limit 1 to {PAGE_LIMIT}")
        random = bool(data.get("random", False))
        seed = seed_of(data)  # checked even when not used
        return cls(symmetry, offset, limit, random, seed if random else None, bool(data.get("total", False)))

    def answer(self, listing: Listing, task: Task) -> dict[str, Any]:
        """The page of ``listing`` asked for, listed as far as it needs (in ``task``)."""
        start = time.perf_counter()
        total = listing.count(task) if self.total else None
        with listing.lock:
            listing.extend(self.offset + self.limit, task)
            total = total if total is not None else listing.total  # a listing to its end knows it
            end = min(self.offset + self.limit, len(listing.rows))
            shown = [listing.solution(i) for i in range(self.offset, end)]
            return {
                "offset": self.offset, "symmetry": self.symmetry, "random": self.random, "seed": self.seed,
                # The placements in the order the search put them down (the page draws them
                # so); the page writes the CLI's JSON line from them (solutionJsonLine in
                # static/placement.js), sorted as a Solution's.
                "solutions": [{"index": self.offset + k, "placements": [placement_json(x) for x in s.in_search_order]}
                              for k, s in enumerate(shown)],
                "listed": len(listing.rows), "complete": listing.done, "capped": listing.capped,
                "total": total, "seconds": round(time.perf_counter() - start, 6),
            }


async def solutions(request: Request) -> Response:
    ctx = context(request)
    data = await ctx.search_body(request)
    asked = Page.of(data)
    puzzle = await anyio.to_thread.run_sync(ctx.puzzle_of, data)
    listing = ctx.listings.get(puzzle, asked.symmetry, asked.random, asked.seed)
    return JSONResponse(await ctx.run(request, "list", functools.partial(asked.answer, listing)))


routes: list[BaseRoute] = [Route("/api/solutions", solutions, methods=["POST"])]
