"""The method a count takes (pentomino.search.choice): ``--method`` and its errors, the choice on
puzzles where one method is clearly the better, read from quantities that do not depend on the
clock (work, nodes, states: never a time), the same choice in every process, and the same count
by every method, from wherever the trials left it."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import naive
from pentomino import OptionError, Puzzle, api
from pentomino.search import choice, memo, runner
from pentomino.search.solver import Solver
from test_cli import error_line, run

BENCH = Path(__file__).parent.parent / "bench" / "puzzles"
STAIRCASE = str(BENCH / "staircase-55.toml")


def rect(rows: int, cols: int, copies: dict[str, str]) -> Puzzle:
    """A rectangle and built-in pieces with the given copies (e.g. {"I2": '"any"'})."""
    names = ", ".join(f'"{name}"' for name in copies)
    lines = "\n".join(f"{name} = {value}" for name, value in copies.items())
    board = "\n".join("." * cols for _ in range(rows))
    return Puzzle.from_toml(f'pieces = [{names}]\nboard = """\n{board}\n"""\n[copies]\n{lines}\n')


def counting(puzzle: Puzzle, symmetry: str = "full") -> Solver:
    return Solver(puzzle, symmetry, counting=True)


# -- --method and its errors -----------------------------------------------------------------------
@pytest.mark.parametrize("method", ["auto", "search", "memo"])
def test_count_takes_the_method_asked_for(method):
    result = run("count", "dominoes-8x8", "--method", method, "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["count"], data["method"]) == (1629189, "search" if method == "search" else "memo")


@pytest.mark.parametrize("args, words", [
    (("count", "6x10", "--method", "fast"),
     "--method must be one of auto, search, memo, not 'fast' (see `pentomino count --help`)"),
    (("count", "6x10", "--method", "memo", "--max", "2"), "--method and --max do not go together"),
    (("count", "6x10", "--method", "memo", "--checkpoint", "x.db"), "--method and --checkpoint do not go together"),
    (("check", "6x10", "--method", "memo"), "--method and --count go together with method 'memo'"),
    (("check", "6x10", "--count", "--method", "Memo"), "--method must be one of auto, search, memo, not 'Memo'"),
    (("estimate", "6x10", "--method", "both"), "--method must be one of auto, search, memo, not 'both'"),
])
def test_method_errors_are_the_librarys_in_the_command_lines_words(tmp_path, monkeypatch, args, words):
    monkeypatch.chdir(tmp_path)
    line = error_line(run(*args))
    assert line.startswith("pentomino: error: ") and words in line, line
    assert not (tmp_path / "x.db").exists()


def test_the_library_checks_the_method_once_in_its_own_words():
    p = Puzzle.load("4x15")
    for call in (lambda: p.count_detail(method="fast"), lambda: p.counting_method(method="fast"),
                 lambda: p.estimate(method="fast"), lambda: p.check(count=True, method="fast")):
        with pytest.raises(OptionError, match="method must be one of auto, search, memo, not 'fast'"):
            call()
    with pytest.raises(OptionError, match="method and count go together with method 'memo'"):
        p.check(method="memo")


def test_check_counts_by_the_method_asked_for():
    for method in ("auto", "search", "memo"):
        result = run("check", "4x15", "--count", "--method", method, "--json")
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout)["solutions"] == 368


# -- the choice, from work and not from the clock ------------------------------------------------
def test_a_memoised_count_that_its_trial_finishes_is_taken_and_not_counted_again(monkeypatch):
    """Dominoes on 8x8: the memoised count's first trial counts the whole puzzle, in a few
    thousand units of work (the search's tree has 70 million nodes), and the count is that."""
    sweeps = []
    real_step = memo.FrontierCount.step
    monkeypatch.setattr(memo.FrontierCount, "step",
                        lambda self, budget: sweeps.append(budget) or real_step(self, budget))
    chosen = choice.choose(counting(Puzzle.load("dominoes-8x8")))
    assert (chosen.method, chosen.finished) == ("memo", "memo")
    assert chosen.memo_trial is not None and chosen.memo_trial.done
    assert chosen.memo_trial.work < choice.CHOICE_MEMO_WORK
    trial = len(sweeps)
    choice.forget()
    sweeps.clear()
    result = runner.count(counting(Puzzle.load("dominoes-8x8")))
    assert (result.method, result.count, result.by_mode["none"]) == ("memo", 1629189, 12988816)
    assert len(sweeps) == trial  # the trial's sweeps, and not one more: the count did not start again


def test_a_search_that_its_trial_finishes_is_taken():
    """4x15: every piece once, the X breaks the symmetry: the search's trial (2 million nodes at
    most) finishes the count, 103,636 nodes, and neither the memoised count nor a probe runs."""
    chosen = choice.choose(counting(Puzzle.load("4x15")))
    assert (chosen.method, chosen.finished) == ("search", "search")
    assert chosen.tally is not None and chosen.tally.finished and chosen.tally.totals[0] == 100120
    assert chosen.memo_ns is None and chosen.search_ns is None


def test_a_small_search_after_the_memos_first_trial_is_the_count():
    """The five tetrominoes twice each in 5x8: copies, so the memoised count goes first, but it
    does not end within its first trial; the search's tree (99,000 nodes) ends within the short
    search that follows, and that is the count: the nodes and parts of a search alone."""
    puzzle = rect(5, 8, {name: "2" for name in ("I4", "L4", "O4", "S4", "T4")})
    chosen = choice.choose(counting(puzzle))
    assert (chosen.method, chosen.finished) == ("search", "search")
    assert 0 < chosen.memo_work and chosen.tally is not None and chosen.tally.finished
    assert chosen.tally.totals[0] < choice.CHOICE_SMALL_SEARCH_NODES
    choice.forget()
    auto, alone = runner.count(counting(puzzle)), runner.count(counting(puzzle), method="search")
    assert (auto.method, auto.by_mode, auto.nodes, auto.parts) == ("search", alone.by_mode, alone.nodes, alone.parts)


def test_the_staircase_whose_pieces_are_used_at_most_once_is_searched():
    """The staircase of 55 cells with each pentomino 0 or 1 times: no piece must be used, so none
    breaks the symmetry, and the old rule took the memoised count (its layers grow to 250,000
    states: 0.5 s). No piece has copies: the search's trial goes first and finishes the count
    (1,522,474 nodes, 0.1 s)."""
    solver = counting(Puzzle.load(STAIRCASE))
    assert solver.packed.check_all  # no piece breaks the symmetry: the old rule took the memo
    chosen = choice.choose(solver)
    assert (chosen.method, chosen.finished, chosen.memo_work) == ("search", "search", 0)
    assert chosen.tally is not None and chosen.tally.totals[0] == 1522474


def test_a_memoised_count_whose_states_blow_up_loses_to_a_small_tree():
    """Conway's 5x5x5: 13 bricks, so states may repeat, and the memoised count is tried first; but
    its layers grow by half again a cell (21 million states, 2.7 GB, minutes), while the search's
    tree has 19 million nodes (4 s). The trial's work prices the memoised count above the
    search, and gives it up at once: within its first 2 million units of work, a few layers in."""
    solver = counting(Puzzle.load(str(BENCH / "conway-5x5x5.toml")))
    chosen = choice.choose(solver)
    assert chosen.method == "search" and chosen.finished is None
    assert chosen.search_ns is not None and chosen.memo_ns is not None
    assert chosen.memo_ns > choice.CHOICE_GIVE_UP * chosen.search_ns
    assert choice.CHOICE_MEMO_WORK < chosen.memo_work <= 1 << 21
    # The search's price is read from its tree, estimated: 19,068,826 nodes in truth.
    assert 0.5 < choice.search_tree_nodes(solver) / 19068826 < 2


def test_a_search_whose_tree_is_huge_loses_to_settled_states(monkeypatch):
    """Dominoes and L-trominoes on 10x10, the trial's shortcuts turned off so that it goes the
    whole way: the memoised count's layers settle (each as costly as the last few), the search's
    tree has billions of nodes, and the memoised count is taken before it is finished."""
    monkeypatch.setattr(choice, "CHOICE_MEMO_WORK", 256)
    monkeypatch.setattr(choice, "CHOICE_QUICK_NS", 0)
    solver = counting(rect(10, 10, {"I2": '"any"', "L3": '"any"'}), "none")
    chosen = choice.choose(solver)
    assert (chosen.method, chosen.finished) == ("memo", None)
    assert chosen.memo_trial is not None and not chosen.memo_trial.done
    assert chosen.memo_trial.forecast().settled
    assert chosen.search_ns is not None and chosen.memo_ns is not None
    assert chosen.search_ns > choice.CHOICE_MARGIN * chosen.memo_ns
    assert choice.search_tree_nodes(solver) > 1e9


@pytest.mark.parametrize("rows, cols, copies", [(12, 12, {"I2": '"any"'}), (10, 14, {"I2": '"any"', "L3": '"any"'}),
                                                (8, 16, {"L4": '"any"', "O4": '"any"'})])
def test_the_plateau_prices_a_rectangles_memoised_count_from_its_first_layers(rows, cols, copies):
    """Once settled, the trial's prediction of the identity's whole work (in units, not time) is
    within a factor 1.5 of the work the count does."""
    solver = counting(rect(rows, cols, copies), "none")
    trial = choice.MemoTrial(solver)
    while not trial.advance(max(trial.work, 256)) and not trial.forecast().settled:
        pass
    (counter,) = trial.counters.values()
    assert not counter.done and counter.layer < counter.n / 2
    predicted = counter.work + choice._term_forecast(counter).left
    whole = choice.MemoTrial(solver)
    assert whole.advance(10 ** 12)
    assert 1 / 1.5 < predicted / whole.work < 1.5


def test_the_price_of_memo_work_grows_with_its_tables_and_the_options_a_state_tries():
    prices = [choice.memo_ns_per_unit(b) for b in (1, 1 << 20, 8 << 20, 64 << 20, 256 << 20, 1 << 30, 1 << 40)]
    assert prices == sorted(prices) and prices[0] == prices[1] == 12 and prices[-2] == prices[-1] == 250
    assert prices[3] == 50
    assert choice.memo_ns_per_unit(64 << 20, fan=32) == 150  # 6x10's options, 64 MB


def test_what_only_the_search_does_is_never_tried():
    solver = counting(Puzzle.load("dominoes-8x8"))
    for kwargs in ({"max": 5}, {"outside": True}):
        chosen = choice.choose(solver, **kwargs)
        assert (chosen.method, chosen.memo_trial, chosen.tally) == ("search", None, None)
    assert choice.choose(counting(Puzzle.load("6x10")), "memo").method == "memo"
    listing = Solver(Puzzle.load("dominoes-8x8"), "full")
    assert choice.choose(listing).method == "search"


def test_a_choice_is_remembered_so_asking_before_the_count_costs_one_choice(monkeypatch):
    calls = []
    real = choice._trials
    monkeypatch.setattr(choice, "_trials", lambda *a: calls.append(a) or real(*a))
    p = Puzzle.load(STAIRCASE)
    assert p.counting_method() == "search"
    assert p.count_detail().count == 580
    assert p.counting_method("full") == "search"
    assert len(calls) == 1
    assert p.counting_method("none") == "search" and len(calls) == 2  # another mode, another choice


CHOOSE = textwrap.dedent("""
    import json, sys
    from pentomino import Puzzle
    from pentomino.search import choice
    from pentomino.search.solver import Solver
    c = choice.choose(Solver(Puzzle.load(sys.argv[1]), "full", counting=True))
    print(json.dumps([c.method, c.why, c.search_ns, c.memo_ns]))
""")


@pytest.mark.parametrize("name", [str(BENCH / "conway-5x5x5.toml"), str(BENCH / "L4-O4-4x12.toml")])
def test_every_process_makes_the_same_choice_with_the_same_figures(name):
    """The choice reads no clock: a process of its own, on another core, at another load,
    prices both methods exactly as this one does."""
    here = choice.choose(counting(Puzzle.load(name)))
    there = subprocess.run([sys.executable, "-c", CHOOSE, name], capture_output=True, text=True, check=True)
    assert json.loads(there.stdout) == [here.method, here.why, here.search_ns, here.memo_ns]


# -- every method, the same count ----------------------------------------------------------------
SMALL = [
    (rect(3, 4, {"I1": '"any"', "I2": '"any"'}), ["I1", "I2"]),
    (rect(4, 4, {"I2": "8"}), ["I2"]),
    (rect(4, 6, {"L3": '"any"', "I2": "[1, 3]"}), ["L3", "I2"]),
    (rect(3, 5, {"I1": "[0, 2]", "L3": '"any"', "I2": '"any"'}), ["I1", "L3", "I2"]),
]


@pytest.mark.parametrize("puzzle, names", SMALL)
def test_every_method_counts_what_the_reference_counts(puzzle, names):
    spec = [(pc.piece.name, set(pc.piece.cells), pc.min, pc.max if pc.max is not None else len(puzzle.board))
            for pc in puzzle.pieces]
    want = naive.counts(set(puzzle.board), spec, False)
    for method in ("auto", "search", "memo"):
        for mode in ("full", "rotations", "none"):
            assert api.count(puzzle, mode, method=method).count == want[mode], (method, mode)


def test_a_search_chosen_after_its_trial_goes_on_from_the_trials_parts(monkeypatch):
    """The search's trial stopped early (a budget of 1,000 nodes): the count goes on from the parts
    it searched, and gives the count, and the nodes, of a count by the search alone."""
    monkeypatch.setattr(choice, "CHOICE_SEARCH_NODES", 1000)
    solver = counting(Puzzle.load("5x12"))
    chosen = choice.choose(solver)
    assert chosen.method == "search" and chosen.finished is None
    assert chosen.tally is not None and 0 < chosen.tally.done and not chosen.tally.finished
    choice.forget()
    # Every search started, by the trial or the count (root parts are searched unnamed, the
    # others through count_part: both start the kernel here), by the placements it puts down.
    searched: list[tuple[int, ...]] = []
    real_start = Solver.start
    monkeypatch.setattr(Solver, "start", lambda self, prefix=(), **k: searched.append(prefix)
                        or real_start(self, prefix, **k))
    auto = runner.count(counting(Puzzle.load("5x12")))
    by_auto = sorted(searched)
    searched.clear()
    alone = runner.count(counting(Puzzle.load("5x12")), method="search")
    assert (auto.method, auto.count, auto.nodes, auto.parts) == ("search", 1010, alone.nodes, alone.parts)
    assert by_auto == sorted(searched) and len(set(by_auto)) == len(by_auto)  # no part searched twice
    assert len(by_auto) >= alone.parts > 1


def test_a_memoised_count_chosen_mid_trial_goes_on_from_the_trials_layers(monkeypatch):
    """The memoised count taken before its trial finished (see above): the count goes on from the
    layers the trial counted, to the count, and the nodes, of a memoised count alone."""
    monkeypatch.setattr(choice, "CHOICE_MEMO_WORK", 256)
    monkeypatch.setattr(choice, "CHOICE_QUICK_NS", 0)
    counters: dict[int, memo.FrontierCount] = {}  # every term's count that stepped (kept: ids stay unique)
    real_step = memo.FrontierCount.step

    def step(self, budget):
        counters[id(self)] = self
        return real_step(self, budget)

    monkeypatch.setattr(memo.FrontierCount, "step", step)
    puzzle = rect(10, 10, {"I2": '"any"', "L3": '"any"'})
    auto = runner.count(counting(puzzle))
    auto_work = (sum(c.work for c in counters.values()), len(counters))
    counters.clear()
    alone = runner.count(counting(puzzle), method="memo")
    assert auto.method == "memo"
    assert (auto.by_mode, auto.nodes, auto.parts) == (alone.by_mode, alone.nodes, alone.parts)
    assert auto_work == (sum(c.work for c in counters.values()), len(counters))  # no work, no term, twice


def test_a_memory_limit_the_memoised_count_cannot_keep_sends_auto_to_the_search(monkeypatch):
    """The staircase's memoised count (its search's trial cut short) outgrows 1 MB at once; the
    search needs no tables."""
    monkeypatch.setattr(choice, "CHOICE_SEARCH_NODES", 1000)
    result = Puzzle.load(STAIRCASE).count_detail(max_memory=1 << 20)
    assert (result.method, result.count) == ("search", 580)


# -- what estimate says --------------------------------------------------------------------------
def test_estimate_names_the_method_count_takes_and_its_time():
    memo_taken = run("estimate", "dominoes-8x8", "--seed", "1")
    assert memo_taken.exit_code == 0, memo_taken.stderr
    last = memo_taken.stdout.splitlines()[-1]
    assert last.startswith("count takes the memoised method: ")
    assert last.endswith("(its trial counted the whole puzzle)")
    assert "for the enumerating search on one core" in memo_taken.stdout
    conway = str(BENCH / "conway-5x5x5.toml")
    search_taken = run("estimate", conway, "--samples", "1000", "--json")
    data = json.loads(search_taken.stdout)
    assert (data["method"], data["memo_exact"], data["memo_at_least"]) == ("search", False, True)
    assert data["memo_seconds"] > choice.CHOICE_GIVE_UP * data["seconds"]["estimate"]  # as the prices weighed
    text = run("estimate", conway, "--samples", "1000").stdout.splitlines()[-1]
    assert text.startswith("count takes the enumerating search; the memoised method would take at least ")
    searched = json.loads(run("estimate", STAIRCASE, "--json").stdout)  # its trial counted it: memo untried
    assert (searched["method"], searched["memo_seconds"]) == ("search", None)
    asked = json.loads(run("estimate", STAIRCASE, "--method", "memo", "--json").stdout)
    assert asked["method"] == "memo" and asked["memo_seconds"] > 0
    plain = json.loads(run("estimate", "dominoes-8x8", "--method", "search", "--seed", "1", "--json").stdout)
    assert (plain["method"], plain["memo_seconds"]) == ("search", None)
