// The page of `pentomino serve`: pick, solve, play, watch, count, browse and design puzzles.
// Everything is checked and searched by the server (the same library as the CLI); this file
// only asks and draws.

import { boardSize, drawBoard, drawGhost, colorMap } from "./board.js";
import { decodePlacements, setupPlay } from "./play.js";
import { solutionJsonLine, sortedPlacements } from "./placement.js";

const $ = (id) => document.getElementById(id);
const state = {
  info: null, spec: { name: "6x10" }, puzzle: null, loading: Promise.resolve(),
  solve: { solution: null, index: 0, seed: null, random: false, total: null, complete: false, timer: null, busy: false },
  count: null, watch: null, gallery: null,
  design: null, play: null,
};

// -- talking to the server --------------------------------------------------------------------
async function api(path, body, options = {}) {
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST", signal: options.signal,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) throw new Error(typeof data === "object" && data.error ? data.error : `HTTP ${response.status}`);
  return data;
}

function toast(text) {
  const t = $("toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 2500);
}

const fmt = (n) => (typeof n === "string" ? n : Number(n).toLocaleString("en-US"));
const fmtBig = (s) => (s == null ? "–" : String(s).replace(/\B(?=(\d{3})+(?!\d))/g, ","));

// -- the puzzle ----------------------------------------------------------------------------------
function specFromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("toml")) {
    try {
      const bytes = Uint8Array.from(atob(params.get("toml").replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));
      return { toml: new TextDecoder().decode(bytes), source: params.get("source") || "shared.toml" };
    } catch { toast("the link's puzzle could not be read"); }
  }
  if (params.get("puzzle")) return { name: params.get("puzzle") };
  return null;
}

// The link that opens `spec`; `extra`: more of the hash's parameters (a play position's).
function linkFor(spec, extra = {}) {
  const url = new URL(location.href);
  let params;
  if (spec.name) params = { puzzle: spec.name };
  else {
    const bytes = new TextEncoder().encode(spec.toml);
    let bin = "";
    bytes.forEach((b) => { bin += String.fromCharCode(b); });
    params = { toml: btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "") };
  }
  url.hash = new URLSearchParams({ ...params, ...extra }).toString();
  return url.toString();
}

// The play position a link carries: null if none, [] for the Play tab with nothing placed.
function playFromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has("play")) return null;
  try { return params.get("play") ? decodePlacements(params.get("play")) : []; }
  catch (error) { toast(error.message); return []; }
}

// Open the Play tab on the puzzle shown, at `placements` if given (checked by the server first).
async function openPlay(placements) {
  if (placements && placements.length) {
    try {
      await api("/api/play/position", { puzzle: state.spec, placements });
    } catch (error) { toast(`the link's position: ${error.message}`); placements = []; }
  }
  selectTab("play", placements);
}

// Actions wait for a puzzle that is still loading, so they never run on the previous one.
// `spec` may be a promise (a design still being written out).
function loadPuzzle(spec, options = {}) {
  const loading = loadPuzzleNow(state.loading, spec, options);
  state.loading = loading.catch(() => {});
  return loading;
}

async function loadPuzzleNow(previous, specOrPromise, { keepHash = false } = {}) {
  await previous;
  const spec = await specOrPromise;
  stopEverything();
  const puzzle = await api("/api/puzzle", { puzzle: spec });
  state.spec = spec;
  state.puzzle = puzzle;
  state.solve = { ...state.solve, solution: null, index: 0, total: null, complete: false };
  state.gallery = null;
  state.count = null;
  $("puzzle-title").textContent = puzzle.name || "puzzle";
  const select = $("puzzle-select");
  select.value = spec.name && [...select.options].some((o) => o.value === spec.name) ? spec.name : "";
  if (!keepHash) history.replaceState(null, "", linkFor(spec));
  $("file-text").value = puzzle.toml;
  setFileMessage("", "");
  resetCounts();
  showPlacements(puzzle.preplaced);
  $("stage-caption").textContent = `${puzzle.area} cells · ${puzzle.pieces.length} pieces` +
    (puzzle.one_sided ? " (one-sided)" : "") + ` · ${puzzle.group_order.full} symmetries`;
  $("solve-status").textContent = puzzle.no_solution ? `No solution: ${puzzle.no_solution}.` : "Press Solve (or Space).";
  $("check-answer").textContent = "";
  $("why").hidden = !puzzle.no_solution;  // offered once there is something to explain
  if (currentTab() === "gallery") openGallery();
  if (currentTab() === "play") state.play.open();
  return puzzle;
}

function showPlacements(placements, options = {}) {
  drawBoard($("board"), state.puzzle, placements, { labels: true, ...options });
}

function stopEverything() {
  if (state.play) state.play.escape();
  stopAnimation();
  cancelCount();
  stopWatch();
}

// -- solving ---------------------------------------------------------------------------------------
function stopAnimation() {
  clearTimeout(state.solve.timer);
  state.solve.timer = null;
}

// The time from asking for a solution to its last tile drawn, for bench/web.py.
function drawn() {
  document.body.dataset.solveMs = (performance.now() - state.solve.started).toFixed(1);
}

function animate(placements) {
  stopAnimation();
  const delay = Number($("delay").value);
  const pre = state.puzzle.preplaced.length;
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

async function showSolution(index, { fresh = false } = {}) {
  await state.loading;
  if (!state.puzzle || state.solve.busy) return;
  const s = state.solve;
  if (fresh) {
    s.random = $("random").checked || $("seed").value !== "";
    s.seed = $("seed").value === "" ? null : Number($("seed").value);
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
    if (s.random) { s.seed = page.seed; if ($("seed").value === "") $("seed").placeholder = `any (was ${page.seed})`; }
    s.complete = page.complete;
    if (page.complete) s.total = page.listed;
    if (!page.solutions.length) {
      $("solve-status").textContent = index === 0 ? `No solution: ${state.puzzle.no_solution || "this puzzle cannot be tiled with these pieces"}.`
        : `There are only ${fmt(page.listed)} solutions (up to symmetry).`;
      if (index === 0) $("why").hidden = false;
      return;
    }
    const sol = page.solutions[0];
    s.solution = sol;
    s.index = index;
    animate(sol.placements);
    const of = s.total != null ? ` of ${fmt(s.total)}` : "";
    $("solve-status").textContent = `Solution #${index + 1}${of}` + (s.random ? ` (random order, seed ${s.seed})` : "") +
      ` · found in ${(page.seconds * 1000).toFixed(0)} ms`;
    $("jump").value = index + 1;
  } catch (error) {
    $("solve-status").textContent = error.message;
  } finally {
    s.busy = false;
  }
}

function download(name, blob) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

function baseName() {
  return (state.spec.name || state.puzzle.name || "puzzle").replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-|-$/g, "") || "puzzle";
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
  } catch (error) { answer.textContent = error.message; }
}

async function exportSolution(kind) {
  const sol = state.solve.solution;
  if (!sol) { toast("solve first: there is no solution shown"); return; }
  const name = `${baseName()}-${state.solve.index + 1}`;
  if (kind === "json") { download(`${name}.json`, new Blob([solutionJsonLine(sol.placements) + "\n"], { type: "application/json" })); return; }
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
    ctx.scale(2, 2);
    ctx.drawImage(img, 0, 0);
    URL.revokeObjectURL(url);
    canvas.toBlob((blob) => download(`${name}.png`, blob), "image/png");
  };
  img.src = url;
}

// -- watching the search -----------------------------------------------------------------------------
const SPEEDS = [1, 3, 10, 30, 100, 1000, 10000, 100000, -1];
const speedLabel = (v) => (v < 0 ? "full speed" : `${fmt(v)} nodes/s`);

function stopWatch() {
  const w = state.watch;
  if (!w) return;
  w.source.close();
  fetch(`/api/jobs/${w.id}`, { method: "DELETE" }).catch(() => {});
  state.watch = null;
  $("watch-start").disabled = false;
}

async function watchControl(action) {
  const w = state.watch;
  if (!w) {
    if (action === "step") await startWatch(0);
    else if (action === "run") await startWatch(SPEEDS[$("speed").value]);
    if (action === "step" && state.watch) await watchControl("step");
    return;
  }
  await api(`/api/jobs/${w.id}/control`, { action, speed: SPEEDS[$("speed").value] }).catch(() => {});
}

async function startWatch(speed) {
  await state.loading;
  stopWatch();
  stopAnimation();
  $("watch-status").textContent = "Starting…";
  let job;
  try {
    job = await api("/api/jobs", { kind: "watch", puzzle: state.spec, speed });
  } catch (error) { $("watch-status").textContent = error.message; return; }
  const source = new EventSource(`/api/jobs/${job.id}/events`);
  state.watch = { id: job.id, source };
  $("watch-start").disabled = true;
  const pre = state.puzzle.preplaced;
  source.addEventListener("frame", (e) => {
    const f = JSON.parse(e.data);
    showPlacements(pre.concat(f.placements));
    $("watch-status").textContent = `${fmt(f.nodes)} nodes · ${fmt(f.solutions)} solutions so far` +
      (f.solution ? " · a solution!" : "");
  });
  const end = (text) => {
    source.close();
    if (state.watch && state.watch.id === job.id) { state.watch = null; $("watch-start").disabled = false; }
    $("watch-status").textContent = text;
  };
  source.addEventListener("result", (e) => {
    const r = JSON.parse(e.data);
    end(`Search complete: ${fmt(r.nodes)} nodes, ${fmt(r.solutions)} solutions (up to symmetry).`);
  });
  source.addEventListener("cancelled", (e) => end(JSON.parse(e.data).timed_out ? "Stopped at the server's time limit." : "Stopped."));
  source.addEventListener("error", (e) => end(e.data ? JSON.parse(e.data).error : "Stopped (connection lost)."));
}

// -- counting ---------------------------------------------------------------------------------------------
function resetCounts() {
  for (const m of ["full", "rotations", "none"]) $(`count-${m}`).textContent = "–";
  $("count-json").textContent = "";
  $("count-status").textContent = "";
  $("count-progress").value = 0;
  if (state.puzzle) {
    $("count-full-label").textContent = `Up to symmetry (${state.puzzle.group_order.full})`;
    $("count-rotations-label").textContent = `Up to rotations (${state.puzzle.group_order.rotations})`;
  }
}

function cancelCount() {
  const c = state.count;
  if (!c || !c.source) return;
  c.source.close();
  fetch(`/api/jobs/${c.id}`, { method: "DELETE" }).catch(() => {});
  c.source = null;
  $("count-cancel").disabled = true;
  $("count").disabled = false;
  $("count-status").textContent = `Cancelled after ${c.last ? c.last.elapsed.toFixed(1) : 0} s` +
    (c.last ? ` (${fmt(c.last.found)} solutions so far, ${fmt(c.last.nodes)} nodes)` : "") + ".";
}

async function startCount() {
  await state.loading;
  cancelCount();
  resetCounts();
  let job;
  try {
    job = await api("/api/jobs", { kind: "count", puzzle: state.spec });
  } catch (error) { $("count-status").textContent = error.message; return; }
  const source = new EventSource(`/api/jobs/${job.id}/events`);
  const c = state.count = { id: job.id, source, last: null };
  $("count").disabled = true;
  $("count-cancel").disabled = false;
  $("count-status").textContent = "Counting…";
  $("count-progress").removeAttribute("value");
  source.addEventListener("progress", (e) => {
    const p = JSON.parse(e.data);
    c.last = p;
    $("count-progress").max = Math.max(p.total, 1);
    $("count-progress").value = p.done;
    $("count-status").textContent = `${p.elapsed.toFixed(1)} s · ${fmt(p.found)} solutions so far · ` +
      `${fmt(p.done)}/${fmt(p.total)} parts · ${fmt(p.nodes_per_second)} nodes/s`;
  });
  const end = () => {
    source.close();
    c.source = null;
    $("count").disabled = false;
    $("count-cancel").disabled = true;
  };
  source.addEventListener("result", (e) => {
    const r = JSON.parse(e.data);
    end();
    $("count-progress").max = 1;
    $("count-progress").value = 1;
    for (const m of ["full", "rotations", "none"]) $(`count-${m}`).textContent = fmtBig(r.by_mode[m]);
    const rate = r.seconds > 0 ? Math.round(r.nodes / r.seconds) : 0;
    $("count-status").textContent = `Done in ${r.seconds.toFixed(3)} s · ${fmt(r.nodes)} nodes` +
      (r.method === "search" ? ` · ${fmt(rate)} nodes/s` : " · counted by states (memo)") +
      ` · ${fmt(r.subproblems)} parts`;
    $("count-json").textContent = r.json_line;
  });
  source.addEventListener("cancelled", (e) => {
    end();
    $("count-status").textContent = JSON.parse(e.data).timed_out ? "Stopped at the server's time limit." : "Cancelled.";
  });
  source.addEventListener("error", (e) => {
    end();
    $("count-status").textContent = e.data ? JSON.parse(e.data).error : "The connection was lost.";
  });
}

// -- gallery --------------------------------------------------------------------------------------------------
const PAGE = 100, THUMB_CELL = 7;

async function openGallery() {
  await state.loading;
  const mode = $("gallery-mode").value;
  if (state.gallery && state.gallery.mode === mode && state.gallery.fingerprint === state.puzzle.fingerprint) {
    layoutGallery();
    return;
  }
  const size = boardSize(state.puzzle);
  const w = Math.ceil(size.width * THUMB_CELL / 24) + 4, h = Math.ceil(size.height * THUMB_CELL / 24) + 4;
  state.gallery = { mode, fingerprint: state.puzzle.fingerprint, pages: new Map(), loading: new Set(), total: null,
                    listed: 0, capped: null, started: performance.now(),
                    itemW: Math.max(w + 10, 56), itemH: h + 24, thumbW: w, items: new Map(), colors: colorMap(state.puzzle) };
  $("gallery-space").replaceChildren();
  $("gallery").scrollTop = 0;
  $("gallery-status").textContent = "Loading…";
  // The first page and the total (a count) are asked for at once: the pictures show before
  // the count is in.
  const g = state.gallery;
  loadPage(0);
  api("/api/solutions", { puzzle: state.spec, symmetry: mode, offset: 0, limit: 1, total: true })
    .then((data) => {
      if (state.gallery !== g) return;
      g.total = Math.min(data.total, g.capped ?? Infinity);
      galleryStatus();
      layoutGallery();
    })
    .catch((error) => { $("gallery-status").textContent = error.message; });
}

function galleryStatus() {
  const g = state.gallery;
  const what = g.mode === "full" ? "solutions up to symmetry" : "tilings";
  $("gallery-status").textContent = g.total === 0 ? "This puzzle has no solution." :
    g.total == null ? `counting… (${fmt(g.listed)} ${what} listed so far)` :
    `${fmt(g.total)} ${what}` + (g.capped != null ? ` (showing the first ${fmt(g.capped)})` : "");
}

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
    galleryStatus();
    layoutGallery();
  } catch (error) {
    $("gallery-status").textContent = error.message;
  } finally {
    g.loading.delete(page);
  }
}

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
    if (g.items.has(i) || !sols[i - page * PAGE]) continue;
    const sol = sols[i - page * PAGE];
    const item = document.createElement("div");
    item.className = "item";
    item.dataset.perRow = String(perRow);
    item.style.left = `${4 + (i % perRow) * g.itemW}px`;
    item.style.top = `${4 + Math.floor(i / perRow) * g.itemH}px`;
    item.style.width = `${g.itemW}px`;
    item.setAttribute("role", "button");
    item.setAttribute("aria-label", `Solution ${i + 1}`);
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    drawBoard(svg, state.puzzle, sol.placements, { size: THUMB_CELL, colors: g.colors });
    const label = document.createElement("span");
    label.textContent = `#${i + 1}`;
    item.append(svg, label);
    item.addEventListener("click", () => enlarge(sol, i));
    space.appendChild(item);
    g.items.set(i, item);
    if (!("galleryMs" in document.body.dataset)) {  // first paint, for bench/web.py
      requestAnimationFrame(() => { document.body.dataset.galleryMs = (performance.now() - g.started).toFixed(1); });
    }
  }
}

function enlarge(sol, i) {
  $("enlarged-title").textContent = `${state.puzzle.name} · solution #${i + 1}` +
    (state.gallery && state.gallery.mode === "none" ? " (every tiling)" : "");
  drawBoard($("enlarged-board"), state.puzzle, sol.placements, { labels: true });
  $("enlarged").showModal();
}

// -- design ------------------------------------------------------------------------------------------------------
// The cells of a design's drawing area: `rows` rows of `cols` cells each (hexagons, in doubled
// coordinates, take every other column).
function designArea(d) {
  const drawing = state.info.grids[d.grid];
  const out = [];
  for (let r = 0; r < d.rows; r++) {
    for (let c = 0; c < (drawing.half ? 2 * d.cols : d.cols); c++) if (!drawing.half || (r + c) % 2 === 0) out.push([r, c]);
  }
  return out;
}

const DEFAULT_PIECES = { square: "pentominoes", triangle: "hexiamonds", hexagon: "tetrahexes" };

function newDesign(rows, cols, full = true) {
  const grid = $("design-grid").value;
  if (state.design && state.design.grid !== grid) $("design-set").value = DEFAULT_PIECES[grid] || "";
  state.design = { grid, rows, cols, cells: new Set(), names: designNames(), copies: {}, preplaced: [], orient: 0,
                   paint: null, timer: null };
  if (full) for (const cell of designArea(state.design)) state.design.cells.add(cell.join(","));
  buildSetList();
  buildCopies();
  drawDesign();
  checkDesign();
}

// The piece sets offered under Pieces: those of the design's grid.
function buildSetList() {
  const list = $("design-sets");
  list.replaceChildren();
  for (const s of state.info.piece_sets.filter((x) => x.grid === state.design.grid)) {
    const o = document.createElement("option");
    o.value = s.name;
    o.textContent = s.description;
    list.appendChild(o);
  }
}

// The names typed under Pieces: built-in piece sets and pieces, as in a puzzle file's `pieces`.
function designNames() {
  return $("design-set").value.split(/[\s,]+/).filter(Boolean);
}

const designSets = () => state.info.piece_sets.filter((s) => s.grid === (state.design ? state.design.grid : "square"));
const pieceSet = (name) => designSets().find((s) => s.name === name);

function shapeOf(name) {
  for (const set of designSets()) if (set.shapes[name]) return set.shapes[name];
  return null;
}

function designPieces() {
  const out = [];
  for (const name of state.design.names) {
    for (const piece of pieceSet(name) ? pieceSet(name).pieces : shapeOf(name) ? [name] : []) {
      if (!out.includes(piece)) out.push(piece);
    }
  }
  return out;
}

function designSpec() {
  const d = state.design;
  const cells = [...d.cells].map((k) => k.split(",").map(Number)).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const oneSided = $("design-one-sided").checked;
  const implied = d.names.some((n) => pieceSet(n) && pieceSet(n).one_sided);
  const name = d.grid === "square" ? `my ${d.rows}x${d.cols} puzzle` : `my ${d.rows}x${d.cols} ${d.grid} puzzle`;
  return { design: { name, grid: d.grid, cells, pieces: d.names, copies: d.copies,
                     one_sided: oneSided === implied ? null : oneSided,
                     preplaced: d.preplaced } };
}

function buildCopies() {
  const box = $("design-copies");
  box.replaceChildren();
  const select = $("design-piece");
  select.replaceChildren();
  $("design-one-sided").checked = state.design.names.some((n) => pieceSet(n) && pieceSet(n).one_sided);
  for (const name of designPieces()) {
    const label = document.createElement("label");
    label.textContent = name;
    const input = document.createElement("input");
    input.value = "1";
    input.setAttribute("aria-label", `Copies of ${name}`);
    input.title = "a number, any, or min-max";
    input.addEventListener("input", () => {
      const v = input.value.trim();
      const m = v.match(/^(\d+)\s*-\s*(\d+)$/);
      if (v === "" || v === "1") delete state.design.copies[name];
      else state.design.copies[name] = m ? [Number(m[1]), Number(m[2])] : /^\d+$/.test(v) ? Number(v) : v;
      checkDesign();
    });
    label.appendChild(input);
    box.appendChild(label);
    const option = document.createElement("option");
    option.value = option.textContent = name;
    select.appendChild(option);
  }
}

function designShape() {
  return shapeOf($("design-piece").value);
}

function designOrientation() {
  const shape = designShape();
  return shape ? shape.orientations[state.design.orient] || shape.orientations[0] : null;
}

function turnPiece(how) {
  const shape = designShape();
  if (!shape) return;
  if (how === "flip" && $("design-one-sided").checked) { toast("one-sided pieces cannot be turned over"); return; }
  state.design.orient = shape[how][state.design.orient] ?? 0;
  toast(`${$("design-piece").value}: orientation ${state.design.orient + 1} of ${shape.orientations.length}`);
}

function drawDesign() {
  const d = state.design;
  const cells = [...d.cells].map((k) => k.split(",").map(Number));
  const holes = designArea(d).filter((cell) => !d.cells.has(cell.join(",")));
  const colors = {};
  for (const set of designSets()) for (const [n, s] of Object.entries(set.shapes)) colors[n] = s.color;
  drawBoard($("board"), { cells, bounds: [0, 0, d.rows - 1, d.cols - 1], pieces: [], drawing: state.info.grids[d.grid] },
            d.preplaced, { labels: false, extra: holes, colors });
  $("stage-caption").textContent = `Design: ${d.cells.size} cells on a ${d.rows} × ${d.cols} ${d.grid} grid`;
}

// The cells of orientation `o` moved to lie on `cell`: one of its cells lands there, the first
// that a move of the grid can take there (on triangles, only a triangle pointing the same way).
function placedAt(o, cell) {
  const [r, c] = cell.split(",").map(Number);
  const step = state.info.grids[state.design.grid].step;
  const anchor = o.find(([a, b]) => (((r - a + c - b) % step) + step) % step === 0) || o[0];
  return o.map(([dr, dc]) => [r + dr - anchor[0], c + dc - anchor[1]]);
}

function checkDesign() {
  clearTimeout(state.design.timer);
  state.design.timer = setTimeout(async () => {
    const spec = designSpec();
    try {
      const p = await api("/api/puzzle", { puzzle: spec });
      const used = p.pieces.reduce((s, x) => s + x.size * (x.max ?? 0), 0);
      setMessage($("design-message"), `OK: ${p.area} cells; ${p.pieces.length} pieces` +
        (p.pieces.every((x) => x.max !== null) ? ` covering ${used}` : "") +
        `; ${p.group_order.full} symmetries` + noSolution(p), p.no_solution ? "notice" : "good");
    } catch (error) {
      setMessage($("design-message"), error.message, "bad");
    }
  }, 120);
}

// A puzzle that builds may still have no solution: the quick proof's words, on a line of their own.
const noSolution = (p) => (p.no_solution ? `\nNo solution: ${p.no_solution}.` : "");

function setMessage(node, text, kind) {
  node.textContent = text;
  node.className = `message ${kind}`;
}

function designCell(event) {
  const target = event.target.closest("[data-cell]");
  return target ? target.dataset.cell : null;
}

function designPointer(event) {
  const d = state.design;
  if (currentTab() !== "design" || !d) return;
  const cell = designCell(event);
  if (event.type === "pointerdown") {
    if (!cell) return;
    event.preventDefault();
    if ($("design-placing").checked) { placeOrRemove(cell); return; }
    d.paint = d.cells.has(cell) ? "remove" : "add";
    $("board").setPointerCapture?.(event.pointerId);
  }
  if (event.type === "pointermove" && $("design-placing").checked) {
    const o = designOrientation();
    if (cell && o) drawGhost($("board"), placedAt(o, cell), designShape().color);
    return;
  }
  if (event.type === "pointermove" && d.paint && event.buttons) {
    const el = document.elementFromPoint(event.clientX, event.clientY);
    const k = el && el.closest && el.closest("[data-cell]") ? el.closest("[data-cell]").dataset.cell : null;
    if (!k) return;
    paintCell(k);
    return;
  }
  if (event.type === "pointerdown" && cell) paintCell(cell);
  if (event.type === "pointerup") { d.paint = null; }
}

function paintCell(k) {
  const d = state.design;
  const had = d.cells.has(k);
  if (d.paint === "add" && !had) d.cells.add(k);
  else if (d.paint === "remove" && had) {
    d.cells.delete(k);
    d.preplaced = d.preplaced.filter((p) => !p.cells.some(([r, c]) => `${r},${c}` === k));
  } else return;
  drawDesign();
  checkDesign();
}

function placeOrRemove(cell) {
  const d = state.design;
  const hit = d.preplaced.findIndex((p) => p.cells.some(([r, c]) => `${r},${c}` === cell));
  if (hit >= 0) d.preplaced.splice(hit, 1);
  else {
    const o = designOrientation();
    if (!o) return;
    const cells = placedAt(o, cell);
    if (!cells.every(([a, b]) => d.cells.has(`${a},${b}`))) { toast("the piece must lie on board cells"); return; }
    d.preplaced.push({ piece: $("design-piece").value, cells });
  }
  drawDesign();
  checkDesign();
}

async function designToml() {
  const p = await api("/api/puzzle", { puzzle: designSpec() });
  return p.toml;
}

// -- the file editor ---------------------------------------------------------------------------------------------
function setFileMessage(text, kind) { setMessage($("file-message"), text, kind); }

function checkFile() {
  clearTimeout(checkFile.timer);
  checkFile.timer = setTimeout(async () => {
    try {
      const p = await api("/api/puzzle", { puzzle: fileSpec() });
      setFileMessage(`OK: ${p.name || "puzzle"}, ${p.area} cells, ${p.pieces.length} pieces` + noSolution(p),
                     p.no_solution ? "notice" : "good");
    } catch (error) {
      setFileMessage(error.message, "bad");
    }
  }, 200);
}

function fileSpec() {
  return { toml: $("file-text").value, source: $("file-upload").files[0]?.name || "puzzle.toml" };
}

// -- tabs and keys -------------------------------------------------------------------------------------------------
function currentTab() {
  const t = document.querySelector('[role="tab"][aria-selected="true"]');
  return t ? t.id.slice(4) : "solve";
}

function selectTab(name, placements = null) {
  for (const tab of document.querySelectorAll('[role="tab"]')) {
    const on = tab.id === `tab-${name}`;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    $(tab.getAttribute("aria-controls")).hidden = !on;
  }
  const gallery = name === "gallery";
  $("gallery").hidden = !gallery;
  $("board-box").hidden = gallery;
  $("stage-caption").hidden = gallery;
  $("tray").hidden = name !== "play";
  $("board-box").classList.toggle("playing", name === "play");
  if (name !== "watch") stopWatch();
  if (name !== "play") state.play.close();
  if (gallery) openGallery();
  else if (name === "play") { if (state.puzzle) state.play.open(placements); }
  else if (name === "design") { if (!state.design) newDesign(8, 8); else drawDesign(); checkDesign(); }
  else if (state.puzzle) {
    if (name === "solve" && state.solve.solution) showPlacements(state.solve.solution.placements);
    else showPlacements(state.puzzle.preplaced);
    $("stage-caption").textContent = `${state.puzzle.area} cells · ${state.puzzle.pieces.length} pieces`;
  }
}

function onKey(event) {
  const tag = (event.target.tagName || "").toLowerCase();
  if (["input", "textarea", "select"].includes(tag)) return;
  if (event.key === "Escape") { stopEverything(); return; }
  if (state.play.onKey(event)) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (currentTab() === "design" && (event.key === "r" || event.key === "f")) {
    turnPiece(event.key === "r" ? "turn" : "flip");
    return;
  }
  if (event.key === " " && tag !== "button") { event.preventDefault(); selectTab("solve"); showSolution(0, { fresh: true }); }
  if (event.key === "ArrowRight") { event.preventDefault(); selectTab("solve"); showSolution(state.solve.solution ? state.solve.index + 1 : 0); }
  if (event.key === "ArrowLeft") { event.preventDefault(); selectTab("solve"); showSolution(state.solve.index - 1); }
}

async function copyLink(spec) {
  const link = linkFor(spec);
  try { await navigator.clipboard.writeText(link); toast("link copied"); }
  catch { toast("copy this link from the address bar"); }
  history.replaceState(null, "", link);
}

// -- start ---------------------------------------------------------------------------------------------------------
const GRID_NAMES = { square: "Squares", triangle: "Triangles", hexagon: "Hexagons", cube: "Cubes (drawn layer by layer)" };

async function main() {
  state.play = setupPlay({
    api, toast, download, baseName, linkFor, currentTab, puzzle: () => state.puzzle, spec: () => state.spec,
  });
  state.info = await api("/api/info");
  const select = $("puzzle-select");
  const blank = document.createElement("option");
  blank.value = "";
  blank.textContent = "(your own puzzle)";
  blank.disabled = true;
  select.appendChild(blank);
  const groups = new Map();
  for (const p of state.info.puzzles) {
    if (!groups.has(p.grid)) {
      const g = document.createElement("optgroup");
      g.label = GRID_NAMES[p.grid] || p.grid;
      groups.set(p.grid, g);
    }
    const o = document.createElement("option");
    o.value = p.name;
    o.textContent = `${p.name} — ${p.description}`;
    groups.get(p.grid).appendChild(o);
  }
  select.append(...groups.values());
  select.addEventListener("change", () => loadPuzzle({ name: select.value }).catch((e) => toast(e.message)));
  $("rect-form").addEventListener("submit", (e) => {
    e.preventDefault();
    loadPuzzle({ name: `${$("rect-rows").value}x${$("rect-cols").value}` })
      .catch((error) => { $("puzzle-title").textContent = error.message; });
  });
  for (const tab of document.querySelectorAll('[role="tab"]')) tab.addEventListener("click", () => selectTab(tab.id.slice(4)));
  document.addEventListener("keydown", onKey);

  $("solve").addEventListener("click", () => showSolution(0, { fresh: true }));
  $("why").addEventListener("click", checkPuzzle);
  $("next").addEventListener("click", () => showSolution(state.solve.solution ? state.solve.index + 1 : 0));
  $("prev").addEventListener("click", () => showSolution(state.solve.index - 1));
  $("jump-form").addEventListener("submit", (e) => { e.preventDefault(); showSolution(Number($("jump").value) - 1); });
  $("delay").addEventListener("input", () => { $("delay-out").textContent = `${$("delay").value} ms`; });
  for (const kind of ["svg", "png", "json"]) $(`export-${kind}`).addEventListener("click", () => exportSolution(kind).catch((e) => toast(e.message)));

  const speedOut = () => { $("speed-out").textContent = speedLabel(SPEEDS[$("speed").value]); };
  speedOut();
  $("speed").addEventListener("input", () => { speedOut(); if (state.watch) watchControl("run"); });
  $("watch-start").addEventListener("click", () => startWatch(SPEEDS[$("speed").value]));
  $("watch-pause").addEventListener("click", () => watchControl("pause"));
  $("watch-step").addEventListener("click", () => watchControl("step"));
  $("watch-stop").addEventListener("click", () => { stopWatch(); $("watch-status").textContent = "Stopped."; });

  $("count").addEventListener("click", startCount);
  $("count-cancel").addEventListener("click", cancelCount);

  $("gallery-mode").addEventListener("change", openGallery);
  let pending = false;
  $("gallery").addEventListener("scroll", () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; layoutGallery(); });
  });
  window.addEventListener("resize", () => { if (currentTab() === "gallery") layoutGallery(); });

  $("design-new").addEventListener("submit", (e) => {
    e.preventDefault();
    newDesign(Number($("design-rows").value), Number($("design-cols").value));
  });
  $("design-clear").addEventListener("click", () => newDesign(state.design.rows, state.design.cols, false));
  $("design-grid").addEventListener("change", () => newDesign(Number($("design-rows").value), Number($("design-cols").value)));
  $("design-set").addEventListener("change", () => {
    state.design.names = designNames();
    state.design.copies = {};
    state.design.preplaced = [];
    buildCopies();
    drawDesign();
    checkDesign();
  });
  $("design-one-sided").addEventListener("change", checkDesign);
  $("design-rotate").addEventListener("click", () => turnPiece("turn"));
  $("design-flip").addEventListener("click", () => turnPiece("flip"));
  $("design-piece").addEventListener("change", () => { state.design.orient = 0; });
  const board = $("board");
  for (const type of ["pointerdown", "pointermove", "pointerup", "pointercancel"]) board.addEventListener(type, designPointer);
  board.addEventListener("pointerleave", () => drawGhost(board, null));
  $("design-use").addEventListener("click", async () => {
    const spec = designSpec();
    selectTab("solve");
    try {
      await loadPuzzle(api("/api/puzzle", { puzzle: spec }).then((p) => ({ toml: p.toml, source: "design.toml" })));
      toast("your puzzle is loaded: Solve, Count or Gallery");
    } catch (error) { selectTab("design"); setMessage($("design-message"), error.message, "bad"); }
  });
  $("design-unique").addEventListener("click", async () => {
    $("design-unique-answer").textContent = "Searching…";
    try {
      const r = await api("/api/unique", { puzzle: designSpec() });
      $("design-unique-answer").textContent = r.answer === "unique" ? "Yes: exactly one solution (up to symmetry)."
        : r.answer === "no solution" ? "No: it has no solution." : "No: it has at least two solutions (up to symmetry).";
    } catch (error) { $("design-unique-answer").textContent = error.message; }
  });
  $("design-download").addEventListener("click", async () => {
    try { download("my-puzzle.toml", new Blob([await designToml()], { type: "application/toml" })); }
    catch (error) { setMessage($("design-message"), error.message, "bad"); }
  });
  $("design-link").addEventListener("click", async () => {
    try { await copyLink({ toml: await designToml() }); }
    catch (error) { setMessage($("design-message"), error.message, "bad"); }
  });

  $("file-text").addEventListener("input", checkFile);
  $("file-upload").addEventListener("change", async () => {
    const file = $("file-upload").files[0];
    if (!file) return;
    $("file-text").value = await file.text();
    checkFile();
  });
  $("file-use").addEventListener("click", async () => {
    const spec = fileSpec();
    selectTab("solve");
    try { await loadPuzzle(spec); }
    catch (error) { selectTab("file"); setFileMessage(error.message, "bad"); }
  });
  $("file-download").addEventListener("click", () => download(fileSpec().source, new Blob([$("file-text").value], { type: "application/toml" })));
  $("file-link").addEventListener("click", () => copyLink({ toml: $("file-text").value }));

  window.addEventListener("hashchange", async () => {
    const spec = specFromHash();
    const placements = playFromHash();
    if (!spec) return;
    try {
      await loadPuzzle(spec, { keepHash: true });
      if (placements) await openPlay(placements);
    } catch (e) { toast(e.message); }
  });
  const spec = specFromHash() || { name: "6x10" };
  const placements = playFromHash();
  try {
    await loadPuzzle(spec, { keepHash: !!specFromHash() });
    if (placements) await openPlay(placements);
  } catch (error) {
    $("puzzle-title").textContent = error.message;
    if (spec.toml) { selectTab("file"); $("file-text").value = spec.toml; checkFile(); }
  }
  document.body.dataset.ready = "1";
}

main().catch((error) => { $("puzzle-title").textContent = `the page could not start: ${error.message}`; });
