import { cleanTitle } from "../core/title.ts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const HAS_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A title from another app's file: control characters become spaces, whitespace is collapsed,
 * and it is cut to the codec's length. Markup is kept as written: titles are rendered as text,
 * never as HTML, so "Why does <div> collapse?" stays what the person asked.
 */
export function cleanImportTitle(raw: string): string {
  return cleanTitle(raw.replace(CONTROL, " "));
}

/**
 * A title from a Parley file: kept byte for byte unless it holds control characters (Parley
 * never writes them), which are then removed as for other apps.
 */
export function cleanNativeTitle(title: string): string {
  return HAS_CONTROL.test(title) ? cleanImportTitle(title) : title;
}
