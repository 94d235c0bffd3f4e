"""A process forked while another thread holds one of the package's locks must not hang: the
process pool forks its workers while other threads (the web server's counts) run. Each test
holds the lock in this process, as another thread would at the moment of the fork, and asks a
forked worker to count."""

import multiprocessing as mp
import threading

import pytest

from pentomino import Puzzle
from pentomino.model import piecesets
from pentomino.search import parts as P

if "fork" not in mp.get_all_start_methods():  # pragma: no cover - not on Linux
    pytest.skip("fork is not available", allow_module_level=True)


def _count_in_child(text: str, results) -> None:
    """Read a puzzle from its text (as a worker reads a pickled one) and count it."""
    piecesets._BUILT.clear()  # as in a worker that meets a piece set the parent never built
    puzzle = Puzzle.from_toml(text, "<forked>")
    result = P.count_part(puzzle, P.solver_for(puzzle, "count").parts()[0])
    results.put(result.counters[0] > 0)


def _forked_count(text: str) -> bool:
    ctx = mp.get_context("fork")
    results = ctx.SimpleQueue()
    child = ctx.Process(target=_count_in_child, args=(text, results))
    child.start()
    try:
        child.join(timeout=30)
        if child.is_alive():
            return False
    finally:
        if child.is_alive():  # hung, or this test interrupted: the child ends with it
            child.kill()
            child.join()
    return child.exitcode == 0 and results.get()


@pytest.mark.parametrize("lock", ["solvers", "piece sets"])
def test_a_worker_forked_while_a_lock_is_held_does_not_hang(lock):
    text = Puzzle.load("3x20").to_toml()
    held = P._solvers_lock if lock == "solvers" else piecesets._BUILDING
    taken, release = threading.Event(), threading.Event()

    def hold():  # another thread, as in the web server: not the one that forks
        with held:
            taken.set()
            release.wait(120)

    other = threading.Thread(target=hold)
    other.start()
    try:
        assert taken.wait(10)
        assert _forked_count(text), f"the forked worker hung on the {lock} lock"
    finally:
        release.set()
        other.join()


def test_lazy_attributes_take_no_lock():
    """functools.cached_property before Python 3.12 holds one lock per attribute, for every
    instance, while it computes: a worker forked while another thread computed a puzzle's
    fingerprint hung on it. The package's cached attributes are :class:`pentomino.lazy.lazy`."""
    import functools

    from pentomino.lazy import lazy
    from pentomino.search.solver import Solver
    from pentomino.search.tables import PackedPuzzle

    cached = {f"{cls.__name__}.{name}": type(value) for cls in (Puzzle, Solver, PackedPuzzle)
              for name, value in vars(cls).items() if isinstance(value, (lazy, functools.cached_property))}
    assert "Puzzle.fingerprint" in cached and "PackedPuzzle.tables" in cached
    assert all(kind is lazy for kind in cached.values()), cached
