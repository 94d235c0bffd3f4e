// The Play tab's input: a piece picked up (from the tray or the board), dragged and dropped
// with Pointer Events (mouse, pen and touch alike), turned by key, wheel or button; the keys
// and buttons of the tab.

import { $, button } from "./dom.js";
import { currentTab } from "./page.js";
import { cellKey, sortedCells } from "./placement.js";
import { boardCellAt, drawPlay, letGo, refuse, setMessage, showHeld, target } from "./play-board.js";
import { orientationOf, pieceOf, turned } from "./play-rules.js";
import { commit, copyPositionLink, current, download, hint, redo, restart, turnPlaced, turnTray, undo } from "./play.js";
import { state } from "./state.js";

/** @typedef {import("./state.js").Game} Game */
/** @typedef {import("./play-rules.js").Turn} Turn */

/** The element at `selector` that `node` is in, if any. @param {EventTarget | null} node @param {string} selector */
function within(node, selector) {
  const found = node instanceof Element ? node.closest(selector) : null;
  return found instanceof HTMLElement || found instanceof SVGElement ? found : null;
}

/** @param {PointerEvent | WheelEvent} event */
function seen(event) {
  state.play.pointer = { x: event.clientX, y: event.clientY, inside: true };
}

/** Turn the held piece, the piece under the pointer or the one last touched; true if there was
 * one to turn. @param {Turn} how */
function turn(how) {
  const game = current();
  const solid = !!game.puzzle.pieces[0].turn2;
  if (how === "flip" && game.puzzle.one_sided) {
    if (!solid) {
      setMessage("The pieces of this puzzle are one-sided: they cannot be turned over.");
      return true;
    }
    how = "over";  // a solid is turned over by a half turn, not into its mirror image
  }
  if ((how === "turn2" || how === "turn3") && !solid) return true;
  if (game.held) {
    game.held.orient = turned(pieceOf(game.puzzle, game.held.name), how, game.held.orient);
    showHeld(game);
    return true;
  }
  const { x, y, inside } = state.play.pointer;
  const under = document.elementFromPoint(x, y);
  const onBoard = within(under, "#board g.piece.movable");
  const inTray = within(under, "#tray .tray-piece");
  const pre = game.puzzle.preplaced.length;
  if (onBoard && inside) { turnPlaced(Number(onBoard.dataset.index) - pre, boardCellAt(x, y), how); return true; }
  if (inTray) { turnTray(inTray.dataset.piece || "", how); return true; }
  const selected = game.selected;
  if (selected && "tray" in selected) { turnTray(selected.tray, how); return true; }
  if (selected) { turnPlaced(selected.index, selected.cell, how); return true; }
  return false;
}

/** @param {PointerEvent} event */
function onPointerDown(event) {
  const game = state.play.game;
  if (currentTab() !== "play" || !game || game.finish || event.button > 0) return;
  const trayItem = within(event.target, "#tray .tray-piece");
  const placed = within(event.target, "#board g.piece.movable");
  if (!trayItem && !placed) return;
  event.preventDefault();
  clearTimeout(state.play.refusedTimer);
  setMessage("");
  seen(event);
  if (trayItem) pickFromTray(game, event, trayItem.dataset.piece || "");
  else if (placed) pickFromBoard(game, event, Number(placed.dataset.index) - game.puzzle.preplaced.length);
  document.body.classList.add("dragging");
  drawPlay(game);
  showHeld(game);
}

/** Hold a piece of the tray by the cell grabbed. @param {Game} game @param {PointerEvent} event @param {string} name */
function pickFromTray(game, event, name) {
  const orient = game.trayOrient[name] || 0;
  const o = pieceOf(game.puzzle, name).orientations[orient];
  const grabbed = within(event.target, "[data-cell]")?.dataset.cell;
  const anchor = Math.max(0, o.findIndex((c) => cellKey(c) === grabbed));
  game.held = { name, orient, anchor, from: -1, pointerId: event.pointerId };
  game.selected = { tray: name };
}

/** Hold placement `index` by the cell grabbed. @param {Game} game @param {PointerEvent} event @param {number} index */
function pickFromBoard(game, event, index) {
  const { piece: name, cells } = game.placements[index];
  const grabbed = boardCellAt(event.clientX, event.clientY);
  const orient = orientationOf(pieceOf(game.puzzle, name), cells, game.puzzle.drawing);
  const anchor = Math.max(0, grabbed ? sortedCells(cells).findIndex((c) => cellKey(c) === cellKey(grabbed)) : 0);
  game.held = { name, orient, anchor, from: index, pointerId: event.pointerId };
  game.selected = { index, cell: grabbed };
}

/** @param {PointerEvent} event */
function onPointerMove(event) {
  seen(event);
  const game = state.play.game;
  if (!game || !game.held || event.pointerId !== game.held.pointerId) return;
  event.preventDefault();
  showHeld(game);
}

// The piece goes down where it is over the board (or is refused there); dropped off the board,
// a piece from the board goes back to the tray.
/** @param {PointerEvent} event */
function onPointerUp(event) {
  const game = state.play.game;
  if (!game || !game.held || event.pointerId !== game.held.pointerId) return;
  seen(event);
  const h = game.held;
  const t = event.type === "pointercancel" ? null : target(game);
  game.held = null;
  letGo();
  if (t && t.why) { drawPlay(game); refuse(t.cells, t.why); return; }
  if (t) {
    const placements = game.placements.slice();
    if (h.from >= 0) placements[h.from] = { piece: h.name, cells: t.cells };
    else placements.push({ piece: h.name, cells: t.cells });
    commit(placements);
    const { x, y } = state.play.pointer;
    game.selected = { index: h.from >= 0 ? h.from : placements.length - 1, cell: boardCellAt(x, y) };
    return;
  }
  if (h.from >= 0 && event.type !== "pointercancel") {  // dropped off the board: back to the tray
    game.trayOrient[h.name] = h.orient;
    commit(game.placements.filter((_, i) => i !== h.from));
    return;
  }
  drawPlay(game);
}

/** @param {WheelEvent} event */
function onWheel(event) {
  const game = state.play.game;
  if (!game || currentTab() !== "play") return;
  const over = within(event.target, "#board g.piece.movable") || within(event.target, "#tray .tray-piece");
  if (!game.held && !over) return;
  event.preventDefault();
  seen(event);
  turn(event.deltaY < 0 ? "back" : "turn");
}

/** Keys of the Play tab; true if taken. @param {KeyboardEvent} event */
export function playKey(event) {
  if (currentTab() !== "play") return false;
  const key = event.key.toLowerCase();
  const command = event.ctrlKey || event.metaKey;
  if (command && key === "z") { event.preventDefault(); if (event.shiftKey) redo(); else undo(); return true; }
  if (command && key === "y") { event.preventDefault(); redo(); return true; }
  if (command || event.altKey) return false;
  if (key === "r") return turn(event.shiftKey ? "back" : "turn") || true;
  if (key === "f") return turn("flip") || true;
  if (key === "t" || key === "x") return turn("turn2") || true;
  if (key === "y") return turn("turn3") || true;
  if (key === "z") return turn("turn") || true;
  if (key === "h") { hint(); return true; }
  if (key === " " || key.startsWith("arrow")) return true;  // not the Solve tab's keys here
  return false;
}

export function setupPlayInput() {
  document.addEventListener("pointerdown", onPointerDown);
  document.addEventListener("pointermove", onPointerMove, { passive: false });
  document.addEventListener("pointerup", onPointerUp);
  document.addEventListener("pointercancel", onPointerUp);
  document.addEventListener("wheel", onWheel, { passive: false });
  button("play-undo").addEventListener("click", undo);
  button("play-redo").addEventListener("click", redo);
  button("play-hint").addEventListener("click", () => hint(false));
  button("play-finish").addEventListener("click", () => hint(true));
  button("play-restart").addEventListener("click", restart);
  button("play-rotate").addEventListener("click", () => turn("turn"));
  button("play-flip").addEventListener("click", () => turn("flip"));
  button("play-turn2").addEventListener("click", () => turn("turn2"));
  button("play-turn3").addEventListener("click", () => turn("turn3"));
  button("play-turn-z").addEventListener("click", () => turn("turn"));
  $("play-layer", HTMLSelectElement).addEventListener("change", () => { const game = state.play.game; if (game?.held) showHeld(game); });
  button("play-download").addEventListener("click", download);
  button("play-link").addEventListener("click", copyPositionLink);
}
