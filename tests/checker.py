"""Independent verifier of one polyomino tiling (a single solution).

It shares no code with ``tests/naive.py`` or the ``pentomino`` package, so a
bug in either is unlikely to be repeated here.  It is obviously correct
because it only counts: it tallies which placements cover each cell, tallies
how many copies of each piece are used, and compares each placement's
normalised cell set against the shape's variants, which are built by turning
the piece a quarter turn at a time (and, for free pieces, doing the same to
its mirror image).  Any violation raises AssertionError with a message.
"""

import json


def _as_cell(value):
    cell = tuple(value)
    assert len(cell) == 2 and all(
        isinstance(x, int) and not isinstance(x, bool) for x in cell
    ), "bad cell %r (need two ints)" % (value,)
    return cell


def _shift_to_origin(cells):
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def _variants(cells, one_sided):
    """Shapes reachable by quarter turns (plus mirroring unless one_sided)."""
    starts = [list(cells)]
    if not one_sided:
        starts.append([(r, -c) for r, c in cells])
    found = set()
    for shape in starts:
        for _ in range(4):
            found.add(_shift_to_origin(shape))
            shape = [(c, -r) for r, c in shape]
    return found


def check_solution(board, pieces, one_sided, preplaced, placements):
    """Assert that ``placements`` is a valid tiling; return it as a frozenset.

    ``placements`` is a list of (name, cells); preplaced (name, cells) pairs
    that are missing from it are added.  The return value is a frozenset of
    (name, frozenset(cells)) including the preplaced pairs.
    """
    board = {_as_cell(cell) for cell in board}

    spec = {}
    for name, cells, lo, hi in pieces:
        assert name not in spec, "piece name %r given twice in the piece set" % (name,)
        spec[name] = ([_as_cell(cell) for cell in cells], lo, hi)
    variants = {name: _variants(cells, one_sided) for name, (cells, _, _) in spec.items()}

    placed = []
    for index, item in enumerate(placements):
        assert len(item) == 2, "placement #%d is not a (name, cells) pair: %r" % (index, item)
        name, cells = item
        cells = [_as_cell(cell) for cell in cells]
        assert name in spec, "placement #%d uses unknown piece %r" % (index, name)
        assert len(set(cells)) == len(cells), (
            "placement #%d (%s) lists a cell twice: %r" % (index, name, cells))
        assert cells and _shift_to_origin(cells) in variants[name], (
            "placement #%d (%s) is not a valid %s orientation of %s: %r"
            % (index, name, "one-sided" if one_sided else "free", name, sorted(cells)))
        placed.append((name, frozenset(cells)))

    for name, cells in preplaced:
        pair = (name, frozenset(_as_cell(cell) for cell in cells))
        if pair not in placed:
            assert name in spec, "preplaced piece %r is unknown" % (name,)
            assert _shift_to_origin(pair[1]) in variants[name], (
                "preplaced %s has a wrong shape: %r" % (name, sorted(pair[1])))
            placed.append(pair)

    cover = {}
    for index, (name, cells) in enumerate(placed):
        for cell in cells:
            cover.setdefault(cell, []).append((index, name))

    off_board = sorted(cell for cell in cover if cell not in board)
    assert not off_board, "cells off the board are covered: %r" % (off_board,)
    overlaps = {cell: who for cell, who in cover.items() if len(who) > 1}
    assert not overlaps, "cells covered more than once: %r" % (sorted(overlaps.items()),)
    missing = sorted(cell for cell in board if cell not in cover)
    assert not missing, "board cells not covered: %r" % (missing,)

    used = {name: 0 for name in spec}
    for name, _ in placed:
        used[name] += 1
    for name, (_, lo, hi) in spec.items():
        assert lo <= used[name] <= hi, (
            "piece %s used %d times, allowed %d..%d" % (name, used[name], lo, hi))

    return frozenset(placed)


def check_json_line(board, pieces, one_sided, preplaced, line):
    """Parse {"placements": [{"piece": ..., "cells": [[r, c], ...]}, ...]} and check it."""
    try:
        data = json.loads(line)
    except ValueError as exc:
        raise AssertionError("not valid JSON: %s: %r" % (exc, line))
    assert isinstance(data, dict), "JSON line is not an object: %r" % (line,)
    assert isinstance(data.get("placements"), list), (
        "JSON object has no 'placements' list: %r" % (line,))
    placements = []
    for item in data["placements"]:
        assert isinstance(item, dict), "placement is not an object: %r" % (item,)
        assert isinstance(item.get("piece"), str), "placement lacks a 'piece' string: %r" % (item,)
        assert isinstance(item.get("cells"), list), "placement lacks a 'cells' list: %r" % (item,)
        placements.append((item["piece"], item["cells"]))
    return check_solution(board, pieces, one_sided, preplaced, placements)
