// The rules panel: docs/rules.md itself (served as `rules.md` by songo gui
// and copied into the static site), read when the panel is first opened
// and drawn with a small reader of the Markdown that file uses: headings,
// paragraphs, lists, tables, code blocks, **bold**, *italics* and `code`.
// Elements are built with textContent only: nothing in the file can become
// markup or script.

import { $, el } from "./util.js";
import { tell } from "./i18n.js";

/** Inline marks of one line of text, as nodes. */
function inline(text) {
  const nodes = [];
  const mark = /(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`)/g;
  let at = 0;
  for (const m of text.matchAll(mark)) {
    if (m.index > at) nodes.push(document.createTextNode(text.slice(at, m.index)));
    const t = m[0];
    if (t.startsWith("**")) nodes.push(el("strong", {}, t.slice(2, -2)));
    else if (t.startsWith("`")) nodes.push(el("code", {}, t.slice(1, -1)));
    else nodes.push(el("em", {}, t.slice(1, -1)));
    at = m.index + t.length;
  }
  if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}

const withText = (tag, text) => {
  const e = el(tag);
  e.append(...inline(text));
  return e;
};

/** The Markdown of docs/rules.md as elements. */
export function renderMarkdown(markdown) {
  const lines = markdown.replace(/\r\n/g, "\n").split("\n");
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === "") {
      i += 1;
    } else if (line.startsWith("```")) {
      const code = [];
      for (i += 1; i < lines.length && !lines[i].startsWith("```"); i += 1) code.push(lines[i]);
      i += 1;
      out.push(el("pre", {}, code.join("\n")));
    } else if (/^#{1,4} /.test(line)) {
      const level = line.indexOf(" ");
      // The page's own headings are h1–h2: the rules' start at h3.
      out.push(withText(`h${Math.min(level + 2, 6)}`, line.slice(level + 1)));
      i += 1;
    } else if (line.startsWith("|")) {
      const table = el("table");
      for (let row = 0; i < lines.length && lines[i].startsWith("|"); i += 1, row += 1) {
        const cells = lines[i].split("|").slice(1, -1).map((c) => c.trim());
        if (cells.every((c) => /^-+$/.test(c))) continue; // the header's rule
        const tr = el("tr");
        for (const c of cells) tr.append(withText(row === 0 ? "th" : "td", c));
        table.append(tr);
      }
      out.push(table);
    } else if (/^(- |\d+\. )/.test(line)) {
      const ordered = /^\d+\. /.test(line);
      const list = el(ordered ? "ol" : "ul");
      while (i < lines.length && /^(- |\d+\. )/.test(lines[i])) {
        let item = lines[i].replace(/^(- |\d+\. )/, "");
        // Continuation lines are indented.
        for (i += 1; i < lines.length && /^ {2,}\S/.test(lines[i]); i += 1) item += ` ${lines[i].trim()}`;
        list.append(withText("li", item));
      }
      out.push(list);
    } else {
      let text = line;
      for (i += 1; i < lines.length && lines[i].trim() !== "" && !/^(#|- |\d+\. |\||```)/.test(lines[i]); i += 1) {
        text += ` ${lines[i].trim()}`;
      }
      out.push(withText("p", text));
    }
  }
  return out;
}

export function initRules() {
  const panel = $("[data-testid=rules]");
  const body = $("[data-testid=rules-text]");
  panel.addEventListener("toggle", async () => {
    if (!panel.open || body.dataset.loaded === "true") return;
    try {
      const response = await fetch("rules.md");
      if (!response.ok) throw new Error(`status ${response.status}`);
      body.replaceChildren(...renderMarkdown(await response.text()));
      // The technical rules are written in English only.
      body.lang = "en";
      body.dataset.loaded = "true";
    } catch (error) {
      console.error(error);
      const p = document.createElement("p");
      tell(p, "rules-not-loaded");
      body.replaceChildren(p);
    }
  });
}
