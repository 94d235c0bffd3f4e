// The page's state, in one place: the puzzle shown and what each tab holds of it. Each tab's
// module reads and writes its own part (solve.js state.solve, play.js state.play, ...); what
// they share, the puzzle, changes only in page.js (loadPuzzle).

/** @typedef {import("./api.js").Info} Info */
/** @typedef {import("./api.js").PuzzleJson} PuzzleJson */
/** @typedef {import("./api.js").PuzzleSpec} PuzzleSpec */
/** @typedef {import("./api.js").SymmetryMode} SymmetryMode */
/** @typedef {import("./tasks.js").TaskStream} TaskStream */
/** @typedef {import("./placement.js").Cell} Cell */
/** @typedef {import("./placement.js").Placement} Placement */
/** @typedef {ReturnType<typeof setTimeout>} Timer */

/** The Solve tab: the solution shown and how it was asked for.
 * @typedef {Object} SolveState
 * @property {{ index: number, placements: Placement[] } | null} solution in search order
 * @property {number} index its number in the listing, from 0
 * @property {number | null} seed the random order's
 * @property {boolean} random
 * @property {number | null} total the listing's length, once known
 * @property {boolean} complete
 * @property {Timer | null} timer the next tile of the animation
 * @property {boolean} busy a solution is being asked for
 * @property {number} started when it was asked for (performance.now())
 */

/** The Count tab's count, while one runs or after (`last`: its last progress event; `started`:
 * when it was asked for, performance.now(); `fraction`: the part of it the bar shows as done,
 * never less than it showed before).
 * @typedef {{ task: TaskStream, last: CountProgress | null, started: number, fraction: number }} CountState */
/** @typedef {{ elapsed: number, found: number, nodes: number, done: number, total: number,
 *              nodes_per_second: number }} CountProgress */

/** The Year tab: every date's count of one calendar. `key`: the calendar (its spec without the
 * date, and the year asked where the board has weekdays); `task` while it counts.
 * @typedef {{ key: string, task: TaskStream | null, result: YearResult | null, last: CountProgress | null }} YearState */
/** @typedef {{ date: string, open: string[], count: number }} DateCount */
/** What a year's count ends with (each_date in web/routes/tasks.py): `count --each-date --json`'s
 * rows (MM-DD without a year, YYYY-MM-DD with one), the total, the fewest and the most.
 * @typedef {{ puzzle: string, year: number | null, openings: number, solutions: number, seconds: number,
 *             rows: DateCount[], fewest: DateCount | null, most: DateCount | null, none: string[] }} YearResult */

/** The Gallery tab: the pages of solutions listed and the thumbnails laid out.
 * @typedef {Object} GalleryState
 * @property {SymmetryMode} mode
 * @property {string} fingerprint the puzzle's
 * @property {Map<number, { placements: Placement[] }[]>} pages the solutions of each page loaded
 * @property {Map<number, Promise<void>>} loading pages being asked for, each settled once in
 * @property {number | null} total
 * @property {number} listed
 * @property {number | null} capped the server lists no further than this
 * @property {number} started when the gallery was asked for (performance.now())
 * @property {number} itemW px
 * @property {number} itemH px
 * @property {Map<number, HTMLElement>} items the thumbnails on the page, by solution index
 * @property {Record<string, string>} colors each piece's
 * @property {number | null} enlarged the solution shown enlarged (its index), if any
 */

/** The Design tab's board, drawn cell by cell.
 * @typedef {Object} DesignState
 * @property {string} grid
 * @property {number} rows
 * @property {number} cols
 * @property {Set<string>} cells the board's, by cellKey
 * @property {string[]} names piece sets and pieces, as in a puzzle file's `pieces`
 * @property {Record<string, number | string | number[]>} copies as in a puzzle file's [copies]
 * @property {Placement[]} preplaced
 * @property {number} orient the orientation of the piece to place
 * @property {"add" | "remove" | null} paint what a drag does to the cells it crosses
 * @property {Timer | undefined} timer the next check of the draft
 * @property {string | null} hover the cell (its cellKey) under the pointer, where the piece to
 *   place is shown
 * @property {boolean} edited changed by hand: kept when another puzzle is shown (one that is
 *   not is drawn afresh from the puzzle shown)
 * @property {string} [wrap] how the board wraps ("columns", "rows", "both", "moebius"; "" or
 *   none: it has edges)
 * @property {string[]} [rules] the tiling rules its tilings keep
 */

/** A piece held in the Play tab: from the tray (`from` -1) or the board (`from`: its index).
 * @typedef {Object} Held
 * @property {string} name
 * @property {number} orient
 * @property {number} anchor which of the orientation's cells is under the pointer
 * @property {number} from
 * @property {number} pointerId
 * @property {number[]} [offset] px from the floating piece's corner to its anchor
 */

/** A game on the puzzle shown in the Play tab.
 * @typedef {Object} Game
 * @property {PuzzleJson} puzzle
 * @property {PuzzleSpec} spec
 * @property {Placement[]} placements the pieces put down, in the order they were
 * @property {Placement[][]} undo earlier positions
 * @property {Placement[][]} redo
 * @property {Held | null} held
 * @property {{ tray: string } | { index: number, cell: Cell | null } | null} selected the piece
 *   last touched, which R and F turn
 * @property {Record<string, number>} trayOrient each tray piece's orientation
 * @property {number | null} started the first move (performance.now())
 * @property {{ took: string } | null} solved
 * @property {TaskStream | null} ways the count of the ways to finish
 * @property {{ timer: Timer | null } | null} finish "finish it for me", while it puts pieces down
 * @property {boolean} bySolver the last move was "finish it for me"'s: the solver finished the board
 * @property {Cell[]} marked the cells the server names in saying there is no way to finish
 */

/** The Play tab: the game and the pointer.
 * @typedef {Object} PlayState
 * @property {Game | null} game made when the tab first opens on a puzzle
 * @property {{ x: number, y: number, inside: boolean }} pointer where it was last seen
 * @property {Timer | undefined} refusedTimer takes a refused drop off the board
 */

/**
 * @typedef {Object} State
 * @property {Info | null} info what /api/info tells, once it has
 * @property {PuzzleSpec} spec how the server names the puzzle shown
 * @property {PuzzleJson | null} puzzle the puzzle shown
 * @property {Promise<unknown>} loading settles once the puzzle asked for last is shown (or failed)
 * @property {SolveState} solve
 * @property {CountState | null} count
 * @property {TaskStream | null} watch the search shown in the Watch tab
 * @property {GalleryState | null} gallery
 * @property {YearState | null} year
 * @property {DesignState | null} design
 * @property {PlayState} play
 */

/** @type {State} */
export const state = {
  info: null,
  spec: { name: "6x10" },
  puzzle: null,
  loading: Promise.resolve(),
  solve: { solution: null, index: 0, seed: null, random: false, total: null, complete: false, timer: null, busy: false,
           started: 0 },
  count: null,
  watch: null,
  gallery: null,
  year: null,
  design: null,
  play: { game: null, pointer: { x: 0, y: 0, inside: false }, refusedTimer: undefined },
};

/** The page's knowledge of grids and piece sets (loaded before anything is shown). */
export function info() {
  if (!state.info) throw new Error("the page has not started: /api/info was not read");
  return state.info;
}

/** The puzzle shown (the callers run once one is). */
export function puzzle() {
  if (!state.puzzle) throw new Error("no puzzle is shown yet");
  return state.puzzle;
}
