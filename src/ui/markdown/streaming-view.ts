import type { Token } from "marked";
import { planRender } from "./limits.ts";
import type { MarkdownView } from "./markdown-view.ts";
import { parseMarkdown } from "./parse.ts";

/** What the last parse of a growing text left: its tokens and the text they were parsed from. */
export interface StreamingParse {
  text: string;
  view: MarkdownView;
}

/** Where the blocks that can still change begin: the last block that is not blank space. */
function tailStart(tokens: readonly Token[]): number {
  for (let i = tokens.length - 1; i >= 0; i--) if (tokens[i]?.type !== "space") return i;
  return 0;
}

/**
 * The view of an answer that is still being written, given the previous parse of its start.
 * Only its last block is parsed again: the blocks before it keep their tokens (the same objects,
 * so their elements are not built again), as text appended after a finished block cannot change
 * it. A link definition could (a reference before it), so a text that has one is parsed whole,
 * as is any text that does not extend the previous one.
 */
export function streamingMarkdownView(text: string, previous: StreamingParse | null): MarkdownView {
  const plan = planRender(text);
  if (plan.mode === "plain") return plan;
  const before = previous?.view.mode === "markdown" ? previous.view.tokens : null;
  if (before && previous && plan.text.startsWith(previous.text)) {
    const cut = tailStart(before);
    const kept = before.slice(0, cut);
    if (!kept.some((t) => t.type === "def")) {
      const offset = kept.reduce((sum, t) => sum + t.raw.length, 0);
      if (previous.text.slice(0, offset) === kept.map((t) => t.raw).join("")) {
        const tail = parseMarkdown(plan.text.slice(offset));
        if (tail && !tail.some((t) => t.type === "def")) {
          return { mode: "markdown", tokens: [...kept, ...tail] };
        }
      }
    }
  }
  const tokens = parseMarkdown(plan.text);
  return tokens ? { mode: "markdown", tokens } : { mode: "plain", text, reason: "parser" };
}
