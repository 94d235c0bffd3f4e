// The stage's 3-D view of a solid (a puzzle whose drawing has a place in space for its cells):
// drawn over the board wherever the board is shown, turned by dragging it (mouse, pen or finger)
// or by the arrow keys once it has the focus, and cut by a slider that hides the top layers to
// show what lies inside. The flat drawing, layer by layer, stays a click away ("Layer by
// layer"), and in the Play tab it stays shown: pieces are dropped on it.

import { $, input, svg } from "./dom.js";
import { drawSolid, FRONT } from "./solid3d.js";

/** @typedef {import("./board.js").Board} Board */
/** @typedef {import("./placement.js").Cell} Cell */
/** @typedef {import("./placement.js").Placement} Placement */
/** @typedef {{ cells: Cell[], color: string }} Ghost */

const TURN_PER_PX = 0.01;  // radians a pixel of drag turns the solid
const TURN_PER_KEY = Math.PI / 12;
const HIGHEST = 1.5;  // radians: the camera never goes quite over the top (nor under)

/** What the view shows and how it is turned. */
const view = {
  azimuth: FRONT.azimuth,
  elevation: FRONT.elevation,
  /** @type {{ board: Board, placements: Placement[], ghost: Ghost | null } | null} */
  shown: null,
  /** @type {{ id: number, x: number, y: number } | null} */
  drag: null,
  pending: 0,  // the animation frame that draws the view turned, if one is asked for
};

/** The board's 3-D view shows `placements` on `board` (hidden when the board is no solid);
 * `ghost`: a held piece, see-through. @param {Board} board @param {Placement[]} placements
 * @param {Ghost | null} [ghost] */
export function showSolid(board, placements, ghost = null) {
  const solid = !!board.drawing.space && !!board.drawing.layers;
  $("board-box").classList.toggle("solid", solid);
  if (!solid) { view.shown = null; return; }
  const layers = /** @type {{ first: number, count: number }} */ (board.drawing.layers);
  const slider = input("solid-top");
  const last = layers.first + layers.count - 1;
  if (view.shown?.board !== board) {  // another puzzle: every layer shown again
    slider.min = String(layers.first);
    slider.max = String(last);
    slider.value = String(last);
    slider.disabled = layers.count < 2;
  }
  view.shown = { board, placements, ghost };
  redraw();
}

/** The held piece's cells on the 3-D view (null: none). @param {Ghost | null} ghost */
export function showSolidGhost(ghost) {
  if (!view.shown) return;
  view.shown.ghost = ghost;
  redraw();
}

function redraw() {
  const shown = view.shown;
  if (!shown || !shown.board.drawing.space) return;
  const top = Number(input("solid-top").value);
  const last = Number(input("solid-top").max);
  $("solid-top-out").textContent = top >= last ? "all" : `up to z = ${top}`;
  const colors = Object.fromEntries(shown.board.pieces.map((p) => [p.name, p.color]));
  drawSolid(svg("solid"), shown.board.drawing.space, shown.board.cells, shown.placements, colors,
            { azimuth: view.azimuth, elevation: view.elevation, top, frame: shown.board.cells,
              ghost: shown.ghost || undefined });
}

/** Turn the view by `da` about the vertical and `de` up or down. @param {number} da @param {number} de */
function turnView(da, de) {
  view.azimuth = (view.azimuth + da) % (2 * Math.PI);
  view.elevation = Math.max(-HIGHEST, Math.min(HIGHEST, view.elevation + de));
  if (!view.pending) view.pending = requestAnimationFrame(() => { view.pending = 0; redraw(); });
}

/** @param {PointerEvent} event */
function onPointerDown(event) {
  if (event.button > 0) return;
  event.preventDefault();
  svg("solid").setPointerCapture(event.pointerId);
  view.drag = { id: event.pointerId, x: event.clientX, y: event.clientY };
}

/** @param {PointerEvent} event */
function onPointerMove(event) {
  const drag = view.drag;
  if (!drag || event.pointerId !== drag.id) return;
  turnView(-(event.clientX - drag.x) * TURN_PER_PX, (event.clientY - drag.y) * TURN_PER_PX);
  view.drag = { ...drag, x: event.clientX, y: event.clientY };
}

/** @param {PointerEvent} event */
function onPointerUp(event) {
  if (view.drag && event.pointerId === view.drag.id) view.drag = null;
}

// The arrow keys turn the view while it has the focus (not the Solve tab's next and previous).
/** @param {KeyboardEvent} event */
function onKey(event) {
  const turns = { ArrowLeft: [TURN_PER_KEY, 0], ArrowRight: [-TURN_PER_KEY, 0], ArrowUp: [0, TURN_PER_KEY],
                  ArrowDown: [0, -TURN_PER_KEY] };
  const turn = turns[/** @type {keyof typeof turns} */ (event.key)];
  if (!turn) return;
  event.preventDefault();
  event.stopPropagation();
  turnView(turn[0], turn[1]);
}

export function setupSolidView() {
  const picture = svg("solid");
  picture.addEventListener("pointerdown", onPointerDown);
  picture.addEventListener("pointermove", onPointerMove);
  picture.addEventListener("pointerup", onPointerUp);
  picture.addEventListener("pointercancel", onPointerUp);
  picture.addEventListener("keydown", onKey);
  picture.addEventListener("dblclick", () => { view.azimuth = FRONT.azimuth; view.elevation = FRONT.elevation; redraw(); });
  input("solid-top").addEventListener("input", redraw);
  input("solid-layers").addEventListener("change", () => {
    $("board-box").classList.toggle("layers", input("solid-layers").checked);
  });
}
