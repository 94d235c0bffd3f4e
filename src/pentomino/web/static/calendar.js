// A labelled board on the page: the cells it leaves open, above the board (a calendar's date
// picker, with the weekday where the board has one; another labelled board's labels, one select
// per group), and the Year tab: every date of a calendar counted on the server (an "each-date"
// task, the library's batch of every date) as a heat map, months by days, from which a click
// opens a date. The server opens the puzzle (opening.js says how a request asks it to).

import { messageOf } from "./api.js";
import { $, button, fmt, input, toast } from "./dom.js";
import { isDate, openedDate, today, withOpening, withoutOpening } from "./opening.js";
import { currentTab, loadPuzzle, register, selectTab } from "./page.js";
import { streamTask } from "./tasks.js";
import { state, puzzle } from "./state.js";

/** @typedef {import("./api.js").Opening} Opening */
/** @typedef {import("./api.js").PuzzleJson} PuzzleJson */
/** @typedef {import("./state.js").CountProgress} CountProgress */
/** @typedef {import("./state.js").DateCount} DateCount */
/** @typedef {import("./state.js").YearResult} YearResult */

// -- the cells left open ----------------------------------------------------------------------
/** Open the puzzle shown with `opening` instead (a date or labels). @param {Opening} opening */
function reopen(opening) {
  loadPuzzle(withOpening(state.spec, opening)).catch((error) => toast(messageOf(error)));
}

/** The year the date picker shows (this year's when it shows none). */
const yearShown = () => Number((input("open-date").value || today()).slice(0, 4));

/** A date's weekday, written out. @param {string} iso YYYY-MM-DD */
function weekday(iso) {
  const [y, m, d] = iso.split("-").map(Number);
  const date = new Date(y, m - 1, d);
  date.setFullYear(y);
  return date.toLocaleDateString("en-US", { weekday: "long" });
}

/** The bar above the board, for puzzle `p`: hidden unless its board has labels to leave open.
 * @param {PuzzleJson} p */
function showOpening(p) {
  $("opening").hidden = !p.groups.length;
  $("open-date-box").hidden = !p.dated;
  $("tab-year").hidden = !p.dated;
  const date = input("open-date");
  if (p.dated) {
    const asked = state.spec.date;
    date.value = asked && isDate(asked) ? asked : openedDate(p, yearShown()) ?? "";
  }
  $("open-weekday").textContent = p.weekdays && date.value ? weekday(date.value) : "";
  const groups = $("open-groups");
  groups.replaceChildren();
  if (!p.dated) {
    for (const g of p.groups) {
      const label = document.createElement("label");
      const choice = document.createElement("select");
      choice.dataset.group = g.name;
      for (const text of g.labels) {
        const o = document.createElement("option");
        o.value = o.textContent = text;
        choice.appendChild(o);
      }
      const open = p.opened.find((x) => g.labels.includes(x));
      if (open !== undefined) choice.value = open;
      choice.addEventListener("change", () =>
        reopen({ open: [...groups.querySelectorAll("select")].map((s) => /** @type {HTMLSelectElement} */ (s).value) }));
      label.append(`${g.name} `, choice);
      groups.appendChild(label);
    }
  }
  $("open-shown").textContent = p.opened.length ? `Left open: ${p.opened.join(" ")}` : "";
}

// -- the Year tab -------------------------------------------------------------------------------
/** Which year's count the puzzle shown asks for: its spec without the date, and the year where
 * the board has weekdays (they differ from year to year). @param {PuzzleJson} p */
const yearKey = (p) => JSON.stringify([withoutOpening(state.spec), p.weekdays ? yearShown() : null]);

/** @param {string} text */
const status = (text) => { $("year-status").textContent = text; };
const progressBar = () => $("year-progress", HTMLProgressElement);

/** The buttons of a count running (or not). @param {boolean} running */
function counting(running) {
  button("year-count").disabled = running;
  button("year-cancel").disabled = !running;
}

/** Stop the year's count, if one runs (its result, once in, stays). */
function stopYear() {
  const y = state.year;
  if (!y || !y.task || !y.task.running()) return;
  y.task.stop();
  y.task = null;
  counting(false);
  status(`Cancelled after ${y.last ? y.last.elapsed.toFixed(1) : 0} s` +
    (y.last ? ` (${fmt(y.last.done)} of ${fmt(y.last.total)} dates counted)` : "") + ".");
}

/** The tab opens: the map of the year counted for this calendar, or a new count. */
async function showYear() {
  await state.loading;
  const p = puzzle();
  if (!p.dated) { selectTab("solve"); return; }
  const y = state.year;
  if (y && y.key === yearKey(p) && (y.result || (y.task && y.task.running()))) { drawYear(); return; }
  countYear();
}

/** Count every date of the calendar shown, on the server. */
async function countYear() {
  await state.loading;
  stopYear();
  const p = puzzle();
  const body = { kind: "each-date", puzzle: state.spec, ...(p.weekdays ? { year: yearShown() } : {}) };
  $("year-map").replaceChildren();
  $("year-summary").textContent = "";
  progressBar().value = 0;
  status("Counting every date…");
  const task = streamTask(body, {
    opened: () => { counting(true); progressBar().removeAttribute("value"); },
    /** @param {CountProgress} e */
    update: (e) => {
      y.last = e;
      progressBar().max = Math.max(e.total, 1);
      progressBar().value = e.done;
      status(`${e.elapsed.toFixed(1)} s · ${fmt(e.done)} of ${fmt(e.total)} dates · ${fmt(e.found)} solutions so far`);
    },
    /** @param {YearResult} r */
    result: (r) => {
      y.task = null;
      y.result = r;
      counting(false);
      progressBar().max = 1;
      progressBar().value = 1;
      status(`Done in ${r.seconds.toFixed(2)} s on the server.`);
      if (state.year === y && currentTab() === "year") drawYear();
    },
    cancelled: (c) => { y.task = null; counting(false); status(c.timed_out ? "Stopped at the server's time limit." : "Cancelled."); },
    failed: (message) => { y.task = null; counting(false); status(message ?? "The connection was lost."); },
  });
  /** @type {import("./state.js").YearState} */
  const y = state.year = { key: yearKey(p), task, result: null, last: null };
}

// Light to dark, for few to many solutions (a log scale from the fewest to the most).
const HEAT = [[255, 247, 214], [254, 204, 92], [240, 128, 34], [190, 60, 12], [110, 28, 6]];

/** The color of `t` (0 to 1) on the scale, and the ink that reads on it. @param {number} t */
function heat(t) {
  const x = Math.min(Math.max(t, 0), 1) * (HEAT.length - 1);
  const i = Math.min(Math.floor(x), HEAT.length - 2), f = x - i;
  const rgb = HEAT[i].map((v, k) => Math.round(v + (HEAT[i + 1][k] - v) * f));
  return { fill: `rgb(${rgb.join(" ")})`, ink: t > 0.55 ? "#ffffff" : "#1f2328" };
}

/** A row's month and day (from MM-DD or YYYY-MM-DD). @param {string} date */
const monthDay = (date) => date.slice(-5).split("-").map(Number);

/** A date as the board writes its month: "Jan 25". @param {PuzzleJson} p @param {string} date */
function dateName(p, date) {
  const [m, d] = monthDay(date);
  const months = p.groups.find((g) => g.name === "month");
  return `${months ? months.labels[m - 1] : m} ${d}`;
}

/** Open the date of `row` (in the year the picker shows, for a row without one; labels for a
 * date that year lacks, 29 February). @param {DateCount} row */
function openDate(row) {
  const iso = row.date.length === 10 ? row.date : `${String(yearShown()).padStart(4, "0")}-${row.date}`;
  selectTab("solve");
  reopen(isDate(iso) ? { date: iso } : { open: row.open });
}

/** The heat map: a row a month, a column a day; dates the calendar lacks greyed; the date
 * shown, the fewest and the most marked. */
function drawYear() {
  const y = state.year, p = puzzle();
  if (!y || !y.result) return;
  const r = y.result;
  const counts = r.rows.map((row) => row.count).filter((n) => n > 0);
  const lo = Math.log(Math.min(...counts, 1e9)), hi = Math.log(Math.max(...counts, 1));
  /** @type {Map<string, DateCount>} */
  const byDay = new Map(r.rows.map((row) => [monthDay(row.date).join("-"), row]));
  const shown = p.opened.join(" ");
  const table = document.createElement("table");
  table.className = "year-grid";
  const head = table.createTHead().insertRow();
  head.appendChild(document.createElement("th"));
  for (let d = 1; d <= 31; d++) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = String(d);
    head.appendChild(th);
  }
  const body = table.createTBody();
  const months = p.groups.find((g) => g.name === "month")?.labels || [];
  for (let m = 1; m <= 12; m++) {
    const tr = body.insertRow();
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = months[m - 1] || String(m);
    tr.appendChild(th);
    for (let d = 1; d <= 31; d++) {
      const td = tr.insertCell();
      const row = byDay.get(`${m}-${d}`);
      if (!row) { td.className = "no-date"; continue; }
      const day = document.createElement("button");
      day.type = "button";
      day.className = "day";
      day.dataset.date = row.date;
      day.textContent = String(row.count);
      const what = `${dateName(p, row.date)}: ${fmt(row.count)} solution${row.count === 1 ? "" : "s"}`;
      day.setAttribute("aria-label", what);
      day.title = what;
      if (row.count === 0) day.classList.add("zero");
      else {
        const { fill, ink } = heat(hi > lo ? (Math.log(row.count) - lo) / (hi - lo) : 0.5);
        day.style.background = fill;
        day.style.color = ink;
      }
      if (row.open.join(" ") === shown) day.classList.add("shown");
      if (r.fewest && row.date === r.fewest.date) day.classList.add("fewest");
      if (r.most && row.date === r.most.date) day.classList.add("most");
      day.addEventListener("click", () => openDate(row));
      td.appendChild(day);
    }
  }
  const legend = document.createElement("p");
  legend.className = "year-legend";
  const scale = document.createElement("span");
  scale.className = "scale";
  scale.style.background = `linear-gradient(to right, ${[0, 0.25, 0.5, 0.75, 1].map((t) => heat(t).fill).join(", ")})`;
  legend.append(`Fewest: ${named(p, r.fewest)} `, scale, ` Most: ${named(p, r.most)}`);
  const title = document.createElement("p");
  title.className = "year-title";
  title.textContent = `Solutions of each date${r.year ? ` of ${r.year}` : ""}`;
  $("year-map").replaceChildren(title, table, legend);
  $("year-summary").textContent = summary(p, r);
}

/** A date and its count: "Oct 6 (7)". @param {PuzzleJson} p @param {DateCount | null} row */
const named = (p, row) => (row ? `${dateName(p, row.date)} (${fmt(row.count)})` : "–");

/** The year in words: the total, the average, the fewest, the most, the dates with none.
 * @param {PuzzleJson} p @param {YearResult} r */
function summary(p, r) {
  const average = r.openings ? (r.solutions / r.openings).toFixed(1) : "0";
  return `${fmt(r.openings)} dates: ${fmt(r.solutions)} solutions in all, ${average} a date on average. ` +
    `Fewest: ${named(p, r.fewest)}. Most: ${named(p, r.most)}. ` +
    (r.none.length ? `No solution: ${r.none.map((d) => dateName(p, d)).join(", ")}.` : "Every date has a solution.");
}

export function setupCalendar() {
  register("year", {
    show: showYear,
    stop: stopYear,
    loaded: (p) => {
      showOpening(p);
      if (state.year && state.year.key !== yearKey(p)) { stopYear(); state.year = null; $("year-summary").textContent = ""; status(""); }
      if (!p.dated && currentTab() === "year") selectTab("solve");
    },
    followsPuzzle: true,
  });
  input("open-date").addEventListener("change", () => {
    const value = input("open-date").value;
    if (value) reopen({ date: value });
  });
  button("open-today").addEventListener("click", () => reopen({ date: today() }));
  button("year-count").addEventListener("click", countYear);
  button("year-cancel").addEventListener("click", stopYear);
}
