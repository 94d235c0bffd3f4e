"""Independent verifier of one tiling (a single solution) on any grid: square, triangle,
hexagon, cube or sphere.

It uses nothing but the standard library and shares no code with ``tests/naive.py`` (the slow
reference solver) or the ``pentomino`` package, so a bug in either is unlikely to be repeated
here; and its geometry is built another way: cells are drawn where a picture of the grid puts
them (floating-point centres in the plane, integer centres in space), and a piece's variants
are made by turning about the piece's own centre of mass. The grid is the keyword ``grid`` of
each function: "square" (the default), "triangle", "hexagon", "cube" or "sphere".

It is obviously correct because it only counts and compares:

* every placement's cells are cells of the grid (hexagons: r + c even), on the board, and no
  cell is covered twice or left uncovered;
* the copies of each piece are within [lo, hi];
* each placement is congruent to its piece by a symmetry of the grid: its cells, taken about
  their centre of mass, are the piece's cells about theirs turned by a multiple of the grid's
  smallest turn (90 degrees for squares, 60 for triangles and hexagons; in space every product
  of quarter turns about two axes: the 24 rotations), mirrored first if the piece is free. A
  triangle is its centre and which way it points: a turn by an odd multiple of 60 degrees,
  and the mirror y -> -y, make an up triangle point down and a down one up, so an up triangle
  never passes for a down one. Balls are turned the same way about their centre of mass, in
  floating point: the 24 rotations are the products of quarter turns about the upright line
  (a layer is a square grid) and about a horizontal diagonal of a layer's squares (the upright
  plane through it is a square grid of balls too); a piece whose balls lie in one plane is
  mirrored first or not even when it is not free (it is its own mirror image, turned). A piece
  may say how it turns (a fifth element of its spec):
  "free" (turned, and mirrored or not), "face-up" (turned only), "face-down" (mirrored, then
  turned) or "fixed" (the turn by 0 only: moved, never turned); one that does not say is
  "face-up" in a one-sided puzzle and "free" in another.

Plane picture: square (r, c) is centred at (c, r); triangle (r, c) spans x from c / 2 to
c / 2 + 1 and y from r * h to (r + 1) * h (h = sqrt 3 / 2), its apex at the top when r + c
is even; hexagon (r, c) is centred at (c * sqrt 3 / 2, 1.5 * r), so its six neighbours are
sqrt 3 away. Balls in space: ball (z, r, c) is centred at (c + z / 2, r + z / 2, z / sqrt 2),
the ball above resting on the four below it, so touching balls are 1 apart. Any violation
raises AssertionError with a message.
"""

import cmath
import functools
import json
import math

_H = math.sqrt(3) / 2


def _as_cell(value, *, grid):
    cell = tuple(value)
    size = 3 if grid in ("cube", "sphere") else 2
    assert len(cell) == size and all(isinstance(x, int) and not isinstance(x, bool) for x in cell), (
        f"bad {grid} cell {value!r} (need {size:d} ints)")
    if grid == "hexagon":
        assert (cell[0] + cell[1]) % 2 == 0, f"hexagon cell {cell!r} has r + c odd: no such cell"
    return cell


def _marks(cells, *, grid):
    """The cells as (centre, points up) pairs: a complex centre, and for triangles which way
    the triangle points (False for squares and hexagons)."""
    out = []
    for r, c in cells:
        if grid == "square":
            out.append((complex(c, r), False))
        elif grid == "hexagon":
            out.append((complex(c * _H, 1.5 * r), False))
        else:
            up = (r + c) % 2 == 0
            out.append((complex(c / 2 + 0.5, (r + (2 / 3 if up else 1 / 3)) * _H), up))
    return out


def _plane_key(marks):
    return sorted((round(z.real, 6) + 0.0, round(z.imag, 6) + 0.0, up) for z, up in marks)


# Whether each way of turning mirrors the piece first (a tuple of choices), and whether it turns it.
_MIRRORED = {"free": (False, True), "face-up": (False,), "face-down": (True,), "fixed": (False,)}


def _plane_congruent(piece_cells, cells, how, *, grid):
    turns = 4 if grid == "square" else 6
    a, b = _marks(piece_cells, grid=grid), _marks(cells, grid=grid)
    ca = sum(z for z, _ in a) / len(a)
    cb = sum(z for z, _ in b) / len(b)
    target = _plane_key([(z - cb, up) for z, up in b])
    for mirrored in _MIRRORED[how]:
        for k in range(1 if how == "fixed" else turns):
            turn = cmath.exp(2j * math.pi * k / turns)
            moved = []
            for z, up in a:
                z = z - ca
                if mirrored:
                    z = z.conjugate()
                if grid == "triangle" and (mirrored + k) % 2:
                    # Upside down (y -> -y) an up triangle points down; so after an odd
                    # number of 60-degree turns.
                    up = not up
                moved.append((z * turn, up))
            if _plane_key(moved) == target:
                return True
    return False


def _then(f, g):
    """The map p -> g(f(p))."""
    return lambda p: g(f(p))


@functools.cache
def _space_turns(one_sided):
    """Every product of quarter turns about the y and z axes (and the mirror x -> -x unless
    one-sided), as maps on (z, y, x), found by closing under composition."""
    about_y = lambda p: (p[2], p[1], -p[0])  # noqa: E731
    about_z = lambda p: (p[0], p[2], -p[1])  # noqa: E731
    mirror = lambda p: (p[0], p[1], -p[2])  # noqa: E731
    gens = [about_y, about_z] + ([] if one_sided else [mirror])
    probe = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    found = {probe: lambda p: p}
    frontier = [probe]
    while frontier:
        nxt = []
        for key in frontier:
            f = found[key]
            for g in gens:
                h = _then(f, g)
                k = tuple(h(p) for p in probe)
                if k not in found:
                    found[k] = h
                    nxt.append(k)
        frontier = nxt
    return tuple(found.values())


def _space_congruent(piece_cells, cells, how):
    n = len(cells)

    def centred(points):
        total = [sum(p[i] for p in points) for i in range(3)]
        return sorted(tuple(n * p[i] - total[i] for i in range(3)) for p in points)

    target = centred(cells)
    if how == "fixed":
        turns = (lambda p: p,)
    else:
        turns = _space_turns(how == "face-up" or how == "face-down")
        assert len(turns) == (48 if how == "free" else 24)
        if how == "face-down":
            turns = tuple(_then(lambda p: (p[0], p[1], -p[2]), f) for f in turns)  # mirrored, then turned
    return any(centred([f(p) for p in piece_cells]) == target for f in turns)


def _ball_centre(cell):
    z, r, c = cell
    return (c + z / 2, r + z / 2, z / math.sqrt(2))


def _turn_about(axis, point):
    """``point`` turned by a quarter turn about the unit vector ``axis`` (Rodrigues' formula
    at 90 degrees: p cos + (k x p) sin + k (k . p)(1 - cos))."""
    k, p = axis, point
    cross = (k[1] * p[2] - k[2] * p[1], k[2] * p[0] - k[0] * p[2], k[0] * p[1] - k[1] * p[0])
    dot = sum(a * b for a, b in zip(k, p, strict=True))
    return tuple(cross[i] + k[i] * dot for i in range(3))


@functools.cache
def _ball_turns():
    """The 24 rotations of the balls' packing, as tuples of the images of the three unit axes
    (x, y, z), found by closing two quarter turns under composition."""
    diagonal = (math.sqrt(0.5), math.sqrt(0.5), 0.0)
    gens = [lambda p: _turn_about((0.0, 0.0, 1.0), p), lambda p: _turn_about(diagonal, p)]
    axes = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
    found = {}
    frontier = [axes]
    while frontier:
        nxt = []
        for images in frontier:
            key = tuple(round(x, 6) + 0.0 for v in images for x in v)
            if key in found:
                continue
            found[key] = images
            for g in gens:
                nxt.append(tuple(g(v) for v in images))
        frontier = nxt
    return tuple(found.values())


def _ball_flat(points):
    centre = [sum(p[i] for p in points) / len(points) for i in range(3)]
    steps = [[p[i] - centre[i] for i in range(3)] for p in points]
    for a in steps:
        for b in steps:
            normal = (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])
            if sum(x * x for x in normal) > 1e-6:
                return all(abs(sum(n * x for n, x in zip(normal, s, strict=True))) < 1e-6 for s in steps)
    return True


def _ball_congruent(piece_cells, cells, how):
    def centred(points):
        centre = [sum(p[i] for p in points) / len(points) for i in range(3)]
        return sorted(tuple(round(p[i] - centre[i], 6) + 0.0 for i in range(3)) for p in points)

    a = [_ball_centre(c) for c in piece_cells]
    target = centred([_ball_centre(c) for c in cells])
    if how == "fixed":
        return centred(a) == target
    turns = _ball_turns()
    assert len(turns) == 24
    mirrored = (False, True) if how == "free" or _ball_flat(a) else (how == "face-down",)
    for mirror in mirrored:
        start = [(-p[0], p[1], p[2]) for p in a] if mirror else a
        for ex, ey, ez in turns:
            moved = [tuple(p[0] * ex[i] + p[1] * ey[i] + p[2] * ez[i] for i in range(3)) for p in start]
            if centred(moved) == target:
                return True
    return False


_WORDS = {"free": "free", "face-up": "one-sided (face-up)", "face-down": "face-down", "fixed": "fixed"}


def _how(one_sided, turns):
    if turns is None:
        return "face-up" if one_sided else "free"
    assert turns in _MIRRORED, f"unknown way of turning {turns!r}"
    return turns


def congruent(piece_cells, cells, one_sided, *, grid="square", turns=None):
    """True if ``cells`` is the piece moved by a symmetry of the grid (a rotation if one-sided;
    as ``turns`` says if it is given: "free", "face-up", "face-down" or "fixed")."""
    piece_cells, cells = list(piece_cells), list(cells)
    if len(piece_cells) != len(cells) or not cells:
        return False
    if grid == "cube":
        return _space_congruent(piece_cells, cells, _how(one_sided, turns))
    if grid == "sphere":
        return _ball_congruent(piece_cells, cells, _how(one_sided, turns))
    return _plane_congruent(piece_cells, cells, _how(one_sided, turns), grid=grid)


def check_solution(board, pieces, one_sided, preplaced, placements, *, grid="square"):
    """Assert that ``placements`` (a list of (name, cells)) tile ``board``; return the tiling as
    a frozenset of (name, frozenset(cells)), the preplaced pairs added if missing."""
    assert grid in ("square", "triangle", "hexagon", "cube", "sphere"), f"unknown grid {grid!r}"
    board = {_as_cell(cell, grid=grid) for cell in board}
    spec = {}
    for item in pieces:
        assert len(item) in (4, 5), f"a piece is (name, cells, lo, hi[, turns]), not {item!r}"
        name, cells, lo, hi = item[:4]
        assert name not in spec, f"piece name {name!r} given twice in the piece set"
        how = _how(one_sided, item[4] if len(item) == 5 else None)
        spec[name] = ([_as_cell(cell, grid=grid) for cell in cells], lo, hi, how)

    placed = []
    for index, item in enumerate(placements):
        assert len(item) == 2, f"placement #{index:d} is not a (name, cells) pair: {item!r}"
        name, cells = item
        cells = [_as_cell(cell, grid=grid) for cell in cells]
        assert name in spec, f"placement #{index:d} uses unknown piece {name!r}"
        assert len(set(cells)) == len(cells), (
            f"placement #{index:d} ({name}) lists a cell twice: {cells!r}")
        assert congruent(spec[name][0], cells, one_sided, grid=grid, turns=spec[name][3]), (
            f"placement #{index:d} ({name}) is not a valid {_WORDS[spec[name][3]]} orientation of {name}:"
            f" {sorted(cells)!r}")
        placed.append((name, frozenset(cells)))

    for name, cells in preplaced:
        pair = (name, frozenset(_as_cell(cell, grid=grid) for cell in cells))
        if pair not in placed:
            assert name in spec, f"preplaced piece {name!r} is unknown"
            assert congruent(spec[name][0], pair[1], one_sided, grid=grid, turns=spec[name][3]), (
                f"preplaced {name} has a wrong shape: {sorted(pair[1])!r}")
            placed.append(pair)

    cover = {}
    for index, (name, cells) in enumerate(placed):
        for cell in cells:
            cover.setdefault(cell, []).append((index, name))
    off_board = sorted(cell for cell in cover if cell not in board)
    assert not off_board, f"cells off the board are covered: {off_board!r}"
    overlaps = {cell: who for cell, who in cover.items() if len(who) > 1}
    assert not overlaps, f"cells covered more than once: {sorted(overlaps.items())!r}"
    missing = sorted(cell for cell in board if cell not in cover)
    assert not missing, f"board cells not covered: {missing!r}"

    used = {name: 0 for name in spec}
    for name, _ in placed:
        used[name] += 1
    for name, (_, lo, hi, _) in spec.items():
        assert lo <= used[name] <= hi, f"piece {name} used {used[name]:d} times, allowed {lo:d}..{hi:d}"
    return frozenset(placed)


def check_json_line(board, pieces, one_sided, preplaced, line, *, grid="square"):
    """Parse {"placements": [{"piece": ..., "cells": [[r, c], ...]}, ...]} and check it as
    :func:`check_solution` does."""
    try:
        data = json.loads(line)
    except ValueError as exc:
        raise AssertionError(f"not valid JSON: {exc}: {line!r}") from exc
    assert isinstance(data, dict), f"JSON line is not an object: {line!r}"
    assert isinstance(data.get("placements"), list), f"JSON object has no 'placements' list: {line!r}"
    placements = []
    for item in data["placements"]:
        assert isinstance(item, dict), f"placement is not an object: {item!r}"
        assert isinstance(item.get("piece"), str), f"placement lacks a 'piece' string: {item!r}"
        assert isinstance(item.get("cells"), list), f"placement lacks a 'cells' list: {item!r}"
        placements.append((item["piece"], item["cells"]))
    return check_solution(board, pieces, one_sided, preplaced, placements, grid=grid)
