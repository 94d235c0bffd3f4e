"""Search: from a puzzle to packed placement tables, the compiled kernel, and lazy solutions.

Only :mod:`pentomino.search.kernel` is compiled; it sees cell indices and placements, nothing
of grids or piece shapes, so every grid and board size shares it.
"""
