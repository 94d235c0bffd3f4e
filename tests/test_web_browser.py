"""The page of `pentomino serve` in a real browser (Debian's Chromium, driven by Playwright).

The tests use the page as a person would, by visible labels and roles, and check what it shows
against the library, the CLI and the independent checker. A failing test leaves a screenshot in
test-results/.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from checker import check_solution
from playwright.sync_api import Page, expect

from pentomino import Puzzle

pytestmark = pytest.mark.browser
DATA = Path(__file__).parent / "data"
READ_BOARD = """svg => [...svg.querySelectorAll('g.piece')].map(g => [g.dataset.piece,
    [...g.querySelectorAll('rect')].map(r => r.dataset.cell.split(',').map(Number))])"""


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=20000)


def set_range(page: Page, label: str, value: int) -> None:
    """Move a slider, as dragging it would."""
    page.get_by_label(label).evaluate("(el, v) => { el.value = v; el.dispatchEvent(new Event('input')); }", value)


def drawn(page: Page) -> list:
    """The placements drawn on the board, read back from the page: [[piece, [[r, c], ...]], ...]."""
    return page.locator("#board").evaluate(READ_BOARD)


def check_drawn(puzzle: Puzzle, placements: list) -> frozenset:
    spec = [(pc.piece.name, pc.piece.cells, pc.min, pc.max if pc.max is not None else puzzle.area)
            for pc in puzzle.pieces]
    pre = [(p.piece, frozenset(p.cells)) for p in puzzle.preplaced]
    return check_solution(puzzle.board, spec, puzzle.one_sided, pre, [(n, [tuple(c) for c in cs]) for n, cs in placements])


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pentomino", *args], capture_output=True, text=True, timeout=120)


def test_choose_5x12_solve_and_check_the_drawn_solution(page: Page, live_server):
    open_page(page, live_server.url)
    page.get_by_label("Puzzle", exact=True).select_option("5x12")
    expect(page.locator("#puzzle-title")).to_have_text("12 pentominoes, 5x12")
    set_range(page, "Delay between tiles", 0)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#board g.piece")).to_have_count(12)
    placements = drawn(page)
    check_drawn(Puzzle.load("5x12"), placements)
    # It is the library's first solution, drawn in the library's colours.
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


def test_tiles_appear_one_by_one_in_search_order(page: Page, live_server):
    open_page(page, live_server.url)
    set_range(page, "Delay between tiles", 100)
    page.evaluate(RECORD_DRAWINGS)
    page.keyboard.press("Space")
    expect(page.locator("#board g.piece")).to_have_count(12, timeout=15000)
    # Every drawing of the board, as it happened: one more tile each time, in search order.
    drawings = sorted({d for d in page.evaluate("window.drawings") if d}, key=len)
    order = [p.piece for p in Puzzle.load("6x10").solve().in_search_order]
    assert drawings == [" ".join(order[:k]) for k in range(1, 13)]


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


def test_count_6x10_shows_the_three_counts(page: Page, live_server):
    open_page(page, live_server.url)
    page.get_by_role("tab", name="Count").click()
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator("#count-full")).to_have_text("2,339", timeout=30000)
    expect(page.locator("#count-rotations")).to_have_text("4,678")
    expect(page.locator("#count-none")).to_have_text("9,356")
    shown = json.loads(page.locator("#count-json").text_content())
    want = json.loads(cli("count", "6x10", "--json").stdout)
    assert {k: v for k, v in shown.items() if k != "seconds"} == {k: v for k, v in want.items() if k != "seconds"}


def test_cancel_a_long_count_stops_its_search(page: Page, live_server):
    open_page(page, live_server.url)
    page.get_by_role("tab", name="File").click()
    page.get_by_label("Puzzle file", exact=True).fill((DATA / "long-8x10.toml").read_text())
    expect(page.locator("#file-message")).to_contain_text("OK")
    page.get_by_role("button", name="Use this puzzle").click()
    expect(page.locator("#puzzle-title")).to_contain_text("tetrominoes in 8x10")
    page.get_by_role("tab", name="Count").click()
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator("#count-status")).to_contain_text("parts", timeout=10000)
    assert [j["kind"] for j in live_server.running()] == ["count"]
    page.get_by_role("button", name="Cancel").click()
    expect(page.locator("#count-status")).to_contain_text("Cancelled")
    assert live_server.wait_idle() == []


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
    page.get_by_role("tab", name="Watch").click()
    page.get_by_role("button", name="Step").click()
    expect(page.locator("#watch-status")).to_contain_text("nodes")
    for _ in range(3):
        before = page.locator("#watch-status").text_content()
        page.get_by_role("button", name="Step").click()
        expect(page.locator("#watch-status")).not_to_have_text(before)
    # Each frame is a valid partial tiling of the pieces on the kernel's stack.
    pieces = drawn(page)
    names = [n for n, _ in pieces]
    assert len(names) == len(set(names)) and pieces
    page.get_by_role("button", name="Stop").click()
    assert live_server.wait_idle() == []


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


def test_draw_scotts_8x8_in_the_editor_and_count_65(page: Page, live_server):
    open_page(page, live_server.url)
    page.get_by_role("tab", name="Design").click()
    page.get_by_label("Rows").last.fill("8")
    page.get_by_label("Columns").last.fill("8")
    page.get_by_role("button", name="New grid").click()
    expect(page.locator("#design-message")).to_contain_text("area mismatch")
    for r, c in [(3, 3), (3, 4), (4, 3), (4, 4)]:
        page.locator(f'#board [data-cell="{r},{c}"]').click()
    expect(page.locator("#design-message")).to_contain_text("OK: 60 cells")
    page.get_by_role("button", name="Is the solution unique?").click()
    expect(page.locator("#design-unique-answer")).to_contain_text("at least two")
    page.get_by_role("button", name="Use this puzzle").click()
    page.get_by_role("tab", name="Count").click()
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator("#count-full")).to_have_text("65", timeout=30000)
    # The design downloads as a puzzle file that the library reads back to Scott's board.
    page.get_by_role("tab", name="Design").click()
    with page.expect_download() as info:
        page.get_by_role("button", name="Download .toml").click()
    text = Path(info.value.path()).read_text()
    assert Puzzle.from_toml(text).board == Puzzle.load("8x8").board


def test_a_bad_puzzle_file_shows_the_cli_message(page: Page, live_server, tmp_path):
    open_page(page, live_server.url)
    page.get_by_role("tab", name="File").click()
    bad = 'pieces = "pentominoes"\nboard = """\n......\n"""\ncolour = 3\n'
    page.get_by_label("Puzzle file", exact=True).fill(bad)
    (tmp_path / "puzzle.toml").write_text(bad)
    message = cli("count", str(tmp_path / "puzzle.toml")).stderr.strip()
    expect(page.locator("#file-message")).to_have_text(
        message.removeprefix("pentomino: error: ").replace(str(tmp_path / "puzzle.toml"), "puzzle.toml"))
    expect(page.locator("#file-message")).to_contain_text("puzzle.toml:5")


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


def test_scroll_the_6x10_gallery_to_its_last_solution(page: Page, live_server):
    open_page(page, live_server.url)
    page.get_by_role("tab", name="Gallery").click()
    expect(page.locator("#gallery-status")).to_contain_text("2,339 solutions")
    page.locator("#gallery").evaluate("g => { g.scrollTop = g.scrollHeight; }")
    last = page.get_by_role("button", name="Solution 2339", exact=True)
    expect(last).to_be_visible(timeout=30000)
    last.click()
    expect(page.locator("#enlarged-title")).to_contain_text("solution #2339")
    check_drawn(Puzzle.load("6x10"), page.locator("#enlarged-board").evaluate(READ_BOARD))


def test_design_with_a_piece_put_down_in_advance(page: Page, live_server):
    open_page(page, live_server.url)
    page.get_by_role("tab", name="Design").click()
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
    expect(page.locator("#count-full")).to_have_text("65", timeout=30000)  # Scott's 8x8, the O4 in the hole
    text = page.get_by_label("Puzzle file", exact=True).input_value()
    puzzle = Puzzle.from_toml(text)
    assert [p.piece for p in puzzle.preplaced] == ["O4"] and puzzle.area == 64


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
