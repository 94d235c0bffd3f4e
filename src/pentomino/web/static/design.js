// The Design tab: a board drawn cell by cell on squares, triangles or hexagons, its pieces
// (piece sets and pieces, copies of each, one-sided or not) and pieces put down in advance,
// checked by the server as it changes; then used, checked for a unique solution, saved as a
// puzzle file or shared as a link.

import { api, messageOf } from "./api.js";
import { drawBoard, drawGhost } from "./board.js";
import { $, button, download, input, select, setMessage, svg, toast } from "./dom.js";
import { copyLink, linkFor } from "./links.js";
import { currentTab, loadPuzzle, noSolutionNote, register, selectTab } from "./page.js";
import { cellKey, cellOfKey, byCell } from "./placement.js";
import { state, info } from "./state.js";

/** @typedef {import("./state.js").DesignState} DesignState */
/** @typedef {import("./api.js").DesignJson} DesignJson */
/** @typedef {import("./api.js").Shape} Shape */
/** @typedef {import("./placement.js").Cell} Cell */

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
                             paint: null, timer: undefined };
  if (full) for (const cell of designArea(d)) d.cells.add(cellKey(cell));
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
                     one_sided: oneSided === impliedOneSided() ? null : oneSided, preplaced: d.preplaced } };
}

// Under "Copies of each piece", a field for each piece; under Piece, each piece to place.
function buildCopies() {
  const box = $("design-copies");
  box.replaceChildren();
  const pick = select("design-piece");
  pick.replaceChildren();
  input("design-one-sided").checked = impliedOneSided();
  for (const name of designPieces()) {
    const label = document.createElement("label");
    label.textContent = name;
    const field = document.createElement("input");
    field.value = "1";
    field.setAttribute("aria-label", `Copies of ${name}`);
    field.title = "a number, any, or min-max";
    field.addEventListener("input", () => {
      const v = field.value.trim();
      const m = v.match(/^(\d+)\s*-\s*(\d+)$/);
      if (v === "" || v === "1") delete design().copies[name];
      else design().copies[name] = m ? [Number(m[1]), Number(m[2])] : /^\d+$/.test(v) ? Number(v) : v;
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

/** The cells of orientation `o` moved to lie on `cell`: one of its cells lands there, the first
 * that a move of the grid can take there (on triangles, only a triangle pointing the same way).
 * @param {Cell[]} o @param {string} cell a cellKey @returns {Cell[]} */
function placedAt(o, cell) {
  const [r, c] = cellOfKey(cell);
  const step = info().grids[design().grid].step;
  const anchor = o.find(([a, b]) => (((r - a + c - b) % step) + step) % step === 0) || o[0];
  return o.map(([dr, dc]) => [r + dr - anchor[0], c + dc - anchor[1]]);
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
      setMessage($("design-message"), `OK: ${p.area} cells; ${p.pieces.length} pieces` +
        (p.pieces.every((x) => x.max !== null) ? ` covering ${used}` : "") +
        `; ${p.group_order.full} symmetries` + noSolutionNote(p), p.no_solution ? "notice" : "good");
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
    const o = designOrientation();
    if (cell && o) drawGhost(svg("board"), placedAt(o, cell), designShape()?.color);
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
    if (!cells.every((c) => d.cells.has(cellKey(c)))) { toast("the piece must lie on board cells"); return; }
    d.preplaced.push({ piece: select("design-piece").value, cells });
  }
  drawDesign();
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
  register("design", { show: () => { if (!state.design) newDesign(8, 8); else drawDesign(); checkDesign(); } });
  $("design-new").addEventListener("submit", (e) => { e.preventDefault(); newDesign(...formSize()); });
  button("design-clear").addEventListener("click", () => newDesign(design().rows, design().cols, false));
  select("design-grid").addEventListener("change", () => newDesign(...formSize()));
  input("design-set").addEventListener("change", () => {
    const d = design();
    d.names = designNames();
    d.copies = {};
    d.preplaced = [];
    buildCopies();
    drawDesign();
    checkDesign();
  });
  input("design-one-sided").addEventListener("change", checkDesign);
  button("design-rotate").addEventListener("click", () => turnPiece("turn"));
  button("design-flip").addEventListener("click", () => turnPiece("flip"));
  select("design-piece").addEventListener("change", () => { design().orient = 0; });
  const board = svg("board");
  for (const type of ["pointerdown", "pointermove", "pointerup", "pointercancel"]) {
    board.addEventListener(type, (e) => designPointer(/** @type {PointerEvent} */ (e)));
  }
  board.addEventListener("pointerleave", () => drawGhost(board, null));
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
