// Drawing boards and solutions as SVG: the same layers and colors as the CLI's SVG pictures
// (free cells grey, each piece its color, thick outlines between pieces, thin lines inside; on a
// labelled board, the labels of the cells no piece covers, and the cells left open white).
//
// The page knows no grid: the server says where each cell's corners lie (`puzzle.drawing`, see
// drawing_json in web/puzzles.py), every cell is drawn as its polygon, and the lines are found
// from the edges cells share: two cells touch where they have the same two corners.

import { cellKey as key, cellOfKey } from "./placement.js";

/** @typedef {import("./api.js").Drawing} Drawing */
/** @typedef {import("./placement.js").Cell} Cell */
/** @typedef {import("./placement.js").Placement} Placement */
/** @typedef {number[]} Point [x, y] in drawing units */

/** What drawBoard draws a board of: a puzzle (PuzzleJson), or as much of one as a design, the
 * tray or a held piece has.
 * @typedef {Object} Board
 * @property {Cell[]} cells
 * @property {Drawing} drawing
 * @property {number[]} bounds [r0, c0, r1, c1]
 * @property {{ name: string, color: string, text_color: string }[]} pieces
 * @property {[Cell, string][]} [labels] text on cells (a calendar's months and days)
 * @property {Cell[]} [opened_cells] cells left open: off the board, drawn white with their labels
 * @property {Cell[][]} [seams] a board that wraps: each cell beside a seam, with the cell beyond it
 */

/** How a drawn board maps cells to px: for drawGhost, which draws over it.
 * @typedef {{ drawing: Drawing, u: number, x0: number, y0: number }} View */

/** @typedef {{ size?: number, labels?: boolean, extra?: Cell[], colors?: Record<string, string>,
 *              textColors?: Record<string, string> }} DrawOptions */

const NS = "http://www.w3.org/2000/svg";

/** @type {WeakMap<SVGSVGElement, View>} */
const views = new WeakMap();

/** @param {string} name @param {Record<string, string | number>} attrs @param {Element} parent */
function el(name, attrs, parent) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  parent.appendChild(node);
  return node;
}

const CELL = 24;  // a cell has the area of a square CELL px wide, on every grid
const PAD = 2;
const LABELS_FROM = 12;  // a picture with cells smaller than this (px) writes no cell labels
const FREE = -1, HOLE = -2, OPEN = -3;  // who has a drawn cell that no piece has
const LAYER_BAND = 16;  // room above a solid's layers for their names

// The corners of `cell` in drawing units: the polygon of its class (row and column mod 2),
// moved by whole periods; a solid's cell (z, y, x) first goes to its layer's place.
/** @param {Drawing} drawing @param {Cell} cell @returns {Point[]} */
function cellPolygon(drawing, cell) {
  let [r, c] = cell;
  if (drawing.layers) {
    r = cell[1];
    c = cell[2] + (cell[0] - drawing.layers.first) * drawing.layers.shift;
  }
  const rm = ((r % 2) + 2) % 2, cm = ((c % 2) + 2) % 2;
  const rq = (r - rm) / 2, cq = (c - cm) / 2;
  const dx = rq * drawing.row_step[0] + cq * drawing.col_step[0];
  const dy = rq * drawing.row_step[1] + cq * drawing.col_step[1];
  return drawing.cells[`${rm},${cm}`].map(([x, y]) => [x + dx, y + dy]);
}

/** @param {Point[]} points */
function area(points) {
  let s = 0;
  points.forEach(([x, y], i) => { const [u, v] = points[(i + 1) % points.length]; s += x * v - u * y; });
  return Math.abs(s) / 2;
}

/** @param {Point[]} points @returns {Point} */
function centroid(points) {
  return [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];
}

// Pixels per drawing unit, so that a cell covers CELL x CELL px whatever its shape.
/** @param {Drawing} drawing */
function unitPx(drawing) {
  return CELL / Math.sqrt(area(drawing.cells["0,0"]));
}

// A corner as a map key: equal for the same point reached from two cells (float sums differ
// in the last bits only).
const corner = (/** @type {Point} */ [x, y]) => `${Math.round(x * 1000)} ${Math.round(y * 1000)}`;

// The drawing's frame: [minX, minY, maxX, maxY] in drawing units, over `cells`.
/** @param {Drawing} drawing @param {Cell[]} cells */
function frame(drawing, cells) {
  let box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const cell of cells) {
    for (const [x, y] of cellPolygon(drawing, cell)) box = [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)];
  }
  return box[0] === Infinity ? [0, 0, 1, 1] : box;
}

// The size in px (at CELL) of a puzzle's thumbnail (a picture with a `size`), for laying them out.
/** @param {Board} puzzle */
export function boardSize(puzzle) {
  const u = unitPx(puzzle.drawing);
  const [x0, y0, x1, y1] = frame(puzzle.drawing, puzzle.cells);
  return { width: (x1 - x0) * u + 2 * PAD, height: (y1 - y0) * u + 2 * PAD };
}

// Draw `placements` ([{piece, cells}, ...]) on the board of `puzzle` into `svg`.
// options: size (px a CELL, for a fixed-size picture; otherwise the SVG scales), labels (piece
// names), extra (cells to draw as holes, for the editor: [cell, ...]), colors, textColors.
/** @param {SVGSVGElement} svg @param {Board} puzzle @param {Placement[]} placements @param {DrawOptions} [options]
 * @returns {View} */
export function drawBoard(svg, puzzle, placements, options = {}) {
  const drawing = puzzle.drawing;
  const u = unitPx(drawing);
  const extra = options.extra || [];
  const opened = puzzle.opened_cells || [];
  const [x0, y0, x1, y1] = frame(drawing, [...puzzle.cells, ...opened, ...extra, ...placements.flatMap((p) => p.cells)]);
  const named = !!drawing.layers && !options.size;  // a thumbnail's layers go unnamed: too small to read
  const top = named ? LAYER_BAND : 0;
  const width = (x1 - x0) * u + 2 * PAD, height = (y1 - y0) * u + 2 * PAD + top;
  svg.replaceChildren();
  svg.setAttribute("viewBox", `${-PAD} ${-PAD - top} ${width} ${height}`);
  svg.setAttribute("xmlns", NS);
  if (options.size) {
    svg.setAttribute("width", (width * options.size / CELL).toFixed(1));
    svg.setAttribute("height", (height * options.size / CELL).toFixed(1));
  }
  const view = { drawing, u, x0, y0 };
  views.set(svg, view);  // for drawGhost
  const shapes = cellShapes(drawing, puzzle.cells, extra, opened, placements);
  drawCells(svg, view, shapes, placements, options.colors || colorMap(puzzle));
  drawLines(svg, view, shapes, options.size);
  if (puzzle.seams && puzzle.seams.length) drawSeams(svg, view, puzzle.seams);
  if (named) drawLayerNames(svg, puzzle, view);
  if (puzzle.labels && !(options.size && options.size < LABELS_FROM)) drawCellLabels(svg, view, shapes, puzzle.labels);
  if (options.labels) drawLabels(svg, view, shapes, placements, options.textColors || textColorMap(puzzle));
  return view;
}

/** A polygon's points attribute, in px. @param {View} view @param {Point[]} poly */
const pointsOf = ({ u, x0, y0 }, poly) => poly.map(([x, y]) => `${((x - x0) * u).toFixed(2)},${((y - y0) * u).toFixed(2)}`).join(" ");

/** A drawn cell: the cell, its polygon, and who has it (a piece's index, FREE, HOLE or OPEN).
 * @typedef {{ cell: Cell, poly: Point[], who: number }} CellShape */

/** Every cell to draw, by key: the board's, the holes, those left open and the pieces' (which may
 * lie past the board).
 * @param {Drawing} drawing @param {Cell[]} cells @param {Cell[]} extra @param {Cell[]} opened
 * @param {Placement[]} placements @returns {Map<string, CellShape>} */
function cellShapes(drawing, cells, extra, opened, placements) {
  /** @type {Map<string, number>} */
  const owner = new Map();
  placements.forEach((p, i) => p.cells.forEach((cell) => owner.set(key(cell), i)));
  /** @type {Map<string, CellShape>} */
  const shapes = new Map();
  for (const cell of extra) shapes.set(key(cell), { cell, poly: cellPolygon(drawing, cell), who: HOLE });
  for (const cell of opened) shapes.set(key(cell), { cell, poly: cellPolygon(drawing, cell), who: OPEN });
  for (const cell of cells) shapes.set(key(cell), { cell, poly: cellPolygon(drawing, cell), who: FREE });
  for (const [k, i] of owner) {
    const cell = cellOfKey(k);
    shapes.set(k, { cell, poly: shapes.get(k)?.poly || cellPolygon(drawing, cell), who: i });
  }
  return shapes;
}

/** The holes, the cells left open (no data-cell: not the board's), the free cells and each
 * piece in its color.
 * @param {SVGSVGElement} svg @param {View} view @param {Map<string, CellShape>} shapes
 * @param {Placement[]} placements @param {Record<string, string>} colors */
function drawCells(svg, view, shapes, placements, colors) {
  for (const [k, { poly, who }] of shapes) {
    if (who === HOLE) el("polygon", { class: "hole", points: pointsOf(view, poly), "data-cell": k, "data-hole": "1" }, svg);
  }
  const open = [...shapes].filter(([, { who }]) => who === OPEN);
  if (open.length) {
    const g = el("g", { class: "open-cells" }, svg);
    for (const [k, { poly }] of open) el("polygon", { points: pointsOf(view, poly), "data-open-cell": k }, g);
  }
  const free = el("g", { class: "free" }, svg);
  for (const [k, { poly, who }] of shapes) {
    if (who === FREE) el("polygon", { points: pointsOf(view, poly), "data-cell": k }, free);
  }
  placements.forEach(({ piece, cells }, i) => {
    const g = el("g", { class: "piece", "data-piece": piece, "data-index": i, fill: colors[piece] || "#999999" }, svg);
    for (const cell of cells) el("polygon", { points: pointsOf(view, shapeAt(shapes, cell).poly), "data-cell": key(cell) }, g);
  });
}

/** @param {Map<string, CellShape>} shapes @param {Cell} cell */
function shapeAt(shapes, cell) {
  const shape = shapes.get(key(cell));
  if (!shape) throw new Error(`cell ${key(cell)} was not drawn`);
  return shape;
}

// Lines, from each edge and the cells on either side of it: inside one piece (inner), between
// free cells (grid), and an outline where the owner changes or the board ends.
/** @param {SVGSVGElement} svg @param {View} view @param {Map<string, CellShape>} shapes @param {number} [size] */
function drawLines(svg, { u, x0, y0 }, shapes, size) {
  /** @type {Map<string, { owners: number[], d: string }>} */
  const edges = new Map();
  for (const { poly, who } of shapes.values()) {
    poly.forEach((a, j) => {
      const b = poly[(j + 1) % poly.length];
      const ka = corner(a), kb = corner(b);
      const k = ka < kb ? `${ka} ${kb}` : `${kb} ${ka}`;
      const edge = edges.get(k);
      if (edge) edge.owners.push(who);
      else edges.set(k, { owners: [who], d: `M${((a[0] - x0) * u).toFixed(2)} ${((a[1] - y0) * u).toFixed(2)}` +
                                             `L${((b[0] - x0) * u).toFixed(2)} ${((b[1] - y0) * u).toFixed(2)}` });
    });
  }
  let inner = "", grid = "", outline = "";
  for (const { owners: [a, b], d } of edges.values()) {
    if (b === undefined) { if (a !== HOLE) outline += d; }
    else if (a !== b) outline += d;
    else if (a >= 0) inner += d;
    else if (a === FREE || a === OPEN) grid += d;
  }
  if (inner) el("path", { class: "inner", d: inner }, svg);
  if (grid) el("path", { class: "cell-grid", d: grid }, svg);
  if (outline) el("path", { class: "outline", d: outline, "stroke-width": size && size < 12 ? 2 : 3 }, svg);
}

/** The edges a board that wraps glues, dashed: the side each board cell beside a seam shares
 * with the cell beyond it in the plane. @param {SVGSVGElement} svg @param {View} view
 * @param {Cell[][]} seams */
function drawSeams(svg, { drawing, u, x0, y0 }, seams) {
  let d = "";
  for (const [cell, beyond] of seams) {
    const near = new Set(cellPolygon(drawing, beyond).map(corner));
    const shared = cellPolygon(drawing, cell).filter((p) => near.has(corner(p)));
    if (shared.length !== 2) continue;
    const [a, b] = shared;
    d += `M${((a[0] - x0) * u).toFixed(2)} ${((a[1] - y0) * u).toFixed(2)}L${((b[0] - x0) * u).toFixed(2)} ${((b[1] - y0) * u).toFixed(2)}`;
  }
  if (d) el("path", { class: "seam", d }, svg);
}

/** Each piece's name on the cell nearest its middle (in each layer of a solid).
 * @param {SVGSVGElement} svg @param {View} view @param {Map<string, CellShape>} shapes
 * @param {Placement[]} placements @param {Record<string, string>} textColors */
function drawLabels(svg, { drawing, u, x0, y0 }, shapes, placements, textColors) {
  const g = el("g", { class: "labels" }, svg);
  placements.forEach(({ piece, cells }) => {
    for (const part of layerParts(drawing, cells)) {
      const middles = part.map((cell) => centroid(shapeAt(shapes, cell).poly));
      const [mx, my] = centroid(middles);
      const [x, y] = middles.reduce((best, p) => ((p[0] - mx) ** 2 + (p[1] - my) ** 2 < (best[0] - mx) ** 2 + (best[1] - my) ** 2 ? p : best));
      const t = el("text", { class: "label", x: ((x - x0) * u).toFixed(2), y: ((y - y0) * u).toFixed(2), fill: textColors[piece] || "#000" }, g);
      t.textContent = piece;
    }
  });
}

/** The labels of the cells no piece covers: small on a free cell, dark on one left open, as the
 * CLI's SVG writes them (class "cell-label", "cell-label open").
 * @param {SVGSVGElement} svg @param {View} view @param {Map<string, CellShape>} shapes
 * @param {[Cell, string][]} labels */
function drawCellLabels(svg, { u, x0, y0 }, shapes, labels) {
  const g = el("g", { class: "cell-labels" }, svg);
  for (const [cell, text] of labels) {
    const shape = shapes.get(key(cell));
    if (!shape || (shape.who !== FREE && shape.who !== OPEN)) continue;
    const [x, y] = centroid(shape.poly);
    const t = el("text", { class: shape.who === OPEN ? "cell-label open" : "cell-label", "data-label-cell": key(cell),
                           x: ((x - x0) * u).toFixed(2), y: ((y - y0) * u).toFixed(2) }, g);
    t.textContent = text;
  }
}

// A piece's cells by layer (a solid's piece is named in each layer it lies in), or all at once.
/** @param {Drawing} drawing @param {Cell[]} cells @returns {Cell[][]} */
function layerParts(drawing, cells) {
  if (!drawing.layers) return [cells];
  /** @type {Map<number, Cell[]>} */
  const parts = new Map();
  for (const cell of cells) parts.set(cell[0], [...(parts.get(cell[0]) || []), cell]);
  return [...parts.values()];
}

// "z = 0", "z = 1", ... above each layer of a solid.
/** @param {SVGSVGElement} svg @param {Board} puzzle @param {View} view */
function drawLayerNames(svg, puzzle, { drawing, u, x0 }) {
  if (!drawing.layers) return;
  const g = el("g", { class: "layer-names" }, svg);
  const [r0, c0] = puzzle.bounds;
  for (let k = 0; k < drawing.layers.count; k++) {
    const z = drawing.layers.first + k;
    const [x] = cellPolygon(drawing, [z, r0, c0])[0];
    const t = el("text", { class: "layer-name", x: ((x - x0) * u).toFixed(2), y: (-LAYER_BAND / 2 - PAD).toFixed(2) }, g);
    t.textContent = `z = ${z}`;
  }
}

// Show `cells` as a see-through piece over a drawn board (or nothing, with null), without
// redrawing the board: the cells under the pointer stay the same elements. options.refused:
// drawn as a move the board refuses (cells off the board are drawn too, past its edge).
/** @param {SVGSVGElement} svg @param {Cell[] | null} cells @param {string} [color] @param {{ refused?: boolean }} [options] */
export function drawGhost(svg, cells, color, options = {}) {
  svg.querySelector("g.ghost")?.remove();
  const view = views.get(svg);
  if (!cells || !view) return;
  const g = el("g", { class: options.refused ? "ghost refused" : "ghost", fill: color || "#999999" }, svg);
  for (const cell of cells) {
    el("polygon", { points: pointsOf(view, cellPolygon(view.drawing, cell)), "data-ghost-cell": key(cell) }, g);
  }
}

// Outline `cells` (a cell a proof names) over a drawn board, on any grid; none with [].
/** @param {SVGSVGElement} svg @param {Cell[]} cells */
export function markCells(svg, cells) {
  svg.querySelector("g.marked")?.remove();
  const view = views.get(svg);
  if (!cells.length || !view) return;
  const g = el("g", { class: "marked" }, svg);
  for (const cell of cells) {
    el("polygon", { points: pointsOf(view, cellPolygon(view.drawing, cell)), "data-marked-cell": key(cell) }, g);
  }
}

/** Each piece's color, by name. @param {Board} puzzle @returns {Record<string, string>} */
export function colorMap(puzzle) {
  return Object.fromEntries(puzzle.pieces.map((p) => [p.name, p.color]));
}

/** @param {Board} puzzle @returns {Record<string, string>} */
function textColorMap(puzzle) {
  return Object.fromEntries(puzzle.pieces.map((p) => [p.name, p.text_color]));
}
