"""`pentomino serve` as a user starts it, and the live server under load."""

import contextlib
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from conftest import LiveServer, process, run_process


def request(url: str, body=None, timeout: float = 60):
    """(status, parsed JSON) of a GET, or of a POST with a JSON body."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def last_event(url: str, timeout: float = 120) -> str:
    """Read a job's event stream to its end; the name of the last event."""
    event = None
    with urllib.request.urlopen(url, timeout=timeout) as stream:
        for raw in stream:
            line = raw.decode().strip()
            if line.startswith("event: "):
                event = line[7:]
                if event in ("result", "cancelled", "error"):
                    return event
    return event


LONG = open(os.path.join(os.path.dirname(__file__), "data", "long-8x10.toml")).read()


@contextlib.contextmanager
def serving(*args: str, **popen) -> Iterator[tuple[subprocess.Popen, str]]:
    """`pentomino serve ARGS` for the block: the process and the address it prints."""
    with process([sys.executable, "-m", "pentomino", "serve", *args], stdout=subprocess.PIPE,
                 stderr=subprocess.PIPE, text=True, **popen) as proc:
        line = proc.stdout.readline()
        m = re.fullmatch(r"serving on (http://127\.0\.0\.1:(\d+)/)\n", line)
        assert m, (line, proc.stderr.read() if proc.poll() is not None else "")
        yield proc, m.group(1)


def ctrl_c(proc: subprocess.Popen, timeout: float = 30) -> tuple[str, str]:
    """Stop the server as Ctrl-C does: its stdout and stderr to the end."""
    proc.send_signal(signal.SIGINT)
    return proc.communicate(timeout=timeout)


def test_serve_prints_its_address_serves_and_stops_cleanly_on_ctrl_c():
    with serving("--port", "0") as (proc, url):
        try:
            status, info = request(url + "api/info")
            assert status == 200 and "6x10" in [p["name"] for p in info["puzzles"]]
            with urllib.request.urlopen(url) as page:
                assert b'src="/static/app.js"' in page.read()
        finally:
            out, err = ctrl_c(proc)
    assert proc.returncode == 0
    assert "Traceback" not in err and err.strip().endswith("stopped")


def solver_states(url: str, seconds: float = 600) -> list[str]:
    """What ``/api/status`` says of the solver, each change, until it says "ready" (at most
    ``seconds``: a hang guard; the first start after an install compiles for tens of seconds)."""
    states: list[str] = []
    deadline = time.monotonic() + seconds
    while not states or states[-1] != "ready":
        assert time.monotonic() < deadline, f"the solver was not ready in {seconds:g} s: {states}"
        status, answer = request(url + "api/status")
        assert status == 200, answer
        if not states or states[-1] != answer["solver"]:
            states.append(answer["solver"])
        time.sleep(0.1)
    return states


@pytest.mark.slow
def test_the_server_prepares_the_solver_as_it_starts_and_says_so(tmp_path):
    """A first start (an empty numba cache) says "preparing" while the kernels compile, then
    "ready" with every kernel in the cache; the next start finds them there."""
    cache = tmp_path / "numba-cache"
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    with serving("--port", "0", env=env) as (proc, url):
        try:
            first = solver_states(url)
        finally:
            ctrl_c(proc)
    assert "preparing" in first and first == [s for s in ("checking", "preparing", "ready") if s in first], first
    assert len(list(cache.rglob("*.nbi"))) >= 13, "the kernels are not in the cache"
    with serving("--port", "0", env=env) as (proc, url):
        try:
            again = solver_states(url, 120)
        finally:
            _, err = ctrl_c(proc)
    assert "preparing" not in again, again
    assert "Traceback" not in err


@pytest.mark.slow
def test_ctrl_c_with_searches_streaming_stops_them_and_exits_cleanly():
    last: dict = {}
    readers = []

    def read(kind: str, stream) -> None:  # as a page does: every event as it comes
        for raw in stream:
            if raw.startswith(b"event: "):
                last[kind] = raw.decode().strip()

    with serving("--port", "0") as (proc, url):
        try:
            for kind, extra in (("count", {}), ("watch", {"speed": 0})):
                status, job = request(url + "api/tasks", {"kind": kind, "puzzle": {"toml": LONG}, **extra})
                assert status == 200
                stream = urllib.request.urlopen(f"{url}api/tasks/{job['id']}/events", timeout=60)
                readers.append(threading.Thread(target=read, args=(kind, stream)))
                readers[-1].start()
            status, running = request(url + "api/status")
            assert sorted(j["kind"] for j in running["running"]) == ["count", "watch"]
        finally:
            _, err = ctrl_c(proc)
    for reader in readers:
        reader.join(60)
    assert proc.returncode == 0 and err == "stopped\n"  # no traceback, no cut-off streams
    assert last == {"count": "event: cancelled", "watch": "event: cancelled"}


@pytest.mark.slow
def test_serve_on_all_interfaces_warns_that_the_page_is_reachable_from_the_network():
    with process([sys.executable, "-m", "pentomino", "serve", "--host", "0.0.0.0", "--port", "0"],
                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        try:
            line = proc.stdout.readline()
            assert line.startswith("serving on http://127.0.0.1:")
            port = int(line.rsplit(":", 1)[1].strip("/\n"))
            status, _ = request(f"http://127.0.0.1:{port}/api/status")
            assert status == 200
        finally:
            _, err = ctrl_c(proc)
    assert "warning: listening on 0.0.0.0: the page is reachable from the network" in err


@pytest.mark.slow
def test_serve_on_a_taken_port_says_so_in_one_line():
    with serving("--port", "0") as (proc, url):
        port = url.rsplit(":", 1)[1].strip("/")
        try:
            done = run_process([sys.executable, "-m", "pentomino", "serve", "--port", port], timeout=60)
        finally:
            ctrl_c(proc)
    assert done.returncode == 2
    assert done.stderr.startswith(f"pentomino: error: cannot listen on 127.0.0.1:{port}")
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_load_twenty_clients_solving_and_counting():
    """20 clients at once, each solving and counting: the cheap request keeps being answered,
    the excess is shed with 429, nothing else goes wrong, and no search is left running."""
    server = LiveServer(max_searches=4)
    statuses: list[int] = []
    events: list[str] = []
    lock = threading.Lock()
    go = threading.Barrier(21)

    def client(k: int) -> None:
        go.wait()
        for _ in range(3):
            status, body = request(server.url + "/api/solutions", {"puzzle": {"name": "6x10"}, "random": True,
                                                                    "seed": k, "offset": 0, "limit": 1})
            with lock:
                statuses.append(status)
            status, body = request(server.url + "/api/tasks", {"kind": "count", "puzzle": {"name": "5x12"}})
            with lock:
                statuses.append(status)
            if status == 200:
                event = last_event(f"{server.url}/api/tasks/{body['id']}/events")
                with lock:
                    events.append(event)

    threads = [threading.Thread(target=client, args=(k,)) for k in range(20)]
    try:
        for t in threads:
            t.start()
        go.wait()
        latencies, seen_running = [], 0
        start_time = time.perf_counter()
        while any(t.is_alive() for t in threads):
            t0 = time.perf_counter()
            status, body = request(server.url + "/api/status")
            latencies.append(time.perf_counter() - t0)
            assert status == 200
            seen_running = max(seen_running, len(body["running"]))
            time.sleep(0.02)
        for t in threads:
            t.join()
        total = time.perf_counter() - start_time
        assert set(statuses) <= {200, 429}, statuses
        assert statuses.count(429) > 0 and statuses.count(200) > 0
        assert set(events) == {"result"}  # every count that was accepted finished
        assert 0 < seen_running <= 4  # never more searches than the cap
        assert server.wait_idle() == []
    finally:
        server.stop()  # also when a client or a check failed: the clients' requests end with it
    print(f"\nload: {len(statuses)} search requests in {total:.2f} s: {statuses.count(200)} served, "
          f"{statuses.count(429)} shed (429); {len(events)} counts finished; the cheap request answered "
          f"{len(latencies)} times, median {statistics.median(latencies) * 1000:.1f} ms, "
          f"max {max(latencies) * 1000:.1f} ms; at most {seen_running} searches at once; cores {os.cpu_count()}")
