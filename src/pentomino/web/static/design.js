// The Design tab: a board drawn cell by cell on squares, triangles or hexagons, its pieces
// (piece sets and pieces, copies of each, one-sided or not) and pieces put down in advance,
// checked by the server as it changes; then used, checked for a unique solution, saved as a
// puzzle file or shared as a link.

import { api, messageOf } from "./api.js";
import { drawBoard, drawGhost } from "./board.js";
import { $, button, download, fmt, input, plural, select, setMessage, svg, toast } from "./dom.js";
import { copyLink, linkFor } from "./links.js";
import { currentTab, draftVerdict, loadPuzzle, register, selectTab } from "./page.js";
import { cellKey, cellOfKey, byCell } from "./placement.js";
import { state, info } from "./state.js";

/** @typedef {import("./state.js").DesignState} DesignState */
/** @typedef {import("./api.js").DesignJson} DesignJson */
/** @typedef {import("./api.js").Shape} Shape */
/** @typedef {import("./placement.js").Cell} Cell */
/** @typedef {import("./api.js").PuzzleJson} PuzzleJson */

function design() {
  if (!state.design) throw new Error("no design is drawn yet");
  return state.design;
}

/** The cells of a design's drawing area: `rows` rows of `cols` cells each (hexagons, in doubled
 * coordinates, take every other column). @param {DesignState} d @returns {Cell[]} */
function designArea(d) {
  const drawing = info().grids[d.grid];
  const out = [];
  for (let r = 0; r < d.rows; r++) {
    for (let c = 0; c < (drawing.half ? 2 * d.cols : d.cols); c++) if (!drawing.half || (r + c) % 2 === 0) out.push([r, c]);
  }
  return out;
}

/** A new board of `rows` x `cols`, every cell in it (`full`) or none.
 * @param {number} rows @param {number} cols @param {boolean} [full] */
function newDesign(rows, cols, full = true) {
  const grid = select("design-grid").value;
  if (state.design && state.design.grid !== grid) input("design-set").value = info().grids[grid].default_pieces || "";
  const d = state.design = { grid, rows, cols, cells: new Set(), names: designNames(), copies: {}, preplaced: [], orient: 0,
                             paint: null, timer: undefined, hover: null, edited: true };
  if (full) for (const cell of designArea(d)) d.cells.add(cellKey(cell));
  showDesign();
}

/** A design of the puzzle shown, when it is drawn on a grid a design may use (a link's puzzle
 * opens the Design tab on its own board): its cells, moved to start near row and column 0 (by
 * even steps, so triangles point and hexagons sit as before), its pieces when the Pieces field
 * can name them, and the pieces put down in advance. Null for a puzzle a design cannot draw.
 * @param {PuzzleJson} p @returns {DesignState | null} */
function designOf(p) {
  const drawing = info().grids[p.grid];
  if (p.dims !== 2 || !drawing || !drawing.design) return null;
  const [r0, c0, r1, c1] = p.bounds;
  const dr = r0 - (((r0 % 2) + 2) % 2), dc = c0 - (((c0 % 2) + 2) % 2);
  /** @param {Cell} cell @returns {Cell} */
  const moved = ([r, c]) => [r - dr, c - dc];
  const rows = r1 - dr + 1, width = c1 - dc + 1;
  const cols = drawing.half ? Math.ceil(width / 2) : width;
  const sets = info().piece_sets.filter((set) => set.grid === p.grid);
  const names = p.pieces.map((x) => x.name);
  const set = sets.find((x) => x.pieces.length === names.length && x.pieces.every((n) => names.includes(n)));
  const known = names.every((n) => sets.some((x) => n in x.shapes));
  input("design-set").value = set ? set.name : known ? names.join(" ") : drawing.default_pieces || "";
  /** @type {Record<string, number | string | number[]>} */
  const copies = {};
  for (const x of p.pieces) {
    if (x.min === 1 && x.max === 1) continue;
    copies[x.name] = x.max === null ? (x.min === 0 ? "any" : `${x.min}-any`) : x.min === x.max ? x.max : [x.min, x.max];
  }
  return { grid: p.grid, rows, cols, cells: new Set(p.cells.map((cell) => cellKey(moved(cell)))), names: designNames(),
           copies: set || known ? copies : {}, orient: 0, paint: null, timer: undefined, hover: null, edited: false,
           wrap: p.wrap || "", rules: [...(p.rules || [])],
           preplaced: p.preplaced.map((x) => ({ piece: x.piece, cells: x.cells.map(moved) })) };
}

/** Show the design in the tab: its grid and size in the form, its pieces, its board. */
function showDesign() {
  const d = design();
  select("design-grid").value = d.grid;
  select("design-wrap").value = d.wrap || "";
  for (const [id, rule] of RULE_BOXES) input(id).checked = (d.rules || []).includes(rule);
  input("design-rows").value = String(d.rows);
  input("design-cols").value = String(d.cols);
  buildSetList();
  buildCopies();
  drawDesign();
  checkDesign();
}

// The piece sets offered under Pieces: those of the design's grid.
function buildSetList() {
  const list = $("design-sets");
  list.replaceChildren();
  for (const s of designSets()) {
    const o = document.createElement("option");
    o.value = s.name;
    o.textContent = s.description;
    list.appendChild(o);
  }
}

// The names typed under Pieces: built-in piece sets and pieces, as in a puzzle file's `pieces`.
function designNames() {
  return input("design-set").value.split(/[\s,]+/).filter(Boolean);
}

const designSets = () => info().piece_sets.filter((s) => s.grid === (state.design ? state.design.grid : info().default_grid));
/** @param {string} name */
const pieceSet = (name) => designSets().find((s) => s.name === name);

/** The piece `name` of the design's grid, or null. @param {string} name @returns {Shape | null} */
function shapeOf(name) {
  for (const set of designSets()) if (set.shapes[name]) return set.shapes[name];
  return null;
}

/** Every piece the names under Pieces stand for, each once. */
function designPieces() {
  /** @type {string[]} */
  const out = [];
  for (const name of design().names) {
    const set = pieceSet(name);
    for (const piece of set ? set.pieces : shapeOf(name) ? [name] : []) {
      if (!out.includes(piece)) out.push(piece);
    }
  }
  return out;
}

/** Whether the names under Pieces make the pieces one-sided (a one-sided set's do). */
const impliedOneSided = () => design().names.some((n) => pieceSet(n)?.one_sided);

/** The design as a request names it (design_puzzle in web/puzzles.py). @returns {{ design: DesignJson }} */
function designSpec() {
  const d = design();
  const cells = [...d.cells].map(cellOfKey).sort(byCell);
  const oneSided = input("design-one-sided").checked;
  const name = d.grid === info().default_grid ? `my ${d.rows}x${d.cols} puzzle` : `my ${d.rows}x${d.cols} ${d.grid} puzzle`;
  return { design: { name, grid: d.grid, cells, pieces: d.names, copies: d.copies,
                     one_sided: oneSided === impliedOneSided() ? null : oneSided, preplaced: d.preplaced,
                     wrap: d.wrap || null, rules: d.rules || [] } };
}

/** The Rules boxes and the tiling rule each asks for (rules in a puzzle file). */
const RULE_BOXES = [["design-no-four-corners", "no-four-corners"], ["design-fault-free", "fault-free"]];

// Under "Copies of each piece", a field for each piece; under Piece, each piece to place.
function buildCopies() {
  const box = $("design-copies");
  box.replaceChildren();
  const copies = state.design ? state.design.copies : {};
  const pick = select("design-piece");
  pick.replaceChildren();
  input("design-one-sided").checked = impliedOneSided();
  for (const name of designPieces()) {
    const label = document.createElement("label");
    label.textContent = name;
    const field = document.createElement("input");
    const given = copies[name];
    field.value = given === undefined ? "1" : Array.isArray(given) ? given.join("-") : String(given);
    field.setAttribute("aria-label", `Copies of ${name}`);
    field.title = "a number, any, or min-max";
    field.addEventListener("input", () => {
      const v = field.value.trim();
      const m = v.match(/^(\d+)\s*-\s*(\d+)$/);
      if (v === "" || v === "1") delete design().copies[name];
      else design().copies[name] = m ? [Number(m[1]), Number(m[2])] : /^\d+$/.test(v) ? Number(v) : v;
      design().edited = true;
      checkDesign();
    });
    label.appendChild(field);
    box.appendChild(label);
    const option = document.createElement("option");
    option.value = option.textContent = name;
    pick.appendChild(option);
  }
}

const designShape = () => shapeOf(select("design-piece").value);

function designOrientation() {
  const shape = designShape();
  return shape ? shape.orientations[design().orient] || shape.orientations[0] : null;
}

/** Turn the piece to place: "turn" or "flip". @param {"turn" | "flip"} how */
function turnPiece(how) {
  const shape = designShape();
  if (!shape) return;
  if (how === "flip" && input("design-one-sided").checked) { toast("one-sided pieces cannot be turned over"); return; }
  const d = design();
  d.orient = shape[how]?.[d.orient] ?? 0;
  toast(`${select("design-piece").value}: orientation ${d.orient + 1} of ${shape.orientations.length}`);
  drawDesignGhost();
}

/** The piece to place, turned as it is, where the pointer is (nothing when off the board). */
function drawDesignGhost() {
  const d = design();
  const o = designOrientation();
  if (!input("design-placing").checked || !d.hover || !o || currentTab() !== "design") { drawGhost(svg("board"), null); return; }
  const cells = placedAt(o, d.hover);
  drawGhost(svg("board"), cells, designShape()?.color, { refused: !fits(cells) });
}

function drawDesign() {
  const d = design();
  const cells = [...d.cells].map(cellOfKey);
  const holes = designArea(d).filter((cell) => !d.cells.has(cellKey(cell)));
  /** @type {Record<string, string>} */
  const colors = {};
  for (const set of designSets()) for (const [n, s] of Object.entries(set.shapes)) colors[n] = s.color;
  drawBoard(svg("board"), { cells, bounds: [0, 0, d.rows - 1, d.cols - 1], pieces: [], drawing: info().grids[d.grid] },
            d.preplaced, { labels: false, extra: holes, colors });
  $("stage-caption").textContent = `Design: ${d.cells.size} cells on a ${d.rows} × ${d.cols} ${d.grid} grid`;
}

/** Whether `cells` lie on board cells no piece put down has. @param {Cell[]} cells */
function fits(cells) {
  const d = design();
  const taken = new Set(d.preplaced.flatMap((p) => p.cells.map(cellKey)));
  return cells.every((c) => d.cells.has(cellKey(c)) && !taken.has(cellKey(c)));
}

/** The cells of orientation `o` moved to cover `cell` (the one under the pointer): of the ways
 * that do (each of its cells there that a move of the grid can take there: on triangles, only a
 * triangle pointing the same way), the first that fits, trying the cells nearest the piece's
 * middle first; if none fits, the one by its middle cell (shown refused).
 * @param {Cell[]} o @param {string} cell a cellKey @returns {Cell[]} */
function placedAt(o, cell) {
  const [r, c] = cellOfKey(cell);
  const step = info().grids[design().grid].step;
  const mr = o.reduce((s, x) => s + x[0], 0) / o.length, mc = o.reduce((s, x) => s + x[1], 0) / o.length;
  const anchors = o.filter(([a, b]) => (((r - a + c - b) % step) + step) % step === 0)
    .sort((x, y) => (x[0] - mr) ** 2 + (x[1] - mc) ** 2 - ((y[0] - mr) ** 2 + (y[1] - mc) ** 2));
  const ways = (anchors.length ? anchors : [o[0]]).map((anchor) => o.map(([dr, dc]) => /** @type {Cell} */ ([r + dr - anchor[0], c + dc - anchor[1]])));
  return ways.find(fits) || ways[0];
}

// The server checks the draft a moment after the last change, and says what it makes.
function checkDesign() {
  const d = design();
  clearTimeout(d.timer);
  d.timer = setTimeout(async () => {
    const spec = designSpec();
    try {
      const p = await api("/api/puzzle", { puzzle: spec });
      const used = p.pieces.reduce((s, x) => s + x.size * (x.max ?? 0), 0);
      setMessage($("design-message"), ...draftVerdict(p, `${fmt(p.area)} cells; ${plural(p.pieces.length, "piece")}` +
        (p.pieces.every((x) => x.max !== null) ? ` covering ${fmt(used)}` : "") +
        `; ${plural(p.group_order.full, "symmetry", "symmetries")}`));
    } catch (error) {
      setMessage($("design-message"), messageOf(error), "bad");
    }
  }, 120);
}

/** The cell (its key) drawn by `node` or around it, if any. @param {EventTarget | null} node */
function cellAt(node) {
  const drawn = node instanceof Element ? node.closest("[data-cell]") : null;
  return drawn instanceof SVGElement ? drawn.dataset.cell ?? null : null;
}

// Click or drag on the board: cells come and go (a drag paints what its first cell did), or,
// with "Place pieces", a piece goes down or comes off; the piece to place follows the pointer.
/** @param {PointerEvent} event */
function designPointer(event) {
  const d = state.design;
  if (currentTab() !== "design" || !d) return;
  const cell = cellAt(event.target);
  const placing = input("design-placing").checked;
  if (event.type === "pointerdown") {
    if (!cell) return;
    event.preventDefault();
    if (placing) { placeOrRemove(cell); return; }
    d.paint = d.cells.has(cell) ? "remove" : "add";
    svg("board").setPointerCapture?.(event.pointerId);
  }
  if (event.type === "pointermove" && placing) {
    if (cell) { d.hover = cell; drawDesignGhost(); }
    return;
  }
  if (event.type === "pointermove" && d.paint && event.buttons) {
    const k = cellAt(document.elementFromPoint(event.clientX, event.clientY));
    if (k) paintCell(k);
    return;
  }
  if (event.type === "pointerdown" && cell) paintCell(cell);
  if (event.type === "pointerup") d.paint = null;
}

/** @param {string} k a cellKey */
function paintCell(k) {
  const d = design();
  const had = d.cells.has(k);
  d.edited = true;
  if (d.paint === "add" && !had) d.cells.add(k);
  else if (d.paint === "remove" && had) {
    d.cells.delete(k);
    d.preplaced = d.preplaced.filter((p) => !p.cells.some((c) => cellKey(c) === k));
  } else return;
  drawDesign();
  checkDesign();
}

/** @param {string} cell a cellKey */
function placeOrRemove(cell) {
  const d = design();
  const hit = d.preplaced.findIndex((p) => p.cells.some((c) => cellKey(c) === cell));
  if (hit >= 0) d.preplaced.splice(hit, 1);
  else {
    const o = designOrientation();
    if (!o) return;
    const cells = placedAt(o, cell);
    if (!fits(cells)) { toast("the piece must lie on board cells no piece has"); return; }
    d.preplaced.push({ piece: select("design-piece").value, cells });
  }
  d.edited = true;
  drawDesign();
  drawDesignGhost();
  checkDesign();
}

/** The design written out as a puzzle file, by the server. */
async function designToml() {
  const p = await api("/api/puzzle", { puzzle: designSpec() });
  return p.toml;
}

/** R and F turn the piece to place; true if taken. @param {KeyboardEvent} event */
export function designKey(event) {
  if (currentTab() !== "design" || (event.key !== "r" && event.key !== "f")) return false;
  turnPiece(event.key === "r" ? "turn" : "flip");
  return true;
}

/** The size the form asks for. */
const formSize = () => /** @type {const} */ ([Number(input("design-rows").value), Number(input("design-cols").value)]);

/** The grids a design may be drawn on, as the server names them (the default grid first). */
function fillGridMenu() {
  const menu = select("design-grid");
  const grids = info().grids;
  const names = Object.keys(grids).filter((name) => grids[name].design);
  names.sort((a, b) => Number(b === info().default_grid) - Number(a === info().default_grid));
  menu.replaceChildren(...names.map((name) => {
    const option = document.createElement("option");
    option.value = name;
    option.textContent = grids[name].plural;
    return option;
  }));
}

export function setupDesign() {
  fillGridMenu();
  register("design", {
    show: () => {
      if (state.design) drawDesign();
      else if (state.puzzle && (state.design = designOf(state.puzzle))) showDesign();
      else newDesign(8, 8);
      checkDesign();
    },
    // Another puzzle shown: a design nobody changed follows it.
    loaded: () => { if (state.design && !state.design.edited) state.design = null; },
    followsPuzzle: true,
  });
  $("design-new").addEventListener("submit", (e) => { e.preventDefault(); newDesign(...formSize()); });
  button("design-clear").addEventListener("click", () => newDesign(design().rows, design().cols, false));
  select("design-grid").addEventListener("change", () => newDesign(...formSize()));
  input("design-set").addEventListener("change", () => {
    const d = design();
    d.names = designNames();
    d.copies = {};
    d.preplaced = [];
    d.edited = true;
    buildCopies();
    drawDesign();
    checkDesign();
  });
  input("design-one-sided").addEventListener("change", () => { design().edited = true; checkDesign(); });
  for (const [id] of RULE_BOXES) {
    input(id).addEventListener("change", () => {
      const d = design();
      d.rules = RULE_BOXES.filter(([box]) => input(box).checked).map(([, rule]) => rule);
      d.edited = true;
      checkDesign();
    });
  }
  select("design-wrap").addEventListener("change", () => {
    const d = design();
    d.wrap = select("design-wrap").value;
    d.edited = true;
    checkDesign();
  });
  input("design-placing").addEventListener("change", drawDesignGhost);
  button("design-rotate").addEventListener("click", () => turnPiece("turn"));
  button("design-flip").addEventListener("click", () => turnPiece("flip"));
  select("design-piece").addEventListener("change", () => { design().orient = 0; drawDesignGhost(); });
  const board = svg("board");
  for (const type of ["pointerdown", "pointermove", "pointerup", "pointercancel"]) {
    board.addEventListener(type, (e) => designPointer(/** @type {PointerEvent} */ (e)));
  }
  board.addEventListener("pointerleave", () => { if (state.design) state.design.hover = null; drawGhost(board, null); });
  setupDesignButtons();
}

// Use it, ask whether its solution is unique, save it, share it.
function setupDesignButtons() {
  const bad = (/** @type {unknown} */ error) => setMessage($("design-message"), messageOf(error), "bad");
  button("design-use").addEventListener("click", async () => {
    const spec = designSpec();
    selectTab("solve");
    try {
      await loadPuzzle(api("/api/puzzle", { puzzle: spec }).then((p) => ({ toml: p.toml, source: "design.toml" })));
      toast("your puzzle is loaded: Solve, Count or Gallery");
    } catch (error) { selectTab("design"); bad(error); }
  });
  button("design-unique").addEventListener("click", async () => {
    const answer = $("design-unique-answer");
    answer.textContent = "Searching…";
    try {
      const r = await api("/api/unique", { puzzle: designSpec() });
      answer.textContent = r.answer === "unique" ? "Yes: exactly one solution (up to symmetry)."
        : r.answer === "no solution" ? "No: it has no solution." : "No: it has at least two solutions (up to symmetry).";
    } catch (error) { answer.textContent = messageOf(error); }
  });
  button("design-download").addEventListener("click", async () => {
    try { download("my-puzzle.toml", new Blob([await designToml()], { type: "application/toml" })); }
    catch (error) { bad(error); }
  });
  button("design-link").addEventListener("click", async () => {
    try { await copyLink(linkFor({ toml: await designToml() })); }
    catch (error) { bad(error); }
  });
}
