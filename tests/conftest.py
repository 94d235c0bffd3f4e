import collections
import contextlib
import json
import math
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import psutil
import pytest

import naive

DATA = Path(__file__).parent / "data"


# -- the quick suite (-m "not slow") and the full one ---------------------------------------------
# Tests marked slow run only in the full suite (`python -m pytest`, what CI runs). Hypothesis
# tests take fewer random examples in the quick suite: examples(full, quick).
QUICK = False
"""True when this run leaves out the tests marked slow (set when pytest starts, before it
imports the test modules)."""


def _selects_slow_tests(markexpr: str) -> bool:
    """Whether ``-m markexpr`` selects a test marked slow and nothing else."""
    if not markexpr.strip():
        return True
    marks = collections.defaultdict(bool, slow=True)
    try:
        return bool(eval(markexpr, {"__builtins__": {}}, marks))  # and, or, not and mark names only
    except Exception:  # an expression pytest reads but Python does not: take the full examples
        return True


def pytest_configure(config):
    global QUICK
    QUICK = not _selects_slow_tests(config.getoption("markexpr") or "")
    _adopt_orphans()


def examples(full: int, quick: int) -> int:
    """Hypothesis examples for a test: ``full`` in the full suite, ``quick`` in the quick one."""
    return quick if QUICK else full


def slow(*values, id=None):
    """A parametrised case run in the full suite only."""
    return pytest.param(*values, marks=pytest.mark.slow, id=id)


def known_entries():
    return json.loads((DATA / "known-counts.json").read_text())


def entry_to_toml(entry) -> str:
    """A puzzle file for a known-counts entry: every piece drawn under [shapes]."""
    lines = [f'name = "{entry["name"]}"', f'one_sided = {"true" if entry["orientation"] != "free" else "false"}']
    board = "\n".join(entry["board"])
    lines.append(f'board = """\n{board}\n"""')
    lines.append("[shapes]")
    for p in entry["pieces"]:
        rows = max(r for r, _ in p["cells"]) + 1
        cols = max(c for _, c in p["cells"]) + 1
        drawing = "\n".join("".join("#" if [r, c] in p["cells"] else "." for c in range(cols)) for r in range(rows))
        lines.append(f'{p["name"]} = """\n{drawing}\n"""')
    lines.append("[copies]")
    for p in entry["pieces"]:
        count = p["count"]
        lines.append(f'{p["name"]} = {json.dumps(count)}')
    return "\n".join(lines) + "\n"


def entry_to_puzzle(entry):
    """A known-counts entry on any grid, built through the library's API (no puzzle file)."""
    from pentomino import Piece, PieceCount, Puzzle
    from pentomino.geometry import GRIDS

    grid = GRIDS[entry["kind"]]
    if grid.dims == 3:
        board = {(z, y, x) for z, layer in enumerate(entry["board"]) for y, line in enumerate(layer)
                 for x, ch in enumerate(line) if ch == "."}
    else:
        board = {(r, c) for r, line in enumerate(entry["board"]) for c, ch in enumerate(line) if ch == "."}
    assert all(ch in ".# " for row in entry["board"] for line in (row if grid.dims == 3 else [row]) for ch in line)
    pieces = []
    for p in entry["pieces"]:
        lo, hi = (0, None) if p["count"] == "any" else (p["count"], p["count"])
        pieces.append(PieceCount(Piece(p["name"], grid.normalize(tuple(c) for c in p["cells"]), grid), lo, hi))
    return Puzzle(frozenset(board), tuple(pieces), (), entry["orientation"] != "free", entry["name"], grid)


@pytest.fixture(scope="session")
def known():
    return {e["id"]: e for e in known_entries()}


# -- random puzzles against the reference (tests/naive.py) ---------------------------------------
def random_tiling(rng, board, shapes, *, grid="square"):
    """Cover the board greedily with random placements of ``shapes`` (turned and mirrored as the
    reference places them), from its first free cell on, or None when a cell cannot be covered."""
    options = [p for s in shapes for p in naive.placements(board, s, False, grid=grid)]
    left = set(board)
    tiling = []
    while left:
        first = min(left)
        here = [p for p in options if first in p and p <= left]
        if not here:
            return None
        cells = rng.choice(here)
        tiling.append(cells)
        left -= cells
    return tiling


def as_tiling(solution):
    """A library solution as the reference's tiling: frozenset of (name, frozenset(cells))."""
    return frozenset((p.piece, frozenset(p.cells)) for p in solution.placements)


# -- SVG documents -------------------------------------------------------------------------------
NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def polygon_points(polygon) -> list[tuple[float, float]]:
    return [tuple(float(v) for v in xy.split(",")) for xy in polygon.get("points").split()]


def path_segments(d: str) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The straight segments of a path made of M, H, V, L and Z commands."""
    segments = []
    here = start = None
    for op, args in re.findall(r"([MHVLZ])([^MHVLZ]*)", d):
        nums = [float(v) for v in args.split()]
        if op == "M":
            here = start = (nums[0], nums[1])
            continue
        if op == "H":
            to = (nums[0], here[1])
        elif op == "V":
            to = (here[0], nums[0])
        elif op == "L":
            to = (nums[0], nums[1])
        else:  # "Z"
            to = start
        segments.append((here, to))
        here = to
    return segments


def path_length(d: str) -> float:
    return sum(math.dist(a, b) for a, b in path_segments(d))


# -- the web server, live, for browser and load tests ---------------------------------------------
class LiveServer:
    """The server in a thread on a free loopback port, and what it says is running."""

    def __init__(self, **settings) -> None:
        from pentomino.web.server import BackgroundServer
        from pentomino.web.settings import Settings

        self.background = BackgroundServer(Settings(**settings))
        self.url = self.background.url

    def get(self, path: str):
        """GET ``path`` as JSON."""
        import urllib.request

        with urllib.request.urlopen(f"{self.url}{path}", timeout=30) as response:
            return json.loads(response.read())

    def running(self) -> list:
        """The searches running now, as the server reports them."""
        return self.get("/api/status")["running"]

    def wait_idle(self, seconds: float = 60.0) -> list:
        """Wait until the searches running now have ended (each search is a thread of the
        server's, joined here); return what the server says still runs after that, at most
        ``seconds`` later (a hang guard: a cancelled search stops within a part)."""
        import time

        deadline = time.monotonic() + seconds
        for job in self.background.app.state.tasks.running():
            job.thread.join(max(0.0, deadline - time.monotonic()))
        return self.running()

    def stop(self) -> None:
        self.background.stop()


@pytest.fixture
def only_a_closed_stream_cancels(monkeypatch):
    """The server cancels a streamed search when its stream is closed, and also when nobody has
    read the stream for UNWATCHED_SECONDS (10 s): here only the first, so that a test that
    closes a stream and waits (longer than that, on a loaded machine) for the search to stop
    still shows that closing the stream stopped it."""
    from pentomino.web import tasks

    monkeypatch.setattr(tasks, "UNWATCHED_SECONDS", math.inf)


@pytest.fixture(scope="session")
def live_server():
    server = LiveServer()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """pytest-playwright launches Debian's Chromium: Playwright cannot download a browser here.
    A missing browser fails the browser tests; it does not skip them."""
    import shutil

    path = shutil.which("chromium") or shutil.which("chromium-browser")
    assert path, "no chromium on PATH: install it (apt-get install -y chromium; .ci/run does)"
    return {**browser_type_launch_args, "executable_path": path}


# -- processes: started as from a terminal, and none left behind ---------------------------------
def _sigint_as_in_a_terminal() -> None:
    """Run in the child between fork and exec: Ctrl-C at its default disposition."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextlib.contextmanager
def process(args, **popen) -> Iterator[subprocess.Popen]:
    """``subprocess.Popen(args, **popen)`` for the block, started as a terminal user's command:

    * with SIGINT at its default, so that Python in the child raises KeyboardInterrupt on Ctrl-C.
      A child inherits an ignored SIGINT, and pytest started in the background (``cmd &``,
      ``nohup``, some CI runners) has one: Python then installs no handler, and a test's
      SIGINT would do nothing;
    * in a process group of its own, killed on leaving the block, whether the block ended or
      failed: the process and whatever it started (a pool's workers) end with the test.
    """
    with subprocess.Popen(args, preexec_fn=_sigint_as_in_a_terminal, start_new_session=True, **popen) as proc:
        try:
            yield proc
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)


def run_process(args, *, timeout: float, **popen) -> subprocess.CompletedProcess:
    """``args`` run to its end as :func:`process` starts it, stdout and stderr captured as text.
    ``timeout`` only keeps a hung command from hanging the run: it fails the test."""
    with process(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen) as proc:
        out, err = proc.communicate(timeout=timeout)
    return subprocess.CompletedProcess(args, proc.returncode, out, err)


def _adopt_orphans() -> None:
    """Make this process the reaper of its orphaned descendants (Linux's
    PR_SET_CHILD_SUBREAPER): a process whose parent was killed (a pool worker of a killed
    ``pentomino count``) stays a descendant of the test process, where the check below finds
    it, instead of becoming init's."""
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER


LEFTOVER_GRACE_SECONDS = 10.0
"""How long a process a test started may take to end after the test (a pool's workers and a
Dask cluster's processes end a moment after their owner is closed)."""

STDLIB_HELPERS = ("from multiprocessing.resource_tracker import main", "from multiprocessing.forkserver import main")
"""The command lines of multiprocessing's helper processes: started by the first use of the
spawn or forkserver method (Dask's workers, say), they serve every later one until pytest exits."""

_owned_by_fixtures: list[Callable[[], Iterable[int]]] = []


@contextlib.contextmanager
def processes_owned_by_the_fixture(name_them: Callable[[], Iterable[int]]) -> Iterator[None]:
    """In the block (the body of a fixture of module or session scope), the processes whose
    pids ``name_them()`` gives are the fixture's, ended by it: not left behind by the test that
    runs when one of them starts (a Dask nanny starts a new worker when a test kills one)."""
    _owned_by_fixtures.append(name_them)
    try:
        yield
    finally:
        _owned_by_fixtures.remove(name_them)


def _descendants() -> dict[tuple[int, float], psutil.Process]:
    """This process's descendants, by (pid, start time): a pid may be used again."""
    found = {}
    for p in psutil.Process().children(recursive=True):
        with contextlib.suppress(psutil.Error):
            found[(p.pid, p.create_time())] = p
    return found


def _running(p: psutil.Process) -> bool:
    try:
        return p.is_running() and p.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def _helper(p: psutil.Process) -> bool:
    with contextlib.suppress(psutil.Error):
        command = " ".join(p.cmdline())
        return any(helper in command for helper in STDLIB_HELPERS)
    return False


def _started_by_the_test(before: dict, now: dict) -> list[psutil.Process]:
    """The processes of ``now`` that the test started: new since ``before``, and so is every
    ancestor up to this process but multiprocessing's helpers (a new process under one that
    was there before, a Chromium renderer under the session's browser, is that process's)."""
    me = os.getpid()
    by_pid = {key[0]: (key in before, p) for key, p in now.items()}
    owned = {pid for name_them in _owned_by_fixtures for pid in name_them() if pid is not None}
    started = []
    for key, p in now.items():
        if key in before or key[0] in owned or _helper(p):
            continue
        try:
            parent = p.ppid()
            while parent != me and parent in by_pid and parent not in owned:
                was_there, above = by_pid[parent]
                if was_there and not _helper(above):
                    break
                parent = above.ppid()
        except psutil.Error:
            continue  # ended meanwhile
        if parent == me:
            started.append(p)
    return started


def _describe(p: psutil.Process) -> str:
    try:
        return f"pid {p.pid}: {' '.join(p.cmdline()) or p.name()}"
    except psutil.Error:
        return f"pid {p.pid}"


@pytest.fixture(autouse=True)
def no_process_left_behind(request):
    """Fail a test that leaves a process running: every process the test started (directly or
    not; orphans included, see :func:`_adopt_orphans`) must have ended
    :data:`LEFTOVER_GRACE_SECONDS` after the test and its function-scoped fixtures; one still
    running then is killed (so the run neither hangs nor burns the cores) and named, with its
    command line, in the test's teardown error.

    The processes of fixtures of wider scope do not count: they were started before this
    fixture (pytest sets up wider scopes first: a Dask cluster, Playwright's driver and
    Chromium), or under such a process (Chromium's renderers for a test's page), or are named
    by their fixture in :func:`processes_owned_by_the_fixture`. Nor do multiprocessing's helpers
    (:data:`STDLIB_HELPERS`), which serve every later test.
    """
    before = _descendants()
    yield
    started = _started_by_the_test(before, _descendants())
    deadline = time.monotonic() + LEFTOVER_GRACE_SECONDS
    while any(_running(p) for p in started) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [p for p in started if _running(p)]
    if left:
        described = [_describe(p) for p in left]
        for p in left:
            with contextlib.suppress(psutil.Error):
                p.kill()
        pytest.fail(f"{request.node.nodeid} left {len(left)} process{'es' if len(left) > 1 else ''} running "
                    f"{LEFTOVER_GRACE_SECONDS:g} s after it ended (killed now):\n  " + "\n  ".join(described),
                    pytrace=False)


@pytest.fixture(autouse=True)
def choices_made_afresh():
    """Each test chooses its counts' methods afresh: a process remembers its choices
    (:mod:`pentomino.search.choice`), and what a test sees must not hang on which tests ran
    before it in the same worker."""
    from pentomino.search import choice

    choice.forget()
    yield



BROWSER_NOTE_400 = "Failed to load resource: the server responded with a status of 400"
"""The browser's note of an HTTP 400: a draft the server refuses, which the page shows itself."""


@pytest.fixture(autouse=True)
def _a_clean_console(request):
    """Every test that uses the page: its console shows no error (but the browser's note of a
    400) and no request fails, the whole browser suite through."""
    if "page" not in request.fixturenames:
        yield
        return
    page = request.getfixturevalue("page")
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console: {m.text}")
            if m.type == "error" and BROWSER_NOTE_400 not in m.text else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"failed request: {r.method} {r.url} {r.failure}"))
    yield
    assert problems == [], "the page's console or network"
