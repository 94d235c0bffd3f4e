// Play mode: the board and a tray of the pieces not yet placed. A piece is dragged with Pointer
// Events (mouse, pen and touch share one path), turned with R or the mouse wheel and turned over
// with F while held or under the pointer, and snaps to cells; a drop that runs off the board or
// onto another piece is refused where it happens, in red. After each move the server counts the
// ways to finish in the background (the next move cancels it); hints and "finish it for me"
// come from a completion the server finds; a finished board is told which solution it is.

import { drawBoard, drawGhost } from "./board.js";
import { isPlacementList } from "./placement.js";

const REFUSED_MS = 1200;  // how long a refused drop stays on the board
const FINISH_MS = 160;  // between the pieces "finish it for me" puts down
const TRAY_CELL = 15;  // px a cell in the tray

const cellKey = (cell) => cell.join(",");
const byCell = (a, b) => { for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i]; return 0; };
const sorted = (cells) => cells.map((c) => [...c]).sort(byCell);
const fmt = (n) => Number(n).toLocaleString("en-US");
const $ = (id) => document.getElementById(id);

// `app` gives what the rest of the page owns: api(path, body, options), toast(text),
// download(name, blob), baseName(), linkFor(spec, extra), puzzle() and spec() (the puzzle shown
// and how the server names it), currentTab().
export function setupPlay(app) {
  let play = null;  // the game on the puzzle shown; made when the Play tab first opens on it
  let pointer = { x: 0, y: 0, inside: false };
  let refusedTimer = null;

  // -- the game -------------------------------------------------------------------------------
  function newGame(placements = []) {
    stopWays();
    stopFinish();
    const puzzle = app.puzzle();
    play = { puzzle, spec: app.spec(), placements, undo: [], redo: [], held: null, selected: null,
             trayOrient: {}, started: null, solved: null, ways: null, finish: null };
  }

  function current() {
    if (!play || play.puzzle !== app.puzzle()) newGame();
    return play;
  }

  const pieceOf = (name) => play.puzzle.pieces.find((p) => p.name === name);
  const drawing = () => play.puzzle.drawing;

  // Copies of `name` not yet on the board (Infinity for "any").
  function left(name) {
    const p = pieceOf(name);
    if (p.max === null) return Infinity;
    const down = [...play.puzzle.preplaced, ...play.placements].filter((p) => p.piece === name).length;
    return p.max - down;
  }

  // Which orientation of its piece `cells` are, and which of its cells is `cell` (the anchor).
  function orientationOf(name, cells) {
    const s = sorted(cells);
    const os = pieceOf(name).orientations;
    for (let i = 0; i < os.length; i++) {
      const o = os[i];
      const d = s[0].map((v, j) => v - o[0][j]);
      if (o.every((c, k) => c.every((v, j) => v + d[j] === s[k][j]))) return i;
    }
    return 0;
  }

  // Orientation `o` moved so that its cell `k` lies on `cell`, if the grid allows that move (on
  // triangles and hexagons only some translations keep a shape on the grid); otherwise the
  // first of its cells that can go there.
  function placedAt(o, k, cell) {
    for (const j of [k, ...o.keys()]) {
      const cells = j < o.length ? moveTo(o, j, cell) : null;
      if (cells) return cells;
    }
    return null;
  }

  // Orientation `o` moved so that its cell `j` lies on `cell`; null if the grid has no such move.
  function moveTo(o, j, cell) {
    const step = drawing().step || 1;
    if (cell.length === 2 && ((((cell[0] - o[j][0] + cell[1] - o[j][1]) % step) + step) % step) !== 0) return null;
    const d = cell.map((v, i) => v - o[j][i]);
    return o.map((c) => c.map((v, i) => v + d[i]));
  }

  // Why `cells` cannot go down (ignoring placement `skip`, the one being moved), or null.
  function refusal(name, cells, skip = -1) {
    const board = new Set(play.puzzle.cells.map(cellKey));
    if (!cells.every((c) => board.has(cellKey(c)))) return `${name} would run off the board`;
    const owner = new Map();
    play.puzzle.preplaced.forEach((p) => p.cells.forEach((c) => owner.set(cellKey(c), p.piece)));
    play.placements.forEach((p, i) => { if (i !== skip) p.cells.forEach((c) => owner.set(cellKey(c), p.piece)); });
    const hit = cells.find((c) => owner.has(cellKey(c)));
    return hit ? `${name} would lie on ${owner.get(cellKey(hit))}` : null;
  }

  function freeCells() {
    const covered = new Set([...play.puzzle.preplaced, ...play.placements].flatMap((p) => p.cells.map(cellKey)));
    return play.puzzle.cells.filter((c) => !covered.has(cellKey(c))).length;
  }

  // -- drawing --------------------------------------------------------------------------------
  function drawPlay() {
    const skip = play.held ? play.held.from : -1;
    const shown = play.placements.filter((_, i) => i !== skip);
    drawBoard($("board"), play.puzzle, [...play.puzzle.preplaced, ...shown], { labels: true });
    const pre = play.puzzle.preplaced.length;
    for (const g of $("board").querySelectorAll("g.piece")) {
      if (Number(g.dataset.index) >= pre) g.classList.add("movable");
    }
    drawTray();
    $("play-undo").disabled = !play.undo.length || !!play.finish;
    $("play-redo").disabled = !play.redo.length || !!play.finish;
    $("play-hint").disabled = $("play-finish").disabled = !!play.finish || !freeCells();
    $("stage-caption").textContent = `${play.placements.length} piece${play.placements.length === 1 ? "" : "s"} placed · ` +
      `${freeCells()} cells free`;
  }

  function drawTray() {
    const tray = $("tray");
    tray.replaceChildren();
    for (const p of play.puzzle.pieces) {
      const n = left(p.name) - (play.held && play.held.from < 0 && play.held.name === p.name ? 1 : 0);
      if (n <= 0) continue;
      const o = p.orientations[play.trayOrient[p.name] || 0];
      const item = document.createElement("div");
      item.className = "tray-piece";
      item.dataset.piece = p.name;
      item.setAttribute("role", "button");
      item.setAttribute("aria-label", `Piece ${p.name}`);
      if (play.selected && play.selected.tray === p.name) item.classList.add("selected");
      const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      drawBoard(svg, { cells: [], drawing: drawing(), pieces: play.puzzle.pieces, bounds: play.puzzle.bounds },
                [{ piece: p.name, cells: o }], { size: TRAY_CELL, labels: false });
      const label = document.createElement("span");
      label.textContent = n === Infinity ? `${p.name} ×any` : n > 1 ? `${p.name} ×${n}` : p.name;
      item.append(svg, label);
      tray.appendChild(item);
    }
    if (!tray.children.length) {
      const empty = document.createElement("p");
      empty.className = "hint";
      empty.textContent = "Every piece is on the board.";
      tray.appendChild(empty);
    }
  }

  // The floating piece that follows the pointer off the board, at the board's scale.
  function drawFloat() {
    const float = $("play-float");
    const h = play.held;
    const box = $("board").getBoundingClientRect();
    const view = $("board").viewBox.baseVal;
    const size = view && view.width ? 24 * box.width / view.width : 24;
    const o = pieceOf(h.name).orientations[h.orient];
    drawBoard(float, { cells: [], drawing: drawing(), pieces: play.puzzle.pieces, bounds: play.puzzle.bounds },
              [{ piece: h.name, cells: o }], { size, labels: false });
    float.hidden = false;
    const anchor = float.querySelector(`[data-cell="${cellKey(o[Math.min(h.anchor, o.length - 1)])}"]`);
    const f = float.getBoundingClientRect(), a = anchor ? anchor.getBoundingClientRect() : f;
    h.offset = [a.left + a.width / 2 - f.left, a.top + a.height / 2 - f.top];
  }

  function moveFloat() {
    const float = $("play-float"), h = play.held;
    float.style.left = `${pointer.x - h.offset[0]}px`;
    float.style.top = `${pointer.y - h.offset[1]}px`;
  }

  // The board cell under the pointer: [cell] or null.
  function boardCellAt(x, y) {
    for (const node of document.elementsFromPoint(x, y)) {
      if (node.closest && node.closest("#board") && node.dataset && node.dataset.cell) return node.dataset.cell.split(",").map(Number);
      if (node.id === "board") return null;
    }
    return null;
  }

  // Where the held piece would go now: {cells, why} over the board, or null off it.
  function target() {
    const h = play.held;
    const cell = boardCellAt(pointer.x, pointer.y);
    if (!cell) return null;
    const o = pieceOf(h.name).orientations[h.orient];
    const cells = placedAt(o, h.anchor, cell);
    if (!cells) return null;
    return { cells, why: refusal(h.name, cells, h.from) };
  }

  function showHeld() {
    const t = target();
    if (t) {
      $("play-float").hidden = true;
      drawGhost($("board"), t.cells, pieceOf(play.held.name).color, { refused: !!t.why });
    } else {
      drawGhost($("board"), null);
      drawFloat();
      moveFloat();
    }
  }

  function refuse(cells, why) {
    clearTimeout(refusedTimer);
    drawGhost($("board"), cells, "#d92d20", { refused: true });
    setMessage(`Refused: ${why}.`);
    refusedTimer = setTimeout(() => { if (!play || !play.held) drawGhost($("board"), null); }, REFUSED_MS);
  }

  function setMessage(text) {
    $("play-message").textContent = text;
  }

  // -- moves ----------------------------------------------------------------------------------
  function commit(next) {
    play.started ??= performance.now();  // the clock runs from the first move
    play.undo.push(play.placements);
    play.redo = [];
    play.placements = next;
    afterMove();
  }

  // Undo and redo: the position comes off one stack, and the one it replaces goes on the other.
  function travel(from, to) {
    if (!from.length || play.finish) return;
    to.push(play.placements);
    play.placements = from.pop();
    setMessage("");
    afterMove();
  }
  const undo = () => travel(play.undo, play.redo);
  const redo = () => travel(play.redo, play.undo);

  function afterMove() {
    play.selected = null;
    drawPlay();
    updateLink();
    stopWays();
    if (!freeCells()) solved();
    else { play.solved = null; countWays(); }
  }

  // Turn the held piece, the piece under the pointer or the one last touched: `how` is "turn",
  // "back" (the other way), "flip" or "turn2" (a solid's second axis).
  function turn(how) {
    const p = play;
    if (how === "flip" && p.puzzle.one_sided) { setMessage("The pieces of this puzzle are one-sided: they cannot be turned over."); return true; }
    const moved = (name, o) => {
      const shape = pieceOf(name);
      if (how === "back") return shape.turn.indexOf(o);
      return shape[how] ? shape[how][o] : o;
    };
    if (p.held) {
      p.held.orient = moved(p.held.name, p.held.orient);
      showHeld();
      return true;
    }
    const under = document.elementFromPoint(pointer.x, pointer.y);
    const onBoard = under && under.closest && under.closest("#board g.piece.movable");
    const inTray = under && under.closest && under.closest("#tray .tray-piece");
    if (onBoard && pointer.inside) return turnPlaced(Number(onBoard.dataset.index) - p.puzzle.preplaced.length, boardCellAt(pointer.x, pointer.y), moved);
    if (inTray) { turnTray(inTray.dataset.piece, moved); return true; }
    if (p.selected && p.selected.tray) { turnTray(p.selected.tray, moved); return true; }
    if (p.selected && p.selected.index !== undefined) return turnPlaced(p.selected.index, p.selected.cell, moved);
    return false;
  }

  function turnTray(name, moved) {
    play.trayOrient[name] = moved(name, play.trayOrient[name] || 0);
    play.selected = { tray: name };
    drawTray();
  }

  // Turn a piece on the board about `cell` (one of its cells): the first way the turned piece
  // covers that cell and fits is taken; if none fits, the turn is refused where it is.
  function turnPlaced(index, cell, moved) {
    const { piece: name, cells } = play.placements[index];
    const o = pieceOf(name).orientations[moved(name, orientationOf(name, cells))];
    const at = cell || sorted(cells)[0];
    let first = null;
    for (let k = 0; k < o.length; k++) {
      const next = moveTo(o, k, at);
      if (!next) continue;
      first = first || next;
      if (!refusal(name, next, index)) {
        const placements = play.placements.slice();
        placements[index] = { piece: name, cells: next };
        commit(placements);
        play.selected = { index, cell: at };
        return true;
      }
    }
    if (first) refuse(first, refusal(name, first, index));
    return true;
  }

  // -- the pointer ----------------------------------------------------------------------------
  function onPointerDown(event) {
    if (app.currentTab() !== "play" || play.finish || event.button > 0) return;
    const trayItem = event.target.closest && event.target.closest("#tray .tray-piece");
    const placed = event.target.closest && event.target.closest("#board g.piece.movable");
    if (!trayItem && !placed) return;
    event.preventDefault();
    clearTimeout(refusedTimer);
    setMessage("");
    pointer = { x: event.clientX, y: event.clientY, inside: true };
    if (trayItem) {
      const name = trayItem.dataset.piece;
      const orient = play.trayOrient[name] || 0;
      const o = pieceOf(name).orientations[orient];
      const grabbed = event.target.dataset && event.target.dataset.cell;
      const anchor = Math.max(0, o.findIndex((c) => cellKey(c) === grabbed));
      play.held = { name, orient, anchor, from: -1, pointerId: event.pointerId };
      play.selected = { tray: name };
    } else {
      const index = Number(placed.dataset.index) - play.puzzle.preplaced.length;
      const { piece: name, cells } = play.placements[index];
      const grabbed = boardCellAt(event.clientX, event.clientY);
      const orient = orientationOf(name, cells);
      const s = sorted(cells);
      const anchor = Math.max(0, grabbed ? s.findIndex((c) => cellKey(c) === cellKey(grabbed)) : 0);
      play.held = { name, orient, anchor, from: index, pointerId: event.pointerId };
      play.selected = { index, cell: grabbed };
    }
    document.body.classList.add("dragging");
    drawPlay();
    showHeld();
  }

  function onPointerMove(event) {
    pointer = { x: event.clientX, y: event.clientY, inside: true };
    if (!play || !play.held || event.pointerId !== play.held.pointerId) return;
    event.preventDefault();
    showHeld();
  }

  function onPointerUp(event) {
    if (!play || !play.held || event.pointerId !== play.held.pointerId) return;
    pointer = { x: event.clientX, y: event.clientY, inside: true };
    const h = play.held;
    const t = event.type === "pointercancel" ? null : target();
    play.held = null;
    document.body.classList.remove("dragging");
    $("play-float").hidden = true;
    drawGhost($("board"), null);
    if (t && t.why) { drawPlay(); refuse(t.cells, t.why); return; }
    if (t) {
      const placements = play.placements.slice();
      if (h.from >= 0) placements[h.from] = { piece: h.name, cells: t.cells };
      else placements.push({ piece: h.name, cells: t.cells });
      commit(placements);
      play.selected = { index: h.from >= 0 ? h.from : placements.length - 1, cell: boardCellAt(pointer.x, pointer.y) };
      return;
    }
    if (h.from >= 0 && event.type !== "pointercancel") {  // dropped off the board: back to the tray
      play.trayOrient[h.name] = h.orient;
      commit(play.placements.filter((_, i) => i !== h.from));
      return;
    }
    drawPlay();
  }

  function onWheel(event) {
    if (!play || app.currentTab() !== "play") return;
    const over = event.target.closest && (event.target.closest("#board g.piece.movable") || event.target.closest("#tray .tray-piece"));
    if (!play.held && !over) return;
    event.preventDefault();
    pointer = { x: event.clientX, y: event.clientY, inside: true };
    turn(event.deltaY < 0 ? "back" : "turn");
  }

  // -- what the server says -------------------------------------------------------------------
  function stopWays() {
    const w = play && play.ways;
    if (!w) return;
    w.stopped = true;
    // An open stream, closed, cancels its job on the server; a job whose stream has not opened
    // yet is cancelled by name (once its stream has read the last event the name is gone: 404).
    const open = w.source && w.source.readyState === EventSource.OPEN;
    if (w.source) w.source.close();
    if (w.id && !open) fetch(`/api/jobs/${w.id}`, { method: "DELETE" }).catch(() => {});
    play.ways = null;
  }

  function status(text) {
    $("play-status").textContent = text;
  }

  const ways = (n) => `${fmt(n)} way${n === 1 ? "" : "s"} to finish`;

  async function countWays() {
    const w = play.ways = { id: null, source: null, stopped: false };
    status("Counting the ways to finish…");
    let job = null;
    for (let attempt = 0; !job; attempt++) {  // a busy server (the last move's count still stopping): again shortly
      try {
        job = await app.api("/api/jobs", { kind: "ways", puzzle: play.spec, placements: play.placements });
      } catch (error) {
        if (w.stopped) return;
        if (!error.message.startsWith("busy") || attempt > 20) { status(error.message); return; }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      if (w.stopped) { if (job) fetch(`/api/jobs/${job.id}`, { method: "DELETE" }).catch(() => {}); return; }
    }
    w.id = job.id;
    const source = w.source = new EventSource(`/api/jobs/${job.id}/events`);
    source.addEventListener("progress", (e) => {
      const p = JSON.parse(e.data);
      if (p.found > 0) status(`at least ${ways(p.found)} so far (counting, ${p.elapsed.toFixed(1)} s)`);
      else status(`Counting the ways to finish… (${p.elapsed.toFixed(1)} s)`);
    });
    const end = () => { source.close(); if (play.ways === w) play.ways = null; };
    source.addEventListener("result", (e) => {
      const r = JSON.parse(e.data);
      end();
      document.body.dataset.ways = String(r.ways);
      status(r.ways > 0 ? `still ${ways(r.ways)}` : `no way to finish from here: ${r.reason}`);
    });
    source.addEventListener("cancelled", (e) => {
      end();
      if (!w.stopped) status(JSON.parse(e.data).timed_out ? "The count stopped at the server's time limit." : "");
    });
    source.addEventListener("error", (e) => {
      end();
      if (!w.stopped) status(e.data ? JSON.parse(e.data).error : "The connection was lost.");
    });
  }

  function elapsed(ms) {
    const s = Math.round(ms / 1000);
    return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
  }

  async function solved() {
    const game = play;
    const took = elapsed(game.started === null ? 0 : performance.now() - game.started);
    game.solved = { took };
    status(`Solved in ${took}! Finding which solution it is…`);
    try {
      const r = await app.api("/api/play/solved", { puzzle: game.spec, placements: game.placements });
      if (play !== game || game.solved === null || freeCells()) return;
      const which = r.number != null ? `solution ${fmt(r.number)} of ${fmt(r.of)}`
        : `one of the ${fmt(r.of)} solutions`;
      status(`Solved in ${took}! This is ${which} up to symmetry.`);
      document.body.dataset.solved = String(r.number);
    } catch (error) {
      if (play === game) status(`Solved in ${took}! (${error.message})`);
    }
  }

  async function hint(finish = false) {
    const game = current();
    if (game.finish || !freeCells()) return;
    setMessage("");
    status(finish ? "Finding a way to finish…" : "Finding a hint…");
    let r;
    try {
      r = await app.api("/api/play/hint", { puzzle: game.spec, placements: game.placements, seed: Math.floor(Math.random() * 2 ** 31), finish });
    } catch (error) { status(error.message); return; }
    if (play !== game) return;
    if (!r.placements.length) { status(`no way to finish from here: ${r.reason}`); return; }
    if (!finish) { commit([...game.placements, r.placements[0]]); return; }
    stopWays();
    game.started ??= performance.now();
    game.undo.push(game.placements);  // the whole finish is one move to undo
    game.redo = [];
    const rest = r.placements.slice();
    game.finish = { timer: null };
    const step = () => {
      if (play !== game || !game.finish) return;
      game.placements = [...game.placements, rest.shift()];
      if (rest.length) { drawPlay(); game.finish.timer = setTimeout(step, FINISH_MS); }
      else { game.finish = null; afterMove(); }
    };
    step();
  }

  function stopFinish() {
    if (!play || !play.finish) return;
    clearTimeout(play.finish.timer);
    play.finish = null;
    afterMove();
  }

  // -- the position as a file and a link ------------------------------------------------------
  async function download() {
    try {
      const r = await app.api("/api/play/position", { puzzle: play.spec, placements: play.placements });
      app.download(`${app.baseName()}-position.toml`, new Blob([r.toml], { type: "application/toml" }));
    } catch (error) { setMessage(error.message); }
  }

  function linkNow() {
    return app.linkFor(play.spec, play.placements.length ? { play: encodePlacements(play.placements) } : { play: "" });
  }

  function updateLink() {
    if (app.currentTab() === "play") history.replaceState(null, "", linkNow());
  }

  async function copyLink() {
    const link = linkNow();
    history.replaceState(null, "", link);
    try { await navigator.clipboard.writeText(link); app.toast("link copied"); }
    catch { app.toast("copy this link from the address bar"); }
  }

  // -- keys and buttons ------------------------------------------------------------------------
  // Keys of the Play tab; true if taken.
  function onKey(event) {
    if (app.currentTab() !== "play") return false;
    const key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && key === "z") { event.preventDefault(); if (event.shiftKey) redo(); else undo(); return true; }
    if ((event.ctrlKey || event.metaKey) && key === "y") { event.preventDefault(); redo(); return true; }
    if (event.ctrlKey || event.metaKey || event.altKey) return false;
    if (key === "r") return turn(event.shiftKey ? "back" : "turn") || true;
    if (key === "f") return turn("flip") || true;
    if (key === "t") return turn("turn2") || true;
    if (key === "h") { hint(); return true; }
    if (key === " " || key.startsWith("arrow")) return true;  // not the Solve tab's keys here
    return false;
  }

  function escape() {
    if (!play) return;
    if (play.held) {
      play.held = null;
      document.body.classList.remove("dragging");
      $("play-float").hidden = true;
      drawGhost($("board"), null);
      drawPlay();
    }
    stopFinish();
    stopWays();
  }

  document.addEventListener("pointerdown", onPointerDown);
  document.addEventListener("pointermove", onPointerMove, { passive: false });
  document.addEventListener("pointerup", onPointerUp);
  document.addEventListener("pointercancel", onPointerUp);
  document.addEventListener("wheel", onWheel, { passive: false });
  $("play-undo").addEventListener("click", undo);
  $("play-redo").addEventListener("click", redo);
  $("play-hint").addEventListener("click", () => hint(false));
  $("play-finish").addEventListener("click", () => hint(true));
  $("play-restart").addEventListener("click", () => { newGame(); setMessage(""); afterMove(); });
  $("play-rotate").addEventListener("click", () => turn("turn"));
  $("play-flip").addEventListener("click", () => turn("flip"));
  $("play-turn2").addEventListener("click", () => turn("turn2"));
  $("play-download").addEventListener("click", download);
  $("play-link").addEventListener("click", copyLink);

  return {
    // The Play tab opens (placements: a shared link's, already checked by the server).
    open(placements = null) {
      if (placements) { newGame(placements); }
      const game = current();
      $("play-turn2").hidden = !pieceOf(game.puzzle.pieces[0].name).turn2;
      setMessage("");
      afterMove();
    },
    // The tab closes or the puzzle changes: nothing keeps running.
    close() { escape(); },
    escape,
    onKey,
  };
}

// Placements as a link's text: JSON ([{piece, cells}, ...], as the play endpoints read them) in
// base64url.
export function encodePlacements(placements) {
  const bytes = new TextEncoder().encode(JSON.stringify(placements));
  let bin = "";
  bytes.forEach((b) => { bin += String.fromCharCode(b); });
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodePlacements(text) {
  const bytes = Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));
  const value = JSON.parse(new TextDecoder().decode(bytes));
  // Links written before placements were {piece, cells} hold [piece, cells] pairs: read too.
  const pairs = Array.isArray(value) && value.every((p) => Array.isArray(p) && typeof p[0] === "string" && Array.isArray(p[1]));
  const placements = pairs ? value.map(([piece, cells]) => ({ piece, cells })) : value;
  if (!isPlacementList(placements)) throw new Error("the link's position could not be read");
  return placements;
}
