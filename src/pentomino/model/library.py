"""Built-in puzzles: named puzzle files shipped in the package, and any ``RxC`` rectangle; and
puzzle files read from disk. Each is given as its fields (:class:`~pentomino.model.fields.PuzzleFields`):
:meth:`Puzzle.load <pentomino.model.puzzle.Puzzle.load>` is the way in for users."""

from __future__ import annotations

import codecs
import difflib
import os
import re
import stat
from importlib import resources
from pathlib import Path

from pentomino.errors import PuzzleError
from pentomino.model.fields import PuzzleFields
from pentomino.model.fileformat import parse_puzzle, suggest
from pentomino.model.piecesets import piece_sets
from pentomino.tuning import MAX_FILE_BYTES

DEFAULT_PUZZLE = "6x10"
_RECT = re.compile(r"^(\d+)x(\d+)$")


def _data_files() -> dict[str, str]:
    folder = resources.files("pentomino") / "data" / "puzzles"
    return {p.name[:-5]: p.read_text(encoding="utf-8") for p in folder.iterdir() if p.name.endswith(".toml")}


CLASSIC_RECTANGLES = ("6x10", "5x12", "4x15", "3x20")


def builtin_names() -> list[str]:
    """The names of the shipped puzzles; rectangles RxC are built on demand."""
    return list(CLASSIC_RECTANGLES) + sorted(_data_files())


def describe_builtin(name: str) -> str:
    return load_puzzle(name).name


CLASSIC_TOYS = ("iq-puzzler-pro", "iq-puzzler-pro-pyramid", "kanoodle", "kanoodle-pyramid", "kanoodle-pyramid-start",
                "kanoodle-pyramid-two")
"""Built-in puzzles that are challenges of toys sold in shops: flat, or balls stacked."""
SHELVES = ("pentomino boards", "calendars (--date, --open, count --each-date)", "puzzles sold as toys",
           "triangles and hexagons", "solids")
"""The groups `pentomino list` shows the built-in puzzles in, in order."""


def shelf(name: str) -> str:
    """Which of :data:`SHELVES` a built-in puzzle is listed under."""
    if name in CLASSIC_TOYS:
        return SHELVES[2]
    fields = load_puzzle(name)
    if fields.labels is not None:
        return SHELVES[1]
    if fields.grid.layered:
        return SHELVES[4]
    return SHELVES[3] if fields.grid.name != "square" else SHELVES[0]


def rectangle(rows: int, cols: int) -> PuzzleFields:
    """The 12 pentominoes in a rows x cols box (the area must be 60)."""
    if rows * cols != 60:
        raise PuzzleError(f"{rows}x{cols} has {rows * cols} cells, but the 12 pentominoes cover 60: "
                          "use 6x10, 5x12, 4x15, 3x20 (or their transposes), or a puzzle file")
    board = "\n".join("." * cols for _ in range(rows))
    return parse_puzzle(f'name = "12 pentominoes, {rows}x{cols}"\npieces = "pentominoes"\n'
                        f'board = """\n{board}\n"""\n', f"{rows}x{cols}")


def load_builtin(name: str) -> PuzzleFields:
    """A built-in puzzle by name or an ``RxC`` rectangle; never reads a file named by ``name``."""
    files = _data_files()
    if name in files:
        return parse_puzzle(files[name], name)
    m = _RECT.match(name)
    if m:
        return rectangle(int(m.group(1)), int(m.group(2)))
    raise _unknown(name)


def load_puzzle(name_or_path: str | os.PathLike[str]) -> PuzzleFields:
    """A built-in puzzle by name, an ``RxC`` rectangle, or a puzzle file path (a path object
    is always read as a file)."""
    if isinstance(name_or_path, os.PathLike):
        return _load_file(Path(name_or_path))
    if not name_or_path.strip():  # Path("") is the current folder: say what was given instead
        raise PuzzleError(f"the puzzle is an empty name ({name_or_path!r}): give a built-in name "
                          "(`pentomino list`), RxC such as 6x10, or a .toml file")
    if name_or_path in _data_files() or _RECT.match(name_or_path):
        return load_builtin(name_or_path)
    path = Path(name_or_path)
    if path.exists() or path.suffix or "/" in name_or_path or os.sep in name_or_path:
        return _load_file(path)
    raise _unknown(name_or_path)


def _unknown(name_or_path: str) -> PuzzleError:
    """The error for a name that is neither a built-in puzzle nor a file."""
    files = _data_files()
    sets = piece_sets()
    puzzles = list(files) + list(CLASSIC_RECTANGLES)
    close = difflib.get_close_matches(name_or_path, puzzles + list(sets), n=1, cutoff=0.5)
    if name_or_path in sets or (close and close[0] in sets):
        set_name = name_or_path if name_or_path in sets else close[0]
        return PuzzleError(f"unknown puzzle {name_or_path!r}: {set_name!r} is a piece set, not a puzzle; "
                           f"give a built-in puzzle (`pentomino list`), RxC such as 6x10, or a .toml "
                           f"file with pieces = \"{set_name}\"")
    return PuzzleError(f"unknown puzzle {name_or_path!r}{suggest(name_or_path, puzzles)}: "
                       "give a built-in name (`pentomino list`), RxC such as 6x10, or a .toml file")


def _load_file(path: Path) -> PuzzleFields:
    """A puzzle file; every failure to read it is one :class:`PuzzleError` line."""
    return parse_puzzle(_read_file(path), str(path))


def _read_file(path: Path) -> str:
    """The text of the puzzle file at ``path``: a regular file of at most
    :data:`~pentomino.tuning.MAX_FILE_BYTES`, in UTF-8 (a byte-order mark, as some editors
    write, is read past). Anything else is refused in one :class:`PuzzleError` line before it
    is read: a folder, a device (``/dev/zero`` never ends), a FIFO (whose reader waits for a
    writer), a file too large to be a puzzle."""
    try:
        info = path.stat()
    except FileNotFoundError:
        raise PuzzleError(f"{path}: no such file (and no built-in puzzle of that name); "
                          "check the path, or `pentomino list` for the built-in puzzles") from None
    except OSError as exc:
        raise PuzzleError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise PuzzleError(f"{path}: is a directory, not a puzzle file: give a .toml file in it")
    if not stat.S_ISREG(info.st_mode):
        raise PuzzleError(f"{path}: is {_kind(info.st_mode)}, not a puzzle file: give a .toml file")
    try:
        # Opened without waiting (a FIFO put in the file's place since would block) and checked
        # again, then read no further than one byte past the cap.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise PuzzleError(f"{path}: is not a regular file, not a puzzle file: give a .toml file")
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise PuzzleError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise PuzzleError(f"{path}: is larger than a puzzle file may be ({MAX_FILE_BYTES // 2**20} MB): "
                          "give a puzzle file, not another kind of file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        at = exc.start + (3 if data.startswith(codecs.BOM_UTF8) else 0)
        raise PuzzleError(f"{path}: not a text file in UTF-8 (byte {at}); "
                          "save it as UTF-8 text") from None


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, for a message."""
    for test, kind in ((stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISFIFO, "a FIFO (a pipe)"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return kind
    return "not a regular file"
