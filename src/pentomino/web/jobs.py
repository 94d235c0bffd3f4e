"""Searches run by the server: each in its own thread, capped in number and in time, cancellable.

A :class:`Job` is one search. Its function runs in a daemon thread (the kernels release the GIL,
so jobs run side by side and the event loop stays free) and calls :meth:`Job.check` between
kernel calls (the search's progress callback): that raises :class:`Cancelled` once the job is
cancelled (Cancel button, closed page) or has run past its time limit, and the search unwinds
at once. What the job reports goes to an :class:`asyncio.Queue` that a stream of server-sent
events reads; a report waits until the previous one was taken (frames at display rate, not one
per node), and a job nobody listens to is cancelled.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from typing import Any, Callable

from pentomino.tuning import UNWATCHED_SECONDS


class Busy(Exception):
    """Too many searches are running: the request should be tried again later (HTTP 429)."""


class Cancelled(Exception):
    """The job was cancelled, or ran out of time (then ``timed_out`` is true)."""

    def __init__(self, timed_out: bool = False) -> None:
        super().__init__("time limit reached" if timed_out else "cancelled")
        self.timed_out = timed_out


class Job:
    """One search in a thread. ``fn(job)`` does the work and returns the final result."""

    def __init__(self, jobs: Jobs, kind: str, fn: Callable[[Job], Any], streamed: bool) -> None:
        self.id = f"{next(jobs._ids):x}{int(time.time() * 1000) % 100000:05d}"
        self.kind = kind
        self.started = time.monotonic()
        self.deadline = self.started + jobs.max_seconds
        self.streamed = streamed
        self._jobs = jobs
        self._fn = fn
        self._cancel = threading.Event()
        self._loop = asyncio.get_running_loop()
        self.done: asyncio.Future = self._loop.create_future()
        self.events: asyncio.Queue = asyncio.Queue()
        self._taken = threading.Event()  # the last event was read by the stream
        self._taken.set()
        self._last_read = time.monotonic()
        self.control: dict[str, Any] = {}
        self.control_changed = threading.Condition()
        self.thread = threading.Thread(target=self._main, name=f"pentomino-{kind}-{self.id}", daemon=True)

    # -- in the job's thread --------------------------------------------------------------------
    def check(self) -> None:
        """Raise :class:`Cancelled` if the job must stop."""
        if self._cancel.is_set():
            raise Cancelled()
        now = time.monotonic()
        if now > self.deadline:
            raise Cancelled(timed_out=True)
        if self.streamed and not self._taken.is_set() and now - self._last_read > UNWATCHED_SECONDS:
            raise Cancelled()

    def emit(self, event: str, data: dict, wait: bool = True) -> None:
        """Send an event to the stream. With ``wait``, first wait until the previous one was
        read, so a fast search sends samples at the rate the page reads them."""
        while wait and not self._taken.wait(0.1):
            self.check()
        self._taken.clear()
        try:
            self._loop.call_soon_threadsafe(self.events.put_nowait, (event, data))
        except RuntimeError:  # the event loop has closed: the server is gone
            raise Cancelled() from None

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
        try:
            result = ("result", self._fn(self))
        except Cancelled as exc:
            result = ("cancelled", {"timed_out": exc.timed_out, "seconds": self.elapsed})
        except BaseException as exc:  # reported to the page, never a traceback
            result = ("error", exc)
        finally:
            self._jobs._finished(self)
        try:
            self._loop.call_soon_threadsafe(self._settle, result)
        except RuntimeError:  # the event loop has closed: the server is gone
            pass

    def _settle(self, result) -> None:
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

    def set_control(self, **values) -> None:
        with self.control_changed:
            self.control.update(values)
            self.control_changed.notify_all()

    def taken(self) -> None:
        """The stream has read an event."""
        self._last_read = time.monotonic()
        self._taken.set()

    @property
    def running(self) -> bool:
        return self.thread.is_alive()

    def to_json(self) -> dict:
        return {"id": self.id, "kind": self.kind, "seconds": round(self.elapsed, 3)}


class Jobs:
    """The running searches: at most ``max_running`` at once, each for at most ``max_seconds``."""

    def __init__(self, max_running: int, max_seconds: float) -> None:
        self.max_running = max_running
        self.max_seconds = max_seconds
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._running: dict[str, Job] = {}
        self._streamed: dict[str, Job] = {}  # until their stream has read the last event

    def check_room(self) -> None:
        """Raise :class:`Busy` now if no search can start: before any work is spent on a
        request that would be turned away anyway."""
        with self._lock:
            self._room_locked()

    def _room_locked(self) -> None:
        if len(self._running) >= self.max_running:
            raise Busy(f"busy: {len(self._running)} searches are running (the limit is "
                       f"{self.max_running}); try again in a moment")

    def start(self, kind: str, fn: Callable[[Job], Any], *, streamed: bool = False) -> Job:
        """Start ``fn`` in a new job, or raise :class:`Busy`. Call on the event loop."""
        job = Job(self, kind, fn, streamed)
        with self._lock:
            self._room_locked()  # again, under the lock that adds the job: two may have checked
            self._running[job.id] = job
            if streamed:
                self._streamed[job.id] = job
        job.thread.start()
        return job

    async def run(self, kind: str, fn: Callable[[Job], Any], disconnected=None) -> tuple[str, Any]:
        """Run ``fn`` in a job and wait for ``(kind, value)``: ``("result", value)``,
        ``("cancelled", info)`` or ``("error", exception)``. ``disconnected``, an async
        callable, is polled: once it says the client has gone, the job is cancelled."""
        job = self.start(kind, fn)
        try:
            while True:
                try:
                    return await asyncio.wait_for(asyncio.shield(job.done), 0.25)
                except asyncio.TimeoutError:
                    if disconnected is not None and await disconnected():
                        job.cancel()
        finally:
            job.cancel()  # the request ended or was cancelled: nothing keeps running for it

    def get(self, job_id: str) -> Job | None:
        """A streamed job, running or with events not yet read."""
        with self._lock:
            return self._streamed.get(job_id)

    def forget(self, job: Job) -> None:
        """Its stream is closed: the job is cancelled and its events dropped."""
        job.cancel()
        with self._lock:
            self._streamed.pop(job.id, None)

    def running(self) -> list[Job]:
        with self._lock:
            return list(self._running.values())

    def cancel_all(self) -> None:
        for job in self.running():
            job.cancel()

    def _finished(self, job: Job) -> None:
        with self._lock:
            self._running.pop(job.id, None)
            # A finished job whose stream never opened is dropped after a while.
            for other in list(self._streamed.values()):
                if not other.running and time.monotonic() - other._last_read > 60:
                    self._streamed.pop(other.id, None)
