"""Records on big counts: counts that take minutes, ours against miniexact in the same run.

    pip install ".[bench]"
    python bench/records.py                  # O'Beirne's hexagon and 6x15 counted, 9x10 estimated
    python bench/records.py --with-9x10      # 9x10 counted too, with a checkpoint (resumable)
    python bench/records.py --quick          # the whole script on small puzzles (15 s)
    python bench/records.py --puzzles one-sided-9x10 --with-9x10   # one record alone

The puzzles (files in ``bench/puzzles/``), each with its count up to symmetry as published:

- the 19 one-sided hexiamonds in O'Beirne's hexagon (``obeirne-hexagon``: 19 small hexagons
  of 6 triangles in a honeycomb, 1 + 6 + 12): 124,519 (D. E. Knuth, TAOCP 7.2.2.1; D. Goodger's
  Polyform Puzzler, ``OneSidedHexiamondsOBeirnesHexagon``, which also gives 1,914 with the
  hexagon piece O6 at the centre: our count of that sub-puzzle agrees, see
  ``tests/test_bench_puzzles.py``);
- the 18 one-sided pentominoes in 6x15: 2,567,183, and in 9x10: 10,440,433 (Polyform Puzzler).
  9x10 is estimated (``pentomino estimate``) unless ``--with-9x10`` asks for its count.

For each puzzle: the estimate (20,000 probes, seed 1); our count on 1 process and on 2
(``jobs=2``), all three symmetry modes from one search, nodes and wall time; then miniexact
(Algorithm X, the fastest general exact-cover program installable here, ``pip install
miniexact``) enumerating every tiling from the same placements (the exact-cover matrix of
``bench/peers.py``, as in ``bench/run.py``), in a child process that is killed when the cap
passes (``--cap``, default 300 s). A miniexact run stopped at the cap is extrapolated: its
tilings per second over the run, and our count of every tiling divided by that rate is its
projected total time. That assumes it finds tilings at an even rate, which a depth-first
search need not do (its first branches may be richer or poorer than the rest): a rough figure,
marked as projected. Then the ratio miniexact / ours, and a markdown table of it all.

The script fails (exit status 1) if a count up to symmetry differs from the published one, if
the 2-process count differs from the 1-process count in any mode or in nodes, or if a
miniexact run that finishes counts other tilings than we do.

The counts with a checkpoint (9x10; 8x8-square with ``--quick``) record each finished part in
``records-PUZZLE-jobsN.db`` (in ``--checkpoints``, default the current folder): stop the
script at any moment and run the same command again to go on from there (the time shown is
then that of the last run alone, marked "resumed", and no ratio is given for it). A count's
file is removed when the count ends, so that running the script again counts afresh.

Expected time, on this 2-core AMD EPYC (shared: times move by 15-30% from run to run):

- O'Beirne's hexagon: 4.1 to 5.0 billion nodes (``pentomino estimate --samples 100000``,
  seeds 1 to 3), so 3 to 5 minutes on 1 process (the estimate's own speed, 26 million nodes a
  second, gives 2.9 to 4.2 minutes; the count with O6 in the middle, 25 million nodes in
  1.4 s, 18 million a second, gives 4 to 5), half that on 2, and miniexact's cap: about 12
  minutes;
- 6x15: 336 s on 1 process and 167 s on 2 (docs/big-counts.md), and the cap: about 14 minutes;
- 9x10, estimated: a few seconds, and the cap: about 5 minutes;
- so the default run takes about half an hour. ``--with-9x10`` adds the count of 9x10: 80 to
  100 billion nodes (seeds 1 to 3), 53 to 67 minutes on 1 process at the estimate's speed, about
  2 hours at 6x15's 12.6 million nodes a second; half that on 2 processes: 2 to 3.5 hours in all;
- ``--quick``: 14 s here (caps of 2 s).
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.metadata
import os
import platform
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from big_counts import HERE, PUBLISHED, run
from machine import processor
from peers import PeerRun, run_peer
from pentomino import Estimate, Interval, Puzzle, api


@dataclass(frozen=True)
class Record:
    """A puzzle to count, with its published count."""

    puzzle: str
    """A file of ``bench/puzzles`` (its stem) or a built-in puzzle."""
    published: int
    """The published count up to the puzzle's symmetries."""
    checkpoint: bool = False
    """Count with a checkpoint file, to go on from if the count is stopped."""
    estimated: bool = False
    """Only estimated, unless ``--with-9x10``."""

    @property
    def source(self) -> str:
        """What :meth:`Puzzle.load` and the peers load: the file, else the built-in name."""
        path = HERE / f"{self.puzzle}.toml"
        return str(path) if path.exists() else self.puzzle


RECORDS = (Record("obeirne-hexagon", 124_519), Record("one-sided-6x15", PUBLISHED["one-sided-6x15"]),
           Record("one-sided-9x10", 10_440_433, checkpoint=True, estimated=True))
# --quick: one count miniexact finishes, one it is stopped in, one checkpointed, one estimated.
QUICK = (Record("one-sided-3x30", 46), Record("8x8-square", 16_146, checkpoint=True),
         Record("one-sided-5x18", PUBLISHED["one-sided-5x18"], estimated=True))


@dataclass(frozen=True)
class Ours:
    """One of our counts."""

    by_mode: dict
    nodes: int
    parts: int
    seconds: float
    resumed: bool = False
    """Resumed from a checkpoint: ``seconds`` is this run's alone."""


def our_count(record: Record, puzzle: Puzzle, jobs: int, folder: Path) -> Ours:
    """Our count on ``jobs`` processes, with the record's checkpoint if it has one."""
    path = folder / f"records-{record.puzzle}-jobs{jobs}.db" if record.checkpoint else None
    resumed = path is not None and path.exists()
    print(f"  counting on {jobs} process{'es' if jobs > 1 else ''}"
          + (f", checkpoint {path}{' (resumed)' if resumed else ''}" if path else "") + " ...", flush=True)
    ours = Ours(*run(puzzle, jobs=jobs, checkpoint=None if path is None else str(path)), resumed=resumed)
    if path is not None:
        for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            leftover.unlink(missing_ok=True)
    print(f"  {ours.by_mode['full']:,} up to symmetry, {ours.by_mode['none']:,} tilings, {ours.nodes:,} nodes, "
          f"{ours.parts:,} parts, {ours.seconds:.1f} s{' (resumed)' if resumed else ''}", flush=True)
    return ours


def check(record: Record, one: Ours, two: Ours | None = None) -> None:
    """Fail loudly unless the count agrees with the published one (and ``two`` with ``one``)."""
    if one.by_mode["full"] != record.published:
        raise SystemExit(f"{record.puzzle}: we counted {one.by_mode['full']:,} up to symmetry, "
                         f"published {record.published:,}: DIFFERS")
    if two is not None and (one.by_mode, one.nodes) != (two.by_mode, two.nodes):
        raise SystemExit(f"{record.puzzle}: 1 process counted {one.by_mode} in {one.nodes:,} nodes, "
                         f"2 processes {two.by_mode} in {two.nodes:,} nodes")


def seconds(s: float | None) -> str:
    if s is None:
        return "-"
    if s < 1:
        return f"{s * 1000:.0f} ms"
    if s < 60:
        return f"{s:.1f} s"
    return f"{s / 60:.1f} min" if s < 3600 else f"{s / 3600:.2f} h"


def interval(iv: Interval, fmt: Callable[[float], str] = "{:,.0f}".format) -> str:
    return fmt(iv.estimate) if iv.low == iv.high else f"{fmt(iv.estimate)} ({fmt(iv.low)} to {fmt(iv.high)})"


def peer_cells(peer: PeerRun | None, tilings: int, cap: float) -> tuple[str, float | None]:
    """(what miniexact did, in words; its total seconds, measured or projected)."""
    if peer is None:
        return "not installed", None
    if peer.finished:
        return f"finished: {peer.found:,} tilings", peer.seconds
    if peer.found == 0:
        return f"no tiling in {cap:.0f} s", None
    return f"{peer.found:,} tilings in {peer.seconds:.0f} s ({peer.rate:,.0f}/s)", tilings / peer.rate


def ratio(peer: float | None, ours: float | None, approx: bool) -> str:
    if peer is None or not ours:
        return "-"
    return f"{'~' if approx else ''}{peer / ours:,.1f}x"


def measure(record: Record, cap: float, folder: Path) -> tuple[str, str]:
    """The record's row of the table and its row of the estimates' table, told as it goes."""
    puzzle = Puzzle.load(record.source)
    print(f"{puzzle.name}:", flush=True)
    est: Estimate = api.estimate(puzzle, seed=1)
    print(f"  estimate: {est.nodes.estimate:,.0f} nodes, {est.full.estimate:,.0f} up to symmetry, "
          f"about {seconds(est.seconds.estimate)} on 1 process", flush=True)
    estimated = (f"| {record.puzzle} | {interval(est.nodes)} | {interval(est.full)} | {interval(est.none)} | "
                 f"{interval(est.seconds, seconds)} |")
    one = two = None
    if record.estimated:
        tilings, t_one = round(est.none.estimate), est.seconds.estimate
    else:
        one = our_count(record, puzzle, 1, folder)
        check(record, one)
        two = our_count(record, puzzle, 2, folder)
        check(record, one, two)
        tilings, t_one = one.by_mode["none"], one.seconds

    print(f"  miniexact, capped at {cap:.0f} s ...", flush=True)
    peer = run_peer("miniexact", record.source, cap)
    if peer is not None and peer.finished and peer.found != tilings:
        raise SystemExit(f"{record.puzzle}: miniexact counted {peer.found:,} tilings, we counted {tilings:,}")
    did, t_peer = peer_cells(peer, tilings, cap)
    projected = peer is not None and not peer.finished
    total = "-" if t_peer is None else f"{'~' if projected else ''}{seconds(t_peer)}"
    print(f"  miniexact: {did}; total {total}\n", flush=True)

    def ours(c: Ours) -> str:
        return f"{seconds(c.seconds)}{' (resumed)' if c.resumed else ''}"

    if one is None:
        figures = (f"~{est.full.estimate:,.0f} (est.)", f"~{est.none.estimate:,.0f} (est.)",
                   f"~{est.nodes.estimate:,.0f} (est.)", f"~{seconds(t_one)} (est.)", "-")
    else:
        figures = (f"{one.by_mode['full']:,}", f"{one.by_mode['none']:,}", f"{one.nodes:,}", ours(one), ours(two))
    whole = [None if c is None or c.resumed else c.seconds for c in (one, two)]  # a resumed count's time is partial
    row = (f"| {record.puzzle} | {record.published:,} | " + " | ".join(figures) + f" | {did} | {total} | "
           f"{ratio(t_peer, t_one if one is None else whole[0], projected or one is None)} | "
           f"{ratio(t_peer, whole[1], projected)} |")
    return row, estimated


def main() -> None:
    names = [r.puzzle for r in RECORDS + QUICK]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small puzzles and a cap of 2 s, to try the script")
    ap.add_argument("--with-9x10", action="store_true", help="count the puzzles otherwise only estimated")
    ap.add_argument("--cap", type=float, default=None, help="seconds miniexact may search (default 300; 2 quick)")
    ap.add_argument("--puzzles", nargs="+", choices=names, metavar="NAME", help=f"of {', '.join(names)}")
    ap.add_argument("--checkpoints", type=Path, default=Path("."), help="folder of the checkpoint files")
    a = ap.parse_args()
    cap = a.cap if a.cap is not None else 2.0 if a.quick else 300.0
    records = [r for r in RECORDS + QUICK if r.puzzle in a.puzzles] if a.puzzles else QUICK if a.quick else RECORDS
    if a.with_9x10:
        records = [dataclasses.replace(r, estimated=False) for r in records]

    try:
        miniexact = f"miniexact {importlib.metadata.version('miniexact')}"
    except importlib.metadata.PackageNotFoundError:
        miniexact = "miniexact not installed"
    print(f"Processor: {processor()}, {os.cpu_count()} cores; Python {platform.python_version()}, {miniexact}; "
          f"miniexact's cap {cap:.0f} s\n", flush=True)
    try:
        measured = [measure(r, cap, a.checkpoints) for r in records]
    except KeyboardInterrupt:
        raise SystemExit("interrupted: the same command goes on from the checkpoints of counts that have one") from None
    print("| puzzle | published | up to symmetry | tilings | nodes | ours, 1 process | ours, 2 processes "
          "| miniexact in the cap | miniexact, total | miniexact / ours (1) | miniexact / ours (2) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    print("\n".join(row for row, _ in measured))
    print(f"\n~: projected. miniexact's total, when it passed the cap ({cap:.0f} s), is the tilings (our count, or "
          "the estimate's where we did not count) divided by the tilings a second it found before the cap. "
          "(est.): from `pentomino estimate` (20,000 probes, seed 1), not counted. Our times: wall time of the "
          "whole count, the three symmetry modes from one search; miniexact enumerates every tiling.\n")
    print("| puzzle | estimated nodes (95%) | up to symmetry (95%) | tilings (95%) | 1 process (95%) |")
    print("|---|---|---|---|---|")
    print("\n".join(estimated for _, estimated in measured))


if __name__ == "__main__":
    main()
