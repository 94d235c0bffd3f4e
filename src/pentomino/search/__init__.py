"""Search: from a puzzle to packed placement tables, the compiled kernels, and lazy solutions.

The compiled code (numba) is private and takes packed arrays: :mod:`~pentomino.search.kernel`
(the enumerating search), :mod:`~pentomino.search.memo` (the memoised count) and
:mod:`~pentomino.search.estimate` (random probes of the search tree). They see cell indices and
placements, nothing of grids or piece shapes, so every grid and board size shares them.
:mod:`~pentomino.search.tables` packs a puzzle for them; :class:`~pentomino.search.solver.Solver`
validates, packs, runs them in resumable calls and wraps what they find;
:mod:`~pentomino.search.parts` cuts a count into parts that :mod:`~pentomino.search.parallel`
(a process pool), :mod:`~pentomino.search.cluster` (Dask) and
:mod:`~pentomino.search.checkpoint` (a count that survives a kill) run.
"""
