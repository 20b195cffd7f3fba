/** Longest title derived from a message, in characters (code points). */
export const DERIVED_TITLE_LENGTH = 60;

/** Longest title a session may carry, in characters; the codec rejects longer ones. */
export const MAX_TITLE_LENGTH = 200;

/** A sidebar title from the first user message: its first non-empty line, whitespace collapsed, Markdown marks removed, cut with "…". */
export function deriveTitle(text: string): string {
  return shortTitle(plainLine(firstLine(text)));
}

// A line's Markdown in the shapes a first message uses, in one pattern: a block's mark, a link
// or image (its text kept), a span of emphasis, strike or code (its text kept). A single `*` or
// `_` inside a word (`2*3*4`, `snake_case`) is no mark. Hand-written rather than a Markdown
// parser: titles are derived in the initial script, where marked (49 kB) breaks its budget.
const MARKUP =
  /^(?:>[>\s]*|#{1,6}\s+|(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?)|!?\[([^\]]*)\]\([^)]*\)|(\*\*|~~|`+|(?<![\p{L}\p{N}])(?:__?|\*))(?=\S)(.*?\S)\2/gu;

/** `line` as read, not as typed: without heading, quote and list marks, emphasis, code ticks and link targets. */
export function plainLine(line: string): string {
  const text = line.replace(MARKUP, "$1$3").replace(MARKUP, "$1$3").trim();
  return text === "" ? line : text;
}

/** The first non-empty line of `text`, whitespace collapsed. */
export function firstLine(text: string): string {
  return (
    text
      .split(/\r?\n/)
      .map((l) => l.replace(/\s+/g, " ").trim())
      .find((l) => l.length > 0) ?? ""
  );
}

/** `line` cut to {@link DERIVED_TITLE_LENGTH} characters at a character boundary, with "…". */
export function shortTitle(line: string): string {
  const chars = Array.from(line);
  if (chars.length <= DERIVED_TITLE_LENGTH) return line;
  return `${chars
    .slice(0, DERIVED_TITLE_LENGTH - 1)
    .join("")
    .trimEnd()}…`;
}

/** A title the user typed, trimmed and cut to {@link MAX_TITLE_LENGTH}. */
export function cleanTitle(title: string): string {
  const chars = Array.from(title.replace(/\s+/g, " ").trim());
  return chars.length <= MAX_TITLE_LENGTH
    ? chars.join("")
    : chars.slice(0, MAX_TITLE_LENGTH).join("");
}
