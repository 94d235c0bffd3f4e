"""Long counts that survive being stopped: a count's parts recorded in an SQLite file.

A count is a tree of parts (:mod:`pentomino.search.parts`), the same tree for the same puzzle
whatever runs it. A checkpoint file records the puzzle (its file text and fingerprint), the
versions that made the tree, the parts not finished yet and, for each finished part, its
counters. Recording a finished part is one transaction: the part leaves the parts to do, its
counters join the finished ones, the parts it handed back join the parts to do. So a process
killed at any moment (SIGKILL included) loses at most the parts it was searching, and a count
resumed from the file, with any number of processes, adds up to the uninterrupted count.

The file is SQLite in WAL mode (the standard library's :mod:`sqlite3`): ``status`` reads it
while a count writes it. Counters are stored as decimal text: they are Python integers, which
may pass 2**63. A file that is not a checkpoint, that another tree of parts wrote, or that
belongs to another puzzle is refused with a :class:`~pentomino.errors.CheckpointError` and
left as it was; a checkpoint being written by a running count is refused too (a lock file
beside it says so).

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "run.db")
>>> from pentomino import Puzzle
>>> count_with_checkpoint(Puzzle.load("4x15"), path).count
368
>>> status(path).finished, status(path).by_mode
(True, {'full': 368, 'none': 1472, 'rotations': 736})
>>> count_with_checkpoint(Puzzle.load("6x10"), path)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pentomino.errors.CheckpointError: ...run.db: the finished count of another puzzle (12 pentominoes, 4x15, ...
>>> import shutil; shutil.rmtree(folder)
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import sqlite3
import time
import types
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pentomino.errors import CheckpointError, InternalError, Term, literal
from pentomino.model.options import Progress, symmetry_mode
from pentomino.model.puzzle import Puzzle
from pentomino.model.results import Count, Estimate
from pentomino.model.symmetry import SYMMETRY_MODES, SymmetryMode
from pentomino.search import parts
from pentomino.search.estimate import estimate as estimated
from pentomino.search.kernel import COUNTERS
from pentomino.search.results import Part
from pentomino.search.runner import Runner, count, count_tally
from pentomino.search.solver import Solver
from pentomino.tuning import DEFAULT_SAMPLES, PART_NODES
from pentomino.version import __version__

FORMAT = 1
"""The layout of the file; a file of another format is refused."""

_MAGIC = b"SQLite format 3\x00"
_APPLICATION = "pentomino checkpoint"

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE todo (seq INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE, part TEXT NOT NULL);
CREATE TABLE done (key TEXT PRIMARY KEY, nodes TEXT NOT NULL, "full" TEXT NOT NULL,
                   "none" TEXT NOT NULL, rotations TEXT NOT NULL, finished REAL NOT NULL);
"""

fcntl: types.ModuleType | None
try:  # a lock file keeps two counts from writing one checkpoint at once (POSIX only)
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None


@dataclass(frozen=True)
class Status:
    """Where a checkpointed count stands: plain data (:meth:`to_json`)."""

    path: str
    puzzle: str
    """The puzzle's name (or fingerprint, if it has none)."""
    fingerprint: str
    symmetry: SymmetryMode
    """The symmetry mode the count was started with (all three are counted)."""
    parts_done: int
    parts_known: int
    """Parts done and parts waiting: it grows as parts hand work back."""
    nodes: int
    by_mode: dict[str, int] = field(default_factory=dict)
    """Solutions found so far, in each symmetry mode: the final counts once finished."""
    finished: bool = False
    version: str = ""
    """The pentomino version that started the count."""
    created: float = 0.0
    """When the count started (seconds since the epoch)."""
    running: bool = False
    """True while a count writes the checkpoint."""
    estimate: Estimate | None = None
    """With :func:`status` ``(estimate=True)``, unless finished: the whole count's estimate
    (:meth:`Puzzle.estimate`), to set the nodes done against."""

    @property
    def fraction_done(self) -> tuple[float, float, float] | None:
        """The share of the count's nodes searched, by the estimate: (estimate, low, high) of
        its 95% interval, each at most 1; None without an estimate."""
        if self.finished:
            return (1.0, 1.0, 1.0)
        if self.estimate is None:
            return None
        n = self.estimate.nodes

        def share(total: float) -> float:
            return min(1.0, self.nodes / total) if total > 0 else 1.0

        return (share(n.estimate), share(n.high), share(n.low))

    @property
    def seconds_left(self) -> float | None:
        """The estimated time left on one core of this machine (None without an estimate)."""
        if self.finished:
            return 0.0
        if self.estimate is None or self.estimate.nodes.estimate <= 0:
            return None
        per_node = self.estimate.seconds.estimate / self.estimate.nodes.estimate
        return max(0.0, self.estimate.nodes.estimate - self.nodes) * per_node

    @property
    def found(self) -> int:
        """Solutions so far in the count's own symmetry mode."""
        return self.by_mode[self.symmetry]

    def to_json(self) -> dict[str, Any]:
        return {"checkpoint": self.path, "puzzle": self.puzzle, "fingerprint": self.fingerprint,
                "symmetry": self.symmetry, "parts_done": self.parts_done, "parts_known": self.parts_known,
                "nodes": self.nodes, "solutions": dict(self.by_mode), "finished": self.finished,
                "version": self.version, "created": self.created, "running": self.running,
                **({} if self.estimate is None else {
                    "estimate": self.estimate.to_json(), "fraction_done": self.fraction_done,
                    "seconds_left": self.seconds_left})}


class Checkpoint:
    """An open checkpoint file. Make one with :meth:`create` or :meth:`open`; close it (or use
    ``with``) when done."""

    def __init__(self, path: str, conn: sqlite3.Connection, meta: dict[str, str], puzzle: Puzzle,
                 lock: int | None = None) -> None:
        self.path = path
        self._open: sqlite3.Connection | None = conn
        self._lock = lock
        self.meta = meta
        self.puzzle = puzzle
        self.symmetry = symmetry_mode(meta["symmetry"])  # checked when the meta table was read
        self.budget = int(meta["part_nodes"])

    # -- making and opening -------------------------------------------------------------------
    @property
    def _conn(self) -> sqlite3.Connection:
        if self._open is None:
            raise InternalError(f"{self.path}: the checkpoint is used after it was closed")
        return self._open

    @classmethod
    def create(cls, path: str | os.PathLike[str], puzzle: Puzzle, symmetry: SymmetryMode = "full",
               budget: int = PART_NODES) -> Checkpoint:
        """A new checkpoint of a count of ``puzzle`` at ``path`` (which must not exist), with its
        root parts to do. The file appears whole or not at all."""
        path = os.fspath(path)
        if os.path.exists(path):
            raise CheckpointError(f"{path}: already exists: resume it or give another checkpoint file")
        text = puzzle.to_toml()
        solver = Solver(puzzle, "full", counting=True)
        meta = {"application": _APPLICATION, "format": str(FORMAT), "version": __version__,
                "tree_version": str(parts.TREE_VERSION), "part_nodes": str(budget), "puzzle": text,
                "fingerprint": puzzle.fingerprint, "name": puzzle.name, "symmetry": symmetry,
                "created": repr(time.time())}
        folder = os.path.dirname(os.path.abspath(path))
        temp = os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}.new")
        try:
            conn = sqlite3.connect(temp, isolation_level=None)
        except sqlite3.Error as exc:
            raise CheckpointError(f"{path}: cannot create the checkpoint: {exc}; check the folder") from None
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            with _transaction(conn):
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                conn.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
                if solver.packed.cells:
                    _insert_todo(conn, solver.parts())
                else:  # nothing to search: the pre-placed pieces are the tiling, or there is none
                    c = count(solver, method="search")
                    conn.execute("INSERT INTO done VALUES (?, ?, ?, ?, ?, ?)",
                                 ("root", "0", *(str(c.by_mode[m]) for m in COUNTERS[1:]), time.time()))
            conn.close()
            try:
                os.link(temp, path)  # not os.replace: a file that appeared meanwhile is kept
            except FileExistsError:
                raise
            except OSError:  # a file system without hard links
                if os.path.exists(path):
                    raise FileExistsError(path) from None
                os.replace(temp, path)
        except FileExistsError:
            raise CheckpointError(f"{path}: already exists: resume it or give another checkpoint file") from None
        except (OSError, sqlite3.Error) as exc:
            raise CheckpointError(f"{path}: cannot create the checkpoint: {exc}") from None
        finally:
            conn.close()
            for leftover in (temp, temp + "-wal", temp + "-shm"):
                if os.path.exists(leftover):
                    os.unlink(leftover)
        return cls.open(path, puzzle)

    @classmethod
    def open(cls, path: str | os.PathLike[str], puzzle: Puzzle | None = None, *, write: bool = True) -> Checkpoint:
        """The checkpoint at ``path``, checked before anything is written: a
        :class:`PuzzleError` if it is not a checkpoint, was written by another format or tree
        of parts, or (if ``puzzle`` is given) belongs to another puzzle. ``write``: open it to
        go on with the count (refused while another count writes it); else read only."""
        path = os.fspath(path)
        meta, stored = _read_meta(path)
        if puzzle is not None and puzzle.fingerprint != meta["fingerprint"]:
            whose = (f"another puzzle ({literal(meta['name'] or meta['fingerprint'])}, fingerprint "
                     f"{meta['fingerprint']}; this one is {puzzle.fingerprint})")
            if _finished(path):  # nothing to resume: its count is there to read
                raise CheckpointError(f"{literal(path)}: the finished count of {whose}: {{status}} shows it; "
                                      "give another checkpoint file to count this one", status=_verb("status", path))
            raise CheckpointError(f"{literal(path)}: a checkpoint of {whose}: resume it with {{resume}}, or give "
                                  "another checkpoint file", resume=_verb("resume", path))
        if not write:
            return cls(path, _connect(path, read_only=True), meta, stored)
        lock = _lock(path)
        try:
            conn = _connect(path, read_only=False)
        except BaseException:
            _unlock(lock, path)
            raise
        return cls(path, conn, meta, puzzle or stored, lock)

    def close(self) -> None:
        if self._open is not None:
            self._open.close()
            self._open = None
        if self._lock is not None:
            _unlock(self._lock, self.path)
            self._lock = None

    def __enter__(self) -> Checkpoint:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # -- the count's state --------------------------------------------------------------------
    def tally(self) -> parts.Tally:
        """The count's state as recorded: the unfinished parts waiting, the finished parts'
        counters summed."""
        todo = [Part.from_json(json.loads(row[0]))
                for row in self._conn.execute("SELECT part FROM todo ORDER BY seq")]
        done, totals = self._totals()
        return parts.Tally(todo, done, totals)

    def record(self, result: parts.PartResult) -> None:
        """A part is finished: in one transaction, it leaves the parts to do with its counters
        and the parts it handed back join them."""
        key = result.part.key
        with _transaction(self._conn):
            gone = self._conn.execute("DELETE FROM todo WHERE key = ?", (key,)).rowcount
            if gone != 1:
                raise CheckpointError(f"{self.path}: part {key} is not waiting in the checkpoint "
                                  "(is another count writing it?)")
            self._conn.execute("INSERT INTO done VALUES (?, ?, ?, ?, ?, ?)",
                               (key, *(str(int(x)) for x in result.counters), time.time()))
            _insert_todo(self._conn, result.children)

    def status(self) -> Status:
        done, totals = self._totals()
        (waiting,) = self._conn.execute("SELECT COUNT(*) FROM todo").fetchone()
        return Status(self.path, self.meta["name"] or self.meta["fingerprint"], self.meta["fingerprint"],
                      self.symmetry, done, done + waiting, totals[0], dict(zip(COUNTERS[1:], totals[1:], strict=True)),
                      finished=waiting == 0, version=self.meta["version"], created=float(self.meta["created"]))

    def _totals(self) -> tuple[int, list[int]]:
        totals = [0] * len(COUNTERS)
        done = 0
        for row in self._conn.execute('SELECT nodes, "full", "none", rotations FROM done'):
            done += 1
            for i, x in enumerate(row):
                totals[i] += int(x)
        return done, totals


def _transaction(conn: sqlite3.Connection) -> contextlib.AbstractContextManager[None]:
    """``with``: BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on an error (Ctrl-C included)."""

    class _Tx:
        def __enter__(self) -> None:
            conn.execute("BEGIN IMMEDIATE")

        def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
            conn.execute("COMMIT" if kind is None else "ROLLBACK")

    return _Tx()


def _insert_todo(conn: sqlite3.Connection, todo: Iterable[Part]) -> None:
    conn.executemany("INSERT INTO todo (key, part) VALUES (?, ?)",
                     [(sub.key, json.dumps(sub.to_json(), separators=(",", ":"))) for sub in todo])


def _connect(path: str, read_only: bool) -> sqlite3.Connection:
    uri = f"file:{_quote(os.path.abspath(path))}?mode={'ro' if read_only else 'rw'}"
    if read_only and not os.path.exists(path + "-wal"):
        # No count has the file open (a writer keeps its -wal file): read it as it stands,
        # leaving no -wal and -shm files behind.
        uri += "&immutable=1"
    try:
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=30)
        if not read_only:
            conn.execute("PRAGMA synchronous=FULL")  # a finished part survives a power cut too
        return conn
    except sqlite3.Error as exc:
        raise CheckpointError(f"{path}: cannot open the checkpoint: {exc}") from None


def _quote(path: str) -> str:
    from urllib.parse import quote

    return quote(path)


def _finished(path: str) -> bool:
    """Whether the count the checkpoint at ``path`` records has no part left to do."""
    conn = _connect(path, read_only=True)
    try:
        (waiting,) = conn.execute("SELECT COUNT(*) FROM todo").fetchone()
    except sqlite3.Error:
        return False
    finally:
        conn.close()
    return bool(waiting == 0)


def _verb(name: str, path: str | None = None) -> Term:
    """A verb of the library called on a checkpoint file, to name in a message (the command line
    names its command)."""
    called = "count(puzzle, checkpoint=FILE)" if path is None else \
        f"count(puzzle, checkpoint={path!r})" if name == "count" else f"{name}({path!r})"
    return Term(name, "verb", path, spelled=f"pentomino.api.{called}")


def _read_meta(path: str) -> tuple[dict[str, str], Puzzle]:
    """The checkpoint's meta table and puzzle, read without writing; a clear error if the file
    is missing, not a checkpoint or of another format or tree of parts."""
    if not os.path.exists(path):
        raise CheckpointError(f"{literal(path)}: no such checkpoint file: start one with {{count}}",
                              count=_verb("count", path))
    if os.path.isdir(path):
        raise CheckpointError(f"{path}: is a folder, not a checkpoint file")
    try:
        with open(path, "rb") as f:
            head = f.read(len(_MAGIC))
    except OSError as exc:
        raise CheckpointError(f"{path}: cannot read: {exc.strerror or exc}") from None
    not_ours = CheckpointError(f"{literal(path)}: not a pentomino checkpoint: give the file that {{count}} wrote",
                               count=_verb("count"))
    if head != _MAGIC:
        raise not_ours
    conn = _connect(path, read_only=True)
    try:
        meta: dict[str, str] = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.Error:
        raise not_ours from None
    finally:
        conn.close()
    if meta.get("application") != _APPLICATION:
        raise not_ours
    if meta.get("format") != str(FORMAT) or meta.get("tree_version") != str(parts.TREE_VERSION):
        raise CheckpointError(
            f"{path}: written by pentomino {meta.get('version', '?')} (checkpoint format "
            f"{meta.get('format', '?')}, tree of parts {meta.get('tree_version', '?')}); this "
            f"pentomino {__version__} (format {FORMAT}, tree of parts {parts.TREE_VERSION}) splits "
            "counts differently and cannot resume it: resume it with that version, or count again "
            "into a new file")
    try:
        puzzle = Puzzle.from_toml(meta["puzzle"], f"{path} (the puzzle it records)")
        int(meta["part_nodes"])
    except (KeyError, ValueError) as exc:
        raise CheckpointError(f"{path}: a damaged checkpoint ({exc}): count again into a new file") from None
    if puzzle.fingerprint != meta["fingerprint"]:
        raise CheckpointError(f"{path}: its puzzle reads back as another puzzle in this version "
                          f"(fingerprint {puzzle.fingerprint}, recorded {meta['fingerprint']}): "
                          "count again into a new file")
    if meta.get("symmetry") not in SYMMETRY_MODES:
        raise CheckpointError(f"{path}: a damaged checkpoint (symmetry {meta.get('symmetry')!r})")
    return meta, puzzle


def _lock(path: str) -> int | None:
    """Hold ``path``-lock while a count writes the checkpoint (an fcntl lock: released when the
    process ends however it ends, and not inherited by forked workers)."""
    if fcntl is None:  # pragma: no cover - Windows
        return None
    name = path + "-lock"
    try:
        fd = os.open(name, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise CheckpointError(f"{path}: cannot lock the checkpoint: {exc.strerror or exc}") from None
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise CheckpointError(f"{literal(path)}: another count is writing this checkpoint now: wait for it, or "
                              "watch it with {status}", status=_verb("status", path)) from None
    return fd


def _is_locked(path: str) -> bool:
    """Whether a count holds ``path``'s lock now."""
    if fcntl is None:  # pragma: no cover - Windows
        return False
    try:
        fd = os.open(path + "-lock", os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.lockf(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        return False
    except OSError:
        return True
    finally:
        os.close(fd)


def _unlock(fd: int | None, path: str) -> None:
    if fd is None:  # pragma: no cover - Windows
        return
    try:
        os.unlink(path + "-lock")
    except OSError:
        pass
    os.close(fd)


def count_with_checkpoint(puzzle: Puzzle, path: str | os.PathLike[str], symmetry: SymmetryMode | None = None, *,
                          jobs: int | None = None, progress: Progress | None = None, runner: Runner | None = None,
                          budget: int | None = None) -> Count:
    """Count ``puzzle``'s solutions, recording each finished part in the checkpoint at
    ``path``: started if the file does not exist, resumed if it does (it must be a checkpoint
    of this puzzle). Returns what an uninterrupted count returns for the totals
    (``seconds``: of this run; ``parts``: the parts of the whole count).

    ``symmetry``: the mode of :attr:`Count.count` (default: the one the checkpoint was started
    with, else ``"full"``); every mode is in :attr:`Count.by_mode`. ``jobs``, ``progress``,
    ``runner``: as in :func:`pentomino.search.runner.run_tally`. ``budget``: nodes per part
    (default :data:`~pentomino.tuning.PART_NODES`; a smaller one makes many parts of a small
    puzzle, for tests); a checkpoint goes on with the budget it was started with.

    Ctrl-C (KeyboardInterrupt) passes through: what was finished is recorded.
    """
    path = os.fspath(path)
    start = time.perf_counter()
    if os.path.exists(path):
        checkpoint = Checkpoint.open(path, puzzle)
    else:
        checkpoint = Checkpoint.create(path, puzzle, symmetry or "full", budget or PART_NODES)
    with checkpoint:
        if budget is not None and budget != checkpoint.budget:
            raise CheckpointError(f"{path}: started with parts of {checkpoint.budget} nodes, not {budget}: "
                              "resume it with its own budget")
        mode = symmetry or checkpoint.symmetry
        return _run(checkpoint, mode, jobs, progress, runner, start)


def puzzle_of(path: str | os.PathLike[str]) -> Puzzle:
    """The puzzle the checkpoint at ``path`` counts (checked as :meth:`Checkpoint.open` does)."""
    return _read_meta(os.fspath(path))[1]


def resume(path: str | os.PathLike[str], symmetry: SymmetryMode | None = None, *, jobs: int | None = None,
           progress: Progress | None = None, runner: Runner | None = None) -> Count:
    """Go on with the count recorded at ``path`` (its own puzzle): see :func:`count_with_checkpoint`."""
    path = os.fspath(path)
    return count_with_checkpoint(puzzle_of(path), path, symmetry, jobs=jobs, progress=progress, runner=runner)


def status(path: str | os.PathLike[str], *, estimate: bool = False, samples: int = DEFAULT_SAMPLES,
           seed: int = 0) -> Status:
    """Where the count recorded at ``path`` stands (read only: a running count may be writing
    it). ``estimate``: also estimate the whole count (a few seconds; see
    :func:`pentomino.search.estimate.estimate`, whose ``samples`` and ``seed`` these are), so that
    :attr:`Status.fraction_done` and :attr:`Status.seconds_left` tell how much is left."""
    path = os.fspath(path)
    with Checkpoint.open(path, write=False) as checkpoint:
        result = checkpoint.status()
        puzzle = checkpoint.puzzle
    result = dataclasses.replace(result, running=_is_locked(path))
    if estimate and not result.finished:
        result = dataclasses.replace(result, estimate=estimated(puzzle, samples, seed))
    return result


def _run(checkpoint: Checkpoint, symmetry: SymmetryMode, jobs: int | None, progress: Progress | None,
         runner: Runner | None, start: float) -> Count:
    solver = Solver(checkpoint.puzzle, symmetry, counting=True)
    return count_tally(solver, checkpoint.tally(), jobs, progress, on_result=checkpoint.record, runner=runner,
                       budget=checkpoint.budget, start=start)

