"""The README against the program, so that neither drifts from the other:

* the synopsis block of "Command line" against each command's real ``--help``;
* the ``console`` examples, run in-process, against what the commands print now (each example
  is either run, or skipped for a stated reason);
* the "Library" section, run as a doctest.
"""

from __future__ import annotations

import doctest
import math
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import click
import pytest

from pentomino.cli import main
from pentomino.search import runner
from test_cli import COMPILE_NOTICE, run

README = Path(__file__).resolve().parent.parent / "README.md"
TEXT = README.read_text(encoding="utf-8")


def section(title: str) -> str:
    """The text of the README's "## title" section, up to the next "## " heading."""
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", TEXT, re.M | re.S)
    assert match, f"README has no section '## {title}'"
    return match.group(1)


def fenced(text: str, info: str) -> list[str]:
    """The fenced blocks of ``text`` whose info string is ``info`` ("" for none)."""
    return re.findall(rf"^```{re.escape(info)}\n(.*?)^```$", text, re.M | re.S)


# -- (a) the synopsis against --help --------------------------------------------------------------
# The rule: for every command of `pentomino --help` the synopsis has one entry (a line that starts
# with "pentomino COMMAND", and the indented lines after it; a "#" starts a comment). The entry
# names the command's arguments as its usage line does, right after the command; and the options
# it names (outside comments) are exactly those of the command's --help but -h/--help, each by
# its long name. An option that takes a value shows one after it (a choice: its choices joined by
# "|", or "..."); a flag shows none.


def synopsis() -> dict[str, str]:
    """Each command's synopsis entry, comments removed."""
    (block,) = fenced(section("Command line"), "")[:1]
    entries: dict[str, str] = {}
    name = None
    for line in block.splitlines():
        code = line.split("#", 1)[0].rstrip()
        head = re.match(r"pentomino (\w+)", line)
        if head:
            name = head.group(1)
            assert name not in entries, f"two synopsis entries for {name}"
            entries[name] = code[head.end():]
        elif line.startswith(" ") and name is not None:
            entries[name] += " " + code.strip()
        else:
            assert not code.strip(), f"a synopsis line outside any entry: {line!r}"
    return entries


def help_text(*command: str) -> str:
    result = run(*command, "--help")
    assert result.exit_code == 0, result.stderr
    return result.stdout


@dataclass
class HelpOption:
    names: list[str]
    takes_value: bool
    choices: list[str] | None = None


def help_options(command: str) -> list[HelpOption]:
    """The options that ``pentomino COMMAND --help`` lists (but -h/--help)."""
    text = help_text(command)
    listing = text.split("\nOptions:\n", 1)[1]
    options = []
    for line in listing.splitlines():
        if not line.startswith("  -"):
            continue  # a description's next line, or the examples
        head = re.split(r"\s{2,}", line.strip(), maxsplit=1)[0]
        names = re.findall(r"(?:^|, )(--?[\w-]+)", head)
        value = head.split(names[-1], 1)[1].strip()
        choice = re.fullmatch(r"\[([\w|-]+)\]", value)
        options.append(HelpOption(names, bool(value), choice.group(1).split("|") if choice else None))
    return [o for o in options if "--help" not in o.names]


def commands_in_help() -> list[str]:
    listing = help_text().split("\nCommands:\n", 1)[1]
    return [m.group(1) for m in re.finditer(r"^  (\w+)\s", listing, re.M)]


def test_the_synopsis_has_an_entry_for_every_command():
    assert sorted(synopsis()) == sorted(commands_in_help())


def test_the_help_parser_reads_what_click_declares():
    """The rule reads --help as text; here that reading is checked against the options the
    commands declare, so that a change of layout cannot empty what is compared."""
    for name in commands_in_help():
        declared = sorted(sorted(p.opts + p.secondary_opts) for p in main.commands[name].params
                          if isinstance(p, click.Option) and "--help" not in p.opts)
        assert sorted(sorted(o.names) for o in help_options(name)) == declared, name


@pytest.mark.parametrize("command", sorted(synopsis()))
def test_the_synopsis_names_the_arguments_of_the_usage_line(command):
    usage = help_text(command).splitlines()[0]
    arguments = usage.split("[OPTIONS]", 1)[1].split()
    assert synopsis()[command].split()[:len(arguments)] == arguments, (usage, synopsis()[command])


@pytest.mark.parametrize("command", sorted(synopsis()))
def test_the_synopsis_has_the_options_of_help(command):
    tokens = synopsis()[command].replace("[", " ").replace("]", " ").split()
    named = {t: i for i, t in enumerate(tokens) if re.fullmatch(r"--?[a-z][\w-]*", t)}
    options = help_options(command)
    by_name = {n: o for o in options for n in o.names}
    assert [t for t in named if t not in by_name] == [], f"the synopsis of {command} names options it lacks"
    for option in options:
        long_name = max(option.names, key=len)
        assert long_name in named, f"{command} {long_name} is not in the README's synopsis"
        after = tokens[named[long_name] + 1] if named[long_name] + 1 < len(tokens) else "|"
        shows_value = not (after.startswith("-") or after == "|")
        assert shows_value == option.takes_value, (command, long_name, after)
        if option.choices is not None:
            assert after in ("|".join(option.choices), "..."), (command, long_name, after, option.choices)


# -- (b) the console examples -----------------------------------------------------------------------
def console_examples() -> list[tuple[str, str]]:
    """(command, output) for each "$ " line of the README's console blocks, in order."""
    examples = []
    for block in fenced(TEXT, "console"):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            examples.append((command.strip(), output))
    return examples


@dataclass
class Example:
    """How to run a README example here."""

    masks: list[tuple[str, str]] = field(default_factory=list)
    """(pattern, replacement) applied to the README's output and to the program's: the fields that
    differ from run to run."""
    setup: Callable[[Path], None] | None = None
    """Makes the files the example needs, in the folder it runs in."""


def _another_puzzles_checkpoint(folder: Path) -> None:
    """run.db: the checkpoint of the 3x4x5 solid pentominoes that the README's `count 6x10
    --checkpoint run.db` meets (created, never counted: the refusal does not look further)."""
    from pentomino import Puzzle
    from pentomino.search.checkpoint import Checkpoint

    Checkpoint.create(folder / "run.db", Puzzle.load("solid-pentominoes-3x4x5")).close()


def _mutilated_chessboard(folder: Path) -> None:
    """mutilated.toml: 31 dominoes on an 8x8 board without two opposite corners."""
    rows = ["." * 8 for _ in range(8)]
    rows[0], rows[7] = " " + rows[0][1:], rows[7][:7] + " "
    (folder / "mutilated.toml").write_text('pieces = "domino"\nboard = """\n' + "\n".join(rows)
                                           + '\n"""\n[copies]\nI2 = 31\n', encoding="utf-8")


SECONDS = (r'"seconds": [0-9.e-]+', '"seconds": <seconds>')

RUN = {
    "pentomino count": Example(),
    "pentomino count --symmetry rotations": Example(),
    "pentomino count --symmetry none --json": Example([SECONDS]),
    "pentomino count 6x10 --checkpoint run.db": Example(setup=_another_puzzles_checkpoint),
    "pentomino count 7x9": Example(),
    "pentomino list": Example(),
    "pentomino solve a-puzzle-a-day --date 2026-11-26 --format text": Example(),
    "pentomino count a-puzzle-a-day --date 2026-11-26": Example(),
    "pentomino count a-puzzle-a-day --each-date --quiet | tail -1": Example(),
    "pentomino count soma": Example(),
    "pentomino count 3x20 --wrap columns": Example(),
    "pentomino count 3x20 --wrap columns --symmetry none": Example(),
    "pentomino count 6x10 --wrap columns": Example(),
    "pentomino count 6x10 --rule no-four-corners": Example(),
    "pentomino count 6x10 --rule fault-free --symmetry none": Example(),
    "pentomino solve 6x10 --rule no-four-corners --format text": Example(),
    "pentomino check dominoes-8x8 --rule no-four-corners --rule fault-free": Example(),
    "pentomino solve kanoodle-pyramid --format text   # the layers z = 0 .. 4 side by side": Example(),
    "pentomino count kanoodle-pyramid": Example(),
    "pentomino solve hexiamonds-6x6 --format text": Example(),
    "pentomino solve tetrahexes-4x7 --format text    # hexagons: each row half a cell further right": Example(),
    "pentomino solve soma --format text              # the layers z = 0, 1, 2 side by side": Example(),
    "pentomino show scott-finish | head -10": Example(),
    "pentomino count scott-finish --symmetry none": Example(),
    "pentomino check tetrominoes-4x5": Example(),
    "pentomino check mutilated.toml        # 31 dominoes, a chessboard without two opposite corners":
        Example(setup=_mutilated_chessboard),
    "pentomino check scott-finish": Example(),
    "pentomino check 4x15": Example(),
    "pentomino check 4x15 --count --json": Example([SECONDS]),
    "pentomino count dominoes-8x8 --symmetry none --json": Example([SECONDS]),
    "pentomino count 6x10 --method fast": Example(),
}

SKIP = {
    "pentomino estimate 6x10": "timed: exact only if the search ends while its speed is measured, "
                               "and its last figure is this machine's time",
    "pentomino estimate bench/puzzles/pentominoes-L4-O4-6x12.toml --seed 1":
        "timed: the seconds (and their interval) are this machine's",
    "pentomino estimate bench/puzzles/conway-5x5x5.toml --seed 1":
        "timed: the seconds (and their interval, and the memoised count's) are this machine's",
    "pentomino estimate dominoes-8x8 --seed 1": "timed: the seconds are this machine's",
    "pentomino count solid-pentominoes-3x4x5 --checkpoint run.db": "stopped by a Ctrl-C at a moment of its own",
    "pentomino status run.db": "reads the checkpoint the interrupted count left, at its moment",
    "pentomino resume run.db --jobs 2": "long: the whole 3x4x5 count, seconds on two cores",
    "dask scheduler                          # on one machine: prints its address, tcp://10.0.0.1:8786":
        "not pentomino: a Dask command, on a cluster of machines",
    "dask worker tcp://10.0.0.1:8786         # on each of the others (one process, a thread per core)":
        "not pentomino: a Dask command, on a cluster of machines",
    "pentomino count bench/puzzles/one-sided-5x18.toml --scheduler tcp://10.0.0.1:8786 --checkpoint run.db":
        "needs a Dask cluster of several machines, and hours",
    "dask scheduler --no-dashboard &": "not pentomino: starts a Dask scheduler",
    "dask worker tcp://127.0.0.1:8786 --nworkers 2 --nthreads 1 --no-dashboard &":
        "not pentomino: starts Dask workers",
    "pentomino count solid-pentominoes-3x4x5 --scheduler tcp://127.0.0.1:8786 --checkpoint run.db --stats":
        "needs a running Dask scheduler; long, and its time is this machine's",
    "pentomino count 6x10 --scheduler tcp://127.0.0.1:9": "waits 5 s for a scheduler that is not there",
    "pentomino serve": "runs until stopped",
}


def test_every_console_example_is_run_or_skipped_for_a_reason():
    commands = {command for command, _ in console_examples()}
    assert not set(RUN) & set(SKIP)
    assert sorted(commands - set(RUN) - set(SKIP)) == [], "a README example neither run nor skipped"
    assert sorted((set(RUN) | set(SKIP)) - commands) == [], "no longer in the README"


def _masked(text: str, masks: list[tuple[str, str]]) -> str:
    for pattern, replacement in masks:
        text = re.sub(pattern, replacement, text)
    return text


def _run_example(command: str, folder: Path) -> str:
    """What ``command`` (pentomino, maybe piped into `head -N`) prints, stdout and stderr in the
    order a terminal shows them (click >= 8.2 keeps that order in ``output``)."""
    pipeline = [shlex.split(part, comments=True) for part in command.split("|")]
    args = pipeline[0]
    assert args[0] == "pentomino"
    result = run(*args[1:])
    lines = result.output.splitlines(keepends=True)
    lines = [ln for ln in lines if not ln.startswith(COMPILE_NOTICE)]
    for stage in pipeline[1:]:
        assert stage[0] in ("head", "tail") and re.fullmatch(r"-\d+", stage[1]), stage
        n = int(stage[1][1:])
        lines = lines[:n] if stage[0] == "head" else lines[-n:]
    return "".join(lines)


@pytest.mark.parametrize("index", [i for i, (c, _) in enumerate(console_examples()) if c in RUN],
                         ids=lambda i: console_examples()[i][0].split("#")[0].strip())
def test_a_console_example_prints_what_the_readme_shows(index, tmp_path, monkeypatch):
    command, expected = console_examples()[index]
    example = RUN[command]
    monkeypatch.chdir(tmp_path)
    # A count without --jobs goes to every core once it has run SERIAL_SECONDS; the README shows
    # what a machine that counts its examples within that second prints ("jobs": 1), which a
    # loaded one would not: here the switch never comes.
    monkeypatch.setattr(runner, "SERIAL_SECONDS", math.inf)
    if example.setup is not None:
        example.setup(tmp_path)
    actual = _run_example(command, tmp_path)
    assert _masked(actual, example.masks) == _masked(expected, example.masks)


# -- (c) the Library section -------------------------------------------------------------------------
def test_the_library_section_runs_as_a_doctest(tmp_path, monkeypatch):
    """Its pycon blocks, one session (names carry from block to block), in an empty folder."""
    library = section("Library")
    blocks = fenced(library, "pycon")
    assert len(blocks) >= 2, "the Library section has lost its examples"
    monkeypatch.chdir(tmp_path)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report: list[str] = []
    globs: dict = {}
    failed = 0
    for block in blocks:
        line = TEXT[:TEXT.index(block)].count("\n")  # the block's first line, counted from 0
        test = parser.get_doctest(block, globs, "README.md, Library", str(README), line)
        failed += runner.run(test, out=report.append, clear_globs=False).failed
        globs = test.globs  # the test ran in a copy
    assert failed == 0, "".join(report)
    assert not (tmp_path / "run.db").exists()  # refused before anything was written
