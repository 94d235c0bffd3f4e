// The File tab: the puzzle shown as its puzzle file, to edit (checked by the server as it is
// typed), upload, use, save or share as a link.

import { api, messageOf } from "./api.js";
import { $, button, download, fmt, input, plural, setMessage } from "./dom.js";
import { copyLink, linkFor } from "./links.js";
import { loadPuzzle, draftVerdict, register, selectTab } from "./page.js";

/** @typedef {import("./dom.js").MessageKind} MessageKind */

const text = () => $("file-text", HTMLTextAreaElement);
const upload = () => input("file-upload");

/** @param {string} message @param {MessageKind} kind */
const say = (message, kind) => setMessage($("file-message"), message, kind);

/** The text as a request names its puzzle (an uploaded file's name in messages). */
function fileSpec() {
  return { toml: text().value, source: upload().files?.[0]?.name || "puzzle.toml" };
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let checkTimer;

// The server checks the text a moment after the last key, and says what it makes.
function checkFile() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(async () => {
    try {
      const p = await api("/api/puzzle", { puzzle: fileSpec() });
      say(...draftVerdict(p, `${p.name || "puzzle"}, ${fmt(p.area)} cells, ${plural(p.pieces.length, "piece")}`));
    } catch (error) {
      say(messageOf(error), "bad");
    }
  }, 200);
}

/** Open the tab on `toml`, checked (a link's puzzle that would not load). @param {string} toml */
export function editFile(toml) {
  selectTab("file");
  text().value = toml;
  checkFile();
}

export function setupFile() {
  register("file", { loaded: (p) => { text().value = p.toml; say("", ""); } });
  text().addEventListener("input", checkFile);
  upload().addEventListener("change", async () => {
    const file = upload().files?.[0];
    if (!file) return;
    text().value = await file.text();
    checkFile();
  });
  button("file-use").addEventListener("click", async () => {
    const spec = fileSpec();
    selectTab("solve");
    try { await loadPuzzle(spec); }
    catch (error) { selectTab("file"); say(messageOf(error), "bad"); }
  });
  button("file-download").addEventListener("click", () =>
    download(fileSpec().source, new Blob([text().value], { type: "application/toml" })));
  button("file-link").addEventListener("click", () => copyLink(linkFor({ toml: text().value })));
}
