import type { JsonObject, JsonValue } from "../core/json.ts";
import { asArray, asString, isObject } from "./json-read.ts";

interface Replacement {
  start: number;
  end: number;
  text: string;
  linked: boolean;
}

/** A Markdown link to an http(s) page, or undefined for any other address. */
function linkTo(url: string | undefined, title: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return undefined;
  const href = parsed.href.replace(
    /[()\s]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const label = (title?.trim() || parsed.hostname).replace(/\s+/g, " ").replace(/[[\]\\]/g, "\\$&");
  return `[${label}](${href})`;
}

function linkOf(source: JsonObject): string | undefined {
  return linkTo(asString(source.url), asString(source.title) ?? asString(source.attribution));
}

/** Where `marker` is in `text`: at `index` as recorded (some exports count from 1), else after `from`. */
function locate(text: string, marker: string, index: JsonValue | undefined, from: number): number {
  if (typeof index === "number")
    for (const at of [index, index - 1, index + 1])
      if (at >= 0 && text.startsWith(marker, at)) return at;
  return text.indexOf(marker, from);
}

/** `content_references`: a marker each, with the pages it cites, or `alt`, what the page shows instead. */
function fromReferences(text: string, references: readonly JsonValue[]): Replacement[] {
  const out: Replacement[] = [];
  let cursor = 0;
  for (const reference of references) {
    if (!isObject(reference)) continue;
    const marker = asString(reference.matched_text);
    if (!marker || marker.trim() === "") continue;
    const sources = asArray(reference.items)?.filter(isObject) ?? [reference];
    const links = sources.flatMap((source) => linkOf(source) ?? []);
    const alt = asString(reference.alt);
    const shown =
      links.length > 0
        ? ` (${links.join(", ")})`
        : alt
          ? alt
          : reference.type === "hidden"
            ? ""
            : undefined;
    if (shown === undefined) continue;
    const start = locate(text, marker, reference.start_idx, cursor);
    if (start === -1) continue;
    cursor = start + marker.length;
    out.push({ start, end: cursor, text: shown, linked: links.length > 0 });
  }
  return out;
}

const MARKER = /【[^【】]{1,80}】/y;

/** The older `citations`: an offset into the text where a `【6†source】` marker stands, and the page. */
function fromCitations(text: string, citations: readonly JsonValue[]): Replacement[] {
  const out: Replacement[] = [];
  for (const citation of citations) {
    if (!isObject(citation) || typeof citation.start_ix !== "number") continue;
    const link = isObject(citation.metadata) ? linkOf(citation.metadata) : undefined;
    if (!link) continue;
    for (const at of [citation.start_ix, citation.start_ix - 1, citation.start_ix + 1]) {
      MARKER.lastIndex = at;
      const found = at >= 0 ? MARKER.exec(text) : null;
      if (found) {
        out.push({ start: at, end: at + found[0].length, text: ` (${link})`, linked: true });
        break;
      }
    }
  }
  return out;
}

/**
 * An answer's text with ChatGPT's citation markers (`【6†source】`, or the newer private-use
 * `cite` tokens) replaced by Markdown links to the pages they cite, as the ChatGPT page shows them
 * as links; markers the page hides are removed, others stay as written. `linked` counts the links.
 */
export function linkCitations(
  text: string,
  metadata: JsonObject,
): { text: string; linked: number } {
  const found = [
    ...fromReferences(text, asArray(metadata.content_references) ?? []),
    ...fromCitations(text, asArray(metadata.citations) ?? []),
  ].sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  let linked = 0;
  for (const replacement of found) {
    if (replacement.start < at) continue;
    const before = out + text.slice(at, replacement.start);
    const shown = /\s$/.test(before) ? replacement.text.trimStart() : replacement.text;
    out = before + shown;
    at = replacement.end;
    if (replacement.linked) linked++;
  }
  return { text: out + text.slice(at), linked };
}
