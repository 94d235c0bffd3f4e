"""Tests of the colored renderers: SVG (render/svg.py), ANSI terminal (render/color.py) and
their shared palette (render/palette.py)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from conftest import NS, parse, path_length, polygon_points
from pentomino import Placement, Puzzle
from pentomino.errors import PuzzleError
from pentomino.render.color import RESET, render_color, render_color_board
from pentomino.render.palette import PIECE_COLORS, hex_color, piece_color, text_color
from pentomino.render.svg import SvgImage, render_sheet, render_svg
from pentomino.render.text import piece_letters

ANSI = re.compile(r"\x1b\[[0-9;]*m")
PENTOMINOES = "FILNPTUVWXYZ"

# A known tiling of the 6x10 rectangle and of Scott's 8x8 (2x2 hole in the middle), written
# out so these tests depend on the renderers only, not on the solver.
SOLUTION_6X10 = """
LLLLFTYYYY
LXFFFTTTYI
XXXFWTVVVI
PXUUWWZZVI
PPUNNWWZVI
PPUUNNNZZI
"""
SOLUTION_8X8 = """
LLXUUVVV
LXXXUVZZ
LFXUUVZN
LFF  ZZN
FFY  WNN
YYYYWWNT
PPPWWTTT
PPIIIIIT
"""


def placements_from(picture: str) -> list[Placement]:
    cells: dict[str, list] = {}
    for r, line in enumerate(picture.strip("\n").split("\n")):
        for c, ch in enumerate(line):
            if ch != " ":
                cells.setdefault(ch, []).append((r, c))
    return [Placement.of(name, cs) for name, cs in sorted(cells.items())]


@pytest.fixture(scope="module")
def rect():
    return Puzzle.load("6x10"), placements_from(SOLUTION_6X10)


@pytest.fixture(scope="module")
def scott():
    return Puzzle.load("8x8"), placements_from(SOLUTION_8X8)


def piece_groups(root):
    return [g for g in root.iter(NS + "g") if g.get("class") == "piece"]


def rect_cells(group, margin=10, top=10, cs=30):
    """The (row, col) offsets of the square <polygon>s in a group, from the board's top-left
    corner."""
    cells = set()
    for poly in group.iter(NS + "polygon"):
        xs, ys = zip(*polygon_points(poly), strict=True)
        assert max(xs) - min(xs) == max(ys) - min(ys) == cs and len(xs) == 4
        cells.add(((min(ys) - top) / cs, (min(xs) - margin) / cs))
    return cells


# -- SVG ------------------------------------------------------------------------------------
def test_svg_is_a_standalone_document(rect):
    puzzle, placements = rect
    svg = render_svg(puzzle, placements)
    assert isinstance(svg, str) and isinstance(svg, SvgImage)
    assert svg._repr_svg_() == svg
    root = parse(svg)
    assert root.tag == NS + "svg"
    width, height = int(root.get("width")), int(root.get("height"))
    assert (width, height) == (10 * 30 + 20, 6 * 30 + 20)
    assert root.get("viewBox") == f"0 0 {width} {height}"


def test_svg_has_one_colored_group_per_placement(rect):
    puzzle, placements = rect
    groups = piece_groups(parse(render_svg(puzzle, placements)))
    assert [g.get("data-piece") for g in groups] == [p.piece for p in placements]
    for g, p in zip(groups, placements, strict=True):
        assert g.get("fill") == hex_color(piece_color(p.piece))
        assert rect_cells(g) == {(float(r), float(c)) for r, c in p.cells}
    assert len({g.get("fill") for g in groups}) == 12


def test_svg_outline_runs_exactly_along_piece_borders(rect):
    puzzle, placements = rect
    root = parse(render_svg(puzzle, placements, cell_size=20))
    outline = [p for p in root.iter(NS + "path") if p.get("class") == "outline"]
    inner = [p for p in root.iter(NS + "path") if p.get("class") == "inner"]
    assert len(outline) == 1 and len(inner) == 1
    assert float(outline[0].get("stroke-width")) > float(inner[0].get("stroke-width"))
    owner = {c: p.piece for p in placements for c in p.cells}
    borders = same = 0
    for (r, c), name in owner.items():
        for n in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)):
            if owner.get(n) != name:
                borders += 1              # each outer edge once, each shared edge twice
            else:
                same += 1                 # every inner edge twice
    outer = 2 * (6 + 10)
    expected_outline = (borders - outer) // 2 + outer
    assert path_length(outline[0].get("d")) == expected_outline * 20
    assert path_length(inner[0].get("d")) == same // 2 * 20


def test_svg_leaves_the_hole_empty_and_greys_uncovered_cells(scott):
    puzzle, placements = scott
    root = parse(render_svg(puzzle, placements[:5]))
    drawn = set()
    for g in root.iter(NS + "g"):
        drawn |= rect_cells(g)
    hole = {(3.0, 3.0), (3.0, 4.0), (4.0, 3.0), (4.0, 4.0)}
    assert not drawn & hole
    assert len(drawn) == 60
    free = [g for g in root.iter(NS + "g") if g.get("class") == "free"]
    covered = sum(len(p.cells) for p in placements[:5])
    assert len(free) == 1 and len(list(free[0].iter(NS + "polygon"))) == 60 - covered
    assert len(piece_groups(root)) == 5


def test_svg_names_and_title(scott):
    puzzle, placements = scott
    svg = render_svg(puzzle, placements, show_names=True, title="Scott <8x8> & co")
    root = parse(svg)
    labels = [t for t in root.iter(NS + "text") if t.get("class") == "label"]
    assert sorted(t.text for t in labels) == sorted(PENTOMINOES)
    for t in labels:     # each name is written on a cell of its own piece
        p = next(p for p in placements if p.piece == t.text)
        col = (float(t.get("x")) - 10 - 15) / 30
        row = (float(t.get("y")) - float(root.get("height")) + 10 + 8 * 30) // 30
        assert (row, col) in p.cells
    assert root.find(NS + "title").text == "Scott <8x8> & co"
    assert "<8x8>" not in svg
    plain = parse(render_svg(puzzle, placements))
    assert not [t for t in plain.iter(NS + "text")]


def test_svg_of_the_unsolved_board(scott):
    puzzle, _ = scott
    root = parse(render_svg(puzzle))
    assert piece_groups(root) == []
    free = [g for g in root.iter(NS + "g") if g.get("class") == "free"]
    assert len(list(free[0].iter(NS + "polygon"))) == 60


def test_svg_escapes_odd_piece_names():
    # Any placement object with .piece and .cells will do, whatever the puzzle's pieces are.
    base = Puzzle.load("6x10")
    odd = [Placement.of('a<"&>', [(0, 0), (0, 1)])]
    root = parse(render_svg(base, odd, show_names=True))
    (g,) = piece_groups(root)
    assert g.get("data-piece") == 'a<"&>'
    assert [t.text for t in root.iter(NS + "text")] == ['a<"&>']


def test_solved_puzzle_renders():
    puzzle = Puzzle.load("8x8")
    solution = puzzle.solve()
    root = parse(render_svg(puzzle, solution.placements, show_names=True))
    assert len(piece_groups(root)) == len(solution.placements) == 12


@pytest.mark.parametrize("options, named", [
    ({"cell_size": 0}, "cell_size"), ({"cell_size": -5}, "cell_size"), ({"cell_size": "30"}, "cell_size"),
    ({"cell_size": float("nan")}, "cell_size"), ({"cell_size": float("inf")}, "cell_size"),
    ({"cell_size": None}, "cell_size"), ({"margin": -1}, "margin"), ({"margin": float("nan")}, "margin"),
    ({"margin": "10"}, "margin"),
])
def test_svg_bad_sizes_are_one_line_puzzle_errors(rect, options, named):
    puzzle, placements = rect
    with pytest.raises(PuzzleError) as info:
        render_svg(puzzle, placements, **options)
    message = str(info.value)
    assert message.startswith(f"render_svg: {named} must be ") and "\n" not in message
    assert repr(options[named]) in message and f"use e.g. {named}=" in message


def test_svg_sizes_that_work(rect):
    puzzle, placements = rect
    root = parse(render_svg(puzzle, placements, cell_size=20, margin=0))
    assert (root.get("width"), root.get("height")) == ("200", "120")


def test_sheet_needs_solutions_and_whole_columns(rect):
    puzzle, placements = rect
    with pytest.raises(PuzzleError, match="^render_sheet: no solutions to draw"):
        render_sheet(puzzle, [])
    with pytest.raises(PuzzleError, match="^render_sheet: columns must be a whole number, not 1.5"):
        render_sheet(puzzle, [placements, placements], columns=1.5)
    two = parse(render_sheet(puzzle, [placements, placements], columns=1))
    assert (two.get("width"), two.get("height")) == ("320", "400")


# -- terminal color ------------------------------------------------------------------------
def test_color_rows_and_escapes(rect):
    puzzle, placements = rect
    out = render_color(puzzle, placements)
    lines = out.split("\n")
    assert len(lines) == 6
    for line, text_row in zip(lines, SOLUTION_6X10.strip().split("\n"), strict=True):
        assert "\x1b[48;2;" in line
        assert line.endswith(RESET)
        plain = ANSI.sub("", line)
        assert plain == "".join(ch + " " for ch in text_row)


def test_color_uses_the_palette_and_contrasting_ink(rect):
    puzzle, placements = rect
    out = render_color(puzzle, placements)
    for p in placements:
        bg = piece_color(p.piece)
        ink = text_color(bg)
        cell = "\x1b[48;2;{};{};{}m\x1b[38;2;{};{};{}m{} ".format(*bg, *ink, p.piece)
        assert out.count(cell) == len(p.cells)


def test_color_hole_and_uncovered_cells(scott):
    puzzle, placements = scott
    lines = render_color(puzzle, placements[:5]).split("\n")
    assert len(lines) == 8
    plain = [ANSI.sub("", line) for line in lines]
    assert all(len(line) == 16 for line in plain)
    assert plain[3][6:10] == "    " and plain[4][6:10] == "    "
    covered = sum(len(p.cells) for p in placements[:5])
    assert sum(line.count("·") for line in plain) == 60 - covered
    # the hole is not painted: a reset comes right before its spaces
    assert RESET + "  " + RESET + "  " in lines[3]


def test_color_board_shows_preplaced_pieces():
    # Build the puzzle without the file format: the board of Scott's 8x8 plus two pieces.
    base = Puzzle.load("8x8")
    pre = (Placement.of("I", [(0, c) for c in range(5)]),
           Placement.of("L", [(7, 4), (7, 5), (7, 6), (7, 7), (6, 7)]))
    puzzle = Puzzle(base.board, base.pieces, pre, name="two placed")
    out = render_color_board(puzzle)
    assert out == render_color(puzzle)
    lines = [ANSI.sub("", line) for line in out.split("\n")]
    assert lines[0] == "I I I I I · · · "
    assert lines[7] == "· · · · L L L L "
    assert sum(line.count("·") for line in lines) == 60 - 10
    svg = parse(render_svg(puzzle))
    assert [g.get("data-piece") for g in piece_groups(svg)] == ["I", "L"]


def test_color_gives_long_names_one_letter():
    base = Puzzle.load("6x10")
    placements = [Placement.of("I4", [(0, c) for c in range(4)]),
                  Placement.of("I3", [(1, c) for c in range(3)])]
    letters = piece_letters(["I3", "I4"])
    assert letters["I3"] != letters["I4"]
    lines = [ANSI.sub("", line) for line in render_color(base, placements).split("\n")]
    assert lines[0].startswith((letters["I4"] + " ") * 4)
    assert lines[1].startswith((letters["I3"] + " ") * 3)


# -- palette --------------------------------------------------------------------------------
def test_pentomino_colors_are_fixed_and_distinct():
    colors = [piece_color(n) for n in PENTOMINOES]
    assert len(set(colors)) == 12
    mirrors = [piece_color(n.lower()) for n in PENTOMINOES]
    assert len(set(colors) | set(mirrors)) == 24
    assert all(piece_color(n) == PIECE_COLORS[n] for n in PENTOMINOES)
    for rgb in colors + mirrors:
        assert all(0 <= v <= 255 for v in rgb)


def test_same_name_same_color_everywhere():
    for name in ["F", "f", "O4", "I2", "my piece", "Ω"]:
        rgb = piece_color(name)
        assert piece_color(name) == rgb
        assert len(rgb) == 3 and all(isinstance(v, int) and 0 <= v <= 255 for v in rgb)
    assert piece_color("O4") != piece_color("S4")


def test_fallback_color_does_not_depend_on_hash_seed():
    code = "from pentomino.render.palette import piece_color; print(piece_color('S4'), piece_color('my piece'))"
    src = os.path.join(os.path.dirname(__file__), os.pardir, "src")
    outs = set()
    for seed in ("1", "2", "3"):
        env = dict(os.environ, PYTHONHASHSEED=seed,
                   PYTHONPATH=os.pathsep.join([src, os.environ.get("PYTHONPATH", "")]))
        outs.add(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                text=True, check=True, timeout=120).stdout)
    assert len(outs) == 1
    assert outs.pop().strip() == f"{piece_color('S4')} {piece_color('my piece')}"


def test_ink_contrasts_with_background():
    assert text_color((0, 0, 0)) == (255, 255, 255)
    assert text_color((255, 255, 255)) == (0, 0, 0)
    assert text_color(piece_color("T")) == (0, 0, 0)       # yellow: black ink
