"""Every tunable number in one place, each with why it has that value.

These trade speed against memory, responsiveness or accuracy; none changes an answer, except
:data:`PART_NODES`, which shapes a count's tree of parts (see
:data:`pentomino.search.parts.TREE_VERSION`). Modules import the names they use from here, so a
test may still patch a name in the module that uses it. Measured figures are from the hosts
named in docs/benchmarks.md.
"""

from __future__ import annotations

# -- the kernel's word -------------------------------------------------------------------------
WORD = 64
"""Bits in the kernel's words (uint64): the one-word loop sees the board through the 64 cells
from the branching cell, so a placement may span fewer than this many cells from its first."""
WORD_PIECES = WORD - 1
"""Pieces that fit the one-word loop's piece bits: bit 63 marks padding in candidate lists."""
LOOKAHEAD = 6
"""Cells after the branching cell whose occupancy picks its candidate list: 2**6 lists a cell
keep the tables small (a few hundred KB for 6x10) while most candidates in a list fit."""

# -- geometry ----------------------------------------------------------------------------------
SHAPES_KEPT = 1 << 12
"""Shapes whose orientations, and boards whose symmetries, a grid keeps once found (a puzzle is
packed again for each solver): the built-in sets have a few hundred pieces; a server shown new
designs all day forgets them all at this many (a few MB at most) and starts again."""
SMALL_BOARD = 1024
"""Cells up to which a board's symmetries are applied a cell at a time; a larger board's, on
arrays (:meth:`Grid.board_motions <pentomino.geometry.Grid.board_motions>`), after reading each
symmetry off a few dozen cells: about what the per-cell way costs on a board of this many."""

# -- what the search takes in ------------------------------------------------------------------
MAX_FILE_BYTES = 8 << 20
"""The largest puzzle file read (bytes): a board at the search's limit (:data:`MAX_CELLS`) is
drawn in under 100 KB, and a 2000 x 2000 drawing (4 MB) is still read, to be told at once that
the pieces cannot cover it; anything larger is not a puzzle file (``/dev/zero`` never ends)."""
MAX_WRAP_CELLS = 1 << 10
"""The largest box a board that wraps may glue (rows times columns): its symmetries are found by
trying each grid symmetry with each shift round the seams, up to 8 a cell (a 32 x 32 torus:
8,192 tries of the whole board, 1.8 s here on a loaded AMD EPYC; 64 x 64 took 21 s), and the
search keeps a table of every placement's image under each of them."""
MAX_CELLS = 1 << 16
"""The largest board the search takes (cells, pre-placed ones included), checked after the
area argument (which needs no cell) and before anything that grows with the board: its symmetry
group's cell maps, its placements, the kernel's tables. Those tables, measured here by packing
square boards, take 8.7 KB a cell at the least (monominoes on 300 x 300: a cell's candidate
lists are still 2**LOOKAHEAD), 64 KB a cell for the 12 pentominoes with any number of copies
(200 x 200) and 160 KB a cell for the 35 hexominoes (30 x 30): 0.6, 4 and 10 GB at this size,
and packing took 14 s for the 90,000 cells of monominoes. The hexominoes' candidate lists, 8,300
a cell, are indexed by 32-bit numbers: four times this size would overflow them. (A count of
such a board is hopeless anyway, unless the memoised method counts a narrow strip.)"""
MIN_MAX_MEMORY = 64 << 10
"""The smallest ``max_memory`` taken (bytes): the memoised count's first tables of states
(:data:`FIRST_CAPACITY` slots in each of two layers) take that much, so a smaller limit could
never count anything: most likely a size given without its unit (``2`` for ``2G``)."""

# -- proofs of no solution ----------------------------------------------------------------------
PROOF_STATES = 200_000
"""Partial sums a proof of no solution follows (:mod:`pentomino.search.proofs`) before it gives
up without a proof, so a puzzle with many kinds of pieces cannot keep it busy long: the classic
examples need a few hundred (the 35 hexominoes in 15x14 are proved in 0.4 s)."""
PROOF_WORK = 200_000
"""Sums a coloring proof may make, in all, before it gives up without a proof (a few tenths of
a second): a piece of thousands of copies adds each copy to every sum so far (3,000 dominoes on
a 4 x 1,500 strip took 50 s, and the memoised count of them 0.25 s). The built-in and bench
puzzles make at most 57,000 (monominoes and dominoes on 8x8)."""

# -- one search, in chunks ---------------------------------------------------------------------
CHUNK_NODES = 1 << 20
"""Nodes per kernel call: a few milliseconds, so Ctrl-C and progress answer at once, while the
cost of a call (about 6 us of dispatch) stays far below 1%."""
SOLUTION_ROWS = 64
"""Solutions a listing's kernel call may return at once: enough that a call rarely stops for a
full buffer, few enough that the first solution is shown at once."""
PART_SOLUTION_ROWS = 256
"""The same for a part listed in a worker process, which sends its solutions back all at once."""
SPLIT_ROWS = 4096
"""Rows of the buffer that collects the parts of a split
(:meth:`Solver.parts <pentomino.search.solver.Solver.parts>`): the kernel pauses when it is full,
so this only sets the number of calls."""
IDS_MEMO = 1 << 12
"""Parts whose placement ids a solver keeps after naming them: a few MB at most, and a part is
most often searched soon after it is named."""

# -- counts on many processes ------------------------------------------------------------------
PART_NODES = 1 << 23
"""Nodes a part may search before it hands back the rest: about a second on a slow core. Small
enough that the last parts of a count end close together, large enough that what a part costs
besides its search (a few milliseconds to send it, a row in a checkpoint) stays under 1%."""
SERIAL_SECONDS = 1.0
"""With ``jobs=None``, a count still running after this goes to every core: starting a pool
costs about 0.1 s, worth it only for counts that are not over at once."""
SOLVERS_KEPT = 4
"""Packed puzzles one process keeps (:func:`pentomino.search.parts.solver_for`): a worker
serves one count at a time; a few more cover a web server's concurrent searches."""
TASKS_PER_WORKER = 2
"""Tasks in flight per worker (process or Dask thread): one running, one ready to start as soon
as it ends."""
MAX_BATCH = 64
"""Most parts in one task: small parts share the cost of a task, and a worker never holds so many
that another idles."""
BATCH_SHARE = 4
"""A task takes at most 1/(4 x workers) of the waiting parts, so every worker gets some."""
SPLIT_PARTS_PER_JOB = 32
"""A listing on N processes is split into about 32 N parts, so none idles while another finishes
a big one."""
SPLIT_BRANCHING = 8
"""The rough branching factor near the root, to guess how many levels give that many parts."""
SPLIT_MAX_LEVELS = 4
"""Never split deeper: 8**4 parts per root part is plenty for any machine."""
PARENT_POLL_SECONDS = 0.25
"""Where the kernel cannot kill a pool's worker when its parent dies (not Linux), the worker
looks at its parent this often: an orphan ends within this time (see
:mod:`pentomino.search.parallel`)."""

# -- Dask ----------------------------------------------------------------------------------------
CONNECT_SECONDS = 5.0
"""How long to try to reach a scheduler before giving up: a scheduler on the network answers in
milliseconds; a wrong address should fail while the user still waits."""
WORKERS_EVERY = 1.0
"""Seconds between two looks at how many worker threads the cluster has (workers come and go)."""
ORPHAN_GRACE_SECONDS = 0.2
"""How long a worker of a local cluster holds back an error it logs, to see whether its parent
died (then the error, a broken connection, is not shown: see :mod:`pentomino.search.cluster`).
A killed parent's children get their new parent microseconds after its connections close."""

# -- the memoised count ------------------------------------------------------------------------
FIRST_CAPACITY = 1024
"""Slots of a layer's first hash table: small puzzles stay in the caches; tables double as they fill."""
RESERVE = 256 << 20
"""Memory left to everything else when a table grows into the free memory."""
MEMO_CHUNK = 1 << 20
"""States and placements a call of the memoised count's sweep handles: a few milliseconds, so
progress and Ctrl-C answer at once."""

# -- choosing a count's method (see pentomino.search.choice) --------------------------------------
# The costs are a model, not a clock: each process must choose alike, so the choice counts work
# (nodes, states) and prices it with these figures, measured on a 2-core AMD EPYC (the ratio of
# the two methods' prices is what matters, and it moves less from machine to machine than either).
SEARCH_NS_PER_NODE = 75
"""Nanoseconds a node of the enumerating search costs in the one-word loop (large counts: 66-87 ns;
small ones cost more a node, see :data:`SEARCH_NS_FIXED`)."""
GENERAL_NS_PER_NODE = 290
"""The same in the general loop (a placement spans 64 cells or more: Conway's 5x5x5, 289 ns)."""
SEARCH_NS_FIXED = 10_000_000
"""What a count by the search costs besides its nodes (parts, tables of the kernel run): 4x15's
104k nodes take 40 ms, where its nodes alone would take 8 ms."""
MEMO_NS_PER_UNIT = ((1 << 20, 12), (64 << 20, 50), (1 << 30, 250))
"""Nanoseconds a unit of the memoised count's work (a state visited or a placement put down) costs
by the size of its tables of states, in bytes (in between: in proportion to the logarithm of the
size), before the options each state tries (:data:`MEMO_FAN_SCALE`). Fitted to whole counts:
dominoes on 8x8 to 20x20 (2 options a cell, 0.1 to 24 MB: 16 to 47 ns), monominoes and
dominoes on 12x12, dominoes and L-trominoes on 10x10, L4 and O4 in 8x12, the lozenges (15 to 32
ns), 5x12, the staircase, 6x10 (23 to 32 options, 16 to 64 MB: 95 to 150 ns); growing past
100 MB costs more again (new pages, every state moved: Conway's 5x5x5 and the solid pentominoes
in 3x4x5, 290 to 435 ns while their trial's tables grew)."""
MEMO_FAN_SCALE = 16
"""Each option a state tries, on average, adds this fraction of a unit's price: the options
are read and tested against the state's key, in the caches."""
MEMO_NS_PER_PLACEMENT = 2_500
"""What a term of Burnside's lemma costs the memoised count before its sweep, a placement: its
options listed orbit by orbit and packed (2.5-2.9 us: 6x10's 4 terms 22 ms, Conway's 48 105 ms)."""
CHOICE_SEARCH_NODES = 1 << 21
"""Nodes of the search's trial, for a puzzle whose pieces are used at most once each (its count
goes on from there): enough for 6x10 (1.2 million) and the staircase of bench/puzzles (1.5
million) to finish inside it, at no cost."""
CHOICE_SMALL_SEARCH_NODES = 1 << 17
"""Nodes of the search's trial for a puzzle with copies, after the memoised count's first trial:
a search that ends within them (about 10 ms) is the count; one that does not is started again
(below a part's budget, so that a search that ends is the count's own tree of parts)."""
CHOICE_MEMO_WORK = 1 << 16
"""The memoised count's first trial, in units of work (about a millisecond in the caches):
dominoes on 8x8 finish inside it."""
CHOICE_QUICK_NS = 50_000_000
"""A memoised count predicted to cost less than this (50 ms) is run to its end at once: probing
the search's tree would cost as much."""
CHOICE_SAMPLES = 512
"""Random probes of the search's tree for its size (plain probes: no pilot to place a cut): 3 to 45
ms, within a factor 2 of the truth on the panel of bench/methods.py (4 times over on the solid
pentominoes in 2x5x6, whose trial had finished a good part of it: the choice was right)."""
CHOICE_MARGIN = 2.0
"""The memoised count's trial stops for the memo as soon as its price, its layers settled, is
less than the search's by this factor (its layers to come may still surprise)."""
CHOICE_GIVE_UP = 1.25
"""... and for the search as soon as its plateau's price (the least its layers to come cost, as
long as they do not shrink) is more than the search's by this factor."""
CHOICE_SHARE = 0.125
"""Otherwise the memoised count's trial stops once its work costs this share of the search's
predicted cost, and the cheaper prediction wins: a trial that is thrown away costs at most this."""
CHOICE_SHARE_DISTINCT = 1 / 64
"""The share where every piece is used at most once (6x10, the solid pentominoes): the memoised
count's states then carry the set of pieces used and rarely repeat, and its trial is only
insurance."""
CHOICE_MOST_NS = 2_000_000_000
"""A trial never runs longer than this (2 s by the model): the count itself shows progress."""
CHOICES_KEPT = 16
"""Choices one process remembers (by puzzle, mode and memory limit), so asking which method a
count takes, before or during it, costs nothing the second time."""

# -- the estimate ------------------------------------------------------------------------------
DEFAULT_SAMPLES = 20_000
"""Probes of an estimate: 6x10 in about half a second, its solutions within about +-20%."""
WALK_BUDGET = 64
"""Nodes a probe walks on average below its cut (see :func:`pentomino.search.probes.choose_cut`):
walking the last levels in full lowers the variance more than it costs."""
PILOT_SAMPLES = 500
"""Probes that try each depth to choose the cut (in batches of :data:`PILOT_BATCH`)."""
PILOT_BATCH = 50
CALIBRATION_SECONDS = 0.3
"""How long the real search runs to measure this machine's speed: long enough to warm the
caches, short enough to go unnoticed."""
CALIBRATION_CHUNK = 1 << 15
"""Nodes per kernel call while calibrating: about a millisecond, so the time is kept closely."""
FORECAST_SAMPLES = 5_000
"""Probes of the progress line's estimate of a running count: about a second on a thread."""
SPEED_WINDOW = 4.0
"""Seconds over which the progress line measures a count's speed for the time it has left (the
slower of its two halves: see :class:`pentomino.search.estimate.Forecast`): the first seconds
(the choice of the method, the first second on one process) run slower than the pool that
follows, and a pool's nodes come in as its parts end, so a shorter window jumps."""
SPEED_STEADY = 2.0
"""The progress line tells the time left only while the count's speeds over the two halves of
:data:`SPEED_WINDOW` agree within this factor (a pool starting, a burst of parts ending)."""

# -- the scan order ----------------------------------------------------------------------------
SCAN_MIN_NODES = 100_000_000
"""Orders of a box are compared (:mod:`pentomino.search.scan`) only for a search estimated at
this many nodes or more in the default order: some 5 s on one core, against 0.5-1 s for packing
and probing the five other orders of a box of 60 cells (a 2-core AMD EPYC, bench/scan.py). The
2x5x6 box, 4.3 M nodes, stays below: layer by layer would save it 0.1 s of search and cost more."""
SCAN_MARGIN = 0.75
"""Another order replaces the default only if its estimated nodes are under this share of the
default's: the estimates of one order spread by 5-30% between seeds, and an order within a few
percent of the default (3x4x5's next best, 262 M nodes to 255 M) is not worth a change of tree."""
SCAN_SAMPLES = 2_000
"""Probes that estimate each order's tree: 10-30 ms on a box of 60 cells, where the packing of
the order takes 70-120 ms."""
SCAN_PILOT = 100
"""Pilot probes that choose each order's cut: with the estimate's 500 the pilot took twice as
long as the probes."""
SCAN_SEED = 0
"""The probes' seed: fixed, so that every process chooses the same order."""
SCAN_KEPT = 1024
"""Puzzles whose chosen order a process keeps (a few numbers each; a web server sees many)."""

# -- the command line --------------------------------------------------------------------------
YOUNG_COLLECTION = 20_000
"""Allocations between two young collections while a command runs (Python's default: 700).
numba's import and its cache loads allocate hundreds of thousands of objects, so a count spent
160-210 ms in collections; every 20,000, 85-100 ms (gc.callbacks, four runs), and the garbage
held between two collections is a few MB at most."""

# -- the web server ----------------------------------------------------------------------------
FRAMES_PER_SECOND = 20
"""Watching the search: frames sent at most this often (a screen shows no more)."""
PROGRESS_SECONDS = 0.1
"""A count's progress events at most this often."""
PAGE_LIMIT = 500
"""Solutions in one /api/solutions answer: a gallery page or two."""
UNWATCHED_SECONDS = 10.0
"""A streamed job whose events nobody reads for this long is cancelled."""
SWITCH_SECONDS = 0.001
"""Python's thread switch interval while serving (default 0.005): the server answers while
searches run in other threads."""
