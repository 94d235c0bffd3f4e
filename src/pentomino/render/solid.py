"""Solids in space, for the 3-D pictures of a layered grid (drawn by :mod:`pentomino.render.svg`).

A layered grid says what its cells are in space (:attr:`~pentomino.geometry.grid.Grid.body`:
unit cubes, or balls of diameter 1) and where each one sits
(:meth:`~pentomino.geometry.grid.Grid.centre`: z up, touching cells 1 apart). From those two
facts this module works out what a picture needs, whatever the grid:

- the projection, isometric as the cubes' own view (:meth:`~pentomino.geometry.grid.Grid.view`):
  seen from above, in front and to the right, x runs right and down the page, y left and down,
  z up; the depth x + y + z grows towards the viewer, so painting by it goes back to front;
- the exploded view: each piece pushed away from the middle of the whole, along the line from
  there to its own centroid, by the smallest multiple of that line (tried in steps) that leaves
  no two pieces touching. Cubes move by whole cells, so that they stay on one lattice and the
  grid's own view draws them, hidden faces and all; balls move freely;
- balls: each a disc on the page, painted back to front, and its rim cut into arcs by what lies
  just outside it, painted before it: a ball of another piece or nothing (an outline, drawn
  dark) or a ball of its own piece (a thin line). Later balls cover what they hide of the rim,
  so the rim is drawn with its ball. What lies outside a point of the rim is the last ball
  painted before whose disc holds it; the arcs' ends are found by bisection between samples.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from pentomino.errors import InternalError, OptionError
from pentomino.geometry.grid import Cell, Grid, Point

Vector: TypeAlias = tuple[float, float, float]
"""A point or a shift in space, (x, y, z), z up, in units where touching cells are 1 apart."""

_COS30 = math.sqrt(3) / 2
BALL_RADIUS = math.sqrt(6) / 4
"""A ball's radius on the page. The projection stretches every length across the line of sight
by √(3/2), so two touching balls side by side are √(3/2) apart on the page: their discs touch."""
CUBES_APART = 2.0
"""Two cubes of an exploded view do not touch, not even at a corner: some coordinate differs by 2."""
BALLS_APART = 1.3
"""Two balls of an exploded view are this far apart, centre to centre: a gap of 0.3."""
_SCALES = tuple(1 + 0.25 * k for k in range(17))
"""The multiples of the line from the middle to a piece's centroid an exploded view tries,
smallest first; the last is taken if none leaves the pieces apart."""
_RIM_SAMPLES = 48


VIEWS = ("solid", "exploded", "layers")
"""How a picture draws a board of a layered grid (a solid): the pieces put together, seen from
above, in front and to the right; the same pushed apart from the middle, so that the inner
pieces show; or a small solid with each layer drawn flat beside it."""


def check_view(grid: Grid, view: str | None) -> str:
    """The view a picture of a board of ``grid`` takes: ``view`` checked, or by default
    ``"solid"`` on a layered grid and ``""`` on a plane one (which has no other)."""
    if view is None:
        return VIEWS[0] if grid.layered else ""
    if not isinstance(view, str) or view not in VIEWS:
        raise OptionError(("view",), f"must be one of {', '.join(VIEWS)}, not {view!r}")
    if not grid.layered:
        raise OptionError(("view",), f"draws a solid, and a board of {grid.plural} is flat: leave it out")
    return view


def project(p: Vector) -> Point:
    """The page position of a point in space (isometric: x right and down, y left and down, z up)."""
    x, y, z = p
    return ((x - y) * _COS30, (x + y) / 2 - z)


def depth(p: Vector) -> float:
    """How near the viewer a point is: painted in increasing depth, nearer things go over farther ones."""
    return p[0] + p[1] + p[2]


def _plus(p: Vector, q: Vector) -> Vector:
    return (p[0] + q[0], p[1] + q[1], p[2] + q[2])


def _mean(points: Collection[Vector]) -> Vector:
    n = len(points)
    return (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n, sum(p[2] for p in points) / n)


# -- the exploded view --------------------------------------------------------------------------
def explode(grid: Grid, groups: Mapping[int, Collection[Cell]]) -> dict[int, Vector]:
    """How far each group of cells (a piece; the cells no piece covers) moves in an exploded
    view: along the line from the middle of all the cells to the group's centroid, as far as
    the smallest of :data:`_SCALES` that leaves every two groups apart (two groups with one
    centroid move alike and may touch). Cubes move by whole units."""
    cube = grid.body == "cube"
    centres = {g: [grid.centre(c) for c in cells] for g, cells in groups.items()}
    middle = _mean([p for ps in centres.values() for p in ps])
    away = {g: tuple(a - m for a, m in zip(_mean(ps), middle, strict=True)) for g, ps in centres.items()}
    offsets: dict[int, Vector] = {}
    for scale in _SCALES:
        offsets = {g: _shift(d, scale, cube) for g, d in away.items()}
        if _apart(centres, offsets, away, cube):
            break
    return offsets


def _shift(direction: Sequence[float], scale: float, whole: bool) -> Vector:
    x, y, z = (v * scale for v in direction)
    return (float(round(x)), float(round(y)), float(round(z))) if whole else (x, y, z)


def _apart(centres: Mapping[int, list[Vector]], offsets: Mapping[int, Vector], away: Mapping[int, Sequence[float]],
           cube: bool) -> bool:
    """Whether, moved by ``offsets``, no two groups come nearer than :data:`CUBES_APART`
    (along every axis, cubes) or :data:`BALLS_APART` (balls), leaving out pairs of groups with
    one centroid (they move together). Nearby cells are found through buckets of that size."""
    reach = CUBES_APART if cube else BALLS_APART
    buckets: dict[tuple[int, ...], list[tuple[int, Vector]]] = defaultdict(list)
    for g, points in centres.items():
        for p in points:
            q = _plus(p, offsets[g])
            buckets[tuple(math.floor(v / reach) for v in q)].append((g, q))
    for (bx, by, bz), inside in buckets.items():
        near = [item for dx in (-1, 0, 1) for dy in (-1, 0, 1) for dz in (-1, 0, 1)
                for item in buckets.get((bx + dx, by + dy, bz + dz), ())]
        for g, p in inside:
            for h, q in near:
                if g == h or _same(away[g], away[h]):
                    continue
                gap = (max(abs(a - b) for a, b in zip(p, q, strict=True)) if cube else math.dist(p, q))
                if gap < reach - 1e-9:
                    return False
    return True


def _same(a: Sequence[float], b: Sequence[float]) -> bool:
    return all(abs(x - y) < 1e-9 for x, y in zip(a, b, strict=True))


def moved_cell(grid: Grid, cell: Cell, shift: Vector) -> Cell:
    """The cell whose centre is ``cell``'s moved by ``shift`` (a whole number of units along
    each axis on a grid of cubes), found by walking from neighbour to neighbour towards it."""
    target = _plus(grid.centre(cell), shift)
    here = cell
    while math.dist(grid.centre(here), target) > 1e-6:
        step = min(grid.neighbours(here), key=lambda n: math.dist(grid.centre(n), target))
        if math.dist(grid.centre(step), target) >= math.dist(grid.centre(here), target):
            raise InternalError(f"no cell of the {grid.name} grid lies at {target}")
        here = step
    return here


# -- balls ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Ball:
    """A ball as a picture draws it."""

    cell: Cell
    owner: int
    """Its placement's index (or the picture's mark for a cell no piece covers)."""
    at: Point
    """Its centre on the page, in units of the distance between touching balls."""
    depth: float


@dataclass(frozen=True)
class Arc:
    """A piece of a ball's rim, from angle ``start`` to ``end`` (radians, increasing clockwise
    on the page, 0 to the right), and the owner of the ball just outside it, painted before
    (None: nothing, the background)."""

    start: float
    end: float
    behind: int | None


def balls(grid: Grid, owner: Mapping[Cell, int], offsets: Mapping[int, Vector] | None = None) -> list[Ball]:
    """Each cell of ``owner`` as a ball, moved by its owner's offset, back to front (ties, which
    never overlap on the page, in cell order)."""
    out = []
    for cell, who in owner.items():
        p = grid.centre(cell)
        if offsets and who in offsets:
            p = _plus(p, offsets[who])
        out.append(Ball(cell, who, project(p), depth(p)))
    out.sort(key=lambda b: (round(b.depth, 9), b.cell))
    return out


def _overlapping(items: Sequence[Ball]) -> Iterator[list[int]]:
    """For each ball, the indices of the balls before it whose discs overlap its own."""
    reach = 2 * BALL_RADIUS
    buckets: dict[tuple[int, int], list[int]] = defaultdict(list)
    for k, ball in enumerate(items):
        bx, by = (math.floor(v / reach) for v in ball.at)
        near = [j for dx in (-1, 0, 1) for dy in (-1, 0, 1) for j in buckets.get((bx + dx, by + dy), ())
                if math.dist(items[j].at, ball.at) < reach - 1e-9]
        yield sorted(near)
        buckets[(bx, by)].append(k)


def rims(items: Sequence[Ball]) -> list[list[Arc]]:
    """The arcs of each ball's rim (see :class:`Arc`), in the order of ``items`` (back to front)."""
    out = []
    for ball, near in zip(items, _overlapping(items), strict=True):
        def behind(angle: float, ball: Ball = ball, near: list[int] = near) -> int | None:
            q = (ball.at[0] + BALL_RADIUS * math.cos(angle), ball.at[1] + BALL_RADIUS * math.sin(angle))
            for j in reversed(near):  # the last painted there is what shows
                if math.dist(q, items[j].at) < BALL_RADIUS - 1e-9:
                    return items[j].owner
            return None

        step = 2 * math.pi / _RIM_SAMPLES
        seen = [behind(k * step) for k in range(_RIM_SAMPLES)]
        if len(set(seen)) == 1:
            out.append([Arc(0.0, 2 * math.pi, seen[0])])
            continue
        cuts = []  # (angle, what follows it)
        for k in range(_RIM_SAMPLES):
            nxt = (k + 1) % _RIM_SAMPLES
            if seen[k] != seen[nxt]:
                low, high = k * step, (k + 1) * step
                for _ in range(20):
                    mid = (low + high) / 2
                    low, high = (mid, high) if behind(mid) == seen[k] else (low, mid)
                cuts.append((high, seen[nxt]))
        arcs = [Arc(a, b + (2 * math.pi if b <= a else 0), who)
                for (a, who), (b, _) in zip(cuts, cuts[1:] + cuts[:1], strict=True)]
        out.append(arcs)
    return out


def names_at(items: Sequence[Ball]) -> dict[int, Ball]:
    """The ball of each owner to write its name on: of those whose centre no later ball covers,
    the one nearest the owner's centroid on the page (an owner whose balls are all hidden has
    none)."""
    reach = BALL_RADIUS * 0.8
    later: dict[tuple[int, int], list[Point]] = defaultdict(list)
    shown: dict[int, list[Ball]] = defaultdict(list)
    mine: dict[int, list[Ball]] = defaultdict(list)
    for ball in reversed(items):
        bx, by = (math.floor(v / reach) for v in ball.at)
        if not any(math.dist(p, ball.at) < reach for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                   for p in later.get((bx + dx, by + dy), ())):
            shown[ball.owner].append(ball)
        later[(bx, by)].append(ball.at)
        mine[ball.owner].append(ball)
    spots = {}
    for who, seen in shown.items():
        cx = sum(b.at[0] for b in mine[who]) / len(mine[who])
        cy = sum(b.at[1] for b in mine[who]) / len(mine[who])
        spots[who] = min(seen, key=lambda b: (round(math.dist(b.at, (cx, cy)), 6), b.cell))
    return spots
