"""The yardstick for memoised counting: a short, pure-Python transfer-matrix count.

Tilings of an R x C rectangle by any number of each of some free polyominoes, counted cell by
cell over the occupancy of the frontier (the broken-profile method) with Python integers. It
shares no code with pentomino, so it is also an independent check of its counts.

    python bench/transfer_matrix.py 14          # dominoes on 14x14
    python bench/transfer_matrix.py 10 --mixed  # dominoes and L-trominoes on 10x10
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

DOMINO = ((0, 0), (0, 1))
L_TROMINO = ((0, 0), (0, 1), (1, 0))


def orientations(shape) -> set[tuple]:
    """The shape under the eight rotations and reflections, each moved to the origin."""
    out = set()
    cells = list(shape)
    for _ in range(2):
        for _ in range(4):
            cells = [(c, -r) for r, c in cells]
            r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
            out.add(tuple(sorted((r - r0, c - c0) for r, c in cells)))
        cells = [(r, -c) for r, c in cells]
    return out


def count_tilings(rows: int, cols: int, shapes) -> int:
    """The number of tilings of a rows x cols rectangle by any number of each shape."""
    if rows > cols:
        rows, cols = cols, rows  # scan down the short side: the frontier is short
    n = rows * cols
    starting = [[] for _ in range(n)]  # at each cell: the placements whose first cell it is,
    for shape in shapes:               # as bits from that cell
        for o in orientations(shape):
            for r0 in range(rows):
                for c0 in range(cols):
                    cells = [(r0 + r, c0 + c) for r, c in o]
                    if all(0 <= r < rows and 0 <= c < cols for r, c in cells):
                        index = sorted(c * rows + r for r, c in cells)
                        starting[index[0]].append(sum(1 << (i - index[0]) for i in index))
    layer = {0: 1}  # frontier occupancy from the current cell on -> ways to reach it
    for cell in range(n):
        nxt: dict[int, int] = defaultdict(int)
        for occupied, ways in layer.items():
            if occupied & 1:
                nxt[occupied >> 1] += ways
            else:
                for bits in starting[cell]:
                    if not occupied & bits:
                        nxt[(occupied | bits) >> 1] += ways
        layer = nxt
    return layer.get(0, 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("size", type=int, nargs="+", help="side of the square board")
    parser.add_argument("--mixed", action="store_true", help="dominoes and L-trominoes, not just dominoes")
    args = parser.parse_args()
    shapes = [DOMINO, L_TROMINO] if args.mixed else [DOMINO]
    for size in args.size:
        start = time.perf_counter()
        count = count_tilings(size, size, shapes)
        print(f"{size}x{size}: {count} tilings in {time.perf_counter() - start:.3f} s")


if __name__ == "__main__":
    main()
