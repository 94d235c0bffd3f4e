// A search the server runs as a task, heard as a stream of events: the Count tab's count, the
// Watch tab's search and the Play tab's ways to finish all go through streamTask.
//
// POST /api/tasks starts the task and names it; GET /api/tasks/{id}/events is its stream of
// server-sent events, up to a last one (result, cancelled or error), after which the server ends
// the stream. The page cancels a task by name, DELETE /api/tasks/{id}, at any time (before its
// stream opens, or while it streams): the server then ends the stream with "cancelled". The page
// closes a stream only once the server has ended it (the browser's "error" event after the last
// one): a stream the page closes while the server still sends is, for the browser, a failed
// request. The server also cancels a task whose stream closes (the page gone: web/app.py's
// _EventStream), and the server's first line tells the browser never to reopen a stream
// (`retry`), so a stream ended by the server is not asked for again.

import { api, messageOf } from "./api.js";

/** How a task ended without a result: stopped (by a person or a new task), or at the server's time limit.
 * @typedef {{ timed_out: boolean }} Cancelled */

/**
 * What a task's events are given to. After `stop()` none is called.
 * @template U, R
 * @typedef {Object} JobHandlers
 * @property {(data: U) => void} [update] each "progress" (a count's) or "frame" (a watch's) event
 * @property {(data: R) => void} result the last event of a task that finished
 * @property {(data: Cancelled) => void} cancelled the last event of a task that was cancelled
 * @property {(message: string | null) => void} failed the task could not start, or failed on the
 *   server (its message), or the stream was lost (null)
 * @property {() => void} [opened] the task started and its stream is being opened
 * @property {number} [busyRetries] on "busy" (the server's searches all taken, say by the last
 *   task still stopping), ask again this many times, a quarter second apart
 */

/**
 * A task as the page holds it.
 * @typedef {Object} TaskStream
 * @property {() => void} stop cancel the task, wherever it is: starting, streaming (nothing once it ended)
 * @property {() => boolean} running started or streaming: neither ended nor stopped
 * @property {Promise<string | null>} ready the task's id once its stream is opened; null if it
 *   never was (it could not start, or was stopped first)
 */

const LAST_EVENTS = ["result", "cancelled", "error"];
const BUSY_RETRY_MS = 250;
const CLOSE_AFTER_MS = 5000;  // a stream the server has not ended this long after a cancel is closed

/**
 * Start the task `body` ({kind, puzzle, ...}) and hear its stream with `on`.
 * @template U, R
 * @param {object} body
 * @param {JobHandlers<U, R>} on
 * @returns {TaskStream}
 */
export function streamTask(body, on) {
  /** @type {{ id: string | null, source: EventSource | null, stopped: boolean, ended: boolean }} */
  const task = { id: null, source: null, stopped: false, ended: false };
  const stop = () => {
    if (task.stopped || task.ended) return;
    task.stopped = true;
    if (!task.id) return;  // not started yet: cancelled by name once it is (start)
    cancelByName(task.id);
    const source = task.source;
    if (source) setTimeout(() => source.close(), CLOSE_AFTER_MS);
  };
  const ready = start(body, on, task);
  return { stop, running: () => !task.stopped && !task.ended, ready };
}

/** @param {string} id */
function cancelByName(id) {
  fetch(`/api/tasks/${id}`, { method: "DELETE" }).catch(() => {});
}

/**
 * Ask for the task, then open its stream; the task's id, or null.
 * @template U, R
 * @param {object} body
 * @param {JobHandlers<U, R>} on
 * @param {{ id: string | null, source: EventSource | null, stopped: boolean, ended: boolean }} task
 * @returns {Promise<string | null>}
 */
async function start(body, on, task) {
  /** @type {{ id: string } | null} */
  let started = null;
  for (let attempt = 0; !started; attempt++) {
    try {
      started = await api("/api/tasks", body);
    } catch (error) {
      if (task.stopped) return null;
      const message = messageOf(error);
      if (!message.startsWith("busy") || attempt >= (on.busyRetries ?? 0)) { task.ended = true; on.failed(message); return null; }
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
    }
    if (task.stopped) { if (started) cancelByName(started.id); return null; }
  }
  task.id = started.id;
  const source = task.source = new EventSource(`/api/tasks/${started.id}/events`);
  /** @param {string} name @param {(data: any) => void} handle */
  const listen = (name, handle) => source.addEventListener(name, (e) => {
    const data = e instanceof MessageEvent && e.data ? JSON.parse(e.data) : null;
    // The browser's "error" (no data, unlike the server's): the server ended the stream (after
    // its last event), or the connection was lost. Either way the stream is over.
    if (name === "error" && data === null) source.close();
    if (task.ended || task.stopped) return;  // nothing is heard after the last event, or a cancel
    if (LAST_EVENTS.includes(name)) task.ended = true;
    handle(data);
  });
  const update = on.update;
  if (update) for (const name of ["progress", "frame"]) listen(name, update);
  listen("result", on.result);
  listen("cancelled", on.cancelled);
  listen("error", (data) => on.failed(data ? data.error : null));
  on.opened?.();
  return started.id;
}
