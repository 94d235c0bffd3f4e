"""Boards that wrap on the page: the seams drawn, a design that wraps, and a piece put down across
a seam in Play (Chromium, as tests/test_web_browser.py drives it)."""

from __future__ import annotations

import dataclasses

import pytest
from playwright.sync_api import Page, expect

from pentomino import Placement
from test_web_browser import cell_point, console_errors, ghost, open_builtin, open_page, pick_up, turn_with

pytestmark = pytest.mark.browser


def test_the_seams_of_a_tube_are_drawn(page: Page, live_server):
    errors = console_errors(page)
    open_builtin(page, live_server.url, "tube-3x20")
    seam = page.locator("#board path.seam")
    expect(seam).to_have_count(1)
    assert seam.get_attribute("d").count("M") == 6  # three rows, a side at each end
    expect(page.locator("#stage-caption")).to_contain_text("80 symmetries")
    assert errors == []


def test_a_design_that_wraps_counts_up_to_the_tubes_motions(page: Page, live_server):
    errors = console_errors(page)
    open_page(page, live_server.url)
    page.get_by_role("tab", name="Design").click()
    page.locator("#design-rows").fill("3")
    page.locator("#design-cols").fill("20")
    page.get_by_role("button", name="New grid").click()
    expect(page.locator("#design-message")).to_contain_text("4 symmetries")
    page.get_by_label("Edges").select_option("columns")
    expect(page.locator("#design-message")).to_contain_text("80 symmetries")
    page.get_by_label("Edges").select_option("both")
    expect(page.locator("#design-message")).to_contain_text("240 symmetries")  # 3 x 20 x 4
    assert errors == []


def test_play_puts_a_piece_down_across_the_seam(page: Page, live_server):
    """The I held lying down over the last column runs on round the seam: its cells come back
    at the left, the ghost says so, and it goes down there; the ways to finish are the
    library's for that position."""
    errors = console_errors(page)
    puzzle = open_builtin(page, live_server.url, "tube-3x20")
    page.get_by_role("tab", name="Play").click()
    expect(page.locator("#play-status")).to_have_text(f"still {puzzle.count('none'):,} ways to finish")
    pick_up(page, "I", (0, 19))
    if len({r for r, _ in ghost(page)}) > 1:
        turn_with(page, "R")  # lying down
    held = ghost(page)
    assert len({r for r, _ in held}) == 1 and len(set(held)) == 5
    page.mouse.move(*cell_point(page, (0, 18)), steps=3)
    cells = sorted(ghost(page))
    assert {c for _, c in cells} & {0, 1} and {c for _, c in cells} & {18, 19}, cells  # both sides of the seam
    expect(page.locator("#board g.ghost.refused")).to_have_count(0)
    page.mouse.up()
    expect(page.locator('#board g.piece[data-piece="I"] polygon')).to_have_count(5)
    position = dataclasses.replace(puzzle, preplaced=(Placement.of("I", cells),))
    n = position.count("none")
    expect(page.locator("#play-status")).to_have_text(f"still {n:,} way{'s' if n != 1 else ''} to finish")
    assert errors == []


def test_a_design_keeps_the_tiling_rules_ticked(page: Page, live_server):
    """Design: the Rules boxes go with the design, and its count is the rule's (6 x 10: 563
    tatami tilings up to symmetry, against 2,339)."""
    errors = console_errors(page)
    open_page(page, live_server.url)
    page.get_by_role("tab", name="Design").click()
    page.locator("#design-rows").fill("6")
    page.locator("#design-cols").fill("10")
    page.get_by_role("button", name="New grid").click()
    expect(page.locator("#design-message")).to_contain_text("4 symmetries")
    page.get_by_label("No four corners").check()
    page.get_by_role("button", name="Use this puzzle").click()
    page.get_by_role("tab", name="Count").click()
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator("#count-full")).to_have_text("563")
    assert errors == []
