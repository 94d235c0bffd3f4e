"""Figures of the web page and its server, measured on this machine.

    python bench/web.py

- the time from pressing Solve to the whole 6x10 solution drawn (animation off), measured by the
  page itself (performance.now()), the first time and again, in a real headless Chromium;
- the gallery's time to first paint (from opening it to the first pictures painted, measured by
  the page);
- the memory (RSS) of a `pentomino serve` process after 100 solves in random orders.

- 20 clients at once solving and counting, against the server in its own process: how many are
  served and how many shed (429), and how fast a cheap request is answered meanwhile.
"""

import json
import re
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

from playwright.sync_api import expect, sync_playwright

from memo import _cpu  # bench/memo.py: the processor's model name


def rss_mb(pid: int) -> float:
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as response:
        return json.loads(response.read())


def load(url: str, clients: int = 20) -> None:
    """``clients`` at once, each solving (a random order) and counting 5x12 three times, while
    this thread times a cheap request (/api/status) over and over."""
    statuses, lock, go = [], threading.Lock(), threading.Barrier(clients + 1)

    def ask(path, body=None):
        req = urllib.request.Request(url + path, data=None if body is None else json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=120) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, None

    def client(k: int) -> None:
        go.wait()
        for _ in range(3):
            for path, body in (("api/solutions", {"puzzle": {"name": "6x10"}, "random": True, "seed": k}),
                               ("api/tasks", {"kind": "count", "puzzle": {"name": "5x12"}})):
                req = urllib.request.Request(url + path, data=json.dumps(body).encode(),
                                             headers={"content-type": "application/json"})
                try:
                    with urllib.request.urlopen(req, timeout=120) as response:
                        status, data = response.status, json.loads(response.read())
                except urllib.error.HTTPError as exc:
                    status, data = exc.code, None
                with lock:
                    statuses.append(status)
                if status == 200 and path == "api/tasks":
                    with urllib.request.urlopen(f"{url}api/tasks/{data['id']}/events", timeout=120) as stream:
                        for line in stream:
                            if line.startswith(b"event: result"):
                                break

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    go.wait()
    start, latencies = time.perf_counter(), []
    while any(t.is_alive() for t in threads):
        t0 = time.perf_counter()
        ask("api/status")
        latencies.append(time.perf_counter() - t0)
        time.sleep(0.02)
    total = time.perf_counter() - start
    latencies.sort()
    print(f"load, {clients} clients at once (server in its own process): {len(statuses)} search requests in "
          f"{total:.2f} s, {statuses.count(200)} served, {statuses.count(429)} shed (429), "
          f"other {len(statuses) - statuses.count(200) - statuses.count(429)}; /api/status answered "
          f"{len(latencies)} times meanwhile: median {statistics.median(latencies) * 1000:.1f} ms, "
          f"95% {latencies[int(0.95 * (len(latencies) - 1))] * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms")
    print(f"searches running after the load: {len(ask('api/status')[1]['running'])}")


def main() -> None:
    print(f"processor: {_cpu()}")
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
            post(url + "api/solutions", {"puzzle": {"name": "6x10"}, "random": True, "seed": k,
                                         "offset": 0, "limit": 1})
        print(f"100 solves in random orders: {time.perf_counter() - start:.2f} s; "
              f"server RSS after them: {rss_mb(proc.pid):.0f} MB")
        for k in range(100):
            post(url + "api/solutions", {"puzzle": {"name": "6x10"}, "random": True, "seed": 1000 + k,
                                         "offset": 0, "limit": 1})
        print(f"server RSS after 100 more: {rss_mb(proc.pid):.0f} MB")
        load(url)
        print(f"server RSS after the load: {rss_mb(proc.pid):.0f} MB")
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(20)


if __name__ == "__main__":
    main()
