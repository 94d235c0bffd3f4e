// Play mode: the board and a tray of the pieces not yet placed. A piece is dragged with Pointer
// Events (mouse, pen and touch share one path: play-input.js), turned with R or the mouse wheel
// and turned over with F while held or under the pointer, and snaps to cells; a drop that runs
// off the board or onto another piece is refused where it happens, in red (play-board.js).
// After each move the server counts the ways to finish in the background (the next move
// cancels it); hints and "finish it for me" come from a completion the server finds; a
// finished board is told which solution it is.
//
// This module holds the game (state.play.game): its moves, what the server says of them, and
// the position as a file and a link.

import { api, messageOf } from "./api.js";
import { button, download as save, fmt, svg, toast, $ } from "./dom.js";
import { streamTask } from "./tasks.js";
import { copyLink, linkFor, positionText } from "./links.js";
import { baseName, currentTab, register, selectTab } from "./page.js";
import { sortedCells } from "./placement.js";
import { markCells } from "./board.js";
import { drawPlay, drawTray, letGo, refuse, setMessage } from "./play-board.js";
import { freeCells, moveTo, orientationOf, pieceOf, refusal, turned } from "./play-rules.js";
import { state, puzzle } from "./state.js";

/** @typedef {import("./state.js").Game} Game */
/** @typedef {import("./placement.js").Cell} Cell */
/** @typedef {import("./placement.js").Placement} Placement */
/** @typedef {import("./play-rules.js").Turn} Turn */

const FINISH_MS = 160;  // between the pieces "finish it for me" puts down

// -- the game -------------------------------------------------------------------------------
/** A new game on the puzzle shown, from `placements`. @param {Placement[]} [placements] */
function newGame(placements = []) {
  const old = state.play.game;
  if (old) {  // nothing of the last game goes on
    stopWays(old);
    if (old.finish) clearTimeout(old.finish.timer ?? undefined);
    old.finish = null;
  }
  state.play.game = { puzzle: puzzle(), spec: state.spec, placements, undo: [], redo: [], held: null, selected: null,
                      trayOrient: {}, started: null, solved: null, ways: null, finish: null, bySolver: false, marked: [] };
}

/** The game on the puzzle shown (a new one if the puzzle changed). */
export function current() {
  const game = state.play.game;
  if (game && game.puzzle === state.puzzle) return game;
  newGame();
  return /** @type {Game} */ (state.play.game);
}

/** The line under the buttons: what the server says of the position; `warning`: there is no
 * way to finish. @param {string} text @param {boolean} [warning] */
const status = (text, warning = false) => {
  $("play-status").textContent = text;
  $("play-status").className = warning ? "status warning" : "status";
};

/** No way to finish from here: why, in warning colors, and the cells the reason names marked on
 * the board. @param {Game} game @param {string | null} reason @param {import("./placement.js").Cell[]} [cells] */
function noWay(game, reason, cells = []) {
  status(`no way to finish from here: ${reason}`, true);
  game.marked = cells;
  markCells(svg("board"), cells);
}

// -- moves ----------------------------------------------------------------------------------
/** Make `next` the position: a move, undone by Undo. @param {Placement[]} next */
export function commit(next) {
  const game = current();
  game.started ??= performance.now();  // the clock runs from the first move
  game.undo.push(game.placements);
  game.redo = [];
  game.placements = next;
  game.bySolver = false;
  afterMove(game);
}

/** Undo and redo: the position comes off one stack, and the one it replaces goes on the other.
 * @param {Placement[][]} from @param {Placement[][]} to */
function travel(from, to) {
  const game = current();
  if (!from.length || game.finish) return;
  to.push(game.placements);
  game.placements = /** @type {Placement[]} */ (from.pop());
  game.bySolver = false;
  setMessage("");
  afterMove(game);
}
export const undo = () => travel(current().undo, current().redo);
export const redo = () => travel(current().redo, current().undo);

/** After any change of the position: drawn, in the link, and asked about. @param {Game} game */
function afterMove(game) {
  game.selected = null;
  game.marked = [];
  drawPlay(game);
  updateLink(game);
  stopWays(game);
  if (!freeCells(game)) solved(game);
  else { game.solved = null; countWays(game); }
}

/** Turn a tray piece `how`. @param {string} name @param {Turn} how */
export function turnTray(name, how) {
  const game = current();
  game.trayOrient[name] = turned(pieceOf(game.puzzle, name), how, game.trayOrient[name] || 0);
  game.selected = { tray: name };
  drawTray(game);
}

/** Turn placement `index` on the board `how`, about `cell` (one of its cells): the first way the
 * turned piece covers that cell and fits is taken; if none fits, the turn is refused where it is.
 * @param {number} index @param {Cell | null} cell @param {Turn} how */
export function turnPlaced(index, cell, how) {
  const game = current();
  const { piece: name, cells } = game.placements[index];
  const shape = pieceOf(game.puzzle, name);
  const o = shape.orientations[turned(shape, how, orientationOf(shape, cells, game.puzzle.drawing))];
  const at = cell || sortedCells(cells)[0];
  let first = null;
  for (let k = 0; k < o.length; k++) {
    const next = moveTo(game.puzzle.drawing, o, k, at);
    if (!next) continue;
    first = first || next;
    if (!refusal(game, name, next, index)) {
      const placements = game.placements.slice();
      placements[index] = { piece: name, cells: next };
      commit(placements);
      game.selected = { index, cell: at };
      return;
    }
  }
  if (first) refuse(first, refusal(game, name, first, index));
}

// -- what the server says -------------------------------------------------------------------
/** @param {Game} game */
function stopWays(game) {
  if (!game.ways) return;
  game.ways.stop();
  game.ways = null;
}

/** @param {number} n */
const ways = (n) => `${fmt(n)} way${n === 1 ? "" : "s"} to finish`;

/** @typedef {{ elapsed: number, found: number }} WaysProgress */
/** @typedef {{ ways: number, reason: string | null, cells: Cell[] }} WaysResult */

/** @param {Game} game */
function countWays(game) {
  status("Counting the ways to finish…");
  const task = game.ways = streamTask({ kind: "ways", puzzle: game.spec, placements: game.placements }, {
    busyRetries: 21,  // a busy server (the last move's count still stopping): again shortly
    /** @param {WaysProgress} p */
    update: (p) => status(p.found > 0 ? `at least ${ways(p.found)} so far (counting, ${p.elapsed.toFixed(1)} s)`
      : `Counting the ways to finish… (${p.elapsed.toFixed(1)} s)`),
    /** @param {WaysResult} r */
    result: (r) => {
      end();
      document.body.dataset.ways = String(r.ways);
      if (r.ways > 0) status(`still ${ways(r.ways)}`);
      else noWay(game, r.reason, r.cells);
    },
    cancelled: (c) => { end(); status(c.timed_out ? "The count stopped at the server's time limit." : ""); },
    failed: (message) => { end(); status(message ?? "The connection was lost."); },
  });
  const end = () => { if (game.ways === task) game.ways = null; };
}

/** @param {number} ms */
function elapsed(ms) {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

// A finished board: how long it took, and which of the puzzle's solutions it is.
/** @param {Game} game */
async function solved(game) {
  const took = elapsed(game.started === null ? 0 : performance.now() - game.started);
  game.solved = { took };
  // "Finish it for me" put the last pieces down: the board was finished by the solver, not solved.
  const done = game.bySolver ? `Finished by the solver, after ${took}.` : `Solved in ${took}!`;
  status(`${done} Finding which solution it is…`);
  try {
    const r = await api("/api/play/solved", { puzzle: game.spec, placements: game.placements });
    if (state.play.game !== game || game.solved === null || freeCells(game)) return;
    const which = r.number != null ? `solution ${fmt(r.number)} of ${fmt(r.of)}` : `one of the ${fmt(r.of)} solutions`;
    status(`${done} This is ${which} up to symmetry.`);
    document.body.dataset.solved = String(r.number);
  } catch (error) {
    if (state.play.game === game) status(`${done} (${messageOf(error)})`);
  }
}

/** A hint: one more piece of a completion; `finish`: all of them, one by one (one move to undo).
 * @param {boolean} [finish] */
export async function hint(finish = false) {
  const game = current();
  if (game.finish || !freeCells(game)) return;
  setMessage("");
  status(finish ? "Finding a way to finish…" : "Finding a hint…");
  const asked = game.placements;
  let r;
  try {
    r = await api("/api/play/hint", { puzzle: game.spec, placements: asked, seed: Math.floor(Math.random() * 2 ** 31), finish });
  } catch (error) { status(messageOf(error)); return; }
  // An answer about a position that has changed meanwhile (a second click, a move) is dropped:
  // its pieces may lie on those put down since.
  if (state.play.game !== game || game.placements !== asked) return;
  if (!r.placements.length) { noWay(game, r.reason, r.cells); return; }
  if (!finish) { commit([...game.placements, r.placements[0]]); return; }
  putDownOneByOne(game, r.placements);
}

/** "Finish it for me": the completion's pieces go down one by one. @param {Game} game @param {Placement[]} rest */
function putDownOneByOne(game, rest) {
  stopWays(game);
  game.started ??= performance.now();
  game.undo.push(game.placements);  // the whole finish is one move to undo
  game.redo = [];
  rest = rest.slice();
  const finish = game.finish = { timer: /** @type {ReturnType<typeof setTimeout> | null} */ (null) };
  const step = () => {
    const next = rest.shift();
    if (state.play.game !== game || game.finish !== finish || !next) return;
    game.placements = [...game.placements, next];
    if (rest.length) { drawPlay(game); finish.timer = setTimeout(step, FINISH_MS); }
    else { game.finish = null; game.bySolver = true; afterMove(game); }
  };
  step();
}

/** @param {Game} game */
function stopFinish(game) {
  if (!game.finish) return;
  clearTimeout(game.finish.timer ?? undefined);
  game.finish = null;
  afterMove(game);
}

// -- the position as a file and a link ------------------------------------------------------
export async function download() {
  const game = current();
  try {
    const r = await api("/api/play/position", { puzzle: game.spec, placements: game.placements });
    save(`${baseName()}-position.toml`, new Blob([r.toml], { type: "application/toml" }));
  } catch (error) { setMessage(messageOf(error)); }
}

/** @param {Game} game */
function linkNow(game) {
  return linkFor(game.spec, { play: game.placements.length ? positionText(game.placements) : "" });
}

/** @param {Game} game */
function updateLink(game) {
  if (currentTab() === "play") history.replaceState(null, "", linkNow(game));
}

export const copyPositionLink = () => copyLink(linkNow(current()));

/** Open the Play tab on the puzzle shown, at `placements` if given (checked by the server first).
 * @param {Placement[]} placements */
export async function openPlay(placements) {
  if (placements.length) {
    try {
      await api("/api/play/position", { puzzle: state.spec, placements });
    } catch (error) { toast(`the link's position: ${messageOf(error)}`); placements = []; }
  }
  selectTab("play", placements);
}

// -- the tab --------------------------------------------------------------------------------
/** Let go of a held piece, stop a finish and the count: Escape, or the tab closes. */
export function escape() {
  const game = state.play.game;
  if (!game) return;
  if (game.held) {
    game.held = null;
    letGo();
    drawPlay(game);
  }
  stopFinish(game);
  stopWays(game);
}

/** Start again from an empty board. */
export function restart() {
  newGame();
  setMessage("");
  afterMove(current());
}

export function setupPlay() {
  register("play", {
    // The tab opens (placements: a shared link's, already checked by the server).
    show: (placements) => {
      if (!state.puzzle) return;
      if (placements) newGame(placements);
      const game = current();
      button("play-turn2").hidden = !pieceOf(game.puzzle, game.puzzle.pieces[0].name).turn2;
      setMessage("");
      afterMove(game);
    },
    hide: escape,  // the tab closes or the puzzle changes: nothing keeps running
    stop: escape,
    followsPuzzle: true,
  });
}
