import type { Message } from "../../core/message.ts";
import type { DisplayRow } from "./display-rows.ts";
import type { LogRow } from "./tool-groups.ts";

/**
 * Heights in px, fitted on the benchmark's generated conversation in a 1280 px wide window (the
 * estimate is within a few pixels there). Narrower windows wrap more; the list measures every
 * row it shows anyway, so the estimate only has to be close: the closer it is, the fewer rows
 * are rendered for nothing and the less the list corrects its scroll position.
 */
const CHARS_PER_LINE = 95;
// A question's actions sit beside its bubble at 1280 px (chat.css), not in a 33 px row under it.
const PLAIN_ROW_PX = 44;
const PLAIN_LINE_PX = 22.5;
const ANSWER_ROW_PX = 93;
const TEXT_LINE_PX = 23;
const CODE_LINE_PX = 22;
const CODE_BLOCK_PX = 60;
const PARAGRAPH_PX = 5;
const TABLE_ROW_PX = 27;
const HEADING_PX = 4;
const TOOL_ROW_PX = 60;
const TOOL_CARD_PX = 40;
const TOOL_GROUP_PX = 44;
const NOTICE_PX = 30;
/** A summary of older messages, folded to one line. */
const SUMMARY_ROW_PX = 48;

function wrapped(length: number): number {
  return Math.max(1, Math.ceil(length / CHARS_PER_LINE));
}

/**
 * Calls `line(start, end)` for each line of `text`. Lines are found with `indexOf`, without
 * making substrings: ten thousand messages are estimated in a few milliseconds.
 */
function eachLine(text: string, line: (start: number, end: number) => void): void {
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    line(start, end);
    start = end + 1;
  }
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

/** Plain text (the user's messages): every line, blank ones included, wrapped. */
function plainPx(text: string): number {
  let lines = 0;
  eachLine(text, (start, end) => {
    lines += wrapped(end - start);
  });
  return PLAIN_ROW_PX + lines * PLAIN_LINE_PX;
}

/** Markdown: text lines, code lines and blocks, paragraphs, table rows and headings. */
function markdownPx(text: string): number {
  let px = ANSWER_ROW_PX;
  let fenced = false;
  let blank = true;
  eachLine(text, (start, end) => {
    if (text.startsWith("```", start)) {
      fenced = !fenced;
      if (fenced) px += CODE_BLOCK_PX;
    } else if (fenced) px += CODE_LINE_PX;
    else if (isBlank(text, start, end)) blank = true;
    else {
      if (blank) px += PARAGRAPH_PX;
      blank = false;
      const first = text.charCodeAt(start);
      if (first === PIPE) px += TABLE_ROW_PX;
      else px += wrapped(end - start) * TEXT_LINE_PX + (first === HASH ? HEADING_PX : 0);
    }
  });
  return px;
}

const PIPE = 124;
const HASH = 35;
const bodies = new WeakMap<Message, number>();

function bodyPx(message: Message): number {
  const known = bodies.get(message);
  if (known !== undefined) return known;
  const px = message.role === "assistant" ? markdownPx(message.content) : plainPx(message.content);
  bodies.set(message, px);
  return px;
}

/** About how tall a message row will be, from its text alone. */
export function estimateRowPx(row: DisplayRow): number {
  const { message } = row;
  const notice = row.status === "interrupted" || row.status === "error" ? NOTICE_PX : 0;
  const cards = row.pendingCalls.length * TOOL_CARD_PX;
  if (message.role === "tool") return TOOL_ROW_PX;
  if (message.summary) return SUMMARY_ROW_PX;
  return Math.round(bodyPx(message) + cards + notice);
}

/** About how tall a row of the log will be: a folded group of tool steps is one line. */
export function estimateLogRowPx(row: LogRow): number {
  return row.kind === "tools" ? TOOL_GROUP_PX : estimateRowPx(row);
}
