"""Counting on a cluster: Dask's cost per task, the tree of parts of a real count, and the
speed-up that tree allows on many workers (the figures of docs/cluster.md).

    pip install ".[dask]"
    python bench/cluster.py overhead 6x10 1024          # serial / pool / Dask on tiny parts; empty tasks
    python bench/cluster.py record bench/puzzles/one-sided-5x18.toml parts.json   # every part of a count
    python bench/cluster.py project parts.json --rate 13.6e6 --overhead 0.003 --latency 0.015 --scheduler 0.003

``project`` simulates greedy list scheduling of the recorded tree on 1, 2, 10, 100 and 1000
workers: a part starts only once its parent has finished and ``latency`` has passed (its
result back, its children submitted); a worker spends ``overhead`` per task besides the
search, which takes ``nodes / rate`` seconds; the one scheduler starts at most one task per
``scheduler`` seconds; one part per task; a free worker takes the next ready part, in the
tally's order.
"""

from __future__ import annotations

import argparse
import heapq
import json
import time
from collections import deque


def _count(name: str, budget: int, how: str, address: str | None = None) -> tuple[float, int, int]:
    from pentomino import Puzzle
    from pentomino.search import parts as P
    from pentomino.search import runner
    from pentomino.search.solver import Solver

    puzzle = Puzzle.load(name)
    solver = Solver(puzzle, counting=True)
    tally = P.Tally(solver.parts())
    start = time.perf_counter()
    if how == "dask":
        from pentomino.search.cluster import dask_runner

        runner.run_tally(solver, tally, runner=dask_runner(address), budget=budget)
    else:
        runner.run_tally(solver, tally, jobs=1 if how == "serial" else 2, budget=budget)
    return time.perf_counter() - start, tally.done, tally.totals[0]


def _nothing(x):
    return x


def overhead(name: str, budget: int) -> None:
    import distributed

    for how in ("serial", "pool"):
        secs, parts, nodes = _count(name, budget, how)
        print(f"{how:7s} {name} budget {budget}: {parts} parts, {nodes} nodes, {secs:.2f} s")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
        _count("4x15", budget, "dask", cluster.scheduler_address)  # the workers load the kernel
        for _ in range(2):
            secs, parts, nodes = _count(name, budget, "dask", cluster.scheduler_address)
            print(f"dask    {name} budget {budget}: {parts} parts, {nodes} nodes, {secs:.2f} s")
        t = time.perf_counter()
        distributed.Client(cluster.scheduler_address).close()
        print(f"connect and close a client: {1e3 * (time.perf_counter() - t):.0f} ms")
        for n in (1000, 3000):
            t = time.perf_counter()
            client.gather(client.map(_nothing, range(n), pure=False))
            print(f"{n} empty tasks at once: {1e3 * (time.perf_counter() - t) / n:.2f} ms a task")
        t = time.perf_counter()
        for i in range(200):
            client.submit(_nothing, i, pure=False).result()
        print(f"one empty task, submitted and awaited: {1e3 * (time.perf_counter() - t) / 200:.2f} ms")


def record(path: str, out: str, jobs: int) -> None:
    from pentomino import Puzzle
    from pentomino.search import runner
    from pentomino.search.parts import Tally
    from pentomino.search.solver import Solver

    solver = Solver(Puzzle.load(path), counting=True)
    roots = solver.parts()
    tally = Tally(roots)
    rows = []
    start = time.perf_counter()

    def note(r):
        rows.append({"part": r.part.key, "nodes": r.counters[0], "children": [c.key for c in r.children]})

    used = runner.run_tally(solver, tally, jobs=jobs, on_result=note)
    seconds = time.perf_counter() - start
    with open(out, "w") as f:
        json.dump({"roots": [r.key for r in roots], "parts": rows, "seconds": seconds, "jobs": used,
                   "by_mode": tally.by_mode(), "nodes": tally.totals[0]}, f)
    sizes = sorted(r["nodes"] for r in rows)
    print(f"{len(rows)} parts, {tally.totals[0]:,} nodes, {seconds:.1f} s on {used} processes, "
          f"{tally.by_mode()}; part sizes: median {sizes[len(sizes) // 2]:,}, max {sizes[-1]:,}, "
          f"{sum(bool(r['children']) for r in rows)} handed work back")


def project(path: str, rate: float, over: float, latency: float, sched: float) -> None:
    with open(path) as f:
        data = json.load(f)
    parts = {p["part"]: p for p in data["parts"]}
    work = {k: p["nodes"] / rate for k, p in parts.items()}
    one = sum(work.values())

    def chain(k, memo={}):  # noqa: B006 - a cache for this one tree
        if k not in memo:
            memo[k] = work[k] + over + latency + max((chain(c) for c in parts[k]["children"]), default=0)
        return memo[k]

    longest = max(chain(r) for r in data["roots"])

    def simulate(workers: int) -> float:
        ready = deque((0.0, r) for r in data["roots"])  # (time ready, part), in the tally's order
        free = [0.0] * workers  # when each worker is next free
        sched_free = end = 0.0
        events: list = []  # (time the part's children are ready, part)
        while ready or events:
            if not ready or (events and events[0][0] <= max(free[0], ready[0][0], sched_free)):
                t, k = heapq.heappop(events)
                ready.extend((t, c) for c in parts[k]["children"])
                continue
            t_ready, k = ready.popleft()
            start = max(heapq.heappop(free), t_ready, sched_free)
            sched_free = start + sched
            finish = start + over + work[k]
            heapq.heappush(free, finish)
            heapq.heappush(events, (finish + latency, k))
            end = max(end, finish)
        return end

    print(f"{len(parts)} parts, {data['nodes']:,} nodes, {one:.1f} s on one core at {rate / 1e6:.1f}M nodes/s; "
          f"overhead {1e3 * over:g} ms a task, latency {1e3 * latency:g} ms, scheduler {1e3 * sched:g} ms a task")
    print(f"longest chain of parts: {longest:.2f} s, so at most {one / longest:.0f}x")
    for workers in (1, 2, 10, 100, 1000):
        t = simulate(workers)
        print(f"{workers:5d} workers: {t:8.2f} s  speed-up {one / t:6.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    a = sub.add_parser("overhead")
    a.add_argument("puzzle")
    a.add_argument("budget", type=int)
    b = sub.add_parser("record")
    b.add_argument("puzzle")
    b.add_argument("out")
    b.add_argument("--jobs", type=int, default=2)
    c = sub.add_parser("project")
    c.add_argument("parts")
    c.add_argument("--rate", type=float, required=True, help="nodes a second on one worker")
    c.add_argument("--overhead", type=float, default=0.003)
    c.add_argument("--latency", type=float, default=0.015)
    c.add_argument("--scheduler", type=float, default=0.003)
    args = ap.parse_args()
    if args.what == "overhead":
        overhead(args.puzzle, args.budget)
    elif args.what == "record":
        record(args.puzzle, args.out, args.jobs)
    else:
        project(args.parts, args.rate, args.overhead, args.latency, args.scheduler)


if __name__ == "__main__":
    main()
