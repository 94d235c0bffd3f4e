// The Count tab: every solution counted, under each symmetry mode, with progress as it goes
// and the CLI's `count --json` line at the end.

import { $, button, fmt, fmtBig } from "./dom.js";
import { register } from "./page.js";
import { streamTask } from "./tasks.js";
import { state } from "./state.js";

/** @typedef {import("./state.js").CountProgress} CountProgress */
/** @typedef {import("./api.js").SymmetryMode} SymmetryMode */
/** What a count ends with (_count in web/app.py): `pentomino count --json`'s fields and more.
 * @typedef {{ by_mode: Record<SymmetryMode, string | null>, seconds: number, nodes: number, method: string,
 *             parts: number, json_line: string }} CountResult */

/** @type {SymmetryMode[]} */
const MODES = ["full", "rotations", "none"];

const progressBar = () => $("count-progress", HTMLProgressElement);
/** @param {string} text */
const status = (text) => { $("count-status").textContent = text; };

function resetCounts() {
  for (const m of MODES) $(`count-${m}`).textContent = "–";
  $("count-json").textContent = "";
  status("");
  progressBar().value = 0;
  if (state.puzzle) {
    $("count-full-label").textContent = `Up to symmetry (${state.puzzle.group_order.full})`;
    $("count-rotations-label").textContent = `Up to rotations (${state.puzzle.group_order.rotations})`;
  }
}

/** The buttons of a count running (or not). @param {boolean} running */
function counting(running) {
  button("count").disabled = running;
  button("count-cancel").disabled = !running;
}

function cancelCount() {
  const c = state.count;
  if (!c || !c.task.running()) return;
  c.task.stop();
  counting(false);
  progressBar().value = c.fraction;  // no longer "under way" (a bar with no value)
  const seconds = (performance.now() - c.started) / 1000;
  status(`Cancelled after ${seconds.toFixed(1)} s` +
    (c.last ? ` (${fmt(c.last.found)} solutions so far, ${fmt(c.last.nodes)} nodes)` : ", before any progress") + ".");
}

async function startCount() {
  await state.loading;
  cancelCount();
  resetCounts();
  const task = streamTask({ kind: "count", puzzle: state.spec }, {
    opened: () => {
      status("Counting…");
      progressBar().removeAttribute("value");
    },
    /** @param {CountProgress} p */
    update: (p) => {
      c.last = p;
      // Parts are found as the count splits the search (121, then 146, then 205 known): the
      // part done of those known may fall, the bar does not.
      if (p.total > 0) c.fraction = Math.max(c.fraction, p.done / p.total);
      progressBar().max = 1;
      progressBar().value = c.fraction;
      // No parts known yet: the count is still trying both methods to choose one.
      const parts = p.total === 0 ? "choosing the method" : `${fmt(p.done)}/${fmt(p.total)} parts`;
      status(`${p.elapsed.toFixed(1)} s · ${fmt(p.found)} solutions so far · ` +
        `${parts} · ${fmt(p.nodes_per_second)} nodes/s`);
    },
    result: showCount,
    cancelled: (e) => { counting(false); status(e.timed_out ? "Stopped at the server's time limit." : "Cancelled."); },
    failed: (message) => { counting(false); status(message ?? "The connection was lost."); },
  });
  /** @type {import("./state.js").CountState} */
  const c = state.count = { task, last: null, started: performance.now(), fraction: 0 };
  counting(true);  // Cancel (or Escape) works from now, before the server has named the count
  status("Starting…");
}

/** @param {CountResult} r */
function showCount(r) {
  counting(false);
  progressBar().max = 1;
  progressBar().value = 1;
  for (const m of MODES) $(`count-${m}`).textContent = fmtBig(r.by_mode[m]);
  const rate = r.seconds > 0 ? Math.round(r.nodes / r.seconds) : 0;
  status(`Done in ${r.seconds.toFixed(3)} s · ${fmt(r.nodes)} nodes` +
    (r.method === "search" ? ` · ${fmt(rate)} nodes/s` : " · counted by states (memo)") +
    ` · ${fmt(r.parts)} parts`);
  $("count-json").textContent = r.json_line;
}

export function setupCount() {
  register("count", {
    stop: cancelCount,
    loaded: () => { state.count = null; resetCounts(); },
  });
  button("count").addEventListener("click", startCount);
  button("count-cancel").addEventListener("click", cancelCount);
}
