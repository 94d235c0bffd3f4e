"""Search: from a puzzle to packed placement tables, the compiled kernels, and what they find.

The compiled code (numba) is private and takes packed arrays: :mod:`~pentomino.search.kernel`
(the enumerating search), :mod:`~pentomino.search.memo` (the memoised count),
:mod:`~pentomino.search.probes` (random probes of the kernel's own search tree, which
:mod:`~pentomino.search.estimate` turns into an estimate) and the builders of the tables in
:mod:`~pentomino.search.placements` and :mod:`~pentomino.search.tables` (a fresh puzzle's
tables take a few milliseconds, not tens: no cell is looked up in Python), each made with
:func:`~pentomino.search.jit.compiled` (numba's ``njit``, typed for mypy). They see cell indices
and placements, nothing of grids or piece shapes, so every grid and board size shares them.
:mod:`~pentomino.search.tables` packs a puzzle for them (with
:mod:`~pentomino.search.placements`, and :mod:`~pentomino.search.proofs`, the quick proofs of no
solution); :mod:`~pentomino.search.run` holds one resumable search of the kernel;
:class:`~pentomino.search.solver.Solver` runs them from any prefix of placements and wraps what
they find; :mod:`~pentomino.search.parts` cuts a count into parts
that :mod:`~pentomino.search.runner` takes to the end, in this process, on a process pool
(:mod:`~pentomino.search.parallel`) or a Dask cluster (:mod:`~pentomino.search.cluster`), and
:mod:`~pentomino.search.checkpoint` records as they finish; :mod:`~pentomino.search.choice`
prices the search and the memoised count of a puzzle and chooses between them; :mod:`~pentomino.search.listing`
keeps a listing's solutions for a page that asks for them by number.

Nothing here checks its options: :mod:`pentomino.api`, the verbs, does that once.
"""
