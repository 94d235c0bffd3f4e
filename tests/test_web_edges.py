"""The rough edges of the page, each as seen in a real browser (Debian's Chromium, driven by
Playwright), and the server's side of them in-process (Starlette's TestClient): a watch at full
speed, event streams that end cleanly, cancelling at any time, the Design, Count, Gallery, Play
tabs and the header, and the page on a phone's screen.

Every browser test here runs with :func:`clean_console`: the browser's console shows no error
and no request fails (a stream closed by the page before the server ended it does).
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

import checker
from pentomino.tuning import FRAMES_PER_SECOND
from test_web_api import LONG_TOML, checker_args, events, make_client, pairs, puzzle_of, start_job, wait_idle

expect.set_options(timeout=60_000)
PHONE = {"width": 390, "height": 844}


# -- the server: a watch at full speed, streams that end, cancelling ---------------------------------
def test_a_full_speed_watch_offers_few_frames_and_ends_on_its_last_solution():
    """8x8-square has 16,146 solutions: a frame for each would be more than 16,146 frames. At full speed
    the server offers the latest frame at most FRAMES_PER_SECOND times a second, and the search
    does not wait for a reader that takes its time."""
    spec = {"name": "8x8-square"}
    with make_client() as client:
        pz = puzzle_of(client, spec)
        job = start_job(client, kind="watch", puzzle=spec, speed=-1)
        start = time.monotonic()
        frames, last = 0, None
        for event, data in events(client, job):
            if event == "frame":
                frames += 1
                time.sleep(0.25)  # a slow reader: at most 4 frames a second are read
                assert time.monotonic() - start < 120, "the search waits for the reader"
                continue
            last = (event, data)
            break
        seconds = time.monotonic() - start
        assert last is not None and last[0] == "result", last
        result = last[1]
        assert result["solutions"] == 16_146
        assert frames <= seconds * FRAMES_PER_SECOND + 2, (frames, seconds)
        assert frames <= seconds * 4 + 2  # the reader's pace, not the search's
        # The board ends on the last solution found, a whole tiling.
        checker.check_solution(*checker_args(pz), pairs(result["placements"]))
        wait_idle(client)


def test_a_task_cancelled_before_its_stream_opens_ends_it_with_cancelled():
    """The page may cancel a task by name at any time: before its stream opens (then the stream
    still opens, says "cancelled" and ends) and while it streams; a name that has gone is not an
    error (no 404 in the browser's console)."""
    with make_client() as client:
        job = start_job(client, kind="count", puzzle={"name": "6x10"})
        r = client.delete(f"/api/tasks/{job}")
        assert r.status_code == 200 and r.json() == {"id": job, "cancelled": True}
        seen = list(events(client, job))  # the stream ends by itself after its last event
        assert [e for e, _ in seen][-1] == "cancelled" and seen[-1][1]["timed_out"] is False
        r = client.delete(f"/api/tasks/{job}")
        assert r.status_code == 200 and r.json() == {"id": job, "cancelled": False}
        wait_idle(client)


def test_a_task_cancelled_while_it_streams_ends_its_stream_with_cancelled():
    """The page cancels a streaming task by name, not by closing its stream (for the browser a
    stream closed under the server is a failed request): the server sends "cancelled" and ends
    the stream itself."""
    with make_client() as client:
        job = start_job(client, kind="count", puzzle={"toml": LONG_TOML})
        seen = []
        for event, data in events(client, job):  # read to the stream's own end, never closed here
            seen.append((event, data))
            if len(seen) == 1:
                assert event == "progress", seen
                r = client.delete(f"/api/tasks/{job}")
                assert r.status_code == 200 and r.json()["cancelled"] is True
        assert seen[-1][0] == "cancelled" and seen[-1][1]["timed_out"] is False
        assert all(e == "progress" for e, _ in seen[:-1])
        wait_idle(client)


def test_no_way_to_finish_names_the_cell_it_cannot_cover():
    """The ways to finish and a hint, for a position whose quick proof is a cell no piece can
    cover: the cell, for the page to mark."""
    spec = {"name": "6x10"}
    x = [{"piece": "X", "cells": [[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]]}]
    with make_client() as client:
        job = start_job(client, kind="ways", puzzle=spec, placements=x)
        last = list(events(client, job))[-1]
        assert last[0] == "result" and last[1]["ways"] == 0 and last[1]["cells"] == [[0, 0]]
        assert "row 1, column 1" in last[1]["reason"]
        r = client.post("/api/play/hint", json={"puzzle": spec, "placements": x, "seed": 1})
        assert r.status_code == 200 and r.json()["placements"] == [] and r.json()["cells"] == [[0, 0]]
        wait_idle(client)


# -- the page ------------------------------------------------------------------------------------------
BAD_REQUEST = "Failed to load resource: the server responded with a status of 400"


@pytest.fixture
def clean_console(page: Page):
    """The test's page: after the test, its console must show no error (but the browser's note of
    an HTTP 400: a draft the server refuses, which the page shows) and no request may have failed
    (an event stream closed by the page while the server still sent it is one)."""
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console: {m.text}")
            if m.type == "error" and BAD_REQUEST not in m.text else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"failed request: {r.method} {r.url} {r.failure}"))
    yield page
    assert problems == []


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-ready", "1")


def link(name: str, placements=None) -> str:
    """The hash of a link to puzzle ``name``, with a Play position."""
    import base64
    import json

    if placements is None:
        return f"#puzzle={name}"
    code = base64.urlsafe_b64encode(json.dumps(placements).encode()).decode().rstrip("=")
    return f"#puzzle={name}&play={code}"


def board_cells(page: Page, selector: str = "#board g.free polygon") -> set:
    return {tuple(map(int, k.split(","))) for k in page.locator(selector).evaluate_all(
        "nodes => nodes.map(n => n.dataset.cell || n.dataset.ghostCell || n.dataset.markedCell)")}


def ghost_cells(page: Page) -> set:
    return board_cells(page, "#board g.ghost polygon")


def cell_point(page: Page, cell) -> tuple[float, float]:
    box = page.locator(f'#board [data-cell="{cell[0]},{cell[1]}"]').first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


GHOST_JS = "[...document.querySelectorAll('#board g.ghost polygon')].map(p => p.dataset.ghostCell).sort().join(' ')"


# -- Design ------------------------------------------------------------------------------------------
def start_placing(page: Page, piece: str) -> None:
    """A new 8 x 8 design with "Place pieces" ticked (the focus stays on the box) and ``piece`` chosen."""
    page.get_by_role("tab", name="Design").click()
    page.locator("#design-rows").fill("8")
    page.locator("#design-cols").fill("8")
    page.get_by_role("button", name="New grid").click()
    expect(page.locator("#board g.free polygon")).to_have_count(64)
    page.get_by_label("Piece", exact=True).select_option(piece)
    page.get_by_label("Place pieces").check()
    expect(page.get_by_label("Place pieces")).to_be_focused()


def test_design_r_and_f_turn_the_piece_with_the_place_pieces_box_focused(clean_console: Page, live_server):
    page = clean_console
    open_page(page, live_server.url)
    start_placing(page, "L")
    page.keyboard.press("r")
    expect(page.locator("#toast")).to_have_text("L: orientation 2 of 8")
    page.keyboard.press("f")
    expect(page.locator("#toast")).to_contain_text("L: orientation")
    expect(page.locator("#toast")).not_to_have_text("L: orientation 2 of 8")


def test_design_the_piece_shown_turns_at_once_with_r(clean_console: Page, live_server):
    page = clean_console
    open_page(page, live_server.url)
    start_placing(page, "L")
    page.mouse.move(*cell_point(page, (3, 3)))
    expect(page.locator("#board g.ghost polygon")).to_have_count(5)
    before = ghost_cells(page)
    page.evaluate(f"() => {{ window.ghostBefore = {GHOST_JS}; }}")
    page.keyboard.press("r")  # the mouse does not move
    page.wait_for_function(f"() => {GHOST_JS} !== window.ghostBefore", timeout=5000)
    after = ghost_cells(page)
    assert (3, 3) in before and (3, 3) in after and after != before


@pytest.mark.parametrize("corner", [(7, 0), (0, 7), (7, 3)])
def test_design_a_piece_covers_the_cell_under_the_pointer_near_an_edge(clean_console: Page, live_server, corner):
    """The L as it first lies (####, its foot under the first cell) covers these cells, but not
    by its first cell: a click there puts it down over the cell, on the board."""
    page = clean_console
    open_page(page, live_server.url)
    start_placing(page, "L")
    page.mouse.move(*cell_point(page, corner))
    expect(page.locator("#board g.ghost polygon")).to_have_count(5)
    assert corner in ghost_cells(page)
    expect(page.locator("#board g.ghost.refused")).to_have_count(0)
    page.mouse.click(*cell_point(page, corner))
    expect(page.locator('#board g.piece[data-piece="L"] polygon')).to_have_count(5)
    placed = board_cells(page, '#board g.piece[data-piece="L"] polygon')
    assert corner in placed and all(0 <= r < 8 and 0 <= c < 8 for r, c in placed)


def test_a_shared_link_opens_the_design_tab_on_its_board(clean_console: Page, live_server):
    page = clean_console
    open_page(page, live_server.url + link("5x12"))
    expect(page.get_by_role("tab", name="Solve")).to_have_attribute("aria-selected", "true")
    page.get_by_role("tab", name="Design").click()
    expect(page.locator("#board g.free polygon")).to_have_count(60)
    assert board_cells(page) == {(r, c) for r in range(5) for c in range(12)}
    expect(page.locator("#design-rows")).to_have_value("5")
    expect(page.locator("#design-cols")).to_have_value("12")
    expect(page.locator("#design-message")).to_have_text("OK: 60 cells; 12 pieces covering 60; 4 symmetries.")
    # A hexagon puzzle's board too, cell for cell.
    page.get_by_label("Puzzle", exact=True).select_option("tetrahexes-4x7")
    expect(page.locator("#board g.free polygon")).to_have_count(28)
    expect(page.get_by_label("Grid")).to_have_value("hexagon")
    expect(page.locator("#design-message")).to_contain_text("OK: 28 cells; 7 pieces")


def test_design_says_one_piece_and_one_symmetry_and_no_ok_without_a_solution(clean_console: Page, live_server):
    page = clean_console
    open_page(page, live_server.url)
    page.get_by_role("tab", name="Design").click()
    page.get_by_label("Rows").last.fill("2")
    page.get_by_label("Columns").last.fill("3")
    page.get_by_role("button", name="New grid").click()
    expect(page.locator("#design-message")).to_contain_text("No solution: area mismatch")
    message = page.locator("#design-message").text_content()
    assert not message.startswith("OK") and "OK" not in message
    page.locator('#board [data-cell="0,2"]').click()  # a P's shape: no symmetry
    page.get_by_label("Pieces", exact=True).fill("P")
    page.get_by_label("Pieces", exact=True).dispatch_event("change")
    expect(page.locator("#design-message")).to_have_text("OK: 5 cells; 1 piece covering 5; 1 symmetry.")
    expect(page.locator("#design-message")).to_have_class("message good")


# -- Watch, Count: what the board and the bar end on; cancelling ---------------------------------------
def test_watch_at_full_speed_ends_on_the_last_solution_with_few_frames(clean_console: Page, live_server):
    page = clean_console
    open_page(page, live_server.url + link("8x8-square"))
    page.get_by_role("tab", name="Watch").click()
    page.get_by_label("Speed").evaluate("el => { el.value = 8; el.dispatchEvent(new Event('input')); }")
    page.evaluate("""() => { window.frames = 0;
      new MutationObserver(() => { window.frames += 1; })
        .observe(document.getElementById('watch-status'), {childList: true, characterData: true, subtree: true}); }""")
    start = time.monotonic()
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#watch-status")).to_contain_text("Search complete")
    seconds = time.monotonic() - start
    expect(page.locator("#watch-status")).to_contain_text("16,146 solutions")
    expect(page.locator("#board g.piece")).to_have_count(13)  # 12 pentominoes and the square: a whole tiling
    assert page.evaluate("window.frames") <= seconds * FRAMES_PER_SECOND + 5
    wait_until_idle(live_server)


def wait_until_idle(server) -> None:
    """No search runs, nor starts a moment later (the page may start one as a test ends: the
    ways to finish of a new position)."""
    for _ in range(20):
        if server.wait_idle() == []:
            time.sleep(0.3)
            if server.running() == []:
                return
    assert server.running() == []


RECORD_PROGRESS = """() => { window.bar = []; window.parts = [];
  const bar = document.getElementById('count-progress'), status = document.getElementById('count-status');
  new MutationObserver(() => {
    const m = status.textContent.match(/([\\d,]+)\\/([\\d,]+) parts/);
    if (!m) return;
    window.parts.push(Number(m[1].replace(/,/g, '')) / Number(m[2].replace(/,/g, '')));
    window.bar.push(bar.position);
  }).observe(status, {childList: true, characterData: true, subtree: true}); }"""
PARTS_FELL = "() => window.parts.some((x, i) => x < Math.max(...window.parts.slice(0, i)))"


def test_the_count_bar_never_goes_back(clean_console: Page, live_server):
    """A long count splits its search as it goes (42 parts known, then 55, 77, 119...): the part
    done of those known falls (3/55, then 4/77); the bar does not."""
    page = clean_console
    open_page(page, live_server.url + "#toml=" + base64url(LONG_TOML))
    page.get_by_role("tab", name="Count").click()
    page.evaluate(RECORD_PROGRESS)
    page.get_by_role("button", name="Count", exact=True).click()
    page.wait_for_function(PARTS_FELL, timeout=90_000)  # the case in point has come
    page.get_by_role("button", name="Cancel").click()
    expect(page.locator("#count-status")).to_contain_text("Cancelled after")
    bar = page.evaluate("window.bar")
    assert all(a <= b for a, b in zip(bar, bar[1:], strict=False)), bar
    wait_until_idle(live_server)


def base64url(text: str) -> str:
    import base64

    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def test_escape_before_any_progress_cancels_the_count_and_says_so(clean_console: Page, live_server):
    page = clean_console
    deletes = []
    page.on("response", lambda r: deletes.append(r.status) if r.request.method == "DELETE" else None)
    open_page(page, live_server.url + "#toml=" + base64url(LONG_TOML))  # a count of minutes
    page.get_by_role("tab", name="Count").click()
    page.get_by_role("button", name="Count", exact=True).click()
    page.keyboard.press("Escape")
    said = re.compile(r"^Cancelled after \d+\.\d s, before any progress\.$")
    expect(page.locator("#count-status")).to_have_text(said)
    expect(page.get_by_role("button", name="Count", exact=True)).to_be_enabled()
    wait_until_idle(live_server)
    page.wait_for_timeout(300)
    assert deletes and all(s == 200 for s in deletes)
    # Cancel while it counts: the same.
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator("#count-status")).to_contain_text("solutions so far")
    page.get_by_role("button", name="Cancel").click()
    expect(page.locator("#count-status")).to_contain_text("Cancelled after")
    wait_until_idle(live_server)


def test_the_count_json_wraps_between_tokens(clean_console: Page, live_server):
    page = clean_console
    page.set_viewport_size(PHONE)
    open_page(page, live_server.url + link("3x20"))
    page.get_by_role("tab", name="Count").click()
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator("#count-full")).to_have_text("2")
    page.locator("#panel-count summary").click()
    box = page.locator("#count-json")
    lines = box.evaluate("""pre => { const r = document.createRange(); const text = pre.firstChild;
      const tops = new Set(); const broken = [];
      let at = 0;
      for (const token of text.data.split(' ')) {
        r.setStart(text, at); r.setEnd(text, at + token.length);
        const rows = new Set([...r.getClientRects()].map(x => Math.round(x.top)));
        if (rows.size > 1) broken.push(token);
        rows.forEach(t => tops.add(t));
        at += token.length + 1;
      }
      return { broken, lines: tops.size }; }""")
    assert lines["lines"] > 1, "the line is long enough to wrap on a phone"
    assert lines["broken"] == []
    wait_until_idle(live_server)


# -- Gallery ---------------------------------------------------------------------------------------------
def drawn_placements(page: Page, selector: str) -> set:
    return {(n, tuple(map(tuple, cs))) for n, cs in page.locator(selector).evaluate(
        """svg => [...svg.querySelectorAll('g.piece')].map(g => [g.dataset.piece,
            [...g.querySelectorAll('[data-cell]')].map(r => r.dataset.cell.split(',').map(Number))])""")}


def test_the_enlarged_solution_steps_opens_in_solve_and_play_and_saves_svg(clean_console: Page, live_server, tmp_path):
    from pentomino import Puzzle
    from test_web_browser import cli

    page = clean_console
    open_page(page, live_server.url + link("5x12"))
    page.get_by_role("tab", name="Gallery").click()
    expect(page.locator("#gallery-status")).to_contain_text("1,010 solutions")
    page.get_by_role("button", name="Solution 1", exact=True).click()
    dialog = page.locator("#enlarged")
    expect(dialog).to_be_visible()
    expect(page.locator("#enlarged-title")).to_contain_text("solution #1 of 1,010")
    first = drawn_placements(page, "#enlarged-board")
    dialog.get_by_role("button", name="Next").click()
    expect(page.locator("#enlarged-title")).to_contain_text("solution #2 of 1,010")
    second = drawn_placements(page, "#enlarged-board")
    assert second != first and len(second) == 12
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#enlarged-title")).to_contain_text("solution #1 of 1,010")
    expect(dialog.get_by_role("button", name="Previous")).to_be_disabled()
    # SVG: the CLI's picture of the first solution.
    with page.expect_download() as info:
        dialog.get_by_role("button", name="Download SVG").click()
    info.value.save_as(tmp_path / "first.svg")
    assert (tmp_path / "first.svg").read_text() == cli("solve", "5x12", "--format", "svg").stdout
    # Open in Solve: the same solution, as #1 of the listing (Next goes on to #2).
    dialog.get_by_role("button", name="Open in Solve").click()
    expect(page.get_by_role("tab", name="Solve")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#solve-status")).to_contain_text("Solution #1")
    assert drawn_placements(page, "#board") == first
    first_solution = Puzzle.load("5x12").solve()
    assert first == {(p.piece, p.cells) for p in first_solution.placements}
    # Open in Play: the solution as a position, each piece the player's.
    page.get_by_role("tab", name="Gallery").click()
    page.get_by_role("button", name="Solution 2", exact=True).click()
    dialog.get_by_role("button", name="Open in Play").click()
    expect(page.get_by_role("tab", name="Play")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#board g.piece.movable")).to_have_count(12)
    assert drawn_placements(page, "#board") == second
    wait_until_idle(live_server)


def test_a_far_jump_in_the_gallery_shows_placeholders_at_once(clean_console: Page, live_server):
    page = clean_console
    open_page(page, live_server.url + link("6x10"))
    page.get_by_role("tab", name="Gallery").click()
    expect(page.locator("#gallery-status")).to_contain_text("2,339 solutions")
    expect(page.locator("#gallery .item").first).to_be_visible()
    # Jump to the end, then look at the next frame: something is in sight before the page arrives.
    seen = page.locator("#gallery").evaluate("""box => new Promise(done => {
      box.scrollTop = box.scrollHeight; box.dispatchEvent(new Event('scroll'));
      requestAnimationFrame(() => requestAnimationFrame(() => {
        const view = box.getBoundingClientRect();
        const items = [...box.querySelectorAll('.item')].filter(i => {
          const r = i.getBoundingClientRect(); return r.bottom > view.top && r.top < view.bottom; });
        done({ items: items.length, waiting: items.filter(i => i.classList.contains('placeholder')).length });
      }));
    })""")
    assert seen["items"] > 0, seen
    expect(page.get_by_role("button", name="Solution 2339", exact=True)).to_be_visible()
    expect(page.locator("#gallery .item.placeholder")).to_have_count(0)
    wait_until_idle(live_server)


# -- Play ------------------------------------------------------------------------------------------------
def test_a_board_finished_for_the_player_says_the_solver_finished_it(clean_console: Page, live_server):
    page = clean_console
    open_page(page, live_server.url + link("5x12", []))
    expect(page.get_by_role("tab", name="Play")).to_have_attribute("aria-selected", "true")
    page.get_by_role("button", name="Finish it for me").click()
    expect(page.locator("#play-status")).to_contain_text("This is solution")
    expect(page.locator("#play-status")).to_contain_text("Finished by the solver")
    expect(page.locator("#play-status")).not_to_contain_text("Solved in")
    wait_until_idle(live_server)


NO_WAY = [
    ("6x10", [{"piece": "X", "cells": [[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]]}], (0, 0)),
    ("tetrahexes-4x7", [{"piece": "I4", "cells": [[1, 1], [1, 3], [1, 5], [1, 7]]}], (0, 0)),
    ("hexiamonds-4x9", [{"piece": "I6", "cells": [[0, 15], [0, 16], [0, 17], [0, 18], [0, 19], [0, 20]]}], (0, 21)),
]


@pytest.mark.parametrize(("name", "position", "cell"), NO_WAY, ids=[n for n, _, _ in NO_WAY])
def test_no_way_to_finish_is_a_warning_with_its_cell_marked(clean_console: Page, live_server, name, position, cell):
    page = clean_console
    open_page(page, live_server.url + link(name, position))
    status = page.locator("#play-status")
    expect(status).to_contain_text("no way to finish from here")
    expect(status).to_have_class(re.compile(r"\bwarning\b"))
    assert status.evaluate("s => getComputedStyle(s).color") != page.locator("#solve-status").evaluate(
        "s => getComputedStyle(s).color")  # not the grey of good news
    expect(page.locator("#board g.marked polygon")).to_have_count(1)
    assert board_cells(page, "#board g.marked polygon") == {cell}
    marked = page.locator("#board g.marked polygon").get_attribute("points")
    assert marked == page.locator(f'#board g.free [data-cell="{cell[0]},{cell[1]}"]').get_attribute("points")
    # Undo the move: the mark goes.
    page.get_by_role("button", name="Start again").click()
    expect(page.locator("#board g.marked polygon")).to_have_count(0)
    expect(status).not_to_have_class(re.compile(r"\bwarning\b"))
    wait_until_idle(live_server)


def test_a_refused_piece_is_cut_off_at_the_board(clean_console: Page, live_server):
    page = clean_console
    open_page(page, live_server.url + link("6x10", []))
    page.mouse.move(*point_of(page, '#tray .tray-piece[data-piece="I"] polygon'))
    page.mouse.down()
    page.mouse.move(*cell_point(page, (5, 4)), steps=4)
    if len({c for _, c in ghost_cells(page)}) > 1:
        page.keyboard.press("r")  # standing up: it runs off the bottom
    page.mouse.move(*cell_point(page, (5, 5)), steps=2)
    page.mouse.up()
    expect(page.locator("#play-message")).to_contain_text("Refused")
    lowest = max(b["y"] + b["height"] for b in
                 (p.bounding_box() for p in page.locator("#board g.ghost.refused polygon").all()))
    box = page.locator("#board-box").bounding_box()
    caption = page.locator("#stage-caption").bounding_box()
    assert lowest > caption["y"], "the refused piece reaches down past the caption's top"
    assert page.locator("#board-box").evaluate("b => getComputedStyle(b).overflow") in ("hidden", "clip")
    assert box["y"] + box["height"] <= caption["y"] + 0.5  # cut off above the caption
    wait_until_idle(live_server)


def point_of(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


# -- the header -------------------------------------------------------------------------------------------
def test_rows_and_columns_follow_the_puzzle_shown(clean_console: Page, live_server):
    page = clean_console
    open_page(page, live_server.url + link("5x12"))
    expect(page.locator("#rect-rows")).to_have_value("5")
    expect(page.locator("#rect-cols")).to_have_value("12")
    page.get_by_label("Puzzle", exact=True).select_option("dominoes-8x8")
    expect(page.locator("#rect-rows")).to_have_value("8")
    expect(page.locator("#rect-cols")).to_have_value("8")
    page.get_by_label("Puzzle", exact=True).select_option("8x8")  # Scott's: a hole in the middle
    expect(page.locator("#puzzle-title")).to_contain_text("Scott")
    expect(page.locator("#rect-rows")).to_have_value("")
    expect(page.locator("#rect-cols")).to_have_value("")
    page.get_by_label("Puzzle", exact=True).select_option("hexiamonds-4x9")
    expect(page.locator("#rect-rows")).to_have_value("")


def test_the_caption_keeps_the_symmetries_after_a_tab_change(clean_console: Page, live_server):
    page = clean_console
    open_page(page, live_server.url + link("6x10"))
    caption = page.locator("#stage-caption")
    expect(caption).to_have_text("60 cells · 12 pieces · 4 symmetries")
    for tab in ("Count", "Solve", "Watch", "Solve"):
        page.get_by_role("tab", name=tab).click()
        expect(caption).to_have_text("60 cells · 12 pieces · 4 symmetries")


def test_a_rectangle_that_is_no_puzzle_shows_its_board_and_the_message(clean_console: Page, live_server):
    page = clean_console
    open_page(page, live_server.url + link("6x10"))
    page.locator("#rect-rows").fill("40")
    page.locator("#rect-cols").fill("40")
    page.get_by_role("button", name="Open rectangle").click()
    expect(page.locator("#puzzle-message")).to_contain_text("40x40 has 1600 cells, but the 12 pentominoes cover 60")
    expect(page.locator("#puzzle-title")).to_have_text("12 pentominoes, 6x10")
    expect(page.locator("#board g.free polygon")).to_have_count(1600)
    expect(page.locator("#stage-caption")).to_contain_text("40 × 40")
    # A rectangle that is one: the message goes.
    page.locator("#rect-rows").fill("3")
    page.locator("#rect-cols").fill("20")
    page.get_by_role("button", name="Open rectangle").click()
    expect(page.locator("#puzzle-title")).to_have_text("12 pentominoes, 3x20")
    expect(page.locator("#puzzle-message")).to_be_hidden()
    expect(page.locator("#board g.free polygon")).to_have_count(60)


# -- event streams: ended by the server, never a failed request -----------------------------------------
def test_stopped_searches_leave_no_failed_request(clean_console: Page, live_server):
    """Every way a stream ends: a watch stopped, stepped and stopped again, a count cancelled,
    the ways to finish of a move replaced by the next move's, a count that finishes. The
    fixture checks that none was a failed request, and that the console shows no error."""
    page = clean_console
    open_page(page, live_server.url + link("6x10"))
    page.get_by_role("tab", name="Watch").click()
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#watch-status")).to_contain_text("nodes")
    page.get_by_role("button", name="Stop").click()
    expect(page.locator("#watch-status")).to_have_text("Stopped.")
    page.get_by_role("button", name="Step").click()
    expect(page.locator("#watch-status")).to_contain_text("nodes")
    page.keyboard.press("Escape")
    page.get_by_role("tab", name="Count").click()
    page.get_by_role("button", name="Count", exact=True).click()
    page.keyboard.press("Escape")
    expect(page.locator("#count-status")).to_contain_text("Cancelled after")
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator("#count-full")).to_have_text("2,339")
    page.get_by_role("tab", name="Play").click()
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#board g.piece")).to_have_count(1)
    page.get_by_role("button", name="Hint").click()  # the first move's count of the ways is stopped
    expect(page.locator("#board g.piece")).to_have_count(2)
    expect(page.locator("#play-status")).to_contain_text(re.compile(r"ways? to finish"))  # a hint's position may have 1
    page.wait_for_timeout(6000)  # a cancelled stream the server never ended would be closed by now
    wait_until_idle(live_server)


# -- a phone's screen --------------------------------------------------------------------------------------
TABS = ["Solve", "Play", "Watch", "Count", "Gallery", "Design", "File"]


def stage_top(page: Page) -> float:
    """The top of what the open tab shows in the stage (the board, the gallery)."""
    return page.locator("#board-box:visible, #gallery:visible, #year-map:visible").first.bounding_box()["y"]


def test_on_a_phone_every_tab_is_in_sight_and_the_board_comes_first(clean_console: Page, live_server):
    page = clean_console
    page.set_viewport_size(PHONE)
    open_page(page, live_server.url + link("6x10"))
    for name in TABS:
        box = page.get_by_role("tab", name=name).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (name, box)
        assert box["y"] + box["height"] <= PHONE["height"], (name, box)
    for name in TABS:
        page.get_by_role("tab", name=name).click()
        expect(page.get_by_role("tab", name=name)).to_have_attribute("aria-selected", "true")
        assert page.evaluate("scrollY") == 0
        top = stage_top(page)
        assert top < PHONE["height"] - 200, (name, top)  # the board starts well above the fold
        panel = page.locator('[role="tabpanel"]:visible').bounding_box()
        assert panel["y"] > top, (name, "the controls come under the board")
    # A calendar has one tab more, Year, and a date picker over its board.
    page.goto(live_server.url + "#puzzle=a-puzzle-a-day&date=2026-11-26")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    for name in [*TABS, "Year"]:
        tab = page.get_by_role("tab", name=name)
        box = tab.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (name, box)
        tab.click()
        expect(tab).to_have_attribute("aria-selected", "true")
        assert stage_top(page) < PHONE["height"] - 200, name
    wait_until_idle(live_server)
