"""Searches the server runs for the page (*tasks*): each in its own thread, capped in number
and in time, cancellable.

A :class:`Task` is one search. Its function runs in a daemon thread (the kernels release the
GIL, so tasks run side by side and the event loop stays free) and calls :meth:`Task.check`
between kernel calls (the search's progress callback): that raises :class:`Cancelled` once the
task is cancelled (Cancel button, closed page) or has run past its time limit, and the search
unwinds at once. What the task reports goes to an :class:`asyncio.Queue` that a stream of
server-sent events reads; a report waits until the previous one was taken (frames at display
rate, not one per node), or, offered (:meth:`Task.offer`), replaces the one not yet read (a
watch at full speed: the latest frame wins, and the search never waits for the page); a task
nobody listens to is cancelled. (A task is not a *task*:
the library's ``tasks`` are processes.)
"""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any, Literal, TypedDict, TypeVar

from pentomino.model.options import Progress
from pentomino.tuning import PROGRESS_SECONDS, UNWATCHED_SECONDS

T = TypeVar("T")

Outcome = (tuple[Literal["result"], T] | tuple[Literal["cancelled"], dict[str, Any]]
           | tuple[Literal["error"], BaseException])
"""How a task ended: ``("result", what its function returned)``, ``("cancelled", {"timed_out",
"seconds"})`` or ``("error", the exception)``."""


LATEST = "latest"
"""The place in a task's queue of events of the event offered last (:meth:`Task.offer`)."""


class Control(TypedDict, total=False):
    """How the page steers a watch (:meth:`Task.set_control`)."""

    speed: float
    """Nodes a second: 0 paused, negative full speed."""
    steps: int
    """Single steps asked for and not taken yet."""


class Busy(Exception):
    """Too many searches are running: the request should be tried again later (HTTP 429)."""


class Cancelled(Exception):
    """The task was cancelled, or ran out of time (then ``timed_out`` is true)."""

    def __init__(self, timed_out: bool = False) -> None:
        super().__init__("time limit reached" if timed_out else "cancelled")
        self.timed_out = timed_out


class Task:
    """One search in a thread. ``fn(task)`` does the work and returns the final result."""

    def __init__(self, tasks: Tasks, kind: str, fn: Callable[[Task], Any], streamed: bool) -> None:
        self.id = f"{next(tasks._ids):x}{int(time.time() * 1000) % 100000:05d}"
        self.kind = kind
        self.started = time.monotonic()
        self.deadline = self.started + tasks.max_seconds
        self.streamed = streamed
        self._tasks = tasks
        self._fn = fn
        self._cancel = threading.Event()
        self._loop = asyncio.get_running_loop()
        self.done: asyncio.Future[Outcome[Any]] = self._loop.create_future()
        self.events: asyncio.Queue[tuple[str, object]] = asyncio.Queue()  # (event, its data)
        self._taken = threading.Event()  # the last event was read by the stream
        self._taken.set()
        self._last_read = time.monotonic()
        self._latest: tuple[str, dict[str, Any]] | None = None  # offered, not yet read
        self._latest_lock = threading.Lock()
        self.control: Control = {}
        self.control_changed = threading.Condition()
        self.thread = threading.Thread(target=self._main, name=f"pentomino-{kind}-{self.id}", daemon=True)

    # -- in the task's thread --------------------------------------------------------------------
    def check(self) -> None:
        """Raise :class:`Cancelled` if the task must stop."""
        if self._cancel.is_set():
            raise Cancelled()
        now = time.monotonic()
        if now > self.deadline:
            raise Cancelled(timed_out=True)
        if self.streamed and not self._taken.is_set() and now - self._last_read > UNWATCHED_SECONDS:
            raise Cancelled()

    def progress(self, *, rate: bool = False) -> Progress:
        """A search's progress callback for this task: it stops the search once the task must
        stop (:meth:`check`) and sends a ``progress`` event at most every
        :data:`~pentomino.tuning.PROGRESS_SECONDS` (seconds since now, solutions found, nodes,
        parts done and known; with ``rate``, nodes a second too), not waiting for the page."""
        start = time.perf_counter()
        last = [0.0]

        def progress(found: int, nodes: int, done: int, total: int) -> None:
            self.check()
            now = time.perf_counter()
            if now - last[0] < PROGRESS_SECONDS:
                return
            last[0] = now
            elapsed = now - start
            event = {"elapsed": round(elapsed, 3), "found": found, "nodes": nodes, "done": done, "total": total}
            if rate:
                event["nodes_per_second"] = round(nodes / elapsed) if elapsed > 0 else 0
            self.emit("progress", event, wait=False)

        return progress

    def emit(self, event: str, data: dict[str, Any], wait: bool = True) -> None:
        """Send an event to the stream. With ``wait``, first wait until the previous one was
        read, so a fast search sends samples at the rate the page reads them."""
        while wait and not self._taken.wait(0.1):
            self.check()
        self._taken.clear()
        try:
            self._loop.call_soon_threadsafe(self.events.put_nowait, (event, data))
        except RuntimeError:  # the event loop has closed: the server is gone
            raise Cancelled() from None

    def offer(self, event: str, data: dict[str, Any]) -> None:
        """Send an event without waiting: it replaces an offered one the stream has not read
        yet (the latest wins), so a search runs as fast as it can whatever the page reads."""
        with self._latest_lock:
            queued = self._latest is not None
            self._latest = (event, data)
        if queued:
            return
        self._taken.clear()
        try:
            self._loop.call_soon_threadsafe(self.events.put_nowait, (LATEST, None))
        except RuntimeError:  # the event loop has closed: the server is gone
            raise Cancelled() from None

    def latest(self) -> tuple[str, dict[str, Any]]:
        """The offered event, taken (on the event loop, when the stream reaches its place)."""
        with self._latest_lock:
            offered, self._latest = self._latest, None
        assert offered is not None, "an offered event is read once"
        return offered

    def sleep(self, seconds: float) -> None:
        """Sleep, waking for cancellation and control changes."""
        end = time.monotonic() + seconds
        while True:
            self.check()
            left = end - time.monotonic()
            if left <= 0:
                return
            with self.control_changed:
                if self.control_changed.wait(min(left, 0.1)):
                    return

    def _main(self) -> None:
        result: Outcome[Any]
        try:
            result = ("result", self._fn(self))
        except Cancelled as exc:
            result = ("cancelled", {"timed_out": exc.timed_out, "seconds": self.elapsed})
        except BaseException as exc:  # reported to the page, never a traceback
            result = ("error", exc)
        finally:
            self._tasks._finished(self)
        try:
            self._loop.call_soon_threadsafe(self._settle, result)
        except RuntimeError:  # the event loop has closed: the server is gone
            pass

    def _settle(self, result: Outcome[Any]) -> None:
        if not self.done.done():
            self.done.set_result(result)
        kind, data = result
        if kind == "error":
            data = {"error": str(data)}
        self.events.put_nowait((kind, data))

    # -- on the event loop ----------------------------------------------------------------------
    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def cancel(self) -> None:
        self._cancel.set()
        with self.control_changed:
            self.control_changed.notify_all()

    def set_control(self, *, speed: float | None = None, steps: int | None = None) -> None:
        """Change a watch's :class:`Control` (what is not given stays as it is)."""
        with self.control_changed:
            if speed is not None:
                self.control["speed"] = speed
            if steps is not None:
                self.control["steps"] = steps
            self.control_changed.notify_all()

    def taken(self) -> None:
        """The stream has read an event."""
        self._last_read = time.monotonic()
        self._taken.set()

    @property
    def running(self) -> bool:
        return self.thread.is_alive()

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "seconds": round(self.elapsed, 3)}


class Tasks:
    """The running searches: at most ``max_running`` at once, each for at most ``max_seconds``."""

    def __init__(self, max_running: int, max_seconds: float) -> None:
        self.max_running = max_running
        self.max_seconds = max_seconds
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._running: dict[str, Task] = {}
        self._streamed: dict[str, Task] = {}  # until their stream has read the last event

    def check_room(self) -> None:
        """Raise :class:`Busy` now if no search can start: before any work is spent on a
        request that would be turned away anyway."""
        with self._lock:
            self._room_locked()

    def _room_locked(self) -> None:
        if len(self._running) >= self.max_running:
            raise Busy(f"busy: {len(self._running)} searches are running (the limit is "
                       f"{self.max_running}); try again in a moment")

    def start(self, kind: str, fn: Callable[[Task], Any], *, streamed: bool = False) -> Task:
        """Start ``fn`` in a new task, or raise :class:`Busy`. Call on the event loop."""
        task = Task(self, kind, fn, streamed)
        with self._lock:
            self._room_locked()  # again, under the lock that adds the task: two may have checked
            self._running[task.id] = task
            if streamed:
                self._streamed[task.id] = task
        task.thread.start()
        return task

    async def run(self, kind: str, fn: Callable[[Task], T],
                  disconnected: Callable[[], Awaitable[bool]] | None = None) -> Outcome[T]:
        """Run ``fn`` in a task and wait for its :data:`Outcome`: ``("result", value)``,
        ``("cancelled", info)`` or ``("error", exception)``. ``disconnected``, an async
        callable, is polled: once it says the client has gone, the task is cancelled."""
        task = self.start(kind, fn)
        try:
            while True:
                try:
                    # ("result", value): value is what fn returned (a task keeps it as Any)
                    return await asyncio.wait_for(asyncio.shield(task.done), 0.25)
                except asyncio.TimeoutError:
                    if disconnected is not None and await disconnected():
                        task.cancel()
        finally:
            task.cancel()  # the request ended or was cancelled: nothing keeps running for it

    def get(self, task_id: str) -> Task | None:
        """A streamed task, running or with events not yet read."""
        with self._lock:
            return self._streamed.get(task_id)

    def forget(self, task: Task) -> None:
        """Its stream is closed: the task is cancelled and its events dropped."""
        task.cancel()
        with self._lock:
            self._streamed.pop(task.id, None)

    def running(self) -> list[Task]:
        with self._lock:
            return list(self._running.values())

    def cancel_all(self) -> None:
        for task in self.running():
            task.cancel()

    def _finished(self, task: Task) -> None:
        with self._lock:
            self._running.pop(task.id, None)
            # A finished task whose stream never opened is dropped after a while.
            for other in list(self._streamed.values()):
                if not other.running and time.monotonic() - other._last_read > 60:
                    self._streamed.pop(other.id, None)
