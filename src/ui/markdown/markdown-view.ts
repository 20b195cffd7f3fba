import type { Token } from "marked";
import { type PlainReason, planRender } from "./limits.ts";
import { parseMarkdown } from "./parse.ts";

/** What a message shows: its Markdown tokens, or plain text and why. */
export type MarkdownView =
  | { mode: "markdown"; tokens: Token[] }
  | { mode: "plain"; text: string; reason: PlainReason; truncatedFrom?: number };

/**
 * Parsed finished messages, by text, most recently used last: a row that scrolls back into view
 * (a new component) is not parsed again. Small, so its tokens never weigh much.
 */
const CACHE_SIZE = 150;
const cache = new Map<string, MarkdownView>();

export function markdownView(text: string): MarkdownView {
  const plan = planRender(text);
  if (plan.mode === "plain") return plan;
  const tokens = parseMarkdown(plan.text);
  return tokens ? { mode: "markdown", tokens } : { mode: "plain", text, reason: "parser" };
}

/** The view of a text that no longer changes (a finished message), parsed once while it is used. */
export function cachedMarkdownView(text: string): MarkdownView {
  const hit = cache.get(text);
  if (hit) {
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const view = markdownView(text);
  cache.set(text, view);
  if (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return view;
}
