"""Slow, obviously-correct reference solver for polyform tilings on every grid: squares,
triangles, hexagons, cubes and balls (the sphere grid).

It exists only to check the real solver, which is compared with it on many small puzzles. It
uses nothing but the standard library, never imports the ``pentomino`` package, and shares no
code with ``tests/checker.py`` (the verifier of one solution, whose geometry is built another
way), so a bug in one of the three is unlikely to be repeated in another.

Every function that needs to know the grid takes it as the keyword ``grid``: "square" (the
default), "triangle", "hexagon", "cube" or "sphere".

Cells are named in the puzzles' coordinates (/work/shared/puzzles/README.md): square (r, c);
triangle (r, c), pointing up when r + c is even; hexagon (r, c) in doubled coordinates, r + c
even; cube (z, y, x); sphere (z, r, c). Everything geometric is done on exact points of space
instead:

* A cell is a *body*: a frozenset of integer points. A square, hexagon or cube is its centre.
  A triangle is its three corners, because its centre does not say which way it points.
* Square and cube points are Cartesian with unit spacing: (r, c) and (z, y, x).
* A ball is its centre on the face-centred cubic lattice, taken as the points (u, v, w) of the
  cube lattice whose coordinates have an even sum (balls touch when their centres are
  (+-1, +-1, 0) apart, in any order: squared distance 2). Ball (z, r, c) is the point
  (r + c + z, r - c, z): layer z is the plane w = z, where the points with u + v + z even make a
  square grid whose rows (r +- 1) and columns (c +- 1) are the steps (1, 1, 0) and (1, -1, 0);
  the ball (z + 1, r, c) is at (u + 1, v, w + 1), above the middle of the square of (z, r, c),
  (z, r + 1, c), (z, r, c + 1) and (z, r + 1, c + 1), whose points are (u, v), (u + 1, v + 1),
  (u + 1, v - 1), (u + 2, v) in the plane: as the README says (``share_a_side`` checks the
  twelve neighbours).
* Triangle and hexagon points are pairs (X, Y) standing for the point x = X / 2,
  y = Y * sqrt(3) / 2 of the drawing (y downwards). The pairs with X + Y even are exactly the
  triangular lattice with spacing 1. Hexagon (r, c) is its centre (c, r); its six neighbours
  (r, c +- 2), (r +- 1, c +- 1) are the six lattice points at distance 1 from it. Triangle
  (r, c) pointing up has corners (c, r) (the apex) and (c - 1, r + 1), (c + 1, r + 1) (the
  base); pointing down, (c - 1, r), (c + 1, r) (the top side) and (c, r + 1): sides of length
  1, an up triangle's base is the top side of the down triangle (r + 1, c), and (r, c) shares a
  slanted side with (r, c +- 1), as the README says (``test_neighbours_share_a_side`` checks it).

Why it is obviously correct:

* The point group. Every symmetry of a tiling by squares, triangles, hexagons or cubes is a
  translation by a lattice vector after a symmetry that fixes one lattice point (a cell
  centre, or a triangle's corner), the origin here. Those are listed as explicit matrices:
  the 8 signed 2x2 and 48 signed 3x3 permutation matrices (proper when the determinant is +1);
  for triangles and hexagons the rotation by k * 60 degrees, x' = x cos - y sin,
  y' = x sin + y cos, written in (X, Y) with cos = C / 2 and sin = S * sqrt(3) / 2, which gives
  X' = (C X - 3 S Y) / 2, Y' = (S X + C Y) / 2, and the same rotations after the mirror
  x -> -x, (X, Y) -> (-X, Y). Every image is checked to be a lattice point.
* Translations. Every point of a body is a lattice point (a centre, or a corner of the
  triangular lattice), and a translation by the difference of two lattice points maps the
  tiling onto itself. So a shape is normalised by moving its smallest point to the origin,
  and the placements of a shape on the board are found by moving its smallest point onto each
  point of the board in turn and keeping the images whose bodies are all bodies of board
  cells: every placement's smallest point is some board point, so none is missed.
* Orientations of a piece: apply every matrix of the point group (the proper ones only for
  one-sided pieces), normalise, de-duplicate. Nothing is cached or clever. On the sphere grid
  a piece whose ball centres lie in one plane is turned over as well, even one-sided: it is its
  own mirror image (in its plane) turned. A piece may say how
  it turns: "free" (every matrix), "face-up" (the proper ones), "face-down" (the proper ones
  applied to its mirror image, the image under a matrix that is not proper) or "fixed" (the
  shape as given, only translated); a piece that does not say turns as the puzzle's
  ``one_sided`` says ("face-up" if true, else "free").
* The search always picks the smallest uncovered board cell. In any tiling exactly one
  placement covers it, so trying every piece with copies left and every placement of it that
  covers that cell and avoids covered cells enumerates every tiling exactly once. Copy counts
  are checked against [lo, hi] only when the board is full.
* The board's symmetries: for each matrix, the one translation that could map the image of
  the board onto the board moves the image's smallest point onto the board's smallest point;
  keep the matrix if the image then is the board, the piece set is preserved and the
  pre-placed pieces are preserved. The piece set is preserved when the matrix maps the set of
  allowed orientations of each piece onto the set of a piece with the same copies, one to
  one: pieces are grouped by (allowed orientations, lo, hi), and each group must have as many
  pieces as the group of its image, to which its pieces are paired in sorted order of names
  (a group mapped onto itself: each piece onto itself). So a free piece is always itself; a
  reflection of a one-sided set needs a mirror partner with the same copies for every piece;
  a fixed piece keeps only the matrices that fix its shape, or has a fixed partner drawn as
  the image. The group acts on tilings: two matrices that move every
  cell and every piece name alike (on a board one cell thick) are one element, kept as a
  rotation if one of them is. Orbits are counted by taking the minimum encoding over all
  images of a tiling, and ``counts`` checks that every symmetry maps every tiling to a tiling.

Data conventions: a grid is named by a string; a board is a set of cells; a piece spec is
``(name, cells, lo, hi)`` or ``(name, cells, lo, hi, turns)`` with ``turns`` one of
:data:`TURNS` (or None: as ``one_sided`` says); ``preplaced`` is a sequence of
``(name, cells)``; a tiling is a frozenset of ``(name, frozenset(cells))`` pairs that
includes the preplaced pairs.
"""

import itertools

GRID_NAMES = ("square", "triangle", "hexagon", "cube", "sphere")
TURNS = ("free", "face-up", "face-down", "fixed")


# ---------------------------------------------------------------------------
# Cells as bodies of exact points, and back.
# ---------------------------------------------------------------------------


def dims(*, grid="square"):
    return 3 if grid in ("cube", "sphere") else 2


def is_cell(cell, *, grid="square"):
    """True if ``cell`` names a cell of the grid (hexagons use only r + c even)."""
    cell = tuple(cell)
    if len(cell) != dims(grid=grid) or not all(isinstance(x, int) for x in cell):
        return False
    return grid != "hexagon" or (cell[0] + cell[1]) % 2 == 0


def body(cell, *, grid="square"):
    """The exact points that stand for ``cell`` (see the module docstring)."""
    assert is_cell(cell, grid=grid), f"not a {grid} cell: {cell!r}"
    if grid == "triangle":
        r, c = cell
        if (r + c) % 2 == 0:  # up: apex, then the base
            return frozenset({(c, r), (c - 1, r + 1), (c + 1, r + 1)})
        return frozenset({(c - 1, r), (c + 1, r), (c, r + 1)})  # down: top side, then apex
    if grid == "hexagon":
        r, c = cell
        return frozenset({(c, r)})
    if grid == "sphere":
        z, r, c = cell
        return frozenset({(r + c + z, r - c, z)})
    return frozenset({tuple(cell)})


def cell_of(points, *, grid="square"):
    """The cell whose body is ``points``, or None if there is none."""
    points = frozenset(points)
    if grid == "triangle":
        if len(points) != 3:
            return None
        r = min(y for _, y in points)
        total = sum(x for x, _ in points)
        if total % 3:
            return None
        cell = (r, total // 3)  # up or down, the apex's X is the mean of the three
    else:
        if len(points) != 1:
            return None
        (p,) = points
        if grid == "sphere":
            u, v, w = p
            if (u + v + w) % 2:
                return None
            cell = (w, (u + v - w) // 2, (u - v - w) // 2)
        else:
            cell = (p[1], p[0]) if grid == "hexagon" else p
    if not is_cell(cell, grid=grid) or body(cell, grid=grid) != points:
        return None
    return cell


def neighbours(cell, *, grid="square"):
    """The cells sharing a side (a face) with ``cell``, by the README's rules."""
    if grid == "square":
        r, c = cell
        return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    if grid == "triangle":
        r, c = cell
        third = (r + 1, c) if (r + c) % 2 == 0 else (r - 1, c)
        return [(r, c - 1), (r, c + 1), third]
    if grid == "hexagon":
        r, c = cell
        return [(r, c - 2), (r, c + 2), (r - 1, c - 1), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c + 1)]
    if grid == "sphere":
        z, r, c = cell
        return ([(z, r - 1, c), (z, r + 1, c), (z, r, c - 1), (z, r, c + 1)]
                + [(z + 1, r - a, c - b) for a in (0, 1) for b in (0, 1)]
                + [(z - 1, r + a, c + b) for a in (0, 1) for b in (0, 1)])
    z, y, x = cell
    return [(z - 1, y, x), (z + 1, y, x), (z, y - 1, x), (z, y + 1, x), (z, y, x - 1), (z, y, x + 1)]


def share_a_side(a, b, *, grid="square"):
    """The geometric meaning of touching, for checking :func:`neighbours`: two triangles share
    two corners; two squares, hexagons or cubes have centres 1 apart (hexagon centres: the
    squared distance (X / 2)^2 + 3 (Y / 2)^2 is 1); two balls have centres (u, v, w) a squared
    distance 2 apart."""
    pa, pb = body(a, grid=grid), body(b, grid=grid)
    if grid == "triangle":
        return len(pa & pb) == 2
    (p,), (q,) = pa, pb
    d = [u - v for u, v in zip(p, q, strict=True)]
    if grid == "hexagon":
        return d[0] ** 2 + 3 * d[1] ** 2 == 4
    if grid == "sphere":
        return sum(x * x for x in d) == 2
    return sum(x * x for x in d) == 1


# ---------------------------------------------------------------------------
# The point group: explicit matrices.
# ---------------------------------------------------------------------------


class PointMap:
    """A symmetry of the grid fixing the origin: ``name``, ``proper`` and a map on points."""

    def __init__(self, name, proper, apply):
        self.name = name
        self.proper = proper
        self.apply = apply

    def __call__(self, point):
        return self.apply(point)

    def __repr__(self):
        return f"PointMap({self.name!r}, proper={self.proper!r})"


def _determinant(m):
    if len(m) == 2:
        return m[0][0] * m[1][1] - m[0][1] * m[1][0]
    return sum(m[0][j] * _determinant([[row[k] for k in range(3) if k != j] for row in m[1:]]) * (-1) ** j
               for j in range(3))


def _signed_permutation_matrices(n):
    out = []
    for perm in itertools.permutations(range(n)):
        for signs in itertools.product((1, -1), repeat=n):
            out.append(tuple(tuple(signs[i] if j == perm[i] else 0 for j in range(n)) for i in range(n)))
    return out


def _matrix_map(m):
    def apply(point):
        return tuple(sum(a * x for a, x in zip(row, point, strict=True)) for row in m)

    return PointMap(f"matrix{m!r}", _determinant(m) == 1, apply)


# (2 cos, 2 sin / sqrt 3) of k * 60 degrees, k = 0 .. 5.
_SIXTHS = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)]


def _turn_map(k, mirrored):
    big_c, big_s = _SIXTHS[k]

    def apply(point):
        x, y = point
        if mirrored:
            x = -x
        u, v = big_c * x - 3 * big_s * y, big_s * x + big_c * y
        assert u % 2 == 0 and v % 2 == 0, f"turn left the lattice at {point!r}"
        return (u // 2, v // 2)

    return PointMap(f"{'flip*' if mirrored else ''}r{60 * k:d}", not mirrored, apply)


def point_group(*, grid="square"):
    """Every symmetry of the grid that fixes the origin, identity first (8, 12, 12 or 48)."""
    if grid in ("triangle", "hexagon"):
        return [_turn_map(k, mirrored) for mirrored in (False, True) for k in range(6)]
    maps = [_matrix_map(m) for m in _signed_permutation_matrices(dims(grid=grid))]
    identity = tuple(tuple(int(i == j) for j in range(dims(grid=grid))) for i in range(dims(grid=grid)))
    maps.sort(key=lambda g: g.name != f"matrix{identity!r}")
    return maps


# ---------------------------------------------------------------------------
# Shapes: translation, orientations, polyforms.
# ---------------------------------------------------------------------------


def _points(bodies):
    return [p for b in bodies for p in b]


def _shift(bodies, delta):
    return [frozenset(tuple(a + d for a, d in zip(p, delta, strict=True)) for p in b) for b in bodies]


def _to_cells(bodies, *, grid):
    cells = []
    for b in bodies:
        cell = cell_of(b, grid=grid)
        assert cell is not None, f"{grid}: points {sorted(b)!r} are not a cell"
        cells.append(cell)
    return frozenset(cells)


def normalize(cells, *, grid="square"):
    """``cells`` translated so that their smallest point is the origin."""
    bodies = [body(c, grid=grid) for c in cells]
    low = min(_points(bodies))
    return _to_cells(_shift(bodies, [-a for a in low]), grid=grid)


def is_flat(cells, *, grid="square"):
    """True if the points of ``cells`` lie in one plane (every triple of steps from the first
    point has determinant 0); on a plane grid, always."""
    points = _points(body(tuple(c), grid=grid) for c in cells)
    if len(points[0]) == 2:
        return True
    steps = [[a - b for a, b in zip(p, points[0], strict=True)] for p in points[1:]]
    return all(_determinant([a, b, c]) == 0 for a in steps for b in steps for c in steps)


def orientations(cells, one_sided, *, grid="square"):
    """All distinct orientations of ``cells`` (normalised): the images under every map of the
    point group, or its rotations only if ``one_sided`` (on the sphere grid, every map for a
    flat piece even then)."""
    cells = [tuple(c) for c in cells]
    if grid == "sphere" and is_flat(cells, grid=grid):
        one_sided = False
    out = set()
    for g in point_group(grid=grid):
        if one_sided and not g.proper:
            continue
        bodies = [frozenset(g(p) for p in body(c, grid=grid)) for c in cells]
        low = min(_points(bodies))
        out.add(_to_cells(_shift(bodies, [-a for a in low]), grid=grid))
    return out


def image(cells, g, *, grid="square"):
    """``cells`` moved by the point map ``g``, normalised."""
    bodies = [frozenset(g(p) for p in body(tuple(c), grid=grid)) for c in cells]
    low = min(_points(bodies))
    return _to_cells(_shift(bodies, [-a for a in low]), grid=grid)


def mirror_image(cells, *, grid="square"):
    """``cells`` turned over: moved by the first map of the point group that is not proper."""
    return image(cells, next(g for g in point_group(grid=grid) if not g.proper), grid=grid)


def how_turned(turns, one_sided):
    """How a piece turns: ``turns`` if it says, else as the puzzle's ``one_sided`` says."""
    if turns is None:
        return "face-up" if one_sided else "free"
    assert turns in TURNS, f"unknown turns {turns!r}"
    return turns


def allowed_orientations(cells, turns, *, grid="square"):
    """The orientations (normalised) of a piece that turns as ``turns`` says (one of
    :data:`TURNS`): every image, the proper images, the proper images of its mirror image, or
    the shape as given."""
    if turns == "fixed":
        return {normalize(cells, grid=grid)}
    if turns == "face-down":
        return orientations(mirror_image(cells, grid=grid), True, grid=grid)
    assert turns in ("free", "face-up"), f"unknown turns {turns!r}"
    return orientations(cells, turns == "face-up", grid=grid)


def shape_class(cells, one_sided, *, grid="square"):
    """The same key for two shapes exactly when one is an orientation of the other."""
    return min(tuple(sorted(o)) for o in orientations(cells, one_sided, grid=grid))


def polyforms(size, one_sided, *, grid="square"):
    """Every polyform of ``size`` cells up to the point group (rotations only if
    ``one_sided``), each as its :func:`shape_class`, sorted. Grown cell by cell, from each
    shape and, one-sided, its mirror image too: every image of a shape is a rotation of one of
    the two, and on the sphere grid a one-sided class need not be one orbit of the rotations
    (a flat piece's mirror image is in it), so the shape alone would not do."""
    origin = min(normalize([tuple([0] * dims(grid=grid))], grid=grid))
    shapes = {shape_class([origin], one_sided, grid=grid)}
    for _ in range(size - 1):
        grown = set()
        starts = set(shapes) | ({mirror_image(shape, grid=grid) for shape in shapes} if one_sided else set())
        for shape in starts:
            for cell in shape:
                for n in neighbours(cell, grid=grid):
                    if n not in shape:
                        grown.add(shape_class(set(shape) | {n}, one_sided, grid=grid))
        shapes = grown
    return sorted(shapes)


def is_connected(cells, *, grid="square"):
    cells = set(cells)
    if not cells:
        return False
    seen = {min(cells)}
    stack = [min(cells)]
    while stack:
        for n in neighbours(stack.pop(), grid=grid):
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return seen == cells


def encode(tiling):
    """Sortable, hashable encoding of a tiling (or any set of placements)."""
    return tuple(sorted((name, tuple(sorted(cells))) for name, cells in tiling))


# ---------------------------------------------------------------------------
# Input validation.
# ---------------------------------------------------------------------------


def _piece_table(pieces, one_sided, *, grid):
    """{name: (cells, lo, hi, allowed orientations)} of piece specs (see the module docstring)."""
    table = {}
    for spec in pieces:
        if len(spec) == 4:
            (name, cells, lo, hi), turns = spec, None
        else:
            name, cells, lo, hi, turns = spec
        if name in table:
            raise ValueError(f"duplicate piece name {name!r}")
        cells = frozenset(tuple(c) for c in cells)
        if not cells or not all(is_cell(c, grid=grid) for c in cells):
            raise ValueError(f"piece {name!r} has no cells or a bad cell")
        table[name] = (cells, lo, hi, allowed_orientations(cells, how_turned(turns, one_sided), grid=grid))
    return table


def _board(board, *, grid):
    board = frozenset(tuple(c) for c in board)
    if not all(is_cell(c, grid=grid) for c in board):
        raise ValueError(f"the board has a cell that is not a {grid} cell")
    return board


def _check_preplaced(board, table, preplaced, *, grid):
    result = []
    covered = set()
    for name, cells in preplaced:
        cells = frozenset(tuple(c) for c in cells)
        if name not in table:
            raise ValueError(f"preplaced piece {name!r} is not in the piece set")
        if normalize(cells, grid=grid) not in table[name][3]:
            raise ValueError(f"preplaced {name!r} has a wrong shape: {sorted(cells)!r}")
        if not cells <= board:
            raise ValueError(f"preplaced {name!r} leaves the board")
        if cells & covered:
            raise ValueError(f"preplaced {name!r} overlaps another preplaced piece")
        covered |= cells
        result.append((name, cells))
    return result


# ---------------------------------------------------------------------------
# Placements and tilings.
# ---------------------------------------------------------------------------


def placements(board, cells, one_sided, *, grid="square", turns=None):
    """Every set of board cells that is an orientation of ``cells`` moved by a translation
    (an orientation as ``turns`` allows, if it is given: see :func:`allowed_orientations`)."""
    return _put(_board(board, grid=grid), allowed_orientations(cells, how_turned(turns, one_sided), grid=grid),
                grid=grid)


def _put(board, shapes, *, grid):
    """Every set of board cells that is one of ``shapes`` moved by a translation."""
    at = {body(c, grid=grid): c for c in board}
    board_points = set(_points(at))
    out = set()
    for shape in shapes:
        bodies = [body(c, grid=grid) for c in shape]
        low = min(_points(bodies))
        for target in board_points:
            moved = _shift(bodies, [t - a for t, a in zip(target, low, strict=True)])
            if all(b in at for b in moved):
                out.add(frozenset(at[b] for b in moved))
    return out


class TooManyTilings(Exception):
    """Raised by :func:`all_tilings` when a puzzle has more tilings than its ``limit``."""


def all_tilings(board, pieces, one_sided, preplaced=(), *, grid="square", limit=None):
    """Every tiling of ``board``, as a list of frozensets of (name, frozenset(cells)), sorted
    by :func:`encode`. The preplaced pairs are part of every tiling and each uses a copy.
    With ``limit``, raise :class:`TooManyTilings` as soon as more than ``limit`` are found.

    The search fills cells in the order of their names ((row, col) for squares), so it is much
    faster on tall, narrow boards: e.g. give the 3x20 pentomino box as 20 rows x 3 columns."""
    board = _board(board, grid=grid)
    table = _piece_table(pieces, one_sided, grid=grid)
    names = sorted(table)
    placements_at = {cell: {name: [] for name in names} for cell in board}
    for name in names:
        for placed in _put(board, table[name][3], grid=grid):
            for cell in placed:
                placements_at[cell][name].append(placed)

    chosen = _check_preplaced(board, table, preplaced, grid=grid)
    used = {name: 0 for name in names}
    covered = set()
    for name, cells in chosen:
        used[name] += 1
        covered |= cells

    results = set()

    def search():
        free = board - covered
        if not free:
            if all(table[n][1] <= used[n] <= table[n][2] for n in names):
                results.add(frozenset(chosen))
                if limit is not None and len(results) > limit:
                    raise TooManyTilings(limit)
            return
        target = min(free)
        for name in names:
            if used[name] >= table[name][2]:
                continue
            for placed in placements_at[target][name]:
                if placed.isdisjoint(covered):
                    chosen.append((name, placed))
                    covered.update(placed)
                    used[name] += 1
                    search()
                    used[name] -= 1
                    covered.difference_update(placed)
                    chosen.pop()

    search()
    return sorted(results, key=encode)


# ---------------------------------------------------------------------------
# Symmetries of a puzzle.
# ---------------------------------------------------------------------------


class Symmetry:
    """One puzzle symmetry: a point map of the grid followed by a translation, where it sends
    each board cell (``cell_map``), and the piece names that change (``name_map``: the mirror
    partners under a reflection of a one-sided set, say). Calling it maps any cell of the grid."""

    def __init__(self, grid, point_map, offset, cell_map, name_map):
        self.grid = grid
        self.point_map = point_map
        self.offset = offset
        self.cell_map = dict(cell_map)
        self.name_map = dict(name_map)

    @property
    def proper(self):
        """True for rotations (determinant +1)."""
        return self.point_map.proper

    def __call__(self, cell):
        cell = tuple(cell)
        if cell in self.cell_map:
            return self.cell_map[cell]
        (moved,) = _shift([frozenset(self.point_map(p) for p in body(cell, grid=self.grid))], self.offset)
        (image,) = _to_cells([moved], grid=self.grid)
        return image

    def map_name(self, name):
        return self.name_map.get(name, name)

    def map_tiling(self, tiling):
        return frozenset((self.map_name(name), frozenset(self(c) for c in cells)) for name, cells in tiling)

    def __repr__(self):
        return f"Symmetry({self.point_map.name!r}, offset={self.offset!r}, name_map={self.name_map!r})"


def piece_map(g, name):
    """The name that piece ``name`` becomes under symmetry ``g``."""
    return g.map_name(name)


def _groups(table):
    """Piece names grouped by (allowed orientations, lo, hi): pieces no tiling tells apart but by name."""
    groups = {}
    for name, (_, lo, hi, allowed) in table.items():
        groups.setdefault((frozenset(allowed), lo, hi), []).append(name)
    return groups


def _name_map(groups, g, *, grid):
    """Which piece each piece becomes under the point map ``g``, as the names that change; or
    None if ``g`` does not map the piece set onto itself. The pieces of each group (see
    :func:`_groups`) are paired in sorted order with those of the group of the images of their
    allowed orientations; there must be one, with as many pieces."""
    mapping = {}
    for (allowed, lo, hi), members in groups.items():
        partners = groups.get((frozenset(image(shape, g, grid=grid) for shape in allowed), lo, hi))
        if partners is None or len(partners) != len(members):
            return None
        for a, b in zip(sorted(members), sorted(partners), strict=True):
            if a != b:
                mapping[a] = b
    return mapping


def symmetry_group(board, pieces, one_sided, preplaced=(), *, grid="square", rotations_only=False):
    """The puzzle's symmetry group G (or its rotations if ``rotations_only``) as a list of
    :class:`Symmetry`, identity first, rotations before reflections.

    A point map is kept, with the one translation that could work (see the module docstring),
    if it maps the board onto itself, the piece set onto itself (each piece's allowed
    orientations onto those of a piece with the same copies: :func:`_name_map`) and the
    preplaced pieces onto preplaced pieces. The group
    is the group acting on tilings: on a degenerate board (one cell thick) two maps can move
    every cell and name alike, and then only the first is kept (rotations are tried first)."""
    board = _board(board, grid=grid)
    table = _piece_table(pieces, one_sided, grid=grid)
    groups = _groups(table)
    pre = set(_check_preplaced(board, table, preplaced, grid=grid))
    at = {body(c, grid=grid): c for c in board}
    origin = (0,) * dims(grid=grid)  # the empty board: every map fixes it, with no translation
    board_low = min(_points(at), default=origin)
    group = []
    actions = set()
    for g in sorted(point_group(grid=grid), key=lambda g: not g.proper):
        if rotations_only and not g.proper:
            continue
        images = {c: frozenset(g(p) for p in body(c, grid=grid)) for c in board}
        image_low = min(_points(images.values()), default=origin)
        offset = tuple(a - b for a, b in zip(board_low, image_low, strict=True))
        cell_map = {}
        for c, b in images.items():
            (moved,) = _shift([b], offset)
            if moved not in at:
                break
            cell_map[c] = at[moved]
        else:
            name_map = _name_map(groups, g, grid=grid)
            if name_map is None:
                continue
            sym = Symmetry(grid, g, offset, cell_map, name_map)
            if {(sym.map_name(n), frozenset(cell_map[c] for c in cells)) for n, cells in pre} != pre:
                continue
            action = (tuple(sorted(cell_map.items())), tuple(sorted(name_map.items())))
            if action in actions:
                continue
            actions.add(action)
            group.append(sym)
    return group


def canonical(tiling, group):
    """Smallest encoding among the images of ``tiling`` under ``group``."""
    return min(encode(g.map_tiling(tiling)) for g in group)


def count_orbits(tilings, group):
    """Number of orbits of ``tilings`` under ``group`` (a list of :class:`Symmetry`)."""
    return len({canonical(t, group) for t in tilings})


def counts(board, pieces, one_sided, preplaced=(), *, grid="square", tilings=None):
    """Brute-force counts: {"none": every tiling, "full": orbits under G, "rotations": orbits
    under its rotations, "group_order": |G|, "proper_order": rotations in G}."""
    if tilings is None:
        tilings = all_tilings(board, pieces, one_sided, preplaced, grid=grid)
    group = symmetry_group(board, pieces, one_sided, preplaced, grid=grid)
    rotations = [g for g in group if g.proper]
    known = set(tilings)
    for t in tilings:
        for g in group:
            assert g.map_tiling(t) in known, f"symmetry {g!r} maps a tiling outside the set"
    return {
        "none": len(tilings),
        "full": count_orbits(tilings, group),
        "rotations": count_orbits(tilings, rotations),
        "group_order": len(group),
        "proper_order": len(rotations),
    }


# ---------------------------------------------------------------------------
# Boards that wrap (square grid): tubes, tori and Moebius strips.
# ---------------------------------------------------------------------------
#
# A board is the R x C rectangle of cells (r, c), 0 <= r < R, 0 <= c < C, less ``holes``. A
# point (r, c) of the plane is on the wrapped board as ``wrap_cell`` says: "columns" takes c
# modulo C; "rows" r modulo R; "both" both; "moebius" takes c modulo C and, for every C
# columns crossed, turns the row over (r -> R - 1 - r). A placement is a shape (an orientation,
# see :func:`orientations`) put with its origin on every point (r0, c0) with 0 <= r0 < 2R and
# 0 <= c0 < 2C (more than a period each way, twice round the twist): kept if every cell lands
# on the board and no two on one cell. The board's symmetries are found by brute force: every
# map p -> wrap_cell(M p + t) over the 8 signed permutation matrices M and every t with
# -2R <= t_r < 2R, -2C <= t_c < 2C that maps the board one to one onto itself and cells that
# touch (as wrap_cell glues them) onto cells that touch.

WRAP_KINDS = ("columns", "rows", "both", "moebius")


def wrap_cell(cell, rows, cols, wrap):
    """The board cell a point of the plane is on a board of ``rows`` x ``cols`` that wraps as
    ``wrap`` says (None if the point is off the board's edges)."""
    assert wrap in WRAP_KINDS, wrap
    r, c = cell
    if wrap in ("columns", "both", "moebius"):
        crossed = c // cols
        c = c - crossed * cols
        if wrap == "moebius" and crossed % 2 != 0:
            r = rows - 1 - r
    if wrap in ("rows", "both"):
        r = r % rows
    if not (0 <= r < rows and 0 <= c < cols):
        return None
    return (r, c)


def wrap_touching(rows, cols, wrap, holes=()):
    """{cell: the set of board cells that touch it across edges and seams}."""
    board = {(r, c) for r in range(rows) for c in range(cols)} - set(holes)
    out = {}
    for r, c in board:
        near = set()
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            m = wrap_cell((r + dr, c + dc), rows, cols, wrap)
            if m is not None and m in board and m != (r, c):
                near.add(m)
        out[(r, c)] = near
    return out


def wrap_board(rows, cols, holes=(), *, grid="square"):
    """The cells (r, c) of the grid with 0 <= r < rows, 0 <= c < cols, less ``holes``."""
    return {(r, c) for r in range(rows) for c in range(cols) if is_cell((r, c), grid=grid)} - set(holes)


def wrap_placements(rows, cols, wrap, shape_cells, one_sided, holes=(), *, grid="square"):
    """Every placement (frozenset of board cells) of a piece on the wrapped board: each
    orientation moved by every (dr, dc) with -2 rows <= dr < 2 rows, -2 cols <= dc < 2 cols
    that keeps cells on cells of their kind (dr + dc even on triangles and hexagons)."""
    board = wrap_board(rows, cols, holes, grid=grid)
    step = 1 if grid == "square" else 2
    found = set()
    for shape in orientations(shape_cells, one_sided, grid=grid):
        for dr in range(-2 * rows, 2 * rows):
            for dc in range(-2 * cols, 2 * cols):
                if (dr + dc) % step:
                    continue
                cells = [wrap_cell((r + dr, c + dc), rows, cols, wrap) for r, c in shape]
                if any(x is None or x not in board for x in cells) or len(set(cells)) != len(cells):
                    continue
                found.add(frozenset(cells))
    return found


def wrap_tilings(rows, cols, wrap, pieces, one_sided, holes=(), *, grid="square"):
    """Every tiling of the wrapped board by ``pieces`` ((name, cells, lo, hi) specs), as
    frozensets of (name, frozenset(cells)): the smallest uncovered cell first, as
    :func:`all_tilings` does."""
    board = wrap_board(rows, cols, holes, grid=grid)
    table = {name: (lo, hi, wrap_placements(rows, cols, wrap, cells, one_sided, holes, grid=grid))
             for name, cells, lo, hi in pieces}
    out = []
    used = {name: 0 for name in table}

    def go(covered, chosen):
        if len(covered) == len(board):
            if all(lo <= used[n] for n, (lo, _, _) in table.items()):
                out.append(frozenset(chosen))
            return
        first = min(board - covered)
        for name, (_, hi, places) in table.items():
            if hi is not None and used[name] >= hi:
                continue
            for cells in places:
                if first in cells and not cells & covered:
                    used[name] += 1
                    chosen.append((name, cells))
                    go(covered | cells, chosen)
                    chosen.pop()
                    used[name] -= 1

    go(frozenset(), [])
    return out


def wrap_symmetries(rows, cols, wrap, holes=()):
    """The wrapped board's symmetries by brute force: a list of (proper, {cell: image})."""
    touching = wrap_touching(rows, cols, wrap, holes)
    board = set(touching)
    found = {}
    for m in _signed_permutation_matrices(2):
        proper = _determinant(m) == 1
        for tr in range(-2 * rows, 2 * rows):
            for tc in range(-2 * cols, 2 * cols):
                images = {}
                for r, c in board:
                    p = (m[0][0] * r + m[0][1] * c + tr, m[1][0] * r + m[1][1] * c + tc)
                    images[(r, c)] = wrap_cell(p, rows, cols, wrap)
                if set(images.values()) != board:
                    continue
                if any({images[n] for n in touching[x]} != touching[images[x]] for x in board):
                    continue
                key = tuple(sorted(images.items()))
                found[key] = found.get(key, False) or proper
    return [(proper, dict(key)) for key, proper in found.items()]


def wrap_counts(rows, cols, wrap, pieces, one_sided=False, holes=()):
    """{"none", "full", "rotations", "group_order"} on a wrapped board. Pieces are free (each
    piece is itself under every symmetry), or one-sided with "none" alone."""
    tilings = wrap_tilings(rows, cols, wrap, pieces, one_sided, holes)
    result = {"none": len(tilings)}
    if one_sided:
        return result
    group = wrap_symmetries(rows, cols, wrap, holes)

    def orbits(maps):
        return len({min(tuple(sorted((n, tuple(sorted(g[c] for c in cells))) for n, cells in t)) for g in maps)
                    for t in tilings})

    result["full"] = orbits([g for _, g in group])
    result["rotations"] = orbits([g for proper, g in group if proper])
    result["group_order"] = len(group)
    return result


# ---------------------------------------------------------------------------
# Tiling rules (square grid): no point where four pieces meet, no fault line.
# ---------------------------------------------------------------------------
#
# Worked out from the pieces, not from the board's points and lines: a piece *touches* a point
# if the point is a corner of one of its squares (cell (r, c) has corners (r, c), (r, c + 1),
# (r + 1, c), (r + 1, c + 1)), and four pieces meet where four pieces touch one point. A piece
# *spans* the line under row r if it has squares in a row <= r and in a row > r; a connected
# piece that spans it has two squares touching across it, so the line cuts it. The line under
# row r is a fault if some two squares of the board touch across it (it crosses the board) and
# no piece spans it; the same for the line right of column c.

def corner_points(cells):
    """The corners of the squares ``cells``."""
    return {(r + dr, c + dc) for r, c in cells for dr in (0, 1) for dc in (0, 1)}


def keeps_rules(tiling, rules):
    """True if ``tiling`` (pairs (name, cells)) keeps every rule named in ``rules``."""
    if "no-four-corners" in rules:
        touching = {}
        for _, cells in tiling:
            for point in corner_points(cells):
                touching[point] = touching.get(point, 0) + 1
        if any(n >= 4 for n in touching.values()):
            return False
    if "fault-free" in rules:
        board = {c for _, cells in tiling for c in cells}
        for axis in (0, 1):
            for k in range(min(c[axis] for c in board), max(c[axis] for c in board)):
                other = [c for c in board if c[axis] == k]
                crosses = any((c[0] + 1 - axis, c[1] + axis) in board for c in other)
                spans = any(min(c[axis] for c in cells) <= k < max(c[axis] for c in cells) for _, cells in tiling)
                if crosses and not spans:
                    return False
    return True


def rule_counts(board, pieces, one_sided, rules, preplaced=()):
    """:func:`counts` of the tilings that keep ``rules``."""
    tilings = [t for t in all_tilings(board, pieces, one_sided, preplaced) if keeps_rules(t, rules)]
    return counts(board, pieces, one_sided, preplaced, tilings=tilings)
