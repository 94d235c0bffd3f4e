"""Take the README's pictures of the web page: a real headless Chromium on a real server.

    python docs/web_screenshot.py        # writes docs/images/web-solve.png, web-gallery.png, web-hexiamonds.png,
                                         # web-play.png, web-calendar.png, web-year.png, web-soma.png
    python docs/web_screenshot.py soma       # only the Soma cube in 3-D: web-soma.png
    python docs/web_screenshot.py calendar   # only the calendar's two: web-calendar.png, web-year.png
    python docs/web_screenshot.py phone      # only the phone's two (390 x 844): web-phone-solve.png,
                                             # web-phone-design.png

Needs the test extras (Playwright) and Chromium (Debian: apt-get install chromium).
"""

import re
import shutil
import sys
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

from pentomino.web.server import BackgroundServer

IMAGES = Path(__file__).parent / "images"


def main() -> None:
    with BackgroundServer() as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=shutil.which("chromium"))
        page = browser.new_page(viewport={"width": 1180, "height": 720}, color_scheme="light")
        if sys.argv[1:] == ["phone"]:
            phone(browser, server.url)
            browser.close()
            print(f"wrote {IMAGES / 'web-phone-solve.png'} and {IMAGES / 'web-phone-design.png'}")
            return
        if sys.argv[1:] == ["calendar"]:
            calendar(page, server.url)
            browser.close()
            print(f"wrote {IMAGES / 'web-calendar.png'} and {IMAGES / 'web-year.png'}")
            return
        if sys.argv[1:] == ["soma"]:
            soma(page, server.url)
            browser.close()
            print(f"wrote {IMAGES / 'web-soma.png'}")
            return
        page.goto(server.url)
        expect(page.locator("body")).to_have_attribute("data-ready", "1")
        page.get_by_label("Delay between tiles").evaluate(
            "el => { el.value = 0; el.dispatchEvent(new Event('input')); }")
        page.get_by_role("button", name="Solve", exact=True).click()
        expect(page.locator("#board g.piece")).to_have_count(12)
        page.screenshot(path=IMAGES / "web-solve.png")
        page.get_by_role("tab", name="Gallery").click()
        expect(page.get_by_role("button", name="Solution 40", exact=True)).to_be_visible()
        page.screenshot(path=IMAGES / "web-gallery.png")
        page.get_by_role("tab", name="Solve").click()
        page.get_by_label("Puzzle", exact=True).select_option("hexiamonds-4x9")
        expect(page.locator("#solve-status")).to_have_text("Press Solve (or Space).")
        page.get_by_role("button", name="Solve", exact=True).click()
        expect(page.locator("#board g.piece")).to_have_count(12)
        page.screenshot(path=IMAGES / "web-hexiamonds.png")
        play(page)
        soma(page, server.url)
        calendar(page, server.url)
        phone(browser, server.url)
        browser.close()
    print(f"wrote {IMAGES / 'web-solve.png'}, {IMAGES / 'web-gallery.png'}, {IMAGES / 'web-hexiamonds.png'}, "
          f"{IMAGES / 'web-play.png'}, {IMAGES / 'web-calendar.png'}, {IMAGES / 'web-year.png'}, "
          f"{IMAGES / 'web-phone-solve.png'} and {IMAGES / 'web-phone-design.png'}")


def phone(browser, url: str) -> None:
    """The page on a phone's screen, 390 x 844 CSS px: 6x10 solved, and the Design tab with a
    piece put down; the tabs wrap, the board comes first and the controls under it."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2, color_scheme="light")
    page.goto(f"{url}#puzzle=6x10")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    page.get_by_label("Delay between tiles").evaluate(
        "el => { el.value = 0; el.dispatchEvent(new Event('input')); }")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#board g.piece")).to_have_count(12)
    page.screenshot(path=IMAGES / "web-phone-solve.png")
    page.get_by_role("tab", name="Design").click()
    expect(page.locator("#design-message")).to_contain_text("OK: 60 cells")
    page.get_by_label("Place pieces").check()
    page.get_by_label("Piece", exact=True).select_option("X")
    page.locator('#board [data-cell="2,4"]').click()
    expect(page.locator('#board g.piece[data-piece="X"] polygon')).to_have_count(5)
    expect(page.locator("#design-message")).not_to_contain_text("4 symmetries")  # checked again, the X down
    page.mouse.move(0, 0)
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=IMAGES / "web-phone-design.png")
    page.close()


def calendar(page, url: str) -> None:
    """A-Puzzle-A-Day on 26 November 2026 (a fixed date: the picture stays the same), solved; then
    the Year tab's map of every date."""
    page.goto(f"{url}#puzzle=a-puzzle-a-day&date=2026-11-26")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    expect(page.locator("#open-shown")).to_have_text("Left open: Nov 26")
    page.get_by_label("Delay between tiles").evaluate(
        "el => { el.value = 0; el.dispatchEvent(new Event('input')); }")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#board g.piece")).to_have_count(8)
    page.screenshot(path=IMAGES / "web-calendar.png")
    page.get_by_role("tab", name="Year").click()
    expect(page.locator("#year-map button.day")).to_have_count(366)
    page.locator("#year-map").screenshot(path=IMAGES / "web-year.png")  # the map alone: a smaller picture


def soma(page, url: str) -> None:
    """The Soma cube's first solution in 3-D, turned a little by a drag of the mouse."""
    page.goto("about:blank")  # a page loaded afresh (not a new hash on the page shown)
    page.goto(f"{url}#puzzle=soma")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    page.get_by_label("Delay between tiles").evaluate(
        "el => { el.value = 0; el.dispatchEvent(new Event('input')); }")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solid g.body.piece")).to_have_count(27)
    box = page.locator("#solid").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 40, y + 12, steps=4)
    page.mouse.up()
    expect(page.locator("#solid")).not_to_have_attribute("data-azimuth", "-45")
    page.mouse.move(0, 0)
    page.screenshot(path=IMAGES / "web-soma.png")


def play(page) -> None:
    """6x10 in the Play tab: five pieces put down by hints, the count of the ways to finish, and
    a sixth piece held over the board by the mouse."""
    page.get_by_label("Puzzle", exact=True).select_option("6x10")
    page.get_by_role("tab", name="Play").click()
    expect(page.locator("#play-status")).to_have_text("still 9,356 ways to finish")
    for placed in range(1, 6):
        page.get_by_role("button", name="Hint").click()
        expect(page.locator("#board g.piece")).to_have_count(placed)
        expect(page.locator("#play-status")).to_have_text(re.compile(r"^still [\d,]+ ways? to finish$"))
    free = page.locator("#board g.free polygon").first
    piece = page.locator('#tray .tray-piece:not([data-piece="F"]) polygon').first  # F is red: not a refusal
    box = piece.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    box = free.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=8)
    expect(page.locator("#board g.ghost polygon")).to_have_count(5)
    page.screenshot(path=IMAGES / "web-play.png")
    page.mouse.up()


if __name__ == "__main__":
    main()
