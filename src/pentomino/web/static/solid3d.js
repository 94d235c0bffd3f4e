// Solids in 3-D, as SVG: each cell a body at its place in space (the server says where, see
// space_json in web/puzzles.py: the page knows no grid), seen from a camera that turns about
// the solid, in parallel projection.
//
// Cubes are drawn as their faces, balls as shaded discs, painted back to front (the painter's
// algorithm): bodies sorted by the depth of their centres along the camera's axis. For unit
// cubes of one lattice (and for balls of one size) that order is right: wherever two overlap on
// the page, the one whose centre is nearer is in front (tests/test_web_3d.py casts rays to
// check it, for random views and every offset up to 3 cells). A cube's faces never overlap
// each other; a face that another cube covers (between two pieces, or inside one) is left out,
// and so is a face turned away from the camera.
// Free cells and a held piece are see-through, so that what lies behind them shows.
//
// Each cell is a group (data-cell, and data-piece for a piece's) of the faces or disc it shows:
// a cube that others hide on every side turned to the camera has an empty group.

import { cellKey } from "./placement.js";

/** @typedef {import("./api.js").Space} Space */
/** @typedef {import("./placement.js").Cell} Cell */
/** @typedef {import("./placement.js").Placement} Placement */
/** @typedef {number[]} Vec [x, y, z] */

/**
 * How a solid is seen: the camera's direction (azimuth about the vertical, elevation above the
 * horizon, in radians), the highest layer drawn (the layers above are hidden, to look inside),
 * and the picture's size.
 * @typedef {Object} Camera
 * @property {number} azimuth
 * @property {number} elevation
 * @property {number} [top] the highest layer drawn, all when left out (a cell's layer is its first
 *   coordinate, as the flat drawing has it)
 * @property {number} [size] px an edge: a picture of fixed size, framed tight (the tray); else
 *   the picture scales, framed by the sphere round `frame` so that turning keeps its scale
 * @property {Cell[]} [frame] the cells the frame holds, turned any way (the board's)
 * @property {{ cells: Cell[], color: string }} [ghost] a held piece, see-through
 */

const NS = "http://www.w3.org/2000/svg";
const UNIT = 30;  // px an edge, in the viewBox of a picture that scales
const PAD = 3;
export const FRONT = { azimuth: -Math.PI / 4, elevation: 0.6 };  // from the front right, above: as the CLI's view
const LIGHT = unit([-0.35, 0.5, 0.8]);  // from the viewer's upper left: [right, up, toward the viewer]
const CUBE_RADIUS = Math.sqrt(3) / 2;  // centre to corner
const FREE = -1, GHOST = -2;  // who has a drawn cell that no piece has

/** @param {Vec} v */
function unit(v) {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

/** @param {Vec} a @param {Vec} b */
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** The centre of `cell` in space, (x, y, z) with z up, as the server's grid places it.
 * @param {Space} space @param {Cell} cell @returns {Vec} */
export function centre(space, cell) {
  const rest = cell.map((v) => ((v % 2) + 2) % 2);
  const base = space.centres[rest.join(",")];
  return base.map((b, i) => cell.reduce((s, v, d) => s + ((v - rest[d]) / 2) * space.steps[d][i], b));
}

// The grid's (x, y, z) have y running down a layer's drawing, toward a viewer who looks at the
// layers from above: right-handed axes (east, north, up) are (x, -y, z).
/** @param {Vec} p @returns {Vec} */
const world = ([x, y, z]) => [x, -y, z];

/** The camera's axes in the world: right and up on the page, and toward the viewer.
 * @param {Camera} camera */
function axes({ azimuth: a, elevation: e }) {
  const toward = [Math.cos(e) * Math.cos(a), Math.cos(e) * Math.sin(a), Math.sin(e)];
  const right = [-Math.sin(a), Math.cos(a), 0];
  const up = [-Math.sin(e) * Math.cos(a), -Math.sin(e) * Math.sin(a), Math.cos(e)];
  return { toward, right, up };
}

/** @param {string} name @param {Record<string, string | number>} attrs @param {Element} parent
 * @returns {Element} */
function el(name, attrs, parent) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  parent.appendChild(node);
  return node;
}

/** `hex` (#rrggbb) lit by `light` (1 as it is, less darker, more lighter). @param {string} hex @param {number} light */
function shaded(hex, light) {
  const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const lit = rgb.map((v) => (light <= 1 ? v * light : v + (255 - v) * (light - 1)));
  return `rgb(${lit.map((v) => Math.round(Math.min(255, Math.max(0, v)))).join(",")})`;
}

/** How bright a face turned toward `normal` is under `light` (both in world axes). @param {Vec} normal @param {Vec} light */
const brightness = (normal, light) => 0.55 + 0.55 * Math.max(0, dot(normal, light));

/** A drawn cell: its centre in the world, and who has it (a piece's index, FREE or GHOST).
 * @typedef {{ cell: Cell, at: Vec, who: number }} Body */

/** A spot in space as a map key (float sums differ in the last bits only). @param {Vec} p */
const spot = (p) => p.map((v) => Math.round(v * 1000)).join(" ");

/**
 * Draw the board `cells` (free, see-through) and `placements` in 3-D into `svg`, as `camera`
 * sees them: a group a cell (class "body", with "piece" or "free"), its cell in data-cell and its
 * piece in data-piece, as the flat board's polygons have them. A held piece (`camera.ghost`) is
 * drawn over them all, see-through, whatever hides it: its cells are where the pointer aims, and
 * the cells under it stay there to be aimed at.
 * @param {SVGSVGElement} svg @param {Space} space @param {Cell[]} cells @param {Placement[]} placements
 * @param {Record<string, string>} colors each piece's @param {Camera} camera
 */
export function drawSolid(svg, space, cells, placements, colors, camera) {
  const top = camera.top ?? Infinity;
  const body = (/** @type {Cell} */ cell, /** @type {number} */ who) => ({ cell, at: world(centre(space, cell)), who });
  /** @type {Map<string, Body>} */
  const bodies = new Map();
  const put = (/** @type {Cell} */ cell, /** @type {number} */ who) => {
    if (cell[0] <= top) bodies.set(cellKey(cell), body(cell, who));
  };
  for (const cell of cells) put(cell, FREE);
  placements.forEach((p, i) => p.cells.forEach((cell) => put(cell, i)));
  const held = (camera.ghost?.cells || []).map((cell) => body(cell, GHOST));
  const { toward, right, up } = axes(camera);
  const light = [0, 1, 2].map((i) => LIGHT[0] * right[i] + LIGHT[1] * up[i] + LIGHT[2] * toward[i]);  // turns with the camera
  const all = [...bodies.values(), ...held].map((b) => b.at);
  const frameCells = camera.size ? all : (camera.frame || []).map((c) => world(centre(space, c)));
  const middle = middleOf(frameCells.length ? frameCells : all);
  const scale = camera.size || UNIT;
  /** @param {Vec} p @returns {number[]} */
  const onPage = (p) => {
    const d = p.map((v, i) => v - middle[i]);
    return [dot(d, right) * scale, -dot(d, up) * scale];
  };
  svg.replaceChildren();
  svg.setAttribute("xmlns", NS);
  svg.dataset.azimuth = String(Math.round(camera.azimuth * 180 / Math.PI));
  svg.dataset.elevation = String(Math.round(camera.elevation * 180 / Math.PI));
  /** @type {(b: Body) => Look} */
  const look = ({ who }) => who === FREE ? { fill: "", cls: "free" }
    : who === GHOST ? { fill: camera.ghost?.color || "#999999", cls: "ghost" }
    : { fill: colors[placements[who].piece] || "#999999", cls: "piece", piece: placements[who].piece };
  const draw = space.body === "ball" ? drawBall : drawCube;
  /** Paint `list` back to front into a new group of class `cls`. @param {Body[]} list @param {string} cls */
  const paint = (list, cls) => {
    const g = el("g", { class: cls }, svg);
    const order = list.slice().sort((a, b) => dot(a.at, toward) - dot(b.at, toward));
    const bySpot = new Map(order.map((b) => [spot(b.at), b]));
    for (const b of order) {
      const how = look(b);
      /** @type {Record<string, string>} */
      const attrs = { class: `body ${how.cls}`, "data-cell": cellKey(b.cell) };
      if (how.piece) attrs["data-piece"] = how.piece;
      draw(el("g", attrs, g), b, how, { bySpot, toward, light, onPage, scale });
    }
  };
  paint([...bodies.values()], `solid-bodies ${space.body}`);
  if (held.length) paint(held, `held ${space.body}`);
  const corners = [...svg.querySelectorAll("polygon, circle")].flatMap(pointsOf);
  frameIt(svg, camera, frameCells.length ? radiusOf(frameCells, middle, space) * scale : 0, corners);
}

/** How a body is drawn: its color (none: the style sheet's), its class, its piece.
 * @typedef {{ fill: string, cls: string, piece?: string }} Look */

/** The size in px of a picture of `cells` (the board's, say) with `size` px an edge, seen from
 * the front (as the tray and the gallery draw them), for laying pictures out.
 * @param {Space} space @param {Cell[]} cells @param {number} size */
export function solidSize(space, cells, size) {
  const picture = document.createElementNS(NS, "svg");
  drawSolid(picture, space, cells, [], {}, { ...FRONT, size });
  return { width: Number(picture.getAttribute("width")), height: Number(picture.getAttribute("height")) };
}

/** @param {Vec[]} points @returns {Vec} */
function middleOf(points) {
  if (!points.length) return [0, 0, 0];
  const lo = [0, 1, 2].map((i) => Math.min(...points.map((p) => p[i])));
  const hi = [0, 1, 2].map((i) => Math.max(...points.map((p) => p[i])));
  return lo.map((v, i) => (v + hi[i]) / 2);
}

/** How far from `middle` a body of `points` reaches. @param {Vec[]} points @param {Vec} middle @param {Space} space */
function radiusOf(points, middle, space) {
  const reach = space.body === "ball" ? 0.5 : CUBE_RADIUS;
  return Math.max(...points.map((p) => Math.hypot(...p.map((v, i) => v - middle[i])))) + reach;
}

/** The page points a drawn face or disc covers, for a tight frame. @param {Element} node @returns {number[][]} */
function pointsOf(node) {
  if (node instanceof SVGCircleElement) {
    const x = node.cx.baseVal.value, y = node.cy.baseVal.value, r = node.r.baseVal.value;
    return [[x - r, y - r], [x + r, y + r]];
  }
  return (node.getAttribute("points") || "").split(" ").filter(Boolean).map((p) => p.split(",").map(Number));
}

/** The viewBox: the sphere of radius `radius` (px) round the middle, whichever way it turns;
 * or tight round `corners` with a fixed size (px). @param {SVGSVGElement} svg @param {Camera} camera
 * @param {number} radius @param {number[][]} corners */
function frameIt(svg, camera, radius, corners) {
  if (camera.size && corners.length) {
    const x0 = Math.min(...corners.map((p) => p[0])) - PAD, y0 = Math.min(...corners.map((p) => p[1])) - PAD;
    const w = Math.max(...corners.map((p) => p[0])) + PAD - x0, h = Math.max(...corners.map((p) => p[1])) + PAD - y0;
    svg.setAttribute("viewBox", `${x0.toFixed(1)} ${y0.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);
    svg.setAttribute("width", w.toFixed(1));
    svg.setAttribute("height", h.toFixed(1));
    return;
  }
  const r = Math.max(radius, UNIT) + PAD;
  svg.setAttribute("viewBox", `${-r} ${-r} ${2 * r} ${2 * r}`);
}

/** What drawing a body needs of the rest: the bodies by the spot they sit at, the camera's axis,
 * the light and the projection.
 * @typedef {{ bySpot: Map<string, Body>, toward: Vec, light: Vec, onPage: (p: Vec) => number[], scale: number }} Scene */

// A cube's six faces, by the world axis each faces along and the two axes that span it.
const SIDES = [0, 1, 2].flatMap((axis) => [1, -1].map((sign) => {
  const normal = [0, 0, 0];
  normal[axis] = sign;
  const [a, b] = [0, 1, 2].filter((k) => k !== axis);
  return { normal, a, b };
}));

/** A cube's faces that show: turned toward the camera and not against another cube (a free
 * cell's face shows against a see-through one, not against a piece: the piece's face does).
 * @param {Element} g @param {Body} body @param {Look} look @param {Scene} scene */
function drawCube(g, body, look, { bySpot, toward, light, onPage }) {
  const faces = SIDES.filter(({ normal }) => dot(normal, toward) > 1e-6).filter(({ normal }) => {
    const next = bySpot.get(spot(body.at.map((v, i) => v + normal[i])));
    return !next || (next.who < 0 && next.who !== body.who);
  });
  for (const { normal, a, b } of faces) {
    const corners = [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([sa, sb]) => {
      const p = body.at.map((v, i) => v + normal[i] / 2);
      p[a] += sa / 2;
      p[b] += sb / 2;
      return onPage(p).map((v) => v.toFixed(2)).join(",");
    });
    /** @type {Record<string, string>} */
    const attrs = { class: "face", points: corners.join(" ") };
    if (look.fill) attrs.fill = shaded(look.fill, brightness(normal, light));
    el("polygon", attrs, g);
  }
}

/** A ball: a disc of its color, darker at the rim, with a highlight toward the light.
 * @param {Element} g @param {Body} body @param {Look} look @param {Scene} scene */
function drawBall(g, body, look, { onPage, scale }) {
  const [x, y] = onPage(body.at);
  const r = scale / 2;
  /** @type {Record<string, string | number>} */
  const attrs = { class: "ball", cx: x.toFixed(2), cy: y.toFixed(2), r: r.toFixed(2) };
  if (look.fill) { attrs.fill = shaded(look.fill, 0.95); attrs.stroke = shaded(look.fill, 0.6); }
  el("circle", attrs, g);
  if (look.cls !== "free") {
    el("circle", { class: "shine", cx: (x - r * 0.3).toFixed(2), cy: (y - r * 0.35).toFixed(2), r: (r * 0.35).toFixed(2) }, g);
  }
}
