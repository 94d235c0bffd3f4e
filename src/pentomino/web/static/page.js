// The page's frame: which tab is open, and which puzzle is shown. Each tab's module registers
// what it does when it opens, closes, stops and meets a new puzzle (register), so this module,
// below them all, calls up to none of them by name.

import { api } from "./api.js";
import { drawBoard } from "./board.js";
import { $, fmt, input, plural, select, setMessage, svg } from "./dom.js";
import { linkFor } from "./links.js";
import { defaultOpening, withOpening } from "./opening.js";
import { showSolid } from "./solid-view.js";
import { state, puzzle } from "./state.js";

/** @typedef {import("./api.js").PuzzleJson} PuzzleJson */
/** @typedef {import("./api.js").PuzzleSpec} PuzzleSpec */
/** @typedef {import("./placement.js").Placement} Placement */
/** @typedef {"solve" | "play" | "watch" | "count" | "gallery" | "year" | "design" | "file"} TabName */

/**
 * What a tab's module does as the page changes around it. Every part may be left out.
 * @typedef {Object} Tab
 * @property {(placements: Placement[] | null) => void} [show] the tab opens (placements: the Play
 *   tab's position, from a link); left out, the tab shows the puzzle with its pre-placed pieces
 * @property {() => void} [hide] another tab opens
 * @property {() => void} [stop] Escape was pressed, or another puzzle is coming: stop what runs
 * @property {(puzzle: PuzzleJson) => void} [loaded] another puzzle is shown
 * @property {boolean} [followsPuzzle] shown again (`show`) when another puzzle is, if open
 */

/** @type {Map<TabName, Tab>} */
const tabs = new Map();

/** @param {TabName} name @param {Tab} tab */
export function register(name, tab) {
  tabs.set(name, tab);
}

/** @returns {TabName} */
export function currentTab() {
  const t = document.querySelector('[role="tab"][aria-selected="true"]');
  return t ? /** @type {TabName} */ (t.id.slice(4)) : "solve";
}

/** Open tab `name`; `placements`: the Play tab's position (from a link, checked by the server).
 * @param {TabName} name @param {Placement[] | null} [placements] */
export function selectTab(name, placements = null) {
  for (const tab of document.querySelectorAll('[role="tab"]')) {
    const on = tab.id === `tab-${name}`;
    tab.setAttribute("aria-selected", String(on));
    if (tab instanceof HTMLElement) tab.tabIndex = on ? 0 : -1;
    $(tab.getAttribute("aria-controls") || "").hidden = !on;
  }
  const gallery = name === "gallery", year = name === "year";  // shown instead of the board
  $("gallery").hidden = !gallery;
  $("year-map").hidden = !year;
  $("board-box").hidden = gallery || year;
  $("stage-caption").hidden = gallery || year;
  $("tray").hidden = name !== "play";
  $("board-box").classList.toggle("playing", name === "play");
  $("board-box").classList.toggle("designing", name === "design");  // a flat board, drawn cell by cell
  for (const [other, tab] of tabs) if (other !== name) tab.hide?.();
  const show = tabs.get(name)?.show;
  if (show) show(placements);
  else if (state.puzzle) showPuzzle(state.puzzle.preplaced);
}

/** The puzzle on the board, with `placements`, and what it is under it. @param {Placement[]} placements */
export function showPuzzle(placements) {
  showPlacements(placements);
  $("stage-caption").textContent = captionOf(puzzle());
}

/** What the caption says of a puzzle: its cells, pieces and symmetries. @param {PuzzleJson} p */
const captionOf = (p) => `${fmt(p.area)} cells · ${plural(p.pieces.length, "piece")}` + (p.one_sided ? " (one-sided)" : "") +
  ` · ${plural(p.group_order.full, "symmetry", "symmetries")}`;

/** The Rows and Columns of the rectangle form follow the puzzle shown: its size when it is a
 * whole rectangle of the default grid's cells, empty otherwise. @param {PuzzleJson} p */
function followRectangle(p) {
  const [r0, c0, r1, c1] = p.bounds;
  const rows = r1 - r0 + 1, cols = c1 - c0 + 1;
  const rectangle = p.dims === 2 && p.grid === state.info?.default_grid && p.area === rows * cols;
  input("rect-rows").value = rectangle ? String(rows) : "";
  input("rect-cols").value = rectangle ? String(cols) : "";
}

/**
 * A rectangle that is no puzzle (the rectangle form's, say 40 x 40: its area is not the pieces'):
 * its board drawn, blank, and the server's message under the title, which stays the puzzle's
 * still open. @param {number} rows @param {number} cols @param {string} message
 */
export function showNoPuzzle(rows, cols, message) {
  setMessage($("puzzle-message"), message, "bad");
  const info = state.info;
  if (!info || !(rows > 0 && cols > 0)) return;
  /** @type {import("./placement.js").Cell[]} */
  const cells = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) cells.push([r, c]);
  drawBoard(svg("board"), { cells, drawing: info.grids[info.default_grid], bounds: [0, 0, rows - 1, cols - 1], pieces: [] }, []);
  $("stage-caption").textContent = `${fmt(rows)} × ${fmt(cols)}: ${fmt(rows * cols)} cells, not a puzzle (see above)`;
}

/** `placements` on the puzzle's board. @param {Placement[]} placements */
export function showPlacements(placements) {
  drawBoard(svg("board"), puzzle(), placements, { labels: true });
  showSolid(puzzle(), placements);
}

/** Escape, or another puzzle coming: nothing keeps running. */
export function stopEverything() {
  for (const tab of tabs.values()) tab.stop?.();
}

/**
 * Show the puzzle `spec` names. Actions wait for a puzzle that is still loading (`state.loading`),
 * so they never run on the previous one. `spec` may be a promise (a design still being written out).
 * A calendar that `spec` does not open on a date opens on today's (another labelled board on the
 * first label of each group): `state.spec` says so, and every request sends it.
 * @param {PuzzleSpec | Promise<PuzzleSpec>} spec
 * @param {{ keepHash?: boolean }} [options] keepHash: the link already names it (leave the address be)
 * @returns {Promise<PuzzleJson>}
 */
export function loadPuzzle(spec, options = {}) {
  const loading = loadPuzzleAfter(state.loading, spec, options);
  state.loading = loading.catch(() => {});
  return loading;
}

/**
 * @param {Promise<unknown>} previous
 * @param {PuzzleSpec | Promise<PuzzleSpec>} specOrPromise
 * @param {{ keepHash?: boolean }} options
 */
async function loadPuzzleAfter(previous, specOrPromise, { keepHash = false }) {
  await previous;
  let spec = await specOrPromise;
  stopEverything();
  let loaded = await api("/api/puzzle", { puzzle: spec });
  if (loaded.to_open) {
    spec = withOpening(spec, defaultOpening(loaded));
    loaded = await api("/api/puzzle", { puzzle: spec });
  }
  state.spec = spec;
  state.puzzle = loaded;
  $("puzzle-title").textContent = loaded.name || "puzzle";
  setMessage($("puzzle-message"), "", "");
  followRectangle(loaded);
  const picker = select("puzzle-select");
  const name = "name" in spec ? spec.name : "";
  picker.value = name && [...picker.options].some((o) => o.value === name) ? name : "";
  if (!keepHash) history.replaceState(null, "", linkFor(spec));
  for (const tab of tabs.values()) tab.loaded?.(loaded);
  showPuzzle(loaded.preplaced);
  const open = tabs.get(currentTab());
  if (open?.followsPuzzle) open.show?.(null);
  return loaded;
}

/** A file name for what the page saves of the puzzle shown: its name, in safe characters. */
export function baseName() {
  const name = ("name" in state.spec ? state.spec.name : "") || puzzle().name || "puzzle";
  return name.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-|-$/g, "") || "puzzle";
}

/** What the server made of a draft (`summary`: its size and pieces): "OK" when nothing shows it
 * has no solution; a puzzle that builds but has none says so first, in the quick proof's words.
 * @param {PuzzleJson} p @param {string} summary @returns {[string, import("./dom.js").MessageKind]} */
export const draftVerdict = (p, summary) => (p.no_solution
  ? [`No solution: ${p.no_solution}.\nThe puzzle builds: ${summary}.`, "notice"]
  : [`OK: ${summary}.`, "good"]);
