"""Grids and their symmetries: cells, neighbours, rotations and reflections.

Nothing here knows about pieces sets, puzzles or search; a grid implements :class:`Grid` and
the rest of the package works on it unchanged. ``GRIDS`` names them: square, triangle,
hexagon (doubled coordinates), cube and sphere (balls in face-centred cubic packing).

A grid is one module: whatever differs from grid to grid is a method or an attribute of the
grid (:mod:`pentomino.geometry.grid` lists them), and no other module asks which grid it has.

Adding a grid
-------------

1. Write ``geometry/<name>.py``: a subclass of :class:`Grid` (of
   :class:`~pentomino.geometry.plane.PlaneGrid` for a grid of (row, column) cells in one
   layer, of :class:`~pentomino.geometry.square.SquareLayers` for (z, row, column) cells in
   layers of squares), and one instance of it. It provides:

   - ``name`` (for puzzle files: ``grid = "<name>"``), ``dims``, ``plural`` (for piece sets'
     descriptions), ``title`` (the page's menus), ``piece_noun`` if its pieces are not
     "pieces", ``cell_rule`` if not every tuple of ints is a cell;
   - ``neighbours``, ``is_cell`` (if not every tuple is a cell), ``generators`` (its smallest
     turn first, then a reflection), ``normalize`` and ``translate``;
   - ``colorings()``: the colorings the proofs of no solution try, most telling first, with
     ``proper=True`` on those where touching cells always differ;
   - its layers: ``layer``, ``in_layer`` and ``cell_at`` (a cell is drawn at (row, column) of
     its layer; a plane grid is one layer, itself) and ``polygon`` (a cell's corners in its
     layer's drawing); ``layered = True`` if a board is several layers (a puzzle file then
     writes a list of drawings, pictures draw the layers side by side), and then ``view()``,
     its 3-D view (the faces a viewer sees, back to front);
   - for files and pictures: ``one_sided_by_default`` (True if a piece cannot be turned over;
     ``turned_over_anyway`` names the pieces that still can, as a ball puzzle's flat pieces, whose
     mirror images the grid's ``orientations`` and ``mirror_images`` then include),
     ``shapes_as_drawings`` (a puzzle file draws shapes rather than listing their cells),
     ``one_character_a_cell`` (False: text pictures draw outlines, as for triangles; only for
     a grid of one layer) and ``step`` (a shift of a layer's rows and columns by (dr, dc)
     keeps cells on cells when dr + dc is a multiple of it);
   - optionally, for the tiling rules (:mod:`pentomino.model.rules`): ``meeting_points`` (the
     cells around each inner point of a board) and ``straight_lines`` (the pairs of cells
     across each grid line); a grid that leaves them out refuses those rules.

2. Register it in ``GRIDS`` below; the page and ``/api/info`` list it from there.
3. Declare its piece sets in :mod:`pentomino.model.piecesets` (their descriptions name the grid
   from ``plural``; mark the set a new design starts with ``default=True``), and add built-in
   puzzles under ``data/puzzles`` if you like.
4. Extend the tests (they know each grid by name on purpose: each builds its geometry another
   way, to check this one):

   - ``tests/naive.py``, the reference solver, and ``tests/checker.py``, the verifier of one
     solution: the grid's cells and neighbours, its point group, its bodies or centres;
   - ``tests/test_geometry.py``: the point group's order, the published numbers of its
     polyforms, its piece sets (and their place in ``SET_ORDER``);
   - ``tests/test_grid_interface.py`` runs on every grid in ``GRIDS`` unchanged: the whole
     interface, proper colorings proper, layers, polygons that tile a layer, the 3-D view, a
     puzzle through the file format and the pictures;
   - ``tests/test_reference_grids.py``: boards (``base_boards``) and piece sizes (``SIZES``)
     of the random puzzles compared with the reference, and small tilings known by hand;
   - the render tests (``tests/test_render_grids.py``): exact text and color pictures and the
     SVG's structure for a small example;
   - the known counts: published totals in ``tests/data/known-counts.json``
     (``tests/test_known_counts.py``), and a built-in puzzle for ``tests/test_web_api.py``'s
     ``OTHER_GRIDS``;
   - the one message that names every grid, "the grids are square, triangle, ..."
     (``tests/test_fileformat.py``).

The web page draws any grid layer by layer from :func:`pentomino.web.puzzles.drawing_json`, which
asks that a layer's polygons repeat after two rows and after two columns
(``tests/test_web_api.py`` checks it on every grid); its 3-D view of a layered grid places each
cell at :meth:`Grid.centre` as a :attr:`Grid.body` (:func:`pentomino.web.puzzles.space_json`),
which asks that the centres, too, repeat after two steps along each coordinate
(``tests/test_web_3d.py`` checks it on every layered grid). The SVG pictures draw a grid of cubes
(``body = "cube"``) from its 3-D view, :class:`Face` values fanned out into triangles of one
lattice, and a grid of balls (``body = "ball"``) from the cells' centres alone
(:mod:`pentomino.render.solid`); a body of another kind needs its drawing there too.
"""

from pentomino.geometry.cube import CUBE, CubeGrid
from pentomino.geometry.grid import Cell, Coloring, Face, Grid, Point, Polygon, Shape, Symmetry, View
from pentomino.geometry.hexagon import HEXAGON, HexagonGrid
from pentomino.geometry.plane import PlaneGrid
from pentomino.geometry.sphere import SPHERE, SphereGrid
from pentomino.geometry.square import SQUARE, SquareGrid
from pentomino.geometry.triangle import TRIANGLE, TriangleGrid

GRIDS: dict[str, Grid] = {g.name: g for g in (SQUARE, TRIANGLE, HEXAGON, CUBE, SPHERE)}

DEFAULT_GRID: Grid = SQUARE
"""The grid of a puzzle file that names none; a piece set's description names any other."""

__all__ = ["Cell", "Coloring", "Face", "Grid", "Point", "Polygon", "Shape", "Symmetry", "View", "GRIDS", "DEFAULT_GRID",
           "PlaneGrid", "SquareGrid", "SQUARE", "TriangleGrid", "TRIANGLE", "HexagonGrid", "HEXAGON", "CubeGrid",
           "CUBE", "SphereGrid", "SPHERE"]
