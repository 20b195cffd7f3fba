/**
 * Limits that keep one hostile message from freezing or crashing the page.
 * Above MARKDOWN_MAX_CHARS a message is shown as plain text; above DISPLAY_MAX_CHARS it is cut.
 * Deeper container nesting than MAX_NESTING (quotes, lists, indentation) and more emphasis
 * delimiters than MAX_DELIMITERS make the Markdown parser slow or overflow its stack, so such
 * messages are shown as plain text too. Measurements behind the numbers: `docs/markdown.md`.
 */
export const MARKDOWN_MAX_CHARS = 60_000;
export const DISPLAY_MAX_CHARS = 300_000;
export const MAX_NESTING = 24;
export const MAX_DELIMITERS = 3_000;
/**
 * highlight.js is quadratic on a long identifier: TypeScript takes about 0.5 s over `a` × 10,000
 * (2 s over 20,000), C, C++ and Java about 0.3 s. A block may take HIGHLIGHT_BUDGET_MS in the
 * worker before it is shown plain.
 */
export const HIGHLIGHT_MAX_CHARS = 10_000;
/**
 * Table cells in one message, header cells included. Chromium takes 30 to 50 µs a cell to build
 * and lay out a table (2,500 cells: 100 to 180 ms on a quiet machine, up to 500 ms on a busy
 * one; 14,700 columns: 0.7 to 3 s). Counted by the scan, before the parser: marked alone took
 * 120 ms over 14,700 columns.
 */
export const MAX_TABLE_CELLS = 1_500;
export const HIGHLIGHT_BUDGET_MS = 1_000;

export type PlainReason = "size" | "nesting" | "delimiters" | "table" | "parser";

export type RenderPlan =
  | { mode: "markdown"; text: string }
  | { mode: "plain"; text: string; reason: PlainReason; truncatedFrom?: number };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const CONTAINER = /^[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/;

function indentWidth(line: string): number {
  let width = 0;
  for (const ch of line) {
    if (ch === " ") width += 1;
    else if (ch === "\t") width += 4;
    else break;
  }
  return width;
}

/** An estimate of how deeply a line is nested: container markers plus indentation in steps of two. */
export function lineDepth(line: string): number {
  let rest = line;
  let markers = 0;
  let indent = 0;
  for (;;) {
    const match = CONTAINER.exec(rest);
    if (!match) break;
    indent += indentWidth(rest);
    markers += 1;
    rest = rest.slice(match[0].length);
    if (markers > MAX_NESTING) return markers;
  }
  return markers + Math.floor((indent + indentWidth(rest)) / 2);
}

/** The number of columns when the line is a table's delimiter row (`| --- | :-: |`), else 0. */
export function delimiterColumns(line: string): number {
  const row = line.trim();
  if (!row.includes("|") || !row.includes("-")) return 0;
  const cells = row.replace(/^\|/, "").replace(/\|$/, "").split("|");
  for (const cell of cells) if (!/^[ \t]*:?-+:?[ \t]*$/.test(cell)) return 0;
  return cells.length;
}

function withoutContainers(line: string): string {
  let rest = line;
  for (let i = 0; i <= MAX_NESTING; i++) {
    const match = CONTAINER.exec(rest);
    if (!match) break;
    rest = rest.slice(match[0].length);
  }
  return rest;
}

/**
 * Scans outside fenced code: the deepest line, the number of emphasis delimiters, and the cells
 * of tables (a delimiter row under a line of text, then rows up to a blank line; rows are
 * counted at the table's width, as the parser fills them).
 */
export function measure(text: string): { depth: number; delimiters: number; tableCells: number } {
  let depth = 0;
  let delimiters = 0;
  let tableCells = 0;
  let columns = 0;
  let afterText = false;
  let fence: string | null = null;
  for (const line of text.split("\n")) {
    const open = FENCE.exec(line);
    if (fence !== null) {
      if (open && open[1]?.[0] === fence[0] && (open[1]?.length ?? 0) >= fence.length) fence = null;
      continue;
    }
    if (open?.[1]) {
      fence = open[1];
      columns = 0;
      afterText = false;
      continue;
    }
    depth = Math.max(depth, lineDepth(line));
    for (const ch of line) if (ch === "*" || ch === "_" || ch === "~") delimiters += 1;
    const content = withoutContainers(line);
    const blank = content.trim() === "";
    if (blank) columns = 0;
    else if (columns > 0) tableCells += columns;
    else if (afterText) {
      columns = delimiterColumns(content);
      tableCells += columns;
    }
    afterText = !blank;
  }
  return { depth, delimiters, tableCells };
}

/** Decides how a message is shown: as Markdown, or as plain text with the reason. */
export function planRender(content: string): RenderPlan {
  if (content.length > DISPLAY_MAX_CHARS) {
    return {
      mode: "plain",
      text: content.slice(0, DISPLAY_MAX_CHARS),
      reason: "size",
      truncatedFrom: content.length,
    };
  }
  if (content.length > MARKDOWN_MAX_CHARS) return { mode: "plain", text: content, reason: "size" };
  const { depth, delimiters, tableCells } = measure(content);
  if (depth > MAX_NESTING) return { mode: "plain", text: content, reason: "nesting" };
  if (delimiters > MAX_DELIMITERS) return { mode: "plain", text: content, reason: "delimiters" };
  if (tableCells > MAX_TABLE_CELLS) return { mode: "plain", text: content, reason: "table" };
  return { mode: "markdown", text: content };
}
