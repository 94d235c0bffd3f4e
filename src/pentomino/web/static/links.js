// The page's links: the hash names the puzzle (#puzzle=5x12, or a puzzle file's text as
// #toml=<base64url>), a calendar's date or the labels left open (&date=2026-11-26, &open=Nov+26:
// labels have no spaces) and, for the Play tab, a position (&play=<base64url of its placements
// as JSON>; &play= alone opens the tab with nothing placed).

import { toast } from "./dom.js";
import { isPlacementList } from "./placement.js";

/** @typedef {import("./api.js").PuzzleSpec} PuzzleSpec */
/** @typedef {import("./placement.js").Placement} Placement */

/** UTF-8 text as base64url, without padding. @param {string} text */
function toBase64url(text) {
  let bin = "";
  new TextEncoder().encode(text).forEach((b) => { bin += String.fromCharCode(b); });
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The UTF-8 text that `code` (base64url) holds; throws if it holds none. @param {string} code */
function fromBase64url(code) {
  const bytes = Uint8Array.from(atob(code.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The hash's parameters. */
const hashParams = () => new URLSearchParams(location.hash.slice(1));

/**
 * The puzzle the link names, or null if none; `unreadable` hears of a puzzle file that could
 * not be read from it.
 * @param {(message: string) => void} unreadable
 * @returns {PuzzleSpec | null}
 */
export function specFromHash(unreadable) {
  const params = hashParams();
  /** @type {import("./api.js").Opening} */
  const opening = {};
  const date = params.get("date"), open = params.get("open");
  if (date) opening.date = date;
  else if (open) opening.open = open.split(" ").filter(Boolean);
  const toml = params.get("toml");
  if (toml) {
    try {
      return { toml: fromBase64url(toml), source: params.get("source") || "shared.toml", ...opening };
    } catch { unreadable("the link's puzzle could not be read"); }
  }
  const name = params.get("puzzle");
  return name ? { name, ...opening } : null;
}

/** The link that opens `spec`; `extra`: more of the hash's parameters (a play position's).
 * @param {PuzzleSpec} spec @param {Record<string, string>} [extra] */
export function linkFor(spec, extra = {}) {
  const url = new URL(location.href);
  /** @type {Record<string, string>} */
  let params;
  if ("name" in spec) params = { puzzle: spec.name };
  else if ("toml" in spec) params = { toml: toBase64url(spec.toml) };
  else throw new Error("a drawn design has no link: write it out as a puzzle file first");
  if (spec.date) params.date = spec.date;
  else if (spec.open) params.open = spec.open.join(" ");
  url.hash = new URLSearchParams({ ...params, ...extra }).toString();
  return url.toString();
}

/** A play position as a link's text: its placements, as JSON ([{piece, cells}, ...], what the
 * play endpoints read), in base64url. @param {Placement[]} placements */
export const positionText = (placements) => toBase64url(JSON.stringify(placements));

/**
 * The play position a link carries: null if none, [] for the Play tab with nothing placed.
 * Links written before placements were {piece, cells} hold [piece, cells] pairs: read too.
 * @param {(message: string) => void} unreadable hears why a position could not be read
 * @returns {Placement[] | null}
 */
export function playFromHash(unreadable) {
  const params = hashParams();
  const text = params.get("play");
  if (text === null) return null;
  if (!text) return [];
  try {
    const value = JSON.parse(fromBase64url(text));
    const pairs = Array.isArray(value) && value.every((p) => Array.isArray(p) && typeof p[0] === "string" && Array.isArray(p[1]));
    const placements = pairs ? value.map(([piece, cells]) => ({ piece, cells })) : value;
    if (!isPlacementList(placements)) throw new Error("the link's position could not be read");
    return placements;
  } catch (error) {
    unreadable(error instanceof Error ? error.message : String(error));
    return [];
  }
}

/** Put `link` in the address bar and on the clipboard (or ask the person to copy it from there).
 * @param {string} link */
export async function copyLink(link) {
  history.replaceState(null, "", link);
  try { await navigator.clipboard.writeText(link); toast("link copied"); }
  catch { toast("copy this link from the address bar"); }
}
