"""The page of `pentomino serve` in a real browser (Debian's Chromium, driven by Playwright).

The tests use the page as a person would, by visible labels and roles, and check what it shows
against the library, the CLI and the independent checker. A failing test leaves a screenshot in
test-results/.
"""

import datetime
import itertools
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from checker import check_solution
from conftest import run_process
from pentomino import Puzzle

pytestmark = pytest.mark.browser
DATA = Path(__file__).parent / "data"
READ_BOARD = """svg => [...svg.querySelectorAll('g.piece')].map(g => [g.dataset.piece,
    [...g.querySelectorAll('[data-cell]')].map(r => r.dataset.cell.split(',').map(Number))])"""


# What the page waits for from the server (a solution, a count, the first frame of a watch, whose
# kernel loop a process may compile first) may take many seconds on a loaded machine: every
# expectation waits up to a minute, a guard against a hang, not a measure of speed.
expect.set_options(timeout=60_000)


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-ready", "1")


def set_range(page: Page, label: str, value: int) -> None:
    """Move a slider, as dragging it would."""
    page.get_by_label(label).evaluate("(el, v) => { el.value = v; el.dispatchEvent(new Event('input')); }", value)


def new_design_board(page: Page, rows: int, columns: int, grid: str | None = None, pieces: str | None = None):
    """The Design tab's new blank board of ``rows`` x ``columns``; on ``grid``, first checking
    that choosing it picks its piece set ``pieces``."""
    page.get_by_role("tab", name="Design").click()
    if grid is not None:
        page.get_by_label("Grid").select_option(grid)
        expect(page.get_by_label("Pieces", exact=True)).to_have_value(pieces)
    page.get_by_label("Rows").last.fill(str(rows))
    page.get_by_label("Columns").last.fill(str(columns))
    page.get_by_role("button", name="New grid").click()


def step_in_the_watch_tab(page: Page, steps: int) -> None:
    """Press Step ``steps`` times in the Watch tab; each press shows a new frame (the first may
    wait for the kernel's compile)."""
    page.get_by_role("tab", name="Watch").click()
    page.get_by_role("button", name="Step").click()
    expect(page.locator("#watch-status")).to_contain_text("nodes")
    for _ in range(steps - 1):
        before = page.locator("#watch-status").text_content()
        page.get_by_role("button", name="Step").click()
        expect(page.locator("#watch-status")).not_to_have_text(before)


def drawn(page: Page) -> list:
    """The placements drawn on the board, read back from the page: [[piece, [[r, c], ...]], ...]."""
    return page.locator("#board").evaluate(READ_BOARD)


def check_drawn(puzzle: Puzzle, placements: list) -> frozenset:
    spec = [(pc.piece.name, pc.piece.cells, pc.min, pc.max if pc.max is not None else puzzle.area)
            for pc in puzzle.pieces]
    pre = [(p.piece, frozenset(p.cells)) for p in puzzle.preplaced]
    return check_solution(puzzle.board, spec, puzzle.one_sided, pre,
                          [(n, [tuple(c) for c in cs]) for n, cs in placements], grid=puzzle.grid.name)


def cli(*args: str) -> subprocess.CompletedProcess:
    return run_process([sys.executable, "-m", "pentomino", *args], timeout=120)


def test_choose_5x12_solve_and_check_the_drawn_solution(page: Page, live_server):
    open_page(page, live_server.url)
    page.get_by_label("Puzzle", exact=True).select_option("5x12")
    expect(page.locator("#puzzle-title")).to_have_text("12 pentominoes, 5x12")
    set_range(page, "Delay between tiles", 0)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#board g.piece")).to_have_count(12)
    placements = drawn(page)
    check_drawn(Puzzle.load("5x12"), placements)
    # It is the library's first solution, drawn in the library's colors.
    first = Puzzle.load("5x12").solve()
    assert {(n, tuple(map(tuple, cs))) for n, cs in placements} == {(p.piece, p.cells) for p in first.placements}
    assert page.locator('#board g.piece[data-piece="X"]').get_attribute("fill") == "#8ecaec"
    # Next shows another solution, previous the first again.
    page.get_by_role("button", name="Next").click()
    expect(page.locator("#solve-status")).to_contain_text("Solution #2")
    expect(page.locator("#board g.piece")).to_have_count(12)
    second = drawn(page)
    check_drawn(Puzzle.load("5x12"), second)
    assert sorted(map(str, second)) != sorted(map(str, placements))
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#solve-status")).to_contain_text("Solution #1")
    # Jump to the last of the 1010, then one past it.
    page.get_by_label("Solution #").fill("1010")
    page.get_by_role("button", name="Go").click()
    expect(page.locator("#solve-status")).to_contain_text("Solution #1010")
    check_drawn(Puzzle.load("5x12"), drawn(page))
    page.get_by_role("button", name="Next").click()
    expect(page.locator("#solve-status")).to_have_text("There are only 1,010 solutions (up to symmetry).")


RECORD_DRAWINGS = """() => { window.drawings = [];
  new MutationObserver(() => window.drawings.push(
      [...document.querySelectorAll('#board g.piece')].map(g => g.dataset.piece).join(' ')))
    .observe(document.getElementById('board'), {childList: true}); }"""


@pytest.mark.slow
def test_tiles_appear_one_by_one_in_search_order(page: Page, live_server):
    open_page(page, live_server.url)
    set_range(page, "Delay between tiles", 100)
    page.evaluate(RECORD_DRAWINGS)
    page.keyboard.press("Space")
    expect(page.locator("#board g.piece")).to_have_count(12)
    # Every drawing of the board, as it happened: one more tile each time, in search order.
    drawings = sorted({d for d in page.evaluate("window.drawings") if d}, key=len)
    order = [p.piece for p in Puzzle.load("6x10").solve().in_search_order]
    assert drawings == [" ".join(order[:k]) for k in range(1, 13)]


@pytest.mark.slow
def test_random_order_with_a_seed_gives_the_cli_solution(page: Page, live_server):
    open_page(page, live_server.url)
    set_range(page, "Delay between tiles", 0)
    page.get_by_label("Random order").check()
    page.get_by_label("Seed").fill("11")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#board g.piece")).to_have_count(12)
    line = cli("solve", "6x10", "--random", "--seed", "11", "--format", "json").stdout.splitlines()[0]
    want = {(p["piece"], tuple(map(tuple, p["cells"]))) for p in json.loads(line)["placements"]}
    assert {(n, tuple(map(tuple, cs))) for n, cs in drawn(page)} == want


@pytest.mark.slow
def test_export_json_is_the_cli_line(page: Page, live_server, tmp_path):
    open_page(page, live_server.url)
    set_range(page, "Delay between tiles", 0)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#board g.piece")).to_have_count(12)
    with page.expect_download() as info:
        page.get_by_role("button", name="JSON").click()
    path = tmp_path / "solution.json"
    info.value.save_as(path)
    assert path.read_text() == cli("solve", "6x10", "--format", "json").stdout
    with page.expect_download() as info:
        page.get_by_role("button", name="SVG").click()
    info.value.save_as(tmp_path / "solution.svg")
    assert (tmp_path / "solution.svg").read_text() == cli("solve", "6x10", "--format", "svg").stdout
    with page.expect_download() as info:
        page.get_by_role("button", name="PNG").click()
    info.value.save_as(tmp_path / "solution.png")
    assert (tmp_path / "solution.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.slow
def test_export_json_escapes_and_orders_piece_names_as_the_cli(page: Page, live_server, tmp_path):
    """The page writes the CLI's JSON line itself (tests/data/odd-piece-names.toml says why these)."""
    path = DATA / "odd-piece-names.toml"
    assert sorted(p.piece.name for p in Puzzle.load(path).pieces) == ['q"\\', "\u00e9", "\uff21", "\U0001F600"]
    open_page(page, live_server.url)
    page.get_by_role("tab", name="File").click()
    page.get_by_label("Puzzle file", exact=True).fill(path.read_text(encoding="utf-8"))
    expect(page.locator("#file-message")).to_contain_text("OK")
    page.get_by_role("button", name="Use this puzzle").click()
    expect(page.locator("#puzzle-title")).to_have_text("odd names")
    set_range(page, "Delay between tiles", 0)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#board g.piece")).to_have_count(4)
    with page.expect_download() as info:
        page.get_by_role("button", name="JSON").click()
    info.value.save_as(tmp_path / "solution.json")
    line = cli("solve", str(path), "--format", "json").stdout
    assert "\\ud83d\\ude00" in line and "\\uff21" in line  # escaped, as the page must write them too
    assert (tmp_path / "solution.json").read_text() == line


def test_a_link_with_a_position_written_as_pairs_still_opens(page: Page, live_server):
    """Play links written before placements were {piece, cells} hold [piece, cells] pairs."""
    import base64

    cells = [[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]]
    old = base64.urlsafe_b64encode(json.dumps([["X", cells]]).encode()).decode().rstrip("=")
    open_page(page, f"{live_server.url}#puzzle=6x10&play={old}")
    expect(page.get_by_role("tab", name="Play")).to_have_attribute("aria-selected", "true")
    expect(page.locator('#board g.piece[data-piece="X"] polygon')).to_have_count(5)
    assert sorted(drawn(page)[0][1]) == cells


@pytest.mark.slow
def test_count_6x10_shows_the_three_counts(page: Page, live_server):
    open_page(page, live_server.url)
    page.get_by_role("tab", name="Count").click()
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator("#count-full")).to_have_text("2,339")
    expect(page.locator("#count-rotations")).to_have_text("4,678")
    expect(page.locator("#count-none")).to_have_text("9,356")
    shown = json.loads(page.locator("#count-json").text_content())
    want = json.loads(cli("count", "6x10", "--json", "--jobs", "1").stdout)  # the server counts on one process
    assert {k: v for k, v in shown.items() if k != "seconds"} == {k: v for k, v in want.items() if k != "seconds"}
    expect(page.locator("#count-status")).to_contain_text(f" · {want['parts']} parts")


@pytest.mark.slow
def test_cancel_a_long_count_stops_its_search(page: Page, live_server):
    open_page(page, live_server.url)
    page.get_by_role("tab", name="File").click()
    page.get_by_label("Puzzle file", exact=True).fill((DATA / "long-8x10.toml").read_text())
    expect(page.locator("#file-message")).to_contain_text("OK")
    page.get_by_role("button", name="Use this puzzle").click()
    expect(page.locator("#puzzle-title")).to_contain_text("tetrominoes in 8x10")
    page.get_by_role("tab", name="Count").click()
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator("#count-status")).to_contain_text("parts")
    assert [j["kind"] for j in live_server.running()] == ["count"]
    page.get_by_role("button", name="Cancel").click()
    expect(page.locator("#count-status")).to_contain_text("Cancelled")
    assert live_server.wait_idle() == []


@pytest.mark.slow
@pytest.mark.usefixtures("only_a_closed_stream_cancels")
def test_closing_the_page_cancels_its_search(page: Page, live_server):
    open_page(page, live_server.url)
    page.get_by_role("tab", name="File").click()  # a search of many minutes
    page.get_by_label("Puzzle file", exact=True).fill((DATA / "long-8x10.toml").read_text())
    page.get_by_role("button", name="Use this puzzle").click()
    page.get_by_role("tab", name="Watch").click()
    set_range(page, "Speed", 8)  # full speed
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#watch-status")).to_contain_text("nodes")
    assert [j["kind"] for j in live_server.running()] == ["watch"]
    page.close()
    assert live_server.wait_idle() == []


def test_watch_steps_and_pauses(page: Page, live_server):
    open_page(page, live_server.url)
    step_in_the_watch_tab(page, 4)
    # Each frame is a valid partial tiling of the pieces on the kernel's stack.
    pieces = drawn(page)
    names = [n for n, _ in pieces]
    assert len(names) == len(set(names)) and pieces
    page.get_by_role("button", name="Stop").click()
    assert live_server.wait_idle() == []


@pytest.mark.slow
def test_escape_stops_what_is_running(page: Page, live_server):
    open_page(page, live_server.url)
    page.get_by_role("tab", name="Watch").click()
    set_range(page, "Speed", 0)  # one node a second
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#watch-status")).to_contain_text("nodes")
    assert [j["kind"] for j in live_server.running()] == ["watch"]
    page.locator("#board").click()  # focus away from the controls, as a person would
    page.keyboard.press("Escape")
    assert live_server.wait_idle() == []
    expect(page.get_by_role("button", name="Start")).to_be_enabled()


@pytest.mark.slow
def test_draw_scotts_8x8_in_the_editor_and_count_65(page: Page, live_server):
    open_page(page, live_server.url)
    new_design_board(page, 8, 8)
    expect(page.locator("#design-message")).to_contain_text("No solution: area mismatch")
    expect(page.locator("#design-message")).to_have_class("message notice")  # a puzzle, not an error
    for r, c in [(3, 3), (3, 4), (4, 3), (4, 4)]:
        page.locator(f'#board [data-cell="{r},{c}"]').click()
    expect(page.locator("#design-message")).to_contain_text("OK: 60 cells")
    page.get_by_role("button", name="Is the solution unique?").click()
    expect(page.locator("#design-unique-answer")).to_contain_text("at least two")
    page.get_by_role("button", name="Use this puzzle").click()
    page.get_by_role("tab", name="Count").click()
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator("#count-full")).to_have_text("65")
    # The design downloads as a puzzle file that the library reads back to Scott's board.
    page.get_by_role("tab", name="Design").click()
    with page.expect_download() as info:
        page.get_by_role("button", name="Download .toml").click()
    text = Path(info.value.path()).read_text()
    assert Puzzle.from_toml(text).board == Puzzle.load("8x8").board


@pytest.mark.slow
def test_a_bad_puzzle_file_shows_the_cli_message(page: Page, live_server, tmp_path):
    open_page(page, live_server.url)
    page.get_by_role("tab", name="File").click()
    bad = 'pieces = "pentominoes"\nboard = """\n......\n"""\ncolor = 3\n'
    page.get_by_label("Puzzle file", exact=True).fill(bad)
    (tmp_path / "puzzle.toml").write_text(bad)
    message = cli("count", str(tmp_path / "puzzle.toml")).stderr.strip()
    expect(page.locator("#file-message")).to_have_text(
        message.removeprefix("pentomino: error: ").replace(str(tmp_path / "puzzle.toml"), "puzzle.toml"))
    expect(page.locator("#file-message")).to_contain_text("puzzle.toml:5")


@pytest.mark.slow
def test_a_shared_link_opens_the_same_puzzle(page: Page, live_server):
    open_page(page, live_server.url)
    page.get_by_role("tab", name="File").click()
    text = Puzzle.load("scott-finish").to_toml()
    page.get_by_label("Puzzle file", exact=True).fill(text)
    page.get_by_role("button", name="Copy link").click()
    page.wait_for_url("**#toml=*")
    link = page.url
    assert "#toml=" in link
    other = page.context.new_page()
    open_page(other, link)
    expect(other.locator("#puzzle-title")).to_have_text(Puzzle.load("scott-finish").name)
    assert Puzzle.from_toml(other.get_by_label("Puzzle file", exact=True).input_value()) == Puzzle.load("scott-finish")
    expect(other.locator("#board g.piece")).to_have_count(3)  # the pre-placed pieces
    other.close()


@pytest.mark.slow
def test_scroll_the_6x10_gallery_to_its_last_solution(page: Page, live_server):
    open_page(page, live_server.url)
    page.get_by_role("tab", name="Gallery").click()
    expect(page.locator("#gallery-status")).to_contain_text("2,339 solutions")
    page.locator("#gallery").evaluate("g => { g.scrollTop = g.scrollHeight; }")
    last = page.get_by_role("button", name="Solution 2339", exact=True)
    expect(last).to_be_visible()
    last.click()
    expect(page.locator("#enlarged-title")).to_contain_text("solution #2339")
    check_drawn(Puzzle.load("6x10"), page.locator("#enlarged-board").evaluate(READ_BOARD))


@pytest.mark.slow
def test_design_with_a_piece_put_down_in_advance(page: Page, live_server):
    open_page(page, live_server.url)
    new_design_board(page, 8, 8)  # (the Design tab opens on the puzzle shown: 6x10)
    page.get_by_label("Pieces", exact=True).fill("pentominoes O4")
    page.get_by_label("Pieces", exact=True).dispatch_event("change")
    expect(page.get_by_label("Copies of O4")).to_have_count(1)  # in the closed "Copies" box
    page.get_by_label("Place pieces").check()
    page.get_by_label("Piece", exact=True).select_option("O4")
    page.locator('#board [data-cell="3,3"]').click()
    expect(page.locator("#design-message")).to_contain_text("OK: 64 cells")
    # An F, turned once: the page turns it by the server's table, the cells must form an F.
    page.get_by_label("Piece", exact=True).select_option("F")
    page.get_by_role("button", name="Rotate").click()
    page.locator('#board [data-cell="0,2"]').click()
    placed = {n: cs for n, cs in drawn(page)}
    assert sorted(map(tuple, placed["O4"])) == [(3, 3), (3, 4), (4, 3), (4, 4)]
    f = {tuple(c) for c in placed["F"]}
    piece_f = Puzzle.load("6x10").piece("F")
    assert piece_f.grid.normalize(f) in piece_f.orientations()
    assert piece_f.grid.normalize(f) != piece_f.cells  # turned, not as drawn in the set
    page.locator('#board [data-cell="0,2"]').click()  # lifts the F again
    expect(page.locator('#board g.piece[data-piece="F"]')).to_have_count(0)
    page.get_by_role("button", name="Use this puzzle").click()
    expect(page.locator("#puzzle-title")).to_have_text("my 8x8 puzzle")
    page.get_by_role("tab", name="Count").click()
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator("#count-full")).to_have_text("65")  # Scott's 8x8, the O4 in the hole
    text = page.get_by_label("Puzzle file", exact=True).input_value()
    puzzle = Puzzle.from_toml(text)
    assert [p.piece for p in puzzle.preplaced] == ["O4"] and puzzle.area == 64


@pytest.mark.slow
def test_the_page_fits_a_phone_in_dark_mode(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark", has_touch=True)
    page = context.new_page()
    open_page(page, live_server.url)
    set_range(page, "Delay between tiles", 0)
    page.get_by_role("button", name="Solve", exact=True).tap()
    expect(page.locator("#board g.piece")).to_have_count(12)
    width = page.locator("#board").bounding_box()["width"]
    assert 250 < width <= 390  # the board uses the screen, and nothing overflows it
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(22, 24, 28)"  # the dark palette
    page.screenshot(path=str(Path(__file__).parent.parent / "test-results" / "phone-dark.png"))
    context.close()


# -- every grid: triangles, hexagons, cubes ---------------------------------------------------------
BAD_REQUEST = "Failed to load resource: the server responded with a status of 400"


def console_errors(page: Page) -> list:
    """The page's console errors and uncaught exceptions, as they happen (not the browser's note
    of each HTTP 400: the page checks drafts and shows the server's message)."""
    errors: list = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and BAD_REQUEST not in m.text else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def line_counts(puzzle: Puzzle, placements) -> tuple[int, int]:
    """(outline segments, inner segments) a drawing of these placements needs, from the grid's
    neighbours: an outline on each side with no board cell across it and between two pieces, a
    thin line between two cells of one piece. A solid is drawn layer by layer: only neighbours
    in the same layer share a drawn side."""
    owner = {tuple(c): i for i, (_, cells) in enumerate(placements) for c in cells}
    grid = puzzle.grid
    outline = inner = 0
    for cell in puzzle.board:
        across = [n for n in grid.neighbours(cell) if grid.dims == 2 or n[0] == cell[0]]
        sides = len(grid.polygon(cell)) if grid.dims == 2 else 4
        outline += sides - sum(n in puzzle.board for n in across)
        for n in across:
            if n in puzzle.board and cell < n:
                if owner[n] == owner[cell]:
                    inner += 1
                else:
                    outline += 1
    return outline, inner


@pytest.mark.slow
@pytest.mark.parametrize("name", ["tetrahexes-4x7", "hexiamonds-4x9", "soma"])
def test_other_grids_solve_and_draw(page: Page, live_server, name):
    errors = console_errors(page)
    open_page(page, live_server.url)
    puzzle = Puzzle.load(name)
    page.get_by_label("Puzzle", exact=True).select_option(name)
    expect(page.locator("#puzzle-title")).to_have_text(puzzle.name)
    expect(page.locator("#board g.free polygon")).to_have_count(puzzle.area)
    set_range(page, "Delay between tiles", 50)
    page.get_by_role("button", name="Solve", exact=True).click()
    first = puzzle.solve()
    expect(page.locator("#board g.piece")).to_have_count(len(first.placements))
    expect(page.locator("#solve-status")).to_contain_text("Solution #1")
    placements = drawn(page)
    assert {(n, tuple(map(tuple, cs))) for n, cs in placements} == {(p.piece, p.cells) for p in first.placements}
    # one polygon a cell, each piece's in its own group, and the lines a person expects
    expect(page.locator("#board g.piece polygon")).to_have_count(puzzle.area)
    expect(page.locator("#board g.free polygon")).to_have_count(0)
    for group in page.locator("#board g.piece").all():
        corners = len(group.locator("polygon").first.get_attribute("points").split())
        assert corners == {"hexagon": 6, "triangle": 3, "cube": 4}[puzzle.grid.name]
    outline, inner = line_counts(puzzle, placements)
    assert page.locator("#board path.outline").get_attribute("d").count("M") == outline
    assert page.locator("#board path.inner").get_attribute("d").count("M") == inner
    expect(page.locator("#board path.cell-grid")).to_have_count(0)  # no free cells left
    if puzzle.grid.dims == 3:
        expect(page.locator("#board text.layer-name")).to_have_text(["z = 0", "z = 1", "z = 2"])
        parts = {(n, c[0]) for n, cs in placements for c in cs}  # a piece is named in each layer it lies in
        expect(page.locator("#board text.label")).to_have_count(len(parts))
    else:
        expect(page.locator("#board text.label")).to_have_count(len(placements))
    page.screenshot(path=str(Path(__file__).parent.parent / "test-results" / f"grid-{name}.png"))
    # the next solution is the library's second
    page.get_by_role("button", name="Next").click()
    expect(page.locator("#solve-status")).to_contain_text("Solution #2")
    second = list(puzzle.solutions(limit=2))[1]
    expect(page.locator("#board g.piece")).to_have_count(len(second.placements))
    expect(page.locator("#board g.piece polygon")).to_have_count(puzzle.area)
    assert {(n, tuple(map(tuple, cs))) for n, cs in drawn(page)} == {(p.piece, p.cells) for p in second.placements}
    assert errors == []


@pytest.mark.slow
def test_export_svg_of_a_hexagon_solution(page: Page, live_server, tmp_path):
    """The server's SVG picture when the library draws the grid; its one-line message otherwise."""
    from pentomino.errors import PuzzleError
    from pentomino.render.svg import render_sheet

    errors = console_errors(page)
    open_page(page, live_server.url)
    page.get_by_label("Puzzle", exact=True).select_option("tetrahexes-4x7")
    set_range(page, "Delay between tiles", 0)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solve-status")).to_contain_text("Solution #1")
    puzzle = Puzzle.load("tetrahexes-4x7")
    try:
        expected = render_sheet(puzzle, [list(puzzle.solve().placements)]) + "\n"
    except PuzzleError as exc:
        page.get_by_role("button", name="SVG").click()
        expect(page.locator("#toast")).to_have_text(str(exc))
    else:
        with page.expect_download() as info:
            page.get_by_role("button", name="SVG").click()
        info.value.save_as(tmp_path / "solution.svg")
        assert (tmp_path / "solution.svg").read_text() == expected
    assert errors == []


@pytest.mark.slow
def test_gallery_and_count_of_tetrahexes(page: Page, live_server):
    errors = console_errors(page)
    open_page(page, live_server.url)
    page.get_by_label("Puzzle", exact=True).select_option("tetrahexes-4x7")
    page.get_by_role("tab", name="Gallery").click()
    expect(page.locator("#gallery-status")).to_have_text("9 solutions up to symmetry")
    expect(page.locator("#gallery .item")).to_have_count(9)
    expect(page.locator("#gallery .item svg g.piece")).to_have_count(9 * 7)
    page.get_by_role("button", name="Solution 9", exact=True).click()
    expect(page.locator("#enlarged-title")).to_contain_text("solution #9")
    last = list(Puzzle.load("tetrahexes-4x7").solutions())[8]
    got = page.locator("#enlarged-board").evaluate(READ_BOARD)
    assert {(n, tuple(map(tuple, cs))) for n, cs in got} == {(p.piece, p.cells) for p in last.placements}
    page.get_by_role("button", name="Close").click()
    page.get_by_role("tab", name="Count").click()
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator("#count-full")).to_have_text("9")
    puzzle = Puzzle.load("tetrahexes-4x7")
    expect(page.locator("#count-none")).to_have_text(f"{puzzle.count('none'):,}")
    assert errors == []


@pytest.mark.slow
def test_watch_a_triangle_search(page: Page, live_server):
    errors = console_errors(page)
    open_page(page, live_server.url)
    page.get_by_label("Puzzle", exact=True).select_option("hexiamonds-6x6")
    expect(page.locator("#puzzle-title")).to_have_text(Puzzle.load("hexiamonds-6x6").name)
    step_in_the_watch_tab(page, 4)
    puzzle = Puzzle.load("hexiamonds-6x6")
    pieces = drawn(page)
    assert pieces
    for name, cells in pieces:
        assert puzzle.grid.normalize(tuple(c) for c in cells) in puzzle.piece(name).orientations(puzzle.one_sided)
    page.get_by_role("button", name="Stop").click()
    assert live_server.wait_idle() == []
    assert errors == []


@pytest.mark.slow
def test_design_on_hexagons_with_a_piece_put_down(page: Page, live_server):
    errors = console_errors(page)
    open_page(page, live_server.url)
    new_design_board(page, 4, 7, grid="hexagon", pieces="tetrahexes")
    expect(page.locator("#board g.free polygon")).to_have_count(28)
    expect(page.locator("#design-message")).to_contain_text("OK: 28 cells")
    # a cell taken away is a dashed hole, and comes back with a click
    page.locator('#board [data-cell="1,13"]').click()
    expect(page.locator("#design-message")).to_contain_text("No solution: area mismatch")
    expect(page.locator("#board polygon.hole")).to_have_count(1)
    page.locator('#board [data-cell="1,13"]').click()
    expect(page.locator("#design-message")).to_contain_text("OK: 28 cells")
    # an O4 put down, shown first as a ghost under the pointer
    page.get_by_label("Place pieces").check()
    page.get_by_label("Piece", exact=True).select_option("O4")
    page.locator('#board [data-cell="2,2"]').hover()
    expect(page.locator("#board g.ghost polygon")).to_have_count(4)
    page.locator('#board [data-cell="2,2"]').click()
    expect(page.locator('#board g.piece[data-piece="O4"] polygon')).to_have_count(4)
    # a turned J4
    page.get_by_label("Piece", exact=True).select_option("J4")
    page.get_by_role("button", name="Rotate").click()
    for cell in ("0,8", "1,9", "0,10", "1,7"):  # the first where the turned J4 lies on the board
        page.locator(f'#board [data-cell="{cell}"]').click()
        if page.locator('#board g.piece[data-piece="J4"]').count():
            break
    placed = {n: {tuple(c) for c in cs} for n, cs in drawn(page)}
    hexes = Puzzle.load("tetrahexes-4x7")
    for name in ("O4", "J4"):
        assert hexes.grid.normalize(placed[name]) in hexes.piece(name).orientations(), name
    assert hexes.grid.normalize(placed["J4"]) != hexes.piece("J4").cells  # turned
    # with these two down, the rest cannot be filled: a puzzle with no solution, which the page
    # says in the library's words, first (no "OK" for it)
    expect(page.locator("#design-message")).to_contain_text("The puzzle builds: 28 cells")
    expect(page.locator("#design-message")).to_contain_text("No solution: ")
    expect(page.locator("#design-message")).to_have_class("message notice")
    page.get_by_role("button", name="Use this puzzle").click()
    expect(page.locator("#puzzle-title")).to_have_text("my 4x7 hexagon puzzle")
    reason = Puzzle.from_toml(page.get_by_label("Puzzle file", exact=True).input_value()).no_solution_proof().reason
    expect(page.locator("#solve-status")).to_have_text(f"No solution: {reason}.")
    page.get_by_role("tab", name="Design").click()
    expect(page.locator("#design-message")).to_contain_text(reason)
    # a click on a piece lifts it
    for name in ("O4", "J4"):
        page.locator(f'#board g.piece[data-piece="{name}"] polygon').first.click()
    expect(page.locator("#board g.piece")).to_have_count(0)
    page.get_by_role("button", name="Use this puzzle").click()
    expect(page.locator("#puzzle-title")).to_have_text("my 4x7 hexagon puzzle")
    expect(page.locator("#solve-status")).to_have_text("Press Solve (or Space).")  # this one has solutions
    text = page.get_by_label("Puzzle file", exact=True).input_value()
    puzzle = Puzzle.from_toml(text)
    assert puzzle.grid.name == "hexagon" and puzzle.area == 28 and puzzle.preplaced == ()
    page.get_by_role("tab", name="Count").click()
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator("#count-status")).to_contain_text("Done")
    expect(page.locator("#count-full")).to_have_text(f"{puzzle.count():,}")
    assert errors == []


@pytest.mark.slow
def test_design_on_triangles(page: Page, live_server):
    errors = console_errors(page)
    open_page(page, live_server.url)
    new_design_board(page, 4, 18, grid="triangle", pieces="hexiamonds")
    expect(page.locator("#design-message")).to_contain_text("OK: 72 cells")
    assert len(page.locator('#board [data-cell="0,0"]').get_attribute("points").split()) == 3
    page.get_by_label("Place pieces").check()
    page.get_by_label("Piece", exact=True).select_option("I6")
    page.locator('#board [data-cell="0,1"]').click()  # a triangle pointing down: the piece moves to fit
    placed = {n: {tuple(c) for c in cs} for n, cs in drawn(page)}
    triangles = Puzzle.load("hexiamonds-4x9")
    assert triangles.grid.normalize(placed["I6"]) in triangles.piece("I6").orientations()
    assert (0, 1) in placed["I6"]
    page.get_by_role("button", name="Use this puzzle").click()
    expect(page.locator("#puzzle-title")).to_have_text("my 4x18 triangle puzzle")
    puzzle = Puzzle.from_toml(page.get_by_label("Puzzle file", exact=True).input_value())
    assert puzzle.grid.name == "triangle" and puzzle.area == 72 and [p.piece for p in puzzle.preplaced] == ["I6"]
    assert errors == []


@pytest.mark.slow
def test_a_cube_puzzle_file_opens_and_a_bad_one_shows_its_message(page: Page, live_server):
    errors = console_errors(page)
    open_page(page, live_server.url)
    page.get_by_role("tab", name="File").click()
    text = Puzzle.load("slothouber-graatsma").to_toml()
    page.get_by_label("Puzzle file", exact=True).fill(text)
    expect(page.locator("#file-message")).to_contain_text("OK")
    page.get_by_role("button", name="Use this puzzle").click()
    expect(page.locator("#puzzle-title")).to_have_text(Puzzle.load("slothouber-graatsma").name)
    expect(page.locator("#board g.free polygon")).to_have_count(27)
    page.get_by_role("tab", name="File").click()
    bad = text.replace('grid = "cube"', 'grid = "cubes"')
    assert bad != text
    page.get_by_label("Puzzle file", exact=True).fill(bad)
    expect(page.locator("#file-message")).to_contain_text("unknown grid 'cubes'")
    expect(page.locator("#file-message")).to_have_class("message bad")
    assert errors == []


# -- play -------------------------------------------------------------------------------------------
def shape_of(cells) -> frozenset:
    """Square cells moved to touch row 0 and column 0."""
    cells = [tuple(c) for c in cells]
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def quarter_turns(cells) -> set:
    """The shapes of ``cells`` turned by a quarter turn either way."""
    return {shape_of([(c, -r) for r, c in cells]), shape_of([(-c, r) for r, c in cells])}


def every_turn(cells) -> set:
    shapes, shape = set(), [tuple(c) for c in cells]
    for _ in range(4):
        shapes.add(shape_of(shape))
        shape = [(c, -r) for r, c in shape]
    return shapes


def ghost(page: Page) -> list:
    """The cells of the piece the pointer holds, as drawn over the board."""
    return [tuple(map(int, p.get_attribute("data-ghost-cell").split(",")))
            for p in page.locator("#board g.ghost polygon").all()]


def point_at(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def cell_point(page: Page, cell) -> tuple[float, float]:
    """The middle of a board cell, free or covered."""
    key = ",".join(map(str, cell))
    return point_at(page, f'#board g.free [data-cell="{key}"], #board g.piece [data-cell="{key}"]')


def pick_up(page: Page, piece: str, over) -> None:
    """Press the mouse on ``piece`` in the tray and move it over board cell ``over``."""
    page.mouse.move(*point_at(page, f'#tray .tray-piece[data-piece="{piece}"] polygon'))
    page.mouse.down()
    page.mouse.move(*cell_point(page, over), steps=4)
    expect(page.locator("#board g.ghost polygon")).not_to_have_count(0)


def turn_with(page: Page, how: str) -> None:
    """Turn the piece held: R, the mouse wheel or F; the ghost changes (or the piece is symmetric)."""
    # A listener on the window hears the event after the page's own, on the document.
    page.evaluate("""type => { window.handled = false;
        window.addEventListener(type, () => { window.handled = true; }, {once: true}); }""",
                  "wheel" if how == "wheel" else "keydown")
    if how == "wheel":
        page.mouse.wheel(0, 100)
    else:
        page.keyboard.press(how)
    page.wait_for_function("() => window.handled")  # the page's handler has turned the ghost


def put_down(page: Page, piece: str, target, turn_keys=("R", "wheel")) -> None:
    """Drag ``piece`` from the tray onto the cells ``target``, turning it (R and the wheel in
    turn) and turning it over (F) until the ghost has the target's shape, then dropping it where
    its cells are the target's."""
    target = sorted(tuple(c) for c in target)
    over = target[0]
    pick_up(page, piece, over)
    turns = 0
    while shape_of(ghost(page)) != shape_of(target):
        assert turns < 9, f"{piece} never took the shape of {target}"
        if turns == 4:
            turn_with(page, "F")
        else:
            turn_with(page, turn_keys[turns % 2])
        turns += 1
    held = sorted(ghost(page))
    shift = (target[0][0] - held[0][0], target[0][1] - held[0][1])
    page.mouse.move(*cell_point(page, (over[0] + shift[0], over[1] + shift[1])), steps=3)
    assert sorted(ghost(page)) == target
    expect(page.locator("#board g.ghost")).to_have_class("ghost")  # not refused
    page.mouse.up()
    expect(page.locator(f'#board g.piece[data-piece="{piece}"] polygon')).to_have_count(5)


def still_ways(page: Page, placements) -> None:
    """The page says how many ways finish the position: the library's count of every tiling."""
    import dataclasses

    from pentomino.model.placement import Placement

    puzzle = Puzzle.load("6x10")
    position = dataclasses.replace(puzzle, preplaced=tuple(Placement.of(n, map(tuple, cs)) for n, cs in placements))
    n = position.count("none")
    expect(page.locator("#play-status")).to_have_text(f"still {n:,} way{'s' if n != 1 else ''} to finish")


def test_play_6x10_to_the_end_with_the_mouse(page: Page, live_server):
    errors = console_errors(page)
    open_page(page, live_server.url)
    page.get_by_role("tab", name="Play").click()
    expect(page.locator("#play-status")).to_have_text("still 9,356 ways to finish")
    expect(page.locator("#tray .tray-piece")).to_have_count(12)
    solution = {p.piece: p.cells for p in Puzzle.load("6x10").solve().placements}

    # R, the wheel and F turn the piece held, as the ghost over the board shows
    pick_up(page, "L", (2, 4))
    first = ghost(page)
    turn_with(page, "R")
    assert shape_of(ghost(page)) in quarter_turns(first)
    after_r = ghost(page)
    turn_with(page, "wheel")
    assert shape_of(ghost(page)) in quarter_turns(after_r)
    turn_with(page, "F")
    assert shape_of(ghost(page)) in every_turn([(r, -c) for r, c in after_r]) - every_turn(after_r)
    page.keyboard.press("Escape")  # let go: the L goes back to the tray
    expect(page.locator("#board g.ghost")).to_have_count(0)
    expect(page.locator("#tray .tray-piece")).to_have_count(12)

    placed = []
    for piece in ("L", "X", "N", "Y"):
        put_down(page, piece, solution[piece])
        placed.append((piece, solution[piece]))
        still_ways(page, placed)
    assert {n: sorted(map(tuple, cs)) for n, cs in drawn(page)} == {n: sorted(cs) for n, cs in placed}
    expect(page.locator("#tray .tray-piece")).to_have_count(8)

    # a drop onto another piece, and one off the board, are refused where they happen
    pick_up(page, "I", solution["X"][2])
    expect(page.locator("#board g.ghost.refused")).to_have_count(1)
    page.mouse.up()
    expect(page.locator("#board g.ghost.refused polygon")).to_have_count(5)
    expect(page.locator("#play-message")).to_contain_text("Refused: I would lie on X")
    expect(page.locator("#board g.piece")).to_have_count(4)
    pick_up(page, "I", (0, 3))
    if len({r for r, _ in ghost(page)}) > 1:
        turn_with(page, "R")  # lying down
    page.mouse.move(*cell_point(page, (0, 8)), steps=3)  # grabbed by its first cell: it reaches column 12
    assert max(c for _, c in ghost(page)) > 9
    expect(page.locator("#board g.ghost.refused")).to_have_count(1)
    page.mouse.up()
    expect(page.locator("#play-message")).to_contain_text("Refused: I would run off the board")
    expect(page.locator("#board g.ghost.refused polygon")).to_have_count(5)
    expect(page.locator("#board g.piece")).to_have_count(4)
    expect(page.locator("#tray .tray-piece")).to_have_count(8)

    # a piece dragged from the board to the tray goes back (floating by the pointer off the
    # board); undo and redo
    page.mouse.move(*cell_point(page, solution["Y"][0]))
    page.mouse.down()
    expect(page.locator("#play-float")).to_be_hidden()  # over the board: its ghost is shown
    page.mouse.move(*point_at(page, "#tray"), steps=5)
    expect(page.locator("#play-float")).to_be_visible()
    expect(page.locator('#play-float g.piece[data-piece="Y"] polygon')).to_have_count(5)
    page.mouse.up()
    expect(page.locator("#play-float")).to_be_hidden()
    expect(page.locator("#board g.piece")).to_have_count(3)
    expect(page.locator('#tray .tray-piece[data-piece="Y"]')).to_have_count(1)
    still_ways(page, placed[:3])
    for button, pieces in (("Undo", 4), ("Undo", 3), ("Redo", 4)):
        page.get_by_role("button", name=button).click()
        expect(page.locator("#board g.piece")).to_have_count(pieces)
        still_ways(page, placed[:pieces])

    # a hint puts down one more piece of a completion; "finish it for me" the rest, one undo step
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#board g.piece")).to_have_count(5)
    still_ways(page, drawn(page))
    page.get_by_role("button", name="Finish it for me").click()
    expect(page.locator("#board g.piece")).to_have_count(12)
    check_drawn(Puzzle.load("6x10"), drawn(page))
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#board g.piece")).to_have_count(5)

    # and the person plays the rest by hand, to the end: a completion of this position, by mouse
    import dataclasses

    from pentomino.model.placement import Placement

    down = drawn(page)
    position = dataclasses.replace(Puzzle.load("6x10"),
                                   preplaced=tuple(Placement.of(n, map(tuple, cs)) for n, cs in down))
    rest = position.solve().placements
    for p in rest:
        if p.piece not in {n for n, _ in down}:
            put_down(page, p.piece, p.cells)
    expect(page.locator("#board g.piece")).to_have_count(12)
    status = page.locator("#play-status")
    expect(status).to_contain_text("This is solution")
    tiling = check_drawn(Puzzle.load("6x10"), drawn(page))
    assert {n for n, _ in placed} <= {n for n, _ in tiling}
    found = re.fullmatch(r"Solved in \d+ s! This is solution ([\d,]+) of 2,339 up to symmetry\.", status.text_content())
    assert found, status.text_content()
    number = int(found.group(1).replace(",", ""))
    listed = next(itertools.islice(Puzzle.load("6x10").solutions(), number - 1, None))  # the gallery's #number
    assert orbit_key((p.piece, p.cells) for p in listed.placements) == orbit_key(tiling)
    assert errors == []


def orbit_key(tiling) -> list:
    """The smallest of the four images of a 6x10 tiling ((piece, cells) pairs): itself, turned
    half way, mirrored top to bottom or left to right."""
    tiling = [(name, [tuple(c) for c in cells]) for name, cells in tiling]
    return min(sorted((name, sorted((5 - r if down else r, 9 - c if across else c) for r, c in cells))
                      for name, cells in tiling)
               for down in (False, True) for across in (False, True))


def open_builtin(page: Page, url: str, name: str) -> Puzzle:
    """The page at ``url`` with the built-in puzzle ``name`` chosen and shown; the puzzle."""
    open_page(page, url)
    page.get_by_label("Puzzle", exact=True).select_option(name)
    puzzle = Puzzle.load(name)
    expect(page.locator("#puzzle-title")).to_have_text(puzzle.name)
    return puzzle


@pytest.mark.slow
def test_why_no_solution_for_the_tetrominoes_in_4x5(page: Page, live_server):
    errors = console_errors(page)
    puzzle = open_builtin(page, live_server.url, "tetrominoes-4x5")
    reason = puzzle.check().reason
    assert reason.startswith("a checkerboard coloring")
    expect(page.locator("#solve-status")).to_have_text(f"No solution: {reason}.")  # said at once
    page.get_by_role("button", name="Why no solution?").click()
    expect(page.locator("#check-answer")).to_have_text(f"No solution: {reason}.")
    page.get_by_label("Puzzle", exact=True).select_option("scott-finish")
    expect(page.locator("#check-answer")).to_have_text("")
    expect(page.get_by_role("button", name="Why no solution?")).to_be_hidden()  # nothing to explain
    # No quick proof: the button comes once Solve has found nothing, and says the search found none.
    page.get_by_role("tab", name="File").click()
    page.get_by_label("Puzzle file", exact=True).fill(
        'pieces = ["S4", "O4", "I4"]\nboard = """\n....\n....\n....\n....\n"""\n[copies]\nI4 = 2\n')
    expect(page.locator("#file-message")).to_contain_text("OK")
    page.get_by_role("button", name="Use this puzzle").click()
    page.get_by_role("tab", name="Solve").click()
    expect(page.get_by_role("button", name="Why no solution?")).to_be_hidden()
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solve-status")).to_have_text(
        "No solution: this puzzle cannot be tiled with these pieces.")
    page.get_by_role("button", name="Why no solution?").click()
    expect(page.locator("#check-answer")).to_contain_text("finds no tiling")
    assert errors == []


@pytest.mark.slow
def test_play_position_downloads_shares_and_tells_a_dead_end(page: Page, live_server, tmp_path):
    errors = console_errors(page)
    open_page(page, live_server.url)
    page.get_by_role("tab", name="Play").click()
    expect(page.locator("#play-status")).to_have_text("still 9,356 ways to finish")
    solution = {p.piece: p.cells for p in Puzzle.load("6x10").solve().placements}
    placed = [(piece, solution[piece]) for piece in ("I", "P")]
    for piece, cells in placed:
        put_down(page, piece, cells)
    still_ways(page, placed)
    # a piece on the board turns where it lies, about the cell under the pointer (or is refused
    # there); the I, not the P put down last
    before = {n: sorted(map(tuple, cs)) for n, cs in drawn(page)}
    hovered = tuple(solution["I"][2])
    page.mouse.move(*cell_point(page, hovered))
    page.keyboard.press("R")  # the page turns it as the key goes down
    after = {n: sorted(map(tuple, cs)) for n, cs in drawn(page)}
    assert after["P"] == before["P"]
    if page.locator("#play-message").text_content():
        assert page.locator("#play-message").text_content().startswith("Refused: I would") and after == before
    else:
        assert shape_of(after["I"]) in quarter_turns(before["I"]) and hovered in after["I"]
        page.get_by_role("button", name="Undo").click()
        expect(page.locator('#board g.piece[data-piece="I"] polygon').first).to_have_attribute(
            "data-cell", ",".join(map(str, before["I"][0])))
    still_ways(page, placed)
    ways = page.locator("#play-status").text_content()
    # the position as a puzzle file, which the command line counts
    with page.expect_download() as info:
        page.get_by_role("button", name="Download the position (.toml)").click()
    path = tmp_path / "position.toml"
    info.value.save_as(path)
    position = Puzzle.load(path)
    assert {(p.piece, p.cells) for p in position.preplaced} == {(n, tuple(sorted(cs))) for n, cs in placed}
    counted = json.loads(cli("count", str(path), "--symmetry", "none", "--json").stdout)["count"]
    assert ways == f"still {counted:,} ways to finish"
    # as a link: another page opens the same position in the Play tab, where play goes on
    page.get_by_role("button", name="Copy link to the position").click()
    page.wait_for_url("**play=*")
    other = page.context.new_page()
    open_page(other, page.url)
    expect(other.get_by_role("tab", name="Play")).to_have_attribute("aria-selected", "true")
    expect(other.locator("#play-status")).to_have_text(ways)
    assert sorted(map(str, drawn(other))) == sorted(map(str, drawn(page)))
    expect(other.locator("#tray .tray-piece")).to_have_count(10)
    expect(other.get_by_role("button", name="Undo")).to_be_disabled()  # the link's position is where play starts
    other.close()
    # an X in the corner leaves a cell nothing can cover: the page says so, and so does a hint
    page.get_by_role("button", name="Start again").click()
    expect(page.locator("#board g.piece")).to_have_count(0)
    corner = [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]
    put_down(page, "X", corner)
    import dataclasses

    from pentomino.model.placement import Placement

    reason = dataclasses.replace(Puzzle.load("6x10"), preplaced=(Placement.of("X", corner),)).no_solution_proof().reason
    assert "row 1, column 1" in reason
    expect(page.locator("#play-status")).to_have_text(f"no way to finish from here: {reason}")
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#play-status")).to_have_text(f"no way to finish from here: {reason}")
    expect(page.locator("#board g.piece")).to_have_count(1)
    assert errors == []


def touch_drag(page: Page, start, end, steps: int = 6) -> None:
    """A finger pressed at ``start``, moved to ``end`` and lifted: real touch input (Chromium's
    DevTools protocol), which the page sees as Pointer Events of type touch."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]})
    for k in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * k / steps
        y = start[1] + (end[1] - start[1]) * k / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


@pytest.mark.slow
def test_play_with_a_finger_on_a_phone(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors = console_errors(page)
    open_page(page, live_server.url)
    page.get_by_role("tab", name="Play").tap()
    expect(page.locator("#play-status")).to_have_text("still 9,356 ways to finish")
    # the I turned by the Rotate button, then dragged by a finger to the top row
    page.locator('#tray .tray-piece[data-piece="I"]').scroll_into_view_if_needed()
    page.locator('#tray .tray-piece[data-piece="I"] polygon').first.tap()
    cells = page.locator('#tray .tray-piece[data-piece="I"] polygon')
    lying = len({round(cells.nth(k).bounding_box()["y"]) for k in range(5)}) == 1
    page.get_by_role("button", name="Rotate").tap()
    cells = page.locator('#tray .tray-piece[data-piece="I"] polygon')
    assert (len({round(cells.nth(k).bounding_box()["y"]) for k in range(5)}) == 1) != lying  # turned
    if lying:
        page.get_by_role("button", name="Rotate").tap()  # lying down again
    page.locator("#board").scroll_into_view_if_needed()
    start = point_at(page, '#tray .tray-piece[data-piece="I"] polygon')
    touch_drag(page, start, cell_point(page, (0, 0)))
    expect(page.locator('#board g.piece[data-piece="I"] polygon')).to_have_count(5)
    assert sorted(map(tuple, drawn(page)[0][1])) == [(0, c) for c in range(5)]
    still_ways(page, [("I", [(0, c) for c in range(5)])])
    # and back to the tray
    touch_drag(page, cell_point(page, (0, 2)), point_at(page, "#tray"))
    expect(page.locator("#board g.piece")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []
    context.close()


@pytest.mark.slow
def test_play_on_hexagons(page: Page, live_server):
    errors = console_errors(page)
    puzzle = open_builtin(page, live_server.url, "tetrahexes-4x7")
    page.get_by_role("tab", name="Play").click()
    expect(page.locator("#play-status")).to_have_text(f"still {puzzle.count('none'):,} ways to finish")
    target = next(p for p in puzzle.solve().placements if p.piece == "J4")
    pick_up(page, "J4", target.cells[0])
    shapes = set()
    for key in ("R", "wheel", "R", "R", "R", "R", "F", "R"):  # every orientation the keys reach
        shape = puzzle.grid.normalize(ghost(page))
        assert shape in puzzle.piece("J4").orientations()
        shapes.add(shape)
        if shape == puzzle.grid.normalize(target.cells):
            break
        turn_with(page, key)
    assert len(shapes) > 1
    held = sorted(ghost(page))
    want = sorted(target.cells)
    cell = tuple(a + b - c for a, b, c in zip(target.cells[0], want[0], held[0], strict=True))
    page.mouse.move(*cell_point(page, cell), steps=3)
    assert sorted(ghost(page)) == want
    page.mouse.up()
    expect(page.locator('#board g.piece[data-piece="J4"] polygon')).to_have_count(4)
    import dataclasses

    n = dataclasses.replace(puzzle, preplaced=(target,)).count("none")  # J4 as the solution has it
    expect(page.locator("#play-status")).to_have_text(f"still {n:,} way{'s' if n != 1 else ''} to finish")
    page.get_by_role("button", name="Finish it for me").click()
    expect(page.locator("#play-status")).to_contain_text("This is solution")
    check_drawn(puzzle, drawn(page))
    assert errors == []


@pytest.mark.slow
@pytest.mark.usefixtures("only_a_closed_stream_cancels")
def test_play_a_long_count_shows_a_lower_bound_and_the_next_move_cancels_it(page: Page, live_server):
    import time

    open_page(page, live_server.url)
    page.get_by_role("tab", name="File").click()
    page.get_by_label("Puzzle file", exact=True).fill((DATA / "long-8x10.toml").read_text())
    page.get_by_role("button", name="Use this puzzle").click()
    expect(page.locator("#puzzle-title")).to_contain_text("tetrominoes in 8x10")
    page.get_by_role("tab", name="Play").click()
    at_least = re.compile(r"^at least [\d,]+ ways to finish so far")
    expect(page.locator("#play-status")).to_have_text(at_least)
    first = live_server.running()
    assert [j["kind"] for j in first] == ["ways"]
    pick_up(page, "X", (1, 1))
    page.mouse.up()
    expect(page.locator("#board g.piece")).to_have_count(1)
    expect(page.locator("#play-status")).to_have_text(at_least)
    deadline = time.monotonic() + 60  # a hang guard: the first stops within a part
    while len(live_server.running()) > 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    now = live_server.running()
    assert [j["kind"] for j in now] == ["ways"] and now[0]["id"] != first[0]["id"]
    page.get_by_role("tab", name="Solve").click()  # leaving the tab stops the count
    assert live_server.wait_idle() == []


@pytest.mark.slow
def test_the_first_start_after_an_install_says_it_prepares_the_solver(page: Page, tmp_path):
    """A server whose kernels are not in numba's cache (an empty NUMBA_CACHE_DIR) compiles them
    as it starts; the page says so meanwhile, and stops saying it once the solver is ready."""
    import os

    from test_web_serve import ctrl_c, serving

    with serving("--port", "0", env={**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "numba-cache")}) as (proc, url):
        try:
            page.goto(url)
            notice = page.locator("#solver-status")
            expect(notice).to_be_visible()
            expect(notice).to_have_text("preparing the solver (first start after install only)…")
            expect(notice).to_be_hidden(timeout=600_000)  # a hang guard: the compile takes tens of seconds
            expect(page.locator("body")).to_have_attribute("data-ready", "1")
        finally:
            ctrl_c(proc)


# -- calendar puzzles ---------------------------------------------------------------------------------
APAD = "a-puzzle-a-day"
OPEN_LABELS = "svg => [...svg.querySelectorAll('text.cell-label.open')].map(t => t.textContent)"
OPEN_CELLS = """svg => [...svg.querySelectorAll('g.open-cells [data-open-cell]')]
    .map(p => p.dataset.openCell.split(',').map(Number))"""


def open_labels(page: Page) -> list:
    """The labels drawn on the cells left open, and those cells."""
    board = page.locator("#board")
    return sorted(board.evaluate(OPEN_LABELS)), sorted(map(tuple, board.evaluate(OPEN_CELLS)))


def expect_opened(page: Page, date: datetime.date, puzzle: str = APAD) -> Puzzle:
    """The page shows ``puzzle`` on ``date``: the picker, the labels left open drawn white on their
    cells (the library's), the rest of the board free; the opened puzzle."""
    opened = Puzzle.load(puzzle).on_date(date)
    expect(page.get_by_label("Date", exact=True)).to_have_value(date.isoformat())
    expect(page.locator("#open-shown")).to_have_text(f"Left open: {' '.join(opened.opened)}")
    expect(page.locator("#board g.open-cells polygon")).to_have_count(len(opened.opened))
    assert open_labels(page) == (sorted(opened.opened), sorted(opened.opened_cells))
    return opened


def solve_shown(page: Page, opened: Puzzle, pieces: int = 8) -> None:
    """Solve: a solution of the date's puzzle (``pieces`` of them), its cells left open
    uncovered, their labels shown."""
    set_range(page, "Delay between tiles", 0)
    page.get_by_role("tab", name="Solve").click()
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#board g.piece")).to_have_count(pieces)
    placements = drawn(page)
    check_drawn(opened, placements)
    covered = {tuple(c) for _, cells in placements for c in cells}
    assert not covered & opened.opened_cells
    assert open_labels(page) == (sorted(opened.opened), sorted(opened.opened_cells))


def test_a_calendar_opens_on_today_and_solves_another_date(page: Page, live_server):
    errors = console_errors(page)
    open_page(page, live_server.url)
    page.get_by_label("Puzzle", exact=True).select_option(APAD)
    today = datetime.date.today()  # the browser's today: the same clock and time zone
    expect_opened(page, today)
    expect(page.locator("#board g.free polygon")).to_have_count(41)
    expect(page.locator("#board text.cell-label:not(.open)")).to_have_count(41)  # every free cell's label
    assert f"date={today.isoformat()}" in page.url
    # Another date re-opens the puzzle on it.
    page.get_by_label("Date", exact=True).fill("2026-01-25")
    opened = expect_opened(page, datetime.date(2026, 1, 25))
    assert "date=2026-01-25" in page.url
    solve_shown(page, opened)
    # Count: 216 solutions on 25 January, the most of the year (the published table).
    page.get_by_role("tab", name="Count").click()
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator("#count-none")).to_have_text("216")
    assert errors == []


def test_the_year_view_counts_every_date_and_opens_one(page: Page, live_server):
    errors = console_errors(page)
    open_page(page, f"{live_server.url}#puzzle={APAD}&date=2026-11-26")
    expect_opened(page, datetime.date(2026, 11, 26))
    page.get_by_role("tab", name="Year").click()
    days = page.locator("#year-map button.day")
    expect(days).to_have_count(366)
    expect(page.locator("#year-map td.no-date")).to_have_count(12 * 31 - 366)
    expect(page.locator("#year-summary")).to_have_text(
        "366 dates: 24,405 solutions in all, 66.7 a date on average. Fewest: Oct 6 (7). Most: Jan 25 (216). "
        "Every date has a solution.")
    # The counts drawn are the published ones (tests/data/a-puzzle-a-day-counts.txt).
    from test_calendar import published

    shown = dict(zip(days.evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))"),
                     days.all_text_contents(), strict=True))
    table = published()
    assert shown == {f"{m} {d}: {n:,} solution{'s' if n != 1 else ''}": str(n)
                     for (m, d), (n, real) in table.items() if real}
    expect(page.locator("#year-map button.day.shown")).to_have_attribute("data-date", "11-26")
    expect(page.locator("#year-map button.day.fewest")).to_have_attribute("data-date", "10-06")
    expect(page.locator("#year-map button.day.most")).to_have_attribute("data-date", "01-25")
    # A click opens the date, on the board.
    page.get_by_role("button", name="Oct 6: 7 solutions").click()
    expect(page.get_by_role("tab", name="Solve")).to_have_attribute("aria-selected", "true")
    opened = expect_opened(page, datetime.date(2026, 10, 6))
    solve_shown(page, opened)
    # Back in the Year tab, the map is kept, the date shown marked.
    page.get_by_role("tab", name="Year").click()
    expect(page.locator("#year-map button.day.shown")).to_have_attribute("data-date", "10-06")
    assert [j["kind"] for j in live_server.running()] == []
    assert errors == []


@pytest.mark.slow
def test_the_weekday_edition_shows_the_weekday_and_plays(page: Page, live_server):
    open_page(page, f"{live_server.url}#puzzle=daily-calendar-weekday&date=2026-11-26")
    opened = expect_opened(page, datetime.date(2026, 11, 26), "daily-calendar-weekday")
    assert opened.opened == ("Nov", "26", "Thu")
    expect(page.locator("#open-weekday")).to_have_text("Thursday")
    page.get_by_label("Date", exact=True).fill("2026-11-29")
    expect(page.locator("#open-weekday")).to_have_text("Sunday")
    opened = expect_opened(page, datetime.date(2026, 11, 29), "daily-calendar-weekday")
    # Play: the ways to finish, a hint, and no piece on a cell left open.
    n = opened.count("none")
    page.get_by_role("tab", name="Play").click()
    expect(page.locator("#play-status")).to_have_text(f"still {n:,} ways to finish")
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#board g.piece")).to_have_count(1)
    expect(page.locator("#play-status")).to_have_text(re.compile(r"^still [\d,]+ ways? to finish$"))
    covered = {tuple(c) for _, cells in drawn(page) for c in cells}
    assert covered <= opened.board
    page.get_by_role("button", name="Finish it for me").click()
    expect(page.locator("#play-status")).to_contain_text("Finished by the solver")
    check_drawn(opened, drawn(page))


TWO_ENDS = '''name = "two ends"
pieces = ["P"]
board = """
....
....
....
"""
labels = """
A . . C
. . . .
B . . D
"""
[copies]
P = 2
[groups]
left = ["A", "B"]
right = ["C", "D"]
'''


@pytest.mark.slow
def test_a_labelled_board_without_dates_chooses_a_label_of_each_group(page: Page, live_server):
    open_page(page, live_server.url)
    page.get_by_role("tab", name="File").click()
    page.get_by_label("Puzzle file", exact=True).fill(TWO_ENDS)
    page.get_by_role("button", name="Use this puzzle").click()
    expect(page.locator("#open-shown")).to_have_text("Left open: A C")  # the first label of each group
    expect(page.get_by_label("Date", exact=True)).to_be_hidden()
    expect(page.get_by_role("tab", name="Year")).to_be_hidden()
    page.get_by_label("left").select_option("B")
    expect(page.locator("#open-shown")).to_have_text("Left open: B C")
    page.get_by_label("right").select_option("D")
    expect(page.locator("#open-shown")).to_have_text("Left open: B D")
    opened = Puzzle.from_toml(TWO_ENDS).open("B", "D")
    assert open_labels(page) == (["B", "D"], sorted(opened.opened_cells))
    solve_shown(page, opened, pieces=2)
    expect(page.locator("#solve-status")).to_contain_text("Solution #1")
