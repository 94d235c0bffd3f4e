"""The web server's application (Starlette): the page, its JSON endpoints and its event streams.

Endpoints (every body JSON; a puzzle is named as in :mod:`pentomino.web.puzzles`):

=================================  ===========================================================
``GET  /``                         the page (static files from the package, under ``/static``)
``GET  /api/info``                 built-in puzzles and piece sets (each with its grid), every
                                   grid (how it is drawn, its names, whether a design may use
                                   it), the default grid, the server's limits
``POST /api/puzzle``               ``{puzzle}`` -> the puzzle as JSON (board, pieces, colors,
                                   symmetry, its puzzle file, ``no_solution``: a quick proof
                                   that it has none, in words, or null; a labelled board's
                                   labels, groups and the labels left open), or the CLI's error
``POST /api/solutions``            ``{puzzle, symmetry, offset, limit, random, seed, total}`` ->
                                   solutions ``offset`` .. ``offset + limit - 1`` of a listing,
                                   each ``{index, placements}`` (in search order)
``POST /api/unique``               ``{puzzle}`` -> is the solution unique? (stops at the 2nd)
``POST /api/check``                ``{puzzle}`` -> ``pentomino check --json``: ``{solvable,
                                   reason, solutions, unique, complete, argument, nodes, ...}``
``POST /api/render``               ``{puzzle, placements}`` -> the CLI's SVG picture (as
                                   ``solve --format svg`` writes it)
``POST /api/tasks``                ``{kind: "count" | "watch" | "ways" | "each-date", puzzle,
                                   ...}`` -> ``{id}`` (``ways``: ``placements`` too, the play
                                   position; ``each-date``: a calendar's every date counted,
                                   ``year`` optional, as ``count --each-date --json``)
``GET  /api/tasks/{id}/events``    the task's server-sent events; closing it cancels the task
``POST /api/tasks/{id}/control``   a watch: ``{action: "run" | "pause" | "step", speed}``
``DELETE /api/tasks/{id}``         cancel
``GET  /api/status``               the searches running now, and ``solver``: is the solver
                                   ready (see :mod:`pentomino.web.warmup`)
``POST /api/play/position``        ``{puzzle, placements}`` -> the play position as a puzzle:
                                   ``{name, toml, placed, free, fingerprint}``
``POST /api/play/hint``            ``{puzzle, placements, seed, finish}`` -> ``{placements,
                                   reason, seed}``: the next piece of a completion (every
                                   piece left with ``finish``), or none and why
``POST /api/play/solved``          ``{puzzle, placements}`` (a finished board) -> ``{number,
                                   of, symmetry, group_order}``: which solution up to symmetry
=================================  ===========================================================

A placement goes both ways as ``{"piece": name, "cells": [[r, c], ...]}`` (the CLI's JSON). A
calendar puzzle is named with its date or the labels it leaves open (``{"name":
"a-puzzle-a-day", "date": "2026-11-26"}``, ``"open": ["Nov", "26"]``: see
:mod:`pentomino.web.puzzles`).

Bad input is HTTP 400 ``{"error": "<the CLI's one-line message>"}``; too many searches at once
429; a body over the limit 413; a request for another host name 403 (a page on another site
cannot reach this server through DNS rebinding). Every response carries a Content-Security-Policy
that allows nothing from other origins.

The endpoints live in :mod:`pentomino.web.routes`, by concern; this module puts them together
with the exception handlers that answer what a route raises, the guard every request meets
first (:mod:`pentomino.web.guard`), and the app's state (:mod:`pentomino.web.context`).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp

from pentomino.errors import PentominoError
from pentomino.web.context import AppState, BadRequest
from pentomino.web.guard import Guard, error
from pentomino.web.routes import ROUTES
from pentomino.web.settings import Settings
from pentomino.web.tasks import Busy


async def _bad_input(request: Request, exc: Exception) -> Response:
    """A library error: the input's fault, told in the library's one line (HTTP 400)."""
    return error(str(exc))


async def _bad_request(request: Request, exc: Exception) -> Response:
    status = exc.status if isinstance(exc, BadRequest) else 400
    return error(str(exc), status)


async def _busy(request: Request, exc: Exception) -> Response:
    return error(str(exc), 429)


async def _server_error(request: Request, exc: Exception) -> Response:
    return error(f"internal error: {type(exc).__name__}: {exc}", 500)


def create_app(settings: Settings | None = None) -> ASGIApp:
    """The ASGI application of ``pentomino serve``."""
    state = AppState.of(settings or Settings())

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        state.warmup.start()  # the kernels, loaded before the first search (pentomino.web.warmup)
        yield
        state.tasks.cancel_all()  # the server stops: so do its searches
        state.warmup.stop()

    app = Starlette(routes=ROUTES, lifespan=lifespan, exception_handlers={
        PentominoError: _bad_input, BadRequest: _bad_request, Busy: _busy, 500: _server_error})
    app.state.context = state
    app.state.tasks = state.tasks
    app.state.settings = state.settings
    return Guard(app, state.settings, app.state)  # outermost: its headers go on every answer, errors included
