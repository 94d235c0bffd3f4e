"""Streamed searches (*tasks*): a count, a watch of the search, a play position's ways to finish,
a calendar's every date.

``POST /api/tasks`` starts one and answers its id; ``GET /api/tasks/{id}/events`` streams its
events (server-sent events: progress, frames, then its result, or cancelled, or an error), and
closing that stream cancels it; a watch is paused, stepped and run at a speed through
``/control``; ``DELETE`` cancels one whose stream is not open yet (one already ended is
answered ``"cancelled": false``, not 404).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import AsyncGenerator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route
from starlette.types import Receive, Scope, Send

from pentomino import api
from pentomino.errors import PuzzleError
from pentomino.model.puzzle import Puzzle
from pentomino.model.results import OpeningCount
from pentomino.model.symmetry import SYMMETRY_MODES
from pentomino.tuning import FRAMES_PER_SECOND
from pentomino.web.context import BadRequest, context, speed_of
from pentomino.web.play import position_of, ways_to_finish
from pentomino.web.puzzles import naming_source, placement_json
from pentomino.web.tasks import LATEST, Task, Tasks

if TYPE_CHECKING:
    from pentomino.model.placement import Placement
    from pentomino.search.results import Frame


# -- what each kind of task does -------------------------------------------------------------------
def count(task: Task, puzzle: Puzzle) -> dict[str, Any]:
    """The three counts, as ``pentomino count --json`` (mode full) plus every mode's count."""
    result = api.count(puzzle, "full", jobs=1, progress=task.progress(rate=True), prove=True)
    by_mode = {m: result.by_mode.get(m) for m in SYMMETRY_MODES}
    cli = result.to_json(puzzle.name or "puzzle")
    return {**cli, "json_line": json.dumps(cli),
            "by_mode": {m: str(v) if v is not None else None for m, v in by_mode.items()},
            "group_order_by_mode": {m: puzzle.symmetry_group_order(m) for m in SYMMETRY_MODES}}


class Pace:
    """How many nodes each kernel call of a watch may search, from the page's control: one a
    step; at a speed (nodes per second), a frame's worth at display rate; at full speed
    (negative), as many as fill a frame's time; none while paused (speed 0)."""

    FRAME_SECONDS = 1.0 / FRAMES_PER_SECOND

    def __init__(self, task: Task) -> None:
        self.task = task
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
            self.task.check()
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
        with self.task.control_changed:
            control = self.task.control
            if control.get("steps", 0) > 0:
                control["steps"] -= 1
                return None
            speed = control.get("speed", 0.0)
            if speed == 0:
                self.task.control_changed.wait(0.2)
            return speed

    def _paced(self, speed: float) -> int:
        """A frame's nodes at ``speed`` (> 0), once the frame is due; 0 after sleeping towards
        it (the speed may have changed meanwhile)."""
        per_frame = speed * self.FRAME_SECONDS
        interval = self.FRAME_SECONDS if per_frame >= 1 else 1.0 / speed
        wait = self.next - time.perf_counter()
        if wait > 0:
            self.task.sleep(wait)
            return 0
        self.next = time.perf_counter() + interval
        return max(1, int(per_frame))


def watch(task: Task, puzzle: Puzzle) -> dict[str, Any]:
    """Frames of the search at display rate; the page sets the speed (see :class:`Pace`). At full
    speed a frame is offered (the latest wins) at most :data:`FRAMES_PER_SECOND` times a second,
    however many solutions the search finds meanwhile, and the search never waits for the page.
    The result holds the last solution found, for the board to end on."""
    pace = Pace(task)
    final = None
    last_solution: tuple[Placement, ...] = ()
    sent = -math.inf  # when a frame was last offered at full speed
    for frame in api.trace(puzzle, pace.budget):
        final = frame
        if frame.solution:
            last_solution = frame.placements
        if pace.full or frame.done:
            now = time.perf_counter()
            if now - sent < Pace.FRAME_SECONDS or frame.done:
                continue  # the end shows the last solution, in the result
            sent = now
            task.offer("frame", frame_json(frame))
        else:
            task.emit("frame", frame_json(frame))
    return {"nodes": final.nodes if final else 0, "solutions": final.solutions if final else 0,
            "placements": [placement_json(p) for p in last_solution]}


def frame_json(frame: Frame) -> dict[str, Any]:
    return {"placements": [placement_json(p) for p in frame.placements], "nodes": frame.nodes,
            "solutions": frame.solutions, "solution": frame.solution, "done": frame.done}


@dataclass(frozen=True)
class Year:
    """What an ``each-date`` task counts: the dates of a calendar puzzle, each with the labels
    it leaves open (:meth:`Labels.date_openings <pentomino.model.labels.Labels.date_openings>`:
    366 named MM-DD without a year, a year's own dates with one, as ``count --each-date``)."""

    puzzle: Puzzle
    year: int | None
    dates: list[str]
    openings: list[tuple[str, ...]]

    @classmethod
    def of(cls, puzzle: Puzzle, year: Any, source: dict[str, Any]) -> Year:
        """The dates of ``puzzle`` (opened or not) in ``year`` (None: every month and day); the
        library's message, naming the puzzle as the CLI does, for a puzzle that is no calendar
        or a year that is no year."""
        with naming_source(source):
            if puzzle.labels is None:
                raise PuzzleError("this puzzle's board has no labels: there is nothing to leave open")
            named = puzzle.labels.date_openings(year)
        dates = [d for d, _ in named]
        if year is None and dates and len(dates[0]) == 10:  # a board with weekdays counts this year's
            year = int(dates[0][:4])
        # The whole board, every cell covered: the same shared tables whatever date the page shows.
        return cls(puzzle.open(), year, dates, [o for _, o in named])


def each_date(task: Task, year: Year) -> dict[str, Any]:
    """Every date's count in one process (the batch of :func:`pentomino.api.count_each`, its
    tables shared), as ``pentomino count --each-date --json`` gives them, with the total, the
    fewest and the most; progress as dates are done."""
    start = time.perf_counter()
    rows = api.count_each(year.puzzle, year.openings, "full", jobs=1, progress=task.progress(), dates=year.dates)
    total = sum(r.count for r in rows)

    def named(r: OpeningCount | None) -> dict[str, Any] | None:
        return None if r is None else {"date": r.date, "open": list(r.opened), "count": r.count}

    return {"puzzle": year.puzzle.name or "puzzle", "year": year.year, "openings": len(rows), "solutions": total,
            "seconds": round(time.perf_counter() - start, 6), "rows": [r.to_json() for r in rows],
            "fewest": named(min(rows, key=lambda r: r.count, default=None)),
            "most": named(max(rows, key=lambda r: r.count, default=None)),
            "none": [r.date for r in rows if r.count == 0]}


# -- the endpoints -----------------------------------------------------------------------------------
async def start(request: Request) -> Response:
    ctx = context(request)
    data = await ctx.search_body(request)
    kind = data.get("kind")
    puzzle = await anyio.to_thread.run_sync(ctx.puzzle_of, data)
    if kind == "count":
        task = ctx.tasks.start("count", lambda task: count(task, puzzle), streamed=True)
    elif kind == "ways":
        position = await anyio.to_thread.run_sync(position_of, puzzle, data.get("placements", []))
        task = ctx.tasks.start("ways", lambda task: ways_to_finish(task, position), streamed=True)
    elif kind == "watch":
        speed = speed_of(data)
        task = ctx.tasks.start("watch", lambda task: watch(task, puzzle), streamed=True)
        task.set_control(speed=speed, steps=0)
    elif kind == "each-date":
        dates = await anyio.to_thread.run_sync(Year.of, puzzle, data.get("year"), data["puzzle"])
        task = ctx.tasks.start("each-date", lambda task: each_date(task, dates), streamed=True)
    else:
        raise BadRequest(f"unknown task kind {kind!r}: use count, watch, ways or each-date")
    return JSONResponse({"id": task.id, "kind": kind})


def _task_of(request: Request) -> Task:
    task = context(request).tasks.get(request.path_params["id"])
    if task is None:
        raise BadRequest("no such search (it ended, or was cancelled)", 404)
    return task


async def _task_events(task: Task) -> AsyncGenerator[str, None]:
    """A task's events as server-sent events, up to its last (result, cancelled or error)."""
    yield "retry: 86400000\n\n"  # an ended stream must not be reopened by the browser
    while True:
        event, data = await task.events.get()
        if event == LATEST:
            event, data = task.latest()
        task.taken()
        yield f"event: {event}\ndata: {json.dumps(data, default=str)}\n\n"
        if event in ("result", "cancelled", "error"):
            return


class EventStream(StreamingResponse):
    """A task's event stream. However the response ends (the task's last event sent, the client
    gone, the request's asyncio task cancelled), the task is forgotten, so cancelled, then and
    there, and the events' generator closed: nothing keeps running for a page that went away.

    StreamingResponse reads the generator with ``async for``, which leaves it suspended, not
    closed, when a cancellation reaches the response between two events (while it waits to
    send one): the generator's own ``finally`` would then run only once the garbage collector
    finalizes it."""

    def __init__(self, tasks: Tasks, task: Task) -> None:
        self._tasks, self._task = tasks, task
        self._events = _task_events(task)
        super().__init__(self._events, media_type="text/event-stream",
                         headers={"cache-control": "no-cache", "x-accel-buffering": "no"})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._tasks.forget(self._task)
            with anyio.CancelScope(shield=True):  # the request may be cancelled: close it anyway
                await self._events.aclose()


async def events(request: Request) -> Response:
    return EventStream(context(request).tasks, _task_of(request))


async def control(request: Request) -> Response:
    task = _task_of(request)
    data = await context(request).body(request)
    action = data.get("action")
    if task.kind != "watch":
        raise BadRequest("only a watch can be paused and stepped")
    if action == "step":
        task.set_control(speed=0.0, steps=task.control.get("steps", 0) + 1)
    elif action == "pause":
        task.set_control(speed=0.0)
    elif action == "run":
        task.set_control(speed=speed_of(data))
    else:
        raise BadRequest(f"unknown action {action!r}: use run, pause or step")
    return JSONResponse({"id": task.id, "control": task.control})


async def cancel(request: Request) -> Response:
    """Cancel a task by name. Cancelling one that has ended (its name gone) is not an error:
    the page cancels a task whose stream it has not heard open, which may have just ended, and
    a browser logs every 404 it gets as a failed resource."""
    task = context(request).tasks.get(request.path_params["id"])
    if task is None:
        return JSONResponse({"id": request.path_params["id"], "cancelled": False})
    task.cancel()
    return JSONResponse({"id": task.id, "cancelled": True})


async def status(request: Request) -> Response:
    ctx = context(request)
    return JSONResponse({"running": [t.to_json() for t in ctx.tasks.running()],
                         "max_searches": ctx.settings.max_searches, "solver": ctx.warmup.state})


routes: list[BaseRoute] = [
    Route("/api/tasks", start, methods=["POST"]),
    Route("/api/tasks/{id}/events", events),
    Route("/api/tasks/{id}/control", control, methods=["POST"]),
    Route("/api/tasks/{id}", cancel, methods=["DELETE"]),
    Route("/api/status", status),
]
