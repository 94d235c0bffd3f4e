"""The web server's JSON API, driven in-process with Starlette's TestClient.

Every client is used as a context manager: jobs run in threads and post their events to the
app's event loop, which only runs while the client is open. Every response of the shared
client is checked by a hook: never a 500, and always the Content-Security-Policy.

Answers are compared with independent sources: the command line (its one-line error
messages, its ``count --json``, its ``solve --random --seed``), the library, and the verifier
in ``tests/checker.py``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import gc
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import checker
from pentomino import Placement, Puzzle, PuzzleError
from pentomino.model.placement import tiling
from pentomino.model.symmetry import orbit
from pentomino.web.app import create_app
from pentomino.web.settings import Settings
from test_cli import run

DATA = Path(__file__).parent / "data"
LONG_TOML = (DATA / "long-8x10.toml").read_text(encoding="utf-8")
CLI_PREFIX = "pentomino: error: "
BIG = 10 ** 6
ALLOWED_CSP_SOURCES = {"'none'", "'self'", "data:", "blob:"}
SIX_BY_TEN = {"name": "6x10"}


# -- helpers ------------------------------------------------------------------------------------
def csp_problems(response) -> list[str]:
    """What is wrong with a response's Content-Security-Policy (empty: nothing)."""
    policy = response.headers.get("content-security-policy")
    if policy is None:
        return [f"{response.request.method} {response.request.url.path} -> {response.status_code}: no CSP"]
    directives = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            directives[words[0]] = words[1:]
    problems = []
    if directives.get("default-src") != ["'none'"]:
        problems.append(f"default-src is {directives.get('default-src')}")
    for name, sources in directives.items():
        for s in sources:
            if s not in ALLOWED_CSP_SOURCES:
                problems.append(f"{name} allows {s}")
    return problems


def _check_response(response) -> None:
    assert response.status_code != 500, f"{response.request.method} {response.request.url} gave a 500"
    problems = csp_problems(response)
    assert not problems, problems


@contextlib.contextmanager
def make_client(settings: Settings | None = None, *, checked: bool = True, **kwargs):
    """A TestClient on a fresh app; ``checked``: every response is checked (no 500, the CSP)."""
    with TestClient(create_app(settings or Settings()), base_url="http://127.0.0.1", **kwargs) as client:
        if checked:
            client.event_hooks = {"request": [], "response": [_check_response]}
        yield client


@pytest.fixture(scope="module")
def client():
    with make_client() as c:
        yield c


def cli(*args: str, check_ok: bool = True) -> subprocess.CompletedProcess:
    ran = run(*args)  # the command line in this process (as `python -m pentomino` runs it)
    result = subprocess.CompletedProcess(["pentomino", *map(str, args)], ran.exit_code, ran.stdout, ran.stderr)
    if check_ok:
        assert result.returncode == 0, result.stderr
    return result


def cli_error(*args: str) -> str:
    """The message the CLI prints after ``pentomino: error: `` (exit status 2, one line)."""
    result = cli(*args, check_ok=False)
    assert result.returncode == 2, (result.returncode, result.stderr)
    lines = [ln for ln in result.stderr.split("\n") if ln.startswith(CLI_PREFIX)]
    assert len(lines) == 1, result.stderr
    assert result.stderr.endswith(lines[0] + "\n")
    return lines[0][len(CLI_PREFIX):]


def error_of(response, status: int = 400) -> str:
    assert response.status_code == status, (response.status_code, response.text)
    assert response.headers["content-type"].startswith("application/json")
    data = response.json()
    assert list(data) == ["error"], data
    assert isinstance(data["error"], str) and data["error"]
    assert "\n" not in data["error"] and "Traceback" not in data["error"]
    return data["error"]


def wait_idle(client, seconds: float = 60.0) -> dict:
    """Poll /api/status until no search runs (or fail: ``seconds`` is a hang guard, far more than
    a search takes to stop, on a loaded machine too)."""
    end = time.monotonic() + seconds
    while True:
        status = client.get("/api/status").json()
        if not status["running"] or time.monotonic() > end:
            assert status["running"] == [], status
            return status
        time.sleep(0.05)


def events(client, job_id: str):
    """A generator of ``(event, data)`` from a job's event stream; closing it closes the stream."""
    with client.stream("GET", f"/api/tasks/{job_id}/events") as response:
        assert response.status_code == 200, response.read()
        assert response.headers["content-type"].startswith("text/event-stream")
        assert not csp_problems(response)
        event = data = None
        for line in response.iter_lines():
            if line.startswith("event:"):
                event = line[len("event:"):].strip()
            elif line.startswith("data:"):
                data = json.loads(line[len("data:"):].strip())
            elif line == "" and event is not None:
                yield event, data
                event = data = None


def all_events(client, job_id: str, timeout: float = 60.0) -> list[tuple[str, dict]]:
    """Every event of a job, up to its last (result, cancelled or error)."""
    out = []
    end = time.monotonic() + timeout
    for event, data in events(client, job_id):
        out.append((event, data))
        if event in ("result", "cancelled", "error"):
            break
        assert time.monotonic() < end, "the job streamed for too long"
    return out


def start_job(client, **body) -> str:
    r = client.post("/api/tasks", json=body)
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["kind"] == body["kind"] and isinstance(data["id"], str) and data["id"]
    return data["id"]


def checker_args(pz: dict):
    """``(board, pieces, one_sided, preplaced)`` for tests/checker.py, from /api/puzzle's JSON."""
    pieces = [(p["name"], p["orientations"][0], p["min"], BIG if p["max"] is None else p["max"]) for p in pz["pieces"]]
    return pz["cells"], pieces, pz["one_sided"], pairs(pz["preplaced"])


def pairs(placements) -> list:
    """Placements ``[{"piece", "cells"}]``, as the server sends them, as tests/checker.py's
    ``(piece, cells)`` pairs."""
    return [(p["piece"], p["cells"]) for p in placements]


def as_set(placements) -> frozenset:
    """Placements as ``{(piece, cells)}`` from ``[{"piece", "cells"}]``, ``(piece, cells)`` pairs
    (tests/checker.py's) or library Placements."""
    out = set()
    for p in placements:
        if isinstance(p, dict):
            name, cells = p["piece"], p["cells"]
        elif isinstance(p, (list, tuple)) and len(p) == 2 and isinstance(p[0], str):
            name, cells = p
        else:
            name, cells = p.piece, p.cells
        out.add((name, frozenset(tuple(c) for c in cells)))
    assert len(out) == len(placements)
    return frozenset(out)


def normalize(cells) -> frozenset:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def free_shapes(cells) -> set:
    """Every orientation of a shape, turned over too (built here, not by the package)."""
    found = set()
    for start in (list(cells), [(r, -c) for r, c in cells]):
        shape = start
        for _ in range(4):
            found.add(normalize(shape))
            shape = [(c, -r) for r, c in shape]
    return found


def check_partial_tiling(pz: dict, placements) -> None:
    """Placements ``[{"piece", "cells"}]`` are pieces of the puzzle, in their shapes, on the board,
    not overlapping, and no piece more often than allowed."""
    board = {tuple(c) for c in pz["cells"]}
    pieces = {p["name"]: p for p in pz["pieces"]}
    shapes = {name: free_shapes([tuple(c) for c in p["orientations"][0]]) for name, p in pieces.items()}
    covered: set = set()
    used: dict = {}
    for item in placements:
        assert isinstance(item, dict) and set(item) == {"piece", "cells"}, item
        name, cells = item["piece"], item["cells"]
        assert name in pieces, f"{name} is not a piece of the puzzle"
        cells = [tuple(c) for c in cells]
        assert len(set(cells)) == len(cells) == pieces[name]["size"], item
        assert normalize(cells) in shapes[name], f"{name} is not in its shape: {cells}"
        assert set(cells) <= board, f"{name} lies off the board: {cells}"
        assert not (set(cells) & covered), f"{name} overlaps another piece: {cells}"
        covered |= set(cells)
        used[name] = used.get(name, 0) + 1
        if pieces[name]["max"] is not None:
            assert used[name] <= pieces[name]["max"], f"{name} used {used[name]} times"


def puzzle_of(client, spec: dict) -> dict:
    r = client.post("/api/puzzle", json={"puzzle": spec})
    assert r.status_code == 200, r.text
    return r.json()


def design(cells, pieces=("pentominoes",), **extra) -> dict:
    return {"design": {"cells": [list(c) for c in cells], "pieces": list(pieces), "copies": {},
                       "one_sided": None, "preplaced": [], "name": "x", **extra}}


EIGHT_BY_EIGHT = [(r, c) for r in range(8) for c in range(8)]
SCOTT_CELLS = [(r, c) for r, c in EIGHT_BY_EIGHT if not (r in (3, 4) and c in (3, 4))]


# -- 1. /api/info -------------------------------------------------------------------------------
def test_info_lists_puzzles_piece_sets_and_limits(client):
    r = client.get("/api/info")
    assert r.status_code == 200
    info = r.json()
    names = [p["name"] for p in info["puzzles"]]
    for name in ("6x10", "8x8", "scott-finish"):
        assert name in names
    assert len(set(names)) == len(names)
    by_name = {p["name"]: p for p in info["puzzles"]}
    assert by_name["scott-finish"]["description"] == Puzzle.load("scott-finish").name
    sets = {s["name"]: s for s in info["piece_sets"]}
    pent = sets["pentominoes"]
    assert pent["pieces"] == list("FILNPTUVWXYZ")
    assert set(pent["shapes"]) == set(pent["pieces"])
    assert pent["one_sided"] is False
    assert info["limits"] == {"max_cells": 1024, "max_seconds": 300.0, "max_searches": 4, "max_listed": 200_000}


def test_info_limits_follow_the_settings():
    with make_client(Settings(max_cells=50, max_seconds=2.5, max_searches=1, max_listed=10)) as c:
        assert c.get("/api/info").json()["limits"] == {"max_cells": 50, "max_seconds": 2.5, "max_searches": 1,
                                                       "max_listed": 10}


def _turns(cells):
    return {"cw": [(c, -r) for r, c in cells], "ccw": [(-c, r) for r, c in cells]}


def _flips(cells):
    return {"cols": [(r, -c) for r, c in cells], "rows": [(-r, c) for r, c in cells],
            "diag": [(c, r) for r, c in cells], "anti": [(-c, -r) for r, c in cells]}


def test_info_shapes_have_orientations_and_turn_flip_tables(client):
    info = client.get("/api/info").json()
    turn_ways, flip_ways = {"cw", "ccw"}, {"cols", "rows", "diag", "anti"}
    for piece_set in (s for s in info["piece_sets"] if s["grid"] == "square"):
        for name, shape in piece_set["shapes"].items():
            orientations = [normalize([tuple(c) for c in o]) for o in shape["orientations"]]
            n = len(orientations)
            assert n >= 1 and len(set(orientations)) == n, name
            assert len(shape["turn"]) == len(shape["flip"]) == n, name
            # every orientation, and only those: the free shapes of the first one
            assert set(orientations) == free_shapes(orientations[0]), name
            assert all(len(o) == shape["size"] for o in orientations)
            for table, moves, ways in (("turn", _turns, turn_ways), ("flip", _flips, flip_ways)):
                assert sorted(shape[table]) == list(range(n)), (name, table)  # a permutation
                for i, o in enumerate(orientations):
                    target = orientations[shape[table][i]]
                    ways &= {w for w, cells in moves(o).items() if normalize(cells) == target}
            assert turn_ways and flip_ways, (piece_set["name"], name)  # one rotation, one reflection for all
    pent = {s["name"]: s for s in info["piece_sets"]}["pentominoes"]["shapes"]
    assert len(pent["F"]["orientations"]) == 8 and len(pent["F"]["turn"]) == 8
    assert len(pent["X"]["orientations"]) == 1 and pent["X"]["turn"] == [0] and pent["X"]["flip"] == [0]
    assert len(pent["I"]["orientations"]) == 2
    # a turn has order 4, so it cycles F's 8 orientations in two 4-cycles
    turn = pent["F"]["turn"]
    for i in range(8):
        assert turn[turn[turn[turn[i]]]] == i and turn[turn[i]] != i


# -- 2. /api/puzzle -----------------------------------------------------------------------------
def test_puzzle_by_name(client):
    pz = puzzle_of(client, SIX_BY_TEN)
    assert pz["area"] == 60
    assert pz["group_order"] == {"full": 4, "rotations": 2, "none": 1}
    assert sorted(map(tuple, pz["cells"])) == [(r, c) for r in range(6) for c in range(10)]
    assert [p["name"] for p in pz["pieces"]] == list("FILNPTUVWXYZ")
    assert pz["preplaced"] == [] and pz["one_sided"] is False
    assert Puzzle.from_toml(pz["toml"]) == Puzzle.load("6x10")
    assert pz["fingerprint"] == Puzzle.load("6x10").fingerprint
    assert pz["name"] == Puzzle.load("6x10").name


def test_puzzle_by_name_with_preplaced_pieces(client):
    pz = puzzle_of(client, {"name": "scott-finish"})
    expected = Puzzle.load("scott-finish")
    assert Puzzle.from_toml(pz["toml"]) == expected
    assert as_set(pz["preplaced"]) == as_set(expected.preplaced)
    assert pz["area"] == 60


def test_puzzle_from_toml_text(client):
    text = (DATA / "pentominoes-L4-8x8.toml").read_text(encoding="utf-8")
    pz = puzzle_of(client, {"toml": text, "source": "mine.toml"})
    expected = Puzzle.from_toml(text)
    assert pz["area"] == 64
    assert [p["name"] for p in pz["pieces"]] == [pc.piece.name for pc in expected.pieces]
    assert "L4" in [p["name"] for p in pz["pieces"]]
    assert pz["group_order"]["full"] == expected.symmetry_group_order("full") == 8
    assert Puzzle.from_toml(pz["toml"]) == expected
    assert pz["fingerprint"] == expected.fingerprint


def test_puzzle_from_design(client):
    pz = puzzle_of(client, design(SCOTT_CELLS))
    assert pz["area"] == 60
    assert pz["name"] == "x"
    assert sorted(map(tuple, pz["cells"])) == sorted(SCOTT_CELLS)
    assert [p["name"] for p in pz["pieces"]] == list("FILNPTUVWXYZ")
    assert pz["group_order"] == {"full": 8, "rotations": 4, "none": 1}
    scott = Puzzle.load("8x8")
    assert pz["fingerprint"] == scott.fingerprint  # the same puzzle as Scott's, but its name
    back = Puzzle.from_toml(pz["toml"])
    assert back.board == scott.board and back.pieces == scott.pieces and back.name == "x"


def test_puzzle_from_design_with_rules(client):
    pz = puzzle_of(client, design([(r, c) for r in range(6) for c in range(10)], rules=["fault-free"]))
    assert pz["rules"] == ["fault-free"]
    assert Puzzle.from_toml(pz["toml"]).rules == ("fault-free",)
    assert pz["fingerprint"] == Puzzle.load("6x10").with_rules("fault-free").fingerprint
    r = client.post("/api/puzzle", json={"puzzle": design(SCOTT_CELLS, rules=["tatami"])})
    assert r.status_code == 400 and "unknown rule 'tatami'" in r.text


def test_puzzle_from_design_with_copies_and_preplaced(client):
    # a 2x5 box of two P pentominoes, one already placed
    cells = [(r, c) for r in range(2) for c in range(5)]
    pre = [[0, 0], [0, 1], [1, 0], [1, 1], [0, 2]]
    pz = puzzle_of(client, design(cells, ["P"], copies={"P": 2}, preplaced=[{"piece": "P", "cells": pre}]))
    assert pz["area"] == 10
    assert pz["pieces"][0]["name"] == "P" and pz["pieces"][0]["min"] == pz["pieces"][0]["max"] == 2
    assert as_set(pz["preplaced"]) == {("P", frozenset(map(tuple, pre)))}


# -- 3. errors: the CLI's messages, always 400, never 500 -----------------------------------------
def test_rectangle_of_wrong_area_is_the_cli_message(client):
    expected = cli_error("count", "7x9")
    assert "7x9" in expected
    for path, extra in (("/api/puzzle", {}), ("/api/solutions", {}), ("/api/unique", {}),
                        ("/api/render", {"placements": []}), ("/api/tasks", {"kind": "count"})):
        r = client.post(path, json={"puzzle": {"name": "7x9"}, **extra})
        assert error_of(r) == expected, path


TOML_SYNTAX_ERROR = 'name = "x"\npieces = "pentominoes"\nboard = """\n' + "..........\n" * 6 + '"""\nfoo = = 3\n'
TOML_UNKNOWN_KEY = 'name = "x"\npieces = "pentominoes"\nbaord = """\n' + "..........\n" * 6 + '"""\n'


@pytest.mark.parametrize("text, line", [(TOML_SYNTAX_ERROR, 11), (TOML_UNKNOWN_KEY, 3)],
                         ids=["syntax-error", "unknown-key"])
def test_bad_puzzle_file_is_the_cli_message(client, tmp_path, text, line):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    expected = cli_error("count", path)
    assert expected.startswith(f"{path}:{line}: ")
    r = client.post("/api/puzzle", json={"puzzle": {"toml": text, "source": str(path)}})
    assert error_of(r) == expected
    # without a source, the message names puzzle.toml and the line
    r = client.post("/api/puzzle", json={"puzzle": {"toml": text}})
    message = error_of(r)
    assert message.startswith(f"puzzle.toml:{line}: ")
    assert message == expected.replace(str(path), "puzzle.toml")


def cli_no_solution(path) -> str:
    """Why ``pentomino check PATH`` says the puzzle has no solution (it exits with status 1)."""
    result = cli("check", str(path), check_ok=False)
    assert result.returncode == 1 and result.stdout.startswith("no solution: "), result
    return result.stdout.strip().removeprefix("no solution: ")


def test_design_area_mismatch_is_a_puzzle_with_no_solution(client, tmp_path):
    # the same board as a puzzle file, for the CLI
    path = tmp_path / "full8x8.toml"
    path.write_text('pieces = "pentominoes"\nboard = """\n' + "........\n" * 8 + '"""\n', encoding="utf-8")
    expected = cli_no_solution(path)
    assert "64" in expected and "60" in expected and "area" in expected
    pz = puzzle_of(client, design(EIGHT_BY_EIGHT))
    assert pz["no_solution"] == expected and pz["area"] == 64
    assert puzzle_of(client, SIX_BY_TEN)["no_solution"] is None


@pytest.mark.parametrize("path, body, words", [
    ("/api/puzzle", b"this is not json", ["not JSON"]),
    ("/api/puzzle", b"\xff\xfe\x00", ["not JSON"]),
    ("/api/puzzle", b"[1, 2]", ["JSON object"]),
    ("/api/puzzle", b'"6x10"', ["JSON object"]),
    ("/api/puzzle", b"{}", ["no puzzle"]),
    ("/api/puzzle", b'{"puzzle": "6x10"}', ["puzzle must be"]),
    ("/api/puzzle", b'{"puzzle": {}}', ["puzzle must be"]),
    ("/api/puzzle", b'{"puzzle": {"name": 7}}', ["puzzle must be"]),
    ("/api/solutions", b'{"puzzle": {"name": "6x10"}, "symmetry": "mirror"}',
     ["symmetry must be one of full, rotations, none, not 'mirror'"]),
    ("/api/solutions", b'{"puzzle": {"name": "6x10"}, "offset": -1}', ["offset"]),
    ("/api/solutions", b'{"puzzle": {"name": "6x10"}, "limit": 0}', ["limit"]),
    ("/api/solutions", b'{"puzzle": {"name": "6x10"}, "limit": 501}', ["limit"]),
    ("/api/solutions", b'{"puzzle": {"name": "6x10"}, "offset": 1.5}', ["offset"]),
    ("/api/solutions", b'{"puzzle": {"name": "6x10"}, "offset": true}', ["offset"]),
    ("/api/solutions", b'{"puzzle": {"name": "6x10"}, "random": true, "seed": "x"}', ["seed"]),
    ("/api/solutions", b"{}", ["no puzzle"]),
    ("/api/unique", b"[]", ["JSON object"]),
    ("/api/render", b'{"puzzle": {"name": "6x10"}, "placements": {}}', ["placements must be a list"]),
    ("/api/render", b'{"puzzle": {"name": "6x10"}, "placements": [["X", [[0, 1]]]]}', ["each placement"]),
    ("/api/render", b'{"puzzle": {"name": "6x10"}, "placements": [{"piece": "X", "cells": [[0]]}]}', ["a cell"]),
    ("/api/tasks", b'{"kind": "solve", "puzzle": {"name": "6x10"}}', ["unknown task kind 'solve'"]),
    ("/api/tasks", b'{"kind": "watch", "puzzle": {"name": "6x10"}, "speed": "fast"}', ["speed"]),
    ("/api/tasks", b'{"kind": "count"}', ["no puzzle"]),
    ("/api/puzzle", b'{"puzzle": {"toml": "board = \\".\\"\\npieces = \\"monomino\\"", "source": 3}}', ["source"]),
    ("/api/puzzle", b'{"puzzle": {"design": {"cells": [[0, 0, 0]]}}}', ["a cell"]),
    ("/api/puzzle", b'{"puzzle": {"design": {"cells": [[0, 0]], "pieces": ["nonesuch"]}}}', ["nonesuch"]),
    ("/api/puzzle", b'{"puzzle": {"design": {"cells": [[0, 0]], "pieces": ["monomino"], "one_sided": 1}}}',
     ["one_sided"]),
], ids=lambda v: v if isinstance(v, str) else None)
def test_bad_requests_are_400(client, path, body, words):
    message = error_of(client.post(path, content=body, headers={"content-type": "application/json"}))
    for w in words:
        assert w in message, message


@pytest.mark.parametrize("name", ["/etc/passwd", "../x.toml", "x.toml", "./x.toml", "~/x.toml"])
def test_puzzle_names_never_read_files(client, tmp_path, monkeypatch, name):
    # a valid puzzle file sits where the name leads: the server must not read it
    (tmp_path / "x.toml").write_text(Puzzle.load("3x20").to_toml(), encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "x.toml").write_text(Puzzle.load("3x20").to_toml(), encoding="utf-8")
    monkeypatch.chdir(tmp_path / "sub")
    if name in ("../x.toml", "x.toml", "./x.toml"):
        assert Puzzle.load(name) == Puzzle.load("3x20")  # the library itself would read that file
    for path in ("/api/puzzle", "/api/solutions"):
        message = error_of(client.post(path, json={"puzzle": {"name": name}}))
        assert message.startswith(f"unknown puzzle {name!r}"), message


def test_absolute_path_of_a_real_puzzle_file_is_not_read(client, tmp_path):
    path = tmp_path / "real.toml"
    path.write_text(Puzzle.load("3x20").to_toml(), encoding="utf-8")
    assert Puzzle.load(str(path)) == Puzzle.load("3x20")  # the library itself would read it
    message = error_of(client.post("/api/puzzle", json={"puzzle": {"name": str(path)}}))
    assert message.startswith(f"unknown puzzle {str(path)!r}")


def test_unknown_builtin_name_is_the_cli_message(client):
    expected = cli_error("count", "6x1O")
    assert error_of(client.post("/api/puzzle", json={"puzzle": {"name": "6x1O"}})) == expected


def test_unknown_routes_and_methods(client):
    assert client.get("/api/nothing").status_code == 404
    assert client.get("/api/puzzle").status_code == 405
    assert client.delete("/api/status").status_code == 405


# -- 4. caps ------------------------------------------------------------------------------------
def test_max_cells():
    with make_client(Settings(max_cells=50)) as c:
        for spec in (SIX_BY_TEN, {"toml": Puzzle.load("6x10").to_toml()}, design(SCOTT_CELLS)):
            message = error_of(c.post("/api/puzzle", json={"puzzle": spec}))
            assert "60 cells" in message and "limit of 50" in message, message
        message = error_of(c.post("/api/tasks", json={"kind": "count", "puzzle": SIX_BY_TEN}))
        assert "limit of 50" in message
        # a smaller puzzle is fine
        small = design([(r, c) for r in range(2) for c in range(5)], ["P"], copies={"P": 2})
        assert c.post("/api/puzzle", json={"puzzle": small}).status_code == 200
        assert c.get("/api/status").json()["running"] == []


def test_max_body():
    with make_client(Settings(max_body=1000), checked=False) as c:
        body = json.dumps({"puzzle": SIX_BY_TEN, "pad": "x" * 2000}).encode()
        assert len(body) > 2000
        message = error_of(c.post("/api/puzzle", content=body), 413)
        assert "1000 bytes" in message
        # sent in chunks without a content-length, the body is counted as it comes
        r = c.post("/api/puzzle", content=iter([body[:900], body[900:]]))
        assert "content-length" not in r.request.headers
        assert "1000 bytes" in error_of(r, 413)
        # a body under the limit is fine
        assert c.post("/api/puzzle", json={"puzzle": SIX_BY_TEN}).status_code == 200


def test_max_searches_busy_then_free_again():
    with make_client(Settings(max_searches=1)) as c:
        watch = start_job(c, kind="watch", puzzle=SIX_BY_TEN, speed=0)  # paused: holds its slot
        running = c.get("/api/status").json()
        assert running["max_searches"] == 1
        assert [(j["id"], j["kind"]) for j in running["running"]] == [(watch, "watch")]
        for path, body in (("/api/tasks", {"kind": "count", "puzzle": SIX_BY_TEN}),
                           ("/api/tasks", {"kind": "watch", "puzzle": SIX_BY_TEN}),
                           ("/api/unique", {"puzzle": {"name": "3x20"}}),
                           ("/api/solutions", {"puzzle": {"name": "3x20"}})):
            assert "busy" in error_of(c.post(path, json=body), 429), path
        # pages that search nothing still answer
        assert c.post("/api/puzzle", json={"puzzle": SIX_BY_TEN}).status_code == 200
        r = c.delete(f"/api/tasks/{watch}")
        assert r.status_code == 200 and r.json() == {"id": watch, "cancelled": True}
        wait_idle(c)
        # its stream tells it was cancelled (not timed out)
        got = all_events(c, watch, timeout=10)
        assert got[-1][0] == "cancelled" and got[-1][1]["timed_out"] is False
        r = c.post("/api/unique", json={"puzzle": {"name": "3x20"}})
        assert r.status_code == 200 and r.json()["answer"] == "not unique"
        job = start_job(c, kind="count", puzzle={"name": "3x20"})
        assert all_events(c, job)[-1][0] == "result"
        wait_idle(c)


@pytest.mark.slow
def test_long_count_is_slow_for_the_cli():
    """The puzzle the time limits are tried on really takes long: the CLI has not finished in 2 s."""
    proc = subprocess.Popen([sys.executable, "-m", "pentomino", "count", DATA / "long-8x10.toml", "-q", "-j", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        with pytest.raises(subprocess.TimeoutExpired):
            proc.wait(timeout=2)
    finally:
        proc.kill()
        proc.wait()


def test_time_limit_cancels_a_count_job():
    with make_client(Settings(max_seconds=0.5)) as c:
        start = time.monotonic()
        job = start_job(c, kind="count", puzzle={"toml": LONG_TOML})
        got = all_events(c, job, timeout=60)
        took = time.monotonic() - start
        assert got[-1][0] == "cancelled", got[-3:]
        assert got[-1][1]["timed_out"] is True
        assert 0.5 <= got[-1][1]["seconds"] < 60  # stopped at the limit, not run to the end
        assert took < 60
        assert {e for e, _ in got[:-1]} <= {"progress"}
        wait_idle(c)


@pytest.mark.slow
def test_time_limit_is_408_for_a_request():
    with make_client(Settings(max_seconds=2)) as c:
        start = time.monotonic()
        r = c.post("/api/solutions", json={"puzzle": {"toml": LONG_TOML}, "total": True})
        assert time.monotonic() - start < 60  # stopped, not run to the end (many minutes)
        message = error_of(r, 408)
        assert "time limit" in message and "2 s" in message
        wait_idle(c)
    # The same puzzle without the total: a page of solutions, which does not count the many
    # minutes' total (a limit of a minute: a hang guard; 2 s would also time this machine).
    with make_client(Settings(max_seconds=60)) as c:
        r = c.post("/api/solutions", json={"puzzle": {"toml": LONG_TOML}, "limit": 2})
        assert r.status_code == 200 and len(r.json()["solutions"]) == 2


# -- 5. jobs ------------------------------------------------------------------------------------
def test_count_job_streams_the_cli_count(client):
    # The server counts on one process: the line of `count --jobs 1` (without --jobs, the CLI
    # goes to every core once a count has run a second, and prints another "jobs").
    expected = json.loads(cli("count", "6x10", "--json", "--jobs", "1").stdout)
    job = start_job(client, kind="count", puzzle=SIX_BY_TEN)
    got = all_events(client, job)
    kinds = [e for e, _ in got]
    assert kinds[-1] == "result" and set(kinds[:-1]) <= {"progress"}, kinds
    for _, data in got[:-1]:
        assert {"elapsed", "found", "nodes", "done", "total"} <= set(data)
    result = got[-1][1]
    assert result["count"] == 2339
    assert result["by_mode"] == {"full": "2339", "rotations": "4678", "none": "9356"}
    assert result["group_order_by_mode"] == {"full": 4, "rotations": 2, "none": 1}
    for key, value in expected.items():
        if key != "seconds":
            assert result[key] == value, key
    assert isinstance(result["seconds"], float)
    line = json.loads(result["json_line"])
    assert set(line) == set(expected)
    assert {k: v for k, v in line.items() if k != "seconds"} == {k: v for k, v in expected.items() if k != "seconds"}
    assert line == {k: result[k] for k in expected}
    wait_idle(client)
    # once its stream has ended, the job is gone
    assert client.get(f"/api/tasks/{job}/events").status_code == 404


def test_count_job_on_a_design(client):
    job = start_job(client, kind="count", puzzle=design(SCOTT_CELLS))
    result = all_events(client, job)[-1]
    assert result[0] == "result"
    assert result[1]["count"] == Puzzle.load("8x8").count() == 65


@pytest.fixture
def no_gc():
    """No automatic garbage collection during the test: what it checks happens at once, not
    when a collection finds an abandoned object (the CLI may raise the thresholds in-process)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@pytest.mark.usefixtures("only_a_closed_stream_cancels")
def test_watch_at_full_speed_streams_partial_tilings(client, no_gc):
    # A search of many minutes: at full speed frames come at display rate (6x10's whole search
    # takes a few of them), and this takes 15.
    spec = {"toml": LONG_TOML}
    pz = puzzle_of(client, spec)
    job = start_job(client, kind="watch", puzzle=spec, speed=-1)
    frames = []
    stream = events(client, job)
    try:
        for event, data in stream:
            assert event == "frame", (event, data)
            frames.append(data)
            if len(frames) >= 15:
                break
    finally:
        stream.close()  # closing the stream cancels the job, then and there
    assert len(frames) == 15
    for f in frames:
        check_partial_tiling(pz, f["placements"])
        assert len(f["placements"]) <= len(pz["pieces"])
        if f["solution"]:
            checker.check_solution(*checker_args(pz), pairs(f["placements"]))
    nodes = [f["nodes"] for f in frames]
    assert nodes == sorted(nodes) and nodes[-1] > nodes[0]
    assert any(f["placements"] for f in frames)
    wait_idle(client)
    assert client.get("/api/status").json()["running"] == []


def test_watch_control_step_run_and_cancel(client):
    spec = {"toml": LONG_TOML}  # long enough that 5 frames at full speed do not see its end
    pz = puzzle_of(client, spec)
    job = start_job(client, kind="watch", puzzle=spec, speed=0)
    r = client.post(f"/api/tasks/{job}/control", json={"action": "step"})
    assert r.status_code == 200 and r.json()["id"] == job and r.json()["control"]["speed"] == 0
    stream = events(client, job)
    try:
        event, first = next(stream)
        assert event == "frame" and first["nodes"] >= 1
        check_partial_tiling(pz, first["placements"])
        # a second step: one more node
        assert client.post(f"/api/tasks/{job}/control", json={"action": "step"}).status_code == 200
        event, second = next(stream)
        assert event == "frame" and second["nodes"] > first["nodes"]
        check_partial_tiling(pz, second["placements"])
        # unknown actions and bad speeds are refused
        message = error_of(client.post(f"/api/tasks/{job}/control", json={"action": "jump"}))
        assert "unknown action 'jump'" in message
        error_of(client.post(f"/api/tasks/{job}/control", json={"action": "run", "speed": "fast"}))
        r = client.post(f"/api/tasks/{job}/control", json={"action": "run", "speed": -1})
        assert r.status_code == 200 and r.json()["control"]["speed"] == -1
        for _ in range(5):
            event, data = next(stream)
            assert event == "frame"
            check_partial_tiling(pz, data["placements"])
        assert client.post(f"/api/tasks/{job}/control", json={"action": "pause"}).status_code == 200
        r = client.delete(f"/api/tasks/{job}")
        assert r.status_code == 200 and r.json()["cancelled"] is True
        rest = []
        for event, data in stream:
            rest.append((event, data))
            if event != "frame":
                break
        assert rest[-1][0] == "cancelled" and rest[-1][1]["timed_out"] is False, rest[-3:]
    finally:
        stream.close()
    wait_idle(client)


def test_control_of_a_count_job_is_refused(client):
    job = start_job(client, kind="count", puzzle={"name": "3x20"})
    try:
        message = error_of(client.post(f"/api/tasks/{job}/control", json={"action": "pause"}))
        assert "watch" in message
    finally:
        assert all_events(client, job)[-1][0] == "result"


def test_unknown_job_is_404(client):
    for method, path in (("GET", "/api/tasks/nosuchjob/events"), ("POST", "/api/tasks/nosuchjob/control")):
        kwargs = {"json": {"action": "step"}} if method == "POST" else {}
        message = error_of(client.request(method, path, **kwargs), 404)
        assert "no such search" in message
    # Cancelling a task that has ended (or never was) is idempotent: nothing to cancel.
    r = client.request("DELETE", "/api/tasks/nosuchjob")
    assert r.status_code == 200 and r.json() == {"id": "nosuchjob", "cancelled": False}


# -- 6. /api/solutions --------------------------------------------------------------------------
def _solutions(client, **body) -> dict:
    body.setdefault("puzzle", SIX_BY_TEN)
    r = client.post("/api/solutions", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def _check_solutions(pz: dict, page: dict) -> list[frozenset]:
    out = []
    for k, s in enumerate(page["solutions"]):
        assert set(s) == {"index", "placements"} and s["index"] == page["offset"] + k  # sent once
        tiling = checker.check_solution(*checker_args(pz), pairs(s["placements"]))
        assert as_set(s["placements"]) == as_set(tiling)
        out.append(tiling)
    return out


def test_solutions_first_page_with_total(client):
    pz = puzzle_of(client, SIX_BY_TEN)
    page = _solutions(client, symmetry="full", offset=0, limit=5, total=True)
    assert page["total"] == 2339
    assert len(page["solutions"]) == 5
    assert page["offset"] == 0 and page["symmetry"] == "full" and page["random"] is False and page["seed"] is None
    assert page["complete"] is False and page["capped"] is False and page["listed"] >= 5
    tilings = _check_solutions(pz, page)
    assert len(set(tilings)) == 5
    # a later request for a page inside it gives the same solutions
    again = _solutions(client, symmetry="full", offset=2, limit=3)
    assert _check_solutions(pz, again) == tilings[2:]
    # the same as the library's first five
    library = [as_set(s.placements) for s in Puzzle.load("6x10").solutions(limit=5)]
    assert library == tilings


def test_solutions_placements_are_in_search_order(client):
    page = _solutions(client, offset=0, limit=3)
    library = list(Puzzle.load("6x10").solutions(limit=3))
    for s, sol in zip(page["solutions"], library, strict=True):
        assert s["placements"] == [p.to_json() for p in sol.in_search_order]


def test_solutions_last_page_is_complete(client):
    pz = puzzle_of(client, SIX_BY_TEN)
    page = _solutions(client, symmetry="full", offset=2334, limit=10)
    assert len(page["solutions"]) == 5
    assert [s["index"] for s in page["solutions"]] == list(range(2334, 2339))
    assert page["complete"] is True and page["listed"] == 2339 and page["total"] == 2339
    assert len(set(_check_solutions(pz, page))) == 5
    # past the end: nothing, still complete
    past = _solutions(client, symmetry="full", offset=2339, limit=3)
    assert past["solutions"] == [] and past["complete"] is True


def test_solutions_every_tiling_total(client):
    pz = puzzle_of(client, SIX_BY_TEN)
    page = _solutions(client, symmetry="none", offset=0, limit=4, total=True)
    assert page["total"] == 9356 and page["symmetry"] == "none"
    assert len(set(_check_solutions(pz, page))) == 4
    rot = _solutions(client, symmetry="rotations", limit=1, total=True)
    assert rot["total"] == 4678


def test_solutions_random_with_seed(client):
    pz = puzzle_of(client, SIX_BY_TEN)
    page = _solutions(client, offset=0, limit=2, random=True, seed=7)
    assert page["random"] is True and page["seed"] == 7
    tilings = _check_solutions(pz, page)
    library = Puzzle.load("6x10").solve(random=True, seed=7)
    assert tilings[0] == as_set(library.placements)
    line = cli("solve", "6x10", "--random", "--seed", "7", "--format", "json").stdout.split("\n")[0]
    assert tilings[0] == as_set(json.loads(line)["placements"])
    # the same again, and a random listing differs from the plain one
    assert _solutions(client, offset=0, limit=2, random=True, seed=7)["solutions"] == page["solutions"]
    plain = _solutions(client, offset=0, limit=1)
    assert as_set(plain["solutions"][0]["placements"]) != as_set(page["solutions"][0]["placements"])


def test_solutions_random_without_seed_gives_one_back(client):
    page = _solutions(client, puzzle={"name": "3x20"}, limit=2, random=True)
    assert isinstance(page["seed"], int)
    again = _solutions(client, puzzle={"name": "3x20"}, limit=2, random=True, seed=page["seed"])
    assert again["solutions"] == page["solutions"]


def test_solutions_of_a_puzzle_with_preplaced_pieces(client):
    pz = puzzle_of(client, {"name": "scott-finish"})
    page = _solutions(client, puzzle={"name": "scott-finish"}, limit=5, total=True)
    assert page["total"] == Puzzle.load("scott-finish").count() == len(page["solutions"])
    for s in page["solutions"]:
        assert as_set(pz["preplaced"]) <= as_set(s["placements"])
    _check_solutions(pz, page)


# -- 7. /api/unique -----------------------------------------------------------------------------
def test_unique_3x20_is_not_unique(client):
    r = client.post("/api/unique", json={"puzzle": {"name": "3x20"}})
    assert r.status_code == 200
    data = r.json()
    assert data["answer"] == "not unique" and data["solutions"] == 2
    assert Puzzle.load("3x20").count() == 2


def test_unique_scott_finish_agrees_with_the_library(client):
    data = client.post("/api/unique", json={"puzzle": {"name": "scott-finish"}}).json()
    n = Puzzle.load("scott-finish").count(max=2)
    assert data["solutions"] == n
    assert data["answer"] == {0: "no solution", 1: "unique"}.get(n, "not unique")


def test_unique_no_solution(client):
    data = client.post("/api/unique", json={"puzzle": {"name": "tetrominoes-4x5"}}).json()
    assert data["answer"] == "no solution" and data["solutions"] == 0 and data["complete"] is True


# -- 8. /api/render -----------------------------------------------------------------------------
def test_render_a_solution(client):
    page = _solutions(client, limit=1)
    # in the order of the library's Solution (sorted), which the CLI draws them in
    placements = sorted(page["solutions"][0]["placements"], key=lambda p: (p["piece"], p["cells"]))
    r = client.post("/api/render", json={"puzzle": SIX_BY_TEN, "placements": placements})
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert r.text.startswith("<?xml") and "<svg" in r.text and r.text.rstrip().endswith("</svg>")
    # what `pentomino solve --format svg` writes for the same (first) solution
    assert r.text == cli("solve", "6x10", "--format", "svg").stdout
    # an empty board draws too
    empty = client.post("/api/render", json={"puzzle": SIX_BY_TEN, "placements": []})
    assert empty.status_code == 200 and empty.text.startswith("<?xml") and empty.text != r.text


X_AT = [[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]]


@pytest.mark.parametrize("placements, words", [
    ([{"piece": "Q", "cells": X_AT}], ["'Q'", "not one of the puzzle's pieces"]),
    ([{"piece": "X", "cells": [[r + 5, c] for r, c in X_AT]}], ["X", "off the board"]),
    ([{"piece": "X", "cells": [[r, c - 1] for r, c in X_AT]}], ["X", "off the board"]),
    ([{"piece": "X", "cells": X_AT}, {"piece": "I", "cells": [[1, c] for c in range(5)]}], ["I", "another piece"]),
], ids=["unknown-piece", "off-board-below", "off-board-left", "overlap"])
def test_render_bad_placements(client, placements, words):
    message = error_of(client.post("/api/render", json={"puzzle": SIX_BY_TEN, "placements": placements}))
    for w in words:
        assert w in message


def test_render_placement_of_the_wrong_shape_is_400(client):
    r = client.post("/api/render", json={"puzzle": SIX_BY_TEN, "placements": [{"piece": "X", "cells": [[0, 0]]}]})
    error_of(r)


# -- 9. host header and security headers --------------------------------------------------------
def test_other_host_is_403():
    with make_client(checked=False) as c:
        for host in ("evil.example:8000", "evil.example", "localhost.evil.com:8000", "127.0.0.1.evil.com"):
            message = error_of(c.get("/api/info", headers={"host": host}), 403)
            assert repr(host) in message
        assert c.get("/", headers={"host": "evil.example"}).status_code == 403
        r = c.post("/api/tasks", json={"kind": "count", "puzzle": SIX_BY_TEN}, headers={"host": "evil.example"})
        assert r.status_code == 403
        assert c.get("/api/status").json()["running"] == []
        for host in ("127.0.0.1:8000", "localhost:1234", "[::1]:80", "127.0.0.1"):
            assert c.get("/api/info", headers={"host": host}).status_code == 200, host


def test_allowed_hosts_and_port():
    with make_client(Settings(allowed_hosts=["127.0.0.1"], port=8000), checked=False) as c:
        assert c.get("/api/info", headers={"host": "127.0.0.1:8000"}).status_code == 200
        for host in ("127.0.0.1:9000", "localhost.evil.com:8000", "localhost:8000", "127.0.0.1", "[::1]:8000"):
            assert c.get("/api/info", headers={"host": host}).status_code == 403, host


def test_allowed_hosts_any_address_literal():
    with make_client(Settings(allowed_hosts=["*"]), checked=False) as c:
        for host in ("10.1.2.3:8000", "[fe80::1]:8000", "192.168.0.1"):
            assert c.get("/api/info", headers={"host": host}).status_code == 200, host
        for host in ("evil.example:8000", "10.1.2.3.evil.example"):
            assert c.get("/api/info", headers={"host": host}).status_code == 403, host


def test_every_response_carries_the_csp(client):
    responses = [
        client.get("/"),
        client.get("/static/app.js"),
        client.get("/static/style.css"),
        client.get("/static/nothing.js"),
        client.get("/api/info"),
        client.get("/api/status"),
        client.get("/api/nothing"),
        client.post("/api/puzzle", json={"puzzle": {"name": "7x9"}}),
        client.post("/api/puzzle", content=b"nope"),
        client.delete("/api/tasks/nosuchjob"),
        client.post("/api/render", json={"puzzle": SIX_BY_TEN, "placements": []}),
    ]
    for r in responses:
        assert not csp_problems(r), (r.request.url, csp_problems(r))
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["x-frame-options"] == "DENY"


def test_csp_on_403_and_413():
    with make_client(Settings(max_body=1000), checked=False) as c:
        responses = [c.get("/api/info", headers={"host": "evil.example:8000"}),
                     c.post("/api/puzzle", content=b"x" * 2000)]
        assert [r.status_code for r in responses] == [403, 413]
        problems = [p for r in responses for p in csp_problems(r)]
        assert not problems, problems


# -- 10. static files ---------------------------------------------------------------------------
def test_index_page(client):
    r = client.get("/")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/app.js">' in r.text


@pytest.mark.parametrize("name, kind", [("app.js", "javascript"), ("board.js", "javascript"), ("style.css", "css")])
def test_static_files(client, name, kind):
    r = client.get(f"/static/{name}")
    assert r.status_code == 200
    assert kind in r.headers["content-type"]
    from importlib import resources

    assert r.content == (resources.files("pentomino.web") / "static" / name).read_bytes()


@pytest.mark.parametrize("path", ["/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2fapp.py",
                                  "/static/%2e%2e%2fapp.py", "/static/..%5capp.py", "/static/%2e%2e/%2e%2e/web/app.py",
                                  "/static//etc/passwd", "/static/%2fetc%2fpasswd"])
def test_static_path_traversal(client, path):
    r = client.get(path)
    assert r.status_code in (400, 404), (path, r.status_code)
    assert "import" not in r.text and "def " not in r.text and "root:" not in r.text


# -- found by these tests, fixed ------------------------------------------------------------------
def test_deeply_nested_json_is_400():
    with make_client(raise_server_exceptions=False, checked=False) as c:
        r = c.post("/api/puzzle", content=b"[" * 100_000)
        assert r.status_code == 400, (r.status_code, r.text)


def test_negative_seed_is_400():
    with make_client(raise_server_exceptions=False, checked=False) as c:
        r = c.post("/api/solutions", json={"puzzle": SIX_BY_TEN, "random": True, "seed": -1})
        assert r.status_code == 400, (r.status_code, r.text)


FITS_NOWHERE = 'board = """\n...\n...\n...\n"""\n[shapes]\nBar = "####"\nP = """\n##\n###\n"""\n'


def test_fits_nowhere_is_a_puzzle_with_no_solution(client, tmp_path):
    path = tmp_path / "fits.toml"
    path.write_text(FITS_NOWHERE, encoding="utf-8")
    expected = cli_no_solution(path)
    assert "Bar" in expected and "fits nowhere" in expected
    pz = puzzle_of(client, {"toml": FITS_NOWHERE, "source": str(path)})
    assert pz["no_solution"] == expected
    page = _solutions(client, puzzle={"toml": FITS_NOWHERE}, total=True)
    assert page["solutions"] == [] and page["total"] == 0


@pytest.mark.parametrize("name", ["tetrominoes-4x5", "scott-finish", "6x10"])
def test_check_is_the_cli_check(client, name):
    r = client.post("/api/check", json={"puzzle": {"name": name}})
    assert r.status_code == 200, r.text
    got = r.json()
    want = json.loads(cli("check", name, "--json", check_ok=False).stdout)
    assert {k: v for k, v in got.items() if k != "seconds"} == \
        {k: v for k, v in want.items() if k not in ("seconds", "puzzle")}
    if name == "tetrominoes-4x5":
        assert not got["solvable"] and got["reason"].startswith("a checkerboard coloring")
    wait_idle(client)


def test_check_bad_input_is_400(client):
    assert "no puzzle" in error_of(client.post("/api/check", json={}))
    assert "unknown" in error_of(client.post("/api/check", json={"puzzle": {"name": "7x7x7x7"}})).lower()


def test_design_cells_far_off_are_refused(client):
    """A design's cells lie in a bounded drawing area: two cells far apart would make a puzzle
    file the size of the rectangle between them (10**30 never ended)."""
    for far in ((4000, 4000), (10**30, 0), (-1, 0)):
        r = client.post("/api/puzzle", json={"puzzle": design([(0, 0), far], ["monomino"], copies={"I1": 2})})
        assert "off the drawing area" in error_of(r)
    r = client.post("/api/puzzle", json={"puzzle": design([(0, 0), (255, 255)], ["monomino"], copies={"I1": 2})})
    assert r.status_code == 200


# -- 10. every grid: triangles, hexagons, cubes, balls -------------------------------------------
OTHER_GRIDS = {"hexiamonds-4x9": "triangle", "tetrahexes-4x7": "hexagon", "soma": "cube",
               "kanoodle-pyramid-start": "sphere"}


def test_info_lists_every_grid(client):
    from pentomino.geometry import GRIDS
    from pentomino.model.library import builtin_names
    from pentomino.model.piecesets import piece_sets

    info = client.get("/api/info").json()
    puzzles = {p["name"]: p for p in info["puzzles"]}
    assert list(puzzles) == list(builtin_names())
    for name in puzzles:
        assert puzzles[name]["grid"] == Puzzle.load(name).grid.name
    assert {n: puzzles[n]["grid"] for n in OTHER_GRIDS} == OTHER_GRIDS
    sets = {s["name"]: s for s in info["piece_sets"]}
    assert {n: s["grid"] for n, s in sets.items()} == {n: s.grid.name for n, s in piece_sets().items()}
    assert sets["hexiamonds"]["pieces"] == [p.name for p in piece_sets()["hexiamonds"].pieces]
    assert list(info["grids"])[:5] == ["square", "triangle", "hexagon", "cube", "sphere"]
    assert set(info["grids"]) == set(GRIDS)
    assert [n for n, g in info["grids"].items() if g["design"]][:3] == ["square", "triangle", "hexagon"]
    assert not info["grids"]["cube"]["design"] and not info["grids"]["sphere"]["design"]
    assert info["default_grid"] == "square"


def test_info_names_every_grid_as_the_page_shows_it(client):
    """What the page's menus, set lists and design names read (they were the page's own
    GRID_NAMES and DEFAULT_PIECES)."""
    grids = client.get("/api/info").json()["grids"]
    known = ("square", "triangle", "hexagon", "cube", "sphere")
    assert {n: grids[n]["title"] for n in known} == {
        "square": "Squares", "triangle": "Triangles", "hexagon": "Hexagons", "cube": "Cubes (drawn layer by layer)",
        "sphere": "Balls (drawn layer by layer)"}
    assert {n: grids[n]["default_pieces"] for n in known} == {
        "square": "pentominoes", "triangle": "hexiamonds", "hexagon": "tetrahexes", "cube": "soma",
        "sphere": "kanoodle"}
    assert {n: (grids[n]["plural"], grids[n]["piece_noun"]) for n in known} == {
        "square": ("squares", "pieces"), "triangle": ("triangles", "pieces"), "hexagon": ("hexagons", "pieces"),
        "cube": ("cubes", "solids"), "sphere": ("balls", "solids")}
    assert all(g["grid"] == n and g["title"] and g["default_pieces"] for n, g in grids.items())


def _polygon(drawing: dict, cell) -> list:
    """A cell's corners by the page's rule (board.js cellPolygon), written again here."""
    r, c = cell[-2:]
    if "layers" in drawing:
        c += (cell[0] - drawing["layers"]["first"]) * drawing["layers"]["shift"]
    dx = (r // 2) * drawing["row_step"][0] + (c // 2) * drawing["col_step"][0]
    dy = (r // 2) * drawing["row_step"][1] + (c // 2) * drawing["col_step"][1]
    return [(x + dx, y + dy) for x, y in drawing["cells"][f"{r % 2},{c % 2}"]]


def _corner(p) -> tuple:
    return (round(p[0] * 1000), round(p[1] * 1000))


def _edges(poly) -> set:
    return {frozenset((_corner(a), _corner(b))) for a, b in zip(poly, poly[1:] + poly[:1], strict=True)}


def test_the_drawing_rule_gives_every_grids_polygons(client):
    """The page's rule (a cell's class, moved by whole periods) gives the grid's own polygon for
    every cell of a wide area of layer 0, negative rows and columns included."""
    from pentomino.geometry import GRIDS

    grids = client.get("/api/info").json()["grids"]
    for name, drawing in grids.items():
        grid = GRIDS[name]
        for cell in (grid.cell_at(0, (r, c)) for r in range(-7, 8) for c in range(-9, 10)):
            if grid.is_cell(cell):
                flat = [x for p in grid.polygon(cell) for x in p]
                assert [x for p in _polygon(drawing, cell) for x in p] == pytest.approx(flat, abs=1e-9), (name, cell)


@pytest.mark.parametrize("name", sorted(OTHER_GRIDS))
def test_puzzle_json_on_other_grids(client, name):
    """The puzzle as the page gets it, and the drawing rule the page follows: each cell's polygon
    is the grid's own, and two board cells share an edge exactly when the grid says they touch
    (on a solid: when they touch within a layer; layers are drawn apart)."""
    puzzle = Puzzle.load(name)
    pz = puzzle_of(client, {"name": name})
    assert pz["grid"] == OTHER_GRIDS[name] and pz["dims"] == puzzle.grid.dims
    assert {tuple(c) for c in pz["cells"]} == set(puzzle.board) and pz["area"] == puzzle.area
    assert Puzzle.from_toml(pz["toml"]) == puzzle and pz["fingerprint"] == puzzle.fingerprint
    assert pz["one_sided"] == puzzle.one_sided
    assert pz["group_order"] == {m: puzzle.symmetry_group_order(m) for m in ("full", "rotations", "none")}
    drawing = pz["drawing"]
    polygons = {tuple(c): _polygon(drawing, c) for c in pz["cells"]}
    if puzzle.grid.dims == 2:
        for cell, poly in polygons.items():
            flat = [x for p in puzzle.grid.polygon(cell) for x in p]
            assert [x for p in poly for x in p] == pytest.approx(flat, abs=1e-9), cell
    else:
        layers = drawing["layers"]
        wide = max(c[-1] for c in puzzle.board) + 1
        assert (layers["first"], layers["count"]) == (0, len(puzzle.grid.layer_range(puzzle.board)))
        assert layers["shift"] == wide + 1  # a gap of 1 (soma: 3 layers 3 wide; the pyramid: 5, 5)
    for cell, poly in polygons.items():
        for other, other_poly in polygons.items():
            shared = _edges(poly) & _edges(other_poly)
            touch = other in puzzle.grid.neighbours(cell) and (puzzle.grid.dims == 2 or other[0] == cell[0])
            assert len(shared) == (1 if touch else 0 if other != cell else len(poly)), (cell, other)


@pytest.mark.parametrize("name", sorted(OTHER_GRIDS))
def test_solutions_on_other_grids_are_the_library_ones(client, name):
    puzzle = Puzzle.load(name)
    page = _solutions(client, puzzle={"name": name}, limit=6, total=True)
    assert page["total"] == puzzle.count()
    library = list(puzzle.solutions(limit=6))
    assert [as_set(s["placements"]) for s in page["solutions"]] == [as_set(s.placements) for s in library]
    for s, sol in zip(page["solutions"], library, strict=True):
        assert s["placements"] == [p.to_json() for p in sol.in_search_order]
        cells = [tuple(c) for p in s["placements"] for c in p["cells"]]
        assert sorted(cells) == sorted(puzzle.board)  # a partition of the board
        for p in s["placements"]:
            shape = puzzle.grid.normalize(tuple(c) for c in p["cells"])
            assert shape in puzzle.piece(p["piece"]).orientations(puzzle.one_sided), p
    # the last page, complete
    last = _solutions(client, puzzle={"name": name}, offset=page["total"] - 1, limit=5)
    assert len(last["solutions"]) == 1 and last["complete"] is True


@pytest.mark.parametrize("name, full", [("soma", 240), ("tetrahexes-4x7", 9), ("hexiamonds-4x9", 74)])
def test_count_job_on_other_grids_is_the_cli_count(client, name, full):
    expected = json.loads(cli("count", name, "--json", "--jobs", "1").stdout)  # the server's one process
    assert expected["count"] == full
    result = all_events(client, start_job(client, kind="count", puzzle={"name": name}))[-1]
    assert result[0] == "result"
    assert {k: v for k, v in result[1].items() if k in expected and k != "seconds"} == \
        {k: v for k, v in expected.items() if k != "seconds"}
    puzzle = Puzzle.load(name)
    assert result[1]["by_mode"] == {m: str(puzzle.count(m)) for m in ("full", "rotations", "none")}
    wait_idle(client)


def test_watch_on_a_solid_streams_partial_packings(client):
    puzzle = Puzzle.load("soma")
    job = start_job(client, kind="watch", puzzle={"name": "soma"}, speed=-1)
    frames = []
    for event, data in events(client, job):
        if event == "frame":
            frames.append(data)
        if event in ("result", "cancelled", "error") or len(frames) >= 20:
            break
    client.delete(f"/api/tasks/{job}")
    wait_idle(client)
    assert frames
    for f in frames:
        covered = [tuple(c) for p in f["placements"] for c in p["cells"]]
        assert len(covered) == len(set(covered)) and set(covered) <= puzzle.board
        for p in f["placements"]:
            assert puzzle.grid.normalize(tuple(c) for c in p["cells"]) in puzzle.piece(p["piece"]).orientations(True)


def _geometric_moves(grid, cells) -> dict:
    """The shape's cell centres and corners turned by each candidate rotation and reflected in each candidate
    mirror of the plane (about the origin), as sets of points moved to a common origin, so
    shapes compare up to translation. Built from the cells' polygons, not the grid's symmetries."""
    import math

    def centre(cell):
        pts = grid.polygon(cell)
        return (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))

    def shape(points):
        x0 = min(x for x, _ in points)
        y0 = min(y for _, y in points)
        return frozenset((round(x - x0, 6) + 0.0, round(y - y0, 6) + 0.0) for x, y in points)

    # the corners too: they tell which way a triangle points
    points = [centre(c) for c in cells] + [p for c in cells for p in grid.polygon(c)]
    out = {"shape": shape(points)}
    for k in range(1, 12):
        a = k * math.pi / 6
        cos, sin = math.cos(a), math.sin(a)
        out[f"turn{k * 30}"] = shape([(x * cos - y * sin, x * sin + y * cos) for x, y in points])
        # the mirror in the line at angle a / 2 through the origin
        out[f"mirror{k * 15}"] = shape([(x * cos + y * sin, x * sin - y * cos) for x, y in points])
    out["mirror0"] = shape([(x, -y) for x, y in points])
    return out


@pytest.mark.slow
def test_turn_and_flip_tables_on_triangles_and_hexagons(client):
    """A turn is the same rotation of the plane for every orientation of every piece of a grid,
    and a flip the same reflection; checked on the cells as drawn."""
    from pentomino.geometry import GRIDS

    info = client.get("/api/info").json()
    for grid_name in ("triangle", "hexagon"):
        grid = GRIDS[grid_name]
        turn_ways = {f"turn{k}" for k in (60, 300)}
        flip_ways = {f"mirror{k}" for k in range(0, 180, 15)}
        for piece_set in (s for s in info["piece_sets"] if s["grid"] == grid_name):
            for name, shape in piece_set["shapes"].items():
                orientations = [frozenset(tuple(c) for c in o) for o in shape["orientations"]]
                n = len(orientations)
                assert len(set(orientations)) == n and all(grid.is_cell(c) for o in orientations for c in o)
                moves = [_geometric_moves(grid, o) for o in orientations]
                shapes = [m["shape"] for m in moves]
                assert len(set(shapes)) == n, name  # distinct as drawn, too
                for table, ways in (("turn", turn_ways), ("flip", flip_ways)):
                    assert sorted(shape[table]) == list(range(n)), (name, table)
                    for i, m in enumerate(moves):
                        ways &= {w for w in ways if m[w] == shapes[shape[table][i]]}
                # the orientations are the shape's images under the plane's 12 symmetries, all of them
                group = [f"turn{k}" for k in range(60, 360, 60)] + [f"mirror{k}" for k in range(0, 180, 30)]
                assert {moves[0][w] for w in group} | {shapes[0]} == set(shapes), name
        assert turn_ways and flip_ways, grid_name


def test_turn_and_flip_tables_on_cubes(client):
    """Solids: a turn about the vertical axis, a second turn (about x), a mirror; the same maps
    for every orientation (written here as matrices), and the turns alone reach exactly the
    piece's rotations (a one-sided solid keeps its hand)."""
    from pentomino.model.piecesets import piece_sets

    def moves(cells):
        return {"z+": [(z, x, -y) for z, y, x in cells], "z-": [(z, -x, y) for z, y, x in cells],
                "x+": [(y, -z, x) for z, y, x in cells], "x-": [(-y, z, x) for z, y, x in cells],
                "mx": [(z, y, -x) for z, y, x in cells], "my": [(z, -y, x) for z, y, x in cells],
                "mz": [(-z, y, x) for z, y, x in cells]}

    def norm(cells):
        low = [min(c[d] for c in cells) for d in range(3)]
        return frozenset(tuple(c[d] - low[d] for d in range(3)) for c in cells)

    info = client.get("/api/info").json()
    ways = {"turn": {"z+", "z-"}, "turn2": {"x+", "x-"}, "flip": {"mx", "my", "mz"}}
    for piece_set in (s for s in info["piece_sets"] if s["grid"] == "cube"):
        for name, shape in piece_set["shapes"].items():
            orientations = [norm([tuple(c) for c in o]) for o in shape["orientations"]]
            n = len(orientations)
            assert len(set(orientations)) == n and "turn3" not in shape
            for table in ways:
                assert sorted(shape[table]) == list(range(n)), (name, table)
                for i, o in enumerate(orientations):
                    ways[table] &= {w for w, cells in moves(o).items() if norm(cells) == orientations[shape[table][i]]}
            reached, frontier = {0}, [0]
            while frontier:
                i = frontier.pop()
                for j in (shape["turn"][i], shape["turn2"][i]):
                    if j not in reached:
                        reached.add(j)
                        frontier.append(j)
            piece = next(p for p in piece_sets()[piece_set["name"]].pieces if p.name == name)
            assert {orientations[i] for i in reached} == set(piece.orientations(True)), name
    assert all(ways.values()), ways


def test_design_on_triangles_and_hexagons(client):
    """A design on another plane grid is the puzzle with the same board and pieces."""
    for name, pieces in (("hexiamonds-4x9", ["hexiamonds"]), ("tetrahexes-4x7", ["tetrahexes"])):
        puzzle = Puzzle.load(name)
        pz = puzzle_of(client, design(sorted(puzzle.board), pieces, grid=puzzle.grid.name))
        assert pz["grid"] == puzzle.grid.name and pz["fingerprint"] == puzzle.fingerprint
        assert Puzzle.from_toml(pz["toml"]).board == puzzle.board
    # a tetrahex put down in advance, then counted
    board = sorted(Puzzle.load("tetrahexes-4x7").board)
    first = Puzzle.load("tetrahexes-4x7").solve().placements[0]
    spec = design(board, ["tetrahexes"], grid="hexagon",
                  preplaced=[{"piece": first.piece, "cells": [list(c) for c in first.cells]}])
    pz = puzzle_of(client, spec)
    assert as_set(pz["preplaced"]) == {(first.piece, frozenset(first.cells))}
    result = all_events(client, start_job(client, kind="count", puzzle=spec))[-1]
    assert result[0] == "result" and result[1]["count"] == Puzzle.from_toml(pz["toml"]).count()
    wait_idle(client)


def test_design_grid_errors(client):
    cells = [(0, 0), (0, 2)]
    for grid in ("cube", "pentagon", 3):
        message = error_of(client.post("/api/puzzle", json={"puzzle": design(cells, ["dihex"], grid=grid)}))
        assert "square, triangle, hexagon" in message and repr(grid) in message
    message = error_of(client.post("/api/puzzle", json={"puzzle": design([(0, 0), (0, 1)], ["dihex"], grid="hexagon")}))
    assert "[0, 1]" in message and "hexagon" in message
    # a square set on a hexagon board: the puzzle file's message
    message = error_of(client.post("/api/puzzle", json={"puzzle": design(cells, ["pentominoes"], grid="hexagon")}))
    assert "made for the square grid" in message


def test_render_on_other_grids_is_the_library_picture_or_its_message(client):
    """/api/render draws what render_sheet draws; while it draws no picture of a grid, its
    one-line message is the answer (HTTP 400), never a 500."""
    from pentomino.errors import PuzzleError
    from pentomino.render.svg import render_sheet

    for name in sorted(OTHER_GRIDS):
        puzzle = Puzzle.load(name)
        solution = puzzle.solve()
        r = client.post("/api/render", json={"puzzle": {"name": name}, "placements": solution.to_json()["placements"]})
        try:
            expected = render_sheet(puzzle, [list(solution.placements)]) + "\n"
        except PuzzleError as exc:
            assert error_of(r) == str(exc)
        else:
            assert r.status_code == 200 and r.text == expected


# -- play ---------------------------------------------------------------------------------------
import naive  # noqa: E402  (the reference solver, for play's counts and symmetries)

SIX_BY_TEN_CELLS = [(r, c) for r in range(6) for c in range(10)]
X_IN_THE_CORNER = [{"piece": "X", "cells": [[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]]}]


@pytest.fixture(scope="module")
def first_6x10():
    """The library's first solution of 6x10, its placements in the search's order, as JSON."""
    return [p.to_json() for p in Puzzle.load("6x10").solve().in_search_order]


def naive_6x10_spec():
    return [(pc.piece.name, pc.piece.cells, pc.min, pc.max) for pc in Puzzle.load("6x10").pieces]


def reference_completions(placements) -> list:
    """Every tiling of 6x10 with ``placements`` down, by the reference solver."""
    pre = [(p["piece"], [tuple(c) for c in p["cells"]]) for p in placements]
    return naive.all_tilings(SIX_BY_TEN_CELLS, naive_6x10_spec(), False, pre)


def as_json(placements) -> list[dict]:
    return [{"piece": n, "cells": cs} for n, cs in placements]


def test_play_position_is_a_puzzle_file_the_cli_counts(client, first_6x10, tmp_path):
    r = client.post("/api/play/position", json={"puzzle": SIX_BY_TEN, "placements": first_6x10[:3]})
    assert r.status_code == 200, r.text
    position = r.json()
    assert position["placed"] == 3 and position["free"] == 45
    path = tmp_path / "position.toml"
    path.write_text(position["toml"])
    read = Puzzle.load(path)
    assert as_set(read.preplaced) == as_set(first_6x10[:3])
    assert read.board == Puzzle.load("6x10").board and read.name == position["name"]
    want = len(reference_completions(first_6x10[:3]))
    assert json.loads(cli("count", str(path), "--symmetry", "none", "--json").stdout)["count"] == want


def test_ways_to_finish_is_the_reference_count(client, first_6x10):
    for k in (6, 8, 11):
        got = all_events(client, start_job(client, kind="ways", puzzle=SIX_BY_TEN, placements=first_6x10[:k]))
        event, result = got[-1]
        assert event == "result", got
        assert result["ways"] == len(reference_completions(first_6x10[:k])) > 0
        assert result["reason"] is None and result["free"] == 60 - 5 * k
    # nothing down: every tiling of 6x10 (2,339 up to symmetry, each in 4 ways)
    got = all_events(client, start_job(client, kind="ways", puzzle=SIX_BY_TEN, placements=[]))
    assert got[-1][1]["ways"] == 4 * 2339 == json.loads(
        cli("count", "6x10", "--symmetry", "none", "--json").stdout)["count"]
    # the whole board: one way, itself
    got = all_events(client, start_job(client, kind="ways", puzzle=SIX_BY_TEN, placements=first_6x10))
    assert got[-1] == ("result", {**got[-1][1], "ways": 1, "free": 0, "reason": None})


def test_ways_to_finish_of_a_dead_end_says_why(client):
    got = all_events(client, start_job(client, kind="ways", puzzle=SIX_BY_TEN, placements=X_IN_THE_CORNER))
    event, result = got[-1]
    assert event == "result" and result["ways"] == 0
    assert "row 1, column 1" in result["reason"] and "\n" not in result["reason"]
    assert reference_completions(X_IN_THE_CORNER) == []
    hint = client.post("/api/play/hint", json={"puzzle": SIX_BY_TEN, "placements": X_IN_THE_CORNER}).json()
    assert hint["placements"] == [] and hint["reason"] == result["reason"]


@pytest.mark.slow
@pytest.mark.usefixtures("only_a_closed_stream_cancels")
def test_ways_to_finish_of_a_long_count_streams_a_lower_bound_and_is_cancelled(client):
    job = start_job(client, kind="ways", puzzle={"toml": LONG_TOML}, placements=[])
    stream = events(client, job)
    seen = []
    for event, data in stream:
        assert event == "progress", (event, data)
        seen.append(data["found"])
        if len(seen) == 3:
            break
    stream.close()  # the page's next move closes the stream: the count stops
    assert seen == sorted(seen) and seen[-1] > 0  # a lower bound, growing
    wait_idle(client)


def test_hint_is_a_piece_of_a_completion(client, first_6x10):
    placements = first_6x10[:4]
    hints = {}
    for seed in range(8):
        r = client.post("/api/play/hint", json={"puzzle": SIX_BY_TEN, "placements": placements, "seed": seed})
        assert r.status_code == 200, r.text
        hint = r.json()
        assert hint["seed"] == seed and hint["reason"] is None and len(hint["placements"]) == 1
        hints[seed] = hint["placements"][0]
    assert len({json.dumps(h) for h in hints.values()}) > 1  # another seed, another hint
    for seed in (0, 5):
        again = client.post("/api/play/hint", json={"puzzle": SIX_BY_TEN, "placements": placements, "seed": seed})
        assert again.json()["placements"][0] == hints[seed]  # the same seed, the same hint
    for hint in hints.values():
        check_partial_tiling(puzzle_of(client, SIX_BY_TEN), placements + [hint])
        assert reference_completions(placements + [hint]) != []


def test_finish_completes_the_board(client, first_6x10):
    placements = first_6x10[:4]
    r = client.post("/api/play/hint", json={"puzzle": SIX_BY_TEN, "placements": placements, "seed": 3, "finish": True})
    rest = r.json()["placements"]
    assert len(rest) == 8
    pz = puzzle_of(client, SIX_BY_TEN)
    board, pieces, one_sided, _ = checker_args(pz)
    checker.check_solution(board, pieces, one_sided, [], pairs(placements + rest))


def test_solved_is_the_number_of_its_orbit_in_the_listing(client, first_6x10):
    group = naive.symmetry_group(SIX_BY_TEN_CELLS, naive_6x10_spec(), False)
    assert len(group) == 4
    for seed in (1, 2):
        rest = client.post("/api/play/hint", json={"puzzle": SIX_BY_TEN, "placements": [], "seed": seed,
                                                   "finish": True}).json()["placements"]
        tiling = frozenset((p["piece"], frozenset(map(tuple, p["cells"]))) for p in rest)
        numbers = set()
        for g in group:  # the tiling turned by each symmetry is the same solution up to symmetry
            turned = as_json([(n, sorted(map(list, cs))) for n, cs in g.map_tiling(tiling)])
            r = client.post("/api/play/solved", json={"puzzle": SIX_BY_TEN, "placements": turned})
            assert r.status_code == 200, r.text
            answer = r.json()
            assert answer["of"] == 2339 and answer["symmetry"] == "full" and answer["group_order"] == 4
            numbers.add(answer["number"])
        (number,) = numbers
        listed = _solutions(client, puzzle=SIX_BY_TEN, offset=number - 1, limit=1)["solutions"][0]
        shown = frozenset((p["piece"], frozenset(map(tuple, p["cells"]))) for p in listed["placements"])
        assert naive.canonical(shown, group) == naive.canonical(tiling, group)


@pytest.mark.parametrize("path, body, words", [
    ("/api/play/position", {"puzzle": SIX_BY_TEN, "placements": "X"}, "placements must be a list"),
    ("/api/play/position", {"placements": []}, "no puzzle"),
    ("/api/play/position",
     {"puzzle": SIX_BY_TEN, "placements": [{"piece": "X", "cells": [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]]}]},
     "do not form the piece X"),
    ("/api/play/position",
     {"puzzle": SIX_BY_TEN, "placements": [{"piece": "I", "cells": [[0, 7], [0, 8], [0, 9], [0, 10], [0, 11]]}]},
     "off the board"),
    ("/api/play/position", {"puzzle": SIX_BY_TEN, "placements": [{"piece": "Q", "cells": [[0, 0]]}]},
     "not one of the puzzle's pieces"),
    ("/api/play/position", {"puzzle": SIX_BY_TEN, "placements": [
        {"piece": "I", "cells": [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]]},
        {"piece": "L", "cells": [[0, 0], [1, 0], [2, 0], [3, 0], [3, 1]]}]}, "on another piece"),
    ("/api/play/position", {"puzzle": SIX_BY_TEN, "placements": [
        {"piece": "I", "cells": [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]]},
        {"piece": "I", "cells": [[1, 0], [1, 1], [1, 2], [1, 3], [1, 4]]}]}, "only 1 allowed"),
    ("/api/play/position", {"puzzle": {"name": "scott-finish"}, "placements": [
        {"piece": "I", "cells": [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]}]}, "only 1 allowed"),
    ("/api/play/position", {"puzzle": {"name": "scott-finish"}, "placements": [
        {"piece": "F", "cells": [[0, 1], [0, 2], [1, 0], [1, 1], [2, 1]]}]}, "in advance"),
    ("/api/play/hint", {"puzzle": SIX_BY_TEN, "placements": [], "finish": "yes"}, "finish must be true or false"),
    ("/api/play/hint", {"puzzle": SIX_BY_TEN, "placements": [], "seed": -1}, "seed must be"),
    ("/api/play/hint", {"puzzle": SIX_BY_TEN, "placements": [{"piece": "X"}]}, "cells of X"),
    ("/api/play/solved", {"puzzle": SIX_BY_TEN, "placements": X_IN_THE_CORNER}, "55 cells are still free"),
    ("/api/tasks", {"kind": "ways", "puzzle": SIX_BY_TEN, "placements": [{"cells": []}]}, "each placement must be"),
])
def test_play_bad_input_is_400(client, path, body, words):
    assert words in error_of(client.post(path, json=body))


@pytest.mark.parametrize("name, full", [("soma", 240), ("tetrahexes-4x7", 9), ("hexiamonds-4x9", 74),
                                        ("dominoes-8x8", None)])
def test_play_on_other_grids_and_copies(client, name, full):
    """Finish, ways and solved on cubes, hexagons, triangles and a piece with many copies: a
    completion the checker accepts, the library's count of every completion, and the number of
    the finished board among the puzzle's solutions up to symmetry."""
    spec = {"name": name}
    pz = puzzle_of(client, spec)
    rest = client.post("/api/play/hint", json={"puzzle": spec, "placements": [], "seed": 7,
                                               "finish": True}).json()["placements"]
    board, pieces, one_sided, _ = checker_args(pz)
    checker.check_solution(board, pieces, one_sided, [], pairs(rest), grid=pz["grid"])
    down = rest[:2]
    position = dataclasses.replace(Puzzle.load(name), preplaced=tuple(
        Placement.of(p["piece"], map(tuple, p["cells"])) for p in down))
    got = all_events(client, start_job(client, kind="ways", puzzle=spec, placements=down))[-1]
    assert got[0] == "result" and got[1]["ways"] == position.count("none") > 0
    if full is None:
        return  # 32 dominoes: the listing the number is looked up in would be long
    answer = client.post("/api/play/solved", json={"puzzle": spec, "placements": rest}).json()
    assert answer["of"] == full and 1 <= answer["number"] <= full
    listed = _solutions(client, puzzle=spec, offset=answer["number"] - 1, limit=1)["solutions"][0]
    shown = [Placement.of(p["piece"], map(tuple, p["cells"])) for p in listed["placements"]]
    mine = [Placement.of(p["piece"], map(tuple, p["cells"])) for p in rest]
    assert tiling(shown) in orbit(Puzzle.load(name).symmetry_group, mine)


# -- calendar puzzles: a date or labels left open, every date counted ---------------------------------
APAD = "a-puzzle-a-day"
APAD_BOARD = {(r, c) for r, width in enumerate([6, 6, 7, 7, 7, 7, 3]) for c in range(width)}  # as its file draws it
APAD_CELL = {"Jan": (0, 0), "Oct": (1, 3), "1": (2, 0), "6": (2, 5), "25": (5, 3), "Nov": (1, 4), "26": (5, 4)}


def apad(date: str) -> dict:
    return {"name": APAD, "date": date}


def test_calendar_puzzle_json_carries_its_labels_and_the_date_left_open(client):
    pz = puzzle_of(client, apad("2026-01-25"))
    assert pz["to_open"] is False and pz["dated"] is True and pz["weekdays"] is False
    assert pz["opened"] == ["Jan", "25"]
    assert sorted(map(tuple, pz["opened_cells"])) == sorted([APAD_CELL["Jan"], APAD_CELL["25"]])
    assert {tuple(c) for c in pz["cells"]} == APAD_BOARD - {APAD_CELL["Jan"], APAD_CELL["25"]}
    assert pz["area"] == 41 and pz["bounds"] == [0, 0, 6, 6]  # the cells left open are drawn too
    labels = {tuple(cell): text for cell, text in pz["labels"]}
    assert set(labels) == APAD_BOARD and all(labels[c] == t for t, c in APAD_CELL.items())
    assert [g["name"] for g in pz["groups"]] == ["month", "day"]
    assert pz["groups"][1]["labels"] == [str(d) for d in range(1, 32)]
    assert 'open = ["Jan", "25"]' in pz["toml"]  # its puzzle file leaves them open too
    assert Puzzle.from_toml(pz["toml"]).opened == ("Jan", "25")
    # The weekday edition: a date leaves three labels open.
    wk = puzzle_of(client, {"name": "daily-calendar-weekday", "date": "2026-11-26"})
    assert wk["weekdays"] is True and wk["opened"] == ["Nov", "26", "Thu"] and len(wk["opened_cells"]) == 3
    # Labels chosen by name, in any case, two months too (as `--open`).
    assert puzzle_of(client, {"name": APAD, "open": ["jan", "feb"]})["opened"] == ["Jan", "Feb"]
    # A board without labels says so.
    plain = puzzle_of(client, SIX_BY_TEN)
    assert (plain["labels"], plain["groups"], plain["opened"], plain["dated"], plain["to_open"]) == ([], [], [], False,
                                                                                                   False)


def test_a_calendar_without_a_date_is_to_be_opened_and_not_searched(client):
    pz = puzzle_of(client, {"name": APAD})
    assert pz["to_open"] is True and pz["opened"] == [] and pz["area"] == 43 and pz["no_solution"] is None
    with pytest.raises(PuzzleError) as refused:
        Puzzle.load(APAD).require_opened()
    assert error_of(client.post("/api/solutions", json={"puzzle": {"name": APAD}})) == str(refused.value)


@pytest.mark.parametrize("spec, cli_args", [
    ({"name": APAD, "open": ["Foo"]}, ["solve", APAD, "--open", "Foo"]),
    ({"name": APAD, "date": "2026-02-30"}, ["solve", APAD, "--date", "2026-02-30"]),
    ({"name": "6x10", "open": ["Jan"]}, ["solve", "6x10", "--open", "Jan"]),
    ({"name": "6x10", "date": "2026-01-01"}, ["solve", "6x10", "--date", "2026-01-01"]),
])
def test_a_bad_opening_is_the_cli_message(client, spec, cli_args):
    message = cli_error(*cli_args)
    assert error_of(client.post("/api/puzzle", json={"puzzle": spec})) == message
    assert error_of(client.post("/api/solutions", json={"puzzle": spec})) == message


@pytest.mark.parametrize("spec, words", [
    ({"name": APAD, "open": "Jan 1"}, "open must be a list of at most 64 labels"),
    ({"name": APAD, "open": [1]}, "open must be a list"),
    ({"name": APAD, "open": ["Jan"] * 65}, "at most 64"),
    ({"name": APAD, "date": 20260101}, "date must be a date written YYYY-MM-DD"),
    ({"name": APAD, "open": ["Jan", "1"], "date": "2026-01-01"}, "not both"),
])
def test_a_malformed_opening_is_400(client, spec, words):
    message = error_of(client.post("/api/puzzle", json={"puzzle": spec}))
    assert message.startswith(f"{APAD}: ") and words in message


def test_solve_check_count_and_play_on_a_date(client):
    """1 January: 64 solutions (anowell/today-puzzle and sh1ura/daily-puzzle-solver, as in
    tests/data/a-puzzle-a-day-counts.txt), none covering January or the 1st."""
    spec = apad("2026-01-01")
    pz = puzzle_of(client, spec)
    board = APAD_BOARD - {APAD_CELL["Jan"], APAD_CELL["1"]}
    page = _solutions(client, puzzle=spec, offset=0, limit=100, total=True)  # all there are
    assert page["total"] == 64 and page["complete"] and len(page["solutions"]) == 64
    seen = set()
    _, pieces, one_sided, _ = checker_args(pz)
    for s in page["solutions"]:
        seen.add(checker.check_solution(board, pieces, one_sided, [], pairs(s["placements"])))
    assert len(seen) == 64
    check = client.post("/api/check", json={"puzzle": spec}).json()
    assert check["solvable"] is True and check["unique"] is False
    count = all_events(client, start_job(client, kind="count", puzzle=apad("2026-10-06")))[-1]
    assert count[0] == "result" and count[1]["count"] == 7  # 6 October, the fewest of the year
    ways = all_events(client, start_job(client, kind="ways", puzzle=spec, placements=[]))[-1]
    assert ways[0] == "result" and ways[1]["ways"] == 64 and ways[1]["free"] == 41
    hint = client.post("/api/play/hint", json={"puzzle": spec, "placements": [], "seed": 4}).json()
    assert len(hint["placements"]) == 1 and not {tuple(c) for c in hint["placements"][0]["cells"]} - board
    rest = client.post("/api/play/hint", json={"puzzle": spec, "placements": [], "seed": 4, "finish": True}).json()
    checker.check_solution(board, pieces, one_sided, [], pairs(rest["placements"]))
    solved = client.post("/api/play/solved", json={"puzzle": spec, "placements": rest["placements"]}).json()
    assert solved["of"] == 64 and 1 <= solved["number"] <= 64
    # A piece over a cell left open is off the board.
    over = [{"piece": "V", "cells": [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]]}]
    assert "off the board" in error_of(client.post("/api/play/position", json={"puzzle": spec, "placements": over}))


def test_each_date_counts_the_year_as_published(client):
    """Every date of A-Puzzle-A-Day in one task: each count as the published table has it
    (tests/data/a-puzzle-a-day-counts.txt: anowell/today-puzzle's count_solutions.txt, the same as
    sh1ura/daily-puzzle-solver's results/num-original.txt); 24,405 in all; the fewest 6 October
    (7), the most 25 January (216)."""
    from test_calendar import published

    got = all_events(client, start_job(client, kind="each-date", puzzle=apad("2026-11-26")), timeout=300)
    event, year = got[-1]
    assert event == "result", got[-1]
    progress = [data for e, data in got[:-1]]
    assert all(e == "progress" for e, _ in got[:-1]) and all(p["total"] == 366 for p in progress)
    assert [p["done"] for p in progress] == sorted(p["done"] for p in progress)
    assert year["openings"] == 366 and len(year["rows"]) == 366 and year["year"] is None
    assert year["solutions"] == 24405 and year["none"] == []
    assert year["rows"][0] == {"date": "01-01", "open": ["Jan", "1"], "count": 64, "nodes": year["rows"][0]["nodes"],
                               "group_order": 1, "reason": None}
    table = published()
    assert {tuple(r["open"]): r["count"] for r in year["rows"]} == {k: v for k, (v, real) in table.items() if real}
    assert "02-29" in {r["date"] for r in year["rows"]}
    assert year["fewest"] == {"date": "10-06", "open": ["Oct", "6"], "count": 7}
    assert year["most"] == {"date": "01-25", "open": ["Jan", "25"], "count": 216}
    # The same rows as `pentomino count a-puzzle-a-day --each-date --json`.
    line = json.loads(cli("count", APAD, "--each-date", "--json", "--jobs", "1").stdout)
    assert [{k: v for k, v in r.items()} for r in line["rows"]] == year["rows"]
    assert line["solutions"] == year["solutions"] and line["openings"] == year["openings"]
    wait_idle(client)


@pytest.mark.slow
def test_each_date_of_a_year_has_that_years_dates(client):
    """With a year, the dates of that year (365 in 2026), as `count --each-date --year`."""
    spec = {"name": "calendar-jarringwords"}
    got = all_events(client, start_job(client, kind="each-date", puzzle=spec, year=2026), timeout=300)
    year = got[-1][1]
    assert got[-1][0] == "result" and year["year"] == 2026 and year["openings"] == 365
    line = json.loads(cli("count", "calendar-jarringwords", "--each-date", "--year", "2026", "--json",
                          "--jobs", "1").stdout)
    assert year["rows"] == line["rows"] and line["rows"][0]["date"] == "2026-01-01"
    assert "2026-02-29" not in {r["date"] for r in year["rows"]}


@pytest.mark.parametrize("body, cli_args", [
    ({"puzzle": SIX_BY_TEN}, ["count", "6x10", "--each-date"]),
    ({"puzzle": {"name": APAD}, "year": 0}, ["count", APAD, "--each-date", "--year", "0"]),
])
def test_each_date_of_no_calendar_or_no_year_is_the_cli_message(client, body, cli_args):
    assert error_of(client.post("/api/tasks", json={"kind": "each-date", **body})) == cli_error(*cli_args)


def test_each_date_with_a_year_that_is_no_number_is_400(client):
    message = error_of(client.post("/api/tasks", json={"kind": "each-date", "puzzle": {"name": APAD}, "year": "2026"}))
    assert "year must be a whole number from 1 to 9999" in message


def test_each_date_of_the_weekday_edition_without_a_year_is_this_years():
    """Weekdays need a year: without one, this year's dates (as `count --each-date`), and the
    answer says which year; a board without weekdays counts every month and day (366)."""
    from pentomino.web.routes.tasks import Year

    year = datetime.date.today().year
    weekdays = Year.of(Puzzle.load("daily-calendar-weekday"), None, {"name": "daily-calendar-weekday"})
    assert weekdays.year == year and weekdays.dates[0] == f"{year}-01-01" and len(weekdays.dates) in (365, 366)
    assert weekdays.openings[0] == Puzzle.load("daily-calendar-weekday").labels.for_date(datetime.date(year, 1, 1))
    plain = Year.of(Puzzle.load(APAD), None, {"name": APAD})
    assert plain.year is None and len(plain.dates) == 366 and plain.dates[59] == "02-29"
    assert Year.of(Puzzle.load(APAD), 2026, {"name": APAD}).dates[59] == "2026-03-01"


@pytest.mark.usefixtures("only_a_closed_stream_cancels")
def test_closing_the_stream_of_a_year_stops_it(client):
    """The weekday edition's year (tens of seconds on one process) stops once its stream closes."""
    job = start_job(client, kind="each-date", puzzle={"name": "daily-calendar-weekday"}, year=2026)
    task = client.app.state.tasks.get(job)
    stream = events(client, job)
    for event, data in stream:
        assert event == "progress" and data["total"] == 365, (event, data)
        if data["done"] >= 1:
            break
    stream.close()
    wait_idle(client)
    end = time.monotonic() + 30
    while not task.done.done() and time.monotonic() < end:  # settled on the app's loop just after
        time.sleep(0.02)
    outcome, info = task.done.result()
    assert outcome == "cancelled" and info["timed_out"] is False  # stopped, not finished
