// The Solve tab: one solution at a time (the first, the next, #n; in a random order with a
// seed), drawn tile by tile in the order the search put them down; "why no solution?"; the
// solution shown exported as the CLI's SVG, as PNG, and as the CLI's JSON line.

import { api, messageOf } from "./api.js";
import { $, button, download, fmt, input, toast } from "./dom.js";
import { register, selectTab, showPlacements, showPuzzle, baseName } from "./page.js";
import { solutionJsonLine, sortedPlacements } from "./placement.js";
import { state, puzzle } from "./state.js";

/** @typedef {import("./placement.js").Placement} Placement */

/** Stop drawing the solution's tiles one by one. */
export function stopAnimation() {
  clearTimeout(state.solve.timer ?? undefined);
  state.solve.timer = null;
}

// The time from asking for a solution to its last tile drawn, for bench/web.py.
function drawn() {
  document.body.dataset.solveMs = (performance.now() - state.solve.started).toFixed(1);
}

/** Draw `placements` one more at a time, after the pre-placed ones, at the delay set.
 * @param {Placement[]} placements */
function animate(placements) {
  stopAnimation();
  const delay = Number(input("delay").value);
  const pre = puzzle().preplaced.length;
  if (delay === 0) { showPlacements(placements); drawn(); return; }
  let shown = pre;
  const step = () => {
    shown += 1;
    showPlacements(placements.slice(0, shown));
    if (shown < placements.length) state.solve.timer = setTimeout(step, delay);
    else { state.solve.timer = null; drawn(); }
  };
  showPlacements(placements.slice(0, shown));
  state.solve.timer = setTimeout(step, delay);
}

/** Show solution `index` (from 0) of the listing; `fresh`: as Solve asks, reading the order
 * and seed again. @param {number} index @param {{ fresh?: boolean }} [options] */
export async function showSolution(index, { fresh = false } = {}) {
  await state.loading;
  if (!state.puzzle || state.solve.busy) return;
  const s = state.solve;
  if (fresh) {
    s.random = input("random").checked || input("seed").value !== "";
    s.seed = input("seed").value === "" ? null : Number(input("seed").value);
    s.total = null;
    s.complete = false;
  }
  if (index < 0) return;
  s.busy = true;
  s.started = performance.now();
  $("solve-status").textContent = index === 0 ? "Solving…" : `Finding solution #${index + 1}…`;
  try {
    const page = await api("/api/solutions", { puzzle: state.spec, symmetry: "full", offset: index, limit: 1,
                                               random: s.random, seed: s.seed });
    if (s.random) { s.seed = page.seed; if (input("seed").value === "") input("seed").placeholder = `any (was ${page.seed})`; }
    s.complete = page.complete;
    if (page.complete) s.total = page.listed;
    if (!page.solutions.length) { noMore(index, page.listed); return; }
    const sol = page.solutions[0];
    s.solution = sol;
    s.index = index;
    animate(sol.placements);
    const of = s.total != null ? ` of ${fmt(s.total)}` : "";
    $("solve-status").textContent = `Solution #${index + 1}${of}` + (s.random ? ` (random order, seed ${s.seed})` : "") +
      ` · found in ${(page.seconds * 1000).toFixed(0)} ms`;
    input("jump").value = String(index + 1);
  } catch (error) {
    $("solve-status").textContent = messageOf(error);
  } finally {
    s.busy = false;
  }
}

/** The listing has no solution `index`: it has `listed`. @param {number} index @param {number} listed */
function noMore(index, listed) {
  $("solve-status").textContent = index === 0
    ? `No solution: ${puzzle().no_solution || "this puzzle cannot be tiled with these pieces"}.`
    : `There are only ${fmt(listed)} solutions (up to symmetry).`;
  if (index === 0) $("why").hidden = false;
}

// "Why no solution?": what `pentomino check` says (the quick proofs, else the search to the
// second solution).
async function checkPuzzle() {
  await state.loading;
  const answer = $("check-answer");
  answer.textContent = "Checking…";
  try {
    const c = await api("/api/check", { puzzle: state.spec });
    answer.textContent = !c.solvable ? `No solution: ${c.reason}.`
      : c.unique ? "It has a solution, and only one (up to symmetry)."
      : "It has solutions: at least 2 (up to symmetry).";
  } catch (error) { answer.textContent = messageOf(error); }
}

/** Save the solution shown as the CLI writes it (svg, json) or as a picture (png).
 * @param {"svg" | "png" | "json"} kind */
async function exportSolution(kind) {
  const sol = state.solve.solution;
  if (!sol) { toast("solve first: there is no solution shown"); return; }
  const name = `${baseName()}-${state.solve.index + 1}`;
  if (kind === "json") {
    download(`${name}.json`, new Blob([solutionJsonLine(sol.placements) + "\n"], { type: "application/json" }));
    return;
  }
  // In the solution's order, as `pentomino solve --format svg` draws them.
  const svg = await api("/api/render", { puzzle: state.spec, placements: sortedPlacements(sol.placements) });
  if (kind === "svg") { download(`${name}.svg`, new Blob([svg], { type: "image/svg+xml" })); return; }
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  const img = new Image();
  img.onload = () => {
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth * 2;
    canvas.height = img.naturalHeight * 2;
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    ctx.scale(2, 2);
    ctx.drawImage(img, 0, 0);
    URL.revokeObjectURL(url);
    canvas.toBlob((blob) => { if (blob) download(`${name}.png`, blob); }, "image/png");
  };
  img.src = url;
}

/** Show `placements` in the Solve tab, where Export saves them: solution `index` (from 0) of the
 * gallery's listing, in `mode` (one per symmetry class: the Solve tab's listing too, so Next and
 * Previous go on from it). @param {Placement[]} placements @param {number} index
 * @param {import("./api.js").SymmetryMode} mode */
export function showFromGallery(placements, index, mode) {
  stopAnimation();
  const s = state.solve;
  s.solution = { index, placements };
  s.index = index;
  if (mode === "full") { s.random = false; s.seed = null; }
  selectTab("solve");
  $("solve-status").textContent = mode === "full" ? `Solution #${index + 1} (from the gallery)`
    : `Tiling #${index + 1} of every tiling (from the gallery)`;
}

/** The solution after the one shown (the first if none is). */
const next = () => showSolution(state.solve.solution ? state.solve.index + 1 : 0);
const previous = () => showSolution(state.solve.index - 1);

/** Space, the arrows: the Solve tab's keys, from any tab (it opens). @param {KeyboardEvent} event
 * @param {string} tag the focused element's */
export function solveKey(event, tag) {
  if (event.key === " " && tag !== "button") { event.preventDefault(); selectTab("solve"); showSolution(0, { fresh: true }); }
  if (event.key === "ArrowRight") { event.preventDefault(); selectTab("solve"); next(); }
  if (event.key === "ArrowLeft") { event.preventDefault(); selectTab("solve"); previous(); }
}

export function setupSolve() {
  register("solve", {
    show: () => { if (state.puzzle) showPuzzle(state.solve.solution ? state.solve.solution.placements : state.puzzle.preplaced); },
    stop: stopAnimation,
    loaded: (p) => {
      state.solve = { ...state.solve, solution: null, index: 0, total: null, complete: false };
      $("solve-status").textContent = p.no_solution ? `No solution: ${p.no_solution}.` : "Press Solve (or Space).";
      $("check-answer").textContent = "";
      $("why").hidden = !p.no_solution;  // offered once there is something to explain
    },
  });
  button("solve").addEventListener("click", () => showSolution(0, { fresh: true }));
  button("why").addEventListener("click", checkPuzzle);
  button("next").addEventListener("click", next);
  button("prev").addEventListener("click", previous);
  $("jump-form").addEventListener("submit", (e) => { e.preventDefault(); showSolution(Number(input("jump").value) - 1); });
  input("delay").addEventListener("input", () => { $("delay-out").textContent = `${input("delay").value} ms`; });
  for (const kind of /** @type {const} */ (["svg", "png", "json"])) {
    button(`export-${kind}`).addEventListener("click", () => exportSolution(kind).catch((e) => toast(messageOf(e))));
  }
}
