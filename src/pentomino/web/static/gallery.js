// The Gallery tab: every solution (one per symmetry class, or every tiling) as a thumbnail, in
// a scrolled list that asks for pages of solutions and draws only the rows in sight; a click
// enlarges one.

import { api, messageOf } from "./api.js";
import { boardSize, colorMap, drawBoard } from "./board.js";
import { $, fmt, newSvg, select, svg } from "./dom.js";
import { currentTab, register } from "./page.js";
import { state, puzzle } from "./state.js";
import { drawSolid, FRONT, solidSize } from "./solid3d.js";  // a solid's solutions, in 3-D

/** @typedef {import("./state.js").GalleryState} GalleryState */
/** @typedef {import("./api.js").SymmetryMode} SymmetryMode */
/** @typedef {import("./placement.js").Placement} Placement */

const PAGE = 100, THUMB_CELL = 7, THUMB_EDGE = 11;  // px a cell; px a cube's edge (a solid in 3-D)

async function openGallery() {
  await state.loading;
  const p = puzzle();
  const mode = /** @type {SymmetryMode} */ (select("gallery-mode").value);
  if (state.gallery && state.gallery.mode === mode && state.gallery.fingerprint === p.fingerprint) {
    layoutGallery();
    return;
  }
  const size = p.drawing.space ? solidSize(p.drawing.space, p.cells, THUMB_EDGE) : boardSize(p);
  const scale = p.drawing.space ? 1 : THUMB_CELL / 24;  // boardSize is at 24 px a cell
  const w = Math.ceil(size.width * scale) + 4, h = Math.ceil(size.height * scale) + 4;
  /** @type {GalleryState} */
  const g = { mode, fingerprint: p.fingerprint, pages: new Map(), loading: new Set(), total: null,
              listed: 0, capped: null, started: performance.now(),
              itemW: Math.max(w + 10, 56), itemH: h + 24, items: new Map(), colors: colorMap(p) };
  state.gallery = g;
  $("gallery-space").replaceChildren();
  $("gallery").scrollTop = 0;
  $("gallery-status").textContent = "Loading…";
  // The first page and the total (a count) are asked for at once: the pictures show before
  // the count is in.
  loadPage(0);
  api("/api/solutions", { puzzle: state.spec, symmetry: mode, offset: 0, limit: 1, total: true })
    .then((data) => {
      if (state.gallery !== g) return;
      g.total = Math.min(Number(data.total), g.capped ?? Infinity);
      galleryStatus(g);
      layoutGallery();
    })
    .catch((error) => { $("gallery-status").textContent = messageOf(error); });
}

/** @param {GalleryState} g */
function galleryStatus(g) {
  const what = g.mode === "full" ? "solutions up to symmetry" : "tilings";
  $("gallery-status").textContent = g.total === 0 ? "This puzzle has no solution." :
    g.total == null ? `counting… (${fmt(g.listed)} ${what} listed so far)` :
    `${fmt(g.total)} ${what}` + (g.capped != null ? ` (showing the first ${fmt(g.capped)})` : "");
}

/** Ask for page `page` of the listing, unless it is in or on its way. @param {number} page */
async function loadPage(page) {
  const g = state.gallery;
  if (!g || g.pages.has(page) || g.loading.has(page)) return;
  g.loading.add(page);
  try {
    const data = await api("/api/solutions", { puzzle: state.spec, symmetry: g.mode, offset: page * PAGE, limit: PAGE });
    if (state.gallery !== g) return;
    g.listed = Math.max(g.listed, data.listed);
    if (data.capped) { g.capped = data.listed; g.total = Math.min(g.total ?? Infinity, data.listed); }
    if (data.complete && g.total == null) g.total = data.listed;
    g.pages.set(page, data.solutions);
    galleryStatus(g);
    layoutGallery();
  } catch (error) {
    $("gallery-status").textContent = messageOf(error);
  } finally {
    g.loading.delete(page);
  }
}

/** Lay the thumbnails in sight out (and a little more), dropping those out of it. */
function layoutGallery() {
  const g = state.gallery;
  if (!g || (g.total == null && !g.listed)) return;
  const box = $("gallery");
  const perRow = Math.max(1, Math.floor((box.clientWidth - 8) / g.itemW));
  const shown = g.total ?? g.listed;  // until the count is in: what is listed so far
  const rows = Math.ceil(shown / perRow);
  const space = $("gallery-space");
  space.style.height = `${rows * g.itemH + 8}px`;
  const first = Math.max(0, Math.floor(box.scrollTop / g.itemH) - 2) * perRow;
  const last = Math.min(shown, (Math.ceil((box.scrollTop + box.clientHeight) / g.itemH) + 2) * perRow);
  for (const [i, node] of g.items) {
    if (i < first || i >= last || node.dataset.perRow !== String(perRow)) { node.remove(); g.items.delete(i); }
  }
  for (let i = first; i < last; i++) {
    const page = Math.floor(i / PAGE);
    const sols = g.pages.get(page);
    if (!sols) { loadPage(page); continue; }
    const sol = sols[i - page * PAGE];
    if (g.items.has(i) || !sol) continue;
    const item = thumbnail(g, sol.placements, i, perRow);
    space.appendChild(item);
    g.items.set(i, item);
    if (!("galleryMs" in document.body.dataset)) {  // first paint, for bench/web.py
      requestAnimationFrame(() => { document.body.dataset.galleryMs = (performance.now() - g.started).toFixed(1); });
    }
  }
}

/** Solution `i`'s thumbnail, in its place for `perRow` in a row.
 * @param {GalleryState} g @param {Placement[]} placements @param {number} i @param {number} perRow */
function thumbnail(g, placements, i, perRow) {
  const item = document.createElement("div");
  item.className = "item";
  item.dataset.perRow = String(perRow);
  item.style.left = `${4 + (i % perRow) * g.itemW}px`;
  item.style.top = `${4 + Math.floor(i / perRow) * g.itemH}px`;
  item.style.width = `${g.itemW}px`;
  item.setAttribute("role", "button");
  item.setAttribute("aria-label", `Solution ${i + 1}`);
  const picture = newSvg();
  const space = puzzle().drawing.space;
  if (space) drawSolid(picture, space, puzzle().cells, placements, g.colors, { ...FRONT, size: THUMB_EDGE });
  else drawBoard(picture, puzzle(), placements, { size: THUMB_CELL, colors: g.colors });
  const label = document.createElement("span");
  label.textContent = `#${i + 1}`;
  item.append(picture, label);
  item.addEventListener("click", () => enlarge(placements, i));
  return item;
}

/** @param {Placement[]} placements @param {number} i */
function enlarge(placements, i) {
  $("enlarged-title").textContent = `${puzzle().name} · solution #${i + 1}` +
    (state.gallery && state.gallery.mode === "none" ? " (every tiling)" : "");
  const space = puzzle().drawing.space;  // a solid, enlarged: in 3-D
  if (space) drawSolid(svg("enlarged-board"), space, puzzle().cells, placements, colorMap(puzzle()), { ...FRONT, frame: puzzle().cells });
  else drawBoard(svg("enlarged-board"), puzzle(), placements, { labels: true });
  $("enlarged", HTMLDialogElement).showModal();
}

export function setupGallery() {
  register("gallery", { show: openGallery, loaded: () => { state.gallery = null; }, followsPuzzle: true });
  select("gallery-mode").addEventListener("change", openGallery);
  let pending = false;
  $("gallery").addEventListener("scroll", () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; layoutGallery(); });
  });
  window.addEventListener("resize", () => { if (currentTab() === "gallery") layoutGallery(); });
}
