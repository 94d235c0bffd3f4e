"""The rough edges of the page, each as seen in a real browser (Debian's Chromium, driven by
Playwright), and the server's side of them in-process (Starlette's TestClient): a watch at full
speed, event streams that end cleanly, cancelling at any time, the Design, Count, Gallery, Play
tabs and the header, and the page on a phone's screen.

Every browser test here runs with :func:`clean_console`: the browser's console shows no error
and no request fails (a stream closed by the page before the server ended it does).
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

import checker
from pentomino.tuning import FRAMES_PER_SECOND
from test_web_api import checker_args, events, make_client, pairs, puzzle_of, start_job, wait_idle

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
