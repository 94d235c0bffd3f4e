// What the Play tab draws: the board with the pieces put down (those the player may move
// marked), the tray of pieces left, the held piece (a ghost over the board, or floating by the
// pointer off it) and a refused drop, in red, for a moment.

import { drawBoard, drawGhost, markCells } from "./board.js";
import { $, button, newSvg, svg } from "./dom.js";
import { cellKey, cellOfKey } from "./placement.js";
import { freeCells, left, pieceOf, placedAt, refusal } from "./play-rules.js";
import { drawSolid, FRONT } from "./solid3d.js";
import { showSolid, showSolidGhost } from "./solid-view.js";
import { state } from "./state.js";

/** @typedef {import("./state.js").Game} Game */
/** @typedef {import("./placement.js").Cell} Cell */
/** @typedef {import("./api.js").PuzzleJson} PuzzleJson */

const REFUSED_MS = 1200;  // how long a refused drop stays on the board
const TRAY_CELL = 15;  // px a cell in the tray

// The floating piece is an <svg>, which has no `hidden` property (HTMLElement's): its attribute
// is set, which the style sheet's [hidden] reads.
/** @param {boolean} shown */
const showFloat = (shown) => svg("play-float").toggleAttribute("hidden", !shown);

/** A board of no cells, for drawing one piece in the puzzle's colors. @param {Game} game */
const pieceBoard = (game) => ({ cells: [], drawing: game.puzzle.drawing, pieces: game.puzzle.pieces, bounds: game.puzzle.bounds });

/** A line under the buttons: why a move was refused, or what went wrong. @param {string} text */
export function setMessage(text) {
  $("play-message").textContent = text;
}

/** The board, the tray, the buttons and the caption, for `game` as it is. @param {Game} game */
export function drawPlay(game) {
  const skip = game.held ? game.held.from : -1;
  const shown = game.placements.filter((_, i) => i !== skip);
  drawBoard(svg("board"), game.puzzle, [...game.puzzle.preplaced, ...shown], { labels: true });
  showSolid(game.puzzle, [...game.puzzle.preplaced, ...shown]);
  showLayerChoice(game.puzzle);
  const pre = game.puzzle.preplaced.length;
  for (const g of svg("board").querySelectorAll("g.piece")) {
    if (g instanceof SVGElement && Number(g.dataset.index) >= pre) g.classList.add("movable");
  }
  markCells(svg("board"), game.marked);
  drawTray(game);
  const free = freeCells(game);
  button("play-undo").disabled = !game.undo.length || !!game.finish;
  button("play-redo").disabled = !game.redo.length || !!game.finish;
  button("play-hint").disabled = button("play-finish").disabled = !!game.finish || !free;
  const n = game.placements.length;
  $("stage-caption").textContent = `${n} piece${n === 1 ? "" : "s"} placed · ${free} cells free`;
}

/** The pieces left, each in the orientation last given it, with how many are left. @param {Game} game */
export function drawTray(game) {
  const tray = $("tray");
  tray.replaceChildren();
  for (const p of game.puzzle.pieces) {
    const n = left(game, p.name) - (game.held && game.held.from < 0 && game.held.name === p.name ? 1 : 0);
    if (n <= 0) continue;
    const o = p.orientations[game.trayOrient[p.name] || 0];
    const item = document.createElement("div");
    item.className = "tray-piece";
    item.dataset.piece = p.name;
    item.setAttribute("role", "button");
    item.setAttribute("aria-label", `Piece ${p.name}`);
    if (game.selected && "tray" in game.selected && game.selected.tray === p.name) item.classList.add("selected");
    const picture = newSvg();
    const space = game.puzzle.drawing.space;
    if (space) drawSolid(picture, space, [], [{ piece: p.name, cells: o }], { [p.name]: p.color }, { ...FRONT, size: TRAY_CELL });
    else drawBoard(picture, pieceBoard(game), [{ piece: p.name, cells: o }], { size: TRAY_CELL, labels: false });
    const label = document.createElement("span");
    label.textContent = n === Infinity ? `${p.name} ×any` : n > 1 ? `${p.name} ×${n}` : p.name;
    item.append(picture, label);
    tray.appendChild(item);
  }
  if (!tray.children.length) {
    const empty = document.createElement("p");
    empty.className = "hint";
    empty.textContent = "Every piece is on the board.";
    tray.appendChild(empty);
  }
}

/** The floating piece that follows the pointer off the board, at the board's scale. @param {Game} game */
function drawFloat(game) {
  const h = game.held;
  if (!h) return;
  const float = svg("play-float");
  const box = svg("board").getBoundingClientRect();
  const view = svg("board").viewBox.baseVal;
  const size = view && view.width ? 24 * box.width / view.width : 24;
  const o = pieceOf(game.puzzle, h.name).orientations[h.orient];
  const space = game.puzzle.drawing.space;  // a solid floats in 3-D, as the tray shows it
  if (space) drawSolid(float, space, [], [{ piece: h.name, cells: o }], { [h.name]: pieceOf(game.puzzle, h.name).color }, { ...FRONT, size: TRAY_CELL * 1.5 });
  else drawBoard(float, pieceBoard(game), [{ piece: h.name, cells: o }], { size, labels: false });
  showFloat(true);
  const anchor = float.querySelector(`[data-cell="${cellKey(o[Math.min(h.anchor, o.length - 1)])}"]`);
  const seen = anchor && anchor.getBoundingClientRect().width > 0;  // a cube hidden by the others has no faces
  const f = float.getBoundingClientRect(), a = anchor && seen ? anchor.getBoundingClientRect() : f;
  h.offset = [a.left + a.width / 2 - f.left, a.top + a.height / 2 - f.top];
}

/** @param {Game} game */
function moveFloat(game) {
  const float = svg("play-float"), offset = game.held?.offset || [0, 0];
  const { x, y } = state.play.pointer;
  float.style.left = `${x - offset[0]}px`;
  float.style.top = `${y - offset[1]}px`;
}

/** The board cell at (x, y) in px, or null: on the flat board, or the nearest cube of a solid's
 * 3-D view (a held piece, drawn over them, lets the pointer through).
 * @param {number} x @param {number} y @returns {Cell | null} */
export function boardCellAt(x, y) {
  for (const node of document.elementsFromPoint(x, y)) {
    if (node.closest("#board") && node instanceof SVGElement && node.dataset.cell) return cellOfKey(node.dataset.cell);
    const body = node.closest("#solid g.body");
    if (body instanceof SVGElement && body.dataset.cell) return cellOfKey(body.dataset.cell);
    if (node.id === "board" || node.id === "solid") return null;
  }
  return null;
}

/** Where the held piece would go now: {cells, why} over the board, or null off it.
 * @param {Game} game @returns {{ cells: Cell[], why: string | null } | null} */
export function target(game) {
  const h = game.held;
  if (!h) return null;
  const cell = boardCellAt(state.play.pointer.x, state.play.pointer.y);
  if (!cell) return null;
  const o = pieceOf(game.puzzle, h.name).orientations[h.orient];
  const placed = placedAt(game.puzzle.drawing, o, h.anchor, cell);
  if (!placed) return null;
  const cells = inLayerChosen(placed);
  return { cells, why: refusal(game, h.name, cells, h.from) };
}

// -- a solid's pieces go down in the layer chosen ----------------------------------------------
/** The puzzle whose layers are offered. @type {PuzzleJson | null} */
let layersOf = null;

/** Offer the layers of a solid to drop pieces in (none on a flat board), once a puzzle.
 * @param {PuzzleJson} puzzle */
function showLayerChoice(puzzle) {
  if (puzzle === layersOf) return;
  layersOf = puzzle;
  const layers = puzzle.drawing.space ? puzzle.drawing.layers : undefined;
  $("play-solid").hidden = !layers;
  const choice = $("play-layer", HTMLSelectElement);
  choice.replaceChildren(choice.options[0]);
  for (let k = 0; layers && k < layers.count; k++) {
    const z = layers.first + k;
    const o = document.createElement("option");
    o.value = String(z);
    o.textContent = `z = ${z}`;
    choice.appendChild(o);
  }
}

/** `cells` moved up or down so that the piece's lowest cells lie in the layer chosen (where the
 * pointer is when none is). @param {Cell[]} cells */
function inLayerChosen(cells) {
  const chosen = $("play-layer", HTMLSelectElement).value;
  if (chosen === "" || $("play-solid").hidden) return cells;
  const up = Number(chosen) - Math.min(...cells.map((c) => c[0]));
  return cells.map(([z, ...rest]) => [z + up, ...rest]);
}

/** The held piece where the pointer is: a ghost on the board, or floating off it. @param {Game} game */
export function showHeld(game) {
  const t = target(game);
  if (t && game.held) {
    showFloat(false);
    drawGhost(svg("board"), t.cells, pieceOf(game.puzzle, game.held.name).color, { refused: !!t.why });
    showSolidGhost({ cells: t.cells, color: t.why ? "#d92d20" : pieceOf(game.puzzle, game.held.name).color });
  } else {
    drawGhost(svg("board"), null);
    showSolidGhost(null);
    drawFloat(game);
    moveFloat(game);
  }
}

/** No piece held any more: no ghost, nothing floating. */
export function letGo() {
  document.body.classList.remove("dragging");
  showFloat(false);
  drawGhost(svg("board"), null);
  showSolidGhost(null);
}

/** `cells` in red where they would have gone, and why not, for a moment. @param {Cell[]} cells @param {string | null} why */
export function refuse(cells, why) {
  clearTimeout(state.play.refusedTimer);
  drawGhost(svg("board"), cells, "#d92d20", { refused: true });
  setMessage(`Refused: ${why}.`);
  state.play.refusedTimer = setTimeout(() => {
    const game = state.play.game;
    if (!game || !game.held) drawGhost(svg("board"), null);
  }, REFUSED_MS);
}
