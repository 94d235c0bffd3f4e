"""The estimate of a count: the tree it probes is the kernel's, its intervals hold the truth
at about the stated rate, a seed repeats it, and the CLI prints it."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from pentomino.model.puzzle import Puzzle
from pentomino.search import estimate as E
from pentomino.search import kernel, runner
from pentomino.search import probes as P
from pentomino.search.solver import Solver
from test_cli import run

DOMINOES_4X6 = 'name = "dominoes"\npieces = "domino"\nboard = """\n......\n......\n......\n......\n"""\n' \
               '[copies]\nI2 = 12\n'



def _puzzle(name: str) -> Puzzle:
    return Puzzle.from_toml(DOMINOES_4X6) if name == "dominoes-4x6" else Puzzle.load(name)


def _solver(name: str, general: bool = False) -> Solver:
    """A counting solver; ``general``: one that searches with the general loop, as a puzzle whose
    pieces span 64 cells or more would (its tables say the one-word loop does not apply)."""
    solver = Solver(_puzzle(name), "full", counting=True)
    if general:
        solver.packed.__dict__["tables"] = solver.packed.tables._replace(one_word=False)
    return solver


def _truth(solver: Solver) -> np.ndarray:
    c = runner.count(solver, jobs=1, method="search")
    return np.array([c.nodes, c.by_mode["full"], c.by_mode["rotations"], c.by_mode["none"]], dtype=float)


def _kernel_levels(solver: Solver) -> list[int]:
    """The nodes at each depth of the kernel's count (below the root options, which the count
    forces): a search split at depth d puts down every node down to d and none deeper, so
    the nodes of splits at d and d - 1 differ by those at d."""
    levels, above = [], 0
    for d in range(1, solver.packed.depth + 2):
        nodes = 0
        for prefix in solver.root_prefixes:
            run = solver.start(prefix, out_cap=4096, split=d)
            for _ in run.steps():
                pass
            nodes += int(run.counters[kernel.NODES])
        levels.append(nodes - above)
        above = nodes
    while levels and levels[-1] == 0:
        levels.pop()
    return levels


# -- (a) the probed tree is the kernel's ---------------------------------------------------------
TREE_PUZZLES = ["3x20", "4x15", "hexiamonds-4x9", "soma", "tetrahexes-4x7", "tetrominoes-4x5", "dominoes-4x6"]


@pytest.mark.parametrize("name", TREE_PUZZLES)
@pytest.mark.parametrize("general", [False, True], ids=["one-word", "general"])
def test_probe_tree_is_the_kernels(name, general):
    """Walking in full the tree the probes sample, by the probes' own steps, gives the kernel's
    nodes and counts: every node's children one by one to the leaves, and with the kernel's
    whole search below a cut; in the one-word loop (lone-cell test) and in the general one
    (pocket test after a placement), with a forced first piece and without one (dominoes)."""
    solver = _solver(name, general)
    truth = list(_truth(solver))
    for cut in (None, 3):
        tree = P.tree_counts(solver.packed, cut)
        assert [tree[k] for k in ("nodes", "full", "rotations", "none")] == truth, f"cut {cut}"


@pytest.mark.parametrize("name", ["3x20", "soma", "tetrahexes-4x7", "dominoes-4x6"])
@pytest.mark.parametrize("general", [False, True], ids=["one-word", "general"])
def test_probe_tree_has_the_kernels_nodes_level_by_level(name, general):
    """The probes' children, taken level by level to the leaves, are the kernel's nodes at
    each depth: if the two trees part ways, the first depth where they differ says where."""
    solver = _solver(name, general)
    walked, kernel = P.tree_counts(solver.packed)["levels"], _kernel_levels(solver)
    if walked != kernel:
        deepest = max(len(walked), len(kernel))
        walked, kernel = walked + [0] * (deepest - len(walked)), kernel + [0] * (deepest - len(kernel))
        d = next(d for d in range(deepest) if walked[d] != kernel[d])
        pytest.fail(f"depth {d + 1}: {walked[d]} nodes in the probes' tree, {kernel[d]} in the kernel's")


@pytest.mark.parametrize("name", ["soma", "tetrahexes-4x7"])
@pytest.mark.parametrize("general", [False, True], ids=["one-word", "general"])
def test_probes_average_to_the_kernels_count(name, general):
    """The probes' own random paths average to the kernel's count: with every level chosen at
    random (the pick among a node's children, which the walks above do not make), the mean of
    the probes is within 4 standard errors of the kernel's nodes; with a cut at depth 3, of
    its nodes and its counts."""
    solver = _solver(name, general)
    truth = _truth(solver)
    for cut, columns in ((None, [P.R_NODES]), (3, [P.R_NODES, P.R_COUNT, P.R_ROT_ORBITS, P.R_TILINGS])):
        results, strata = P.probe(solver.packed, 2000, seed=11, cut=cut)
        value, error, _ = P.stratified(results[:, :P.R_COST], strata)
        for i in columns:
            assert abs(value[i] - truth[i]) <= 4 * error[i], (cut, i, value[i], error[i], truth[i])


# -- (b) coverage and bias -----------------------------------------------------------------------
SEEDS = 40
SAMPLES = 5_000  # a quarter of the default: fewer probes make the intervals' job harder
COVERAGE_FLOOR = 38
"""Intervals of the 40 that must hold the truth, in each column (nodes, the three counts): the
stated 95%. Measured over 100 seeds (bench/estimate_coverage.py, the module docstring of
pentomino.search.estimate), the panel's rows held it 95-100 times in every column; over the 40
here, 38 to 40 (Hall's interval alone: 16 of 40 on 3x4x5 with 2,000 probes, 32-33 on 5x18). The
number of 40 intervals that hold the truth is Binomial(40, p): at p = 0.97 it falls below 38
with probability 0.12, at p = 0.9 with probability 0.78. The seeds are fixed, so the test gives
the same answer on every run; a change of the kernel's tree draws other probes from them."""
PUZZLES = Path(__file__).parent.parent / "bench" / "puzzles"


def _held(solver: Solver, truth: np.ndarray, samples: list[int]) -> tuple[dict[int, np.ndarray], np.ndarray]:
    """For each number of probes, how many of the seeds' intervals held the truth (nodes, the three
    counts), and the estimates of the first. A seed's fewer probes are the first of its most (what
    the estimate with that many probes draws: the cut, then the probes, from one generator)."""
    group = int(solver.packed.sym.proper.shape[0])
    held = {n: np.zeros(4, dtype=int) for n in samples}
    estimates = []
    for seed in range(SEEDS):
        rng = P.seed_word(seed)
        results, strata = P.probe(solver.packed, max(samples), cut=P.choose_cut(solver.packed, rng), rng=rng)
        for n in samples:
            ivs = E.intervals(results[:n], strata[:n], group)
            held[n] += [truth[i] in ivs[i] for i in range(4)]
        estimates.append([iv.estimate for iv in E.intervals(results[:samples[0]], strata[:samples[0]], group)])
    return held, np.array(estimates)


def _coverage(name: str) -> None:
    solver = _solver(name)
    truth = _truth(solver)
    held, estimates = _held(solver, truth, [SAMPLES])
    assert (held[SAMPLES] >= COVERAGE_FLOOR).all(), f"{held} of {SEEDS} intervals held the truth (nodes, counts)"
    # Unbiased: the mean of the 40 estimates is within 4 of its standard errors of the truth.
    spread = estimates.std(axis=0, ddof=1) / np.sqrt(SEEDS)
    assert (np.abs(estimates.mean(axis=0) - truth) <= 4 * spread + 1e-9).all(), \
        (estimates.mean(axis=0), truth)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["4x15", "hexiamonds-4x9", "soma"])
def test_intervals_hold_the_truth_at_the_stated_rate(name):
    _coverage(name)


@pytest.mark.slow
def test_intervals_hold_the_truth_on_6x10():
    _coverage("6x10")


@pytest.mark.slow
@pytest.mark.parametrize("name,known", [("solid-pentominoes-3x4x5", 3940), ("one-sided-5x18", 686_628)])
def test_intervals_hold_heavy_tailed_counts_at_the_stated_rate(name, known):
    """Counts carried by rare probes of large weight: on 3x4x5 most seeds of 2,000 probes reach no
    solution at all, and the estimates of 5x18 with 20,000 probes range from half the truth to
    four times it. Their intervals hold the truth at the stated rate with 2,000 probes and with
    20,000, in every column."""
    path = PUZZLES / f"{name}.toml"
    solver = Solver(Puzzle.load(path if path.exists() else name), "full", counting=True)
    c = runner.count(solver, jobs=2, method="search")
    assert c.by_mode["full"] == known
    truth = np.array([c.nodes, c.by_mode["full"], c.by_mode["rotations"], c.by_mode["none"]], dtype=float)
    held, _ = _held(solver, truth, [2000, 20000])
    assert all((h >= COVERAGE_FLOOR).all() for h in held.values()), \
        f"{held} of {SEEDS} intervals held the truth (by probes: nodes, counts)"


def test_a_count_no_probe_reached_has_a_real_upper_end():
    """3x4x5 with 2,000 probes, seed 3: no probe reaches a solution. The estimate is 0, but the
    interval's upper end is the rule of three's bound, above the 3,940 solutions (7,880 up to
    rotations, 31,520 tilings), never "0 to 0"."""
    est = E.estimate(Puzzle.load("solid-pentominoes-3x4x5"), 2000, seed=3, calibration=0.0)
    assert not est.exact and est.full.estimate == 0
    assert (est.full.low, est.rotations.low, est.none.low) == (0, 0, 0)
    assert est.full.high >= 3940 and est.rotations.high >= 7880 and est.none.high >= 31520
    assert est.rotations.high == 2 * est.full.high and est.none.high == 8 * est.full.high
    result = run("estimate", "solid-pentominoes-3x4x5", "--samples", "2000", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "(95%: 0 to 0)" not in result.stdout
    assert result.stdout.splitlines()[2].startswith("about 0 solutions up to symmetry (95%: 0 to ")


def test_the_upper_end_grows_by_the_largest_term():
    """The unseen tail: the upper end is Hall's, plus TAIL times the most one probe added."""
    plain = E.interval(100.0, 10.0, 0.5)
    wider = E.interval(100.0, 10.0, 0.5, top=3.0)
    assert wider.low == plain.low and wider.estimate == plain.estimate == 100.0
    assert wider.high == pytest.approx(plain.high + E.TAIL * 3.0)
    assert E.TAIL == pytest.approx(-np.log(0.025) * 3.0)


# -- (c) a seed repeats the estimate -------------------------------------------------------------
def test_a_seed_gives_the_same_estimate():
    puzzle = Puzzle.load("6x10")
    rng_a, rng_b = P.seed_word(7), P.seed_word(7)
    solver = Solver(puzzle, "full", counting=True)
    a, _ = P.probe(solver.packed, 2000, cut=P.choose_cut(solver.packed, rng_a), rng=rng_a)
    b, _ = P.probe(solver.packed, 2000, cut=P.choose_cut(solver.packed, rng_b), rng=rng_b)
    c, _ = P.probe(solver.packed, 2000, seed=8)
    assert np.array_equal(a, b)
    assert not np.array_equal(a[:, :4], c[:, :4])
    first = E.estimate(puzzle, 2000, seed=3, calibration=0.0)
    second = E.estimate(puzzle, 2000, seed=3, calibration=0.0)  # the time differs; the rest must not
    assert (first.nodes, first.solutions) == (second.nodes, second.solutions)
    assert not first.exact and first.samples == 2000


# -- (d) the CLI ---------------------------------------------------------------------------------
def test_cli_estimate_json(monkeypatch):
    monkeypatch.setattr(E, "CALIBRATION_SECONDS", 0.0)  # so 6x10 is estimated, not counted
    result = run("estimate", "6x10", "--samples", "3000", "--seed", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"nodes", "solutions", "seconds", "samples", "method", "memo_seconds", "memo_exact",
                         "memo_at_least", "reason"} and data["reason"] is None
    assert (data["method"], data["memo_seconds"], data["memo_exact"]) == ("search", None, False)
    assert set(data["solutions"]) == {"full", "rotations", "none"}
    for iv in [data["nodes"], data["seconds"], *data["solutions"].values()]:
        assert set(iv) == {"estimate", "low", "high"}
        assert all(isinstance(x, (int, float)) for x in iv.values())
        assert 0 <= iv["low"] <= iv["estimate"] <= iv["high"]
    assert data["samples"] == 3000
    assert data["nodes"]["low"] < 1167731 < data["nodes"]["high"]


def test_cli_estimate_summary(monkeypatch):
    monkeypatch.setattr(E, "CALIBRATION_SECONDS", 0.0)
    result = run("estimate", "6x10", "--samples", "3000", "--seed", "1")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "12 pentominoes, 6x10: estimated from 3,000 random probes of the search tree"
    assert lines[1].startswith("about 1.") and lines[1].endswith("million)") and "nodes (95%: " in lines[1]
    assert "solutions up to symmetry" in lines[2]
    assert lines[5].startswith("about ") and " s on one core of this machine (95%: " in lines[5]


@pytest.mark.parametrize("args", [["estimate", "no-such-puzzle"],
                                  ["estimate", "6x10", "--samples", "1"],
                                  ["estimate", "6x10", "--seed", "-1"],
                                  ["estimate", "6x10", "--samples", "x"]])
def test_cli_estimate_errors_exit_2(args):
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = [ln for ln in result.stderr.splitlines() if ln.strip() and not ln.startswith("compiling")]
    assert len(lines) == 1 and lines[0].startswith("pentomino: error: ")


# -- (e) a search that ends while timing it gives exact figures ----------------------------------
def test_quick_search_gives_exact_figures():
    puzzle = Puzzle.load("3x20")
    est = puzzle.estimate(seed=1)
    assert est.exact and est.samples == 0
    figures = (est.nodes.estimate, est.full.estimate, est.rotations.estimate, est.none.estimate)
    assert figures == (1902, 2, 4, 8)
    for iv in (est.nodes, est.seconds, *est.solutions.values()):
        assert iv.low == iv.estimate == iv.high
    result = run("estimate", "3x20", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["solutions"]["none"] == {"estimate": 8, "low": 8, "high": 8} and data["samples"] == 0
    assert "exact" in run("estimate", "3x20").stdout


def test_summary_says_when_count_takes_the_memo_method(tmp_path):
    path = tmp_path / "dominoes.toml"
    path.write_text(DOMINOES_4X6, encoding="utf-8")
    result = run("estimate", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1].startswith(
        "1,154 nodes, 98 solutions up to symmetry, 152 up to rotations, 281 tilings (")
    assert "memoised method" in result.stdout.splitlines()[2]
    assert "memoised" not in run("estimate", "3x20").stdout


def test_bad_arguments_are_puzzle_errors():
    from pentomino.errors import PuzzleError

    with pytest.raises(PuzzleError):
        Puzzle.load("6x10").estimate(samples=1)
    with pytest.raises(PuzzleError):
        Puzzle.load("6x10").estimate(seed=-2)


def test_the_progress_forecast_is_the_estimate_of_the_nodes():
    from pentomino.search.estimate import Forecast

    forecast = Forecast(Puzzle.load("5x12"), samples=2000)
    forecast.close(timeout=120)
    assert forecast.nodes is not None
    total = runner.count(Solver(Puzzle.load("5x12"), counting=True), jobs=1).nodes
    low, high = forecast.nodes.low, forecast.nodes.high
    assert low <= total <= high
    assert forecast.fraction(0) == 0.0
    assert forecast.fraction(total // 2) == pytest.approx(total / 2 / forecast.nodes.estimate, rel=1e-9)
    assert forecast.fraction(10 * total) == 0.99  # never "done" before the count says so
    assert forecast.shares(total // 2) == pytest.approx((total / 2 / high, min(total / 2 / low, 0.99)))
    assert forecast.shares(math.ceil(high)) is None  # past the interval: no share to tell
    # The time left: none until the speed is known over SPEED_WINDOW seconds, then the nodes to
    # come by the interval's upper end at the slower speed of the window's two halves, while
    # the two agree within SPEED_STEADY.
    half, step = E.SPEED_WINDOW / 2, total // 8
    assert E.SPEED_STEADY == 2.0
    assert forecast.seconds_left(0, 100.0) is None
    assert forecast.seconds_left(step, 100.0 + half) is None
    assert forecast.seconds_left(2 * step, 100.0 + 2 * half) == pytest.approx((high - 2 * step) / (step / half))
    # 1.5 times as fast in the last half: the slower half's speed
    assert forecast.seconds_left(3.5 * step, 100.0 + 3 * half) == pytest.approx(
        (high - 3.5 * step) / (step / half))
    assert forecast.seconds_left(7.5 * step, 100.0 + 4 * half) is None  # 1.5 then 4 steps: unsteady
    assert forecast.seconds_left(7.5 * step, 100.0 + 5 * half) is None  # no node in the last half
    assert forecast.seconds_left(math.ceil(high), 100.0 + 6 * half) is None  # past the upper end too


def test_a_puzzle_proved_impossible_is_estimated_at_once_with_the_reason():
    # the 35 hexominoes in 15x14: the probes' tree is huge and has no leaf, the checkerboard says so
    from pentomino import Puzzle

    board = "\n".join("." * 14 for _ in range(15))
    puzzle = Puzzle.from_toml(f'pieces = "hexominoes"\nboard = """\n{board}\n"""\n')
    result = puzzle.estimate(samples=100, seed=1)
    assert result.exact and result.full.estimate == result.nodes.estimate == 0
    assert result.reason == puzzle.no_solution_proof().reason and result.to_json()["reason"] == result.reason
