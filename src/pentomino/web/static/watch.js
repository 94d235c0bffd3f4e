// The Watch tab: the search as it runs, frame by frame (pieces put down and taken off), at a
// speed the slider sets, paused, or a node at a time.

import { request } from "./api.js";
import { $, button, fmt, input } from "./dom.js";
import { register, showPlacements } from "./page.js";
import { streamTask } from "./tasks.js";
import { stopAnimation } from "./solve.js";
import { state, puzzle } from "./state.js";

/** @typedef {import("./placement.js").Placement} Placement */
/** @typedef {{ placements: Placement[], nodes: number, solutions: number, solution: boolean }} Frame */
/** The end of a search: its totals, and the last solution it found (none: no placements).
 * @typedef {{ nodes: number, solutions: number, placements: Placement[] }} WatchResult */

const SPEEDS = [1, 3, 10, 30, 100, 1000, 10000, 100000, -1];
/** @param {number} v */
const speedLabel = (v) => (v < 0 ? "full speed" : `${fmt(v)} nodes/s`);
/** The speed the slider sets: nodes per second, -1 for full speed. */
const speed = () => SPEEDS[Number(input("speed").value)];

/** @param {string} text */
const status = (text) => { $("watch-status").textContent = text; };

function stopWatch() {
  const w = state.watch;
  if (!w) return;
  w.stop();
  state.watch = null;
  button("watch-start").disabled = false;
}

/** Pause, step or run at the speed set; a step or a run with no search shown starts one.
 * @param {"run" | "pause" | "step"} action */
async function watchControl(action) {
  const w = state.watch;
  if (!w) {
    if (action === "step") await startWatch(0);
    else if (action === "run") await startWatch(speed());
    if (action === "step" && state.watch) await watchControl("step");
    return;
  }
  const id = await w.ready;
  if (id && state.watch === w) await request(`/api/tasks/${id}/control`, { action, speed: speed() }).catch(() => {});
}

/** Start watching a new search, at `pace` nodes per second (0: paused). @param {number} pace */
async function startWatch(pace) {
  await state.loading;
  stopWatch();
  stopAnimation();  // the Solve tab's tiles would be drawn over the frames
  status("Starting…");
  const pre = puzzle().preplaced;
  const task = streamTask({ kind: "watch", puzzle: state.spec, speed: pace }, {
    opened: () => { button("watch-start").disabled = true; },
    /** @param {Frame} f */
    update: (f) => {
      showPlacements(pre.concat(f.placements));
      status(`${fmt(f.nodes)} nodes · ${fmt(f.solutions)} solutions so far` + (f.solution ? " · a solution!" : ""));
    },
    /** @param {WatchResult} r */
    result: (r) => {
      showPlacements(pre.concat(r.placements));  // the board ends on the last solution, not bare
      end(`Search complete: ${fmt(r.nodes)} nodes, ${fmt(r.solutions)} solutions (up to symmetry)` +
        (r.solutions > 0 ? "; the board shows the last one." : "."));
    },
    cancelled: (c) => end(c.timed_out ? "Stopped at the server's time limit." : "Stopped."),
    failed: (message) => end(message ?? "Stopped (connection lost)."),
  });
  state.watch = task;
  /** @param {string} text */
  function end(text) {
    if (state.watch === task) { state.watch = null; button("watch-start").disabled = false; }
    status(text);
  }
  await task.ready;
}

export function setupWatch() {
  register("watch", { hide: stopWatch, stop: stopWatch });
  const speedOut = () => { $("speed-out").textContent = speedLabel(speed()); };
  speedOut();
  input("speed").addEventListener("input", () => { speedOut(); if (state.watch) watchControl("run"); });
  button("watch-start").addEventListener("click", () => startWatch(speed()));
  button("watch-pause").addEventListener("click", () => watchControl("pause"));
  button("watch-step").addEventListener("click", () => watchControl("step"));
  button("watch-stop").addEventListener("click", () => { stopWatch(); status("Stopped."); });
}
