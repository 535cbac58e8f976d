// The position editor: fourteen pits, the captured seeds, the side to
// move and the pit-7 flags; the total is checked as the person types, the
// position string is judged by the room.

import { el, find, LETTERS } from "../util.js";
import { tell } from "../i18n.js";

/** @typedef {import("../room.js").AnalysisView} AnalysisView */

/** The counted fields: the pits, then the captured seeds. */
const COUNTS = [...LETTERS, "captured-south", "captured-north"];

/** Every variant has this many seeds. */
const SEEDS = 70;

/** The editor, built into [data-testid=editor-grid].
 *  @param {{onApply: (position: string) => void}} handlers */
export function createEditor({ onApply }) {
  const grid = find("[data-testid=editor-grid]", HTMLElement);
  const details = find("[data-testid=editor]", HTMLDetailsElement);
  const out = find("[data-testid=editor-total]", HTMLElement);
  const apply = find("[data-testid=editor-apply]", HTMLButtonElement);
  /** @type {Record<string, HTMLInputElement>} */
  const inputs = {};
  /** @param {string} key */
  const number = (key) => {
    const input = el("input", { type: "number", min: "0", max: "70", step: "1", inputmode: "numeric", "data-edit": key });
    input.addEventListener("input", total);
    inputs[key] = input;
    return input;
  };
  for (const [side, letters] of [
    ["north", "gfedcba"],
    ["south", "ABCDEFG"],
  ]) {
    grid.append(pitRow(side, letters, number));
  }
  const extra = el("div", { class: "editor-row" });
  for (const side of ["south", "north"]) {
    const cell = el("label", { class: "editor-pit wide" });
    const name = el("span", {});
    tell(name, "editor-captured", { side });
    cell.append(name, number(`captured-${side}`));
    extra.append(cell);
  }
  const toMove = el("select", { "data-edit": "side" });
  for (const [value, side] of [
    ["s", "south"],
    ["n", "north"],
  ]) {
    const option = el("option", { value });
    tell(option, "editor-to-move", { side });
    toMove.append(option);
  }
  extra.append(toMove);
  for (const side of ["south", "north"]) {
    const box = el("input", { type: "checkbox", "data-edit": `unplayed-${side}` });
    const label = el("label", { class: "check" });
    const text = el("span", {});
    tell(text, "editor-unplayed", { side });
    label.append(box, " ", text);
    inputs[`unplayed-${side}`] = box;
    extra.append(label);
  }
  grid.append(extra);
  apply.addEventListener("click", () => onApply(editedPosition()));

  /** The editor's fields as a position string (as typed: the room
   *  explains any bad count). */
  function editedPosition() {
    const row = (/** @type {string} */ letters) => [...letters].map((l) => inputs[l].value.trim() || "0").join(",");
    const flags =
      (inputs["unplayed-south"].checked ? "G" : "") + (inputs["unplayed-north"].checked ? "g" : "") || "-";
    return `${row("ABCDEFG")}/${row("abcdefg")} ${toMove.value} ${inputs["captured-south"].value.trim() || "0"} ${
      inputs["captured-north"].value.trim() || "0"
    } ${flags}`;
  }

  /** The first count that is not a whole number of seeds (0–70), if any. */
  function badCount() {
    return COUNTS.find((k) => {
      const text = inputs[k].value.trim();
      return text !== "" && !/^[0-9]+$/.test(text);
    });
  }

  function total() {
    const sum = COUNTS.reduce((acc, k) => acc + (Number(inputs[k].value) || 0), 0);
    const bad = badCount();
    out.dataset.total = String(sum);
    out.classList.toggle("bad", sum !== SEEDS || bad !== undefined);
    apply.disabled = bad !== undefined;
    if (bad !== undefined) {
      const captured = bad.startsWith("captured");
      tell(out, "editor-bad-count", {
        text: inputs[bad].value.trim(),
        what: captured ? "captured" : "pit",
        side: captured ? bad.slice(9) : "",
        pit: captured ? "" : bad,
      });
      return;
    }
    const state = sum === SEEDS ? "ok" : sum < SEEDS ? "short" : "over";
    tell(out, "editor-total", { total: sum, state, diff: Math.abs(SEEDS - sum) });
  }

  /** The board's position in the fields, unless the person is editing.
   *  @param {AnalysisView} v */
  function fill(v) {
    if (details.open) return;
    v.pits.forEach((n, i) => {
      inputs[LETTERS[i]].value = String(n);
    });
    inputs["captured-south"].value = String(v.captured[0]);
    inputs["captured-north"].value = String(v.captured[1]);
    const fields = v.position.split(" ");
    toMove.value = fields[1];
    inputs["unplayed-south"].checked = fields[4].includes("G");
    inputs["unplayed-north"].checked = fields[4].includes("g");
    total();
  }

  return { fill };
}

/** One row of seven pits, whatever the width (it wrapped one pit at
 *  1280 px), named by its side.
 *  @param {string} side @param {string} letters
 *  @param {(key: string) => HTMLInputElement} number a counted field */
function pitRow(side, letters, number) {
  const row = el("div", { class: "editor-row pits" }, "");
  const name = el("span", { class: "editor-label" });
  tell(name, "side-name", { side });
  row.append(name);
  for (const l of letters) {
    const cell = el("label", { class: "editor-pit" });
    cell.append(el("span", { "data-l10n-none": "" }, l), number(l));
    row.append(cell);
  }
  return row;
}
