"""The solver made ready as the server starts: the first search after an install does not
wait for numba to compile the kernels (tens of seconds), and the page says what is going on.

As it starts, the server asks (in a thread) whether the kernels are in numba's cache
(:func:`pentomino.api.kernels_cached`). If not, it runs ``python -m pentomino.search.warm``,
which compiles them into the cache (see :mod:`pentomino.search.warm`, and why in a process of
its own), and ends with the server. ``GET /api/status`` tells the page where that stands, as
``solver``:

* ``"checking"``: the server is asking the cache (a fraction of a second);
* ``"preparing"``: the kernels compile; the page says "preparing the solver (first start after
  install only)" until this ends;
* ``"ready"``: the kernels are cached (the searches load them at once), or the compiling
  process ended (should it have failed, the first search compiles what it needs, as it would
  without it).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Literal

from pentomino import api

SolverState = Literal["checking", "preparing", "ready"]

PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
"""The folder the package is imported from: the warm-up process imports the same one."""


class WarmUp:
    """The warm-up of one server: where it stands, and its process while one runs."""

    def __init__(self) -> None:
        self.state: SolverState = "ready"  # until start(): an app run without its lifespan prepares nothing
        self._process: subprocess.Popen[bytes] | None = None
        self._stopped = False
        self._lock = threading.Lock()

    def start(self) -> None:
        """Ask the cache, and compile what is not in it, in a thread."""
        self.state = "checking"
        threading.Thread(target=self._run, name="pentomino-warm-up", daemon=True).start()

    def _run(self) -> None:
        try:
            if api.kernels_cached(memo=True, estimate=True):
                return
            path = os.pathsep.join(p for p in (PACKAGE_ROOT, os.environ.get("PYTHONPATH")) if p)
            with self._lock:
                if self._stopped:
                    return
                self.state = "preparing"
                self._process = subprocess.Popen(
                    [sys.executable, "-m", "pentomino.search.warm", str(os.getpid())],
                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": path})
            self._process.wait()
        finally:
            self.state = "ready"

    def stop(self) -> None:
        """End the compiling process if it still runs (the server stops)."""
        with self._lock:
            self._stopped = True
            process = self._process
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()
