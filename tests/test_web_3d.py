"""Solids on the page in 3-D: where the server places their cells in space, the stage's 3-D view
(turned by dragging, cut by the layer slider), the tray's pieces drawn as bodies, and Play on a
solid (turns about each axis, a piece dropped in the layer chosen).

The browser tests use Debian's Chromium through Playwright, as tests/test_web_browser.py does,
and check what the page draws against the library.
"""

import itertools
import math
import random
import re

import pytest
from playwright.sync_api import Page, expect

from pentomino import Puzzle
from pentomino.geometry import GRIDS
from pentomino.web.play import position_of
from pentomino.web.puzzles import drawing_json
from test_web_browser import check_drawn, console_errors, drawn, open_page, set_range

READ_SOLID = """svg => [...svg.querySelectorAll('g.body')].map(g => [
    g.dataset.piece || (g.classList.contains('ghost') ? '(held)' : null),
    g.dataset.cell.split(',').map(Number), g.querySelectorAll('polygon, circle').length])"""
"""Each body of a 3-D picture: [piece ("(held)" for a held piece, null for a free cell), cell,
faces or discs drawn]."""


def centre_from_drawing(space: dict, cell) -> tuple:
    """Where the page puts ``cell`` (solid3d.js, centre), from the drawing's space."""
    rest = [v % 2 for v in cell]
    base = space["centres"][",".join(map(str, rest))]
    return tuple(b + sum((v - r) // 2 * space["steps"][d][i] for d, (v, r) in enumerate(zip(cell, rest, strict=True)))
                 for i, b in enumerate(base))


@pytest.mark.parametrize("grid", [g for g in GRIDS.values() if g.layered], ids=lambda g: g.name)
def test_the_drawing_places_every_cell_where_the_grid_does(grid):
    space = drawing_json(grid)["space"]
    assert space["body"] == grid.body and grid.body in ("cube", "ball")
    for cell in itertools.product(range(-3, 4), repeat=grid.dims):
        if grid.is_cell(cell):
            assert centre_from_drawing(space, cell) == pytest.approx(grid.centre(cell)), cell


def test_plane_grids_have_no_place_in_space():
    assert all("space" not in drawing_json(g) for g in GRIDS.values() if not g.layered)


def first_hit(centre, origin, direction):
    """Where a ray ``origin + t direction`` enters the unit cube at ``centre`` (its t), or None."""
    near, far = -math.inf, math.inf
    for c, o, d in zip(centre, origin, direction, strict=True):
        if abs(d) < 1e-12:
            if not c - 0.5 < o < c + 0.5:
                return None
            continue
        a, b = sorted(((c - 0.5 - o) / d, (c + 0.5 - o) / d))
        near, far = max(near, a), min(far, b)
    return near if near < far - 1e-9 else None


def test_painting_cubes_by_the_depth_of_their_centres_is_right():
    """solid3d.js paints the cubes of a lattice back to front by the depth of their centres: a
    ray through two cubes enters first the one whose centre is nearer, whatever the view."""
    rng = random.Random(1)
    both = 0  # rays through both cubes
    for _ in range(20):
        view = [rng.gauss(0, 1) for _ in range(3)]
        view = [v / math.hypot(*view) for v in view]
        for offset in itertools.product(range(-3, 4), repeat=3):
            if offset == (0, 0, 0):
                continue
            nearer = sum(o * v for o, v in zip(offset, view, strict=True)) < 0  # the offset cube is nearer
            for _ in range(12):  # rays through a point of the first cube
                origin = [rng.uniform(-0.5, 0.5) - 100 * v for v in view]
                here, there = first_hit((0, 0, 0), origin, view), first_hit(offset, origin, view)
                if here is not None and there is not None:
                    assert (there < here) == nearer, (view, offset)
                    both += 1
    assert both > 2000  # a few thousand pairs overlap on the page


def solve_soma(page: Page, url: str) -> Puzzle:
    open_page(page, f"{url}#puzzle=soma")
    set_range(page, "Delay between tiles", 0)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solve-status")).to_contain_text("Solution #1")
    expect(page.locator("#board g.piece")).to_have_count(7)
    return Puzzle.load("soma")


def bodies(page: Page, where: str = "#solid") -> list:
    return page.locator(where).evaluate(READ_SOLID)


@pytest.mark.browser
def test_the_soma_solution_is_shown_as_a_cube_in_3d(page: Page, live_server):
    errors = console_errors(page)
    puzzle = solve_soma(page, live_server.url)
    expect(page.locator("#solid")).to_be_visible()
    expect(page.locator("#board")).to_be_hidden()  # the layers, a click away
    placements = drawn(page)
    check_drawn(puzzle, placements)
    owner = {tuple(c): name for name, cells in placements for c in cells}
    shown = bodies(page)
    # every cell of the cube once, in the piece the flat board has it in; all 7 pieces show faces
    assert sorted(tuple(c) for _, c, _ in shown) == sorted(puzzle.board)
    assert all(owner[tuple(c)] == name for name, c, _ in shown)
    assert {name for name, _, faces in shown if faces} == {pc.piece.name for pc in puzzle.pieces}
    # seen from above, in front and to the right: the 3x3 faces of each of the three sides in view
    assert page.locator("#solid polygon.face").count() == 27
    assert page.locator("#solid").get_attribute("data-azimuth") == "-45"
    # the layers, side by side as before
    page.get_by_label("Layer by layer").check()
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator("#board text.layer-name")).to_have_text(["z = 0", "z = 1", "z = 2"])
    assert errors == []


@pytest.mark.browser
def test_dragging_turns_the_solid_and_the_slider_hides_the_top_layers(page: Page, live_server):
    errors = console_errors(page)
    puzzle = solve_soma(page, live_server.url)
    faces = page.locator("#solid polygon.face")
    before = faces.evaluate_all("fs => fs.map(f => f.getAttribute('points'))")
    box = page.locator("#solid").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y + 25, steps=6)
    page.mouse.up()
    expect(page.locator("#solid")).not_to_have_attribute("data-azimuth", "-45")
    after = faces.evaluate_all("fs => fs.map(f => f.getAttribute('points'))")
    assert after != before
    assert sorted(tuple(c) for _, c, _ in bodies(page)) == sorted(puzzle.board)  # the same cube, turned
    # the keys turn it too, once it has the focus (not the Solve tab's next solution)
    turned = page.locator("#solid").get_attribute("data-azimuth")
    page.locator("#solid").focus()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#solid")).not_to_have_attribute("data-azimuth", turned)
    expect(page.locator("#solve-status")).to_contain_text("Solution #1")
    # the slider: layers up to z = 1, then z = 0 only
    for top in (1, 0):
        set_range(page, "Layers shown", top)
        expect(page.locator("#solid-top-out")).to_have_text(f"up to z = {top}")
        shown = bodies(page)
        assert sorted(tuple(c) for _, c, _ in shown) == sorted(c for c in puzzle.board if c[0] <= top)
        assert all(faces for _, c, faces in shown if c[0] == top)  # the top layer's cubes show their tops
    set_range(page, "Layers shown", 2)
    expect(page.locator("#solid-top-out")).to_have_text("all")
    assert len(bodies(page)) == 27
    assert errors == []


def connected(cells) -> bool:
    cells = {tuple(c) for c in cells}
    seen, todo = set(), [next(iter(cells))]
    while todo:
        c = todo.pop()
        if c in seen:
            continue
        seen.add(c)
        todo += [n for n in cells if sum(abs(a - b) for a, b in zip(c, n, strict=True)) == 1]
    return seen == cells


def tray_cells(page: Page, name: str) -> list:
    return [tuple(c) for _, c, _ in bodies(page, f'#tray .tray-piece[data-piece="{name}"] svg')]


def normalize(cells) -> frozenset:
    low = [min(c[d] for c in cells) for d in range(3)]
    return frozenset(tuple(c[d] - low[d] for d in range(3)) for c in cells)


@pytest.mark.browser
def test_the_tray_draws_each_solid_in_3d(page: Page, live_server):
    errors = console_errors(page)
    open_page(page, f"{live_server.url}#puzzle=soma")
    page.get_by_role("tab", name="Play").click()
    puzzle = Puzzle.load("soma")
    expect(page.locator("#tray .tray-piece")).to_have_count(7)
    for pc in puzzle.pieces:
        cells = tray_cells(page, pc.piece.name)
        assert len(cells) == pc.piece.size and len(set(cells)) == pc.piece.size
        assert connected(cells)  # one body, not an L beside a detached cube
        assert normalize(cells) in pc.piece.orientations(True)
        assert page.locator(f'#tray .tray-piece[data-piece="{pc.piece.name}"] svg polygon.face').count() >= 3
    # A, B and P stand in two layers: drawn in 3-D, not flattened
    assert {len({c[0] for c in tray_cells(page, n)}) for n in "ABP"} == {2}
    assert errors == []


# Quarter turns in (z, y, x): about x, y and z, as the page's X, Y and Z keys (and buttons) turn.
ABOUT = {"x": lambda z, y, x: (y, -z, x), "y": lambda z, y, x: (-x, y, z), "z": lambda z, y, x: (z, x, -y)}


def ghost(page: Page) -> list:
    return page.locator("#board g.ghost [data-ghost-cell]").evaluate_all(
        "ps => ps.map(p => p.dataset.ghostCell.split(',').map(Number))")


@pytest.mark.browser
def test_play_on_the_soma_turns_about_each_axis_and_drops_in_a_layer(page: Page, live_server):
    errors = console_errors(page)
    open_page(page, f"{live_server.url}#puzzle=soma")
    page.get_by_role("tab", name="Play").click()
    puzzle = Puzzle.load("soma")
    expect(page.locator("#play-status")).to_contain_text("ways to finish")
    # The buttons turn the piece last touched in the tray: L about y, then z.
    start = tray_cells(page, "L")
    page.locator('#tray .tray-piece[data-piece="L"]').click()
    page.get_by_role("button", name="Turn about y").click()
    assert normalize(tray_cells(page, "L")) == normalize([ABOUT["y"](*c) for c in start])
    now = tray_cells(page, "L")
    page.get_by_role("button", name="Turn about z").click()
    assert normalize(tray_cells(page, "L")) == normalize([ABOUT["z"](*c) for c in now])
    # "Turn over" on a solid turns it (a half turn), it does not refuse
    now = tray_cells(page, "L")
    page.get_by_role("button", name="Turn over").click()
    expect(page.locator("#play-message")).not_to_contain_text("one-sided")
    assert normalize(tray_cells(page, "L")) == normalize([ABOUT["x"](*ABOUT["x"](*c)) for c in now])
    # Hold T, turn it about x with the key, and drop it in layer 1 over a cell of layer 0's drawing.
    page.get_by_label("Drop in layer").select_option("1")
    tray_t = tray_cells(page, "T")
    piece = page.locator('#tray .tray-piece[data-piece="T"] g.body').first
    box = piece.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    target = page.locator('#board g.free polygon[data-cell="0,1,0"]').bounding_box()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=5)
    expect(page.locator("#board g.ghost polygon")).to_have_count(4)
    page.keyboard.press("x")
    held = ghost(page)
    assert normalize(held) == normalize([ABOUT["x"](*c) for c in tray_t])
    assert min(c[0] for c in held) == 1 and len({c[0] for c in held}) == 2  # standing up, from layer 1
    shift = max(0, -min(c[2] for c in held)) - max(0, max(c[2] for c in held) - 2)
    if shift:  # it runs off the board in x: the pointer moves by as many cells
        target = page.locator(f'#board g.free polygon[data-cell="0,1,{shift}"]').bounding_box()
        page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=3)
        expect(page.locator("#board g.ghost [data-ghost-cell]").first).not_to_have_attribute(
            "data-ghost-cell", ",".join(map(str, held[0])))
        held = ghost(page)
    expect(page.locator("#board g.ghost.refused")).to_have_count(0)
    # the 3-D view shows where it would go
    assert sorted(tuple(c) for p, c, _ in bodies(page) if p == "(held)") == sorted(map(tuple, held))
    page.mouse.up()
    expect(page.locator("#board g.piece")).to_have_count(1)
    placements = drawn(page)
    assert placements[0][0] == "T" and sorted(map(tuple, placements[0][1])) == sorted(map(tuple, held))
    position_of(puzzle, [{"piece": n, "cells": cs} for n, cs in placements])  # the library takes it
    # the 3-D view has it too, and the tray no longer
    assert sorted(tuple(c) for p, c, _ in bodies(page) if p == "T") == sorted(map(tuple, held))
    expect(page.locator('#tray .tray-piece[data-piece="T"]')).to_have_count(0)
    expect(page.locator("#play-status")).to_have_text(re.compile(r"ways to finish|no way to finish"))
    assert errors == []


DRAW_BALLS = """async () => {
    const { drawSolid, FRONT } = await import('/static/solid3d.js');
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    document.body.appendChild(svg);
    // balls stacked as a square pyramid: layer z sits in the hollows of layer z - 1
    const h = Math.SQRT1_2, centres = {};
    for (const z of [0, 1]) for (const y of [0, 1]) for (const x of [0, 1]) {
        centres[[z, y, x].join(',')] = [x + z / 2, y + z / 2, z * h];
    }
    const space = { body: 'ball', centres, steps: [[1, 1, 2 * h], [0, 2, 0], [2, 0, 0]] };
    const cells = [[0, 0, 0], [0, 0, 1], [0, 1, 0], [0, 1, 1], [1, 0, 0]];
    drawSolid(svg, space, [], [{ piece: 'A', cells: cells.slice(0, 3) }, { piece: 'B', cells: cells.slice(3) }],
              { A: '#ff0000', B: '#0000ff' }, { ...FRONT });
    const out = [...svg.querySelectorAll('g.body')].map(g => [g.dataset.piece, g.dataset.cell,
        g.querySelectorAll('circle.ball').length]);
    svg.remove();
    return out;
}"""


@pytest.mark.browser
def test_balls_are_discs_painted_back_to_front(page: Page, live_server):
    """A grid of balls (body "ball"): each cell one shaded disc, the nearest painted last; the
    page needs nothing but the drawing's space."""
    errors = console_errors(page)
    open_page(page, live_server.url)
    drawn_balls = page.evaluate(DRAW_BALLS)
    assert sorted(c for _, c, _ in drawn_balls) == ["0,0,0", "0,0,1", "0,1,0", "0,1,1", "1,0,0"]
    assert all(n == 1 for _, _, n in drawn_balls)
    # seen from above, in front and to the right: the ball at the front right corner is nearest
    # (painted last), the one at the back left corner farthest (first), the one on top between
    order = [c for _, c, _ in drawn_balls]
    assert order[0] == "0,0,0" and order[-1] == "0,1,1" and 0 < order.index("1,0,0") < 4
    assert errors == []


@pytest.mark.browser
def test_the_gallery_of_the_soma_is_3d(page: Page, live_server):
    errors = console_errors(page)
    open_page(page, f"{live_server.url}#puzzle=soma")
    page.get_by_role("tab", name="Gallery").click()
    expect(page.locator("#gallery-status")).to_have_text("240 solutions up to symmetry")
    first = page.get_by_role("button", name="Solution 1", exact=True)
    expect(first.locator("g.body.piece")).to_have_count(27)  # the thumbnails too, as cubes
    page.locator("#gallery").screenshot(path="test-results/gallery-soma.png")
    first.click()
    expect(page.locator("#enlarged-title")).to_contain_text("solution #1")
    shown = bodies(page, "#enlarged-board")
    assert sorted(tuple(c) for _, c, _ in shown) == sorted(Puzzle.load("soma").board)
    assert len({p for p, _, _ in shown}) == 7
    assert errors == []


@pytest.mark.browser
def test_watching_a_solid_search_in_3d(page: Page, live_server):
    """The Watch tab's frames show in 3-D too: the pieces on the flat board, cell for cell."""
    errors = console_errors(page)
    open_page(page, f"{live_server.url}#puzzle=soma")
    page.get_by_role("tab", name="Watch").click()
    for _ in range(3):
        before = page.locator("#watch-status").text_content()
        page.get_by_role("button", name="Step").click()
        expect(page.locator("#watch-status")).not_to_have_text(before)
    expect(page.locator("#solid")).to_be_visible()
    placed = {(name, tuple(c)) for name, cells in drawn(page) for c in cells}
    assert placed
    assert {(name, tuple(c)) for name, c, _ in bodies(page) if name} == placed
    page.get_by_role("button", name="Stop").click()
    assert live_server.wait_idle() == []
    assert errors == []


@pytest.mark.browser
def test_a_piece_dropped_on_the_3d_view_goes_into_the_cubes_in_view(page: Page, live_server):
    """The 3-D view is a place to drop a piece too: with the layers above z = 0 hidden, a piece
    dropped on the cubes in view lies in layer 0."""
    errors = console_errors(page)
    page.set_viewport_size({"width": 1280, "height": 1200})  # the 3-D view and the tray in sight at once
    open_page(page, f"{live_server.url}#puzzle=soma")
    page.get_by_role("tab", name="Play").click()
    expect(page.locator("#play-status")).to_contain_text("ways to finish")
    set_range(page, "Layers shown", 0)
    piece = page.locator('#tray .tray-piece[data-piece="V"] g.body').first
    box = piece.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    for cell in sorted(c for c in Puzzle.load("soma").board if c[0] == 0):  # a cell where V fits
        spot = page.locator(f'#solid g.body.free[data-cell="{",".join(map(str, cell))}"]').bounding_box()
        page.mouse.move(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2, steps=3)
        expect(page.locator("#solid g.held g.body")).to_have_count(3)
        if page.locator("#board g.ghost.refused").count() == 0:
            break
    held = ghost(page)
    assert {c[0] for c in held} == {0}
    page.mouse.up()
    expect(page.locator("#board g.piece")).to_have_count(1)
    assert drawn(page) == [["V", held]]
    assert sorted(tuple(c) for p, c, _ in bodies(page) if p == "V") == sorted(map(tuple, held))
    assert errors == []


@pytest.mark.browser
def test_the_kanoodle_pyramid_solves_on_the_page_as_balls(page: Page, live_server):
    """A pyramid of balls (the sphere grid) solves as a puzzle of cubes does: its 55 balls drawn
    in 3-D, each in the piece the solution puts there, the solution one the checker accepts."""
    errors = console_errors(page)
    open_page(page, f"{live_server.url}#puzzle=kanoodle-pyramid")
    set_range(page, "Delay between tiles", 0)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solve-status")).to_contain_text("Solution #1")
    puzzle = Puzzle.load("kanoodle-pyramid")
    expect(page.locator("#board g.piece")).to_have_count(len(puzzle.pieces))
    expect(page.locator("#solid")).to_be_visible()
    placements = drawn(page)
    check_drawn(puzzle, placements)
    owner = {tuple(c): name for name, cells in placements for c in cells}
    shown = bodies(page)
    assert sorted(tuple(c) for _, c, _ in shown) == sorted(puzzle.board)
    assert all(owner[tuple(c)] == name for name, c, _ in shown)
    assert errors == []
