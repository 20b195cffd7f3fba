import type { ImportNotes } from "./import-note.ts";
import { fenced } from "./markdown-blocks.ts";

const ESCAPES: Readonly<Record<string, string>> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#x27;": "'",
};

/** Open WebUI escapes these five characters inside the blocks it writes into an answer. */
function unescapeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => ESCAPES[entity] ?? entity);
}

const DETAILS =
  /<details type="([\w-]+)"[^>]*>\s*(?:<summary>[\s\S]*?<\/summary>)?([\s\S]*?)<\/details>\s*/g;

/**
 * An Open WebUI answer's text as Parley shows it. Open WebUI writes what happened besides the
 * answer into its text as `<details type="…">` blocks, which Parley would show as raw markup:
 * reasoning (`reasoning`, `thinking`) is left out and counted, and what a tool or code run
 * returned is kept as fenced code.
 */
export function openWebUiText(content: string, notes: ImportNotes): string {
  return content
    .replace(DETAILS, (_block, type: string, body: string) => {
      if (type === "reasoning" || type === "thinking") {
        notes.add("thinking-left-out");
        return "";
      }
      notes.add("code-fenced");
      return `${fenced(unescapeHtml(body.trim()))}\n\n`;
    })
    .trim();
}
