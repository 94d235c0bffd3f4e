// Which cells of a labelled board (a calendar) are left open, as a request says it: a date
// ({..., date: "2026-11-26"}: its month and day, and weekday where the board has them) or labels
// ({..., open: ["Nov", "26"]}). The server opens the puzzle (Puzzle.on_date, Puzzle.open); the
// page only says which, and reads back what was opened (PuzzleJson.opened).

/** @typedef {import("./api.js").Opening} Opening */
/** @typedef {import("./api.js").PuzzleJson} PuzzleJson */
/** @typedef {import("./api.js").PuzzleSpec} PuzzleSpec */

/** A date as YYYY-MM-DD, in the browser's time zone. @param {Date} d */
export const isoDate = (d) =>
  `${String(d.getFullYear()).padStart(4, "0")}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/** Today, YYYY-MM-DD. */
export const today = () => isoDate(new Date());

/** True if `text` (YYYY-MM-DD) is a date the calendar has (not 30 February). @param {string} text */
export function isDate(text) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  d.setFullYear(Number(m[1]));  // years before 100 are not 19xx
  return isoDate(d) === text;
}

/** `spec` without what it leaves open. @param {PuzzleSpec} spec @returns {PuzzleSpec} */
export function withoutOpening(spec) {
  const { date: _date, open: _open, ...rest } = spec;
  return /** @type {PuzzleSpec} */ (rest);
}

/** `spec` leaving `opening` open instead (a date or labels). @param {PuzzleSpec} spec @param {Opening} opening
 * @returns {PuzzleSpec} */
export const withOpening = (spec, opening) => ({ ...withoutOpening(spec), ...opening });

/** What a puzzle whose open cells are still to be chosen opens on: today, for a calendar; else
 * the first label of each group. @param {PuzzleJson} p @returns {Opening} */
export const defaultOpening = (p) => (p.dated ? { date: today() } : { open: p.groups.map((g) => g.labels[0]) });

/** The label of group `name` left open, or null. @param {PuzzleJson} p @param {string} name */
export function openedIn(p, name) {
  const group = p.groups.find((g) => g.name === name);
  return group ? p.opened.find((label) => group.labels.includes(label)) ?? null : null;
}

/** The date a calendar's open month and day make in `year` (YYYY-MM-DD), or null when they
 * make none (no month or day open, or 31 February). @param {PuzzleJson} p @param {number} year */
export function openedDate(p, year) {
  const month = openedIn(p, "month"), day = openedIn(p, "day");
  if (month === null || day === null) return null;
  const m = (p.groups.find((g) => g.name === "month")?.labels.indexOf(month) ?? -1) + 1;
  const d = (p.groups.find((g) => g.name === "day")?.labels.indexOf(day) ?? -1) + 1;
  const text = `${String(year).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  return isDate(text) ? text : null;
}
