// Drawing boards and solutions as SVG: the same layers and colours as the CLI's SVG pictures
// (free cells grey, each piece its colour, thick outlines between pieces, thin lines inside).
//
// The page knows no grid: the server says where each cell's corners lie (`puzzle.drawing`, see
// drawing_json in web/puzzles.py), every cell is drawn as its polygon, and the lines are found
// from the edges cells share: two cells touch where they have the same two corners.

const NS = "http://www.w3.org/2000/svg";

export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

const key = (cell) => cell.join(",");
const CELL = 24;  // a cell has the area of a square CELL px wide, on every grid
const PAD = 2;
const LAYER_BAND = 16;  // room above a solid's layers for their names

// The corners of `cell` in drawing units: the polygon of its class (row and column mod 2),
// moved by whole periods; a solid's cell (z, y, x) first goes to its layer's place.
export function cellPolygon(drawing, cell) {
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

function area(points) {
  let s = 0;
  points.forEach(([x, y], i) => { const [u, v] = points[(i + 1) % points.length]; s += x * v - u * y; });
  return Math.abs(s) / 2;
}

function centroid(points) {
  return [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];
}

// Pixels per drawing unit, so that a cell covers CELL x CELL px whatever its shape.
export function unitPx(drawing) {
  return CELL / Math.sqrt(area(drawing.cells["0,0"]));
}

// A corner as a map key: equal for the same point reached from two cells (float sums differ
// in the last bits only).
const corner = ([x, y]) => `${Math.round(x * 1000)} ${Math.round(y * 1000)}`;

// The drawing's frame: [minX, minY, maxX, maxY] in drawing units, over `cells`.
function frame(drawing, cells) {
  let box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const cell of cells) {
    for (const [x, y] of cellPolygon(drawing, cell)) box = [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)];
  }
  return box[0] === Infinity ? [0, 0, 1, 1] : box;
}

// The size in px (at CELL) of a puzzle's thumbnail (a picture with a `size`), for laying them out.
export function boardSize(puzzle) {
  const u = unitPx(puzzle.drawing);
  const [x0, y0, x1, y1] = frame(puzzle.drawing, puzzle.cells);
  return { width: (x1 - x0) * u + 2 * PAD, height: (y1 - y0) * u + 2 * PAD };
}

// Draw `placements` ([{piece, cells: [cell, ...]}, ...]) on the board of `puzzle` into `svg`.
// options: size (px a CELL, for a fixed-size picture; otherwise the SVG scales), labels (piece
// names), extra (cells to draw as holes, for the editor: [cell, ...]), colors, textColors.
export function drawBoard(svg, puzzle, placements, options = {}) {
  const drawing = puzzle.drawing;
  const u = unitPx(drawing);
  const extra = options.extra || [];
  const [x0, y0, x1, y1] = frame(drawing, [...puzzle.cells, ...extra, ...placements.flatMap((p) => p.cells)]);
  const named = drawing.layers && !options.size;  // a thumbnail's layers go unnamed: too small to read
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
  svg.boardView = view;  // for drawGhost
  const pointsOf = (poly) => poly.map(([x, y]) => `${((x - x0) * u).toFixed(2)},${((y - y0) * u).toFixed(2)}`).join(" ");
  const colors = options.colors || colorMap(puzzle);
  const owner = new Map();
  placements.forEach((p, i) => p.cells.forEach((cell) => owner.set(key(cell), i)));
  const shapes = new Map();  // every drawn cell: key -> [cell, polygon, owner (piece index, -1 free, -2 hole)]
  for (const cell of extra) shapes.set(key(cell), [cell, cellPolygon(drawing, cell), -2]);
  for (const cell of puzzle.cells) shapes.set(key(cell), [cell, cellPolygon(drawing, cell), -1]);
  for (const [k, i] of owner) {
    const cell = k.split(",").map(Number);
    shapes.set(k, [cell, shapes.get(k)?.[1] || cellPolygon(drawing, cell), i]);
  }

  for (const [k, [, poly, who]] of shapes) {
    if (who === -2) el("polygon", { class: "hole", points: pointsOf(poly), "data-cell": k, "data-hole": "1" }, svg);
  }
  const free = el("g", { class: "free" }, svg);
  for (const [k, [, poly, who]] of shapes) {
    if (who === -1) el("polygon", { points: pointsOf(poly), "data-cell": k }, free);
  }
  placements.forEach(({ piece: name, cells }, i) => {
    const g = el("g", { class: "piece", "data-piece": name, "data-index": i, fill: colors[name] || "#999999" }, svg);
    for (const cell of cells) el("polygon", { points: pointsOf(shapes.get(key(cell))[1]), "data-cell": key(cell) }, g);
  });

  // Lines, from each edge and the cells on either side of it: inside one piece (inner), between
  // free cells (grid), and an outline where the owner changes or the board ends.
  const edges = new Map();
  for (const [, poly, who] of shapes.values()) {
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
    if (b === undefined) { if (a !== -2) outline += d; }
    else if (a !== b) outline += d;
    else if (a >= 0) inner += d;
    else if (a === -1) grid += d;
  }
  if (inner) el("path", { class: "inner", d: inner }, svg);
  if (grid) el("path", { class: "cell-grid", d: grid }, svg);
  if (outline) el("path", { class: "outline", d: outline, "stroke-width": options.size && options.size < 12 ? 2 : 3 }, svg);
  if (named) drawLayerNames(svg, puzzle, view);
  if (options.labels) {
    const g = el("g", { class: "labels" }, svg);
    const textColors = options.textColors || textColorMap(puzzle);
    placements.forEach(({ piece: name, cells }) => {
      for (const part of layerParts(drawing, cells)) {
        const middles = part.map((cell) => centroid(shapes.get(key(cell))[1]));
        const [mx, my] = centroid(middles);
        const [x, y] = middles.reduce((best, p) => ((p[0] - mx) ** 2 + (p[1] - my) ** 2 < (best[0] - mx) ** 2 + (best[1] - my) ** 2 ? p : best));
        const t = el("text", { class: "label", x: ((x - x0) * u).toFixed(2), y: ((y - y0) * u).toFixed(2), fill: textColors[name] || "#000" }, g);
        t.textContent = name;
      }
    });
  }
  return view;
}

// A piece's cells by layer (a solid's piece is named in each layer it lies in), or all at once.
function layerParts(drawing, cells) {
  if (!drawing.layers) return [cells];
  const parts = new Map();
  for (const cell of cells) parts.set(cell[0], [...(parts.get(cell[0]) || []), cell]);
  return [...parts.values()];
}

// "z = 0", "z = 1", ... above each layer of a solid.
function drawLayerNames(svg, puzzle, { drawing, u, x0, y0 }) {
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
export function drawGhost(svg, cells, color, options = {}) {
  svg.querySelector("g.ghost")?.remove();
  const view = svg.boardView;
  if (!cells || !view) return;
  const { drawing, u, x0, y0 } = view;
  const g = el("g", { class: options.refused ? "ghost refused" : "ghost", fill: color || "#999999" }, svg);
  for (const cell of cells) {
    const points = cellPolygon(drawing, cell).map(([x, y]) => `${((x - x0) * u).toFixed(2)},${((y - y0) * u).toFixed(2)}`).join(" ");
    el("polygon", { points, "data-ghost-cell": cell.join(",") }, g);
  }
}

export function colorMap(puzzle) {
  return Object.fromEntries(puzzle.pieces.map((p) => [p.name, p.color]));
}

function textColorMap(puzzle) {
  return Object.fromEntries(puzzle.pieces.map((p) => [p.name, p.text_color]));
}
