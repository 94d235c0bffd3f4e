// A search the server runs as a job, heard as a stream of events: the Count tab's count, the
// Watch tab's search and the Play tab's ways to finish all go through streamJob.
//
// POST /api/jobs starts the job and names it; GET /api/jobs/{id}/events is its stream of
// server-sent events, up to a last one (result, cancelled or error). The server cancels a job
// whose stream closes (the page's, or the page itself, gone: web/app.py's _EventStream), so an
// open stream is cancelled by closing it. A job whose stream has not opened yet is cancelled by
// name, DELETE /api/jobs/{id}; once its stream has read the last event the name is gone (404),
// which is why a stream that has ended is left alone. The server's first line tells the browser
// never to reopen a stream (`retry`), so a stream closed by the server is not asked for again.

import { api, messageOf } from "./api.js";

/** How a job ended without a result: stopped (by a person or a new job), or at the server's time limit.
 * @typedef {{ timed_out: boolean }} Cancelled */

/**
 * What a job's events are given to. After `stop()` none is called.
 * @template U, R
 * @typedef {Object} JobHandlers
 * @property {(data: U) => void} [update] each "progress" (a count's) or "frame" (a watch's) event
 * @property {(data: R) => void} result the last event of a job that finished
 * @property {(data: Cancelled) => void} cancelled the last event of a job that was cancelled
 * @property {(message: string | null) => void} failed the job could not start, or failed on the
 *   server (its message), or the stream was lost (null)
 * @property {() => void} [opened] the job started and its stream is being opened
 * @property {number} [busyRetries] on "busy" (the server's searches all taken, say by the last
 *   job still stopping), ask again this many times, a quarter second apart
 */

/**
 * A job as the page holds it.
 * @typedef {Object} JobStream
 * @property {() => void} stop cancel the job, wherever it is: starting, streaming (nothing once it ended)
 * @property {() => boolean} running started or streaming: neither ended nor stopped
 * @property {Promise<string | null>} ready the job's id once its stream is opened; null if it
 *   never was (it could not start, or was stopped first)
 */

const LAST_EVENTS = ["result", "cancelled", "error"];
const BUSY_RETRY_MS = 250;

/**
 * Start the job `body` ({kind, puzzle, ...}) and hear its stream with `on`.
 * @template U, R
 * @param {object} body
 * @param {JobHandlers<U, R>} on
 * @returns {JobStream}
 */
export function streamJob(body, on) {
  /** @type {{ id: string | null, source: EventSource | null, stopped: boolean, ended: boolean }} */
  const job = { id: null, source: null, stopped: false, ended: false };
  const stop = () => {
    if (job.stopped || job.ended) return;
    job.stopped = true;
    const open = job.source !== null && job.source.readyState === EventSource.OPEN;
    if (job.source) job.source.close();
    if (job.id && !open) cancelByName(job.id);
  };
  const ready = start(body, on, job);
  return { stop, running: () => !job.stopped && !job.ended, ready };
}

/** @param {string} id */
function cancelByName(id) {
  fetch(`/api/jobs/${id}`, { method: "DELETE" }).catch(() => {});
}

/**
 * Ask for the job, then open its stream; the job's id, or null.
 * @template U, R
 * @param {object} body
 * @param {JobHandlers<U, R>} on
 * @param {{ id: string | null, source: EventSource | null, stopped: boolean, ended: boolean }} job
 * @returns {Promise<string | null>}
 */
async function start(body, on, job) {
  /** @type {{ id: string } | null} */
  let started = null;
  for (let attempt = 0; !started; attempt++) {
    try {
      started = await api("/api/jobs", body);
    } catch (error) {
      if (job.stopped) return null;
      const message = messageOf(error);
      if (!message.startsWith("busy") || attempt >= (on.busyRetries ?? 0)) { job.ended = true; on.failed(message); return null; }
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
    }
    if (job.stopped) { if (started) cancelByName(started.id); return null; }
  }
  job.id = started.id;
  const source = job.source = new EventSource(`/api/jobs/${started.id}/events`);
  /** @param {string} name @param {(data: any) => void} handle */
  const listen = (name, handle) => source.addEventListener(name, (e) => {
    if (job.stopped) return;
    if (LAST_EVENTS.includes(name)) { job.ended = true; source.close(); }
    // The browser's "error" event (the connection lost) carries no data; the server's events do.
    handle(e instanceof MessageEvent && e.data ? JSON.parse(e.data) : null);
  });
  const update = on.update;
  if (update) for (const name of ["progress", "frame"]) listen(name, update);
  listen("result", on.result);
  listen("cancelled", on.cancelled);
  listen("error", (data) => on.failed(data ? data.error : null));
  on.opened?.();
  return started.id;
}
