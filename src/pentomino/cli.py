"""The ``pentomino`` command: parse arguments, call the library, format what it returns."""

from __future__ import annotations

import atexit
import contextlib
import datetime
import errno
import functools
import gc
import json
import math
import os
import signal
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING, Any, Literal, NoReturn, TextIO, TypeVar

import click

from pentomino import api
from pentomino.errors import CheckpointError, ClusterError, OptionError, PentominoError, PuzzleError, Term
from pentomino.geometry.wrap import WRAPS
from pentomino.model import options
from pentomino.model.labels import labels_in, parse_date
from pentomino.model.library import DEFAULT_PUZZLE
from pentomino.model.options import CountMethod
from pentomino.model.puzzle import Puzzle, Solution
from pentomino.model.results import Check, Count, Estimate, Interval, OpeningCount
from pentomino.model.rules import RULES
from pentomino.model.symmetry import SYMMETRY_MODES, SymmetryMode
from pentomino.render.solid import VIEWS, check_view
from pentomino.tuning import YOUNG_COLLECTION
from pentomino.web.settings import Settings, is_loopback

if TYPE_CHECKING:  # the search's types, for annotations only (the modules load on first use)
    from pentomino.search.checkpoint import Status
    from pentomino.search.estimate import Forecast

# A command's process ends once it has printed, and the interpreter would then walk its 100,000
# objects (numba's, mostly) in the collections it runs as it shuts down: about a third of a
# second of a 1.5 s `pentomino count 6x10` (bench/startup.py). Frozen at exit, they are left to
# the operating system instead; the exit handlers, the flushing and the closing of files run as
# before (none of ours waits on a collection).
atexit.register(gc.freeze)
# While a command runs, young collections are rarer (tuning.YOUNG_COLLECTION says why). The old
# thresholds come back when the command returns (a program or a test that calls the CLI in its
# own process keeps its own), and `serve`, which runs for hours, keeps them.

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])
"""A command's function, as the option decorators take and return it."""

SYMMETRY_METAVAR = "[" + "|".join(SYMMETRY_MODES) + "]"
SYMMETRY_HELP = ("full: each solution once up to the board's rotations and reflections (default); "
                 "rotations: up to rotations only; none: every tiling")


def _fail(message: str) -> NoReturn:
    click.echo(f"pentomino: error: {message}", err=True)
    sys.exit(2)


def _words(term: Term) -> str:
    """How the command line says what the library's messages name: an argument as its option
    (``--max-memory``, ``--scheduler local``), a verb as its command."""
    if term.kind == "argument":
        flag = "--" + term.name.replace("_", "-")
        return flag if term.value is None else f"{flag} {term.value}"
    path = "FILE" if term.value is None else str(term.value)
    return {"count": f"`pentomino count PUZZLE --checkpoint {path}`"}.get(term.name, f"`pentomino {term.name} {path}`")


def _said(exc: PentominoError) -> str:
    """A library error in the command line's words."""
    return exc.said(_words)


def _closed_pipe() -> NoReturn:
    """The reader of the output went away (`pentomino solve --all | head -1`): stop at once and
    quietly, with the status a shell reports for a program that SIGPIPE ended (128 + 13).

    What is still buffered for the closed stream would be written again as the interpreter
    exits, and fail again; the stream is pointed at the null device first."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            with contextlib.suppress(OSError, ValueError):
                null = os.open(os.devnull, os.O_WRONLY)
                os.dup2(null, stream.fileno())
                os.close(null)
    sys.exit(141)


def _is_closed_pipe(exc: OSError) -> bool:
    return isinstance(exc, BrokenPipeError) or exc.errno == errno.EPIPE


def _load(name: str, *, choose: bool = True) -> Puzzle:
    """The puzzle ``name``, with the cells --open or --date leave open; a calendar puzzle
    given neither is today's (unless ``choose`` is false: `show` draws the whole board)."""
    meta = click.get_current_context().meta
    labels, date = labels_in(meta.get(_OPEN, ())), meta.get(_DATE)
    try:
        p = Puzzle.load(name)
    except PentominoError as exc:
        _fail_on(None, exc)
    try:
        if meta.get(_WRAP) is not None:
            p = p.wrapped(None if meta[_WRAP] == "none" else meta[_WRAP])
        if meta.get(_RULES):
            p = p.with_rules(*(r for r in meta[_RULES] if r != "none"))
        if labels and date is not None:
            raise OptionError(("open", "date"), "do not go together: give one")
        if labels:
            return p.open(*labels)
        if date is not None:
            return p.on_date(parse_date(date))
        if choose and p.to_open and p.labels is not None and p.labels.dated:
            return p.on_date(datetime.date.today())
        return p
    except PentominoError as exc:
        _fail_on(name, exc)


_OPEN, _DATE, _WRAP, _RULES = "pentomino.open", "pentomino.date", "pentomino.wrap", "pentomino.rules"


def _kept(key: str) -> Callable[[click.Context, click.Parameter, Any], None]:
    """An option's callback that keeps its value for :func:`_load`."""
    def keep(ctx: click.Context, _param: click.Parameter, value: Any) -> None:
        if value is not None:
            ctx.meta[key] = value
    return keep


def _opening_options(f: F) -> F:
    """--open and --date: the cells of a labelled board (a calendar) left open; --wrap: the
    board's edges glued; --rule: the tiling rules a solution keeps."""
    f = click.option("--rule", type=click.Choice([*RULES, "none"]), multiple=True, expose_value=False,
                     callback=_kept(_RULES),
                     help="A tiling rule the solutions keep (repeat for more): no-four-corners (no point where "
                          "four pieces meet), fault-free (no grid line across the board that cuts no piece), "
                          "none (every tiling); given, it takes the place of the puzzle file's rules.")(f)
    f = click.option("--wrap", type=click.Choice([*WRAPS, "none"]), expose_value=False, callback=_kept(_WRAP),
                     help="Glue the board's edges: columns (a tube: the left edge touches the right), rows, "
                          "both (a torus), moebius (left and right with a half twist), none (edges, as drawn); "
                          "default: as the puzzle file says.")(f)
    f = click.option("--date", metavar="YYYY-MM-DD", expose_value=False, callback=_kept(_DATE),
                     help="A calendar puzzle's date: its month and day (and weekday) are left open "
                          "(default: today; 'today' works too).")(f)
    return click.option("--open", "open_", metavar="LABEL", multiple=True, expose_value=False,
                        callback=_kept(_OPEN),
                        help="Leave the cells with these labels open (a labelled board: "
                             "--open Nov --open 26, or --open 'Nov 26').")(f)


def _fail_on(puzzle: str | None, exc: PentominoError) -> NoReturn:
    """A library error in one line: an option's as a usage error; a problem found after
    loading (by the search) naming the ``puzzle`` file first, like the loader."""
    message = _said(exc)
    if isinstance(exc, OptionError):
        command = click.get_current_context().command_path
        _fail(f"{message} (see `{command} --help`)")
    if puzzle is not None and not message.startswith(f"{puzzle}:"):
        message = f"{puzzle}: {message}"
    _fail(message)


class _OneLineUsageError(click.UsageError):
    """A usage error shown as one line, like every other error: what is wrong and where to look."""

    def show(self, file: IO[Any] | None = None) -> None:
        command = self.ctx.command_path if self.ctx is not None else "pentomino"
        message = " ".join(self.format_message().split())
        click.echo(f"pentomino: error: {message} (see `{command} --help`)", err=True)


def _examples(*lines: str) -> str:
    """An epilog of examples: click prints it after the options, so --help ends with an example."""
    return "\b\nExample" + ("s" if len(lines) > 1 else "") + ":\n" + "\n".join(f"  {x}" for x in lines)


def _one_line(exc: click.UsageError) -> click.UsageError:
    help_error = getattr(click.exceptions, "NoArgsIsHelpError", ())
    if isinstance(exc, (_OneLineUsageError, help_error)):
        return exc
    return _OneLineUsageError(exc.format_message(), exc.ctx)


def _warn_compile(*, memo: bool = False, estimate: bool = False) -> Callable[[], None]:
    """Say that a compile is coming if the kernels a command runs (the search's; with ``memo``
    and ``estimate`` those too) are not cached. Returns what says it, at most once in all, for
    the kernels a count's method trials decide to run as they go (:func:`api.compile_notice`)."""
    shown: list[bool] = []

    def say() -> None:
        if not shown:
            click.echo("compiling the search kernel (first run after install only; cached)...", err=True)
            shown.append(True)

    if not api.kernels_cached(memo=memo, estimate=estimate):
        say()
    return say


def _warn_jobs(jobs: int | None) -> None:
    """Say so when --jobs asks for more processes than the machine has cores: the library takes
    that many (see :func:`pentomino.model.options.jobs`)."""
    beyond = options.jobs_beyond_cores(jobs)
    if beyond is not None:
        click.echo(f"pentomino: warning: --jobs {jobs} {beyond}", err=True)


def puzzle_argument(f: F) -> F:
    return click.argument("puzzle", default=DEFAULT_PUZZLE, metavar="[PUZZLE]")(_opening_options(f))


def symmetry_option(f: F) -> F:
    return click.option("--symmetry", metavar=SYMMETRY_METAVAR, default="full",
                        show_default=True, help=SYMMETRY_HELP)(f)


def stats_option(f: F) -> F:
    return click.option("--stats", is_flag=True, help="Print nodes, placements and time to stderr.")(f)


def view_option(f: F) -> F:
    return click.option("--view", type=click.Choice(VIEWS),
                        help="How --format svg draws a solid (cubes, balls): solid, the pieces put together "
                             "(default); exploded, pushed apart from the middle; layers, each layer flat "
                             "beside a small solid.")(f)


def _svg_view(view: str | None, fmt: str) -> None:
    """Fail unless --view, if given, goes with an SVG picture."""
    if view is not None and fmt != "svg":
        _fail(f"--view goes with --format svg: it chooses how a picture draws a solid, not --format {fmt}")


def _check_view(p: Puzzle, puzzle: str, view: str | None) -> None:
    """Fail if the puzzle's picture cannot take --view (a flat board has no view to choose)."""
    try:
        check_view(p.grid, view)
    except PentominoError as exc:
        _fail_on(puzzle, exc)


METHOD_METAVAR = "[auto|search|memo]"


def method_option(f: F) -> F:
    return click.option("--method", metavar=METHOD_METAVAR, default="auto", show_default=True,
                        help="search: enumerate the tilings; memo: count the states of the frontier (for pieces "
                             "with many copies); auto: run both a little and take the one that will cost less.")(f)


def scheduler_option(f: F) -> F:
    return click.option("--scheduler", metavar="ADDRESS",
                        help="Search the parts on the Dask cluster whose scheduler is at ADDRESS "
                             "(tcp://host:8786), or on one started here with 'local' (--jobs workers); "
                             "needs pip install 'pentomino[dask]'.")(f)


def jobs_options(f: F) -> F:
    f = click.option("--quiet", "-q", is_flag=True, help="No progress display.")(f)
    return click.option("--jobs", "-j", type=int,
                        help="Processes to use, at most the machine's cores (default: all cores once the work "
                             "proves long).")(f)


if TYPE_CHECKING:
    _SizeType = click.ParamType[int, object]
else:  # ParamType takes type parameters from click 8.4 on; pyproject allows 8.2, which cannot subscript it
    _SizeType = click.ParamType


class _MemorySize(_SizeType):
    """A number of bytes: 500M, 2G, 1.5G or plain bytes (the library says which sizes it takes)."""

    name = "size"
    _units = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        text = str(value).strip().upper().removesuffix("B")
        unit = text[-1:] if text[-1:] in self._units else ""
        try:
            return int(float(text[: len(text) - len(unit)]) * self._units[unit])
        except ValueError:
            self.fail(f"{value!r} is not a memory size: write it like 500M or 2G", param, ctx)


class _ProgressLine:
    """The progress callback of a search: it keeps the latest figures (what an interrupted
    search reports), and draws them as one self-rewriting status line on stderr for long
    searches: how far along, elapsed time, solutions so far. Drawn only on a terminal, after
    half a second, not with --quiet.

    ``forecast``: called once the search has run a second, it may return a
    :class:`~pentomino.search.estimate.Forecast`; once that is ready the bar shows the share of
    the nodes done, as the range of the estimate's 95% interval, and the most time left (its
    upper end at the speed of the last seconds), else (and past the interval's upper end) the
    parts done of those known.
    """

    def __init__(self, enabled: bool, forecast: Callable[[], Forecast | None] | None = None) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.start = time.perf_counter()
        self.last = 0.0
        self.shown = False
        self._make_forecast = forecast
        self.forecast: Forecast | None = None
        self.first_nodes: int | None = None  # a resumed count starts with nodes counted before
        self.found = 0
        """Solutions found so far, as the search last reported."""
        self.nodes = 0
        """Nodes searched so far, as the search last reported."""

    def __call__(self, found: int, nodes: int, done: int, total: int) -> None:
        self.found, self.nodes = found, nodes
        now = time.perf_counter()
        if self.first_nodes is None:
            self.first_nodes = nodes
        if not self.enabled or now - self.start < 0.5 or now - self.last < 0.1:
            return
        if self._make_forecast is not None and now - self.start >= 1.0 and total > 0:
            # (no parts known yet: a count still choosing its method, which the forecast would ask)
            self.forecast, self._make_forecast = self._make_forecast(), None
        self.last = now
        width = 24
        forecast = self.forecast
        left = forecast.seconds_left(nodes, now) if forecast is not None else None
        share = forecast.fraction(nodes) if forecast is not None else None
        shares = forecast.shares(nodes) if forecast is not None else None
        if total == 0:
            filled, where = 0, "choosing the method"
        elif forecast is None or share is None or shares is None:
            # (past the upper end of the estimate's interval: the parts alone tell the truth)
            filled = width * done // max(total, 1)
            where = f"{done}/{total} parts"
        else:
            filled = int(width * share)
            where = _progress_forecast(shares, left)
        bar = "#" * filled + "-" * (width - filled)
        sys.stderr.write(f"\r[{bar}] {where}  {found:,} solutions  "
                         f"{nodes:,} nodes  {now - self.start:.1f} s \x1b[K")
        sys.stderr.flush()
        self.shown = True

    def clear(self) -> None:
        if self.forecast is not None:
            self.forecast.close()
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.shown = False


def _progress_forecast(shares: tuple[float, float], left: float | None) -> str:
    """The progress line's share done, as the range the estimate's 95% interval gives (one
    figure when both ends read the same), and the most time left: "20-31%, up to 14 s left"."""
    low, high = (f"{100 * x:.0f}" for x in shares)
    where = f"{low:>3}%" if low == high else f"{low}-{high}%"
    return where if left is None else f"{where}, up to {_duration(left)} left"


class _Group(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return ["solve", "count", "check", "resume", "status", "estimate", "show", "list", "serve"]

    def main(self, *args: Any, **kwargs: Any) -> Any:
        # Output still buffered when the program ends (a command's last lines, --help) is
        # written here, so that a closed pipe is met while it can be handled.
        try:
            return super().main(*args, **kwargs)
        except SystemExit:
            try:
                sys.stdout.flush()
            except OSError as exc:
                if _is_closed_pipe(exc):
                    _closed_pipe()
            raise

    # Usage errors (a bad option value, an unknown option or command) come out of these two;
    # so does a closed pipe (--help into `head -1`), which click would end with status 1.
    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except click.UsageError as exc:
            raise _one_line(exc) from None
        except OSError as exc:
            if not _is_closed_pipe(exc):
                raise
            _closed_pipe()

    def resolve_command(self, ctx: click.Context,
                        args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if name != "serve":
            gc.set_threshold(YOUNG_COLLECTION, *gc.get_threshold()[1:])
        return name, command, rest

    def invoke(self, ctx: click.Context) -> Any:
        thresholds = gc.get_threshold()
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            raise _one_line(exc) from None
        except KeyboardInterrupt:
            # Ctrl-C before a search started (loading, building tables, compiling): nothing found.
            click.echo("interrupted before the search started: nothing found", err=True)
            sys.exit(130)
        except OSError as exc:
            if not _is_closed_pipe(exc):
                raise
            _closed_pipe()
        finally:
            gc.set_threshold(*thresholds)


@click.group("pentomino", cls=_Group, context_settings={"help_option_names": ["-h", "--help"]},
             epilog=_examples("pentomino solve 6x10", "pentomino count 6x10 --symmetry none",
                              "pentomino show my-puzzle.toml"))
@click.version_option(package_name="pentomino")
def main() -> None:
    """Solve, count and draw pentomino and other polyomino tiling puzzles.

    PUZZLE is a built-in name (see `pentomino list`), a rectangle RxC such as 6x10,
    or a puzzle file (.toml). Without one, the 12 pentominoes in a 6x10 box.
    """


@main.command(epilog=_examples("pentomino solve 6x10",
                              "pentomino solve 8x8 --limit 3 --format svg -o scott.svg",
                              "pentomino solve my-puzzle.toml --all --format json"))
@puzzle_argument
@click.option("--all", "all_", is_flag=True, help="Every solution (one per orbit unless --symmetry says otherwise).")
@click.option("--limit", type=int, help="At most N solutions.")
@click.option("--random", "random_", is_flag=True, help="Search in a random order: a different solution each run.")
@click.option("--seed", type=int, help="Seed for --random, which it needs (the same seed gives the same solutions).")
@symmetry_option
@click.option("--format", "fmt", type=click.Choice(["text", "color", "json", "svg"]),
              help="Output format (default: color on a terminal, text otherwise).")
@view_option
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), help="Write to FILE instead of stdout.")
@jobs_options
@stats_option
def solve(puzzle: str, all_: bool, limit: int | None, random_: bool, seed: int | None, symmetry: SymmetryMode,
          fmt: str | None, view: str | None, output: str | None, jobs: int | None, quiet: bool, stats: bool) -> None:
    """Find and show solutions: the first one unless --all or --limit."""
    if all_ and limit:
        _fail("give --all or --limit, not both")
    fmt = fmt or _default_format(output)
    _svg_view(view, fmt)
    try:  # the library's rules for these options, before the puzzle is read
        options.order(random=random_, seed=seed)
    except PentominoError as exc:
        _fail_on(None, exc)
    _warn_jobs(jobs if all_ else None)
    p = _load(puzzle)
    _check_view(p, puzzle, view)
    try:
        proof = p.no_solution_proof()  # before the search: it may run for ever on such a puzzle (kept by the puzzle)
    except PentominoError as exc:  # a board larger than the search takes
        _fail_on(puzzle, exc)
    if proof is not None:
        click.echo(f"no solution: {proof.reason}{f' (nothing written to {output})' if output else ''}", err=True)
        sys.exit(1)
    _warn_compile()
    start = time.perf_counter()
    # The progress line only when the solutions go to a file: it would break up those on screen.
    progress = _ProgressLine(not quiet and all_ and output is not None)
    try:
        # Several processes only for --all with --jobs: the order of solutions then varies.
        solutions = api.solutions(p, limit=None if all_ else 1 if limit is None else limit, symmetry=symmetry,
                                random=random_, seed=seed,
                                jobs=jobs if all_ and jobs else 1, progress=progress)
    except PentominoError as exc:
        _fail_on(puzzle, exc)
    if output:
        _check_folder(output)
    shown = _Shown(p, fmt, output, view)
    _show_solutions(puzzle, solutions, shown, progress)
    if stats:
        click.echo(f"solutions: {shown.count}  nodes: {progress.nodes:,}  "
                   f"placements: {api.placement_count(p, symmetry):,}  "
                   f"time: {time.perf_counter() - start:.3f} s", err=True)
    if shown.count == 0:
        click.echo(f"no solution: {p.name or puzzle} cannot be tiled with these pieces"
                   f"{f' (nothing written to {output})' if output else ''}", err=True)
        sys.exit(1)


def _default_format(output: str | None) -> str:
    """Color on a terminal, text otherwise."""
    return "color" if output is None and sys.stdout.isatty() else "text"


def _check_folder(output: str) -> None:
    """Fail before the search if the -o file's folder cannot take it."""
    folder = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        _fail(f"{output}: cannot write: the folder {folder} does not exist or is not writable; "
              "create it or give another -o path")


def _show_solutions(puzzle: str, solutions: Iterator[Solution], shown: _Shown, progress: _ProgressLine) -> None:
    """Show each solution as it comes (SVG: on one sheet at the end); fail in one line, or on
    Ctrl-C say what was shown."""
    try:
        for solution in solutions:
            progress.clear()
            with _ctrl_c_waits():  # a solution is shown and counted, or neither
                shown.add(solution)
        shown.finish()
    except PentominoError as exc:
        _fail_on(puzzle, exc)
    except _OutputError as exc:
        _fail(f"{shown.path}: cannot write: {exc}; check the -o path")
    except KeyboardInterrupt:
        _solve_interrupted(shown, progress)
    finally:
        if isinstance(solutions, types.GeneratorType):
            solutions.close()  # at once: a pool of processes stops here, not when collected
        progress.clear()
        shown.close()


def _solve_interrupted(shown: _Shown, progress: _ProgressLine) -> NoReturn:
    """Ctrl-C during `solve`: keep what was shown (an SVG sheet of the solutions so far) and say
    how far the search got."""
    with _no_ctrl_c():
        progress.clear()
        try:
            shown.finish()
        except _OutputError as exc:
            _fail(f"{shown.path}: cannot write: {exc}; check the -o path")
        click.echo(f"interrupted: {shown.count} solution{'s' if shown.count != 1 else ''} shown so far "
                   f"({progress.nodes:,} nodes searched)", err=True)
    sys.exit(130)


@contextlib.contextmanager
def _no_ctrl_c() -> Iterator[None]:
    """Ignore Ctrl-C in the block: another one while an interrupted command reports what it
    found would cut the report. The handler is put back after (a program or a test that runs
    the command in its own process keeps its Ctrl-C)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class _Shown:
    """Where `solve` puts its solutions: each written as it comes to stdout or the -o file, or
    for SVG kept and drawn on one sheet at the end."""

    def __init__(self, p: Puzzle, fmt: str, path: str | None, view: str | None = None) -> None:
        self.puzzle = p
        self.fmt = fmt
        self.view = view
        self.path = path
        self.out: TextIO | _LazyOutput = _LazyOutput(path) if path else sys.stdout
        self.kept: list[Solution] = []
        self.count = 0

    def add(self, solution: Solution) -> None:
        if self.fmt == "svg":
            self.kept.append(solution)
        else:
            _emit(self.out, solution, self.fmt, self.count + 1)
        self.count += 1

    def finish(self) -> None:
        """Draw the SVG sheet, if any, and flush what was written."""
        if self.kept:
            from pentomino.render.svg import render_sheet

            self.out.write(render_sheet(self.puzzle, [s.placements for s in self.kept], view=self.view) + "\n")
            self.kept = []
        self.out.flush()

    def close(self) -> None:
        if isinstance(self.out, _LazyOutput):
            self.out.close()


class _OutputError(Exception):
    """The -o file could not be opened or written."""


class _LazyOutput:
    """The -o file, opened at the first write: no solution leaves an existing file untouched."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.file: TextIO | None = None

    def write(self, text: str) -> None:
        try:
            if self.file is None:
                self.file = open(self.path, "w", encoding="utf-8")
            self.file.write(text)
        except OSError as exc:
            raise _OutputError(exc.strerror or str(exc)) from None

    def flush(self) -> None:
        if self.file is not None:
            self.file.flush()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


@contextlib.contextmanager
def _ctrl_c_waits() -> Iterator[None]:
    """Hold Ctrl-C until the block is done, then raise it: so "N solutions shown so far" is
    exactly what was printed."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[bool] = []
    previous = signal.signal(signal.SIGINT, lambda *_: caught.append(True))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def _emit(out: TextIO | _LazyOutput, solution: Solution, fmt: str, index: int) -> None:
    if fmt == "json":
        out.write(json.dumps(solution.to_json()) + "\n")
        return
    if index > 1:
        out.write("\n")
    if fmt == "color":
        from pentomino.render.color import render_color

        out.write(render_color(solution.puzzle, solution.placements) + "\n")
    else:
        out.write(solution.to_text() + "\n")
    out.flush()


@main.command(epilog=_examples("pentomino count 6x10                    # 2339",
                              "pentomino count 6x10 --symmetry none    # 9356",
                              "pentomino count my-puzzle.toml --max 2  # is the solution unique?",
                              "pentomino count dominoes-8x8 --method memo"))
@puzzle_argument
@symmetry_option
@click.option("--max", "max_", type=int, help="Stop once N solutions are found (--max 2: is it unique?).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--max-memory", type=_MemorySize(), metavar="SIZE",
              help="Memory the count's tables of states may take in each process, e.g. 2G "
                   "(default: what the machine has free).")
@click.option("--checkpoint", type=click.Path(dir_okay=False), metavar="FILE",
              help="Record each finished part of the count in FILE, and go on from it if it exists: "
                   "a count stopped at any moment resumes with `pentomino resume FILE`.")
@method_option
@scheduler_option
@jobs_options
@stats_option
@click.option("--each-date", is_flag=True,
              help="A calendar puzzle: count every date of the year, one row each, and name the hardest and "
                   "easiest.")
@click.option("--year", type=int, help="The year of --each-date (default: every month and day, 366; "
                                       "this year's on a board with weekdays).")
@click.option("--each", "each_groups", metavar="GROUP", multiple=True,
              help="Count every way to leave one label of each GROUP open (--each month --each day: "
                   "the 12x31 grid, dates that do not exist marked).")
@click.option("--csv", "as_csv", is_flag=True, help="With --each-date or --each: print CSV rows.")
def count(puzzle: str, symmetry: SymmetryMode, max_: int | None, as_json: bool, max_memory: int | None,
          method: CountMethod, jobs: int | None, quiet: bool, stats: bool, checkpoint: str | None,
          scheduler: str | None, each_date: bool, year: int | None, each_groups: tuple[str, ...],
          as_csv: bool) -> None:
    """Count the solutions without listing them.

    Two methods count: the search enumerates the tilings, the memo counts the states of the
    frontier cell by cell (for pieces with many copies). With --method auto (the default) the
    count runs each a little, prices what is left of both, and goes on with the cheaper.
    """
    _warn_jobs(jobs)
    if each_date or each_groups:
        _count_each(puzzle, symmetry, each_date, year, labels_in(each_groups), jobs, quiet, as_json, as_csv,
                    stats, max_=max_, checkpoint=checkpoint, scheduler=scheduler)
        return
    if year is not None or as_csv:
        _fail("--year and --csv go with --each-date or --each")
    p = _load(puzzle)
    say = _warn_compile(memo=method == "memo")
    if checkpoint is not None:
        _count_checkpointed(p, puzzle, checkpoint, symmetry, as_json, jobs, quiet, stats, scheduler, max_, max_memory,
                            method)
        return
    taken = _method_taken(lambda: api.counting_method(p, symmetry, max=max_, method=method,
                                                      max_memory=max_memory, scheduler=scheduler))
    progress = _ProgressLine(not quiet, forecast=lambda: api.forecast(p) if taken() == "search" else None)
    with api.compile_notice(say):
        result = _counting(puzzle, progress, taken, lambda: api.count(
            p, symmetry, max=max_, method=method, jobs=jobs, max_memory=max_memory, progress=progress,
            scheduler=scheduler, prove=True))
    _print_count(p.name or puzzle, result, symmetry, as_json, p.opened)
    if stats:
        _count_stats(result)


def _count_each(puzzle: str, symmetry: SymmetryMode, each_date: bool, year: int | None, groups: list[str],
                jobs: int | None, quiet: bool, as_json: bool, as_csv: bool, stats: bool, **others: object) -> None:
    """`count --each-date` and `count --each GROUP ...`: a row for each opening, then the
    hardest and the easiest."""
    asked = [f"--{k.rstrip('_').replace('_', '-')}" for k, v in others.items() if v is not None]
    if asked:
        _fail(f"{' and '.join(asked)} {'does' if len(asked) == 1 else 'do'} not go with --each-date or --each")
    if each_date and groups:
        _fail("give --each-date or --each, not both")
    if as_json and as_csv:
        _fail("give --json or --csv, not both")
    meta = click.get_current_context().meta
    if meta.get(_OPEN) or meta.get(_DATE) is not None:
        _fail("--open and --date choose one opening: --each-date and --each count them all")
    p = _load(puzzle, choose=False)
    start = time.perf_counter()
    try:
        if p.labels is None:
            raise PuzzleError("this puzzle's board has no labels: there is nothing to leave open")
        if each_date:
            named = p.labels.date_openings(year)
            dates: list[str] | None = [d for d, _ in named]
            openings = [o for _, o in named]
        else:
            if year is not None:
                _fail("--year goes with --each-date")
            openings = p.labels.product(groups)
            dates = None
    except PentominoError as exc:
        _fail_on(puzzle, exc)
    _warn_compile()
    progress = _ProgressLine(not quiet)
    workers = options.jobs(jobs) if jobs is not None else None
    rows = _counting(puzzle, progress, lambda: "search",
                     lambda: api.count_each(p, openings, symmetry, jobs=workers, progress=progress, dates=dates))
    seconds = time.perf_counter() - start
    real = [p.labels.is_date(r.opened, groups) for r in rows] if groups else [True] * len(rows)
    _print_each(p.name or puzzle, rows, real, as_json, as_csv, seconds, "date" if each_date else " ".join(groups))
    if stats:
        click.echo(f"openings: {len(rows)}  nodes: {sum(r.nodes for r in rows):,}  time: {seconds:.3f} s", err=True)


def _print_each(name: str, rows: list[OpeningCount], real: list[bool], as_json: bool, as_csv: bool, seconds: float,
                what: str) -> None:
    """The rows of a count of each opening, and what they add up to."""
    kept = [r for r, ok in zip(rows, real, strict=True) if ok]
    total = sum(r.count for r in kept)
    fewest = min(kept, key=lambda r: r.count, default=None)
    most = max(kept, key=lambda r: r.count, default=None)
    none = [r for r in kept if r.count == 0]

    def said(r: OpeningCount) -> str:
        return r.date or " ".join(r.opened)

    if as_json:
        click.echo(json.dumps({"puzzle": name, "each": what, "openings": len(kept), "solutions": total,
                               "seconds": round(seconds, 6),
                               "rows": [{**r.to_json(), **({} if ok else {"no_such_date": True})}
                                        for r, ok in zip(rows, real, strict=True)]}))
        return
    if as_csv:
        click.echo("date,open,count,nodes" if rows and rows[0].date else "open,count,nodes,date_exists")
        for r, ok in zip(rows, real, strict=True):
            label = " ".join(r.opened)
            click.echo(f"{r.date},{label},{r.count},{r.nodes}" if r.date else f"{label},{r.count},{r.nodes},{ok}")
        return
    width = max((len(said(r)) for r in rows), default=4)
    for r, ok in zip(rows, real, strict=True):
        extra = "" if ok else "  (no such date)"
        label = f"{r.date}  {' '.join(r.opened):<12}" if r.date else f"{' '.join(r.opened):<{width}}"
        click.echo(f"{label}  {r.count:>7,}{extra}")
    if fewest is not None and most is not None:
        click.echo(f"{len(kept)} {what}s: {total:,} solutions in all, {total / len(kept):,.1f} on average; "
                   f"fewest: {said(fewest)} ({fewest.count:,}); most: {said(most)} ({most.count:,}); "
                   + (f"none: {', '.join(said(r) for r in none)}" if none else "every one has a solution"))


def _method_taken(ask: Callable[[], Literal["search", "memo"]]) -> Callable[[], Literal["search", "memo"]]:
    """The method a count takes, asked of the library once, when first needed: by then the
    count has chosen it (the library remembers its choice, so the question costs nothing)."""
    return functools.cache(ask)


def _counting(puzzle: str, progress: _ProgressLine, method: Callable[[], Literal["search", "memo"]],
              work: Callable[[], T]) -> T:
    """``work()``, a count with ``progress`` for its line: the line cleared after it, a library
    error said in one line (exit status 2), Ctrl-C said as what was counted so far."""
    try:
        result = work()
    except PentominoError as exc:
        progress.clear()
        _fail_on(puzzle, exc)
    except KeyboardInterrupt:
        _count_interrupted(progress, method)
    progress.clear()
    return result


def _count_interrupted(progress: _ProgressLine, method: Callable[[], Literal["search", "memo"]]) -> NoReturn:
    """Ctrl-C during `count`: what was counted so far. (Before the count's first figures, while
    it chose its method, nothing was counted: the method is not asked then, which would choose
    it again.)"""
    with _no_ctrl_c():
        progress.clear()
        try:
            memo = progress.first_nodes is not None and method() == "memo"
        except PentominoError:  # stopped before the puzzle was checked: nothing was counted
            memo = False
        if memo:  # the ways to reach states are not solutions yet
            click.echo(f"interrupted before the count was complete ({progress.nodes:,} nodes searched; "
                       "a memoised count has no partial total)", err=True)
        else:
            click.echo(f"interrupted: at least {progress.found:,} solutions so far "
                       f"({progress.nodes:,} nodes searched)", err=True)
    sys.exit(130)


def _count_stats(result: Count, this_run: bool = False) -> None:
    """What `count --stats` prints to stderr."""
    table = (f"  states: {result.table_states:,} (largest layer)  table memory: "
             f"{result.table_bytes / 2**20:.1f} MB (peak)" if result.method == "memo" else "")
    click.echo(f"nodes: {result.nodes:,}  placements: {result.placements:,}  "
               f"jobs: {result.jobs}  parts: {result.parts}{table}  "
               f"time: {result.seconds:.3f} s{' (this run)' if this_run else ''}", err=True)


def _count_checkpointed(p: Puzzle, puzzle: str, path: str, symmetry: SymmetryMode, as_json: bool,
                        jobs: int | None, quiet: bool, stats: bool, scheduler: str | None, max_: int | None,
                        max_memory: int | None, method: CountMethod) -> None:
    """`count --checkpoint FILE`: the count recorded part by part in FILE."""
    if not p.name:  # the checkpoint keeps the name `count` prints (not part of the fingerprint)
        import dataclasses

        p = dataclasses.replace(p, name=puzzle)
    progress = _ProgressLine(not quiet, forecast=lambda: api.forecast(p))
    result = _checkpointed(path, symmetry, progress, puzzle, lambda: api.count(
        p, symmetry, max=max_, method=method, max_memory=max_memory, jobs=jobs, progress=progress,
        checkpoint=path, scheduler=scheduler, prove=True))
    _print_count(p.name, result, symmetry, as_json, p.opened)
    if stats:
        _count_stats(result, this_run=True)


def _print_count(name: str, result: Count, symmetry: str, as_json: bool, opened: tuple[str, ...] = ()) -> None:
    """What `count` (and `resume`) print: one line, or one JSON object; and why there is no
    solution, on stderr, when a proof says so. ``opened``: the labels left open (a calendar's
    date), said with the count."""
    if as_json:
        click.echo(json.dumps({**result.to_json(name), **({"open": list(opened)} if opened else {})}))
    else:
        lead = f"{result.count}" if result.complete else f"at least {result.count} (stopped at --max)"
        where = f" with {' '.join(opened)} open" if opened else ""
        click.echo(f"{lead} solution{'s' if result.count != 1 else ''}{where} {_up_to(symmetry, result.group_order)}")
    if result.reason is not None:
        click.echo(f"no solution: {result.reason}", err=True)


def _up_to(symmetry: str, group_order: int) -> str:
    """What a number of solutions is counted up to, in words."""
    if group_order == 1 and symmetry != "none":
        return "(the puzzle has no symmetry)"
    return {"full": f"up to the puzzle's {group_order} symmetries (rotations and reflections)",
            "rotations": f"up to the puzzle's {group_order} rotations",
            "none": "counting every tiling"}[symmetry]


def _checkpointed(path: str, symmetry: SymmetryMode | None, progress: _ProgressLine, puzzle: str | None,
                  work: Callable[[], Count]) -> Count:
    """``work()``, a count recorded in the checkpoint at ``path``, with ``progress`` for its
    line: the line cleared after it, a library error said in one line (naming ``puzzle`` unless
    it names the file or the scheduler itself), Ctrl-C said as what is recorded."""
    try:
        result = work()
    except PentominoError as exc:
        progress.clear()
        _fail_on(None if isinstance(exc, (CheckpointError, ClusterError)) else puzzle, exc)
    except KeyboardInterrupt:
        _checkpoint_interrupted(path, symmetry, progress)
    progress.clear()
    return result


def _checkpoint_interrupted(path: str, symmetry: SymmetryMode | None, progress: _ProgressLine) -> NoReturn:
    """Ctrl-C during a checkpointed count: say what is recorded and how to go on."""
    import shlex

    with _no_ctrl_c():
        progress.clear()
        try:
            s = api.status(path)
        except PentominoError:  # stopped before the checkpoint was written
            click.echo("interrupted before the count started: nothing recorded", err=True)
            sys.exit(130)
        found = s.by_mode[symmetry or s.symmetry]
        click.echo(f"interrupted: {s.parts_done:,} parts of {s.parts_known:,} done, {found:,} "
                   f"solution{'s' if found != 1 else ''} so far; resume with: "
                   f"pentomino resume {shlex.quote(path)}", err=True)
    sys.exit(130)


@main.command(epilog=_examples("pentomino count solid-pentominoes-3x4x5 --checkpoint run.db",
                              "pentomino resume run.db --jobs 4"))
@click.argument("file", type=click.Path(dir_okay=False), metavar="FILE")
@click.option("--symmetry", metavar=SYMMETRY_METAVAR,
              help="Which count to print (default: the mode the count was started with; "
                   "all three are counted).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@scheduler_option
@jobs_options
def resume(file: str, symmetry: SymmetryMode | None, as_json: bool, jobs: int | None, quiet: bool,
           scheduler: str | None) -> None:
    """Go on with a count recorded by `count --checkpoint FILE`, and print it as `count` does.

    Any number of processes may resume it: the count comes out the same.
    """
    try:
        recorded = api.status(file)
    except PentominoError as exc:
        _fail_on(None, exc)
    _warn_jobs(jobs)
    _warn_compile()
    progress = _ProgressLine(not quiet, forecast=lambda: api.forecast(api.checkpointed_puzzle(file)))
    result = _checkpointed(file, symmetry, progress, None,
                           lambda: api.resume(file, symmetry, jobs=jobs, progress=progress, scheduler=scheduler))
    _print_count(recorded.puzzle, result, symmetry or recorded.symmetry, as_json)


@main.command(epilog=_examples("pentomino status run.db", "pentomino status run.db --json"))
@click.argument("file", type=click.Path(dir_okay=False), metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--no-estimate", is_flag=True, help="Skip the estimate of what is left (a few seconds of sampling).")
def status(file: str, as_json: bool, no_estimate: bool) -> None:
    """Show how far a count recorded by `count --checkpoint FILE` has got, and what is left."""
    try:
        s = api.status(file)
        if not no_estimate and not s.finished:
            _warn_compile(estimate=True)
            s = api.status(file, estimate=True)
    except PentominoError as exc:
        _fail_on(None, exc)
    if as_json:
        click.echo(json.dumps(s.to_json()))
        return
    click.echo(_status_summary(s))


def _status_summary(s: Status) -> str:
    """What `status` prints."""
    import shlex

    state = "finished" if s.finished else "running now" if s.running else "stopped"
    by = s.by_mode
    lines = [f"{s.puzzle}: {state}, {s.parts_done:,} parts of {s.parts_known:,} done"
             + ("" if s.finished else " (more appear as parts hand work back)"),
             f"{s.nodes:,} nodes; {by['full']:,} solution{'s' if by['full'] != 1 else ''} up to symmetry, "
             f"{by['rotations']:,} up to rotations, {by['none']:,} tiling{'s' if by['none'] != 1 else ''}"
             + ("" if s.finished else " so far")]
    share, left = s.fraction_done, s.seconds_left
    if not s.finished and share is not None:
        mid, low, high = (f"{100 * x:.0f}%" for x in share)
        # An estimate of no nodes tells no time left: the share alone, as on the progress line.
        lines.append(f"about {mid} done by the estimate of its nodes (95%: {low} to {high})"
                     + ("" if left is None else f"; about {_duration(left)} left on one core of this machine"))
    if not s.finished and not s.running:
        lines.append(f"resume with: pentomino resume {shlex.quote(s.path)}")
    return "\n".join(lines)


@main.command(epilog=_examples("pentomino check tetrominoes-4x5", "pentomino check scott-finish",
                              "pentomino check my-puzzle.toml --count --json"))
@puzzle_argument
@click.option("--count", "count_all", is_flag=True,
              help="Count every solution (default: stop at the second, enough to tell unique from not).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@method_option
@jobs_options
def check(puzzle: str, count_all: bool, as_json: bool, method: CountMethod, jobs: int | None, quiet: bool) -> None:
    """Can the puzzle be solved, why not, and is its solution unique?

    First the quick proofs that a puzzle has no solution (area, a piece that fits nowhere, a
    cell nothing covers, colorings, regions), printed in words; then, when none applies, the
    search, up to the puzzle's symmetries. Exit status 1 when there is no solution.
    """
    p = _load(puzzle)
    try:  # the library's rules for these options, before anything is said of the search
        options.check_method(count=count_all, method=options.count_method(method))
        options.jobs(jobs)
        proof = p.no_solution_proof()  # kept by the puzzle: check does not prove it again
    except PentominoError as exc:
        _fail_on(puzzle, exc)
    _warn_jobs(jobs)
    progress = _ProgressLine(False)
    notice: contextlib.AbstractContextManager[None] = contextlib.nullcontext()  # no search, no compile
    taken = _method_taken(lambda: api.counting_method(p, "full", max=None if count_all else 2, method=method))
    if proof is None:
        if not quiet and not as_json:
            click.echo("no quick proof of no solution applies: searching", err=True)
        notice = api.compile_notice(_warn_compile(memo=count_all and method == "memo"))
        progress = _ProgressLine(not quiet, forecast=lambda: api.forecast(p) if taken() == "search" else None)
    with notice:
        result = _counting(puzzle, progress, taken,
                           lambda: api.check(p, count=count_all, method=method, jobs=jobs, progress=progress))
    if as_json:
        click.echo(json.dumps(result.to_json(p.name or puzzle)))
    else:
        click.echo(_check_summary(result))
    if not result.solvable:
        sys.exit(1)


def _check_summary(result: Check) -> str:
    """What `check` prints: the verdict, and why."""
    up_to = _up_to("full", result.group_order)
    if not result.solvable:
        return f"no solution: {result.reason}"
    if result.unique:
        return (f"unique: 1 solution {up_to}; the whole search took {result.nodes:,} nodes "
                "(a rough figure of how hard the puzzle is)")
    if result.complete:
        return f"not unique: {result.solutions:,} solutions {up_to}"
    return f"not unique: at least {result.solutions:,} solutions {up_to} (--count counts them all)"


@main.command(epilog=_examples("pentomino estimate 6x10", "pentomino estimate 8x8 --samples 100000 --seed 1 --json"))
@puzzle_argument
@click.option("--samples", type=int, help="Random probes of the search tree "
              "(default: 20,000; more gives narrower intervals, in proportion to the time).")
@click.option("--seed", type=int, help="Seed for the probes (the same seed gives the same estimate).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--method", metavar=METHOD_METAVAR, default="auto", show_default=True,
              help="Whose time to give: the method `count --method` takes with this (auto: the one it chooses).")
def estimate(puzzle: str, samples: int | None, seed: int | None, as_json: bool, method: CountMethod) -> None:
    """Estimate what `count` would find and how long it would take, in seconds.

    Random probes of the real search tree (Knuth's estimator) give the nodes, the solutions
    in every symmetry mode and the search's time on one core of this machine, each with a 95%
    interval. A search that ends while its speed is measured gives exact figures. The last
    line names the method `count` takes (auto: the one that costs less) and, for the memoised
    count, its time, from a trial of its first layers.
    """
    p = _load(puzzle)
    say = _warn_compile(memo=method == "memo", estimate=True)
    try:
        with api.compile_notice(say):
            result = api.estimate(p, samples=samples, seed=seed, method=method)
    except PentominoError as exc:
        _fail_on(puzzle, exc)
    if as_json:
        click.echo(json.dumps(result.to_json()))
        return
    click.echo(_estimate_summary(p.name or puzzle, result))


def _estimate_summary(name: str, result: Estimate) -> str:
    """What `estimate` prints: one line per figure, to two significant figures."""

    def solutions(x: float | str) -> str:
        return "solution" if x in (1, "1") else "solutions"

    if result.reason is not None:
        return f"{name}: 0 solutions, nothing to search\nno solution: {result.reason}"
    method = _method_line(result)
    if result.exact:
        return "\n".join([
            f"{name}: the search ended while its speed was measured, so these are exact:",
            f"{result.nodes.estimate:,} nodes, {result.full.estimate:,} {solutions(result.full.estimate)} "
            f"up to symmetry, {result.rotations.estimate:,} up to rotations, {result.none.estimate:,} "
            f"tiling{'s' if result.none.estimate != 1 else ''} ({_duration(result.seconds.estimate)})",
            *method])

    def line(iv: Interval, what: str, about: Callable[[float], str] = _number) -> str:
        return f"about {about(iv.estimate)} {what} (95%: {about(iv.low)} to {about(iv.high)})"

    return "\n".join([
        f"{name}: estimated from {result.samples:,} random probes of the search tree",
        line(result.nodes, "nodes"),
        line(result.full, f"{solutions(_number(result.full.estimate))} up to symmetry"),
        line(result.rotations, "up to rotations"),
        line(result.none, "tilings"),
        line(result.seconds, "on one core of this machine" if not result.memo
             else "for the enumerating search on one core of this machine", _duration),
        *method,
    ])


def _method_line(result: Estimate) -> list[str]:
    """`estimate`'s line on the method `count` takes, when the memoised count was tried: its
    time, and which of the two the count takes."""
    if result.memo_seconds is None:
        return [] if not result.memo else ["count takes the memoised method (its time was not measured)"]
    took = _duration(result.memo_seconds)
    if result.memo_exact:
        memo = f"{took} (its trial counted the whole puzzle)"
    else:
        memo = (f"{'at least' if result.memo_at_least else 'about'} {took} on one core of this machine "
                "(priced by a trial of its first layers)")
    if result.memo:
        return [f"count takes the memoised method: {memo}"]
    return [f"count takes the enumerating search; the memoised method would take {memo}"]


def _two(x: float) -> str:
    """``x`` > 0 to two significant figures, without an exponent: 0.083, 1.2, 12, 120."""
    rounded = float(f"{x:.2g}")
    return f"{rounded:,.{max(0, 1 - math.floor(math.log10(rounded)))}f}"


def _number(x: float) -> str:
    """A count to two significant figures: 2,300, 1.2 million, 3.4e+21."""
    if x <= 0:
        return "0"
    if x < 1e6:
        return _two(x)
    for power, word in ((15, "quadrillion"), (12, "trillion"), (9, "billion"), (6, "million")):
        if x >= 10 ** power:
            return f"{x:.1e}" if x >= 999.5 * 10 ** 15 else f"{_two(x / 10 ** power)} {word}"
    return _two(x)


def _duration(seconds: float) -> str:
    """A time to two significant figures, in the unit that reads best."""
    for size, unit in ((365.25 * 86400, "years"), (86400, "days"), (3600, "hours"), (60, "minutes")):
        if seconds >= 2 * size:
            return f"{_number(seconds / size)} {unit}"
    return f"{_two(seconds)} s" if seconds > 0 else "0 s"


@main.command(epilog=_examples("pentomino show 8x8", "pentomino show scott-finish --toml > my-puzzle.toml",
                              "pentomino show hexiamonds-6x6 --format svg -o hexiamonds.svg"))
@click.argument("puzzle", default=DEFAULT_PUZZLE, metavar="[PUZZLE]")
@_opening_options
@click.option("--toml", "as_toml", is_flag=True, help="Print the puzzle as a puzzle file, to copy and edit.")
@click.option("--format", "fmt", type=click.Choice(["text", "color", "svg"]),
              help="How to draw the board and the pieces (default: color on a terminal, text otherwise).")
@view_option
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), help="Write to FILE instead of stdout.")
def show(puzzle: str, as_toml: bool, fmt: str | None, view: str | None, output: str | None) -> None:
    """Show a puzzle before solving: its board and its pieces."""
    fmt = fmt or _default_format(output)
    if not as_toml:
        _svg_view(view, fmt)
    elif view is not None:
        _fail("--view draws a picture; --toml writes the puzzle file: give one")
    p = _load(puzzle, choose=False)
    _check_view(p, puzzle, view)
    if as_toml:
        try:
            text = p.to_toml()
        except PentominoError as exc:
            _fail_on(puzzle, exc)
    else:
        text = _drawing(p, puzzle, fmt, view)
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        with open(output, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        _fail(f"{output}: cannot write: {exc.strerror or exc}; check the -o path")


def _drawing(p: Puzzle, puzzle: str, fmt: str, view: str | None = None) -> str:
    """What `show` prints: the puzzle's name, its board and its pieces, in ``fmt`` (SVG: a
    solid's in ``view``)."""
    if fmt == "svg":
        from pentomino.render.svg import render_puzzle

        return render_puzzle(p, view=view)
    from pentomino.render.text import render_piece, render_text

    if fmt == "color":
        from pentomino.render.color import render_color_board

        board = render_color_board(p)
    else:
        board = render_text(p, p.preplaced)
    lines = [f"{p.name or puzzle}",
             f"board: {p.area} cells, {len(p.preplaced)} piece{'s' if len(p.preplaced) != 1 else ''} "
             f"pre-placed; pieces {_turning(p)}",
             board, "pieces:"]
    mixed = len({pc.how_turned(p.one_sided) for pc in p.pieces}) > 1
    for pc in p.pieces:
        copies = ("any number" if pc.max is None else
                  f"{pc.min}" if pc.min == pc.max else f"{pc.min} to {pc.max}")
        turned = f", {_TURNED[pc.how_turned(p.one_sided)]}" if mixed else ""
        lines.append(f"  {pc.piece.name} ({pc.piece.size} cells, copies: {copies}{turned})")
        lines += ["    " + line for line in render_piece(pc.piece).split("\n")]
    return "\n".join(lines) + "\n"


_TURNED = {"free": "free", "face-up": "face up", "face-down": "face down (turned over)",
           "fixed": "fixed (never turned)"}
"""How a piece may turn ([orientation]), in `show`'s words."""


def _turning(p: Puzzle) -> str:
    """How the puzzle's pieces may move, in `show`'s words."""
    ways = {pc.how_turned(p.one_sided) for pc in p.pieces}
    if len(ways) > 1:
        return "turned as each says below ([orientation])"
    if ways == {"face-down"}:
        return "face down (turned over, then turned only)"
    if ways == {"fixed"}:
        return "fixed (moved, never turned)"
    grid = p.grid
    if grid.one_sided_by_default:  # pieces that cannot be turned over: mirrored is another piece
        rotations = sum(g.proper for g in grid.symmetries())
        anyway = f"; {grid.turned_over_anyway} turned over too" if grid.turned_over_anyway else ""
        return (f"{grid.piece_noun}, turned by the {rotations} rotations (no mirror images{anyway})" if p.one_sided
                else f"{grid.piece_noun}, turned and mirrored (one_sided = false)")
    return "one-sided (no turning over)" if p.one_sided else "free (may be turned over)"


@main.command("list", epilog=_examples("pentomino list"))
def list_() -> None:
    """List the built-in puzzles and piece sets, one line each."""
    from pentomino.model.library import SHELVES, builtin_names, describe_builtin, shelf
    from pentomino.model.piecesets import piece_sets

    shelved: dict[str, list[str]] = {s: [] for s in SHELVES}
    for name in builtin_names():
        shelved[shelf(name)].append(name)
    for title, names in shelved.items():
        click.echo(f"puzzles: {title}")
        for name in names:
            click.echo(f"  {name:<24} {describe_builtin(name)}")
        if title == SHELVES[0]:
            click.echo(f"  {'RxC':<24} 12 pentominoes in any R x C rectangle of 60 cells")
    click.echo("piece sets:")
    for s in piece_sets().values():
        click.echo(f"  {s.name:<22} {s.description}")


@main.command(epilog=_examples("pentomino serve", "pentomino serve --port 0 --open"))
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; anything but a loopback address makes the page reachable "
                   "from the network.")
@click.option("--port", type=int, default=8000, show_default=True,
              help="Port to listen on; 0 picks a free one (and prints it).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser tab.")
@click.option("--max-cells", type=int, default=Settings.max_cells, show_default=True,
              help="Largest board a page may ask for, in cells.")
@click.option("--max-seconds", type=float, default=Settings.max_seconds, show_default=True,
              help="Longest time one search may run.")
@click.option("--max-searches", type=int, default=Settings.max_searches, show_default=True,
              help="Searches running at once; more are told to try again (HTTP 429).")
def serve(host: str, port: int, open_browser: bool, max_cells: int, max_seconds: float, max_searches: int) -> None:
    """Serve the web page: pick, solve, watch, count, browse and design puzzles in a browser."""
    try:
        settings = Settings(max_cells=max_cells, max_seconds=max_seconds, max_searches=max_searches)
        from pentomino.web.server import serve as run_server
    except ImportError as exc:  # pragma: no cover - they are ordinary dependencies
        _fail(f"the web server needs {exc.name}: pip install starlette uvicorn")
    except PentominoError as exc:
        _fail_on(None, exc)
    if not is_loopback(host):
        click.echo(f"warning: listening on {host}: the page is reachable from the network, and "
                   "anyone who reaches it can run searches on this machine", err=True)
    try:
        run_server(host, port, open_browser=open_browser, settings=settings,
                   say=lambda line: click.echo(line))
    except PentominoError as exc:
        _fail_on(None, exc)
    except OSError as exc:
        if _is_closed_pipe(exc):
            raise
        _fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}; "
              "give another --port (0 picks a free one) or --host")
    except KeyboardInterrupt:
        pass
    click.echo("stopped", err=True)


if __name__ == "__main__":  # pragma: no cover
    main()
