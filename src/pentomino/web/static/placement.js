// Cells and placements as the server sends and reads them, both ways: a cell is [row, column]
// ([z, y, x] in a solid), a placement {piece, cells} as the CLI's JSON writes it
// (Placement.to_json in model/solution.py; placement_json and placements_from_json in
// web/puzzles.py).

/** @typedef {number[]} Cell [row, column], or [z, y, x] in a solid */
/** @typedef {{ piece: string, cells: Cell[] }} Placement one piece on the board */

/** A cell as a map key and as an SVG polygon's data-cell: "r,c". @param {Cell} cell */
export const cellKey = (cell) => cell.join(",");

/** The cell a key names. @param {string} key @returns {Cell} */
export const cellOfKey = (key) => key.split(",").map(Number);

/** Cells in Python's order of tuples: by row, then by column. @param {Cell} a @param {Cell} b */
export function byCell(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** A sorted copy of `cells`. @param {Cell[]} cells @returns {Cell[]} */
export const sortedCells = (cells) => cells.map((c) => [...c]).sort(byCell);

/** Strings in Python's order: by code point (JavaScript's < compares UTF-16 units, which
 * differ past U+FFFF). @param {string} a @param {string} b */
function byCodePoint(a, b) {
  const x = Array.from(a, (ch) => /** @type {number} */ (ch.codePointAt(0)));
  const y = Array.from(b, (ch) => /** @type {number} */ (ch.codePointAt(0)));
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

/** Placements in the order of a Solution's (Python sorts Placement(piece, cells) tuples: by
 * piece name, then by the sorted cells). @param {Placement[]} placements @returns {Placement[]} */
export function sortedPlacements(placements) {
  const cells = (/** @type {Placement} */ p) => sortedCells(p.cells);
  return placements.map((p) => ({ piece: p.piece, cells: cells(p) })).sort((a, b) => {
    const byName = byCodePoint(a.piece, b.piece);
    if (byName) return byName;
    for (let i = 0; i < Math.min(a.cells.length, b.cells.length); i++) {
      const d = byCell(a.cells[i], b.cells[i]);
      if (d) return d;
    }
    return a.cells.length - b.cells.length;
  });
}

// The shown solution's "export as JSON" must be the very line `pentomino solve --format json`
// prints, `json.dumps(solution.to_json())`. The page writes it from the placements it already
// has, rather than the server sending each solution a second and a third time (it did: as
// `json`, and as `json_line`): Python's default separators (", " and ": "), its order of the
// placements, and its ensure_ascii escapes (every character past U+007E as \uXXXX, in lowercase
// hex, astral ones as a surrogate pair; DEL too). JSON.stringify escapes the quote, the backslash
// and the control characters as Python does. tests/test_web_browser.py compares the two, on
// piece names with such characters too.

/** A string as Python's json.dumps writes it (ensure_ascii). @param {string} s */
function pythonJsonString(s) {
  return JSON.stringify(s).replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The CLI's JSON line of the solution made of `placements` (any order), without its newline.
 * @param {Placement[]} placements */
export function solutionJsonLine(placements) {
  const items = sortedPlacements(placements).map((p) =>
    `{"piece": ${pythonJsonString(p.piece)}, "cells": [${p.cells.map((c) => `[${c.join(", ")}]`).join(", ")}]}`);
  return `{"placements": [${items.join(", ")}]}`;
}

/** Whether `value` is a list of placements (a link's, read back; the server checks the rest).
 * @param {unknown} value @returns {value is Placement[]} */
export function isPlacementList(value) {
  return Array.isArray(value) && value.every((p) => p !== null && typeof p === "object" && typeof p.piece === "string"
    && Array.isArray(p.cells));
}
