// The page of `pentomino serve`: pick, solve, play, watch, count, browse and design puzzles.
// Everything is checked and searched by the server (the same library as the CLI); the page
// only asks and draws.
//
// This module starts the page: the puzzle picker, each tab's module, the keys, and the puzzle
// (and play position) the link names. The modules, from the bottom up:
//   dom.js, placement.js, api.js, links.js,  helpers: elements, the wire format, requests, links,
//   opening.js                                 the cells a labelled board leaves open
//   tasks.js                                  a server task's event stream, and cancelling it
//   board.js                                 drawing boards and solutions as SVG
//   solid3d.js, solid-view.js                a solid in 3-D, and the stage's view of it
//   state.js                                 the page's state, one object, typed
//   page.js                                  the open tab and the puzzle shown; tabs register
//   solve.js, watch.js, count.js, gallery.js, design.js, file.js,
//   play-rules.js, play-board.js, play.js, play-input.js   the tabs
//   calendar.js                              a calendar's date (or labels) and the Year tab

import { api, messageOf } from "./api.js";
import { $, select, toast } from "./dom.js";
import { setupCalendar } from "./calendar.js";
import { setupCount } from "./count.js";
import { designKey, setupDesign } from "./design.js";
import { editFile, setupFile } from "./file.js";
import { setupGallery } from "./gallery.js";
import { playFromHash, specFromHash } from "./links.js";
import { loadPuzzle, selectTab, showNoPuzzle, stopEverything } from "./page.js";
import { openPlay, setupPlay } from "./play.js";
import { playKey, setupPlayInput } from "./play-input.js";
import { setupSolidView } from "./solid-view.js";
import { setupSolve, solveKey } from "./solve.js";
import { state } from "./state.js";
import { setupWatch } from "./watch.js";

/** @typedef {import("./api.js").Info} Info */

/** Inputs that take no typed text: the page's keys work while one has the focus (Space stays a
 * checkbox's own). */
const NOT_TYPED_INTO = ["checkbox", "radio", "button", "submit", "reset", "color", "file"];

/** @param {KeyboardEvent} event */
function onKey(event) {
  const target = event.target;
  const control = target instanceof HTMLInputElement && NOT_TYPED_INTO.includes(target.type);
  const tag = control ? "button" : target instanceof Element ? target.tagName.toLowerCase() : "";
  if (["input", "textarea", "select"].includes(tag)) return;
  if (event.key === "Escape") { stopEverything(); return; }
  if (playKey(event)) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (designKey(event)) return;
  solveKey(event, tag);
}

/** The built-in puzzles under Puzzle, by grid; and the rectangle form. @param {Info} info */
function setupPicker(info) {
  const picker = select("puzzle-select");
  const blank = document.createElement("option");
  blank.value = "";
  blank.textContent = "(your own puzzle)";
  blank.disabled = true;
  picker.appendChild(blank);
  /** @type {Map<string, HTMLOptGroupElement>} */
  const groups = new Map();
  for (const p of info.puzzles) {
    let group = groups.get(p.grid);
    if (!group) {
      group = document.createElement("optgroup");
      group.label = info.grids[p.grid] ? info.grids[p.grid].title : p.grid;
      groups.set(p.grid, group);
    }
    const o = document.createElement("option");
    o.value = p.name;
    o.textContent = `${p.name} — ${p.description}`;
    group.appendChild(o);
  }
  picker.append(...groups.values());
  picker.addEventListener("change", () => loadPuzzle({ name: picker.value }).catch((e) => toast(messageOf(e))));
  $("rect-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const rows = $("rect-rows", HTMLInputElement).value, cols = $("rect-cols", HTMLInputElement).value;
    loadPuzzle({ name: `${rows}x${cols}` }).catch((error) => showNoPuzzle(Number(rows), Number(cols), messageOf(error)));
  });
}

/** The puzzle and play position the link names, when it changes (a link opened in this tab). */
async function followLink() {
  const spec = specFromHash(toast);
  const placements = playFromHash(toast);
  if (!spec) return;
  try {
    await loadPuzzle(spec, { keepHash: true });
    if (placements) await openPlay(placements);
  } catch (e) { toast(messageOf(e)); }
}

/** Say "preparing the solver" while the server compiles its kernels (its first start after an
 * install: tens of seconds, see web/warmup.py), asking /api/status every second until it is ready. */
async function showSolverWarmUp() {
  const notice = $("solver-status");
  for (;;) {
    const { solver } = await api("/api/status");
    notice.hidden = solver !== "preparing";
    if (solver === "ready") return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function main() {
  setupPlay();
  setupPlayInput();
  state.info = await api("/api/info");
  showSolverWarmUp().catch(() => { $("solver-status").hidden = true; });
  setupPicker(state.info);
  for (const tab of document.querySelectorAll('[role="tab"]')) {
    tab.addEventListener("click", () => selectTab(/** @type {import("./page.js").TabName} */ (tab.id.slice(4))));
  }
  document.addEventListener("keydown", onKey);
  setupSolve();
  setupSolidView();
  setupCount();
  setupWatch();
  setupGallery();
  setupCalendar();
  setupDesign();
  setupFile();
  window.addEventListener("hashchange", followLink);
  const linked = specFromHash(toast);
  const spec = linked || { name: "6x10" };
  const placements = playFromHash(toast);
  try {
    await loadPuzzle(spec, { keepHash: !!linked });
    if (placements) await openPlay(placements);
  } catch (error) {
    $("puzzle-title").textContent = messageOf(error);
    if ("toml" in spec) editFile(spec.toml);
  }
  document.body.dataset.ready = "1";
}

main().catch((error) => { $("puzzle-title").textContent = `the page could not start: ${messageOf(error)}`; });
