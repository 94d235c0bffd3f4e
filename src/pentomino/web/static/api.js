// Talking to the server: one JSON request helper, and the shapes of what the server sends (the
// endpoints are listed in web/app.py's docstring). A task's stream of events is in tasks.js.

/** @typedef {import("./placement.js").Cell} Cell */
/** @typedef {import("./placement.js").Placement} Placement */

/** How the page draws a grid (drawing_json in web/puzzles.py).
 * @typedef {Object} Drawing
 * @property {string} grid
 * @property {Record<string, number[][]>} cells the polygon of each class of cell, "r mod 2,c mod 2"
 * @property {number[]} row_step
 * @property {number[]} col_step
 * @property {boolean} half only cells with r + c even exist (hexagons)
 * @property {number} step a move (dr, dc) keeps a shape on the grid when dr + dc is a multiple of it
 * @property {{ first: number, count: number, shift: number }} [layers] a solid's layers, side by side
 * @property {Space} [space] where a solid's cells sit in space, for its 3-D view
 * @property {WrapBox | null} [wrap] the box a board that wraps glues: a piece moved past a seam
 *   comes back round it (wrapCell in play-rules.js)
 */

/** The box a board that wraps glues (wrap_json in web/puzzles.py): how, its least row and
 * column, and its rows and columns.
 * @typedef {{ kind: string, low: number[], size: number[] }} WrapBox */

/** Where the cells of a layered grid sit in space (space_json in web/puzzles.py): the centre
 * (x, y, z, z up) of a cell is `centres` of its coordinates mod 2, moved (coordinate div 2)
 * times by `steps` of each coordinate; `body` says what a cell is ("cube" or "ball").
 * @typedef {{ body: string, centres: Record<string, number[]>, steps: number[][] }} Space */

/** A grid as /api/info tells it (grid_json in web/puzzles.py): how it is drawn, and its names.
 * @typedef {Drawing & { title: string, plural: string, piece_noun: string, default_pieces: string | null,
 *                       design: boolean }} GridInfo */

/** A piece as the page turns and draws it (piece_json in web/puzzles.py): every orientation,
 * and for each the orientation each of the grid's moves leads to.
 * @typedef {Object} Shape
 * @property {number} size
 * @property {string} color
 * @property {string} text_color
 * @property {Cell[][]} orientations each sorted
 * @property {number[]} turn
 * @property {number[]} [flip] left out when the pieces are one-sided
 * @property {number[]} [turn2] a cube's second axis
 */

/** @typedef {Shape & { name: string, min: number, max: number | null }} PuzzlePiece */

/** A puzzle (puzzle_json in web/puzzles.py, with no_solution).
 * @typedef {Object} PuzzleJson
 * @property {string} name
 * @property {string} fingerprint
 * @property {string} toml its puzzle file
 * @property {string} grid
 * @property {number} dims
 * @property {Drawing} drawing
 * @property {number[]} bounds [r0, c0, r1, c1]
 * @property {Cell[]} cells the board
 * @property {number} area
 * @property {boolean} one_sided
 * @property {PuzzlePiece[]} pieces
 * @property {Placement[]} preplaced
 * @property {{ full: number, rotations: number, none: number }} group_order
 * @property {string | null} wrap how the board wraps ("columns", "rows", "both", "moebius"), or null
 * @property {string} wrap_text that, in words ("a tube: its left and right edges are glued")
 * @property {WrapBox | null} wrap_box the box whose edges are glued
 * @property {Cell[][]} seams each board cell beside a seam, with the cell beyond it in the plane
 * @property {string[]} rules the tiling rules its tilings keep ("no-four-corners", "fault-free")
 * @property {string | null} no_solution a quick proof that it has none, in words
 * @property {[Cell, string][]} labels the text on each labelled cell (a calendar's months and days)
 * @property {LabelGroup[]} groups the groups of labels, one of each left open
 * @property {boolean} dated a date chooses the labels left open (groups month and day)
 * @property {boolean} weekdays a date's weekday too
 * @property {string[]} opened the labels left open
 * @property {Cell[]} opened_cells their cells (not on the board: drawn open)
 * @property {boolean} to_open the labels to leave open are still to be chosen (nothing is searched)
 */

/** @typedef {{ name: string, labels: string[] }} LabelGroup */

/** @typedef {{ name: string, description: string, one_sided: boolean, grid: string, pieces: string[],
 *              shapes: Record<string, Shape> }} PieceSet */

/** What /api/info tells.
 * @typedef {Object} Info
 * @property {{ name: string, description: string, grid: string }[]} puzzles
 * @property {PieceSet[]} piece_sets
 * @property {Record<string, GridInfo>} grids every grid: how it is drawn, its names, whether a design may use it
 * @property {string} default_grid the grid of a puzzle that names none
 */

/** A board drawn in the Design tab (design_puzzle in web/puzzles.py).
 * @typedef {{ name: string, grid: string, cells: Cell[], pieces: string[],
 *             copies: Record<string, number | string | number[]>, one_sided: boolean | null,
 *             preplaced: Placement[], wrap?: string | null, rules?: string[] }} DesignJson */

/** Which cells of a labelled board are left open: a date (YYYY-MM-DD) or labels.
 * @typedef {{ date?: string, open?: string[] }} Opening */

/** How a request names its puzzle (the docstring of web/puzzles.py), and what it leaves open.
 * @typedef {({ name: string } | { toml: string, source?: string } | { design: DesignJson }) & Opening} PuzzleSpec */

/** @typedef {"full" | "rotations" | "none"} SymmetryMode */

/** Solutions of a listing: each the placements in the order the search put them down.
 * @typedef {Object} SolutionsPage
 * @property {{ index: number, placements: Placement[] }[]} solutions
 * @property {number | null} seed the random order's
 * @property {number} listed
 * @property {boolean} complete
 * @property {boolean} capped
 * @property {number | null} total
 * @property {number} seconds
 */

/** What each endpoint answers, by path (/api/render: an SVG picture).
 * @typedef {{
 *   "/api/info": Info,
 *   "/api/puzzle": PuzzleJson,
 *   "/api/solutions": SolutionsPage,
 *   "/api/check": { solvable: boolean, reason: string | null, unique: boolean },
 *   "/api/unique": { answer: "unique" | "not unique" | "no solution" },
 *   "/api/render": string,
 *   "/api/tasks": { id: string, kind: string },
 *   "/api/play/position": { name: string, toml: string, placed: number, free: number },
 *   "/api/play/hint": { placements: Placement[], reason: string | null, seed: number, cells: Cell[] },
 *   "/api/play/solved": { number: number | null, of: number },
 *   "/api/status": { solver: "checking" | "preparing" | "ready" },
 * }} Answers */

/**
 * GET `path` (no `body`) or POST `body` to it as JSON; the answer, or an Error with the
 * server's message (the CLI's one-line message for a bad puzzle).
 * @template {keyof Answers} P
 * @param {P} path
 * @param {object} [body]
 * @returns {Promise<Answers[P]>}
 */
export function api(path, body) {
  return request(path, body);
}

/** `api` for any path (a task's, with its id), its answer unread. @param {string} path @param {object} [body]
 * @returns {Promise<any>} */
export async function request(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) throw new Error(typeof data === "object" && data.error ? data.error : `HTTP ${response.status}`);
  return data;
}

/** An error's message (anything thrown). @param {unknown} error */
export const messageOf = (error) => (error instanceof Error ? error.message : String(error));
