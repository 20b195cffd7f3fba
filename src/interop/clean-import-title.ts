import { cleanTitle } from "../core/title.ts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const SCRIPT_BLOCK = /<(script|style|iframe|object|embed)\b[\s\S]*?(<\/\1\s*>|$)/gi;
const TAG = /<\/?[a-zA-Z!][^<>]*>/g;

/**
 * A title from a file as the sidebar may show it: control characters and HTML tags (with the
 * bodies of script-like elements) removed, whitespace collapsed, cut to the codec's length.
 */
export function cleanImportTitle(raw: string): string {
  return cleanTitle(raw.replace(CONTROL, " ").replace(SCRIPT_BLOCK, " ").replace(TAG, " "));
}
