import { firstLine, plainLine, shortTitle } from "./title.ts";

// What models put around a title they were asked for: a label, Markdown marks, quotes, and a
// full stop. A question mark or an exclamation is the title's own and stays.
const LABEL = /^(?:title|标题)\s*[:：]\s*/iu;
const QUOTES: ReadonlyArray<readonly [string, string]> = [
  ['"', '"'],
  ["'", "'"],
  ["“", "”"],
  ["‘", "’"],
  ["«", "»"],
  ["「", "」"],
  ["『", "』"],
  ["《", "》"],
];
const TRAILING = /[\s.。,，;；:：、]+$/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (but line breaks) are what this removes
const CONTROL = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/gu;

function unquoted(text: string): string {
  for (const [open, close] of QUOTES) {
    const inner = text.slice(open.length, -close.length);
    if (text.length > 2 && text.startsWith(open) && text.endsWith(close) && !inner.includes(close))
      return inner.trim();
  }
  return text;
}

/**
 * A title from a model's answer to the title request (untrusted text): its first line, control
 * characters removed, without a `Title:` label, Markdown marks (as a derived title), surrounding quotes or a closing
 * full stop, cut as a derived title is. Empty when nothing is left.
 */
export function cleanGeneratedTitle(answer: string): string {
  const line = plainLine(firstLine(answer.replace(CONTROL, " ")).replace(LABEL, ""));
  return shortTitle(unquoted(line.replace(TRAILING, "")).replace(TRAILING, ""));
}

/**
 * The title to store from a model's `answer`, or null to keep `fallback` (the first line of the
 * first message): when nothing is left of the answer, or it is that line again, which stays as
 * it was typed.
 */
export function titleFromAnswer(answer: string, fallback: string): string | null {
  const title = cleanGeneratedTitle(answer);
  if (title === "" || title === cleanGeneratedTitle(fallback)) return null;
  return title;
}
