"""The compile notice tells the truth: "compiling the search kernel ..." is shown when numba is
about to compile, and only then, wherever numba keeps its cache (see
:mod:`pentomino.search.kernel_cache`): a cache folder named by ``NUMBA_CACHE_DIR``, and the
user's cache folder when the package's own folder cannot be written (a read-only install).

Real processes on a real cache: each test starts from an empty cache folder, so its first run
compiles (some 20-40 s on 2 cores) and its second loads what the first stored. And the
warm-up the page's server runs as it starts (:mod:`pentomino.search.warm`) loads every
compiled function the searches call.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import pentomino
from conftest import run_process

NOTICE = "compiling the search kernel (first run after install only; cached)..."
COUNT = ["count", "3x20", "--method", "search"]
ANSWER = "2 solutions up to the puzzle's 4 symmetries (rotations and reflections)\n"
COMPILE_SECONDS = 600  # a hang guard: the first run compiles every kernel of the search


def _pentomino(args, env, prefix=()) -> subprocess.CompletedProcess:
    return run_process([*prefix, sys.executable, "-m", "pentomino", *args], timeout=COMPILE_SECONDS, env=env)


def _cached_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.nbi"))


@pytest.mark.slow
def test_with_numba_cache_dir_the_first_run_there_says_it_compiles_and_the_next_does_not(tmp_path):
    # The package's own __pycache__ may hold compiled kernels: numba does not look there when
    # NUMBA_CACHE_DIR is set, and neither must the notice.
    cache = tmp_path / "numba-cache"
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    first = _pentomino(COUNT, env)
    assert first.returncode == 0 and first.stdout == ANSWER, first.stderr
    assert first.stderr.splitlines() == [NOTICE]
    assert _cached_files(cache), "numba stored nothing under NUMBA_CACHE_DIR"
    second = _pentomino(COUNT, env)
    assert second.returncode == 0 and second.stdout == ANSWER, second.stderr
    assert second.stderr == ""


def _read_only(folder: Path) -> tuple[str, ...]:
    """A command prefix that runs a command with ``folder`` read-only, for this user, root
    included (who writes where file modes say no): a read-only bind mount of it in a mount
    namespace of the command's own (``unshare``). Not root: the folder's modes suffice."""
    if os.geteuid() != 0:
        for path in [folder, *folder.rglob("*")]:
            path.chmod(path.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
        return ()
    unshare = shutil.which("unshare")
    prefix = (unshare or "unshare", "--user", "--map-root-user", "--mount", "sh", "-c",
              'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"', str(folder))
    if unshare is None or subprocess.run([*prefix, "true"], capture_output=True, timeout=60).returncode != 0:
        pytest.skip("as root, a read-only folder needs a read-only bind mount (unshare --user --mount), "
                    "which this machine does not allow")
    return prefix


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a read-only bind mount, or file modes as on Linux")
def test_a_read_only_install_says_it_compiles_on_its_first_run_only(tmp_path):
    # The package copied without its caches, then read-only: numba keeps its cache in the
    # user's cache folder instead (XDG_CACHE_HOME, here a new one).
    site, user_cache = tmp_path / "site", tmp_path / "user-cache"
    shutil.copytree(Path(pentomino.__file__).parent, site / "pentomino", ignore=shutil.ignore_patterns("__pycache__"))
    user_cache.mkdir()
    env = {key: value for key, value in os.environ.items() if key != "NUMBA_CACHE_DIR"}
    env.update(PYTHONPATH=str(site), XDG_CACHE_HOME=str(user_cache))
    prefix = _read_only(site)
    try:
        first = _pentomino(COUNT, env, prefix)
        assert first.returncode == 0 and first.stdout == ANSWER, first.stderr
        assert first.stderr.splitlines() == [NOTICE]
        assert _cached_files(user_cache), "numba stored nothing in the user's cache folder"
        assert not list(site.rglob("__pycache__")), "the install was not read-only"
        second = _pentomino(COUNT, env, prefix)
        assert second.returncode == 0 and second.stdout == ANSWER, second.stderr
        assert second.stderr == ""  # the notice on every run was the fault
    finally:
        for path in [site, *site.rglob("*")]:
            path.chmod(path.stat().st_mode | stat.S_IWUSR)


# After the warm-up, real searches of every kind (a count whose parts hand work back, a
# memoised count whose tables grow, a listing, an estimate, other grids) call no compiled
# function in a version the warm-up did not load: each compiled function's versions (one per
# argument types) are the same before and after them.
_WARM_COVERS_THE_SEARCHES = """
import importlib
from numba.core.registry import CPUDispatcher
from pentomino import Puzzle, api
from pentomino.search import warm

MODULES = ["kernel", "placements", "tables", "memo", "probes", "estimate"]

def versions():
    found = {}
    for name in MODULES:
        module = importlib.import_module("pentomino.search." + name)
        for key, value in vars(module).items():
            if isinstance(value, CPUDispatcher):
                found[name + "." + key] = len(value.signatures)
    return found

warm.warm()
before = versions()
api.count(Puzzle.load("6x10"), method="search")
api.count(Puzzle.load("dominoes-8x8"), method="memo", symmetry="none")
list(api.solutions(Puzzle.load("8x8"), limit=3))
api.estimate(Puzzle.load("solid-pentominoes-3x4x5"), samples=200, seed=1)
api.count(Puzzle.load("hexiamonds-6x6"))
after = versions()
print(sum(1 for n in before.values() if n), {k: (before.get(k), n) for k, n in after.items() if before.get(k) != n})
"""


def test_the_warm_up_loads_every_compiled_function_the_searches_call():
    done = run_process([sys.executable, "-c", _WARM_COVERS_THE_SEARCHES], timeout=COMPILE_SECONDS)
    assert done.returncode == 0, done.stderr
    loaded, new = done.stdout.split(" ", 1)
    assert int(loaded) >= 13 and new.strip() == "{}", done.stdout
