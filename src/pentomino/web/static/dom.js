// Small helpers on the page's elements that every tab uses: finding an element, a passing
// message, a file to download, numbers as the page writes them.

/**
 * The element `id` of the page, of class `type` (HTMLElement when left out). A page without it,
 * or with another kind of element there, is a bug in index.html: said at once, by name.
 * @template {Element} [T=HTMLElement]
 * @param {string} id
 * @param {{ new (): T, prototype: T }} [type]
 * @returns {T}
 */
export function $(id, type) {
  const node = document.getElementById(id);
  if (!node || !(node instanceof (type || HTMLElement))) throw new Error(`the page has no ${type ? type.name : "element"} #${id}`);
  return /** @type {T} */ (/** @type {unknown} */ (node));
}

/** @param {string} id */
export const input = (id) => $(id, HTMLInputElement);
/** @param {string} id */
export const button = (id) => $(id, HTMLButtonElement);
/** @param {string} id */
export const select = (id) => $(id, HTMLSelectElement);
/** @param {string} id */
export const svg = (id) => $(id, SVGSVGElement);

/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;

/** A line at the bottom of the page for a moment. @param {string} text */
export function toast(text) {
  const t = $("toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 2500);
}

/** @typedef {"good" | "notice" | "bad" | ""} MessageKind */

/** A checked draft's verdict under its form. @param {HTMLElement} node @param {string} text @param {MessageKind} kind */
export function setMessage(node, text, kind) {
  node.textContent = text;
  node.className = `message ${kind}`;
}

/** Save `blob` as the file `name`, as a link to it clicked would. @param {string} name @param {Blob} blob */
export function download(name, blob) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

/** A count as the page writes it: 9,356. @param {number | string} n */
export const fmt = (n) => (typeof n === "string" ? n : Number(n).toLocaleString("en-US"));

/** A count and its noun, which is plural unless the count is 1: "1 piece", "8 symmetries".
 * @param {number} n @param {string} one @param {string} [many] `one` + "s" when left out */
export const plural = (n, one, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`;

/** A count sent as a decimal string (it may pass 2**53), with thousands marked; "–" for none.
 * @param {string | null | undefined} s */
export const fmtBig = (s) => (s == null ? "–" : String(s).replace(/\B(?=(\d{3})+(?!\d))/g, ","));

/** A new SVG element (an `<svg>` unless told otherwise). */
export const newSvg = () => document.createElementNS("http://www.w3.org/2000/svg", "svg");
