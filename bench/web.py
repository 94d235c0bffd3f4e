"""Figures of the web page and its server, measured on this machine.

    python bench/web.py

- the time from pressing Solve to the whole 6x10 solution drawn (animation off), measured by the
  page itself (performance.now()), the first time and again, in a real headless Chromium;
- the gallery's time to first paint (from opening it to the first pictures painted, measured by
  the page);
- the memory (RSS) of a `pentomino serve` process after 100 solves in random orders.

The load figures (20 clients at once) are printed by
`python -m pytest -s tests/test_web_serve.py -k load`.
"""

import json
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time
import urllib.request

from playwright.sync_api import expect, sync_playwright


def processor() -> str:
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def rss_mb(pid: int) -> float:
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as response:
        return json.loads(response.read())


def main() -> None:
    print(f"processor: {processor()}")
    proc = subprocess.Popen([sys.executable, "-m", "pentomino", "serve", "--port", "0"], stdout=subprocess.PIPE,
                            text=True)
    url = re.search(r"http://\S+", proc.stdout.readline()).group(0)
    try:
        print(f"server RSS at start: {rss_mb(proc.pid):.0f} MB")
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=shutil.which("chromium"))
            page = browser.new_page(viewport={"width": 1200, "height": 800})
            page.goto(url)
            expect(page.locator("body")).to_have_attribute("data-ready", "1")
            page.get_by_label("Delay between tiles").evaluate(
                "el => { el.value = 0; el.dispatchEvent(new Event('input')); }")
            times = []
            for _ in range(6):
                page.evaluate("delete document.body.dataset.solveMs")
                page.get_by_role("button", name="Solve", exact=True).click()
                expect(page.locator("#board g.piece")).to_have_count(12)
                expect(page.locator("body")).to_have_attribute("data-solve-ms", re.compile(r"."))
                times.append(float(page.locator("body").get_attribute("data-solve-ms")) / 1000)
                page.get_by_label("Puzzle", exact=True).select_option("5x12")
                expect(page.locator("#puzzle-title")).to_have_text("12 pentominoes, 5x12")
                page.get_by_label("Puzzle", exact=True).select_option("6x10")
                expect(page.locator("#puzzle-title")).to_have_text("12 pentominoes, 6x10")
            print(f"Solve to the whole 6x10 solution drawn: first {times[0] * 1000:.0f} ms, then median "
                  f"{statistics.median(times[1:]) * 1000:.0f} ms (min {min(times[1:]) * 1000:.0f}, "
                  f"max {max(times[1:]) * 1000:.0f}) over {len(times) - 1}")
            for mode, what in (("full", "2339 solutions"), ("none", "every tiling, 9356")):
                page.evaluate("delete document.body.dataset.galleryMs")
                if mode == "full":
                    page.get_by_role("tab", name="Gallery").click()
                else:
                    page.get_by_label("Show").select_option(mode)
                expect(page.locator("body")).to_have_attribute("data-gallery-ms", re.compile(r"."))
                ms = float(page.locator("body").get_attribute("data-gallery-ms"))
                print(f"gallery, first paint (6x10, {what}): {ms:.0f} ms")
            browser.close()
        print(f"server RSS after the browser session: {rss_mb(proc.pid):.0f} MB")
        start = time.perf_counter()
        for k in range(100):
            post(url + "api/solutions", {"puzzle": {"name": "6x10"}, "random": True, "seed": k, "offset": 0, "limit": 1})
        print(f"100 solves in random orders: {time.perf_counter() - start:.2f} s; "
              f"server RSS after them: {rss_mb(proc.pid):.0f} MB")
        for k in range(100):
            post(url + "api/solutions", {"puzzle": {"name": "6x10"}, "random": True, "seed": 1000 + k,
                                         "offset": 0, "limit": 1})
        print(f"server RSS after 100 more: {rss_mb(proc.pid):.0f} MB")
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(20)


if __name__ == "__main__":
    main()
