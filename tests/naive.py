"""Slow, obviously-correct reference solver for square-grid polyomino tilings.

This module exists only to check the real solver; it uses nothing but the
standard library and never imports the ``pentomino`` package.

Why it is obviously correct:

* Orientations are produced by applying every one of the 8 (or, for one-sided
  sets, the 4 proper) signed-permutation matrices of the square grid and
  normalising the result; nothing is clever or cached.
* Every placement (orientation + translation) of every piece that lies on
  the board is listed up front, indexed by each cell it covers.
* The search always picks the smallest uncovered board cell.  In any tiling
  exactly one placement covers that cell, so trying every piece with copies
  left and every listed placement of it that covers that cell and avoids
  covered cells enumerates every tiling, each exactly once.  Copy counts are
  checked against [lo, hi] only at a full cover.
* Symmetries and orbits are brute force: apply each candidate map to every
  cell, keep it if the board, the piece set and the preplaced pieces are
  preserved, and count orbits by taking the minimum encoding over all images.

Data conventions: a cell is ``(r, c)``; a board is a set of cells; a piece
spec is ``(name, cells, lo, hi)``; ``preplaced`` is a sequence of
``(name, cells)``; a tiling is a frozenset of ``(name, frozenset(cells))``
pairs that includes the preplaced pairs.
"""

# ---------------------------------------------------------------------------
# The linear symmetries of the square grid.
# A map is (swap, sr, sc): (r, c) -> (sr*r, sc*c) if not swap,
#                                   (sr*c, sc*r) if swap.
# ---------------------------------------------------------------------------


def _linear_maps(rotations_only):
    maps = []
    for swap in (False, True):
        for sr in (1, -1):
            for sc in (1, -1):
                if rotations_only and _det((swap, sr, sc)) != 1:
                    continue
                maps.append((swap, sr, sc))
    return maps


def _det(m):
    swap, sr, sc = m
    return -sr * sc if swap else sr * sc


def _apply_linear(m, cell):
    swap, sr, sc = m
    r, c = cell
    if swap:
        r, c = c, r
    return (sr * r, sc * c)


def _normalize(cells):
    cells = list(cells)
    min_r = min(r for r, _ in cells)
    min_c = min(c for _, c in cells)
    return frozenset((r - min_r, c - min_c) for r, c in cells)


def orientations(cells, one_sided):
    """All distinct orientations of ``cells``, each shifted to min row/col 0.

    Free pieces (one_sided False): 8 transforms; one-sided: 4 rotations.
    """
    cells = [tuple(cell) for cell in cells]
    return {
        _normalize(_apply_linear(m, cell) for cell in cells)
        for m in _linear_maps(rotations_only=one_sided)
    }


def encode(tiling):
    """Sortable, hashable encoding of a tiling (or any set of placements)."""
    return tuple(sorted((name, tuple(sorted(cells))) for name, cells in tiling))


# ---------------------------------------------------------------------------
# Input validation shared by the functions below.
# ---------------------------------------------------------------------------


def _piece_table(pieces):
    table = {}
    for name, cells, lo, hi in pieces:
        if name in table:
            raise ValueError("duplicate piece name %r" % (name,))
        cells = frozenset(tuple(cell) for cell in cells)
        if not cells:
            raise ValueError("piece %r has no cells" % (name,))
        table[name] = (cells, lo, hi)
    return table


def _check_preplaced(board, table, one_sided, preplaced):
    """Validate the preplaced pieces; return them as (name, frozenset) pairs."""
    result = []
    covered = set()
    for name, cells in preplaced:
        cells = frozenset(tuple(cell) for cell in cells)
        if name not in table:
            raise ValueError("preplaced piece %r is not in the piece set" % (name,))
        if _normalize(cells) not in orientations(table[name][0], one_sided):
            raise ValueError("preplaced %r has a wrong shape: %r" % (name, sorted(cells)))
        if not cells <= board:
            raise ValueError("preplaced %r leaves the board" % (name,))
        if cells & covered:
            raise ValueError("preplaced %r overlaps another preplaced piece" % (name,))
        covered |= cells
        result.append((name, cells))
    return result


# ---------------------------------------------------------------------------
# Enumeration of tilings.
# ---------------------------------------------------------------------------


def all_tilings(board, pieces, one_sided, preplaced=()):
    """Every tiling of ``board``, as a list of frozensets of (name, frozenset(cells)).

    The preplaced pairs are part of every returned tiling and each uses one
    copy of its piece.  The list is sorted by :func:`encode`.  The search
    fills cells in (row, col) order, so it is much faster on tall, narrow
    boards: e.g. give the 3x20 pentomino box as 20 rows x 3 columns.
    """
    board = frozenset(tuple(cell) for cell in board)
    table = _piece_table(pieces)
    names = sorted(table)
    # placements_at[cell][name]: every placement (orientation + translation)
    # of piece `name` that covers `cell` and lies entirely on the board.
    placements_at = {cell: {name: [] for name in names} for cell in board}
    for name in names:
        for shape in orientations(table[name][0], one_sided):
            for cell in board:
                for anchor_r, anchor_c in shape:
                    dr, dc = cell[0] - anchor_r, cell[1] - anchor_c
                    placed = frozenset((r + dr, c + dc) for r, c in shape)
                    if placed <= board:
                        placements_at[cell][name].append(placed)

    chosen = _check_preplaced(board, table, one_sided, preplaced)
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
    """One puzzle symmetry: a grid map on cells plus a map on piece names.

    Calling it maps a cell.  ``name_map`` only lists names that change (the
    mirror partners under a reflection of a one-sided set).
    """

    def __init__(self, linear, offset, name_map):
        self.linear = linear
        self.offset = offset
        self.name_map = dict(name_map)

    @property
    def proper(self):
        """True for rotations (determinant +1)."""
        return _det(self.linear) == 1

    def __call__(self, cell):
        r, c = _apply_linear(self.linear, cell)
        return (r + self.offset[0], c + self.offset[1])

    def map_name(self, name):
        return self.name_map.get(name, name)

    def map_tiling(self, tiling):
        return frozenset(
            (self.map_name(name), frozenset(self(cell) for cell in cells))
            for name, cells in tiling
        )

    def __repr__(self):
        return "Symmetry(linear=%r, offset=%r, name_map=%r)" % (
            self.linear, self.offset, self.name_map)


def piece_map(g, name):
    """The name that piece ``name`` becomes under symmetry ``g``."""
    return g.map_name(name)


def _mirror_name_map(table, reflection):
    """Name map for a reflection of a one-sided set, or None if not closed.

    Pieces are grouped by (set of rotations of the shape, lo, hi); the group
    of a piece must have as many members as the group of its mirror image,
    and the names are paired off in sorted order.
    """
    def rotation_class(cells):
        return frozenset(orientations(cells, one_sided=True))

    groups = {}
    for name, (cells, lo, hi) in table.items():
        groups.setdefault((rotation_class(cells), lo, hi), []).append(name)

    mapping = {}
    for (cls, lo, hi), members in groups.items():
        some_shape = next(iter(cls))
        mirrored = rotation_class(_apply_linear(reflection, cell) for cell in some_shape)
        partners = groups.get((mirrored, lo, hi))
        if partners is None or len(partners) != len(members):
            return None
        for a, b in zip(sorted(members), sorted(partners)):
            if a != b:
                mapping[a] = b
    return mapping


def symmetry_group(board, pieces, one_sided, preplaced=(), rotations_only=False):
    """The puzzle's symmetry group as a list of :class:`Symmetry` (callables on cells).

    Candidates are the 8 linear grid maps (4 proper ones if rotations_only),
    each followed by the translation that puts the image's bounding box on
    the board's.  A candidate is kept if it maps the board onto itself, the
    piece set onto itself (one-sided reflections need a mirror partner for
    every piece) and the preplaced pieces onto preplaced pieces.  The group is
    the group acting on tilings: on a degenerate board (e.g. a single row) two
    linear maps can move every cell and name alike, and then only the first
    is kept (rotations are tried first).  The identity is always first.
    """
    board = frozenset(tuple(cell) for cell in board)
    table = _piece_table(pieces)
    pre = set(_check_preplaced(board, table, one_sided, preplaced))

    group = []
    actions = []
    # Rotations first: an action that a rotation performs counts as a rotation.
    for m in sorted(_linear_maps(rotations_only), key=lambda m: _det(m) == -1):
        if board:
            image = [_apply_linear(m, cell) for cell in board]
            offset = (min(r for r, _ in board) - min(r for r, _ in image),
                      min(c for _, c in board) - min(c for _, c in image))
        else:
            offset = (0, 0)
        if one_sided and _det(m) == -1:
            name_map = _mirror_name_map(table, m)
            if name_map is None:
                continue
        else:
            name_map = {}
        g = Symmetry(m, offset, name_map)
        if frozenset(g(cell) for cell in board) != board:
            continue
        if {(g.map_name(n), frozenset(g(cell) for cell in cells)) for n, cells in pre} != pre:
            continue
        action = (tuple(sorted((cell, g(cell)) for cell in board)),
                  tuple(sorted((n, g.map_name(n)) for n in table)))
        if any(action == seen for seen in actions):
            continue
        actions.append(action)
        group.append(g)
    return group


def canonical(tiling, group):
    """Smallest encoding among the images of ``tiling`` under ``group``."""
    return min(encode(g.map_tiling(tiling)) for g in group)


def count_orbits(tilings, group):
    """Number of orbits of ``tilings`` under ``group`` (list of Symmetry)."""
    return len({canonical(t, group) for t in tilings})


def counts(board, pieces, one_sided, preplaced=()):
    """Brute-force solution counts.

    Returns {"none": number of tilings, "full": orbits under the full group G,
    "rotations": orbits under the rotations in G, "group_order": |G|,
    "proper_order": number of rotations in G}.
    """
    tilings = all_tilings(board, pieces, one_sided, preplaced)
    group = symmetry_group(board, pieces, one_sided, preplaced)
    rotations = [g for g in group if g.proper]
    # Self-check: a symmetry must send every tiling to a tiling.
    known = set(tilings)
    for t in tilings:
        for g in group:
            assert g.map_tiling(t) in known, "symmetry %r maps a tiling outside the set" % (g,)
    return {
        "none": len(tilings),
        "full": count_orbits(tilings, group),
        "rotations": count_orbits(tilings, rotations),
        "group_order": len(group),
        "proper_order": len(rotations),
    }
