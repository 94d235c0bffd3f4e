// The rules of a play position, as the page applies them before the server hears of a move:
// which pieces are left, how a piece turns and moves on the grid, and why a drop is refused.
// Plain functions of a game; nothing here draws or asks the server.

import { cellKey, sortedCells } from "./placement.js";

/** @typedef {import("./state.js").Game} Game */
/** @typedef {import("./api.js").PuzzleJson} PuzzleJson */
/** @typedef {import("./api.js").PuzzlePiece} PuzzlePiece */
/** @typedef {import("./api.js").Drawing} Drawing */
/** @typedef {import("./api.js").WrapBox} WrapBox */
/** @typedef {import("./placement.js").Cell} Cell */
/** A quarter turn, one the other way, over (a mirror image), about a solid's second axis, about
 * its third, or over by a half turn about its second axis (a solid that cannot be mirrored).
 * @typedef {"turn" | "back" | "flip" | "turn2" | "turn3" | "over"} Turn */

/** The puzzle's piece `name`. @param {PuzzleJson} puzzle @param {string} name */
export function pieceOf(puzzle, name) {
  const piece = puzzle.pieces.find((p) => p.name === name);
  if (!piece) throw new Error(`${name} is not one of the puzzle's pieces`);
  return piece;
}

/** Every placement on the board: the puzzle's pre-placed ones, then the player's. @param {Game} game */
export const onBoard = (game) => [...game.puzzle.preplaced, ...game.placements];

/** Copies of `name` not yet on the board (Infinity for "any"). @param {Game} game @param {string} name */
export function left(game, name) {
  const p = pieceOf(game.puzzle, name);
  if (p.max === null) return Infinity;
  return p.max - onBoard(game).filter((x) => x.piece === name).length;
}

/** Which orientation of its piece `cells` are; on a board that wraps (`drawing.wrap`), laid
 * round a seam too. @param {PuzzlePiece} piece @param {Cell[]} cells @param {Drawing} [drawing] */
export function orientationOf(piece, cells, drawing) {
  const s = sortedCells(cells);
  const os = piece.orientations;
  for (let i = 0; i < os.length; i++) {
    const o = os[i];
    const d = s[0].map((v, j) => v - o[0][j]);
    if (o.every((c, k) => c.every((v, j) => v + d[j] === s[k][j]))) return i;
  }
  if (drawing && drawing.wrap) {  // across a seam: the orientation that, moved there, lands on them
    const want = new Set(cells.map(cellKey));
    for (let i = 0; i < os.length; i++) {
      for (const at of cells) {
        for (let j = 0; j < os[i].length; j++) {
          const moved = moveTo(drawing, os[i], j, at);
          if (moved && moved.every((c) => want.has(cellKey(c))) && new Set(moved.map(cellKey)).size === want.size) return i;
        }
      }
    }
  }
  return 0;
}

/** The board's cell a cell of the plane is on a board that wraps as `wrap` says: brought back
 * into the glued box (its column modulo the columns, its row turned over past a half twist; its
 * row modulo the rows), as Wrap.cell in geometry/wrap.py does. @param {WrapBox} wrap @param {Cell} cell
 * @returns {Cell} */
export function wrapCell(wrap, [r, c]) {
  const [r0, c0] = wrap.low, [rows, cols] = wrap.size;
  if (wrap.kind !== "rows") {
    const turns = Math.floor((c - c0) / cols);
    c -= turns * cols;
    if (wrap.kind === "moebius" && turns % 2 !== 0) r = 2 * r0 + rows - 1 - r;
  }
  if (wrap.kind === "rows" || wrap.kind === "both") r = ((((r - r0) % rows) + rows) % rows) + r0;
  return [r, c];
}

/** The orientation `o` of `piece` becomes when turned `how`. @param {PuzzlePiece} piece @param {Turn} how @param {number} o
 * @returns {number} */
export function turned(piece, how, o) {
  if (how === "back") return piece.turn.indexOf(o);
  // The third axis is the second turned a quarter about the first: turn it there, about it, and back.
  if (how === "turn3") return piece.turn2 ? turned(piece, "turn", turned(piece, "turn2", turned(piece, "back", o))) : o;
  if (how === "over") return turned(piece, "turn2", turned(piece, "turn2", o));
  const moves = piece[how];
  return moves ? moves[o] : o;
}

/** Orientation `o` moved so that its cell `k` lies on `cell`, if the grid allows that move (on
 * triangles and hexagons only some translations keep a shape on the grid); otherwise the
 * first of its cells that can go there; null if none can.
 * @param {Drawing} drawing @param {Cell[]} o @param {number} k @param {Cell} cell */
export function placedAt(drawing, o, k, cell) {
  for (const j of [k, ...o.keys()]) {
    const cells = j < o.length ? moveTo(drawing, o, j, cell) : null;
    if (cells) return cells;
  }
  return null;
}

/** Orientation `o` moved so that its cell `j` lies on `cell`; null if the grid has no such move.
 * @param {Drawing} drawing @param {Cell[]} o @param {number} j @param {Cell} cell */
export function moveTo(drawing, o, j, cell) {
  const step = drawing.step || 1;
  if (cell.length === 2 && ((((cell[0] - o[j][0] + cell[1] - o[j][1]) % step) + step) % step) !== 0) return null;
  const d = cell.map((v, i) => v - o[j][i]);
  const moved = o.map((c) => c.map((v, i) => v + d[i]));
  const wrap = drawing.wrap;
  return wrap ? moved.map((c) => wrapCell(wrap, c)) : moved;
}

/** Why `cells` cannot go down (ignoring placement `skip`, the one being moved), or null.
 * @param {Game} game @param {string} name @param {Cell[]} cells @param {number} [skip] */
export function refusal(game, name, cells, skip = -1) {
  const board = new Set(game.puzzle.cells.map(cellKey));
  if (!cells.every((c) => board.has(cellKey(c)))) return `${name} would run off the board`;
  if (new Set(cells.map(cellKey)).size < cells.length) return `${name} would go round the board onto itself`;
  /** @type {Map<string, string>} */
  const owner = new Map();
  game.puzzle.preplaced.forEach((p) => p.cells.forEach((c) => owner.set(cellKey(c), p.piece)));
  game.placements.forEach((p, i) => { if (i !== skip) p.cells.forEach((c) => owner.set(cellKey(c), p.piece)); });
  const hit = cells.find((c) => owner.has(cellKey(c)));
  return hit ? `${name} would lie on ${owner.get(cellKey(hit))}` : null;
}

/** The board's cells no piece covers. @param {Game} game */
export function freeCells(game) {
  const covered = new Set(onBoard(game).flatMap((p) => p.cells.map(cellKey)));
  return game.puzzle.cells.filter((c) => !covered.has(cellKey(c))).length;
}
