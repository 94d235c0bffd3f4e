"""A count as a tree of parts: parts that run out of budget hand back the rest of their search,
and whatever runs the parts (one process, a pool), the tree and the totals are the same."""

import json

import pytest

from pentomino import Puzzle
from pentomino.search import parts as P
from pentomino.search import runner
from pentomino.search.results import Part
from pentomino.search.solver import Solver

# Published totals (../shared/puzzles/known-counts.json): orbits, orbits under rotations, tilings.
KNOWN = {
    "6x10": (2339, 4678, 9356),
    "8x8": (65, 130, 520),
    "one-sided-3x30": (46, 92, 184),
    "hexiamonds-6x6": (156, 312, 624),
    "soma": (240, 480, 11520),
    "scott-finish": (1, 1, 1),
}


def _tree(puzzle, budget, general=False, search="count"):
    """Every part of the count, run one after another: (tally, [results in order])."""
    solver = Solver(puzzle, counting=True) if search == "count" else Solver(puzzle, search.removeprefix("list-"))
    if general:  # the array-of-words loop, whose stack rows read differently
        solver.packed.__dict__["tables"] = solver.packed.tables._replace(one_word=False)
    P.remember(solver)
    tally = P.Tally(solver.parts())
    results = []
    while tally.waiting:
        (part,) = tally.take(1)
        result = P.count_part(puzzle, part, budget)
        results.append(result)
        tally.add(result)
    return tally, results


def _modes(tally):
    m = tally.by_mode()
    return m["full"], m["rotations"], m["none"]


# The quick suite takes these (puzzle, general loop) cases, the full suite every puzzle on both loops.
QUICK_TREES = {("6x10", False), ("8x8", False), ("soma", False), ("scott-finish", False),
               ("8x8", True), ("soma", True), ("scott-finish", True)}


@pytest.mark.parametrize("name, general", [
    pytest.param(name, general, id=f"{name}-{'words' if general else 'window'}",
                 marks=() if (name, general) in QUICK_TREES else pytest.mark.slow)
    for name in sorted(KNOWN) for general in (False, True)])
def test_handed_back_parts_add_up_to_the_published_counts(name, general):
    budget = 3000 if name == "6x10" else 300  # 6x10: a thousand parts, not ten thousand
    tally, results = _tree(Puzzle.load(name), budget=budget, general=general)
    assert _modes(tally) == KNOWN[name]
    assert len({r.part for r in results}) == len(results)  # no part searched twice
    if name in ("6x10", "hexiamonds-6x6"):
        assert sum(bool(r.children) for r in results) > 100  # the budget really cut parts


def test_a_budget_of_one_node_still_counts_right():
    tally, results = _tree(Puzzle.load("soma"), budget=1)
    assert _modes(tally) == KNOWN["soma"]
    assert len(results) > 1000


def test_every_tiling_once_when_listing_parts():
    """Listing search (every tiling, mode "none"): each part's own solutions, found with the
    handed-back parts run to the end, are disjoint and make the published 1472 tilings of 4x15."""
    puzzle = Puzzle.load("4x15")
    tally, results = _tree(puzzle, budget=1000, search="list-none")
    assert tally.by_mode()["full"] == 1472  # the listing search counts its orbits: every tiling
    solver = Solver(puzzle, "none")
    leaves = [r.part for r in results if not r.children]
    seen = []
    for part in leaves[:40]:  # parts that finished: listing them must find what they counted
        for _, rows in solver.run_part(part, out_cap=64):
            seen.extend(solver.wrap(row).placements for row in rows)
    assert len(seen) == len(set(seen))


def test_parts_respect_their_budget():
    _, results = _tree(Puzzle.load("6x10"), budget=2000)
    # The window loop checks its budget after looking ahead at a chunk of at most 64 candidates.
    assert max(r.counters[0] for r in results) <= 2000 + 64
    assert sum(r.counters[0] >= 2000 for r in results) > 100


def test_the_tree_is_the_same_on_one_process_and_on_a_pool():
    puzzle = Puzzle.load("hexiamonds-6x6")
    keys = {}
    for jobs in (1, 2):
        seen = []
        solver = Solver(puzzle, counting=True)
        tally = P.Tally(solver.parts())
        used = runner.run_tally(solver, tally, jobs=jobs,
                                on_result=lambda r, seen=seen: seen.append((r.part.key, r.counters)), budget=5000)
        assert used == jobs and tally.finished
        keys[jobs] = sorted(seen)
        assert _modes(tally) == KNOWN["hexiamonds-6x6"]
    assert keys[1] == keys[2]  # the same parts with the same counters, nodes included
    assert len(keys[1]) > 50


def test_a_part_with_choices_round_trips_and_lists_only_its_choices():
    puzzle = Puzzle.load("4x15")
    solver = Solver(puzzle, "none")
    root = solver.parts()[0]
    children = P.count_part(puzzle, root, budget=50).children
    with_choices = [c for c in children if c.choices]
    assert with_choices, "a part cut after 50 nodes hands back some level with several choices"
    sub = with_choices[0]
    assert Part.from_json(json.loads(json.dumps(sub.to_json()))) == sub
    assert sub.key.count("/") == 3  # puzzle / search / forced / choices
    # Listing the part: every solution uses one of its choices right after its forced placements.
    allowed = {(name, cells) for name, cells in sub.choices}
    listed = [solver.wrap(r) for _, rows in solver.run_part(sub, out_cap=64) for r in rows]
    for solution in listed:
        order = solution.in_search_order
        nxt = order[len(puzzle.preplaced) + len(sub.forced)]
        assert (nxt.piece, tuple(sorted(nxt.cells))) in allowed
    # ... and they are exactly the solutions under those placements, searched one by one.
    one_by_one = set()
    for choice in sub.choices:
        single = Part(sub.puzzle, sub.search, sub.forced + (choice,))
        for _, rows in solver.run_part(single, out_cap=64):
            one_by_one.update(solver.wrap(r).placements for r in rows)
    assert {s.placements for s in listed} == one_by_one


def test_a_puzzle_pickles_as_its_text():
    import pickle

    for name in ("6x10", "scott-finish", "hexiamonds-6x6", "soma"):
        p = Puzzle.load(name)
        q = pickle.loads(pickle.dumps(p))
        assert q == p and q.fingerprint == p.fingerprint and q.grid.name == p.grid.name


@pytest.mark.parametrize("name, budget", [("6x10", 3000), ("8x8", 300), ("soma", 300), ("one-sided-3x30", 10**9)])
def test_the_roots_searched_unnamed_leave_the_tally_of_the_named_parts(name, budget):
    """search_roots (a count in one process starts so) leaves the tally the named root parts
    leave at the same point: the roots done and their counters, then the same parts waiting, in
    the same order; and the count that goes on from it gives the whole tree's figures."""
    puzzle = Puzzle.load(name)
    solver = Solver(puzzle, counting=True)
    P.remember(solver)
    unnamed = P.search_roots(solver, budget)
    named = P.Tally(solver.parts())
    while named.waiting and named.done < unnamed.done:
        (part,) = named.take(1)
        named.add(P.count_part(puzzle, part, budget))
    assert (unnamed.done, unnamed.totals, list(unnamed.waiting)) == (named.done, named.totals, list(named.waiting))
    assert unnamed.finished == (budget == 10**9)  # a root paused, unless the budget is past the whole count
    tally, results = _tree(puzzle, budget)
    while unnamed.waiting:
        (part,) = unnamed.take(1)
        unnamed.add(P.count_part(puzzle, part, budget))
    assert (unnamed.done, unnamed.totals) == (tally.done, tally.totals) == (len(results), tally.totals)
    assert _modes(unnamed) == KNOWN[name]
