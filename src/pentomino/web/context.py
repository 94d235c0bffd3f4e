"""What every route shares: the app's state (its settings, its tasks, its listings) and the
reading of a request (its JSON body, the puzzle it names, the task it runs).

A route module (:mod:`pentomino.web.routes`) gets the state with :func:`context` and raises
:class:`BadRequest` (or lets a library error through) for the app's exception handlers to
answer: HTTP 400 with the library's one-line message, 429 when busy, and so on.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from starlette.requests import Request

from pentomino.errors import PuzzleError
from pentomino.model import options
from pentomino.model.puzzle import Puzzle
from pentomino.web.listing import Listings
from pentomino.web.play import position_of
from pentomino.web.puzzles import puzzle_from_request
from pentomino.web.settings import Settings
from pentomino.web.tasks import Task, Tasks
from pentomino.web.warmup import WarmUp

T = TypeVar("T")


class BadRequest(Exception):
    """A request that cannot be served, with the HTTP status to answer it with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class AppState:
    """One app's settings, the searches it runs, the listings it keeps and its solver's
    warm-up."""

    settings: Settings
    tasks: Tasks
    listings: Listings
    warmup: WarmUp = field(default_factory=WarmUp)

    @classmethod
    def of(cls, settings: Settings) -> AppState:
        return cls(settings, Tasks(settings.max_searches, settings.max_seconds), Listings(cap=settings.max_listed))

    # -- a request's body ------------------------------------------------------------------------
    async def body(self, request: Request) -> dict[str, Any]:
        """The request's JSON object (at most ``max_body`` bytes)."""
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > self.settings.max_body:
                raise BadRequest(f"the request body is over {self.settings.max_body} bytes", 413)
        try:
            value = json.loads(data or b"{}")
        except (ValueError, UnicodeDecodeError) as exc:
            raise BadRequest(f"the request body is not JSON: {exc}") from None
        except RecursionError:
            raise BadRequest("the request body is not JSON this server reads: it is nested too deeply") from None
        if not isinstance(value, dict):
            raise BadRequest("the request body must be a JSON object")
        return value

    async def search_body(self, request: Request) -> dict[str, Any]:
        """The body of a request that starts a search: a busy server refuses it at once, before
        reading the body or the puzzle (the one place the routes check for room)."""
        self.tasks.check_room()
        return await self.body(request)

    # -- what a body names ----------------------------------------------------------------------
    def puzzle_of(self, data: dict[str, Any]) -> Puzzle:
        """The puzzle a request names (see :mod:`pentomino.web.puzzles`), within the board cap."""
        if "puzzle" not in data:
            raise BadRequest("no puzzle: send {\"puzzle\": {\"name\": \"6x10\"}} or a puzzle file's text")
        return puzzle_from_request(data["puzzle"], self.settings.max_cells)

    def position_from(self, data: dict[str, Any]) -> tuple[Puzzle, Puzzle]:
        """The puzzle a play request names and its position (the pieces put down added)."""
        puzzle = self.puzzle_of(data)
        return puzzle, position_of(puzzle, data.get("placements", []))

    # -- running a search --------------------------------------------------------------------------
    async def run(self, request: Request, kind: str, fn: Callable[[Task], T]) -> T:
        """Run a search as a task while the request waits; its result, or the error to answer
        (a search past the time limit: 408; cancelled: 499)."""
        match await self.tasks.run(kind, fn, request.is_disconnected):
            case ("result", value):
                return value
            case ("cancelled", info):
                if info["timed_out"]:
                    raise BadRequest(f"stopped at this server's time limit of {self.settings.max_seconds:g} s "
                                     "(`pentomino serve --max-seconds`)", 408)
                raise BadRequest("cancelled", 499)
            case (_, error):
                raise error


def context(request: Request) -> AppState:
    """The state of the app serving ``request``."""
    state: AppState = request.app.state.context
    return state


def seed_of(data: dict[str, Any]) -> int:
    """A random order's seed: the one asked for, or a new one (given back, so that the page can
    show the same again)."""
    seed = options.seed(data.get("seed"))
    return random.randrange(2**31) if seed is None else seed


def speed_of(data: dict[str, Any]) -> float:
    """A watch's speed: nodes per second, 0 paused, negative for full speed."""
    speed = data.get("speed", 50)
    if isinstance(speed, bool) or not isinstance(speed, (int, float)) or not math.isfinite(speed) \
            or speed > 1e9:
        raise BadRequest("speed must be a number of nodes per second up to 1e9 (0: paused, -1: full speed)")
    return float(speed)


def flag(data: dict[str, Any], name: str) -> bool:
    """A true-or-false field of a request (false when left out)."""
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise PuzzleError(f"{name} must be true or false, not {value!r}")
    return value
