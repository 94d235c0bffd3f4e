"""The web server: the page, its JSON endpoints and its event streams (Starlette).

Endpoints (every body JSON; a puzzle is named as in :mod:`pentomino.web.puzzles`):

=================================  ===========================================================
``GET  /``                         the page (static files from the package, under ``/static``)
``GET  /api/info``                 built-in puzzles and piece sets (each with its grid), every
                                   grid (how it is drawn, its names, whether a design may use
                                   it), the default grid, the server's limits
``POST /api/puzzle``               ``{puzzle}`` -> the puzzle as JSON (board, pieces, colors,
                                   symmetry, its puzzle file, ``no_solution``: a quick proof
                                   that it has none, in words, or null), or the CLI's error
``POST /api/solutions``            ``{puzzle, symmetry, offset, limit, random, seed, total}`` ->
                                   solutions ``offset`` .. ``offset + limit - 1`` of a listing
``POST /api/unique``               ``{puzzle}`` -> is the solution unique? (stops at the 2nd)
``POST /api/check``                ``{puzzle}`` -> ``pentomino check --json``: ``{solvable,
                                   reason, solutions, unique, complete, argument, nodes, ...}``
``POST /api/render``               ``{puzzle, placements}`` -> the CLI's SVG picture (as
                                   ``solve --format svg`` writes it)
``POST /api/jobs``                 ``{kind: "count" | "watch" | "ways", puzzle, ...}`` ->
                                   ``{id}`` (``ways``: ``placements`` too, the play position)
``GET  /api/jobs/{id}/events``     the job's server-sent events; closing it cancels the job
``POST /api/jobs/{id}/control``    a watch: ``{action: "run" | "pause" | "step", speed}``
``DELETE /api/jobs/{id}``          cancel
``GET  /api/status``               the searches running now
``POST /api/play/position``        ``{puzzle, placements}`` -> the play position as a puzzle:
                                   ``{name, toml, placed, free, fingerprint}``
``POST /api/play/hint``            ``{puzzle, placements, seed, finish}`` -> ``{placements,
                                   reason, seed}``: the next piece of a completion (every
                                   piece left with ``finish``), or none and why
``POST /api/play/solved``          ``{puzzle, placements}`` (a finished board) -> ``{number,
                                   of, symmetry, group_order}``: which solution up to symmetry
=================================  ===========================================================

Bad input is HTTP 400 ``{"error": "<the CLI's one-line message>"}``; too many searches at once
429; a body over the limit 413; a request for another host name 403 (a page on another site
cannot reach this server through DNS rebinding). Every response carries a Content-Security-Policy
that allows nothing from other origins.
"""

from __future__ import annotations

import contextlib
import functools
import ipaddress
import json
import math
import random as _random
import socket
import time
from dataclasses import dataclass, field
from importlib import resources
from typing import AsyncGenerator

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from pentomino import api
from pentomino.errors import PentominoError
from pentomino.geometry import DEFAULT_GRID, GRIDS
from pentomino.model.puzzle import Puzzle
from pentomino.model.symmetry import SYMMETRY_MODES, SymmetryMode
from pentomino.version import __version__
from pentomino.web.jobs import Busy, Job, Jobs
from pentomino.web.listing import Listing, Listings
from pentomino.web.play import (completion, finished_tiling, free_cell_count, hint, position_of, solution_number,
                                ways_to_finish)
from pentomino.web.puzzles import (check_placements, grid_json, naming_source, piece_json, placement_json,
                                   placements_from_json, puzzle_from_request, puzzle_json)
from pentomino.tuning import FRAMES_PER_SECOND, PAGE_LIMIT, PROGRESS_SECONDS

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
       "connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; "
       "frame-ancestors 'none'")


@dataclass
class Settings:
    """The server's limits and who it answers to."""

    max_cells: int = 1024
    """Largest board (cells) a request may name."""
    max_seconds: float = 300.0
    """Longest time one search may run."""
    max_searches: int = 4
    """Searches running at once; more get HTTP 429."""
    max_body: int = 256 * 1024
    """Largest request body, in bytes."""
    max_listed: int = 200_000
    """Most solutions one listing keeps (the gallery's reach)."""
    allowed_hosts: list[str] = field(default_factory=lambda: ["127.0.0.1", "localhost", "[::1]"])
    """Host names (without port) the server answers to; "*" for any IP address literal."""
    port: int | None = None
    """The port the Host header must name (None: any)."""


class BadRequest(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


# -- middleware ---------------------------------------------------------------------------------
class _Guard:
    """Host-header check, body-size limit and security headers, for every request."""

    def __init__(self, app: Starlette, settings: Settings) -> None:
        self.app = app
        self.settings = settings
        self.state = app.state  # the jobs and settings, for tests and tools

    def _host_ok(self, host: str) -> bool:
        s = self.settings
        name, _, port = host.rpartition(":") if not host.endswith("]") else (host, "", "")
        if not name:
            name, port = host, ""
        if s.port is not None and port != str(s.port):
            return False
        if name in s.allowed_hosts:
            return True
        if "*" in s.allowed_hosts:
            try:
                ipaddress.ip_address(name.strip("[]"))
                return True
            except ValueError:
                return False
        return False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                extra = [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
                         (b"referrer-policy", b"no-referrer"), (b"x-frame-options", b"DENY")]
                message["headers"] = list(message.get("headers", [])) + extra
            await send(message)

        headers = dict(scope["headers"])
        host = headers.get(b"host", b"").decode("latin-1")
        if not self._host_ok(host):
            await _error(f"this server does not answer for host {host!r}: open it as "
                         "http://127.0.0.1:PORT/ (or the address `pentomino serve` printed)", 403)(
                scope, receive, send_with_headers)
            return
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.settings.max_body):
            await _error(f"the request body is over {self.settings.max_body} bytes", 413)(
                scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)


async def _job_events(job: Job) -> AsyncGenerator[str, None]:
    """A job's events as server-sent events, up to its last (result, cancelled or error)."""
    yield "retry: 86400000\n\n"  # an ended stream must not be reopened by the browser
    while True:
        event, data = await job.events.get()
        job.taken()
        yield f"event: {event}\ndata: {json.dumps(data, default=str)}\n\n"
        if event in ("result", "cancelled", "error"):
            return


class _EventStream(StreamingResponse):
    """A job's event stream. However the response ends (the job's last event sent, the client
    gone, the request's task cancelled), the job is forgotten, so cancelled, then and there, and
    the events' generator closed: nothing keeps running for a page that went away.

    StreamingResponse reads the generator with ``async for``, which leaves it suspended, not
    closed, when a cancellation reaches the response between two events (while it waits to
    send one): the generator's own ``finally`` would then run only once the garbage collector
    finalizes it."""

    def __init__(self, jobs: Jobs, job: Job) -> None:
        self._jobs, self._job = jobs, job
        self._events = _job_events(job)
        super().__init__(self._events, media_type="text/event-stream",
                         headers={"cache-control": "no-cache", "x-accel-buffering": "no"})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._jobs.forget(self._job)
            with anyio.CancelScope(shield=True):  # the task may be cancelled: close it anyway
                await self._events.aclose()


@dataclass(frozen=True)
class _Page:
    """What ``/api/solutions`` asks for: solutions ``offset`` .. ``offset + limit - 1`` of a
    listing (``seed``: None unless ``random``), and its total if ``total``."""

    symmetry: SymmetryMode
    offset: int
    limit: int
    random: bool
    seed: int | None
    total: bool

    @classmethod
    def of(cls, data: dict) -> _Page:
        symmetry = data.get("symmetry", "full")
        if symmetry not in SYMMETRY_MODES:
            raise BadRequest(f"unknown symmetry mode {symmetry!r}: use one of {', '.join(SYMMETRY_MODES)}")
        offset, limit = data.get("offset", 0), data.get("limit", 1)
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (offset, limit)) \
                or offset < 0 or not 1 <= limit <= PAGE_LIMIT:
            raise BadRequest(f"offset must be 0 or more and limit 1 to {PAGE_LIMIT}")
        random = bool(data.get("random", False))
        seed = _seed(data)  # checked even when not used
        return cls(symmetry, offset, limit, random, seed if random else None, bool(data.get("total", False)))

    def answer(self, listing: Listing, job: Job) -> dict:
        """The page of ``listing`` asked for, listed as far as it needs (in ``job``)."""
        start = time.perf_counter()
        total = listing.count(job) if self.total else None
        with listing.lock:
            listing.extend(self.offset + self.limit, job)
            total = total if total is not None else listing.total  # a listing to its end knows it
            end = min(self.offset + self.limit, len(listing.rows))
            shown = [listing.solution(i) for i in range(self.offset, end)]
            return {
                "offset": self.offset, "symmetry": self.symmetry, "random": self.random, "seed": self.seed,
                "solutions": [{"index": self.offset + k, "placements": [placement_json(x) for x in s.in_search_order],
                               "json": s.to_json(), "json_line": json.dumps(s.to_json())}
                              for k, s in enumerate(shown)],
                "listed": len(listing.rows), "complete": listing.done, "capped": listing.capped,
                "total": total, "seconds": round(time.perf_counter() - start, 6),
            }


def _seed(data: dict) -> int:
    """A random order's seed: the one asked for, or a new one (given back, so that the page can
    show the same again)."""
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
        raise BadRequest(f"seed must be a whole number, 0 or more, not {seed!r}")
    return _random.randrange(2**31) if seed is None else seed


def _speed(data: dict) -> float:
    """A watch's speed: nodes per second, 0 paused, negative for full speed."""
    speed = data.get("speed", 50)
    if isinstance(speed, bool) or not isinstance(speed, (int, float)) or not math.isfinite(speed) \
            or speed > 1e9:
        raise BadRequest("speed must be a number of nodes per second up to 1e9 (0: paused, -1: full speed)")
    return float(speed)


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


@functools.cache
def _catalogue() -> dict:
    """What /api/info tells besides the server's limits: the built-in puzzles, the piece sets
    with every orientation of every piece, and how each grid is drawn. The same for every app
    in a process, so built once (the piece sets' orientations take about half a second)."""
    from pentomino.model.library import builtin_names, load_builtin
    from pentomino.model.piecesets import piece_sets

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


# -- the application ----------------------------------------------------------------------------
def create_app(settings: Settings | None = None) -> ASGIApp:
    """The ASGI application of ``pentomino serve``."""
    settings = settings or Settings()
    jobs = Jobs(settings.max_searches, settings.max_seconds)
    listings = Listings(cap=settings.max_listed)
    static = resources.files("pentomino.web") / "static"

    async def body(request: Request) -> dict:
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > settings.max_body:
                raise BadRequest(f"the request body is over {settings.max_body} bytes", 413)
        try:
            value = json.loads(data or b"{}")
        except (ValueError, UnicodeDecodeError) as exc:
            raise BadRequest(f"the request body is not JSON: {exc}") from None
        except RecursionError:
            raise BadRequest("the request body is not JSON this server reads: it is nested too deeply") from None
        if not isinstance(value, dict):
            raise BadRequest("the request body must be a JSON object")
        return value

    def puzzle_of(data: dict) -> Puzzle:
        if "puzzle" not in data:
            raise BadRequest("no puzzle: send {\"puzzle\": {\"name\": \"6x10\"}} or a puzzle file's text")
        return puzzle_from_request(data["puzzle"], settings.max_cells)

    def position_from(data: dict) -> tuple[Puzzle, Puzzle]:
        """The puzzle a play request names and its position (the pieces put down added)."""
        p = puzzle_of(data)
        return p, position_of(p, data.get("placements", []))

    async def run(kind: str, fn, request: Request):
        """Run a search in a job; its result, or the right error response."""
        status, value = await jobs.run(kind, fn, request.is_disconnected)
        if status == "result":
            return value
        if status == "cancelled":
            if value["timed_out"]:
                raise BadRequest(f"stopped at this server's time limit of {settings.max_seconds:g} s "
                                 "(`pentomino serve --max-seconds`)", 408)
            raise BadRequest("cancelled", 499)
        raise value

    async def index(request: Request) -> Response:
        return FileResponse(str(static / "index.html"), headers={"cache-control": "no-cache"})

    def about() -> dict:
        return {**_catalogue(),
                "limits": {"max_cells": settings.max_cells, "max_seconds": settings.max_seconds,
                           "max_searches": settings.max_searches, "max_listed": settings.max_listed}}

    async def info(request: Request) -> Response:
        return JSONResponse(await anyio.to_thread.run_sync(about))  # built once, off the event loop

    async def puzzle(request: Request) -> Response:
        data = await body(request)

        def describe() -> dict:
            p = puzzle_of(data)
            listing = listings.get(p, "full", False, None)  # what Solve will list
            with naming_source(data["puzzle"]), listing.lock:
                listing.prepare()  # packed now: the first solution asked for costs only its search
            proof = p.no_solution_proof()
            return {**puzzle_json(p), "no_solution": proof.reason if proof is not None else None}

        return JSONResponse(await anyio.to_thread.run_sync(describe))

    async def solutions(request: Request) -> Response:
        jobs.check_room()  # a busy server answers at once, before reading the puzzle
        data = await body(request)
        asked = _Page.of(data)
        p = await anyio.to_thread.run_sync(puzzle_of, data)
        listing = listings.get(p, asked.symmetry, asked.random, asked.seed)
        return JSONResponse(await run("list", functools.partial(asked.answer, listing), request))

    async def unique(request: Request) -> Response:
        jobs.check_room()  # a busy server answers at once, before reading the puzzle
        data = await body(request)
        p = await anyio.to_thread.run_sync(puzzle_of, data)

        def answer(job: Job) -> dict:  # what `pentomino check` finds, as the Design tab asks it
            c = p.check(progress=lambda *_: job.check())
            verdict = "no solution" if not c.solvable else "unique" if c.unique else "not unique"
            return {"solutions": c.solutions, "complete": c.complete, "answer": verdict,
                    "group_order": c.group_order, "nodes": c.nodes}

        return JSONResponse(await run("unique", answer, request))

    async def check(request: Request) -> Response:
        jobs.check_room()  # a busy server answers at once, before reading the puzzle
        data = await body(request)
        p = await anyio.to_thread.run_sync(puzzle_of, data)
        checked = await run("check", lambda job: p.check(progress=lambda *_: job.check()), request)
        return JSONResponse(checked.to_json())

    async def render(request: Request) -> Response:
        data = await body(request)

        def draw() -> str:
            p = puzzle_of(data)
            placed = check_placements(p, placements_from_json(data.get("placements", [])))
            from pentomino.render.svg import render_sheet

            return render_sheet(p, [placed]) + "\n"  # what `pentomino solve --format svg` writes

        svg = await anyio.to_thread.run_sync(draw)
        return Response(svg, media_type="image/svg+xml")

    async def start_job(request: Request) -> Response:
        jobs.check_room()  # a busy server answers at once, before reading the puzzle
        data = await body(request)
        kind = data.get("kind")
        p = await anyio.to_thread.run_sync(puzzle_of, data)
        if kind == "count":
            job = jobs.start("count", lambda job: _count(job, p), streamed=True)
        elif kind == "ways":
            position = await anyio.to_thread.run_sync(position_of, p, data.get("placements", []))
            job = jobs.start("ways", lambda job: ways_to_finish(job, position), streamed=True)
        elif kind == "watch":
            speed = _speed(data)
            job = jobs.start("watch", lambda job: _watch(job, p), streamed=True)
            job.set_control(speed=speed, steps=0)
        else:
            raise BadRequest(f"unknown job kind {kind!r}: use count, watch or ways")
        return JSONResponse({"id": job.id, "kind": kind})

    def job_of(request: Request) -> Job:
        job = jobs.get(request.path_params["id"])
        if job is None:
            raise BadRequest("no such search (it ended, or was cancelled)", 404)
        return job

    async def events(request: Request) -> Response:
        return _EventStream(jobs, job_of(request))

    async def control(request: Request) -> Response:
        job = job_of(request)
        data = await body(request)
        action = data.get("action")
        if job.kind != "watch":
            raise BadRequest("only a watch can be paused and stepped")
        if action == "step":
            job.set_control(speed=0.0, steps=job.control.get("steps", 0) + 1)
        elif action == "pause":
            job.set_control(speed=0.0)
        elif action == "run":
            job.set_control(speed=_speed(data))
        else:
            raise BadRequest(f"unknown action {action!r}: use run, pause or step")
        return JSONResponse({"id": job.id, "control": job.control})

    async def cancel(request: Request) -> Response:
        job = job_of(request)
        job.cancel()
        return JSONResponse({"id": job.id, "cancelled": True})

    async def status(request: Request) -> Response:
        return JSONResponse({"running": [j.to_json() for j in jobs.running()],
                             "max_searches": settings.max_searches})

    async def play_position(request: Request) -> Response:
        data = await body(request)

        def describe() -> dict:
            p, position = position_from(data)
            return {"name": position.name, "toml": position.to_toml(), "fingerprint": position.fingerprint,
                    "placed": len(position.preplaced) - len(p.preplaced), "free": free_cell_count(position)}

        return JSONResponse(await anyio.to_thread.run_sync(describe))

    async def play_hint(request: Request) -> Response:
        jobs.check_room()  # a busy server answers at once, before reading the puzzle
        data = await body(request)
        seed, finish = _seed(data), data.get("finish", False)
        if not isinstance(finish, bool):
            raise BadRequest(f"finish must be true or false, not {finish!r}")
        _, position = await anyio.to_thread.run_sync(position_from, data)
        found = await run("hint", lambda job: completion(job, position, seed), request)
        return JSONResponse(found if finish else hint(found))

    async def play_solved(request: Request) -> Response:
        jobs.check_room()  # a busy server answers at once, before reading the puzzle
        data = await body(request)

        def finished() -> tuple[Puzzle, Puzzle]:
            p, position = position_from(data)
            finished_tiling(p, position)  # a 400 unless the board is finished
            return p, position

        p, position = await anyio.to_thread.run_sync(finished)
        listing = listings.get(p, "full", False, None)  # the Solve tab's and the gallery's

        def number(job: Job) -> dict:
            index = solution_number(listing, position.preplaced, job)
            return {"number": None if index is None else index + 1, "of": listing.count(job),
                    "symmetry": "full", "group_order": p.symmetry_group_order("full")}

        return JSONResponse(await run("number", number, request))

    def errors(handler):
        async def wrapped(request: Request) -> Response:
            try:
                return await handler(request)
            except PentominoError as exc:
                return _error(str(exc))
            except BadRequest as exc:
                return _error(str(exc), exc.status)
            except Busy as exc:
                return _error(str(exc), 429)
        return wrapped

    routes = [
        Route("/", index),
        Route("/api/info", errors(info)),
        Route("/api/puzzle", errors(puzzle), methods=["POST"]),
        Route("/api/solutions", errors(solutions), methods=["POST"]),
        Route("/api/unique", errors(unique), methods=["POST"]),
        Route("/api/check", errors(check), methods=["POST"]),
        Route("/api/render", errors(render), methods=["POST"]),
        Route("/api/jobs", errors(start_job), methods=["POST"]),
        Route("/api/jobs/{id}/events", errors(events)),
        Route("/api/jobs/{id}/control", errors(control), methods=["POST"]),
        Route("/api/jobs/{id}", errors(cancel), methods=["DELETE"]),
        Route("/api/status", errors(status)),
        Route("/api/play/position", errors(play_position), methods=["POST"]),
        Route("/api/play/hint", errors(play_hint), methods=["POST"]),
        Route("/api/play/solved", errors(play_solved), methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(static)), name="static"),
    ]

    async def server_error(request: Request, exc: Exception) -> Response:
        return _error(f"internal error: {type(exc).__name__}: {exc}", 500)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        jobs.cancel_all()  # the server stops: so do its searches

    app = Starlette(routes=routes, exception_handlers={500: server_error}, lifespan=lifespan)
    app.state.jobs = jobs
    app.state.settings = settings
    return _Guard(app, settings)  # outermost: its headers go on every answer, errors included


# -- the jobs -----------------------------------------------------------------------------------
def _count(job: Job, puzzle: Puzzle) -> dict:
    """The three counts, as ``pentomino count --json`` (mode full) plus every mode's count."""
    start = time.perf_counter()
    last = [0.0]

    def progress(found: int, nodes: int, done: int, total: int) -> None:
        job.check()
        now = time.perf_counter()
        if now - last[0] >= PROGRESS_SECONDS:
            last[0] = now
            elapsed = now - start
            job.emit("progress", {"elapsed": round(elapsed, 3), "found": found, "nodes": nodes,
                                  "done": done, "total": total,
                                  "nodes_per_second": round(nodes / elapsed) if elapsed > 0 else 0},
                     wait=False)

    result = api.count(puzzle, "full", jobs=1, progress=progress, prove=True)
    by_mode = {m: result.by_mode.get(m) for m in SYMMETRY_MODES}
    cli = result.to_json(puzzle.name or "puzzle")
    return {**cli, "json_line": json.dumps(cli),
            "by_mode": {m: str(v) if v is not None else None for m, v in by_mode.items()},
            "group_order_by_mode": {m: puzzle.symmetry_group_order(m) for m in SYMMETRY_MODES}}


class _Pace:
    """How many nodes each kernel call of a watch may search, from the page's control: one a
    step; at a speed (nodes per second), a frame's worth at display rate; at full speed
    (negative), as many as fill a frame's time; none while paused (speed 0)."""

    FRAME_SECONDS = 1.0 / FRAMES_PER_SECOND

    def __init__(self, job: Job) -> None:
        self.job = job
        self.full = False  # the last call ran at full speed
        self.full_budget = 20_000
        self.last = time.perf_counter()  # when the last call started
        self.next = time.perf_counter()  # when the next frame at a set speed is due

    def budget(self) -> int:
        """The nodes of the next kernel call: waits while paused, and for the next frame."""
        if self.full:
            self._fit_full_budget()
        self.full = False
        n = self._nodes()
        self.last = time.perf_counter()
        return n

    def _fit_full_budget(self) -> None:
        """Scale a full-speed call's budget so that it takes a frame's time."""
        took = max(time.perf_counter() - self.last, 1e-4)
        self.full_budget = int(min(max(self.full_budget * self.FRAME_SECONDS / took, 1000), 5_000_000))

    def _nodes(self) -> int:
        while True:
            self.job.check()
            speed = self._control()
            if speed is None:
                return 1
            if speed < 0:
                self.full = True
                return self.full_budget
            n = self._paced(speed) if speed > 0 else 0
            if n:
                return n

    def _control(self) -> float | None:
        """None for a step (taken now), else the speed; paused (0), after waiting a while for
        the control to change."""
        with self.job.control_changed:
            control = self.job.control
            if control.get("steps", 0) > 0:
                control["steps"] -= 1
                return None
            speed = control.get("speed", 0.0)
            if speed == 0:
                self.job.control_changed.wait(0.2)
            return speed

    def _paced(self, speed: float) -> int:
        """A frame's nodes at ``speed`` (> 0), once the frame is due; 0 after sleeping towards
        it (the speed may have changed meanwhile)."""
        per_frame = speed * self.FRAME_SECONDS
        interval = self.FRAME_SECONDS if per_frame >= 1 else 1.0 / speed
        wait = self.next - time.perf_counter()
        if wait > 0:
            self.job.sleep(wait)
            return 0
        self.next = time.perf_counter() + interval
        return max(1, int(per_frame))


def _watch(job: Job, puzzle: Puzzle) -> dict:
    """Frames of the search at display rate; the page sets the speed (see :class:`_Pace`)."""
    final = None
    for frame in api.trace(puzzle, _Pace(job).budget):
        final = frame
        job.emit("frame", {"placements": [placement_json(p) for p in frame.placements],
                           "nodes": frame.nodes, "solutions": frame.solutions,
                           "solution": frame.solution, "done": frame.done})
    return {"nodes": final.nodes if final else 0, "solutions": final.solutions if final else 0}


def loopback_socket(host: str, port: int) -> socket.socket:
    """A listening socket, bound now so that port 0 can be told before serving."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.setblocking(False)
    return sock


def allowed_hosts(host: str) -> list[str]:
    """The Host names a server bound to ``host`` answers to."""
    loopback = ["127.0.0.1", "localhost", "[::1]"]
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return loopback + [host]
    if address.is_loopback:
        return loopback + ([f"[{host}]"] if ":" in host else [host])
    if address.is_unspecified:  # every interface: any address literal, and this machine's name
        return loopback + ["*", socket.gethostname(), socket.getfqdn()]
    return loopback + [f"[{host}]" if ":" in host else host]

