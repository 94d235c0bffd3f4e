// Drawing boards and solutions as SVG: the same layers and colours as the CLI's SVG pictures
// (free cells grey, each piece its colour, thick outlines between pieces, thin lines inside).

const NS = "http://www.w3.org/2000/svg";

export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

const key = (r, c) => `${r},${c}`;

// Draw `placements` ([[piece, [[r, c], ...]], ...]) on the board of `puzzle` into `svg`.
// options: size (px a cell, for a fixed-size picture; otherwise the SVG scales), labels (piece
// names), extra (cells to draw as holes, for the editor: [[r, c], ...]), bounds ([r0, c0, r1, c1]).
const CELL = 24;

export function drawBoard(svg, puzzle, placements, options = {}) {
  const cell = CELL;
  const [r0, c0, r1, c1] = options.bounds || puzzle.bounds;
  const rows = r1 - r0 + 1, cols = c1 - c0 + 1, pad = 2;
  svg.replaceChildren();
  svg.setAttribute("viewBox", `${-pad} ${-pad} ${cols * cell + 2 * pad} ${rows * cell + 2 * pad}`);
  svg.setAttribute("xmlns", NS);
  if (options.size) {
    svg.setAttribute("width", cols * options.size + 2 * pad);
    svg.setAttribute("height", rows * options.size + 2 * pad);
  }
  const colors = options.colors || colorMap(puzzle);
  const board = new Set(puzzle.cells.map(([r, c]) => key(r, c)));
  const owner = new Map();
  placements.forEach(([, cells], i) => cells.forEach(([r, c]) => owner.set(key(r, c), i)));
  const x = (c) => (c - c0) * cell, y = (r) => (r - r0) * cell;

  for (const [r, c] of options.extra || []) {
    el("rect", { class: "hole", x: x(c) + 1, y: y(r) + 1, width: cell - 2, height: cell - 2,
                 "data-cell": key(r, c), "data-hole": "1" }, svg);
  }
  const free = el("g", { class: "free" }, svg);
  for (const [r, c] of puzzle.cells) {
    if (!owner.has(key(r, c))) {
      el("rect", { x: x(c), y: y(r), width: cell, height: cell, "data-cell": key(r, c) }, free);
    }
  }
  placements.forEach(([name, cells], i) => {
    const g = el("g", { class: "piece", "data-piece": name, "data-index": i, fill: colors[name] || "#999999" }, svg);
    for (const [r, c] of cells) el("rect", { x: x(c), y: y(r), width: cell, height: cell, "data-cell": key(r, c) }, g);
  });
  // Lines: between cells of one piece (inner), between free cells (grid), and outlines where
  // the owner changes or the board ends.
  let inner = "", grid = "", outline = "";
  const ownerOf = (r, c) => (owner.has(key(r, c)) ? owner.get(key(r, c)) : board.has(key(r, c)) ? -1 : -2);
  const cellsDrawn = new Set([...board, ...owner.keys()]);
  for (const k of cellsDrawn) {
    const [r, c] = k.split(",").map(Number);
    const me = ownerOf(r, c);
    for (const [dr, dc, seg] of [[0, 1, `M${x(c + 1)} ${y(r)}v${cell}`], [1, 0, `M${x(c)} ${y(r + 1)}h${cell}`],
                                  [0, -1, `M${x(c)} ${y(r)}v${cell}`], [-1, 0, `M${x(c)} ${y(r)}h${cell}`]]) {
      const other = ownerOf(r + dr, c + dc);
      const forward = dr > 0 || dc > 0;
      if (other === me) {
        if (forward) { if (me >= 0) inner += seg; else grid += seg; }
      } else if (other === -2 || forward) {
        outline += seg;
      }
    }
  }
  if (inner) el("path", { class: "inner", d: inner }, svg);
  if (grid) el("path", { class: "cell-grid", d: grid }, svg);
  if (outline) el("path", { class: "outline", d: outline, "stroke-width": options.size && options.size < 12 ? 2 : 3 }, svg);
  if (options.labels) {
    const g = el("g", { class: "labels" }, svg);
    const textColors = options.textColors || textColorMap(puzzle);
    placements.forEach(([name, cells]) => {
      const [r, c] = cells.reduce((best, rc) => (centre(cells, rc) < centre(cells, best) ? rc : best), cells[0]);
      const t = el("text", { class: "label", x: x(c) + cell / 2, y: y(r) + cell / 2, fill: textColors[name] || "#000" }, g);
      t.textContent = name;
    });
  }
  svg.dataset.origin = `${r0},${c0}`;
  return { cell, r0, c0 };
}

// Show `cells` as a see-through piece over a drawn board (or nothing, with null), without
// redrawing the board: the cells under the pointer stay the same elements.
export function drawGhost(svg, cells, color) {
  svg.querySelector("g.ghost")?.remove();
  if (!cells) return;
  const [r0, c0] = (svg.dataset.origin || "0,0").split(",").map(Number);
  const g = el("g", { class: "ghost", fill: color || "#999999" }, svg);
  for (const [r, c] of cells) el("rect", { x: (c - c0) * CELL, y: (r - r0) * CELL, width: CELL, height: CELL }, g);
}

function centre(cells, [r, c]) {
  // the cell nearest the piece's centre, for its label
  const mr = cells.reduce((s, x) => s + x[0], 0) / cells.length, mc = cells.reduce((s, x) => s + x[1], 0) / cells.length;
  return (r - mr) ** 2 + (c - mc) ** 2;
}

export function colorMap(puzzle) {
  return Object.fromEntries(puzzle.pieces.map((p) => [p.name, p.color]));
}

function textColorMap(puzzle) {
  return Object.fromEntries(puzzle.pieces.map((p) => [p.name, p.text_color]));
}
