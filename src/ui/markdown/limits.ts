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
export const HIGHLIGHT_BUDGET_MS = 1_000;

export type PlainReason = "size" | "nesting" | "delimiters" | "parser";

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

/** Scans outside fenced code: the deepest line and the number of emphasis delimiters. */
export function measure(text: string): { depth: number; delimiters: number } {
  let depth = 0;
  let delimiters = 0;
  let fence: string | null = null;
  for (const line of text.split("\n")) {
    const open = FENCE.exec(line);
    if (fence !== null) {
      if (open && open[1]?.[0] === fence[0] && (open[1]?.length ?? 0) >= fence.length) fence = null;
      continue;
    }
    if (open?.[1]) {
      fence = open[1];
      continue;
    }
    depth = Math.max(depth, lineDepth(line));
    for (const ch of line) if (ch === "*" || ch === "_" || ch === "~") delimiters += 1;
  }
  return { depth, delimiters };
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
  const { depth, delimiters } = measure(content);
  if (depth > MAX_NESTING) return { mode: "plain", text: content, reason: "nesting" };
  if (delimiters > MAX_DELIMITERS) return { mode: "plain", text: content, reason: "delimiters" };
  return { mode: "markdown", text: content };
}
