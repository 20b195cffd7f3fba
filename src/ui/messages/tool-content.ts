import { prettyJson } from "./format.ts";

/** Characters of a tool's arguments or result shown before "Show all". */
export const TOOL_SHOWN_CHARS = 4000;
/** Longer texts are shown as they are: parsing megabytes to indent them would stall the page. */
const PRETTY_MAX_CHARS = 200_000;

export interface ToolContent {
  text: string;
  /** The length of the whole text, when `text` is only its beginning. */
  clippedFrom?: number;
}

/** The text to show for a tool's arguments or result: indented JSON, cut to `limit` characters. */
export function toolContent(raw: string, limit: number | null = TOOL_SHOWN_CHARS): ToolContent {
  const text = raw.length <= PRETTY_MAX_CHARS ? prettyJson(raw) : raw;
  if (limit === null || text.length <= limit) return { text };
  return { text: text.slice(0, limit), clippedFrom: text.length };
}
