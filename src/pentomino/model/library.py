"""Built-in puzzles: named puzzle files shipped in the package, and any ``RxC`` rectangle."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from pentomino.errors import PuzzleError
from pentomino.model.fileformat import parse_puzzle, suggest
from pentomino.model.puzzle import Puzzle

DEFAULT_PUZZLE = "6x10"
_RECT = re.compile(r"^(\d+)x(\d+)$")


def _data_files() -> dict[str, str]:
    folder = resources.files("pentomino") / "data" / "puzzles"
    return {p.name[:-5]: p.read_text(encoding="utf-8") for p in folder.iterdir() if p.name.endswith(".toml")}


def builtin_names() -> list[str]:
    """The names of the shipped puzzles (rectangles RxC are built on demand)."""
    return sorted(_data_files(), key=lambda n: (not _RECT.match(n), n))


def describe_builtin(name: str) -> str:
    return load_puzzle(name).name


def rectangle(rows: int, cols: int) -> Puzzle:
    """The 12 pentominoes in a rows x cols box (the area must be 60)."""
    if rows * cols != 60:
        raise PuzzleError(f"{rows}x{cols} has {rows * cols} cells, but the 12 pentominoes cover 60: "
                          "use 6x10, 5x12, 4x15, 3x20 (or their transposes), or a puzzle file")
    board = "\n".join("." * cols for _ in range(rows))
    return parse_puzzle(f'name = "12 pentominoes, {rows}x{cols}"\npieces = "pentominoes"\n'
                        f'board = """\n{board}\n"""\n', f"{rows}x{cols}")


def load_puzzle(name_or_path: str) -> Puzzle:
    """A built-in puzzle by name, an ``RxC`` rectangle, or a puzzle file path."""
    files = _data_files()
    if name_or_path in files:
        return parse_puzzle(files[name_or_path], name_or_path)
    m = _RECT.match(name_or_path)
    if m:
        return rectangle(int(m.group(1)), int(m.group(2)))
    path = Path(name_or_path)
    if path.is_file():
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise PuzzleError(f"{path}: cannot read: {exc}") from None
        return parse_puzzle(text, str(path))
    if path.suffix or "/" in name_or_path or path.exists():
        raise PuzzleError(f"{name_or_path}: no such file (and no built-in puzzle of that name)")
    raise PuzzleError(f"unknown puzzle {name_or_path!r}{suggest(name_or_path, files)}: "
                      "give a built-in name (`pentomino list`), RxC such as 6x10, or a .toml file")
